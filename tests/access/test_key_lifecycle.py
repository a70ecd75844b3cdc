"""Making, listing and revoking tenant keys: the key shown once and stored only as its
digest, identifiers checked, a revocation told to serve processes through Redis."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from daemon.access.grant import Role
from daemon.access.key_lifecycle import KeyRefused, create_key, find_keys, revoke
from daemon.access.tokens import digest, key_id_of
from daemon.app.container import Container
from daemon.base.clock import FakeClock

NOW = datetime(2026, 1, 1, tzinfo=UTC)


async def test_a_created_key_is_stored_as_its_digest_with_its_scope(runtime: Container) -> None:
    clock = FakeClock(NOW)
    made = await create_key(
        runtime.store,
        clock,
        tenant="acme",
        projects=("web", "billing", "web"),
        user="alice",
        role=Role.AGENT,
    )
    assert key_id_of(made.key) == made.record.key_id
    assert made.record.key_hash == digest(made.key) and made.key not in made.record.key_hash
    assert (made.record.tenant, made.record.projects, made.record.user, made.record.role) == (
        "acme",
        ("billing", "web"),
        "alice",
        "agent",
    )
    assert made.record.created_at == NOW
    [listed] = await find_keys(runtime.store, tenant="acme")
    assert listed.key_id == made.record.key_id
    assert await find_keys(runtime.store, tenant="globex") == []


async def test_the_default_tenant_is_allowed_and_bad_identifiers_are_refused(
    runtime: Container,
) -> None:
    clock = FakeClock(NOW)
    made = await create_key(runtime.store, clock, tenant="", role=Role.READER)
    assert made.record.tenant == ""
    for kwargs in (
        {"tenant": "a" * 1000},
        {"tenant": "acme", "projects": ("",)},
        {"tenant": "acme", "user": ""},
        {"tenant": "acme\x00"},
    ):
        with pytest.raises(KeyRefused):
            await create_key(runtime.store, clock, role=Role.READER, **kwargs)  # type: ignore[arg-type]
    assert len(await find_keys(runtime.store)) == 1


async def test_revoking_hides_the_key_bumps_the_epoch_and_happens_once(runtime: Container) -> None:
    clock = FakeClock(NOW)
    made = await create_key(runtime.store, clock, tenant="acme", role=Role.READER)
    key_id = made.record.key_id
    assert await runtime.redis.get(runtime.keys.keys_epoch) is None
    done = await revoke(runtime.store, clock, key_id, redis=runtime.redis, keys=runtime.keys)
    assert done is not None and done.announced
    assert int(await runtime.redis.get(runtime.keys.keys_epoch)) == 1
    assert await find_keys(runtime.store) == []
    [revoked] = await find_keys(runtime.store, revoked=True)
    assert revoked.revoked_at is not None
    assert not await revoke(runtime.store, clock, key_id, redis=runtime.redis, keys=runtime.keys)
    assert not await revoke(runtime.store, clock, "nosuchkey", redis=None, keys=runtime.keys)
    assert int(await runtime.redis.get(runtime.keys.keys_epoch)) == 1


async def test_a_revocation_redis_could_not_hear_is_said_unannounced(runtime: Container) -> None:
    """Redis away: the key is revoked in the store, and the answer says the processes were
    not told (they refuse it within ``key_cache_s``)."""

    class Unreachable:
        async def incr(self, name: str) -> int:
            raise ConnectionError("Redis is away")

    clock = FakeClock(NOW)
    made = await create_key(runtime.store, clock, tenant="acme", role=Role.READER)
    away = Unreachable()
    done = await revoke(runtime.store, clock, made.record.key_id, redis=away, keys=runtime.keys)  # type: ignore[arg-type]
    assert done is not None and not done.announced
    assert await find_keys(runtime.store) == []
    unknown = await revoke(runtime.store, clock, "nosuchkey", redis=None, keys=runtime.keys)
    assert unknown is None
