# ruff: noqa: RUF001 (the words of other languages and scripts, as written)
"""Keys, tokens and secrets named by a kind that is no credential: a keyboard's key (``the
sprint key is Left Shift``, ``key bindings``), a localisation string's key or a design token
(``Localisation key menu.main.play``, ``设计令牌 …``), a table's key (``la clave primaria de la
tabla``, ``Первинний ключ таблиці``), a thing's secret (``the secret sauce``). Such a word
leaves no room for a credential's value (:mod:`daemon.base.credential_talk`).

The kind is read around the word: a word before it (``design``, ``localisation``), a word
after it (``bindings``; in languages that put the adjective after the noun, ``primaria``), a
table named right after it, or a keyboard key's name given as its value (``F10``, ``Left
Shift``, ``Ctrl+S``). A text that names the kind once (``Design tokens live in …``,
``Lokalisierungsschlüssel``) speaks of it when it says the bare word again (``the token
color.action.primary``, ``214 Schlüssel``). A credential word with none of these (``the API
key is …``, ``der Schlüssel ist …``) is left to the credential rules.
"""

from __future__ import annotations

import re

from daemon.base.word_lists import alternation

__all__ = ["adjective_secret", "another_kind", "kinds_named"]

# Words before a key or token word that name a kind of it that is no credential.
_BEFORE = (
    "design", "keyboard", "hotkey", "shortcut", "localisation", "localization",
    "translation", "i18n", "l10n", "locale", "string", "strings", "primärer",
    "первинний", "первичный", "зовнішній", "внешний", "primaire", "birincil", "yabancı",
    "设计", "設計", "デザイン", "디자인", "本地化", "翻译", "翻訳", "键盘", "鍵盤",
    "キーボード", "lokalisierungs", "übersetzungs", "tastatur",
)  # fmt: skip
# Words after it, in languages that put the adjective or the genitive after the noun, and
# the nouns it makes a compound of (``key bindings``, ``secret sauce``).
_AFTER = (
    "bindings", "binding", "binds", "bind", "mapping", "mappings", "press", "presses",
    "stroke", "strokes", "primaria", "primario", "primária", "primário", "primaire",
    "primer", "asing", "foránea", "externa", "étrangère", "estrangeira", "esterna", "obcy",
    "główny", "chính", "ngoại", "de localización", "de localisation", "de tradução",
    "de traducción", "de traduction", "di localizzazione", "de localização", "локализации",
    "локалізації", "перевода", "перекладу",
    "sauce", "ingredient", "ingredients", "level", "levels", "ending", "endings",
    "achievement", "achievements", "room", "passage", "door", "menu", "weapon", "santa",
    "recipe", "handshake", "mission", "quest", "area", "boss", "formula",
    "scanning", "scanner", "scanners", "ceremony", "ceremonies",
)  # fmt: skip
# A table named right after the word, or after one adjective: a table's key.
_TABLE = (
    r"(?:\w+\s+)?(?:de\s+la\s+|de\s+|da\s+|della\s+|of\s+(?:the\s+)?)?(?:tabla|tabel|tabela"
    r"|tabella|table|tables|tabelle|таблиці|таблицы|таблица|таблиця)\b"
)
_KIND_BEFORE = re.compile(
    r"(?<![A-Za-z])(?:" + alternation(_BEFORE) + ")" + r"[\s-]?\Z", re.IGNORECASE
)
_KIND_AFTER = re.compile(r"[\s-]+(?:" + alternation(_AFTER) + r")(?![^\W\d_])", re.IGNORECASE)
_TABLE_AFTER = re.compile(r"\s+" + _TABLE, re.IGNORECASE)
# A keyboard's key by its name, given as the word's value (after a copula, a colon or "to").
_KEY_NAME = (
    r"(?:(?:left|right|l|r|linke|rechte)[\s-]?)?(?:shift|ctrl|control|alt|altgr|option|cmd"
    r"|command|tab|esc|escape|enter|return|space|spacebar|backspace|delete|del|insert|home"
    r"|end|page\s?up|page\s?down|pgup|pgdn|caps\s?lock|strg|umschalt|leertaste|eingabe"
    r"|entrée|échap|espace|maj|espacio|intro|mayús)"
    r"|f(?:[1-9]|1\d|2[0-4])|(?-i:[A-Z])"
)
_KEYBOARD_VALUE = re.compile(
    r"\s+(?:\w+\s+){0,4}?(?:is|are|ist|es|est|é|è|是|は|=|:|to|auf|sur)\s+(?:the\s+)?"
    rf"(?:{_KEY_NAME})(?:\s*\+\s*(?:{_KEY_NAME}))*(?![^\W_])",
    re.IGNORECASE,
)


_NAMED = re.compile(
    r"(?<![A-Za-z])(?:" + alternation(_BEFORE) + r")[\s-]?([^\W\d_]+)", re.IGNORECASE
)


def kinds_named(text: str) -> frozenset[str]:
    """The words ``text`` names by a kind that is no credential (``design tokens``,
    ``Lokalisierungsschlüssel``), lower-case: a bare one said again speaks of that kind."""
    return frozenset(m.group(1).lower() for m in _NAMED.finditer(text))


def another_kind(text: str, start: int, end: int, named: frozenset[str]) -> bool:
    """Whether the credential word at ``text[start:end]`` names a kind of key, token or
    secret that is no credential (see the module); ``named``: :func:`kinds_named` of
    ``text``."""
    if _KIND_BEFORE.search(text, max(0, start - 20), start) is not None:
        return True
    if _KIND_AFTER.match(text, end) or _TABLE_AFTER.match(text, end):
        return True
    if _KEYBOARD_VALUE.match(text, end) is not None:
        return True
    word = text[start:end].lower()
    return any(n.startswith(word) for n in named)


# Romance languages put the adjective after its noun: "le succès secret « … »" (a secret
# achievement), "el nivel secreto", "il livello segreto". After an article and a noun that
# is not one of a credential ("le code secret", "la question secrète"), "secret" is no
# credential's name.
_SECRET_FORMS = frozenset(("secret", "secrète", "secreto", "secreta", "segreto", "segreta",
                           "segredo", "secretos", "secrets", "segreti", "segredos"))  # fmt: skip
_ARTICLE_NOUN = re.compile(
    r"(?<![^\W\d_])(?:le|la|les|l['’]|un|une|du|des|el|los|las|il|lo|gli|o|os|as|um|uma|del"
    r"|della|dello|do|da|mon|son|ce|cet|cette|este|esta|questo|questa)\s*([^\W\d_]+)\s+\Z",
    re.IGNORECASE,
)
_CREDENTIAL_NOUNS = frozenset(
    (
        "code", "codes", "clé", "clef", "clave", "chave", "chiave", "codice", "código",
        "codigo", "phrase", "frase", "question", "pregunta", "pergunta", "domanda", "réponse",
        "respuesta", "resposta", "risposta", "mot", "passe", "numéro", "número", "numero",
        "pin", "token", "jeton", "parole", "palabra", "palavra", "valeur", "valor", "valore",
    )
)  # fmt: skip


def adjective_secret(text: str, start: int, end: int) -> bool:
    """Whether the word at ``text[start:end]`` is "secret" said of a thing after its noun
    in a Romance language (see :data:`_ARTICLE_NOUN`), no credential's name."""
    if text[start:end].lower() not in _SECRET_FORMS:
        return False
    found = _ARTICLE_NOUN.search(text, max(0, start - 40), start)
    return found is not None and found.group(1).lower() not in _CREDENTIAL_NOUNS
