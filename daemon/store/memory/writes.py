"""Writes of one memory at a time: create, update, delete, pin, forget; each records its
history row (:mod:`~daemon.store.memory.history`) in the caller's transaction.

A write that does not happen returns a :class:`~daemon.gate.refusal.Refused` saying
why (no such memory in scope, nothing changed, a duplicate); a successful one returns the
memory's id. :func:`create` and :func:`update` write content unscreened: they are private
to the package, reached from outside only through :func:`~daemon.store.memory.saving.save`,
which writes what the gate screened (:func:`daemon.gate.screening`).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.redaction import redact
from daemon.base.scope import ScopeKey
from daemon.gate.hashing import content_hash
from daemon.gate.kinds import Action, Actor, MemoryClass, MemoryType, Review
from daemon.gate.refusal import MEMORY, Reason, Refused
from daemon.store.db import sealer_of, upsert
from daemon.store.memory import history, versions
from daemon.store.memory.history import Provenance, snapshot
from daemon.store.memory.record import metadata_of, reviewed, visible
from daemon.store.tables import memories


async def create(
    conn: AsyncConnection,
    scope: ScopeKey,
    *,
    type_: MemoryType | str,
    memory_class: MemoryClass | str,
    title: str,
    content: str,
    prov: Provenance,
    now: datetime,
    expires_at: datetime | None = None,
    review: Review = Review.NONE,
    dedup_pending: bool = False,
    metadata: Mapping[str, Any] | None = None,
) -> int | Refused:
    """Insert a memory into ``scope`` exactly (the caller picks the shared or the user's
    scope; ``review`` pending holds it for an operator; ``dedup_pending``: written without
    a near-duplicate check, which the embedding job makes: :mod:`.dedup`; ``metadata``: the
    writer's, as the gate checked it); its id, or
    ``Refused(DUPLICATE)`` when a live memory of the scope and type holds the same
    normalized content."""
    digest = content_hash(type_, content)
    tag = sealer_of(conn).integrity(
        scope.tenant, scope.project, scope.user, str(type_), title, content, metadata=metadata
    )
    row = (
        await conn.execute(
            upsert(conn, memories)
            .values(
                **scope.columns(),
                type=str(type_),
                **{"class": str(memory_class)},
                title=title,
                content=content,
                content_hash=digest,
                integrity=tag,
                source_session=prov.session_id,
                source_user=prov.source_user,
                source_key=prov.source_key,
                source_turns=prov.turns,
                source_run=prov.run_id,
                created_by=prov.created_by,
                created_at=now,
                updated_at=now,
                valid_from=now,
                expires_at=expires_at,
                review=str(review),
                dedup_pending=dedup_pending,
                metadata=dict(metadata) if metadata else None,
            )
            .on_conflict_do_nothing()
            .returning(memories.c.id)
        )
    ).one_or_none()
    if row is None:
        clash = await same_content(conn, scope, str(type_), digest, prov.source_user or "")
        held = "a live memory" if clash is None else MEMORY
        return Refused(
            Reason.DUPLICATE, f"{held} of this scope holds the same content", memory_id=clash
        )
    new: dict[str, Any] = {
        "type": str(type_), "class": str(memory_class), "title": title, "content": content,
    }  # fmt: skip
    if review != Review.NONE:
        new["review"] = str(review)
    if metadata:
        new["metadata"] = dict(metadata)
    await history.record(conn, row.id, scope, Action.CREATE, prov, now, new=new)
    return int(row.id)


async def same_content(
    conn: AsyncConnection, scope: ScopeKey, type_: str, digest: str, writer: str
) -> int | None:
    """The live memory of ``scope`` (exactly) and type holding content of this digest, if
    the ``writer``'s user may see it (one held for another author's review goes unnamed)."""
    found = await conn.execute(
        sa.select(memories.c.id)
        .where(
            *(memories.c[name] == value for name, value in scope.columns().items()),
            memories.c.type == type_,
            memories.c.content_hash == digest,
            memories.c.deleted_at.is_(None),
            reviewed(writer),
        )
        .limit(1)
    )
    value = found.scalar_one_or_none()
    return None if value is None else int(value)


async def _visible_row(
    conn: AsyncConnection, scope: ScopeKey, memory_id: int, *, held_too: bool = False
) -> Any:
    where = visible(scope, held_too=held_too)
    return (
        await conn.execute(sa.select(memories).where(where, memories.c.id == memory_id))
    ).one_or_none()


async def update(
    conn: AsyncConnection,
    scope: ScopeKey,
    memory_id: int,
    *,
    title: str,
    content: str,
    memory_class: MemoryClass | str | None,
    prov: Provenance,
    now: datetime,
    held: bool = False,
    metadata: Mapping[str, Any] | None = None,
) -> int | Refused:
    """Rewrite a memory visible in ``scope`` in place (its type stays; ``memory_class``
    None keeps the class; ``metadata`` replaces the whole object, ``{}`` clearing it, None
    keeping it), the row as it was kept as a superseded version
    (:mod:`~daemon.store.memory.versions`); its id, or why not (not visible, nothing
    changed, or the new content is already another live memory's). A shared memory
    rewritten into one the gate ``held`` waits for an operator again; any other rewrite is
    shared as written (an operator's keeps the approval it had)."""
    old = await _visible_row(conn, scope, memory_id)
    if old is None:
        return Refused(Reason.NOT_FOUND, f"no {MEMORY} in this scope", memory_id=memory_id)
    new_class = str(memory_class or old._mapping["class"])
    had = dict(metadata_of(old._mapping["metadata"]))
    meta = had if metadata is None else dict(metadata)
    if (old.title, old.content, old._mapping["class"], had) == (title, content, new_class, meta):
        return Refused(Reason.UNCHANGED, f"{MEMORY} already says this", memory_id=memory_id)
    digest = content_hash(old.type, content)
    if (clash := await _other_holder(conn, old, digest)) is not None:
        return Refused(Reason.DUPLICATE, f"{MEMORY} holds the same content", memory_id=clash)
    review = _review_after_update(old, held=held, operator=prov.actor == Actor.OPERATOR)
    await versions.supersede(
        conn, old, replaced_by=memory_id, action=Action.UPDATE, prov=prov, now=now
    )
    await conn.execute(
        sa.update(memories)
        .where(memories.c.id == memory_id)
        .values(
            title=title,
            content=content,
            content_hash=digest,
            integrity=sealer_of(conn).integrity(
                old.tenant, old.project, old.user, old.type, title, content, metadata=meta
            ),
            **{"class": new_class},
            **({} if meta == had else {"metadata": meta or None}),
            updated_at=now,
            valid_from=now,
            source_session=prov.session_id,
            source_user=prov.source_user,
            source_key=prov.source_key,
            source_turns=prov.turns,
            source_run=prov.run_id,
            review=str(review),
            **({} if review == old.review else {"reviewed_by": None, "reviewed_at": None}),
        )
    )
    before = snapshot(old)
    new = {**before, "title": title, "content": content, "class": new_class}
    if review != old.review:
        new["review"] = str(review)
    if meta != had:
        before["metadata"], new["metadata"] = had, meta
    await history.record(
        conn,
        memory_id,
        ScopeKey.from_row(old),
        Action.UPDATE,
        prov,
        now,
        old=before,
        new=new,
    )
    return memory_id


def _review_after_update(old: Any, *, held: bool, operator: bool) -> Review:
    if held and not old.user:
        return Review.PENDING
    if operator and old.review == Review.APPROVED:
        return Review.APPROVED
    return Review.NONE


async def _other_holder(conn: AsyncConnection, old: Any, digest: str) -> int | None:
    """Another live memory of ``old``'s scope and type whose content hashes to ``digest``."""
    clash = await conn.execute(
        sa.select(memories.c.id).where(
            memories.c.tenant == old.tenant,
            memories.c.project == old.project,
            memories.c.user == old.user,
            memories.c.type == old.type,
            memories.c.content_hash == digest,
            memories.c.deleted_at.is_(None),
            memories.c.id != old.id,
        )
    )
    return clash.scalar()


async def delete(
    conn: AsyncConnection,
    scope: ScopeKey,
    memory_id: int,
    *,
    reason: str,
    prov: Provenance,
    now: datetime,
    held_too: bool = False,
) -> int | Refused:
    """Tombstone a memory visible in ``scope`` (restorable while the tombstone is kept;
    ``held_too``: one held for review too, whoever wrote it). ``reason`` is stored redacted:
    it is free text from a person or an agent."""
    old = await _visible_row(conn, scope, memory_id, held_too=held_too)
    if old is None:
        return Refused(Reason.NOT_FOUND, f"no {MEMORY} in this scope", memory_id=memory_id)
    reason = redact(reason)[0]
    await conn.execute(
        sa.update(memories)
        .where(memories.c.id == memory_id)
        .values(deleted_at=now, deleted_reason=reason, updated_at=now)
    )
    await history.record(
        conn,
        memory_id,
        ScopeKey.from_row(old),
        Action.DELETE,
        prov,
        now,
        old=snapshot(old),
        reason=reason,
    )
    return memory_id


async def _scope_of(conn: AsyncConnection, memory_id: int) -> ScopeKey | None:
    row = (
        await conn.execute(
            sa.select(memories.c.tenant, memories.c.project, memories.c.user).where(
                memories.c.id == memory_id
            )
        )
    ).first()
    return None if row is None else ScopeKey.from_row(row)


async def forget(
    conn: AsyncConnection, memory_id: int, *, reason: str, prov: Provenance, now: datetime
) -> int | Refused:
    """Tombstone a live memory named by id alone, whatever its scope (operators)."""
    scope = await _scope_of(conn, memory_id)
    if scope is None:
        return Refused(Reason.NOT_FOUND, f"no {MEMORY}", memory_id=memory_id)
    return await delete(conn, scope, memory_id, reason=reason, prov=prov, now=now, held_too=True)


async def set_pinned(
    conn: AsyncConnection, memory_id: int, pinned: bool, *, prov: Provenance, now: datetime
) -> int | Refused:
    """Pin (never expired, shown first) or unpin a live memory named by id; why not when it
    is not live or already so."""
    row = (
        await conn.execute(
            sa.select(memories).where(memories.c.id == memory_id, memories.c.deleted_at.is_(None))
        )
    ).first()
    if row is None:
        return Refused(Reason.NOT_FOUND, f"no live {MEMORY}", memory_id=memory_id)
    if bool(row.pinned) == pinned:
        return Refused(
            Reason.UNCHANGED, f"{MEMORY} is already {_pin_word(pinned)}", memory_id=memory_id
        )
    await conn.execute(sa.update(memories).where(memories.c.id == memory_id).values(pinned=pinned))
    await history.record(
        conn,
        memory_id,
        ScopeKey.from_row(row),
        Action.PIN if pinned else Action.UNPIN,
        prov,
        now,
        old={"pinned": bool(row.pinned)},
        new={"pinned": pinned},
    )
    return memory_id


def _pin_word(pinned: bool) -> str:
    return "pinned" if pinned else "unpinned"


#: A memory shown again within this long of its recorded surfacing is not rewritten.
SURFACED_GRAIN = timedelta(hours=1)


async def mark_surfaced(conn: AsyncConnection, ids: list[int], now: datetime) -> None:
    """Record that these memories were shown to an agent (``last_surfaced_at``; no history:
    a use, not a change), at most once per :data:`SURFACED_GRAIN` each. Rewriting a row
    rewrites every index entry of it, the full-text one included (the idle sweep's index
    reads the column, so no update of it is HOT on PostgreSQL): a store serving a thousand
    recalls a second bloated and slowed its own searches, and the idle sweep counts in days.
    """
    if not ids:
        return
    if conn.dialect.name == "postgresql":
        # A lost surfacing time is harmless: the commit need not wait for the WAL flush.
        await conn.execute(sa.text("SET LOCAL synchronous_commit = off"))
    stale = sa.or_(
        memories.c.last_surfaced_at.is_(None),
        memories.c.last_surfaced_at <= now - SURFACED_GRAIN,
    )
    await conn.execute(
        sa.update(memories).where(memories.c.id.in_(ids), stale).values(last_surfaced_at=now)
    )
