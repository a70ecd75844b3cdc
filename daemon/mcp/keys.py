"""Finding the grant of a key: the one function every MCP transport resolves keys through.

A :data:`KeyResolver` takes the key's text and answers its :class:`Grant`, or None for a key
that is unknown or revoked. :func:`static_resolver` knows a fixed set of keys, held as
SHA-256 digests and compared in constant time; :func:`env_resolver` reads such a set from
``MEMORYD_MCP_KEYS``, a JSON list of objects with ``sha256`` (the hex digest of the key),
``key_id``, ``tenant``, ``projects``, ``user`` and ``role``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from daemon.auth.grant import Grant, Role
from daemon.errors import ConfigError

__all__ = ["KeyResolver", "digest", "env_resolver", "static_resolver"]

KeyResolver = Callable[[str], Awaitable[Grant | None]]


def digest(key: str) -> str:
    """The SHA-256 hex digest a key is known by."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def static_resolver(grants: Mapping[str, Grant]) -> KeyResolver:
    """A resolver of the keys whose digests map to ``grants``."""
    known = list(grants.items())

    async def resolve(key: str) -> Grant | None:
        wanted = digest(key)
        found: Grant | None = None
        for candidate, grant in known:  # every digest compared: no early exit to time
            if hmac.compare_digest(candidate, wanted):
                found = grant
        return found

    return resolve


def _grant(entry: Any) -> tuple[str, Grant]:
    if not isinstance(entry, dict):
        raise ConfigError("MEMORYD_MCP_KEYS: each entry must be a JSON object")
    try:
        return str(entry["sha256"]).lower(), Grant(
            key_id=str(entry["key_id"]),
            tenant=str(entry.get("tenant") or ""),
            projects=tuple(str(p) for p in entry.get("projects") or ()),
            user=None if entry.get("user") is None else str(entry["user"]),
            role=Role(entry.get("role", "agent")),
        )
    except (KeyError, ValueError) as exc:
        raise ConfigError(f"MEMORYD_MCP_KEYS: invalid entry ({exc})") from exc


def env_resolver(environ: Mapping[str, str]) -> KeyResolver:
    """The resolver of the keys listed in ``MEMORYD_MCP_KEYS`` (none when it is unset)."""
    raw = environ.get("MEMORYD_MCP_KEYS", "")
    try:
        entries = json.loads(raw) if raw.strip() else []
    except ValueError as exc:
        raise ConfigError(f"MEMORYD_MCP_KEYS is not JSON ({exc})") from exc
    if not isinstance(entries, list):
        raise ConfigError("MEMORYD_MCP_KEYS must be a JSON list")
    return static_resolver(dict(_grant(entry) for entry in entries))
