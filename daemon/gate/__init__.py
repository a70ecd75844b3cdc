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

from daemon.gate import kinds
from daemon.gate.directives import shown
from daemon.gate.hashing import content_hash
from daemon.gate.refusal import Reason, Refused
from daemon.gate.screen import Draft, Limits, Screened, screen

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
