"""Compaction summaries: a host's summary of a compacted conversation, kept as working memory.

When a ``compaction`` event carrying a ``summary`` is stored, the summary becomes a
``working`` memory (without the sentences that held a secret: a memory never keeps a sentence
whose secret was cut out of it, nor one that still reads as holding a credential) of type
``project`` in the session's own scope (private to its user, if any), created by
``compaction``, expiring 14 days after the event. It is written in the ingest transaction, so
it exists exactly when the turn does. Consolidation keeps only the 10 most recent per scope;
the extractor reads the same summary from the turn and keeps the durable facts in it as
ordinary memories. A summary that reads as a directive planted for agents (the write guard's
rule, which recall applies too) is not kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.credential_claims import credential_claims
from daemon.base.redaction import REDACTED, redact
from daemon.gate.kinds import COMPACTION, Actor, MemoryClass, MemoryType
from daemon.gate.refusal import Refused
from daemon.gate.screening import Draft, screen_held
from daemon.store import memory
from daemon.store.transcripts.prepared import PreparedTurn

#: ``memories.created_by`` of a compaction summary (consolidation and recall select on it).
COMPACTION_CREATOR = COMPACTION
#: How long a summary lives (DESIGN.md section 6); MEMORYD_MAINTENANCE__COMPACTION_SUMMARY_DAYS.
SUMMARY_LIFETIME = timedelta(days=14)
#: A summary longer than this is cut (it is recalled whole, within the manifest's 25 KB).
MAX_SUMMARY_CHARS = 20_000


def redacted_summary(summary: str | None) -> str | None:
    """The summary as the turn stores it: secrets redacted, surrounding whitespace trimmed."""
    if summary is None or not summary.strip():
        return None
    return redact(summary.strip())[0]


_SENTENCE_END = re.compile(r"((?<=[.!?])[ \t]++|\n[ \t\n]*+)")


def _holds_secret(sentence: str) -> bool:
    return REDACTED.search(sentence) is not None or bool(credential_claims(sentence))


def without_secrets(text: str) -> str | None:
    """The text without the sentences that held a secret, and a note saying how many were
    left out; None when no sentence is left.

    A sentence held a secret when redaction cut one out of it, or when it still reads as
    holding a credential the way the memory gate reads a memory
    (:func:`daemon.base.credential_claims.credential_claims`: ``La chiave del relay è ancora
    moss7quay``). Text derived from a conversation (a compaction summary's memory, a session
    summary, a session-recall window) can be shown to other readers, so it is held to the
    standard of a shared memory rather than to redaction's: a value that redaction leaves in
    a message, because nothing in its shape says it is one, does not travel further when a
    credential word announces it.
    """
    parts = _SENTENCE_END.split(text)  # sentence, separator, sentence, ...
    kept: list[str] = []
    dropped = 0
    for index in range(0, len(parts), 2):
        if _holds_secret(parts[index]):
            dropped += 1
            continue
        kept.append(parts[index])
        if index + 1 < len(parts):
            kept.append(parts[index + 1])
    if not dropped:
        return text
    body = "".join(kept).strip()
    if not body:
        return None
    return f"{body}\n({dropped} sentence(s) holding a secret left out.)"


def summary_text(summary: str | None) -> str | None:
    """The summary as its memory holds it: redacted, without the sentences that held a
    secret, capped at ``MAX_SUMMARY_CHARS``."""
    redacted = redacted_summary(summary)
    text = None if redacted is None else without_secrets(redacted)
    if text is None or len(text) <= MAX_SUMMARY_CHARS:
        return text
    return text[: MAX_SUMMARY_CHARS - 1] + "…"


def summary_title(session_id: str, turn: int, at: datetime) -> str:
    return f"Session summary ({at:%Y-%m-%d}, session {session_id}, turn {turn})"[:300]


async def store_summaries(
    conn: AsyncConnection,
    stored: Iterable[PreparedTurn],
    now: datetime,
    *,
    lifetime: timedelta = SUMMARY_LIFETIME,
) -> list[int]:
    """Store the summary of every newly stored compaction turn; returns the memory ids (a
    summary whose text is already a live memory of the scope is not stored twice)."""
    created: list[int] = []
    for prepared in stored:
        event = prepared.event
        text = summary_text(event.summary) if event.kind == "compaction" else None
        title = summary_title(event.session_id, event.turn, event.at)
        if text is None:
            continue
        # The gate's rule for held text: a directive planted for agents is not kept, and
        # what is not a plain statement waits for an operator before another user reads it.
        draft = Draft(MemoryType.PROJECT, MemoryClass.WORKING, title, text)
        checked = screen_held(draft, review=True)
        if isinstance(checked, Refused):
            continue
        memory_id = await memory.save(
            conn,
            prepared.scope,
            checked,
            prov=memory.Provenance(
                actor=Actor.AGENT,
                actor_id=event.session_id,
                session_id=event.session_id,
                source_user=prepared.scope.user or None,
                turns=str(event.turn),
                created_by=COMPACTION_CREATOR,
            ),
            now=now,
            expires_at=event.at + lifetime,
            exact_scope=True,
        )
        if isinstance(memory_id, int):
            created.append(memory_id)
    return created
