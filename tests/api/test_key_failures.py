"""Unknown keys are bounded per client address: each one presented costs a store lookup, so
past ``MEMORYD_API__KEY_FAILURES_PER_CLIENT`` of them in a window the client is answered 429
before any lookup, on the /v1 routes and the MCP transport alike. A key already resolved
goes on working; a key that would need a lookup waits for the window to end."""

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
        fresh = guarded.key("reader")  # valid, but it would take a lookup
        waiting = client.get("/v1/recall/manifest", headers={"Authorization": f"Bearer {fresh}"})
        assert waiting.status_code == 429
    with guarded.client(known) as client:
        assert client.get("/v1/recall/manifest").status_code == 200
    with guarded.client() as client:
        metrics = client.get("/metrics").text
    assert 'memoryd_api_refusals_total{reason="too_many_failed_keys"}' in metrics
