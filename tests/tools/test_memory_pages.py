"""``memory_page``, the one paging of the memory list that HTTP and MCP share: every memory
once across pages, a cursor bound to the list it was made for, a list as of a time paged by
what was believed then."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.errors import ToolRefused
from daemon.store.memory import Narrowing
from daemon.tools.memory import MemoryTools
from daemon.tools.memory_pages import memory_page
from tests.api.test_memory_pages import fact
from tests.tools.helpers import caller
from tests.tools.test_memory_as_of import tools_at

T0 = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)


async def saved(tools: MemoryTools, clock: FakeClock, numbers: range) -> list[int]:
    ids = []
    for n in numbers:
        written = await tools.save(caller(), type="project", title=f"Rota {n}", content=fact(n))
        ids.append(written.id)
        clock.advance(1)
    return ids


async def every_page(tools: MemoryTools, **arguments: object) -> list[list[int]]:
    pages: list[list[int]] = []
    cursor = None
    while True:
        page = await memory_page(tools, caller(), limit=2, cursor=cursor, **arguments)  # type: ignore[arg-type]
        pages.append([m.id for m in page.memories])
        if page.next_cursor is None:
            return pages
        cursor = page.next_cursor


async def test_pages_give_every_memory_once_newest_first(runtime: Container) -> None:
    clock = FakeClock(T0)
    tools = tools_at(runtime, clock)
    ids = await saved(tools, clock, range(5))
    pages = await every_page(tools)
    assert [len(p) for p in pages] == [2, 2, 1]
    assert [i for p in pages for i in p] == ids[::-1]


async def test_a_list_as_of_a_time_pages_what_was_believed_then(runtime: Container) -> None:
    clock = FakeClock(T0)
    tools = tools_at(runtime, clock)
    ids = await saved(tools, clock, range(3))
    then = clock.now()
    clock.advance(60)  # what is saved later was not believed then
    await saved(tools, clock, range(3, 5))
    pages = await every_page(tools, as_of=then)
    assert sorted(i for p in pages for i in p) == sorted(ids)


async def test_a_cursor_made_for_other_filters_is_refused(runtime: Container) -> None:
    clock = FakeClock(T0)
    tools = tools_at(runtime, clock)
    await saved(tools, clock, range(3))
    first = await memory_page(tools, caller(), limit=1, types=["project"])
    assert first.next_cursor is not None
    with pytest.raises(ToolRefused) as refused:
        await memory_page(tools, caller(), limit=1, cursor=first.next_cursor)
    assert refused.value.code == "invalid_cursor"


async def test_a_list_as_of_a_time_takes_no_filters(runtime: Container) -> None:
    tools = tools_at(runtime, FakeClock(T0))
    with pytest.raises(ToolRefused) as refused:
        await memory_page(tools, caller(), as_of=T0, narrowing=Narrowing(session="s-1"))
    assert refused.value.code == "invalid_request"
