"""A deterministic :class:`~daemon.base.embedding.Embedder` for tests: a hashed bag of
words (each word stemmed to its first five letters adds one to a hashed dimension), so
texts sharing words are near and the same text always gives the same vector. It can be
told to fail: transiently on the calls numbered in ``outage`` (from 1), permanently for a
text holding a word of ``refused``."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection, Sequence

from daemon.base.embedding import EmbeddingFailed, unit

_WORD = re.compile(r"[^\W_]+")


class HashedEmbedder:
    def __init__(
        self, dims: int = 256, *, model: str = "bow", outage: Collection[int] = ()
    ) -> None:
        self._dims = dims
        self._model = model
        self.outage = set(outage)
        self.refused: set[str] = set()
        self.calls = 0
        self.texts = 0

    @property
    def space(self) -> str:
        return f"test:{self._model}:{self._dims}"

    @property
    def dims(self) -> int:
        return self._dims

    def vector(self, text: str) -> list[float]:
        values = [0.0] * self._dims
        for word in _WORD.findall(text.lower()):
            digest = hashlib.blake2b(f"{self._model}:{word[:5]}".encode(), digest_size=8)
            values[int.from_bytes(digest.digest(), "little") % self._dims] += 1.0
        return unit(values)

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        if self.calls in self.outage:
            raise EmbeddingFailed("the embedding endpoint answered 503", transient=True)
        for text in texts:
            if any(word in text for word in self.refused):
                raise EmbeddingFailed("the endpoint refused the input", transient=False)
        self.texts += len(texts)
        return [self.vector(text) for text in texts]
