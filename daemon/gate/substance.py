"""Junk that must never become a memory, whoever proposes it.

:func:`junk_reason` says why a title and content are not a memory, or None:

- no words: empty, or only punctuation and symbols (content "." kept with an empty title);
- no statement: only a reference to something said elsewhere ("Decision and the reason.",
  "Please remember that decision and the reason.", "Note that.");
- memoryd's own transcript markup (``<turn n=… at=…>``, ``[user] …``) or prompt text (a
  clause of the extraction prompt, whatever its case and spacing:
  :func:`~daemon.gate.copies.quotes_prompt`);
- a copy of the host's own prompt (:class:`~daemon.gate.copies.Prompts`): most of its words
  in stretches of it, or one whole line or sentence of it (of four words at least);
- mostly a copy of a tool output: long content of which most words lie in stretches copied
  from one tool message of the batch (:class:`~daemon.gate.copies.ToolOutputs`);
- a line of tool output by its shape: a test runner's result, a log line (a level in
  brackets opening it too), a lower-case ``fatal:``/``error:`` diagnostic (a program's name
  may lead it), a stack frame, a build's verdict, a service manager's status (the state of
  one moment), a package manager's report, a banner of upper-case words between ``***``, or
  what any program's output looks like (:mod:`daemon.gate.tool_lines`,
  :mod:`daemon.gate.readouts`);
- what it lacks to be a statement at all (:mod:`daemon.gate.unfinished`): an end (cut off
  after "the", "should", "jeden"), a predicate (a path alone), a body (a table's header
  alone, a document's title alone), any sentence (a JSON value, YAML keys and values, one
  SQL statement);
- an unfilled template (``{{patient_name}} has an appointment on {{date}}``, ``The user's
  preference is [PREFERENCE].``) that does not speak of templates; an introduction whose
  subject is missing (one clause ending in ``:``) (:mod:`daemon.gate.placeholders`);
- a narration of the chat clause after clause ("The user asked about X and the assistant
  looked at some logs"), nothing named in it; how the assistant is to answer in a session
  ("Respond concisely and use markdown."): a host prompt's instruction, not a fact (a
  user's own wish for how answers reach them, "Reply to me in Spanish.", is a user memory)
  (:mod:`daemon.gate.conversation`);
- only how a moment went, what stands for a memory or what was done with it ("Task
  complete.", "No changes.", "Example memory.", "Per my last message.", "Deployment
  succeeded.", "Saved this to memory."): every word of a small vocabulary, a count of
  progress set aside ("Step 3 of 5 complete.");
- a move of the conversation, not a statement (:mod:`daemon.gate.speech_acts`): a question,
  the writer's own work in the moment, the request echoed, the chat itself, a host
  prompt's line about how the assistant is to behave;
- what it lacks (:mod:`daemon.gate.content_words`): fewer than two content units once markup,
  redaction marks, function words, courtesies ("Thanks, that works!"), words about the
  conversation ("The user said thanks.") and placeholders ("TODO.", "N/A.", lorem ipsum) are
  set aside; or a redaction leftover, a text of which a third or more is redaction marks,
  or a statement whose value is only a mask (``The VPN login is ██████.``).

This module holds the reasons and the order they are asked in; the checks of each kind
live in the modules named above. Every check reads the text once: words are compared as
word tuples and hashed shingles (dictionary lookups), never by searching one text inside
another.
"""

from __future__ import annotations

import re
from dataclasses import replace

from daemon.gate import conversation, placeholders, unfinished
from daemon.gate.content_words import MIN_CONTENT, Wording, has_word, wording, words_of
from daemon.gate.copies import Prompts, ToolOutputs, quotes_prompt
from daemon.gate.session_talk import listing, session_talk
from daemon.gate.speech_acts import speech_act
from daemon.gate.tool_lines import readout, tool_lines

__all__ = ["junk_reason", "states_nothing"]

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
CUT_OFF = "cut off where no sentence ends: what it was to say is missing"
NAME_ALONE = "a path or a file name alone: nothing said of it"
DATA_ALONE = "data alone (a JSON value, YAML keys and values): no statement"
HEADER_ALONE = "a table's header with no rows under it: nothing in it"
TITLE_ALONE = "a document's title with no body: what it heads is not there"
ANSWER_STYLE = "how the assistant is to answer in a session: a prompt's instruction, not a fact"
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
    # an answer pointing at a choice it was asked ("No, the other one.", "Probably the
    # second option.")
    "other", "second", "first", "third", "option", "options", "probably", "maybe",
    "perhaps", "either", "both", "neither", "with",
    # a time alone ("next week")
    "next", "week", "weeks", "month", "months", "tomorrow", "yesterday", "soon", "tonight",
    # "see above" in the languages memoryd's users write most
    "voir", "ci", "dessus", "dessous", "siehe", "oben", "unten", "ver", "arriba",
    "abajo", "vedi", "sopra", "sotto", "zie", "boven", "hierboven", "veja", "acima", "abaixo",
    "см", "смотри", "смотрите", "выше", "ниже", "див", "вище", "нижче", "patrz", "powyżej",
    "poniżej", "上記参照", "下記参照", "上記を参照", "下記を参照", "见上文", "见下文", "参见上文",
    "參見上文", "위", "아래", "참조",
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
    "ended", "started", "closed", "over",
    "example", "sample", "memory", "memories", "entry", "thing", "will", "i'll", "ill",
    "we'll", "now", "today", "status", "result", "results",
    # a run's outcome ("All checks have passed", "Deployment succeeded.", "Status: in progress")
    "succeeded", "successful", "successfully", "passed", "passing", "failed", "failing",
    "progress", "check", "checks", "deployment", "build", "pipeline", "have", "has", "in",
    # what a writer says of the memory itself ("Saved this to memory.", "Memory updated.",
    # "This memory records a preference of the user.")
    "saved", "save", "stored", "storing", "added", "recorded", "records", "updated", "long",
    "term", "preference", "user", "add", "store", "whole", "latest", "info", "information",
    "memoria", "guardada", "guardado", "erinnerung",
    "gespeichert", "mémoire", "enregistré", "enregistrée", "memória", "salva", "salvo",
    # the same in the languages memoryd's users write most
    "keine", "kein", "änderungen", "änderung", "erledigt", "fertig", "aufgabe", "alles", "gut",
    "sin", "cambios", "cambio", "tarea", "completada", "completado", "hecho", "listo", "todo",
    "bien", "aucun", "aucune", "changement", "changements", "tâche", "terminée", "terminé",
    "fait", "bon", "sem", "mudanças", "mudança", "tarefa", "concluída", "concluído", "feito",
    "pronto", "nenhuma", "nenhum",
)  # fmt: skip
_MOMENT = _REFERENCE | frozenset(_MOMENT_WORDS)


def states_nothing(text: str) -> bool:
    """Whether ``text`` has no words, or only words that point at something said elsewhere
    ("Remember this.", "that decision and the reason")."""
    return all(word in _REFERENCE for word in words_of(text))


# How far a run got ("3 of 5", "12/40"): a count of the moment, like "done" itself.
_PROGRESS = re.compile(r"\b\d+\s*(?:of|/)\s*\d+\b", re.IGNORECASE)


def _moment(content: str) -> bool:
    """Whether ``content`` says only how a moment went or what stands for a memory: every
    word of :data:`_MOMENT` once a count of progress is set aside ("Step 3 of 5 complete.")."""
    return all(word in _MOMENT for word in words_of(_PROGRESS.sub(" ", content)))


def _lacking(found: Wording) -> str | None:
    """Why a text counted as ``found`` states nothing a future session can use, or None."""
    if found.marks and 3 * found.marks >= found.marks + found.content:
        return REDACTION_LEFTOVER
    if found.content >= MIN_CONTENT:
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
    if not has_word(content):
        return NO_WORDS
    if not has_word(title):
        return NO_TITLE_WORDS
    if states_nothing(content):
        return NO_STATEMENT
    if _MARKUP.search(content) or _MARKUP.search(title):
        return MARKUP
    if quotes_prompt(words_of(content)):
        return PROMPT_TEXT
    if prompts is not None and prompts.copied(content):
        return HOST_PROMPT
    if tools is not None and tools.copied(content):
        return TOOL_COPY
    if tool_lines(content) or readout(content) or listing(content):
        return TOOL_LINE
    if conversation.persona(content):
        return PERSONA
    if lacking := _lacking(_wish_worded(content)):
        return lacking
    if unfinished.name_alone(content):
        return NAME_ALONE
    if unfinished.data_alone(content):
        return DATA_ALONE
    if unfinished.header_alone(content):
        return HEADER_ALONE
    if unfinished.title_alone(content):
        return TITLE_ALONE
    if (
        placeholders.bracketed(content)
        or placeholders.pangram(content)
        or placeholders.empty_form(content)
    ):
        return PLACEHOLDER
    if placeholders.filler(content):
        return PLACEHOLDER
    if conversation.courtesy_led(content):
        return ACKNOWLEDGEMENT
    if conversation.ja_narration(content):
        return NARRATION
    if placeholders.redaction_leftover(content):
        return REDACTION_LEFTOVER
    if placeholders.repeated(content):
        return PLACEHOLDER
    if placeholders.unfilled_template(content):
        return PLACEHOLDER
    if placeholders.introduction(content):
        return INTRODUCTION
    if unfinished.cut_off(content):
        return CUT_OFF
    if conversation.narration(content) or conversation.told(content):
        return NARRATION
    if _moment(content):
        return MOMENT
    if act := speech_act(content):
        return act
    if talk := session_talk(content):
        return talk
    if conversation.wish(content):
        return None
    if conversation.about_answers(content) or conversation.answers_the_user(content):
        return ANSWER_STYLE
    return None


def _wish_worded(content: str) -> Wording:
    """``content`` counted as :func:`wording` does, a user's wish's verb of answering
    counted as content (in "Reply to me in Spanish." it is what is wished)."""
    found = wording(content)
    if found.conversation and conversation.wish(content):
        return replace(found, content=found.content + found.conversation, conversation=0)
    return found
