"""Output paths are checked before a long run starts, so a bad path costs one line, not a finished game or run;
the web server's address is checked before the server starts, so a bad one costs one line, not uvicorn's log."""

from __future__ import annotations

import errno
import os
import socket
from pathlib import Path

from cardtable.engine import CardtableError
from cardtable.engine.i18n import N_, Translator

_ = Translator("cardtable")


def writable_file(path: Path) -> Path:
    """``path`` if a file can be written there (a folder, a missing folder or no permission is refused). An
    existing file is left as it is, and a probe file is removed again."""
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise CardtableError(_("cannot write {path}: {reason}", path=str(path), reason=exc.strerror or exc)) from None
    if not existed:
        path.unlink(missing_ok=True)
    return path


def reachable_database(address: str) -> str:
    """``address`` if a PostgreSQL server answers there (psycopg installed, the server up, the login accepted)."""
    try:
        import psycopg
    except ImportError:
        raise CardtableError(_("a PostgreSQL database needs psycopg: pip install 'cardtable[postgresql]'")) from None
    try:
        psycopg.connect(address, connect_timeout=5).close()
    except psycopg.Error as exc:
        reason = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
        raise CardtableError(_("cannot use the database {address}: {reason}", address=_redacted(address),
                               reason=reason)) from None
    return address


def _redacted(address: str) -> str:
    """The address without its password (error messages reach logs)."""
    import re

    return re.sub(r"(//[^:/@]+:)[^@]*@", r"\1***@", address)


def writable_folder(folder: Path) -> Path:
    """``folder``, created if missing, if files can be written into it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CardtableError(_("cannot write {path}: {reason}", path=str(folder), reason=exc.strerror or exc)) from None
    writable_file(folder / ".cardtable-write-check")
    return folder


_LISTEN_HINTS = {
    errno.EADDRINUSE: N_("another program listens there; choose another --port"),
    errno.EADDRNOTAVAIL: N_("not an address of this machine"),
    errno.EACCES: N_("ports below 1024 need root"),
}


def listenable(host: str, port: int) -> None:
    """Raise a CardtableError unless a server can listen on ``host:port``: the host resolves, and every address it
    resolves to can be bound, the way uvicorn (asyncio's ``create_server``) binds them: SO_REUSEADDR on POSIX,
    an IPv6 socket for IPv6 only. The probe sockets are closed again before the server starts."""
    shown = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        infos = socket.getaddrinfo(host or None, port, socket.AF_UNSPEC, socket.SOCK_STREAM, 0, socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise CardtableError(_("cannot listen on {address} — {host} does not resolve ({reason})", address=shown,
                               host=host, reason=getattr(exc, 'strerror', None) or exc)) from None
    sockets = []
    try:
        for family, kind, proto, _canonname, address in dict.fromkeys(infos):
            try:
                sock = socket.socket(family, kind, proto)
            except OSError:
                continue  # a family this machine lacks; asyncio skips it too
            sockets.append(sock)
            if os.name == "posix":
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                sock.bind(address)
                sock.listen(1)
            except OSError as exc:
                reason = exc.strerror or str(exc)
                hint = _LISTEN_HINTS.get(exc.errno) if exc.errno is not None else None
                if hint == _LISTEN_HINTS[errno.EACCES] and port >= 1024:
                    hint = None
                if hint:
                    raise CardtableError(_("cannot listen on {address} — {reason} ({hint})", address=shown,
                                           reason=reason, hint=_(hint))) from None
                raise CardtableError(_("cannot listen on {address} — {reason}", address=shown, reason=reason)) from None

    finally:
        for sock in sockets:
            sock.close()
