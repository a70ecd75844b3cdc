"""Dead letters (``<prefix>:dead``): list, show, replay onto the turn stream, purge.

A dead letter holds the raw ``payload`` of a stream entry that could not be accepted, with
the ``reason``, the original ``entry_id``, when (``at``) and by which ``consumer``. Replay
puts the payload back on the turn stream only when it now decodes and validates (for
example after a bug was fixed, or when the store had refused it); the letter is removed in
the same MULTI as the XADD. Letters that still cannot be read stay where they are.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import structlog
from redis.asyncio import Redis

from daemon.errors import EventError
from daemon.events.codec import EVENT_FIELD, decode_event
from daemon.redis_keys import Keys

log = structlog.get_logger("memoryd.admin")

BATCH = 500
Progress = Callable[[int], None]


def _text(value: Any) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


@dataclass(frozen=True, slots=True)
class DeadLetter:
    id: str
    reason: str
    at: str
    consumer: str
    entry_id: str
    payload: bytes

    @classmethod
    def parse(cls, entry_id: Any, fields: dict[bytes, bytes]) -> DeadLetter:
        def get(name: str) -> str:
            return _text(fields.get(name.encode(), b""))

        return cls(
            id=_text(entry_id),
            reason=get("reason"),
            at=get("at"),
            consumer=get("consumer"),
            entry_id=get("entry_id"),
            payload=fields.get(b"payload", b""),
        )

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "at": self.at,
            "reason": self.reason,
            "entry_id": self.entry_id,
            "consumer": self.consumer,
            "bytes": len(self.payload),
        }

    def as_dict(self) -> dict[str, Any]:
        """The letter with its payload: parsed JSON when it is JSON, else text."""
        try:
            payload: Any = json.loads(self.payload)
        except ValueError:
            payload = _text(self.payload)
        return {**self.summary(), "payload": payload}


@dataclass(slots=True)
class ReplayReport:
    replayed: list[tuple[str, str]] = field(default_factory=list)  # (letter id, new entry id)
    refused: list[tuple[str, str]] = field(default_factory=list)  # (letter id, reason)
    missing: list[str] = field(default_factory=list)


async def count(redis: Redis, keys: Keys) -> int:
    return int(await redis.xlen(keys.dead))


async def newest(
    redis: Redis, keys: Keys, *, limit: int = 50, before: str | None = None
) -> list[DeadLetter]:
    """The newest letters first; ``before`` pages on from a letter id (exclusive)."""
    top = f"({before}" if before else "+"
    rows = await redis.xrevrange(keys.dead, max=top, min="-", count=limit)
    return [DeadLetter.parse(entry_id, fields) for entry_id, fields in rows]


async def get(redis: Redis, keys: Keys, letter_id: str) -> DeadLetter | None:
    rows = await redis.xrange(keys.dead, letter_id, letter_id)
    return DeadLetter.parse(*rows[0]) if rows else None


async def _batches(
    redis: Redis, keys: Keys, ids: Iterable[str] | None
) -> list[list[DeadLetter | str]]:
    """The letters to act on, in batches: every letter (oldest first) or the ones named
    (a name not found is returned as the bare id)."""
    if ids is not None:
        wanted = list(dict.fromkeys(ids))
        found: list[DeadLetter | str] = [(await get(redis, keys, i)) or i for i in wanted]
        return [found[i : i + BATCH] for i in range(0, len(found), BATCH)]
    batches: list[list[DeadLetter | str]] = []
    start = "-"
    while True:
        rows = await redis.xrange(keys.dead, min=start, max="+", count=BATCH)
        if not rows:
            return batches
        batches.append([DeadLetter.parse(entry_id, fields) for entry_id, fields in rows])
        start = f"({_text(rows[-1][0])}"


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
        pipe = redis.pipeline(transaction=True)
        sent: list[str] = []
        for letter in batch:
            if isinstance(letter, str):
                report.missing.append(letter)
                continue
            try:
                decode_event(letter.payload, max_bytes=max_event_bytes)
            except EventError as exc:
                report.refused.append((letter.id, str(exc)))
                continue
            pipe.xadd(keys.stream, {EVENT_FIELD: letter.payload})
            pipe.xdel(keys.dead, letter.id)
            sent.append(letter.id)
        if sent:
            results = await pipe.execute()
            new_ids = [_text(r) for r in results[::2]]
            report.replayed += list(zip(sent, new_ids, strict=True))
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
        await redis.delete(keys.dead)
        if progress is not None:
            progress(total)
        log.info("dlq.purged", deleted=total, every=True)
        return total
    deleted = 0
    wanted = list(dict.fromkeys(ids))
    for i in range(0, len(wanted), BATCH):
        chunk = wanted[i : i + BATCH]
        deleted += int(await redis.xdel(keys.dead, *chunk))
        if progress is not None:
            progress(len(chunk))
    log.info("dlq.purged", deleted=deleted, every=False)
    return deleted
