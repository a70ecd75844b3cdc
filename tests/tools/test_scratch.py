"""The scratch store on fakeredis and the real Redis: values round-trip as JSON, secrets are
redacted, each scope and session has its own store, the caps refuse a write whole, and a
write sets the TTL."""

from __future__ import annotations

from dataclasses import replace

import pytest
from arq.connections import ArqRedis

from daemon.base.redis_keys import Keys
from daemon.base.scope import ScopeKey
from daemon.base.settings import ScratchSettings
from daemon.tools.scratch import Scratch, ScratchFull

ALICE = ScopeKey(project="billing", user="alice", tenant="acme")
CAPS = ScratchSettings(ttl_s=60, max_value_bytes=50, max_keys=2, max_session_bytes=80)


async def test_values_round_trip_per_scope_and_session(redis: ArqRedis, prefix: str) -> None:
    scratch = Scratch(redis, Keys(prefix), CAPS)
    stored = await scratch.put(ALICE, "s-1", "plan", {"n": 1, "xs": [True, None]})
    assert (stored.redacted, stored.ttl_s) == (0, 60)
    assert await scratch.get(ALICE, "s-1", "plan") == (True, {"n": 1, "xs": [True, None]})
    entries, ttl = await scratch.entries(ALICE, "s-1")
    assert entries == {"plan": {"n": 1, "xs": [True, None]}} and 0 < ttl <= 60
    for scope, session in ((replace(ALICE, user="bob"), "s-1"), (ALICE, "s-2"),
                           (replace(ALICE, tenant="globex"), "s-1")):  # fmt: skip
        assert await scratch.entries(scope, session) == ({}, 0)
    assert await scratch.delete(ALICE, "s-1") == 1
    assert await scratch.get(ALICE, "s-1", "plan") == (False, None)


async def test_secrets_are_redacted_and_caps_refuse_whole(redis: ArqRedis, prefix: str) -> None:
    scratch = Scratch(redis, Keys(prefix), ScratchSettings(max_value_bytes=200))
    stored = await scratch.put(ALICE, "s-1", "t", "key sk-live-4eC39HqLyjWDarjtT1zdp7dc")
    assert stored.redacted == 1
    assert "sk-live" not in str(await scratch.get(ALICE, "s-1", "t"))
    small = Scratch(redis, Keys(prefix), CAPS)
    with pytest.raises(ScratchFull) as big:
        await small.put(ALICE, "s-9", "a", "x" * 60)
    assert big.value.code == "value_too_large"
    await small.put(ALICE, "s-9", "a", "x" * 40)
    with pytest.raises(ScratchFull) as full:
        await small.put(ALICE, "s-9", "b", "x" * 40)
    assert full.value.code == "scratch_full"
    await small.put(ALICE, "s-9", "b", "y")
    with pytest.raises(ScratchFull) as many:
        await small.put(ALICE, "s-9", "c", "z")
    assert many.value.code == "too_many_keys"
    assert (await small.entries(ALICE, "s-9"))[0] == {"a": "x" * 40, "b": "y"}
