"""Fork mode: replay the host's own prefix, then ask for one structured answer.

The request begins exactly as the host's requests do (its system prompt, its tool schemas
unchanged, the session's messages from the start), so the provider's prompt cache, warmed
by the host itself, covers nearly all of it. Adding our tools would change that prefix, so
the memory operations come back as one JSON object in answer to a final instruction
message: one model call. The answer is asked for as a JSON schema where the endpoint
supports it (see `client`) and read tolerantly (see `answers`). A call to a host tool is
refused, and an answer that cannot be read gets one corrective message repeating the
expected shape; if that fails too, `ForkUnanswered` sends the batch to delta mode.

Secrets are redacted at ingestion, the host's prefix included, so a replay is the host's
own only up to the first redaction (:func:`prefix_divergence`): the provider's cache covers
the request up to there and the rest is billed as new input. When the system prompt or the
tool schemas themselves were redacted, nothing the host cached matches, and the extractor
runs delta mode instead (its prompt is smaller, and a fork without the cache costs more).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from daemon.base.redact_json import redact_payload
from daemon.base.redaction import REDACTED, redact
from daemon.extraction.base import ExtractionBatch, StoredPrefix, Usage
from daemon.extraction.llm.answers import OPERATIONS_SCHEMA, apply_answer, parse_answer
from daemon.extraction.llm.client import ModelClient, estimate_tokens
from daemon.extraction.llm.delta import all_turns
from daemon.extraction.llm.model_errors import ForkUnanswered
from daemon.extraction.llm.prompt import (
    GUIDANCE,
    JSON_FORMAT,
    MARK,
    manifest_block,
    scope_line,
    turn_times,
)
from daemon.extraction.llm.staging import Staging
from daemon.extraction.llm.transcript import chat_messages, entries

__all__ = ["ATTEMPTS", "fork_request", "prefix_divergence", "prefix_redacted", "run_fork"]

ATTEMPTS = 2  # the question and one correction; then the batch goes to delta mode


def fork_request(
    batch: ExtractionBatch, host: StoredPrefix, manifest: Sequence[str]
) -> tuple[list[dict[str, Any]], int]:
    """The messages of a fork (host prefix + instruction) and their estimated tokens."""
    items = entries(all_turns(batch))
    first_new = min(t.turn for t in batch.turns)
    new_count = sum(1 for item in items if item.turn >= first_new)
    messages: list[dict[str, Any]] = []
    if host.system_prompt:
        messages.append({"role": "system", "content": host.system_prompt})
    messages.extend(chat_messages(items))
    skipped = ""
    if batch.guarded_turns:
        handled = ", ".join(map(str, batch.guarded_turns))
        skipped = f" Skip turn(s) {handled}: the agent saved its memories there itself."
    instruction = (
        f"{MARK} This message is not from the user, and the conversation above is over. You "
        "are now memoryd's memory extractor: review the conversation and keep the few facts "
        "that will still matter in a future session. Do not continue the conversation and do "
        f"not call any tool.\n\n{GUIDANCE}\n\n{scope_line(bool(batch.scope.user))}\n\n"
        f"Memories already saved in this scope:\n{manifest_block(manifest)}\n\n"
        f"Extract only from what is new since the last extraction: the last {new_count} "
        f"messages above ({turn_times(batch.turns)}); the messages before them were reviewed "
        f"already and are context only.{skipped}\n\n{JSON_FORMAT}"
    )
    messages.append({"role": "user", "content": instruction})
    chars = sum(len(json.dumps(m, ensure_ascii=False)) for m in messages)
    chars += len(json.dumps(host.tools)) if host.tools else 0
    return messages, estimate_tokens(chars)


async def run_fork(
    client: ModelClient,
    messages: list[dict[str, Any]],
    host: StoredPrefix,
    staging: Staging,
    usage: Usage,
    *,
    max_calls: int,
) -> None:
    """Ask for the answer, correct once; raises ForkUnanswered when none could be read."""
    problem = "no answer"
    for _ in range(min(ATTEMPTS, max_calls)):
        reply = await client.complete(messages, usage, tools=host.tools, schema=OPERATIONS_SCHEMA)
        calls = list(reply.tool_calls or ())
        if calls:
            usage.tool_calls += len(calls)
            problem = "the model called host tools instead of answering"
            messages.append(_refused_calls(reply, calls, staging))
            messages.extend(_refusals(calls))
            continue
        try:
            operations = parse_answer(reply.content or "")
        except ValueError as exc:
            problem = f"the answer is not the JSON asked for ({exc})"
            messages.append({"role": "assistant", "content": redact(reply.content or "")[0]})
            messages.append({"role": "user", "content": f"{MARK} {problem}. {JSON_FORMAT}"})
            continue
        usage.tool_calls += len(operations)
        apply_answer(operations, staging)
        return
    raise ForkUnanswered(f"{problem} after {usage.model_calls} model calls", usage=usage)


def _refused_calls(reply: Any, calls: list[Any], staging: Staging) -> dict[str, Any]:
    for call in calls:
        function = getattr(call, "function", None)
        name = str(getattr(function, "name", "?"))
        staging.refuse(
            f"tool {name[:60]!r} called during extraction (host tools are not available)",
            f"{name} {getattr(function, 'arguments', '')}",
        )
    return {
        "role": "assistant",
        "content": None if reply.content is None else redact(reply.content)[0],
        "tool_calls": [
            {
                "id": c.id,
                "type": "function",
                "function": {  # repeated to the model: never a secret the call carried
                    "name": redact(str(getattr(getattr(c, "function", None), "name", "?")))[0],
                    "arguments": redact_payload(
                        str(getattr(getattr(c, "function", None), "arguments", ""))
                    )[0],
                },
            }
            for c in calls
        ],
    }


def _refusals(calls: list[Any]) -> list[dict[str, Any]]:
    error = json.dumps({"error": f"{MARK} no tool is available during extraction. {JSON_FORMAT}"})
    return [{"role": "tool", "tool_call_id": c.id, "content": error} for c in calls]


def prefix_redacted(host: StoredPrefix) -> bool:
    """Whether the stored host prefix had a secret redacted at ingestion: the system prompt
    or tool schemas replayed are then not the host's, and no cache the host warmed holds
    them."""
    if host.system_prompt and REDACTED.search(host.system_prompt):
        return True
    return bool(host.tools) and REDACTED.search(json.dumps(host.tools)) is not None


def prefix_divergence(host: StoredPrefix, messages: Sequence[dict[str, Any]]) -> int | None:
    """The index of the first message of a fork request that is not what the host sent (0
    when its system prompt or tools are not), or None when the replay is the host's own: a
    provider's prompt cache, warmed by the host, covers the request up to that message only."""
    if prefix_redacted(host):
        return 0
    for index, message in enumerate(messages):
        if REDACTED.search(json.dumps(message, ensure_ascii=False)):
            return index
    return None
