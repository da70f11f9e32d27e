"""The `cardtable` command."""
