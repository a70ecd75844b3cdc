"""Values assigned to a credential's name, found by the structure of configuration and code.

A config file, an environment, a template or a program names what it holds: the value of
``bindPassword:``, ``smtp-password =``, ``secretAccessKey:``, ``$db_pass :=``, ``"pwd" =>``
is a credential whatever its shape (``hollowreed`` as much as ``Kx8#pLm2``). What is read:

- a key whose last part is a credential word (``password``, ``passwd``, ``pass``, ``pwd``,
  ``passphrase``, ``passcode``, ``secret``, ``token``, ``jwt``, ``credential(s)``, ``apikey``, or
  ``key`` after a part that makes it a secret's: ``signing_key``, ``secretAccessKey``, not
  ``cache_key`` or ``primaryKey``), its parts split at ``_``, ``-``, ``.`` and camel-case
  steps (``password_min_length`` ends in ``length``: a setting, not a credential), then
  ``:``, ``=``, ``:=`` or ``=>`` (a Dockerfile's ``ENV``, fish's ``set -gx`` and ``setx``
  take a space), then the value, quoted or up to the line's end, ``,`` or ``;``;
- an XML element so named (``<password>…</password>``, its text in a CDATA section too);
- a YAML block scalar under such a key (``api_token: >-``, then its more indented lines);
- a shell's default for a variable so named (``${DB_PASSWORD:-hollowreed}``: the password
  when the variable is unset), unless it is another variable or nothing;
- an entry of a list of variables that names one (``name: DB_PASSWORD`` then ``value: …``,
  ``{"key": "DB_PASSWORD", "value": "…"}``, ``<add key="SmtpPassword" value="…"/>``);
- SQL's ``IDENTIFIED BY …`` and ``PASSWORD '…'``;
- the cells of a markdown table's column whose header names one (``| user | password |``);
- the value alone on the line below such a key alone on its line (``password:`` or
  ``PASSWORD``, then the value; after a label with no colon, letters with a digit or a
  symbol only).

A value that is a reference and no credential is left: a variable or template slot
(``${DB_PASSWORD}``, ``{{ .Values.pw }}``, ``%(pw)s``, ``changeme``), a call or an attribute
(``os.environ.get(…)``, ``settings.DB_PASSWORD``), an environment variable's name, a
variable named as a credential (``= key_password``), a type (``SessionClientSecret``), a path,
or a word code and settings put there (``None``, ``true``, ``string``, ``required``).
After a word prose and code use for much else (``token``, ``key``, ``secret``, ``pass``) the
value must look like a credential: eight characters or more, or a digit or a symbol in it,
and not words joined into a name (``secret: my-secret-name`` names a Kubernetes secret).

Linear: every credential word is found in one regex pass; from each, the key and its value
are read over bounded windows (a table's header and at most :data:`_TABLE_ROWS` rows of at
most :data:`_LINE_CHARS` characters), and a word inside a key or a header already read is
not read again.
"""

from __future__ import annotations

import re
from itertools import pairwise

__all__ = ["change_me", "config_values"]

# A credential word inside a key, and the two SQL phrasings; case-insensitive.
_ANCHOR = re.compile(r"pass|pwd|secret|token|jwt|key|cred|identified", re.IGNORECASE)
_KEY_CHAR = re.compile(r"[A-Za-z0-9_.-]")
_KEY_CHARS = 60
_PARTS = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
#: The last part of a key that names a credential, and the kind its value is redacted as.
_LAST = {
    "password": "password", "passwd": "password", "pass": "password", "pwd": "password",
    "passphrase": "passphrase", "passcode": "password", "secret": "secret", "token": "token",
    "credential": "secret", "credentials": "secret", "creds": "secret", "apikey": "api_key",
    "key": "api_key", "jwt": "token",
}  # fmt: skip
# Last parts prose and code use for much else: their value must look like a credential.
_WEAK = frozenset(("pass", "token", "key", "jwt", "secret", "credential", "credentials", "creds"))
# Parts before ``key`` that make it no secret's.
_NOT_SECRET = frozenset(
    (
        "public", "pub", "primary", "foreign", "sort", "partition", "cache", "idempotency",
        "host", "license", "licence", "map", "dict", "lookup", "routing", "unique",
        "composite", "object", "s3", "bucket", "file", "path", "hot", "short", "shortcut",
        "keyboard", "group", "index", "column", "row", "field", "message", "i18n",
        "translation", "label", "metric", "dedup", "sequence", "natural", "surrogate",
        "cluster", "hash", "range", "shard", "lock", "config", "setting", "registry",
        "next", "page", "cursor", "continuation", "pagination", "csrf", "max", "min",
    )
)  # fmt: skip
_OPERATOR = re.compile(r"""\\?["']?[ \t]{0,3}(?::=|=>|=(?!=)|:(?![:/]))[ \t]{0,3}""")
_VALUE = re.compile(
    r"""\\?"(?P<q2>[^"\\\n]{1,200})\\?"|'(?P<q1>[^'\n]{1,200})'|`(?P<q3>[^`\n]{1,200})`"""
    r"""|(?P<w>[^\s,;"'`}\]<]{1,200})"""
)
# A command that sets a variable from the word after its name, with a space.
_SPACE_SET = re.compile(r"(?:^|[\n;&|])[ \t]*(?:ENV|ARG|setx|set[ \t]+-[gxUl]{1,3})[ \t]+\Z")
# What names a variable in a list of them, right before its name.
_ENTRY_NAME = re.compile(r"""(?:name|key|variable|var)["']?[ \t]{0,3}[:=][ \t]{0,3}["']?\Z""")
_ENTRY_VALUE = re.compile(r"""\bvalue["']?[ \t]{0,3}[:=][ \t]{0,3}""", re.IGNORECASE)
_ENTRY_WINDOW = 120
_IDENTIFIED = re.compile(r"identified[ \t]+by[ \t]+(?:password[ \t]+)?", re.IGNORECASE)
_SQL_PASSWORD = re.compile(r"[ \t]+'(?P<q1>[^'\n]{1,200})'")
# Values that are no credential.
_NOT_VALUES = frozenset(
    (
        "none", "null", "nil", "true", "false", "yes", "no", "on", "off", "undefined",
        "required", "optional", "str", "string", "int", "bool", "boolean", "any", "bytes",
        "secret", "secretstr", "password", "token", "key", "empty", "unset", "redacted",
        "masked", "hidden", "env", "environment", "self", "this", "new", "await", "return",
    )
)  # fmt: skip
_REFERENCE = re.compile(
    r"[$%{<\[(/~@!&*]|\.{1,2}/|https?:|vault:|arn:|ref\+|secret(?:s|ref)?:|env:", re.IGNORECASE
)
_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
_ENV_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")
# Words joined into a name (``ledger_db``, ``my-secret-name``): a secret's name, not its value.
_NAME = re.compile(r"[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+")
_TYPE_NAME = re.compile(r"(?:[A-Z][a-z]+){2,}")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_FILE = re.compile(r"[\w./-]+\.(?:pem|key|crt|json|ya?ml|txt|env|conf|cfg|ini|p12|pfx|jks)")
_TRAILING = ".,;:)]}"
# A markdown table: its rule under the header, how long a line and how many rows are read.
_RULE = re.compile(r"\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+(?:[ \t]*:?-{3,}:?[ \t]*)?")
_LINE_CHARS = 500
_TABLE_ROWS = 50
_STATEMENT_END = re.compile(r"[ \t]*(?:[\r\n,;}\])\"'<&#]|//|--|\Z)")


def _key_span(text: str, at: int) -> tuple[int, int]:
    """The identifier around offset ``at``, read at most :data:`_KEY_CHARS` either way."""
    start = at
    while start > 0 and at - start < _KEY_CHARS and _KEY_CHAR.match(text, start - 1):
        start -= 1
    end = at
    while end < len(text) and end - at < _KEY_CHARS and _KEY_CHAR.match(text, end):
        end += 1
    while end > start and text[end - 1] in ".-":
        end -= 1
    return start, end


def _named_kind(key: str) -> str | None:
    """The kind a key's value is redacted as, when its last part names a credential."""
    parts = [p.lower() for p in _PARTS.findall(key)]
    if not parts or (last := parts[-1]) not in _LAST:
        return None
    if last == "key" and (len(parts) < 2 or parts[-2] in _NOT_SECRET or parts[-2] == "key"):
        return None
    if last == "token" and len(parts) >= 2 and parts[-2] in _NOT_SECRET:
        return None  # a page's or a CSRF form's token: no one's credential
    return _LAST[last]


# What a template writes where the reader's value goes, telling them to change it
# (``UPS_CLIENT_SECRET=changeme``, ``CHANGE_ME``, Java's keystore default ``changeit``).
_CHANGE_ME = frozenset(("changeme", "changethis", "changeit", "replaceme", "replacethis"))
_SLOT_JOINERS = re.compile(r"[-_.\s]+")


def change_me(value: str) -> bool:
    """Whether ``value`` is a template's word telling the reader to change it."""
    return _SLOT_JOINERS.sub("", value.lower()) in _CHANGE_ME


def _credential(value: str, *, weak: bool) -> bool:
    """Whether an assigned value reads as a credential rather than a reference or a word."""
    if len(value) < 3 or value.lower() in _NOT_VALUES or _REFERENCE.match(value):
        return False
    if change_me(value):
        return False  # ``changeme``: the template's slot, no one's value
    if set(value) <= set("*xX.•#-_") or "[redacted:" in value or "(" in value or "[" in value:
        return False
    if _DOTTED.fullmatch(value) or _ENV_NAME.fullmatch(value) or _FILE.fullmatch(value):
        return False
    if _TYPE_NAME.fullmatch(value) or (_IDENTIFIER.fullmatch(value) and _named_kind(value)):
        return False  # code: a type (``SessionClientSecret``), a variable (``key_password``)
    if weak:
        mixed = any(c.isdigit() for c in value) or not value.isalnum()
        named = _NAME.fullmatch(value) is not None and not any(c.isdigit() for c in value)
        return (len(value) >= 8 or mixed) and not named
    return True


def _value_at(text: str, start: int, *, query: bool = False) -> tuple[int, int] | None:
    """The value starting at ``start``: quoted, or a word that ends its statement (the
    line, or a ``,``, ``;``, ``}`` or comment after it: ``Token: see the docs`` is prose).
    ``query``: a URL query's value, which ends at ``&`` or ``#``."""
    m = _VALUE.match(text, start)
    if m is None:
        return None
    group = next(g for g in ("q2", "q1", "q3", "w") if m.group(g) is not None)
    begin, end = m.span(group)
    if group == "w":
        if query:
            end = min([end, *(i for c in "&#" if (i := text.find(c, begin, end)) >= 0)])
        elif _STATEMENT_END.match(text, end) is None:
            return None
        while end > begin and text[end - 1] in _TRAILING:
            end -= 1
    return (begin, end) if end > begin else None


_CDATA = "<![CDATA["
# A YAML block scalar's indicator, alone at the end of its key's line (``|``, ``>-``, ``|2``).
_BLOCK = re.compile(r"[|>][-+]?[1-9]?[ \t]*(?:\n|\Z)")
_BLOCK_LINES = 20


def _element_text(text: str, begin: int) -> tuple[int, int] | None:
    """The text of an XML element that opens at ``begin``: up to the tag that closes it, or
    the content of a CDATA section (``<pass><![CDATA[Cargo<&>Hold9]]></pass>``). A name in
    angle brackets that no closing tag follows is a placeholder (``DHL_API_KEY=<DHL_API_KEY>``,
    ``Bearer <access_token>``), not an element: what follows it is the next line's text."""
    if text.startswith(_CDATA, begin):
        begin += len(_CDATA)
        close = text.find("]]>", begin, begin + 201)
    else:
        close = text.find("<", begin, begin + 201)
        if close >= 0 and not text.startswith("</", close):
            return None
    return (begin, close) if close > begin else None


def _block_scalar(text: str, key_start: int, at: int) -> tuple[int, int] | None:
    """The lines of a YAML block scalar whose indicator is at ``at``: those below the key's
    line indented more than the key (at most :data:`_BLOCK_LINES` of them), or None."""
    indicator = _BLOCK.match(text, at)
    if indicator is None or not indicator.group().endswith("\n"):
        return None
    line_start = text.rfind("\n", 0, key_start) + 1
    indent = key_start - line_start
    begin = end = indicator.end()
    for _ in range(_BLOCK_LINES):
        stop = text.find("\n", end, end + _LINE_CHARS + 1)
        stop = len(text) if stop < 0 else stop
        line = text[end:stop]
        if not line.strip() or len(line) - len(line.lstrip(" \t")) <= indent:
            break
        end = stop + 1 if stop < len(text) else stop
    while end > begin and text[end - 1] in " \t\n":
        end -= 1
    while begin < end and text[begin] in " \t":
        begin += 1
    return (begin, end) if end > begin else None


def _shell_default(text: str, end: int) -> tuple[int, int] | None:
    """The default a shell gives a variable whose name ends at ``end`` (``:-`` or ``:=``, up
    to the closing brace), unless it is another variable (``${TOKEN:-$FALLBACK}``)."""
    if text[end : end + 2] not in (":-", ":="):
        return None
    close = text.find("}", end + 2, end + 203)
    if close <= end + 2 or text[end + 2] == "$":
        return None
    return end + 2, close


def _entry_value(text: str, end: int) -> tuple[int, int] | None:
    """The value of a list entry whose name ends at ``end`` (``value: …`` after it)."""
    m = _ENTRY_VALUE.search(text, end, min(len(text), end + _ENTRY_WINDOW))
    return None if m is None else _value_at(text, m.end())


def _line(text: str, at: int) -> tuple[int, int] | None:
    """The line holding offset ``at``, when it is no longer than :data:`_LINE_CHARS`."""
    start = text.rfind("\n", max(0, at - _LINE_CHARS), at) + 1
    if start == 0 and at > _LINE_CHARS:
        return None
    end = text.find("\n", at, start + _LINE_CHARS + 1)
    end = len(text) if end < 0 and len(text) - start <= _LINE_CHARS else end
    return (start, end) if end >= 0 else None


def _cells(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The spans of a markdown table row's cells (stripped), or [] if it is no row."""
    row = text[start:end].strip()
    if not row.startswith("|"):
        return []
    lead = text.index("|", start, end)
    bars = [i for i in range(lead, end) if text[i] == "|"]
    cells = []
    for a, b in pairwise(bars):
        left, right = a + 1, b
        while left < right and text[left] in " \t":
            left += 1
        while right > left and text[right - 1] in " \t":
            right -= 1
        cells.append((left, right))
    return cells


def _value_below(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The value alone on the line below a key alone on its own (``password:`` or a label
    ``PASSWORD``, then ``hollowreed77``); after a label with no colon, as in a form's text,
    only letters with a digit or a symbol (``Password`` then ``Show`` is a button)."""
    head = _line(text, start)
    if head is None or text[head[0] : start].strip() or head[1] >= len(text):
        return None
    rest = text[end : head[1]].strip()
    if rest not in ("", ":"):
        return None
    below = _line(text, head[1] + 1)
    if below is None:
        return None
    value = text[below[0] : below[1]].strip()
    if not value or any(c.isspace() for c in value):
        return None
    if rest == "" and not _mixed(value):
        return None
    begin = text.index(value, below[0], below[1])
    return begin, begin + len(value)


def _mixed(value: str) -> bool:
    """Letters with a digit or a symbol: what a label's value needs (``Show`` is a button)."""
    letters = any(c.isalpha() for c in value)
    return letters and (any(c.isdigit() for c in value) or not value.isalnum())


def _table_column(text: str, at: int) -> tuple[int, list[tuple[str, int, int]]] | None:
    """Where a markdown table's header row holding offset ``at`` ends, and the cells of its
    body under each header cell that names a credential (``| user | password |``, then
    ``|---|---|``), or None when ``at`` is in no table's header."""
    line = _line(text, at)
    if line is None or not (head := _cells(text, *line)):
        return None
    rule = _line(text, line[1] + 1) if line[1] < len(text) else None
    if rule is None or not _RULE.fullmatch(text[rule[0] : rule[1]].strip()):
        return None
    columns = {i: kind for i, (a, b) in enumerate(head) if (kind := _named_kind(text[a:b]))}
    found: list[tuple[str, int, int]] = []
    last = rule[1]
    for _ in range(_TABLE_ROWS):
        row = _line(text, last + 1) if last < len(text) else None
        if row is None or not (cells := _cells(text, *row)):
            break
        last = row[1]
        for i, kind in columns.items():
            if i < len(cells):
                a, b = cells[i]
                value = text[a:b]
                weak = _PARTS.findall(text[head[i][0] : head[i][1]])[-1].lower() in _WEAK
                if " " not in value and _credential(value, weak=weak):
                    found.append((kind, a, b))
    return line[1], found


def config_values(text: str) -> list[tuple[str, int, int]]:
    """The values ``text`` assigns to a credential's name, as ``(kind, start, end)``, in
    order and without overlaps."""
    spans: list[tuple[str, int, int]] = []
    done = 0
    for anchor in _ANCHOR.finditer(text):
        at = anchor.start()
        if at < done:
            continue
        if anchor.group().lower() == "identified":
            if (by := _IDENTIFIED.match(text, at)) is not None:
                found = _value_at(text, by.end())
                if found is not None and _credential(text[found[0] : found[1]], weak=False):
                    spans.append(("password", *found))
                    done = found[1]
            continue
        start, end = _key_span(text, at)
        done = end
        key = text[start:end]
        kind = _named_kind(key)
        if kind is None:
            continue
        weak = _PARTS.findall(key)[-1].lower() in _WEAK
        if text.endswith("${", 0, start):
            found = _shell_default(text, end)  # ``${ADYEN_API_KEY:=AQE…}``: a value all the same
            if found is not None and _credential(text[found[0] : found[1]], weak=weak):
                spans.append((kind, *found))
                done = max(done, found[1])
            continue
        if (table := _table_column(text, at)) is not None:
            done, column = table
            spans.extend(column)
            continue
        found = None
        if _ENTRY_NAME.search(text, max(0, start - 20), start) is not None:
            found = _entry_value(text, end)  # ``name: DB_PASSWORD`` then ``value: …``
        elif start > 0 and text[start - 1] == "<" and text.startswith(">", end):
            found = _element_text(text, end + 1)  # ``<password>…</``
        elif key == "PASSWORD" and (sql := _SQL_PASSWORD.match(text, end)) is not None:
            found = sql.span("q1")  # ``WITH PASSWORD '…'``
        elif (op := _OPERATOR.match(text, end)) is not None:
            found = _block_scalar(text, start, op.end())
            if found is None:
                found = _value_at(text, op.end(), query=start > 0 and text[start - 1] in "?&")
        elif _SPACE_SET.search(text, max(0, start - 20), start) is not None:
            found = _value_at(text, end + 1) if text[end : end + 1] in (" ", "\t") else None
        if found is None:
            found = _value_below(text, start, end)
        if found is not None and _credential(text[found[0] : found[1]], weak=weak):
            spans.append((kind, *found))
            done = max(done, found[1])
    kept: list[tuple[str, int, int]] = []
    for span in sorted(spans, key=lambda s: (s[1], -s[2])):
        if not kept or span[1] >= kept[-1][2]:
            kept.append(span)
    return kept
