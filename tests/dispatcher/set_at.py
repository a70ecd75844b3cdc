# ruff: noqa: E501, RUF001
"""Set AT: whole sessions of the engineering and support team of an accounting and payroll software
company (a SaaS ledger, bank-feed integrations over Open Banking, EBICS and SFTP with MT940, CAMT
and BgMax files, payroll runs for several countries, tax-authority filings such as HMRC MTD and
RTI, ELSTER, DGFiP and DSN, SAT CFDI, NAV Online Számla, KSeF, myDATA, GST and ZATCA, e-invoicing
over Peppol, XRechnung/ZUGFeRD, Factur-X and FatturaPA, a support desk, a data warehouse,
Kubernetes, Terraform and Vault, and a Windows side for the desktop product), staff writing to a
coding and operations agent in more than twenty languages (English, German, French, Spanish,
Italian, Portuguese, Dutch, Swedish, Polish, Czech, Hungarian, Turkish, Russian, Ukrainian, Greek,
Japanese, Chinese, Korean, Arabic, Hebrew, Hindi, Thai, Vietnamese and Indonesian).

It measures the dispatcher's redaction on both sides: ``AT_CLEAN`` holds sessions without any
secret but full of look-alikes (IBANs and BICs of example and sandbox accounts, sort codes,
MT940/MT103 fields, invoice, voucher and reference numbers, VAT ids and tax ids, payroll employee
ids, NI numbers, BSNs, PESELs and other test person numbers, Peppol participant ids, UUIDs,
consent ids, event ids, commit SHAs, container digests, hashes, checksums, IRNs and invoice-chain
hashes, base64 of non-secret data, a JWT header alone, certificate thumbprints and fingerprints,
SSH public keys, EBICS public-key hashes, key ids, Vault paths and secret names without values,
passwords, tokens and PINs talked about without a value, placeholders such as <PASSWORD>,
${DB_PASS} and ****, masked card numbers, amounts and numbers spelled in words, error codes), each
of which must be stored byte for byte; ``AT_SECRET`` holds sessions with invented (fake)
credentials, in tool-call arguments (command lines, connection strings, headers, kubectl
literals), tool outputs (printed config and env files, decoded Kubernetes secrets, API responses
carrying tokens and secrets, logs) and chat (passwords in plain words, split over two messages or
two turns, spelled letter by letter or with NATO words, door and safe codes, TOTP seeds, recovery
codes, bank API client secrets, key passphrases, EBICS keys, tax-portal passwords, webhook signing
secrets), each with the exact substrings that must not survive anywhere the dispatcher stores
them.

The set was written blind: without reading the redaction rules, the daemon's code or any other
test set, only the session format of :mod:`tests.dispatcher.set_aq`. All data is synthetic.
"""

from __future__ import annotations

#: A message: (role, content) with role "user" | "assistant" | "tool"; or for an assistant's
#: tool call: ("call", "<tool name>", "<arguments JSON text>").
Message = tuple[str, ...]

#: Sessions without any secret: each is stored whole, byte for byte.
AT_CLEAN: list[tuple[str, list[list[Message]]]] = [
    (
        "en-hmrc-mtd-vat-obligations-sandbox",
        [
            [
                (
                    "user",
                    "The MTD VAT sandbox keeps telling the customer there are no open obligations for VRN 123456789, but their period 18A1 should be open. Can you hit the obligations endpoint the same way the connector does? The token is already exported in the shell as HMRC_TOKEN.",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "GET", "url": "https://test-api.service.hmrc.gov.uk/organisations/vat/123456789/obligations?from=2026-01-01&to=2026-12-31&status=O", "headers": {"Accept": "application/vnd.hmrc.1.0+json", "Authorization": "Bearer ${HMRC_TOKEN}", "Gov-Client-Connection-Method": "WEB_APP_VIA_SERVER", "Gov-Client-Device-ID": "b0a8e0f3-b994-486b-9268-45c9e71ca6b1"}}',
                ),
                (
                    "tool",
                    'HTTP/1.1 200 OK\ncontent-type: application/json\nx-correlationid: aaf7f976-7d84-4242-89a5-bbea0016f833\n\n{"obligations":[{"periodKey":"18A2","start":"2026-04-01","end":"2026-06-30","due":"2026-08-07","status":"O"}]}',
                ),
                (
                    "assistant",
                    "The API only returns 18A2 (1 April to 30 June, due 7 August) as open. 18A1 is not in the list at all, which in the sandbox means the test scenario attached to that VRN has already fulfilled it. Our connector is behaving correctly; the customer is looking at the wrong period. If you want the sandbox to return all four quarters as open, send the `Gov-Test-Scenario: QUARTERLY_NONE_MET` header.",
                ),
            ],
            [
                ("user", "ok thanks, and the correlation id in case they open a ticket with HMRC?"),
                (
                    "assistant",
                    "x-correlationid was aaf7f976-7d84-4242-89a5-bbea0016f833. HMRC support asks for that plus the timestamp of the call and the VRN (123456789).",
                ),
            ],
        ],
    ),
    (
        "en-mt940-parser-tag-61",
        [
            [
                (
                    "user",
                    "Bank feed import for tenant t-3310 failed overnight on an MT940 from the Barclays SFTP drop. Can you show me the statement around the failing line?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "sed -n \'1,18p\' /srv/bankfeeds/inbox/t-3310/MT940_20261118_0412.sta"}',
                ),
                (
                    "tool",
                    ":20:STMT20261118\n:25:NWBKGB2L/GB29NWBK60161331926819\n:28C:00218/001\n:60F:C261117GBP4821,37\n:61:2611181118D1250,00NTRFNONREF//8841200719\n:86:PAYROLL RUN 2026-11 LEDGERLY LTD REF PR-2611-0042\n:61:2611181118C96,00NMSCINV-2026-004812\n:86:CUSTOMER PAYMENT INV-2026-004812\n:61:2611181118CD12,50NCHGNONREF\n:86:BANK CHARGES NOV\n:62F:C261118GBP3654,87\n-",
                ),
                (
                    "assistant",
                    "The third `:61:` line is the problem: `2611181118CD12,50NCHG` has the debit/credit mark `CD`, which isn't valid — MT940 allows `C`, `D`, `RC` (reversal of credit) or `RD` (reversal of debit). Our parser reads `CD` as `C` followed by an amount starting with `D` and bails.\n\nThe balances actually work out if it's a debit: 4821.37 − 1250.00 + 96.00 − 12.50 = 3654.87, which matches `:62F:`. So the bank meant `D`. (Account is the statement for sort code 60-16-13, account 31926819, i.e. GB29NWBK60161331926819.) I'd treat it as a bank-side defect, add a tolerant mapping `CD → D` only when the closing balance reconciles, and log it.",
                ),
            ],
        ],
    ),
    (
        "en-k8s-describe-secret-sizes",
        [
            [
                (
                    "user",
                    "Did the sealed-secrets controller actually unseal the bank-feed credentials in the ledger-prod namespace? Don't print the values, just check the keys are there.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n ledger-prod describe secret bankfeed-credentials"}',
                ),
                (
                    "tool",
                    "Name:         bankfeed-credentials\nNamespace:    ledger-prod\nLabels:       app.kubernetes.io/name=bankfeed\nAnnotations:  sealedsecrets.bitnami.com/managed: true\n\nType:  Opaque\n\nData\n====\nclient_id:             36 bytes\nclient_secret:         48 bytes\nmtls.crt:              1842 bytes\nmtls.key:              1704 bytes\nsftp_known_hosts:      412 bytes",
                ),
                (
                    "assistant",
                    "Yes — the Secret exists and is managed by sealed-secrets. It has all five keys: `client_id` (36 bytes, consistent with a UUID), `client_secret` (48 bytes), the mTLS certificate and key, and `sftp_known_hosts`. `describe` only shows sizes, so nothing sensitive was printed.",
                ),
            ],
        ],
    ),
    (
        "en-terraform-plan-keyvault",
        [
            [
                (
                    "user",
                    "Run a plan for the payroll-uk workspace, I only want to see what changes on the key vault.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "cd infra/envs/payroll-uk && terraform plan -no-color -target=module.kv | tail -n 25"}',
                ),
                (
                    "tool",
                    'module.kv.azurerm_key_vault_secret.rti_gateway_password: Refreshing state... [id=https://kv-payroll-uk-prd.vault.azure.net/secrets/rti-gateway-password/9f6f131adc224f89941cf535622ab608]\n\nTerraform will perform the following actions:\n\n  # module.kv.azurerm_key_vault_secret.rti_gateway_password will be updated in-place\n  ~ resource "azurerm_key_vault_secret" "rti_gateway_password" {\n        id              = "https://kv-payroll-uk-prd.vault.azure.net/secrets/rti-gateway-password/9f6f131adc224f89941cf535622ab608"\n        name            = "rti-gateway-password"\n      ~ tags            = {\n          + "rotation" = "90d"\n        }\n      ~ value           = (sensitive value)\n        # (6 unchanged attributes hidden)\n    }\n\nPlan: 0 to add, 1 to change, 0 to destroy.',
                ),
                (
                    "assistant",
                    "One in-place update on `rti_gateway_password`: a new `rotation = 90d` tag and the value itself, which Terraform masks as `(sensitive value)`. The value change means the tfvars you have locally differ from what's in the vault — if you didn't intend to rotate the RTI gateway password today, don't apply this; check where `var.rti_gateway_password` is coming from first. The version id in the vault is 9f6f131adc224f89941cf535622ab608.",
                ),
            ],
        ],
    ),
    (
        "en-password-reset-token-design",
        [
            [
                (
                    "user",
                    "Product wants 'magic link' password resets for the customer portal. What should the token look like, how long should it live, and what do we store? Keep it short.",
                ),
                (
                    "assistant",
                    "- Token: 32 random bytes from a CSPRNG, URL-safe base64 (43 chars). Never derived from the user id or a timestamp.\n- Store only SHA-256 of the token in `password_reset_requests` with `user_id`, `created_at`, `expires_at`, `used_at`.\n- Lifetime 30 minutes, single use; issuing a new one invalidates older ones.\n- On use: compare hashes in constant time, set `used_at`, revoke all sessions, and force the user to set a new password — the link itself never logs anyone in.\n- Rate-limit per email (3/hour) and always answer 'if the address exists we sent a link'.\n- Log the request id, never the token or the link.",
                ),
            ],
            [
                ("user", "And the email template placeholder?"),
                (
                    "assistant",
                    "Use `{{ reset_url }}` in the template and build it server-side as `https://portal.ledgerly.example/reset?t=<TOKEN>` — the template never sees the raw token variable name, only the finished URL.",
                ),
            ],
        ],
    ),
    (
        "en-uk-payroll-rti-fps-rejection",
        [
            [
                (
                    "user",
                    "HMRC rejected the FPS for Ledgerly Demo Ltd this morning. Employee EMP-UK-00317, NI number QQ123456C, tax code 1257L, PAYE ref 123/AB45678, accounts office ref 123PA00045678. Error 7805. What's wrong?",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "payroll", "query": "SELECT employee_id, ni_number, tax_code, starter_declaration, start_date, leaving_date FROM payroll_uk.employees WHERE employee_id = \'EMP-UK-00317\';"}',
                ),
                (
                    "tool",
                    " employee_id  | ni_number | tax_code | starter_declaration | start_date | leaving_date\n--------------+-----------+----------+---------------------+------------+--------------\n EMP-UK-00317 | QQ123456C | 1257L    |                     | 2026-10-27 |\n(1 row)",
                ),
                (
                    "assistant",
                    "Error 7805 is a starter without a starter declaration. EMP-UK-00317 started on 27 October and has no `starter_declaration` (A, B or C) recorded, and there's no P45 data either. Ask HR which statement the employee ticked on the starter checklist, set it, and resubmit the FPS. Note QQ123456C is an HMRC test-prefix NI number, so if this is the live company the record itself is also wrong.",
                ),
            ],
        ],
    ),
    (
        "en-stripe-event-ids-reconciliation",
        [
            [
                (
                    "user",
                    "Finance says two card payments are missing from the ledger. Stripe event ids: evt_1QhT7uLdg3Kx9Z2mWq4R8sVb and evt_1QhT8bLdg3Kx9Z2mPf6N1cYe. Check whether our webhook consumer saw them.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -E \'evt_1QhT7uLdg3Kx9Z2mWq4R8sVb|evt_1QhT8bLdg3Kx9Z2mPf6N1cYe\' /var/log/ledger/webhooks/stripe-2026-11-19.log"}',
                ),
                (
                    "tool",
                    "2026-11-19T10:02:44Z INFO received type=payment_intent.succeeded id=evt_1QhT7uLdg3Kx9Z2mWq4R8sVb pi=pi_3QhT7tLdg3Kx9Z2m0u5JkW1a amount=24900 currency=gbp\n2026-11-19T10:02:44Z WARN signature verification failed id=evt_1QhT7uLdg3Kx9Z2mWq4R8sVb reason=timestamp outside tolerance (412s)\n2026-11-19T10:03:10Z INFO received type=payment_intent.succeeded id=evt_1QhT8bLdg3Kx9Z2mPf6N1cYe pi=pi_3QhT8aLdg3Kx9Z2m1x9HqB2c amount=8900 currency=gbp\n2026-11-19T10:03:10Z WARN signature verification failed id=evt_1QhT8bLdg3Kx9Z2mPf6N1cYe reason=timestamp outside tolerance (409s)",
                ),
                (
                    "assistant",
                    "Both events arrived (£249.00 and £89.00) but were rejected because the signature timestamp was ~410 seconds old, beyond the 300 s tolerance. That's almost always clock drift on the consumer node. Check `chronyc tracking` on the webhook pods' node; once the clock is fixed, resend both events from the Stripe dashboard — they'll be processed idempotently by event id.",
                ),
            ],
        ],
    ),
    (
        "en-rollout-by-digest",
        [
            [
                (
                    "user",
                    "Roll ledger-api in staging to the image built from commit 5c6c2d32ff214a5dfab21cbb096c3ea1bec610a4 — pin it by digest, not tag.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "crane digest registry.ledgerly.internal/ledger-api:git-5c6c2d3"}',
                ),
                ("tool", "sha256:33ac23e8447f1b77d0a7847b616ab3b2eb48c0a85b6dcfdc5ada391976e99884"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n ledger-staging set image deploy/ledger-api api=registry.ledgerly.internal/ledger-api@sha256:33ac23e8447f1b77d0a7847b616ab3b2eb48c0a85b6dcfdc5ada391976e99884 && kubectl -n ledger-staging rollout status deploy/ledger-api --timeout=180s"}',
                ),
                (
                    "tool",
                    'deployment.apps/ledger-api image updated\nWaiting for deployment "ledger-api" rollout to finish: 1 of 3 updated replicas are available...\nWaiting for deployment "ledger-api" rollout to finish: 2 of 3 updated replicas are available...\ndeployment "ledger-api" successfully rolled out',
                ),
                (
                    "assistant",
                    "Done. Staging runs `ledger-api@sha256:33ac23e8…e99884` (commit 5c6c2d3), all three replicas available.",
                ),
            ],
        ],
    ),
    (
        "en-git-bisect-vat-rounding",
        [
            [
                (
                    "user",
                    "VAT totals on multi-line invoices are off by a penny since some point last week. Bisect it between v4.18.0 and main using the test tests/vat/test_multiline.py.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "git bisect start main v4.18.0 && git bisect run pytest -q tests/vat/test_multiline.py 2>&1 | tail -n 12"}',
                ),
                (
                    "tool",
                    "running  'pytest' '-q' 'tests/vat/test_multiline.py'\n1 failed in 0.41s\nBisecting: 3 revisions left to test after this (roughly 2 steps)\n[3a0ef07b27466d9c325511fc5328e0ba02dbd6f1] Compute VAT per line before summing\nrunning  'pytest' '-q' 'tests/vat/test_multiline.py'\n1 failed in 0.39s\nBisecting: 0 revisions left to test after this (roughly 0 steps)\n[da41f1ae073a4aa7929c26c1d240287ced226d32] Extract money helpers\nrunning  'pytest' '-q' 'tests/vat/test_multiline.py'\n1 passed in 0.40s\n3a0ef07b27466d9c325511fc5328e0ba02dbd6f1 is the first bad commit",
                ),
                (
                    "assistant",
                    "First bad commit is 3a0ef07b27466d9c325511fc5328e0ba02dbd6f1 'Compute VAT per line before summing'. That's the classic line-level vs. total-level rounding difference: UK VAT rules allow either, but our invoices promise total-level. I'll run `git bisect reset` and look at that diff next.",
                ),
            ],
        ],
    ),
    (
        "en-support-masked-card-chargeback",
        [
            [
                (
                    "user",
                    "Customer ticket #SD-48213: they see a chargeback on card ending 4242 for invoice INV-2026-003977, ARN 74537606305000012345678. Draft a reply that explains the dispute process. Don't ask them for the full card number.",
                ),
                (
                    "assistant",
                    'Here\'s a draft:\n\n"Hello, thank you for getting in touch about invoice INV-2026-003977. We can see a dispute opened on your card ending in 4242 (shown to us as •••• •••• •••• 4242). The acquirer reference number for this transaction is 74537606305000012345678 — your bank can use it to locate the payment. Disputes are decided by your card issuer; we have submitted the invoice and delivery evidence and expect a decision within 30–45 days. There is nothing further you need to send us, and we will never ask for your full card number, CVC or online-banking password by email."',
                ),
            ],
        ],
    ),
    (
        "en-bank-sftp-known-hosts",
        [
            [
                (
                    "user",
                    "New SFTP endpoint for the Lloyds bank-feed pilot: sftp-pilot.bankfeeds.example.net port 2222. Grab the host key and compare to what their onboarding PDF says: SHA256:KXXMACxTdkGRO1Q+m0K3HhjfRXSaNrNJA5xrTfX6uGI",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh-keyscan -p 2222 -t ed25519 sftp-pilot.bankfeeds.example.net 2>/dev/null | tee /tmp/lloyds.kh && ssh-keygen -lf /tmp/lloyds.kh"}',
                ),
                (
                    "tool",
                    "[sftp-pilot.bankfeeds.example.net]:2222 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH91QluDXBSOQiWwpNXxoSyjK/cBPfHLl7xcS6Mr9TcW\n256 SHA256:KXXMACxTdkGRO1Q+m0K3HhjfRXSaNrNJA5xrTfX6uGI [sftp-pilot.bankfeeds.example.net]:2222 (ED25519)",
                ),
                (
                    "assistant",
                    "Fingerprint matches the PDF exactly (SHA256:KXXMACxTdkGRO1Q+m0K3HhjfRXSaNrNJA5xrTfX6uGI). Add this line to the `sftp_known_hosts` key of the bank-feed secret:\n\n`[sftp-pilot.bankfeeds.example.net]:2222 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH91QluDXBSOQiWwpNXxoSyjK/cBPfHLl7xcS6Mr9TcW`",
                ),
            ],
        ],
    ),
    (
        "en-ebics-ini-hia-letters",
        [
            [
                (
                    "user",
                    "The bank wants the INI and HIA letters re-sent for the EBICS subscriber of tenant t-1207 (HostID EBIXHOST, PartnerID LEDG1207, UserID USR01). Print the hashes we registered so I can compare them to the signed letters.",
                ),
                ("call", "bash", '{"command": "ebicsctl letters --tenant t-1207 --format text"}'),
                (
                    "tool",
                    "EBICS 3.0  HostID=EBIXHOST  PartnerID=LEDG1207  UserID=USR01\nA006 (signature)      public key hash (SHA-256):\n  DC C7 1C 67 92 76 BD C6 B0 C9 6D C2 31 FE 53 61\n  51 65 88 B8 82 90 39 53 8A 1D 94 3F 87 52 D7 1C\nX002 (authentication) public key hash (SHA-256):\n  79 A9 7D 39 17 C3 58 4F 31 AF 37 13 97 B9 70 1B\n  E7 68 D5 87 B1 2B 18 92 36 50 DB 46 8B 72 D5 BE\nE002 (encryption)     public key hash (SHA-256):\n  61 58 02 4B 86 93 58 6D 7E 9D A5 B5 A6 DD 4A A4\n  48 35 36 55 F9 3D DE 4F CF 14 5A 68 73 F6 12 BC\nstate: INI sent 2026-11-02, HIA sent 2026-11-02, bank activation pending",
                ),
                (
                    "assistant",
                    "These are the SHA-256 hashes of the three public keys (A006 signature, X002 authentication, E002 encryption). They're safe to send; the bank compares them with what arrived via INI/HIA. If the signed paper letters show the same three hashes, the bank just needs to activate the subscriber — nothing has to be regenerated.",
                ),
            ],
        ],
    ),
    (
        "de-xrechnung-validator-br-de-15",
        [
            [
                (
                    "user",
                    "Die XRechnung für die Stadtwerke kommt mit Fehler zurück. Leitweg-ID 04011000-1234512345-06, unsere USt-IdNr. DE123456789, Rechnungsnummer RE-2026-11-0815. Kannst du den Validator lokal drüberlaufen lassen?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "java -jar /opt/kosit/validationtool-1.5.0-standalone.jar -s /opt/kosit/xrechnung-3.0.2/scenarios.xml -h out/RE-2026-11-0815.xml | grep -E \'BR-|Ergebnis\'"}',
                ),
                (
                    "tool",
                    '[BR-DE-15] error: Das Element "Buyer reference" (BT-10) muss übermittelt werden.\n[BR-DE-21] warning: Das Element "Specification identifier" (BT-24) soll syntaktisch der Kennung des Standards XRechnung entsprechen.\nErgebnis: RE-2026-11-0815.xml ist NICHT valide (1 Fehler, 1 Warnung)',
                ),
                (
                    "assistant",
                    "Zwei Befunde:\n\n1. **BR-DE-15 (Fehler):** BT-10 Käuferreferenz fehlt. Genau dort gehört die Leitweg-ID 04011000-1234512345-06 hin – in UBL als `cbc:BuyerReference`. Unser Exporter schreibt sie nur in die Bestellreferenz.\n2. **BR-DE-21 (Warnung):** BT-24 sollte `urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0` sein.\n\nWenn ich BT-10 im Mapping ergänze, ist die Rechnung valide.",
                ),
            ],
        ],
    ),
    (
        "de-elster-eric-fehlercode",
        [
            [
                (
                    "user",
                    "Die UStVA für Mandant 4711 (Steuernummer 2181508150, Testfinanzamt 9198) bricht beim Versand ab. ERiC sagt 610301200. Was heißt das? Das Zertifikat und die PIN sind NICHT das Thema, die habe ich gerade frisch geprüft.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -A3 \'610301200\' /var/log/ledger/elster/eric-2026-11-20.log | head -n 8"}',
                ),
                (
                    "tool",
                    '2026-11-20 08:14:03 ERIC rc=610301200 ERIC_GLOBAL_PRUEF_FEHLER\n2026-11-20 08:14:03 Pruefung: Zeitraum=11 Jahr=2026 Kz81="18.450,00" Kz66="-"\n2026-11-20 08:14:03 Regel 100000011: Kz66 muss numerisch sein\n2026-11-20 08:14:03 Transferticket: (keins, Versand nicht erfolgt)',
                ),
                (
                    "assistant",
                    '610301200 ist `ERIC_GLOBAL_PRUEF_FEHLER` – ein Plausibilitätsfehler in den Daten, kein Authentifizierungsproblem. Regel 100000011: Kennzahl 66 (Vorsteuer) steht als "-" statt als Zahl drin. Wenn es keine Vorsteuer gibt, muss die Kennzahl weggelassen werden, nicht mit einem Strich gefüllt. Da kein Transferticket vergeben wurde, ist auch nichts beim Finanzamt angekommen.',
                ),
            ],
        ],
    ),
    (
        "de-lohnlauf-personalnummern",
        [
            [
                (
                    "user",
                    "Im Lohnlauf November fehlen zwei Leute in der DEÜV-Meldung. Personalnummern 004211 und 004219. Kannst du in der Datenbank schauen?",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "payroll", "query": "SELECT personalnr, sv_nummer, steuer_id, krankenkasse_bbnr, eintritt, meldung_status FROM lohn_de.mitarbeiter WHERE personalnr IN (\'004211\',\'004219\');"}',
                ),
                (
                    "tool",
                    " personalnr |    sv_nummer     |  steuer_id  | krankenkasse_bbnr |  eintritt  | meldung_status\n------------+------------------+-------------+-------------------+------------+----------------\n 004211     | 65 170839 J 003  | 12345678903 | 01234567          | 2026-11-01 | FEHLT_BBNR\n 004219     | 12 030379 M 508  | 98765432106 |                   | 2026-11-15 | FEHLT_BBNR\n(2 rows)",
                ),
                (
                    "assistant",
                    "Bei 004219 fehlt die Betriebsnummer der Krankenkasse komplett, bei 004211 ist sie da, aber mit 8 Stellen – die BBNR der Einzugsstelle muss ebenfalls achtstellig sein, das passt also, nur der Status wurde nicht neu berechnet. Vorschlag: für 004219 die Krankenkasse nachpflegen, danach `lohnctl meldungen neu --periode 2026-11` laufen lassen.",
                ),
            ],
        ],
    ),
    (
        "de-sepa-pain001-lastschrift",
        [
            [
                (
                    "user",
                    "Bau mir bitte ein Minimalbeispiel pain.008 (Lastschrift) für die Sandbox. Gläubiger-ID DE98ZZZ09999999999, Schuldner-IBAN DE89370400440532013000, BIC COBADEFFXXX, Mandatsreferenz MDT-2026-000815, Betrag 119,00 EUR.",
                ),
                (
                    "assistant",
                    '```xml\n<CstmrDrctDbtInitn>\n  <GrpHdr><MsgId>LEDG-20261120-0001</MsgId><CreDtTm>2026-11-20T09:00:00</CreDtTm><NbOfTxs>1</NbOfTxs><CtrlSum>119.00</CtrlSum></GrpHdr>\n  <PmtInf>\n    <PmtMtd>DD</PmtMtd>\n    <CdtrSchmeId><Id><PrvtId><Othr><Id>DE98ZZZ09999999999</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>\n    <DrctDbtTxInf>\n      <PmtId><EndToEndId>INV-2026-004812</EndToEndId></PmtId>\n      <InstdAmt Ccy="EUR">119.00</InstdAmt>\n      <DrctDbtTx><MndtRltdInf><MndtId>MDT-2026-000815</MndtId><DtOfSgntr>2026-01-15</DtOfSgntr></MndtRltdInf></DrctDbtTx>\n      <DbtrAgt><FinInstnId><BICFI>COBADEFFXXX</BICFI></FinInstnId></DbtrAgt>\n      <DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct>\n    </DrctDbtTxInf>\n  </PmtInf>\n</CstmrDrctDbtInitn>\n```\n\nDE98ZZZ09999999999 ist die offizielle Test-Gläubiger-ID der Bundesbank, DE89370400440532013000 die bekannte Beispiel-IBAN – beides nur für die Sandbox.',
                ),
            ],
        ],
    ),
    (
        "de-db-passwort-rotation-ablauf",
        [
            [
                (
                    "user",
                    "Wir müssen das Passwort des Postgres-Users ledger_app in Prod rotieren. Beschreib mir den Ablauf, ohne dass irgendwo ein Passwort im Klartext im Terminal landet. Der Pfad in Vault ist secret/data/ledger/prod/postgres.",
                ),
                (
                    "assistant",
                    'Ablauf:\n\n1. Neues Passwort nur in Vault erzeugen: `vault kv patch secret/ledger/prod/postgres password="$(openssl rand -base64 32)"` – der Wert geht direkt in Vault, nicht auf den Bildschirm.\n2. In Postgres setzen, ohne Klartext in der History: `psql "$ADMIN_URL" -c "ALTER ROLE ledger_app PASSWORD \'${DB_PASS}\'"` mit `DB_PASS` per `vault kv get -field=password …` in einer Subshell exportiert und `set +o history`.\n3. External-Secrets synchronisiert `ledger-db` innerhalb von 60 s; danach `kubectl rollout restart deploy/ledger-api`.\n4. Prüfen: `SELECT rolname, rolvaliduntil FROM pg_roles WHERE rolname = \'ledger_app\';`\n\nIm Ticket nur den Vault-Pfad und die neue KV-Version notieren, nie den Wert.',
                ),
            ],
            [
                ("user", "Welche KV-Version ist gerade aktiv?"),
                (
                    "call",
                    "bash",
                    '{"command": "vault kv metadata get -format=json secret/ledger/prod/postgres | jq \'{current_version, updated_time, versions: (.versions | keys)}\'"}',
                ),
                (
                    "tool",
                    '{\n  "current_version": 14,\n  "updated_time": "2026-08-22T07:41:19.552Z",\n  "versions": [\n    "10",\n    "11",\n    "12",\n    "13",\n    "14"\n  ]\n}',
                ),
                (
                    "assistant",
                    "Aktiv ist Version 14 vom 22.08.2026. Nach der Rotation sollte `current_version` 15 sein.",
                ),
            ],
        ],
    ),
    (
        "de-peppol-anhang-base64",
        [
            [
                (
                    "user",
                    "In der eingehenden Peppol-Rechnung von Absender 0088:4035811991014 ist ein Anhang, der als kaputt gemeldet wird. Schau dir mal den Anfang des EmbeddedDocumentBinaryObject an.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "xmllint --xpath \'string(//*[local-name()=\\"EmbeddedDocumentBinaryObject\\"])\' inbox/peppol/2026-11-20/0088_4035811991014_77120.xml | head -c 120; echo; xmllint --xpath \'string(//*[local-name()=\\"EmbeddedDocumentBinaryObject\\"]/@mimeCode)\' inbox/peppol/2026-11-20/0088_4035811991014_77120.xml"}',
                ),
                (
                    "tool",
                    "PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiPz4=PGludm9pY2UtYXR0YWNobWVudD4KICA8cG9zaXRpb24+MTwvcG9zaXRpb24+CiAgPG\napplication/pdf",
                ),
                (
                    "assistant",
                    'Der Anhang ist als `application/pdf` deklariert, aber der Base64-Inhalt beginnt mit `PD94bWwg…` – das dekodiert zu `<?xml version="1.0" encoding="UTF-8"?>`. Außerdem steht mitten im Strom ein `=`-Padding, der Absender hat also zwei Base64-Blöcke aneinandergehängt. Das ist ein XML-Anhang mit falschem MIME-Code; der Absender muss `text/xml` angeben oder wirklich ein PDF schicken.',
                ),
            ],
        ],
    ),
    (
        "fr-chorus-pro-statut-facture",
        [
            [
                (
                    "user",
                    "Le client (SIRET 73282932000074) dit que sa facture FA-2026-1142 est bloquée sur Chorus Pro. Tu peux vérifier le statut via l'API de qualification ? Le jeton OAuth est dans la variable PISTE_TOKEN.",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "POST", "url": "https://sandbox-api.piste.gouv.fr/cpro/factures/v1/consulter/facture", "headers": {"Authorization": "Bearer $PISTE_TOKEN", "cpro-account": "<compte technique, en base64>", "Content-Type": "application/json"}, "body": {"identifiantFactureCPP": 4411082}}',
                ),
                (
                    "tool",
                    '{"codeRetour":0,"libelle":"GCU_MSG_01_000","facture":{"numeroFacture":"FA-2026-1142","identifiantFactureCPP":4411082,"statutCourantFacture":"SUSPENDUE","motifSuspension":"Numéro d\'engagement absent","destinataire":{"siret":"11000201100044","codeService":"SERV-COMPTA"}}}',
                ),
                (
                    "assistant",
                    "La facture FA-2026-1142 (id CPP 4411082) est au statut **SUSPENDUE** avec le motif « Numéro d'engagement absent ». Le destinataire public (SIRET 11000201100044, service SERV-COMPTA) exige un numéro d'engagement juridique. Il faut le demander au service acheteur et redéposer la facture avec ce numéro ; la suspendre/compléter via « Compléter une facture suspendue » suffit, pas besoin d'en créer une nouvelle.",
                ),
            ],
        ],
    ),
    (
        "fr-dsn-nir-matricules",
        [
            [
                (
                    "user",
                    "La DSN mensuelle de novembre est rejetée pour deux salariés : matricules SAL-FR-0192 et SAL-FR-0207. Voici le compte-rendu : « CCH-11 : le NIR 1 85 05 78 006 084 36 ne correspond pas à la date de naissance ». Qu'est-ce qui cloche ?",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "payroll", "query": "SELECT matricule, nir, date_naissance, sexe FROM paie_fr.salaries WHERE matricule IN (\'SAL-FR-0192\',\'SAL-FR-0207\');"}',
                ),
                (
                    "tool",
                    "  matricule  |       nir          | date_naissance | sexe\n-------------+--------------------+----------------+------\n SAL-FR-0192 | 185057800608436    | 1985-07-05     | 1\n SAL-FR-0207 | 292102A00123415    | 1992-10-14     | 2\n(2 rows)",
                ),
                (
                    "assistant",
                    "Pour SAL-FR-0192 le NIR commence par 1 85 05 : né en **mai** 1985, alors que la fiche indique le 5 juillet (1985-07-05). Soit la date de naissance a été saisie en inversant jour et mois, soit le NIR est faux ; le plus probable est la date (05/07 lue comme 07/05). SAL-FR-0207 n'est pas concerné par CCH-11 — son NIR 2 92 10 2A… (Corse-du-Sud) est cohérent avec octobre 1992 ; le rejet vient sans doute d'une autre rubrique.",
                ),
            ],
        ],
    ),
    (
        "fr-dgfip-edi-tva-ca3",
        [
            [
                (
                    "user",
                    "Le dépôt EDI-TVA de la CA3 d'octobre pour le dossier 0815 est revenu avec l'erreur « FRP invalide ». Le FRP saisi est 1234567890123. On a le bon ?",
                ),
                (
                    "assistant",
                    "Le FRP (référence d'obligation fiscale) a normalement 13 caractères : 9 pour le SIREN de rattachement + 4 pour la clé du dossier de TVA, ex. `732829320` + `0012`. `1234567890123` a bien 13 caractères mais ne commence pas par le SIREN du client (732829320). Il faut le récupérer dans l'espace professionnel impots.gouv (rubrique « Données de référence ») ou sur un avis de la DGFiP. Une fois corrigé, renvoyez la déclaration : tant que le rejet est sur le FRP, rien n'a été enregistré côté DGFiP.",
                ),
            ],
        ],
    ),
    (
        "fr-facturx-empreintes",
        [
            [
                (
                    "user",
                    "Le client conteste que le PDF Factur-X qu'il a reçu soit celui qu'on a généré. Compare les empreintes.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "sha256sum archive/2026/11/FA-2026-1142.pdf /tmp/recu-client/FA-2026-1142.pdf"}',
                ),
                (
                    "tool",
                    "c7a87a59bd198c8cd0f8e15808510eac0a7db0a48329e8fde186d5acbd63e48f  archive/2026/11/FA-2026-1142.pdf\ne014ed04422f931ae3c1e8b3e2f430d23d1f4e18a2940c091cf43f4037a8bc80  /tmp/recu-client/FA-2026-1142.pdf",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "mutool show /tmp/recu-client/FA-2026-1142.pdf trailer/Info | grep -E \'Producer|ModDate\'"}',
                ),
                ("tool", "/Producer (Microsoft: Print To PDF)\n/ModDate (D:20261119154402+01'00')"),
                (
                    "assistant",
                    "Les deux empreintes SHA-256 diffèrent (c7a87a59… chez nous, e014ed04… chez le client). Le fichier du client a été ré-imprimé avec « Microsoft Print To PDF » le 19/11 à 15:44 : cela supprime le XML Factur-X embarqué. Notre archive est intacte ; il faut lui renvoyer l'original.",
                ),
            ],
        ],
    ),
    (
        "fr-jwt-entete-kid",
        [
            [
                (
                    "user",
                    "L'API renvoie « invalid kid » pour un jeton d'un client. Il m'a collé seulement l'en-tête : eyJhbGciOiJSUzI1NiIsImtpZCI6ImxlZGdlci0yMDI2LTExIiwidHlwIjoiSldUIn0 — tu peux décoder ?",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"echo 'eyJhbGciOiJSUzI1NiIsImtpZCI6ImxlZGdlci0yMDI2LTExIiwidHlwIjoiSldUIn0' | basenc --base64url -d 2>/dev/null; echo; curl -s https://auth.ledgerly.example/.well-known/jwks.json | jq -r '.keys[].kid'\"}",
                ),
                (
                    "tool",
                    '{"alg":"RS256","kid":"ledger-2026-11","typ":"JWT"}\nledger-2026-09\nledger-2026-10',
                ),
                (
                    "assistant",
                    "L'en-tête indique `alg` RS256 et `kid` `ledger-2026-11`. Or le JWKS publié ne contient que `ledger-2026-09` et `ledger-2026-10` : la clé de novembre a servi à signer mais n'a pas encore été publiée. C'est notre faute, pas celle du client — il faut publier la clé publique `ledger-2026-11` dans le JWKS avant de signer avec. Merci de ne lui avoir demandé que l'en-tête, c'est suffisant pour ce diagnostic.",
                ),
            ],
        ],
    ),
    (
        "es-cfdi-timbrado-cfdi40102",
        [
            [
                (
                    "user",
                    "El PAC rechaza el timbrado de la factura serie A folio 10452 del emisor EKU9003173C9 con CFDI40102. Certificado 30001000000500003416. ¿Qué pasa?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "xmllint --xpath \'//*[local-name()=\\"Comprobante\\"]/@*[name()=\\"Fecha\\" or name()=\\"NoCertificado\\" or name()=\\"Version\\"]\' out/cfdi/A-10452.xml; echo; openssl x509 -inform DER -in /etc/ledger/sat/csd/30001000000500003416.cer -noout -dates -serial"}',
                ),
                (
                    "tool",
                    ' Fecha="2026-11-21T10:15:44" NoCertificado="30001000000500003416" Version="4.0"\nnotBefore=May 18 2023 11:43:51 GMT\nnotAfter=May 18 2027 11:43:51 GMT\nserial=3330303031303030303030353030303033343136',
                ),
                (
                    "assistant",
                    "CFDI40102 es «el resultado de la digestión debe ser igual al resultado de la desencriptación del sello»: el sello no corresponde a la cadena original. El certificado está vigente (hasta mayo de 2027) y su número de serie (en hexadecimal 3330…3136 = 30001000000500003416) coincide con `NoCertificado`. Entonces el problema está en la cadena original: casi siempre un atributo modificado después de sellar. Revisa si el post-procesado que redondea `Total` corre después del sello; debe ir antes.",
                ),
            ],
        ],
    ),
    (
        "es-nomina-iban-pruebas-mil-doscientos",
        [
            [
                (
                    "user",
                    "Para la demo de nóminas necesito tres empleados ficticios con IBAN de prueba españoles. Uno cobra mil doscientos euros netos, otro dos mil cuatrocientos cincuenta y el tercero novecientos ochenta.",
                ),
                (
                    "assistant",
                    "Aquí tienes, con IBAN de ejemplo que validan el dígito de control pero no son cuentas reales:\n\n| Id | Nombre | IBAN | Neto |\n|---|---|---|---|\n| EMP-ES-0001 | Lucía Prueba | ES9121000418450200051332 | 1.200,00 € (mil doscientos) |\n| EMP-ES-0002 | Marcos Demo | ES7921000813610123456789 | 2.450,00 € (dos mil cuatrocientos cincuenta) |\n| EMP-ES-0003 | Ana Ficticia | ES6000491500051234567892 | 980,00 € (novecientos ochenta) |\n\nTotal de la remesa: 4.630,00 €.",
                ),
            ],
        ],
    ),
    (
        "es-sql-facturas-duplicadas",
        [
            [
                (
                    "user",
                    "Hay facturas duplicadas en el almacén de datos para el tenant t-5120. Búscame los números repetidos de octubre.",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "warehouse", "query": "SELECT invoice_number, count(*) AS n, min(loaded_at) AS primera, max(loaded_at) AS ultima FROM dw.fact_invoices WHERE tenant_id = \'t-5120\' AND issue_date BETWEEN \'2026-10-01\' AND \'2026-10-31\' GROUP BY invoice_number HAVING count(*) > 1 ORDER BY n DESC;"}',
                ),
                (
                    "tool",
                    " invoice_number | n |       primera       |       ultima\n----------------+---+---------------------+---------------------\n F-2026-0931    | 3 | 2026-11-01 02:00:11 | 2026-11-03 02:00:09\n F-2026-0944    | 2 | 2026-11-01 02:00:11 | 2026-11-02 02:00:10\n F-2026-1002    | 2 | 2026-11-02 02:00:10 | 2026-11-03 02:00:09\n(3 rows)",
                ),
                (
                    "assistant",
                    "Tres facturas duplicadas, todas cargadas por el job nocturno de las 02:00 en días distintos. Eso apunta a que el incremental de `fact_invoices` no usa `invoice_id` como clave de merge, sino que hace append. Propongo cambiar el modelo dbt a `incremental_strategy='merge'` con `unique_key=['tenant_id','invoice_id']`.",
                ),
            ],
        ],
    ),
    (
        "es-env-example-placeholders",
        [
            [
                ("user", "Revisa el .env.example del conector de SII para que no tenga nada real."),
                ("call", "read_file", '{"path": "connectors/aeat-sii/.env.example"}'),
                (
                    "tool",
                    "# Copia este fichero a .env y rellena los valores\nSII_ENV=pruebas\nSII_NIF_TITULAR=B12345674\nSII_CERT_PATH=/etc/ledger/aeat/certificado.p12\nSII_CERT_PASSWORD=<CONTRASEÑA_DEL_CERTIFICADO>\nDATABASE_URL=postgresql://sii_app:${DB_PASS}@localhost:5432/sii\nREDIS_PASSWORD=\nSENTRY_DSN=\n",
                ),
                (
                    "assistant",
                    "Está limpio: `SII_CERT_PASSWORD` es un marcador (`<CONTRASEÑA_DEL_CERTIFICADO>`), la URL de la base de datos usa `${DB_PASS}` y `REDIS_PASSWORD` y `SENTRY_DSN` están vacíos. El NIF B12345674 es el de pruebas. Solo sugeriría añadir un comentario indicando que el .p12 nunca se sube al repositorio.",
                ),
            ],
        ],
    ),
    (
        "it-sdi-scarto-00404",
        [
            [
                (
                    "user",
                    "Lo SdI ha scartato la fattura 2026/FE/0331 di Ledgerly Italia (P.IVA IT01234567897) con codice 00404. Codice destinatario del cliente KRRH6B9. Mi spieghi?",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"grep -h '2026/FE/0331' /srv/sdi/notifiche/2026-11/*.xml | xmllint --format - | grep -E 'IdentificativoSdI|NomeFile|Codice|Descrizione'\"}",
                ),
                (
                    "tool",
                    "  <IdentificativoSdI>11874210331</IdentificativoSdI>\n  <NomeFile>IT01234567897_00A1B.xml</NomeFile>\n      <Codice>00404</Codice>\n      <Descrizione>Fattura duplicata</Descrizione>",
                ),
                (
                    "assistant",
                    "00404 significa **fattura duplicata**: lo SdI ha già ricevuto una fattura con stessi cedente (IT01234567897), numero 2026/FE/0331, data e tipo documento. Probabilmente il primo invio (file IT01234567897_00A1B.xml, id SdI 11874210331) è andato a buon fine e il retry l'ha rimandata. Non serve fare nulla: verifica che esista la ricevuta di consegna del primo invio verso KRRH6B9.",
                ),
            ],
        ],
    ),
    (
        "it-cedolini-codice-fiscale-test",
        [
            [
                (
                    "user",
                    "Per i test dei cedolini mi serve un dipendente finto. Usa il codice fiscale d'esempio RSSMRA85T10A562S, matricola MAT-IT-0042, IBAN IT60X0542811101000000123456, RAL trentaduemila euro.",
                ),
                (
                    "call",
                    "sql",
                    "{\"database\": \"payroll_test\", \"query\": \"INSERT INTO paie_it.dipendenti (matricola, codice_fiscale, cognome, nome, iban, ral_eur) VALUES ('MAT-IT-0042', 'RSSMRA85T10A562S', 'Rossi', 'Mario', 'IT60X0542811101000000123456', 32000.00) RETURNING id;\"}",
                ),
                ("tool", " id\n------\n 9117\n(1 row)\nINSERT 0 1"),
                (
                    "assistant",
                    "Inserito con id 9117 nel database di test: Mario Rossi, MAT-IT-0042, RAL 32.000,00 € (trentaduemila). RSSMRA85T10A562S è il codice fiscale d'esempio classico (maschio, nato il 10/12/1985 a Roma, codice catastale A562 in realtà è San Giuliano Terme, ma per i test va benissimo).",
                ),
            ],
        ],
    ),
    (
        "it-kubectl-logs-fatturapa-worker",
        [
            [
                (
                    "user",
                    "Il worker fatturapa in produzione si riavvia continuamente. Guarda i log del pod precedente.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n ledger-prod get pods -l app=fatturapa-worker && kubectl -n ledger-prod logs deploy/fatturapa-worker --previous --tail=8"}',
                ),
                (
                    "tool",
                    "NAME                                READY   STATUS             RESTARTS        AGE\nfatturapa-worker-6d8f7b9c5d-x2kqp   0/1     CrashLoopBackOff   14 (2m ago)     51m\n2026-11-21T07:12:01Z INFO starting fatturapa-worker v2.7.3 (commit 1b325e0)\n2026-11-21T07:12:01Z INFO loading signing certificate from /var/run/secrets/sdi/firma.p12\n2026-11-21T07:12:02Z ERROR keystore: cannot open /var/run/secrets/sdi/firma.p12: no such file or directory\n2026-11-21T07:12:02Z FATAL exiting with code 3",
                ),
                (
                    "assistant",
                    "Il pod va in CrashLoopBackOff (14 riavvii) perché non trova il keystore `/var/run/secrets/sdi/firma.p12`. Il Secret `sdi-signing` probabilmente non è montato: la v2.7.3 ha cambiato il mountPath? Controlla `kubectl -n ledger-prod get deploy fatturapa-worker -o jsonpath='{.spec.template.spec.volumes}'` e che il Secret contenga la chiave `firma.p12`.",
                ),
            ],
        ],
    ),
    (
        "it-pin-dispositivo-policy",
        [
            [
                (
                    "user",
                    "Il reparto paghe chiede se possono salvare il PIN della smart card di firma nel password manager aziendale. Cosa rispondo?",
                ),
                (
                    "assistant",
                    "Risposta proposta: il PIN della smart card di firma qualificata è personale e non va condiviso né salvato in strumenti condivisi; il password manager aziendale va bene solo nel vault personale del titolare, mai in una cartella di reparto. Se più persone devono firmare, ognuno deve avere la propria smart card. In caso di PIN bloccato si usa il PUK, che resta nella busta sigillata del titolare.",
                ),
            ],
        ],
    ),
    (
        "pt-nfe-rejeicao-539",
        [
            [
                (
                    "user",
                    "A NF-e da filial de São Paulo voltou com rejeição 539. Chave de acesso 35261111222333000181550010000452131004521310, CNPJ emitente 11.222.333/0001-81. O que é?",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "fiscal", "query": "SELECT chave, numero, serie, status, protocolo FROM fiscal_br.nfe WHERE numero = 45213 AND serie = 1 ORDER BY criado_em;"}',
                ),
                (
                    "tool",
                    "                    chave                     | numero | serie |  status   |    protocolo\n----------------------------------------------+--------+-------+-----------+-----------------\n 35261111222333000181550010000452131004521310 |  45213 |     1 | AUTORIZADA| 135260004521001\n 35261111222333000181550010000452131009981744 |  45213 |     1 | REJ_539   |\n(2 rows)",
                ),
                (
                    "assistant",
                    'Rejeição 539 é "Duplicidade de NF-e com diferença na Chave de Acesso": já existe uma NF-e número 45213 série 1 autorizada (protocolo 135260004521001), e a segunda tentativa gerou uma chave diferente porque o código numérico (cNF) mudou no retry. A nota já está autorizada — basta descartar a segunda tentativa e não reemitir.',
                ),
            ],
        ],
    ),
    (
        "pt-pix-chave-aleatoria",
        [
            [
                (
                    "user",
                    "Um cliente quer receber o reembolso por PIX. Ele mandou a chave aleatória 63f48ddb-fb6c-4a81-9a1f-9791b27e618b. Isso é seguro de guardar no ticket?",
                ),
                (
                    "assistant",
                    "Sim. A chave aleatória PIX é só um identificador de recebimento (formato UUID) que aponta para a conta do cliente; quem tem a chave consegue apenas enviar dinheiro para ele, não movimentar a conta. Pode ficar no ticket. O que nunca deve aparecer no ticket é a senha do app do banco ou um código de confirmação.",
                ),
            ],
        ],
    ),
    (
        "pt-saft-hash-documento",
        [
            [
                (
                    "user",
                    "Portugal: a AT diz que o hash do documento FT A/2026/1187 não bate com o anterior. Mostra-me a cadeia.",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "fiscal", "query": "SELECT invoice_no, invoice_date, gross_total, left(hash, 16) AS hash_ini, hash_control FROM fiscal_pt.documentos WHERE serie = \'A/2026\' AND numero BETWEEN 1185 AND 1188 ORDER BY numero;"}',
                ),
                (
                    "tool",
                    "  invoice_no   | invoice_date | gross_total |     hash_ini     | hash_control\n--------------+--------------+-------------+------------------+--------------\n FT A/2026/1185 | 2026-11-20   |      123.00 | mQ9xT2vLp0aZc8Hn | 1\n FT A/2026/1186 | 2026-11-20   |       61.50 | Kd3Rw7uB1sYe9Jfa | 1\n FT A/2026/1187 | 2026-11-21   |      246.00 | Zp4Nc0Hh8qTm2Lxo | 0\n FT A/2026/1188 | 2026-11-21   |       12.30 | Wb7Ya1Qs5dXk6Evr | 1\n(4 rows)",
                ),
                (
                    "assistant",
                    "A 1187 tem `hash_control = 0`, ou seja, foi assinada com a versão de chave errada (a chave de assinatura antiga). Os quatro caracteres impressos na fatura (1.º, 11.º, 21.º e 31.º do hash) começam por `Z` e `T`, portanto o código impresso também está errado. Como a 1188 já foi encadeada em cima dela, é preciso emitir nota de crédito para a 1187 e reemitir; não se pode recalcular o hash de um documento já comunicado.",
                ),
            ],
        ],
    ),
    (
        "pt-docker-imagem-digest",
        [
            [
                (
                    "user",
                    "Qual é o digest da imagem do conector de bancos que está a correr em produção?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n ledger-prod get pods -l app=bank-connector -o jsonpath=\'{range .items[*]}{.metadata.name}{\\"\\\\t\\"}{.status.containerStatuses[0].imageID}{\\"\\\\n\\"}{end}\'"}',
                ),
                (
                    "tool",
                    "bank-connector-7f9c8d6b54-k8v2s\tregistry.ledgerly.internal/bank-connector@sha256:fbcc67ba764f226e6d39e8a6331a636727d60e4eac2d32d7f6dd1e98724e6318\nbank-connector-7f9c8d6b54-zq4wn\tregistry.ledgerly.internal/bank-connector@sha256:fbcc67ba764f226e6d39e8a6331a636727d60e4eac2d32d7f6dd1e98724e6318",
                ),
                (
                    "assistant",
                    "Os dois pods correm a mesma imagem: `bank-connector@sha256:fbcc67ba764f226e6d39e8a6331a636727d60e4eac2d32d7f6dd1e98724e6318`.",
                ),
            ],
        ],
    ),
    (
        "nl-btw-digipoort-foutcode",
        [
            [
                (
                    "user",
                    "De btw-aangifte via Digipoort voor klant Bakkerij Test BV (btw-id NL000099998B57, OB-nummer 000099998B57) is afgekeurd met foutcode ATP_0031. Wat betekent dat?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -B2 -A4 \'ATP_0031\' /var/log/ledger/digipoort/2026-11-21.log"}',
                ),
                (
                    "tool",
                    '2026-11-21T09:41:02 kenmerk=b6c427cd2b40d7a917a1747b7bea5e1977fa8123 berichtsoort=Omzetbelasting tijdvak=2026-10\n2026-11-21T09:41:03 statuscode=311 statusomschrijving="Validatie mislukt"\n2026-11-21T09:41:03 foutcode=ATP_0031 foutbeschrijving="Het PKIoverheid-certificaat hoort niet bij de intermediair met OIN 00000001812345678000"',
                ),
                (
                    "assistant",
                    "ATP_0031: het PKIoverheid-certificaat waarmee we ondertekenen hoort niet bij het OIN dat in het bericht staat (00000001812345678000). Sinds de certificaatvervanging van vorige week gebruikt de Digipoort-connector waarschijnlijk het nieuwe certificaat met een ander OIN in het subject. De aangifte zelf is niet ontvangen (status 311), dus na het rechtzetten van het OIN gewoon opnieuw indienen.",
                ),
            ],
        ],
    ),
    (
        "nl-loonaangifte-bsn-test",
        [
            [
                (
                    "user",
                    "Kun je controleren of de BSN's in de testset van de loonaangifte de elfproef halen? 111222333, 123456782, 999999990.",
                ),
                (
                    "call",
                    "python",
                    "{\"code\": \"def elfproef(b):\\n    d = [int(c) for c in b]\\n    s = sum(w * x for w, x in zip(range(9, 1, -1), d[:8])) - d[8]\\n    return s % 11 == 0\\nfor b in ['111222333', '123456782', '999999990']:\\n    print(b, elfproef(b))\"}",
                ),
                ("tool", "111222333 True\n123456782 True\n999999990 True"),
                (
                    "assistant",
                    "Alle drie halen de elfproef (9×d1 + 8×d2 + … + 2×d8 − 1×d9 deelbaar door 11). 111222333 en 123456782 zijn bekende test-BSN's; 999999990 valt in de reeks die de Belastingdienst voor testdoeleinden gebruikt.",
                ),
            ],
        ],
    ),
    (
        "nl-sepa-incasso-nl91",
        [
            [
                (
                    "user",
                    "De incassobatch van vannacht voor tenant t-2208 is deels geweigerd. Reden MD07 bij het mandaat van rekening NL91ABNA0417164300. Wat moeten we doen?",
                ),
                (
                    "assistant",
                    "MD07 betekent 'debiteur overleden'. De bank (ABNANL2A) weigert daarom de incasso op NL91ABNA0417164300. Actie: het mandaat intrekken, de openstaande factuur uit de incassorun halen en de klantrelatie markeren zodat de debiteurenadministratie contact opneemt met de nabestaanden. Niet opnieuw aanbieden — een herhaalde incasso na MD07 wordt als fout gezien door de bank.",
                ),
            ],
        ],
    ),
    (
        "nl-wachtwoordbeleid-desktop",
        [
            [
                (
                    "user",
                    "Voor de desktopversie (Windows) vragen klanten of we het wachtwoord van het lokale administratiebestand kunnen resetten als ze het kwijt zijn. Kunnen we dat?",
                ),
                (
                    "assistant",
                    "Nee, en dat is bewust: het administratiebestand is versleuteld met een sleutel die uit het wachtwoord wordt afgeleid (PBKDF2, 600.000 iteraties). Wij bewaren geen kopie van het wachtwoord of de sleutel. Als de klant bij het aanmaken een herstelsleutel heeft geëxporteerd, kan hij daarmee een nieuw wachtwoord instellen. Zonder herstelsleutel is de enige route het terugzetten van een back-up en de boekingen daarna opnieuw invoeren. Voorstel voor de FAQ: 'Wij kunnen uw wachtwoord niet inzien of herstellen.'",
                ),
            ],
        ],
    ),
    (
        "sv-bankgiro-ocr-inbetalningar",
        [
            [
                (
                    "user",
                    "Bankgirots inbetalningsfil (BgMax) för bankgironummer 5050-1055 har en rad som inte matchar någon faktura. Kolla OCR-numret.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -n \'^20\' /srv/bankfeeds/inbox/t-4412/BGMAX_20261121.txt | head -n 4"}',
                ),
                (
                    "tool",
                    "3:20997105350002026110421                 0000000012500  00000000000000000000\n5:20997105350002026110439                 0000000049900  00000000000000000000\n7:20997105350002026119902                 0000000004800  00000000000000000000\n9:20997105350002026110447                 0000000021000  00000000000000000000",
                ),
                (
                    "assistant",
                    "Raden 7 har referensen `2026119902`, de andra följer mönstret `20261104xx` för novemberfakturorna. Kontrollsiffran för 202611990 enligt Luhn (modulus 10) blir 5, inte 2, så OCR-numret är ogiltigt — kunden har troligen skrivit in det för hand. Beloppet är 48,00 kr. Den bör hamna i manuell avstämning snarare än auto-matchas.",
                ),
            ],
        ],
    ),
    (
        "sv-personnummer-testdata",
        [
            [
                (
                    "user",
                    "Generera fem testanställda till löneköret. Använd Skatteverkets testpersonnummer, inga riktiga.",
                ),
                (
                    "assistant",
                    "Här är fem, alla från Skatteverkets lista över testpersonnummer:\n\n| Anst.nr | Namn | Personnummer | Månadslön |\n|---|---|---|---|\n| SE-0001 | Tolvan Tolvansson | 19121212-1212 | 38 500 kr |\n| SE-0002 | Test Testsson | 19890101-2385 | 41 000 kr |\n| SE-0003 | Anna Provsson | 19900214-9804 | 36 200 kr |\n| SE-0004 | Erik Exempel | 19780501-9817 | 52 750 kr |\n| SE-0005 | Lisa Demo | 20010930-9822 | 29 900 kr |\n\nSumma bruttolön: 198 350 kr i månaden.",
                ),
            ],
        ],
    ),
    (
        "sv-sie4-export-kontroll",
        [
            [
                (
                    "user",
                    "Kunden säger att SIE4-exporten för 2026 saknar verifikationer. Titta på filens början och räkna #VER.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "iconv -f CP437 -t UTF-8 exports/t-4412/2026.se | head -n 9; iconv -f CP437 -t UTF-8 exports/t-4412/2026.se | grep -c \'^#VER\'"}',
                ),
                (
                    "tool",
                    '#FLAGGA 0\n#PROGRAM "Ledgerly" 4.18.2\n#FORMAT PC8\n#GEN 20261121\n#SIETYP 4\n#ORGNR 556677-8899\n#FNAMN "Testbolaget AB"\n#RAR 0 20260101 20261231\n#KONTO 1930 "Företagskonto"\n1843',
                ),
                (
                    "assistant",
                    "Exporten innehåller 1 843 verifikationer (#VER) för räkenskapsåret 2026-01-01–2026-12-31, organisationsnummer 556677-8899. Jämför med `SELECT count(*) FROM ledger.vouchers WHERE tenant_id='t-4412' AND fiscal_year=2026` — om siffran är högre tappar exporten verifikationer, annars tittar kunden troligen på en äldre fil.",
                ),
            ],
        ],
    ),
    (
        "sv-kubernetes-hpa-lonekor",
        [
            [
                (
                    "user",
                    "Löneköret den 25:e blir långsamt varje månad. Hur ser autoskalningen ut för payroll-runner?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n payroll get hpa payroll-runner && kubectl -n payroll top pods -l app=payroll-runner"}',
                ),
                (
                    "tool",
                    "NAME             REFERENCE                   TARGETS   MINPODS   MAXPODS   REPLICAS   AGE\npayroll-runner   Deployment/payroll-runner   94%/70%   2         4         4          212d\nNAME                              CPU(cores)   MEMORY(bytes)\npayroll-runner-5c7d9f8b6-4lq2m    1980m        1410Mi\npayroll-runner-5c7d9f8b6-8vjtw    1975m        1388Mi\npayroll-runner-5c7d9f8b6-c9pxk    1990m        1402Mi\npayroll-runner-5c7d9f8b6-r2hzn    1968m        1395Mi",
                ),
                (
                    "assistant",
                    "HPA:n har slagit i taket: 4 av max 4 repliker, CPU 94 % mot målet 70 %, och varje pod ligger på ~2 kärnor (sin limit). Höj `maxReplicas` till 10 inför den 25:e eller schemalägg en förskalning med en CronJob dagen innan.",
                ),
            ],
        ],
    ),
    (
        "pl-ksef-numer-faktury",
        [
            [
                (
                    "user",
                    "Kontrahent pyta o numer KSeF faktury FV/2026/11/0042 wystawionej przez NIP 5265877635. Znajdziesz go?",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "fiscal", "query": "SELECT numer_faktury, numer_ksef, data_przyjecia, status FROM ksef.faktury_wyslane WHERE numer_faktury = \'FV/2026/11/0042\' AND nip_sprzedawcy = \'5265877635\';"}',
                ),
                (
                    "tool",
                    " numer_faktury   |              numer_ksef               |   data_przyjecia    | status\n-----------------+---------------------------------------+---------------------+---------\n FV/2026/11/0042 | 5265877635-20261115-0100A0C5A7C8-E1   | 2026-11-15 10:22:07 | PRZYJETA\n(1 row)",
                ),
                (
                    "assistant",
                    "Numer KSeF: **5265877635-20261115-0100A0C5A7C8-E1**, faktura przyjęta 15.11.2026 o 10:22. Ten numer można bezpiecznie przekazać kontrahentowi — to identyfikator dokumentu, a nie żaden token dostępowy.",
                ),
            ],
        ],
    ),
    (
        "pl-jpk-v7m-blad-schematu",
        [
            [
                (
                    "user",
                    "JPK_V7M za październik odrzucony, kod 120 — błąd weryfikacji semantycznej. Co jest w UPO?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "xmllint --format out/jpk/JPK_V7M_2026_10_UPO.xml | grep -E \'NumerReferencyjny|Kod|Opis\'"}',
                ),
                (
                    "tool",
                    "    <NumerReferencyjny>8f3c2a1e0000a4b1c2d3e4f5a6b7c8d9</NumerReferencyjny>\n    <Kod>120</Kod>\n    <Opis>Dokument nie przeszedł weryfikacji: P_38 różni się od sumy K_16..K_36 o 0,01</Opis>",
                ),
                (
                    "assistant",
                    "Numer referencyjny 8f3c2a1e0000a4b1c2d3e4f5a6b7c8d9, kod 120: pole P_38 (podatek należny ogółem) różni się o 1 grosz od sumy pól K_16–K_36. To klasyczny problem zaokrągleń — sumujemy zaokrąglone pozycje, a P_38 liczymy z niezaokrąglonej sumy. Wystarczy liczyć P_38 jako sumę już zaokrąglonych pól i wysłać plik ponownie.",
                ),
            ],
        ],
    ),
    (
        "pl-pesel-lista-plac-elixir",
        [
            [
                (
                    "user",
                    "Przygotuj dane testowe do listy płac: dwóch pracowników z PESEL-ami testowymi i kontami w formacie NRB.",
                ),
                (
                    "assistant",
                    "Proszę (dane fikcyjne, sumy kontrolne poprawne):\n\n| Nr ewid. | Imię i nazwisko | PESEL | Konto (NRB) | Netto |\n|---|---|---|---|---|\n| PL-0101 | Jan Testowy | 44051401359 | 61 1090 1014 0000 0712 1981 2874 | 5 400,00 zł |\n| PL-0102 | Anna Próbna | 02270803628 | 27 1140 2004 0000 3002 0135 5387 | 6 150,00 zł |\n\nPrzelewy pójdą jednym plikiem Elixir-O; suma kontrolna paczki to 11 550,00 zł (jedenaście tysięcy pięćset pięćdziesiąt).",
                ),
            ],
        ],
    ),
    (
        "pl-haslo-polityka-rotacja",
        [
            [
                (
                    "user",
                    "Dział płac pyta, dlaczego nie wymuszamy już zmiany hasła co 30 dni. Napisz krótkie wyjaśnienie.",
                ),
                (
                    "assistant",
                    '"Od tego roku nie wymuszamy okresowej zmiany hasła. Częste zmiany prowadzą do haseł przewidywalnych (np. z dopisanym numerem miesiąca). Zamiast tego: minimalna długość hasła to 14 znaków, sprawdzamy je z listą haseł, które wyciekły, i wymagamy drugiego składnika (aplikacja lub klucz sprzętowy). Hasło zmieniasz natychmiast, jeśli podejrzewasz, że ktoś je poznał. Nigdy nie podawaj hasła przez telefon ani w zgłoszeniu do helpdesku — my o nie nie prosimy."',
                ),
            ],
        ],
    ),
    (
        "cs-kontrolni-hlaseni-datova-schranka",
        [
            [
                (
                    "user",
                    "Kontrolní hlášení za říjen pro klienta s DIČ CZ12345679 se vrátilo s chybou. Odesílali jsme přes datovou schránku, ID schránky finančního úřadu je 4trab5h, naše je abc1d2e. Můžeš se podívat na doručenku?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "isdsctl message show --box abc1d2e --id 1482207711 --format text | head -n 12"}',
                ),
                (
                    "tool",
                    "dmID:            1482207711\ndmSender:        abc1d2e (Ledgerly s.r.o.)\ndmRecipient:     4trab5h (Finanční úřad pro hl. m. Prahu)\ndmAnnotation:    DPHKH1 2026/10 CZ12345679\ndmDeliveryTime:  2026-11-20T14:02:51+01:00\ndmAcceptanceTime:2026-11-20T14:02:51+01:00\nattachment:      DPHKH1-CZ12345679-2026-10.xml (sha256 f1b8aafb52b0625086327da3b7007f9d5521c22ea2e844fcc73946538d51f76f)\nreply:           dmID 1482231904 'Chybové protokol – kontrolní hlášení'\n  chyba 51: Neplatné DIČ odběratele v oddílu A.4, řádek 17 (CZ1234567)",
                ),
                (
                    "assistant",
                    "Zpráva 1482207711 byla doručena FÚ (4trab5h) 20. 11. ve 14:02, ale úřad vrátil chybový protokol: chyba 51 – v oddílu A.4 na řádku 17 je neplatné DIČ odběratele `CZ1234567` (chybí jedna číslice, DIČ právnické osoby má 8 číslic za CZ). Oprav odběratele u faktury na řádku 17 a pošli následné kontrolní hlášení (typ N).",
                ),
            ],
        ],
    ),
    (
        "cs-qr-platba-spd",
        [
            [
                (
                    "user",
                    "Na fakturách chybí QR platba. Vygeneruj mi řetězec SPD pro fakturu 2026-0412 na 12 100 Kč, účet CZ6508000000192000145399, VS 20260412.",
                ),
                (
                    "assistant",
                    "Řetězec pro QR platbu:\n\n`SPD*1.0*ACC:CZ6508000000192000145399*AM:12100.00*CC:CZK*X-VS:20260412*MSG:FAKTURA 2026-0412`\n\nPozor, v řetězci nesmí být diakritika ani hvězdička uvnitř hodnot. Částka dvanáct tisíc sto korun, variabilní symbol odpovídá číslu faktury.",
                ),
            ],
        ],
    ),
    (
        "cs-sql-mzdy-prumerny-vydelek",
        [
            [
                (
                    "user",
                    "Spočítej průměrný hrubý výdělek za Q3 pro zaměstnance CZ-0077 kvůli náhradě mzdy.",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "payroll", "query": "SELECT employee_id, sum(hruba_mzda) AS hruba_q3, sum(odpracovane_hodiny) AS hodiny, round(sum(hruba_mzda)/sum(odpracovane_hodiny), 2) AS prumer_hod FROM mzdy_cz.vyplatnice WHERE employee_id = \'CZ-0077\' AND obdobi BETWEEN \'2026-07\' AND \'2026-09\' GROUP BY employee_id;"}',
                ),
                (
                    "tool",
                    " employee_id | hruba_q3  | hodiny | prumer_hod\n-------------+-----------+--------+------------\n CZ-0077     | 147600.00 |  504.0 |     292.86\n(1 row)",
                ),
                (
                    "assistant",
                    "Průměrný hodinový výdělek CZ-0077 za 3. čtvrtletí: 147 600 Kč / 504 h = **292,86 Kč/h**. To je základ pro náhradu mzdy za dovolenou ve 4. čtvrtletí.",
                ),
            ],
        ],
    ),
    (
        "cs-heslo-zapomenute-postup",
        [
            [
                (
                    "user",
                    "Klientka volala, že zapomněla heslo do portálu a chtěla ho po mně nadiktovat. Jak to mám správně vyřídit?",
                ),
                (
                    "assistant",
                    "Heslo jí nadiktovat nemůžeš – nikdo z podpory ho nezná, ukládáme jen jeho otisk. Postup: 1) pošli jí přes portál odkaz na obnovu hesla (tlačítko „Zapomenuté heslo“), odkaz platí 30 minut; 2) pokud nemá přístup k e-mailu, ověř totožnost podle interního postupu SD-07 (zpětné volání na číslo ve smlouvě) a změň e-mail; 3) do tiketu nikdy nepiš heslo ani jednorázový kód, jen číslo tiketu a co bylo uděláno.",
                ),
            ],
        ],
    ),
    (
        "hu-nav-online-szamla-hibakod",
        [
            [
                (
                    "user",
                    "A NAV Online Számla a 2026/00771 számú számla beküldésére INVALID_REQUEST_SIGNATURE hibát ad. Adószám 12345678-2-41, technikai felhasználó a szokásos. Megnéznéd a naplót?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -A4 \'2026/00771\' /var/log/ledger/nav-osa/2026-11-21.log"}',
                ),
                (
                    "tool",
                    '2026-11-21T08:03:11 requestId=LDG20261121080311a1 op=manageInvoice invoice=2026/00771 taxNumber=12345678\n2026-11-21T08:03:11 requestSignature=SHA3-512 computed over requestId+timestamp+signKey+hash(invoice)\n2026-11-21T08:03:12 funcCode=ERROR errorCode=INVALID_REQUEST_SIGNATURE message="A kérés aláírása nem megfelelő"\n2026-11-21T08:03:12 timestamp sent=2026-11-21T08:03:11.000Z\n2026-11-21T08:03:12 transactionId=(none)',
                ),
                (
                    "assistant",
                    "Az INVALID_REQUEST_SIGNATURE azt jelenti, hogy a NAV másképp számolta a kérés-aláírást (SHA3-512). A naplóban látszik az ok: az időbélyeg `08:03:11.000Z`, de a requestId-ben helyi idő van, és a NAV az aláíráshoz az UTC időbélyeget `YYYYMMDDhhmmss` formában várja. Valószínűleg az időzóna-konverzió hibás az aláírásban. Tranzakció nem jött létre, a számlát javítás után újra lehet küldeni.",
                ),
            ],
        ],
    ),
    (
        "hu-bankszamlaszam-giro",
        [
            [
                (
                    "user",
                    "Az utalási fájlban a bankszámlaszám 11773016-11111018 formában szerepel, de a bank IBAN-t kér. Átalakítod?",
                ),
                (
                    "assistant",
                    "A 16 jegyű GIRO számot 24 jegyűre kell kiegészíteni nyolc nullával: 11773016-11111018-00000000. Ebből az IBAN: **HU42 1177 3016 1111 1018 0000 0000** (géppel olvasható formában HU42117730161111101800000000). Az ellenőrző szám (42) stimmel.",
                ),
            ],
        ],
    ),
    (
        "hu-terraform-state-lock",
        [
            [
                (
                    "user",
                    "A terraform apply a bérszámfejtés környezetére azt írja, hogy a state zárolva van. Ki zárolta?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "cd infra/envs/payroll-hu && terraform plan -lock-timeout=0s 2>&1 | sed -n \'1,14p\'"}',
                ),
                (
                    "tool",
                    "Error: Error acquiring the state lock\n\nError message: state blob is already locked\nLock Info:\n  ID:        399003d0-0727-4c5e-9d0b-6f1205ce2b89\n  Path:      tfstate/payroll-hu.tfstate\n  Operation: OperationTypeApply\n  Who:       kovacs.peter@ci-runner-07\n  Version:   1.9.8\n  Created:   2026-11-21 06:12:44.118 +0000 UTC\n  Info:",
                ),
                (
                    "assistant",
                    "A zárat a CI futtatta (`kovacs.peter@ci-runner-07`), apply közben, 06:12 UTC-kor. Ha az a pipeline már nem fut, feloldhatod: `terraform force-unlock 399003d0-0727-4c5e-9d0b-6f1205ce2b89`. Előtte nézd meg a CI-ban, nem fut-e még.",
                ),
            ],
        ],
    ),
    (
        "hu-osszegek-betuvel",
        [
            [
                (
                    "user",
                    "A számlán az összeget betűvel is ki kell írni. 1 254 300 Ft — hogy írjuk helyesen?",
                ),
                (
                    "assistant",
                    "Egymillió-kétszázötvennégyezer-háromszáz forint. (Kétezer fölött a számjegycsoportok között kötőjel van: egymillió-…-ezer-…)",
                ),
            ],
        ],
    ),
    (
        "tr-efatura-ettn-gib-hata",
        [
            [
                (
                    "user",
                    "GİB e-Fatura sistemi ETTN 7c14503b-eaf5-44b0-9e40-d2a2768af8b6 olan faturayı reddetti, hata kodu 1163. VKN 1234567890. Nedir bu?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -A3 \'7c14503b-eaf5-44b0-9e40-d2a2768af8b6\' /var/log/ledger/efatura/2026-11-21.log"}',
                ),
                (
                    "tool",
                    '2026-11-21T11:20:04 gonder ettn=7c14503b-eaf5-44b0-9e40-d2a2768af8b6 fatura_no=LDG2026000000412 alici_vkn=9876543210\n2026-11-21T11:20:09 yanit kod=1163 aciklama="Gönderilen zarf içindeki belgenin imzası geçersiz"\n2026-11-21T11:20:09 imza_sertifikasi seri=4E:2A:91:07 gecerlilik_bitis=2026-11-20',
                ),
                (
                    "assistant",
                    "1163: zarf içindeki belgenin imzası geçersiz. Logda sebep görünüyor — imzada kullanılan mali mühür sertifikasının (seri 4E:2A:91:07) geçerliliği 20 Kasım'da bitmiş, fatura 21 Kasım'da imzalanmış. Yeni mali mühürü yükleyip faturayı aynı fatura numarası (LDG2026000000412) ama yeni bir ETTN ile tekrar göndermek gerekiyor.",
                ),
            ],
        ],
    ),
    (
        "tr-iban-dogrulama",
        [
            [
                (
                    "user",
                    "Müşteri iade için IBAN verdi: TR33 0006 1005 1978 6457 8413 26. Geçerli mi kontrol eder misin?",
                ),
                (
                    "call",
                    "python",
                    "{\"code\": \"iban = 'TR330006100519786457841326'\\nr = iban[4:] + iban[:4]\\nn = ''.join(str(int(c, 36)) for c in r)\\nprint(len(iban), int(n) % 97)\"}",
                ),
                ("tool", "26 1"),
                (
                    "assistant",
                    "Geçerli: uzunluk 26 (Türkiye için doğru) ve mod-97 kontrolü 1 veriyor. Banka kodu 00061 (Türkiye İş Bankası formatında örnek bir numara). İade kaydına bu IBAN'ı yazabilirsin.",
                ),
            ],
        ],
    ),
    (
        "tr-bordro-sgk-sicil",
        [
            [
                (
                    "user",
                    "Kasım bordrosunda TR-0045 sicil numaralı çalışanın SGK primi eksik hesaplanmış gibi. Kontrol eder misin?",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "payroll", "query": "SELECT sicil_no, brut_ucret, sgk_matrah, sgk_isci, issizlik_isci, tavan FROM bordro_tr.kasim_2026 WHERE sicil_no = \'TR-0045\';"}',
                ),
                (
                    "tool",
                    " sicil_no | brut_ucret | sgk_matrah | sgk_isci | issizlik_isci |   tavan\n----------+------------+------------+----------+---------------+-----------\n TR-0045  | 210000.00  | 195041.40  | 27305.80 |      1950.41  | 195041.40\n(1 row)",
                ),
                (
                    "assistant",
                    "Hesap doğru: brüt ücret 210.000 TL ama SGK matrahı tavanla (195.041,40 TL) sınırlanıyor. İşçi payı %14 × 195.041,40 = 27.305,80 TL, işsizlik %1 = 1.950,41 TL. Eksik görünmesinin sebebi tavan; hata yok.",
                ),
            ],
        ],
    ),
    (
        "tr-k8s-cronjob-banka-ekstre",
        [
            [
                ("user", "Banka ekstre çekme cronjob'u dün gece çalıştı mı?"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n bankfeeds get cronjob statement-pull && kubectl -n bankfeeds get jobs --sort-by=.status.startTime | tail -n 3"}',
                ),
                (
                    "tool",
                    "NAME             SCHEDULE     SUSPEND   ACTIVE   LAST SCHEDULE   AGE\nstatement-pull   15 2 * * *   False     0        8h              301d\nNAME                      COMPLETIONS   DURATION   AGE\nstatement-pull-29386455   1/1           3m12s      2d8h\nstatement-pull-29387895   1/1           3m40s      32h\nstatement-pull-29389335   0/1           8h         8h",
                ),
                (
                    "assistant",
                    "Dün geceki iş (statement-pull-29389335) 02:15'te başlamış ama 8 saattir tamamlanmamış (0/1). Önceki iki çalıştırma 3–4 dakikada bitmiş. `kubectl -n bankfeeds logs job/statement-pull-29389335` ile nerede takıldığına bakalım; büyük ihtimalle SFTP bağlantısı zaman aşımına uğramadan askıda kaldı.",
                ),
            ],
        ],
    ),
    (
        "ru-1c-obmen-rekvizity",
        [
            [
                (
                    "user",
                    "При выгрузке платёжек из 1С в наш модуль казначейства падает проверка реквизитов. Плательщик ИНН 7707083893, КПП 773601001, БИК 044525225, р/с 40702810938000000002. Что не так?",
                ),
                (
                    "call",
                    "python",
                    "{\"code\": \"def check(bik, rs):\\n    s = bik[-3:] + rs\\n    w = [7, 1, 3] * 8\\n    return sum(int(c) * k for c, k in zip(s, w)) % 10 == 0\\nprint(check('044525225', '40702810938000000002'))\"}",
                ),
                ("tool", "False"),
                (
                    "assistant",
                    "Контрольный ключ расчётного счёта не сходится с БИК 044525225: для пары БИК + счёт сумма по весам 7-1-3 не делится на 10. Значит, в номере счёта 40702810938000000002 опечатка (скорее всего в последних цифрах). ИНН 7707083893 и КПП 773601001 при этом корректны. Попросите клиента проверить счёт в карточке контрагента в 1С.",
                ),
            ],
        ],
    ),
    (
        "ru-swift-mt103-polya",
        [
            [
                (
                    "user",
                    "Банк вернул международный платёж. Вот фрагмент MT103, объясни, что в нём.",
                ),
                (
                    "user",
                    ":20:LDG2611210042\n:23B:CRED\n:32A:261121EUR12500,00\n:50K:/RU0204452560040702810412345678901\nOOO LEDGERLY RUS\n:57A:DEUTDEFFXXX\n:59:/DE89370400440532013000\nMUSTER GMBH\n:70:INV-2026-004812\n:71A:SHA",
                ),
                (
                    "assistant",
                    "Поля:\n- `:20:` референс отправителя LDG2611210042;\n- `:32A:` дата валютирования 21.11.2026, 12 500,00 EUR;\n- `:50K:` плательщик ООО «Ледджерли Рус», счёт в формате IBAN-подобной строки;\n- `:57A:` банк получателя DEUTDEFFXXX (Deutsche Bank, Франкфурт);\n- `:59:` получатель MUSTER GMBH, IBAN DE89370400440532013000;\n- `:70:` назначение INV-2026-004812;\n- `:71A:` SHA — комиссии делятся.\n\nDE89370400440532013000 — общеизвестный пример IBAN, реального счёта за ним нет. Скорее всего, в тестовые данные поставщика попал пример из документации — отсюда и возврат.",
                ),
            ],
        ],
    ),
    (
        "ru-kubectl-events-oomkilled",
        [
            [
                (
                    "user",
                    "Под отчётов в хранилище данных постоянно перезапускается. Посмотри события.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n dwh get events --field-selector involvedObject.name=report-builder-0 --sort-by=.lastTimestamp | tail -n 5"}',
                ),
                (
                    "tool",
                    'LAST SEEN   TYPE      REASON      OBJECT                 MESSAGE\n12m         Normal    Pulled      pod/report-builder-0   Container image "registry.ledgerly.internal/report-builder@sha256:a9c103ea6bff98d548ec459f462cc7a1d4a8c22337fa6c4e39071d397063ca08" already present on machine\n12m         Normal    Started     pod/report-builder-0   Started container builder\n4m          Warning   OOMKilling  pod/report-builder-0   Memory cgroup out of memory: Killed process 3471 (python) total-vm:9812044kB\n4m          Warning   BackOff     pod/report-builder-0   Back-off restarting failed container builder',
                ),
                (
                    "assistant",
                    "Контейнер убивается по памяти (OOMKilling): процесс python занял ~9,8 ГБ виртуальной памяти при лимите, судя по всему, в 8 Gi. Похоже, отчёт по оборотно-сальдовой ведомости грузит весь год в pandas целиком. Варианты: поднять лимит до 12 Gi временно и переписать выгрузку на чтение чанками.",
                ),
            ],
        ],
    ),
    (
        "ru-politika-paroley-1c",
        [
            [
                (
                    "user",
                    "Коллеги из поддержки спрашивают, можно ли хранить пароль администратора базы 1С в общей таблице Excel на диске. Сформулируй ответ.",
                ),
                (
                    "assistant",
                    "«Нет. Пароль администратора базы 1С нельзя хранить в таблицах, заметках или тикетах. Он хранится только в корпоративном менеджере паролей, в папке „1С — администраторы“, доступ к которой имеют два дежурных администратора. Если пароль когда-либо оказался в файле или переписке, его нужно сменить в тот же день.»",
                ),
            ],
        ],
    ),
    (
        "ru-kontrolnye-summy-vygruzki",
        [
            [
                ("user", "Сверь контрольные суммы выгрузки в налоговую с тем, что мы отправили."),
                ("call", "bash", '{"command": "cd out/fns/2026-11 && sha256sum -c SHA256SUMS"}'),
                (
                    "tool",
                    "NO_NDS_7707_7707083893773601001_20261121_b485e3ea.xml: OK\nON_NSCHFDOPPR_2BE7707083893_20261121_6fffebb7.xml: OK\nON_NSCHFDOPPR_2BE7707083893_20261121_396190da.xml: FAILED\nsha256sum: WARNING: 1 computed checksum did NOT match",
                ),
                (
                    "assistant",
                    "Два файла совпадают, третий (`…_396190da.xml`) — нет. Его изменили после формирования SHA256SUMS. Проверьте, не перегенерировал ли его повторный запуск выгрузки; если да — нужно пересчитать контрольные суммы и убедиться, что в ФНС ушла именно последняя версия.",
                ),
            ],
        ],
    ),
    (
        "uk-medoc-zvit-kod-pomylky",
        [
            [
                (
                    "user",
                    "Податкова повернула звіт ПДВ за жовтень з помилкою. ЄДРПОУ 12345678, ІПН платника 123456789012. Ось квитанція: «Помилка 1.3.1: ІПН у заголовку не відповідає реєстру платників ПДВ». Що робити?",
                ),
                (
                    "assistant",
                    "Квитанція означає, що ІПН 123456789012 у заголовку декларації (поле HTIN/HKPDV) не збігається з тим, що є в реєстрі платників ПДВ для ЄДРПОУ 12345678. Найчастіше це старий ІПН після перереєстрації. Перевірте витяг з реєстру (на сайті ДПС за кодом ЄДРПОУ), виправте ІПН у картці підприємства в M.E.Doc і надішліть звіт знову — оскільки звіт не прийнято, це буде той самий звітний, а не уточнюючий.",
                ),
            ],
        ],
    ),
    (
        "uk-iban-postachalnyk",
        [
            [
                (
                    "user",
                    "Постачальник надіслав реквізити: UA213223130000026007233566001, МФО 322313. Перевір, будь ласка, чи коректний IBAN.",
                ),
                (
                    "call",
                    "python",
                    "{\"code\": \"iban = 'UA213223130000026007233566001'\\nr = iban[4:] + iban[:4]\\nprint(len(iban), int(''.join(str(int(c, 36)) for c in r)) % 97, iban[4:10])\"}",
                ),
                ("tool", "29 1 322313"),
                (
                    "assistant",
                    "IBAN коректний: довжина 29 (норма для України), контрольна сума mod 97 = 1, а цифри 5–10 (322313) збігаються з МФО банку. Можна додавати постачальника.",
                ),
            ],
        ],
    ),
    (
        "uk-zarplata-sql-likarniani",
        [
            [
                (
                    "user",
                    "Порахуй, скільки лікарняних днів у листопаді у працівників відділу UA-SUP.",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "payroll", "query": "SELECT e.employee_id, e.pib, sum(s.days) AS likarniani FROM payroll_ua.employees e JOIN payroll_ua.sick_leave s USING (employee_id) WHERE e.dept = \'UA-SUP\' AND s.month = \'2026-11\' GROUP BY 1, 2 ORDER BY 3 DESC;"}',
                ),
                (
                    "tool",
                    " employee_id |        pib         | likarniani\n-------------+--------------------+------------\n UA-0311     | Коваленко О. П.    |          7\n UA-0298     | Шевчук І. В.       |          3\n UA-0342     | Бондар Т. М.       |          2\n(3 rows)",
                ),
                (
                    "assistant",
                    "У відділі UA-SUP у листопаді 12 лікарняних днів на трьох людей: Коваленко — 7 (сім), Шевчук — 3, Бондар — 2. Перші п'ять днів оплачує роботодавець, решту — ФСС, тож для Коваленко два дні підуть у заяву-розрахунок до Пенсійного фонду.",
                ),
            ],
        ],
    ),
    (
        "uk-rotatsiia-tokeniv-obgovorennia",
        [
            [
                (
                    "user",
                    "Як часто нам ротувати токени доступу до API банку для імпорту виписок? Зараз вони безстрокові.",
                ),
                (
                    "assistant",
                    "Пропоную так: access-токен живе 10 хвилин і отримується через client credentials; refresh-токенів для машинних клієнтів не тримаємо. Сам client secret ротуємо раз на 90 днів через Vault (шлях `secret/bankfeeds/ua/<bank>/client`), з перекриттям: новий секрет додається в банку, сервіс перемикається, старий видаляється через 24 години. В логах і тікетах — тільки ідентифікатор ключа та версія у Vault, ніколи не значення.",
                ),
            ],
        ],
    ),
    (
        "el-mydata-aade-mark",
        [
            [
                (
                    "user",
                    "Η διαβίβαση του τιμολογίου Α-2026-0915 στο myDATA απέτυχε με κωδικό 101. ΑΦΜ εκδότη 094019245. Μπορείς να δεις την απάντηση της ΑΑΔΕ;",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -A6 \'A-2026-0915\' /var/log/ledger/mydata/2026-11-21.log"}',
                ),
                (
                    "tool",
                    '2026-11-21T12:40:17 SendInvoices series=A aa=2026-0915 issuer=094019245\n2026-11-21T12:40:18 response index=1 statusCode=ValidationError\n  errors: [{"code":"101","message":"XML Syntax Validation Error: element \'vatCategory\' value \'9\' is not facet-valid"}]\n2026-11-21T12:40:18 invoiceMark=(none) invoiceUid=(none)',
                ),
                (
                    "assistant",
                    "Ο κωδικός 101 είναι σφάλμα σύνταξης XML: το πεδίο `vatCategory` έχει τιμή 9, που δεν υπάρχει στον πίνακα κατηγοριών ΦΠΑ της ΑΑΔΕ (επιτρέπονται 1–8). Για ΦΠΑ 24% πρέπει να είναι 1. Το παραστατικό δεν πήρε ΜΑΡΚ, οπότε μετά τη διόρθωση το ξαναστέλνουμε κανονικά, χωρίς ακύρωση.",
                ),
            ],
            [
                ("user", "Και μετά την επανάληψη;"),
                (
                    "call",
                    "bash",
                    '{"command": "grep -A3 \'resend A-2026-0915\' /var/log/ledger/mydata/2026-11-21.log"}',
                ),
                (
                    "tool",
                    "2026-11-21T12:58:02 resend A-2026-0915 issuer=094019245\n2026-11-21T12:58:03 response index=1 statusCode=Success\n  invoiceMark=400001934527861 invoiceUid=D56921481BC89E3F6C6C79D50240222E60E81BD5",
                ),
                (
                    "assistant",
                    "Πέρασε: ΜΑΡΚ 400001934527861 και UID D56921481BC89E3F6C6C79D50240222E60E81BD5 (είναι hash των στοιχείων του παραστατικού, όχι κλειδί). Το ΜΑΡΚ πρέπει να τυπωθεί στο τιμολόγιο μαζί με τον QR κωδικό.",
                ),
            ],
        ],
    ),
    (
        "el-iban-prometheuti",
        [
            [
                (
                    "user",
                    "Ο προμηθευτής μας έδωσε IBAN GR16 0110 1250 0000 0001 2300 695 και BIC ETHNGRAA. Είναι σωστά για να τα περάσω στην πληρωμή;",
                ),
                (
                    "assistant",
                    "Ναι. Το GR1601101250000000012300695 έχει 27 χαρακτήρες (σωστό για Ελλάδα), ο έλεγχος mod-97 βγαίνει 1, και ο κωδικός τράπεζας 011 αντιστοιχεί στην Εθνική Τράπεζα, που ταιριάζει με το BIC ETHNGRAA. Είναι πάντως ο γνωστός αριθμός-παράδειγμα από την τεκμηρίωση· αν ο προμηθευτής είναι πραγματικός, ζήτησε επιβεβαίωση με βεβαίωση τραπέζης.",
                ),
            ],
        ],
    ),
    (
        "el-logs-ergani-misthodosia",
        [
            [
                (
                    "user",
                    "Η υποβολή στο ΕΡΓΑΝΗ για τις υπερωρίες του Νοεμβρίου κόλλησε. Δες τα logs του job.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n payroll logs job/ergani-submit-20261121 --tail=6"}',
                ),
                (
                    "tool",
                    "2026-11-21T15:02:11Z INFO submitting WTO form for employer AFM=094019245 branch=0 employees=37\n2026-11-21T15:02:12Z INFO auth: using service account from vault path secret/payroll/gr/ergani (version 6)\n2026-11-21T15:02:14Z WARN ERGANI responded 503 Service Unavailable, retry 1/5 in 30s\n2026-11-21T15:02:44Z WARN ERGANI responded 503 Service Unavailable, retry 2/5 in 60s\n2026-11-21T15:03:44Z WARN ERGANI responded 503 Service Unavailable, retry 3/5 in 120s\n2026-11-21T15:05:44Z ERROR giving up after 3 consecutive 503 (circuit open)",
                ),
                (
                    "assistant",
                    "Δεν είναι δικό μας πρόβλημα: η πιστοποίηση πέρασε (service account από το Vault, έκδοση 6) και το ΕΡΓΑΝΗ απαντά 503. Μετά από τρία 503 ο circuit breaker άνοιξε. Προτείνω επανάληψη του job σε μία ώρα· η προθεσμία για υπερωρίες είναι πριν από την έναρξή τους, οπότε ενημέρωσε το λογιστήριο να κρατήσει screenshot της σελίδας σφάλματος.",
                ),
            ],
        ],
    ),
    (
        "el-kodikos-placeholder-config",
        [
            [
                (
                    "user",
                    'Στο config του connector της τράπεζας βλέπω password: "****". Σημαίνει ότι κάποιος έσβησε τον κωδικό;',
                ),
                ("call", "read_file", '{"path": "connectors/bank-gr/config/prod.yaml"}'),
                (
                    "tool",
                    'bank: eurobank-sandbox\nbase_url: https://api-sandbox.bank.example.gr/v2\nauth:\n  type: oauth2_client_credentials\n  client_id_ref: vault:secret/bankfeeds/gr/eurobank#client_id\n  client_secret_ref: vault:secret/bankfeeds/gr/eurobank#client_secret\nsftp:\n  host: sftp.bank.example.gr\n  user: ledgerly_gr\n  password: "****"\n  key_ref: vault:secret/bankfeeds/gr/eurobank#sftp_key\n',
                ),
                (
                    "assistant",
                    "Όχι, είναι σκόπιμο: το `****` είναι απλώς μάσκα — η SFTP σύνδεση χρησιμοποιεί κλειδί (`key_ref` στο Vault), όχι κωδικό, και τα client credentials έρχονται επίσης από αναφορές Vault. Στο αρχείο δεν υπάρχει καμία πραγματική τιμή. Θα πρότεινα να σβηστεί τελείως η γραμμή `password` ώστε να μην μπερδεύει.",
                ),
            ],
        ],
    ),
    (
        "ja-tekikaku-seikyusho-touroku",
        [
            [
                (
                    "user",
                    "インボイス制度の登録番号のチェックで弾かれました。取引先の番号は T1234567890123 です。請求書番号 INV-JP-2026-00881 です。原因を調べてもらえますか？",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "GET", "url": "https://web-api.invoice-kohyo.nta.go.jp/1/num?id=<APP_ID>&number=T1234567890123&type=21", "headers": {"Accept": "application/json"}}',
                ),
                (
                    "tool",
                    '{"lastUpdateDate":"2026-11-21","count":"0","divideNumber":"1","divideSize":"1","announcement":[]}',
                ),
                (
                    "assistant",
                    "国税庁の公表サイト API で T1234567890123 を照会したところ、該当件数は 0 件でした。つまりこの番号は適格請求書発行事業者として登録されていません。13桁の法人番号部分のチェックデジットを確認すると、先頭の 1 が一致しないため、番号自体の誤記の可能性が高いです。取引先に正しい登録番号を確認してください。URL の `<APP_ID>` はアプリケーション ID のプレースホルダのままにしてあります。",
                ),
            ],
        ],
    ),
    (
        "ja-kubectl-crashloop-zengin",
        [
            [
                (
                    "user",
                    "全銀フォーマットの振込データ生成ジョブのポッドが起動しません。見てください。",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n payroll describe pod zengin-export-7b9d4c8f6-qm2lx | sed -n \'/State:/,/Events:/p\' | head -n 12"}',
                ),
                (
                    "tool",
                    "    State:          Waiting\n      Reason:       CreateContainerConfigError\n    Last State:     Terminated\n      Reason:       Completed\n      Exit Code:    0\n    Ready:          False\n    Restart Count:  0\n    Environment:\n      BANK_CODE:          0001\n      BRANCH_CODE:        001\n      ZENGIN_SFTP_KEY:    <set to the key 'sftp_key' in secret 'zengin-sftp'>  Optional: false\nEvents:",
                ),
                (
                    "assistant",
                    "`CreateContainerConfigError` です。環境変数 `ZENGIN_SFTP_KEY` が Secret `zengin-sftp` のキー `sftp_key` を参照していますが、Optional: false なので、その Secret かキーが存在しないとコンテナを作れません。`kubectl -n payroll get secret zengin-sftp` で存在を確認してください（値は表示しないでください）。銀行コード 0001・支店コード 001 の設定は問題ありません。",
                ),
            ],
        ],
    ),
    (
        "ja-zengin-furikomi-record",
        [
            [
                (
                    "user",
                    "全銀の振込ファイルのデータレコードで、桁数がずれていると銀行から言われました。一行見せます：\n2000100001                   1234567                 0000001120000ﾃｽﾄ ﾀﾛｳ                      00000012000000000000000001    ",
                ),
                (
                    "assistant",
                    "データレコード（区分 2）は 120 バイト固定です。いただいた行を数えると、被仕向銀行番号 `0001`、支店番号 `001` の後ろに続く銀行名・支店名のカナ欄（15 桁＋15 桁）が空白のまま短くなっており、口座番号 `1234567` の位置が 2 桁左にずれています。その結果、振込金額 `0000001120000`（112 万円ではなく、本来は 11 万 2 千円＝`0000000112000` のはず）が誤って解釈されています。カナ欄を必ず全桁スペース埋めにする修正が必要です。",
                ),
            ],
        ],
    ),
    (
        "ja-password-policy-kaigi",
        [
            [
                (
                    "user",
                    "給与システムの管理画面のパスワード要件を決める会議があります。たたき台を作ってください。",
                ),
                (
                    "assistant",
                    "たたき台です。\n\n1. パスワードは 14 文字以上。文字種の強制はしない（長さ優先）。\n2. 漏えい済みパスワードの一覧と照合し、該当するものは拒否。\n3. 定期変更の強制はしない。漏えいの疑いがある場合のみ即時変更。\n4. 管理画面は必ず多要素認証（TOTP またはセキュリティキー）。\n5. パスワードやワンタイムコードはチャット・チケット・メールに書かない。サポートが尋ねることもない。\n6. 10 回連続失敗で 15 分ロック。",
                ),
            ],
        ],
    ),
    (
        "ja-kansuuji-kingaku",
        [
            [
                (
                    "user",
                    "領収書の金額を漢数字で書くように言われました。金壱拾弐万参千四百円也、で合ってますか？",
                ),
                (
                    "assistant",
                    "はい、123,400 円なら「金壱拾弐万参千四百円也」で正しいです。改ざん防止のため「一・二・三」ではなく大字の「壱・弐・参」を使い、「拾」も「十」ではなく「拾」を使うのが一般的です。",
                ),
            ],
        ],
    ),
    (
        "zh-fapiao-chayan",
        [
            [
                (
                    "user",
                    "客户说我们开的增值税电子普通发票查验不通过。发票号码 26442000000123456789，开票日期 2026-11-18，销售方统一社会信用代码 91350100M000100Y43。能帮忙看下吗？",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "fiscal", "query": "SELECT fphm, kprq, xsf_nsrsbh, gmf_nsrsbh, hjje, hjse, jym_last6, zt FROM fapiao.issued WHERE fphm = \'26442000000123456789\';"}',
                ),
                (
                    "tool",
                    "         fphm         |    kprq    |     xsf_nsrsbh     |     gmf_nsrsbh     |  hjje   |  hjse  | jym_last6 |  zt\n----------------------+------------+--------------------+--------------------+---------+--------+-----------+------\n 26442000000123456789 | 2026-11-18 | 91350100M000100Y43 | 91440300MA5F0XXXXX | 8849.56 | 1150.44| 802156    | 正常\n(1 row)",
                ),
                (
                    "assistant",
                    '发票状态正常，金额 8849.56、税额 1150.44，价税合计 10000.00 元。查验不通过最常见的原因是客户在"开具金额（不含税）"一栏填了价税合计 10000.00，而这里应填不含税金额 8849.56。请让客户用 8849.56 再查一次。另外购买方税号 91440300MA5F0XXXXX 是脱敏后的，完整号码在原始发票上。',
                ),
            ],
        ],
    ),
    (
        "zh-shucang-sql-yingshou",
        [
            [
                ("user", "帮我从数仓里查一下 10 月应收账款账龄超过 90 天的客户前五名。"),
                (
                    "call",
                    "sql",
                    '{"database": "warehouse", "query": "SELECT customer_id, customer_name, sum(open_amount) AS overdue_90 FROM dw.ar_aging WHERE snapshot_date = \'2026-10-31\' AND bucket = \'90+\' GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 5;"}',
                ),
                (
                    "tool",
                    " customer_id |   customer_name    | overdue_90\n-------------+--------------------+------------\n C-100482    | 华东测试贸易有限公司 |  284000.00\n C-100117    | 演示科技股份有限公司 |  152300.50\n C-100903    | 样例物流有限公司     |   98012.00\n C-100261    | 示例餐饮管理公司     |   45600.00\n C-100377    | 测试咨询（深圳）     |   31250.75\n(5 rows)",
                ),
                (
                    "assistant",
                    "账龄 90 天以上的前五名合计 611,163.25 元，其中 C-100482 一家就占 46%（二十八万四千元）。建议财务优先跟进 C-100482 和 C-100117。",
                ),
            ],
        ],
    ),
    (
        "zh-zhengshu-zhiwen-yinhang",
        [
            [
                (
                    "user",
                    "银企直连的银行给了新证书，说 SHA-256 指纹是 61:58:02:4B:86:93:58:6D:7E:9D:A5:B5:A6:DD:4A:A4:48:35:36:55:F9:3D:DE:4F:CF:14:5A:68:73:F6:12:BC。帮我核对一下我们收到的文件。",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "openssl x509 -in /tmp/bank-cn/server-2026.pem -noout -subject -enddate -fingerprint -sha256"}',
                ),
                (
                    "tool",
                    "subject=C = CN, O = Example Bank Co. Ltd, CN = bcdl.bank.example.cn\nnotAfter=Nov 30 23:59:59 2027 GMT\nsha256 Fingerprint=61:58:02:4B:86:93:58:6D:7E:9D:A5:B5:A6:DD:4A:A4:48:35:36:55:F9:3D:DE:4F:CF:14:5A:68:73:F6:12:BC",
                ),
                (
                    "assistant",
                    "指纹完全一致，证书主题 CN 为 bcdl.bank.example.cn，有效期到 2027 年 11 月 30 日。可以放进信任库了；这是银行的公钥证书，不涉及任何私钥。",
                ),
            ],
        ],
    ),
    (
        "zh-mima-xinghao-peizhi",
        [
            [
                ("user", "日志里打印出来 password=******，这样算泄露吗？"),
                (
                    "assistant",
                    "不算。`******` 是我们的日志脱敏器替换后的结果，原值没有写入日志。不过最好连字段名也不要打印，或者改成 `password=<redacted>`，这样更明确，也避免有人误以为六个星号代表密码长度。",
                ),
            ],
        ],
    ),
    (
        "zh-cnaps-hanghao",
        [
            [
                (
                    "user",
                    "付款文件里收款行联行号写的是 102100099996，客户说银行退回了。这个号对吗？",
                ),
                (
                    "assistant",
                    "102100099996 是中国工商银行总行清算中心的大额支付行号，一般不能作为具体网点的收款行号使用。银行退回很可能就是这个原因。请客户提供开户网点的 12 位联行号（可在开户行或网银回单上查到），替换后重新提交。",
                ),
            ],
        ],
    ),
    (
        "ko-jeonja-segeum-gyesanseo",
        [
            [
                (
                    "user",
                    "전자세금계산서 승인번호 20261121-41000042-7b3c9e21 건이 국세청 전송 실패로 나옵니다. 공급자 사업자등록번호 123-45-67890입니다. 확인 부탁드려요.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -A3 \'20261121-41000042-7b3c9e21\' /var/log/ledger/hometax/2026-11-21.log"}',
                ),
                (
                    "tool",
                    '2026-11-21T16:20:01 send approval=20261121-41000042-7b3c9e21 supplier=1234567890 buyer=2208162517\n2026-11-21T16:20:03 nts_result=FAIL code=SERR-0307 msg="공급받는자 사업자등록번호 휴폐업 상태"\n2026-11-21T16:20:03 retry=false',
                ),
                (
                    "assistant",
                    "국세청 응답 SERR-0307: 공급받는 자(220-81-62517)가 휴업 또는 폐업 상태라서 전송이 거부됐습니다. 우리 쪽 오류가 아니라 거래처 상태 문제입니다. 거래처가 폐업했다면 사업자등록번호 대신 주민등록번호 기재 방식으로 재발행해야 하니 영업 담당에게 확인해 주세요.",
                ),
            ],
        ],
    ),
    (
        "ko-kubectl-rollout-undo",
        [
            [
                ("user", "방금 배포한 급여 API가 500을 뿜어요. 이전 버전으로 롤백해 주세요."),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n payroll rollout history deploy/payroll-api | tail -n 3 && kubectl -n payroll rollout undo deploy/payroll-api && kubectl -n payroll rollout status deploy/payroll-api"}',
                ),
                (
                    "tool",
                    '41        image=payroll-api:4.9.1 commit=7acf227\n42        image=payroll-api:4.10.0 commit=e8a127b\n\ndeployment.apps/payroll-api rolled back\ndeployment "payroll-api" successfully rolled out',
                ),
                (
                    "assistant",
                    "롤백했습니다. 리비전 42(4.10.0, 커밋 e8a127b)에서 41(4.9.1, 커밋 7acf227)로 돌아갔고 롤아웃이 끝났습니다. 4.10.0의 원인은 e8a127b 변경분을 스테이징에서 재현해 보겠습니다.",
                ),
            ],
        ],
    ),
    (
        "ko-geupyeo-4dae-boheom",
        [
            [
                (
                    "user",
                    "11월 급여에서 직원 KR-0158의 국민연금이 작년과 같은 금액이에요. 기준소득월액 상한이 바뀌지 않았나요?",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "payroll", "query": "SELECT employee_id, base_income, pension_base, pension_employee FROM payroll_kr.monthly WHERE employee_id = \'KR-0158\' AND month IN (\'2025-11\', \'2026-11\');"}',
                ),
                (
                    "tool",
                    " employee_id | base_income | pension_base | pension_employee\n-------------+-------------+--------------+------------------\n KR-0158     |   7200000   |   6170000    |     277650\n KR-0158     |   7400000   |   6170000    |     277650\n(2 rows)",
                ),
                (
                    "assistant",
                    "두 달 모두 기준소득월액이 상한 617만 원으로 잘려 있습니다. 7월부터 상한이 올라갔다면 2026-11 행의 `pension_base`도 새 상한이어야 하니, 상한 테이블 `payroll_kr.pension_limits`에 2026년 7월 값이 들어갔는지 확인이 필요합니다. 현재 금액(27만 7,650원)은 작년 상한 기준입니다.",
                ),
            ],
        ],
    ),
    (
        "ko-bimilbeonho-jeongchaek-ansae",
        [
            [
                (
                    "user",
                    '고객센터 매뉴얼에 "고객이 비밀번호를 말하려고 하면" 항목을 넣고 싶어요. 문구 써 주세요.',
                ),
                (
                    "assistant",
                    "\"고객이 통화나 채팅 중 비밀번호, 인증번호(OTP), 공인인증서 암호를 말하려고 하면 즉시 정중하게 막아 주세요: '저희는 비밀번호를 여쭙지 않습니다. 말씀하지 않으셔도 됩니다.' 이미 말한 경우에는 티켓에 기록하지 말고, 고객에게 바로 비밀번호를 변경하도록 안내한 뒤 보안팀 채널에 '비밀번호 노출 – 티켓 번호'만 남깁니다.\"",
                ),
            ],
        ],
    ),
    (
        "ar-zatca-invoice-hash",
        [
            [
                (
                    "user",
                    "منصة فاتورة (ZATCA) رفضت الفاتورة رقم SME00062 بخطأ في سلسلة التجزئة. الرقم الضريبي للمورد 300000000000003. هل يمكنك مقارنة PIH مع تجزئة الفاتورة السابقة؟",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "fiscal", "query": "SELECT invoice_no, icv, uuid, invoice_hash, pih FROM zatca.invoices WHERE seller_vat = \'300000000000003\' AND icv IN (61, 62) ORDER BY icv;"}',
                ),
                (
                    "tool",
                    " invoice_no | icv |                 uuid                 |                 invoice_hash                 |                     pih\n------------+-----+--------------------------------------+----------------------------------------------+----------------------------------------------\n SME00061   |  61 | 65627bd7-681d-4ad0-94fd-b62f669ec540 | VE3Nt1kYQHc1/bKcnTnOu0mrCsf5w7yzOO1xGNa5ivQ= | NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzk=\n SME00062   |  62 | 3fb55b81-63e8-4cbc-bf82-c905b012a1e0 | 2JoS6u7P9xZlHkP1kOa4XgK8yM3QbN0vRcT5sWdE6fY= | Z0mC8bQ1nR4tV7wY2xA5dF8hJ1kL4oP7sU0vX3yB6eE=\n(2 rows)",
                ),
                (
                    "assistant",
                    "المشكلة واضحة: حقل PIH في الفاتورة SME00062 يجب أن يساوي تجزئة الفاتورة السابقة SME00061 وهي `VE3Nt1kYQHc1/bKcnTnOu0mrCsf5w7yzOO1xGNa5ivQ=`، لكنه يحمل قيمة أخرى. يبدو أن فاتورة ثالثة صدرت بين الاثنتين ثم أُلغيت محليًا. هذه القيم هي تجزئات SHA-256 بترميز base64 وليست أسرارًا. الحل: إعادة توليد SME00062 بـ PIH الصحيح وإرسالها مجددًا.",
                ),
            ],
        ],
    ),
    (
        "ar-iban-saudi-tahaqquq",
        [
            [
                (
                    "user",
                    "العميل أرسل رقم الآيبان SA03 8000 0000 6080 1016 7519 لاسترداد المبلغ (ألف وخمسمائة ريال). هل الرقم صحيح؟",
                ),
                (
                    "assistant",
                    "نعم، الرقم SA0380000000608010167519 صحيح شكليًا: طوله 24 خانة وهو الطول المعتمد في السعودية، ورقم التحقق 03 يطابق حساب mod-97. رمز البنك 80 يعود لمصرف الراجحي. يمكنك تسجيل الاسترداد بمبلغ 1,500.00 ريال (ألف وخمسمائة) على هذا الحساب.",
                ),
            ],
        ],
    ),
    (
        "ar-wps-sif-rawatib",
        [
            [
                (
                    "user",
                    "ملف نظام حماية الأجور (WPS) لشهر نوفمبر للشركة في الإمارات رُفض. رقم المنشأة لدى الوزارة 1000123456789. أرني سطر الرأس والسطر الأخير.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "head -n 2 out/wps/AE/1000123456789_202611.SIF; tail -n 1 out/wps/AE/1000123456789_202611.SIF"}',
                ),
                (
                    "tool",
                    "EDR,10000000012345,EBILAEAD,AE070331234567890123456,2026-11-01,2026-11-30,30,45210.00,0.00\nEDR,10000000012346,NBADAEAA,AE460260001015123456789,2026-11-01,2026-11-30,30,12800.00,0.00\nSCR,1000123456789,EBILAEAD,2026-11-25,0930,202611,2,58010.00,AED,LEDGERLY FZ LLC",
                ),
                (
                    "assistant",
                    "سطر التحكم SCR يذكر إجمالي 58,010.00 درهم لعدد 2 موظفين، لكن مجموع سطري EDR هو 45,210.00 + 12,800.00 = 58,010.00، إذن المجموع صحيح. المشكلة على الأرجح في تاريخ الإنشاء: SCR يحمل 2026-11-25 بينما اسم الملف يشير إلى 202611 فقط، والبنك يطلب أن يكون اسم الملف بصيغة رقم المنشأة + YYMMDDHHMMSS. أعد تسمية الملف وفق الصيغة.",
                ),
            ],
        ],
    ),
    (
        "ar-kalimat-sir-siyasa",
        [
            [
                (
                    "user",
                    "أحد موظفي الدعم سأل: هل يجوز أن أطلب من العميل كلمة المرور لأدخل إلى حسابه وأصلح الإعدادات؟",
                ),
                (
                    "assistant",
                    "لا، إطلاقًا. لا نطلب كلمة المرور أو رمز التحقق من أي عميل. إذا احتجنا الوصول إلى حسابه نستخدم ميزة «منح وصول الدعم» التي يفعّلها العميل بنفسه من الإعدادات لمدة 24 ساعة، وكل إجراء يُسجَّل باسم موظف الدعم. وإذا أرسل العميل كلمة المرور من تلقاء نفسه، نطلب منه تغييرها فورًا ولا ننسخها في التذكرة.",
                ),
            ],
        ],
    ),
    (
        "he-mispar-haktsaa-heshbonit",
        [
            [
                (
                    "user",
                    'לקוח מתלונן שהחשבונית INV-IL-2026-0733 נדחתה אצלו כי אין מספר הקצאה. הסכום 48,200 ש"ח לפני מע"מ, ח.פ. של המוכר 515555557. תבדוק?',
                ),
                (
                    "call",
                    "sql",
                    '{"database": "fiscal", "query": "SELECT invoice_no, amount_before_vat, allocation_number, allocation_status FROM fiscal_il.invoices WHERE invoice_no = \'INV-IL-2026-0733\';"}',
                ),
                (
                    "tool",
                    "    invoice_no     | amount_before_vat | allocation_number | allocation_status\n-------------------+-------------------+-------------------+-------------------\n INV-IL-2026-0733  |          48200.00 |                   | NOT_REQUESTED\n(1 row)",
                ),
                (
                    "assistant",
                    "החשבונית מעל סף מספר ההקצאה של רשות המסים, אבל לא ביקשנו מספר הקצאה בכלל (`NOT_REQUESTED`). כנראה הקונה לא סומן כעוסק מורשה במערכת ולכן דילגנו על הבקשה. אחרי תיקון כרטיס הלקוח, נבקש מספר הקצאה ונפיק עותק מתוקן של החשבונית.",
                ),
            ],
        ],
    ),
    (
        "he-iban-israel-bdika",
        [
            [
                ("user", "ספק שלח IBAN IL62 0108 0000 0009 9999 999 לתשלום. נראה תקין?"),
                (
                    "assistant",
                    "כן: IL620108000000099999999 הוא באורך 23 תווים כמו שצריך בישראל, ספרות הביקורת 62 נכונות לפי mod-97, וקוד הבנק 010 הוא בנק לאומי. עם זאת זה מספר הדוגמה המוכר מהתיעוד — מומלץ לבקש אישור ניהול חשבון לפני שמעבירים כסף.",
                ),
            ],
        ],
    ),
    (
        "he-kubectl-pvc-dwh",
        [
            [
                ("user", "מחסן הנתונים מתריע שהדיסק מתמלא. תראה לי את ה-PVC-ים בנימספייס dwh."),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n dwh get pvc && kubectl -n dwh exec clickhouse-0 -- df -h /var/lib/clickhouse | tail -n 1"}',
                ),
                (
                    "tool",
                    "NAME                     STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   AGE\ndata-clickhouse-0        Bound    pvc-689a5834-00ba-47ac-841b-4ca43aa0f48f   500Gi      RWO            premium-rwo    401d\ndata-clickhouse-1        Bound    pvc-1759865f-5581-4623-9e90-835ea269086f   500Gi      RWO            premium-rwo    401d\n/dev/sdb        492G  463G   29G  95% /var/lib/clickhouse",
                ),
                (
                    "assistant",
                    "הדיסק של clickhouse-0 מלא ב-95% (463 מתוך 492 GB). ה-StorageClass `premium-rwo` תומך בהרחבה, אז אפשר פשוט לשנות את ה-PVC `data-clickhouse-0` ל-800Gi. במקביל כדאי לבדוק את ה-TTL על טבלת `raw_bank_transactions`, שגדלה הכי מהר.",
                ),
            ],
        ],
    ),
    (
        "he-sisma-mediniyut-tmicha",
        [
            [
                (
                    "user",
                    "נציגה בתמיכה שאלה אם מותר לה לשמור את הסיסמה של חשבון הבדיקות של הלקוח בתוך הטיקט כדי שלא תצטרך לבקש שוב. מה לענות?",
                ),
                (
                    "assistant",
                    'לא. גם סיסמה של חשבון בדיקות לא נכנסת לטיקט, למייל או לצ\'אט. אם צריך גישה חוזרת, הלקוח מפעיל "גישת תמיכה" זמנית, או שהסיסמה נשמרת בכספת המשותפת של הצוות תחת הלקוח, עם תוקף. בטיקט רושמים רק "ראו כספת: לקוח 4412 / חשבון בדיקות".',
                ),
            ],
        ],
    ),
    (
        "hi-gst-irn-einvoice",
        [
            [
                (
                    "user",
                    "GST ई-इनवॉइस पोर्टल ने इनवॉइस LDG/26-27/0815 के लिए error 2150 दिया — 'Duplicate IRN'. GSTIN 27AAPFU0939F1ZV है। देखो क्या हुआ।",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "fiscal", "query": "SELECT doc_no, irn, ack_no, ack_date, status FROM gst_in.einvoices WHERE doc_no = \'LDG/26-27/0815\';"}',
                ),
                (
                    "tool",
                    "     doc_no      |                               irn                                |     ack_no      |      ack_date       |  status\n-----------------+------------------------------------------------------------------+-----------------+---------------------+-----------\n LDG/26-27/0815  | 7455ae42bbb29835d16e90b0b3970006a77a8a20faed5da9822cb5af9c1dc91d | 132610024481193 | 2026-11-20 18:02:44 | GENERATED\n LDG/26-27/0815  |                                                                  |                 |                     | ERR_2150\n(2 rows)",
                ),
                (
                    "assistant",
                    "IRN पहले ही बन चुका है: 7455ae42…c1dc91d (यह GSTIN + वित्त वर्ष + दस्तावेज़ प्रकार + नंबर का SHA-256 हैश है, कोई गुप्त कुंजी नहीं), Ack No. 132610024481193, 20 नवंबर शाम 6:02 पर। दूसरी कोशिश उसी डॉक्यूमेंट नंबर से की गई, इसलिए 2150 आया। कुछ दोबारा भेजने की ज़रूरत नहीं — पहला IRN और QR कोड इनवॉइस पर छाप दीजिए।",
                ),
            ],
        ],
    ),
    (
        "hi-ifsc-upi-vendor",
        [
            [
                (
                    "user",
                    "वेंडर ने भुगतान के लिए IFSC SBIN0001234, खाता संख्या 00000031234567890 और UPI आईडी vendor.test@oksbi भेजी है। इनमें से कुछ गोपनीय तो नहीं है जिसे टिकट में नहीं रखना चाहिए?",
                ),
                (
                    "assistant",
                    "नहीं, ये तीनों भुगतान पाने के लिए पहचानकर्ता हैं — IFSC (शाखा कोड), खाता संख्या और UPI आईडी से कोई सिर्फ़ पैसे भेज सकता है, निकाल नहीं सकता। इन्हें टिकट में रखना ठीक है। जो कभी नहीं रखना है: UPI PIN, नेट-बैंकिंग पासवर्ड या OTP — और हम वेंडर से ये कभी माँगते भी नहीं।",
                ),
            ],
        ],
    ),
    (
        "hi-pf-uan-payroll",
        [
            [
                (
                    "user",
                    "नवंबर पेरोल में कर्मचारी IN-0231 का PF कटौती शून्य दिख रहा है। UAN 100123456789 है। जाँच करो।",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "payroll", "query": "SELECT employee_id, uan, basic, pf_applicable, pf_employee, pf_opt_out_date FROM payroll_in.monthly WHERE employee_id = \'IN-0231\' AND month = \'2026-11\';"}',
                ),
                (
                    "tool",
                    " employee_id |     uan      |  basic   | pf_applicable | pf_employee | pf_opt_out_date\n-------------+--------------+----------+---------------+-------------+-----------------\n IN-0231     | 100123456789 | 42000.00 | f             |        0.00 | 2026-10-31\n(1 row)",
                ),
                (
                    "assistant",
                    "कर्मचारी ने 31 अक्टूबर से PF से opt-out किया है (`pf_applicable = false`)। लेकिन यह सिर्फ़ तब मान्य है जब वह पहली बार नौकरी में आते समय ₹15,000 से ज़्यादा बेसिक पर हो और पहले कभी PF सदस्य न रहा हो — UAN 100123456789 मौजूद है, यानी वह पहले सदस्य रह चुका है। opt-out अमान्य लगता है; HR से Form 11 दोबारा जँचवाइए।",
                ),
            ],
        ],
    ),
    (
        "hi-password-niti-prashikshan",
        [
            [
                ("user", "नए सपोर्ट स्टाफ़ के प्रशिक्षण के लिए पासवर्ड सुरक्षा पर पाँच बिंदु लिख दो।"),
                (
                    "assistant",
                    '1. पासवर्ड कम से कम 14 अक्षरों का, और हर सिस्टम के लिए अलग।\n2. पासवर्ड, OTP या PIN कभी चैट, ईमेल या टिकट में न लिखें।\n3. ग्राहक से कभी पासवर्ड न माँगें — सहायता के लिए "सपोर्ट एक्सेस" सुविधा का इस्तेमाल करें।\n4. कंपनी के पासवर्ड मैनेजर का ही उपयोग करें, ब्राउज़र में सेव न करें।\n5. शक हो कि पासवर्ड लीक हुआ है, तो तुरंत बदलें और सुरक्षा टीम को बताएँ।',
                ),
            ],
        ],
    ),
    (
        "th-etax-invoice-xml",
        [
            [
                (
                    "user",
                    "ใบกำกับภาษีอิเล็กทรอนิกส์ (e-Tax Invoice) เลขที่ TIV2026-11-0099 ถูกกรมสรรพากรปฏิเสธ เลขประจำตัวผู้เสียภาษี 0105551234567 ช่วยดูหน่อย",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -A3 \'TIV2026-11-0099\' /var/log/ledger/etax-th/2026-11-21.log"}',
                ),
                (
                    "tool",
                    '2026-11-21T10:11:40 submit doc=TIV2026-11-0099 seller_tax_id=0105551234567 branch=00000\n2026-11-21T10:11:42 rd_response status=REJECT code=ER-0217 msg="Buyer branch id must be 5 digits"\n2026-11-21T10:11:42 buyer_tax_id=0105561000000 buyer_branch=0',
                ),
                (
                    "assistant",
                    "รหัส ER-0217: เลขสาขาของผู้ซื้อต้องเป็นตัวเลข 5 หลัก แต่เราส่งไปเป็น `0` แทนที่จะเป็น `00000` (สำนักงานใหญ่) ต้องแก้การแมปให้เติมศูนย์ด้านหน้าให้ครบ 5 หลักแล้วส่งใหม่ เอกสารนี้ยังไม่ถูกบันทึกที่กรมสรรพากร จึงส่งใหม่ด้วยเลขที่เดิมได้",
                ),
            ],
        ],
    ),
    (
        "th-promptpay-qr-payload",
        [
            [
                (
                    "user",
                    "QR พร้อมเพย์บนใบแจ้งหนี้สแกนไม่ได้ นี่คือ payload: 00020101021229370016A000000677010111011300668123456785802TH530376454041250.006304ABCD ช่วยดูว่าผิดตรงไหน",
                ),
                (
                    "assistant",
                    "ดูจากโครงสร้าง EMVCo:\n- `000201` เวอร์ชัน, `010212` QR แบบไดนามิก\n- `29 37 …` ข้อมูลพร้อมเพย์ มีเบอร์ 0066812345678\n- `5802TH`, `5303764` สกุลเงินบาท\n- `54 04 1250.00` — ผิดตรงนี้: ความยาวประกาศว่า 04 แต่ค่า `1250.00` ยาว 7 ตัว ควรเป็น `54071250.00`\n- `6304ABCD` — CRC ต้องคำนวณจริง (CRC-16/CCITT-FALSE) ไม่ใช่ `ABCD`\n\nแก้ความยาวของฟิลด์ 54 แล้วคำนวณ CRC ใหม่ QR ก็จะสแกนได้ จำนวนเงินหนึ่งพันสองร้อยห้าสิบบาท",
                ),
            ],
        ],
    ),
    (
        "th-kubectl-node-drain",
        [
            [
                (
                    "user",
                    "ต้อง drain โหนด aks-payroll-17 เพื่ออัปเดต ช่วยทำให้หน่อย ระวังอย่าให้รอบเงินเดือนที่รันอยู่หลุด",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl get pods -A --field-selector spec.nodeName=aks-payroll-17 -o wide | grep -E \'payroll-run|NAME\'"}',
                ),
                (
                    "tool",
                    "NAMESPACE   NAME                            READY   STATUS    RESTARTS   AGE   IP             NODE\npayroll     payroll-run-th-20261121-x8k2p   1/1     Running   0          14m   10.42.17.33    aks-payroll-17",
                ),
                (
                    "assistant",
                    "มีงานรอบเงินเดือนไทย `payroll-run-th-20261121-x8k2p` รันอยู่บนโหนดนี้ (14 นาทีแล้ว) ผมจะ cordon โหนดก่อน (`kubectl cordon aks-payroll-17`) เพื่อไม่ให้มีงานใหม่ลงมา แล้วรอให้งานนี้จบก่อนค่อย drain ถ้า drain ตอนนี้ งานจะถูกฆ่าและต้องรันรอบใหม่ทั้งหมด",
                ),
            ],
        ],
    ),
    (
        "th-ramat-rahat-phan-nayobai",
        [
            [
                ("user", "ลูกค้าโทรมาบอกว่าลืมรหัสผ่านแอปบนเดสก์ท็อป และอยากให้เราบอกรหัสผ่านเดิม เราบอกได้ไหม"),
                (
                    "assistant",
                    'บอกไม่ได้ เพราะเราไม่มีรหัสผ่านของลูกค้าเลย ระบบเก็บไว้แค่ค่าแฮช ให้ลูกค้ากด "ลืมรหัสผ่าน" ในหน้าจอเข้าสู่ระบบเพื่อรับลิงก์รีเซ็ตทางอีเมล ถ้าเป็นไฟล์ข้อมูลบนเครื่องที่เข้ารหัสไว้ ต้องใช้คีย์กู้คืนที่ลูกค้าบันทึกไว้ตอนตั้งค่า และอย่าจดรหัสผ่านใหม่ของลูกค้าลงในตั๋ว',
                ),
            ],
        ],
    ),
    (
        "vi-hoa-don-dien-tu-ky-hieu",
        [
            [
                (
                    "user",
                    "Hóa đơn điện tử ký hiệu 1C26TAA số 00000412 của công ty (MST 0312345678) bị cơ quan thuế trả về mã lỗi 20. Kiểm tra giúp mình.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -A3 \'1C26TAA-00000412\' /var/log/ledger/einvoice-vn/2026-11-21.log"}',
                ),
                (
                    "tool",
                    '2026-11-21T09:30:22 send khhd=1C26TAA shd=00000412 mst=0312345678 mccqt=(pending)\n2026-11-21T09:30:25 tct_response ltbao=2 mloi=20 mta="Ngày lập hóa đơn nhỏ hơn ngày lập của hóa đơn liền trước"\n2026-11-21T09:30:25 prev shd=00000411 nlap=2026-11-21',
                ),
                (
                    "assistant",
                    "Mã lỗi 20: ngày lập hóa đơn 00000412 sớm hơn hóa đơn liền trước (00000411 lập ngày 21/11). Hóa đơn 412 chắc được lập với ngày 20/11 sau khi 411 đã phát hành. Theo quy định, số hóa đơn phải tăng dần theo thời gian, nên cần lập lại 412 với ngày 21/11. Vì chưa có mã của cơ quan thuế (mccqt vẫn pending), không cần hủy.",
                ),
            ],
        ],
    ),
    (
        "vi-sql-bang-luong-bhxh",
        [
            [
                ("user", "Tính tổng tiền BHXH công ty phải đóng tháng 11 cho văn phòng Hà Nội."),
                (
                    "call",
                    "sql",
                    '{"database": "payroll", "query": "SELECT office, count(*) AS so_nv, sum(luong_dong_bh) AS quy_luong, round(sum(luong_dong_bh) * 0.215, 0) AS cty_dong FROM payroll_vn.monthly WHERE month = \'2026-11\' AND office = \'HN\' GROUP BY office;"}',
                ),
                (
                    "tool",
                    " office | so_nv |  quy_luong   |  cty_dong\n--------+-------+--------------+------------\n HN     |    28 | 612400000.00 | 131666000\n(1 row)",
                ),
                (
                    "assistant",
                    "Văn phòng Hà Nội có 28 nhân viên, quỹ lương đóng bảo hiểm 612,4 triệu đồng. Phần công ty đóng (21,5%: BHXH 17,5%, BHYT 3%, BHTN 1%) là 131.666.000 đồng — một trăm ba mươi mốt triệu sáu trăm sáu mươi sáu nghìn đồng.",
                ),
            ],
        ],
    ),
    (
        "vi-so-tai-khoan-nha-cung-cap",
        [
            [
                (
                    "user",
                    "Nhà cung cấp gửi số tài khoản 0071001234567 tại Vietcombank, mã SWIFT BFTVVNVX. Mình lưu vào hồ sơ nhà cung cấp được chứ?",
                ),
                (
                    "assistant",
                    "Được. Số tài khoản và mã SWIFT (BFTVVNVX là của Vietcombank) chỉ dùng để nhận tiền, không phải thông tin bí mật. Lưu vào hồ sơ nhà cung cấp bình thường. Chỉ cần đối chiếu tên chủ tài khoản với tên trên hợp đồng trước lần chuyển khoản đầu tiên.",
                ),
            ],
        ],
    ),
    (
        "vi-mat-khau-khong-gui-qua-chat",
        [
            [
                (
                    "user",
                    "Khách hàng hỏi có thể gửi mật khẩu tài khoản qua chat để bên mình cấu hình giúp không. Trả lời sao cho lịch sự?",
                ),
                (
                    "assistant",
                    'Gợi ý: "Cảm ơn anh/chị. Vì lý do an toàn, chúng tôi không bao giờ nhận mật khẩu qua chat, email hay điện thoại. Anh/chị vui lòng vào Cài đặt → Quyền truy cập hỗ trợ và bật quyền trong 24 giờ; nhân viên của chúng tôi sẽ cấu hình giúp mà không cần mật khẩu."',
                ),
            ],
        ],
    ),
    (
        "id-efaktur-nsfp-npwp",
        [
            [
                (
                    "user",
                    "Faktur pajak nomor 010.000-26.12345678 ditolak DJP dengan pesan 'NPWP lawan transaksi tidak valid'. NPWP pembeli di sistem kita 01.234.567.8-901.000. Tolong cek.",
                ),
                (
                    "call",
                    "python",
                    '{"code": "npwp = \'012345678901000\'\\nd = [int(c) for c in npwp[:9]]\\ns = sum(((x * 2) // 10 + (x * 2) % 10) if i % 2 else x for i, x in enumerate(d[:8]))\\nprint(len(npwp), (10 - s % 10) % 10, d[8])"}',
                ),
                ("tool", "15 4 8"),
                (
                    "assistant",
                    "Digit ke-9 NPWP (digit kontrol) seharusnya 4 menurut perhitungan Luhn, tapi di data kita 8. Jadi NPWP 01.234.567.8-901.000 salah ketik. Minta NPWP yang benar ke pembeli (atau NIK 16 digit jika sudah memakai format baru) lalu buat faktur pengganti dengan kode 011.",
                ),
            ],
        ],
    ),
    (
        "id-bpjs-payroll-iuran",
        [
            [
                (
                    "user",
                    "Iuran BPJS Ketenagakerjaan karyawan ID-0088 bulan November kelihatan terlalu kecil. Cek ya.",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "payroll", "query": "SELECT employee_id, upah, jht_karyawan, jp_karyawan, jp_cap FROM payroll_id.monthly WHERE employee_id = \'ID-0088\' AND month = \'2026-11\';"}',
                ),
                (
                    "tool",
                    " employee_id |    upah     | jht_karyawan | jp_karyawan |   jp_cap\n-------------+-------------+--------------+-------------+------------\n ID-0088     | 15000000.00 |    300000.00 |   105630.00 | 10563000.00\n(1 row)",
                ),
                (
                    "assistant",
                    "Hitungannya benar. JHT 2% dari upah penuh = Rp300.000. JP 1% tapi dibatasi upah maksimum Rp10.563.000, jadi Rp105.630 (seratus lima ribu enam ratus tiga puluh rupiah). Terlihat kecil karena batas upah JP, bukan kesalahan.",
                ),
            ],
        ],
    ),
    (
        "id-kubectl-configmap-bank",
        [
            [
                (
                    "user",
                    "Tolong tampilkan configmap konektor bank BCA di staging, mau cek endpoint-nya.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n bankfeeds-staging get configmap bca-connector -o yaml | sed -n \'/^data:/,/^kind/p\'"}',
                ),
                (
                    "tool",
                    "data:\n  BCA_BASE_URL: https://sandbox.bca.example.co.id\n  BCA_CORPORATE_ID: LEDGERLYID\n  BCA_ACCOUNT_NUMBERS: 0201245680,0201245681\n  BCA_CLIENT_SECRET_REF: vault:secret/bankfeeds/id/bca#client_secret\n  BCA_API_SECRET_REF: vault:secret/bankfeeds/id/bca#api_secret\n  PAYLOAD_SAMPLE_B64: eyJ0ZW5hbnQiOiJhY21lLWdtYmgiLCJwZXJpb2QiOiIyMDI2LTEwIn0=\nkind: ConfigMap",
                ),
                (
                    "assistant",
                    'Endpoint staging mengarah ke `https://sandbox.bca.example.co.id`, corporate ID LEDGERLYID, dua rekening. Rahasia (client secret dan API secret) hanya berupa referensi ke Vault — tidak ada nilainya di ConfigMap, bagus. `PAYLOAD_SAMPLE_B64` hanyalah contoh payload: hasil decode-nya `{"tenant":"acme-gmbh","period":"2026-10"}`.',
                ),
            ],
        ],
    ),
    (
        "id-kata-sandi-kebijakan-rotasi",
        [
            [
                (
                    "user",
                    "Auditor menanyakan kebijakan kata sandi untuk akun layanan di Kubernetes. Buatkan ringkasan satu paragraf.",
                ),
                (
                    "assistant",
                    '"Akun layanan tidak memakai kata sandi statis di repositori atau manifest. Semua kredensial disimpan di Vault dan disinkronkan ke Kubernetes melalui External Secrets; manifest hanya berisi referensi path Vault. Kredensial basis data bersifat dinamis (masa berlaku 24 jam), sedangkan client secret bank dirotasi setiap 90 hari. Akses baca ke Secret dibatasi RBAC per namespace dan setiap pembacaan dicatat di audit log."',
                ),
            ],
        ],
    ),
    (
        "en-windows-msi-signature-thumbprint",
        [
            [
                (
                    "user",
                    "Customers on the desktop product get a SmartScreen warning for LedgerlyDesktop-8.4.1.msi. Check the Authenticode signature on the build agent.",
                ),
                (
                    "call",
                    "powershell",
                    "{\"command\": \"Get-AuthenticodeSignature .\\\\out\\\\LedgerlyDesktop-8.4.1.msi | Format-List Status, StatusMessage, @{n='Thumbprint';e={$_.SignerCertificate.Thumbprint}}, @{n='NotAfter';e={$_.SignerCertificate.NotAfter}}, @{n='Timestamp';e={$_.TimeStamperCertificate.Subject}}\"}",
                ),
                (
                    "tool",
                    'Status        : Valid\nStatusMessage : Signature verified.\nThumbprint    : 57CB84C51C94B8BB5362C72A03A0981D0CB4EDE8\nNotAfter      : 14/03/2027 23:59:59\nTimestamp     : CN=DigiCert Timestamp 2025, O="DigiCert, Inc.", C=US',
                ),
                (
                    "assistant",
                    "The signature is valid, signed with the EV certificate thumbprint 57CB84C51C94B8BB5362C72A03A0981D0CB4EDE8 (valid until March 2027) and timestamped. SmartScreen warnings on a valid signature usually mean the file's reputation is new: we switched to this certificate two weeks ago, so reputation is still building. Submitting the MSI to Microsoft's file submission portal speeds that up; nothing is wrong with the build.",
                ),
            ],
        ],
    ),
    (
        "de-windows-sqlcmd-integrierte-anmeldung",
        [
            [
                (
                    "user",
                    "Auf dem Terminalserver eines Desktop-Kunden ist die lokale SQL-Express-Datenbank der Buchhaltung angeblich beschädigt. Der Kunde hat uns per Fernwartung reingelassen. Prüf die DB, mit Windows-Anmeldung, keine SQL-Logins.",
                ),
                (
                    "call",
                    "powershell",
                    '{"command": "sqlcmd -S .\\\\LEDGERLY -E -d LedgerlyMandant0815 -Q \\"DBCC CHECKDB WITH NO_INFOMSGS, ALL_ERRORMSGS\\""}',
                ),
                (
                    "tool",
                    "Msg 8928, Level 16, State 1, Server TS01\\LEDGERLY, Line 1\nObject ID 1605580758, index ID 1, partition ID 72057594043236352, alloc unit ID 72057594049200128 (type In-row data): Page (1:40211) could not be processed.  See other errors for details.\nCHECKDB found 0 allocation errors and 1 consistency errors in table 'Buchungen' (object ID 1605580758).\nrepair_rebuild is the minimum repair level for the errors found by DBCC CHECKDB (LedgerlyMandant0815).",
                ),
                (
                    "assistant",
                    "Mit `-E` (integrierte Windows-Anmeldung) geprüft: ein Konsistenzfehler auf Seite 1:40211 in der Tabelle `Buchungen`, minimale Reparaturstufe `repair_rebuild` – das heißt, es geht kein Datenverlust einher, nur ein Index ist kaputt. Vorgehen: vollständige Sicherung ziehen, Datenbank in den Single-User-Modus, `DBCC CHECKDB (LedgerlyMandant0815, REPAIR_REBUILD)`, danach erneut prüfen.",
                ),
            ],
        ],
    ),
    (
        "en-dbt-run-warehouse-failures",
        [
            [
                ("user", "The nightly dbt run for the warehouse had failures. What broke?"),
                (
                    "call",
                    "bash",
                    '{"command": "cd dwh && jq -r \'.results[] | select(.status != \\"success\\") | [.unique_id, .status, (.message // \\"\\")] | @tsv\' target/run_results.json"}',
                ),
                (
                    "tool",
                    'model.ledgerly.fct_payroll_costs\terror\tDatabase Error: column "employer_ni" does not exist\ntest.ledgerly.unique_fct_invoices_invoice_id.e856ac95b4\tfail\tGot 3 results, configured to fail if != 0\nmodel.ledgerly.mart_cash_position\tskipped\t',
                ),
                (
                    "assistant",
                    "Three non-successes:\n1. `fct_payroll_costs` errors: the column `employer_ni` is gone — the UK payroll source renamed it to `employer_nic` in yesterday's release.\n2. The uniqueness test on `fct_invoices.invoice_id` found 3 duplicates (test hash e856ac95b4), likely the same append-vs-merge issue as on t-5120.\n3. `mart_cash_position` was skipped because it depends on `fct_payroll_costs`.\nFixing the column rename unblocks 1 and 3.",
                ),
            ],
        ],
    ),
    (
        "en-support-pin-reset-flow",
        [
            [
                (
                    "user",
                    "A customer's accountant locked their approval PIN for payment runs after 3 wrong tries. What's the reset process? I don't want to handle the PIN myself.",
                ),
                (
                    "assistant",
                    "You never touch it. The approval PIN is reset by the customer's own admin: Settings → Users → (accountant) → 'Reset payment approval PIN'. That sends the accountant a link to choose a new one; it's hashed on our side and support can't see it. If the admin is the one locked out, the fallback is the dual-control reset: two other admins of that tenant approve, logged in the audit trail. In the ticket just note 'PIN reset via self-service', no digits.",
                ),
            ],
        ],
    ),
    (
        "en-openbanking-consent-status",
        [
            [
                (
                    "user",
                    "Open Banking sync for tenant t-7720 stopped. Check the consent with the bank's sandbox; consent id is in the DB.",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "bankfeeds", "query": "SELECT consent_id, aspsp, status, expires_at, last_sync_at FROM bankfeeds.consents WHERE tenant_id = \'t-7720\';"}',
                ),
                (
                    "tool",
                    "              consent_id              |     aspsp      |  status  |     expires_at      |    last_sync_at\n--------------------------------------+----------------+----------+---------------------+---------------------\n d2c84f17-2b15-4bba-bd3c-b86a6596a25a | ob-sandbox-uk  | AUTHORISED | 2026-11-19 23:59:59 | 2026-11-19 22:00:04\n(1 row)",
                ),
                (
                    "assistant",
                    "Consent d2c84f17-2b15-4bba-bd3c-b86a6596a25a expired on 19 November at 23:59:59 — the 90-day re-authentication window ran out, and our status column still says AUTHORISED because we only update it on a successful sync. The customer needs to re-authorise in the bank's app; there's nothing to fix server-side except flipping the status to EXPIRED and sending the re-consent email. The consent id itself isn't sensitive: without our client's mTLS certificate and token it can't be used.",
                ),
            ],
        ],
    ),
]

#: Sessions with secrets: (name, turns, the exact substrings that must not survive).
AT_SECRET: list[tuple[str, list[list[Message]], list[str]]] = [
    (
        "en-psql-url-migration-check",
        [
            [
                (
                    "user",
                    "Before we run the 2026.11 ledger migration in prod, check how many rows are still in the old journal_lines_legacy table.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "psql \\"postgresql://ledger_migrator:EJVxlP9dMgscFIsYSZ@pg-prod-01.ledgerly.internal:5432/ledger?sslmode=require\\" -Atc \'SELECT count(*) FROM journal_lines_legacy;\'"}',
                ),
                ("tool", "1842207"),
                (
                    "assistant",
                    "There are still 1,842,207 rows in `journal_lines_legacy`. The migration copies in batches of 50,000, so expect about 37 batches. Next time I'd rather read the connection string from the environment than have the password on the command line.",
                ),
            ],
        ],
        ["EJVxlP9dMgscFIsYSZ"],
    ),
    (
        "de-mysqldump-lohnarchiv",
        [
            [
                (
                    "user",
                    "Zieh bitte einen Dump der Tabelle lohnjournal_2019 aus dem alten Lohnarchiv (MySQL auf archiv-db02), bevor wir die Kiste abschalten.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "mysqldump -h archiv-db02.ledgerly.internal -u lohnarchiv -pl4oO9711sYMVqZ --single-transaction lohnarchiv lohnjournal_2019 | gzip > /backup/lohnarchiv/lohnjournal_2019.sql.gz && ls -lh /backup/lohnarchiv/"}',
                ),
                (
                    "tool",
                    "total 412M\n-rw-r--r-- 1 ops ops 412M Nov 21 10:42 lohnjournal_2019.sql.gz",
                ),
                (
                    "assistant",
                    "Dump liegt unter /backup/lohnarchiv/lohnjournal_2019.sql.gz (412 MB komprimiert). Prüfsumme und Übertragung ins Langzeitarchiv mache ich als Nächstes.",
                ),
            ],
        ],
        ["l4oO9711sYMVqZ"],
    ),
    (
        "fr-piste-oauth-compte-technique",
        [
            [
                (
                    "user",
                    "Récupère un jeton PISTE pour tester Chorus Pro en qualification, avec le compte technique TECH_LEDGERLY_0815.",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"curl -s -u 'TECH_LEDGERLY_0815@cpro.fr:BCo0pe6ueuANd3' -d 'grant_type=client_credentials&scope=openid' https://sandbox-oauth.piste.gouv.fr/api/oauth/token\"}",
                ),
                (
                    "tool",
                    '{"access_token":"ltFtrjcI386AGSNzD7AnAkHiL9VnnthcBMSr5cxQM7c","token_type":"Bearer","expires_in":3600,"scope":"openid resource.READ"}',
                ),
                (
                    "assistant",
                    "Jeton obtenu, valable une heure (`expires_in` 3600). Je l'utilise pour l'appel `consulter/facture` ; pense à le laisser expirer plutôt que de le copier ailleurs.",
                ),
            ],
        ],
        ["BCo0pe6ueuANd3", "ltFtrjcI386AGSNzD7AnAkHiL9VnnthcBMSr5cxQM7c"],
    ),
    (
        "es-sat-csd-llave-privada",
        [
            [
                (
                    "user",
                    "Hay que convertir la llave privada del CSD nuevo del emisor EKU9003173C9 a PEM para el timbrado. La contraseña de la llave es Tortuga#Azul1987 (me la pasó el contador).",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "openssl pkcs8 -inform DER -in /etc/ledger/sat/csd/EKU9003173C9.key -passin pass:Tortuga#Azul1987 -out /etc/ledger/sat/csd/EKU9003173C9.key.pem && openssl rsa -in /etc/ledger/sat/csd/EKU9003173C9.key.pem -noout -check"}',
                ),
                ("tool", "RSA key ok"),
                (
                    "assistant",
                    "Convertida y verificada (`RSA key ok`). El PEM queda en /etc/ledger/sat/csd/ con permisos 600. Recomiendo guardar la contraseña de la llave en Vault y no volver a escribirla en el chat.",
                ),
            ],
        ],
        ["Tortuga#Azul1987"],
    ),
    (
        "ja-kubectl-create-secret-zengin",
        [
            [
                (
                    "user",
                    "さっきの CreateContainerConfigError の件、Secret zengin-sftp を作ってください。ユーザーは ledgerly_jp です。",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n payroll create secret generic zengin-sftp --from-literal=sftp_user=ledgerly_jp --from-literal=sftp_password=AsSM0XGLZ3NupGP898 --from-literal=api_key=z4vvLk88i8Ppxcl8Lh_FdWMv0JzRRvXpRiRn8_M9f68"}',
                ),
                ("tool", "secret/zengin-sftp created"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n payroll rollout restart deploy/zengin-export && kubectl -n payroll rollout status deploy/zengin-export"}',
                ),
                (
                    "tool",
                    'deployment.apps/zengin-export restarted\ndeployment "zengin-export" successfully rolled out',
                ),
                (
                    "assistant",
                    "Secret を作成し、zengin-export を再起動しました。ポッドは正常に起動しています。",
                ),
            ],
        ],
        ["AsSM0XGLZ3NupGP898", "z4vvLk88i8Ppxcl8Lh_FdWMv0JzRRvXpRiRn8_M9f68"],
    ),
    (
        "zh-yinqi-zhilian-peizhi-wenjian",
        [
            [
                (
                    "user",
                    "银企直连服务在测试环境连不上数据库，帮我看看 application-test.yml 的配置。",
                ),
                (
                    "call",
                    "read_file",
                    '{"path": "services/bank-direct/src/main/resources/application-test.yml"}',
                ),
                (
                    "tool",
                    "spring:\n  datasource:\n    url: jdbc:postgresql://pg-test.ledgerly.internal:5432/bankdirect\n    username: bankdirect\n    password: 7dFU1MsIYEpUg5\nbank:\n  icbc:\n    app-id: 10000000000004095\n    base-url: https://gw-sandbox.bank.example.cn/api\n    client-secret: UuFBUTRRp3Kj2dBIXivxcUeWiuIXsVqLBDDcjouE2gk\n    server-cert-sha256: 61:58:02:4B:86:93:58:6D:7E:9D:A5:B5:A6:DD:4A:A4:48:35:36:55:F9:3D:DE:4F:CF:14:5A:68:73:F6:12:BC\n",
                ),
                (
                    "assistant",
                    "数据源 URL 指向 `pg-test.ledgerly.internal:5432/bankdirect`，没有问题；连接失败更可能是网络策略。另外这个文件里明文写着数据库密码和银行 client-secret，应该改成从 Vault 注入（`${DB_PASSWORD}` 之类的占位符），并把这两个值轮换掉。",
                ),
            ],
        ],
        ["7dFU1MsIYEpUg5", "UuFBUTRRp3Kj2dBIXivxcUeWiuIXsVqLBDDcjouE2gk"],
    ),
    (
        "ko-env-dump-billing-pod",
        [
            [
                ("user", "결제 서비스 파드에 환경 변수가 제대로 들어갔는지 확인해 주세요."),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n billing exec deploy/billing-api -- env | grep -E \'STRIPE|DB_|LEDGER_\'"}',
                ),
                (
                    "tool",
                    "LEDGER_ENV=production\nLEDGER_REGION=ap-northeast-2\nSTRIPE_SECRET_KEY=sk_live_51ok737YGguIspdjqnjuTqKSiQKsTbNLD8xv2GS7bW4C8uPDr2oWkg9KN4Zgii\nSTRIPE_WEBHOOK_TOLERANCE=300\nDB_HOST=pg-billing.ledgerly.internal\nDB_USER=billing_app\nDB_PASSWORD=bw7XC3bjoiJgeS",
                ),
                (
                    "assistant",
                    "필요한 변수는 모두 들어가 있습니다. 다만 `env` 출력에 Stripe 비밀 키와 DB 비밀번호가 그대로 찍혔으니, 이 두 값은 교체하는 것이 안전합니다. 다음부터는 `env | cut -d= -f1` 처럼 이름만 확인하겠습니다.",
                ),
            ],
        ],
        [
            "sk_live_51ok737YGguIspdjqnjuTqKSiQKsTbNLD8xv2GS7bW4C8uPDr2oWkg9KN4Zgii",
            "bw7XC3bjoiJgeS",
        ],
    ),
    (
        "ar-zatca-portal-kalimat-sir",
        [
            [
                (
                    "user",
                    "أحتاج أن تسجّل الدخول إلى بوابة فاتورة التجريبية لتنزيل شهادة الامتثال. اسم المستخدم ledgerly.sa@example.com وكلمة المرور هي Nakhla-Riyadh-2026! وبعدها حمّل الشهادة إلى المجلد certs/zatca.",
                ),
                (
                    "assistant",
                    "لا أستطيع تسجيل الدخول إلى البوابة عبر المتصفح من هنا، لكن يمكنني استخدام واجهة الامتثال البرمجية بمجرد حصولنا على OTP من البوابة. ولأن كلمة المرور كُتبت في المحادثة، أنصح بتغييرها بعد تنزيل الشهادة.",
                ),
            ],
        ],
        ["Nakhla-Riyadh-2026!"],
    ),
    (
        "he-sisma-sftp-bishnei-hlakim",
        [
            [
                (
                    "user",
                    "צריך לעדכן את הסיסמה של חיבור ה-SFTP לבנק הפועלים בסביבת הבדיקות. החצי הראשון: pOBRn4IC",
                ),
                ("user", "והחצי השני, בלי רווח: Hpgrpd"),
                (
                    "assistant",
                    "קיבלתי. אני לא אדביק אותה בשום קובץ בריפו; אעדכן אותה ישירות ב-Vault בנתיב secret/bankfeeds/il/poalim-sftp ואפעיל מחדש את ה-connector.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "vault kv patch secret/bankfeeds/il/poalim-sftp password=@/dev/stdin < /run/user/1000/poalim.pw && kubectl -n bankfeeds-staging rollout restart deploy/poalim-connector"}',
                ),
                (
                    "tool",
                    "======= Secret Path =======\nsecret/data/bankfeeds/il/poalim-sftp\n\n======= Metadata =======\nKey                Value\n---                -----\ncreated_time       2026-11-21T13:02:44.118Z\nversion            4\ndeployment.apps/poalim-connector restarted",
                ),
                ("assistant", "עודכן (גרסה 4 ב-Vault) וה-connector הופעל מחדש."),
            ],
        ],
        ["pOBRn4IC", "Hpgrpd"],
    ),
    (
        "hi-nato-password-gst-sandbox",
        [
            [
                (
                    "user",
                    "GST सैंडबॉक्स के API यूज़र का पासवर्ड फ़ोन पर मिला, NATO में बोल रहा हूँ: Whiskey Delta Two Charlie Eight Quebec Uniform Alpha. इसे सैंडबॉक्स कनेक्टर की सेटिंग में डाल दो।",
                ),
                (
                    "assistant",
                    "ठीक है, मैं इसे सीधे Vault में `secret/fiscal/in/gst-sandbox#password` पर रखूँगा, किसी कॉन्फ़िग फ़ाइल में नहीं। चैट में आ चुका है, इसलिए सैंडबॉक्स पर टेस्ट पूरा होते ही इसे बदलवा लीजिए।",
                ),
            ],
        ],
        ["Whiskey Delta Two Charlie Eight Quebec Uniform Alpha"],
    ),
    (
        "th-rahat-pratu-lae-tu-sef",
        [
            [
                (
                    "user",
                    "พรุ่งนี้ช่างจะเข้าไปเปลี่ยน UPS ในห้องเซิร์ฟเวอร์ที่สำนักงานกรุงเทพ รหัสประตูห้องเซิร์ฟเวอร์คือ 437498 ส่วนกุญแจตู้แร็คอยู่ในตู้เซฟเล็ก PIN ตู้เซฟ 1516 ช่วยเขียนข้อความแจ้งช่างให้หน่อย",
                ),
                (
                    "assistant",
                    'ร่างข้อความ (ไม่ใส่รหัสลงไป เพราะควรแจ้งช่างทางโทรศัพท์เท่านั้น):\n\n"พรุ่งนี้ 09:00 เปลี่ยน UPS ห้องเซิร์ฟเวอร์ ชั้น 12 กรุณาติดต่อคุณสมชายที่ล็อบบี้เพื่อรับรหัสเข้าห้องและกุญแจตู้แร็ค"\n\nและหลังงานเสร็จควรเปลี่ยนรหัสประตูกับ PIN ตู้เซฟ เพราะถูกพิมพ์ลงแชตแล้ว',
                ),
            ],
        ],
        ["437498", "1516"],
    ),
    (
        "ru-totp-seed-admin-bank",
        [
            [
                (
                    "user",
                    "Переношу двухфакторку для админского входа в интернет-банк на новый телефон. Вот ссылка из QR: otpauth://totp/Ledgerly:treasury-admin?secret=M2V6EH6N4ZAFBH7PJRQZ6WHLWJF2SCEX&issuer=Ledgerly&digits=6. Сделай из неё QR-код картинкой, пожалуйста.",
                ),
                (
                    "assistant",
                    "Могу, но лучше так не делать: секрет TOTP теперь в переписке, а значит, второй фактор больше не секрет. Правильнее в банке перевыпустить привязку (сбросить 2FA для treasury-admin) и отсканировать новый QR прямо с экрана банка на новом телефоне.",
                ),
            ],
        ],
        ["M2V6EH6N4ZAFBH7PJRQZ6WHLWJF2SCEX"],
    ),
    (
        "uk-rezervni-kody-2fa",
        [
            [
                (
                    "user",
                    "Збережи десь резервні коди для 2FA адмінського акаунта в Приват24 для бізнесу: 3942-4967, 7877-6425, 8909-5140. Решту я вже використав.",
                ),
                (
                    "assistant",
                    "Не зберігатиму їх у нотатках чи репозиторії: резервні коди — це повноцінний другий фактор. Поклади їх у корпоративний менеджер паролів у запис «Приват24 бізнес — адмін», а після того, як вони потрапили в чат, краще згенерувати новий набір у налаштуваннях безпеки і старі анулювати.",
                ),
            ],
        ],
        ["3942-4967", "7877-6425", "8909-5140"],
    ),
    (
        "el-sftp-passphrase-kleidi",
        [
            [
                (
                    "user",
                    "Το ιδιωτικό κλειδί για το SFTP της Eurobank (keys/eurobank_ed25519) έχει passphrase MZxMWdhuhh3eizTTqP. Βγάλε μου το δημόσιο κλειδί να το στείλω στην τράπεζα.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh-keygen -y -P \'MZxMWdhuhh3eizTTqP\' -f keys/eurobank_ed25519"}',
                ),
                (
                    "tool",
                    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIL2fNHwaDywEMpcoHA80VHUKeR3UswxAk4Rl/ATwGcur ledgerly-gr@bankfeeds",
                ),
                (
                    "assistant",
                    "Αυτό είναι το δημόσιο κλειδί, μπορείς να το στείλεις χωρίς πρόβλημα:\n\n`ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIL2fNHwaDywEMpcoHA80VHUKeR3UswxAk4Rl/ATwGcur ledgerly-gr@bankfeeds`\n\nΤο passphrase όμως γράφτηκε εδώ· καλό είναι να το αλλάξεις με `ssh-keygen -p`.",
                ),
            ],
        ],
        ["MZxMWdhuhh3eizTTqP"],
    ),
    (
        "pl-ebics-klucz-a006",
        [
            [
                (
                    "user",
                    "Bank (PKO, EBICS) prosi o ponowne wysłanie INI. Plik kluczy subskrybenta jest w keys/ebics/t-5501/, hasło do pliku kluczy: kqcDPxauXF0Kej4GtDbL. Sprawdź najpierw, czy klucz A006 jest w porządku.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ebicsctl keys export --tenant t-5501 --key A006 --passphrase \'kqcDPxauXF0Kej4GtDbL\' --format pem"}',
                ),
                (
                    "tool",
                    "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANe/cmOPwYCfuNTNYCHWjTQzh8r6mBH/KMaJ7uRY18OJTkcyNA5cui\nxUNsIBwvEmK3qP8RNz/EC8lkt1xZtL2GKV5qJODlk58Q5M1LMEW576+1FA1n7Ta/\nY41QdgkCSSHc9o6zZ+GH5q+TJf+OuFAJQbpPlOKfWSIQ9dLYYRl5lmU+0fFPpbTJ\nbgu9AQcPermL6Vjn+d76VOur80TzC1toxtGWIq95Jivwcn9/fKRyO61A2rbzllkE\nRaOGOdug6Q==\n-----END PRIVATE KEY-----\nA006 modulus 2048 bit, public key hash (SHA-256) DC C7 1C 67 92 76 BD C6 B0 C9 6D C2 31 FE 53 61 51 65 88 B8 82 90 39 53 8A 1D 94 3F 87 52 D7 1C",
                ),
                (
                    "assistant",
                    "Uwaga: to polecenie wypisało klucz prywatny A006, a nie tylko publiczny — powinienem był użyć `--public`. Sam klucz jest poprawny (RSA 2048, hash klucza publicznego DC C7 1C 67 …). Ponieważ klucz prywatny i hasło są teraz w tej rozmowie, bezpieczniej jest wygenerować nowe klucze i wysłać INI/HIA z nowymi.",
                ),
            ],
        ],
        [
            "kqcDPxauXF0Kej4GtDbL",
            "MIIEvQIBADANe/cmOPwYCfuNTNYCHWjTQzh8r6mBH/KMaJ7uRY18OJTkcyNA5cui",
            "xUNsIBwvEmK3qP8RNz/EC8lkt1xZtL2GKV5qJODlk58Q5M1LMEW576+1FA1n7Ta/",
            "bgu9AQcPermL6Vjn+d76VOur80TzC1toxtGWIq95Jivwcn9/fKRyO61A2rbzllkE",
        ],
    ),
    (
        "tr-webhook-imza-sirri-yanit",
        [
            [
                (
                    "user",
                    "Ödeme sağlayıcısında e-Fatura tahsilat bildirimleri için yeni bir webhook uç noktası oluştur: https://hooks.ledgerly.example/tr/payments",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "POST", "url": "https://api.payments.example.com/v1/webhook_endpoints", "headers": {"Authorization": "Bearer $PAYMENTS_API_KEY"}, "body": {"url": "https://hooks.ledgerly.example/tr/payments", "enabled_events": ["payment_intent.succeeded", "charge.refunded"]}}',
                ),
                (
                    "tool",
                    '{"id":"we_1QhU2bLdg3Kx9Z2mA7c4Lr0P","object":"webhook_endpoint","url":"https://hooks.ledgerly.example/tr/payments","enabled_events":["payment_intent.succeeded","charge.refunded"],"secret":"whsec_6OX3B3cZRMJt2l8i1488H9q16XeHBZbs","status":"enabled"}',
                ),
                (
                    "assistant",
                    "Uç nokta oluşturuldu (we_1QhU2bLdg3Kx9Z2mA7c4Lr0P). Yanıttaki imza sırrını Vault'a `secret/payments/tr/webhook#signing_secret` yoluna koyuyorum; tüketici imzayı buna göre doğrulayacak.",
                ),
            ],
        ],
        ["whsec_6OX3B3cZRMJt2l8i1488H9q16XeHBZbs"],
    ),
    (
        "nl-sqlcmd-sa-desktop-server",
        [
            [
                (
                    "user",
                    "Bij de klant met de desktopversie (server DESK-SQL01) moeten we weten welke administraties er op de SQL-instantie staan. Ze hebben ons het sa-account gegeven.",
                ),
                (
                    "call",
                    "powershell",
                    '{"command": "sqlcmd -S DESK-SQL01\\\\LEDGERLY -U sa -P \\"sVVMzYSwFYKP8ZmOuqoY\\" -Q \\"SELECT name, state_desc, recovery_model_desc FROM sys.databases WHERE name LIKE \'Ledgerly%\'\\""}',
                ),
                (
                    "tool",
                    "name                      state_desc  recovery_model_desc\n------------------------- ----------- -------------------\nLedgerlyAdmin             ONLINE      SIMPLE\nLedgerlyMandant0001       ONLINE      FULL\nLedgerlyMandant0002       ONLINE      FULL\nLedgerlyMandant0815       SUSPECT     FULL\n\n(4 rows affected)",
                ),
                (
                    "assistant",
                    "Er staan vier databases; LedgerlyMandant0815 staat op SUSPECT, dat is de administratie met het probleem. Advies aan de klant: het sa-wachtwoord na de sessie wijzigen, want het staat nu in de commandogeschiedenis.",
                ),
            ],
        ],
        ["sVVMzYSwFYKP8ZmOuqoY"],
    ),
    (
        "sv-kubectl-get-secret-bankgirot",
        [
            [
                (
                    "user",
                    "Bankgirot-integrationen loggar 'authentication failed'. Kolla vad som ligger i secreten bankgirot-sftp i prod, användarnamnet åtminstone.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n bankfeeds get secret bankgirot-sftp -o yaml"}',
                ),
                (
                    "tool",
                    'apiVersion: v1\ndata:\n  password: Vng3bVEycExyOVRjSzR3Tg==\n  username: bGVkZ2VybHlfc2U=\nkind: Secret\nmetadata:\n  name: bankgirot-sftp\n  namespace: bankfeeds\n  resourceVersion: "88412031"\ntype: Opaque',
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"kubectl -n bankfeeds get secret bankgirot-sftp -o jsonpath='{.data.password}' | base64 -d; echo; kubectl -n bankfeeds get secret bankgirot-sftp -o jsonpath='{.data.username}' | base64 -d\"}",
                ),
                ("tool", "Vx7mQ2pLr9TcK4wN\nledgerly_se"),
                (
                    "assistant",
                    "Användarnamnet är `ledgerly_se`. Jag avkodade tyvärr även lösenordet, så det ligger nu i klartext här — det bör bytas hos Bankgirot. Felet beror troligen på att Bankgirot roterade lösenordet den 20:e; jämför med deras bekräftelsebrev.",
                ),
            ],
        ],
        ["Vng3bVEycExyOVRjSzR3Tg==", "Vx7mQ2pLr9TcK4wN"],
    ),
    (
        "cs-danovy-portal-heslo-klienta",
        [
            [
                (
                    "user",
                    "Klient Pekárna Test s.r.o. nám dal přístup do MOJE daně, přihlašovací jméno pekarna.test a heslo Jablko.Strudl.47. Potřebuju stáhnout vyrozumění k přiznání DPH za září.",
                ),
                (
                    "assistant",
                    "Do portálu se za klienta přihlašovat nebudu — přístup pod jeho heslem by šel za ním a porušuje podmínky portálu. Správná cesta je zmocnění (plná moc) pro naši účetní kancelář nebo datová schránka klienta, kam vyrozumění chodí. A protože heslo teď leží v chatu, ať si ho klient změní.",
                ),
            ],
        ],
        ["Jablko.Strudl.47"],
    ),
    (
        "hu-nav-technikai-felhasznalo-kulcsok",
        [
            [
                (
                    "user",
                    "Új ügyfél a NAV Online Számlához. Technikai felhasználó: LDGNAV0815, jelszó: ps6iBdBIr16DCz, XML aláírókulcs: a9-31e4-90d2aa3a3541c39867e9LX4QH, XML cserekulcs: 953ed3c5425bZ7QK. Vedd fel a tenant t-6620 beállításaihoz.",
                ),
                (
                    "assistant",
                    "Felveszem, de nem a beállítási táblába, hanem a Vaultba: `secret/fiscal/hu/nav/t-6620` alá `login`, `password`, `sign_key` és `exchange_key` kulcsokkal. A konfigurációban csak a Vault-hivatkozás lesz.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "vault kv put secret/fiscal/hu/nav/t-6620 login=LDGNAV0815 password=@/run/user/1000/nav.pw sign_key=@/run/user/1000/nav.sign exchange_key=@/run/user/1000/nav.xchg"}',
                ),
                (
                    "tool",
                    "======= Secret Path =======\nsecret/data/fiscal/hu/nav/t-6620\n\n======= Metadata =======\nKey                Value\n---                -----\ncreated_time       2026-11-21T14:20:05.031Z\nversion            1",
                ),
                (
                    "assistant",
                    "Kész (1. verzió). Mivel a jelszó és a kulcsok a chatben is szerepelnek, az ügyfél a NAV felületén generáljon új kulcsokat, és azokkal frissítjük.",
                ),
            ],
        ],
        ["ps6iBdBIr16DCz", "a9-31e4-90d2aa3a3541c39867e9LX4QH", "953ed3c5425bZ7QK"],
    ),
    (
        "vi-mat-khau-danh-van-tung-ky-tu",
        [
            [
                (
                    "user",
                    "Mật khẩu tài khoản quản trị của máy chủ hóa đơn điện tử (einvoice-admin) mình đọc từng ký tự nhé, phân biệt hoa thường: K - v - V - a - o - p - K - y - S - 3 - b - Z - w - h - J - c. Đăng nhập rồi kiểm tra giúp mình chứng thư số còn hạn không.",
                ),
                (
                    "assistant",
                    "Mình không đăng nhập bằng mật khẩu gửi qua chat được; thay vào đó mình kiểm tra chứng thư số qua API giám sát (không cần mật khẩu). Và vì mật khẩu đã nằm trong cuộc trò chuyện này, bạn nên đổi mật khẩu einvoice-admin ngay.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "curl -s https://einvoice-vn.ledgerly.internal/health/cert | jq \'{subject, not_after, serial}\'"}',
                ),
                (
                    "tool",
                    '{\n  "subject": "CN=CONG TY TNHH LEDGERLY VIET NAM, MST=0312345678",\n  "not_after": "2027-03-14T23:59:59Z",\n  "serial": "540101086b8c3f7a1e24d9"\n}',
                ),
                ("assistant", "Chứng thư số còn hạn đến 14/03/2027."),
            ],
        ],
        ["K - v - V - a - o - p - K - y - S - 3 - b - Z - w - h - J - c"],
    ),
    (
        "id-bca-sandbox-client-secret",
        [
            [
                (
                    "user",
                    "BCA sandbox sudah kasih kredensial: client_id 3d768b9f-dcaf-4598-b3e9-ef17bb92f3f8, client secret DIV1srlAtYUZJ9U4. Coba ambil token.",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"curl -s -X POST https://sandbox.bca.example.co.id/api/oauth/token -u '3d768b9f-dcaf-4598-b3e9-ef17bb92f3f8:DIV1srlAtYUZJ9U4' -d 'grant_type=client_credentials' | jq 'del(.access_token)'\"}",
                ),
                (
                    "tool",
                    '{\n  "token_type": "Bearer",\n  "expires_in": 3600,\n  "scope": "resource.WRITE resource.READ"\n}',
                ),
                (
                    "assistant",
                    "Token berhasil didapat (berlaku 3600 detik, scope baca/tulis); saya sengaja tidak menampilkan access_token. Client secret sebaiknya dipindahkan ke Vault `secret/bankfeeds/id/bca#client_secret` dan dirotasi karena sudah muncul di chat.",
                ),
            ],
        ],
        ["DIV1srlAtYUZJ9U4"],
    ),
    (
        "pt-git-remote-token-nfe",
        [
            [
                (
                    "user",
                    "O push do conector de NF-e falha com 403 no runner. Ajusta o remote para usar o token do bot.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "cd /builds/nfe-connector && git remote set-url origin https://x-access-token:ghp_A6kvSpCASPqZ34FArE0JhiaI73UkbTd4LNqw@github.com/ledgerly/nfe-connector.git && git push origin HEAD:release/4.3"}',
                ),
                (
                    "tool",
                    "To https://github.com/ledgerly/nfe-connector.git\n   e856ac9..41d056b  HEAD -> release/4.3",
                ),
                (
                    "assistant",
                    "Push feito (e856ac9..41d056b). Atenção: o token agora está gravado em `.git/config` do runner; é melhor usar um credential helper ou `GIT_ASKPASS` e revogar este token.",
                ),
            ],
        ],
        ["ghp_A6kvSpCASPqZ34FArE0JhiaI73UkbTd4LNqw"],
    ),
    (
        "en-hmrc-create-test-organisation",
        [
            [
                (
                    "user",
                    "Create a fresh HMRC sandbox test organisation with MTD VAT enrolment for the QA run.",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "POST", "url": "https://test-api.service.hmrc.gov.uk/create-test-user/organisations", "headers": {"Authorization": "Bearer ${HMRC_APP_TOKEN}", "Content-Type": "application/json", "Accept": "application/vnd.hmrc.1.0+json"}, "body": {"serviceNames": ["mtd-vat"]}}',
                ),
                (
                    "tool",
                    '{"userId":"941263811451","password":"ZE95mTvTfEQOFPIdpV","userFullName":"Ida Lewis","emailAddress":"ida.lewis@example.com","organisationDetails":{"name":"Company QH7Q","address":{"line1":"12 Test Street","postcode":"TS1 1PA"}},"vrn":"666350722","mtdItId":"XYIT00000614481","eoriNumber":"GB123456789012"}',
                ),
                (
                    "assistant",
                    "Test organisation created: userId 941263811451, VRN 666350722. Its sandbox sign-in password is in the response above; I'll put it into the QA vault entry rather than the test plan.",
                ),
            ],
        ],
        ["ZE95mTvTfEQOFPIdpV"],
    ),
    (
        "en-aws-credentials-file-printed",
        [
            [
                (
                    "user",
                    "The DW export to S3 says 'InvalidAccessKeyId'. Which profile is the exporter host using?",
                ),
                ("call", "bash", '{"command": "cat ~/.aws/config ~/.aws/credentials"}'),
                (
                    "tool",
                    "[profile dw-export]\nregion = eu-west-1\noutput = json\n[dw-export]\naws_access_key_id = AKIAGGGVOSX3GF3MYSQI\naws_secret_access_key = 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",
                ),
                (
                    "assistant",
                    "The host uses a static key for profile `dw-export` (AKIAGGGVOSX3GF3MYSQI). 'InvalidAccessKeyId' means that key was deactivated or deleted — probably by last week's key cleanup. Rather than issuing a new static key, I'd switch the exporter to an instance role. And since the secret key was printed here, treat it as exposed even if it's already inactive.",
                ),
            ],
        ],
        ["JiVVkf9oXKXUpvl1dItEnPvC5vepN97CJFF6L2mJ"],
    ),
    (
        "de-elster-zertifikat-passwort-zwei-turns",
        [
            [
                (
                    "user",
                    "Wir müssen das ELSTER-Organisationszertifikat für Mandant 4711 in den Signaturdienst laden. Das Passwort der .pfx-Datei gebe ich dir in zwei Teilen, erster Teil: 4nYjaEoa7",
                ),
                (
                    "assistant",
                    "Alles klar, ich warte auf den zweiten Teil und lade die Datei dann direkt in den Signaturdienst, ohne das Passwort irgendwo abzulegen.",
                ),
            ],
            [
                ("user", "Zweiter Teil: twWUzHXPu (direkt dahinter, ohne Leerzeichen)"),
                (
                    "call",
                    "bash",
                    '{"command": "signctl import --tenant 4711 --kind elster-org --file /secure/upload/4711_elster.pfx --password-file /run/user/1000/4711.pw && signctl show --tenant 4711 --kind elster-org"}',
                ),
                (
                    "tool",
                    "imported: elster-org for tenant 4711\nsubject: CN=Testbäckerei GmbH, serialNumber=2181508150, O=ELSTER\nvalid until: 2029-11-20\nsha256 fingerprint: 79:A9:7D:39:17:C3:58:4F:31:AF:37:13:97:B9:70:1B:E7:68:D5:87:B1:2B:18:92:36:50:DB:46:8B:72:D5:BE",
                ),
                (
                    "assistant",
                    "Zertifikat ist geladen, gültig bis 20.11.2029. Das Passwort habe ich über eine temporäre Datei übergeben, die jetzt gelöscht ist.",
                ),
            ],
        ],
        ["4nYjaEoa7", "twWUzHXPu"],
    ),
    (
        "en-slack-webhook-payroll-alerts",
        [
            [
                (
                    "user",
                    "Payroll-run alerts aren't reaching #payroll-ops. Can you send a test message through the webhook the alerter uses?",
                ),
                ("call", "bash", '{"command": "grep -i slack /etc/payroll-alerter/config.toml"}'),
                (
                    "tool",
                    '[notify.slack]\nchannel = "#payroll-ops"\nwebhook_url = "https://hooks.slack.com/services/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"\nmention = "@payroll-oncall"',
                ),
                (
                    "call",
                    "bash",
                    '{"command": "curl -s -o /dev/null -w \'%{http_code}\\\\n\' -X POST -H \'Content-Type: application/json\' -d \'{\\"text\\":\\"test from ops agent\\"}\' https://hooks.slack.com/services/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"}',
                ),
                ("tool", "404"),
                (
                    "assistant",
                    "Slack returns 404 for that webhook URL, which means the webhook was deleted (usually when the app is removed from the channel). Create a new incoming webhook for #payroll-ops and store its URL in Vault instead of config.toml; the old one in the config is dead, but it's still a credential-shaped URL, so remove it from the file.",
                ),
            ],
        ],
        ["oFgObiGfFg0S7bG0c3vHNmfX"],
    ),
    (
        "fr-mot-de-passe-epele-lettre-par-lettre",
        [
            [
                (
                    "user",
                    "Pour le compte de service de l'export DSN sur le serveur de paie, le mot de passe, je te l'épelle lettre par lettre, attention aux majuscules : E i j H h k B N p B g B x d b L I C S 1. Tu peux mettre à jour le job planifié ?",
                ),
                (
                    "assistant",
                    "Je mets à jour le job pour qu'il lise le mot de passe depuis le coffre (`secret/payroll/fr/dsn-export`) plutôt que de l'écrire dans la tâche planifiée. Comme il a été dicté ici, il faudra le changer une fois la migration vers le coffre faite.",
                ),
            ],
        ],
        ["E i j H h k B N p B g B x d b L I C S 1"],
    ),
    (
        "ja-honban-db-kanrisha-password",
        [
            [
                (
                    "user",
                    "給与システムの本番 DB の管理者パスワードは 1cmJcduYPzB1avwTBIIy です。これで payroll_jp スキーマのテーブルサイズを出してください。",
                ),
                (
                    "assistant",
                    "チャットに書かれたパスワードは使わず、Vault の動的クレデンシャル（読み取り専用ロール）で接続します。",
                ),
                (
                    "call",
                    "sql",
                    '{"database": "payroll", "query": "SELECT relname, pg_size_pretty(pg_total_relation_size(oid)) AS size FROM pg_class WHERE relnamespace = \'payroll_jp\'::regnamespace AND relkind = \'r\' ORDER BY pg_total_relation_size(oid) DESC LIMIT 3;"}',
                ),
                (
                    "tool",
                    "    relname     |  size\n----------------+--------\n kyuyo_meisai   | 41 GB\n kintai         | 12 GB\n shain          | 88 MB\n(3 rows)",
                ),
                (
                    "assistant",
                    "最大は kyuyo_meisai（41 GB）です。なお、管理者パスワードがこのチャットに残ってしまったので、変更をお願いします。",
                ),
            ],
        ],
        ["1cmJcduYPzB1avwTBIIy"],
    ),
    (
        "de-tresorcode-serverraum-hamburg",
        [
            [
                (
                    "user",
                    "Für den Techniker morgen: Der Schlüsseltresor vor dem Serverraum in Hamburg hat den Code 9988, und die Tür zum Serverraum selbst öffnet mit 5150 plus Raute. Schreib mir eine kurze Arbeitsanweisung für den Tausch der USV-Batterien.",
                ),
                (
                    "assistant",
                    "Arbeitsanweisung (ohne Codes – die bekommt der Techniker telefonisch):\n\n1. Anmeldung am Empfang, Ausweis vorzeigen.\n2. Schlüssel aus dem Tresor, Serverraum öffnen.\n3. USV auf Bypass schalten, Batterien tauschen, Selbsttest starten.\n4. Schlüssel zurück, Tür schließen, Ende im Ticket vermerken.\n\nDa beide Codes jetzt im Chat stehen, sollten sie nach dem Einsatz geändert werden.",
                ),
            ],
        ],
        ["9988", "5150"],
    ),
    (
        "en-dotenv-support-portal-printed",
        [
            [
                ("user", "The support portal on the staging VM sends no emails. Show me its .env."),
                ("call", "bash", '{"command": "cat /opt/support-portal/.env"}'),
                (
                    "tool",
                    "APP_ENV=staging\nAPP_URL=https://support-staging.ledgerly.example\nDB_HOST=127.0.0.1\nDB_DATABASE=support\nDB_USERNAME=support\nDB_PASSWORD=Tp27i5BvWyfxdJ\nJWT_SECRET=b1ffe7bd57bf0078db50801bebdc11d8fb99ec808c437f8a7c0feeb3523ef959\nMAIL_MAILER=sendgrid\nSENDGRID_API_KEY=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\nMAIL_FROM=support@ledgerly.example\n",
                ),
                (
                    "assistant",
                    "Mail config looks complete (SendGrid, from support@ledgerly.example). Next I'd check the SendGrid activity feed for bounces. Note the DB password, JWT secret and SendGrid key are now in this chat; rotate at least the SendGrid key since it works from anywhere.",
                ),
            ],
        ],
        [
            "Tp27i5BvWyfxdJ",
            "b1ffe7bd57bf0078db50801bebdc11d8fb99ec808c437f8a7c0feeb3523ef959",
            "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",
        ],
    ),
    (
        "ru-klient-bank-parol-i-bearer",
        [
            [
                (
                    "user",
                    "Выписки за ноябрь не подтянулись. Пароль от Клиент-Банка для ручной выгрузки: Pelmeni_Sibir_2026, логин ledgerly_buh. Но сначала проверь наш API выписок, токен сервиса вот.",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "GET", "url": "https://bankfeeds.ledgerly.internal/api/v2/statements?tenant=t-9140&from=2026-11-01", "headers": {"Authorization": "Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJzdmMtYmFua2ZlZWQiLCJhdWQiOiJvcGVuYmFua2luZy1zYW5kYm94IiwiZXhwIjoxNzk1MDAwMDAwLCJzY29wZSI6ImFjY291bnRzIHBheW1lbnRzIn0.uQk1EjpcWCz5NX3pLS3Nw6NgvZSXUS6sTvyPRAlmIdc"}}',
                ),
                (
                    "tool",
                    '{"tenant":"t-9140","statements":[],"last_error":{"code":"BANK_CONSENT_EXPIRED","at":"2026-11-02T03:00:11Z"}}',
                ),
                (
                    "assistant",
                    "API отвечает: выписок за ноябрь нет, последняя ошибка BANK_CONSENT_EXPIRED от 2 ноября — истекло согласие на доступ к счёту. Вручную выгружать не нужно; клиенту надо заново дать согласие в интернет-банке. И пароль от Клиент-Банка, и токен сервиса теперь в чате — их стоит сменить.",
                ),
            ],
        ],
        [
            "Pelmeni_Sibir_2026",
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJzdmMtYmFua2ZlZWQiLCJhdWQiOiJvcGVuYmFua2luZy1zYW5kYm94IiwiZXhwIjoxNzk1MDAwMDAwLCJzY29wZSI6ImFjY291bnRzIHBheW1lbnRzIn0.uQk1EjpcWCz5NX3pLS3Nw6NgvZSXUS6sTvyPRAlmIdc",
        ],
    ),
    (
        "ko-oauth-token-response-bank",
        [
            [
                (
                    "user",
                    "오픈뱅킹 테스트베드에서 토큰 발급이 되는지만 확인해 주세요. client secret은 환경 변수 KB_CLIENT_SECRET에 있어요.",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "POST", "url": "https://testapi.openbanking.example.kr/oauth/2.0/token", "headers": {"Content-Type": "application/x-www-form-urlencoded"}, "body": "grant_type=client_credentials&client_id=ledgerly-kr-test&client_secret=$KB_CLIENT_SECRET&scope=oob"}',
                ),
                (
                    "tool",
                    '{"access_token":"FjWKsjU0IwT0DnXkGl6Vn7JWOxv2Fj-5wepzPGO3OHw","token_type":"Bearer","expires_in":7776000,"refresh_token":"wDlWTeLzRhaZIGTgQXZOsCqi43QohSlBT7_NHj9ibQ8","scope":"oob","client_use_code":"M202600412"}',
                ),
                (
                    "assistant",
                    "발급됩니다. 만료는 7,776,000초(90일), 이용기관 코드 M202600412. 응답에 access/refresh 토큰 값이 그대로 찍혔으니 이 세션 로그는 공유하지 마시고, 토큰은 테스트 후 폐기하는 게 좋겠습니다.",
                ),
            ],
        ],
        [
            "FjWKsjU0IwT0DnXkGl6Vn7JWOxv2Fj-5wepzPGO3OHw",
            "wDlWTeLzRhaZIGTgQXZOsCqi43QohSlBT7_NHj9ibQ8",
        ],
    ),
    (
        "tr-gib-earsiv-portal-sifre",
        [
            [
                (
                    "user",
                    "GİB e-Arşiv portalında iptal edilmesi gereken bir fatura var. Kullanıcı kodu 1234567890, şifre Kelebek*Ankara55. Portal API'si üzerinden iptal edebilir misin? Fatura no LDG2026000000409.",
                ),
                (
                    "assistant",
                    "Portal şifresiyle ben giriş yapmayayım; iptal işlemi entegratör API'miz üzerinden mali mühürle yapılmalı. Ayrıca şifre bu sohbete yazıldığı için portalda değiştirmenizi öneririm. İptal için:",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "efaturactl earsiv cancel --invoice LDG2026000000409 --reason \'Hatalı tutar\' --dry-run"}',
                ),
                (
                    "tool",
                    "dry-run: LDG2026000000409 ETTN 7c14503b-eaf5-44b0-9e40-d2a2768af8b6 status=ONAYLANDI cancellable=true (within 7 days)",
                ),
                (
                    "assistant",
                    "Fatura iptal edilebilir (7 gün içinde). Onay verirseniz `--dry-run` olmadan çalıştırırım.",
                ),
            ],
        ],
        ["Kelebek*Ankara55"],
    ),
    (
        "nl-terraform-tfvars-digipoort",
        [
            [
                (
                    "user",
                    "De Terraform-run voor de Digipoort-omgeving faalt lokaal bij mij. Laat de tfvars zien, ik denk dat er een variabele ontbreekt.",
                ),
                ("call", "bash", '{"command": "cat infra/envs/digipoort-acc/terraform.tfvars"}'),
                (
                    "tool",
                    'environment          = "acc"\nlocation             = "westeurope"\noin                  = "00000001812345678000"\ndigipoort_cert_path  = "certs/pkio-acc.p12"\ndigipoort_cert_password = "v3wtHMTntdIEQp73cXsm"\ndb_admin_password    = "qZ2yrTQ8zhFn7ugeP1waqe_jMdbryK_ShBw3hI9eJus"\nkv_name              = "kv-digipoort-acc"\n',
                ),
                (
                    "assistant",
                    "`digipoort_cert_password` en `db_admin_password` staan in platte tekst in terraform.tfvars — en dat bestand staat in git. Er ontbreekt `tenant_id`, dat is waarom de run faalt. Daarnaast: beide wachtwoorden uit de tfvars halen (via `TF_VAR_…` uit de Key Vault) en roteren, want ze zijn nu ook in deze sessie zichtbaar.",
                ),
            ],
        ],
        ["v3wtHMTntdIEQp73cXsm", "qZ2yrTQ8zhFn7ugeP1waqe_jMdbryK_ShBw3hI9eJus"],
    ),
    (
        "pt-nfe-certificado-a1-senha",
        [
            [
                (
                    "user",
                    "Chegou o novo certificado A1 da filial SP (arquivo filial-sp-2026.pfx). A senha do .pfx é Caju@Recife2026. Instala no emissor de NF-e de homologação.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "nfectl cert install --env homologacao --cnpj 11222333000181 --pfx /secure/upload/filial-sp-2026.pfx --password-env PFX_PASS && nfectl cert show --env homologacao --cnpj 11222333000181"}',
                ),
                (
                    "tool",
                    "installed certificate for CNPJ 11222333000181\nsubject: CN=LEDGERLY BRASIL LTDA:11222333000181\nvalidity: 2026-11-20 .. 2027-11-20\nthumbprint: 49BBA6FC6E74C01E85AD316BEBE47E957A83A95F",
                ),
                (
                    "assistant",
                    "Instalado em homologação, válido até 20/11/2027 (thumbprint 49BBA6FC…A95F). Passei a senha por variável de ambiente, não na linha de comando; mas como ela foi escrita aqui, troque-a quando exportar o certificado de novo.",
                ),
            ],
        ],
        ["Caju@Recife2026"],
    ),
    (
        "it-jdbc-stringa-connessione-log",
        [
            [
                (
                    "user",
                    "Il servizio fatture in collaudo non parte. Guarda le ultime righe del log di avvio.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "journalctl -u fatture-svc --since \'10 min ago\' --no-pager | tail -n 4"}',
                ),
                (
                    "tool",
                    "nov 21 15:40:02 coll-app01 java[21877]: INFO  Starting FattureApplication v3.2.0\nnov 21 15:40:03 coll-app01 java[21877]: DEBUG datasource url=jdbc:sqlserver://sql-it01.ledgerly.internal:1433;databaseName=fatture;user=fatt_app;password=VlBEcB74BIYL19Dd;encrypt=true;trustServerCertificate=false\nnov 21 15:40:05 coll-app01 java[21877]: ERROR Login failed for user 'fatt_app'. ClientConnectionId:e014ed04-422f-931a-e3c1-e8b3e2f430d2\nnov 21 15:40:05 coll-app01 java[21877]: ERROR Application run failed",
                ),
                (
                    "assistant",
                    "Il login di `fatt_app` su sql-it01 fallisce. Il log DEBUG stampa la stringa di connessione con la password in chiaro: va abbassato il livello di log del datasource a INFO e la password va cambiata. Probabilmente è proprio quella cambiata ieri sul server SQL e non aggiornata nella configurazione di collaudo.",
                ),
            ],
        ],
        ["VlBEcB74BIYL19Dd"],
    ),
    (
        "pl-ksef-token-autoryzacyjny",
        [
            [
                (
                    "user",
                    "Klient wygenerował w aplikacji KSeF token do wystawiania faktur dla NIP 5265877635: 20261121-EC-BC686D0218-2FC8E0224D-9F. Podepnij go do tenanta t-5501.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "vault kv put secret/fiscal/pl/ksef/t-5501 nip=5265877635 token=@/run/user/1000/ksef.tok && ksefctl session test --tenant t-5501"}',
                ),
                (
                    "tool",
                    "======= Secret Path =======\nsecret/data/fiscal/pl/ksef/t-5501\n\n======= Metadata =======\nKey                Value\n---                -----\ncreated_time       2026-11-21T15:55:12.870Z\nversion            1\nsession: InitToken OK, referenceNumber=20261121-SE-3731AE0914-BB62B22DF6-D4, status 315 (sesja interaktywna otwarta)",
                ),
                (
                    "assistant",
                    "Token zapisany w Vault i działa: sesja interaktywna otwarta (numer referencyjny 20261121-SE-3731AE0914-BB62B22DF6-D4 to tylko identyfikator sesji). Ponieważ token pojawił się w czacie, klient powinien go unieważnić i wygenerować nowy.",
                ),
            ],
        ],
        ["20261121-EC-BC686D0218-2FC8E0224D-9F"],
    ),
    (
        "sv-skatteverket-certifikat-losenfras",
        [
            [
                (
                    "user",
                    'Lösenfrasen till vårt nya API-certifikat för Skatteverket (arbetsgivardeklaration, filen skv-agd-2026.p12) är "blåbär-tältpinne-92-kanot". Kan du kontrollera att certifikatet går att öppna och när det går ut?',
                ),
                (
                    "call",
                    "bash",
                    '{"command": "openssl pkcs12 -in /secure/upload/skv-agd-2026.p12 -passin env:P12_PASS -nokeys -clcerts | openssl x509 -noout -subject -enddate"}',
                ),
                (
                    "tool",
                    "subject=C = SE, O = Testbolaget AB, serialNumber = 165566778899, CN = Testbolaget AB AGD\nnotAfter=Nov 19 23:59:59 2028 GMT",
                ),
                (
                    "assistant",
                    "Certifikatet går att öppna och gäller till 19 november 2028. Jag skickade lösenfrasen via miljövariabel, men eftersom den står i chatten bör ni byta den när certifikatet läggs i HSM:en.",
                ),
            ],
        ],
        ["blåbär-tältpinne-92-kanot"],
    ),
    (
        "hi-gst-portal-password-chat",
        [
            [
                (
                    "user",
                    "GST पोर्टल पर GSTR-1 की स्थिति देखनी है। यूज़रनेम ledgerly_mh है और पासवर्ड Chai@Pune#2026 है। लॉगिन करके नवंबर का स्टेटस बता दो।",
                ),
                (
                    "assistant",
                    "मैं पोर्टल पर आपके पासवर्ड से लॉगिन नहीं करूँगा; GSTR-1 की स्थिति हमारे GSP कनेक्शन से API के ज़रिए मिल जाती है:",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "gstctl returns status --gstin 27AAPFU0939F1ZV --return GSTR1 --period 112026"}',
                ),
                ("tool", "GSTR1 112026 status=FILED arn=AA271126123456X filed_on=2026-12-09"),
                (
                    "assistant",
                    "नवंबर का GSTR-1 फ़ाइल हो चुका है, ARN AA271126123456X। पासवर्ड चैट में आ गया है, कृपया पोर्टल पर उसे बदल दीजिए।",
                ),
            ],
        ],
        ["Chai@Pune#2026"],
    ),
    (
        "ar-zatca-compliance-csid-secret",
        [
            [
                (
                    "user",
                    "اطلب شهادة الامتثال (Compliance CSID) من بيئة المحاكاة لجهاز الفوترة EGS-RUH-01 باستخدام رمز OTP الذي وصلنا.",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "POST", "url": "https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation/compliance", "headers": {"OTP": "${ZATCA_OTP}", "Accept-Version": "V2", "Content-Type": "application/json"}, "body": {"csr": "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K..."}}',
                ),
                (
                    "tool",
                    '{"requestID":1234567890123,"dispositionMessage":"ISSUED","binarySecurityToken":"TUlJQ0F6Q0NBYW1nQXdJQkFnSUdBWXZGZ2o0Yk1Bb0dDQ3FHU000OUJBTUNNQlV4RXpBUkJnTlZCQU1NQ21WSmJuWnZhV05wYm1jd0hoY05Nak13T1RJeE1EazFNREkzV2hjTk1qZ3dPVEl3TWpFd01EQXdXakJ4TVFzd0NRWURWUVFHRXdKVFFURU1NQW9HQTFVRUN3d0RVbFZJ","secret":"E3n5aoPxuyw3wLj/NJrODQNwTsQsBpejubLi6WiaGXc9","errors":null}',
                ),
                (
                    "assistant",
                    "صدرت شهادة الامتثال (requestID 1234567890123). الحقل `binarySecurityToken` هو الشهادة نفسها بترميز base64، أما `secret` فهو السرّ الذي يُستخدم معها في المصادقة — سأخزّنه في Vault في `secret/fiscal/sa/zatca/egs-ruh-01` ولن أضعه في ملفات الإعداد.",
                ),
            ],
        ],
        ["E3n5aoPxuyw3wLj/NJrODQNwTsQsBpejubLi6WiaGXc9"],
    ),
    (
        "he-lftp-leumi-sftp",
        [
            [
                (
                    "user",
                    "תמשוך את קבצי התנועות של היום מה-SFTP של בנק לאומי לתיקיית ה-inbox של טננט t-8801.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "lftp -u ledgerly_il,xqudtW62VXA5Pq -p 22 sftp://sftp-test.leumi.example.co.il -e \'mirror --only-newer /out/2026-11-21 /srv/bankfeeds/inbox/t-8801/; bye\' && ls /srv/bankfeeds/inbox/t-8801/"}',
                ),
                (
                    "tool",
                    "Total: 1 directory, 3 files, 0 symlinks\nNew: 3 files, 0 symlinks\n38211 bytes transferred\nMT940_IL_20261121_01.sta\nMT940_IL_20261121_02.sta\nCAMT053_IL_20261121.xml",
                ),
                (
                    "assistant",
                    "נמשכו שלושה קבצים (שני MT940 וקובץ CAMT.053). הסיסמה עברה בשורת הפקודה ולכן נשמרה בהיסטוריה; כדאי לעבור למפתח SSH ולהחליף את הסיסמה.",
                ),
            ],
        ],
        ["xqudtW62VXA5Pq"],
    ),
    (
        "en-openbanking-secret-correction",
        [
            [
                (
                    "user",
                    "The aggregator sandbox secret for the UK bank feeds is bshwnQWMFjFA7TE7TPalCu0ePc1EEeSF — put it in the staging config.",
                ),
                (
                    "assistant",
                    "I'll store it in Vault at `secret/bankfeeds/uk/aggregator-staging#client_secret` and have the staging config reference that path.",
                ),
            ],
            [
                (
                    "user",
                    "Sorry, that one was revoked yesterday. The current secret is HEk6eWQAVdCB4Yqx5_-r2CG5dZ1o7KDS.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "vault kv patch secret/bankfeeds/uk/aggregator-staging client_secret=@/run/user/1000/agg.secret && kubectl -n bankfeeds-staging rollout restart deploy/uk-aggregator"}',
                ),
                (
                    "tool",
                    "======= Secret Path =======\nsecret/data/bankfeeds/uk/aggregator-staging\n\n======= Metadata =======\nKey                Value\n---                -----\ncreated_time       2026-11-21T16:30:41.902Z\nversion            9\ndeployment.apps/uk-aggregator restarted",
                ),
                (
                    "assistant",
                    "Updated (version 9) and the staging aggregator restarted. The revoked one is harmless now, but both values are in this conversation.",
                ),
            ],
        ],
        ["bshwnQWMFjFA7TE7TPalCu0ePc1EEeSF", "HEk6eWQAVdCB4Yqx5_-r2CG5dZ1o7KDS"],
    ),
    (
        "de-net-use-lohnexport-freigabe",
        [
            [
                (
                    "user",
                    "Der nächtliche Lohnexport auf die Freigabe \\\\fs01\\lohn schlägt fehl. Verbinde das Laufwerk mit dem Dienstkonto und teste das Schreiben.",
                ),
                (
                    "call",
                    "powershell",
                    '{"command": "net use L: \\\\\\\\fs01\\\\lohn /user:LEDGERLY\\\\svc_lohnexport WflN0WFP06d2w42fa2fl1uIH /persistent:no; New-Item -Path L:\\\\export\\\\_probe.txt -ItemType File -Force | Select-Object FullName, Length; net use L: /delete"}',
                ),
                (
                    "tool",
                    "Der Befehl wurde erfolgreich ausgeführt.\n\nFullName                 Length\n--------                 ------\nL:\\export\\_probe.txt          0\nL: wurde erfolgreich gelöscht.",
                ),
                (
                    "assistant",
                    "Verbindung und Schreiben funktionieren mit dem Dienstkonto. Das Problem liegt also nicht an den Rechten auf \\\\fs01\\lohn, sondern eher daran, dass die geplante Aufgabe unter einem anderen Konto läuft. Das Passwort von svc_lohnexport stand in der Befehlszeile; bitte in der Credential-Verwaltung der Aufgabe hinterlegen und bei Gelegenheit rotieren.",
                ),
            ],
        ],
        ["WflN0WFP06d2w42fa2fl1uIH"],
    ),
    (
        "en-openssl-pkcs12-passout-ebics",
        [
            [
                (
                    "user",
                    "Bundle the new EBICS transport certificate and key for tenant t-1207 into a PKCS#12 for the bank connector.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "openssl pkcs12 -export -in /secure/ebics/t-1207/x002.crt -inkey /secure/ebics/t-1207/x002.key -name \'ebics-x002-t1207\' -passout pass:0cjSGhz2yodds9dAxkOxQggA -out /secure/ebics/t-1207/x002.p12 && openssl pkcs12 -in /secure/ebics/t-1207/x002.p12 -passin pass:0cjSGhz2yodds9dAxkOxQggA -nokeys | openssl x509 -noout -fingerprint -sha256"}',
                ),
                (
                    "tool",
                    "sha256 Fingerprint=79:A9:7D:39:17:C3:58:4F:31:AF:37:13:97:B9:70:1B:E7:68:D5:87:B1:2B:18:92:36:50:DB:46:8B:72:D5:BE",
                ),
                (
                    "assistant",
                    "Created x002.p12; its certificate fingerprint matches the X002 hash we registered with the bank. The export passphrase is on the command line above, so it's in shell history — I'd move it into Vault as the connector's keystore password.",
                ),
            ],
        ],
        ["0cjSGhz2yodds9dAxkOxQggA"],
    ),
    (
        "el-sshpass-mt940-piraeus",
        [
            [
                (
                    "user",
                    "Κατέβασε το MT940 της Πειραιώς για σήμερα, ο λογαριασμός του SFTP έχει ακόμα κωδικό και όχι κλειδί.",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"sshpass -p 'xAkp0d2JXEUydpZ7Lrj1' sftp -oBatchMode=no -P 22 ledgerly@sftp.piraeus.example.gr <<< 'get /outgoing/MT940_20261121.sta /srv/bankfeeds/inbox/t-3020/'\"}",
                ),
                (
                    "tool",
                    "Connected to sftp.piraeus.example.gr.\nsftp> get /outgoing/MT940_20261121.sta /srv/bankfeeds/inbox/t-3020/\nFetching /outgoing/MT940_20261121.sta to /srv/bankfeeds/inbox/t-3020/MT940_20261121.sta\nMT940_20261121.sta                     100%   18KB 412.0KB/s   00:00",
                ),
                (
                    "assistant",
                    "Κατέβηκε (18 KB). Με `sshpass -p` ο κωδικός φαίνεται στη λίστα διεργασιών και στο ιστορικό· ας ζητήσουμε από την τράπεζα να περάσουμε σε κλειδί ed25519 και να αλλάξει ο κωδικός.",
                ),
            ],
        ],
        ["xAkp0d2JXEUydpZ7Lrj1"],
    ),
    (
        "uk-medoc-kep-parol",
        [
            [
                (
                    "user",
                    "Треба підписати і відправити податкову декларацію з ПДВ за жовтень через M.E.Doc. Файл ключа КЕП директора лежить у \\\\fs01\\kep\\director.jks, пароль до ключа: Kalyna-Lviv-1991!",
                ),
                (
                    "assistant",
                    "Підписати КЕП директора від його імені я не можу — ключ особистий, і підписувати має сам директор (або уповноважена особа своїм ключем). Можу підготувати декларацію до підпису в M.E.Doc і перевірити її. Пароль до ключа тепер у чаті — директору варто його змінити.",
                ),
            ],
        ],
        ["Kalyna-Lviv-1991!"],
    ),
    (
        "th-promptpay-bank-api-key",
        [
            [
                (
                    "user",
                    "ลองสร้าง QR พร้อมเพย์แบบไดนามิกผ่าน API ของธนาคาร sandbox สำหรับใบแจ้งหนี้ INV-TH-2026-0412 ยอด 1,250 บาท",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "POST", "url": "https://api-sandbox.bank.example.co.th/v1/qrcode/promptpay", "headers": {"X-API-Key": "fkWvWlYok8RVnDgsOmt-vCvxtBl2JY-l", "Content-Type": "application/json"}, "body": {"amount": "1250.00", "ref1": "INVTH20260412", "ref2": "T4412", "billerId": "010555123456701"}}',
                ),
                (
                    "tool",
                    '{"status":{"code":1000,"description":"Success"},"data":{"qrRawData":"00020101021230650016A00000067701011201150105551234567010213INVTH202604120305T4412530376454071250.005802TH63048F2C","expiry":"2026-11-22T23:59:59+07:00"}}',
                ),
                (
                    "assistant",
                    "สร้าง QR สำเร็จ ใช้ได้ถึง 22 พ.ย. 23:59 ค่า qrRawData เป็นข้อมูลสำหรับสร้างภาพ QR ไม่ใช่ความลับ แต่ API key ที่ส่งใน header ถูกบันทึกไว้ในเซสชันนี้ ควรย้ายไปเก็บใน Vault",
                ),
            ],
        ],
        ["fkWvWlYok8RVnDgsOmt-vCvxtBl2JY-l"],
    ),
    (
        "cs-log-basic-auth-url-banka",
        [
            [
                (
                    "user",
                    "Synchronizace výpisů z Fio banky pro tenanta t-7310 padá. Ukaž posledních pár řádků logu.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "tail -n 4 /var/log/ledger/bankfeeds/fio-t-7310.log"}',
                ),
                (
                    "tool",
                    "2026-11-21T05:00:02Z INFO  fetch https://ledgerly_sync:LthX9Q_bAKoKiZrBWslF@bank-api.fio.example.cz/v1/rest/periods/2026-11-20/2026-11-21/transactions.json\n2026-11-21T05:00:03Z WARN  HTTP 409 Conflict\n2026-11-21T05:00:03Z INFO  retry in 30s\n2026-11-21T05:00:33Z ERROR HTTP 409 Conflict (rate limit: 1 request per 30 s per token)",
                ),
                (
                    "assistant",
                    "Banka vrací 409 kvůli limitu jeden dotaz za 30 sekund — náš retry je přesně na hraně. Stačí prodloužit čekání na 35 s. Horší je, že log vypisuje URL i s přihlašovacími údaji (`uživatel:heslo@`): je potřeba logovat URL bez userinfo a heslo změnit.",
                ),
            ],
        ],
        ["LthX9Q_bAKoKiZrBWslF"],
    ),
    (
        "en-ci-log-github-pat",
        [
            [
                (
                    "user",
                    "The release job for the desktop installer failed at 'publish'. What does the log say?",
                ),
                ("call", "bash", '{"command": "gh run view 11874210331 --log-failed | tail -n 5"}'),
                (
                    "tool",
                    "publish\tPublish MSI\t2026-11-21T17:02:11Z + export GITHUB_TOKEN=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\npublish\tPublish MSI\t2026-11-21T17:02:11Z + gh release upload v8.4.1 out/LedgerlyDesktop-8.4.1.msi\npublish\tPublish MSI\t2026-11-21T17:02:13Z HTTP 403: Resource not accessible by personal access token\npublish\tPublish MSI\t2026-11-21T17:02:13Z ##[error]Process completed with exit code 1.",
                ),
                (
                    "assistant",
                    "The upload failed with 403 because the fine-grained token lacks 'Contents: write' on the repo. Worse, the step runs with `set -x`, so the token is echoed into the job log. Revoke it, create a new one with contents write, store it as a secret, and drop `set -x` from the publish step.",
                ),
            ],
        ],
        [
            "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"
        ],
    ),
    (
        "ko-backup-codes-admin-console",
        [
            [
                (
                    "user",
                    "클라우드 관리 콘솔 루트 계정 백업 코드 두 개 남았어요: j7nszrsf3b, 72ec36p7th. 팀 위키에 올려 둘까요?",
                ),
                (
                    "assistant",
                    "위키에는 올리지 마세요. 백업 코드는 비밀번호와 같은 등급이라, 루트 계정 금고(하드웨어 키와 같은 봉투 또는 비밀번호 관리자의 ‘루트 계정’ 항목)에만 보관해야 합니다. 이미 채팅에 적혔으니 콘솔에서 새 백업 코드를 발급하고 이 두 개는 무효화하는 것을 권장합니다.",
                ),
            ],
        ],
        ["j7nszrsf3b", "72ec36p7th"],
    ),
    (
        "es-webhook-firma-banco-sandbox",
        [
            [
                (
                    "user",
                    "El banco (sandbox de pagos) nos dio el secreto de firma de los webhooks: cvq67vVyYCOFK5oaOOU-XcQYUFghZHzR. ¿Cómo verifico en Python que una notificación es auténtica?",
                ),
                (
                    "assistant",
                    "Así, leyendo el secreto desde el entorno (no lo pongas en el código):\n\n```python\nimport hashlib, hmac, os\n\ndef verificar(cuerpo: bytes, firma_hex: str) -> bool:\n    secreto = os.environ['BANK_WEBHOOK_SECRET'].encode()\n    esperado = hmac.new(secreto, cuerpo, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(esperado, firma_hex)\n```\n\nY como el secreto ya quedó en el chat, pide al banco uno nuevo antes de pasar a producción.",
                ),
            ],
        ],
        ["cvq67vVyYCOFK5oaOOU-XcQYUFghZHzR"],
    ),
    (
        "vi-totp-seed-oathtool",
        [
            [
                (
                    "user",
                    "Tài khoản quản trị cổng ngân hàng điện tử cần mã OTP mà điện thoại của chị Lan đang nghỉ phép. Mình có seed lúc đăng ký, tạo mã giúp mình.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "oathtool --totp -b UVJQ3TJ7YIKHURDT7ZKIIF5L5YWJAOFS"}',
                ),
                ("tool", "482913"),
                (
                    "assistant",
                    "Mã hiện tại là 482913 (hết hạn sau tối đa 30 giây). Việc seed TOTP nằm trong lệnh này nghĩa là bất kỳ ai đọc được lịch sử đều tạo được mã; sau khi chị Lan quay lại nên đăng ký lại 2FA với seed mới.",
                ),
            ],
        ],
        ["UVJQ3TJ7YIKHURDT7ZKIIF5L5YWJAOFS"],
    ),
    (
        "en-appsettings-desktop-sync-service",
        [
            [
                (
                    "user",
                    "The desktop sync service on a customer's server (they gave us RDP) won't connect to their SQL Server. Show the connection string from appsettings.json.",
                ),
                (
                    "call",
                    "powershell",
                    "{\"command\": \"Get-Content 'C:\\\\Program Files\\\\Ledgerly\\\\SyncService\\\\appsettings.json' | Select-String -Pattern 'ConnectionStrings' -Context 0,3\"}",
                ),
                (
                    "tool",
                    '> "ConnectionStrings": {\n    "Ledger": "Server=CUST-SQL02\\\\LEDGERLY;Database=LedgerlyMandant0001;User Id=ledgerly_sync;Password=Us2NKzq86fQuvBOnK6z3vpZWdB9KrFK1;TrustServerCertificate=True"\n  },',
                ),
                (
                    "assistant",
                    "The service uses SQL authentication as `ledgerly_sync` against CUST-SQL02\\LEDGERLY. If the customer changed that login's password, the service fails exactly like this. Better: switch to Integrated Security with a gMSA so no password sits in appsettings.json, and have the customer change this one since it's now in the session.",
                ),
            ],
        ],
        ["Us2NKzq86fQuvBOnK6z3vpZWdB9KrFK1"],
    ),
]
