"""Credentials said where the word-led rules did not look (set AF's kinds, in words of our
own): a value before its password word, quoted or with a case ending; a watchword in
Japanese corner quotes; a kubeadm token; rar's -hp, SNMPv3's -A, redis-cli's AUTH and an
IMAP LOGIN; a Shippo key. And the look-alikes that must stay whole."""

from __future__ import annotations

import pytest

from daemon.base.redaction import find_secrets, redact


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Dejamos «marea-baja-31» como contraseña del router.", "marea-baja-31"),
        ("On garde 'phare!2027' comme mot de passe du NAS.", "phare!2027"),
        ("A Kikoto88 jelszóval lehet belépni a raktárba.", "Kikoto88"),
        ("事務所の合言葉は「あおいそら」です。", "あおいそら"),
        ("kubeadm join 10.1.0.5:6443 --token q8w2e4.zx81kq0p3m5n7b9c", "q8w2e4.zx81kq0p3m5n7b9c"),
        ("rar a -hpHarbour77! backup.rar ./docs", "Harbour77!"),
        (
            "snmpget -v3 -l authPriv -u mon -a SHA -A 'dock-auth-phrase-12' 10.0.0.9",
            "dock-auth-phrase-12",
        ),
        ("redis:6379> AUTH Lighthouse-42\nOK", "Lighthouse-42"),
        ("A1 LOGIN ops@example.com Quay5ide!\nA1 OK LOGIN completed", "Quay5ide!"),
        ("<ftp><pass><![CDATA[Gull<&>Wing4]]></pass></ftp>", "Gull<&>Wing4"),
        ('$db = mysqli_connect("db.example", "ro", "lanternfish", "shop");', "lanternfish"),
        ("$pdo = new PDO('pgsql:host=db;dbname=x', 'app', 'quartzfield');", "quartzfield"),
        ('rv = C_Login(h, CKU_USER, (CK_UTF8CHAR_PTR)"55102938", 8);', "55102938"),
        ("bundle config --global gems.vendor.example ab12cd34:ef56ab78", "ef56ab78"),
        ('x="${STRIPE_KEY:=abc=-defghijklmnop}"', "defghijklmnop"),
        (
            "static const uint8_t kIv[16] = {0x1f, 0x2e, 0x3d, 0x4c, 0x5b, 0x6a, 0x79, 0x88,"
            " 0x97, 0xa6, 0xb5, 0xc4, 0xd3, 0xe2, 0xf1, 0x00};",
            "0x1f, 0x2e, 0x3d, 0x4c, 0x5b",
        ),
        ("char[] dbPass = {'m', 'o', 'o', 'r', '-', '7', '7', 'x'};", "'m', 'o', 'o', 'r', '-'"),
        (
            "words = ['tackle', 'hybrid', 'gospel', 'clinic', 'muffin', 'rescue', 'vapor',"
            " 'adjust', 'lunar', 'cherry', 'sketch', 'wagon']",
            "'tackle', 'hybrid', 'gospel'",
        ),
        (
            "alerts:\n  api_token: >-\n    7e1d9c3b5a2f4e6d\n    8b0a2c4e6f1d3b5a\nnext: 1",
            "7e1d9c3b5a2f4e6d",
        ),
        (
            "https://cal.example/ical/ops/private-0f9e8d7c6b5a49382716a5b4c3d2e1f0/basic.ics",
            "0f9e8d7c6b5a49382716a5b4c3d2e1f0",
        ),
        (
            "Order build id shippo_test_0a1b2c3d4e5f60718293a4b5c6d7e8f901234567",
            "shippo_test_0a1b2c3d4e5f60718293a4b5c6d7e8f901234567",
        ),
    ],
)
def test_a_value_said_apart_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Reset the Office365 password every 90 days.",
        "The Windows11 password policy needs 14 characters.",
        "Le mot de passe est affiché à l'accueil de l'entrepôt.",
        "token = settings.TOKEN_NAME",
        "auth    required   pam_unix.so",
        "Use LOGIN throttling on the auth service.",
        "Tracking number 1Z999AA10123456784 is the carrier's sample.",
        "The 'admin' password is rotated monthly.",
        'We use "passkeys" as password replacement.',
        "Dejamos «SSO» como contraseña única.",
        "description: |\n  The token rotates daily.\n",
        "see test_merge_a40_timeout_handler and release_notes_2024",
        'level="${LOG_LEVEL:-info}"',
        "const sizes = [1, 2, 4, 8, 16, 32, 64, 128];",
        "colors = ['red', 'green', 'blue', 'cyan', 'magenta', 'yellow', 'black', 'white']",
        'mysqli_connect("db.example", "ro", $password, "shop");',
    ],
)
def test_the_look_alikes_stay_whole(text: str) -> None:
    assert redact(text)[0] == text


def test_a_value_before_the_word_leaves_the_one_after_it_found_in_the_same_pass() -> None:
    """One pass finds both: the value said before the password word and the one after it
    (``redact`` reads again until nothing is new, but a single scan must not stop early)."""
    text = "Dejamos «marea-baja-31» como contraseña vieja, ahora Faro2026x."
    found = {text[hit.start : hit.end] for hit in find_secrets(text)}
    assert {"marea-baja-31", "Faro2026x"} <= found, found
