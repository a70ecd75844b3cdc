"""The owner of the turn stream and its dead letters: trimming what every group has
acknowledged, forgetting idle consumers, sweeping a scope's entries, counting."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from daemon.app.container import Container
from daemon.base.redis_keys import Keys
from daemon.events import stream as stream_owner


async def test_the_stream_is_trimmed_below_the_oldest_pending_entry_only(
    runtime: Container,
) -> None:
    redis, keys = runtime.redis, runtime.keys
    stream, group = keys.stream, keys.group
    ids = [(await redis.xadd(stream, {"n": str(i)})).decode() for i in range(6)]
    await redis.xgroup_create(stream, group, id="0")
    await redis.xreadgroup(group, "c1", {stream: ">"}, count=4)  # ids[0..3] delivered
    await redis.xack(stream, group, ids[0], ids[1], ids[3])  # ids[2] still pending

    assert await stream_owner.trim_acknowledged(redis, keys, dry_run=True) == 2
    assert await stream_owner.trim_acknowledged(redis, keys) == 2

    left = [entry_id.decode() for entry_id, _ in await redis.xrange(stream)]
    assert left == ids[2:]
    await redis.xack(stream, group, ids[2])
    assert (
        await stream_owner.trim_acknowledged(redis, keys) == 2
    )  # ids[2] and ids[3], now acknowledged
    left = [entry_id.decode() for entry_id, _ in await redis.xrange(stream)]
    assert left == ids[4:]  # never delivered: kept
    assert await stream_owner.trim_acknowledged(redis, keys) == 0


async def test_a_stream_nobody_reads_or_that_does_not_exist_is_left_alone(
    runtime: Container,
) -> None:
    redis, keys = runtime.redis, runtime.keys
    stream = keys.stream
    assert await stream_owner.trim_acknowledged(redis, keys) == 0
    await redis.xadd(stream, {"n": "1"})
    assert await stream_owner.trim_acknowledged(redis, keys) == 0
    assert await redis.xlen(stream) == 1


async def test_every_consumer_group_is_respected(runtime: Container) -> None:
    redis, keys = runtime.redis, runtime.keys
    stream = keys.stream
    ids = [(await redis.xadd(stream, {"n": str(i)})).decode() for i in range(4)]
    for group in ("memoryd", "audit"):
        await redis.xgroup_create(stream, group, id="0")
    await redis.xreadgroup("memoryd", "c1", {stream: ">"})
    await redis.xack(stream, "memoryd", *ids)
    await redis.xreadgroup("audit", "c2", {stream: ">"}, count=1)  # ids[0] pending there

    assert await stream_owner.trim_acknowledged(redis, keys) == 0
    assert await redis.xlen(stream) == 4


async def test_names_long_idle_with_nothing_pending_are_forgotten(runtime: Container) -> None:
    """A dispatcher gone for good leaves its name in the group; retention forgets it once it
    has had nothing pending for the consumer window, never a name with pending entries."""
    redis, keys = runtime.redis, runtime.keys
    stream, group = keys.stream, keys.group
    for i in range(3):
        await redis.xadd(stream, {"n": str(i)})
    await redis.xgroup_create(stream, group, id="0")
    ((_, (gone, *_)),) = await redis.xreadgroup(group, "gone", {stream: ">"}, count=1)
    await redis.xack(stream, group, gone[0])
    await redis.xreadgroup(group, "holding", {stream: ">"}, count=1)  # left pending
    await asyncio.sleep(0.7)
    ((_, (fresh, *_)),) = await redis.xreadgroup(group, "fresh", {stream: ">"}, count=1)
    await redis.xack(stream, group, fresh[0])

    window = timedelta(seconds=0.5)
    assert await stream_owner.forget_consumers(redis, keys, window, dry_run=True) == 1
    assert await stream_owner.forget_consumers(redis, keys, window) == 1
    names = {_name(c["name"]) for c in await redis.xinfo_consumers(stream, group)}
    assert names == {"holding", "fresh"}
    assert await stream_owner.forget_consumers(redis, keys, window) == 0
    assert await stream_owner.forget_consumers(redis, Keys(f"{keys.prefix}-none"), window) == 0


def _name(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


async def test_a_sweep_deletes_the_entries_it_is_told_to_across_pages(
    runtime: Container, monkeypatch: Any
) -> None:
    redis, keys = runtime.redis, runtime.keys
    monkeypatch.setattr(stream_owner, "SWEEP_PAGE", 3)
    for i in range(7):
        await redis.xadd(keys.stream, {"n": str(i)})
        await redis.xadd(keys.dead, {"n": str(i)})
    pages: list[int] = []

    def odd(fields: dict[bytes, bytes]) -> bool:
        return int(fields[b"n"]) % 2 == 1

    turns = stream_owner.Which.TURNS
    assert await stream_owner.sweep(redis, keys, turns, odd, on_page=pages.append) == 3
    assert pages == [3, 3, 1]
    left = [fields[b"n"] for _, fields in await redis.xrange(keys.stream)]
    assert left == [b"0", b"2", b"4", b"6"]
    assert await redis.xlen(keys.dead) == 7  # the other stream untouched
    assert await stream_owner.sweep(redis, keys, stream_owner.Which.DEAD, odd) == 3
    assert await stream_owner.dead_count(redis, keys) == 4


async def test_the_dispatchers_group_reads_claims_and_settles(runtime: Container) -> None:
    redis, keys = runtime.redis, runtime.keys
    await stream_owner.ensure_group(redis, keys)
    await stream_owner.ensure_group(redis, keys)  # again: no error
    ids = [await stream_owner.append(redis, keys, f'{{"n": {i}}}'.encode()) for i in range(3)]
    read = await stream_owner.read_group(redis, keys, "d1", ">", count=2, block_ms=None)
    assert [entry_id for entry_id, _ in read] == ids[:2]
    assert await stream_owner.deliveries(redis, keys, ids[0], ids[1], 10) == {
        ids[0]: 1,
        ids[1]: 1,
    }
    start, claimed = await stream_owner.claim(redis, keys, "d2", 0, "0-0", count=10)
    assert [entry_id for entry_id, _ in claimed] == ids[:2] and start == "0-0"
    assert set(await stream_owner.entries(redis, keys, [ids[0], "1-1"])) == {ids[0]}
    letter = {"reason": "bad", "payload": b"x", "entry_id": ids[0], "at": "now"}
    await stream_owner.settle(
        redis, keys, [letter], ids[:2], dead_maxlen=100, delete=True, mark_ttl_s=60
    )
    assert await redis.xpending(keys.stream, keys.group) == {
        "pending": 0,
        "min": None,
        "max": None,
        "consumers": [],
    }
    assert [entry_id.decode() for entry_id, _ in await redis.xrange(keys.stream)] == ids[2:]
    assert await stream_owner.dead_count(redis, keys) == 1


async def test_dead_letters_are_paged_requeued_and_deleted(runtime: Container) -> None:
    redis, keys = runtime.redis, runtime.keys
    letters = [
        (await redis.xadd(keys.dead, {"payload": f"p{i}".encode()})).decode() for i in range(4)
    ]
    newest = await stream_owner.dead_newest(redis, keys, limit=2)
    assert [row[0].decode() for row in newest] == letters[:1:-1]
    page = await stream_owner.dead_between(redis, keys, f"({letters[0]}", count=2)
    assert [row[0].decode() for row in page] == letters[1:3]
    new_ids = await stream_owner.requeue(redis, keys, [(letters[0], b"again")])
    assert [fields for _, fields in await redis.xrange(keys.stream)] == [{b"event": b"again"}]
    assert [entry_id.decode() for entry_id, _ in await redis.xrange(keys.stream)] == new_ids
    assert await stream_owner.dead_delete(redis, keys, [letters[1], "1-1"]) == 1
    assert await stream_owner.dead_count(redis, keys) == 2
    await stream_owner.dead_delete_all(redis, keys)
    assert await stream_owner.dead_count(redis, keys) == 0


async def test_status_reads_the_stream_in_the_owners_commands(runtime: Container) -> None:
    redis, keys = runtime.redis, runtime.keys
    await stream_owner.ensure_group(redis, keys)
    first = await stream_owner.append(redis, keys, b"{}")
    await stream_owner.read_group(redis, keys, "d1", ">", count=1, block_ms=None)
    await redis.xadd(keys.dead, {"reason": "r"})
    pipe = redis.pipeline(transaction=False)
    stream_owner.read_stats(pipe, keys, newest_dead=5)
    length, groups, consumers, pending, dead, newest = await pipe.execute()
    assert (length, dead, len(newest), len(consumers)) == (1, 1, 1, 1)
    assert pending["pending"] == 1
    group = stream_owner.our_group(groups, keys)
    assert group is not None and int(group["pending"]) == 1
    assert stream_owner.our_group(ConnectionError("down"), keys) is None
    second = redis.pipeline(transaction=False)
    stream_owner.read_ages(second, keys, first, first)
    undelivered, detail = await second.execute()
    assert undelivered == [] and detail[0]["message_id"].decode() == first
