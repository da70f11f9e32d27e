#!/bin/bash
# Server instructions per move, counted by valgrind's callgrind: a figure that does not depend on what else the
# machine is doing (CPU time and latency do), for comparing two builds of the web table server.
#
# Usage: bench/server_instructions.sh [SRC_DIR] [PORT]
#   SRC_DIR  the source tree to measure (default: this checkout's src); e.g. a `git worktree` of another commit
#   PORT     a free port (default 8765); two builds can be measured at once on two ports
#
# It starts `cardtable serve` under callgrind with instrumentation off (start-up is not counted), turns it on,
# drives 10 two-human Mojo tables for 40 s with bench_server.py (--url), dumps, and prints
# instructions / moves. Under valgrind the server runs ~50x slower, so it sees some 500-1500 moves.
# Needs valgrind (apt-get install valgrind) and the project's .venv.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SRC=${1:-$ROOT/src}
PORT=${2:-8765}
WORK=$(mktemp -d)
cd "$ROOT"
PYTHONPATH=$SRC valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$WORK/cg.out" \
  .venv/bin/python -m cardtable.cli.app serve --host 127.0.0.1 --port "$PORT" --db "$WORK/t.db" --bot-delay 0 \
  >"$WORK/server.log" 2>&1 &
VPID=$!
for _ in $(seq 1 240); do curl -s -o /dev/null "http://127.0.0.1:$PORT/api/games" && break; sleep 1; done
callgrind_control -i on "$VPID" >/dev/null
PYTHONPATH=$SRC .venv/bin/python bench/bench_server.py --url "http://127.0.0.1:$PORT" --tables 10 --seconds 40 \
  --warmup 0 --json >"$WORK/bench.json"
callgrind_control -d "$VPID" >/dev/null   # writes cg.out.1: everything since instrumentation went on
kill -INT "$VPID"; wait "$VPID" 2>/dev/null || true
python3 - "$WORK" <<'PY'
import json, sys
work = sys.argv[1]
moves = json.load(open(f"{work}/bench.json"))["moves"]
total = next(int(line.split()[1]) for line in open(f"{work}/cg.out.1") if line.startswith("totals:"))
print(f"moves {moves}  instructions {total:,}  per move {total // max(moves, 1):,}")
PY
rm -rf "$WORK"
