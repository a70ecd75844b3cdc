"""Embedding the pending windows of earlier sessions: what the worker's ``embed_pending``
job runs after the memories' pass (:mod:`daemon.maintenance.embedding`), the same walk with
the same handling of failures (:class:`~daemon.maintenance.embedding_pass.EmbeddingPass`).

A window is pending when it has no vector of the embedder's space or its text changed
since (:func:`daemon.store.transcripts.fragments.pending`). A window the provider refuses is
reported once (``embedding.fragment_refused``) and remembered (by id and text) and skipped
by later passes of the same :class:`FragmentBackfill`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from daemon.maintenance.embedding_pass import EmbeddingPass, PassReport
from daemon.store.db import Connection, Store
from daemon.store.transcripts import fragments
from daemon.store.transcripts.fragments import Fragment


@dataclass(slots=True)
class FragmentBackfill(EmbeddingPass[Fragment]):
    """Embeds the pending windows of every scope with one embedder."""

    retry_event: ClassVar[str] = "embedding.fragments_retry_later"
    refused_event: ClassVar[str] = "embedding.fragment_refused"
    id_field: ClassVar[str] = "fragment_id"

    async def _pending(
        self, conn: Connection, space: str, limit: int, after_id: int
    ) -> list[Fragment]:
        return await fragments.pending(conn, space, limit=limit, after_id=after_id)

    def _key(self, item: Fragment) -> tuple[int, str]:
        return item.id, item.text

    async def _store(
        self, store: Store, done: Sequence[tuple[Fragment, Sequence[float]]], report: PassReport
    ) -> None:
        if not done:
            return
        async with store.begin() as conn:
            report.embedded += await fragments.store_vectors(
                conn, self.embedder.space, self.embedder.dims, done, self.clock.now()
            )
