"""Resolving ``Authorization: Bearer <key>`` to a :class:`Grant`, with a small cache.

A key is looked up by its public id and its SHA-256 compared in constant time; what is
resolved is kept for ``key_cache_s`` at most, and forgotten at once when the revocation
epoch in Redis moves (``memoryd keys revoke`` bumps it; the rate limiter reads it on every
request in the same round trip). Unknown keys are never cached. No key text is logged.

Each resolution carries the epoch this process knew when the store was read: a request is
served only when that is the epoch its own round trip read, so a request counted after a
revocation's bump never acts on a grant read before it, however many requests race (they
share one store read of a key, :meth:`Keyring.fetch`).
"""

from __future__ import annotations

import asyncio
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


@dataclass(frozen=True, slots=True)
class Resolved:
    """A key's grant, and the revocation epoch known when it was read from the store (None
    before this process read any)."""

    grant: Grant
    epoch: int | None


@dataclass(slots=True)
class _Cached:
    resolved: Resolved
    until: float


class Keyring:
    def __init__(self, store: Store, clock: Clock, *, cache_s: float) -> None:
        self.store = store
        self.clock = clock
        self.cache_s = cache_s
        self.epoch: int | None = None
        self._cache: dict[str, _Cached] = {}
        self._reading: dict[tuple[str, int | None], asyncio.Future[Resolved]] = {}
        #: Keys presented by a client over its budget of failed keys are read one at a time.
        self.suspect_lane = asyncio.Semaphore(1)

    def cached(self, token: str) -> Grant | None:
        found = self.cached_resolution(token)
        return None if found is None else found.grant

    def cached_resolution(self, token: str) -> Resolved | None:
        found = self._cache.get(digest(token))
        if found is None or found.until < self.clock.monotonic():
            return None
        return found.resolved

    async def load(self, token: str) -> Grant:
        """Read the key from the store: a 401 when it is unknown or revoked."""
        return (await self.fetch(token)).grant

    async def fetch(self, token: str) -> Resolved:
        """Read the key from the store under the epoch known now; requests for the same key
        meanwhile wait for this one read instead of making their own (a request that gives
        up leaves the read to the others)."""
        wanted = (digest(token), self.epoch)
        reading = self._reading.get(wanted)
        if reading is None:
            reading = asyncio.ensure_future(self._read_and_keep(token, wanted))
            self._reading[wanted] = reading
            reading.add_done_callback(lambda done: self._done_reading(wanted, done))
        return await asyncio.shield(reading)

    def _done_reading(self, wanted: tuple[str, int | None], done: asyncio.Future[Resolved]) -> None:
        del self._reading[wanted]
        if not done.cancelled():
            done.exception()  # retrieved here: every waiter may have given up

    async def _read_and_keep(self, token: str, wanted: tuple[str, int | None]) -> Resolved:
        found = Resolved(await self._read(token), wanted[1])
        if self.cache_s > 0 and self.epoch == wanted[1]:
            if len(self._cache) > 10_000:
                self._cache.clear()
            self._cache[wanted[0]] = _Cached(found, self.clock.monotonic() + self.cache_s)
        return found

    async def current(self, token: str, resolved: Resolved, epoch: int) -> Grant:
        """The grant to serve a request whose round trip read ``epoch``: ``resolved`` when
        it was read under that epoch, otherwise the key read again (a 401 if revoked)."""
        self.observe_epoch(epoch)
        if resolved.epoch == epoch:
            return resolved.grant
        return (await self.fetch(token)).grant

    async def _read(self, token: str) -> Grant:
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
        return grant_of(record)

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
