"""Seeded fault injection: with probability ``rate`` a request gets a fault instead of its
scripted or policy reply. Faults are drawn from one `random.Random(seed)` in the order
requests arrive, so a sequential run is reproducible and a concurrent run draws the same
sequence of faults (which request gets which one depends on arrival order).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from .replies import Drop, Error, MalformedJson, Reply, Timeout

DEFAULT_KINDS = ("429", "500", "timeout", "drop")
NAMED_KINDS = ("timeout", "drop", "malformed_json")


def validate_kinds(kinds: Iterable[str]) -> tuple[str, ...]:
    """The kinds as a tuple; each is a named kind or an HTTP error status like ``"503"``."""
    checked = tuple(str(kind) for kind in kinds)
    if not checked:
        raise ValueError("fault kinds must not be empty")
    for kind in checked:
        if kind not in NAMED_KINDS and not (kind.isdigit() and 400 <= int(kind) <= 599):
            raise ValueError(f"unknown fault kind {kind!r}: use {NAMED_KINDS} or a 4xx/5xx status")
    return checked


@dataclass(slots=True)
class Faults:
    """A fault generator; `roll` is called once per chat completion request."""

    rate: float
    kinds: tuple[str, ...] = DEFAULT_KINDS
    seed: int | None = 0
    timeout_s: float = 30.0
    retry_after_s: float | None = 0.05
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not 0.0 <= self.rate <= 1.0:
            raise ValueError(f"fault rate must be within [0, 1], got {self.rate}")
        self.kinds = validate_kinds(self.kinds)
        self._rng = random.Random(self.seed)

    def roll(self) -> Reply | None:
        """A fault reply, or None when this request is served normally."""
        if self.rate <= 0.0 or self._rng.random() >= self.rate:
            return None
        return fault_reply(self._rng.choice(self.kinds), self.timeout_s, self.retry_after_s)


def fault_reply(kind: str, timeout_s: float, retry_after_s: float | None) -> Reply:
    """The reply for one fault kind (see `validate_kinds`)."""
    if kind == "timeout":
        return Timeout(timeout_s)
    if kind == "drop":
        return Drop()
    if kind == "malformed_json":
        return MalformedJson()
    status = int(kind)
    retry_after = retry_after_s if status in (429, 503) else None
    return Error(status, f"fakellm injected fault {status}", retry_after)
