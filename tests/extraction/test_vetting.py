"""A proposed op asked of the gate (daemon.extraction.vetting)."""

from __future__ import annotations

from datetime import UTC, datetime

from daemon.base.scope import ScopeKey
from daemon.base.turns import StoredPrefix
from daemon.extraction.base import ExtractionBatch, MemoryOp, Refusal
from daemon.extraction.vetting import check_op, host_prompts, tool_outputs, vet
from daemon.gate import Limits, Reason, Screened
from tests.records import turn_record

AT = datetime(2026, 11, 17, 9, 20, tzinfo=UTC)
SCOPE = ScopeKey(project="p", user="dana")
LIMITS = Limits(max_title_chars=120, max_content_chars=2000)
OUTPUT = " ".join(f"build log line {n} with distinct words" for n in range(40))


def test_a_create_carries_the_gates_screened_value_and_a_delete_none() -> None:
    op = MemoryOp("create", content="The release ships next Tuesday.", turns=(3,))
    vetted = vet(op, SCOPE, LIMITS, AT)
    assert not isinstance(vetted, Refusal)
    cleaned, screened = vetted
    assert isinstance(screened, Screened)
    assert cleaned.content == screened.content == "The release ships next Tuesday (2026-11-24)."
    delete = MemoryOp("delete", memory_id=4)
    assert vet(delete, SCOPE, LIMITS) == (delete, None)


def test_a_refusal_names_the_turn_and_the_gates_reason() -> None:
    refused = check_op(MemoryOp("update", content="x", turns=(7,)), SCOPE, LIMITS)
    assert isinstance(refused, Refusal)
    assert (refused.kind, refused.turn) == (Reason.NOT_FOUND, 7)
    junk = check_op(MemoryOp("create", content="Remember this.", turns=(2,)), SCOPE, LIMITS)
    assert isinstance(junk, Refusal) and (junk.kind, junk.turn) == (Reason.JUNK, 2)


def test_tool_outputs_count_the_context_turns_too() -> None:
    text = OUTPUT
    earlier = turn_record(1, AT, [{"role": "tool", "content": text, "tool_call_id": "c"}])
    now = turn_record(2, AT, [{"role": "user", "content": "Thanks."}])
    batch = ExtractionBatch("s", SCOPE, 2, 2, (now,), context=(earlier,))
    assert tool_outputs(batch).copied(text)
    assert not tool_outputs(ExtractionBatch("s", SCOPE, 2, 2, (now,))).copied(text)


def test_host_prompts_are_the_sessions_system_prompt_and_the_system_messages() -> None:
    """A memory that copies what the host told its agent is junk: the host sends it to every
    session anyway."""
    system = "You are Acme's billing assistant.\nAlways answer in English and keep it short."
    developer = "Never run migrations on staging without asking the on-call engineer first."
    turn = turn_record(2, AT, [{"role": "developer", "content": developer}])
    tool = {
        "type": "function",
        "function": {"name": "deploy", "description": "Deploys the billing service to staging."},
    }
    odd = [{"type": "function", "function": "x"}, "not a schema", {"function": {"description": 3}}]
    host = StoredPrefix(system_prompt=system, tools=[tool, *odd])
    batch = ExtractionBatch("s", SCOPE, 2, 2, (turn,), host=host)
    prompts = host_prompts(batch)
    assert prompts.copied("Always answer in English and keep it short.")
    assert prompts.copied(developer)
    assert prompts.copied("Deploys the billing service to staging.")
    op = MemoryOp("create", content=developer, turns=(2,))
    refused = check_op(op, SCOPE, LIMITS, AT, prompts=prompts)
    assert isinstance(refused, Refusal) and refused.reason == "a copy of the host's prompt"
    assert not isinstance(check_op(op, SCOPE, LIMITS, AT), Refusal)
    update = MemoryOp("update", content=developer, memory_id=4, turns=(2,))
    assert not isinstance(check_op(update, SCOPE, LIMITS, AT, prompts=prompts), Refusal)
    assert not host_prompts(ExtractionBatch("s", SCOPE, 2, 2, ())).copied(developer)
