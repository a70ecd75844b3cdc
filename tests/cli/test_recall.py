"""``memoryd inject`` and ``memoryd recall``: what an agent host reads back (both backends)."""

from __future__ import annotations

from daemon.app.container import Container
from tests.cli.operator_cli import PROJECT, Cli, pipeline
from tests.recall.sessions import said, store_session, turn


def test_inject_and_recall_commands(cli: Cli) -> None:
    cli.setup(pipeline)
    block = cli.invoke("inject", *PROJECT, "--user", "dana", "--query", "rounding")
    assert block.exit_code == 0 and block.stdout.startswith("# Memories\n")
    assert "## User Preferences" in block.stdout and "sam" not in block.stdout
    one = cli.json("inject", *PROJECT, "--user", "dana")
    two = cli.json("inject", *PROJECT, "--user", "dana")
    assert one["fingerprint"] == two["fingerprint"] and one["memory_ids"]
    # "...; never change it back to half-up." states the team's decision (not a directive
    # planted for agents): shared at once, so a reader with no user finds it too.
    found = cli.json("recall", "search", "rounding invoices", *PROJECT, "--user", "dana")
    assert (found["mode"], found["fallback"]) == ("keyword", None)
    hits = found["memories"]
    assert hits and all(h["user"] is None for h in hits)
    # each hit says who wrote it and in whose voice it reaches the project's scope
    assert all(h["author"]["voice"] in ("own", "approved", "reported") for h in hits)
    assert all((h["quoted"] is None) == (h["author"]["voice"] != "reported") for h in hits)
    anyone = cli.json("recall", "search", "rounding invoices", *PROJECT)["memories"]
    assert [h["id"] for h in anyone] == [h["id"] for h in hits]
    assert not any("ROUND_HALF_EVEN" in str(held) for held in cli.json("memories", "review"))
    manifest = cli.invoke("recall", "manifest", *PROJECT, "--user", "sam")
    assert "platform team" in manifest.stdout and "early returns" not in manifest.stdout


async def _sessions(rt: Container) -> None:
    scope = {"project": "github.com/acme/billing", "user": "dana", "tenant": "acme"}
    events = [
        turn("s-1", 1, scope, user="Refund webhooks time out.", assistant="Added retries."),
        turn("s-1", 2, scope, summary="Refund webhooks now retry three times."),
    ]
    await store_session(rt, "s-1", events)
    await store_session(rt, "s-2", said("s-2", scope, "Invoices render as PDF/A.", day=1))


def test_recall_stitch_composes_within_the_budget(cli: Cli) -> None:
    cli.setup(_sessions)
    shown = cli.invoke(
        "recall", "stitch", "--session", "s-2", "--query", "refund webhooks", "--tenant", "acme"
    )
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.startswith("# Earlier Sessions\n")
    assert "turn 1 (user) Refund webhooks time out." in shown.stdout
    found = cli.json(
        "recall",
        "stitch",
        "-s",
        "s-2",
        "-q",
        "refund webhooks",
        "--tenant",
        "acme",
        "--budget",
        "60",
    )
    assert found["chars"] <= 60 * 3.2 and found["mode"] == "keyword"
    assert found["used_tokens"] <= 60
    unknown = cli.invoke("recall", "stitch", "-s", "s-2", "-q", "refunds")  # another tenant
    assert unknown.exit_code == 1 and "no session" in unknown.output
    block = cli.json("inject", *PROJECT, "--user", "dana", "--query", "invoices")
    assert [f["session_id"] for f in block["fragments"]] == ["s-2"]
    assert block["session_mode"] == "keyword"
