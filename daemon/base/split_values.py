# ruff: noqa: RUF001, RUF002 (the quotes and words of other scripts a value stands in)
"""The parts of a credential given apart from the word that names it, in raw material.

A value is not always said whole right after its credential word. Three shapes find the
parts the word-led rules (:mod:`daemon.base.credential_claims`) cannot reach:

- a part announced as the rest of a value given before, often in a turn of its own with no
  credential word left in it (``rest of it: x9V4Rt``, ``and I hold the second: 'copper
  sparrow'``, ``part 2 (Ravi): 'lighthouse puttw'``, ``and it ends with Sluice397``): the
  announcing words (a half, a part, the rest, what it starts, ends or goes on with, in some
  forty languages) and, a few words on in the clause, a value-shaped token or quoted
  lower-case words (a number only right after them: ``starts with room 4417`` holds none;
  ``after that comes 3Rz!9k`` announces one too),
  or, among the first words after them in a text that names a credential, words joined with
  a capital after the joiner (``İlk kısmı Rowa-Ist``) or a half too short to be a value
  alone (``erste Hälfte: Tz8Kq``: both cases and a digit), and, right after a colon, letters
  with no vowel (``second half, no space: Hpgrpd``); Hebrew and Arabic announcing words are
  read with the "and" and "the" joined to them (``והחצי השני``);
- some of a code's digits said to be a number (``the first four digits are 8265``, ``de fyra
  första siffrorna är 8265``) in a text that names a password or a code before;
- a value spelt with hyphens between its characters (``m-o-s-s``, ``t-u-l-i-p-4-4``) in the
  clause after a credential word;
- quoted plain words right before a verb that says what they open (``'velvet otter sings
  loudly' unlocks the encrypted backup volume``).

Linear: each shape one regex pass from a literal or a quote, each match a bounded look (the
announcing words of other languages found first by one Aho-Corasick pass).
"""

from __future__ import annotations

import functools
import re
from typing import Any

import ahocorasick

from daemon.base.credential_claims import CLAUSE_END, named_credentials, names_a_value, value_like
from daemon.base.raw_material import named_by_identifier
from daemon.base.word_lists import alternation

__all__ = ["split_values"]

# The words that announce the rest or another part of a value given before.
_PART = re.compile(
    r"(?i)(?<![^\W\d_])(?:(?:first|second|third|last|other|remaining|final|my|his|her|their"
    r"|your)[ \t]+"
    r"(?:half|part|piece|bit|chunk|word|words)|the[ \t]+(?:first|second|third|last|rest|remainder)"
    r"|rest[ \t]+of[ \t]+it|part[ \t]+(?:[1-9]|one|two|three|four|[ivx]{1,3}\b)"
    r"|(?:ends|starts|begins|finishes|continues|goes[ \t]+on)[ \t]+with"
    r"|(?:after[ \t]+(?:that|it)|then|next)[ \t]+comes?)"
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
    "eerste stuk", "tweede stuk", "laatste stuk", "erstes stück", "zweites stück",
    "letztes stück", "erste stück", "zweite stück", "letzte stück", "premier morceau",
    "deuxième morceau", "dernier morceau",
    "primer trozo", "segundo trozo", "último trozo", "primeiro pedaço", "segundo pedaço",
    "último pedaço", "primo pezzo", "secondo pezzo", "ultimo pezzo",
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
    "ìdajì", "1re moitié", "2e moitié", "la 2e", "la 1re", "danach kommt", "dann kommt",
    "ensuite vient", "puis vient", "después viene", "luego viene", "depois vem", "poi viene",
    "daarna komt", "sedan kommer", "потом идёт", "затем идёт", "potem jest",
    "bagian pertama", "bagian kedua", "sisanya", "unang bahagi", "ikalawang bahagi",
    # Hebrew and Arabic join "and" and "the" to the word: each form written as it comes
    "חצי ראשון", "חצי שני", "החצי הראשון", "החצי השני", "והחצי השני", "החלק הראשון",
    "החלק השני", "והחלק השני", "החלק האחרון", "והחלק האחרון", "השאר", "והשאר",
    "والنصف الثاني", "النصف الأول", "النصف الثاني", "والجزء الثاني", "والباقي",
    # what a value starts, ends or goes on with
    "beginnt mit", "fängt mit", "endet mit", "weiter mit", "geht weiter mit",
    "continue avec", "continue par", "empieza con", "comienza con", "comienza por",
    "termina con", "sigue con", "continúa con", "começa por", "termina em", "continua com",
    "comincia con", "continua con", "eindigt met", "gaat verder met",
    "zaczyna się od", "kończy się na", "начинается с", "начинается на",
    "заканчивается на", "кончается на", "продолжается", "починається з",
    "закінчується на", "začíná na", "končí na", "începe cu", "incepe cu",
    "se termină cu", "se termina cu", "continuă cu", "continua cu", "börjar med",
    "slutar med", "fortsätter med", "begynder med", "starter med", "slutter med",
    "fortsætter med", "fortsetter med", "dimulai dengan", "diawali dengan",
    "diakhiri dengan", "berakhir dengan", "dilanjutkan dengan", "bắt đầu bằng",
    "kết thúc bằng", "tiếp theo là", "ξεκινά με", "αρχίζει με", "τελειώνει σε",
    "τελειώνει με", "συνεχίζει με", "inaanza na", "inaishia na",
)  # fmt: skip
# Matched where the automaton below finds one of them (``İlk`` matches ``ilk`` here).
_FOREIGN_PART = re.compile(
    "(?i)(?<![^\\W\\d_])(?:" + alternation(_FOREIGN_PARTS) + ")(?![^\\W\\d_])"
)


@functools.cache
def _foreign_parts() -> Any:
    """The announcing words of other languages in one Aho-Corasick automaton (pyahocorasick,
    in C): whether a lower-cased text holds one is one pass."""
    automaton = ahocorasick.Automaton()
    for part in _FOREIGN_PARTS:
        automaton.add_word(part, part)
    automaton.make_automaton()
    return automaton


# Where announcing words may be, found at C speed in the lower-cased text: each found is
# matched in a bounded window around it.
_PART_HINTS = (
    "half", "part", "piece", "chunk", " bit", " word", "the first", "the second",
    "the third", "the last", "the rest", "the remainder", "rest of it", "ends with",
    "starts with", "begins with", "finishes with", "continues with", "goes on with",
    " come",
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
# Words joined with a capital after a joiner (``Rowa-Ist``, ``Harbor-Gate``): a part only
# among the first words after those that announce it (``half is …``), in a text that names
# a credential; the words before it lower-case (a part's noun, a copula).
_JOINED_PART = re.compile(r"[^\W\d_]{3,20}(?:[-_.][^\W\d_]{2,20}){1,4}")
_JOINED_REACH = 3
# A half of a password is shorter than a whole one (``Tz8Kq``, ``3Rz!9k``): four or five
# characters mixing both cases and a digit, or up to eight with a symbol too, a part only in
# a text that names a credential before.
_SHORT_PART = re.compile(
    r"(?=[^\W_]*\d)(?=[^\W_]*[a-z])(?=[^\W_]*[A-Z])[A-Za-z0-9]{4,5}"
    r"|(?=\S*\d)(?=\S*[A-Za-z])(?=\S*[!#$%&*@^~+=?])[A-Za-z0-9!#$%&*@^~+=?]{4,8}"
)
# A part of letters alone after the colon that follows the announcing words, with no vowel
# among them (``second half, no space: Hpgrpd``): no word of prose is so, an acronym in
# capitals aside (``SFTP``).
_UNVOICED_PART = re.compile(r"(?=[A-Za-z]*[a-z])[A-Za-z]{5,12}")
_VOWELS = frozenset("aeiouyAEIOUY")
# Characters spelt with hyphens between them: four or more.
_SPELT = re.compile(r"(?<![\w-])[A-Za-z0-9](?:-[A-Za-z0-9]){3,40}(?![\w-])")
_SPELT_HINT = re.compile(r"-[A-Za-z0-9]-[A-Za-z0-9]-")  # led by a literal: found at C speed
_LOOK_BACK = 90
# Quoted plain words before the verb that says what they open.
_OPENS = re.compile(
    r"[\"'‘“](?P<v>[a-z]{2,20}(?: [a-z]{2,20}){2,7})[\"'’”][ \t]+"
    r"(?:unlocks|opens|decrypts|unseals|unlocked|opened|decrypted)\b"
)

# Some of a code's digits, announced by the word for digits in the languages read, then a
# copula or a colon and the number (``the first four digits are 8265``, ``de fyra första
# siffrorna är 8265``, ``die letzten vier Ziffern: 1937``), in a text that names a password,
# passphrase or code before (a policy's ``six digits or more`` gives no number after it).
_DIGIT_WORDS = (
    "digits", "ziffern", "stellen", "chiffres", "cifras", "dígitos", "digitos", "cifre",
    "cijfers", "siffror", "siffrorna", "sifre", "sifrene", "sifrer", "cifre", "cifrene",
    "cyfry", "číslice", "číslic", "számjegy", "számjegye", "цифры", "цифр", "цифри",
    "rakam", "rakamı", "rakamlar", "hanesi", "ψηφία", "numere", "angka", "chữ số",
)  # fmt: skip
_DIGITS_PART = re.compile(
    r"(?i)(?<![^\W\d_])(?:" + alternation(_DIGIT_WORDS) + r")(?![^\W\d_])"
    r"[ \t]*+(?::|[^\W\d_]{2,5}[ \t]*+:?)?[ \t]*+(?P<v>\d{2,8})(?![\w-])"
)
# The stems of those words, looked for in the lower-cased text at C speed.
_DIGITS_HINTS = (
    "digit", "ziffer", "stellen", "chiffre", "cifr", "dígito", "cijfer", "siffr", "sifre",
    "cyfr", "číslic", "számjegy", "цифр", "rakam", "hanesi", "ψηφία", "numere", "angka",
    "chữ số",
)  # fmt: skip


def _digits_parts(text: str) -> list[tuple[int, int]]:
    """The numbers that some digits of a named code are said to be (see :data:`_DIGITS_PART`)."""
    low = text.lower()
    if not any(hint in low for hint in _DIGITS_HINTS):
        return []
    return [m.span("v") for m in _DIGITS_PART.finditer(text) if names_a_value(text[: m.start()])]


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
    before = 0  # the words read before this one: a part's noun, a copula, prose
    leading = True  # all of them lower-case words
    for m in _TOKEN.finditer(window):
        bare = m.group().strip(_TRIM)
        if not bare:
            continue
        if bare.isdigit() and before:
            before += 1
            continue  # a number in the prose after the words ("starts with room 4417")
        fragment = _FRAGMENT.fullmatch(bare)
        joined = leading and before < _JOINED_REACH and _joined_part(text, end, bare)
        short = _SHORT_PART.fullmatch(bare) is not None and names_a_value(text[:end])
        short = short or _unvoiced_part(window, m.start(), bare)
        if value_like(bare, "password") or _TYPED.fullmatch(bare) or fragment or joined or short:
            lead = m.group().find(bare)
            return end + m.start() + lead, end + m.start() + lead + len(bare)
        before += 1
        leading = leading and bare.isalpha() and bare.islower()
    return None


def _unvoiced_part(window: str, start: int, bare: str) -> bool:
    """Whether ``bare``, starting at ``start`` of the window after announcing words, comes
    right after a colon and is letters with no vowel (see :data:`_UNVOICED_PART`)."""
    return (
        window[:start].rstrip().endswith((":", "："))
        and _UNVOICED_PART.fullmatch(bare) is not None
        and not any(c in _VOWELS for c in bare)
    )


def _joined_part(text: str, end: int, bare: str) -> bool:
    """Whether ``bare``, among the first words after announcing words ending at ``end``, is
    words joined with a capital after a joiner, in a text that names a credential before."""
    if _JOINED_PART.fullmatch(bare) is None:
        return False
    parts = re.split(r"[-_.]", bare)
    return any(p[:1].isupper() for p in parts[1:]) and names_a_value(text[:end])


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
    if next(_foreign_parts().iter(low.replace("i\u0307", "i")), None) is not None:
        ends.update(m.end() for m in _FOREIGN_PART.finditer(text))  # "İlk" lowers to "i̇lk"
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
    spans += _digits_parts(text)
    if "'" in text or '"' in text or "‘" in text or "“" in text:
        spans += [m.span("v") for m in _OPENS.finditer(text)]
    return sorted(spans)
