"""How ``memoryd serve`` starts: secure by default, loud when told otherwise."""

from __future__ import annotations

from collections.abc import Iterator

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
