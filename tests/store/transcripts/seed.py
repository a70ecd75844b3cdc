"""Transcript rows written straight into the tables, for the owner's own tests."""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.store.tables import agent_turns, cursors, messages, sessions, turns

#: The tenant sessions are seeded in (the default one); reads name it.
TENANT = ""

T0 = datetime(2026, 10, 5, 12, tzinfo=UTC)


async def session(
    runtime: Container,
    session_id: str,
    *,
    project: str = "p",
    user: str = "u",
    turn_count: int = 2,
    cursor: int | None = None,
    content: str = "hello",
) -> None:
    scope = {"tenant": TENANT, "project": project, "user": user}
    async with runtime.store.begin() as conn:
        await conn.execute(
            sa.insert(sessions).values(
                session_id=session_id,
                **scope,
                first_seen_at=T0,
                last_event_at=T0,
                last_turn=turn_count,
                extracted_turn=-1 if cursor is None else cursor,
            )
        )
        for turn in range(1, turn_count + 1):
            await conn.execute(
                sa.insert(turns).values(
                    session_id=session_id,
                    turn=turn,
                    **scope,
                    event_id=f"{session_id}-{turn}",
                    kind="turn",
                    at=T0,
                    received_at=T0,
                    message_count=1,
                    main_agent_saved=False,
                    redactions=turn,
                    spilled=turn - 1,
                )
            )
            await conn.execute(
                sa.insert(messages).values(
                    session_id=session_id,
                    message_id=f"m{turn}",
                    **scope,
                    turn=turn,
                    seq=0,
                    role="user",
                    content=content,
                    at=T0,
                )
            )
        await conn.execute(
            sa.insert(agent_turns).values(session_id=session_id, turn=1, **scope, at=T0)
        )
        await conn.execute(
            sa.insert(cursors).values(session_id=session_id, **scope, turn=cursor, updated_at=T0)
        )
