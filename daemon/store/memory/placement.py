"""Placing imported memories: ids kept where they are free, duplicates skipped, each import
recorded in the history (the line format itself: :mod:`daemon.admin.export_import`)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.gate.hashing import content_hash
from daemon.gate.kinds import Action
from daemon.gate.screening import Screened
from daemon.store.db import sealer_of
from daemon.store.memory import history, versions
from daemon.store.memory.history import Provenance
from daemon.store.memory.record import metadata_of
from daemon.store.tables import memories

#: The mark ``created_by`` of an imported memory begins with (``import:extractor:rules``):
#: readers quote what came from elsewhere (:mod:`daemon.recall.voice`); an export drops it,
#: so a round trip gives the same lines.
IMPORTED = "import:"

_CREATED_BY_CHARS = 100  # memories.created_by's length

_SAME = ("tenant", "project", "user", "type", "class", "title", "content", "created_at")


class Placed(StrEnum):
    """What became of one imported record."""

    IMPORTED = "imported"  # inserted with its own id
    RENUMBERED = "renumbered"  # inserted with a new id (its own was taken)
    UNCHANGED = "unchanged"  # its id already holds the same memory
    DUPLICATE = "duplicate"  # a live memory of its scope holds the same content
    TAKEN = "taken"  # its id holds another memory; place it again with ``renumber``


async def place(
    conn: AsyncConnection,
    screened: Screened,
    record: dict[str, Any],
    prov: Provenance,
    *,
    renumber: bool,
    ids: dict[int, tuple[int, tuple[str, str, str]]] | None = None,
) -> Placed:
    """Insert one validated record with its ``import`` history row, dated at the memory's
    ``updated_at`` (a live one marked for the embedding job's near-duplicate check): its
    type, class, title and content (and so ``content_hash``) are the gate's ``screened``
    value, the other columns the record's. ``ids`` is given each placed (or already held)
    memory's id in the record and in the store, with its scope, so that its versions follow
    it (:func:`place_version`)."""
    given = int(record["id"])
    scope = (record["tenant"], record["project"], record["user"])
    record = {
        **record,
        "type": str(screened.type),
        "class": str(screened.memory_class),
        "title": screened.title,
        "content": screened.content,
        "content_hash": content_hash(screened.type, screened.content),
        "metadata": dict(screened.metadata) or None,
        "created_by": imported(record["created_by"]),
        # A live memory is checked for near-duplicates once embedded (:mod:`.dedup`).
        "dedup_pending": record["deleted_at"] is None and record.get("review") != "pending",
    }
    record["integrity"] = sealer_of(conn).integrity(
        *(record[k] for k in ("tenant", "project", "user", "type", "title", "content")),
        metadata=record["metadata"],
    )
    existing = (
        await conn.execute(sa.select(memories).where(memories.c.id == record["id"]))
    ).first()
    if existing is not None:
        if all(existing._mapping[k] == record[k] for k in _SAME):
            if ids is not None:
                ids[given] = (given, scope)
            return Placed.UNCHANGED
        if not renumber:
            return Placed.TAKEN
    if record["deleted_at"] is None:
        clash = await conn.execute(
            sa.select(memories.c.id).where(
                *(memories.c[k] == record[k] for k in ("tenant", "project", "user", "type")),
                memories.c.content_hash == record["content_hash"],
                memories.c.deleted_at.is_(None),
            )
        )
        if clash.first() is not None:
            return Placed.DUPLICATE
    if existing is not None:
        top = (await conn.execute(sa.select(sa.func.max(memories.c.id)))).scalar_one()
        record = {**record, "id": int(top or 0) + 1}
    await conn.execute(sa.insert(memories).values(**record))
    if ids is not None:
        ids[given] = (int(record["id"]), scope)
    snapshot = {k: record[k] for k in ("type", "class", "title", "content", "pinned")}
    await history.record(
        conn,
        record["id"],
        ScopeKey(project=record["project"], user=record["user"], tenant=record["tenant"]),
        Action.IMPORT,
        prov,
        record["updated_at"],
        new=snapshot,
        reason="memoryd memories import",
    )
    return Placed.RENUMBERED if existing is not None else Placed.IMPORTED


async def place_version(conn: AsyncConnection, record: dict[str, Any]) -> bool:
    """Insert an imported superseded version of a placed memory, signed here; False when
    the memory holds it already."""
    tag = sealer_of(conn).integrity(
        *(record[k] for k in ("tenant", "project", "user", "type", "title", "content")),
        metadata=metadata_of(record.get("metadata")),
    )
    return await versions.place(conn, record, tag)


def imported(created_by: str) -> str:
    """``created_by`` with the import's mark (once), within the column's length."""
    marked = created_by if created_by.startswith(IMPORTED) else IMPORTED + created_by
    return marked[:_CREATED_BY_CHARS]


def exported(created_by: str) -> str:
    """``created_by`` as an export line holds it: without the import's mark."""
    return created_by.removeprefix(IMPORTED)


async def advance_sequence(conn: AsyncConnection) -> None:
    """PostgreSQL: move the id sequence past the ids imported explicitly."""
    if conn.dialect.name != "postgresql":
        return
    await conn.execute(
        sa.text(
            "SELECT setval(pg_get_serial_sequence('memories', 'id'), "
            "(SELECT COALESCE(MAX(id), 1) FROM memories))"
        )
    )
