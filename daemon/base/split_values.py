# ruff: noqa: RUF001 (the quotes of other scripts a value stands in)
"""The parts of a credential given apart from the word that names it, in raw material.

A value is not always said whole right after its credential word. Three shapes find the
parts the word-led rules (:mod:`daemon.base.credential_claims`) cannot reach:

- a part announced as the rest of a value given before, often in a turn of its own with no
  credential word left in it (``rest of it: x9V4Rt``, ``and I hold the second: 'copper
  sparrow'``, ``part 2 (Ravi): 'lighthouse puttw'``, ``and it ends with Sluice397``): the
  announcing words (a half, a part, the rest, what it ends or starts with) and, a few words
  on in the clause, a value-shaped token or quoted lower-case words;
- a value spelt with hyphens between its characters (``m-o-s-s``, ``t-u-l-i-p-4-4``) in the
  clause after a credential word;
- quoted plain words right before a verb that says what they open (``'velvet otter sings
  loudly' unlocks the encrypted backup volume``).

Linear: each shape one regex pass from a literal or a quote, each match a bounded look.
"""

from __future__ import annotations

import re

from daemon.base.credential_claims import CLAUSE_END, named_credentials, value_like
from daemon.base.raw_material import named_by_identifier

__all__ = ["split_values"]

# The words that announce the rest or another part of a value given before.
_PART = re.compile(
    r"(?i)(?<![^\W\d_])(?:(?:first|second|third|last|other|remaining|final|my|his|her|their"
    r"|your)[ \t]+"
    r"(?:half|part|piece|bit|chunk|word|words)|the[ \t]+(?:first|second|third|last|rest|remainder)"
    r"|rest[ \t]+of[ \t]+it|part[ \t]+(?:[1-9]|one|two|three|four|[ivx]{1,3}\b)"
    r"|(?:ends|starts|begins|finishes)[ \t]+with)"
    r"(?![^\W\d_])"
)
# The same in other languages: a half, a part, the rest, what is added after it (each a
# literal, so that it is its own hint).
_FOREIGN_PARTS = (
    "hälfte", "zweiter teil", "erster teil", "der rest", "hinten dran", "dahinter kommt",
    "moitié", "première partie", "deuxième partie", "le reste", "se termine par",
    "commence par", "mitad", "primera parte", "segunda parte", "el resto", "termina en",
    "empieza por", "metade", "primeira parte", "segunda parte", "o resto", "termina com",
    "começa com", "metà", "prima parte", "seconda parte", "il resto", "finisce con",
    "inizia con", "helft", "eerste deel", "tweede deel", "de rest", "eindigt op",
    "begint met", "połowa", "połowę", "pierwsza część", "druga część", "reszta",
    "половина", "первая часть", "вторая часть", "а вторая", "остаток", "частина",
    "перша частина", "друга частина", "решта", "прв дел", "втор дел", "вториот дел",
    "третиот дел", "првиот дел", "први део", "други део", "yarısı", "ilk kısmı", "ikinci kısmı",
    "geri kalanı", "sehemu ya kwanza", "sehemu ya pili", "sehemu ya tatu", "nusu",
    "jumătate", "prima parte", "a doua parte", "restul", "polovina", "první část",
    "druhá část", "zbytek", "första delen", "andra delen", "resten", "første del",
    "anden del", "andre del", "fele", "első rész", "második rész", "μισό", "πρώτο μέρος",
    "δεύτερο μέρος", "नीचे का हिस्सा", "पहला हिस्सा", "दूसरा हिस्सा", "बाकी", "前半", "后半",
    "後半", "剩下", "残り", "나머지", "앞부분", "뒷부분", "نصف", "الجزء الأول", "الجزء الثاني",
    "الباقي", "نیمه اول", "نیمه دوم", "بخش اول", "بخش دوم", "بقیه", "phần đầu",
    "phần sau", "phần còn lại", "nửa đầu", "nửa sau", "apá kìíní", "apá àkọ́kọ́", "apá kejì",
    "ìdajì", "1re moitié", "2e moitié", "la 2e", "la 1re",
    "bagian pertama", "bagian kedua", "sisanya", "unang bahagi", "ikalawang bahagi",
)  # fmt: skip
_FOREIGN_PART = re.compile(
    "(?i)(?<![^\\W\\d_])(?:" + "|".join(map(re.escape, _FOREIGN_PARTS)) + ")(?![^\\W\\d_])"
)
# Where announcing words may be, found at C speed in the lower-cased text: each found is
# matched in a bounded window around it.
_PART_HINTS = (
    "half", "part", "piece", "chunk", " bit", " word", "the first", "the second",
    "the third", "the last", "the rest", "the remainder", "rest of it", "ends with",
    "starts with", "begins with", "finishes with",
)  # fmt: skip
_HINT_REACH = 16
_WINDOW = 40
# After the announcing words: a few words (a name in brackets, ``I hold``) then the value.
_QUOTED = re.compile(r"[\"'‘“«「](?P<v>[^\"'’”»」\n]{2,80})[\"'’”»」]")
_TOKEN = re.compile(r"[^\s,;()]+")
_TRIM = "\"'`.,;:!?)(‘’“”«»「」"
# A word typed with a number (``Sluice397``), a product's shape too: a value only here.
_TYPED = re.compile(r"[A-Za-z][a-z]{3,19}\d{2,6}")
# A part cut at a joiner, the rest of the value on the other side (``Kili-``, ``Carpati_``).
_FRAGMENT = re.compile(r"[^\W_]{3,}[-_]|[-_][^\W_]{3,}")
_LOWER_WORDS = re.compile(r"[a-z]{2,20}(?: [a-z]{2,20}){1,7}")
# Characters spelt with hyphens between them: four or more.
_SPELT = re.compile(r"(?<![\w-])[A-Za-z0-9](?:-[A-Za-z0-9]){3,40}(?![\w-])")
_SPELT_HINT = re.compile(r"-[A-Za-z0-9]-[A-Za-z0-9]-")  # led by a literal: found at C speed
_LOOK_BACK = 90
# Quoted plain words before the verb that says what they open.
_OPENS = re.compile(
    r"[\"'‘“](?P<v>[a-z]{2,20}(?: [a-z]{2,20}){2,7})[\"'’”][ \t]+"
    r"(?:unlocks|opens|decrypts|unseals|unlocked|opened|decrypted)\b"
)


def _rest(text: str, end: int) -> tuple[int, int] | None:
    """The value a few words after announcing words ending at ``end``, in their clause."""
    window = text[end : end + _WINDOW]
    stop = CLAUSE_END.search(window)
    if stop is not None:
        window = window[: stop.start()]
    quoted = _QUOTED.search(window)
    if quoted is not None:
        value = quoted.group("v").strip()
        if _LOWER_WORDS.fullmatch(value) or value_like(value, "password"):
            return end + quoted.start("v"), end + quoted.end("v")
    for m in _TOKEN.finditer(window):
        bare = m.group().strip(_TRIM)
        fragment = _FRAGMENT.fullmatch(bare)
        if bare and (value_like(bare, "password") or _TYPED.fullmatch(bare) or fragment):
            lead = m.group().find(bare)
            return end + m.start() + lead, end + m.start() + lead + len(bare)
    return None


def _parts(text: str) -> list[int]:
    """Where the announcing words of ``text`` end, each once."""
    low = text.lower()
    ends: set[int] = set()
    for hint in _PART_HINTS:
        at = low.find(hint)
        while at >= 0:
            window = (max(0, at - _HINT_REACH), min(len(text), at + len(hint) + _HINT_REACH))
            ends.update(m.end() for m in _PART.finditer(text, *window))
            at = low.find(hint, at + 1)
    if any(part in low for part in _FOREIGN_PARTS):
        ends.update(m.end() for m in _FOREIGN_PART.finditer(text))
    return sorted(ends)


def _spelt(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    if _SPELT_HINT.search(text) is None:
        return spans
    for m in _SPELT.finditer(text):
        before = text[max(0, m.start() - _LOOK_BACK) : m.start()]
        if any(True for _ in named_credentials(before)):
            spans.append(m.span())
    return spans


def split_values(text: str) -> list[tuple[int, int]]:
    """The spans of the parts of credentials ``text`` gives apart (see the module), in
    order."""
    spans = [
        found
        for end in _parts(text)
        if (found := _rest(text, end)) is not None
        and not named_by_identifier(text, found[0])  # "the SHA-256 starts with 5d41c0e2"
    ]
    spans += _spelt(text)
    if "'" in text or '"' in text or "‘" in text or "“" in text:
        spans += [m.span("v") for m in _OPENS.finditer(text)]
    return sorted(spans)
