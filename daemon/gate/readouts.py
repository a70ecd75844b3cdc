"""A line a program printed, by marks no sentence a person writes has, whatever the program:
columns aligned with tabs or runs of spaces, a diagnostic that opens with its file and line,
a tally of what one run did ("0 added, 2 changed, 0 destroyed"), an exception's name and
message, a signal's report, a run's time to the millisecond at the line's end, a verdict of
one word in capitals after such a line.

:func:`shaped` reads one line; :func:`verdict` says whether a line is a one-word verdict,
which counts only beside a shaped line. :mod:`daemon.gate.tool_lines` counts them with the
shapes of the tools it names. Every pattern is anchored or bounded and has no nested
repetition: linear in the line's size.
"""

from __future__ import annotations

import re

__all__ = ["shaped", "verdict"]

_SHAPES = re.compile(
    r"(?:"
    # columns: a tab, or three spaces or more, between two marks of the line
    r"\s*\S[^\t\n]*?(?:\t| {3,})\S"
    # a diagnostic's place: file.ext:line[:col]: or file.ext(line,col):
    r"|\s*[\w./\\-]{1,200}\.\w{1,6}(?::\d+){1,3}:? \S"
    r"|\s*[\w./\\-]{1,200}\.\w{1,6}\(\d+(?:,\d+)?\): \S"
    # a tally of one run: two counts or more, each of what was done to them
    r"|.{0,200}?\b\d+ [a-z]+ed(?:,\s*| and )\d+ [a-z]+ed\b"
    # an exception's name and its message, which does not end as a sentence does
    # (KeyError: 'id'; "KeyError: 'id' means the header is missing." explains one)
    r"|\s*(?:[a-z_]\w{0,60}\.){0,8}[A-Z]\w{0,60}(?:Error|Exception|Fault)"
    r"(?::\s[^\n]{0,300}[^.!?\s])?\s*\Z"
    # a process ended by a signal, as the shell reports it
    r"|\s*(?:Segmentation fault|Bus error|Illegal instruction|Aborted|Killed"
    r"|Floating point exception)(?: \(core dumped\))?\s*\Z"
    # a run's time at the line's end, to the millisecond or in minutes and seconds
    r"|[^\n]{0,300}?\bin (?:\d+m ?\d+(?:\.\d+)?s|\d+\.\d+ ?m?s)\s*\Z"
    r")"
)
_VERDICT = re.compile(r"\s*(?:OK|PASS(?:ED)?|FAIL(?:ED)?|SUCCESS|DONE|ERROR)\s*\Z")


def shaped(line: str) -> bool:
    """Whether ``line`` has the marks of a program's output (see the module's docstring)."""
    return _SHAPES.match(line) is not None


def verdict(line: str) -> bool:
    """Whether ``line`` is a one-word verdict in capitals ("OK", "FAILED")."""
    return _VERDICT.match(line) is not None
