"""In whose voice a memory reaches a reader: the one rule every reader surface asks.

A memory speaks in the reader's own voice (unquoted) only when the reader wrote it or an
operator stands behind it:

- ``own``: the reader's private memory, or one whose writer's user is the reader's user (two
  writers with no user in the same project are the same project-level identity, so a
  single host with no users reads its memories as it always did), unless it was imported;
- ``approved``: an operator approved it (``review == approved``), wrote it (and no other
  writer rewrote it since), or pinned it (only operators can pin, and nobody rewrites a
  pinned memory; an imported memory's pin was set elsewhere and does not count);
- ``reported``: everything else. It is shown as a quoted report with its provenance (who
  wrote it and when), its text unable to close the quote.

:func:`author` is the provenance a host can frame a memory with (the ``author`` object of
every search, list and read answer); :func:`framed` is the one line a text answer shows.
Both read only the memory's own fields: no query per memory.
"""

from __future__ import annotations

import functools
from enum import StrEnum
from typing import Any

from daemon.base.opaque import IdCodec
from daemon.gate.kinds import COMPACTION, Actor, Review
from daemon.recall.sanitize import joined, name_of, neutralize, quoted
from daemon.store.memory import IMPORTED, Memory

__all__ = ["Voice", "Writer", "answer", "author", "framed", "voice", "writer", "writer_label"]

OPERATOR = str(Actor.OPERATOR)


class Voice(StrEnum):
    """How a memory reaches one reader."""

    OWN = "own"  # the reader wrote it
    APPROVED = "approved"  # an operator approved, wrote or pinned it
    REPORTED = "reported"  # another writer's text: a quoted report


class Writer(StrEnum):
    """Who wrote a memory, as far as its own fields tell."""

    USER = "user"  # a session or agent key of a named user
    SESSION = "session"  # a session whose scope names no user
    AGENT_KEY = "agent_key"  # an agent key bound to no user
    OPERATOR = "operator"  # a person, through the command line
    IMPORT = "import"  # ``memoryd memories import``
    COMPACTION = "compaction"  # a host's compaction summary with no user
    EXTRACTOR = "extractor"  # an extraction run of no known session or user


def imported(memory: Memory) -> bool:
    return memory.created_by.startswith(IMPORTED)


def by_operator(memory: Memory) -> bool:
    """Written by an operator and not rewritten since: an update keeps ``created_by`` but
    records its own session, key or user."""
    return (
        memory.created_by == OPERATOR
        and memory.source_key is None
        and memory.source_session is None
        and memory.source_user is None
    )


def voice(memory: Memory, reader: str) -> Voice:
    """In whose voice ``memory`` reaches ``reader`` (a user name, or "" for none)."""
    outside = imported(memory)
    if memory.review is Review.APPROVED:
        return Voice.APPROVED
    if by_operator(memory) or (memory.pinned and not outside):
        return Voice.APPROVED
    if memory.user and memory.user == reader:
        return Voice.OWN
    if not outside and (memory.source_user or "") == reader:
        return Voice.OWN
    return Voice.REPORTED


def writer(memory: Memory) -> Writer:
    if imported(memory):
        return Writer.IMPORT
    if by_operator(memory):
        return Writer.OPERATOR
    if memory.source_user or memory.user:
        return Writer.USER
    if memory.source_key:  # only the agent's tools record a key
        return Writer.AGENT_KEY
    if memory.created_by == COMPACTION:
        return Writer.COMPACTION
    if memory.source_session:
        return Writer.SESSION
    return Writer.EXTRACTOR


_LABELS = {
    Writer.OPERATOR: "an operator",
    Writer.IMPORT: "an import",
    Writer.COMPACTION: "a session summary",
    Writer.EXTRACTOR: "an earlier session",
}


def writer_label(memory: Memory) -> str:
    """Who reported it, in name characters only: ``alice``, ``session s-1``,
    ``agent key 3f2a…``, ``an import``."""
    user = memory.source_user or memory.user
    return _label(writer(memory), user, memory.source_key, memory.source_session)


@functools.lru_cache(maxsize=1024)
def _label(kind: Writer, user: str, key: str | None, session: str | None) -> str:
    """Remembered: the same writers come back answer after answer."""
    if kind is Writer.USER:
        return name_of(user) or "a teammate"
    if kind is Writer.AGENT_KEY:
        return f"agent key {name_of(key or '')}".rstrip()
    if kind is Writer.SESSION:
        return f"session {name_of(session or '')}".rstrip()
    return _LABELS[kind]


def framed(memory: Memory, line: str, reader: str, *, dated: bool = True) -> str:
    """``line`` (already safe, on one line) as ``reader`` is shown it: as it is in the
    reader's own or an approved voice, else ``(2026-11-24) alice reported: “line”``."""
    if voice(memory, reader) is not Voice.REPORTED:
        return line
    said = quoted(writer_label(memory), line)
    return f"({memory.created_at.date().isoformat()}) {said}" if dated else said


def author(memory: Memory, reader: str, *, created_at: str | None = None) -> dict[str, Any]:
    """The provenance of ``memory`` as ``reader`` sees it (the ``author`` object);
    ``created_at``: its time in ISO 8601, when the caller has it already."""
    kind = writer(memory)
    return {
        "writer": kind.value,
        "label": _label(
            kind, memory.source_user or memory.user, memory.source_key, memory.source_session
        ),
        "user": memory.source_user or memory.user or None,
        "session": memory.source_session,
        "key_id": memory.source_key,
        "created_by": memory.created_by,
        "created_at": created_at or memory.created_at.isoformat(),
        "review": memory.review.value,
        "voice": voice(memory, reader).value,
    }


@functools.lru_cache(maxsize=8192)
def _quoted(label: str, day: str, title: str, content: str) -> str:
    """Remembered for the last 8,192 texts (neutralizing costs more than the rest of an
    answer, and the same memories come back search after search: at 1,024 the serve bench's
    500 queries, ten answers each, found almost none remembered)."""
    return f"({day}) {quoted(label, neutralize(joined(title, content)))}"


def answer(memory: Memory, reader: str, ids: IdCodec) -> dict[str, Any]:
    """A memory's JSON for ``reader``: :meth:`Memory.as_dict` named by its opaque id (never
    the row id: :mod:`daemon.base.opaque`), with its ``author`` and, for a
    report, ``quoted``: the line a text answer shows in its place (neutralized, on one line;
    null in the reader's own or an approved voice)."""
    body = memory.as_dict()
    body["id"] = ids.encode(memory.id)
    who = body["author"] = author(memory, reader, created_at=body["created_at"])
    body["quoted"] = (
        _quoted(who["label"], who["created_at"][:10], memory.title, memory.content)
        if who["voice"] == Voice.REPORTED
        else None
    )
    return body
