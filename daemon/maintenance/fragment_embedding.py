"""Embedding the pending windows of earlier sessions: what the worker's ``embed_pending``
job runs after the memories' pass (:mod:`daemon.maintenance.embedding`), with the same
handling of failures.

A window is pending when it has no vector of the embedder's space or its text changed
since (:func:`daemon.store.transcripts.fragments.pending`). A transient failure stops the
pass (the windows stay pending; the next pass takes them up); a batch the provider refuses
is embedded one window at a time and the windows it still refuses are remembered (by id and
digest) and skipped by later passes of the same :class:`FragmentBackfill`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import structlog

from daemon.base.clock import Clock
from daemon.base.embedding import Embedder, EmbeddingFailed
from daemon.maintenance.embedding import BATCH, PassReport
from daemon.store.db import Store
from daemon.store.transcripts import fragments
from daemon.store.transcripts.fragments import Fragment

log = structlog.get_logger("memoryd.embedding")


@dataclass(slots=True)
class FragmentBackfill:
    embedder: Embedder
    clock: Clock
    batch: int = BATCH
    refused: set[tuple[int, str]] = field(default_factory=set)

    async def run(self, store: Store, *, until: Callable[[], bool] | None = None) -> PassReport:
        """One pass over every pending window, or until ``until()`` turns true between
        batches (then ``more``)."""
        space = self.embedder.space
        report = PassReport(space)
        after = 0
        while True:
            async with store.connect() as conn:
                found = await fragments.pending(conn, space, limit=self.batch, after_id=after)
            if not found:
                return report
            after = found[-1].id
            todo = [f for f in found if (f.id, f.text) not in self.refused]
            try:
                await self._batch(store, todo, report)
            except EmbeddingFailed as exc:
                report.retry, report.error = True, str(exc)[:300]
                log.warning("embedding.fragments_retry_later", space=space, error=report.error)
                return report
            if until is not None and until():
                report.more = True
                return report

    async def _batch(self, store: Store, batch: Sequence[Fragment], report: PassReport) -> None:
        if not batch:
            return
        try:
            values: Sequence[Sequence[float]] = await self.embedder.embed([f.text for f in batch])
            done: list[tuple[Fragment, Sequence[float]]] = list(zip(batch, values, strict=True))
        except EmbeddingFailed as exc:
            if exc.transient:
                raise
            done = await self._isolate(store, batch, report)
        if done:
            async with store.begin() as conn:
                report.embedded += await fragments.store_vectors(
                    conn, self.embedder.space, self.embedder.dims, done, self.clock.now()
                )

    async def _isolate(
        self, store: Store, batch: Sequence[Fragment], report: PassReport
    ) -> list[tuple[Fragment, Sequence[float]]]:
        done: list[tuple[Fragment, Sequence[float]]] = []
        for fragment in batch:
            try:
                (values,) = await self.embedder.embed([fragment.text])
            except EmbeddingFailed as exc:
                if exc.transient:
                    raise
                self.refused.add((fragment.id, fragment.text))
                report.refused += 1
                log.error(
                    "embedding.fragment_refused",
                    space=self.embedder.space,
                    fragment_id=fragment.id,
                    error=str(exc)[:300],
                )
                continue
            done.append((fragment, values))
        return done
