"""How ``memoryd serve`` starts: secure by default, loud when told otherwise."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.api.conftest import Served, free_port, memoryd, serve_env, start_serve, stop

pytestmark = [pytest.mark.redis, pytest.mark.postgres]


@pytest.fixture
def bare(stack: tuple[str, str]) -> Iterator[Served]:
    """What a serve process would run on, not started; the store holds no key yet."""
    url, prefix = stack
    yield Served(f"http://127.0.0.1:{free_port()}", serve_env(url, prefix), url, prefix)


def test_refuses_a_public_address_while_no_key_exists_then_starts(bare: Served) -> None:
    port = bare.base_url.rsplit(":", 1)[1]
    refused = memoryd("serve", "--host", "0.0.0.0", "--port", port, env=bare.env)
    assert refused.returncode == 2
    assert "refusing to listen on 0.0.0.0 while no key exists" in refused.stderr
    key = bare.key("reader")
    process = start_serve(bare, "--host", "0.0.0.0")
    try:
        response = httpx.get(
            f"{bare.base_url}/v1/recall/manifest", headers={"Authorization": f"Bearer {key}"}
        )
        assert response.status_code == 200
        assert httpx.get(f"{bare.base_url}/v1/recall/manifest").status_code == 401
    finally:
        log = stop(process)
    assert key not in log


def test_no_auth_is_loud_and_takes_requests_without_a_key(bare: Served) -> None:
    process = start_serve(bare, "--no-auth")
    try:
        response = httpx.get(
            f"{bare.base_url}/v1/recall/search",
            params={"query": "tabs", "project": "p", "tenant": "anyone"},
        )
        assert response.status_code == 200
        assert response.json()["scope"]["tenant"] == "anyone"
    finally:
        log = stop(process)
    assert "api.no_auth" in log and "AUTHENTICATION IS OFF" in log


def test_a_request_over_the_time_limit_is_answered_504(bare: Served) -> None:
    """A body trickling in slower than MEMORYD_API__REQUEST_TIMEOUT_S allows: 504 timeout,
    and the server goes on answering."""
    bare.env["MEMORYD_API__REQUEST_TIMEOUT_S"] = "0.5"
    key = bare.key("host")
    process = start_serve(bare)

    def trickle() -> Any:
        for _ in range(10):
            time.sleep(0.2)
            yield b" "

    try:
        response = httpx.post(
            f"{bare.base_url}/v1/events",
            content=trickle(),
            headers={"Authorization": f"Bearer {key}"},
            timeout=10,
        )
        assert response.status_code == 504
        assert response.json()["error"]["code"] == "timeout"
        assert httpx.get(f"{bare.base_url}/healthz").status_code == 200
    finally:
        stop(process)
