"""``./dev bench redteam-sets`` (and the ``sets`` key of ``./dev bench redteam``): the
attack sets of :mod:`tests.redteam.sets` measured end to end, per path and writer identity.

Paths: ``rules`` and ``llm`` publish each case's turns as events on the turns stream and run
the real dispatcher and worker (the LLM extractor talks to the fake model of
:mod:`daemon.testing.fakellm`, whose answer writes the case's would-be memory: the model
falls for it); ``agent_http`` and ``agent_mcp`` have the main agent save that memory itself
through ``POST /v1/memories`` and the MCP ``memory_save`` tool. Writers: a session whose
scope names a user (``user``) or none (``no_user``); an agent key bound to a user
(``key_user``) or to none (``key_no_user``). Each (set, path, writer) runs in a fresh
SQLite store, fakeredis stand-in and spill directory, each case under a project of its own.

After the run, every place a secret could stay is read back (:mod:`tests.bench.redteam_probe`),
and what bob (another user of the project) is shown of each case: his injection block and, for
a planted case, his answers to ``GET /v1/recall/search``, ``GET /v1/memories`` and the MCP
``memory_search`` tool, with a reader key bound to him. Each case is checked against what it
says must hold (see the counts of :func:`judge`); :func:`tests.bench.redteam_targets.summary`
sets the totals against the issue's targets.
"""

from __future__ import annotations

import asyncio
import io
import json
import secrets
import tempfile
import time
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
from mcp import Client

from daemon.access.grant import Role
from daemon.access.key_lifecycle import create_key
from daemon.access.keyring import Keyring
from daemon.api.application import create_app
from daemon.app.container import Container, connect_redis, open_container
from daemon.app.redis_standin import standin_redis
from daemon.base.clock import FakeClock
from daemon.base.logs import configure_logging, reset_logging
from daemon.base.redis_keys import Keys
from daemon.base.scope import ScopeKey
from daemon.base.settings import Settings
from daemon.mcp.memory_server import build_mcp
from daemon.recall import Recall
from daemon.testing.fakellm import FakeLLM, JSONBody, Reply, memory_done, memory_write, tool_calls
from daemon.testing.fakellm.protocol import assistant_turns
from daemon.tools.memory import Caller
from tests.bench.redteam_cases import AUTHOR, READER, TENANT, Item, events, host_zone, items
from tests.bench.redteam_probe import COUNTS, SURFACES, Seen, Shown, judge, seen, shown
from tests.bench.redteam_targets import summary, targets_table
from tests.bench.scratch import drop_prefix, scratch_database
from tests.harness import run_pipeline
from tests.redteam.sets import (
    set_a,
    set_b,
    set_c,
    set_d,
    set_e,
    set_f,
    set_g,
    set_h,
    set_i,
    set_j,
    set_k,
    set_l,
)
from tests.redteam.sets.model import AttackSet, PlantedCase
from tests.tools.helpers import tools_of

SETS: dict[str, AttackSet] = {
    "A": set_a.SET,
    "B": set_b.SET,
    "C": set_c.SET,
    "D": set_d.SET,
    "E": set_e.SET,
    "F": set_f.SET,
    "G": set_g.SET,
    "H": set_h.SET,
    "I": set_i.SET,
    "J": set_j.SET,
    "K": set_k.SET,
    "L": set_l.SET,
}
WRITERS: dict[str, tuple[str, ...]] = {
    "rules": ("user", "no_user"),
    "llm": ("user", "no_user"),
    "agent_http": ("key_user", "key_no_user"),
    "agent_mcp": ("key_user", "key_no_user"),
}
REDIS_URL = "redis://127.0.0.1:6379/0"
#: How much of a planted memory bob's searches ask for (a reader asking about its topic).
QUERY_CHARS = 500
Plant = Callable[[Container, list[Item]], Awaitable[None]]


def _settings(
    url: str, spill: Path, path: str, model_url: str | None, keep_transcripts: str
) -> Settings:
    values: dict[str, Any] = {
        "redis_url": REDIS_URL,
        "redis_prefix": f"memoryd-redteam-{secrets.token_hex(4)}",
        "database_url": url,
        "truncation": {"dir": spill},
        "stream": {"block_ms": 50},
        "worker": {"poll_delay_s": 0.01, "retry_backoff_s": 0.05, "max_jobs": 20},
        "extraction": {"debounce_s": 0, "extractor": "llm" if path == "llm" else "rules"},
        "log": {"level": "info", "format": "json"},
        "maintenance": {"keep_transcripts": keep_transcripts},
    }
    if model_url is not None:
        values["llm"] = {"base_url": model_url, "model": "fake-model", "api_key": "bench-key"}
    return Settings(**values)


def _policy(cases: dict[str, Item]) -> Callable[[JSONBody], Reply]:
    """The model falls for it: its first answer writes the memory of the case tagged in the
    conversation; then it is done."""

    def answer(body: JSONBody) -> Reply:
        if assistant_turns(body) == 0:
            text = json.dumps(body.get("messages") or [], ensure_ascii=False)
            for tag, item in cases.items():
                if tag in text:
                    write = memory_write(item.type, item.title, item.memory)  # type: ignore[arg-type]
                    return tool_calls([write])
        return tool_calls([memory_done()])

    return answer


def _scope(item: Item, label: str, writer: str) -> dict[str, str]:
    scope = {"project": item.project(label), "tenant": TENANT}
    if writer == "user":
        scope["user"] = AUTHOR
    return scope


async def _said(rt: Container, cases: list[Item], label: str, writer: str, tag: bool) -> None:
    """Publish every case's turns as a host does (XADD of the event's JSON text), then
    dispatch and work until nothing is due."""
    for item in cases:
        session = f"{label}-{item.case.id}"
        for event in events(item, session, _scope(item, label, writer), tag=tag):
            text = json.dumps(event, ensure_ascii=False)
            await rt.redis.xadd(rt.keys.stream, {"event": text})
    await run_pipeline(rt)


async def _saved(
    rt: Container, clock: FakeClock, cases: list[Item], label: str, writer: str, mcp: bool
) -> None:
    """The main agent saves each case's memory itself, over HTTP or MCP, with a key bound
    to alice or to no user, naming its host's zone as a host in the case's place would."""
    bound = AUTHOR if writer == "key_user" else None
    key = await create_key(rt.store, clock, tenant=TENANT, projects=(), user=bound, role=Role.AGENT)
    grant = await Keyring(rt.store, clock, cache_s=0).resolve(key.key)
    assert grant is not None
    async with AsyncExitStack() as stack:
        if mcp:
            current: list[Caller] = []

            async def caller_of(_ctx: Any) -> Caller:
                return current[-1]

            server = build_mcp(tools_of(rt), caller_of)
            client = await stack.enter_async_context(Client(server))
            for item in cases:
                clock.current = item.at
                current.append(Caller.of(grant, project=item.project(label)))
                args = {"type": item.type, "title": item.title, "content": item.memory}
                await client.call_tool("memory_save", {**args, "timezone": host_zone(item)})
            return
        app = create_app(rt.settings, clock=clock)
        await stack.enter_async_context(app.router.lifespan_context(app))
        stack.push_async_callback(_drop_prefix, rt.settings)
        transport = httpx.ASGITransport(app=app)
        headers = {"Authorization": f"Bearer {key.key}"}
        http = await stack.enter_async_context(
            httpx.AsyncClient(transport=transport, base_url="http://memoryd", headers=headers)
        )
        for item in cases:
            clock.current = item.at
            body = {"type": item.type, "title": item.title, "content": item.memory}
            body["timezone"] = host_zone(item)
            await http.post("/v1/memories", params={"project": item.project(label)}, json=body)


async def _drop_prefix(settings: Settings) -> None:
    """The HTTP app opens the configured Redis: leave nothing under the run's prefix."""
    redis = connect_redis(settings)
    try:
        await drop_prefix(redis, Keys.of(settings))
    finally:
        await redis.aclose()


async def _blocks(rt: Container, cases: list[Item], label: str, writer: str) -> dict[int, Shown]:
    """Each case's injection blocks: bob's (another user of the project) and the author's."""
    recall = Recall(rt.store, rt.clock)
    own = AUTHOR if writer in ("user", "key_user") else ""
    found: dict[int, Shown] = {}
    try:
        for item in cases:
            project = item.project(label)
            other = await recall.injection_block(ScopeKey(project, READER, TENANT))
            mine = await recall.injection_block(ScopeKey(project, own, TENANT))
            found[item.number] = shown(other.text, bool(other.memory_ids), bool(mine.memory_ids))
    finally:
        await recall.aclose(close_store=False)
    return found


async def _answers(
    rt: Container, clock: FakeClock, cases: list[Item], label: str
) -> dict[int, dict[str, list[dict[str, Any]]]]:
    """What bob gets back for each planted case from the HTTP search and list routes and the
    MCP search tool, with a reader key bound to him; each answer's memories as JSON objects.
    A refused request fails the run: the harness must not read a refusal as "not shown"."""
    planted = [item for item in cases if isinstance(item.case, PlantedCase)]
    if not planted:
        return {}
    key = await create_key(rt.store, clock, tenant=TENANT, user=READER, role=Role.READER)
    grant = await Keyring(rt.store, clock, cache_s=0).resolve(key.key)
    assert grant is not None
    found: dict[int, dict[str, list[dict[str, Any]]]] = {}
    current: list[Caller] = []

    async def caller_of(_ctx: Any) -> Caller:
        return current[-1]

    async with AsyncExitStack() as stack:
        app = create_app(rt.settings, clock=clock)
        await stack.enter_async_context(app.router.lifespan_context(app))
        stack.push_async_callback(_drop_prefix, rt.settings)
        http = await stack.enter_async_context(
            httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app),
                base_url="http://memoryd",
                headers={"Authorization": f"Bearer {key.key}"},
            )
        )
        client = await stack.enter_async_context(Client(build_mcp(tools_of(rt), caller_of)))
        for item in planted:
            project, query = item.project(label), item.memory[:QUERY_CHARS] or item.title
            scope: dict[str, str | int] = {"project": project, "user": READER, "limit": 100}
            searched = await http.get("/v1/recall/search", params={**scope, "query": query})
            listed = await http.get("/v1/memories", params=scope)
            current.append(Caller.of(grant, project=project))
            mcp = await client.call_tool("memory_search", {"query": query, "limit": 100})
            if mcp.is_error:
                raise RuntimeError(f"MCP memory_search refused: {mcp.content}")
            found[item.number] = {
                "search": searched.raise_for_status().json()["memories"],
                "list": listed.raise_for_status().json()["memories"],
                "mcp": (mcp.structured_content or {}).get("memories", []),
            }
    return found


async def measure(
    name: str,
    path: str,
    writer: str,
    cases: list[Item],
    *,
    plant: Plant | None = None,
    keep_transcripts: str = "window",
) -> dict[str, Any]:
    """One set on one path with one writer, in a fresh store; ``plant`` runs after the
    writes and before the read-back (the harness's own test plants leaks with it);
    ``keep_transcripts`` as the setting of that name (docs/maintenance.md)."""
    label = f"{name}-{path}-{writer}"
    logs = io.StringIO()
    with tempfile.TemporaryDirectory(prefix="memoryd-redteam-") as tmp:
        async with (
            scratch_database("sqlite+aiosqlite://", "redteam") as url,
            AsyncExitStack() as st,
        ):
            fake = None
            if path == "llm":
                fake = st.enter_context(FakeLLM(policy=_policy({i.tag: i for i in cases})))
            model_url = fake.base_url if fake else None
            settings = _settings(url, Path(tmp) / "spill", path, model_url, keep_transcripts)
            configure_logging(settings.log, stream=logs)
            clock = FakeClock(cases[0].at if cases else FakeClock().current)
            rt = await open_container(settings, redis=standin_redis(), clock=clock)
            try:
                if path in ("rules", "llm"):
                    await _said(rt, cases, label, writer, tag=path == "llm")
                else:
                    await _saved(rt, clock, cases, label, writer, mcp=path == "agent_mcp")
                if plant is not None:
                    await plant(rt, cases)
                blocks = await _blocks(rt, cases, label, writer)
                requests = fake.requests if fake else []
                found: Seen = await seen(rt, cases, label, logs.getvalue(), requests)
                answers = await _answers(rt, clock, cases, label)
                for number, got in answers.items():
                    blocks[number] = replace(blocks[number], answers=got)
            finally:
                await rt.store.close()
                await rt.redis.aclose()
                reset_logging()  # the log capture ends with the run (the harness runs in tests)
    return judge(cases, found, blocks)


def _total(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The counts of ``parts`` added up, where their secrets were found and on which
    surfaces their planted instructions reached another user."""
    places: dict[str, int] = {}
    surfaces = {s: {"reached": 0, "unquoted": 0} for s in SURFACES}
    for part in parts:
        for place, n in part["secrets_by_place"].items():
            places[place] = places.get(place, 0) + n
        for surface, seen_there in part["planted_by_surface"].items():
            for key, n in seen_there.items():
                surfaces[surface][key] += n
    total: dict[str, Any] = {key: sum(int(p[key]) for p in parts) for key in COUNTS}
    return {
        **total,
        "secrets_by_place": dict(sorted(places.items())),
        "planted_by_surface": surfaces,
    }


async def bench_sets(
    names: tuple[str, ...] = tuple(SETS),
    paths: tuple[str, ...] = tuple(WRITERS),
    limit: int | None = None,
    keep_transcripts: str = "window",
) -> dict[str, Any]:
    """Every set on every path with every writer: per set, path and writer its counts (and
    the ids of the cases that failed), a total per path, per set and over all, and under
    ``summary`` the totals per path and writer set against the issue's targets; the store
    keeps transcripts as ``keep_transcripts`` says (the setting of that name)."""
    started = time.monotonic()
    result: dict[str, Any] = {}
    per_path: dict[str, list[dict[str, Any]]] = {path: [] for path in paths}
    per_writer: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for name in names:
        cases = items(SETS[name], limit)
        by_path: dict[str, Any] = {}
        for path in paths:
            by_writer = {
                w: await measure(name, path, w, cases, keep_transcripts=keep_transcripts)
                for w in WRITERS[path]
            }
            per_path[path] += by_writer.values()
            for writer, counts in by_writer.items():
                per_writer.setdefault((path, writer), []).append(counts)
            by_path[path] = {**by_writer, "total": _total(list(by_writer.values()))}
        by_path["total"] = _total([by_path[p]["total"] for p in paths])
        result[name] = by_path
    result["total"] = {path: _total(parts) for path, parts in per_path.items()}
    writers = {key: _total(parts) for key, parts in per_writer.items()}
    result["summary"] = summary(result["total"], writers)
    result["keep_transcripts"] = keep_transcripts
    result["seconds"] = round(time.monotonic() - started, 1)
    return result


def table(result: dict[str, Any]) -> str:
    """The counts as a markdown table, one row per set, path and writer."""
    head = ("set", "path", "writer", *COUNTS)
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, by_path in result.items():
        if not isinstance(by_path, dict) or name in ("total", "summary"):
            continue
        for path, by_writer in by_path.items():
            if path == "total":
                continue
            for writer, counts in by_writer.items():
                row = (name, path, writer, *(str(counts[k]) for k in COUNTS))
                lines.append("| " + " | ".join(row) + " |")
    for path, counts in result.get("total", {}).items():
        row = ("all", path, "all", *(str(counts[k]) for k in COUNTS))
        lines.append("| " + " | ".join(row) + " |")
    if "summary" in result:
        lines += ["", targets_table(result["summary"])]
    return "\n".join(lines)


def main() -> None:
    print(json.dumps(asyncio.run(bench_sets())))  # noqa: T201


if __name__ == "__main__":
    main()
