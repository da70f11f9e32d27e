"""The server processes of bench/bench_server.py: ``cardtable serve`` started as a subprocess (with an experiment's
launcher when asked), the CPU clocks read from /proc, a private PostgreSQL, and the store-only measurement."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
clock = time.perf_counter


# Experiments only: the server process is started through this launcher, which changes one thing
# (given as JSON in argv[1]) by monkeypatching, then runs `cardtable serve` as usual.
LAUNCHER = """
import json, sys
exp = json.loads(sys.argv.pop(1))
if exp.get("synchronous"):
    import cardtable.store.sqlite as s
    init = s.SqliteDatabase.__init__
    def patched(self, path):
        init(self, path)
        self._db.execute("PRAGMA synchronous=" + exp["synchronous"])
    s.SqliteDatabase.__init__ = patched
if exp.get("gc_threshold"):
    import gc
    gc.set_threshold(*exp["gc_threshold"])
if exp.get("switch_interval"):
    sys.setswitchinterval(exp["switch_interval"])
if exp.get("search_threads"):
    import cardtable.server.thinking as t
    t.Thinker.threads = True
if exp.get("ws"):
    import uvicorn
    run = uvicorn.run
    def run_with(*a, **k):
        k["ws"] = exp["ws"]
        run(*a, **k)
    uvicorn.run = run_with
from cardtable.cli.app import main
sys.argv[0] = "cardtable"
main()
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def machine_busy_seconds() -> float:
    """CPU seconds all processes have used since boot, over all cores (Linux /proc/stat)."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
        return (sum(fields[:8]) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


class Server:
    def __init__(self, db: Path | str, experiment: dict[str, Any], profile: str | None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = db
        args = ["serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", str(db), "--bot-delay", "0"]
        if experiment:
            cmd = [sys.executable, "-c", LAUNCHER, json.dumps(experiment), *args]
        else:
            cmd = [sys.executable, "-m", "cardtable.cli.app", *args]
        if profile:
            if experiment:
                raise SystemExit("--profile cannot be combined with the experiments")
            cmd = [sys.executable, "-m", "cProfile", "-o", profile, "-m", "cardtable.cli.app", *args]
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, cwd=ROOT)

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self.log.seek(0)
                raise SystemExit(f"server exited: {self.log.read().decode(errors='replace')[-2000:]}")
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        self.stop()
        raise SystemExit("server did not start")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # uvicorn shuts down cleanly; cProfile writes its file
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)


def store_bench(directory: str | None, actions: int = 2000) -> dict[str, Any]:
    """SQLite alone: the server's one transaction (one fsync) per action, against group commits that
    write several actions in one transaction, with synchronous FULL and NORMAL."""
    sys.path.insert(0, str(ROOT / "src"))
    from cardtable.store import SqliteStore, StoredTable

    action = {"type": "play", "card": 17, "pile": 0}
    out = {}
    for sync in ("FULL", "NORMAL"):
        for batch in (1, 10, 100):
            with tempfile.TemporaryDirectory(dir=directory) as d:
                store = SqliteStore(Path(d) / "s.db")
                store.db._db.execute(f"PRAGMA synchronous={sync}")  # (the SQLite connection itself)
                store.create_table(StoredTable("t", "mojo", 2, {}, 1, [], {}, 0.0)).result()
                start = clock()
                for first in range(0, actions, batch):
                    rows = [("INSERT INTO actions (table_id, n, seat, action) VALUES (?,?,?,?)",
                             ("t", n, n % 2, json.dumps(action))) for n in range(first, min(actions, first + batch))]
                    store.submit(rows).result()
                elapsed = clock() - start
                store.close()
            out[f"{sync} batch {batch}"] = {"actions_per_s": round(actions / elapsed),
                                            "ms_per_commit": round(1000 * elapsed / -(-actions // batch), 3)}
    return out


def private_postgres() -> str:
    """A PostgreSQL of its own for the run (Debian's binaries, loopback, stopped at exit): the test suite's."""
    sys.path.insert(0, str(ROOT))
    from tests.server.postgres import base_address, fresh_address, why_not

    if base_address() is None:
        raise SystemExit(f"--postgres: {why_not()}")
    return fresh_address()


def fresh_schema(address: str) -> str:
    """A new schema of the PostgreSQL at ``address`` for one run: each run starts from no tables."""
    import uuid
    from urllib.parse import quote

    import psycopg

    schema = f"bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(address, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    if "search_path" in address:
        address = address.split("?")[0]
    return f"{address}{'&' if '?' in address else '?'}options={quote(f'-csearch_path={schema}')}"
