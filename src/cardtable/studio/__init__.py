"""The designer's workbench: workspaces of data files with versions (``workspace``), and later the ``/studio``
pages of the web server. Game-agnostic: a game takes part through its ``workbench`` module (the engine registry
finds it), and nothing here reaches into a game."""
