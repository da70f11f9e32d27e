"""The README's commands: `python3 dev.py play` must not leave its server running when it is stopped."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _listening(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_stopping_dev_py_play_with_a_signal_stops_its_server(tmp_path, sig):
    port = _free_port()
    script = subprocess.Popen([sys.executable, str(ROOT / "dev.py"), "play", "--port", str(port), "--db",
                               str(tmp_path / "t.db")], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not _listening(port):
            assert script.poll() is None and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        script.send_signal(sig)
        assert script.wait(timeout=30) is not None
        deadline = time.monotonic() + 15
        while _listening(port) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _listening(port), "the server outlived dev.py"
    finally:
        if script.poll() is None:
            script.kill()
