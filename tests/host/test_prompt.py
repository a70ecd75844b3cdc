"""The system prompt: memoryd's block built once per session, frozen with its fingerprint."""

from __future__ import annotations

import httpx2

from daemon.host.prompt import (
    HttpMemoryBlocks,
    MemoryBlock,
    MemoryBlockSource,
    StaticMemoryBlocks,
    SystemPrompt,
)

BLOCK = MemoryBlock("# Memories\n- Tabs, not spaces.", "9c1e")


async def test_the_block_is_built_once_with_the_first_request_and_then_frozen() -> None:
    source = StaticMemoryBlocks(BLOCK)
    prompt = SystemPrompt("You are a coding agent.", source, "s-1")

    first = await prompt.render("fix the refund webhook")
    source.value = MemoryBlock("# Memories\n- changed", "ffff")
    second = await prompt.render("another question")

    assert first == second == "You are a coding agent.\n\n# Memories\n- Tabs, not spaces."
    assert source.requests == [("s-1", "fix the refund webhook")]
    assert prompt.fingerprint == "9c1e"


async def test_a_block_that_could_not_be_read_is_asked_for_again() -> None:
    calls: list[int] = []

    class Flaky:
        async def block(self, session_id: str, query: str | None) -> MemoryBlock:
            calls.append(1)
            if len(calls) == 1:
                raise httpx2.ConnectError("down")
            return BLOCK

    source: MemoryBlockSource = Flaky()
    prompt = SystemPrompt("Base.", source, "s-1")

    assert await prompt.render() == "Base."
    assert prompt.fingerprint is None
    assert await prompt.render() == "Base.\n\n" + BLOCK.text
    assert len(calls) == 2


async def test_without_a_source_or_a_block_the_prompt_is_the_hosts_own() -> None:
    assert await SystemPrompt("Base.", None, "s").render() == "Base."
    empty = StaticMemoryBlocks(MemoryBlock("", "0"))
    assert await SystemPrompt("Base.", empty, "s").render() == "Base."


async def test_the_http_source_reads_the_injection_route_for_the_session() -> None:
    seen: list[httpx2.Request] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        seen.append(request)
        return httpx2.Response(200, json={"text": BLOCK.text, "fingerprint": "9c1e"})

    transport = httpx2.MockTransport(answer)
    async with httpx2.AsyncClient(base_url="http://memoryd", transport=transport) as client:
        source = HttpMemoryBlocks(client, max_memories=8, project="billing")
        found = await source.block("s-1", "refunds")

    assert found == BLOCK
    params = dict(seen[0].url.params)
    assert params == {
        "max_memories": "8",
        "project": "billing",
        "session": "s-1",
        "query": "refunds",
    }
    assert seen[0].url.path == "/v1/recall/injection"
