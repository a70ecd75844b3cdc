"""What the commands share: who the operator is, JSON and tables on standard output (text,
never markup), and confirmation."""

from __future__ import annotations

import getpass
import json

import pytest
import typer

from daemon.cli import common


def test_the_operator_is_the_login_name_or_nobody(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(getpass, "getuser", lambda: "ops")
    assert common.operator() == "ops"

    def no_name() -> str:
        raise OSError("no login name")

    monkeypatch.setattr(getpass, "getuser", no_name)
    assert common.operator() is None


def test_json_keeps_non_ascii_and_prints_other_values_as_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    common.emit_json({"title": "Café", "at": common})
    data = json.loads(capsys.readouterr().out)
    assert data["title"] == "Café" and data["at"].startswith("<module 'daemon.cli.common'")


def test_a_table_shows_none_as_a_dash_true_as_yes_and_cuts_long_cells(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rows = [{"id": 1, "pinned": True, "title": "a  b\nc", "note": None, "extra": "hidden"}]
    rows.append({"id": 2, "pinned": False, "title": "x" * 30, "note": "[red]n[/]"})
    common.print_table(rows, ["id", "pinned", "title", "note"], width=10)
    out = capsys.readouterr().out
    assert "extra" not in out and "hidden" not in out
    first = next(line for line in out.splitlines() if "a b c" in line)
    assert "yes" in first and " - " in first
    second = next(line for line in out.splitlines() if "xxxxxxxxx…" in line)
    assert "x" * 10 not in second and "[red]n[/]" in second


def test_an_empty_table_prints_what_it_was_told(capsys: pytest.CaptureFixture[str]) -> None:
    common.print_table([], ["id"], empty="no dead letters")
    assert capsys.readouterr().out.strip() == "no dead letters"


def test_a_record_skips_the_keys_it_is_told_and_shows_none_as_a_dash(
    capsys: pytest.CaptureFixture[str],
) -> None:
    common.print_record({"id": 7, "reason": None, "payload": "[b]raw[/b]"}, skip=["payload"])
    lines = [line.split() for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert lines == [["id", "7"], ["reason", "-"]]


def test_confirm_asks_unless_yes_and_a_no_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked: list[str] = []

    def answer(question: str, **kwargs: object) -> bool:
        asked.append(question)
        return question.endswith("ok?")

    monkeypatch.setattr(typer, "confirm", answer)
    common.confirm("never asked?", yes=True)
    common.confirm("ok?", yes=False)
    with pytest.raises(typer.Exit) as exited:
        common.confirm("purge everything?", yes=False)
    assert exited.value.exit_code == 1
    assert asked == ["ok?", "purge everything?"]
    assert "nothing done" in capsys.readouterr().err


def test_an_outage_is_found_in_groups_and_causes_and_anything_else_is_not() -> None:
    from redis.exceptions import ConnectionError as RedisConnectionError

    from daemon.base.errors import StoreUnavailable

    store = StoreUnavailable("OperationalError: connection\nrefused")
    grouped = ExceptionGroup("task group", [ValueError("other"), store])
    assert common.outage_line(grouped) == (
        "the store is not answering (MEMORYD_DATABASE_URL): OperationalError: connection refused"
    )
    wrapped = RuntimeError("while listing")
    wrapped.__cause__ = RedisConnectionError("Error 111 connecting")
    assert common.outage_line(wrapped) == (
        "Redis is not answering (MEMORYD_REDIS_URL): Error 111 connecting"
    )
    assert common.outage_line(RuntimeError("a bug")) is None
