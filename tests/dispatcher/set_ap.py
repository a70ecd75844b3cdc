# ruff: noqa: E501, RUF001
"""Set AP: a hold-out set for over-redaction, written without reading the redaction rules,
the daemon's code or the other sets, so that no rule is tuned on it. Its setting is the
platform team of a mid-size logistics company: warehouse scanners and label printers, a
route-planning service, the SAP integration (IDocs, RFC), Kubernetes, a customer portal and
drivers' handhelds, with staff writing to a coding and operations agent in many languages.

It measures the other side of redaction. AP_CLEAN holds sessions with no secret at all that
are full of things that look like credentials or talk about them: password policies and
rotation schedules, where a password is kept (a vault path, never a value), MFA enrolment,
confirmations that a password was changed, error codes, HTTP statuses, exit codes, postal
codes, SKUs, invoice, order and ticket numbers, git SHAs, digests, build numbers, versions,
IP addresses and ports, extensions, room and door numbers, PIN as in pinning or a map pin,
tokens as in design or NLP tokens, keys as in primary keys, keyboard keys and API key names,
Wi-Fi network names, NATO spelling of hostnames and names, numbers in words, and one-time codes
discussed in general. Everything in them must be stored byte-for-byte unchanged. AP_SECRET
holds sessions in the same setting with real secrets (passwords, API keys, tokens, PINs,
recovery codes, a private key), each with the exact substrings that must not survive."""

from __future__ import annotations

#: A message: (role, content) with role "user" | "assistant" | "tool"; or for an assistant's
#: tool call: ("call", "<tool name>", "<arguments JSON text>").
Message = tuple[str, ...]

#: Sessions without any secret: each is stored whole, byte for byte.
AP_CLEAN: list[tuple[str, list[list[Message]]]] = [
    # --- English: policies, vault paths, MFA, reviews ---
    (
        "en-password-policy-wiki-rotation-90-days",
        [
            [
                (
                    "user",
                    "Can you rewrite the password section of the platform wiki? Current text is a mess. Facts: passwords rotate every 90 days, the policy requires 14 characters minimum, no reuse of the last 12, and service accounts are exempt from rotation if they're managed by Vault.",
                ),
                (
                    "assistant",
                    "Draft:\n\n**Passwords (staff accounts)**\n- Minimum length: 14 characters.\n- Rotation: every 90 days; you get reminders at 14, 7 and 1 day before expiry.\n- History: the last 12 passwords can't be reused.\n\n**Service accounts**\n- Accounts whose credentials are issued and rotated by Vault are exempt from the 90-day rule.\n\nWant me to add a line on what to do when you're locked out?",
                ),
            ],
            [
                (
                    "user",
                    "yes, lockout is after 5 failed attempts and lasts 15 min. self-service reset is at the Okta page",
                ),
                (
                    "assistant",
                    'Added: "After 5 failed attempts the account locks for 15 minutes. To reset before then, use the self-service reset on the Okta sign-in page; the service desk (ext. 2200) can unlock it if self-service fails." I put the service-desk extension in from the footer of the existing page; check it\'s still 2200.',
                ),
            ],
        ],
    ),
    (
        "en-where-is-sap-sftp-password-kept",
        [
            [
                (
                    "user",
                    "Where do we keep the password for the SAP SFTP drop box? Kenji needs it for the IDoc replay and I don't remember if it moved out of the old KeePass.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "vault kv metadata get -mount=secret sap/sftp-drop"}',
                ),
                (
                    "tool",
                    "======== Metadata Path ========\nsecret/metadata/sap/sftp-drop\n\n========== Metadata ==========\nKey                     Value\n---                     -----\ncas_required            false\ncreated_time            2023-02-14T09:12:44.10Z\ncurrent_version         7\nmax_versions            10\nupdated_time            2024-05-02T06:30:11.87Z",
                ),
                (
                    "assistant",
                    "It moved. It's in Vault at `secret/sap/sftp-drop` (KV v2, currently version 7, last rotated 2 May). The field is `password`; the username is in the same entry under `username`. Kenji can read it with his own token if he's in the `sap-integration` group: `vault kv get -mount=secret -field=password sap/sftp-drop`. I haven't printed the value here.",
                ),
            ],
            [
                ("user", "perfect, he is in that group. is the old keepass entry deleted?"),
                (
                    "assistant",
                    "I can't see the KeePass file from here. The migration ticket (PLAT-1182) says the entries were removed after the move, but it's worth checking the `SAP` folder in the shared database and deleting anything left, since it'd be a stale copy.",
                ),
            ],
        ],
    ),
    (
        "en-mfa-enrolment-new-dispatchers",
        [
            [
                (
                    "user",
                    "Three new dispatchers start Monday in Dortmund. Write me the MFA enrolment steps I can hand them on paper.",
                ),
                (
                    "assistant",
                    "MFA enrolment (Okta Verify)\n\n1. Install Okta Verify from the company portal on your work phone.\n2. On a PC, sign in at the Okta page with the temporary password the service desk gave you; you'll be asked to set your own.\n3. When prompted to set up MFA, choose Okta Verify and scan the QR code shown on screen with the app.\n4. The app then shows a six-digit code; type it into the browser to confirm. Codes change every 30 seconds, so if it's rejected, wait for the next one.\n5. Add SMS as a backup factor with your work mobile number.\n\nIf anything fails, call the service desk on ext. 2200.",
                ),
            ],
            [
                (
                    "user",
                    "Can you add that they should never read the code out to anyone, even IT?",
                ),
                (
                    "assistant",
                    'Added as a boxed note at the top: "IT will never ask you for a code from Okta Verify or an SMS code. If anyone asks, hang up and call ext. 2200."',
                ),
            ],
            [
                ("user", "thanks, printing 3 copies"),
                (
                    "assistant",
                    "Good. If they start before their phones are issued, the service desk can enrol them with a hardware key instead; ask for a YubiKey from the stock in room 1.08.",
                ),
            ],
        ],
    ),
    (
        "en-code-review-done-merge-eta-fix",
        [
            [
                (
                    "user",
                    "the code review is done on the ETA rounding fix, Priya approved. merge it please",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "gh pr view 2291 --repo kestrel/routeplan --json state,reviewDecision,statusCheckRollup --jq \'.state, .reviewDecision, [.statusCheckRollup[].conclusion] | unique\'"}',
                ),
                ("tool", 'OPEN\nAPPROVED\n["SUCCESS"]'),
                (
                    "call",
                    "bash",
                    '{"command": "gh pr merge 2291 --repo kestrel/routeplan --squash --delete-branch"}',
                ),
                (
                    "tool",
                    "✓ Squashed and merged pull request kestrel/routeplan#2291 (Round ETA to nearest minute, not floor)\n✓ Deleted branch fix/eta-rounding",
                ),
                (
                    "assistant",
                    "Merged #2291 as a squash; checks were green and the review was approved. The branch is deleted.",
                ),
            ],
            [
                ("user", "what's the merge commit?"),
                (
                    "call",
                    "bash",
                    '{"command": "git -C ~/src/routeplan pull -q && git -C ~/src/routeplan log -1 --format=\'%H %s\'"}',
                ),
                (
                    "tool",
                    "8e41c07a9d2f35b6c1e0f7a48d93b2e6015cf7d4 Round ETA to nearest minute, not floor (#2291)",
                ),
                (
                    "assistant",
                    "`8e41c07a9d2f35b6c1e0f7a48d93b2e6015cf7d4`, short `8e41c07`. The staging deploy picks it up on the next pipeline run.",
                ),
            ],
        ],
    ),
    (
        "en-build-numbers-after-password-reset",
        [
            [
                (
                    "user",
                    "morning. fyi I reset my password yesterday so if my Jenkins session looks weird that's why",
                ),
                (
                    "assistant",
                    "Noted. Jenkins uses SSO, so you may just need to sign in again once. What are we looking at today?",
                ),
            ],
            [
                (
                    "user",
                    "scanner app regression. the build numbers are 4471, 4472, 4480. 4471 was fine on the Zebras, 4480 crashes on login. which one broke it?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "jenkins-cli changes scanner-app 4472 4480 --format short"}',
                ),
                (
                    "tool",
                    "#4472  a1c93e0  bump zxing-android-embedded 4.3.0 -> 4.3.1\n#4475  5d0b8f2  login: remember last warehouse\n#4478  e77a214  build: target SDK 34\n#4480  09fc3d1  login: prefill badge number",
                ),
                (
                    "assistant",
                    "4472 only bumped the barcode library, and you say 4471 was fine, so the suspects are in 4475–4480. The login crash most likely comes from `e77a214` (target SDK 34) or `09fc3d1` (badge prefill). Was 4472 tested on a device?",
                ),
            ],
            [
                ("user", "no, only 4471 and 4480"),
                (
                    "assistant",
                    "Then I'd flash 4475 and 4478 on one TC52. If 4478 crashes and 4475 doesn't, it's the SDK 34 bump (Android 14 is strict about exported receivers, which the login screen uses for the scan trigger).",
                ),
            ],
        ],
    ),
    (
        "en-door-4-propped-open-dock-b",
        [
            [
                (
                    "user",
                    "door 4 is propped open again at dock B, third time this week. can you draft a message for the Duisburg site channel, polite but firm",
                ),
                (
                    "assistant",
                    'Draft:\n\n"Hi all, dock B door 4 has been propped open with a pallet several times this week. It\'s a fire door and the open-door alarm goes to the security desk every time. If you need it open for a delivery, use the hold-open button by the frame (it releases after 10 minutes). Thanks for helping keep the dock secure."',
                ),
            ],
            [
                ("user", "add that it's also why the heating on B can't keep up"),
                (
                    "assistant",
                    'Added after the first sentence: "It also lets the cold in, which is why the heating on dock B can\'t keep up."',
                ),
            ],
        ],
    ),
    (
        "en-pin-pydantic-version-routeplan",
        [
            [
                (
                    "user",
                    "CI on routeplan broke overnight. I think pydantic 2.8 came out. pin it to 2.7.4 for now",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "cd ~/src/routeplan && grep -n pydantic requirements.in"}',
                ),
                ("tool", "14:pydantic>=2.5"),
                (
                    "call",
                    "bash",
                    '{"command": "cd ~/src/routeplan && sed -i \'14s/.*/pydantic==2.7.4  # pinned: 2.8 breaks model_serializer on RouteLeg, see PLAT-1240/\' requirements.in && pip-compile -q requirements.in && git diff --stat"}',
                ),
                (
                    "tool",
                    " requirements.in  | 2 +-\n requirements.txt | 4 ++--\n 2 files changed, 3 insertions(+), 3 deletions(-)",
                ),
                (
                    "assistant",
                    "Pinned `pydantic==2.7.4` in requirements.in with a comment pointing at PLAT-1240, and recompiled; requirements.txt now has pydantic 2.7.4 and pydantic-core 2.18.4. Want me to open the PR?",
                ),
            ],
            [
                ("user", "yes, and make a ticket to unpin later"),
                (
                    "assistant",
                    'PR opened as #2297 "Pin pydantic to 2.7.4". I also created PLAT-1241 "Unpin pydantic once RouteLeg serializer is fixed" and linked it.',
                ),
            ],
        ],
    ),
    (
        "en-design-tokens-portal-rebrand",
        [
            [
                (
                    "user",
                    "Marketing changed the brand green. Which design tokens in the customer portal do I need to touch?",
                ),
                (
                    "assistant",
                    "In the portal's token file the brand colour feeds three tokens: `color.brand.primary`, `color.brand.primary-hover` and `color.action.default`. The hover one is derived (10% darker) in the build, so you only need to change `color.brand.primary` and check that `color.action.default` still passes contrast on white.",
                ),
            ],
            [
                ("user", "new hex is #1F7A4D"),
                (
                    "assistant",
                    "#1F7A4D on white is about 5.4:1, so it passes AA for body text. The hover token would come out around #1C6E45. I'd leave `color.focus.ring` alone; it's a separate blue token for accessibility.",
                ),
            ],
        ],
    ),
    (
        "en-token-count-driver-notes-summariser",
        [
            [
                (
                    "user",
                    "how many tokens are the driver delivery notes from last week if we feed them all into the summariser? worried about cost",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "python scripts/count_tokens.py --source s3://kf-driver-notes/2024-06-03/ --encoding o200k_base"}',
                ),
                (
                    "tool",
                    "files: 1,284\nnotes: 18,902\ntokens: 2,417,338\nmean tokens/note: 127.9\nmax tokens/note: 1,843",
                ),
                (
                    "assistant",
                    "About 2.4 million tokens for the week: 18,902 notes averaging 128 tokens, with the longest at 1,843. Batched per route that's roughly 600 requests.",
                ),
            ],
            [
                ("user", "and if we drop the notes that are just 'left at door'?"),
                (
                    "assistant",
                    "I'd need to rerun with a filter, but those are short; even if they're a third of the notes they're probably under 5% of the tokens. The long notes (damage reports, customer disputes) carry most of the count.",
                ),
            ],
        ],
    ),
    (
        "en-primary-key-shipments-table",
        [
            [
                (
                    "user",
                    "what's the primary key on shipments in the portal DB? I'm writing the upsert",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "psql -h portal-db-ro.kf.internal -U readonly -d portal -c \'\\\\d shipments\' | tail -8"}',
                ),
                (
                    "tool",
                    'Indexes:\n    "shipments_pkey" PRIMARY KEY, btree (tenant_id, shipment_no)\n    "shipments_tracking_idx" UNIQUE, btree (tracking_no)\n    "shipments_created_idx" btree (created_at)\nForeign-key constraints:\n    "shipments_tenant_fk" FOREIGN KEY (tenant_id) REFERENCES tenants(id)',
                ),
                (
                    "assistant",
                    "It's a composite primary key: `(tenant_id, shipment_no)`. So the upsert needs `ON CONFLICT (tenant_id, shipment_no) DO UPDATE ...`. Note there's also a unique key on `tracking_no`, so a duplicate tracking number will still raise even if the primary key doesn't conflict.",
                ),
            ],
            [
                ("user", "ok. foreign key to tenants too, good to know"),
                (
                    "assistant",
                    "Yes, `shipments_tenant_fk`, so insert the tenant first in your fixtures.",
                ),
            ],
        ],
    ),
    (
        "en-api-key-names-routeplan-deployment",
        [
            [
                (
                    "user",
                    "which API keys does the routeplan deployment expect? just the names, I'm writing the staging checklist",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n routeplan describe deploy routeplan-api | sed -n \'/Environment:/,/Mounts:/p\'"}',
                ),
                (
                    "tool",
                    "    Environment:\n      LOG_LEVEL:            info\n      HERE_API_KEY:         <set to the key 'api-key' in secret 'here-maps'>  Optional: false\n      TOMTOM_API_KEY:       <set to the key 'api-key' in secret 'tomtom'>  Optional: true\n      SAP_RFC_USER:         <set to the key 'user' in secret 'sap-rfc'>  Optional: false\n      SAP_RFC_PASSWORD:     <set to the key 'password' in secret 'sap-rfc'>  Optional: false\n      DATABASE_URL:         <set to the key 'url' in secret 'routeplan-db'>  Optional: false\n    Mounts:",
                ),
                (
                    "assistant",
                    "Names only:\n- `HERE_API_KEY` from secret `here-maps` (required)\n- `TOMTOM_API_KEY` from secret `tomtom` (optional; the fallback geocoder)\n- `SAP_RFC_USER` / `SAP_RFC_PASSWORD` from secret `sap-rfc`\n- `DATABASE_URL` from secret `routeplan-db`\n\nFor staging, the checklist item would be: those four secrets exist in the `routeplan` namespace.",
                ),
            ],
            [
                ("user", "does staging even have a tomtom key?"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl --context staging -n routeplan get secret tomtom here-maps sap-rfc routeplan-db"}',
                ),
                (
                    "tool",
                    'NAME           TYPE     DATA   AGE\nhere-maps      Opaque   1      211d\nsap-rfc        Opaque   2      211d\nroutepan-db    Opaque   1      211d\nError from server (NotFound): secrets "tomtom" not found\nError from server (NotFound): secrets "routeplan-db" not found',
                ),
                (
                    "assistant",
                    "No tomtom secret in staging, which is fine since it's optional. But note the DB secret there is misspelt `routepan-db`, so `routeplan-db` isn't found. The staging pods must be using an older manifest; worth fixing the name.",
                ),
            ],
        ],
    ),
    (
        "en-wifi-ssids-new-cross-dock",
        [
            [
                (
                    "user",
                    "for the new cross-dock in Venlo, which Wi-Fi networks should the scanners join? the installer is asking",
                ),
                (
                    "assistant",
                    "Same layout as the other sites:\n- `KF-WH-Scan` (5 GHz only, WPA2-Enterprise with device certificates) for the handhelds and vehicle terminals\n- `KF-WH-IoT` (2.4 GHz) for the label printers and dock sensors\n- `KF-Guest` for drivers and visitors, captive portal, internet only\n\nThe scanners get their certificate from the MDM, so the installer doesn't need any password for `KF-WH-Scan`.",
                ),
            ],
            [
                ("user", "and the printers?"),
                (
                    "assistant",
                    "The printers on `KF-WH-IoT` use a pre-shared key that the network team sets on each printer during staging; it isn't something the installer should get. Ask them to leave the printers unjoined and log the MAC addresses for Marek's team.",
                ),
            ],
        ],
    ),
    (
        "en-portal-502-after-ingress-change",
        [
            [
                ("user", "portal giving 502 since the ingress change. check?"),
                (
                    "call",
                    "bash",
                    '{"command": "curl -sS -o /dev/null -w \'%{http_code} %{time_total}\\\\n\' https://portal.kestrel-freight.com/api/health"}',
                ),
                ("tool", "502 0.084"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n portal logs deploy/ingress-nginx-controller --since=10m | grep -m3 upstream"}',
                ),
                (
                    "tool",
                    '2024/06/11 08:41:07 [error] 31#31: *88412 connect() failed (111: Connection refused) while connecting to upstream, client: 10.42.7.19, server: portal.kestrel-freight.com, request: "GET /api/health HTTP/2.0", upstream: "http://10.42.3.55:8000/api/health"',
                ),
                (
                    "assistant",
                    "502 confirmed. nginx gets connection refused on the upstream at port 8000. The portal API container listens on 8080, so the new ingress probably points at the wrong service port.",
                ),
            ],
            [
                ("user", "yep, service port is 8080 in the chart. fix the ingress"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n portal patch ingress portal-api --type=json -p=\'[{\\"op\\":\\"replace\\",\\"path\\":\\"/spec/rules/0/http/paths/0/backend/service/port/number\\",\\"value\\":8080}]\' && sleep 5 && curl -sS -o /dev/null -w \'%{http_code}\\\\n\' https://portal.kestrel-freight.com/api/health"}',
                ),
                ("tool", "ingress.networking.k8s.io/portal-api patched\n200"),
                (
                    "assistant",
                    "Patched the ingress backend to 8080; health now returns 200. I'll also fix it in the Helm values so the next deploy doesn't revert it.",
                ),
            ],
        ],
    ),
    (
        "en-oomkilled-exit-137-optimizer",
        [
            [
                ("user", "route optimizer pods keep restarting, what's the exit code"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n routeplan get pod -l app=optimizer -o jsonpath=\'{range .items[*]}{.metadata.name} {.status.containerStatuses[0].restartCount} {.status.containerStatuses[0].lastState.terminated.reason} {.status.containerStatuses[0].lastState.terminated.exitCode}{\\"\\\\n\\"}{end}\'"}',
                ),
                (
                    "tool",
                    "optimizer-7c9d8b6f5-2xkqp 14 OOMKilled 137\noptimizer-7c9d8b6f5-hv8rn 11 OOMKilled 137",
                ),
                (
                    "assistant",
                    "Both pods: exit code 137, reason OOMKilled, 14 and 11 restarts. They hit the memory limit. What changed recently? Bigger route batches?",
                ),
            ],
            [
                (
                    "user",
                    "Monday batches for the Rhine-Ruhr region are huge, ~3400 stops. limit is 2Gi",
                ),
                (
                    "assistant",
                    "Then 2Gi is too tight for a 3,400-stop matrix: the distance matrix alone is about 3400² × 8 bytes ≈ 92 MB per metric, but the solver keeps several copies plus the time windows. I'd raise the limit to 4Gi for the optimizer and split batches above 2,500 stops.",
                ),
            ],
        ],
    ),
    (
        "en-postal-codes-zone-assignment",
        [
            [
                (
                    "user",
                    "we're adding postal codes 44135, 44137, 44139 and 44141 to Zone D (Dortmund city). and 58452 and 58453 go to Zone F. can you write the SQL",
                ),
                (
                    "assistant",
                    "```sql\nUPDATE zone_postal_codes SET zone = 'D' WHERE postal_code IN ('44135', '44137', '44139', '44141') AND country = 'DE';\nUPDATE zone_postal_codes SET zone = 'F' WHERE postal_code IN ('58452', '58453') AND country = 'DE';\n```\nIf some of those codes aren't in the table yet, the updates silently skip them; want an upsert instead?",
                ),
            ],
            [
                ("user", "upsert please, 44141 is new"),
                (
                    "assistant",
                    "```sql\nINSERT INTO zone_postal_codes (country, postal_code, zone) VALUES\n  ('DE','44135','D'), ('DE','44137','D'), ('DE','44139','D'), ('DE','44141','D'),\n  ('DE','58452','F'), ('DE','58453','F')\nON CONFLICT (country, postal_code) DO UPDATE SET zone = EXCLUDED.zone;\n```",
                ),
            ],
        ],
    ),
    (
        "en-sku-codes-pallet-label-template",
        [
            [
                (
                    "user",
                    "the label template for pallet SKUs is cutting off the code. the longest SKUs we have are like KF-PAL-EUR-1200x800-HT and KF-PAL-IND-1200x1000-CP",
                ),
                (
                    "assistant",
                    "Those are 22 and 23 characters. The template's SKU field is sized for 18 at 14pt. Options: drop to 11pt for codes over 18 characters, or print the SKU in Code 128 under the text so the scanner doesn't depend on the readable line anyway.",
                ),
            ],
            [
                ("user", "11pt is fine. also half-pallets: KF-PAL-EUR-600x800-HT"),
                (
                    "assistant",
                    "That one's 21 characters, so it'd also get the 11pt rule. I'll set the threshold at `len(sku) > 18` in the ZPL generator and attach a test label for all three SKUs.",
                ),
            ],
        ],
    ),
    (
        "en-invoice-numbers-sap-mismatch",
        [
            [
                (
                    "user",
                    "finance says three invoices in the portal don't match SAP: INV-2024-018842, INV-2024-018843, INV-2024-018851. can you compare",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "python tools/sap_compare.py --invoices INV-2024-018842 INV-2024-018843 INV-2024-018851"}',
                ),
                (
                    "tool",
                    "invoice           portal_total  sap_doc     sap_total  diff\nINV-2024-018842   1,482.60      5100004412  1,482.60   0.00\nINV-2024-018843   2,915.00      5100004413  2,890.00   25.00\nINV-2024-018851     318.75      5100004420    379.31  -60.56",
                ),
                (
                    "assistant",
                    "018842 matches (SAP doc 5100004412). 018843 differs by 25.00, which looks like one fuel surcharge line the portal has and SAP doesn't. 018851 differs by -60.56: SAP is higher by exactly 19% of 318.75, so the portal is showing it net and SAP gross.",
                ),
            ],
            [
                ("user", "the VAT one makes sense, customer is in Austria. wait Austria is 20%"),
                (
                    "assistant",
                    "Right: 318.75 × 1.20 = 382.50, not 379.31. 318.75 × 1.19 = 379.31, so SAP applied German VAT. That's the actual bug: tax code on SAP document 5100004420 should be the Austrian one. I'd raise it with the SAP team rather than change the portal.",
                ),
            ],
        ],
    ),
    (
        "en-sprint-summary-ticket-ids",
        [
            [
                (
                    "user",
                    "write the sprint summary for the platform team, tickets closed: OPS-4471 (scanner Wi-Fi roaming), OPS-4493 (routeplan memory), PLAT-1240 (pydantic pin), PLAT-1182 (KeePass to Vault migration), OPS-4502 (door alarm integration)",
                ),
                (
                    "assistant",
                    "Sprint 24-12 summary — Platform\n\nClosed:\n- OPS-4471: Scanner Wi-Fi roaming between dock halls fixed (roaming threshold tuned on KF-WH-Scan).\n- OPS-4493: Route optimizer memory limit raised; large batches split.\n- PLAT-1240: pydantic pinned to 2.7.4 after the 2.8 release broke serialisation.\n- PLAT-1182: Remaining shared credentials moved from KeePass to Vault; KeePass entries removed.\n- OPS-4502: Door-open alarms from the docks now reach the security desk's dashboard.",
                ),
            ],
            [
                ("user", "add carried over: OPS-4510 and PLAT-1241"),
                (
                    "assistant",
                    'Added "Carried over: OPS-4510 (handheld battery reporting), PLAT-1241 (unpin pydantic)."',
                ),
            ],
        ],
    ),
    (
        "en-git-bisect-eta-regression",
        [
            [
                (
                    "user",
                    "ETAs jumped by ~4 min on average somewhere between v2.18.0 and v2.19.0. bisect it with the replay test",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "cd ~/src/routeplan && git bisect start v2.19.0 v2.18.0 && git bisect run ./scripts/eta_replay_check.sh --max-drift 60"}',
                ),
                (
                    "tool",
                    "Bisecting: 11 revisions left to test after this (roughly 4 steps)\n[3f0a9c2e71b4d5a86c0e9f1b27d34a5c6e8b9d01] traffic: use 15-min buckets\n...\n5c2d7e9a0b14f63e8d21c47a9b0e5f36d18c2a7b is the first bad commit\ncommit 5c2d7e9a0b14f63e8d21c47a9b0e5f36d18c2a7b\nAuthor: Luca Bianchi <l.bianchi@kestrel-freight.com>\nDate:   Thu May 23 14:02:51 2024 +0200\n\n    dwell: add 4 min default unload time when dock slot unknown\nbisect found first bad commit",
                ),
                (
                    "assistant",
                    'First bad commit: `5c2d7e9a0b14f63e8d21c47a9b0e5f36d18c2a7b` — "dwell: add 4 min default unload time when dock slot unknown". That explains the ~4 minute shift exactly: stops without a known dock slot now get 4 minutes of dwell.',
                ),
            ],
            [
                ("user", "that's intentional actually, Luca did it on purpose. reset bisect"),
                ("call", "bash", '{"command": "cd ~/src/routeplan && git bisect reset"}'),
                (
                    "tool",
                    "Previous HEAD position was 5c2d7e9 dwell: add 4 min default unload time when dock slot unknown\nSwitched to branch 'main'",
                ),
                (
                    "assistant",
                    "Bisect reset, back on main. So the 4 minutes is expected; maybe worth a line in the v2.19.0 release notes so dispatch isn't surprised.",
                ),
            ],
        ],
    ),
    (
        "en-semver-handheld-app-release-plan",
        [
            [
                (
                    "user",
                    "what version should the handheld app release be? current prod is 3.14.2, we added offline signature capture and fixed two crashes",
                ),
                (
                    "assistant",
                    "New feature plus fixes, no breaking change for the backend: 3.15.0. If you want a pilot at one depot first, ship 3.15.0-rc.1 to the pilot group in MDM and promote to 3.15.0 after a week.",
                ),
            ],
            [
                (
                    "user",
                    "the API changed though, signature upload is a new endpoint, old backend doesn't have it",
                ),
                (
                    "assistant",
                    "That's a backend dependency, not a break in the app's own contract; the app should check the backend's `/version` and hide offline signatures if it's below 2.19.0. The app still goes 3.14.2 → 3.15.0. The backend needs to be on 2.19.0 everywhere before 3.15.0 leaves the pilot.",
                ),
            ],
            [
                ("user", "ok, rc.1 to Venlo pilot tomorrow"),
                (
                    "assistant",
                    "Noted: 3.15.0-rc.1 to the Venlo pilot group tomorrow, backend 2.19.0 confirmed there already.",
                ),
            ],
        ],
    ),
    (
        "en-label-printer-ip-port-check",
        [
            [
                (
                    "user",
                    "the label printers in hall 3 aren't printing. they're 10.40.12.7 to 10.40.12.10, raw port 9100",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "for h in 7 8 9 10; do nc -zv -w 2 10.40.12.$h 9100 2>&1 | tail -1; done"}',
                ),
                (
                    "tool",
                    "Connection to 10.40.12.7 9100 port [tcp/*] succeeded!\nConnection to 10.40.12.8 9100 port [tcp/*] succeeded!\nnc: connect to 10.40.12.9 port 9100 (tcp) timed out: Operation now in progress\nConnection to 10.40.12.10 9100 port [tcp/*] succeeded!",
                ),
                (
                    "assistant",
                    "Three of four accept connections on 9100. 10.40.12.9 times out, so it's off the network or has a new address. Are the other three also not printing, or only .9?",
                ),
            ],
            [
                ("user", "only the one at door 17 which is .9 I think"),
                (
                    "assistant",
                    "Then it's that printer. Someone at door 17 can print a config label (hold the feed button for 2 seconds on the ZT410) to see what IP it has now; if it shows 0.0.0.0, it lost its Wi-Fi association on KF-WH-IoT.",
                ),
            ],
        ],
    ),
    (
        "en-night-shift-phone-extensions",
        [
            [
                ("user", "what's the escalation path at night for a WMS outage in Rotterdam"),
                (
                    "assistant",
                    'From the on-call page: first the Rotterdam night shift lead at ext. 3114, then the platform on-call via PagerDuty (service "WMS-NL"), and if the outage blocks outbound trucks for more than 30 minutes, the site manager on ext. 3100.',
                ),
            ],
            [
                ("user", "and the security desk? in case the gate system goes too"),
                (
                    "assistant",
                    "The Rotterdam gate house is ext. 3199, staffed 24/7. The gate barriers have a manual override there, so trucks can still leave if the WMS is down.",
                ),
            ],
        ],
    ),
    (
        "en-training-room-numbers",
        [
            [
                (
                    "user",
                    "booking the k8s training for the ops people: room B2.14 in Duisburg on the 18th, room 0.07 in Venlo on the 20th. write the invite",
                ),
                (
                    "assistant",
                    "Subject: Kubernetes basics for operations — 2 sessions\n\nDuisburg: 18 June, 09:00–12:30, room B2.14 (2nd floor, building B)\nVenlo: 20 June, 09:00–12:30, room 0.07 (ground floor, next to the canteen)\n\nBring your laptop with the VPN working. We'll use the training cluster; you'll get a login on the day.",
                ),
            ],
            [
                ("user", "B2.14 only has 10 seats, cap it"),
                (
                    "assistant",
                    'Added "Max 10 people in Duisburg; sign up in the sheet, first come first served."',
                ),
            ],
        ],
    ),
    (
        "en-drop-pin-on-map-new-depot-gate",
        [
            [
                (
                    "user",
                    "drivers can't find the truck gate at the new Neuss depot, the navigation sends them to the office entrance. can you drop a pin on the map at the truck gate and push it as the stop location?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "routeplanctl depot show NSS-01 --fields name,address,stop_lat,stop_lon"}',
                ),
                (
                    "tool",
                    "name: Neuss Depot\naddress: Hammer Landstraße 61, 41460 Neuss\nstop_lat: 51.2043\nstop_lon: 6.7069",
                ),
                (
                    "assistant",
                    "The stop location is currently the street address centroid (51.2043, 6.7069), which is the office side. Where's the truck gate? If you can give me the coordinates from the map pin, I'll update it.",
                ),
            ],
            [
                ("user", "pin is at 51.20562, 6.70318, on the north side off Floßhafenstraße"),
                (
                    "call",
                    "bash",
                    '{"command": "routeplanctl depot set NSS-01 --stop-lat 51.20562 --stop-lon 6.70318 --stop-note \'Truck gate, north side, via Floßhafenstraße\'"}',
                ),
                (
                    "tool",
                    "updated NSS-01: stop_lat 51.2043 -> 51.20562, stop_lon 6.7069 -> 6.70318",
                ),
                (
                    "assistant",
                    'Updated. New routes use the truck gate pin from now on, and the handhelds show the note "Truck gate, north side, via Floßhafenstraße". Routes already on the devices keep the old pin until they\'re re-synced.',
                ),
            ],
        ],
    ),
    (
        "en-keyboard-keys-ct60-diagnostics",
        [
            [
                (
                    "user",
                    "which key opens the diagnostics screen on the CT60s? the warehouse lead says F9 but these don't have F keys",
                ),
                (
                    "assistant",
                    "The CT60 has no function-key row. In our launcher build the diagnostics screen opens by long-pressing the left scan key and the volume-down key together for 3 seconds. F9 was the shortcut on the old MC3300s with the physical keypad.",
                ),
            ],
            [
                ("user", "also complaints that the Enter key on the MC3300s sticks"),
                (
                    "assistant",
                    "That's a known hardware wear issue on the 38-key keypad; Zebra sells the keypad as a spare (part KT-MC33-KEYPAD-38). How many devices?",
                ),
            ],
            [
                ("user", "about 12"),
                (
                    "assistant",
                    "Then ordering 12 keypads is cheaper than a repair cycle. I'll draft the purchase request.",
                ),
            ],
        ],
    ),
    (
        "en-svc-account-password-changed-restart",
        [
            [
                (
                    "user",
                    "I changed the password for svc-edi in AD and updated it in Vault. can you restart the EDI connector so it picks up the new one",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n integration rollout restart deploy/edi-connector && kubectl -n integration rollout status deploy/edi-connector --timeout=120s"}',
                ),
                (
                    "tool",
                    'deployment.apps/edi-connector restarted\nWaiting for deployment "edi-connector" rollout to finish: 1 old replicas are pending termination...\ndeployment "edi-connector" successfully rolled out',
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n integration logs deploy/edi-connector --since=2m | grep -iE \'auth|login|bind\' | tail -3"}',
                ),
                (
                    "tool",
                    "2024-06-11T09:14:02Z INFO  ldap bind as svc-edi ok\n2024-06-11T09:14:03Z INFO  AS2 partner session established partner=REWE-EDI\n2024-06-11T09:14:03Z INFO  AS2 partner session established partner=ALDI-SUED-EDI",
                ),
                (
                    "assistant",
                    "Restarted; the connector bound to AD as svc-edi successfully and both AS2 partner sessions came up. The new password is working.",
                ),
            ],
            [
                ("user", "great, thanks"),
                (
                    "assistant",
                    "You're welcome. The next rotation for svc-edi is due in 90 days; I can add a reminder to the ops calendar if you want.",
                ),
            ],
        ],
    ),
    (
        "en-nato-spelled-hostname",
        [
            [
                (
                    "user",
                    "Wojtek read me a hostname over the phone and I wrote it phonetically: delta tango mike, dash, whiskey mike sierra, dash, zero two. is that a real box?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "getent hosts dtm-wms-02.kf.internal || echo not found"}',
                ),
                ("tool", "10.30.4.22      dtm-wms-02.kf.internal"),
                (
                    "assistant",
                    "Yes: `dtm-wms-02.kf.internal` (DTM = the Dortmund site code), 10.30.4.22. It's the second WMS application server in Dortmund.",
                ),
            ],
            [
                ("user", "ok and he said the disk is full on it"),
                (
                    "call",
                    "bash",
                    '{"command": "ssh dtm-wms-02.kf.internal df -h / /var | tail -2"}',
                ),
                (
                    "tool",
                    "/dev/mapper/vg0-root   40G   21G   17G  56% /\n/dev/mapper/vg0-var    80G   80G     0 100% /var",
                ),
                (
                    "assistant",
                    "He's right: `/var` is at 100% (80G). Most likely the WMS logs; want me to look at what's largest under /var/log before deleting anything?",
                ),
            ],
        ],
    ),
    (
        "en-driver-callback-number-in-words",
        [
            [
                (
                    "user",
                    "voicemail transcript from a driver, can you pull out what he wants: 'hi it's Dariusz on route DU-07, the customer at stop eleven won't accept the two pallets because the wrap is torn, call me back on oh two oh three, four five six, seven eight nine oh, thanks'",
                ),
                (
                    "assistant",
                    "Summary: Dariusz (route DU-07), stop 11: customer refuses 2 pallets because the shrink wrap is torn. He wants a call back on 0203 456 7890.",
                ),
            ],
            [
                ("user", "that's the depot landline, not his mobile. weird. fine, log it"),
                (
                    "assistant",
                    'Logged on the route as an exception at stop 11: "2 pallets refused, wrap torn; driver asked for callback via depot line 0203 456 7890". Dispatch will see it on the board.',
                ),
            ],
        ],
    ),
    (
        "en-sms-code-expiry-driver-login",
        [
            [
                (
                    "user",
                    "drivers in Poland complain the SMS login code arrives after it's already expired. how long is it valid?",
                ),
                (
                    "assistant",
                    "The SMS code expires after 5 minutes. If it arrives late, it's usually the SMS provider's route to Polish carriers. Do you have example times?",
                ),
            ],
            [
                ("user", "one driver said 7 minutes delay this morning, Plus network"),
                (
                    "call",
                    "bash",
                    '{"command": "python tools/sms_latency.py --country PL --since 24h --group-by carrier"}',
                ),
                (
                    "tool",
                    "carrier   sent   delivered  p50_s  p95_s  p99_s\nPlay      812    809        4      11     38\nOrange    604    601        3      9      22\nPlus      377    361        61     412    655\nT-Mobile  290    289        4      10     19",
                ),
                (
                    "assistant",
                    "Plus is the outlier: median 61 seconds, p95 almost 7 minutes, and 16 undelivered. The others are fine. Options: raise the code lifetime to 10 minutes for PL, or switch the Plus route to the secondary SMS provider. The provider switch fixes the cause.",
                ),
            ],
        ],
    ),
    (
        "en-security-question-policy-portal",
        [
            [
                (
                    "user",
                    "legal asks if the customer portal still uses security questions for account recovery. do we?",
                ),
                (
                    "assistant",
                    'Partly. New accounts since March use email plus an SMS code for recovery. Accounts created before March still have the old security questions ("first employer", "city of birth", "name of first pet") as a fallback. The answers are stored hashed; we never show them.',
                ),
            ],
            [
                ("user", "they want them gone, NIST says knowledge-based questions are weak"),
                (
                    "assistant",
                    "Agreed. Plan: (1) stop offering the questions at recovery from the next release; (2) on next login, ask old accounts to confirm a phone number for SMS; (3) after 90 days, delete the stored question hashes. I'll write it up as a ticket for the portal team.",
                ),
            ],
        ],
    ),
    (
        "en-stuck-order-numbers-portal",
        [
            [
                (
                    "user",
                    "customer support says orders SO-88412, SO-88419 and SO-88430 show 'processing' in the portal for two days",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"psql -h portal-db-ro.kf.internal -U readonly -d portal -Atc \\\"select order_no, status, sap_so, updated_at from orders where order_no in ('SO-88412','SO-88419','SO-88430')\\\"\"}",
                ),
                (
                    "tool",
                    "SO-88412|PROCESSING||2024-06-09 07:12:44+02\nSO-88419|PROCESSING||2024-06-09 07:31:02+02\nSO-88430|PROCESSING||2024-06-09 08:05:19+02",
                ),
                (
                    "assistant",
                    "All three have no SAP sales order number and haven't been updated since Sunday morning. So they never made it into SAP. Did the order IDoc outbound stop on Sunday?",
                ),
            ],
            [
                ("user", "maybe, there was SAP maintenance sunday 6-8"),
                (
                    "assistant",
                    "That fits: all three were created between 07:12 and 08:05, inside the window. The portal queues the IDocs but apparently didn't retry after maintenance. I can requeue those three with `portalctl orders resend SO-88412 SO-88419 SO-88430` if you agree.",
                ),
            ],
            [
                ("user", "do it"),
                (
                    "call",
                    "bash",
                    '{"command": "portalctl orders resend SO-88412 SO-88419 SO-88430"}',
                ),
                (
                    "tool",
                    "SO-88412 -> IDoc 0000000048812210 sent\nSO-88419 -> IDoc 0000000048812211 sent\nSO-88430 -> IDoc 0000000048812212 sent",
                ),
                (
                    "assistant",
                    "Resent; IDocs 48812210–48812212 went out. They should get SAP order numbers within a few minutes.",
                ),
            ],
        ],
    ),
    (
        "en-list-k8s-secret-names-integration",
        [
            [
                (
                    "user",
                    "list the secrets in the integration namespace, I'm checking nothing stale is left from the old FTP setup",
                ),
                ("call", "bash", '{"command": "kubectl -n integration get secrets"}'),
                (
                    "tool",
                    "NAME                       TYPE                             DATA   AGE\nas2-partner-certs          Opaque                           6      1y71d\nedi-connector-ad           Opaque                           2      1y71d\nftp-legacy-creds           Opaque                           2      2y14d\nsap-rfc                    Opaque                           2      301d\nregistry-pull              kubernetes.io/dockerconfigjson   1      2y14d\nsftp-drop                  Opaque                           3      98d",
                ),
                (
                    "assistant",
                    "Six secrets. `ftp-legacy-creds` (2 years old) is the leftover from the old FTP setup. Nothing in the namespace references it?",
                ),
            ],
            [
                ("user", "check"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n integration get deploy,cronjob,statefulset -o yaml | grep -c ftp-legacy-creds"}',
                ),
                ("tool", "0"),
                (
                    "assistant",
                    "No references. It's safe to delete `ftp-legacy-creds`. I'd also ask the network team to close the old FTP firewall rule on port 21 if it's still open.",
                ),
            ],
        ],
    ),
    (
        "en-portal-tls-cert-expiry",
        [
            [
                ("user", "when does the portal cert expire?"),
                (
                    "call",
                    "bash",
                    '{"command": "echo | openssl s_client -connect portal.kestrel-freight.com:443 -servername portal.kestrel-freight.com 2>/dev/null | openssl x509 -noout -issuer -dates -serial -fingerprint -sha256"}',
                ),
                (
                    "tool",
                    "issuer=C = US, O = Let's Encrypt, CN = R11\nnotBefore=May 20 04:11:32 2024 GMT\nnotAfter=Aug 18 04:11:31 2024 GMT\nserial=04A1B7E39C0D2F6E8815C3A74D90B2F1E6C8\nsha256 Fingerprint=3B:9E:41:07:C2:58:AF:16:D4:7B:E9:20:5C:88:13:F6:A2:04:BE:71:9D:3C:E5:62:0F:4A:B8:17:C9:D5:66:E0",
                ),
                (
                    "assistant",
                    "It's a Let's Encrypt cert valid until 18 August 2024, issued 20 May; cert-manager renews at 30 days before expiry, so around 19 July.",
                ),
            ],
            [
                ("user", "ok no action then"),
                (
                    "assistant",
                    "No action. If you want a safety net, the blackbox exporter alert for certs under 14 days is already on for this host.",
                ),
            ],
        ],
    ),
    (
        "en-ssh-host-key-fingerprint-changed",
        [
            [
                (
                    "user",
                    "ssh to the new jump host says the host key changed. is that expected? it was rebuilt yesterday",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh-keyscan -t ed25519 jump-eu1.kf.internal 2>/dev/null | ssh-keygen -lf -"}',
                ),
                (
                    "tool",
                    "256 SHA256:q4Vd1w0mC6o8Jm2nX0cF1uHk7Lr5Ts9Ea3Pb2Zy6Wg4 jump-eu1.kf.internal (ED25519)",
                ),
                (
                    "assistant",
                    "The host now presents ED25519 key `SHA256:q4Vd1w0mC6o8Jm2nX0cF1uHk7Lr5Ts9Ea3Pb2Zy6Wg4`. Compare it with the one in the rebuild ticket; if they match, the change is expected.",
                ),
            ],
            [
                ("user", "ticket OPS-4517 has the same fingerprint"),
                (
                    "assistant",
                    "Then it's the rebuild. Remove the old entry with `ssh-keygen -R jump-eu1.kf.internal` and connect again, accepting the new key.",
                ),
            ],
        ],
    ),
    (
        "en-password-manager-migration-plan",
        [
            [
                (
                    "user",
                    "we're moving the team from KeePass to Bitwarden. help me plan the shared collections",
                ),
                (
                    "assistant",
                    "A structure that mirrors who needs what:\n- `Platform / Infrastructure` — hypervisor, network gear, break-glass accounts (platform team only)\n- `Platform / Vendors` — SAP support portal, Zebra partner portal, carrier portals\n- `Sites / <site>` — local things like the gate-house PC and label-printer admin pages, one per site\n- `Service desk` — shared mailbox accounts\n\nServices in Kubernetes stay in Vault; Bitwarden is for humans.",
                ),
            ],
            [
                ("user", "good. migration order?"),
                (
                    "assistant",
                    "1. Vendors first (low risk, used often, good for training people).\n2. Sites, one per week.\n3. Infrastructure last, with a password change for each entry during the move, since the KeePass file has been copied around.\n4. After 30 days, archive the KeePass file read-only and delete it after 90.",
                ),
            ],
            [
                ("user", "why change them during the move?"),
                (
                    "assistant",
                    "Because we can't know how many copies of the KeePass file exist on laptops and USB sticks. Changing each credential as it moves means the old copies become useless.",
                ),
            ],
        ],
    ),
    (
        "en-account-lockout-helpdesk-procedure",
        [
            [
                (
                    "user",
                    "write a short procedure for the service desk: user calls, says they're locked out",
                ),
                (
                    "assistant",
                    'Locked-out user\n\n1. Verify identity: call back on the number in the HR directory, not the number they\'re calling from.\n2. In the Okta admin console, check the reason: "locked out" (5 failed attempts) or "password expired".\n3. Locked out: unlock the account; it also unlocks by itself after 15 minutes.\n4. Expired: send a reset link to the user\'s work email; never set a password for them verbally.\n5. Log the call in the ticket with the reason, not any password or code.',
                ),
            ],
            [
                ("user", "add: if they have no work email access (drivers)"),
                (
                    "assistant",
                    'Added step 4b: "Drivers without work email: send a reset via SMS to the work mobile registered in the MDM. If the phone is lost, the depot manager confirms identity in person and requests a temporary password through the access portal."',
                ),
            ],
        ],
    ),
    (
        "en-idoc-status-codes-51-53",
        [
            [
                ("user", "how many ORDERS IDocs are in status 51 today?"),
                (
                    "call",
                    "bash",
                    '{"command": "python tools/sap_idoc_stats.py --mestyp ORDERS --date today"}',
                ),
                (
                    "tool",
                    "status  count  meaning\n03      1204   Data passed to port OK\n53      1187   Application document posted\n51      17     Application document not posted\n64      3      IDoc ready to be transferred to application",
                ),
                (
                    "assistant",
                    "17 in status 51 (not posted), 3 still in 64 (waiting). 1,187 posted successfully in status 53.",
                ),
            ],
            [
                ("user", "what's the error on the 51s?"),
                (
                    "call",
                    "bash",
                    '{"command": "python tools/sap_idoc_stats.py --mestyp ORDERS --date today --status 51 --messages"}',
                ),
                (
                    "tool",
                    "msgid  msgno  count  text\nV1     382    12     Material 40012877 is blocked for sales\nVP     112    5      Ship-to party 100245 not assigned to sales area 1000/10/00",
                ),
                (
                    "assistant",
                    "Two causes: 12 IDocs fail with V1 382 (material 40012877 blocked for sales) and 5 with VP 112 (ship-to 100245 not in sales area 1000/10/00). Both are master data; the sales ops team needs to unblock the material and extend the customer.",
                ),
            ],
        ],
    ),
    (
        "en-sscc-check-digit-gs1",
        [
            [
                (
                    "user",
                    "the scanners reject SSCC 340123450000000017 on the new supplier's pallets. is the check digit wrong?",
                ),
                (
                    "assistant",
                    "Let's compute: an SSCC is 18 digits, the last is the check digit. For 34012345000000001, weights alternate 3,1 from the left... the result is 7, so 340123450000000017 is valid. Are the labels printed with the (00) application identifier?",
                ),
            ],
            [
                ("user", "the barcode content is 00340123450000000017 without FNC1"),
                (
                    "assistant",
                    "That's it. Without the FNC1 start character it's plain Code 128, not GS1-128, so our parser doesn't treat the leading 00 as an AI and sees a 20-digit number. The supplier needs to print GS1-128 with FNC1. As a workaround we could accept 20-digit codes starting with 00 at their dock door.",
                ),
            ],
        ],
    ),
    (
        "en-tracking-numbers-carrier-lookup",
        [
            [
                (
                    "user",
                    "check status of these DPD parcels: 01975400123456, 01975400123457, 01975400123470",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "carrierctl track --carrier dpd 01975400123456 01975400123457 01975400123470"}',
                ),
                (
                    "tool",
                    "01975400123456  DELIVERED        2024-06-10 14:22  Essen\n01975400123457  OUT_FOR_DELIVERY 2024-06-11 07:40  Essen\n01975400123470  EXCEPTION        2024-06-10 18:03  Hub Hamm: address incomplete",
                ),
                (
                    "assistant",
                    "…456 delivered yesterday, …457 out for delivery today, …470 has an exception at the Hamm hub: address incomplete.",
                ),
            ],
            [
                ("user", "what address do we have for 470"),
                (
                    "call",
                    "bash",
                    '{"command": "portalctl shipment find --tracking 01975400123470 --fields consignee,street,postal_code,city"}',
                ),
                (
                    "tool",
                    "consignee: Bäckerei Hoffmann GmbH\nstreet: Kettwiger Str.\npostal_code: 45127\ncity: Essen",
                ),
                (
                    "assistant",
                    'The street has no house number: "Kettwiger Str." in 45127 Essen. The customer needs to add it; DPD will hold the parcel for a few days.',
                ),
            ],
        ],
    ),
    (
        "en-password-hashing-parameters-portal",
        [
            [
                (
                    "user",
                    "security review asks what hashing the portal uses for customer passwords",
                ),
                (
                    "assistant",
                    "Argon2id via argon2-cffi, parameters m=65536 KiB, t=3, p=4, 16-byte random salt per password. Older accounts (before 2022) still have bcrypt cost 12 hashes, which are upgraded to Argon2id on the next successful login.",
                ),
            ],
            [
                ("user", "how many still on bcrypt?"),
                (
                    "call",
                    "bash",
                    '{"command": "psql -h portal-db-ro.kf.internal -U readonly -d portal -Atc \\"select split_part(password_hash, \'$\', 2) as algo, count(*) from users group by 1\\""}',
                ),
                ("tool", "argon2id|18412\n2b|1377"),
                (
                    "assistant",
                    "1,377 accounts still have bcrypt (`2b`) hashes, 18,412 are Argon2id. The bcrypt ones are probably inactive; forcing a reset on accounts idle over a year would clear most of them.",
                ),
            ],
        ],
    ),
    (
        "en-here-api-429-rate-limit",
        [
            [
                ("user", "routeplan logs are full of 429s from HERE this morning"),
                (
                    "call",
                    "bash",
                    "{\"command\": \"kubectl -n routeplan logs deploy/routeplan-api --since=1h | grep -c 'HTTP 429'; kubectl -n routeplan logs deploy/routeplan-api --since=1h | grep -m1 'HTTP 429'\"}",
                ),
                (
                    "tool",
                    "2318\n2024-06-11T06:02:14Z WARN here.matrix HTTP 429 Too Many Requests retry-after=30 plan_limit=matrix:25rps",
                ),
                (
                    "assistant",
                    "2,318 rate-limit responses in the last hour. Our HERE plan allows 25 matrix requests per second, and the Monday batch start fires them in parallel. The client retries immediately instead of honouring `retry-after: 30`.",
                ),
            ],
            [
                ("user", "fix the retry"),
                (
                    "assistant",
                    "I'll change `here/client.py` to respect `Retry-After` and add a token-bucket limiter at 20 requests/second so we stay under 25. PR coming.",
                ),
            ],
        ],
    ),
    (
        "en-quarterly-rotation-cron",
        [
            [
                (
                    "user",
                    "the DB credential rotation job should run quarterly, first day of the quarter at 03:00. what's the cron",
                ),
                (
                    "assistant",
                    "`0 3 1 1,4,7,10 *` — 03:00 on 1 January, April, July and October. `0 3 1 */3 *` gives the same months (1, 4, 7, 10).",
                ),
            ],
            [
                ("user", "put it on the CronJob"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n platform patch cronjob db-cred-rotate -p \'{\\"spec\\":{\\"schedule\\":\\"0 3 1 1,4,7,10 *\\",\\"timeZone\\":\\"Europe/Berlin\\"}}\' && kubectl -n platform get cronjob db-cred-rotate"}',
                ),
                (
                    "tool",
                    "cronjob.batch/db-cred-rotate patched\nNAME             SCHEDULE            TIMEZONE        SUSPEND   ACTIVE   LAST SCHEDULE   AGE\ndb-cred-rotate   0 3 1 1,4,7,10 *    Europe/Berlin   False     0        71d             204d",
                ),
                (
                    "assistant",
                    "Set to `0 3 1 1,4,7,10 *` in Europe/Berlin time. Next run is 1 July 03:00.",
                ),
            ],
        ],
    ),
    (
        "en-vault-policy-read-routeplan",
        [
            [
                ("user", "what can the routeplan role read in vault?"),
                ("call", "bash", '{"command": "vault policy read routeplan"}'),
                (
                    "tool",
                    'path "secret/data/routeplan/*" {\n  capabilities = ["read"]\n}\n\npath "secret/data/shared/here-maps" {\n  capabilities = ["read"]\n}\n\npath "database/creds/routeplan-rw" {\n  capabilities = ["read"]\n}',
                ),
                (
                    "assistant",
                    "Read-only on three paths: everything under `secret/data/routeplan/`, the shared HERE maps entry, and dynamic DB credentials from `database/creds/routeplan-rw`. No write anywhere, which is right.",
                ),
            ],
            [
                ("user", "does it need the shared here one? it has its own copy under routeplan/"),
                (
                    "assistant",
                    "If the app reads `secret/routeplan/here` now, the shared path is redundant; keeping two copies means rotating twice. I'd check which one the code reads and drop the other.",
                ),
            ],
        ],
    ),
    (
        "en-shrink-wrap-quantities-in-words",
        [
            [
                (
                    "user",
                    "Hall 2 supervisor left this on the order board, make it an order line: 'need forty-eight rolls of stretch film, twelve cases of the small thermal labels and two hundred corner boards'",
                ),
                (
                    "assistant",
                    "Order lines:\n- Stretch film rolls: 48\n- Thermal labels, small (100×50), cases: 12\n- Corner boards: 200",
                ),
            ],
            [
                ("user", "we have a framework contract, what's the sku for the corner boards"),
                (
                    "assistant",
                    "In the catalogue the 35×35×1200 mm corner boards are KF-CB-35-1200, sold in bundles of 50, so 200 = 4 bundles.",
                ),
            ],
        ],
    ),
    (
        "en-fleet-numbers-plates-telematics",
        [
            [
                (
                    "user",
                    "telematics for trucks 4471 and 4473 stopped reporting yesterday. plates DU-KF 4471 and DU-KF 4473",
                ),
                ("call", "bash", '{"command": "fleetctl status --unit 4471 --unit 4473"}'),
                (
                    "tool",
                    "unit  plate        last_ping             firmware  sim_iccid_tail\n4471  DU-KF 4471   2024-06-10 16:42:10   5.2.1     ...8812\n4473  DU-KF 4473   2024-06-10 16:44:57   5.2.1     ...8815",
                ),
                (
                    "assistant",
                    "Both stopped within three minutes of each other around 16:43 yesterday, same firmware 5.2.1. Were they parked at the same place? It could be the depot, not the trucks.",
                ),
            ],
            [
                ("user", "both at Duisburg yard, bay 9 and 10"),
                (
                    "assistant",
                    "Then it's probably coverage in that corner of the yard, or they're powered down with the ignition off. If they're still silent after the morning departure, it's a telematics problem.",
                ),
            ],
        ],
    ),
    (
        "en-geofence-polygon-venlo-yard",
        [
            [
                (
                    "user",
                    "the arrival geofence for Venlo triggers when trucks are still on the A73. can you show me the polygon",
                ),
                ("call", "bash", '{"command": "routeplanctl geofence get VNL-01 --format wkt"}'),
                (
                    "tool",
                    "POLYGON((6.1482 51.3921, 6.1561 51.3921, 6.1561 51.3868, 6.1482 51.3868, 6.1482 51.3921))",
                ),
                (
                    "assistant",
                    "It's a plain rectangle about 550 m × 590 m. The east edge at longitude 6.1561 reaches over the motorway, so trucks passing on the A73 count as arrived.",
                ),
            ],
            [
                ("user", "pull the east edge back to 6.1540"),
                (
                    "call",
                    "bash",
                    '{"command": "routeplanctl geofence set VNL-01 --wkt \'POLYGON((6.1482 51.3921, 6.1540 51.3921, 6.1540 51.3868, 6.1482 51.3868, 6.1482 51.3921))\'"}',
                ),
                ("tool", "geofence VNL-01 updated (area 0.247 km² -> 0.158 km²)"),
                (
                    "assistant",
                    "Done; the east edge is at 6.1540 now and the area dropped from 0.247 to 0.158 km². Arrivals should stop firing from the motorway.",
                ),
            ],
        ],
    ),
    (
        "en-dst-eta-timestamps-off-by-one-hour",
        [
            [
                (
                    "user",
                    "ETAs on the portal were an hour off for the UK depot in late March. timezone bug?",
                ),
                (
                    "assistant",
                    "Likely. The UK changed to BST on 31 March, the EU on the same day, but the portal formats ETAs with a fixed offset from the depot record (`utc_offset: 0`) instead of the zone name `Europe/London`. After 31 March, a fixed +00:00 is an hour behind.",
                ),
            ],
            [
                ("user", "so store Europe/London and let the browser do it?"),
                (
                    "assistant",
                    "Store the IANA zone on the depot and format server-side with it; the browser's zone is the viewer's, which is wrong for a customer in Germany looking at a UK delivery. I'll change `depot.utc_offset` to `depot.tz` with a migration that maps 0 → Europe/London, 1 → Europe/Berlin for existing rows, and flag the Lisbon depot for a manual check.",
                ),
            ],
        ],
    ),
    (
        "en-helm-releases-chart-versions",
        [
            [
                ("user", "which chart versions are running in prod for the platform stuff"),
                (
                    "call",
                    "bash",
                    '{"command": "helm list -A --kube-context prod-eu1 -o table | grep -E \'NAME|ingress|cert-manager|vault|external-secrets|kube-prometheus\'"}',
                ),
                (
                    "tool",
                    "NAME                   NAMESPACE        REVISION  UPDATED                                STATUS    CHART                          APP VERSION\ncert-manager           cert-manager     9         2024-04-02 10:14:51 +0200 CEST         deployed  cert-manager-v1.14.4           v1.14.4\nexternal-secrets       external-secrets 6         2024-03-11 09:02:33 +0100 CET          deployed  external-secrets-0.9.13        v0.9.13\ningress-nginx          ingress-nginx    14        2024-05-28 16:40:09 +0200 CEST         deployed  ingress-nginx-4.10.1           1.10.1\nkube-prometheus-stack  monitoring       21        2024-05-06 11:22:18 +0200 CEST         deployed  kube-prometheus-stack-58.4.0   v0.73.2\nvault                  vault            5         2024-01-15 13:05:47 +0100 CET          deployed  vault-0.27.0                   1.15.2",
                ),
                (
                    "assistant",
                    "Prod-eu1:\n- cert-manager v1.14.4 (rev 9)\n- external-secrets 0.9.13 (rev 6)\n- ingress-nginx chart 4.10.1 / controller 1.10.1 (rev 14)\n- kube-prometheus-stack 58.4.0 (rev 21)\n- vault chart 0.27.0 / Vault 1.15.2 (rev 5)\n\nVault is the oldest; 1.15.2 is from last November.",
                ),
            ],
            [
                ("user", "make a ticket to bump vault"),
                (
                    "assistant",
                    'Created PLAT-1249 "Upgrade Vault 1.15.2 → 1.16.x in prod-eu1" with the release notes linked and a note to take a Raft snapshot first.',
                ),
            ],
        ],
    ),
    (
        "en-incident-number-postmortem-header",
        [
            [
                (
                    "user",
                    "start the postmortem doc for yesterday's WMS outage, incident INC-20240610-0042, sev 2, 41 minutes",
                ),
                (
                    "assistant",
                    "# Postmortem: WMS outage Duisburg\n\n- Incident: INC-20240610-0042\n- Severity: SEV-2\n- Duration: 41 minutes (14:07–14:48 CEST)\n- Impact: scanning unavailable in halls 1–3, 23 outbound trucks delayed\n\n## Timeline\n\n## Root cause\n\n## Action items\n\nWhat times do you have for detection and mitigation?",
                ),
            ],
            [
                ("user", "alert 14:09, failover 14:31, all green 14:48"),
                (
                    "assistant",
                    "Timeline filled in: 14:07 first errors, 14:09 alert fired (2 minutes to detect), 14:31 failover to dtm-wms-02 started, 14:48 all scanners reconnected. Time to mitigate: 24 minutes after the alert.",
                ),
            ],
        ],
    ),
    (
        "en-access-request-role-names",
        [
            [
                (
                    "user",
                    "new SRE starts next week, which roles does she need in the access portal",
                ),
                (
                    "assistant",
                    "For the platform SRE profile:\n- `k8s-prod-readonly` and `k8s-staging-admin`\n- `vault-platform-operator`\n- `grafana-editor`\n- `pagerduty-responder` (added to the rotation after 4 weeks)\n- `aws-kf-prod-viewer`\n\n`k8s-prod-admin` comes later via the break-glass process, not as a standing role.",
                ),
            ],
            [
                ("user", "who approves?"),
                (
                    "assistant",
                    "Team-lead approval for all of them; `vault-platform-operator` also needs a second approval from security. Requests made by Thursday are usually provisioned by Monday.",
                ),
            ],
        ],
    ),
    (
        "en-contractor-badge-gate-3",
        [
            [
                (
                    "user",
                    "the electrical contractor's badge 20417 doesn't open gate 3. reception says it's active",
                ),
                ("call", "bash", '{"command": "accessctl badge show 20417"}'),
                (
                    "tool",
                    "badge: 20417\nholder: Elektro Brandt GmbH (contractor)\nvalid: 2024-06-03 .. 2024-06-28\nzones: reception, hall-2, roof-access\nschedule: weekdays 07:00-17:00",
                ),
                (
                    "assistant",
                    "The badge is valid until 28 June but only for reception, hall 2 and roof access. Gate 3 (the yard gate) isn't in its zones.",
                ),
            ],
            [
                ("user", "they need the yard for the lift. add gate 3"),
                ("call", "bash", '{"command": "accessctl badge add-zone 20417 gate-3"}'),
                ("tool", "badge 20417: zones = reception, hall-2, roof-access, gate-3"),
                ("assistant", "Added gate 3. Same schedule (weekdays 07:00–17:00) applies."),
            ],
        ],
    ),
    (
        "en-ean-test-barcodes-fixtures",
        [
            [
                (
                    "user",
                    "I need 5 valid EAN-13 codes for the scanner test fixtures, with our company prefix 4012345",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "python -c \\"\\nfrom itertools import count\\ndef cd(s):\\n    t = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(s))\\n    return str((10 - t % 10) % 10)\\nfor n in range(1, 6):\\n    b = f\'4012345{n:05d}\'\\n    print(b + cd(b))\\n\\""}',
                ),
                (
                    "tool",
                    "4012345000014\n4012345000021\n4012345000038\n4012345000045\n4012345000052",
                ),
                (
                    "assistant",
                    "Valid EAN-13s: 4012345000014, 4012345000021, 4012345000038, 4012345000045, 4012345000052 (item references 00001–00005 with computed check digits).",
                ),
            ],
            [
                ("user", "and one with a wrong check digit for the negative test"),
                (
                    "assistant",
                    "Use 4012345000015: same as the first, with the check digit changed from 4 to 5.",
                ),
            ],
        ],
    ),
    (
        "en-mdm-device-serials-battery",
        [
            [
                ("user", "list the handhelds in Rotterdam with battery health under 70%"),
                (
                    "call",
                    "bash",
                    '{"command": "mdmctl devices --site RTM --filter \'battery_health<70\' --fields serial,model,battery_health,last_seen"}',
                ),
                (
                    "tool",
                    "serial          model  battery_health  last_seen\n21290523100418  TC52   64              2024-06-11 07:58\n21290523100652  TC52   58              2024-06-11 08:02\n22107523201177  TC52x  69              2024-06-10 22:14\n20344523000912  TC52   51              2024-06-11 06:45",
                ),
                (
                    "assistant",
                    "Four devices under 70%: serials ending 0418 (64%), 0652 (58%), 1177 (69%) and 0912 (51%). The last one is the oldest (2020 serial) and worst.",
                ),
            ],
            [
                ("user", "order batteries for all four"),
                (
                    "assistant",
                    "Four extended batteries (BTRY-TC5X-46MA1-01) for TC52/TC52x, delivery to Rotterdam. I'll put the four serials in the order note so the site knows which devices they're for.",
                ),
            ],
        ],
    ),
    (
        "en-printer-mac-addresses-dhcp",
        [
            [
                (
                    "user",
                    "network team wants the MACs of the new Zebra printers in hall 3 for DHCP reservations",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh dui-core-sw1 \'show mac address-table vlan 140 | include 0007.4d\'"}',
                ),
                (
                    "tool",
                    "140    0007.4d8a.1c22    DYNAMIC     Gi1/0/17\n140    0007.4d8a.1c5f    DYNAMIC     Gi1/0/18\n140    0007.4d8b.03e1    DYNAMIC     Gi1/0/21",
                ),
                (
                    "assistant",
                    "Three Zebra MACs (prefix 00:07:4D) on VLAN 140:\n- 00:07:4d:8a:1c:22 on Gi1/0/17\n- 00:07:4d:8a:1c:5f on Gi1/0/18\n- 00:07:4d:8b:03:e1 on Gi1/0/21",
                ),
            ],
            [
                ("user", "and which IPs should they get"),
                (
                    "assistant",
                    "The hall 3 printer range is 10.40.12.20–10.40.12.39 and .20–.22 are free, so reserve them in order: .20, .21, .22.",
                ),
            ],
        ],
    ),
    (
        "en-correlation-ids-failed-booking",
        [
            [
                (
                    "user",
                    "customer says booking a pickup failed at 10:14 today with 'something went wrong'. find it",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"kubectl -n portal logs deploy/portal-api --since=3h | grep ' 10:14:' | grep -E 'ERROR|5[0-9]{2}' | head -4\"}",
                ),
                (
                    "tool",
                    "2024-06-11 10:14:37 ERROR request_id=6f1c2e8a-93b4-4d7e-a015-c2e9f47b81d3 POST /api/pickups 500 ValidationError: pickup_window.end before pickup_window.start\n2024-06-11 10:14:52 ERROR request_id=0b7d4f19-2a6c-4e83-9f50-81d2c6a3e7b4 POST /api/pickups 500 ValidationError: pickup_window.end before pickup_window.start",
                ),
                (
                    "assistant",
                    "Two failed bookings at 10:14 (request IDs 6f1c2e8a-… and 0b7d4f19-…). Both are a validation error returned as 500: the pickup window ends before it starts. Probably the customer picked a window crossing midnight.",
                ),
            ],
            [
                ("user", "should be a 400 not a 500 too"),
                (
                    "assistant",
                    "Yes: a ValidationError should map to 400 with a readable message. I'll fix the exception handler and add the midnight case to the window parser.",
                ),
            ],
        ],
    ),
    (
        "en-totp-config-portal",
        [
            [
                (
                    "user",
                    "what are our TOTP settings for portal admins? auditor wants it written down",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "yq \'.auth.totp\' ~/src/portal/deploy/values-prod.yaml"}',
                ),
                (
                    "tool",
                    'enabled: true\nissuer: "Kestrel Freight Portal"\nalgorithm: SHA1\ndigits: 6\nperiod: 30\nskew: 1\nrequired_for_roles:\n  - admin\n  - billing',
                ),
                (
                    "assistant",
                    'TOTP for portal admin and billing roles: RFC 6238, SHA-1, 6 digits, 30-second period, one step of clock skew accepted (so a code is good for up to ~90 seconds around its window). Issuer shows as "Kestrel Freight Portal" in the authenticator app. Seeds are generated per user at enrolment and stored encrypted.',
                ),
            ],
            [
                ("user", "is SHA1 a problem?"),
                (
                    "assistant",
                    "Not for TOTP: HMAC-SHA1 is still considered fine there, and many authenticator apps ignore other algorithms anyway. I'd write that in the audit answer so it doesn't come back as a finding.",
                ),
            ],
        ],
    ),
    (
        "en-password-field-validation-message",
        [
            [
                (
                    "user",
                    "QA reports the portal's signup form says 'Password must be at least 8 characters' but the backend rejects anything under 14",
                ),
                (
                    "assistant",
                    "The frontend constant is out of date. In `src/auth/validation.ts`, `MIN_PASSWORD_LENGTH = 8`; the backend setting `PASSWORD_MIN_LENGTH` is 14 since the policy change in February. I'll read it from `/api/config` instead of a constant so they can't drift again.",
                ),
            ],
            [
                ("user", "also the show password eye icon doesn't toggle back"),
                (
                    "assistant",
                    'That\'s in `PasswordInput.tsx`: the click handler sets `type="text"` but never back to `"password"` because it reads stale state. Both fixes will be in the same PR.',
                ),
            ],
        ],
    ),
    (
        "en-env-example-placeholders",
        [
            [
                ("user", "new dev can't start the routeplan app locally, says env vars missing"),
                ("call", "bash", '{"command": "cat ~/src/routeplan/.env.example"}'),
                (
                    "tool",
                    "# copy to .env and fill in\nDATABASE_URL=postgresql://routeplan@localhost:5432/routeplan\nHERE_API_KEY=\nTOMTOM_API_KEY=\nSAP_RFC_USER=\nSAP_RFC_PASSWORD=\nLOG_LEVEL=debug",
                ),
                (
                    "assistant",
                    "The example file has empty values for `HERE_API_KEY`, `SAP_RFC_USER` and `SAP_RFC_PASSWORD`. For local dev, `./scripts/dev-env.sh` fills them from Vault's `secret/routeplan/dev` if they're logged into Vault; that's easier than copying values by hand.",
                ),
            ],
            [
                ("user", "is the SAP one needed locally?"),
                (
                    "assistant",
                    "Only for the `sync` commands. With `SAP_MOCK=1` the app uses the recorded responses in `tests/fixtures/sap/` and doesn't need RFC credentials at all. I'll add `SAP_MOCK=1` to the example file.",
                ),
            ],
        ],
    ),
    (
        "en-german-keyboard-handheld-layout",
        [
            [
                (
                    "user",
                    "the Rotterdam drivers got handhelds with a German on-screen keyboard layout, they keep typing Z for Y",
                ),
                (
                    "assistant",
                    "The MDM profile for the NL site was cloned from Duisburg, so it sets Gboard to German QWERTZ. For NL it should be English (US) QWERTY, which is what Dutch keyboards use. I'll fix the profile for site RTM.",
                ),
            ],
            [
                ("user", "and the numeric keypad on the pickup confirm screen?"),
                (
                    "assistant",
                    "That one's the app's own keypad, not the system keyboard, so it's the same everywhere. Only the system keyboard changes.",
                ),
            ],
        ],
    ),
    (
        "en-token-bucket-limiter-design",
        [
            [
                (
                    "user",
                    "explain the token bucket we're putting in front of HERE, for the PR description",
                ),
                (
                    "assistant",
                    "The limiter holds up to 20 tokens and refills at 20 tokens per second. Each matrix request takes one token; if the bucket is empty, the request waits until a token is available instead of failing. Bursts of up to 20 requests go through at once, but the sustained rate stays at 20/s, under HERE's 25/s plan limit.",
                ),
            ],
            [
                ("user", "shared across pods?"),
                (
                    "assistant",
                    "No, per pod. With 3 replicas we'd reach 60/s, so the bucket size and rate need to be divided by the replica count, or the bucket moved to Redis. Dividing (about 6–7 per pod) is simpler for now; I'll note it.",
                ),
            ],
        ],
    ),
    (
        "en-jwt-lifetimes-config-review",
        [
            [
                (
                    "user",
                    "what token lifetimes does the driver app use? someone said refresh tokens never expire",
                ),
                (
                    "assistant",
                    "From the auth service config: access tokens last 15 minutes, refresh tokens 30 days with rotation (each use issues a new refresh token and invalidates the old one). They do expire; 30 days is long because drivers can be offline for days on long-haul routes.",
                ),
            ],
            [
                ("user", "what happens when a phone is reported lost"),
                (
                    "assistant",
                    "The MDM wipe also calls the auth service to revoke all refresh tokens for that device ID. Any access token already issued stays valid until its 15 minutes are up; that's the window you accept with stateless access tokens.",
                ),
            ],
        ],
    ),
    (
        "en-port-forward-debug-optimizer",
        [
            [
                ("user", "I want to hit the optimizer's debug endpoint from my laptop"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n routeplan get svc optimizer -o jsonpath=\'{.spec.ports}\'"}',
                ),
                (
                    "tool",
                    '[{"name":"http","port":80,"protocol":"TCP","targetPort":8080},{"name":"debug","port":6060,"protocol":"TCP","targetPort":6060}]',
                ),
                (
                    "assistant",
                    "The service exposes `debug` on 6060. Run `kubectl -n routeplan port-forward svc/optimizer 6060:6060` and open http://localhost:6060/debug/pprof/. It's pprof, so `go tool pprof http://localhost:6060/debug/pprof/heap` works too.",
                ),
            ],
            [
                ("user", "port 6060 is taken locally"),
                (
                    "assistant",
                    "Map it to another local port: `kubectl -n routeplan port-forward svc/optimizer 16060:6060`, then use localhost:16060.",
                ),
            ],
        ],
    ),
    (
        "en-dig-records-portal-cutover",
        [
            [
                ("user", "did the DNS cutover for the portal go through?"),
                (
                    "call",
                    "bash",
                    '{"command": "dig +short portal.kestrel-freight.com A; dig +short portal.kestrel-freight.com AAAA; dig +short portal.kestrel-freight.com CNAME"}',
                ),
                ("tool", "203.0.113.48\n2001:db8:4a2::30"),
                (
                    "assistant",
                    "Yes: A 203.0.113.48 and AAAA 2001:db8:4a2::30, which are the new load balancer's addresses. No CNAME. Some resolvers may cache the old record until the 300-second TTL runs out.",
                ),
            ],
            [
                ("user", "old ip was 198.51.100.17, anything still hitting it?"),
                (
                    "assistant",
                    "I can't see that from here; the old load balancer's access log would show it. I'd keep it running for 24 hours and look at the request count before deleting.",
                ),
            ],
        ],
    ),
    (
        "en-bin-location-codes-reslotting",
        [
            [
                (
                    "user",
                    "reslotting plan for hall 2: move the fast movers from A-12-03-B, A-12-04-A and A-13-01-C to the front aisle, bins F-01-01-A through F-01-01-C",
                ),
                (
                    "assistant",
                    "Moves:\n1. A-12-03-B → F-01-01-A\n2. A-12-04-A → F-01-01-B\n3. A-13-01-C → F-01-01-C\n\nThe F-01 bins are level 01, so these are floor-level picks. Is F-01-01-C empty? The WMS shows a partial pallet there from last week's returns.",
                ),
            ],
            [
                ("user", "returns pallet gets moved to R-02-02-A first"),
                (
                    "assistant",
                    "Then the order is: R move first, then the three fast-mover moves. I'll create 4 transfer tasks in the WMS in that sequence, so the scanners get them in order.",
                ),
            ],
        ],
    ),
    (
        "en-hs-codes-eori-customs",
        [
            [
                (
                    "user",
                    "customs broker says the export declarations for the scanner shipment to our UK depot have wrong HS codes",
                ),
                (
                    "assistant",
                    "Handheld mobile computers usually go under 8471.30 (portable data-processing machines under 10 kg). Labels are 4821.10, and the charging cradles 8504.40. What codes did we declare?",
                ),
            ],
            [
                ("user", "we put 8517.62 for the handhelds"),
                (
                    "assistant",
                    "8517.62 is for network/communication equipment. Zebra's own commercial invoices use 8471.30.00 for the TC52, so follow that. Our EORI DE4471902338100012 was fine on the declaration, only the codes need correcting.",
                ),
            ],
        ],
    ),
    (
        "en-grafana-dashboard-uid-panel",
        [
            [
                ("user", "link to the routeplan latency panel for the ops wiki"),
                (
                    "call",
                    "bash",
                    "{\"command\": \"curl -s -H 'Authorization: Bearer $GRAFANA_TOKEN' https://grafana.kf.internal/api/search?query=routeplan | jq -r '.[] | [.uid, .title] | @tsv'\"}",
                ),
                (
                    "tool",
                    "routeplan-latency\tRoutePlan / API latency\nrouteplan-solver\tRoutePlan / Solver\nrouteplan-here\tRoutePlan / HERE usage",
                ),
                (
                    "assistant",
                    "Dashboard uid `routeplan-latency`: https://grafana.kf.internal/d/routeplan-latency/routeplan-api-latency — the p95 panel is panel 4, so for a direct link add `?viewPanel=4`.",
                ),
            ],
            [
                ("user", "and the HERE one"),
                (
                    "assistant",
                    "https://grafana.kf.internal/d/routeplan-here/routeplan-here-usage. That one shows request rate against the 25 rps plan limit.",
                ),
            ],
        ],
    ),
    (
        "en-k8s-nodes-internal-ips",
        [
            [
                ("user", "which node is 10.42.0.31? a pod on it is flapping"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl --context prod-eu1 get nodes -o wide | awk \'NR==1 || /10.42.0.31/\'"}',
                ),
                (
                    "tool",
                    "NAME                          STATUS   ROLES    AGE    VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE             KERNEL-VERSION\nprod-eu1-pool-b-6f8d9c-x2kl   Ready    <none>   38d    v1.29.4   10.42.0.31    <none>        Ubuntu 22.04.4 LTS   5.15.0-107-generic",
                ),
                (
                    "assistant",
                    "It's `prod-eu1-pool-b-6f8d9c-x2kl`, Ready, k8s v1.29.4, 38 days old.",
                ),
            ],
            [
                ("user", "any pressure conditions?"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl --context prod-eu1 describe node prod-eu1-pool-b-6f8d9c-x2kl | sed -n \'/Conditions:/,/Addresses:/p\'"}',
                ),
                (
                    "tool",
                    "Conditions:\n  Type             Status  Reason\n  MemoryPressure   False   KubeletHasSufficientMemory\n  DiskPressure     True    KubeletHasDiskPressure\n  PIDPressure      False   KubeletHasSufficientPID\n  Ready            True    KubeletReady\nAddresses:",
                ),
                (
                    "assistant",
                    "DiskPressure is True. The kubelet evicts pods under disk pressure, which would explain the flapping. Probably image garbage or container logs filling the disk.",
                ),
            ],
        ],
    ),
    (
        "en-sap-transport-request-numbers",
        [
            [
                (
                    "user",
                    "which transports are still waiting for import into PRD for the route-sync RFC changes?",
                ),
                (
                    "assistant",
                    "From the change log: DEVK904411 (function module Z_ROUTE_SYNC, new field for dock slot) and DEVK904418 (the table ZROUTE_STOP extension). DEVK904411 depends on DEVK904418, so 4418 goes first.",
                ),
            ],
            [
                ("user", "basis team imports tuesdays, put both on the list"),
                (
                    "assistant",
                    "Added to Tuesday's import list in that order: DEVK904418, then DEVK904411, with a note that the routeplan deploy 2.19.1 must follow the import, not precede it.",
                ),
            ],
        ],
    ),
    (
        "en-dock-door-assignment-out-of-service",
        [
            [
                (
                    "user",
                    "door 17 is out of service (broken leveller) until Friday. reassign its slots",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "dockctl slots --site DUI --door 17 --from today --to friday"}',
                ),
                (
                    "tool",
                    "slot   time         carrier         ref\n17-03  2024-06-11 09:00  Dachser        INB-55120\n17-05  2024-06-11 13:00  Raben          INB-55131\n17-02  2024-06-12 07:00  Kestrel own    OUT-DU-07\n17-06  2024-06-13 15:00  DB Schenker    INB-55188",
                ),
                (
                    "assistant",
                    "Four slots on door 17 through Friday. Doors 16 and 18 have free slots at those times except Wednesday 07:00 on 16. Proposal: INB-55120 → 18, INB-55131 → 16, OUT-DU-07 → 18, INB-55188 → 16.",
                ),
            ],
            [
                ("user", "go"),
                (
                    "call",
                    "bash",
                    '{"command": "dockctl move INB-55120:18 INB-55131:16 OUT-DU-07:18 INB-55188:16 --notify-carriers"}',
                ),
                ("tool", "moved 4 slots, 3 carrier notifications queued"),
                (
                    "assistant",
                    "Moved, and the three external carriers were notified. Door 17 is blocked in the planner until Friday.",
                ),
            ],
        ],
    ),
    (
        "en-postgres-deadlock-sqlstate",
        [
            [
                ("user", "routeplan sync job failed with 40P01, what is that"),
                (
                    "assistant",
                    "SQLSTATE 40P01 is `deadlock_detected`. Two transactions locked rows in opposite order. Postgres aborts one of them; the job should retry the transaction rather than fail.",
                ),
            ],
            [
                ("user", "show me what deadlocked"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n routeplan logs job/sap-sync-28634410 | grep -A4 40P01"}',
                ),
                (
                    "tool",
                    'ERROR:  deadlock detected (SQLSTATE 40P01)\nDETAIL:  Process 48812 waits for ShareLock on transaction 9912044; blocked by process 48790.\nProcess 48790 waits for ShareLock on transaction 9912041; blocked by process 48812.\nCONTEXT:  while updating tuple (1412,7) in relation "route_stops"',
                ),
                (
                    "assistant",
                    "Two sync workers updating `route_stops` in different orders. Sorting the stop IDs before updating in each batch removes the deadlock; adding a retry on 40P01 covers anything left.",
                ),
            ],
        ],
    ),
    (
        "en-keyerror-api-key-config-loader",
        [
            [
                ("user", "staging routeplan crashloops"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl --context staging -n routeplan logs deploy/routeplan-api --previous | tail -6"}',
                ),
                (
                    "tool",
                    'Traceback (most recent call last):\n  File "/app/routeplan/config.py", line 41, in load\n    here_key = cfg["here"]["api_key"]\n               ~~~~~~~~~~~^^^^^^^^^^^\nKeyError: \'api_key\'',
                ),
                (
                    "assistant",
                    "`KeyError: 'api_key'` in the config loader: the `here` section of the config has no `api_key` entry. In staging the value is injected from the env var `HERE_API_KEY` via the external secret; is that ExternalSecret synced?",
                ),
            ],
            [
                ("user", "check"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl --context staging -n routeplan get externalsecret here-maps"}',
                ),
                (
                    "tool",
                    "NAME        STORE   REFRESH INTERVAL   STATUS              READY\nhere-maps   vault   1h                 SecretSyncedError   False",
                ),
                (
                    "assistant",
                    "The ExternalSecret `here-maps` is in `SecretSyncedError`, so the secret isn't populated and the key is missing. Usually the Vault path was renamed or the role lost read access. `kubectl describe externalsecret here-maps` will say which.",
                ),
            ],
        ],
    ),
    (
        "en-card-terminal-pin-pad-firmware",
        [
            [
                (
                    "user",
                    "drivers' card terminals for cash-on-delivery: the PIN pad firmware update from the payment provider, when is it rolling out?",
                ),
                (
                    "assistant",
                    "The provider's notice says firmware 4.2 for the handheld payment terminals is pushed over the air between 17 and 21 June, overnight while charging. The terminals need to be docked and on Wi-Fi. No action for the drivers except leaving them in the cradle.",
                ),
            ],
            [
                ("user", "what if a terminal is out on a route overnight?"),
                (
                    "assistant",
                    "It gets the update the next night it's docked. Terminals on the old firmware keep working until 15 July; after that the provider blocks them. I'd pull a list on 10 July of terminals still on 4.1.",
                ),
            ],
        ],
    ),
    (
        "en-driver-app-sigsegv-logcat",
        [
            [
                (
                    "user",
                    "driver app crashes when scanning on the new TC58s. logcat attached by the depot",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -A3 \'Fatal signal\' ~/Downloads/tc58_logcat_rtm.txt | head -5"}',
                ),
                (
                    "tool",
                    "06-11 07:41:22.118  8812  8851 F libc    : Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0 in tid 8851 (ScanThread), pid 8812 (com.kestrel.driver)\n06-11 07:41:22.301  8870  8870 F DEBUG   : #00 pc 0000000000042a1c  /data/app/com.kestrel.driver/lib/arm64/libdecoder.so (decode_frame+188)",
                ),
                (
                    "assistant",
                    "A null-pointer crash (signal 11, SEGV_MAPERR at address 0x0) in the scan thread, inside our bundled `libdecoder.so` (`decode_frame`). The TC58 camera delivers a different frame format, and the old decoder doesn't check for it.",
                ),
            ],
            [
                ("user", "fix?"),
                (
                    "assistant",
                    "Short term: on Zebra devices use the hardware scanner through DataWedge instead of the camera decoder; the TC58 has one. Long term: update `libdecoder` or drop it. I'll make the DataWedge path the default for model names starting with TC.",
                ),
            ],
        ],
    ),
    (
        "en-k6-load-test-results-portal",
        [
            [
                ("user", "run the portal tracking-page load test at 200 VUs"),
                (
                    "call",
                    "bash",
                    "{\"command\": \"k6 run --vus 200 --duration 5m loadtests/tracking.js --summary-trend-stats 'p(50),p(95),p(99)' 2>&1 | grep -E 'http_req_duration|http_req_failed|iterations'\"}",
                ),
                (
                    "tool",
                    "     http_req_duration..........: p(50)=142.8ms p(95)=611.4ms p(99)=1.42s\n     http_req_failed............: 0.37%  ✓ 412  ✗ 110871\n     iterations.................: 111283 370.9/s",
                ),
                (
                    "assistant",
                    "At 200 virtual users: 371 iterations/s, p50 143 ms, p95 611 ms, p99 1.42 s, 0.37% failed (412 of about 111k). The p99 is above the 1 s target.",
                ),
            ],
            [
                ("user", "what were the failures"),
                (
                    "assistant",
                    "The summary doesn't say; rerun with `--out json=results.json` and count by status. My guess is 504s from the tracking lookup against the carrier APIs, since the page waits on them synchronously.",
                ),
            ],
        ],
    ),
    (
        "en-customer-spells-surname-nato",
        [
            [
                (
                    "user",
                    "customer called about a missed delivery, spelled her surname: kilo oscar whiskey alpha lima charlie zulu yankee kilo. find her shipments",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "portalctl shipment search --consignee-name Kowalczyk --since 14d --fields tracking_no,status,city"}',
                ),
                (
                    "tool",
                    "tracking_no      status        city\nKF240606DU01183  DELIVERED     Oberhausen\nKF240610DU00417  NOT_DELIVERED Oberhausen",
                ),
                (
                    "assistant",
                    "Kowalczyk: two shipments to Oberhausen. KF240610DU00417 is the missed one (NOT_DELIVERED, yesterday). The other from 6 June was delivered.",
                ),
            ],
            [
                ("user", "what's the driver note on 417"),
                ("call", "bash", '{"command": "portalctl shipment notes KF240610DU00417"}'),
                (
                    "tool",
                    "2024-06-10 15:12 driver: nobody home, no safe place, card left\n2024-06-10 15:12 system: redelivery scheduled 2024-06-12",
                ),
                (
                    "assistant",
                    "Driver found nobody home at 15:12 and left a card; redelivery is already scheduled for tomorrow, 12 June. You can tell her she can also change the date in the portal with the tracking number.",
                ),
            ],
        ],
    ),
    (
        "en-depot-phone-menu-options",
        [
            [
                (
                    "user",
                    "we're redoing the Duisburg depot phone menu. current: 1 sales, 2 tracking, 3 dispatch, 4 claims. dispatch wants to be 1",
                ),
                (
                    "assistant",
                    "New order: press 1 for dispatch (ext. 4102), 2 for tracking (automated, asks for the tracking number), 3 for claims (ext. 4130), 4 for sales (ext. 4150). Keep 0 for the operator (ext. 4100).",
                ),
            ],
            [
                ("user", "script for the greeting?"),
                (
                    "assistant",
                    '"Welcome to Kestrel Freight Duisburg. For dispatch and drivers, press 1. To track a shipment, press 2. For claims and damages, press 3. For new business, press 4. To speak to the operator, press 0."',
                ),
            ],
        ],
    ),
    (
        "en-pallet-weights-dimensions-validation",
        [
            [
                (
                    "user",
                    "portal should reject pallets over 1,000 kg or taller than 2.2 m for standard service. current validation?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -n -A6 \'class PalletSpec\' ~/src/portal/api/booking/models.py"}',
                ),
                (
                    "tool",
                    "88:class PalletSpec(BaseModel):\n89-    length_mm: conint(gt=0, le=2400)\n90-    width_mm: conint(gt=0, le=1200)\n91-    height_mm: conint(gt=0, le=2600)\n92-    weight_kg: confloat(gt=0, le=1500)\n93-    stackable: bool = True",
                ),
                (
                    "assistant",
                    "Currently up to 2,600 mm high and 1,500 kg for every service. For standard service the limits should be 2,200 mm and 1,000 kg; the higher ones only for the heavy freight service. That needs a validator that depends on the service level rather than field constraints.",
                ),
            ],
            [
                (
                    "user",
                    "example: 1200x800x1500, 742 kg is fine; 1200x1000x2300, 940 kg should fail on height",
                ),
                (
                    "assistant",
                    'I\'ll put both in the tests: the EUR pallet 1200×800×1500 mm at 742 kg passes for standard; 1200×1000×2300 mm at 940 kg fails with "height over 2,200 mm for standard service".',
                ),
            ],
        ],
    ),
    (
        "en-route-ids-optimizer-compare",
        [
            [
                (
                    "user",
                    "compare today's optimized routes R-DU-0611-07 and R-DU-0611-08 with yesterday's same routes",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "routeplanctl compare R-DU-0610-07 R-DU-0611-07 R-DU-0610-08 R-DU-0611-08 --fields stops,km,drive_min"}',
                ),
                (
                    "tool",
                    "route          stops  km     drive_min\nR-DU-0610-07   38     162.4  311\nR-DU-0611-07   41     158.9  318\nR-DU-0610-08   35     201.7  344\nR-DU-0611-08   36     247.2  402",
                ),
                (
                    "assistant",
                    "Route 07: 3 more stops but 3.5 km shorter, 7 minutes more driving; looks healthy. Route 08: 1 more stop but 45 km and 58 minutes more. Something odd on 08.",
                ),
            ],
            [
                ("user", "probably the Rhine bridge closure at Duisburg-Neuenkamp"),
                (
                    "assistant",
                    "That would do it: if 08 serves both sides of the Rhine, the detour via the A40 bridge adds roughly that much. The traffic feed should have it as a closure already.",
                ),
            ],
        ],
    ),
    (
        "en-feature-flag-keys-checkout",
        [
            [
                ("user", "which feature flag key controls the new checkout in the portal"),
                (
                    "call",
                    "bash",
                    '{"command": "grep -rn \'isEnabled(\' ~/src/portal/web/src/checkout | head -5"}',
                ),
                (
                    "tool",
                    'src/checkout/CheckoutPage.tsx:22:  const v2 = flags.isEnabled("portal.checkout.v2");\nsrc/checkout/CheckoutPage.tsx:23:  const insurance = flags.isEnabled("portal.checkout.insurance-upsell");\nsrc/checkout/PaymentStep.tsx:15:  const sepa = flags.isEnabled("portal.payment.sepa-direct-debit");',
                ),
                (
                    "assistant",
                    "The key is `portal.checkout.v2`. Two related ones: `portal.checkout.insurance-upsell` and `portal.payment.sepa-direct-debit`.",
                ),
            ],
            [
                ("user", "turn v2 on for 10% of customers"),
                (
                    "assistant",
                    "That's done in the flag service UI, not the code: set the rollout rule on `portal.checkout.v2` to 10% by `customer_id`, so a customer keeps the same variant between visits.",
                ),
            ],
        ],
    ),
    (
        "en-redis-key-patterns-eta-cache",
        [
            [
                ("user", "how big is the ETA cache in redis and what are the key patterns"),
                (
                    "call",
                    "bash",
                    "{\"command\": \"redis-cli -h redis-routeplan.kf.internal --scan --pattern 'eta:*' | sed -E 's/:[0-9A-Z-]+$/:*/' | sort | uniq -c\"}",
                ),
                ("tool", "  48812 eta:stop:*\n   1204 eta:route:*\n    311 eta:depot:*"),
                (
                    "call",
                    "bash",
                    '{"command": "redis-cli -h redis-routeplan.kf.internal info memory | grep used_memory_human"}',
                ),
                ("tool", "used_memory_human:412.77M"),
                (
                    "assistant",
                    "Three key patterns: `eta:stop:<id>` (48,812 keys), `eta:route:<id>` (1,204) and `eta:depot:<id>` (311). The whole instance uses 413 MB.",
                ),
            ],
            [
                ("user", "do stop keys have a TTL?"),
                (
                    "assistant",
                    "The code sets 6 hours on `eta:stop:*` keys; `redis-cli ttl eta:stop:<some id>` on one of them would confirm it's applied.",
                ),
            ],
        ],
    ),
    (
        "en-i18n-translation-keys-login",
        [
            [
                (
                    "user",
                    "the Polish translation for the portal login page is missing two keys, which ones",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "cd ~/src/portal/web/locales && jq -r \'paths(scalars) | join(\\".\\")\' en/auth.json | sort > /tmp/en.txt && jq -r \'paths(scalars) | join(\\".\\")\' pl/auth.json | sort > /tmp/pl.txt && comm -23 /tmp/en.txt /tmp/pl.txt"}',
                ),
                ("tool", "login.password.forgot\nlogin.password.strength_hint"),
                (
                    "assistant",
                    'Missing in `pl/auth.json`: `login.password.forgot` ("Forgot your password?") and `login.password.strength_hint` ("Use at least 14 characters. A few unrelated words work well.").',
                ),
            ],
            [
                ("user", "Magda can translate, send her the English strings"),
                (
                    "assistant",
                    "Message for Magda: \"Hi Magda, could you translate these two portal strings into Polish? login.password.forgot: 'Forgot your password?' and login.password.strength_hint: 'Use at least 14 characters. A few unrelated words work well.' Thanks!\"",
                ),
            ],
        ],
    ),
    (
        "en-tls-cipher-suites-sap-gateway",
        [
            [
                (
                    "user",
                    "the SAP gateway pentest report flags weak ciphers. which ones are enabled?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "nmap --script ssl-enum-ciphers -p 443 sapgw.kf.internal | grep -E \'TLSv|TLS_\' | head -8"}',
                ),
                (
                    "tool",
                    "|   TLSv1.2:\n|       TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384 (secp256r1) - A\n|       TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 (secp256r1) - A\n|       TLS_RSA_WITH_AES_128_CBC_SHA (rsa 2048) - A\n|       TLS_RSA_WITH_3DES_EDE_CBC_SHA (rsa 2048) - C\n|   TLSv1.3:\n|       TLS_AES_256_GCM_SHA384 (ecdh_x25519) - A\n|       TLS_AES_128_GCM_SHA256 (ecdh_x25519) - A",
                ),
                (
                    "assistant",
                    "The weak one is `TLS_RSA_WITH_3DES_EDE_CBC_SHA` (grade C, Sweet32). `TLS_RSA_WITH_AES_128_CBC_SHA` has no forward secrecy either. Removing both leaves ECDHE-GCM for TLS 1.2 and the TLS 1.3 suites.",
                ),
            ],
            [
                ("user", "does any partner still need the RSA ones?"),
                (
                    "assistant",
                    "The AS2 partners connect to the EDI connector, not this gateway, so only our own services and SAP's internal clients use it. I'd still turn them off in staging first for a week.",
                ),
            ],
        ],
    ),
    (
        "en-ssh-key-expiry-policy",
        [
            [
                ("user", "draft the policy text for SSH keys on the jump hosts"),
                (
                    "assistant",
                    "SSH access to jump hosts\n\n- Only ED25519 keys (or RSA of at least 3072 bits for legacy tools) are accepted.\n- Keys are registered in the access portal; the jump hosts read authorised keys from there, not from files.\n- Registered keys expire after 365 days; you get an email 30 days before.\n- Private keys must have a passphrase and must not be copied between machines.\n- Leavers' keys are revoked by the offboarding workflow on their last day.",
                ),
            ],
            [
                ("user", "should we do SSH certificates instead"),
                (
                    "assistant",
                    "Vault's SSH secrets engine could issue short-lived certificates (say 8 hours), which removes the expiry tracking entirely. It's more work up front; I'd put it on the roadmap and use the 365-day rule meanwhile.",
                ),
            ],
        ],
    ),
    (
        "en-batch-exit-codes-sync-jobs",
        [
            [
                ("user", "which SAP sync jobs failed last night and with what exit codes"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n integration get jobs --sort-by=.status.startTime -o custom-columns=NAME:.metadata.name,DONE:.status.succeeded,FAILED:.status.failed | tail -6; kubectl -n integration get pods --field-selector=status.phase=Failed -o jsonpath=\'{range .items[*]}{.metadata.name} {.status.containerStatuses[0].state.terminated.exitCode}{\\"\\\\n\\"}{end}\'"}',
                ),
                (
                    "tool",
                    "NAME                          DONE     FAILED\nsap-sync-customers-28634400   1        <none>\nsap-sync-materials-28634400   <none>   1\nsap-sync-prices-28634400      1        <none>\nsap-sync-orders-28634410      <none>   2\nsap-sync-materials-28634400-k8x2p 2\nsap-sync-orders-28634410-b7mzq 75\nsap-sync-orders-28634410-q2wnc 75",
                ),
                (
                    "assistant",
                    "Two jobs failed: materials (exit code 2) and orders (twice, exit code 75). In our sync CLI, 2 means bad input/usage and 75 is `EX_TEMPFAIL`, i.e. SAP unreachable or busy.",
                ),
            ],
            [
                ("user", "materials exit 2 is new. logs?"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n integration logs sap-sync-materials-28634400-k8x2p | tail -2"}',
                ),
                (
                    "tool",
                    "error: unknown plant code 'NL02' in mapping file plants.yaml (line 41)\nexit 2",
                ),
                (
                    "assistant",
                    "The mapping file has plant code `NL02`, which the sync doesn't know. Someone added the Venlo plant to the file without adding it to the enum. Adding `NL02` to the known plants fixes it.",
                ),
            ],
        ],
    ),
    (
        "en-qr-code-label-content",
        [
            [
                (
                    "user",
                    "what exactly is in the QR code on our delivery notes? a customer's IT is asking if it's safe to scan",
                ),
                (
                    "assistant",
                    "It encodes only the public tracking URL, like `https://portal.kestrel-freight.com/t/KF240611DU00912`. No login, no personal data. Scanning it opens the tracking page, which shows status and an approximate delivery window.",
                ),
            ],
            [
                ("user", "can they parse it automatically"),
                (
                    "assistant",
                    "Yes: the tracking number is the last path segment. They can also use the public tracking API with that number; it's documented on the portal's developer page and needs their own API key for volume use.",
                ),
            ],
        ],
    ),
    (
        "en-audit-log-password-change-events",
        [
            [
                (
                    "user",
                    "auditor wants proof that password changes are logged. show the last few events",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "oktactl logs --filter \'eventType eq \\"user.account.update_password\\"\' --since 7d --limit 4 --fields published,actor,outcome,client.ipAddress"}',
                ),
                (
                    "tool",
                    "published                  actor              outcome  ip\n2024-06-10T16:02:11Z       m.okafor           SUCCESS  10.20.4.51\n2024-06-10T11:47:39Z       j.vandenberg       SUCCESS  10.30.1.18\n2024-06-09T08:15:02Z       svc-desk-tool      SUCCESS  10.10.0.9\n2024-06-07T13:30:55Z       a.nowak            FAILURE  10.50.2.77",
                ),
                (
                    "assistant",
                    "Okta records each password change as `user.account.update_password` with time, actor, outcome and source IP. Last four: three successes (including one by the service-desk tool, i.e. an admin reset) and one failure on 7 June. The passwords themselves are never in the log.",
                ),
            ],
            [
                ("user", "why did a.nowak fail?"),
                (
                    "assistant",
                    "The event's `outcome.reason` field would say; usually it's the history rule (one of the last 12) or a password found in the breached-passwords list. I can pull that field if the auditor needs it.",
                ),
            ],
        ],
    ),
    (
        "en-breached-password-check-policy",
        [
            [
                ("user", "should the portal check new passwords against breach lists?"),
                (
                    "assistant",
                    "Yes; NIST 800-63B recommends it. The usual way is the Have I Been Pwned range API with k-anonymity: we send only the first 5 characters of the SHA-1 of the password and compare the returned suffixes locally, so the password never leaves our server.",
                ),
            ],
            [
                ("user", "what if their API is down"),
                (
                    "assistant",
                    "Fail open with a log entry: accept the password if the lookup times out after 2 seconds, and recheck it at next login. Blocking signups because a third-party API is down is worse than the small risk.",
                ),
            ],
            [
                ("user", "ok, ticket it"),
                (
                    "assistant",
                    'Created PORTAL-892 "Reject breached passwords at signup and change (HIBP range API, fail-open)".',
                ),
            ],
        ],
    ),
    (
        "en-sso-migration-timeline-carriers-portal",
        [
            [
                ("user", "when do the dispatchers switch to SSO for the carrier portal?"),
                (
                    "assistant",
                    "The plan says: pilot group (Duisburg dispatch, 8 people) on 24 June, all sites on 8 July. After 8 July the local carrier-portal passwords are disabled, so dispatchers sign in with their Okta account only.",
                ),
            ],
            [
                ("user", "what do they need to do on the day"),
                (
                    "assistant",
                    "Nothing except click \"Sign in with Kestrel SSO\" instead of typing their old username. I'd send a reminder on the Friday before, saying the old password won't work after the switch and that this is expected.",
                ),
            ],
        ],
    ),
    (
        "en-print-queue-names-cups",
        [
            [
                (
                    "user",
                    "list the print queues on the Rotterdam print server, the new dock printer isn't there",
                ),
                ("call", "bash", '{"command": "ssh rtm-print-01 lpstat -v"}'),
                (
                    "tool",
                    "device for RTM-DOCK-01: socket://10.60.12.21:9100\ndevice for RTM-DOCK-02: socket://10.60.12.22:9100\ndevice for RTM-OFFICE-A4: ipp://10.60.1.40/ipp/print\ndevice for RTM-HALL1-ZT: socket://10.60.12.30:9100",
                ),
                ("assistant", "Four queues; no RTM-DOCK-03. What IP did the new printer get?"),
            ],
            [
                ("user", "10.60.12.23"),
                (
                    "call",
                    "bash",
                    '{"command": "ssh rtm-print-01 sudo lpadmin -p RTM-DOCK-03 -E -v socket://10.60.12.23:9100 -m raw -L \'Dock door 3\' && ssh rtm-print-01 lpstat -p RTM-DOCK-03"}',
                ),
                (
                    "tool",
                    "printer RTM-DOCK-03 is idle.  enabled since Tue 11 Jun 2024 10:22:41 CEST",
                ),
                (
                    "assistant",
                    'Added RTM-DOCK-03 (raw, socket 10.60.12.23:9100, location "Dock door 3"); it\'s idle and enabled. The WMS needs the queue name added to the door 3 workstation profile too.',
                ),
            ],
        ],
    ),
    (
        "en-cve-patch-status-xz",
        [
            [
                (
                    "user",
                    "are we exposed to CVE-2024-3094 (the xz thing) anywhere? security asked again",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"ansible all -i inventory/prod -m shell -a 'xz --version | head -1' -o 2>/dev/null | awk '{print $NF}' | sort | uniq -c\"}",
                ),
                ("tool", "    212 5.2.5\n     31 5.4.1\n      4 5.2.4"),
                (
                    "assistant",
                    "No host runs the backdoored 5.6.0 or 5.6.1: 212 hosts are on 5.2.5, 31 on 5.4.1 and 4 on 5.2.4. Not exposed.",
                ),
            ],
            [
                ("user", "and the container base images?"),
                (
                    "assistant",
                    "The base images are Debian 12 (xz 5.4.1) and Alpine 3.19 (xz 5.4.5), so also fine. I'll answer security with both lists.",
                ),
            ],
        ],
    ),
    (
        "en-terraform-plan-sensitive-values",
        [
            [
                (
                    "user",
                    "plan the terraform change that moves the portal DB to the new subnet group",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "cd ~/src/infra/envs/prod && terraform plan -target=module.portal_db -no-color | sed -n \'/will be updated/,/Plan:/p\'"}',
                ),
                (
                    "tool",
                    '  # module.portal_db.aws_db_instance.this will be updated in-place\n  ~ resource "aws_db_instance" "this" {\n      ~ db_subnet_group_name = "portal-db-legacy" -> "portal-db-private-v2"\n        id                   = "db-4XK2LQ7ZP3MNB6R5TWYC"\n        password             = (sensitive value)\n        username             = "portal_admin"\n        # (48 unchanged attributes hidden)\n    }\n\nPlan: 0 to add, 1 to change, 0 to destroy.',
                ),
                (
                    "assistant",
                    "One in-place update: the subnet group changes from `portal-db-legacy` to `portal-db-private-v2`. The password shows as `(sensitive value)` and isn't changing. Note that moving subnet groups on RDS typically triggers a reboot during apply, so schedule it in the maintenance window.",
                ),
            ],
            [
                ("user", "sunday 06:00 then"),
                (
                    "assistant",
                    "Noted. I'll add it to the Sunday change list with `terraform apply -target=module.portal_db` and a pre-check of the latest automated snapshot.",
                ),
            ],
        ],
    ),
    (
        "en-github-actions-secret-names-audit",
        [
            [
                (
                    "user",
                    "which secrets are configured on the routeplan repo's actions? names and last updated only",
                ),
                ("call", "bash", '{"command": "gh secret list --repo kestrel/routeplan"}'),
                (
                    "tool",
                    "NAME                  UPDATED\nHERE_API_KEY          about 11 months ago\nREGISTRY_PASSWORD     about 2 years ago\nSONAR_TOKEN           about 3 months ago\nSTAGING_KUBECONFIG    about 1 year ago",
                ),
                (
                    "assistant",
                    "Four repository secrets: `HERE_API_KEY` (11 months), `REGISTRY_PASSWORD` (2 years), `SONAR_TOKEN` (3 months), `STAGING_KUBECONFIG` (1 year). The registry password is the oldest and overdue under the 1-year rule.",
                ),
            ],
            [
                ("user", "can we replace REGISTRY_PASSWORD with OIDC?"),
                (
                    "assistant",
                    "If the registry is ECR, yes: GitHub's OIDC token can assume an IAM role with push rights, and the stored secret goes away. Same for the kubeconfig if staging is EKS. I'll draft the IAM trust policy.",
                ),
            ],
        ],
    ),
    (
        "en-reefer-alarm-codes-trailer",
        [
            [
                (
                    "user",
                    "reefer trailer 7712 shows alarm AL21 and AL56 on the telematics, what do those mean",
                ),
                (
                    "assistant",
                    'On the Carrier Vector units in our fleet, AL21 is "cooling cycle check" (the unit can\'t reach setpoint fast enough) and AL56 is "return air sensor failure". Together usually a sensor fault: with a bad return-air reading the controller thinks it isn\'t cooling.',
                ),
            ],
            [
                ("user", "load is yoghurt, setpoint 4°C"),
                (
                    "assistant",
                    "Check the supply-air temperature on the telematics; if that's around 2–4°C the load is fine and it's only the sensor. The driver should still do a manual probe reading at the next stop and note it on the delivery note for the HACCP record.",
                ),
            ],
        ],
    ),
    (
        "en-meeting-room-sap-workshop",
        [
            [
                (
                    "user",
                    "book a room for the SAP integration workshop, 12 people, Thursday 10-16, Duisburg, needs a screen",
                ),
                (
                    "assistant",
                    "Options on Thursday: room A1.03 (14 seats, screen, video call kit) is free all day; room B2.14 (10 seats) is too small. I'd take A1.03.",
                ),
            ],
            [
                ("user", "book A1.03, and lunch for 12"),
                (
                    "assistant",
                    'Booked A1.03 Thursday 10:00–16:00 as "SAP integration workshop" and ordered lunch for 12 at 12:30 from the canteen, including 3 vegetarian. The invite links the room so people see it on the door display.',
                ),
            ],
        ],
    ),
    (
        "en-forklift-radio-numbers-in-words",
        [
            [
                (
                    "user",
                    "transcript from the yard radio, turn it into dock tasks: 'unit four-two to door nine, take the two trailers from lane eleven; unit one-seven, door fourteen, twenty-six pallets of the Haribo order'",
                ),
                (
                    "assistant",
                    "Dock tasks:\n1. Forklift unit 42 → door 9: move 2 trailers from lane 11.\n2. Forklift unit 17 → door 14: 26 pallets, Haribo order.",
                ),
            ],
            [
                ("user", "the Haribo order is INB-55302"),
                (
                    "assistant",
                    'Updated task 2: "26 pallets, INB-55302 (Haribo), door 14, unit 17".',
                ),
            ],
        ],
    ),
    (
        "en-remove-password-hints-feature",
        [
            [
                (
                    "user",
                    "product wants to know why we're removing the 'password hint' field from portal registration",
                ),
                (
                    "assistant",
                    "Three reasons: users often write the password itself or something very close into the hint; the hint is shown to anyone who types the email address on the login page, so it helps attackers; and the security-question and hint features are both discouraged by NIST 800-63B. Recovery by email link plus SMS code covers the use case.",
                ),
            ],
            [
                ("user", "what happens to existing hints"),
                (
                    "assistant",
                    "The migration drops the `password_hint` column after a 30-day grace period; in the meantime it's no longer shown anywhere. We don't email users about it, since most won't remember setting one.",
                ),
            ],
        ],
    ),
    (
        "en-merge-customer-account-numbers",
        [
            [
                (
                    "user",
                    "customer accounts 100245 and 100871 are the same company (Hoffmann Backwaren). merge 100871 into 100245",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "portalctl customer show 100245 100871 --fields name,vat_id,open_orders,sap_kunnr"}',
                ),
                (
                    "tool",
                    "100245  Hoffmann Backwaren GmbH   DE811457203  open_orders=2  sap_kunnr=0000100245\n100871  Hoffmann Backwaren GmbH   DE811457203  open_orders=0  sap_kunnr=0000100871",
                ),
                (
                    "assistant",
                    "Same name and VAT ID DE811457203. 100871 has no open orders, so the merge is safe on the portal side. SAP has two debtors though (0000100245 and 0000100871); the SAP team has to block 100871 there too, or the sync will recreate it.",
                ),
            ],
            [
                ("user", "do the portal part, I'll tell SAP"),
                (
                    "call",
                    "bash",
                    '{"command": "portalctl customer merge --from 100871 --into 100245"}',
                ),
                (
                    "tool",
                    "moved 3 users, 14 addresses, 211 historical shipments from 100871 to 100245; 100871 marked MERGED",
                ),
                (
                    "assistant",
                    "Merged: 3 users, 14 addresses and 211 historical shipments now belong to 100245; 100871 is marked MERGED.",
                ),
            ],
        ],
    ),
    (
        "en-wpa-cli-roaming-status",
        [
            [
                ("user", "scanner in hall 1 keeps dropping. I have adb on it"),
                (
                    "call",
                    "bash",
                    '{"command": "adb -s 21290523100418 shell wpa_cli -i wlan0 status"}',
                ),
                (
                    "tool",
                    "bssid=f4:2e:7f:19:6a:21\nfreq=5500\nssid=KF-WH-Scan\nid=0\nmode=station\nwifi_generation=5\npairwise_cipher=CCMP\ngroup_cipher=CCMP\nkey_mgmt=WPA2/IEEE 802.1X/EAP\nwpa_state=COMPLETED\nip_address=10.40.20.118\nEAP state=SUCCESS\nselectedMethod=13 (EAP-TLS)",
                ),
                (
                    "assistant",
                    "It's on `KF-WH-Scan` via EAP-TLS, 5500 MHz (channel 100, a DFS channel), associated to AP f4:2e:7f:19:6a:21. DFS channels can make the AP switch channel suddenly when it detects radar, and all clients drop.",
                ),
            ],
            [
                ("user", "hall 1 is near the airport actually"),
                (
                    "assistant",
                    "Then radar events are likely. Ask the network team to exclude DFS channels (52–144) on the hall 1 APs and use 36–48 and 149–165 only.",
                ),
            ],
        ],
    ),
    (
        "en-ldap-group-members-sap-integration",
        [
            [
                ("user", "who's in the sap-integration group?"),
                (
                    "call",
                    "bash",
                    "{\"command\": \"ldapsearch -LLL -H ldaps://dc01.kf.internal -b 'cn=sap-integration,ou=Groups,dc=kf,dc=internal' member | sed -n 's/^member: cn=\\\\([^,]*\\\\).*/\\\\1/p'\"}",
                ),
                ("tool", "Kenji Watanabe\nSabine Krüger\nTomasz Wójcik\nsvc-edi\nLuca Bianchi"),
                (
                    "assistant",
                    "Five members: Kenji Watanabe, Sabine Krüger, Tomasz Wójcik, Luca Bianchi, and the service account svc-edi.",
                ),
            ],
            [
                ("user", "Luca moved to routing, remove him"),
                (
                    "assistant",
                    "Group changes go through the access portal so they're approved and logged; I've opened a removal request for Luca from `sap-integration` with you as the requester.",
                ),
            ],
        ],
    ),
    (
        "en-vpn-password-then-port-list",
        [
            [
                (
                    "user",
                    "I changed my VPN password this morning and the client reconnected fine, just mentioning in case you see a login blip",
                ),
                ("assistant", "Thanks, noted. Nothing for me to do there."),
            ],
            [
                (
                    "user",
                    "real question: the firewall request for the new carrier API gateway. ports are 443, 8443 and 5671 outbound to 192.0.2.40 and 192.0.2.41",
                ),
                (
                    "assistant",
                    "Firewall request draft:\n- Source: prod-eu1 egress NAT (10.42.255.0/28)\n- Destination: 192.0.2.40, 192.0.2.41\n- Ports/protocols: TCP 443 (HTTPS API), TCP 8443 (admin API), TCP 5671 (AMQP over TLS, status events)\n- Direction: outbound only\n- Owner: platform team, ticket OPS-4531\n\nIs 8443 needed in prod or only during onboarding?",
                ),
            ],
            [
                ("user", "only onboarding, make it expire in 30 days"),
                (
                    "assistant",
                    "Marked the 8443 rule with an expiry 30 days from approval; 443 and 5671 are permanent.",
                ),
            ],
        ],
    ),
    (
        "en-slack-pinned-message-on-call",
        [
            [
                ("user", "pin the new on-call rota in #platform and unpin the old one"),
                ("call", "slack", '{"action": "pins.list", "channel": "#platform"}'),
                (
                    "tool",
                    '[{"ts": "1714986012.004411", "text": "On-call rota May 2024 …"}, {"ts": "1709210333.000812", "text": "Runbook index"}]',
                ),
                (
                    "call",
                    "slack",
                    '{"action": "pins.remove", "channel": "#platform", "timestamp": "1714986012.004411"}',
                ),
                ("tool", '{"ok": true}'),
                (
                    "assistant",
                    "Unpinned the May rota. Which message is the new rota? I'll pin it once you post it or give me the link.",
                ),
            ],
            [
                ("user", "https://kestrel.slack.com/archives/C04PLATFORM/p1718092201007730"),
                (
                    "call",
                    "slack",
                    '{"action": "pins.add", "channel": "#platform", "timestamp": "1718092201.007730"}',
                ),
                ("tool", '{"ok": true}'),
                ("assistant", "Pinned the June rota. The runbook index is still pinned too."),
            ],
        ],
    ),
    (
        "en-vault-unseal-shares-procedure",
        [
            [
                (
                    "user",
                    "document how vault unseal works for us, without any of the actual key material obviously",
                ),
                (
                    "assistant",
                    "Vault unseal (prod)\n\n- Vault is initialised with 5 unseal key shares and a threshold of 3.\n- Each share is held by one person (the platform lead, two SREs, the security officer, the CTO), stored in their personal password manager.\n- After a restart, any 3 holders enter their shares with `vault operator unseal` from the jump host; the share is never typed into chat or a ticket.\n- The root token is revoked after initialisation; a new one is only generated with the same 3-of-5 quorum.",
                ),
            ],
            [
                ("user", "what if two holders leave"),
                (
                    "assistant",
                    "Then 3 remain, which is exactly the threshold, so one more absence blocks unsealing. Run `vault operator rekey` with the remaining holders as soon as someone leaves, to issue 5 new shares.",
                ),
            ],
        ],
    ),
    (
        "en-pin-base-image-by-digest",
        [
            [
                (
                    "user",
                    "pin the python base image in the routeplan Dockerfile by digest, the tag moved under us last week",
                ),
                ("call", "bash", '{"command": "crane digest python:3.12.4-slim-bookworm"}'),
                ("tool", "sha256:9c5e9e8a21f6d4b3c07a1e58f2d946b0a7e3c18d5f40b2e96a1c7d83e5b4f072"),
                (
                    "call",
                    "bash",
                    '{"command": "cd ~/src/routeplan && sed -i \'1s|.*|FROM python:3.12.4-slim-bookworm@sha256:9c5e9e8a21f6d4b3c07a1e58f2d946b0a7e3c18d5f40b2e96a1c7d83e5b4f072|\' Dockerfile && head -1 Dockerfile"}',
                ),
                (
                    "tool",
                    "FROM python:3.12.4-slim-bookworm@sha256:9c5e9e8a21f6d4b3c07a1e58f2d946b0a7e3c18d5f40b2e96a1c7d83e5b4f072",
                ),
                (
                    "assistant",
                    "Pinned: the Dockerfile now uses `python:3.12.4-slim-bookworm@sha256:9c5e9e8a…f072`. The tag stays in the line for readability; the digest decides.",
                ),
            ],
            [
                ("user", "renovate will bump it?"),
                (
                    "assistant",
                    "Yes, Renovate's docker manager updates pinned digests and opens a PR when the tag's digest changes, so you get security patches reviewed rather than silently.",
                ),
            ],
        ],
    ),
    (
        "en-offsite-hotel-room-numbers",
        [
            [
                (
                    "user",
                    "offsite logistics: the hotel gave rooms 312, 314, 315, 318 for the Duisburg people and 401-404 for Venlo. make the rooming list",
                ),
                (
                    "assistant",
                    "Rooming list — Platform offsite\n\nDuisburg: 312, 314, 315, 318\nVenlo: 401, 402, 403, 404\n\nWho goes in which room? Send me the names and I'll fill them in.",
                ),
            ],
            [
                ("user", "just alphabetical per site"),
                (
                    "assistant",
                    "Then I'll assign in alphabetical order of surname within each site when I get the attendee list; the hotel only needs the list by Friday.",
                ),
            ],
        ],
    ),
    (
        "en-here-key-rotation-schedule-vendor",
        [
            [
                ("user", "how often do we rotate the HERE API key and when is the next one?"),
                (
                    "assistant",
                    "Yearly, per the vendor key standard; HERE lets us have two active keys per app, so we create the new one, deploy it, and delete the old one a week later. The last rotation was 4 September 2023, so the next is due by 4 September 2024. Ticket PLAT-1260 is already scheduled for the last week of August.",
                ),
            ],
            [
                ("user", "who has access to the HERE developer console?"),
                (
                    "assistant",
                    "Two people: Sabine Krüger and Luca Bianchi. With Luca moving to routing that's still fine, but you may want a third admin from the platform team.",
                ),
            ],
        ],
    ),
    (
        "en-sap-cost-centre-codes-cloud-bill",
        [
            [
                ("user", "finance wants the cloud bill split by cost centre. what are the codes?"),
                (
                    "assistant",
                    "From the SAP controlling list: 4711-200 (Platform & Infrastructure), 4711-310 (Routing), 4711-320 (Customer Portal), 4711-410 (Warehouse Systems). Kubernetes namespaces carry a `cost-centre` label with these codes.",
                ),
            ],
            [
                ("user", "what about the shared monitoring stack"),
                (
                    "assistant",
                    "It's labelled 4711-200 today, so platform pays for everyone's metrics. A fairer split would be by series count per namespace; Prometheus can give that with a single query if finance wants it.",
                ),
            ],
        ],
    ),
    (
        "en-password-authentication-failed-log",
        [
            [
                ("user", "routeplan staging can't reach its DB since this morning"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl --context staging -n routeplan logs deploy/routeplan-api --since=1h | grep -m2 FATAL"}',
                ),
                (
                    "tool",
                    'psycopg.OperationalError: connection failed: FATAL:  password authentication failed for user "routeplan"\npsycopg.OperationalError: connection failed: FATAL:  password authentication failed for user "routeplan"',
                ),
                (
                    "assistant",
                    "Authentication is failing for user `routeplan`. The staging DB credentials rotated last night (dynamic secrets, 24h TTL), but the pod kept the old ones because it only reads them at startup.",
                ),
            ],
            [
                ("user", "restart it then, and ticket the real fix"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl --context staging -n routeplan rollout restart deploy/routeplan-api && kubectl --context staging -n routeplan rollout status deploy/routeplan-api --timeout=90s"}',
                ),
                (
                    "tool",
                    'deployment.apps/routeplan-api restarted\ndeployment "routeplan-api" successfully rolled out',
                ),
                (
                    "assistant",
                    'Restarted and rolled out; it connects again. Ticket PLAT-1263: "Reload DB credentials on rotation (watch the mounted secret or reconnect on auth failure)".',
                ),
            ],
        ],
    ),
    (
        "en-kms-key-alias-backups",
        [
            [
                ("user", "which KMS key encrypts the portal DB backups?"),
                (
                    "call",
                    "bash",
                    '{"command": "aws kms describe-key --key-id alias/kf-portal-backups --query \'KeyMetadata.[Arn,KeyState,KeyRotationStatus,CreationDate]\' --output text 2>&1; aws kms get-key-rotation-status --key-id alias/kf-portal-backups --output text"}',
                ),
                (
                    "tool",
                    "arn:aws:kms:eu-central-1:418295736012:key/7d3e9b21-5c04-4f8a-a1e6-2b90c4d7f358\tEnabled\tNone\t2022-09-14T10:22:03+02:00\nTrue",
                ),
                (
                    "assistant",
                    "Alias `alias/kf-portal-backups`, key 7d3e9b21-… in account 418295736012 (eu-central-1), enabled, created September 2022. Automatic yearly key rotation is on. The key material never leaves KMS, so there's nothing to store elsewhere.",
                ),
            ],
            [
                ("user", "can the DR account decrypt with it?"),
                (
                    "assistant",
                    "Only if the key policy grants the DR account `kms:Decrypt`. Cross-account snapshot copies usually re-encrypt with a key in the DR account instead; let me check the key policy next if you want.",
                ),
            ],
        ],
    ),
    (
        "en-sim-pin-locked-then-order-numbers",
        [
            [
                (
                    "user",
                    "my work phone's SIM got PIN-locked after I fat-fingered it three times, IT is sending a new SIM, so I'm on the laptop only today",
                ),
                (
                    "assistant",
                    "Understood. If you need MFA today, Okta Verify on the laptop isn't an option, but the service desk can give you a one-time bypass for the day.",
                ),
            ],
            [
                (
                    "user",
                    "fine for now. can you check why these customer orders didn't get delivery slots: 5520, 5521, 5527, 5540",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "portalctl orders slots --order 5520 --order 5521 --order 5527 --order 5540"}',
                ),
                (
                    "tool",
                    "5520  no slot  reason=postal_code_unzoned 47877\n5521  no slot  reason=postal_code_unzoned 47877\n5527  no slot  reason=postal_code_unzoned 47878\n5540  slot     2024-06-13 08:00-12:00",
                ),
                (
                    "assistant",
                    "5540 has a slot (Thursday 08–12). The other three are in postal codes 47877 and 47878 (Willich), which aren't assigned to any zone yet, so the slot engine skips them.",
                ),
            ],
            [
                ("user", "put them in zone C"),
                (
                    "assistant",
                    "I can do that with the zone upsert like last time, for 47877 and 47878 → C. Then rerun slotting for 5520, 5521 and 5527. Go ahead?",
                ),
            ],
        ],
    ),
    (
        "en-delivery-confirmation-code-process",
        [
            [
                (
                    "user",
                    "for high-value deliveries we want the recipient to give the driver a confirmation code. how should it work?",
                ),
                (
                    "assistant",
                    'Proposal: when the shipment is out for delivery, the recipient gets a 4-digit code by SMS or in the portal. The driver enters it on the handheld at handover; if it matches, the POD is marked "code verified". The code is valid only that day and only for that shipment, and the driver never sees it before the recipient says it.',
                ),
            ],
            [
                ("user", "what if the recipient has no phone signal"),
                (
                    "assistant",
                    "Fallback: photo of the recipient's ID document number (last 4 digits only) plus signature, flagged for review. And the code is also printed in the portal for customers who prefer email.",
                ),
            ],
            [
                ("user", "how many attempts?"),
                (
                    "assistant",
                    "Three wrong entries lock the code for that shipment; the driver then calls dispatch, which can verify by calling the recipient back on the number in the order.",
                ),
            ],
        ],
    ),
    (
        "en-gate-pc-ctrl-alt-del-kiosk",
        [
            [
                (
                    "user",
                    "gate house kiosk PC in Venlo: drivers keep pressing Ctrl+Alt+Del and getting to the lock screen",
                ),
                (
                    "assistant",
                    'That key combination can\'t be blocked by an app, but it can be handled by the OS: in the kiosk policy set "Remove Lock Computer", "Remove Change Password", "Remove Task Manager" and "Remove Logoff" under Ctrl+Alt+Del Options. Then the screen only offers Cancel.',
                ),
            ],
            [
                ("user", "also the Windows key opens the start menu"),
                (
                    "assistant",
                    "Assigned Access (kiosk mode) blocks the Windows key and start menu when the PC runs a single kiosk app. If it's a normal user session, the Keyboard Filter feature can block the Windows key and Alt+Tab.",
                ),
            ],
        ],
    ),
    # --- German ---
    (
        "de-passwortrichtlinie-lagerleiter-frage",
        [
            [
                (
                    "user",
                    "Der Lagerleiter in Duisburg fragt, warum er sein Passwort schon wieder ändern muss. Wie oft ist das bei uns?",
                ),
                (
                    "assistant",
                    "Alle 90 Tage. Die Richtlinie verlangt mindestens 14 Zeichen, und die letzten 12 Passwörter dürfen nicht wiederverwendet werden. Die Erinnerung kommt 14 Tage vorher per Mail.",
                ),
            ],
            [
                ("user", "Er findet das übertrieben. Gibt es Ausnahmen?"),
                (
                    "assistant",
                    'Für persönliche Konten nicht. Der Sicherheitsbeauftragte prüft gerade, ob wir auf "Änderung nur bei Verdacht" umstellen, sobald MFA überall aktiv ist; NIST empfiehlt das inzwischen. Bis dahin gilt die 90-Tage-Regel.',
                ),
            ],
            [
                ("user", "Okay, schreib ihm eine kurze, freundliche Antwort"),
                (
                    "assistant",
                    '"Hallo Herr Schulte, die Passwörter laufen bei uns derzeit alle 90 Tage ab; das ist unternehmensweit so eingestellt. Wir prüfen, ob das nach der vollständigen MFA-Einführung entfallen kann, und melden uns dazu. Viele Grüße, Plattform-Team"',
                ),
            ],
        ],
    ),
    (
        "de-scanner-fehlercode-und-plz",
        [
            [
                (
                    "user",
                    "Die Handscanner in Halle 3 zeigen beim Buchen Fehlercode E-412. Was heißt das?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -n \'E-412\' ~/src/scanner-app/app/src/main/res/values-de/errors.xml"}',
                ),
                (
                    "tool",
                    '57:    <string name="E_412">E-412: Lagerplatz gesperrt (Inventur)</string>',
                ),
                (
                    "assistant",
                    'E-412 bedeutet "Lagerplatz gesperrt (Inventur)". Die Plätze werden während der Inventur im WMS gesperrt, Buchungen darauf werden abgelehnt.',
                ),
            ],
            [
                ("user", "Inventur ist doch erst nächste Woche?"),
                (
                    "call",
                    "bash",
                    '{"command": "wmsctl locations --site DUI --status BLOCKED --group-by reason"}',
                ),
                (
                    "tool",
                    "reason              count  blocked_since\nINVENTORY_2024_Q2   1412   2024-06-10 22:00\nDAMAGE              3      2024-06-04 09:15",
                ),
                (
                    "assistant",
                    "Seit gestern 22:00 sind 1.412 Plätze mit dem Grund INVENTORY_2024_Q2 gesperrt. Da hat jemand die Inventursperre eine Woche zu früh ausgelöst. Soll ich beim Lagerleiter nachfragen, bevor wir sie aufheben?",
                ),
            ],
            [
                (
                    "user",
                    "Ja. Und die Sendungen nach 47877 Willich hängen auch, aber das ist ein anderes Thema",
                ),
                (
                    "assistant",
                    "Notiert: PLZ 47877 ist noch keiner Zone zugeordnet, deshalb bekommen die Aufträge keine Zeitfenster. Das kläre ich separat mit der Disposition.",
                ),
            ],
        ],
    ),
    (
        "de-tuer-4-und-raum-durchwahl",
        [
            [
                (
                    "user",
                    "Kannst du eine Notiz an die Haustechnik schreiben: Tür 4 im Erdgeschoss schließt nicht mehr richtig, und im Serverraum 0.12 piept die Klimaanlage. Durchwahl Haustechnik ist 2310.",
                ),
                (
                    "assistant",
                    '"Hallo Haustechnik, zwei Meldungen aus Gebäude A: (1) Tür 4 im Erdgeschoss fällt nicht mehr ins Schloss. (2) Im Serverraum 0.12 piept die Klimaanlage seit heute Morgen. Bitte um kurzfristige Prüfung, vor allem der Klimaanlage. Rückfragen gern an mich. Viele Grüße"\n\nSoll ich das als Ticket anlegen oder per Mail an die Durchwahl 2310 weitergeben?',
                ),
            ],
            [
                ("user", "Als Ticket bitte, Priorität hoch wegen Serverraum"),
                (
                    "assistant",
                    "Ticket FM-2207 angelegt, Priorität hoch, mit Hinweis auf den Serverraum 0.12. Die Raumtemperatur dort liegt laut Sensor aktuell bei 24,8 °C, also noch im grünen Bereich.",
                ),
            ],
        ],
    ),
    # --- French ---
    (
        "fr-ou-est-le-mot-de-passe-portail-transporteur",
        [
            [
                (
                    "user",
                    "Bonjour, où est-ce qu'on range le mot de passe du portail du transporteur Geodis ? Julie en a besoin pour télécharger les factures.",
                ),
                (
                    "assistant",
                    "Il est dans Bitwarden, collection « Platform / Vendors », entrée « Geodis – portail transporteurs ». Julie doit être membre de la collection ; sinon, son responsable peut demander l'accès dans le portail des accès.",
                ),
            ],
            [
                ("user", "Elle n'est pas dans la collection. Qui valide ?"),
                (
                    "assistant",
                    "Pour « Platform / Vendors », c'est Sabine Krüger qui valide. Une fois l'accès accordé, Julie verra l'entrée dans son coffre en quelques minutes, sans que personne ait à lui envoyer le mot de passe.",
                ),
            ],
        ],
    ),
    (
        "fr-codes-postaux-tournees-lyon",
        [
            [
                (
                    "user",
                    "On ajoute les codes postaux 69007, 69008 et 69200 à la tournée LY-04 à partir de lundi. Tu peux vérifier qu'ils ne sont pas déjà dans une autre tournée ?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "routeplanctl zones lookup --country FR --postal-code 69007 --postal-code 69008 --postal-code 69200"}',
                ),
                (
                    "tool",
                    "FR 69007  zone=LY-B  routes=LY-02\nFR 69008  zone=LY-B  routes=LY-02,LY-03\nFR 69200  (no zone)",
                ),
                (
                    "assistant",
                    "69007 est déjà sur LY-02, 69008 sur LY-02 et LY-03, et 69200 (Vénissieux) n'a pas de zone. Si on les passe sur LY-04, il faut les retirer de LY-02/LY-03, sinon l'optimiseur les répartit entre plusieurs tournées.",
                ),
            ],
            [
                ("user", "Oui, on les retire des autres"),
                (
                    "assistant",
                    "D'accord : je prépare le changement pour lundi 6 h, 69007 et 69008 retirés de LY-02/LY-03, les trois codes affectés à LY-04 via la zone LY-D. Je t'envoie le diff avant d'appliquer.",
                ),
            ],
        ],
    ),
    (
        "fr-revue-de-code-terminee-version",
        [
            [
                (
                    "user",
                    "La revue de code est terminée pour l'appli des chauffeurs, Karim a validé. On sort la 3.15.1 ?",
                ),
                (
                    "assistant",
                    "Oui, c'est un correctif (le crash du scan sur TC58), donc 3.15.0 → 3.15.1. Je lance le build de release ?",
                ),
            ],
            [
                ("user", "Vas-y"),
                (
                    "call",
                    "bash",
                    '{"command": "gh workflow run release.yml --repo kestrel/driver-app -f version=3.15.1 && sleep 20 && gh run list --repo kestrel/driver-app --workflow release.yml --limit 1"}',
                ),
                (
                    "tool",
                    "STATUS  TITLE            WORKFLOW  BRANCH  EVENT              ID          ELAPSED  AGE\n*       Release 3.15.1   release   main    workflow_dispatch  9481127730  18s      less than a minute ago",
                ),
                (
                    "assistant",
                    "Le build de la 3.15.1 tourne (run 9481127730). Une fois terminé, l'APK part dans le MDM pour le groupe pilote de Venlo, puis le reste des sites après 48 h sans incident.",
                ),
            ],
        ],
    ),
    # --- Spanish ---
    (
        "es-politica-contrasenas-conductores",
        [
            [
                (
                    "user",
                    "Los conductores de Zaragoza preguntan por qué la app les pide cambiar la contraseña cada tres meses. ¿Es correcto?",
                ),
                (
                    "assistant",
                    "Sí, la política actual obliga a cambiarla cada 90 días y exige al menos 14 caracteres. Para los conductores hay una alternativa: activar el inicio de sesión con la huella en la app, y así solo escriben la contraseña al cambiarla.",
                ),
            ],
            [
                ("user", "¿Les puedes escribir un mensaje corto en español para el grupo?"),
                (
                    "assistant",
                    "«Hola a todos: la contraseña de la app de reparto caduca cada 90 días por política de seguridad de la empresa. Para no tener que escribirla cada día, podéis activar el acceso con huella en Ajustes > Seguridad. Si os quedáis bloqueados, llamad al servicio de ayuda (ext. 2200). Gracias.»",
                ),
            ],
        ],
    ),
    (
        "es-codigos-error-sap-pedidos",
        [
            [
                (
                    "user",
                    "Hoy hay muchos pedidos de clientes españoles que no llegan a SAP. ¿Qué errores salen?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "python tools/sap_idoc_stats.py --mestyp ORDERS --date today --status 51 --messages --country ES"}',
                ),
                (
                    "tool",
                    "msgid  msgno  count  text\nV1     385    9      No customer master record exists for customer 100912\nM7     021    2      Stock in plant ES01 exceeded",
                ),
                (
                    "assistant",
                    "Dos causas: 9 IDocs con el error V1 385 (no existe el maestro de cliente 100912) y 2 con M7 021 (stock superado en el centro ES01). El primero es un cliente nuevo que no se ha dado de alta en SAP.",
                ),
            ],
            [
                ("user", "El cliente 100912 es nuevo de ayer, sí. ¿Los reprocesamos después?"),
                (
                    "assistant",
                    "Sí: cuando el equipo de datos maestros cree el cliente, se reprocesan con la transacción BD87 o con `portalctl orders resend`. Los de ES01 dependen del almacén, no de nosotros.",
                ),
            ],
        ],
    ),
    (
        "es-ssid-wifi-almacen-nuevo",
        [
            [
                (
                    "user",
                    "Para el almacén nuevo de Getafe, ¿qué redes wifi tengo que poner en el plano que va al instalador?",
                ),
                (
                    "assistant",
                    "Las mismas que en todos los centros: «KF-WH-Scan» para los terminales (solo 5 GHz), «KF-WH-IoT» para impresoras y sensores (2,4 GHz) y «KF-Guest» para visitas y conductores externos. En el plano solo van los nombres; la configuración de seguridad la aplica el equipo de redes.",
                ),
            ],
            [
                ("user", "El instalador pregunta si la de invitados necesita clave"),
                (
                    "assistant",
                    "No: «KF-Guest» es abierta con portal cautivo, donde el visitante acepta las condiciones. Puede ponerlo así en el plano.",
                ),
            ],
        ],
    ),
    # --- Portuguese ---
    (
        "pt-confirmacao-senha-alterada-vpn",
        [
            [
                (
                    "user",
                    "Troquei a senha da conta de serviço svc-backup no AD e atualizei no Vault. Pode verificar se o job de backup de hoje à noite vai conseguir autenticar?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n platform create job --from=cronjob/nightly-backup backup-authcheck-0611 -- /app/backup --auth-check-only && sleep 25 && kubectl -n platform logs job/backup-authcheck-0611"}',
                ),
                (
                    "tool",
                    "2024-06-11T11:02:41Z INFO auth check: smb://nas-dui-01/backups as svc-backup ... ok\n2024-06-11T11:02:42Z INFO auth check: s3://kf-backups-eu ... ok",
                ),
                (
                    "assistant",
                    "Autenticação ok: o job de teste conseguiu aceder ao NAS como svc-backup e ao bucket S3. O backup desta noite deve correr normalmente.",
                ),
            ],
            [
                ("user", "Ótimo, obrigado. Apaga o job de teste"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n platform delete job backup-authcheck-0611"}',
                ),
                ("tool", 'job.batch "backup-authcheck-0611" deleted'),
                ("assistant", "Job de teste apagado."),
            ],
        ],
    ),
    (
        "pt-numero-de-encomenda-e-nota-fiscal",
        [
            [
                (
                    "user",
                    "O cliente de Lisboa diz que a encomenda PT-240611-0088 ainda não saiu. Pode ver o estado?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "portalctl orders show PT-240611-0088 --fields status,warehouse,picked,wave,invoice_no"}',
                ),
                (
                    "tool",
                    "status: PICKING\nwarehouse: LIS-01\npicked: 14/22\nwave: W-LIS-0611-03\ninvoice_no: FT 2024/18842",
                ),
                (
                    "assistant",
                    "Está em separação no armazém LIS-01: 14 de 22 linhas separadas, na onda W-LIS-0611-03. A fatura FT 2024/18842 já está emitida, por isso sai hoje se a onda fechar antes do corte das 16h.",
                ),
            ],
            [
                ("user", "Consegue dizer-lhe isso por email?"),
                (
                    "assistant",
                    "«Bom dia, a sua encomenda PT-240611-0088 está neste momento em preparação no nosso armazém de Lisboa (14 de 22 artigos já separados). A expedição está prevista para hoje. Com os melhores cumprimentos, Kestrel Freight»",
                ),
            ],
        ],
    ),
    # --- Italian ---
    (
        "it-token-di-design-portale",
        [
            [
                (
                    "user",
                    "Il team di Milano vuole cambiare il colore dei pulsanti nel portale clienti. Quale token di design devono modificare?",
                ),
                (
                    "assistant",
                    "Il token è `color.action.default`; il colore al passaggio del mouse (`color.action.hover`) viene calcolato automaticamente. Non devono toccare `color.brand.primary`, altrimenti cambia anche il logo nella barra.",
                ),
            ],
            [
                ("user", "Propongono #0B5FA5"),
                (
                    "assistant",
                    "#0B5FA5 su bianco ha un contrasto di circa 6,5:1, quindi va bene per l'accessibilità (AA). Possono aprire la PR sul file `tokens/color.json`; la revisione la fa il team del portale.",
                ),
            ],
        ],
    ),
    (
        "it-porte-e-indirizzi-ip-magazzino",
        [
            [
                (
                    "user",
                    "Nel magazzino di Piacenza le stampanti etichette non ricevono lavori. Sono su 10.70.12.10-13, porta 9100.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "for h in 10 11 12 13; do timeout 2 bash -c \\"echo > /dev/tcp/10.70.12.$h/9100\\" && echo \\"10.70.12.$h ok\\" || echo \\"10.70.12.$h KO\\"; done"}',
                ),
                ("tool", "10.70.12.10 ok\n10.70.12.11 ok\n10.70.12.12 ok\n10.70.12.13 ok"),
                (
                    "assistant",
                    "Tutte e quattro rispondono sulla porta 9100, quindi la rete è a posto. Il problema è probabilmente nella coda di stampa sul server o nel profilo della postazione WMS.",
                ),
            ],
            [
                ("user", "La coda si chiama PCZ-DOCK-02, mi sembra"),
                ("call", "bash", '{"command": "ssh pcz-print-01 lpstat -p PCZ-DOCK-02"}'),
                (
                    "tool",
                    "printer PCZ-DOCK-02 disabled since Tue 11 Jun 2024 07:12:09 CEST -\n\tUnable to connect to printer; will retry in 30 seconds...",
                ),
                (
                    "assistant",
                    "La coda PCZ-DOCK-02 è disabilitata da stamattina alle 07:12, dopo un errore di connessione. CUPS non la riattiva da sola: basta `cupsenable PCZ-DOCK-02` e i lavori in attesa ripartono.",
                ),
            ],
        ],
    ),
    # --- Dutch ---
    (
        "nl-mfa-inschrijving-nieuwe-planners",
        [
            [
                (
                    "user",
                    "Er beginnen maandag twee nieuwe planners in Venlo. Kun je de stappen voor MFA-inschrijving in het Nederlands zetten?",
                ),
                (
                    "assistant",
                    "MFA instellen (Okta Verify)\n\n1. Installeer Okta Verify via de bedrijfsportal op je werktelefoon.\n2. Log op de pc in op de Okta-pagina met het tijdelijke wachtwoord van de servicedesk en kies daarna je eigen wachtwoord.\n3. Kies Okta Verify en scan de QR-code op het scherm met de app.\n4. Voer de zescijferige code uit de app in de browser in. De code verandert elke 30 seconden.\n5. Voeg sms toe als reservemethode.\n\nIT vraagt nooit om een code uit de app of uit een sms.",
                ),
            ],
            [
                ("user", "Top. Kun je er het toestelnummer van de servicedesk bij zetten?"),
                (
                    "assistant",
                    'Toegevoegd onderaan: "Problemen? Bel de servicedesk, toestel 2200 (vanuit Venlo: kies eerst 0 voor een buitenlijn en dan het hoofdnummer in Duisburg)."',
                ),
            ],
        ],
    ),
    (
        "nl-pin-op-kaart-en-deurnummer",
        [
            [
                (
                    "user",
                    "Chauffeurs rijden bij de klant in Tilburg steeds naar de verkeerde ingang. Kun je een pin op de kaart zetten bij laaddeur 6 aan de achterkant?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "portalctl address show --customer 101377 --label Tilburg --fields street,lat,lon,delivery_note"}',
                ),
                ("tool", "street: Ringbaan-Oost 250\nlat: 51.5637\nlon: 5.1042\ndelivery_note: "),
                (
                    "assistant",
                    "Het afleveradres staat nu op de voorkant (51.5637, 5.1042). Heb je de coördinaten van laaddeur 6, of zal ik ze van de kaart nemen als je de pin deelt?",
                ),
            ],
            [
                ("user", "51.56291, 5.10612, ingang via de Dr. Hub van Doorneweg"),
                (
                    "call",
                    "bash",
                    '{"command": "portalctl address set --customer 101377 --label Tilburg --lat 51.56291 --lon 5.10612 --delivery-note \'Laaddeur 6 achterzijde, inrit via Dr. Hub van Doorneweg\'"}',
                ),
                ("tool", "address updated: lat 51.5637 -> 51.56291, lon 5.1042 -> 5.10612"),
                (
                    "assistant",
                    "Bijgewerkt. Nieuwe ritten sturen de chauffeurs naar laaddeur 6, met de notitie over de inrit op de handheld.",
                ),
            ],
        ],
    ),
    # --- Polish ---
    (
        "pl-gdzie-haslo-do-panelu-drukarek",
        [
            [
                (
                    "user",
                    "Cześć, gdzie trzymamy hasło do panelu administracyjnego drukarek Zebra w Poznaniu? Nowy kierownik zmiany chce zmienić ustawienia etykiet.",
                ),
                (
                    "assistant",
                    "Jest w Bitwardenie, w kolekcji „Sites / Poznań”, wpis „Zebra ZT410 – panel WWW”. Ale ustawienia etykiet lepiej zmieniać przez szablony w WMS, nie w samej drukarce, bo przy następnym wdrożeniu profil nadpisze zmiany.",
                ),
            ],
            [
                ("user", "Jasne. Które ustawienie mu nie pasuje, to chyba ciemność druku"),
                (
                    "assistant",
                    "Ciemność (darkness) jest w szablonie drukarki w WMS jako `^MD` w nagłówku ZPL. Dla Poznania jest teraz 15; przy etykietach termicznych bezpośrednich zwykle wystarcza 18–20. Mogę podnieść do 18 dla drukarek PZN-DOCK-*, jeśli potwierdzisz.",
                ),
            ],
        ],
    ),
    (
        "pl-numery-buildow-po-resecie-hasla",
        [
            [
                (
                    "user",
                    "Dzień dobry, wczoraj resetowałem hasło do Jenkinsa, więc jeśli coś wygląda dziwnie w historii logowań, to ja.",
                ),
                (
                    "assistant",
                    "Dzięki za informację. Jenkins loguje przez SSO, więc po resecie wystarczy zalogować się ponownie.",
                ),
            ],
            [
                (
                    "user",
                    "Pytanie właściwe: które buildy aplikacji skanera poszły na urządzenia w Poznaniu? Widzę 4480, 4483 i 4486",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "mdmctl deployments --site PZN --app com.kestrel.scanner --since 14d --fields build,version,devices,date"}',
                ),
                (
                    "tool",
                    "build  version        devices  date\n4480   3.15.0-rc.1    4        2024-06-03\n4483   3.15.0-rc.2    4        2024-06-06\n4486   3.15.0         61       2024-06-10",
                ),
                (
                    "assistant",
                    "W Poznaniu: build 4480 (3.15.0-rc.1) i 4483 (rc.2) tylko na 4 urządzenia pilotażowe, a 4486 (3.15.0) na 61 urządzeń od 10 czerwca.",
                ),
            ],
        ],
    ),
    # --- Russian ---
    (
        "ru-kody-oshibok-http-portal",
        [
            [
                (
                    "user",
                    "Клиенты жалуются, что трекинг на портале иногда выдаёт ошибку. Какие коды ответа были за последний час?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n portal logs deploy/portal-api --since=1h | awk \'$6 ~ /^\\\\/api\\\\/tracking/ {print $8}\' | sort | uniq -c | sort -rn"}',
                ),
                ("tool", "  48112 200\n    611 404\n    203 504\n     12 500"),
                (
                    "assistant",
                    "За час: 48 112 ответов 200, 611 — 404 (неверный номер отправления, это нормально), 203 — 504 (таймаут при запросе к API перевозчика) и 12 — 500. Жалобы, скорее всего, из-за 504.",
                ),
            ],
            [
                ("user", "А 500 откуда?"),
                (
                    "assistant",
                    "Все 12 — одна и та же ошибка разбора ответа от DPD, когда у посылки нет ни одного события. Это баг у нас: пустой список событий надо показывать как «данных пока нет», а не падать. Заведу задачу.",
                ),
            ],
        ],
    ),
    (
        "ru-politika-kodov-sms-dlya-voditeley",
        [
            [
                (
                    "user",
                    "Водители спрашивают, сколько действует SMS-код для входа в приложение и почему он иногда «неверный»",
                ),
                (
                    "assistant",
                    "Код действует 5 минут и только для одного входа. «Неверный» обычно значит, что водитель запросил код дважды и ввёл первый: после нового запроса старый код сразу перестаёт работать.",
                ),
            ],
            [
                ("user", "Напиши им короткую памятку"),
                (
                    "assistant",
                    "«Памятка: код из SMS действует 5 минут. Если вы запросили код повторно, вводите только последний — предыдущий уже недействителен. Никому не сообщайте код, даже сотрудникам IT. Если код не приходит больше 5 минут, позвоните диспетчеру.»",
                ),
            ],
        ],
    ),
    # --- Ukrainian ---
    (
        "uk-zmina-parolya-pidtverdzhennya",
        [
            [
                (
                    "user",
                    "Привіт. Я щойно змінив пароль до облікового запису в SAP, старий більше не працює. Чи треба щось оновлювати в інтеграції?",
                ),
                (
                    "assistant",
                    "Якщо це ваш особистий обліковий запис — ні, інтеграція працює під службовим користувачем RFC_ROUTE, а не під вашим. Оновлювати нічого не потрібно.",
                ),
            ],
            [
                ("user", "А службовий пароль коли змінюється?"),
                (
                    "call",
                    "bash",
                    '{"command": "vault kv metadata get -mount=secret -format=json sap/rfc-route | jq \'.data | {current_version, updated_time}\'"}',
                ),
                (
                    "tool",
                    '{\n  "current_version": 5,\n  "updated_time": "2024-04-02T03:00:12.418Z"\n}',
                ),
                (
                    "assistant",
                    "Пароль RFC_ROUTE зберігається у Vault (`secret/sap/rfc-route`), остання зміна — 2 квітня о 03:00, версія 5. Його змінює автоматичне завдання щокварталу, наступна ротація — 1 липня.",
                ),
            ],
        ],
    ),
    (
        "uk-nomery-nakladnykh-i-kody-skladu",
        [
            [
                (
                    "user",
                    "Перевір, будь ласка, статус накладних 20450061822731 і 20450061822744, це Нова пошта для нашого складу у Львові",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "carrierctl track --carrier novaposhta 20450061822731 20450061822744"}',
                ),
                (
                    "tool",
                    "20450061822731  DELIVERED  2024-06-10 11:04  Львів, відділення №31\n20450061822744  IN_TRANSIT 2024-06-11 06:12  Київ, сортувальний центр",
                ),
                (
                    "assistant",
                    "Перша (…2731) доставлена вчора о 11:04 у відділення №31 у Львові. Друга (…2744) ще в дорозі, зараз у сортувальному центрі в Києві.",
                ),
            ],
            [
                ("user", "Добре, дякую. Склад у Львові в нас має код LWO-01, так?"),
                ("assistant", "Так, LWO-01 — склад у Львові, у WMS він позначений як центр UA01."),
            ],
        ],
    ),
    # --- Turkish ---
    (
        "tr-birincil-anahtar-sevkiyat-tablosu",
        [
            [
                (
                    "user",
                    "İstanbul ekibi yeni rapor için sevkiyat tablosunun birincil anahtarını soruyor",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "psql -h portal-db-ro.kf.internal -U readonly -d portal -Atc \\"select pg_get_constraintdef(oid) from pg_constraint where conrelid = \'shipments\'::regclass and contype = \'p\'\\""}',
                ),
                ("tool", "PRIMARY KEY (tenant_id, shipment_no)"),
                (
                    "assistant",
                    "Birincil anahtar bileşik: `(tenant_id, shipment_no)`. Raporda sevkiyatları birleştirirken iki sütunu da kullanmaları gerekiyor, yoksa farklı müşterilerin aynı numaralı sevkiyatları karışır.",
                ),
            ],
            [
                ("user", "Yabancı anahtarlar da var mı?"),
                (
                    "assistant",
                    "Evet, `tenant_id` → `tenants(id)`. Ayrıca `tracking_no` üzerinde benzersiz bir indeks var; takip numarasıyla arama yapacaklarsa o hızlı olur.",
                ),
            ],
        ],
    ),
    (
        "tr-kapi-numarasi-ve-dahili-hat",
        [
            [
                (
                    "user",
                    "Gebze deposunda 12 numaralı rampa kapısı arızalı, yükleme planını ona göre değiştirmemiz lazım. Depo şefinin dahili numarası 5214.",
                ),
                (
                    "assistant",
                    "Anladım. Bugün 12 numaralı kapıda üç yükleme var: saat 09:00, 11:30 ve 15:00. 11 ve 13 numaralı kapılarda o saatlerde boşluk var. Bunları oraya taşıyıp depo şefine (dahili 5214) haber verelim mi?",
                ),
            ],
            [
                ("user", "Evet taşı, şefe de kısa bir mesaj yaz"),
                (
                    "assistant",
                    "Taşıdım: 09:00 ve 15:00 → 11 numaralı kapı, 11:30 → 13 numaralı kapı. Mesaj: «Merhaba Murat Bey, 12 numaralı rampa kapısı arızalı olduğu için bugünkü üç yüklemeyi 11 ve 13 numaralı kapılara aldık. Tamir bitince haber verirseniz planı geri alırız.»",
                ),
            ],
        ],
    ),
    # --- Japanese ---
    (
        "ja-パスワード保管場所の問い合わせ",
        [
            [
                (
                    "user",
                    "大阪倉庫のWMS管理者アカウントのパスワードはどこに保管されていますか？新しいチームリーダーが知りたいそうです。",
                ),
                (
                    "assistant",
                    "Bitwardenの「Sites / Osaka」コレクションにある「WMS 管理者（大阪）」というエントリーです。パスワード自体はチャットには書きません。チームリーダーの方がコレクションへのアクセスをアクセスポータルで申請すれば、承認後に自分の保管庫で見られます。",
                ),
            ],
            [
                ("user", "承認者は誰ですか？"),
                (
                    "assistant",
                    "大阪サイトのコレクションは拠点長の承認が必要です。通常は申請から1営業日以内に反映されます。",
                ),
            ],
        ],
    ),
    (
        "ja-トークン数とエラーコード",
        [
            [
                (
                    "user",
                    "ドライバーのメモを要約する機能ですが、日本語のメモはトークン数が多くなると聞きました。実際どれくらいですか？",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "python scripts/count_tokens.py --source s3://kf-driver-notes/2024-06-10/osaka/ --encoding o200k_base"}',
                ),
                (
                    "tool",
                    "files: 88\nnotes: 1,204\ntokens: 211,482\nmean tokens/note: 175.6\nmax tokens/note: 1,312",
                ),
                (
                    "assistant",
                    "大阪の1日分で1,204件、合計約21万トークン、1件あたり平均176トークンです。英語のメモ（平均128）より約4割多いですが、コスト的には問題ない範囲です。",
                ),
            ],
            [
                ("user", "昨日は要約APIがエラー429を返していました"),
                (
                    "assistant",
                    "429はレート制限です。昨日は全拠点のメモを同時に送っていたので、1分あたりのトークン上限を超えました。拠点ごとに時間をずらして送るように変更します。",
                ),
            ],
        ],
    ),
    # --- Chinese ---
    (
        "zh-密码轮换策略说明",
        [
            [
                (
                    "user",
                    "上海仓库的同事问：为什么系统每三个月就要求改一次密码？能给他们解释一下吗？",
                ),
                (
                    "assistant",
                    "可以。公司目前的密码策略是：每 90 天必须更换一次，长度至少 14 个字符，不能重复使用最近 12 次用过的密码。服务账号如果由 Vault 管理，则由系统自动轮换，不需要人工修改。",
                ),
            ],
            [
                ("user", "请写一段简短的中文通知"),
                (
                    "assistant",
                    "「各位同事好：根据公司信息安全规定，系统登录密码每 90 天需要更换一次，新密码至少 14 位，且不能与最近 12 次的密码相同。到期前 14 天系统会发送邮件提醒。如被锁定，请拨打服务台分机 2200。谢谢配合！」",
                ),
            ],
        ],
    ),
    (
        "zh-订单号与运单号查询",
        [
            [
                ("user", "客户说订单 SO-88502 还没有发货，运单号是多少？"),
                (
                    "call",
                    "bash",
                    '{"command": "portalctl orders show SO-88502 --fields status,warehouse,tracking_no,carrier"}',
                ),
                (
                    "tool",
                    "status: SHIPPED\nwarehouse: SHA-01\ntracking_no: SF1402288176503\ncarrier: SF Express",
                ),
                (
                    "assistant",
                    "订单 SO-88502 已经从上海仓（SHA-01）发出，承运商是顺丰，运单号 SF1402288176503。",
                ),
            ],
            [
                ("user", "帮我查一下现在到哪里了"),
                ("call", "bash", '{"command": "carrierctl track --carrier sf SF1402288176503"}'),
                ("tool", "SF1402288176503  IN_TRANSIT  2024-06-11 09:41  苏州转运中心"),
                (
                    "assistant",
                    "目前在苏州转运中心（今天 09:41 的扫描记录），运输途中，预计明天送达。",
                ),
            ],
        ],
    ),
    # --- Korean ---
    (
        "ko-mfa-등록-안내",
        [
            [
                (
                    "user",
                    "부산 물류센터에 새로 온 직원 두 명이 MFA 등록을 해야 해요. 한국어로 순서 좀 정리해 주세요.",
                ),
                (
                    "assistant",
                    "MFA 등록 방법 (Okta Verify)\n\n1. 업무용 휴대폰에 회사 포털에서 Okta Verify 앱을 설치합니다.\n2. PC에서 서비스데스크가 알려준 임시 비밀번호로 Okta에 로그인한 뒤 본인 비밀번호로 바꿉니다.\n3. 화면에 나오는 QR 코드를 앱으로 스캔합니다.\n4. 앱에 표시되는 6자리 코드를 브라우저에 입력합니다. 코드는 30초마다 바뀝니다.\n5. 예비 수단으로 문자(SMS)를 추가합니다.\n\nIT 부서는 절대 인증 코드를 묻지 않습니다.",
                ),
            ],
            [
                ("user", "고마워요. 서비스데스크 내선 번호도 넣어 주세요"),
                (
                    "assistant",
                    '마지막 줄에 추가했습니다: "문제가 있으면 서비스데스크(내선 2200)로 연락하세요."',
                ),
            ],
        ],
    ),
    (
        "ko-시맨틱-버전-배포",
        [
            [
                (
                    "user",
                    "경로 계획 서비스 다음 버전 번호를 뭐로 해야 할까요? 지금 운영은 2.19.0이고, 이번엔 버그 수정 두 개랑 새 API 필드 하나가 들어가요.",
                ),
                (
                    "assistant",
                    "새 필드는 하위 호환되는 기능 추가이므로 2.20.0이 맞습니다. 버그 수정만 있었다면 2.19.1이었을 거예요.",
                ),
            ],
            [
                ("user", "태그 달아 주세요"),
                (
                    "call",
                    "bash",
                    '{"command": "cd ~/src/routeplan && git tag -a v2.20.0 -m \'v2.20.0: dock_slot_id in RouteStop, ETA rounding fix, geofence fix\' && git push origin v2.20.0"}',
                ),
                (
                    "tool",
                    "To github.com:kestrel/routeplan.git\n * [new tag]         v2.20.0 -> v2.20.0",
                ),
                (
                    "assistant",
                    "v2.20.0 태그를 만들고 푸시했습니다. 릴리스 파이프라인이 이미지 빌드를 시작할 거예요.",
                ),
            ],
        ],
    ),
    # --- Hindi ---
    (
        "hi-पासवर्ड-नीति-और-लॉकआउट",
        [
            [
                (
                    "user",
                    "पुणे गोदाम के लोग पूछ रहे हैं कि पाँच बार गलत पासवर्ड डालने पर अकाउंट लॉक क्यों हो जाता है। इसका नियम क्या है?",
                ),
                (
                    "assistant",
                    "नियम यह है: लगातार 5 गलत प्रयासों के बाद अकाउंट 15 मिनट के लिए लॉक हो जाता है। 15 मिनट बाद यह अपने आप खुल जाता है, या सर्विस डेस्क (एक्सटेंशन 2200) इसे पहले खोल सकता है। पासवर्ड कम से कम 14 अक्षरों का होना चाहिए और हर 90 दिन में बदलना होता है।",
                ),
            ],
            [
                ("user", "उनके लिए एक छोटा संदेश लिख दो"),
                (
                    "assistant",
                    '"नमस्ते, सुरक्षा नियमों के अनुसार 5 बार गलत पासवर्ड डालने पर आपका अकाउंट 15 मिनट के लिए लॉक हो जाता है। कृपया 15 मिनट रुकें या सर्विस डेस्क को एक्सटेंशन 2200 पर कॉल करें। अपना पासवर्ड किसी के साथ साझा न करें, IT टीम के साथ भी नहीं। धन्यवाद!"',
                ),
            ],
        ],
    ),
    (
        "hi-पिन-कोड-और-रूट",
        [
            [
                (
                    "user",
                    "दिल्ली डिपो के लिए नए पिन कोड 110037 और 122001 किस रूट में हैं? ड्राइवर कह रहे हैं कि उन्हें स्टॉप नहीं दिख रहे।",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "routeplanctl zones lookup --country IN --postal-code 110037 --postal-code 122001"}',
                ),
                ("tool", "IN 110037  zone=DEL-C  routes=DEL-05\nIN 122001  (no zone)"),
                (
                    "assistant",
                    "110037 (महिपालपुर) ज़ोन DEL-C में है और रूट DEL-05 पर आता है। 122001 (गुड़गाँव) किसी ज़ोन में नहीं है, इसलिए उसके स्टॉप किसी रूट पर नहीं जाते।",
                ),
            ],
            [
                ("user", "122001 को DEL-C में जोड़ दो"),
                (
                    "assistant",
                    "ठीक है, 122001 को ज़ोन DEL-C में जोड़ने का बदलाव तैयार है; कल सुबह 6 बजे की योजना में ये स्टॉप DEL-05 पर दिखेंगे।",
                ),
            ],
        ],
    ),
    # --- Arabic ---
    (
        "ar-مكان-حفظ-كلمة-المرور-في-الخزنة",
        [
            [
                (
                    "user",
                    "مرحباً، أين نحفظ كلمة المرور الخاصة بحساب بوابة الجمارك في دبي؟ زميلي أحمد يحتاجها لتقديم البيانات اليوم.",
                ),
                (
                    "assistant",
                    "هي محفوظة في Bitwarden ضمن مجموعة «Sites / Dubai» باسم «بوابة الجمارك – دبي». لن أكتب كلمة المرور هنا. إذا لم يكن أحمد عضواً في المجموعة، يمكنه طلب الوصول من بوابة الصلاحيات، ويوافق عليه مدير الموقع.",
                ),
            ],
            [
                ("user", "شكراً. وهل يحتاج إلى رمز تحقق أيضاً؟"),
                (
                    "assistant",
                    "نعم، البوابة ترسل رمزاً من 6 أرقام عبر رسالة نصية إلى الهاتف المسجّل، وصلاحيته 10 دقائق. الهاتف المسجّل هو هاتف المكتب في دبي، فيحتاج أحمد أن يكون في المكتب أو أن يطلب من مدير الموقع تغيير الرقم.",
                ),
            ],
        ],
    ),
    (
        "ar-رموز-الخطأ-وأرقام-الشحنات",
        [
            [
                (
                    "user",
                    "تطبيق السائقين في الرياض يعطي الخطأ 403 عند تأكيد التسليم. هل يمكنك التحقق؟",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"kubectl -n driver logs deploy/driver-api --since=2h | grep ' 403 ' | grep -o 'depot=[A-Z0-9-]*' | sort | uniq -c\"}",
                ),
                ("tool", "    87 depot=RUH-01\n      2 depot=DXB-01"),
                (
                    "assistant",
                    "معظم أخطاء 403 (87 طلباً) من مستودع الرياض RUH-01. يبدو أن الأجهزة هناك لم تحصل على صلاحية «تأكيد التسليم» بعد تحديث الأدوار أمس.",
                ),
            ],
            [
                ("user", "أصلحها من فضلك"),
                (
                    "call",
                    "bash",
                    '{"command": "driverctl roles grant --depot RUH-01 --role driver --permission delivery.confirm"}',
                ),
                ("tool", "granted delivery.confirm to role driver at depot RUH-01 (54 devices)"),
                (
                    "assistant",
                    "تمت إضافة الصلاحية لدور السائق في RUH-01 على 54 جهازاً. يجب أن يعمل التأكيد الآن بعد إعادة فتح التطبيق.",
                ),
            ],
        ],
    ),
    # --- Vietnamese ---
    (
        "vi-ma-loi-va-ma-buu-chinh",
        [
            [
                (
                    "user",
                    "Kho Bình Dương báo máy quét hiện mã lỗi E-207 khi nhập hàng. Mã đó nghĩa là gì?",
                ),
                (
                    "assistant",
                    'E-207 là "Mã SKU không có trong đơn nhập": hàng được quét không thuộc phiếu nhập đang mở. Thường do nhà cung cấp giao thêm mặt hàng hoặc dán nhầm nhãn.',
                ),
            ],
            [
                ("user", "Đơn nhập là INB-VN-30412, SKU bị lỗi là KF-CTN-600x400-BRN"),
                ("call", "bash", '{"command": "wmsctl inbound show INB-VN-30412 --fields lines"}'),
                (
                    "tool",
                    "line  sku                   qty\n1     KF-CTN-600x400-WHT    400\n2     KF-CTN-400x300-WHT    600",
                ),
                (
                    "assistant",
                    "Phiếu nhập INB-VN-30412 chỉ có thùng trắng (WHT), không có KF-CTN-600x400-BRN (thùng nâu). Nhà cung cấp giao nhầm màu; kho nên giữ lại và báo bộ phận mua hàng.",
                ),
            ],
        ],
    ),
    (
        "vi-ma-otp-het-han-sau-5-phut",
        [
            [
                ("user", "Tài xế ở Hà Nội hỏi tại sao mã OTP đăng nhập hay bị báo hết hạn"),
                (
                    "assistant",
                    'Mã OTP qua SMS có hiệu lực 5 phút. Nếu tài xế bấm "gửi lại mã", mã cũ sẽ mất hiệu lực ngay. Ngoài ra, một số nhà mạng giao SMS chậm vào giờ cao điểm.',
                ),
            ],
            [
                ("user", "Viết giúp một thông báo ngắn cho nhóm tài xế"),
                (
                    "assistant",
                    '"Thông báo: Mã OTP đăng nhập ứng dụng giao hàng có hiệu lực trong 5 phút. Nếu bạn yêu cầu mã mới, chỉ nhập mã mới nhất. Tuyệt đối không đọc mã cho người khác, kể cả nhân viên IT. Nếu quá 5 phút chưa nhận được mã, hãy gọi điều phối. Cảm ơn!"',
                ),
            ],
        ],
    ),
    # --- Indonesian ---
    (
        "id-nama-kunci-api-di-deployment",
        [
            [
                (
                    "user",
                    "Tim Jakarta mau deploy layanan pelacakan di cluster baru. Kunci API apa saja yang dibutuhkan? Namanya saja.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n tracking get deploy tracking-api -o jsonpath=\'{range .spec.template.spec.containers[0].env[*]}{.name}{\\" <- \\"}{.valueFrom.secretKeyRef.name}{\\"\\\\n\\"}{end}\'"}',
                ),
                (
                    "tool",
                    "LOG_LEVEL <- \nDPD_API_KEY <- carrier-dpd\nJNE_API_KEY <- carrier-jne\nSICEPAT_API_KEY <- carrier-sicepat\nDATABASE_URL <- tracking-db",
                ),
                (
                    "assistant",
                    "Yang dibutuhkan: `DPD_API_KEY` (secret `carrier-dpd`), `JNE_API_KEY` (`carrier-jne`), `SICEPAT_API_KEY` (`carrier-sicepat`) dan `DATABASE_URL` (`tracking-db`). Nilainya diambil dari Vault lewat External Secrets, jadi tim Jakarta cukup memastikan path Vault-nya ada di cluster baru.",
                ),
            ],
            [
                ("user", "DPD tidak dipakai di Indonesia, bisa dihapus?"),
                (
                    "assistant",
                    "Di kode, `DPD_API_KEY` wajib saat start. Sebaiknya dibuat opsional dulu (layanan melewati DPD kalau kosong), baru secret-nya dihapus dari manifest Indonesia.",
                ),
            ],
        ],
    ),
    (
        "id-nomor-pintu-dan-ruang-server",
        [
            [
                (
                    "user",
                    "Pintu 3 di gudang Cikarang tidak bisa dikunci sejak kemarin, dan ruang server R-105 ada di sebelahnya. Tolong buatkan tiket ke bagian fasilitas.",
                ),
                (
                    "assistant",
                    'Tiket FM-2231 dibuat: "Pintu 3 gudang Cikarang tidak bisa dikunci sejak 10 Juni. Lokasi bersebelahan dengan ruang server R-105. Mohon perbaikan segera; sementara mohon satpam memeriksa area tersebut setiap jam." Prioritas: tinggi.',
                ),
            ],
            [
                ("user", "Bagus. Kirim juga ke satpam, ekstensi 7102"),
                (
                    "assistant",
                    "Saya tidak bisa menelepon; tapi pesan sudah saya kirim ke kotak masuk pos satpam Cikarang dengan nomor tiket FM-2231 dan permintaan patroli per jam. Mungkin tetap lebih cepat jika Anda menelepon ekstensi 7102.",
                ),
            ],
        ],
    ),
    # --- Swedish ---
    (
        "sv-wifi-ssid-nytt-lager",
        [
            [
                (
                    "user",
                    "Vi öppnar ett nytt lager i Jönköping. Vilka wifi-nätverk ska skannrarna ansluta till?",
                ),
                (
                    "assistant",
                    'Samma som på andra platser: "KF-WH-Scan" (bara 5 GHz, certifikatbaserad inloggning via MDM) för handdatorerna, "KF-WH-IoT" för skrivare och sensorer, och "KF-Guest" för besökare. Skannrarna får sina certifikat automatiskt, så ingen behöver skriva in något lösenord.',
                ),
            ],
            [
                ("user", "Vilket VLAN får de?"),
                (
                    "assistant",
                    "Enligt vårt schema får Jönköping platskod JKG och VLAN 140 för KF-WH-Scan, 141 för IoT och 199 för gäst, med adressintervallet 10.85.0.0/16. Nätverksteamet bekräftar det i beställningen.",
                ),
            ],
        ],
    ),
    (
        "sv-kodgranskning-klar-och-sha",
        [
            [
                (
                    "user",
                    "Kodgranskningen är klar för ändringen av geofence-logiken, Erik har godkänt. Kan du merga?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "gh pr merge 2311 --repo kestrel/routeplan --squash --delete-branch && git -C ~/src/routeplan pull -q && git -C ~/src/routeplan log -1 --format=%h"}',
                ),
                (
                    "tool",
                    "✓ Squashed and merged pull request kestrel/routeplan#2311 (Geofence: use polygon containment instead of bounding box)\n✓ Deleted branch feat/geofence-polygon\nc41e9a7",
                ),
                ("assistant", "Mergad som c41e9a7. Den följer med i nästa release, 2.20.1."),
            ],
            [
                ("user", "Tack! Hur många ärenden är kvar i sprinten?"),
                (
                    "assistant",
                    "Tre öppna: OPS-4510 (batterirapportering), PLAT-1241 (ta bort pydantic-låsningen) och PLAT-1263 (ladda om DB-inloggningen vid rotation).",
                ),
            ],
        ],
    ),
]

#: Sessions with secrets: their turns, and the exact secret substrings that must not survive.
AP_SECRET: list[tuple[str, list[list[Message]], list[str]]] = [
    # --- English ---
    (
        "en-sftp-drop-password-pasted-for-replay",
        [
            [
                (
                    "user",
                    "I need to replay yesterday's IDocs from the SAP SFTP drop but vault is down for maintenance. the password is Kranbahn#2291-Ost, user sap_drop. can you pull the files from /outbound/2024-06-10?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "lftp -u sap_drop sftp://sftp-sap.kf.internal -e \'mirror /outbound/2024-06-10 /tmp/idoc-replay; bye\'"}',
                ),
                (
                    "tool",
                    "Password: \nTotal: 1 directory, 412 files, 0 symlinks\nNew: 412 files, 0 symlinks\n18874113 bytes transferred in 4 seconds (4.49 MiB/s)",
                ),
                (
                    "assistant",
                    "Pulled 412 files (18.9 MB) into /tmp/idoc-replay. Since the password went through chat, it should be rotated once Vault is back.",
                ),
            ],
            [
                ("user", "yeah I'll rotate it tomorrow. start the replay"),
                (
                    "assistant",
                    "Starting the replay in order of IDoc number; I'll report the count of status 53 vs 51 when it's done.",
                ),
            ],
        ],
        ["Kranbahn#2291-Ost"],
    ),
    (
        "en-here-api-key-pasted-env-line",
        [
            [
                (
                    "user",
                    "staging routeplan has no HERE key because the ExternalSecret is broken. just set it directly for today:\nHERE_API_KEY=FB_aCISVk_SIkIgucRm1S5J9GmotvrG1CkhOSc077OP",
                ),
                (
                    "assistant",
                    "I'd rather not put the key into a plain Deployment env var, since it ends up in the manifest history. I'll create a temporary Kubernetes secret with it and point the Deployment at that, then fix the ExternalSecret.",
                ),
            ],
            [
                ("user", "fine"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl --context staging -n routeplan create secret generic here-maps-tmp --from-literal=api-key=FB_aCISVk_SIkIgucRm1S5J9GmotvrG1CkhOSc077OP"}',
                ),
                ("tool", "secret/here-maps-tmp created"),
                (
                    "assistant",
                    "Created `here-maps-tmp` in staging. Next I'll switch the Deployment's `HERE_API_KEY` reference to it.",
                ),
            ],
        ],
        ["FB_aCISVk_SIkIgucRm1S5J9GmotvrG1CkhOSc077OP"],
    ),
    (
        "en-github-pat-in-login-call",
        [
            [
                (
                    "user",
                    "the build agent lost its GitHub login. here's a fine-grained token for the ci-bot account, log it in: ghp_EFKsnIdojX0auQ0DoAncTHtnjHMh3zaTC65D",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh build-agent-03 \'echo ghp_EFKsnIdojX0auQ0DoAncTHtnjHMh3zaTC65D | gh auth login --with-token && gh auth status\'"}',
                ),
                (
                    "tool",
                    "github.com\n  ✓ Logged in to github.com account kf-ci-bot (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: ghp_************************************",
                ),
                ("assistant", "build-agent-03 is logged in as kf-ci-bot again."),
            ],
            [
                ("user", "thx"),
                (
                    "assistant",
                    "You're welcome. That token is a classic PAT (ghp_ prefix), not fine-grained; worth swapping for a fine-grained one with repo-scoped access when you have a minute.",
                ),
            ],
        ],
        ["ghp_EFKsnIdojX0auQ0DoAncTHtnjHMh3zaTC65D"],
    ),
    (
        "en-aws-credentials-file-on-jenkins-node",
        [
            [
                (
                    "user",
                    "why can the old jenkins node still push to S3? I thought we moved to instance roles",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh jenkins-node-legacy-2 cat /var/lib/jenkins/.aws/credentials"}',
                ),
                (
                    "tool",
                    "[default]\naws_access_key_id = AKIA4QF7LFBVM29UT4HZ\naws_secret_access_key = dI2DcfsQDYCzdeTZmx5nNcZAyxVuCSxaL9PB7ol0\nregion = eu-central-1",
                ),
                (
                    "assistant",
                    "There's a static access key in the Jenkins user's `~/.aws/credentials` on that node, which takes precedence over the instance role. That key should be deactivated in IAM and the file deleted.",
                ),
            ],
            [
                ("user", "do it"),
                (
                    "assistant",
                    "I'll deactivate the key in IAM first (so nothing silently keeps using it), watch for failed jobs for a day, then delete it and the file.",
                ),
            ],
        ],
        ["AKIA4QF7LFBVM29UT4HZ", "dI2DcfsQDYCzdeTZmx5nNcZAyxVuCSxaL9PB7ol0"],
    ),
    (
        "en-gate-keypad-code-dictated-two-turns",
        [
            [
                (
                    "user",
                    "the night driver for DU-12 can't get into the Neuss yard, can you text him the keypad code for the truck gate? I'll read it to you, first part is 7 1 9",
                ),
                ("assistant", "Go ahead with the rest."),
            ],
            [
                ("user", "then 3 0 4, and the hash key at the end"),
                (
                    "assistant",
                    "Got it. I can't send SMS myself; dispatch can send it from the fleet app to DU-12's handheld, which is better than a text anyway since it disappears from the device after the shift.",
                ),
            ],
            [
                ("user", "ok I'll do that"),
                ("assistant", "Thanks. I haven't saved the code anywhere."),
            ],
        ],
        ["7 1 9", "3 0 4"],
    ),
    (
        "en-okta-recovery-codes-in-tool-output",
        [
            [
                (
                    "user",
                    "generate fresh recovery codes for the break-glass admin account in the carrier portal, the old ones are used up",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "carrierportal-cli mfa recovery-codes regenerate --account kf-breakglass"}',
                ),
                (
                    "tool",
                    "New recovery codes for kf-breakglass (old codes are now invalid):\n  9ml1o-5515g\n  x1xlr-wbqnf\n  mfbko-upttc\n  mv136-nyuc6\n  kcnb7-uoky7\n  baxa7-l611w\nStore them somewhere safe. Each code can be used once.",
                ),
                (
                    "assistant",
                    "Six new recovery codes were generated and the old ones invalidated. They should go into the break-glass envelope in the safe and the `Platform / Infrastructure` collection in Bitwarden, not stay in this chat.",
                ),
            ],
            [
                ("user", "I'll copy them to bitwarden now"),
                (
                    "assistant",
                    "Good. After that, print them for the safe and confirm on OPS-4540 that both copies exist.",
                ),
            ],
        ],
        ["9ml1o-5515g", "x1xlr-wbqnf", "mfbko-upttc", "mv136-nyuc6", "kcnb7-uoky7", "baxa7-l611w"],
    ),
    (
        "en-iot-wifi-psk-for-new-printers",
        [
            [
                (
                    "user",
                    "installing the 3 new printers in Venlo hall 2 now. what do I put for the IoT wifi?",
                ),
                (
                    "assistant",
                    "SSID `KF-WH-IoT`, WPA2-Personal. The pre-shared key is in Bitwarden under `Sites / Venlo`; do you have access?",
                ),
            ],
            [
                (
                    "user",
                    "no access from the handheld here. Marek just told me on the phone: Vlonder-Paars-88!koffie. that right?",
                ),
                (
                    "assistant",
                    "I can't confirm it from here, but if the printers join and get a 10.80.12.x address, it's right. Print a config label from each printer afterwards to check.",
                ),
            ],
            [
                ("user", "all three joined"),
                (
                    "assistant",
                    "Good. Please let Marek know the key was read over the phone in a shared space; he may want to rotate it on the next maintenance day.",
                ),
            ],
        ],
        ["Vlonder-Paars-88!koffie"],
    ),
    (
        "en-db-url-with-password-in-debug",
        [
            [
                (
                    "user",
                    "the sync job can't connect, here's the DATABASE_URL from the pod env: postgresql://routeplan_rw:Fz8q2LxVt7Np@routeplan-db.kf.internal:5432/routeplan?sslmode=require",
                ),
                ("call", "bash", '{"command": "nc -zv -w 3 routeplan-db.kf.internal 5432"}'),
                (
                    "tool",
                    "nc: connect to routeplan-db.kf.internal port 5432 (tcp) failed: Connection timed out",
                ),
                (
                    "assistant",
                    "The URL looks well-formed; the problem is the network: port 5432 on routeplan-db times out from here. Is the sync job in a namespace that the DB's network policy allows?",
                ),
            ],
            [
                ("user", "it moved to the integration namespace last week"),
                (
                    "assistant",
                    "That's it: the DB's NetworkPolicy only allows ingress from the `routeplan` namespace. Add `integration` to the policy. And since that URL includes the password and it's now in this chat, rotate the routeplan_rw credential.",
                ),
            ],
        ],
        ["Fz8q2LxVt7Np"],
    ),
    (
        "en-slack-webhook-url-for-alerts",
        [
            [
                (
                    "user",
                    "wire the dock-door alarms into #ops-duisburg. webhook is https://hooks.slack.com/services/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",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "curl -sS -X POST -H \'Content-type: application/json\' --data \'{\\"text\\":\\"Test: dock door alarm integration (door 4, dock B)\\"}\' https://hooks.slack.com/services/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"}',
                ),
                ("tool", "ok"),
                (
                    "assistant",
                    "The test message posted. I'll store the webhook URL as a secret for the alarm bridge rather than in its config file.",
                ),
            ],
            [
                ("user", "did it show up? I don't see it"),
                (
                    "assistant",
                    "Slack returned `ok`, so it was accepted. Check whether the webhook was created for #ops-duisburg or another channel; a webhook is bound to the channel chosen when it was created.",
                ),
            ],
        ],
        ["jyCvYtPHKyi7hIDzALmMEDPH"],
    ),
    (
        "en-sendgrid-key-in-portal-config",
        [
            [
                ("user", "portal emails stopped going out. check the mail config on the old VM"),
                (
                    "call",
                    "bash",
                    '{"command": "ssh portal-legacy-01 sudo cat /etc/portal/mail.yaml"}',
                ),
                (
                    "tool",
                    "provider: sendgrid\nfrom: no-reply@kestrel-freight.com\napi_key: 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\nsandbox: false",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh portal-legacy-01 sudo journalctl -u portal-mailer --since today | tail -2"}',
                ),
                (
                    "tool",
                    "Jun 11 09:02:17 portal-legacy-01 portal-mailer[1182]: send failed: HTTP 401 The provided authorization grant is invalid, expired, or revoked\nJun 11 09:02:17 portal-legacy-01 portal-mailer[1182]: 212 messages queued",
                ),
                (
                    "assistant",
                    "The mailer gets 401 from SendGrid: the API key in mail.yaml was revoked. 212 emails are queued. A new key is needed, ideally stored in Vault and templated into the file instead of being in it plaintext.",
                ),
            ],
            [
                (
                    "user",
                    "I created a new key in SendGrid and put it in vault at secret/portal/sendgrid",
                ),
                (
                    "assistant",
                    "Then the next step is the Ansible template change so mail.yaml reads it from Vault, a restart of portal-mailer to flush the 212 queued messages, and deleting the old key in SendGrid (it's already revoked, but it still shows up in the key list).",
                ),
            ],
        ],
        ["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"],
    ),
    (
        "en-jwt-bearer-in-curl-test",
        [
            [
                (
                    "user",
                    "test the route upload endpoint with this service token I got from the auth team",
                ),
                (
                    "user",
                    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJzdmMtcm91dGVwbGFuIiwiaWF0IjoxNzE4MDMxMTIyLCJzY29wZSI6InJvdXRlczp3cml0ZSJ9.dZN1MsSnd-ihTRxMOLbQrg9n48L_LSU_8o8EhCvnBvs",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"curl -sS -o /dev/null -w '%{http_code}' -X POST -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJzdmMtcm91dGVwbGFuIiwiaWF0IjoxNzE4MDMxMTIyLCJzY29wZSI6InJvdXRlczp3cml0ZSJ9.dZN1MsSnd-ihTRxMOLbQrg9n48L_LSU_8o8EhCvnBvs' -H 'Content-Type: application/json' --data @tests/fixtures/route_upload_small.json https://routeplan.staging.kf.internal/api/v2/routes\"}",
                ),
                ("tool", "201"),
                (
                    "assistant",
                    "201 Created: the token works with `routes:write` scope on staging. It has no `exp` claim, so it never expires; the auth team should issue one with an expiry.",
                ),
            ],
            [
                ("user", "I'll ask them. can you delete the test route you just created?"),
                (
                    "assistant",
                    "The fixture creates route R-TEST-0001 on staging; I'll delete it with `routeplanctl route delete R-TEST-0001 --context staging` so it doesn't show up in tomorrow's planning.",
                ),
            ],
        ],
        ["dZN1MsSnd-ihTRxMOLbQrg9n48L_LSU_8o8EhCvnBvs"],
    ),
    (
        "en-password-corrected-second-message",
        [
            [
                (
                    "user",
                    "set the local admin on the Dortmund gate PC to Gabelstapler!Nord27 please, the old one leaked on a sticky note",
                ),
                ("user", "sorry typo, Gabelstapler!Nord72"),
                (
                    "assistant",
                    "Understood, the second one. I'll set it via the LAPS-managed override so the next automatic rotation still happens in 30 days.",
                ),
            ],
            [
                ("user", "actually let LAPS generate one, forget mine"),
                (
                    "assistant",
                    "Better. I'll trigger a LAPS rotation on dtm-gate-pc01 instead; the new value will be readable in the LAPS console by the site admins only.",
                ),
            ],
        ],
        ["Gabelstapler!Nord27", "Gabelstapler!Nord72"],
    ),
    (
        "en-nato-spelled-kiosk-password",
        [
            [
                (
                    "user",
                    "what's the kiosk exit password on the Venlo gate tablet? the installer needs to get out of kiosk mode",
                ),
                (
                    "assistant",
                    'It\'s in Bitwarden, `Sites / Venlo`, entry "Gate tablet kiosk exit". Can you read it to him from there?',
                ),
            ],
            [
                (
                    "user",
                    "I'll spell it for him, write it down so I don't mess up: capital sierra, hotel, four, lima, x-ray, nine, capital quebec, echo",
                ),
                (
                    "assistant",
                    "I'd rather not keep it in writing here. Read it to him from Bitwarden directly; and rotate it after the installer is done, since kiosk exit passwords are shared with contractors rarely.",
                ),
            ],
        ],
        ["capital sierra, hotel, four, lima, x-ray, nine, capital quebec, echo"],
    ),
    (
        "en-alarm-code-in-words-voicemail",
        [
            [
                (
                    "user",
                    "transcribe this voicemail from the Neuss site manager into a ticket: 'Hi, it's Petra, the new alarm code for the depot from Monday is four nine one seven, please tell the early shift, and the alarm company needs the new contact list'",
                ),
                (
                    "assistant",
                    'Ticket draft (without the code): "Neuss depot: alarm code changes Monday; early shift to be informed by the site manager directly. Alarm company needs the updated contact list — action: send the current on-call list to the alarm company." I left the code out of the ticket because tickets are visible to the whole company.',
                ),
            ],
            [
                ("user", "good call"),
                (
                    "assistant",
                    "I'd also ask Petra to give the code to the early shift in person rather than by voicemail next time.",
                ),
            ],
        ],
        ["four nine one seven"],
    ),
    (
        "en-ec-private-key-cat-by-mistake",
        [
            [
                (
                    "user",
                    "the AS2 connector complains about the signing key, can you show me what's in the key file",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n integration exec deploy/edi-connector -- cat /etc/as2/keys/kf-signing.pem"}',
                ),
                (
                    "tool",
                    "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIP9lBlJOIBFFvia5lIDB2r+FFjsun6qZT20IJZJ0jYRUoAoGCCqGSM49\nAwEHoUQDQgAET+msqR56rOdXszBDWyGgW9MnK2FA6M2y7c7s0no/OlKXTyXxtIO8\nRIkJTXb5+pwaiLBgvqFzHotYl4XHxy9CQQ==\n-----END EC PRIVATE KEY-----",
                ),
                (
                    "assistant",
                    "That printed the private key itself, which I shouldn't have done; I should have inspected it with `openssl ec -noout -text` instead. The file is a valid P-256 EC key in SEC1 format. If the connector expects PKCS#8 (`BEGIN PRIVATE KEY`), that's the complaint. Since the key is now in this transcript, it should be replaced and the new certificate sent to the AS2 partners.",
                ),
            ],
            [
                ("user", "ugh. how many partners is that?"),
                (
                    "assistant",
                    "Two AS2 partners use this signing certificate: REWE-EDI and ALDI-SUED-EDI. Both accept a certificate change with 14 days' notice, so generate the new key, send them the new public certificate, and switch on the agreed date.",
                ),
            ],
        ],
        [
            "MHcCAQEEIP9lBlJOIBFFvia5lIDB2r+FFjsun6qZT20IJZJ0jYRUoAoGCCqGSM49",
            "AwEHoUQDQgAET+msqR56rOdXszBDWyGgW9MnK2FA6M2y7c7s0no/OlKXTyXxtIO8",
            "RIkJTXb5+pwaiLBgvqFzHotYl4XHxy9CQQ==",
        ],
    ),
    (
        "en-docker-hub-token-in-login-call",
        [
            [
                (
                    "user",
                    "we hit docker hub pull limits on the build agents. log them in with the team account, token: dckr_pat_0CcayoQ37EyJbGO816VGcDgGBfB",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "for h in build-agent-01 build-agent-02 build-agent-03; do ssh $h \'echo dckr_pat_0CcayoQ37EyJbGO816VGcDgGBfB | docker login -u kestrelci --password-stdin\' ; done"}',
                ),
                ("tool", "Login Succeeded\nLogin Succeeded\nLogin Succeeded"),
                (
                    "assistant",
                    "All three agents are logged in as kestrelci, so pulls count against the team quota now.",
                ),
            ],
            [
                ("user", "is that stored in plaintext on the agents?"),
                (
                    "assistant",
                    "By default yes, base64 in `~/.docker/config.json`. Installing `docker-credential-pass` or using a pull-through cache (our Harbor proxy) would avoid that; the proxy also fixes the rate limits for good.",
                ),
            ],
        ],
        ["dckr_pat_0CcayoQ37EyJbGO816VGcDgGBfB"],
    ),
    (
        "en-vault-token-shared-for-debugging",
        [
            [
                (
                    "user",
                    "my vault token for the next hour, so you can check the routeplan paths: hvs.hVWmx3g1c2gGTtOMwOJqzWP6",
                ),
                (
                    "assistant",
                    "I'd prefer not to use someone else's token; actions would be logged as you. Could you run `vault token create -policy=routeplan-readonly -ttl=1h` and give me that one instead? Also revoke the one you just pasted.",
                ),
            ],
            [
                ("user", "fair, revoking it now"),
                ("assistant", "Thanks. `vault token revoke -self` with that token does it."),
            ],
        ],
        ["hvs.hVWmx3g1c2gGTtOMwOJqzWP6"],
    ),
    (
        "en-sap-rfc-password-in-call-args",
        [
            [
                (
                    "user",
                    "test the RFC connection to PRD with the route-sync user. the password is in my clipboard: Wq9!sLm3#Ve2Ra",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "python tools/rfc_ping.py --ashost sapprd-ci.kf.internal --sysnr 00 --client 100 --user RFC_ROUTE --passwd \'Wq9!sLm3#Ve2Ra\' --function Z_ROUTE_SYNC_PING"}',
                ),
                (
                    "tool",
                    "connected to PRD/100 as RFC_ROUTE\nZ_ROUTE_SYNC_PING -> EV_STATUS='OK' EV_RELEASE='757'",
                ),
                (
                    "assistant",
                    "RFC works: connected to PRD client 100 as RFC_ROUTE, Z_ROUTE_SYNC_PING returned OK (kernel release 757).",
                ),
            ],
            [
                ("user", "good"),
                (
                    "assistant",
                    "Next time `rfc_ping.py --vault-path secret/sap/rfc-route` reads the password from Vault so it doesn't go through chat or shell history.",
                ),
            ],
        ],
        ["Wq9!sLm3#Ve2Ra"],
    ),
    (
        "en-kubectl-secret-yaml-base64",
        [
            [
                ("user", "dump the sap-rfc secret in staging, I want to compare it with prod"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl --context staging -n routeplan get secret sap-rfc -o yaml"}',
                ),
                (
                    "tool",
                    "apiVersion: v1\ndata:\n  password: V3E5IXNMbTMjVmUyUmE=\n  user: UkZDX1JPVVRF\nkind: Secret\nmetadata:\n  name: sap-rfc\n  namespace: routeplan\ntype: Opaque",
                ),
                (
                    "assistant",
                    "Staging's `sap-rfc` has `user` and `password`; the values are base64 (not encrypted). Rather than compare values by eye, compare hashes: `kubectl get secret sap-rfc -o jsonpath='{.data.password}' | sha256sum` in both contexts.",
                ),
            ],
            [
                ("user", "ok do the hash compare"),
                (
                    "assistant",
                    "I'll run that next for both contexts and report only whether the hashes match.",
                ),
            ],
        ],
        ["V3E5IXNMbTMjVmUyUmE="],
    ),
    (
        "en-password-split-across-turns",
        [
            [
                (
                    "user",
                    "the carrier portal password for the Schenker account is long, I'll send it in two bits. first: Tr7#kQ-Lager",
                ),
                (
                    "assistant",
                    "Before you send the rest: this is going to be stored in the conversation history. Could you put it into Bitwarden under `Platform / Vendors` instead and I'll point people there?",
                ),
            ],
            [
                ("user", "too late lol, second half: -pL2!w9Mond"),
                (
                    "assistant",
                    "Then please change it in the Schenker portal after you've saved it to Bitwarden, so the version in this chat stops working.",
                ),
            ],
        ],
        ["Tr7#kQ-Lager", "-pL2!w9Mond"],
    ),
    (
        "en-tc52-kiosk-passcode-for-depot",
        [
            [
                (
                    "user",
                    "the Rotterdam lead wants the device admin passcode for the TC52s to get out of the launcher and change the date. it's 582064 right?",
                ),
                (
                    "assistant",
                    "I can't confirm or send that here. The date should come from the network anyway; if it's wrong, the NTP setting in the MDM profile is the fix, not leaving the launcher.",
                ),
            ],
            [
                ("user", "ok I'll check NTP"),
                ("call", "bash", '{"command": "mdmctl profile show RTM-handhelds --section time"}'),
                (
                    "tool",
                    "ntp_server: ntp.kf.internal\nauto_time: false\ntimezone: Europe/Amsterdam",
                ),
                (
                    "assistant",
                    "`auto_time` is false in the Rotterdam profile, so the devices ignore the NTP server. Setting it to true fixes the date on the next sync. And since the passcode was typed here, it may be worth rotating it in the MDM.",
                ),
            ],
        ],
        ["582064"],
    ),
    (
        "en-twilio-token-in-env-grep",
        [
            [
                ("user", "SMS login codes aren't going out. check the driver-auth env"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n driver exec deploy/driver-auth -- env | grep -i twilio"}',
                ),
                (
                    "tool",
                    "TWILIO_ACCOUNT_SID=ACa0ed301447231328effc1cfdf2a7440e\nTWILIO_AUTH_TOKEN=a2591a3681dc9516debbfe16ff2c8e30\nTWILIO_FROM=+4920345670000",
                ),
                (
                    "assistant",
                    "The Twilio variables are set. Printing the env exposed the auth token here, so treat it as compromised and roll it in the Twilio console (it supports a secondary token for a no-downtime swap). Now let me check the logs for the actual send errors.",
                ),
            ],
            [
                ("user", "logs?"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n driver logs deploy/driver-auth --since=30m | grep -m2 -i twilio"}',
                ),
                (
                    "tool",
                    "WARN twilio send failed code=21608 The number +48 601 XXX XXX is unverified. Trial accounts cannot send messages to unverified numbers.",
                ),
                (
                    "assistant",
                    "Error 21608: the account is running in trial mode and can only send to verified numbers. Someone switched the SID to the trial subaccount; the production account SID needs to go back in.",
                ),
            ],
        ],
        ["a2591a3681dc9516debbfe16ff2c8e30"],
    ),
    (
        "en-datadog-key-in-helm-values",
        [
            [
                ("user", "why are the warehouse VMs sending metrics to the old datadog org?"),
                (
                    "call",
                    "bash",
                    '{"command": "grep -n -B1 -A1 apiKey ~/src/infra/ansible/roles/datadog/defaults/main.yml"}',
                ),
                (
                    "tool",
                    "11-datadog_site: datadoghq.eu\n12:datadog_api_key: 34828e06b157e8154bc1cbe9a4f46730\n13-datadog_tags:",
                ),
                (
                    "assistant",
                    "The Ansible role has a hard-coded API key in its defaults, which belongs to the old org. The new org's key should come from Vault via a lookup, and this key should be revoked in the old org once the VMs are switched.",
                ),
            ],
            [
                ("user", "how many VMs use that role?"),
                (
                    "call",
                    "bash",
                    '{"command": "ansible-inventory -i ~/src/infra/ansible/inventory/prod --graph datadog_agents | grep -c host"}',
                ),
                ("tool", "47"),
                (
                    "assistant",
                    "47 VMs are in the `datadog_agents` group. One Ansible run with the new key lookup switches all of them.",
                ),
            ],
        ],
        ["34828e06b157e8154bc1cbe9a4f46730"],
    ),
    # --- German ---
    (
        "de-sftp-passwort-im-chat-genannt",
        [
            [
                (
                    "user",
                    "Ich brauch die Lieferavis-Dateien vom Spediteur-SFTP, Vault hängt gerade. Benutzer ist kf_avis, das Passwort lautet Hubwagen!Ost-3382. Kannst du die von heute runterladen?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "lftp -u kf_avis sftp://sftp.spedition-kraemer.de -e \'mget /out/avis_20240611_*.xml -O /tmp/avis; bye\'"}',
                ),
                ("tool", "Password: \n14 files transferred"),
                (
                    "assistant",
                    "14 Avis-Dateien von heute liegen in /tmp/avis. Weil das Passwort jetzt im Chatverlauf steht, sollte es beim Spediteur geändert werden, sobald Vault wieder läuft.",
                ),
            ],
            [
                ("user", "Mach ich. Importier die Dateien bitte"),
                (
                    "assistant",
                    "Import läuft; ich melde mich mit der Anzahl der angelegten Wareneingänge.",
                ),
            ],
        ],
        ["Hubwagen!Ost-3382"],
    ),
    (
        "de-wlan-schluessel-in-druckerkonfig",
        [
            [
                (
                    "user",
                    "Der neue Etikettendrucker in Halle 2 verbindet sich nicht. Zeig mal die WLAN-Konfig, die wir draufgespielt haben",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "cat ~/src/printer-provisioning/sites/DUI/zt411-hall2.conf"}',
                ),
                (
                    "tool",
                    "ssid=KF-WH-IoT\nsecurity=wpa2-psk\nwpa_psk=Regalgasse-Neun!4418\nband=2.4\nip=dhcp",
                ),
                (
                    "assistant",
                    "Die Konfig sieht richtig aus (KF-WH-IoT, WPA2-PSK, 2,4 GHz). Allerdings steht der WLAN-Schlüssel im Klartext im Repo; der gehört in Vault und sollte erst beim Provisionieren eingesetzt werden. Kommt der Drucker überhaupt bis zur Assoziierung?",
                ),
            ],
            [
                ("user", "Nein, er sieht das Netz gar nicht"),
                (
                    "assistant",
                    "Dann liegt es nicht am Schlüssel. In Halle 2 sendet KF-WH-IoT auf Kanal 13; der ZT411 ist ab Werk auf die US-Region (Kanäle 1–11) eingestellt. Region auf EU stellen, dann sieht er das Netz.",
                ),
            ],
        ],
        ["Regalgasse-Neun!4418"],
    ),
    # --- French ---
    (
        "fr-mot-de-passe-admin-imprimante",
        [
            [
                (
                    "user",
                    "Le chef d'équipe de Lyon m'a donné le mot de passe admin des imprimantes du quai : Quai7-Gerland!rhone. Tu peux changer la densité d'impression à 20 sur LYO-DOCK-01 ?",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"curl -sS -u admin:'Quai7-Gerland!rhone' -d 'darkness=20' http://10.90.12.21/settings/print\"}",
                ),
                ("tool", "<html><body>Settings saved. Darkness: 20</body></html>"),
                (
                    "assistant",
                    "Densité réglée à 20 sur LYO-DOCK-01. Ce réglage serait mieux géré dans le modèle ZPL du WMS ; et le mot de passe admin, maintenant dans cette conversation, devrait être changé.",
                ),
            ],
            [
                ("user", "D'accord, fais pareil pour LYO-DOCK-02 alors"),
                (
                    "assistant",
                    "Je préfère passer par le modèle ZPL du WMS pour LYO-DOCK-02 : j'y règle la densité à 20, et le réglage s'appliquera aussi aux futures imprimantes du quai.",
                ),
            ],
        ],
        ["Quai7-Gerland!rhone"],
    ),
    (
        "fr-codes-de-secours-portail-douane",
        [
            [
                (
                    "user",
                    "Génère de nouveaux codes de secours pour le compte douane de Lyon, on les a tous utilisés",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "customsportal-cli mfa backup-codes --account kf-lyon-douane --regenerate"}',
                ),
                (
                    "tool",
                    "Codes de secours (usage unique) :\nMVWZ-PFWH\nTLIB-BSJL\nGOZ7-VJLN\nWDDT-BI96\nUC4U-8IIS\n4MD7-BDU9",
                ),
                (
                    "assistant",
                    "Six nouveaux codes ont été générés ; les anciens ne sont plus valides. Range-les dans Bitwarden (« Sites / Lyon ») et imprime une copie pour le coffre du site. Ils ne devraient pas rester dans ce fil.",
                ),
            ],
            [
                ("user", "C'est fait"),
                (
                    "assistant",
                    "Merci. Je note dans le ticket OPS-4544 que les codes ont été régénérés, sans les codes eux-mêmes.",
                ),
            ],
        ],
        ["MVWZ-PFWH", "TLIB-BSJL", "GOZ7-VJLN", "WDDT-BI96", "UC4U-8IIS", "4MD7-BDU9"],
    ),
    # --- Spanish ---
    (
        "es-clave-api-google-maps-pegada",
        [
            [
                (
                    "user",
                    "El portal de clientes de España no muestra el mapa de seguimiento. Prueba con esta clave de Google Maps que me pasó Marketing: AIzaSy2wdHsvHqD1M-JHhmYJDHEWuGipIAOCZl-",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "curl -sS \'https://maps.googleapis.com/maps/api/geocode/json?address=Getafe&key=AIzaSy2wdHsvHqD1M-JHhmYJDHEWuGipIAOCZl-\' | jq -r .status"}',
                ),
                ("tool", "REQUEST_DENIED"),
                (
                    "assistant",
                    "La clave devuelve REQUEST_DENIED: probablemente está restringida a otros dominios o no tiene activada la API de Geocoding. Marketing debería crear una clave restringida a portal.kestrel-freight.com y guardarla en Vault.",
                ),
            ],
            [
                ("user", "¿Y esta clave la borramos?"),
                (
                    "assistant",
                    "Sí: ahora aparece en esta conversación, así que conviene eliminarla o al menos restringirla en la consola de Google Cloud, aunque de momento no funcione con nuestro dominio.",
                ),
            ],
        ],
        ["AIzaSy2wdHsvHqD1M-JHhmYJDHEWuGipIAOCZl-"],
    ),
    # --- Portuguese ---
    (
        "pt-senha-wifi-terminais-lisboa",
        [
            [
                (
                    "user",
                    "Os terminais novos do armazém de Lisboa não ligam à rede dos scanners. O técnico pergunta qual é a senha.",
                ),
                (
                    "assistant",
                    "A rede KF-WH-Scan não usa senha: os terminais autenticam-se com certificado instalado pelo MDM. Os terminais já estão inscritos no MDM?",
                ),
            ],
            [
                (
                    "user",
                    "Ah, ele está a tentar a rede antiga, a KF-LIS-Armazem. A senha dessa é Alfama!Cais-2406, ainda funciona?",
                ),
                (
                    "assistant",
                    "Essa rede antiga vai ser desligada no fim do mês, por isso não vale a pena ligar os terminais novos a ela. O melhor é inscrevê-los no MDM; depois recebem o certificado e ligam-se sozinhos à KF-WH-Scan.",
                ),
            ],
        ],
        ["Alfama!Cais-2406"],
    ),
    # --- Italian ---
    (
        "it-token-gitlab-nel-clone",
        [
            [
                (
                    "user",
                    "Clona il repo delle configurazioni dei palmari dal GitLab del fornitore, usa questo token: glpat-4_aPZo3NS5AmA7A4ri2C",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "git clone https://oauth2:glpat-4_aPZo3NS5AmA7A4ri2C@gitlab.fornitore-mdm.it/kestrel/handheld-config.git /tmp/handheld-config"}',
                ),
                (
                    "tool",
                    "Cloning into '/tmp/handheld-config'...\nremote: Enumerating objects: 1182, done.\nReceiving objects: 100% (1182/1182), 2.41 MiB | 8.20 MiB/s, done.",
                ),
                (
                    "assistant",
                    "Repository clonato in /tmp/handheld-config. Attenzione: il token ora è nel file `.git/config` come parte dell'URL remoto; lo rimuovo con `git remote set-url` e consiglio di revocarlo nel GitLab del fornitore.",
                ),
            ],
            [
                ("user", "Ok, rimuovilo"),
                (
                    "call",
                    "bash",
                    '{"command": "git -C /tmp/handheld-config remote set-url origin https://gitlab.fornitore-mdm.it/kestrel/handheld-config.git && git -C /tmp/handheld-config remote -v"}',
                ),
                (
                    "tool",
                    "origin\thttps://gitlab.fornitore-mdm.it/kestrel/handheld-config.git (fetch)\norigin\thttps://gitlab.fornitore-mdm.it/kestrel/handheld-config.git (push)",
                ),
                ("assistant", "Fatto: l'URL remoto non contiene più il token."),
            ],
        ],
        ["glpat-4_aPZo3NS5AmA7A4ri2C"],
    ),
    # --- Dutch ---
    (
        "nl-wachtwoord-in-env-bestand",
        [
            [
                (
                    "user",
                    "De tijdregistratie-koppeling in Venlo faalt. Kun je de config op de server bekijken?",
                ),
                ("call", "bash", '{"command": "ssh vnl-app-01 sudo cat /opt/tijdreg-sync/.env"}'),
                (
                    "tool",
                    "TIJDREG_URL=https://tijdreg.kf.internal/api\nTIJDREG_USER=sync_vnl\nTIJDREG_PASSWORD=Hk9-Zuidkade!vrachtwagen\nSAP_PLANT=NL02",
                ),
                (
                    "assistant",
                    "De configuratie lijkt compleet. Het wachtwoord staat wel in platte tekst in `.env` en nu ook in dit gesprek; dat zou ik laten wijzigen en via Vault laten inlezen. Wat zegt de log van de koppeling?",
                ),
            ],
            [
                ("user", "401 sinds vanochtend"),
                (
                    "assistant",
                    "Dan is het wachtwoord van `sync_vnl` waarschijnlijk verlopen of gewijzigd in de tijdregistratie. Een nieuw wachtwoord instellen en in Vault zetten lost beide problemen tegelijk op.",
                ),
            ],
        ],
        ["Hk9-Zuidkade!vrachtwagen"],
    ),
    # --- Polish ---
    (
        "pl-kod-sejfu-na-kluczyki-slownie",
        [
            [
                (
                    "user",
                    "Nagraj mi notatkę dla kierowcy nocnej zmiany w Poznaniu: kluczyki do busa są w sejfie przy bramie, kod do sejfu to sześć trzy osiem zero pięć",
                ),
                (
                    "assistant",
                    "Notatkę dla kierowcy przygotuję bez kodu: „Kluczyki do busa są w sejfie przy bramie. Kod przekaże Ci kierownik zmiany.” Kod lepiej przekazać osobiście albo przez aplikację dyspozytorską, która kasuje wiadomość po zmianie.",
                ),
            ],
            [
                ("user", "Ok, niech będzie bez kodu"),
                ("assistant", "Wysłałem notatkę bez kodu do urządzenia kierowcy na trasie PZ-09."),
            ],
        ],
        ["sześć trzy osiem zero pięć"],
    ),
    # --- Russian ---
    (
        "ru-parol-sap-v-soobshchenii",
        [
            [
                (
                    "user",
                    "Проверь, пожалуйста, почему не проходит синхронизация складов из SAP. Мой пароль для тестовой системы: Logist1ka_Volga#58, пользователь IVANOV_A",
                ),
                (
                    "assistant",
                    "Я не буду входить под вашей учётной записью: синхронизация работает под служебным пользователем, и проверять её нужно им. Пароль, который вы написали, стоит сменить, раз он оказался в чате.",
                ),
            ],
            [
                ("user", "Ладно, сменю. Тогда посмотри логи синхронизации"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n integration logs job/sap-sync-materials-28634400 | tail -2"}',
                ),
                (
                    "tool",
                    "error: unknown plant code 'NL02' in mapping file plants.yaml (line 41)\nexit 2",
                ),
                (
                    "assistant",
                    "Синхронизация падает из-за неизвестного кода завода NL02 в файле сопоставления. Это не связано с паролями: нужно добавить NL02 в список известных заводов.",
                ),
            ],
        ],
        ["Logist1ka_Volga#58"],
    ),
    # --- Ukrainian ---
    (
        "uk-token-slack-bota-v-zminnykh",
        [
            [
                (
                    "user",
                    "Бот сповіщень про затримки рейсів мовчить з ранку. Перевір змінні середовища",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n notify exec deploy/delay-bot -- printenv | grep SLACK"}',
                ),
                (
                    "tool",
                    "SLACK_CHANNEL=#dispatch-delays\nSLACK_BOT_TOKEN=xoxb-145369522197-2103426965572-1Xqy8l3cKEbvqa1GXl01WqiU",
                ),
                (
                    "assistant",
                    "Змінні на місці, але тепер токен бота є в цьому чаті — його варто перевипустити в налаштуваннях Slack-застосунку. Подивлюся логи бота, щоб знайти причину тиші.",
                ),
            ],
            [
                ("user", "Так, подивись"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n notify logs deploy/delay-bot --since=6h | tail -1"}',
                ),
                ("tool", "ERROR slack: not_in_channel (#dispatch-delays)"),
                (
                    "assistant",
                    "Помилка `not_in_channel`: бота видалили з каналу #dispatch-delays. Потрібно знову запросити його в канал командою `/invite @delay-bot`.",
                ),
            ],
        ],
        ["xoxb-145369522197-2103426965572-1Xqy8l3cKEbvqa1GXl01WqiU"],
    ),
    # --- Turkish ---
    (
        "tr-sifre-duzeltme-iki-mesaj",
        [
            [
                (
                    "user",
                    "Gebze deposundaki kapı kontrol bilgisayarının yerel yönetici şifresi Liman.Kapi-4490",
                ),
                ("user", "pardon, yanlış yazdım: Liman.Kapi-4409"),
                (
                    "assistant",
                    "Şifreyi buraya yazmanıza gerek yoktu; bu bilgisayar LAPS ile yönetiliyor, şifreyi LAPS konsolundan okuyabilirsiniz. Sohbette geçtiği için LAPS'ta şimdi yenilemek iyi olur.",
                ),
            ],
            [
                ("user", "Tamam, yenile o zaman"),
                (
                    "assistant",
                    "gbz-gate-pc01 için LAPS şifre yenilemesini tetikledim; yeni şifre bir sonraki grup ilkesi güncellemesinde (en geç 90 dakika) geçerli olur.",
                ),
            ],
        ],
        ["Liman.Kapi-4490", "Liman.Kapi-4409"],
    ),
    # --- Japanese ---
    (
        "ja-倉庫管理者パスワードの共有",
        [
            [
                (
                    "user",
                    "大阪倉庫のWMS管理者でログインして、棚番の一括変更をお願いします。パスワードは Sakura-Soko#7702 です。",
                ),
                (
                    "assistant",
                    "共有の管理者アカウントで操作すると、誰が変更したか記録に残らないので、私のサービスアカウントに一時的な権限を付けてもらう形にしたいです。また、このパスワードはチャットに書かれたので変更をお勧めします。",
                ),
            ],
            [
                ("user", "わかりました。権限申請を出します"),
                (
                    "assistant",
                    "ありがとうございます。承認されたら、棚番変更のCSVを確認してから一括更新します。",
                ),
            ],
        ],
        ["Sakura-Soko#7702"],
    ),
    # --- Chinese ---
    (
        "zh-数据库密码在命令参数里",
        [
            [
                (
                    "user",
                    "上海仓的库存报表数据库连不上了，你用这个账号试一下：用户 report_sha，密码 Huo2Yun!Pudong88",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"mysql -h sha-report-db.kf.internal -u report_sha -p'Huo2Yun!Pudong88' -e 'select 1'\"}",
                ),
                (
                    "tool",
                    "ERROR 1045 (28000): Access denied for user 'report_sha'@'10.42.7.19' (using password: YES)",
                ),
                (
                    "assistant",
                    "连接被拒绝（错误 1045）：该账号只允许从上海办公网访问，而我们是从 Kubernetes 集群的地址 10.42.7.19 连接的。另外，这个密码已经出现在聊天记录里，建议修改。",
                ),
            ],
            [
                ("user", "好的，我让DBA加上集群的网段，顺便改密码"),
                (
                    "assistant",
                    "好。集群出口地址段是 10.42.255.0/28，请 DBA 为 report_sha 加上这个来源；改好密码后存进 Vault 的 secret/sha/report-db，我再测试连接。",
                ),
            ],
        ],
        ["Huo2Yun!Pudong88"],
    ),
    # --- Korean ---
    (
        "ko-관리자-비밀번호-전달",
        [
            [
                (
                    "user",
                    "부산 센터 라벨 프린터 관리 페이지 비밀번호는 Busan#Hang9041go 입니다. 인쇄 농도를 18로 바꿔 주세요.",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"curl -sS -u admin:'Busan#Hang9041go' -d 'darkness=18' http://10.95.12.21/settings/print\"}",
                ),
                ("tool", "<html><body>Settings saved. Darkness: 18</body></html>"),
                (
                    "assistant",
                    "BSN-DOCK-01의 인쇄 농도를 18로 바꿨습니다. 비밀번호가 대화에 남았으니 변경하시는 게 좋겠습니다.",
                ),
            ],
            [
                ("user", "네, 오늘 바꿀게요"),
                (
                    "assistant",
                    "감사합니다. 바꾼 비밀번호는 Bitwarden의 `Sites / Busan` 컬렉션에 저장해 주세요.",
                ),
            ],
        ],
        ["Busan#Hang9041go"],
    ),
    # --- Swedish ---
    (
        "sv-losenord-delat-i-tva-meddelanden",
        [
            [
                (
                    "user",
                    "Lösenordet till transportörsportalen för DSV är långt, jag skickar det i två delar. Första: Truckmora-55",
                ),
                ("user", "Andra: !Vätternlager"),
                (
                    "assistant",
                    'Tack, men jag borde inte ha lösenord i chatten. Lägg det i Bitwarden under "Platform / Vendors" och byt det i DSV-portalen, eftersom båda delarna nu finns i historiken.',
                ),
            ],
            [
                ("user", "Okej, jag byter"),
                (
                    "assistant",
                    "Bra. Säg till när det nya finns i Bitwarden, så uppdaterar jag länken i driftdokumentationen.",
                ),
            ],
        ],
        ["Truckmora-55", "!Vätternlager"],
    ),
    # --- Indonesian ---
    (
        "id-kata-sandi-di-file-konfigurasi",
        [
            [
                (
                    "user",
                    "Sinkronisasi stok gudang Cikarang ke SAP gagal. Tolong cek file konfigurasinya",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh ckr-app-01 sudo cat /etc/stock-sync/config.ini"}',
                ),
                (
                    "tool",
                    "[sap]\nhost = sapprd-ci.kf.internal\nclient = 100\nuser = RFC_STOCK_ID\npassword = Ck-Gudang!Rembulan-73\n[wms]\nsite = ID01",
                ),
                (
                    "assistant",
                    "Konfigurasinya lengkap, tapi kata sandi RFC tersimpan sebagai teks biasa dan sekarang juga muncul di percakapan ini; sebaiknya diganti dan dibaca dari Vault. Saya cek log sinkronisasinya dulu.",
                ),
            ],
            [
                ("user", "Oke, cek lognya"),
                (
                    "call",
                    "bash",
                    '{"command": "ssh ckr-app-01 sudo journalctl -u stock-sync --since today | tail -1"}',
                ),
                (
                    "tool",
                    "Jun 11 08:00:04 ckr-app-01 stock-sync[2207]: RFC_LOGON_FAILURE: Password logon no longer possible - too many failed attempts",
                ),
                (
                    "assistant",
                    "Akun RFC_STOCK_ID terkunci di SAP karena terlalu banyak percobaan login gagal. Tim basis SAP perlu membukanya, lalu kata sandinya sekalian diganti.",
                ),
            ],
        ],
        ["Ck-Gudang!Rembulan-73"],
    ),
]
