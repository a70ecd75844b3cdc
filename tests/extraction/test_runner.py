"""The extraction runner as a unit: what each way an extractor can fail does to the session.

The runner runs against the fake backends here (SQLite and fakeredis, and the real ones in
the ``real`` flavour); the extractors are stand-ins that raise what a real one would.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from structlog.testing import capture_logs

from daemon.app.container import Container, open_container
from daemon.base.errors import PermanentExtractionError
from daemon.events.publisher import fixture_events
from daemon.extraction.base import (
    ExtractionBatch,
    MemoryOp,
    MemoryReader,
    Proposal,
    Refusal,
    Usage,
)
from daemon.extraction.llm.model_errors import ModelUnavailable, ProviderUnavailable, RunIncomplete
from daemon.extraction.runner import RetryLater
from daemon.fixtures import load
from tests.base.planted import PLANTED, leaked
from tests.harness import publish_fixture, publisher, rows

FIXTURE = "style-feedback"


class Raising:
    """An extractor that raises ``error`` on every call."""

    name = "rules"

    def __init__(self, error: BaseException) -> None:
        self.error = error
        self.calls = 0

    async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
        self.calls += 1
        raise self.error


async def _session(rt: Container, extractor: Any) -> str:
    await publish_fixture(rt, FIXTURE)
    await rt.dispatcher(consumer="d").run(burst=True)
    rt.extractor = extractor
    return str(load(FIXTURE)["session_id"])


async def test_a_bug_in_the_extractor_is_logged_with_its_traceback_and_not_held_against_the_session(
    runtime: Container,
) -> None:
    """A KeyError in the extractor's own code is not the model's fault: each run is recorded
    as failed with the error, logged with its traceback, and the session's breaker never
    opens nor is it parked, however often it happens."""
    session_id = await _session(runtime, Raising(KeyError("tool_calls")))
    park_after = runtime.settings.extraction.park_after_failures
    with capture_logs() as logs:
        outcomes = [
            (await runtime.runner().run(session_id, tenant="acme")).outcome
            for _ in range(park_after)
        ]
    assert outcomes == ["failed"] * park_after
    cursor = (await rows(runtime, "cursors"))[0]
    assert (cursor.failures, cursor.breaker_until, cursor.parked) == (0, None, False)
    bugs = [e for e in logs if e["event"] == "extraction.extractor_bug"]
    assert len(bugs) == park_after
    assert all(e["exc_info"] and e["log_level"] == "error" for e in bugs)
    runs = await rows(runtime, "runs")
    assert [r.outcome for r in runs] == ["failed"] * park_after
    assert all(r.error.startswith("KeyError") for r in runs)


async def test_a_model_that_does_not_finish_counts_against_the_session(runtime: Container) -> None:
    """RunIncomplete (text only, no memory_done) is the model's failure on this batch: it
    counts, and enough of them open the session's breaker."""
    usage = Usage(model_calls=5, prompt_tokens=100)
    session_id = await _session(runtime, Raising(RunIncomplete("no memory_done", usage=usage)))
    breaker_at = runtime.settings.extraction.session_breaker_failures
    outcomes = [
        (await runtime.runner().run(session_id, tenant="acme")).outcome for _ in range(breaker_at)
    ]
    assert outcomes == ["failed"] * breaker_at
    assert (await runtime.runner().run(session_id, tenant="acme")).outcome == "breaker"
    cursor = (await rows(runtime, "cursors"))[0]
    assert cursor.failures == breaker_at
    assert all(r.model_calls == 5 for r in await rows(runtime, "runs"))


async def test_a_failing_model_call_counts_and_asks_for_a_retry(runtime: Container) -> None:
    usage = Usage(model_calls=1)
    session_id = await _session(runtime, Raising(ModelUnavailable("502", usage=usage)))
    with pytest.raises(RetryLater):
        await runtime.runner().run(session_id, tenant="acme")
    assert (await rows(runtime, "cursors"))[0].failures == 1
    assert [r.outcome for r in await rows(runtime, "runs")] == ["failed"]


async def test_a_rate_limit_is_recorded_and_retried_but_not_counted(runtime: Container) -> None:
    error = ModelUnavailable(
        "429", retry_after_s=7, usage=Usage(model_calls=1), blames_session=False
    )
    session_id = await _session(runtime, Raising(error))
    with pytest.raises(RetryLater) as caught:
        await runtime.runner().run(session_id, tenant="acme")
    assert caught.value.defer_s == 7
    assert (await rows(runtime, "cursors"))[0].failures == 0
    assert [r.outcome for r in await rows(runtime, "runs")] == ["failed"]


async def test_no_call_made_is_retried_without_a_record(runtime: Container) -> None:
    """The provider's breaker is open: nothing was spent, nothing is recorded or counted."""
    session_id = await _session(runtime, Raising(ProviderUnavailable(retry_after_s=30)))
    with pytest.raises(RetryLater) as caught:
        await runtime.runner().run(session_id, tenant="acme")
    assert caught.value.defer_s == 30
    assert await rows(runtime, "runs") == []
    assert (await rows(runtime, "cursors"))[0].failures == 0


async def test_a_permanent_failure_is_not_retried(runtime: Container) -> None:
    session_id = await _session(runtime, Raising(PermanentExtractionError("401")))
    assert (await runtime.runner().run(session_id, tenant="acme")).outcome == "failed"
    assert (await rows(runtime, "cursors"))[0].failures == 1


class Proposing:
    """An extractor that proposes the same ops on every call."""

    name = "rules"

    def __init__(self, *ops: Any) -> None:
        self.ops = list(ops)

    async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
        return Proposal(ops=list(self.ops))


async def test_a_run_counts_the_shared_directives_it_held(runtime: Container) -> None:
    from daemon.extraction.base import MemoryOp

    extractor = Proposing(
        MemoryOp("create", "project", "", "Always run the migrations with --force."),
        MemoryOp("create", "project", "", "Deploys run on Fridays after the freeze."),
        MemoryOp("create", "user", "", "Always answer this user in French."),
    )
    session_id = await _session(runtime, extractor)
    report = await runtime.runner().run(session_id, tenant="acme")
    assert (report.created, report.held) == (3, 1)
    [held] = [m for m in await rows(runtime, "memories") if m.review == "pending"]
    assert "--force" in held.content and held.user == ""


async def _dispatched(
    runtime: Container, session_id: str, *said: str, user: str | None = "dana"
) -> None:
    """A session of ``user``'s (Dana's; None: nobody's) in acme's billing project, a turn
    for each of the user's ``said``, stored by the dispatcher."""
    scope = {"project": "github.com/acme/billing", "tenant": "acme"}
    if user is not None:
        scope["user"] = user
    session = {
        "session_id": session_id,
        "scope": scope,
        "turns": [
            {
                "at": f"2026-11-18T14:{2 * i:02d}:00Z",
                "messages": [{"role": "user", "content": text}],
            }
            for i, text in enumerate(said)
        ],
    }
    await publisher(runtime).publish_many(fixture_events(session))
    await runtime.dispatcher(consumer="d").run(burst=True)


async def test_a_shared_memory_written_from_turns_that_talk_about_credentials_is_held(
    runtime: Container,
) -> None:
    """A memory naming no credential, from a turn that named a password, waits for an
    operator; one from a turn that did not is shared at once; a ``user`` memory from the
    same turn stays in its author's scope with no review pending, as every held one does."""
    await _dispatched(
        runtime,
        "s-credential-talk",
        "The staging admin password is now marigold tugboat.",
        "Deploys run on Fridays after the freeze.",
    )
    plain = "Dana signs in to the staging admin panel with marigold tugboat."
    runtime.extractor = Proposing(
        MemoryOp("create", "project", "", plain, turns=(1,)),
        MemoryOp("create", "project", "", "Deploys run on Fridays after the freeze.", turns=(2,)),
        MemoryOp("create", "user", "", "Dana's VPN sign-in uses marigold tugboat.", turns=(1,)),
    )
    report = await runtime.runner().run("s-credential-talk", tenant="acme")
    assert (report.created, report.held) == (3, 1)
    stored = {m.content: (m.review, m.user) for m in await rows(runtime, "memories")}
    assert stored[plain] == ("pending", "")
    assert stored["Deploys run on Fridays after the freeze."][0] != "pending"
    assert stored["Dana's VPN sign-in uses marigold tugboat."] == (
        stored["Deploys run on Fridays after the freeze."][0],
        "dana",
    )


async def test_a_user_memory_from_a_session_no_user_owns_is_kept_for_an_operator(
    runtime: Container,
) -> None:
    """It was refused ("user memory without a user in scope") and lost: it is stored as
    the project's, pending an operator's review, and counted as held."""
    await _dispatched(runtime, "s-no-user", "I prefer tabs over spaces.", user=None)
    runtime.extractor = Proposing(
        MemoryOp("create", "user", "", "Prefers tabs over spaces.", turns=(1,))
    )
    report = await runtime.runner().run("s-no-user", tenant="acme")
    assert (report.created, report.held, report.refusals) == (1, 1, [])
    [stored] = await rows(runtime, "memories")
    assert (stored.type, stored.user, stored.review) == ("project", "", "pending")


class Planting:
    """An extractor that proposes memories holding the planted secrets, and refusals of its
    own that quote them (as a careless extractor would)."""

    name = "rules"

    async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
        ops = [MemoryOp("create", "project", "Deploy", text) for text, _ in PLANTED.values()]
        ops.append(MemoryOp("create", PLANTED["hex"][0], "Deploy", "The deploy runs nightly."))
        own = [Refusal(f"not kept: {text}", text) for text, _ in PLANTED.values()]
        return Proposal(ops=ops, refusals=own)


async def test_no_planted_secret_reaches_the_run_s_refusals(runtime: Container) -> None:
    """``runs.refusals`` keeps why and what was refused, redacted: the gate's refusals and
    the extractor's own, reasons included."""
    session_id = await _session(runtime, Planting())
    with capture_logs() as logs:
        await runtime.runner().run(session_id, tenant="acme")
    (run,) = await rows(runtime, "runs")
    assert run.refused == 2 * len(PLANTED) + 1
    assert leaked(json.dumps(run.refusals)) == []
    assert all(r["code"] is not None or r["reason"] for r in run.refusals)
    assert leaked(json.dumps(logs, default=str)) == []


class Unrecognised:
    """An extractor that proposes a memory whose credential no rule recognises (plain words
    after a word that is no credential word) and refuses another of its own."""

    name = "rules"

    async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
        said = "The deploy password is Tr0ub4dor&3xq; the gate combo is heron plinth."
        ops = [MemoryOp("create", "project", "Deploy", said)]
        own = [Refusal("not kept", "The gate combo is heron plinth")]
        return Proposal(ops=ops, refusals=own)


async def test_runs_refusals_keep_why_and_never_what_was_refused(runtime: Container) -> None:
    """What no rule recognised cannot stay in ``runs.refusals``: a refusal keeps its code,
    reason, turn and the refused text's length, never the text nor a digest of it (an
    unkeyed digest of a short memory would confirm a guessed password)."""
    session_id = await _session(runtime, Unrecognised())
    await runtime.runner().run(session_id, tenant="acme")
    (run,) = await rows(runtime, "runs")
    assert run.refused == 2
    kept = json.dumps(run.refusals)
    assert "heron" not in kept and "plinth" not in kept and "deploy" not in kept
    for refusal in run.refusals:
        assert set(refusal) == {"reason", "code", "turn", "chars"}
        assert refusal["chars"] > 0


async def test_the_hold_on_credential_talk_can_be_turned_off(
    runtime: Container, settings_factory: Any
) -> None:
    """``MEMORYD_EXTRACTION__HOLD_CREDENTIAL_TALK=false``: a memory from a turn that named a
    password is shared at once, as any fact."""
    await _dispatched(
        runtime, "s-credential-talk-off", "The staging admin password rotates every quarter."
    )
    settings = settings_factory(extraction={"hold_credential_talk": False})
    other = await open_container(settings, redis=runtime.redis, clock=runtime.clock)
    try:
        fact = "The staging admin sign-in rotates every quarter."
        other.extractor = Proposing(MemoryOp("create", "project", "", fact, turns=(1,)))
        report = await other.runner().run("s-credential-talk-off", tenant="acme")
    finally:
        await other.store.close()
    assert (report.created, report.held) == (1, 0)
    stored = {m.content: m.review for m in await rows(runtime, "memories")}
    assert stored[fact] != "pending"
