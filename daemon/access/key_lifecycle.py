"""Managing tenant keys: create (the key is shown once), list, revoke.

``memoryd keys`` calls these; a revocation also bumps the revocation epoch in Redis so that
every ``memoryd serve`` process forgets the keys it had resolved at its next request.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import structlog
from redis.asyncio import Redis

from daemon.access.grant import Role
from daemon.access.rate_limits import bump_revocation_epoch
from daemon.access.tokens import new_key
from daemon.base.clock import Clock
from daemon.base.errors import MemorydError
from daemon.base.redis_keys import Keys
from daemon.events.models import IDENTIFIER_MAX, identifier_problem
from daemon.store.api_keys import (
    KeyPosition,
    KeyRecord,
    insert_key,
    list_keys,
    revoke_key,
    revoke_keys_of_user,
)
from daemon.store.db import Store

log = structlog.get_logger("memoryd.keys")


class KeyRefused(MemorydError):
    """The key cannot be made as asked."""


@dataclass(frozen=True, slots=True)
class CreatedKey:
    record: KeyRecord
    key: str  # shown once, never stored


def _check(what: str, value: str, *, empty_ok: bool = False) -> None:
    if not value and empty_ok:
        return
    if not value or len(value) > IDENTIFIER_MAX:
        raise KeyRefused(f"{what} must be 1 to {IDENTIFIER_MAX} characters")
    problem = identifier_problem(value)
    if problem:
        raise KeyRefused(f"{what} {value!r} {problem}")


async def create_key(
    store: Store,
    clock: Clock,
    *,
    tenant: str,
    projects: Sequence[str] = (),
    user: str | None = None,
    role: Role,
) -> CreatedKey:
    """Make a key for ``tenant`` ('' is the default tenant, of events that name none)."""
    _check("tenant", tenant, empty_ok=True)
    for project in projects:
        _check("project", project)
    if user is not None:
        _check("user", user)
    made = new_key()
    async with store.begin() as conn:
        record = await insert_key(
            conn,
            key_id=made.key_id,
            key_hash=made.digest,
            tenant=tenant,
            projects=sorted(set(projects)),
            user=user,
            role=role,
            now=clock.now(),
        )
    log.info("keys.created", key_id=record.key_id, tenant=tenant, role=role.value)
    return CreatedKey(record, made.text)


async def find_keys(
    store: Store,
    *,
    tenant: str | None = None,
    revoked: bool = False,
    limit: int | None = None,
    after: KeyPosition | None = None,
) -> list[KeyRecord]:
    """The keys oldest first (:func:`daemon.store.api_keys.list_keys`)."""
    async with store.connect() as conn:
        return await list_keys(conn, tenant=tenant, revoked=revoked, limit=limit, after=after)


@dataclass(frozen=True, slots=True)
class Revoked:
    """A key revoked; ``announced`` when every serve process was told through Redis (it
    refuses the key from its next request), otherwise each refuses it once its cached grant
    is older than ``MEMORYD_API__KEY_CACHE_S``."""

    announced: bool


async def revoke(
    store: Store, clock: Clock, key_id: str, *, redis: Redis | None, keys: Keys
) -> Revoked | None:
    """Revoke a key; None when no live key has that id. Tells every serve process through
    Redis when it can, before returning."""
    async with store.begin() as conn:
        done = await revoke_key(conn, key_id, clock.now())
    if not done:
        return None
    announced = await _announce(redis, keys)
    log.info("keys.revoked", key_id=key_id, announced=announced)
    return Revoked(announced)


async def revoke_user_keys(
    store: Store,
    clock: Clock,
    *,
    user: str,
    tenant: str | None,
    projects: Sequence[str] | None,
    redis: Redis | None,
    keys: Keys,
) -> list[str]:
    """Revoke the keys bound to an erased ``user`` (in ``tenant``, None: every tenant) that
    act only inside the erased ``projects`` (None: all of them); returns their ids. Tells
    every serve process through Redis when it can, like :func:`revoke`."""
    async with store.begin() as conn:
        revoked = await revoke_keys_of_user(
            conn, user=user, tenant=tenant, projects=projects, now=clock.now()
        )
    if revoked:
        announced = await _announce(redis, keys)
        log.info("keys.revoked_with_user", key_ids=revoked, announced=announced)
    return revoked


async def _announce(redis: Redis | None, keys: Keys) -> bool:
    """Bump the revocation epoch; False when Redis could not be told."""
    if redis is None:
        return False
    try:
        await bump_revocation_epoch(redis, keys)
    except Exception as exc:
        log.warning("keys.epoch_not_bumped", error=type(exc).__name__)
        return False
    return True
