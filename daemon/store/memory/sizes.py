"""What memories take in the store: bytes of title and content per tenant and project."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.store.db import Connection, octets
from daemon.store.tables import memories


async def stored_bytes(
    conn: Connection, *, tenant: str | None = None, project: str | None = None
) -> dict[tuple[str, str], int]:
    """Bytes of the memories (live and tombstoned) per (tenant, project)."""
    size = sa.func.sum(octets(conn, memories.c.title) + octets(conn, memories.c.content))
    query = sa.select(memories.c.tenant, memories.c.project, size).group_by(
        memories.c.tenant, memories.c.project
    )
    if tenant is not None:
        query = query.where(memories.c.tenant == tenant)
    if project is not None:
        query = query.where(memories.c.project == project)
    return {(row[0], row[1]): int(row[2] or 0) for row in await conn.execute(query)}
