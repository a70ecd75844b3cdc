# ruff: noqa: RUF001 (the words and particles of other scripts, listed as text on purpose)
"""Whether a text that names a credential leaves room for its value: where a value may stand
that the credential rules (:mod:`daemon.base.credential_claims`) did not recognise.

A value the rules read (letters with digits, a quoted value, a passphrase of three words
...) is refused before this is asked. What is left is a value no shape gives away: a plain
word or two ("the password is marigold", "Kennwort: tugboat lantern"), a name, a word in a
script without case. Such a value stands where a value stands: after a separator that
follows the credential word in its clause (a colon, ``=``, a dash or an arrow, a comma, an
opening bracket or quote, a copula: ``is``, ``ist``, ``es``, ``是``, ``は``), or before the
word when a copula joins them ("Marigold is the password."). :func:`room_for_value` names
the credential word after which one may stand, or None when the text only talks about the
credential:

- no separator follows the word in its clause ("the password of the VPN resets through the
  helpdesk form", "La contraseña de la base de datos se rota cada trimestre"), unless one
  word alone follows it to the clause's end ("Staging şifresi karpuz.", "wifi password
  sunshine"): where a language sets no copula, the value stands next to the word;
- what follows the separator says where the credential lives, what is done with it or what
  it is (a word of :data:`~daemon.base.credential_claims.STOPS`: ``rotated``, ``stored``,
  ``vault``, ``policy`` ...), or a number of a unit ("16 characters", "90 days");
- what follows the separator is prose: lower-case words among which one of prose's small
  words stands ("is held in AWS KMS and never leaves it", "is owned by Priya").

A capital, a digit, a symbol or a quote in the first word after a separator leaves room for
a value, and so does any text in a script written without case (Arabic, Hebrew, Devanagari,
Thai ...) or without spaces (a particle after the word, ``密码是``, ``비밀번호는``): there no
list of prose words tells a word from a value.
"""

from __future__ import annotations

import re

from daemon.base.credential_claims import (
    CLAUSE_END,
    COPULAS,
    PROSE_WORDS,
    STOPS,
    TOKEN,
    TRIM,
    WINDOW,
    names_a_kind,
    talk_words,
    value_like,
)
from daemon.base.key_kinds import another_kind, kinds_named

__all__ = ["room_for_value", "value_rooms"]

_QUOTES = "\"'`«“„「『‘"
# What opens a value right after the credential word ("password: …", "key = …", "PIN (…)").
_OPENERS = ":=：(,→—–-" + _QUOTES
# Words after which a value is given as a copula's is ("signs in with …", "uses …").
_LEADS = frozenset(("with", "uses", "using", "mit", "avec", "con", "com"))
_ARROWS = frozenset(("->", "=>", "→", "—", "–", "-", ":", "="))
# A particle or copula right after the word in a script written without spaces: 是 / 为
# ("is"), は (the topic), 은 / 는 / 이 / 가 (topic and subject), the full-width colon.
_JOINED = re.compile("[是为為は：은는이가]")
# A copula anywhere in such a run ("现在是…", "…です", "…입니다").
_COPULA_UNSPACED = re.compile("是|为|為|は|：|です|だ|입니다|이다")
_UNSPACED = re.compile("[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
# Letters of a script with no case (Arabic, Hebrew, Devanagari, Thai ...): no list of prose
# words here tells a word from a value.
_CASELESS = re.compile(r"[^\W\d_A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u1e00-\u1eff]")
# Words of change between a copula and a value: "is now …", "was changed to …".
_CHANGE = frozenset(("now", "still", "currently", "jetzt", "maintenant", "ahora", "agora"))
_CHANGED = frozenset(("changed", "set", "reset", "updated", "switched", "moved"))
# Credential words that are verbs of opening: the value follows them at once.
_AT_ONCE = ("with", "unlock", " mit", " avec", " con", " com", " met")
_YEAR = re.compile(r"(?:19|20)\d\d")


def room_for_value(text: str) -> str | None:
    """The first credential word of ``text`` (lower-case) after which, or before which, a
    value may stand that no credential rule recognised, or None (see the module)."""
    found = _rooms(text)
    return found[0][0] if found else None


def value_rooms(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` where a value may stand that no credential rule recognised (the
    rooms :func:`room_for_value` finds): each value-shaped token of a text that names a
    credential, the rest of the clause from where a value starts after a credential word's
    separator (a value spelled out or said in parts runs past a comma; where the script
    gives no word boundary or case to read, all of the clause after the word), the clause
    before a word that a copula ends it with. A memory held for such a room is stored
    without it, whatever stands there: what the rules did not recognise is not kept."""
    return [span for _, span in _rooms(text, every=True)]


def _rooms(text: str, *, every: bool = False) -> list[tuple[str, tuple[int, int]]]:
    """Each credential word (lower-case) with a room for a value, and the room's span; the
    first only, unless ``every``."""
    # "the login nodes", "the token server", "the sprint key is Left Shift", "design
    # tokens": a kind of thing, no credential named
    named = kinds_named(text)
    words = [
        m
        for m in talk_words(text)
        if not names_a_kind(text, m.end()) and not another_kind(text, m.start(), m.end(), named)
    ]
    found: list[tuple[str, tuple[int, int]]] = []
    if words and (anywhere := _values_anywhere(text)):
        found += [(words[0].group().lower(), span) for span in anywhere]
        if not every:
            return found
    for m in words:
        at_once = m.group().lower().endswith(_AT_ONCE)
        room = _room_after(text, m.end(), at_once) or _named_before(text, m.start(), m.end())
        if room is not None:
            found.append((m.group().lower(), room))
            if not every:
                return found
    return found


def _values_anywhere(text: str) -> list[tuple[int, int]]:
    """The tokens anywhere in ``text`` shaped like a value (letters with digits, a code of
    four digits or more, a symbol prose does not use ...): in a text that names a
    credential each may be its value, wherever it stands ("90210, then the hash key"). A year
    is a date's."""
    spans = []
    for m in TOKEN.finditer(text):
        bare = m.group().strip(TRIM)
        if bare and value_like(bare, "password") and not _YEAR.fullmatch(bare):
            spans.append(m.span())
    return spans


def _clause_after(text: str, end: int) -> str:
    window = text[end : end + WINDOW]
    stop = CLAUSE_END.search(window, 1)
    return window if stop is None else window[: stop.start()]


def _room_after(text: str, end: int, at_once: bool) -> tuple[int, int] | None:
    """Where a value may stand in the clause after the word ending at ``end``, or None
    (``at_once``: a verb of opening, whose value follows it with no separator: ``opens with
    …``)."""
    clause = _clause_after(text, end)
    rest = (end + len(clause) - len(clause.lstrip()), end + len(clause.rstrip()))
    if _JOINED.match(clause):
        return rest  # ``密码是…``, ``비밀번호는 …``: a particle opens what follows
    if _UNSPACED.search(clause):
        return rest if _COPULA_UNSPACED.search(clause) is not None else None
    if _CASELESS.search(clause):
        return rest
    matches = list(TOKEN.finditer(clause))
    tokens = [t.group() for t in matches]
    head = clause.lstrip()[:1]
    opened = head != "" and (head in _OPENERS)
    if opened and tokens and tokens[0].strip(TRIM) == "":
        tokens, matches = tokens[1:], matches[1:]  # the separator alone (``password : …``)
    # One word alone to the clause's end, right after the word, may be its value: a language
    # with no copula there (``şifresi karpuz``) or a note's shorthand (``password hunter``).
    alone = len(tokens) == 1 and clause[:1].isspace() and not any(talk_words(tokens[0]))
    starts = [0] if opened or at_once or alone else []
    for i, token in enumerate(tokens):
        bare = token.strip(TRIM).lower()
        if bare in STOPS:
            break  # what follows says where the credential lives or what it is
        if bare in COPULAS or bare in _LEADS or token in _ARROWS or token[-1:] in ":=：,":
            starts.append(i + 1)
    for s in starts:
        if run := _value_run(tokens[s:]):
            # to the clause's end: a value spelled out or said in parts runs past a comma
            return end + matches[s + run.start].start(), rest[1]
    return None


def _value_run(tokens: list[str]) -> range:
    """Which of the words after a separator (``tokens``, to the clause's end) may be a
    value, as a range of their places (empty: none): up to the first comma or bracket that
    closes them, or a word that says what the credential is; see the module."""
    run: list[str] = []
    unit = False
    for token in tokens:
        if token.strip(TRIM).lower() in STOPS:
            unit = True
            break
        run.append(token)
        if token[-1:] in ",)]}":
            break
    skipped = 0
    while skipped < len(run) and run[skipped].lower() in _CHANGE:
        skipped += 1
    rest = run[skipped:]
    if len(rest) >= 2 and rest[0].lower() in _CHANGED and rest[1].lower() == "to":
        skipped += 2
    run = run[skipped:]
    none = range(0)
    if not run:
        return none
    found = range(skipped, skipped + len(run))
    first, bare = run[0], run[0].strip(TRIM)
    if first[:1] in _QUOTES:
        return found  # a quoted value
    if bare.isdigit() and len(run) == 1 and unit:
        return none  # a number of a unit: "16 characters", "90 days"
    if not bare.isalpha() or not bare.islower():
        return found if bare != "" else none  # a capital, a digit or a symbol
    return none if any(t.strip(TRIM).lower() in PROSE_WORDS for t in run) else found


def _named_before(text: str, start: int, end: int) -> tuple[int, int] | None:
    """Where the value may stand when the word ends its clause after a copula ("Marigold is
    the password."): what the clause opened with, before the copula; None otherwise."""
    if any(t.strip(TRIM) for t in TOKEN.findall(_clause_after(text, end))):
        return None
    lo = max(0, start - WINDOW)  # read back as far as forward: linear in the text
    opened = max((m.end() for m in CLAUSE_END.finditer(text, lo, start)), default=lo)
    before = list(TOKEN.finditer(text, opened, start))
    copulas = [i for i, t in enumerate(before) if t.group().strip(TRIM).lower() in COPULAS]
    if not copulas or copulas[0] == 0:
        return None if not copulas else (before[0].start(), before[0].end())
    return before[0].start(), before[copulas[0] - 1].end()
