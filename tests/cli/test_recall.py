"""``memoryd inject`` and ``memoryd recall``: what an agent host reads back (both backends)."""

from __future__ import annotations

from tests.cli.operator_cli import PROJECT, Cli, pipeline


def test_inject_and_recall_commands(cli: Cli) -> None:
    cli.setup(pipeline)
    block = cli.invoke("inject", *PROJECT, "--user", "dana", "--query", "rounding")
    assert block.exit_code == 0 and block.stdout.startswith("# Memories\n")
    assert "## User Preferences" in block.stdout and "sam" not in block.stdout
    one = cli.json("inject", *PROJECT, "--user", "dana")
    two = cli.json("inject", *PROJECT, "--user", "dana")
    assert one["fingerprint"] == two["fingerprint"] and one["memory_ids"]
    # "...; never change it back to half-up." tells agents what to do: held for review, so
    # its author (dana) finds it and a reader with no user does not until it is approved.
    found = cli.json("recall", "search", "rounding invoices", *PROJECT, "--user", "dana")
    assert (found["mode"], found["fallback"]) == ("keyword", None)
    hits = found["memories"]
    assert hits and all(h["user"] is None for h in hits)
    # each hit says who wrote it and in whose voice it reaches the project's scope
    assert all(h["author"]["voice"] in ("own", "approved", "reported") for h in hits)
    assert all((h["quoted"] is None) == (h["author"]["voice"] != "reported") for h in hits)
    assert cli.json("recall", "search", "rounding invoices", *PROJECT)["memories"] == []
    for held in cli.json("memories", "review"):
        assert cli.invoke("memories", "approve", str(held["id"])).exit_code == 0
    assert cli.json("recall", "search", "rounding invoices", *PROJECT)["memories"]
    manifest = cli.invoke("recall", "manifest", *PROJECT, "--user", "sam")
    assert "platform team" in manifest.stdout and "early returns" not in manifest.stdout
