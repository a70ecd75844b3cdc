"""memoryd's prompt text: the system prompt of delta mode and the scope line."""

from __future__ import annotations

from daemon.gate import prompt_text


def test_the_system_prompt_holds_the_guidance_and_the_call_budget() -> None:
    prompt = prompt_text.system_prompt(7)
    assert prompt.startswith("You are memoryd's memory extractor.")
    assert prompt_text.GUIDANCE in prompt
    assert "## Plan (at most 7 model calls)" in prompt
    assert prompt.index(prompt_text.TAXONOMY) < prompt.index(prompt_text.RULES)
    assert "{calls}" not in prompt


def test_the_guidance_is_the_taxonomy_what_not_to_save_and_the_rules() -> None:
    assert (
        "\n\n".join((prompt_text.TAXONOMY, prompt_text.NOT_TO_SAVE, prompt_text.RULES))
        == prompt_text.GUIDANCE
    )


def test_the_scope_line_keeps_user_memories_private_or_forbids_them() -> None:
    with_user = prompt_text.scope_line(True)
    without = prompt_text.scope_line(False)
    assert "user memories stay private" in with_user
    assert "do not save user memories" in without
    assert "do not save user memories" not in with_user
