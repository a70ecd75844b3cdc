# ruff: noqa: RUF003 (the words of other languages, as written)
"""Payment card numbers and IBANs, found by their check digits.

A card number (a PAN) is 13 to 19 digits whose last is a Luhn check digit, led by an issuer's
prefix (Visa 4, Mastercard 51-55 and 2221-2720, American Express 34 and 37, Discover 6011
and 65, JCB 35, Diners 30, 36 and 38, UnionPay 62, Maestro 50 and 56-69), written whole or
in groups of digits split by single spaces or hyphens (``4916 8465 6321 2233``, Amex's
``3782 414852 53888``). An IBAN is two capitals of a country, two check digits and up to 30
letters and digits (in groups of four or not) whose mod-97 check holds. The checks make a
chance match of an order number, a phone number or a count rare; the numbers card networks
publish for tests (``4242 4242 4242 4242``) are no one's card and are kept, and so are the
numbers a sentence calls test ones when they hold a run of one digit typed four times (a
provider's test card is made to be typed: ``Testkarte 4000 0027 6000 3184``), and the
IBANs the IBAN registry publishes as each country's example (``DE89 3704 0044 0532 0130 00``,
``GB29 NWBK 6016 1331 9268 19``): documentation and test data quote them.

Linear: one regex pass a shape, a check of each match.
"""

from __future__ import annotations

import re

__all__ = ["card_numbers", "example_iban", "ibans", "payment_numbers", "test_card"]

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
#: The IBANs the IBAN registry (SWIFT, for ISO 13616) publishes as each country's example,
#: quoted by banks' and tax authorities' documentation and test data: no one's account.
_EXAMPLE_IBANS = frozenset(
    (
        "AL47212110090000000235698741", "AD1200012030200359100100",
        "AT611904300234573201", "AZ21NABZ00000000137010001944",
        "BH67BMAG00001299123456", "BE68539007547034", "BA391290079401028494",
        "BG80BNBG96611020345678", "BR1800360305000010009795493C1",
        "HR1210010051863000160", "CY17002001280000001200527600",
        "CZ6508000000192000145399", "DK5000400440116243",
        "DO28BAGR00000001212453611324", "EE382200221020145685", "FO6264600001631634",
        "FI2112345600000785", "FR1420041010050500013M02606", "GE29NB0000000101904917",
        "DE89370400440532013000", "GI75NWBK000000007099453",
        "GR1601101250000000012300695", "GL8964710001000206",
        "GT82TRAJ01020000001210029690", "HU42117730161111101800000000",
        "IS140159260076545510730339", "IE29AIBK93115212345678",
        "IL620108000000099999999", "IT60X0542811101000000123456",
        "JO94CBJO0010000000000131000302", "KZ86125KZT5004100100",
        "XK051212012345678906", "KW81CBKU0000000000001234560101",
        "LV80BANK0000435195001", "LB62099900000001001901229114",
        "LI21088100002324013AA", "LT121000011101001000", "LU280019400644750000",
        "MK07250120000058984", "MT84MALT011000012345MTLCAST001S",
        "MR1300020001010000123456753", "MU17BOMM0101101030300200000MUR",
        "MD24AG000225100013104168", "MC5811222000010123456789030",
        "ME25505000012345678951", "NL91ABNA0417164300", "NO9386011117947",
        "PK36SCBL0000001123456702", "PS92PALS000000000400123456702",
        "PL61109010140000071219812874", "PT50000201231234567890154",
        "QA58DOHB00001234567890ABCDEFG", "RO49AAAA1B31007593840000",
        "SM86U0322509800000000270100", "SA0380000000608010167519",
        "RS35260005601001611379", "SK3112000000198742637541", "SI56263300012039086",
        "ES9121000418450200051332", "SE4550000000058398257466", "CH9300762011623852957",
        "TN5910006035183598478831", "TR330006100519786457841326",
        "AE070331234567890123456", "GB29NWBK60161331926819", "VG96VPVG0000012345678901",
        "UA213223130000026007233566001", "RU0204452560040702810412345678901",
        "CR05015202001026284066", "TL380080012345678910157",
        "LC55HEMM000100010012001200023015", "SC18SSCB11010000000000001497USD",
        "BY13NBRB3600900000002Z00AB00", "EG380019000500000000263180002",
        "IQ98NBIQ850123456789012", "SV62CENR00000000000000700025",
        "VA59001123000012345678", "ST68000100010051845310112", "SD2129010501234001",
        "LY83002048000020100120361", "NI45BAPR00000013000003558124",
        "MN121234123456789123", "SO211000001001000100141"
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


# A providers' test number is made to be typed: a run of one digit, four or more, in it
# (``4000 0027 6000 3184``, ``6703 4444 4444 4449``); one in a hundred cards has such a run.
_TYPED_RUN = re.compile(r"(\d)\1{3}")
# The words that call a number a test one (a test card, a sandbox, ``tarjeta de pruebas``,
# ``Testkarte``, ``test kartı``, ``testkaart``), standing alone or leading or ending a word.
_TEST_WORD = re.compile(
    r"(?i)(?<![^\W\d_])(?:test|tests|testing|testkarte\w*|testkaart\w*|testi|testowa\w*"
    r"|sandbox\w*|prueba|pruebas|teste|testes|tesztkártya|тестов\w*)(?![^\W\d_])"
    r"|(?<=-)test\w*"
)
_TEST_REACH = 6  # words on either side of a number, in its sentence
_SENTENCE = re.compile(r"[.!?](?:\s|$)|\n")


def _named_test(text: str, start: int, end: int) -> bool:
    """Whether the number at ``start..end`` is a test one: a providers' typed run in it, and
    a word that calls it a test number among the :data:`_TEST_REACH` words on either side in
    its sentence, or a number the networks publish for tests in the same sentence."""
    if _TYPED_RUN.search(re.sub(r"[ -]", "", text[start:end])) is None:
        return False
    stops = [m.end() for m in _SENTENCE.finditer(text, max(0, start - 200), start)]
    head = stops[-1] if stops else max(0, start - 200)
    tail_stop = _SENTENCE.search(text, end, end + 200)
    tail = tail_stop.start() if tail_stop else min(len(text), end + 200)
    before = text[head:start].split()[-_TEST_REACH:]
    after = text[end:tail].split()[:_TEST_REACH]
    if any(_TEST_WORD.search(word) for word in before + after):
        return True
    return any(
        c.group().replace(" ", "").replace("-", "") in _TEST_CARDS
        for c in _CARD.finditer(text, head, tail)
    )


def card_numbers(text: str) -> list[tuple[int, int]]:
    """The spans of the card numbers of ``text`` (see the module)."""
    spans: list[tuple[int, int]] = []
    for m in _CARD.finditer(text):
        digits = m.group().replace(" ", "").replace("-", "")
        if not 13 <= len(digits) <= 19 or digits in _TEST_CARDS or len(set(digits)) < 4:
            continue
        if _ISSUER.match(digits) and _luhn(digits) and not _named_test(text, *m.span()):
            spans.append(m.span())
    return spans


def ibans(text: str) -> list[tuple[int, int]]:
    """The spans of the IBANs of ``text`` whose mod-97 check holds."""
    spans: list[tuple[int, int]] = []
    for m in _IBAN.finditer(text):
        compact = m.group().replace(" ", "")
        if not 15 <= len(compact) <= 34:
            continue
        if compact in _EXAMPLE_IBANS:
            continue  # the registry's example
        moved = compact[4:] + compact[:4]
        number = "".join(str(int(c, 36)) for c in moved)
        if int(number) % 97 == 1:
            spans.append(m.span())
    return spans


def example_iban(found: str) -> bool:
    """Whether ``found`` is an IBAN the registry publishes as an example (whole or in groups
    of four)."""
    return found.replace(" ", "") in _EXAMPLE_IBANS


def test_card(found: str) -> bool:
    """Whether ``found`` holds a number the card networks publish for tests."""
    digits = "".join(c for c in found if c.isdigit())
    return any(card in digits for card in _TEST_CARDS)


def payment_numbers(text: str) -> list[tuple[int, int]]:
    """The spans of the card numbers and IBANs of ``text``, in order."""
    if _FOUR_DIGITS.search(text) is None:
        return []
    return sorted([*card_numbers(text), *ibans(text)])
