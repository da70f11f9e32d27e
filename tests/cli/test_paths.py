"""Output paths are checked before a run (cli/paths.py): nothing is left behind, nothing is truncated."""

import pytest

from cardtable.cli.paths import writable_file, writable_folder
from cardtable.engine import CardtableError


def test_a_writable_file_is_probed_without_a_trace(tmp_path):
    new = tmp_path / "new.jsonl"
    assert writable_file(new) == new and not new.exists()
    old = tmp_path / "old.jsonl"
    old.write_text("kept\n")
    writable_file(old)
    assert old.read_text() == "kept\n"


def test_a_folder_or_a_missing_folder_is_refused(tmp_path):
    with pytest.raises(CardtableError, match="cannot write .*: Is a directory"):
        writable_file(tmp_path)
    with pytest.raises(CardtableError, match="cannot write .*missing/r.jsonl: No such file or directory"):
        writable_file(tmp_path / "missing" / "r.jsonl")


def test_a_report_folder_is_created_and_left_empty(tmp_path):
    folder = writable_folder(tmp_path / "a" / "b")
    assert folder.is_dir() and list(folder.iterdir()) == []
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(CardtableError, match="cannot write"):
        writable_folder(blocker / "report")
