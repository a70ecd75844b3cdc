"""What became of an event before its turn is stored: its record, kept per tenant and
event id for the time-to-live, a re-send's newer entry kept, the dead mark of its entry
found beside it; nothing for an event never accepted; records written in the command that
appends their events; on fakeredis and a real Redis."""

from __future__ import annotations

from redis.asyncio import Redis

from daemon.base.redis_keys import Keys, as_text
from daemon.events.delivery import (
    DeadMark,
    Published,
    _record,
    find_published,
    mark_dead,
    record_around,
    record_published,
)
from daemon.events.publisher import Publisher


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


def test_a_record_joined_around_its_entry_id_is_the_record_written_whole() -> None:
    odd = Published(
        tenant="acme",
        event_id="e1",
        session_id='s "quoted" \\ é \u2028',
        project="billing",
        user="ünïcode",
        entry_id="1732683600000-17",
        at="2026-11-27T05:00:00+00:00",
    )
    head, tail = record_around(odd.session_id, odd.project, odd.user, odd.at)
    assert head + odd.entry_id + tail == _record(odd)


async def test_events_appended_with_their_records_in_one_command_are_found(
    redis: Redis, prefix: str
) -> None:
    keys = Keys(prefix)
    publisher = Publisher(redis, keys)
    assert await publisher.send_recorded([], ttl_s=60) == ([], 0)
    at = "2026-11-27T05:00:00+00:00"
    entries = [
        (b'{"n":%d}' % i, keys.delivery("acme", f"e{i}"), record_around("s1", "billing", "", at))
        for i in range(3)
    ]
    entry_ids, unrecorded = await publisher.send_recorded(entries, ttl_s=60)
    assert unrecorded == 0
    stored = await redis.xrange(keys.stream)
    assert [as_text(entry_id) for entry_id, _ in stored] == entry_ids
    assert [fields[b"event"] for _, fields in stored] == [payload for payload, _, _ in entries]
    for i, entry_id in enumerate(entry_ids):
        found = await find_published(redis, keys, "acme", f"e{i}")
        assert found == (_published("acme", entry_id, f"e{i}"), None)
        assert 0 < await redis.ttl(keys.delivery("acme", f"e{i}")) <= 60


async def test_each_event_of_a_batch_of_several_sessions_is_recorded_with_its_own(
    redis: Redis, prefix: str
) -> None:
    """A record's text is sent once for the events of its session: interleaved sessions of
    one batch each keep their own session, project and user."""
    keys = Keys(prefix)
    publisher = Publisher(redis, keys)
    at = "2026-11-27T05:00:00+00:00"
    whose = [("s1", "billing", ""), ("s2", "search", "ann"), ("s1", "billing", "")] * 2
    records = {who: record_around(*who, at) for who in whose}
    entries = [
        (b'{"n":%d}' % i, keys.delivery("acme", f"e{i}"), records[who])
        for i, who in enumerate(whose)
    ]
    entry_ids, unrecorded = await publisher.send_recorded(entries, ttl_s=60)
    assert unrecorded == 0
    for i, (session_id, project, user) in enumerate(whose):
        found = await find_published(redis, keys, "acme", f"e{i}")
        assert found == (
            Published("acme", f"e{i}", session_id, project, user, entry_ids[i], at),
            None,
        )


async def test_an_event_whose_record_cannot_be_written_is_appended_all_the_same(
    redis: Redis, prefix: str
) -> None:
    """A record Redis refuses (here a lifetime it takes for none) is counted, each event
    appended whatever became of its record."""
    keys = Keys(prefix)
    publisher = Publisher(redis, keys)
    record = record_around("s1", "billing", "", "2026-11-27T05:00:00+00:00")
    entries = [(b'{"n":%d}' % i, keys.delivery("acme", f"e{i}"), record) for i in range(3)]
    entry_ids, unrecorded = await publisher.send_recorded(entries, ttl_s=0)
    assert (len(entry_ids), unrecorded) == (3, 3)
    assert await redis.xlen(keys.stream) == 3
    assert await find_published(redis, keys, "acme", "e0") is None
