"""configure_logging: JSON lines with bound context, levels, stdlib routing, idempotence."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
import structlog

from daemon.base.logs import configure_logging, get_logger, reset_logging
from daemon.base.settings import LogSettings
from tests.base.planted import PLANTED, PROSE, leaked, tool_arguments

log = get_logger("tests.logging")  # made before configuration, like module-level loggers


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def _reset() -> Iterator[None]:
    structlog.contextvars.clear_contextvars()
    yield
    structlog.contextvars.clear_contextvars()
    reset_logging()


def lines(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_json_lines_carry_bound_context_vars() -> None:
    out = io.StringIO()
    configure_logging(LogSettings(format="json"), stream=out)
    structlog.contextvars.bind_contextvars(session_id="s1", event_id="s1:3", job_id="j9")
    log.info("extraction.finished", memories=3)
    (line,) = lines(out)
    assert line["event"] == "extraction.finished"
    assert line["memories"] == 3
    assert (line["session_id"], line["event_id"], line["job_id"]) == ("s1", "s1:3", "j9")
    assert line["level"] == "info"
    assert line["logger"] == "tests.logging"
    assert line["timestamp"].endswith("Z")


def test_level_filters_structlog_and_stdlib() -> None:
    out = io.StringIO()
    configure_logging(LogSettings(format="json", level="warning"), stream=out)
    log.info("dropped")
    log.warning("kept")
    logging.getLogger("arq.worker").info("dropped too")
    assert [line["event"] for line in lines(out)] == ["kept"]


def test_stdlib_records_share_the_renderer_arq_at_info_others_at_warning() -> None:
    out = io.StringIO()
    configure_logging(LogSettings(format="json", level="debug"), stream=out)
    structlog.contextvars.bind_contextvars(job_id="j1")
    logging.getLogger("arq.worker").info("%s ● %s", "0.01s", "extract_session")
    logging.getLogger("sqlalchemy.engine").info("SELECT 1")
    logging.getLogger("alembic.runtime").warning("careful")
    records = lines(out)
    assert [(r["logger"], r["level"]) for r in records] == [
        ("arq.worker", "info"),
        ("alembic.runtime", "warning"),
    ]
    assert records[0]["event"] == "0.01s ● extract_session"
    assert records[0]["job_id"] == "j1"


def test_exceptions_are_rendered_into_the_json_line() -> None:
    out = io.StringIO()
    configure_logging(LogSettings(format="json"), stream=out)
    try:
        raise ValueError("bad")
    except ValueError:
        log.exception("run.failed")
    (line,) = lines(out)
    assert "ValueError: bad" in line["exception"]


def test_auto_is_json_off_a_terminal_and_console_on_one() -> None:
    pipe, tty = io.StringIO(), Tty()
    configure_logging(LogSettings(format="auto"), stream=pipe)
    log.info("to.pipe", n=1)
    configure_logging(LogSettings(format="auto"), stream=tty)
    log.info("to.tty", n=2)
    assert json.loads(pipe.getvalue())["event"] == "to.pipe"
    assert "to.tty" in tty.getvalue()
    assert not tty.getvalue().lstrip().startswith("{")


def test_console_format_is_readable() -> None:
    out = io.StringIO()
    configure_logging(LogSettings(format="console"), stream=out)
    log.info("dispatcher.started", consumer="c1")
    text = out.getvalue()
    assert "dispatcher.started" in text and "consumer=c1" in text
    assert "\x1b[" not in text  # no colour codes off a terminal


def test_configuring_twice_replaces_the_setup() -> None:
    first, second = io.StringIO(), io.StringIO()
    configure_logging(LogSettings(format="json"), stream=first)
    configure_logging(LogSettings(format="json"), stream=second)
    log.info("once")
    logging.getLogger("alembic").warning("once too")
    assert first.getvalue() == ""
    assert [line["event"] for line in lines(second)] == ["once", "once too"]


def test_default_stream_is_the_current_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    configure_logging(LogSettings(format="json"))
    log.info("to.stderr")
    captured = capsys.readouterr()
    assert captured.out == ""
    assert json.loads(captured.err)["event"] == "to.stderr"


def test_every_string_of_every_line_is_redacted() -> None:
    """A planted secret logged in the event name, a field, a bound context var, a nested
    value, a stdlib record or an exception's traceback reaches no line; the line keeps its
    fields with the redaction marks."""
    out = io.StringIO()
    configure_logging(LogSettings(format="json"), stream=out)
    structlog.contextvars.bind_contextvars(job_id=PLANTED["hex"][0])
    log.warning(PLANTED["header"][0], reason=PROSE, args={"a": [tool_arguments()]}, n=3)
    logging.getLogger("arq.worker").warning("job failed: %s", PLANTED["sshpass"][0])
    try:
        raise ValueError(PLANTED["german"][0])
    except ValueError:
        log.exception("failed", cmd=PLANTED["spanish"][0])
    text = out.getvalue()
    assert leaked(text) == []
    first = lines(out)[0]
    assert first["n"] == 3 and first["reason"].startswith("Use [redacted:")
    assert first["event"].startswith("Send X-Internal-Key: [redacted:")
    assert len(lines(out)) == 3


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("stream", [io.StringIO, _Terminal], ids=["plain", "colors"])
def test_the_console_format_is_redacted_too(stream: type[io.StringIO]) -> None:
    """Fields and tracebacks alike, with colors too (colors split a text into parts)."""
    out = stream()
    configure_logging(LogSettings(format="console"), stream=out)
    log.warning("deploy", reason=PROSE)
    for text, _ in PLANTED.values():
        try:
            raise ValueError(text)
        except ValueError:
            log.exception("failed")
    text = out.getvalue()
    assert leaked(text) == [] and "deploy" in text
    assert "ValueError: Das Passwort" in text  # the traceback is shown, its secret is not
