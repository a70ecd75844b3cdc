"""The one place ``memoryd serve`` reads memories through: the public recall API.

Routes call this port, never the store or the recall internals, so that when the memories
table gets its single owner this module alone is re-pointed.
"""

from __future__ import annotations

from collections.abc import Collection

import sqlalchemy as sa

from daemon.recall import InjectionBlock, InjectionOptions, Manifest, Recall, Recalled
from daemon.recall.rows import COLUMNS, recalled
from daemon.scope import ScopeKey
from daemon.store.memories import visible
from daemon.store.tables import memories


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
    ) -> list[Recalled]:
        return await self.recall.search(query, scope, types=types, classes=classes, limit=limit)

    async def manifest(self, scope: ScopeKey) -> Manifest:
        return await self.recall.manifest(scope)

    async def injection_block(
        self, scope: ScopeKey, query: str | None, *, max_memories: int
    ) -> InjectionBlock:
        options = InjectionOptions(max_memories=max_memories)
        return await self.recall.injection_block(scope, query, options=options)

    async def read(self, memory_id: int, scope: ScopeKey) -> Recalled | None:
        """One live memory the scope sees, or None (another scope's id is not told apart
        from a missing one)."""
        query = sa.select(*COLUMNS).where(memories.c.id == memory_id, visible(scope))
        async with self.recall.store.connect() as conn:
            row = (await conn.execute(query)).first()
        return None if row is None else recalled(row)

    async def aclose(self) -> None:
        await self.recall.aclose(close_store=False)
