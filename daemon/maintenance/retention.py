"""Retention: old transcripts, old run records and acknowledged stream entries removed.

- ``turns`` / ``messages``: a stored turn and its messages go once they were received longer
  than the retention window ago *and* the session's cursor has passed them (``turn <=
  cursor.turn``); a turn not yet extracted is kept however old it is. With
  ``keep_transcripts = until_extracted`` the window is nought: every passed turn, window and
  summary goes (those kept before the setting changed; the runner deletes the others as it
  passes them).
- ``agent_turns``: the marks of turns in which the main agent wrote through memoryd's tools,
  once older than the transcript window, unless they mark a stored turn the session's cursor
  has not passed yet (the guard still needs those).
- ``session_fragments``: the windows of sessions that session recall reads, once their last
  turn was said longer than the transcript window ago (never kept longer than their turns).
- ``session_summaries``: the rolling summaries of sessions, once not updated for longer than
  the transcript window (a session with no new turn for that long).
- ``forgotten_turns``: the tombstones of turns deleted before their window passed (with
  ``until_extracted``), once the transcript window has passed since their turn was received:
  until then an event delivered again is known as a repeat, as it would be with ``window``.
  The turns this job deletes before their window passed leave one too.
- ``runs``: run records finished longer than the run-record window ago.
- ``stream_entries``: entries of the turn stream every consumer group has acknowledged
  (:func:`daemon.events.stream.trim_acknowledged`);
- ``consumers``: names in memoryd's consumer group with nothing pending, idle longer than
  the consumer window (:func:`daemon.events.stream.forget_consumers`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from daemon.base.settings import MaintenanceSettings
from daemon.store import runs
from daemon.store.db import Store
from daemon.store.transcripts import forgotten, fragments, summaries
from daemon.store.transcripts import pruning as transcripts


@dataclass(frozen=True, slots=True)
class RetentionPolicy:
    transcripts: timedelta = timedelta(days=30)
    runs: timedelta = timedelta(days=90)
    consumers: timedelta = timedelta(days=1)
    batch_size: int = 50_000
    #: How long a turn deleted sooner is still known by its tombstone: the transcript window
    #: of ``window`` (``transcripts`` is nought with ``until_extracted``).
    forgotten_turns: timedelta = timedelta(days=30)

    @classmethod
    def of(cls, settings: MaintenanceSettings) -> RetentionPolicy:
        return cls(
            transcripts=timedelta(0)
            if settings.forgets_extracted
            else timedelta(days=settings.message_retention_days),
            runs=timedelta(days=settings.run_retention_days),
            consumers=timedelta(days=settings.consumer_retention_days),
            batch_size=settings.batch_size,
            forgotten_turns=timedelta(days=settings.message_retention_days),
        )


async def prune_store(
    store: Store, policy: RetentionPolicy, *, now: datetime, dry_run: bool = False
) -> dict[str, int]:
    """Delete old passed transcripts and old run records, in batches."""
    counts = {
        "messages": 0,
        "turns": 0,
        "agent_turns": 0,
        "session_fragments": 0,
        "session_summaries": 0,
        "forgotten_turns": 0,
        "runs": 0,
    }
    size = policy.batch_size
    remembered = now - policy.forgotten_turns
    remember_since = remembered if policy.transcripts < policy.forgotten_turns else None
    async with store.connect() as conn:
        transaction = await conn.begin()
        try:
            while True:
                gone_messages, gone_turns = await transcripts.prune_batch(
                    conn, now - policy.transcripts, size, remember_since=remember_since
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
            counts["session_fragments"] = await fragments.prune(conn, now - policy.transcripts)
            counts["session_summaries"] = await summaries.prune(conn, now - policy.transcripts)
            counts["forgotten_turns"] = await forgotten.prune(conn, remembered)
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
