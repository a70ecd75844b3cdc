"""What transcripts take in the store: bytes of message content per tenant and project."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.store.db import Connection, octets
from daemon.store.tables import messages


async def stored_bytes(
    conn: Connection, *, tenant: str | None = None, project: str | None = None
) -> dict[tuple[str, str], int]:
    """Bytes of the stored messages' content per (tenant, project)."""
    size = sa.func.sum(octets(conn, messages.c.content))
    query = sa.select(messages.c.tenant, messages.c.project, size).group_by(
        messages.c.tenant, messages.c.project
    )
    if tenant is not None:
        query = query.where(messages.c.tenant == tenant)
    if project is not None:
        query = query.where(messages.c.project == project)
    return {(row[0], row[1]): int(row[2] or 0) for row in await conn.execute(query)}
