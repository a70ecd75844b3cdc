"""``DELETE /v1/users/{user}``: erase a user's data everywhere memoryd keeps it, as
``memoryd erase --user`` does (:mod:`daemon.admin.erasure`), answering what was erased.

Who may: an admin key (any user of its tenant), or a key bound to that very user (role
``host``, ``agent`` or ``admin``) for itself. The erasure stays inside the key: its tenant,
and its projects when it is bound to some (one erasure per project); ``project`` narrows it
to one of them. Another user's erasure by a user-bound key is a 403 ``scope_outside_key``;
a reader key, or a key bound to no user that is not an admin, a 403 ``role_too_weak``.
The user's keys that act only inside the erasure are revoked with it (the calling key
included, when it is the erased user's own): from the next request they answer 401.
"""

from __future__ import annotations

from typing import Annotated

import structlog
from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, Field

from daemon.access.grant import Grant, Role
from daemon.access.policy import NO_AUTH_KEY_ID, OutsideKey, RoleTooWeak
from daemon.admin import erasure
from daemon.api.bearer import Authorized, context
from daemon.api.error_bodies import described
from daemon.events.models import IDENTIFIER_MAX, IDENTIFIER_PATTERN
from daemon.store.truncation import TruncationStore

router = APIRouter(prefix="/v1", tags=["users"])
log = structlog.get_logger("memoryd.api")

_ID = {"min_length": 1, "max_length": IDENTIFIER_MAX, "pattern": IDENTIFIER_PATTERN}


class ErasedOut(BaseModel):
    ok: bool = True
    user: str
    tenant: str | None = Field(description="The tenant erased in (null: every tenant).")
    projects: list[str] | None = Field(description="The projects erased in (null: all).")
    sessions: int = Field(description="The user's sessions erased.")
    removed: dict[str, int] = Field(
        description="What was removed, by kind: `memories`, `messages`, `turns`, `runs`, "
        "`stream_entries`, `dead_letters`, `queued_jobs`, `memory_history_redacted`, "
        "`api_keys_revoked` (the user's keys revoked with it), …"
    )


def _projects(grant: Grant, user: str, project: str | None) -> tuple[str, ...] | None:
    """The projects to erase ``user`` in (None: every project of the tenant), or refused."""
    if grant.user is not None and grant.user != user:
        raise OutsideKey(f"this key is bound to another user than {user!r}")
    if grant.user is None and grant.role is not Role.ADMIN:
        raise RoleTooWeak("erasing a user needs an admin key or a key bound to that user")
    if grant.role is Role.READER:
        raise RoleTooWeak("a reader key may not erase: use a host, agent or admin key")
    if project is not None:
        if grant.projects and project not in grant.projects:
            raise OutsideKey(f"this key does not allow project {project!r}")
        return (project,)
    return grant.projects or None


@router.delete(
    "/users/{user}",
    response_model=ErasedOut,
    summary="Erase a user",
    description=(
        "Erase every trace of a user inside the key (its tenant, its projects): sessions, "
        "turns, messages, runs, the user's memories, stream entries, dead letters and queued "
        "jobs; history rows are kept with content and names redacted. The user's keys that act "
        "only inside the erasure are revoked (a user's own key included: it answers 401 from "
        "the next request). An admin key erases any user of its tenant; a key bound to a user "
        "erases only that user. Answers what was erased, by kind. Cannot be undone."
    ),
    responses=described(401, 403, 422, 429, 503, 504),
)
async def erase_user(
    request: Request,
    grant: Authorized,
    user: Annotated[str, Path(description="The user to erase.", **_ID)],
    project: Annotated[
        str | None, Query(description="Only in this project of the key.", **_ID)
    ] = None,
) -> ErasedOut:
    projects = _projects(grant, user, project)
    tenant = None if grant.key_id == NO_AUTH_KEY_ID else grant.tenant
    ctx = context(request)
    total = await erasure.erase_user(
        ctx.store,
        ctx.redis,
        ctx.keys,
        TruncationStore(ctx.settings.truncation.dir),
        ctx.clock,
        user=user,
        tenant=tenant,
        projects=projects,
    )
    log.info("api.user_erased", key_id=grant.key_id, sessions=total.sessions)
    return ErasedOut(
        user=user,
        tenant=tenant,
        projects=None if projects is None else list(projects),
        sessions=total.sessions,
        removed=total.removed,
    )
