"""Credentials read by their shape alone (daemon.base.shapes), and through the redaction: each
shape is found with no word to announce it, and the names, versions, identifiers and strings
of configuration that look like one are left alone. Every text here was written for this
file."""

from __future__ import annotations

import pytest

from daemon.base.redaction import find_secrets, redact
from daemon.base.shapes import (
    assigned_keys,
    at_command_values,
    digit_groups,
    joined,
    joined_variables,
    joined_words,
    option_values,
    shaped_credentials,
    upper_keys,
)
from tests.linear import MAX_RATIO, ratio


def _found(spans: list[tuple[int, int]], text: str) -> list[str]:
    return [text[a:b] for a, b in spans]


@pytest.mark.parametrize(
    "token",
    [
        "Heron-Quill-4821",
        "Otter+Mango=9034",
        "Bison_Lantern_73",
        "Kestrel#Cobalt?5517",
        "Tulpe.Anker.3306",
        "Möwe_Kürbis_4410",
        "Falcon;Ember;6120",
        "2281-Walrus-Copper",
    ],
)
def test_words_joined_with_a_number_are_a_password(token: str) -> None:
    assert joined(token)
    text = f"the kiosk uses {token} since Monday"
    assert _found(joined_words(text), text) == [token]
    assert token not in redact(text)[0]


@pytest.mark.parametrize(
    "token",
    [
        "Llama-3.1-70B-Instruct",  # a part mixes letters and digits
        "GPT-4-Turbo",  # a one-digit version
        "Release_2024_Q1",
        "Windows-Server-2019",  # the number is a year
        "Build-Agent-07",  # a counter: a leading zero
        "max_retries_10",  # an identifier in lower case
        "CLINSYS-AB-2231",  # a ticket key in upper case
        "Server=Orders;Port=5432",  # key=value;key=value
        "Jane.Doe.42@example.com",  # an e-mail address
        "Chapter-12",  # one word
        "Mirth.Connect.4",
    ],
)
def test_names_versions_and_identifiers_are_not_joined_passwords(token: str) -> None:
    assert not joined(token)
    assert joined_words(f"we run {token} here") == []


def test_upper_case_base32_is_a_key_and_constants_are_not() -> None:
    text = "TOTP seed for the kiosk: JBSW4Y3PEHPK3PXP7QKZ2MLR5TGA6NYD ok"
    assert _found(upper_keys(text), text) == ["JBSW4Y3PEHPK3PXP7QKZ2MLR5TGA6NYD"]
    for legit in (
        "MAX_CONNECTIONS_PER_HOST_DEFAULT",  # underscores: a constant
        "ABCDEF0123456789ABCDEF0123456789",  # hex: a digest
        "THEQUICKBROWNFOXJUMPSOVERLAZYDOG2",  # no digits to speak of, words
        "ISO8601",
        "01HZX3V8K2M9Q4R7T5W0Y6B1CD",  # a ULID
    ):
        assert upper_keys(f"see {legit} there") == [], legit


def test_groups_of_digits_are_a_recovery_key_and_dates_and_phones_are_not() -> None:
    key = "112233-445566-778899-001122-334455-667788-990011-223344"
    text = f"recovery: {key}"
    assert _found(digit_groups(text), text) == [key]
    for legit in ("call +1-555-0100-2000", "2026-11-27", "card 4242-4242-4242-4242"):
        assert digit_groups(legit) == [], legit


def test_a_variable_assigned_a_random_key_is_a_secret_unless_named_an_identifier() -> None:
    text = "SEARCH_ADMIN=7c1e4b9a02d35f68e1a09b7c4d2e6f31\nSEARCH_APP=Q7KD2M1XVA"
    assert _found(assigned_keys(text), text) == ["7c1e4b9a02d35f68e1a09b7c4d2e6f31"]
    for legit in (
        "GIT_COMMIT=4f1e9a2c7b0d3e8f5a6c1b9d2e7f0a3c4b5d6e7f",
        "BUILD_SHA=9a7c3e01b5d24f68a0c1e9b7d3f5a2c4",
        "TENANT_ID=acme01234567890123456789",
        "LOG_DIR=/var/log/memoryd/2026",
        "DEFAULT_MODEL=claude_sonnet_latest_build_2026",  # words, not random characters
    ):
        assert assigned_keys(legit) == [], legit


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("keytool -list -keystore a.p12 -storepass Gecko.Forceps.2290", "Gecko.Forceps.2290"),
        ("plink -ssh ops@10.0.0.4 -pw W1nter!Hawk", "W1nter!Hawk"),
        ("xfreerdp /v:gw /u:nurse /p:'Lemur+Biopsy=7316'", "Lemur+Biopsy=7316"),
        ("tool --db-password=s3cr3t-Value run", "s3cr3t-Value"),
    ],
)
def test_a_password_option_of_any_command_gives_its_value(text: str, value: str) -> None:
    assert _found(option_values(text), text) == [value]
    assert value not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "docker login --password-stdin -u ci",
        "mysql --skip-password reports",
        "mkdir /p shared",
        "openssl rsa --passin file:/run/key.pass",
        "run --password $DB_PASSWORD",
    ],
)
def test_options_without_a_value_in_them_give_nothing(text: str) -> None:
    assert option_values(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("lftp -u shopco,WUKejySbflMlUUKmm4 sftp://edi.example -e 'ls; bye'", "WUKejySbflMlUUKmm4"),
        ('lftp -e "open -u edi,Harbour-77 sftp://h; mirror /out"', "Harbour-77"),
        ("lftp -u 'shopco,plainword' sftp://h", "plainword"),
    ],
)
def test_the_password_after_the_comma_of_lftps_login_option_is_cut(text: str, value: str) -> None:
    assert _found(option_values(text), text) == [value]
    assert value not in redact(text)[0]


@pytest.mark.parametrize(
    "text", ["ps -u root,daemon -o pid", "lftp -u shopco sftp://h", "top -u www,db"]
)
def test_a_comma_after_another_commands_user_option_is_a_list(text: str) -> None:
    assert option_values(text) == []


def test_the_shapes_come_in_order() -> None:
    text = "A=1 Heron-Quill-4821 and -pw W1nter!Hawk"
    kinds = [kind for kind, _, _ in shaped_credentials(text)]
    assert kinds == ["password", "password"]


@pytest.mark.parametrize(
    "text",
    [
        "We moved the PACS archive to Windows-Server-2019 in March.",
        "Use Llama-3.1-70B-Instruct for summaries; GPT-4-Turbo is retired.",
        "Release_2024_Q1 shipped with ticket CLINSYS-2231 fixed.",
        "Connection: Server=orders-db;Database=Orders;Port=5432;Encrypt=yes",
        "Mail Jane.Doe.42@example.com about Build-Agent-07.",
        "The commit is 4f1e9a2c7b0d3e8f5a6c1b9d2e7f0a3c4b5d6e7f.",
    ],
)
def test_look_alikes_in_prose_are_not_redacted(text: str) -> None:
    assert find_secrets(text) == [], text


def test_shapes_read_in_linear_time() -> None:
    def worst(size: int) -> str:
        return ("Heron-Quill-4821 -pw x A_B=" + "a1" * 20 + " ") * (size // 70)

    grown = ratio(shaped_credentials, worst(64 * 1024), worst(512 * 1024))
    assert grown < MAX_RATIO, f"{grown:.1f}x the work for 8x the input"


def test_shell_variables_joined_into_a_credential_are_redacted_piece_by_piece() -> None:
    text = 'A1=Kq7mZt2Wx; A2=Hp4nRc9Lv; echo "$A1$A2" | docker login reg -u ci --password-stdin'
    assert _found(joined_variables(text), text) == ["Kq7mZt2Wx", "Hp4nRc9Lv"]
    clean = redact(text)[0]
    assert "Kq7mZt2Wx" not in clean and "Hp4nRc9Lv" not in clean
    for legit in (
        'DIR=/srv/app; NAME=api; echo "$DIR$NAME"',  # no credential spoken of
        'BASE=/srv; SUB=v2; docker login -u ci --password-stdin < "$BASE$SUB"',  # a path
        'echo "$HOME$PATH" and the password is elsewhere',  # nothing assigned here
    ):
        assert joined_variables(legit) == [], legit


def test_a_value_cut_by_a_line_continuation_is_read_whole() -> None:
    cut = 'az login --service-principal -u app -p "Zr8kQm2Vx7Lp\\\nTn4Wc9Hy3Bd6" --tenant t'
    clean = redact(cut)[0]
    assert "Zr8kQm2Vx7Lp" not in clean and "Tn4Wc9Hy3Bd6" not in clean
    escaped = '{"command": "login -p \\"Zr8kQm2Vx7Lp\\\\\\nTn4Wc9Hy3Bd6\\" now"}'
    clean = redact(escaped)[0]
    assert "Zr8kQm2Vx7Lp" not in clean and "Tn4Wc9Hy3Bd6" not in clean


def test_a_uuid_is_an_id_unless_its_name_says_key() -> None:
    uuid = "7b1e4c2a-9d3f-4a6b-8c5e-0f2d1a3b4c5d"
    assert find_secrets(f"Gdansk yard id in the YMS: {uuid}.") == []
    assert find_secrets(f"CARRIER_API_KEY={uuid}")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("schtasks /Create /TN Nightly /RU svc-batch /RP tQsF9y7CBSpv /SC DAILY", "tQsF9y7CBSpv"),
        ("schtasks /Query /S lab-ws-01 /U HOSP\\ops /P Wq8!rTz2 /FO LIST", "Wq8!rTz2"),
        ("net use Z: \\\\fs02\\share /user:HOSP\\ops /password:Kj4mN8xQ", "Kj4mN8xQ"),
    ],
)
def test_a_windows_password_switch_gives_its_value(text: str, value: str) -> None:
    """Windows commands name their options with a slash, in either case: ``/P``, ``/RP``
    (the password of the account a task runs as), ``/password:``."""
    assert value not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "schtasks /Create /TN Nightly /TR run.cmd /SC DAILY /ST 01:30 /RL HIGHEST",
        "robocopy D:/src E:/dst /MIR /MP 8 /R:2",
        "ls /tmp backup2026 /opt",
    ],
)
def test_other_windows_switches_and_paths_give_nothing(text: str) -> None:
    assert option_values(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("pkcs11-tool --module p11.so --login --pin 604117 --list-objects", "604117"),
        ("pkcs11-tool --init-token --so-pin 88127734 --label ci", "88127734"),
        ("yubico-piv-tool -a verify-pin --pin=290413", "290413"),
        ("mosquitto_pub -h broker -u ingest -P Tq4wZr8Np2 -t a/b -m 1", "Tq4wZr8Np2"),
        ("ipmitool -I lanplus -H 10.1.2.3 -U root -P Hx7vQ2mRk chassis status", "Hx7vQ2mRk"),
        ("snmpget -v2c -c Vn3k-ro-7781 10.9.8.7 sysUpTime.0", "Vn3k-ro-7781"),
        ("snmpbulkwalk -v 2c -c 'w4rehouse#ro' core-sw1 ifTable", "w4rehouse#ro"),
    ],
)
def test_a_pin_a_capital_p_password_and_a_community_are_option_values(
    text: str, value: str
) -> None:
    """An option named for a PIN (``--pin``, ``--so-pin``), the ``-P`` many tools take a
    password by (mosquitto, ipmitool, sqlcmd) when its value mixes letters and digits, and
    the community the net-snmp tools take as ``-c``."""
    assert _found(option_values(text), text) == [value]
    assert value not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "scp -P 2222 build.tar ops@lab:",
        "mysql -h db -P 3306 -u report",
        "xargs -P 8 -n 1 gzip",
        "grep -P 'E0x[0-9]+' boot.log",
        "cp -P src/lib1 dst/",
        "rsync -P -a out/ lab:/srv/out2/",
        "tool --spin 1000 --pin-file /run/pin1",
        "snmpwalk -v2c -c public 10.0.0.1",
        "bash -c 'make all2 && make test'",
        "The pogo pin 14 lost contact; the pin count is 40.",
    ],
)
def test_ports_counts_patterns_and_a_public_community_are_no_option_values(text: str) -> None:
    assert option_values(text) == []


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ('AT+CGAUTH=1,1,"m2m-user","Qz4pWn8Ks" then AT+CGACT=1,1', ["Qz4pWn8Ks"]),
        ('AT+QICSGP=1,1,"iot.apn","fleet","Rb7kTq2x",1', ["Rb7kTq2x"]),
        ('at+cpin="4711"', ["4711"]),
        ('AT+CLCK="SC",1,"8842"', ["8842"]),
        ('AT+CPWD="SC","1234","5678"', ["1234", "5678"]),
    ],
)
def test_the_credential_an_at_command_sets_is_cut(text: str, values: list[str]) -> None:
    """A modem's AT command that sets a PDP context's authentication or a SIM's PIN: its
    last quoted argument (the user comes before the password), the last two of ``+CPWD``."""
    assert _found(at_command_values(text), text) == values
    assert all(value not in redact(text)[0] for value in values)


@pytest.mark.parametrize(
    "text",
    [
        'AT+CGDCONT=1,"IP","iot.example.net"',
        "AT+CGAUTH=1,0",
        'AT+CLCK="SC",2',
        "AT+CPIN? answers +CPIN: READY",
        'AT+COPS=1,2,"26201"',
    ],
)
def test_at_commands_that_set_no_credential_are_kept(text: str) -> None:
    assert at_command_values(text) == []
    assert redact(text) == (text, 0)
