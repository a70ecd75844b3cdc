"""``memoryd usage``: usage per tenant, project and day after a pipeline run, bytes stored,
filters; ``memoryd usage budget``: set, list, clear (both backends)."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.cli.operator_cli import Cli, pipeline


def test_usage_shows_what_runs_spent_and_stored_per_tenant_and_project(cli: Cli) -> None:
    cli.setup(pipeline)
    report = cli.json("usage")
    assert set(report) == {"days", "stored", "budgets"}
    today = datetime.now(UTC).date().isoformat()
    assert report["days"] and {d["day"] for d in report["days"]} == {today}
    assert sum(d["runs"] for d in report["days"]) == sum(
        sum(d["by_outcome"].values()) for d in report["days"]
    )
    assert sum(d["memories_written"] for d in report["days"]) > 0
    assert all(s["transcript_bytes"] > 0 for s in report["stored"])
    assert any(s["memory_bytes"] > 0 for s in report["stored"])
    project = report["days"][0]["project"]
    narrowed = cli.json("usage", "--project", project, "--since", today, "--until", today)
    assert {d["project"] for d in narrowed["days"]} == {project}
    assert {s["project"] for s in narrowed["stored"]} == {project}
    assert cli.json("usage", "--tenant", "nobody") == {"days": [], "stored": [], "budgets": []}
    assert cli.json("usage", "--until", "2000-01-01")["days"] == []
    table = cli.invoke("usage").stdout
    assert "Usage per UTC day" in table and "transcript_bytes" in table
    bad = cli.invoke("usage", "--since", "2026-02-02", "--until", "2026-02-01")
    assert bad.exit_code == 2 and "--since is after --until" in bad.output
    assert cli.invoke("usage", "--since", "yesterday").exit_code == 2


def test_budgets_are_set_listed_and_cleared(cli: Cli) -> None:
    assert (
        cli.invoke(
            "usage", "budget", "set", "acme", "--daily-tokens", "500", "--mode", "hard"
        ).exit_code
        == 0
    )
    assert cli.invoke("usage", "budget", "set", "beta", "--daily-tokens", "9").exit_code == 0
    listed = cli.json("usage", "budget", "list")
    assert [(b["tenant"], b["mode"], b["daily_tokens"], b["used_today"]) for b in listed] == [
        ("acme", "hard", 500, 0),
        ("beta", "soft", 9, 0),
    ]
    assert cli.json("usage", "--tenant", "beta")["budgets"][0]["tenant"] == "beta"
    wrong = cli.invoke("usage", "budget", "set", "acme", "--daily-tokens", "5", "--mode", "loud")
    assert wrong.exit_code == 2 and "soft or hard" in wrong.output
    assert cli.invoke("usage", "budget", "set", "acme", "--daily-tokens", "-1").exit_code == 2
    assert cli.invoke("usage", "budget", "clear", "acme").exit_code == 0
    again = cli.invoke("usage", "budget", "clear", "acme")
    assert again.exit_code == 1 and "no budget" in again.output
    assert [b["tenant"] for b in cli.json("usage", "budget", "list")] == ["beta"]
