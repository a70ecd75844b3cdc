"""The session windows a serving process has opened, kept while their rows stay as they were.

Session recall reads a scope's newest windows (200 by default) for every injection block
with a query, and ranks them by keywords (and meaning) in the process: each window's text
opened and split into stemmed words. At 300 windows of four turns in the scope, that was
15.7 ms of the serving process's CPU a block (60 blocks a second from one process, against
about 700 with no windows). Windows change rarely once cut, so a process keeps the last
``session_recall.kept_windows`` it opened (4,096 by default), each with its words counted,
under the version its row had (:class:`~daemon.store.transcripts.fragments.Version`: a
write of a window's text or vector always moves it), and a block reads only the versions
of the newest windows and opens only those it does not hold at that version. With
``kept_windows`` 0 it holds none: every block opens all of them, in that second statement.

A window is only ever used again for a read that listed it at the same version, in that
read's order: a window deleted (an erasure, retention) or moved out of a scope's newest is
not listed, so it is never shown, and it leaves the process as newer ones take its place.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from daemon.base.scope import ScopeKey
from daemon.recall.session_recall import SessionRecallOptions, Terms, window_terms, windows_asked
from daemon.store.db import Connection
from daemon.store.pg_text import Rider
from daemon.store.transcripts import fragments
from daemon.store.transcripts.fragments import Fragment, Version

#: A window held: its id and the embedding space its vector was read in.
_Key = tuple[int, str | None]


@dataclass(frozen=True, slots=True)
class Opened:
    """The windows a read listed, in its order, each with its words counted; and what its
    statement carried (PostgreSQL, with a rider)."""

    windows: list[Fragment]
    terms: list[Terms]
    carried: Mapping[str, Any] | None


class WindowCache:
    """A process's opened windows by version and embedding space, the least recently used
    forgotten first past ``size`` (``session_recall.kept_windows``: each a few kilobytes of
    text and counted words, about 12 more with a vector of 384 floats)."""

    def __init__(self, size: int) -> None:
        self.size = size
        # by window id and space (an int and a short string hash fast), each with the
        # version it was opened at: a listed window is used again only at that version
        self._held: OrderedDict[_Key, tuple[Version, Fragment, Terms]] = OrderedDict()
        self.opened = 0

    async def recent(
        self,
        conn: Connection,
        scope: ScopeKey,
        space: str | None,
        options: SessionRecallOptions,
        *,
        exclude_session: str | None = None,
        rider: Rider | None = None,
    ) -> Opened:
        """The scope's most recent windows session recall reads
        (:func:`~daemon.recall.session_recall.windows_asked`), newest first: their versions
        read, the ones not held opened (one more statement when there are any)."""
        asked = windows_asked(scope, options, exclude_session)
        versions, carried = await fragments.recent_versions(conn, rider=rider, **asked)
        held = self._held
        listed: list[tuple[Version, tuple[Fragment, Terms] | None]] = []
        for version in versions:
            key = (version.id, space)
            entry = held.get(key)
            if entry is not None and entry[0] == version:
                held.move_to_end(key)
                listed.append((version, (entry[1], entry[2])))
            else:
                listed.append((version, None))
        missing = [version.id for version, found in listed if found is None]
        fresh: dict[int, tuple[Fragment, Terms]] = {}
        for version, window in await fragments.by_ids(
            conn, missing, tenant=scope.tenant, space=space
        ):
            fresh[version.id] = (window, window_terms(window))
            self._keep((version.id, space), (version, *fresh[version.id]))
        windows: list[Fragment] = []
        terms: list[Terms] = []
        for version, found in listed:
            # a window rewritten between the two reads is shown as the second read it
            found = found or fresh.get(version.id)
            if found is None:  # deleted between the two reads
                continue
            windows.append(found[0])
            terms.append(found[1])
        return Opened(windows, terms, carried)

    def _keep(self, key: tuple[int, str | None], value: tuple[Version, Fragment, Terms]) -> None:
        self._held[key] = value
        self._held.move_to_end(key)
        self.opened += 1
        while len(self._held) > self.size:
            self._held.popitem(last=False)
