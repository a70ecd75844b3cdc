""":func:`daemon.gate.unread_facts.judged_as_statement`: a text of a loosened language is
judged by the statement rules only when it names something and provably holds no value and
no directive; every miss holds it."""

from __future__ import annotations

import pytest

from daemon.gate.languages import UNKNOWN
from daemon.gate.unread_facts import LOOSENED, judged_as_statement


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Il changelog di Payments viene aggiornato dal team di rilascio ogni venerdì.", "Italian"),
        ("De changelog van Payments wordt elke vrijdag door het releaseteam bijgewerkt.", "Dutch"),
        ("Ändringsloggen för Payments uppdateras av releaseteamet varje fredag.", "Swedish"),
    ],
)
def test_a_fact_naming_something_with_no_value_is_judged(text: str, language: str) -> None:
    assert judged_as_statement(text, language)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # names nothing: no number, name or version
        ("Il backup del database viene verificato ogni lunedì.", "Italian"),
        # names a credential
        ("La password di Payments è conservata nel vault del team.", "Italian"),
        # a value-shaped token
        ("Il token di Payments è Xk9fQ2vLm8TzR4wP.", "Italian"),
        # a language the statement rules do not read, or none told
        ("Jurnalul Payments este actualizat vinerea.", "Romanian"),
        ("Payments 2024", UNKNOWN),
    ],
)
def test_a_miss_of_any_condition_holds_the_text(text: str, language: str) -> None:
    assert not judged_as_statement(text, language)


def test_the_languages_loosened_are_named() -> None:
    assert {"ITALIAN", "DUTCH", "ARABIC", "HEBREW", "GREEK", "UKRAINIAN"} <= LOOSENED
    assert "ROMANIAN" not in LOOSENED
