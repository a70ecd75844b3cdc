"""The Python publisher, the fixture sessions as events, and the Redis key names."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import fakeredis
import pytest

from daemon import fixtures
from daemon.base.errors import EventTooLarge, EventValidationError
from daemon.base.redis_keys import Keys
from daemon.events.codec import EVENT_FIELD, decode_event
from daemon.events.models import AgentFacts, TurnEvent
from daemon.events.publisher import Publisher, SyncPublisher, fixture_events

LIMIT = 1_048_576


def make_event(turn: int = 1, **changes: Any) -> TurnEvent:
    raw: dict[str, Any] = {
        "v": 1,
        "event_id": f"s1:{turn}",
        "session_id": "s1",
        "turn": turn,
        "at": datetime(2026, 11, 17, 9, 0, tzinfo=UTC),
        "scope": {"project": "github.com/acme/billing", "user": "dana"},
        "messages": [
            {"id": f"t{turn}m0", "role": "user", "content": "we always use half-even rounding"},
            {"id": f"t{turn}m1", "role": "assistant", "content": "noted"},
        ],
    }
    raw.update(changes)
    return TurnEvent.model_validate(raw)


@pytest.fixture
def keys() -> Keys:
    return Keys("mdtest-pub")


@pytest.fixture
async def client() -> Any:
    redis = fakeredis.FakeAsyncRedis()
    yield redis
    await redis.aclose()


async def stream_events(client: Any, keys: Keys) -> list[TurnEvent]:
    entries = await client.xrange(keys.stream)
    return [decode_event(fields[EVENT_FIELD.encode()], max_bytes=LIMIT) for _, fields in entries]


async def test_published_payload_decodes_to_an_equal_event(client: Any, keys: Keys) -> None:
    event = make_event()
    entry_id = await Publisher(client, keys).publish(event)
    assert entry_id.count("-") == 1
    assert await stream_events(client, keys) == [event]


async def test_a_dict_is_validated_and_published(client: Any, keys: Keys) -> None:
    event = make_event()
    await Publisher(client, keys).publish(event.model_dump(mode="json"))
    assert await stream_events(client, keys) == [event]


async def test_an_oversized_event_is_refused_and_nothing_published(client: Any, keys: Keys) -> None:
    big = make_event(messages=[{"id": "m", "role": "tool", "content": "x" * 5000}])
    with pytest.raises(EventTooLarge, match="over the limit of 1000"):
        await Publisher(client, keys, max_event_bytes=1000).publish(big)
    assert await client.xlen(keys.stream) == 0


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"turn": -1}, "turn: Input should be greater than or equal to 0"),
        ({"v": 2}, "unknown schema version 2"),
        ({"v": "1"}, "v must be the integer 1, not a string"),
        ({"v": 1.0}, "v must be the integer 1, not a number with a fraction part"),
        ({"v": True}, "v must be the integer 1, not true or false"),
        ({"v": None}, "v must be the integer 1, not null"),
        ({"scope": {}}, "scope.project: Field required"),
        ({"colour": "red"}, "colour: Extra inputs are not permitted"),
    ],
)
async def test_a_bad_dict_is_refused_with_a_readable_reason(
    client: Any, keys: Keys, change: dict[str, Any], reason: str
) -> None:
    raw = {**make_event().model_dump(mode="json"), **change}
    with pytest.raises(EventValidationError) as caught:
        await Publisher(client, keys).publish(raw)
    assert reason in str(caught.value)
    assert await client.xlen(keys.stream) == 0


async def test_an_event_without_v_is_told_to_give_the_schema_version(
    client: Any, keys: Keys
) -> None:
    raw = make_event().model_dump(mode="json")
    del raw["v"]
    with pytest.raises(EventValidationError, match="v is missing: give the schema version"):
        await Publisher(client, keys).publish(raw)
    assert await client.xlen(keys.stream) == 0


async def test_publish_many_keeps_order_and_is_all_or_nothing(client: Any, keys: Keys) -> None:
    publisher = Publisher(client, keys)
    events = [make_event(turn) for turn in (1, 2, 3)]
    with pytest.raises(EventValidationError):
        await publisher.publish_many([*events, {"v": 1}])
    assert await client.xlen(keys.stream) == 0

    entry_ids = await publisher.publish_many(events)
    assert len(entry_ids) == 3
    assert entry_ids == sorted(entry_ids, key=lambda e: tuple(map(int, e.split("-"))))
    assert await stream_events(client, keys) == events
    assert await publisher.publish_many([]) == []


def test_sync_publisher_has_the_same_behaviour(keys: Keys) -> None:
    client = fakeredis.FakeRedis()
    publisher = SyncPublisher(client, keys, max_event_bytes=2000)
    event = make_event()
    publisher.publish(event)
    publisher.publish_many([make_event(2), make_event(3)])
    with pytest.raises(EventTooLarge):
        publisher.publish(make_event(4, summary="x" * 5000))
    with pytest.raises(EventValidationError):
        publisher.publish({"v": 1, "turn": "one"})
    payloads = [fields[b"event"] for _, fields in client.xrange(keys.stream)]
    decoded = [decode_event(payload, max_bytes=LIMIT) for payload in payloads]
    assert [e.turn for e in decoded] == [1, 2, 3]
    assert decoded[0] == event
    publisher.close()


@pytest.mark.parametrize("name", fixtures.NAMES)
def test_fixture_events_are_contiguous_with_deterministic_ids(name: str) -> None:
    session = fixtures.load(name)
    events = fixture_events(session, start_turn=5)
    sid = session["session_id"]
    assert [e.turn for e in events] == list(range(5, 5 + len(session["turns"])))
    assert [e.event_id for e in events] == [f"{sid}:{e.turn}" for e in events]
    for event in events:
        assert [m.id for m in event.messages] == [
            f"t{event.turn}m{i}" for i in range(len(event.messages))
        ]
        assert event.scope.project == session["scope"]["project"]
    assert all(e.agent is None for e in events[1:])
    agent = session.get("agent")
    assert events[0].agent == (AgentFacts.model_validate(agent) if agent else None)
    assert fixture_events(session, start_turn=5) == events


def test_fixture_events_carry_memory_writes_and_agent_facts() -> None:
    saved = fixture_events(fixtures.load("agent-saved"))
    assert [e.main_agent_saved for e in saved] == [True, False]
    assert saved[1].memory_writes and not saved[1].memory_writes[0].ok

    billing = fixture_events(fixtures.load("billing-fix"))
    assert billing[0].agent is not None
    assert billing[0].agent.branch == "fix/invoice-rounding"


async def test_every_fixture_publishes_within_the_default_limit(client: Any, keys: Keys) -> None:
    publisher = Publisher(client, keys)
    events = [e for session in fixtures.load_all() for e in fixture_events(session)]
    await publisher.publish_many(events)
    assert await stream_events(client, keys) == events


def test_keys_are_named_from_the_prefix() -> None:
    keys = Keys("acme")
    assert (keys.stream, keys.dead, keys.group, keys.queue, keys.queue_health_check) == (
        "acme:turns",
        "acme:dead",
        "memoryd",
        "acme:queue",
        "acme:queue:health-check",
    )
    assert (keys.workers, keys.worker("h-1"), keys.scheduled_job("sweep")) == (
        "acme:workers",
        "acme:workers:h-1",
        "acme:sweep",
    )
    assert keys.gen(("t 1", "s1")) == "acme:gen:t%201:s1"
    assert keys.lock(("", "s1")) == "acme:lock::s1"
    assert keys.extract_job_id(("t", "s1")) == "acme:extract:t:s1"
    assert keys.cron_lock("consolidate") == "acme:cron:consolidate"
    assert keys.all_patterns() == [
        "arq:job:acme:*",
        "arq:in-progress:acme:*",
        "arq:retry:acme:*",
        "arq:result:acme:*",
        "acme:*",
    ]
    assert Keys("a*b").all_patterns()[-1] == "a\\*b:*"


async def test_all_patterns_find_every_key_of_the_prefix_and_no_other(client: Any) -> None:
    keys = Keys("mine")
    ours = [keys.stream, keys.gen("s"), f"arq:job:{keys.extract_job_id('s')}", "arq:retry:mine:x"]
    theirs = ["other:turns", "arq:job:other:extract:s", "minefield:turns"]
    for key in [*ours, *theirs]:
        await client.set(key, "1")
    found = {key.decode() for p in keys.all_patterns() async for key in client.scan_iter(match=p)}
    assert found == set(ours)


async def test_from_url_builds_each_publisher_on_its_own_kind_of_client() -> None:
    import redis
    import redis.asyncio

    from daemon.events.publisher import Publisher, SyncPublisher

    sync = SyncPublisher.from_url("redis://127.0.0.1:1/0", prefix="acme", max_event_bytes=10)
    assert isinstance(sync.client, redis.Redis) and sync.keys.stream == "acme:turns"
    assert sync.max_event_bytes == 10
    sync.close()
    asynchronous = Publisher.from_url("redis://127.0.0.1:1/0", prefix="acme")
    assert isinstance(asynchronous.client, redis.asyncio.Redis)
    assert asynchronous.keys == Keys("acme")
    await asynchronous.aclose()
