"""The write guards for writers other than the extraction runner (the main agent's tools, an
HTTP front door): the same rules the runner applies to every proposed memory.

:func:`screen` applies the content guards (taxonomy, scope, empty content, secrets,
instructions planted for agents, size caps, relative dates, junk) and :func:`save` writes
what passes, refusing duplicates; both return a typed :class:`Refused` instead of writing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.gate.kinds import MemoryClass, MemoryType
from daemon.gate.refusal import Reason, Refused
from daemon.store.memory import writes
from daemon.store.memory.history import Provenance

if TYPE_CHECKING:
    from daemon.gate.screen import Limits


@dataclass(frozen=True, slots=True)
class Draft:
    """A memory to write: what it is about, how long it matters, its title and content (an
    empty title is derived from the content's first sentence)."""

    type: MemoryType | str
    memory_class: MemoryClass | str
    title: str
    content: str


def screen(
    draft: Draft, scope: ScopeKey, limits: Limits, *, at: datetime | None = None
) -> Draft | Refused:
    """The draft cleaned up (whitespace trimmed, relative dates resolved against ``at``,
    title derived or shortened), or why it must not be stored."""
    # The guards live with the extractor, which imports this package: imported here.
    from daemon.extraction.base import MemoryOp
    from daemon.gate.screen import check_op

    op = MemoryOp(
        "create",
        type=draft.type,
        title=draft.title,
        content=draft.content,
        memory_class=draft.memory_class,
    )
    checked = check_op(op, scope, limits, at)
    if not isinstance(checked, MemoryOp):
        return Refused(checked.kind or Reason.TAXONOMY, checked.reason)
    return Draft(
        MemoryType(checked.type), MemoryClass(checked.memory_class), checked.title, checked.content
    )


async def save(
    conn: AsyncConnection,
    scope: ScopeKey,
    draft: Draft,
    *,
    prov: Provenance,
    now: datetime,
    limits: Limits,
    memory_id: int | None = None,
) -> int | Refused:
    """Screen ``draft`` and write it: a new memory (a ``user`` one in the user's own scope,
    the others shared with the project), or with ``memory_id`` an update of that memory
    (visible in ``scope``; its type stays). The memory's id, or why not."""
    checked = screen(draft, scope, limits, at=now)
    if isinstance(checked, Refused):
        return checked
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
        )
    target = scope if checked.type == MemoryType.USER else scope.shared()
    return await writes.create(
        conn,
        target,
        type_=checked.type,
        memory_class=checked.memory_class,
        title=checked.title,
        content=checked.content,
        prov=prov,
        now=now,
    )
