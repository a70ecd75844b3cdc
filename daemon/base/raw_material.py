"""Opaque tokens masked whatever surrounds them: what a miss of the precise rules cannot keep.

The precise rules (:mod:`daemon.base.redaction` and the modules it draws on) take a token for
a secret when something says so: a prefix, a credential word in a language they read, an
option, a shape no identifier has. What they miss would stay in clear. So every text that is
stored or sent as raw material (a message, a tool call's arguments, a tool's output, the
host's prompt and tool schemas, a summary, a dead letter, a refusal, a log line, a request to
a model) is also cleared of the tokens that *could* be keys, whoever vendor they are and in
whatever language they were announced, unless the words before them name them as a public
identifier. A conversation loses little by it: a key's worth of characters that a memory
could only have used as a reference, and a named commit, digest or id is kept.

What is masked here (each a shape, never a word list of vendors):

- :func:`opaque_tokens`: twenty characters or more of letters, digits and ``+/_=-`` with
  three letters and two digits at least (hex, base32, base36, base64 and their url-safe
  forms, an unknown vendor's ``xx_`` prefix included), not words joined into a name
  (``test_merge_a40_timeout_handler``; a run of more than twenty letters is no word:
  ``uuwirvtzxosqytefbexnem35eh``), not a UUID, and not named: no identifier word
  (``commit``, ``sha256``, ``md5sum``, ``digest``, ``checksum``, ``id``, ``uuid``,
  ``blob``, ``folder``, a serial in other languages: ``numéro de série`` ..., a git verb:
  ``reverted``, ``cherry-picked``, a business
  object: ``customer``, ``invoice``, ``order``, a number or a reference as business
  documents name them: ``Numer KSeF``, ``승인번호``, ``kenmerk``, a field named in camel case
  by its id: ``requestId=``, ``invoiceUid=``, ``webhook_id=``, a key of data:
  ``Idempotency-Key``) speaks last among the words before it in its sentence (a URL's path
  segments are words there: ``/commit/<sha>`` is named), not a file's name
  (``…_20261121_b485e3ea.xml``), not a reference its shape says it is (a carrier's number, a
  ULID, a payment provider's object id, a Ray ID, an Okta id: :func:`reference`), a commit a
  git command or a line of git's log names, an EDIFACT segment. A token inside a URL's
  path, or a path in a home or working directory, is read segment by segment; a sharing
  link's (SharePoint, OneDrive, Dropbox, Box) is masked whatever names it: whoever holds it
  opens the file.
- :func:`credential_uuids`: a UUID (with a vendor's ``:fx`` tail) that a credential word
  among the six words before it announces (``secret <uuid>``, ``Auth-Key <uuid>``,
  ``deploy hook path <uuid>``): a UUID is an id unless a key word speaks for it.
- :func:`unnamed_uuids` (a shared memory only): a UUID no identifier word names.
- :func:`short_tokens` (raw material only): fourteen to nineteen letters and digits that
  change places three times or more, hex aside.
- :func:`grouped_codes`: a key typed in groups (``v2dg j2h6 zwv7 kgx6 …``: four groups or
  more of four to six letters and digits in one case, half of them holding a digit at
  least, at most a quarter of them a word, letters with no more vowels than random ones
  and groups that differ: not ``own17 own18 own19``), a hex key read out in chunks of four
  to eight (``9e4b2c71, 0d5fa3e8, …``) no identifier word names, and lists of one-time
  codes (three or more ``3965 9924``-shaped codes, or of six to ten digits, in a row).
- :func:`hook_paths`: the path of a URL after a ``hook``/``hooks``/``catch``/``trigger``/
  ``push`` segment (a webhook's or a push monitor's secret is its path, however short),
  the URL's host written or not (``hooks/catch/87185163/q5yxi2/``: two segments holding a
  digit).
- :func:`typed_names`: words joined the way people type
  passwords they can remember (``Deck-Layout-Slot-7``, ``Minus80-Door-Ajar``,
  ``Fastqc-Report-Green`` beside a credential word or as a pair's second half) that no
  identifier word names; a product or model name (``GPT-4-Turbo``, ``Llama-3.1-70B``,
  ``Windows-Server-2019``, ``Build-Agent-07``), an identifier in capitals or lower case,
  a German compound noun and an HTTP header pass, and so do words of two scripts joined
  (``fw/FW-رقم-وصف``: a password is typed on one keyboard layout) (see :func:`_typed_name`).
  An abbreviation's dot (``e.g.``, ``i.e.``) ends no sentence: the identifier word before
  it still names the example after it.
- :func:`byte_arrays` (raw material only): an array of 32 to 256 numbers below 256, a key
  written as its bytes (a Solana keypair file).
- :func:`printed_keys`: a private key as openssl prints it (``openssl pkey -text``): the
  bytes of its private parts (``priv:``, ``privateExponent:``, ``prime1:`` ...) in hex
  joined by colons, on indented lines or on the label's own; the public ones (``pub:``,
  ``modulus:``), a fingerprint and a serial number, not named so, stay.
- :func:`signed_segments`: a URL path segment shaped as a signature (``s--<8>--``).
  Also a value spelt out one character at a time (``W 4 r p - 9 x K z``) and an
  app-specific password (four groups of four lower-case letters, few vowels).
- :func:`typed_passwords` (raw material only, not a memory's text): capitalised words, or
  words of a script without capitals, joined by ``-`` or ``_`` ending in a number
  (``Xamar-Liido-2047``, ``Tal_Ger_Moriny88``, ``ελιά-κύμα-2209``), the shape people type
  passwords in, years and leading zeros included, and such a password's second half cut
  from its first (``-Gantry-5519``); a password read out (``lowercase river,
  four four, capital K, hash sign``) or in the NATO alphabet (its digits said in any
  language redaction reads: ``Kilo, tre, Papa``); and four to eight plain Latin
  words quoted in a line of another script (a passphrase in Hindi or Arabic prose).

- :func:`word_numbers`: a capitalised word and a number typed as one, with a second
  capitalised word (``Quarry7730Fern``) or alone (``Lantern5408``, a year only with a
  symbol after it: ``Windows2019`` is a product), in raw material and a memory alike.

A credential word wins over an identifier word inside one word: ``HMAC-SHA256 … <hex>`` is
a key, not a digest.

Linear: each shape is one regex pass (runs bounded), each token a bounded look back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from daemon.base.digit_words import DIGIT_WORDS
from daemon.base.entropy import OKTA_ID, RAY_ID
from daemon.base.payment_numbers import example_iban, test_card
from daemon.base.word_lists import alternation

__all__ = [
    "REDACTED",
    "beside_markers",
    "byte_arrays",
    "credential_uuids",
    "grouped_codes",
    "hook_paths",
    "named_by_identifier",
    "opaque_tokens",
    "printed_keys",
    "raw_spans",
    "reference",
    "replace_spans",
    "shared_spans",
    "short_tokens",
    "signed_segments",
    "typed_names",
    "typed_passwords",
    "union",
    "unnamed_uuids",
    "word_numbers",
]

# A token may follow "=" (``q-signature=cca7…``: a value in a query or an assignment).
#: What a redaction leaves in the text: ``[redacted:<kind>]`` (a kind, never a value).
REDACTED = re.compile(r"\[redacted:[a-z0-9_]+\]")
_TOKEN = re.compile(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{20,400}+=*+(?![A-Za-z0-9+/_=-])")
_SEGMENT = re.compile(r"[A-Za-z0-9+_=-]{20,400}+")
_UUID = re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")
_HEX = re.compile(r"[0-9a-fA-F]+")
# A run of letters that can be a word: a word is at most twenty letters long
# (``uuwirvtzxosqytefbexnem`` is none).
_WORDY_RUN = re.compile(r"(?<![a-z])[A-Z]?[a-z]{3,20}(?![a-z])")
_VOWELS = frozenset("aeiouAEIOU")
# A part of 24 hex digits or more, between the token's edges or its joiners: random.
_LONG_HEX_PART = re.compile(r"(?:^|[-_.])(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{24,}(?:$|[-_.])")
_LOOK_BACK = 80  # characters of the sentence before a token read for its name
# A sentence's end; not an abbreviation's dot (``e.g.``, ``i.e.``, ``cf.``, ``vs.``), after
# which the sentence goes on with the example of what it named.
_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\bcf)(?<!\bvs)[.!?;\n](?:\s|$)")
_WORD_SPLIT = re.compile(r"[\s/]+")
_IDENTIFIER_WORD = re.compile(
    r"(?<![A-Za-z])(?:commits?|sha(?:-?1|-?256|-?384|-?512)?(?:sums?)?|hash(?:es)?|digests?"
    r"|checksums?|md5(?:sums?)?|b2sums?|cksums?|fingerprints?|thumbprints?|serials?"
    # a serial number in other languages (``numéro de série``, ``серійний номер``)
    r"|s[ée]rie|seriennummern?|serienummer|seryjn[a-z]*|серийн\w*|серійн\w*"
    r"|uuids?|guids?|ids?|uids?|oids?|revisions?|revs?|builds?|traces?"
    r"|requests?|etags?|blobs?|trees?|images?|releases?|versions?|tags?|folders?"
    r"|identifiers?|integrity|records?|rows?|entit(?:y|ies)"
    # a git verb names the commit it acts on; a business object names its id
    r"|revert(?:s|ed)?|cherry-pick(?:s|ed)?|rebased|bisect(?:s|ed)?|squash(?:es|ed)?"
    r"|merged|merges?|checkout|amended|pushed|landed|crc(?:32)?"
    # what a tracker, a game or a pipeline names by an id
    r"|issues?|matches|match|crash(?:es)?|players?|assets?|jobs?|pipelines?|deployments?"
    r"|customers?|invoices?|orders?|charges?|subscriptions?|refunds?|payouts?|skus?"
    r"|tracking|waybills?|awbs?|shipments?|parcels?|consignments?|containers?"
    # a shipment or a parcel in other languages; a transaction; a message's integrity check
    # (AS2's ``received-mic=``, a digest)
    r"|sendung(?:en)?|envíos?|envios?|colis|spedizion[ei]|zendings?"
    r"|przesyłk\w*|zásilk\w*|zasielk\w*|küldemény\w*|lähetys\w*|försändelse\w*"
    r"|forsendelse\w*|отправлени\w*|посылк\w*|посилк\w*|gönderi\w*"
    r"|txids?|transactions?|transac[cç][ií]ón|transa[cç][aã]o|transazione|mic"
    # what an API names by an id in its paths and its logs (``/zones/<id>/``, a WAF rule)
    r"|zones?|rules?"
    # an identifier, in Hebrew and Arabic
    r"|מזהה|מזהי|معرف|معرّف"
    # a number or a reference, as business documents name them (``Numer KSeF``, ``승인번호``,
    # ``Referenznummer``, ``kenmerk``), and a tax id by its name (``GSTIN``)
    r"|numbers?|numer\w*|n[uú]mero|num[ée]ro|номер\w*|[a-zäöüß]*nummer(?:n)?"
    r"|references?|r[ée]f[ée]rence|referencia|riferimento|referencyjn\w*|kenmerk"
    r"|gstin|vatin|vkn|nif|fiscale|번호|番号|号码|编号|税号|单号)(?![A-Za-z])",
    re.IGNORECASE,
)
# A field named in camel case by its id or number (``requestId``, ``invoiceUid``,
# ``orderNo``), unless a credential word is a part of it (``apiKeyId``, ``clientSecretRef``).
_CAMEL_IDENTIFIER = re.compile(r"(?<=[a-z])(?:Id|ID|Uid|UID|Uuid|Guid|No|Nr|Number|Hash)s?\b")
_CAMEL_CREDENTIALS = frozenset(
    (
        "key",
        "token",
        "secret",
        "password",
        "pass",
        "pwd",
        "auth",
        "signature",
        "seed",
        "hmac",
        "access",
        "client",
        "session",
    )
)
_CAMEL_PARTS = re.compile(r"(?<=[a-z])(?=[A-Z])|[^A-Za-z]+")
_CREDENTIAL_WORD = re.compile(
    r"(?<![A-Za-z])(?:key|keys|token|tokens|secret|secrets|password|passwords|pass|pwd"
    r"|pw|credential|credentials|auth|signature|sig|seed|apikey|hmac|tickets?|hooks?|webhooks?)"
    r"(?![A-Za-z])",
    re.IGNORECASE,
)
# The type that leads an SSH public key's body (``ssh-ed25519 AAAAC3…``).
_SSH_PUBLIC = re.compile(
    r"(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d{3}|sk-ssh-ed25519@openssh\.com) \Z"
)
# A checksum tool's line: a digest of 32 to 128 hex digits, two spaces (or a space and the
# binary mode's ``*``) and the file's name.
_SUM_LINE = re.compile(r"[0-9a-fA-F]{32,128}(?:  | \*)[\w./+-]+[ \t]*$", re.MULTILINE)
_URL_HEAD = re.compile(r"[A-Za-z][A-Za-z0-9+.-]{0,15}://")
_URL_STOP = frozenset(" \t\r\n\"'<>`\\")


# An upper-case constant of short parts joined by underscores: a name in code or a protocol.
_CONSTANT = re.compile(r"[A-Z][A-Z0-9]{0,9}(?:_[A-Z0-9]{1,10}){2,}")


def _identifier_like(token: str) -> bool:
    """Words joined into a name: most of its letters in runs that read as words. Hex is
    never words, whatever runs of a to f it holds (``cca78796af…edbbefce``)."""
    if _HEX.fullmatch(token) or _LONG_HEX_PART.search(token):
        return False  # a word before a long hex run names nothing (``private-7c70ff0a…``)
    if _CONSTANT.fullmatch(token) and sum(p.isalpha() for p in token.split("_")) >= 3:
        return True  # a constant's name (``TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384``)
    letters = sum(c.isalpha() for c in token)
    in_words = 0
    for run in _WORDY_RUN.findall(token):
        if sum(c in _VOWELS for c in run) >= 0.25 * len(run):
            in_words += len(run)
    return in_words >= 0.5 * letters


def _unmarked(before: str) -> str:
    """``before`` with its redaction markers blanked to their length: a marker's kind
    (``[redacted:credential]``) is no word that names what follows."""
    if "[redacted:" not in before:
        return before
    return REDACTED.sub(lambda m: " " * len(m.group()), before)


def named_by_identifier(text: str, start: int) -> bool:
    """Whether an identifier word (a commit, a digest, a serial, a build ...) is what names
    the token at ``start`` (:func:`_speaker`): a reference, not a secret."""
    return _speaker(text, start) == "identifier"


def _speaker(text: str, start: int, words: int = 8) -> str:
    """Which word speaks last for the token at ``start`` among the ``words`` before it in
    its sentence: ``"identifier"``, ``"credential"`` or ``""``. A value in a URL's query is
    named by its parameter alone (``?commit=<sha>``), not by the prose before the URL
    (``the signed image URL is …&s=<hex>``)."""
    before = _unmarked(text[max(0, start - _LOOK_BACK) : start])
    url = _url_start(text, start)
    if url is not None and _in_query(text, url, start):
        before = before[max(before.rfind(c) for c in "?&;#") + 1 :]
    ends = list(_SENTENCE_END.finditer(before))
    if ends:
        before = before[ends[-1].end() :]
    if (start == 0 or text[start - 1] == "\n") and _SUM_LINE.match(text, start):
        return "identifier"  # a line of sha256sum's output: the digest of the file it names
    said = ""
    split = [w for w in _WORD_SPLIT.split(before) if w]
    for word in split[-words:]:
        if _data_key(word):  # ``Idempotency-Key``, ``webhook_id=``: what names data
            said = "identifier"
        elif _CREDENTIAL_WORD.search(word):  # HMAC-SHA256: a key, whatever digest it makes
            said = "credential"
        elif _IDENTIFIER_WORD.search(word) or _camel_identifier(word):
            said = "identifier"
    opened = bool(ends) or start <= _LOOK_BACK  # the sentence's start is in ``before``
    if not said and opened and _opens_with_identifier(split):
        said = "identifier"  # "SHA-256 of the gold master PKG for 1.42 is <hex>"
    return said


# A key of data, not of a lock: what makes a request idempotent, a cache's, a partition's
# or a table's key (``Idempotency-Key:``, ``partition_key=``); and a name joined by ``_`` or
# ``-`` ending in its id (``webhook_id=``, ``order-uuid``), no credential word among its
# parts (a ``secret_id`` or a ``key_id`` is read as a credential's).
_DATA_KEY = re.compile(
    r"(?i)(?<![A-Za-z])(?:idempotency|cache|partition|sort|primary|foreign|routing"
    r"|dedup(?:lication)?|shard|lookup|object|row|message)[-_]?keys?(?![A-Za-z])"
)
_JOINED_ID = re.compile(
    r"(?<![A-Za-z0-9])([A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)*)[_-]"
    r"(?i:id|uuid|guid|uid)s?(?![A-Za-z0-9])"
)


def _data_key(word: str) -> bool:
    """Whether ``word`` names a key of data or an id (see :data:`_DATA_KEY`)."""
    if _DATA_KEY.search(word):
        return True
    joined = _JOINED_ID.search(word)
    return joined is not None and not any(
        part.lower() in _CAMEL_CREDENTIALS for part in re.split(r"[_-]", joined.group(1))
    )


def _camel_identifier(word: str) -> bool:
    """Whether ``word`` is a field named in camel case by its id (see
    :data:`_CAMEL_IDENTIFIER`), no credential word among its parts."""
    if _CAMEL_IDENTIFIER.search(word) is None:
        return False
    return not any(part.lower() in _CAMEL_CREDENTIALS for part in _CAMEL_PARTS.split(word))


_SUBJECT_WORDS = 2  # the words that open a sentence and name what its copula gives
_COPULAS = frozenset(("is", "are", "was", "were", "ist", "war", "es", "est", "é", "è", "är", "er"))


def _opens_with_identifier(split: list[str]) -> bool:
    """Whether the words before a token open their sentence with an identifier word, end
    with a copula right before it, and none of them is a credential word: the sentence's
    subject names the value its copula gives, however many words say what it is of
    (``Build ID of the Switch gold master submitted on Friday is …``)."""
    return (
        len(split) > _SUBJECT_WORDS
        and split[-1].lower() in _COPULAS
        and any(_IDENTIFIER_WORD.search(w) for w in split[:_SUBJECT_WORDS])
        and not any(_CREDENTIAL_WORD.search(w) for w in split)
    )


# References whose shape says what they are, whatever names them:
# - a carrier's or a registry's number: a few capitals, then digits alone
#   (``JJD000390007748837261``): the letters a prefix, the rest a number, nothing random;
#   a UPS tracking number (``1Z``, the shipper's six, the service's two, the package's eight);
# - a ULID (an id whose first ten characters are its time, Crockford base32, after 2015);
# - a payment provider's object id: Stripe's prefixes of its objects (``pi_``, ``ch_``,
#   ``evt_``, ``cus_``, ``re_`` …; its keys, ``sk_``, ``rk_``, ``whsec_``, and a client
#   secret, ``…_secret_…``, are none);
# - a Cloudflare Ray ID (:data:`daemon.base.entropy.RAY_ID`) and an Okta object's id
#   (:data:`daemon.base.entropy.OKTA_ID`).
_PREFIXED_NUMBER = re.compile(r"[A-Z]{2,4}\d{14,30}|1Z[0-9A-Z]{6}\d{10}")
_ULID = re.compile(r"0[1-7][0-9A-HJKMNP-TV-Z]{24}")
_ULID_2015 = "01AN4Z07BY"  # the first ten characters of a ULID made on 1 January 2015
_PROVIDER_ID = re.compile(
    r"(?:pi|ch|evt|cus|re|po|in|sub|si|prod|price|plan|txn|pm|seti|src|ba|card|acct|py|tr"
    r"|dp|du|ii|il|cs_test|cs_live|pyr|cn|fr|or|ipi|ic|iauth|mbur|pl|sku|file|link|cbtxn)"
    r"_[A-Za-z0-9]{14,40}"
)


def reference(token: str) -> bool:
    """Whether ``token``'s shape says it is a reference (see :data:`_PREFIXED_NUMBER`)."""
    if _PREFIXED_NUMBER.fullmatch(token) or RAY_ID.fullmatch(token) or OKTA_ID.fullmatch(token):
        return True
    if _ULID.fullmatch(token):
        return token[:10] >= _ULID_2015
    return _PROVIDER_ID.fullmatch(token) is not None and "secret" not in token.lower()


def _opaque(token: str) -> bool:
    token = token.rstrip("=")
    digits = sum(c.isdigit() for c in token)
    letters = sum(c.isalpha() for c in token)
    if digits < 2 or letters < 3 or len(token) < 20 or _UUID.search(token):
        return False
    return not _identifier_like(token) and not reference(token)


def _url_start(text: str, start: int) -> int | None:
    """Where the URL holding offset ``start`` begins (its scheme), or None."""
    edge = start
    while edge > 0 and text[edge - 1] not in _URL_STOP and start - edge < 400:
        edge -= 1
    head = text.find("://", edge, start)
    return None if head < 0 else head


# A file's extension right after a token: the token is the file's name (an export, a
# report), not a key; a key file's (``.pem``, ``.key``, ``.p12``) is none of these.
_FILE_EXTENSION = re.compile(
    r"\.(?:xml|json|csv|txt|pdf|sif|log|zip|gz|tgz|html?|ya?ml|sql|xlsx?|docx?|tar|edi|dat)"
    r"(?![A-Za-z0-9])",
    re.IGNORECASE,
)


# A git command that names commits by their hash (``git -C repo show --stat <sha>``,
# ``git log <sha>..HEAD``): a hex token on its line after it is a commit, as after the
# word "commit".
_GIT_COMMAND = re.compile(
    r"(?<![\w-])git(?:[ \t]+-C[ \t]+[^\s|;&]+)?[ \t]+(?:show|log|diff|checkout|switch|reset"
    r"|revert|cherry-pick|rebase|bisect|blame|tag|branch|merge|rev-parse|describe|cat-file"
    r"|ls-tree|range-diff|format-patch|rev-list|shortlog|whatchanged)(?![\w-])[^\n|;&]*\Z"
)
# A line of git's log: a hash at the line's start, then a space and the commit's date or its
# subject in the conventional form (``931d7db 2026-02-20 …``, ``970caef6… fix(klarna): …``).
# A hash followed by prose (``8f3e… is the token``) is read as any token.
_LOG_LINE = re.compile(
    r"(?:^|(?<=\n))[0-9a-f]{7,64} (?=(?:19|20)\d\d-[01]\d-[0-3]\d"
    r"|[a-z]{2,12}(?:\([\w./-]{1,40}\))?!?: |Merge |Revert )"
)
# A segment of an EDIFACT message (a tag of three capitals, then its elements joined by ``+``
# and ``:``, ``'`` ending it: ``BGM+351+DES-2026-88120+9'``): numbers and codes. The
# interchange's header (``UNB``, ``UNG``, ``UIB``) carries a password and is read as text.
_EDIFACT_SEGMENT = re.compile(r"(?:^|(?<=[\n']))(?!UNB|UNG|UIB)[A-Z]{3}\+")
# A path in a home or working directory (``~/.ssh/edi_sftp_ed25519``): read segment by
# segment, as a URL's path is.
_PATH_HEAD = re.compile(r"(?:~|\.\.?)/\.?\Z")


def _commit(text: str, start: int, token: str) -> bool:
    """Whether the hex ``token`` at ``start`` is a commit a git command or log line names."""
    if _HEX.fullmatch(token) is None:
        return False
    line = text.rfind("\n", 0, start) + 1
    if _LOG_LINE.match(text, line) is not None and line == start:
        return True
    return _GIT_COMMAND.search(text, max(line, start - 300), start) is not None


def opaque_tokens(text: str, *, paths: bool = True) -> list[tuple[int, int]]:
    """The spans of the opaque tokens of ``text`` that nothing before them names.
    ``paths``: those of a URL's path too (a query's values always count)."""
    spans: list[tuple[int, int]] = []
    for m in _TOKEN.finditer(text):
        start, token = m.start(), m.group()
        if _SSH_PUBLIC.search(text, max(0, start - 40), start) is not None:
            continue  # an SSH public key's body, after its type: public
        if _EDIFACT_SEGMENT.match(text, start) is not None or _commit(text, start, token):
            continue  # an EDIFACT segment's numbers, a commit a git command names
        if "/" in token and _PATH_HEAD.search(text, max(0, start - 4), start) is not None:
            spans += [
                seg.span()
                for seg in _SEGMENT.finditer(text, start, m.end())
                if _opaque(seg.group())
            ]
            continue  # a path in a home or working directory: its segments, each alone
        url = _url_start(text, start)
        if url is not None and not paths and not _in_query(text, url, start):
            continue
        if url is None and _FILE_EXTENSION.match(text, m.end()) is not None:
            continue  # a file's name (``…_20261121_b485e3ea.xml``)
        # A sharing link's path is its capability, whatever the words before it call it.
        link = url is not None and _SHARE_LINK.match(text, url, m.end()) is not None
        if "/" in token and (url is not None or not _opaque(token)):
            for seg in _SEGMENT.finditer(text, start, m.end()):
                if _opaque(seg.group()) and (link or _speaker(text, seg.start()) != "identifier"):
                    spans.append(seg.span())
            continue
        if _opaque(token) and (link or _speaker(text, start) != "identifier"):
            spans.append(m.span())
    return spans


# The host and path of a sharing link, whose token opens the file to whoever holds it:
# SharePoint and OneDrive (``/:f:/s/site/<token>``, ``1drv.ms``), Dropbox (``/s/``,
# ``/scl/``), Box (``/s/``).
_SHARE_LINK = re.compile(
    r"://[^/\s]{0,200}?(?:sharepoint\.com/:[a-z]:/|1drv\.ms/|dropbox\.com/(?:s|scl)/"
    r"|box\.com/s/)",
    re.IGNORECASE,
)


def _in_query(text: str, url: int, start: int) -> bool:
    """Whether offset ``start`` lies past the path of the URL whose scheme is at ``url``."""
    return any(c in "?#=@" for c in text[url:start])


# A key shorter than an opaque token: fourteen to nineteen letters, digits and ``_``, its
# letters and digits changing places three times or more (``Q7VSWYWWS81F6EAO``,
# ``tk_i8hjhy9lpx9jk``), as a drawn key's do and a name with a number (``MSCU1234567``,
# ``node18alpine``) does not; hex aside (short commits, spans, container ids). A full stop
# after it ends its sentence (``cserekulcs: 953ed3c5425bZ7QK. Vedd …``), not a file's name.
_SHORT = re.compile(
    r"(?<![A-Za-z0-9+/_.-])[A-Za-z0-9_]{14,19}(?![A-Za-z0-9+/_=-])(?!\.[A-Za-z0-9+/_=-])"
)
_SWITCH = re.compile(r"(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])")


def short_tokens(text: str) -> list[tuple[int, int]]:
    """The spans of the short keys of ``text`` (see :data:`_SHORT`) that nothing before
    them names as an identifier."""
    spans: list[tuple[int, int]] = []
    for m in _SHORT.finditer(text):
        token = m.group()
        if _HEX.fullmatch(token.removeprefix("0x")) or len(_SWITCH.findall(token)) < 3:
            continue
        if reference(token):
            continue  # a tracking number (``1Z999AA10123456784``)
        if sum(c.isdigit() for c in token) < 2 or sum(c.isalpha() for c in token) < 3:
            continue
        if not _identifier_like(token) and _speaker(text, m.start()) != "identifier":
            spans.append(m.span())
    return spans


_CREDENTIAL_UUID = re.compile(_UUID.pattern + r"(?::[a-z]{2,4}\b)?")
# A UUID that is a URL's whole path (``https://hc-ping.example/<uuid>``): no collection names
# it, the URL is the capability.
_ROOT_UUID = re.compile(
    r"://[A-Za-z0-9.-]{1,253}(?::\d{1,5})?/(?=" + _UUID.pattern + r"(?![\w/-]))"
)


def credential_uuids(text: str) -> list[tuple[int, int]]:
    """The UUIDs a credential word announces among the six words before them (a tool
    schema's ``"integration_key": {"type": "string", "const": <uuid>``), and a UUID that is
    a URL's whole path (a push monitor's ping URL)."""
    spans = [
        m.span()
        for m in _CREDENTIAL_UUID.finditer(text)
        if _speaker(text, m.start(), words=6) == "credential"
    ]
    if "://" in text:
        spans += [(m.end(), m.end() + 36) for m in _ROOT_UUID.finditer(text)]
    return sorted(set(spans))


_GROUPS = re.compile(
    r"(?<![A-Za-z0-9])[A-Za-z0-9]{4,6}(?:[ \t][A-Za-z0-9]{4,6}){3,15}+(?![A-Za-z0-9])"
)
_GROUP_WORD = re.compile(r"[A-Za-z]*[aeiouyAEIOUY][A-Za-z]*")
_CODE = r"[A-Za-z0-9]{4,6}[ -][A-Za-z0-9]{4,6}"
_CODES = re.compile(
    rf"(?<![\d-])(?:{_CODE})"
    rf"(?:[ \t]*[,;\n][ \t]*(?:[-*•]|\d{{1,2}}[.)])?[ \t]*{_CODE}){{2,31}}+(?![\d-])"
)


_CODE_ITEM = re.compile(_CODE)
# Eight characters or more spelt out one at a time (``W 4 r p - 9 x K z``).
_SPACED = re.compile(r"(?<!\S)(?:[A-Za-z0-9#$%&*+=?@^_~-] ){7,63}[A-Za-z0-9#$%&*+=?@^_~-](?!\S)")
# An app-specific password: four groups of four lower-case letters (``rsyl-enbb-pomf-zldz``).
_APP_PASSWORD = re.compile(r"(?<![A-Za-z0-9-])[a-z]{4}(?:-[a-z]{4}){3}(?![A-Za-z0-9-])")


def _key_groups(groups: list[str]) -> bool:
    """A key typed in groups: one case, most groups with a digit, no group a word."""
    joined = "".join(groups)
    if not (joined.islower() or joined.isupper()) or joined.isdigit():
        return False
    with_digit = sum(any(c.isdigit() for c in g) for g in groups)
    words = sum(g.isalpha() and _GROUP_WORD.fullmatch(g) is not None for g in groups)
    if with_digit * 2 < len(groups) or words * 2 > len(groups):
        return False
    letters = [c for c in joined.lower() if c.isalpha()]
    stems = {g.rstrip("0123456789").lower() for g in groups}
    vowels = sum(c in "aeiou" for c in letters)
    return vowels <= 0.3 * len(letters) and len(stems) * 2 > len(groups)


# A hex key read out in chunks (``9e4b2c71, 0d5fa3e8, b7c19f24, 3a8e6d05``).
_HEX_CHUNKS = re.compile(
    r"(?<![\w-])(?:[0-9a-f]{4,8}|[0-9A-F]{4,8})(?:,?[ \t](?:[0-9a-f]{4,8}|[0-9A-F]{4,8})){3,15}+"
    r"(?![\w-])"
)


def _hex_chunks(found: str) -> bool:
    """Chunks of a hex key: each holding a digit, most a letter too (not numbers listed)."""
    chunks = found.replace(",", " ").split()
    lettered = sum(any(c.isalpha() for c in chunk) for chunk in chunks)
    return all(any(c.isdigit() for c in chunk) for chunk in chunks) and lettered * 2 > len(chunks)


def grouped_codes(text: str) -> list[tuple[int, int]]:
    """Keys typed in groups and lists of one-time codes (see the module)."""
    spans = [m.span() for m in _GROUPS.finditer(text) if _key_groups(m.group().split())]
    spans += [
        m.span()
        for m in _HEX_CHUNKS.finditer(text)
        if _hex_chunks(m.group()) and _speaker(text, m.start()) != "identifier"
    ]
    spans += [m.span() for m in _CODES.finditer(text) if _code_list(m.group())]
    spans += [
        m.span() for m in _LONG_CODES.finditer(text) if _speaker(text, m.start()) != "identifier"
    ]
    spans += [m.span() for m in _SPACED.finditer(text) if _spaced(m.group())]
    spans += [m.span() for m in _APP_PASSWORD.finditer(text) if _unvoiced(m.group())]
    spans += [m.span() for m in _SIX_DIGIT_GROUPS.finditer(text)]
    spans += _code_line_runs(text)
    spans += [
        m.span()
        for m in _DOTTED_KEY.finditer(text)
        if _dotted_key(m.group()) and _speaker(text, m.start()) != "identifier"
    ]
    return [(a, b) for a, b in spans if not test_card(text[a:b])]  # a published test card


# A recovery key of six-digit groups (BitLocker's eight), read out in parts: three groups or
# more, or a part that goes on from one before it (``-094171-600237-…``).
_SIX_DIGIT_GROUPS = re.compile(r"(?<![\w-])-?\d{6}(?:-\d{6}){2,7}(?!\w)|(?<!\w)-\d{6}(?:-\d{6})+")
# Lines that each hold one code of the same shape and nothing else (a file of recovery codes
# printed: ``8f3e1-7c2a9``), four or more.
_CODE_LINE = re.compile(r"[ \t]*[0-9a-z]{4,8}-[0-9a-z]{4,8}[ \t]*")
_CODE_LINES = 4
# A key of dotted groups of an unknown vendor (``RLD.k7Q2.p9Xw.4mLz.Tb81``): four groups or
# more.
_DOTTED_KEY = re.compile(r"(?<![\w.])[A-Za-z0-9]{2,8}(?:\.[A-Za-z0-9]{3,8}){3,11}(?![\w.])")


def _code_line_runs(text: str) -> list[tuple[int, int]]:
    """The runs of :data:`_CODE_LINES` lines or more that each hold one code and nothing
    else, most with a digit (codes, not words joined)."""
    if "-" not in text or "\n" not in text:
        return []
    spans: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    at = 0
    for line in [*text.split("\n"), ""]:  # the empty line ends the last run
        if _CODE_LINE.fullmatch(line):
            run.append((at, at + len(line)))
        else:
            digits = sum(any(c.isdigit() for c in text[a:b]) for a, b in run)
            if len(run) >= _CODE_LINES and digits * 2 > len(run):
                spans.append((run[0][0], run[-1][1]))
            run = []
        at += len(line) + 1
    return spans


def _dotted_key(found: str) -> bool:
    """Groups mixing cases and digits, as a key's are; not a version, a host or a name."""
    groups = found.split(".")
    mixed = sum(
        any(c.isdigit() for c in g) and any(c.isupper() for c in g) and any(c.islower() for c in g)
        for g in groups
    )
    return mixed * 2 >= len(groups)


def _code_list(found: str) -> bool:
    """One-time codes, not hyphenated words: each code holds a digit, letters no more vowels
    than random ones."""
    codes = _CODE_ITEM.findall(found)
    if not all(any(c.isdigit() for c in code) for code in codes):
        return False
    return _unvoiced(found)


def _unvoiced(found: str) -> bool:
    letters = [c for c in found.lower() if c.isalpha()]
    return sum(c in "aeiou" for c in letters) <= 0.3 * len(letters)


_SPELT_KEY = 12  # letters of one case spelt one by one: a key, not a word spelt for emphasis
# One-time codes of six to ten digits, three or more in a row (``40917352 71260948 …``).
_LONG_CODES = re.compile(r"(?<![\w.+-])\d{6,10}(?:,?[ \t]\d{6,10}){2,15}(?![\w.-])")


def _spaced(found: str) -> bool:
    """A value spelt out one character at a time: letters and digits, two of each, or one
    digit among letters of both cases (``A x l e 7 M …``: a word spelt out for emphasis has
    neither)."""
    chars = [c for c in found if not c.isspace()]
    digits = sum(c.isdigit() for c in chars)
    letters = [c for c in chars if c.isalpha()]
    cases = any(c.isupper() for c in letters) and any(c.islower() for c in letters)
    if len(letters) >= _SPELT_KEY and not cases:
        return True  # a key spelt letter by letter (``K N X P W Z E Q …``): no word is so long
    return len(letters) >= 2 and (digits >= 2 or (digits == 1 and cases))


_HOOK = re.compile(
    r"(?i)/(?:hooks?|webhooks?|catch|triggers?|push)/(?P<path>[A-Za-z0-9_/-]{6,300}+)",
)


def hook_paths(text: str) -> list[tuple[int, int]]:
    """The paths of webhook URLs after their hook segment, when they hold a digit."""
    spans: list[tuple[int, int]] = []
    for m in _HOOK.finditer(text):
        path = m.group("path").rstrip("/")
        if any(c.isdigit() for c in path) and (
            _url_start(text, m.start()) is not None or _segments_with_digits(path) >= 2
        ):
            spans.append((m.start("path"), m.start("path") + len(path)))
    return spans


def _segments_with_digits(path: str) -> int:
    """How many segments of ``path`` hold a digit: a hook's path written without its host
    (``hooks/catch/87185163/q5yxi2/``) has its ids in two of them."""
    return sum(any(c.isdigit() for c in seg) for seg in path.split("/"))


_SIGNED = re.compile(r"(?<![A-Za-z0-9_-])s--[A-Za-z0-9_-]{8,12}--(?![A-Za-z0-9_-])")


# A key written as the array of its bytes (a Solana keypair file, a C or Swift array of
# hex bytes): 16 numbers or more, decimal or hex, in brackets or braces.
_BYTE = r"(?:0[xX][0-9a-fA-F]{1,2}|\d{1,3})"
_BYTES = re.compile(rf"[\[{{]\s*+(?:{_BYTE}\s*+,\s*+){{15,255}}+{_BYTE}\s*+,?\s*+[\]}}]")
# The same of 8 elements or more, bytes or characters (``{'R', 'i', 'v', …}``), assigned to a
# name that holds a credential's word (``STORE_PASS``, ``hmacSeed``, ``kSalt``).
_NAMED_ARRAY = re.compile(
    r"(?i:pass|pwd|secret|key|seed|salt|pin|token|hmac|component)"
    rf"[^=\n]{{0,80}}=[^\[{{\n]{{0,40}}[\[{{]\s*+((?:(?:{_BYTE}|'[^'\n]')\s*+,\s*+){{7,255}}+"
    rf"(?:{_BYTE}|'[^'\n]'))\s*+,?\s*+[\]}}]"
)


def byte_arrays(text: str) -> list[tuple[int, int]]:
    """Arrays of 16 to 256 numbers, each a byte, and the arrays of bytes or characters a
    credential's name is given: a key or a password written as its bytes or characters."""
    spans = [m.span() for m in _BYTES.finditer(text) if _bytes(m.group())]
    spans += [
        m.span(1) for m in _NAMED_ARRAY.finditer(text) if "'" in m.group(1) or _bytes(m.group(1))
    ]
    return union(spans)


def _bytes(numbers: str) -> bool:
    """Whether every number of ``numbers`` is a byte (below 256)."""
    return all(
        int(n, 16 if n[1:2] in "xX" else 10) < 256
        for n in re.findall(r"0[xX][0-9a-fA-F]+|\d+", numbers)
    )


# A private part of a key as openssl's -text prints it: the part's name (an EC or EdDSA key's
# ``priv``, a DH key's ``private-key``, an RSA key's private exponent, primes, CRT exponents and
# coefficient), then at least 8 bytes in hex joined by colons, across indented lines.
_PRINTED_KEY = re.compile(
    r"(?<![\w-])(?:priv|private[-_ ]?key|privateExponent|prime[12]|exponent[12]|coefficient)"
    r"[ \t]*:[ \t]*\n?[ \t]*(?P<bytes>[0-9a-fA-F]{2}(?::[ \t]*\n?[ \t]*[0-9a-fA-F]{2}){7,}:?)"
)


def printed_keys(text: str) -> list[tuple[int, int]]:
    """The bytes of a private key's parts as openssl prints them (see the module)."""
    if ":" not in text:
        return []
    return [m.span("bytes") for m in _PRINTED_KEY.finditer(text)]


def signed_segments(text: str) -> list[tuple[int, int]]:
    """Signature-shaped path segments (``s--nN_7P9Fi--``)."""
    return [m.span() for m in _SIGNED.finditer(text)]


_TYPED = re.compile(
    r"[A-Z](?<![\w-].)[a-z\u00C0-\u024F]{1,20}(?:[-_][A-Z][a-z\u00C0-\u024F]{1,20}){1,4}"
    r"(?:[-_](?:[A-Z][a-z\u00C0-\u024F]{1,20})?|[a-z]{0,20})\d{2,8}(?![\d])"
)
# A typed password's second half, cut off from its first (``-Gantry-5519``): a joiner, then
# capitalised words joined and a number (no option is written so).
_TYPED_TAIL = re.compile(
    r"[-_](?<![\w-].)[A-Z][a-z\u00C0-\u024F]{1,20}(?:[-_][A-Z][a-z\u00C0-\u024F]{1,20}){0,4}"
    r"[-_]\d{2,8}(?![\d])"
)
# Words of a script without capitals (or written in lower case: ``ελιά-κύμα-2209``).
_UNCASED_TYPED = re.compile(
    r"(?<![\w-])[^\W\dA-Za-z_]{2,20}(?:[-_][^\W\dA-Za-z_]{2,20}){1,4}[-_]\d{2,8}(?![\d])"
)
_NATO = (
    r"alfa|alpha|bravo|charlie|delta|echo|foxtrot|golf|hotel|india|juliett?|kilo|lima|mike"
    r"|november|oscar|papa|quebec|romeo|sierra|tango|uniform|victor|whiskey|x-ray|xray"
    r"|yankee|zulu"
)
# Digits said in any language redaction reads (``Kilo, tre, Papa``), and the radio's "niner"
# (the longest word first: the possessive run below does not go back into a word it read).
_DIGIT_WORD = alternation((*DIGIT_WORDS, "niner"))
# The symbols said between them ("… lima dash mike …").
_SYMBOL_WORD = r"dash|hyphen|underscore|dot|period|at|hash|star|slash|plus|bang"
# Each item a whole word: the run ends at the last one (``…, Delta, trenta`` ends before
# "trenta", whose "tre" is no item).
_SPELT = re.compile(
    rf"(?i)(?<![^\W\d_])(?:{_NATO}|{_DIGIT_WORD})(?![^\W\d_])(?:,?\s{{1,3}}(?:{_NATO}"
    rf"|{_DIGIT_WORD}|{_SYMBOL_WORD})(?![^\W\d_])){{5,63}}+"
)
_NATO_WORD = re.compile(rf"(?i)\b(?:{_NATO})\b")
# Plain Latin words quoted in a sentence of another script (a passphrase in Hindi prose).
_QUOTED_WORDS = re.compile(r"(?<![\w-])[a-z]{3,12}(?: [a-z]{3,12}){3,7}(?![\w-])")
_OTHER_SCRIPT = re.compile(r"[^\W\d_A-Za-z\u00C0-\u024F]")
_LATIN_SIGNS = frozenset("ªºµ")  # ordinal indicators and the micro sign: letters of Latin text
_SPOKEN_ITEM = (
    r"(?:(?:lower|upper)[ -]?case|capital|small|cap)\s+[A-Za-z0-9]{1,20}"
    r"|(?:hash|at|dollar|percent|exclamation|underscore|dash|hyphen|star|asterisk|ampersand"
    r"|plus|equals|question)\s+(?:sign|mark)"
    r"|(?:zero|one|two|three|four|five|six|seven|eight|nine)(?:\s+(?:zero|one|two|three|four"
    r"|five|six|seven|eight|nine)){0,7}"
)
_SPOKEN = re.compile(
    rf"(?i)(?<![A-Za-z])(?:{_SPOKEN_ITEM})(?:,\s{{0,3}}(?:then\s+)?(?:{_SPOKEN_ITEM})){{2,15}}+"
)
_CASE_WORD = re.compile(r"(?i)(?:lower|upper)[ -]?case|capital|sign|mark")


def typed_passwords(text: str) -> list[tuple[int, int]]:
    """Passwords typed as joined capitalised words with a number, and passwords read out
    item by item (two of the items at least saying a case or a symbol)."""
    spans = [m.span() for m in _TYPED.finditer(text)]
    spans += [m.span() for m in _TYPED_TAIL.finditer(text)]
    spans += [m.span() for m in _UNCASED_TYPED.finditer(text)]
    spans += [m.span() for m in _SPOKEN.finditer(text) if len(_CASE_WORD.findall(m.group())) >= 2]
    spans += [m.span() for m in _SPELT.finditer(text) if len(_NATO_WORD.findall(m.group())) >= 2]
    if not text.isascii():
        spans += [m.span() for m in _QUOTED_WORDS.finditer(text) if _quoted(text, m.start())]
    return spans


# A capitalised word and a number typed as one, a second capitalised word after it or not
# (``Harbour2231Gull``, ``Lantern5408``, ``Summer2031!``): the password people choose when
# told to use a capital and digits, whatever language the sentence around it is in.
_WORD_NUMBER = re.compile(
    r"(?<![\w-])[A-Z](?P<first>[a-z\u00C0-\u024F]{1,20})(?P<number>\d{3,8})"
    r"(?P<second>[A-Z][a-z\u00C0-\u024F]{2,20})?(?P<symbol>[!#$%&*?]?)(?!\w)"
)


def word_numbers(text: str) -> list[tuple[int, int]]:
    """Passwords typed as a capitalised word and a number run together: with a second
    capitalised word after the number, three digits or more (``Quarry7730Fern``: no
    identifier is named so); without one, a word of three letters or more and four digits
    or more, a year only with a symbol typed after it, that no identifier word names
    (``Lantern5408``, ``Summer2031!``; ``Windows2019``, ``Office365`` and ``Route53`` are
    products)."""
    spans: list[tuple[int, int]] = []
    for m in _WORD_NUMBER.finditer(text):
        if m.group("second") is not None:  # no identifier is written so: none names it
            spans.append(m.span())
            continue
        number = m.group("number")
        year = _YEAR_PART.fullmatch(number) is not None and not m.group("symbol")
        if len(m.group("first")) < 2 or len(number) < 4 or year:
            continue
        if _url_start(text, m.start()) is None and _speaker(text, m.start()) != "identifier":
            spans.append(m.span())
    return spans


def _quoted(text: str, start: int) -> bool:
    """Whether the Latin words at ``start`` follow words of another script in their line."""
    edge = max(0, start - 200)
    line = text.rfind("\n", edge, start) + 1
    # A letter of another script: "²", "½" and "º" are no words ("3400² times 8 bytes, but …").
    return any(
        m.group().isalpha() and m.group() not in _LATIN_SIGNS
        for m in _OTHER_SCRIPT.finditer(text, max(line, edge), start)
    )


# Words joined by ``-``, ``_``, ``+`` or a dot, with an optional symbol typed at the end
# (``Steam121C-15min!``); a dot between digits stays in its part (``3.1``). Only words with
# a joint before a letter or digit: a word with none is one part, never a value
# :func:`_typed_name` reads, and most of a text's words.
_JOINED = re.compile(r"(?<![\w@.+-])[^\W_][\w.+-]*?[_.+-][^\W_][\w.+-]*+[!?#*]?")
_PARTS = re.compile(r"[-_+!?#*]+|(?<=[^\W\d_])\.|\.(?=[^\W\d_])")
_YEAR_PART = re.compile(r"(?:19|20)\d\d")
_YEAR_OR_COUNTER = re.compile(r"(?:19|20)\d\d|0\d{1,3}")
# A version, a model's size, a key or a well (``F12``, ``A1``), a year, a counter with a
# leading zero (``Build-Agent-07``).
_VERSION_PART = re.compile(
    r"\d{1,2}(?:\.\d{1,3})*|\d{1,4}[BbKkMm]|[A-Za-z]\d{1,2}|(?:19|20)\d\d|0\d{1,3}"
)


# A letter of the Latin script, and one of another (Greek, Cyrillic, Arabic, Hebrew, Thai ...):
# a password is typed on one keyboard layout, its digits and symbols aside.
_LATIN_LETTER = re.compile(r"[A-Za-z\u00c0-\u024f]")
_OTHER_LETTER = re.compile(r"[^\W\d_A-Za-z\u00c0-\u024f]")


def _two_layouts(parts: list[str]) -> bool:
    """Whether some parts are words of the Latin script and others words of another, none
    mixing both: a password is typed on one keyboard layout (a part that mixes them is a
    look-alike's disguise, Cyrillic letters among Latin ones, and is read as any other)."""
    latin = other = False
    for part in parts:
        has_latin, has_other = bool(_LATIN_LETTER.search(part)), bool(_OTHER_LETTER.search(part))
        if has_latin and has_other:
            return False
        latin, other = latin or has_latin, other or has_other
    return latin and other


def _titled(part: str) -> bool:
    """A capitalised word of three letters or more (``Door``), or one of a script without
    case (``מקפיא``)."""
    if len(part) < 3 or not part.isalpha():
        return False
    return (part[0].isupper() and part[1:].islower()) or part == part.lower() == part.upper()


# A letter of a script typed through an input method (kana, han): no password is typed so.
_IME_LETTER = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")


def _typed_name(token: str) -> bool | None:
    """Whether ``token`` is words joined into a value nothing in its shape explains: a
    capitalised word with a number that is no version, model size, key, year or counter
    (``Minus80-Door-Ajar``, ``Incubator-37C-5pct``), or three words of a name and more with a
    number (``Deck-Layout-Slot-7``). A product or model's name has one such word and a version
    (``GPT-4-Turbo``, ``Llama-3.1-70B``), or its year or a counter (``Windows-Server-2019``,
    ``Build-Agent-07``); an identifier in capitals or lower case has no capitalised word.
    None: three words of a name or more and no number (``Fastqc-Report-Green``), a value
    only where a credential word comes shortly before it or it is a pair's second half
    (German nouns and HTTP headers are joined that way: ``Vier-Augen-Prinzip``,
    ``Content-Security-Policy``)."""
    parts = [p for p in _PARTS.split(token) if p]
    if _IME_LETTER.search(token):
        return False  # typed through an input method (``カート放棄_30日``): a name
    if _two_layouts(parts):
        return False  # typed on two keyboard layouts (``fw/FW-رقم-وصف``): a name
    titled = sum(_titled(p) for p in parts)
    capitals = sum(len(p) >= 3 and p.isalpha() and p.isupper() for p in parts)
    numbers = [p for p in parts if any(c.isdigit() for c in p)]
    if titled >= 2 and titled + capitals >= 3 and not numbers:
        return None
    if titled >= 3:
        return not (len(numbers) == 1 and _YEAR_PART.fullmatch(numbers[0]))
    if not titled or not numbers:
        return False
    versions = all(_VERSION_PART.fullmatch(n) for n in numbers)
    return not (versions and (titled == 1 or all(_YEAR_OR_COUNTER.fullmatch(n) for n in numbers)))


def typed_names(text: str) -> list[tuple[int, int]]:
    """Values made of words joined the way people type passwords (:func:`_typed_name`) that
    no identifier word before them names: a release, a host, a branch, an image ..."""
    spans: list[tuple[int, int]] = []
    for m in _JOINED.finditer(text):
        token = m.group().rstrip(".-")
        if text[m.end() : m.end() + 1] == "/" or "://" in text[max(0, m.start() - 3) : m.start()]:
            continue  # a path's folder, a URL's host
        typed = _typed_name(token)
        if typed is None:
            said = _CREDENTIAL_WORD.search(
                _unmarked(text[max(0, m.start() - _LOOK_BACK) : m.start()])
            )
            typed = said is not None or _paired(text, m.start())
        if typed and _speaker(text, m.start()) != "identifier":
            spans.append((m.start(), m.start() + len(token)))
    return spans


def _paired(text: str, start: int) -> bool:
    """Whether the word at ``start`` is set apart as a value: the second of a pair (``user /
    value``, ``user:value``, ``user/value@host``) or quoted (a command's argument:
    ``add_user robotd 'Aspirate-Dispense-Mix'``)."""
    before = text[max(0, start - 3) : start]
    return before.endswith((" / ", ":", "/", "'", '"')) and not before.endswith("//")


def union(found: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans sorted, overlapping ones joined."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(found):
        if out and start < out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def beside_markers(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` but those that touch a redaction marker (:data:`REDACTED`): a marker's kind
    announces no value and is none, so redacting a redacted text finds nothing new."""
    markers = [m.span() for m in REDACTED.finditer(text)] if "[redacted:" in text else []
    return [s for s in spans if not any(s[0] < end and start < s[1] for start, end in markers)]


def replace_spans(text: str, spans: Iterable[tuple[int, int]], mark: str) -> str:
    """``text`` with each of ``spans`` (sorted, apart: :func:`union`'s) replaced by
    ``mark``."""
    parts: list[str] = []
    last = 0
    for start, end in spans:
        parts.append(text[last:start])
        parts.append(mark)
        last = end
    parts.append(text[last:])
    return "".join(parts)


def unnamed_uuids(text: str) -> list[tuple[int, int]]:
    """The UUIDs outside URLs that no identifier word names among the eight words before
    them (``ping of the EDI batch: <uuid>``): a UUID is an id when something says so
    (``depot id in the TMS: <uuid>``), and a key's or a capability's when nothing does."""
    return [
        m.span()
        for m in _UUID.finditer(text)
        if _url_start(text, m.start()) is None and _speaker(text, m.start()) != "identifier"
    ]


def shared_spans(text: str) -> list[tuple[int, int]]:
    """What a shared memory may not hold unexplained: every shape but the typed passwords of
    raw material (a memory names ``Windows-Server-2019`` and ``Release-Notes-2024`` on
    purpose: :func:`typed_names` holds it to the stricter shape of a typed password nothing
    names) and the tokens of a URL's path (an address a memory keeps:
    ``/runbooks/<hex>/page``)."""
    return union(
        [
            *opaque_tokens(text, paths=False),
            *credential_uuids(text),
            *unnamed_uuids(text),
            *grouped_codes(text),
            *hook_paths(text),
            *signed_segments(text),
            *typed_names(text),
            *word_numbers(text),
        ]
    )


def raw_spans(text: str) -> list[tuple[int, int]]:
    """What raw material is cleared of: every shape of the module, but the IBANs the
    registry publishes as examples (``IT60X0542811101000000123456``: no one's account)."""
    found = union(
        [
            *opaque_tokens(text),
            *short_tokens(text),
            *credential_uuids(text),
            *grouped_codes(text),
            *hook_paths(text),
            *signed_segments(text),
            *typed_passwords(text),
            *typed_names(text),
            *word_numbers(text),
            *byte_arrays(text),
            *printed_keys(text),
        ]
    )
    return [(a, b) for a, b in found if not example_iban(text[a:b])]
