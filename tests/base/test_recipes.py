"""A password told by how it is made (:mod:`daemon.base.recipes`): the recipe after the
password word and its copula (what it joins, reversed or followed by what) is cut, and so is
the example that spells it out (``so ironpetal2026 this year``); a policy, a rotation or a
place where the password is kept is not. Every text here was written for this file."""

from __future__ import annotations

import pytest

from daemon.base.recipes import recipes
from daemon.base.redaction import redact
from tests.linear import MAX_RATIO, ratio

RECIPES = [
    (
        "The door panel password is the name of the office dog backwards followed by the floor"
        " number.",
        "the name of the office dog backwards followed by the floor number",
    ),
    (
        "Our router password is the team's name then the year, all lowercase.",
        "the team's name then the year",
    ),
    (
        "Das WLAN-Passwort ist der Name unseres ersten Spiels rückwärts, gefolgt von der"
        " Hausnummer.",
        "der Name unseres ersten Spiels rückwärts, gefolgt von der Hausnummer",
    ),
    (
        "La contraseña del wifi es el nombre del primer juego al revés seguido del número de"
        " la calle.",
        "el nombre del primer juego al revés seguido del número de la calle",
    ),
    (
        "Le mot de passe du NAS est le nom du studio suivi de l'année.",
        "le nom du studio suivi de l'année",
    ),
]
EXAMPLES = [
    (
        "Password for the plotter is lowercase, the city then the year (so lisbon2025 this year).",
        "lisbon2025",
    ),
    ("The kiosk password is the mascot's name and the year, e.g. otterly2026.", "otterly2026"),
    ("Das Passwort ist der Projektname plus Jahr, also z. B. falkenhorst2026.", "falkenhorst2026"),
    # a login told by its recipe, its example with capitals and the symbol the recipe adds
    (
        "The shop's admin login is the usual pattern, company name plus the year plus bang"
        " — so ShopCo2019! — can you check the orders?",
        "ShopCo2019!",
    ),
]
KEPT = [
    "The password is rotated every 90 days, then the old one is revoked.",
    "The password is stored in Vault under secret/build, followed by a rotation every quarter.",
    "Password policy: at least 14 characters, rotated every 180 days, then SSO is required.",
    "The password of the year award goes to the team followed by the studio.",
    "Das Passwort wird jedes Jahr geändert, danach gilt das neue.",
    "Passwords must be rotated, e.g. Postgres16 ones each quarter.",
    "The name of the build followed by the year is the tag, e.g. ironpetal2026.",
    "The login page is the usual one, then the dashboard, so Grafana10 works.",
]


def _span(text: str, said: str) -> tuple[int, int]:
    start = text.index(said)
    return start, start + len(said)


@pytest.mark.parametrize(("text", "said"), RECIPES, ids=lambda v: str(v)[:30])
def test_a_password_told_by_its_recipe_is_cut(text: str, said: str) -> None:
    assert _span(text, said) in recipes(text)
    assert said not in redact(text)[0]


@pytest.mark.parametrize(("text", "value"), EXAMPLES, ids=lambda v: str(v)[:30])
def test_the_example_a_recipe_gives_is_cut(text: str, value: str) -> None:
    assert value not in redact(text)[0]


@pytest.mark.parametrize("text", KEPT, ids=lambda v: v[:30])
def test_a_policy_a_rotation_or_a_place_is_no_recipe(text: str) -> None:
    assert recipes(text) == []


SMALL, LARGE = 80 * 1024, 640 * 1024


@pytest.mark.parametrize(
    "unit", ["The password is the name followed by ", "password e.g. ", "is the name, then "]
)
def test_reading_grows_linearly(unit: str) -> None:
    small, large = unit * (SMALL // len(unit)), unit * (LARGE // len(unit))
    grown = ratio(recipes, small, large)
    assert grown < MAX_RATIO, f"{unit!r}: {grown:.1f}x the work for 8x the input"
