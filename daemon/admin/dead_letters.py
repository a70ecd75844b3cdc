"""Dead letters (``<prefix>:dead``): list, show, replay onto the turn stream, purge.

A dead letter holds the raw ``payload`` of a stream entry that could not be accepted, with
the ``reason``, the original ``entry_id``, when (``at``) and by which ``consumer``. Replay
puts the payload back on the turn stream only when it now decodes and validates (for
example after a bug was fixed, or when the store had refused it); the letter is removed in
the same MULTI as the XADD. Letters that still cannot be read stay where they are.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import structlog
from redis.asyncio import Redis

from daemon.base.errors import EventError
from daemon.base.redis_keys import Keys, as_text
from daemon.events import stream
from daemon.events.codec import decode_event, parse_json

log = structlog.get_logger("memoryd.admin")

BATCH = 500
#: ``show`` prints at most this many bytes of a payload (a payload over it is shown as text).
SHOWN_BYTES = 65_536
Progress = Callable[[int], None]

_LETTER_ID = re.compile(r"[0-9]{1,20}(-[0-9]{1,20})?", re.ASCII)
# What a terminal could act on or hide: controls, DEL, C1, bidirectional and zero-width marks.
_UNSHOWABLE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ud800-\udfff]"
)


def letter_id(text: str) -> str:
    """A dead-letter id as Redis writes it (``<ms>-<seq>`` or ``<ms>``), else ``ValueError``."""
    if not _LETTER_ID.fullmatch(text) or any(int(p) >= 2**64 for p in text.split("-")):
        shown = text if len(text) <= 40 else f"{text[:40]}..."
        raise ValueError(
            f"not a dead-letter id: {_showable(shown)!r} (ids look like 1763370000000-0)"
        )
    return text


def _json_object(data: str | bytes) -> dict[str, Any] | None:
    """The JSON object ``data`` holds; None for anything else (hostile input included)."""
    try:
        found = parse_json(data.decode("utf-8") if isinstance(data, bytes) else data)
    except (UnicodeDecodeError, EventError):
        return None
    return found if isinstance(found, dict) else None


def _showable(text: str) -> str:
    """Text safe to print: what a terminal would act on is written as an escape."""
    return _UNSHOWABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


@dataclass(frozen=True, slots=True)
class DeadLetter:
    id: str
    reason: str
    at: str
    consumer: str
    entry_id: str
    payload: bytes
    size: int  # of the whole payload, before any cut
    sha256: str  # of the whole payload ("" in letters written before it was kept)
    truncated: bool
    #: A truncated letter's event ``scope`` (JSON), kept beside its payload ("" when none).
    scope: str = ""

    @classmethod
    def parse(cls, entry_id: Any, fields: dict[bytes, bytes]) -> DeadLetter:
        def get(name: str) -> str:
            return as_text(fields.get(name.encode(), b""))

        payload = fields.get(b"payload", b"")
        size = get("bytes")
        return cls(
            id=as_text(entry_id),
            reason=get("reason"),
            at=get("at"),
            consumer=get("consumer"),
            entry_id=get("entry_id"),
            payload=payload,
            size=int(size) if size.isdigit() else len(payload),
            sha256=get("sha256"),
            truncated=get("truncated") == "1",
            scope=get("scope"),
        )

    def tenant(self) -> str | None:
        """The tenant its event names ('' for an event that names none); None when the
        letter cannot be told whose it is (its payload is not a JSON event, and no scope
        was kept beside it)."""
        scope = _json_object(self.scope) if self.scope else None
        if scope is None and not self.truncated:
            event = _json_object(self.payload)
            scope = None if event is None else event.get("scope")
        if not isinstance(scope, dict):
            return None
        tenant = scope.get("tenant")
        return tenant if isinstance(tenant, str) else ""

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "at": _showable(self.at),
            "reason": _showable(self.reason),
            "entry_id": _showable(self.entry_id),
            "consumer": _showable(self.consumer),
            "bytes": self.size,
            "truncated": self.truncated,
        }

    def as_dict(self) -> dict[str, Any]:
        """The letter with its payload: parsed JSON when it is strict JSON of at most
        ``SHOWN_BYTES``, else text (not UTF-8 bytes as escapes) cut at ``SHOWN_BYTES``."""
        return {**self.summary(), "sha256": self.sha256, "payload": self.shown_payload()}

    def shown_payload(self) -> Any:
        if len(self.payload) <= SHOWN_BYTES:
            try:
                parsed = parse_json(self.payload.decode("utf-8"))
                json.dumps(parsed, ensure_ascii=False).encode("utf-8")  # no lone surrogate
            except (UnicodeError, EventError):
                pass
            else:
                return parsed
        text = _showable(self.payload[:SHOWN_BYTES].decode("utf-8", "backslashreplace"))
        more = len(self.payload) - SHOWN_BYTES
        return text + (f"... ({more} more bytes not shown)" if more > 0 else "")

    def unreplayable(self) -> str | None:
        """Why the payload cannot be put back as it is, if it cannot."""
        if self.truncated:
            return (
                f"the payload was truncated to {len(self.payload)} of {self.size} bytes when "
                "dead-lettered: it cannot be replayed (have the host publish it again)"
            )
        if self.sha256 and hashlib.sha256(self.payload).hexdigest() != self.sha256:
            return "the payload does not match its sha256: it cannot be replayed"
        return None


def pretty(payload: Any) -> str:
    """A shown payload for a terminal: JSON indented, nothing a terminal would act on."""
    if isinstance(payload, str):
        return _showable(payload)
    return _showable(json.dumps(payload, indent=2, ensure_ascii=False))


@dataclass(slots=True)
class ReplayReport:
    replayed: list[tuple[str, str]] = field(default_factory=list)  # (letter id, new entry id)
    refused: list[tuple[str, str]] = field(default_factory=list)  # (letter id, reason)
    missing: list[str] = field(default_factory=list)


async def count(redis: Redis, keys: Keys) -> int:
    return await stream.dead_count(redis, keys)


async def newest(
    redis: Redis, keys: Keys, *, limit: int = 50, before: str | None = None
) -> list[DeadLetter]:
    """The newest letters first; ``before`` pages on from a letter id (exclusive)."""
    top = f"({letter_id(before)}" if before else "+"
    rows = await stream.dead_newest(redis, keys, limit=limit, top=top)
    return [DeadLetter.parse(entry_id, fields) for entry_id, fields in rows]


#: Letters read per round trip by :func:`newest_of_tenant`, and the most one call reads.
_TENANT_BATCH = 200
_TENANT_SCAN = 5_000


async def newest_of_tenant(
    redis: Redis, keys: Keys, tenant: str | None, *, limit: int, before: str | None = None
) -> tuple[list[DeadLetter], str | None]:
    """Up to ``limit`` of ``tenant``'s letters (None: every letter), newest first, from
    ``before`` (a letter id, exclusive); and the letter id the next page goes on from (None:
    no older letter). A letter that cannot be told whose it is belongs to no tenant. At most
    ``_TENANT_SCAN`` letters are read per call: a page can be short, even empty, and still
    name where to go on."""
    found: list[DeadLetter] = []
    top, read = before, 0
    while read < _TENANT_SCAN:
        batch = await newest(redis, keys, limit=_TENANT_BATCH, before=top)
        for letter in batch:
            read += 1
            top = letter.id
            if tenant is None or letter.tenant() == tenant:
                found.append(letter)
                if len(found) == limit:
                    older = await stream.dead_newest(redis, keys, limit=1, top=f"({top}")
                    return found, top if older else None
        if len(batch) < _TENANT_BATCH:
            return found, None
    return found, top


async def get(redis: Redis, keys: Keys, id: str) -> DeadLetter | None:
    """The letter ``id``, ``None`` if there is none; ``ValueError`` for a malformed id."""
    rows = await stream.dead_between(redis, keys, letter_id(id), id)
    return DeadLetter.parse(*rows[0]) if rows else None


async def _batches(
    redis: Redis, keys: Keys, ids: Iterable[str] | None
) -> list[list[DeadLetter | str]]:
    """The letters to act on, in batches: every letter (oldest first) or the ones named
    (a name not found is returned as the bare id)."""
    if ids is not None:
        wanted = [letter_id(i) for i in dict.fromkeys(ids)]
        found: list[DeadLetter | str] = [(await get(redis, keys, i)) or i for i in wanted]
        return [found[i : i + BATCH] for i in range(0, len(found), BATCH)]
    batches: list[list[DeadLetter | str]] = []
    start = "-"
    while True:
        rows = await stream.dead_between(redis, keys, start, count=BATCH)
        if not rows:
            return batches
        batches.append([DeadLetter.parse(entry_id, fields) for entry_id, fields in rows])
        start = f"({as_text(rows[-1][0])}"


async def replay(
    redis: Redis,
    keys: Keys,
    ids: Iterable[str] | None,
    *,
    max_event_bytes: int,
    progress: Progress | None = None,
) -> ReplayReport:
    """Put letters (``None``: all) back on the turn stream when they decode and validate."""
    report = ReplayReport()
    for batch in await _batches(redis, keys, ids):
        sent: list[DeadLetter] = []
        for letter in batch:
            if isinstance(letter, str):
                report.missing.append(letter)
                continue
            if why := letter.unreplayable():
                report.refused.append((letter.id, why))
                continue
            try:
                decode_event(letter.payload, max_bytes=max_event_bytes)
            except EventError as exc:
                report.refused.append((letter.id, str(exc)))
                continue
            sent.append(letter)
        if sent:
            new_ids = await stream.requeue(redis, keys, [(x.id, x.payload) for x in sent])
            report.replayed += list(zip((x.id for x in sent), new_ids, strict=True))
        if progress is not None:
            progress(len(batch))
    log.info(
        "dlq.replayed",
        replayed=len(report.replayed),
        refused=len(report.refused),
        missing=len(report.missing),
    )
    return report


async def purge(
    redis: Redis, keys: Keys, ids: Iterable[str] | None, *, progress: Progress | None = None
) -> int:
    """Delete letters (``None``: every one); returns how many were deleted."""
    if ids is None:
        total = await count(redis, keys)
        await stream.dead_delete_all(redis, keys)
        if progress is not None:
            progress(total)
        log.info("dlq.purged", deleted=total, every=True)
        return total
    deleted = 0
    wanted = [letter_id(i) for i in dict.fromkeys(ids)]
    for i in range(0, len(wanted), BATCH):
        chunk = wanted[i : i + BATCH]
        deleted += await stream.dead_delete(redis, keys, chunk)
        if progress is not None:
            progress(len(chunk))
    log.info("dlq.purged", deleted=deleted, every=False)
    return deleted
