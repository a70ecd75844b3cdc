"""The one place ``memoryd serve`` reads memories through: the public recall API, and the
memories' owner (:mod:`daemon.store.memory`) for reading one by id."""

from __future__ import annotations

from collections.abc import Collection

from daemon.base.scope import ScopeKey
from daemon.recall import InjectionBlock, InjectionOptions, Manifest, Memory, Recall
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

    async def manifest(self, scope: ScopeKey) -> Manifest:
        return await self.recall.manifest(scope)

    async def injection_block(
        self, scope: ScopeKey, query: str | None, *, max_memories: int
    ) -> InjectionBlock:
        options = InjectionOptions(max_memories=max_memories)
        return await self.recall.injection_block(scope, query, options=options)

    async def read(self, memory_id: int, scope: ScopeKey) -> Memory | None:
        """One live memory the scope sees, or None (another scope's id is not told apart
        from a missing one)."""
        async with self.recall.store.read() as conn:
            return await memory.read(conn, scope, memory_id)

    async def aclose(self) -> None:
        await self.recall.aclose(close_store=False)
