"""``memoryd memories`` looking back, on both backends: ``list``/``search --as-of`` read what
a scope believed then, ``show`` prints the timeline, a loose time is refused (exit 2)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.store import memory as memory_store
from daemon.store.memory import writes as memory_writes  # seeds the store unscreened
from tests.cli.operator_cli import Cli

T0 = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)
SCOPE = ScopeKey(project="acme/ingest", tenant="acme")
RABBIT = "The ingest service publishes its events to RabbitMQ."
NATS = "The ingest service moved off RabbitMQ to NATS JetStream."


async def changed_fact(rt: Container) -> int:
    run = memory_store.Provenance(actor=memory_store.Actor.RUN, actor_id="3")
    async with rt.store.begin() as conn:
        made = await memory_writes.create(
            conn, SCOPE, type_="project", memory_class="durable", title="Ingest queue",
            content=RABBIT, prov=run, now=T0,
        )  # fmt: skip
        assert isinstance(made, int)
        await memory_writes.update(
            conn, SCOPE, made, title="Ingest queue", content=NATS, memory_class=None,
            prov=run, now=T0 + timedelta(days=10),
        )  # fmt: skip
    return made


def test_list_search_and_show_look_back(cli: Cli) -> None:
    memory_id = cli.setup(changed_fact)
    scope = ("--project", "acme/ingest", "--tenant", "acme")
    then = cli.json("memories", "list", *scope, "--as-of", "2026-10-05T00:00:00Z")
    assert [(m["id"], m["content"]) for m in then] == [(memory_id, RABBIT)]
    now = cli.json("memories", "list", *scope, "--as-of", "2026-10-20T00:00:00+02:00")
    assert [m["content"] for m in now] == [NATS]
    found = cli.json("memories", "search", "queue", *scope, "--as-of", "2026-10-05T00:00:00Z")
    assert [m["content"] for m in found["memories"]] == [RABBIT]
    assert (found["mode"], found["fallback"]) == ("keyword", "as_of")

    shown = cli.json("memories", "show", str(memory_id))
    assert [(v["content"], v["current"]) for v in shown["timeline"]] == [
        (RABBIT, False),
        (NATS, True),
    ]
    assert shown["timeline"][0]["valid_to"] == (T0 + timedelta(days=10)).isoformat()
    assert shown["hidden_versions"] == 0
    printed = cli.invoke("memories", "show", str(memory_id))
    assert printed.exit_code == 0 and "timeline" in printed.output

    loose = cli.invoke("memories", "list", *scope, "--as-of", "2026-10-05")
    assert loose.exit_code == 2 and "RFC 3339" in loose.output
    unscoped = cli.invoke("memories", "list", "--as-of", "2026-10-05T00:00:00Z")
    assert unscoped.exit_code == 2 and "--project" in unscoped.output
