"""The census of connections: the overall and per-address bounds, trusted proxies excepted.
(The protocol itself is tested on a real socket in tests/cli/test_serve.py.)"""

from __future__ import annotations

import pytest

from daemon.api.connections import Bounds, Census, networks, within

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
