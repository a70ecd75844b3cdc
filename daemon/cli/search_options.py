"""What ``memoryd recall search`` and ``memoryd memories search`` share: the ranking mode and
the filters as options, the recall they search through (ranking by meaning with the
configured embeddings), and the answer that names the ranking that ran."""

from __future__ import annotations

from collections.abc import AsyncIterator, Collection
from contextlib import asynccontextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any

import typer

from daemon.cli.common import emit_json, open_store, print_table
from daemon.cli.program import fail

if TYPE_CHECKING:
    from daemon.base.settings import Settings
    from daemon.recall import Mode, Ranking, Recall, SearchFilter

ModeOpt = Annotated[
    str | None,
    typer.Option(
        "--mode",
        help="auto (hybrid when embeddings are configured and the scope has vectors, else "
        "keyword), keyword, vector or hybrid. Default: MEMORYD_RECALL__MODE (auto).",
    ),
]


def _time_option(flag: str, what: str) -> Any:
    return typer.Option(flag, help=f"Only memories {what} (RFC 3339 with offset).")


CreatedAfter = Annotated[str | None, _time_option("--created-after", "created at or after")]
CreatedBefore = Annotated[str | None, _time_option("--created-before", "created before")]
UpdatedAfter = Annotated[str | None, _time_option("--updated-after", "changed at or after")]
UpdatedBefore = Annotated[str | None, _time_option("--updated-before", "changed before")]
Session = Annotated[
    str | None, typer.Option("--session", help="Only memories from this source session.")
]
Author = Annotated[
    str | None,
    typer.Option("--author", help="Only memories this user wrote (from their sessions or key)."),
]


def mode_option(text: str | None) -> Mode | None:
    """``--mode`` checked (exit 2 naming the modes)."""
    from daemon.recall import mode_of

    if text is None:
        return None
    try:
        return mode_of(text)
    except ValueError as exc:
        fail(f"--mode: {exc}", code=2)


def _moment(flag: str, text: str | None) -> datetime | None:
    from daemon.base.moments import moment

    if text is None:
        return None
    try:
        return moment(text)
    except ValueError as exc:
        fail(f"{flag}: {exc}", code=2)


def search_filter(
    *,
    types: Collection[str],
    classes: Collection[str],
    limit: int,
    created_after: str | None = None,
    created_before: str | None = None,
    updated_after: str | None = None,
    updated_before: str | None = None,
    session: str | None = None,
    author: str | None = None,
) -> SearchFilter:
    """The filter the options ask for (a time that is not RFC 3339: exit 2)."""
    from daemon.recall import SearchFilter

    return SearchFilter(
        types=types,
        classes=classes,
        limit=limit,
        created_after=_moment("--created-after", created_after),
        created_before=_moment("--created-before", created_before),
        updated_after=_moment("--updated-after", updated_after),
        updated_before=_moment("--updated-before", updated_before),
        source_session=session,
        author=author,
    )


@asynccontextmanager
async def open_recall(settings: Settings) -> AsyncIterator[Recall]:
    """A recall over the command's store that ranks as the settings say, searches and
    earlier sessions alike (the embeddings without the provider's shared breaker: a
    command's failures are its own)."""
    from daemon.base.clock import SystemClock
    from daemon.base.errors import ConfigError
    from daemon.embeddings import choose
    from daemon.recall import HybridSearch, Recall
    from daemon.recall.session_recall import SessionRecallOptions

    query_embedder = None
    embedder = None
    try:
        enabled = choose(settings).enabled
    except ConfigError as exc:
        fail(str(exc))
    if enabled:  # the provider's client is imported only when one is configured
        from daemon.app.container import make_embedder
        from daemon.embeddings.query import QueryEmbedder

        try:
            embedder = make_embedder(settings)
        except ConfigError as exc:
            fail(str(exc))
        if embedder is not None:
            query_embedder = QueryEmbedder(
                embedder, cache_size=settings.embeddings.query_cache_size
            )
    clock = SystemClock()
    options = SessionRecallOptions.from_settings(settings.session_recall)
    async with open_store(settings) as store:
        recall = Recall(
            store,
            clock,
            sessions=options,
            embedder=query_embedder,
            searcher=HybridSearch(settings.recall, query_embedder, clock),
        )
        try:
            yield recall
        finally:
            await recall.aclose(close_store=False)
            closer = getattr(embedder, "aclose", None)
            if closer is not None:
                await closer()


def show_ranked(
    ranked: Ranking, found: list[dict[str, Any]], columns: list[str], *, as_json: bool
) -> None:
    """The memories found and the ranking that ran: ``{"mode", "fallback", "memories"}``
    with ``--json``; a table and one line naming the ranking otherwise."""
    if as_json:
        emit_json({**ranked.described(), "memories": found})
        return
    print_table(found, columns, empty="no match")
    why = f" (fell back: {ranked.fallback})" if ranked.fallback else ""
    typer.echo(f"ranked by {ranked.mode}{why}")
