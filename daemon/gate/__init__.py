"""The gate: what may become a memory and what may be shown to a reader. Pure policy, no I/O.

Every writer asks :func:`screen` (a :class:`Draft` in, a :class:`Screened` value or a
:class:`Refused` out; the store writes a memory's content only from a :class:`Screened`), and
every reader asks :func:`shown` (why a stored memory must not be shown, or None). Between them
they decide: the closed taxonomy (:mod:`~daemon.gate.kinds`) and the scope, the size caps
(:class:`Limits`), secrets, instructions planted for agents (:mod:`~daemon.gate.directives`,
:mod:`~daemon.gate.dangerous_acts`, :mod:`~daemon.gate.prompt_injection`), junk
(:mod:`~daemon.gate.substance`), relative dates made absolute (:mod:`~daemon.gate.dates`), and
the duplicate key (:func:`content_hash`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from daemon.gate import kinds
    from daemon.gate.directives import shown
    from daemon.gate.hashing import content_hash
    from daemon.gate.refusal import Reason, Refused
    from daemon.gate.screening import Draft, Limits, Screened, screen

#: Where each public name lives. Loaded on first use: the command line names the
#: vocabularies (``daemon.gate.kinds``) in its help, and importing the package must not load
#: the rules (a sixth of a second) to do so.
_HOMES = {
    "kinds": "daemon.gate.kinds",
    "shown": "daemon.gate.directives",
    "content_hash": "daemon.gate.hashing",
    "Reason": "daemon.gate.refusal",
    "Refused": "daemon.gate.refusal",
    "Draft": "daemon.gate.screening",
    "Limits": "daemon.gate.screening",
    "Screened": "daemon.gate.screening",
    "screen": "daemon.gate.screening",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(home)
    return module if name == "kinds" else getattr(module, name)


__all__ = [
    "Draft",
    "Limits",
    "Reason",
    "Refused",
    "Screened",
    "content_hash",
    "kinds",
    "screen",
    "shown",
]
