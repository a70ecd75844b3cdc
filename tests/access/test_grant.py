"""What a stored key allows: its record read as a grant with a role."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from daemon.access.grant import Grant, Role, grant_of
from daemon.store.api_keys import KeyRecord

CREATED = datetime(2026, 1, 1, tzinfo=UTC)


def _record(role: str, *, projects: tuple[str, ...] = (), user: str | None = None) -> KeyRecord:
    return KeyRecord("k1", "hash", "acme", projects, user, role, CREATED, None)


def test_a_record_becomes_the_grant_of_its_tenant_projects_user_and_role() -> None:
    record = _record("agent", projects=("billing", "web"), user="alice")
    assert grant_of(record) == Grant("k1", "acme", ("billing", "web"), "alice", Role.AGENT)


def test_every_role_name_is_read_and_an_unknown_one_is_refused() -> None:
    assert [grant_of(_record(r.value)).role for r in Role] == list(Role)
    with pytest.raises(ValueError, match="owner"):
        grant_of(_record("owner"))
