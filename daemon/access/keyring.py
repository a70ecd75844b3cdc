"""Resolving ``Authorization: Bearer <key>`` to a :class:`Grant`, with a small cache.

A key is looked up by its public id and its SHA-256 compared in constant time; what is
resolved is kept for ``key_cache_s`` at most, and forgotten at once when the revocation
epoch in Redis moves (``memoryd keys revoke`` bumps it; the rate limiter reads it on every
request in the same round trip). Unknown keys are never cached. No key text is logged.
"""

from __future__ import annotations

from dataclasses import dataclass

from daemon.access.grant import Grant, grant_of
from daemon.access.refusals import ApiError
from daemon.access.tokens import digest, key_id_of, same_digest
from daemon.base.clock import Clock
from daemon.store.api_keys import find_key
from daemon.store.db import Store


def unauthorized(code: str, message: str) -> ApiError:
    return ApiError(401, code, message, headers={"WWW-Authenticate": 'Bearer realm="memoryd"'})


def bearer_token(header: str | None) -> str:
    """The key of an ``Authorization`` header, or a 401 saying what is wrong with it."""
    if not header:
        raise unauthorized(
            "missing_key", "send the key as `Authorization: Bearer <key>` (memoryd keys create)"
        )
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise unauthorized("malformed_key", "the Authorization header must be `Bearer <key>`")
    return token.strip()


@dataclass(slots=True)
class _Cached:
    grant: Grant
    until: float


class Keyring:
    def __init__(self, store: Store, clock: Clock, *, cache_s: float) -> None:
        self.store = store
        self.clock = clock
        self.cache_s = cache_s
        self.epoch: int | None = None
        self._cache: dict[str, _Cached] = {}

    def cached(self, token: str) -> Grant | None:
        found = self._cache.get(digest(token))
        if found is None or found.until < self.clock.monotonic():
            return None
        return found.grant

    async def load(self, token: str) -> Grant:
        """Read the key from the store: a 401 when it is unknown or revoked."""
        key_id = key_id_of(token)
        if key_id is None:
            raise unauthorized("invalid_key", "this is not a memoryd key (mdk_<id>_<secret>)")
        async with self.store.connect() as conn:
            record = await find_key(conn, key_id)
        wanted = digest(token)
        if record is None or not same_digest(record.key_hash, wanted):
            raise unauthorized("invalid_key", "unknown key: check it, or create one")
        if record.revoked_at is not None:
            self._cache.pop(wanted, None)
            raise unauthorized("key_revoked", "this key was revoked: ask for a new one")
        grant = grant_of(record)
        if self.cache_s > 0:
            if len(self._cache) > 10_000:
                self._cache.clear()
            self._cache[wanted] = _Cached(grant, self.clock.monotonic() + self.cache_s)
        return grant

    async def resolve(self, token: str) -> Grant | None:
        """The grant of a key, or None when it is unknown or revoked: the resolver other
        front doors (the MCP server's HTTP transport) take."""
        try:
            return self.cached(token) or await self.load(token)
        except ApiError:
            return None

    def observe_epoch(self, epoch: int) -> bool:
        """Note the revocation epoch read from Redis; True when it moved (cache dropped)."""
        if self.epoch == epoch:
            return False
        moved = self.epoch is not None
        self.epoch = epoch
        if moved:
            self._cache.clear()
        return moved
