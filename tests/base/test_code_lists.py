# ruff: noqa: RUF001
"""Lists of recovery and backup codes (daemon.base.code_lists): each code after the words
that announce them, through redaction too; prose after those words left; linear. And the
one-time code an authenticator app or a text message just sent."""

from __future__ import annotations

import pytest

from daemon.base.code_lists import listed_codes, sent_codes
from daemon.base.redaction import redact
from tests.linear import MAX_RATIO, ratio

LISTS = [
    (
        "GitHub recovery codes, org owner:\n4f7a2-9c1e8\nb3d60-7e2f9\n0a9c4-51d7b\nKeep them.",
        ["4f7a2-9c1e8", "b3d60-7e2f9", "0a9c4-51d7b"],
    ),
    ("Backup codes: 8271 6405, 1938 2264.", ["8271", "6405", "1938", "2264"]),
    ("Wiederherstellungscodes:\n- 1234-5678\n- 2345-6789\n", ["1234-5678", "2345-6789"]),
    ("One-time codes\n1. a8k2m9q4\n2. z7x3c5v1", ["a8k2m9q4", "z7x3c5v1"]),
    ("Códigos de recuperación: 91827364 55443322", ["91827364", "55443322"]),
    ("リカバリーコード：\nab12-cd34\nef56-gh78", ["ab12-cd34", "ef56-gh78"]),
    (
        "Backup codes for the CI admin: 9kq2-m4x7-p0zt and 3wv8-n1b5-c6yd.",
        ["9kq2-m4x7-p0zt", "3wv8-n1b5-c6yd"],
    ),
    (
        "Notfallcodes fürs Konto: 4hx9-2kd7, 8mq3-5tz1 und 6rw2-9pb4",
        ["4hx9-2kd7", "8mq3-5tz1", "6rw2-9pb4"],
    ),
    ("Codes de secours du compte : ab3k-9x2m et 7pq4-z8wn.", ["ab3k-9x2m", "7pq4-z8wn"]),
    # the list ends its sentence, and prose goes on on its line (set AT)
    (
        "백업 코드 두 개 남았어요: j7nszrsf3b, 72ec36p7th. 팀 위키에 올려 둘까요?",
        ["j7nszrsf3b", "72ec36p7th"],
    ),
    (
        "Two backup codes left: 4kq9x2mz, 8pw3n7cd. Should I put them on the wiki?",
        ["4kq9x2mz", "8pw3n7cd"],
    ),
]
PROSE = [
    "Recovery codes are stored in 1Password.\nThe deploy runs at 9.",
    "8 recovery codes: use each once.",
    "Backup codes: see the runbook.",
    "Recovery codes: 10 per account.",
    "The backup codes page moved to /settings/security.",
    "Recovery codes: see page 2 and the runbook.",
    "Backup codes: and then we rotated them all.",
    "Backup codes: see section 4.2. Then rotate them.",
    "Recovery codes: 10 per account. Ask IT for more.",
]


@pytest.mark.parametrize(("text", "codes"), LISTS, ids=lambda v: str(v)[:40])
def test_each_listed_code_is_found_and_redacted(text: str, codes: list[str]) -> None:
    assert [text[a:b] for a, b in listed_codes(text)] == codes
    clean, _ = redact(text)
    assert not any(code in clean for code in codes), clean


@pytest.mark.parametrize("text", PROSE, ids=lambda v: v[:40])
def test_prose_after_the_words_is_left(text: str) -> None:
    assert listed_codes(text) == []


SMALL, LARGE = 64 * 1024, 512 * 1024


@pytest.mark.parametrize(
    "unit", ["recovery codes: ", "backup codes:\n", "recovery codes:\na1b2 ", "\n" * 8]
)
def test_scanning_grows_linearly(unit: str) -> None:
    small, large = unit * (SMALL // len(unit)), unit * (LARGE // len(unit))
    grown = ratio(listed_codes, small, large)
    assert grown < MAX_RATIO, f"{unit!r}: {grown:.1f}x the work for 8x the input"


def test_a_list_of_random_codes_some_without_a_digit_is_cut_whole() -> None:
    text = "backup codes for the owner account:\nyudq-lpxu  cbow-t781  yp6x-tmx8  iek6-g1c0"
    out = redact(text)[0]
    assert all(code not in out for code in ("yudq-lpxu", "cbow-t781", "iek6-g1c0")), out


def test_words_after_a_code_word_are_no_list() -> None:
    text = "Backup codes:\nkeep them offline, never email them"
    assert listed_codes(text) == []


# A list announced line by line: a code of letters alone in it is cut as the others are, when
# it has their groups and few vowels (set AN: ``qmdb-pjkk`` among ``2uhd-qqb7`` ...), first
# in the list too.
@pytest.mark.parametrize(
    ("text", "codes"),
    [
        (
            "2FA backup codes for the lab VPN, for when the phone dies:\n"
            "k3vd-pqx8\nmnzt-rrwc\n7hbq-xk2d\nwpld-s9fj",
            ["k3vd-pqx8", "mnzt-rrwc", "7hbq-xk2d", "wpld-s9fj"],
        ),
        (
            "Recovery codes:\nzqxv-tbnm\n4hrc-kk2p\n9vfw-c7dx",
            ["zqxv-tbnm", "4hrc-kk2p", "9vfw-c7dx"],
        ),
        ("backup codes:\n- 7xq2kd\n- prmvtz\n- 4c8hwn", ["7xq2kd", "prmvtz", "4c8hwn"]),
    ],
    ids=lambda v: str(v)[:40],
)
def test_every_item_of_a_code_list_with_the_lists_shape_is_cut(text: str, codes: list[str]) -> None:
    assert [text[a:b] for a, b in listed_codes(text)] == codes
    clean, _ = redact(text)
    assert not any(code in clean for code in codes), clean


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("the list of codes: 2xx-3xx ranges", "the list of codes: 2xx-3xx ranges"),
        ("Recovery codes:\n4f7a-9c1e\nb2x8-77kq\nnote-this down", "note-this down"),
        ("Backup codes:\n8271-6405\n1938-2264\nmore-soon", "more-soon"),
    ],
)
def test_words_after_a_code_list_are_no_code(text: str, kept: str) -> None:
    assert kept in redact(text)[0]


# A one-time code an authenticator app or a text message just gave (set AN: ``Duo just sent
# me 604 218``): digits, in groups or not, right after the app's word and a verb of sending.
SENT = [
    ("Duo just sent me 482 913, quick, before it expires", "482 913"),
    ("Okta Verify shows 771 204 for the HPC login", "771 204"),
    ("the bank texted me 55081934 to confirm the transfer", "55081934"),
    ("Google Authenticator gave me 093-128 for the VPN", "093-128"),
    ("The SMS says: 604931, type it in", "604931"),
    ("Microsoft Authenticator just sent me a code: 31 77 90", "31 77 90"),
    ("they texted me the code 8810 2241 a minute ago", "8810 2241"),
]
NOT_SENT = [
    "Build 604 218 passed",
    "Room 4417 is on floor 2.",
    "Priya sent me 2 files with 4031 lines each.",
    "Duo sent me a push at 10:42 and I approved it.",
    "The bank texted me about the 2024 statement.",
    "Duo sent me 3 pushes in 20 minutes.",
    "He sent me 250 000 rows from the 2023 export.",
]


@pytest.mark.parametrize(("text", "code"), SENT, ids=lambda v: str(v)[:40])
def test_a_code_an_app_or_a_text_just_sent_is_cut(text: str, code: str) -> None:
    assert code in [text[a:b] for a, b in sent_codes(text)]
    assert code not in redact(text)[0]


@pytest.mark.parametrize("text", NOT_SENT, ids=lambda v: v[:40])
def test_numbers_sent_or_named_otherwise_are_no_code(text: str) -> None:
    assert sent_codes(text) == []
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    "unit", ["Duo just sent me ", "texted me 604 2", "bank " + " " * 30, "sms says: 12 34 "]
)
def test_a_code_sent_is_read_in_linear_time(unit: str) -> None:
    small, large = unit * (SMALL // len(unit)), unit * (LARGE // len(unit))
    grown = ratio(sent_codes, small, large)
    assert grown < MAX_RATIO, f"{unit!r}: {grown:.1f}x the work for 8x the input"


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        (
            "Hier sind die Wiederherstellungscodes für das Notfallkonto, die wir bei der "
            "Einrichtung bekommen haben. Bitte schreib eine Anleitung zur Aufbewahrung:\n\n"
            "4821-9037-5516\n7730-2649-1185",
            ["4821-9037-5516", "7730-2649-1185"],
        ),
        (
            "Here are the backup codes for the break-glass admin that the portal showed when "
            "MFA was enrolled last spring. Write a note on where to keep them:\n"
            "3394-8072-6641\n9905-1738-2260",
            ["3394-8072-6641", "9905-1738-2260"],
        ),
    ],
)
def test_codes_listed_after_a_long_sentence_that_announces_them_are_cut(
    text: str, codes: list[str]
) -> None:
    """The words that announce codes may open a long paragraph whose colon comes later."""
    assert [text[a:b] for a, b in listed_codes(text)] == codes


def test_numbers_after_a_paragraph_that_only_mentions_codes_are_kept() -> None:
    text = (
        "We regenerate the backup codes once a year. Here are the tickets from that work:\n"
        "The first was INC-4821 and the second INC-7730."
    )
    assert listed_codes(text) == []
