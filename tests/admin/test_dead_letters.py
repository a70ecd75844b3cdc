"""Dead letters as library calls: listing, paging, replaying and purging (both backends)."""

from __future__ import annotations

from daemon.admin import dead_letters as dlq
from daemon.app.container import Container
from daemon.events.publisher import fixture_events
from daemon.fixtures import load


async def _dead_letters(rt: Container) -> list[dlq.DeadLetter]:
    """Three bad entries and one good event the store refused, dead-lettered by a dispatcher."""
    good = fixture_events(load("billing-fix"))[0].model_dump_json().encode()
    for payload in (b"{not json", b'{"v": 2}', b"[]"):
        await rt.redis.xadd(rt.keys.stream, {"event": payload})
    await rt.dispatcher(consumer="d").run(burst=True)
    await rt.redis.xadd(
        rt.keys.dead,
        {
            "reason": "the store refused the event",
            "payload": good,
            "entry_id": "1-1",
            "at": "t",
            "consumer": "d",
        },
    )
    return await dlq.newest(rt.redis, rt.keys)


async def test_dead_letters_are_listed_newest_first_and_paged(runtime: Container) -> None:
    letters = await _dead_letters(runtime)
    assert len(letters) == 4 and await dlq.count(runtime.redis, runtime.keys) == 4
    assert letters[0].reason == "the store refused the event"
    assert "not JSON" in letters[-1].reason and letters[-1].payload == b"{not json"
    page = await dlq.newest(runtime.redis, runtime.keys, limit=2, before=letters[1].id)
    assert [x.id for x in page] == [letters[2].id, letters[3].id]
    shown = await dlq.get(runtime.redis, runtime.keys, letters[0].id)
    assert shown is not None and shown.as_dict()["payload"]["v"] == 1
    assert letters[-1].as_dict()["payload"] == "{not json"


async def test_replay_puts_back_only_what_now_decodes(runtime: Container) -> None:
    letters = await _dead_letters(runtime)
    before = await runtime.redis.xlen(runtime.keys.stream)
    report = await dlq.replay(runtime.redis, runtime.keys, None, max_event_bytes=1 << 20)
    assert [a for a, _ in report.replayed] == [letters[0].id]
    assert len(report.refused) == 3
    assert await runtime.redis.xlen(runtime.keys.stream) == before + 1
    left = await dlq.newest(runtime.redis, runtime.keys)
    assert {x.id for x in left} == {x.id for x in letters[1:]}
    stats = await runtime.dispatcher(consumer="d").run(burst=True)
    assert (stats.stored, stats.dead) == (1, 0)
    missing = await dlq.replay(runtime.redis, runtime.keys, ["9-9"], max_event_bytes=1 << 20)
    assert missing.missing == ["9-9"]


async def test_purge_by_id_and_all(runtime: Container) -> None:
    letters = await _dead_letters(runtime)
    assert await dlq.purge(runtime.redis, runtime.keys, [letters[0].id, "9-9"]) == 1
    assert await dlq.count(runtime.redis, runtime.keys) == 3
    assert await dlq.purge(runtime.redis, runtime.keys, None) == 3
    assert await dlq.count(runtime.redis, runtime.keys) == 0


def test_a_letters_tenant_is_read_from_its_event_or_its_kept_scope() -> None:
    """The tenant an event names ('' when it names none); None for a letter nobody can
    be told the owner of, however hostile its payload."""

    def tenant(payload: bytes, fields: dict[bytes, bytes] | None = None) -> str | None:
        return dlq.DeadLetter.parse("1-0", {b"payload": payload, **(fields or {})}).tenant()

    assert tenant(b'{"scope": {"project": "p", "tenant": "acme"}}') == "acme"
    assert tenant(b'{"scope": {"project": "p"}}') == ""
    assert tenant(b'{"scope": {"project": "p", "tenant": 7}}') == ""
    for hostile in (b"{not json", b"[]", b'"scope"', b'{"scope": []}', b"\xff\xfe", b""):
        assert tenant(hostile) is None
    cut = {b"truncated": b"1", b"scope": b'{"project": "p", "tenant": "globex"}'}
    assert tenant(b'{"scope": {"tenant": "acm', cut) == "globex"
    whole_but_cut = b'{"scope": {"project": "p", "tenant": "acme"}}'
    assert tenant(whole_but_cut, {b"truncated": b"1"}) is None


async def test_a_tenants_letters_page_past_the_others(runtime: Container) -> None:
    rt = runtime
    for n, tenant in enumerate(("acme", "globex", "globex", "acme", "globex")):
        payload = f'{{"scope": {{"project": "p", "tenant": "{tenant}"}}, "n": {n}}}'.encode()
        await rt.redis.xadd(rt.keys.dead, {"payload": payload, "reason": f"r{n}"})
    first, more = await dlq.newest_of_tenant(rt.redis, rt.keys, "acme", limit=1)
    assert [letter.reason for letter in first] == ["r3"] and more == first[0].id
    rest, end = await dlq.newest_of_tenant(rt.redis, rt.keys, "acme", limit=1, before=more)
    assert [letter.reason for letter in rest] == ["r0"] and end is None
    every, _ = await dlq.newest_of_tenant(rt.redis, rt.keys, None, limit=10)
    assert len(every) == 5
