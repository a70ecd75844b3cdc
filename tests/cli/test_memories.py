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
    hits = cli.json("memories", "search", "early returns", *PROJECT, "--user", "dana")
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
    assert len(lines) == len(cli.json("memories", "list"))
    again = cli.json("memories", "import", str(export))
    assert (again["imported"], again["unchanged"]) == (0, len(lines))
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
