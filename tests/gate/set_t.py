# ruff: noqa: E501, RUF001 (the cases as written, in their own scripts and quotes)
"""Set T: secrets in shapes the earlier sets (M to S in :mod:`tests.gate.own_sets`, and set K)
do not hold, and look-alikes that must keep every character.

Written before the redaction and gate code was read for it. The shapes: recovery (seed)
phrases of 12 and 24 words and diceware passphrases announced in prose; PINs, door, alarm,
safe and voicemail codes, some in digits of other scripts or in words; Wi-Fi keys read off a
sticker; a password spelled out, reversed, or split over two sentences; .netrc, .npmrc
``_auth``, kubeconfig, HCL, TOML, INI, Java properties, Gradle, Maven, unattend.xml,
wpa_supplicant, hostapd, redis.conf, Cisco lines, SQL ``CREATE USER``/``IDENTIFIED BY``, libpq
conninfo, a Dockerfile ``ENV``; passwords as arguments of a call (``auth=(...)``,
``login(...)``, ``new PDO(...)``, GraphQL); session cookies and JWTs in prose, an OAuth
fragment, an authenticator migration URI; card numbers and an IBAN beside card and account
words; look-alike letters, a zero-width space or soft hyphen in the credential word, bidi
marks around the value, quotes of other scripts; colloquial credential words in Thai,
Vietnamese, Indonesian, Swahili, Hindi (Latin), Korean, Japanese and Chinese, and suffixes
glued to the value (Turkish, Hungarian). Every value is made up.

The look-alikes: versions, pins, random seeds, commits, record ids, ports, tickets, policies
and places where a credential is kept, placeholders, public keys and fingerprints, a test
card, an account id, config with no secret, credential talk in eleven languages, a plain
sentence of twelve words and a list of twelve tags.

The measurements are in tests/gate/test_set_t.py's docstring.
"""

from __future__ import annotations

ZWSP = "\u200b"
ZWJ = "\u200d"
SHY = "\u00ad"
RLM = "\u200f"
RLE = "\u202b"
PDF = "\u202c"

#: (text, a value that must not be kept). A text with two values is listed once per value.
T_SECRETS: list[tuple[str, str]] = [
    # recovery (seed) phrases
    (
        "Treasury cold wallet recovery phrase (24 words, Trezor): canyon orbit velvet hazard tribe lunar picnic gossip margin fossil eager width ripple soda anchor bleak cotton depth flavor island maple noble rescue shiver",
        "margin fossil eager width",
    ),
    (
        "The MetaMask seed for the grants wallet is: judge spray cabin elder quote brisk fiction ladder orphan sunset vapor thumb",
        "cabin elder quote brisk",
    ),
    (
        "wallet:\n  network: mainnet\n  mnemonic: 'pumpkin ostrich random ledger absorb tunnel glimpse olive craft hurdle motion civil'",
        "absorb tunnel glimpse olive",
    ),
    (
        "Die Wiederherstellungsphrase der Ledger-Wallet lautet: dolphin merit shadow bronze lottery anger famous cruise drill sketch upper rhythm",
        "lottery anger famous cruise",
    ),
    (
        "Las doce palabras de respaldo de la billetera son: orange pilot kidney saddle blossom theory vivid crater fiscal hobby nominee spray",
        "saddle blossom theory vivid",
    ),
    (
        "冷钱包助记词：window castle proof amateur slender cereal nation bounce jaguar typical rookie enroll",
        "slender cereal nation bounce",
    ),
    (
        "寄付用ウォレットのシードフレーズ: arctic frame cluster poverty seminar token remind apology drift gospel mutual oblige",
        "poverty seminar token remind",
    ),
    (
        "Seed words from the backup card:\n1. harvest\n2. glove\n3. tenant\n4. ozone\n5. vessel\n6. cradle\n7. method\n8. awkward\n9. stumble\n10. pledge\n11. orient\n12. museum",
        "tenant",
    ),
    # diceware passphrases
    (
        "The team vault's master phrase is now six diceware words — unwind graceful tadpole ferment bagpipe sultry.",
        "tadpole ferment bagpipe",
    ),
    (
        "Correct-horse-battery-staple style, as IT asked: for the backup drive I used plaid umbrella gravy moth.",
        "plaid umbrella gravy moth",
    ),
    (
        "My Bitwarden master password is four random words joined by dots: cactus.morbid.relish.yodel",
        "cactus.morbid.relish.yodel",
    ),
    (
        "'velvet otter sings loudly' unlocks the encrypted backup volume.",
        "velvet otter sings loudly",
    ),
    # PINs and codes
    ("Alarm code for the office is one-nine-eight-four, then press OFF.", "one-nine-eight-four"),
    ("The safe in the finance room opens at 36-12-48 (right, left, right).", "36-12-48"),
    ("My voicemail PIN is 7 3 0 9 in case you need to check messages.", "7 3 0 9"),
    ("Garage door keypad: 5521 followed by the lock key.", "5521"),
    ("رمز کارت بانکی شرکت ۴۸۲۹ است.", "۴۸۲۹"),
    ("الرقم السري لبطاقة الشركة هو ٧٣١٥", "٧٣١٥"),
    ("ऑफिस के लॉकर का पिन ६२८४ है।", "६२८४"),
    ("金庫の暗証番号は４８２１です。", "４８２１"),
    ("Namba ya siri ya M-Pesa ya ofisi ni 5829.", "5829"),
    ("รหัส ATM ของบัตรบริษัทคือ 9134", "9134"),
    ("Mã PIN thẻ công ty là 2741.", "2741"),
    ("PIN kartu kredit kantor 8823, jangan disebar.", "8823"),
    ("অফিসের লকারের পিন ৩৯৫৭।", "৩৯৫৭"),
    ("קוד הכניסה לבניין הוא 4821#", "4821"),
    # Wi-Fi keys off a sticker
    ("Sticker on the guest router: SSID Acme-Guest, WPA2 key 7HK2-9QXM-44RT", "7HK2-9QXM-44RT"),
    ("Wi-Fi for the offsite cabin — network 'Lakeside', pass 'loonsong1982'", "loonsong1982"),
    # spelled out, reversed, split over two sentences
    (
        "Jenkins admin pw, spelled out: capital K, then 7, then lower-case m-o-s-s, then an exclamation mark.",
        "m-o-s-s",
    ),
    ("The router password is t-u-l-i-p-4-4, all lower case.", "t-u-l-i-p-4-4"),
    ("The kiosk password is 'Kitten' with a capital K and the number 42 after it.", "Kitten"),
    (
        "The first half of the backup password is Ostrich-91. The second half is Lagoon#7, no space.",
        "Ostrich-91",
    ),
    (
        "The first half of the backup password is Ostrich-91. The second half is Lagoon#7, no space.",
        "Lagoon#7",
    ),
    (
        "Password for the kiosk, written backwards so shoulder-surfers miss it: 77!nocaeB",
        "77!nocaeB",
    ),
    # dot files and config syntaxes
    (
        "machine api.heroku.com\n  login ops@acme.example\n  password 6f1c2e9a-3b7d-4e8f-a0c2-9d1b3e5f7a80",
        "6f1c2e9a-3b7d-4e8f-a0c2-9d1b3e5f7a80",
    ),
    (
        "//nexus.corp.example/repository/npm/:_auth=Y2k6U3BydWNlLUxhdGNoLTQ0\nalways-auth=true",
        "Y2k6U3BydWNlLUxhdGNoLTQ0",
    ),
    (
        "users:\n- name: ci\n  user:\n    token: 7x3k9q.m2v8r4t6y1w5z0p3",
        "7x3k9q.m2v8r4t6y1w5z0p3",
    ),
    (
        "users:\n- name: admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\n    client-key-data: LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtFWS0tLS0tCk1IY0NBUUVFSUxkQ2x",
        "LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtFWS0tLS0tCk1IY0NBUUVFSUxkQ2x",
    ),
    (
        'provider "postgresql" {\n  host     = "pg.internal"\n  username = "tf"\n  password = "Quasar-Ember-3310"\n}',
        "Quasar-Ember-3310",
    ),
    (
        'resource "vault_generic_secret" "smtp" {\n  path      = "secret/smtp"\n  data_json = <<EOT\n{"pass": "Tinsel-Harbor-58"}\nEOT\n}',
        "Tinsel-Harbor-58",
    ),
    (
        '[tool.poetry.http-basic.corp]\nusername = "ci"\npassword = "Nimbus_Forge_71"',
        "Nimbus_Forge_71",
    ),
    ("[smtp]\nuser=alerts\npasswd=Cobalt~Vine~22", "Cobalt~Vine~22"),
    ("db.admin.pwd : Lantern\\=Fog\\:19", "Lantern"),
    ("signing.keyId=24875D73\nsigning.password=Orchard-Bell-604", "Orchard-Bell-604"),
    (
        "signingConfigs {\n    release {\n        storePassword 'Cormorant-Slate-12'\n        keyAlias 'upload'\n    }\n}",
        "Cormorant-Slate-12",
    ),
    (
        "<server>\n  <id>nexus</id>\n  <username>deploy</username>\n  <password>Gravel!Tern!73</password>\n</server>",
        "Gravel!Tern!73",
    ),
    (
        "<AdministratorPassword>\n  <Value>Kestrel*Dune*90</Value>\n  <PlainText>true</PlainText>\n</AdministratorPassword>",
        "Kestrel*Dune*90",
    ),
    ('network={\n    ssid="AcmeLab"\n    psk="marigold-tractor-55"\n}', "marigold-tractor-55"),
    ("interface=wlan0\nssid=AcmeLab\nwpa_passphrase=Heliotrope2026Lab", "Heliotrope2026Lab"),
    ("bind 0.0.0.0\nrequirepass Tamarind-Orbit-808", "Tamarind-Orbit-808"),
    ("username netadmin privilege 15 password 0 Cisc0-Falcon-21", "Cisc0-Falcon-21"),
    ("snmp-server community Qv7rT2mZx RW", "Qv7rT2mZx"),
    ("CREATE USER reporting WITH PASSWORD 'Mosaic#Quill#36';", "Mosaic#Quill#36"),
    ('ALTER USER app_owner IDENTIFIED BY "Tundra_Pike_48";', "Tundra_Pike_48"),
    ("GRANT ALL ON app.* TO 'etl'@'%' IDENTIFIED BY 'Bramble-Yew-67';", "Bramble-Yew-67"),
    (
        "primary_conninfo = 'host=10.0.3.4 port=5432 user=replicator password=Sorrel_Finch_29 sslmode=require'",
        "Sorrel_Finch_29",
    ),
    ("FROM postgres:16\nENV ADMIN_PASS Harrow-Jade-91", "Harrow-Jade-91"),
    (
        "The OpenVPN auth-user-pass file has two lines: vpn_acme and Ferro-Lumen-835.",
        "Ferro-Lumen-835",
    ),
    # passwords as arguments of a call
    ('r = requests.get(url, auth=("svc-report", "Pavlova!Kite9"))', "Pavlova!Kite9"),
    ('smtp.login("alerts@acme.example", "Vireo-Crest-14")', "Vireo-Crest-14"),
    ("$db = new PDO($dsn, 'app', 'Garnet-Wharf-39');", "Garnet-Wharf-39"),
    (
        'mutation { login(email: "ops@acme.example", password: "Plover*Cask*8") { token } }',
        "Plover*Cask*8",
    ),
    # sessions and tokens in prose
    (
        "I'm logged in as admin — the session cookie is connect.sid=s%3AqL8xV2mN4pR7tY1wZ5.kF3hJ9dS6aG0bC2vX8nM4qW7eR1tY5uI",
        "qL8xV2mN4pR7tY1wZ5",
    ),
    (
        "Use this for the staging API, it's valid a week: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzdGFnaW5nLWJvdCIsImV4cCI6MTc5OTk5OTk5OX0.Tq3vXk9Lm2Pz8Rw4Yb6Nc1Hd5Jf7Gs0Ae2Ku4Io6Wx",
        "Tq3vXk9Lm2Pz8Rw4Yb6Nc1Hd5Jf7Gs0Ae2Ku4Io6Wx",
    ),
    (
        "Copy my browser cookie if you need to reproduce it: _acme_session=bXlTZXNzaW9uRGF0YVhZWg%3D%3D--7f3e9c1a2b4d6e8f0a1c3e5b7d9f2a4c6e8b0d1f",
        "7f3e9c1a2b4d6e8f0a1c3e5b7d9f2a4c6e8b0d1f",
    ),
    (
        "After login the browser landed on https://app.acme.example/cb#access_token=Zk8qR2mV7xP4tN1wL6yB9cH3&expires_in=3600",
        "Zk8qR2mV7xP4tN1wL6yB9cH3",
    ),
    (
        "Export of the shared authenticator: otpauth-migration://offline?data=CjEKCkhlbGxvId6tvu8SEmFsaWNlQGV4YW1wbGUuY29tGgdFeGFtcGxl",
        "CjEKCkhlbGxvId6tvu8SEmFsaWNlQGV4YW1wbGUuY29tGgdFeGFtcGxl",
    ),
    # cards and accounts
    (
        "Corporate Amex for SaaS renewals: 3782 414852 53888, exp 07/28, CID 4412.",
        "3782 414852 53888",
    ),
    ("Company Visa 4916 8465 6321 2233 exp 11/27 CVV 382", "4916 8465 6321 2233"),
    ("Firmenkreditkarte: 5193 9528 9078 6666, gültig bis 04/29.", "5193 9528 9078 6666"),
    (
        "Payroll account IBAN DE23 1203 0000 9876 5432 11, online banking PIN 60318.",
        "60318",
    ),
    (
        "Payroll account IBAN DE23 1203 0000 9876 5432 11, online banking PIN 60318.",
        "DE23 1203 0000 9876 5432 11",
    ),
    # look-alike letters, invisible marks, quotes of other scripts
    ("admin password：Sparrow-Quartz-19", "Sparrow-Quartz-19"),
    ("pαsswοrd = Vesper-Atlas-73", "Vesper-Atlas-73"),
    (f"pass{ZWSP}word: Lupine-Garnet-46", "Lupine-Garnet-46"),
    (f"Mot de passe : Cas{ZWJ}sis-Tuile-77", "sis-Tuile-77"),
    (f"Pass{SHY}wort: Eichhorn-Moos-25", "Eichhorn-Moos-25"),
    (f"كلمة المرور: {RLE}Zahra-Nakheel-31{PDF}", "Zahra-Nakheel-31"),
    (f"הסיסמה החדשה: {RLM}Shaked-Ilan-84{RLM}", "Shaked-Ilan-84"),
    ("Пароль от роутера «Рябина-Клён-57»", "Рябина-Клён-57"),
    ("管理画面のパスワードは『Fuji-Yuki-2209』", "Fuji-Yuki-2209"),
    ("服务器密码为《Longjing-Cha-66》", "Longjing-Cha-66"),
    ("관리자 비밀번호는 〈Hangang-Byeol-39〉 입니다", "Hangang-Byeol-39"),
    ("Das Kennwort ist ‚Amsel-Fichte-81‘", "Amsel-Fichte-81"),
    ("The NAS password is “Tangerine Quokka Velvet”.", "Tangerine Quokka Velvet"),
    # colloquial words and glued suffixes in many languages
    ("گذرواژه وای‌فای دفتر: Anar-Golestan-92", "Anar-Golestan-92"),
    ("সার্ভারের পাসওয়ার্ড হচ্ছে Ilish-Nodi-58, কাউকে বলবেন না।", "Ilish-Nodi-58"),
    ("พาสเวิร์ด wifi ห้องประชุม Mali-Thong-73 นะครับ", "Mali-Thong-73"),
    ("pass wifi quán là caphesua2024 nha", "caphesua2024"),
    ("sandi wifi kantor: kopisusu88", "kopisusu88"),
    ("Nywila ya seva ya majaribio ni Simba-Mto-27.", "Simba-Mto-27"),
    ("sir, server ka pwd Chai-Patti-41 rakha hai", "Chai-Patti-41"),
    ("Yeni şifremiz Kartal-Boğaz-19'dur.", "Kartal-Boğaz-19"),
    ("Salasanaksi vaihdettiin Pohjola-Kuusi-45.", "Pohjola-Kuusi-45"),
    ("A jelszót Duna-Híd-63-ra változtattuk.", "Duna-Híd-63"),
    ("비번은 Hallasan77이야", "Hallasan77"),
    ("共有アカウントのパスは Kamome55 ね", "Kamome55"),
    ("wifi密码：dumpling8888", "dumpling8888"),
    # no credential word: the act of logging in tells
    ("sudo asks for it every time: Lark-Meadow-73", "Lark-Meadow-73"),
    ("At the Synology login prompt type admin, then Juniper!Owl62.", "Juniper!Owl62"),
]

#: A secret given over two turns: (the turns, the values no turn may keep, the memory an
#: agent would write of them, which must not be shared with any value).
T_TURNS: list[tuple[tuple[str, ...], tuple[str, ...], str]] = [
    (
        (
            "The backup encryption passphrase has two halves; Priya holds the first: 'meadow lantern'",
            "and I hold the second: 'copper sparrow'. Write the whole thing into the runbook.",
        ),
        ("meadow lantern", "copper sparrow"),
        "Backup encryption passphrase (two halves, Priya and me): meadow lantern copper sparrow.",
    ),
    (
        (
            "new office Wi-Fi key, first part: Q7mZ2kLp",
            "OK, and the rest?",
            "rest of it: x9V4Rt — all one string, no spaces",
        ),
        ("Q7mZ2kLp", "x9V4Rt"),
        "Office Wi-Fi key is Q7mZ2kLpx9V4Rt.",
    ),
]

#: Texts that must keep every character and are not refused as a secret.
T_LOOKALIKES: list[str] = [
    "We pin numpy to 1.26.4 until the ABI issue is fixed.",
    "The random seed for the benchmark is 1234, so runs are reproducible.",
    "torch.manual_seed(42) is called in conftest.py.",
    "Seed the staging database with 12 fixture users before the demo.",
    "Fixed in commit 4e1a9c07b2d35f86e0a1c2b3d4e5f60718293a4b; see PR 2291.",
    "Record 7d9f3b2a-4c1e-4f8a-9b6d-2e0c5a7f1d3e is the duplicate customer.",
    "Postgres listens on 5432 and PgBouncer on 6432.",
    "Ticket OPS-4411 tracks the VPN outage; INC0012345 is the vendor's copy.",
    "Passwords must be at least 14 characters and contain a digit; see docs/security/passwords.md.",
    "The password is stored in Vault at secret/app/db.",
    "The docs write <password> where the reader puts their own.",
    "In .env.example the line is DB_PASSWORD=<your-password-here>.",
    "password: ${{ secrets.REGISTRY_PASSWORD }} in the GitHub Actions workflow.",
    "The seed phrase for the treasury wallet is kept on a steel plate in the office safe; two directors hold keys.",
    "Recovery phrases have 12 or 24 words from the BIP39 list.",
    "Use a diceware passphrase of at least six words for the team vault.",
    "The door code changes every month; facilities sends it on the 1st.",
    "The alarm panel is a Bosch B6512 on firmware 3.14.1.",
    "The safe in room 204 is rated EN 1143-1 grade II.",
    "Voicemail PINs are reset through the telecom portal, ticket type TEL-RESET.",
    "The Wi-Fi network is Acme-Guest on channel 36; ask reception for the key.",
    "The router sticker lists the serial SN 2C7A1B9F04 and the MAC 4C:11:AE:92:7F:03.",
    "The SSH host key fingerprint is SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8.",
    "Our deploy public key is ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGyM3lJ0e5q8d2Hk4Jw7xP1sV9tN6bR2cF8mQ0aZ4yL deploy@ci.",
    "The release is signed with GPG key 0x3AA5C34371567BD2.",
    "Stripe's test card 4242 4242 4242 4242 works with any future expiry in test mode.",
    "Card PAY-1234 on the board covers the refund flow.",
    "The AWS prod account id is 123456789012 in eu-central-1.",
    "The IBAN field is validated with the mod-97 check.",
    "JWTs are signed with RS256 and expire after 15 minutes.",
    "The session cookie is named __Host-sid and is HttpOnly, Secure, SameSite=Lax.",
    "The kubeconfig for staging lives at ~/.kube/staging.yaml and uses the OIDC plugin.",
    'terraform {\n  required_version = ">= 1.6.0"\n}',
    '[tool.poetry]\nname = "ledger"\nversion = "2.4.0"',
    "spring.datasource.url=jdbc:postgresql://db01:5432/ledger",
    "The JDBC URL is jdbc:mysql://db02:3306/shop?useSSL=true&serverTimezone=UTC.",
    "server.port=8443\nserver.ssl.enabled=true",
    "The otpauth:// URIs are generated by pyotp with issuer Acme and 30-second steps.",
    "Build 2026.11.28-rc.2+sha.7c1e9a2 went to staging.",
    "The password hashing scheme is argon2id with m=65536, t=3, p=4.",
    "SECRET_KEY is read from the environment; settings.py never holds it.",
    "The Grafana admin password comes from the GF_SECURITY_ADMIN_PASSWORD env var.",
    "-----BEGIN CERTIFICATE----- blocks in ca-bundle.pem are public; only the .key files are secret.",
    "we should move the nightly cron job to the new worker pool after the freeze",
    "Tags: python, backend, api, docker, redis, celery, postgres, nginx, sentry, grafana, loki, tempo.",
    "The helpdesk phone number is +49 30 1234 5678.",
    "The UPS tracking number is 1Z999AA10123456784.",
    "Order 1123-5813-2134-5589 shipped on Monday.",
    "The migration ran at 2026-11-28T14:03:12Z.",
    "पासवर्ड Vault में रखा जाता है और हर 90 दिन में बदला जाता है।",
    "পাসওয়ার্ড প্রতি তিন মাসে বদলানো হয়।",
    "รหัสผ่าน Wi-Fi เปลี่ยนทุกเดือน ถามได้ที่แผนกไอที",
    "Mã PIN phải có sáu chữ số.",
    "PIN kartu akses diganti setiap tahun oleh bagian umum.",
    "Nenosiri linahifadhiwa kwenye Vault na hubadilishwa kila mwezi.",
    "رمز عبور در Vault نگهداری می‌شود.",
    "הסיסמה נשמרת ב-Vault ומתחלפת כל רבעון.",
    "ポート：5432、バージョン：16.2",
    "版本号：3.12.1，端口：8080。",
    "Die Wiederherstellungsphrase liegt im Tresor der Buchhaltung.",
    "钱包助记词保存在公司保险柜里。",
]
