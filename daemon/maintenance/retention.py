"""Retention: old transcripts, old run records and acknowledged stream entries removed.

- ``turns`` / ``messages``: a stored turn and its messages go once they were received longer
  than the retention window ago *and* the session's cursor has passed them (``turn <=
  cursor.turn``); a turn not yet extracted is kept however old it is.
- ``agent_turns``: the marks of turns in which the main agent wrote through memoryd's tools,
  once older than the transcript window, unless they mark a stored turn the session's cursor
  has not passed yet (the guard still needs those).
- ``runs``: run records finished longer than the run-record window ago.
- ``stream_entries``: entries of the turn stream every consumer group has acknowledged:
  ``XTRIM MINID`` up to the oldest entry still pending in any group (or, with none pending,
  just past the last one delivered), so an entry not yet delivered or not yet acknowledged
  is never trimmed. A stream without consumer groups is left alone.
- ``consumers``: names in memoryd's consumer group with nothing pending that have read
  nothing for longer than the consumer window (dispatchers long gone), removed by a script
  that checks and deletes in one step, so no pending entry is ever dropped with a name.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from redis.asyncio import Redis
from redis.exceptions import ResponseError

from daemon.base.redis_keys import as_text
from daemon.base.settings import MaintenanceSettings
from daemon.store import runs
from daemon.store.db import Store
from daemon.store.transcripts import retention as transcripts

_COUNT_PAGE = 10_000


@dataclass(frozen=True, slots=True)
class RetentionPolicy:
    transcripts: timedelta = timedelta(days=30)
    runs: timedelta = timedelta(days=90)
    consumers: timedelta = timedelta(days=1)
    batch_size: int = 50_000

    @classmethod
    def of(cls, settings: MaintenanceSettings) -> RetentionPolicy:
        return cls(
            transcripts=timedelta(days=settings.message_retention_days),
            runs=timedelta(days=settings.run_retention_days),
            consumers=timedelta(days=settings.consumer_retention_days),
            batch_size=settings.batch_size,
        )


async def prune_store(
    store: Store, policy: RetentionPolicy, *, now: datetime, dry_run: bool = False
) -> dict[str, int]:
    """Delete old passed transcripts and old run records, in batches."""
    counts = {"messages": 0, "turns": 0, "agent_turns": 0, "runs": 0}
    size = policy.batch_size
    async with store.connect() as conn:
        transaction = await conn.begin()
        try:
            while True:
                gone_messages, gone_turns = await transcripts.prune_batch(
                    conn, now - policy.transcripts, size
                )
                counts["messages"] += gone_messages
                counts["turns"] += gone_turns
                if not dry_run:
                    await transaction.commit()
                    transaction = await conn.begin()
                if gone_turns < size:
                    break
            counts["agent_turns"] = await transcripts.prune_agent_turns(
                conn, now - policy.transcripts
            )
            while True:
                gone_runs = await runs.prune_batch(conn, now - policy.runs, size)
                counts["runs"] += gone_runs
                if not dry_run:
                    await transaction.commit()
                    transaction = await conn.begin()
                if gone_runs < size:
                    break
        finally:
            await transaction.rollback()
    return counts


def _parse(entry_id: str) -> tuple[int, int]:
    ms, _, seq = entry_id.partition("-")
    return int(ms), int(seq or 0)


def _after(entry_id: str) -> str:
    ms, seq = _parse(entry_id)
    return f"{ms}-{seq + 1}"


async def acknowledged_bound(redis: Redis, stream: str) -> str | None:
    """The lowest entry id some consumer group still needs; None to trim nothing."""
    try:
        groups = await redis.xinfo_groups(stream)
    except ResponseError:  # no such stream
        return None
    bound: str | None = None
    for group in groups:
        if int(group["pending"]):
            pending = await redis.xpending(stream, group["name"])
            needed = as_text(pending["min"])
        else:
            needed = _after(as_text(group["last-delivered-id"]))
        if bound is None or _parse(needed) < _parse(bound):
            bound = needed
    return bound


async def trim_stream(redis: Redis, stream: str, *, dry_run: bool = False) -> int:
    """Trim the entries every consumer group has acknowledged; returns how many."""
    bound = await acknowledged_bound(redis, stream)
    if bound is None:
        return 0
    if not dry_run:
        return int(await redis.xtrim(stream, minid=bound, approximate=False))
    count, start = 0, "-"
    while True:
        page = await redis.xrange(stream, min=start, max=f"({bound}", count=_COUNT_PAGE)
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
    redis: Redis, stream: str, group: str, idle: timedelta, *, dry_run: bool = False
) -> int:
    """Delete the group's names idle longer than ``idle`` with nothing pending; how many."""
    idle_ms = int(idle.total_seconds() * 1000)
    script = redis.register_script(_FORGET)
    return int(await script(keys=[stream], args=[group, idle_ms, int(dry_run)]))
