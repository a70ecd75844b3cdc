"""The census of connections: the overall and per-address bounds, trusted proxies excepted;
a connection's writes within one turn of the loop leaving together. (The protocol itself is
tested on a real socket in tests/cli/test_serve.py.)"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from daemon.api.connections import Bounds, Census, JoinedWrites, networks, within

BOUNDS = Bounds(
    max_header_bytes=1024,
    header_timeout_s=1.0,
    body_timeout_s=1.0,
    max_connections=4,
    max_connections_per_client=2,
    trusted_proxies=("10.0.0.0/8", "::1"),
)


def test_one_address_is_held_to_its_share_and_everyone_to_the_total() -> None:
    census = Census(BOUNDS, networks(BOUNDS.trusted_proxies))
    assert census.admit("192.0.2.1") is None
    assert census.admit("192.0.2.1") is None
    assert census.admit("192.0.2.1") == "this address holds as many connections as one client may"
    assert census.admit("10.1.2.3") is None and census.admit("10.1.2.3") is None  # a proxy
    assert census.admit("192.0.2.9") == "the server holds as many connections as it takes"
    census.leave("192.0.2.1")
    assert census.admit("192.0.2.9") is None
    for address in ("192.0.2.1", "192.0.2.9", "10.1.2.3", "10.1.2.3"):
        census.leave(address)
    assert (census.total, census.by_address) == (0, {})


@pytest.mark.parametrize(
    ("address", "trusted"),
    [("10.200.0.1", True), ("::1", True), ("11.0.0.1", False), ("", False), ("bogus", False)],
)
def test_trusted_proxies_by_address_or_network(address: str, trusted: bool) -> None:
    assert within(address, networks(BOUNDS.trusted_proxies)) is trusted


def test_any_address_is_trusted_with_a_star() -> None:
    assert within("203.0.113.5", networks(["*"])) and within("2001:db8::1", networks(["*"]))


class _Recorded:
    """Stands in for a socket's transport: what each call handed it."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []
        self.closing = False

    def write(self, data: bytes) -> None:
        self.calls.append(("write", bytes(data)))

    def writelines(self, list_of_data: list[bytes]) -> None:
        self.calls.append(("writelines", [bytes(d) for d in list_of_data]))

    def close(self) -> None:
        self.closing = True
        self.calls.append(("close", None))

    def is_closing(self) -> bool:
        return self.closing


async def test_a_response_head_and_body_leave_in_one_call_once_the_loop_turns() -> None:
    raw = _Recorded()
    joined = JoinedWrites(raw, asyncio.get_running_loop())  # type: ignore[arg-type]
    joined.write(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n")
    joined.write(b"ok")
    assert raw.calls == []
    await asyncio.sleep(0)
    assert raw.calls == [("writelines", [b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n", b"ok"])]


async def test_writes_of_later_turns_leave_as_they_come() -> None:
    """A response streamed over several turns is not held back for the next part."""
    raw = _Recorded()
    joined = JoinedWrites(raw, asyncio.get_running_loop())  # type: ignore[arg-type]
    joined.write(b"head")
    await asyncio.sleep(0)
    joined.write(b"part")
    await asyncio.sleep(0)
    assert raw.calls == [("write", b"head"), ("write", b"part")]


async def test_closing_writes_what_is_held_first_and_a_closed_connection_gets_nothing() -> None:
    raw = _Recorded()
    joined = JoinedWrites(raw, asyncio.get_running_loop())  # type: ignore[arg-type]
    joined.write(b"HTTP/1.1 503 Service Unavailable\r\n\r\n")
    joined.close()
    assert raw.calls == [("write", b"HTTP/1.1 503 Service Unavailable\r\n\r\n"), ("close", None)]
    assert joined.is_closing()
    joined.write(b"late")  # the client went away meanwhile: dropped, as the socket would
    await asyncio.sleep(0)
    assert raw.calls[-1] == ("close", None)
