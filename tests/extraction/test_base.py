"""What an extractor is given and what it proposes: the batch's counts and the defaults of
an operation and a proposal."""

from __future__ import annotations

from daemon.base.scope import ScopeKey
from daemon.extraction.base import ExtractionBatch, MemoryOp, Proposal, Usage
from tests.extraction.llm.helpers import msg, turn


def test_a_batch_counts_the_messages_of_its_own_turns_not_of_its_context() -> None:
    batch = ExtractionBatch(
        session_id="s",
        scope=ScopeKey("p"),
        from_turn=2,
        to_turn=3,
        turns=(turn(2, msg("user", "a"), msg("assistant", "b")), turn(3, msg("user", "c"))),
        context=(turn(1, msg("user", "x"), msg("assistant", "y"), msg("user", "z")),),
    )
    assert batch.message_count == 3
    assert ExtractionBatch("s", ScopeKey("p"), 1, 1, ()).message_count == 0


def test_an_operation_is_a_durable_project_memory_unless_said_otherwise() -> None:
    op = MemoryOp(action="create", content="Payments use Adyen.")
    assert (op.type, op.memory_class, op.memory_id, op.turns) == ("project", "durable", None, ())


def test_each_proposal_has_its_own_lists_and_usage() -> None:
    one, two = Proposal(), Proposal()
    one.ops.append(MemoryOp(action="delete", memory_id=3))
    one.usage.add(Usage(model_calls=1))
    assert two.ops == [] and two.usage == Usage() and two.mode is None
