"""What the publisher sent, per message, and what the store holds of it: every message
published is stored exactly once, at its turn and place, with the content it should have.

The form a message should be stored in is computed by the dispatcher's own
:class:`~daemon.dispatcher.prepare.Preparer` (content flattened to text, made storable,
secrets redacted, tool-call arguments redacted), with spilling turned off: the benchmark
loads stay far below the spill caps, and a message spilled all the same would be counted
as corrupted, not pass unseen.

Memory stays bounded: the ledger keeps an 8-byte digest per message, by turn; the store's
rows are streamed in chunks, in the order of the ``(session_id, turn, seq)`` index, and on
PostgreSQL only an MD5 of each content crosses the wire.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from daemon.dispatcher.prepare import Preparer, SpillPolicy
from daemon.events.models import TurnEvent
from daemon.store.db import Store
from daemon.store.tables import messages

_SIZE = 8
_CHUNK = 5000
# Caps no message reaches: the preparer never spills, so it never writes a file.
_NO_SPILL = SpillPolicy(max_lines=sys.maxsize, max_bytes=sys.maxsize, preview_lines=0)


@dataclass(frozen=True, slots=True)
class MessageVerdict:
    published: int
    lost: int  # published, no row at its turn and place
    duplicated: int  # a second row at the same turn and place
    corrupted: int  # a row at its turn and place, with another message id or content
    unexpected: int  # a row where nothing was published

    @property
    def held(self) -> bool:
        return self.lost == self.duplicated == self.corrupted == self.unexpected == 0

    def report(self) -> dict[str, int]:
        return {
            "published_messages": self.published,
            "lost_messages": self.lost,
            "duplicated_messages": self.duplicated,
            "corrupted_messages": self.corrupted,
            "unexpected_messages": self.unexpected,
        }


def digest(
    message_id: str,
    role: str,
    content_md5: str | None,
    tool_calls: Any,
    tool_call_id: str | None,
    name: str | None,
) -> bytes:
    """The fingerprint of a stored message (its content by MD5, as PostgreSQL computes it)."""
    fields = [message_id, role, content_md5, tool_calls, tool_call_id, name]
    canonical = json.dumps(fields, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(canonical.encode(), digest_size=_SIZE).digest()


def md5(text: str | None) -> str | None:
    return None if text is None else hashlib.md5(text.encode()).hexdigest()


class Ledger:
    """The digests of every message published, by ``(session_id, turn)``, in order."""

    def __init__(self) -> None:
        self._preparer = Preparer(_NO_SPILL)
        self._turns: dict[tuple[str, int], bytes] = {}
        self.messages = 0

    def record(self, event: TurnEvent) -> None:
        """Call once the event's XADD returned (a retried one is recorded once)."""
        key = (sys.intern(event.session_id), event.turn)
        if key in self._turns:
            return
        prepared = self._preparer.prepare(event)
        self._turns[key] = b"".join(
            digest(m.message_id, m.role, md5(m.content), m.tool_calls, m.tool_call_id, m.name)
            for m in prepared.messages
        )
        self.messages += len(prepared.messages)

    def expected(self, session_id: str, turn: int) -> bytes:
        return self._turns.get((session_id, turn), b"")


async def verify_messages(store: Store, ledger: Ledger) -> MessageVerdict:
    """Stream every message row and hold it against the ledger."""
    postgres = store.dialect == "postgresql"
    content = sa.func.md5(messages.c.content) if postgres else messages.c.content
    query = sa.select(
        messages.c.session_id,
        messages.c.turn,
        messages.c.seq,
        messages.c.message_id,
        messages.c.role,
        content.label("content"),
        messages.c.tool_calls,
        messages.c.tool_call_id,
        messages.c.name,
    ).order_by(messages.c.session_id, messages.c.turn, messages.c.seq)
    check = _Check(ledger, content_is_md5=postgres)
    async with store.connect() as conn:
        result = await conn.stream(query.execution_options(yield_per=_CHUNK))
        async for chunk in result.partitions(_CHUNK):
            check.rows(chunk)
    check.close()
    return MessageVerdict(
        published=ledger.messages,
        lost=ledger.messages - check.found,
        duplicated=check.duplicated,
        corrupted=check.corrupted,
        unexpected=check.unexpected,
    )


class _Check:
    """Rows come grouped by place (session, turn, seq): one place is held at a time. A place
    with a row that matches is found, its other rows duplicates; a place whose rows all
    differ from what was published there is found but corrupted."""

    def __init__(self, ledger: Ledger, *, content_is_md5: bool) -> None:
        self.ledger = ledger
        self.content_is_md5 = content_is_md5
        self.turn: tuple[str, int] | None = None
        self.expected = b""
        self.place: tuple[str, int, int] | None = None
        self.rows_here = 0
        self.matched_here = False
        self.found = self.duplicated = self.corrupted = self.unexpected = 0

    def rows(self, chunk: Sequence[Any]) -> None:
        for row in chunk:
            if (row.session_id, row.turn) != self.turn:
                self.turn = (row.session_id, row.turn)
                self.expected = self.ledger.expected(row.session_id, row.turn)
            want = self.expected[row.seq * _SIZE : (row.seq + 1) * _SIZE] if row.seq >= 0 else b""
            if not want:
                self.unexpected += 1
                continue
            place = (row.session_id, row.turn, row.seq)
            if place != self.place:
                self.close()
                self.place = place
            content = row.content if self.content_is_md5 else md5(row.content)
            got = digest(
                row.message_id, row.role, content, row.tool_calls, row.tool_call_id, row.name
            )
            self.rows_here += 1
            self.matched_here = self.matched_here or got == want

    def close(self) -> None:
        """Count the place in hand (call once more after the last row)."""
        if self.rows_here:
            self.found += 1
            self.duplicated += self.rows_here - 1
            self.corrupted += not self.matched_here
        self.rows_here, self.matched_here = 0, False
