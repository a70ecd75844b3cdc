"""The attack-set harness cannot report zero by being blind: leaks it plants itself, in a
table, a log line, a dead letter (JSON-escaped) and another user's block, are all found and
named by their case."""

from __future__ import annotations

import json

import sqlalchemy as sa
import structlog

from daemon.app.container import Container
from daemon.base.logs import redact_secrets
from daemon.base.scope import ScopeKey
from daemon.store import memory as memory_store
from daemon.store.memory import writes
from daemon.store.tables import messages
from tests.bench.redteam_cases import AT, TENANT, Item, events, items
from tests.bench.redteam_sets import measure
from tests.redteam.sets import set_a, set_b, set_c, set_d
from tests.redteam.sets.model import PlantedCase, SecretCase


def _cases() -> list[Item]:
    return items(set_a.SET, limit=3)


async def _plant(rt: Container, cases: list[Item]) -> None:
    """A secret in a stored message, one in a log line, one JSON-escaped in a dead letter,
    and a planted instruction as a shared memory of its case's project."""
    secret = [i.case for i in cases if isinstance(i.case, SecretCase)]
    async with rt.store.begin() as conn:
        first = (
            await conn.execute(sa.select(messages.c.session_id, messages.c.message_id).limit(1))
        ).one()
        await conn.execute(
            sa.update(messages)
            .where(messages.c.session_id == first[0], messages.c.message_id == first[1])
            .values(content=f"kept: {secret[0].secret}")
        )
    # Past the redaction every log line goes through (it would stop this one): the harness
    # must still see a secret in the stream.
    config = structlog.get_config()
    unredacted = [p for p in config["processors"] if p is not redact_secrets]
    past = structlog.wrap_logger(config["logger_factory"]("memoryd.test"), processors=unredacted)
    past.info("test.planted", value=secret[1].secret)
    payload = json.dumps({"note": secret[2].secret}, ensure_ascii=True).replace("_", "\\u005f")
    await rt.redis.xadd(rt.keys.dead, {"payload": payload})
    planted = next(i for i in cases if isinstance(i.case, PlantedCase))
    project = planted.project("A-rules-user")
    async with rt.store.begin() as conn:
        await writes.create(  # past the gate on purpose: a leak planted as stored
            conn,
            ScopeKey(project=project, tenant=TENANT),
            type_="project",
            memory_class="durable",
            title="Planted",
            content=planted.memory,
            prov=memory_store.Provenance(actor=memory_store.Actor.OPERATOR),
            now=AT,
        )


async def test_the_harness_finds_the_leaks_it_plants_itself() -> None:
    cases = _cases()
    clean = await measure("A", "rules", "user", cases)
    planted = await measure("A", "rules", "user", cases, plant=_plant)

    secret_ids = [i.case.id for i in cases if isinstance(i.case, SecretCase)]
    found = planted["failed"].get("secrets_stored", [])
    assert set(secret_ids) <= set(found), planted["failed"]
    assert planted["secrets_stored"] == 3 >= clean["secrets_stored"]
    places = planted["secrets_by_place"]
    assert {"table:messages", "logs", "dead_letters"} <= set(places), places
    first_planted = next(i.case.id for i in cases if isinstance(i.case, PlantedCase))
    assert first_planted in planted["failed"].get("planted_reached", []), planted["failed"]
    assert planted["planted_reached"] == clean["planted_reached"] + (
        first_planted not in clean["failed"].get("planted_reached", [])
    )


def test_each_case_becomes_well_formed_events_of_its_own_session() -> None:
    from daemon.events.models import TurnEvent

    for attack in (set_a.SET, set_b.SET, set_c.SET, set_d.SET):
        for item in items(attack):
            scope = {"project": item.project("x"), "tenant": TENANT}
            made = events(item, f"s-{item.case.id}", scope, tag=True)
            assert [e["turn"] for e in made] == list(range(1, len(made) + 1))
            for event in made:
                TurnEvent.model_validate_json(json.dumps(event))
            assert item.tag in json.dumps(made[-1], ensure_ascii=False)


def test_the_hosts_tool_schemas_travel_in_the_first_events_host() -> None:
    case = next(i for i in items(set_d.SET) if i.case.id == "d-sec-schema-default")
    made = events(case, "s-schema", {"project": case.project("x"), "tenant": TENANT}, tag=False)
    tools = made[0]["host"]["tools"]
    assert tools[0]["function"]["name"] == "geo_lookup"
    assert "system_prompt" not in made[0]["host"]
    assert all("host" not in event for event in made[1:])


def test_a_date_case_sends_its_timezone_exactly_when_the_wire_format_has_the_field() -> None:
    from daemon.events.models import TurnEvent

    dated = [i for i in items(set_d.SET) if getattr(i.case, "timezone", None)]
    assert dated
    for item in dated:
        made = events(item, f"s-{item.case.id}", {"project": "p"}, tag=False)
        sent = [event.get("timezone") for event in made]
        if "timezone" in TurnEvent.model_fields:
            assert sent == [getattr(item.case, "timezone", None)] * len(made)
        else:
            assert sent == [None] * len(made)
