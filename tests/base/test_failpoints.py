"""Failpoints do nothing unless armed; armed, they fire at exactly the pass asked for."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import daemon
from daemon.base.errors import ConfigError
from daemon.base.failpoints import NAMES, arm, failpoint, parse


class _Died(Exception):
    pass


def _die() -> None:
    raise _Died


@pytest.fixture(autouse=True)
def _disarmed() -> Iterator[None]:
    yield
    arm({})


def test_a_failpoint_not_armed_does_nothing() -> None:
    for name in NAMES:
        for _ in range(100):
            failpoint(name)


def test_an_armed_failpoint_fires_at_its_nth_pass_and_others_stay_quiet() -> None:
    arm(parse("ingest.after_messages@3"), die=_die)
    for _ in range(10):
        failpoint("ingest.after_turns")
    failpoint("ingest.after_messages")
    failpoint("ingest.after_messages")
    with pytest.raises(_Died):
        failpoint("ingest.after_messages")


def test_parse_reads_several_failpoints() -> None:
    assert parse("ingest.after_turns@1, dispatcher.after_store@12") == {
        "ingest.after_turns": 1,
        "dispatcher.after_store": 12,
    }


@pytest.mark.parametrize(
    "spec", ["ingest.after_turns", "ingest.after_turns@0", "ingest.after_turns@x", "nowhere@1"]
)
def test_parse_refuses_an_unknown_name_or_a_bad_pass(spec: str) -> None:
    with pytest.raises(ConfigError):
        parse(spec)


def test_every_named_failpoint_is_placed_in_the_code() -> None:
    """A name the code never passes would arm a failpoint that can never fire."""
    root = Path(daemon.__file__).parent
    sources = "".join(p.read_text() for p in root.rglob("*.py") if p.name != "failpoints.py")
    for name in NAMES:
        assert f'failpoint("{name}")' in sources, name
