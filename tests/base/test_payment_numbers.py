# ruff: noqa: RUF001, RUF003 (the words of other languages, as written)
"""Card numbers and IBANs, found by their check digits, whole or in groups; numbers that
fail the check, published test cards and other ids left; linear."""

from __future__ import annotations

import pytest

from daemon.base.payment_numbers import card_numbers, ibans, payment_numbers
from daemon.base.redaction import redact
from tests.linear import MAX_RATIO, ratio

CARDS = [
    ("Company Visa 4916 8465 6321 2233 exp 11/27", "4916 8465 6321 2233"),
    ("Amex 3782 414852 53888, CID 4412", "3782 414852 53888"),
    ("card=5193952890786666", "5193952890786666"),
    ("Karte 5193-9528-9078-6666", "5193-9528-9078-6666"),
]
IBANS = [
    ("IBAN DE23 1203 0000 9876 5432 11", "DE23 1203 0000 9876 5432 11"),
    ("pay to FR7630006000011234567890189", "FR7630006000011234567890189"),
]
LEFT = [
    "Order 1123-5813-2134-5589 shipped on Monday.",
    "Stripe's test card 4242 4242 4242 4242 works in test mode.",
    "The AWS prod account id is 123456789012.",
    "The UPS tracking number is 1Z999AA10123456784.",
    "Build 20261128123456 finished.",
    "IBAN DE24 1203 0000 9876 5432 11 has a wrong check digit.",
    "Call +49 30 1234 5678.",
    "1111 1111 1111 1117",
]


@pytest.mark.parametrize(("text", "value"), CARDS, ids=lambda v: str(v)[:40])
def test_cards_are_found_and_cut(text: str, value: str) -> None:
    assert [text[a:b] for a, b in card_numbers(text)] == [value]
    assert value not in redact(text)[0]


@pytest.mark.parametrize(("text", "value"), IBANS, ids=lambda v: str(v)[:40])
def test_ibans_are_found_and_cut(text: str, value: str) -> None:
    assert [text[a:b] for a, b in ibans(text)] == [value]
    assert value not in redact(text)[0]


@pytest.mark.parametrize("text", LEFT, ids=lambda v: v[:40])
def test_other_numbers_are_left(text: str) -> None:
    assert payment_numbers(text) == []


# The IBANs the IBAN registry publishes as each country's example (``DE89 3704 0044 0532
# 0130 00``, ``GB29 NWBK 6016 1331 9268 19``) are no one's account, as the networks' test
# cards are none's card: kept, whole or in groups, in prose, code and bank files alike, and
# nothing else reads them as a value (set AT: example accounts in payroll and bank-feed
# sessions). An IBAN that is no example is still cut.
@pytest.mark.parametrize(
    "text",
    [
        "Use the registry's example AT61 1904 3000 2345 7320 1 for the Austrian tenant.",
        "CH9300762011623852957 fails our parser because of the 5-digit clearing number.",
        "<IBAN>PL61109010140000071219812874</IBAN>",
        "iban = 'SE4550000000058398257466'",
        ":25:/BE68539007547034",
        "Tak: FR1420041010050500013M02606 ma 27 znaków.",
    ],
)
def test_the_registrys_example_ibans_are_kept(text: str) -> None:
    assert ibans(text) == []
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Refund to AT48 3200 0000 1234 5864, please.", "AT48 3200 0000 1234 5864"),
        ("<IBAN>DE02120300000000202051</IBAN>", "DE02120300000000202051"),
    ],
)
def test_an_iban_that_is_no_example_is_still_cut(text: str, value: str) -> None:
    assert value not in redact(text)[0]


SMALL, LARGE = 64 * 1024, 512 * 1024


@pytest.mark.parametrize("unit", ["4916 8465 ", "1234 ", "DE23 1203 ", "4" * 30 + " "])
def test_scanning_grows_linearly(unit: str) -> None:
    small, large = unit * (SMALL // len(unit)), unit * (LARGE // len(unit))
    grown = ratio(payment_numbers, small, large)
    assert grown < MAX_RATIO, f"{unit!r}: {grown:.1f}x the work for 8x the input"


# A provider's test card is made to be typed (a run of one digit four times or more) and a
# sentence calls it a test one (set AW: ``tarjeta de pruebas``, ``Test kartı``, a sandbox,
# beside a published test card): kept. A card without such a run, or that nothing calls a
# test one, is still cut.
@pytest.mark.parametrize(
    "text",
    [
        "La tarjeta de pruebas 4000 0012 3456 7899 simula un pago rechazado.",
        "Test kartı olarak 5555 0000 1234 5672 kullanabilir miyiz?",
        "Use 4242 4242 4242 4242 for success and 4917 0000 9876 5435 for a decline.",
        "Bancontact-testkaart: 5300 1111 0000 2220, vervaldatum 03/30.",
        "use 4000 0012 3456 7899 with amount 1200 EUR in sandbox mode",
    ],
)
def test_a_typed_number_a_sentence_calls_a_test_card_is_kept(text: str) -> None:
    assert payment_numbers(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Test kartı olarak 4916 8465 6321 2233 kullanabilir miyiz?", "4916 8465 6321 2233"),
        ("The customer's card 4000 0012 3456 7899 was charged twice.", "4000 0012 3456 7899"),
        ("Card 5555 0000 1234 5672 failed. Then we ran the tests again.", "5555 0000 1234 5672"),
    ],
)
def test_a_card_without_a_typed_run_or_a_test_word_is_still_cut(text: str, value: str) -> None:
    assert value not in redact(text)[0]
