# ruff: noqa: RUF001
"""Credential-shaped values near a credential word and password-shaped tokens anywhere
(daemon.base.nearby), through the redaction that calls them: the value goes, the word and
the sentence stay, names and ids in prose survive, and scanning stays linear."""

from __future__ import annotations

import pytest

from daemon.base.nearby import password_shaped, shaped_tokens
from daemon.base.redaction import find_secrets, redact
from tests.linear import MAX_RATIO, ratio

# A password word, then prose no grammar of separators reads, then the value.
AFTER_PASSWORD_WORD = [
    ("Heslo pro testovací Grafanu je Modra-Lavina-71, zatím ho neměň.", "Modra-Lavina-71"),
    ("Ο κωδικός του λογαριασμού monitor είναι Kyma#Notos44.", "Kyma#Notos44"),
    ("הסיסמה של שרת הגיבוי היא Zayit!Kahol61", "Zayit!Kahol61"),
    ("رمز عبور پنل مدیریت Golnar_Baran_88 است", "Golnar_Baran_88"),
    ("Сервер закрыт паролем, держи: Lisa_Taiga_907.", "Lisa_Taiga_907"),
    ("Jenkins-Build-Kennwort nach dem Umzug: Moewe#Hafen12", "Moewe#Hafen12"),
    ("Yedek sunucunun parolası Lale!Bogaz58, kimseyle paylaşma.", "Lale!Bogaz58"),
    ("het wachtwoord voor de testomgeving blijft Tulp-Gracht-23", "Tulp-Gracht-23"),
    ("kata sandi server laporan sekarang Kopi*Tubruk90 ya", "Kopi*Tubruk90"),
]
# A key word, then prose, then key-shaped tokens (hex, base32, base64, a split pair).
AFTER_KEY_WORD = [
    ("the key the collector ships with is 5be0c1d9a7e34f62b8d0a9c7e1f3b5d7", "5be0c1d9a7e34f62"),
    ("Der Sentry-Schlüssel der Gruppe lautet 9f1e7c5a3b0d2e4f6a8c0b1d3e5f7a9c", "9f1e7c5a3b0d"),
    ("rotate the seed afterwards; it was ovx4k2qp7nrz3hwy5tjm6cdl2ebf7ugs", "ovx4k2qp7nrz3hwy"),
    ("bot token split in two: first Zt8kQ2pLm9Rx4vWb then Hc7nY3dF6jG0sAqW", "Hc7nY3dF6jG0sAqW"),
    ("İstemci anahtarı 7e1a9c3f5b2d4e6a8c0b9d1f3e5a7c9b2d4f6a8c", "7e1a9c3f5b2d4e6a"),
    ("PAT (read only, expires in May): 2kq7vmx4zp9trw5cjn3hby6fds8gla2e", "2kq7vmx4zp9trw5c"),
    ("the API key 0c9d2e4f-6a1b-4c3d-9e8f-7a6b5c4d3e2f goes in the header", "0c9d2e4f-6a1b"),
    # A 0x literal is a number only up to 64 bits: a longer one is still a key.
    ("the signing key is 0x4f3c2a1b9e8d7c6b5a4f3e2d1c0b9a88 now", "4f3c2a1b9e8d7c6b"),
    ("the world seed is Xk9mQ2vLp7, keep it", "Xk9mQ2vLp7"),
]
# Shaped only like a password, with no word before it.
ANYWHERE = [
    ("VPN for the auditor: j.doe / Kq7#mWz2Lp, profile ext", "Kq7#mWz2Lp"),
    ("| switch | admin | Rv9!tQ2*Lx |", "Rv9!tQ2*Lx"),
    ("bind as svc-mail with Lago$Verde77 until Friday", "Lago$Verde77"),
    ("CMS editor: e.li@example.org, Pino@Sole2024 (no 2FA)", "Pino@Sole2024"),
]
LOOK_ALIKES = [
    "The staging password is kept in 1Password (vault Ops).",
    "Reset the password for Staging-Server accounts on Monday.",
    "The key insight: commit 3f2a9c1e4b5d6f7a8b9c0d1e2f3a4b5c6d7e8f90 fixed the build.",
    "Keys rotate quarterly; see ADR-12 and RFC-2119 for the wording.",
    "Token budget for GPT-4-Turbo and Llama-3.1-70B-Instruct is 8k.",
    "The password policy doc lives at https://wiki.example.org/sec?page=Password-Rules2",
    "Secrets are stored in Vault; the path is kv/data/team-a.",
    "Mail dana.k2@example.com about the Release_2024_Q1 tag.",
    "Use C# 12 and F# 8 for the new services.",
    "monkey patching the keyboard handler broke Shift+Tab3",
    "https://api.example.dev/search?q=password+reset&page=2",
    "Our API key request form is at /forms/key-request-v2.",
    "Python3 and OAuth2 are required; the password field is optional.",
    "The tutorial island uses world seed 0x5EED7A11; changing it moves the quest markers.",
    "The key bits are masked with 0xFF00FF00 before the hash.",
    # an algorithm's name (set AB: "Argon2id" was redacted and the fact refused as a secret)
    "Passwords are hashed with Argon2id; the parameters are in auth/hashing.py.",
    "We hash passwords with Argon2id.",
    "API tokens are signed with HMAC-SHA256 and expire after an hour.",
    "Password hashes moved from PBKDF2-SHA256 to scrypt in 2025.",
]


@pytest.mark.parametrize(("text", "secret"), AFTER_PASSWORD_WORD, ids=lambda v: str(v)[:30])
def test_a_password_shaped_token_after_a_password_word_is_redacted(text: str, secret: str) -> None:
    clean, count = redact(text)
    assert count >= 1 and secret not in clean, clean


@pytest.mark.parametrize(("text", "secret"), AFTER_KEY_WORD, ids=lambda v: str(v)[:30])
def test_key_shaped_tokens_after_a_key_word_are_redacted(text: str, secret: str) -> None:
    clean, count = redact(text)
    assert count >= 1 and secret not in clean, clean


@pytest.mark.parametrize(("text", "secret"), ANYWHERE, ids=lambda v: str(v)[:30])
def test_a_token_shaped_only_like_a_password_is_redacted_anywhere(text: str, secret: str) -> None:
    clean, count = redact(text)
    assert count >= 1 and secret not in clean, clean


@pytest.mark.parametrize("text", LOOK_ALIKES, ids=lambda v: str(v)[:30])
def test_names_ids_and_prose_near_credential_words_are_kept(text: str) -> None:
    assert find_secrets(text) == [], redact(text)[0]


def test_the_word_and_the_sentence_stay() -> None:
    assert redact("Heslo k Jenkinsu je Modra-Lavina-71, díky.") == (
        "Heslo k Jenkinsu je [redacted:password], díky.",
        1,
    )


def test_both_halves_of_a_split_key_go() -> None:
    clean, _ = redact("klucz w dwóch częściach: 7hQ2xZ9pL4mWk8Rt oraz Bv3nC6yD1sFg0Jq5")
    assert "7hQ2xZ9pL4mWk8Rt" not in clean and "Bv3nC6yD1sFg0Jq5" not in clean


@pytest.mark.parametrize(
    ("token", "shaped", "strict"),
    [
        ("Fagus-Silva-12", True, False),
        ("kapadokya!34", True, False),
        ("Orchid#Quartz5", True, True),
        ("Staging-Server", False, False),
        ("OAuth2", False, False),
        ("release-2024", False, False),
    ],
)
def test_password_shape(token: str, shaped: bool, strict: bool) -> None:
    assert password_shaped(token) is shaped
    assert password_shaped(token, strict=True) is strict


def test_redacting_twice_finds_nothing_new() -> None:
    for text, _ in AFTER_PASSWORD_WORD + AFTER_KEY_WORD + ANYWHERE:
        once, _ = redact(text)
        assert redact(once) == (once, 0), once


SMALL, LARGE = 64 * 1024, 512 * 1024
WORST = {
    "password_words": "Heslo je a b c d e f g h i j k l m n o p q r s t u v w x y z ",
    "key_words": "key aaaaaaaaaaaaaaaa1 key ",
    "shaped_runs": "a" * 40 + "#",
    "symbols": "#@!$%^&*~",
    "phrases": "passphrase: a b c d e f phrase is ",
    "seeds": "cabin ripple jungle velvet oyster marble cactus tunnel amber violin glow x\n",
    "hooks": "https://a.example/hooks/hooks/hooks/",
}


@pytest.mark.parametrize("kind", WORST)
def test_shape_scanning_grows_linearly(kind: str) -> None:
    unit = WORST[kind]
    small, large = unit * (SMALL // len(unit)), unit * (LARGE // len(unit))
    grown = ratio(find_secrets, small, large)
    assert grown < MAX_RATIO, f"{kind}: {grown:.1f}x the work for 8x the input"


def test_shaped_tokens_are_spans_of_the_text() -> None:
    text = "a Rv9!tQ2*Lx b Kq7#mWz2Lp."
    assert [text[a:b] for a, b in shaped_tokens(text)] == ["Rv9!tQ2*Lx", "Kq7#mWz2Lp"]


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("7z x -p'Mora-Azul-31' dump.7z", "Mora-Azul-31"),
        ('unzip -P "Kx8pLq2Zr" dump.zip', "Kx8pLq2Zr"),
        ("ldapsearch runs with -w 'Nebel$Tal62' every hour", "Nebel$Tal62"),
        ("htpasswd -bB /srv/.htpasswd ops Lerche-Feld-204", "Lerche-Feld-204"),
        ("curl -u 'ops:Contraseña_Río9' https://repo.example", "Contraseña_Río9"),
        (
            "client = Chimp('3c9e1a7f5b2d4c6e8a0f1b3d5e7a9c2b-us7')",
            "3c9e1a7f5b2d4c6e8a0f1b3d5e7a9c2b",
        ),
    ],
)
def test_commands_quoted_options_and_prefixless_vendor_keys(text: str, secret: str) -> None:
    clean, count = redact(text)
    assert count >= 1 and secret not in clean, clean


@pytest.mark.parametrize(
    "text",
    [
        "grep -P '[a-z]+\\d' app.log",
        "curl -w '%{http_code}' https://example.org",
        "ssh -p 2222 host",
    ],
)
def test_quoted_options_that_are_no_password_are_kept(text: str) -> None:
    assert find_secrets(text) == [], redact(text)[0]


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("the vault's unseal phrase is copper meadow lantern orbit", "copper meadow lantern"),
        ("age will prompt for a passphrase — it's tulip harbor quartz echo, lower case", "tulip"),
        ("Seed: lumber violet anchor gravel pepper swift", "lumber violet anchor"),
        ("Wiederherstellungs-Satz: Ahorn Wolke Spiegel Kiesel", "Ahorn Wolke Spiegel"),
        ("La frase semilla es: luna cobre trigo vela nieve", "luna cobre trigo"),
    ],
)
def test_a_passphrase_after_its_word_is_redacted(text: str, phrase: str) -> None:
    clean, count = redact(text)
    assert count >= 1 and phrase not in clean, clean


def test_a_recovery_seed_on_its_own_line_is_redacted() -> None:
    seed = "cabin ripple jungle velvet oyster marble cactus tunnel amber violin glow piano"
    clean, count = redact(f"$ cat seed.txt\n{seed}\n")
    assert count == 1 and "ripple jungle" not in clean


@pytest.mark.parametrize(
    "text",
    [
        "The recovery phrase is stored offline in the safe.",
        "Seed data: the fixtures load users and orders for the demo shop.",
        "In other words: keep the migration small and the rollback ready for use.",
        "we run tests every morning before standup then deploy after lunch daily",
    ],
)
def test_prose_after_a_phrase_word_is_kept(text: str) -> None:
    assert find_secrets(text) == [], redact(text)[0]


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("alerts: https://chat.example.org/hooks/x7kq2vmz9pl4rwt8ycb3nd5hfj", "x7kq2vmz9pl4rwt8"),
        (
            "https://outlook.example.com/webhookb2/IncomingWebhook/5c1e9a7f3b2d4e6a8c0b9d1f3e5a7c9b/"
            "0b2c4d6e-8f1a-4b3c-9d5e-7f6a8b9c0d1e",
            "5c1e9a7f3b2d4e6a8c0b9d1f3e5a7c9b",
        ),
    ],
)
def test_a_key_in_a_webhook_path_is_redacted(text: str, gone: str) -> None:
    clean, count = redact(text)
    assert count >= 1 and gone not in clean, clean


@pytest.mark.parametrize(
    "text",
    [
        "https://github.com/acme/api/settings/hooks/412983 lists the deliveries",
        "the pre-commit hook runs ruff; see https://example.org/docs/hooks/ordering",
    ],
)
def test_webhook_settings_pages_and_prose_are_kept(text: str) -> None:
    assert find_secrets(text) == [], redact(text)[0]


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("<apiKey>7d1c0e9b42af58e6c3b0d9a17e2f64c5</apiKey>", "7d1c0e9b42af58e6c3b0d9a17e2f64c5"),
        (
            "stack:accessToken  pul-b27c5e0a91d4f86b3e2c7a0d9f1b4e68c5a2d7f3",
            "pul-b27c5e0a91d4f86b3",
        ),
        ("Passordet til nettet er Hval og Kompass 3381.", "Hval og Kompass 3381"),
        ("fires https://maker.example.com/trigger/x/with/key/tY83bQz2LmV91xKpW5cR now", "tY83bQz2"),
    ],
    ids=["camel-case-key", "camel-case-token", "spaced-password", "key-in-url-path"],
)
def test_keys_named_in_code_and_passwords_written_with_spaces(text: str, secret: str) -> None:
    clean, count = redact(text)
    assert count >= 1 and secret not in clean, clean


@pytest.mark.parametrize(
    "text",
    [
        "The monkeyPatch helper lives in tests/conftest.py.",
        "The password policy is: Minimum length 14.",
        "Passwords are kept in Vault and rotated every 90 days.",
        "See https://docs.example.com/guide/key/concepts for the key model.",
    ],
)
def test_prose_near_the_new_readings_is_kept(text: str) -> None:
    assert find_secrets(text) == [], text


def test_a_query_parameter_ends_the_value_before_it() -> None:
    text = "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s"
    assert shaped_tokens(text) == []
    assert redact(text) == (text, 0)
    shaped = "https://x.example/cb?state=Hx7!Lm2Qv9Rz&lang=en"
    assert shaped_tokens(shaped) == [(shaped.index("Hx7"), shaped.index("&lang"))]


@pytest.mark.parametrize(
    "text",
    [
        "https://acme.sharepoint.com/sites/Engineering/Shared%20Documents/Forms/AllItems.aspx",
        "https://example.com/files/My%20Files/report.pdf",
    ],
)
def test_words_a_url_spaced_out_are_no_password(text: str) -> None:
    assert shaped_tokens(text) == []
    assert redact(text)[0] == text


def test_a_password_with_an_encoded_space_is_still_one() -> None:
    assert "Pa55%20word" not in redact("password: Pa55%20word!")[0]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("login: cm_demo pass: violetSkiff88 — the moderator account", "violetSkiff88"),
        ("ww voor de Grafana-viewer: dijkgraaf!402 (alles kleine letters)", "dijkgraaf!402"),
        ("lösen till devkitet: kanelbulle-mörk-3", "kanelbulle-mörk-3"),
        ("devkitin şifresini unuttum sandım ama buldum: martı-köprü-73", "martı-köprü-73"),
        ("پسورد vpn تیم تست: golnar-shiraz-77 (همه حروف کوچک)", "golnar-shiraz-77"),
        ("the kiosk password, spelt out: k e s t r e l 4 4", "k e s t r e l 4 4"),
    ],
)
def test_a_value_after_a_colon_or_spelt_out_in_a_password_words_sentence_is_cut(
    text: str, value: str
) -> None:
    assert value not in redact(text)[0], text


@pytest.mark.parametrize(
    "text",
    [
        "Password policy: 14 characters, rotated every 180 days.",
        "Password reset window: 09:00-17:00 on weekdays.",
        "Tests pass: 412 of 412, build 2026.11.3.",
        "The passport scan lives in docs: HR-2291.",
        "Bypass list: 10.0.0.0/8 and the VPN range.",
        "pass rate this week: 98.2% on main",
    ],
)
def test_a_colon_in_a_password_words_sentence_keeps_what_is_no_value(text: str) -> None:
    assert redact(text) == (text, 0), text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("the gate's name and the floor, exactly Marktplein7! with the mark", "Marktplein7!"),
        ("it is Havenkade12! then enter, nothing else", "Havenkade12!"),
    ],
)
def test_a_symbol_that_ends_no_sentence_is_part_of_the_password_before_it(
    text: str, secret: str
) -> None:
    """``Marktplein7! with the mark``: the sentence goes on in lower case after the ``!``,
    so it belongs to the token, which then has both cases, a digit and a symbol."""
    assert secret not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "We finally moved to Python3! and nothing broke.",
        "It shipped on Monday4! Great news.",
        "We love PostgreSQL! so much here.",
        "Build 2291! is the one.",
    ],
)
def test_a_mark_that_ends_a_sentence_or_a_word_with_no_digit_is_kept(text: str) -> None:
    assert shaped_tokens(text) == []


def test_a_value_named_as_an_id_after_a_token_word_is_kept() -> None:
    """A token's id, printed to tell one token from another (set AW: ``token id …``), is no
    value of the token; a secret's id is read as a secret (Vault's AppRole ``secret id``)."""
    kept = "Token is active (token id ed17574386854bf78a67040be0a770b0 — the identifier)."
    assert redact(kept) == (kept, 0)
    for text in (
        "The AppRole secret id: 8f3e2a1b-77c4-4e0a-9b1d-3c5e7f9a1b2d",
        "the token: ed17574386854bf78a67040be0a770b0",
    ):
        assert redact(text)[1] == 1


def test_a_zpl_labels_commands_are_no_password() -> None:
    """A label printer's ZPL (set AW) glues commands to their fields (``^FDPallet``): inside a
    label (``^XA`` opens it) no token of it is a password; outside one, a caret is a symbol."""
    label = "^XA\n^PW812\n^FO40,40^A0N,40,40^FDPallet 1/3 - PO 4500018823^FS\n^XZ"
    assert shaped_tokens(label) == []
    assert shaped_tokens("the wifi is Tr0ub^FDx9Kq now") != []
