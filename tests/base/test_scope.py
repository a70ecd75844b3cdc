"""Scope keys: absent parts are '' so that they compare and index; the shared part of a
scope drops the user."""

from __future__ import annotations

from types import SimpleNamespace

from daemon.base.scope import ScopeKey
from daemon.events.models import Scope


def test_a_wire_scope_becomes_a_key_with_empty_absent_parts() -> None:
    assert ScopeKey.of(Scope(project="billing")) == ScopeKey("billing", "", "")
    full = ScopeKey.of(Scope(project="billing", user="dana", tenant="acme"))
    assert full == ScopeKey(project="billing", user="dana", tenant="acme")


def test_a_row_becomes_a_key_and_back_to_its_columns() -> None:
    row = SimpleNamespace(project="billing", user="dana", tenant="acme")
    key = ScopeKey.from_row(row)
    assert key.columns() == {"tenant": "acme", "project": "billing", "user": "dana"}
    assert ScopeKey.from_row(SimpleNamespace(**key.columns())) == key


def test_the_shared_part_keeps_project_and_tenant_only() -> None:
    key = ScopeKey("billing", "dana", "acme")
    assert key.shared() == ScopeKey("billing", "", "acme")
    assert key.shared().shared() == key.shared()
    assert key != key.shared()  # a user's memories are not the project's
    assert hash(key.shared()) == hash(ScopeKey("billing", tenant="acme"))


def test_it_reads_as_the_parts_it_has() -> None:
    assert str(ScopeKey("billing")) == "project=billing"
    assert str(ScopeKey("billing", "dana", "acme")) == "project=billing user=dana tenant=acme"
    assert str(ScopeKey("billing", tenant="acme")) == "project=billing tenant=acme"
