# ruff: noqa: RUF001 (look-alike texts as written, in their own scripts)
"""Texts that name things beside credential words and hold no secret: stored whole by
redaction (:func:`daemon.base.redaction.redact`). Written before the rules that keep them,
after set AP (:mod:`tests.dispatcher.set_ap`) found such texts cut in clean sessions, in
wording of their own; each rule's secrets that must still be cut are beside them."""

from __future__ import annotations

import pytest

from daemon.base.redaction import redact

KEPT = [
    # Symbols that are no script: a superscript, a sign, an ordinal indicator, a micro sign.
    "The matrix is about 5200² × 8 bytes ≈ 216 MB, but the planner keeps two copies of it.",
    "The yard shrank to 0.31 km². Alerts should stop firing from the ring road now.",
    "Die Halle liegt im 2º piso; the dock doors open onto the north apron every morning.",
    "Latency is 850 µs per call and the cache hit rate stays above ninety percent overall.",
    # An environment file whose values are empty: a name on the next line is none.
    "cp .env.example .env\nMAPS_API_KEY=\nROUTING_API_KEY=\nDB_PASSWORD=\nLOG_LEVEL=info\n",
    "STRIPE_SECRET_KEY=\nSENTRY_DSN=\nFEATURE_FLAGS=checkout_v2",
    # A measure written as one word: a count and its unit.
    "Passwords expire under a 60-day rule, and reset links under a 15-minute one.",
    "Each salt is a 32-byte random value; the confirmation code has 6-digit length.",
    "Secrets older than the 2-year mark must be rotated before the audit.",
    "Das Passwort läuft nach der 30-Tage-Frist ab.",
    "密码策略：每 90 天必须更换一次，长度至少 14 个字符。",
    "密码策略：每 90 天必须更换一次。如被锁定，请拨打服务台分机 2200。谢谢配合！",
    "パスワードは 90 日ごとに変更し、12 文字以上にしてください。",
    "비밀번호는 90 일마다 바꾸고 12 자 이상이어야 합니다.",
    # Keyboard shortcuts.
    "The kiosk policy blocks Ctrl+Alt+Del and Alt+F4, and the password change screen too.",
    "Press Ctrl+Shift+Esc to open Task Manager if the password prompt hangs.",
    # A phone extension.
    "Locked out of your password? Call the service desk on ext. 4410.",
    "Bei Problemen mit dem Passwort hilft der Servicedesk, Durchwahl 3120.",
    "Si olvidas la contraseña, llama a la extensión 5530.",
    "忘记密码请拨打服务台分机 6610。",
    "비밀번호 문제는 내선 7720으로 연락하세요.",
    "密码被锁定时，请拨打服务台分机 2200。谢谢配合！",
    "비밀번호 문제가 있으면 서비스데스크(내선 2200)로 연락하세요.",
    # Objects named by kind: a Kubernetes secret, a key of a table or a map.
    "The worker reads DB_PASSWORD from secret `billing-db` and the token from secret 'maps-api'.",
    "The primary key is `(tenant_id, order_no)` and there is a unique key on `invoice_no`.",
    "HERE_KEY: <set to the key 'api-key' in secret 'here-maps'>",
    # A password's state, not its value.
    "The new password is working now; the service came up at 09:14.",
    "I checked, and the password is correct: the lockout came from the old session.",
    # Barcodes with a check digit: EAN-13, GTIN, SSCC.
    "The fixtures use EAN-13 4006381333931 and GTIN 05012345678900 for the test pallets.",
    "The scanner rejects SSCC 376104250021234569 on the outbound labels.",
    # A name spelt in the phonetic alphabet, with no credential in sight.
    "The driver spelt her surname: november oscar victor alpha kilo.",
    # Constants and cipher suites.
    "Only TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384 and TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256"
    " stay enabled.",
]

CUT = [
    ("The kiosk password is Tq7!vLm2x9", "Tq7!vLm2x9"),
    ("Password for ext. 2200 voicemail: Vm4!kq82Lz", "Vm4!kq82Lz"),
    # A key or a secret named by kind is a name only when what follows reads as one.
    ("The storage account's primary key is Qm7xK2pLr9Wv4Tz8", "Qm7xK2pLr9Wv4Tz8"),
    ("For the kiosk, use the key `Xk29pq7Lm!2` today.", "Xk29pq7Lm!2"),
    ("The unique key is Jt5#wQ8zRm2v, not the old one.", "Jt5#wQ8zRm2v"),
    ("The primary key is orchard-lamp-4471.", "orchard-lamp-4471"),
    ("The unique key is sunflower42", "sunflower42"),
    ("The worker reads it from secret `harbor-lamp-77`", "harbor-lamp-77"),
    ("MAPS_API_KEY=hk_9f3Kq2LmX8vB7nC4pZ1w\nLOG_LEVEL=info", "hk_9f3Kq2LmX8vB7nC4pZ1w"),
    ("DB_PASSWORD=Fjord!Lamp-4471\nLOG_LEVEL=info", "Fjord!Lamp-4471"),
    ("The wifi password is sunflower-meadow-42.", "sunflower-meadow-42"),
    ("Ctrl+Alt+Del, then the admin password Rk8#pw2Qz to unlock.", "Rk8#pw2Qz"),
    ("The card on file is 4539 1488 0343 6467.", "4539 1488 0343 6467"),
    (
        "Password, phonetically: capital kilo, seven, lima, hash, quebec, two.",
        "capital kilo, seven, lima, hash, quebec, two",
    ),
]


#: Cut by design, though they may name no secret: what a password word's colon announces
#: ("Passwort: Servicedesk" is a value as written), a quoted text after a key that names a
#: password, and a reading in the phonetic alphabet that holds digits and a symbol's word
#: (raw material is cleared of every such reading: the shape of a password read out).
CUT_BY_DESIGN = [
    "Bei Problemen mit dem Passwort: Servicedesk, Durchwahl 3120.",
    "login.password.forgot: 'Forgot your password?'",
    "Host name, phonetically: bravo romeo echo, dash, zero four.",
]


@pytest.mark.parametrize("text", KEPT)
def test_things_named_beside_credential_words_are_kept(text: str) -> None:
    assert redact(text) == (text, 0)


@pytest.mark.parametrize("text", CUT_BY_DESIGN)
def test_what_reads_as_a_value_as_written_is_cut(text: str) -> None:
    assert redact(text)[1] > 0


@pytest.mark.parametrize(("text", "secret"), CUT, ids=[s for _, s in CUT])
def test_the_secrets_beside_them_are_still_cut(text: str, secret: str) -> None:
    assert secret not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "C code follows a house style with 4-space indents; the formatter's config is in the root.",
        "Source code lines wrap at an 80-column limit; the code review wants 2-line bodies.",
        "The build code runs on an 8-core runner with 16-thread jobs.",
    ],
)
def test_a_count_of_a_layout_or_a_machine_s_unit_beside_code_is_kept(text: str) -> None:
    """``4-space``, ``80-column``, ``8-core``: a count and its unit, beside the word "code"
    (source code), are no access code's value."""
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    "text",
    [
        "The last 2G-capable release line is 3.9.x; 5G-ready boards ship in May.",
        "The sensor's MAC addresses start with 70:B3:D5:1C; the rest is the serial in hex.",
        "The part after that comes IPv6-only, like the rest of the lab network.",
        "The gateway's EUI-64 begins with 00:80:E1:FF:FE:01:22:9A on every unit.",
    ],
)
def test_a_hardware_address_and_a_compound_adjective_are_no_part_of_a_value(text: str) -> None:
    """``the last``, ``the rest``, ``starts with`` announce a part of a value; a hardware
    address (bytes in hex joined by colons, eight at most, after the word for one) and what
    a thing can do (``2G-capable``, ``IPv6-only``: led by a technology's short name) are
    none."""
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("The password starts with Kx7q and the rest is 9vTz-capable2.", "9vTz"),
        ("The password starts with Kx and the rest is Tiger4-ready.", "Tiger4-ready"),
        ("The Wi-Fi password starts with 1A:2B:3C:4D and ends with 5E.", "1A:2B:3C:4D"),
        ("The Wi-Fi password is 8c:1f:d2:77:a0:3e:91:4b:c5:0d, printed on the label.", "8c:1f:d2"),
    ],
)
def test_a_password_in_colon_hex_longer_than_an_address_and_a_part_are_still_cut(
    text: str, secret: str
) -> None:
    assert secret not in redact(text)[0]
