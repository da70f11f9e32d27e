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


def test_a_rating_is_written_only_from_the_one_it_was_computed_from(db):
    from cardtable.store.ratings import Rating, RatingStore

    with contextlib.closing(open_store(str(db))) as store:
        ratings = RatingStore(store)
        for table_id in ("t1", "t2", "t3"):
            new_table(store, table_id)
        ratings.record("mojo", "t1", [Rating("account:1", "Ann", 26.0, 8.0, 1)], 1.0).result()
        # Two processes rate tables t2 and t3 from Ann's rating after one game: the first one wins, the second is
        # refused whole (its table stays unrated) and would be computed again
        ratings.record("mojo", "t2", [Rating("account:1", "Ann", 27.0, 7.5, 2)], 2.0).result()
        with pytest.raises(StaleWrite):
            ratings.record("mojo", "t3", [Rating("account:1", "Ann", 24.0, 7.5, 2)], 3.0).result()
        assert ratings.of("mojo", ["account:1"])["account:1"].mu == 27.0
        assert ratings.is_rated("t2") and not ratings.is_rated("t3")
        with pytest.raises(Exception):  # a player "new" to both: the second insert meets the first's key
            ratings.record("mojo", "t3", [Rating("account:1", "Ann", 24.0, 7.5, 1)], 3.0).result()
        with pytest.raises(Exception):  # and a table is rated once
            ratings.record("mojo", "t2", [Rating("account:1", "Ann", 28.0, 7.0, 3)], 4.0).result()
