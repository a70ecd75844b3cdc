"""The recall API for agent hosts: search, the manifest and the injection block.

::

    from daemon.recall import Recall, ScopeKey

    recall = Recall.from_url("postgresql://memoryd@db/memoryd")
    scope = ScopeKey(project="github.com/acme/billing", user="alice")
    block = await recall.injection_block(scope, query="refund webhooks")
    system_prompt += block.text          # keep block.fingerprint for the session
    hits = await recall.search("stripe retries", scope, types={"decision"})
    found = await recall.ranked("message broker", scope, SearchFilter(limit=5), mode="hybrid")
    found.mode, found.fallback    # what ran ("keyword" when the query could not be embedded)
    await recall.aclose()

Scopes are isolated: a user's memories are seen only with that user, another project's or
tenant's never. What search and the injection block return is marked as surfaced
(``last_surfaced_at``, read by the consolidation job to keep memories in use), in the
background within five seconds and at :meth:`Recall.aclose` (:mod:`daemon.recall.surfacing`).

Every search, and the injection block's choice of memories for a query, is ranked by the
recall's :class:`~daemon.recall.hybrid.HybridSearch`: by keywords, by meaning or both
(:mod:`daemon.recall.hybrid`). ``from_url`` takes the embedder to rank by meaning with.
"""

from __future__ import annotations

from collections.abc import Collection

from daemon.base.clock import Clock, SystemClock
from daemon.base.embedding import Embedder
from daemon.base.scope import ScopeKey
from daemon.base.sealing import DataKeys, Sealer
from daemon.base.settings import RecallSettings
from daemon.recall.hybrid import HybridSearch, Mode, Ranking
from daemon.recall.injection import (
    InjectionBlock,
    InjectionOptions,
    compose,
    query_hits,
    section_candidates,
)
from daemon.recall.manifest import Manifest, build_manifest
from daemon.recall.sections import sections
from daemon.recall.surfacing import Surfacing
from daemon.store.db import Store
from daemon.store.memory import Memory, SearchFilter
from daemon.store.public_ids import id_codec


class Recall:
    """Reads memories back for agent hosts; every read is one short read-only connection."""

    def __init__(
        self, store: Store, clock: Clock | None = None, *, searcher: HybridSearch | None = None
    ) -> None:
        self.store = store
        self.clock = clock or SystemClock()
        #: How searches rank (keyword search only unless given one with an embedder).
        self.searcher = searcher or HybridSearch(RecallSettings(), None, self.clock)
        self.stats = self.searcher.term_stats
        self.surfacing = Surfacing(store, self.clock)

    @classmethod
    def from_url(
        cls,
        database_url: str,
        *,
        clock: Clock | None = None,
        keys: DataKeys | None = None,
        embedder: Embedder | None = None,
        settings: RecallSettings | None = None,
    ) -> Recall:
        """A Recall with its own connection pool (``postgresql://…`` or ``sqlite:///…``).
        ``keys``: the store's data keys (``Settings().data.ring()``), without which a memory
        signed with one is not shown (its integrity cannot be checked). ``embedder``: the
        embeddings the memories' vectors were made with (``daemon.embeddings``), to rank by
        meaning as ``settings`` say (by keywords only without one)."""
        from daemon.base.settings import normalize_database_url
        from daemon.embeddings.query import QueryEmbedder

        url = normalize_database_url(database_url)
        clock = clock or SystemClock()
        query_embedder = QueryEmbedder(embedder) if embedder is not None else None
        searcher = HybridSearch(settings or RecallSettings(), query_embedder, clock)
        store = Store.from_url(url, pool_size=5, sealer=Sealer(keys))
        return cls(store, clock, searcher=searcher)

    async def search(
        self,
        query: str,
        scope: ScopeKey,
        *,
        types: Collection[str] = (),
        classes: Collection[str] = (),
        limit: int = 10,
        mode: Mode | None = None,
        mark: bool = True,
    ) -> list[Memory]:
        """The memories of :meth:`ranked`, best first."""
        where = SearchFilter(types=types, classes=classes, limit=limit)
        return (await self.ranked(query, scope, where, mode=mode, mark=mark)).memories

    async def ranked(
        self,
        query: str,
        scope: ScopeKey,
        where: SearchFilter | None = None,
        *,
        mode: Mode | None = None,
        mark: bool = True,
    ) -> Ranking:
        """Search in scope with ``where``'s filters, ranked as ``mode`` asks (the settings'
        mode when None): the memories best first, and the mode that ran with why it is not
        the one asked for. ``mark=False`` leaves ``last_surfaced_at`` alone (an operator
        looking is not an agent using)."""
        prepared = await self.searcher.prepare(query, mode)
        async with self.store.read() as conn:
            found = await self.searcher.ranked(conn, prepared, scope, where or SearchFilter())
        if mark:
            self.surfacing.note(h.id for h in found.memories)
        return found

    async def manifest(self, scope: ScopeKey) -> Manifest:
        """One line per memory in scope, capped at 200 lines and 25,000 bytes, each named
        by its opaque id."""
        ids = await id_codec(self.store)
        async with self.store.read() as conn:
            return await build_manifest(conn, scope, ids)

    async def injection_block(
        self,
        scope: ScopeKey,
        query: str | None = None,
        *,
        options: InjectionOptions | None = None,
        mark: bool = True,
    ) -> InjectionBlock:
        """The "# Memories" block for the start of a session, with its fingerprint."""
        options = options or InjectionOptions()
        layout = sections(working=options.working, previous=options.previous)

        # The query embedded first, then one connection, the two reads in turn: under load
        # a second checkout costs more than the overlap it buys.
        prepared = await self.searcher.prepare(query) if query else None
        async with self.store.read() as conn:
            grouped = await section_candidates(conn, scope, layout, options)
            hits = await query_hits(conn, scope, prepared, options, self.searcher)
        block = compose(grouped, hits, layout, options, reader=scope.user)
        if mark:
            self.surfacing.note(block.memory_ids)
        return block

    async def flush(self) -> int:
        """Write the pending surfacing times now (otherwise within five seconds)."""
        return await self.surfacing.flush()

    async def aclose(self, *, close_store: bool = True) -> None:
        """Write what is pending and, unless told otherwise, close the store."""
        await self.surfacing.aclose()
        if close_store:
            await self.store.close()
