"""Fingerprints of what recall hands an agent host.

The injection block depends only on the memories' text and their order keys (pinned,
updated_at, id), never on the time of the call or on ``last_surfaced_at``; so the same store
gives the same bytes, and a host that keeps the fingerprint can tell, without comparing the
text, whether its prompt prefix (and the provider's prompt cache on it) is still good.
"""

from __future__ import annotations

import hashlib

FINGERPRINT_CHARS = 32


def fingerprint(text: str) -> str:
    """A short, stable hex digest of ``text``."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:FINGERPRINT_CHARS]
