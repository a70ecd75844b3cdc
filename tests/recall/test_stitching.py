"""Stitching: one context from several windows of a session's scope, the most relevant
expanded to their messages and the rest in one line each, oldest first, within the caller's
token budget (3.2 characters a token), sanitized and voiced like the block; the same store
gives the same bytes; a session outside the scope gives nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from daemon.app.container import Container
from daemon.embeddings.query import QueryEmbedder
from daemon.recall import ScopeKey
from tests.recall.sessions import close_recalls, embed_all, recall_of, said, store_session, turn

ALICE = {"project": "acme/ingest", "user": "alice"}
READER = ScopeKey(project="acme/ingest", user="alice")


@pytest.fixture(autouse=True)
async def _closed(runtime: Container) -> AsyncIterator[None]:
    yield
    await close_recalls()


_recall = recall_of


async def _history(rt: Container) -> None:
    """Three sessions of alice's: the queue's story in two of them, CSS in between."""
    await store_session(
        rt,
        "s-1",
        [
            turn("s-1", 1, ALICE, user="Why is the ingest queue slow?", assistant="RabbitMQ acks."),
            turn("s-1", 2, ALICE, user="Batch the acks then.", assistant="Batched acks."),
            turn("s-1", 3, ALICE, summary="We found RabbitMQ acks slowed the ingest queue."),
        ],
    )
    await store_session(rt, "s-2", said("s-2", ALICE, "The dashboard got a dark theme.", day=1))
    await store_session(
        rt,
        "s-3",
        [
            turn(
                "s-3", 1, ALICE, user="Move the ingest queue to NATS.", assistant="Moving.", day=2
            ),
            turn("s-3", 2, ALICE, user="Keep RabbitMQ for billing.", assistant="Kept.", day=2),
            turn("s-3", 3, ALICE, summary="The ingest queue moved to NATS JetStream.", day=2),
        ],
    )


async def test_the_relevant_windows_are_expanded_and_the_rest_collapsed_oldest_first(
    runtime: Container,
) -> None:
    await _history(runtime)
    found = await _recall(runtime, max_fragments=2).stitch(
        READER, "s-3", "ingest queue", budget_tokens=2000
    )
    assert found is not None and found.mode == "keyword"
    expanded = {w.ref.session_id: w.expanded for w in found.windows}
    assert expanded == {"s-1": True, "s-2": False, "s-3": True}
    text = found.text
    assert text.index("session s-1") < text.index("session s-2") < text.index("session s-3")
    assert "  - turn 1 (user) Why is the ingest queue slow?" in text
    assert "  - turn 2 (assistant) Kept." in text
    assert "- (2026-10-06, session s-2, turn 1) The dashboard got a dark theme." in text
    assert "dark theme.\n  -" not in text  # a collapsed window has no messages
    again = await _recall(runtime, max_fragments=2).stitch(
        READER, "s-3", "ingest queue", budget_tokens=2000
    )
    assert again == found  # deterministic


@pytest.mark.parametrize("budget", [50, 60, 80, 120, 200, 400])
async def test_the_budget_is_never_exceeded(runtime: Container, budget: int) -> None:
    await _history(runtime)
    found = await _recall(runtime).stitch(READER, "s-1", "ingest queue", budget_tokens=budget)
    assert found is not None
    assert len(found.text) <= int(budget * 3.2) == found.max_chars
    assert found.used_tokens <= budget
    if found.text:
        # what the budget keeps first: the best window's line, before any message
        assert "session s-3" in found.text or "session s-1" in found.text
    roomy = await _recall(runtime).stitch(READER, "s-1", "ingest queue", budget_tokens=4000)
    assert roomy is not None and len(roomy.text) >= len(found.text)
    assert sum(w.shown_turns for w in roomy.windows) >= sum(w.shown_turns for w in found.windows)


async def test_a_tight_budget_drops_messages_before_windows(runtime: Container) -> None:
    await _history(runtime)
    full = await _recall(runtime).stitch(READER, "s-1", "ingest queue", budget_tokens=4000)
    assert full is not None and full.left_out == 0
    lines_only = len(full.text) - sum(
        len(line) + 1 for line in full.text.splitlines() if line.startswith("  - ")
    )
    tight = await _recall(runtime).stitch(
        READER, "s-1", "ingest queue", budget_tokens=int(lines_only / 3.2) + 1
    )
    assert tight is not None
    assert len(tight.windows) == 3 and tight.left_out == 0
    assert sum(w.shown_turns for w in tight.windows) < sum(w.shown_turns for w in full.windows)


async def test_a_session_outside_the_scope_stitches_nothing(runtime: Container) -> None:
    await _history(runtime)
    bob = ScopeKey(project="acme/ingest", user="bob")
    other = ScopeKey(project="acme/billing", user="alice")
    tenant = ScopeKey(project="acme/ingest", user="alice", tenant="globex")
    for scope in (bob, other, tenant):
        assert await _recall(runtime).stitch(scope, "s-1", "queue", budget_tokens=500) is None
    assert await _recall(runtime).stitch(READER, "s-404", "queue", budget_tokens=500) is None
    shared = await _recall(runtime, share_users=True).stitch(
        bob, "s-1", "ingest queue", budget_tokens=2000
    )
    assert shared is not None
    assert "alice reported: \u201c" in shared.text and "Quoted lines" in shared.text


async def test_stitching_ranks_by_meaning_when_embeddings_are_configured(
    runtime: Container, embedder: QueryEmbedder
) -> None:
    await _history(runtime)
    await embed_all(runtime, embedder)
    found = await _recall(runtime, embedder, similarity_cutoff=0.3, max_fragments=1).stitch(
        READER, "s-3", "which message broker carries ingest now", budget_tokens=2000
    )
    assert found is not None and found.mode == "hybrid"
    (best,) = [w for w in found.windows if w.expanded]
    assert best.ref.similarity is not None and best.ref.similarity >= 0.3
