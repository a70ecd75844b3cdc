"""What an operator reads over HTTP with an admin key: ``GET /v1/dead-letters`` (a summary of
the dead letters, a page at a time) and ``GET /v1/keys`` (the tenant keys, never their
secrets).

Both need the role ``admin`` (any other key: 403 ``role_too_weak``) and stay inside the
key's tenant: the dead letters whose event names that tenant (a letter that cannot be told
whose it is shows only under ``--no-auth``), the keys of that tenant. Under ``--no-auth``
both read every tenant. Payloads are not shown: ``memoryd dlq show`` prints one.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

from daemon.access.grant import Grant
from daemon.access.key_lifecycle import find_keys
from daemon.access.policy import NO_AUTH_KEY_ID, Action, require
from daemon.admin import dead_letters
from daemon.api.bearer import Authorized, context
from daemon.api.error_bodies import described
from daemon.api.memory_routes import Cursor
from daemon.base.pages import BadCursor, instant, micros, text_of, text_parts
from daemon.store.api_keys import KeyPosition, KeyRecord
from daemon.store.public_ids import page_codec

router = APIRouter(prefix="/v1", tags=["admin"])

_ERRORS = described(401, 403, 422, 429, 503, 504)


class DeadLetterOut(BaseModel):
    id: str = Field(description="The letter's id on the dead-letter stream.")
    at: str = Field(description="When it was set aside.")
    reason: str = Field(description="Why (secrets redacted).")
    entry_id: str = Field(description="The turn-stream entry it was.")
    consumer: str = Field(description="The dispatcher that set it aside.")
    bytes: int = Field(description="The size of its payload.")
    truncated: bool = Field(description="Whether the payload kept was cut.")


class DeadLettersOut(BaseModel):
    dead_letters: list[DeadLetterOut]
    next_cursor: str | None = Field(
        description="Pass as `cursor` for the next page; null on the last page."
    )


class KeyOut(BaseModel):
    key_id: str
    tenant: str
    projects: list[str] = Field(description="The projects it may name (empty: any).")
    user: str | None = Field(description="The user it is bound to (null: any).")
    role: str
    created_at: str
    revoked_at: str | None


class KeysOut(BaseModel):
    keys: list[KeyOut]
    next_cursor: str | None = Field(
        description="Pass as `cursor` for the next page; null on the last page."
    )


def _tenant(grant: Grant) -> str | None:
    """The tenant an admin key reads: its own (every tenant under ``--no-auth``)."""
    require(grant, Action.ADMINISTER)
    return None if grant.key_id == NO_AUTH_KEY_ID else grant.tenant


@router.get(
    "/dead-letters",
    response_model=DeadLettersOut,
    summary="List dead letters",
    description=(
        "The events the dispatcher set aside, newest first, a page at a time: id, time, "
        "reason, size (no payload; `memoryd dlq show` prints one). Admin keys only; the "
        "letters whose event names the key's tenant. A page can be shorter than `limit` "
        "while other tenants' letters are passed over: go on while `next_cursor` is not null."
    ),
    responses={**_ERRORS, **described(400)},
)
async def dead_letter_summary(
    request: Request,
    grant: Authorized,
    limit: Annotated[int, Query(ge=1, le=500, description="At most this many.")] = 100,
    cursor: Cursor = None,
) -> DeadLettersOut:
    tenant = _tenant(grant)
    ctx = context(request)
    codec = await page_codec(ctx.store)
    bound = "\x1f".join(("dead-letters", "*" if tenant is None else tenant))
    before = None
    if cursor is not None:  # a bad one is a 400 invalid_cursor
        opened = codec.open(cursor, bound, size=2)
        before = f"{opened[0]}-{opened[1]}"
    found, more = await dead_letters.newest_of_tenant(
        ctx.redis, ctx.keys, tenant, limit=limit, before=before
    )
    next_cursor = None
    if more is not None:
        milliseconds, _, sequence = more.partition("-")
        next_cursor = codec.seal((int(milliseconds), int(sequence or 0)), bound)
    return DeadLettersOut(
        dead_letters=[DeadLetterOut.model_validate(letter.summary()) for letter in found],
        next_cursor=next_cursor,
    )


def _key_parts(record: KeyRecord) -> tuple[int, ...]:
    """Where a page of keys ends, as the integers of its cursor: the last key's creation
    time (microseconds) and its id."""
    return (micros(record.created_at), *text_parts(record.key_id))


def _key_position(parts: tuple[int, ...]) -> KeyPosition:
    if len(parts) < 2:
        raise BadCursor("not a cursor of this list")
    return instant(parts[0]), text_of(parts[1:])


@router.get(
    "/keys",
    response_model=KeysOut,
    summary="List keys",
    description=(
        "The tenant keys of the admin key's tenant, oldest first, a page at a time "
        "(`next_cursor`, null on the last page): ids, bounds, role and times, never the key "
        "itself (only its hash is kept). `revoked=true` lists revoked keys too. Admin keys "
        "only."
    ),
    responses={**_ERRORS, **described(400)},
)
async def list_keys(
    request: Request,
    grant: Authorized,
    revoked: Annotated[bool, Query(description="List revoked keys too.")] = False,
    limit: Annotated[int, Query(ge=1, le=100, description="At most this many (1 to 100).")] = 50,
    cursor: Cursor = None,
) -> KeysOut:
    tenant = _tenant(grant)
    ctx = context(request)
    codec = await page_codec(ctx.store)
    bound = "\x1f".join(("keys", "*" if tenant is None else tenant, str(revoked)))
    # a bad cursor is a 400 invalid_cursor
    after = None if cursor is None else _key_position(codec.open(cursor, bound))
    found = await find_keys(ctx.store, tenant=tenant, revoked=revoked, limit=limit + 1, after=after)
    more = len(found) > limit
    return KeysOut(
        keys=[KeyOut.model_validate(record.as_dict()) for record in found[:limit]],
        next_cursor=codec.seal(_key_parts(found[limit - 1]), bound) if more else None,
    )
