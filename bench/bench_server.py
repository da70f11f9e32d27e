#!/usr/bin/env python3
"""Load benchmark of the web table server: many concurrent two-human Mojo tables over WebSockets.

It starts ``cardtable serve`` as a subprocess (127.0.0.1, a free port, a temporary database,
``--bot-delay 0``), creates ``--tables`` tables (default 100) of two human seats, joins both seats
over HTTP and opens one WebSocket per seat, all from one asyncio client. Every seat answers each
message in which it has legal moves by sending its first legal action. A move's latency runs from
sending it to receiving the state message that shows it (the mover's own copy). A table whose game
ends is replaced by a new one until ``--games`` games have been started; the run stops after
``--seconds`` (default 20) of measurement, after ``--warmup`` seconds that are not counted.

Without ``--think`` every table always has a move waiting (a closed loop): the server is saturated and
a move waits for the moves of the other tables in front of it, so latency ≈ tables / (moves/s)
(Little's law): 100 tables at 1,000 moves/s means about 100 ms. With ``--think S`` each seat waits S
seconds on average before moving, which offers about tables / S moves/s and shows the latency at that load.

Reported: moves/s, latency p50/p90/p99/max, tables, games finished, errors, the CPU time used by the
server and by this client (both share the machine's cores) and per move, and the server's database size.
CPU per move is the figure to compare on a busy machine; latencies there are not.

Usage::

    python bench/bench_server.py                       # 100 tables, 20 s
    python bench/bench_server.py --tables 10 --seconds 5 --json
    python bench/bench_server.py --profile prof.out    # server under cProfile; prints its top functions
    python bench/bench_server.py --py-spy spy.txt      # server sampled by py-spy in the window (pip install py-spy)
    python bench/bench_server.py --tables 50 --rate 400 --search-tables 2   # with two tables of search bots
    python bench/bench_server.py --tables 50 --rate 400 --search-tables 2 --search-threads   # ... in threads
    python bench/bench_server.py --sqlite-synchronous NORMAL   # experiment: no fsync per commit (see below)
    python bench/bench_server.py --url http://127.0.0.1:8000   # drive a server started elsewhere

``--sqlite-synchronous`` starts the server through a launcher that sets that SQLite pragma after the
store opens: an experiment to see what the fsync per action costs. FULL (the server's own setting) makes
every acknowledged action survive a power cut; NORMAL (in WAL mode) survives a crash of the process
but may lose the last commits on a power cut or an OS crash.

Targets from the issue: 100 concurrent tables, at least 1,000 moves/s with p99 latency under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
from server_process import Server, cpu_seconds, fresh_schema, machine_busy_seconds, private_postgres, store_bench
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
TARGET_MOVES_PER_S = 1000
TARGET_P99_MS = 50
clock = time.perf_counter

class Bench:
    def __init__(self, url: str | list[str], tables: int, games: int, seconds: float, warmup: float, options: dict,
                 think: float = 0.0):
        # Several servers (processes sharing one PostgreSQL): table k is made through server k, its seat 1 plays
        # through the next one, so that with two servers every move crosses from one process to the other.
        self.urls = [url] if isinstance(url, str) else list(url)
        self.url = self.urls[0]
        self.ws_urls = [u.replace("http://", "ws://", 1) for u in self.urls]
        self.ws_url = self.ws_urls[0]
        self.http: list[httpx.AsyncClient] = []  # one per server (more than one server only)
        self.home: dict[str, int] = {}  # table -> the server it was made through
        self.made = 0
        self.tables = tables
        self.games_budget = games
        self.seconds = seconds
        self.warmup = warmup
        self.options = options
        self.think = think
        self.rng = random.Random(0)
        self.games_started = 0
        self.games_finished = 0
        self.latencies: list[float] = []  # seconds, moves sent inside the measured window
        self.errors: list[str] = []
        self.moves_total = 0
        self.stopping = asyncio.Event()
        self.window: tuple[float, float] | None = None
        self.server_pid: int | None = None
        self.server_pids: list[int] = []
        self.py_spy: str | None = None
        self.search_tables = 0
        self.search_bot = "ismcts"
        self.search_moves = 0
        self.client_lag: list[float] = []

    # -- one table: create, join, play with two connections -------------------------------------
    def server_of(self, table_id: str, seat: int) -> int:
        """The server a seat of a table plays through."""
        return (self.home[table_id] + seat) % len(self.urls)

    async def new_table(self, http: httpx.AsyncClient) -> tuple[str, dict[int, str]]:
        k = self.made % len(self.urls)
        self.made += 1
        http = self.http[k] if self.http else http
        r = await http.post("/api/tables", json={"game": "mojo", "players": 2, "seats": ["human", "human"],
                                                 "options": self.options, "takeover_seconds": None})
        r.raise_for_status()
        table_id = r.json()["table"]["id"]
        self.home[table_id] = k
        tokens = {}
        for seat in (0, 1):
            through = self.http[self.server_of(table_id, seat)] if self.http else http
            j = await through.post(f"/api/tables/{table_id}/join", json={"seat": seat})
            j.raise_for_status()
            tokens[seat] = j.json()["token"]
        return table_id, tokens

    async def seat(self, table_id: str, token: str, done: asyncio.Event, seat: int = 0) -> None:
        # The client shares the machine with the server, so it does little per message: a plain receive (no
        # timeout: the run cancels its tasks when it ends) of the bytes (no UTF-8 decoding), orjson both ways,
        # uvloop when it is there (see main).
        acted_at = -1  # action count when this seat sent its pending move; -1: none pending
        last_acted = -1
        sent_at = 0.0
        loads = orjson.loads
        ws_url = self.ws_urls[self.server_of(table_id, seat)] if table_id in self.home else self.ws_url
        async with connect(f"{ws_url}/api/tables/{table_id}/ws?token={token}", max_size=2**24,
                           open_timeout=30, close_timeout=2, compression=None) as ws:
            recv = ws.recv
            while True:
                raw = await recv(decode=False)
                now = clock()
                message = loads(raw)
                if message.get("type") != "state":
                    self.errors.append(raw[:200].decode(errors="replace"))
                    acted_at = -1
                    continue
                table = message["table"]
                count = table["actions"]
                if acted_at >= 0 and count > acted_at:
                    self.record(sent_at, now)
                    acted_at = -1
                if table["status"] == "finished":
                    done.set()
                    return
                legal = message["legal"]
                if legal and acted_at < 0 and count > last_acted:
                    last_acted = acted_at = count
                    if self.think:  # a person thinking (the position cannot change meanwhile); the times are
                        # spread (0.5 to 1.5 × think) so that the tables do not all move at the same moment
                        await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                    sent_at = clock()
                    await ws.send(orjson.dumps({"type": "action", "action": legal[0]["action"]}).decode())

    async def search_table(self, http: httpx.AsyncClient) -> None:
        """A table of two search bots, watched (a table of bots plays only while someone watches), replaced by a
        new one when its game ends; counts the bots' moves made in the measured window."""
        while True:
            r = await http.post("/api/tables", json={"game": "mojo", "players": 2, "seats": [self.search_bot] * 2,
                                                     "options": self.options})
            r.raise_for_status()
            table_id = r.json()["table"]["id"]
            async with connect(f"{self.ws_url}/api/tables/{table_id}/ws", max_size=2**24, compression=None) as ws:
                seen = 0
                while True:
                    message = orjson.loads(await ws.recv(decode=False))
                    table = message["table"]
                    if table["actions"] > seen:
                        if self.window and self.window[0] <= clock() <= self.window[1]:
                            self.search_moves += table["actions"] - seen
                        seen = table["actions"]
                    if table["status"] == "finished":
                        break

    def record(self, sent: float, received: float) -> None:
        self.moves_total += 1
        if self.window and self.window[0] <= sent and received <= self.window[1]:
            self.latencies.append(received - sent)

    async def table_slot(self, http: httpx.AsyncClient, first: tuple[str, dict[int, str]] | None) -> None:
        """Play the table made beforehand, then a new one each time a game ends."""
        while not self.stopping.is_set() and (first or self.games_started < self.games_budget):
            self.games_started += 1
            try:
                if first:
                    (table_id, tokens), first = first, None
                else:
                    async with self.creating:
                        table_id, tokens = await self.new_table(http)
                done = asyncio.Event()
                await asyncio.gather(*(self.seat(table_id, tokens[s], done, s) for s in (0, 1)))
                if done.is_set():
                    self.games_finished += 1
            except (httpx.HTTPError, ConnectionClosed, OSError, asyncio.TimeoutError) as exc:
                self.errors.append(f"{type(exc).__name__}: {exc}")
                await asyncio.sleep(0.1)

    async def lag_monitor(self) -> None:
        """How late this client's own event loop wakes up: a stalled client inflates the latencies."""
        while not self.stopping.is_set():
            t = clock()
            await asyncio.sleep(0.01)
            if self.window and self.window[0] <= t:
                self.client_lag.append(clock() - t - 0.01)

    def start_py_spy(self) -> subprocess.Popen | None:
        if not (self.py_spy and self.server_pid):
            return None
        exe = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
        return subprocess.Popen([exe, "record", "--gil", *os.environ.get("BENCH_PY_SPY_ARGS", "--nonblocking --function").split(), "--format", "raw", "--rate", "250",
                                 "--duration", str(max(1, round(self.seconds))), "--pid", str(self.server_pid),
                                 "--output", self.py_spy], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    async def run(self) -> dict[str, Any]:
        # Few HTTP connections: httpx's pool gets slow (and this client's loop late) with hundreds of
        # requests waiting; the tables are all made and joined before any play starts.
        self.creating = asyncio.Semaphore(4)
        limits = httpx.Limits(max_connections=4)
        async with httpx.AsyncClient(base_url=self.url, timeout=30, limits=limits) as http, \
                contextlib.AsyncExitStack() as clients:
            if len(self.urls) > 1:
                self.http = [await clients.enter_async_context(httpx.AsyncClient(base_url=u, timeout=30, limits=limits))
                             for u in self.urls]
            start = clock()

            async def made():
                async with self.creating:
                    return await self.new_table(http)

            first = await asyncio.gather(*(made() for _ in range(self.tables)))
            self.setup_seconds = clock() - start
            self.games_started = 0
            slots = [asyncio.create_task(self.table_slot(http, t)) for t in first]
            slots += [asyncio.create_task(self.search_table(http)) for _ in range(self.search_tables)]
            monitor = asyncio.create_task(self.lag_monitor())
            await asyncio.sleep(self.warmup)
            self.window = (clock(), clock() + self.seconds)
            cpu0 = time.process_time()
            busy0 = machine_busy_seconds()
            pids = self.server_pids or ([self.server_pid] if self.server_pid else [])
            server0 = sum(cpu_seconds(p) for p in pids)
            spy = self.start_py_spy()
            await asyncio.sleep(self.seconds)
            self.window = (self.window[0], clock())
            cpu = time.process_time() - cpu0
            server_cpu = sum(cpu_seconds(p) for p in pids) - server0 if pids else float("nan")
            busy = machine_busy_seconds() - busy0
            self.stopping.set()
            for task in [*slots, monitor]:  # moves after the window are not counted: stop at once
                task.cancel()
            await asyncio.gather(*slots, monitor, return_exceptions=True)
            if spy is not None:
                await asyncio.to_thread(spy.wait)
        elapsed = self.window[1] - self.window[0]
        lat = sorted(self.latencies)

        def pct(p: float) -> float | None:
            return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 2) if lat else None

        return {
            "tables": self.tables,
            "think_seconds": self.think,
            "seconds": round(elapsed, 2),
            "warmup_seconds": self.warmup,
            "moves": len(lat),
            "moves_per_s": round(len(lat) / elapsed, 1),
            "latency_ms": {"p50": pct(0.50), "p90": pct(0.90), "p99": pct(0.99), "max": pct(1.0) if lat else None,
                           "mean": round(1000 * statistics.fmean(lat), 2) if lat else None},
            "search_tables": self.search_tables,
            "search_bot_moves_per_s": round(self.search_moves / elapsed, 1),
            "games_started": self.games_started,
            "games_finished": self.games_finished,
            "errors": len(self.errors),
            "error_examples": self.errors[:5],
            "client_cpu_seconds": round(cpu, 2),
            "client_loop_lag_ms": {"p99": round(1000 * sorted(self.client_lag)[int(0.99 * len(self.client_lag))], 2),
                                   "max": round(1000 * max(self.client_lag), 2)} if self.client_lag else None,
            "server_cpu_seconds": round(server_cpu, 2),
            # the server's cost of a move (everything it did in the window, over the moves made in it): unlike the
            # latencies, a fair figure on a busy machine
            "server_cpu_us_per_move": round(1e6 * server_cpu / len(lat)) if lat and self.server_pid else None,
            "client_cpu_us_per_move": round(1e6 * cpu / len(lat)) if lat else None,
            # CPU that other programs took from the machine during the measurement: with 2 cores, every
            # second of it is a second the server and the client could not have
            "other_cpu_seconds": round(busy - cpu - (server_cpu if self.server_pid else 0.0), 2),
            "wall_seconds_total": round(clock() - start, 2),
            "setup_seconds": round(self.setup_seconds, 2),
        }


def print_py_spy(path: str, top: int, out) -> None:
    """The functions of a py-spy collapsed-stack file with the most samples: where they ran (self) and with
    what they called (total, each function once per stack)."""
    own: dict[str, int] = {}
    total: dict[str, int] = {}
    samples = 0
    for line in Path(path).read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack:
            continue
        n = int(count)
        samples += n
        frames = [f.split(" (")[0] + " (" + f.rsplit("/", 1)[-1] if " (" in f else f for f in stack.split(";")]
        own[frames[-1]] = own.get(frames[-1], 0) + n
        for f in set(frames):
            total[f] = total.get(f, 0) + n
    print(f"\npy-spy: {samples} samples of the server holding the GIL (its Python work)", file=out)
    for title, table in (("self", own), ("total", total)):
        print(f"  by {title}:", file=out)
        for f, n in sorted(table.items(), key=lambda kv: -kv[1])[:top]:
            print(f"  {100 * n / samples:6.1f} %  {f}", file=out)


def run_once(args: argparse.Namespace, options: dict, experiment: dict, db: str | None, servers: int) -> dict[str, Any]:
    """One measurement: ``servers`` server processes on ``db`` (default: a temporary SQLite file), or --url."""
    started: list[Server] = []
    tmp = tempfile.TemporaryDirectory(prefix="bench-server-", dir=args.db_dir)
    where = db or Path(tmp.name) / "bench.db"
    if db and db.startswith("postgresql://"):
        where = fresh_schema(db)
    try:
        if args.url:
            urls = [args.url.rstrip("/")]
        else:
            for _ in range(servers):
                started.append(Server(where, experiment, args.profile))
            for server in started:
                server.wait_ready()
            urls = [server.url for server in started]
        think = args.tables / args.rate if args.rate else args.think
        bench = Bench(urls, args.tables, args.games, args.seconds, args.warmup, options, think)
        bench.server_pid = started[0].proc.pid if started else args.server_pid
        bench.server_pids = [server.proc.pid for server in started]
        bench.search_tables, bench.search_bot = args.search_tables, args.search_bot
        bench.py_spy = args.py_spy
        try:  # the client's own loop costs less CPU with uvloop (uvicorn's; the server uses it too)
            from uvloop import run
        except ImportError:
            run = asyncio.run
        result: dict[str, Any] = run(bench.run())
        if started and isinstance(where, Path):
            result["db_bytes"] = sum(p.stat().st_size for p in where.parent.glob("bench.db*"))
    finally:
        for server in started:
            server.stop()
        tmp.cleanup()
    result["servers"] = len(started) or 1
    result["store"] = "postgresql" if isinstance(where, str) else "sqlite"
    return result


def compare(args: argparse.Namespace, options: dict, experiment: dict) -> int:
    """The same load on SQLite (one process), PostgreSQL with one process and with two, in one run."""
    if not args.db:
        args.db = private_postgres()
    rows = []
    for store, servers in (("sqlite", 1), ("postgresql", 1), ("postgresql", 2)):
        result = run_once(args, options, experiment, args.db if store == "postgresql" else None, servers)
        rows.append(result)
        lat = result["latency_ms"]
        print(f"{store:<11} {servers} process{'es' if servers > 1 else '  '}  {result['moves_per_s']:>6.0f} moves/s  "
              f"p50 {lat['p50']} ms  p99 {lat['p99']} ms  server cpu {result['server_cpu_us_per_move']} µs/move  "
              f"other programs {result['other_cpu_seconds']} s  errors {result['errors']}", flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    # This client measures latency: its own collector pauses would look like the server's.
    gc.set_threshold(50_000, 20, 100)
    ap.add_argument("--tables", type=int, default=100, help="concurrent tables (default 100)")
    ap.add_argument("--seconds", type=float, default=20.0, help="measured wall time (default 20)")
    ap.add_argument("--warmup", type=float, default=2.0, help="seconds before measuring (default 2)")
    ap.add_argument("--games", type=int, default=5000, help="most games started in all (default 5000)")
    ap.add_argument("--rate", type=float, metavar="MOVES_PER_S",
                    help="offer about this many moves/s in all (sets --think to tables / rate): latency at a given load")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a seat waits before each move (uniform, 0.5 to 1.5 times it; default 0: at once). "
                         "With T tables about T / (think + latency) moves/s are offered: latency at a given load")
    ap.add_argument("--option", "-o", action="append", default=[], help="game option key=JSON value (repeatable)")
    ap.add_argument("--url", help="drive a server that is already running instead of starting one")
    ap.add_argument("--server-pid", type=int, help="with --url: the server's process id, to measure its CPU time")
    ap.add_argument("--py-spy", metavar="FILE",
                    help="sample the server with py-spy during the measurement (collapsed stacks to FILE; prints the "
                         "functions with the most samples); py-spy is not a dependency: pip install py-spy")
    ap.add_argument("--sqlite-synchronous", choices=["FULL", "NORMAL", "OFF"],
                    help="experiment: start the server with this SQLite synchronous pragma (its own is FULL)")
    ap.add_argument("--gc-threshold", type=int, nargs=3, metavar=("G0", "G1", "G2"),
                    help="experiment: the server's gc.set_threshold (Python's default is 700 10 10)")
    ap.add_argument("--switch-interval", type=float, metavar="SECONDS",
                    help="experiment: the server's sys.setswitchinterval (Python's default 0.005): how long the loop "
                         "may hold the GIL while the database writer thread waits for it")
    ap.add_argument("--search-tables", type=int, default=0, metavar="N",
                    help="also N Mojo tables of two search bots (--search-bot), watched by a spectator so that they "
                         "play: what thinking bots cost the other tables")
    ap.add_argument("--search-bot", default="ismcts", help="the search preset of --search-tables (default ismcts)")
    ap.add_argument("--search-threads", action="store_true",
                    help="experiment: the server's search bots think in threads of its process, not in worker processes")
    ap.add_argument("--ws-impl", choices=["websockets", "websockets-sansio"],
                    help="experiment: uvicorn's WebSocket implementation (the server lets uvicorn choose)")
    ap.add_argument("--db-dir", help="directory of the temporary database (default: the system's temporary directory)")
    ap.add_argument("--profile", metavar="FILE", help="run the server under cProfile, write FILE, print the top functions")
    ap.add_argument("--profile-top", type=int, default=30)
    ap.add_argument("--store-only", action="store_true",
                    help="measure SQLite alone: one commit per action (the server's way) against group commits")
    ap.add_argument("--db", help="a postgresql:// address to keep the tables in (default: a temporary SQLite file); "
                                 "each run gets a schema of its own")
    ap.add_argument("--postgres", action="store_true",
                    help="start a private PostgreSQL for the run (Debian's binaries; as the test suite does)")
    ap.add_argument("--servers", type=int, default=1,
                    help="server processes sharing the PostgreSQL of --db (default 1); each table is made through one "
                         "and its second seat plays through the next, so every move crosses processes")
    ap.add_argument("--compare", action="store_true",
                    help="the same load on SQLite, on PostgreSQL with one process and with two, one after the other")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if args.store_only:
        result = store_bench(args.db_dir)
        if args.json:
            print(json.dumps(result, indent=2))
        else:
            for name, r in result.items():
                print(f"{name:<18} {r['actions_per_s']:>8} actions/s   {r['ms_per_commit']:.3f} ms per commit")
        return 0
    options = {}
    for pair in args.option:
        key, _, value = pair.partition("=")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value  # a bare word: a string option value

    experiment = {k: v for k, v in (("synchronous", args.sqlite_synchronous), ("ws", args.ws_impl),
                                    ("gc_threshold", args.gc_threshold), ("search_threads", args.search_threads),
                                    ("switch_interval", args.switch_interval))
                  if v not in (None, False)}
    if args.postgres and not args.db:
        args.db = private_postgres()
    if args.compare:
        return compare(args, options, experiment)
    result = run_once(args, options, experiment, args.db, args.servers)
    result["sqlite_synchronous"] = args.sqlite_synchronous or ("FULL (server default)" if not args.url else "unknown")
    result["experiment"] = experiment
    result["targets"] = {"moves_per_s": TARGET_MOVES_PER_S, "p99_ms": TARGET_P99_MS,
                         "met": result["moves_per_s"] >= TARGET_MOVES_PER_S and (result["latency_ms"]["p99"] or 1e9) < TARGET_P99_MS}
    result["machine"] = {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        lat = result["latency_ms"]
        think = f", {result['think_seconds']} s think time per move" if result["think_seconds"] else ""
        print(f"{result['tables']} tables, {result['seconds']} s measured (after {result['warmup_seconds']} s warm-up){think}")
        print(f"moves/s      {result['moves_per_s']:.0f}   (target ≥ {TARGET_MOVES_PER_S})")
        print(f"latency ms   p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}  max {lat['max']}   (target p99 < {TARGET_P99_MS})")
        print(f"games        {result['games_finished']} finished, {result['games_started']} started")
        if result["search_tables"]:
            print(f"search bots  {result['search_tables']} tables of {args.search_bot}: {result['search_bot_moves_per_s']} moves/s")
        print(f"client lag   p99 {result['client_loop_lag_ms']['p99']} ms, max {result['client_loop_lag_ms']['max']} ms "
              "(how late this client's own event loop ran; large values mean the client, not the server, was slow)")
        print(f"errors       {result['errors']}" + (f"  e.g. {result['error_examples'][0]}" if result["errors"] else ""))
        print(f"cpu seconds  server {result.get('server_cpu_seconds')}, client {result['client_cpu_seconds']}, "
              f"other programs {result['other_cpu_seconds']} (in {result['seconds']} s on {os.cpu_count()} cores)")
        print(f"cpu per move server {result['server_cpu_us_per_move']} µs, client {result['client_cpu_us_per_move']} µs")
        if result["other_cpu_seconds"] > 0.1 * result["seconds"] * (os.cpu_count() or 1):
            print("WARNING      other programs used more than 10 % of the machine: the figures are low")
        print(f"sqlite       synchronous={result['sqlite_synchronous']}, db {result.get('db_bytes', 0) / 1e6:.1f} MB")
        if experiment:
            print(f"EXPERIMENT   {json.dumps(experiment)} (the server as shipped does not do this)")
        print("targets met" if result["targets"]["met"] else "targets NOT met")
    if args.py_spy and Path(args.py_spy).exists():
        print_py_spy(args.py_spy, args.profile_top, sys.stderr if args.json else sys.stdout)
    if args.profile and not args.url:
        import pstats

        out = sys.stderr if args.json else sys.stdout
        stats = pstats.Stats(args.profile, stream=out)
        stats.sort_stats("tottime").print_stats(args.profile_top)
        stats.sort_stats("cumulative").print_stats(args.profile_top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
