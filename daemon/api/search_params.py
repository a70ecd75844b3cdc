"""A search's ranking mode and filters as HTTP query parameters, and the part of every
search answer that says how it was ranked (docs/api.md, "Search")."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Annotated, Literal

from fastapi import Query
from pydantic import BaseModel, Field, StringConstraints

from daemon.access.refusals import ApiError
from daemon.base.moments import PATTERN as MOMENT_PATTERN
from daemon.base.moments import moment
from daemon.events.models import IDENTIFIER_MAX, IDENTIFIER_PATTERN
from daemon.gate.metadata import MAX_KEYS, MAX_VALUE_CHARS, BadMetadata, wanted
from daemon.recall import SearchFilter

ModeParam = Annotated[
    Literal["auto", "keyword", "vector", "hybrid"] | None,
    Query(
        description="How to rank: `keyword` (full text), `vector` (by meaning, the "
        "memories' vectors of the configured embeddings), `hybrid` (both, fused by "
        "reciprocal rank), or `auto` (hybrid when embeddings are configured and the scope "
        "holds vectors of the current model, else keyword). Default: the server's "
        "`MEMORYD_RECALL__MODE` (`auto`). The answer's `mode` says what ran."
    ),
]


def _time(description: str) -> object:
    return Query(
        description=f"{description}: an RFC 3339 date and time with its offset; anything "
        "else is a 400 `invalid_time`.",
        examples=["2026-10-15T09:30:00Z"],
        json_schema_extra={"format": "date-time", "pattern": MOMENT_PATTERN},
    )


CreatedAfter = Annotated[str | None, _time("Only memories created at or after this time")]
CreatedBefore = Annotated[str | None, _time("Only memories created before this time")]
UpdatedAfter = Annotated[str | None, _time("Only memories last changed at or after this time")]
UpdatedBefore = Annotated[str | None, _time("Only memories last changed before this time")]
SourceSession = Annotated[
    str | None,
    Query(
        description="Only memories extracted from (or saved in) this session of the host.",
        min_length=1,
        max_length=IDENTIFIER_MAX,
        pattern=IDENTIFIER_PATTERN,
    ),
]

Author = Annotated[
    str | None,
    Query(
        description="Only the memories this user wrote (`author.user`), as the list filters.",
        min_length=1,
        max_length=IDENTIFIER_MAX,
        pattern=IDENTIFIER_PATTERN,
    ),
]


#: One ``metadata`` filter parameter: ``key:value`` (the value at most 256 characters).
MetadataPair = Annotated[
    str,
    StringConstraints(
        pattern=r"^[A-Za-z0-9_.-]{1,64}:[\s\S]{0," + str(MAX_VALUE_CHARS) + "}$",
        max_length=65 + MAX_VALUE_CHARS,
    ),
]
MetadataParam = Annotated[
    list[MetadataPair] | None,
    Query(
        description="Only memories whose metadata holds this `key:value` (repeat it for "
        "several keys: all must hold). The value is compared as text: a string itself, a "
        "number or boolean its JSON text (`priority:3`, `done:true`). A key is 1 to 64 "
        "letters, digits, `_`, `.` or `-`; anything else is a 422 `invalid_request`.",
        max_length=MAX_KEYS,
        examples=[["ticket:OPS-12"]],
    ),
]


def metadata_pairs(values: list[str] | None) -> tuple[tuple[str, str], ...]:
    """The ``metadata`` parameters as a filter's pairs (a 422 ``invalid_request`` naming
    what is wrong)."""
    pairs = []
    for value in values or ():
        key, colon, said = value.partition(":")
        if not colon:
            raise ApiError(422, "invalid_request", f"metadata: {value[:80]!r} is not `key:value`")
        pairs.append((key, said))
    try:
        return wanted(pairs)
    except BadMetadata as exc:
        raise ApiError(422, "invalid_request", str(exc)) from exc


class Ranked(BaseModel):
    """How a search was ranked: part of every search answer."""

    mode: Literal["keyword", "vector", "hybrid"] = Field(
        description="The ranking that ran (never `auto`)."
    )
    fallback: Literal["embeddings_off", "no_vectors", "embedding_failed", "as_of"] | None = Field(
        description="Why `mode` is keyword though meaning was asked for: `embeddings_off` "
        "(no embeddings configured), `no_vectors` (`auto`: the scope has no vector of the "
        "current model yet), `embedding_failed` (the query could not be embedded), `as_of` "
        "(a search of the past ranks by keywords); null when it ran as asked."
    )


def _moment(name: str, text: str | None) -> datetime | None:
    if text is None:
        return None
    try:
        return moment(text)
    except ValueError as exc:
        raise ApiError(400, "invalid_time", f"{name}: {exc}") from exc


def search_filter(
    *,
    types: Collection[str],
    classes: Collection[str],
    limit: int,
    created_after: str | None,
    created_before: str | None,
    updated_after: str | None,
    updated_before: str | None,
    source_session: str | None,
    author: str | None = None,
    metadata: list[str] | None = None,
) -> SearchFilter:
    """The filter a search's parameters ask for (times checked: 400 ``invalid_time``;
    metadata: 422 ``invalid_request``)."""
    return SearchFilter(
        types=types,
        classes=classes,
        limit=limit,
        created_after=_moment("created_after", created_after),
        created_before=_moment("created_before", created_before),
        updated_after=_moment("updated_after", updated_after),
        updated_before=_moment("updated_before", updated_before),
        source_session=source_session,
        author=author,
        metadata=metadata_pairs(metadata),
    )


def bounded(where: SearchFilter) -> bool:
    """Whether ``where`` sets a time, a session, an author or metadata (an ``as_of`` search
    takes none of them)."""
    return any(where.shape())
