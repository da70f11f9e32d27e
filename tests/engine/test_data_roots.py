"""Where data files are looked for (engine.data_roots): a workspace's first, then the packaged ones, then the user
folder; ``using_workspace`` overrides the environment, ``None`` meaning no workspace at all."""

from __future__ import annotations

import pytest

from cardtable.engine.data_roots import (WORKSPACE_ENV, search_folders, using_workspace, workspace_digest,
                                         workspace_root)
from cardtable.games.mitosz.data import load_set


@pytest.fixture(autouse=True)
def _no_workspace_in_the_environment(monkeypatch):
    monkeypatch.delenv(WORKSPACE_ENV, raising=False)
    monkeypatch.delenv("CARDTABLE_DATA_DIR", raising=False)


def test_the_workspace_comes_before_the_packaged_files_and_the_user_folder(tmp_path, monkeypatch):
    packaged = tmp_path / "packaged"
    assert search_folders("toy", packaged) == [(packaged, "packaged")]
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "user"))
    with using_workspace(tmp_path / "ws"):
        assert search_folders("toy", packaged) == [(tmp_path / "ws" / "toy", "workspace"), (packaged, "packaged"),
                                                   (tmp_path / "user" / "toy", "user")]


def test_using_no_workspace_overrides_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(WORKSPACE_ENV, str(tmp_path))
    assert workspace_root() == tmp_path
    with using_workspace(None):
        assert workspace_root() is None
        with using_workspace(tmp_path / "inner"):
            assert workspace_root() == tmp_path / "inner"
        assert workspace_root() is None
    assert workspace_root() == tmp_path


def test_a_workspace_copy_of_a_packaged_set_is_the_one_loaded(tmp_path):
    from cardtable.games.mitosz.data import PACKAGED_DIR

    text = (PACKAGED_DIR / "smp.yaml").read_text(encoding="utf-8")
    (tmp_path / "mitosz").mkdir()
    at = text.index("power_points: 2", text.index("id: SMP-031"))
    (tmp_path / "mitosz" / "smp.yaml").write_text(text[:at] + "power_points: 7" + text[at + 15:], encoding="utf-8")

    def cityfolk_points() -> int:
        return next(c.power_points for c in load_set("smp").cards if c.id == "SMP-031")

    assert cityfolk_points() == 2
    with using_workspace(tmp_path):
        assert cityfolk_points() == 7
    assert cityfolk_points() == 2  # and the packaged file is as it was
    assert (PACKAGED_DIR / "smp.yaml").read_text(encoding="utf-8") == text


def test_the_digest_follows_the_files_names_and_contents(tmp_path):
    empty = workspace_digest("mitosz", tmp_path)
    (tmp_path / "mitosz").mkdir()
    (tmp_path / "mitosz" / "deck-x.yaml").write_text("a: 1\n", encoding="utf-8")
    one = workspace_digest("mitosz", tmp_path)
    (tmp_path / "mitosz" / "deck-x.yaml").write_text("a: 2\n", encoding="utf-8")
    assert len({empty, one, workspace_digest("mitosz", tmp_path)}) == 3
    assert workspace_digest("muhq", tmp_path) == empty  # another game's folder is not part of it
