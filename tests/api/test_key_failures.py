"""Unknown keys are bounded per client address: each one presented costs a store lookup, so
past ``MEMORYD_API__KEY_FAILURES_PER_CLIENT`` of them in a window the client is answered 429
before any lookup, on the /v1 routes and the MCP transport alike. A key already resolved
goes on working, and so does a valid key that needs a lookup: only keys that fail are
throttled, so one keyless client behind an address others share (a NAT, an ingress) cannot
lock their keys out."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest

from tests.api.conftest import LIMITS, Served, serving

pytestmark = [pytest.mark.redis, pytest.mark.postgres]

FAILURES = 5


@pytest.fixture(scope="module")
def guarded(stack: tuple[str, str]) -> Iterator[Served]:
    yield from serving(stack, **LIMITS, MEMORYD_API__KEY_FAILURES_PER_CLIENT=str(FAILURES))


def _forged() -> str:
    return f"mdk_{secrets.token_hex(6)}_{secrets.token_urlsafe(32)}"


def test_a_client_presenting_unknown_keys_is_stopped_before_the_store(guarded: Served) -> None:
    known = guarded.key("reader")
    with guarded.client(known) as client:
        assert client.get("/v1/recall/manifest").status_code == 200  # resolved, now cached
    with guarded.client() as client:
        statuses = [
            client.get(
                "/v1/recall/manifest", headers={"Authorization": f"Bearer {_forged()}"}
            ).status_code
            for _ in range(FAILURES)
        ]
        assert statuses == [401] * FAILURES
        stopped = client.get(
            "/v1/recall/manifest", headers={"Authorization": f"Bearer {_forged()}"}
        )
        assert stopped.status_code == 429
        assert stopped.json()["error"]["code"] == "too_many_failed_keys"
        assert 1 <= int(stopped.headers["retry-after"]) <= 60
        mcp = client.post(
            "/mcp/",
            headers={"Authorization": f"Bearer {_forged()}", "Accept": "application/json"},
            json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
        )
        assert mcp.status_code == 429
        assert mcp.json()["error"]["code"] == "too_many_failed_keys"
        fresh = guarded.key("reader")  # valid, and never looked up before
        served = client.get("/v1/recall/manifest", headers={"Authorization": f"Bearer {fresh}"})
        assert served.status_code == 200
        still = client.get("/v1/recall/manifest", headers={"Authorization": f"Bearer {_forged()}"})
        assert still.status_code == 429
    with guarded.client(known) as client:
        assert client.get("/v1/recall/manifest").status_code == 200
    with guarded.client() as client:
        metrics = client.get("/metrics").text
    assert 'memoryd_api_refusals_total{reason="too_many_failed_keys"}' in metrics


def test_rotating_x_forwarded_for_does_not_lift_the_throttle(stack: tuple[str, str]) -> None:
    """No proxy is trusted by default: a client naming itself anew in X-Forwarded-For on
    each request is still the one address it connects from."""
    url, prefix = stack
    for served in serving(
        (url, f"{prefix}-xff"), **LIMITS, MEMORYD_API__KEY_FAILURES_PER_CLIENT=str(FAILURES)
    ):
        with served.client() as client:
            statuses = [
                client.get(
                    "/v1/recall/manifest",
                    headers={
                        "Authorization": f"Bearer {_forged()}",
                        "X-Forwarded-For": f"198.51.100.{i}",
                    },
                ).status_code
                for i in range(FAILURES + 5)
            ]
        assert statuses == [401] * FAILURES + [429] * 5


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_throttle(
    stack: tuple[str, str],
) -> None:
    url, prefix = stack
    for served in serving(
        (url, f"{prefix}-proxy"),
        **LIMITS,
        MEMORYD_API__KEY_FAILURES_PER_CLIENT=str(FAILURES),
        MEMORYD_API__TRUSTED_PROXIES='["127.0.0.1"]',
    ):
        with served.client() as client:

            def status(forwarded: str) -> int:
                headers = {"Authorization": f"Bearer {_forged()}", "X-Forwarded-For": forwarded}
                return client.get("/v1/recall/manifest", headers=headers).status_code

            assert [status("198.51.100.7") for _ in range(FAILURES + 1)][-1] == 429
            assert status("198.51.100.8") == 401  # another client behind the same proxy
