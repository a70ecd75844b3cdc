"""The turn stream and its dead letters: every command memoryd issues on them.

The keys are :attr:`Keys.stream <daemon.base.redis_keys.Keys.stream>` (the events agent hosts
append), :attr:`~daemon.base.redis_keys.Keys.dead` (entries that could not be accepted) and
the dispatchers' consumer group :attr:`~daemon.base.redis_keys.Keys.group`. Other modules
call the functions here: the dispatcher reads, claims, acknowledges and dead-letters;
maintenance trims; erasure deletes a scope's entries; status reads the counts.

- Trimming (:func:`trim_acknowledged`): the entries every consumer group has acknowledged,
  ``XTRIM MINID`` up to the oldest entry still pending in any group (or, with none pending,
  just past the last one delivered), so an entry not yet delivered or not yet acknowledged is
  never trimmed. A stream without consumer groups is left alone.
- Forgetting consumers (:func:`forget_consumers`): names in memoryd's group with nothing
  pending that have read nothing for longer than a window (dispatchers long gone), removed
  by a script that checks and deletes in one step, so no pending entry is ever dropped with
  a name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import timedelta
from enum import Enum
from typing import Any, cast

import redis
from redis.asyncio import Redis
from redis.exceptions import ResponseError

from daemon.base.errors import QueueError
from daemon.base.redis_keys import Keys, as_text
from daemon.events.codec import EVENT_FIELD
from daemon.events.delivery import mark_dead

_COUNT_PAGE = 10_000
SWEEP_PAGE = 1_000

Fields = dict[bytes, bytes]
#: A stream entry as the dispatcher reads it: its id and fields (None: trimmed while pending).
Entry = tuple[str, Fields | None]


class Which(Enum):
    """One of the two streams: the turn events, or the dead letters."""

    TURNS = "turns"
    DEAD = "dead"

    def key(self, keys: Keys) -> str:
        return keys.stream if self is Which.TURNS else keys.dead


#: XADD each payload in order, in one command (KEYS: the stream; ARGV: the field, then the
#: payloads): a batch costs the client one command to pack and one reply to read, where a
#: pipeline of XADDs costs one each.
XADD_ALL = """
local ids = {}
for i = 2, #ARGV do ids[i - 1] = redis.call('XADD', KEYS[1], '*', ARGV[1], ARGV[i]) end
return ids
"""


#: XADD each payload in order and write its delivery record (:mod:`daemon.events.delivery`)
#: in the same command. KEYS: the stream, then each event's record. ARGV: the field, the
#: records' lifetime in seconds, the payloads joined, each event's payload length in bytes
#: and record text (its number among the texts that follow) as one text of digits
#: (``"<length> <number> "`` an event), then the texts, each as the text before and after
#: the entry id (a batch is mostly one session's turns: one text serves them all). Returns
#: the entry ids and the numbers (from 1) of the events whose record could not be written
#: (appended all the same: the store tells the rest). A batch's events travel in two
#: arguments, not two each: the client packs every argument in Python, one by one.
XADD_RECORDED = """
local payloads = ARGV[3]
local ids = {}
local unrecorded = {}
local i = 0
local start = 1
for size, number in string.gmatch(ARGV[4], '(%d+) (%d+) ') do
  i = i + 1
  local stop = start + tonumber(size)
  local id = redis.call('XADD', KEYS[1], '*', ARGV[1], string.sub(payloads, start, stop - 1))
  start = stop
  ids[i] = id
  local at = 3 + 2 * tonumber(number)
  local kept = redis.pcall('SET', KEYS[1 + i], ARGV[at] .. id .. ARGV[at + 1], 'EX', ARGV[2])
  if type(kept) == 'table' and kept.err then unrecorded[#unrecorded + 1] = i end
end
return {ids, unrecorded}
"""


def _unpublished(keys: Keys, exc: Exception) -> QueueError:
    return QueueError(f"cannot publish to {keys.stream}: {exc}")


async def append(client: Redis, keys: Keys, payload: bytes) -> str:
    """XADD one encoded event; its entry id. Redis's failure is raised as QueueError."""
    try:
        return as_text(await client.xadd(keys.stream, {EVENT_FIELD: payload}))
    except redis.RedisError as exc:
        raise _unpublished(keys, exc) from exc


async def append_all(script: Any, keys: Keys, payloads: Sequence[bytes]) -> list[str]:
    """XADD encoded events in order in one command: ``script`` is :data:`XADD_ALL`
    registered on the client."""
    try:
        entry_ids = await script(keys=[keys.stream], args=[EVENT_FIELD, *payloads])
    except redis.RedisError as exc:
        raise _unpublished(keys, exc) from exc
    return [as_text(entry_id) for entry_id in entry_ids]


async def append_recorded(
    script: Any,
    keys: Keys,
    entries: Sequence[tuple[bytes, str, tuple[str, str]]],
    *,
    ttl_s: int,
) -> tuple[list[str], list[int]]:
    """XADD encoded events in order and write each one's delivery record, in one command:
    ``script`` is :data:`XADD_RECORDED` registered on the client, ``entries`` each event's
    payload, record key and record text around its entry id. The entry ids, and the places
    in ``entries`` (from 0) of the events whose record was not written."""
    if not entries:
        return [], []
    numbers: dict[tuple[str, str], int] = {}
    layout: list[str] = []
    for payload, _, record in entries:
        number = numbers.setdefault(record, len(numbers) + 1)
        layout.append(f"{len(payload)} {number} ")
    args: list[Any] = [EVENT_FIELD, ttl_s, b"".join(p for p, _, _ in entries), "".join(layout)]
    for head, tail in numbers:
        args += (head, tail)
    try:
        entry_ids, unrecorded = await script(
            keys=[keys.stream, *(key for _, key, _ in entries)], args=args
        )
    except redis.RedisError as exc:
        raise _unpublished(keys, exc) from exc
    return [as_text(entry_id) for entry_id in entry_ids], [int(i) - 1 for i in unrecorded]


def append_sync(client: redis.Redis, keys: Keys, payload: bytes) -> str:
    """:func:`append` with a blocking client."""
    try:
        return as_text(cast(bytes | str, client.xadd(keys.stream, {EVENT_FIELD: payload})))
    except redis.RedisError as exc:
        raise _unpublished(keys, exc) from exc


def append_all_sync(client: redis.Redis, keys: Keys, payloads: Sequence[bytes]) -> list[str]:
    """XADD encoded events in order, pipelined, with a blocking client."""
    try:
        with client.pipeline(transaction=False) as pipe:
            for payload in payloads:
                pipe.xadd(keys.stream, {EVENT_FIELD: payload})
            entry_ids = pipe.execute()
    except redis.RedisError as exc:
        raise _unpublished(keys, exc) from exc
    return [as_text(entry_id) for entry_id in entry_ids]


def _parse(entry_id: str) -> tuple[int, int]:
    ms, _, seq = entry_id.partition("-")
    return int(ms), int(seq or 0)


def _after(entry_id: str) -> str:
    ms, seq = _parse(entry_id)
    return f"{ms}-{seq + 1}"


async def acknowledged_bound(redis: Redis, keys: Keys) -> str | None:
    """The lowest entry id some consumer group still needs; None to trim nothing."""
    try:
        groups = await redis.xinfo_groups(keys.stream)
    except ResponseError:  # no such stream
        return None
    bound: str | None = None
    for group in groups:
        if int(group["pending"]):
            pending = await redis.xpending(keys.stream, group["name"])
            needed = as_text(pending["min"])
        else:
            needed = _after(as_text(group["last-delivered-id"]))
        if bound is None or _parse(needed) < _parse(bound):
            bound = needed
    return bound


async def trim_acknowledged(redis: Redis, keys: Keys, *, dry_run: bool = False) -> int:
    """Trim the turn entries every consumer group has acknowledged; returns how many."""
    bound = await acknowledged_bound(redis, keys)
    if bound is None:
        return 0
    if not dry_run:
        return int(await redis.xtrim(keys.stream, minid=bound, approximate=False))
    count, start = 0, "-"
    while True:
        page = await redis.xrange(keys.stream, min=start, max=f"({bound}", count=_COUNT_PAGE)
        count += len(page)
        if len(page) < _COUNT_PAGE:
            return count
        start = f"({as_text(page[-1][0])}"


# XINFO CONSUMERS gives each name's pending count and idle time (ms since it last read
# something); a name is deleted only if both say so at the moment of deletion.
_FORGET = """
local ok, consumers = pcall(redis.call, 'XINFO', 'CONSUMERS', KEYS[1], ARGV[1])
if not ok then return 0 end
local forgotten = 0
for _, consumer in ipairs(consumers) do
  local info = {}
  for i = 1, #consumer, 2 do info[consumer[i]] = consumer[i + 1] end
  if tonumber(info['pending']) == 0 and tonumber(info['idle']) > tonumber(ARGV[2]) then
    if ARGV[3] == '0' then
      redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], info['name'])
    end
    forgotten = forgotten + 1
  end
end
return forgotten
"""


async def forget_consumers(
    redis: Redis, keys: Keys, idle: timedelta, *, dry_run: bool = False
) -> int:
    """Delete the group's names idle longer than ``idle`` with nothing pending; how many."""
    idle_ms = int(idle.total_seconds() * 1000)
    script = redis.register_script(_FORGET)
    return int(await script(keys=[keys.stream], args=[keys.group, idle_ms, int(dry_run)]))


async def sweep(
    redis: Redis,
    keys: Keys,
    which: Which,
    doomed: Callable[[Fields], bool],
    *,
    on_page: Callable[[int], None] | None = None,
) -> int:
    """XDEL every entry of ``which`` whose fields ``doomed`` says go, a page at a time
    (``on_page`` is told each page's size); returns how many were deleted."""
    stream = which.key(keys)
    removed = 0
    start = "-"
    while rows := await redis.xrange(stream, min=start, max="+", count=SWEEP_PAGE):
        gone = [entry_id for entry_id, fields in rows if doomed(fields)]
        if gone:
            removed += int(await redis.xdel(stream, *gone))
        if on_page is not None:
            on_page(len(rows))
        start = f"({as_text(rows[-1][0])}"
    return removed


# The dead letters, for operators.

#: A dead letter as Redis keeps it: its id and fields.
Row = tuple[Any, Fields]


async def dead_count(redis: Redis, keys: Keys) -> int:
    """How many dead letters are kept."""
    return int(await redis.xlen(keys.dead))


async def dead_newest(redis: Redis, keys: Keys, *, limit: int, top: str = "+") -> list[Row]:
    """The newest letters first, from ``top`` (an id, ``(id`` to exclude it, or ``+``)."""
    return list(await redis.xrevrange(keys.dead, max=top, min="-", count=limit))


async def dead_between(
    redis: Redis, keys: Keys, first: str, last: str = "+", *, count: int | None = None
) -> list[Row]:
    """The letters from ``first`` to ``last`` (ids, ``(id`` to exclude one, ``-``/``+``),
    oldest first."""
    return list(await redis.xrange(keys.dead, min=first, max=last, count=count))


async def requeue(redis: Redis, keys: Keys, letters: Sequence[tuple[str, bytes]]) -> list[str]:
    """In one transaction, each letter's payload appended to the turn stream again and the
    letter deleted; the new entries' ids, in order."""
    pipe = redis.pipeline(transaction=True)
    for letter_id, payload in letters:
        pipe.xadd(keys.stream, {EVENT_FIELD: payload})
        pipe.xdel(keys.dead, letter_id)
    results = await pipe.execute()
    return [as_text(r) for r in results[::2]]


async def dead_delete(redis: Redis, keys: Keys, letter_ids: Sequence[str]) -> int:
    """Delete these letters; how many there were."""
    return int(await redis.xdel(keys.dead, *letter_ids))


async def dead_delete_all(redis: Redis, keys: Keys) -> None:
    """Delete every dead letter."""
    await redis.delete(keys.dead)


# The dispatchers' side: the consumer group, reading, claiming, settling.


async def ensure_group(redis: Redis, keys: Keys) -> None:
    """Create the dispatchers' consumer group (and the stream) unless it exists."""
    try:
        await redis.xgroup_create(keys.stream, keys.group, id="0", mkstream=True)
    except ResponseError as exc:
        if "BUSYGROUP" not in str(exc):
            raise


async def read_group(
    redis: Redis, keys: Keys, consumer: str, start: str, *, count: int, block_ms: int | None
) -> list[Entry]:
    """Entries for ``consumer``: new ones (``start`` ``>``) or its own pending ones (``0``)."""
    response = await redis.xreadgroup(
        keys.group, consumer, {keys.stream: start}, count=count, block=block_ms
    )
    if not response:
        return []
    return [(as_text(entry_id), fields or None) for entry_id, fields in response[0][1]]


async def claim(
    redis: Redis, keys: Keys, consumer: str, idle_ms: int, start: str, *, count: int
) -> tuple[str, list[Entry]]:
    """XAUTOCLAIM entries idle for ``idle_ms`` from ``start``: where to go on from, and the
    entries claimed. Entries trimmed while pending are acknowledged here (nothing is left
    of them to process)."""
    response = await redis.xautoclaim(
        keys.stream, keys.group, consumer, idle_ms, start_id=start, count=count
    )
    deleted = [as_text(i) for i in response[2]] if len(response) > 2 else []
    if deleted:
        await redis.xack(keys.stream, keys.group, *deleted)
    return as_text(response[0]), [(as_text(i), f or None) for i, f in response[1]]


async def deliveries(redis: Redis, keys: Keys, first: str, last: str, count: int) -> dict[str, int]:
    """How many times each pending entry from ``first`` to ``last`` was delivered."""
    details = await redis.xpending_range(keys.stream, keys.group, min=first, max=last, count=count)
    return {as_text(d["message_id"]): int(d["times_delivered"]) for d in details}


async def entries(redis: Redis, keys: Keys, entry_ids: Sequence[str]) -> dict[str, Fields]:
    """The fields of each entry still in the stream, by id."""
    found: dict[str, Fields] = {}
    for entry_id in entry_ids:
        rows = await redis.xrange(keys.stream, entry_id, entry_id)
        if rows:
            found[entry_id] = rows[0][1]
    return found


async def settle(
    redis: Redis,
    keys: Keys,
    letters: Sequence[dict[str, Any]],
    acknowledged: Sequence[str],
    *,
    dead_maxlen: int,
    delete: bool,
    mark_ttl_s: int,
) -> None:
    """In one transaction: the dead letters appended (the dead-letter stream capped near
    ``dead_maxlen``) each with its entry's dead mark (:func:`daemon.events.delivery.mark_dead`,
    kept ``mark_ttl_s``), the entries acknowledged, and with ``delete`` removed from the stream
    (no raw event stays in Redis)."""
    pipe = redis.pipeline(transaction=True)
    for letter in letters:
        pipe.xadd(keys.dead, letter, maxlen=dead_maxlen, approximate=True)  # type: ignore[arg-type]
        entry_id, reason, at = (letter.get(name) for name in ("entry_id", "reason", "at"))
        if isinstance(entry_id, str) and isinstance(reason, str):
            mark_dead(pipe, keys, entry_id, reason, str(at or ""), ttl_s=mark_ttl_s)
    if acknowledged:
        pipe.xack(keys.stream, keys.group, *acknowledged)
        if delete:
            pipe.xdel(keys.stream, *acknowledged)
    await pipe.execute()


# What ``memoryd status`` reads, queued on its pipelines (it reads Redis in two trips).


def read_stats(pipe: Any, keys: Keys, *, newest_dead: int) -> None:
    """Queue on ``pipe`` six reads: the stream's length, its groups, the consumers and the
    pending summary of the dispatchers' group, the dead letters' count and the newest
    ``newest_dead`` of them."""
    pipe.xlen(keys.stream)
    pipe.xinfo_groups(keys.stream)
    pipe.xinfo_consumers(keys.stream, keys.group)
    pipe.xpending(keys.stream, keys.group)
    pipe.xlen(keys.dead)
    pipe.xrevrange(keys.dead, count=newest_dead)


def our_group(groups: Any, keys: Keys) -> dict[str, Any] | None:
    """The dispatchers' group among the groups :func:`read_stats` read (None: not there, or
    the read failed)."""
    if isinstance(groups, BaseException):
        return None
    for group in groups:
        if as_text(group.get("name")) == keys.group:
            return dict(group)
    return None


def read_ages(pipe: Any, keys: Keys, last_delivered: str, oldest_pending: str | None) -> None:
    """Queue on ``pipe`` the first entry after ``last_delivered`` and, when there is one,
    the delivery details of the oldest pending entry."""
    pipe.xrange(keys.stream, f"({last_delivered}", "+", count=1)
    if oldest_pending is not None:
        pipe.xpending_range(keys.stream, keys.group, oldest_pending, oldest_pending, 1)
