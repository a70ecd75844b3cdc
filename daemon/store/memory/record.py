"""A memory as every reader gets it, the columns it is read from, and who may see it."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, NamedTuple

import sqlalchemy as sa
import structlog

from daemon.base.scope import ScopeKey
from daemon.base.sealing import Sealer, Verdict
from daemon.gate.kinds import MemoryClass, MemoryType, Review
from daemon.gate.metadata import EMPTY, Metadata
from daemon.store import pg_text
from daemon.store.tables import memories

log = structlog.get_logger("memoryd.store")


class Memory(NamedTuple):
    """One live memory: what recall returns to agent hosts, what the extractor reads, what a
    write returns. ``score`` is the search rank (higher first; 0 outside a search).

    A named tuple rather than a frozen dataclass: as immutable, and made five times faster
    (recall makes dozens a request, and making them was a tenth of the injection block's
    CPU)."""

    id: int
    type: MemoryType
    memory_class: MemoryClass
    title: str
    content: str
    pinned: bool
    user: str
    created_by: str
    created_at: datetime
    updated_at: datetime
    score: float = 0.0
    #: The user whose session wrote it, when known (shared memories keep it).
    source_user: str | None = None
    #: The session it came from, and the agent key that wrote it, when known.
    source_session: str | None = None
    source_key: str | None = None
    #: Where it stands in the operators' review.
    review: Review = Review.NONE
    #: The writer's free-form metadata (:mod:`daemon.gate.metadata`): data, never put in
    #: the injection block's text.
    metadata: Metadata = EMPTY

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": str(self.type),
            "class": str(self.memory_class),
            "title": self.title,
            "content": self.content,
            "pinned": self.pinned,
            "user": self.user or None,
            "created_by": self.created_by,
            "created_at": self.created_at.isoformat(),
            "updated_at": self.updated_at.isoformat(),
            "score": round(self.score, 6),
            "metadata": dict(self.metadata),
        }


#: What a memory is read with. The injection block keeps its candidates while none of these
#: (nor ``deleted_at``) changes in their project: revision 0025's update trigger watches
#: them, and a column read here must be added to its list too (a new revision).
COLUMNS: tuple[sa.Column[Any], ...] = (
    memories.c.id,
    memories.c.type,
    memories.c["class"],
    memories.c.title,
    memories.c.content,
    memories.c.pinned,
    memories.c.user,
    memories.c.created_by,
    memories.c.created_at,
    memories.c.updated_at,
    memories.c.source_user,
    memories.c.source_session,
    memories.c.source_key,
    memories.c.review,
    # What the integrity tag covers besides the above, and the tag (:func:`intact`).
    memories.c.tenant,
    memories.c.project,
    memories.c.integrity,
    memories.c["metadata"],
)

#: :data:`COLUMNS` in SQL, for the statements PostgreSQL runs on the driver's connection:
#: the times as ``timestamptz`` in UTC, which asyncpg reads as aware datetimes (the columns
#: hold naive UTC; making each aware in Python cost a microsecond a time).
PG_COLUMNS = pg_text.columns(COLUMNS)


# Looked up by value: calling the enum costs more per row than the rest of ``from_row``.
_TYPES: dict[str, MemoryType] = {str(t): t for t in MemoryType}
_CLASSES: dict[str, MemoryClass] = {str(c): c for c in MemoryClass}
_REVIEWS: dict[str, Review] = {str(r): r for r in Review}


def from_row(row: Any, score: float = 0.0) -> Memory:
    """A :class:`Memory` from a row holding :data:`COLUMNS`."""
    return Memory(
        id=int(row.id),
        type=_TYPES[row.type],
        memory_class=_CLASSES[row._mapping["class"]],
        title=row.title,
        content=row.content,
        pinned=bool(row.pinned),
        user=row.user,
        created_by=row.created_by,
        source_user=row.source_user,
        source_session=row.source_session,
        source_key=row.source_key,
        review=_REVIEWS[row.review],
        created_at=row.created_at,
        updated_at=row.updated_at,
        score=score,
        metadata=metadata_of(row._mapping.get("metadata")),
    )


def from_record(record: Any, score: float = 0.0) -> Memory:
    """A :class:`Memory` from an asyncpg record holding :data:`PG_COLUMNS`."""
    return Memory(
        id=record["id"],
        type=_TYPES[record["type"]],
        memory_class=_CLASSES[record["class"]],
        title=record["title"],
        content=record["content"],
        pinned=record["pinned"],
        user=record["user"],
        created_by=record["created_by"],
        source_user=record["source_user"],
        source_session=record["source_session"],
        source_key=record["source_key"],
        review=_REVIEWS[record["review"]],
        created_at=record["created_at"],
        updated_at=record["updated_at"],
        score=score,
        metadata=metadata_of(record["metadata"]),
    )


def metadata_of(value: Any) -> Metadata:
    """A metadata column as read: None (none), the object, or its JSON text (asyncpg reads
    ``json`` as text)."""
    if value is None:
        return EMPTY
    if isinstance(value, str):
        value = json.loads(value)
    return value if isinstance(value, dict) and value else EMPTY


def intact(sealer: Sealer, row: Any) -> bool:
    """Whether a row holding :data:`COLUMNS` (or an asyncpg record of :data:`PG_COLUMNS`)
    is as it was written: its integrity tag holds (:meth:`Sealer.verify`, over its
    metadata too). A memory whose
    tag does not is not shown, and is logged (``memory.integrity_failed``; ``memoryd status``
    counts them)."""
    get = row._mapping if hasattr(row, "_mapping") else row
    verdict = sealer.verify(
        get["integrity"],
        get["tenant"],
        get["project"],
        get["user"],
        get["type"],
        get["title"],
        get["content"],
        metadata=metadata_of(get["metadata"]),
    )
    if verdict is Verdict.INTACT:
        return True
    log.warning("memory.integrity_failed", memory_id=int(get["id"]), verdict=str(verdict))
    return False


def scope_users(scope: ScopeKey) -> list[str]:
    """The ``user`` values a scope sees: the project's shared memories and its own."""
    return [""] if not scope.user else ["", scope.user]


def reviewed(user: Any) -> sa.ColumnElement[bool]:
    """A memory's review lets a reader whose user is ``user`` see it: any memory not held
    for an operator, and a held (``pending``) one only in its author's scope (the reader's
    user is the one whose session wrote it, or both have none)."""
    return sa.or_(
        memories.c.review != Review.PENDING.value,
        sa.func.coalesce(memories.c.source_user, "") == user,
    )


def seen(tenant: Any, project: Any, users: Any, reader: Any) -> sa.ColumnElement[bool]:
    """The live memories of ``tenant``'s ``project`` written for ``users`` that a reader
    whose user is ``reader`` may see (:func:`reviewed`; None: held ones too). Each is a
    value or what stands for one (a bound or driver's parameter); ``users`` a list, or an
    array (a PostgreSQL parameter), matched with ``= ANY``."""
    user = memories.c.user
    return sa.and_(
        memories.c.tenant == tenant,
        memories.c.project == project,
        user.in_(users) if isinstance(users, list) else user == sa.any_(users),
        memories.c.deleted_at.is_(None),
        sa.true() if reader is None else reviewed(reader),
    )


def visible(scope: ScopeKey, *, held_too: bool = False) -> sa.ColumnElement[bool]:
    """Live memories a scope may see: the project's shared ones and the user's own; of
    those held for an operator, only the ones its own user wrote (``held_too``: all of
    them, for operators naming a memory by id)."""
    reader = None if held_too else scope.user
    return seen(scope.tenant, scope.project, scope_users(scope), reader)
