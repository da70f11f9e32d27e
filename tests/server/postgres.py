"""A PostgreSQL for the server suite: the one named by ``CARDTABLE_TEST_POSTGRES`` (an address), or a private
cluster started here from Debian's binaries (``initdb`` + ``pg_ctl``, on loopback and a socket in a temporary
folder; as root, run as the ``postgres`` user, since PostgreSQL refuses to run as root) and stopped at exit.

Each test gets a schema of its own (``fresh_address``): the tables, and the notification channel, are the test's.
``CARDTABLE_REQUIRE_POSTGRES=1`` (set by ``.ci/run``) turns "no PostgreSQL here" from a skip into a failure.
"""

from __future__ import annotations

import atexit
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from functools import lru_cache
from urllib.parse import quote


def _binaries() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    return os.path.dirname(initdb) if initdb else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@lru_cache(maxsize=1)
def base_address() -> str | None:
    """The address of a PostgreSQL to test against, or None (with ``why_not`` saying why)."""
    given = os.environ.get("CARDTABLE_TEST_POSTGRES")
    if given:
        return given
    try:
        import psycopg  # noqa: F401  (installed?)
    except ImportError:
        _reasons.append("psycopg is not installed")
        return None
    bin_dir = _binaries()
    if bin_dir is None:
        _reasons.append("no PostgreSQL binaries (initdb) on this machine; install Debian's postgresql")
        return None
    as_user: list[str] = []
    folder = tempfile.mkdtemp(prefix="cardtable-pg-")
    if os.geteuid() == 0:
        as_user = ["runuser", "-u", "postgres", "--"]
        shutil.chown(folder, "postgres")
    data, port = os.path.join(folder, "data"), _free_port()
    run = lambda *cmd: subprocess.run([*as_user, *cmd], check=True, capture_output=True, text=True)  # noqa: E731
    try:
        run(f"{bin_dir}/initdb", "-D", data, "-A", "trust", "-U", "cardtable", "-E", "UTF8")
        run(f"{bin_dir}/pg_ctl", "-D", data, "-l", os.path.join(folder, "log"), "-w", "-o",
            f"-k {folder} -c listen_addresses=127.0.0.1 -p {port} -c max_connections=300", "start")
    except (OSError, subprocess.CalledProcessError) as exc:
        _reasons.append(f"could not start a private PostgreSQL: {getattr(exc, 'stderr', None) or exc}")
        return None
    atexit.register(lambda: subprocess.run([*as_user, f"{bin_dir}/pg_ctl", "-D", data, "-m", "immediate", "stop"],
                                           capture_output=True))
    return f"postgresql://cardtable@127.0.0.1:{port}/postgres"


_reasons: list[str] = []


def why_not() -> str:
    return "; ".join(_reasons) or "no PostgreSQL"


def fresh_address() -> str:
    """An address whose tables are in a new, empty schema of the test PostgreSQL."""
    import psycopg

    base = base_address()
    assert base is not None
    schema = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in base else "?"
    return f"{base}{joiner}options={quote(f'-csearch_path={schema}')}"


def required() -> bool:
    return os.environ.get("CARDTABLE_REQUIRE_POSTGRES") == "1"
