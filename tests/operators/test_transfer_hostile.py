"""Whatever the store holds exports and imports back identically (both backends).

Memories are generated (hostile text without NUL: emoji, combining marks, right-to-left and
line-separator characters, escapes, whitespace at the edges; titles and contents at their
caps, a compaction summary's too; the empty titles of older stores; every type and class,
pinned, expiring, forgotten), written through the store's own functions, exported, written
to a file and read back as ``memoryd memories import`` reads it, and imported into an empty
store: the export of that store is the same lines, its rows the same rows.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from daemon.admin import memory_admin as admin
from daemon.admin.export_import import export_lines, import_lines
from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.gate.kinds import MEMORY_CLASSES, MEMORY_TYPES
from daemon.store import memory as memory_store
from daemon.store.compaction import MAX_SUMMARY_CHARS
from daemon.store.db import Store
from daemon.store.memory import exported
from daemon.store.memory import writes as memory_writes  # seeds the store unscreened
from daemon.store.tables import memories, memory_history
from tests.bench.scratch import scratch_database

EVERYTHING = admin.MemoryFilter(deleted=None, limit=None)
TITLE_CAP, CONTENT_CAP = 300, 2000  # the title column's width; the default content cap
HOSTILE = (
    "🚀", "👩🏽‍💻", "e\u0301", "\u0627\u0644\u0639\u0631\u0628\u064a\u0629", "\u202e", "\u200f",
    "\u2028", "\u2029", "\u0085", "\r\n", "\r", "\n", "\t", "\x1b[31m", "\x7f", "\ufeff",
    "\u00a0", "\ufffd", '"', "\\", "\\u0000", "</turn>", "{}", "ß", "İ", "ﬁ",
    "\U0001d518\U0001d52b\U0001d526", "  ", " ", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e",
)  # fmt: skip
TIMES = st.datetimes(
    min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30), timezones=st.just(UTC)
)


def _fit(text: str, min_size: int, max_size: int) -> str:
    return (text + "x" * min_size)[: max(min_size, min(len(text), max_size))]


def _at_cap(text: str, cap: int) -> str:
    return ((text or "x") * (cap // max(1, len(text)) + 1))[:cap]


def hostile_text(min_size: int, max_size: int) -> st.SearchStrategy[str]:
    """NUL-free text (no lone surrogates: no store holds them) mixed with hostile pieces,
    sometimes repeated up to ``max_size`` characters exactly."""
    plain = st.text(
        st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=40
    )
    pieces = st.lists(st.one_of(plain, st.sampled_from(HOSTILE)), max_size=8).map("".join)
    return st.one_of(
        pieces.map(lambda s: _fit(s, min_size, max_size)),
        pieces.map(lambda s: _at_cap(s, max_size)),
    )


@dataclass(frozen=True)
class Generated:
    scope: ScopeKey
    type: str
    memory_class: str
    title: str
    content: str
    created_by: str
    at: datetime
    expires_at: datetime | None
    pinned: bool
    forgotten: str | None


SCOPES = st.builds(
    ScopeKey,
    project=hostile_text(1, 200),
    user=st.one_of(st.just(""), hostile_text(1, 200)),
    tenant=st.one_of(st.just(""), st.just("acme"), hostile_text(1, 200)),
)
MEMORIES = st.lists(
    st.builds(
        Generated,
        scope=st.one_of(st.just(ScopeKey(project="acme/billing", tenant="acme")), SCOPES),
        type=st.sampled_from(MEMORY_TYPES),
        memory_class=st.sampled_from(MEMORY_CLASSES),
        title=st.one_of(st.just(""), hostile_text(1, TITLE_CAP)),
        content=st.one_of(hostile_text(1, CONTENT_CAP), hostile_text(1, MAX_SUMMARY_CHARS)),
        # room for the import's mark ("import:") in the column's 100 characters
        created_by=st.one_of(st.just("extractor:rules"), hostile_text(1, 93)),
        at=TIMES,
        expires_at=st.one_of(st.none(), TIMES),
        pinned=st.booleans(),
        forgotten=st.one_of(st.none(), hostile_text(0, 300)),
    ),
    min_size=1,
    max_size=6,
)


@pytest.fixture
async def empty_store(runtime: Container) -> AsyncIterator[Store]:
    async with scratch_database(runtime.settings.database_url, "import") as url:
        store = Store.from_url(url, pool_size=2)
        yield store
        await store.close()


async def _clear(store: Store) -> None:
    async with store.begin() as conn:
        await conn.execute(sa.delete(memory_history))
        await conn.execute(sa.delete(memories))


async def _insert(store: Store, generated: list[Generated]) -> int:
    """Write the memories as the store's own functions do; returns how many it took."""
    taken = 0
    async with store.begin() as conn:
        for g in generated:
            memory_id = await memory_writes.create(
                conn,
                g.scope,
                type_=g.type,
                memory_class=g.memory_class,
                title=g.title,
                content=g.content,
                prov=memory_store.Provenance(actor=memory_store.Actor.RUN, created_by=g.created_by),
                now=g.at,
                expires_at=g.expires_at,
            )
            if not isinstance(memory_id, int):
                continue  # the same content is already live in that scope
            taken += 1
            if g.pinned:
                await admin.set_pinned(conn, memory_id, True, g.at)
            if g.forgotten is not None:
                await admin.forget(conn, memory_id, g.at, reason=g.forgotten)
    return taken


async def _rows(store: Store, *, unmarked: bool = False) -> list[tuple[object, ...]]:
    """Every column of every memory; ``unmarked``: ``created_by`` without the import's mark."""
    async with store.connect() as conn:
        found = await conn.execute(sa.select(memories).order_by(memories.c.id))
        rows = [row._asdict() for row in found]
    for row in rows:
        if unmarked:
            row["created_by"] = exported(row["created_by"])
        # An import marks each live memory for the near-duplicate check (semantic dedup):
        # the one column an import sets that the source did not have.
        row.pop("dedup_pending")
    return [tuple(row.values()) for row in rows]


@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(generated=MEMORIES)
async def test_whatever_the_store_holds_exports_and_imports_back_identically(
    runtime: Container, empty_store: Store, tmp_path: Path, generated: list[Generated]
) -> None:
    await _clear(runtime.store)
    await _clear(empty_store)
    taken = await _insert(runtime.store, generated)
    exported = [line async for line in export_lines(runtime.store, EVERYTHING)]
    assert len(exported) == taken

    file = tmp_path / "memories.jsonl"
    with file.open("w", encoding="utf-8") as out:  # as `memoryd memories export -o` writes
        out.writelines(line + "\n" for line in exported)
    with file.open(encoding="utf-8") as lines:  # as `memoryd memories import` reads
        report = await import_lines(
            empty_store, [(f"line {n}", line) for n, line in enumerate(lines, start=1)]
        )

    assert report.bad == []
    assert (report.imported, report.renumbered, report.duplicates) == (taken, 0, 0)
    assert [line async for line in export_lines(empty_store, EVERYTHING)] == exported
    assert await _rows(empty_store, unmarked=True) == await _rows(runtime.store, unmarked=True)
