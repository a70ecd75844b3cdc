"""The policy every front door asks: what a role allows, and the scope a request acts in."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from daemon.access.grant import Grant, Role
from daemon.access.policy import (
    NO_AUTH,
    Action,
    OutsideKey,
    RoleTooWeak,
    ScopeUnnamed,
    allows,
    event_scope,
    require,
    scope_for,
)
from daemon.base.scope import ScopeKey
from daemon.events.models import Message, Scope, TurnEvent


def grant(role: Role, projects: tuple[str, ...] = ("p",), user: str | None = None) -> Grant:
    return Grant("k1", "acme", projects, user, role)


@pytest.mark.parametrize(
    ("role", "allowed"),
    [
        (Role.READER, {Action.RECALL}),
        (Role.HOST, {Action.RECALL, Action.PUBLISH}),
        (Role.AGENT, {Action.RECALL, Action.WRITE}),
        (Role.ADMIN, set(Action)),
    ],
)
def test_each_role_allows_exactly_its_actions(role: Role, allowed: set[Action]) -> None:
    assert {a for a in Action if allows(grant(role), a)} == allowed
    for action in set(Action) - allowed:
        with pytest.raises(RoleTooWeak, match=action.value):
            require(grant(role), action)


def test_a_refused_role_reads_as_english_and_names_the_roles_that_may() -> None:
    with pytest.raises(RoleTooWeak) as caught:
        require(grant(Role.AGENT), Action.PUBLISH)
    assert str(caught.value) == (
        "an agent key may not publish turn events; use a key with role host or admin"
    )
    with pytest.raises(RoleTooWeak) as caught:
        require(grant(Role.READER), Action.WRITE)
    assert str(caught.value).startswith("a reader key may not write memories;")


def test_scope_is_the_keys_narrowed_by_the_request() -> None:
    one = grant(Role.READER)
    assert scope_for(one, project=None) == ScopeKey(project="p", tenant="acme")
    assert scope_for(one, project="p", user="ann") == ScopeKey("p", "ann", "acme")
    bound = grant(Role.READER, ("p", "q"), user="ann")
    assert scope_for(bound, project="q") == ScopeKey("q", "ann", "acme")
    with pytest.raises(ScopeUnnamed):
        scope_for(bound, project=None)
    with pytest.raises(ScopeUnnamed, match="any project"):
        scope_for(grant(Role.READER, ()), project=None)
    assert scope_for(grant(Role.READER, ()), project="z").project == "z"
    for outside in (
        {"project": "r"},
        {"project": "p", "user": "bob"},
        {"project": "p", "tenant": "globex"},
    ):
        with pytest.raises(OutsideKey):
            scope_for(bound, **outside)  # type: ignore[arg-type]
    assert scope_for(bound, project="p", tenant="acme").tenant == "acme"


def _event(scope: Scope) -> TurnEvent:
    return TurnEvent(
        v=1,
        event_id="e",
        session_id="s",
        turn=1,
        at=datetime(2026, 11, 24, tzinfo=UTC),
        scope=scope,
        messages=[Message(id="m", role="user", content="hi")],
    )


def test_an_event_takes_the_keys_tenant_and_user_or_is_refused() -> None:
    bound = grant(Role.HOST, ("p",), user="ann")
    filled = event_scope(bound, _event(Scope(project="p")))
    assert filled.scope == Scope(project="p", user="ann", tenant="acme")
    same = _event(Scope(project="p", user="ann", tenant="acme"))
    assert event_scope(bound, same) is same
    for scope in (
        Scope(project="q"),
        Scope(project="p", user="bob"),
        Scope(project="p", tenant="globex"),
    ):
        with pytest.raises(OutsideKey):
            event_scope(bound, _event(scope))


def test_no_auth_takes_the_tenant_the_request_names() -> None:
    assert scope_for(NO_AUTH, project="p", tenant="t") == ScopeKey("p", "", "t")
    assert event_scope(NO_AUTH, _event(Scope(project="p"))).scope.tenant is None
    assert event_scope(NO_AUTH, _event(Scope(project="p", tenant="t"))).scope.tenant == "t"
