"""`FakeEmbeddings`: what the fake server answers on ``POST /v1/embeddings``.

Vectors are deterministic and mean something: a hashed bag of words. Each word of a text
(case-folded, a plural ``s`` dropped) adds a few signed coordinates chosen by a hash of the
model's name and the word, and the sum is normalized; texts that share words are close
(cosine near the share of words in common), texts that share none are near orthogonal, and
another model gives other vectors. `concepts` maps words onto one another (``{"rabbitmq":
"broker"}``) for tests that need two wordings to mean the same. ``dimensions`` is honoured
(the server's ``dims`` otherwise), like ``model``, which is echoed.

Faults are injected as on the chat endpoint, with their own script and rate so a test can
break one endpoint and not the other: `script` queues `Error`, `Timeout`, `Drop` or
`MalformedJson` replies, one per request, and `fail_rate` draws seeded faults.
"""

from __future__ import annotations

import base64
import hashlib
import re
import struct
import threading
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from .accounting import estimate_tokens
from .faults import DEFAULT_KINDS, Faults
from .replies import Error, JSONBody, Reply

__all__ = ["DEFAULT_DIMS", "MAX_DIMS", "FakeEmbeddings", "fake_vector", "words"]

DEFAULT_DIMS = 256
MAX_DIMS = 4096
#: Coordinates each word sets: enough that two words rarely collide.
_PER_WORD = 4
_WORD = re.compile(r"\w+")


def words(text: str, concepts: Mapping[str, str] | None = None) -> list[str]:
    """The words a text is embedded from: case-folded, a plural ``s`` dropped (unless
    ``concepts`` names the word as it is), mapped through ``concepts``."""
    concepts = concepts or {}
    found = []
    for word in _WORD.findall(text.casefold()):
        if word not in concepts and len(word) > 3 and word.endswith("s") and word[-2] != "s":
            word = word[:-1]
        found.append(concepts.get(word, word))
    return found


def fake_vector(
    text: str, dims: int, model: str = "", concepts: Mapping[str, str] | None = None
) -> list[float]:
    """The unit vector of ``text``: of its words, or of the whole text when it has none
    (punctuation alone); all zeros for a blank text only."""
    values = [0.0] * dims
    for word in words(text, concepts) or ([text.strip()] if text.strip() else []):
        digest = hashlib.blake2b(f"{model}\0{word}".encode(), digest_size=8 * _PER_WORD).digest()
        for i in range(_PER_WORD):
            chunk = int.from_bytes(digest[8 * i : 8 * i + 8], "big")
            values[chunk % dims] += 1.0 if chunk >> 63 else -1.0
    norm = sum(v * v for v in values) ** 0.5
    return values if norm == 0 else [v / norm for v in values]


def _packed(vector: list[float]) -> str:
    """``encoding_format=base64``: little-endian float32, base64."""
    return base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode("ascii")


class FakeEmbeddings:
    """The embeddings endpoint's state: script, faults, concepts, what it received."""

    def __init__(self, dims: int = DEFAULT_DIMS, *, default_model: str = "fake-embedding") -> None:
        if not 0 < dims <= MAX_DIMS:
            raise ValueError(f"dims must be within 1..{MAX_DIMS}")
        self.dims = dims
        """The vector size when a request names no ``dimensions``."""
        self.default_model = default_model
        self.concepts: dict[str, str] = {}
        """Words embedded as another (``{"rabbitmq": "broker"}``); case-folded keys."""
        self._lock = threading.Lock()
        self._script: deque[Reply] = deque()
        self._requests: list[JSONBody] = []
        self._texts = 0
        self._faults: Faults | None = None

    def script(self, replies: Iterable[Reply]) -> None:
        """Queue fault replies (`Error`, `Timeout`, `Drop`, `MalformedJson`), one per
        request; a `Timeout` stalls, then embeds."""
        with self._lock:
            self._script.extend(replies)

    def fail_rate(
        self,
        p: float,
        kinds: Iterable[str] = DEFAULT_KINDS,
        seed: int | None = 0,
        *,
        timeout_s: float = 30.0,
        retry_after_s: float | None = 0.05,
    ) -> None:
        """Replace a fraction ``p`` of answers by seeded faults (see `FakeModel.fail_rate`)."""
        faults = Faults(p, tuple(kinds), seed, timeout_s, retry_after_s)
        with self._lock:
            self._faults = faults if p > 0 else None

    def reset(self) -> None:
        with self._lock:
            self._script.clear()
            self._requests.clear()
            self._texts = 0
            self._faults = None
            self.concepts.clear()

    @property
    def requests(self) -> list[JSONBody]:
        """A copy of the request bodies received so far, in arrival order."""
        with self._lock:
            return list(self._requests)

    @property
    def calls(self) -> int:
        """Requests received (faulted and refused ones included)."""
        with self._lock:
            return len(self._requests)

    @property
    def texts(self) -> int:
        """Texts embedded (in answered requests)."""
        with self._lock:
            return self._texts

    # -- used by the server -----------------------------------------------------------

    def _record(self, body: JSONBody) -> None:
        with self._lock:
            self._requests.append(body)

    def _choose(self) -> Reply | None:
        """A fault for this request, or None: embed."""
        with self._lock:
            if self._faults is not None and (fault := self._faults.roll()) is not None:
                return fault
            return self._script.popleft() if self._script else None

    def _check(self, body: JSONBody) -> Error | tuple[list[str], int]:
        """The texts and size a request asks for, or the 400 it deserves."""
        texts: Any = body.get("input")
        if isinstance(texts, str):
            texts = [texts]
        if not isinstance(texts, list) or not texts:
            return Error(400, "'input' must be a string or a non-empty list of strings")
        if not all(isinstance(t, str) for t in texts):
            return Error(400, "fakellm embeds text only, not token arrays")
        if any(not t for t in texts):
            return Error(400, "'input' cannot contain an empty string")
        dims = body.get("dimensions", self.dims)
        if not isinstance(dims, int) or isinstance(dims, bool) or not 0 < dims <= MAX_DIMS:
            return Error(400, f"'dimensions' must be an integer within 1..{MAX_DIMS}")
        if body.get("encoding_format", "float") not in ("float", "base64"):
            return Error(400, "'encoding_format' must be float or base64")
        return texts, dims

    def _document(self, body: JSONBody, texts: list[str], dims: int) -> JSONBody:
        model = str(body.get("model") or self.default_model)
        with self._lock:
            concepts = dict(self.concepts)
            self._texts += len(texts)
        tokens = sum(estimate_tokens(len(t)) for t in texts)
        return {
            "object": "list",
            "model": model,
            "data": [
                {
                    "object": "embedding",
                    "index": i,
                    "embedding": fake_vector(t, dims, model, concepts),
                }
                for i, t in enumerate(texts)
            ],
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        }
