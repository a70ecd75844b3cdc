"""The ``/v1`` routes: publishing turn events, and recall for the key's scope."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse, Response

from daemon.access.grant import Grant
from daemon.access.policy import Action, require, scope_for
from daemon.access.refusals import ApiError
from daemon.api.bearer import Authorized, context
from daemon.api.bodies import (
    InjectionOut,
    ManifestOut,
    MemoryRead,
    PublishOut,
    SearchOut,
    StitchIn,
    StitchOut,
    scope_json,
)
from daemon.api.error_bodies import ErrorDetail, described
from daemon.api.event_intake import body_of, body_schema, publish, read_body, split
from daemon.api.json_answer import JsonAnswer
from daemon.api.plain_query import Choice, Count, Identifier, PlainQuery, Text
from daemon.api.search_params import (
    Author,
    CreatedAfter,
    CreatedBefore,
    MetadataParam,
    ModeParam,
    SourceSession,
    UpdatedAfter,
    UpdatedBefore,
    bounded,
    search_filter,
)
from daemon.base.moments import PATTERN as MOMENT_PATTERN
from daemon.base.moments import moment
from daemon.base.scope import ScopeKey
from daemon.events.models import IDENTIFIER_MAX, IDENTIFIER_PATTERN
from daemon.recall import answer
from daemon.recall.hybrid import MODES
from daemon.store.public_ids import id_codec

router = APIRouter(prefix="/v1")

_ID = {"min_length": 1, "max_length": IDENTIFIER_MAX, "pattern": IDENTIFIER_PATTERN}
Project = Annotated[
    str | None,
    Query(description="The project to read; may be left out when the key allows one.", **_ID),
]
User = Annotated[
    str | None,
    Query(description="Also read this user's own memories (a user-bound key: its user).", **_ID),
]
Tenant = Annotated[str | None, Query(description="The key's tenant; any other is refused.", **_ID)]
Types = Annotated[
    list[Literal["project", "user", "decision"]] | None,
    Query(alias="type", description="Only these memory types (repeatable)."),
]
Classes = Annotated[
    list[Literal["priority", "durable", "working"]] | None,
    Query(alias="class", description="Only these retention classes (repeatable)."),
]

AsOf = Annotated[
    str | None,
    Query(
        description="What was believed at this time: an RFC 3339 date and time with its "
        "offset (`2026-10-15T09:30:00Z`); memories superseded since read as they were then. "
        "Anything else is a 400 `invalid_as_of`.",
        examples=["2026-10-15T09:30:00Z"],
        # Declared, not enforced here: a mismatch is the 400 that says what is expected.
        json_schema_extra={"format": "date-time", "pattern": MOMENT_PATTERN},
    ),
]

_RECALL_ERRORS = described(401, 403, 422, 429, 503, 504)


def as_of_moment(text: str | None) -> datetime | None:
    """The ``as_of`` a client gave, as a time; a 400 ``invalid_as_of`` when it is not an
    RFC 3339 time with its offset."""
    if text is None:
        return None
    try:
        return moment(text)
    except ValueError as exc:
        raise ApiError(400, "invalid_as_of", str(exc)) from exc


def _recall_scope(
    grant: Grant, project: str | None, user: str | None, tenant: str | None
) -> ScopeKey:
    require(grant, Action.RECALL)
    return scope_for(grant, project=project, user=user, tenant=tenant)


def _event_body_schema() -> dict[str, object]:
    event = {"$ref": "#/components/schemas/TurnEvent"}
    return {
        "required": True,
        "content": {
            "application/json": {
                "schema": {"oneOf": [event, {"type": "array", "items": event, "minItems": 1}]}
            },
            "application/x-ndjson": {
                "schema": {"type": "string", "description": "One turn event per line."}
            },
        },
    }


@router.post(
    "/events",
    status_code=202,
    response_model=PublishOut,
    summary="Publish turn events",
    description=(
        "One turn event (schema v1, `memoryd schema`), a JSON array of them, or JSON lines. "
        "Each is judged on its own: the valid ones are appended to the stream whatever "
        "their neighbours were. 202 when all were accepted; 422 naming each refused event "
        "(the others were still accepted); 403 when every event is outside the key."
    ),
    responses={
        **described(400, 401, 403, 413, 429, 503, 504),
        422: {"model": PublishOut, "description": "Some events refused, the rest accepted."},
    },
    openapi_extra={"requestBody": _event_body_schema()},
)
async def post_events(request: Request, grant: Authorized) -> Response:
    require(grant, Action.PUBLISH)
    ctx = context(request)
    limit = ctx.settings.stream.max_event_bytes
    body = await read_body(request, ctx.settings.api.max_request_bytes)
    media = request.headers.get("content-type", "application/json")
    items = split(body, media, limit, max_events=ctx.settings.api.max_events_per_request)
    if not items:
        ctx.metrics.refusals.labels("no_events").inc()
        detail = ErrorDetail(code="no_events", message="the body holds no event: send at least one")
        return JSONResponse(PublishOut(error=detail, accepted=[], refused=[]).model_dump(), 422)
    outcome = await publish(
        items,
        grant,
        ctx.appends,
        limit,
        at=ctx.clock.now().isoformat(),
        record_ttl_s=ctx.settings.stream.delivery_ttl_s,
    )
    ctx.metrics.events.labels("accepted").inc(len(outcome.accepted))
    ctx.metrics.events.labels("refused").inc(len(outcome.refused))
    for refusal in outcome.refused:
        ctx.metrics.refusals.labels(refusal.code).inc()
    if not outcome.refused:
        return Response(outcome.all_accepted_body(), 202, media_type="application/json")
    if not outcome.accepted and all(r.code == "scope_outside_key" for r in outcome.refused):
        raise ApiError(403, "scope_outside_key", outcome.refused[0].reason)
    message = (
        f"{len(outcome.refused)} of {len(items)} events refused (see `refused`); "
        f"{len(outcome.accepted)} accepted"
    )
    out = PublishOut.of(
        outcome.accepted_models(),
        outcome.refused,
        ErrorDetail(code="events_refused", message=message),
    )
    return JSONResponse(out.model_dump(), 422)


@router.get(
    "/recall/search",
    response_model=SearchOut,
    response_model_by_alias=True,
    summary="Search memories",
    description=(
        "The memories the scope sees that match the query, best first, ranked as `mode` "
        "asks (by keywords, by meaning, or both fused) and filtered by type, class, time of "
        "creation or last change, source session, author (the user who wrote it, as "
        "`GET /v1/memories` filters) and metadata (`metadata=key:value`, repeated: all must "
        "hold), inside each ranking. The answer's `mode` is the ranking that ran and "
        "`fallback` why it is keyword when meaning was "
        "asked for (a query that cannot be embedded is searched by keywords, never refused). "
        "With `as_of`, among what the scope believed at that time (superseded versions as "
        "they read then), by keywords, filtered by type and class only (a time, session, "
        "author or metadata filter with it is a 400 `invalid_filter`)."
    ),
    responses={**_RECALL_ERRORS, **described(400)},
)
async def search(
    request: Request,
    grant: Authorized,
    query: Annotated[str, Query(min_length=1, max_length=2000, description="Words to find.")],
    types: Types = None,
    classes: Classes = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 10,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
    as_of: AsOf = None,
    mode: ModeParam = None,
    created_after: CreatedAfter = None,
    created_before: CreatedBefore = None,
    updated_after: UpdatedAfter = None,
    updated_before: UpdatedBefore = None,
    source_session: SourceSession = None,
    author: Author = None,
    metadata: MetadataParam = None,
) -> JSONResponse:
    at = as_of_moment(as_of)
    where = search_filter(
        types=types or (),
        classes=classes or (),
        limit=limit,
        created_after=created_after,
        created_before=created_before,
        updated_after=updated_after,
        updated_before=updated_before,
        source_session=source_session,
        author=author,
        metadata=metadata,
    )
    scope = _recall_scope(grant, project, user, tenant)
    if at is None:
        found = await context(request).recall.ranked(query, scope, where, mode=mode)
        hits, how = found.memories, found.described()
    else:
        if bounded(where):
            raise ApiError(400, "invalid_filter", "an as_of search filters by type and class only")
        hits = await context(request).recall.search_as_of(
            query, scope, at, types=where.types, classes=where.classes, limit=limit
        )
        how = {"mode": "keyword", "fallback": None if mode == "keyword" else "as_of"}
    ids = await id_codec(context(request).store)
    memories = [answer(h, scope.user, ids) for h in hits]
    return JsonAnswer({"scope": scope_json(scope), **how, "memories": memories})


@router.get(
    "/recall/manifest",
    response_model=ManifestOut,
    summary="The manifest",
    description="One line per memory in scope, capped at 200 lines and 25,000 bytes.",
    responses=_RECALL_ERRORS,
)
async def manifest(
    request: Request,
    grant: Authorized,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
) -> JSONResponse:
    scope = _recall_scope(grant, project, user, tenant)
    found = await context(request).recall.manifest(scope)
    return JSONResponse(
        {
            "scope": scope_json(scope),
            "text": found.text,
            "shown": found.shown,
            "total": found.total,
            "capped": found.capped,
        }
    )


@router.get(
    "/recall/injection",
    response_model=InjectionOut,
    summary="The injection block",
    description=(
        'The "# Memories" block for the start of a session, with its fingerprint: keep the '
        "fingerprint and the block frozen for the session, so the provider's prompt cache "
        "holds."
    ),
    responses=_RECALL_ERRORS,
)
async def injection(
    request: Request,
    grant: Authorized,
    query: Annotated[
        str | None, Query(max_length=2000, description="Puts matching memories first.")
    ] = None,
    max_memories: Annotated[int, Query(ge=1, le=50)] = 6,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
    session: Annotated[
        str | None,
        Query(
            description="The host's current session: its own windows are not recalled as "
            "earlier sessions.",
            **_ID,
        ),
    ] = None,
) -> JSONResponse:
    scope = _recall_scope(grant, project, user, tenant)
    ids = await id_codec(context(request).store)
    block = await context(request).recall.injection_block(
        scope, query or None, max_memories=max_memories, session=session
    )
    return JsonAnswer(
        {
            "scope": scope_json(scope),
            "text": block.text,
            "fingerprint": block.fingerprint,
            "memory_ids": [ids.encode(i) for i in block.memory_ids],
            "sections": {
                title: [ids.encode(i) for i in held] for title, held in block.sections.items()
            },
            "fragments": [ref.as_dict() for ref in block.fragments],
            "session_mode": block.session_mode,
        }
    )


#: The plainest requests of the recall routes hosts call most, answered by the shortcut
#: (:mod:`.shortcuts`, :mod:`.plain_query`); each parameter no looser than its declaration.
SEARCH_PLAIN = PlainQuery(
    {
        "query": Text(2000),
        "limit": Count(1, 100),
        "mode": Choice(MODES),
        **dict.fromkeys(("project", "user", "tenant"), Identifier()),
    },
    required=frozenset({"query"}),
)
INJECTION_PLAIN = PlainQuery(
    {
        "query": Text(2000),
        "max_memories": Count(1, 50),
        **dict.fromkeys(("project", "user", "tenant", "session"), Identifier()),
    }
)


@router.post(
    "/recall/stitch",
    response_model=StitchOut,
    summary="Stitch earlier windows",
    description=(
        "One context for a query from several windows of the scope's sessions (the named "
        "session's scope; its own windows included): the most relevant expanded to their "
        "messages, the others collapsed to one line each, oldest first, within "
        "`budget_tokens` (3.2 characters a token). Sanitized and voiced like the injection "
        "block: another writer's window is their quoted report. A session the key's scope "
        "does not see is a 404, like a missing one."
    ),
    responses={**_RECALL_ERRORS, **described(400, 404)},
    openapi_extra=body_schema(StitchIn),
)
async def stitch(request: Request, grant: Authorized) -> JSONResponse:
    body = await body_of(request, StitchIn)  # after the key: a bad body without one is a 401
    scope = _recall_scope(grant, body.project, body.user, body.tenant)
    found = await context(request).recall.stitch(
        scope, body.session, body.query, budget_tokens=body.budget_tokens
    )
    if found is None:
        raise ApiError(404, "not_found", f"no session {body.session} in this scope")
    return JsonAnswer({"scope": scope_json(scope), **found.as_dict()})


@router.get(
    "/memories/{memory_id}",
    response_model=MemoryRead,
    response_model_by_alias=True,
    summary="Read one memory",
    description="A memory the scope sees; another scope's id is answered 404 like a missing one.",
    responses=described(401, 403, 404, 422, 429, 503, 504),
)
async def read_memory(
    request: Request,
    grant: Authorized,
    memory_id: Annotated[
        str, Path(min_length=1, max_length=40, description="The memory's opaque id, as answered.")
    ],
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
) -> JSONResponse:
    scope = _recall_scope(grant, project, user, tenant)
    ids = await id_codec(context(request).store)
    row_id = ids.decode(memory_id)
    found = None if row_id is None else await context(request).recall.read(row_id, scope)
    if found is None:
        raise ApiError(404, "not_found", f"no memory {memory_id} in this scope")
    return JsonAnswer({"scope": scope_json(scope), "memory": answer(found, scope.user, ids)})
