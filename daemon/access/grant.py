"""What a key allows: its tenant, the projects and user it bounds, and its role."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from daemon.store.api_keys import KeyRecord


class Role(StrEnum):
    """What a key may do: each role includes the ones before it in `ORDER`."""

    READER = "reader"  # recall
    HOST = "host"  # recall and publish turn events
    AGENT = "agent"  # recall and write memories through the memory tools
    ADMIN = "admin"  # everything, including key management


@dataclass(frozen=True, slots=True)
class Grant:
    """The resolved key of one request."""

    key_id: str
    tenant: str
    projects: tuple[str, ...]  # empty: every project of the tenant
    user: str | None  # None: any user of the tenant
    role: Role


def grant_of(record: KeyRecord) -> Grant:
    """What a stored key allows."""
    return Grant(record.key_id, record.tenant, record.projects, record.user, Role(record.role))
