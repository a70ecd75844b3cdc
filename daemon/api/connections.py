"""The connections ``memoryd serve`` takes, bounded before any request reaches the app.

uvicorn's own HTTP/1.1 protocol on the ``httptools`` parser (the one that costs a fifth of
``h11``'s CPU a request: 20 against 90 us, measured), with four bounds added, each cheap
whatever a client sends:

- a request line and header of at most ``max_header_bytes``: past it, 431 and the connection
  closed. The bytes are counted as they arrive, before the parser gathers them (httptools
  ignores uvicorn's header bound and joins a header's pieces at a cost quadratic in its
  size), so at most one read past the bound is ever parsed; a header that came whole in one
  read is measured when it is complete;
- the whole header within ``header_timeout_s`` of the connection (or of the first byte of
  the next request on a kept-alive one): past it, 408 and closed;
- the whole body within ``body_timeout_s`` of the header: past it, closed (the app hears the
  client left);
- at most ``max_connections`` open connections, ``max_connections_per_client`` of them from
  one address (a trusted proxy excepted: its clients are many): past them a new connection
  is answered 503 and closed at once, so it holds no descriptor.

A client therefore holds at most ``max_connections_per_client`` connections, each for at
most ``header_timeout_s`` before its request is complete.

Each connection writes through :class:`JoinedWrites`: uvicorn writes a response's head and
its body apart, and each write is a system call that wakes the client; joined, one does.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True, slots=True)
class Bounds:
    max_header_bytes: int
    header_timeout_s: float
    body_timeout_s: float
    max_connections: int
    max_connections_per_client: int
    trusted_proxies: tuple[str, ...] = ()


def networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """The addresses and networks of ``entries`` ("10.0.0.7", "10.0.0.0/8"); "*" is any."""
    found: list[Network] = []
    for entry in entries:
        if entry == "*":
            found += [ipaddress.ip_network("0.0.0.0/0"), ipaddress.ip_network("::/0")]
        else:
            found.append(ipaddress.ip_network(entry, strict=False))
    return tuple(found)


def within(address: str, among: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip.version == net.version and ip in net for net in among)


@dataclass(slots=True)
class Census:
    """The open connections, overall and by client address."""

    bounds: Bounds
    proxies: tuple[Network, ...] = ()
    total: int = 0
    by_address: dict[str, int] = field(default_factory=dict)

    def admit(self, address: str) -> str | None:
        """Count a new connection from ``address``; the reason it is refused, if it is."""
        if self.total >= self.bounds.max_connections:
            return "the server holds as many connections as it takes"
        held = self.by_address.get(address, 0)
        if held >= self.bounds.max_connections_per_client and not within(address, self.proxies):
            return "this address holds as many connections as one client may"
        self.total += 1
        self.by_address[address] = held + 1
        return None

    def leave(self, address: str) -> None:
        self.total -= 1
        held = self.by_address.pop(address, 1) - 1
        if held > 0:
            self.by_address[address] = held


class JoinedWrites(asyncio.Transport):
    """A connection's transport whose writes within one turn of the event loop leave
    together: what is written is held until the loop next runs its callbacks (at once when
    the connection is closed), then handed on in one call. A response's head and body go in
    one system call instead of two (``GET /healthz`` cost the serving process 156 instead
    of 194 us of CPU under the publishing bench's load); a response streamed over several
    turns still leaves as it comes."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self._transport = transport
        self._loop = loop
        self._held: list[bytes | bytearray | memoryview] = []

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not self._held:
            self._loop.call_soon(self._flush)
        self._held.append(data)

    def writelines(self, list_of_data: Iterable[bytes | bytearray | memoryview]) -> None:
        for data in list_of_data:
            self.write(data)

    def _flush(self) -> None:
        held, self._held = self._held, []
        if not held or self._transport.is_closing():
            return
        if len(held) == 1:
            self._transport.write(held[0])
        else:
            self._transport.writelines(held)

    def close(self) -> None:
        self._flush()
        self._transport.close()

    def abort(self) -> None:
        self._held = []
        self._transport.abort()

    def can_write_eof(self) -> bool:
        return self._transport.can_write_eof()

    def write_eof(self) -> None:
        self._flush()
        self._transport.write_eof()

    def is_closing(self) -> bool:
        return self._transport.is_closing()

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self._transport.get_extra_info(name, default)

    def pause_reading(self) -> None:
        self._transport.pause_reading()

    def resume_reading(self) -> None:
        self._transport.resume_reading()

    def is_reading(self) -> bool:
        return self._transport.is_reading()

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self._transport.set_protocol(protocol)

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self._transport.get_protocol()

    def get_write_buffer_size(self) -> int:
        return self._transport.get_write_buffer_size() + sum(len(d) for d in self._held)

    def get_write_buffer_limits(self) -> tuple[int, int]:
        return self._transport.get_write_buffer_limits()

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        self._transport.set_write_buffer_limits(high, low)


class HeaderTooLarge(Exception):
    """Raised from a parser callback: httptools reports it as a callback error."""


def _raw_response(status: int, reason: str, message: str) -> bytes:
    body = json.dumps({"error": {"code": reason, "message": message}}).encode()
    phrase = {408: "Request Timeout", 431: "Request Header Fields Too Large"}.get(status, "")
    phrase = phrase or {503: "Service Unavailable"}.get(status, "Bad Request")
    head = (
        f"HTTP/1.1 {status} {phrase}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n"
    )
    if status == 503:
        head += "retry-after: 1\r\n"
    return head.encode() + b"\r\n" + body


def bounded_protocol(bounds: Bounds) -> type[HttpToolsProtocol]:
    """uvicorn's ``http`` protocol class holding ``bounds`` (one census per server)."""
    census = Census(bounds, networks(bounds.trusted_proxies))
    limit = bounds.max_header_bytes

    class Bounded(HttpToolsProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.address: str | None = None
            self.in_header = True  # waiting for (the rest of) a request line and header
            self.header_bytes = 0  # received while in_header
            self.too_large = False
            self.header_timer: asyncio.TimerHandle | None = None
            self.body_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            transport = JoinedWrites(transport, self.loop)
            super().connection_made(transport)
            address = self.client[0] if self.client else ""
            refusal = census.admit(address)
            if refusal is not None:
                transport.write(_raw_response(503, "too_many_connections", refusal))
                transport.close()
                return
            self.address = address
            self.header_timer = self.loop.call_later(bounds.header_timeout_s, self._header_late)

        def connection_lost(self, exc: Exception | None) -> None:
            for timer in (self.header_timer, self.body_timer):
                if timer is not None:
                    timer.cancel()
            self.header_timer = self.body_timer = None
            if self.address is not None:
                census.leave(self.address)
                self.address = None
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self.in_header:
                self.header_bytes += len(data)
                if self.header_timer is None and not self.transport.is_closing():
                    self.header_timer = self.loop.call_later(
                        bounds.header_timeout_s, self._header_late
                    )
            super().data_received(data)
            if self.in_header and self.header_bytes > limit and not self.transport.is_closing():
                self.too_large = True
                self.send_400_response("")

        def on_headers_complete(self) -> None:
            self.in_header = False
            if self.header_timer is not None:
                self.header_timer.cancel()
                self.header_timer = None
            size = len(self.url) + 14 + sum(len(n) + len(v) + 4 for n, v in self.headers)
            if size > limit:
                self.too_large = True
                raise HeaderTooLarge
            self.body_timer = self.loop.call_later(bounds.body_timeout_s, self._body_late)
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            self.in_header, self.header_bytes = True, 0
            if self.body_timer is not None:
                self.body_timer.cancel()
                self.body_timer = None
            super().on_message_complete()

        def send_400_response(self, msg: str) -> None:
            if self.too_large:
                message = f"the request line and header exceed {limit} bytes"
                self.transport.write(_raw_response(431, "header_too_large", message))
                self.transport.close()
                return
            super().send_400_response(msg)

        def _header_late(self) -> None:
            self.header_timer = None
            if self.transport.is_closing() or not self.in_header:
                return
            if self.cycle is None or self.cycle.response_complete:
                message = f"the request header did not come within {bounds.header_timeout_s} s"
                self.transport.write(_raw_response(408, "request_timeout", message))
            self.transport.close()

        def _body_late(self) -> None:
            self.body_timer = None
            if not self.transport.is_closing() and not self.in_header:
                self.transport.close()

    return Bounded
