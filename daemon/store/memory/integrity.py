"""The integrity of every stored memory and superseded version (its tag over its fields and
metadata: :meth:`~daemon.base.sealing.Sealer.verify`), checked at once (``memoryd
status``): recall checks
each memory it reads (:func:`~daemon.store.memory.record.intact`); this counts the ones that
fail, so that a tampered memory hidden from every reader is still seen by an operator. And
the memories signed again with the primary data key (``memoryd keys rotate-data``)."""

from __future__ import annotations

from dataclasses import dataclass, field

import sqlalchemy as sa
import structlog
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.sealing import Verdict
from daemon.store.db import sealer_of
from daemon.store.memory.record import metadata_of
from daemon.store.tables import memories, memory_versions

log = structlog.get_logger("memoryd.store")

#: Memories read per statement by :func:`check_all`.
_BATCH = 5_000
#: Ids of failing memories kept for the report.
LISTED = 10


@dataclass(slots=True)
class IntegrityCheck:
    """What a scan of the live memories found: how many were checked, those whose tag does
    not hold (``tampered``) or names a data key not configured (``unknown_key``), and, with
    a data key, those still carrying a plain digest (``unkeyed``: signed at the next
    ``memoryd keys rotate-data``)."""

    checked: int = 0
    tampered: int = 0
    unknown_key: int = 0
    unkeyed: int = 0
    failing_ids: list[int] = field(default_factory=list)
    #: Superseded versions checked, and those whose tag does not hold (counted in
    #: ``tampered`` or ``unknown_key`` too; their memories' ids in ``failing_ids``).
    versions_checked: int = 0
    versions_failing: int = 0

    @property
    def failing(self) -> int:
        return self.tampered + self.unknown_key


async def check_all(conn: AsyncConnection) -> IntegrityCheck:
    """Check the integrity tag of every live memory and every superseded version, by id, a
    batch per statement."""
    found = IntegrityCheck()
    m, v = memories.c, memory_versions.c
    await _check(conn, found, memories, m.id, m.deleted_at.is_(None))
    await _check(conn, found, memory_versions, v.memory_id.label("memory_id"), sa.true())
    return found


async def _check(
    conn: AsyncConnection,
    found: IntegrityCheck,
    table: sa.Table,
    named: sa.ColumnElement[int],
    where: sa.ColumnElement[bool],
) -> None:
    sealer = sealer_of(conn)
    c = table.c
    versions = table is memory_versions
    last = 0
    while True:
        rows = (
            await conn.execute(
                sa.select(c.id, c.tenant, c.project, c.user, c.type, c.title, c.content)
                .add_columns(c.metadata, c.integrity, named.label("named"))
                .where(c.id > last, where)
                .order_by(c.id)
                .limit(_BATCH)
            )
        ).all()
        if not rows:
            return
        for row in rows:
            if versions:
                found.versions_checked += 1
            else:
                found.checked += 1
            fields = (row.tenant, row.project, row.user, row.type, row.title, row.content)
            verdict = sealer.verify(row.integrity, *fields, metadata=metadata_of(row.metadata))
            if verdict is Verdict.INTACT:
                found.unkeyed += sealer.integrity_stale(row.integrity)
                continue
            found.versions_failing += versions
            if verdict is Verdict.TAMPERED:
                found.tampered += 1
            else:
                found.unknown_key += 1
            if len(found.failing_ids) < LISTED:
                found.failing_ids.append(int(row.named))
        last = int(rows[-1].id)


async def resign_batch(
    conn: AsyncConnection, *, after: int, limit: int, versions: bool = False
) -> tuple[int, int, int | None]:
    """Sign again, with the primary data key, up to ``limit`` memories (``versions``: of
    their superseded versions) with an id above ``after`` whose tag is not keyed with it
    (tombstones too: a restored memory must verify); one whose tag does not hold is left as
    it is. Returns how many were signed, how many were left, and the last id read (None:
    none left)."""
    sealer = sealer_of(conn)
    primary = sealer.primary
    if primary is None:
        return 0, 0, None
    table = memory_versions if versions else memories
    m = table.c
    rows = (
        await conn.execute(
            sa.select(m.id, m.tenant, m.project, m.user, m.type, m.title, m.content)
            .add_columns(m.metadata, m.integrity)
            .where(
                m.id > after,
                sa.or_(
                    m.integrity.is_(None),
                    sa.not_(m.integrity.startswith(f"h1:{primary}:", autoescape=True)),
                ),
            )
            .order_by(m.id)
            .limit(limit)
        )
    ).all()
    if not rows:
        return 0, 0, None
    signed = left = 0
    for row in rows:
        fields = (row.tenant, row.project, row.user, row.type, row.title, row.content)
        metadata = metadata_of(row.metadata)
        if sealer.verify(row.integrity, *fields, metadata=metadata) is not Verdict.INTACT:
            left += 1
            log.warning("rotation.memory_not_intact", row_id=row.id, table=table.name)
            continue
        result = await conn.execute(
            sa.update(table)
            .where(m.id == row.id, m.integrity == row.integrity, m.content == row.content)
            .values(integrity=sealer.integrity(*fields, metadata=metadata))
        )
        signed += result.rowcount
    return signed, left, int(rows[-1].id)
