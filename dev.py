#!/usr/bin/env python3
"""Set up cardtable in ./.venv and run it: the README's two commands.

    python3 dev.py play [ARGS]   set up, then start the web table on http://127.0.0.1:8000/ (ARGS go to `cardtable serve`)
    python3 dev.py terminal      set up, then play Mojo in the terminal against two bots
    python3 dev.py test [ARGS]   set up with the test tools, then run the whole test suite (ARGS go to pytest;
                                 without ARGS the Ray tests also run, in a private network namespace)
    python3 dev.py run ARGS      set up, then `cardtable ARGS`

Needs only Python 3.11+ with venv and pip. The environment is rebuilt when pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def setup(extras: str) -> None:
    """Create .venv and install cardtable (with ``extras``) unless an install of this pyproject already has them."""
    if sys.version_info < (3, 11):
        sys.exit(f"cardtable needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    stamp = VENV / ".cardtable-setup"
    project = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if PYTHON.exists() and stamp.exists():
        done_project, _, done_extras = stamp.read_text().partition(":")
        if done_project == project and (not extras or extras in done_extras.split(",")):
            return
    if not PYTHON.exists():
        print(f"Creating {VENV} …", flush=True)
        venv.create(VENV, with_pip=True)
    target = f".[{extras}]" if extras else "."
    print(f"Installing cardtable{f'[{extras}]' if extras else ''} into {VENV} …", flush=True)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "--upgrade", "pip"], check=True)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "-e", target], check=True, cwd=ROOT)
    stamp.write_text(f"{project}:{extras}")


RAY_TESTS = "tests/sim/test_ray_backend.py"


def run_ray_tests() -> int:
    """The Ray backend's tests start a local Ray, which must listen on nothing but loopback (and Ray probes the
    network for its address): they run in a private network namespace with only ``lo``, made with ``unshare``
    (root). Where that is not possible they stay skipped, as the main run already reported."""
    import shutil

    usable = os.name != "nt" and shutil.which("unshare") and shutil.which("ip")
    if not usable or subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode != 0:
        print(f"note: {RAY_TESTS} skipped: it needs a private network namespace (`unshare -n` and `ip`, as root)")
        return 0
    inner = (f"ip link set lo up && exec env CARDTABLE_RAY_TESTS=1 RAY_USAGE_STATS_ENABLED=0 "
             f"{PYTHON} -m pytest -p no:cacheprovider {RAY_TESTS}")
    # The main run skipped these tests (it said so); this second summary is theirs alone.
    print(f"\n=== second run: the Ray backend's tests ({RAY_TESTS}), in a private network namespace ===", flush=True)
    return call(["unshare", "-n", "sh", "-c", inner])


def call(command: list[str]) -> int:
    """Run ``command`` in the project folder and return its exit code, passing on a SIGTERM or SIGHUP sent to
    this script (a service manager stopping `dev.py play`), so that no server is left running."""
    import signal

    child = subprocess.Popen(command, cwd=ROOT)
    forwarded = [s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None]
    previous = {s: signal.signal(s, lambda number, _frame: child.send_signal(number)) for s in forwarded}
    try:
        while True:
            try:
                return child.wait()
            except KeyboardInterrupt:  # Ctrl-C reached the child too (one process group): let it finish
                continue
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("play", "terminal", "test", "run"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "test":
        setup("test")
        code = call([str(PYTHON), "-m", "pytest", *rest])
        if not rest:  # the whole suite: also the Ray backend, which needs its own network namespace
            code = run_ray_tests() or code
        return code
    setup("")
    if command == "play":
        return call([str(PYTHON), "-m", "cardtable.cli.app", "serve", *rest])
    if command == "terminal":
        return call([str(PYTHON), "-m", "cardtable.cli.app", "play", *(rest or ["mojo"])])
    return call([str(PYTHON), "-m", "cardtable.cli.app", *rest])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
