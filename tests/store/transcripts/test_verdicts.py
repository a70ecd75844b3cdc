"""What ingest decides of each event (daemon.store.transcripts.verdicts): a re-send of a
stored turn is a duplicate, an event that contradicts what is stored is rejected with the
reason, and the store names a message id a session already holds."""

from __future__ import annotations

from datetime import UTC, datetime

from daemon.app.container import Container
from daemon.events.models import TurnEvent
from daemon.store.transcripts.ingest import ingest
from daemon.store.transcripts.prepared import PreparedMessage, PreparedTurn
from daemon.store.transcripts.verdicts import IngestResult, refusal_reason, turn_digest

NOW = datetime(2026, 11, 18, 12, tzinfo=UTC)


def _turn(event_id: str, turn: int, *said: str, session_id: str = "s") -> PreparedTurn:
    event = TurnEvent.model_validate(
        {
            "v": 1,
            "event_id": event_id,
            "session_id": session_id,
            "turn": turn,
            "at": "2026-11-17T23:30:00Z",
            "scope": {"project": "p"},
        }
    )
    messages = tuple(PreparedMessage(f"{event_id}-m{i}", "user", s) for i, s in enumerate(said))
    return PreparedTurn(event, messages)


def test_the_digest_is_of_what_a_turn_stores_its_event_id_aside() -> None:
    first = _turn("e1", 1, "Deploys run on Fridays.")
    assert turn_digest(first) == turn_digest(first)
    renamed = PreparedTurn(first.event.model_copy(update={"event_id": "e2"}), first.messages)
    assert turn_digest(renamed) == turn_digest(first)
    assert turn_digest(_turn("e1", 1, "Deploys run on Mondays.")) != turn_digest(first)


async def _ingested(runtime: Container, *batch: PreparedTurn) -> IngestResult:
    async with runtime.store.begin() as conn:
        return await ingest(conn, list(batch), NOW)


def _reasons(result: IngestResult) -> list[str]:
    return [reason for _, reason in result.rejected]


async def test_a_re_send_is_a_duplicate_and_a_contradiction_is_rejected(
    runtime: Container,
) -> None:
    stored = await _ingested(runtime, _turn("e1", 1, "hello"))
    assert [t.event.event_id for t in stored.stored] == ["e1"]
    again = await _ingested(runtime, _turn("e1", 1, "hello"))
    assert (len(again.stored), len(again.duplicates), again.rejected) == (0, 1, [])
    other = await _ingested(runtime, _turn("e1", 1, "changed"))
    assert "with different content" in _reasons(other)[0]
    taken = await _ingested(runtime, _turn("e9", 1, "hello"))
    assert "already stored under event_id e1" in _reasons(taken)[0]
    moved = await _ingested(runtime, _turn("e1", 2, "hello"))
    assert "is already stored as turn 1 of session s" in _reasons(moved)[0]


async def test_the_store_names_a_message_id_the_session_already_holds(
    runtime: Container,
) -> None:
    await _ingested(runtime, _turn("e1", 1, "hello"))
    reused = PreparedTurn(_turn("e2", 2).event, _turn("e1", 1, "hello").messages)
    async with runtime.store.connect() as conn:
        reason = await refusal_reason(conn, reused)
        assert await refusal_reason(conn, _turn("e3", 3, "new")) is None
    assert reason is not None and "'e1-m0' (turn 1)" in reason
