"""``memoryd runs``: listing a session's extraction runs and showing one (both backends)."""

from __future__ import annotations

from tests.cli.operator_cli import Cli, pipeline


def test_runs_commands(cli: Cli) -> None:
    cli.setup(pipeline)
    sessions = cli.json("sessions", "list", "--user", "dana")
    shown = cli.json("sessions", "show", sessions[0]["session_id"])
    runs = cli.json("runs", "list", "--session", shown["session_id"])
    assert runs and runs[0]["session_id"] == shown["session_id"]
    assert cli.json("runs", "show", str(runs[0]["id"]))["id"] == runs[0]["id"]
    assert "session_id" in cli.invoke("runs", "list").stdout
