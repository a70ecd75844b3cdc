"""Compaction events become working memories; a session's end is extracted at once."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import sqlalchemy as sa

from daemon.app.container import Container, open_container
from daemon.base.clock import FakeClock
from daemon.base.redaction import redact
from daemon.events.models import TurnEvent
from daemon.maintenance.consolidate import ConsolidationPolicy, consolidate
from daemon.store.compaction import COMPACTION_CREATOR, without_secrets
from daemon.store.tables import memories, turns
from tests.base.planted import PROSE, leaked
from tests.harness import live_memories, publisher, rows, run_pipeline
from tests.maintenance.helpers import DAY, T0, history

SESSION = "sess-compact-1"
SUMMARY = (
    "The user asked to fix the flaky upload test; the retry loop was rewritten. "
    "We decided to keep uploads on the eu-west bucket because of data residency. "
    "The temporary token was sk_live_51Hq8ZPq2eZvKYlo2C9xR7dT4mWq0LbN3sUa."
)


def _event(turn: int, kind: str = "turn", **fields: Any) -> TurnEvent:
    data: dict[str, Any] = {
        "v": 1,
        "event_id": f"{SESSION}-{turn}",
        "session_id": SESSION,
        "turn": turn,
        "at": T0.isoformat(),
        "scope": {"project": "github.com/acme/uploads", "user": "ann"},
        "kind": kind,
        "messages": [{"id": f"t{turn}m0", "role": "user", "content": "Let's look at uploads."}],
    }
    data.update(fields)
    return TurnEvent.model_validate(data)


async def _summaries(rt: Container) -> list[Any]:
    return await rows(rt, "memories", memories.c.created_by == COMPACTION_CREATOR)


async def test_a_compaction_summary_is_a_working_memory_for_14_days_and_its_facts_are_kept(
    runtime: Container,
) -> None:
    await publisher(runtime).publish_many(
        [_event(1), _event(2, "compaction", summary=SUMMARY, messages=[])]
    )
    await run_pipeline(runtime)

    (summary,) = await _summaries(runtime)
    assert (summary.type, summary._mapping["class"], summary.pinned) == (
        "project",
        "working",
        False,
    )
    assert (summary.tenant, summary.project, summary.user) == ("", "github.com/acme/uploads", "ann")
    assert summary.expires_at == T0 + timedelta(days=14)
    assert summary.source_session == SESSION and summary.source_turns == "2"
    assert "eu-west bucket" in summary.content
    assert "sk_live_51Hq8ZPq2eZvKYlo2C9xR7dT4mWq0LbN3sUa" not in summary.content
    # Nor the sentence its secret was cut out of: a memory never points at a missing secret.
    assert "temporary token" not in summary.content and "[redacted" not in summary.content
    assert summary.content.endswith("(1 sentence(s) holding a secret left out.)")
    ((created,),) = [[(e.action, e.actor)] for e in await history(runtime.store, summary.id)]
    assert created == ("create", "agent")
    (turn,) = await rows(runtime, "turns", turns.c.kind == "compaction")
    assert "sk_live_" not in turn.summary  # redacted where the turn keeps it too

    durable = [m for m in await live_memories(runtime) if m.created_by != COMPACTION_CREATOR]
    decisions = [m for m in durable if m.type == "decision"]
    assert any("eu-west bucket" in m.content for m in decisions), [m.content for m in durable]
    assert all(m._mapping["class"] == "durable" for m in decisions)

    counts = await consolidate(runtime.store, ConsolidationPolicy(), now=T0 + 15 * DAY)
    assert counts["expired"] == 1
    left = {m.id for m in await live_memories(runtime)}
    assert summary.id not in left
    assert {m.id for m in decisions} <= left  # the durable fact outlives its summary


async def test_a_redelivered_compaction_event_stores_its_summary_once(runtime: Container) -> None:
    event = _event(1, "compaction", summary="We decided to ship on Fridays only.")
    await publisher(runtime).publish(event)
    await runtime.dispatcher(consumer="d1").run(burst=True)
    await publisher(runtime).publish(event)
    await runtime.dispatcher(consumer="d2").run(burst=True)
    assert len(await _summaries(runtime)) == 1


async def test_a_compaction_event_without_a_summary_stores_no_memory(runtime: Container) -> None:
    await publisher(runtime).publish(_event(1, "compaction", summary="   "))
    await runtime.dispatcher(consumer="d").run(burst=True)
    assert await _summaries(runtime) == []
    async with runtime.store.connect() as conn:
        assert (await conn.execute(sa.select(sa.func.count()).select_from(memories))).scalar() == 0


async def test_session_end_is_queued_for_now_and_a_turn_after_the_debounce(
    settings_factory: Any, redis: Any
) -> None:
    clock = FakeClock(T0)
    rt = await open_container(
        settings_factory(extraction={"debounce_s": 45}), redis=redis, clock=clock
    )
    try:
        ended = _event(1, "session_end")
        ongoing = _event(1, session_id="sess-ongoing", event_id="ongoing-1")
        await publisher(rt).publish_many([ended, ongoing])
        await rt.dispatcher(consumer="d").run(burst=True)
        now_ms = T0.timestamp() * 1000
        assert await redis.zscore(rt.keys.queue, rt.keys.extract_job_id(SESSION)) == now_ms
        later = await redis.zscore(rt.keys.queue, rt.keys.extract_job_id("sess-ongoing"))
        assert later == now_ms + 45_000
    finally:
        await rt.store.close()


async def test_the_summary_lifetime_is_what_ingest_is_given(runtime: Container) -> None:
    from daemon.store.transcripts.ingest import ingest
    from daemon.store.transcripts.prepared import PreparedTurn

    event = _event(3, "compaction", summary="We decided to pin numpy below 2.")
    async with runtime.store.begin() as conn:
        await ingest(conn, [PreparedTurn(event, ())], T0, summary_lifetime=timedelta(days=3))
    (summary,) = await _summaries(runtime)
    assert summary.expires_at == T0 + timedelta(days=3)


async def test_no_planted_secret_reaches_the_turn_summary_or_its_memory(runtime: Container) -> None:
    """Every planted form (other languages, a command, a header, a hex token) is gone from
    ``turns.summary`` and from the summary's memory; the sentences without one are kept."""
    summary = f"We decided to keep uploads on the eu-west bucket.\n{PROSE}"
    await publisher(runtime).publish_many([_event(1), _event(2, "compaction", summary=summary)])
    await runtime.dispatcher(consumer="d").run(burst=True)
    (turn,) = await rows(runtime, "turns", turns.c.kind == "compaction")
    assert leaked(turn.summary) == []
    (kept,) = await _summaries(runtime)
    assert leaked(f"{kept.title}\n{kept.content}") == []
    assert "eu-west bucket" in kept.content


# Values redaction leaves (nothing in their shape says "secret") that a credential word
# announces: derived text is held to the memory gate's reading, not to redaction's.
# (Redaction now reads "is still", "ist jetzt" before a value: these put more between.)
ANNOUNCED = (
    "La chiave del relay è, da ieri sera, moss7quay.",
    "El secreto del webhook es, desde el lunes, pardo-Rio8.",
    "Der Schlüssel für das Relais ist seit gestern Abend moss7quay.",
)


def test_a_sentence_that_still_reads_as_holding_a_credential_is_left_out() -> None:
    for said in ANNOUNCED:
        assert redact(said)[0] == said  # what redaction does not cut
        text = f"The exporter retries uploads twice. {said} Deploys go out on Tuesdays."
        kept = without_secrets(text)
        assert kept == (
            "The exporter retries uploads twice. Deploys go out on Tuesdays.\n"
            "(1 sentence(s) holding a secret left out.)"
        ), said
        assert without_secrets(said) is None


def test_talk_about_credentials_without_one_is_kept_as_it_is() -> None:
    text = (
        "Rotate the relay password every 90 days. The webhook secret lives in Vault at "
        "secret/relay. Passwords need 12 characters."
    )
    assert without_secrets(text) == text
