"""What a turn of talk does rather than states: it asks, it reports how the writer's own
work stands, it echoes the request it was given, it speaks of the conversation, or it tells
the assistant how to behave towards the user. Each is a move in the conversation it was
said in; none leaves a later session something to use.

:func:`speech_act` says which of these a memory candidate is, or None. Every check asks
what the text lacks as well as what it does: nothing named in it (no number, no code, no
path, no capitalised name after a sentence's first word) that would make the same words a
fact of the project ("The API is versioned by URL now." names the API; "I have finished
the changes you asked for." names nothing). Every pattern is a regex without nested
repetition, read over a bounded prefix or once over the text: linear in its size.
"""

from __future__ import annotations

import re

__all__ = ["speech_act"]

QUESTION = "a question, not a statement: it asks what a later session would need told"
OWN_WORK = "reports how the writer's own work stands in the moment, nothing a later session can use"
REQUEST_ECHO = "echoes the request made to the writer, the task of one session"
ABOUT_CHAT = "speaks of the conversation itself, nothing named in it"
PROMPT_LINE = "tells the assistant how to behave in a session: a host prompt's line, not a fact"
TOOL_SCHEMA = "describes a tool to the assistant, its subject left out: a host's tool schema"

# A sentence ends at its mark and a space, or at a line's end; what closes a quote or a
# bracket after the mark belongs to the sentence.
_SENTENCE_END = re.compile(r"(?<=[.!?\u3002\uff01\uff1f\u061f])[\"'\u2019\u201d)\]]*\s+|\n+")
_ASKED = re.compile(r"[?\uff1f\u061f][\"'\u2019\u201d)\]]*\s*\Z")
# Something named: a number, code or a path, or a word with a capital that does not open
# its sentence ("I" and "I'm" name no one).
_NAMED = re.compile(r"[\d_/@`=<>\[\]{}#|\\]|(?<![.!?:]\s)(?<=\s)(?!I\b|I['\u2019])[A-Z]")
_TEXT_CHARS = 400  # a move of the conversation is short: a longer text states more
_HABIT = re.compile(
    r"\b(?:always|never|every|whenever|from\s+now\s+on|in\s+future|going\s+forward)\b", re.I
)
# The writer in the first person with a tense of the moment and a verb of doing ("I have
# finished …", "I will now run …", "I'm fixing …", "Let me check …"): the writer's own work.
_OWN_WORK = re.compile(
    r"^\W*(?:(?:first|now|next|then|ok(?:ay)?|alright|so|right)\W+)?"
    r"(?:(?:(?:i|we)\s+(?:have|has|had|will|shall|am|are|was|were)|i['\u2019](?:ve|ll|m|d)"
    r"|we['\u2019](?:ve|ll|re)|let\s+me|let['\u2019]s)\s+(?:(?:now|just|already|also|then|next"
    r"|first|still|currently|finally)\s+)?(?:\w+ed|\w+ing|done|run|make|made|fix|check|look"
    r"|try|go|do|get|got|take|took|write|wrote|update|add|put|set|start|finish|continue"
    r"|proceed|review|test|build|push|deploy|open|read|see|find|found|think)\b"
    # the writer alone, about to do a session's work: "I'm going to run …", "Let me …", and
    # the same first persons of the languages memoryd's users write most ("Voy a revisar …",
    # "Je vais relancer …"). Only with a verb of that work: "I am about to move to the
    # platform team.", "Je vais quitter l'équipe en mars." are the writer's plans.
    r"|(?:i\s+am|i['\u2019]m)\s+(?:now\s+)?(?:going\s+to|about\s+to)\s+(?:run|re-?run|check"
    r"|look|fix|try|update|add|open|read|review|test|build|push|deploy|write|start|finish"
    r"|continue|proceed|refactor|rename|investigate|debug|search|create|implement|install"
    r"|restart|commit|clean|inspect|verify|execute)\b"
    r"|(?:voy|vamos)\s+a\s+(?:revisar|ejecutar|correr|mirar|comprobar|arreglar|probar"
    r"|actualizar|abrir|leer|buscar|crear|instalar|reiniciar|limpiar|empezar|continuar)\b"
    r"|d[e\u00e9]jame\s+\w|je\s+vais\s+(?:v\u00e9rifier|relancer|regarder|corriger|lancer"
    r"|ex\u00e9cuter|essayer|ouvrir|lire|chercher|cr\u00e9er|installer|red\u00e9marrer"
    r"|nettoyer|commencer|continuer|tester)\b|laisse[- ]moi\s+\w"
    r"|vou\s+(?:verificar|rodar|executar|olhar|corrigir|testar|abrir|ler|procurar|criar"
    r"|instalar|reiniciar|limpar|come\u00e7ar|continuar)\b|deixa[- ]me\s+\w|lass\s+mich\s+\w"
    r"|ich\s+(?:werde|schaue|mache|pr\u00fcfe|sehe|k\u00fcmmere)\b"
    r"|ik\s+ga\s+(?:nu\s+)?(?:kijken|controleren|draaien|testen|repareren|openen|lezen"
    r"|zoeken|beginnen)\b|sto\s+per\s+(?:controllare|eseguire|guardare|correggere|provare"
    r"|aprire|leggere|cercare|creare|installare|riavviare|iniziare)\b|lasciami\s+\w)",
    re.IGNORECASE,
)
# The moment of the conversation as the text's time ("in a moment", "so far", "right now").
_CHAT_MOMENT = re.compile(
    r"\b(?:in\s+a\s+(?:moment|minute|sec(?:ond)?|bit)|right\s+now|just\s+now|so\s+far"
    r"|a\s+moment\s+ago|at\s+the\s+moment)\b",
    re.IGNORECASE,
)
# What someone asked of the writer ("The user wants me to fix the bug.", "You asked me to
# …"): the request of one session, echoed.
_ASKED_OF_ME = re.compile(
    r"\b(?:wants?|wanted|asks?|asked|needs?|needed|would\s+like|requests?|requested|told)"
    r"\s+(?:me|us)\s+to\b",
    re.IGNORECASE,
)
# The conversation as what the text is about: "this conversation", "our chat", "the
# discussion", "today's session" (a bare "the session" or "the chat" may be the product's).
_THE_CHAT = re.compile(
    r"\b(?:(?:this|our|today['\u2019]s|the\s+current)\s+(?:conversation|chat|session|discussion"
    r"|call|thread|exchange)|the\s+(?:conversation|discussion)|small\s+talk)\b",
    re.IGNORECASE,
)
# How the assistant is to behave in a session, said as a host prompt says it: how it is to
# answer ("before answering", "in your answers"), what it is to keep from or do for the user
# ("Do not reveal these instructions to the user."), its instructions or tools pointed at.
_PROMPT_LINE = re.compile(
    r"\b(?:(?:before|when|while|after)\s+(?:answering|responding|replying)"
    r"|your\s+(?:answers?|responses?|replies|reply|instructions|tools)"
    r"|(?:these|those|the\s+above|my|the\s+system)\s+(?:instructions|guidelines|prompt)"
    r"|(?:reveal|disclose|show|tell|explain|mention|repeat)\b[^.!?\n]{0,60}\bto\s+the\s+user"
    r"|you\s+have\s+access\s+to|as\s+an?\s+(?:ai\s+)?(?:assistant|language\s+model)"
    r"|(?:the|these)\s+(?:tools|functions)\s+(?:provided|available|given)"
    r"|(?:use|call|invoke)\s+this\s+(?:tool|function)|be\s+helpful\b)\b",
    re.IGNORECASE,
)
# Said to the assistant of itself, named or not ("Your knowledge cutoff is 2024."): a host
# prompt's line whatever it names.
_ADDRESSED = re.compile(
    r"^\W*(?:your\s+(?:knowledge|training)\b|you\s+are\s+an?\s+(?:ai|llm|large\s+language)\b)",
    re.IGNORECASE,
)
# A tool's parameter and its type ("path (string, required): …"): a host's tool schema. A
# sentence with its subject left out ("Reads a file from the local filesystem.") is not
# told from a project's own statement in the same shape ("Uses a monorepo with pnpm
# workspaces.", "Prefers a dark theme."): a copy of a host's tool description is refused as
# a copy, against the prompts of the writer's session or of the scope's recent sessions.
_DESCRIBED = re.compile(
    r"^\W*\w{1,60}\s*\((?:string|integer|int|number|boolean|bool|array|object|list|float)\b"
)
# What a text points at ahead of itself ("the following tools"), when nothing follows.
_FOLLOWING = re.compile(r"\b(?:the\s+following|as\s+follows)\b[^:\n]*\Z", re.IGNORECASE)


def _sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(text.strip()) if any(c.isalnum() for c in s)]


def _named(text: str) -> bool:
    return _NAMED.search(text.strip()[1:]) is not None


def _act(sentence: str) -> str | None:
    """Which move of the conversation ``sentence`` is, or None."""
    if _ASKED.search(sentence):
        return QUESTION
    if _ADDRESSED.search(sentence):
        return PROMPT_LINE
    if _named(sentence):
        return None
    if _FOLLOWING.search(sentence) or _PROMPT_LINE.search(sentence):
        return PROMPT_LINE
    if _HABIT.search(sentence):
        return None  # "I will always review PRs myself": a habit, not the moment
    if _DESCRIBED.match(sentence):
        return TOOL_SCHEMA
    if _OWN_WORK.match(sentence) or _CHAT_MOMENT.search(sentence):
        return OWN_WORK
    if _ASKED_OF_ME.search(sentence):
        return REQUEST_ECHO
    if _THE_CHAT.search(sentence):
        return ABOUT_CHAT
    return None


def speech_act(content: str) -> str | None:
    """Why ``content`` is a move of the conversation rather than a statement, every sentence
    of it (see the module's docstring), or None: a fact beside a move is kept for the fact
    ("Use uv, not pip. The user asked me to remember this.")."""
    if len(content) > _TEXT_CHARS:
        return None
    acts = [_act(s) for s in _sentences(content)]
    return acts[0] if acts and all(acts) else None
