"""Directives planted in a memory for other users' agents: one set of rules for the write
guard and the recall filter.

What one user says reaches other users' agents as facts and conventions about the project.
A memory is refused (at write) and left out (at recall) when it tells an agent to run what
it fetches from the network, to send data anywhere, to read or pass on credentials, to set
its instructions aside or keep something from its user, to destroy the repository, a
database or a home directory, or when it carries chat-template markers or role prefixes.
Conventions that merely name such things ("never commit .env", "the health check is
``curl localhost:8080/healthz``", "make clean runs ``rm -rf build/``") are facts, and pass.

Two kinds of rules: the known forms of each directive (here: ``curl … | sh``, "ignore
previous instructions", ``<|im_start|>``), and the same directives read by behaviour, in any
wording (:mod:`daemon.gate.dangerous_acts`: an act asked of an agent, not negated, on what makes
it dangerous). Every rule reads the text through :func:`views`, built so that disguises do
not matter:
Unicode NFKC, combining marks, zero-width and bidirectional characters dropped, casefolded,
look-alike letters mapped to their Latin skeleton, letters spelled one space apart joined,
and a view with only the letters and digits for phrases split every way.

:func:`verdict` is the one rule: the write guard calls it on what it is about to store, the
recall filter on what it is about to show, so nothing accepted at write is dropped at read.
It reads the text as :func:`neutralize` leaves it for the block too, so markup that hides a
directive at write cannot reveal it at read, and it refuses what neutralizing leaves empty.
:func:`planted` is the directive alone, which import, restore and compaction summaries
refuse. Every scan takes time linear in the
text: the patterns anchor on a keyword and read at most a bounded window from it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from daemon.gate import dangerous_acts as acts
from daemon.gate.prompt_injection import looks_like_injection

__all__ = [
    "NOTHING_TO_SHOW", "Views", "directive", "neutralize", "planted", "skeleton", "verdict",
    "views",
]  # fmt: skip

# --- neutralizing markup for the block (the recall sanitizer's rewrite) ---------------------

_ROLES = r"system|assistant|user|developer|tool|human|ai|model|instructions?"
_SPECIAL_TOKEN = re.compile(r"<\|[^|>]{0,40}\|?>|\[/?(?:INST|SYS)\]|<</?SYS>>", re.IGNORECASE)
_ROLE_TAG = re.compile(rf"</?\s*(?:{_ROLES}|memor(?:y|ies)|prompt)\b[^>]{{0,80}}>", re.IGNORECASE)
# Blanks other than newlines before a role: ``\s*`` would read every following blank line
# from each line start (quadratic on a run of newlines); the marker is then found on its own
# line, with the same result.
_ROLE_MARKER = re.compile(rf"^([^\S\n]*)(?:{_ROLES})\s*:", re.IGNORECASE | re.MULTILINE)
_HEADING = re.compile(r"^\s{0,3}(?:#{1,6}|={3,}|-{3,})\s*", re.MULTILINE)
_FENCE = re.compile(r"`{3,}|~{3,}")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_SPACE = re.compile(r"\s+")


def neutralize(text: str) -> str:
    """Drop control characters and chat-template markup; fold the text onto one line.

    Each rewrite runs only when the text holds the character its pattern starts with (most
    memories hold none of them: this is most of the cost of a quoted line in an answer)."""
    if not text.isprintable():  # printable text holds no control or format character
        text = _CONTROL.sub(" ", text)
        if not text.isascii():  # format characters: zero-width, bidirectional overrides
            text = "".join(" " if unicodedata.category(ch) == "Cf" else ch for ch in text)
    if "<" in text or "[" in text:
        text = _SPECIAL_TOKEN.sub(" ", text)
        text = _ROLE_TAG.sub(" ", text)
    if ":" in text:
        text = _ROLE_MARKER.sub(r"\1", text)
    if "#" in text or "==" in text or "--" in text:
        text = _HEADING.sub("", text)
    if "``" in text or "~~" in text:
        text = _FENCE.sub("`", text)
    return " ".join(text.split())


# --- normalization --------------------------------------------------------------------------

# Letters that look like Latin ones (the common part of Unicode TR39's confusables):
# Cyrillic, Greek, Armenian and small capitals. NFKC already folds fullwidth and
# mathematical letters. A compact table rather than a dependency: linear, import-free.
_CONFUSABLES = str.maketrans(
    {
        **dict(zip("аеорсухіјѕԁһӏԛԝвгкмнптьѵёїўґ", "aeopcyxijsdhlqwbrkmhntbveiyr", strict=True)),
        **dict(zip("αβγεηικμνορτυχωςϲϳ", "abyenikuvoptuxwccj", strict=True)),
        **dict(zip("ıȷɑɡɩʟɪʀʏᴀᴄᴅᴇɢʜᴊᴋᴍɴᴏᴘꜱᴛᴜᴠᴡᴢ", "ijagiliryacdeghjkmnopstuvwz", strict=True)),
        **dict(zip("օսցհոռաԁ", "oughnnwd", strict=True)),
    }
)
# Digits and signs standing in for letters, read in the letters-only view.
_LEET = str.maketrans("013457@$", "oieastas")
_INVISIBLE = frozenset("\u034f\u115f\u1160\u3164\uffa0\u2800")
# Text spelled apart: ``i g n o r e``, ``h t t p : / /`` (one blank
# between characters, more between words), ``i.g.n.o.r.e``, ``i-g-n-o-r-e``.
_SPELLED = re.compile(r"(?<!\S)(?:\S[ \t])+\S(?!\S)|(?<!\w)(?:[^\W\d_][.\-*]){2,}[^\W\d_](?!\w)")
_SPELL_GAP = re.compile(r"(?<=\S)[ \t.\-*](?=\S)")
_EMPHASIS_MARKS = '*`"_\u201c\u201d\u2018\u2019'
_EMPHASIS = re.compile(r"[*`\"\u201c\u201d\u2018\u2019]+|(?<!\w)_+|_+(?!\w)")
_BLANKS = re.compile(r"[^\S\n]+")
_NOT_WORD = re.compile(r"[^\w.!?\n]+|_+")
_NOT_ALNUM = re.compile(r"[\W_]+")


# Unicode tag characters spell ASCII text no reader sees (U+E0020..U+E007E): read as the
# letters they stand for, so that what a model reads the rules read too.
_TAGS = {cp: cp - 0xE0000 for cp in range(0xE0020, 0xE007F)}
_TAG_RUN = re.compile("[\U000e0000-\U000e007f]+")


def _strip_marks(text: str) -> str:
    """NFKC, then combining marks, format characters (zero-width, bidirectional) and
    invisible fillers dropped; tag characters read as the ASCII they spell."""
    text = unicodedata.normalize("NFKC", text)
    if text.isascii():
        return text
    if any("\U000e0000" <= ch <= "\U000e007f" for ch in text):
        text = _TAG_RUN.sub(lambda m: "\n" + m.group().translate(_TAGS) + "\n", text)
    kept = (
        ch
        for ch in unicodedata.normalize("NFD", text)
        if unicodedata.category(ch) not in ("Mn", "Me", "Cf") and ch not in _INVISIBLE
    )
    return unicodedata.normalize("NFC", "".join(kept))


def _spelled_apart(text: str) -> bool:
    """Whether ``text`` may hold text spelled apart (two one-character words in a row, or
    a word like ``i.g.n``): the regex that joins it is then worth running."""
    tokens = text.split()
    return any(len(a) == 1 and len(b) == 1 for a, b in pairwise(tokens)) or any(
        len(t) >= 5 and t[1] in ".-*" and t[3] in ".-*" for t in tokens
    )


def _fold_blanks(text: str) -> str:
    if text.isascii() and "  " not in text and "\t" not in text and "\r" not in text:
        return text  # nothing to fold (the common case, without a regex pass)
    return _BLANKS.sub(" ", text)


def _skeleton(stripped: str) -> str:
    text = stripped.casefold().translate(_CONFUSABLES)
    if _spelled_apart(text):
        text = _SPELLED.sub(lambda m: _SPELL_GAP.sub("", m.group()), text)
    if any(mark in text for mark in _EMPHASIS_MARKS):
        text = _EMPHASIS.sub("", text)
    return _fold_blanks(text)


def skeleton(text: str) -> str:
    """The text as the rules read it: marks and invisible characters dropped, casefolded,
    look-alikes mapped to Latin, spelled-out letters joined, blanks folded."""
    return _skeleton(_strip_marks(text))


@dataclass(frozen=True, slots=True)
class Views:
    """``plain``: casefolded, marks dropped, the script kept (for other languages);
    ``text``: the skeleton with its punctuation (commands, paths, markers); ``words``: the
    skeleton's words and sentence ends only, on one line; ``letters``: letters and digits run
    together; ``marked``: the text has letters beyond ASCII (another language's spelling, or
    look-alikes)."""

    plain: str
    text: str
    words: str
    letters: str
    marked: bool = False


_ASCII_PUNCTUATION = "".join(chr(c) for c in range(128) if not chr(c).isalnum())
_TO_WORDS = str.maketrans(dict.fromkeys((c for c in _ASCII_PUNCTUATION if c not in ".!?"), " "))
_TO_LETTERS = str.maketrans(dict.fromkeys(_ASCII_PUNCTUATION))


def views(text: str) -> Views:
    stripped = _strip_marks(text)
    sk = _skeleton(stripped)
    if sk.isascii():  # str.translate: the same result as the regexes below, without them
        words, letters = sk.translate(_TO_WORDS), sk.translate(_TO_LETTERS)
    else:
        words, letters = _NOT_WORD.sub(" ", sk), _NOT_ALNUM.sub("", sk)
    plain = _fold_blanks(stripped.casefold())
    marked = not text.isascii() and not unicodedata.normalize("NFKC", text).isascii()
    return Views(plain, sk, " ".join(words.split()), letters.translate(_LEET), marked)


# --- the rules ------------------------------------------------------------------------------

_SHELL = r"(?:sudo\s+)?(?:ba|z|k|da|fi|c|tc)?sh\b|python\d?(?:\.\d+)?\b|perl\b|ruby\b|node\b|php\b|iex\b|invoke-expression\b|powershell\b|pwsh\b|source\b"  # noqa: E501
_NETWORK = re.compile(
    r"\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|fetch|download)\b|https?://"
    r"|\bbase64\b"
)
_PIPE_TO_SHELL = re.compile(rf"\|\s*(?:sudo\s+(?:-\S+\s+){{0,3}})?(?:{_SHELL})")
_SUBSHELL_FETCH = re.compile(
    r"(?:<\(|\$\(|`)\s*(?:curl|wget|iwr|irm|invoke-webrequest)\b"
    r"|\b(?:iex|invoke-expression)\s*\(\s*(?:iwr|irm|new-object|invoke-webrequest)"
)
_FETCH_AND_RUN = re.compile(
    r"\b(?:download|fetch|grab|pull|get|decode)\b(?:\s+\S+){0,10}?\s+(?:and|then|&&|,)\s+"
    r"(?:then\s+)?(?:run|execute|exec|eval|source|pipe)\b"
    r"|\b(?:decode|base64)\s+(?:\S+\s+){0,3}?(?:and\s+)?(?:run|execute|exec|eval)\b"
    r"|\bpipe\s+(?:\S+\s+){0,6}?(?:into|to)\s+(?:sudo\s+)?(?:(?:ba|z|k|da|fi)?sh|python\d?|perl"
    r"|ruby|node|powershell|pwsh)\b"
)
_RUN_FROM_URL = re.compile(
    r"\b(?:run|execute|exec|eval|source)\s+(?:\S+\s+){0,4}?(?:from|at)\s+https?://"
    r"|https?://\S+(?:\s+\S+){0,6}?\s+(?:and|then|&&)\s+(?:run|execute|exec|eval|source)\s+"
    r"(?:it|them|that|this|the\s+(?:script|file|payload|binary|installer|hooks?))\b"
    r"|\b(?:curl|wget|iwr|invoke-webrequest)\b[^\n;&|]{0,200}(?:&&|;|\|\|)\s*(?:sudo\s+)?"
    r"(?:(?:ba|z|k)?sh|source|python\d?|\.)\s"
    r"|\b(?:exec|eval)\s*\([^)\n]{0,40}(?:urlopen|requests\.get|httpx\.get|urllib|fetch\()"
    r"|downloadstring\s*\("
    r"|\b(?:nc|ncat|netcat)\b[^\n]{0,40}?\s-[ec]\s|/dev/tcp/|/bin/(?:ba)?sh\s+-i\b"
)
# The verb said to the agent: first in its sentence or after a word that asks for it
# ("please", "you", "should", "always", ...); "never send" or "do not print" is a convention.
_ASKED = (
    r"(?:^|(?<=[.!?:;,\n>#\-])[^\S\n]?"
    r"|\b(?:please|kindly|always|also|then|and|now|just|first|you|must|should|shall|will|can"
    r"|could|would|to|assistants?|agents?|ais|models|bots|quietly|silently|secretly)\s+"
    r"|\b(?:you|agent|assistant)\s+(?:must|should|will|shall)\s+"
    r"(?:always\s+|also\s+|quietly\s+|silently\s+|first\s+)?)"
)
_EXFILTRATE = re.compile(r"\bexfiltrat\w*|\bsteal\b")
_UPLOAD_FLAG = re.compile(
    r"(?:\s-d|\s--data(?:-binary|-raw|-urlencode)?|\s-f|\s--form)\s*['\"]?[\w]*=?@"
    r"|--upload-file\b|\bcurl\b[^\n|;]{0,80}?\s-t\s|\|\s*(?:curl|wget|nc|ncat|netcat|socat)\b|\b(?:nc|ncat|netcat)\s+\S+\s+\d+\s*<"
)
_EXPOSE = (
    r"(?:cat|print|printenv|read(?![\s-]+only)|dump|show|display|output|echo|reveal|leak|paste|include|"
    r"collect|harvest|grab|steal|extract|give|append|attach|expose|disclose|type|log|"
    r"send|post|upload|share|email|mail|scp|base64|exfiltrate|transmit|forward|tell)"
)
_CREDENTIAL_TARGET = re.compile(acts.CREDENTIAL_WORD)
_CREDENTIAL_PATH = re.compile(acts.CREDENTIAL_FILE)
# The verb asked, then the credential within a few words, no "never" or "not" between.
_EXPOSE_ASKED = re.compile(
    rf"(?:{_ASKED}){_EXPOSE}\b(?:\s+(?!(?:never|not|no|without|except|if|when|whenever|once|unless)\b)\S+){{0,8}}?\s+\S{{0,40}}?"
    rf"(?:{acts.CREDENTIAL_WORD})",
    re.MULTILINE,
)
# Credentials read from where they are kept ("read them from environment variables or from
# Vault"): how a secret stays out of code, no exposure.
_READ_FROM_STORE = re.compile(
    r"\bread\s+(?:\S+\s+){0,4}?from\s+(?:the\s+|an?\s+)?(?:environment|env\b|vault|secrets?"
    r"\s+(?:manager|store)|key\s*chain|password\s+manager|1password|bitwarden)"
)
_EXPOSE_VERB = re.compile(rf"(?:{_ASKED}){_EXPOSE}\b", re.MULTILINE)
_CREDENTIAL_READ = re.compile(
    r"\b(?:cat|less|more|head|tail|type|get-content|strings|xxd|base64|cp|scp|rsync|tar|zip"
    r"|open)\b[\s(\'\"]+(?:-\S+\s+){0,3}\S{0,80}?(?:" + acts.CREDENTIAL_FILE + ")"
)
_CREDENTIAL_PUBLISHED = re.compile(
    rf"(?:{_ASKED})(?:add|put|paste|include|write|post|append|insert|copy|share|print|echo)\b"
    r"(?:\s+\S+){0,6}?\s+(?:in|into|to|on)\s+(?:the\s+|your\s+|a\s+)?(?:pr|pull\s+request"
    r"|description|comment|chat|reply|answer|response|commit|issue|output|logs?|readme|slack"
    r"|channel|message)\b",
    re.MULTILINE,
)
_KEY_COPIED = re.compile(
    rf"(?:{_ASKED})(?:copy|cp|move|mv)\b(?:\s+\S+){{0,5}}?\s+(?:private\s+keys?|(?<!public\s)ssh\s+"
    r"(?:private\s+)?keys?|id_(?:rsa|ed25519|ecdsa|dsa)\b|\S*\.aws/credentials|\S*\.netrc"
    r"|\S*\.pgpass|\S*\.git-credentials)",
    re.MULTILINE,
)
_CONTENTS_OF = re.compile(r"\b(?:contents?|value|values)\s+of\b")
_ADDRESS = re.compile(r"https?://|ftp://|s3://|gs://|(?<=[\w.+-])@[\w-]{1,63}\.[a-z]")

_OVERRIDE = re.compile(
    r"\b(?:ignore|ignoring|disregard|forget|override|bypass|overrule|circumvent|set\s+aside"
    r"|ignora|ignorar|ignorez|ignorer|ignoriere|ignorieren|vergiss|vergessen|oublie[zr]?|olvida"
    r"|dimentica|missachte)\b(?:\s+\w+){0,4}?\s+(?:instructions?|prompts?|guidelines|guidance"
    r"|directives?|directions|guardrails|safety|restrictions|system\s+message"
    r"|what\s+you\s+were\s+told|everything\s+(?:above|before|else)|instrucciones|instrucoes"
    r"|system\s*prompt|agents\.md|claude\.md|\.?cursorrules|copilot-instructions(?:\.md)?"
    r"|istruzioni|anweisungen|vorgaben|consignes|regles|reglas|regole|(?:previous|prior|above"
    r"|earlier|your|system|safety|other)\s+rules|rules\s+above)\b"
)
_PERSONA = re.compile(
    r"\byou\s+are\s+(?:now|no\s+longer)\b|\bpretend\s+(?:to\s+be|you\s+are)\b|\bjailbr[eo]ak"
    r"|\bdeveloper\s+mode\b|\bdo\s+anything\s+now\b|\bno\s+(?:guardrails|safety\s+filters)\b"
    r"|\b(?:ai|assistant|agent|model|you)\s+(?:\w+\s+){0,2}?(?:with|has|have)\s+no\s+"
    r"(?:restrictions|limits|filters|guardrails|rules)\b|\b(?:your|the\s+assistant'?s?)\s+new\s+(?:role|persona|task|goal"
    r"|instructions)\b|\bact\s+as\s+(?:if\s+you|an?\s+(?:unrestricted|unfiltered|jailbroken))"
    r"|\bfrom\s+now\s+on\b(?:\s+\S+){0,3}?\s+(?:you|assistant|agent|ai|claude|gpt|copilot)\b"
    r"|\b(?:obey|follow)\s+(?:only\s+)?(?:this|these|my|the\s+following)\s+(?:note|notes"
    r"|instructions?|commands?|orders?)\b|\b(?:obey|follow)\s+only\b"
    r"|\b(?:take|takes|have|has)\s+(?:precedence|priority)\s+over\b|\bsystem\s+override\b"
    r"|\bhighest\s+priority\s+instructions?\b"
    r"|\b(?:your|the|all|previous|prior|earlier|original)\s+(?:instructions|guidance|rules"
    r"|guidelines|prompt|directives)\s+(?:have|has|are|is)\s+(?:been\s+)?(?:changed|revoked"
    r"|cancel+ed|void|obsolete|replaced|updated|lifted|suspended|no\s+longer)\b"
    r"|\bobey\s+(?:\w+\s+){0,3}?(?:blindly|only|every|all|any|without)\b"
    r"|\byou\s+(?:now\s+)?have\s+(?:full\s+|special\s+|admin\s+|root\s+|explicit\s+)?"
    r"(?:permission|authori[sz]ation|clearance)\b|\bcomply\s+with\s+(?:every|all|any)\b"
    r"|\b(?:ignore|disregard|override)\s+(?:\w+\s+){0,2}?users?\s+(?:s\s+)?(?:requests?"
    r"|instructions?|wishes|objections|commands)\b"
    r"|\b(?:no\s+longer|don\s?t|do\s+not|never)\s+(?:need\s+to\s+|have\s+to\s+|must\s+)?"
    r"(?:follow|obey|respect|comply\s+with)\s+(?:\w+\s+){0,3}?(?:rules|instructions|guidelines"
    r"|policies|safety)\b"
    r"|\b(?:follow|obey|prefer|prioriti[sz]e)\s+(?:\w+\s+){0,5}?over\s+(?:the\s+|your\s+)?"
    r"(?:user|system|instructions)\b"
    r"|\boverride\s*:|\b(?:allowed|permitted)\s+to\s+(?:push|deploy|merge|commit)\s+(?:\w+\s+)"
    r"{0,3}?without\s+(?:tests|review|approval|ci|checks)\b"
    r"|\b(?:treat|consider|regard)\s+(?:\w+\s+){0,6}?as\s+(?:an?\s+)?(?:system|developer|admin)"
    r"(?:\s+level)?\s+(?:instructions?|prompt|message|commands?)\b"
    r"|\bsystem\s+level\s+instructions?\b|\byour\s+(?:real|actual|true|new|updated|hidden|secret)"
    r"\s+(?:instructions|prompt|rules|orders|task|role)\b"
    r"|\b(?:bypass|circumvent|disable)\s+(?:the\s+|all\s+|any\s+)?(?:code\s+review|review"
    r"|approvals?|branch\s+protection|guardrails|safety|security\s+checks|firewall)\b"
)
_SECRECY = re.compile(
    r"\b(?:without|before)\s+(?:telling|informing|asking|notifying|alerting|warning"
    r"|checking\s+with|confirming\s+with|consulting)\s+(?:the\s+|your\s+)?user"
    r"|\b(?:don\s?t|do\s+not|never|no\s+need\s+to)\s+(?:ask|check\s+with|confirm\s+with"
    r"|consult)\s+(?:the\s+|your\s+)?user\s+(?:before|first|for\s+(?:confirmation|permission"
    r"|approval))"
    r"|\b(?:do\s+not|don\s?'?t|never)\s+(?:tell|inform|notify|mention|show|alert)\b"
    r"(?:\s+\w+){0,3}?\s+(?:the\s+|your\s+)?user|\bhide\s+(?:this|it)\s+from\b"
    r"|\bwithout\s+asking\s+(?:for\s+)?(?:confirmation|permission|approval)\b"
    r"|\bwithout\s+(?:user\s+)?confirmation\b"
    r"|\b(?:already\s+)?approved\s+every\s+command\b|\bno\s+confirmations?\b"
)
_DESTROY = re.compile(
    r"\brm\s+(?:-[a-z]*r[a-z]*f[a-z]*|-[a-z]*f[a-z]*r[a-z]*|-r\s+-f|-f\s+-r|--recursive\s+"
    r"--force|--force\s+--recursive)\s+(?:--no-preserve-root\s+)?(?:/|~|\$home|\*|\.\.?"
    r"(?=\s|$)|\$\w+)"
    rf"|(?:{_ASKED})(?:delete|wipe|destroy|erase|nuke|drop|truncate|remove|corrupt|loesche"
    r"|losche|supprime|borra|elimina|udali)\b\s+(?:(?:the|this|all|every|your|our|entire|whole"
    r"|of|das|le|la|el|il)\s+){0,4}(?:repo|repos|repository|repositories|repositorio|database"
    r"|databases|prod|production|home\s+directory|file\s*system|disk|all\s+files|everything"
    r"|\.git|git\s+history|tests?\s+directory|backups?"
    r"|tables\s+(?:in|of)\s+(?:the\s+)?(?:prod\w*|live|main)\b)\b"
    rf"|(?:{_ASKED})(?:run\s+)?git\s+push\s+(?:\S+\s+){{0,2}}?(?:-f|--force)\b"
    r"|\bmkfs\b|\bdd\s+if=\S+\s+of=/dev/|:\(\)\s*\{\s*:\|:&\s*\}|\bchmod\s+-r\s+777\s+/(?:\s|$)"
    rf"|(?:{_ASKED})(?:disable\s+the\s+tests|push\s+(?:every\s+change\s+)?straight\s+to\s+main"
    r"|approve\s+(?:all\s+|every\s+)?pull\s+requests\s+without)\b",
    re.MULTILINE,
)
_TEMPLATE = re.compile(
    r"<\|[^|>\n]{1,40}\|>|<\|(?:im_start|im_end|system|user|assistant|endoftext|end)\b"
    r"|</?(?:start_of_turn|end_of_turn|bos|eos)>|</s>|\[/?inst\]|\[/?sys\]|<</?sys>>"
    r"|\[/?(?:system|assistant|user|human)\]|\\n\s*(?:system|assistant|user|human)\s*:"
    r"|^\s{0,3}(?:>\s*)?#{1,6}\s*(?:instruction|instructions|response|system|input|assistant"
    r"|user|human)\b\s*:?"
    r"|^\s{0,3}(?:>\s*)?(?:system|assistant|user|human|developer|ai|bot)\s*:"
    r"|(?<=[.!?])\s+(?:system|assistant|user|human|developer|ai)\s*:"
    r"|</?\s*(?:system|assistant|user|developer|human|instructions?|prompt)\s*>",
    re.MULTILINE,
)
_LETTER_PHRASES = re.compile(
    r"(?:ignore|disregard|forget|override|bypass)(?:all|any|the|of|my|your|these){0,3}"
    r"(?:previous|prior|above|earlier|preceding|original|system)(?:instructions?|prompts?|rules"
    r"|guidelines|directions)"
    r"|imstart|imend|startofturn|endofturn|startheaderid|endheaderid|beginoftext|eotid"
)
_FOREIGN = re.compile(
    r"(?:игнорир|забудь|не\s+обращай)[^.!?\n]{0,40}?(?:инструкц|указани|правил)"
    r"|(?:удали|сотри)\w*\s+(?:весь\s+)?репозитор"
    r"|(?:忽略|无视|忽视|忘记|忘掉|無視)[^。！？\n]{0,16}?(?:指令|指示|说明|規則|规则|提示|命令)"
    r"|(?:指令|指示|说明|規則|规则|提示|命令)[^。！？\n]{0,16}?(?:忽略|无视|忽视|無視)"
)


def _credentials(v: Views) -> bool:
    if not _CREDENTIAL_TARGET.search(v.text):
        return False
    if _CREDENTIAL_PATH.search(v.text) and (
        _ADDRESS.search(v.text) or _CONTENTS_OF.search(v.words) or _UPLOAD_FLAG.search(v.text)
    ):
        return True
    if _CREDENTIAL_READ.search(v.text) or _KEY_COPIED.search(v.text):
        return True
    return any(
        (
            _EXPOSE_ASKED.search(sentence)
            and not acts.store_only(v.text)
            and not _READ_FROM_STORE.search(sentence)
        )
        or (_EXPOSE_VERB.search(sentence) and _CREDENTIAL_PATH.search(sentence))
        or (_CREDENTIAL_PUBLISHED.search(sentence) and _CREDENTIAL_TARGET.search(sentence))
        for sentence in _sentences(v.text)
    )


_SENTENCE = re.compile(r"[!?\n]+|\.(?:\s+|$)")


def _sentences(text: str) -> list[str]:
    return _SENTENCE.split(text)


# Words one of which a family's patterns need, checked first (``in`` is cheap; most texts
# need no pattern of most families).
_TEMPLATE_HINTS = ("<", "[", "\\n", ":")
_NETWORK_HINTS = (
    "curl", "wget", "iwr", "irm", "invoke", "http", "download", "fetch", "grab", "pull", "get",
    "decode", "base64", "pipe", "exec", "eval", "nc ", "ncat", "netcat", "/dev/tcp", "/bin/",
    "|", "source",
)  # fmt: skip
_ADDRESS_HINTS = (
    "://", "@", "url", "endpoint", "webhook", "server", "address", "pastebin", "gist",
)  # fmt: skip
_CREDENTIAL_HINTS = (
    "cred", "key", "secret", "passw", "token", "cookie", "env", "ssh", "id_", "netrc", "pgpass",
    "shadow", "keychain", "npmrc", "pypirc", "kube", "docker", "sudoers",
)  # fmt: skip
_OVERRIDE_HINTS = (
    "ignor", "disregard", "forget", "overrid", "bypass", "overrule", "circumvent", "aside",
    "vergiss", "vergessen", "oubli", "olvida", "dimentica", "missachte", "you", "pretend",
    "jailbr", "mode", "anything", "guardrail", "filter", "no ", "new ", "act as", "obey",
    "follow", "precedence", "priority", "instruction", "guidance", "rules", "guideline",
    "prompt", "directive", "permission", "authori", "clearance", "comply", "treat", "consider",
    "regard", "system", "disable", "allowed", "permitted", "user", "hide", "without",
    "approved", "confirmation", "prefer", "from now on",
)  # fmt: skip
_LETTER_HINTS = (
    "ignor", "disregard", "forget", "overrid", "bypass", "imstart", "imend", "ofturn",
    "headerid", "beginoftext", "eotid",
)  # fmt: skip
_DESTROY_HINTS = (
    "rm ", "delete", "wipe", "destroy", "erase", "nuke", "drop", "truncate", "remove", "corrupt",
    "mkfs", "dd ", ":()", "chmod", "push", "disable", "approve", "loesch", "losch", "supprim",
    "borra", "elimina", "udali",
)  # fmt: skip


def _any(text: str, hints: tuple[str, ...]) -> bool:
    return any(hint in text for hint in hints)


def _network_code(v: Views) -> bool:
    if not _any(v.text, _NETWORK_HINTS):
        return False
    if (
        _SUBSHELL_FETCH.search(v.text)
        or _FETCH_AND_RUN.search(v.words)
        or _RUN_FROM_URL.search(v.text)
    ):
        return True
    return bool(_PIPE_TO_SHELL.search(v.text) and _NETWORK.search(v.text))


def _sends(v: Views) -> bool:
    if _EXFILTRATE.search(v.words):
        return True
    if not _any(v.text, _ADDRESS_HINTS):
        return False
    return bool(_UPLOAD_FLAG.search(v.text) and _ADDRESS.search(v.text))


def _overrides(v: Views) -> bool:
    if _any(v.letters, _LETTER_HINTS) and _LETTER_PHRASES.search(v.letters):
        return True
    if not v.plain.isascii() and (_FOREIGN.search(v.plain) or _OVERRIDE.search(v.plain)):
        return True
    return _any(v.words, _OVERRIDE_HINTS) and bool(
        _OVERRIDE.search(v.words) or _PERSONA.search(v.words) or _SECRECY.search(v.words)
    )


# Digits standing in for letters inside words ("s3nd th3 l0gs"): the behaviour rules read
# such a text once more with the digits read as letters.
_LEET_WORD = re.compile(r"\b(?=[a-z]{0,30}\d)(?=\d{0,30}[a-z])[a-z\d]{2,32}\b")


def _unleeted(text: str) -> str | None:
    words = _LEET_WORD.findall(text)
    if len(words) < 2:
        return None
    return _LEET_WORD.sub(lambda m: m.group().translate(_LEET), text)


def _acts(v: Views) -> str | None:
    """What the behaviour rules find, in the skeleton and, if it uses digits for letters,
    in the skeleton with them read as letters."""
    for text in (v.text, _unleeted(v.text)):
        if text is None:
            continue
        if acts.runs_fetched(text):
            return "runs code fetched from the network"
        if acts.sends_data(text):
            return "sends data out"
        if acts.exposes_credentials(text):
            return "touches credentials"
        if acts.sets_rules_aside(text):
            return "overrides instructions"
    return acts.foreign_act(v.plain, marked=v.marked)


def _classify(v: Views) -> str | None:
    if _any(v.text, _TEMPLATE_HINTS) and (
        _TEMPLATE.search(v.text) or _TEMPLATE.search(v.plain) or acts.ROLE_NAMED.search(v.text)
    ):
        return "chat-template marker"
    if _network_code(v):
        return "runs code fetched from the network"
    if _sends(v):
        return "sends data out"
    if _any(v.text, _CREDENTIAL_HINTS) and _credentials(v):
        return "touches credentials"
    if _overrides(v):
        return "overrides instructions"
    if kind := _acts(v):
        return kind
    if _any(v.text, _DESTROY_HINTS) and _DESTROY.search(v.text):
        return "destructive command"
    return None


def directive(text: str) -> str | None:
    """What kind of directive aimed at an agent ``text`` holds, in any disguise, or None."""
    return _classify(views(text)) if text else None


NOTHING_TO_SHOW = "nothing left to show"


@lru_cache(maxsize=8192)
def verdict(title: str, content: str) -> str | None:
    """Why a memory must neither be stored nor shown, or None: the one rule of the write guard
    (``daemon.gate.screening``) and the recall filter (``safe_entry``). A directive planted for
    agents, read in the title and the content as written, then as the block would show them
    (neutralized, on one line); or nothing left once neutralized. Pure, so the verdicts of the
    memories recall sees again and again are kept."""
    clean_title, clean_content = neutralize(title), neutralize(content)
    for text in (title, content, f"{clean_title}. {clean_content}"):
        v = views(text)
        if looks_like_injection(text) is not None or looks_like_injection(v.text) is not None:
            return "instruction-like content"
        if kind := _classify(v):
            return f"instruction-like content: {kind}"
    if not clean_title and not clean_content:
        return NOTHING_TO_SHOW  # only markup, control or invisible characters
    return None


def planted(title: str, content: str) -> str | None:
    """The directive planted for agents a memory holds, or None: what import, restore and
    compaction summaries refuse (they take whatever else a store holds, text that shows as
    nothing included; recall leaves that out)."""
    reason = verdict(title, content)
    return None if reason == NOTHING_TO_SHOW else reason


def shown(title: str, content: str) -> str | None:
    """Why a stored memory must not be shown to a reader, or None: the write guard's own rule
    (:func:`verdict`), so what recall shows is what a writer could have stored."""
    return verdict(title, content)
