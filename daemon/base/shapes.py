"""Credentials read by their shape alone, with no word, prefix or option to announce them.

The keyword rules (:mod:`daemon.base.credentials`, :mod:`daemon.base.nearby`) need a word
they know in a language they read; the entropy rules (:mod:`daemon.base.entropy`) need a long
token mixing cases. What they miss has a shape of its own, whatever the sentence around it:

- :func:`joined_words`: words joined by symbols with a number at one end, the way people
  make passwords they can type (``Dalgona-Biopsy-5061``, ``Lemur+Biopsy=7316``,
  ``Sün_Infúzió_7130``, ``Pelican#Morphine?8812``). Each part is letters only or digits
  only, two parts at least are capitalised words, the number has two to eight digits and no
  leading zero. Names do not take that shape: a model or release name mixes letters and
  digits in one part (``Llama-3.1-70B``, ``Release_2024_Q1``), a version's number has one
  digit (``GPT-4-Turbo``), an identifier is lower or upper case (``max_retries_10``,
  ``CLINSYS-2231``), a product's number is a year (``Windows-Server-2019``), a counter has
  a leading zero (``Build-Agent-07``), an e-mail address or a ``key=value;`` string is told
  by its ``@`` or its ``;`` and ``=``.
- :func:`upper_keys`: base32 in upper case (a TOTP seed, an access key without its
  prefix): 24 characters or more of capitals and digits, three digits at least, not hex,
  not a ULID (an id whose first ten characters are a time), with no more vowels than random
  letters have.
- :func:`digit_groups`: six or more groups of four to six digits joined by ``-``: a
  BitLocker recovery key, a licence key. Phone numbers, dates and card numbers have fewer.
- :func:`assigned_keys`: an upper-case variable assigned a random-looking key
  (``ALGOLIA_ADMIN=b22e…``, 24 characters or more mixing letters and digits), unless its
  name says it holds a public identifier (``*_SHA``, ``*_COMMIT``, ``*_ID``, ``*_HASH`` …);
  a UUID only when its name says key, token, secret or password (a UUID is an id's shape).
- :func:`option_values`: a command-line option whose name ends in a password word
  (``-srcstorepass``, ``-keypass``, ``--db-password``, ``-pw``, ``/p:``; Windows' switches
  in either case, ``/P``, ``/password:`` and ``/RP``, the password of the account a task runs
  as), or names a PIN or a passcode (``--pin``, ``--so-pin``), with its value; the ``-P``
  that mosquitto, ipmitool and sqlcmd take a password by, when its value mixes letters and
  digits (a port, a count or a pattern does not); the community the net-snmp tools take as
  ``-c`` (SNMP's password; ``public``, the default, is none); the password after the comma
  of lftp's ``-u user,password``.
- :func:`at_command_values`: what a modem's AT command that sets a credential sets: the last
  quoted argument of a PDP context's authentication (``AT+CGAUTH=1,1,"user","pass"``) or a
  SIM's PIN (``+CPIN``, ``+CLCK``), the last two of ``+CPWD``.
- :func:`joined_variables`: the values of shell variables a command joins (``"$P1$P2"``)
  in a text that speaks of a credential, when the joined value mixes letters and digits.

Linear, and cheap on long logs: the text is split into words once; each shape is read only
inside the words of nine characters or more that can hold it (both cases for joined words,
24 characters for keys, an ``=`` or a ``:`` before a value), each regex bounded to its
word (runs bounded, possessive where they could backtrack); the options, groups of digits
and joined variables are one regex pass over a text holding the character they need.
"""

from __future__ import annotations

import re

from daemon.base.entropy import long_words

__all__ = [
    "assigned_keys",
    "at_command_values",
    "candidates",
    "digit_groups",
    "joined_variables",
    "joined_words",
    "option_values",
    "shaped_credentials",
    "upper_keys",
]

# -- words joined by symbols, with a number -------------------------------------------------

_JOINERS = "-_.+=;#!?*&%$@~^"
_JOINED = re.compile(
    r"(?<![\w" + re.escape(_JOINERS) + r"])"
    r"[^\W_][\w" + re.escape(_JOINERS) + r"]{5,79}+"
)
_SPLIT = re.compile("[" + re.escape(_JOINERS) + "]+")
_TRAILING = ".,;:!?)]}'\""
_YEAR = re.compile(r"(?:19|20)\d\d")
_EMAIL = re.compile(r"@[\w-]+\.[A-Za-z]{2,}")


def _title(part: str) -> bool:
    return len(part) >= 3 and part[0].isupper() and part[1:].islower()


def joined(token: str) -> bool:
    """Whether ``token`` is words joined by symbols with a number at one end (see module)."""
    parts = [p for p in _SPLIT.split(token) if p]
    if not 3 <= len(parts) <= 6 or not (parts[0].isdigit() or parts[-1].isdigit()):
        return False
    numbers = [p for p in parts if p.isdigit()]
    words = [p for p in parts if p.isalpha()]
    if len(numbers) + len(words) != len(parts) or len(numbers) > 2:
        return False  # a part mixing letters and digits: a name (70B, Q1, x64)
    if sum(_title(w) for w in words) < 2:
        return False
    end = parts[-1] if parts[-1].isdigit() else parts[0]
    if not 2 <= len(end) <= 8 or end[0] == "0" or _YEAR.fullmatch(end):
        return False
    if "=" in token and any(c in token for c in ";&"):
        return False  # key=value;key=value
    return not ("@" in token and _EMAIL.search(token))


def joined_words(text: str, words: list[tuple[int, str]] | None = None) -> list[tuple[int, int]]:
    """The spans of the passwords of ``text`` made of words joined by symbols. ``words``:
    the text's words of nine characters or more (:func:`candidates`), when the caller has
    them. Only a word holding both cases and something other than letters is read."""
    spans: list[tuple[int, int]] = []
    for at, word in candidates(text) if words is None else words:
        if not (word.islower() or word.isupper() or word.isalnum()):
            spans.extend(_joined_in(text, at, word))
    return spans


def _joined_in(text: str, at: int, word: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for m in _JOINED.finditer(text, at, at + len(word)):
        start, end = m.span()
        while end > start and text[end - 1] in _TRAILING:
            end -= 1
        if joined(text[start:end]):
            spans.append((start, end))
    return spans


def candidates(text: str) -> list[tuple[int, str]]:
    """The whitespace-separated words of ``text`` of nine characters or more, each with its
    offset: every shape here is read only inside one of them (a split, then a look at the
    few words long enough)."""
    return long_words(text, 9)


# -- base32 in upper case ---------------------------------------------------------------------

_UPPER_RUN = re.compile(r"(?<![A-Za-z0-9+/_-])[A-Z0-9]{24,}+(?![A-Za-z0-9+/_-])")
_HEX = re.compile(r"[0-9A-Fa-f]+")
_VOWELS = frozenset("AEIOU")
_ULID = re.compile(r"[0-7][0-9A-HJKMNP-TV-Z]{25}")


def upper_keys(text: str, words: list[tuple[int, str]] | None = None) -> list[tuple[int, int]]:
    """The spans of the upper-case base32 keys of ``text`` (see module)."""
    spans: list[tuple[int, int]] = []
    for at, word in candidates(text) if words is None else words:
        if len(word) >= 24 and not word.islower():
            spans.extend(_upper_in(text, at, word))
    return spans


def _upper_in(text: str, at: int, word: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for m in _UPPER_RUN.finditer(text, at, at + len(word)):
        token = m.group()
        letters = [c for c in token if c.isalpha()]
        if len(token) - len(letters) < 3 or len(letters) < 8 or _HEX.fullmatch(token):
            continue
        if _ULID.fullmatch(token):
            continue  # an id sorted by time: its first characters are a timestamp
        if sum(c in _VOWELS for c in letters) > 0.3 * len(letters):
            continue
        spans.append(m.span())
    return spans


# -- groups of digits -------------------------------------------------------------------------

_GROUPS = re.compile(r"(?<![\w-])\d{4,6}(?:-\d{4,6}){5,11}(?![\w-])")


def digit_groups(text: str) -> list[tuple[int, int]]:
    """The spans of the recovery and licence keys of ``text`` written as groups of digits."""
    return [m.span() for m in _GROUPS.finditer(text)] if "-" in text else []


# -- a variable assigned a key ----------------------------------------------------------------

_ASSIGNED = re.compile(
    r"(?<![\w$])(?P<name>[A-Z][A-Z0-9_]{2,60}+)[ \t]{0,2}[:=][ \t]{0,2}[\"']?"
    r"(?P<v>[A-Za-z0-9+/_-]{24,200}+=*+)(?![A-Za-z0-9+/_-])"
)
_PUBLIC_NAME = re.compile(
    r"(?:^|_)(?:ID|IDS|UID|UUID|SHA|SHA1|SHA256|SHA512|MD5|HASH|DIGEST|CHECKSUM|COMMIT|REV"
    r"|REVISION|REF|VERSION|TAG|ETAG|FINGERPRINT|IMAGE|PATH|DIR|URL|HOST|NAME|REGION|ARN)"
    r"(?:_|$)"
)


_WORD_RUN = re.compile(r"[A-Z]?[a-z]{3,}|[A-Z]{3,}")
_VOWEL = frozenset("aeiouAEIOU")


def _random_key(value: str) -> bool:
    """A key drawn at random: letters and digits mixed, its letters not words run together
    (``claude_sonnet_latest_2026``: most letters in runs of three or more with vowels)."""
    value = value.rstrip("=")
    digits = sum(c.isdigit() for c in value)
    letters = sum(c.isalpha() for c in value)
    if digits < 4 or letters < 4:
        return False
    in_words = sum(
        len(run)
        for run in _WORD_RUN.findall(value)
        if sum(c in _VOWEL for c in run) >= 0.25 * len(run)
    )
    return in_words < 0.4 * letters


def assigned_keys(text: str, words: list[tuple[int, str]] | None = None) -> list[tuple[int, int]]:
    """The spans of the random keys of ``text`` assigned to upper-case variables. A value
    is a word of 24 characters or more, holding its name (``NAME=…``) or led by ``:`` or
    ``=`` (``NAME: …``, ``NAME = …``): only those words and the name before them are read."""
    spans: list[tuple[int, int]] = []
    for at, word in candidates(text) if words is None else words:
        if len(word) >= 24 and not word.isalpha():
            spans.extend(_assigned_in(text, at, word))
    return sorted(set(spans))


def _assigned_in(text: str, at: int, word: str) -> list[tuple[int, int]]:
    lead = text[max(0, at - 3) : at]
    if "=" not in word and ":" not in lead and "=" not in lead:
        return []
    return [
        m.span("v")
        for m in _ASSIGNED.finditer(text, max(0, at - 70), at + len(word))
        if m.end("v") > at
        and not _PUBLIC_NAME.search(m["name"])
        and _random_key(m["v"])
        and (not _UUID_VALUE.fullmatch(m["v"]) or _KEY_NAME.search(m["name"]))
    ]


# A UUID is an id's shape (``TMS: <uuid>``, ``TENANT=<uuid>``): a variable holds a key in one
# only when its name says so (``HEROKU_API_KEY=<uuid>``).
_UUID_VALUE = re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")
_KEY_NAME = re.compile(r"KEY|TOKEN|SECRET|PASS|PWD|AUTH|CRED|SIG", re.IGNORECASE)


# -- options that carry a password ------------------------------------------------------------

_OPTION = re.compile(
    r"(?:(?<=\s)|(?<=^)|(?<=[\"'`]))(?:--?[A-Za-z][A-Za-z0-9-]{0,30}?(?i:pass|passwd|password"
    r"|pwd|secret|passphrase)|--?(?:[A-Za-z0-9]{1,12}-){0,3}(?i:pin|passcode|community)"
    r"|(?P<upper_p>-P)|-pw|/p|/[A-Z]{0,2}P|/(?i:pass|passwd|password|pwd))(?:[ \t]{1,3}|=|:)"
    r"(?:'(?P<q1>[^'\n]{3,200})'|\"(?P<q2>[^\"\n]{3,200})\"|(?P<w>[^\s'\"|;&`]{3,200}))"
)
_NOT_VALUES = frozenset(("stdin", "file", "env", "prompt", "none", "true", "false"))
# What ``-P`` takes when it is no password: a port, a count (``xargs -P 4``), a pattern
# (``grep -P '\d+'``), a path.
_NOT_PASSWORD = re.compile(r"\d+|.*[\\\[\](){}^$|/.].*|[^\d]*|[^A-Za-z]*")
# An SNMP community (the password of SNMP v1 and v2c), given to the net-snmp tools as ``-c``.
_COMMUNITY = re.compile(
    r"(?<![\w-])snmp[a-z]{0,12}+(?:[ \t]++[^\s|;&]{1,100}+){0,8}?[ \t]++-c[ \t]*+"
    r"(?:'(?P<q1>[^'\n]{3,200})'|\"(?P<q2>[^\"\n]{3,200})\"|(?P<w>[^\s'\"|;&`-][^\s'\"|;&`]{2,199}+))"
)

# lftp's login option, ``-u user,password`` (and its ``open -u`` command): the password after
# the comma. The comma joins a user and a password to lftp alone (``ps -u root,daemon`` lists
# users), so the option is read only after ``lftp`` or ``open`` on its line.
_LFTP_USER = re.compile(
    r"(?<![\w-])(?:lftp|open)(?:[ \t]++[^\s|;&]{1,200}+){0,8}?[ \t]++(?:-u|--user)[ \t]++"
    r"[\"']?+[^\s,'\"]{1,100}+,(?P<w>[^\s'\"]{1,200}+)"
)


def option_values(text: str) -> list[tuple[int, int]]:
    """The spans of the values of ``text``'s password options (see module)."""
    spans: list[tuple[int, int]] = []
    if "-" not in text and "/" not in text:
        return spans
    for m in _OPTION.finditer(text):
        group = next(g for g in ("q1", "q2", "w") if m.group(g) is not None)
        start, end = m.span(group)
        value = text[start:end]
        if group == "w":
            while end > start and text[end - 1] in ".,;:)":
                end -= 1
            value = text[start:end]
        if value[0] in "-$%{<[/~\\" or value.lower() in _NOT_VALUES or len(value) < 3:
            continue
        if not any(c.isdigit() or not c.isalnum() for c in value):
            continue  # a plain word (--password-file path is refused above by its "-")
        if m.group("upper_p") is not None and _NOT_PASSWORD.fullmatch(value):
            continue  # "-P" is a password to some tools only when its value mixes
        spans.append((start, end))
    if "lftp" in text or "open" in text:
        spans += [m.span("w") for m in _LFTP_USER.finditer(text)]
    if "snmp" in text:
        for m in _COMMUNITY.finditer(text):
            group = next(g for g in ("q1", "q2", "w") if m.group(g) is not None)
            if any(c.isdigit() or not c.isalnum() for c in m[group]):
                spans.append(m.span(group))  # "public", the default, is no secret
    return sorted(spans)


# -- a modem's AT command that sets a credential ----------------------------------------------

# An AT command (3GPP TS 27.007 and the vendors' own) whose name says it sets a credential: a
# PDP context's authentication (``+CGAUTH``, ``$QCPDPP``, ``+QICSGP``), a SIM's PIN
# (``+CPIN``, ``+CLCK``) or a new one (``+CPWD``).
_AT_COMMAND = re.compile(
    r"(?<![A-Za-z0-9])(?i:AT)[+$^%#](?P<name>[A-Za-z]{0,8}(?i:AUTH|PIN|PWD|PASS|CLCK|CSGP|PDPP)"
    r"[A-Za-z]{0,4})=(?P<args>[^\s;]{1,300}+)"
)
# A quoted argument, between commas (a facility, ``"SC"``, has two letters).
_QUOTED_ARGUMENT = re.compile(r'(?:^|(?<=,))"([^"\n]{3,100})"(?=,|$)')


def at_command_values(text: str) -> list[tuple[int, int]]:
    """The spans of the credentials ``text``'s AT commands set: the last quoted argument of a
    command that sets one (``AT+CGAUTH=1,1,"user","pass"``: the user comes before), the last
    two of ``+CPWD`` (the old PIN and the new)."""
    spans: list[tuple[int, int]] = []
    if "=" not in text:
        return spans
    for m in _AT_COMMAND.finditer(text):
        start = m.start("args")
        quoted = [
            (start + q.start(1), start + q.end(1)) for q in _QUOTED_ARGUMENT.finditer(m["args"])
        ]
        spans += quoted[-2:] if "pwd" in m["name"].lower() else quoted[-1:]
    return spans


# -- a credential assembled from shell variables ---------------------------------------------

_JOINED_VARS = re.compile(
    r"\$\{?(?P<a>[A-Za-z_]\w{0,30}+)\}?\$\{?(?P<b>[A-Za-z_]\w{0,30}+)\}?"
    r"(?:\$\{?(?P<c>[A-Za-z_]\w{0,30}+)\}?)?"
)
_SINK = re.compile(r"(?i)pass|pwd|token|secret|login|auth|key|-p\b")
_SHELL_VALUE = (
    r"(?:'(?P<q1>[^'\n]{1,100})'|\\?\"(?P<q2>[^\"\n\\]{1,100})\\?\"|(?P<w>[^\s;&|'\"`]{1,100}))"
)


def joined_variables(text: str) -> list[tuple[int, int]]:
    """The spans of the values of shell variables that a command joins into a credential
    (``P1=Vq3n…; P2=Rt5y…; echo "$P1$P2" | docker login --password-stdin``): each piece
    alone looks like nothing, so they are judged joined, where a credential goes."""
    if "$" not in text or "=" not in text or _SINK.search(text) is None:
        return []
    spans: list[tuple[int, int]] = []
    for m in _JOINED_VARS.finditer(text):
        names = [n for n in (m["a"], m["b"], m["c"]) if n]
        pieces: list[tuple[int, int]] = []
        for name in names:
            assigned = re.search(rf"(?<![\w$]){re.escape(name)}={_SHELL_VALUE}", text[: m.start()])
            if assigned is None:
                break
            group = next(g for g in ("q1", "q2", "w") if assigned.group(g) is not None)
            pieces.append(assigned.span(group))
        if len(pieces) != len(names):
            continue
        value = "".join(text[a:b] for a, b in pieces)
        mixed = any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
        if len(value) >= 8 and mixed and not value.startswith(("/", "http")):
            spans.extend(pieces)
    return sorted(set(spans))


def shaped_credentials(
    text: str, words: list[tuple[int, str]] | None = None
) -> list[tuple[str, int, int]]:
    """Every credential of ``text`` read by its shape alone, as ``(kind, start, end)``, in
    order (they may overlap: the caller keeps the first of overlapping hits). ``words``: the
    text's words of nine characters or more (:func:`candidates`), when the caller has them."""
    found: list[tuple[str, int, int]] = []
    for at, word in candidates(text) if words is None else words:  # one loop, cheap tests
        lower = word.islower()
        if not (lower or word.isupper() or word.isalnum()):
            found += [("password", a, b) for a, b in _joined_in(text, at, word)]
        if len(word) >= 24:
            if not lower:
                found += [("high_entropy", a, b) for a, b in _upper_in(text, at, word)]
            if not word.isalpha():
                found += [("api_key", a, b) for a, b in set(_assigned_in(text, at, word))]
    found += [("password", a, b) for a, b in option_values(text)]
    found += [("password", a, b) for a, b in at_command_values(text)]
    found += [("passphrase", a, b) for a, b in digit_groups(text)]
    found += [("password", a, b) for a, b in joined_variables(text)]
    found.sort(key=lambda hit: (hit[1], -hit[2]))
    return found
