"""Resolving a bearer key: the header's shape, unknown and revoked keys refused with 401,
the cache bounded by ``key_cache_s`` and dropped when the revocation epoch moves."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from daemon.access.grant import Role
from daemon.access.key_lifecycle import create_key, revoke
from daemon.access.keyring import Keyring, bearer_token
from daemon.access.refusals import ApiError
from daemon.app.container import Container
from daemon.base.clock import FakeClock

NOW = datetime(2026, 1, 1, tzinfo=UTC)
UNKNOWN = "mdk_000000000000_" + "A" * 43


@pytest.mark.parametrize(
    ("header", "code"),
    [
        (None, "missing_key"),
        ("", "missing_key"),
        ("Basic abc", "malformed_key"),
        ("Bearer  ", "malformed_key"),
    ],
)
def test_a_header_without_a_bearer_key_is_a_401_saying_what_is_wrong(
    header: str | None, code: str
) -> None:
    with pytest.raises(ApiError) as caught:
        bearer_token(header)
    assert (caught.value.status, caught.value.code) == (401, code)
    assert caught.value.headers["WWW-Authenticate"].startswith("Bearer")


def test_the_key_of_a_bearer_header_whatever_the_scheme_s_case() -> None:
    assert bearer_token("Bearer mdk_x_y") == "mdk_x_y"
    assert bearer_token("bearer  mdk_x_y ") == "mdk_x_y"


async def test_a_key_resolves_to_its_grant_and_a_wrong_one_is_refused(runtime: Container) -> None:
    clock = FakeClock(NOW)
    made = await create_key(
        runtime.store, clock, tenant="acme", projects=("billing",), role=Role.HOST
    )
    keyring = Keyring(runtime.store, clock, cache_s=30)
    grant = await keyring.load(made.key)
    assert (grant.tenant, grant.projects, grant.role) == ("acme", ("billing",), Role.HOST)
    for token, code in (
        ("not-a-key", "invalid_key"),
        (UNKNOWN, "invalid_key"),
        (made.key[:-1] + "B", "invalid_key"),
    ):
        with pytest.raises(ApiError) as caught:
            await keyring.load(token)
        assert (caught.value.status, caught.value.code) == (401, code)
        assert await keyring.resolve(token) is None
        assert keyring.cached(token) is None  # unknown keys are never cached


async def test_the_cache_lasts_key_cache_s_and_a_revoked_key_is_refused_after_it(
    runtime: Container,
) -> None:
    clock = FakeClock(NOW)
    made = await create_key(runtime.store, clock, tenant="acme", role=Role.READER)
    keyring = Keyring(runtime.store, clock, cache_s=30)
    grant = await keyring.load(made.key)
    assert keyring.cached(made.key) == grant
    assert await revoke(runtime.store, clock, made.record.key_id, redis=None, keys=runtime.keys)
    clock.advance(30)
    assert await keyring.resolve(made.key) == grant  # still within the cache
    clock.advance(1)
    assert keyring.cached(made.key) is None
    with pytest.raises(ApiError) as caught:
        await keyring.load(made.key)
    assert caught.value.code == "key_revoked"
    assert await keyring.resolve(made.key) is None


async def test_no_cache_when_key_cache_s_is_zero(runtime: Container) -> None:
    clock = FakeClock(NOW)
    made = await create_key(runtime.store, clock, tenant="acme", role=Role.READER)
    keyring = Keyring(runtime.store, clock, cache_s=0)
    await keyring.load(made.key)
    assert keyring.cached(made.key) is None


async def test_a_moved_revocation_epoch_drops_the_cache(runtime: Container) -> None:
    clock = FakeClock(NOW)
    made = await create_key(runtime.store, clock, tenant="acme", role=Role.READER)
    keyring = Keyring(runtime.store, clock, cache_s=30)
    assert keyring.observe_epoch(3) is False  # the first epoch read is no move
    await keyring.load(made.key)
    assert keyring.observe_epoch(3) is False
    assert keyring.cached(made.key) is not None
    assert keyring.observe_epoch(4) is True
    assert keyring.cached(made.key) is None


async def test_concurrent_requests_for_one_key_share_one_store_read(
    runtime: Container, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    import daemon.access.keyring as keyring_module

    reads: list[str] = []
    real = keyring_module.find_key

    async def counted(conn: object, key_id: str) -> object:
        reads.append(key_id)
        return await real(conn, key_id)  # type: ignore[arg-type]

    monkeypatch.setattr(keyring_module, "find_key", counted)
    clock = FakeClock(NOW)
    made = await create_key(runtime.store, clock, tenant="acme", role=Role.READER)
    keyring = Keyring(runtime.store, clock, cache_s=30)
    found = await asyncio.gather(*(keyring.fetch(made.key) for _ in range(40)))
    assert len(reads) == 1 and {r.grant.key_id for r in found} == {made.record.key_id}
    refused = await asyncio.gather(
        *(keyring.fetch(UNKNOWN) for _ in range(10)), return_exceptions=True
    )
    assert len(reads) == 2 and all(isinstance(r, ApiError) for r in refused)


async def test_a_grant_read_before_a_revocation_is_read_again(runtime: Container) -> None:
    """A request is served on a grant only when the grant was read under the epoch the
    request's own round trip read: after a bump, the key is read again and refused."""
    clock = FakeClock(NOW)
    made = await create_key(runtime.store, clock, tenant="acme", role=Role.READER)
    keyring = Keyring(runtime.store, clock, cache_s=30)
    keyring.observe_epoch(3)
    before = await keyring.fetch(made.key)
    assert before.epoch == 3
    assert await keyring.current(made.key, before, 3) == before.grant  # nothing moved
    assert await revoke(runtime.store, clock, made.record.key_id, redis=None, keys=runtime.keys)
    stale = keyring.cached_resolution(made.key)
    assert stale is not None  # still cached: only the epoch tells
    with pytest.raises(ApiError) as caught:
        await keyring.current(made.key, stale, 4)
    assert caught.value.code == "key_revoked"
    assert keyring.cached_resolution(made.key) is None
