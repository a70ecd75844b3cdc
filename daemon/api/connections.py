"""The connections ``memoryd serve`` takes, bounded before any request reaches the app.

uvicorn's own HTTP/1.1 protocol (on the ``h11`` parser) with four bounds added, each one
cheap whatever a client sends:

- a request line and header of at most ``max_header_bytes``: past it, 431 and the connection
  closed. h11 holds the bound in its receive buffer and searches it for the header's end in
  linear time, so a 64 MiB header costs one bounded read, not its size squared (the
  ``httptools`` parser uvicorn otherwise picks ignores the bound and gathers the whole
  header);
- the whole header within ``header_timeout_s`` of the connection (or of the first byte of
  the next request on a kept-alive one): past it, 408 and closed;
- the whole body within ``body_timeout_s`` of the header: past it, closed (the app hears the
  client left);
- at most ``max_connections`` open connections, ``max_connections_per_client`` of them from
  one address (a trusted proxy excepted: its clients are many): past them a new connection
  is answered 503 and closed at once, so it holds no descriptor.

A client therefore holds at most ``max_connections_per_client`` connections, each for at
most ``header_timeout_s`` before its request is complete.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

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


class _Connection(h11.Connection):
    """h11's connection, remembering the status its parser hinted at when it refused, and
    refusing a header over the bound that came whole in one read (h11 bounds only what is
    still incomplete)."""

    refusal_status = 400

    def __init__(self, max_header_bytes: int) -> None:
        super().__init__(h11.SERVER, max_incomplete_event_size=max_header_bytes)
        self.max_header_bytes = max_header_bytes

    def next_event(self) -> Any:
        try:
            event = super().next_event()
            if isinstance(event, h11.Request) and _size(event) > self.max_header_bytes:
                raise h11.RemoteProtocolError("header too long", error_status_hint=431)
        except h11.RemoteProtocolError as exc:
            self.refusal_status = exc.error_status_hint
            raise
        return event


def _size(request: h11.Request) -> int:
    """The bytes of a request line and header, as sent (give or take the spaces)."""
    line = len(request.method) + len(request.target) + 12
    return line + sum(len(name) + len(value) + 4 for name, value in request.headers) + 2


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


def bounded_protocol(bounds: Bounds) -> type[H11Protocol]:
    """uvicorn's ``http`` protocol class holding ``bounds`` (one census per server)."""
    census = Census(bounds, networks(bounds.trusted_proxies))

    class Bounded(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.conn = _Connection(bounds.max_header_bytes)
            self.address: str | None = None
            self.header_timer: asyncio.TimerHandle | None = None
            self.body_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
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
            self._stop_timers()
            if self.address is not None:
                census.leave(self.address)
                self.address = None
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self._watch(arrived=True)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._watch(arrived=False)

        def send_400_response(self, msg: str) -> None:
            status = getattr(self.conn, "refusal_status", 400)
            if status == 431:
                message = f"the request line and header exceed {bounds.max_header_bytes} bytes"
                self.transport.write(_raw_response(431, "header_too_large", message))
                self.transport.close()
                return
            super().send_400_response(msg)

        def _watch(self, *, arrived: bool) -> None:
            """Arm the timer of what the connection waits for: a header (once a byte of
            it ``arrived``), a body, or neither (the app answers; uvicorn's keep-alive timer
            runs between requests)."""
            if self.transport.is_closing():
                return
            state = self.conn.their_state
            if state is h11.IDLE:
                if self.header_timer is None and arrived:
                    self.header_timer = self.loop.call_later(
                        bounds.header_timeout_s, self._header_late
                    )
                return
            if self.header_timer is not None:
                self.header_timer.cancel()
                self.header_timer = None
            if state is h11.SEND_BODY:
                if self.body_timer is None:
                    self.body_timer = self.loop.call_later(bounds.body_timeout_s, self._body_late)
            elif self.body_timer is not None:
                self.body_timer.cancel()
                self.body_timer = None

        def _stop_timers(self) -> None:
            for timer in (self.header_timer, self.body_timer):
                if timer is not None:
                    timer.cancel()
            self.header_timer = self.body_timer = None

        def _header_late(self) -> None:
            self.header_timer = None
            if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
                return
            if self.conn.our_state is h11.IDLE:
                message = f"the request header did not come within {bounds.header_timeout_s} s"
                self.transport.write(_raw_response(408, "request_timeout", message))
            self.transport.close()

        def _body_late(self) -> None:
            self.body_timer = None
            if not self.transport.is_closing() and self.conn.their_state is h11.SEND_BODY:
                self.transport.close()

    return Bounded
