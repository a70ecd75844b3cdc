"""Directives read by behaviour: the act a sentence asks of an agent, on what, to where.

:mod:`daemon.gate.directives` knows the usual forms of each directive; these rules
read what a sentence asks whatever its wording. Each family is a class of acts (a verb in
any tense, active or passive) that is dangerous on a class of objects: what is fetched from
elsewhere, the session's data with an address to send it to, credentials with a place that
shows them, the agent's own instructions with a word that sets them aside. The act counts
when it is asked, not described ("backups are uploaded to s3://…" is a fact, "logs will be
forwarded to https://…" is not) and not negated ("never commit .env"). A sentence is read
with the one before it, so that "it" can carry the object across.

Every function takes the text as :func:`~daemon.gate.directives.views` reads it (the
skeleton, or the casefolded text with its script for other languages). Each verb found
costs a scan of a bounded window around it, so a text is read in linear time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "CREDENTIAL_FILE", "CREDENTIAL_WORD", "ROLE_NAMED", "exposes_credentials", "foreign_act",
    "runs_fetched", "sends_data", "sets_rules_aside", "store_only",
]  # fmt: skip

# Credentials by name and by file: shared with the rules of known forms.
CREDENTIAL_FILE = (
    r"(?:~|\$home|/root|/home/\w+)?/?\.aws/(?:credentials|config)\b|\bid_(?:rsa|dsa|ecdsa|ed25519)\b"
    r"|\.ssh/|\.netrc\b|\.pgpass\b|/etc/(?:shadow|passwd|sudoers)\b|\.git-credentials\b"
    r"|\.docker/config\.json|\.kube/config\b|\.npmrc\b|\.pypirc\b|(?<![\w.])\.env(?![\w.])"
    r"|\bkeychain\b|\bcredentials?\.json\b"
)
CREDENTIAL_WORD = (
    r"\b(?:credentials?|private\s+keys?|(?<!public\s)ssh\s+keys?|api\s+keys?|access\s+keys?|secret\s+keys?"
    r"|secrets?|passwords?|passwd|tokens?|cookies?|environment\s+variables?|env\s+vars?"
    r")\b|(?<=\w)_(?:api_|access_)?(?:key|token|secret|password)s?\b|" + CREDENTIAL_FILE
)
_CREDENTIAL_PATH = re.compile(CREDENTIAL_FILE)

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
# Clause ends, not the punctuation inside an address (https://, ?q=, [.]).
_CLAUSE_END = re.compile(r"[;:,!?)\]>*](?=\s|$)|(?:^|(?<=\s))[(\[]|\.\s|\s-\s|\bbut\b|\bthen\b")
# A negated verb ("never commit"), or a negated subject ("nothing secret goes into …").
_NEGATED = re.compile(
    r"\b(?:never|not|no|nor|avoid|without|instead\s+of|rather\s+than|nothing|none|nobody"
    r"|no\s+one)\b|n't\b|\bdont\b"
)
_MODAL = re.compile(
    r"\b(?:make\s+sure|ensure|see\s+to\s+it|should|must|shall|will|ll|would|may|can|could|needs?\s+to|has\s+to|have\s+to"
    r"|ought\s+to|(?:is|are|was|were)\s+(?:to|expected\s+to|required\s+to|supposed\s+to"
    r"|meant\s+to|allowed\s+to)|to\s+be|gets?|got|be)\b"
)
_AGENT = re.compile(
    r"\b(?:you|agents?|assistants?|bots?|ais?|llms?|models?|copilots?|claude|gpt|whoever"
    r"|anyone|everyone|each\s+session|every\s+session)\b"
)
_BASE_ED = frozenset({"feed", "embed", "need", "seed", "shred"})
_PARTICIPLES = frozenset({"sent", "fed", "shown", "written", "given", "told"})
# Participles spelled as their verb: one only after a form of "be" ("is read from").
_SAME_FORMS = frozenset({"put", "output", "read", "set", "run", "cast"})
_BE = re.compile(r"\b(?:is|are|was|were|be|been|being|gets?|got)\s+(?:\w+\s+)?$")


def _participle(clause: str, verb: str) -> bool:
    if verb in _SAME_FORMS:
        return bool(_BE.search(clause))
    return (
        (verb.endswith("ed") and verb not in _BASE_ED)
        or verb.endswith("'d")
        or verb in _PARTICIPLES
    )


def _described(clause: str, verb: str) -> bool:
    """Whether the verb tells what happens rather than what an agent is to do: a passive or
    a past with no modal (``are uploaded``, ``was sent``, ``is read from``), or a third
    person whose subject is not an agent (``the export job sends``)."""
    if _participle(clause, verb):
        return not _MODAL.search(clause)
    if verb.endswith("s") and not verb.endswith("ss"):
        return not _AGENT.search(clause)
    return False


@dataclass(frozen=True, slots=True)
class _Act:
    before: str  # the sentence before the verb, with the sentence before it
    verb: str
    after: str  # the rest of the sentence


# A clause that states a condition ("if you commit a secret by mistake, rotate it") asks
# nothing; "belongs in" and "goes in" say what is to be, whatever their subject.
_CONDITION = re.compile(r"\s*(?:if|when|whenever|unless|in\s+case|should\s+you)\b")
# A verb right after one of these is in an adverbial ("review it before running it").
_ADVERBIAL = re.compile(r"\b(?:before|after|while|until|without|instead\s+of)\s+$")
# A participle right after one of these qualifies the noun after it ("through shared
# vaults", "from shared folders"): an adjective, no act.
_ATTRIBUTIVE = re.compile(r"\b(?:through|via|from|into|in|on|of|with|the|a|an|our|their)\s+$")
_NORMATIVE = frozenset({"belong", "belongs", "go", "goes"})
# How far from its verb an act is read, either way: each verb costs a bounded scan.
_WINDOW = 240


def _acts(text: str, verbs: re.Pattern[str]) -> list[_Act]:
    """Each verb of ``verbs`` a sentence of ``text`` asks of an agent, not negated."""
    found: list[_Act] = []
    previous = ""
    for sentence in _SENTENCE_END.split(text):
        for m in verbs.finditer(sentence):
            before = sentence[max(0, m.start() - _WINDOW) : m.start()]
            clause = _CLAUSE_END.split(before)[-1]
            verb = m.group().strip()
            if _NEGATED.search(clause) or _CONDITION.match(clause) or _ADVERBIAL.search(clause):
                continue
            if verb.endswith("ed") and _ATTRIBUTIVE.search(clause):
                continue
            if verb not in _NORMATIVE and _described(clause, verb.split()[-1]):
                continue
            after = sentence[m.end() : m.end() + _WINDOW]
            found.append(_Act(f"{previous} {before}"[-_WINDOW:], verb, after))
        previous = sentence[-_WINDOW:]
    return found


def _forms(*stems: str) -> re.Pattern[str]:
    """The verbs of ``stems`` in their usual inflections (stem, -s, -es, -ed, -d, -ing, a
    doubled consonant before -ed or -ing, the clipped 'd of "cc'd")."""
    return re.compile(rf"\b(?:{'|'.join(stems)})(?:s|es|ed|d|ing|[a-z](?:ed|ing)|'d)?\b")


_REMOTE = re.compile(
    r"\b(?:https?|hxxps?|ftp)://|\[\.\]|\b\d{1,3}(?:\.\d{1,3}){3}\b|\bremote\s+(?:script|code"
    r"|file|installer|payload)|\b(?:fetched|downloaded|retrieved)\b|\bpastebin\b|\bgist\b"
)
_RUN_VERBS = _forms(
    "run", "ran", "execut", "execute", "exec", "eval", "evaluat", "source", "pipe", "pip",
    "feed", "fed", "launch", "invok", "invoke", "hand", "pass", "giv", "give",
)  # fmt: skip
_INTERPRETER = (
    r"(?:your\s+|the\s+|a\s+)?(?:(?:ba|z|k|da|fi)?sh|shell|terminal|interpreter|console"
    r"|python\d?|node|ruby|perl|powershell|pwsh|root|sudo)\b"
)
_RUN_WHAT = re.compile(
    rf"^\s*(?:\S+\s+){{0,8}}?(?:into|to|through|with|by|in|using|as)\s+{_INTERPRETER}"
    r"|^\s*(?:it|them|that|this|those|these|whatever|what)\b"
    r"|^\s*(?:the\s+)?(?:output|result|response|body|contents?)\s+of\b"
    r"|^\s*(?:\S+\s+){0,6}?(?:listed|found|posted|published|served|hosted|given|written)?\s*"
    r"(?:at|from|on|in)\s+(?:https?|hxxps?|ftp)://"
)
_ROOT_MOUNT = re.compile(r"\bdocker\s+run\b[^\n]{0,120}?(?:-v\s+/:|--privileged\b|docker\.sock)")


def runs_fetched(text: str) -> bool:
    """Running what is fetched, in any words: an address or "downloaded" in the text, and
    a run asked of what it names, or through a shell."""
    if _ROOT_MOUNT.search(text):
        return True
    if not _REMOTE.search(text):
        return False
    return any(_RUN_WHAT.search(act.after) for act in _acts(text, _RUN_VERBS))


_DESTINATION = (
    r"(?:https?|hxxps?|ftp|s3|gs)://|\b[\w.+-]{1,64}@[\w-]{1,63}\.[a-z]|(?<![\w@])@[a-z][\w-]{2,}"
    r"|\b\d{1,3}(?:\.\d{1,3}){3}\b|\b(?:pastebin|gist|transfer\.sh|telegram|discord|whatsapp"
    r"|webhook)\b"
)
_DESTINATION_RE = re.compile(_DESTINATION)
_SEND_VERBS = _forms(
    "send", "sent", "post", "upload", "forward", "copy", "copie", "copi", "mirror", "sync",
    "stream", "share", "shar", "dm", "bcc", "cc", "email", "e-mail", "mail", "attach",
    "transmit", "transmitt", "push", "leak", "relay", "submit", "beam", "exfiltrat", "go",
    "goe", "pipe", "pip", "scp", "rsync",
)  # fmt: skip
_SESSION_DATA = re.compile(
    r"\b(?:conversations?|chats?|transcripts?|history|logs?|prompts?|messages?|answers?"
    r"|repl(?:y|ies)|responses?|sessions?|everything|files?|contents?|diffs?|code|source"
    r"|repo(?:sitory)?|workspace|project|database|db|dumps?|data|summary|director(?:y|ies)"
    r"|folders?|tarballs?|archives?|tree|snapshots?"
    r"|emails?|(?:the\s+)?user\s+(?:types|says|writes|shares)|passwords?|secrets?|keys?"
    r"|tokens?|credentials?|env|output|screenshots?)\b|(?<![\w.])\.env\b"
    r"|(?<![\w.])\.(?:\s|$)"  # "." alone: the working directory ("tar cz . | …")
)
_PRONOUN = re.compile(r"^\s*(?:it|them|this|that|those|these|everything|all)\b")
_GO = re.compile(r"go(?:es|ing)?$")
_WITH_IT = re.compile(r"\S*\s+(?:on|with|containing|including)\b")
_THERE = re.compile(r"^\s*(?:\S+\s+){0,3}?(?:there|to\s+it)\b")
_SUBORDINATE = re.compile(r"\b(?:if|when|whenever|once|unless|because|after|before)\b|,")


_NEW_REMOTE = re.compile(
    r"\bgit\s+remote\s+(?:add|set-url)\s+\S{1,64}\s+\S{1,200}[^\n]{0,80}?\bpush\b"
)


# The project's own hosts: reserved private names and addresses.
_INTERNAL = re.compile(
    r"(?:https?|s3|gs)://(?:[\w-]{1,63}\.){0,8}?(?:localhost|[\w-]{1,63}\.(?:internal|corp|local|lan|intra"
    r"|home\.arpa))\b|(?:https?://)?(?:127\.\d+|10\.\d+|192\.168|172\.(?:1[6-9]|2\d|3[01]))"
    r"\.\d+\.\d+"
)


# Data carried out without a verb of sending: in the query of a link or an image the agent
# is to load ("?d=<notes>", "![](https://…?q=…)"), or piped into a raw socket.
_URL_SLOT = re.compile(
    r"https?://[^\s)]{1,200}?[?&][\w-]{1,40}=(?:<[^>\n]{1,40}>|\{[^}\s]{1,40}\}|\$\{?\w"
    r"|%s|[a-z_]*(?:session|conversation|chat|prompt|secret|token|key|data|notes?|content)"
    r"[a-z_]*\b)"
)
_IMAGE_LINK = re.compile(r"!\[[^\]\n]{0,80}\]\(\s*https?://[^\s)]{1,200}\?[^\s)]{1,200}\)")
_SOCKET = re.compile(r"\|\s*(?:nc|ncat|netcat|socat|telnet)\s+(?:-\S+\s+){0,3}(\S+)\s")


# A send written as settings: a destination field with an outside address.
_SEND_FIELD = re.compile(
    r"\b(?:destination|target|endpoint|sink|send_to|upload_to|post_to|forward_to|report_to"
    r"|exfil\w*)\s*[:=]\s*[\"']?(?=(?:https?|s3|gs|ftp)://|[\w.+-]{1,64}@)"
)


def sends_data(text: str) -> bool:
    """Sending the session's data to an address, in any words (not to the project's own
    hosts)."""
    if not _DESTINATION_RE.search(text):
        return False
    if _NEW_REMOTE.search(text) or _URL_SLOT.search(text) or _IMAGE_LINK.search(text):
        return True
    field = _SEND_FIELD.search(text)
    if field and not _INTERNAL.match(text, field.end()) and _SESSION_DATA.search(text):
        return True
    socket = _SOCKET.search(text)
    if socket and not _INTERNAL.match(socket.group(1)):
        return True
    for act in _acts(text, _SEND_VERBS):
        where = _DESTINATION_RE.search(act.after)
        if where is None:  # "everything the user types should go there"
            if _THERE.search(act.after) and _SESSION_DATA.search(act.before):
                return True
            continue
        if _INTERNAL.match(act.after, where.start()):
            continue
        if _GO.match(act.verb) and _SESSION_DATA.search(act.before):
            return True  # "the prompts go to https://…"
        sent = act.after[: where.start()]
        if _WITH_IT.match(act.after, where.end()):
            sent += act.after[where.end() :]  # "bcc x@y.z on every email"
        if _SESSION_DATA.search(sent) and not _SUBORDINATE.search(sent):
            return True
        if _SESSION_DATA.search(act.before) and (_PRONOUN.search(act.after) or _passive(act)):
            return True  # "logs will be forwarded to …", "DM it to @x"
    return False


def _passive(act: _Act) -> bool:
    return _participle(act.before, act.verb)


_SHOW_VERBS = _forms(
    "print", "cat", "show", "shown", "display", "output", "echo", "reveal", "leak", "paste",
    "give", "given", "tell", "told", "repeat", "expose", "disclos", "disclose", "dump",
    "mention", "provide", "provid", "hand", "send", "sent", "post", "share", "shar", "dm",
    "email", "upload", "attach", "remind", "quote", "quot", "cite", "cit", "recite", "recit",
)  # fmt: skip
# Verbs that expose only where they put it: "list .env in .dockerignore" is a convention.
_PLACE_VERBS = _forms(
    "include", "includ", "put", "add", "write", "written", "store", "stor", "save", "sav",
    "commit", "committ", "hardcode", "hardcod", "export", "embed", "bake", "bak", "copy",
    "copie", "copi", "move", "mov", "log", "logg", "encode", "encod", "insert", "list",
    "open", "read", "belong", "go",
)  # fmt: skip
_SHOWN_TO = re.compile(
    r"\b(?:to|for|with|in|into|on)\s+(?:the\s+|your\s+|each\s+|every\s+|a\s+|an\s+)?"
    r"(?:user|chat|answer|reply|response|output|console|terminal|screen|channel|team"
    r"|everyone|anyone|whoever|them)\b|\b(?:the\s+)?user\b"
)
_PLACED_IN = re.compile(
    r"\b(?:plain\s*text|readme|docs?|documentation|repo(?:sitory)?|git|commits?|code|source"
    r"|config|settings|\w+\.(?:py|js|ts|ya?ml|json|toml|md|txt|cfg|ini)|dockerfile|image"
    r"|env\s+line|chat|channel|slack|issues?|pr|pull\s+request|description|message|logs?"
    r"|wiki|public|answers?|repl(?:y|ies)|responses?|reports?|summary|output|comments?)\b"
    r"|(?<![\w.])\w*/(?:\s|$)"
)
_SECRET_THING = re.compile(
    CREDENTIAL_WORD + r"|(?<![a-z])_(?:secret|token|key|password)s?\b"
    r"|\b(?:deploy|signing|master|license|encryption|gpg|pgp|auth|root|vault|npm|pypi)\s+"
    r"(?:keys?|tokens?)\b|\bkubeconfig\b|\blogin\s+data\b|\bsaved\s+passwords\b"
    r"|generic-password"
    r"|\b(?:printenv|env|set|export\s+-p)\s*\|\s*grep\b[^\n|]{0,30}?(?:key|token|secret|pass)"
)
_CLAUSE_STOP = re.compile(r"[;!?]|\.(?:\s|$)")
_PLACEMENT = re.compile(r"\b(?:to|into|in|inside|onto|if|when|whenever|once|unless)\b|,")
# What stands for a credential named before: "put it in the PR", "tell the user the result".
_REFERENT = re.compile(r"\b(?:it|them|this|that|those|these|result|output|value|contents?)\b")
_SECURITY_OFF = re.compile(
    r"\b(?:disable|turn\s+off|skip|bypass|remove)\s+(?:the\s+)?(?:secret\s+scanning|gitleaks"
    r"|push\s+protection|2fa|mfa|secret\s+detection)\b"
)


# Credentials shared only through a secret store: the rule that keeps them out of sight
# (``ipassword``: 1Password with its digit read as a letter).
_SECRET_STORE_ONLY = re.compile(
    r"\bonly\s+(?:through|via|in|using|with|from)\s+[^,;.!?]{0,60}?"
    r"\b(?:vaults?|password\s+managers?|[1i]password|bitwarden|keepass\w*|lastpass"
    r"|secrets?\s+managers?)\b"
)


def store_only(text: str) -> bool:
    """Whether ``text`` allows credentials only through a secret store (``share passwords
    only through the team vault``): a safeguard, not an exposure."""
    return _SECRET_STORE_ONLY.search(text) is not None


def exposes_credentials(text: str) -> bool:
    """Showing credentials to someone or placing them where they are seen, in any words."""
    if not _SECRET_THING.search(text):
        return False
    if _SECURITY_OFF.search(text):
        return True
    for verbs, placed in ((_SHOW_VERBS, False), (_PLACE_VERBS, True)):
        for act in _acts(text, verbs):
            if store_only(" ".join(act.after.split()[:12])):
                continue  # "share passwords only through the team vault": a safeguard
            where = _CLAUSE_STOP.split(act.after, maxsplit=1)[0]
            if placed and not (
                _PLACED_IN.search(where) or _SHOWN_TO.search(where) or act.verb.startswith("commit")
            ):
                continue
            near = " ".join(act.after.split()[:10])
            cut = (_PLACEMENT if placed else _SUBORDINATE).search(near)
            direct = near[: cut.start()] if cut else near
            if _SECRET_THING.search(direct):
                return True
            if _SECRET_THING.search(act.before) and (
                _REFERENT.search(direct) or _passive(act) or act.verb in _NORMATIVE
            ):
                return True  # "put it in the PR", "the token belongs in every commit"
    return False


_INSTRUCTION_SET = (
    r"(?:instructions?|guidance|guidelines?|rules|directives?|directions|polic(?:y|ies)|prompts?"
    r"|orders|restrictions|guardrails|constraints|conversation|context|messages"
    r"|what\s+(?:you|it)\s+(?:was|were|got)\s+(?:told|given)|everything\s+(?:you|it)\s+"
    r"(?:was|were)\s+told)"
)
# Whose: the agent's own, not a document's ("the setup instructions in docs/ are outdated").
_THEIRS = re.compile(
    r"\b(?:your|its|you\s+(?:were|got|have\s+been)|(?:assistant|agent|model|ai|bot)\s?'?s?"
    r"|operator\s?'?s?|developer\s?'?s?|system|safety|content|previous|prior|earlier|original"
    r"|initial|above|preceding|built-in|default|given|all\s+(?:previous|prior|earlier|other))"
    rf"\s+(?:\w+\s+){{0,2}}?{_INSTRUCTION_SET}\b(?!\s+(?:in|of|from|on)\s+(?:the\s+)?"
    r"(?:readme|docs?|wiki|file|page|\S+\.[a-z]{1,4}\b|\S*/))"
    rf"|\b{_INSTRUCTION_SET}\s+(?:you|it)\s+(?:were|was|have\s+been|had\s+been)\s+"
    r"(?:given|told)\b"
    rf"|\b{_INSTRUCTION_SET}\s+(?:you|it)\s+(?:got|get|received|have)\s+from\s+(?:the\s+|your\s+)?"
    r"(?:operator|developer|system|creator|maker|provider)s?\b"
    rf"|\b{_INSTRUCTION_SET}\s+(?:from|of|by|given\s+by)\s+(?:the\s+|your\s+)?(?:operator"
    r"|developer|system|user)\b"
    rf"|\b(?:everything|all)\s+(?:you\s+(?:were|got)\s+told|before|above)\b"
)
_SET_ASIDE = re.compile(
    r"\b(?:ignor|disregard|forget|forgot|void|supersed|suspend|lift|overrid|overrul|obsolete"
    r"|outdated|invalid|cancel|revok|replac|(?:set|put)\s+(?:\w+\s+){0,2}?aside"
    r"|stop\s+following|(?:just|only|merely)\s+(?:suggestions|advice|hints)|optional"
    r"|no\s+longer\s+(?:apply|applies|valid|in\s+effect|binding|count|matter|hold|stand)"
    r"|(?:turned|switched)\s+off|disabled|waived|(?:do|does)\s*(?:n't|not)"
    r"\s+(?:apply|count|matter|bind)|not\s+binding|a\s+test|never\s+happened"
    r"|pretend\s+you\s+never|instead\s+of)\w*"
)
_RANK = re.compile(
    r"\b(?:act\w*|operat\w*|run\w*|work\w*|is|are|re)\s+(?:now\s+)?(?:as|in)\s+(?:an?\s+)?(?:root"
    r"|admin(?:istrator)?|superuser|owner|god|developer\s+mode|unrestricted|unfiltered|dan)\b"
    r"|\b(?:does|do|will|need)\s*(?:n't|not)\s+(?:need\s+)?(?:the\s+|any\s+|its\s+|your\s+)?"
    r"(?:user\s?'?s?\s+|human\s?'?s?\s+)?(?:permission|approval|consent|confirmation)\b"
    r"|\bno\s+longer\s+(?:asks?|needs?|requires?)\s+(?:for\s+)?(?:confirmation|permission"
    r"|approval)\b|\bunrestricted\s+(?:agent|assistant|mode|ai)\b"
    r"|\bwithout\s+(?:safety|content)\s+(?:guidelines|rules|filters|policies)\b"
    r"|\b(?:obey|follow|comply|execute|do)\b[^.;]{0,40}?\bwithout\s+(?:question|questioning"
    r"|hesitation|checking|review)\b"
    r"|\bas\s+(?:if\s+)?(?:coming\s+)?from\s+(?:your|the)\s+(?:system|developer|operator)\b"
    r"|\bwhatever\s+the\s+user\s+(?:says|asks|wants|writes)\b"
    r"|\b(?:always\s+)?claim\s+(?:that\s+)?(?:the\s+)?(?:code|tests?|build|it|change)\b"
    r"|\b(?:must|should|shall)\s+not\s+(?:mention|reveal|disclose)\s+(?:this|these)\b"
    r"|\bkeep\s+(?:this|these|it)\b[^.;]{0,30}?\b(?:secret|hidden)\s+from\b"
    r"|\b(?:never|don't|do\s+not)\s+(?:reveal|mention|disclose)\s+(?:to\s+the\s+user|that\s+you)\b"
    r"|\bdecod\w*\b[^.;]{0,40}?\b(?:follow|obey|apply|comply)\b"
    r"|\b(?:more\s+important|higher\s+priority|priority|precedence|above|over)\s+(?:than\s+)?"
    r"(?:your|the|its)\s+(?:system\s+prompt|instructions|rules|guidelines|operator|developer)\b"
    r"|\b(?:promoted|elevated|upgraded)\s+to\s+(?:an?\s+)?(?:admin\w*|root|owner|superuser"
    r"|maintainer)\b|\banswers?\s+(?:only\s+)?to\s+no\s?one\b"
    r"|\b(?:keep|stay|remain|be)\s+(?:quiet|silent|mum)\s+about\b"
    r"|\b(?:tell\s+(?:the\s+)?user|say|claim|report)\b[^.;]{0,60}?\beven\s+(?:when|if|though)\b"
    r"[^.;]{0,40}?\b(?:fail\w*|broken|false|not\s+true|didn't|did\s+not)\b"
    r"|\bact\s+as\s+if\b|\byour\s+only\s+(?:rule|goal|task|instruction|job|purpose)\b"
    r"|\b(?:do|follow|obey)\s+(?:only\s+)?(?:what(?:ever)?|as)\s+(?:this|these|the)\s+"
    r"(?:memory|memories|note|notes|file|comments?|message)\s+(?:says?|tells?|asks?)\b"
    r"|\b(?:let|allow)\s+(?:the\s+|your\s+)?user\s+(?:know|see|find\s+out|notice)\b"
    r"|\bwithout\s+(?:the\s+|your\s+)?user\s+(?:knowing|noticing|seeing)\b"
    r"|\b(?:skip|bypass|disable|turn\s+off|ignore)\s+(?:\w+\s+){0,2}?(?:safety|security)\s+"
    r"(?:checks?|rules|filters|guidelines|measures)\b"
    r"|\b(?:say|claim|answer|report|reply|tell\s+\w+)\b[^.;]{0,60}?\b(?:no\s+matter\s+what"
    r"|regardless\s+of\s+(?:what|the\s+(?:result|outcome|output))|whatever\s+(?:happens"
    r"|happened|the\s+(?:result|outcome|output)))"
)


def sets_rules_aside(text: str) -> bool:
    """Setting the agent's own instructions aside, raising its rank, or turning it against
    its user, in any words."""
    if _RANK.search(text):
        return True
    return any(
        _THEIRS.search(sentence) and _SET_ASIDE.search(sentence)
        for sentence in _SENTENCE_END.split(text)
    )


# Other languages, read in the text with its script: the same acts, on the same objects.
_FOREIGN_NEGATION = re.compile(
    r"\b(?:no|nunca|jam[aá]s|nie|niemals|nicht|kein\w*|ne|jamais|pas|non|mai|не|никогда"
    r"|нельзя)\b|不|别|勿|禁止|切勿|不要"
)
_FOREIGN_ACT = re.compile(
    r"\b(?:env[ií]|mand|sub[ei]|compart|publica|schick|send|übertrag|hochlad|teil|envoi|envoy"
    r"|transf[eé]r|partag|invi|caric|отправ|загруж|пересыл|выгруж|wysl|wysył|przesl|stuur"
    r"|verstuur|verzend|muestr|mostr|imprim|zeig|gib|affich|montr|exib|pokaz|wyswietl|toon"
    r"|ignor|zignoruj|negeer|vergiss|olvid|oubli|dimentic|ejecut|execut|ausf[uü]hr|lanc"
    r"|выполн|запуст|выв[оеи]д|покаж|показ)"
)


def _negated_first(sentence: str) -> bool:
    """Whether a negation comes before the sentence's first verb of an act ("no muestres",
    not the Portuguese "no início" after it)."""
    negation = _FOREIGN_NEGATION.search(sentence)
    if negation is None:
        return False
    act = _FOREIGN_ACT.search(sentence)
    return act is None or negation.start() < act.start()


_FOREIGN_SEND = re.compile(
    r"\b(?:env[ií]\w*|mand\w*|sub[ei]\w*|compart\w*|publica\w*|schick\w*|send\w*"
    r"|übertrag\w*|hochlad\w*|lade\w*|teil\w*|envoi\w*|envoy\w*|transf[eé]r\w*|t[ée]l[ée]vers\w*"
    r"|partag\w*|invi\w*|caric\w*|отправ\w*|загруж\w*|пересыл\w*|перешл\w*|выгруж\w*"
    r"|пришл\w*|wyslij\w*|wysył\w*|wysyl\w*|prześl\w*|przesl\w*|stuur\w*|verstuur\w*"
    r"|verzend\w*)\b|发送|发给|上传|传到|转发|寄给|送信|送って|送る|アップロード|보내|전송|업로드"
)
_FOREIGN_DATA = re.compile(
    r"c[oó]dig|quellcode|源码|код|contenid|repositori|conversaci|historial|archiv|datos|chatverlauf|inhalt|verlauf"
    r"|dateien|datei|daten|contenu|fichier|conversation|historique|donn[ée]es|contenut|dati"
    r"|对话|记录|代码|仓库|内容|文件|数据|содержим|переписк|репозитор|файл|истори|данн|диалог"
    r"|cronologi|conversazion|chat|conteud|conversa|rozmow|zawarto|repozytor|plik|inhoud"
    r"|geschiedenis|gesprek|bestand|会話|履歴|リポジトリ|ファイル|대화|기록|내용|저장소|파일"
)
# "donnees" (données, data, as the plain view spells it) is no "donne" (give).
_FOREIGN_SHOW = re.compile(
    r"\b(?:muestr\w*|mostr\w*|imprim\w*|ense[ñn]\w*|zeig\w*|gib|gebt|ausgeb\w*"
    r"|affich\w*|montr\w*|donne(?!e)\w*|r[ée]v[eè]l\w*|mostra\w*|stampa\w*|выв[оеи]д\w*"
    r"|покаж\w*|показ\w*|распечат\w*|печата\w*|сообщ\w*|дай\w*|exib\w*|pokaz\w*"
    r"|pokaż\w*|wyswietl\w*|wyświetl\w*|toon|tonen|laat\s+zien)\b"
    r"|附上|显示|输出|打印|告诉|展示|提供|贴出|表示|見せ|出力|보여|표시|출력"
)
_FOREIGN_SECRET = re.compile(
    r"(?<![^\W\d_])(?:contrase[ñn]|credencial|clave|secret|passw|kennw|zugangsdat|schl[üu]ssel"
    r"|mot\s+de\s+passe"
    r"|identifiant|cl[ée]s?\b|token|密码|密钥|私钥|凭证|令牌|парол|ключ|токен|учётн|учетн|секрет"
    r"|senha|hasł|hasl|wachtwoord)|パスワード|秘密鍵|認証情報|비밀번호|암호"
)


_FOREIGN_SET_ASIDE = re.compile(
    r"\b(?:ignor(?!e\b|es\b|ed\b|ing\b)\w*|zignoruj\w*|negeer\w*|vergiss\w*|olvid\w*|oubli\w*|dimentic\w*"
    r"|игнорир\w*|забудь\w*)|無視|무시|忽略|无视|忘记"
)
_FOREIGN_INSTRUCTIONS = re.compile(
    r"instruc|instrukc|instructie|anweisung|vorgab|consign|istruzion|regl|regole|regeln"
    r"|инструкц|указани|指示|指令|지시|명령"
)
_FOREIGN_RUN = re.compile(
    r"\b(?:ejecut\w*|execut\w*|ausf[uü]hr\w*|lanc\w*|выполн\w*|запуст\w*)\b|运行|执行"
)
_FOREIGN_SCRIPT = re.compile(r"\b(?:script\w*|skript\w*|bash|sh|shell|скрипт\w*)\b|脚本")
# Words of Spanish, German, French, Italian, Portuguese or Dutch that English texts do not
# use two of.
_FOREIGN_WORDS = re.compile(
    r"\b(?:el|los|las|del|por|para|una|der|die|das|und|ist|nicht|jeder|les|des|du|est|une"
    r"|aux|chaque|che|della|ogni|sul|la|de|al|lo|que|cuando|mit|von|zu|den|dem|dans|pour"
    r"|avec|sur|et|cada|tras|nach|jedem|jeden|apres|avant|dopo|prima|os|da|em|het"
    r"|een|naar|elke|gli|van|aan|voor|niet|deze|alleen|eerdere|sie|oraz|jest|tylko)\b"
)
_FOREIGN_SENTENCE = re.compile(r"(?<=[.!?])\s+|(?<=[\u3002\uff01\uff1f])|\n+")


def foreign_act(plain: str, *, marked: bool = False) -> str | None:
    """Running what is fetched, sending data out, showing credentials or setting
    instructions aside, said in another language (``plain`` has lost its accents;
    ``marked``: the text had them)."""
    if not (marked or not plain.isascii() or len(set(_FOREIGN_WORDS.findall(plain))) >= 2):
        return None
    for sentence in _FOREIGN_SENTENCE.split(plain):
        if _negated_first(sentence):
            continue
        if (
            _FOREIGN_SEND.search(sentence)
            and _DESTINATION_RE.search(sentence)
            and _FOREIGN_DATA.search(sentence)
        ):
            return "sends data out"
        if (
            _FOREIGN_RUN.search(sentence)
            and _REMOTE.search(sentence)
            and _FOREIGN_SCRIPT.search(sentence)
        ):
            return "runs code fetched from the network"
        if _FOREIGN_SET_ASIDE.search(sentence) and _FOREIGN_INSTRUCTIONS.search(sentence):
            return "overrides instructions"
        if _FOREIGN_SHOW.search(sentence) and (
            _FOREIGN_SECRET.search(sentence) or _CREDENTIAL_PATH.search(sentence)
        ):
            return "touches credentials"
    return None


# Tags and brackets named for a role, whatever their spelling: <system-reminder>,
# </memories>, <tool_call>, [SYSTEM OVERRIDE] (memoryd's own <turn> markup is the junk
# guard's).
ROLE_NAMED = re.compile(
    r"</?\s*[\w-]{0,24}?(?:system|assistant|user|developer|human|tool_?call|function_?call"
    r"|instructions?|prompt|memories|im_start|im_end)[\w-]{0,24}(?:\s[^<>]{0,80})?>"
    r"|\[\s*(?:system|assistant|user|developer|admin|human)\b[^\]\n]{0,40}\]"
    r"|\brole\W{0,3}:\s*\W{0,2}(?:system|assistant|developer|tool|model)\b\W{0,3}"
    r"(?:,|\}|content\b)"
)
