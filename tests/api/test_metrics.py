"""The API's own metrics and its outermost middleware: each request counted by route
template, method and status with its latency on the clock; a request past the time limit
answered 504 in the API's error shape; a failure logged without its body."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from starlette.types import Receive, Scope, Send
from structlog.testing import capture_logs

from daemon.api.metrics import ApiMetrics, Instrumented
from daemon.base.clock import FakeClock


class _Template:
    path = "/v1/memories/{memory_id}"


def _samples(metrics: ApiMetrics) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    found = {}
    for family in text_string_to_metric_families(metrics.exposition().decode()):
        for s in family.samples:
            found[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return found


def _client(app: Any) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://memoryd")


async def test_requests_are_counted_by_route_template_and_status_with_their_latency() -> None:
    clock = FakeClock(datetime(2026, 1, 1, tzinfo=UTC))

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["path"].startswith("/v1/memories/"):
            scope["route"] = _Template()
        clock.advance(0.2)
        status = 404 if scope["path"].endswith("/9") else 200
        await send({"type": "http.response.start", "status": status, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    metrics = ApiMetrics()
    async with _client(Instrumented(app, metrics, clock, timeout_s=5)) as client:
        for path in ("/v1/memories/1", "/v1/memories/2", "/v1/memories/9", "/elsewhere"):
            await client.get(path)
    found = _samples(metrics)
    route = "/v1/memories/{memory_id}"
    labels = (("method", "GET"), ("route", route))
    assert found[("memoryd_api_requests_total", (*labels, ("status", "200")))] == 2
    assert found[("memoryd_api_requests_total", (*labels, ("status", "404")))] == 1
    unmatched = (("method", "GET"), ("route", "unmatched"), ("status", "200"))
    assert found[("memoryd_api_requests_total", unmatched)] == 1
    assert found[("memoryd_api_request_duration_seconds_count", (("route", route),))] == 3
    assert found[("memoryd_api_request_duration_seconds_sum", (("route", route),))] == (
        pytest.approx(0.6)
    )


async def test_a_request_past_the_time_limit_is_answered_504_and_counted() -> None:
    clock = FakeClock(datetime(2026, 1, 1, tzinfo=UTC))
    never = asyncio.Event()

    async def stuck(scope: Scope, receive: Receive, send: Send) -> None:
        await never.wait()

    metrics = ApiMetrics()
    with capture_logs() as logged:
        async with _client(Instrumented(stuck, metrics, clock, timeout_s=0.01)) as client:
            answer = await client.get("/v1/recall/search?query=secret-words")
    assert answer.status_code == 504
    assert answer.json() == {"error": {"code": "timeout", "message": "no answer within 0.01 s"}}
    found = _samples(metrics)
    assert found[("memoryd_api_refusals_total", (("reason", "timeout"),))] == 1
    timed_out = (("method", "GET"), ("route", "unmatched"), ("status", "504"))
    assert found[("memoryd_api_requests_total", timed_out)] == 1
    assert logged == [
        {
            "event": "api.failed",
            "method": "GET",
            "route": "unmatched",
            "status": 504,
            "log_level": "warning",
        }
    ]
    assert "secret-words" not in repr(logged)


async def test_a_503_of_readyz_is_a_verdict_not_a_logged_failure() -> None:
    clock = FakeClock(datetime(2026, 1, 1, tzinfo=UTC))

    class _Readyz:
        path = "/readyz"

    async def unready(scope: Scope, receive: Receive, send: Send) -> None:
        scope["route"] = _Readyz()
        await send({"type": "http.response.start", "status": 503, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    with capture_logs() as logged:
        async with _client(Instrumented(unready, ApiMetrics(), clock, timeout_s=5)) as client:
            assert (await client.get("/readyz")).status_code == 503
    assert logged == []


def test_query_embeddings_and_keyword_fallbacks_are_exported_once_there_are_any() -> None:
    from daemon.embeddings.query import QueryStats

    metrics = ApiMetrics()
    assert not any(name.startswith("memoryd_query") for name, _ in _samples(metrics))
    stats = QueryStats(hits=5, misses=2, fallbacks={"breaker_open": 3})
    metrics.queries.source = lambda: stats
    found = _samples(metrics)
    assert found[("memoryd_query_embeddings_total", (("cache", "hit"),))] == 5
    assert found[("memoryd_query_embeddings_total", (("cache", "miss"),))] == 2
    fallbacks = "memoryd_search_keyword_fallbacks_total"
    assert found[(fallbacks, (("reason", "breaker_open"),))] == 3
    assert found[(fallbacks, (("reason", "transient"),))] == 0
    stats.fallbacks["transient"] = 1  # read at each scrape
    assert _samples(metrics)[(fallbacks, (("reason", "transient"),))] == 1
