"""The labelled set of ``./dev bench recall-quality``: memories, queries and dedup pairs.

Each project module (``ingest``, ``billing``, …) holds the memories of one project, the
queries a host would ask of it with the ids of the memories that answer them, and pairs of
texts that say the same thing as one of its memories (a near-duplicate a writer should not
store twice) or something related but different (a change, a neighbouring fact: a new
memory). The set was written before anything was measured on it; ``FIRST_MEASUREMENT``
beside this file is what the bench printed the first time it ran.

A query is ``paraphrased`` when it shares no content word (after stemming) with the memories
that answer it, ``literal`` when it shares at least one; tests/bench/test_recall_quality.py
holds the set to both, and to ids that exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Literal

Kind = Literal["project", "user", "decision"]
QueryKind = Literal["paraphrased", "literal"]


@dataclass(frozen=True, slots=True)
class Item:
    """One memory: its label id (``ing-01``), its memoryd type and its content."""

    id: str
    type: Kind
    content: str


@dataclass(frozen=True, slots=True)
class Query:
    kind: QueryKind
    text: str
    relevant: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pair:
    """A memory of the set and a second text; ``duplicate`` when storing the second would
    say nothing the memory does not."""

    memory: str
    text: str
    duplicate: bool


@dataclass(frozen=True, slots=True)
class Project:
    name: str
    user: str
    memories: tuple[Item, ...]
    queries: tuple[Query, ...]
    pairs: tuple[Pair, ...]


def project_of(module: ModuleType) -> Project:
    """The project a data module describes (``PROJECT``, ``USER``, ``MEMORIES``, ``QUERIES``,
    ``PAIRS``, written as plain tuples)."""
    return Project(
        name=module.PROJECT,
        user=module.USER,
        memories=tuple(Item(i, t, c) for i, t, c in module.MEMORIES),
        queries=tuple(Query(k, q, tuple(r)) for k, q, r in module.QUERIES),
        pairs=tuple(Pair(m, t, d) for m, t, d in module.PAIRS),
    )


def labelled_set() -> tuple[Project, ...]:
    """Every project of the set, in a fixed order."""
    from tests.bench.recall_quality import billing, dashboard, ingest, mobile, platform, search

    return tuple(project_of(m) for m in (ingest, billing, mobile, dashboard, platform, search))
