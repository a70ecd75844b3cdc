"""Talk about the conversation is junk (daemon.gate.conversation, through
:func:`junk_reason`): thanks pointing back at the chat, a narration of it, a host prompt's
line on how to answer; a fact after thanks and a user's own wish for how to be answered
stay."""

from __future__ import annotations

import pytest

from daemon.gate.substance import junk_reason


@pytest.mark.parametrize(
    "content",
    [
        "Thanks, that sorted out the scanner at dock four!",
        "In this conversation we discussed a few topics.",
        "During the chat, the user asked about something and the assistant answered.",
    ],
)
def test_thanks_pointing_back_and_a_framed_narration_are_junk(content: str) -> None:
    assert junk_reason("Title", content) is not None


@pytest.mark.parametrize(
    "content",
    [
        "Thanks to the new scanner, dock four clears trucks in ten minutes.",
        "Thanks, it is fine to stack reefers two high at the north quay.",
    ],
)
def test_a_fact_after_thanks_is_kept(content: str) -> None:
    assert junk_reason("Title", content) is None


# A user's own wish for how answers reach them ("Reply to me in Spanish.") is the user memory
# a future session needs; a host prompt's line speaks of the user in the third person.
@pytest.mark.parametrize(
    "wish",
    [
        "Reply to me in Spanish.",
        "Answer me in plain language, no jargon.",
        "Talk to me like a senior engineer; skip the basics.",
        "Explain things to me with diagrams when possible.",
        "Give me the command first, then the explanation.",
        "Always answer me in metric units.",
        "Reply in French to me, please.",
        "Reply to me in Portuguese from now on.",
        "Speak to me informally.",
        "Antworte mir bitte immer auf Deutsch.",
    ],
)
def test_a_users_own_wish_for_how_to_be_answered_is_kept(wish: str) -> None:
    assert junk_reason(wish[:60], wish) is None, wish


@pytest.mark.parametrize(
    "line",
    [
        "Respond concisely and use markdown.",
        "Always answer in the user's language.",
        "Reply briefly.",
        "Answer the user's question directly.",
        "Reply in the same language as the user.",
        "Talk like a pirate.",
        "Thanks, reply to me later.",
    ],
)
def test_a_prompts_answer_style_stays_junk_beside_the_users_wishes(line: str) -> None:
    assert junk_reason(line[:60], line) is not None, line
