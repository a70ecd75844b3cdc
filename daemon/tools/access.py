"""What a key may do with the memory tools: the scope of a call and the role it needs.

Both checks live here, one function each, so that the HTTP front door's policy can take
their place without touching the tools: :func:`narrow_scope` turns a key's grant and the
client's settings into the one scope a call works in; :func:`require_role` refuses a key
whose role is too weak.
"""

from __future__ import annotations

import re

from daemon.auth.grant import Grant, Role
from daemon.errors import ToolRefused
from daemon.events.models import FORBIDDEN_IN_IDENTIFIERS, IDENTIFIER_MAX
from daemon.scope import ScopeKey

__all__ = ["identifier", "narrow_scope", "require_role"]

# Each role may do what the roles before it may.
_RANK = {Role.READER: 0, Role.HOST: 1, Role.AGENT: 2, Role.ADMIN: 3}
_FORBIDDEN = re.compile(rf"[{FORBIDDEN_IN_IDENTIFIERS}\ud800-\udfff]")


def identifier(kind: str, value: str) -> str:
    """``value`` when it can name a project, user or session, else refused (``invalid``)."""
    if not value or len(value) > IDENTIFIER_MAX or _FORBIDDEN.search(value):
        raise ToolRefused(
            "invalid",
            f"{kind} must be 1 to {IDENTIFIER_MAX} characters without control or invisible ones",
        )
    return value


def narrow_scope(grant: Grant, project: str | None = None, user: str | None = None) -> ScopeKey:
    """The scope a call works in: the key's tenant; the project the client names, or the
    key's only one; the key's user, or the one the client names when the key allows any.

    Raises :class:`ToolRefused` ``scope_outside_key`` for a project or user outside the
    key, and ``project_required`` when the key allows several projects and the client names
    none (the codes of the HTTP API's policy).
    """
    if project is None:
        if len(grant.projects) != 1:
            raise ToolRefused(
                "project_required",
                "this key allows several projects: name one in the client's settings "
                "(memoryd mcp --project, or the X-Memoryd-Project header)",
            )
        project = grant.projects[0]
    project = identifier("project", project)
    if grant.projects and project not in grant.projects:
        raise ToolRefused("scope_outside_key", f"this key does not allow project {project[:80]!r}")
    if grant.user is not None:
        if user is not None and user != grant.user:
            raise ToolRefused("scope_outside_key", f"this key does not allow user {user[:80]!r}")
        user = grant.user
    elif user is not None:
        user = identifier("user", user)
    return ScopeKey(project=project, user=user or "", tenant=grant.tenant)


def require_role(grant: Grant, role: Role) -> None:
    """Refuse (``role_too_weak``) a key whose role does not include ``role``."""
    if _RANK[grant.role] < _RANK[role]:
        raise ToolRefused(
            "role_too_weak", f"this key's role {grant.role.value!r} may not {_VERBS[role]}"
        )


_VERBS = {
    Role.READER: "recall",
    Role.HOST: "publish turn events",
    Role.AGENT: "write memories",
    Role.ADMIN: "administer",
}
