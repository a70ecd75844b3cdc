"""``./dev bench serve``: ``memoryd serve`` under load, at 100,000 memories.

For each backend (SQLite in a temporary file; PostgreSQL in a scratch database beside the
given URL) the synthetic corpus of :mod:`tests.bench.corpus` is loaded into one scope, a
real ``memoryd serve`` is started on a free port, and a separate load process
(:mod:`tests.bench.serve_load`) drives it with 16 concurrent kept-alive clients: search and
the injection block (a corpus query each; the block also for a reader whose scope holds 300
windows of earlier sessions, which session recall ranks: a row with ``windows``), then
publishing one turn event per request, against the same events appended with a direct
``XADD`` by 16 concurrent Redis clients from the same process (``publish_ratio``: HTTP over
direct, same run), and the same in batches of 20 events a request against 20 pipelined XADDs
a round trip (``publish_ratio_batched``). For context (not in the ratio) the same events
through memoryd's own Python :class:`~daemon.events.publisher.Publisher`, which validates
each event first, and the floor of any HTTP request to the same process (``GET /healthz``):
``publish.measures`` says what each figure is. Publishing is judged against its own floor:
``publish_vs_floor`` (one event a request over ``GET /healthz`` of the same process,
requests/s) and ``publish_batched_vs_python`` (batches over memoryd's Python publisher,
events/s), each at least 0.5. Search and the injection block run with 1 and 2 serve workers
(``--workers``; a ``workers`` field on each row). SQLite's fairness
(:mod:`tests.bench.fairness`, as ``./dev bench fairness``): the memories spread over 100
scopes, a search in one of them against the same search in a store holding that scope alone,
p50 over p50 as ``sqlite_fairness`` (at most 2, the 4 clients' p95 under 25 ms; both stores'
figures in ``fairness``). ``only="publish"`` runs the publishing figures alone (on SQLite,
with no recall rows nor fairness), to iterate on the intake path quickly.
``met_targets.recall`` judges the front door's target on PostgreSQL's rows of one serving
process with no windows.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import sqlalchemy as sa

from daemon.access.grant import Role
from daemon.access.key_lifecycle import create_key
from daemon.base.clock import SystemClock
from daemon.base.redis_keys import Keys
from daemon.store.db import Store
from daemon.store.tables import memories, sessions
from daemon.store.transcripts.fragments import Line, Window, replace_session
from tests.bench import ROOT
from tests.bench.corpus import SCOPE, Corpus
from tests.bench.fairness import CLIENTS as FAIRNESS_CLIENTS
from tests.bench.fairness import (
    TARGET_CLIENTS_P95_MS,
    TARGET_RATIO,
    bench_fairness,
    fairness_summary,
)
from tests.bench.scratch import drop_prefix, scratch_database, settle

MEMORIES = 100_000
CLIENTS = 16
#: Earlier sessions' windows (of four turns) a second reader's scope holds: its injection
#: block ranks them too (a row of its own, ``windows``; the other rows read none).
WINDOWS = 300
#: That reader: a user of the bench's project, who sees its shared memories and its own
#: sessions.
SESSIONS_USER = "bench-sessions"
TARGET_REQUESTS_PER_S = 1000.0
TARGET_P95_MS = 25.0
TARGET_PUBLISH_RATIO = 0.5
#: Publishing judged against its own floor (the front door's decision): each at least half.
TARGET_VS_FLOOR = 0.5
TARGET_VS_PYTHON = 0.5
#: HTTP hybrid search (``mode=hybrid``, 16 clients, PostgreSQL with pgvector).
TARGET_HYBRID_P95_MS = 25.0
#: The scopes the memories are spread over in the ``sqlite_fairness`` figure (each of
#: 1,000 memories at 100,000), at least this many memories each, and its timed searches.
SCOPES = 100
FAIRNESS_MIN_SCOPE = 100
FAIRNESS_CALLS = 300
#: Events a request in the batched publishing figure (and XADDs a pipelined round).
BATCH = 20
PUBLISH_MEASURES = {
    "http": "POST /v1/events from 16 kept-alive clients: each event decoded, validated and "
    "scope-checked as the dispatcher would, then appended (the key checked and counted too)",
    "xadd": "the same events' JSON appended by 16 Redis clients with a direct XADD, "
    "unvalidated (the ratio's baseline, as a host with Redis credentials publishes)",
    "python": "the same events through memoryd's Python Publisher, 16 concurrent tasks: each "
    "validated and encoded first (as a Python host kit), then XADD",
    "http_floor": "GET /healthz from the same clients: one HTTP request with no key, no Redis "
    "and no body, the most any route of this process can answer",
}
_BATCH = 2_000


async def _load(store: Store, corpus: Corpus, count: int) -> None:
    rows = corpus.rows(0, count)
    while batch := [row for _, row in zip(range(_BATCH), rows, strict=False)]:
        async with store.begin() as conn:
            await conn.execute(sa.insert(memories), batch)
    await settle(store)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def _serving(env: dict[str, str]) -> Iterator[int]:
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "daemon", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"memoryd serve exited {process.returncode}")
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _load_process(spec: dict[str, Any]) -> dict[str, Any]:
    """Run one operation's load in a separate process; its JSON result."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-m", "tests.bench.serve_load"],
        env={**os.environ, "PYTHONPATH": path},  # the development tree, wherever run from
        input=json.dumps(spec),
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the load process failed: {done.stderr[-1000:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _events(count: int) -> list[dict[str, Any]]:
    corpus = Corpus(seed=11)
    run = secrets.token_hex(4)
    return [
        {
            "v": 1,
            "event_id": f"bench-{run}-{i}",
            "session_id": f"bench-{run}-{i // 20}",
            "turn": i % 20,
            "at": "2026-11-24T09:00:00Z",
            "scope": {"project": SCOPE.project, "user": SCOPE.user},
            "messages": [
                {"id": "m0", "role": "user", "content": corpus.query() * 4},
                {"id": "m1", "role": "assistant", "content": corpus.query() * 4},
            ],
        }
        for i in range(count)
    ]


async def _keys(url: str) -> tuple[str, str, str]:
    """A reader's key and a host's for the bench's scope, and a reader's for
    :data:`SESSIONS_USER`."""
    store = Store.from_url(url, pool_size=1)
    wanted = ((Role.READER, SCOPE.user), (Role.HOST, SCOPE.user), (Role.READER, SESSIONS_USER))
    try:
        made = [
            await create_key(
                store,
                SystemClock(),
                tenant=SCOPE.tenant,
                projects=(SCOPE.project,),
                user=user,
                role=role,
            )
            for role, user in wanted
        ]
    finally:
        await store.close()
    return made[0].key, made[1].key, made[2].key


async def _sessions(store: Store, corpus: Corpus, count: int) -> None:
    """``count`` windows of four turns, two a session, of :data:`SESSIONS_USER`'s sessions
    in the bench's project, as the worker cuts them."""
    start = datetime(2026, 11, 1, tzinfo=UTC)
    for number in range(count // 2):
        session = f"bench-session-{number}"
        at = start + timedelta(minutes=10 * number)
        windows = [
            Window(
                first_turn=4 * w,
                last_turn=4 * w + 3,
                at=at + timedelta(minutes=w),
                summary=None,
                lines=tuple(
                    Line(4 * w + t, ("user", "assistant")[t % 2], corpus.query() * 6)
                    for t in range(4)
                ),
            )
            for w in range(2)
        ]
        async with store.begin() as conn:
            await conn.execute(
                sa.insert(sessions).values(
                    session_id=session,
                    tenant=SCOPE.tenant,
                    project=SCOPE.project,
                    user=SESSIONS_USER,
                    first_seen_at=at,
                    last_event_at=at + timedelta(minutes=2),
                    last_turn=7,
                )
            )
            await replace_session(
                conn,
                tenant=SCOPE.tenant,
                project=SCOPE.project,
                user=SESSIONS_USER,
                session_id=session,
                windows=windows,
                now=at,
            )


def _row(
    backend: str, result: dict[str, Any], memories_count: int, workers: int = 1, windows: int = 0
) -> dict[str, Any]:
    return {
        "backend": backend,
        "operation": result["operation"],
        "workers": workers,
        "memories": memories_count,
        "windows": windows,
        "clients": result["clients"],
        "requests_per_s": result["requests_per_s"],
        "p50_ms": result["p50_ms"],
        "p95_ms": result["p95_ms"],
        "requests": result["requests"],
        "failures": result["failures"],
    }


async def _bench_backend(
    url: str,
    backend: str,
    *,
    redis_url: str,
    memories_count: int,
    clients: int,
    requests: int,
    publish: bool,
    workers: tuple[int, ...] = (1,),
) -> tuple[list[dict[str, Any]], dict[Any, Any] | None]:
    corpus = Corpus()
    async with scratch_database(url, "serve") as scratch:
        store = Store.from_url(scratch, pool_size=2)
        try:
            await _load(store, corpus, memories_count)
            if memories_count:
                await _sessions(store, corpus, WINDOWS)
        finally:
            await store.close()
        reader, host, sessions_reader = await _keys(scratch)
        prefix = f"mdbench-serve-{secrets.token_hex(4)}"
        env = {k: v for k, v in os.environ.items() if not k.startswith("MEMORYD_")}
        env.update(
            {
                "MEMORYD_DATABASE_URL": scratch,
                "MEMORYD_REDIS_URL": redis_url,
                "MEMORYD_REDIS_PREFIX": prefix,
                "MEMORYD_LOG__LEVEL": "warning",
                "MEMORYD_API__RATE_LIMIT": "1000000000",
            }
        )
        queries = [corpus.query() for _ in range(500)]
        base = {"host": "127.0.0.1", "clients": clients, "requests": requests}
        warmup = max(clients * 4, requests // 20)
        rows: list[dict[str, Any]] = []
        publishing: dict[Any, Any] | None = None
        try:
            for count in workers:
                served = {**env, "MEMORYD_API__WORKERS": str(count)}
                with _serving(served) as port:
                    for operation, key, windows in (
                        ("search", reader, 0),
                        ("injection_block", reader, 0),
                        ("injection_block", sessions_reader, WINDOWS),
                    ):
                        spec = {
                            **base,
                            "port": port,
                            "key": key,
                            "operation": operation,
                            "warmup": warmup,
                            "queries": queries,
                        }
                        result = await asyncio.to_thread(_load_process, spec)
                        rows.append(_row(backend, result, memories_count, count, windows))
            if publish:  # one process: publishing is judged against its own floor
                with _serving(env) as port:
                    publishing = {"backend": backend}
                    events = _events(1000)
                    for size in (1, BATCH):
                        common = {**base, "warmup": warmup, "events": events, "batch": size}
                        publishing[size] = {
                            "http": await asyncio.to_thread(
                                _load_process,
                                {**common, "port": port, "key": host, "operation": "publish_http"},
                            ),
                            **{
                                side: await asyncio.to_thread(
                                    _load_process,
                                    {
                                        **common,
                                        "operation": f"publish_{side}",
                                        "redis_url": redis_url,
                                        "prefix": prefix,
                                    },
                                )
                                for side in ("xadd", "python")
                            },
                        }
                    floor = {**base, "port": port, "key": host, "warmup": warmup}
                    publishing["healthz"] = await asyncio.to_thread(
                        _load_process, {**floor, "operation": "healthz"}
                    )
        finally:
            import redis.asyncio

            client = redis.asyncio.Redis.from_url(redis_url)
            await drop_prefix(client, Keys(prefix))
            await client.aclose()
    return rows, publishing


async def bench_serve(
    database_url: str,
    *,
    redis_url: str,
    postgres_url: str | None = None,
    pgvector_url: str | None = None,
    memories_count: int = MEMORIES,
    clients: int = CLIENTS,
    requests: int = 3000,
    workers: tuple[int, ...] = (1, 2),
    only: str | None = None,
) -> dict[str, Any]:
    """One JSON-able object: a ``results`` row per backend and operation, and the
    ``publish_ratio`` of HTTP publishing against direct XADD (measured on SQLite's run:
    publishing does not read the store). ``only="publish"``: the publishing figures alone;
    ``only="hybrid"``: the ``hybrid_search`` row alone."""
    if only not in (None, "publish", "hybrid"):
        raise ValueError(f"unknown part {only!r}; the parts that run alone: publish, hybrid")
    if only == "hybrid":
        return await _hybrid_alone(pgvector_url, redis_url, memories_count, clients, requests)
    if postgres_url is None and database_url.startswith("postgresql"):
        postgres_url = database_url
    backends = [("sqlite", "sqlite+aiosqlite:///unused")]
    skipped: list[str] = []
    if only == "publish":
        skipped.append("recall and sqlite_fairness: only publishing was asked for")
        workers, postgres_url, pgvector_url = (), None, None
    elif postgres_url is not None:
        backends.append(("postgresql", postgres_url))
    else:
        skipped.append("postgresql: no URL (give --postgres or a PostgreSQL database URL)")
    results: list[dict[str, Any]] = []
    publishing: dict[Any, Any] | None = None
    for index, (backend, url) in enumerate(backends):
        rows, published = await _bench_backend(
            url,
            backend,
            redis_url=redis_url,
            # publishing reads no memory: none are loaded for it alone (minutes saved)
            memories_count=0 if only == "publish" else memories_count,
            clients=clients,
            requests=requests,
            publish=index == 0,
            workers=workers,
        )
        results += rows
        publishing = publishing or published
    assert publishing is not None
    hybrid = (
        []
        if only == "publish"
        else await _hybrid(pgvector_url, redis_url, memories_count, clients, requests, skipped)
    )
    fairness = None if only == "publish" else await _fairness(memories_count, requests)

    def ratio(size: int) -> float:
        rates = {side: publishing[size][side]["events_per_s"] for side in ("http", "xadd")}
        return float(rates["http"] / rates["xadd"])

    # Publishing against its own floor: one event a request against GET /healthz of the same
    # process (requests/s), batches against memoryd's own Python publisher (events/s).
    vs_floor = publishing[1]["http"]["requests_per_s"] / publishing["healthz"]["requests_per_s"]
    vs_python = (
        publishing[BATCH]["http"]["events_per_s"] / publishing[BATCH]["python"]["events_per_s"]
    )

    def figures(size: int) -> dict[str, Any]:
        keep = ("events_per_s", "requests_per_s", "p50_ms", "p95_ms")
        sides = ("http", "xadd", "python")
        return {side: {k: publishing[size][side][k] for k in keep} for side in sides}

    # Judged as the front door decided: on PostgreSQL, one serving process, the rows of the
    # issue (no session windows; the row with them is reported beside).
    judged = [
        r
        for r in results
        if r["backend"] == "postgresql" and r["workers"] == 1 and r["windows"] == 0
    ]
    recall_met = bool(judged) and all(
        r["requests_per_s"] >= TARGET_REQUESTS_PER_S and r["p95_ms"] < TARGET_P95_MS for r in judged
    )
    return {
        "benchmark": "serve",
        "targets": {
            "recall_requests_per_s": TARGET_REQUESTS_PER_S,
            "recall_p95_ms": TARGET_P95_MS,
            "hybrid_p95_ms": TARGET_HYBRID_P95_MS,
            "publish_ratio": TARGET_PUBLISH_RATIO,
            "publish_vs_floor": TARGET_VS_FLOOR,
            "publish_batched_vs_python": TARGET_VS_PYTHON,
            "sqlite_fairness": TARGET_RATIO,
            f"sqlite_fairness_clients_{FAIRNESS_CLIENTS}_p95_ms": TARGET_CLIENTS_P95_MS,
        },
        "met_targets": {
            "recall": recall_met,
            "hybrid_p95": _hybrid_met(hybrid),
            "publish_ratio": ratio(1) >= TARGET_PUBLISH_RATIO,
            "publish_vs_floor": vs_floor >= TARGET_VS_FLOOR,
            "publish_batched_vs_python": vs_python >= TARGET_VS_PYTHON,
            "sqlite_fairness": fairness is not None and fairness["met"],
        },
        "machine": {"cpus": os.cpu_count(), "load_average_1m": round(os.getloadavg()[0], 2)},
        "results": results + hybrid,
        # The targets: one event a request against the same process's GET /healthz, and
        # batches of BATCH against memoryd's Python publisher (validated events, as HTTP).
        "publish_vs_floor": round(vs_floor, 3),
        "publish_batched_vs_python": round(vs_python, 3),
        # Kept for comparison: one event per HTTP request against one raw XADD per call.
        "publish_ratio": round(ratio(1), 3),
        # BATCH events per HTTP request against BATCH pipelined XADDs per round trip.
        "publish_ratio_batched": round(ratio(BATCH), 3),
        "publish": {
            "backend": publishing["backend"],
            "clients": clients,
            "measures": PUBLISH_MEASURES,
            "one_event": figures(1),
            f"batches_of_{BATCH}": figures(BATCH),
            "http_floor_requests_per_s": publishing["healthz"]["requests_per_s"],
        },
        # A search in a scope of 1/SCOPES of the memories among the others (SQLite), over
        # the same search in a store holding that scope alone: p50 over p50.
        "sqlite_fairness": None if fairness is None else fairness["ratio_p50"],
        "fairness": fairness,
        "skipped": skipped,
    }


async def _fairness(memories_count: int, requests: int) -> dict[str, Any]:
    """The ``sqlite_fairness`` figures (:mod:`tests.bench.fairness`): the memories spread
    over ``SCOPES`` scopes, the same searches timed in one of them and in a store holding it
    alone."""
    result = await bench_fairness(
        scopes=SCOPES,
        per_scope=max(memories_count // SCOPES, FAIRNESS_MIN_SCOPE),
        calls=min(requests, FAIRNESS_CALLS),
    )
    return fairness_summary(result)


async def _hybrid_alone(
    pgvector_url: str | None, redis_url: str, memories_count: int, clients: int, requests: int
) -> dict[str, Any]:
    """``bench_serve``'s object with the ``hybrid_search`` row alone (no recall or
    publishing rows)."""
    skipped = ["recall and publishing: only the hybrid row was asked for"]
    hybrid = await _hybrid(pgvector_url, redis_url, memories_count, clients, requests, skipped)
    return {
        "benchmark": "serve",
        "targets": {"hybrid_p95_ms": TARGET_HYBRID_P95_MS},
        "met_targets": {"hybrid_p95": _hybrid_met(hybrid)},
        "machine": {"cpus": os.cpu_count(), "load_average_1m": round(os.getloadavg()[0], 2)},
        "results": hybrid,
        "skipped": skipped,
    }


def _hybrid_met(rows: list[dict[str, Any]]) -> bool:
    return bool(rows) and all(r["p95_ms"] < TARGET_HYBRID_P95_MS for r in rows)


async def _hybrid(
    pgvector_url: str | None,
    redis_url: str,
    memories_count: int,
    clients: int,
    requests: int,
    skipped: list[str],
) -> list[dict[str, Any]]:
    """The ``hybrid_search`` row (:mod:`tests.bench.hybrid`), on a PostgreSQL with pgvector."""
    if pgvector_url is None:
        skipped.append("hybrid_search: no PostgreSQL with pgvector")
        return []
    from tests.bench.hybrid import serve_rows

    return await serve_rows(
        pgvector_url,
        redis_url=redis_url,
        memories_count=memories_count,
        clients=clients,
        requests=requests,
    )
