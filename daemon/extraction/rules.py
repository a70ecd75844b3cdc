"""The rules extractor: what users say explicitly, kept without a model.

Only ``user`` messages (and the summary a host sends with a ``compaction`` event) are
mined; assistant messages and tool outputs are data (an assistant question gives a short
answer its context, a tool output is only checked for instructions aimed at the agent). A
user sentence is kept when it asks to remember something, states a preference or a
correction, records a decision, or dates a project event. Sentences holding a secret are
refused, never proposed.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from datetime import datetime
from itertools import accumulate

from daemon.base.redaction import find_secrets, redact
from daemon.extraction.base import (
    ExtractionBatch,
    MemoryOp,
    MemoryReader,
    Proposal,
    Refusal,
    TurnRecord,
)
from daemon.gate.dates import resolve_relative_dates
from daemon.gate.hashing import content_hash
from daemon.gate.prompt_injection import looks_like_injection
from daemon.gate.refusal import Reason
from daemon.gate.substance import states_nothing

__all__ = ["RulesExtractor"]

_I = re.IGNORECASE
_CODE = re.compile(r"```.*?(?:```|\Z)|^[ \t]*>.*$", re.DOTALL | re.MULTILINE)
_REDACTED = re.compile(r"\[redacted:[a-z_]+\]")
# A newline cut starts where its blanks start, so only there (not inside a run of blanks,
# each start of which would read the whole run).
_BOUNDARY = re.compile(r"(?<=[.!?])\s+|(?<=[.!?][\"')\]])\s+|(?<!\s)\s*\n\s*")
_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "vs.", "cf.", "approx.")
_FILLER = re.compile(r"^(?:(?:and|also|but|so|plus|oh|ok|okay|btw|then)\b,?\s+)+", _I)
_NEGATION = re.compile(r"^(?:no+|nope|wrong|not like that|that's (?:wrong|not right))\W*$", _I)
_NO_COMMA = re.compile(r"^(?:no|nope)\s*[,;:\u2014-]\s+(?P<rest>.+)$", _I)
_REMEMBER_LEAD = re.compile(
    r"^(?:please\s+)?(?:(?:also|and|oh|btw),?\s+)*(?:please\s+)?"
    r"(?:remember|note|keep in mind|(?:don't|do not|never) forget|make a note)\b"
    r"(?:\s+(?:that|this)\b)?[\s:,]*(?P<body>.+)$",
    _I,
)
_REMEMBER_TAIL = re.compile(
    r"^(?P<body>.+?)\s*[,;:\u2014-]\s*(?:please\s+)?"
    r"(?:remember|note|keep in mind|don't forget)\s+(?:that|this)\W*$",
    _I,
)
_DECISION = re.compile(
    r"\b(?:decided|decision\s+(?:is|was)|(?:we|they)\s+(?:agreed|chose|picked|settled)"
    r"|settled\s+on|let'?s\s+go\s+with|we(?:'ll|\s+will)?\s+go\s+with|going\s+with"
    r"|(?:never|don't|do\s+not)\s+change\s+it\s+back)\b",
    _I,
)
_PREFERENCE = re.compile(
    r"\bI\s+(?:really\s+|strongly\s+|generally\s+|usually\s+)?(?:prefer|like|love|hate|dislike"
    r"|want\s+you\s+to|(?:don't|do\s+not)\s+(?:like|want|use))\b|\bI(?:'d|\s+would)\s+rather\b"
    r"|^(?:please\s+)?(?:always|never)\b|\b(?:we|I)\s+(?:always|never)\s+\w+|,\s*always\W*$"
    r"|^(?:please\s+)?(?:stop|quit)\s+\w+ing\b|^(?:please\s+)?keep\s+\w+ing\b"
    r"|^(?:please\s+)?(?:don't|do\s+not)\s+(?:ever\s+)?(?:use|add|write|put|call|create"
    r"|commit|push|run|change|touch|modify|edit|mock|import|include|leave|make)\b",
    _I,
)
# "use X over Y", "prefer X instead of Y": see _prefers_over.
_OVER_VERB = re.compile(r"(?:please\s+)?(?:use|prefer|avoid)(?=\s)", _I)
_OVER_WORD = re.compile(r"(?<=\s)(?=(?:instead\s+of|over|rather\s+than)\s)", _I)
_BLANKS = re.compile(r"\s*")
_EVENT = re.compile(
    r"\b(?:we|our|the team|freezes?|frozen|releases?|launch(?:es)?|deadline|ships?|deploys?"
    r"|migrations?|cutover|due|demo|goes live|go live|sunset|deprecated?|starts?|ends?)\b",
    _I,
)
_RULE = re.compile(
    r"\b(?:should|must|need to|have to|always|never|only|instead|rather|prefer\w*|starts?"
    r"|ends?|use|put|keep|avoid|no|without|lowercase|uppercase|capitali[sz]ed?)\b",
    _I,
)
_DEICTIC = re.compile(
    r"\b(?:like|prefer|love|hate|dislike|want)\s+(?:it|this|that|these|those)"
    r"(?:\s+(?:one|way|approach|style|version|idea|solution|better|more|much|a lot))*\W*$",
    _I,
)
_SHARED = re.compile(r"\b(?:we|our|us|this (?:repo|project|codebase|team)|the team)\b", _I)
_FIRST_PERSON = re.compile(r"^(?:I|I'm|I've|I'd|my|me)\b", _I)
_REWRITES = (
    (re.compile(r"^(?:I'm|I am)\b"), "The user is"),
    (re.compile(r"^(?:I've|I have)\b"), "The user has"),
    (re.compile(r"^(?:I'd|I would) rather\b"), "The user would rather"),
    (re.compile(r"^I (?:don't|do not)\b"), "The user does not"),
    (re.compile(r"^I ((?:really|always|never|usually|generally|strongly) )?(prefer|like|love"
                r"|hate|dislike|want|need|use|work|write|run)\b"), r"The user \1\2s"),
    (re.compile(r"^My\b"), "The user's"),
)  # fmt: skip
_TERM = re.compile(r"`[^`\n]+`|\b[A-Za-z_]\w*(?:[._]\w+)+\b|\b[A-Z][A-Z0-9]{2,}\b")
_TITLE_END = re.compile(r"[:;]\s|[.!?](?:\s|$)|,\s|\s[\u2014\u2013-]\s")
_VAGUE_WORDS = (
    "yes", "yeah", "yep", "ok", "okay", "sure", "no", "exactly", "like", "that", "this", "it",
    "way", "keep", "doing", "do", "done", "so", "just", "please", "perfect", "great", "good",
    "fine", "nice", "cool", "thanks", "thank", "you", "much", "very", "right", "correct",
    "same", "continue", "going", "sounds", "looks", "works", "lgtm", "go", "ahead", "the",
    "that's", "it's",
)  # fmt: skip
_VAGUE = frozenset(_VAGUE_WORDS)
_ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_MAX_SENTENCE = 400
_TITLE_CHARS = 80


@dataclass(frozen=True, slots=True)
class _Candidate:
    type: str
    content: str
    reason: str


def _sentences(text: str) -> list[tuple[str, bool]]:
    """Sentences of ``text``, each with whether it holds a secret (never split inside one)."""
    spans = sorted(
        [(h.start, h.end) for h in find_secrets(text)]
        + [m.span() for m in _REDACTED.finditer(text)]
    )
    starts = [s for s, _ in spans]
    reach = list(accumulate((e for _, e in spans), max))  # the furthest end so far

    def reaches(before: int, past: int) -> bool:
        """Whether a span starting before ``before`` ends after ``past``."""
        i = bisect_left(starts, before)
        return i > 0 and reach[i - 1] > past

    low = text.lower()
    cuts: list[tuple[int, int]] = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        cut = m.start()
        if reaches(cut, cut) or low.endswith(_ABBREVIATIONS, 0, cut):
            continue
        cuts.append((start, cut))
        start = m.end()
    cuts.append((start, len(text)))
    return [(text[s:e].strip(), reaches(e, s)) for s, e in cuts if text[s:e].strip()]


def _tidy(sentence: str) -> str:
    sentence = _FILLER.sub("", sentence.strip()).strip(" ,;:\u2014-")
    if sentence and sentence[-1] not in ".!?":
        sentence += "."
    return sentence[:1].upper() + sentence[1:]


def _vague(sentence: str) -> bool:
    words = re.findall(r"[a-z']+", sentence.lower())
    return all(word in _VAGUE for word in words)


def _third_person(sentence: str) -> str:
    for pattern, replacement in _REWRITES:
        rewritten, count = pattern.subn(replacement, sentence, count=1)
        if count:
            return rewritten
    return sentence


def _title(content: str) -> str:
    first = _TITLE_END.split(content, maxsplit=1)[0].strip()
    if len(first) <= _TITLE_CHARS:
        return first
    cut = first[: _TITLE_CHARS - 1]
    return cut[: cut.rfind(" ")].rstrip(" ,;:") + "…" if " " in cut else cut + "…"


def _question(asked: str) -> str:
    """The assistant's last question and the sentence before it, on one line."""
    sentences = [text for text, _ in _sentences(asked)]
    asks = [i for i, text in enumerate(sentences) if text.endswith("?")]
    last = asks[-1] if asks else len(sentences) - 1
    return " ".join(" ".join(sentences[max(0, last - 1) : last + 1]).split())


def _in_reply(answer: str, asked: str, decision: str) -> str:
    """A decision given as a short answer, with the question's terms it picks and the question."""
    wanted = set(re.findall(r"[a-z0-9]+", answer.lower()))
    terms = [
        term.strip("`")
        for term in dict.fromkeys(t.group(0) for t in _TERM.finditer(asked))
        if wanted and wanted <= set(re.findall(r"[a-z0-9]+", term.lower()))
    ]
    head = answer.rstrip(".!") + (f" ({', '.join(terms)})" if terms else "")
    question = _question(asked)
    if len(question) > _MAX_SENTENCE or find_secrets(question) or looks_like_injection(question):
        return f"{head}: {decision}"
    return f"{head}: {decision} (In reply to: {question})"


def _short_answer(sentence: str, asked: str) -> bool:
    """A few words answering the assistant's question ("Half-even.")."""
    if "?" not in asked or sentence.endswith("?") or _vague(sentence):
        return False
    return len(sentence) <= 40 and len(sentence.split()) <= 4


def _blanks_end(text: str, start: int) -> int:
    blanks = _BLANKS.match(text, start)
    return blanks.end() if blanks else start


def _prefers_over(sentence: str) -> bool:
    """Whether ``sentence`` matches ``^(?:please\\s+)?(?:use|prefer|avoid)\\s+.+\\s+`` then
    ``(?:instead\\s+of|over|rather\\s+than)\\s``, decided in one pass: that regex backtracks
    through every split of a run of blanks (cubic in the sentence's length)."""
    verb = _OVER_VERB.match(sentence)
    if verb is None:
        return False
    after = verb.end()  # a blank
    lead = _blanks_end(sentence, after)  # where the blanks after the verb end
    newline = sentence.find("\n", lead)  # ``.+`` takes no newline: it must lie in the blanks
    blank_to = _blanks_end(sentence, newline) if newline >= 0 else len(sentence)
    for word in _OVER_WORD.finditer(sentence, after + 3):
        at = word.start()
        if at == lead:  # only blanks before the word: ``.+`` takes one of them
            if sentence.count("\n", after + 1, at - 1) < at - after - 2:
                return True
        elif newline < 0 or newline >= at or blank_to >= at:
            return True
    return False


def _unfit(sentence: str) -> bool:
    return sentence.endswith("?") or len(sentence) > _MAX_SENTENCE or _vague(sentence)


def _remembered(body: str) -> _Candidate:
    kind = "user" if _FIRST_PERSON.match(body) else "project"
    return _Candidate(kind, body, "asked to remember")


# "Please remember it.": the statement is the sentence before the request.
_REFERS_BACK = _Candidate("", "", "refers back")


def _classify(sentence: str, correction: bool, at: datetime) -> _Candidate | None:
    if _unfit(sentence):
        return None
    if _DECISION.search(sentence):
        return _Candidate("decision", _tidy(sentence), "stated decision")
    remember = _REMEMBER_LEAD.match(sentence) or _REMEMBER_TAIL.match(sentence)
    if remember is not None:
        body = _tidy(remember.group("body"))
        if states_nothing(body):
            return _REFERS_BACK
        return _remembered(_tidy(sentence) if body.lower().startswith("to ") else body)
    if _DEICTIC.search(sentence):
        return None  # "I like this approach": not understandable alone
    preference = _PREFERENCE.search(sentence) or _prefers_over(sentence)
    if preference or (correction and _RULE.search(sentence)):
        kind = "project" if _SHARED.search(sentence) else "user"
        return _Candidate(kind, _tidy(sentence), "correction" if correction else "preference")
    dated = _ISO_DATE.search(sentence) or resolve_relative_dates(sentence, at) != sentence
    if dated and _EVENT.search(sentence):
        return _Candidate("project", _tidy(sentence), "dated project fact")
    return None


class RulesExtractor:
    """Keeps what users state explicitly; no model, so usage stays zero."""

    name = "rules"

    async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
        proposal = Proposal()
        seen = {content_hash(m.type, m.content) for m in await memories.manifest()}
        asked = ""
        for turn in batch.context:
            asked = _last_assistant(turn, asked)
        for turn in batch.turns:
            if turn.kind == "compaction" and turn.summary:  # the host's summary: mined too
                self._user(turn.summary, "", turn, bool(batch.scope.user), seen, proposal)
            for message in turn.messages:
                text = message.content or ""
                if message.role == "user":
                    self._user(text, asked, turn, bool(batch.scope.user), seen, proposal)
                elif message.role in ("tool", "function"):
                    if excerpt := looks_like_injection(text):
                        reason = "instruction inside a tool output (data, not instructions)"
                        proposal.refusals.append(
                            Refusal(reason, excerpt, turn.turn, Reason.DIRECTIVE)
                        )
                elif message.role == "assistant" and text.strip():
                    asked = text
        return proposal

    def _user(
        self,
        text: str,
        asked: str,
        turn: TurnRecord,
        has_user: bool,
        seen: set[str],
        proposal: Proposal,
    ) -> None:
        sentences = _sentences(_CODE.sub("\n", text))
        correction, answer = False, ""
        if sentences and not sentences[0][1]:
            first = sentences[0][0]
            rest = _NO_COMMA.match(first)
            if _NEGATION.match(first) or rest is not None:
                correction = True
                sentences[0] = (rest.group("rest") if rest else "", False)
            elif _short_answer(first, asked):
                answer, sentences = first, sentences[1:]
        unkept = ""  # the last sentence not kept: what "Please remember it." refers to
        for sentence, secret in sentences:
            if secret:
                safe = redact(sentence)[0]
                proposal.refusals.append(Refusal("secret", safe, turn.turn, Reason.SECRET))
                unkept = ""
                continue
            candidate = _classify(sentence, correction, turn.at)
            if candidate is _REFERS_BACK:
                stated = not (_unfit(unkept) or states_nothing(unkept) or _DEICTIC.search(unkept))
                candidate = _remembered(_tidy(unkept)) if stated else None
            unkept = sentence if candidate is None else ""
            if candidate is None:
                continue
            content = candidate.content
            if candidate.type == "decision" and answer:
                content = _in_reply(answer, asked, content)
            kind = candidate.type if has_user or candidate.type != "user" else "project"
            if kind == "user":
                content = _third_person(content)
            content = resolve_relative_dates(content, turn.at)
            digest = content_hash(kind, content)
            if digest in seen:
                continue
            seen.add(digest)
            proposal.ops.append(
                MemoryOp(
                    action="create",
                    type=kind,
                    title=_title(content),
                    content=content,
                    turns=(turn.turn,),
                    reason=candidate.reason,
                )
            )


def _last_assistant(turn: TurnRecord, asked: str) -> str:
    for message in turn.messages:
        if message.role == "assistant" and (message.content or "").strip():
            asked = message.content or ""
    return asked
