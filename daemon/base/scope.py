"""Scope keys: whose memories a row belongs to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


class Scoped(Protocol):
    """A scope as the wire format gives it (``daemon.events.models.Scope``): the base does
    not import the wire format."""

    @property
    def project(self) -> str: ...

    @property
    def user(self) -> str | None: ...

    @property
    def tenant(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class ScopeKey:
    """The scope columns of a row: absent parts are '' so that they compare and index."""

    project: str
    user: str = ""
    tenant: str = ""

    @classmethod
    def of(cls, scope: Scoped) -> ScopeKey:
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


#: A session's key: its tenant ('' when there is none) and its id. A session id is the
#: tenant's own: the same id in two tenants is two sessions.
SessionKey = tuple[str, str]


def session_key(session: str | SessionKey) -> SessionKey:
    """``session`` as a key; a bare id is a session of no tenant ('')."""
    return ("", session) if isinstance(session, str) else session
