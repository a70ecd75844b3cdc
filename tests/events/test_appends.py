"""The appends of a serving process: requests under way together share commands, each
told its own entry ids, its events side by side in the stream in the order the requests
came; a command never splits a request nor carries more than its bound of events; a
Redis failure reaches every request of its command and leaves nothing stuck; each request
counts only its own records not written. On fakeredis and a real Redis."""

from __future__ import annotations

import asyncio
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import ConnectionError as RedisConnectionError

from daemon.base.errors import QueueError
from daemon.base.redis_keys import Keys, as_text
from daemon.events.appends import Appends, Entry
from daemon.events.delivery import find_published, record_around

AT = "2026-11-27T05:00:00+00:00"


class _Counted:
    """The appends' script, counting its commands and the events of each."""

    def __init__(self, script: Any) -> None:
        self.script = script
        self.sizes: list[int] = []

    async def __call__(self, *, keys: list[str], args: list[Any]) -> Any:
        self.sizes.append(len(keys) - 1)  # the stream, then a record's key an event
        return await self.script(keys=keys, args=args)


def _appends(redis: Redis, prefix: str, **options: Any) -> tuple[Appends, _Counted]:
    appends = Appends(redis, Keys(prefix), **options)
    counted = _Counted(appends._script)
    appends._script = counted
    return appends, counted


def _entries(keys: Keys, request: int, count: int) -> list[Entry]:
    record = record_around(f"s{request}", "billing", "", AT)
    return [
        (b'{"r":%d,"n":%d}' % (request, n), keys.delivery("acme", f"r{request}e{n}"), record)
        for n in range(count)
    ]


async def test_requests_under_way_together_share_commands_and_each_gets_its_own_ids(
    redis: Redis, prefix: str
) -> None:
    appends, counted = _appends(redis, prefix)
    keys = appends.keys
    sent = [_entries(keys, r, 1 + r % 3) for r in range(12)]
    answers = await asyncio.gather(*(appends.send_recorded(e, ttl_s=60) for e in sent))
    assert len(counted.sizes) < len(sent)
    stored = await redis.xrange(keys.stream)
    assert [fields[b"event"] for _, fields in stored] == [p for e in sent for p, _, _ in e]
    assert [as_text(entry_id) for entry_id, _ in stored] == [i for ids, _ in answers for i in ids]
    for r, (ids, unrecorded) in enumerate(answers):
        assert (len(ids), unrecorded) == (len(sent[r]), 0)
        found = await find_published(redis, keys, "acme", f"r{r}e0")
        assert found is not None and (found[0].entry_id, found[0].session_id) == (ids[0], f"s{r}")


async def test_a_command_never_splits_a_request_nor_passes_its_bound(
    redis: Redis, prefix: str
) -> None:
    appends, counted = _appends(redis, prefix, most_events=5)
    keys = appends.keys
    sizes = [3, 2, 7, 1, 4, 4]  # the request of 7 goes alone, whole
    answers = await asyncio.gather(
        *(appends.send_recorded(_entries(keys, r, n), ttl_s=60) for r, n in enumerate(sizes))
    )
    assert [len(ids) for ids, _ in answers] == sizes
    assert sum(counted.sizes) == sum(sizes)
    assert all(size <= 5 or size == 7 for size in counted.sizes)
    assert 7 in counted.sizes


async def test_a_lone_request_goes_at_once_and_nothing_is_sent_for_no_events(
    redis: Redis, prefix: str
) -> None:
    appends, counted = _appends(redis, prefix)
    assert await appends.send_recorded([], ttl_s=60) == ([], 0)
    assert counted.sizes == []
    ids, unrecorded = await appends.send_recorded(_entries(appends.keys, 0, 2), ttl_s=60)
    assert (len(ids), unrecorded, counted.sizes) == (2, 0, [2])


async def test_each_request_counts_only_its_own_records_not_written(
    redis: Redis, prefix: str
) -> None:
    """The script names the events whose record failed (from 1, across the command): each
    request of the command is told how many were its own."""
    appends, _ = _appends(redis, prefix)

    async def some_unrecorded(*, keys: list[str], args: list[Any]) -> Any:
        count = len(keys) - 1
        return [[f"1-{n}" for n in range(count)], [2, 5, 6]]

    appends._script = some_unrecorded
    keys = appends.keys
    answers = await asyncio.gather(
        *(appends.send_recorded(_entries(keys, r, 3), ttl_s=60) for r in range(2))
    )
    assert answers == [(["1-0", "1-1", "1-2"], 1), (["1-3", "1-4", "1-5"], 2)]


async def test_a_redis_failure_reaches_every_request_of_its_command(
    redis: Redis, prefix: str
) -> None:
    appends, counted = _appends(redis, prefix)

    async def down(**_: Any) -> Any:
        await asyncio.sleep(0)
        raise RedisConnectionError("gone")

    appends._script = down
    keys = appends.keys
    results = await asyncio.gather(
        *(appends.send_recorded(_entries(keys, r, 2), ttl_s=60) for r in range(5)),
        return_exceptions=True,
    )
    assert all(isinstance(r, QueueError) for r in results)
    appends._script = counted
    ids, _ = await appends.send_recorded(_entries(keys, 9, 1), ttl_s=60)
    assert len(ids) == 1  # nothing stuck after the failure
    assert await redis.xlen(keys.stream) == 1


async def test_a_request_that_gave_up_waiting_does_not_break_the_others(
    redis: Redis, prefix: str
) -> None:
    appends, _ = _appends(redis, prefix)
    keys = appends.keys
    first = asyncio.ensure_future(appends.send_recorded(_entries(keys, 0, 1), ttl_s=60))
    gone = asyncio.ensure_future(appends.send_recorded(_entries(keys, 1, 1), ttl_s=60))
    await asyncio.sleep(0)
    gone.cancel()
    ids, _ = await first
    assert len(ids) == 1
    ids, _ = await appends.send_recorded(_entries(keys, 2, 1), ttl_s=60)
    assert len(ids) == 1
    assert await redis.xlen(keys.stream) == 3  # the one that gave up is appended all the same
