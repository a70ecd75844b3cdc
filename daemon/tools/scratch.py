"""A session's working memory: a small key-value scratch store per session and scope.

A host (or the agent) keeps state it reads back each turn: a plan, the files in play, a
counter. It lives in one Redis hash per (tenant, project, user, session), found by a digest
of the four (:meth:`~daemon.base.redis_keys.Keys.scratch`), so a key of another scope can
neither read nor guess it. Each write refreshes the hash's TTL (``MEMORYD_SCRATCH__TTL_S``);
a value is any JSON value, held to ``max_value_bytes``, and the session to ``max_keys`` keys
and ``max_session_bytes`` bytes, checked and written in one Lua call (no race between two
writers). Every string is redacted as it is stored (:func:`~daemon.base.redact_json.redact_json`).

With a data key configured (``MEMORYD_DATA__KEYS``), each value is sealed at rest like
transcripts (:class:`~daemon.base.sealing.Sealer`, AES-GCM): Redis holds an envelope whose
associated data names the scope, the session and the key, so a value copied to another
session or key does not open. The caps count the bytes of the clear JSON either way (the Lua
call reads a sealed value's clear size from its envelope). A value sealed with a key that is
later dropped from the ring no longer opens; scratch lives a TTL, so a rotation reseals none.

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
from daemon.base.sealing import CLEAR, SEAL_OVERHEAD, Sealer, place
from daemon.base.settings import ScratchSettings

__all__ = ["KEY_PATTERN", "Scratch", "ScratchFull", "Stored"]

#: What a scratch key may be: short, printable, no separators to confuse.
KEY_PATTERN = r"^[A-Za-z0-9._:-]{1,128}$"

# KEYS[1]: the hash. ARGV: field, value (as stored), ttl, max value bytes, max keys, max
# session bytes, the value's clear size, a sealed value's overhead (nonce and tag). Sizes are
# clear sizes: a sealed value's is its envelope's ciphertext (enc:v1:<key id>:<base64>) less
# the overhead.
# Returns {0, total} when stored, {1, n} value too large, {2, n} too many keys, {3, n} full.
_PUT = """
local function clear_size(value)
  if not value then return 0 end
  local body = string.match(value, '^enc:v1:[^:]*:(.*)$')
  if not body then return string.len(value) end
  local padding = string.len(string.match(body, '=*$'))
  return string.len(body) / 4 * 3 - padding - tonumber(ARGV[8])
end
local size = tonumber(ARGV[7])
if size > tonumber(ARGV[4]) then return {1, size} end
local old = clear_size(redis.call('HGET', KEYS[1], ARGV[1]))
local fresh = redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0
if fresh and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[5]) then
  return {2, redis.call('HLEN', KEYS[1])}
end
local total = size - old
for _, value in ipairs(redis.call('HVALS', KEYS[1])) do total = total + clear_size(value) end
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


def _where(scope: ScopeKey, session_id: str, name: str) -> bytes:
    """The associated data of a sealed value: its scope, session and key."""
    return place("scratch", scope.tenant, scope.project, scope.user, session_id, name)


class Scratch:
    """The scratch stores of one Redis, under one prefix and one set of caps."""

    def __init__(
        self, redis: Redis, keys: Keys, settings: ScratchSettings, sealer: Sealer = CLEAR
    ) -> None:
        self.redis = redis
        self.keys = keys
        self.settings = settings
        self.sealer = sealer

    def _key(self, scope: ScopeKey, session_id: str) -> str:
        return self.keys.scratch(_digest(scope, session_id))

    def _open(self, scope: ScopeKey, session_id: str, name: str, stored: bytes) -> Any:
        """A stored value's JSON, opened when it is sealed."""
        text = self.sealer.open(stored.decode("ascii"), _where(scope, session_id, name))
        return json.loads(text or "null")

    async def entries(self, scope: ScopeKey, session_id: str) -> tuple[dict[str, Any], int]:
        """Every key and value of the session's scratch, and its seconds left (0: none)."""
        key = self._key(scope, session_id)
        raw = cast(dict[bytes, bytes], await self.redis.hgetall(key))  # type: ignore[misc]
        ttl = int(await self.redis.ttl(key))
        found = {
            k.decode(): self._open(scope, session_id, k.decode(), v) for k, v in sorted(raw.items())
        }
        return found, max(ttl, 0) if found else 0

    async def get(self, scope: ScopeKey, session_id: str, name: str) -> tuple[bool, Any]:
        """Whether ``name`` is set, and its value."""
        key = self._key(scope, session_id)
        raw = await self.redis.hget(key, name)  # type: ignore[misc]
        return (False, None) if raw is None else (True, self._open(scope, session_id, name, raw))

    async def put(self, scope: ScopeKey, session_id: str, name: str, value: Any) -> Stored:
        """Set ``name`` to ``value`` (redacted, sealed with a data key), refreshing the
        session's TTL."""
        clean, redacted = redact_json(value)
        text = json.dumps(clean, separators=(",", ":"))  # ASCII: no lone surrogate reaches Redis
        stored = self.sealer.seal(text, _where(scope, session_id, name))
        assert stored is not None  # a text seals to a text
        caps = self.settings
        done = await self.redis.eval(  # type: ignore[misc]
            _PUT,
            1,
            self._key(scope, session_id),
            name,
            stored,
            str(caps.ttl_s),
            str(caps.max_value_bytes),
            str(caps.max_keys),
            str(caps.max_session_bytes),
            str(len(text)),
            str(SEAL_OVERHEAD),
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
