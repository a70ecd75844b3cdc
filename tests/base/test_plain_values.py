# ruff: noqa: RUF001 (the words of other languages and scripts, as written)
"""Plain words given as a credential's value in prose are found where they stand; what a
credential is like, where it is kept or how it is handled is left; the reading is linear."""

from __future__ import annotations

import pytest

from daemon.base.plain_values import plain_values
from tests.linear import MAX_RATIO, ratio


def _found(text: str) -> list[str]:
    return [text[a:b] for a, b in plain_values(text)]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The password for the old staging box is still marmalade.", "marmalade"),
        ("Their database password was changed to honeycomb yesterday.", "honeycomb"),
        ("Marmoset is the password for the kiosk account.", "Marmoset"),
        ("Jenkins login: builder, password hunter2.", "hunter2"),
        ("Le mot de passe administrateur, c'est citronnelle.", "citronnelle"),
        ("Hasło do konta testowego to po prostu truskawka.", "truskawka"),
        ("Staging şifresi karpuz.", "karpuz"),
        ("Yönetici paneli parolası lale olarak ayarlandı.", "lale"),
        ("Password server staging kami sekarang durian.", "durian"),
        ("Пароль к общему почтовому ящику теперь рябина.", "рябина"),
        ("كلمة المرور لخادم الاختبار هي ياسمين.", "ياسمين"),
        ("टेस्ट सर्वर का पासवर्ड गुलमोहर है।", "गुलमोहर"),
        ("検証サーバーのパスワードはもみじです。", "もみじ"),
        ("樱桃 是演示账号的密码。", "樱桃"),
        ("사무실 와이파이 비밀번호는 바다예요.", "바다"),
        ("รหัสผ่านไวไฟในออฟฟิศคือ ทุเรียน นะ", "ทุเรียน"),
    ],
)
def test_a_plain_word_given_as_the_value_is_found(text: str, value: str) -> None:
    assert _found(text) == [value]


@pytest.mark.parametrize(
    "text",
    [
        "The password prompt is annoying.",
        "The password reset flow is broken.",
        "The password for prod is in 1Password.",
        "The Wi-Fi password in the office is posted at reception.",
        "The password is case-sensitive.",
        "Your password is your responsibility.",
        "Security is the password team's job.",
        "Marmoset is the password manager we use.",
        "Das Passwort für den Server ist unbekannt.",
        "Пароль от сервера теперь хранится в Vault.",
        "The API key for the sandbox is in the README.",
        "passphrase-generator: diceware",
        "def login(password: str, token: Optional[str] = None) -> Session:",
        '{"api_key": "abc"}',
        "密码是什么？",
        "パスワードは毎月変更されます。",
        "비밀번호가 만료되었습니다.",
        "पासवर्ड की समय सीमा समाप्त हो गई है।",
    ],
)
def test_talk_about_a_credential_holds_no_value(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize(
    "unit",
    [
        "the password for the old box is ",
        "Marmoset is the password ",
        "パスワードは",
        "樱桃是密码",
        "Пароль от сервера теперь ",
    ],
)
def test_the_reading_grows_linearly_on_repeated_credential_words(unit: str) -> None:
    """Each word is read over a bounded window after it and before it."""

    def worst(size: int) -> str:
        return unit * (size // len(unit))

    grown = ratio(plain_values, worst(32 * 1024), worst(256 * 1024))
    assert grown < MAX_RATIO, f"{grown:.1f}x the work for 8x the input"


@pytest.mark.parametrize(
    "text",
    [
        "A senha do Jenkins foi trocada ontem.",
        "La password del NAS è stata cambiata ieri.",
        "La contraseña del wifi fue cambiada ayer.",
    ],
)
def test_a_participle_after_a_copula_is_no_value(text: str) -> None:
    assert plain_values(text) == [], text


@pytest.mark.parametrize(
    "text",
    ['adyen:\n  apiKey: "xxxxxxxxxxxxxxxx"\n  hmacKey: "****"', "The password is xxxxxx here."],
)
def test_a_value_masked_with_one_letter_is_no_value(text: str) -> None:
    """A value written with one masking letter (set AW: a config under review) is masked,
    no word a password is made of."""
    assert plain_values(text) == []
