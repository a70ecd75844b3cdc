"""``memory_page``, the one paging of the memory list that HTTP and MCP share: every memory
once across pages, a cursor bound to the list it was made for, a list as of a time paged by
what was believed then; ``history_page``: a memory's versions and changes once each across
pages while it changes, a cursor bound to one memory in one scope."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.errors import ToolRefused
from daemon.store.memory import Narrowing
from daemon.tools.memory import MemoryTools
from daemon.tools.memory_pages import history_page, memory_page
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


async def test_history_pages_give_each_version_and_change_once_while_it_changes(
    runtime: Container,
) -> None:
    clock = FakeClock(T0)
    tools = tools_at(runtime, clock)
    written = await tools.save(caller(), type="project", title="Rota", content=fact(0))
    memory_id = written.public_id
    for n in range(1, 4):
        clock.advance(60)
        await tools.update(caller(), memory_id, content=fact(n))
    versions: list[str] = []
    changes: list[str] = []
    cursor = None
    sizes = []
    while True:
        page = await history_page(tools, caller(), memory_id, limit=3, cursor=cursor)
        sizes.append((len(page["versions"]), len(page["changes"])))
        versions += [v["content"] for v in page["versions"]]
        changes += [c["action"] for c in page["changes"]]
        if cursor is None:  # changed after the first page: on the later ones, once
            clock.advance(60)
            await tools.update(caller(), memory_id, content=fact(4))
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert sizes == [(3, 3), (2, 2)]
    assert versions == [fact(n) for n in range(5)]
    assert changes == ["create", "update", "update", "update", "update"]
    whole = await tools.history(caller(), memory_id)
    assert [v["content"] for v in whole["versions"]] == versions
    assert page["source"] == whole["source"] and page["id"] == memory_id


async def test_a_history_cursor_is_made_for_one_memory_in_one_scope(runtime: Container) -> None:
    clock = FakeClock(T0)
    tools = tools_at(runtime, clock)
    first = await tools.save(caller(), type="project", title="Rota", content=fact(0))
    other = await tools.save(caller(), type="project", title="Rota 1", content=fact(1))
    await tools.update(caller(), first.public_id, content=fact(2))
    page = await history_page(tools, caller(), first.public_id, limit=1)
    assert page["next_cursor"] is not None
    listed = await memory_page(tools, caller(), limit=1)
    for memory_id, cursor, who in (
        (other.public_id, page["next_cursor"], caller()),  # another memory
        (first.public_id, page["next_cursor"], caller(user="bob")),  # another scope
        (first.public_id, listed.next_cursor, caller()),  # the list's cursor
    ):
        with pytest.raises(ToolRefused) as refused:
            await history_page(tools, who, memory_id, cursor=cursor)
        assert refused.value.code == "invalid_cursor"
