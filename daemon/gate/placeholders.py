"""Placeholders and leftovers: text that stands where a statement should be.

- a placeholder in brackets and nothing else ("[insert runbook link]"), a form whose every
  value is missing ("Title: TBD"), a pangram, text that names itself filler or is lorem
  ipsum in any variant, one short unit said over and over ("test test test");
- an unfilled template (``{{patient_name}} has an appointment on {{date}}``, a statement whose
  value is an upper-case slot in brackets: ``The user's preference is [PREFERENCE].``) that
  does not speak of templates; an introduction whose subject is missing (one clause ending
  in ``:``);
- what a redaction or a truncation left: a label and a value cut short ("Key: sk-…"), a
  credential's name with nothing after its ``=``, a statement whose value is only a mask
  (``The VPN login is ██████.``).

:mod:`daemon.gate.substance` names the reasons and the order they are asked in.
"""

from __future__ import annotations

import re

from daemon.gate.content_words import SENTENCE_END, words_of
from daemon.gate.wording import LOREM, LOREM_MARKERS

__all__ = [
    "bracketed",
    "empty_form",
    "filler",
    "introduction",
    "pangram",
    "redaction_leftover",
    "repeated",
    "unfilled_template",
]

# A placeholder in brackets and nothing else ("[insert runbook link]", "<your name here>").
_BRACKETED = re.compile(r"\s*[\[{<(]{1,2}[^\]}>)\n]{1,80}[\]}>)]{1,2}\W*")


def bracketed(content: str) -> bool:
    """Whether ``content`` is only a placeholder in brackets (see above)."""
    return _BRACKETED.fullmatch(content) is not None


# A form whose every value is missing ("Headline: TK. Standfirst: TK.", "Title: TBD",
# "Title: Untitled"): labels of at most three words, each with nothing, a placeholder, the
# name an editor gives what has none, or two or three capitals.
_EMPTY_FORM = re.compile(
    r"(?:\s*[^\W\d_][\w-]{0,30}(?: [\w-]{1,30}){0,2}\s*[:=]\s*(?:[A-Z]{1,3}|tbd|tbc|todo|tk"
    r"|xx+|n/?a|none|null|nil|-+|_+|\?+|\.{3}|\u2026|untitled|unnamed|unbenannt|ohne titel"
    r"|sans titre|sin t[ií]tulo|sem t[ií]tulo|senza titolo|без названия)?\s*[.;,|]?)+",
    re.IGNORECASE,
)
_FORM_CHARS = 300  # a form of labels is short: the pattern is read on no longer text


def empty_form(content: str) -> bool:
    return len(content) <= _FORM_CHARS and _EMPTY_FORM.fullmatch(content) is not None


# Text that names itself filler, in the languages memoryd's users write most.
_FILLER = re.compile(
    r"\b(?:blindtext\w*|f(?:ü|u|ue)lltext\w*|platzhaltertext\w*|dummy[\s-]text|filler\s+text"
    r"|placeholder\s+text|texto\s+de\s+(?:relleno|ejemplo|prueba)|faux[\s-]texte"
    r"|texte\s+de\s+remplissage|testo\s+(?:segnaposto|fittizio)|texto\s+fict[ií]cio)\b",
    re.IGNORECASE,
)
_FILLER_WORDS = 12
_LATIN = re.compile(r"[a-z]+")
_OTHER_LETTER = re.compile(r"[^\W\d_a-z]")  # a letter lorem ipsum never has


def filler(content: str) -> bool:
    """Whether ``content`` is filler: a short text that names itself so, or lorem ipsum in
    any variant (a word of it that marks it, and half the Latin-letter words of each
    sentence its own; a sentence with a word of other letters, "Деплой по пятницам.", is no
    lorem ipsum)."""
    words = words_of(content)
    if _FILLER.search(content) and len(words) <= _FILLER_WORDS:
        return True
    if not any(w in LOREM_MARKERS for w in words):
        return False
    for sentence in SENTENCE_END.split(content):  # each sentence, not the text as a whole
        said = words_of(sentence)
        latin = [w for w in said if _LATIN.fullmatch(w)]
        if 2 * sum(w in LOREM for w in latin) < len(latin) or _OTHER_LETTER.search(" ".join(said)):
            return False
    return True


# A label and a value cut short ("Key: sk-…", "token = ghp_..."): what a redaction or a
# truncation left, the value itself gone.
_ELIDED = re.compile(r"\W*[^\W\d][\w ]{0,30}\s?[:=]\s*[\w-]{0,12}(?:\u2026|\.{3})\W*")
# A credential's name with nothing after its "=" ("Use token= for the  endpoint."): the value
# was cut out and the sentence kept.
_EMPTY_VALUE = re.compile(
    r"(?i)(?<![\w-])(?:token|access_token|auth_token|key|api_key|apikey|secret|client_secret"
    r"|password|passwd|pass|pwd|sig|signature|code|auth)=(?=\s|$|[.,;)])"
)
# A statement whose value is a mask: a copula or a colon, then only masking signs to the
# sentence's end ("The VPN admin login is ██████.", "key: ********"): the value was cut and
# the sentence kept (a mask said of something, "shown as ****, never in full", goes on).
_MASKED_VALUE = re.compile(
    r"(?i)(?:\b(?:is|are|was|were|=)|:)\s*(?:\*{3,}|[\u2022\u25cf\u2219\u2588\u2587\u2586"
    r"\u25a0\u25aa\u25fc]{3,}|x{4,})\s*[.!]?\s*\Z"
)
# One short unit said over and over ("测试测试测试测试", "test test test"): filler.
_REPEATED = re.compile(r"(.{1,12}?)\1{2,}")
_SQUEEZE = re.compile(r"[\W_]+")
# A typeface sample: a short sentence holding every letter of its alphabet.
_ALPHABETS = (
    frozenset("abcdefghijklmnopqrstuvwxyz"),
    frozenset("абвгдежзийклмнопрстуфхцчшщъыьэюя"),
)
_PANGRAM_LETTERS = 70


def pangram(content: str) -> bool:
    """Whether ``content`` is a pangram ("The quick brown fox …"): filler, not a fact."""
    letters = [ch for ch in content.casefold().replace("\u0451", "\u0435") if ch.isalpha()]
    return len(letters) <= _PANGRAM_LETTERS and any(a <= set(letters) for a in _ALPHABETS)


def redaction_leftover(content: str) -> bool:
    """Whether ``content`` is what a redaction or a truncation left of a statement: a label
    and a value cut short, a credential's name with an empty value, a value only masked."""
    return bool(
        _ELIDED.fullmatch(content) or _EMPTY_VALUE.search(content) or _MASKED_VALUE.search(content)
    )


def repeated(content: str) -> bool:
    """Whether ``content`` is one short unit said over and over, its punctuation aside."""
    return _REPEATED.fullmatch(_SQUEEZE.sub("", content)) is not None


# The slots of a template left unfilled ({{patient_name}}, ${date}, %(name)s, {user}): they
# stand for values the text does not have, so it states nothing of its own; unless it speaks
# of the template ("Invoice emails use the {{due_date}} field").
_TEMPLATE_SLOT = re.compile(
    r"\{\{[^{}\n]{1,60}\}\}|\$\{[^{}\n]{1,60}\}|%\(\w{1,60}\)[sd]|\{\w{1,60}\}"
)
# A statement whose value is a template's slot: a copula or a colon, then only an upper-case
# name in square brackets to the text's end ("The user's preference is [PREFERENCE].",
# "Owner: [TEAM_NAME]"). A log level in brackets is a value of its own ("[INFO]").
_SLOT_VALUE = re.compile(
    r"(?:\b(?:is|are|was|were|be|=)|:)\s*\[(?!(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR"
    r"|ERR|FATAL|CRITICAL|SEVERE|OK)\])[A-Z][A-Z0-9_]{0,40}(?:[ -][A-Z0-9_]{1,40}){0,4}\]"
    r"\s*[.!]?\s*\Z"
)
# What speaks of templates ("the {{due_date}} field", "Jinja variables"), or of the slots
# of a localisation's strings in the languages memoryd's users write most ("Localisation
# tokens like {player_name}", "Die Platzhalter {count}", "Tokeny {count}").
_ABOUT_TEMPLATES = re.compile(
    r"\b(?:fields?|variables?|placeholders?|templates?|templating|slots?|parameters?|params?"
    r"|tags?|syntax|jinja2?|handlebars|mustache|interpolat\w*|substitut\w*|format\s+strings?"
    r"|locali[sz]ation\w*|translat\w*|platzhalter|lokalisierung\w*"
    r"|übersetz\w*|marcador\w*|espaces?\s+réservés?|segnaposto|variabel\w*|zmienn\w*"
    r"|lokalizac\w*|tłumacz\w*|traduc\w*|tradu[zç]\w*)\b",
    re.IGNORECASE,
)
# A text that ends where what it introduces should begin ("Summarize the following message:",
# "The steps are as follows:"): the rest was somewhere else, unless a sentence came before it.
_INTRODUCTION = re.compile(r"[:\uff1a][\s*_]*\Z")
_STATED_BEFORE = re.compile(r"[.!?;:\u3002\uff01\uff1f\uff1b\uff1a\u0964\u0965\n]")


def unfilled_template(content: str) -> bool:
    """Whether ``content`` has a template's slots unfilled, or ends on a slot where its value
    should be, and does not speak of templates."""
    slotted = _TEMPLATE_SLOT.search(content) or _SLOT_VALUE.search(content)
    return bool(slotted) and not _ABOUT_TEMPLATES.search(content)


def introduction(content: str) -> bool:
    """Whether ``content`` is one clause ending where what it introduces should begin."""
    return bool(_INTRODUCTION.search(content)) and not _STATED_BEFORE.search(content.rstrip()[:-1])
