"""Where compaction's summary comes from: memory, or memoryd's summary route over HTTP."""

from __future__ import annotations

import httpx2
import pytest

from daemon.host.summaries import HttpSummaries, InMemorySummaries, Summary, parse

ANSWER = {
    "session_id": "s/1",
    "summary": {"goal": "Fix rounding"},
    "text": "## Goal\nFix rounding",
    "through_turn": 12,
    "updated_at": "2026-11-27T10:00:00Z",
    "age_seconds": 42.5,
}


async def test_the_in_memory_source_answers_what_it_holds_and_counts_reads() -> None:
    source = InMemorySummaries()
    source.put("s1", Summary("text", 3, 1.0))

    assert await source.summary("s1") == Summary("text", 3, 1.0)
    assert await source.summary("other") is None
    assert source.reads == 2


async def test_the_http_source_reads_the_session_summary_route_in_the_scope_given() -> None:
    seen: list[httpx2.Request] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        seen.append(request)
        if request.url.path.endswith("/missing/summary"):
            return httpx2.Response(404, json={"error": {"code": "not_found"}})
        return httpx2.Response(200, json=ANSWER)

    client = httpx2.AsyncClient(base_url="http://memoryd", transport=httpx2.MockTransport(answer))
    source = HttpSummaries(client, project="billing")

    found = await source.summary("s/1")
    missing = await source.summary("missing")

    assert found == Summary("## Goal\nFix rounding", through_turn=12, age_seconds=42.5)
    assert missing is None
    assert seen[0].url.raw_path == b"/v1/sessions/s%2F1/summary?project=billing"
    await client.aclose()


async def test_a_server_error_is_raised_for_the_compaction_to_go_on_without() -> None:
    transport = httpx2.MockTransport(lambda request: httpx2.Response(503))
    async with httpx2.AsyncClient(base_url="http://memoryd", transport=transport) as client:
        with pytest.raises(httpx2.HTTPStatusError):
            await HttpSummaries(client).summary("s1")


@pytest.mark.parametrize(
    "body",
    [
        [],
        {**ANSWER, "text": None},
        {**ANSWER, "through_turn": "12"},
        {**ANSWER, "through_turn": True},
        {**ANSWER, "age_seconds": "old"},
    ],
)
def test_an_answer_of_the_wrong_shape_is_refused(body: object) -> None:
    with pytest.raises(ValueError):
        parse(body)
