"""The dependency every /v1 route takes: the header's key resolved and rate-limited, a
revocation seen at once through the epoch, unknown keys bounded per client, a misspelt query
parameter refused, and ``--no-auth`` answering local clients only."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from daemon.access.key_lifecycle import revoke
from tests.api.in_process import in_process
from tests.backends import SqliteTemplate

pytestmark = [pytest.mark.redis]

MANIFEST = "/v1/recall/manifest?project=billing"
UNKNOWN = "mdk_000000000000_" + "A" * 43


async def test_a_revoked_key_is_refused_at_its_next_request_despite_the_cache(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with in_process(sqlite_template, tmp_path, prefix, api={"key_cache_s": 600}) as api:
        key = await api.key()
        async with api.client(key) as client:
            assert (await client.get("/v1/recall/manifest")).status_code == 200
            key_id = key.split("_")[1]
            ctx = api.ctx
            assert await revoke(ctx.store, api.clock, key_id, redis=ctx.redis, keys=ctx.keys)
            refused = await client.get("/v1/recall/manifest")
        assert refused.status_code == 401
        assert refused.json()["error"]["code"] == "key_revoked"


async def test_a_concurrent_burst_after_a_revocation_is_refused_whole(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    """Every request of the burst took the cached grant before the first round trip told of
    the revocation: each must still be refused, not only the first to see the epoch move."""
    async with in_process(sqlite_template, tmp_path, prefix, api={"key_cache_s": 600}) as api:
        key = await api.key()
        async with api.client(key) as client:
            assert (await client.get("/v1/recall/manifest")).status_code == 200
            ctx = api.ctx
            assert await revoke(
                ctx.store, api.clock, key.split("_")[1], redis=ctx.redis, keys=ctx.keys
            )
            burst = await asyncio.gather(*(client.get("/v1/recall/manifest") for _ in range(40)))
        assert [answer.status_code for answer in burst] == [401] * 40


async def test_a_valid_key_is_served_from_an_address_over_its_failures(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    """One keyless client behind an address others share (a NAT) cannot lock their keys
    out: past the budget, failures are answered 429, a valid key read and served."""
    async with in_process(
        sqlite_template, tmp_path, prefix, api={"key_failures_per_client": 3}
    ) as api:
        async with api.client(UNKNOWN) as client:
            for _ in range(4):
                await client.get("/v1/recall/manifest")
        async with api.client(await api.key()) as client:  # never looked up before
            assert (await client.get("/v1/recall/manifest")).status_code == 200
        async with api.client(UNKNOWN) as client:
            assert (await client.get("/v1/recall/manifest")).status_code == 429


async def test_unknown_keys_from_one_client_are_bounded_per_window(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with in_process(
        sqlite_template, tmp_path, prefix, api={"key_failures_per_client": 3}
    ) as api:
        good = await api.key()
        async with api.client(good) as client:  # resolved once: in the keyring's cache now
            assert (await client.get("/v1/recall/manifest")).status_code == 200
        async with api.client(UNKNOWN) as client:
            codes = [
                (await client.get("/v1/recall/manifest")).json()["error"]["code"] for _ in range(4)
            ]
            assert codes == ["invalid_key"] * 3 + ["too_many_failed_keys"]
            last = await client.get("/v1/recall/manifest")
            assert last.status_code == 429 and last.headers["retry-after"] == "35"
        async with api.client(good) as client:  # a cached key is not looked up: it passes
            assert (await client.get("/v1/recall/manifest")).status_code == 200
        api.clock.advance(35)
        async with api.client(UNKNOWN) as client:
            again = await client.get("/v1/recall/manifest")
            assert again.json()["error"]["code"] == "invalid_key"


async def test_an_unknown_query_parameter_is_refused_with_the_route_s_own(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with in_process(sqlite_template, tmp_path, prefix) as api:
        key = await api.key()
        async with api.client(key) as client:
            refused = await client.get("/v1/recall/search", params={"query": "x", "lmit": "3"})
    assert refused.status_code == 422
    body = refused.json()["error"]
    assert body["code"] == "invalid_request"
    assert "'lmit'" in body["message"] and "limit" in body["message"]


async def test_no_auth_answers_loopback_clients_and_refuses_web_pages(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with (
        in_process(sqlite_template, tmp_path, prefix, auth=False) as api,
        api.client() as client,
    ):
        local = {"host": "127.0.0.1:8080"}
        assert (await client.get(MANIFEST, headers=local)).status_code == 200
        for headers in (
            {"host": "evil.example:8080"},
            {"host": "127.0.0.1:8080", "origin": "http://evil.example"},
        ):
            refused = await client.get(MANIFEST, headers=headers)
            assert refused.status_code == 403
            assert refused.json()["error"]["code"] == "foreign_origin"
        page = {"host": "localhost:8080", "origin": "http://localhost:3000"}
        assert (await client.get(MANIFEST, headers=page)).status_code == 200
