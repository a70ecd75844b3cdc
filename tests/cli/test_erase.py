"""``memoryd erase``: a user's sessions and memories erased, asked or with --yes (both backends)."""

from __future__ import annotations

from tests.cli.operator_cli import Cli, pipeline


def test_erase_command(cli: Cli) -> None:
    cli.setup(pipeline)
    assert cli.invoke("erase").exit_code == 2
    assert cli.invoke("erase", "--user", "dana", input="n\n").exit_code == 1
    report = cli.json("erase", "--user", "dana", "--yes")
    assert report["sessions"] == 2 and report["removed"]["memories"] == 2
    assert cli.json("memories", "list", "--user", "dana") == []
    assert cli.json("memories", "list", "--user", "sam")


def test_erasing_a_user_revokes_the_keys_bound_to_that_user_inside_the_erasure(cli: Cli) -> None:
    cli.setup(pipeline)

    def key(*args: str) -> str:
        made = cli.json("keys", "create", "--tenant", "acme", "--role", "agent", *args)
        return str(made["key_id"])

    billing_only = key("--user", "dana", "--project", "billing")
    everywhere = key("--user", "dana")
    sams = key("--user", "sam", "--project", "billing")

    def revoked() -> set[str]:
        rows = cli.json("keys", "list", "--revoked")
        return {row["key_id"] for row in rows if row["revoked_at"] is not None}

    narrowed = cli.json("erase", "--user", "dana", "--project", "billing", "--yes")
    assert narrowed["removed"]["api_keys_revoked"] == 1
    assert revoked() == {billing_only}
    whole = cli.json("erase", "--user", "dana", "--yes")
    assert whole["removed"]["api_keys_revoked"] == 1
    assert revoked() == {billing_only, everywhere}
    assert sams not in revoked()
    project = cli.json("erase", "--project", "billing", "--yes")
    assert "api_keys_revoked" not in project["removed"] and sams not in revoked()
