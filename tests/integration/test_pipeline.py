"""The pipeline end to end, on fakeredis + SQLite and on the real Redis + PostgreSQL."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.events.publisher import fixture_events
from daemon.fixtures import load
from daemon.store.tables import cursors, runs
from tests.harness import (
    everything_stored,
    live_memories,
    publish_fixture,
    publisher,
    rows,
    run_pipeline,
    work,
)


def _texts(memories: list[Any]) -> list[tuple[str, str]]:
    return [(m.type, f"{m.title}\n{m.content}") for m in memories]


def _kept(memories: list[Any], expectation: dict[str, Any]) -> bool:
    return any(
        kind == expectation["type"]
        and all(word.lower() in text.lower() for word in expectation["mentions"])
        for kind, text in _texts(memories)
    )


async def test_fixture_sessions_keep_what_users_say_and_never_the_secrets(
    runtime: Container,
) -> None:
    """billing-fix and style-feedback end to end: explicit facts kept, secrets and injected
    instructions never stored anywhere (tables or truncation files)."""
    for name in ("billing-fix", "style-feedback"):
        await publish_fixture(runtime, name)
    await run_pipeline(runtime)

    memories = await live_memories(runtime)
    for name in ("billing-fix", "style-feedback"):
        for expectation in load(name)["expect"]["should_remember"]:
            if "Adyen" in expectation["mentions"]:
                continue  # stated only by a tool output: the rules extractor reads users only
            assert _kept(memories, expectation), (name, expectation, _texts(memories))
    stored = await everything_stored(runtime)
    for secret in load("billing-fix")["expect"]["must_not_store"]:
        assert secret not in "\n".join(t for _, t in _texts(memories))
    assert "sk_live_51Hq8ZPq2eZvKYlo2C9xR7dT4mWq0LbN3sUa" not in stored
    cursor_rows = await rows(runtime, "cursors")
    assert sorted(r.turn for r in cursor_rows) == [3, 4]


async def test_oversized_tool_output_is_spilled_to_a_named_file(runtime: Container) -> None:
    """The 2,600-line bash output of billing-fix turn 2 lands in the truncation store and the
    stored message ends with a notice naming the file."""
    await publish_fixture(runtime, "billing-fix")
    await runtime.dispatcher(consumer="d").run(burst=True)
    message = (await rows(runtime, "messages", sa.column("message_id") == "t2m4"))[0]
    assert message.role == "tool"
    assert "full output in truncation file mt-" in message.content
    name = message.content.rsplit("truncation file ", 1)[1].rstrip("]")
    spilled = (runtime.settings.truncation.dir / name).read_text()
    assert spilled.count("\n") > 2000
    assert len(message.content) < 10_000


async def test_agent_saved_turn_is_skipped_by_the_guard(runtime: Container) -> None:
    """agent-saved: turn 1 (the main agent saved) is not extracted, turn 2 (its write failed)
    is; the cursor moves past both."""
    await publish_fixture(runtime, "agent-saved")
    await run_pipeline(runtime)
    memories = await live_memories(runtime)
    assert _kept(memories, {"type": "user", "mentions": ["platform team"]})
    assert not any("02:00" in text for _, text in _texts(memories))
    run_rows = await rows(runtime, "runs")
    assert sum(r.guarded_turns for r in run_rows) == 1
    assert [r.turn for r in await rows(runtime, "cursors")] == [2]


async def test_redelivery_and_republish_change_nothing(runtime: Container) -> None:
    """Publishing the same events again, and re-processing entries, stores nothing new."""
    await publish_fixture(runtime, "style-feedback")
    first = await runtime.redis.xrange(runtime.keys.stream)
    await run_pipeline(runtime)
    before = await everything_stored(runtime)
    memories_before = len(await live_memories(runtime))

    await publish_fixture(runtime, "style-feedback")  # republish: new entries, same events
    entries = first + await runtime.redis.xrange(runtime.keys.stream)
    dispatcher = runtime.dispatcher(consumer="again")
    await dispatcher.process([(e[0].decode(), e[1]) for e in entries])  # redelivery of all
    await run_pipeline(runtime)

    assert dispatcher.stats.stored == 0
    assert dispatcher.stats.duplicates == 6
    assert len(await live_memories(runtime)) == memories_before
    assert len(await rows(runtime, "messages")) == 6
    assert len(await rows(runtime, "turns")) == 3
    assert (await everything_stored(runtime)).count("early returns") == before.count(
        "early returns"
    )


async def test_out_of_order_turns_are_extracted_in_order(runtime: Container) -> None:
    """Turn 3 and 2 arrive before 1: nothing is extracted past the gap until turn 1 arrives,
    then all three are covered by contiguous runs."""
    events = fixture_events(load("style-feedback"))
    pub = publisher(runtime)
    await pub.publish_many([events[2], events[1]])
    await run_pipeline(runtime)
    cursor = (await rows(runtime, "cursors"))[0]
    assert cursor.turn is None
    assert await rows(runtime, "runs") == []

    await pub.publish(events[0])
    await run_pipeline(runtime)
    cursor = (await rows(runtime, "cursors"))[0]
    assert cursor.turn == 3
    covered = sorted((r.from_turn, r.to_turn) for r in await rows(runtime, "runs"))
    assert covered[0][0] == 1 and covered[-1][1] == 3


async def test_gap_is_skipped_after_the_timeout_and_counted(
    settings_factory: Any, redis: Any
) -> None:
    """A turn that never arrives holds extraction only until the gap timeout."""
    from daemon.app.container import open_container
    from daemon.base.clock import FakeClock

    clock = FakeClock(datetime.now(UTC))
    rt = await open_container(
        settings_factory(extraction={"gap_timeout_s": 60}), redis=redis, clock=clock
    )
    try:
        events = fixture_events(load("style-feedback"))
        await publisher(rt).publish_many([events[1], events[2]])  # turn 1 never comes
        await rt.dispatcher(consumer="d").run(burst=True)
        report = await rt.runner().run(events[0].session_id, tenant="acme")
        assert report.outcome == "waiting"
        clock.advance(61)
        report = await rt.runner().run(events[0].session_id, tenant="acme")
        assert (report.from_turn, report.to_turn) == (2, 3)
        cursor = (await rows(rt, "cursors"))[0]
        assert (cursor.turn, cursor.gaps_skipped) == (3, 1)
    finally:
        await rt.store.close()


async def test_event_published_while_its_session_job_runs_is_extracted(runtime: Container) -> None:
    """arq drops an enqueue for a job id that is running; the generation check at the end of
    the job queues the session again, so the late turn is extracted."""
    events = fixture_events(load("style-feedback"))
    pub = publisher(runtime)
    await pub.publish(events[0])
    await runtime.dispatcher(consumer="d").run(burst=True)

    started = asyncio.Event()
    release = asyncio.Event()
    real_extract = runtime.runner().extractor.extract

    class Slow:
        name = "rules"

        async def extract(self, batch: Any, memories: Any) -> Any:
            started.set()
            await release.wait()
            return await real_extract(batch, memories)

    runtime.extractor = Slow()
    running = asyncio.create_task(work(runtime))
    await asyncio.wait_for(started.wait(), 10)
    await pub.publish_many(events[1:])  # arrives while turn 1 is being extracted
    await runtime.dispatcher(consumer="d").run(burst=True)
    release.set()
    await asyncio.wait_for(running, 20)

    cursor = (await rows(runtime, "cursors"))[0]
    assert cursor.turn == 3
    assert any("lowercase" in text for _, text in _texts(await live_memories(runtime)))


async def test_bad_events_are_dead_lettered_with_reasons_while_good_ones_flow(
    runtime: Container,
) -> None:
    """1,000 generated bad events (not JSON, binary, wrong types, missing fields, unknown
    version, oversized, no event field) all land in the dead-letter stream with a reason and
    their raw payload; the good events between them are stored; everything is acknowledged."""
    good = fixture_events(load("style-feedback"))
    valid = good[0].model_dump(mode="json")
    makers = [
        lambda i: {"event": b"{not json " + str(i).encode()},
        lambda i: {"event": b"\xff\xfe\x00binary" + bytes([i % 256])},
        lambda i: {"event": (b'{"v": 1, "event_id": %d}' % i)},
        lambda i: {"event": b'{"v": 2, "session_id": "s"}'},
        lambda i: {"event": b"[1, 2, 3]"},
        lambda i: {"nothing": b"here"},
        lambda i: {"event": b'{"v": 1, "turn": "x"}'},
        lambda i: {
            "event": __import__("json")
            .dumps(
                {
                    **valid,
                    "event_id": f"big-{i}",
                    "turn": 100 + i,
                    "messages": [{"id": "m", "role": "user", "content": "x" * 1_100_000}],
                }
            )
            .encode()
        },
    ]
    pipe = runtime.redis.pipeline(transaction=False)
    for i in range(1000):
        pipe.xadd(runtime.keys.stream, makers[i % len(makers)](i))
        if i % 400 == 0:
            pipe.xadd(runtime.keys.stream, {"event": good[i // 400].model_dump_json().encode()})
    await pipe.execute()

    stats = await runtime.dispatcher(consumer="d").run(burst=True)
    assert stats.dead == 1000
    assert stats.stored == 3
    dead = await runtime.redis.xrange(runtime.keys.dead)
    assert len(dead) == 1000
    reasons = [fields[b"reason"].decode() for _, fields in dead]
    assert all(reasons)
    assert any("not JSON" in r for r in reasons)
    assert any("not UTF-8" in r for r in reasons)
    assert any("unknown schema version" in r for r in reasons)
    assert any("over the limit" in r for r in reasons)
    assert any("no 'event' field" in r for r in reasons)
    assert all(fields[b"entry_id"] for _, fields in dead)
    assert sum(1 for _, f in dead if f[b"payload"].startswith(b"{not json")) == 125
    pending = await runtime.redis.xpending(runtime.keys.stream, runtime.keys.group)
    assert pending["pending"] == 0


async def test_stored_entries_leave_the_stream(runtime: Container) -> None:
    """Once a turn is stored or dead-lettered its entry is deleted: Redis keeps no raw event
    (the secret in billing-fix's transcript included) and the stream holds only the backlog."""
    await publish_fixture(runtime, "billing-fix")
    await runtime.redis.xadd(runtime.keys.stream, {"event": b'{"v": 1, "turn": "x"}'})
    stats = await runtime.dispatcher(consumer="d").run(burst=True)
    assert (stats.stored, stats.dead) == (4, 1)
    assert await runtime.redis.xlen(runtime.keys.stream) == 0
    pending = await runtime.redis.xpending(runtime.keys.stream, runtime.keys.group)
    assert pending["pending"] == 0


async def test_stored_entries_stay_when_told_to(runtime: Container) -> None:
    """MEMORYD_STREAM__DELETE_STORED=false (another consumer group reads the stream): entries
    are acknowledged and left for retention to trim."""
    stream = runtime.settings.stream.model_copy(update={"delete_stored": False})
    keeping = Container(
        runtime.settings.model_copy(update={"stream": stream}),
        runtime.redis,
        runtime.store,
        runtime.clock,
        runtime.extractor,
    )
    await publish_fixture(keeping, "style-feedback")
    stats = await keeping.dispatcher(consumer="d").run(burst=True)
    assert stats.stored == 3
    assert await runtime.redis.xlen(runtime.keys.stream) == 3
    pending = await runtime.redis.xpending(runtime.keys.stream, runtime.keys.group)
    assert pending["pending"] == 0


async def test_dead_letter_payload_keeps_no_secret(runtime: Container) -> None:
    """A refused event is kept for replay with its secrets redacted, the rest byte for byte."""
    secret = "sk_live_51Hq8ZPq2eZvKYlo2C9xR7dT4mWq0LbN3sUa"
    payload = f'{{"v": 2, "note": "key {secret} here", "bytes": "\u00e9"}}'.encode()
    await runtime.redis.xadd(runtime.keys.stream, {"event": payload})
    await runtime.redis.xadd(
        runtime.keys.stream, {"event": b"\xff\xfe not utf-8 " + secret.encode()}
    )
    stats = await runtime.dispatcher(consumer="d").run(burst=True)
    assert stats.dead == 2
    kept = [fields[b"payload"] for _, fields in await runtime.redis.xrange(runtime.keys.dead)]
    assert all(secret.encode() not in p for p in kept)
    assert kept[0] == payload.replace(secret.encode(), b"[redacted:stripe_key]")
    assert kept[1].startswith(b"\xff\xfe not utf-8 [redacted:")


async def test_scope_hijack_is_rejected(runtime: Container) -> None:
    """An event that claims an existing session under another scope is dead-lettered."""
    events = fixture_events(load("style-feedback"))
    pub = publisher(runtime)
    await pub.publish(events[0])
    forged = events[1].model_copy(
        update={"scope": events[1].scope.model_copy(update={"project": "evil"})}
    )
    await pub.publish(forged)
    stats = await runtime.dispatcher(consumer="d").run(burst=True)
    assert (stats.stored, stats.dead) == (1, 1)
    ((_, fields),) = await runtime.redis.xrange(runtime.keys.dead)
    assert b"belongs to scope" in fields[b"reason"]


async def test_sweep_queues_sessions_left_behind(runtime: Container) -> None:
    """Turns stored but never queued (say, a crash between commit and enqueue) are found by
    the periodic sweep."""
    from workers.job_context import CTX_KEY, JobContext
    from workers.jobs import sweep

    await publish_fixture(runtime, "style-feedback")
    await runtime.dispatcher(consumer="d").run(burst=True)
    from arq.constants import job_key_prefix

    job_id = runtime.keys.extract_job_id(("acme", load("style-feedback")["session_id"]))
    await runtime.redis.delete(runtime.keys.queue, job_key_prefix + job_id)  # the job is lost
    assert await sweep({CTX_KEY: JobContext.build(runtime)}) == 1
    await work(runtime)
    assert (await rows(runtime, "cursors"))[0].turn == 3


async def test_runs_record_their_accounting(runtime: Container) -> None:
    await publish_fixture(runtime, "style-feedback")
    await run_pipeline(runtime)
    run_rows = await rows(runtime, "runs")
    assert run_rows and all(r.outcome in {"wrote", "nothing", "skipped"} for r in run_rows)
    assert sum(r.created for r in run_rows) == len(await live_memories(runtime))
    assert all(r.finished_at >= r.started_at for r in run_rows)
    history = await rows(runtime, "memory_history")
    assert {h.action for h in history} == {"create"}
    assert all(h.actor == "run" and h.actor_id for h in history)
    _ = (cursors, runs, timedelta)


async def test_compaction_summary_lifetime_follows_the_setting(
    settings_factory: Any, redis: Any
) -> None:
    """A compaction event's summary is kept as a working memory for the configured days."""
    from daemon.app.container import open_container

    rt = await open_container(
        settings_factory(maintenance={"compaction_summary_days": 3}), redis=redis
    )
    try:
        event = fixture_events(load("style-feedback"))[0].model_copy(
            update={"kind": "compaction", "summary": "We agreed to ship the parser rewrite first."}
        )
        await publisher(rt).publish(event)
        await rt.dispatcher(consumer="d").run(burst=True)
        (memory,) = await live_memories(rt)
        assert memory.created_by == "compaction" and memory._mapping["class"] == "working"
        assert memory.expires_at - event.at == timedelta(days=3)
    finally:
        await rt.store.close()
