# ruff: noqa: RUF001, RUF003 (look-alike letters on purpose)
"""Raw material keeps no opaque token (daemon.base.raw_material), whatever announced it.

The attack list was written before the detector: a random token of each alphabet with no
keyword and no prefix, in prose, alone and after a word of a language no rule reads; keys
typed in groups, lists of one-time codes, UUIDs a key word announces, webhook paths, signed
URL segments and query values, typed and dictated passwords. The look-alikes are what a
conversation and a memory need kept: named commits and digests, bare UUIDs, versions, paths,
URLs without credentials, identifiers. Every token is drawn from a seeded generator or built
by concatenation, so no scanner takes this file for a leak.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daemon.base.raw_material import (
    _typed_name,
    byte_arrays,
    raw_spans,
    shared_spans,
    typed_names,
    typed_passwords,
)
from daemon.base.redaction import find_secrets, redact
from daemon.gate.opaque_tokens import unexplained
from tests.linear import MAX_RATIO, ratio

_RANDOM = random.Random(1919)
_HEX = "0123456789abcdef"
_B32 = "abcdefghijklmnopqrstuvwxyz234567"
_B36 = "abcdefghijklmnopqrstuvwxyz0123456789"
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_ALNUM = _B64[:-2]


def _draw(alphabet: str, n: int) -> str:
    while True:  # three letters and three digits: what any key of these lengths holds
        token = "".join(_RANDOM.choice(alphabet) for _ in range(n))
        if sum(c.isdigit() for c in token) >= 3 and sum(c.isalpha() for c in token) >= 3:
            return token


#: One random token of each alphabet, no keyword, no prefix.
BARE = {
    "hex32": _draw(_HEX, 32),
    "hex40": _draw(_HEX, 40),
    "hex64": _draw(_HEX, 64),
    "upper_hex40": _draw(_HEX, 40).upper(),
    "base32_lower": _draw(_B32, 32),
    "base32_upper": _draw(_B32, 32).upper(),
    "base36": _draw(_B36, 30),
    "base64": _draw(_B64, 40) + "=",
    "base64url": _draw(_ALNUM + "-_", 43),
    "alnum": _draw(_ALNUM, 32),
    "unknown_prefix": "zq_" + _draw(_HEX, 48),
    "id_colon_secret": _draw(_HEX, 24) + ":" + _draw(_HEX, 64),
    "dash_groups": "-".join(_draw(_B36, 24)[i : i + 4] for i in range(0, 24, 4)),
}
#: Sentences with no credential word a rule reads (a made-up language among them).
FRAMES = [
    "{}",
    "here you go: {}",
    "the value for the morning feed is {} and it works",
    "Zorvath kelimi dunbo {} pralek.",
    "rollbar post_server_item: {}",
    '{{"config": {{"value": "{}"}}}}',
]


@pytest.mark.parametrize("frame", FRAMES)
@pytest.mark.parametrize("name", sorted(BARE))
def test_a_random_token_of_each_alphabet_is_masked_with_no_keyword(name: str, frame: str) -> None:
    token = BARE[name]
    clean, found = redact(frame.format(token))
    assert found >= 1
    for piece in token.replace(":", "-").split("-"):
        assert len(piece) < 6 or piece not in clean, clean


SHAPES = [
    (
        "a TOTP key typed in groups",
        "Enter this key\n{}\nKey is time-based",
        "v2dg j2h6 zwv7 kgx6 xrcc 3b3g fiab 5isg",
    ),
    ("upper-case groups", "code: {}", "K7QM 2ZX4 PL9R W3NB 6TYH"),
    ("backup codes, one a line", "codes:\n{}", "3965 9924\n5446 7101\n0349 5967\n1058 2767"),
    ("backup codes in a list", "Backup codes: {}.", "1234 5678, 2345 6789, 3456 7890"),
    (
        "a UUID a key word announces",
        "Translate copy. Auth-Key {} is sent for you.",
        "46090d84-8236-4470-a92e-0e73813a1781:fx",
    ),
    (
        "a UUID after secret",
        "Scaleway secret {} for the archive",
        "b33a4b31-50fa-47b4-aad5-020977f6720a",
    ),
    (
        "a webhook's path",
        "posts to https://hooks.example.com/hooks/catch/{}/ now",
        "5011522/rj09a4u",
    ),
    (
        "a stream key in an RTMP path",
        "ffmpeg -f flv rtmp://a.rtmp.example.com/live2/{}",
        "2die-sfqn-jzu0-y1q7-kw30",
    ),
    (
        "a private feed in a URL path",
        "https://calendar.example.com/ical/x/{}/basic.ics",
        "private-96b8b5cf5025e4b6eb7e7442d83b2701",
    ),
    (
        "a signed path segment",
        "https://res.example.com/image/authenticated/{}/v17/a.jpg",
        "s--nN_7P9Fi--",
    ),
    (
        "a signature in a query",
        "The signed image URL is https://img.example.net/2026/11/a.jpg?w=1200&s={} now",
        "aced65894e0fda487d2d44d76db9dc44",
    ),
    (
        "an hmac in a token query",
        "https://live.example/m.m3u8?hdnts=exp=1796605200~hmac={}",
        "e2f3cc32fc0240ab713cbd1031eff756771e2b6c49ec608495a005c16529e809",
    ),
    ("typed words and a number", "Sanduuqa waa {}, ha la wadaagin.", "Xamar-Liido-2047"),
    ("typed words glued to a number", "Zorvath dunbo: {}.", "Tal_Ger_Moriny88"),
    ("typed words, a suffix glued", "FTP şifrəsi {}-dür.", "Xezer_Kulek_3094"),
    (
        "a password read out",
        "Die wagwoord, stadig: {}. Sonder spasies.",
        "lowercase river, four four, capital K, hash sign, lowercase moth",
    ),
    ("typed words in Greek letters", "Ζήτα κωδικός είναι {}, με ελληνικά.", "ελιά-κύμα-2209"),
    (
        "a code in the NATO alphabet",
        "the code is {}. Got it?",
        "kilo, seven, tango, echo, nine, zulu",
    ),
    ("a code spelt out", "Kiosk unlock:  {}  (no spaces)", "W 4 r p - 9 x K z - T t 2 m"),
    ("an app-specific password", "xcrun altool -u a@b.example -p {}", "rsyl-enbb-pomf-zldz"),
    (
        "Latin words in a Hindi sentence",
        "कीस्टोर का पासफ़्रेज़ है: {} — मत रखना।",
        "marble orbit cactus lagoon",
    ),
    (
        "a key HMAC-SHA256 signs with",
        "Signed with HMAC-SHA256 using {}; fine.",
        "fd803aa03a6a7d6af1244060618241a2cb1e78fa",
    ),
    ("codes of letters and digits", "Backup codes:\n{}", "i7nr3-lb8gh\ntsqlr-s8mlj\nd5o6b-rh0el"),
    (
        "base64 starting with a slash",
        "Apple News API key secret: {}",
        "/MefiSknbjmOipAoguae5F1jhC0uph9t18C+RpRISAi=",
    ),
]


@pytest.mark.parametrize(("label", "frame", "secret"), SHAPES, ids=[s[0] for s in SHAPES])
def test_each_shape_class_is_masked_in_raw_material(label: str, frame: str, secret: str) -> None:
    clean, _ = redact(frame.format(secret))
    assert secret not in clean, label
    longest = max(secret.replace("/", " ").replace("-", " ").split(), key=len)
    assert len(longest) < 5 or longest not in clean, clean


KEPT = [
    "Fixed in commit 9f2c4e1a7b3d5f8e0c6a2b4d1e3f5a7c9b0d2e4f, see the PR.",
    "https://github.com/acme/billing/commit/9f2c4e1a7b3d5f8e0c6a2b4d1e3f5a7c9b0d2e4f",
    "https://ci.example.com/builds?commit=9f2c4e1a7b3d5f8e0c6a2b4d1e3f5a7c9b0d2e4f&page=2",
    "sha256: 3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a",
    '"integrity": "sha512-'
    + 'Q2x9v7Lm3Np4Rt8Vw1Zy3Ab5Cd7Ef9Gh1Jk3Lm5Np7Qr9St1Uv3Wx5Yz7Ab9Cd1Ef3Gh5Jk7=="',
    "The story id is 3f9a2c1e-7b4d-4e8f-9a1c-2b3d4e5f6a7b in the CMS.",
    "Upgrade to Python 3.11.7 and node v20.10.0 before Friday.",
    "The config lives in /usr/local/lib/python3.11/site-packages/acme_billing/settings.py",
    "Docs: https://docs.python.org/3/library/asyncio-task.html#asyncio.TaskGroup",
    "Run test_merge_a40_timeout_handler and getUserById2FactorToken again.",
    "We ship on Windows Server 2019 and Ubuntu 22.04 LTS.",
    "Call the desk on +44 20 7946 0958 before 2026-11-30.",
    "own17 own18 own19 own20 own21 own22",
    "Use well-known, read-only, built-in types; see step one, two, three.",
    "The alpha and bravo teams met; echo the result to the log.",
    "Ship it on Monday: a b c are the only flags.",
    "पासवर्ड 16 अक्षरों का होना चाहिए, run uv sync first.",
    "Use uv, not pip.",
    "The build 20261127.4 passed; request id req_8Hx2Lm9Qp4Rt7Vw1.",
    "The md5sum of fixtures/empty.csv is d41d8cd98f00b204e9800998ecf8427e.",
    "sha256sum says 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.",
]


@pytest.mark.parametrize("text", KEPT)
def test_what_a_conversation_needs_is_kept_in_raw_material(text: str) -> None:
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    "text",
    [
        "Registrar 2FA key: v2dg j2h6 zwv7 kgx6 xrcc 3b3g fiab 5isg.",
        "Newsroom Google backup codes: 3965 9924, 5446 7101, 0349 5967, 1058 2767.",
        "Signed Cloudinary path component s--nN_7P9Fi--.",
        "Archive object storage: Scaleway SCWW98VSAC738GE6AFM7"
        " / b33a4b31-50fa-47b4-aad5-020977f6720a.",
        "Translation desk DeepL key: 46090d84-8236-4470-a92e-0e73813a1781:fx.",
        "Corrections form hook: https://hooks.example.com/hooks/catch/5011522/rj09a4u/.",
    ],
)
def test_a_memory_holding_a_shape_is_refused_with_the_shape_masked(text: str) -> None:
    marked = unexplained(text)
    assert marked is not None
    masked = redact(marked)[0]
    assert "[redacted:" in masked
    for piece in ("v2dg", "9924", "nN_7P9Fi", "SCWW98", "020977f6720a", "8236-4470", "rj09a4u"):
        assert piece not in masked


@pytest.mark.parametrize(
    "text",
    [
        "We run Windows-Server-2019 on the render box.",
        "Docs live at https://docs.example.com/runbooks/4f1e9a2c7b0d3e8f5a6c1b9d2e7f0a3c/page.",
        "The story UUID is 3f9a2c1e-7b4d-4e8f-9a1c-2b3d4e5f6a7b.",
        "The secret is rotated every 90 days; ask Dana.",
    ],
)
def test_a_memory_may_name_what_raw_material_loses(text: str) -> None:
    assert shared_spans(text) == []


def test_redaction_of_raw_material_is_idempotent() -> None:
    text = " ".join(f"x {token} y" for token in BARE.values())
    once = redact(text)[0]
    assert redact(once) == (once, 0)


def test_a_memory_is_judged_by_the_precise_rules_alone() -> None:
    """find_secrets without ``raw`` is what a memory's refusal as a secret reads: a named
    commit or a bare token is the opaque-token rule's to judge, not the secret rule's."""
    assert [h.kind for h in find_secrets(f"value {BARE['hex40']}")] == []
    assert [h.kind for h in find_secrets(f"value {BARE['hex40']}", raw=True)] == ["opaque_token"]


WORST = [
    "aaaa1 " * 8,
    "1234 5678, " * 4,
    "Abc-Def-" * 6,
    "lowercase a, " * 5,
    "https://x.example/hooks/" + "a1/" * 10,
    "key " + "46090d84-8236-4470-a92e-0e73813a1781 " * 2,
    "a/" * 40,
    "W 4 ",
    "kilo, seven, ",
    "abcd-",
    "ελιά-κύμα-",
    "भ abc def ghi jkl ",
    "Abc-Def-12 ",
    _draw(_B64, 50) + "/",
]


@pytest.mark.parametrize("unit", WORST, ids=range(len(WORST)))
def test_raw_material_is_scanned_in_linear_time(unit: str) -> None:
    def text(size: int) -> str:
        return (unit * (size // len(unit) + 1))[:size]

    assert ratio(raw_spans, text(128 * 1024), text(1024 * 1024)) < MAX_RATIO


# Tuned on set H: a push monitor's path and a key written as its bytes are cleared from raw
# material; a short list of numbers and a push URL's named page are not.
def _cleared(text: str) -> str:
    return redact(text)[0]


def test_a_push_path_and_a_byte_array_are_cleared_from_raw_material() -> None:
    push = "curl -fsS 'https://status.example.net/api/push/Kq3Zt8Wm2x?status=up'"
    assert "Kq3Zt8Wm2x" not in _cleared(push)
    keypair = "[" + ",".join(str(n * 37 % 256) for n in range(64)) + "]"
    assert keypair not in _cleared(f"payer.json: {keypair}")
    assert byte_arrays(f"payer.json: {keypair}") == [(12, 12 + len(keypair))]


@pytest.mark.parametrize(
    "text",
    [
        "Ports in use: [80, 443, 8080, 8443]",
        "The push docs live at https://docs.example.net/push/overview.",
        "Retry delays: [1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536,"
        "1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384]",
    ],
)
def test_short_number_lists_and_named_push_pages_stay(text: str) -> None:
    assert byte_arrays(text) == []
    assert _cleared(text) == text


# Tuned on set I: passwords typed as words joined by symbols that no redaction rule knew
# (no number, one digit, a number inside a word, in look-alike Cyrillic, in Hebrew), a
# base32 key whose letters run longer than a word, a hook's path written without its host,
# a UUID a hook or a schema's key names. Beside them, what a memory names on purpose.
_CYRILLIC_LOOKALIKE = "С" + "арillаrу-Е" + "lесtrорhоrеsis-8"  # Cyrillic С а р у Е е с о


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("ELN API svc_eln:Pipet-Aid-Electric-3 via curl -u.", "Pipet-Aid-Electric-3"),
        ("gpu-node07 BMC: ipmitool -U ADMIN -P Thermal-Cycler-95C.", "Thermal-Cycler-95C"),
        ("Sensors MQTT mosquitto_sub -u sensors -P Minus80-Door-Ajar.", "Minus80-Door-Ajar"),
        (
            "Local user created with ConvertTo-SecureString 'Incubator-37C-5pct'.",
            "Incubator-37C-5pct",
        ),
        ("Report site user multiqc / Fastqc-Report-Green (htpasswd -b).", "Fastqc-Report-Green"),
        (
            "Legacy JDBC lw_batch/Petri.Dish.Sunday@//lw-ora.example.local:1521/LW.",
            "Petri.Dish.Sunday",
        ),
        (
            "La password dello spettrometro è Ionizzazione-ESI-Positiva.",
            "Ionizzazione-ESI-Positiva",
        ),
        ("La pasvorto de la servilo estas Stelo-Specimeno-Frosta-2.", "Stelo-Specimeno-Frosta-2"),
        ("სერვერის პაროლია Tamada-Genomi-Tbilisi-5", "Tamada-Genomi-Tbilisi-5"),
        ("סיסמת המקפיא: תמר-מקפיא-שמונים-7", "תמר-מקפיא-שמונים-7"),
        (f"Cell sorter sorter / {_CYRILLIC_LOOKALIKE}.", _CYRILLIC_LOOKALIKE),
        ("rabbitmqctl add_user robotd 'Aspirate-Dispense-Mix'", "Aspirate-Dispense-Mix"),
    ],
)
def test_a_typed_password_nothing_names_is_masked(text: str, value: str) -> None:
    assert value in [text[a:b] for a, b in typed_names(text)]
    assert value not in (unexplained(text) or text)
    assert value not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Use uv, not pip.",
        "We run Windows-Server-2019 on the render box.",
        "We use GPT-4-Turbo and Llama-3.1-70B for summaries.",
        "Build-Agent-07 is down; Release-Notes-2024 is on the wiki.",
        "Firewall-Änderungen nur nach dem Vier-Augen-Prinzip.",
        "From now on remove the Content-Security-Policy header from the CMS.",
        "The pipeline reads BENCHLING_API_KEY and TOWER_ACCESS_TOKEN from the environment.",
        "Read /data/Run-Report-2024.pdf and see SOP-114; the admin menu opens with Strg+F12.",
        "Use Python-3.12 on Ubuntu-22.04; the hostname is lw-ora.larkspur.local.",
        "Mail John.Smith@corp.example about the Access-Control-Allow-Origin header.",
        "Flaky: test_merge_a40_timeout_handler_retries fails on CI.",
    ],
)
def test_names_versions_headers_and_identifiers_are_no_typed_password(text: str) -> None:
    assert typed_names(text) == [], text
    assert unexplained(text) is None, text


# A base32 key's letters run longer than any word; its two digits are enough.
_B32 = "uuwirvtzxo" + "sqytefbexnem35eh"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"Plate reader config sk: {_B32}.", _B32),
        ("Sample intake Zapier hook hooks/catch/87185163/q5yxi2/.", "87185163/q5yxi2"),
        (
            "Deploy hook path e7a1e988-da09-43ba-9977-8106ab041514.",
            "e7a1e988-da09-43ba-9977-8106ab041514",
        ),
        (
            '{"integration_key": {"type": "string", "const": '
            '"6eb15660-b971-4e5d-8cc9-23dec74278ac"}}',
            "6eb15660-b971-4e5d-8cc9-23dec74278ac",
        ),
    ],
)
def test_keys_without_a_word_or_a_host_are_not_kept(text: str, value: str) -> None:
    assert value not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "the task-1234567890abcdefghijklmnop is done",
        "Commit 9f3c2e1a7b fixed the UMI deduplication bug.",
        "Request id 6f1d2c3b-8e4a-4f5b-9c7d-0a1b2c3d4e5f shows the timeout.",
        "The pilot run folder is 241118_LH00417_0042_A22FHJLT3.",
        "The hook lives in src/hooks/use2fa/index.ts.",
    ],
)
def test_named_ids_run_folders_and_code_paths_are_kept(text: str) -> None:
    assert shared_spans(text) == [], text


def test_a_redaction_markers_kind_names_no_value() -> None:
    """The word in ``[redacted:credential]`` is a marker's kind, not a credential word: the
    name after it stays, so redacting a redacted text again finds nothing new."""
    assert typed_names("密码[redacted:credential] AกX-Api-Key") == []
    assert typed_names("password: Minus80-Door-Ajar") != []
    once = redact("密码passwordpassword0 AกX-Api-Key")[0]
    assert redact(once) == (once, 0)


# --- short keys, ping URLs, values spelt out and a typed password cut in two -------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("appended: qu7k2mz9x4hv1ptr", "qu7k2mz9x4hv1ptr"),
        ("echo -n 'zx_p4kq8wm2rt7vb' > /tmp/part", "zx_p4kq8wm2rt7vb"),
        ("sasl.username=K4TQ9ZWB2XRM7HNA\n", "K4TQ9ZWB2XRM7HNA"),
        ("  accessId: hsTRq7LwnCk3Pz\n", "hsTRq7LwnCk3Pz"),
        ("curl -fsS https://ping.example.org/0d4c7a2e-9b1f-4e3a-8c6d-2f5e7a9b1c3d", "0d4c7a2e"),
        ("read it out to the porter: R i v e t 4 B o l t", "R i v e t 4 B o l t"),
        ("and it ends -Harbor-7731", "-Harbor-7731"),
        # a short key ending its sentence: the full stop is no part of a name (set AT)
        ("XML cserekulcs: 953ed3c5425bZ7QK. Vedd fel a tenanthoz.", "953ed3c5425bZ7QK"),
        ("the exchange key is 7Hq2mZ9x4kV1pT3r.", "7Hq2mZ9x4kV1pT3r"),
    ],
)
def test_short_keys_ping_urls_and_spelt_values_are_masked(text: str, value: str) -> None:
    assert value not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "container MSCU4412873 is on the quay",
        "span 9f8e7d6c5b4a3921 took 40 ms",
        "say it s l o w l y please",
        "https://tms.example.com/shipments/0d4c7a2e-9b1f-4e3a-8c6d-2f5e7a9b1c3d",
        "run node18alpine3 images only",
        "the template is invoice9f2a7c4b1e.html.j2",
        "see build3a7f9c2e1d4b.log for it",
        "container MSCU4412873 is on the quay.",
        "The fault was at address 0x7BD2C34371567AA5.",
    ],
)
def test_names_spans_and_addressed_ids_stay_in_raw_material(text: str) -> None:
    assert redact(text) == (text, 0)


def test_a_uuid_in_a_shared_memory_needs_a_name() -> None:
    uuid = "5e2a9c1d-3b7f-4d6e-8a0c-1f2e3d4c5b6a"
    assert shared_spans(f"push monitor of the nightly export: {uuid}")
    assert shared_spans(f"Antwerp warehouse id in the WMS: {uuid}.") == []
    assert shared_spans(f"dashboard https://grafana.example.com/d/{uuid}") == []


# A password typed as a capitalised word and a number run into each other, with or without
# a second capitalised word (``Harbour2231Gull``, ``Lantern5408``): the shape people choose
# when told "a capital and digits", in whatever language the sentence around it is.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Ang password ng server ay Harbour2231Gull.", "Harbour2231Gull"),
        ("Mật khẩu trạm bơm: Lantern5408, đừng chia sẻ.", "Lantern5408"),
        ("ssh ops@gw01 with Quarry7730Fern and sudo from there", "Quarry7730Fern"),
        (
            "mount -o username=bak,password= //fs/x; then use bak Orchard0417Slate",
            "Orchard0417Slate",
        ),
        ("Сервер: ключ доступа Meridian9921Vale-ის", "Meridian9921Vale"),
        ("creds otproxy:Tundra5571@10.0.0.8:3128", "Tundra5571"),
        ("Summer2031! opens the kiosk", "Summer2031!"),
    ],
)
def test_a_word_and_a_number_typed_as_one_password_is_masked_in_raw_material(
    text: str, value: str
) -> None:
    assert value not in redact(text)[0]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("ኮምፒውተር Harbour2231Gull ነው", "Harbour2231Gull"),
        ("Reservoir HMI: operator with Quarry7730Fern", "Quarry7730Fern"),
    ],
)
def test_a_memory_holding_a_word_number_word_password_is_refused(text: str, value: str) -> None:
    marked = unexplained(text)
    assert marked is not None and value not in redact(marked)[0]


@pytest.mark.parametrize(
    "text",
    [
        "We run Windows2019 and Office365 on the HMI boxes; Route53 holds the zone.",
        "The core switch is a Catalyst 9300; PostgreSQL16 and Python311 are on the list.",
        "Release2025 ships in June; see ControlLogix5580 firmware notes.",
        "Use uv, not pip.",
    ],
)
def test_product_names_with_a_year_or_a_short_number_are_no_typed_password(text: str) -> None:
    assert redact(text) == (text, 0)
    assert unexplained(text) is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Modem: operator with Quarry7730Fern", "Quarry7730Fern"),
        ("db creds ops:Lantern5408 on the proxy", "Lantern5408"),
    ],
)
def test_a_memory_holding_a_word_and_a_number_typed_as_one_is_refused(
    text: str, value: str
) -> None:
    marked = unexplained(text)
    assert marked is not None and value not in redact(marked)[0]


def test_an_identifier_word_before_does_not_name_a_word_number_word_password() -> None:
    text = "snmpget -v3 -a SHA -A 'Quarry7730Fern' -x AES 10.1.1.1"
    assert "Quarry7730Fern" not in redact(text)[0]


def test_a_key_read_in_chunks_of_hex_is_masked() -> None:
    text = "the radio key off the label in chunks: 9e4b2c71, 0d5fa3e8, b7c19f24, 3a8e6d05"
    clean = redact(text)[0]
    for chunk in ("9e4b2c71", "0d5fa3e8", "b7c19f24", "3a8e6d05"):
        assert chunk not in clean


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Backup codes for the ops account: 40917352 71260948 93005127 18846230", "71260948"),
        ("TOTP setup key: hq4t wyzg 73kt qtfz fnuz pm4c bnve o82e", "qtfz fnuz"),
        ("authenticator setup key: K N X P W Z E Q P T Q H E K U V", "Q P T Q"),
    ],
)
def test_codes_and_keys_spelt_in_groups_or_letters_are_masked(text: str, value: str) -> None:
    assert value not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Call the desk on +44 20 7946 0958 before 2026-11-30.",
        "Orders 10801262 and 08362009 shipped.",
        "T H E   E N D",
    ],
)
def test_phone_numbers_two_orders_and_a_spaced_word_stay(text: str) -> None:
    assert redact(text) == (text, 0)


# typed_names reads only words with a joint before a letter or digit; a word without one is
# a single part, which _typed_name never takes for a value.
@given(st.from_regex(r"\A[^\W_][\w.+-]{0,30}[!?#*]?\Z"))
def test_a_word_without_a_joint_is_never_a_typed_name(word: str) -> None:
    token = word.rstrip(".-")
    if re.search(r"[_.+-][^\W_]", token) is None:
        assert _typed_name(token) is False


def test_joined_words_are_still_read() -> None:
    text = "door code Minus80-Door-Ajar here, login Deck-Layout-Slot-7."
    spans = [
        (text.index(v), text.index(v) + len(v)) for v in ("Minus80-Door-Ajar", "Deck-Layout-Slot-7")
    ]
    assert typed_names(text) == spans


@pytest.mark.parametrize(
    "text",
    [
        "Reverted 3f9c1e7a2b4d6e8f0a1c3e5b7d9f2a4c6e8b0d1f (the flaky retry).",
        "cherry-picked 4e1a9c07b2d35f86e0a1c2b3d4e5f60718293a4b onto release/2.3",
        "Customer cus_Q8x2LmT9vR4kZp asked for a refund on invoice in_1Nq8ZfGh2Kx9LmPq.",
    ],
)
def test_a_git_verb_or_a_business_object_names_the_id_after_it(text: str) -> None:
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    ("text", "token"),
    [
        (
            "the consent-order folder: https://kvwwater.sharepoint.com/:f:/s/compliance/"
            "E9-cwWgZJjcvqB_AH2lXSrMagZ2XlGKTlTNtgl3sqFF7eYC?e=a9ryfR (anyone with the link)",
            "E9-cwWgZJjcvqB_AH2lXSrMagZ2XlGKTlTNtgl3sqFF7eYC",
        ),
        (
            "design doc folder: https://www.dropbox.com/scl/fo/a8Kd93jfLq0ZpXw2mN4bYt7/h?rlkey=x",
            "a8Kd93jfLq0ZpXw2mN4bYt7",
        ),
    ],
)
def test_a_sharing_links_token_is_masked_whatever_names_it(text: str, token: str) -> None:
    assert token not in redact(text)[0]


def test_a_named_commit_in_a_repository_url_stays() -> None:
    text = "commit https://github.com/acme/billing/commit/3f9aC7dE2b1A9fK4mN8pQ2rT5vW7yZ0bX1234"
    assert redact(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [
        "5d41c0e2a7b94f3e18c6d02b9a7f51e3c8d4062f1b9e7a3c5d8f20e1b4a6c937  alaris-fw-12.1.3.bin",
        "serial=4F1A09C27D3B8E6615A0\nnotAfter=Sep 30 23:59:59 2024 GMT",
        "It expires on 30 September; serial 4F1A09C27D3B8E6615A0.",
    ],
)
def test_a_checksum_line_and_a_named_serial_stay(text: str) -> None:
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("reading it out in groups: 418660-207845-551232", "418660-207845-551232"),
        ("-094171-600237-312895-447018-129063", "094171-600237-312895-447018-129063"),
        ("8f3e1-7c2a9\nd04b6-5e8f1\n2a9c7-b13e0\n61fd2-9a0c4\n", "2a9c7-b13e0"),
        ("Here it is: RLD.k7Q2.p9Xw.4mLz.Tb81", "p9Xw"),
        ("in NATO: kilo seven papa quebec two niner x-ray lima dash mike echo", "dash mike"),
    ],
)
def test_keys_in_groups_and_codes_in_lines_are_cut(text: str, secret: str) -> None:
    assert secret not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Hosts 10.0.12.5 and 10.0.12.6 answer on 8443.",
        "Releases: 2026-11-01, 2026-11-15 and 2026-11-29.",
        "feature-login\nfeature-audit\nhotfix-pump\nrelease-next\n",
        "The package com.lindholm.rcc.portal ships in 4.12.0.",
        "Serials 123456 and 654321 were swapped.",
    ],
)
def test_numbers_hosts_and_names_in_groups_stay(text: str) -> None:
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    ("text", "reading"),
    [
        (
            "key in NATO: tango niner romeo four four lima dash echo",
            "tango niner romeo four four lima dash echo",
        ),
        ("read it back: niner niner echo kilo two foxtrot", "niner niner echo kilo two foxtrot"),
    ],
)
def test_a_nato_reading_is_cut_whole_a_niner_in_it_too(text: str, reading: str) -> None:
    assert all(word not in redact(text)[0] for word in reading.split()[:2])


@pytest.mark.parametrize(
    "text",
    [
        "Delta two niner zero, climb flight level three five zero, squawk four two one seven.",
        "Runway two niner left, wind one niner zero at five knots.",
        "The NATO alphabet starts alpha, bravo, charlie, and nine is said niner.",
        "Echo the delta of the nine servers to the log, one line each.",
    ],
)
def test_radio_talk_and_the_alphabet_named_in_prose_stay(text: str) -> None:
    assert typed_passwords(text) == []


@pytest.mark.parametrize(
    ("text", "reading"),
    [
        ("in alfabeto NATO: Kilo, tre, Papa, Sierra, Oscar, nove, Whiskey, Delta", "Kilo, tre"),
        ("im NATO-Alphabet: Tango, vier, Lima, Echo, sieben, Romeo, Zulu", "Tango, vier"),
        ("en alfabeto OTAN: Bravo, dos, Mike, Quebec, ocho, Yankee", "Bravo, dos"),
    ],
)
def test_a_nato_reading_with_digits_said_in_another_language_is_cut(
    text: str, reading: str
) -> None:
    assert reading not in redact(text)[0]


def test_place_names_and_numbers_in_another_language_stay() -> None:
    text = "Voli per Lima, tre scali: Delta, due ore a Quebec, poi India."
    assert typed_passwords(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Le certificat expire en mars, numéro de série 04A7F2C91E0B3D5A88C1F6E2D7B903AA1C55.",
        "Сертифікат дійсний до 2027 року, серійний номер 03F1A9C2D47B5E60918A2C3B4D5E6F708192.",
        "Das Zertifikat hat die Seriennummer 5B2E7A19C04D83F6E1A7B92C4D05E8F31A6C.",
        "El certificado tiene número de serie 6C1F0A7E93B24D58A1E6C7F20B9D3E4A8F52.",
    ],
)
def test_a_serial_number_named_in_another_language_is_kept(text: str) -> None:
    assert redact(text) == (text, 0)


# A number or a reference named so, in the languages of business documents, and a field
# named in camel case by its id (``requestId=``, ``invoiceUid=``): an identifier (set AT).
@pytest.mark.parametrize(
    "text",
    [
        "Numer referencyjny 8f3c2a1e0000a4b1c2d3e4f5a6b7c8d9 wrócił z błędem.",
        "Numer KSeF: 5265877635-20261115-0100A0C5A7C8-E1, faktura przyjęta.",
        "전자세금계산서 승인번호 20261121-41000042-7b3c9e21 건이 실패로 나옵니다.",
        "2026-11-21T09:41:02 kenmerk=b6c427cd2b40d7a917a1747b7bea5e1977fa8123 soort=OB",
        "statusCode=Success invoiceUid=D56921481BC89E3F6C6C79D50240222E60E81BD5",
        "2026-11-21T08:03:11 requestId=LDG20261121080311a1 op=manageInvoice",
        "Die Referenznummer lautet 7Q2ZK4M9X1VB8N3C6L5P0R.",
        "orderNo: 9f8e7d6c5b4a39210fedcba98765",
    ],
)
def test_a_number_or_reference_named_in_another_language_or_camel_case_is_kept(
    text: str,
) -> None:
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("apiKeyId=Zx9Kq2Lm7Pv4Rt8Wn3Yb6Hc1Jd5Fg0Se", "Zx9Kq2Lm7Pv4Rt8Wn3Yb6Hc1Jd5Fg0Se"),
        (
            "Numer konta i token: Qw8Er3Ty6Ui1Op4As7Df2Gh5Jk9Lz0Xc",
            "Qw8Er3Ty6Ui1Op4As7Df2Gh5Jk9Lz0Xc",
        ),
        ("clientSecretRef=Mn4Bv7Cx1Za8Sd5Fg2Hj9Kl3Qw6Er0Ty", "Mn4Bv7Cx1Za8Sd5Fg2Hj9Kl3Qw6Er0Ty"),
    ],
)
def test_a_credential_word_in_a_named_number_still_names_its_token(text: str, token: str) -> None:
    assert token not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "The Collector's Edition SKU is EP9001-CUSA12345_00-HARBORCOLLECTOR1 on the store.",
        "스탠다드 에디션의 SKU는 UP9001-PPSA04567_00-HARBORSTANDARD01입니다.",
        "SHA-256 of the release candidate archive for 2.7 is "
        "9c4e2b7a1f0d3e5c8b6a4f2e0d1c3b5a7e9f8d6c4b2a0e1f3d5c7b9a8e6f4d2c.",
        "Build ID of the Switch gold master submitted to Nintendo on Friday is "
        "7f3a9c1e5b2d4f6a8c0e1b3d5f7a9c2e.",
    ],
)
def test_a_sku_or_a_digest_named_as_the_sentence_s_subject_is_kept(text: str) -> None:
    """A product's SKU names its id; an identifier word that opens the sentence names the
    value its copula gives, however many words describe what it is of."""
    assert redact(text) == (text, 0)
    assert shared_spans(text) == []


@pytest.mark.parametrize(
    ("text", "token"),
    [
        (
            "SHA-256 of the release archive for 2.7 is fine, but the signing key for it is "
            "Zx9Kq2Lm7Pv4Rt8Wn3Yb6Hc1Jd5Fg0Se",
            "Zx9Kq2Lm7Pv4Rt8Wn3Yb6Hc1Jd5Fg0Se",
        ),
        (
            "SKU pricing for the store goes through the partner API with token "
            "Qw8Er3Ty6Ui1Op4As7Df2Gh5Jk9Lz0Xc",
            "Qw8Er3Ty6Ui1Op4As7Df2Gh5Jk9Lz0Xc",
        ),
    ],
)
def test_a_credential_word_after_an_identifier_subject_still_names_its_token(
    text: str, token: str
) -> None:
    assert token not in redact(text)[0]


def test_a_token_in_a_sentence_opened_by_an_identifier_word_but_no_copula_is_still_cut() -> None:
    text = (
        "Crash reporting in the launcher goes to Sentry: "
        "SENTRY_DSN=https://7c1e9a4b2d6f8e0a3c5b7d9f1e2a4c6b@o1234567.ingest.sentry.io/98765"
    )
    assert "7c1e9a4b2d6f8e0a3c5b7d9f1e2a4c6b" not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "RMA tickets are named RMA-<country>-<serial>, e.g. RMA-NL-GW7-2511-00412.",
        "Every build is tagged with its build id, i.e. bld-20261129-7f3a9c-amd64-rel.",
    ],
)
def test_an_abbreviations_dot_does_not_end_the_sentence_that_names_an_id(text: str) -> None:
    """``e.g.`` and ``i.e.`` go on with the example of what the sentence named (a serial, a
    build id): the identifier word before them still names the token."""
    assert redact(text) == (text, 0)


def test_a_token_after_e_g_that_a_credential_word_names_is_still_cut() -> None:
    text = f"Use a deploy key, e.g. {BARE['alnum']}, for the mirror."
    assert BARE["alnum"] not in redact(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "يُسمّى كل فرع بالصيغة fw/FW-رقم-وصف ويُحذف بعد الدمج.",
        "Ветка называется rel/REL-номер-описание-кратко.",
        "ענף נקרא hotfix/HF-מספר-תיאור-קצר לפי הנוהל.",
    ],
)
def test_words_of_two_scripts_joined_are_no_typed_password(text: str) -> None:
    """A password is typed on one keyboard layout: Latin capitals joined to words of
    another script (a branch's pattern named in Arabic, Russian, Hebrew) are a name."""
    assert typed_names(text) == []
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("admin / Orchid-Lantern-Quarry-58 for the NAS", "Orchid-Lantern-Quarry-58"),
        ("пароль: ελιά-κύμα-2209", "ελιά-κύμα-2209"),
    ],
)
def test_words_of_one_script_joined_are_still_a_typed_password(text: str, value: str) -> None:
    assert value not in redact(text)[0]


# A private key as openssl prints it (`openssl pkey -text`, `openssl ec -text`): its private
# parts as indented lines of bytes written in hex, joined by colons. Made up for the test.
_EC_PRINTED = """Private-Key: (256 bit)
priv:
    5a:e1:e5:1e:c3:62:17:87:f0:43:e6:ba:1d:22:bb:
    71:a4:f6:b2:77:c6:9a:84:96:7f:6f:52:a5:2a:a7:
    3d:ed
pub:
    04:1e:ec:0a:0a:b9:c1:a4:17:68:ec:e2:33:15:85:
    58:70:60:36:64:c1:93:01:04:89:94:57:89:b8:8a:
    dc:bb:78:1b:56
ASN1 OID: prime256v1"""
_RSA_PRINTED = """Private-Key: (1024 bit, 2 primes)
modulus:
    00:f7:c5:66:d7:21:36:7a:9f:3d:ba:f7:c4:24:1f:
    9e:21:6b:0c:55:d3
publicExponent: 65537 (0x10001)
privateExponent:
    4d:90:1c:2e:8a:77:3b:e0:19:c4:6f:a2:58:d1:0e:
    b3:66:7a
prime1:
    00:fb:12:9a:0c:47:e8:3d:61:b5:2f:98:c0:7e:14:
    aa:03
coefficient:
    61:8e:f2:0d:93:4a:c7:15:be:28:70:d9:e4:5c:a1:
    07:3f"""


@pytest.mark.parametrize(
    ("printed", "private"),
    [
        (_EC_PRINTED, "5a:e1:e5:1e:c3:62:17:87"),
        (_EC_PRINTED, "71:a4:f6:b2:77:c6:9a:84"),
        (_EC_PRINTED, "3d:ed\npub"),
        (_RSA_PRINTED, "4d:90:1c:2e:8a:77:3b:e0"),
        (_RSA_PRINTED, "b3:66:7a"),
        (_RSA_PRINTED, "00:fb:12:9a:0c:47:e8:3d"),
        (_RSA_PRINTED, "61:8e:f2:0d:93:4a:c7:15"),
        ("priv: 9b:13:c2:4e:71:0a:ff:38:5d:e6:21:94:7c:08:b3:5f:a0:6e:12", "9b:13:c2:4e:71:0a"),
        ("The key's private part is priv: 9b:13:c2:4e:71:0a:ff:38:5d:e6:21", "9b:13:c2:4e:71:0a"),
    ],
)
def test_a_private_key_printed_as_colon_hex_bytes_is_redacted(printed: str, private: str) -> None:
    assert private not in redact(printed)[0]


@pytest.mark.parametrize(
    ("text", "public"),
    [
        (_EC_PRINTED, "04:1e:ec:0a:0a:b9:c1:a4:17:68:ec:e2:33:15:85:"),
        (_RSA_PRINTED, "00:f7:c5:66:d7:21:36:7a:9f:3d:ba:f7:c4:24:1f:"),
        (_RSA_PRINTED, "publicExponent: 65537 (0x10001)"),
        (
            "SHA256 Fingerprint=3B:8F:27:A1:0C:5E:92:D4:16:6B:E0:7F:C3:48:19:AA:52:0D",
            "3B:8F:27:A1:0C:5E:92:D4:16:6B:E0:7F:C3:48:19:AA:52:0D",
        ),
        ("Serial Number:\n    0a:1b:2c:3d:4e:5f:60:71:82:93", "0a:1b:2c:3d:4e:5f:60:71:82:93"),
        ("The gateway's MAC is 00:1a:2b:3c:4d:5e; priv: see the vault.", "00:1a:2b:3c:4d:5e"),
    ],
)
def test_the_public_parts_and_fingerprints_beside_a_printed_key_stay(
    text: str, public: str
) -> None:
    assert public in redact(text)[0]


# A token that a file's extension ends is the file's name (an export's, a checksum tool's
# line), not a key (set AT); a token beside a file's name, or a key file's, is still cut.
@pytest.mark.parametrize(
    "text",
    [
        "NO_NDS_7707_7707083893773601001_20261121_b485e3ea.xml: OK",
        "head -n 2 out/wps/AE/1000123456789_202611.SIF; tail -n 1 out/x.SIF",
        "attachment:      DPHKH1-CZ12345679-2026-10.xml (42 kB)",
    ],
)
def test_a_files_name_is_no_token(text: str) -> None:
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("echo Zx9Kq2Lm7Pv4Rt8Wn3Yb6Hc1Jd5Fg0Se > token.txt", "Zx9Kq2Lm7Pv4Rt8Wn3Yb6Hc1Jd5Fg0Se"),
        ("key file Qw8Er3Ty6Ui1Op4As7Df2Gh5Jk9Lz0Xc.pem", "Qw8Er3Ty6Ui1Op4As7Df2Gh5Jk9Lz0Xc"),
        ("token: Mn4Bv7Cx1Za8Sd5Fg2Hj9Kl3Qw6Er0Ty.", "Mn4Bv7Cx1Za8Sd5Fg2Hj9Kl3Qw6Er0Ty"),
    ],
)
def test_a_token_beside_a_file_or_naming_a_key_file_is_still_cut(text: str, token: str) -> None:
    assert token not in redact(text)[0]


# References whose shape or name says what they are (set AW): a carrier's number, a ULID, a
# payment provider's object id, a Ray ID, a commit a git command or log line names, an
# EDIFACT segment, a path's file, an id field, a key of data, a name typed in kana or han.
@pytest.mark.parametrize(
    "text",
    [
        "Kannst du mir sagen, wo die Sendung JJD000390007748837261 gerade ist?",
        "JJFI64212300012345678 palautuu meille.",
        "Request ids for the ticket: 01JDZ8KQ2X4M7RT9VB6N3HCF0P, 01JDZ8KT9P1N6QW2ZX8M4BDF7C.",
        "pi_3QbXk2LkdIwHu7ix0m4Rz9Tq was declined with card_declined.",
        "One screenshot shows Ray ID 8e4f1a2b3c5d6e7f-MAD.",
        "git -C ~/src/gw show --stat b30c848640c2eb8c5d0b8f0b086e3715d80ccc02 | head -8",
        "970caef6424eff5b359b0faeb05f966a2212ed27 fix(klarna): retry capture on 503",
        "UNH+1+DESADV:D:96A:UN:EAN005'\nBGM+351+DES-2026-88120+9'\nNAD+SU+4012345000009::9'",
        "cat ~/.ssh/edi_sftp_ed25519.pub && ssh-keygen -lf ~/.ssh/edi_sftp_ed25519.pub",
        "topic=orders/create webhook_id=01adc0f9-0470-4a18-bffd-bd25003f75b1 order_id=58",
        '"Idempotency-Key": "39aad105-c368-4b2e-8994-c1c83cfbf191"',
        "Klaviyoの「カート放棄_30日」セグメントの人数を確認してください。",
        "pagou via Pix mas o status não mudou. txid E18236120202611281412s0a1b2c3d4e.",
        "proof of delivery to the billing address (UPS 1Z999AA10123456784, signed)",
        "Blocked by managed WAF rule b1c2d3e4f5a6478b9c0d1e2f3a4b5c6d on /checkout/payment.",
        "curl https://api.cloudflare.com/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/x",
        "מזהה ההזמנה יחזור בפורמט כמו 8RU61172JS455403V.",
        "push and TOTP factors removed (user id 00u8x2kq1fTZ3nWq4697).",
    ],
)
def test_a_reference_its_shape_or_name_explains_is_kept(text: str) -> None:
    assert raw_spans(text) == [], [text[a:b] for a, b in raw_spans(text)]


@pytest.mark.parametrize(
    ("text", "token"),
    [
        # a Stripe client secret is no object id; a key with a provider's prefix shape is cut
        ("pi_3QbXk2LkdIwHu7ix0m4Rz9Tq_secret_Zq81Lmx0pRk3Tw9Yb4Nc", "Zq81Lmx0pRk3Tw9Yb4Nc"),
        # an interchange header carries a password: read as text
        (
            "UNB+UNOC:3+SENDER+RECEIVER+261128:0912+4711+Tq8vLm2xWq4Zr7Np3Kd9",
            "Tq8vLm2xWq4Zr7Np3Kd9",
        ),
        # a git command that sets a credential names no commit
        ("git config --global sendemail.smtppass Tq8vLm2xWq4Zr7Np3Kd9a", "Tq8vLm2xWq4Zr7Np3Kd9a"),
        # a path's segment that is a key is still cut
        ("cat ~/.config/Tq8vLm2xWq4Zr7Np3Kd9a1/token", "Tq8vLm2xWq4Zr7Np3Kd9a1"),
        # a secret id or a key id is read as its credential's
        ("secret_id=Tq8vLm2xWq4Zr7Np3Kd9a1b", "Tq8vLm2xWq4Zr7Np3Kd9a1b"),
    ],
)
def test_a_key_beside_a_references_shape_is_still_cut(text: str, token: str) -> None:
    assert token not in redact(text)[0]
