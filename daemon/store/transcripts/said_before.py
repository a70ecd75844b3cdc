"""The last things sessions said up to some of their turns, as stored: how the dispatcher
learns what a turn it did not prepare (another dispatcher of the group did, or itself before
a restart) left for the next one (:mod:`daemon.dispatcher.prepare`)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.store.db import sealer_of
from daemon.store.tables import messages, turns
from daemon.store.transcripts.sealed import MESSAGE_CONTENT

#: A session's turn: its scope, session id and number.
SessionTurn = tuple[ScopeKey, str, int]
#: A message as it is read here: its role, and its content as stored (redacted).
Said = tuple[str, str | None]

#: The turns asked for in one pair of statements (each names up to ``at_most`` turns).
_CHUNK = 100


async def said_up_to(
    conn: AsyncConnection, lasts: Sequence[SessionTurn], *, at_most: int, roles: Collection[str]
) -> dict[SessionTurn, list[Said]]:
    """For each of ``lasts`` that is stored in its scope, the messages of its session's
    stored turns up to it, in order: of ``at_most`` turns, fewer when one before them is
    missing; of each turn, its messages of ``roles`` and its last message whatever its role.
    A turn not stored (still to come, or gone) is left out. Two statements for a hundred
    turns, one when none is stored."""
    found: dict[SessionTurn, list[Said]] = {}
    for start in range(0, len(lasts), _CHUNK):
        found.update(await _said_up_to(conn, lasts[start : start + _CHUNK], at_most, roles))
    return found


async def _said_up_to(
    conn: AsyncConnection, lasts: Sequence[SessionTurn], at_most: int, roles: Collection[str]
) -> dict[SessionTurn, list[Said]]:
    wanted = {
        (scope.tenant, session_id, number)
        for scope, session_id, last in lasts
        for number in range(max(last - at_most + 1, 0), last + 1)
    }
    if not wanted:
        return {}
    rows = await conn.execute(
        sa.select(
            turns.c.tenant, turns.c.project, turns.c.user, turns.c.session_id, turns.c.turn
        ).where(sa.tuple_(turns.c.tenant, turns.c.session_id, turns.c.turn).in_(sorted(wanted)))
    )
    stored = {(ScopeKey.from_row(row), row.session_id, row.turn) for row in rows}
    runs: dict[SessionTurn, range] = {}
    for last in lasts:
        if last in stored:
            scope, session_id, number = last
            first = number
            while first > number - at_most + 1 and (scope, session_id, first - 1) in stored:
                first -= 1
            runs[last] = range(first, number + 1)
    if not runs:
        return {}
    said: dict[tuple[str, str, int], list[Said]] = {}
    sealer = sealer_of(conn)
    for row in await conn.execute(
        sa.select(
            messages.c.role,
            messages.c.content,
            messages.c.tenant,
            messages.c.project,
            messages.c.user,
            messages.c.session_id,
            messages.c.message_id,
            messages.c.turn,
        )
        .join(
            turns,
            sa.and_(
                turns.c.tenant == messages.c.tenant,
                turns.c.session_id == messages.c.session_id,
                turns.c.turn == messages.c.turn,
            ),
        )
        .where(
            sa.tuple_(messages.c.tenant, messages.c.session_id, messages.c.turn).in_(
                sorted(
                    {
                        (scope.tenant, session_id, number)
                        for (scope, session_id, _), run in runs.items()
                        for number in run
                    }
                )
            ),
            sa.or_(messages.c.role.in_(sorted(roles)), messages.c.seq == turns.c.message_count - 1),
        )
        .order_by(messages.c.tenant, messages.c.session_id, messages.c.turn, messages.c.seq)
    ):
        said.setdefault((row.tenant, row.session_id, row.turn), []).append(
            (row.role, MESSAGE_CONTENT.open(sealer, row.content, row))
        )
    return {
        (scope, session_id, last): [
            message
            for number in run
            for message in said.get((scope.tenant, session_id, number), ())
        ]
        for (scope, session_id, last), run in runs.items()
    }
