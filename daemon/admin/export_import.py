"""Export and import of memories as JSON lines, round-trip exact.

One memory per line, every column but the derived ``content_hash``: id, scope, type, class,
pinned, title, content, provenance (``created_by``, ``source_session``, ``source_user``,
``source_turns``, ``source_run``), every time (created, updated, expires, last surfaced,
deleted, with the deletion reason) and the writer's ``metadata`` when it has some (checked
as a write's is; its secrets replaced by their marks on import, as the text's are).
 Importing an export into an empty store gives the same
memories, ids included; exporting that store again gives the same lines.

Into a store that has memories already: a line whose id holds the same memory is skipped
(importing twice changes nothing); a line whose id is taken by another memory gets a new
id, after every other line (so it never takes an id the file holds); a live line whose
content already lives in its scope is skipped as a duplicate. A line whose memory reads as a
directive planted for agents (:func:`~daemon.gate.directives.planted`, the write
guard's rule), or whose text holds what no store can hold (NUL, a lone surrogate), is refused
like a bad line. Every imported memory gets an ``import`` history row by the operator, and
its ``created_by`` the import's mark (``import:agent``): readers show what came from
elsewhere as a quoted report (:mod:`daemon.recall.voice`). An export drops the mark.

Each memory's superseded versions follow its line (``"kind": "version"``: what it said
before, over ``valid_from``/``valid_to``, with what replaced it, who and why); an import
places them under the id its memory got, signs them as it signs memories, and skips those
it holds already. A memory's line names ``valid_from`` when it differs from ``created_at``.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

import structlog

from daemon.admin.memory_admin import OPERATOR
from daemon.base.text import storable
from daemon.gate import Draft, Refused, Screened
from daemon.gate.screening import screen_held
from daemon.store import memory
from daemon.store.db import Store
from daemon.store.memory import MEMORY_CLASSES, MEMORY_TYPES, MemoryFilter, Placed, Review

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncConnection

log = structlog.get_logger("memoryd.admin")

FORMAT = 1
#: The ``kind`` of a version's line (a memory's line has none).
VERSION = "version"
BATCH = 500
TIMES = (
    "created_at", "updated_at", "expires_at", "last_surfaced_at", "deleted_at", "valid_from",
)  # fmt: skip
TEXTS = ("tenant", "project", "user", "title", "content", "created_by")
OPTIONAL = ("source_session", "source_user", "source_turns", "deleted_reason")
REVIEWS = tuple(str(r) for r in Review)
Progress = Callable[[int], None]


def to_line(row: Any) -> str:
    m = row._mapping
    record: dict[str, Any] = {"v": FORMAT, "id": int(m["id"])}
    for name in (
        "tenant",
        "project",
        "user",
        "type",
        "class",
        "pinned",
        "title",
        "content",
        "created_by",
        "source_session",
        "source_user",
        "source_turns",
        "source_run",
        "deleted_reason",
        "review",
    ):
        record[name] = m[name]
    record["created_by"] = memory.exported(record["created_by"])
    for name in TIMES:
        record[name] = None if m[name] is None else m[name].isoformat()
    if m["valid_from"] in (None, m["created_at"]):  # true since created: the older lines
        del record["valid_from"]
    if m["metadata"]:  # a memory with none has none in its line (the older lines)
        record["metadata"] = m["metadata"]
    return json.dumps(record, ensure_ascii=False, sort_keys=True)


def version_line(row: Any) -> str:
    """An export line of a superseded version (``"kind": "version"``, after its memory's)."""
    m = row._mapping
    record: dict[str, Any] = {"v": FORMAT, "kind": VERSION}
    for name in memory.VERSION_COLUMNS:
        value = m[name]
        record[name] = value.isoformat() if isinstance(value, datetime) else value
    record["created_by"] = memory.exported(record["created_by"])
    if not record.get("metadata"):
        record.pop("metadata", None)
    return json.dumps(record, ensure_ascii=False, sort_keys=True)


async def export_lines(
    store: Store, where: MemoryFilter, *, batch: int = 1000
) -> AsyncIterator[str]:
    """The matching memories (tombstones too when ``where.deleted`` is None), by id."""
    last = 0
    while True:
        async with store.connect() as conn:
            rows = await memory.export_batch(conn, where, after=last, limit=batch)
        if not rows:
            return
        # One whose integrity fails is not exported (the import would sign it); each
        # memory's superseded versions follow it.
        shown = [row for row in rows if memory.intact(store.sealer, row)]
        async with store.connect() as conn:
            kept = await memory.versions_of(conn, [int(row.id) for row in shown])
        for row in shown:
            yield to_line(row)
            for version in kept.get(int(row.id), ()):
                yield version_line(version)
        last = int(rows[-1].id)


class BadLine(ValueError):
    """A line that is not a memory of this format."""


def parse_line(text: str | dict[str, Any]) -> tuple[Screened, dict[str, Any]]:
    """A validated record ready to insert, with its content as the gate screened it (the rule
    for text a store already held), or ``BadLine``."""
    raw = _raw(text) if isinstance(text, str) else text
    if raw.get("kind") is not None:
        raise BadLine("not a memory's line")
    if raw.get("type") not in MEMORY_TYPES or raw.get("class") not in MEMORY_CLASSES:
        raise BadLine(f"bad type {raw.get('type')!r} or class {raw.get('class')!r}")
    record: dict[str, Any] = {"id": raw.get("id"), "type": raw["type"], "class": raw["class"]}
    if not isinstance(record["id"], int) or record["id"] <= 0:
        raise BadLine("id must be a positive integer")
    for name in TEXTS:  # an empty title or content imports: older stores may hold one
        value = raw.get(name, "" if name in ("tenant", "user") else None)
        if not isinstance(value, str):
            raise BadLine(f"{name} must be a string")
        if name == "project" and not value:
            raise BadLine("project must be a non-empty string")
        record[name] = _storable(name, value)
    for name in OPTIONAL:
        if raw.get(name) is not None and not isinstance(raw[name], str):
            raise BadLine(f"{name} must be a string")
        record[name] = None if raw.get(name) is None else _storable(name, raw[name])
    record["source_run"] = raw.get("source_run")
    if record["source_run"] is not None and not isinstance(record["source_run"], int):
        raise BadLine("source_run must be an integer")
    record["pinned"] = bool(raw.get("pinned", False))
    # Where it stands in the operators' review: a held memory stays held (older lines: none).
    record["review"] = raw.get("review") or str(Review.NONE)
    if record["review"] not in REVIEWS:
        raise BadLine(f"review must be one of {', '.join(REVIEWS)}")
    for name in TIMES:
        value = raw.get(name)
        try:
            record[name] = None if value is None else datetime.fromisoformat(value)
        except (TypeError, ValueError) as exc:
            raise BadLine(f"{name} is not an ISO-8601 time") from exc
        if record[name] is not None and record[name].tzinfo is None:
            raise BadLine(f"{name} has no time zone")
    if record["created_at"] is None or record["updated_at"] is None:
        raise BadLine("created_at and updated_at are required")
    record["valid_from"] = record["valid_from"] or record["created_at"]
    checked = _screened(record, raw)
    record["metadata"] = dict(checked.metadata) or None
    return checked, record


def _screened(record: dict[str, Any], raw: dict[str, Any]) -> Screened:
    """The line's text and metadata as the gate screens what a store already held (its
    secrets replaced by their marks), or ``BadLine``."""
    checked = screen_held(
        Draft(
            record["type"],
            record["class"],
            record["title"],
            record["content"],
            metadata=raw.get("metadata"),
        )
    )
    if isinstance(checked, Refused):
        raise BadLine(f"refused: {checked.detail}")
    return checked


def _raw(text: str) -> dict[str, Any]:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadLine(f"not JSON: {exc.msg}") from exc
    if not isinstance(raw, dict) or raw.get("v") != FORMAT:
        raise BadLine(f"not a memoryd export line (v {FORMAT})")
    return raw


def _time(raw: dict[str, Any], name: str) -> datetime:
    try:
        value = datetime.fromisoformat(raw[name])
    except (KeyError, TypeError, ValueError) as exc:
        raise BadLine(f"{name} is not an ISO-8601 time") from exc
    if value.tzinfo is None:
        raise BadLine(f"{name} has no time zone")
    return value


def parse_version(text: str | dict[str, Any]) -> tuple[Screened, dict[str, Any]]:
    """A validated superseded version (a line of ``"kind": "version"``), its content as the
    gate screened it, or ``BadLine``."""
    raw = _raw(text) if isinstance(text, str) else text
    if raw.get("kind") != VERSION:
        raise BadLine("not a version's line")
    if raw.get("type") not in MEMORY_TYPES or raw.get("class") not in MEMORY_CLASSES:
        raise BadLine(f"bad type {raw.get('type')!r} or class {raw.get('class')!r}")
    record: dict[str, Any] = {"type": raw["type"], "class": raw["class"]}
    for name in ("memory_id", "superseded_by"):
        value = raw.get(name)
        if not (value is None and name == "superseded_by") and not (
            isinstance(value, int) and value > 0
        ):
            raise BadLine(f"{name} must be a positive integer")
        record[name] = value
    for name in (*TEXTS, "action", "actor"):
        value = raw.get(name, "" if name in ("tenant", "user") else None)
        if not isinstance(value, str) or (name in ("project", "action", "actor") and not value):
            raise BadLine(f"{name} must be a string")
        record[name] = _storable(name, value)
    for name in ("source_session", "source_user", "source_key", "actor_id", "reason"):
        if raw.get(name) is not None and not isinstance(raw[name], str):
            raise BadLine(f"{name} must be a string")
        record[name] = None if raw.get(name) is None else _storable(name, raw[name])
    record["pinned"] = bool(raw.get("pinned", False))
    record["review"] = raw.get("review") or str(Review.NONE)
    if record["review"] not in REVIEWS:
        raise BadLine(f"review must be one of {', '.join(REVIEWS)}")
    for name in ("created_at", "valid_from", "valid_to"):
        record[name] = _time(raw, name)
    if record["valid_to"] < record["valid_from"]:
        raise BadLine("valid_to is before valid_from")
    checked = _screened(record, raw)
    record["metadata"] = dict(checked.metadata) or None
    record["created_by"] = memory.imported(record["created_by"])
    return checked, {**record, "title": checked.title, "content": checked.content}


def _storable(name: str, value: str) -> str:
    """``value``, unless it holds what no store can hold (NUL, a lone surrogate)."""
    if storable(value) != value:
        bad = next(ch for ch in value if ch == "\x00" or "\ud800" <= ch <= "\udfff")
        raise BadLine(f"{name} holds U+{ord(bad):04X}, which no store can hold")
    return value


@dataclass(slots=True)
class ImportReport:
    imported: int = 0
    renumbered: int = 0
    unchanged: int = 0
    duplicates: int = 0
    #: Superseded versions placed, and those left out (their memory was not placed, or is
    #: of another scope, or the store holds them already).
    versions: int = 0
    versions_skipped: int = 0
    bad: list[tuple[str, str]] = field(default_factory=list)  # (line label, reason)
    #: Each placed memory's id in the file and in this store, with its scope.
    ids: dict[int, tuple[int, tuple[str, str, str]]] = field(default_factory=dict, repr=False)


async def _place(
    conn: AsyncConnection,
    line: tuple[Screened, dict[str, Any]],
    report: ImportReport,
    *,
    renumber: bool,
) -> bool:
    """Place one record; False when its id is taken by another memory and ``renumber`` is
    not yet allowed (such records get new ids at the end, past every imported id)."""
    placed = await memory.place(conn, *line, OPERATOR, renumber=renumber, ids=report.ids)
    if placed is Placed.TAKEN:
        return False
    if placed is Placed.RENUMBERED:
        report.renumbered += 1
    if placed in (Placed.IMPORTED, Placed.RENUMBERED):
        report.imported += 1
    elif placed is Placed.UNCHANGED:
        report.unchanged += 1
    else:
        report.duplicates += 1
    return True


async def import_lines(
    store: Store, lines: Iterable[tuple[str, str]], *, progress: Progress | None = None
) -> ImportReport:
    """Import labelled lines (``("line 3", text)``), a transaction per batch."""
    report = ImportReport()
    pending: list[tuple[Screened, dict[str, Any]]] = []
    taken: list[tuple[Screened, dict[str, Any]]] = []

    async def flush(
        records: list[tuple[Screened, dict[str, Any]]], *, renumber: bool = False
    ) -> None:
        async with store.begin() as conn:
            for line in records:
                if not await _place(conn, line, report, renumber=renumber):
                    taken.append(line)
        if progress is not None:
            progress(len(records) if not renumber else 0)
        records.clear()

    kept: list[tuple[Screened, dict[str, Any]]] = []
    for label, text in lines:
        if not text.strip():
            continue
        try:
            raw = _raw(text)
            if raw.get("kind") == VERSION:
                kept.append(parse_version(raw))
                continue
            pending.append(parse_line(raw))
        except BadLine as exc:
            report.bad.append((label, str(exc)))
            continue
        if len(pending) >= BATCH:
            await flush(pending)
    if pending:
        await flush(pending)
    if taken:
        await flush(taken, renumber=True)
    if kept:
        await _place_versions(store, kept, report)
    if report.imported:
        await _advance_sequence(store)
    log.info(
        "memories.imported",
        imported=report.imported,
        renumbered=report.renumbered,
        unchanged=report.unchanged,
        duplicates=report.duplicates,
        versions=report.versions,
        bad=len(report.bad),
    )
    return report


async def _place_versions(
    store: Store, kept: list[tuple[Screened, dict[str, Any]]], report: ImportReport
) -> None:
    """Place the versions of the memories this import placed, under their ids in this store
    (a version of another scope than its memory's is left out)."""
    for start in range(0, len(kept), BATCH):
        async with store.begin() as conn:
            for _screened, record in kept[start : start + BATCH]:
                placed = report.ids.get(record["memory_id"])
                scope = (record["tenant"], record["project"], record["user"])
                if placed is None or placed[1] != scope:
                    report.versions_skipped += 1
                    continue
                after = report.ids.get(record["superseded_by"] or 0)
                record = {
                    **record,
                    "memory_id": placed[0],
                    "superseded_by": after[0] if after else None,
                }
                if await memory.place_version(conn, record):
                    report.versions += 1
                else:
                    report.versions_skipped += 1


async def _advance_sequence(store: Store) -> None:
    """PostgreSQL: move the id sequence past the ids imported explicitly."""
    if store.dialect != "postgresql":
        return
    async with store.begin() as conn:
        await memory.advance_sequence(conn)
