"""The reason a forget gives is stored (the tombstone, the history): a secret in it is
redacted like one anywhere else memoryd keeps text."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.store.tables import memories, memory_history
from tests.tools.helpers import caller, tools_of

TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB"
AWS = "AKIAIOSFODNN7EXAMPLE"


async def test_a_secret_in_a_forget_reason_is_not_stored(runtime: Container) -> None:
    tools, who = tools_of(runtime), caller()
    saved = await tools.save(
        who, type="project", title="Queue", content="The billing queue holds at most 700 jobs."
    )
    await tools.forget(
        who, saved.public_id, reason=f"rotated token {TOKEN} and key {AWS}; obsolete"
    )
    async with runtime.store.connect() as conn:
        tombstone = (
            await conn.execute(
                sa.select(memories.c.deleted_reason).where(memories.c.id == saved.id)
            )
        ).scalar_one()
        history = (
            await conn.execute(
                sa.select(memory_history.c.reason).where(memory_history.c.memory_id == saved.id)
            )
        ).scalars()
        stored = [tombstone, *history]
    assert any("obsolete" in (text or "") for text in stored), stored
    for text in stored:
        assert TOKEN not in (text or "") and AWS not in (text or ""), text
