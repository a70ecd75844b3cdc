"""Whose rows an erasure removes: the SQL filter an owner applies to its table, and the test
applied to an event's scope."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from daemon.store.erasure_scope import ErasureScope

_ROWS = sa.Table(
    "rows",
    sa.MetaData(),
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("tenant", sa.String),
    sa.Column("project", sa.String),
    sa.Column("user", sa.String),
)
_DATA = [
    {"id": 1, "tenant": "", "project": "p", "user": "ann"},
    {"id": 2, "tenant": "", "project": "p", "user": "bob"},
    {"id": 3, "tenant": "", "project": "q", "user": "ann"},
    {"id": 4, "tenant": "t", "project": "p", "user": "ann"},
]


def _matched(scope: ErasureScope) -> list[int]:
    engine = sa.create_engine("sqlite://")
    with engine.begin() as conn:
        _ROWS.create(conn)
        conn.execute(sa.insert(_ROWS), _DATA)
        query = sa.select(_ROWS.c.id).where(scope.where(_ROWS)).order_by(_ROWS.c.id)
        ids = list(conn.execute(query).scalars())
    engine.dispose()
    return ids


def test_an_erasure_needs_a_user_or_a_project() -> None:
    with pytest.raises(ValueError, match="user or a project"):
        ErasureScope()
    with pytest.raises(ValueError):
        ErasureScope(user="", project="", tenant="t")


def test_the_filter_takes_only_the_named_parts_of_the_scope() -> None:
    assert _matched(ErasureScope(user="ann")) == [1, 3, 4]
    assert _matched(ErasureScope(project="p")) == [1, 2, 4]
    assert _matched(ErasureScope(user="ann", project="p")) == [1, 4]
    assert _matched(ErasureScope(user="ann", project="p", tenant="")) == [1]
    assert _matched(ErasureScope(user="nobody")) == []


def test_an_events_scope_is_held_by_its_parts_absent_ones_as_empty() -> None:
    ann = ErasureScope(user="ann")
    assert ann.holds({"project": "p", "user": "ann"})
    assert not ann.holds({"project": "p", "user": "bob"})
    assert not ann.holds({"project": "p"})
    untenanted = ErasureScope(project="p", tenant="")
    assert untenanted.holds({"project": "p", "user": "x", "tenant": None})
    assert not untenanted.holds({"project": "p", "tenant": "t"})


def test_a_scope_that_is_not_an_object_is_never_held() -> None:
    scope = ErasureScope(project="p")
    assert not scope.holds(None)
    assert not scope.holds("p")
    assert not scope.holds([("project", "p")])
