# ruff: noqa: RUF001 (the words of other languages and scripts, as written)
"""Where a text that names a credential leaves room for a value no rule recognised, and
where it only talks about the credential."""

from __future__ import annotations

import pytest

from daemon.base.credential_talk import room_for_value, value_rooms
from tests.linear import MAX_RATIO, ratio


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("The wifi password is marigold tugboat.", "wifi"),
        ("The router password, which is sunshine, is on the fridge.", "password"),
        ("La contraseña es girasol.", "contraseña"),
        ("Пароль это подсолнух", "пароль"),
        ("Kennwort: tugboat lantern", "kennwort"),
        ("password: ask Dana", "password"),
        ("The password was changed to sunshine.", "password"),
        ("The admin password is now hunter", "password"),
        ("The PIN is 4471.", "pin"),
        ("Marigold is the wifi password.", "password"),
        ("Staging login: dana with marigold.", "login"),
        ("The staging password is the one on the note, Marigold.", "password"),
        ("The VeraCrypt volume opens with amber falcon river stone.", "opens with"),
        ("The alarm disarms with 90210, then the hash key.", "disarms with"),
        ("The password is 'sunshine'.", "password"),
    ],
)
def test_a_word_where_a_value_may_stand_is_named(text: str, word: str) -> None:
    assert room_for_value(text) == word


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Staging şifresi karpuz.", "şifresi"),
        ("Jenkins admin password hunter.", "password"),
        ("Wifi password sunshine", "password"),
        ("Das Testkonto, Kennwort Zitronenbaum.", "kennwort"),
    ],
)
def test_one_word_that_ends_the_clause_right_after_the_credential_word_is_room(
    text: str, word: str
) -> None:
    """A language with no copula here (Turkish), or a note's shorthand, sets the value next
    to the word: one word alone after it, to the clause's end, may be the value."""
    assert room_for_value(text) == word


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("密码是向日葵", "密码"),
        ("数据库的密码现在是向日葵", "密码"),
        ("비밀번호는 해바라기", "비밀번호"),
        ("كلمة المرور هي شمس", "كلمة المرور"),
    ],
)
def test_a_script_without_case_or_spaces_leaves_room_after_a_copula_or_always(
    text: str, word: str
) -> None:
    """No list of prose words reads these scripts: a copula or particle after the word in a
    script without spaces, and any text in a script without case, leave room for a value."""
    assert room_for_value(text) == word


@pytest.mark.parametrize(
    "text",
    [
        "The prod Postgres password is rotated every 90 days by the platform team.",
        "The Stripe API key is owned by Priya.",
        "Staging secrets are kept in HashiCorp Vault under secret/staging/.",
        "The SSH key of the deploy user was rotated on 2026-11-02.",
        "The JWT signing key is held in AWS KMS and never leaves it.",
        "Password resets for the VPN go through the IT helpdesk form.",
        "The TLS private key for api.acme.example is managed by cert-manager.",
        "The service-account token for Grafana belongs to the observability team.",
        "Die API-Schlüssel liegen im Vault unter secret/payments.",
        "La contraseña de la base de datos se rota cada trimestre.",
        "数据库密码由平台团队每季度轮换，存放在 Vault 里。",
        "The admin password is 16 characters long.",
        "The fix for issue 42 was to pin urllib3 to 1.26.",
        "The deploy key was added in 2024.",
        "Passwords live in 1Password.",
    ],
)
def test_a_text_that_only_talks_about_a_credential_leaves_no_room(text: str) -> None:
    """Where it lives, who owns it, how it is rotated, a number of a unit, a plural."""
    assert room_for_value(text) is None


@pytest.mark.parametrize("unit", ["the password of the box ", "password is rotated ", "key, "])
def test_the_look_grows_linearly_on_repeated_credential_words(unit: str) -> None:
    """Each word's clause is read over a bounded window, forward and back."""

    def worst(size: int) -> str:
        return unit * (size // len(unit))

    grown = ratio(room_for_value, worst(64 * 1024), worst(512 * 1024))
    assert grown < MAX_RATIO, f"{grown:.1f}x the work for 8x the input"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The staging admin password is marigold.", "marigold"),
        ("Kennwort: tugboat lantern", "tugboat lantern"),
        ("Marigold is the password.", "Marigold"),
        ("Staging şifresi karpuz.", "karpuz"),
        ("wifi password sunshine", "sunshine"),
        ("The door opens with bluebird, then the alarm.", "bluebird"),
        ("The kiosk password, spelled out: capital T, r, zero, l", "capital T"),
        ("数据库密码是晨光小路", "晨光小路"),
        ("90210, then the hash key", "90210"),
    ],
)
def test_value_rooms_cover_where_a_value_may_stand(text: str, value: str) -> None:
    spans = value_rooms(text)
    assert room_for_value(text) is not None
    covered = {i for a, b in spans for i in range(a, b)}
    start = text.index(value)
    assert all(i in covered for i in range(start, start + len(value))), (text, spans)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("The staging admin password is marigold.", "The staging admin password is"),
        ("Kennwort: tugboat lantern", "Kennwort"),
        ("Marigold is the password.", "is the password."),
        ("The VPN password is marigold; rotate it monthly.", "; rotate it monthly."),
    ],
)
def test_value_rooms_leave_the_words_that_name_the_credential(text: str, kept: str) -> None:
    spans = value_rooms(text)
    start = text.index(kept)
    assert not any(a < start + len(kept) and start < b for a, b in spans), (text, spans)


@pytest.mark.parametrize(
    "text",
    [
        "The password of the VPN resets through the helpdesk form.",
        "La contraseña de la base de datos se rota cada trimestre.",
        "The JWT signing key is held in AWS KMS and never leaves it.",
        "Passwords must be at least 16 characters.",
        "The release notes list 12 fixes.",
    ],
)
def test_value_rooms_are_none_where_no_value_may_stand(text: str) -> None:
    assert value_rooms(text) == []
