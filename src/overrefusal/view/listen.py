"""Where the viewer listens: the ``--host``/``--port`` pair checked before the server starts, so that every
mistake is one ``error:`` line naming the flag at fault (exit 2), never uvicorn's log and exit 3.

* A blank host is refused: uvicorn would read it as "every interface" and print a URL nobody can open.
* The host must resolve (``socket.getaddrinfo``) and be an address of this machine (a trial ``bind``): a name
  that does not resolve, or an address that belongs to another machine, is blamed on ``--host``.
* Only then is the port tried: a port in use (or one this user may not bind) is blamed on ``--port``.
"""

from __future__ import annotations

import errno
import socket
from dataclasses import dataclass

from ..errors import UserError

LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
"""Host names that reach only this machine."""


@dataclass(frozen=True)
class ListenAddress:
    """A host and port the viewer can bind, checked."""

    host: str
    """The host as given (a name or an address; stripped of surrounding spaces)."""
    port: int
    """The port as given (0: the system picks a free one when the server starts)."""
    family: socket.AddressFamily
    """The address family the host resolved to first (IPv4 or IPv6)."""
    address: str
    """The numeric address the host resolved to first."""

    @property
    def loopback(self) -> bool:
        """Whether only this machine can reach it."""
        return self.host in LOOPBACK_NAMES or self.address.startswith("127.") or self.address == "::1"


_NOT_LOCAL = {errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT}


def check_listen(host: str, port: int) -> ListenAddress:
    """``host`` and ``port`` checked as the module docstring says; UserError naming ``--host`` or ``--port``."""
    shown = host.strip()
    if not shown or not shown.isprintable():
        raise UserError(
            f"expected an address or host name to listen on (e.g. 127.0.0.1), got {host!r}; "
            "an empty host would listen on every interface",
            field="--host",
        )
    if not 0 <= port <= 65535:
        raise UserError(f"expected a port from 0 to 65535, got {port}", field="--port")
    try:
        found = socket.getaddrinfo(shown, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, socket.gaierror) and exc.strerror else str(exc)
        raise UserError(
            f"cannot resolve {shown!r} ({reason}); use 127.0.0.1 or a name of this machine", field="--host"
        ) from None
    family, _, _, _, sockaddr = found[0]
    address = str(sockaddr[0])
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # The host alone first (port 0): an address of another machine is the host's fault, not the port's.
        try:
            probe.bind((address, 0, *sockaddr[2:]))
        except OSError as exc:
            if exc.errno in _NOT_LOCAL:
                raise UserError(
                    f"cannot listen on {shown} ({exc.strerror or exc}): it is not an address of this machine; "
                    "use 127.0.0.1, or 0.0.0.0 for every interface",
                    field="--host",
                ) from None
            raise UserError(f"cannot listen on {shown} ({exc.strerror or exc})", field="--host") from None
    if port:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((address, port, *sockaddr[2:]))
            except OSError as exc:
                raise UserError(
                    f"cannot listen on {shown}:{port} ({exc.strerror or exc}); --port 0 picks a free port",
                    field="--port",
                ) from None
    return ListenAddress(shown, port, socket.AddressFamily(family), address)
