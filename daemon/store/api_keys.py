"""The ``api_keys`` table: tenant keys as hashes. Every query on it lives here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.store.tables import api_keys


@dataclass(frozen=True, slots=True)
class KeyRecord:
    """One stored key (never the key itself); ``role`` is the role's name (what a role
    allows is :mod:`daemon.access`'s to say)."""

    key_id: str
    key_hash: str
    tenant: str
    projects: tuple[str, ...]
    user: str | None
    role: str
    created_at: datetime
    revoked_at: datetime | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "key_id": self.key_id,
            "tenant": self.tenant,
            "projects": list(self.projects),
            "user": self.user,
            "role": self.role,
            "created_at": self.created_at.isoformat(),
            "revoked_at": None if self.revoked_at is None else self.revoked_at.isoformat(),
        }


def _record(row: Any) -> KeyRecord:
    return KeyRecord(
        key_id=row.key_id,
        key_hash=row.key_hash,
        tenant=row.tenant,
        projects=tuple(row.projects or ()),
        user=row.user,
        role=str(row.role),
        created_at=row.created_at,
        revoked_at=row.revoked_at,
    )


async def insert_key(
    conn: AsyncConnection,
    *,
    key_id: str,
    key_hash: str,
    tenant: str,
    projects: Sequence[str],
    user: str | None,
    role: str,
    now: datetime,
) -> KeyRecord:
    values = {
        "key_id": key_id,
        "key_hash": key_hash,
        "tenant": tenant,
        "projects": list(projects),
        "user": user,
        "role": str(role),
        "created_at": now,
        "revoked_at": None,
    }
    await conn.execute(sa.insert(api_keys).values(**values))
    return KeyRecord(key_id, key_hash, tenant, tuple(projects), user, str(role), now, None)


async def find_key(conn: AsyncConnection, key_id: str) -> KeyRecord | None:
    row = (await conn.execute(sa.select(api_keys).where(api_keys.c.key_id == key_id))).first()
    return None if row is None else _record(row)


#: Where a page of keys ends: the last key's creation time and id (keys sort by both).
KeyPosition = tuple[datetime, str]


async def list_keys(
    conn: AsyncConnection,
    *,
    tenant: str | None = None,
    revoked: bool = False,
    limit: int | None = None,
    after: KeyPosition | None = None,
) -> list[KeyRecord]:
    """The keys oldest first (then by id); ``after``: those that come after that position,
    ``limit``: at most that many."""
    query = sa.select(api_keys).order_by(api_keys.c.created_at, api_keys.c.key_id)
    if tenant is not None:
        query = query.where(api_keys.c.tenant == tenant)
    if not revoked:
        query = query.where(api_keys.c.revoked_at.is_(None))
    if after is not None:
        created_at, key_id = after
        query = query.where(
            sa.or_(
                api_keys.c.created_at > created_at,
                sa.and_(api_keys.c.created_at == created_at, api_keys.c.key_id > key_id),
            )
        )
    if limit is not None:
        query = query.limit(limit)
    return [_record(row) for row in await conn.execute(query)]


async def revoke_key(conn: AsyncConnection, key_id: str, now: datetime) -> bool:
    """Revoke a live key; False when there is no such live key."""
    result = await conn.execute(
        sa.update(api_keys)
        .where(api_keys.c.key_id == key_id, api_keys.c.revoked_at.is_(None))
        .values(revoked_at=now)
    )
    return bool(result.rowcount)


async def revoke_keys_of_user(
    conn: AsyncConnection,
    *,
    user: str,
    tenant: str | None,
    projects: Sequence[str] | None,
    now: datetime,
) -> list[str]:
    """Revoke the live keys bound to ``user`` (in ``tenant``; None: every tenant) that act
    only inside ``projects`` (None: every key of the user, whatever its projects); returns
    the ids revoked. A key bound to no project allows every project, so only an erasure in
    every project revokes it."""
    query = sa.select(api_keys).where(api_keys.c.user == user, api_keys.c.revoked_at.is_(None))
    if tenant is not None:
        query = query.where(api_keys.c.tenant == tenant)
    inside = None if projects is None else set(projects)
    doomed = [
        record.key_id
        for record in map(_record, await conn.execute(query))
        if inside is None or (record.projects and set(record.projects) <= inside)
    ]
    if doomed:
        await conn.execute(
            sa.update(api_keys)
            .where(api_keys.c.key_id.in_(doomed), api_keys.c.revoked_at.is_(None))
            .values(revoked_at=now)
        )
    return sorted(doomed)


async def live_keys(conn: AsyncConnection) -> int:
    """How many keys are not revoked (``memoryd serve`` refuses a public address at 0)."""
    query = sa.select(sa.func.count()).select_from(api_keys)
    result = await conn.execute(query.where(api_keys.c.revoked_at.is_(None)))
    return int(result.scalar_one())
