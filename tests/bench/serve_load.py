"""The load of ``./dev bench serve``, run in its own process: N concurrent clients, each on
one kept-alive HTTP/1.1 connection (a minimal client on asyncio streams, so that the client
costs far less than the server it measures), or on Redis for the direct XADD baseline.

``python -m tests.bench.serve_load SPEC_JSON`` prints one JSON object: the operation's
requests per second and every request's latency summary. The spec: ``{"operation": "search"
| "injection_block" | "healthz" | "publish_http" | "publish_xadd" | "publish_python",
"host", "port", "key", "clients", "requests", "warmup", "queries": [...], "events": [...],
"batch" (events a request, or a pipelined round of XADDs), "redis_url", "prefix"}``.

``publish_xadd`` appends the events' JSON as it is (no validation: a host in any language
with a Redis client); ``publish_python`` goes through memoryd's own
:class:`~daemon.events.publisher.Publisher`, which validates and re-encodes each event first
(as a Python host kit does); ``healthz`` is the floor of one HTTP request to the same server
(no key, no Redis, no body).
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from tests.bench.timing import latency_ms


class Connection:
    """One kept-alive HTTP/1.1 connection; ``request`` returns the status."""

    def __init__(self, host: str, port: int, key: str) -> None:
        self.host, self.port = host, port
        self.auth = f"Authorization: Bearer {key}\r\n"
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    async def request(self, method: str, target: str, body: bytes = b"") -> int:
        assert self.reader is not None and self.writer is not None
        head = (
            f"{method} {target} HTTP/1.1\r\nHost: {self.host}\r\n{self.auth}"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        self.writer.write(head.encode() + body)
        status_line = await self.reader.readline()
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        await self.reader.readexactly(length)
        return int(status_line.split()[1])

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            await self.writer.wait_closed()


def _http_calls(spec: dict[str, Any]) -> Callable[[int], tuple[str, str, bytes]]:
    operation = spec["operation"]
    if operation == "publish_http":
        size = spec.get("batch", 1)
        texts = [json.dumps(e) for e in spec["events"]]
        bodies = [
            (texts[i].encode() if size == 1 else f"[{','.join(texts[i : i + size])}]".encode())
            for i in range(0, len(texts) - size + 1, size)
        ]
        return lambda i: ("POST", "/v1/events", bodies[i % len(bodies)])
    if operation == "healthz":
        return lambda i: ("GET", "/healthz", b"")
    path = {
        "search": "/v1/recall/search",
        "hybrid_search": "/v1/recall/search",
        "injection_block": "/v1/recall/injection",
    }[operation]
    extra = "&mode=hybrid" if operation == "hybrid_search" else ""
    queries = [quote(q) for q in spec["queries"]]
    return lambda i: ("GET", f"{path}?query={queries[i % len(queries)]}{extra}", b"")


async def _run_http(spec: dict[str, Any]) -> dict[str, Any]:
    call = _http_calls(spec)
    expected = 202 if spec["operation"] == "publish_http" else 200
    connections = [
        Connection(spec["host"], spec["port"], spec["key"]) for _ in range(spec["clients"])
    ]
    await asyncio.gather(*(c.open() for c in connections))
    timings: list[float] = []
    failures: dict[int, int] = {}

    async def phase(first: int, count: int, timed: bool) -> None:
        counter = iter(range(first, first + count))

        async def client(conn: Connection) -> None:
            for i in counter:
                method, target, body = call(i)
                started = time.perf_counter()
                status = await conn.request(method, target, body)
                if timed:
                    timings.append((time.perf_counter() - started) * 1000)
                if status != expected:
                    failures[status] = failures.get(status, 0) + 1

        await asyncio.gather(*(client(c) for c in connections))

    await phase(0, spec["warmup"], timed=False)
    started = time.perf_counter()
    await phase(spec["warmup"], spec["requests"], timed=True)
    elapsed = time.perf_counter() - started
    await asyncio.gather(*(c.close() for c in connections))
    return _result(spec, timings, elapsed, failures)


async def _run_redis(spec: dict[str, Any]) -> dict[str, Any]:
    import redis.asyncio

    from daemon.base.redis_keys import Keys
    from daemon.events.publisher import Publisher

    client = redis.asyncio.Redis.from_url(spec["redis_url"], max_connections=spec["clients"])
    publisher = Publisher(client, Keys(spec["prefix"]))
    stream = publisher.keys.stream
    events = spec["events"]
    payloads = [json.dumps(e).encode() for e in events]
    size = spec.get("batch", 1)
    timings: list[float] = []

    async def xadd(i: int) -> None:
        if size == 1:
            await client.xadd(stream, {"event": payloads[i % len(payloads)]})
            return
        async with client.pipeline(transaction=False) as pipe:  # as Publisher.send_prepared
            for j in range(size):
                pipe.xadd(stream, {"event": payloads[(i * size + j) % len(payloads)]})
            await pipe.execute()

    async def python(i: int) -> None:  # each event validated and encoded, then appended
        if size == 1:
            await publisher.publish(events[i % len(events)])
            return
        await publisher.publish_many(events[(i * size + j) % len(events)] for j in range(size))

    send = xadd if spec["operation"] == "publish_xadd" else python

    async def phase(first: int, count: int, timed: bool) -> None:
        counter = iter(range(first, first + count))

        async def publisher() -> None:
            for i in counter:
                started = time.perf_counter()
                await send(i)
                if timed:
                    timings.append((time.perf_counter() - started) * 1000)

        await asyncio.gather(*(publisher() for _ in range(spec["clients"])))

    await phase(0, spec["warmup"], timed=False)
    started = time.perf_counter()
    await phase(spec["warmup"], spec["requests"], timed=True)
    elapsed = time.perf_counter() - started
    await client.aclose()
    return _result(spec, timings, elapsed, {})


def _result(
    spec: dict[str, Any], timings: list[float], elapsed: float, failures: dict[int, int]
) -> dict[str, Any]:
    return {
        "operation": spec["operation"],
        "clients": spec["clients"],
        "requests": len(timings),
        "requests_per_s": round(len(timings) / elapsed, 1),
        "events_per_s": round(len(timings) * spec.get("batch", 1) / elapsed, 1),
        **latency_ms(timings),
        "failures": {str(k): v for k, v in failures.items()},
    }


def main() -> None:
    spec = json.loads(sys.argv[1] if len(sys.argv) > 1 else sys.stdin.read())
    redis_side = spec["operation"] in ("publish_xadd", "publish_python")
    runner = _run_redis if redis_side else _run_http
    print(json.dumps(asyncio.run(runner(spec))))  # noqa: T201 - the result goes to the parent


if __name__ == "__main__":
    main()
