"""A Ray cluster's address (``--address``) checked before Ray is asked: its form, and that something answers
there within seconds (``ray.init`` given an address where nobody listens retries for a minute or more)."""

from __future__ import annotations

import os
import socket
import threading
from typing import Any

from cardtable.engine import CardtableError
from cardtable.engine.i18n import N_, Translator, number

_ = Translator("cardtable")

#: seconds a Ray cluster's address has to accept a connection in :func:`check_ray_address`
RAY_CONNECT_SECONDS = 3.0
#: what ``socket.getaddrinfo`` lists: (family, type, protocol, canonical name, socket address)
AddressInfo = tuple[socket.AddressFamily, socket.SocketKind, int, str, tuple[Any, ...]]
RAY_ADDRESS_FORMS = N_("HOST:PORT (e.g. HEAD:6379), ray://HOST:PORT or auto")


def check_ray_address(address: str, timeout: float = RAY_CONNECT_SECONDS) -> None:
    """Raise a CardtableError unless ``address`` (``--address``) has the form of a Ray cluster's address and
    something accepts a TCP connection there within ``timeout`` seconds. Given an address where nobody
    listens, ``ray.init`` retries for a minute or more and prints a warning every few seconds.

    The forms Ray takes: ``HOST:PORT`` (``[IPv6]:PORT``) and ``ray://HOST:PORT`` are checked. ``auto`` is
    checked where it leads: ``RAY_ADDRESS`` when set, else the cluster the last ``ray start`` on this machine
    recorded; with neither, Ray says at once that it found no cluster. ``local`` (a new private Ray, see
    :func:`start_ray`) and another ``SCHEME://`` (a Ray client plugin) are passed on unchecked. Ray connects to this
    machine's own address where it is given ``localhost``, ``127.0.0.1`` or ``::1``, so that address answering
    is enough too."""
    label = f"--address {address}"
    if address == "auto":
        if os.environ.get("RAY_ADDRESS"):
            address = os.environ["RAY_ADDRESS"]
            label = _("RAY_ADDRESS={address} (where --address auto leads)", address=address)
        else:
            address = _recorded_ray_address() or ""  # none recorded: returned below
            label = _("{address} (the cluster the last `ray start` recorded, where --address auto leads)",
                      address=address)
        if not address or address == "auto":
            return  # Ray finds a running cluster itself, or says at once that there is none
    if address == "local":
        return
    scheme, sep, rest = address.partition("://")
    if sep and scheme != "ray":
        return
    host, port = _host_port(rest if sep else address, label)
    reason = _connect_error(host, port, timeout)
    if reason is not None and _is_loopback_name(host):
        mapped = _ray_address_for_localhost(host)
        if mapped is not None and mapped != host and _connect_error(mapped, port, timeout) is None:
            reason = None
    if reason is not None:
        raise CardtableError(_("no Ray cluster answers at {address}: {reason}", address=label.removeprefix('--address '),
                               reason=reason))


def _host_port(address: str, label: str) -> tuple[str, int]:
    """``HOST:PORT`` or ``[IPv6]:PORT`` split (a path after a ``ray://`` address is dropped)."""
    address = address.split("/", 1)[0]
    host, sep, port = address.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    elif ":" in host:
        host = ""  # a bare IPv6 address: where its port starts is a guess
    if not sep or not host or not port.isdigit():
        raise CardtableError(_("{label} is not a Ray cluster's address; give {forms}", label=label,
                               forms=_(RAY_ADDRESS_FORMS)))
    if not 1 <= int(port) <= 65535:
        raise CardtableError(_("{label}: the port is 1–65535, not {port}", label=label, port=port))
    return host, int(port)


def _connect_error(host: str, port: int, timeout: float) -> str | None:
    """None when something accepts a TCP connection at ``host:port`` within ``timeout`` s, else why not."""
    found = _lookup(host, port, timeout)
    if isinstance(found, str):
        return found
    reason = _("{host} has no address", host=host)
    for _family, _type, _proto, _name, sockaddr in found:
        try:
            with socket.create_connection((sockaddr[0], port), timeout=timeout):
                return None
        except TimeoutError:
            reason = _("no answer within {seconds} s", seconds=number(timeout))
        except OSError as exc:
            reason = exc.strerror or str(exc)
    return reason


def _lookup(host: str, port: int, timeout: float) -> list[AddressInfo] | str:
    """The addresses of ``host`` (``socket.getaddrinfo``), or why there are none within ``timeout`` s. The lookup
    runs in a daemon thread: a name server that does not answer would hold the command for as long as the
    system's resolver retries (half a minute and more), and getaddrinfo takes no timeout."""
    answer: list[list[AddressInfo] | str] = []

    def look() -> None:
        try:
            answer.append(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
        except (socket.gaierror, UnicodeError) as exc:
            answer.append(_("{host} does not resolve ({reason})", host=host, reason=getattr(exc, 'strerror', None) or exc))
        except OSError as exc:
            answer.append(_("{host} does not resolve ({reason})", host=host, reason=exc.strerror or exc))

    worker = threading.Thread(target=look, name="ray-address-lookup", daemon=True)
    worker.start()
    worker.join(timeout)
    return answer[0] if answer else _("{host} did not resolve within {seconds} s", host=host, seconds=number(timeout))


def _is_loopback_name(host: str) -> bool:
    return host in ("localhost", "127.0.0.1", "::1")


def _ray_address_for_localhost(host: str) -> str | None:
    """The address Ray connects to when given a loopback name (the node's own address), if Ray says."""
    try:
        from ray._private.services import resolve_ip_for_localhost

        mapped: str | None = resolve_ip_for_localhost(host)
        return mapped
    except Exception:  # noqa: BLE001 - a private function of Ray's: without it, the loopback check stands
        return None


def _recorded_ray_address() -> str | None:
    """The cluster address the last ``ray start`` on this machine recorded, which ``auto`` connects to."""
    try:
        from ray._private.utils import read_ray_address

        return read_ray_address()
    except Exception:  # noqa: BLE001 - a private function of Ray's: without it, Ray checks ``auto`` itself
        return None
