# ruff: noqa: RUF001
"""Lists of recovery, backup and one-time codes: each code after the words that announce them.

An account's recovery codes are given as a list (``GitHub recovery codes:`` then
``4f7a2-9c1e8`` on each line, ``Backup codes: 8271 6405, 1938 2264``): each is a credential,
however short and plain, and nothing in its shape says so. After a plural code word
(recovery, backup, one-time, scratch, emergency or 2FA codes, in the languages of
:mod:`daemon.base.credentials`) and its colon or line break, the codes are read line by line:
a line made only of code-shaped words (letters and digits, four to sixteen, a digit among
them, in up to four groups joined by ``-``; a list's bullet or number aside; in a line of
three or more codes alike, half of them with a digit) is taken whole,
and the first line that holds anything else ends the list.

Linear: a look for the words' common parts, then one regex pass finds the words; from
each, at most :data:`_LINES` lines of at most :data:`_LINE_CHARS` characters are read, and a
word inside a list already read is skipped.
"""

from __future__ import annotations

import re

__all__ = ["listed_codes"]

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
# Before the list: the rest of the announcing line, up to its colon or its end.
_LEAD = re.compile(r"[^\n:：]{0,80}[:：]?[ \t]*")
_LINES = 20
_LINE_CHARS = 200
_CODE = re.compile(r"[A-Za-z0-9]{2,16}(?:-[A-Za-z0-9]{2,16}){0,3}")
_BULLET = re.compile(r"(?:[-*•]|\d{1,2}[.)])\Z")
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
        if not colon and at < len(text) and text[at] != "\n":
            continue  # prose goes on: no list follows
        for _ in range(_LINES):
            stop = text.find("\n", at, at + _LINE_CHARS)
            end = stop if stop >= 0 else min(len(text), at + _LINE_CHARS)
            pieces = [p for p in _PIECE.finditer(text, at, end) if not _BULLET.match(p.group())]
            if pieces and not _code_line([p.group().rstrip(".") for p in pieces]):
                break
            spans.extend((p.start(), p.start() + len(p.group().rstrip("."))) for p in pieces)
            if stop < 0:
                break
            at = stop + 1
        done = at
    return spans
