"""``memoryd dlq``: listing, showing, replaying and purging dead letters (both backends)."""

from __future__ import annotations

from tests.cli.operator_cli import Cli, pipeline


def test_dlq_commands(cli: Cli) -> None:
    cli.setup(pipeline)
    listed = cli.json("dlq", "list")
    assert listed["count"] == 1 and "not JSON" in listed["letters"][0]["reason"]
    letter = listed["letters"][0]["id"]
    assert cli.json("dlq", "show", letter)["payload"] == "{not json"
    replay = cli.invoke("dlq", "replay", letter)
    assert replay.exit_code == 1 and "still unreadable" in replay.stderr
    assert cli.invoke("dlq", "replay").exit_code == 2
    no = cli.invoke("dlq", "purge", "--all", input="n\n")
    assert no.exit_code == 1 and cli.json("dlq", "list")["count"] == 1
    assert "deleted 1" in cli.invoke("dlq", "purge", letter, input="y\n").stdout
    assert "no dead letters" in cli.invoke("dlq", "list").stdout
