"""An in-process :class:`~daemon.base.embedding.Embedder` that gives the fake model server's
vectors (:func:`daemon.testing.fakellm.embeddings.fake_vector`: a hashed bag of words, with
``concepts`` mapping one word onto another so that two wordings mean the same), for tests
that need no HTTP server. ``down`` makes every call fail transiently (an outage)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from daemon.base.embedding import EmbeddingFailed
from daemon.testing.fakellm.embeddings import fake_vector

#: The words the dedup tests treat as one meaning.
CONCEPTS = {"rabbitmq": "broker", "queue": "broker"}


class ConceptEmbedder:
    def __init__(self, concepts: Mapping[str, str] = CONCEPTS, dims: int = 256) -> None:
        self.concepts = dict(concepts)
        self._dims = dims
        self.down = False
        self.calls = 0

    @property
    def space(self) -> str:
        return f"fake:concepts:{self._dims}"

    @property
    def dims(self) -> int:
        return self._dims

    def vector(self, text: str) -> list[float]:
        return fake_vector(text, self._dims, "concepts", self.concepts)

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        if self.down:
            raise EmbeddingFailed("the embedding endpoint answered 503", transient=True)
        return [self.vector(text) for text in texts]
