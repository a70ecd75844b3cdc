"""The walk every embedding pass shares: pending items in batches by id; a transient failure
stops the pass and keeps what was embedded before it; a refused item is counted once, the
others of its batch are embedded, and later passes skip it until its text changes; a deadline
stops between batches. Told over a pass of plain records kept in memory (the memories' and
the windows' passes: test_embedding.py, test_fragment_embedding.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

import pytest
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.clock import FakeClock
from daemon.maintenance.embedding_pass import EmbeddingPass, PassReport
from daemon.store.db import Store
from tests.hashed_embedder import HashedEmbedder
from tests.maintenance.helpers import T0


@dataclass(frozen=True, slots=True)
class Note:
    id: int
    text: str


@dataclass(slots=True)
class NotePass(EmbeddingPass[Note]):
    """A pass over notes held in memory: pending until their text has a vector."""

    notes: dict[int, str] = field(default_factory=dict)
    vectors: dict[int, tuple[str, Sequence[float]]] = field(default_factory=dict)

    retry_event: ClassVar[str] = "test.retry_later"
    refused_event: ClassVar[str] = "test.refused"
    id_field: ClassVar[str] = "note_id"

    async def _pending(
        self, conn: AsyncConnection, space: str, limit: int, after_id: int
    ) -> list[Note]:
        stale = [
            Note(i, text)
            for i, text in sorted(self.notes.items())
            if i > after_id and self.vectors.get(i, ("",))[0] != text
        ]
        return stale[:limit]

    def _key(self, item: Note) -> tuple[int, str]:
        return item.id, item.text

    async def _store(
        self, store: Store, done: Sequence[tuple[Note, Sequence[float]]], report: PassReport
    ) -> None:
        for note, values in done:
            self.vectors[note.id] = (note.text, values)
        report.embedded += len(done)


TEXTS = {1: "queue tuning", 2: "deploy days", 3: "forbidden words", 4: "css grid", 5: "vat"}


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    store = Store.from_url(f"sqlite+aiosqlite:///{tmp_path / 'pass.db'}")
    yield store
    await store.close()


def _pass(embedder: HashedEmbedder, batch: int = 2) -> NotePass:
    return NotePass(embedder, FakeClock(T0), batch=batch, notes=dict(TEXTS))


async def test_every_pending_item_is_embedded_in_batches_by_id(store: Store) -> None:
    embedder = HashedEmbedder()
    notes = _pass(embedder)
    report = await notes.run(store)
    assert (report.embedded, report.refused, report.retry, report.more) == (5, 0, False, False)
    assert embedder.calls == 3 and set(notes.vectors) == set(TEXTS)
    assert (await notes.run(store)).embedded == 0 and embedder.calls == 3


async def test_an_outage_stops_the_pass_and_the_next_one_finishes(store: Store) -> None:
    embedder = HashedEmbedder(outage={2})
    notes = _pass(embedder)
    first = await notes.run(store)
    assert (first.embedded, first.retry) == (2, True) and "503" in (first.error or "")
    second = await notes.run(store)
    assert (second.embedded, second.retry) == (3, False) and set(notes.vectors) == set(TEXTS)


async def test_a_refused_item_is_skipped_until_its_text_changes(store: Store) -> None:
    embedder = HashedEmbedder()
    embedder.refused.add("forbidden")
    notes = _pass(embedder, batch=5)
    report = await notes.run(store)
    assert (report.embedded, report.refused, report.retry) == (4, 1, False)
    assert 3 not in notes.vectors
    calls = embedder.calls
    assert (await notes.run(store)).refused == 0 and embedder.calls == calls  # not asked again
    notes.notes[3] = "allowed words"
    assert (await notes.run(store)).embedded == 1 and notes.vectors[3][0] == "allowed words"


async def test_what_the_isolation_embedded_is_kept_when_an_outage_cuts_it(store: Store) -> None:
    # call 1: the batch, refused (it holds "forbidden"); calls 2 and 3: notes 1 and 2 one
    # at a time; call 4 (note 3) fails transiently
    embedder = HashedEmbedder(outage={4})
    embedder.refused.add("forbidden")
    notes = _pass(embedder, batch=5)
    report = await notes.run(store)
    assert (report.embedded, report.refused, report.retry) == (2, 0, True)
    assert set(notes.vectors) == {1, 2}


async def test_a_deadline_stops_the_pass_between_batches(store: Store) -> None:
    notes = _pass(HashedEmbedder())
    report = await notes.run(store, until=lambda: True)
    assert (report.embedded, report.more) == (2, True)
