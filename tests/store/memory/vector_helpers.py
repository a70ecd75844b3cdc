"""Storing chosen vectors for memories, for the tests of memory vectors."""

from __future__ import annotations

from collections.abc import Sequence

from daemon.base.embedding import unit
from daemon.store.db import Store
from daemon.store.memory import vectors
from daemon.store.memory.vectors import Embedded
from tests.maintenance.helpers import T0

SPACE = "test:chosen:4"


async def put(store: Store, chosen: dict[int, Sequence[float]], space: str = SPACE) -> int:
    """Store ``chosen`` vectors (made unit) of ``space`` for these memories."""
    dims = len(next(iter(chosen.values())))
    async with store.connect() as conn:
        found = await vectors.pending(conn, space, limit=1000)
    by_id = {m.id: m for m in found}
    batch = [Embedded(by_id[i], unit(values)) for i, values in chosen.items()]
    async with store.begin() as conn:
        return await vectors.upsert(conn, space, dims, batch, T0)
