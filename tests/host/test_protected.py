"""Protected context and pinned messages."""

from __future__ import annotations

from daemon.host.protected import HEADING, ProtectedContext, is_instruction, pinned_indexes


def test_the_context_renders_every_fact_given_and_nothing_else() -> None:
    facts = ProtectedContext(mode="plan", branch="main", agent_type="explorer", agent_depth=0)

    assert facts.render() == "\n".join(
        [HEADING, "- Mode: plan", "- Branch: main", "- Agent type: explorer", "- Agent depth: 0"]
    )
    assert ProtectedContext().render() == ""


def test_the_context_reads_a_json_object_and_ignores_what_it_does_not_know() -> None:
    facts = ProtectedContext.of(
        {"cwd": "/srv/app", "agent_depth": True, "mode": 3, "branch": "dev", "other": "x"}
    )

    assert facts == ProtectedContext(working_directory="/srv/app", branch="dev")
    assert ProtectedContext.of(None) == ProtectedContext()


def test_pinned_messages_are_marked_or_listed() -> None:
    messages = [
        {"role": "user", "content": "a", "pinned": True},
        {"role": "user", "content": "b", "pinned": "yes"},
        {"role": "user", "content": "c"},
    ]

    assert pinned_indexes(messages, [2, 7, -1]) == {0, 2}


def test_system_and_developer_messages_are_instructions() -> None:
    assert is_instruction({"role": "system"}) and is_instruction({"role": "developer"})
    assert not is_instruction({"role": "user"})
