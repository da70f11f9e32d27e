"""Output paths are checked before a run (cli/paths.py): nothing is left behind, nothing is truncated; the web
server's address is checked before it starts."""

import socket

import pytest

from cardtable.cli import paths
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


# -- the web server's address (found by a CLI audit: uvicorn's own log, and a traceback, instead of one line) -------
def listening_socket(host="127.0.0.1"):
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.bind((host, 0))
    sock.listen(1)
    return sock


def test_a_port_in_use_is_refused_on_every_address_that_covers_it():
    with listening_socket() as taken:
        port = taken.getsockname()[1]
        for host in ("127.0.0.1", "0.0.0.0", "localhost"):
            with pytest.raises(CardtableError, match=f"^cannot listen on {host}:{port} — Address already in use "
                                                     rf"\(another program listens there; choose another --port\)$"):
                paths.listenable(host, port)


def test_a_free_port_is_probed_and_left_free():
    with listening_socket() as probe:
        port = probe.getsockname()[1]
    paths.listenable("127.0.0.1", port)
    with socket.socket() as server:  # the probe closed its socket: the server can have the port
        server.bind(("127.0.0.1", port))
        server.listen(1)


@pytest.mark.parametrize("host", ["999.1.1.1", "nowhere.invalid"])
def test_a_host_that_does_not_resolve_is_refused(host):
    with pytest.raises(CardtableError, match=f"^cannot listen on {host}:8000 — {host} does not resolve \\("):
        paths.listenable(host, 8000)


def test_an_address_of_another_machine_is_refused():
    with pytest.raises(CardtableError, match=r"^cannot listen on 203\.0\.113\.1:8000 — .*\(not an address of this "
                                             r"machine\)$"):
        paths.listenable("203.0.113.1", 8000)  # TEST-NET-3: no machine's own address
