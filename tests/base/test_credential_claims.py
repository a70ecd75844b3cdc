# ruff: noqa: RUF001
"""Memories that still look like they hold a credential (daemon.base.credential_claims), and
the gate that refuses them with the values cut out of the refusal; memories that only talk
about credentials pass. Every text here was written for this file."""

from __future__ import annotations

import pytest

from daemon.base.credential_claims import (
    MARK,
    announced_values,
    context_values,
    credential_claims,
    credential_word,
    ends_compound,
    login_values,
    masked,
    names_a_value,
    paired_login,
    sentence_values,
    signs_in_with,
    value_like,
)
from daemon.base.credential_talk import room_for_value
from daemon.base.redaction import redact
from daemon.base.scope import ScopeKey
from daemon.gate import Draft, Limits, Reason, Refused, Screened, screen
from tests.linear import MAX_RATIO, ratio

_SCOPE = ScopeKey(project="p", user="u", tenant="t")
_LIMITS = Limits(200, 4000)

# (text, the value that must not be stored)
CLAIMS = [
    # a credential word of many languages, then a value of any shape
    ("Das Passwort für den Testserver lautet Wattenmeer|Krabbe|41.", "Wattenmeer|Krabbe|41"),
    ("La contraseña del portal es Olivo_Cierzo_2288.", "Olivo_Cierzo_2288"),
    ("Passwuert fir de Backup-Server: Moselle/Riesling/12", "Moselle/Riesling/12"),
    ("Phasewete ya router: Leribe:Mokorotlo:905", "Leribe:Mokorotlo:905"),
    ("Baatu jàll bu serveur bi: Saly_Mbour_3141", "Saly_Mbour_3141"),
    ("ルーターのパスフレーズ：さくら_Nara_6620", "_Nara_6620"),
    ("Пароль от стенда: Volga}Oka}5512", "Volga}Oka}5512"),
    ("O token da API de cobranças é 4b9e2a10-7c3d-4e8f-9a1b-2c3d4e5f6a7b.", "4b9e2a10-7c3d"),
    ("Kiosk admin unlock: Qp7v-Lm2x-Rt9k.", "Qp7v-Lm2x-Rt9k"),
    ("The safe's PIN is 80417.", "80417"),
    # a user / password pair
    ("Staging console login: ops_lagos / Harmattan#Kola#62.", "Harmattan#Kola#62"),
    # passphrases announced as one
    ("Backup vault unlocks with: amber falcon drizzle tundra", "amber falcon drizzle tundra"),
    ("Lösenfrasen är 'blåbär skärgård midsommar vante'.", "blåbär skärgård midsommar vante"),
    (
        "Cold wallet: roble nube faro trigo delfín piedra lago vela cobre ancla tigre humo",
        "roble nube faro trigo",
    ),
    # a key as a byte array, keys in a URL's path
    ("Payer keypair: [" + ",".join(str(n * 7 % 256) for n in range(64)) + "]", "[0,7,14,21"),
    ("RPC: https://node.example.net/v3/Hq7Zt2Lw9Xc4Vb8Nm3Kp5Rj6Sd1Fg0", "Hq7Zt2Lw9Xc4Vb8Nm3Kp5"),
    ("Heartbeat push: /api/push/Zk3Qw8Rt2m", "Zk3Qw8Rt2m"),
]

LEGIT = [
    "Rotate the DB password every 90 days.",
    "The password policy requires 12 characters.",
    "社内パスワードは16文字以上、90日ごとに変更する。",
    "CMS passwords live in the 1Password vault 'Ops-Newsroom'.",
    "The Stripe key is stored in Vault at secret/payments/stripe2.",
    "The password manager is called KeyVault2024 internally.",
    "The API key header is X-Api-Key; the value lives in the secrets manager.",
    "Our webhook secret rotates quarterly; the old one stays valid for 24 hours.",
    "The primary key of ledger_entries is (tenant_id, entry_id).",
    "The public key for update signing is in keys/minisign.pub.",
    "Login uses OAuth2 with PKCE.",
    "Tokens are signed with HS256 and expire after 15 minutes.",
    "The token endpoint is https://auth.example.com/oauth2/token.",
    "CI injects credentials with `op run --env-file=.env.tpl`.",
    "PIN pads are Verifone P400 terminals.",
    "Dashboards: https://grafana.example.com/d/payouts-latency/overview",
    "The release notes are at https://docs.example.com/releases/2026-11/notes.",
    "Ledger is Postgres 16 on three nodes.",
    "Use uv, not pip.",
    "The key insight in PR-4521 is that retries double charge.",
    "The key milestone is Q3-2027.",
    "The deploy key for repo billing2 is in the vault.",
]


@pytest.mark.parametrize(("text", "value"), CLAIMS)
def test_a_memory_that_still_holds_a_credential_is_refused_with_the_value_cut_out(
    text: str, value: str
) -> None:
    assert credential_claims(text)
    outcome = screen(Draft("project", "durable", "", text), _SCOPE, _LIMITS)
    assert isinstance(outcome, Refused) and outcome.reason is Reason.SECRET
    assert value not in outcome.excerpt and value not in outcome.detail


@pytest.mark.parametrize("text", LEGIT)
def test_a_memory_that_only_talks_about_credentials_is_kept(text: str) -> None:
    assert credential_claims(text) == []
    assert isinstance(screen(Draft("project", "durable", "", text), _SCOPE, _LIMITS), Screened)


def test_the_title_is_held_to_the_same_rule() -> None:
    outcome = screen(
        Draft("project", "durable", "Wi-Fi Passwort: Seeblick_Ahorn_88", "The office Wi-Fi."),
        _SCOPE,
        _LIMITS,
    )
    assert isinstance(outcome, Refused) and outcome.field == "title"
    assert "Seeblick_Ahorn_88" not in outcome.excerpt


def test_masked_replaces_each_value_and_keeps_the_words_around_it() -> None:
    assert masked("Clave del NAS: Pampa=Ombu=73, la del router: Delta=Rio=19.") == (
        f"Clave del NAS: {MARK}, la del router: {MARK}."
    )
    assert masked("Use uv, not pip.") is None


def test_a_plural_credential_word_announces_no_value() -> None:
    assert credential_claims("Passwords: see the vault entry Ops-2026 for the list.") == []


@pytest.mark.parametrize(
    "unit",
    ["password: ", "passphrase is ", "x / Ab1- ", "vault: aa bb cc ", "[1,2,", "https://a.b.c/v2/"],
)
def test_the_scan_grows_linearly_on_repeated_openings(unit: str) -> None:
    def worst(size: int) -> str:
        return unit * (size // len(unit))

    grown = ratio(credential_claims, worst(64 * 1024), worst(512 * 1024))
    assert grown < MAX_RATIO, f"{grown:.1f}x the work for 8x the input"


# Tuned on set I: a PIN hyphenated to its noun, a code of digit groups after "code:", a
# "pass:" line; in raw material (a message, a tool's arguments) the values a password,
# passphrase or code word announces are cut too. Their look-alikes keep their numbers.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Die Tür-PIN vom Gefrierraum im Labor lautet 771903, Stand Oktober.", "771903"),
        ("LN2 cabinet key safe code: 4471-90", "4471-90"),
        ("Freezer room door: PIN 604917, changes in January.", "604917"),
        ("Código do cofre de chaves do laboratório: 58204173.", "58204173"),
        ("user: facilities@example.bio\npass: Steam121C-15min!", "Steam121C-15min"),
    ],
)
def test_a_value_announced_by_a_code_or_password_word_is_cut_everywhere(
    text: str, value: str
) -> None:
    assert value in [text[a:b] for a, b in credential_claims(text)]
    assert value in [text[a:b] for a, b in announced_values(text)]
    assert value not in redact(text)[0]  # raw material: a message, a tool's arguments


@pytest.mark.parametrize(
    "text",
    [
        "Mirth exit code 3 means config invalid; error code 4031 is a timeout.",
        "The tests pass: 12 of 12 on the release 2026-11 branch.",
        "the token estimate is 4000 and max_tokens=4000",
        "Facilities changes the freezer room PIN each January.",
        "Das Passwort für den Server liegt im Tresor.",
    ],
)
def test_codes_and_counts_that_are_no_credential_stay(text: str) -> None:
    assert announced_values(text) == [], text
    assert redact(text) == (text, 0)


def test_a_redaction_marker_announces_no_value() -> None:
    """``[redacted:password]`` names what was cut; the word inside it announces nothing, so
    that redacting a redacted text again finds nothing new (``sshpass -p … ssh root@box``)."""
    assert announced_values("sshpass -p [redacted:password] ssh root@box") == []
    assert announced_values("pass: [redacted:credential] then password: Tana@River#88")


def test_a_value_already_cut_is_the_words_value() -> None:
    """A credential word whose value a marker stands for announces nothing further on."""
    text = "password[redacted:credential] is password/bot123456:"
    assert announced_values(text) == []


# --- a credential word's value by the shape of the sentence, not by the value's own shape ---

# (text, the value raw material must lose)
ANNOUNCED_BY_THE_SENTENCE = [
    # set AE: capitalised words joined and a number, given by a copula after a weak word
    ("the shared artist account is art@studio.example, pass is MoonBeam2024", "MoonBeam2024"),
    # a quote says where a value of plain words begins and ends, after any password, phrase
    # or code word, however far in its clause
    ("The finance share opens with 'willow barrel comet fjord'.", "willow barrel comet fjord"),
    ("The code word at the east gate is 'pebble otter hums'.", "pebble otter hums"),
    (
        "The archive disk is encrypted with the phrase 'nine lanterns cross the weir'; fine.",
        "nine lanterns cross the weir",
    ),
    # a colon after the name of what a passphrase opens announces the rest of the clause
    (
        "passphrase on the customs sftp key: silver moth lands on the quiet pier",
        "silver moth lands on the quiet pier",
    ),
    # Hebrew writes the article joined to the word it leads
    ("הסיסמה של המחסן הצפוני: שערצפון41 בלי רווח", "שערצפון41"),
    # in raw material a password word's colon announces one plain word, and capitalised
    # words joined are a typed password, number or not
    ("pw of the guest wlan, lowercase: harbourcranewatermelon", "harbourcranewatermelon"),
    ("the depot portal password begins Quince-Harbor", "Quince-Harbor"),
    # a key word's value follows it at once or after its separator
    ("geoip token 9c1f0a77b2de41 for the fraud check", "9c1f0a77b2de41"),
]


@pytest.mark.parametrize(("text", "value"), ANNOUNCED_BY_THE_SENTENCE)
def test_a_value_the_sentence_announces_is_cleared_from_raw_material(text: str, value: str) -> None:
    assert value not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "The depot wiki says the phrase 'on hold' means the trailer waits at the gate.",
        "Never use the phrase 'guaranteed delivery' in emails to shippers.",
        "The password of the dock kiosk rotates monthly: see the vault entry.",
    ],
)
def test_a_quote_or_a_colon_with_no_credential_announced_stays(text: str) -> None:
    assert announced_values(text) == [], text
    assert credential_claims(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "Dock scanner deploy hook key: QpRtXmZkWvBn",
        "archive drive phrase in the notes: nine lanterns cross the weir",
        "The east gate code word is 'pebble otter hums'.",
    ],
)
def test_a_memory_holding_a_value_of_letters_alone_is_refused(text: str) -> None:
    assert credential_claims(text), text


def test_a_long_upper_case_code_after_a_key_word_is_a_value() -> None:
    """A base32 secret (an authenticator's setup key) is letters of one case alone."""
    text = "Historian admin authenticator setup key: INXPNZEQPTQKEKUU"
    assert "INXPNZEQPTQKEKUU" not in redact(text)[0]
    assert credential_claims(text)
    for plain in ("primary key: CUSTOMER_ID", "sort key: CREATED", "the key: READONLY"):
        assert credential_claims(plain) == [], plain


@pytest.mark.parametrize("text", ["cache key: PostgreSQL", "the sort key: McKinsey"])
def test_a_name_in_two_cases_is_no_value(text: str) -> None:
    assert credential_claims(text) == [], text


def test_a_password_typed_with_spaces_after_a_colon_is_a_value() -> None:
    text = "dock login in the request body: Crane Hook & Pear 4!"
    assert credential_claims(text)
    assert "Crane Hook & Pear 4!" not in redact(text)[0]
    assert credential_claims("password: use 2 words & a symbol") == []
    assert credential_claims("API key: stored in Vault & rotated every 90 days") == []


def test_a_credential_word_inside_a_name_announces_nothing() -> None:
    text = "Share the depot passwords only through the 1Password 'Dock Ops' vault."
    assert credential_claims(text) == []
    assert announced_values(text) == []


def test_code_read_as_raw_material_announces_no_value() -> None:
    # A file an agent reads is raw material: names joined by "_" and calls are code, no
    # value a key word announces.
    code = (
        'log.info("keys.created", key_id=record.key_id)\n'
        "token = secrets.token_hex(8)\n"
        "key_hash=row.key_hash,\n"
    )
    assert announced_values(code) == []
    assert redact(code)[0] == code
    # ... while a key word's value in prose or an assignment still goes.
    assert announced_values("the relay key: moss7quay") != []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The relay key is now moss7quay.", "moss7quay"),
        ("The gateway token is still brak9lune, ask Ops.", "brak9lune"),
        ("The vendor login was changed to fenn4tarn yesterday.", "fenn4tarn"),
        ("The relay password has been set to heron5plinth.", "heron5plinth"),
        ("Der Schlüssel ist jetzt moss7quay.", "moss7quay"),
        ("La clé est maintenant moss7quay.", "moss7quay"),
        ("The relay key is moss7quay.", "moss7quay"),
    ],
)
def test_a_qualifier_between_the_credential_word_and_its_value_hides_nothing(
    text: str, value: str
) -> None:
    """An adverb or a verb of change between the word, its copula and the value ("is now",
    "still", "was changed to", "has been set to", "ist jetzt", "est maintenant")."""
    assert value not in redact(text)[0]
    assert value not in (masked(text) or text)


def test_source_code_slots_and_lambdas_announce_no_value() -> None:
    code = (
        "ranked = sorted(pairs, key=lambda pair: (pair[1], pair[0]))\n"
        'raise KeyError(f"unknown key {key_id!r}")\n'
        'msg = f"token {token_name} expired"\n'
    )
    assert announced_values(code) == []
    assert redact(code)[0] == code


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Le code d'accès du portail, c'est le 58204173#, et le même pour l'alarme.", "58204173#"),
        ("Gate keypad PIN 7741*", "7741*"),
    ],
)
def test_a_code_typed_with_a_keypad_symbol_after_it_is_a_value(text: str, value: str) -> None:
    assert value not in redact(text)[0]
    assert value not in (masked(text) or text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the GIS editor's PGPASSWORD harbour-kx7rt-gis", "harbour-kx7rt-gis"),
        ("set adminPassword to lamp9post before the upgrade", "lamp9post"),
        ("rtu_web_pass: lamp9post", "lamp9post"),
    ],
)
def test_a_credential_word_ending_a_variable_name_announces_its_value(
    text: str, value: str
) -> None:
    """``PGPASSWORD``, ``adminPassword``, ``rtu_web_pass``: the word ends a name written in
    capitals, camel case or snake case, and announces the value after it."""
    assert value not in (masked(text) or text)
    assert value not in redact(text)[0]


def test_a_quoted_value_assigned_to_a_password_name_is_cut_from_raw_material() -> None:
    text = "helm upgrade grafana --set adminPassword='Brookfieldqxtz' --set persistence=true"
    assert "Brookfieldqxtz" not in redact(text)[0]
    kept = 'schema: {"password": "required", "token": "optional"}'
    assert redact(kept)[0] == kept


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the old billing DB is Oracle: cis_batch/Harbour77x@cis-db:1521/CISPRD", "Harbour77x"),
        ("sqlplus maximo/Tern4lamp@//cmms-db:1521/MAX", "Tern4lamp"),
    ],
)
def test_a_user_slash_password_at_host_is_a_pair(text: str, value: str) -> None:
    assert value not in (masked(text) or text)
    assert value not in redact(text)[0]


def test_an_action_or_package_at_a_version_is_no_pair() -> None:
    text = "uses: actions/checkout@v4 and docker/build-push-action@v5; npm i lodash/fp@4.17.21"
    assert credential_claims(text) == []
    assert redact(text)[0] == text


def test_a_braced_odbc_password_is_no_template_slot() -> None:
    text = "ODBC: Driver={ODBC Driver 18};Server=db;Uid=rpt;Pwd={Harbour;4471Gull};"
    assert "Harbour;4471Gull" not in redact(text)[0]


def test_a_keypad_code_in_a_memory_is_refused() -> None:
    assert masked("Water tower gate code portail 58204173#") is not None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("ops vault recovery words lantern ferry quarry velvet arch moss dune", "lantern ferry"),
        ("guest Wi-Fi at the depot: 'harbour-lantern-quarry-moss'", "harbour-lantern-quarry-moss"),
        ("Visitor centre wifi harbour-lantern-quarry-moss", "harbour-lantern-quarry-moss"),
    ],
)
def test_recovery_words_and_a_wifi_passphrase_of_joined_words_are_values(
    text: str, value: str
) -> None:
    assert value not in (masked(text) or text)
    assert value not in redact(text)[0]


def test_a_code_word_announced_far_before_its_colon_is_a_value() -> None:
    text = (
        "Radio code word for confirming a remote shutdown with the control room this "
        "month: FOXTROT K27QD LANTERN"
    )
    assert "K27QD" not in redact(text)[0]


# ASCII text is read for credential words lowered, by a pattern without IGNORECASE: it finds
# what the IGNORECASE pattern finds, in any case and with the look-alike letters that fold to
# ASCII under it.
def test_ascii_text_finds_the_words_the_ignorecase_pattern_finds() -> None:
    from daemon.base.credential_claims import _ASCII_WORD, _WORD, _WORDS

    ascii_words = [w for w in _WORDS if w.isascii()]
    assert len(ascii_words) > 50
    for word in ascii_words:
        for form in (word, word.upper(), word.title(), word.swapcase()):
            text = f"the {form}: Xk39vQ2mP, then ({form}) again"
            slow = [m.span() for m in _WORD.finditer(text)]
            fast = [m.span() for m in _ASCII_WORD.finditer(text.lower())]
            assert fast == slow and slow, (form, slow, fast)


def test_letters_that_fold_to_ascii_keep_their_word() -> None:
    from daemon.base.credential_claims import _ascii_form

    assert _ascii_form("pa\u017f\u017fword") == "password"  # the long s
    assert _ascii_form("\u212aey") == "key"  # the Kelvin sign
    assert _ascii_form("Passwort") == "passwort"
    assert _ascii_form("κωδικός") is None


# Set N (mine, secrets with no usual keyword in a main agent's save), measured first: the
# words that unseal a vault were shared with their value.
def test_the_words_that_unseal_announce_their_value() -> None:
    clean, count = redact("The unseal words are copper, lantern, meadow, quartz.")
    assert count >= 1 and "lantern" not in clean, clean


def test_what_a_vault_unseals_with_is_talk_of_credentials() -> None:
    """Words after "unseals with" may be anything ("a quorum of three"): not cut, but a
    memory saying it is held like one naming a credential (:func:`credential_word`)."""
    assert credential_word("Vault unseals with copper lantern meadow quartz.") == "unseals with"


@pytest.mark.parametrize(
    ("text", "paired"),
    [
        ("The NAS web UI: operator / lindenbaum42", True),
        ("Staging admin uses dana / Kx8#pLm2Qz", True),
        ("Reads go to replica / primary.", False),
        ("Latency is 40 ms / 120 ms at p99.", False),
        ("Compare v1.2.0 / v1.3.0 first.", False),
    ],
)
def test_a_name_slashed_to_a_password_like_word_is_a_paired_login(text: str, paired: bool) -> None:
    assert paired_login(text) is paired


def test_a_combination_with_its_digits_is_a_claim_and_one_of_things_is_not() -> None:
    assert credential_claims("The safe combination is 12-34-56.")
    assert not credential_claims("A combination of caching and batching made it fast.")
    assert credential_word("A combination of caching and batching made it fast.") is None


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Grafana viewer signs in as viewer, using orchard21.", True),
        ("Partner SFTP: log in as acme with lindenbaum42.", True),
        ("Users sign in using WebAuthn2 keys.", False),
        ("The CLI logs in using OAuth2 device flow.", False),
        ("The app logs in with a service account from Vault.", False),
        ("Sign in with SSO through Okta.", False),
    ],
)
def test_a_sign_in_with_a_password_like_word_is_told_apart_from_a_method(
    text: str, says: bool
) -> None:
    assert signs_in_with(text) is says


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("A senha do Wi-Fi do escritório mudou para hollowreed2026.", "hollowreed2026"),
        ("The kiosk password was changed to Hollowreed2026.", "Hollowreed2026"),
        ("Het wachtwoord van de NAS is veranderd in hollowreed2026.", "hollowreed2026"),
    ],
)
def test_a_verb_of_change_gives_a_value_as_a_copula_does(text: str, value: str) -> None:
    assert value not in redact(text)[0], text


def test_a_verb_of_change_before_a_products_name_without_a_credential_word_gives_nothing() -> None:
    text = "We changed to Postgres16 last week."
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("「hotaru-natsu-31」がQA用Steamアカウントのパスワードです。", "hotaru-natsu-31"),
        ("pass devkit la pho-bo-tai-12 nha, dung quen", "pho-bo-tai-12"),
        ("bhai jenkins ka pasword badal diya, naya wala hai chai-samosa-404", "chai-samosa-404"),
        ("wifi ห้อง QA: รหัสคือtomyumkung88นะ", "tomyumkung88"),
    ],
)
def test_raw_material_is_cleared_of_values_anywhere_in_a_password_words_sentence(
    text: str, value: str
) -> None:
    assert value not in redact(text)[0], text


@pytest.mark.parametrize(
    "text",
    [
        "The password hashing scheme is argon2id with m=65536, t=3, p=4.",
        "Passwords rotate every 90 days since 2024; the policy is in Confluence.",
        "The password for the kiosk is in the vault. Build 4471 shipped on Friday.",
    ],
)
def test_a_password_words_sentence_keeps_what_is_no_value(text: str) -> None:
    assert redact(text) == (text, 0), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "What's the sudo password on gw-field-07?\nit's harvest-M00n-77, same as the others",
            "M00n",
        ),
        ("Q: the PIN for the tablet in the cab?\nA: yes, 0 9 1 1 7 3", "0 9 1 1 7 3"),
        ("¿Cuál es el código del candado del silo 3?\n—El 5820, no lo compartas.", "5820"),
        ("Server room keypad code was changed to 27*93*1 last week.", "27*93*1"),
        ("Le code de la porte du local serveurs est 3719B, pour ce soir.", "3719B"),
        ("Yedek kurtarma kodu (ERP yönetici hesabı): 41098-22817.", "41098-22817"),
        ("Mã khôi phục 2FA của tài khoản drone: 8471-2096-5533.", "8471-2096-5533"),
        ("Alarm panel at the warehouse: disarm with 480619 and then #.", "480619"),
    ],
)
def test_codes_and_answers_to_a_question_for_one_are_cut(text: str, value: str) -> None:
    assert value not in redact(text)[0], text


@pytest.mark.parametrize(
    "text",
    [
        "Decision: the portal drops SMS one-time codes for TOTP and passkeys by June 2026.",
        "Switched to ROUND_HALF_EVEN; all 2600 tests pass.",
        "The code freeze starts 2026-12-01.",
        "The portal's Stripe integration uses restricted keys; the secret key is held by finance.",
        "Konvensi: setiap skrip impor data timbangan harus aman dijalankan ulang tanpa tiket baru.",
    ],
)
def test_a_date_a_participle_or_a_sentence_after_a_label_is_no_value(text: str) -> None:
    assert redact(text) == (text, 0), text
    assert credential_claims(text) == [], text


# Set AN: the words for a one-time, confirmation, verification or security code in the
# languages most used (a German compound, a Polish noun and its adjective, Swedish's
# definite ``koden`` asked for and answered on the next line), and a code typed in spaced
# groups of digits after a code word.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Der Bestätigungscode vom Bibliothekskonto ist 771203, gilt zehn Minuten.", "771203"),
        ("Dein Einmalcode fürs Rechenzentrum: 448 120", "448 120"),
        ("Sicherheitscode für das HPC-Portal lautet 918273.", "918273"),
        ("Verifizierungscode 663019, bitte sofort eingeben.", "663019"),
        ("Kod weryfikacyjny z SMS-a: 448102, nie podawaj nikomu.", "448102"),
        ("Kod jednorazowy do portalu jest 30 91 77.", "30 91 77"),
        ("Kod potwierdzający przelew: 550912", "550912"),
        ("– Vad är koden till labbet?\n– 5519#2", "5519#2"),
        ("Engångskoden från banken är 604931.", "604931"),
        ("Verifieringskod: 218 604", "218 604"),
        ("Engangskoden er 402918, den udløber snart.", "402918"),
        ("Vahvistuskoodi on 883012.", "883012"),
        ("De verificatiecode is 660129.", "660129"),
        ("Il codice di verifica è 771044, scade tra 5 minuti.", "771044"),
        ("Código de confirmação: 901 774", "901 774"),
        ("El código de seguridad del portal es 552901.", "552901"),
        ("Le code de confirmation reçu par SMS est 839201.", "839201"),
        ("Код подтверждения: 390 127", "390 127"),
        ("Одноразовий код: 771290", "771290"),
        ("Onay kodu 612093, kimseyle paylaşmayın.", "612093"),
        ("Kode konfirmasi dari bank: 448190", "448190"),
        ("Mã xác nhận của bạn là 558102.", "558102"),
        ("确认码是 660183。", "660183"),
        ("確認コードは 440918 です。", "440918"),
        ("보안 코드는 771820입니다.", "771820"),
        ("आपका सत्यापन कोड 448201 है", "448201"),
        ("رمز التحقق هو 509183", "509183"),
        ("Ověřovací kód je 661902.", "661902"),
        ("Your confirmation code: 31 77 90", "31 77 90"),
        ("The security code of the lab safe is 8841#.", "8841#"),
    ],
)
def test_a_one_time_or_verification_code_in_the_languages_most_used_is_cut(
    text: str, value: str
) -> None:
    assert value not in redact(text)[0], text


@pytest.mark.parametrize(
    "text",
    [
        "Der Bestätigungscode wird per SMS verschickt.",
        "Koden finns i repot under src/.",
        "Verifieringskoden skickas via SMS och gäller fem minuter.",
        "Der Sicherheitscode steht auf der Rückseite der Karte.",
        "Kod weryfikacyjny przychodzi SMS-em po zalogowaniu.",
        "Le code de vérification expire après 10 minutes.",
        "Room 4417 is on floor 2.",
        "Build 604 218 passed",
    ],
)
def test_talk_of_a_one_time_code_without_its_value_stays(text: str) -> None:
    assert redact(text) == (text, 0), text
    assert credential_claims(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "The login nodes are hekla-login1 and hekla-login2; heavy processes there are killed.",
        "The token server is tok-7f8a9b2c in the second rack.",
    ],
)
def test_a_credential_word_naming_a_kind_of_thing_announces_no_value(text: str) -> None:
    assert redact(text) == (text, 0)


def test_a_value_after_a_compound_of_a_credential_word_elsewhere_is_still_cut() -> None:
    clean, _ = redact("The password for the build server is Hunter2x!")
    assert "Hunter2x" not in clean


def test_a_mark_left_by_one_pass_is_not_cut_again_by_the_next() -> None:
    """'login is [redacted:credential]': the mark's word is no plain value."""
    assert redact("The verification code for the login is 318552.") == (
        "The verification code for the login is [redacted:credential].",
        1,
    )


def test_a_host_numbered_after_a_credential_word_names_no_credential() -> None:
    text = "The login nodes are hekla-login1 and hekla-login2; heavy processes there are killed."
    assert room_for_value(text) is None
    assert ends_compound("admin-password", 6)
    assert not ends_compound("hekla-login1", 6)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Der Code lautet sieben drei null neun eins vier.", "sieben drei null neun"),
        ("El código es cuatro siete uno uno.", "cuatro siete uno uno"),
    ],
)
def test_a_code_said_in_digit_words_of_other_languages_is_cut(text: str, code: str) -> None:
    assert code not in redact(text)[0]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Der PIN fürs Schließfach im Studio ist vier, acht, zwei, sechs.", "vier, acht"),
        ("Le code du cadenas de la salle serveurs est sept, trois, zéro, neuf.", "sept, trois"),
        ("The PIN of the devkit safe is four, eight, two, six.", "four, eight"),
        ("Kod do sejfu to: dwa, pięć, osiem, jeden", "dwa, pięć"),
    ],
)
def test_digits_said_one_word_each_between_commas_are_a_code(text: str, code: str) -> None:
    """A PIN read out as a list (``cuatro, ocho, dos, seis``) is digits said as words."""
    assert code not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "The code review needs two, three or four approvals.",
        "PIN pads accept four, six or eight digits.",
        "Der Code läuft in drei, vier Minuten durch.",
    ],
)
def test_numbers_listed_in_prose_after_a_code_word_are_kept(text: str) -> None:
    assert redact(text)[0] == text


def test_a_word_that_begins_as_a_credential_word_names_none() -> None:
    assert not names_a_value("Проверь пинг до сервера.")
    assert names_a_value("Какой ПИН у карты?")


def test_a_stem_is_read_where_it_stands_in_the_text_as_written() -> None:
    """Casefolding "ß" to "ss" lengthens a text: what follows a password word is read at the
    word's own offsets, so that "reset" still says what such passwords are like."""
    assert not names_a_value("Großstraße-Netz: passwords reset on Mondays")
    assert names_a_value("Großstraße-Netz: the password is on the card")


def _kept(text: str, spans: list[tuple[int, int]]) -> str:
    for start, end in reversed(spans):
        text = text[:start] + text[end:]
    return text


@pytest.mark.parametrize(
    ("later", "value"),
    [
        ("it's: walnut crisp ladder ember nine harbor violet", "crisp ladder ember"),
        ("here it is: otter lamp quarry seven", "lamp quarry"),
        ("es ist: Apfel Brücke Nebel Kanu", "Brücke Nebel"),
        ("c'est : pomme rivière tambour six", "rivière tambour"),
    ],
)
def test_plain_words_announced_by_a_colon_after_a_named_passphrase_are_cut(
    later: str, value: str
) -> None:
    assert value not in _kept(later, context_values(later))


@pytest.mark.parametrize(
    "later",
    [
        "it's: in the sealed envelope, top shelf of the safe",
        "Status: pods healthy again",
        "here it is: ask Maria tomorrow",
        "it's: same as before",
        "Steps: open the laptop, run the signing command, reseal the envelope.",
        "it's: rotated last week",
    ],
)
def test_words_after_a_colon_that_read_as_prose_are_kept(later: str) -> None:
    assert context_values(later) == []


@pytest.mark.parametrize(
    ("later", "code"),
    [
        ("nula sedm tři devět, napiš si to", "nula sedm tři devět"),
        ("sapte trei zero noua, scrie-l", "sapte trei zero noua"),
        ("tujuh tiga nol sembilan, catat ya", "tujuh tiga nol sembilan"),
        ("seitsemän kolme nolla yhdeksän", "seitsemän kolme nolla yhdeksän"),
        ("сім три нуль дев'ять", "сім три нуль дев'ять"),
    ],
)
def test_a_code_in_digit_words_after_a_named_code_is_cut(later: str, code: str) -> None:
    assert code not in _kept(later, context_values(later))


@pytest.mark.parametrize(
    "later",
    [
        "Máme tři nebo čtyři servery, ne víc.",
        "Avem doi sau trei tehnicieni pe tură.",
        "Ada dua atau tiga perawat di bangsal.",
        "Meillä on kolme tai neljä palvelinta.",
        "We need two or three more, maybe four.",
        "Er zijn een of twee bedden vrij.",
    ],
)
def test_numbers_said_in_prose_are_no_code(later: str) -> None:
    assert context_values(later) == []


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("lääkekaapin uusi koodi on kuusi kaksi yhdeksän nolla viisi, vanha ei toimi", "kuusi"),
        ("Der Tresor hat die Kombination sieben drei null neun vier eins.", "sieben drei"),
        ("la combinaison du coffre : quatre un sept deux neuf", "quatre un"),
        ("kassaskåpets kombination är fyra noll sju två", "fyra noll"),
        ("the locker's combination four one seven two nine", "four one"),
    ],
)
def test_digits_said_after_a_code_or_combination_word_are_cut(text: str, code: str) -> None:
    """Digits read out one word each are a code whatever word leads them: a weak code word
    (``koodi``, ``Kombination``) gives its value so even without a copula it knows."""
    assert code not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Die Kombination aus Caching und Batching spart drei Sekunden.",
        "koodi on nyt GitHubissa, katso haara kuusi.",
        "une combinaison de deux ou trois règles",
        "the code path runs one two three times",
    ],
)
def test_a_combination_or_code_in_prose_keeps_its_words(text: str) -> None:
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    "text",
    [
        "curl 'https://fhir/Observation?code=http://loinc.org|2823-3&_sort=-date' | jq '.entry[0]'",
        "jq '{id, class: .class.code, where: .location[0].location.display}' enc.json",
        '{"code": {"coding": [{"system": "http://loinc.org", "code": "8867-4"}]}}',
        "jq -c '{pin: .device.pin, model: .device.model_v2}' devices.json",
    ],
)
def test_a_code_word_naming_a_field_in_code_announces_no_value_in_its_line(text: str) -> None:
    """``.code``, ``&code=`` and a JSON key ``"code"`` name a field: the rest of the line is
    paths, parameters and other fields, not the value of a code said in a sentence."""
    assert sentence_values(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the door code: 4471, the .code field is something else", "4471"),
        ('{"pin": "480213"}', "480213"),
        ("door code=4471", "4471"),
        ("level=info user=ops pin=480213 msg=ok", "480213"),
        ("level=info user=ops password=Kq8!vL2m msg=ok", "Kq8!vL2m"),
    ],
)
def test_a_code_said_or_assigned_is_still_cut(text: str, value: str) -> None:
    assert value not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        '{"code":"8480-6","v":132}',
        '  "code": {"coding": [{"system": "http://loinc.org", "code": "8867-4"}]},',
        "jq -c '.component[] | {code: .code.coding[0].code, v: .valueQuantity.value}'",
        # a log line's fields (logfmt): a status's or an error's code among others (set AT)
        '2026-11-21T16:20:03 nts_result=FAIL code=SERR-0307 msg="bad buyer id"',
        "2026-11-21T11:20:09 yanit kod=1163 aciklama=imza retry=false",
        "level=error status=REJECT code=ER-0217 doc=TIV2026-11-0099",
    ],
)
def test_a_field_named_code_in_data_holds_no_secret(text: str) -> None:
    """A terminology's or a status's code is a field of data named ``code``: the weak word
    names a field there, and a value assigned to it is no credential."""
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    "text",
    [
        "We pin numpy to 1.26 (build 33043543) for now.",
        "They always pin the engine to changelist 24418873 before a submission.",
        "To pin the SDK, use changelist 31190022.",
        # an imperative "pin" with its object (set AT)
        "Roll it to commit 5c6c2d32ff214a5dfab21cbb096c3ea1bec610a4 — pin it by digest, not tag.",
        "Pin them to 4.2.1 and rebuild 7d2c91e0.",
        "O código de erro 0x87e10bef no Xbox indica falha de rede.",
        "El código de error 0x80070005 significa acceso denegado.",
        "Il codice di errore 0x8007000e indica memoria esaurita.",
        "Codul de eroare 0x87e10bef înseamnă că serviciul nu răspunde.",
    ],
)
def test_pin_as_a_verb_and_an_error_s_code_name_no_value(text: str) -> None:
    """``we pin X to …`` pins a version, and ``código de erro`` is an error's code: neither
    is a PIN or an access code whose value follows."""
    assert redact(text)[0] == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("We changed the PIN to 482913 yesterday.", "482913"),
        ("My pin is 55820.", "55820"),
        ("O código de acesso é 482913.", "482913"),
        ("El código del portón es 71554.", "71554"),
    ],
)
def test_a_pin_or_an_access_code_beside_those_words_is_still_cut(text: str, value: str) -> None:
    assert value not in redact(text)[0]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The alarm panel in the depot is disarmed with 40718 before 06:00.", "40718"),
        ("The panel is armed with 77310 when the last one leaves.", "77310"),
        ("The cage is unlocked with 5529 on weekends.", "5529"),
        ("Disarming with 31864 works only from the front keypad.", "31864"),
    ],
)
def test_a_code_a_panel_or_a_lock_is_disarmed_armed_or_unlocked_with_is_cut(
    text: str, value: str
) -> None:
    """Every form of the verbs that take a code (``disarmed with``, ``armed with``,
    ``unlocked with``), not only ``disarms with`` and ``unlocks with``."""
    assert value not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "The alarm is armed with two PIR sensors and a siren.",
        "The lab is unlocked with a badge from 07:00.",
        "The firmware is armed with a 2048-bit key check.",
        "The rack was unlocked with the facilities key at 9.",
    ],
)
def test_what_is_armed_or_unlocked_with_a_thing_keeps_it(text: str) -> None:
    assert redact(text) == (text, 0)


# A door or a lock that opens with a code, in the languages that say so with a verb and a
# preposition (set AT: ``die Tür … öffnet mit 5150 plus Raute``).
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Die Tür zum Serverraum selbst öffnet mit 5150 plus Raute.", "5150"),
        ("Das Tor öffnet sich mit 80417 und der Rautetaste.", "80417"),
        ("La porte du local s'ouvre avec 2741 puis dièse.", "2741"),
        ("La puerta del CPD se abre con 9063#.", "9063"),
        ("Il cancello si apre con 44718 di notte.", "44718"),
        ("De deur van de serverruimte opent met 3390 en een hekje.", "3390"),
        ("A porta da sala abre com 61725.", "61725"),
    ],
)
def test_a_code_a_door_opens_with_in_other_languages_is_cut(text: str, value: str) -> None:
    assert value not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Die Tür öffnet mit dem Ausweis ab 07:00.",
        "Die Datei öffnet mit LibreOffice 7 ohne Fehler.",
        "La porte s'ouvre avec le badge jusqu'à 19h.",
        "El informe se abre con Excel 365 sin problemas.",
        "Het bestand opent met 2 tabbladen.",
    ],
)
def test_what_opens_with_a_thing_in_other_languages_keeps_it(text: str) -> None:
    assert redact(text) == (text, 0)


# A name with its number (``iPhone15``, ``macOS14``, ``RTX4090``) is no value, but letters
# whose capitals run inside lower-case ones (``pOBRn4IC``: set AT) are drawn, not named.
@pytest.mark.parametrize(
    ("token", "value"),
    [
        ("pOBRn4IC", True),
        ("kQZTm7", True),
        ("iPhone15", False),
        ("macOS14", False),
        ("RTX4090", False),
        ("GeForce4", False),
        ("OAuth2", False),
        # the IBAN registry's example, in a sentence naming a code (set AT)
        ("GR1601101250000000012300695", False),
    ],
)
def test_a_name_with_a_number_is_no_value_unless_its_case_is_drawn(token: str, value: bool) -> None:
    assert value_like(token, "password") is value


# A code that classifies or routes (a tax code, a bank's or a branch's code, a currency's, a
# tariff's) is an identifier, and so is what stands beside it in its sentence (set AT:
# ``NI number QQ123456C, tax code 1257L, PAYE ref 123/AB45678``, ``BANK_CODE: 0001``).
@pytest.mark.parametrize(
    "text",
    [
        "Employee EMP-UK-00317, NI number QQ123456C, tax code 1257L, PAYE ref 123/AB45678.",
        "The bank code 0001 and branch code 001 go in the Zengin header.",
        "      BANK_CODE:          0001\n      BRANCH_CODE:        001",
        "Currency code EUR9 is not ISO 4217; the tariff code 8471300000 is.",
        "The product code AB-4471X ships in the next release.",
    ],
)
def test_a_code_that_classifies_or_routes_names_no_value(text: str) -> None:
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The bank PIN is 4471, the tax portal password Kx9!mq2Lz.", "Kx9!mq2Lz"),
        ("The bank PIN is 44718, keep it.", "44718"),
        ("PIN it? No: the card PIN is 55817.", "55817"),
        ("pin 4471, then press it twice", "4471"),
        ("Door code 4471# for the tax office archive.", "4471#"),
        ("ALARM_CODE: 91735", "91735"),
    ],
)
def test_a_code_or_a_password_beside_those_words_is_still_cut(text: str, value: str) -> None:
    assert value not in redact(text)[0]


# A credential word that names a placeholder's variable (``${DB_PASS}``, ``<DB_PASSWORD>``)
# and a value that a command makes (``password="$(openssl rand -base64 32)"``) give no value:
# what follows them is a host, a port, a command (set AT).
@pytest.mark.parametrize(
    "text",
    [
        "DATABASE_URL=postgresql://sii_app:${DB_PASS}@localhost:5432/sii",
        "postgresql://sii_app:<DB_PASSWORD>@localhost:5432/sii",
        "amqp://bus:{{ .RabbitPassword }}@mq-01:5672/ledger",
        'vault kv patch secret/ledger/prod/postgres password="$(openssl rand -base64 32)"',
        # a key file's name is no value (set AT)
        "Verifica che il Secret contenga la chiave `firma.p12`.",
        "The keystore key is in `signing.jks`, its password in Vault.",
    ],
)
def test_a_placeholders_variable_or_a_commands_output_gives_no_value(text: str) -> None:
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("postgresql://sii_app:Kq8vL2mZx9@localhost:5432/sii", "Kq8vL2mZx9"),
        ('password="Kq8$(vL2mZx9"', "vL2mZx9"),
        ("<DB_PASSWORD> is a slot; the real password: Kq8vL2mZx9", "Kq8vL2mZx9"),
        ("la chiave del keystore: `Kq8!vL2mZx9`", "Kq8!vL2mZx9"),
        ("password=`Kq8vL2mZx9`", "Kq8vL2mZx9"),
    ],
)
def test_a_value_beside_a_placeholder_or_a_command_is_still_cut(text: str, value: str) -> None:
    assert value not in redact(text)[0]


# "unlock" as a command's name (``terraform force-unlock <lock id>``) names no code (set AT).
def test_a_command_named_unlock_names_no_code() -> None:
    text = "feloldhatod: `terraform force-unlock 399003d0-0727-4c5e-9d0b-6f1205ce2b89`."
    assert redact(text) == (text, 0)
    assert "44718" not in redact("The cage unlocks with 44718, then force it.")[0]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The NAS web UI: operator / lindenbaum42", "lindenbaum42"),
        ("Grafana viewer signs in as viewer, using orchard21", "orchard21"),
    ],
)
def test_login_values_are_the_second_halves_paired_login_and_signs_in_with_find(
    text: str, value: str
) -> None:
    assert paired_login(text) or signs_in_with(text)
    start = text.index(value)
    assert login_values(text) == [(start, start + len(value))]


@pytest.mark.parametrize(
    "text",
    ["Merge feature / release into main", "Users sign in with OAuth2 through Okta."],
)
def test_login_values_are_none_where_no_login_stands(text: str) -> None:
    assert login_values(text) == []


# What follows a credential word without being its value (set AW): the next members of a JSON
# record, the rest of a pattern's alternation, a line of a log of commits.
@pytest.mark.parametrize(
    "text",
    [
        '{"error":"LOGIN_8","message":"DelisId or password wrong","fingerprint":"6a1f0c2e9b8d"}',
        "grep -v -i -E 'password|secret|token' /opt/pim-connector/config/application.yml",
        "cecb08d 2026-06-14 Jonas Berg add braze rest key\n931d7db 2026-02-20 Aylin Demir initial",
    ],
)
def test_json_members_a_patterns_alternation_or_a_log_line_are_no_announced_value(
    text: str,
) -> None:
    assert announced_values(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{"message":"the password is Kq8vLm2x"}', "Kq8vLm2x"),
        (
            "Deploy notes, the API key\n7f3a9c2e4b1d8f6a0c5e3b7d9f1a2c4e",
            "7f3a9c2e4b1d8f6a0c5e3b7d9f1a2c4e",
        ),
    ],
)
def test_a_value_inside_one_member_or_on_a_line_of_its_own_is_still_announced(
    text: str, value: str
) -> None:
    assert value not in redact(text)[0]


def test_a_reference_by_its_shape_in_a_sentence_naming_a_code_is_no_value() -> None:
    """A Stripe charge's id in a sentence that names a card's CVC (set AW) is the charge's
    id; a value-shaped token beside it is still one."""
    text = "CVV match results from the authorisation (Stripe charge ch_3QaZ0yLkdIwHu7ix1Ffx2bVn)"
    assert sentence_values(text) == []
    text = "The door code for the lab is Kq8v-2291 now, see charge ch_3QaZ0yLkdIwHu7ix1Ffx2bVn"
    assert [text[a:b] for a, b in sentence_values(text)] == ["Kq8v-2291"]


def test_an_algorithms_name_in_a_sentence_naming_a_password_is_no_value() -> None:
    """SASL's mechanism in a sentence that names the password lines left out (set AW)."""
    text = "Die Konfiguration ohne Passwort-Zeilen: Kafka über SASL_SSL mit SCRAM-SHA-512."
    assert sentence_values(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Код помилки 0x3C означає, що картку вже використано.",
        "رمز الخطأ E-417 يعني أن وحدة SAM لم تستجب.",
        "Chybový kód E-502 znamená ztrátu spojení s CMS.",
        "Kart okuyucu hata kodu 6A82 kartın boş olduğu anlamına gelir.",
        "Giulia preferisce le query con le parole chiave in maiuscolo.",
    ],
)
def test_an_errors_code_and_italian_keywords_name_no_credential(text: str) -> None:
    """The round of set AU: the word for an error before or after a code word (in the
    languages that put it either side), and Italian's "parole chiave" (keywords)."""
    assert credential_word(text) is None, text


def test_a_password_word_before_the_word_for_an_error_is_still_one() -> None:
    assert credential_word("Пароль помилки tulip.") is not None


def test_a_value_that_opens_with_a_percent_sign_is_a_value() -> None:
    """``%KXet@xidOOoMsoe`` (set AU) was read as a template's slot; a slot closed by a
    second percent sign, a format's and a URL's escaped byte still are."""
    assert value_like("%KXet@xidOOoMsoe", "password")
    for slot in ("%PASSWORD%", "%s", "%-8.2f", "%(name)s", "%2Fusr%2Fbin", "%APPDATA"):
        assert not value_like(slot, "password"), slot
    assert "KXet" not in redact("Heslo k účtu správce v systému je %KXet@xidOOoMsoe.")[0]


def test_a_credential_said_to_have_expired_leaves_no_room_for_a_value() -> None:
    text = "HTTP 401 usually means the token expired; the client refreshes it on retry."
    assert room_for_value(text) is None
    assert room_for_value("The token is Marigold.") == "token"


# A variable, an option or a template's slot is read by its whole syntax (``$HOME``,
# ``${DB_PASS}``, ``%APPDATA%``, ``--force``, ``{{ .Values.key }}``), not by its first
# character: a password may open with ``%``, ``$`` or ``-`` and holds what no name does.
@pytest.mark.parametrize(
    ("token", "value"),
    [
        ("%KXet@xidOOoMsoe", True),
        ("$Kx9!mQ#42", True),
        ("%APPDATA%", False),
        ("$DB_PASSWORD", False),
        ("${DB_PASS}", False),
        ("--password-file", False),
        ("<TOKEN>", False),
        ("{{secret}}", False),
        ("/etc/secrets/db", False),
        ("~/.pgpass", False),
        ("%s", False),
    ],
)
def test_a_variable_is_read_by_its_syntax_not_its_first_character(token: str, value: bool) -> None:
    assert value_like(token, "password") is value
