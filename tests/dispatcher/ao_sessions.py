"""Sets of whole sessions (:mod:`tests.dispatcher.set_ao`, :mod:`tests.dispatcher.set_ap`) as
the dispatcher prepares them: each turn an event, prepared in order by one
:class:`~daemon.dispatcher.prepare.Preparer`, and everything it would store (message contents,
tool calls' arguments, the redacted event, spill files) read for the set's secrets.
``python -m tests.dispatcher.ao_sessions [ao|ap|aq|at|aw]`` prints a set's figures."""

from __future__ import annotations

import json
import sys
from typing import Any

from daemon.dispatcher.prepare import Preparer, SpillPolicy
from daemon.events.models import TurnEvent
from tests.dispatcher.set_ao import AO_CLEAN, AO_SESSIONS, Message
from tests.dispatcher.set_ap import AP_CLEAN, AP_SECRET
from tests.dispatcher.set_aq import AQ_CLEAN, AQ_SECRET
from tests.dispatcher.set_at import AT_CLEAN, AT_SECRET
from tests.dispatcher.set_aw import AW_CLEAN, AW_SECRET

#: A session with the secrets that must not survive it; a clean session.
Secret = tuple[str, list[list[Message]], list[str]]
Clean = tuple[str, list[list[Message]]]
SETS: dict[str, tuple[list[Secret], list[Clean]]] = {
    "ao": (AO_SESSIONS, AO_CLEAN),
    "ap": (AP_SECRET, AP_CLEAN),
    "aq": (AQ_SECRET, AQ_CLEAN),
    "at": (AT_SECRET, AT_CLEAN),
    "aw": (AW_SECRET, AW_CLEAN),
}

# As the dispatcher's defaults spill a tool's output (a big one is written to a file).
_POLICY = SpillPolicy(max_lines=2000, max_bytes=50_000, preview_lines=20)
# A secret longer than this leaks when any run of this many of its characters is stored.
_RUN = 20


def _message(index: int, message: Message, calls: list[str]) -> dict[str, Any]:
    role = message[0]
    if role == "call":
        calls.append(f"call_{index}")
        function = {"name": message[1], "arguments": message[2]}
        return {
            "id": f"m{index}",
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": calls[-1], "type": "function", "function": function}],
        }
    if role == "tool":
        answered = calls[-1] if calls else f"call_{index}"
        return {"id": f"m{index}", "role": "tool", "tool_call_id": answered, "content": message[1]}
    return {"id": f"m{index}", "role": role, "content": message[1]}


def events(name: str, turns: list[list[Message]]) -> list[TurnEvent]:
    """A session's turns as the events a host publishes, one a turn."""
    calls: list[str] = []
    found, index = [], 0
    for number, turn in enumerate(turns, start=1):
        messages = []
        for message in turn:
            messages.append(_message(index, message, calls))
            index += 1
        found.append(
            TurnEvent.model_validate(
                {
                    "v": 1,
                    "event_id": f"{name}-{number}",
                    "session_id": name,
                    "turn": number,
                    "at": "2026-11-29T09:00:00Z",
                    "scope": {"project": "hospital-it", "user": "nurse.ops"},
                    "messages": messages,
                }
            )
        )
    return found


def stored(name: str, turns: list[list[Message]]) -> list[str]:
    """Everything the dispatcher would store of the session: each message's content and
    calls, each redacted event, each spill's text."""
    preparer = Preparer(_POLICY)
    texts: list[str] = []
    for event in events(name, turns):
        prepared = preparer.prepare(event)
        for message in prepared.messages:
            texts.append(message.content or "")
            texts.append(json.dumps(message.tool_calls or [], ensure_ascii=False))
        texts.append(prepared.event.model_dump_json())
        texts += [spill.text for spill in prepared.spills]
    return texts


def _holds(texts: list[str], secret: str) -> bool:
    if len(secret) <= _RUN:
        return any(secret in text for text in texts)
    runs = [secret[i : i + _RUN] for i in range(len(secret) - _RUN + 1)]
    return any(run in text for text in texts for run in runs)


def leaked(name: str, turns: list[list[Message]], secrets: list[str]) -> list[str]:
    """The session's secrets that something stored still holds."""
    texts = stored(name, turns)
    return [secret for secret in secrets if _holds(texts, secret)]


def changed(name: str, turns: list[list[Message]]) -> list[str]:
    """The messages of a clean session that are not stored whole."""
    preparer = Preparer(_POLICY)
    out: list[str] = []
    for event in events(name, turns):
        prepared = preparer.prepare(event)
        for sent, kept in zip(event.messages, prepared.messages, strict=True):
            if sent.content is not None and kept.content != sent.content:
                out.append(str(sent.content))
            for call, kept_call in zip(sent.tool_calls or [], kept.tool_calls or [], strict=True):
                if kept_call["function"]["arguments"] != call.function.arguments:
                    out.append(call.function.arguments)
    return out


def figures(name: str = "ao") -> str:
    """The set's figures in one line: sessions with a secret stored, secrets stored, clean
    sessions stored whole."""
    sessions, clean = SETS[name]
    leaks = [leaked(label, turns, secrets) for label, turns, secrets in sessions]
    total = sum(len(secrets) for _, _, secrets in sessions)
    whole = sum(not changed(label, turns) for label, turns in clean)
    return (
        f"sessions with a secret stored {sum(bool(x) for x in leaks)}/{len(sessions)},"
        f" secrets stored {sum(len(x) for x in leaks)}/{total},"
        f" clean sessions stored whole {whole}/{len(clean)}"
    )


if __name__ == "__main__":
    print(figures(sys.argv[1] if len(sys.argv) > 1 else "ao"))  # noqa: T201 (the output)
