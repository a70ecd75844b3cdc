# ruff: noqa: RUF001 (the case words of other scripts, as text)
"""A password read out item by item after its word, in any language, cut from raw material.

People dictate a password the way they would say it on the phone: ``Mật khẩu …: chữ H viết
hoa, rồi oa, chữ S viết hoa, rồi en, rồi bảy mươi bảy, cuối cùng là dấu chấm than`` ("letter
H capital, then oa, letter S capital …"), ``das Passwort: großes F, dann link, großes O
…``. No item has a value's shape, and the English reading of
:func:`~daemon.base.raw_material.typed_passwords` knows English's words only. What gives a
dictation away in every language is a letter named with its case: :func:`read_out` finds,
after a password, passphrase or code word and a colon or a copula in its clause, a list of
three items or more separated by commas, two of which name a letter (one letter standing
alone) with a word for its case (:data:`_CASE_WORDS`: capital, lowercase, groß, majuscule,
mayúscula, заглавная, büyük, viết hoa, huruf besar, 大写 …), or one of which does and three
are spelt one character or one digit word each (``capital T, r, zero, l, l, nine``), and
cuts the list to the clause's end. A password policy names cases but no letter (``one
capital letter, one lowercase letter``), a list of places names letters but no case (``Tür
A, Schrank B, Fach C``).

Linear: each credential word's clause is read once, up to :data:`_REACH` characters.
"""

from __future__ import annotations

import re

from daemon.base.credential_claims import COPULAS, TOKEN, TRIM, clause_spans
from daemon.base.digit_words import DIGIT_WORDS
from daemon.base.word_lists import alternation

__all__ = ["read_out"]

# The words that say a letter's case, in the languages redaction reads.
_CASE_WORDS = (
    "capital", "uppercase", "upper-case", "upper case", "lowercase", "lower-case",
    "lower case", "small", "big", "cap", "großes", "großer", "große", "groß", "grosses",
    "grosser", "grosse", "gross", "kleines", "kleiner", "kleine", "klein", "majuscule",
    "minuscule", "capitale", "mayúscula", "minúscula", "mayuscula", "minuscula",
    "maiúscula", "maiuscula", "maiuscola", "minuscola", "maiuscolo", "minuscolo",
    "hoofdletter", "wielka", "wielkie", "wielką", "mała", "małe", "małą", "duża", "duże",
    "dużą", "заглавная", "заглавную", "строчная", "строчную", "большая", "большую",
    "маленькая", "маленькую", "прописная", "прописную", "велика", "велику", "мала", "малу",
    "büyük", "küçük", "viết hoa", "viết thường", "chữ hoa", "chữ thường", "in hoa",
    "huruf besar", "huruf kecil", "kapital", "versal", "gemen", "stor", "stort", "stora",
    "liten", "litet", "lille", "store", "iso", "isolla", "pieni", "pienellä", "velké",
    "malé", "velká", "malá", "nagy", "kis", "mare", "mic", "majusculă", "minusculă",
    "κεφαλαίο", "κεφαλαίου", "πεζό", "大写", "小写", "大文字", "小文字", "대문자", "소문자",
    "बड़ा", "छोटा", "कैपिटल",
)  # fmt: skip
_CASE = re.compile(
    rf"(?<![^\W\d_])(?:{alternation(_CASE_WORDS)})(?![^\W\d_])|大写|小写|大文字|小文字",
    re.IGNORECASE,
)
# Words of one letter in prose (articles, conjunctions, prepositions): no letter named when
# written so, lower-case.
_ONE_LETTER_WORDS = frozenset("aioeuyàáéèóòwzvskвскуоиая")
#: Characters of a credential word's clause read, at most.
_REACH = 320
#: Characters between the word and the colon or copula that opens the list, at most.
_LEAD = 80
#: Items of a dictation at least, and those of them naming a letter with its case.
_ITEMS, _LETTERS = 3, 2
#: Items spelt one character or one digit word each that make a dictation of a list that
#: names one letter with its case (``capital T, r, zero, l, l, nine``).
_SPELT = 3
_DIGITS = frozenset(DIGIT_WORDS)


def _names_a_letter(item: str) -> bool:
    """Whether ``item`` names one letter standing alone with a word for its case."""
    if _CASE.search(item) is None:
        return False
    for word in item.split():
        bare = word.strip(TRIM)
        if len(bare) == 1 and bare.isalpha() and not (bare.islower() and bare in _ONE_LETTER_WORDS):
            return True
    return False


def _spelt(item: str) -> bool:
    """Whether ``item`` is one character or one digit word (``r``, ``zero``, ``cinco``)."""
    bare = item.strip().strip(TRIM)
    return (len(bare) == 1 and bare.isalnum()) or bare.lower() in _DIGITS


def _list_start(text: str, start: int, end: int) -> int | None:
    """Where the list after a credential word begins: after the first colon, or the first
    copula, within :data:`_LEAD` characters of the word in its clause; or None."""
    reach = min(end, start + _LEAD)
    colon = min(
        (i for i in (text.find(":", start, reach), text.find("：", start, reach)) if i >= 0),
        default=-1,
    )
    if colon >= 0:
        return colon + 1
    for m in TOKEN.finditer(text, start, reach):
        if m.group().lower() in COPULAS:
            return m.end()
    return None


def read_out(text: str) -> list[tuple[int, int]]:
    """The spans of the passwords ``text`` reads out item by item (see the module), each
    from its first item to its clause's end."""
    return clause_spans(text, _REACH, _read_out_in)


def _read_out_in(text: str, after: int, end: int) -> tuple[int, int] | None:
    """The list of items read out in the clause ``after..end``, if any."""
    start = _list_start(text, after, end)
    if start is None:
        return None
    items = text[start:end].split(",")
    letters = sum(map(_names_a_letter, items))
    if len(items) < _ITEMS or not (
        letters >= _LETTERS or (letters and sum(map(_spelt, items)) >= _SPELT)
    ):
        return None
    while start < end and text[start].isspace():
        start += 1
    return start, end
