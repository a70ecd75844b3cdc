"""Lines of tool output by their shape: what a program printed, not what anyone stated.

:func:`tool_lines` says whether most lines of a text have the shape of a tool's output: a
test runner's result, a log line (a level in brackets opening it too), a lower-case
``fatal:``/``error:`` diagnostic (a program's name may lead it: ``srun: error: …``), a stack
frame, a build's verdict, a service manager's status (the state of one moment), a package
manager's report (pip's ``Requirement already satisfied: …``), a banner of upper-case words
between ``***`` (Slurm's ``*** JOB … CANCELLED …***``), an engine's log line (Unreal's
``LogNet: Warning: …``), what started a CI job (``Started by timer``), a .NET stack frame
(``at A.B.C(Int32 x) in C.cs:line 212``), a service manager's console at boot
(``[  OK  ] Started …``), BitBake's notes of its tasks, or what any program's output looks like
(:mod:`daemon.gate.readouts`). :func:`readout` says whether a text is a tool's readout rather
than a sentence (``Submitted batch job 4481920``). :mod:`daemon.gate.substance` refuses both
as junk.
"""

from __future__ import annotations

import re
import unicodedata

from daemon.gate import readouts

__all__ = ["readout", "tool_lines"]

_LINE_CHARS = 400  # of each line, what the shape check reads
# Lines a tool prints, by their shape: test runners, logs, stack frames, package managers.
_TOOL_LINE = re.compile(
    r"\s*(?:"
    r"\S+\.py::\S+(?:\s+|\s*-\s*)(?:PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)\b"
    r"|(?:FAILED|ERROR|PASSED|SKIPPED|XFAIL|XPASS)\s+\S+::\S"
    r"|={3,}\s[^=\n]{0,200}\b(?:passed|failed|errors?|skipped|deselected|warnings?)\b"
    r"|[=_]{5,}\s[^=_\n]{1,200}\s[=_]{5,}\s*$"
    r"|E\s{2,}\S"
    r"|Traceback \(most recent call last\):"
    r"|File \"[^\"\n]{1,300}\", line \d+"
    r"|at [\w$<>\[\]-]{1,100}(?:[./][\w$<>\[\]-]{1,100}){1,20} ?\([^()\n]{0,300}:\d+(?::\d+)?\)\s*$"
    r"|at (?:file://)?/[^\s:]{1,300}:\d+:\d+\s*$"
    # a .NET frame: a method's full name and its parameters, its file and line after "in"
    r"|at (?:[\w`<>\[\]-]{1,100}\.){2,20}[\w`<>\[\]-]{1,100}\([^()\n]{0,300}\)"
    r"(?: in [^\n]{1,300}:line \d+)?\s*$"
    r"|from [^\s:]{1,300}:\d+:in [`'][^\n]{0,200}$"  # a Ruby backtrace's frame
    r"|\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d(?:[.,]\d{1,9})?)?(?:Z|[+-]\d\d:?\d\d)?\]?"
    r"\s+[\[(]?(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|ERR|FATAL|CRITICAL|SEVERE)\b"
    r"|(?:TRACE|DEBUG|INFO|WARNING|ERROR|CRITICAL):[\w.-]*:"
    # a clock time in brackets and a logger's name (Unreal's "[12:04:33] LogInit: …")
    r"|\[\d{1,2}:\d\d:\d\d(?:[.,:]\d{1,9})?\](?:\[[\s\d]{1,6}\])? ?\w{2,60}: "
    # Unreal's log category and its verbosity, no clock before them ("LogNet: Warning: …")
    r"|Log[A-Z]\w{1,60}: (?:Display|Log|Verbose|VeryVerbose|Warning|Error|Fatal): \S"
    # what started a CI job (Jenkins' console: "Started by timer", "Started by user …")
    r"|(?:\[[^\]\n]{1,80}\] )?Started by (?:timer|user|upstream|remote|an? (?:SCM|upstream"
    r"|remote|timer)|GitHub|GitLab)\b"
    # a level in brackets opening the line (Maven, Gradle), a lower-case diagnostic (git, cc)
    r"|\[(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|SEVERE)\] \S"
    r"|(?:fatal|error|warning): [a-z'\"`]"
    # a compiler's diagnostic ending with the flag that enables it ("… [-Wunused-variable]")
    r"|[^\n]{1,300} \[-W[\w=+-]{1,60}\]\s*$"
    # a program's name, a colon and its diagnostic (srun, slurmstepd, gcc, ld)
    r"|[a-z][\w.+-]{0,60}(?:\[\d+\])?: (?:fatal|error|warning): \S"
    # a banner of upper-case words, numbers and times between "***" (Slurm's end of a job),
    # a program's name before it
    r"|(?:[a-z][\w.+-]{0,60}: (?:[a-z]{1,20}: )?)?\*{3} (?:[A-Z0-9_:.,/#()+-]{1,60}"
    r"|[a-z]{1,30}\d[\w:.-]{0,30})(?: (?:[A-Z0-9_:.,/#()+-]{1,60}|[a-z]{1,30}\d[\w:.-]{0,30}))"
    r"{1,40} \*{3}\s*$"
    r"|[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S{1,100} [\w/.-]{1,100}(?:\[\d+\])?: "
    r"|npm (?:ERR!|WARN) "
    r"|make(?:\[\d+\])?: \*\*\*"
    r"|panic: |goroutine \d+ \[|thread '[^'\n]{0,100}' panicked at "
    # a diff's headers, a raise and the cause of a Java exception quoted from a trace
    r"|diff --git |index [0-9a-f]{7,40}\.\.[0-9a-f]{7,40}\b|(?:---|\+\+\+) (?:[ab]/|/dev/null)"
    r"|raise [A-Z]\w{0,60}(?:\.\w{1,60}){0,5}\(|Caused by: (?:[a-z_]\w{0,60}\.){0,8}[A-Z]\w{0,60}"
    r"(?:Error|Exception)\b"
    r"|#\d+ +0x[0-9a-f]+ in "
    r"|\d+ (?:passed|failed)(?:, \d+ \w+){0,5} in [\d.]+m?s\b"
    # a status line, an exit status, a ping header, a runner's check mark, a tool's banner
    r"|HTTP/\d(?:\.\d)? \d{3}\b"
    r"|(?:\w+ )?exited with (?:exit )?(?:code|status) -?\d+"
    r"|Process finished with exit code -?\d+|Your branch is (?:up to date|ahead|behind) "
    r"|nothing to commit, working tree clean\s*$"
    r"|PING \S+ \(\S+\) \d+\(\d+\) bytes|\d+ bytes from \S+"
    r"|[\u2713\u2714\u2717\u2718\u00d7\u221a] +\d+ (?:tests?|specs?|checks?|files?)\b"
    r"|(?:\w+ ){1,4}ha(?:s|ve) been successfully \w+!"
    # a build's verdict, a service manager's status: the state of one moment
    r"|BUILD (?:SUCCESSFUL|FAILED|SUCCESS|FAILURE)\b"
    r"|\[ {0,2}\d{1,3}%\] "  # a build's progress (cmake, ninja)
    r"|[^\n]{1,200}(?:\.{3}|\u2026) ?(?:done|ok|failed|skipped)[.!]?\s*$"  # a step and its end
    r"|\d+ actionable tasks?:"
    # a service manager's console at boot: a status padded in brackets, what it did
    # ("[  OK  ] Started …", "[FAILED] Failed to start …", "[DEPEND] Dependency failed …")
    r"|\[(?:  OK  |FAILED|DEPEND| TIME | SKIP | WARN )\] (?:Started|Starting|Stopped"
    r"|Stopping|Reached|Finished|Mounted|Mounting|Unmounted|Listening|Failed|Created"
    r"|Activated|Dependency|Closed|Removed|Set up|Found|Timed out) "
    # BitBake's notes of a build's tasks ("NOTE: Tasks Summary: Attempted 4521 tasks …")
    r"|NOTE: (?:Tasks Summary:|Running (?:setscene )?task \d|Executing (?:Tasks|SetScene)"
    r"|recipe \S{1,100}: task \S)"
    # a command's report of what it did (kubectl, wp-cli, npm) or its progress line (ffmpeg)
    r"|[a-z][\w-]{0,60}(?:\.[\w-]{1,60}){0,4}/[\w.-]{1,200} (?:created|configured|unchanged"
    r"|deleted|restarted|patched|scaled|labeled|annotated|exposed|rolled back|serverside-applied)"
    r"\s*$"
    r"|Success: [A-Z]"
    r"|(?:added|removed|changed) \d+ packages?\b|up to date, audited \d+"
    # pip's report of what it found and installed
    r"|Requirement already (?:satisfied|up-to-date): [\w.\[\]-]{1,100}"
    r"|Installing collected packages: [\w.-]{1,100}(?:, |\s*$)"
    r"|Successfully (?:installed|uninstalled|built) [\w.]{1,100}-\d"
    r"|(?:Collecting|Downloading|Using cached) [\w.-]{1,100}(?:[<>=!~\[]|-\d|\s*$)"
    r"|(?:[a-z]{1,12}=\s*\S{1,40}\s+){3}"
    r"|[\u25cf\u25cb\u00d7*] [\w@.-]{1,100}\.(?:service|socket|timer|mount|target|path)\b"
    r"|(?:Active|Loaded|Main PID|Tasks|Memory|CPU|CGroup): .{0,200}"
    r"(?:\bsince\b|\bago\b|\(running\)|\(dead\)|\bloaded\b|\blimit\b|\d+(?:\.\d+)?[KMG]?B?\b)"
    r")"
)

_FRAME = re.compile(r"\s*(?:Traceback |File \"|at |#\d+ |goroutine )")
_RAISED = re.compile(r"[\w.]{1,200}(?:Error|Exception|Exit|Interrupt)\b")


def tool_lines(content: str) -> bool:
    """Whether most lines of ``content`` (two thirds) have the shape of a tool's output, by
    the tools named above or by what any program's output looks like
    (:mod:`daemon.gate.readouts`). After a stack frame, the code lines it quotes (indented)
    and the exception that ends it count too; a one-word verdict ("OK") counts beside a
    shaped line."""
    lines = [line[:_LINE_CHARS] for line in content.splitlines() if line.strip()]
    shaped = verdicts = 0
    trace = False
    for line in lines:
        if _TOOL_LINE.match(line) or readouts.shaped(line):
            shaped, trace = shaped + 1, trace or bool(_FRAME.match(line))
        elif trace and (line[0].isspace() or _RAISED.match(line)):
            shaped += 1
        elif readouts.verdict(line):
            verdicts += 1
    if shaped:
        shaped += verdicts  # "OK" after "Ran 42 tests in 0.310s": the run's verdict
    return bool(lines) and 3 * shaped >= 2 * len(lines)


# What makes a sentence of words: a function word (of English and of the languages written
# in Latin letters most often met), or a sentence's end.
_SENTENCE_WORD = re.compile(
    r"\b(?:the|a|an|of|to|in|on|at|for|with|is|are|was|were|be|been|by|from|not|no|and|or"
    r"|but|as|it|its|this|that|their|our|we|they|he|she|i|you|has|have|had|only|per|via"
    r"|into|every|each|than|then|after|before|until|means?|del|di|da|il|la|le|lo|gli|de"
    r"|des|du|der|die|das|den|und|et|y|e|en|het|van|op|och|att|som|alle|ogni|los|las|el"
    r"|um|uma|na|em|com|para|por|pour|avec|mit|von|zu|auf|ist|est|es|son|sind)\b",
    re.IGNORECASE,
)
SENTENCE_ENDS = re.compile(r"[.!?\u3002\uff01\uff1f\u0964\u0965][\"')\]\u300d]*\s*\Z")


def _lettered(char: str) -> bool:
    """Whether ``char`` is a letter or a sign that is part of one (a vowel sign of
    Devanagari, a virama: a combining mark)."""
    return char.isalpha() or unicodedata.category(char).startswith("M")


def readout(content: str) -> bool:
    """Whether ``content`` is a tool's readout rather than a sentence: it holds a number and
    lacks what any sentence of it would have, a function word and an end
    (``Submitted batch job 4481920``, ``Succeeded : 128``, a progress bar, a commit's
    summary line). Only a text in ASCII letters is read for function words; any text is
    one whose letters (their vowel signs with them) are fewer than its other marks and that
    has no end (a danda ends a sentence too)."""
    if not any(c.isdigit() for c in content) or SENTENCE_ENDS.search(content):
        return False
    marks = [c for c in content if not c.isspace()]
    if 2 * sum(_lettered(c) for c in marks) < len(marks):
        return True
    return content.isascii() and _SENTENCE_WORD.search(content) is None
