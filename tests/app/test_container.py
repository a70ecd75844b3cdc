"""The composition root: one place builds the settings' Redis, store, clock, limits and
extractor, whoever built them closes them, and nothing else in the daemon builds them."""

from __future__ import annotations

import ast
import base64
from pathlib import Path
from typing import Any

import pytest
from arq.connections import ArqRedis
from structlog.testing import capture_logs

from daemon.app.container import Container, make_embedder, open_container
from daemon.app.redis_standin import standin_redis
from daemon.base.clock import FakeClock
from daemon.base.errors import SchemaOutOfDate
from daemon.base.redis_keys import Keys
from daemon.base.settings import Settings
from daemon.extraction.rules import RulesExtractor
from daemon.gate.screening import Limits
from daemon.maintenance.scheduled import run_job
from tests.backends import SqliteTemplate


def _settings(url: str) -> Settings:
    return Settings(database_url=url, redis_prefix="acme")


async def test_the_container_refuses_an_out_of_date_schema(
    tmp_path: Path,
) -> None:
    redis = standin_redis()
    try:
        with pytest.raises(SchemaOutOfDate, match="the database is empty"):
            await open_container(
                _settings(f"sqlite+aiosqlite:///{tmp_path / 'empty.db'}"), redis=redis
            )
        assert await redis.ping()  # the caller's client is the caller's to close
    finally:
        await redis.aclose()


async def test_one_container_serves_a_maintenance_job(
    sqlite_template: SqliteTemplate, tmp_path: Path
) -> None:
    """What the CLI, a worker and the health probe build is what the jobs take."""
    url = sqlite_template.copy_to(tmp_path / "memoryd.db")
    clock = FakeClock()
    container = await open_container(_settings(url), redis=standin_redis(), clock=clock)
    try:
        assert isinstance(container, Container)
        assert container.keys == Keys("acme") and container.clock is clock
        result = await run_job(container, "retention", dry_run=True)
        assert result.outcome == "ok" and result.started_at == clock.now()
    finally:
        await container.close()


async def test_redis_is_made_on_first_use_and_only_then_closed(
    sqlite_template: SqliteTemplate, tmp_path: Path
) -> None:
    """A command that reads only the store never makes a Redis client (nor imports arq's)."""
    url = sqlite_template.copy_to(tmp_path / "memoryd.db")
    container = await open_container(_settings(url))
    assert container._redis is None
    await container.close()
    assert container._redis is None  # closing did not make one either

    container = await open_container(_settings(url))
    try:
        first = container.redis
        assert container.redis is first  # one client per container
        assert isinstance(first, ArqRedis)  # arq's client, on memoryd's queue
        assert first.default_queue_name == Keys("acme").queue
    finally:
        await container.close()


async def test_limits_and_the_extractor_come_from_the_settings(
    sqlite_template: SqliteTemplate, tmp_path: Path
) -> None:
    url = sqlite_template.copy_to(tmp_path / "memoryd.db")
    settings = Settings(
        database_url=url,
        redis_prefix="acme",
        extraction={"max_title_chars": 33, "max_content_chars": 444, "extractor": "rules"},
    )
    container = await open_container(settings, redis=standin_redis())
    try:
        assert container.limits == Limits(max_title_chars=33, max_content_chars=444)
        first, second = container.runner(), container.runner()
        assert isinstance(container.extractor, RulesExtractor)
        assert first.extractor is second.extractor is container.extractor  # built once
        assert first.config.limits == container.limits
    finally:
        await container.close()


async def test_embeddings_are_built_once_with_the_breaker_under_their_own_key(
    sqlite_template: SqliteTemplate, tmp_path: Path
) -> None:
    from daemon.embeddings.endpoint import OpenAIEmbedder
    from daemon.extraction.llm.breaker import RedisBreaker

    url = sqlite_template.copy_to(tmp_path / "memoryd.db")
    none = await open_container(_settings(url), redis=standin_redis())
    try:
        assert none.embedder is None and none.query_embedder is None  # keyword search only
        assert none.query_stats is None
    finally:
        await none.close()
    settings = Settings(
        database_url=url,
        redis_prefix="acme",
        embeddings={"model": "e", "dimensions": 8, "base_url": "http://127.0.0.1:9/v1"},
    )
    container = await open_container(settings, redis=standin_redis())
    try:
        embedder = container.embedder
        assert isinstance(embedder, OpenAIEmbedder) and embedder is container.embedder
        assert isinstance(embedder.breaker, RedisBreaker)
        assert embedder.breaker._key == "acme:embeddings:breaker"
        queries = container.query_embedder
        assert queries is not None and queries is container.query_embedder
        assert queries.embedder is embedder and queries.cache_size == 1024
        assert container.query_stats is queries.stats
    finally:
        await container.close()  # closes the embedder's client too
    assert make_embedder(settings).breaker is None  # type: ignore[union-attr]


#: What only the composition root builds: the store, its engine, Redis clients and limits.
BUILDERS = frozenset({"Store", "make_engine", "make_store", "connect_redis", "Limits", "from_url"})
#: Where building is the point: the root itself, and the store, which defines the store.
ROOT_DIRS = ("daemon/app/", "daemon/store/")
#: Building elsewhere on purpose, with the reason.
ALLOWED = {
    # Recall.from_url: the library entry point of a host that embeds recall, not a memoryd edge.
    ("daemon/recall/reader.py", "Store.from_url"),
    # Migrations run on an engine of their own, before any schema a store could check.
    ("daemon/cli/db.py", "make_engine"),
    # Publisher.from_url and the CLI's Redis seam (CliState.redis_factory): plain clients
    # for hosts and tests, not the daemon's store or queue.
    ("daemon/events/publisher.py", "redis.asyncio.Redis.from_url"),
    ("daemon/events/publisher.py", "redis.Redis.from_url"),
    ("daemon/cli/program.py", "redis.asyncio.Redis.from_url"),
    # Not yet given the container's limits: the LLM extractor's factory and the API's tool
    # port (owned by the memory-saving path).
    ("daemon/extraction/llm/__init__.py", "Limits.from_settings"),
}


def _dotted(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return "?"


def builds(root: Path) -> set[tuple[str, str]]:
    """Every call outside the root that builds one of :data:`BUILDERS` (by its last name)."""
    found: set[tuple[str, str]] = set()
    for package in ("daemon", "workers"):
        for path in sorted((root / package).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            if name.startswith(ROOT_DIRS):
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                called = _dotted(node.func)
                parts = called.split(".")
                if parts[-1] in BUILDERS or any(p in BUILDERS for p in parts[-2:-1]):
                    found.add((name, called))
    return found


def test_nothing_outside_the_root_builds_a_store_redis_or_limits() -> None:
    root = Path(__file__).resolve().parents[2]
    assert builds(root) - ALLOWED == set()
    assert ALLOWED - builds(root) == set(), "an allowance no longer needed: remove it"


def test_the_check_finds_a_planted_builder(tmp_path: Path) -> None:
    (tmp_path / "daemon" / "work").mkdir(parents=True)
    (tmp_path / "workers").mkdir()
    (tmp_path / "daemon" / "app").mkdir()
    (tmp_path / "daemon" / "work" / "mod.py").write_text(
        "from daemon.store.db import Store\n"
        "def f(s):\n"
        "    return Store.from_url(s.database_url), Limits(1, 2)\n",
        encoding="utf-8",
    )
    (tmp_path / "workers" / "w.py").write_text("x = connect_redis(settings)\n", encoding="utf-8")
    (tmp_path / "daemon" / "app" / "ok.py").write_text("x = make_store(s)\n", encoding="utf-8")
    assert builds(tmp_path) == {
        ("daemon/work/mod.py", "Store.from_url"),
        ("daemon/work/mod.py", "Limits"),
        ("workers/w.py", "connect_redis"),
    }


async def test_a_process_says_at_start_whether_its_data_is_stored_in_clear(
    settings_factory: Any, redis: ArqRedis
) -> None:
    """Without a data key a process warns that transcripts are stored in clear; with one it
    names the key that seals (never the key itself)."""
    key = base64.b64encode(bytes(range(32))).decode()
    for data, event, level in (
        ({}, "data_at_rest.clear", "warning"),
        ({"keys": f"k9:{key}"}, "data_at_rest.sealed", "info"),
    ):
        built = await open_container(settings_factory(data=data), redis=redis)
        try:
            with capture_logs() as logs:
                built.announce_at_rest()
        finally:
            await built.close()
        assert [(e["event"], e["log_level"]) for e in logs] == [(event, level)]
        assert key not in repr(logs)
        if data:
            assert logs[0]["primary"] == "k9"
        else:
            assert "stored in clear" in logs[0]["note"]
