"""What transcripts take: bytes (not characters) of message content per tenant and
project, narrowed by tenant and project, nothing for an empty store; on both backends."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.store.tables import messages
from daemon.store.transcripts.sizes import stored_bytes
from tests.store.transcripts.seed import TENANT, session


async def test_message_bytes_are_summed_per_tenant_and_project(runtime: Container) -> None:
    async with runtime.store.connect() as conn:
        assert await stored_bytes(conn) == {}
    await session(runtime, "a", project="p", turn_count=2, content="héllo")  # 6 bytes each
    await session(runtime, "b", project="q", turn_count=1, content="abc")
    async with runtime.store.begin() as conn:
        await conn.execute(
            sa.insert(messages).values(
                session_id="c", message_id="m1", tenant="other", project="p", user="u",
                turn=1, seq=0, role="user", content="xyzw", at=sa.func.now(),
            )
        )  # fmt: skip
    async with runtime.store.connect() as conn:
        assert await stored_bytes(conn) == {(TENANT, "p"): 12, (TENANT, "q"): 3, ("other", "p"): 4}
        assert await stored_bytes(conn, tenant="other") == {("other", "p"): 4}
        assert await stored_bytes(conn, project="q") == {(TENANT, "q"): 3}
        assert await stored_bytes(conn, tenant="other", project="q") == {}
