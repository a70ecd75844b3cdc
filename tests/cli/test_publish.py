"""``memoryd publish``: a file, standard input or the bundled samples, to the stream."""

from __future__ import annotations

import json
from pathlib import Path

import fakeredis

from daemon.cli.program import CliState
from tests.cli.support import _isolated, invoke, server, state, stream

__all__ = ["_isolated", "server", "state"]  # fixtures


def good_line(turn: int) -> str:
    return json.dumps(
        {
            "v": 1,
            "event_id": f"s1:{turn}",
            "session_id": "s1",
            "turn": turn,
            "at": "2026-11-17T09:00:00Z",
            "scope": {"project": "p"},
            "messages": [{"id": f"t{turn}m0", "role": "user", "content": "hi"}],
        }
    )


def test_publish_reports_bad_lines_by_number_and_publishes_the_rest(
    tmp_path: Path, state: CliState, server: fakeredis.FakeServer
) -> None:
    bad_turn = json.loads(good_line(3)) | {"turn": "three"}
    lines = [good_line(1), "{not json", "", json.dumps(bad_turn), good_line(2)]
    path = tmp_path / "events.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    result = invoke("publish", str(path), obj=state)

    assert result.exit_code == 1
    errors = result.stderr.splitlines()
    assert len(errors) == 2
    assert errors[0].startswith("line 2: not JSON")
    assert errors[1].startswith("line 4: turn:")
    assert "published 2 events" in result.stdout
    assert [event.turn for event in stream(server)] == [1, 2]


def test_publish_reads_standard_input(state: CliState, server: fakeredis.FakeServer) -> None:
    result = invoke("publish", "-", obj=state, input=good_line(1) + "\n" + good_line(2) + "\n")
    assert result.exit_code == 0, result.output
    assert "published 2 events to mdtest-cli:turns" in result.stdout
    assert len(stream(server)) == 2


def test_publish_fixtures_publishes_every_bundled_session(
    state: CliState, server: fakeredis.FakeServer
) -> None:
    result = invoke("publish", "--fixtures", obj=state)
    assert result.exit_code == 0, result.output
    events = stream(server)
    assert len({event.session_id for event in events}) == 3
    assert f"published {len(events)} events" in result.stdout


def test_publish_needs_exactly_one_source(state: CliState) -> None:
    assert invoke("publish", obj=state).exit_code == 2
    assert invoke("publish", "-", "--fixtures", obj=state).exit_code == 2
