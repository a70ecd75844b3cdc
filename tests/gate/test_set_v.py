# ruff: noqa: E501, RUF001 (set V's cases as written, in their own scripts)
"""The gate on set V (:mod:`tests.gate.set_v`): junk refused by what it lacks, its short
look-alikes kept. What is still kept of the junk is listed with its reason (strict: a rule
that mends one says so)."""

from __future__ import annotations

import pytest

from daemon.base.redaction import redact
from daemon.base.scope import ScopeKey
from daemon.gate.refusal import Refused
from daemon.gate.screening import Draft, Limits, Screened, screen
from tests.gate.set_v import V_JUNK, V_KEPT

SCOPE = ScopeKey(project="github.com/acme/plant", user="alice")
LIMITS = Limits(200, 4000)


def _saved(text: str) -> Screened | Refused:
    """What the main agent's save naming no session stores of ``text``: redacted, screened."""
    clean, _ = redact(text)
    return screen(Draft("project", "durable", "", clean), SCOPE, LIMITS)


V_KNOWN_MISSES: dict[str, str] = {  # first measured; mended ones are removed
    "Compris, je m'en occupe.": "an acknowledgement in words no list holds",
    "Okej, tack så mycket!": "an acknowledgement in words no list holds",
    "בסדר גמור, תודה.": "an acknowledgement in words no list holds",
    "Được rồi, cảm ơn bạn.": "an acknowledgement in words no list holds",
    "收到，马上处理。": "an acknowledgement in words no list holds",
    "Saved this to memory.": "talk about the memory itself reads as a statement",
    "Memory updated.": "talk about the memory itself reads as a statement",
    "Added to long-term memory.": "talk about the memory itself reads as a statement",
    "This memory records a preference of the user.": "talk about the memory itself reads as a statement",
    "Memoria guardada.": "talk about the memory itself reads as a statement",
    "Erinnerung gespeichert.": "talk about the memory itself reads as a statement",
    "Let me think about this for a second.": "the writer's plan for its next step reads as a statement",
    "First, I'll read the config file.": "the writer's plan for its next step reads as a statement",
    "Now I'm going to refactor the module.": "the writer's plan for its next step reads as a statement",
    "Next I'll open a pull request.": "the writer's plan for its next step reads as a statement",
    "Voy a revisar los logs ahora.": "the writer's plan for its next step reads as a statement",
    "Ich schaue mir das gleich an.": "the writer's plan for its next step reads as a statement",
    "Je vais relancer les tests.": "the writer's plan for its next step reads as a statement",
    "Status: in progress": "a status line reads as a statement",
    "All checks have passed": "a status line reads as a statement",
    "Deployment succeeded.": "a status line reads as a statement",
    "Compiling (3/12)...": "a status line reads as a statement",
    "/etc/nginx/nginx.conf": "a path alone",
    "src/components/Button.tsx": "a path alone",
    "C:\\Users\\dev\\AppData\\Local\\Temp": "a path alone",
    "~/.config/acme/settings.toml": "a path alone",
    "./scripts/deploy.sh": "a path alone",
    "    raise ValueError(msg)": "a stack-trace line",
    "thread 'main' panicked at src/main.rs:10:5:": "a stack-trace line",
    "Caused by: java.net.ConnectException: Connection refused": "a stack-trace line",
    "diff --git a/app.py b/app.py": "a diff header",
    "index 3b18e51..a9c1f2d 100644\n--- a/README.md\n+++ b/README.md": "a diff header",
    "key: value": "a YAML fragment",
    "- name: build\n  run: make": "a YAML fragment",
    "| id | name | status |\n|----|------|--------|": "a table header with no rows",
    "The deploy script should": "a sentence cut off before its predicate",
    "We decided to move the": "a sentence cut off before its predicate",
    "Die Datenbank wird jeden": "a sentence cut off before its predicate",
    "As an assistant, always be concise and never make up facts.": "a system prompt's sentence, paraphrased",
    "You must use the tools provided to answer the user's request.": "a system prompt's sentence, paraphrased",
    "Your knowledge cutoff is 2024.": "a system prompt's sentence, paraphrased",
    "Be helpful, harmless and honest.": "a system prompt's sentence, paraphrased",
    "Reads a file from the local filesystem.": "a tool's description or schema",
    "Executes a given bash command in a persistent shell session.": "a tool's description or schema",
    "Use this tool to create a new file or overwrite an existing one.": "a tool's description or schema",
    "path (string, required): the absolute path of the file to read.": "a tool's description or schema",
    '{"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}': "a tool's description or schema",
    "Returns a list of matching results.": "a tool's description or schema",
}


def _v(text: str) -> object:
    reason = V_KNOWN_MISSES.get(text)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(text, marks=marks, id=repr(text)[:40])


@pytest.mark.parametrize("text", [_v(t) for t, _ in V_JUNK])
def test_set_v_junk_is_refused(text: str) -> None:
    assert isinstance(_saved(text), Refused), text


@pytest.mark.parametrize("text", V_KEPT, ids=lambda v: repr(v)[:40])
def test_set_v_short_memories_are_kept(text: str) -> None:
    assert isinstance(_saved(text), Screened), text
