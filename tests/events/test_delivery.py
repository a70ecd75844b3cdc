"""What became of an event before its turn is stored: its record, kept per tenant and
event id for the time-to-live, a re-send's newer entry kept, the dead mark of its entry
found beside it; nothing for an event never accepted; on fakeredis and a real Redis."""

from __future__ import annotations

from redis.asyncio import Redis

from daemon.base.redis_keys import Keys
from daemon.events.delivery import (
    DeadMark,
    Published,
    find_published,
    mark_dead,
    record_published,
)


def _published(tenant: str, entry_id: str, event_id: str = "e1") -> Published:
    return Published(
        tenant=tenant,
        event_id=event_id,
        session_id="s1",
        project="billing",
        user="",
        entry_id=entry_id,
        at="2026-11-27T05:00:00+00:00",
    )


async def test_a_record_is_kept_per_tenant_with_its_ttl(redis: Redis, prefix: str) -> None:
    keys = Keys(prefix)
    await record_published(redis, keys, [], ttl_s=60)  # nothing to do
    assert await find_published(redis, keys, "acme", "e1") is None
    await record_published(redis, keys, [_published("acme", "1-0")], ttl_s=60)
    assert await find_published(redis, keys, "acme", "e1") == (_published("acme", "1-0"), None)
    assert await find_published(redis, keys, "globex", "e1") is None  # another tenant's id
    assert 0 < await redis.ttl(keys.delivery("acme", "e1")) <= 60
    await record_published(redis, keys, [_published("acme", "2-0")], ttl_s=60)  # a re-send
    found = await find_published(redis, keys, "acme", "e1")
    assert found is not None and found[0].entry_id == "2-0"


async def test_a_dead_letter_is_found_beside_its_event(redis: Redis, prefix: str) -> None:
    keys = Keys(prefix)
    await record_published(redis, keys, [_published("acme", "3-0")], ttl_s=60)
    pipe = redis.pipeline(transaction=True)
    mark_dead(pipe, keys, "3-0", "turn clash", "2026-11-27T05:01:00+00:00", ttl_s=60)
    await pipe.execute()
    found = await find_published(redis, keys, "acme", "e1")
    assert found == (
        _published("acme", "3-0"),
        DeadMark(reason="turn clash", at="2026-11-27T05:01:00+00:00"),
    )
    assert 0 < await redis.ttl(keys.dead_entry("3-0")) <= 60
