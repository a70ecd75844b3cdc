# ruff: noqa: RUF001
"""The plain reading of disguised text (daemon.base.disguise) through the redaction: a secret
hidden by invisible characters, look-alike letters or full-width forms is found, and cut from
the text as it came; words of one script alone are not folded."""

from __future__ import annotations

import pytest

from daemon.base.disguise import plain_view
from daemon.base.redaction import find_secrets, redact
from tests.linear import MAX_RATIO, ratio

_TOKEN = "ghp_" + "Zq81Lmx0pRk3Tw9Yb4Nc6Vd2Hf5Jg7Sa1Qe8"


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("use " + "\u200b".join(_TOKEN[i : i + 5] for i in range(0, 40, 5)), _TOKEN[5:10]),
        ("token " + "\u2060".join(_TOKEN[i : i + 7] for i in range(0, 40, 7)), _TOKEN[7:14]),
        ("key: " + "\ufeff".join(_TOKEN[i : i + 3] for i in range(0, 40, 3)), _TOKEN[9:12]),
        ("раsswоrd: Tulpe!Wind42 for the kiosk", "Tulpe!Wind42"),
        ("ｐａｓｓｗｏｒｄ: Falke7Berg", "Falke7Berg"),
    ],
    ids=["zero-width-space", "word-joiner", "byte-order-mark", "cyrillic", "full-width"],
)
def test_a_disguised_secret_is_cut_from_the_text_as_it_came(text: str, gone: str) -> None:
    clean, count = redact(text)
    assert count >= 1 and gone not in clean, clean
    assert "[redacted:" in clean


def test_view_maps_each_character_back() -> None:
    text = "a\u200bb раsswоrd ｘ"
    view = plain_view(text)
    assert view is not None
    seen, where = view
    assert seen == "ab password x"
    assert all(seen[i] in (text[where[i]], "p", "a", "o", "x") for i in range(len(seen)))


@pytest.mark.parametrize(
    "text",
    ["Пароль не менять до пятницы.", "Ελληνικά κείμενα", "plain ASCII text", "naïve café"],
)
def test_words_of_one_script_are_their_own_view(text: str) -> None:
    assert plain_view(text) is None


def test_text_without_a_secret_keeps_its_invisible_characters() -> None:
    text = "emoji\u200djoiner and soft\u00adhyphen stay"
    assert find_secrets(text) == []
    assert redact(text) == (text, 0)


def test_the_view_grows_linearly() -> None:
    unit = "раsswоrd\u200b ａ "
    small, large = unit * 4000, unit * 32000
    assert ratio(find_secrets, small, large) < MAX_RATIO


def test_json_escapes_in_a_text_that_is_not_json_are_read_as_their_characters() -> None:
    """A credential word written with ``\\u`` escapes (a tool's arguments quoted in a log line
    or a refused payload) is still a credential word; the value after it is cut, and the
    escaped letters of other words are left as they were."""
    text = "La contrase\\u00f1a es Rb7wQz4nHt; das Passwort f\\u00fcr den Server."
    assert redact(text)[0] == (
        "La contrase\\u00f1a es [redacted:password]; das Passwort f\\u00fcr den Server."
    )


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("mot de passe : H e r o n - Q u i l l - 4 8 2 1 merci", "Heron-Quill-4821"),
        (
            "X-Partner-Key: &#x74;&#x59;&#x38;&#x33;&#x62;&#x51;&#x7a;&#x32;&#x4c;&#x6d;"
            "&#x56;&#x39;&#x31;&#x78;&#x4b;&#x70;",
            "tY83bQz2LmV91xKp",
        ),
        ("the password is Otter=3DMango=3D9034 =E2=80=93 change it", "Otter=Mango=9034"),
    ],
    ids=["spelt-out", "html-entities", "quoted-printable"],
)
def test_a_spelt_out_or_escaped_secret_is_read_as_its_reader_sees_it(text: str, plain: str) -> None:
    view = plain_view(text)
    assert view is not None and plain in view[0]
    clean, count = redact(text)
    assert count >= 1 and "[redacted:" in clean
    assert not any(piece in clean for piece in (plain, plain[:6]))


def test_letters_alone_in_prose_are_not_joined() -> None:
    for text in ("a b c", "Plan A or plan B", "x = 1 + 2", "1 2 3 4 5 6"):
        view = plain_view(text)
        assert view is None or view[0] == text.replace(" ", "") or view[0] == text
        assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (
            "PIN do cofre de chaves do escritório: 4 8 1 9 7 3 — não mudou desde a mudança.",
            "4 8 1 9 7 3",
        ),
        ("PIN: 4 8 1 9 7 3 - it did not change since the move.", "4 8 1 9 7 3"),
        ("pw: C a s t o r - 5 0 7 2 - done", "C a s t o r"),
    ],
)
def test_a_dash_after_a_spelt_out_value_is_punctuation(text: str, code: str) -> None:
    # The dash after the run was read as its last character ("481973-"): the code word's
    # value was then no code, and the PIN stayed in clear in raw material (set AB).
    clean, _ = redact(text)
    assert code not in clean and code.replace(" ", "") not in clean
    assert " - " in clean or " — " in clean


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        (
            "Hasło do panelu InPost przeliterować? k, 7, W, m, Q, 2, z, P, 9, x, R, 4",
            "k7WmQ2zP9xR4",
        ),
        ("the passcode, one by one: T, r, 0, l, l, 9, Q, z", "Tr0ll9Qz"),
    ],
)
def test_a_value_spelt_with_a_comma_after_each_character_is_read_joined(
    text: str, plain: str
) -> None:
    view = plain_view(text)
    assert view is not None and plain in view[0]
    clean, count = redact(text)
    assert count >= 1 and text[-10:] not in clean, clean


@pytest.mark.parametrize(
    "text",
    [
        "Choose one of a, b, c, d, e, f, g before Friday.",
        "Run steps 1, 2, 3, 4, 5, 6, 7 and 8 in order.",
        "Grades A, B, C, D, E, F, G are accepted.",
    ],
)
def test_a_list_of_letters_or_of_numbers_alone_is_no_spelt_value(text: str) -> None:
    assert plain_view(text) is None
    assert redact(text) == (text, 0)
