# ruff: noqa: RUF001 (other scripts on purpose)
"""Placeholders and leftovers are junk (daemon.gate.placeholders, through
:func:`junk_reason`): lorem ipsum, a statement whose value is only a mask; a statement in
another script beside lorem ipsum, or one about masks, stays."""

from __future__ import annotations

import pytest

from daemon.gate.placeholders import unfilled_template
from daemon.gate.substance import PLACEHOLDER, REDACTION_LEFTOVER, junk_reason

_LOREM = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor."


@pytest.mark.parametrize(
    "statement",
    [
        "Деплой по пятницам.",
        "部署在周五进行。",
        "用uv，不用pip。",
        "テストはpytestで実行します。",
        "uv를 사용하고 pip는 쓰지 않습니다.",
        "النشر يتم يوم الجمعة.",
        "डिप्लॉय शुक्रवार को होता है।",
        "ดีพลอยทุกวันศุกร์",
    ],
)
def test_lorem_ipsum_beside_a_statement_in_another_script_is_kept(statement: str) -> None:
    """Lorem ipsum is written in the letters a to z: a sentence holding a word of other
    letters (in another script, or run into the filler where a full stop of its own script
    is no sentence end here) states something, whatever the Latin words around it."""
    assert junk_reason("Note", f"{statement} {_LOREM}") is None
    assert junk_reason("Note", f"{_LOREM} {statement}") is None
    assert junk_reason("Note", _LOREM) == PLACEHOLDER


@pytest.mark.parametrize(
    "content",
    [
        "The Harbour VPN admin login is ██████.",
        "The relay key for site 4 is ********.",
        "Gateway password: [redacted].",
    ],
)
def test_a_statement_whose_value_is_a_mask_is_a_redaction_leftover(content: str) -> None:
    """What a statement gives as its value was masked: the sentence ends on the mask, and
    what is left names a credential and nothing of it."""
    assert junk_reason("Note", content) == REDACTION_LEFTOVER


def test_a_statement_about_masks_is_kept() -> None:
    assert junk_reason("Note", "The portal shows card numbers as ****, never in full.") is None


@pytest.mark.parametrize(
    "content",
    [
        "The team's on-call rotation is [ROTATION].",
        "Preferred editor: [EDITOR_NAME]",
        "The deploy window is [DEPLOY WINDOW]. Owner: [OWNER].",
    ],
)
def test_a_statement_whose_value_is_a_template_slot_is_a_placeholder(content: str) -> None:
    """An upper-case slot in brackets where the value should be: a template left unfilled."""
    assert junk_reason("Note", content) == PLACEHOLDER


@pytest.mark.parametrize(
    "content",
    [
        "The [INFO] prefix marks Maven's own lines.",
        "PR titles start with [WIP] until review.",
        "The default log level is [INFO] in the Maven output.",
        "Release notes use the [VERSION] placeholder, filled in by CI.",
    ],
)
def test_a_bracketed_capital_word_said_of_something_is_kept(content: str) -> None:
    assert junk_reason("Note", content) is None


@pytest.mark.parametrize(
    "content",
    [
        "Localization tokens such as {item_name} must survive translation unchanged.",
        "Die Platzhalter {count} und {player} bleiben in jeder Übersetzung stehen.",
        "Tokeny {count} i {player} zostają w tłumaczeniu bez zmian.",
        "Los marcadores {count} no se traducen.",
    ],
)
def test_a_text_about_localisation_tokens_speaks_of_its_slots(content: str) -> None:
    assert not unfilled_template(content)


@pytest.mark.parametrize(
    "content",
    ["{user} prefers dark mode.", "Hello {name}, your order {order_id} has shipped today."],
)
def test_slots_left_unfilled_in_a_statement_are_still_a_template(content: str) -> None:
    assert unfilled_template(content)


def test_a_token_word_alone_does_not_speak_of_a_template() -> None:
    """``Token: {{REDACTED}}`` is a credential's slot left unfilled, not a localisation's."""
    assert unfilled_template("Token: {{REDACTED}}")


@pytest.mark.parametrize(
    "content",
    [
        "Title: Untitled\nContent:",
        "Name: unnamed. Owner: TBD.",
        "Titel: Unbenannt\nInhalt:",
        "Titre : Sans titre\nContenu :",
    ],
)
def test_a_form_whose_title_is_the_name_an_editor_gives_what_has_none_is_a_placeholder(
    content: str,
) -> None:
    assert junk_reason(content.split("\n")[0][:60], content) == PLACEHOLDER


@pytest.mark.parametrize(
    "content",
    [
        "Title: Untitled\nContent: the jig needs 24 V on the rail.",
        "Untitled documents in the wiki are deleted after 30 days.",
        "Dashboards named 'Untitled' are cleaned up every Monday.",
    ],
)
def test_a_statement_beside_or_about_untitled_things_is_kept(content: str) -> None:
    assert junk_reason(content.split("\n")[0][:60], content) is None
