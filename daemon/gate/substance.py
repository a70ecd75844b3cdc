"""Junk that must never become a memory, whoever proposes it.

:func:`junk_reason` says why a title and content are not a memory, or None:

- no words: empty, or only punctuation and symbols (content "." kept with an empty title);
- no statement: only a reference to something said elsewhere ("Decision and the reason.",
  "Please remember that decision and the reason.", "Note that.");
- memoryd's own transcript markup (``<turn n=… at=…>``, ``[user] …``) or prompt text (a
  clause of the extraction prompt, whatever its case and spacing);
- a copy of the host's own prompt (:class:`Prompts`): most of its words in stretches of it,
  or one whole line or sentence of it (of four words at least);
- mostly a copy of a tool output: long content of which most words lie in stretches copied
  from one tool message of the batch (:class:`ToolOutputs`);
- a line of tool output by its shape: a test runner's result, a log line (a level in
  brackets opening it too), a lower-case ``fatal:``/``error:`` diagnostic, a stack frame, a
  build's verdict, a service manager's status (the state of one moment), or what any
  program's output looks like (:mod:`daemon.gate.readouts`);
- an unfilled template (``{{patient_name}} has an appointment on {{date}}``) that does not
  speak of templates; an introduction whose subject is missing (one clause ending in ``:``);
- a narration of the chat clause after clause ("The user asked about X and the assistant
  looked at some logs"), nothing named in it; how the assistant is to answer in a session
  ("Respond concisely and use markdown."): a host prompt's instruction, not a fact (a
  user's own wish for how answers reach them, "Reply to me in Spanish.", is a user memory);
- only how a moment went or what stands for a memory ("Task complete.", "No changes.",
  "Example memory.", "Per my last message."): every word of a small vocabulary, a count of
  progress set aside ("Step 3 of 5 complete.");
- a move of the conversation, not a statement (:mod:`daemon.gate.speech_acts`): a question,
  the writer's own work in the moment, the request echoed, the chat itself, a host
  prompt's line about how the assistant is to behave;
- what it lacks (:mod:`daemon.gate.content_words`): fewer than two content units once markup,
  redaction marks, function words, courtesies ("Thanks, that works!"), words about the
  conversation ("The user said thanks.") and placeholders ("TODO.", "N/A.", lorem ipsum) are
  set aside; or a redaction leftover, a text of which a third or more is redaction marks,
  or a statement whose value is only a mask (``The VPN login is ██████.``).

Every check reads the text once: words are compared as word tuples and hashed shingles
(dictionary lookups), never by searching one text inside another.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from functools import cache

from daemon.gate import prompt_text as prompt
from daemon.gate import readouts
from daemon.gate.content_words import Wording, wording
from daemon.gate.speech_acts import speech_act
from daemon.gate.wording import LOREM, LOREM_MARKERS

__all__ = ["Prompts", "ToolOutputs", "junk_reason", "states_nothing"]

NO_WORDS = "no words: empty or only punctuation"
NO_TITLE_WORDS = "title has no words: empty or only punctuation"
NO_STATEMENT = "no statement: only a reference to something said elsewhere"
MARKUP = "memoryd's own transcript markup"
PROMPT_TEXT = "memoryd's own prompt text"
TOOL_COPY = "mostly a copy of a tool output"
HOST_PROMPT = "a copy of the host's prompt"
TOOL_LINE = "a line of tool output (test results, logs, stack frames)"
TOO_FEW = "too few content words: states nothing a future session can use"
ACKNOWLEDGEMENT = "an acknowledgement, not a statement"
PLACEHOLDER = "a placeholder, not a statement"
ONLY_MARKUP = "only markup, no words"
REDACTION_LEFTOVER = "a redaction leftover: mostly redaction marks"
NARRATION = "narrates the conversation: who said or did what, nothing to use"
PERSONA = "a copy of a host's prompt: it tells the assistant who it is"
INTRODUCTION = "an introduction to something not there: it ends where its subject begins"
MOMENT = "says only how a moment went ('Task complete.'), nothing a future session can use"
ANSWER_STYLE = "how the assistant is to answer in a session: a prompt's instruction, not a fact"
# A sentence ends at a full stop and a space (a closing tag may come between: "…</p> "), at
# the full stop of Chinese, Japanese or Hindi (a space after it or not), at a line's end.
_SENTENCE_END = re.compile(r"(?<=[.!?])(?:</\w+>)?\s+|(?<=[\u3002\uff01\uff1f\u0964\u0965])\s*|\n+")
_NARRATION_WORDS = 2  # words about the conversation that make a short text a narration
# The line of a system prompt that tells the assistant who it is ("You are X, a helpful
# assistant ...", "Eres un asistente ..."): no memory a user or an agent means says it.
_PERSONA = re.compile(
    r"^\W*(?:you\s+are|you're|eres|tu\s+es|vous\s+[eê]tes|du\s+bist|sie\s+sind|voc[eê]\s+[eé]"
    r"|ты|вы|sei|jij\s+bent|sen|jesteś|anda\s+adalah|bạn\s+là)\s+(?:[^\s,]{1,40},\s+)?"
    r"(?:(?:an?|the|un|una|une|ein|eine|einen|um|uma|il|lo|een|bir)\s+)?(?:\S+\s+){0,3}?"
    r"(?:assistant|agent|agente|bot|chatbot|model|copilot|helper|asistente|assistente|assistent"
    r"|ассистент|помощник|агент|asistan|asystent|asisten|trợ\s+lý)\b",
    re.IGNORECASE,
)
# A placeholder in brackets and nothing else ("[insert runbook link]", "<your name here>").
_BRACKETED = re.compile(r"\s*[\[{<(]{1,2}[^\]}>)\n]{1,80}[\]}>)]{1,2}\W*")

_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
# What ``transcript.render``, ``prompt`` and ``reduce`` write around the data they show.
_MARKUP = re.compile(
    r'<turn\s+n="\d+"|</turn>|</?transcript>|</?manifest>|\[memoryd\]'
    r"|^\[(?:user|assistant|system|developer|tool)\]"
    r"|^\[(?:tool result: |compaction summary\])"
    r"|^\[(?:user|assistant|system|developer) called \w"
    r"|^\[\w+ output not shown: ",
    re.MULTILINE,
)
# Words that only point at something ("that decision", "the reason") or ask to keep it.
_REFERENCE_WORDS = (
    "please", "remember", "remembering", "note", "notes", "noted", "keep", "kept", "in",
    "mind", "don't", "dont", "do", "not", "never", "forget", "make", "a", "an", "of", "that",
    "this", "it", "these", "those", "the", "decision", "decisions", "reason", "reasons",
    "choice", "choices", "fact", "facts", "thing", "things", "point", "one", "ones", "detail",
    "details", "and", "or", "why", "what", "which", "i", "we", "you", "me", "us", "said",
    "say", "told", "decided", "about", "for", "later", "too", "also", "as", "well", "to",
    "again", "here", "there", "above", "below", "earlier", "previous", "everything", "all",
    "just", "yes", "ok", "okay", "sure", "exactly", "like", "it's", "that's", "is", "was", "be",
    "same", "last", "time", "before", "usual",
    # "see above" in the languages memoryd's users write most
    "voir", "ci", "dessus", "dessous", "siehe", "oben", "unten", "ver", "arriba",
    "abajo", "vedi", "sopra", "sotto", "zie", "boven", "hierboven", "veja", "acima", "abaixo",
)  # fmt: skip
_REFERENCE = frozenset(_REFERENCE_WORDS)
# Words that only say how a moment went ("Task complete.", "No changes.", "The conversation
# went well.") or stand for a memory ("Example memory.", "Per my last message."): a text of
# these and the words above names nothing a future session can use.
_MOMENT_WORDS = (
    "task", "tasks", "job", "work", "step", "steps", "complete", "completed", "done",
    "finished", "resolved", "no", "none", "nothing", "change", "changes", "changed", "further",
    "action", "actions", "needed", "required", "report", "new", "update", "updates", "news",
    "good", "fine", "great", "went", "goes", "going", "conversation", "chat", "session",
    "discussion", "per", "my", "our", "message", "email", "mail", "reply", "thread",
    "example", "sample", "memory", "memories", "entry", "thing", "will", "i'll", "ill",
    "we'll", "now", "today", "status", "result", "results",
    # the same in the languages memoryd's users write most
    "keine", "kein", "änderungen", "änderung", "erledigt", "fertig", "aufgabe", "alles", "gut",
    "sin", "cambios", "cambio", "tarea", "completada", "completado", "hecho", "listo", "todo",
    "bien", "aucun", "aucune", "changement", "changements", "tâche", "terminée", "terminé",
    "fait", "bon", "sem", "mudanças", "mudança", "tarefa", "concluída", "concluído", "feito",
    "pronto", "nenhuma", "nenhum",
)  # fmt: skip
_MOMENT = _REFERENCE | frozenset(_MOMENT_WORDS)
_PROMPT_MIN_WORDS = 5  # shorter clauses of the prompt are ordinary English
_CLAUSE_END = re.compile(r"[.!?:;](?=\s|$)|\n")
_SHINGLE = 5  # words per shingle of the copy check
_COPY_MIN_CHARS = 200
_COPY_SHARE = 0.8
_LINE_MIN_WORDS = 4  # a copied line of fewer words is ordinary language
_MIN_CONTENT = 2  # content units a memory needs
_LINE_CHARS = 400  # of each line, what the shape check reads
# Lines a tool prints, by their shape: test runners, logs, stack frames, package managers.
_TOOL_LINE = re.compile(
    r"\s*(?:"
    r"\S+\.py::\S+(?:\s+|\s*-\s*)(?:PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)\b"
    r"|(?:FAILED|ERROR|PASSED|SKIPPED|XFAIL|XPASS)\s+\S+::\S"
    r"|={3,}\s[^=\n]{0,200}\b(?:passed|failed|errors?|skipped|deselected|warnings?)\b"
    r"|[=_]{5,}\s[^=_\n]{1,200}\s[=_]{5,}\s*$"
    r"|E\s{2,}\S"
    r"|Traceback \(most recent call last\):"
    r"|File \"[^\"\n]{1,300}\", line \d+"
    r"|at [\w$<>\[\]-]{1,100}(?:[./][\w$<>\[\]-]{1,100}){1,20} ?\([^()\n]{0,300}:\d+(?::\d+)?\)\s*$"
    r"|at (?:file://)?/[^\s:]{1,300}:\d+:\d+\s*$"
    r"|\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d(?:[.,]\d{1,9})?)?(?:Z|[+-]\d\d:?\d\d)?\]?"
    r"\s+[\[(]?(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|ERR|FATAL|CRITICAL|SEVERE)\b"
    r"|(?:TRACE|DEBUG|INFO|WARNING|ERROR|CRITICAL):[\w.-]*:"
    # a level in brackets opening the line (Maven, Gradle), a lower-case diagnostic (git, cc)
    r"|\[(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|SEVERE)\] \S"
    r"|(?:fatal|error|warning): [a-z'\"`]"
    r"|[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S{1,100} [\w/.-]{1,100}(?:\[\d+\])?: "
    r"|npm (?:ERR!|WARN) "
    r"|make(?:\[\d+\])?: \*\*\*"
    r"|panic: |goroutine \d+ \["
    r"|#\d+ +0x[0-9a-f]+ in "
    r"|\d+ (?:passed|failed)(?:, \d+ \w+){0,5} in [\d.]+m?s\b"
    # a status line, an exit status, a ping header, a runner's check mark, a tool's banner
    r"|HTTP/\d(?:\.\d)? \d{3}\b"
    r"|(?:\w+ )?exited with (?:exit )?(?:code|status) -?\d+"
    r"|PING \S+ \(\S+\) \d+\(\d+\) bytes|\d+ bytes from \S+"
    r"|[\u2713\u2714\u2717\u2718\u00d7\u221a] +\d+ (?:tests?|specs?|checks?|files?)\b"
    r"|(?:\w+ ){1,4}ha(?:s|ve) been successfully \w+!"
    # a build's verdict, a service manager's status: the state of one moment
    r"|BUILD (?:SUCCESSFUL|FAILED|SUCCESS|FAILURE)\b"
    r"|\[ {0,2}\d{1,3}%\] "  # a build's progress (cmake, ninja)
    r"|[^\n]{1,200}(?:\.{3}|\u2026) ?(?:done|ok|failed|skipped)[.!]?\s*$"  # a step and its end
    r"|\d+ actionable tasks?:"
    # a command's report of what it did (kubectl, wp-cli, npm) or its progress line (ffmpeg)
    r"|[a-z][\w-]{0,60}(?:\.[\w-]{1,60}){0,4}/[\w.-]{1,200} (?:created|configured|unchanged"
    r"|deleted|restarted|patched|scaled|labeled|annotated|exposed|rolled back|serverside-applied)"
    r"\s*$"
    r"|Success: [A-Z]"
    r"|(?:added|removed|changed) \d+ packages?\b|up to date, audited \d+"
    r"|(?:[a-z]{1,12}=\s*\S{1,40}\s+){3}"
    r"|[\u25cf\u25cb\u00d7*] [\w@.-]{1,100}\.(?:service|socket|timer|mount|target|path)\b"
    r"|(?:Active|Loaded|Main PID|Tasks|Memory|CPU|CGroup): .{0,200}"
    r"(?:\bsince\b|\bago\b|\(running\)|\(dead\)|\bloaded\b|\blimit\b|\d+(?:\.\d+)?[KMG]?B?\b)"
    r")"
)

_FRAME = re.compile(r"\s*(?:Traceback |File \"|at |#\d+ |goroutine )")
_RAISED = re.compile(r"[\w.]{1,200}(?:Error|Exception|Exit|Interrupt)\b")


def _words(text: str) -> list[str]:
    """The words of ``text``, NFKC and casefolded, punctuation dropped."""
    return _WORD.findall(unicodedata.normalize("NFKC", text).casefold())


def _has_word(text: str) -> bool:
    return any(unicodedata.category(ch)[0] in "LN" for ch in text)


def states_nothing(text: str) -> bool:
    """Whether ``text`` has no words, or only words that point at something said elsewhere
    ("Remember this.", "that decision and the reason")."""
    return all(word in _REFERENCE for word in _words(text))


# How far a run got ("3 of 5", "12/40"): a count of the moment, like "done" itself.
_PROGRESS = re.compile(r"\b\d+\s*(?:of|/)\s*\d+\b", re.IGNORECASE)


def _moment(content: str) -> bool:
    """Whether ``content`` says only how a moment went or what stands for a memory: every
    word of :data:`_MOMENT` once a count of progress is set aside ("Step 3 of 5 complete.")."""
    return all(word in _MOMENT for word in _words(_PROGRESS.sub(" ", content)))


@cache
def _prompt_clauses() -> dict[tuple[str, ...], list[tuple[str, ...]]]:
    """The clauses of memoryd's prompts, by their first words; built once. The quoted
    examples of the prompt are left out: users may say them."""
    text = "\n".join(
        (prompt.system_prompt(5), prompt.JSON_FORMAT, prompt.scope_line(True),
         prompt.scope_line(False))
    )  # fmt: skip
    clauses: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for line in text.splitlines():
        if line.strip().startswith("Example:"):
            continue
        for clause in _CLAUSE_END.split(line):
            words = tuple(_words(clause))
            if len(words) >= _PROMPT_MIN_WORDS:
                clauses.setdefault(words[:_PROMPT_MIN_WORDS], []).append(words)
    return clauses


def _quotes_prompt(words: list[str]) -> bool:
    """Whether a clause of the prompt appears in ``words``, word for word."""
    clauses = _prompt_clauses()
    for i in range(len(words) - _PROMPT_MIN_WORDS + 1):
        for clause in clauses.get(tuple(words[i : i + _PROMPT_MIN_WORDS]), ()):
            if tuple(words[i : i + len(clause)]) == clause:
                return True
    return False


def _shingles(words: list[str]) -> Iterable[int]:
    return (hash(tuple(words[i : i + _SHINGLE])) for i in range(len(words) - _SHINGLE + 1))


class _Copies:
    """Texts a memory must not copy, indexed on first use by hashed word shingles and, with
    ``lines``, by their lines (those of at least ``_LINE_MIN_WORDS`` words). ``min_chars``:
    content and texts shorter than that are left out of the shingle check."""

    def __init__(self, texts: Iterable[str], min_chars: int, *, lines: bool) -> None:
        self._texts = [t for t in texts if t]
        self._min_chars = min_chars
        self._by_line = lines
        self._index: dict[int, set[int]] | None = None
        self._lines: set[tuple[str, ...]] | None = None

    def _shingle_index(self) -> dict[int, set[int]]:
        if self._index is None:
            self._index = {}
            for n, text in enumerate(self._texts):
                if len(text) < self._min_chars:
                    continue
                for shingle in _shingles(_words(text)):
                    self._index.setdefault(shingle, set()).add(n)
        return self._index

    def _line_index(self) -> set[tuple[str, ...]]:
        if self._lines is None:
            self._lines = set()
            for text in self._texts:
                for line in text.splitlines():
                    # the line, and each of its sentences: a prompt often runs on one line
                    for part in (line, *_SENTENCE_END.split(line)):
                        words = tuple(_words(part))
                        if len(words) >= _LINE_MIN_WORDS:
                            self._lines.add(words)
        return self._lines

    def copied(self, content: str) -> bool:
        """Whether ``content`` is one whole line or sentence of a text, or (long enough) has
        most of its words in stretches of one text."""
        if not self._texts:
            return False
        words = _words(content)
        whole = self._by_line and len(words) >= _LINE_MIN_WORDS
        if whole and tuple(words) in self._line_index():
            return True
        if len(content) <= self._min_chars or len(words) < _SHINGLE:
            return False
        index = self._shingle_index()
        # covered[n]: how many words of content lie in shingles found in text n.
        covered: Counter[int] = Counter()
        reach: dict[int, int] = {}  # text -> first word not yet counted
        for i, shingle in enumerate(_shingles(words)):
            for n in index.get(shingle, ()):
                start = max(i, reach.get(n, 0))
                covered[n] += i + _SHINGLE - start
                reach[n] = i + _SHINGLE
        return any(count >= _COPY_SHARE * len(words) for count in covered.values())


class ToolOutputs(_Copies):
    """The tool messages a batch shows: long content mostly copied from one is junk (a
    short fact one states is kept: "Payments go through Adyen." read from a file)."""

    def __init__(self, texts: Iterable[str]) -> None:
        super().__init__(texts, _COPY_MIN_CHARS, lines=False)


class Prompts(_Copies):
    """The host's own prompts known for a batch or a session (its system prompt): content
    mostly copied from one, or one whole line or sentence of one, is junk (the host sends it
    to every session anyway)."""

    def __init__(self, texts: Iterable[str | None]) -> None:
        super().__init__((t for t in texts if t), 0, lines=True)

    @classmethod
    def of_host(
        cls, system_prompt: str | None, tools: object, said: Iterable[str | None] = ()
    ) -> Prompts:
        """What a host sent as its prompts: its system prompt, the descriptions of its tool
        schemas (OpenAI's ``[{"function": {"description": …}}]`` or the flat
        ``[{"name": …, "description": …}]`` of Anthropic's and MCP's; anything else
        skipped), and the system and developer messages of its turns (``said``)."""
        texts: list[str | None] = [system_prompt]
        for schema in tools if isinstance(tools, list) else ():
            if not isinstance(schema, dict):
                continue
            function = schema.get("function")
            described = function if isinstance(function, dict) else schema
            if isinstance(described.get("description"), str):
                texts.append(described["description"])
        return cls([*texts, *said])


def _tool_lines(content: str) -> bool:
    """Whether most lines of ``content`` (two thirds) have the shape of a tool's output, by
    the tools named above or by what any program's output looks like
    (:mod:`daemon.gate.readouts`). After a stack frame, the code lines it quotes (indented)
    and the exception that ends it count too; a one-word verdict ("OK") counts beside a
    shaped line."""
    lines = [line[:_LINE_CHARS] for line in content.splitlines() if line.strip()]
    shaped = verdicts = 0
    trace = False
    for line in lines:
        if _TOOL_LINE.match(line) or readouts.shaped(line):
            shaped, trace = shaped + 1, trace or bool(_FRAME.match(line))
        elif trace and (line[0].isspace() or _RAISED.match(line)):
            shaped += 1
        elif readouts.verdict(line):
            verdicts += 1
    if shaped:
        shaped += verdicts  # "OK" after "Ran 42 tests in 0.310s": the run's verdict
    return bool(lines) and 3 * shaped >= 2 * len(lines)


# What makes a sentence of words: a function word (of English and of the languages written
# in Latin letters most often met), or a sentence's end.
_SENTENCE_WORD = re.compile(
    r"\b(?:the|a|an|of|to|in|on|at|for|with|is|are|was|were|be|been|by|from|not|no|and|or"
    r"|but|as|it|its|this|that|their|our|we|they|he|she|i|you|has|have|had|only|per|via"
    r"|into|every|each|than|then|after|before|until|means?|del|di|da|il|la|le|lo|gli|de"
    r"|des|du|der|die|das|den|und|et|y|e|en|het|van|op|och|att|som|alle|ogni|los|las|el"
    r"|um|uma|na|em|com|para|por|pour|avec|mit|von|zu|auf|ist|est|es|son|sind)\b",
    re.IGNORECASE,
)
_SENTENCE_ENDS = re.compile(r"[.!?\u3002\uff01\uff1f][\"')\]\u300d]*\s*\Z")


def _readout(content: str) -> bool:
    """Whether ``content`` is a tool's readout rather than a sentence: it holds a number and
    lacks what any sentence of it would have, a function word and an end
    (``Submitted batch job 4481920``, ``Succeeded : 128``, a progress bar, a commit's
    summary line). Only a text in ASCII letters is read for function words; any text is
    one whose letters are fewer than its other marks and that has no end."""
    if not any(c.isdigit() for c in content) or _SENTENCE_ENDS.search(content):
        return False
    marks = [c for c in content if not c.isspace()]
    if 2 * sum(c.isalpha() for c in marks) < len(marks):
        return True
    return content.isascii() and _SENTENCE_WORD.search(content) is None


def _lacking(found: Wording) -> str | None:
    """Why a text counted as ``found`` states nothing a future session can use, or None."""
    if found.marks and 3 * found.marks >= found.marks + found.content:
        return REDACTION_LEFTOVER
    if found.content >= _MIN_CONTENT:
        return None
    if found.words == 0 and found.markup:
        return ONLY_MARKUP
    if found.courtesy:
        return ACKNOWLEDGEMENT
    if found.placeholder:
        return PLACEHOLDER
    return TOO_FEW


def junk_reason(
    title: str,
    content: str,
    tools: ToolOutputs | None = None,
    prompts: Prompts | None = None,
) -> str | None:
    """Why ``title`` and ``content`` must not be kept as a memory, or None."""
    if not _has_word(content):
        return NO_WORDS
    if not _has_word(title):
        return NO_TITLE_WORDS
    if states_nothing(content):
        return NO_STATEMENT
    if _MARKUP.search(content) or _MARKUP.search(title):
        return MARKUP
    if _quotes_prompt(_words(content)):
        return PROMPT_TEXT
    if prompts is not None and prompts.copied(content):
        return HOST_PROMPT
    if tools is not None and tools.copied(content):
        return TOOL_COPY
    if _tool_lines(content) or _readout(content):
        return TOOL_LINE
    if _PERSONA.match(content):
        return PERSONA
    if lacking := _lacking(_wish_worded(content)):
        return lacking
    if _BRACKETED.fullmatch(content) or _pangram(content) or _empty_form(content):
        return PLACEHOLDER
    if _filler(content):
        return PLACEHOLDER
    if _courtesy_led(content):
        return ACKNOWLEDGEMENT
    if _JA_NARRATION.search(content):
        return NARRATION
    if _ELIDED.fullmatch(content) or _EMPTY_VALUE.search(content) or _MASKED_VALUE.search(content):
        return REDACTION_LEFTOVER
    if _REPEATED.fullmatch(_SQUEEZE.sub("", content)):
        return PLACEHOLDER
    if _TEMPLATE_SLOT.search(content) and not _ABOUT_TEMPLATES.search(content):
        return PLACEHOLDER
    if _INTRODUCTION.search(content) and not _STATED_BEFORE.search(content.rstrip()[:-1]):
        return INTRODUCTION
    if _narration(content) or _told(content):
        return NARRATION
    if _moment(content):
        return MOMENT
    if act := speech_act(content):
        return act
    if _wish(content):
        return None
    if _about_answers(content) or _answers_the_user(content):
        return ANSWER_STYLE
    return None


# The user in the first person as the one answered ("reply to me", "answer me", "give me",
# "antworte mir"): a host prompt speaks of "the user"; this is the user's own wish.
_TO_ME = re.compile(
    r"\b(?:respond|reply|answer|say|explain|speak|talk|write|give|show|tell|address|call)"
    r"(?:\s+\S+){0,3}?\s+(?:to\s+|for\s+)?(?:me|mir|mich)\b",
    re.IGNORECASE,
)


def _wish(content: str) -> bool:
    """Whether ``content`` is a user's wish for how answers reach them (see above)."""
    return _TO_ME.search(content) is not None


def _wish_worded(content: str) -> Wording:
    """``content`` counted as :func:`wording` does, a user's wish's verb of answering
    counted as content (in "Reply to me in Spanish." it is what is wished)."""
    found = wording(content)
    if found.conversation and _wish(content):
        return replace(found, content=found.content + found.conversation, conversation=0)
    return found


# A form whose every value is missing ("Headline: TK. Standfirst: TK.", "Title: TBD"):
# labels of at most three words, each with nothing, a placeholder or two or three capitals.
_EMPTY_FORM = re.compile(
    r"(?:\s*[^\W\d_][\w-]{0,30}(?: [\w-]{1,30}){0,2}\s*[:=]\s*(?:[A-Z]{1,3}|tbd|tbc|todo|tk"
    r"|xx+|n/?a|none|null|nil|-+|_+|\?+|\.{3}|\u2026)?\s*[.;,|]?)+",
    re.IGNORECASE,
)
_FORM_CHARS = 300  # a form of labels is short: the pattern is read on no longer text


def _empty_form(content: str) -> bool:
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


def _filler(content: str) -> bool:
    """Whether ``content`` is filler: a short text that names itself so, or lorem ipsum in
    any variant (a word of it that marks it, and half the Latin-letter words of each
    sentence its own; a sentence with a word of other letters, "Деплой по пятницам.", is no
    lorem ipsum)."""
    words = _words(content)
    if _FILLER.search(content) and len(words) <= _FILLER_WORDS:
        return True
    if not any(w in LOREM_MARKERS for w in words):
        return False
    for sentence in _SENTENCE_END.split(content):  # each sentence, not the text as a whole
        said = _words(sentence)
        latin = [w for w in said if _LATIN.fullmatch(w)]
        if 2 * sum(w in LOREM for w in latin) < len(latin) or _OTHER_LETTER.search(" ".join(said)):
            return False
    return True


# A short text that opens with thanks, in any language the vocabulary knows ("Diolch, mae'n
# gweithio!"): what follows is the courtesy's own ("it works"), unless something is named
# (a number, a path, a name) or defined ("Danke means thanks"); a longer one too when what
# follows points back at the conversation ("Thanks, that fixed the label printer!").
_COURTESY_WORDS = 5
_SPACELESS_SCRIPT = re.compile("[\u3040-\u30ff\u3400-\u9fff\u0e00-\u109f\u1780-\u17ff]")
_NAMES_SOMETHING = re.compile(r"[\d/@`=_#]|\b(?:means?|stands\s+for)\b", re.IGNORECASE)


# A pointer back at what was said or done ("Thanks, that fixed the printer!"): the clause
# after a courtesy that opens with one reports on the conversation, however long it runs.
_POINTER_BACK = frozenset(
    ("that", "this", "it", "that's", "it's", "ça", "cela", "das", "es", "esto", "eso", "isso",
     "isto", "questo", "dat", "dit", "это")
)  # fmt: skip
_POINTER_WORDS = 10


def _courtesy_led(content: str) -> bool:
    words = _words(content)
    pointed = len(words) > 1 and words[1] in _POINTER_BACK
    most = _POINTER_WORDS if pointed else _COURTESY_WORDS
    if not words or len(words) > most or _NAMES_SOMETHING.search(content):
        return False
    if _SPACELESS_SCRIPT.search(words[0]):
        return False  # a run of ideographs is one "word": its particles are not thanks
    return wording(words[0]).courtesy > 0 and not any(
        ch.isupper() for w in content.split()[1:] for ch in w[:1]
    )


# The chat told in Japanese or Chinese: "the user and I talked about ...".
_JA_NARRATION = re.compile(
    r"^(?:ユーザー|利用者|お客様|用户|使用者)(?:さん)?(?:と|和|跟|同)[^。\n]{0,40}?"
    r"(?:話しました|話した|話し合いました|相談しました|やり取りしました|聊了|谈了|讨论了|说了)"
)


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


def _pangram(content: str) -> bool:
    """Whether ``content`` is a pangram ("The quick brown fox …"): filler, not a fact."""
    letters = [ch for ch in content.casefold().replace("\u0451", "\u0435") if ch.isalpha()]
    return len(letters) <= _PANGRAM_LETTERS and any(a <= set(letters) for a in _ALPHABETS)


# The slots of a template left unfilled ({{patient_name}}, ${date}, %(name)s, {user}): they
# stand for values the text does not have, so it states nothing of its own; unless it speaks
# of the template ("Invoice emails use the {{due_date}} field").
_TEMPLATE_SLOT = re.compile(
    r"\{\{[^{}\n]{1,60}\}\}|\$\{[^{}\n]{1,60}\}|%\(\w{1,60}\)[sd]|\{\w{1,60}\}"
)
# A text that ends where what it introduces should begin ("Summarize the following message:",
# "The steps are as follows:"): the rest was somewhere else.
_ABOUT_TEMPLATES = re.compile(
    r"\b(?:fields?|variables?|placeholders?|templates?|templating|slots?|parameters?|params?"
    r"|tags?|syntax|jinja2?|handlebars|mustache|interpolat\w*|substitut\w*|format\s+strings?)\b",
    re.IGNORECASE,
)
_INTRODUCTION = re.compile(r"[:\uff1a]\s*\Z")
# A sentence before it.
_STATED_BEFORE = re.compile(r"[.!?;:\u3002\uff01\uff1f\uff1b\uff1a\u0964\u0965\n]")
# Who did what in the conversation, clause after clause ("The user asked about the lab
# interface and the assistant looked at some logs"): the chat's participants as subjects of
# a verb of the chat, with nothing named (no number, no name, no code) that a later session
# could use.
_PARTICIPANT = r"(?:the\s+)?(?:user|assistant|agent|ai|model|bot|i|we|you|they)"
_CHAT_VERB = (
    r"(?:asked|looked|said|mentioned|checked|wanted|requested|inquired|wondered|talked"
    r"|discussed|replied|answered|responded|thanked|greeted|explained|suggested|chatted"
    r"|helped|tried|noted|shared|provided|read|searched|opened|ran|gave)"
)
_TOLD_CLAUSE = re.compile(rf"{_PARTICIPANT}\s+(?:then\s+|also\s+)?{_CHAT_VERB}\b", re.IGNORECASE)
_CLAUSE_SPLIT = re.compile(r"\s*(?:[,;.!?]+\s*(?:and\s+|then\s+)?|\s+(?:and|then|while|but)\s+)")
_NAMED = re.compile(r"[\d_/@`:=<>\[\]{}#]|(?<=\s)(?!I\b)[A-Z]")  # "I answered" names no one
# The conversation as a clause's frame ("In this session, …", "During the chat …").
_CHAT_FRAME = re.compile(
    r"^(?:in|during|throughout|over|earlier\s+in)\s+(?:this|the|our|today'?s)\s+"
    r"(?:session|conversation|chat|call|thread|discussion)\s*,?\s*",
    re.IGNORECASE,
)


def _told(content: str) -> bool:
    """Whether ``content`` only tells who did what in the conversation (see above), framed
    by the conversation itself or not ("In this session we talked about …")."""
    if _NAMED.search(content.strip()[1:]):
        return False
    content = _CHAT_FRAME.sub("", content.strip())
    clauses = [c for c in _CLAUSE_SPLIT.split(content) if _has_word(c)]
    if not clauses or not _TOLD_CLAUSE.match(clauses[0]):
        return False
    return all(
        _TOLD_CLAUSE.match(c) or not re.match(r"(?i)(?:the|a|an|i|we|you|they)\s", c)
        for c in clauses[1:]
    ) and sum(bool(_TOLD_CLAUSE.match(c)) for c in clauses) * 2 >= len(clauses)


# How the assistant is to answer in this session ("Respond concisely and use markdown.",
# "Always respond in Markdown.", "If you are unsure, say so and ask.", "Cite the runbook
# section you rely on."): the instructions of a host's prompt, sent to every session anyway,
# not a fact of the project; nothing named in them (a number, a name, code) that would make
# them the project's own convention.
_ANSWER_VERB = re.compile(
    r"^(?:please\s+|always\s+|never\s+|do\s+not\s+|don'?t\s+)?(?:respond|reply|answer|say"
    r"|ask|cite|explain|speak|talk|give|keep\s+(?:answers|replies|responses)|be\s+(?:concise"
    r"|brief|terse|polite|friendly|honest|clear|short))\b",
    re.IGNORECASE,
)
_CONDITION = re.compile(r"^(?:if|when|whenever|unless)\b[^,]{1,80},\s*", re.IGNORECASE)
# What to answer rather than how ("reply that the tests pass", "say: done"): not a style,
# a claim, for the directive and misconduct rules to judge.
_WHAT_TO_SAY = re.compile(
    r"\b(?:respond|reply|answer|say|tell\s+\w+)\s+(?:that\b|:|[\"'\u201c])", re.I
)
_STYLE_NAMED = re.compile(r"[\d_/@`=<>\[\]{}#]|(?<=\s)[A-Z](?!arkdown|SON)")


def _about_answers(content: str) -> bool:
    """Whether every sentence of ``content`` tells the assistant how to answer (see above)."""
    if len(_words(content)) < _LINE_MIN_WORDS or _WHAT_TO_SAY.search(content):
        return False
    sentences = [s.strip() for s in _SENTENCE_END.split(content.strip()) if _has_word(s)]
    if any(_STYLE_NAMED.search(s[1:]) for s in sentences):
        return False
    return bool(sentences) and all(_ANSWER_VERB.match(_CONDITION.sub("", s)) for s in sentences)


# How to answer the user ("Answer in the user's language."): a host prompt's line, whatever
# stands beside it; the assistant's reader is the user, a memory's is a future session.
_ANSWER_THE_USER = re.compile(
    r"^(?:please\s+|always\s+)?(?:respond|reply|answer|speak|write|talk)\b[^.!?\n]{0,80}"
    r"\b(?:the\s+user(?:['\u2019]s)?|users?['\u2019]s?)\b",
    re.IGNORECASE,
)


def _answers_the_user(content: str) -> bool:
    """Whether a sentence of ``content`` tells the assistant how to answer the user."""
    sentences = (s.strip() for s in _SENTENCE_END.split(content.strip()))
    return any(_ANSWER_THE_USER.match(s) for s in sentences)


def _narration(content: str) -> bool:
    """Whether every sentence of ``content`` tells who said or did what in the conversation
    (two words about it, at most two content units: "User asked a question about the
    build.") rather than stating something."""
    sentences = [s for s in _SENTENCE_END.split(content) if _has_word(s)]
    for sentence in sentences:
        found = wording(sentence)
        if found.conversation < _NARRATION_WORDS or found.content > _MIN_CONTENT:
            return False
    return bool(sentences)
