"""The memory list a page at a time, as HTTP (``GET /v1/memories``) and MCP (``memory_list``)
both page it: the answer's ``next_cursor`` (:mod:`daemon.base.pages`) goes on where the page
ended, and is made for one scope, its filters and its time only (any other cursor is
refused ``invalid_cursor``). A memory's history (``GET /v1/memories/{id}/history``) is paged
the same way (:func:`history_page`)."""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from daemon.base import pages
from daemon.base.errors import ToolRefused
from daemon.store.memory import BelievedPosition, Memory, Narrowing, Position
from daemon.store.public_ids import page_codec
from daemon.tools.memory import Caller, MemoryTools


@dataclass(frozen=True, slots=True)
class MemoryPage:
    memories: list[Memory]
    next_cursor: str | None  # None on the last page


def _bound(
    caller: Caller,
    types: Collection[str],
    classes: Collection[str],
    narrowing: Narrowing,
    as_of: datetime | None,
) -> str:
    """What a cursor of this list is made for: its scope, its filters and its time."""
    scope = caller.scope
    parts = [
        "memories" if as_of is None else f"memories as of {as_of.isoformat()}",
        scope.tenant,
        scope.project,
        scope.user,
        ",".join(sorted(set(types))),
        ",".join(sorted(set(classes))),
        *(
            "" if value is None else str(value)
            for value in (
                narrowing.created_after,
                narrowing.created_before,
                narrowing.updated_after,
                narrowing.updated_before,
                narrowing.session,
                narrowing.author,
            )
        ),
        # The metadata pairs, when any (a list without them keeps the cursors it had).
        *([json.dumps(narrowing.metadata)] if narrowing.metadata else []),
    ]

    return "\x1f".join(parts)


def _believed_position(opened: tuple[int, ...]) -> BelievedPosition:
    return bool(opened[0]), pages.instant(opened[1]), opened[2]


def _believed_parts(last: BelievedPosition) -> tuple[int, int, int]:
    """A page's end in a list as of a time, as the integers of its cursor."""
    pinned, since, memory_id = last
    return int(pinned), pages.micros(since), memory_id


async def memory_page(
    tools: MemoryTools,
    caller: Caller,
    *,
    types: Collection[str] = (),
    classes: Collection[str] = (),
    limit: int = 50,
    narrowing: Narrowing | None = None,
    as_of: datetime | None = None,
    cursor: str | None = None,
) -> MemoryPage:
    """One page of the memories ``caller`` sees (:meth:`MemoryTools.page`, or with ``as_of``
    :meth:`MemoryTools.page_as_of`, which takes no ``narrowing``), after ``cursor``."""
    narrowing = narrowing or Narrowing()
    codec = await page_codec(tools.store)
    bound = _bound(caller, types, classes, narrowing, as_of)
    try:
        opened = None if cursor is None else codec.open(cursor, bound, size=2 if not as_of else 3)
    except pages.BadCursor as exc:
        raise ToolRefused("invalid_cursor", exc.explained()) from exc
    if as_of is not None:
        if narrowing != Narrowing():
            raise ToolRefused("invalid_request", "a list as of a time takes no filters")
        believed, last = await tools.page_as_of(
            caller,
            as_of,
            types=types,
            classes=classes,
            limit=limit,
            after=None if opened is None else _believed_position(opened),
        )
        sealed = None if last is None else codec.seal(_believed_parts(last), bound)
        return MemoryPage(believed, sealed)
    after: Position | None = None if opened is None else (opened[0], opened[1])
    found, more = await tools.page(
        caller, types=types, classes=classes, limit=limit, narrowing=narrowing, after=after
    )
    return MemoryPage(found, None if more is None else codec.seal(more, bound))


async def history_page(
    tools: MemoryTools,
    caller: Caller,
    public_id: str,
    *,
    limit: int = 50,
    cursor: str | None = None,
) -> dict[str, Any]:
    """One page of a memory's history (:meth:`MemoryTools.history`): at most ``limit`` of its
    versions and ``limit`` of its changes, each oldest first, after ``cursor``, and the
    ``next_cursor`` of the rest (None once both are shown). Both lists only grow at their
    end, so a page's position is how many of each were shown: what the memory becomes
    after the first page is on later ones, and nothing is shown twice. A cursor is made for
    one memory in one scope."""
    scope = caller.scope
    bound = "\x1f".join(("history", public_id, scope.tenant, scope.project, scope.user))
    codec = await page_codec(tools.store)
    try:
        shown = (0, 0) if cursor is None else codec.open(cursor, bound, size=2)
    except pages.BadCursor as exc:
        raise ToolRefused("invalid_cursor", exc.explained()) from exc
    found = await tools.history(caller, public_id)
    versions_from, changes_from = (max(0, n) for n in shown)
    versions = found["versions"][versions_from : versions_from + limit]
    changes = found["changes"][changes_from : changes_from + limit]
    after = (versions_from + len(versions), changes_from + len(changes))
    more = after[0] < len(found["versions"]) or after[1] < len(found["changes"])
    return {
        **found,
        "versions": versions,
        "changes": changes,
        "next_cursor": codec.seal(after, bound) if more else None,
    }
