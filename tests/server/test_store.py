"""The stores on both databases: a table's writes go from the version their writer saw to the next, a stale one is
refused whole; upserts, case-blind names and partial loads behave the same on SQLite and PostgreSQL."""

from __future__ import annotations

import contextlib

import pytest

from cardtable.store import AccountStore, StaleWrite, StoredTable, open_store



def new_table(store, table_id: str = "t1") -> None:
    store.create_table(StoredTable(table_id, "mojo", 2, {}, 7, [{"kind": "human"}, {"kind": "human"}], {}, 1.0)).result()


def test_a_write_from_a_stale_version_is_refused_whole(db):
    with contextlib.closing(open_store(str(db))) as store:
        new_table(store)
        action = {"type": "pass"}
        store.write("t1", 0, store.action_statement("t1", 0, 0, action)).result()
        with pytest.raises(StaleWrite):  # another writer also started from version 0
            store.write("t1", 0, store.action_statement("t1", 1, 1, action) + store.token_statement("t1", 1, "h")).result()
        stored = store.load_table("t1")
        assert stored is not None and stored.version == 1 and stored.actions == [(0, action)]
        assert stored.token_hashes == {}  # nothing of the refused write is kept
        store.write("t1", 1, store.token_statement("t1", 1, "h") + store.token_statement("t1", 1, "h2")).result()
        later = store.load_table("t1", actions_from=1)
        assert later is not None and later.version == 2 and later.token_hashes == {1: "h2"} and later.actions == []
        assert store.versions() == {"t1": 2} and store.version_of("t1") == 2 and store.version_of("nope") is None


def test_an_undo_is_counted_and_cuts_the_actions(db):
    with contextlib.closing(open_store(str(db))) as store:
        new_table(store)
        for n in range(3):
            store.write("t1", n, store.action_statement("t1", n, n % 2, {"n": n})).result()
        store.write("t1", 3, store.truncation("t1", 1, 5.0) + store.clock_statement("t1", {"x": 1})).result()
        stored = store.load_table("t1")
        assert stored is not None
        assert (stored.actions, stored.truncations, stored.clock, stored.version) == ([(0, {"n": 0})], 1, {"x": 1}, 4)
        assert [t.truncations for t in store.load_all()] == [1]


def test_names_are_unique_without_regard_to_case_on_either_database(db):
    with contextlib.closing(open_store(str(db))) as store:
        accounts = AccountStore(store)
        accounts.create("Anna", "hash", 1.0).result()
        with pytest.raises(Exception) as taken:
            accounts.create("aNNA", "hash", 2.0).result()
        assert accounts.is_name_taken(taken.value)
        found = accounts.find("ANNA")
        assert found is not None and found[0].name == "Anna"
        assert accounts.secret("csrf") == accounts.secret("csrf")
