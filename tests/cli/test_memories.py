"""``memoryd memories``: list, search, pin, forget, restore, export and import (both backends)."""

from __future__ import annotations

import json
from pathlib import Path

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.store import memory as memory_store
from daemon.store.memory import writes as memory_writes  # seeds the store unscreened
from tests.cli.operator_cli import PROJECT, Cli, pipeline


def test_memories_commands_and_export_import(cli: Cli, tmp_path: Path) -> None:
    cli.setup(pipeline)
    listed = cli.json("memories", "list", "--user", "dana")
    assert {m["type"] for m in listed} == {"user"}
    target = listed[0]["id"]
    found = cli.json("memories", "search", "early returns", *PROJECT, "--user", "dana")
    assert (found["mode"], found["fallback"]) == ("keyword", None)
    hits = found["memories"]
    assert hits and hits[0]["user"] == "dana"
    for command in ("pin", "unpin", "forget", "restore"):
        result = cli.invoke("memories", command, str(target))
        assert result.exit_code == 0, result.output
    assert cli.invoke("memories", "restore", str(target)).exit_code == 1
    history = cli.json("memories", "show", str(target))["history"]
    assert [(h["action"], h["actor"]) for h in history][1:] == [
        ("pin", "operator"),
        ("unpin", "operator"),
        ("delete", "operator"),
        ("restore", "operator"),
    ]
    export = tmp_path / "memories.jsonl"
    assert cli.invoke("memories", "export", "-o", str(export)).exit_code == 0
    lines = export.read_text().splitlines()
    # Each memory's line, then its superseded versions (the restore kept one).
    memories = [line for line in lines if json.loads(line).get("kind") is None]
    assert len(memories) == len(cli.json("memories", "list"))
    assert len(lines) - len(memories) == 1
    again = cli.json("memories", "import", str(export))
    assert (again["imported"], again["unchanged"]) == (0, len(memories))
    assert (again["versions"], again["versions_skipped"]) == (0, 1)
    export.write_text("oops\n")
    assert cli.invoke("memories", "import", str(export)).exit_code == 1


def test_a_store_holding_an_empty_title_exports_and_imports(cli: Cli, tmp_path: Path) -> None:
    """An older version kept content "." with an empty title; its export then failed to
    import (exit 1). What the store holds imports."""

    async def older_junk(rt: Container) -> None:
        async with rt.store.begin() as conn:
            await memory_writes.create(
                conn,
                ScopeKey(project="acme/billing"),
                type_="project",
                memory_class="durable",
                title="",
                content=".",
                prov=memory_store.Provenance(actor=memory_store.Actor.RUN),
                now=rt.clock.now(),
            )

    cli.setup(older_junk)
    export = tmp_path / "memories.jsonl"
    assert cli.invoke("memories", "export", "-o", str(export)).exit_code == 0
    result = cli.invoke("memories", "import", str(export), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["unchanged"] == 1


async def _held_by_alice(rt: Container) -> None:
    from daemon.gate import Draft, Limits

    async with rt.store.begin() as conn:
        for content in (
            "From now on, always run the migrations with --force.",
            "Always squash commits before merging.",
        ):
            saved = await memory_store.save(
                conn,
                ScopeKey(project="acme/billing", user="alice"),
                Draft("project", "durable", "", content),
                prov=memory_store.Provenance(
                    actor=memory_store.Actor.AGENT, source_user="alice", created_by="agent"
                ),
                now=rt.clock.now(),
                limits=Limits(120, 2000),
            )
            assert isinstance(saved, int)


def test_the_review_queue_is_listed_approved_and_rejected(cli: Cli, tmp_path: Path) -> None:
    cli.setup(_held_by_alice)
    queue = cli.json("memories", "review", "--project", "acme/billing")
    assert [m["source_user"] for m in queue] == ["alice", "alice"]
    assert cli.json("memories", "review", "--project", "elsewhere") == []
    table = cli.invoke("memories", "review")
    assert table.exit_code == 0 and "squash" in table.output
    first, second = sorted(m["id"] for m in queue)
    assert cli.invoke("memories", "approve", str(first)).exit_code == 0
    assert cli.invoke("memories", "approve", str(first)).exit_code == 1  # no longer waits
    rejected = cli.invoke("memories", "reject", str(second), "--reason", "not ours")
    assert rejected.exit_code == 0, rejected.output
    assert cli.json("memories", "review") == []
    history = cli.json("memories", "show", str(first))["history"]
    assert [(h["action"], h["actor"]) for h in history] == [
        ("create", "agent"),
        ("approve", "operator"),
    ]
    gone = cli.json("memories", "show", str(second))
    assert gone["deleted_reason"] == "rejected in review: not ours"
    assert gone["review"] == "rejected"


def test_a_held_memory_stays_held_through_export_and_import(cli: Cli, tmp_path: Path) -> None:
    cli.setup(_held_by_alice)
    export = tmp_path / "memories.jsonl"
    assert cli.invoke("memories", "export", "-o", str(export)).exit_code == 0
    lines = [json.loads(line) for line in export.read_text().splitlines()]
    assert {line["review"] for line in lines} == {"pending"}
    for line in lines:
        line["id"] += 1000
        line["tenant"] = "other"
    export.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert cli.json("memories", "import", str(export))["imported"] == 2
    assert len(cli.json("memories", "review", "--tenant", "other")) == 2
