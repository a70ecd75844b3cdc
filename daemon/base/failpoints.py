"""Failpoints: named places where a benchmark may have this process die on purpose, to prove
that a crash exactly there loses and duplicates nothing.

:func:`failpoint` does nothing unless :func:`arm` was called in this process. Only the hidden
``--failpoints`` option of ``memoryd dispatch`` calls it, and only the benchmark rig's
launcher passes that option: nothing is read from the environment. Armed as ``NAME@N``, the
N-th pass through ``NAME`` kills the process with SIGKILL (no clean-up, no flush, no
rollback sent to the store: a crash, as ``kill -9`` would be).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Mapping

import structlog

from daemon.base.errors import ConfigError

log = structlog.get_logger("memoryd.failpoints")

#: Every failpoint in the code, in the order a batch passes them.
NAMES = (
    "ingest.after_turns",
    "ingest.after_messages",
    "ingest.after_sessions",
    "dispatcher.after_store",
)

# Passes left before each armed failpoint fires: empty (the norm) means disarmed.
_left: dict[str, int] = {}
_die: list[Callable[[], None]] = []


def _sigkill() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def failpoint(name: str) -> None:
    """Die here if this failpoint is armed and its pass has come; otherwise nothing."""
    if not _left or name not in _left:
        return
    _left[name] -= 1
    if _left[name] > 0:
        return
    log.warning("failpoint.fired", failpoint=name)
    _die[0]()


def parse(spec: str) -> dict[str, int]:
    """``"ingest.after_turns@3,dispatcher.after_store@1"`` → passes before each fires."""
    armed: dict[str, int] = {}
    for item in filter(None, (part.strip() for part in spec.split(","))):
        name, _, count = item.partition("@")
        if name not in NAMES or not count.isdigit() or int(count) < 1:
            raise ConfigError(
                f"bad failpoint {item!r}: expected NAME@N with N >= 1, NAME one of "
                f"{', '.join(NAMES)}"
            )
        armed[name] = int(count)
    return armed


def arm(passes: Mapping[str, int], *, die: Callable[[], None] = _sigkill) -> None:
    """Arm failpoints for this process (an empty mapping disarms them)."""
    _left.clear()
    _left.update(passes)
    _die[:] = [die]
