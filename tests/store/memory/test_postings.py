"""SQLite's scope postings (``memory_terms``): kept by the triggers on ``memories`` through
every write (insert, edit, move, review, soft delete and restore, delete), counted and read
per scope (another tenant's or project's postings count for nothing, a held memory only in
its author's scope), each term's newest first, and ``every`` keeps only the memories that
hold all the terms."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.store.memory.postings import Posted, document_counts, postings
from daemon.store.tables import memories
from tests.maintenance.helpers import T0, add

pytestmark = pytest.mark.parametrize("backend", ["fake"], indirect=True)  # SQLite's own index

ANN = ScopeKey(tenant="acme", project="p1", user="ann")


async def _posted(
    runtime: Container, *terms: str, every: bool = False, **kw: Any
) -> dict[int, Posted]:
    async with runtime.store.connect() as conn:
        return await postings(conn, ANN, terms, every=every, newest=kw.pop("newest", 100), **kw)


async def _counts(runtime: Container, *terms: str, scope: ScopeKey = ANN) -> dict[str, int]:
    async with runtime.store.connect() as conn:
        return await document_counts(conn, scope, list(terms), 1001)


async def _ann(runtime: Container, content: str, **fields: Any) -> int:
    return await add(runtime.store, content, tenant="acme", project="p1", **fields)


async def test_each_write_keeps_the_postings(runtime: Container) -> None:
    kept = await _ann(runtime, "Kestrel deploys kestrel nightly.", title="Kestrel")
    assert await _posted(runtime, "kestrel") == {kept: Posted(5, {"kestrel": (1, 2)})}
    async with runtime.store.begin() as conn:
        edit = sa.update(memories).where(memories.c.id == kept)
        await conn.execute(edit.values(title="Quokka", content="Quokka only."))
    assert await _posted(runtime, "kestrel") == {}
    assert await _posted(runtime, "quokka") == {kept: Posted(3, {"quokka": (1, 1)})}
    async with runtime.store.begin() as conn:
        await conn.execute(edit.values(deleted_at=T0))
    assert await _posted(runtime, "quokka") == {}
    async with runtime.store.begin() as conn:
        await conn.execute(edit.values(deleted_at=None))
    assert set(await _posted(runtime, "quokka")) == {kept}
    async with runtime.store.begin() as conn:
        await conn.execute(edit.values(tenant="globex"))
    assert await _posted(runtime, "quokka") == {}
    async with runtime.store.begin() as conn:
        await conn.execute(sa.delete(memories).where(memories.c.id == kept))
        left = await conn.execute(sa.text("SELECT count(*) FROM memory_terms"))
        assert left.scalar_one() == 0


async def test_counts_and_postings_are_the_scopes_own(runtime: Container) -> None:
    shared = await _ann(runtime, "Kestrel notes for everyone.")
    own = await _ann(runtime, "Kestrel notes of ann.", user="ann", type="user")
    held = await _ann(runtime, "Kestrel held of ann.", review="pending", source_user="ann")
    await _ann(runtime, "Kestrel held of bob.", review="pending", source_user="bob")
    await _ann(runtime, "Kestrel notes of bob.", user="bob", type="user")
    await add(runtime.store, "Kestrel elsewhere.", tenant="globex", project="p1", user="ann")
    await add(runtime.store, "Kestrel elsewhere.", tenant="acme", project="p2", user="ann")
    assert await _counts(runtime, "kestrel", "note", "zebra") == {
        "kestrel": 3,
        "note": 2,
        "zebra": 0,
    }
    assert set(await _posted(runtime, "kestrel")) == {shared, own, held}
    assert set(await _posted(runtime, "kestrel", types=["user"])) == {own}
    assert set(await _posted(runtime, "kestrel", classes=["working"])) == set()
    bare = ScopeKey(tenant="acme", project="p1")
    assert await _counts(runtime, "kestrel", scope=bare) == {"kestrel": 1}


async def test_the_newest_of_each_term_and_every_term_together(runtime: Container) -> None:
    both = [await _ann(runtime, f"Kestrel and quokka {n}.") for n in range(3)]
    kestrel = [await _ann(runtime, f"Kestrel alone {n}.") for n in range(3)]
    assert set(await _posted(runtime, "kestrel", newest=2)) == set(kestrel[1:])
    found = await _posted(runtime, "quokka", "kestrel", every=True)
    assert set(found) == set(both)
    assert all(set(p.terms) == {"quokka", "kestrel"} for p in found.values())
    assert set(await _posted(runtime, "quokka", "kestrel")) == set(both + kestrel)
