"""What every part of memoryd that turns text into vectors agrees on.

An :class:`Embedder` maps texts to vectors of one space: its :attr:`~Embedder.space` names
the model and the dimensions (``"openai:text-embedding-3-small:1536"``), and two vectors are
compared only when their spaces are equal, so changing the model never mixes two models in
one ranking. Providers (an OpenAI-compatible endpoint, a local model) live above the store;
the store keeps vectors as :class:`Vector` values with their space and never embeds.

A provider's failure is an :class:`EmbeddingFailed` that says whether a retry may help
(``transient``: a timeout, a 429, a 5xx) or not (a refused key, an unknown model); the
callers treat it as they treat a model call's failure, and a search that cannot embed its
query falls back to keywords rather than failing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from daemon.base.errors import MemorydError


class EmbeddingFailed(MemorydError):
    """A provider could not embed; ``transient`` when the same call may succeed later."""

    def __init__(self, message: str, *, transient: bool) -> None:
        super().__init__(message)
        self.transient = transient


class Embedder(Protocol):
    """Turns texts into unit vectors of one space, in the order given."""

    @property
    def space(self) -> str:
        """The model and dimensions, ``"<provider>:<model>:<dims>"``: vectors of different
        spaces are never compared."""
        ...

    @property
    def dims(self) -> int: ...

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector of :attr:`dims` floats per text, normalized to length 1.

        Raises :class:`EmbeddingFailed`."""
        ...


@dataclass(frozen=True, slots=True)
class Vector:
    """A stored vector and the space it belongs to."""

    space: str
    values: tuple[float, ...]


def unit(values: Sequence[float]) -> list[float]:
    """``values`` scaled to length 1 (a zero vector stays zero)."""
    norm = math.sqrt(math.fsum(v * v for v in values))
    if norm == 0.0:
        return [0.0] * len(values)
    return [v / norm for v in values]


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """The cosine similarity of two vectors of equal length (the dot product of unit
    vectors)."""
    if len(a) != len(b):
        raise ValueError(f"vectors of {len(a)} and {len(b)} dimensions cannot be compared")
    dot = math.fsum(x * y for x, y in zip(a, b, strict=True))
    na = math.sqrt(math.fsum(x * x for x in a))
    nb = math.sqrt(math.fsum(y * y for y in b))
    return 0.0 if na == 0.0 or nb == 0.0 else dot / (na * nb)
