"""A session's working memory: a small key-value scratch store per session and scope.

A host (or the agent) keeps state it reads back each turn: a plan, the files in play, a
counter. It lives in one Redis hash per (tenant, project, user, session), found by a digest
of the four (:meth:`~daemon.base.redis_keys.Keys.scratch`), so a key of another scope can
neither read nor guess it. Each write refreshes the hash's TTL (``MEMORYD_SCRATCH__TTL_S``);
a value is any JSON value, held to ``max_value_bytes``, and the session to ``max_keys`` keys
and ``max_session_bytes`` bytes, checked and written in one Lua call (no race between two
writers). Every string is redacted as it is stored (:func:`~daemon.base.redact_json.redact_json`).

Nothing here is ever extracted: the extractor reads turns, not scratch. A value becomes a
memory only when promoted (the route calls the memory tools' ``save``, through the gate).
This module is the only one that touches the ``scratch`` keys.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, cast

from redis.asyncio import Redis

from daemon.base.redact_json import redact_json
from daemon.base.redis_keys import Keys
from daemon.base.scope import ScopeKey
from daemon.base.settings import ScratchSettings

__all__ = ["KEY_PATTERN", "Scratch", "ScratchFull", "Stored"]

#: What a scratch key may be: short, printable, no separators to confuse.
KEY_PATTERN = r"^[A-Za-z0-9._:-]{1,128}$"

# KEYS[1]: the hash. ARGV: field, value, ttl, max value bytes, max keys, max session bytes.
# Returns {0, total} when stored, {1, n} value too large, {2, n} too many keys, {3, n} full.
_PUT = """
local size = string.len(ARGV[2])
if size > tonumber(ARGV[4]) then return {1, size} end
local old = redis.call('HSTRLEN', KEYS[1], ARGV[1])
local fresh = redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0
if fresh and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[5]) then
  return {2, redis.call('HLEN', KEYS[1])}
end
local total = size - old
for _, value in ipairs(redis.call('HVALS', KEYS[1])) do total = total + string.len(value) end
if total > tonumber(ARGV[6]) then return {3, total} end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
return {0, total}
"""


class ScratchFull(Exception):
    """A write past one of the caps (``code``: ``value_too_large``, ``too_many_keys``,
    ``scratch_full``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Stored:
    """What a write did: the session's bytes now, and how many secrets were redacted."""

    total_bytes: int
    redacted: int
    ttl_s: int


def _digest(scope: ScopeKey, session_id: str) -> str:
    named = json.dumps([scope.tenant, scope.project, scope.user, session_id])
    return hashlib.sha256(named.encode("utf-8", "surrogatepass")).hexdigest()


class Scratch:
    """The scratch stores of one Redis, under one prefix and one set of caps."""

    def __init__(self, redis: Redis, keys: Keys, settings: ScratchSettings) -> None:
        self.redis = redis
        self.keys = keys
        self.settings = settings

    def _key(self, scope: ScopeKey, session_id: str) -> str:
        return self.keys.scratch(_digest(scope, session_id))

    async def entries(self, scope: ScopeKey, session_id: str) -> tuple[dict[str, Any], int]:
        """Every key and value of the session's scratch, and its seconds left (0: none)."""
        key = self._key(scope, session_id)
        raw = cast(dict[bytes, bytes], await self.redis.hgetall(key))  # type: ignore[misc]
        ttl = int(await self.redis.ttl(key))
        found = {k.decode(): json.loads(v) for k, v in sorted(raw.items())}
        return found, max(ttl, 0) if found else 0

    async def get(self, scope: ScopeKey, session_id: str, name: str) -> tuple[bool, Any]:
        """Whether ``name`` is set, and its value."""
        key = self._key(scope, session_id)
        raw = await self.redis.hget(key, name)  # type: ignore[misc]
        return (False, None) if raw is None else (True, json.loads(raw))

    async def put(self, scope: ScopeKey, session_id: str, name: str, value: Any) -> Stored:
        """Set ``name`` to ``value`` (redacted), refreshing the session's TTL."""
        clean, redacted = redact_json(value)
        text = json.dumps(clean, separators=(",", ":"))  # ASCII: no lone surrogate reaches Redis
        caps = self.settings
        done = await self.redis.eval(  # type: ignore[misc]
            _PUT,
            1,
            self._key(scope, session_id),
            name,
            text,
            str(caps.ttl_s),
            str(caps.max_value_bytes),
            str(caps.max_keys),
            str(caps.max_session_bytes),
        )
        outcome, amount = int(done[0]), int(done[1])
        if outcome == 1:
            raise ScratchFull(
                "value_too_large",
                f"the value is {amount:,} bytes, over MEMORYD_SCRATCH__MAX_VALUE_BYTES "
                f"({caps.max_value_bytes:,})",
            )
        if outcome == 2:
            raise ScratchFull(
                "too_many_keys",
                f"the session's scratch holds {amount:,} keys, the most "
                "MEMORYD_SCRATCH__MAX_KEYS allows: delete one first",
            )
        if outcome == 3:
            raise ScratchFull(
                "scratch_full",
                f"the session's scratch would hold {amount:,} bytes, over "
                f"MEMORYD_SCRATCH__MAX_SESSION_BYTES ({caps.max_session_bytes:,})",
            )
        return Stored(amount, redacted, caps.ttl_s)

    async def delete(self, scope: ScopeKey, session_id: str, name: str | None = None) -> int:
        """Delete ``name`` (or the whole scratch); how many keys went."""
        key = self._key(scope, session_id)
        if name is not None:
            return int(await self.redis.hdel(key, name))  # type: ignore[misc]
        count = int(await self.redis.hlen(key))  # type: ignore[misc]
        await self.redis.delete(key)
        return count
