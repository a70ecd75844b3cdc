"""``memoryd sessions``: listing, showing and retrying sessions (both backends)."""

from __future__ import annotations

from tests.cli.operator_cli import Cli, pipeline


def test_sessions_commands(cli: Cli) -> None:
    cli.setup(pipeline)
    sessions = cli.json("sessions", "list", "--user", "dana")
    assert len(sessions) == 2 and all(s["turns_behind"] == 0 for s in sessions)
    shown = cli.json("sessions", "show", sessions[0]["session_id"])
    assert shown["runs"] and shown["cursor_turn"] == shown["last_turn"]
    assert "extraction queued" in cli.invoke("sessions", "retry", shown["session_id"]).stdout
    assert cli.invoke("sessions", "show", "nope").exit_code == 1
