"""Token accounting and simulated provider prefix caching.

Rules (all deterministic, no tokenizer):

- **Canonical prompt**: the request's ``tools`` (if any) then each of its ``messages``,
  every one serialized as JSON with sorted keys and no spaces, joined by newlines. Tools
  come first, as providers render them ahead of the conversation, so two requests that
  share tools and a message prefix share a prefix of the canonical prompt.
- **Tokens**: ``ceil(chars / 3.2)``; token ``i`` covers characters
  ``[floor(3.2 i), floor(3.2 (i + 1)))``. ``prompt_tokens`` counts the canonical prompt,
  ``completion_tokens`` the reply's content plus each tool call's name and arguments.
- **Cached tokens**: the prompt is cut into blocks of 128 tokens (409.6 characters) and
  each full block gets a cumulative hash (the hash of the block chained onto the hash of
  everything before it). The last ``window`` (default 256) prompts served to each model are
  remembered. A prompt's ``cached_tokens`` is 128 times the number of leading blocks whose
  chain hash matches one remembered prompt, i.e. its longest common prefix with any of
  them rounded down to a multiple of 128 tokens, and 0 when that is under 1,024 tokens. A
  prompt is remembered only after it is answered, so the first request is never cached.
"""

from __future__ import annotations

import hashlib
import json
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Any

BLOCK_TOKENS = 128
MIN_CACHED_TOKENS = 1024
DEFAULT_WINDOW = 256
# 3.2 characters per token, kept as the exact fraction 16/5 to avoid float drift.
_CHARS_NUM, _CHARS_DEN = 16, 5


def estimate_tokens(chars: int) -> int:
    """``ceil(chars / 3.2)``."""
    return -(-chars * _CHARS_DEN // _CHARS_NUM)


def canonical_prompt(body: dict[str, Any]) -> str:
    """The request's tools and messages as one string (see the module docstring)."""
    parts: list[str] = []
    tools = body.get("tools")
    if tools:
        parts.append(_dumps(tools))
    parts.extend(_dumps(message) for message in body.get("messages") or ())
    return "\n".join(parts)


def block_hashes(prompt: str) -> list[bytes]:
    """Cumulative hashes of the prompt's full 128-token blocks, in order."""
    hashes: list[bytes] = []
    previous = b""
    block = 0
    start = 0
    while True:
        end = (block + 1) * BLOCK_TOKENS * _CHARS_NUM // _CHARS_DEN
        if end > len(prompt):
            return hashes
        digest = hashlib.blake2b(previous, digest_size=16)
        digest.update(prompt[start:end].encode("utf-8", "surrogatepass"))
        previous = digest.digest()
        hashes.append(previous)
        block, start = block + 1, end


class PrefixCache:
    """The last ``window`` prompts of one model, as block-hash chains."""

    def __init__(self, window: int = DEFAULT_WINDOW) -> None:
        if window < 1:
            raise ValueError("window must be >= 1")
        self._window = window
        self._recent: deque[Sequence[bytes]] = deque()
        self._counts: dict[bytes, int] = {}

    def __len__(self) -> int:
        return len(self._recent)

    def cached_tokens(self, hashes: Sequence[bytes]) -> int:
        """Tokens of ``hashes``' prefix already seen, by the rule in the module docstring."""
        blocks = _shared_blocks(hashes, self._counts)
        tokens = blocks * BLOCK_TOKENS
        return tokens if tokens >= MIN_CACHED_TOKENS else 0

    def remember(self, hashes: Sequence[bytes]) -> None:
        """Add one prompt, forgetting the oldest beyond the window."""
        self._recent.append(hashes)
        _count(self._counts, hashes, +1)
        if len(self._recent) > self._window:
            _count(self._counts, self._recent.popleft(), -1)


class CacheByModel:
    """One `PrefixCache` per model name."""

    def __init__(self, window: int = DEFAULT_WINDOW) -> None:
        self._window = window
        self._caches: dict[str, PrefixCache] = {}

    def account(self, model: str, prompt: str) -> tuple[int, int]:
        """``(prompt_tokens, cached_tokens)`` for ``prompt``, then remember it."""
        hashes = block_hashes(prompt)
        cache = self._caches.setdefault(model, PrefixCache(self._window))
        cached = cache.cached_tokens(hashes)
        cache.remember(hashes)
        return estimate_tokens(len(prompt)), cached

    def clear(self) -> None:
        self._caches.clear()


def completion_chars(content: str | None, calls: Iterable[tuple[str, str]] = ()) -> int:
    """Characters a reply is billed for: its content plus each call's name and arguments."""
    return len(content or "") + sum(len(name) + len(args) for name, args in calls)


def _shared_blocks(hashes: Sequence[bytes], seen: dict[bytes, int]) -> int:
    """How many leading chain hashes are in ``seen`` (binary search: chains are prefix-closed)."""
    low, high = 0, len(hashes)
    while low < high:
        middle = (low + high + 1) // 2
        if hashes[middle - 1] in seen:
            low = middle
        else:
            high = middle - 1
    return low


def _count(counts: dict[bytes, int], hashes: Iterable[bytes], delta: int) -> None:
    for digest in hashes:
        left = counts.get(digest, 0) + delta
        if left > 0:
            counts[digest] = left
        else:
            counts.pop(digest, None)


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
