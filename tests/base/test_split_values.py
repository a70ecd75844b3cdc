# ruff: noqa: RUF001 (announcing words of other scripts, as written)
"""The parts of a credential given apart from its word: the rest announced in a turn of its
own, a value spelt with hyphens after a credential word, quoted words before what they open;
prose with the same words left; linear."""

from __future__ import annotations

import pytest

from daemon.base.redaction import redact
from daemon.base.split_values import split_values
from tests.linear import MAX_RATIO, ratio

FOUND = [
    ("rest of it: x9V4Rt — all one string, no spaces", "x9V4Rt"),
    ("and I hold the second: 'copper sparrow'. Write it down.", "copper sparrow"),
    ("part 2 (Ravi): 'lighthouse puttw'", "lighthouse puttw"),
    ("and it ends with Sluice397, no space in between", "Sluice397"),
    ("Jenkins pw, spelled out: capital K, then 7, then m-o-s-s.", "m-o-s-s"),
    ("'velvet otter sings loudly' unlocks the encrypted backup volume.", "velvet otter sings"),
    # Hebrew and Arabic join "and" and "the" to the word (set AT)
    ("החצי הראשון: pOBRn4IC", "pOBRn4IC"),
    ("והחצי השני, בלי רווח: Hpgrpd", "Hpgrpd"),
    ("والجزء الثاني: Tq8vLm2x", "Tq8vLm2x"),
    # a part of letters alone, no vowel among them: no word of prose
    ("and the second half, no space: Hpgrpd", "Hpgrpd"),
    ("zweite Hälfte: xQrtzk", "xQrtzk"),
]
LEFT = [
    "The rest of the team joined at 10.",
    "The second part of the migration moved 40 tables.",
    "Tests: the first half ran in 2.3s.",
    "The string ends with a newline.",
    "It starts with sk_ and ends with the account id.",
    "The ticket is OPS-4411, see a-b-c-d in the glossary.",
    "'Open Sesame' opens the demo, a film we show new staff.",
    "The second half: Kubernetes upgrades.",
    "החצי השני: SFTP",
    "The second part: Setup and teardown.",
    "The first half: rhythm exercises.",
]


@pytest.mark.parametrize(("text", "value"), FOUND, ids=lambda v: str(v)[:40])
def test_parts_given_apart_are_found_and_cut(text: str, value: str) -> None:
    assert split_values(text)
    assert value not in redact(text)[0]


@pytest.mark.parametrize("text", LEFT, ids=lambda v: v[:40])
def test_prose_with_the_same_words_is_left(text: str) -> None:
    assert split_values(text) == []


SMALL, LARGE = 64 * 1024, 512 * 1024


@pytest.mark.parametrize("unit", ["the rest ", "a-b-c-d-", "password a-b-c-d ", "'ab cd ef' "])
def test_scanning_grows_linearly(unit: str) -> None:
    small, large = unit * (SMALL // len(unit)), unit * (LARGE // len(unit))
    grown = ratio(split_values, small, large)
    assert grown < MAX_RATIO, f"{unit!r}: {grown:.1f}x the work for 8x the input"


def test_a_part_numbered_in_words_is_a_part() -> None:
    for text, value in (
        ("part one: Kx9Lm2Qv7Rz4", "Kx9Lm2Qv7Rz4"),
        ("part two: Tn5Wc8Yb1Hd6", "Tn5Wc8Yb1Hd6"),
    ):
        assert value not in redact(text)[0], text
    assert split_values("Part two of the talk covers caching.") == []


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("Die erste Hälfte ist Fj8#kW, die zweite hat Jürgen.", "Fj8#kW"),
        ("Нина: а вторая 58kQ!w", "58kQ!w"),
        ("Marc : et la deuxième partie, 2231-vQ4", "2231-vQ4"),
        ("Tunde sọ pé apá kejì ni x!29wLe", "x!29wLe"),
    ],
)
def test_a_part_announced_in_another_language_is_cut(text: str, part: str) -> None:
    assert part not in redact(text)[0]


def test_the_start_of_a_digest_is_no_part_of_a_credential() -> None:
    text = "Vendor's published SHA-256 starts with 5d41c0e2."
    assert split_values(text) == []
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("The account is split on purpose. My half is 7Hq-river-", "7Hq-river-"),
        ("Nenosiri limegawanywa. Sehemu ya kwanza: Kili-", "Kili-"),
        ("Parola e împărțită: prima parte e Carpati_", "Carpati_"),
    ],
)
def test_a_part_cut_at_a_joiner_or_owned_by_its_holder_is_cut(text: str, part: str) -> None:
    assert part not in redact(text)[0]


def test_a_word_ending_a_clause_after_a_part_word_is_no_fragment() -> None:
    text = "The first part of the migration moved the read-only replicas."
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("Parola nouă a routerului începe cu Dunare_", "Dunare_"),
        ("Das neue Kennwort beginnt mit Elbe- und der Rest kommt gleich.", "Elbe-"),
        ("El nuevo PIN del panel continúa con 4471#", "4471#"),
        ("Nowe hasło zaczyna się od Wisla_", "Wisla_"),
        ("Новый пароль начинается с Volga-", "Volga-"),
        ("Det nya lösenordet börjar med Vattern_", "Vattern_"),
        ("Kata sandi baru diawali dengan Merapi-", "Merapi-"),
        ("and it continues with Qx7!mW2", "Qx7!mW2"),
    ],
)
def test_what_a_value_starts_ends_or_goes_on_with_is_a_part_in_many_languages(
    text: str, part: str
) -> None:
    assert part not in redact(text)[0]


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("Yönetici şifresini değiştirdim. İlk kısmı Kapadokya-Uc", "Kapadokya-Uc"),
        ("The kiosk password is split. The first half is Harbor-Gate", "Harbor-Gate"),
        ("Das Kennwort ist geteilt, die erste Hälfte: Elbe-Sand", "Elbe-Sand"),
    ],
)
def test_a_first_part_of_words_joined_after_a_named_password_is_cut(text: str, part: str) -> None:
    assert part not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Die Sitzung beginnt mit einer Vorstellungsrunde.",
        "Ședința începe cu o prezentare a echipei.",
        "El informe empieza con el resumen de ventas de 2024.",
        "The report starts with the sales summary of 2024.",
        "The list starts with room 4417.",
        "Отчёт начинается с таблицы на странице 3.",
        "Mötet börjar med en genomgång av läget.",
        "The password doc's first part covers Open Source tools.",
        "Projenin ilk kısmı Ar-Ge ile ilgili.",
        "The first half is about Wi-Fi roaming, the password comes later.",
        "İlk kısmı bitirdim, şifre politikasını yarın okurum.",
        "The first part of the password guide moved the read-only replicas.",
    ],
)
def test_prose_starting_with_or_split_in_parts_keeps_its_words(text: str) -> None:
    assert split_values(text) == []


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("Le mot de passe en deux fois. Première partie : Xw4Rt, la suite par SMS.", "Xw4Rt"),
        ("La contraseña va en dos mensajes, primera parte: mQ7zK y luego el resto.", "mQ7zK"),
        ("Hasło dzielę na dwa. Pierwsza część: Lp3Vn – drugą wyśle Ola.", "Lp3Vn"),
        ("The admin password in two halves. First half: Hb6Tc, Ravi sends the rest.", "Hb6Tc"),
    ],
)
def test_a_short_part_of_a_named_password_is_cut(text: str, part: str) -> None:
    """A half of a password is shorter than a whole one: five characters mixing cases and a
    digit are a part once a password is named before the words that announce it."""
    assert part not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "The first half: Q3 numbers, the second half: hiring.",
        "Première partie : iOS17 et Android, deuxième partie : le MDM.",
        "Pierwsza część: H1N1, druga część: Covid.",
        "The first part: Ab12 of the runbook covers the backup.",
    ],
)
def test_a_short_name_after_a_part_without_a_named_password_is_kept(text: str) -> None:
    assert split_values(text) == []


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("The vault password starts with Kd4%. After that comes 8Pw!x2, no space.", "8Pw!x2"),
        ("The NAS password begins with Lm2. Then comes Tq4$wP and nothing else.", "Tq4$wP"),
        ("Das Kennwort fängt mit Hx9 an, danach kommt 7hX&2m ohne Leerzeichen.", "7hX&2m"),
        ("Le mot de passe commence par Rb5, ensuite vient Pq8#zL collé.", "Pq8#zL"),
    ],
)
def test_what_comes_after_a_part_of_a_named_password_is_cut(text: str, part: str) -> None:
    """A password's next part announced as what comes after (``After that comes 3Rz!9k``):
    a short token mixing a digit, a letter and a symbol, once a password is named."""
    assert part not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "After that comes the review, then the merge.",
        "The deploy starts with build 4471. After that comes QA2 sign-off.",
        "Then comes step 4!",
    ],
)
def test_what_comes_after_in_prose_is_kept(text: str) -> None:
    assert split_values(text) == []


@pytest.mark.parametrize(
    ("text", "part"),
    [
        (
            "Het wachtwoord staat in twee delen op de wiki. Het tweede stuk, 4kRt7, ligt bij Jan.",
            "4kRt7",
        ),
        ("Das Kennwort ist geteilt. Das zweite Stück, 8mQx3, steht auf dem Aufkleber.", "8mQx3"),
        (
            "Le mot de passe est coupé en deux. Le deuxième morceau, 2wNp9, est sur l'étiquette.",
            "2wNp9",
        ),
    ],
)
def test_a_piece_of_a_value_announced_by_its_ordinal_is_cut(text: str, part: str) -> None:
    """``the second piece``, as Dutch, German, French, Spanish, Portuguese and Italian say
    it (``het tweede stuk``, ``das zweite Stück``, ``le deuxième morceau`` …)."""
    assert part not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Het tweede stuk van de release gaat naar Penang.",
        "Das zweite Stück der Leitung ist 40 m lang.",
        "Le deuxième morceau de l'album dure 4 minutes.",
    ],
)
def test_a_piece_of_something_else_is_kept(text: str) -> None:
    assert split_values(text) == []


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("Larmkoden för kontoret i Malmö har bytts. De fyra första siffrorna är 8265", "8265"),
        ("The alarm code for the office changed. The first four digits are 8265", "8265"),
        ("Der Tresorcode wurde geändert. Die letzten vier Ziffern: 1937.", "1937"),
    ],
)
def test_some_digits_of_a_named_code_said_to_be_a_number_are_cut(text: str, part: str) -> None:
    assert split_values(text)
    assert part not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "The PIN must have six digits or more.",
        "The PIN policy: at least 6 digits, 2026 rollout.",
        "Order 4411 has 12 digits; the first four digits are 4411.",
    ],
)
def test_digits_of_no_named_code_or_no_number_after_them_are_kept(text: str) -> None:
    assert split_values(text) == []
