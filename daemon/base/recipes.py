# ruff: noqa: RUF001 (the words of other languages, as written)
"""A password told by how it is made, cut from raw material: the recipe, and its example.

A password is not always given; it can be told as a recipe anyone who knows the studio can
follow (``the name of our first game backwards followed by the office's street number``,
``der Projektname plus Jahr``, ``el nombre del primer juego al revés seguido del número de
la calle``): no word of it has a value's shape, but it opens the same door. After a
password, passphrase, code or login word and a copula in its clause (no comma between
them, within :data:`_LEAD` characters), the clause is read comma part by comma part: a part
that names something personal and known (a name, a year, a number, a birthday, a city:
:data:`_ITEMS`, a German compound ending so, ``Hausnummer``) after an article or a
possessive (``the``, ``our``, ``der``, ``el``, ``l'`` …), or that says how things are put
together (``followed by``, ``then``, ``backwards``, ``gefolgt von``, ``seguido de``,
``suivi de`` …: :data:`_JOINERS`), belongs to the recipe; it is a recipe when a joiner and
such a thing are in it, or two such things. The span runs from the first part of it to the last. A
policy (``at least 14 characters, rotated every 180 days``), a rotation (``is rotated
every 90 days, then …``) or a place (``is stored in Vault, followed by …``) names no such
thing after an article.

Once a recipe is told, the example that spells it out is cut too: a word with a number
after it and the symbols a recipe adds (``ironpetal2026``, ``ShopCo2019!``) right after
``so``, ``e.g.``, ``i.e.``, ``z. B.``, ``p. ex.``, ``por ejemplo`` … (:data:`_EXAMPLE`).

Linear: each credential word's clause is read once, up to :data:`_REACH` characters; the
examples are one regex pass, only in a text that told a recipe.
"""

from __future__ import annotations

import re

from daemon.base.credential_claims import COPULAS, TOKEN, clause_spans
from daemon.base.word_lists import alternation

__all__ = ["recipes"]

#: Characters of a credential word's clause read, at most.
_REACH = 240
#: Characters between the word and its copula, at most.
_LEAD = 80
#: Words after an article or a possessive within which a thing of a recipe is named.
_NEAR = 4

_ARTICLES = frozenset(
    (
        "the", "our", "my", "his", "her", "their", "your", "its", "der", "die", "das", "den",
        "dem", "des", "unser", "unsere", "unseres", "unserem", "unseren", "mein", "meine",
        "el", "la", "los", "las", "del", "nuestro", "nuestra", "mi", "le", "les", "l", "du",
        "notre", "mon", "ma", "o", "os", "do", "da", "nosso", "nossa", "il", "lo", "della",
        "nostro", "nostra", "de", "het", "onze", "ons",
    )
)  # fmt: skip
_ITEMS = frozenset(
    (
        "name", "names", "year", "number", "birthday", "date", "city", "initials", "street",
        "surname", "naam", "nom", "nombre", "nome", "imię", "имя", "isim", "nama", "jahr",
        "année", "annee", "año", "ano", "anno", "jaar", "rok", "год", "yıl", "tahun",
        "nummer", "numéro", "numero", "número", "numer", "номер", "numara", "nomor",
        "geburtstag", "anniversaire", "cumpleaños", "aniversário", "compleanno",
        "verjaardag", "urodziny", "datum", "fecha", "data", "stadt", "ville", "ciudad",
        "cidade", "città", "stad", "initialen", "initiales", "iniciales", "calle", "rue",
        "straße", "rua", "via", "straat",
    )
)  # fmt: skip
# The last parts of a compound that names such a thing (``Projektname``, ``Hausnummer``).
_ITEM_ENDS = ("name", "nummer", "jahr", "datum", "straße")
_JOINERS = re.compile(
    r"(?i)(?<![^\W\d_])(?:"
    + alternation(
        (
            "followed by", "then", "plus", "backwards", "backward", "reversed", "in reverse",
            "gefolgt von", "dann", "rückwärts", "umgekehrt", "seguido de", "seguido del",
            "seguida de", "al revés", "luego", "más", "suivi de", "suivi du", "suivie de",
            "suivi d", "à l'envers", "puis", "ao contrário", "depois", "seguito da",
            "seguito dal", "al contrario", "poi", "gevolgd door", "achterstevoren",
            "następnie", "wspak", "potem", "затем", "потом", "задом наперёд",
        )
    )
    + r")(?![^\W\d_])"
)  # fmt: skip
# Words that give an example, then a word with a number after it and the symbols a recipe
# may add (``so ironpetal2026``, ``so ShopCo2019!``).
_EXAMPLE = re.compile(
    r"(?i)(?<![^\W\d_])(?:so|e\.g\.|i\.e\.|eg|ie|for example|for instance|like|z\. ?b\.|also"
    r"|p\. ?ex\.|por ejemplo|por exemplo|ad esempio|bijv\.|bijvoorbeeld|np\.|например)"
    r"[ \t:,]{1,3}(?P<v>[A-Za-z]{3,20}\d{2,4}[!#$%&*+@]{0,3})(?![\w-])"
)
# A login told by its recipe is a password's (``the admin login … is the usual pattern,
# company name plus the year``): the other key words name what has shapes of its own.
_LOGIN = frozenset(("login",))


def _thing(words: list[str], at: int) -> bool:
    """Whether ``words[at]`` names a thing of a recipe (a name, a year …, or a compound
    ending so)."""
    word = words[at].lower()
    return word in _ITEMS or (len(word) > 6 and word.endswith(_ITEM_ENDS))


def _things(part: str) -> int:
    """How many things of a recipe ``part`` names after an article or a possessive."""
    words = [m.group() for m in re.finditer(r"[^\W\d_]+", part)]
    count = 0
    for i, word in enumerate(words):
        if word.lower() in _ARTICLES and any(
            _thing(words, j) for j in range(i + 1, min(len(words), i + 1 + _NEAR))
        ):
            count += 1
    return count


def _copula(text: str, start: int, end: int) -> int | None:
    """Where the value after a credential word ending at ``start`` begins: after the first
    copula within :data:`_LEAD` characters and before any comma; or None."""
    for m in TOKEN.finditer(text, start, min(end, start + _LEAD)):
        if "," in m.group():
            return None
        if m.group().lower() in COPULAS:
            return m.end()
    return None


def _recipe(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of the recipe in ``text[start:end]`` (see the module), or None."""
    parts: list[tuple[int, int]] = []
    at = start
    for piece in text[start:end].split(","):
        parts.append((at, at + len(piece)))
        at += len(piece) + 1
    kept = [(a, b, _things(text[a:b]), _JOINERS.search(text, a, b) is not None) for a, b in parts]
    kept = [(a, b, things, joined) for a, b, things, joined in kept if things or joined]
    things = sum(k[2] for k in kept)
    if not kept or not (things >= 2 or (things and any(k[3] for k in kept))):
        return None
    first, last = kept[0][0], kept[-1][1]
    while first < last and text[first].isspace():
        first += 1
    while last > first and text[last - 1] in " \t.)":
        last -= 1
    return first, last


def _told(text: str, after: int, end: int) -> tuple[int, int] | None:
    """The recipe told after a copula in the clause ``after..end``, if any."""
    start = _copula(text, after, end)
    return None if start is None else _recipe(text, start, end)


def recipes(text: str) -> list[tuple[int, int]]:
    """The spans of the passwords ``text`` tells by how they are made, and of the examples
    that spell such a recipe out (see the module), in order."""
    spans = clause_spans(text, _REACH, _told, _LOGIN)
    if spans:
        spans += [e.span("v") for e in _EXAMPLE.finditer(text)]
    return sorted(spans)
