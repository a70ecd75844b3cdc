"""The one write of a memory's content: :func:`save` (create or update), screened by the gate.

A writer hands :func:`save` a :class:`~daemon.gate.Draft`, which it screens with the writer's
:class:`~daemon.gate.Limits` (relative dates against the draft's turn time, else ``now``), or
a :class:`~daemon.gate.Screened` value the gate already made (the extraction runner, which
tells the run's refusals apart before it commits; compaction summaries, screened by the rule
for held text). Nothing else in the package writes a memory's content for a caller outside it;
duplicates are refused here too. Every refusal is a typed :class:`Refused`.

A shared memory the gate holds (:attr:`~daemon.gate.Screened.held`: a directive to agents,
or a language the rules do not read) is written ``pending`` unless an operator writes it:
only its author's scope sees it until an operator approves it
(:mod:`~daemon.store.memory.review`).

:func:`save_or_absorb` is the create of a writer that embedded the screened text first (the
main agent's save): after the exact-hash check, a near-duplicate of the scope absorbs it
(:mod:`~daemon.store.memory.dedup`). A create without that check may be marked
``dedup_later``: the embedding job then makes it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.gate.hashing import content_hash
from daemon.gate.kinds import Actor, MemoryType, Review
from daemon.gate.refusal import MEMORY, Reason, Refused
from daemon.gate.screening import Draft, Limits, Screened, screen
from daemon.store.memory import dedup, vectors, writes
from daemon.store.memory.dedup import Absorbed, Near
from daemon.store.memory.history import Provenance


def screened(draft: Draft, scope: ScopeKey, limits: Limits, *, now: datetime) -> Screened | Refused:
    """``draft`` as the gate screens it for ``scope`` (relative dates read at the draft's
    time, else ``now``)."""
    at = draft.at if draft.at is not None else now
    return screen(replace(draft, at=at), scope, limits)


async def save(
    conn: AsyncConnection,
    scope: ScopeKey,
    draft: Draft | Screened,
    *,
    prov: Provenance,
    now: datetime,
    limits: Limits | None = None,
    memory_id: int | None = None,
    expires_at: datetime | None = None,
    exact_scope: bool = False,
    dedup_later: bool = False,
) -> int | Refused:
    """Screen ``draft`` (``limits`` required for a :class:`Draft`) and write it: a new memory
    (a ``user`` one in the user's own scope, the others shared with the project; with
    ``exact_scope``, in ``scope`` itself), or with ``memory_id`` an update of that memory
    (visible in ``scope``; its type stays; its metadata replaced by the draft's when a
    :class:`Draft` names some, ``{}`` clearing it, else kept). The memory's id, or why not.
    ``dedup_later``: a new memory is checked for near-duplicates by the embedding job (not
    a held one)."""
    replaced = isinstance(draft, Draft) and draft.metadata is not None
    if isinstance(draft, Draft):
        if limits is None:
            raise TypeError("save() of a Draft needs the writer's Limits")
        checked = screened(draft, scope, limits, now=now)
        if isinstance(checked, Refused):
            return checked
    else:
        checked = draft
    held = bool(checked.held) and prov.actor != Actor.OPERATOR
    if memory_id is not None:
        return await writes.update(
            conn,
            scope,
            memory_id,
            title=checked.title,
            content=checked.content,
            memory_class=checked.memory_class,
            prov=prov,
            now=now,
            held=held,
            metadata=checked.metadata if replaced else None,
        )
    target = scope if exact_scope else _target(scope, checked)
    return await writes.create(
        conn,
        target,
        type_=checked.type,
        memory_class=checked.memory_class,
        title=checked.title,
        content=checked.content,
        prov=prov,
        now=now,
        expires_at=expires_at,
        review=Review.PENDING if held and not target.user else Review.NONE,
        dedup_pending=dedup_later and not held,
        metadata=checked.metadata,
    )


def _target(scope: ScopeKey, checked: Screened) -> ScopeKey:
    return scope if checked.type == MemoryType.USER else scope.shared()


async def save_or_absorb(
    conn: AsyncConnection,
    scope: ScopeKey,
    checked: Screened,
    *,
    prov: Provenance,
    now: datetime,
    near: Near | None,
) -> int | Refused | Absorbed:
    """Create the memory the gate ``checked`` (placed as :func:`save` places it) unless a
    live memory of its scope holds the same content (refused, as a duplicate) or, with its
    vector ``near``, a near-duplicate absorbs it. Without ``near`` (its text could not be
    embedded) it is created and the embedding job checks it later. A held memory is never
    absorbed nor checked."""
    held = bool(checked.held) and prov.actor != Actor.OPERATOR
    if near is not None and not held:
        target = _target(scope, checked)
        writer = prov.source_user or ""
        digest = content_hash(checked.type, checked.content)
        clash = await writes.same_content(conn, target, str(checked.type), digest, writer)
        if clash is not None:
            return Refused(
                Reason.DUPLICATE, f"{MEMORY} of this scope holds the same content", memory_id=clash
            )
        found = await dedup.absorber(conn, target, checked.type, near, writer=writer)
        if found is not None:
            done = await dedup.absorb(
                conn, target, *found, title=checked.title, content=checked.content,
                prov=prov, now=now, near=near,
            )  # fmt: skip
            if done is not None:
                return done
    created = await save(conn, scope, checked, prov=prov, now=now, dedup_later=near is None)
    if near is not None and isinstance(created, int):
        await vectors.store_written(
            conn, near.space, created, _target(scope, checked).columns(),
            (checked.title, checked.content), now, near.vector,
        )  # fmt: skip
    return created
