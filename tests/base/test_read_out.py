# ruff: noqa: RUF001 (dictations in other languages, as written)
"""A password read out item by item after its word (:mod:`daemon.base.read_out`): letters
named with their case, in any language, then the rest of the clause, is cut whole; a
password policy, a list of places or of steps after a password word, and letters named in
prose, are not. Every text here was written for this file."""

from __future__ import annotations

import pytest

from daemon.base.read_out import read_out
from daemon.base.redaction import redact
from tests.linear import MAX_RATIO, ratio

READ_OUT = [
    (
        "Mật khẩu máy in tầng 2: chữ P viết hoa, rồi hoa, chữ L viết hoa, rồi an,"
        " rồi năm mươi hai.",
        "chữ P viết hoa, rồi hoa, chữ L viết hoa, rồi an, rồi năm mươi hai",
    ),
    (
        "Das WLAN-Passwort: großes F, dann link, großes O, dann tter, dann dreiundzwanzig.",
        "großes F, dann link, großes O, dann tter, dann dreiundzwanzig",
    ),
    (
        "La contraseña del quiosco es: una M mayúscula, luego ar, una S mayúscula, luego ol.",
        "una M mayúscula, luego ar, una S mayúscula, luego ol",
    ),
    (
        "The kiosk password: capital T, then ulip, capital R, then ose, then forty-one.",
        "capital T, then ulip, capital R, then ose, then forty-one",
    ),
    (
        "Пароль от терминала: большая К, потом отик, большая Р, потом ека, в конце восемь.",
        "большая К, потом отик, большая Р, потом ека, в конце восемь",
    ),
    (
        "Le code du boîtier : N majuscule, puis uage, B majuscule, puis leu, puis sept.",
        "N majuscule, puis uage, B majuscule, puis leu, puis sept",
    ),
]
# One letter named with its case, the rest spelt one character or one digit word each.
SPELT = [
    (
        "The locker password, spelled out: capital K, e, seven, seven, x, hash.",
        "capital K, e, seven, seven, x, hash",
    ),
    (
        "Das Kiosk-Passwort, buchstabiert: großes M, a, drei, drei, z, Ausrufezeichen.",
        "großes M, a, drei, drei, z, Ausrufezeichen",
    ),
    (
        "La contraseña del NAS, letra por letra: q, uno, R mayúscula, t, cinco, arroba.",
        "q, uno, R mayúscula, t, cinco, arroba",
    ),
]

KEPT = [
    "Password rules: one capital letter, one lowercase letter, a digit, 12 characters at least.",
    "Passwort-Regeln: ein Großbuchstabe, ein Kleinbuchstabe, eine Ziffer und zwölf Zeichen.",
    "WLAN-Passwort: siehe Zettel an Tür A, Schrank B, Fach C.",
    "Password reset: open menu A, then tab B, then press Save.",
    "Mật khẩu Wi-Fi: xem ở bảng trắng, phòng B, tầng 3, cạnh cửa sổ.",
    "Vitamin A, vitamin B and vitamin C are listed, then zinc, then iron.",
    "The rota: team A on Monday, team B on Tuesday, capital projects on Friday.",
    "Contraseña: pídesela a Marta, ella la tiene en la caja fuerte, luego la cambiamos.",
    "Password rules: a capital letter, one, two or three digits, no spaces.",
    "Password reset steps: capital letters off, a, b, then c in the wizard.",
    "Wi-Fi password: ask Tom, floor 2, room B, desk 4.",
]


def _dictation(text: str, said: str) -> tuple[int, int]:
    start = text.index(said)
    return start, start + len(said)


@pytest.mark.parametrize(("text", "said"), READ_OUT, ids=lambda v: str(v)[:30])
def test_a_password_read_out_letter_by_letter_is_cut_to_its_clause_end(
    text: str, said: str
) -> None:
    assert _dictation(text, said) in read_out(text)
    clean = redact(text)[0]
    assert not any(part.strip() in clean for part in said.split(",")), clean


@pytest.mark.parametrize(("text", "said"), SPELT, ids=lambda v: str(v)[:30])
def test_a_password_spelt_with_one_letter_named_by_its_case_is_cut(text: str, said: str) -> None:
    assert _dictation(text, said) in read_out(text)
    assert said not in redact(text)[0]


@pytest.mark.parametrize("text", KEPT, ids=lambda v: v[:30])
def test_a_policy_a_list_or_steps_after_a_password_word_are_no_dictation(text: str) -> None:
    assert read_out(text) == []


# Over the 64 KB below which a text's credential words are kept: both are read afresh.
SMALL, LARGE = 80 * 1024, 640 * 1024


@pytest.mark.parametrize(
    "unit", ["password: capital A, then b, ", "Mật khẩu: chữ H viết hoa, rồi oa, ", "A, B, C, "]
)
def test_reading_grows_linearly(unit: str) -> None:
    small, large = unit * (SMALL // len(unit)), unit * (LARGE // len(unit))
    grown = ratio(read_out, small, large)
    assert grown < MAX_RATIO, f"{unit!r}: {grown:.1f}x the work for 8x the input"
