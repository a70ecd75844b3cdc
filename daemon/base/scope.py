"""Scope keys: whose memories a row belongs to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the wire format's models are not needed to read the store
    from daemon.events.models import Scope


@dataclass(frozen=True, slots=True)
class ScopeKey:
    """The scope columns of a row: absent parts are '' so that they compare and index."""

    project: str
    user: str = ""
    tenant: str = ""

    @classmethod
    def of(cls, scope: Scope) -> ScopeKey:
        return cls(project=scope.project, user=scope.user or "", tenant=scope.tenant or "")

    @classmethod
    def from_row(cls, row: Any) -> ScopeKey:
        return cls(project=row.project, user=row.user, tenant=row.tenant)

    def columns(self) -> dict[str, str]:
        return {"tenant": self.tenant, "project": self.project, "user": self.user}

    def shared(self) -> ScopeKey:
        """The project-wide part of this scope (where project and decision memories live)."""
        return ScopeKey(project=self.project, tenant=self.tenant)

    def __str__(self) -> str:
        parts = [f"project={self.project}"]
        if self.user:
            parts.append(f"user={self.user}")
        if self.tenant:
            parts.append(f"tenant={self.tenant}")
        return " ".join(parts)
