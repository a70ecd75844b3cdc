"""Export then import into an empty store gives the same memories (both backends)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import cast

import pytest
import sqlalchemy as sa

from daemon.admin import memory_admin as admin
from daemon.admin.export_import import export_lines, import_lines
from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.store import memory as memory_store
from daemon.store.db import Store
from daemon.store.memory import writes as memory_writes  # seeds the store unscreened
from daemon.store.tables import memories, memory_history
from tests.bench.scratch import scratch_database
from tests.operators.seed import T0, memory

SHARED = ScopeKey(project="acme/billing", tenant="acme")
DANA = ScopeKey(project="acme/billing", user="dana", tenant="acme")
EVERYTHING = admin.MemoryFilter(deleted=None, limit=None)


@pytest.fixture
async def empty_store(runtime: Container) -> AsyncIterator[Store]:
    async with scratch_database(runtime.settings.database_url, "import") as url:
        store = Store.from_url(url, pool_size=2)
        yield store
        await store.close()


async def _seed(rt: Container) -> None:
    await memory(rt, SHARED, "Stack", "Django 5 on PostgreSQL 16 — «ünïcode» ✓.", pinned=True)
    await memory(rt, DANA, "Tone", "Dana wants terse answers.", type_="user")
    kept = await memory(rt, SHARED, "Queue", "We chose arq.", type_="decision")
    gone = await memory(rt, SHARED, "Old", "The old deploy script.", memory_class="working")
    await memory(
        rt,
        SHARED,
        "Summary",
        "Fixed refunds.",
        memory_class="working",
        created_by="compaction",
        at=T0 + timedelta(hours=3),
    )
    async with rt.store.begin() as conn:
        await conn.execute(
            sa.update(memories)
            .where(memories.c.id == kept)
            .values(
                expires_at=T0 + timedelta(days=30),
                last_surfaced_at=T0 + timedelta(minutes=5),
                source_turns="3-4",
                source_run=7,
            )
        )
        await memory_store.delete(
            conn,
            SHARED,
            gone,
            reason="stale",
            now=T0,
            prov=memory_store.Provenance(actor=memory_store.Actor.MAINTENANCE),
        )


async def _lines(store: Store) -> list[str]:
    return [line async for line in export_lines(store, EVERYTHING)]


async def _rows(store: Store, *, unmarked: bool = False) -> list[tuple[object, ...]]:
    """Every column of every memory; ``unmarked``: ``created_by`` without the import's mark,
    and without the mark of the near-duplicate check an imported live memory waits for."""
    async with store.connect() as conn:
        found = await conn.execute(sa.select(memories).order_by(memories.c.id))
        rows = [row._asdict() for row in found]
    for row in rows:
        if unmarked:
            assert row["created_by"].startswith("import:")
            row["created_by"] = row["created_by"].removeprefix("import:")
            assert row.pop("dedup_pending") is (row["deleted_at"] is None)
        else:
            row.pop("dedup_pending")
    return [tuple(row.values()) for row in rows]


async def test_export_then_import_into_an_empty_store_gives_the_same_memories(
    runtime: Container, empty_store: Store
) -> None:
    await _seed(runtime)
    exported = await _lines(runtime.store)
    assert len(exported) == 5
    first = json.loads(exported[0])
    assert first["pinned"] is True and "«ünïcode»" in first["content"]

    report = await import_lines(empty_store, ((f"line {i}", x) for i, x in enumerate(exported)))
    assert (report.imported, report.renumbered, report.duplicates, report.bad) == (5, 0, 0, [])
    assert await _lines(empty_store) == exported
    # The same memories, each marked as imported (readers quote what came from elsewhere).
    assert await _rows(empty_store, unmarked=True) == await _rows(runtime.store)

    async with empty_store.connect() as conn:
        history = (await conn.execute(sa.select(memory_history))).all()
    assert {(h.action, h.actor) for h in history} == {("import", "operator")}
    assert len(history) == 5

    again = await import_lines(empty_store, (("l", x) for x in exported))
    assert (again.imported, again.unchanged) == (0, 5)
    async with empty_store.begin() as conn:  # the id sequence moved past the imported ids
        new_id = await memory_writes.create(
            conn,
            SHARED,
            type_="project",
            memory_class="durable",
            title="New",
            content="A brand new fact.",
            prov=memory_store.Provenance(actor=memory_store.Actor.RUN),
            now=T0,
        )
    assert new_id == 6


async def test_import_renumbers_taken_ids_skips_duplicates_and_reports_bad_lines(
    runtime: Container, empty_store: Store
) -> None:
    await _seed(runtime)
    exported = await _lines(runtime.store)
    async with empty_store.begin() as conn:  # id 1: another memory; id 2: same content, later
        for title, content, type_, scope, at in (
            ("Other", "Something else.", "project", SHARED, T0),
            ("Tone", "Dana wants terse answers.", "user", DANA, T0 + timedelta(hours=1)),
        ):
            await memory_writes.create(
                conn,
                scope,
                type_=type_,
                memory_class="durable",
                title=title,
                content=content,
                prov=memory_store.Provenance(actor=memory_store.Actor.RUN),
                now=at,
            )
    bad = [
        '{"v": 1, "id": 0}',
        "not json",
        '{"v": 9}',
        json.dumps({**json.loads(exported[0]), "created_at": "yesterday"}),
    ]
    report = await import_lines(
        empty_store, [(f"line {i}", x) for i, x in enumerate([*exported, *bad])]
    )
    assert (report.duplicates, report.renumbered, report.unchanged) == (1, 1, 0)
    assert report.imported == 4
    assert [label for label, _ in report.bad] == ["line 5", "line 6", "line 7", "line 8"]
    assert "ISO-8601" in report.bad[-1][1]
    async with empty_store.connect() as conn:
        titles = dict((await conn.execute(sa.select(memories.c.id, memories.c.title))).all())
    assert titles[1] == "Other" and titles[2] == "Tone" and titles[6] == "Stack"
    assert [titles[i] for i in (3, 4, 5)] == ["Queue", "Old", "Summary"]


@pytest.mark.parametrize("bad", ["\x00", "\ud800"])
async def test_a_line_with_text_no_store_can_hold_is_a_bad_line(
    runtime: Container, empty_store: Store, bad: str
) -> None:
    """NUL (PostgreSQL refuses it) or a lone surrogate (no encoder takes it) in a line: that
    line is reported bad, the rest of its batch imports (it failed the whole batch)."""
    await _seed(runtime)
    exported = await _lines(runtime.store)
    spoiled = json.dumps({**json.loads(exported[0]), "content": f"Django{bad} 5."})
    lines = [("line 1", spoiled), *((f"line {i + 2}", x) for i, x in enumerate(exported[1:]))]
    report = await import_lines(empty_store, lines)
    assert [label for label, _ in report.bad] == ["line 1"]
    assert "U+" in report.bad[0][1]
    assert report.imported == len(exported) - 1


async def test_export_and_import_carry_superseded_versions(
    runtime: Container, empty_store: Store
) -> None:
    """Each memory's versions follow its line and come back under the id it gets (a
    renumbered one's too), signed by the import; importing twice adds none."""
    from datetime import timedelta

    from daemon.store.tables import memory_versions

    agent = memory_store.Provenance(actor=memory_store.Actor.AGENT, actor_id="k-agent")
    queue = await memory(runtime, SHARED, "Queue", "Ingest publishes to RabbitMQ.")
    for days, content in ((3, "Ingest publishes to Kafka."), (9, "Ingest publishes to NATS.")):
        async with runtime.store.begin() as conn:
            done = await memory_writes.update(
                conn, SHARED, queue, title="Queue", content=content, memory_class=None,
                prov=agent, now=T0 + timedelta(days=days),
            )  # fmt: skip
        assert done == queue
    exported = await _lines(runtime.store)
    kinds = [json.loads(line).get("kind") for line in exported]
    assert kinds == [None, "version", "version"]
    assert json.loads(exported[0])["valid_from"] == (T0 + timedelta(days=9)).isoformat()

    # The id is taken in the target store: the memory and its versions are renumbered.
    await memory(cast(Container, _Rt(empty_store)), SHARED, "Other", "Billing uses Stripe.")
    report = await import_lines(empty_store, ((f"line {i}", x) for i, x in enumerate(exported)))
    assert (report.imported, report.renumbered, report.versions, report.bad) == (1, 1, 2, [])
    async with empty_store.connect() as conn:
        moved = (await conn.execute(sa.select(memory_versions))).all()
        as_then = await memory_store.believed(conn, SHARED, T0 + timedelta(days=5))
        told = await memory_store.timeline(conn, moved[0].memory_id, SHARED)
    assert {v.memory_id for v in moved} == {queue + 1}
    assert {v.superseded_by for v in moved} == {queue + 1}
    assert [m.content for m in as_then] == ["Ingest publishes to Kafka.", "Billing uses Stripe."]
    assert told is not None and told.hidden == 0
    assert [v.memory.content for v in told.versions] == [
        "Ingest publishes to RabbitMQ.",
        "Ingest publishes to Kafka.",
        "Ingest publishes to NATS.",
    ]
    again = await import_lines(empty_store, (("l", x) for x in exported))
    assert (again.imported, again.versions) == (0, 0)


async def test_a_version_line_of_another_scope_than_its_memory_is_left_out(
    runtime: Container, empty_store: Store
) -> None:
    from datetime import timedelta

    agent = memory_store.Provenance(actor=memory_store.Actor.AGENT, actor_id="k-agent")
    queue = await memory(runtime, SHARED, "Queue", "Ingest publishes to RabbitMQ.")
    async with runtime.store.begin() as conn:
        await memory_writes.update(
            conn, SHARED, queue, title="Queue", content="Ingest publishes to NATS.",
            memory_class=None, prov=agent, now=T0 + timedelta(days=1),
        )  # fmt: skip
    line, version = await _lines(runtime.store)
    moved = json.dumps({**json.loads(version), "tenant": "globex"})
    report = await import_lines(empty_store, [("line 1", line), ("line 2", moved)])
    assert (report.imported, report.versions, report.versions_skipped) == (1, 0, 1)
    bad = json.dumps({**json.loads(version), "valid_to": "2020-01-01T00:00:00"})
    report = await import_lines(empty_store, [("line 3", bad)])
    assert report.bad == [("line 3", "valid_to has no time zone")]


class _Rt:
    """Just enough of a container for the seeding helper to write into another store."""

    def __init__(self, store: Store) -> None:
        self.store = store


async def test_export_and_import_carry_metadata_and_its_versions(
    runtime: Container, empty_store: Store
) -> None:
    """A memory's metadata is in its line and in its versions' (kept as they were when
    superseded), and comes back whole; a memory with none has none in its line; an imported
    value holding a credential comes in redacted, and metadata of the wrong shape is a bad
    line."""
    from datetime import timedelta

    from daemon.store.tables import memory_versions

    tagged = {"ticket": "OPS-12", "priority": 3, "urgent": True, "owner": None}
    agent = memory_store.Provenance(actor=memory_store.Actor.AGENT, actor_id="k-agent")
    async with runtime.store.begin() as conn:
        queue = await memory_writes.create(
            conn, SHARED, type_="project", memory_class="durable", title="Queue",
            content="Ingest publishes to RabbitMQ.", prov=agent, now=T0, metadata=tagged,
        )  # fmt: skip
        assert isinstance(queue, int)
        done = await memory_writes.update(
            conn, SHARED, queue, title="Queue", content="Ingest publishes to NATS.",
            memory_class=None, prov=agent, now=T0 + timedelta(days=2),
        )  # fmt: skip
        assert done == queue
    await memory(runtime, SHARED, "Plain", "Billing uses Stripe.")
    exported = await _lines(runtime.store)
    lines = [json.loads(line) for line in exported]
    assert [(x.get("kind"), x.get("metadata")) for x in lines] == [
        (None, tagged), ("version", tagged), (None, None)
    ]  # fmt: skip

    report = await import_lines(empty_store, ((f"line {i}", x) for i, x in enumerate(exported)))
    assert (report.imported, report.versions, report.bad) == (2, 1, [])
    assert await _lines(empty_store) == exported
    async with empty_store.connect() as conn:
        versions = (await conn.execute(sa.select(memory_versions.c["metadata"]))).scalars().all()
        listed = await memory_store.listed(conn, SHARED)
        told = await memory_store.timeline(conn, queue, SHARED)
    assert versions == [tagged]
    assert {m.content: dict(m.metadata) for m in listed} == {
        "Ingest publishes to NATS.": tagged, "Billing uses Stripe.": {}
    }  # fmt: skip
    assert told is not None and [dict(v.memory.metadata) for v in told.versions] == [tagged] * 2

    token = "ghp_" + "Zq8Rv2Lm5Tx9Wk3Hn7Jd4Bc6Fy1Gp0Ns8Ma2"
    secret = {**lines[2], "id": 50, "content": "Deploys post to #ops.", "metadata": {"auth": token}}
    nested = {**lines[2], "id": 51, "content": "Deploys post to #dev.", "metadata": {"a": {}}}
    more = await import_lines(
        empty_store, [("secret", json.dumps(secret)), ("nested", json.dumps(nested))]
    )
    assert more.imported == 1 and [label for label, _ in more.bad] == ["nested"]
    assert "metadata.a" in more.bad[0][1]
    async with empty_store.connect() as conn:
        stored = (
            await conn.execute(sa.select(memories.c["metadata"]).where(memories.c.id == 50))
        ).scalar_one()
    assert token not in json.dumps(stored) and "[redacted:" in stored["auth"]
