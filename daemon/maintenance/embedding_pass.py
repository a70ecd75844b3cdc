"""One embedding pass over what is pending for a space, whatever it embeds: the walk that
the memories' pass (:mod:`daemon.maintenance.embedding`) and the session windows' pass
(:mod:`daemon.maintenance.fragment_embedding`) share.

A pass walks the pending items by id, a batch at a time: each batch is embedded in one call
and stored in one transaction. Failures, as for model calls:

- transient (:class:`~daemon.base.embedding.EmbeddingFailed` with ``transient``): the pass
  stops; what it did not embed stays pending and the next pass (a retry of the job, the
  scheduled backfill) takes it up. Nothing is lost.
- permanent: the batch is embedded one item at a time to find the items the provider
  refuses; each is reported once and skipped by later passes of the same
  :class:`EmbeddingPass` (it stays pending).

A subclass says what is pending (:meth:`EmbeddingPass._pending`), what identifies an item's
text (:meth:`EmbeddingPass._key`), how vectors are stored (:meth:`EmbeddingPass._store`) and,
optionally, what needs no call (:meth:`EmbeddingPass._prepare`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Generic, Protocol, TypeVar

import structlog

from daemon.base.clock import Clock
from daemon.base.embedding import Embedder, EmbeddingFailed
from daemon.store.db import Connection, Store

log = structlog.get_logger("memoryd.embedding")

#: Items embedded in one provider call.
BATCH = 64


class Pending(Protocol):
    """What a pass embeds: an item with a row id (the walk's order) and a text."""

    @property
    def id(self) -> int: ...

    @property
    def text(self) -> str: ...


T = TypeVar("T", bound=Pending)


@dataclass(slots=True)
class PassReport:
    """What one pass did: vectors stored, items marked current without a new vector, items
    refused, and whether it stopped on a transient failure (``retry``) or on its deadline
    (``more``) with items still pending."""

    space: str
    embedded: int = 0
    unchanged: int = 0
    refused: int = 0
    #: Memories a near-duplicate absorbed once they were embedded.
    absorbed: int = 0
    retry: bool = False
    more: bool = False
    error: str | None = None

    def as_dict(self) -> dict[str, object]:
        return {
            "space": self.space,
            "embedded": self.embedded,
            "unchanged": self.unchanged,
            "refused": self.refused,
            "absorbed": self.absorbed,
            "retry": self.retry,
            "more": self.more,
            "error": self.error,
        }


@dataclass(slots=True)
class EmbeddingPass(ABC, Generic[T]):
    """Embeds the pending items of one embedder's space; remembers the items its provider
    refused (by :meth:`_key`: an item whose text changes is tried again)."""

    embedder: Embedder
    clock: Clock
    batch: int = BATCH
    refused: set[tuple[int, str]] = field(default_factory=set)

    #: The log events of a pass that stops on a transient failure and of a refused item,
    #: and the field that names the refused item.
    retry_event: ClassVar[str]
    refused_event: ClassVar[str]
    id_field: ClassVar[str]

    @abstractmethod
    async def _pending(
        self, conn: Connection, space: str, limit: int, after_id: int
    ) -> Sequence[T]:
        """Up to ``limit`` items pending for ``space`` after ``after_id``, by id."""

    @abstractmethod
    def _key(self, item: T) -> tuple[int, str]:
        """The item's id and what its text is known by (a refusal holds for that text)."""

    @abstractmethod
    async def _store(
        self, store: Store, done: Sequence[tuple[T, Sequence[float]]], report: PassReport
    ) -> None:
        """Store the vectors of ``done`` (empty: nothing to do) and count them in
        ``report``."""

    async def _prepare(self, store: Store, batch: Sequence[T], report: PassReport) -> list[T]:
        """The items of ``batch`` that need the provider (all of them unless overridden)."""
        del store, report
        return list(batch)

    async def run(self, store: Store, *, until: Callable[[], bool] | None = None) -> PassReport:
        """One pass over every pending item, or until ``until()`` turns true between
        batches (then ``more``)."""
        space = self.embedder.space
        report = PassReport(space)
        after = 0
        while True:
            async with store.connect() as conn:
                found = await self._pending(conn, space, self.batch, after)
            if not found:
                return report
            after = found[-1].id
            todo = [item for item in found if self._key(item) not in self.refused]
            try:
                await self._embed(store, await self._prepare(store, todo, report), report)
            except EmbeddingFailed as exc:
                if not exc.transient:
                    raise  # only _isolate raises a permanent failure out, never here
                report.retry, report.error = True, str(exc)[:300]
                log.warning(self.retry_event, space=space, error=report.error)
                return report
            if until is not None and until():
                report.more = True
                return report

    async def _embed(self, store: Store, batch: Sequence[T], report: PassReport) -> None:
        if not batch:
            return
        try:
            values = await self.embedder.embed([item.text for item in batch])
        except EmbeddingFailed as exc:
            if exc.transient:
                raise
            await self._isolate(store, batch, report)
            return
        await self._store(store, list(zip(batch, values, strict=True)), report)

    async def _isolate(self, store: Store, batch: Sequence[T], report: PassReport) -> None:
        """A batch the provider refused: one item at a time, to store the ones it takes
        (those embedded before a transient failure too)."""
        done: list[tuple[T, Sequence[float]]] = []
        for item in batch:
            try:
                (values,) = await self.embedder.embed([item.text])
            except EmbeddingFailed as exc:
                if exc.transient:
                    await self._store(store, done, report)
                    raise
                self.refused.add(self._key(item))
                report.refused += 1
                log.error(
                    self.refused_event,
                    space=self.embedder.space,
                    error=str(exc)[:300],
                    **{self.id_field: item.id},
                )
                continue
            done.append((item, values))
        await self._store(store, done, report)
