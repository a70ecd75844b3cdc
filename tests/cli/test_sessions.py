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


def test_a_sessions_summary_is_printed_as_markdown_or_json(cli: Cli) -> None:
    """``memoryd sessions summary``: the rolling summary the workers kept while the
    pipeline ran, as the host reads it over HTTP."""
    cli.setup(pipeline)
    session = cli.json("sessions", "list", "--user", "dana")[0]
    found = cli.json("sessions", "summary", session["session_id"])
    assert found["through_turn"] == session["last_turn"]
    assert set(found["summary"]) == {
        "goal",
        "key_decisions",
        "accomplished",
        "in_progress",
        "relevant_files",
    }
    printed = cli.invoke("sessions", "summary", session["session_id"]).stdout
    assert f"through turn {session['last_turn']}" in printed and "## Goal\n" in printed
    assert cli.invoke("sessions", "summary", "nope").exit_code == 1
