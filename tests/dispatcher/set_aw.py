# ruff: noqa: E501, RUF001
"""Set AW: whole sessions of the platform and support team of a mid-sized e-commerce and
warehouse-logistics company (a Shopify storefront and a legacy Magento shop, payment providers
Adyen, Stripe, Mollie, Klarna and PayPal plus local ones, in sandbox and live, a warehouse
management system with handheld scanners and ZPL label printers, carrier APIs such as DHL, UPS,
DPD, PostNL, GLS, Royal Mail and many national carriers, EDI with suppliers (EDIFACT ORDERS,
DESADV and INVOIC over AS2 and SFTP), a product-information system, marketing tools (Klaviyo,
Braze, Google Merchant), a Kafka event bus, Postgres and Redis, Kubernetes with Helm and Argo CD,
Cloudflare, a Zendesk customer-service desk, and office IT (Okta, Google Workspace, door badges,
alarm panels)), staff writing to a coding and operations agent in more than twenty languages
(English, German, French, Spanish, Catalan, Italian, Portuguese, Dutch, Swedish, Danish,
Norwegian, Finnish, Polish, Czech, Slovak, Hungarian, Romanian, Turkish, Greek, Russian,
Ukrainian, Arabic, Hebrew, Hindi, Thai, Vietnamese, Indonesian, Chinese, Japanese and Korean).

It measures the dispatcher's redaction on both sides: ``AW_CLEAN`` holds sessions without any
secret but full of look-alikes (order numbers, tracking numbers of many carriers, SSCC, GTIN, EAN
and UPC barcodes, SKUs, PSP references, payment, refund and payout ids, sandbox card numbers that
providers document as test cards, masked card numbers, example and sandbox IBANs, webhook event
ids, idempotency keys, UUIDs and ULIDs, commit SHAs, image digests, checksums, ZPL and EDIFACT
text, base64 of non-secret data such as labels and images, a JWT header alone, public keys, JWKS,
certificate fingerprints, key ids, token ids, Vault paths and environment variable names without
values, passwords, tokens, codes and PINs talked about without a value, placeholders such as
<API_KEY>, ${STRIPE_KEY}, **** and xxx, amounts, error codes, log lines with request ids), each of
which must be stored byte for byte; ``AW_SECRET`` holds sessions with invented (fake)
credentials, in tool-call arguments (curl headers and basic auth, command lines with -p, -a,
--password, -storepass or -passin, connection strings, kubectl create secret literals, helm
--set, tokens in git URLs and exported variables), tool outputs (printed .env and config files,
decoded Kubernetes secrets, Vault reads, API responses returning tokens and webhook signing
secrets, logs leaking keys, private key blocks, cloud credential files, printer Wi-Fi keys) and
chat (passwords in plain words in many languages, split over two messages or two turns, spelled
letter by letter or with NATO words, hinted, door, safe and alarm codes, badge PINs, recovery
codes, TOTP seeds, API keys with and without vendor prefixes, AS2 certificate and SFTP passwords,
key passphrases), each with the exact substrings that must not survive anywhere the dispatcher
stores them.

The set was written blind: without reading the redaction rules, the daemon's code or any other
test set, only the session format of :mod:`tests.dispatcher.set_at`. All data is synthetic.
"""

from __future__ import annotations

#: A message: (role, content) with role "user" | "assistant" | "tool"; or for an assistant's
#: tool call: ("call", "<tool name>", "<arguments JSON text>").
Message = tuple[str, ...]

#: Sessions without any secret: each is stored whole, byte for byte.
AW_CLEAN: list[tuple[str, list[list[Message]]]] = [
    (
        "en-ups-tracking-exception",
        [
            [
                (
                    "user",
                    "Customer on order #SO-2026-118842 says the parcel is stuck. Tracking 1Z999AA10123456784, can you pull the UPS events?",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "GET", "url": "https://wwwcie.ups.com/api/track/v1/details/1Z999AA10123456784", "headers": {"Authorization": "Bearer ${UPS_ACCESS_TOKEN}", "transId": "0a312d60-9f91-49ca-b877-77dac8f564c8", "transactionSrc": "wms"}}',
                ),
                (
                    "tool",
                    '{"trackResponse":{"shipment":[{"package":[{"trackingNumber":"1Z999AA10123456784","activity":[{"location":{"address":{"city":"LOUISVILLE","stateProvince":"KY","countryCode":"US"}},"status":{"type":"X","description":"DELIVERY ATTEMPTED - ADDRESS CORRECTION NEEDED","code":"UY"},"date":"20261127","time":"143012"}]}]}]}}',
                ),
                (
                    "assistant",
                    "UPS flagged an address exception (status type X, code UY) on 27 Nov at 14:30 in Louisville. The label for SO-2026-118842 has the street but no suite number. Ask the customer for the full address and we can file an address correction through the UPS Delivery Change request; the transId for this lookup was 0a312d60-9f91-49ca-b877-77dac8f564c8.",
                ),
            ]
        ],
    ),
    (
        "de-dhl-jjd-sendungsverfolgung",
        [
            [
                (
                    "user",
                    "Kannst du mir sagen, wo die Sendung JJD000390007748837261 gerade ist? Bestellung 400118273, Kunde wartet seit Montag.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "curl -s -H \\"DHL-API-Key: $DHL_API_KEY\\" \'https://api-eu.dhl.com/track/shipments?trackingNumber=JJD000390007748837261\' | jq \'.shipments[0].status\'"}',
                ),
                (
                    "tool",
                    '{\n  "timestamp": "2026-11-28T06:41:00+01:00",\n  "location": {"address": {"addressLocality": "Hamburg-Allermöhe"}},\n  "statusCode": "transit",\n  "status": "Die Sendung wurde im Start-Paketzentrum bearbeitet."\n}',
                ),
                (
                    "assistant",
                    "JJD000390007748837261 wurde heute um 06:41 im Start-Paketzentrum Hamburg-Allermöhe bearbeitet, Status `transit`. Die Verzögerung lag also vor der Übergabe an DHL – laut WMS wurde das Paket für 400118273 erst am Mittwoch gepackt. Zustellung voraussichtlich morgen.",
                ),
            ]
        ],
    ),
    (
        "en-stripe-test-card-decline",
        [
            [
                (
                    "user",
                    "QA says checkout in staging declines every card. They're using 4242 4242 4242 4242 with any future expiry and CVC 123. Look at the last payment intent?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "stripe payment_intents list --limit 1 --api-key \\"$STRIPE_TEST_SECRET\\" | jq \'{id: .data[0].id, status: .data[0].status, err: .data[0].last_payment_error.code}\'"}',
                ),
                (
                    "tool",
                    '{\n  "id": "pi_3QbXk2LkdIwHu7ix0m4Rz9Tq",\n  "status": "requires_payment_method",\n  "err": "card_declined"\n}',
                ),
                (
                    "assistant",
                    "pi_3QbXk2LkdIwHu7ix0m4Rz9Tq was declined with `card_declined`, which 4242 4242 4242 4242 never returns in test mode. That means staging is pointing at a live-mode account key, where Stripe's test cards are declined. Check that STRIPE_TEST_SECRET in the staging Helm values really is the `sk_test_…` one (don't paste it here, just check the prefix).",
                ),
            ],
            [
                ("user", "you're right, the prefix was sk_live_. swapped it."),
                (
                    "assistant",
                    "Good. Rerun the checkout with 4242 4242 4242 4242; for 3-D Secure use 4000 0027 6000 3184, and 4000 0000 0000 9995 to test insufficient funds.",
                ),
            ],
        ],
    ),
    (
        "fr-adyen-psp-reference-remboursement",
        [
            [
                (
                    "user",
                    "Le client de la commande FR-77120 demande où en est son remboursement. PSP reference Adyen 8815658961765250, montant 89,90 EUR.",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "GET", "url": "https://ca-test.adyen.com/ca/ca/accounts/showTx.shtml?pspReference=8815658961765250&txType=Payment", "headers": {"X-API-Key": "<ADYEN_API_KEY>"}}',
                ),
                (
                    "tool",
                    "pspReference: 8815658961765250\nmerchantReference: FR-77120\npaymentMethod: cartebancaire\ncard: 4000 02** **** 0001\nevents:\n  2026-11-20 AUTHORISATION  89.90 EUR  success\n  2026-11-21 CAPTURE        89.90 EUR  success\n  2026-11-26 REFUND         89.90 EUR  success  modificationReference: 8525146287391203\n  2026-11-27 REFUNDED_SETTLED",
                ),
                (
                    "assistant",
                    "Le remboursement de 89,90 EUR a été accepté le 26/11 (référence de modification 8525146287391203) et est marqué REFUNDED_SETTLED depuis le 27/11. Côté carte bancaire, comptez 3 à 5 jours ouvrés pour l'apparition sur le relevé. Vous pouvez donner la référence 8525146287391203 au client s'il contacte sa banque.",
                ),
            ]
        ],
    ),
    (
        "en-sscc-label-zpl-preview",
        [
            [
                (
                    "user",
                    "Warehouse printer PRN-DOCK-04 is printing the SSCC barcode too small. Here's the ZPL it gets, what's wrong?\n\n^XA\n^PW812\n^LL1218\n^FO40,40^A0N,40,40^FDPallet 1/3 - PO 4500018823^FS\n^FO40,120^BY2^BCN,160,Y,N,N^FD(00)340123450000000018^FS\n^FO40,340^BY3^BCN,120,Y,N,N^FD(02)04012345000019(37)24^FS\n^XZ",
                ),
                (
                    "assistant",
                    "The SSCC is printed with `^BY2` (module width 2 dots) while the GTIN below uses `^BY3`. On a 203 dpi printer 2 dots is 0.25 mm, under the GS1-128 minimum of 0.495 mm for logistics labels, so scanners at the dock struggle. Change the SSCC line to `^FO40,120^BY4^BCN,160,Y,N,N^FD>;>800340123450000000018^FS` — also use the `>;>8` subset switch so the AI (00) gets FNC1 properly instead of literal parentheses. SSCC 340123450000000018 itself is fine, the check digit 8 is correct.",
                ),
            ]
        ],
    ),
    (
        "nl-postnl-barcode-generatie",
        [
            [
                (
                    "user",
                    "Voor retouren hebben we een nieuwe PostNL-barcode nodig. Kun je via de sandbox een 3S-code genereren met klantcode DEVC?",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "GET", "url": "https://api-sandbox.postnl.nl/shipment/v1_1/barcode?CustomerCode=DEVC&CustomerNumber=11223344&Type=3S&Serie=000000000-999999999", "headers": {"apikey": "${POSTNL_API_KEY}"}}',
                ),
                ("tool", '{"Barcode":"3SDEVC681294570"}'),
                (
                    "assistant",
                    "De sandbox gaf barcode 3SDEVC681294570 terug (type 3S, klantcode DEVC, klantnummer 11223344). Let op: sandbox-barcodes zijn niet bruikbaar in productie; voor echte retourlabels moet de productie-API met ons eigen klantnummer worden aangeroepen.",
                ),
            ]
        ],
    ),
    (
        "en-edifact-desadv-parse-error",
        [
            [
                (
                    "user",
                    "Supplier Brandt GmbH's DESADV was rejected by our EDI mapper. File below, find why.\n\nUNA:+.? '\nUNB+UNOC:3+4012345000009:14+8712345000004:14+261128:0912+00000000004711'\nUNH+1+DESADV:D:96A:UN:EAN005'\nBGM+351+DES-2026-88120+9'\nDTM+137:20261128:102'\nRFF+ON:4500018823'\nNAD+SU+4012345000009::9'\nNAD+DP+8712345000103::9'\nCPS+1'\nPAC+2++201'\nCPS+2+1'\nPAC+1++201'\nGIN+BJ+340123450000000018'\nLIN+1++4012345000019:EN'\nQTY+12:48'\nUNT+15+1'\nUNZ+1+00000000004711'",
                ),
                (
                    "assistant",
                    "The UNT segment count says 15, but there are 14 segments from UNH to UNT inclusive (UNH, BGM, DTM, RFF, NAD, NAD, CPS, PAC, CPS, PAC, GIN, LIN, QTY, UNT). Our mapper validates UNT strictly, hence the reject. Ask Brandt to resend interchange 00000000004711 with `UNT+14+1'`, or we accept it once with the tolerance flag. The content otherwise is fine: PO 4500018823, pallet SSCC 340123450000000018, 48 units of GTIN 4012345000019.",
                ),
            ]
        ],
    ),
    (
        "es-mollie-pago-pendiente",
        [
            [
                (
                    "user",
                    "Tenemos un pedido ES-31007 pagado con Bizum vía Mollie que sigue en 'open'. El id es tr_WDqYK6vllg. ¿Lo puedes mirar?",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "GET", "url": "https://api.mollie.com/v2/payments/tr_WDqYK6vllg", "headers": {"Authorization": "Bearer $MOLLIE_API_KEY"}}',
                ),
                (
                    "tool",
                    '{"resource":"payment","id":"tr_WDqYK6vllg","mode":"test","status":"expired","amount":{"value":"42.50","currency":"EUR"},"description":"Pedido ES-31007","method":null,"expiredAt":"2026-11-28T10:15:00+00:00","metadata":{"order_id":"ES-31007"}}',
                ),
                (
                    "assistant",
                    "El pago tr_WDqYK6vllg está en modo `test` y expiró el 28/11 a las 10:15 UTC sin que se eligiera método. O sea: el cliente nunca completó el pago y además el pedido se creó contra la cuenta de pruebas. Hay que revisar por qué ES-31007 usó la clave `test_` en producción; el pedido de 42,50 € no está cobrado.",
                ),
            ]
        ],
    ),
    (
        "it-gtin-checksum-pim",
        [
            [
                (
                    "user",
                    "Il PIM rifiuta il GTIN 8001234567890 per il nuovo SKU CAF-ESP-250G. Dice 'checksum non valido'. Chi ha ragione?",
                ),
                (
                    "call",
                    "python",
                    '{"code": "g=\'800123456789\'\\ns=sum(int(d)*(3 if i%2 else 1) for i,d in enumerate(g))\\nprint((10 - s % 10) % 10)"}',
                ),
                ("tool", "5"),
                (
                    "assistant",
                    "Ha ragione il PIM: per le prime 12 cifre 800123456789 la cifra di controllo corretta è 5, quindi il GTIN valido sarebbe 8001234567895, non 8001234567890. Probabilmente il fornitore ha troncato l'ultima cifra in Excel. Chiedete conferma del codice sull'imballo prima di correggere CAF-ESP-250G.",
                ),
            ]
        ],
    ),
    (
        "ja-klaviyo-segment-count",
        [
            [
                (
                    "user",
                    "Klaviyoの「カート放棄_30日」セグメントの人数を確認してください。キーは環境変数 KLAVIYO_PRIVATE_KEY に入っています。",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"curl -s -H \\\"Authorization: Klaviyo-API-Key $KLAVIYO_PRIVATE_KEY\\\" -H 'revision: 2026-10-15' 'https://a.klaviyo.com/api/segments/XyZ9Ab/?additional-fields[segment]=profile_count' | jq '.data.attributes | {name, profile_count}'\"}",
                ),
                ("tool", '{\n  "name": "カート放棄_30日",\n  "profile_count": 18244\n}'),
                (
                    "assistant",
                    "セグメント XyZ9Ab「カート放棄_30日」は現在 18,244 人です。APIキーは環境変数から読み込んだだけで、出力には表示されていません。",
                ),
            ]
        ],
    ),
    (
        "en-k8s-describe-psp-secret",
        [
            [
                (
                    "user",
                    "Did Argo CD sync the payments secret into shop-prod? Only list keys, never values.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n shop-prod get secret psp-credentials -o json | jq \'.data | map_values(length)\'"}',
                ),
                (
                    "tool",
                    '{\n  "ADYEN_API_KEY": 172,\n  "ADYEN_HMAC_KEY": 88,\n  "KLARNA_PASSWORD": 64,\n  "PAYPAL_CLIENT_SECRET": 108,\n  "STRIPE_SECRET_KEY": 144,\n  "STRIPE_WEBHOOK_SECRET": 52\n}',
                ),
                (
                    "assistant",
                    "psp-credentials exists in shop-prod with six keys (lengths are of the base64 data): ADYEN_API_KEY, ADYEN_HMAC_KEY, KLARNA_PASSWORD, PAYPAL_CLIENT_SECRET, STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. No values were printed. The Argo CD app `shop-payments` shows Synced/Healthy as of 2026-11-29 22:14 UTC.",
                ),
            ]
        ],
    ),
    (
        "pl-inpost-brak-paczkomatu",
        [
            [
                (
                    "user",
                    "Klient z zamówienia PL-55120 wybrał paczkomat WAW22M, który został zamknięty. Numer przesyłki 620000011234567890123456. Co robimy?",
                ),
                (
                    "assistant",
                    "Przesyłka 620000011234567890123456 nie została jeszcze nadana (status `created`), więc możemy zmienić punkt. Proponuję: w panelu zmieniamy paczkomat na najbliższy czynny WAW22N (300 m dalej) i wysyłamy klientowi maila z szablonu „Zmiana punktu odbioru”. Kwota zamówienia 219,00 zł bez zmian, dopłata za kuriera nie jest potrzebna.",
                ),
            ]
        ],
    ),
    (
        "en-image-digest-rollout",
        [
            [
                (
                    "user",
                    "Which image is checkout-api running in prod right now? Need the digest for the change ticket.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n shop-prod get deploy checkout-api -o jsonpath=\'{.spec.template.spec.containers[0].image}\'"}',
                ),
                (
                    "tool",
                    "registry.shopco.internal/checkout-api@sha256:849ae0b49a407c9e9522cdfb7dc462fb2e4b6a51c4206495309b64e9a1304697",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "git -C ~/src/checkout-api log -1 --format=\'%H %s\' v2026.11.4"}',
                ),
                (
                    "tool",
                    "970caef6424eff5b359b0faeb05f966a2212ed27 fix(klarna): retry capture on 503 with same idempotency key",
                ),
                (
                    "assistant",
                    'checkout-api in shop-prod runs `sha256:849ae0b49a407c9e9522cdfb7dc462fb2e4b6a51c4206495309b64e9a1304697`, built from tag v2026.11.4 = commit 970caef6424eff5b359b0faeb05f966a2212ed27 ("retry capture on 503 with same idempotency key").',
                ),
            ]
        ],
    ),
    (
        "zh-gls-label-base64",
        [
            [
                (
                    "user",
                    "GLS 接口返回的标签是 base64，我想确认一下它是不是 PDF。这是开头：JVBERi0xLjQKJcOkw7zDtsOfCjIgMCBvYmoKPDwvTGVuZ3RoIDMgMCBSL0ZpbHRlci9GbGF0ZURlY29kZT4+",
                ),
                (
                    "call",
                    "python",
                    '{"code": "import base64\\nprint(base64.b64decode(\'JVBERi0xLjQKJcOkw7zDtsOfCjIgMCBvYmoKPDwvTGVuZ3RoIDMgMCBSL0ZpbHRlci9GbGF0ZURlY29kZT4+\')[:60])"}',
                ),
                (
                    "tool",
                    "b'%PDF-1.4\\n%\\xc3\\xa4\\xc3\\xbc\\xc3\\xb6\\xc3\\x9f\\n2 0 obj\\n<</Length 3 0 R/Filter/FlateDecode>>'",
                ),
                (
                    "assistant",
                    "是的，解码后以 `%PDF-1.4` 开头，是一个标准 PDF 文件（后面是压缩的内容流）。可以直接保存为 .pdf 发送到仓库打印机；如果打印机只接受 ZPL，需要在 GLS 请求里把 `labelFormat` 改成 `ZEBRA`。",
                ),
            ]
        ],
    ),
    (
        "en-klarna-webhook-event-ids",
        [
            [
                (
                    "user",
                    "Klarna sent the same order.captured notification three times, can you check we handled it once?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "psql \\"$ORDERS_DB_URL\\" -c \\"select event_id, order_ref, status, received_at from psp_events where order_ref = \'KL-2026-30118\' order by received_at\\""}',
                ),
                (
                    "tool",
                    "               event_id               |  order_ref   |  status   |        received_at\n--------------------------------------+--------------+-----------+----------------------------\n 1bdc2113-4580-47b6-a493-4c2f850fa348 | KL-2026-30118 | processed | 2026-11-28 09:12:04.118+00\n 1bdc2113-4580-47b6-a493-4c2f850fa348 | KL-2026-30118 | duplicate | 2026-11-28 09:12:34.502+00\n 1bdc2113-4580-47b6-a493-4c2f850fa348 | KL-2026-30118 | duplicate | 2026-11-28 09:13:35.001+00\n(3 rows)",
                ),
                (
                    "assistant",
                    "All three deliveries carry the same event id 1bdc2113-4580-47b6-a493-4c2f850fa348; the first was processed, the other two were recognised as duplicates. So the capture for KL-2026-30118 was booked once. Klarna retried because our 200 took longer than their 10 s timeout — worth looking at the handler latency.",
                ),
            ]
        ],
    ),
    (
        "ko-doorbadge-no-code",
        [
            [
                (
                    "user",
                    "물류센터 B동 출입 카드가 안 돼요. 배지 번호는 0048813입니다. 비밀번호는 말 안 해도 되죠?",
                ),
                (
                    "assistant",
                    "네, 비밀번호나 PIN은 여기에 쓰지 마세요. 배지 0048813은 출입 시스템에서 11월 28일에 만료로 표시되어 있습니다. 시설팀에 갱신 요청을 올렸고(티켓 FAC-2291), 그 사이에는 경비실에서 임시 방문증을 받을 수 있습니다.",
                ),
            ]
        ],
    ),
    (
        "en-placeholders-env-example",
        [
            [
                (
                    "user",
                    "Write the .env.example for the new carrier-gateway service, no real values.",
                ),
                (
                    "assistant",
                    "Here you go:\n\n```\n# carrier-gateway .env.example\nDHL_API_KEY=<DHL_API_KEY>\nDHL_API_SECRET=<DHL_API_SECRET>\nUPS_CLIENT_ID=your-ups-client-id\nUPS_CLIENT_SECRET=changeme\nDPD_DELISID=xxx\nDPD_PASSWORD=****\nROYALMAIL_API_KEY=${ROYALMAIL_API_KEY}\nREDIS_URL=redis://:<password>@localhost:6379/0\nDATABASE_URL=postgresql://carrier:<password>@localhost:5432/carrier\nKAFKA_SASL_PASSWORD=\n```\n\nReal values come from Vault at `kv/shop/prod/carrier-gateway` via the External Secrets operator; never commit a filled copy.",
                ),
            ]
        ],
    ),
    (
        "tr-iyzico-test-kart",
        [
            [
                (
                    "user",
                    "Türkiye mağazası için ödeme testi yapıyoruz. Test kartı olarak 5528 7900 0000 0008 kullanabilir miyiz? Son kullanma 12/30, CVC 123.",
                ),
                (
                    "assistant",
                    "Evet, 5528 7900 0000 0008 iyzico'nun dokümanındaki sandbox test kartı; 12/30 ve 123 ile sandbox'ta başarılı ödeme döner. Canlı ortamda bu kart reddedilir. Taksit testi için 5890 0400 0000 0016 kartını da deneyebilirsiniz. Sipariş tutarı 1.249,90 TL üzerinden test edin ki taksit seçenekleri görünsün.",
                ),
            ]
        ],
    ),
    (
        "en-redis-keyspace-cart",
        [
            [
                ("user", "Redis memory jumped on cache-prod. Which key pattern is growing?"),
                (
                    "call",
                    "bash",
                    '{"command": "redis-cli -h cache-prod.shopco.internal --scan --pattern \'cart:*\' | head -3; redis-cli -h cache-prod.shopco.internal info memory | grep used_memory_human"}',
                ),
                (
                    "tool",
                    "cart:sess:7eba8727-ebed-4777-b299-5c5945d712b6\ncart:sess:fbbbc414-eedf-47bc-8d62-c49637719068\ncart:sess:c9e4ebb1-eb04-47c5-93b8-0c7f51b23239\nused_memory_human:11.82G",
                ),
                (
                    "assistant",
                    "Cart session keys (`cart:sess:<uuid>`) dominate and used memory is 11.82G. Since the Black Friday campaign the TTL on these keys was removed in release v2026.11.3. Restoring `EXPIRE 604800` on write would cap them at 7 days.",
                ),
            ]
        ],
    ),
    (
        "ar-aramex-shipment-status",
        [
            [
                (
                    "user",
                    "العميل في الطلب AE-99120 يسأل عن شحنته. رقم الشحنة في أرامكس 44871920365. هل يمكنك التحقق؟",
                ),
                (
                    "assistant",
                    'الشحنة 44871920365 وصلت إلى مركز دبي يوم 28 نوفمبر وهي الآن "Out for Delivery". المبلغ المدفوع 349.00 درهم عبر بطاقة منتهية بـ 4242، ولا يوجد مبلغ مستحق عند الاستلام. يمكنك إرسال رابط التتبع للعميل.',
                ),
            ]
        ],
    ),
    (
        "en-git-sha-revert",
        [
            [
                (
                    "user",
                    "Revert the commit that broke DPD label generation, I think it's b30c848.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "git -C ~/src/carrier-gateway show --stat b30c848640c2eb8c5d0b8f0b086e3715d80ccc02 | head -8"}',
                ),
                (
                    "tool",
                    "commit b30c848640c2eb8c5d0b8f0b086e3715d80ccc02\nAuthor: Marta Nowak <marta.nowak@shopco.example>\nDate:   Fri Nov 27 16:02:11 2026 +0100\n\n    feat(dpd): switch to Shipping API v4.4\n\n src/carriers/dpd/client.py | 88 +++++++++++++++++----------\n 1 file changed, 54 insertions(+), 34 deletions(-)",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "git -C ~/src/carrier-gateway revert --no-edit b30c848640c2eb8c5d0b8f0b086e3715d80ccc02 && git -C ~/src/carrier-gateway log -1 --format=%H"}',
                ),
                ("tool", "b2216e641e22bfc8938e7ca23904744db2c9f87f"),
                (
                    "assistant",
                    "Reverted: b2216e641e22bfc8938e7ca23904744db2c9f87f undoes b30c848640c2eb8c5d0b8f0b086e3715d80ccc02 (the switch to DPD Shipping API v4.4). Not pushed yet — say the word and I'll open the PR.",
                ),
            ]
        ],
    ),
    (
        "he-zendesk-macro-refund",
        [
            [
                ("user", "תכתוב לי מאקרו בזנדסק לתשובה על החזר כספי. שלא יכיל פרטי כרטיס מלאים."),
                (
                    "assistant",
                    'הנה טיוטה:\n\n"שלום {{ticket.requester.first_name}},\nההחזר עבור הזמנה {{ticket.custom_field_360011223344}} בסך {{ticket.custom_field_360011223355}} בוצע לכרטיס המסתיים ב-**** {{last4}}. הזיכוי יופיע בתוך 5–10 ימי עסקים.\nמספר אסמכתא: {{psp_reference}}"\n\nהמאקרו משתמש רק בארבע הספרות האחרונות, כך שאין חשיפה של מספר הכרטיס.',
                ),
            ]
        ],
    ),
    (
        "en-jwt-header-debug",
        [
            [
                (
                    "user",
                    "The Braze webhook auth fails. The header of their JWT decodes to what? eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImJyYXplLTIwMjYtMTEifQ",
                ),
                (
                    "call",
                    "python",
                    "{\"code\": \"import base64,json\\nh='eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImJyYXplLTIwMjYtMTEifQ'\\nprint(json.loads(base64.urlsafe_b64decode(h+'==')))\"}",
                ),
                ("tool", "{'alg': 'RS256', 'typ': 'JWT', 'kid': 'braze-2026-11'}"),
                (
                    "assistant",
                    'The header is `{"alg": "RS256", "typ": "JWT", "kid": "braze-2026-11"}`. Our verifier only has the key with kid `braze-2026-05` in its JWKS cache, so it can\'t find braze-2026-11. Refresh the JWKS (it is cached for 30 days) and the signature check should pass.',
                ),
            ]
        ],
    ),
    (
        "sv-postnord-kolli-id",
        [
            [
                (
                    "user",
                    "Kan du kolla varför PostNord-etiketten för order SE-20455 har fel kolli-ID? Den ska vara 00370726200000000013 men det står 00370726200000000020.",
                ),
                (
                    "assistant",
                    "Båda är giltiga SSCC (kontrollsiffrorna 3 och 0 stämmer), men 00370726200000000020 är nästa nummer i serien. WMS:en allokerade två SSCC när packningen avbröts och startades om, och etiketten skrevs ut med den andra. Ingen fara: PostNord bryr sig bara om att kolli-ID:t på etiketten matchar EDI-förhandsaviseringen, och den skickades också med ...020.",
                ),
            ]
        ],
    ),
    (
        "en-royal-mail-tracking-number",
        [
            [
                (
                    "user",
                    "Royal Mail says tracking AB123456785GB doesn't exist. Was it ever manifested?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -h \'AB123456785GB\' /var/log/carrier-gateway/royalmail-*.log | tail -3"}',
                ),
                (
                    "tool",
                    '2026-11-27T15:44:02Z INFO rm.create order=UK-88210 tracking=AB123456785GB service=TPN24 req_id=req_7Hq2mZ8a\n2026-11-27T15:44:02Z INFO rm.label format=ZPL size=4x6 bytes=2411 req_id=req_7Hq2mZ8a\n2026-11-27T18:00:11Z WARN rm.manifest skipped=1 reason="order UK-88210 cancelled in OMS" req_id=req_Vb31kPq0',
                ),
                (
                    "assistant",
                    'The label was created (request req_7Hq2mZ8a) but the evening manifest skipped it because UK-88210 was cancelled in the OMS at that point. Without a manifest Royal Mail never sees the item, hence "doesn\'t exist". If the parcel physically left, re-manifest it manually from Click & Drop.',
                ),
            ]
        ],
    ),
    (
        "de-edifact-invoic-mwst",
        [
            [
                (
                    "user",
                    "Die INVOIC von Lieferant 4012345000009 hat eine MwSt-Differenz von 0,01 €. Hier der relevante Ausschnitt:\n\nMOA+79:1249.58'\nTAX+7+VAT+++:::19+S'\nMOA+124:237.42'\nMOA+86:1487.00'\nUNS+S'\nCNT+2:12'",
                ),
                (
                    "assistant",
                    "19 % von 1249,58 € sind 237,4202 €, gerundet 237,42 € – passt. Aber 1249,58 + 237,42 = 1487,00 €, also auch passt. Die Differenz entsteht bei uns: unser Mapper rechnet die Steuer pro Position (12 Positionen laut CNT+2:12) und rundet jede einzeln, das ergibt 237,41 €. Nach § 14 UStG ist die Summenberechnung des Lieferanten korrekt; wir sollten im Abgleich eine Toleranz von ±0,01 € pro Beleg zulassen.",
                ),
            ]
        ],
    ),
    (
        "en-masked-pan-chargeback",
        [
            [
                (
                    "user",
                    "Chargeback notice for order US-40918, card 424242******4242, amount $312.40, reason code 10.4. What do we send?",
                ),
                (
                    "assistant",
                    'Reason code 10.4 is Visa "Other Fraud – Card-Absent Environment". For US-40918 send: the AVS and CVV match results from the authorisation (Stripe charge ch_3QaZ0yLkdIwHu7ix1Ffx2bVn shows AVS `Y` and CVC `pass`), proof of delivery to the billing address (UPS 1Z999AA10123456784, signed), the IP and device data from checkout, and any prior undisputed orders on the same card fingerprint. Deadline is 9 days from the notice.',
                ),
            ]
        ],
    ),
    (
        "fr-kafka-consumer-lag",
        [
            [
                (
                    "user",
                    "Le consumer group wms-picking a du retard sur le topic orders.created. Tu peux regarder ?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kafka-consumer-groups --bootstrap-server kafka-0.kafka.shop-prod:9093 --command-config /etc/kafka/client.properties --describe --group wms-picking"}',
                ),
                (
                    "tool",
                    "GROUP        TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG    CONSUMER-ID\nwms-picking  orders.created  0          8812044         8812050         6      wms-picking-7c9f-0\nwms-picking  orders.created  1          8799120         8841007         41887  wms-picking-7c9f-1\nwms-picking  orders.created  2          8830018         8830021         3      wms-picking-7c9f-2",
                ),
                (
                    "assistant",
                    "Seule la partition 1 est en retard (41 887 messages), les partitions 0 et 2 sont à jour. Le consumer wms-picking-7c9f-1 est probablement bloqué sur un message empoisonné. Je propose de regarder l'offset 8799120 de la partition 1 avant de sauter quoi que ce soit.",
                ),
            ]
        ],
    ),
    (
        "vi-vnpay-sandbox-card",
        [
            [
                (
                    "user",
                    "Môi trường sandbox VNPay dùng thẻ test nào? Mình cần test đơn VN-10233 trị giá 1.250.000 ₫.",
                ),
                (
                    "assistant",
                    "Theo tài liệu sandbox của VNPay, bạn có thể dùng thẻ nội địa NCB: số thẻ 9704198526191432198, tên chủ thẻ NGUYEN VAN A, ngày phát hành 07/15, còn OTP thì dùng giá trị cố định ghi trong tài liệu sandbox. Với đơn VN-10233 số tiền gửi lên API là 125000000 (đơn vị x100).",
                ),
            ]
        ],
    ),
    (
        "en-ssh-public-key-sftp-edi",
        [
            [
                (
                    "user",
                    "Supplier Nordfrost wants our SFTP public key for the EDI drop. Print it.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "cat ~/.ssh/edi_sftp_ed25519.pub && ssh-keygen -lf ~/.ssh/edi_sftp_ed25519.pub"}',
                ),
                (
                    "tool",
                    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq7bT2sVx9mYc4kPwL8dE3nR1uJ0fZa6oKiG5hW2yQs edi@shopco\n256 SHA256:Jx3kQ8mWn2vRt7YbLp0cZs4uHe9fDa1GiKo6NwXy5Tq edi@shopco (ED25519)",
                ),
                (
                    "assistant",
                    "Public key (safe to share):\n\n`ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq7bT2sVx9mYc4kPwL8dE3nR1uJ0fZa6oKiG5hW2yQs edi@shopco`\n\nFingerprint SHA256:Jx3kQ8mWn2vRt7YbLp0cZs4uHe9fDa1GiKo6NwXy5Tq — ask Nordfrost to confirm it on their side after import. The private key never leaves the edi-gateway host.",
                ),
            ]
        ],
    ),
    (
        "pt-pix-txid",
        [
            [
                (
                    "user",
                    "O cliente do pedido BR-70012 pagou via Pix mas o status não mudou. txid E18236120202611281412s0a1b2c3d4e.",
                ),
                (
                    "assistant",
                    "O endToEndId E18236120202611281412s0a1b2c3d4e mostra liquidação às 14:12 de 28/11, valor R$ 189,90. O webhook do PSP chegou, mas foi rejeitado com 422 porque o campo `devedor.cpf` veio como 123.456.789-09 (CPF de exemplo) e o pedido tinha outro CPF. Vou reprocessar manualmente e marcar BR-70012 como pago.",
                ),
            ]
        ],
    ),
    (
        "en-helm-values-no-secrets",
        [
            [
                (
                    "user",
                    "Show me what Helm values the returns-service release is using in staging.",
                ),
                ("call", "bash", '{"command": "helm -n shop-staging get values returns-service"}'),
                (
                    "tool",
                    "USER-SUPPLIED VALUES:\nimage:\n  repository: registry.shopco.internal/returns-service\n  tag: 2026.11.6\nenv:\n  LOG_LEVEL: debug\n  PAYPAL_MODE: sandbox\n  PAYPAL_CLIENT_ID_REF: vault:kv/shop/staging/paypal#client_id\n  PAYPAL_CLIENT_SECRET_REF: vault:kv/shop/staging/paypal#client_secret\nexternalSecrets:\n  enabled: true\n  refreshInterval: 1h",
                ),
                (
                    "assistant",
                    "The release uses image tag 2026.11.6, PayPal in sandbox mode, and pulls the client id and secret from Vault (`kv/shop/staging/paypal`) through External Secrets, refreshed hourly. No secret values are in the Helm values themselves — good.",
                ),
            ]
        ],
    ),
    (
        "id-midtrans-status",
        [
            [
                (
                    "user",
                    "Tolong cek status pembayaran order ID-88012 di Midtrans sandbox. Transaksi pakai kartu tes 4811 1111 1111 1114.",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "GET", "url": "https://api.sandbox.midtrans.com/v2/ID-88012/status", "headers": {"Authorization": "Basic <base64 server key>"}}',
                ),
                (
                    "tool",
                    '{"status_code":"200","transaction_id":"dafe8a5b-c634-4bc5-9d41-34f061c1d4ad","gross_amount":"459000.00","currency":"IDR","order_id":"ID-88012","payment_type":"credit_card","transaction_status":"capture","fraud_status":"accept","masked_card":"48111111-1114","bank":"bni"}',
                ),
                (
                    "assistant",
                    "Transaksi dafe8a5b-c634-4bc5-9d41-34f061c1d4ad untuk ID-88012 sudah `capture` dengan fraud_status `accept`, nominal Rp459.000. Kartu 4811 1111 1111 1114 memang kartu tes resmi Midtrans, jadi ini hanya di sandbox.",
                ),
            ]
        ],
    ),
    (
        "en-idempotency-key-retry",
        [
            [
                ("user", "Why did the PayPal capture for order US-41120 go through twice?"),
                (
                    "call",
                    "bash",
                    '{"command": "grep \'US-41120\' /var/log/checkout-api/app.log | grep -i capture"}',
                ),
                (
                    "tool",
                    "2026-11-28T11:02:14.118Z INFO paypal.capture order=US-41120 paypal_order=5O190127TN364715T idem=2e166466-474a-4996-9a51-eb1ddf704951 status=COMPLETED\n2026-11-28T11:02:44.530Z INFO paypal.capture order=US-41120 paypal_order=5O190127TN364715T idem=bd15380f-915f-47ac-9c31-b798c16dcbb1 status=COMPLETED",
                ),
                (
                    "assistant",
                    "The retry used a fresh PayPal-Request-Id (bd15380f-… instead of reusing 2e166466-474a-4996-9a51-eb1ddf704951), so PayPal treated it as a new capture on order 5O190127TN364715T. The fix is to derive the idempotency key from the order id and attempt type, not generate a new UUID per retry. Refund one capture and ping the customer.",
                ),
            ]
        ],
    ),
    (
        "cs-dpd-depot-kod",
        [
            [
                (
                    "user",
                    "DPD štítek pro objednávku CZ-30045 má špatný kód depa. Číslo zásilky 13925500012345.",
                ),
                (
                    "assistant",
                    "Zásilka 13925500012345 byla vytvořena s depem 0139 (Praha) místo 0135 (Brno), protože PSČ 602 00 bylo v OMS zadané jako 620 00. Opravil bych adresu a vygeneroval nový štítek; starý je potřeba stornovat v DPD portálu, jinak se objeví dvakrát na manifestu.",
                ),
            ]
        ],
    ),
    (
        "en-public-key-pem-as2",
        [
            [
                (
                    "user",
                    "The AS2 partner Delta Retail asks for our signing certificate. Show what we'll send.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "openssl x509 -in /etc/as2/certs/shopco-as2-2026.crt -noout -subject -issuer -enddate -fingerprint -sha256"}',
                ),
                (
                    "tool",
                    "subject=CN = as2.shopco.example, O = ShopCo Logistics B.V., C = NL\nissuer=CN = ShopCo Internal CA 2025, O = ShopCo Logistics B.V.\nnotAfter=Mar 31 23:59:59 2028 GMT\nsha256 Fingerprint=4F:9A:12:C3:88:0E:D1:7B:5C:E2:AA:93:06:BF:41:DE:77:18:2C:F0:9B:64:3D:A5:E8:11:C7:52:0F:6A:B9:D3",
                ),
                (
                    "assistant",
                    "We send the public certificate /etc/as2/certs/shopco-as2-2026.crt (CN as2.shopco.example, valid until 31 March 2028). Ask Delta Retail to verify SHA-256 fingerprint 4F:9A:12:C3:88:0E:D1:7B:5C:E2:AA:93:06:BF:41:DE:77:18:2C:F0:9B:64:3D:A5:E8:11:C7:52:0F:6A:B9:D3 out of band. The matching private key and its password stay on the AS2 host.",
                ),
            ]
        ],
    ),
    (
        "el-acs-courier-antikatavoli",
        [
            [
                (
                    "user",
                    "Η παραγγελία GR-12077 ήταν με αντικαταβολή 64,50 €. Ο ACS λέει ότι πληρώθηκε, αλλά δεν βλέπουμε την κατάθεση. Αριθμός αποστολής 7201338450.",
                ),
                (
                    "assistant",
                    "Η αποστολή 7201338450 παραδόθηκε στις 26/11 και η αντικαταβολή 64,50 € εισπράχθηκε. Ο ACS αποδίδει τις αντικαταβολές κάθε Τρίτη στο IBAN GR1601101250000000012300695 (λογαριασμός εισπράξεων), άρα θα εμφανιστεί στην κατάθεση της 1/12.",
                ),
            ]
        ],
    ),
    (
        "en-okta-mfa-reset-no-code",
        [
            [
                (
                    "user",
                    "Lena from the warehouse lost her phone and can't log into Okta. Reset her MFA? Don't send me any codes, she'll enroll again.",
                ),
                (
                    "call",
                    "okta",
                    '{"action": "reset_factors", "user": "lena.hoffmann@shopco.example"}',
                ),
                (
                    "tool",
                    '{"status":"ok","user_id":"00u8x2kq1fTZ3nWq4697","factors_removed":["push","totp"],"enrollment_required":true}',
                ),
                (
                    "assistant",
                    "Done: push and TOTP factors removed for lena.hoffmann@shopco.example (user id 00u8x2kq1fTZ3nWq4697). At her next login Okta will ask her to enroll again; she needs her password and a new phone. No codes were generated.",
                ),
            ]
        ],
    ),
    (
        "uk-nova-poshta-ttn",
        [
            [
                (
                    "user",
                    "Клієнт із замовлення UA-5512 питає про посилку Нова пошта, ТТН 20450812345678. Перевір, будь ласка.",
                ),
                (
                    "assistant",
                    "ТТН 20450812345678: посилка прибула у відділення №12 у Львові 28.11, зберігається безкоштовно до 04.12. Накладений платіж 1 380 грн клієнт сплачує при отриманні. Можна надіслати йому SMS-шаблон «Посилка чекає у відділенні».",
                ),
            ]
        ],
    ),
    (
        "en-sha256-checksum-feed",
        [
            [
                (
                    "user",
                    "Google Merchant feed upload says checksum mismatch. Compute the sha256 of today's feed file.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "sha256sum /srv/feeds/google/products_2026-11-29.xml.gz; ls -l /srv/feeds/google/products_2026-11-29.xml.gz"}',
                ),
                (
                    "tool",
                    "e231e95f5e516a7acf81ac87f75d84262508d5732ab607e404905d3fe6c18aed  /srv/feeds/google/products_2026-11-29.xml.gz\n-rw-r--r-- 1 feed feed 48211774 Nov 29 03:10 /srv/feeds/google/products_2026-11-29.xml.gz",
                ),
                (
                    "assistant",
                    "Local sha256 is e231e95f5e516a7acf81ac87f75d84262508d5732ab607e404905d3fe6c18aed for 48,211,774 bytes. The uploader computes the hash before the gzip flush finishes (file is written at 03:10, upload starts 03:10 too). Adding a `sync` and re-hash before upload should fix it.",
                ),
            ]
        ],
    ),
    (
        "hi-delhivery-awb",
        [
            [
                (
                    "user",
                    "ऑर्डर IN-77230 का AWB नंबर 1490811002233 है, ग्राहक कह रहा है कि पार्सल नहीं मिला। स्टेटस देख लो।",
                ),
                (
                    "assistant",
                    'AWB 1490811002233 पर 27 नवंबर को "Delivered" दर्ज है, लेकिन POD पर हस्ताक्षर की जगह "Security Guard" लिखा है। ग्राहक से पूछिए कि क्या सोसाइटी गेट पर पार्सल छोड़ा गया था। ₹2,499 का रिफंड तभी करें जब Delhivery की जाँच (केस DLV-441902) पूरी हो जाए।',
                ),
            ]
        ],
    ),
    (
        "en-argo-cd-sync-status",
        [
            [
                ("user", "Is the wms-api app in Argo CD out of sync?"),
                (
                    "call",
                    "bash",
                    '{"command": "argocd app get wms-api --grpc-web -o json | jq \'{sync: .status.sync.status, rev: .status.sync.revision, health: .status.health.status}\'"}',
                ),
                (
                    "tool",
                    '{\n  "sync": "OutOfSync",\n  "rev": "3efc562f81c6c1328247922750651365579b3cd4",\n  "health": "Healthy"\n}',
                ),
                (
                    "assistant",
                    "wms-api is OutOfSync but Healthy; the target revision is 3efc562f81c6c1328247922750651365579b3cd4. That commit only changed the HPA maxReplicas from 8 to 12, so syncing is low-risk.",
                ),
            ]
        ],
    ),
    (
        "th-kerry-express-cod",
        [
            [
                (
                    "user",
                    "ลูกค้าออเดอร์ TH-40021 บอกว่าจ่าย COD ไปแล้ว 1,290 บาท แต่ระบบยังขึ้นว่ายังไม่ชำระ เลขพัสดุ KEXBKK0012345678",
                ),
                (
                    "assistant",
                    'พัสดุ KEXBKK0012345678 ส่งสำเร็จเมื่อ 27 พ.ย. และ Kerry ยืนยันการเก็บเงิน 1,290 บาทแล้ว แต่ยอดจะโอนเข้าบัญชีเราในรอบถัดไป (ทุกวันพุธ) ระบบเลยยังไม่อัปเดต ผมตั้งสถานะออเดอร์เป็น "COD collected – pending remittance" ให้แล้ว',
                ),
            ]
        ],
    ),
    (
        "en-cloudflare-ray-id-waf",
        [
            [
                (
                    "user",
                    "Customers in Spain get a Cloudflare block page on /checkout. One screenshot shows Ray ID 8e4f1a2b3c5d6e7f-MAD.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "curl -s -H \\"Authorization: Bearer $CF_API_TOKEN\\" \'https://api.cloudflare.com/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/firewall/events?ray_id=8e4f1a2b3c5d6e7f\' | jq \'.result[0] | {action, ruleId, source, clientRequestPath}\'"}',
                ),
                (
                    "tool",
                    '{\n  "action": "block",\n  "ruleId": "b1c2d3e4f5a6478b9c0d1e2f3a4b5c6d",\n  "source": "firewallManaged",\n  "clientRequestPath": "/checkout/payment"\n}',
                ),
                (
                    "assistant",
                    "Ray 8e4f1a2b3c5d6e7f-MAD was blocked by managed WAF rule b1c2d3e4f5a6478b9c0d1e2f3a4b5c6d on /checkout/payment. That rule matches the `redirectResult` parameter Adyen sends back after Bizum/iDEAL redirects. Add a skip for that rule on /checkout/payment and the blocks should stop.",
                ),
            ]
        ],
    ),
    (
        "da-gls-pakkeshop",
        [
            [
                (
                    "user",
                    "Ordre DK-22018 er sendt til en GLS Pakkeshop der er lukket. Pakkenummer 05702401234567. Hvad gør vi?",
                ),
                (
                    "assistant",
                    "GLS har automatisk omdirigeret 05702401234567 til nærmeste Pakkeshop (Netto, Vesterbrogade 112). Kunden får SMS fra GLS med ny adresse. Vi behøver ikke gøre noget, men jeg har lagt en note på ordren i Zendesk (ticket 418822).",
                ),
            ]
        ],
    ),
    (
        "en-vault-paths-rotation-plan",
        [
            [
                (
                    "user",
                    "Give me a rotation plan for the carrier credentials. Just paths and order, no values.",
                ),
                (
                    "assistant",
                    "1. `kv/shop/prod/carrier-gateway/dhl` (keys `api_key`, `api_secret`) — rotate in the DHL developer portal, write the new version, wait for External Secrets refresh (1h) or force it.\n2. `kv/shop/prod/carrier-gateway/ups` (`client_id`, `client_secret`) — OAuth app, old secret can coexist 24h.\n3. `kv/shop/prod/carrier-gateway/dpd` (`delis_id`, `password`) — no overlap possible, do it at 04:00 when no labels are printed.\n4. `kv/shop/prod/carrier-gateway/royalmail` (`api_key`).\nAfter each step check `carrier_auth_failures_total` in Grafana stays at 0.",
                ),
            ]
        ],
    ),
    (
        "ro-fan-courier-awb",
        [
            [
                (
                    "user",
                    "Clientul comenzii RO-81003 spune că a primit coletul deteriorat. AWB FAN Courier 2150012345678. Ce facem?",
                ),
                (
                    "assistant",
                    "AWB 2150012345678 a fost livrat pe 28.11. Pentru daună, FAN Courier cere proces-verbal de constatare semnat la livrare; clientul nu l-a semnat, dar avem 48 de ore pentru reclamație online. Deschid reclamația și îi ofer clientului înlocuire produsului SKU KIT-CAF-02 (valoare 349,00 lei).",
                ),
            ]
        ],
    ),
    (
        "en-zpl-printer-config-dump",
        [
            [
                ("user", "Label printer PRN-PACK-11 prints blank labels. Get its config."),
                (
                    "call",
                    "bash",
                    "{\"command\": \"printf '~HS\\\\r\\\\n' | nc -w 2 10.40.11.61 9100; printf '^XA^HH^XZ' | nc -w 2 10.40.11.61 9100 | head -12\"}",
                ),
                (
                    "tool",
                    "\x02030,0,0,1218,000,0,0,0,000,0,0,0\x03\n\x02000,0,0,0,1,2,6,0,00000000,1,000\x03\n  +10.0               DARKNESS\n  4.0 IPS             PRINT SPEED\n  +000                TEAR OFF ADJUST\n  TEAR OFF            PRINT MODE\n  NON-CONTINUOUS      MEDIA TYPE\n  WEB                 SENSOR SELECT\n  DIRECT-THERMAL      PRINT METHOD\n  812                 PRINT WIDTH\n  1218                LABEL LENGTH\n  ENABLED             HEAD CLEANING ALERT\n  V84.20.23Z <-       FIRMWARE",
                ),
                (
                    "assistant",
                    "Print method is DIRECT-THERMAL, but PACK-11 was restocked with thermal-transfer labels (the ones that need a ribbon) on Friday — that's why they come out blank. Either load direct-thermal rolls or switch with `^XA^MTT^XZ` and insert a ribbon. Darkness +10 is fine for direct-thermal stock.",
                ),
            ]
        ],
    ),
    (
        "ko-kakao-pay-test",
        [
            [
                (
                    "user",
                    "카카오페이 테스트 결제에서 가맹점 코드 TC0ONETIME 쓰면 되나요? 주문번호 KR-30118, 금액 39,000원입니다.",
                ),
                (
                    "assistant",
                    "네, TC0ONETIME은 카카오페이 개발자 문서에 공개된 테스트용 가맹점 코드(CID)입니다. 실제 결제는 일어나지 않습니다. KR-30118, 39,000원으로 ready API를 호출하면 tid가 T로 시작하는 값으로 돌아옵니다. 운영 CID와 Admin 키는 Vault `kv/shop/prod/kakaopay`에 있고 여기엔 쓰지 마세요.",
                ),
            ]
        ],
    ),
    (
        "en-postgres-slow-query-log",
        [
            [
                ("user", "orders-db had a spike at 09:00. What was slow?"),
                (
                    "call",
                    "bash",
                    '{"command": "grep \'duration:\' /var/log/postgresql/postgresql-2026-11-29.log | sort -t: -k5 -n -r | head -2"}',
                ),
                (
                    "tool",
                    "2026-11-29 09:00:12.418 UTC [18822] app=oms-api user=oms_rw LOG:  duration: 8412.331 ms  statement: SELECT * FROM orders WHERE lower(email) = lower($1) ORDER BY created_at DESC LIMIT 50\n2026-11-29 09:00:09.002 UTC [18810] app=oms-api user=oms_rw LOG:  duration: 7988.104 ms  statement: SELECT * FROM orders WHERE lower(email) = lower($1) ORDER BY created_at DESC LIMIT 50",
                ),
                (
                    "assistant",
                    "The customer-lookup query by e-mail runs ~8 s because there's no index on `lower(email)`. `CREATE INDEX CONCURRENTLY orders_lower_email_idx ON orders (lower(email), created_at DESC);` would make it an index scan. The spike at 09:00 matches the Zendesk shift start when agents search for customers.",
                ),
            ]
        ],
    ),
    (
        "ja-yamato-tracking",
        [
            [
                (
                    "user",
                    "ヤマト運輸の伝票番号 4321-0987-6543 の配達状況を見てください。注文は JP-60412 です。",
                ),
                (
                    "assistant",
                    "伝票 4321-0987-6543（注文 JP-60412）は 11/28 18:20 に「持戻（ご不在）」となっています。不在票が入っているので、お客様に再配達依頼をしてもらうようご案内ください。代金引換ではないので、金額 ¥8,800 の追加請求はありません。",
                ),
            ]
        ],
    ),
    (
        "no-vipps-refusjon",
        [
            [
                (
                    "user",
                    "Kan du sjekke refusjon i Vipps for ordre NO-12044? Referanse er vipps-no-12044-1.",
                ),
                (
                    "assistant",
                    "Vipps viser at 499,00 kr ble refundert 27.11 på referanse vipps-no-12044-1, pspReference 7Hx2-9Kq1-Zp3W. Kunden ser det i Vipps-appen med én gang, men banken kan bruke opptil 3 virkedager. Ingenting mer å gjøre fra vår side.",
                ),
            ]
        ],
    ),
    (
        "en-webhook-signature-header-shape",
        [
            [
                (
                    "user",
                    'Stripe webhook verification fails in staging. Here\'s a request from the log, secrets scrubbed:\n\nPOST /webhooks/stripe\nStripe-Signature: t=1764403200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd,v0=6ffbb59b2300aabc6e9b5b7e1f3b6a2c1d9e8f70\nContent-Type: application/json; charset=utf-8\n\n{"id":"evt_1QbXk2LkdIwHu7ixT3sYb0Qd","type":"payment_intent.succeeded"}',
                ),
                (
                    "assistant",
                    "The header shape is fine (timestamp plus a v1 HMAC-SHA256 signature; v0 is only sent in test mode). Verification fails when the body is re-serialised before hashing — our Express app parses JSON globally, so `req.body` is no longer the raw bytes. Mount `express.raw({type: 'application/json'})` on /webhooks/stripe before the JSON parser. Event evt_1QbXk2LkdIwHu7ixT3sYb0Qd can be re-sent from the dashboard once fixed.",
                ),
            ]
        ],
    ),
    (
        "zh-tmall-sku-mapping",
        [
            [
                (
                    "user",
                    "天猫店铺的SKU和我们PIM里的对不上，比如天猫 skuId 4876213390011 对应我们的 CAF-ESP-1KG，但同步过去后变成了 CAF-ESP-250G。",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "psql \\"$PIM_DB_URL\\" -Atc \\"select channel_sku, internal_sku, updated_at from channel_sku_map where channel=\'tmall\' and channel_sku in (\'4876213390011\',\'4876213390028\')\\""}',
                ),
                (
                    "tool",
                    "4876213390011|CAF-ESP-250G|2026-11-26 13:02:11+00\n4876213390028|CAF-ESP-1KG|2026-11-26 13:02:11+00",
                ),
                (
                    "assistant",
                    "映射表里两个 skuId 被对调了：4876213390011 → CAF-ESP-250G，4876213390028 → CAF-ESP-1KG，都是 11月26日 13:02 的批量导入写入的。把这两行交换一下即可，之后重新触发天猫库存同步。",
                ),
            ]
        ],
    ),
    (
        "en-sandbox-ibans-sepa-test",
        [
            [
                (
                    "user",
                    "For the SEPA Direct Debit test in Adyen, which IBANs trigger which result?",
                ),
                (
                    "assistant",
                    "From Adyen's test-data page: NL13TEST0123456789 and DE87123456781234567890 authorise normally; NL36TEST0236169114 and DE35123456781234567891 cause a failure after the debit. For Stripe's SEPA test mode use DE89370400440532013000 (succeeds) and DE62370400440532013001 (fails with `insufficient_funds`). None of these are real accounts.",
                ),
            ]
        ],
    ),
    (
        "fi-posti-pakettiautomaatti",
        [
            [
                (
                    "user",
                    "Tilauksen FI-40021 paketti JJFI64212300012345678 on ollut pakettiautomaatissa viikon. Mitä tapahtuu seuraavaksi?",
                ),
                (
                    "assistant",
                    "Posti säilyttää paketin automaatissa 7 päivää, minkä jälkeen JJFI64212300012345678 palautuu meille. Palautus kestää noin 3–5 arkipäivää. Kun se saapuu, varasto kirjaa sen palautukseksi ja hyvitämme 79,90 € automaattisesti, ellei asiakas halua uutta lähetystä.",
                ),
            ]
        ],
    ),
    (
        "en-log-request-ids-checkout-500",
        [
            [
                ("user", "Checkout threw 500s around 14:00. Grab a few log lines."),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n shop-prod logs deploy/checkout-api --since=2h | grep \' 500 \' | head -3"}',
                ),
                (
                    "tool",
                    '2026-11-29T14:01:02.881Z ERROR req_id=01JDZ8KQ2X4M7RT9VB6N3HCF0P trace=4bf92f3577b34da6a3ce929d0e0e4736 POST /api/checkout 500 err="adyen: 422 Invalid payment method details (errorCode 101)"\n2026-11-29T14:01:05.120Z ERROR req_id=01JDZ8KT9P1N6QW2ZX8M4BDF7C trace=00f067aa0ba902b74bf92f3577b34da6 POST /api/checkout 500 err="adyen: 422 Invalid payment method details (errorCode 101)"\n2026-11-29T14:01:09.007Z ERROR req_id=01JDZ8KYB3R5T8VC1N0M2QHF6S trace=a3ce929d0e0e47364bf92f3577b34da6 POST /api/checkout 500 err="adyen: 422 Invalid payment method details (errorCode 101)"',
                ),
                (
                    "assistant",
                    "Adyen returns errorCode 101 (Invalid card number) and we turn the 422 into a 500. The card numbers come from the Drop-in, so this is probably the new Drop-in version 6.4 sending encrypted data in a field our backend doesn't forward. Separately we should map 422 to a 4xx for the frontend. Request ids for the ticket: 01JDZ8KQ2X4M7RT9VB6N3HCF0P, 01JDZ8KT9P1N6QW2ZX8M4BDF7C.",
                ),
            ]
        ],
    ),
    (
        "hu-gls-utanvet",
        [
            [
                (
                    "user",
                    "A HU-33012 rendelés utánvétes volt, 12 990 Ft. A GLS csomagszám 00HU1234567890. Miért nem jött meg a pénz?",
                ),
                (
                    "assistant",
                    "A 00HU1234567890 csomagot november 27-én kézbesítették, az utánvétet beszedték. A GLS kéthetente utal, legközelebb december 4-én a HU42117730161111101800000000 számlára. A 12 990 Ft tehát még úton van, nincs teendő.",
                ),
            ]
        ],
    ),
    (
        "en-totp-talk-no-seed",
        [
            [
                (
                    "user",
                    "How should warehouse shift leads get 2FA for the WMS admin panel? They don't have company phones.",
                ),
                (
                    "assistant",
                    "Options, none of which require sharing a seed over chat:\n1. Hardware keys (YubiKey 5 NFC) registered in Okta as WebAuthn — about €55 each, best option.\n2. Okta Verify on personal phones with the push factor; the enrollment QR code is shown once at first login and must not be photographed or forwarded.\n3. A shared TOTP secret in the team vault — I'd avoid this: anyone with the seed can generate codes forever.\nWhatever you pick, the 6-digit codes are time-based and expire in 30 s, so never paste them into tickets.",
                ),
            ]
        ],
    ),
    (
        "sk-packeta-vydajne-miesto",
        [
            [
                (
                    "user",
                    "Zákazník z objednávky SK-11045 chce zmeniť výdajné miesto Packeta. Číslo zásielky Z 123 4567 890.",
                ),
                (
                    "assistant",
                    "Zásielka Z 123 4567 890 je ešte v triedení v Senci, takže zmena je možná. Cez Packeta API zmením `addressId` na 20412 (Bratislava – Obchodná). Zákazník dostane SMS s novým miestom. Dobierka 34,90 € ostáva.",
                ),
            ]
        ],
    ),
    (
        "en-gcs-service-account-public-info",
        [
            [
                (
                    "user",
                    "The product-image export to GCS fails. Which service account is it using?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "gcloud iam service-accounts describe pim-export@shopco-media.iam.gserviceaccount.com --format=\'value(uniqueId,disabled)\' && gcloud iam service-accounts keys list --iam-account=pim-export@shopco-media.iam.gserviceaccount.com --managed-by=user"}',
                ),
                (
                    "tool",
                    "104889231007744120335\tTrue\nKEY_ID                                    CREATED_AT            EXPIRES_AT            DISABLED\n8835f924d66eba154dafc012297e62050a06894c  2026-03-02T08:11:04Z  9999-12-31T23:59:59Z  False",
                ),
                (
                    "assistant",
                    "The account pim-export@shopco-media.iam.gserviceaccount.com (uniqueId 104889231007744120335) is disabled — that's the failure. It has one user-managed key, id 8835f924d66eba154dafc012297e62050a06894c. Someone disabled the account during the key-hygiene sweep on Friday; re-enable it, or better, switch the export to Workload Identity and delete that key.",
                ),
            ]
        ],
    ),
    (
        "ru-cdek-nalozhennyi-platezh",
        [
            [
                ("user", "По заказу RU-20019 СДЭК вернул посылку. Трек 1488776655. Почему?"),
                (
                    "assistant",
                    "Посылка 1488776655 пролежала в ПВЗ 7 дней и вернулась отправителю 27.11 с причиной «не востребовано». Наложенный платёж 3 450 ₽ не был взят. Возврат приедет на склад примерно через 5 дней; после приёмки товар вернётся в остаток (SKU MUG-CER-350-BLK, 2 шт.).",
                ),
            ]
        ],
    ),
    (
        "en-apple-pay-domain-file",
        [
            [
                (
                    "user",
                    "Apple Pay stopped showing on the storefront. Check the domain association file is served.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "curl -sI https://shop.example.com/.well-known/apple-developer-merchantid-domain-association | head -5"}',
                ),
                (
                    "tool",
                    "HTTP/2 404\ncontent-type: text/html; charset=utf-8\ncf-ray: 8e50c0a12f3b9d21-AMS\ncf-cache-status: MISS",
                ),
                (
                    "assistant",
                    "The domain association file returns 404 (cf-ray 8e50c0a12f3b9d21-AMS). The theme deploy on Thursday replaced the `.well-known` folder. The file is public (it's a hex blob Apple gives to every merchant, not a secret); restore it from the theme repo's previous release and Apple Pay will reappear after Stripe re-verifies the domain.",
                ),
            ]
        ],
    ),
    (
        "es-braze-campaign-ids",
        [
            [
                ("user", "La campaña de Braze 'Black Friday ES' no se envió. ¿Qué dice la API?"),
                (
                    "call",
                    "bash",
                    '{"command": "curl -s -H \\"Authorization: Bearer $BRAZE_REST_KEY\\" \'https://rest.fra-01.braze.eu/campaigns/details?campaign_id=c8a1b3f2-77e0-4d51-9b2c-1f0e6d4a8c33\' | jq \'{name, draft, schedule_type, last_sent}\'"}',
                ),
                (
                    "tool",
                    '{\n  "name": "Black Friday ES",\n  "draft": true,\n  "schedule_type": "time_based",\n  "last_sent": null\n}',
                ),
                (
                    "assistant",
                    "La campaña c8a1b3f2-77e0-4d51-9b2c-1f0e6d4a8c33 sigue en borrador (`draft: true`), por eso nunca salió. Alguien guardó los cambios del segmento sin volver a lanzarla. Hay que abrirla en el panel y pulsar «Lanzar»; la clave REST no se ha mostrado en ningún momento.",
                ),
            ]
        ],
    ),
    (
        "en-checksum-edi-as2-mdn",
        [
            [
                (
                    "user",
                    "Delta Retail says they never got MDN for message <20261128.0912.4711@as2.shopco.example>. Check our AS2 log.",
                ),
                ("call", "bash", '{"command": "grep \'20261128.0912.4711\' /var/log/as2/as2.log"}'),
                (
                    "tool",
                    "2026-11-28 09:12:40 SEND  msgid=<20261128.0912.4711@as2.shopco.example> to=DELTARETAIL size=4811 sign=sha256 encrypt=aes256-cbc mic=Qm9ndXNNaWNWYWx1ZUJhc2U2NEhlcmU=, sha-256\n2026-11-28 09:12:41 MDN   msgid=<20261128.0912.4711@as2.shopco.example> status=processed received-mic=Qm9ndXNNaWNWYWx1ZUJhc2U2NEhlcmU=, sha-256 async=false",
                ),
                (
                    "assistant",
                    "We sent the message at 09:12:40 and received a synchronous MDN at 09:12:41 with status `processed` and a matching MIC. So the MDN is one *they* sent us, for our INVOIC. If they mean the MDN for their ORDERS, that's a different message id — ask them for it.",
                ),
            ]
        ],
    ),
    (
        "it-bartolini-contrassegno",
        [
            [
                (
                    "user",
                    "BRT dice che l'ordine IT-50771 è in giacenza. Segnacollo 0680123456789012345. Cosa facciamo?",
                ),
                (
                    "assistant",
                    'Il segnacollo 0680123456789012345 è in giacenza dal 27/11 per "destinatario assente" al secondo tentativo. Possiamo dare disposizione di riconsegna via portale BRT (costo 5,00 €) o far ritirare al BRT Fermopoint più vicino. Scrivo io al cliente su Zendesk (ticket 422019) chiedendo quale preferisce.',
                ),
            ]
        ],
    ),
    (
        "en-password-policy-discussion",
        [
            [
                (
                    "user",
                    "What password rules should we set for the new supplier portal? Marketing wants 'easy to remember'.",
                ),
                (
                    "assistant",
                    "Follow NIST 800-63B: minimum 12 characters, allow long passphrases up to 64+, no forced composition rules, no periodic expiry, and check new passwords against a breached-password list (HIBP k-anonymity API). Add rate limiting and MFA for supplier admins. 'Easy to remember' is fine if it means passphrases — 'four random words' beats `P@ssw0rd!` style rules. Never e-mail initial passwords; send a one-time set-password link that expires in 24 h.",
                ),
            ]
        ],
    ),
    (
        "pl-allegro-numer-zamowienia",
        [
            [
                (
                    "user",
                    "Sprawdź zamówienie z Allegro, checkout form id 29738e61-7f6a-11ef-8f1d-0242ac120002, kwota 149,99 zł. Klient twierdzi, że zapłacił dwa razy.",
                ),
                (
                    "assistant",
                    "Allegro pokazuje jedną płatność dla formularza 29738e61-7f6a-11ef-8f1d-0242ac120002: 149,99 zł przez PayU, id płatności 8a1c2e3f-0001-4bcd-9ef0-112233445566, zaksięgowana 28.11. Druga pozycja na wyciągu klienta to najpewniej blokada autoryzacyjna, która zniknie w ciągu 7 dni. Odpiszę klientowi na Allegro.",
                ),
            ]
        ],
    ),
    (
        "en-gtin-ean8-vs-upc",
        [
            [
                (
                    "user",
                    "A US supplier sent UPC 036000291452 and the PIM wants EAN-13. How do I convert?",
                ),
                (
                    "assistant",
                    "Prefix a zero: UPC-A 036000291452 becomes EAN-13 0036000291452; the check digit (2) stays the same because a leading zero adds nothing to the weighted sum. In GTIN-14 form it's 00036000291452. Store that in the PIM's `gtin` field; the label printer will print it as UPC-A again if we set `^BU` instead of `^BE`.",
                ),
            ]
        ],
    ),
    (
        "de-kubectl-secret-keys-only",
        [
            [
                (
                    "user",
                    "Prüf bitte, ob das Secret für den SFTP-Zugang zu Nordfrost im Namespace edi-prod existiert. Werte bitte NICHT anzeigen.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n edi-prod get secret sftp-nordfrost -o go-template=\'{{range $k, $v := .data}}{{$k}}{{\\"\\\\n\\"}}{{end}}\'"}',
                ),
                ("tool", "host\nknown_hosts\npassword\nport\nusername"),
                (
                    "assistant",
                    "Das Secret `sftp-nordfrost` existiert in edi-prod und enthält die Schlüssel host, known_hosts, password, port und username. Werte wurden nicht ausgegeben.",
                ),
            ],
            [
                ("user", "Und wann wurde es zuletzt geändert?"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n edi-prod get secret sftp-nordfrost -o jsonpath=\'{.metadata.annotations.reconcile\\\\.external-secrets\\\\.io/data-hash}{\\"\\\\n\\"}{.metadata.creationTimestamp}\'"}',
                ),
                ("tool", "9c1e4f7a2b8d3e60f5a1c9b7d2e4f8a0\n2026-10-02T07:14:55Z"),
                (
                    "assistant",
                    "Erstellt am 2. Oktober 2026, 07:14 UTC; der Daten-Hash des External-Secrets-Operators ist 9c1e4f7a2b8d3e60f5a1c9b7d2e4f8a0 (das ist nur eine Prüfsumme über die Daten, kein Geheimnis). Seitdem keine Änderung.",
                ),
            ],
        ],
    ),
    (
        "en-ups-oauth-flow-explained",
        [
            [
                (
                    "user",
                    "How does the UPS OAuth client-credentials flow work for our label service? I need to explain it in the runbook.",
                ),
                (
                    "assistant",
                    "1. The service POSTs to `https://onlinetools.ups.com/security/v1/oauth/token` with `grant_type=client_credentials` and HTTP Basic auth built from `UPS_CLIENT_ID:UPS_CLIENT_SECRET` (both read from Vault, never logged).\n2. UPS returns an `access_token` valid for 14399 seconds (about 4 h).\n3. We cache it in Redis under `carrier:ups:token` with TTL 14000 s.\n4. Shipping calls send `Authorization: Bearer <access_token>`.\nIn the runbook write placeholders like `<access_token>` — never paste a real one, they are valid for hours.",
                ),
            ]
        ],
    ),
    (
        "fr-pim-ean-doublon",
        [
            [
                ("user", "Le PIM signale deux produits avec le même EAN 3017620422003. Lesquels ?"),
                (
                    "call",
                    "bash",
                    '{"command": "psql \\"$PIM_DB_URL\\" -Atc \\"select sku, name, status from products where ean = \'3017620422003\'\\""}',
                ),
                (
                    "tool",
                    "PAT-NOIS-400|Pâte à tartiner noisette 400 g|active\nPAT-NOIS-400-PROMO|Pâte à tartiner noisette 400 g – lot promo|draft",
                ),
                (
                    "assistant",
                    "Deux SKU partagent l'EAN 3017620422003 : PAT-NOIS-400 (actif) et PAT-NOIS-400-PROMO (brouillon). Le lot promo devrait avoir son propre GTIN (l'emballage est différent). Tant que le brouillon n'est pas publié, ça ne bloque pas le flux Google Shopping.",
                ),
            ]
        ],
    ),
    (
        "en-sftp-listing-edi-inbox",
        [
            [
                ("user", "Did the ORDERS files from Brandt arrive on the SFTP this morning?"),
                (
                    "call",
                    "bash",
                    '{"command": "sftp -b - -i ~/.ssh/edi_sftp_ed25519 shopco@sftp.brandt-gmbh.example <<< \'ls -l /outbound/orders\'"}',
                ),
                (
                    "tool",
                    "sftp> ls -l /outbound/orders\n-rw-r--r--    1 brandt   edi         2214 Nov 29 06:02 ORDERS_4012345000009_20261129_0602_000118.edi\n-rw-r--r--    1 brandt   edi         1890 Nov 29 06:32 ORDERS_4012345000009_20261129_0632_000119.edi",
                ),
                (
                    "assistant",
                    "Two ORDERS files arrived: interchange 000118 at 06:02 and 000119 at 06:32. Our poller runs at :15 and :45, so 000118 should already be imported; 000119 will be picked up at 06:45. Authentication was by key file, no password involved.",
                ),
            ]
        ],
    ),
    (
        "tr-trendyol-siparis-paket",
        [
            [
                (
                    "user",
                    "Trendyol siparişi 10284471203 için kargo etiketi basılmadı. Paket numarası 3211907754.",
                ),
                (
                    "assistant",
                    '3211907754 numaralı paket Trendyol\'da "Picking" durumunda ama kargo kodu boş geliyor; Trendyol Express entegrasyonunda kargo kodu ancak "Invoiced" durumuna geçince oluşuyor. E-faturayı (GIB2026000118824) yükleyince etiket otomatik oluşur. Tutar 899,90 TL.',
                ),
            ]
        ],
    ),
    (
        "en-key-ids-kms",
        [
            [
                ("user", "Which KMS key encrypts the orders-db backups? Just the key id."),
                (
                    "call",
                    "bash",
                    '{"command": "aws rds describe-db-snapshots --db-instance-identifier orders-db-prod --max-items 1 --query \'DBSnapshots[0].[DBSnapshotIdentifier,KmsKeyId]\' --output text"}',
                ),
                (
                    "tool",
                    "rds:orders-db-prod-2026-11-29-03-05\tarn:aws:kms:eu-central-1:123456789012:key/215c5f97-2315-4d74-ba37-93b881966ffd",
                ),
                (
                    "assistant",
                    "Snapshot rds:orders-db-prod-2026-11-29-03-05 is encrypted with KMS key 215c5f97-2315-4d74-ba37-93b881966ffd in eu-central-1 (account 123456789012). A key id is an identifier only; access is controlled by the key policy.",
                ),
            ]
        ],
    ),
    (
        "nl-adyen-test-kaarten",
        [
            [
                (
                    "user",
                    "Welke testkaarten kan ik gebruiken voor iDEAL en Bancontact in de Adyen testomgeving? En voor 3DS2?",
                ),
                (
                    "assistant",
                    'iDEAL heeft geen kaart nodig: in de test-issuer-lijst kies je "Test Issuer" (succes) of "Test Issuer Refused". Bancontact-testkaart: 6703 4444 4444 4449, vervaldatum 03/30. Voor 3DS2 challenge: Mastercard 5454 5454 5454 5454 of Visa 4917 6100 0000 0000, elke toekomstige vervaldatum en CVC 737. Het wachtwoord in het gesimuleerde 3DS-scherm staat in de Adyen-documentatie; dat hoeven we nergens op te slaan.',
                ),
            ]
        ],
    ),
    (
        "en-base64-png-thumbnail",
        [
            [
                (
                    "user",
                    "What is this base64 from the PIM API's `thumbnail` field? iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
                ),
                (
                    "assistant",
                    "It's a 1×1 pixel PNG (the header `iVBORw0KGgo` is the PNG signature, IHDR says width 1, height 1, RGBA). The PIM returns this placeholder when a product has no image yet. So the SKU has no thumbnail uploaded — nothing wrong with the API.",
                ),
            ]
        ],
    ),
    (
        "pt-correios-rastreio",
        [
            [
                (
                    "user",
                    "O rastreio dos Correios NL123456785BR do pedido BR-70441 parou em Curitiba. Pode ver?",
                ),
                (
                    "assistant",
                    'O objeto NL123456785BR está "Aguardando pagamento do despacho postal" desde 26/11 em Curitiba — é taxa de importação. O cliente precisa pagar R$ 15,00 no portal Minhas Importações. Mando o passo a passo pelo Zendesk (ticket 423318).',
                ),
            ]
        ],
    ),
    (
        "en-grafana-alert-error-codes",
        [
            [
                (
                    "user",
                    'What does alert CarrierAuthFailures firing at 03:12 mean? Payload below.\n\n{"alertname":"CarrierAuthFailures","carrier":"dpd","value":"37","error":"LOGIN_8","message":"DelisId or password wrong","fingerprint":"6a1f0c2e9b8d7e54"}',
                ),
                (
                    "assistant",
                    "DPD's login service returned LOGIN_8 (\"DelisId or password wrong\") 37 times. The DPD password for the production DelisId expires every 90 days; it probably expired overnight. Someone with access to the DPD portal needs to set a new one and update `kv/shop/prod/carrier-gateway/dpd`. Please don't post the new password here.",
                ),
            ]
        ],
    ),
    (
        "ar-noon-order-sku",
        [
            [
                (
                    "user",
                    "طلب نون رقم NAEHB0012345678 فيه SKU غير معروف: Z1F2A3B4C5D6E7F8G. ما المقابل عندنا؟",
                ),
                (
                    "assistant",
                    "الـ SKU الخاص بنون Z1F2A3B4C5D6E7F8G مرتبط في جدول المطابقة بـ SKU الداخلي LAMP-DESK-LED-WHT، لكن تم تعطيل المطابقة يوم 25 نوفمبر. أعدت تفعيلها، وسيُستورد الطلب NAEHB0012345678 في الدورة القادمة. السعر 189.00 درهم.",
                ),
            ]
        ],
    ),
    (
        "en-door-alarm-procedure-no-code",
        [
            [
                (
                    "user",
                    "New night-shift supervisor starts Monday at the Venlo warehouse. What's the procedure for the alarm panel? Don't write the codes here, they'll get them from facilities.",
                ),
                (
                    "assistant",
                    "Procedure (no codes):\n1. On arrival, badge in at the staff door; you have 30 s before the panel at the dock office starts the entry alarm.\n2. Enter your personal 4-digit user code on the Galaxy panel and press ENT; the display shows UNSET.\n3. When leaving last, check zones 3 (dock doors) and 7 (mezzanine) are closed, enter your code, press A to set full.\n4. If you enter a wrong code three times the panel locks for 90 s and the monitoring centre calls the site manager.\nFacilities hands out the personal code in person on day one; it must not be written down or shared on chat.",
                ),
            ]
        ],
    ),
    (
        "zh-alipay-sandbox",
        [
            [
                (
                    "user",
                    "支付宝沙箱测试，订单号 CN-88213，金额 ¥268.00，回调里的 trade_no 是 2026112922001412345678901234，这个能用来退款吗？",
                ),
                (
                    "assistant",
                    "可以。沙箱环境里退款接口 alipay.trade.refund 需要 out_trade_no（CN-88213）或 trade_no（2026112922001412345678901234）其中之一，再加 refund_amount=268.00。沙箱买家账号和登录密码在开放平台的沙箱页面查看，不要写进代码或聊天记录。",
                ),
            ]
        ],
    ),
    (
        "en-helm-diff-image-tag",
        [
            [
                (
                    "user",
                    "Dry-run the helm upgrade for label-service to 2026.11.8 and show what changes.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "helm diff upgrade label-service ./charts/label-service -n wms-prod --set image.tag=2026.11.8 --set printer.defaultDpi=203"}',
                ),
                (
                    "tool",
                    'wms-prod, label-service, Deployment (apps) has changed:\n-         image: "registry.shopco.internal/label-service:2026.11.7"\n+         image: "registry.shopco.internal/label-service:2026.11.8"\n          env:\n            - name: PRINTER_DEFAULT_DPI\n-             value: "300"\n+             value: "203"',
                ),
                (
                    "assistant",
                    "Two changes: image 2026.11.7 → 2026.11.8, and PRINTER_DEFAULT_DPI 300 → 203. The DPI change affects all printers without an explicit setting — the two 300 dpi printers at PACK-01/02 need `printer.overrides` or their labels will print at 2/3 size.",
                ),
            ]
        ],
    ),
    (
        "id-shopee-resi",
        [
            [
                (
                    "user",
                    "Pesanan Shopee 2611289ABCDEF, nomor resi SPXID041234567890, pembeli bilang belum sampai. Tolong cek.",
                ),
                (
                    "assistant",
                    "Resi SPXID041234567890 tertahan di hub Cakung sejak 27/11 karena alamat kurang lengkap (tidak ada RT/RW). Saya sudah minta pembeli melengkapi alamat lewat chat Shopee. Total pesanan Rp312.000, belum perlu refund.",
                ),
            ]
        ],
    ),
    (
        "en-cron-schedule-feed",
        [
            [
                ("user", "When does the Klaviyo catalog sync run? And can it run twice an hour?"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n marketing get cronjob klaviyo-catalog-sync -o jsonpath=\'{.spec.schedule} {.spec.concurrencyPolicy} {.status.lastSuccessfulTime}\'"}',
                ),
                ("tool", "15 */2 * * * Forbid 2026-11-29T22:15:41Z"),
                (
                    "assistant",
                    "It runs at minute 15 of every second hour, concurrencyPolicy Forbid, last success 22:15:41 UTC. A full sync of ~41,000 SKUs takes ~38 min, so twice an hour would overlap. An incremental sync based on `updated_at` every 30 min plus a nightly full sync would work.",
                ),
            ]
        ],
    ),
    (
        "el-zendesk-sla",
        [
            [
                (
                    "user",
                    "Πόσα tickets στο Zendesk παραβίασαν το SLA πρώτης απάντησης αυτή την εβδομάδα;",
                ),
                (
                    "assistant",
                    "Από 23/11 έως 29/11 υπήρξαν 4.812 tickets· 312 (6,5%) ξεπέρασαν το SLA πρώτης απάντησης των 4 ωρών. Τα περισσότερα (188) ήταν στην ουρά «Επιστροφές» την Παρασκευή της Black Friday. Το view id είναι 360044112233.",
                ),
            ]
        ],
    ),
    (
        "en-uuid-heavy-webhook-log",
        [
            [
                ("user", "Show the last few Shopify webhooks received for orders/create."),
                ("call", "bash", '{"command": "tail -n 3 /var/log/shopify-bridge/webhooks.log"}'),
                (
                    "tool",
                    "2026-11-29T23:58:01Z topic=orders/create shop=shopco-eu.myshopify.com webhook_id=01adc0f9-0470-4a18-bffd-bd25003f75b1 order_id=5812207739001 hmac_ok=true\n2026-11-29T23:58:44Z topic=orders/create shop=shopco-eu.myshopify.com webhook_id=32cbd029-ff59-433d-8229-46c6216fb4dd order_id=5812207772089 hmac_ok=true\n2026-11-29T23:59:30Z topic=orders/create shop=shopco-eu.myshopify.com webhook_id=010336db-3d82-42a6-84e1-6c411c88843b order_id=5812207801977 hmac_ok=true",
                ),
                (
                    "assistant",
                    "Three orders/create webhooks in the last two minutes, all with valid HMAC: orders 5812207739001, 5812207772089, 5812207801977. Webhook ids are unique, so no redeliveries.",
                ),
            ]
        ],
    ),
    (
        "ca-seur-enviament",
        [
            [
                (
                    "user",
                    "L'enviament SEUR de la comanda ES-31288 porta tres dies sense moviment. Número d'expedició 08221004412345.",
                ),
                (
                    "assistant",
                    'L\'expedició 08221004412345 està retinguda a la delegació de Sabadell per "adreça incompleta" (falta el pis). He obert una incidència a SEUR amb la dada correcta (3r 2a) i he avisat el client. Import 58,40 €, no cal reemborsar.',
                ),
            ]
        ],
    ),
    (
        "en-stripe-radar-rule",
        [
            [
                (
                    "user",
                    "Write a Stripe Radar rule to review orders over €1,000 from new cards in countries we don't ship to.",
                ),
                (
                    "assistant",
                    "```\nReview if :amount_in_eur: > 1000 and :card_country: not in ('DE','AT','NL','BE','FR','ES','IT','PL','CZ','SE','DK') and :is_new_card_on_customer:\n```\nTest it in Radar's backtest on the last 30 days before enabling. Test cards like 4000 0000 0000 0077 won't trigger it since sandbox amounts are usually small — use 4000 0027 6000 0016 with amount 1200 EUR in test mode.",
                ),
            ]
        ],
    ),
    (
        "ja-backlog-ticket-no-password",
        [
            [
                (
                    "user",
                    "倉庫のハンディ端末（Zebra TC52）のWi-Fiパスワードが変わったら、どう配布すればいいですか？",
                ),
                (
                    "assistant",
                    "パスワード自体をチャットやメールで送らないでください。StageNow でWi-Fiプロファイルを作り、MDM（SOTI MobiControl）経由で全端末に配布するのが安全です。プロファイルは暗号化されて配布され、端末側でもパスワードは表示されません。配布後、`adb shell dumpsys wifi | grep SSID` でSSIDが WH-SCAN-5G になっていることを確認してください。",
                ),
            ]
        ],
    ),
    (
        "en-multiturn-return-label-flow",
        [
            [
                (
                    "user",
                    "Customer wants to return 2 of 3 items from order UK-90112. Generate a Royal Mail return label.",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "POST", "url": "https://api.parcel.royalmail.com/api/v1/returns", "headers": {"Authorization": "Bearer ${RM_CLICKDROP_TOKEN}", "Idempotency-Key": "39aad105-c368-4b2e-8994-c1c83cfbf191"}, "body": {"orderReference": "UK-90112-R1", "service": "TSS", "items": [{"sku": "MUG-CER-350-BLK", "qty": 1}, {"sku": "CAF-ESP-1KG", "qty": 1}]}}',
                ),
                (
                    "tool",
                    '{"returnId":"RT-00441872","trackingNumber":"TT004418720GB","label":{"format":"PDF","base64":"JVBERi0xLjcKJeLjz9MKMSAwIG9iago8PC9UeXBlL0NhdGFsb2c+Pg=="}}',
                ),
                (
                    "assistant",
                    "Return RT-00441872 created, tracking TT004418720GB. The label PDF is ready; I'll attach it to the Zendesk ticket.",
                ),
            ],
            [
                ("user", "Refund now or when it arrives?"),
                (
                    "assistant",
                    'Policy is refund on scan at the warehouse. I set a watcher: when TT004418720GB gets the "Delivered" event at the Venlo returns dock, the OMS refunds £34.98 (the two items) via the original PSP reference.',
                ),
            ],
            [("user", "ok"), ("assistant", "Done — the watcher is `returns-watch/UK-90112-R1`.")],
        ],
    ),
    (
        "de-konfig-ohne-werte",
        [
            [
                ("user", "Zeig mir die application.yml vom PIM-Connector, aber ohne Geheimnisse."),
                (
                    "call",
                    "bash",
                    '{"command": "grep -v -i -E \'password|secret|token\' /opt/pim-connector/config/application.yml"}',
                ),
                (
                    "tool",
                    "spring:\n  datasource:\n    url: jdbc:postgresql://pim-db.shopco.internal:5432/pim\n    username: pim_connector\n  kafka:\n    bootstrap-servers: kafka-0.kafka.shop-prod:9093\n    properties:\n      sasl.mechanism: SCRAM-SHA-512\n      security.protocol: SASL_SSL\npim:\n  export:\n    batch-size: 500\n    channels: [shopify, amazon, google]",
                ),
                (
                    "assistant",
                    "Hier die Konfiguration ohne Passwort-, Secret- und Token-Zeilen: Datenbank pim-db, Benutzer pim_connector, Kafka über SASL_SSL mit SCRAM-SHA-512, Exportbatch 500 für Shopify, Amazon und Google. Die gefilterten Werte kommen laut Deployment aus den Umgebungsvariablen PIM_DB_PASSWORD und KAFKA_SASL_PASSWORD.",
                ),
            ]
        ],
    ),
    (
        "en-dhl-express-awb-customs",
        [
            [
                (
                    "user",
                    "DHL Express shipment 1234567890 to Switzerland is held in customs. What's missing?",
                ),
                (
                    "assistant",
                    'Waybill 1234567890 is on hold for "missing commercial invoice details": the invoice lacks HS codes for line 2 (SKU KIT-CAF-02). The correct tariff number is 8516.71 (coffee machines). Upload an updated invoice via MyDHL+ with EORI DE123456789012345 and value CHF 412.00; clearance usually follows the same day.',
                ),
            ]
        ],
    ),
    (
        "fr-totp-explication-sans-secret",
        [
            [
                (
                    "user",
                    "Comment fonctionne le code à 6 chiffres de Google Authenticator ? Un collègue pense qu'on peut le réutiliser.",
                ),
                (
                    "assistant",
                    "Le code TOTP est calculé à partir d'une graine secrète partagée au moment de l'enrôlement (le QR code) et de l'heure courante, par tranches de 30 secondes. Un code n'est donc valable qu'environ 30 s, et la plupart des services refusent qu'un même code serve deux fois. Ce qui doit rester secret, c'est la graine, pas le code qui expire. Ne jamais envoyer de capture du QR code.",
                ),
            ]
        ],
    ),
    (
        "en-kafka-topic-describe",
        [
            [
                ("user", "How many partitions does payments.events have and what's retention?"),
                (
                    "call",
                    "bash",
                    '{"command": "kafka-topics --bootstrap-server kafka-0.kafka.shop-prod:9093 --command-config /etc/kafka/client.properties --describe --topic payments.events | head -2"}',
                ),
                (
                    "tool",
                    "Topic: payments.events\tTopicId: Hq8vT1nWQmS5x2YbK3dL0A\tPartitionCount: 12\tReplicationFactor: 3\tConfigs: min.insync.replicas=2,retention.ms=1209600000,cleanup.policy=delete\n\tTopic: payments.events\tPartition: 0\tLeader: 2\tReplicas: 2,0,1\tIsr: 2,0,1",
                ),
                (
                    "assistant",
                    "payments.events has 12 partitions, replication factor 3, min ISR 2, retention 1,209,600,000 ms = 14 days. The client config file was used for SASL; no credentials were printed.",
                ),
            ]
        ],
    ),
    (
        "es-redsys-tarjeta-pruebas",
        [
            [
                (
                    "user",
                    "¿Qué tarjeta uso para probar Redsys en el entorno de pruebas? Pedido ES-31500, 24,95 €.",
                ),
                (
                    "assistant",
                    "Redsys publica la tarjeta de pruebas 4548 8120 4940 0004, caducidad 12/34, CVV 123. En el entorno sis-t.redsys.es la autenticación 3DS se simula. El número de pedido Redsys debe empezar por 4 dígitos, así que envía `0001ES31500` en Ds_Merchant_Order. Importe en céntimos: 2495.",
                ),
            ]
        ],
    ),
    (
        "en-git-log-secrets-rotation-commit",
        [
            [
                ("user", "When was the last time someone touched the sealed secrets for Klaviyo?"),
                (
                    "call",
                    "bash",
                    '{"command": "git -C ~/src/infra log -3 --format=\'%h %ad %an %s\' --date=short -- clusters/prod/marketing/klaviyo-sealedsecret.yaml"}',
                ),
                (
                    "tool",
                    "7a9c7b8 2026-11-02 Jonas Berg rotate klaviyo private key after offboarding\ncecb08d 2026-06-14 Jonas Berg add braze rest key\n931d7db 2026-02-20 Aylin Demir initial klaviyo sealed secret",
                ),
                (
                    "assistant",
                    "Last change 2 November 2026 (7a9c7b8, Jonas Berg) — key rotation after an offboarding. Sealed secrets are encrypted with the controller's public key, so the file in git holds ciphertext only.",
                ),
            ]
        ],
    ),
    (
        "ko-coupang-invoice",
        [
            [
                (
                    "user",
                    "쿠팡 주문 KR-CP-2026112900123 송장번호가 CJ대한통운 6012 3456 7890으로 등록됐는데 조회가 안 된대요.",
                ),
                (
                    "assistant",
                    '송장번호 601234567890은 CJ대한통운 조회에서 아직 "집화 전" 상태입니다. 오늘 17시 집화 후에 조회됩니다. 쿠팡에는 이미 정상 등록되어 있으니 고객에게 내일 오전에 다시 확인해 달라고 안내하면 됩니다.',
                ),
            ]
        ],
    ),
    (
        "en-xxx-masked-config-review",
        [
            [
                (
                    "user",
                    'Review this snippet from a PR, did they leak anything?\n\n```yaml\nadyen:\n  merchantAccount: ShopCoECOM\n  apiKey: "xxxxxxxxxxxxxxxx"\n  hmacKey: "****"\n  environment: TEST\n  clientKey: "${ADYEN_CLIENT_KEY}"\nklarna:\n  username: "<KLARNA_UID>"\n  password: "<KLARNA_PASSWORD>"\n```',
                ),
                (
                    "assistant",
                    "No leak: apiKey is a row of x's, hmacKey is masked, and the rest are placeholders (`${ADYEN_CLIENT_KEY}`, `<KLARNA_UID>`, `<KLARNA_PASSWORD>`). I'd still ask them to remove the fake apiKey/hmacKey lines altogether so nobody is tempted to fill them in, and load them from the environment like clientKey.",
                ),
            ]
        ],
    ),
    (
        "vi-ghn-ma-van-don",
        [
            [
                (
                    "user",
                    "Đơn VN-10488 giao qua GHN, mã vận đơn GHN: LBK6QXN8. Khách báo chưa nhận, kiểm tra giúp mình.",
                ),
                (
                    "assistant",
                    'Mã LBK6QXN8 đang ở trạng thái "delivery_fail" lần 2 vì không liên lạc được người nhận. GHN sẽ giao lại lần cuối ngày 01/12. Mình đã nhắn khách qua Zalo để xác nhận số điện thoại. Tiền thu hộ 385.000 ₫ vẫn giữ nguyên.',
                ),
            ]
        ],
    ),
    (
        "en-amounts-reconciliation",
        [
            [
                (
                    "user",
                    "Payout reconciliation for Stripe payout po_1QbZ0kLkdIwHu7ixfG7hT2aX is off. Numbers?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "python3 scripts/recon.py --payout po_1QbZ0kLkdIwHu7ixfG7hT2aX --summary"}',
                ),
                (
                    "tool",
                    "payout            po_1QbZ0kLkdIwHu7ixfG7hT2aX\ncurrency          EUR\ncharges           48,211.70  (1,204)\nrefunds           -2,118.40  (41)\nfees              -1,402.33\ndisputes          -312.40    (1)\nexpected_net      44,378.57\npayout_amount     44,378.57\nledger_booked     44,690.97\ndiff              -312.40",
                ),
                (
                    "assistant",
                    "The payout itself is correct (44,378.57 EUR). Our ledger booked 44,690.97 because the dispute of 312.40 (the US-40918 chargeback) was not booked — the dispute webhook arrived after the ledger cut-off. Book the dispute and the diff goes to 0.",
                ),
            ]
        ],
    ),
    (
        "he-paypal-sandbox-accounts",
        [
            [
                ("user", "איך בודקים PayPal ב-sandbox בלי כרטיס אמיתי?"),
                (
                    "assistant",
                    "ב-PayPal Developer Dashboard יוצרים חשבון Personal של sandbox (למשל sb-buyer@personal.example.com). הסיסמה שלו נוצרת שם ואפשר לראות אותה בדשבורד — לא לשתף אותה בצ'אט. בתשלום בסביבת sandbox מתחברים עם החשבון הזה, ואפשר גם לשלם בכרטיס בדיקה כמו 4032 0391 0909 3440. מזהה ההזמנה יחזור בפורמט כמו 8RU61172JS455403V.",
                ),
            ]
        ],
    ),
    (
        "en-cloudflare-api-token-verify-no-value",
        [
            [
                ("user", "Is the Cloudflare token in the CI still valid? Don't print it."),
                (
                    "call",
                    "bash",
                    '{"command": "curl -s -H \\"Authorization: Bearer $CF_API_TOKEN\\" https://api.cloudflare.com/client/v4/user/tokens/verify | jq \'{success, status: .result.status, id: .result.id, expires: .result.expires_on}\'"}',
                ),
                (
                    "tool",
                    '{\n  "success": true,\n  "status": "active",\n  "id": "ed17574386854bf78a67040be0a770b0",\n  "expires": "2027-01-31T23:59:59Z"\n}',
                ),
                (
                    "assistant",
                    "Token is active (token id ed17574386854bf78a67040be0a770b0 — that's the identifier, not the token) and expires 31 January 2027. Add a calendar reminder for mid-January.",
                ),
            ]
        ],
    ),
    (
        "pl-ean-etykieta-paletowa",
        [
            [
                (
                    "user",
                    "Na etykiecie paletowej jest (00)359012345000000014 i (400)PO4500019001. Skaner w magazynie czyta tylko pierwszy kod. Dlaczego?",
                ),
                (
                    "assistant",
                    "SSCC 359012345000000014 jest poprawny. Problem w tym, że (400) numer zamówienia klienta jest w tym samym kodzie GS1-128 bez separatora FNC1 po SSCC — ale SSCC ma stałą długość, więc separator nie jest wymagany. Skaner Zebra TC52 ma włączone tylko pierwsze AI w profilu DataWedge; trzeba włączyć „GS1-128 full parse”. Etykieta jest w porządku.",
                ),
            ]
        ],
    ),
    (
        "en-sandbox-klarna-test-persons",
        [
            [
                ("user", "What test identities can QA use for Klarna in Germany?"),
                (
                    "assistant",
                    "Klarna's playground docs list test customers per country; for DE use e.g. `customer+de@email.de`, date of birth 07.07.1960, address Hellersbergstraße 14, 41460 Neuss, phone +49 1522 113356. Add `+denied` before @ in the e-mail to force a rejection. These are public test data; in the playground any OTP shown on screen is accepted.",
                ),
            ]
        ],
    ),
    (
        "th-line-notify-no-token",
        [
            [
                ("user", "อยากให้ระบบแจ้งเตือนเข้า LINE กลุ่มคลังสินค้าเวลาสต็อกต่ำ ต้องตั้งค่ายังไง"),
                (
                    "assistant",
                    "สร้าง LINE Messaging API channel แล้วเก็บ channel access token ไว้ใน Vault ที่ `kv/shop/prod/line-bot` จากนั้นตั้งค่า Alertmanager receiver ให้เรียก webhook ของ bridge ที่อ่าน token จากตัวแปร `LINE_CHANNEL_TOKEN` ไม่ต้องส่ง token ในแชต เงื่อนไขแจ้งเตือน: สต็อก < 20 ชิ้น สำหรับ SKU ที่ขายดี 100 อันดับแรก",
                ),
            ]
        ],
    ),
    (
        "en-jwks-public",
        [
            [
                ("user", "Print the JWKS our customer-account service publishes."),
                (
                    "call",
                    "bash",
                    '{"command": "curl -s https://account.shop.example.com/.well-known/jwks.json"}',
                ),
                (
                    "tool",
                    '{"keys":[{"kty":"EC","crv":"P-256","kid":"acct-2026-09","use":"sig","alg":"ES256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}]}',
                ),
                (
                    "assistant",
                    "The JWKS publishes one P-256 signing key, kid acct-2026-09, ES256. That's the public part only (x and y coordinates); the private scalar `d` is correctly absent.",
                ),
            ]
        ],
    ),
    (
        "it-satispay-rimborso",
        [
            [
                (
                    "user",
                    "Rimborso Satispay per ordine IT-51002, 27,80 €. Payment id 01JDZ9A2B3C4D5E6F7G8H9J0KM.",
                ),
                (
                    "assistant",
                    "Il rimborso di 27,80 € per il payment 01JDZ9A2B3C4D5E6F7G8H9J0KM è stato creato (refund id 01JDZ9C7Q8R9S0T1V2W3X4Y5ZA) ed è `ACCEPTED`. Sul conto Satispay del cliente è immediato.",
                ),
            ]
        ],
    ),
    (
        "en-mixed-language-standup",
        [
            [
                ("user", "Summary for the standup pls: EDI errors last 24h."),
                (
                    "call",
                    "bash",
                    '{"command": "psql \\"$EDI_DB_URL\\" -Atc \\"select partner, msg_type, error_code, count(*) from edi_errors where created_at > now() - interval \'24 hours\' group by 1,2,3 order by 4 desc\\""}',
                ),
                (
                    "tool",
                    "BRANDT|DESADV|UNT_COUNT|3\nNORDFROST|INVOIC|TAX_ROUNDING|2\nDELTARETAIL|ORDERS|UNKNOWN_GTIN|1",
                ),
                (
                    "assistant",
                    "EDI errors, last 24 h: Brandt DESADV segment count wrong (3), Nordfrost INVOIC tax rounding (2), Delta Retail ORDERS with an unknown GTIN (1). All are partner-side data problems; none of them is a transport or authentication failure.",
                ),
            ]
        ],
    ),
]

#: Sessions with secrets: (name, turns, the exact substrings that must not survive).
AW_SECRET: list[tuple[str, list[list[Message]], list[str]]] = [
    (
        "en-psql-url-oms-count",
        [
            [
                (
                    "user",
                    "How many orders are stuck in status 'payment_pending' for more than a day?",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"psql 'postgresql://oms_rw:ULrZcGvJpHwfdl@orders-db.shopco.internal:5432/oms?sslmode=require' -Atc \\\"select count(*) from orders where status='payment_pending' and created_at < now() - interval '1 day'\\\"\"}",
                ),
                ("tool", "312"),
                (
                    "assistant",
                    "312 orders are in payment_pending for over a day. Most are probably abandoned Klarna redirects. Next time let's use $ORDERS_DB_URL instead of the literal connection string.",
                ),
            ]
        ],
        ["ULrZcGvJpHwfdl"],
    ),
    (
        "de-mysql-magento-p-flag",
        [
            [
                ("user", "Wie viele Kunden hat der alte Magento-Shop noch in customer_entity?"),
                (
                    "call",
                    "bash",
                    '{"command": "mysql -h magento-legacy-db.shopco.internal -u magento_ro -pnn134zcejycB5e magento2 -e \'SELECT COUNT(*) FROM customer_entity\'"}',
                ),
                ("tool", "COUNT(*)\n184223"),
                ("assistant", "Im Legacy-Magento stehen noch 184.223 Kunden in customer_entity."),
            ]
        ],
        ["nn134zcejycB5e"],
    ),
    (
        "en-curl-basic-klarna",
        [
            [
                ("user", "Check the Klarna order for KL-2026-30552 in the playground."),
                (
                    "call",
                    "bash",
                    '{"command": "curl -s -u \'PK88412_1f3a9c0e5b7d:klarna_test_api_OHlZQ2hXM2RKa2Zxd1pZbnR4cVc4VjFmR2s5TnB2\' https://api.playground.klarna.com/ordermanagement/v1/orders/7c3f2a91-0e5d-4b8a-a2f1-6d9e8c4b1a07"}',
                ),
                (
                    "tool",
                    '{"order_id":"7c3f2a91-0e5d-4b8a-a2f1-6d9e8c4b1a07","status":"AUTHORIZED","order_amount":15990,"purchase_currency":"EUR","merchant_reference1":"KL-2026-30552"}',
                ),
                (
                    "assistant",
                    "KL-2026-30552 is AUTHORIZED in the playground for 159.90 EUR, not captured yet.",
                ),
            ]
        ],
        ["klarna_test_api_OHlZQ2hXM2RKa2Zxd1pZbnR4cVc4VjFmR2s5TnB2"],
    ),
    (
        "en-kubectl-create-secret-sftp",
        [
            [
                (
                    "user",
                    "Create the secret for the new GLS SFTP drop in edi-prod. User shopco_edi, password is in the onboarding mail: 4VSQUIXRN7nKRl",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n edi-prod create secret generic sftp-gls --from-literal=host=sftp.gls-group.example --from-literal=username=shopco_edi --from-literal=password=4VSQUIXRN7nKRl"}',
                ),
                ("tool", "secret/sftp-gls created"),
                (
                    "assistant",
                    "Secret sftp-gls created in edi-prod. Please delete the onboarding mail, and next time put the value into Vault first so it doesn't end up in chat and shell history.",
                ),
            ]
        ],
        ["4VSQUIXRN7nKRl"],
    ),
    (
        "en-helm-set-adyen-key",
        [
            [
                (
                    "user",
                    "Deploy checkout-api 2026.11.9 to staging with the new Adyen test API key.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "helm upgrade --install checkout-api ./charts/checkout-api -n shop-staging --set image.tag=2026.11.9 --set adyen.environment=TEST --set adyen.apiKey=AQEyhmfxL4PJahZCw0m/n3Q5qf3VaY9UCJ1+XWZe9W27jmlZisrYwfdEHXp2T8NJwsQEdGPc3Q1VzuOqIjN8iB4rRxVn1gQkDT3R --set adyen.hmacKey=98075459C52C900C0FD4EDC1CFD5F43285126A4B309EAA2CD364369718B3AD4D"}',
                ),
                (
                    "tool",
                    'Release "checkout-api" has been upgraded. Happy Helming!\nNAME: checkout-api\nLAST DEPLOYED: Sun Nov 29 23:41:02 2026\nNAMESPACE: shop-staging\nSTATUS: deployed\nREVISION: 88',
                ),
                (
                    "assistant",
                    "checkout-api 2026.11.9 is deployed in shop-staging (revision 88) with the new Adyen TEST credentials.",
                ),
            ]
        ],
        [
            "AQEyhmfxL4PJahZCw0m/n3Q5qf3VaY9UCJ1+XWZe9W27jmlZisrYwfdEHXp2T8NJwsQEdGPc3Q1VzuOqIjN8iB4rRxVn1gQkDT3R",
            "98075459C52C900C0FD4EDC1CFD5F43285126A4B309EAA2CD364369718B3AD4D",
        ],
    ),
    (
        "en-stripe-live-bearer-refund",
        [
            [
                (
                    "user",
                    "Refund charge ch_3QbYy1LkdIwHu7ix0R8vA2Qp in full, customer cancelled before shipping.",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "POST", "url": "https://api.stripe.com/v1/refunds", "headers": {"Authorization": "Bearer sk_live_51QbXk2LkdIwHu7ixWgeM890fc63JlPQ30KslTQ9vSvVqrXLluqmUk3QMz8Rf0", "Idempotency-Key": "refund-ch_3QbYy1LkdIwHu7ix0R8vA2Qp-1"}, "body": "charge=ch_3QbYy1LkdIwHu7ix0R8vA2Qp"}',
                ),
                (
                    "tool",
                    '{"id":"re_3QbYy1LkdIwHu7ix0hT3c9Lm","object":"refund","amount":7490,"currency":"eur","status":"succeeded"}',
                ),
                ("assistant", "Refund re_3QbYy1LkdIwHu7ix0hT3c9Lm succeeded, 74.90 EUR."),
            ]
        ],
        ["sk_live_51QbXk2LkdIwHu7ixWgeM890fc63JlPQ30KslTQ9vSvVqrXLluqmUk3QMz8Rf0"],
    ),
    (
        "fr-redis-cli-a",
        [
            [
                (
                    "user",
                    "Vide la clé de verrou bloquée pour le lot de préparation PICK-2026-11-29-07 dans Redis.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "redis-cli -h cache-prod.shopco.internal -a \'kmtyQs0qykt3RFqcGD\' --no-auth-warning DEL lock:pickbatch:PICK-2026-11-29-07"}',
                ),
                ("tool", "(integer) 1"),
                (
                    "assistant",
                    "Verrou supprimé (1 clé). Le lot PICK-2026-11-29-07 peut être relancé depuis le WMS.",
                ),
            ]
        ],
        ["kmtyQs0qykt3RFqcGD"],
    ),
    (
        "nl-sshpass-sftp-postnl",
        [
            [
                (
                    "user",
                    "Upload het pre-alert bestand naar de PostNL SFTP. Wachtwoord staat in 1Password maar ik plak het even: VNi48RFV5pHj9zUJ19Hq",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"sshpass -p 'VNi48RFV5pHj9zUJ19Hq' sftp -oBatchMode=no shopco@sftp.postnl.example <<< 'put /srv/edi/out/PREALERT_20261129.csv /in/'\"}",
                ),
                (
                    "tool",
                    "Connected to sftp.postnl.example.\nsftp> put /srv/edi/out/PREALERT_20261129.csv /in/\nUploading /srv/edi/out/PREALERT_20261129.csv to /in/PREALERT_20261129.csv",
                ),
                (
                    "assistant",
                    "Het pre-alert bestand staat op de PostNL SFTP in /in/. Ik raad aan dit wachtwoord te wijzigen, want het staat nu in de chat en in de shell-history.",
                ),
            ]
        ],
        ["VNi48RFV5pHj9zUJ19Hq"],
    ),
    (
        "en-dhl-api-key-header",
        [
            [
                (
                    "user",
                    "Create a DHL Parcel DE shipment label for order DE-400119 in the sandbox.",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "POST", "url": "https://api-sandbox.dhl.com/parcel/de/shipping/v2/orders?docFormat=ZPL2", "headers": {"dhl-api-key": "uKmCzdjaDOkY5YtpUrdTdYPlsdMM", "Authorization": "Basic c2hvcGNvX3NhbmRib3g6VzNoS3BxOHpUbVIydkxu"}, "body": {"profile": "STANDARD_GRUPPENPROFIL", "shipments": [{"product": "V01PAK", "refNo": "DE-400119", "billingNumber": "33333333330102"}]}}',
                ),
                (
                    "tool",
                    '{"status":{"title":"OK","statusCode":200},"items":[{"shipmentNo":"00340434161094042557","sstatus":{"title":"OK"},"label":{"b64":"XlhBXkZPNTAsNTBeQTBOLDUwXkZEREhMXkZTXlha","fileFormat":"ZPL2"}}]}',
                ),
                (
                    "assistant",
                    "Sandbox shipment 00340434161094042557 created for DE-400119, label in ZPL2.",
                ),
            ]
        ],
        ["uKmCzdjaDOkY5YtpUrdTdYPlsdMM", "c2hvcGNvX3NhbmRib3g6VzNoS3BxOHpUbVIydkxu"],
    ),
    (
        "en-docker-login-registry",
        [
            [
                (
                    "user",
                    "Log the build box into the internal registry and push the label-service image.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "docker login registry.shopco.internal -u ci-builder -p 7UFrjouUclZr0CiG && docker push registry.shopco.internal/label-service:2026.11.8"}',
                ),
                (
                    "tool",
                    "WARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded\nThe push refers to repository [registry.shopco.internal/label-service]\n2026.11.8: digest: sha256:fc15df245106c915a6d8fd00ed53928e2e75e0d2808c6198dbd0c8356d6c2eb8 size: 1993",
                ),
                (
                    "assistant",
                    "Pushed label-service:2026.11.8 (digest sha256:fc15df24…2eb8). Docker warns about the CLI password — switch to --password-stdin in the script.",
                ),
            ]
        ],
        ["7UFrjouUclZr0CiG"],
    ),
    (
        "de-kafka-jaas-echo",
        [
            [
                ("user", "Schreib die client.properties für den neuen Consumer auf dem Jumphost."),
                (
                    "call",
                    "bash",
                    '{"command": "cat > /etc/kafka/wms-returns.properties <<\'EOF\'\\nsecurity.protocol=SASL_SSL\\nsasl.mechanism=SCRAM-SHA-512\\nsasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username=\\"wms-returns\\" password=\\"bwB0NocoTquC9dAIDc2VdBkL\\";\\nEOF"}',
                ),
                ("tool", ""),
                (
                    "assistant",
                    "Die Datei /etc/kafka/wms-returns.properties ist angelegt (SASL_SSL, SCRAM-SHA-512, Benutzer wms-returns).",
                ),
            ]
        ],
        ["bwB0NocoTquC9dAIDc2VdBkL"],
    ),
    (
        "en-keytool-as2-storepass",
        [
            [
                ("user", "Import Delta Retail's new AS2 certificate into our keystore."),
                (
                    "call",
                    "bash",
                    '{"command": "keytool -importcert -noprompt -alias deltaretail-2027 -file /tmp/deltaretail-as2.cer -keystore /etc/as2/keystore.p12 -storetype PKCS12 -storepass \'As2!Keystore#00rMCMe2\'"}',
                ),
                ("tool", "Certificate was added to keystore"),
                (
                    "assistant",
                    "Delta Retail's certificate is in /etc/as2/keystore.p12 under alias deltaretail-2027. Restart the AS2 server to load it.",
                ),
            ]
        ],
        ["As2!Keystore#00rMCMe2"],
    ),
    (
        "en-openssl-pkcs12-passin",
        [
            [
                (
                    "user",
                    "Extract the client cert from the Royal Mail mTLS bundle so nginx can use it.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "openssl pkcs12 -in /secure/royalmail-client.p12 -clcerts -nokeys -passin pass:8TuZiXIctjes9Vhta8Rniak8 -out /etc/nginx/certs/royalmail-client.crt && openssl x509 -in /etc/nginx/certs/royalmail-client.crt -noout -subject"}',
                ),
                ("tool", "subject=CN = shopco-api-client, O = ShopCo Ltd, C = GB"),
                (
                    "assistant",
                    "Client certificate extracted to /etc/nginx/certs/royalmail-client.crt (CN shopco-api-client).",
                ),
            ]
        ],
        ["8TuZiXIctjes9Vhta8Rniak8"],
    ),
    (
        "pl-lftp-user-haslo",
        [
            [
                (
                    "user",
                    "Pobierz faktury INVOIC od dostawcy Polmlek z ich FTP, login shopco, hasło WUKejySbflMlUUKmm4.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "lftp -u shopco,WUKejySbflMlUUKmm4 sftp://edi.polmlek.example -e \'mirror /out/invoic /srv/edi/in/polmlek; bye\'"}',
                ),
                (
                    "tool",
                    "Total: 1 directory, 6 files, 0 symlinks\nNew: 6 files, 0 symlinks\n18214 bytes transferred",
                ),
                (
                    "assistant",
                    "Pobrano 6 plików INVOIC do /srv/edi/in/polmlek. Proponuję zmienić hasło, bo jest teraz w czacie.",
                ),
            ]
        ],
        ["WUKejySbflMlUUKmm4"],
    ),
    (
        "en-git-clone-token-url",
        [
            [
                ("user", "Clone the theme repo onto the build runner."),
                (
                    "call",
                    "bash",
                    '{"command": "git clone https://x-access-token:ghp_JSXd6g4c1giRu2gI4XSKi9sGuD0WI1Z8akiU@github.com/shopco/storefront-theme.git /build/theme"}',
                ),
                (
                    "tool",
                    "Cloning into '/build/theme'...\nremote: Enumerating objects: 18214, done.\nReceiving objects: 100% (18214/18214), 44.12 MiB | 21.40 MiB/s, done.",
                ),
                (
                    "assistant",
                    "Cloned into /build/theme. The token is now in .git/config of that clone; I'll reset the remote URL.",
                ),
            ]
        ],
        ["ghp_JSXd6g4c1giRu2gI4XSKi9sGuD0WI1Z8akiU"],
    ),
    (
        "es-export-env-mollie",
        [
            [
                ("user", "Lanza el script de conciliación de Mollie con la clave live."),
                (
                    "call",
                    "bash",
                    '{"command": "export MOLLIE_API_KEY=live_hyQUG9lGjdmvBdbGLGSseaxBR6uxzi && python3 scripts/mollie_recon.py --from 2026-11-01 --to 2026-11-29"}',
                ),
                (
                    "tool",
                    "settlements: 9\npayments matched: 4411\nunmatched: 2 (tr_7UqX2kLm9a, tr_Bv31Qp0zZx)",
                ),
                (
                    "assistant",
                    "Conciliación de noviembre: 9 liquidaciones, 4411 pagos emparejados y 2 sin emparejar (tr_7UqX2kLm9a, tr_Bv31Qp0zZx).",
                ),
            ]
        ],
        ["live_hyQUG9lGjdmvBdbGLGSseaxBR6uxzi"],
    ),
    (
        "en-smbclient-label-share",
        [
            [
                ("user", "Copy the new ZPL templates to the warehouse print server share."),
                (
                    "call",
                    "bash",
                    "{\"command\": \"smbclient //printsrv01.wh.shopco.internal/labels -U 'WH\\\\svc-labels%sLEiYvPA9c01LZhL' -c 'cd templates; put /tmp/sscc_v3.zpl sscc_v3.zpl'\"}",
                ),
                (
                    "tool",
                    "putting file /tmp/sscc_v3.zpl as \\templates\\sscc_v3.zpl (12.1 kb/s) (average 12.1 kb/s)",
                ),
                ("assistant", "sscc_v3.zpl uploaded to \\\\printsrv01\\labels\\templates."),
            ]
        ],
        ["sLEiYvPA9c01LZhL"],
    ),
    (
        "en-curl-okta-ssws",
        [
            [
                ("user", "List the Okta users in group 'Warehouse Venlo' that are still STAGED."),
                (
                    "call",
                    "bash",
                    "{\"command\": \"curl -s -H 'Authorization: SSWS 00Rl0ISZZQJgaN94CmjsLOmS4d7mXRJxw6qlwIlt8J' 'https://shopco.okta.com/api/v1/groups/00g1a2b3c4d5e6f7g8h9/users' | jq -r '.[] | select(.status==\\\"STAGED\\\") | .profile.login'\"}",
                ),
                ("tool", "piet.vandam@shopco.example\nfatma.yilmaz@shopco.example"),
                (
                    "assistant",
                    "Two users are still STAGED: piet.vandam@ and fatma.yilmaz@. They never received activation.",
                ),
            ]
        ],
        ["00Rl0ISZZQJgaN94CmjsLOmS4d7mXRJxw6qlwIlt8J"],
    ),
    (
        "en-ups-oauth-curl-client-secret",
        [
            [
                ("user", "Get a UPS token with the CIE credentials so I can test the rating call."),
                (
                    "call",
                    "bash",
                    "{\"command\": \"curl -s -X POST https://wwwcie.ups.com/security/v1/oauth/token -u 'Gx7mQ2pK9vR4tY8wZ1bN5cL3hJ6fD0sA:I2GDKECwTS5VkyDiAopocZXYFeyeMeixdXYIGZ3w' -d grant_type=client_credentials | jq '{token_type, expires_in}'\"}",
                ),
                ("tool", '{\n  "token_type": "Bearer",\n  "expires_in": "14399"\n}'),
                (
                    "assistant",
                    "Token obtained (Bearer, 14399 s). I only printed type and lifetime.",
                ),
            ]
        ],
        ["I2GDKECwTS5VkyDiAopocZXYFeyeMeixdXYIGZ3w"],
    ),
    (
        "en-cat-env-checkout",
        [
            [
                ("user", "Checkout in staging can't reach Postgres. Show me its .env."),
                ("call", "bash", '{"command": "cat /srv/checkout-api/.env"}'),
                (
                    "tool",
                    "NODE_ENV=staging\nPORT=8080\nDATABASE_URL=postgres://checkout:lMEDJIqELyVcl8a1CFkeUrt4RMQDqcsm@orders-db-staging:5432/checkout\nSTRIPE_SECRET_KEY=sk_test_51QbXk2LkdIwHu7ixpjp1dHkJ1lJYu83rGoKac4e8XmB52isOhuNBo3Zf\nSTRIPE_WEBHOOK_SECRET=whsec_4lxZ8Gc4uakSD5zR9rIQk6BP6wvhcvxa\nADYEN_ENVIRONMENT=TEST\nLOG_LEVEL=debug",
                ),
                (
                    "assistant",
                    "The DATABASE_URL host is `orders-db-staging`, but the service was renamed to `orders-db-staging-rw` in the Helm chart last week. Fix the host; the credentials themselves look fine. (I'd also rotate them since they were just printed.)",
                ),
            ]
        ],
        [
            "lMEDJIqELyVcl8a1CFkeUrt4RMQDqcsm",
            "sk_test_51QbXk2LkdIwHu7ixpjp1dHkJ1lJYu83rGoKac4e8XmB52isOhuNBo3Zf",
            "whsec_4lxZ8Gc4uakSD5zR9rIQk6BP6wvhcvxa",
        ],
    ),
    (
        "de-secret-base64-decode",
        [
            [
                (
                    "user",
                    "Was steht im Secret paypal-live in shop-prod? Ich muss wissen, ob die Client-ID stimmt.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n shop-prod get secret paypal-live -o json | jq -r \'.data | to_entries[] | \\"\\\\(.key)=\\\\(.value|@base64d)\\"\'"}',
                ),
                (
                    "tool",
                    "client_id=AeX9kQ2mV7pL4tR8wZ1yB6nC3hJ5fD0sGxUq2Wv\nclient_secret=EL7vNq3Kd9RmT2xWp5Zs8Bc1Yh4Gf6Ju0Ai9Lo3Er7Ty2Ui5Op8As1Df4Gh\nwebhook_id=8PT59735JN779430N",
                ),
                (
                    "assistant",
                    "client_id beginnt mit AeX9kQ2m… und passt zur App „ShopCo Live“ im PayPal-Dashboard. Achtung: Das client_secret wurde dabei im Klartext ausgegeben – bitte in PayPal rotieren.",
                ),
            ]
        ],
        ["EL7vNq3Kd9RmT2xWp5Zs8Bc1Yh4Gf6Ju0Ai9Lo3Er7Ty2Ui5Op8As1Df4Gh"],
    ),
    (
        "en-ups-token-response",
        [
            [
                (
                    "user",
                    "Fetch a UPS production token and show me the raw response, I want to see the expiry fields.",
                ),
                (
                    "call",
                    "http_request",
                    '{"method": "POST", "url": "https://onlinetools.ups.com/security/v1/oauth/token", "headers": {"Authorization": "Basic ${UPS_BASIC}", "Content-Type": "application/x-www-form-urlencoded"}, "body": "grant_type=client_credentials"}',
                ),
                (
                    "tool",
                    '{"token_type":"Bearer","issued_at":"1764459600000","client_id":"Gx7mQ2pK9vR4tY8wZ1bN5cL3hJ6fD0sA","access_token":"eyJraWQiOiI2NGM0YjYyMC0yZmFhLTQzNTYtYjA0MS1mM2EwZjM2Y2Y4OTAiLCJ0eXAiOiJKV1QiLCJhbGciOiJSUzM4NCJ9.eyJzdWIiOiJvcHNAc2hvcGNvLmV4YW1wbGUiLCJjbGllbnRpZCI6Ikd4N21RMnBLOXZSNHRZOHdaMWJONWNMM2hKNmZEMHNBIn0.Tq3rK8vN2xW5zP7mB4cL1yJ9hF6dG0sA3eR8tU2iO5pQ7wX1nM4bV6cZ9kJ2hL8gF3dS0aE5rT7yU1iO4p","expires_in":"14399","status":"approved"}',
                ),
                (
                    "assistant",
                    "issued_at is in epoch milliseconds, expires_in 14399 s. The response contained a live access token, valid ~4 h — don't copy it anywhere.",
                ),
            ]
        ],
        [
            "eyJraWQiOiI2NGM0YjYyMC0yZmFhLTQzNTYtYjA0MS1mM2EwZjM2Y2Y4OTAiLCJ0eXAiOiJKV1QiLCJhbGciOiJSUzM4NCJ9.eyJzdWIiOiJvcHNAc2hvcGNvLmV4YW1wbGUiLCJjbGllbnRpZCI6Ikd4N21RMnBLOXZSNHRZOHdaMWJONWNMM2hKNmZEMHNBIn0.Tq3rK8vN2xW5zP7mB4cL1yJ9hF6dG0sA3eR8tU2iO5pQ7wX1nM4bV6cZ9kJ2hL8gF3dS0aE5rT7yU1iO4p"
        ],
    ),
    (
        "en-log-leaks-auth-header",
        [
            [
                ("user", "Why is the Braze sync getting 401s? Check the debug log."),
                ("call", "bash", '{"command": "grep -m2 \'401\' /var/log/braze-sync/debug.log"}'),
                (
                    "tool",
                    "2026-11-29T21:04:11Z DEBUG http request POST https://rest.fra-01.braze.eu/users/track headers={'Authorization': 'Bearer 8f2c91d4-77ab-4e30-9c1d-5b6e0a3f2d18', 'Content-Type': 'application/json'}\n2026-11-29T21:04:11Z DEBUG http response 401 {\"message\":\"Invalid API key: 8f2c91d4-77ab-4e30-9c1d-5b6e0a3f2d18\"}",
                ),
                (
                    "assistant",
                    "The job uses a Braze REST key that Braze rejects — it was probably revoked in the Braze dashboard. And the debug log writes the Authorization header in clear; turn debug off for the http client.",
                ),
            ]
        ],
        ["8f2c91d4-77ab-4e30-9c1d-5b6e0a3f2d18"],
    ),
    (
        "en-stripe-webhook-endpoint-create",
        [
            [
                ("user", "Register a webhook endpoint for the new returns service in Stripe live."),
                (
                    "call",
                    "bash",
                    "{\"command\": \"stripe webhook_endpoints create --url https://returns.shop.example.com/webhooks/stripe -d 'enabled_events[]=charge.refunded' -d 'enabled_events[]=charge.dispute.created' --live\"}",
                ),
                (
                    "tool",
                    '{\n  "id": "we_1QbZ9xLkdIwHu7ixQm2Rb8Tc",\n  "object": "webhook_endpoint",\n  "enabled_events": ["charge.refunded", "charge.dispute.created"],\n  "livemode": true,\n  "secret": "whsec_ckWT6ne6h03HEl9WcCPpZe9PCxx2wGF1lOjhZmEq",\n  "status": "enabled",\n  "url": "https://returns.shop.example.com/webhooks/stripe"\n}',
                ),
                (
                    "assistant",
                    "Endpoint we_1QbZ9xLkdIwHu7ixQm2Rb8Tc created. The signing secret is only returned now — put it into Vault at kv/shop/prod/returns/stripe#webhook_secret.",
                ),
            ]
        ],
        ["whsec_ckWT6ne6h03HEl9WcCPpZe9PCxx2wGF1lOjhZmEq"],
    ),
    (
        "fr-vault-kv-get",
        [
            [
                (
                    "user",
                    "Récupère le mot de passe SFTP de Brandt dans Vault, je dois le donner au prestataire.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "vault kv get -format=json kv/shop/prod/edi/brandt | jq \'.data.data\'"}',
                ),
                (
                    "tool",
                    '{\n  "host": "sftp.brandt-gmbh.example",\n  "password": "EkUiQUnTuKnx8F-Brandt",\n  "username": "shopco"\n}',
                ),
                (
                    "assistant",
                    "Le mot de passe est affiché ci-dessus. Merci de le transmettre par le coffre partagé 1Password et pas par e-mail.",
                ),
            ]
        ],
        ["EkUiQUnTuKnx8F-Brandt"],
    ),
    (
        "en-magento-env-php",
        [
            [
                (
                    "user",
                    "The legacy Magento admin throws 'crypt key invalid'. Show app/etc/env.php.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "sed -n \'1,30p\' /var/www/magento/app/etc/env.php"}',
                ),
                (
                    "tool",
                    "<?php\nreturn [\n    'backend' => ['frontName' => 'admin_x7k2'],\n    'crypt' => [\n        'key' => 'b4e1d9c07f3a62e8d5b1904c7a2f6e31'\n    ],\n    'db' => [\n        'connection' => [\n            'default' => [\n                'host' => 'magento-legacy-db.shopco.internal',\n                'dbname' => 'magento2',\n                'username' => 'magento',\n                'password' => 'OH3QPYmXox4xSUql',\n                'active' => '1'\n            ]\n        ]\n    ],\n    'MAGE_MODE' => 'production'\n];",
                ),
                (
                    "assistant",
                    "The crypt key is present (32 hex chars) but the error usually means it was changed after data was encrypted. Compare with the backup of env.php from before the migration.",
                ),
            ]
        ],
        ["b4e1d9c07f3a62e8d5b1904c7a2f6e31", "OH3QPYmXox4xSUql"],
    ),
    (
        "en-docker-inspect-env",
        [
            [
                (
                    "user",
                    "What env does the running pim-connector container have? Something is misconfigured.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "docker inspect pim-connector --format \'{{range .Config.Env}}{{println .}}{{end}}\'"}',
                ),
                (
                    "tool",
                    "PIM_DB_URL=jdbc:postgresql://pim-db.shopco.internal:5432/pim\nPIM_DB_USER=pim_connector\nPIM_DB_PASSWORD=WHMTvE9D0RobJZ1p\nKAFKA_SASL_PASSWORD=1Rl0ISZZ-kafka-pim-XmB52\nAKENEO_CLIENT_SECRET=3x8k1m5q7w9z2c4v6b8n0p1r3t5y7u9i\nJAVA_OPTS=-Xmx2g",
                ),
                (
                    "assistant",
                    "Configuration looks consistent; the issue is JAVA_OPTS with 2 GB heap on a 2 GB container limit. Raise the limit or lower Xmx to 1500m.",
                ),
            ]
        ],
        ["WHMTvE9D0RobJZ1p", "1Rl0ISZZ-kafka-pim-XmB52", "3x8k1m5q7w9z2c4v6b8n0p1r3t5y7u9i"],
    ),
    (
        "en-aws-credentials-file",
        [
            [
                ("user", "Which AWS profile does the feed-export box use?"),
                ("call", "bash", '{"command": "cat ~/.aws/credentials"}'),
                (
                    "tool",
                    "[default]\naws_access_key_id = AKIAZ4Q7N2XK5RTM8W3E\naws_secret_access_key = 9E_Zmvy3ev/tpg2o9z8BO5XqR+CjbU5E4AJNqJ00\n\n[feeds]\naws_access_key_id = AKIAZ4Q7N2XKHB6YJP1C\naws_secret_access_key = gNF0LMavynbD97ScNk6ZtHozfFN5PaU55K5BO3xb",
                ),
                (
                    "assistant",
                    "Two profiles: default and feeds, both with long-lived access keys. These should be replaced by an instance role; and both secret keys should now be rotated.",
                ),
            ]
        ],
        ["9E_Zmvy3ev/tpg2o9z8BO5XqR+CjbU5E4AJNqJ00", "gNF0LMavynbD97ScNk6ZtHozfFN5PaU55K5BO3xb"],
    ),
    (
        "ja-shopify-custom-app-token",
        [
            [
                (
                    "user",
                    "Shopifyのカスタムアプリのアクセストークンを再発行して、結果を見せてください。",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "shopify-admin-cli apps rotate-token --app warehouse-sync --store shopco-eu.myshopify.com"}',
                ),
                (
                    "tool",
                    "App: warehouse-sync\nScopes: read_orders,write_fulfillments,read_inventory,write_inventory\nAdmin API access token: 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\nNote: this token is shown only once.",
                ),
                (
                    "assistant",
                    "新しいトークンが発行されました（一度しか表示されません）。Vault の kv/shop/prod/shopify/warehouse-sync に保存してから、このチャットの内容は共有しないでください。",
                ),
            ]
        ],
        ["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"],
    ),
    (
        "en-cat-private-key-edi",
        [
            [
                (
                    "user",
                    "The EDI gateway can't log into Nordfrost's SFTP. Is the key file even valid? cat it.",
                ),
                ("call", "bash", '{"command": "cat /home/edi/.ssh/nordfrost_ed25519"}'),
                (
                    "tool",
                    "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAb9rdH1v9srvL7sKu63Xqw8PgMxWj2sejQY2wV7soJ0D3r0v/Gz\nE6JCcUX/te0Cn+LmKgU/shq8z9zwWM/guKpiP7z/GjWQfV8nN5sWRqwx+cQZXrO4mAurYG\nO0fd+u5itwQ+bjeP70/8nYyxkL7ZsHHftIEfkzWLKpIFn9PzglmDzX/+v1G/ZqISUlI1b0\nbCuIsKP4OnQEEZwHtq9CLyjY9y8VfLP8u8VL+L5o+Ntr7OhI47F2v3lJNKNxwkZufeYBqb\n-----END OPENSSH PRIVATE KEY-----",
                ),
                (
                    "assistant",
                    "The key file is a well-formed OpenSSH private key. The auth failure is therefore on Nordfrost's side (authorized_keys). Since the private key was printed here, generate a new pair and send them the new public key.",
                ),
            ]
        ],
        [
            "b3BlbnNzaC1rZXktdjEAb9rdH1v9srvL7sKu63Xqw8PgMxWj2sejQY2wV7soJ0D3r0v/Gz",
            "bCuIsKP4OnQEEZwHtq9CLyjY9y8VfLP8u8VL+L5o+Ntr7OhI47F2v3lJNKNxwkZufeYBqb",
        ],
    ),
    (
        "nl-npmrc-token",
        [
            [
                (
                    "user",
                    "De frontend build faalt op npm install van @shopco/ui. Laat .npmrc zien.",
                ),
                ("call", "bash", '{"command": "cat ~/storefront/.npmrc"}'),
                (
                    "tool",
                    "@shopco:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=ghp_ULATS20QMLqkti1CGLwS06aAZM2QccYny99A\nalways-auth=true",
                ),
                (
                    "assistant",
                    "De registry-regel is goed, maar dat token is een persoonlijk token van een vertrokken collega (verlopen). Gebruik in CI het GITHUB_TOKEN van de workflow en verwijder deze regel.",
                ),
            ]
        ],
        ["ghp_ULATS20QMLqkti1CGLwS06aAZM2QccYny99A"],
    ),
    (
        "en-redis-config-get-requirepass",
        [
            [
                ("user", "Is AUTH actually enabled on the sessions Redis?"),
                (
                    "call",
                    "bash",
                    '{"command": "redis-cli -h sessions-redis.shopco.internal CONFIG GET requirepass"}',
                ),
                ("tool", '1) "requirepass"\n2) "WlOzyyMI8gIr743cGek7SC9cA3WQ"'),
                (
                    "assistant",
                    "Yes, requirepass is set. Note CONFIG GET is allowed without ACL restrictions for this user — rename or restrict it.",
                ),
            ]
        ],
        ["WlOzyyMI8gIr743cGek7SC9cA3WQ"],
    ),
    (
        "es-klaviyo-private-key-log",
        [
            [
                ("user", "¿Por qué falla la sincronización de perfiles con Klaviyo desde anoche?"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n marketing logs job/klaviyo-profile-sync-29112026 | tail -4"}',
                ),
                (
                    "tool",
                    "INFO  loading config from env\nINFO  klaviyo api_key=pk_b71e4a9c03d85f26e1a7b4c90d3e58f2a6 revision=2026-10-15\nERROR POST /api/profile-bulk-import-jobs/ 429 Too Many Requests retry_after=60\nERROR giving up after 5 retries",
                ),
                (
                    "assistant",
                    "Klaviyo devuelve 429 (rate limit) en la importación masiva y el job se rinde tras 5 reintentos. Además el log imprime la clave privada de Klaviyo en claro en la línea INFO: hay que quitar ese log y rotar la clave.",
                ),
            ]
        ],
        ["pk_b71e4a9c03d85f26e1a7b4c90d3e58f2a6"],
    ),
    (
        "en-gcp-sa-json-printed",
        [
            [
                (
                    "user",
                    "Print the service account file the image exporter uses, I need the client_email.",
                ),
                ("call", "bash", '{"command": "cat /etc/pim-export/sa.json"}'),
                (
                    "tool",
                    '{\n  "type": "service_account",\n  "project_id": "shopco-media",\n  "private_key_id": "8835f924d66eba154dafc012297e62050a06894c",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7rK2mPz9Xq4vNfT\\nGRCQu/9C3mfNDODtrt6fK43c3JWFmnGLYZmDGQBCNjfAzhbOXEMPTBdZXWSQdsAi\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "pim-export@shopco-media.iam.gserviceaccount.com",\n  "client_id": "104889231007744120335"\n}',
                ),
                (
                    "assistant",
                    "client_email is pim-export@shopco-media.iam.gserviceaccount.com. The file includes the private key, which is now in this conversation — delete key 8835f924… in IAM and create a new one (or move to Workload Identity).",
                ),
            ]
        ],
        [
            "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7rK2mPz9Xq4vNfT",
            "GRCQu/9C3mfNDODtrt6fK43c3JWFmnGLYZmDGQBCNjfAzhbOXEMPTBdZXWSQdsAi",
        ],
    ),
    (
        "de-zendesk-api-token-response",
        [
            [
                (
                    "user",
                    "Leg für die neue Integration mit dem Lagerportal einen Zendesk-API-Token an.",
                ),
                (
                    "call",
                    "zendesk",
                    '{"action": "create_api_token", "description": "wms-portal integration"}',
                ),
                (
                    "tool",
                    '{"api_token":{"id":1900004412877,"description":"wms-portal integration","token":"Xk9Lm2Qp7Rt4Vw8Yz1Bc5Df3Gh6Jk0NpQrSt2Uv","created_at":"2026-11-29T22:48:10Z"}}',
                ),
                (
                    "assistant",
                    "Token 1900004412877 „wms-portal integration“ ist angelegt. Der Wert wird nur jetzt angezeigt — bitte direkt in Vault ablegen.",
                ),
            ]
        ],
        ["Xk9Lm2Qp7Rt4Vw8Yz1Bc5Df3Gh6Jk0NpQrSt2Uv"],
    ),
    (
        "en-git-remote-v-token",
        [
            [
                ("user", "Why does the deploy job push to the wrong remote? show remotes"),
                ("call", "bash", '{"command": "git -C /build/theme remote -v"}'),
                (
                    "tool",
                    "origin\thttps://deploy-bot:glpat-4Gz7Kq1Xw9Rm2Vn8Bt5Y@gitlab.shopco.internal/web/storefront-theme.git (fetch)\norigin\thttps://deploy-bot:glpat-4Gz7Kq1Xw9Rm2Vn8Bt5Y@gitlab.shopco.internal/web/storefront-theme.git (push)",
                ),
                (
                    "assistant",
                    "origin points to GitLab, not the GitHub mirror the job should push to. Also the remote URL embeds the deploy-bot token; use a credential helper instead.",
                ),
            ]
        ],
        ["glpat-4Gz7Kq1Xw9Rm2Vn8Bt5Y"],
    ),
    (
        "en-cloudflare-tunnel-token-output",
        [
            [
                ("user", "Create a Cloudflare tunnel for the warehouse dashboard."),
                (
                    "call",
                    "bash",
                    '{"command": "cloudflared tunnel create wh-dashboard && cloudflared tunnel token wh-dashboard"}',
                ),
                (
                    "tool",
                    "Tunnel credentials written to /root/.cloudflared/6ff42ae2-765d-4adf-8112-31c55c1551ef.json.\nCreated tunnel wh-dashboard with id 6ff42ae2-765d-4adf-8112-31c55c1551ef\neyJhIjoiNWFiNGU5ZDFmMzA4ZTJhN2M2YjFkOTBlM2Y1YTRjOGIiLCJ0IjoiNmZmNDJhZTItNzY1ZC00YWRmLTgxMTItMzFjNTVjMTU1MWVmIiwicyI6Ik5UUTRZV013WkdJdE1qRmpaUzAwWVRKaExXRTVOekV0Tm1ZeFpEQmxZVEl4TTJGbSJ9",
                ),
                (
                    "assistant",
                    "Tunnel 6ff42ae2-765d-4adf-8112-31c55c1551ef created. The last line is the connector token; store it in Vault and pass it to the cloudflared pod as TUNNEL_TOKEN.",
                ),
            ]
        ],
        [
            "eyJhIjoiNWFiNGU5ZDFmMzA4ZTJhN2M2YjFkOTBlM2Y1YTRjOGIiLCJ0IjoiNmZmNDJhZTItNzY1ZC00YWRmLTgxMTItMzFjNTVjMTU1MWVmIiwicyI6Ik5UUTRZV013WkdJdE1qRmpaUzAwWVRKaExXRTVOekV0Tm1ZeFpEQmxZVEl4TTJGbSJ9"
        ],
    ),
    (
        "en-zebra-wifi-zpl-config",
        [
            [
                (
                    "user",
                    "Dump the wireless config from printer PRN-DOCK-02, it won't join the new SSID.",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"printf '^XA^HZA^XZ' | nc -w 3 10.40.11.52 9100 | grep -i -E 'wlan|essid|psk'\"}",
                ),
                (
                    "tool",
                    "<wlan.essid>WH-SCAN-5G</wlan.essid>\n<wlan.security>wpa2_psk</wlan.security>\n<wlan.wpa.psk>Venlo-Scan!Kw82-rT5q</wlan.wpa.psk>\n<wlan.band_preference>5ghz</wlan.band_preference>",
                ),
                (
                    "assistant",
                    "ESSID and security are right. The PSK on the printer is the old one — the network's key was changed last week. Push the new Wi-Fi profile via Zebra Printer Setup Utility.",
                ),
            ]
        ],
        ["Venlo-Scan!Kw82-rT5q"],
    ),
    (
        "de-drucker-admin-passwort",
        [
            [
                (
                    "user",
                    "Das Admin-Passwort für die Zebra-Drucker im Lager Venlo ist jetzt Lager!Venlo2026-Zt. Kannst du das in der Doku vermerken, dass es geändert wurde? Natürlich ohne das Passwort selbst.",
                ),
                (
                    "assistant",
                    "Vermerkt: „Admin-Passwort der Zebra-Flotte Venlo am 29.11.2026 geändert, Wert im Tresor unter Lager/Drucker“. Das Passwort selbst habe ich nicht in die Doku geschrieben. Bitte künftig nicht in den Chat posten.",
                ),
            ]
        ],
        ["Lager!Venlo2026-Zt"],
    ),
    (
        "fr-sftp-mdp-en-deux-messages",
        [
            [
                (
                    "user",
                    "Pour le SFTP de Delta Retail, l'identifiant c'est shopco_fr et le mot de passe commence par Qz7pLx",
                ),
                ("user", "et se termine par m4Wv9Rk2, sans espace entre les deux"),
                (
                    "assistant",
                    "Noté. Je ne le stocke pas ici ; mettez-le dans Vault sous kv/shop/prod/edi/deltaretail et je le lirai de là.",
                ),
            ]
        ],
        ["Qz7pLx", "m4Wv9Rk2"],
    ),
    (
        "es-contrasena-en-dos-turnos",
        [
            [
                (
                    "user",
                    "Configura el acceso de Correos Express. Usuario: shopco_es. La contraseña te la paso en el siguiente mensaje.",
                ),
                ("assistant", "De acuerdo, aunque sería mejor dejarla en Vault. Espero."),
            ],
            [
                ("user", "Es Corr3osX-0wmsl6uA7XO"),
                (
                    "assistant",
                    "Recibida. La guardo en kv/shop/prod/carrier-gateway/correosexpress y no la repito.",
                ),
            ],
        ],
        ["Corr3osX-0wmsl6uA7XO"],
    ),
    (
        "pl-haslo-literowane",
        [
            [
                (
                    "user",
                    "Hasło do panelu InPost dla magazynu Łódź przeliterować? k, 7, W, m, Q, 2, z, P, 9, x, R, 4",
                ),
                (
                    "assistant",
                    "Nie trzeba literować haseł w czacie — wpisz je proszę bezpośrednio do sejfu. Z tego co przesłałeś zapiszę tylko, że hasło do panelu InPost zostało zmienione.",
                ),
            ]
        ],
        ["k, 7, W, m, Q, 2, z, P, 9, x, R, 4"],
    ),
    (
        "en-nato-spelled-alarm",
        [
            [
                (
                    "user",
                    "Over the phone the alarm company gave the engineer reset password as: Tango Four Kilo Xray Nine Romeo Echo Two. Write it down for me as a string?",
                ),
                (
                    "assistant",
                    "I'd rather not write it out; please store it in the facilities vault entry for the Venlo Galaxy panel.",
                ),
            ]
        ],
        ["Tango Four Kilo Xray Nine Romeo Echo Two"],
    ),
    (
        "nl-deurcode-magazijn",
        [
            [
                (
                    "user",
                    "Nieuwe deurcode voor de zij-ingang van het magazijn in Tilburg is 4719#, vanaf maandag. Kun je een mail maken voor de ploegleiders zonder de code?",
                ),
                (
                    "assistant",
                    'Concept: "Vanaf maandag 1 december is de code van de zij-ingang Tilburg gewijzigd. Je ontvangt de nieuwe code persoonlijk van je teamleider." De code zelf staat niet in de mail.',
                ),
            ]
        ],
        ["4719#"],
    ),
    (
        "sv-larmkod-split",
        [
            [
                (
                    "user",
                    "Larmkoden för kontoret i Malmö har bytts. De fyra första siffrorna är 8265",
                ),
                ("user", "och de fyra sista är 1937. Uppdatera rutinen?"),
                (
                    "assistant",
                    'Rutinen är uppdaterad utan koden: "Larmkoden delas muntligen av kontorschefen."',
                ),
            ]
        ],
        ["8265", "1937"],
    ),
    (
        "en-okta-recovery-codes",
        [
            [
                (
                    "user",
                    "Saving my Google Workspace backup codes here so I don't lose them: 8431 2290, 6617 0458, 3902 7716, 5248 1193, 7075 3362",
                ),
                (
                    "assistant",
                    "Please don't keep them here — this conversation is stored. Put them in your password manager and generate a fresh set in your Google account (Security → 2-Step Verification → Backup codes), which invalidates these.",
                ),
            ]
        ],
        ["8431 2290", "6617 0458", "3902 7716", "5248 1193", "7075 3362"],
    ),
    (
        "ja-totp-seed",
        [
            [
                (
                    "user",
                    "倉庫管理画面の共有アカウントの2FAシード、ここに貼っておきます: VKX6O55AV42JLE5ON4REUTIZ6THDBZI7",
                ),
                (
                    "assistant",
                    "共有シードをチャットに置くのは危険です。このシードは無効化して再登録し、各自の個人アカウントにハードウェアキーを割り当てることをおすすめします。",
                ),
            ]
        ],
        ["VKX6O55AV42JLE5ON4REUTIZ6THDBZI7"],
    ),
    (
        "zh-api-key-no-prefix",
        [
            [
                (
                    "user",
                    "顺丰的丰桥接口校验码是 NP2SJA6TNKKNHIYNF7GA666AZMSIDWYS，顾客编码 SHOPCO_CN。帮我写一下签名代码。",
                ),
                (
                    "assistant",
                    "签名方式：msgDigest = Base64(MD5(msgData + timestamp + 校验码))。代码里请从环境变量 SF_CHECKWORD 读取校验码，不要硬编码：\n\n```python\nimport base64, hashlib, os, urllib.parse\ndef sign(msg_data: str, ts: str) -> str:\n    raw = urllib.parse.quote_plus(msg_data + ts + os.environ['SF_CHECKWORD'])\n    return base64.b64encode(hashlib.md5(raw.encode()).digest()).decode()\n```",
                ),
            ]
        ],
        ["NP2SJA6TNKKNHIYNF7GA666AZMSIDWYS"],
    ),
    (
        "cs-as2-heslo-certifikatu",
        [
            [
                (
                    "user",
                    "Heslo k certifikátu AS2 (soubor shopco-as2-2026.p12) je Certifikat-As2-6XDOFY45. Potřebuju ho naimportovat na nový server.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "openssl pkcs12 -in /tmp/shopco-as2-2026.p12 -nokeys -passin env:P12_PASS | openssl x509 -noout -enddate"}',
                ),
                ("tool", "notAfter=Mar 31 23:59:59 2028 GMT"),
                (
                    "assistant",
                    "Certifikát je platný do 31. 3. 2028. Heslo jsem předal přes proměnnou prostředí P12_PASS, ne na příkazové řádce. Doporučuji ho po migraci změnit, protože zaznělo v chatu.",
                ),
            ]
        ],
        ["Certifikat-As2-6XDOFY45"],
    ),
    (
        "tr-sftp-sifre",
        [
            [
                (
                    "user",
                    "Aras Kargo'nun SFTP şifresi değişti, yenisi: ArasSftp#NABDZL7C. Entegrasyonu güncelleyebilir misin?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "vault kv patch kv/shop/prod/carrier-gateway/aras password=\\"$(cat /dev/stdin)\\" <<< \\"$ARAS_NEW_PASS\\""}',
                ),
                (
                    "tool",
                    "Key              Value\n---              -----\ncreated_time     2026-11-29T23:02:41Z\nversion          4",
                ),
                (
                    "assistant",
                    "Vault'ta kv/shop/prod/carrier-gateway/aras sürüm 4 olarak güncellendi; External Secrets bir saat içinde pod'lara yansıtır.",
                ),
            ]
        ],
        ["ArasSftp#NABDZL7C"],
    ),
    (
        "en-hinted-password",
        [
            [
                (
                    "user",
                    "The Magento admin login for the archive is the usual pattern, company name plus the year plus bang — so ShopCo2019! — can you check if old orders are still visible?",
                ),
                (
                    "assistant",
                    "I won't log in with a password pasted in chat. Let me query the read-only archive DB instead, which gives the same answer.",
                ),
            ]
        ],
        ["ShopCo2019!"],
    ),
    (
        "ar-wifi-password",
        [
            [
                (
                    "user",
                    "كلمة مرور شبكة الواي فاي الجديدة في مستودع دبي هي Dxb-Wh@2026-WY3UKD، أرسلها للفريق؟",
                ),
                (
                    "assistant",
                    "لن أرسل كلمة المرور عبر البريد. الأفضل توزيعها عبر ملف تعريف MDM على الأجهزة المحمولة، ولوحة الإعلانات في غرفة الاستراحة ليست مكانًا مناسبًا أيضًا.",
                ),
            ]
        ],
        ["Dxb-Wh@2026-WY3UKD"],
    ),
    (
        "he-zendesk-admin-password",
        [
            [
                (
                    "user",
                    "הסיסמה החדשה של חשבון האדמין בזנדסק היא Zd-Admin-6GMVSD7DEQ. תעדכן את ה-runbook שהוחלפה?",
                ),
                (
                    "assistant",
                    "עדכנתי ב-runbook שהסיסמה הוחלפה ב-29.11, בלי הערך עצמו. מומלץ להחליף אותה שוב כי היא נכתבה כאן.",
                ),
            ]
        ],
        ["Zd-Admin-6GMVSD7DEQ"],
    ),
    (
        "hi-workspace-temp-password",
        [
            [
                (
                    "user",
                    "नए कर्मचारी राहुल के Google Workspace खाते का अस्थायी पासवर्ड Temp#Rahul-48821x है। उसे पहली बार लॉगिन पर बदलना होगा, ये सेट कर दो।",
                ),
                (
                    "call",
                    "gam",
                    '{"args": ["update", "user", "rahul.mehta@shopco.example", "changepassword", "on"]}',
                ),
                ("tool", "User: rahul.mehta@shopco.example, Updated"),
                (
                    "assistant",
                    "पहली लॉगिन पर पासवर्ड बदलना अनिवार्य कर दिया है। अस्थायी पासवर्ड उसे व्यक्तिगत रूप से दें, चैट में नहीं।",
                ),
            ]
        ],
        ["Temp#Rahul-48821x"],
    ),
    (
        "ko-kakao-admin-key",
        [
            [
                (
                    "user",
                    "카카오 알림톡 발송용 Admin 키는 3f9c1a7e5b2d8046e1c9a3f7b5d20e84 입니다. 주문 배송 알림 템플릿에 연결해 주세요.",
                ),
                (
                    "assistant",
                    "연결 설정은 환경변수 KAKAO_ADMIN_KEY를 읽도록 했습니다. 키를 채팅에 남기면 안 되니 재발급을 권장합니다.",
                ),
            ]
        ],
        ["3f9c1a7e5b2d8046e1c9a3f7b5d20e84"],
    ),
    (
        "uk-kod-seifa",
        [
            [
                (
                    "user",
                    "Код сейфа в кімнаті охорони складу у Львові: 738291. Запиши в інструкцію для нічної зміни.",
                ),
                (
                    "assistant",
                    "В інструкцію я записав лише, що код сейфа видає начальник охорони особисто. Сам код не варто зберігати в документах.",
                ),
            ]
        ],
        ["738291"],
    ),
    (
        "el-gls-api-kodikos",
        [
            [
                (
                    "user",
                    "Ο κωδικός για το GLS ShipIT API είναι Gls!Ath-2026-pQ7r και ο χρήστης shopco_gr. Ρύθμισε το carrier-gateway.",
                ),
                (
                    "assistant",
                    "Το carrier-gateway διαβάζει τα στοιχεία από το Vault· έβαλα τον χρήστη shopco_gr και τον κωδικό στο kv/shop/prod/carrier-gateway/gls-gr. Καλό θα ήταν να τον αλλάξεις αφού γράφτηκε εδώ.",
                ),
            ]
        ],
        ["Gls!Ath-2026-pQ7r"],
    ),
    (
        "id-midtrans-server-key",
        [
            [
                (
                    "user",
                    "Server key Midtrans production: Mid-server-YwxyR43tmPOCiWe9H4TXTmPE4. Tolong pasang di checkout-api.",
                ),
                (
                    "assistant",
                    "Sudah saya pasang lewat Vault (kv/shop/prod/midtrans#server_key), tidak di kode. Karena key ini tertulis di chat, sebaiknya di-regenerate dari dashboard Midtrans.",
                ),
            ]
        ],
        ["Mid-server-YwxyR43tmPOCiWe9H4TXTmPE4"],
    ),
    (
        "th-alarm-code",
        [
            [
                ("user", "รหัสปลดสัญญาณกันขโมยของคลังบางนาคือ 5 1 9 0 3 นะ ฝากบอกพนักงานกะดึกด้วย"),
                ("assistant", "ผมจะไม่ส่งรหัสต่อทางแชต ให้หัวหน้ากะแจ้งพนักงานด้วยตัวเองดีกว่าครับ"),
            ]
        ],
        ["5 1 9 0 3"],
    ),
    (
        "vi-mollie-live-key",
        [
            [
                (
                    "user",
                    "Key live của Mollie cho shop VN là live_IgRbTQvjpsSRmPFM3YHXAQLS5Tvd, bạn cấu hình giúp mình nhé.",
                ),
                (
                    "assistant",
                    "Mình đã cấu hình checkout-api đọc key từ Vault. Vì key đã xuất hiện trong chat, bạn nên tạo key mới trên dashboard Mollie.",
                ),
            ]
        ],
        ["live_IgRbTQvjpsSRmPFM3YHXAQLS5Tvd"],
    ),
    (
        "it-paypal-client-secret",
        [
            [
                (
                    "user",
                    "Ecco le credenziali PayPal live per il nuovo negozio IT: client id AYq3Lp8Vx2Nm5Rt9Kw1Zb4Hc7Jf0Ds6G, secret EOq9Wm2Rk7Tx4Vz1Nb8Pc5Lh3Jg6Fd0Sa2Yu7Ie4",
                ),
                (
                    "assistant",
                    "Grazie, le ho salvate in Vault (kv/shop/prod/paypal-it). Il secret andrebbe rigenerato perché è passato in chat.",
                ),
            ]
        ],
        ["EOq9Wm2Rk7Tx4Vz1Nb8Pc5Lh3Jg6Fd0Sa2Yu7Ie4"],
    ),
    (
        "pt-klarna-senha-api",
        [
            [
                (
                    "user",
                    "A senha da API da Klarna para Portugal (UID PK90211_5e2c) é klarna_live_api_TjRtU3pLOHFXMnZYOWJSMW5ZNWNGN2hH. Põe no staging primeiro.",
                ),
                (
                    "assistant",
                    "Isso é a credencial live; não vou colocá-la no staging. Para staging use as credenciais do playground. E convém rodar a senha live já que apareceu aqui.",
                ),
            ]
        ],
        ["klarna_live_api_TjRtU3pLOHFXMnZYOWJSMW5ZNWNGN2hH"],
    ),
    (
        "ru-passphrase-klyucha",
        [
            [
                (
                    "user",
                    "Парольная фраза к ключу подписи EDI (edi-sign.key): «зелёный-склад-Rostov-4471». Проверь, что ключ открывается.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "openssl pkey -in /etc/edi/edi-sign.key -passin env:EDI_KEY_PASS -noout && echo OK"}',
                ),
                ("tool", "OK"),
                (
                    "assistant",
                    "Ключ открывается. Фразу я передал через переменную окружения; лучше сменить её, раз она была в чате.",
                ),
            ]
        ],
        ["зелёный-склад-Rostov-4471"],
    ),
    (
        "hu-cloudflare-token",
        [
            [
                (
                    "user",
                    "Itt a Cloudflare API token a DNS-automatizáláshoz: Cf7x-q2Lm9RtVw4Zk8Bn1Yp5Hc3Jd6Gs0Fa2Ue7Io",
                ),
                (
                    "assistant",
                    "Köszönöm, de tokent ne küldj chatben. Beállítottam a CI változóként CF_API_TOKEN néven, és javaslom, hogy holnap generálj újat.",
                ),
            ]
        ],
        ["Cf7x-q2Lm9RtVw4Zk8Bn1Yp5Hc3Jd6Gs0Fa2Ue7Io"],
    ),
    (
        "en-adyen-hmac-two-turns",
        [
            [
                (
                    "user",
                    "For the Adyen webhook HMAC in live, first half: 44782DEF547AAA06C910C43932B1EB0C",
                ),
                ("assistant", "Noted, but please use Vault for the whole key."),
            ],
            [
                (
                    "user",
                    "second half 71FC68D3D0C3D3C6E4E5B2D7A8F1C9E0B3A6D4F7C2E8B1A5D9F3C6E0B7A4D2F8",
                ),
                (
                    "assistant",
                    "I will not reassemble it here. Write it to kv/shop/prod/psp/adyen#hmac_key and I'll wire the deployment to it.",
                ),
            ],
        ],
        [
            "44782DEF547AAA06C910C43932B1EB0C",
            "71FC68D3D0C3D3C6E4E5B2D7A8F1C9E0B3A6D4F7C2E8B1A5D9F3C6E0B7A4D2F8",
        ],
    ),
    (
        "da-badge-pin",
        [
            [
                (
                    "user",
                    "Min PIN til adgangskortet på lageret i Kolding er 2580, men den virker ikke længere. Kan du nulstille den?",
                ),
                (
                    "assistant",
                    "Jeg kan ikke se eller nulstille PIN-koder; facility-teamet gør det i adgangssystemet. Jeg har oprettet ticket FAC-2304. Og skift PIN bagefter, da den nu står i chatten.",
                ),
            ]
        ],
        ["2580"],
    ),
    (
        "fi-ovikoodi-ja-halytys",
        [
            [
                (
                    "user",
                    "Vantaan varaston ovikoodi on 9034 ja hälytyksen purkukoodi 1776*. Kirjoita ne yövuoron ohjeeseen.",
                ),
                (
                    "assistant",
                    'En kirjoita koodeja ohjeeseen. Ohjeeseen tulee: "Koodit saat vuoroesimieheltä henkilökohtaisesti."',
                ),
            ]
        ],
        ["9034", "1776*"],
    ),
    (
        "no-sftp-passord-bring",
        [
            [
                (
                    "user",
                    "Bring sitt EDI-SFTP: bruker shopco_no, passord Br1ng-Edi-lwIlt8Jw. Test innlogging.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "SSHPASS=\\"$BRING_SFTP_PASS\\" sshpass -e sftp -oBatchMode=no shopco_no@sftp.bring.example <<< \'ls /in\'"}',
                ),
                ("tool", "sftp> ls /in\nIFTSTA_20261129_0600.edi"),
                (
                    "assistant",
                    "Innlogging virker, /in inneholder én IFTSTA-fil. Jeg brukte miljøvariabelen, ikke passordet fra chatten.",
                ),
            ]
        ],
        ["Br1ng-Edi-lwIlt8Jw"],
    ),
    (
        "en-mixed-db-password-in-question",
        [
            [
                (
                    "user",
                    "quick one: is `psql -h analytics-ro -U looker` with password Lk3r-Ana-9xQ2wE fine for a BI read replica, or should looker use IAM auth?",
                ),
                (
                    "assistant",
                    "IAM auth is better: short-lived tokens, no static password to leak (this one now needs rotating since it's in chat). For a read replica, create a `looker` role with `rds_iam` and give it SELECT on the reporting schema.",
                ),
            ]
        ],
        ["Lk3r-Ana-9xQ2wE"],
    ),
]
