"""The one place ``memoryd serve`` reads memories through: the public recall API, and the
memories' owner (:mod:`daemon.store.memory`) for reading one by id."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from daemon.base.scope import ScopeKey
from daemon.base.text import storable
from daemon.recall import (
    InjectionBlock,
    InjectionOptions,
    Manifest,
    Memory,
    Mode,
    Ranking,
    Recall,
    SearchFilter,
)
from daemon.recall.stitching import Stitched
from daemon.store import memory


class RecallPort:
    def __init__(self, recall: Recall) -> None:
        self.recall = recall

    async def search(
        self,
        query: str,
        scope: ScopeKey,
        *,
        types: Collection[str],
        classes: Collection[str],
        limit: int,
    ) -> list[Memory]:
        return await self.recall.search(query, scope, types=types, classes=classes, limit=limit)

    async def ranked(
        self, query: str, scope: ScopeKey, where: SearchFilter, *, mode: Mode | None
    ) -> Ranking:
        """A search with its filters, and the mode that ran (:mod:`daemon.recall.hybrid`)."""
        return await self.recall.ranked(query, scope, where, mode=mode)

    async def search_as_of(
        self,
        query: str,
        scope: ScopeKey,
        at: datetime,
        *,
        types: Collection[str],
        classes: Collection[str],
        limit: int,
    ) -> list[Memory]:
        """What the scope believed at ``at`` that matches ``query`` (never marked as
        surfaced: it is a look back, not a recall)."""
        async with self.recall.store.read() as conn:
            return await memory.search_as_of(
                conn, storable(query), scope, at, types=types, classes=classes, limit=limit
            )

    async def manifest(self, scope: ScopeKey) -> Manifest:
        return await self.recall.manifest(scope)

    async def injection_block(
        self, scope: ScopeKey, query: str | None, *, max_memories: int, session: str | None = None
    ) -> InjectionBlock:
        options = InjectionOptions(max_memories=max_memories)
        return await self.recall.injection_block(scope, query, options=options, session=session)

    async def stitch(
        self, scope: ScopeKey, session: str, query: str, *, budget_tokens: int
    ) -> Stitched | None:
        return await self.recall.stitch(
            scope, session, storable(query), budget_tokens=budget_tokens
        )

    async def read(self, memory_id: int, scope: ScopeKey) -> Memory | None:
        """One live memory the scope sees, or None (another scope's id is not told apart
        from a missing one)."""
        async with self.recall.store.read() as conn:
            return await memory.read(conn, scope, memory_id)

    async def aclose(self) -> None:
        await self.recall.aclose(close_store=False)
