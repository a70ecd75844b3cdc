"""The scratch store on fakeredis and the real Redis: values round-trip as JSON, secrets are
redacted, each scope and session has its own store, the caps refuse a write whole, a write
sets the TTL, and with a data key the values are sealed at rest."""

from __future__ import annotations

from dataclasses import replace

import pytest
from arq.connections import ArqRedis

from daemon.base.errors import SealedDataError
from daemon.base.redis_keys import Keys
from daemon.base.scope import ScopeKey
from daemon.base.sealing import DataKeys, Sealer, new_key_line
from daemon.base.settings import ScratchSettings
from daemon.tools.scratch import Scratch, ScratchFull, _digest

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


def _sealer(*lines: str) -> Sealer:
    return Sealer(DataKeys.parse(",".join(lines), source="test"))


async def test_with_a_data_key_values_are_sealed_at_rest_and_read_back_clear(
    redis: ArqRedis, prefix: str
) -> None:
    keys, k1 = Keys(prefix), new_key_line("k1")
    roomy = ScratchSettings(max_value_bytes=500, max_session_bytes=2_000)
    scratch = Scratch(redis, keys, roomy, _sealer(k1))
    plan = {"next": "migrate the ledger", "files": ["ledger.py"]}
    await scratch.put(ALICE, "s-1", "plan", plan)
    stored = await redis.hgetall(keys.scratch(_digest(ALICE, "s-1")))  # type: ignore[misc]
    assert list(stored) == [b"plan"]
    assert stored[b"plan"].startswith(b"enc:v1:k1:")
    assert b"ledger" not in stored[b"plan"] and b"migrate" not in stored[b"plan"]
    assert await scratch.get(ALICE, "s-1", "plan") == (True, plan)
    assert (await scratch.entries(ALICE, "s-1"))[0] == {"plan": plan}

    # Without the key the sealed value does not open; a rotated ring still opens it.
    with pytest.raises(SealedDataError):
        await Scratch(redis, keys, roomy).get(ALICE, "s-1", "plan")
    rotated = Scratch(redis, keys, roomy, _sealer(new_key_line("k2"), k1))
    assert await rotated.get(ALICE, "s-1", "plan") == (True, plan)
    # A value copied to another key does not open.
    copy = keys.scratch(_digest(ALICE, "s-1"))
    await redis.hset(copy, "copy", stored[b"plan"])  # type: ignore[misc]
    with pytest.raises(SealedDataError):
        await scratch.get(ALICE, "s-1", "copy")


async def test_sealed_values_count_their_clear_bytes_against_the_caps(
    redis: ArqRedis, prefix: str
) -> None:
    """The caps mean the same with a data key as without: 40 clear bytes fit a 50-byte value
    cap although the envelope holding them is longer, and the session total is the clear
    total, a clear value written before the key was configured included."""
    keys = Keys(prefix)
    await Scratch(redis, keys, CAPS).put(ALICE, "s-9", "a", "x" * 20)  # 22 bytes, in clear
    sealed = Scratch(redis, keys, CAPS, _sealer(new_key_line("k1")))
    stored = await sealed.put(ALICE, "s-9", "b", "y" * 38)  # 40 bytes, sealed
    assert stored.total_bytes == 62
    raw = await redis.hget(keys.scratch(_digest(ALICE, "s-9")), "b")  # type: ignore[misc]
    assert len(raw) > CAPS.max_value_bytes
    with pytest.raises(ScratchFull) as full:
        await sealed.put(ALICE, "s-9", "a", "z" * 39)  # 41 + 40 > 80
    assert full.value.code == "scratch_full" and "81" in str(full.value)
    assert (await sealed.put(ALICE, "s-9", "a", "z" * 38)).total_bytes == 80
    with pytest.raises(ScratchFull) as big:
        await sealed.put(ALICE, "s-9", "b", "y" * 49)
    assert big.value.code == "value_too_large"
    assert (await sealed.entries(ALICE, "s-9"))[0] == {"a": "z" * 38, "b": "y" * 38}
