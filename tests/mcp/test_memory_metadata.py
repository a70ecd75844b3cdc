"""Metadata over MCP, in process, on both backends: ``memory_save`` writes it, every memory
answered carries it (``{}`` when none) and the text a model reads never holds it;
``memory_list`` and ``memory_search`` filter by a ``metadata`` object inside the scope
(another tenant's memory with the same metadata never shows); bad metadata is ``invalid``
naming the field, a credential in a value ``secret``; a list's cursor is bound to it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from mcp import Client

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.mcp.memory_server import build_mcp, fixed_caller
from tests.mcp.mcp_support import refusal, structured
from tests.tools.helpers import caller
from tests.tools.test_memory_as_of import tools_at

T0 = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)


async def _save(client: Client, content: str, metadata: Any = None) -> Any:
    body: dict[str, Any] = {"type": "project", "title": "", "content": content}
    if metadata is not None:
        body["metadata"] = metadata
    return await client.call_tool("memory_save", body)


async def test_memory_tools_write_read_and_filter_metadata(runtime: Container) -> None:
    clock = FakeClock(T0)
    tools = tools_at(runtime, clock)
    ours = build_mcp(tools, fixed_caller(caller()))
    theirs = build_mcp(tools, fixed_caller(caller(tenant="globex")))
    async with Client(theirs) as client:
        foreign = structured(await _save(client, "The rota deploys ledgers.", {"ticket": "A"}))
    async with Client(ours) as client:
        ids = []
        for n, metadata in enumerate(({"ticket": "A", "n": 1}, {"ticket": "A"}, None)):
            saved = await _save(client, f"The rota deploys service {n} nightly.", metadata)
            ids.append(structured(saved)["id"])
            clock.advance(1)
        listed: Any = await client.call_tool("memory_list", {})
        bodies = {m["id"]: m["metadata"] for m in structured(listed)["memories"]}
        assert bodies == {ids[0]: {"ticket": "A", "n": 1}, ids[1]: {"ticket": "A"}, ids[2]: {}}
        assert "ticket" not in listed.content[0].text
        read = structured(await client.call_tool("memory_read", {"id": ids[0]}))
        assert read["metadata"] == {"ticket": "A", "n": 1}

        def found(answer: Any) -> list[str]:
            return [m["id"] for m in structured(answer)["memories"]]

        wanted = {"metadata": {"ticket": "A"}}
        assert found(await client.call_tool("memory_list", wanted)) == [ids[1], ids[0]]
        both = {"metadata": {"ticket": "A", "n": 1}}
        assert found(await client.call_tool("memory_list", both)) == [ids[0]]
        searched = await client.call_tool("memory_search", {"query": "rota", **wanted})
        assert set(found(searched)) == {ids[0], ids[1]} and foreign["id"] not in found(searched)
        assert found(await client.call_tool("memory_search", {"query": "rota", **both})) == [ids[0]]

        first = structured(await client.call_tool("memory_list", {"limit": 1, **wanted}))
        again = {"limit": 1, "cursor": first["next_cursor"]}
        refused = refusal(await client.call_tool("memory_list", again))
        assert refused["code"] == "invalid_cursor"
        rest = structured(await client.call_tool("memory_list", {**again, **wanted}))
        assert [m["id"] for m in rest["memories"]] == [ids[0]]

        for bad, named in (
            ({"a": {"b": 1}}, "metadata.a"),
            ({f"k{n}": n for n in range(17)}, "more than 16"),
            ({"note": "x" * 257}, "metadata.note"),
        ):
            told = refusal(await _save(client, "The rota deploys search weekly.", bad))
            assert told["code"] == "invalid" and named in told["message"], told
            listing = refusal(await client.call_tool("memory_list", {"metadata": bad}))
            assert listing["code"] == "invalid"
        token = "ghp_" + "Zq8Rv2Lm5Tx9Wk3Hn7Jd4Bc6Fy1Gp0Ns8Ma2"
        told = refusal(await _save(client, "The deploy bot posts to #ops.", {"auth": token}))
        assert told["code"] == "secret" and "metadata.auth" in told["message"]
        assert token not in str(told)


async def test_memory_update_replaces_keeps_or_clears_metadata(runtime: Container) -> None:
    """``memory_update``'s ``metadata`` replaces the whole object (``{}`` clears it, left
    out it is kept), under ``memory_save``'s rules; each object replaced stays a version."""
    clock = FakeClock(T0)
    tools = tools_at(runtime, clock)
    async with Client(build_mcp(tools, fixed_caller(caller()))) as client:
        saved = structured(await _save(client, "The rota deploys billing.", {"ticket": "A"}))
        clock.advance(1)

        async def update(**args: Any) -> Any:
            clock.advance(1)
            return await client.call_tool("memory_update", {"id": saved["id"], **args})

        async def metadata() -> Any:
            return structured(await client.call_tool("memory_read", {"id": saved["id"]}))[
                "metadata"
            ]

        assert structured(await update(metadata={"ticket": "B"}))["action"] == "updated"
        assert await metadata() == {"ticket": "B"}
        assert structured(await update(metadata={"ticket": "B"}))["action"] == "unchanged"
        assert structured(await update(title="Rota deploys billing"))["action"] == "updated"
        assert await metadata() == {"ticket": "B"}
        told = refusal(await update(metadata={"a": {"b": 1}}))
        assert told["code"] == "invalid" and "metadata.a" in told["message"]
        token = "ghp_" + "Zq8Rv2Lm5Tx9Wk3Hn7Jd4Bc6Fy1Gp0Ns8Ma2"
        told = refusal(await update(metadata={"auth": token}))
        assert told["code"] == "secret" and token not in str(told)
        assert structured(await update(metadata={}))["action"] == "updated"
        assert await metadata() == {}
        history = await tools.history(caller(), saved["id"])
        versions = [v["metadata"] for v in history["versions"]]
        assert versions == [{"ticket": "A"}, {"ticket": "B"}, {"ticket": "B"}, {}]
