"""Semantic dedup: a new memory that means what one of its scope already says is absorbed by it.

A write's text (as the gate screened it) close in meaning to a live memory of the same
scope, exactly, and type (cosine similarity of their vectors at least the threshold, the
setting ``MEMORYD_EMBEDDINGS__DEDUP_THRESHOLD``) does not make a second memory:

- when the new text adds nothing (every word of its title and content is already in the
  older memory's: :func:`adds_nothing`), the older memory stays as it is;
- otherwise the newer text replaces the older memory's title and content as a new version
  (:func:`~daemon.store.memory.writes.update`: the text it had is kept as a version with
  ``valid_to`` and its link), its class and pin kept.

Either way the older memory gets a ``merge`` history row naming what it absorbed and how
close it was. The exact-hash check (:func:`~daemon.store.memory.writes.same_content`) comes
first: an identical text is refused as a duplicate, as it always was.

Never absorbed: across scopes or types; into or from a memory held for review (or turned
down); into a memory of another writer (another user's, an operator's, an import's, when
the new text is not of that same writer: the older memory would then speak the new writer's
text in its own voice, :mod:`daemon.recall.voice`; both are kept); into a pinned memory
when the new text would change it.

Three moments check: a save that embeds its own text before it writes (:func:`absorber`,
:func:`absorb`); a rewrite of a memory's text (the main agent's update), which
:func:`absorb_rewrite` checks once the rewrite is written, absorbing the rewritten memory
into another of its scope the way :func:`settle` does; and the embedding job for a memory
written without that check (``dedup_pending``: the extractor's, an import's, a save or a
rewrite whose text could not be embedded), which :func:`settle` absorbs into an older memory
once its vector is made (the newer memory then becomes a tombstone ``replaced_by`` the older
one, with ``merge`` history rows on both).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
import structlog
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.gate.kinds import Action, Actor, MemoryType, Review
from daemon.gate.refusal import Refused
from daemon.store.memory import history, vectors, writes
from daemon.store.memory.history import Provenance, snapshot
from daemon.store.memory.nearest import nearest
from daemon.store.memory.placement import IMPORTED
from daemon.store.memory.record import Memory
from daemon.store.memory.search import SearchFilter
from daemon.store.tables import memories

__all__ = [
    "Absorbed",
    "Near",
    "absorb",
    "absorb_rewrite",
    "absorber",
    "adds_nothing",
    "settle",
]

log = structlog.get_logger("memoryd.dedup")

#: Nearest memories looked at for one write (the first few may be another writer's).
CANDIDATES = 5
#: The actor id of the embedding job's absorptions in the history.
SETTLED_BY = "dedup"
_WORD = re.compile(r"[^\W_]+")
_HELD = (Review.PENDING.value, Review.REJECTED.value)


@dataclass(frozen=True, slots=True)
class Near:
    """A write's own vector (of the text :func:`~daemon.store.memory.vectors.text_of`
    makes of it) in the embedding ``space``, and the similarity from which a memory of its
    scope is a near-duplicate."""

    space: str
    vector: Sequence[float]
    threshold: float


@dataclass(frozen=True, slots=True)
class Absorbed:
    """A write that an existing memory absorbed: ``changed`` when its text replaced the
    memory's (a new version), else it added nothing."""

    memory_id: int
    changed: bool
    similarity: float


def _words(*texts: str) -> set[str]:
    return {w for text in texts for w in _WORD.findall(text.casefold())}


def adds_nothing(title: str, content: str, old_title: str, old_content: str) -> bool:
    """Whether every word of the new title and content is already in the old memory's (the
    new text is contained in the old: keeping it would add nothing)."""
    return _words(title, content) <= _words(old_title, old_content)


def _compatible(found: Memory, writer: str, imported: bool) -> bool:
    """Whether a write of ``writer`` (a user name or "") may be absorbed by ``found``
    without a reader seeing one writer's text in another's voice."""
    if str(found.review) in _HELD:
        return False
    if (found.source_user or "") != writer:
        return False
    return found.created_by.startswith(IMPORTED) == imported


async def absorber(
    conn: AsyncConnection,
    scope: ScopeKey,
    type_: MemoryType | str,
    near: Near,
    *,
    writer: str,
    imported: bool = False,
    before: int | None = None,
    other_than: int | None = None,
) -> tuple[Memory, float] | None:
    """The live memory of ``scope`` (exactly) and ``type_`` nearest to ``near.vector`` at
    ``near.threshold`` or closer that may absorb a write of ``writer``, with its
    similarity; ``before``: only a memory of a lower id (an older one); ``other_than``: not
    that memory (the one rewritten)."""
    where = SearchFilter(types=(str(type_),), limit=CANDIDATES + (other_than is not None))
    found = await nearest(conn, scope, near.space, near.vector, where, exact=True)
    for memory in found:
        if memory.score < near.threshold:
            break
        if memory.user != scope.user or memory.id == other_than:
            continue
        if before is not None and memory.id >= before:
            continue
        if _compatible(memory, writer, imported):
            return memory, memory.score
    return None


def would_change(found: Memory, title: str, content: str) -> bool | None:
    """Whether absorbing this text changes ``found`` (None: it may not: a pinned memory is
    never rewritten)."""
    if adds_nothing(title, content, found.title, found.content):
        return False
    return None if found.pinned else True


async def absorb(
    conn: AsyncConnection,
    scope: ScopeKey,
    found: Memory,
    similarity: float,
    *,
    title: str,
    content: str,
    prov: Provenance,
    now: datetime,
    near: Near,
    absorbed_id: int | None = None,
) -> Absorbed | None:
    """Let ``found`` (of ``scope`` exactly) absorb the text ``title``/``content`` (whose
    vector is ``near.vector``): nothing changes when it adds nothing, else the text replaces
    the memory's as a new version, and its vector the memory's. A ``merge`` history row
    names what was absorbed (``absorbed_id``: the memory it was, when it had been written).
    None when it may not (see :func:`would_change`)."""
    changed = would_change(found, title, content)
    if changed is None:
        return None
    if changed:
        done = await writes.update(
            conn,
            scope,
            found.id,
            title=title,
            content=content,
            memory_class=None,
            prov=prov,
            now=now,
        )
        if isinstance(done, Refused):
            return None
        await vectors.store_written(
            conn, near.space, found.id, scope.columns(), (title, content), now, near.vector
        )
    await history.record(
        conn,
        found.id,
        scope,
        Action.MERGE,
        prov,
        now,
        new={"absorbed": absorbed_id, "similarity": round(similarity, 4), "changed": changed},
        reason="absorbed a near-duplicate"
        + (": its text is the new version" if changed else " that added nothing"),
    )
    log.info(
        "memory.absorbed",
        memory_id=found.id,
        absorbed=absorbed_id,
        changed=changed,
        similarity=round(similarity, 4),
    )
    return Absorbed(found.id, changed, similarity)


class _Undo(Exception):
    """Rolls back the savepoint of an absorption that could not complete."""


async def settle(
    conn: AsyncConnection, memory_id: int, near: Near, *, now: datetime
) -> Absorbed | None:
    """The embedding job's check of a memory written without one (``dedup_pending``), its
    vector ``near.vector``: absorbed into an older near-duplicate of its scope and type, it
    becomes a tombstone ``replaced_by`` that memory (both get ``merge`` history rows).
    The mark is cleared either way; None when it stays."""
    row = (
        await conn.execute(
            sa.select(memories).where(
                memories.c.id == memory_id,
                memories.c.deleted_at.is_(None),
                memories.c.dedup_pending.is_(True),
            )
        )
    ).first()
    if row is None:
        return None
    await conn.execute(
        sa.update(memories).where(memories.c.id == memory_id).values(dedup_pending=False)
    )
    if row.review in _HELD:
        return None
    scope = ScopeKey.from_row(row)
    found = await absorber(
        conn,
        scope,
        row.type,
        near,
        writer=row.source_user or "",
        imported=row.created_by.startswith(IMPORTED),
        before=memory_id,
    )
    if found is None or would_change(found[0], row.title, row.content) is None:
        return None
    return await _absorbed_into(conn, row, scope, found, _provenance_of(row), now, near)


async def _absorbed_into(
    conn: AsyncConnection,
    row: Any,
    scope: ScopeKey,
    found: tuple[Any, float],
    prov: Provenance,
    now: datetime,
    near: Near,
) -> Absorbed | None:
    """``row`` absorbed by ``found`` (the memory and its similarity), in a savepoint: the
    row becomes a tombstone ``replaced_by`` it; None (and nothing changed) when the absorber
    declines."""
    target, similarity = found
    try:
        async with conn.begin_nested():
            await _replace(conn, row, scope, target.id, similarity, prov, now)
            done = await absorb(
                conn, scope, target, similarity, title=row.title, content=row.content,
                prov=prov, now=now, near=near, absorbed_id=row.id,
            )  # fmt: skip
            if done is None:
                raise _Undo
    except _Undo:
        return None
    return done


async def absorb_rewrite(
    conn: AsyncConnection,
    memory_id: int,
    near: Near | None,
    *,
    prov: Provenance,
    now: datetime,
) -> Absorbed | None:
    """The near-duplicate check of a memory whose title or content ``prov``'s writer has
    just rewritten (in this transaction), ``near`` the vector of its new text: another live
    memory of its scope and type that means the same absorbs it, as :func:`settle` absorbs
    (the rewritten memory becomes a tombstone ``replaced_by`` it). Otherwise the new vector
    is kept as the memory's. Without ``near`` (the text could not be embedded) the memory is
    marked for the embedding job's check. A held memory is neither absorbed nor marked."""
    row = (
        await conn.execute(
            sa.select(memories).where(memories.c.id == memory_id, memories.c.deleted_at.is_(None))
        )
    ).first()
    if row is None or row.review in _HELD:
        return None
    if near is None:
        await conn.execute(
            sa.update(memories).where(memories.c.id == memory_id).values(dedup_pending=True)
        )
        return None
    scope = ScopeKey.from_row(row)
    found = await absorber(
        conn, scope, row.type, near, writer=prov.source_user or "", other_than=memory_id
    )
    if found is not None and would_change(found[0], row.title, row.content) is not None:
        done = await _absorbed_into(conn, row, scope, found, prov, now, near)
        if done is not None:
            return done
    await vectors.store_written(
        conn, near.space, memory_id, scope.columns(), (row.title, row.content), now, near.vector
    )
    return None


async def _replace(
    conn: AsyncConnection,
    row: Any,
    scope: ScopeKey,
    into: int,
    similarity: float,
    prov: Provenance,
    now: datetime,
) -> None:
    """Tombstone the absorbed memory ``row``, ``replaced_by`` ``into``, with its history
    row (first: its text may become ``into``'s, which a live duplicate would refuse)."""
    reason = f"duplicate of #{into}"
    await conn.execute(
        sa.update(memories)
        .where(memories.c.id == row.id)
        .values(deleted_at=now, updated_at=now, deleted_reason=reason, replaced_by=into)
    )
    await history.record(
        conn,
        int(row.id),
        scope,
        Action.MERGE,
        prov,
        now,
        old=snapshot(row),
        new={"merged_into": into, "similarity": round(similarity, 4)},
        reason=f"near-duplicate of #{into}",
    )


def _provenance_of(row: Any) -> Provenance:
    """The job's provenance for an absorption: the embedding job acts, the text stays the
    absorbed memory's (its session, user, key and run)."""
    return Provenance(
        actor=Actor.MAINTENANCE,
        actor_id=SETTLED_BY,
        session_id=row.source_session,
        source_user=row.source_user,
        source_key=row.source_key,
        turns=row.source_turns,
        run_id=row.source_run,
        created_by=row.created_by,
    )


#: A word two texts must share (at least this long) for one to replace the other.
_LINK_WORD = 4


async def link_replacement(
    conn: AsyncConnection, removed: int, created: Sequence[int]
) -> int | None:
    """After one write both removed the memory ``removed`` and created ``created`` (an
    extraction that deleted a fact and wrote what replaced it): link the tombstone to the
    created memory of its scope and type that shares the most words with it (at least one of
    four letters or more), so its timeline and the version kept when it is purged say what
    replaced it. The memory linked, or None."""
    old = (
        await conn.execute(
            sa.select(memories).where(memories.c.id == removed, memories.c.deleted_at.is_not(None))
        )
    ).first()
    if old is None or not created:
        return None
    rows = await conn.execute(
        sa.select(memories.c.id, memories.c.title, memories.c.content).where(
            memories.c.id.in_(list(created)),
            memories.c.tenant == old.tenant,
            memories.c.project == old.project,
            memories.c.user == old.user,
            memories.c.type == old.type,
            memories.c.deleted_at.is_(None),
        )
    )
    known = {w for w in _words(old.title, old.content) if len(w) >= _LINK_WORD}
    best: tuple[int, int] | None = None
    for row in sorted(rows, key=lambda r: int(r.id)):
        shared = len(known & _words(row.title, row.content))
        if shared and (best is None or shared > best[0]):
            best = (shared, int(row.id))
    if best is None:
        return None
    await conn.execute(
        sa.update(memories).where(memories.c.id == removed).values(replaced_by=best[1])
    )
    return best[1]
