"""The injection block's candidates of each section, kept while their project stays as it was
(PostgreSQL).

The candidates (:func:`daemon.store.memory.candidates`: the newest memories of each section,
pinned first) do not depend on the query: only on the scope, the layout, how many a section
and the memories of the scope's project. Reading them was a quarter of the serving process's
CPU a block and two fifths of the database's, so a process keeps the last 1,024 it read (by
tenant, project, reader's user, layout and count), each with the snapshot it was read
under, and uses them again while no transaction that changed the project's memories has
committed since: the store says so (:mod:`daemon.store.memory.changes`), whichever process
or session wrote, so a reader sees its own writes and every other's in the very next block.

What a block reads, in order, on one connection outside a transaction (each statement its
own snapshot): first the probe (``since``, carried by the session windows' statement, or a
statement of its own when there are none to read), against the snapshot kept; then, unless
it says nothing changed, the candidates, kept with the *probe's* snapshot. A change
committed between the two statements is in the rows kept but not seen by that snapshot, so
the next probe reports it and they are read again: a pairing can only be too old for its
rows, never too new, and errs only toward reading again. When nothing changed, the rows are
those of the probe's snapshot too, and are kept with it (the next probe then reads a
shorter range of the store's rows).

SQLite keeps no cache: one host, embedded, its reads cheap and its store without the
triggers that would tell a change.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from daemon.base.scope import ScopeKey
from daemon.store import memory
from daemon.store.db import Connection
from daemon.store.memory import Memory, Section, changes
from daemon.store.memory.changes import Since
from daemon.store.pg_text import Rider

#: Scopes kept by default (each holds a few dozen memories).
SIZE = 1_024

Key = tuple[str, str, str, tuple[Section, ...], int]


@dataclass(frozen=True, slots=True)
class _Kept:
    snapshot: str
    groups: tuple[tuple[Memory, ...], ...]


class SectionCache:
    """The candidates of the last ``size`` keys read, least recently used forgotten first;
    ``hits`` and ``reads`` count the blocks that used them and that read them."""

    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self.hits = 0
        self.reads = 0
        self._kept: OrderedDict[Key, _Kept] = OrderedDict()

    @staticmethod
    def key(scope: ScopeKey, layout: tuple[Section, ...], per_section: int) -> Key:
        return (scope.tenant, scope.project, scope.user, layout, per_section)

    def probe(self, scope: ScopeKey, layout: tuple[Section, ...], per_section: int) -> Rider:
        """The columns a statement of the block carries to tell whether what is kept for
        this key still holds (:func:`daemon.store.memory.changes.probe`)."""
        kept = self._kept.get(self.key(scope, layout, per_section))
        return changes.probe(scope, kept.snapshot if kept is not None else None)

    async def candidates(
        self,
        conn: Connection,
        scope: ScopeKey,
        layout: tuple[Section, ...],
        per_section: int,
        since: Since,
    ) -> list[list[Memory]]:
        """The candidates kept, when ``since`` (the probe, read before) says nothing changed
        since they were read; else read now, and kept with the probe's snapshot."""
        key = self.key(scope, layout, per_section)
        kept = self._kept.get(key)
        if kept is not None and kept.snapshot == since.asked and not since.changed:
            self.hits += 1
            self._keep(key, _Kept(since.snapshot, kept.groups))
            return [list(group) for group in kept.groups]
        self.reads += 1
        groups = await memory.candidates(conn, scope, layout, per_section)
        self._keep(key, _Kept(since.snapshot, tuple(tuple(group) for group in groups)))
        return groups

    def _keep(self, key: Key, kept: _Kept) -> None:
        self._kept[key] = kept
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
