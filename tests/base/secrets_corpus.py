"""A corpus for the secret scanner: secrets in many formats, and texts that hold none.

Every secret is fake: drawn from a seeded generator in the shape of its format (a prefix,
an alphabet, a length), never a real key, and never written out in this file, so that no
scanner mistakes the file for a leak. ``SECRETS`` pairs each text with the secret it holds;
``ORDINARY`` holds near-misses (commit ids, UUIDs, hashes, base64 images, lockfile
integrity lines, provider ids, code, prose about passwords) that must come out unchanged.

Decided here, and documented in ``docs/extraction.md``: ``sha512-...`` integrity hashes of
lockfiles, go.sum ``h1:`` hashes and Nix ``sha256-`` hashes are digests of public packages,
not secrets; they are ordinary.
"""

from __future__ import annotations

import base64
import random

__all__ = ["ORDINARY", "SECRETS"]

_rng = random.Random(20261124)
LOWER = "abcdefghijklmnopqrstuvwxyz"
UPPER = LOWER.upper()
DIGITS = "0123456789"
HEX = DIGITS + "abcdef"
B62 = UPPER + LOWER + DIGITS
B64 = B62 + "+/"
URLSAFE = B62 + "-_"


def draw(alphabet: str, n: int) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def _pem(label: str, lines: int) -> str:
    body = "\n".join(draw(B64, 64) for _ in range(lines))
    return f"-----BEGIN {label}-----\n{body}\n-----END {label}-----"


_STRIPE = "sk_" + "live_" + draw(B62, 24)
_AWS_SECRET = draw(B64, 40)
_JWT = (
    b64('{"alg":"HS256","typ":"JWT"}').rstrip("=")
    + "."
    + b64('{"sub":"1234567890","name":"Dana","iat":1516239022}').rstrip("=")
    + "."
    + draw(URLSAFE, 43)
)
_PASSWORD = draw(B62, 6) + "!" + draw(DIGITS, 2)


def _secret(text: str, secret: str) -> tuple[str, str]:
    assert secret in text
    return text, secret


SECRETS: list[tuple[str, str]] = [
    _secret(f"the staging key is {_STRIPE}", _STRIPE),
    _secret(f"restricted: {(k := 'rk_' + 'test_' + draw(B62, 24))}", k),
    _secret(f"STRIPE_WEBHOOK_SECRET={(k := 'whsec_' + draw(B62, 32))}", k),
    _secret(
        f"OPENAI_API_KEY={(k := 'sk-' + 'proj-' + draw(URLSAFE, 20) + '1' + draw(URLSAFE, 27))}", k
    ),
    _secret(f"openai.api_key = '{(k := 'sk-' + draw(B62, 47) + '7')}'", k),
    _secret(f"x-api-key: {(k := 'sk-' + 'ant-api03-' + draw(URLSAFE, 93))}", k),
    _secret(f"aws_access_key_id = {(k := 'AKIA' + draw(UPPER + DIGITS, 16))}", k),
    _secret(f"aws_secret_access_key = {_AWS_SECRET}", _AWS_SECRET),
    _secret(f"then paste {(k := draw(B64, 40))} into the console", k),
    _secret(f"git remote set-url origin https://{(k := 'ghp_' + draw(B62, 36))}@github.com/a/b", k),
    _secret(f"oauth: {(k := 'gho_' + draw(B62, 36))}", k),
    _secret(f"GH_TOKEN={(k := 'github_pat_' + draw(B62, 22) + '_' + draw(B62, 59))}", k),
    _secret(
        "SLACK_BOT_TOKEN="
        + (k := "xoxb-" + draw(DIGITS, 12) + "-" + draw(DIGITS, 13) + "-" + draw(B62, 24)),
        k,
    ),
    _secret(
        "post to https://hooks.slack.com/services/"
        + (k := f"T{draw(UPPER + DIGITS, 8)}/B{draw(UPPER + DIGITS, 8)}/{draw(B62, 24)}"),
        k,
    ),
    _secret(f"maps key {(k := 'AIza' + draw(URLSAFE, 35))} in the app", k),
    _secret(f"Cookie: session={_JWT}", _JWT),
    _secret(f"the deploy key:\n{(k := _pem('RSA PRIVATE KEY', 6))}\n", k),
    _secret(
        '{"key": "-----BEGIN PRIVATE' + f" KEY-----\\n{(k := draw(B64, 64))}\\n{draw(B64, 64)}\\n",
        k,
    ),
    _secret(f"id_ed25519:\n{(k := _pem('OPENSSH PRIVATE KEY', 4))}", k),
    _secret(f"PGPASSWORD={(k := 'Pg' + draw(B62, 10))} is what staging uses.", k),
    _secret(f"DB_PASS={(k := draw(B62, 10) + '&3')}", k),
    _secret(f"SECRET_KEY_BASE={(k := draw(HEX, 128))}", k),
    _secret(f"RAILS_MASTER_KEY={(k := draw(HEX, 32))}", k),
    _secret(f"SENDGRID_API_KEY={(k := 'SG.' + draw(URLSAFE, 22) + '.' + draw(URLSAFE, 43))}", k),
    _secret(f"pg_dump --password {(k := draw(B62, 12))} billing", k),
    _secret(f"mysql -u root -p{(k := 'S3' + draw(B62, 8))} billing < dump.sql", k),
    _secret(f"-H 'Authorization: Basic {(k := b64('dana:' + _PASSWORD))}'", k),
    _secret(f"curl -u dana:{(k := _PASSWORD)} https://api.acme.dev/v1", k),
    _secret(f"Prod uses Authorization: Bearer {(k := 'op_' + draw(B62, 30))}", k),
    _secret(f"git clone https://oauth2:{(k := 'glpat-' + draw(URLSAFE, 20))}@gitlab.com/a/b", k),
    _secret(f"//registry.npmjs.org/:_authToken={(k := 'npm_' + draw(B62, 36))}", k),
    _secret(f"huggingface-cli login --token {(k := 'hf_' + draw(B62, 34))}", k),
    _secret("The vault passphrase is correct horse battery staple.", "horse battery staple"),
    _secret(f"the key, base64: {(k := b64(_STRIPE))}", k),
    _secret(f"DATABASE_URL=postgres://billing:{(k := draw(B62, 16))}@db.internal:5432/billing", k),
    _secret(f"redis://:{(k := draw(B62, 20))}@cache.internal:6379/0", k),
    _secret(f'{{"username": "dana", "password": "{(k := _PASSWORD)}"}}', k),
    _secret(f"database:\n  user: billing\n  password: {(k := draw(B62, 14))}\n", k),
    _secret(f"API_KEY={(k := draw(B62, 32))}", k),
    _secret(f"client_secret={(k := draw(URLSAFE, 40))}", k),
    _secret(
        "https://discord.com/api/webhooks/" + (k := draw(DIGITS, 18) + "/" + draw(URLSAFE, 68)),
        k,
    ),
    _secret(f"password = {(k := 'pypi-AgEIcHlwaS5vcmc' + draw(URLSAFE, 60))}", k),
    _secret(f"doctl auth init -t {(k := 'dop_v1_' + draw(HEX, 64))}", k),
    _secret(f"X-Shopify-Access-Token: {(k := 'shpat_' + draw(HEX, 32))}", k),
    _secret(f"square: {(k := 'sq0atp-' + draw(URLSAFE, 22))}", k),
    _secret(f"LINEAR={(k := 'lin_api_' + draw(B62, 40))}", k),
    _secret(f"postman {(k := 'PMAK-' + draw(HEX, 24) + '-' + draw(HEX, 34))}", k),
    _secret(f"DOPPLER={(k := 'dp.pt.' + draw(B62, 43))}", k),
    _secret(f"databricks host token {(k := 'dapi' + draw(HEX, 32))}", k),
    _secret(f"grafana {(k := 'glsa_' + draw(B62, 32) + '_' + draw(HEX, 8))}", k),
    _secret(f"mailgun {(k := 'key-' + draw(HEX, 32))}", k),
    _secret(f"# age key\n{(k := 'AGE-SECRET-KEY-1' + draw(UPPER + DIGITS, 58))}", k),
    _secret(
        "DefaultEndpointsProtocol=https;AccountName=billing;"
        f"AccountKey={(k := draw(B64, 86) + '==')};EndpointSuffix=core.windows.net",
        k,
    ),
    _secret(f"TWILIO_AUTH_TOKEN={(k := draw(HEX, 32))}", k),
    _secret(
        "HEROKU_API_KEY=" + (k := "-".join(draw(HEX, n) for n in (8, 4, 4, 4, 12))),
        k,
    ),
    _secret(f"bot {draw(DIGITS, 10)}:{(k := 'AA' + draw(URLSAFE, 33))} answers", k),
    _secret(f"use {(k := draw(B62, 32))} for prod", k),
    _secret(f"DD_API_KEY={(k := draw(HEX, 32))}", k),
    _secret(f"export GITHUB_TOKEN={(k := 'ghp_' + draw(B62, 36))}", k),
    _secret(f"auth:\n  token: {(k := draw(URLSAFE, 40))}\n", k),
    _secret(f'{{"auths": {{"ghcr.io": {{"auth": "{(k := b64("dana:" + draw(B62, 24)))}"}}}}}}', k),
    _secret(f"wget --password={(k := _PASSWORD)} ftp://files.acme.dev/a", k),
    _secret(f"{(k := _pem('PRIVATE KEY', 8))}", k),
    _secret(f"cli --token={(k := draw(B62, 28))}", k),
    _secret(f"Proxy-Authorization: Basic {(k := b64('proxy:' + draw(B62, 12)))}", k),
    _secret(f"Server=db;Database=billing;User Id=sa;Password={(k := draw(B62, 10) + '!')};", k),
    _secret(f"mongodb+srv://app:{(k := draw(B62, 16))}@cluster0.abcde.mongodb.net/billing", k),
    _secret(f"admin key {(k := 'sk-' + 'ant-admin01-' + draw(URLSAFE, 93))}", k),
    _secret(f"cloudflare token is {(k := draw(URLSAFE, 40))}", k),
    _secret("my password is purple monkey dishwasher lantern", "monkey dishwasher"),
    _secret(
        f"stripe.confirmCardPayment('{(k := 'pi_' + draw(B62, 24) + '_secret_' + draw(B62, 25))}')",
        k,
    ),
]

_SHA = [draw(HEX, 40) for _ in range(4)]
_UUIDS = [
    f"{draw(HEX, 8)}-{draw(HEX, 4)}-4{draw(HEX, 3)}-a{draw(HEX, 3)}-{draw(HEX, 12)}"
    for _ in range(3)
]
_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk" + draw(B64, 400) + "=="

ORDINARY: list[str] = [
    f"commit {_SHA[0]}\nAuthor: Dana <dana@acme.dev>\n\n    Fix invoice rounding (#123)",
    f"{_SHA[1][:7]} Merge branch 'scan'\n{_SHA[2][:7]} redact: keep it linear",
    f"git cherry-pick {_SHA[3]}",
    f"request id {_UUIDS[0]} failed with 502",
    f"INSERT INTO runs (id) VALUES ('{_UUIDS[1].upper()}');",
    f"trace={_UUIDS[2]} span=1 parent=0",
    f"{draw(HEX, 64)}  daemon-0.4.2.tar.gz\n{draw(HEX, 64)}  daemon-0.4.2-py3-none-any.whl",
    f"sha512sum: {draw(HEX, 128)}",
    f'<img alt="dot" src="data:image/png;base64,{_PNG}">',
    f"![logo](data:image/svg+xml;base64,{b64('<svg xmlns=1 width=10 height=10></svg>' * 4)})",
    f'"integrity": "sha512-{draw(B64, 86)}=="',
    f"  integrity sha1-{draw(B64, 27)}=",
    f"github.com/acme/billing v1.4.2 h1:{draw(B64, 43)}=",
    f'hash = "sha256-{draw(B64, 43)}=";',
    f"image: ghcr.io/acme/billing@sha256:{draw(HEX, 64)}",
    f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{draw(B64, 43)} dana@laptop",
    f"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ{draw(B64, 300)} deploy@ci",
    f"the server's certificate:\n{_pem('CERTIFICATE', 6)}",
    f"{_pem('PUBLIC KEY', 4)}",
    f"-----BEGIN PGP SIGNATURE-----\n\niQIzBAEBCAAdFiEE{draw(B64, 48)}\n{draw(B64, 64)}\n=ab12\n"
    "-----END PGP SIGNATURE-----",
    f'{{"id": "call_{draw(B62, 24)}", "type": "function"}}',
    f"tool_use_id: toolu_01{draw(B62, 22)}",
    f"response chatcmpl-{draw(B62, 29)} finished",
    f"customer cus_{draw(B62, 14)} paid invoice in_{draw(B62, 24)}",
    f"https://docs.google.com/document/d/1{draw(URLSAFE, 43)}/edit",
    f"https://github.com/acme/billing/commit/{_SHA[0]}",
    f"https://www.youtube.com/watch?v={draw(URLSAFE, 11)}",
    "def test_utf8_roundtrip_with_surrogates_v2(tmp_path: Path) -> None:",
    "const getUserById2FactorAuthToken = async (userId: string) => fetchUser(userId);",
    "class InvoiceServiceImpl2 implements InvoiceRepositoryV3 {}",
    "SELECT u.id, u.email FROM users u JOIN orders o ON o.user_id = u.id WHERE o.total > 100;",
    "mkdir -p build && tar -xzvf dist.tar.gz -C build",
    "docker run -p 8080:80 -u 1000:1000 ghcr.io/acme/billing:latest",
    "gcc -pthread -pedantic -O2 -o billing main.c && ssh -p 2222 deploy@host",
    "git push -u origin main && mysql -u root -p billing",
    "find . -name '*.pyc' -print -prune -o -type f",
    "the password is stored in the vault; the password is required",
    "Password was changed last week by the admin.",
    "The password must be rotated every 90 days.",
    "PASSWORD_MIN_LENGTH=12 and MAX_TOKENS=4096 and TOKEN_LIMIT=8000",
    "CACHE_KEY=session PRIMARY_KEY=id KEY_PREFIX=user COMPASS=north",
    "password = os.environ['DB_PASSWORD']",
    "secret_key_base: <%= ENV['SECRET_KEY_BASE'] %>",
    "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n"
    "        name: db-secret\n        key: password",
    "curl -H 'Authorization: Bearer $TOKEN' https://api.acme.dev",
    "Authorization: Bearer <token>",
    "We use bearer authentication for the public API.",
    '{"prompt_tokens": 1234, "completion_tokens": 56, "total_tokens": 1290}',
    "webpack: main.3f2a9c1b.js 120 KiB, vendors.8e1d2c4a.js 340 KiB",
    "arn:aws:iam::123456789012:role/BillingDeployRole",
    "billing-api-7d9f8c6b5-x2k4p   1/1   Running   0   3d",
    "how-to-configure-the-billing-service-in-2024-with-terraform",
    "see /home/dana/src/billing/daemon/extraction/llm/transcript.py:42",
    "C:\\Users\\dana\\AppData\\Local\\Programs\\Python\\Python311\\python.exe",
    "import { useQuery } from '@tanstack/react-query'; export default App;",
    "for i in range(10):\n    total += invoice.lines[i].amount_cents",
    "ROUND_HALF_EVEN is used for invoices; ROUND_HALF_UP nowhere else.",
    "the token estimate is 4000 and max_tokens=4000",
    "color: #3f2a9c; background: linear-gradient(#ffffff, #f0f0f0);",
    "pip install scikit-learn==1.5.2 numpy>=2.0 'pydantic[email]'",
    "Version 2.14.0-rc.1+build.20261124 released",
    "The migration 0005_late_turns adds sessions.late_turns.",
    "export PATH=$HOME/.local/bin:$PATH",
    "AWS_REGION=eu-west-1 AWS_PROFILE=billing-staging",
    "logger.info('payment.captured', amount=1299, currency='EUR')",
    "I prefer tabs over spaces; remember that the API is v2.",
    "The vault passphrase is kept in the team's 1Password vault.",
    'headers = {"Authorization": authorization if authorization else None}',
    "self._expected_authorization = expected_authorization",
    "self.key_password = key_password",
    "class Session(TypedDict):\n    client_secret: SessionClientSecret",
    'c_function_name="CPyStringWriter_RangeCheck",',
    "'cnHighLabelFontThicknessF', 'gsnLeftStringFontColor', 'MFR_CheckForNewBricklets'",
    'log.warning("password was rejected for user %s", name)',
]
