"""The operator and host commands end to end through the CLI, on both backends."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from arq.connections import ArqRedis
from typer.main import get_command
from typer.testing import CliRunner

from daemon.app.container import Container, open_container, process_name
from daemon.app.redis_standin import standin_redis
from daemon.base.logs import reset_logging
from daemon.base.scope import ScopeKey
from daemon.base.settings import Settings
from daemon.cli import app
from daemon.cli.program import CliState
from daemon.store import memory as memory_store
from daemon.store.memory import writes as memory_writes  # seeds the store unscreened
from tests.harness import publish_fixture, run_pipeline

PROJECT = ["--project", "github.com/acme/billing", "--tenant", "acme"]


class Cli:
    def __init__(self, settings: Settings, redis: ArqRedis, backend: str) -> None:
        self.settings = settings
        if backend == "fake":
            server = redis.connection_pool.connection_kwargs["server"]
            self.factory: Callable[[str], Any] = lambda url: standin_redis(server)
        else:
            self.factory = lambda url: ArqRedis.from_url(url)

    def invoke(self, *args: str, input: str | None = None) -> Any:
        state = CliState(settings=self.settings, redis_factory=self.factory)
        return CliRunner().invoke(app, list(args), obj=state, input=input)

    def json(self, *args: str) -> Any:
        result = self.invoke(*args, "--json")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    def setup(self, body: Callable[[Container], Awaitable[Any]]) -> Any:
        async def run() -> Any:
            rt = await open_container(self.settings, redis=self.factory(self.settings.redis_url))
            try:
                return await body(rt)
            finally:
                await rt.close()

        return asyncio.run(run())


@pytest.fixture
def cli(settings: Settings, redis: ArqRedis, backend: str) -> Iterator[Cli]:
    yield Cli(settings, redis, backend)
    reset_logging()


async def _pipeline(rt: Container) -> None:
    for name in ("billing-fix", "style-feedback", "agent-saved"):
        await publish_fixture(rt, name)
    await rt.redis.xadd(rt.keys.stream, {"event": b"{not json"})
    await run_pipeline(rt)


def test_status_exit_codes_and_json(cli: Cli) -> None:
    # A loaded machine may answer a PING slowly: that finding is not what is tested here.
    health = cli.settings.health.model_copy(update={"redis_latency_degraded_ms": 60_000.0})
    cli.settings = cli.settings.model_copy(update={"health": health})
    cli.setup(_pipeline)
    degraded = cli.invoke("status", "--json")  # one dead letter
    assert degraded.exit_code == 1, degraded.output
    data = json.loads(degraded.stdout)
    assert data["level"] == "degraded" and data["live_workers"] == 1
    assert [f["check"] for f in data["findings"]] == ["dead_letters"]
    cli.invoke("dlq", "purge", "--all", "--yes")
    ok = cli.invoke("status", "--json")
    assert ok.exit_code == 0, ok.stdout
    cli.setup(lambda rt: rt.redis.delete(rt.keys.worker(process_name())))
    down = cli.invoke("status")
    assert down.exit_code == 2 and "no live worker" in down.stdout


def test_dlq_commands(cli: Cli) -> None:
    cli.setup(_pipeline)
    listed = cli.json("dlq", "list")
    assert listed["count"] == 1 and "not JSON" in listed["letters"][0]["reason"]
    letter = listed["letters"][0]["id"]
    assert cli.json("dlq", "show", letter)["payload"] == "{not json"
    replay = cli.invoke("dlq", "replay", letter)
    assert replay.exit_code == 1 and "still unreadable" in replay.stderr
    assert cli.invoke("dlq", "replay").exit_code == 2
    no = cli.invoke("dlq", "purge", "--all", input="n\n")
    assert no.exit_code == 1 and cli.json("dlq", "list")["count"] == 1
    assert "deleted 1" in cli.invoke("dlq", "purge", letter, input="y\n").stdout
    assert "no dead letters" in cli.invoke("dlq", "list").stdout


def test_sessions_and_runs_commands(cli: Cli) -> None:
    cli.setup(_pipeline)
    sessions = cli.json("sessions", "list", "--user", "dana")
    assert len(sessions) == 2 and all(s["turns_behind"] == 0 for s in sessions)
    shown = cli.json("sessions", "show", sessions[0]["session_id"])
    assert shown["runs"] and shown["cursor_turn"] == shown["last_turn"]
    assert "extraction queued" in cli.invoke("sessions", "retry", shown["session_id"]).stdout
    assert cli.invoke("sessions", "show", "nope").exit_code == 1
    runs = cli.json("runs", "list", "--session", shown["session_id"])
    assert runs and runs[0]["session_id"] == shown["session_id"]
    assert cli.json("runs", "show", str(runs[0]["id"]))["id"] == runs[0]["id"]
    assert "session_id" in cli.invoke("runs", "list").stdout


def test_memories_commands_and_export_import(cli: Cli, tmp_path: Path) -> None:
    cli.setup(_pipeline)
    listed = cli.json("memories", "list", "--user", "dana")
    assert {m["type"] for m in listed} == {"user"}
    target = listed[0]["id"]
    hits = cli.json("memories", "search", "early returns", *PROJECT, "--user", "dana")
    assert hits and hits[0]["user"] == "dana"
    for command in ("pin", "unpin", "forget", "restore"):
        result = cli.invoke("memories", command, str(target))
        assert result.exit_code == 0, result.output
    assert cli.invoke("memories", "restore", str(target)).exit_code == 1
    history = cli.json("memories", "show", str(target))["history"]
    assert [(h["action"], h["actor"]) for h in history][1:] == [
        ("pin", "operator"),
        ("unpin", "operator"),
        ("delete", "operator"),
        ("restore", "operator"),
    ]
    export = tmp_path / "memories.jsonl"
    assert cli.invoke("memories", "export", "-o", str(export)).exit_code == 0
    lines = export.read_text().splitlines()
    assert len(lines) == len(cli.json("memories", "list"))
    again = cli.json("memories", "import", str(export))
    assert (again["imported"], again["unchanged"]) == (0, len(lines))
    export.write_text("oops\n")
    assert cli.invoke("memories", "import", str(export)).exit_code == 1


def test_a_store_holding_an_empty_title_exports_and_imports(cli: Cli, tmp_path: Path) -> None:
    """An older version kept content "." with an empty title; its export then failed to
    import (exit 1). What the store holds imports."""

    async def older_junk(rt: Container) -> None:
        async with rt.store.begin() as conn:
            await memory_writes.create(
                conn,
                ScopeKey(project="acme/billing"),
                type_="project",
                memory_class="durable",
                title="",
                content=".",
                prov=memory_store.Provenance(actor=memory_store.Actor.RUN),
                now=rt.clock.now(),
            )

    cli.setup(older_junk)
    export = tmp_path / "memories.jsonl"
    assert cli.invoke("memories", "export", "-o", str(export)).exit_code == 0
    result = cli.invoke("memories", "import", str(export), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["unchanged"] == 1


def test_erase_command(cli: Cli) -> None:
    cli.setup(_pipeline)
    assert cli.invoke("erase").exit_code == 2
    assert cli.invoke("erase", "--user", "dana", input="n\n").exit_code == 1
    report = cli.json("erase", "--user", "dana", "--yes")
    assert report["sessions"] == 2 and report["removed"]["memories"] == 2
    assert cli.json("memories", "list", "--user", "dana") == []
    assert cli.json("memories", "list", "--user", "sam")


def test_inject_and_recall_commands(cli: Cli) -> None:
    cli.setup(_pipeline)
    block = cli.invoke("inject", *PROJECT, "--user", "dana", "--query", "rounding")
    assert block.exit_code == 0 and block.stdout.startswith("# Memories\n")
    assert "## User Preferences" in block.stdout and "sam" not in block.stdout
    one = cli.json("inject", *PROJECT, "--user", "dana")
    two = cli.json("inject", *PROJECT, "--user", "dana")
    assert one["fingerprint"] == two["fingerprint"] and one["memory_ids"]
    hits = cli.json("recall", "search", "rounding invoices", *PROJECT)
    assert hits and all(h["user"] is None for h in hits)
    manifest = cli.invoke("recall", "manifest", *PROJECT, "--user", "sam")
    assert "platform team" in manifest.stdout and "early returns" not in manifest.stdout


def _commands(group: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from _commands(command, (*path, name))
        else:
            yield " ".join((*path, name)), command


def test_every_operator_command_explains_itself() -> None:
    commands = dict(_commands(get_command(app)))
    ours = [
        c
        for c in commands
        if c.split()[0]
        in {"status", "dlq", "sessions", "runs", "memories", "erase", "inject", "recall"}
    ]
    assert len(ours) >= 20 and "inject" in commands
    for name in ours:
        assert len((commands[name].help or "").strip()) > 20, name
