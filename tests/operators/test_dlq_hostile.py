"""Dead letters that were built to hurt: ``memoryd dlq`` and ``memoryd erase`` stay calm.

Hostile letters (nested 100,000 deep, not UTF-8, not JSON, huge) are written straight into
the dead-letter stream; a refused huge event is capped by the dispatcher. Every command
answers with output or one error line, never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from arq.connections import ArqRedis

from daemon.app.container import Container
from daemon.base.logs import reset_logging
from daemon.base.settings import Settings
from daemon.events.publisher import fixture_events
from daemon.fixtures import load
from tests.cli.operator_cli import Cli

USER = "dana"  # the billing-fix fixture's user
DEEP = b'{"v": 1, "messages": [' + b"[" * 100_000 + b"]" * 100_000 + b"]}"
HOSTILE = {
    "deep": DEEP,
    "not-utf8": b'{"v": 1, "summary": "\xff\xfe\x1b[31m"}',
    "not-json": b"\x1b]0;owned\x07{not json \xe2\x80\xae",
    "huge": b'{"v": 1, "summary": "' + b"x" * 3_000_000 + b'"}',
    "escapes": b'{"v": 1, "summary": "\\ud800 \\u001b[31m \\u202e \\u0000"}',
}


@pytest.fixture
def cli(settings: Settings, redis: ArqRedis, backend: str) -> Iterator[Cli]:
    yield Cli(settings, redis, backend)
    reset_logging()


def one_error_line(result: Any, says: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.exception is not None
    assert isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("memoryd: ") and says in lines[0], lines


def good_event(turn: int = 0) -> bytes:
    return fixture_events(load("billing-fix"))[turn].model_dump_json().encode()


async def _hostile(rt: Container) -> dict[str, str]:
    ids = {}
    for name, payload in {**HOSTILE, "good": good_event()}.items():
        entry = await rt.redis.xadd(
            rt.keys.dead,
            {"reason": f"planted {name} [/bold]", "payload": payload, "entry_id": "1-1", "at": "t"},
        )
        ids[name] = entry.decode() if isinstance(entry, bytes) else str(entry)
    return ids


@pytest.mark.parametrize(
    "args",
    [
        ("show", "not-an-id"),
        ("replay", "not-an-id"),
        ("replay", "1-0", "x"),
        ("purge", "--yes", "1-0", "0-0-0"),
        ("list", "--before", "yesterday"),
        ("show", "1" * 30),
    ],
)
def test_an_invalid_id_is_one_error_line(cli: Cli, args: tuple[str, ...]) -> None:
    one_error_line(cli.invoke("dlq", *args), "not a dead-letter id")


def test_hostile_letters_are_listed_shown_and_skipped_by_replay(cli: Cli) -> None:
    ids = cli.setup(_hostile)
    listed = cli.json("dlq", "list")
    assert listed["count"] == len(ids)
    table = cli.invoke("dlq", "list")  # a reason is printed as text, never as markup
    assert table.exit_code == 0 and "[/bold]" in table.stdout, table.output[-2000:]
    for name, letter in ids.items():
        shown = cli.invoke("dlq", "show", letter)
        assert shown.exit_code == 0, (name, shown.output[-2000:])
        assert "\x1b" not in shown.stdout and "\u202e" not in shown.stdout
        assert len(shown.stdout) < 200_000
        as_json = cli.json("dlq", "show", letter)
        assert as_json["id"] == letter
    assert "more bytes not shown" in cli.invoke("dlq", "show", ids["deep"]).stdout
    replay = cli.invoke("dlq", "replay", "--all", "--json")
    assert replay.exit_code == 1, replay.output[-2000:]
    report = json.loads(replay.stdout)
    assert [r["id"] for r in report["replayed"]] == [ids["good"]]
    refused = {r["id"]: r["reason"] for r in report["refused"]}
    assert refused.keys() == {ids[n] for n in HOSTILE}
    assert "nested deeper than 64 levels" in refused[ids["deep"]]
    assert "not UTF-8" in refused[ids["not-utf8"]]
    assert "not JSON" in refused[ids["not-json"]]
    assert "over the limit" in refused[ids["huge"]]


def test_status_prints_hostile_reasons_as_text(cli: Cli) -> None:
    cli.setup(_hostile)
    status = cli.invoke("status")
    assert isinstance(status.exception, SystemExit), status.exception  # degraded, no crash
    assert "[/bold]" in status.stdout


def test_erase_runs_over_hostile_letters(cli: Cli) -> None:
    ids = cli.setup(_hostile)
    erased = cli.invoke("erase", "--user", USER, "--yes")
    assert erased.exit_code == 0, erased.output[-2000:]
    left = {x["id"] for x in cli.json("dlq", "list")["letters"]}
    assert left == {ids[n] for n in HOSTILE}  # the good letter was the user's


async def _refuse_a_huge_event(rt: Container) -> None:
    event = json.loads(good_event())
    event["summary"] = "x" * (rt.settings.stream.max_event_bytes + 1)
    await rt.redis.xadd(rt.keys.stream, {"event": json.dumps(event).encode()})
    await rt.dispatcher(consumer="d").run(burst=True)


def test_a_refused_huge_event_is_capped_and_cannot_be_replayed(cli: Cli) -> None:
    cli.setup(_refuse_a_huge_event)
    [letter] = cli.json("dlq", "list")["letters"]
    shown = cli.json("dlq", "show", letter["id"])
    cap = cli.settings.stream.dead_letter_max_payload_bytes
    assert shown["truncated"] is True
    assert shown["bytes"] > cli.settings.stream.max_event_bytes
    assert len(shown["sha256"]) == 64
    assert isinstance(shown["payload"], str) and len(shown["payload"].encode()) <= cap
    replay = cli.invoke("dlq", "replay", letter["id"])
    assert replay.exit_code == 1
    assert "truncated" in replay.stderr and "cannot be replayed" in replay.stderr
    assert cli.json("dlq", "list")["count"] == 1
    assert cli.invoke("erase", "--user", USER, "--yes").exit_code == 0
    assert cli.json("dlq", "list")["count"] == 0  # found by the scope kept beside it


async def _dispatch_hostile(rt: Container) -> None:
    await rt.redis.xadd(rt.keys.stream, {"event": good_event(0)})
    for payload in HOSTILE.values():
        await rt.redis.xadd(rt.keys.stream, {"event": payload})
    await rt.redis.xadd(rt.keys.stream, {"event": good_event(1)})
    await rt.dispatcher(consumer="d").run(burst=True)


def test_the_dispatcher_dead_letters_hostile_events_with_their_reasons(cli: Cli) -> None:
    cli.setup(_dispatch_hostile)
    letters = cli.json("dlq", "list")["letters"]
    reasons = sorted(x["reason"] for x in letters)
    assert len(reasons) == len(HOSTILE), reasons
    assert any("nested deeper than 64 levels" in r for r in reasons)
    assert any("over the limit" in r for r in reasons)
    assert sum(x["truncated"] for x in letters) == 2  # the deep and the huge one, over 64 KB
    sessions = cli.json("sessions", "list")
    assert len(sessions["sessions"] if isinstance(sessions, dict) else sessions) == 1
