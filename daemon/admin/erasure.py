"""Erasure of a user's or a project's data, everywhere memoryd keeps it.

``--user U``: every row whose ``user`` is U (in every project and tenant, unless narrowed by
``project``/``tenant``); ``--project P``: every row of P, all its users included. In order:

1. Redis: the scope's events still on the turn stream and in the dead-letter stream, the
   queued extraction jobs of its sessions (arq's job, retry and result keys, the queue
   entry) and their generation counters, so that nothing brings the data back.
2. The store, a transaction per batch of sessions: messages, turns, the tombstones of
   forgotten turns, cursors, session summaries, runs and sessions; then the memories, whose
   history rows are kept with their content, reasons and the erased scope's names redacted
   (the fact of each change stays), and the shared memories that came from the erased
   sessions lose that provenance.
3. The truncation files spilled from the erased sessions' messages.

A user's erasure (:func:`erase_user`) also revokes the user's keys: every key bound to the
user that acts only inside what was erased (its tenant; its projects, when the erasure was
narrowed to some), so that an erased user's key stops working at once.

A run in progress for an erased session cannot write back: its commit is a compare-and-set
on the session's cursor, which is gone, so it rolls back. An event published after the
stream was swept is new data and is stored as usual.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import structlog
from redis.asyncio import Redis

from daemon.access.key_lifecycle import revoke_user_keys
from daemon.base.clock import Clock
from daemon.base.errors import EventError
from daemon.base.redis_keys import Keys, as_text
from daemon.base.scope import SessionKey
from daemon.events import stream
from daemon.events.codec import parse_json
from daemon.queue import forget_jobs
from daemon.store import memory, runs, usage
from daemon.store.db import Store
from daemon.store.erasure_scope import ErasureScope
from daemon.store.transcripts import erase_transcripts as transcripts
from daemon.store.truncation import FILE_PATTERN, TruncationStore

__all__ = ["ERASED", "ErasureReport", "ErasureScope", "erase", "erase_user"]

log = structlog.get_logger("memoryd.admin")

ERASED = "[erased]"
BATCH = 500
Progress = Callable[[str, int], None]  # (step, items done in this call)
_SPILLED = re.compile(r"truncation file (mt-[0-9a-f]{32}\.txt)")


@dataclass(slots=True)
class ErasureReport:
    sessions: int = 0
    removed: dict[str, int] = field(default_factory=dict)

    def add(self, what: str, count: int) -> None:
        self.removed[what] = self.removed.get(what, 0) + int(count)

    def add_all(self, counts: dict[str, int]) -> None:
        for what, count in counts.items():
            self.add(what, count)


def _event_of(payload: bytes | None) -> dict[str, Any] | None:
    """The JSON object of a payload; ``None`` for anything else (hostile ones included)."""
    try:
        event = parse_json((payload or b"").decode("utf-8"))
    except (UnicodeDecodeError, EventError):
        return None
    return event if isinstance(event, dict) else None


def _owner_of(fields: dict[bytes, bytes]) -> dict[str, Any] | None:
    """A truncated dead letter's ``session_id`` and ``scope``, kept beside its payload."""
    if b"scope" not in fields and b"session_id" not in fields:
        return None
    return {
        "session_id": as_text(fields.get(b"session_id", b"")),
        "scope": _event_of(fields.get(b"scope")),
    }


def _doomed(
    field_name: bytes, erased: ErasureScope, ids: set[SessionKey]
) -> Callable[[dict[bytes, bytes]], bool]:
    """Whether an entry's event (in ``field_name``) belongs to the erasure (by scope or
    session)."""

    def doomed(fields: dict[bytes, bytes]) -> bool:
        event = _event_of(fields.get(field_name)) or _owner_of(fields)
        if not event:
            return False
        scope = event.get("scope")
        tenant = scope.get("tenant") if isinstance(scope, dict) else None
        return erased.holds(scope) or (tenant or "", event.get("session_id")) in ids

    return doomed


async def _session_ids(store: Store, erased: ErasureScope) -> list[SessionKey]:
    async with store.connect() as conn:
        found = await transcripts.session_ids_of(conn, erased)
        found |= await runs.session_ids_of(conn, erased)
    return sorted(found)


async def _erase_sessions(
    store: Store,
    truncation: TruncationStore,
    chunk: list[SessionKey],
    report: ErasureReport,
) -> None:
    async with store.begin() as conn:
        names: set[str] = set()
        for spilled in await transcripts.spilled_messages(conn, chunk):
            names.update(
                TruncationStore.names_of(
                    spilled.scope, spilled.session_id, spilled.message_id, spilled.turn
                )
            )
            names.update(_SPILLED.findall(spilled.content))
        report.add_all(await transcripts.delete_of_sessions(conn, chunk))
        report.add("runs", await runs.delete_of_sessions(conn, chunk))
        report.add("memories_unlinked", await memory.unlink_sessions(conn, chunk))
    report.add("truncation_files", _unlink(truncation, names))


def _unlink(truncation: TruncationStore, names: set[str]) -> int:
    removed = 0
    for name in names:
        if not FILE_PATTERN.match(name):
            continue
        path = truncation.path_of(name)
        if path.is_file() and not path.is_symlink():
            path.unlink()
            removed += 1
    return removed


async def _erase_memories(store: Store, erased: ErasureScope, report: ErasureReport) -> None:
    async with store.begin() as conn:
        redacted, deleted = await memory.erase_memories(
            conn,
            erased.where,
            user=erased.user is not None,
            project=erased.project is not None,
            erased=ERASED,
        )
        report.add("memory_history_redacted", redacted)
        # rows of the scope outside any session listed
        report.add_all(await transcripts.delete_in(conn, erased))
        report.add("runs", await runs.delete_in(conn, erased))
        report.add("memories", deleted)
        if erased.project is not None and erased.user is None:
            report.add("usage_days", await usage.erase_project(conn, erased.project, erased.tenant))


async def erase(
    store: Store,
    redis: Redis,
    keys: Keys,
    truncation: TruncationStore,
    erased: ErasureScope,
    *,
    progress: Progress | None = None,
) -> ErasureReport:
    """Erase ``erased`` everywhere; returns what was removed, by kind."""
    report = ErasureReport()
    session_ids = await _session_ids(store, erased)
    report.sessions = len(session_ids)
    known = set(session_ids)
    on_page = None if progress is None else functools.partial(progress, "streams")
    for what, which, field_name in (
        ("stream_entries", stream.Which.TURNS, b"event"),
        ("dead_letters", stream.Which.DEAD, b"payload"),
    ):
        doomed = _doomed(field_name, erased, known)
        report.add(what, await stream.sweep(redis, keys, which, doomed, on_page=on_page))
    jobs, redis_keys = await forget_jobs(redis, keys, session_ids)
    report.add("queued_jobs", jobs)
    report.add("redis_keys", redis_keys)
    for i in range(0, len(session_ids), BATCH):
        chunk = session_ids[i : i + BATCH]
        await _erase_sessions(store, truncation, chunk, report)
        if progress is not None:
            progress("sessions", len(chunk))
    await _erase_memories(store, erased, report)
    # What was erased is not logged: the names would outlive the erasure in the logs.
    log.info("erase.finished", erased_sessions=report.sessions, removed=report.removed)
    return report


async def erase_user(
    store: Store,
    redis: Redis,
    keys: Keys,
    truncation: TruncationStore,
    clock: Clock,
    *,
    user: str,
    tenant: str | None,
    projects: Sequence[str] | None,
    progress: Progress | None = None,
) -> ErasureReport:
    """Erase ``user`` in each of ``projects`` (None: every project) of ``tenant`` (None:
    every tenant), then revoke the user's keys that act only inside what was erased
    (``removed["api_keys_revoked"]`` counts them)."""
    total = ErasureReport()
    for project in projects or (None,):
        scope = ErasureScope(user=user, project=project, tenant=tenant)
        report = await erase(store, redis, keys, truncation, scope, progress=progress)
        total.sessions += report.sessions
        total.add_all(report.removed)
    revoked = await revoke_user_keys(
        store, clock, user=user, tenant=tenant, projects=projects, redis=redis, keys=keys
    )
    total.add("api_keys_revoked", len(revoked))
    return total
