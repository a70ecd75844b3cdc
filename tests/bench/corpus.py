"""A synthetic but realistic memory corpus for the recall benchmark (deterministic).

Words follow a Zipf distribution over a made-up vocabulary of 20,000 words, of which the
100 most frequent are left out as stand-ins for stop words (real stop words are sprinkled
in instead), so that the commonest content word appears in a few per cent of memories, as
in real notes. Queries are a few such words, picked with the same weights, in a sentence.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

from daemon.base.scope import ScopeKey
from daemon.base.sealing import CLEAR
from daemon.gate.hashing import content_hash

VOCABULARY = 20_000
SKIPPED_TOP = 100
SCOPE = ScopeKey(project="bench/recall", user="bench-user")
_START = datetime(2026, 1, 1, tzinfo=UTC)
_SYLLABLES = [c + v for c in "bcdfghjklmnprstvz" for v in "aeiou"] + ["qu", "th", "sh", "st"]
_FILLER = ("the", "a", "is", "to", "of", "and", "we", "it", "for", "on", "with", "that")
# (type, class, created_by, user-scoped, weight)
_KINDS = (
    ("project", "durable", "extractor:llm", False, 60),
    ("decision", "durable", "extractor:llm", False, 15),
    ("user", "durable", "extractor:llm", True, 14),
    ("project", "working", "extractor:llm", False, 8),
    ("project", "priority", "operator", False, 1),
    ("project", "working", "compaction", False, 2),
)


class Corpus:
    def __init__(self, seed: int = 7) -> None:
        self.random = random.Random(seed)
        words: dict[str, None] = {}
        rng = random.Random(seed + 1)
        while len(words) < VOCABULARY:
            words["".join(rng.choices(_SYLLABLES, k=rng.randint(2, 4)))] = None
        self.words = list(words)[SKIPPED_TOP:]
        self.weights = list(
            itertools.accumulate(1 / rank for rank in range(SKIPPED_TOP + 1, VOCABULARY + 1))
        )

    def _text(self, count: int) -> str:
        picked = self.random.choices(self.words, cum_weights=self.weights, k=count)
        out: list[str] = []
        for word in picked:
            out.append(word)
            if self.random.random() < 0.4:
                out.append(self.random.choice(_FILLER))
        return " ".join(out)

    def rows(self, start: int, count: int) -> Iterator[dict[str, Any]]:
        kinds = [k[:4] for k in _KINDS]
        weights = [k[4] for k in _KINDS]
        for index in range(start, start + count):
            type_, memory_class, created_by, personal = self.random.choices(kinds, weights)[0]
            title = self._text(self.random.randint(2, 5)).capitalize()
            content = f"{self._text(self.random.randint(12, 40))} ({index})."
            at = _START + timedelta(seconds=index)
            row = {
                "tenant": SCOPE.tenant,
                "project": SCOPE.project,
                "user": SCOPE.user if personal else "",
                "type": type_,
                "class": memory_class,
                "pinned": self.random.random() < 0.005,
                "title": title,
                "content": content,
                "content_hash": content_hash(type_, content),
                "created_by": created_by,
                "created_at": at,
                "updated_at": at,
            }
            yield {**row, "integrity": CLEAR.tag_of(row)}

    def query(self) -> str:
        words = self.random.choices(self.words, cum_weights=self.weights, k=3)
        return f"what do we know about {words[0]} and {words[1]} {words[2]}"
