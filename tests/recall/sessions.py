"""Sessions stored the way hosts store them (published, then dispatched), cut into windows
by the worker's own step, and embedded through the fake model server's ``/v1/embeddings``;
for the tests of session recall and stitching."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.settings import Settings
from daemon.embeddings import build_embedder
from daemon.embeddings.query import QueryEmbedder
from daemon.events.models import TurnEvent
from daemon.maintenance.fragment_embedding import FragmentBackfill
from daemon.maintenance.session_windows import refresh
from daemon.recall import Recall
from daemon.recall.session_recall import SessionRecallOptions
from daemon.testing.fakellm import FakeLLM
from tests.harness import publisher

T0 = datetime(2026, 10, 5, 9, tzinfo=UTC)

#: One meaning for the words of message queues, so that paraphrases meet.
CONCEPTS = {
    "rabbitmq": "broker",
    "nats": "broker",
    "jetstream": "broker",
    "queue": "broker",
    "message": "broker",
    "broker": "broker",
}


def turn(
    session: str,
    number: int,
    scope: dict[str, str],
    *,
    user: str = "",
    assistant: str = "",
    summary: str | None = None,
    day: int = 0,
) -> TurnEvent:
    messages = []
    if user:
        messages.append({"id": f"{session}-{number}-u", "role": "user", "content": user})
    if assistant:
        messages.append({"id": f"{session}-{number}-a", "role": "assistant", "content": assistant})
    data: dict[str, Any] = {
        "v": 1,
        "event_id": f"{session}-{number}",
        "session_id": session,
        "turn": number,
        "at": (T0 + timedelta(days=day, minutes=number)).isoformat(),
        "scope": scope,
        "kind": "compaction" if summary is not None else "turn",
        "messages": messages,
    }
    if summary is not None:
        data["summary"] = summary
    return TurnEvent.model_validate(data)


async def store_session(
    rt: Container, session: str, events: Sequence[TurnEvent], *, window_turns: int = 8
) -> None:
    """Publish and dispatch ``events``, then cut the session's windows as the worker does."""
    await publisher(rt).publish_many(list(events))
    await rt.dispatcher(consumer="test-dispatcher").run(burst=True)
    tenant = events[0].scope.tenant or ""
    await refresh(rt.store, session, tenant=tenant, now=T0, window_turns=window_turns)


def summarized(
    session: str, scope: dict[str, str], summary: str, *, said: str = "", day: int = 0
) -> list[TurnEvent]:
    """A session of one exchange and a compaction that summarizes it: one window."""
    return [
        turn(session, 1, scope, user=said or "Let's go on.", assistant="Done.", day=day),
        turn(session, 2, scope, summary=summary, day=day),
    ]


def said(session: str, scope: dict[str, str], text: str, *, day: int = 0) -> list[TurnEvent]:
    """A session of one turn in which the user said ``text``: one window, no summary."""
    return [turn(session, 1, scope, user=text, day=day)]


def embedder_of(fake: FakeLLM, **concepts: str) -> QueryEmbedder:
    fake.embeddings.concepts.update(CONCEPTS | concepts)
    settings = Settings(
        embeddings={
            "provider": "openai",
            "base_url": fake.base_url,
            "api_key": "k",
            "model": "fake-embedding",
            "dimensions": 64,
        }
    )
    built = build_embedder(settings)
    assert built is not None
    return QueryEmbedder(built)


async def embed_all(rt: Container, embedder: QueryEmbedder) -> int:
    """Embed every pending window (the worker's pass); returns how many."""
    report = await FragmentBackfill(embedder.embedder, rt.clock).run(rt.store)
    assert not report.retry, report.error
    return report.embedded


_OPEN: list[Recall] = []


def recall_of(rt: Container, embedder: QueryEmbedder | None = None, **options: Any) -> Recall:
    """A Recall over ``rt``'s store on the fake clock, its session recall options the
    defaults but ``options``; closed by :func:`close_recalls`."""
    made = Recall(
        rt.store,
        FakeClock(T0),
        sessions=replace(SessionRecallOptions(), **options),
        embedder=embedder,
    )
    _OPEN.append(made)
    return made


async def close_recalls() -> None:
    """Close every Recall :func:`recall_of` made (their surfacing writes done): while the
    store is still open, or a flush after it closed would open a connection nobody closes."""
    while _OPEN:
        await _OPEN.pop().aclose(close_store=False)
