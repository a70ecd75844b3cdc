"""What a text lacks to be a statement at all, whatever its words: an end, a predicate, a
body.

- :func:`cut_off`: it stops where no sentence can ("The deploy script should", "We decided to
  move the", "Die Datenbank wird jeden"): its last word is an article, a determiner, a modal
  or a preposition that asks for more, or "to" and a verb that asks for its object ("We
  decided to use"), and no mark ends it; or it is a word or two of a
  moment trailing off ("Compiling (3/12)...").
- :func:`name_alone`: a path, a file or a line of code and nothing said of it
  (``/etc/nginx/nginx.conf``, ``src/components/Button.tsx``): one line, no space inside it,
  a mark of a path in it.
- :func:`data_alone`: a JSON object or array, or YAML lines of keys and values, stating
  nothing (a schema, a config fragment): every line a key and its value, none a sentence.
- :func:`header_alone`: a markdown table's header row and rule, no row under them.

Every pattern is anchored, bounded or read once per line without nested repetition: linear in
the text's size (JSON is parsed only for a text that opens and closes as it would).
"""

from __future__ import annotations

import json
import re

from daemon.gate.content_words import words_of

__all__ = ["cut_off", "data_alone", "header_alone", "name_alone", "title_alone"]

_DATA_CHARS = 4000  # a longer text is not parsed as JSON here
# Words no sentence ends on: articles and determiners, modals and auxiliaries that ask for a
# verb, prepositions and conjunctions that ask for what follows, in English and the languages
# memoryd's users write most.
_DANGLING = frozenset(
    """the a an every each my our your their its
    should would could must shall will can might to of for with from into onto by
    and or but because whose if than as
    der die das den dem des ein eine einen einem einer jeden jede jedes wird werden soll
    sollte muss kann und oder aber weil dass mit für von zu
    le la les un une des du au aux ce cette ces chaque doit peut et ou mais parce que pour
    avec dans sur
    el los las una unos unas cada debe puede y o pero porque para en del
    il lo gli uno ogni deve può e ma perché per nel della
    o os as um uma cada deve pode mas porque com na""".split()  # noqa: SIM905 - words read as text
)
# Verbs that ask for their object: a text ending on "to" and one of them stops mid-sentence
# ("We decided to use").
_TRANSITIVE = frozenset(
    """use add move switch replace keep set make put call run try adopt drop remove choose
    pick deploy install build create enable disable migrate upgrade buy rename""".split()  # noqa: SIM905 - words read as text
)
_ENDED = re.compile(r"[.!?\u2026\u3002\uff01\uff1f:;)\]}`\"'\u201d\u2019]\s*\Z")
_TRAILING = re.compile(r"(?:\.{3}|\u2026)\s*\Z")
_PATHISH = re.compile(r"[/\\]|\A~|\A\.{1,2}[/\\]")
_YAML_LINE = re.compile(r"\s{0,40}(?:-\s+)?[a-z_][\w.-]{0,60}:(?:\s+[^\s.!?][^\n]{0,200})?\s*\Z")
_SENTENCE_END = re.compile(r"[.!?]\s*\Z")
_CSV_HEADER = re.compile(r"\s*[A-Za-z_][\w.]{0,60}(?:,[A-Za-z_][\w.]{0,60}){2,40}\s*\Z")
# A query alone, one statement and nothing said of it.
_QUERY = re.compile(
    r"\s*(?:select|insert|update|delete|with|create|alter|drop)\s[^\n;]{1,2000};\s*\Z",
    re.IGNORECASE,
)
# A document's title with no body ("Ingest pipeline notes", "Meeting notes, Thursday").
_TITLE = re.compile(
    r"\s*(?:[\w'-]{1,30}\s+){0,4}(?:notes|minutes|agenda|recap|overview|checklist|retro"
    r"|retrospective|outline|draft|todos?)(?:\s*,\s*[\w'-]{1,30}(?:\s+[\w'-]{1,30})?)?\s*\Z",
    re.IGNORECASE,
)
_TABLE_ROW = re.compile(r"\s*\|.*\|\s*\Z")
_TABLE_RULE = re.compile(r"\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*\Z")


def cut_off(content: str) -> bool:
    """Whether ``content`` stops where no sentence can (see the module's docstring)."""
    text = content.strip()
    words = words_of(text)
    if not words:
        return False
    if _TRAILING.search(text):
        return len(words) <= 3 and "\n" not in text
    if _ENDED.search(text) or len(words) < 2 or "\n" in text:
        return False
    return words[-1] in _DANGLING or (words[-2] == "to" and words[-1] in _TRANSITIVE)


def name_alone(content: str) -> bool:
    """Whether ``content`` is one path or file name and nothing said of it."""
    text = content.strip().rstrip(".")
    return bool(text) and not any(c.isspace() for c in text) and bool(_PATHISH.search(text))


def data_alone(content: str) -> bool:
    """Whether ``content`` is a JSON object or array, YAML lines of keys and values (two
    lines at least) or one SQL statement, and nothing else."""
    text = content.strip()
    if _QUERY.match(text):
        return True
    if len(text) <= _DATA_CHARS and text[:1] + text[-1:] in ("{}", "[]"):
        try:
            return isinstance(json.loads(text), (dict, list))
        except ValueError:
            return False
    lines = [line for line in text.splitlines() if line.strip()]
    return len(lines) >= 2 and all(
        _YAML_LINE.match(line) and not _SENTENCE_END.search(line) for line in lines
    )


def title_alone(content: str) -> bool:
    """Whether ``content`` is a document's title and nothing under it ("Ingest pipeline
    notes", "Meeting notes, Thursday")."""
    return _TITLE.match(content) is not None


def header_alone(content: str) -> bool:
    """Whether ``content`` is a table's header with no row under it: a markdown header and
    rule, or one line of a CSV file's column names."""
    if _CSV_HEADER.match(content):
        return True
    lines = [line for line in content.strip().splitlines() if line.strip()]
    return (
        len(lines) == 2
        and _TABLE_ROW.match(lines[0]) is not None
        and _TABLE_RULE.match(lines[1]) is not None
    )
