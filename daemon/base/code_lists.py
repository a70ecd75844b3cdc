# ruff: noqa: RUF001
"""Lists of recovery, backup and one-time codes: each code after the words that announce them;
and the one-time code an app or a text message just gave.

An account's recovery codes are given as a list (``GitHub recovery codes:`` then
``4f7a2-9c1e8`` on each line, ``Backup codes: 8271 6405, 1938 2264``): each is a credential,
however short and plain, and nothing in its shape says so. After a plural code word
(recovery, backup, one-time, scratch, emergency or 2FA codes, in the languages of
:mod:`daemon.base.credentials`) and the colon or line break that ends its paragraph, the
codes are read line by line: a line made only of code-shaped words (letters and digits, four
to sixteen, a digit among them, in up to four groups joined by ``-``; a list's bullet or
number, and the ``and`` before its last code, aside; in a line of three or more codes
alike, half of them with a digit) is taken whole, and the first line that holds anything
else ends the list; on the announcing line, codes that end a sentence are taken before the
prose that goes on after them (``백업 코드 두 개 남았어요: j7nszrsf3b, 72ec36p7th. 팀 위키에 …``). A
random code may hold no digit (``qmdb-pjkk`` among ``2uhd-qqb7`` and ``xamr-9zzw``): a line
of letters alone, as few vowels as random letters hold, stays in the list, and is taken when
its groups are those of a code of the list that has a digit (``note-this`` or ``more-soon``
has vowels: the list ends there).

A one-time code also comes alone, right after the app or the text message that gave it
(:func:`sent_codes`): ``Duo just sent me 604 218``, ``Okta Verify shows 771204``, ``the bank
texted me 55081934``: six digits or more, whole or in groups, after the name of an
authenticator app, a text message or a bank and a verb of giving (``sent``, ``gave``,
``shows``, ``says``), or after ``texted me``; a code word between them (``a code:``) or not.

Linear: a look for the words' common parts, then one regex pass finds the words; from
each, at most :data:`_LINES` lines of at most :data:`_LINE_CHARS` characters are read, and a
word inside a list already read is skipped. A code sent is one regex pass, run over a text
holding one of the verbs.
"""

from __future__ import annotations

import re

__all__ = ["listed_codes", "sent_codes"]

# Every announcing word holds one of these (read in the text lower-cased first: a text that
# holds none, most of them, is passed over without the regex's scan at every character).
_HINTS = ("codes", "codigos", "códigos", "codici", "koder", "kody", "kodlar", "kode", "mã")
_HINTS_UNCASED = ("コード", "코드", "码", "коды")
_ANNOUNCE = re.compile(
    r"(?:recovery|backup|one[- ]time|scratch|emergency|2fa|mfa|single[- ]use|wiederherstellungs"
    r"|notfall|sicherungs)[- ]?codes"
    r"|c[oó]digos de (?:recuperaci[oó]n|respaldo|recupera[cç][aã]o|backup)"
    r"|codes de (?:secours|r[ée]cup[ée]ration)|codici di (?:recupero|backup)|herstelcodes"
    r"|reservkoder|återställningskoder|kody (?:zapasowe|odzyskiwania)|yedek kodlar"
    r"|kode (?:cadangan|pemulihan)|mã (?:dự phòng|khôi phục)|リカバリーコード|バックアップコード"
    r"|복구 코드|백업 코드|备用码|恢复码|резервные коды|коды восстановления",
    re.IGNORECASE,
)
# Before the list: the rest of the announcing paragraph, up to its colon or its line's end
# (``Här är reservkoderna för … som vi fick när MFA sattes upp. Skriv … förvaras:``).
_LEAD = re.compile(r"[^\n:：]{0,240}[:：]?[ \t]*")
_LINES = 20
_LINE_CHARS = 200
_CODE = re.compile(r"[A-Za-z0-9]{2,16}(?:-[A-Za-z0-9]{2,16}){0,3}")
_BULLET = re.compile(r"(?:[-*•]|\d{1,2}[.)])\Z")
# The word that joins a list's last code to the one before (``9kq2-m4x7 and 3wv8-n1b5``).
_JOINERS = frozenset(
    ("and", "or", "&", "und", "oder", "et", "ou", "y", "o", "e", "i", "en", "of", "och",
     "og", "ve", "veya", "dan", "atau", "và", "и", "или", "і", "a", "és", "ja", "tai")
)  # fmt: skip
_PIECE = re.compile(r"[^\s,;]+")


def _coded(piece: str) -> bool:
    """A code: letters and digits in groups, four characters or more, a digit among them."""
    return (
        _CODE.fullmatch(piece) is not None
        and sum(c.isalnum() for c in piece) >= 4
        and any(c.isdigit() for c in piece)
    )


def _code_line(pieces: list[str]) -> bool:
    """Whether a line's words are codes: each is (:func:`_coded`), or, in a line of three or
    more in the same groups, half of them are and the rest are letters alone (``yudq-lpxu``
    beside ``cbow-t781``: a random code may hold no digit)."""
    coded = sum(_coded(piece) for piece in pieces)
    if coded == len(pieces):
        return True
    shaped = all(
        _CODE.fullmatch(piece) is not None and sum(c.isalnum() for c in piece) >= 4
        for piece in pieces
    )
    groups = {piece.count("-") for piece in pieces}
    return shaped and len(pieces) >= 3 and coded * 2 >= len(pieces) and len(groups) == 1


# Vowels among a drawn code's letters, at most: random letters hold about a fifth, words more.
_DRAWN_VOWELS = 0.3


def _drawn(piece: str) -> bool:
    """A code of letters alone, as random letters are: in a code's groups (as :func:`_coded`
    reads them) but with no digit, and no more vowels than :data:`_DRAWN_VOWELS` of its
    letters."""
    letters = [c for c in piece.lower() if c.isalpha()]
    return (
        _CODE.fullmatch(piece) is not None
        and len(letters) >= 4
        and len(letters) == sum(c.isalnum() for c in piece)
        and sum(c in "aeiou" for c in letters) <= _DRAWN_VOWELS * len(letters)
    )


def _groups(piece: str) -> tuple[int, ...]:
    """The lengths of a code's groups (``2uhd-qqb7``: 4 and 4)."""
    return tuple(len(group) for group in piece.split("-"))


def _ended(pieces: list[re.Match[str]], words: list[str]) -> int:
    """How many of a line's first pieces are codes ending a sentence (the last ends with a
    full stop: ``j7nszrsf3b, 72ec36p7th.``) before prose on the same line, or 0."""
    for i, piece in enumerate(pieces):
        if piece.group().endswith("."):
            return i + 1 if _code_line(words[: i + 1]) else 0
    return 0


def listed_codes(text: str) -> list[tuple[int, int]]:
    """The spans of the codes listed after words that announce recovery or backup codes."""
    spans: list[tuple[int, int]] = []
    lowered = text.lower()
    if not any(hint in lowered for hint in _HINTS + _HINTS_UNCASED):
        return spans
    done = 0
    for m in _ANNOUNCE.finditer(text):
        if m.start() < done:
            continue
        lead = _LEAD.match(text, m.end())
        at = lead.end() if lead is not None else m.end()
        colon = lead is not None and lead.group().rstrip().endswith((":", "："))
        lead_end = at
        if not colon and at < len(text) and text[at] != "\n":
            continue  # prose goes on: no list follows
        shapes: set[tuple[int, ...]] = set()  # the groups of the list's codes with a digit
        drawn: list[tuple[int, int]] = []  # the codes of letters alone, taken if shaped so
        for _ in range(_LINES):
            stop = text.find("\n", at, at + _LINE_CHARS)
            end = stop if stop >= 0 else min(len(text), at + _LINE_CHARS)
            pieces = [p for p in _PIECE.finditer(text, at, end) if not _BULLET.match(p.group())]
            pieces = [
                p
                for i, p in enumerate(pieces)
                if not (0 < i < len(pieces) - 1 and p.group().lower() in _JOINERS)
            ]
            words = [p.group().rstrip(".") for p in pieces]
            found = [(p.start(), p.start() + len(w)) for p, w in zip(pieces, words, strict=True)]
            if pieces and not _code_line(words):
                if (ended := _ended(pieces, words)) and at == lead_end:
                    spans.extend(found[:ended])  # ``… 72ec36p7th. 팀 위키에 …``: prose goes on
                    break
                if not all(map(_drawn, words)):
                    break
                drawn.extend(found)  # ``qmdb-pjkk``: a line of the list, if shaped as one
            else:
                spans.extend(found)
                shapes.update(_groups(w) for w in words if _coded(w))
            if stop < 0:
                break
            at = stop + 1
        spans.extend((a, b) for a, b in drawn if _groups(text[a:b]) in shapes)
        done = at
    return sorted(spans)


# What gives a one-time code: an authenticator app, a text message, a bank, then a verb of
# giving (``Duo just sent me``, ``Okta Verify shows``, ``the SMS says:``), two words at most
# between them; or ``texted me``, whoever texted.
_SENDER = (
    r"(?:duo|authy|authenticator|okta|freeotp|sms|text[ \t]{1,3}message|the[ \t]{1,3}text"
    r"|bank|(?:2fa|mfa|otp)[ \t]{1,3}app)(?:[ \t]{1,3}[a-z]{2,10}){0,2}?[ \t]{1,3}"
    r"(?:sent|sends|gave|gives|shows|showed|says|said|displays|displayed|pushed|texted)"
    r"|texted(?=[ \t]{1,3}me\b)"
)
# The code after it: ``me``, an article and a code word aside; six to eight digits whole,
# or six to twelve in groups (``604 218``, ``8810-2241``, ``31 77 90``).
_SENT_CODE = re.compile(
    r"(?i)(?<![^\W\d_])(?:" + _SENDER + r")(?:[ \t]{1,3}me)?"
    r"(?:[ \t]{1,3}(?:a|the|my|this|another|new))?(?:[ \t]{1,3}(?:new|one-time|login|sign-in))?"
    r"(?:[ \t]{1,3}(?:code|pin|otp|passcode))?[ \t]{0,3}[:：—–-]?[ \t]{0,3}"
    r"(?P<code>\d{6,8}|\d{3,4}(?:[ -]\d{3,4}){1,2}|\d\d(?:[ -]\d\d){2,5})(?![\w-])"
)
# A text that gives a code names one of these senders (read in the text lower-cased first:
# a verb alone, "send", "show", the "text" of "context", is in most texts).
_SENT_HINTS = (
    "duo", "authy", "authenticator", "okta", "freeotp", "sms", "text message", "the text",
    "bank", "2fa", "mfa", "otp", "texted",
)  # fmt: skip


def sent_codes(text: str) -> list[tuple[int, int]]:
    """The spans of the one-time codes an app or a text message just gave (see the module)."""
    lowered = text.lower()
    if not any(hint in lowered for hint in _SENT_HINTS):
        return []
    return [m.span("code") for m in _SENT_CODE.finditer(text)]
