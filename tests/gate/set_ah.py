# ruff: noqa: E501, RUF001 (the cases as written, in their own scripts)
"""Set AH: a hold-out set of secrets in code, tool calls and tool output, and their
look-alikes, written on 2026-11-29 before its measurement by someone who had not read the
redaction rules, in a setting no earlier set uses (a fintech's mobile and backend team: a
card-issuing and payments app with Android, iOS and Flutter clients, Go, Kotlin, Python, Elixir
and Scala services, card issuing, open banking, Pix, M-Pesa, UPI and payment-provider
integrations), to judge on what they were not shaped by that no secret reaches what is stored
in any form, and that code, commands and output holding none keep every character.

The secrets: hard-coded credentials in source code of twenty-odd languages (Python, TypeScript,
Go, Java, Kotlin, Swift, C#, Ruby, PHP, Rust, C, Scala, Elixir, Dart, Lua, R, Bash, PowerShell,
SQL, Terraform, Ansible, Helm values) under names that say little (``SIGNING_MATERIAL``,
``hmacSeed``, ``kSalt``, ``BASIC_AUTH``, ``dbConfig.auth``), passed to constructors and connect
calls, as default arguments, environment fallbacks, annotation defaults and struct-tag
defaults, in fixtures and commented-out lines, split over string pieces, as byte, char and
number arrays, base64 inside code; mobile build and package configuration (``strings.xml``,
``gradle.properties``, ``local.properties``, signingConfigs, ``buildConfigField``,
``Info.plist``, xcconfig, an Xcode scheme, fastlane, ``.npmrc``, ``.yarnrc.yml``, Maven
``settings.xml``, ``NuGet.config``, ``.pypirc``, ``pip.conf``, Bundler, Composer, Cargo, a
Podfile, a Docker ``config.json``, Gradle signing); tool-call arguments as JSON (a shell
command, a query, an env map, headers, an edit, an argv array) and JSON escaped inside JSON;
tool output (git log -p, docker compose config, kubectl describe, heroku config, vercel env
pull, firebase functions:config:get, gh variable list, CI logs that did not mask a value, stack
traces with a DSN, OkHttp and curl -v transcripts, a HAR file, a Postman export, a browser's
Copy as cURL, adb logcat, stripe listen, redis-cli, pg_user_mappings, terraform plan, vault, mc
share); session material (Django, Express, Rails, Java and next-auth session cookies beside
CSRF tokens, OAuth codes and refresh tokens in redirect URLs, a PKCE verifier, a SAML response,
a device code, magic-link, e-mail sign-in, password-reset and invitation links, pre-signed GCS,
R2, MinIO and Azure Blob URLs, a Service Bus SAS); keys in less common encodings (a PEM body
without its armour, JWKs with ``d`` and ``k``, PKCS#12 and JKS in base64, an OpenSSH key with
its line breaks lost, hex AES keys, an authenticator export, WireGuard, minisign, a seed phrase
and a keypair as arrays in code); payment-provider and banking secrets (Adyen, Braintree,
Checkout.com, Mollie, Razorpay, Paystack, Flutterwave, Plaid, Marqeta, Sumsub, Onfido,
TrueLayer, Wise, M-Pesa Daraja, a Pix client), a card number and track data in test logs, HSM
PINs, keystore passwords, an App Store Connect key, a Firebase service account, an FCM server
key and an APNs provider token; and a model's or a user's messages quoting what a tool showed.
The prose around them is in English, German, French, Spanish, Portuguese, Italian, Dutch,
Polish, Turkish, Russian, Ukrainian, Hindi, Swahili, Nigerian Pidgin, Indonesian, Vietnamese,
Japanese, Chinese, Korean and Arabic.

The look-alikes: code that reads credentials from the environment or a vault, placeholders,
masked values, public keys, certificates and pins, publishable keys, test cards and test values
published by providers, hashes, digests and commit ids, identifiers named token (card tokens,
payment-method tokens, device tokens), CSRF field names, a JWT header, names that contain
secret or token, and tool output that lists secrets without their values. Every value is made
up."""

from __future__ import annotations

# (text, the secret value that must not appear in anything stored)
AH_SECRETS: list[tuple[str, str]] = [
    # --- Python ---
    (
        '# onboarding/kyc/signing.py\nSIGNING_MATERIAL = b"Tz4!qW9#rLm2@Vx7$Kp0e"  # TODO: nach Vault, sobald das KYC-Team den Pfad angelegt hat',
        "Tz4!qW9#rLm2@Vx7$Kp0e",
    ),
    (
        'def plaid_client(env: str = "production", client_id: str = "1f730e263f66aac27a65a390", secret: str = "59862dd2a64aae121ca4ec6801f72b") -> plaid.ApiClient:\n    cfg = plaid.Configuration(host=HOSTS[env], api_key={"clientId": client_id, "secret": secret})\n    return plaid.ApiClient(cfg)',
        "59862dd2a64aae121ca4ec6801f72b",
    ),
    (
        'RAZORPAY_KEY_SECRET = os.getenv("RAZORPAY_KEY_SECRET", "b8X27Lbepf3TXXtEwP1UyVfW")  # fallback pra rodar local sem o .env',
        "b8X27Lbepf3TXXtEwP1UyVfW",
    ),
    (
        '# tests/conftest.py\nos.environ.setdefault("SUMSUB_SECRET_KEY", "REOOhZHmxKhyV21sNPBXNKDF5VXq16e7")\nos.environ.setdefault("SUMSUB_APP_TOKEN", "prd:iYt4uXHQZXPpNYjUuLk0HW9S.R0WD73rOvLbVyAffgCBxWq3vfPA3OqVG")',
        "REOOhZHmxKhyV21sNPBXNKDF5VXq16e7",
    ),
    (
        '# cache = Redis(host="redis-kyc.mintlark.internal", port=6380, password="Quince-Lattice-4471", ssl=True)  # vecchia istanza, non cancellare la riga',
        "Quince-Lattice-4471",
    ),
    (
        'with psycopg.connect(host="pg-ledger-ro", dbname="ledger", user="recon_ro", password="Mq7%vLt2!Rzw", sslmode="verify-full") as conn:\n    rows = conn.execute("SELECT id, amount FROM settlements WHERE day = %s", (day,)).fetchall()',
        "Mq7%vLt2!Rzw",
    ),
    (
        '_a = "Wv9q"\n_b = "T3mK8xRzQ4nL"\nBROKER_URL = f"amqps://recon:{_a}-{_b}@mq.mintlark.internal:5671/recon"',
        "T3mK8xRzQ4nL",
    ),
    (
        '# hasło do SFTP banku, tymczasowo zaszyte, bo Vault nie działa na runnerze\n_FALLBACK = base64.b64decode("QmFuay1TZnRwLU9yemVsLTIwMjY=").decode()',
        "QmFuay1TZnRwLU9yemVsLTIwMjY=",
    ),
    (
        'FIELD_KEY = bytes.fromhex("72d60d6f80b712a8f24995dffd10a4d9e4760a1604bc84983e6b960fdf504e17")  # AES-256-GCM für PAN und CVV im Tokenizer',
        "72d60d6f80b712a8f24995dffd10a4d9e4760a1604bc84983e6b960fdf504e17",
    ),
    (
        '@pytest.fixture\ndef adyen():\n    ady = Adyen.Adyen()\n    ady.client.xapikey = "AQEG3vhA3n7yB0L3wD7lQhvFbHy3nATDFHcqy/Kjo+NBhiLqUVuCeej/FzZa+1yZZ=-14FqA1u0cnsS6qOpX5cMu/nMol9grdmbWUGJzFPb9MY=-i1ioqgHXN7RGKNLI5MP2"\n    ady.client.platform = "live"  # sandbox was flaky, using live for the refund tests\n    return ady',
        "AQEG3vhA3n7yB0L3wD7lQhvFbHy3nATDFHcqy/Kjo+NBhiLqUVuCeej/FzZa+1yZZ=-14FqA1u0cnsS6qOpX5cMu/nMol9grdmbWUGJzFPb9MY=-i1ioqgHXN7RGKNLI5MP2",
    ),
    (
        'def verify_notification(item: dict) -> bool:\n    key = binascii.a2b_hex("2B3F5A18FA3FBE83B505DEBA37398801B95ABB4A1F23AAA829011DF7E0B36E7A")\n    return hmac.compare_digest(sign(item, key), item["additionalData"]["hmacSignature"])',
        "2B3F5A18FA3FBE83B505DEBA37398801B95ABB4A1F23AAA829011DF7E0B36E7A",
    ),
    (
        'app.conf.update(result_backend="db+postgresql://celery:Sorrel%40Pine-52@pg-tasks/celery", task_acks_late=True)',
        "Sorrel%40Pine-52",
    ),
    # --- JavaScript and TypeScript ---
    (
        "const conn = mysql.createConnection({\n  host: 'recon-db.mintlark.internal',\n  user: 'recon_app',\n  password: 'Saffron!Kite93', // à remplacer par le secret manager avant la démo\n  database: 'recon',\n});",
        "Saffron!Kite93",
    ),
    (
        "const BASIC_AUTH = 'Basic ' + Buffer.from('backoffice:' + 'Larch-Ember-2209').toString('base64');",
        "Larch-Ember-2209",
    ),
    (
        "const stripe = new Stripe(process.env.STRIPE_SECRET_KEY ?? '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', { apiVersion: '2025-10-29.clover' });",
        "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",
    ),
    (
        "export const dbConfig = {\n  host: 'pg-backoffice',\n  port: 5432,\n  auth: { user: 'bo_app', password: process.env.NODE_ENV === 'test' ? 'test' : 'Velvet#Orca-5512' },\n};",
        "Velvet#Orca-5512",
    ),
    (
        "const token = jwt.sign({ sub: user.id, scope: 'bo:admin' }, 'UH6wYOW5Wmpwa6yU8fOioSSb8uKETTbJ4KSRdpex15Li7RB_YiuXBFgPGb_r0VyA', { algorithm: 'HS512', expiresIn: '8h' });",
        "UH6wYOW5Wmpwa6yU8fOioSSb8uKETTbJ4KSRdpex15Li7RB_YiuXBFgPGb_r0VyA",
    ),
    (
        "// UPI refunds ke liye, abhi ke liye yahin rakh diya hai\nconst rzp = new Razorpay({ key_id: 'rzp_live_Yuxg06thman0ep', key_secret: '5ufS9NRJ7jX22ueQ2BvtYM6t' });",
        "5ufS9NRJ7jX22ueQ2BvtYM6t",
    ),
    (
        "const hmacSeed = new Uint8Array([0x92, 0x49, 0x54, 0x9b, 0xa1, 0xe6, 0x17, 0xc0, 0x8c, 0x8c, 0x49, 0xef, 0xa2, 0xe2, 0x2f, 0xd9]);\nexport const signRequest = (body: string) => hmac(sha256, hmacSeed, utf8ToBytes(body));",
        "0x92, 0x49, 0x54, 0x9b, 0xa1, 0xe6, 0x17, 0xc0, 0x8c, 0x8c, 0x49, 0xef, 0xa2, 0xe2, 0x2f, 0xd9",
    ),
    (
        "// next.config.js\nmodule.exports = {\n  env: {\n    FLW_PUBLIC_KEY: 'FLWPUBK-34523bf675b1010da1baa34b2ca3bfd5-X',\n    FLW_SECRET_KEY: 'FLWSECK-1637256fbbe29d9631df5551864bb879-X',\n  },\n};",
        "FLWSECK-1637256fbbe29d9631df5551864bb879-X",
    ),
    (
        "it('accepts a signed payout.paid event', () => {\n  // copied from the dashboard, prod endpoint, the test one kept expiring\n  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_2em4YsFesSidnLBV0pv1Rgi1dLQzqhDz' });\n  expect(handler(payload, header).status).toBe(200);\n});",
        "whsec_2em4YsFesSidnLBV0pv1Rgi1dLQzqhDz",
    ),
    (
        "app.use(session({ name: 'ml.sid', secret: '6mv0StEXFKxkrclZnTheHMFeixznOGjyogSaZBXa', resave: false, cookie: { secure: true, sameSite: 'lax' } }));",
        "6mv0StEXFKxkrclZnTheHMFeixznOGjyogSaZBXa",
    ),
    (
        "// __tests__/wallet.test.ts (ウォレット復元のテスト)\nconst SEED_WORDS = ['tackle', 'hybrid', 'gospel', 'clinic', 'muffin', 'rescue', 'vapor', 'adjust', 'lunar', 'cherry', 'sketch', 'wagon'];",
        "'tackle', 'hybrid', 'gospel', 'clinic', 'muffin', 'rescue', 'vapor', 'adjust', 'lunar', 'cherry', 'sketch', 'wagon'",
    ),
    # --- Go ---
    (
        'db, err := sql.Open("mysql", "recon:Wq8$zR3-nL6t@tcp(recon-db.mintlark.internal:3306)/recon?parseTime=true&tls=custom")',
        "Wq8$zR3-nL6t",
    ),
    (
        'ledger, err := sql.Open("postgres", "host=pg-ledger port=5432 user=ledger_rw password=Ochre-Dune-7734 dbname=ledger sslmode=require")',
        "Ochre-Dune-7734",
    ),
    (
        'type Config struct {\n\tPaystackPublic string `envconfig:"PAYSTACK_PUBLIC" default:"pk_live_45cf6af1bad1e7d70829c7c764193c00983775d9"`\n\tPaystackSecret string `envconfig:"PAYSTACK_SECRET" default:"sk_live_027d7076cfd6f31f1c45a757ccd38509845a4bb5"`\n}',
        "sk_live_027d7076cfd6f31f1c45a757ccd38509845a4bb5",
    ),
    (
        'var kSalt = []byte("FTK9Dl3r0LNTFZGOZLqVnAPS") // used by tokenize.Hash for the PAN fingerprint',
        "FTK9Dl3r0LNTFZGOZLqVnAPS",
    ),
    (
        '// Schlüssel für die Quittungssignatur, kommt eigentlich aus dem HSM\npriv := ed25519.NewKeyFromSeed(mustHex("81b00728eb13fea0690a8a6daaa4cdaad43c2ff4d687cbc7c54180d1019c50a7"))',
        "81b00728eb13fea0690a8a6daaa4cdaad43c2ff4d687cbc7c54180d1019c50a7",
    ),
    (
        'client := daraja.New(daraja.Config{\n\tConsumerKey:    "mckF7Ne2RGQOEoZhJSejH3r5mLZGlvZ0n1t2NoQguXfXOmUm",\n\tConsumerSecret: "n49tzyRfAzdxYKQDY0HgmIddiHPtaOVUQVqlkI9KYp0zAxXFSPEAtc9U8k0F8mWQ", // tusiweke hii kwenye repo, ni ya muda tu\n\tShortCode:      "4031277",\n})',
        "n49tzyRfAzdxYKQDY0HgmIddiHPtaOVUQVqlkI9KYp0zAxXFSPEAtc9U8k0F8mWQ",
    ),
    # --- Java ---
    (
        '@Value("${adyen.hmac-key:4DE4BA6DF20964AF5801DC11DE04FE613878F7BF8430A0FBEAB5A4B34FC83839}")\nprivate String hmacKey;',
        "4DE4BA6DF20964AF5801DC11DE04FE613878F7BF8430A0FBEAB5A4B34FC83839",
    ),
    (
        'Session session = Session.getInstance(props, new Authenticator() {\n    protected PasswordAuthentication getPasswordAuthentication() {\n        return new PasswordAuthentication("alerts@mintlark.example", "Brisk-Heron-0418");\n    }\n});',
        "Brisk-Heron-0418",
    ),
    (
        "private static final char[] STORE_PASS = {'R', 'i', 'v', 'e', 't', '-', '9', '3', 'k', 'Q', 'z'};",
        "'R', 'i', 'v', 'e', 't', '-', '9', '3', 'k', 'Q', 'z'",
    ),
    (
        'KeyStore ks = KeyStore.getInstance("PKCS12");\ntry (InputStream in = new FileInputStream("mdes-signing.p12")) {\n    ks.load(in, "Quokka#Vault44".toCharArray()); // hasło od Mastercard MDES onboarding\n}',
        "Quokka#Vault44",
    ),
    (
        '@SpringBootTest\n@TestPropertySource(properties = {"marqeta.base-url=https://mintlark-api.marqeta.com/v3", "marqeta.admin-token=5e9ed213-d0ae-401a-a7f8-c35c9a55e2d2"})\nclass CardProgramIT {',
        "5e9ed213-d0ae-401a-a7f8-c35c9a55e2d2",
    ),
    # --- Kotlin ---
    (
        '// app/build.gradle.kts\nsigningConfigs {\n    create("release") {\n        storeFile = file("../keys/mintlark-upload.jks")\n        storePassword = "Marlin!Crest-2026"\n        keyAlias = "upload"\n        keyPassword = "Marlin!Crest-2026"\n    }\n}',
        "Marlin!Crest-2026",
    ),
    (
        'internal object RequestSigner {\n    private const val hmacSeed = "bYByoV1DZJ1giu4F5mGcnqXGvwGvxKy6"\n    fun sign(body: ByteArray): String = Hmac.sha256(hmacSeed.toByteArray(), body).toHex()\n}',
        "bYByoV1DZJ1giu4F5mGcnqXGvwGvxKy6",
    ),
    (
        'val client = OkHttpClient.Builder()\n    .addInterceptor { chain ->\n        chain.proceed(chain.request().newBuilder().header("Authorization", Credentials.basic("mintlark-android", "Tundra.Pike.3309")).build())\n    }\n    .build()',
        "Tundra.Pike.3309",
    ),
    (
        '// Legacy push fallback (пока не переехали на HTTP v1)\nprivate const val FCM_SERVER_KEY = "AAAAQyWUBS1:APA91bBl2tXr3adxz4ZTpH1wA5c0YCY6tJYwd7NYjyKs8hXMJn5DCU1_xSo13W9vJn8xR9THkQaxEwDqYDrv50VXor1dr_Ytk9m41nmLChP5Z5CPFumWKISNwgsmJ1xpKX2RYvFA7pp0"',
        "AAAAQyWUBS1:APA91bBl2tXr3adxz4ZTpH1wA5c0YCY6tJYwd7NYjyKs8hXMJn5DCU1_xSo13W9vJn8xR9THkQaxEwDqYDrv50VXor1dr_Ytk9m41nmLChP5Z5CPFumWKISNwgsmJ1xpKX2RYvFA7pp0",
    ),
    (
        '@Test\nfun `refund goes through`() = runTest {\n    val http = HttpClient { defaultRequest { bearerAuth("ml_at_P9Y6LAhI02kygAE0z7iD5saBBVvcbiWB3YxEVTu4") } }\n    assertEquals(HttpStatusCode.OK, http.post("https://api.mintlark.example/v2/refunds").status)\n}',
        "ml_at_P9Y6LAhI02kygAE0z7iD5saBBVvcbiWB3YxEVTu4",
    ),
    # --- Swift ---
    (
        "private let kSalt: [UInt8] = [0xee, 0x72, 0x59, 0xd8, 0xb1, 0xf2, 0xea, 0x73, 0xa6, 0xd9, 0x29, 0x7f, 0x0d, 0xc0, 0xaf, 0x05, 0x55, 0x3f, 0x86, 0x93]",
        "0xee, 0x72, 0x59, 0xd8, 0xb1, 0xf2, 0xea, 0x73, 0xa6, 0xd9, 0x29, 0x7f, 0x0d, 0xc0, 0xaf, 0x05, 0x55, 0x3f, 0x86, 0x93",
    ),
    (
        'var request = URLRequest(url: URL(string: "https://api.mintlark.example/v2/cards")!)\nrequest.setValue("Bearer ml_at_4iUYA1pcrqp4Sqs0FMN5C6abyv0SEkoxcy5xjlpd", forHTTPHeaderField: "Authorization") // 임시 토큰, 머지 전에 지울 것',
        "ml_at_4iUYA1pcrqp4Sqs0FMN5C6abyv0SEkoxcy5xjlpd",
    ),
    (
        'enum Secrets {\n    static let braintreeMerchantID = "wfc3l1xtz5vw4dsw"\n    static let braintreePrivateKey = "56c96863fe7224aea594be373f6801ad"\n}',
        "56c96863fe7224aea594be373f6801ad",
    ),
    (
        'func testUnlockWithPIN() throws {\n    let pinData = "739184".data(using: .utf8)! // PIN real da conta QA em produção\n    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: pinData]\n    XCTAssertEqual(SecItemAdd(query as CFDictionary, nil), errSecSuccess)\n}',
        "739184",
    ),
    # --- C# ---
    (
        'using var smtp = new SmtpClient();\nawait smtp.ConnectAsync("smtp.mintlark.example", 587, SecureSocketOptions.StartTls);\nawait smtp.AuthenticateAsync("notify@mintlark.example", "Garnet-Loom-63x");',
        "Garnet-Loom-63x",
    ),
    (
        '{\n  "ConnectionStrings": {\n    "Reconciliation": "Server=tcp:sql-recon.mintlark.internal,1433;Initial Catalog=recon;User ID=recon_svc;Password=Umber^Falcon77;TrustServerCertificate=False"\n  },\n  "Logging": { "LogLevel": { "Default": "Information" } }\n}',
        "Umber^Falcon77",
    ),
    (
        'private static readonly byte[] PanKey = Convert.FromBase64String("RHovOPcr7nEcZj/TO0nS5MTFfXzqgauMe/qURaxv0wo="); // clave AES del vault de tarjetas',
        "RHovOPcr7nEcZj/TO0nS5MTFfXzqgauMe/qURaxv0wo=",
    ),
    # --- Ruby ---
    (
        'Braintree::Configuration.environment = :production\nBraintree::Configuration.merchant_id = "h8nemdq9qk1qi1dk"\nBraintree::Configuration.public_key = "3wrp3em2dfhj318z"\nBraintree::Configuration.private_key = "b484f75b2371528c24dad57010a4d3d4"',
        "b484f75b2371528c24dad57010a4d3d4",
    ),
    (
        'Sidekiq.configure_server do |config|\n  config.redis = { url: "rediss://default:B3FqMSfs5yhrpAxeAxySXtAhv5OmYuiW@redis-jobs.mintlark.internal:6380/2" }\nend',
        "B3FqMSfs5yhrpAxeAxySXtAhv5OmYuiW",
    ),
    # --- PHP ---
    (
        '$mollie = new \\Mollie\\Api\\MollieApiClient();\n$mollie->setApiKey("live_W01N2eaXVZ2BQx7J6VfWahIf7MvGjz"); // NL-klanten, iDEAL',
        "live_W01N2eaXVZ2BQx7J6VfWahIf7MvGjz",
    ),
    (
        "'paystack' => [\n    'public' => env('PAYSTACK_PUBLIC_KEY'),\n    'secret' => env('PAYSTACK_SECRET_KEY', 'sk_live_7c8fc90f09bad3665967d41a68d71034a6a8d912'),\n],",
        "sk_live_7c8fc90f09bad3665967d41a68d71034a6a8d912",
    ),
    (
        '$link = mysqli_connect("db-legacy.mintlark.internal", "legacy_ro", "Pistachio_19!", "merchants");',
        "Pistachio_19!",
    ),
    # --- Rust ---
    (
        "const HMAC_SEED: [u8; 16] = [209, 198, 242, 47, 224, 82, 39, 67, 252, 86, 76, 27, 14, 158, 142, 189];",
        "209, 198, 242, 47, 224, 82, 39, 67, 252, 86, 76, 27, 14, 158, 142, 189",
    ),
    (
        'let settings = Config::builder()\n    .set_default("plaid.client_id", "ca7b4f1dee518fe04180fe68")?\n    .set_default("plaid.secret", "d6dccf67592c059af105dda55ddcb7")?\n    .add_source(config::Environment::with_prefix("ML"))\n    .build()?;',
        "d6dccf67592c059af105dda55ddcb7",
    ),
    (
        'impl Default for TokenizerConfig {\n    fn default() -> Self {\n        Self { listen: "0.0.0.0:8443".into(), pepper: "yDZrYMCBWzibPJ8gGvOSspsxk6Nl".into(), ttl_secs: 900 }\n    }\n}',
        "yDZrYMCBWzibPJ8gGvOSspsxk6Nl",
    ),
    # --- C and C++ ---
    (
        'static const char kSalt[] = "NFMThxS6HLCHNimmX4zb"; /* HSM bridge: sal para o hash do PIN block */',
        "NFMThxS6HLCHNimmX4zb",
    ),
    (
        'rv = p11->C_Login(hSession, CKU_USER, (CK_UTF8CHAR_PTR)"73915068", 8);\nif (rv != CKR_OK) { log_error("C_Login failed: 0x%lx", rv); goto out; }',
        "73915068",
    ),
    (
        "static const unsigned char zmk_component[16] = {0x43, 0x6d, 0x6e, 0x4b, 0xee, 0xb7, 0x2e, 0xd4, 0xbb, 0xcb, 0x8b, 0x17, 0x17, 0xb8, 0x03, 0x68};",
        "0x43, 0x6d, 0x6e, 0x4b, 0xee, 0xb7, 0x2e, 0xd4, 0xbb, 0xcb, 0x8b, 0x17, 0x17, 0xb8, 0x03, 0x68",
    ),
    # --- Scala ---
    (
        'val db = Database.forURL(\n  "jdbc:postgresql://pg-risk.mintlark.internal:5432/risk",\n  user = "risk_app",\n  password = "Juniper.Otter.81",\n  driver = "org.postgresql.Driver"\n)',
        "Juniper.Otter.81",
    ),
    (
        'val featureStoreToken: String = sys.env.getOrElse("FEATURE_STORE_TOKEN", "fs_68ldqbBlXlgq3ijmcatuAOmLkAIl25gWaWjw")',
        "fs_68ldqbBlXlgq3ijmcatuAOmLkAIl25gWaWjw",
    ),
    # --- Elixir ---
    (
        'config :mintlark_notify, MintlarkNotify.Repo,\n  username: "notify",\n  password: "Cormorant-Slate-06",\n  hostname: "pg-notify.mintlark.internal",\n  pool_size: 10',
        "Cormorant-Slate-06",
    ),
    (
        'config :mintlark_notify, MintlarkNotifyWeb.Endpoint,\n  url: [host: "notify.mintlark.example", port: 443],\n  secret_key_base: "Gt/gIXEjpyO+3Yp75oahlakZf0nKz6SNBVbubXc1nyKjSdoS//grXIkz3mhB0DvU"',
        "Gt/gIXEjpyO+3Yp75oahlakZf0nKz6SNBVbubXc1nyKjSdoS//grXIkz3mhB0DvU",
    ),
    # --- Dart and Flutter ---
    (
        "// lib/payments/paystack.dart\nconst String _paystackSecret = 'sk_live_8f4c5383390cfe35868311810cf14490074932aa'; // Oga, abeg make we move am go backend before release",
        "sk_live_8f4c5383390cfe35868311810cf14490074932aa",
    ),
    (
        "final dio = Dio(BaseOptions(\n  baseUrl: 'https://api.eu.onfido.com/v3.6',\n  headers: {'Authorization': 'Token token=api_live.sQPR6APjzRQ.xfu4An1qLA00228RrHoqv8pv3YC8SbD3'},\n));",
        "api_live.sQPR6APjzRQ.xfu4An1qLA00228RrHoqv8pv3YC8SbD3",
    ),
    # --- Lua ---
    (
        'local red = redis:new()\nred:set_timeouts(1000, 1000, 1000)\nlocal ok, err = red:connect("127.0.0.1", 6379)\nlocal res, err = red:auth("t78tJvWQk2EbEZHfPVJgAUk8")',
        "t78tJvWQk2EbEZHfPVJgAUk8",
    ),
    (
        'access_by_lua_block {\n  local HMAC_SECRET = "qSfpcWyIAQfXBCRTOLP9k3RtJwhivBbZ"\n  local sig = ngx.encode_base64(ngx.hmac_sha1(HMAC_SECRET, ngx.var.request_uri))\n}',
        "qSfpcWyIAQfXBCRTOLP9k3RtJwhivBbZ",
    ),
    # --- R ---
    (
        'con <- dbConnect(RPostgres::Postgres(), host = "pg-analytics", dbname = "dwh", user = "analyst_ro", password = "Tamarind+Gale-44")',
        "Tamarind+Gale-44",
    ),
    (
        'resp <- httr::GET("https://api.mintlark.example/v2/reports/chargebacks", httr::add_headers(Authorization = paste("Bearer", "ml_at_1efgKDwJqCk7ieuHYAA91Lc81DE6iwO2Dg3Ni1aB")))',
        "ml_at_1efgKDwJqCk7ieuHYAA91Lc81DE6iwO2Dg3Ni1aB",
    ),
    # --- Bash ---
    (
        ': "${ADYEN_API_KEY:=AQERg4VQ0fpru1Zi4beQbDd2NLlz10DU3uQAeNxAff93kbiCMcSuO51PIF3bwN8xF3rSHXJ=-zhRgxovzQOkrEAQsHDaKNMQ9yUilqqgZDfrWoMK4Y7c=-Q2nC>BbE88rijjE2Fd=K}"\ncurl -s -H "X-API-Key: $ADYEN_API_KEY" https://pal-live.adyen.com/pal/servlet/Payment/v68/authorise',
        "AQERg4VQ0fpru1Zi4beQbDd2NLlz10DU3uQAeNxAff93kbiCMcSuO51PIF3bwN8xF3rSHXJ=-zhRgxovzQOkrEAQsHDaKNMQ9yUilqqgZDfrWoMK4Y7c=-Q2nC>BbE88rijjE2Fd=K",
    ),
    (
        'CURL_OPTS=(-sS --retry 3 -u "ci-bot:Heather_Quay_903")\ncurl "${CURL_OPTS[@]}" https://nexus.mintlark.example/service/rest/v1/components?repository=android-releases',
        "Heather_Quay_903",
    ),
    # --- PowerShell ---
    (
        '$env:NUGET_API_KEY = "oy29s7y0fkcelggagabbqxfc3dlg759jo37i3i15337x6e"\ndotnet nuget push .\\artifacts\\Mintlark.Payments.Sdk.4.2.0.nupkg --api-key $env:NUGET_API_KEY --source https://api.nuget.org/v3/index.json',
        "oy29s7y0fkcelggagabbqxfc3dlg759jo37i3i15337x6e",
    ),
    (
        'Invoke-RestMethod -Uri "https://api.mintlark.example/v2/payouts/batch" -Method Post -Headers @{ "Authorization" = "Bearer ml_at_xpF9Y2byjUxSiP8UymCAbDz6NBWtSm0w7x81Kghd"; "Idempotency-Key" = "02c038fe-df39-4e57-b4ee-1d24c583f52f" } -InFile .\\batch.json',
        "ml_at_xpF9Y2byjUxSiP8UymCAbDz6NBWtSm0w7x81Kghd",
    ),
    # --- SQL ---
    (
        "CREATE USER MAPPING FOR ledger_rw SERVER cards_fdw OPTIONS (user 'cards_ro', password 'Lichen!Drum-57');",
        "Lichen!Drum-57",
    ),
    (
        "UPDATE merchant_webhooks SET signing_secret = 'uKDfRhwkIUcsYhjmoai7I4HEYGqr8mIP', rotated_at = now() WHERE merchant_id = 'mer_z1xnol1l6pjsvv';",
        "uKDfRhwkIUcsYhjmoai7I4HEYGqr8mIP",
    ),
    (
        "CREATE SUBSCRIPTION ledger_sub CONNECTION 'host=pg-ledger.mintlark.internal port=5432 dbname=ledger user=repl password=Wren_Copper_3318' PUBLICATION ledger_pub;",
        "Wren_Copper_3318",
    ),
    (
        "CHANGE REPLICATION SOURCE TO SOURCE_HOST='mysql-recon-1', SOURCE_USER='repl', SOURCE_PASSWORD='Basalt#Cove-21', SOURCE_AUTO_POSITION=1;",
        "Basalt#Cove-21",
    ),
    # --- Terraform ---
    (
        'variable "plaid_secret" {\n  type        = string\n  description = "Plaid production secret"\n  default     = "39035289e9f7fa5760dbc66002b29f"\n}',
        "39035289e9f7fa5760dbc66002b29f",
    ),
    (
        'resource "github_actions_secret" "marqeta_admin" {\n  repository      = "cards-api"\n  secret_name     = "MARQETA_ADMIN_TOKEN"\n  plaintext_value = "5e31d53a-ca2f-4cd7-b1fb-8fde356dbfef"\n}',
        "5e31d53a-ca2f-4cd7-b1fb-8fde356dbfef",
    ),
    (
        'provider "postgresql" {\n  host     = "pg-ledger.mintlark.internal"\n  username = "tf_admin"\n  password = "Thistle-Ember-0922"\n  sslmode  = "require"\n}',
        "Thistle-Ember-0922",
    ),
    # --- Ansible ---
    (
        '- name: ledger role\n  community.postgresql.postgresql_user:\n    db: ledger\n    name: ledger_rw\n    password: "Mallow$Brook-84"\n    login_host: pg-ledger.mintlark.internal',
        "Mallow$Brook-84",
    ),
    (
        "# group_vars/hsm.yml\ncloudhsm_cu_user: cu_ledger\ncloudhsm_cu_password: Keystone-Hollow-5530",
        "Keystone-Hollow-5530",
    ),
    # --- Helm values ---
    (
        "marqeta:\n  baseUrl: https://mintlark-api.marqeta.com/v3\n  applicationToken: 3587b92b-905a-41db-bf16-d4c2c18a8ec7\n  adminAccessToken: c06d3ea8-f0b1-440f-89b8-8a085e73d447\nwebhooks:\n  basicAuthUser: mq-hooks",
        "c06d3ea8-f0b1-440f-89b8-8a085e73d447",
    ),
    (
        "postgresql:\n  enabled: true\n  auth:\n    username: cards\n    password: Cinder.Wharf.72\n    database: cards",
        "Cinder.Wharf.72",
    ),
    # --- Android configuration ---
    (
        '<!-- res/values/secrets.xml -->\n<resources>\n    <string name="maps_url_signing_secret" translatable="false">Qu8YWYNoXr4F3zFGg2ZP1vRy414=</string>\n</resources>',
        "Qu8YWYNoXr4F3zFGg2ZP1vRy414=",
    ),
    (
        "# gradle.properties\norg.gradle.jvmargs=-Xmx4g\nMINTLARK_RELEASE_STORE_PASSWORD=Pelican&Reef-0417\nandroid.useAndroidX=true",
        "Pelican&Reef-0417",
    ),
    (
        "## local.properties (não commitar!)\nsdk.dir=/Users/ana/Library/Android/sdk\nsumsub.secretKey=jRIkQAr42iJ3WpLg6fEH8sHQgdIfWkNI",
        "jRIkQAr42iJ3WpLg6fEH8sHQgdIfWkNI",
    ),
    (
        "signingConfigs {\n    release {\n        storeFile file('release.keystore')\n        storePassword 'Quasar-Fern-12'\n        keyAlias 'mintlark'\n        keyPassword 'Quasar-Fern-13'\n    }\n}",
        "Quasar-Fern-13",
    ),
    (
        'buildTypes {\n    release {\n        buildConfigField "String", "API_SIGNING_KEY", "\\"r4xPA0kxn4wDox4ELpAiKbfFOA9wKDLA\\""\n    }\n}',
        "r4xPA0kxn4wDox4ELpAiKbfFOA9wKDLA",
    ),
    (
        '<meta-data\n    android:name="io.mintlark.sdk.CLIENT_SECRET"\n    android:value="CVcsFZalT0vkEsIZk7ojJQX3hXF7" />',
        "CVcsFZalT0vkEsIZk7ojJQX3hXF7",
    ),
    # --- iOS configuration ---
    (
        "<key>MLBackendHMACSecret</key>\n<string>EPef33PBLRdT72e1k91HSi/QWExbMTUH4hsxoZF8pCw=</string>\n<key>NSAppTransportSecurity</key>",
        "EPef33PBLRdT72e1k91HSi/QWExbMTUH4hsxoZF8pCw=",
    ),
    (
        "// Config/Release.xcconfig\nAPI_BASE_URL = https:/$()/api.mintlark.example\nLEDGER_STAGING_URL = https:/$()/qa:Nimbus-Quill-2026@ledger-stg.mintlark.example",
        "Nimbus-Quill-2026",
    ),
    (
        '<EnvironmentVariables>\n   <EnvironmentVariable\n      key = "PLAID_SECRET"\n      value = "86cb9be4d23829aebea9fb67936e04"\n      isEnabled = "YES">\n   </EnvironmentVariable>\n</EnvironmentVariables>',
        "86cb9be4d23829aebea9fb67936e04",
    ),
    (
        '# fastlane/Matchfile\ngit_url("https://github.com/mintlark/ios-certificates.git")\nstorage_mode("git")\ngit_basic_authorization("bWwtaW9zLWJvdDpnaHBfYkJSc2syOWN6dFVYMWttT2JmRWpkcHlIR2ZZNVBCTmFOS05Z")',
        "bWwtaW9zLWJvdDpnaHBfYkJSc2syOWN6dFVYMWttT2JmRWpkcHlIR2ZZNVBCTmFOS05Z",
    ),
    (
        'MATCH_PASSWORD="velvet harbor mango seventeen" bundle exec fastlane ios beta',
        "velvet harbor mango seventeen",
    ),
    (
        '{\n  "key_id": "2X9R4HXF34",\n  "issuer_id": "12c8d003-b1b1-4809-ab45-7db043fad7f4",\n  "key": "-----BEGIN PRIVATE KEY-----\\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg5OA1/xRGBZtMN0TfBkseNOTchKc9Fdmsv2Cz6MnqNEEoAoGCCqGSM49AwEHoUQDQgAE3NRysRj5cGbP0tR3U/5gfB7Kko4IAEMcgoMWm8TBtFXGcsowNPkjR5BqgOaWwtcD/vguJmw5S9wiCmcK03OM\\n-----END PRIVATE KEY-----",\n  "in_house": false\n}',
        "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg5OA1/xRGBZtMN0TfBkseNOTchKc9Fdmsv2Cz6MnqNEEoAoGCCqGSM49AwEHoUQDQgAE3NRysRj5cGbP0tR3U/5gfB7Kko4IAEMcgoMWm8TBtFXGcsowNPkjR5BqgOaWwtcD/vguJmw5S9wiCmcK03OM",
    ),
    # --- package manager configuration ---
    (
        "# .npmrc\n@mintlark:registry=https://nexus.mintlark.example/repository/npm-private/\n//nexus.mintlark.example/repository/npm-private/:username=ci-npm\n//nexus.mintlark.example/repository/npm-private/:_password=TmV4dXMhTnBtLVR1Y2Fuby00NDcx\n//nexus.mintlark.example/repository/npm-private/:always-auth=true",
        "TmV4dXMhTnBtLVR1Y2Fuby00NDcx",
    ),
    (
        '# .yarnrc.yml\nnodeLinker: node-modules\nnpmScopes:\n  mintlark:\n    npmRegistryServer: "https://npm.pkg.github.com"\n    npmAuthToken: "ghp_VfcDqEH9vD81XOdssCMpwlPGRjpy9Ka7u2f5"',
        "ghp_VfcDqEH9vD81XOdssCMpwlPGRjpy9Ka7u2f5",
    ),
    (
        "<settings>\n  <servers>\n    <server>\n      <id>github-mintlark</id>\n      <username>ml-ci</username>\n      <password>ghp_gXPSc9ct46VLpoDK1XhqDmZzfLtY7S0M07Rj</password>\n    </server>\n  </servers>\n</settings>",
        "ghp_gXPSc9ct46VLpoDK1XhqDmZzfLtY7S0M07Rj",
    ),
    (
        '<configuration>\n  <packageSources>\n    <add key="mintlark" value="https://pkgs.dev.azure.com/mintlark/_packaging/payments/nuget/v3/index.json" />\n  </packageSources>\n  <packageSourceCredentials>\n    <mintlark>\n      <add key="Username" value="build" />\n      <add key="ClearTextPassword" value="r18g5ctmwbhoa46jn14f14eag7xfuahlv0q576ftw3km6qxvsfsa" />\n    </mintlark>\n  </packageSourceCredentials>\n</configuration>',
        "r18g5ctmwbhoa46jn14f14eag7xfuahlv0q576ftw3km6qxvsfsa",
    ),
    (
        "[distutils]\nindex-servers = mintlark\n\n[mintlark]\nrepository = https://gitlab.mintlark.example/api/v4/projects/117/packages/pypi\nusername = __token__\npassword = glpat-y8R9w03v8QL5cJZ8YvVu",
        "glpat-y8R9w03v8QL5cJZ8YvVu",
    ),
    (
        "# /etc/pip.conf on the data runners\n[global]\nindex-url = https://pypi.org/simple\nextra-index-url = https://ml-deploy:gldt-1bJ2RAsTnDruDU1TzKYm@gitlab.mintlark.example/api/v4/projects/117/packages/pypi/simple",
        "gldt-1bJ2RAsTnDruDU1TzKYm",
    ),
    ("$ bundle config --global gems.contribsys.com b2fdbeb9:921c50b7", "b2fdbeb9:921c50b7"),
    (
        '{\n  "http-basic": {\n    "repo.packagist.com": { "username": "token", "password": "3c9b3a0cd817f3c6856fe72f87a3d943527538ac" }\n  }\n}',
        "3c9b3a0cd817f3c6856fe72f87a3d943527538ac",
    ),
    (
        '# ~/.cargo/credentials.toml\n[registries.mintlark]\ntoken = "ciogkMfqGfLbg5G62wBn55YHqiEaShcxCaa"',
        "ciogkMfqGfLbg5G62wBn55YHqiEaShcxCaa",
    ),
    (
        'git config --global url."https://oauth2:glpat-6i4xIOVKRiwuh7jlxYdK@gitlab.mintlark.example/".insteadOf "https://gitlab.mintlark.example/"',
        "glpat-6i4xIOVKRiwuh7jlxYdK",
    ),
    (
        "source 'https://ml-ios:ghp_gCL4g7qlprTpHi48wSCVmvNv2os1HupA60DF@github.com/mintlark/Specs.git'\nsource 'https://cdn.cocoapods.org/'\nplatform :ios, '15.0'",
        "ghp_gCL4g7qlprTpHi48wSCVmvNv2os1HupA60DF",
    ),
    # --- tool-call arguments ---
    (
        '{"command": "PGPASSWORD=\'Mistral-Gorse-61\' psql -h pg-ledger.mintlark.internal -U recon -d ledger -c \\"select count(*) from settlements where status = \'pending\'\\""}',
        "Mistral-Gorse-61",
    ),
    (
        '{"query": "SELECT merchant_id FROM api_keys WHERE key_hash = crypt(\'ml_sk_live_Rxb4kNZa20l0lnQr2k9W1QAz3TkaL5Wd\', key_hash);", "database": "merchants"}',
        "ml_sk_live_Rxb4kNZa20l0lnQr2k9W1QAz3TkaL5Wd",
    ),
    (
        '{"command": "go test ./internal/payouts/... -run TestPixPayout -v", "env": {"PIX_CLIENT_ID": "6c288cd9-68b3-4715-81af-7fb6f75a1724", "PIX_CLIENT_SECRET": "Je3sfU2eqyE48KBYLsftoIwYAc6wCvBPmfM6Fd29", "PIX_CERT_PATH": "/tmp/pix.p12"}}',
        "Je3sfU2eqyE48KBYLsftoIwYAc6wCvBPmfM6Fd29",
    ),
    (
        '{"url": "https://api.checkout.com/payments", "method": "POST", "headers": {"Authorization": "sk_8bcmnnfzsiqjq142sxs17euxi7", "Content-Type": "application/json", "Cko-Idempotency-Key": "54e096da-02d7-4d6e-80b5-f2683e487504"}, "body": {"source": {"type": "id", "id": "src_0j6g2jt4cjsbw0vm956jf9kpsu"}, "amount": 1299, "currency": "EUR"}}',
        "sk_8bcmnnfzsiqjq142sxs17euxi7",
    ),
    (
        '{"name": "write_file", "arguments": "{\\"path\\": \\"functions/config/prod.json\\", \\"content\\": \\"{\\\\\\"paystack\\\\\\": {\\\\\\"secret\\\\\\": \\\\\\"sk_live_68c4ddae71cf4f495171dade8e622e72969b6a4b\\\\\\", \\\\\\"callback\\\\\\": \\\\\\"https://mintlark.example/ng/pay/return\\\\\\"}}\\"}"}',
        "sk_live_68c4ddae71cf4f495171dade8e622e72969b6a4b",
    ),
    (
        '{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "run_sql", "arguments": {"sql": "ALTER USER payouts_worker WITH PASSWORD \'Sable&Drift-3307\';", "target": "pg-ledger"}}}',
        "Sable&Drift-3307",
    ),
    (
        '{"type": "tool_use", "id": "toolu_01crx2UdhtSdLncQl4Kx8fJT", "name": "Bash", "input": {"command": "mysql -h recon-db -u recon_app -p\'Cascade_Moss_28\' recon -e \'SHOW TABLES\'", "description": "List recon tables"}}',
        "Cascade_Moss_28",
    ),
    (
        '{"role": "assistant", "tool_calls": [{"id": "call_3yhCOGGstyhSnTxIkCO98QCZ", "type": "function", "function": {"name": "fetch_url", "arguments": "{\\"url\\":\\"https://api.truelayer.com/data/v1/accounts?access_token=N-fFvvy3PU5NB9X5Ul3Uc9cNwl1351_01Vkj5_tLoNKwqWw4o1W-hSOw0z40ZT3emCKRgfuRgCNHo_MGsihoRxtmW_VdpLZX60fafFrFz2t7i5SW8xxOx5OAM1m6dBVg\\"}"}}]}',
        "N-fFvvy3PU5NB9X5Ul3Uc9cNwl1351_01Vkj5_tLoNKwqWw4o1W-hSOw0z40ZT3emCKRgfuRgCNHo_MGsihoRxtmW_VdpLZX60fafFrFz2t7i5SW8xxOx5OAM1m6dBVg",
    ),
    (
        '{"file_path": "/srv/payouts/.env.production", "old_string": "WISE_API_TOKEN=", "new_string": "WISE_API_TOKEN=7dd78ae9-4cf8-4f3f-abe8-792f31872254"}',
        "7dd78ae9-4cf8-4f3f-abe8-792f31872254",
    ),
    (
        '{"cmd": ["docker", "run", "--rm", "-e", "MARQETA_ADMIN_TOKEN=66d81eab-7472-4b3e-8651-54fa37126cc8", "-e", "MARQETA_APP_TOKEN=a7fb73ba-28db-4959-b1b1-b21ef4b36014", "ghcr.io/mintlark/card-sync:2.8.1", "--dry-run"]}',
        "66d81eab-7472-4b3e-8651-54fa37126cc8",
    ),
    (
        '{"method": "PUT", "url": "https://db83deed8ec2a34b9ee6bf8944734626.r2.cloudflarestorage.com/kyc-uploads/selfies/u_48213.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=161bdb1e25cc14923c9204e6fe026bab%2F20261128%2Fauto%2Fs3%2Faws4_request&X-Amz-Date=20261128T101422Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=ee595e44ef602b49914133ae695ea221d411e1c5f4d5f8fca320e32df8b894df", "body_file": "./fixtures/selfie.jpg"}',
        "ee595e44ef602b49914133ae695ea221d411e1c5f4d5f8fca320e32df8b894df",
    ),
    (
        '{"command": "adb shell am start -W -a android.intent.action.VIEW -d \'mintlark://oauth/callback?code=i-TmfZ-po_dx4p27qpAR3BP_JRnr7tHvf1xxPvgUI9s&state=r3KtRqQG2JgokZcc\' io.mintlark.app"}',
        "i-TmfZ-po_dx4p27qpAR3BP_JRnr7tHvf1xxPvgUI9s",
    ),
    (
        '{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_019rJUGDaODgNFdcNJlZersm","content":"$ cat config/banking.yml\\nopen_banking:\\n  provider: tink\\n  client_id: a9348bf6e0ab9a825d78704a1b40992d\\n  client_secret: bb43fd7f6772e5e3d0e02638ffd3bfc8\\n  redirect_uri: https://app.mintlark.example/ob/return\\n"}]}}',
        "bb43fd7f6772e5e3d0e02638ffd3bfc8",
    ),
    (
        '{"name": "bash", "arguments": "{\\"command\\": \\"curl -s -X POST https://api.paystack.co/transferrecipient -H \'Content-Type: application/json\' -d \'{\\\\\\"type\\\\\\":\\\\\\"nuban\\\\\\",\\\\\\"name\\\\\\":\\\\\\"Ada Okafor\\\\\\",\\\\\\"account_number\\\\\\":\\\\\\"0123456789\\\\\\",\\\\\\"bank_code\\\\\\":\\\\\\"058\\\\\\"}\' -H \'Authorization: Bearer sk_live_3a2462b11b73b5f454f2a26ad0727e2dc784927b\'\\"}"}',
        "sk_live_3a2462b11b73b5f454f2a26ad0727e2dc784927b",
    ),
    (
        '{"command": "firebase functions:config:set flutterwave.secret=\\"FLWSECK-799d24fedefc7da284ccfb69a50427b2-X\\" flutterwave.enc_key=\\"d6bfd4d5a4e1a128071f1d21\\" --project mintlark-prod"}',
        "FLWSECK-799d24fedefc7da284ccfb69a50427b2-X",
    ),
    (
        '{"tool": "web_fetch", "input": {"url": "https://sandbox.safaricom.co.ke/mpesa/stkpush/v1/processrequest", "body": {"BusinessShortCode": "4031277", "Password": "NDAzMTI3NzNiY2UyYTcyNmYwMzEwNWRkNWI5Y2E3NTk4NjliN2JmYWYzNDFjZmMwMGUwYTc3MzBkYTk0MjFmNjQ0Mjc3NjMyMDI2MTEyODEwMTQyMg==", "Timestamp": "20261128101422", "TransactionType": "CustomerPayBillOnline"}}}',
        "NDAzMTI3NzNiY2UyYTcyNmYwMzEwNWRkNWI5Y2E3NTk4NjliN2JmYWYzNDFjZmMwMGUwYTc3MzBkYTk0MjFmNjQ0Mjc3NjMyMDI2MTEyODEwMTQyMg==",
    ),
    # --- tool output ---
    (
        '$ git log -p -1 -- services/payouts/config.go\ncommit 5e2a91c7d0b4f8e3a6c1d9b2e7f4a0c3d8b5e1f6\nAuthor: Tunde Adebayo <tunde@mintlark.example>\nDate:   Thu Nov 26 18:02:11 2026 +0100\n\n    payouts: add Flutterwave fallback\n\ndiff --git a/services/payouts/config.go b/services/payouts/config.go\n@@ -12,6 +12,8 @@ var defaults = map[string]string{\n \t"flw.base_url": "https://api.flutterwave.com/v3",\n+\t"flw.secret_key": "FLWSECK-64816b64c9f1ae7abcf48a493d65b127-X",\n+\t"flw.encryption_key": "fbc2ddb5bd23f016b6222069",\n }',
        "FLWSECK-64816b64c9f1ae7abcf48a493d65b127-X",
    ),
    (
        "$ docker compose -f compose.yml -f compose.prod.yml config\nname: ledger\nservices:\n  ledger-api:\n    environment:\n      LEDGER_DB_URL: postgres://ledger_rw:Hemlock-Tide-4420@pg-ledger:5432/ledger?sslmode=require\n      LOG_FORMAT: json\n    image: ghcr.io/mintlark/ledger-api:3.14.0",
        "Hemlock-Tide-4420",
    ),
    (
        "$ kubectl -n cards describe pod cards-api-7d9f8b6c5-x2kqp\nContainers:\n  cards-api:\n    Image:          ghcr.io/mintlark/cards-api:5.2.1\n    Environment:\n      SPRING_PROFILES_ACTIVE:  prod\n      MARQETA_ADMIN_TOKEN:     940ca1a2-0add-4914-8954-d235fd9ccb5d\n      DB_PASSWORD:             <set to the key 'password' in secret 'cards-db'>  Optional: false",
        "940ca1a2-0add-4914-8954-d235fd9ccb5d",
    ),
    (
        "$ heroku config -a mintlark-merchant-api\n=== mintlark-merchant-api Config Vars\nDATABASE_URL:        postgres://uf5mga51urxni5:p7b8cc6db16cabf6cbabc6a3bc721b7c4fa56c43ebf29e78434e961cc42f2e55@ec2-34-250-17-8.eu-west-1.compute.amazonaws.com:5432/dp8gkw2ubwv0gy\nRAILS_ENV:           production\nRAILS_SERVE_STATIC:  enabled",
        "p7b8cc6db16cabf6cbabc6a3bc721b7c4fa56c43ebf29e78434e961cc42f2e55",
    ),
    (
        '$ vercel env pull .env.local --environment=production\nVercel CLI 39.1.2\n> Downloading `production` Environment Variables for mintlark/backoffice\n✅  Created .env.local file  [412ms]\n$ cat .env.local\n# Created by Vercel CLI\nNEXTAUTH_SECRET="oQuhJeYSKlTUdjsRAuVaNECXR/6zvnXpzg7vr6vBV1g="\nNEXT_PUBLIC_APP_URL="https://backoffice.mintlark.example"',
        "oQuhJeYSKlTUdjsRAuVaNECXR/6zvnXpzg7vr6vBV1g=",
    ),
    (
        '$ firebase functions:config:get --project mintlark-prod\n{\n  "razorpay": {\n    "key_id": "rzp_live_JlewlEhbitczRv",\n    "key_secret": "Ln8nP47J2okBmfwQ23EGslmH"\n  },\n  "region": "asia-south1"\n}',
        "Ln8nP47J2okBmfwQ23EGslmH",
    ),
    (
        "$ gh variable list --repo mintlark/android-app\nNAME                    VALUE                                     UPDATED\nMIN_SDK                 26                                        about 3 months ago\nSENTRY_AUTH_TOKEN       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  about 2 days ago",
        "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",
    ),
    (
        "Run ./scripts/upload-dsyms.sh\n+ set -x\n++ cat .ci/firebase-token\n+ firebase crashlytics:symbols:upload --app=1:804121643876:ios:4f398f7a7bc0b3de8c9743 --token 1//0gxMdFH7VGOlqrm0Pf-B6LpeNqC5XhWwJsD8Q3NJICqt5PBjOAKUh0KPwJyfu8qU2DK8sncp3AqzBrN-RSMYFN0_HVSx-Czcyg ./build/dSYMs\nError: Process completed with exit code 1.",
        "1//0gxMdFH7VGOlqrm0Pf-B6LpeNqC5XhWwJsD8Q3NJICqt5PBjOAKUh0KPwJyfu8qU2DK8sncp3AqzBrN-RSMYFN0_HVSx-Czcyg",
    ),
    (
        "[Pipeline] sh\n+ mvn -B deploy -DaltDeploymentRepository=releases::https://nexus.mintlark.example/repository/maven-releases -Dnexus.user=ci -Dnexus.password=Oriole!Lantern-58\n[INFO] Scanning for projects...",
        "Oriole!Lantern-58",
    ),
    (
        "panic: ledger: open store: failed to connect to `postgres://ledger_rw:Kelp-Rivet-8831@pg-ledger.mintlark.internal:5432/ledger`: dial tcp 10.20.4.17:5432: connect: connection refused\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/cmd/ledger/main.go:48 +0x3a5",
        "Kelp-Rivet-8831",
    ),
    (
        "Traceback (most recent call last):\n  File \"/app/onboarding/jobs/sync_kyc.py\", line 88, in run\n    engine = create_engine(dsn)\n    ^^^^^^^^^^^^^^^^^^^^^^^^^^\nLocal variables:\n    dsn = 'postgresql+psycopg://kyc_writer:Wisteria#Ford-16@pg-kyc:5432/kyc'\n    batch = 500",
        "Wisteria#Ford-16",
    ),
    (
        "D/OkHttp: --> POST https://api.mintlark.example/v2/transfers\nD/OkHttp: Content-Type: application/json; charset=UTF-8\nD/OkHttp: Authorization: Bearer eyJhbGciOiJSUzI1NiIsInR5cCI6ImF0K2p3dCIsImtpZCI6Im1sLWJvLTIwMjYtMTAifQ.eyJpc3MiOiJodHRwczovL2lkLm1pbnRsYXJrLmV4YW1wbGUiLCJzdWIiOiJ1XzQ4MjEzIiwiYXVkIjoiYmFja29mZmljZSIsInNjb3BlIjoicmVmdW5kczp3cml0ZSBjYXJkczpyZWFkIiwiZXhwIjoxNzk1OTQ2NTExfQ.dOHVxTgrGNTHpqzt_JPjNbq7YfQ01ll9pZQROIk5EFZkvzmT2rncc4Xsf54OJoosQPv3cijmss5StJtqrYe1KO_rHS4uS_emtryXldZjo1Tkh9lOlNNIuM8OzBtbYeSNvu3SKagHKZFG3YXyp_BWtb1dEVhcyNJa3Iichw4nCVWx46E9ye43YqZDRBo09_MeN2lZqhxraXCwRe2Ov7NgKYqkZ44veazZwTlb3CTs41T1Q3TuihQwrGLVO1trnui6s4RR0PJGkb5Ch4FNf3xf4ODbF6ya4Mk9CC4MHB-cNGD_69oow5-p-CmXbELhmzDhEtYyjWySNAO4b-Q4h6gCvg\nD/OkHttp: Cookie: ml_device=5de7b3a54fb2cb7f\nD/OkHttp: --> END POST (214-byte body)",
        "eyJhbGciOiJSUzI1NiIsInR5cCI6ImF0K2p3dCIsImtpZCI6Im1sLWJvLTIwMjYtMTAifQ.eyJpc3MiOiJodHRwczovL2lkLm1pbnRsYXJrLmV4YW1wbGUiLCJzdWIiOiJ1XzQ4MjEzIiwiYXVkIjoiYmFja29mZmljZSIsInNjb3BlIjoicmVmdW5kczp3cml0ZSBjYXJkczpyZWFkIiwiZXhwIjoxNzk1OTQ2NTExfQ.dOHVxTgrGNTHpqzt_JPjNbq7YfQ01ll9pZQROIk5EFZkvzmT2rncc4Xsf54OJoosQPv3cijmss5StJtqrYe1KO_rHS4uS_emtryXldZjo1Tkh9lOlNNIuM8OzBtbYeSNvu3SKagHKZFG3YXyp_BWtb1dEVhcyNJa3Iichw4nCVWx46E9ye43YqZDRBo09_MeN2lZqhxraXCwRe2Ov7NgKYqkZ44veazZwTlb3CTs41T1Q3TuihQwrGLVO1trnui6s4RR0PJGkb5Ch4FNf3xf4ODbF6ya4Mk9CC4MHB-cNGD_69oow5-p-CmXbELhmzDhEtYyjWySNAO4b-Q4h6gCvg",
    ),
    (
        "* Connected to backoffice.mintlark.example (203.0.113.40) port 443\n> POST /api/login HTTP/2\n> Host: backoffice.mintlark.example\n> user-agent: curl/8.5.0\n> authorization: Basic bWludGxhcmstYm86Q29iYWx0LUZpbmNoLTg4MTI=\n>\n< HTTP/2 200\n< set-cookie: sessionid=up8g4semc7cv7tpzramaf0qquc2mabds; expires=Sat, 12 Dec 2026 09:14:22 GMT; HttpOnly; Max-Age=1209600; Path=/; SameSite=Lax; Secure\n< set-cookie: csrftoken=noC0ynfeB4Ui63koXFnZg8S9cnpGDTSK; expires=Sat, 27 Nov 2027 09:14:22 GMT; Max-Age=31449600; Path=/; SameSite=Lax",
        "up8g4semc7cv7tpzramaf0qquc2mabds",
    ),
    (
        "$ curl -v -u mintlark-bo:Cobalt-Finch-8812 https://backoffice.mintlark.example/api/health\n* Server auth using Basic with user 'mintlark-bo'\n< HTTP/2 200",
        "Cobalt-Finch-8812",
    ),
    (
        '{"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "entries": [{"request": {"method": "GET", "url": "https://backoffice.mintlark.example/api/refunds?status=open", "cookies": [{"name": "ml_bo_session", "value": "NN4p-DHwaHQ1_6baGJl8tUzjk1xEf3Ae0fqlXB1RdoOZNIR8WpZKeFmm2QqLEI_k", "httpOnly": true, "secure": true}, {"name": "ml_theme", "value": "dark"}]}}]}}',
        "NN4p-DHwaHQ1_6baGJl8tUzjk1xEf3Ae0fqlXB1RdoOZNIR8WpZKeFmm2QqLEI_k",
    ),
    (
        '{\n  "info": {"name": "Mintlark Partner API", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},\n  "auth": {"type": "apikey", "apikey": [{"key": "key", "value": "X-Partner-Key", "type": "string"}, {"key": "value", "value": "mlp_live_bP4c1c5OqrtFyZEU0VPYuU8Bnrayy1y653mGgd13", "type": "string"}]},\n  "item": []\n}',
        "mlp_live_bP4c1c5OqrtFyZEU0VPYuU8Bnrayy1y653mGgd13",
    ),
    (
        "curl 'https://backoffice.mintlark.example/api/cards/freeze' \\\n  -H 'accept: application/json' \\\n  -H 'content-type: application/json' \\\n  -H 'cookie: ml_theme=dark; __Secure-next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..6hSG7WY-JRL8kR_h.6XbhEA8nxPT3byUTo4hQdN4MzNmYO1jt35lXdrFEOdy95lreNbCyvXl7sqG-eo4nNzT9pHTi6NKlvuHd5hln0zY0aKkVxlDzDDOldMnJPuWNetOJZyinUVMc2W-dYT87uuFofFL2d-tJf_UkqBIWbHLq5-fO522oRnsTSXeozcUyFA86N3lB2fREmsI27_TmqtR1N_0bnu1dfGAsZLhHnAZQml5k2IXuSZFY0m3Y8__ICdFsLX3P2r9-LtpiqrzRObq94MeosrKkFMCR3MKi_cGsiaU.p4mxIOFQ2-Plq5avmkbGeg; __Host-next-auth.csrf-token=372f144731051abcc3e11d370b714d9ba974421d31cf674fa9304be3ad919d6f%7C3ca01316229146329c6f98ab6da7ead800bf9f994fe66a5d8ad9fb6b9912cefb' \\\n  -H 'x-csrf-token: ccf04a41b554d1c3cc7cc55247e3a82f8c3b2a4b8da17ead7f6ab29fb5f017e1' \\\n  --data-raw '{\"cardId\":\"crd_wbrtujcj9ess9r03mbqi\"}'",
        "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..6hSG7WY-JRL8kR_h.6XbhEA8nxPT3byUTo4hQdN4MzNmYO1jt35lXdrFEOdy95lreNbCyvXl7sqG-eo4nNzT9pHTi6NKlvuHd5hln0zY0aKkVxlDzDDOldMnJPuWNetOJZyinUVMc2W-dYT87uuFofFL2d-tJf_UkqBIWbHLq5-fO522oRnsTSXeozcUyFA86N3lB2fREmsI27_TmqtR1N_0bnu1dfGAsZLhHnAZQml5k2IXuSZFY0m3Y8__ICdFsLX3P2r9-LtpiqrzRObq94MeosrKkFMCR3MKi_cGsiaU.p4mxIOFQ2-Plq5avmkbGeg",
    ),
    (
        "$ bin/rails credentials:show -e production\nsecret_key_base: c4d0a05a5bb890ddc8b8622c9fc4f7e4b7c0240125dc55d73caab87e0f3ebb0876acd7dfd357d5fb0d34d2372116bdb15f55623ff5081437c6ff6f8bf6bfc928\nbraintree:\n  merchant_id: phvg79wqic7topra\n  private_key: 3f9e32b273ee4de9e497d9f64dd2413b",
        "3f9e32b273ee4de9e497d9f64dd2413b",
    ),
    (
        '$ aws secretsmanager get-secret-value --secret-id prod/payouts/truelayer --query SecretString --output text\n{"client_id":"mintlark-abg09a","client_secret":"6bf74f4a-fa9a-4b3b-bb23-7bf22c2c8fa6","signing_key_id":"c534e4a1-7d22-4a52-a925-0f899963430e"}',
        "6bf74f4a-fa9a-4b3b-bb23-7bf22c2c8fa6",
    ),
    (
        "$ stripe listen --forward-to localhost:4242/webhooks/stripe --live\n> Ready! You are using Stripe API Version [2025-10-29.clover]. Your webhook signing secret is whsec_3KAl3fkMk6UIwvGFHQ3sNQD6FnOvormz (^C to quit)",
        "whsec_3KAl3fkMk6UIwvGFHQ3sNQD6FnOvormz",
    ),
    (
        "11-28 10:14:22.418  9921  9984 D AuthRepository: refresh ok, new tokens: access=TRnRkxwzY1K7JR_tn_lbAcK3nnMHOSVz… refresh=mlr_YiUcAUK0cZLrEzeUwLVAMIGrA7rTrcJdHLXZeNUxQBf-wiD4r-YPbgdTJuHX5F-y",
        "mlr_YiUcAUK0cZLrEzeUwLVAMIGrA7rTrcJdHLXZeNUxQBf-wiD4r-YPbgdTJuHX5F-y",
    ),
    (
        "flutter: [auth] signed in +5511987654321, idToken=eyJhbGciOiJSUzI1NiIsImtpZCI6ImExOTk2Yzg3ZGM3MDBkYTFiMDZjN2FiNjAzY2E0MTM5ZDEwMzIwODkiLCJ0eXAiOiJKV1QifQ.eyJpc3MiOiJodHRwczovL3NlY3VyZXRva2VuLmdvb2dsZS5jb20vbWludGxhcmstcHJvZCIsImF1ZCI6Im1pbnRsYXJrLXByb2QiLCJhdXRoX3RpbWUiOjE3OTU5NDI5MTEsInVzZXJfaWQiOiIwa3FnQzNTVlQzdTFtSm5rQjFaV2xNdkdJTXNrIiwic3ViIjoiRms4ZGkwNUlvSWJnQUV6cm04UHFCQ0I2NGZvaCIsImlhdCI6MTc5NTk0MjkxMSwiZXhwIjoxNzk1OTQ2NTExLCJwaG9uZV9udW1iZXIiOiIrNTUxMTk4NzY1NDMyMSIsImZpcmViYXNlIjp7ImlkZW50aXRpZXMiOnsicGhvbmUiOlsiKzU1MTE5ODc2NTQzMjEiXX0sInNpZ25faW5fcHJvdmlkZXIiOiJwaG9uZSJ9fQ.m4a_2GlVqeayze0ocps_LrAdIWvg0mh583yPJ9BaSwwXSPqZFjKEZe0dvibkX46NSGuJORfM6CnSvYcGlt35uid9bENVtXurnghaxey6qFPJ_kS9g-85zqPu984tuYlUf16L5aGSFM5Xgo1QV5wu7riuE2pwol5ukVZjS89kVMaXnAKNRRpshlEXsG5Ibhc-ANXg1MXXwyoaXFN7fkOUn83_7a6wTU6rwyvDASghQV_VFOpm42EVtAlwPYe2aikLLH_JHwv2MYfW7O59Z4janYr_iFG_B06MuARRFVATZliLr8dpHdwkoXp6o8J8va2uHNS3L372xHKGRjng0ZGq-Q",
        "eyJhbGciOiJSUzI1NiIsImtpZCI6ImExOTk2Yzg3ZGM3MDBkYTFiMDZjN2FiNjAzY2E0MTM5ZDEwMzIwODkiLCJ0eXAiOiJKV1QifQ.eyJpc3MiOiJodHRwczovL3NlY3VyZXRva2VuLmdvb2dsZS5jb20vbWludGxhcmstcHJvZCIsImF1ZCI6Im1pbnRsYXJrLXByb2QiLCJhdXRoX3RpbWUiOjE3OTU5NDI5MTEsInVzZXJfaWQiOiIwa3FnQzNTVlQzdTFtSm5rQjFaV2xNdkdJTXNrIiwic3ViIjoiRms4ZGkwNUlvSWJnQUV6cm04UHFCQ0I2NGZvaCIsImlhdCI6MTc5NTk0MjkxMSwiZXhwIjoxNzk1OTQ2NTExLCJwaG9uZV9udW1iZXIiOiIrNTUxMTk4NzY1NDMyMSIsImZpcmViYXNlIjp7ImlkZW50aXRpZXMiOnsicGhvbmUiOlsiKzU1MTE5ODc2NTQzMjEiXX0sInNpZ25faW5fcHJvdmlkZXIiOiJwaG9uZSJ9fQ.m4a_2GlVqeayze0ocps_LrAdIWvg0mh583yPJ9BaSwwXSPqZFjKEZe0dvibkX46NSGuJORfM6CnSvYcGlt35uid9bENVtXurnghaxey6qFPJ_kS9g-85zqPu984tuYlUf16L5aGSFM5Xgo1QV5wu7riuE2pwol5ukVZjS89kVMaXnAKNRRpshlEXsG5Ibhc-ANXg1MXXwyoaXFN7fkOUn83_7a6wTU6rwyvDASghQV_VFOpm42EVtAlwPYe2aikLLH_JHwv2MYfW7O59Z4janYr_iFG_B06MuARRFVATZliLr8dpHdwkoXp6o8J8va2uHNS3L372xHKGRjng0ZGq-Q",
    ),
    (
        '$ redis-cli -h redis-sessions.mintlark.internal --tls CONFIG GET requirepass\n1) "requirepass"\n2) "JsgfMQWNDGZemrU1E247Qrcf8INFvgXe"',
        "JsgfMQWNDGZemrU1E247Qrcf8INFvgXe",
    ),
    (
        "ledger=# SELECT srvname, usename, umoptions FROM pg_user_mappings;\n  srvname  |  usename  |                 umoptions\n-----------+-----------+-------------------------------------------\n cards_fdw | ledger_rw | {user=cards_ro,password=Grebe-Anvil-7702}\n(1 row)",
        "Grebe-Anvil-7702",
    ),
    (
        '  # module.payouts.aws_ecs_task_definition.worker will be updated in-place\n  ~ resource "aws_ecs_task_definition" "worker" {\n      ~ container_definitions = jsonencode(\n          ~ [\n              ~ {\n                  ~ environment = [\n                      + { name = "PLAID_SECRET", value = "2bda03bccdfc17f2751e08fb23e605" },\n                        { name = "PLAID_ENV", value = "production" },',
        "2bda03bccdfc17f2751e08fb23e605",
    ),
    (
        "$ az webapp config appsettings list -g rg-payments -n mintlark-pix-gw -o table\nName                 Value                                   SlotSetting\n-------------------  --------------------------------------  -------------\nPIX_CERT_PASSWORD    Ipe-Amarelo-2026                        False\nWEBSITE_RUN_FROM_PACKAGE  1                                     False",
        "Ipe-Amarelo-2026",
    ),
    (
        "$ gcloud secrets versions access latest --secret=tink-client-secret --project=mintlark-prod\na8631654486f663f3ad012b0d44329e0",
        "a8631654486f663f3ad012b0d44329e0",
    ),
    (
        "$ firebase login:ci\n\nVisit this URL on this device to log in:\nhttps://accounts.google.com/o/oauth2/auth?client_id=549264194922-czpxxubzidom8lyjritmjqijgmx9lafr.apps.googleusercontent.com&scope=email\n\n✔  Success! Use this token to login on a CI server:\n\n1//097Rqf6XhG-_Pi2-jsIC-PN9totE4w78bgb746GyFi9iENPoRTuKi7sIgnLDps-stSi_Dv0GjWARvT3lFx4eV8WHpMKpz7oXceSar3",
        "1//097Rqf6XhG-_Pi2-jsIC-PN9totE4w78bgb746GyFi9iENPoRTuKi7sIgnLDps-stSi_Dv0GjWARvT3lFx4eV8WHpMKpz7oXceSar3",
    ),
    (
        "$ mc share upload --expire 2h minio-kyc/kyc-docs/u_48213/\nURL: https://minio.mintlark.internal/kyc-docs/u_48213/\nExpire: 2 hours 0 minutes 0 seconds\nShare: curl https://minio.mintlark.internal/kyc-docs -F bucket=kyc-docs -F policy=eyJleHBpcmF0aW9uIjogIjIwMjYtMTEtMjhUMTI6MTQ6MjIuMDAwWiIsICJjb25kaXRpb25zIjogW1siZXEiLCAiJGJ1Y2tldCIsICJreWMtZG9jcyJdLCBbInN0YXJ0cy13aXRoIiwgIiRrZXkiLCAidV80ODIxMy8iXSwgWyJlcSIsICIkeC1hbXotY3JlZGVudGlhbCIsICJreWMtdXBsb2FkZXIvMjAyNjExMjgvdXMtZWFzdC0xL3MzL2F3czRfcmVxdWVzdCJdXX0= -F x-amz-algorithm=AWS4-HMAC-SHA256 -F x-amz-credential=kyc-uploader/20261128/us-east-1/s3/aws4_request -F x-amz-date=20261128T101422Z -F x-amz-signature=4c403f5cb0f7bc596ce0266923d0f0b751522b16192a1355ebacbb0a4ce78abe -F key=u_48213/<NAME> -F file=@<FILE>",
        "4c403f5cb0f7bc596ce0266923d0f0b751522b16192a1355ebacbb0a4ce78abe",
    ),
    (
        "$ sudo wg showconf wg-payments\n[Interface]\nListenPort = 51820\nPrivateKey = yq2r1k4LH1of3btKyj/UHMQby0hdcEYszzUweyOi+aI=\n\n[Peer]\nPublicKey = SmSyeM9bRABPWWFuffjUHnIEOr80tq6tg8EbKFq3l54=\nAllowedIPs = 10.77.0.2/32",
        "yq2r1k4LH1of3btKyj/UHMQby0hdcEYszzUweyOi+aI=",
    ),
    (
        "$ vault kv get -mount=kv payments/adyen\n====== Data ======\nKey         Value\n---         -----\napi_key     AQEG3vhA3n7yB0L3wD7lQhvFbHy3nATDFHcqy/Kjo+NBhiLqUVuCeej/FzZa+1yZZ=-14FqA1u0cnsS6qOpX5cMu/nMol9grdmbWUGJzFPb9MY=-i1ioqgHXN7RGKNLI5MP2\nhmac_key    (see payments/adyen-hmac)",
        "AQEG3vhA3n7yB0L3wD7lQhvFbHy3nATDFHcqy/Kjo+NBhiLqUVuCeej/FzZa+1yZZ=-14FqA1u0cnsS6qOpX5cMu/nMol9grdmbWUGJzFPb9MY=-i1ioqgHXN7RGKNLI5MP2",
    ),
    (
        "$ pm2 env 0 | grep -i -e key -e secret\nFLW_ENCRYPTION_KEY: ec80b2ba81a4e7224bf7e324\nNODE_ENV: production",
        "ec80b2ba81a4e7224bf7e324",
    ),
    (
        "$ kubectl -n mobile get configmap push-gateway -o yaml\napiVersion: v1\ndata:\n  APNS_TEAM_ID: 9QW3ZT5L2P\n  APNS_KEY_ID: K8H2QX4R7M\n  APNS_AUTH_KEY: |\n    -----BEGIN PRIVATE KEY-----\n    MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg8yewf3zzAQRjKuatj3J4zK91Qdw7fG1/5PK5r4JMY5woAoGCCqGSM49AwEHoUQDQgAEZfkDjUkKdaHY10rMFtmR5fV1fXsoXq52/bMCuZeHDD7TCX8WE78HKIiwTQWGrgTckXl50D3VJ0IfFZAINkb8\n    -----END PRIVATE KEY-----\nkind: ConfigMap",
        "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg8yewf3zzAQRjKuatj3J4zK91Qdw7fG1/5PK5r4JMY5woAoGCCqGSM49AwEHoUQDQgAEZfkDjUkKdaHY10rMFtmR5fV1fXsoXq52/bMCuZeHDD7TCX8WE78HKIiwTQWGrgTckXl50D3VJ0IfFZAINkb8",
    ),
    (
        "$ ngrok config add-authtoken 2680cxRW8ekkU9DJb2rf2cspvfe_9aJuBkUSxaYoS0N3yWkfF\nAuthtoken saved to configuration file: /Users/kemi/Library/Application Support/ngrok/ngrok.yml",
        "2680cxRW8ekkU9DJb2rf2cspvfe_9aJuBkUSxaYoS0N3yWkfF",
    ),
    (
        "#!/bin/bash -eo pipefail\nenv | sort\nCIRCLE_BRANCH=release/4.2\nCIRCLE_PROJECT_REPONAME=ios-app\nEXPO_TOKEN=gk8plBeuuOXrJ3N02u0Oh6yLRzGeXtGAxQbLTz1p\nHOME=/home/circleci",
        "gk8plBeuuOXrJ3N02u0Oh6yLRzGeXtGAxQbLTz1p",
    ),
    (
        'Sending to APNs (production)...\ncurl -v --http2 -H "apns-topic: io.mintlark.app" -H "apns-push-type: alert" -H "authorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6Iks4SDJRWDRSN00ifQ.eyJpc3MiOiI5UVczWlQ1TDJQIiwiaWF0IjoxNzk1OTM5MjAwfQ.IumfHeGQ0ydfgw9ChtK0ZNCIPc4rwF8JNcKyLYy7JiWcpKrTP9HEBkmS7xbCBIvo3h0irTxlT_eQuf3p09tFog" -d \'{"aps":{"alert":"Pagamento recebido"}}\' https://api.push.apple.com/3/device/ed55135a06d2bc584a3119c95c5c52d646623fe7a160fdae4e2f87e9778ab013',
        "eyJhbGciOiJFUzI1NiIsImtpZCI6Iks4SDJRWDRSN00ifQ.eyJpc3MiOiI5UVczWlQ1TDJQIiwiaWF0IjoxNzk1OTM5MjAwfQ.IumfHeGQ0ydfgw9ChtK0ZNCIPc4rwF8JNcKyLYy7JiWcpKrTP9HEBkmS7xbCBIvo3h0irTxlT_eQuf3p09tFog",
    ),
    # --- session material ---
    (
        "Reproduz com o meu cookie do backoffice (sessão de admin, expira amanhã): Cookie: csrftoken=UcKQuKfTaZ7KF7PUwbAoyJMUkL0AVWUi; sessionid=qmbiownh29nzgafddwnrz6jnmb48iec9",
        "qmbiownh29nzgafddwnrz6jnmb48iec9",
    ),
    (
        "Set-Cookie: connect.sid=s%3AGGMuDUUZHELACDv9ZgX1jprkEanXDun0.RCj8kg54ciaTrG%2BvcdYfQ8ERUdGwhqUvwdcwaimAq7E; Path=/; Expires=Sun, 29 Nov 2026 10:14:22 GMT; HttpOnly; Secure; SameSite=Lax",
        "s%3AGGMuDUUZHELACDv9ZgX1jprkEanXDun0.RCj8kg54ciaTrG%2BvcdYfQ8ERUdGwhqUvwdcwaimAq7E",
    ),
    (
        "El bug de los reembolsos duplicados solo pasa con mi sesión, por si lo queréis probar: JSESSIONID=0C982385906DAB884DCC9C02137D43FF en refunds.mintlark.example",
        "0C982385906DAB884DCC9C02137D43FF",
    ),
    (
        "Cookie: _mintlark_merchant_session=Y8Vn8R4Vf%2F4gHUbzqUJ3kVqprygmFzCerbNiY4fHzNyjw2ocTUpPVGagt9YbQVXGRy%2B%2FnHpwYhs39uhcn57%2FPYy6QpZjr%2FsiQjeUGqORaNoJSJjdSKJ5JAfSffoVQIJA--5b6da326fd923f063d85f8bf588fcf004950014c; _ga=GA1.2.8344797513.6774051290",
        "Y8Vn8R4Vf%2F4gHUbzqUJ3kVqprygmFzCerbNiY4fHzNyjw2ocTUpPVGagt9YbQVXGRy%2B%2FnHpwYhs39uhcn57%2FPYy6QpZjr%2FsiQjeUGqORaNoJSJjdSKJ5JAfSffoVQIJA--5b6da326fd923f063d85f8bf588fcf004950014c",
    ),
    (
        "set-cookie: __Host-ml_sess=mNcUsDd8F6UXyhlT0ki54lJIFEtpYGhCuqaoNNvxDtE; Path=/; Secure; HttpOnly; SameSite=Strict",
        "mNcUsDd8F6UXyhlT0ki54lJIFEtpYGhCuqaoNNvxDtE",
    ),
    (
        "Nach dem Login landet der Browser hier, falls ihr den Callback debuggen wollt: https://app.mintlark.example/auth/google/callback?state=5Q0PUu8N92UBRh3ryLVa3w&code=4/0AbSVDqW0ZERTADi-oH6GKAnMSwJwYlgRJBMEIUrVkq5HrwrxK31IATnF5uEHr8G7KX_AVu9_Pe&scope=email%20openid&authuser=0&prompt=none",
        "4/0AbSVDqW0ZERTADi-oH6GKAnMSwJwYlgRJBMEIUrVkq5HrwrxK31IATnF5uEHr8G7KX_AVu9_Pe",
    ),
    (
        "Po zalogowaniu przeglądarka dostała https://app.mintlark.example/ob/return#access_token=jYHBo3Katj_Z7lUPW1KMq2NfadD0KSOk&token_type=Bearer&expires_in=3600&refresh_token=l5XsQHcUDyyYju6o_Ow-gRBBnKX4e5Ep7bYwO_0r-LhIDCtBEtKH9jP7WGLUpRQt — czy ten flow w ogóle powinien zwracać refresh token we fragmencie?",
        "l5XsQHcUDyyYju6o_Ow-gRBBnKX4e5Ep7bYwO_0r-LhIDCtBEtKH9jP7WGLUpRQt",
    ),
    (
        "POST /connect/token HTTP/1.1\nHost: auth.truelayer.com\nContent-Type: application/x-www-form-urlencoded\n\ngrant_type=authorization_code&client_id=mintlark-o71z2u&redirect_uri=https%3A%2F%2Fapp.mintlark.example%2Fob%2Freturn&code=2Wi_IXBwBeCoaujbusmZJe7aivWTulLZEwUHFKpvCX8&code_verifier=BXCprT76d9rv2DVblIM3Px2wAI-_3Dsgo7KiFXUmDcXOnVVGZ6qlEtPs_6Mo0axb",
        "BXCprT76d9rv2DVblIM3Px2wAI-_3Dsgo7KiFXUmDcXOnVVGZ6qlEtPs_6Mo0axb",
    ),
    (
        "POST /saml/acs HTTP/1.1\nHost: backoffice.mintlark.example\nContent-Type: application/x-www-form-urlencoded\n\nSAMLResponse=PHNhbWxwOlJlc3BvbnNlIHhtbG5zOnNhbWxwPSJ1cm46b2FzaXM6bmFtZXM6dGM6U0FNTDoyLjA6cHJvdG9jb2wiIElEPSJfMzNiNWUwZjNlN2M4ZTQwNzEyYjU5NmJhOTMxZmU5N2UiIFZlcnNpb249IjIuMCIgSXNzdWVJbnN0YW50PSIyMDI2LTExLTI4VDA5OjE0OjIyWiIgRGVzdGluYXRpb249Imh0dHBzOi8vYmFja29mZmljZS5taW50bGFyay5leGFtcGxlL3NhbWwvYWNzIj48c2FtbDpJc3N1ZXIgeG1sbnM6c2FtbD0idXJuOm9hc2lzOm5hbWVzOnRjOlNBTUw6Mi4wOmFzc2VydGlvbiI%2BaHR0cDovL3d3dy5va3RhLmNvbS9leGswVDh2UXF5WjFzYXp1eGN5Qjwvc2FtbDpJc3N1ZXI%2BPHNhbWxwOlN0YXR1cz48c2FtbHA6U3RhdHVzQ29kZSBWYWx1ZT0idXJuOm9hc2lzOm5hbWVzOnRjOlNBTUw6Mi4wOnN0YXR1czpTdWNjZXNzIi8%2BPC9zYW1scDpTdGF0dXM%2BPHNhbWw6QXNzZXJ0aW9uPjxkczpTaWduYXR1cmU%2BPGRzOlNpZ25hdHVyZVZhbHVlPk5BREQrak9qaVY1N3VxU2FVVVB5Z3ZwTXUxemxsZzgxUzJNUDNPZ01iRjIzM1ZtREF0UHJRbDN0aEE3Q1lLT3lqSFAya3pCSmczVE5Wd3dIRk9TSUdwSmlxV2VQcmt2dXRvcjB4aGI4TTdsZnlDbUZSVUwrZmpLZGcxaDJia1B0PC9kczpTaWduYXR1cmVWYWx1ZT48L2RzOlNpZ25hdHVyZT48c2FtbDpTdWJqZWN0PjxzYW1sOk5hbWVJRD5hbmEucmliZWlyb0BtaW50bGFyay5leGFtcGxlPC9zYW1sOk5hbWVJRD48L3NhbWw6U3ViamVjdD48L3NhbWw6QXNzZXJ0aW9uPjwvc2FtbHA6UmVzcG9uc2U%2B&RelayState=%2Frefunds",
        "PHNhbWxwOlJlc3BvbnNlIHhtbG5zOnNhbWxwPSJ1cm46b2FzaXM6bmFtZXM6dGM6U0FNTDoyLjA6cHJvdG9jb2wiIElEPSJfMzNiNWUwZjNlN2M4ZTQwNzEyYjU5NmJhOTMxZmU5N2UiIFZlcnNpb249IjIuMCIgSXNzdWVJbnN0YW50PSIyMDI2LTExLTI4VDA5OjE0OjIyWiIgRGVzdGluYXRpb249Imh0dHBzOi8vYmFja29mZmljZS5taW50bGFyay5leGFtcGxlL3NhbWwvYWNzIj48c2FtbDpJc3N1ZXIgeG1sbnM6c2FtbD0idXJuOm9hc2lzOm5hbWVzOnRjOlNBTUw6Mi4wOmFzc2VydGlvbiI%2BaHR0cDovL3d3dy5va3RhLmNvbS9leGswVDh2UXF5WjFzYXp1eGN5Qjwvc2FtbDpJc3N1ZXI%2BPHNhbWxwOlN0YXR1cz48c2FtbHA6U3RhdHVzQ29kZSBWYWx1ZT0idXJuOm9hc2lzOm5hbWVzOnRjOlNBTUw6Mi4wOnN0YXR1czpTdWNjZXNzIi8%2BPC9zYW1scDpTdGF0dXM%2BPHNhbWw6QXNzZXJ0aW9uPjxkczpTaWduYXR1cmU%2BPGRzOlNpZ25hdHVyZVZhbHVlPk5BREQrak9qaVY1N3VxU2FVVVB5Z3ZwTXUxemxsZzgxUzJNUDNPZ01iRjIzM1ZtREF0UHJRbDN0aEE3Q1lLT3lqSFAya3pCSmczVE5Wd3dIRk9TSUdwSmlxV2VQcmt2dXRvcjB4aGI4TTdsZnlDbUZSVUwrZmpLZGcxaDJia1B0PC9kczpTaWduYXR1cmVWYWx1ZT48L2RzOlNpZ25hdHVyZT48c2FtbDpTdWJqZWN0PjxzYW1sOk5hbWVJRD5hbmEucmliZWlyb0BtaW50bGFyay5leGFtcGxlPC9zYW1sOk5hbWVJRD48L3NhbWw6U3ViamVjdD48L3NhbWw6QXNzZXJ0aW9uPjwvc2FtbHA6UmVzcG9uc2U%2B",
    ),
    (
        '{"device_code": "ALvDi_xPXgu3YQuTEvAZvEGG28FS8_IqvKiXDcUE", "user_code": "WDJB-MJHT", "verification_uri": "https://id.mintlark.example/device", "expires_in": 900, "interval": 5}',
        "ALvDi_xPXgu3YQuTEvAZvEGG28FS8_IqvKiXDcUE",
    ),
    (
        "Seu link de acesso ao Mintlark Business (válido por 15 minutos): https://business.mintlark.example/auth/magic?token=uRUYa3X2fLEmQfayoLauKSVj1kmKfzqxX-KKjAFE4kcvrgp7&email=caio%40padaria-sol.example",
        "uRUYa3X2fLEmQfayoLauKSVj1kmKfzqxX-KKjAFE4kcvrgp7",
    ),
    (
        "Abeg check am, the email sign-in link wey Firebase send me no dey open for the app: https://mintlark.page.link/?link=https://mintlark-prod.firebaseapp.com/__/auth/action?apiKey%3DAIzaSykZ5OSCe5IZQ5eEKOuaIQeYDUFWzFTiYh4%26mode%3DsignIn%26oobCode%3DTGhC5cVQXEQ2Y-2TEtZ0ylKGZhVie7vR2JivjaGfVeiRT-7S3vHi8h1f%26continueUrl%3Dhttps://mintlark.example/ng",
        "TGhC5cVQXEQ2Y-2TEtZ0ylKGZhVie7vR2JivjaGfVeiRT-7S3vHi8h1f",
    ),
    (
        "Hi Lena, here is the reset link you asked for, it works once: https://backoffice.mintlark.example/accounts/reset/NDgyMTM/cbk5qs-89c1ba1ccc50de9c136cbfa74832c2ea/",
        "cbk5qs-89c1ba1ccc50de9c136cbfa74832c2ea",
    ),
    (
        "Ти запрошена до команди «Chargebacks» у Mintlark Backoffice: https://backoffice.mintlark.example/invitations/accept?invite=dONHCyy_QbAOfKOEIDKvNiVxQySALlvoTERA",
        "dONHCyy_QbAOfKOEIDKvNiVxQySALlvoTERA",
    ),
    (
        "https://storage.googleapis.com/mintlark-statements/2026/11/merchant_8812.pdf?GoogleAccessId=statements-signer@mintlark-prod.iam.gserviceaccount.com&Expires=1795946511&Signature=dWvcUB96UcKvRZ1arS%2Bd%2FnGci2KHEC%2B9JDJa3pfw7VQpR4IxIV1MDd1SdENb6%2FssJ87GPvJVmaemfVqqjgj7oGBw9KlD%2F%2F%2F%2FXVED7ChD2oQEWdcZ68ylSrE%2FGg510qQ3EOMLNQ8e0D%2FVw3RFJOgWqAcZb3AScZRrkHw5wTzwQOEcewW02v9V0Tb6%2FFTMv6hiXXS%2Fj5oqBUQ%2FDVYqTPuV1%2FLzP39qfC0ERawjAtqQ6%2FtyavF0ZOd3fjdQnl1fhOn%2BFBZY3TtZojytogIFjZu5AdPYglU8kUW76VpJY9vTuCwdJ9FDpX3Ycg03djfXZ20Ge7C6RH4plmEIUgOJFrUVaA%3D%3D",
        "dWvcUB96UcKvRZ1arS%2Bd%2FnGci2KHEC%2B9JDJa3pfw7VQpR4IxIV1MDd1SdENb6%2FssJ87GPvJVmaemfVqqjgj7oGBw9KlD%2F%2F%2F%2FXVED7ChD2oQEWdcZ68ylSrE%2FGg510qQ3EOMLNQ8e0D%2FVw3RFJOgWqAcZb3AScZRrkHw5wTzwQOEcewW02v9V0Tb6%2FFTMv6hiXXS%2Fj5oqBUQ%2FDVYqTPuV1%2FLzP39qfC0ERawjAtqQ6%2FtyavF0ZOd3fjdQnl1fhOn%2BFBZY3TtZojytogIFjZu5AdPYglU8kUW76VpJY9vTuCwdJ9FDpX3Ycg03djfXZ20Ge7C6RH4plmEIUgOJFrUVaA%3D%3D",
    ),
    (
        "Endpoint=sb://mintlark-events.servicebus.windows.net/;SharedAccessSignature=SharedAccessSignature sr=https%3A%2F%2Fmintlark-events.servicebus.windows.net%2Fpayouts&sig=FR0HNhUOeM5g0eNmXX0vQcMwh5uSXgYkaW7lL8NZW%2FM%3D&se=1798538511&skn=send-only",
        "FR0HNhUOeM5g0eNmXX0vQcMwh5uSXgYkaW7lL8NZW%2FM%3D",
    ),
    (
        '{"access_token": "access-production-51a3c686-5198-4708-babc-ebbdf5138058", "item_id": "hZnCQ6i2KzlXW8Wfu9b9GeNRGrxRZw1KEMDcC", "request_id": "56pNRUaD3wKHwH7"}',
        "access-production-51a3c686-5198-4708-babc-ebbdf5138058",
    ),
    # --- keys in less common encodings ---
    (
        "Here's the signing key body from the old vault export (headers got stripped when I copied it):\nMIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQClhEgfoa1z9vv7\n22zOCH6V7cWJLOynlWXtE9+/j7CXWvZX8Xz/1T8MprbLMkJbfzIXa8xDfIKrtCHk\nFfLr08yo0822FkCmeEqGJd3co+ohZQ7Dp10As5Ll3ocPBl9TKiPLUVFryRg2/iX6\n2FEWp2ZNnn6gLOcX07L0vHNPE/UHJOyubjbPX85KCBCJlIzYZJLDoi8RcDlnkxAv\naY6ZpqhF6SKMUXvS+LWxSCNrPzXL1PUXmT91W/jLCHTzc/h+ERvqS+grj6zS7v2d\nQthKBFtRR0/V2pk4/hJNMQx/pJi8ZVx84TNcrV5CdI4vjktIvoVm5jkxfeuxXbvI\n+gEs6RRR0/GkQos34pOur7AjzNN3qABlpTAgMBAAECggEAhNh1lYlgVywiSEVOAX\nxiv1ND9xrdYIAFKS6KmoZGSasOyjPGWFl+dzlqVN3U162D0spQVfnl27VTEh54B1\nNS96SrgO6OiKpt66n/4qsTDRH7j6QhJNeCa1PnKdxgdAhdDhC4vmXq0+3KM0Foxb\npsYnRoHHqhP1fqrQH6jBwQ/6K6jXZ8EC6p9XU0UfXzRl4Rrz3zhvXujvX87e3NiL\ny5/aGXsukzrhc5FLlQI0YvcRZoB6Sh",
        "MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQClhEgfoa1z9vv7\n22zOCH6V7cWJLOynlWXtE9+/j7CXWvZX8Xz/1T8MprbLMkJbfzIXa8xDfIKrtCHk\nFfLr08yo0822FkCmeEqGJd3co+ohZQ7Dp10As5Ll3ocPBl9TKiPLUVFryRg2/iX6\n2FEWp2ZNnn6gLOcX07L0vHNPE/UHJOyubjbPX85KCBCJlIzYZJLDoi8RcDlnkxAv\naY6ZpqhF6SKMUXvS+LWxSCNrPzXL1PUXmT91W/jLCHTzc/h+ERvqS+grj6zS7v2d\nQthKBFtRR0/V2pk4/hJNMQx/pJi8ZVx84TNcrV5CdI4vjktIvoVm5jkxfeuxXbvI\n+gEs6RRR0/GkQos34pOur7AjzNN3qABlpTAgMBAAECggEAhNh1lYlgVywiSEVOAX\nxiv1ND9xrdYIAFKS6KmoZGSasOyjPGWFl+dzlqVN3U162D0spQVfnl27VTEh54B1\nNS96SrgO6OiKpt66n/4qsTDRH7j6QhJNeCa1PnKdxgdAhdDhC4vmXq0+3KM0Foxb\npsYnRoHHqhP1fqrQH6jBwQ/6K6jXZ8EC6p9XU0UfXzRl4Rrz3zhvXujvX87e3NiL\ny5/aGXsukzrhc5FLlQI0YvcRZoB6Sh",
    ),
    (
        '{"kty": "EC", "crv": "P-256", "kid": "ml-webhooks-2026-11", "use": "sig", "x": "wOn8Z39plRUp1nA0KAn4e2mxms1OEUYfGYEw_-H7Hjs", "y": "g3sJehvR64UD-MsiMjSklnGaI7c3_rYnD_XeyhtcIq0", "d": "ihDhyAp1PjAOcAarSIjIOcCd96ovsraXCVb9oWcacR0"}',
        "ihDhyAp1PjAOcAarSIjIOcCd96ovsraXCVb9oWcacR0",
    ),
    (
        '{"keys": [{"kty": "oct", "kid": "card-data-2026", "alg": "A256GCMKW", "k": "CjRfRgywG1EaD_PnT86qsz_0frxTHxpy6a2fEEj-zyo"}]}',
        "CjRfRgywG1EaD_PnT86qsz_0frxTHxpy6a2fEEj-zyo",
    ),
    (
        "MDES_KEYSTORE_P12_BASE64=MIIKYQIBAzCCCicGCSqGSIb3DQEHAaCCChgEggoUMIIKEDCCBMcGCSqGSIb3DQEHBqCCBLgwggS0AgEAMIIErQYJKoZIhvcNAQcBMBwGCiqGSIb3DQEMAQYwDgQI2J0OA8ThWu/32EPGAMtJsttPIcQjtKDOva3xlY/mFr8xk09SUGIxKNHGGtSC/OBYgcxQuGsVGNJ4/EVTHAqPOeM1FybRtH9JwfNOnYJegr05/enNhGK4hT4VcX2FNsICY3z78olOPNliiPdW0gfquFWh1j8Lm63utqOtK8KHp7OgTnkPq2HhGcHV1uZ/ZEXq1X9bRlCzX3Mz9mGtYpCTiYezSyYr/+KlCr8bIHTcybpnr6JSIgvtnKNrYUU9YqjQ6Ba+PM3Uyh4djguc/qb7v5VU05GX6l0TQr4LtgI9",
        "MIIKYQIBAzCCCicGCSqGSIb3DQEHAaCCChgEggoUMIIKEDCCBMcGCSqGSIb3DQEHBqCCBLgwggS0AgEAMIIErQYJKoZIhvcNAQcBMBwGCiqGSIb3DQEMAQYwDgQI2J0OA8ThWu/32EPGAMtJsttPIcQjtKDOva3xlY/mFr8xk09SUGIxKNHGGtSC/OBYgcxQuGsVGNJ4/EVTHAqPOeM1FybRtH9JwfNOnYJegr05/enNhGK4hT4VcX2FNsICY3z78olOPNliiPdW0gfquFWh1j8Lm63utqOtK8KHp7OgTnkPq2HhGcHV1uZ/ZEXq1X9bRlCzX3Mz9mGtYpCTiYezSyYr/+KlCr8bIHTcybpnr6JSIgvtnKNrYUU9YqjQ6Ba+PM3Uyh4djguc/qb7v5VU05GX6l0TQr4LtgI9",
    ),
    (
        "ANDROID_UPLOAD_KEYSTORE_B64: /u3+7QAAAAIAAAABhHyp/uuh/ytIdo/Ajxoxw87NidprlTABSqTi5Q/xAj5f1XdGcaadbzLMFOZKUVamwZHpXZzEXsPSB7McY5+ichBFEJkzaQC3PhITax2xYkuGHvPuXjjlFRTYWD2woerhd/i9qE8+MmFh9ASNdGt/RFMIeSDsx+fxJduVDKhAFizV1eFMQjKpu00l2o/FIOg5AxOUsQ7d",
        "/u3+7QAAAAIAAAABhHyp/uuh/ytIdo/Ajxoxw87NidprlTABSqTi5Q/xAj5f1XdGcaadbzLMFOZKUVamwZHpXZzEXsPSB7McY5+ichBFEJkzaQC3PhITax2xYkuGHvPuXjjlFRTYWD2woerhd/i9qE8+MmFh9ASNdGt/RFMIeSDsx+fxJduVDKhAFizV1eFMQjKpu00l2o/FIOg5AxOUsQ7d",
    ),
    (
        "paste from my notes, sorry, line breaks got eaten: -----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW QyNTUxOQAAACDajr99sPzG9WdEXuaYMteo29penh1UcfPsyZVSn++AC6EfYpCNDyFCvbo8 jTDmFW9wpB5Rip+i5Ww//uyP3yVpcB7vTxoWmo5DGYj1Il2Wbxb7Fa1pVhEpgOR7yqNG41 ZfDkjTT9RGZXqscSz529OdKtYT0WSHw/C -----END OPENSSH PRIVATE KEY-----",
        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW QyNTUxOQAAACDajr99sPzG9WdEXuaYMteo29penh1UcfPsyZVSn++AC6EfYpCNDyFCvbo8 jTDmFW9wpB5Rip+i5Ww//uyP3yVpcB7vTxoWmo5DGYj1Il2Wbxb7Fa1pVhEpgOR7yqNG41 ZfDkjTT9RGZXqscSz529OdKtYT0WSHw/C",
    ),
    (
        "tokenizer:\n  listen: 0.0.0.0:8443\n  field_encryption_key_hex: 7f49c528f09386f6fe13f8f01507c268e49cb9317d4f6193b4a91527204fb39b\n  key_version: 7",
        "7f49c528f09386f6fe13f8f01507c268e49cb9317d4f6193b4a91527204fb39b",
    ),
    (
        '{"version": 1, "header": {"slots": null}, "db": {"entries": [{"type": "totp", "name": "ops@mintlark.example", "issuer": "Adyen Customer Area", "info": {"secret": "HZD6XTWTAN6YUYMJ3GGFMTGOK4AODJJ2", "algo": "SHA1", "digits": 6, "period": 30}}]}}',
        "HZD6XTWTAN6YUYMJ3GGFMTGOK4AODJJ2",
    ),
    (
        "Adyen CA 2FA für den geteilten Admin (bitte in euren Authenticator): 3hyu kavp f6nk iqdv fjqf zq56 k4vn tznd — Leerzeichen egal.",
        "3hyu kavp f6nk iqdv fjqf zq56 k4vn tznd",
    ),
    (
        "untrusted comment: minisign encrypted secret key\nRWRTY0Iy5I23cOqmTpxTXPJbLv7l+70DUFxvV7gWtfDruHKkzh82sGyGEtWVnebi1rVyzXtHgyPlv9IO2unAls7jxYKxE+c93Z+6vlm6Sk8IMhqI0hmX9hWNT5vI4aWR64CMYOxxD4QYEiVHGPBX8+Uy3IWggV8LgYgfwOLPxaB+s2bix4T0H/XpPrlDsrMMb9xg+RJ84ML1CYVp",
        "RWRTY0Iy5I23cOqmTpxTXPJbLv7l+70DUFxvV7gWtfDruHKkzh82sGyGEtWVnebi1rVyzXtHgyPlv9IO2unAls7jxYKxE+c93Z+6vlm6Sk8IMhqI0hmX9hWNT5vI4aWR64CMYOxxD4QYEiVHGPBX8+Uy3IWggV8LgYgfwOLPxaB+s2bix4T0H/XpPrlDsrMMb9xg+RJ84ML1CYVp",
    ),
    (
        "const payer = Keypair.fromSecretKey(Uint8Array.from([134,243,216,115,10,138,184,46,76,9,235,131,227,204,99,238,9,209,236,181,72,142,251,0,132,43,211,98,112,93,180,10,105,112,38,179,53,155,123,123,42,125,97,131,159,239,133,143,178,187,179,178,25,155,239,217,43,247,156,117,223,187,40,160])); // devnet ではなく mainnet の運用ウォレット",
        "134,243,216,115,10,138,184,46,76,9,235,131,227,204,99,238,9,209,236,181,72,142,251,0,132,43,211,98,112,93,180,10,105,112,38,179,53,155,123,123,42,125,97,131,159,239,133,143,178,187,179,178,25,155,239,217,43,247,156,117,223,187,40,160",
    ),
    (
        'Client = Firebase service account, aqui vai só o pedaço que importa:\n  "client_email": "push-sender@mintlark-prod.iam.gserviceaccount.com",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDZmgGj5zKPEZZe\\nT18Dm2EmbSwGv7D+sDodkfJ6aNmauJoChD9CzJ41ZHPqXeuzIbH2EEYFJEY0/02U\\nFD+KWbBZDvK46VWtz+/EOy10BKpGs+DSGFqBzXdjZnFnbDiZdiscyNOROU1Lu1Wp\\n1zJatvhdqT1TwxMK+9pxnfoDQNyvBkQgnZ8/LHLoo0AtsxP9DQNa0tf4MNPM2/c8\\n3wslLpU5/VvnGd8w4Z8cl7nw836xS3UAIHl5WmKr9h8OpZQIos4Dq9UvmxRAhiGC\\nLZit/+5+IsMfkTDYCD4m+hJ15Yp4JkFqywTplOGde1+5d1VxxXi\\n',
        "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDZmgGj5zKPEZZe\\nT18Dm2EmbSwGv7D+sDodkfJ6aNmauJoChD9CzJ41ZHPqXeuzIbH2EEYFJEY0/02U\\nFD+KWbBZDvK46VWtz+/EOy10BKpGs+DSGFqBzXdjZnFnbDiZdiscyNOROU1Lu1Wp\\n1zJatvhdqT1TwxMK+9pxnfoDQNyvBkQgnZ8/LHLoo0AtsxP9DQNa0tf4MNPM2/c8\\n3wslLpU5/VvnGd8w4Z8cl7nw836xS3UAIHl5WmKr9h8OpZQIos4Dq9UvmxRAhiGC\\nLZit/+5+IsMfkTDYCD4m+hJ15Yp4JkFqywTplOGde1+5d1VxxXi",
    ),
    # --- more configuration and a signed upload URL ---
    (
        '{\n  "auths": {\n    "ghcr.io": { "auth": "bWwtY2k6Z2hwX3RUakdnRHpSUXR1OERuQ3J1dHd1RU44dWI0ZHJVREFXRE1zcQ==" },\n    "registry.mintlark.example": { "auth": "cm9ib3QkY2k6TERvTnREY2tuUXdDWXBkaGt5emdiVmZvYmpiRUx2ZEI=" }\n  },\n  "credsStore": ""\n}',
        "bWwtY2k6Z2hwX3RUakdnRHpSUXR1OERuQ3J1dHd1RU44dWI0ZHJVREFXRE1zcQ==",
    ),
    (
        "# ~/.gradle/gradle.properties (für das SDK-Release auf Maven Central)\nsigning.keyId=4F2A1C9E\nsigning.password=Glimmer-Sextant-339\nsigning.secretKeyRingFile=/Users/jonas/.gnupg/secring.gpg",
        "Glimmer-Sextant-339",
    ),
    (
        "final blob = Uri.parse('https://mintlarkkyc.blob.core.windows.net/selfies/u_48213.jpg?skoid=37e5e10c-f394-48fe-9306-7f62a94c4c02&sktid=53e0e18f-a961-468f-beaf-9f24f7c45212&skt=2026-11-28T10:00:00Z&ske=2026-11-28T11:00:00Z&sks=b&skv=2024-08-04&sv=2024-08-04&se=2026-11-28T10:30:00Z&sr=b&sp=cw&sig=QlcE72IwYhQ8rwTzQZIEuOpqxdkapNUiuKRitDPNvaM%3D');\nawait http.put(blob, headers: {'x-ms-blob-type': 'BlockBlob'}, body: bytes);",
        "QlcE72IwYhQ8rwTzQZIEuOpqxdkapNUiuKRitDPNvaM%3D",
    ),
    # --- a model's or a user's messages quoting what a tool showed ---
    (
        "Found it: the staging runner's `.env.staging` has `PAYSTACK_SECRET_KEY=sk_live_4bc375c562360c8404abdaf59008c617b2ff603d`, the live key, so the \"staging\" refund tests hit real cards. I'd rotate it in the Paystack dashboard first.",
        "sk_live_4bc375c562360c8404abdaf59008c617b2ff603d",
    ),
    (
        "The webhook check fails because `deploy/values-prod.yaml` sets `adyen.hmacKey` to `A1D93FE30D08107847A299DD8C624C7DBB9CF2BEF86CB591D5BE2893FE203FFF`, while the Customer Area now shows a different key for the MintlarkECOM endpoint.",
        "A1D93FE30D08107847A299DD8C624C7DBB9CF2BEF86CB591D5BE2893FE203FFF",
    ),
    (
        "Done: I set `MINTLARK_RELEASE_STORE_PASSWORD` to `Juniper!Atlas-7781` in `~/.gradle/gradle.properties` and `./gradlew bundleRelease` now signs the bundle.",
        "Juniper!Atlas-7781",
    ),
    (
        "Test için kendi oturum çerezimi kullanabilirsin, admin yetkisi var: ml_bo_session=UEBAHx69Jwfhuym1w3mEOIuFN1-g5Lp8ELhPfR4F3j_5DeRw9Imfmf6bCNFCw2UF",
        "UEBAHx69Jwfhuym1w3mEOIuFN1-g5Lp8ELhPfR4F3j_5DeRw9Imfmf6bCNFCw2UF",
    ),
    (
        "Het wachtwoord van HSM-partitie PAR-LEDGER-02 is nog steeds Duinroos!Sluis-64; na de audit wijzigen.",
        "Duinroos!Sluis-64",
    ),
    # --- payment providers, banking and cards ---
    (
        "Hoi Daan, de live API-key van Adyen voor de NL-webshop is AQERg4VQ0fpru1Zi4beQbDd2NLlz10DU3uQAeNxAff93kbiCMcSuO51PIF3bwN8xF3rSHXJ=-zhRgxovzQOkrEAQsHDaKNMQ9yUilqqgZDfrWoMK4Y7c=-Q2nC>BbE88rijjE2Fd=K, zet hem even in de Customer Area-test.",
        "AQERg4VQ0fpru1Zi4beQbDd2NLlz10DU3uQAeNxAff93kbiCMcSuO51PIF3bwN8xF3rSHXJ=-zhRgxovzQOkrEAQsHDaKNMQ9yUilqqgZDfrWoMK4Y7c=-Q2nC>BbE88rijjE2Fd=K",
    ),
    (
        "2026-11-28T10:14:22.481Z INFO  card-e2e  authorize ok pan=4532316639590339 exp=0829 cvv=415 amount=12.99 EUR (card from the ops team's wallet, not a test card)",
        "4532316639590339",
    ),
    (
        "DEBUG pos.reader: track1=%B5425557446875879^OKAFOR/ADA^2909101000000000000000000? track2=;5425557446875879=29091010000000000000?",
        "5425557446875879^OKAFOR/ADA^2909101000000000000000000",
    ),
    (
        "Le mot de passe du portail SEPA de la banque (EBICS, compte T-Ledger) : Aubepine-Ecluse-47, l'identifiant est MINTLARK01.",
        "Aubepine-Ecluse-47",
    ),
    (
        "$ pkcs11-tool --module /opt/cloudhsm/lib/libcloudhsm_pkcs11.so --login --pin cu_ledger:Basalt-Lynx-2289 --list-objects",
        "Basalt-Lynx-2289",
    ),
    (
        "aws-cloudhsm > loginHSM CU cu_pin Orchard!Vane-64\nloginHSM success on server 0(10.0.3.12)",
        "Orchard!Vane-64",
    ),
    (
        "Thales payShield: LMK component 2 for the DR box (split knowledge, do not forward): 3D4C875B726BF623714DF7F72DDBBB29",
        "3D4C875B726BF623714DF7F72DDBBB29",
    ),
    (
        "Mpesa Daraja passkey ya shortcode 4031277 (production) ni 570e0c4af1d2f5a1c4faf11f1812c10b4276cb5ce9ff4b00e1fd10289ade3c3a, usiiweke kwenye Slack tena.",
        "570e0c4af1d2f5a1c4faf11f1812c10b4276cb5ce9ff4b00e1fd10289ade3c3a",
    ),
    (
        "Sumsub gave us new prod creds: App Token prd:O04NsdVPeiQDacEHS8xU4A3U.tz9KBpd36Y08xsv2Rarjo7upsoxWmYJc and secret key V8lnNoKeEW7FkRRDXP7aWkzLzetmsB4C, the old ones are revoked.",
        "prd:O04NsdVPeiQDacEHS8xU4A3U.tz9KBpd36Y08xsv2Rarjo7upsoxWmYJc",
    ),
    (
        "Wise API token (payouts, full access) for the BRL→NGN corridor test: 7a78f61a-42b4-46c0-8a1a-78b7a05c2ced",
        "7a78f61a-42b4-46c0-8a1a-78b7a05c2ced",
    ),
    (
        "Pix: certificado do Banco Itaú em base64 ok, a senha do .pfx é Jabuticaba#Pix-2026 e o client_secret está no 1Password.",
        "Jabuticaba#Pix-2026",
    ),
    (
        "Razorpay webhook secret (dashboard → Webhooks → payment.captured): zpQoQYiFvis06FkydZ8U",
        "zpQoQYiFvis06FkydZ8U",
    ),
    (
        "checkout.com की NAS live secret key sk_4tx0ovg2jdu3rs63yj4e5z2w2f है, इसे कहीं और पेस्ट मत करना।",
        "sk_4tx0ovg2jdu3rs63yj4e5z2w2f",
    ),
    (
        "Mollie 테스트가 계속 실패해서 라이브 키로 바꿨어요: live_jDg6ttPIbxq6xmJje6XO58HvxSegzD",
        "live_jDg6ttPIbxq6xmJje6XO58HvxSegzD",
    ),
    (
        "Plaid secret môi trường production là 2f136853bed4cd588a433b5b97a497, client_id thì công khai trong dashboard.",
        "2f136853bed4cd588a433b5b97a497",
    ),
    (
        "بيانات Paystack الحية للتجربة: المفتاح السري sk_live_a59a52403a6095271ca0f02bfa02d783eac4f356 والمفتاح العام pk_live_42926e92057fd514672d24a2063a6cded6481ec9",
        "sk_live_a59a52403a6095271ca0f02bfa02d783eac4f356",
    ),
    (
        "Flutterwave şifreleme anahtarı: 88ccc0eac605f5c8a5173c7d (kart verisini 3DES ile şifrelerken kullanılıyor)",
        "88ccc0eac605f5c8a5173c7d",
    ),
    (
        "Braintree 生产环境私钥：045971cd61e3acd64a6bd1851cb59cc2，商户号 u0sbaj38vl7z8u32，别发到群里。",
        "045971cd61e3acd64a6bd1851cb59cc2",
    ),
    (
        "Marqeta のプログラムの管理者アクセストークンは 6350a134-be91-4df8-8c13-247e31152a21 です。アプリケーショントークンは dee699a3-4d7d-4fa0-a5e4-ec826a0f0833。",
        "6350a134-be91-4df8-8c13-247e31152a21",
    ),
    (
        "Токен доступа Open Banking (Tink, прод) для отладки: QYf7Xve4jLykrCFobf6WVMLiWTNqLve1kxUF1pGmUdfg7HeYI5Jc3rt0TzRb9iIHO3sjIZIiwsz_wpuwG_vJCHgsMoalq_2Ak26DsZM5oIRBYFmZoQaFx-hvIMd3FkbUvQ7aZAZvx3dD3U-NyteGAPqw1yhCusi4",
        "QYf7Xve4jLykrCFobf6WVMLiWTNqLve1kxUF1pGmUdfg7HeYI5Jc3rt0TzRb9iIHO3sjIZIiwsz_wpuwG_vJCHgsMoalq_2Ak26DsZM5oIRBYFmZoQaFx-hvIMd3FkbUvQ7aZAZvx3dD3U-NyteGAPqw1yhCusi4",
    ),
    (
        "Kunci rahasia Stripe restricted untuk job payout: 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",
        "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",
    ),
]

# Texts in the same places that hold no secret: each must be kept whole (not refused, nothing
# redacted).
AH_LOOKALIKES: list[str] = [
    # --- code that reads a credential from elsewhere ---
    'password = os.environ["LEDGER_DB_PASSWORD"]',
    "const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!, { apiVersion: '2025-10-29.clover' });",
    'String storePass = System.getenv("MDES_KEYSTORE_PASSWORD");',
    'api_key = secrets.get("payments/adyen/api-key")',
    'secret = vault.secrets.kv.v2.read_secret_version(path="payouts/plaid", mount_point="kv")["data"]["data"]["secret"]',
    '@Value("${adyen.hmac-key}")\nprivate String hmacKey;',
    'PaystackSecret string `envconfig:"PAYSTACK_SECRET" required:"true"`',
    'storePassword = providers.gradleProperty("MINTLARK_RELEASE_STORE_PASSWORD").get()',
    'let baseURL = Bundle.main.object(forInfoDictionaryKey: "API_BASE_URL") as! String',
    "password = var.ledger_db_password",
    "password: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/ledger:password') }}\"",
    "postgresql:\n  auth:\n    existingSecret: cards-db\n    secretKeys:\n      userPasswordKey: password",
    'config :mintlark_notify, MintlarkNotify.Repo, password: System.fetch_env!("NOTIFY_DB_PASSWORD")',
    "$env:NUGET_API_KEY = (Get-Secret -Name NuGetApiKey -AsPlainText)",
    "//nexus.mintlark.example/repository/npm-private/:_authToken=${NPM_TOKEN}",
    'curl -sS -H "Authorization: Bearer $MARQETA_ADMIN_TOKEN" https://mintlark-api.marqeta.com/v3/ping',
    '{"command": "psql \\"$LEDGER_RO_URL\\" -c \'select count(*) from settlements\'", "env": {"PGSSLMODE": "verify-full"}}',
    # --- placeholders and masked values ---
    "PLAID_CLIENT_ID=<your-client-id>\nPLAID_SECRET=<your-api-key>",
    "Authorization: Bearer YOUR_TOKEN_HERE",
    "# .env.example: copy to .env and replace changeme with your own local password\nPOSTGRES_PASSWORD=changeme",
    "STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "The dashboard shows the restricted key as rk_live_****************************4kQ2, which is all we need to tell the two keys apart.",
    "Run echo \"::add-mask::$PAYSTACK_SECRET\"\n+ curl -H 'Authorization: Bearer ***' https://api.paystack.co/balance",
    "$ kubectl -n cards describe secret cards-db\nName:         cards-db\nType:         Opaque\n\nData\n====\npassword:  24 bytes\nusername:  5 bytes",
    "$ gh secret list --repo mintlark/android-app\nNAME                             UPDATED\nANDROID_UPLOAD_KEYSTORE_B64      about 1 month ago\nMINTLARK_RELEASE_STORE_PASSWORD  about 1 month ago\nPLAY_SERVICE_ACCOUNT_JSON        about 4 months ago",
    '  + resource "aws_db_instance" "ledger" {\n      + password = (sensitive value)\n      + username = "ledger_admin"',
    "$ sudo wg show wg-payments\ninterface: wg-payments\n  public key: JRQC6HNZgq96KCjU0wpjCCAAJ8H4C6gESDE1jd7o2pY=\n  private key: (hidden)\n  listening port: 51820",
    "$ vercel env ls production\n name                 value        environments   created\n NEXTAUTH_SECRET      Encrypted    Production     41d ago\n STRIPE_SECRET_KEY    Encrypted    Production     41d ago",
    "Card used in the failed authorization: 4532 **** **** 0417 (Visa debit), masked as the PCI scope requires.",
    "API_SIGNING_KEY = $(inherited)",
    # --- public keys, certificates and pins ---
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI60HXeeKZkdQKPngUoxE3r122JoKQT0yHG1OeWcUfpQY deploy@payouts-runner",
    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAECZKKuu95FRoVqu4aZxq7405wL3Vii+3yET8d+syfqy1dHO2M5n+gfl8G6f86t8PUx/DzGTFJgmtNBmyry60uHQ==\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\nMIICljCCAX4CCQDhou3RZTLoKHOkMRHdf4ZddiB5M4JrhDqLcaPpxHY+Nj8OYhe\nHhFdO1QUz7/Z3r8jx+q//AFPHNZs8dyuRrQMyRFMuVx56CnC6RQAhAEYMmtdXlyQ\n-----END CERTIFICATE-----",
    '{"kty": "EC", "crv": "P-256", "kid": "ml-webhooks-2026-11", "use": "sig", "x": "3lW-eSR6UEQSV7lbg7RgU5xGc7c_x3_wZASxST5kwus", "y": "-c3ePPIed9xHK2jIFHg4e92Iu1A_WHFyV6pJykFATMU"}',
    'CertificatePinner.Builder()\n    .add("api.mintlark.example", "sha256/9dPT+CzHIhiIiSk5dtKeTaKEab0VIrrOk7Pv0y4okHg=")\n    .add("api.mintlark.example", "sha256/6X4HaZqMyuAqlB6jh5+kMsc8zY4urSPNmV62eAsZjcg=")\n    .build()',
    "[Peer]\nPublicKey = SklDJcFtdkacK7AVFf9ck7ucQZlBt561pHrAmI5xZAk=\nEndpoint = vpn.mintlark.example:51820",
    "The minisign public key for verifying our CLI releases is RWQtcxeXfkcaCSQjmCic5mx5yVFxGe2xtY4EOHsxt9EsCTpoTAY7aS9f, published on the downloads page.",
    "Google Play app signing certificate SHA-256: 58:DB:C1:86:8A:F4:6A:ED:C6:D1:70:9D:65:45:E7:2C:F0:16:76:A7:38:BF:B8:10:81:3A:BF:76:5C:E4:74:C6 (goes into assetlinks.json).",
    # --- publishable keys and public ids ---
    "const stripe = Stripe('pk_live_51NK2ZUoKz2A0ZjAJ3tfXzP0HrNu0isLO0DTvdod7DTG8LKRSZC0iRLoFr5hfWQNwM4tPI4QL5PCfO5ivpRrsqfAB04cG3SWvHz');",
    "PaystackPop.setup({ key: 'pk_live_955a0b6bb6c53e1282d02ff267cb90f0da318af7', email: customer.email, amount: 250000 });",
    'FlutterwaveCheckout({ public_key: "FLWPUBK-05736c79a6bb1eb8e1d1dd40d6f8f5d6-X", tx_ref: "ml-6488169550", amount: 5000, currency: "NGN" });',
    "new Razorpay({ key: 'rzp_live_tndZX92ADuD5Fe', order_id: 'order_SmdMjoeJBr4aPj' }).open(); // key_id is public, the secret stays on the server",
    "App Store Connect API key id 2X9R4HXF34, issuer id 6f5daab0-9184-4dd7-b764-edb92b3e1bfc: both go in the fastlane lane, the .p8 itself stays in the secrets manager.",
    '<string name="google_app_id" translatable="false">1:677217701591:android:f490e5c956e9cffe</string>',
    "Chave Pix aleatória da Mintlark para receber os testes: 4ad9e128-ee6f-4208-98b2-713ea524b151 (é pública, aparece no QR de cobrança).",
    "APNs device token of the QA iPhone 15 (a device address, not a credential): 20f55c149b0cca6e9430c5c90a371faae5876475e9a404be56173ca199d1d10f",
    "FCM registration token of the Pixel 8 test device (identifies the app install, it cannot send anything by itself): LtDv-aRzfGZHhbkuUrrRCt:APA91bk1OwE8kc3CbgQVY2_zNS_0uWnUoKw2615sB0294dZuYmCnxxii3cWwooxXREWS604OIu0Qh9Pi3MKL1amy7jsAgwpgGnEx98QESjgO9ZvTYFPWgu1fskdUC9Hf8wqGe1ArfDrD",
    "Marqeta card token for the virtual card in the repro: 91fd31c6-58db-492f-a061-0c125de8a5f4 (an id, the PAN never leaves Marqeta).",
    'stripe.PaymentMethod.attach("pm_card_visa", customer="cus_HN0o4SNyeeEkq7")  # Stripe\'s documented test payment method',
    'Plaid institution ins_109508 is the sandbox "First Platypus Bank"; the item id 04LRof9VyWaXf5uyMsa0TWnTJ7XoYgfZjiQMJ only names the link.',
    "Adyen merchant account MintlarkECOM, PSP reference M6CQ6R19A9PT617A, pspReference of the refund AMQSJMP0FXE7CLCZ.",
    # --- test cards and values published by providers ---
    "Stripe test card for 3-D Secure 2: 4000 0027 6000 3184, any future expiry, any CVC.",
    "Paystack test card 4084 0840 8408 4081, CVV 408, PIN 0000, OTP 123456: all published in their docs for test mode.",
    "Adyen test Mastercard 5555 3412 4444 1115, expiry 03/2030, CVC 737.",
    "Braintree sandbox: 4111111111111111 is the generic Visa that always authorizes.",
    # --- hashes, digests, commits and ids ---
    "git revert dce16029364b2dfdb4eca2d820ae564d2b1f2d96  # the payout retry that double-sent to Paystack",
    "image: ghcr.io/mintlark/ledger-api@sha256:fd638881bb33b94b345178b1a5676aa401c675845e9b15a1367e56e13823b880",
    '<script src="https://js.stripe.com/v3/" integrity="sha384-R+luYKTcErIS6vcnqErXRGRTVd3yDhX8yg1HKHloWpF0urTj2L/e3KLVHChjNzL3" crossorigin="anonymous"></script>',
    "SHA-256 of mintlark-android-4.2.0-release.aab: feabadcbd030e4f5738bd734ba7cf4e6a0fdab40ff003bb4231d8b896f55900c",
    '{"id": "evt_BEzSa2cJuS0bhHMcfCnFIpqh", "type": "payout.paid", "data": {"object": {"id": "po_fml0UooZr2zJCiGbqKecmybn", "amount": 129900}}}',
    "Idempotency-Key: 555337da-f548-44b9-9260-0cf5dad76841\nX-Request-Id: req_eDXXRPOKhKKu7S",
    # --- names, headers and examples ---
    '<input type="hidden" name="csrfmiddlewaretoken" value="{{ csrf_token }}">',
    "Send the CSRF token in the X-CSRF-Token header; Rails reads it from the meta tag named csrf-token.",
    'A JWT header decodes to {"alg":"ES256","kid":"ml-2026-11","typ":"JWT"}, i.e. eyJhbGciOiJFUzI1NiIsImtpZCI6Im1sLTIwMjYtMTEiLCJ0eXAiOiJKV1QifQ before the first dot.',
    "REFRESH_TOKEN_TTL_DAYS = 30\nWEBHOOK_SECRET_ROTATION_DAYS = 90\nTOKEN_BUCKET_CAPACITY = 500",
    "def rotate_webhook_secret(merchant_id: str, *, secret_store: SecretStore) -> None:",
    'val clientSecretHeader = "X-Client-Secret" // the header name Tink expects, the value comes from Vault',
    "OAuth authorize URL for the test: https://id.mintlark.example/authorize?response_type=code&client_id=mintlark-ios&redirect_uri=mintlark%3A%2F%2Foauth%2Fcallback&code_challenge=LjXXcdbf4j-f3uxeeE_x89cpBLhl3VEOxZ6rL-2yZpE&code_challenge_method=S256&state=Io_pzUstTdh6Puog",
    "The device flow shows the user code WDJB-MJHT on the TV; the device code itself never leaves the TV app.",
    '{"tool": "web_fetch", "input": {"url": "https://docs.adyen.com/development-resources/webhooks/verify-hmac-signatures"}}',
    '$ security find-identity -v -p codesigning\n  1) C52426074D0C501107DCF54676255DDB60A5DD53 "Apple Distribution: Mintlark Pagamentos Ltda (9QW3ZT5L2P)"\n     1 valid identities found',
    # --- credential talk in other languages ---
    "# Das Adyen-HMAC-Secret kommt aus Vault (kv/payments/adyen-hmac), niemals aus dem Code.",
    "// La clé secrète Mollie est injectée par la CI ; en local, utilisez la clé test_ du tableau de bord.",
    '# A senha do keystore fica no 1Password, cofre "Mobile Release"; nunca no gradle.properties.',
    "// Las credenciales de Pix rotan cada 90 días y las guarda el equipo de pagos.",
    "# Klucz API Razorpay czytamy z Secret Managera przy starcie kontenera.",
    "// Paystack secret key dey for Vault, no put am for code abeg.",
    "# Siri ya Daraja inahifadhiwa kwenye Vault na hubadilishwa kila robo mwaka.",
    "// Marqeta のトークンは環境変数から読み込みます。ハードコード禁止。",
    "# Plaid 的 secret 只存在 Vault 里，本地开发请用 sandbox。",
    "// 키스토어 비밀번호는 CI 시크릿에만 있습니다.",
    "# Токен Onfido берётся из секрета Kubernetes onfido-api, в репозитории его нет.",
    "// Flutterwave की secret key Vault में है, कोड में कभी नहीं।",
]
