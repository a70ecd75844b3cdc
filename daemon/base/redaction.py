"""Secret detection and redaction, run at ingestion and again on every memory write.

One precompiled alternation finds known credential formats (the prefixed tokens of the
common secret scanners' rule sets: Stripe, OpenAI, Anthropic, AWS, GitHub, GitLab, Slack,
Google, npm, Hugging Face, SendGrid and more; webhooks; JWTs), passwords inside URLs, and
phrasings: ``the admin password is hunter2``, ``DB_PASSWORD=...``, an upper-case environment
name holding a credential word (``PGPASSWORD=``, ``SECRET_KEY_BASE=``), ``--password X``,
mysql's ``-pX``, curl's ``-u user:pass``, ``Authorization:`` headers and bearer tokens, a
passphrase of several words. PEM private keys are found apart, JSON-escaped ones too. For
URLs and phrasings only the value is a hit. :mod:`daemon.base.credentials` adds credentials
said in words (in some fifty languages), options, headers and URLs, from anchors found in
this module's own pass, and :mod:`daemon.base.nearby` the credential-shaped values near a
credential word and the password-shaped tokens anywhere; :mod:`daemon.base.config_values`
the values assigned to a credential's name in config formats and code,
:mod:`daemon.base.code_lists` the codes listed after "recovery codes:" and the one-time
code an app just sent ("Duo just sent me 604 218"),
:mod:`daemon.base.seed_phrases` a wallet's recovery phrase (twelve words of BIP-39's list in
a row) and :mod:`daemon.base.payment_numbers` the card numbers and IBANs whose check digits
hold;
:mod:`daemon.base.entropy` finds the bare high-entropy tokens outside those hits, and
:mod:`daemon.base.shapes` the credentials read by their shape alone (words joined with a
number, upper-case base32, groups of digits, a variable assigned a random key, any
command's password option); and a credential-shaped token right beside a hit (the hex
half of ``<key> <hex>``) goes with it. A text is read as its reader sees it
(:mod:`daemon.base.disguise`: invisible characters dropped, look-alikes folded, JSON, HTML
and quoted-printable escapes decoded, a value spelt out letter by letter joined). Raw
material (what :func:`redact` reads) also loses the plain word a sentence gives as a
credential's value (:mod:`daemon.base.plain_values`: ``the password is simply welcome``)
and the parts of a value given apart from its word (:mod:`daemon.base.split_values`:
``rest of it: x9V4Rt``), a password read out letter by letter with its cases
(:mod:`daemon.base.read_out`: ``großes F, dann link, großes O …``) and one told by how it is
made (:mod:`daemon.base.recipes`: ``the studio's name then the year``). Base64 of JSON or
XML text that holds no secret (a JWT's header alone, a sample payload) is data, no key
(:mod:`daemon.base.encoded_data`).

Only a few offsets are tried: phrasings where one of a dozen markers is found, token formats
where one is found inside a long word (a token is a word of 14 characters or more). Every
marker, the credential anchors included, is found in one pass of an Aho-Corasick automaton
(pyahocorasick, in C) over the lower-cased text (a second one, for the words of other scripts
and accents, runs only over text that is not ASCII), so text without a marker costs that
pass, one split into words and a look at the few long words that mix cases and digits.

Scanning takes time linear in the text, whatever the text: a start inside a hit already
found is not tried again; a failed attempt reads only up to the next separator or a bounded
length (no branch scans a run of characters in which a later start would fail the same way
without being skipped: an OpenAI key without a digit or a JWT without its dots marks its run
as dead); and a PEM block's end is looked up among the text's ``-----END`` lines, found
once.
"""

from __future__ import annotations

import functools
import itertools
import re
import string
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any
from urllib.parse import unquote

import ahocorasick

from daemon.base.code_lists import listed_codes, sent_codes
from daemon.base.config_values import config_values
from daemon.base.credential_claims import announced_values, sentence_values
from daemon.base.credentials import Anchor, credentials_at, keeper, placeholder
from daemon.base.credentials import anchors as credential_anchors
from daemon.base.disguise import end_of, plain_view
from daemon.base.encoded_data import decoded_data
from daemon.base.entropy import high_entropy, long_words, random_lower
from daemon.base.named_things import named_thing
from daemon.base.nearby import seed_lines, shaped_tokens
from daemon.base.payment_numbers import payment_numbers
from daemon.base.plain_values import PREDICATES, plain_values
from daemon.base.raw_material import REDACTED, raw_spans
from daemon.base.read_out import read_out
from daemon.base.recipes import recipes
from daemon.base.seed_phrases import seed_phrases
from daemon.base.shapes import shaped_credentials
from daemon.base.split_values import split_values

__all__ = ["REDACTED", "REDACT_PASSES", "SecretHit", "disjoint", "find_secrets", "marked", "redact"]


@dataclass(frozen=True, slots=True)
class SecretHit:
    """A secret found at ``text[start:end]``."""

    kind: str
    start: int
    end: int


_TOKENS = (
    # A prefix may follow an underscore (run_sk_live_...), never a letter or digit (task_live_).
    (
        "stripe_key",
        r"(?<![A-Za-z0-9])(?:(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{10,}|whsec_[0-9A-Za-z]{20,})",
    ),
    # Runs are possessive: a failed attempt never backtracks through a long run. An OpenAI
    # key holds a digit, checked on the match (_Scan.attempt) rather than by a lookahead.
    ("anthropic_key", r"\bsk-ant-(?:api|admin|oat)[0-9]{2}-[A-Za-z0-9_-]{40,}+"),
    ("openai_key", r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}+"),
    ("aws_access_key_id", r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"),
    ("github_token", r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})"),
    ("slack_token", r"\bxox[abposr]-[A-Za-z0-9-]{10,}"),
    ("google_api_key", r"\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])"),
    ("jwt", r"\beyJ[A-Za-z0-9_-]{8,}+\.eyJ[A-Za-z0-9_-]{8,}+\.[A-Za-z0-9_-]*+"),
    # The formats of the common secret scanners' rule sets that carry a prefix of their own.
    ("gitlab_token", r"\bgl(?:pat|dt|rt|ptt|cbt|soat)-[A-Za-z0-9_-]{20,}+"),
    ("npm_token", r"\bnpm_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    ("huggingface_token", r"\bhf_[A-Za-z0-9]{30,}+"),
    ("sendgrid_key", r"\bSG\.[A-Za-z0-9_-]{16,}+\.[A-Za-z0-9_-]{16,}+"),
    (
        "slack_webhook",
        r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]{20,}+",
    ),
    (
        "discord_webhook",
        r"\bdiscord(?:app)?\.com/api/webhooks/[0-9]+/[A-Za-z0-9_-]{20,}+",
    ),
    ("pypi_token", r"\bpypi-AgE[A-Za-z0-9_-]{50,}+"),
    ("digitalocean_token", r"\bdo[opr]_v1_[a-f0-9]{64}"),
    ("shopify_token", r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"),
    ("square_token", r"\bsq0(?:atp|csp)-[A-Za-z0-9_-]{22,}+"),
    ("linear_key", r"\blin_api_[A-Za-z0-9]{40}"),
    ("postman_key", r"\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}"),
    ("doppler_token", r"\bdp\.(?:pt|st|ct|sa|scim|audit)\.[A-Za-z0-9]{40,}+"),
    ("databricks_token", r"\bdapi[a-f0-9]{32}(?:-[0-9])?(?![A-Za-z0-9])"),
    ("grafana_token", r"\bgl(?:c|sa)_[A-Za-z0-9+/_=-]{32,}+"),
    ("mailgun_key", r"\bkey-[0-9a-f]{32}(?![A-Za-z0-9])"),
    ("age_secret_key", r"\bAGE-SECRET-KEY-1[0-9A-Z]{58}"),
    ("shippo_token", r"\bshippo_(?:live|test)_[0-9a-f]{40}(?![0-9A-Za-z])"),
)
# A PEM private key runs from its BEGIN line to the first END line after it or, without one,
# over the base64 that follows. Its END lines are looked up once per text (see _Scan).
_PEM_BEGIN = re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")
_PEM_END = re.compile(r"-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")
# The body may be JSON-escaped: its line breaks are then the two characters "\n".
_PEM_BODY = re.compile(r"(?:[A-Za-z0-9+/=\s]++|\\[nr])*+")
_JWT_HEAD = re.compile(r"\beyJ")
_RUN = re.compile(r"[A-Za-z0-9_-]*+")
_DIGIT = re.compile(r"\d")
_UUID = re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")
_URL = r"://[^\s:/@?#]*:(?P<url_v>[^\s/@?#]+)@"
_KEYWORD = (
    r"(?i:passphrase|password|passwd|pwd|secret[_ -]?key|client[_ -]?secret|secret"
    r"|auth[_ -]?token|access[_ -]?token|token|api[_ -]?key|access[_ -]?key|private[_ -]?key)"
)
_ASSIGN = (
    rf"(?<![A-Za-z0-9])(?P<assign_k>{_KEYWORD})(?![A-Za-z0-9])\\?[\"']?"
    r"(?:\s+(?i:for|of|on|to|in)\s+[^\s:=]+(?:\s+[^\s:=]+){0,2})?"
    # After "=" the value is on its line (an environment file's empty value is followed by
    # the next name); after ":" it may start the next line, unless that line names another.
    r"(?:[ \t]*=[ \t]*|\s*:(?:[ \t]*\n)?[ \t]*(?![^\s:=]+[:=](?:\s|$))"
    r"|\s+(?i:is|was)(?:\s*:)?\s+)"
    r"(?P<assign_v>\\?\"[^\"\n]{1,200}\"|'[^'\n]{1,200}'|`[^`\n]{1,200}`"
    r"|[^\s\"'`,;\\]{1,200})"
)
_VALUE = r"(?:\"[^\"\n]{1,200}\"|'[^'\n]{1,200}'|[^\s\"'`,;\\]{1,200})"
# An environment variable whose upper-case name holds a credential word: PGPASSWORD=...,
# DB_PASS=..., SECRET_KEY_BASE=..., RAILS_MASTER_KEY=... (the name's start is checked apart).
_ENV = (
    r"(?P<env_k>PASSWORD|PASSWD|PASSPHRASE|PASS|PWD|SECRET|TOKEN|KEY|CREDENTIALS?)"
    rf"(?:_[A-Z0-9]{{1,40}}+){{0,8}}+=(?P<env_v>{_VALUE})"
)
# A command-line flag: --password X, --token=X, -password X.
_FLAG = (
    r"(?:(?<=--)|(?<=\s-))(?P<flag_k>(?i:passphrase|password|passwd|pass|pwd|token|secret|api-key|apikey"
    r"|auth-token|access-token|client-secret|secret-key))"
    rf"(?:=|[ \t]++)(?P<flag_v>{_VALUE})"
)
# An HTTP Authorization header (any scheme: a vendor's own, ``Splunk <uuid>``, is one word
# before the value like ``Bearer``), a bare bearer token, curl's -u user:password and mysql's
# -pPASSWORD.
_AUTH = (
    r"(?<![A-Za-z0-9_])(?i:authorization)[\"']?\s*+[:=]\s*+[\"']?"
    r"(?:(?P<auth_s>[A-Za-z][A-Za-z0-9_-]{1,24}+)[ \t]++)?+"
    r"(?P<auth_v>[A-Za-z0-9._~+/:-]{6,500}+={0,2})"
)
_AUTH_SCHEMES = frozenset(("basic", "bearer", "token", "digest", "apikey"))
_BEARER = r"(?<![A-Za-z0-9])(?i:bearer)[ \t]++(?P<bearer_v>[A-Za-z0-9._~+/-]{12,500}+={0,2})"
_USER = (
    r"(?:(?<=\s)|(?<=^)|(?<=[\"']))-(?:u|-user)(?:[ \t]++|=)?+['\"]?+[^\s:'\"]{1,100}+:"
    r"(?P<user_v>[^\s'\"@]{1,200}+)"
)
_MYSQL_P = r"(?<!\S)-p(?P<mysql_v>[^\s'\"-][^\s'\"]{3,199}+)"
# Two alternations, each tried only where one of its own markers was found: a failed attempt
# costs a try of every branch.
_TOKEN_PATTERN = re.compile("|".join(f"(?P<{kind}>{body})" for kind, body in _TOKENS))
_PHRASE_PATTERN = re.compile(
    f"(?P<url_password>{_URL})|(?P<assign>{_ASSIGN})|(?P<env>{_ENV})|(?P<flag>{_FLAG})"
    f"|(?P<auth>{_AUTH})|(?P<bearer>{_BEARER})|(?P<user>{_USER})|(?P<mysql>{_MYSQL_P})"
)
_PHRASE, _TOKEN = 1, 2  # which alternation a start is tried with
#: The group holding the value of each phrasing, and the kind it is redacted as.
_VALUE_OF = {
    "url_password": ("url_v", "url_password"),
    "assign": ("assign_v", ""),
    "env": ("env_v", ""),
    "flag": ("flag_v", ""),
    "auth": ("auth_v", "authorization"),
    "bearer": ("bearer_v", "token"),
    "user": ("user_v", "password"),
    "mysql": ("mysql_v", "password"),
}
# Where a phrasing may start, looked up in the whole text: lower-case literals in its lower-
# cased copy, then case-sensitive ones in the text as it is (an upper-case environment name's
# credential word, and the -u and -p options).
_STARTS = (
    "-----begin", "://", "pass", "pwd", "secret", "client", "access", "token", "api",
    "private", "authorization", "bearer",
)  # fmt: skip
_CASED_STARTS = ("KEY", "CREDENTIAL", "-u", "--user", "-p")
# Where a token of a known format may start: each is a word of at least _TOKEN_WORD
# characters, so these are looked up only in the text's long words.
_TOKEN_STARTS = (
    "sk_", "rk_", "whsec_", "sk-", "akia", "asia", "abia", "acca", "ghp_", "gho_", "ghu_",
    "ghs_", "ghr_", "github_pat_", "xox", "aiza", "eyj", "glpat-", "gldt-", "glrt-", "glptt-",
    "glcbt-", "glsoat-", "npm_", "hf_", "sg.", "https://hooks.slack.com/", "discord",
    "pypi-age", "dop_v1_", "doo_v1_", "dor_v1_", "shp", "sq0", "lin_api_", "pmak-", "dp.",
    "dapi", "glc_", "glsa_", "key-", "age-secret-key-1", "shippo_",
)  # fmt: skip
_TOKEN_WORD = 14
_SHAPE_WORD = 9  # the words daemon.base.shapes reads (its candidates)
# Values that follow a keyword in prose or code without being a credential.
_STOP_WORDS = (
    "a", "an", "the", "this", "that", "it", "not", "no", "none", "null", "nil", "true", "false",
    "yes", "empty", "blank", "unset", "set", "reset", "required", "optional", "missing",
    "wrong", "correct", "incorrect", "invalid", "valid", "expired", "stored", "saved",
    "changed", "rotated", "encrypted", "hashed", "hidden", "masked", "redacted", "secret",
    "password", "passwd", "token", "key", "same", "different", "still", "also", "now", "being",
    "too", "very", "in", "on", "at", "of", "for", "to", "from", "here", "there", "str",
    "string", "int", "bytes", "bool", "boolean", "any", "undefined", "number", "object",
    "unknown", "known", "weak", "strong", "long", "short", "case", "sensitive", "needed",
    "used", "given", "kept", "shared", "managed", "generated", "provided", "located", "sent",
    "printed", "logged", "configured", "defined", "available", "visible", "exposed", "leaked",
    "compromised", "working", "broken", "ignored", "checked", "verified", "updated", "pass",
    "user", "username", "return", "await", "raise", "yield", "def", "class", "function",
    "const", "let", "var", "if", "else", "elif", "and", "or", "self", "this", "rejected",
    "accepted", "denied", "refused", "reused", "removed", "deleted", "cleared", "read",
    "loaded", "injected", "fetched", "pulled", "sourced", "supplied", "derived", "passed",
)  # fmt: skip
# A lower-case past participle followed by ``by`` and its agent: an English passive.
_PARTICIPLE = re.compile(
    r"[a-z]{3,}ed|held|kept|sent|made|done|given|shown|known|set|put|paid|built|bought|run"
    r"|told|found|brought|taken|written|hidden|chosen|owned|issued|signed|spent|lent|dealt"
)
_BY_AGENT = re.compile(r"[ \t]+by[ \t]+(?!default\b)\w")
_STOP = frozenset(_STOP_WORDS)
# Words of prose around a password that no passphrase of several words is made of.
_PROSE_WORDS = frozenset(
    (
        "a", "an", "the", "this", "that", "these", "those", "it", "its", "is", "are", "was",
        "were", "be", "been", "being", "not", "no", "and", "or", "but", "if", "then", "than",
        "for", "of", "on", "in", "at", "to", "from", "by", "with", "without", "via", "into",
        "onto", "over", "under", "about", "as", "after", "before", "since", "until", "when",
        "where", "which", "who", "whom", "whose", "what", "why", "how", "our", "your", "their",
        "my", "his", "her", "we", "you", "they", "i", "he", "she", "me", "us", "them", "must",
        "should", "will", "would", "can", "could", "may", "might", "shall", "do", "does", "did",
        "has", "have", "had", "never", "always",
    )
)  # fmt: skip
_PHRASE_END = frozenset(".,;:!?\"'`\n()[]{}<>")
_LETTER = re.compile(r"[A-Za-z]")
_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
_WINDOWS_PATH = re.compile(r"[A-Za-z]:\\")
_TYPE_NAME = re.compile(r"(?:[A-Z][a-z]+){2,}")
_SNAKE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
_NAMED = re.compile(r"pass|pwd|secret|token|key|auth|cred")
_MASK_CHARS = frozenset("*xX.-_•#")
_TRAILING = ".,;:)]}"  # sentence punctuation; "!" and "?" are kept as part of a value


def _weak(keyword: str) -> bool:
    low = keyword.lower()
    return low in ("token", "secret", "key", "credential", "credentials")


def _kind_of(keyword: str) -> str:
    low = keyword.lower()
    if "pass" in low or low == "pwd":
        return "password"
    if "token" in low:
        return "token"
    if "key" in low:
        return "api_key"
    return "secret"


def _mixed_parts(value: str) -> bool:
    """Whether two parts of a dotted value or more mix letters with digits: random runs
    (kubeadm's ``ety7y2.eler210cdcw93r8d``), not the words of a name (``settings.TOKEN``)."""
    mixed = [
        part
        for part in value.split(".")
        if any(c.isdigit() for c in part) and any(c.isalpha() for c in part)
    ]
    return len(mixed) >= 2


def _plausible(value: str, *, weak: bool, dotted: bool = True) -> bool:
    """Whether an assigned value looks like a credential rather than code, prose or a path."""
    if len(value) < 3 or value.lower() in _STOP or value.lower() in PREDICATES:
        return False
    if value[0] in "$%{<[/~\\" or value.startswith(("./", "../", "http:", "https:")):
        return False
    if any(c in value for c in "()[]{}<>") or set(value) <= _MASK_CHARS:
        return False
    if placeholder(value) or keeper(value):
        return False  # the docs' slot for the reader's own value, a password manager's name
    if (dotted and _DOTTED.fullmatch(value) and not _mixed_parts(value)) or _WINDOWS_PATH.match(
        value
    ):
        return False
    if _TYPE_NAME.fullmatch(value) or (_SNAKE.fullmatch(value) and _NAMED.search(value)):
        return False  # a type (ClientSecret) or a variable (key_password) in code
    has_digit = any(c.isdigit() for c in value)
    has_alpha = any(c.isalpha() for c in value)
    if weak:
        return len(value) >= 20 or (len(value) >= 8 and has_digit and has_alpha)
    return has_digit or not value.isalpha() or len(value) >= 4


def _lower(text: str) -> str:
    low = text.lower()
    if len(low) != len(text):  # "İ" lower-cases to two characters; the regex reads it as "i"
        low = text.replace("\u0130", "i").lower()
    return low


@functools.cache
def _markers() -> Any:
    """Aho-Corasick automata (pyahocorasick, in C) over every marker, lower-cased: each
    found marker carries its length, what a start there tries (with the spelling the text
    must have there for the cased markers, or the need to lie in a long word for the token
    ones), and the anchors of :mod:`daemon.base.credentials` it is. The markers written in
    ASCII are in one automaton, the others in a second one, run only over text that is not
    ASCII: the second costs an ASCII text as much again as the first."""
    kinds: dict[str, list[tuple[int, str | None]]] = {}
    for marker in _STARTS:
        kinds.setdefault(marker, []).append((_PHRASE, None))
    for marker in _CASED_STARTS:
        kinds.setdefault(marker.lower(), []).append((_PHRASE, marker))
    for marker in _TOKEN_STARTS:
        kinds.setdefault(marker, []).append((_TOKEN, None))
    anchored: dict[str, list[Anchor]] = {}
    for literal, anchor in credential_anchors():
        anchored.setdefault(literal, []).append(anchor)
    ascii_only, other = ahocorasick.Automaton(), ahocorasick.Automaton()
    for marker in kinds.keys() | anchored.keys():
        found = kinds.get(marker, [])
        plain = all(cased is None for _, cased in found) and all(t == _PHRASE for t, _ in found)
        tries: Any = (_PHRASE if found else None) if plain else tuple(found)
        automaton = ascii_only if marker.isascii() else other
        automaton.add_word(marker, (len(marker), tries, tuple(anchored.get(marker, ()))))
    ascii_only.make_automaton()
    other.make_automaton()
    return ascii_only, other


def _starts(
    text: str, words: list[tuple[int, str]]
) -> tuple[list[tuple[int, int]], list[tuple[int, Anchor]]]:
    """Sorted offsets where a match may start, each with the alternations to try there
    (phrasings anywhere, tokens only in long words), and the credential anchors found. One
    pass over the lower-cased text finds every marker, overlapping ones too."""
    found: dict[int, int] = {}
    anchors: list[tuple[int, Anchor]] = []
    long: list[tuple[int, str]] | None = None
    ascii_only, other = _markers()
    low = _lower(text)
    found_in = ascii_only.iter(low)
    if not low.isascii():  # the words of other scripts and accents: only where they can be
        found_in = itertools.chain(found_in, other.iter(low))
    for end, (length, kinds, anchored) in found_in:
        at = end - length + 1
        if anchored:
            anchors.extend((at, anchor) for anchor in anchored)
        if kinds is None:
            continue
        if kinds == _PHRASE:  # the usual case: a lower-case phrasing marker
            found[at] = found.get(at, 0) | _PHRASE
            continue
        for tries, cased in kinds:
            if cased is not None and not text.startswith(cased, at):
                continue
            if tries == _TOKEN:
                if long is None:
                    long = [(a, w) for a, w in words if len(w) >= _TOKEN_WORD]
                if not _in_word(long, at):
                    continue
            found[at] = found.get(at, 0) | tries
    return sorted(found.items()), anchors


def _in_word(words: list[tuple[int, str]], at: int) -> bool:
    """Whether offset ``at`` lies inside one of ``words`` (sorted by offset)."""
    k = bisect_right(words, at, key=itemgetter(0)) - 1
    return k >= 0 and at < words[k][0] + len(words[k][1])


def _run_end(text: str, start: int) -> int:
    run = _RUN.match(text, start)
    return run.end() if run else start


def _jwt_read(text: str, start: int) -> int | None:
    """Where a failed JWT attempt at ``start`` stopped reading: an "eyJ" start before that
    fails too (its header is a shorter part of the same run, with the same payload)."""
    if _JWT_HEAD.match(text, start) is None:
        return None  # no word boundary: a later start may still match
    end = _run_end(text, start + 3)
    if end - start - 3 >= 8 and text.startswith(".eyJ", end):  # the payload failed
        end = _run_end(text, end + 4)
    return end


@dataclass(slots=True)
class _Scan:
    """One text being scanned: runs known to hold no match of a kind, and the PEM END
    lines once looked up. Both keep every start to work bounded by the run it reads."""

    text: str
    dead: dict[str, int] = field(default_factory=dict)
    pem_ends: list[tuple[int, int]] | None = None

    def attempt(self, start: int, tries: int = _TOKEN) -> SecretHit | re.Match[str] | None:
        """The match at ``start``: a hit for a known format, the match of a phrasing for
        the caller to judge, or None. ``tries`` says which alternations to try."""
        text = self.text
        if text.startswith("-----BEGIN", start):
            return self._pem(start)
        if tries & _TOKEN and (hit := self._token(start)) is not None:
            return hit
        return _PHRASE_PATTERN.match(text, start) if tries & _PHRASE else None

    def _token(self, start: int) -> SecretHit | None:
        text = self.text
        kind = "openai_key" if text.startswith("sk-", start) else None
        kind = "jwt" if text.startswith("eyJ", start) else kind
        if kind is not None and start < self.dead.get(kind, 0):
            return None
        m = _TOKEN_PATTERN.match(text, start)
        if m is None:
            if kind == "jwt" and (read := _jwt_read(text, start)) is not None:
                self.dead[kind] = read
            return None
        if m.lastgroup == "openai_key" and _DIGIT.search(text, start, m.end() + 1) is None:
            self.dead["openai_key"] = m.end()  # what follows a later "sk-" here: no digit
            return None
        if placeholder(text[start : m.end()]):
            return None  # the docs' ``ghp_xxxxxxxx…``: a format's prefix and a slot
        return SecretHit(m.lastgroup or "", start, m.end())

    def _pem(self, start: int) -> SecretHit | None:
        head = _PEM_BEGIN.match(self.text, start)
        if head is None:
            return None
        if self.pem_ends is None:
            self.pem_ends = _pem_ends(self.text)
        i = bisect_left(self.pem_ends, (head.end(), -1))
        if i < len(self.pem_ends):
            return SecretHit("private_key", start, self.pem_ends[i][1])
        body = _PEM_BODY.match(self.text, head.end())
        return SecretHit("private_key", start, body.end() if body else head.end())


def _pem_ends(text: str) -> list[tuple[int, int]]:
    """Spans of the text's PEM END lines, in order."""
    ends: list[tuple[int, int]] = []
    i = text.find("-----END ")
    while i >= 0:
        if (m := _PEM_END.match(text, i)) is not None:
            ends.append(m.span())
        i = text.find("-----END ", i + 1)
    return ends


def _env_name_ok(text: str, start: int, keyword: str) -> bool:
    """Whether the upper-case keyword at ``start`` ends an environment variable's name: the
    name is upper case throughout, and a bare PASS, KEY or TOKEN is a word of it of its own
    (DB_PASS, not COMPASS)."""
    i = start
    while i > 0 and start - i < 64 and (text[i - 1].isupper() or text[i - 1] in "0123456789_"):
        i -= 1
    if i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_"):
        return False  # part of a longer name in another case
    if keyword in ("PASS", "KEY", "TOKEN", "SECRET") and i < start:
        return text[start - 1] == "_"
    return True


def _passphrase(text: str, start: int) -> int | None:
    """Where a passphrase of several words at ``start`` ends (``correct horse battery
    staple``), or None: four to eight words of letters up to the sentence's end, none of them
    a word prose uses around a password (``stored in the vault``)."""
    end = start
    limit = min(len(text), start + 120)
    while end < limit and text[end] not in _PHRASE_END:
        end += 1
    words = text[start:end].split()
    if not 4 <= len(words) <= 8 or not all(w.isalpha() for w in words):
        return None
    low = [w.lower() for w in words]
    if any(w in _PROSE_WORDS for w in low) or sum(w in _STOP for w in low) > 1:
        return None
    return start + len(text[start:end].rstrip())


def _value_hit(scan: _Scan, m: re.Match[str]) -> SecretHit | None:
    """The hit of a phrasing's value, when it is plausibly a credential."""
    group = m.lastgroup or ""
    value_group, kind = _VALUE_OF[group]
    text = scan.text
    if group == "env" and not _env_name_ok(text, m.start(), m.group("env_k")):
        return None
    start, end = m.span(value_group)
    if group in ("assign", "env", "flag"):
        keyword = m.group(f"{group}_k")
        return _assign_hit(scan, keyword, start, end, lenient=group == "env")
    while end > start and text[end - 1] in _TRAILING:
        end -= 1
    value = text[start:end]
    if group == "user" and value.isdigit():  # docker's -u 1000:1000
        return None
    if group == "mysql" and ((value.isalpha() and value.islower()) or not _LETTER.search(value)):
        return None  # -pthread, -pedantic, -p8080:80
    scheme = m.group("auth_s") if group == "auth" else None
    schemeless = group == "auth" and (scheme is None or scheme.lower() not in _AUTH_SCHEMES)
    if (group == "bearer" or schemeless) and not (_DIGIT.search(value) and _LETTER.search(value)):
        return None  # "bearer authentication", "Authorization": authorization
    if group == "auth" and len(value) < 8:
        return None
    return SecretHit(kind, start, end) if _plausible(value, weak=False) else None


def _assign_hit(
    scan: _Scan, keyword: str, start: int, end: int, *, lenient: bool = False
) -> SecretHit | None:
    text = scan.text
    if text[start] == "\\":  # a JSON-escaped string: \"value\"
        start, end = start + 2, end - (2 if text[end - 2] == "\\" else 1)
    elif text[start] in "\"'`":
        start, end = start + 1, end - 1
    else:
        while end > start and text[end - 1] in _TRAILING:
            end -= 1
    specific = scan.attempt(start)
    if isinstance(specific, SecretHit):
        return specific
    if _PARTICIPLE.fullmatch(text, start, end) and _BY_AGENT.match(text, end):
        return None  # a passive with its agent ("the API key is owned by Priya"): a verb
    kind = _kind_of(keyword)
    if kind == "password" and text[start - 1] not in "\"'`\\":
        phrase_end = _passphrase(text, start)
        if phrase_end is not None:
            return SecretHit(kind, start, phrase_end)
    if not _plausible(text[start:end], weak=_weak(keyword), dotted=not lenient):
        return None
    return SecretHit(kind, start, end)


def find_secrets(text: str, *, raw: bool = False) -> list[SecretHit]:
    """Every secret in ``text``, in order and without overlaps: the known formats and
    phrasings, then the bare high-entropy tokens outside them. A disguised text is read as a
    reader sees it (:func:`daemon.base.disguise.plain_view`), each hit cut from the text.

    ``raw``: the text is raw material (stored or sent, not a memory's own words), so every
    opaque token nothing names as an identifier goes too (:mod:`daemon.base.raw_material`,
    kind ``opaque_token``), and every value a password, passphrase or code word announces
    (:mod:`daemon.base.credential_claims`, kind ``credential``; read in the text as a reader
    sees it): what the precise rules miss cannot stay there."""
    if not text:
        return []
    view = plain_view(text)
    if view is None:
        return _not_data(text, _find(text, raw))
    seen, where = view
    hits = [
        SecretHit(h.kind, where[h.start], end_of(text, where[h.end - 1])) for h in _find(seen, raw)
    ]
    if raw and (opaque := [SecretHit("opaque_token", a, b) for a, b in raw_spans(text)]):
        hits = _merged(hits, opaque)  # and the shapes of the text as it came (spelt out)
    return _not_data(text, hits)


def _not_data(text: str, hits: list[SecretHit]) -> list[SecretHit]:
    """``hits`` but those that are base64 of JSON or XML text holding no secret
    (:func:`daemon.base.encoded_data.decoded_data`: a JWT's header alone, a sample payload):
    data anyone decodes, no key. A hit is read with the whole run of base64 it lies in (a
    form's ``SAMLResponse=…%2B…`` is one document, its URL escapes undone)."""
    kept: list[SecretHit] = []
    run, data = (0, 0), False  # the last run read (hits come in order: each run read once)
    for hit in hits:
        if hit.end - hit.start < _BASE64_LEAST or not _BASE64_CHARS.fullmatch(
            text, hit.start, hit.end
        ):
            kept.append(hit)  # no run of base64: a password, a word, a code
            continue
        if not run[0] <= hit.start < hit.end <= run[1]:
            run = _base64_run(text, hit.start, hit.end, run[1])
            decoded = decoded_data(unquote(text[run[0] : run[1]]))
            data = decoded is not None and not find_secrets(decoded, raw=True)
        if not data:
            kept.append(hit)
    return kept


_BASE64_CHARS = re.compile(r"[A-Za-z0-9+/=_%-]*")
_BASE64_CHAR_SET = frozenset(string.ascii_letters + string.digits + "+/=_%-")
_BASE64_RUN_MOST = 64 * 1024
_BASE64_LEAST = 16  # characters of a hit that can be base64 of data


def _base64_run(text: str, start: int, end: int, floor: int) -> tuple[int, int]:
    """The run of base64 characters (and URL escapes) around ``text[start:end]``, not
    before ``floor`` (where the last run read ended: each character is walked once)."""
    begin = start
    low = max(floor, start - _BASE64_RUN_MOST)
    while begin > low and text[begin - 1] in _BASE64_CHAR_SET:
        begin -= 1
    m = _BASE64_CHARS.match(text, end, min(len(text), end + _BASE64_RUN_MOST))
    return begin, m.end() if m is not None else end


def _find(text: str, raw: bool = False) -> list[SecretHit]:
    if not text:
        return []
    hits: list[SecretHit] = []
    scan = _Scan(text)
    pos = 0
    shorter = long_words(text, _SHAPE_WORD)  # the words the shapes read, and ours among them
    words = [(at, word) for at, word in shorter if len(word) >= _TOKEN_WORD]
    starts, anchors = _starts(text, words)
    for start, tries in starts:
        if start < pos:
            continue
        found = scan.attempt(start, tries)
        hit = found if found is None or isinstance(found, SecretHit) else _value_hit(scan, found)
        if hit is not None:
            hits.append(hit)
            pos = hit.end
    if anchors:
        said = [SecretHit(kind, a, b) for kind, a, b in credentials_at(text, anchors)]
        hits = _merged(hits, said) if said else hits
    configured = [SecretHit(kind, a, b) for kind, a, b in config_values(text)]
    configured += [SecretHit("recovery_code", a, b) for a, b in listed_codes(text)]
    configured += [SecretHit("one_time_code", a, b) for a, b in sent_codes(text)]
    configured += [SecretHit("recovery_phrase", a, b) for a, b in seed_phrases(text)]
    configured += [SecretHit("payment_number", a, b) for a, b in payment_numbers(text)]
    if configured:
        configured.sort(key=lambda hit: hit.start)
        hits = _merged(hits, disjoint(configured))
    bare = [SecretHit("high_entropy", a, b) for a, b in high_entropy(text, words)]
    bare += [SecretHit("high_entropy", a, b) for a, b in random_lower(text, words)]
    bare += [SecretHit(kind, a, b) for kind, a, b in shaped_credentials(text, shorter)]
    bare.sort(key=lambda hit: (hit.start, -hit.end))
    hits = _merged(hits, disjoint(bare)) if bare else hits
    shaped = [SecretHit("password", a, b) for a, b in shaped_tokens(text)]
    if "\n" in text or text.count(" ") >= 11:
        shaped += [SecretHit("passphrase", a, b) for a, b in seed_lines(text)]
        shaped.sort(key=lambda hit: hit.start)
    hits = _merged(hits, shaped) if shaped else hits
    hits = _with_neighbours(text, hits) if hits else hits
    if raw and (opaque := _unexplained(text, dictated := read_out(text))):
        hits = _merged(_covered(text, hits, opaque, frozenset(dictated)), opaque)
    # A count and its unit, keys pressed together, an extension: whichever rule took it.
    return [hit for hit in hits if not named_thing(text, hit.start, hit.end)]


def _unexplained(text: str, dictated: list[tuple[int, int]]) -> list[SecretHit]:
    """What raw material is cleared of beyond the precise rules: the opaque tokens nothing
    names (:mod:`daemon.base.raw_material`) and the values a password, passphrase or code
    word announces (:func:`daemon.base.credential_claims.announced_values`: ``PIN 604917``,
    ``Código …: 58204173``) and the plain words a sentence gives as one
    (:func:`daemon.base.plain_values.plain_values`), the passwords told by their recipe
    (:mod:`daemon.base.recipes`), and the passwords read out item by
    item (``dictated``: :func:`daemon.base.read_out.read_out`'s), in order, none overlapping
    another; none that is a thing named instead (:mod:`daemon.base.named_things`:
    ``ext. 2200``)."""
    found = [SecretHit("opaque_token", a, b) for a, b in raw_spans(text)]
    found += [SecretHit("credential", a, b) for a, b in announced_values(text)]
    found += [SecretHit("password", a, b) for a, b in plain_values(text)]
    found += [SecretHit("credential", a, b) for a, b in split_values(text)]
    found += [SecretHit("credential", a, b) for a, b in recipes(text)]
    found += [SecretHit("credential", a, b) for a, b in sentence_values(text)]
    found += [SecretHit("credential", a, b) for a, b in dictated]
    found = [hit for hit in found if not named_thing(text, hit.start, hit.end)]
    found.sort(key=lambda hit: (hit.start, -hit.end))
    return disjoint(found)


# A credential-shaped token right beside a secret found (``AUTH <key> <hex>``, ``<id>:<hex>``):
# the key's other half, which hex, so common in prose and logs, is not taken for alone.
_SEPARATORS = frozenset(" \t:=,;/|")
_NEIGHBOUR = re.compile(r"[ \t:=,;/|]{1,3}+(?P<v>[A-Za-z0-9+/_=-]{16,200}+)")
_NEIGHBOUR_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_=-")


def _shaped(value: str) -> bool:
    """Long, mixing letters and digits, not a path or a UUID: the shape of a key."""
    value = value.rstrip("=")
    if len(value) < 16 or "/" in value or _UUID.fullmatch(value):
        return False
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


def _with_neighbours(text: str, hits: list[SecretHit]) -> list[SecretHit]:
    """``hits`` and the credential-shaped tokens right before or after one of them."""
    out: list[SecretHit] = []
    for i, hit in enumerate(hits):
        limit = out[-1].end if out else 0
        before = _token_before(text, hit.start, limit)
        if before is not None:
            out.append(SecretHit(hit.kind, *before))
        out.append(hit)
        following = hits[i + 1].start if i + 1 < len(hits) else len(text)
        end = hit.end
        while (m := _NEIGHBOUR.match(text, end, following)) is not None and _shaped(m["v"]):
            if m.end() < following and text[m.end()] in _NEIGHBOUR_CHARS:
                break  # the run goes on: part of a longer word
            out.append(SecretHit(hit.kind, m.start("v"), m.end()))
            end = m.end()
    return out


def _token_before(text: str, start: int, limit: int) -> tuple[int, int] | None:
    """The span of a credential-shaped token ending a few separators before ``start``."""
    end = start
    while end > limit and start - end < 3 and text[end - 1] in _SEPARATORS:
        end -= 1
    if end == start:
        return None
    begin = end
    while begin > limit and end - begin < 200 and text[begin - 1] in _NEIGHBOUR_CHARS:
        begin -= 1
    if begin > 0 and not text[begin - 1].isspace() and text[begin - 1] not in _SEPARATORS:
        return None
    return (begin, end) if _shaped(text[begin:end]) else None


def disjoint(hits: list[SecretHit]) -> list[SecretHit]:
    """``hits`` (sorted by start, the longest first) without those overlapping one kept."""
    kept: list[SecretHit] = []
    for hit in hits:
        if not kept or hit.start >= kept[-1].end:
            kept.append(hit)
    return kept


def _covered(
    text: str,
    hits: list[SecretHit],
    wider: list[SecretHit],
    whole: frozenset[tuple[int, int]] = frozenset(),
) -> list[SecretHit]:
    """``hits`` without those lying wholly inside a longer run of plain words of ``wider``,
    or inside one of its spans that ``whole`` holds: a passphrase announced whole
    (``passphrase is purple monkey dishwasher``) goes whole, not as the one word of it a
    shape found first, and so does a password read out item by item
    (:func:`daemon.base.read_out.read_out`)."""
    out: list[SecretHit] = []
    i = 0
    for span in wider:
        while i < len(hits) and hits[i].end <= span.start:
            out.append(hits[i])
            i += 1
        inside = i
        while (
            inside < len(hits) and span.start <= hits[inside].start < hits[inside].end <= span.end
        ):
            inside += 1
        crossed = inside < len(hits) and hits[inside].start < span.end
        wider_than = inside > i and (hits[i].start, hits[inside - 1].end) != (span.start, span.end)
        plain = _PLAIN_WORDS.fullmatch(text, span.start, span.end) is not None
        if wider_than and not crossed and (plain or (span.start, span.end) in whole):
            i = inside  # dropped: ``span`` takes their place
    out.extend(hits[i:])
    return out


# Words of letters (or digits) spaced, and nothing else: a passphrase said whole.
_PLAIN_WORDS = re.compile(r"[^\W_]+(?:[ \t]+[^\W_]+)+")


def _merged(hits: list[SecretHit], bare: list[SecretHit]) -> list[SecretHit]:
    """``hits`` and the ``bare`` tokens that overlap none of them, in order."""
    merged: list[SecretHit] = []
    i = 0
    for token in bare:
        while i < len(hits) and hits[i].end <= token.start:
            merged.append(hits[i])
            i += 1
        if i < len(hits) and hits[i].start < token.end:
            continue  # inside (or across) a hit already found
        merged.append(token)
    merged.extend(hits[i:])
    return merged


#: Passes of :func:`redact` at most: a text it changed is read again until nothing is new
#: (cutting a value can leave its neighbours reading as one), so redacting twice finds
#: nothing new.
REDACT_PASSES = 4


def redact(text: str) -> tuple[str, int]:
    """``text`` with each secret replaced by ``[redacted:<kind>]``, and how many there were.
    Whatever is redacted is raw material (stored or sent): its opaque tokens go too. A text
    with no secret is read once; one with secrets again, until a pass finds nothing new."""
    total = 0
    for _ in range(REDACT_PASSES):
        hits = _outside_marks(text, find_secrets(text, raw=True))
        if not hits:
            break
        text, total = marked(text, hits), total + len(hits)
    return text, total


def _outside_marks(text: str, hits: list[SecretHit]) -> list[SecretHit]:
    """``hits`` but those inside a mark an earlier pass left (``[redacted:credential]``'s
    word read as a plain value after "login is")."""
    if not hits or "[redacted:" not in text:
        return hits
    marks = [m.span() for m in REDACTED.finditer(text)]
    return [h for h in hits if not any(a <= h.start and h.end <= b for a, b in marks)]


def marked(text: str, hits: list[SecretHit]) -> str:
    """``text`` with each of ``hits`` (in order, without overlaps) replaced by its mark."""
    parts: list[str] = []
    last = 0
    for hit in hits:
        parts.append(text[last : hit.start])
        parts.append(f"[redacted:{hit.kind}]")
        last = hit.end
    parts.append(text[last:])
    return "".join(parts)
