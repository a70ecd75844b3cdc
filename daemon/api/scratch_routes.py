"""``/v1/sessions/{session_id}/scratch``: a session's working memory over HTTP
(:mod:`daemon.tools.scratch`).

Bound like recall: the scratch of a session lives in the key's scope (tenant, project and
user, as the request narrows them), so a key of another scope sees none of it. Reading needs
any role; writing, a role that publishes or writes (``host``, ``agent``, ``admin``);
promoting a value to a memory, a role that writes (it goes through the memory tools' save
and its guards, like ``POST /v1/memories``).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Request
from pydantic import BaseModel, ConfigDict, Field

from daemon.access.grant import Grant
from daemon.access.policy import Action, allows, require, scope_for
from daemon.access.refusals import ApiError
from daemon.api.bearer import Authorized, context
from daemon.api.bodies import ScopeOut
from daemon.api.error_bodies import described
from daemon.api.event_intake import body_of
from daemon.api.memory_routes import MemoryClass, MemoryType, WriteOut, caller_of
from daemon.api.routes import Project, Tenant, User
from daemon.api.tools_port import memory_tools
from daemon.base.scope import ScopeKey
from daemon.events.models import IDENTIFIER_MAX, IDENTIFIER_PATTERN
from daemon.tools.scratch import KEY_PATTERN, Scratch, ScratchFull

router = APIRouter(prefix="/v1", tags=["scratch"])

SessionId = Annotated[
    str,
    Path(min_length=1, max_length=IDENTIFIER_MAX, pattern=IDENTIFIER_PATTERN),
]
Key = Annotated[
    str, Path(pattern=KEY_PATTERN, description="A scratch key (1-128 of A-Z a-z 0-9 . _ : -).")
]
_ERRORS = described(401, 403, 404, 422, 429, 503, 504)


class ScratchOut(BaseModel):
    session_id: str
    scope: ScopeOut
    entries: dict[str, Any] = Field(description="Every key and its value.")
    ttl_s: int = Field(description="Seconds left before it expires (0: empty).")


class EntryOut(BaseModel):
    session_id: str
    key: str
    value: Any


class PutIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    value: Any = Field(description="Any JSON value (strings are redacted of secrets).")


class PutOut(BaseModel):
    ok: Literal[True] = True
    key: str
    session_bytes: int = Field(description="The bytes the session's scratch holds now.")
    redacted: int = Field(description="Secrets replaced by a redaction mark in the value.")
    ttl_s: int = Field(description="Seconds before the session's scratch expires.")


class DeletedOut(BaseModel):
    ok: Literal[True] = True
    deleted: int = Field(description="How many keys went.")


class PromoteIn(BaseModel):
    model_config = ConfigDict(populate_by_name=True, extra="forbid")

    type: MemoryType
    title: str = Field(max_length=4_000)
    memory_class: MemoryClass = Field(default="durable", alias="class")


def _scratch(request: Request) -> Scratch:
    ctx = context(request)
    return Scratch(ctx.redis, ctx.keys, ctx.settings.scratch, ctx.store.sealer)


def _scope(
    grant: Grant, project: str | None, user: str | None, tenant: str | None, *, write: bool
) -> ScopeKey:
    if write and not allows(grant, Action.WRITE):
        require(grant, Action.PUBLISH)
    else:
        require(grant, Action.RECALL)
    return scope_for(grant, project=project, user=user, tenant=tenant)


def _reading(
    grant: Authorized, project: Project = None, user: User = None, tenant: Tenant = None
) -> ScopeKey:
    return _scope(grant, project, user, tenant, write=False)


def _writing(
    grant: Authorized, project: Project = None, user: User = None, tenant: Tenant = None
) -> ScopeKey:
    return _scope(grant, project, user, tenant, write=True)


Reading = Annotated[ScopeKey, Depends(_reading)]
"""The scope a request reads scratch in: the key's, narrowed by the query (any role)."""
Writing = Annotated[ScopeKey, Depends(_writing)]
"""The scope a request writes scratch in (a role that publishes or writes)."""


@router.get(
    "/sessions/{session_id:path}/scratch",
    response_model=ScratchOut,
    summary="A session's scratch",
    description="Every key and value of the session's working memory in the key's scope.",
    responses=_ERRORS,
)
async def read_scratch(
    request: Request,
    scope: Reading,
    session_id: SessionId,
) -> ScratchOut:
    entries, ttl = await _scratch(request).entries(scope, session_id)
    return ScratchOut(session_id=session_id, scope=ScopeOut.of(scope), entries=entries, ttl_s=ttl)


@router.get(
    "/sessions/{session_id:path}/scratch/{key}",
    response_model=EntryOut,
    summary="One scratch value",
    description="A 404 `not_found` when the key is not set (or expired).",
    responses={**_ERRORS, **described(404)},
)
async def read_scratch_key(
    request: Request,
    scope: Reading,
    session_id: SessionId,
    key: Key,
) -> EntryOut:
    found, value = await _scratch(request).get(scope, session_id, key)
    if not found:
        raise ApiError(404, "not_found", f"no scratch key {key!r} in this session")
    return EntryOut(session_id=session_id, key=key, value=value)


@router.put(
    "/sessions/{session_id:path}/scratch/{key}",
    response_model=PutOut,
    summary="Set a scratch value",
    description=(
        'Body `{"value": <any JSON>}`. Refreshes the session\'s TTL. 413 `value_too_large`, '
        "`too_many_keys` or `scratch_full` past the caps (nothing written)."
    ),
    responses={**_ERRORS, **described(400, 413)},
)
async def put_scratch_key(
    request: Request,
    scope: Writing,
    session_id: SessionId,
    key: Key,
) -> PutOut:
    body = await body_of(request, PutIn)
    try:
        stored = await _scratch(request).put(scope, session_id, key, body.value)
    except ScratchFull as exc:
        raise ApiError(413, exc.code, str(exc)) from exc
    return PutOut(
        key=key, session_bytes=stored.total_bytes, redacted=stored.redacted, ttl_s=stored.ttl_s
    )


@router.delete(
    "/sessions/{session_id:path}/scratch/{key}",
    response_model=DeletedOut,
    summary="Delete a scratch value",
    responses=_ERRORS,
)
async def delete_scratch_key(
    request: Request,
    scope: Writing,
    session_id: SessionId,
    key: Key,
) -> DeletedOut:
    return DeletedOut(deleted=await _scratch(request).delete(scope, session_id, key))


@router.delete(
    "/sessions/{session_id:path}/scratch",
    response_model=DeletedOut,
    summary="Clear a session's scratch",
    responses=_ERRORS,
)
async def clear_scratch(
    request: Request,
    scope: Writing,
    session_id: SessionId,
) -> DeletedOut:
    return DeletedOut(deleted=await _scratch(request).delete(scope, session_id))


@router.post(
    "/sessions/{session_id:path}/scratch/{key}/promote",
    status_code=201,
    response_model=WriteOut,
    summary="Promote a scratch value to a memory",
    description=(
        "Save the value as a memory (role agent or admin) through the guards of `POST "
        '/v1/memories`: body `{"type", "title", "class"}`; the content is the value '
        "(a string as it is, anything else as its JSON). The scratch key stays until "
        "deleted or expired."
    ),
    responses={**_ERRORS, **described(400, 404, 413)},
)
async def promote_scratch_key(
    request: Request,
    grant: Authorized,
    session_id: SessionId,
    key: Key,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
) -> WriteOut:
    require(grant, Action.WRITE)
    body = await body_of(request, PromoteIn)
    caller = caller_of(grant, project, user, tenant)
    found, value = await _scratch(request).get(caller.scope, session_id, key)
    if not found:
        raise ApiError(404, "not_found", f"no scratch key {key!r} in this session")
    content = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    written = await memory_tools(context(request)).save(
        caller,
        type=body.type,
        title=body.title,
        content=content,
        memory_class=body.memory_class,
    )
    return WriteOut.of(written, caller)
