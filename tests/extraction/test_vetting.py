"""A proposed op asked of the gate (daemon.extraction.vetting)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from daemon.base.scope import ScopeKey
from daemon.base.turns import StoredPrefix
from daemon.extraction.base import ExtractionBatch, MemoryOp, Refusal
from daemon.extraction.vetting import check_op, credential_talk, host_prompts, tool_outputs, vet
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


# A memory whose text names no credential, of a value no rule reads as one.
PLAIN = "Dana signs in to the staging admin panel with marigold tugboat."
HELD = "written from turns that talk about credentials"


def _said(number: int, role: str, content: str) -> object:
    return turn_record(number, AT, [{"role": role, "content": content}])


@pytest.mark.parametrize(
    ("role", "said", "found"),
    [
        ("user", "The staging admin password is now marigold tugboat.", "the word 'password'"),
        ("user", "Das Kennwort ist jetzt Ringelblume Schlepper.", "the word 'kennwort'"),
        ("assistant", "La contraseña del staging es marigold tugboat.", "the word 'contraseña'"),
        ("tool", "login ok; token [redacted:github_token] cached", "a redaction mark"),
    ],
)  # fmt: skip
def test_a_memory_written_from_turns_that_talk_about_credentials_is_held(
    role: str, said: str, found: str
) -> None:
    """Whatever the memory's own text says: a model writes a secret the rules did not read
    as one in words that name no credential, where the turn it came from did."""
    batch = ExtractionBatch("s", SCOPE, 1, 1, (_said(1, role, said),))
    op = MemoryOp("create", "project", content=PLAIN, turns=(1,))
    plain = vet(op, SCOPE, LIMITS, AT)
    assert not isinstance(plain, Refusal) and plain[1] is not None and plain[1].held == ""
    vetted = vet(op, SCOPE, LIMITS, AT, talk=credential_talk(batch))
    assert not isinstance(vetted, Refusal) and vetted[1] is not None
    assert vetted[1].held == f"{HELD} ({found})"


def test_credential_talk_in_a_tool_calls_arguments_holds_the_memory() -> None:
    """The arguments are JSON text: the word is read in its strings, escapes undone."""
    arguments = json.dumps({"command": "echo ok\nmysql --password marigold-tugboat"})
    call = {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": arguments}}
    turn = turn_record(1, AT, [{"role": "assistant", "content": None, "tool_calls": [call]}])
    talk = credential_talk(ExtractionBatch("s", SCOPE, 1, 1, (turn,)))
    assert talk.of((1,)) == "the word 'password'"


def test_a_memory_from_turns_that_do_not_talk_about_credentials_is_shared_as_before() -> None:
    """Words prose and code use for much else (``code``, ``pass``, ``phrase``, the shell's
    ``pwd``) and plurals are no talk of credentials."""
    said = "The code review passed; pwd printed /srv/app. Passwords live in 1Password."
    batch = ExtractionBatch("s", SCOPE, 1, 1, (_said(1, "user", said),))
    talk = credential_talk(batch)
    assert talk.of((1,)) == ""
    op = MemoryOp("create", "project", content="Deploys run on Fridays.", turns=(1,))
    vetted = vet(op, SCOPE, LIMITS, AT, talk=talk)
    assert not isinstance(vetted, Refusal) and vetted[1] is not None and vetted[1].held == ""


@pytest.mark.parametrize(
    "said",
    [
        "The prod Postgres password is rotated every 90 days by the platform team.",
        "Staging secrets are kept in HashiCorp Vault under secret/staging/.",
        "La contraseña de la base de datos se rota cada trimestre.",
    ],
)
def test_a_turn_that_only_says_where_a_credential_lives_holds_nothing(said: str) -> None:
    """No value stands in it that a memory could carry on: the memory is judged as any."""
    talk = credential_talk(ExtractionBatch("s", SCOPE, 1, 1, (_said(1, "user", said),)))
    assert talk.of((1,)) == ""
    op = MemoryOp("create", "project", content="Deploys run on Fridays.", turns=(1,))
    vetted = vet(op, SCOPE, LIMITS, AT, talk=talk)
    assert not isinstance(vetted, Refusal) and vetted[1] is not None and vetted[1].held == ""


def test_the_memory_s_own_source_turns_decide_when_the_extraction_names_them() -> None:
    """The rules extractor names the turn a memory came from: a memory from a turn with no
    credential talk is shared although another turn of the batch talks of a password. A
    memory naming no turn of the batch is read against all of them."""
    first = _said(1, "user", "The staging admin password is now marigold tugboat.")
    second = _said(2, "user", "Deploys run on Fridays after the freeze.")
    talk = credential_talk(ExtractionBatch("s", SCOPE, 1, 2, (first, second)))
    assert talk.of((2,)) == ""
    assert talk.of((1, 2)) == talk.of(()) == talk.of((9,)) == "the word 'password'"


def test_a_user_memory_is_screened_as_held_too() -> None:
    """The gate holds it as any other; the store writes a held ``user`` memory in its
    author's scope with no review pending (only its author reads it), as for every hold."""
    said = _said(1, "user", "My VPN password is marigold tugboat.")
    talk = credential_talk(ExtractionBatch("s", SCOPE, 1, 1, (said,)))
    op = MemoryOp("create", "user", content="Dana's VPN sign-in uses marigold tugboat.", turns=(1,))
    vetted = vet(op, SCOPE, LIMITS, AT, talk=talk)
    assert not isinstance(vetted, Refusal) and vetted[1] is not None
    assert vetted[1].held.startswith(HELD)


@pytest.mark.parametrize("depth", [200, 5_000, 100_000])
def test_arguments_nested_past_any_stack_are_read_without_failing_the_run(depth: int) -> None:
    """Tool-call arguments are the host's JSON text, any depth: read as far as they parse,
    never by recursion (a run that raised on them would fail again on every retry)."""
    arguments = "[" * depth + '"the password is marigold"' + "]" * depth
    call = {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": arguments}}
    turn = turn_record(1, AT, [{"role": "assistant", "content": None, "tool_calls": [call]}])
    talk = credential_talk(ExtractionBatch("s", SCOPE, 1, 1, (turn,)))
    assert talk.of((1,)) == "the word 'password'"
