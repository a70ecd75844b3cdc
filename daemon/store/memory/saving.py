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
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.gate.kinds import Actor, MemoryType, Review
from daemon.gate.refusal import Refused
from daemon.gate.screening import Draft, Limits, Screened, screen
from daemon.store.memory import writes
from daemon.store.memory.history import Provenance


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
) -> int | Refused:
    """Screen ``draft`` (``limits`` required for a :class:`Draft`) and write it: a new memory
    (a ``user`` one in the user's own scope, the others shared with the project; with
    ``exact_scope``, in ``scope`` itself), or with ``memory_id`` an update of that memory
    (visible in ``scope``; its type stays). The memory's id, or why not."""
    if isinstance(draft, Draft):
        if limits is None:
            raise TypeError("save() of a Draft needs the writer's Limits")
        at = draft.at if draft.at is not None else now
        checked = screen(replace(draft, at=at), scope, limits)
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
        )
    target = scope if exact_scope or checked.type == MemoryType.USER else scope.shared()
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
    )
