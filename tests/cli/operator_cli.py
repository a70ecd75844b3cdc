"""What the operator command tests share: a ``memoryd`` invoked through typer's runner on the
test's Redis and store (both backends), and a pipeline run over three fixtures and one unreadable
entry."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from arq.connections import ArqRedis
from typer.testing import CliRunner

from daemon.app.container import Container, open_container
from daemon.app.redis_standin import standin_redis
from daemon.base.settings import Settings
from daemon.cli import app
from daemon.cli.program import CliState
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


async def pipeline(rt: Container) -> None:
    for name in ("billing-fix", "style-feedback", "agent-saved"):
        await publish_fixture(rt, name)
    await rt.redis.xadd(rt.keys.stream, {"event": b"{not json"})
    await run_pipeline(rt)
