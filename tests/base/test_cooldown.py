"""The breaker of a backend the process can do without: left alone for a cool-down of the
injected clock after a failure, then tried by one caller alone; one warning when it fails,
one line when it answers again, nothing in between."""

from __future__ import annotations

import pytest
import structlog
from structlog.testing import capture_logs

from daemon.base.clock import FakeClock
from daemon.base.cooldown import Cooldown, Resting


def _breaker(clock: FakeClock) -> Cooldown:
    log = structlog.get_logger("memoryd.test")
    return Cooldown(clock, 30.0, log=log, down="backend.down", back="backend.back")


def test_left_alone_for_the_cooldown_then_one_caller_tries() -> None:
    clock = FakeClock()
    breaker = _breaker(clock)
    assert breaker.tries() and breaker.tries() and not breaker.resting
    with capture_logs() as logs:
        breaker.failed(OSError("refused"), doing="read")
        clock.advance(29.9)
        assert breaker.resting and not breaker.tries()
        breaker.failed(OSError("refused again"))  # another call under way failed: quiet
        clock.advance(30)
        assert not breaker.resting
        assert breaker.tries()  # this caller's try...
        assert breaker.resting and not breaker.tries()  # ...and no other's meanwhile
    assert [(e["event"], e["log_level"], e.get("doing")) for e in logs] == [
        ("backend.down", "warning", "read")
    ]
    assert logs[0]["retry_in_s"] == 30.0 and logs[0]["error"] == "refused"


def test_an_answer_closes_it_and_is_logged_once() -> None:
    clock = FakeClock()
    breaker = _breaker(clock)
    with capture_logs() as logs:
        breaker.answered()  # answering all along: nothing to say
        breaker.failed(OSError("refused"))
        clock.advance(30)
        assert breaker.tries()
        breaker.answered()
        breaker.answered()
        assert breaker.tries() and breaker.tries() and not breaker.resting
    assert [(e["event"], e["log_level"]) for e in logs] == [
        ("backend.down", "warning"),
        ("backend.back", "info"),
    ]


async def test_ask_calls_notes_and_rests() -> None:
    """``ask``: an answer passes through; a listed error is noted and raised again; while
    resting, the resting exception without a call."""
    clock = FakeClock()
    breaker = _breaker(clock)
    calls: list[str] = []

    async def answering() -> str:
        calls.append("answered")
        return "ok"

    async def failing() -> str:
        calls.append("failed")
        raise OSError("refused")

    assert await breaker.ask(answering, errors=(OSError,), doing="read") == "ok"
    with pytest.raises(OSError):
        await breaker.ask(failing, errors=(OSError,), doing="read")
    with pytest.raises(Resting):
        await breaker.ask(answering, errors=(OSError,), doing="read")
    assert calls == ["answered", "failed"] and breaker.resting
    clock.advance(30)
    assert await breaker.ask(answering, errors=(OSError,), doing="read") == "ok"
    assert not breaker.resting
