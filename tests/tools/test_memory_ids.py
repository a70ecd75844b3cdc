"""A memory id no store can hold (zero, negative, past 64 bits) is answered as not found by
every tool that takes one, on both backends: never a store error (over MCP, an unexpected
exception logged with its traceback and answered without a code)."""

from __future__ import annotations

import pytest

from daemon.app.container import Container
from daemon.base.errors import ToolRefused
from tests.tools.helpers import caller, tools_of

IDS = (0, -1, 2**63, 2**64, -(2**70), 10**30)


@pytest.mark.parametrize("memory_id", IDS)
async def test_an_id_out_of_range_is_not_found(runtime: Container, memory_id: int) -> None:
    tools, who = tools_of(runtime), caller()
    calls = (
        tools.read(who, memory_id),
        tools.update(who, memory_id, content="The billing queue holds at most 500 jobs."),
        tools.forget(who, memory_id, reason="wrong"),
    )
    for call in calls:
        with pytest.raises(ToolRefused) as caught:
            await call
        assert caught.value.code == "not_found", caught.value
