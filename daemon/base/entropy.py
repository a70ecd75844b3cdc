"""Bare high-entropy tokens: the secrets that come without a keyword or a known prefix.

A candidate is a run of at least 20 characters of ``[A-Za-z0-9+/_-]`` (then any ``=``
padding), looked for only in the text's long words that mix cases: one split of the text
into words, then a regex pass over those few words. It is a secret when it looks random,
measured on its first 256 characters:

- it mixes upper case, lower case and digits, or is 24 characters or more and mixes the
  cases (pure hex, a lower-case identifier, an upper-case constant never do);
- the class (upper, lower, digit, symbol) changes between neighbouring characters at least
  ``MIN_CHANGES`` of the time: a random base64 string changes about 65 % of the time, a
  snake_case identifier about 20 %;
- its letters do not read as words (see ``_wordy``: camelCase identifiers have more vowels
  and longer lower-case runs than random letters);
- its Shannon entropy per character is at least ``MIN_BITS`` (less for short runs, whose
  entropy cannot be high).

Exempt, because they are public or are identifiers: hex of any length (commit ids, sha
sums), UUIDs, Subresource Integrity hashes (``sha512-...`` in lockfiles: a digest of a
public package, not a secret), base64 bodies of ``data:image|font|audio|video`` URIs, SSH
public keys, certificate / public-key / PGP blocks, the path of a URL (its query values are
not exempt), and the ids providers give to calls, messages and objects (``call_...``,
``toolu_...``, ``chatcmpl-...``, ``cus_...``), a Cloudflare Ray ID and an Okta object's id.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections import Counter

__all__ = [
    "MIN_BITS",
    "MIN_CHANGES",
    "MIN_LENGTH",
    "OKTA_ID",
    "RAY_ID",
    "high_entropy",
    "random_lower",
]

MIN_LENGTH = 20
MIN_CHANGES = 0.35
MIN_BITS = 3.5
_SAMPLE = 256
_NO_DIGIT_LENGTH = 24  # a longer token may lack digits by chance (2 % do at 40)

_CANDIDATE = re.compile(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{20,}+=*+")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_DIGIT = re.compile(r"[0-9]")
_KINDS = str.maketrans(
    {
        **dict.fromkeys(map(ord, "abcdefghijklmnopqrstuvwxyz"), "l"),
        **dict.fromkeys(map(ord, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"), "u"),
        **dict.fromkeys(map(ord, "0123456789"), "d"),
        **dict.fromkeys(map(ord, "+/_-="), "s"),
    }
)
_KIND_RUNS = re.compile(r"l+|u+|d+|s+")
_LETTER = re.compile(r"[A-Za-z]")
_VOWEL = re.compile(r"[aeiouAEIOU]")
_WORD = re.compile(r"[A-Z]?[a-z]{3,}")
_LETTERS = re.compile(r"[A-Z]?[a-z]+|[A-Z]")
_HEX = re.compile(r"[0-9a-fA-F]+")
_SRI = ("sha1-", "sha256-", "sha384-", "sha512-")
_ID_PREFIXES = (
    "call_", "toolu_", "srvtoolu_", "msg_", "chatcmpl-", "req_", "run_", "thread_", "asst_",
    "file-", "file_", "resp_", "fc_", "batch_", "ftjob-", "cus_", "pi_", "ch_", "evt_", "sub_",
    "prod_", "price_", "in_", "txn_", "acct_", "pm_", "seti_", "src_", "po_", "re_", "cs_test_",
    "cs_live_",
)  # fmt: skip
#: A Cloudflare Ray ID: sixteen hex digits and the data centre's three capitals
#: (``8e4f1a2b3c5d6e7f-MAD``), a request's id printed on every error page.
RAY_ID = re.compile(r"[0-9a-f]{16}-[A-Z]{3}")
#: An Okta object's id: a user's (``00u…``), a group's (``00g…``) or an app's (``0oa…``).
OKTA_ID = re.compile(r"0(?:0[ug]|oa)[0-9A-Za-z]{17}")
# The label of a message's digest: an AS2 receipt's MIC (``received-mic=``), HTTP's
# ``Content-MD5:`` and ``Digest: SHA-256=``.
_DIGEST_LABEL = re.compile(
    r"(?i)(?<![\w-])(?:[\w-]*-)?(?:mic|content-md5|digest:[ \t]?sha-?256)[=:][ \t]?\Z"
)
_MEDIA = ("image/", "font/", "audio/", "video/")
_SSH_KEY = re.compile(
    r"(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)[ \t]+$"
)
_PUBLIC_BEGIN = re.compile(
    r"-----BEGIN (?:CERTIFICATE|CERTIFICATE REQUEST|X509 CRL|(?:RSA |SSH2 )?PUBLIC KEY"
    r"|PGP (?:PUBLIC KEY BLOCK|SIGNATURE|SIGNED MESSAGE|MESSAGE))-----"
)
_WORD_EDGE = frozenset(" \t\r\n\"'`<>()[]{},;")


def long_words(text: str, min_length: int) -> list[tuple[int, str]]:
    """The whitespace-separated words of ``text`` of at least ``min_length`` characters, each
    with its offset. A long word is found from the end of the previous one: it cannot lie
    inside a shorter word, so its first occurrence there is the word itself."""
    found: list[tuple[int, str]] = []
    cursor = 0
    for word in [word for word in text.split() if len(word) >= min_length]:
        at = text.find(word, cursor)
        found.append((at, word))
        cursor = at + len(word)
    return found


def high_entropy(text: str, words: list[tuple[int, str]] | None = None) -> list[tuple[int, int]]:
    """The spans of the bare high-entropy tokens of ``text``, in order. ``words`` are its
    long words (:func:`long_words`, at most ``MIN_LENGTH`` long) when the caller has them."""
    spans: list[tuple[int, int]] = []
    public: list[tuple[int, int]] | None = None
    for at, word in long_words(text, MIN_LENGTH) if words is None else words:
        if len(word) < MIN_LENGTH or not _mixed(word):
            continue
        for m in _CANDIDATE.finditer(word):
            token = m.group()
            start = at + m.start()
            if len(token) < MIN_LENGTH or _exempt(text, start, token):
                continue
            if public is None:
                public = _public_blocks(text) if "-----BEGIN " in text else []
            if (public and _inside(public, start)) or not _random(token):
                continue
            spans.append((start, at + m.end()))
    return spans


_LOWER_RUN = re.compile(r"(?<![A-Za-z0-9+/_-])[a-z0-9]{24,}+(?![A-Za-z0-9+/_-])")
_LOWER_VOWELS = "aeiou"
_NO_DIGITS = str.maketrans("", "", "0123456789")


def random_lower(text: str, words: list[tuple[int, str]]) -> list[tuple[int, int]]:
    """The spans of the lower-case keys of ``text`` (base32 or base36: an Azure DevOps PAT,
    a webhook's key): 24 characters or more of lower-case letters and digits, three digits
    at least, not hex (commit ids, digests), letters with no more vowels than random ones
    have (a fifth: words run together have two fifths), outside the exempt kinds."""
    spans: list[tuple[int, int]] = []
    for at, word in words:
        if len(word) < 24 or word.lower() != word:
            continue
        for m in _LOWER_RUN.finditer(word):
            token = m.group()
            letters = len(token.translate(_NO_DIGITS))  # counted at C speed: a run may be long
            if len(token) - letters < 3 or letters < 8 or _HEX.fullmatch(token):
                continue
            if sum(token.count(v) for v in _LOWER_VOWELS) > 0.3 * letters:
                continue
            if not _exempt(text, at + m.start(), token):
                spans.append((at + m.start(), at + m.end()))
    return spans


def _mixed(word: str) -> bool:
    """Whether the word holds upper case, lower case and (unless long) a digit, tested at C
    speed."""
    if word.lower() == word or word.upper() == word:
        return False
    return len(word) >= _NO_DIGIT_LENGTH or _DIGIT.search(word) is not None


def _random(token: str) -> bool:
    """Whether the token looks drawn at random (see the module's docstring)."""
    sample = token.rstrip("=")[:_SAMPLE]
    if len(sample) < MIN_LENGTH or _HEX.fullmatch(sample):
        return False
    kinds = sample.translate(_KINDS)  # a class letter a character: l, u, d or s
    if "l" not in kinds or "u" not in kinds:
        return False
    if "d" not in kinds and len(sample) < _NO_DIGIT_LENGTH:
        return False
    changes = len(_KIND_RUNS.findall(kinds)) - 1
    if changes < MIN_CHANGES * (len(sample) - 1) or _wordy(sample):
        return False
    counts = Counter(sample)
    bits = -sum(n / len(sample) * math.log2(n / len(sample)) for n in counts.values())
    return bits >= min(MIN_BITS, 0.75 * math.log2(len(sample)))


def _wordy(sample: str) -> bool:
    """Whether the letters read as words (getUserById2FactorToken, cnHighLabelFontColor):
    most of them in lower-case runs of three or more (a capital before included) with a
    fifth vowels or more; or a quarter vowels in runs of two and a half letters on average.
    Random letters hold about 19 % vowels, a fifth of them in such runs."""
    count = len(_LETTER.findall(sample))
    if not count:
        return False
    vowels = len(_VOWEL.findall(sample)) / count
    in_words = sum(map(len, _WORD.findall(sample))) / count
    if in_words >= 0.6 and vowels >= 0.2:
        return True
    runs = [len(run) - 1 for run in _LETTERS.findall(sample) if len(run) > 1] or [0]
    return vowels >= 0.25 and sum(runs) / len(runs) >= 2.5


def _exempt(text: str, start: int, token: str) -> bool:
    """Whether a random-looking token is one of the public or identifying kinds."""
    if token.startswith(_SRI):
        return True
    if token.startswith(_ID_PREFIXES) and "_secret_" not in token:  # pi_..._secret_...
        return True
    if RAY_ID.fullmatch(token) or OKTA_ID.fullmatch(token):
        return True
    if _UUID.search(token) and not _random(_UUID.sub("", token)):
        return True
    before = text[max(0, start - 120) : start]
    if before.endswith(";base64,"):
        head = before.rfind("data:")
        if head >= 0 and before.startswith(_MEDIA, head + 5):
            return True
    if before.endswith("h1:"):  # a go.sum hash
        return True
    if _DIGEST_LABEL.search(before[-32:]) is not None:
        return True  # a message's digest, printed to be compared (AS2's ``received-mic=``)
    if before.endswith(("SHA256:", "SHA512:")) and len(token) in (43, 86):  # OpenSSH's
        return True  # fingerprint of a public key: a digest, printed to be compared
    if _SSH_KEY.search(before[-48:]):
        return True
    return _in_url_path(before)


def _in_url_path(before: str) -> bool:
    """Whether the token continues a URL's path (the text of its word before it)."""
    edge = len(before)
    while edge > 0 and before[edge - 1] not in _WORD_EDGE:
        edge -= 1
    word = before[edge:]
    scheme = word.find("://")
    return scheme >= 0 and not any(c in word[scheme:] for c in "?#=@")


def _public_blocks(text: str) -> list[tuple[int, int]]:
    """Spans of the text's certificate, public key and PGP blocks (found once per text)."""
    blocks: list[tuple[int, int]] = []
    i = text.find("-----BEGIN ")
    while i >= 0:
        m = _PUBLIC_BEGIN.match(text, i)
        if m is None:
            i = text.find("-----BEGIN ", i + 1)
            continue
        end = text.find("-----END ", m.end())
        end = len(text) if end < 0 else end
        blocks.append((i, end))
        i = text.find("-----BEGIN ", end)
    return blocks


def _inside(blocks: list[tuple[int, int]], at: int) -> bool:
    i = bisect_right(blocks, at, key=lambda block: block[0]) - 1
    return i >= 0 and blocks[i][0] <= at < blocks[i][1]
