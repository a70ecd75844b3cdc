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

from collections.abc import Callable
from datetime import timedelta
from enum import Enum

from redis.asyncio import Redis
from redis.exceptions import ResponseError

from daemon.base.redis_keys import Keys, as_text

_COUNT_PAGE = 10_000
SWEEP_PAGE = 1_000

Fields = dict[bytes, bytes]


class Which(Enum):
    """One of the two streams: the turn events, or the dead letters."""

    TURNS = "turns"
    DEAD = "dead"

    def key(self, keys: Keys) -> str:
        return keys.stream if self is Which.TURNS else keys.dead


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


async def dead_count(redis: Redis, keys: Keys) -> int:
    """How many dead letters are kept."""
    return int(await redis.xlen(keys.dead))
