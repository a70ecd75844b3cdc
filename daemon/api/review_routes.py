"""The operators' review queue over HTTP (admin keys): the memories held for review, and
approving or rejecting one.

``GET /v1/admin/review`` lists what waits (the key's tenant; a project may be named);
``POST /v1/admin/memories/{memory_id}/approve`` shares a held memory with its whole project;
``POST /v1/admin/memories/{memory_id}/reject`` forgets it ("rejected in review"). Each needs
the role ``admin`` (403 ``role_too_weak`` otherwise) and records the key as the operator in
the memory's history; a memory that does not wait for review (or is another tenant's) is a
404.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, Field

from daemon.access.grant import Grant
from daemon.access.policy import NO_AUTH_KEY_ID, Action, require
from daemon.access.refusals import ApiError
from daemon.admin import memory_admin as admin
from daemon.api.bearer import Authorized, context
from daemon.api.error_bodies import described
from daemon.api.memory_routes import Cursor
from daemon.base.opaque import IdCodec
from daemon.events.models import IDENTIFIER_MAX, IDENTIFIER_PATTERN
from daemon.store.public_ids import id_codec, page_codec

router = APIRouter(prefix="/v1/admin", tags=["review"])

MemoryId = Annotated[
    str, Path(min_length=1, max_length=40, description="The memory's opaque id, as answered.")
]
_ERRORS = described(401, 403, 404, 422, 429, 503, 504)


class Held(BaseModel):
    id: str
    tenant: str
    project: str
    source_user: str | None = Field(description="The user whose session wrote it (who sees it).")
    type: str
    memory_class: str = Field(alias="class")
    title: str
    content: str
    updated_at: str


class QueueOut(BaseModel):
    memories: list[Held]
    next_cursor: str | None = Field(
        description="Pass as `cursor` for the next page; null on the last page."
    )


class ReviewedOut(BaseModel):
    ok: Literal[True] = True
    id: str
    review: Literal["approved", "rejected"]


def _tenant(grant: Grant) -> str | None:
    """The tenant an admin key reviews: its own (every tenant under ``--no-auth``)."""
    require(grant, Action.ADMINISTER)
    return None if grant.key_id == NO_AUTH_KEY_ID else grant.tenant


def _held(row: dict[str, Any], ids: IdCodec) -> dict[str, Any]:
    fields = ("tenant", "project", "source_user", "type", "class", "title", "content")
    held = {k: row[k] for k in fields}
    return {"id": ids.encode(row["id"]), **held, "updated_at": str(row["updated_at"])}


@router.get(
    "/review",
    response_model=QueueOut,
    response_model_by_alias=True,
    summary="The review queue",
    description="Shared memories that tell agents what to do, held until an operator "
    "approves or rejects them; meanwhile only their author's scope sees them. The most "
    "recently made first, a page at a time (`next_cursor`, null on the last page).",
    responses={**_ERRORS, **described(400)},
)
async def review_queue(
    request: Request,
    grant: Authorized,
    project: Annotated[
        str | None,
        Query(min_length=1, max_length=IDENTIFIER_MAX, pattern=IDENTIFIER_PATTERN),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
    cursor: Cursor = None,
) -> dict[str, Any]:
    tenant = _tenant(grant)
    ctx = context(request)
    pager = await page_codec(ctx.store)
    bound = "\x1f".join(("review", tenant or "*", project or "*"))
    below = None
    if cursor is not None:
        below = pager.open(cursor, bound)[0]  # BadCursor: the app's 400 invalid_cursor
    async with ctx.store.connect() as conn:
        rows = await admin.review_queue(
            conn, project=project, tenant=tenant, limit=limit + 1, below_id=below
        )
    ids = await id_codec(ctx.store)
    more = len(rows) > limit
    rows = rows[:limit]
    return {
        "memories": [_held(row, ids) for row in rows],
        "next_cursor": pager.seal((int(rows[-1]["id"]),), bound) if more else None,
    }


@router.post(
    "/memories/{memory_id}/approve",
    response_model=ReviewedOut,
    summary="Approve a held memory",
    description="The whole project sees it from now on, in the block's own voice.",
    responses=_ERRORS,
)
async def approve(request: Request, grant: Authorized, memory_id: MemoryId) -> ReviewedOut:
    tenant = _tenant(grant)
    ctx = context(request)
    row_id = (await id_codec(ctx.store)).decode(memory_id)
    done = False
    if row_id is not None:
        async with ctx.store.begin() as conn:
            done = await admin.approve(
                conn, row_id, ctx.clock.now(), who=grant.key_id, tenant=tenant
            )
    if not done:
        raise ApiError(404, "not_found", f"no memory {memory_id} waiting for review")
    return ReviewedOut(id=memory_id, review="approved")


@router.post(
    "/memories/{memory_id}/reject",
    response_model=ReviewedOut,
    summary="Reject a held memory",
    description='It is forgotten (a tombstone with the reason "rejected in review").',
    responses=_ERRORS,
)
async def reject(
    request: Request,
    grant: Authorized,
    memory_id: MemoryId,
    reason: Annotated[str, Query(max_length=500, description="Why (kept in the history).")] = "",
) -> ReviewedOut:
    tenant = _tenant(grant)
    ctx = context(request)
    reason = " ".join(reason.split())
    row_id = (await id_codec(ctx.store)).decode(memory_id)
    done = False
    if row_id is not None:
        async with ctx.store.begin() as conn:
            done = await admin.reject(
                conn, row_id, ctx.clock.now(), reason=reason, who=grant.key_id, tenant=tenant
            )
    if not done:
        raise ApiError(404, "not_found", f"no memory {memory_id} waiting for review")
    return ReviewedOut(id=memory_id, review="rejected")
