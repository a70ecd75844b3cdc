"""Building stored turns and memories for the LLM extractor's unit tests."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.base.settings import LLMSettings
from daemon.extraction.base import Memory, TurnRecord
from daemon.extraction.llm.breaker import NoBreaker
from daemon.extraction.llm.client import ModelClient, open_client
from daemon.extraction.llm.staging import Staging
from daemon.gate.screening import Limits
from daemon.store.memory import MemoryClass, MemoryType
from tests.records import turn_record

AT = datetime(2026, 11, 17, 9, 0, tzinfo=UTC)
SCOPE = ScopeKey("github.com/acme/billing", "dana")


def msg(role: str, content: str | None = None, **extra: Any) -> dict[str, Any]:
    return {"role": role, "content": content, **extra}


def call(call_id: str, name: str, **arguments: Any) -> dict[str, Any]:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments)},
    }


def turn(number: int, *messages: dict[str, Any], saved: bool = False) -> TurnRecord:
    return turn_record(number, AT + timedelta(minutes=number), list(messages), saved=saved)


def view(
    memory_id: int,
    content: str,
    *,
    type_: str = "project",
    pinned: bool = False,
    by: str | None = SCOPE.user,
) -> Any:
    """A memory of the run's scope written by ``by`` (the run's own user unless named)."""
    return Memory(
        id=memory_id,
        type=MemoryType(type_),
        memory_class=MemoryClass.DURABLE,
        title=content.split(".")[0][:40],
        content=content,
        pinned=pinned,
        user="",
        created_by="test",
        created_at=AT,
        updated_at=AT,
        source_user=by,
    )


class Reader:
    """An in-memory MemoryReader over fixed views."""

    def __init__(self, *views: Memory) -> None:
        self.views = {v.id: v for v in views}
        self.reads: list[int] = []

    async def manifest(self) -> list[Memory]:
        return list(self.views.values())

    async def search(self, query: str, *, limit: int = 10) -> list[Memory]:
        words = query.lower().split()
        hits = [v for v in self.views.values() if all(w in v.content.lower() for w in words)]
        return hits[:limit]

    async def read(self, memory_id: int) -> Memory | None:
        self.reads.append(memory_id)
        return self.views.get(memory_id)


def staging(*views: Memory, scope: ScopeKey = SCOPE) -> Staging:
    """The staging of a run at ``AT`` over turn 3 that has been shown ``views``."""
    s = Staging(scope=scope, limits=Limits(120, 2000), at=AT, turns=(3,))
    for v in views:
        s.show(v)
    return s


def model_client(base_url: str, *, max_concurrency: int) -> ModelClient:
    """A client of the fake model at ``base_url`` (model ``fake-model``, 2 s timeout, no
    breaker, a fake clock); close its ``client`` when done."""
    settings = LLMSettings(base_url=base_url, model="fake-model", timeout_s=2)
    return ModelClient(
        open_client(settings),
        model="fake-model",
        breaker=NoBreaker(),
        clock=FakeClock(),
        max_concurrency=max_concurrency,
    )
