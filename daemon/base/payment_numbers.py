"""Payment card numbers and IBANs, found by their check digits.

A card number (a PAN) is 13 to 19 digits whose last is a Luhn check digit, led by an issuer's
prefix (Visa 4, Mastercard 51-55 and 2221-2720, American Express 34 and 37, Discover 6011
and 65, JCB 35, Diners 30, 36 and 38, UnionPay 62, Maestro 50 and 56-69), written whole or
in groups of digits split by single spaces or hyphens (``4916 8465 6321 2233``, Amex's
``3782 414852 53888``). An IBAN is two capitals of a country, two check digits and up to 30
letters and digits (in groups of four or not) whose mod-97 check holds. The checks make a
chance match of an order number, a phone number or a count rare; the numbers card networks
publish for tests (``4242 4242 4242 4242``) are no one's card and are kept.

Linear: one regex pass a shape, a check of each match.
"""

from __future__ import annotations

import re

__all__ = ["card_numbers", "ibans", "payment_numbers", "test_card"]

# Digits in groups of 3 to 6 split by one space or hyphen, or whole: 13 to 19 in all.
_CARD = re.compile(r"\d(?<![\w.+/-]\d)(?:\d{12,18}|\d{3}(?:[ -]\d{3,6}){2,4})(?![\w/]|[.,-]\d)")
# Four digits in a row: every card number and nearly every IBAN holds them.
_FOUR_DIGITS = re.compile(r"\d{4}")
_ISSUER = re.compile(r"4|5[1-5]|2[2-7]|3[47]|6011|65|35|3[068]|62|5[06-9]|6[0-9]")
#: Numbers the card networks and payment providers publish for tests.
_TEST_CARDS = frozenset(
    (
        "4242424242424242", "4000056655665556", "4111111111111111", "4012888888881881",
        "5555555555554444", "5200828282828210", "5105105105105100", "2223003122003222",
        "378282246310005", "371449635398431", "6011111111111117", "6011000990139424",
        "3056930009020004", "36227206271667", "3566002020360505", "6200000000000005",
    )
)  # fmt: skip
_IBAN = re.compile(
    r"[A-Z](?<![A-Za-z0-9][A-Z])[A-Z]\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?(?![A-Za-z0-9])"
)


def _luhn(digits: str) -> bool:
    total = 0
    for i, char in enumerate(reversed(digits)):
        value = ord(char) - 48
        if i % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def card_numbers(text: str) -> list[tuple[int, int]]:
    """The spans of the card numbers of ``text`` (see the module)."""
    spans: list[tuple[int, int]] = []
    for m in _CARD.finditer(text):
        digits = m.group().replace(" ", "").replace("-", "")
        if not 13 <= len(digits) <= 19 or digits in _TEST_CARDS or len(set(digits)) < 4:
            continue
        if _ISSUER.match(digits) and _luhn(digits):
            spans.append(m.span())
    return spans


def ibans(text: str) -> list[tuple[int, int]]:
    """The spans of the IBANs of ``text`` whose mod-97 check holds."""
    spans: list[tuple[int, int]] = []
    for m in _IBAN.finditer(text):
        compact = m.group().replace(" ", "")
        if not 15 <= len(compact) <= 34:
            continue
        moved = compact[4:] + compact[:4]
        number = "".join(str(int(c, 36)) for c in moved)
        if int(number) % 97 == 1:
            spans.append(m.span())
    return spans


def test_card(found: str) -> bool:
    """Whether ``found`` holds a number the card networks publish for tests."""
    digits = "".join(c for c in found if c.isdigit())
    return any(card in digits for card in _TEST_CARDS)


def payment_numbers(text: str) -> list[tuple[int, int]]:
    """The spans of the card numbers and IBANs of ``text``, in order."""
    if _FOUR_DIGITS.search(text) is None:
        return []
    return sorted([*card_numbers(text), *ibans(text)])
