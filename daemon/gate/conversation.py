"""Talk about the conversation rather than the project: what no future session can use.

- :func:`narration` and :func:`told`: the chat narrated clause after clause ("The user asked
  about X and the assistant looked at some logs"), nothing named in it; :func:`ja_narration`
  the same in Japanese or Chinese;
- :func:`courtesy_led`: a short text that opens with thanks ("Thanks, that works!");
- :func:`persona`, :func:`about_answers` and :func:`answers_the_user`: a host prompt's lines,
  who the assistant is and how it is to answer in a session ("Respond concisely and use
  markdown."), not a fact; unlike :func:`wish`, a user's own wish for how answers reach
  them ("Reply to me in Spanish."), which is a user memory.

:mod:`daemon.gate.substance` names the reasons and the order they are asked in.
"""

from __future__ import annotations

import re

from daemon.gate.content_words import MIN_CONTENT, SENTENCE_END, has_word, wording, words_of

__all__ = [
    "about_answers",
    "answers_the_user",
    "courtesy_led",
    "ja_narration",
    "narration",
    "persona",
    "told",
    "wish",
]

_NARRATION_WORDS = 2  # words about the conversation that make a short text a narration
_MIN_WORDS = 4  # an instruction of fewer words is ordinary language
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


def persona(content: str) -> bool:
    """Whether ``content`` opens as a system prompt's line telling the assistant who it is."""
    return _PERSONA.match(content) is not None


# The user in the first person as the one answered ("reply to me", "answer me", "give me",
# "antworte mir"): a host prompt speaks of "the user"; this is the user's own wish.
_TO_ME = re.compile(
    r"\b(?:respond|reply|answer|say|explain|speak|talk|write|give|show|tell|address|call)"
    r"(?:\s+\S+){0,3}?\s+(?:to\s+|for\s+)?(?:me|mir|mich)\b",
    re.IGNORECASE,
)


def wish(content: str) -> bool:
    """Whether ``content`` is a user's wish for how answers reach them (see above)."""
    return _TO_ME.search(content) is not None


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


def courtesy_led(content: str) -> bool:
    words = words_of(content)
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


def ja_narration(content: str) -> bool:
    """Whether ``content`` tells the chat in Japanese or Chinese (see above)."""
    return _JA_NARRATION.search(content) is not None


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


def told(content: str) -> bool:
    """Whether ``content`` only tells who did what in the conversation (see above), framed
    by the conversation itself or not ("In this session we talked about …")."""
    if _NAMED.search(content.strip()[1:]):
        return False
    content = _CHAT_FRAME.sub("", content.strip())
    clauses = [c for c in _CLAUSE_SPLIT.split(content) if has_word(c)]
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
    # asking and giving as a way of answering, not a team's conduct towards someone ("Ask a
    # user before changing their settings.", "… give them its status and ticket number.")
    r"|ask(?=\s*[.!]|\s+(?:clarifying|follow[\s-]?up|for\s+clarification|questions|if\b|when\b))"
    r"|give\s+(?:short|concise|brief|clear|direct|detailed|step[\s-]by[\s-]step|examples?|code"
    r"|answers|one\s+(?:answer|recommendation|option)|a\s+(?:short|concise|brief|clear|direct))"
    r"|cite|explain|speak|talk|keep\s+(?:answers|replies|responses)|be\s+(?:concise"
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


def about_answers(content: str) -> bool:
    """Whether every sentence of ``content`` tells the assistant how to answer (see above)."""
    if len(words_of(content)) < _MIN_WORDS or _WHAT_TO_SAY.search(content):
        return False
    sentences = [s.strip() for s in SENTENCE_END.split(content.strip()) if has_word(s)]
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


def answers_the_user(content: str) -> bool:
    """Whether a sentence of ``content`` tells the assistant how to answer the user."""
    sentences = (s.strip() for s in SENTENCE_END.split(content.strip()))
    return any(_ANSWER_THE_USER.match(s) for s in sentences)


def narration(content: str) -> bool:
    """Whether every sentence of ``content`` tells who said or did what in the conversation
    (two words about it, at most two content units: "User asked a question about the
    build.") rather than stating something."""
    sentences = [s for s in SENTENCE_END.split(content) if has_word(s)]
    for sentence in sentences:
        found = wording(sentence)
        if found.conversation < _NARRATION_WORDS or found.content > MIN_CONTENT:
            return False
    return bool(sentences)
