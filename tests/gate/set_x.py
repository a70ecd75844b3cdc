# ruff: noqa: E501, RUF001 (the cases as written, in their own scripts and quotes)
"""Set X: secrets in shapes the earlier sets (M to T, and set K) do not hold, and
look-alikes that must keep every character.

Written before the redaction and gate code was read for it. The shapes: secrets inside code a
model or a user pastes (a Python dict and keyword arguments, a JS object, a Go struct literal,
a Rust const, a C# constructor, a PHP ``define()``, a Java ``setProperty``, a Ruby hash, a
docker-compose ``environment:`` list, Helm ``--set``, terraform tfvars, a Kubernetes Secret
whose key names no credential, a GitHub Actions ``env:``, Ansible connection variables, a
Kafka JAAS line, SQL ``ALTER ROLE``, ``CREATE LOGIN`` and ``SET PASSWORD``); URLs (Slack,
Discord and Teams webhooks, an otpauth seed, basic auth in amqp, ftp, smb, ldap, nats and a
git remote, keys in query strings under ``code``, ``k``, ``access``, ``auth``, ``key`` and a
GCS signature); command lines (``curl -u``, ``PGPASSWORD=``, ``mongosh -p``, ``kubectl
--from-literal``, ``az login -p``, ``smbclient -U user%pass``, ``wget --http-password``,
``ldapsearch -w``, ``openssl -passout pass:``, ``7z -p``, ``zip -P``); vendor key formats
(SendGrid, GitLab, Hugging Face, DigitalOcean, Vault, Shopify, Figma, Postman, Grafana, an
Atlassian API token, a 1Password secret key) and vendor headers; prose in fifteen languages
with the value after a verb of changing or setting, glued to a prefix, or in the language's own
script; passphrases of ordinary words; backup codes in a line, license keys, TOTP seeds spaced
in groups; an SSH and a PGP private key fragment without their armour; an AWS secret key with
no key id and no credential word; a password told as a hint with its answer; secrets given
over two turns. Every value is made up.

The look-alikes: commit hashes, UUIDs of public resources, versions, checksums and digests
named as such, docs URLs, ports, placeholders and references to where a secret is kept, code
that handles a password without holding one, public ids (a video, a trace, an analytics
measurement id), a data URI, credential talk in the languages above.

The measurements are in tests/gate/test_set_x.py's docstring.
"""

from __future__ import annotations

#: (text, a value that must not be kept, in full or in any part of six characters).
X_SECRETS: list[tuple[str, str]] = [
    # code: Python, JS, Go, Rust, C#, PHP, Java, Ruby
    (
        'DATABASES = {"default": {"ENGINE": "django.db.backends.postgresql", "NAME": "shop", "USER": "shop", "PASSWORD": "vq7Rmz2Lw9tK", "HOST": "db"}}',
        "vq7Rmz2Lw9tK",
    ),
    (
        'client = Minio("s3.internal:9000", access_key="ops-minio", secret_key="la6ddisxLgh389JSzJyixTYk8ifkNi", secure=False)',
        "la6ddisxLgh389JSzJyixTYk8ifkNi",
    ),
    (
        "r = redis.Redis(host='cache', port=6379, db=0, password='w4tch-the-t1de')",
        "w4tch-the-t1de",
    ),
    (
        "const transport = nodemailer.createTransport({ host: 'smtp.acme.example', auth: { user: 'mailer', pass: 'tr0mbone.Quiver' } });",
        "tr0mbone.Quiver",
    ),
    (
        'cfg := &Config{Endpoint: "https://api.internal", Username: "svc", Password: "Zq9!mK2#pL7v"}',
        "Zq9!mK2#pL7v",
    ),
    ('const API_SECRET: &str = "3nuxBurp3K58a6hef9uNUu";', "3nuxBurp3K58a6hef9uNUu"),
    (
        'var cred = new NetworkCredential("svc_ftp", "tWe3ds-9Kx-pond");',
        "tWe3ds-9Kx-pond",
    ),
    (
        "define('AUTH_KEY', 'x$8Lq#2mT!vZ9@rP^wN6&yB4*kD1%hF');",
        "x$8Lq#2mT!vZ9@rP^wN6&yB4*kD1%hF",
    ),
    (
        'System.setProperty("javax.net.ssl.keyStorePassword", "spruce7Anvil7");',
        "spruce7Anvil7",
    ),
    (
        "config.action_mailer.smtp_settings = { user_name: 'apikey', password: 'SG.B5yV9y6r4PyskZI9j5Qb4w.Qb40z5lkcDutaaZWP596N6ycVkHKXQbSbZXKr20G4ga' }",
        "Qb40z5lkcDutaaZWP596N6ycVkHKXQbSbZXKr20G4ga",
    ),
    # deployment files
    (
        "services:\n  db:\n    image: postgres:16\n    environment:\n      - POSTGRES_USER=ledger\n      - POSTGRES_PASSWORD=ocelot.garden.41",
        "ocelot.garden.41",
    ),
    (
        "helm upgrade --install kc bitnami/keycloak --set auth.adminUser=admin --set auth.adminPassword=Tq4vLm8nZ2rW",
        "Tq4vLm8nZ2rW",
    ),
    ('region          = "eu-west-1"\nrds_admin_pw    = "9vB-2qLt-8zXm"', "9vB-2qLt-8zXm"),
    (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-env\ntype: Opaque\ndata:\n  DATABASE_URL: cG9zdGdyZXM6Ly9hcHA6UXVva2thLUxhbnRlcm4tOTA4QGRiOjU0MzIvYXBw",
        "cG9zdGdyZXM6Ly9hcHA6UXVva2thLUxhbnRlcm4tOTA4QGRiOjU0MzIvYXBw",
    ),
    (
        "jobs:\n  scan:\n    runs-on: ubuntu-latest\n    env:\n      SONAR_TOKEN: 6877a0652f1295a72a2cc5e3804e35ac3c7841a7",
        "6877a0652f1295a72a2cc5e3804e35ac3c7841a7",
    ),
    (
        "[webservers:vars]\nansible_user=deploy\nansible_become_pass=Kayak!Lumen55",
        "Kayak!Lumen55",
    ),
    (
        'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="ingest" password="RQF8nOZlr5Hb5X2X";',
        "RQF8nOZlr5Hb5X2X",
    ),
    # SQL
    ("ALTER ROLE analytics WITH LOGIN PASSWORD 'p1ckle-Jar-Lid';", "p1ckle-Jar-Lid"),
    (
        "CREATE LOGIN etl_loader WITH PASSWORD = N'Br1ght#Otter#4', CHECK_POLICY = OFF;",
        "Br1ght#Otter#4",
    ),
    ("SET PASSWORD FOR 'app'@'%' = 'kumquat77Zeal';", "kumquat77Zeal"),
    # webhooks and URLs
    (
        "Alerts post to https://hooks.slack.com/services/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",
        "bBXmqAgz6XFv3QynPPYF4ISc",
    ),
    (
        "Discord release bot: https://discord.com/api/webhooks/1187452390115672064/ZSQxRYRdHJqRwF0mrDMhAuqQrC98xyfh9vpg-6mm4l2bxu3lC7DomQMi72D",
        "ZSQxRYRdHJqRwF0mrDMhAuqQrC98xyfh9vpg",
    ),
    (
        "Teams channel connector: https://acme.webhook.office.com/webhookb2/2c5e8f1a-7b3d-4e9f-8a2c-6d1e0f3b5a7c@9d4e2f1a-6b8c-4a3e-9f7d-1c2b5e8a0d3f/IncomingWebhook/14214462adeeb701a9efab6564bba705/4f2a9c1e-8d7b-4a6e-b3f5-0c9d2e1a7b8f",
        "14214462adeeb701a9efab6564bba705",
    ),
    (
        "otpauth://totp/Acme:ops@acme.example?secret=DJI2R5WOZQRLPY3WGJJCMPT3RFYKMLTA&issuer=Acme",
        "DJI2R5WOZQRLPY3WGJJCMPT3RFYKMLTA",
    ),
    ("CELERY_BROKER=amqp://worker:Fj3kLq9Zp2@rabbit.internal:5672/prod", "Fj3kLq9Zp2"),
    ("Scans land on ftp://scanner:tulip2bulb9@files.acme.example/inbox/", "tulip2bulb9"),
    ("Mount smb://backup:Hx7-Marsh-Qe@nas01/archive on the build box.", "Hx7-Marsh-Qe"),
    ("ldaps://cn=reader:Mq8vZt3pLx@ldap.corp.example:636/dc=corp", "Mq8vZt3pLx"),
    ("NATS_URL=nats://ingest:Vw7Kd2Rq9Lb4@nats.internal:4222", "Vw7Kd2Rq9Lb4"),
    (
        "git remote set-url origin https://oauth2:glpat-30RktdqvxUIPgMJsmLw9@gitlab.acme.example/plant/api.git",
        "glpat-30RktdqvxUIPgMJsmLw9",
    ),
    (
        "POST https://acme-ingest.azurewebsites.net/api/collect?code=S88KmidY2eyNlIehSjZATBJfGt-3UbnfRbNSZgHab0D6Lg2y9==",
        "S88KmidY2eyNlIehSjZATBJfGt",
    ),
    (
        "Tiles come from https://tiles.mapvendor.example/{z}/{x}/{y}.png?k=kmnxtA9dUtlk3KtRTEwvuL",
        "kmnxtA9dUtlk3KtRTEwvuL",
    ),
    (
        "The shared report link: https://bi.acme.example/view/42?access=6MzAi3JcgI08FZ0Nu0o0uPN7ckENiiOz",
        "6MzAi3JcgI08FZ0Nu0o0uPN7ckENiiOz",
    ),
    (
        "Status badge: https://ci.acme.example/badge.svg?auth=5b97a1d87de16e0999e3f4448ec85030",
        "5b97a1d87de16e0999e3f4448ec85030",
    ),
    (
        "https://www.googleapis.com/youtube/v3/search?part=snippet&q=acme&key=AIzaSyB7xK2mQ9vLp4Tz8WcN3bR6yH1dJ5fS0aE",
        "AIzaSyB7xK2mQ9vLp4Tz8WcN3bR6yH1dJ5fS0aE",
    ),
    (
        "https://storage.googleapis.com/acme-exports/q3.csv?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Expires=900&X-Goog-Signature=3c7841a797755d34cebd6dc1c9da9a29ba3759bd51c2adb45da35fb239c74d2b",
        "3c7841a797755d34cebd6dc1c9da9a29ba3759bd51c2adb4",
    ),
    # command lines
    (
        "curl -u admin:Tq8vLm2Zr-Hx https://jenkins.acme.example/job/nightly/build",
        "Tq8vLm2Zr-Hx",
    ),
    (
        "PGPASSWORD='mango.Rafter.61' pg_dump -h pg-prod -U reporting ledger > ledger.sql",
        "mango.Rafter.61",
    ),
    (
        "mongosh mongodb://db01:27017 -u root -p 'Gz4!wPq8Lm' --authenticationDatabase admin",
        "Gz4!wPq8Lm",
    ),
    (
        "kubectl create secret generic smtp --from-literal=username=notifier --from-literal=password=Wren.Cobble.73",
        "Wren.Cobble.73",
    ),
    (
        "az login --service-principal -u 5f1c2e9a-3b7d-4e8f-a0c2-9d1b3e5f7a81 -p Qk8~Lm2vR.t9Zx_Wp4Nc-Bh7Yd3Jf --tenant acme.onmicrosoft.com",
        "Qk8~Lm2vR.t9Zx_Wp4Nc-Bh7Yd3Jf",
    ),
    ("smbclient //nas01/scans -U scanner%Pebble9Quartz", "Pebble9Quartz"),
    (
        "wget --http-user=mirror --http-password=Lx7Vq2Mz9 https://mirror.acme.example/iso/",
        "Lx7Vq2Mz9",
    ),
    (
        'ldapsearch -x -H ldap://ldap01 -D "cn=admin,dc=corp" -w Fennel#Dock#12 "(uid=alice)"',
        "Fennel#Dock#12",
    ),
    (
        "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:Opal-Heron-559",
        "Opal-Heron-559",
    ),
    ("7z a -pWalrus8Tundra -mhe=on backup.7z ./exports", "Walrus8Tundra"),
    ("zip -P quill4marsh9 -r payroll.zip payroll/", "quill4marsh9"),
    # vendor key formats and headers
    (
        "HF_TOKEN for the eval runner is hf_LmqiJZGblwedL2RBETZ8U7yRD2jeyaiZiD",
        "hf_LmqiJZGblwedL2RBETZ8U7yRD2jeyaiZiD",
    ),
    (
        "doctl auth init -t dop_v1_ba41a670113f1c918267a2df1fcfc9aa933f292f86454cd8a5a14eabf14c061b",
        "ba41a670113f1c918267a2df1fcfc9aa933f292f86454cd8a5a14eabf14c061b",
    ),
    (
        "X-Vault-Token: hvs.CAESIJ7xK2mQ9vLp4Tz8WcN3bR6yH1dJ5fS0aEGh4KHGh2cy5UZ0RpZmVs",
        "CAESIJ7xK2mQ9vLp4Tz8WcN3bR6yH1dJ5fS0aE",
    ),
    (
        "X-Shopify-Access-Token: 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",
        "f5edc8f35c9bc2bd2acac9ab96abfb69",
    ),
    (
        "X-Figma-Token: figd_TDifelmzqZUaGoKLVMCf8WQrTZ81aCRE-pGIxl7oa",
        "TDifelmzqZUaGoKLVMCf8WQrTZ81aCRE",
    ),
    (
        "Postman API key for the monitor: PMAK-65a1f2c3d4e5f6a7b8c9d0e1-2d70a4253bdac9888f4c604fa487816b24",
        "2d70a4253bdac9888f4c604fa487816b24",
    ),
    (
        "Grafana service account: glsa_rH5p8BxsHJECSDiape0Coq4GuqC0zFK2_9f3e1c2a",
        "rH5p8BxsHJECSDiape0Coq4GuqC0zFK2",
    ),
    (
        "Jira API token for the sync bot: ATATT3xFfGF0jcW0815Rp8khbnnv8NJwalQJWlE6iQ5g5GftQYpa2BO=8C1D2E3F",
        "jcW0815Rp8khbnnv8NJwalQJWlE6iQ5g5GftQYpa2BO",
    ),
    (
        "The 1Password Secret Key on the emergency kit: A3-8KQ2MX-7LPTZ9-W4HC3-NV6YJ-BD8RQ-2XKML",
        "7LPTZ9-W4HC3-NV6YJ",
    ),
    (
        "apikey: iHXiRDr2hTNEHVUemAQgB80ElYMsA3TeG56cIVXbgngzndWB",
        "iHXiRDr2hTNEHVUemAQgB80ElYMsA3TeG56cIVXbgngzndWB",
    ),
    (
        "Ocp-Apim-Subscription-Key: 63049ef71c8e8934fb1f586d6a039723",
        "63049ef71c8e8934fb1f586d6a039723",
    ),
    # no credential word
    (
        "Paste this into the second prompt of aws configure: 7Rk2Xq9vLm4Tz8WpN3cB6yH1dJ5fS0aE2uI9oKgQ",
        "7Rk2Xq9vLm4Tz8WpN3cB6yH1dJ5fS0aE2uI9oKgQ",
    ),
    (
        "For the staging bucket use AKIA4XQ2M7LP9TZ8WRC3 with 1LmqZ8vT2xR9kW4pN7cB3yH6dJ0fS5aE/uI9oKgQ",
        "1LmqZ8vT2xR9kW4pN7cB3yH6dJ0fS5aE/uI9oKgQ",
    ),
    (
        "the middle of my old deploy key, in case it helps:\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACBqL8xV2mN4pR7tY1wZ5kF3hJ9dS6aG0bC2vX8nM4qW7eAAAAJi7Yq2Zu2",
        "BqL8xV2mN4pR7tY1wZ5kF3hJ9dS6aG0bC2vX8nM4qW7e",
    ),
    (
        "From the secret key export (armour lines stripped):\nlQOYBGVxK2oBCADXq9vLp4Tz8WcN3bR6yH1dJ5fS0aEGh4KmW7xQ2vZ9tL3pR8nY\nc6B1dF5hJ0sK4aE7gM2wQ9vX3zL8pT5rN1yH6cB4dJ0fS7aE2uI9oKgQmZ3xV8tR",
        "ADXq9vLp4Tz8WcN3bR6yH1dJ5fS0aEGh4KmW7xQ2vZ9tL3pR8nY",
    ),
    # passphrases, codes, licenses, hints
    (
        "the vault passphrase is purple monkey dishwasher",
        "purple monkey dishwasher",
    ),
    (
        "To unlock the signing key, type: my dog eats homework on tuesdays",
        "my dog eats homework on tuesdays",
    ),
    (
        "LUKS on the laptop opens with 'gravel skillet meadow lantern' (four words, spaces).",
        "gravel skillet meadow lantern",
    ),
    (
        "Backup codes for the shared X account: wk3m9q2z8x7r b4n7t1y5c2v9 q8z3x6m1n4b7",
        "b4n7t1y5c2v9",
    ),
    (
        "TOTP seed for the ops Twitter login: M5AC MVLF OF3V XYDD V2ZB 53UF VJLT 5E6B",
        "OF3V XYDD V2ZB",
    ),
    (
        "Windows Server 2022 Datacenter license key: R8XQ2-M7KPL-4TZ9W-HC3NV-6YJBD",
        "R8XQ2-M7KPL-4TZ9W-HC3NV-6YJBD",
    ),
    (
        "JetBrains floating license server code: 2ZEDE7MQFFJ765F3ZTNGBJD752R6VWMJ",
        "2ZEDE7MQFFJ765F3ZTNGBJD752R6VWMJ",
    ),
    (
        "Password hint for the NAS: our street plus the year we moved in, so Birchwood2019.",
        "Birchwood2019",
    ),
    (
        "Same as the Wi-Fi one with the year swapped: Lighthouse!2027",
        "Lighthouse!2027",
    ),
    (
        "If the bastion asks, the answer is nebula5Crater and then hit enter twice.",
        "nebula5Crater",
    ),
    # prose in other languages
    ("स्टेजिंग डेटाबेस का पासवर्ड अब tamatar42Lal कर दिया है।", "tamatar42Lal"),
    ("غيّرت كلمة السر إلى nakhla77Sahra اليوم.", "nakhla77Sahra"),
    ("新しいAPIキーはこちら：q7Lm2xR9vT4kZ8wP3nB6", "q7Lm2xR9vT4kZ8wP3nB6"),
    ("Veritabanı şifresini Lodos+Martı+62 olarak değiştirdim.", "Lodos+Martı+62"),
    ("Mật khẩu mới của tài khoản admin: bunCha@HaNoi9", "bunCha@HaNoi9"),
    ("Kata sandi database produksi sudah diganti jadi rendang-Padang-5.", "rendang-Padang-5"),
    ("Nowe hasło do panelu to Żubr.Puszcza.77", "Żubr.Puszcza.77"),
    ("Het wachtwoord van de NAS is veranderd in stroopwafel-Gouda-12.", "stroopwafel-Gouda-12"),
    ("Nya lösenordet till Jira-servern blir kanelbulle+Fika3", "kanelbulle+Fika3"),
    ("รหัสผ่านใหม่ของบัญชีแอดมินคือ tomYum_Kung88", "tomYum_Kung88"),
    ("שיניתי את הסיסמה ל-falafel9Hummus", "falafel9Hummus"),
    ("Новий пароль до VPN: вишня-Калина-33", "вишня-Калина-33"),
    ("Το συνθηματικό για τον server άλλαξε σε Meltemi-Naxos-8.", "Meltemi-Naxos-8"),
    ("Parola serverului de test este Carpați-Brad-19.", "Carpați-Brad-19"),
    ("Kata laluan pelayan ujian: Durian#Musang4", "Durian#Musang4"),
    ("A senha do Wi-Fi do escritório mudou para cajuzinho2026.", "cajuzinho2026"),
    ("Para entrar al panel usa la clave mofongo-Rico-41.", "mofongo-Rico-41"),
    ("Den nye adgangskode til routeren er rugbrød-Sild-7.", "rugbrød-Sild-7"),
    ("新的数据库口令设成了 jiaozi-Xiang-520", "jiaozi-Xiang-520"),
    ("스테이징 서버 패스워드 바꿨어: kimchi-Jjigae-9", "kimchi-Jjigae-9"),
]

#: A secret given over two turns: (the turns, the values no turn may keep, the memory an
#: agent would write of them, which must not be shared with any value).
X_TURNS: list[tuple[tuple[str, ...], tuple[str, ...], str]] = [
    (
        (
            "What should I put in the Grafana admin password field?",
            "Use Harvest-Kettle-208, I just set it.",
        ),
        ("Harvest-Kettle-208",),
        "The Grafana admin password is Harvest-Kettle-208.",
    ),
    (
        (
            "I'll send the staging API key in two parts because the chat truncates long lines.",
            "part one: Kx9Lm2Qv7Rz4",
            "part two: Tn5Wc8Yb1Hd6",
        ),
        ("Kx9Lm2Qv7Rz4", "Tn5Wc8Yb1Hd6"),
        "Staging API key: Kx9Lm2Qv7Rz4Tn5Wc8Yb1Hd6.",
    ),
    (
        (
            "Which Wi-Fi do we use at the offsite?",
            "Network 'Birchlake', and it's the same string as last year but ending in 27 instead of 26: pinecone-Drift-27",
        ),
        ("pinecone-Drift-27",),
        "Offsite Wi-Fi 'Birchlake' key: pinecone-Drift-27.",
    ),
]

#: Texts that must keep every character and are not refused as a secret.
X_LOOKALIKES: list[str] = [
    "Reverted 3f9c1e7a2b4d6e8f0a1c3e5b7d9f2a4c6e8b0d1f (the flaky retry) and cherry-picked 9e4b2c1 onto release/2.3.",
    "The public latency dashboard is https://grafana.acme.example/d/5f3c9a1e-7b2d-4e8f-9a0c-1d2e3f4a5b6c/latency.",
    "Upgrade to Node 20.11.1 and pnpm 9.0.6; Python stays on 3.12.7.",
    "Build v2.14.0-rc.1+build.5831 is the release candidate.",
    "SHA-256 checksum of the release tarball: 5da35fb239c74d2bedaf363cca1864455e0f477b2c871259a9c1e3f5b7d9e1f3.",
    "The MD5 of the old firmware image is d50b017647ac6483911e1528be34fefb; the vendor still publishes it.",
    "image: ghcr.io/acme/api@sha256:30765908ca66adf6b3ad7039672afea61b0f518e25564d60c8e1a2b3d4f5a6b7",
    "Git LFS pointer: oid sha256:4b1c9e2a7d3f5e8b0a6c4d2e1f9a7b5c3d1e0f8a6b4c2d0e9f7a5b3c1d0e8f6a size 1048576",
    "See https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html before rotating keys.",
    "Password rules are documented at https://pages.nist.gov/800-63-3/sp800-63b.html#memsecret.",
    "Redis listens on 6379 and the sentinel on 26379; RabbitMQ's management UI is on 15672.",
    "export GITHUB_TOKEN=<your-token>",
    "API_KEY=your-api-key-here",
    "token: ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx is how the docs write a GitHub token.",
    'ansible_become_pass: "{{ vault_become_pass }}"',
    "password=$(cat /run/secrets/db_password)",
    "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: ledger-db\n        key: password",
    "services:\n  db:\n    image: postgres:16\n    environment:\n      - POSTGRES_DB=ledger\n      - PGPORT=5433",
    'DATABASES = {"default": {"ENGINE": "django.db.backends.postgresql", "NAME": "shop", "HOST": "db", "PORT": 5432}}',
    'password = getpass.getpass("Vault password: ")',
    "const token = process.env.GITHUB_TOKEN;",
    'if len(password) < 12:\n    raise ValueError("password too short")',
    "ALTER ROLE analytics SET search_path = reporting, public;",
    "GRANT SELECT ON ALL TABLES IN SCHEMA reporting TO analytics;",
    "CREATE LOGIN etl_loader FROM WINDOWS;",
    "Slack incoming webhooks look like https://hooks.slack.com/services/... and are kept in Vault under secret/slack.",
    "The otpauth:// URI holds the seed, so we never paste it; scan the QR code instead.",
    "CELERY_BROKER=amqp://rabbit.internal:5672/prod",
    'curl -u "$JENKINS_USER:$JENKINS_TOKEN" https://jenkins.acme.example/job/nightly/build',
    "kubectl create secret generic smtp --from-file=password=./smtp-password.txt",
    "The demo video is https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s.",
    "Trace 4bf92f3577b34da6a3ce929d0e0e4736 shows the slow query.",
    "The analytics measurement id is G-7XK2MQ9VLP.",
    "The favicon is inlined as data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAR0lEQVR4nGNgGAWjYBSMglEwCkbBKBgFo2AUjAIAAEAAAf8ClzIAAAAASUVORK5CYII=",
    "The AWS role is arn:aws:iam::123456789012:role/deploy in eu-central-1.",
    "Artifacts go to s3://acme-prod-artifacts/builds/2026/11/.",
    "PR https://github.com/acme/plant/pull/2291/files?w=1 hides whitespace changes.",
    "Customer cus_Q8x2LmT9vR4kZp asked for a refund on invoice in_1Nq8ZfGh2Kx9LmPq.",
    "Brand colours: #1F6FEB primary, #D29922 accent.",
    "The token bucket holds 500 tokens and refills 50 per second.",
    "Licenses are checked with `acme-cli license status`; the product is MIT-licensed.",
    "The TOTP window is 30 seconds with one step of drift allowed.",
    "Backup codes are regenerated after each use; store them in 1Password.",
    "The vault passphrase is rotated every quarter by two directors together.",
    "Password hint fields are disabled in the SSO config.",
    "पासवर्ड हर तीन महीने में बदलना होता है।",
    "كلمة المرور محفوظة في Vault ولا تُرسل بالبريد.",
    "パスワードは1Passwordの「Infra」保管庫にあります。",
    "Şifre her çeyrekte değiştirilir.",
    "Mật khẩu được lưu trong Vault.",
    "Kata sandi disimpan di Vault dan diganti tiap bulan.",
    "Hasło zmieniamy co 90 dni.",
    "Het wachtwoord staat in 1Password, kluis 'Ops'.",
    "Lösenordet måste ha minst 14 tecken.",
    "รหัสผ่านต้องมีอย่างน้อย 12 ตัวอักษร",
    "הסיסמה נשמרת ב-Vault.",
    "Пароль зберігається у Vault і змінюється щомісяця.",
    "Ο κωδικός αλλάζει κάθε μήνα.",
]
