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
from daemon.recall import section_cache
from daemon.recall.fragment_lines import FragmentRef, framed, gist, reported
from daemon.recall.hybrid import HybridSearch, Mode, Ranking
from daemon.recall.injection import (
    EarlierLine,
    InjectionBlock,
    InjectionOptions,
    candidates_per_section,
    compose,
    query_hits,
    section_candidates,
    shown_summaries,
)
from daemon.recall.manifest import Manifest, build_manifest
from daemon.recall.section_cache import SectionCache
from daemon.recall.sections import sections
from daemon.recall.session_recall import Mode as SessionMode
from daemon.recall.session_recall import (
    QueryVectors,
    Ranked,
    SessionRecallOptions,
    Terms,
    query_vector,
    rank,
    visible_users,
)
from daemon.recall.stitching import Stitched, stitch
from daemon.recall.surfacing import Surfacing
from daemon.recall.window_cache import WindowCache
from daemon.store.db import Store
from daemon.store.memory import Memory, SearchFilter, changes
from daemon.store.memory.changes import Since
from daemon.store.public_ids import id_codec
from daemon.store.transcripts.fragments import Fragment
from daemon.store.transcripts.session_listing import get_session


class Recall:
    """Reads memories back for agent hosts; every read is one short read-only connection."""

    def __init__(
        self,
        store: Store,
        clock: Clock | None = None,
        *,
        sessions: SessionRecallOptions | None = None,
        embedder: QueryVectors | None = None,
        searcher: HybridSearch | None = None,
        kept: int = section_cache.SIZE,
    ) -> None:
        """``sessions``: how windows of earlier sessions are recalled (the defaults without
        it); ``embedder``: the query embedder, without which they rank by keywords only;
        ``searcher``: how searches of memories rank (keyword search only unless given one
        with an embedder); ``kept``: how many scopes' injection block candidates are kept
        while unchanged (PostgreSQL only; 0: none, :mod:`daemon.recall.section_cache`)."""
        self.store = store
        self.clock = clock or SystemClock()
        self.sessions = sessions or SessionRecallOptions()
        self.embedder = embedder
        self.searcher = searcher or HybridSearch(RecallSettings(), None, self.clock)
        self.stats = self.searcher.term_stats
        self.surfacing = Surfacing(store, self.clock)
        on_postgres = store.dialect == "postgresql" and kept > 0
        self.kept = SectionCache(kept) if on_postgres else None
        self.windows = WindowCache(self.sessions.kept_windows)

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
        return cls(store, clock, embedder=query_embedder, searcher=searcher)

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
        session: str | None = None,
    ) -> InjectionBlock:
        """The "# Memories" block for the start of a session, with its fingerprint. With a
        query, up to ``max_fragments`` windows of the scope's earlier sessions relevant to
        it come last (``session``: the host's current session, whose own windows are left
        out); without any, the block is what it always was."""
        options = options or InjectionOptions()
        layout = sections(working=options.working, previous=options.previous)
        wanted = bool(query) and self.sessions.enabled and self.sessions.max_fragments > 0
        vector, mode = (None, SessionMode.OFF)
        if wanted and query:
            vector, mode = await query_vector(self.embedder, query)

        # The query embedded first, then one connection, the reads in turn: under load a
        # second checkout costs more than the overlap it buys. The session windows first:
        # their statement carries the probe of the candidates kept (read before them:
        # :mod:`daemon.recall.section_cache`).
        prepared = await self.searcher.prepare(query) if query else None
        per_section = candidates_per_section(options)
        kept = self.kept
        rider = kept.probe(scope, layout, per_section) if kept is not None else None
        found: list[Fragment] = []
        counted: list[Terms] | None = None
        since: Since | None = None
        async with self.store.read() as conn:
            if wanted and query:
                space = self.embedder.space if vector is not None and self.embedder else None
                opened = await self.windows.recent(
                    conn, scope, space, self.sessions, exclude_session=session, rider=rider
                )
                found, counted = opened.windows, opened.terms
                if rider is not None and opened.carried is not None:
                    since = changes.read(rider, opened.carried)
            elif rider is not None:
                since = await changes.since(conn, rider)
            if kept is not None and since is not None:
                grouped = await kept.candidates(conn, scope, layout, per_section, since)
            else:
                grouped = await section_candidates(conn, scope, layout, options)
            hits = await query_hits(conn, scope, prepared, options, self.searcher)
        ranked = rank(query, vector, found, self.sessions, counted) if wanted and query else []
        block = compose(grouped, hits, layout, options, reader=scope.user, session_mode=str(mode))
        earlier = self._earlier(ranked, shown_summaries(block, [*grouped, hits]), scope.user)
        if earlier:
            block = compose(
                grouped,
                hits,
                layout,
                options,
                reader=scope.user,
                earlier=earlier,
                session_mode=str(mode),
            )
        if mark:
            self.surfacing.note(block.memory_ids)
        return block

    def _earlier(
        self, ranked: list[Ranked], shown: set[tuple[str, str]], reader: str
    ) -> list[EarlierLine]:
        """The block's lines of the best ranked windows, at most ``max_fragments``: a
        window the block shows as a summary memory already, or with nothing safe to say, is
        passed over."""
        lines: list[EarlierLine] = []
        for found in ranked:
            if len(lines) >= self.sessions.max_fragments:
                break
            fragment = found.fragment
            if (fragment.session_id, str(fragment.last_turn)) in shown:
                continue
            said = gist(fragment, self.sessions.fragment_chars)
            if said is None:
                continue
            ref = FragmentRef(
                fragment.session_id,
                fragment.first_turn,
                fragment.last_turn,
                found.score,
                found.similarity,
            )
            text = framed(fragment, said, reader)
            lines.append(EarlierLine(ref, text, reported(fragment, reader)))
        return lines

    async def session_scope(self, session: str, *, tenant: str = "") -> ScopeKey | None:
        """The scope ``tenant``'s session ``session`` was stored in, or None."""
        async with self.store.read() as conn:
            found = await get_session(conn, session, self.clock.now(), tenant=tenant)
        if found is None:
            return None
        return ScopeKey(project=found["project"], user=found["user"], tenant=found["tenant"])

    async def stitch(
        self, scope: ScopeKey, session: str, query: str, *, budget_tokens: int
    ) -> Stitched | None:
        """One context for ``query`` from the windows of ``session``'s scope (the session's
        own included), within ``budget_tokens`` (:mod:`daemon.recall.stitching`); None
        when ``scope`` does not see that session (another tenant's, project's or user's is
        not told apart from a missing one)."""
        vector, mode = (
            await query_vector(self.embedder, query)
            if query.strip()
            else (
                None,
                SessionMode.OFF,
            )
        )
        space = self.embedder.space if vector is not None and self.embedder else None
        async with self.store.read() as conn:
            found = await get_session(conn, session, self.clock.now(), tenant=scope.tenant)
            users = visible_users(scope, self.sessions)
            if (
                found is None
                or found["project"] != scope.project
                or (users is not None and found["user"] not in users)
            ):
                return None
            opened = await self.windows.recent(conn, scope, space, self.sessions)
            windows, counted = opened.windows, opened.terms
        ranked = rank(query, vector, windows, self.sessions, counted) if query.strip() else []
        recent = windows[: self.sessions.stitch_windows]
        return stitch(
            ranked,
            recent,
            reader=scope.user,
            budget_tokens=budget_tokens,
            options=self.sessions,
            mode=str(mode),
        )

    async def flush(self) -> int:
        """Write the pending surfacing times now (otherwise within five seconds)."""
        return await self.surfacing.flush()

    async def aclose(self, *, close_store: bool = True) -> None:
        """Write what is pending and, unless told otherwise, close the store."""
        await self.surfacing.aclose()
        if close_store:
            await self.store.close()
