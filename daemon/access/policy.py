"""What a grant may do, and the scope a request may act in.

Every front door (HTTP, MCP) asks the same two questions through this module:

* :func:`allows`: may this key's role do this action at all (else 403 ``role_too_weak``);
* :func:`scope_for` and :func:`event_scope`: which scope a request names, refused with
  :class:`OutsideKey` (403 ``scope_outside_key``) when it is not inside the key. The key
  decides the tenant; it bounds the projects and the user. What the request leaves out is
  filled from the key where the key decides it (its tenant, its only project, its user).

A grant made by ``memoryd serve --no-auth`` (:data:`NO_AUTH`) is an administrator of every
tenant: it takes the tenant the request names.
"""

from __future__ import annotations

from enum import StrEnum

from daemon.access.grant import Grant, Role
from daemon.base.errors import MemorydError
from daemon.base.scope import ScopeKey
from daemon.events.models import Scope, TurnEvent


class Action(StrEnum):
    RECALL = "recall"  # search, manifest, injection block, read one memory
    PUBLISH = "publish"  # append turn events to the stream
    WRITE = "write"  # the main agent's memory tools: save, update, forget
    ADMINISTER = "administer"  # key management


_ALLOWED: dict[Role, frozenset[Action]] = {
    Role.READER: frozenset({Action.RECALL}),
    Role.HOST: frozenset({Action.RECALL, Action.PUBLISH}),
    Role.AGENT: frozenset({Action.RECALL, Action.WRITE}),
    Role.ADMIN: frozenset(Action),
}

#: What each action does, as a refusal names it.
_DOING = {
    Action.RECALL: "recall memories",
    Action.PUBLISH: "publish turn events",
    Action.WRITE: "write memories",
    Action.ADMINISTER: "administer keys",
}

#: The key id of the grant every request gets under ``memoryd serve --no-auth``.
NO_AUTH_KEY_ID = "no-auth"
NO_AUTH = Grant(NO_AUTH_KEY_ID, "", (), None, Role.ADMIN)


class Refused(MemorydError):
    """The key does not allow this request."""

    code = "forbidden"


class RoleTooWeak(Refused):
    """The key's role does not allow this action."""

    code = "role_too_weak"


class OutsideKey(Refused):
    """The request names a scope outside the key."""

    code = "scope_outside_key"


class ScopeUnnamed(MemorydError):
    """The request must name a project: the key allows several."""

    code = "project_required"

    def __init__(self, allows: str, fix: str = "the query parameter `project`") -> None:
        super().__init__(f"name the project ({fix}): this key allows {allows}")
        self.allows = allows

    def naming(self, fix: str) -> ScopeUnnamed:
        """The same refusal with the fix of another transport (an MCP client's setting)."""
        return ScopeUnnamed(self.allows, fix)


def allows(grant: Grant, action: Action) -> bool:
    return action in _ALLOWED[grant.role]


def require(grant: Grant, action: Action) -> None:
    """Raise :class:`RoleTooWeak` unless the grant's role allows ``action``."""
    if not allows(grant, action):
        roles = " or ".join(r.value for r, actions in _ALLOWED.items() if action in actions)
        role = grant.role.value
        article = "an" if role[0] in "aeiou" else "a"
        raise RoleTooWeak(
            f"{article} {role} key may not {_DOING[action]}; use a key with role {roles}"
        )


def _tenant(grant: Grant, named: str | None) -> str:
    if grant.key_id == NO_AUTH_KEY_ID:
        return named or ""
    if named is not None and named != grant.tenant:
        raise OutsideKey(f"tenant {named!r} is not this key's tenant; leave it out or name yours")
    return grant.tenant


def tenant_for(grant: Grant, named: str | None) -> str | None:
    """The tenant an operator's request reads: the key's (:class:`OutsideKey` when it names
    another); under ``--no-auth`` the one named, or every tenant (None)."""
    if grant.key_id == NO_AUTH_KEY_ID:
        return named
    return _tenant(grant, named)


def _project(grant: Grant, named: str | None) -> str:
    if named is None:
        if len(grant.projects) == 1:
            return grant.projects[0]
        raise ScopeUnnamed(
            "any project" if not grant.projects else f"{len(grant.projects)} projects"
        )
    if grant.projects and named not in grant.projects:
        raise OutsideKey(f"project {named!r} is outside this key (it allows {_few(grant)})")
    return named


def _user(grant: Grant, named: str | None) -> str | None:
    if grant.user is None:
        return named
    if named is not None and named != grant.user:
        raise OutsideKey(f"user {named!r} is outside this key, which is bound to one user")
    return grant.user


def _few(grant: Grant) -> str:
    shown = ", ".join(repr(p) for p in grant.projects[:5])
    return shown + (", ..." if len(grant.projects) > 5 else "")


def scope_for(
    grant: Grant, *, project: str | None, user: str | None = None, tenant: str | None = None
) -> ScopeKey:
    """The scope a recall request reads: the key's, narrowed by what the request names."""
    return ScopeKey(
        project=_project(grant, project),
        user=_user(grant, user) or "",
        tenant=_tenant(grant, tenant),
    )


def tenant_of(grant: Grant, named: str | None = None) -> str:
    """The tenant a request acts in: the key's (:class:`OutsideKey` when it names another),
    or under ``--no-auth`` the one it names."""
    return _tenant(grant, named)


def event_scope(grant: Grant, event: TurnEvent) -> TurnEvent:
    """The event with its scope inside the key: the tenant (and a user-bound key's user)
    filled in when the event leaves them out; :class:`OutsideKey` when it names others."""
    scope = event.scope
    tenant = _tenant(grant, scope.tenant)
    project = _project(grant, scope.project)
    user = _user(grant, scope.user)
    if (project, user, tenant or None) == (scope.project, scope.user, scope.tenant):
        return event  # compared as fields: a model's equality costs far more
    filled = Scope(project=project, user=user, tenant=tenant or None)
    return event.model_copy(update={"scope": filled})
