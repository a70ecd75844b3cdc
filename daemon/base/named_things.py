"""Things named beside credential words that are no credential's value: a count and its
unit written as one word (``a 90-day rule``, ``6-digit codes``, ``die 30-Tage-Frist``), keys
pressed together (``Ctrl+Alt+Del``), a hardware address (``00:1B:C5:0A``), a compound
adjective of what a thing can do (``2G-capable``), and a telephone's extension (``call the
service desk on ext. 2200``, ``Durchwahl 3120``, ``分机 6610``), a count before its unit
where no space parts them (``每 90 天``). A password policy or a help-desk line says them
beside the word "password"; set AP's clean sessions had them cut as values."""

from __future__ import annotations

import re

__all__ = ["counted", "extension_number", "hardware_address", "named_thing", "unit_or_shortcut"]

# A count and its unit as one word: the English, German and Dutch units of time, size and
# length a credential's rule is told in, and those of a layout or a machine (``4-space
# indents``, ``80-column lines``, ``8-core``).
_MEASURE = re.compile(
    r"\d{1,4}-(?i:(?:day|hour|minute|min|second|sec|week|month|year|byte|bit|digit|char"
    r"|character|letter|word|key|step|factor|attempt|try|tries|time|pin|code"
    r"|space|tab|column|line|pixel|point|inch|level|core|thread)s?"
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


# A hardware address or its prefix: two to eight bytes in hex joined by colons (a MAC is
# six, an EUI-64 eight; a key printed in hex runs to fifteen bytes a line and more), after
# the word for one (``MAC``, ``EUI``, ``OUI``, ``BSSID``, an address in the languages read).
_HARDWARE_ADDRESS = re.compile(r"(?:[0-9A-Fa-f]{2}:){1,7}[0-9A-Fa-f]{2}")
_ADDRESS_WORD = re.compile(
    r"(?<![^\W\d_])(?:mac|eui|eui-48|eui-64|oui|bssid|hwaddr|ether|address\w*|adress\w*"
    r"|adres\w*|dirección|direcciones|endereço\w*|indirizz\w*|адрес\w*|adresă|adrese)"
    r"(?![^\W\d_])",
    re.IGNORECASE,
)
# A compound adjective that says what a thing can do or is made for, led by the short name of
# a technology (``2G-capable``, ``5G-ready``, ``IPv6-only``, ``TLS1.3-compatible``): a number
# first, or two capitals; a word with a number (``Tiger4-ready``) may be a password.
_DESCRIBED = re.compile(
    r"(?:\d[\w.+]{0,5}|[A-Z]{2}[\w.+]{0,4}|[A-Z][a-z]{1,2}[A-Z][\w.+]{0,3})-(?:capable|enabled"
    r"|ready|compatible|based|only|aware|certified|compliant|powered|equipped)"
)


def unit_or_shortcut(token: str) -> bool:
    """Whether ``token`` (punctuation trimmed) is a count and its unit, keys pressed
    together, or a compound adjective of what a thing can do."""
    return any(
        pattern.fullmatch(token) is not None for pattern in (_MEASURE, _SHORTCUT, _DESCRIBED)
    )


def hardware_address(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a hardware address or its prefix, the word for one
    among the forty characters before it."""
    return (
        _HARDWARE_ADDRESS.fullmatch(text, start, end) is not None
        and _ADDRESS_WORD.search(text, max(0, start - 40), start) is not None
    )


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
        or hardware_address(text, start, end)
    )
