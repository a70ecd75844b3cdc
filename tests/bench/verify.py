"""What the fault, soak and scale benchmarks check in the store after a load: no turn and no
message lost, duplicated or altered (see :mod:`tests.bench.ledger`), no memory duplicated,
no session extracted by two workers at once, and how long turns took."""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa

from daemon.store.db import Store
from daemon.store.tables import cursors, memories, runs, turns
from tests.bench.ledger import Ledger, MessageVerdict, verify_messages

_SUCCESS = ("wrote", "nothing", "skipped")


@dataclass(frozen=True, slots=True)
class Verdict:
    published: int
    stored: int
    extracted: int
    lost: int
    behind: int
    duplicated: int
    overlapping_runs: int
    latencies_s: tuple[float, ...]
    messages: MessageVerdict

    @property
    def held(self) -> bool:
        """Nothing lost, duplicated or altered, no turn left behind, no overlapping run."""
        return (
            self.lost == self.duplicated == self.behind == self.overlapping_runs == 0
            and self.messages.held
        )

    def percentile(self, q: float) -> float | None:
        if not self.latencies_s:
            return None
        ordered = sorted(self.latencies_s)
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)


async def verify(
    store: Store, published: dict[str, datetime], last_turns: dict[str, int], ledger: Ledger
) -> Verdict:
    """``published`` maps event id → publish time; ``last_turns`` session → last turn sent;
    ``ledger`` holds what each message published should be stored as."""
    async with store.connect() as conn:
        stored = {
            row.event_id: (row.session_id, row.turn)
            for row in await conn.execute(
                sa.select(turns.c.event_id, turns.c.session_id, turns.c.turn)
            )
        }
        cursor_at = {
            row.session_id: row.turn
            for row in await conn.execute(sa.select(cursors.c.session_id, cursors.c.turn))
        }
        run_rows = (
            await conn.execute(
                sa.select(
                    runs.c.session_id,
                    runs.c.from_turn,
                    runs.c.to_turn,
                    runs.c.outcome,
                    runs.c.started_at,
                    runs.c.finished_at,
                ).order_by(runs.c.started_at)
            )
        ).all()
        live = (
            await conn.execute(
                sa.select(
                    sa.func.count(),
                    sa.func.count(
                        sa.distinct(
                            memories.c.tenant
                            + "\x1f"
                            + memories.c.project
                            + "\x1f"
                            + memories.c.user
                            + "\x1f"
                            + memories.c.type
                            + "\x1f"
                            + memories.c.content_hash
                        )
                    ),
                ).where(memories.c.deleted_at.is_(None))
            )
        ).one()
    behind = sum(max(0, last - (cursor_at.get(sid) or 0)) for sid, last in last_turns.items())
    extracted = sum(min(last, cursor_at.get(sid) or 0) for sid, last in last_turns.items())
    return Verdict(
        published=len(published),
        stored=sum(1 for event_id in published if event_id in stored),
        extracted=extracted,
        lost=sum(1 for event_id in published if event_id not in stored),
        behind=behind,
        duplicated=int(live[0]) - int(live[1]),
        overlapping_runs=_overlaps(run_rows),
        latencies_s=_latencies(published, stored, run_rows),
        messages=await verify_messages(store, ledger),
    )


def _overlaps(run_rows: Sequence[Any]) -> int:
    by_session: dict[str, list[tuple[datetime, datetime]]] = defaultdict(list)
    for row in run_rows:
        by_session[row.session_id].append((row.started_at, row.finished_at))
    count = 0
    for intervals in by_session.values():
        intervals.sort()
        for (_, end), (start, _) in itertools.pairwise(intervals):
            if start < end:
                count += 1
    return count


def _latencies(
    published: dict[str, datetime],
    stored: dict[str, tuple[str, int]],
    run_rows: Sequence[Any],
) -> tuple[float, ...]:
    done: dict[str, list[tuple[int, int, datetime]]] = defaultdict(list)
    for row in run_rows:
        if row.outcome in _SUCCESS and row.from_turn is not None:
            done[row.session_id].append((row.from_turn, row.to_turn, row.finished_at))
    out: list[float] = []
    for event_id, at in published.items():
        where = stored.get(event_id)
        if where is None:
            continue
        sid, turn = where
        finished = [f for first, last, f in done.get(sid, []) if first <= turn <= last]
        if finished:
            out.append((min(finished) - at).total_seconds())
    return tuple(out)
