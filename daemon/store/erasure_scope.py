"""Whose rows an erasure removes: a user's or a project's, optionally narrowed, as a filter
every owner of a table applies to its own rows (:meth:`ErasureScope.where`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa


@dataclass(frozen=True, slots=True)
class ErasureScope:
    user: str | None = None
    project: str | None = None
    tenant: str | None = None

    def __post_init__(self) -> None:
        if not self.user and not self.project:
            raise ValueError("erasure needs a user or a project")

    def where(self, table: sa.Table) -> sa.ColumnElement[bool]:
        """The rows of ``table`` (which has the scope columns) this erasure removes."""
        parts = [
            table.c[name] == value
            for name, value in (
                ("user", self.user),
                ("project", self.project),
                ("tenant", self.tenant),
            )
            if value is not None
        ]
        return sa.and_(*parts)

    def holds(self, scope: Any) -> bool:
        """Whether an event's ``scope`` object falls in this erasure."""
        if not isinstance(scope, dict):
            return False
        values = {k: scope.get(k) or "" for k in ("user", "project", "tenant")}
        wanted = {"user": self.user, "project": self.project, "tenant": self.tenant}
        return all(v is None or values[k] == v for k, v in wanted.items())
