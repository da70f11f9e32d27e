"""Workspaces (cardtable.studio.workspace): a save is checked as a game loads the file, writes only inside the
workspace and makes a version; a bad value or a bad name is refused, naming the reason, and nothing is written."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from cardtable.engine import DataError
from cardtable.engine.data_roots import using_workspace
from cardtable.studio.workspace import Workspace, WorkspaceError, resolve

GAMES_DIR = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "games"


def packaged_digest() -> str:
    h = hashlib.sha256()
    for path in sorted(GAMES_DIR.glob("*/data/*.yaml")):
        h.update(path.read_bytes())
    return h.hexdigest()


def everything_in(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def ws(tmp_path):
    return Workspace(tmp_path / "ws")


def test_the_games_with_data_files_one_per_folder(ws):
    assert ws.games() == ["maoqy", "mitosz", "muhq"]
    with pytest.raises(WorkspaceError, match="mojo reads no data files"):
        ws.files("mojo")
    with pytest.raises(WorkspaceError, match="no game 'chess'"):
        ws.files("chess")


def test_a_save_writes_the_workspace_copy_and_a_version_and_never_the_packaged_file(ws):
    before = packaged_digest()
    text = ws.read("mitosz", "smp.yaml")
    at = text.index("power_points: 2", text.index("id: SMP-031"))
    saved = ws.save("mitosz", "smp.yaml", text[:at] + "power_points: 3" + text[at + 15:], "reworded")
    assert saved.summary == "set SMP: 48 cards" and saved.warnings == []
    assert saved.version.n == 1 and saved.version.message == "reworded" and saved.version.file == "smp.yaml"
    assert (ws.root / "mitosz" / "smp.yaml").read_text(encoding="utf-8")[at:at + 15] == "power_points: 3"
    assert {f["name"]: f["source"] for f in ws.files("mitosz")}["smp.yaml"] == "workspace"
    assert (ws.root / ".cardtable" / "versions" / "1" / "mitosz" / "smp.yaml").is_file()
    assert packaged_digest() == before
    diff = ws.diff(0)
    assert diff.startswith("--- v0/mitosz/smp.yaml\n+++ current/mitosz/smp.yaml\n")
    assert "\n-    power_points: 2\n+    power_points: 3\n" in diff and "mythology: aurelian" in diff
    assert ws.diff(1) == ""  # nothing changed since


@pytest.mark.parametrize("game,file,old,new,field", [
    ("mitosz", "smp.yaml", "power_points: 2\n", "power_points: -1\n", "power_points"),
    ("mitosz", "deck-dawn-court.yaml", "copies: 4", "copies: 9", "copies"),
    ("muhq", "core.yaml", "life: 1\n", "life: lots\n", "life"),
    ("maoqy", "ritual-default.yaml", "count: ", "count: -", "count"),
])
def test_a_bad_value_is_refused_naming_the_file_and_field_and_nothing_is_written(ws, game, file, old, new, field):
    ws.save("mitosz", "smp.yaml", ws.read("mitosz", "smp.yaml"))  # something in the workspace already
    kept = everything_in(ws.root)
    text = ws.read(game, file)
    assert old in text
    with pytest.raises(DataError) as caught:
        ws.save(game, file, text.replace(old, new, 1))
    error = caught.value
    assert str(error).startswith(f"{game}/{file}:"), str(error)
    assert field in str(error) and "cardtable-check-" not in str(error)
    assert everything_in(ws.root) == kept  # no file, no version


@pytest.mark.parametrize("name", ["../smp.yaml", "smp", "/etc/passwd", "a/b.yaml", "", None, "x" * 90 + ".yaml",
                                  "deck-.yaml"])
def test_a_bad_file_name_is_refused_before_anything_is_read(ws, name):
    with pytest.raises(WorkspaceError):
        ws.save("mitosz", name, "code: SMP\n")
    assert not (ws.root / "mitosz").exists()


def test_text_that_is_not_yaml_or_too_large_is_refused(ws):
    with pytest.raises(DataError, match="not valid YAML"):
        ws.save("mitosz", "smp.yaml", "cards: [\n")
    with pytest.raises(WorkspaceError, match="larger than"):
        ws.save("mitosz", "smp.yaml", "x" * 2_000_001)
    with pytest.raises(WorkspaceError, match="must be text"):
        ws.save("mitosz", "smp.yaml", b"code: SMP")
    assert ws.versions() == []


def test_a_set_change_that_breaks_a_deck_is_saved_with_a_warning(ws):
    text = ws.read("mitosz", "smp.yaml")
    start = text.index("\n  - id: SMP-092") + 1  # Veil Counterspell, in the Dawn Court deck
    end = text.index("\n  - id: ", start) + 1
    saved = ws.save("mitosz", "smp.yaml", text[:start] + text[end:])
    assert saved.summary == "set SMP: 47 cards"
    assert any(w.startswith("deck dawn-court:") and "SMP-092" in w for w in saved.warnings), saved.warnings


def test_versions_restore_and_remove_lose_nothing(ws):
    text = ws.read("muhq", "core.yaml")
    ws.save("muhq", "core.yaml", text.replace("Recruit", "Conscript"), "one")
    ws.save("muhq", "core.yaml", text.replace("Recruit", "Levy"), "two")
    assert [v.n for v in ws.versions()] == [1, 2]
    ws.restore(1)
    assert "Conscript" in ws.read("muhq", "core.yaml") and ws.versions()[-1].action == "restore"
    ws.remove("muhq", "core.yaml")
    assert ws.read("muhq", "core.yaml") == text  # the packaged file again
    assert [v.action for v in ws.versions()] == ["save", "save", "restore", "remove"]
    assert "Levy" in (ws.version_root(2) / "muhq" / "core.yaml").read_text(encoding="utf-8")
    with pytest.raises(WorkspaceError, match="no version 9"):
        ws.version_root(9)
    with pytest.raises(WorkspaceError, match="has no copy"):
        ws.remove("muhq", "core.yaml")


def test_a_side_of_a_what_if_names_packaged_a_folder_or_a_version(ws, tmp_path):
    ws.save("muhq", "core.yaml", ws.read("muhq", "core.yaml").replace("Recruit", "Levy"))
    assert resolve("packaged") == ("packaged", None)
    assert resolve(str(ws.root)) == (str(ws.root), str(ws.root))
    label, folder = resolve(f"{ws.root}@1")
    assert Path(folder) == ws.root / ".cardtable" / "versions" / "1"
    with using_workspace(folder):
        from cardtable.games.muhq.data import load_set

        assert any(c.name == "Levy" for c in load_set("core").cards)
    with pytest.raises(WorkspaceError, match="no version 5"):
        resolve(f"{ws.root}@5")
    with pytest.raises(WorkspaceError, match="no such folder"):
        resolve(str(tmp_path / "missing"))
    with pytest.raises(WorkspaceError, match="not a workspace with versions"):
        resolve(f"{tmp_path}@1")
