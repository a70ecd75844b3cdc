"""A window of an earlier session as one safe line, in the voice the reader is owed.

Every line a window gives (its summary, or its messages joined by ``/``) is sanitized as a
memory is (:func:`daemon.recall.sanitize.safe_entry`: capped, on one line, markup
neutralized, and left out altogether when it reads as instructions to an agent). A window
of the reader's own session speaks as a note; any other (another user's session, or a
session that named no user read by a named user) is that writer's quoted report, as a
shared memory is
(:mod:`daemon.recall.voice`): ``(2026-10-05, session s-1, turns 3-8) alice reported: “…”``.
"""

from __future__ import annotations

from dataclasses import dataclass

from daemon.recall.sanitize import name_of, quoted, safe_entry
from daemon.store.transcripts.fragments import Fragment, Line


@dataclass(frozen=True, slots=True)
class FragmentRef:
    """A window an answer holds: its session and turns, its fused score and similarity."""

    session_id: str
    first_turn: int
    last_turn: int
    score: float
    similarity: float | None

    def as_dict(self) -> dict[str, object]:
        return {
            "session_id": self.session_id,
            "first_turn": self.first_turn,
            "last_turn": self.last_turn,
            "score": round(self.score, 6),
            "similarity": None if self.similarity is None else round(self.similarity, 4),
        }


def reported(fragment: Fragment, reader: str) -> bool:
    """Whether ``reader`` is shown the window as another writer's report."""
    return fragment.user != reader


def label(fragment: Fragment) -> str:
    """Who reported it: the session's user, else the session, in name characters only."""
    return name_of(fragment.user) or f"session {name_of(fragment.session_id)}".rstrip()


def where(fragment: Fragment) -> str:
    """``2026-10-05, session s-1, turns 3-8``."""
    turns = (
        f"turn {fragment.first_turn}"
        if fragment.first_turn == fragment.last_turn
        else f"turns {fragment.first_turn}-{fragment.last_turn}"
    )
    session = name_of(fragment.session_id) or "?"
    return f"{fragment.at.date().isoformat()}, session {session}, {turns}"


def safe(text: str, chars: int) -> str | None:
    """``text`` as one safe line of at most ``chars`` characters, or None when it must not
    be shown."""
    entry = safe_entry("", text, title_chars=1, content_chars=chars)
    return None if entry is None else entry[1] or None


def gist(fragment: Fragment, chars: int) -> str | None:
    """What a window said in one safe line: its summary, else its messages in turn."""
    if fragment.summary:
        found = safe(fragment.summary, chars)
        if found is not None:
            return found
    said = " / ".join(line.text for line in fragment.lines)
    return safe(said, chars) if said else None


def turn_line(line: Line, chars: int) -> str | None:
    """One message of a window as one safe line: ``turn 4 (user) …`` (the role is named
    outside the message's own text, which is never shown as a role turn)."""
    found = safe(line.text, chars)
    return None if found is None else f"turn {line.turn} ({line.role}) {found}"


def voiced(fragment: Fragment, said: str, reader: str) -> str:
    """``said`` (already safe) as ``reader`` is shown it."""
    return quoted(label(fragment), said) if reported(fragment, reader) else said


def framed(fragment: Fragment, said: str, reader: str) -> str:
    """``(2026-10-05, session s-1, turns 3-8) said``, voiced for ``reader``."""
    return f"({where(fragment)}) {voiced(fragment, said, reader)}"
