"""Things named beside credential words that are no credential's value: a count and its
unit written as one word (``a 90-day rule``, ``6-digit codes``, ``die 30-Tage-Frist``), keys
pressed together (``Ctrl+Alt+Del``), and a telephone's extension (``call the service desk on
ext. 2200``, ``Durchwahl 3120``, ``分机 6610``), a count before its unit where no space
parts them (``每 90 天``). A password policy or a help-desk line says
them beside the word "password"; set AP's clean sessions had them cut as values."""

from __future__ import annotations

import re

__all__ = ["counted", "extension_number", "named_thing", "unit_or_shortcut"]

# A count and its unit as one word: the English, German and Dutch units of time, size and
# length a credential's rule is told in.
_MEASURE = re.compile(
    r"\d{1,4}-(?i:(?:day|hour|minute|min|second|sec|week|month|year|byte|bit|digit|char"
    r"|character|letter|word|key|step|factor|attempt|try|tries|time|pin|code)s?"
    r"|tages?|tage|stunden?|minuten?|sekunden?|wochen?|monate?|monats|jahres?|zeichen|stellen?"
    r"|ziffern?|dagen?|uur|weken|maanden|jaar|tekens|cijfers)(?:-[^\W\d_]+)*"
)
# Keys pressed together ("Ctrl+Alt+Del", "Alt+F4", "Cmd+Shift+P").
_SHORTCUT = re.compile(
    r"(?i:ctrl|control|alt|shift|cmd|command|win|super|meta|option|opt|fn|strg)"
    r"(?:\+[A-Za-z0-9]{1,6})+"
)
# The word for a telephone's extension right before a number, in its languages' words.
_EXTENSION = re.compile(
    r"(?:(?<![^\W\d_])(?i:ext|extn|extension|durchwahl|nebenstelle|extensi[oó]n|extens[aã]o"
    r"|ramal|interno|poste|toestel|tel|wew|dahili|доб|добавочный|внутренний)\.?"
    r"|分机|分機|内线|內線|内線|내선|एक्सटेंशन)[ \t]*(?:(?i:no|nr|núm|n[º°])\.?)?[ \t(#]*\Z"
)
_DIGITS = re.compile(r"\d{2,6}")
# A count before its unit in a script without spaces ("每 90 天", "12 文字以上", "90 일마다").
_COUNT = re.compile(r"\d{1,4}")
_CJK_UNIT = re.compile(
    r"[ \t]?(?:天|日|位|个|個|次|小时|小時|分钟|分鐘|秒|周|週|个月|個月|月|年|字符|字元|文字|桁"
    r"|자|일|시간|분|초|회|번|개월|년|주)"
)


def unit_or_shortcut(token: str) -> bool:
    """Whether ``token`` (punctuation trimmed) is a count and its unit or keys pressed
    together."""
    return _MEASURE.fullmatch(token) is not None or _SHORTCUT.fullmatch(token) is not None


def extension_number(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is the number of a telephone's extension: digits alone
    after the word for one."""
    return (
        _DIGITS.fullmatch(text, start, end) is not None
        and _EXTENSION.search(text, max(0, start - 30), start) is not None
    )


def counted(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a count before its unit in Chinese, Japanese or
    Korean."""
    return _COUNT.fullmatch(text, start, end) is not None and bool(_CJK_UNIT.match(text, end))


def named_thing(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]``, found where a value could stand, is one of the module's
    things instead."""
    return (
        unit_or_shortcut(text[start:end])
        or extension_number(text, start, end)
        or counted(text, start, end)
    )
