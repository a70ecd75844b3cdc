# ruff: noqa: E501, RUF001
"""Set AQ: whole sessions of the IT and data-platform team of a European hospital group (EHR
integration over HL7 v2 and FHIR, PACS imaging, the laboratory information system, the patient
portal, nurse-call, badge and DECT systems, on-call rotas, Ansible and Terraform, a Windows
domain, Linux servers and the data warehouse), staff writing to a coding and operations agent in
more than twenty languages.

It measures the dispatcher's redaction on both sides: ``AQ_CLEAN`` holds sessions without any
secret but full of look-alikes (synthetic patient ids and MRNs, accession numbers, HL7 control
ids, FHIR UUIDs, LOINC/SNOMED/ICD-10 codes, ward, bed, pager, DECT and badge numbers, door codes
and passwords talked about without a value, placeholders, vault paths, hashes, digests,
checksums, base64 of non-secret data, serial numbers, asset tags, cost-centre codes, SIDs, GPO
GUIDs, MAC and IP addresses, numbers in words), each of which must be stored byte for byte;
``AQ_SECRET`` holds sessions with invented (fake) credentials, PINs, door codes, keys and
recovery codes, in tool-call arguments, tool outputs and chat, each with the exact substrings
that must not survive anywhere the dispatcher stores them.

The set was written blind: without reading the redaction rules, the daemon's code or any other
test set, only the session format of :mod:`tests.dispatcher.ao_sessions`. All data is synthetic.
"""

from __future__ import annotations

#: A message: (role, content) with role "user" | "assistant" | "tool"; or for an assistant's
#: tool call: ("call", "<tool name>", "<arguments JSON text>").
Message = tuple[str, ...]

#: Sessions without any secret: each is stored whole, byte for byte.
AQ_CLEAN: list[tuple[str, list[list[Message]]]] = [
    (
        "de-hl7-adt-a08-kontroll-id",
        [
            [
                (
                    "user",
                    "Im Kommunikationsserver hängt seit 06:40 eine ADT^A08 für Station 4B. MSH-10 ist MSG20261129064012-0042, Patient PID-3 ist 88120457^^^KLNK^MR. Kannst du im Log nachsehen, ob das ACK zurückkam?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -n \'MSG20261129064012-0042\' /var/log/hl7-engine/adt-out.log | tail -n 5"}',
                ),
                (
                    "tool",
                    "18422:2026-11-29 06:40:12.318 OUT MSH|^~\\&|KIS|KLNK|PDMS|ICU|20261129064012||ADT^A08^ADT_A01|MSG20261129064012-0042|P|2.5\n18423:2026-11-29 06:40:12.402 WAIT ack timeout=30s\n18431:2026-11-29 06:40:42.405 RETRY 1/3 MSG20261129064012-0042\n18440:2026-11-29 06:41:12.409 RETRY 2/3 MSG20261129064012-0042\n18452:2026-11-29 06:41:42.411 ERROR no ACK after 3 retries, queue PDMS_ICU paused",
                ),
                (
                    "assistant",
                    "Das ACK kam nie zurück: nach drei Wiederholungen (06:40:42, 06:41:12, 06:41:42) hat die Engine die Queue PDMS_ICU angehalten. Die Nachricht selbst ist sauber (Version 2.5, Processing-ID P). Ich würde zuerst prüfen, ob der PDMS-Listener auf Port 6661 läuft, dann die Queue wieder starten – die A08 für 88120457 wird dann erneut gesendet.",
                ),
            ],
            [
                ("user", "Listener lief nicht, ist neu gestartet. Queue wieder an?"),
                (
                    "call",
                    "bash",
                    '{"command": "hl7ctl queue resume PDMS_ICU && hl7ctl queue stats PDMS_ICU"}',
                ),
                (
                    "tool",
                    "queue PDMS_ICU resumed\npending=14 sent_last_min=14 acked=14 nacked=0 oldest_pending=none",
                ),
                (
                    "assistant",
                    "Queue läuft wieder, alle 14 wartenden Nachrichten wurden bestätigt (14 ACK, 0 NAK). Die A08 mit MSG20261129064012-0042 ist damit durch.",
                ),
            ],
        ],
    ),
    (
        "de-betten-zahlwoerter",
        [
            [
                (
                    "user",
                    'Für die Bettenübersicht der Inneren: Stationsleitung sagt am Telefon "vier, drei, zwei" – also Station 3A vier freie Betten, 3B drei, 3C zwei. Zimmer 312 Bett 2 ist gesperrt wegen Isolation. Kannst du mir die Zahlen für das Dashboard als JSON schreiben?',
                ),
                (
                    "assistant",
                    'Gern, so passt es zum Schema des Belegungsdashboards:\n\n```json\n{"department": "INN", "free_beds": {"3A": 4, "3B": 3, "3C": 2}, "blocked": [{"room": "312", "bed": 2, "reason": "isolation"}]}\n```\n\nInsgesamt also neun freie Betten (vier plus drei plus zwei), ein gesperrtes.',
                ),
            ],
        ],
    ),
    (
        "de-passwortrichtlinie-entwurf",
        [
            [
                (
                    "user",
                    "Wir überarbeiten die Kennwortrichtlinie für die Domäne KLNK. Aktuell: Mindestlänge 12, Historie 24, Sperre nach 5 Fehlversuchen für 30 Minuten, Ablauf 90 Tage. Das BSI empfiehlt inzwischen keinen erzwungenen Ablauf mehr. Formulier mir bitte einen Absatz für die IT-Sicherheitsleitlinie.",
                ),
                (
                    "assistant",
                    'Vorschlag:\n\n"Kennwörter für persönliche Domänenkonten müssen mindestens 14 Zeichen lang sein. Die letzten 24 Kennwörter dürfen nicht wiederverwendet werden. Nach 5 aufeinanderfolgenden Fehlversuchen wird das Konto für 30 Minuten gesperrt. Ein regelmäßiger, zeitgesteuerter Kennwortwechsel wird nicht mehr erzwungen; ein Wechsel ist jedoch unverzüglich vorzunehmen, wenn Hinweise auf eine Kompromittierung vorliegen. Kennwörter werden gegen eine Liste bekannter kompromittierter Kennwörter geprüft. Für administrative Konten gelten zusätzlich Mindestlänge 20 und Zwei-Faktor-Authentisierung."\n\nFür die Fine-Grained Password Policy der Admins würde ich eine eigene PSO mit Präzedenz 10 anlegen.',
                ),
            ],
        ],
    ),
    (
        "de-tuercode-ohne-wert",
        [
            [
                (
                    "user",
                    "Kurze Info für die Doku im Wiki: Der Türcode für den Serverraum UG-017 wurde am Montag geändert. Den neuen Code bitte NICHT ins Wiki schreiben, wer ihn braucht, fragt die Stationssekretärin der 2C oder den Pförtner (Durchwahl 4410). Kannst du den Wiki-Absatz anpassen?",
                ),
                (
                    "assistant",
                    'Neuer Absatz für die Seite "Serverraum UG-017":\n\n> Zutritt: Der Türcode wurde am Montag geändert und wird bewusst nicht im Wiki dokumentiert. Berechtigte Personen erhalten ihn bei der Stationssekretärin der Station 2C oder an der Pforte (Durchwahl 4410). Jeder Zutritt außerhalb der Kernzeit ist im Serverraum-Logbuch einzutragen.\n\nDie alte Zeile mit dem Hinweis "Code siehe Aushang" habe ich entfernt.',
                ),
            ],
            [
                (
                    "user",
                    'Und im Notfallhandbuch, Kapitel 4.2, steht noch "Code: siehe Schlüsselkasten Pforte". Passt das noch?',
                ),
                (
                    "assistant",
                    "Ja, das passt weiterhin – der Verweis enthält keinen Code, nur den Ort. Ich würde nur das Änderungsdatum im Kapitelkopf auf Montag setzen und ergänzen, dass die Pforte unter Durchwahl 4410 erreichbar ist.",
                ),
            ],
        ],
    ),
    (
        "de-ansible-vault-view-geschwaerzt",
        [
            [
                (
                    "user",
                    "Welche Variablen stehen eigentlich in group_vars/all/vault.yml für das LIS? Bitte nur die Namen, nicht die Werte.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ansible-vault view group_vars/all/vault.yml --vault-id lis@prompt | sed -E \'s/:.*/: ********/\'"}',
                ),
                (
                    "tool",
                    "vault_lis_db_user: ********\nvault_lis_db_password: ********\nvault_lis_hl7_mllp_port: ********\nvault_ldap_bind_dn: ********\nvault_ldap_bind_password: ********\nvault_smtp_relay_password: ********",
                ),
                (
                    "assistant",
                    "In der Datei stehen sechs Variablen (Werte geschwärzt): vault_lis_db_user, vault_lis_db_password, vault_lis_hl7_mllp_port, vault_ldap_bind_dn, vault_ldap_bind_password und vault_smtp_relay_password. Der MLLP-Port gehört eigentlich nicht in den Vault – den könnten wir nach group_vars/all/lis.yml verschieben.",
                ),
            ],
        ],
    ),
    (
        "de-gpo-guid-sid",
        [
            [
                (
                    "user",
                    "Welche GPO setzt auf den Stationsrechnern den Bildschirmschoner nach 5 Minuten? Die OU ist OU=Stationen,OU=Clients,DC=klnk,DC=local.",
                ),
                (
                    "call",
                    "powershell",
                    '{"command": "Get-GPInheritance -Target \'OU=Stationen,OU=Clients,DC=klnk,DC=local\' | Select-Object -ExpandProperty GpoLinks | Format-Table DisplayName,GpoId,Enabled,Order"}',
                ),
                (
                    "tool",
                    "DisplayName                       GpoId                                  Enabled Order\n-----------                       -----                                  ------- -----\nCLI-Stationen-Bildschirmsperre    {6AC1786C-016F-11D2-945F-00C04FB984F9} True    1\nCLI-Stationen-Drucker             {3F2B9A10-7C44-4E8B-9D0E-1A5C2B7E9F31} True    2\nCLI-Basis-Sicherheit              {31B2F340-016D-11D2-945F-00C04FB984F9} True    3",
                ),
                (
                    "assistant",
                    'Das ist "CLI-Stationen-Bildschirmsperre" mit der GUID {6AC1786C-016F-11D2-945F-00C04FB984F9}, Link-Reihenfolge 1. Achtung: {31B2F340-016D-11D2-945F-00C04FB984F9} ist die GUID der Default Domain Policy – dass sie hier als "CLI-Basis-Sicherheit" heißt, deutet auf eine Umbenennung hin.',
                ),
            ],
            [
                (
                    "user",
                    "Und wem gehört die SID S-1-5-21-3623811015-3361044348-30300820-1013, die im Delegierungsreiter auftaucht?",
                ),
                (
                    "call",
                    "powershell",
                    '{"command": "Get-ADObject -Filter \\"objectSid -eq \'S-1-5-21-3623811015-3361044348-30300820-1013\'\\" | Select-Object Name,ObjectClass"}',
                ),
                (
                    "tool",
                    "Name                 ObjectClass\n----                 -----------\nGG-IT-Clientteam     group",
                ),
                (
                    "assistant",
                    "Die SID gehört zur Gruppe GG-IT-Clientteam (RID 1013). Die Delegierung ist also gewollt.",
                ),
            ],
        ],
    ),
    (
        "de-dect-piepser-liste",
        [
            [
                (
                    "user",
                    "Bitte die DECT-Liste für den Rufdienst Anästhesie ins Markdown bringen: OA Dienst 7311, Assistent Intensiv 7312, Anästhesiepflege OP 7315, Schockraum 7320, Piepser Reanimationsteam 4-4-9, Notfall-Fax 0341 555 2290.",
                ),
                (
                    "assistant",
                    "| Funktion | Nummer |\n|---|---|\n| Oberarzt Dienst | DECT 7311 |\n| Assistenzarzt Intensiv | DECT 7312 |\n| Anästhesiepflege OP | DECT 7315 |\n| Schockraum | DECT 7320 |\n| Reanimationsteam | Piepser 449 |\n| Notfall-Fax | 0341 555 2290 |\n\nDen Piepser habe ich als 449 zusammengeschrieben, so steht er auch im Alarmierungsserver.",
                ),
            ],
        ],
    ),
    (
        "de-kubectl-secret-nur-name",
        [
            [
                (
                    "user",
                    "Existiert im Namespace pacs das Secret für die Datenbank noch? Nur nachsehen, nicht ausgeben.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n pacs get secret pacs-db -o name && kubectl -n pacs get secret pacs-db -o jsonpath=\'{.metadata.creationTimestamp}\'"}',
                ),
                ("tool", "secret/pacs-db\n2026-03-14T08:12:55Z"),
                (
                    "assistant",
                    "Ja, secret/pacs-db existiert im Namespace pacs, angelegt am 14.03.2026 um 08:12:55 UTC. Den Inhalt habe ich nicht abgefragt.",
                ),
            ],
        ],
    ),
    (
        "en-fhir-patient-bundle",
        [
            [
                (
                    "user",
                    "Can you query the FHIR test server for the synthetic patient with MRN TST-000481 and list the Encounter ids?",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"curl -s -H 'Authorization: Bearer ${FHIR_TOKEN}' 'https://fhir-test.int.example-hospital.eu/fhir/Encounter?subject.identifier=urn:oid:1.2.276.0.76.3.1.555.1|TST-000481&_elements=id,status,period'\"}",
                ),
                (
                    "tool",
                    '{"resourceType":"Bundle","type":"searchset","total":3,"entry":[{"resource":{"resourceType":"Encounter","id":"15ba4939-4dfb-4532-a725-30abc515c3b8","status":"finished","period":{"start":"2026-10-02T09:14:00+02:00","end":"2026-10-05T11:30:00+02:00"}}},{"resource":{"resourceType":"Encounter","id":"b09b1687-34ba-465d-9baa-011f877e3e85","status":"finished","period":{"start":"2026-11-10T07:50:00+01:00","end":"2026-11-10T16:05:00+01:00"}}},{"resource":{"resourceType":"Encounter","id":"aed62a36-3ce2-4ff1-a7f5-73e5dc2a75ea","status":"in-progress","period":{"start":"2026-11-27T22:41:00+01:00"}}}]}',
                ),
                (
                    "assistant",
                    "Three encounters for TST-000481:\n\n- 15ba4939-4dfb-4532-a725-30abc515c3b8 – finished, 2 Oct to 5 Oct\n- b09b1687-34ba-465d-9baa-011f877e3e85 – finished, day case on 10 Nov\n- aed62a36-3ce2-4ff1-a7f5-73e5dc2a75ea – in progress since 27 Nov 22:41\n\nThe token came from the FHIR_TOKEN variable in your shell; I did not print it.",
                ),
            ],
            [
                ("user", "For the in-progress one, which location is the patient in?"),
                (
                    "call",
                    "bash",
                    '{"command": "curl -s -H \'Authorization: Bearer ${FHIR_TOKEN}\' https://fhir-test.int.example-hospital.eu/fhir/Encounter/aed62a36-3ce2-4ff1-a7f5-73e5dc2a75ea | jq -r \'.location[] | .location.reference + \\" \\" + .location.display\'"}',
                ),
                (
                    "tool",
                    "Location/dead1e5d-d8c5-447f-b1d0-92b38102545f Ward 7C, Room 7C-14, Bed 2",
                ),
                (
                    "assistant",
                    "Ward 7C, room 7C-14, bed 2 (Location/dead1e5d-d8c5-447f-b1d0-92b38102545f).",
                ),
            ],
            [
                ("user", "And the last potassium for that encounter?"),
                (
                    "call",
                    "bash",
                    "{\"command\": \"curl -s -H 'Authorization: Bearer ${FHIR_TOKEN}' 'https://fhir-test.int.example-hospital.eu/fhir/Observation?encounter=aed62a36-3ce2-4ff1-a7f5-73e5dc2a75ea&code=http://loinc.org|2823-3&_sort=-date&_count=1' | jq -c '.entry[0].resource | {id, effectiveDateTime, valueQuantity}'\"}",
                ),
                (
                    "tool",
                    '{"id":"b2a4106c-c7bd-4915-993c-dc97f10fa99d","effectiveDateTime":"2026-11-28T05:40:00+01:00","valueQuantity":{"value":4.1,"unit":"mmol/L"}}',
                ),
                (
                    "assistant",
                    "Last potassium (LOINC 2823-3) was 4.1 mmol/L on 28 Nov at 05:40, Observation b2a4106c-c7bd-4915-993c-dc97f10fa99d. Within range.",
                ),
            ],
            [
                (
                    "user",
                    "Thanks. Write that up as a one-line note for the handover, no token or anything.",
                ),
                (
                    "assistant",
                    "TST-000481 (synthetic), encounter aed62a36-3ce2-4ff1-a7f5-73e5dc2a75ea in progress since 27 Nov 22:41, Ward 7C room 7C-14 bed 2, last K+ 4.1 mmol/L (28 Nov 05:40).",
                ),
            ],
        ],
    ),
    (
        "en-loinc-potassium-values",
        [
            [
                (
                    "user",
                    "The lab wants an alert in the warehouse when potassium (LOINC 2823-3) is above 6.0 mmol/L or below 2.8 mmol/L. Yesterday we had 6.4 and 2.5 on ward 7C. Also creatinine 2160-0 in mg/dL should be converted – 1.3 mg/dL is roughly 115 µmol/L, right?",
                ),
                (
                    "assistant",
                    "Yes: creatinine conversion is × 88.4, so 1.3 mg/dL ≈ 114.9 µmol/L. For the alert:\n\n```sql\nSELECT f.encounter_id, f.ward, f.result_value, f.result_unit, f.collected_at\nFROM dwh.fact_lab_result f\nWHERE f.loinc_code = '2823-3'\n  AND f.result_unit = 'mmol/L'\n  AND (f.result_value > 6.0 OR f.result_value < 2.8)\n  AND f.collected_at >= now() - interval '1 day';\n```\n\nWith yesterday's data that would flag both ward 7C results (6.4 and 2.5).",
                ),
            ],
        ],
    ),
    (
        "en-docker-image-digest-pin",
        [
            [
                (
                    "user",
                    "Pin the patient-portal frontend image to its digest before the release freeze.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "docker buildx imagetools inspect registry.int.example-hospital.eu/portal/frontend:4.12.3 | head -n 6"}',
                ),
                (
                    "tool",
                    "Name:      registry.int.example-hospital.eu/portal/frontend:4.12.3\nMediaType: application/vnd.oci.image.index.v1+json\nDigest:    sha256:0b46c430b295a517f73ce9af608e8c76fa0f588381c40e8b2d4ae3c32f8e617d\n\nManifests:\n  Name:      registry.int.example-hospital.eu/portal/frontend:4.12.3@sha256:d3c906a617eabbac2d06186830698bca1733e248ede248fcc4ef2bfaeb50b156",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "sed -i \'s#portal/frontend:4.12.3#portal/frontend:4.12.3@sha256:0b46c430b295a517f73ce9af608e8c76fa0f588381c40e8b2d4ae3c32f8e617d#\' deploy/portal/values-prod.yaml && git diff --stat"}',
                ),
                (
                    "tool",
                    " deploy/portal/values-prod.yaml | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)",
                ),
                (
                    "assistant",
                    "Pinned: values-prod.yaml now references frontend:4.12.3@sha256:0b46c430b295a517f73ce9af608e8c76fa0f588381c40e8b2d4ae3c32f8e617d (the index digest, so both architectures keep working).",
                ),
            ],
            [
                ("user", "Do the same for the portal API image, tag 4.12.3 as well."),
                (
                    "call",
                    "bash",
                    '{"command": "crane digest registry.int.example-hospital.eu/portal/api:4.12.3"}',
                ),
                ("tool", "sha256:b032ce0c383dd930d678e5e0fa3b97662ac33d7d3475adb624cd04e9decf9c76"),
                (
                    "call",
                    "bash",
                    "{\"command\": \"sed -i 's#portal/api:4.12.3#portal/api:4.12.3@sha256:b032ce0c383dd930d678e5e0fa3b97662ac33d7d3475adb624cd04e9decf9c76#' deploy/portal/values-prod.yaml && grep -n 'image:' deploy/portal/values-prod.yaml\"}",
                ),
                (
                    "tool",
                    "14:    image: registry.int.example-hospital.eu/portal/frontend:4.12.3@sha256:0b46c430b295a517f73ce9af608e8c76fa0f588381c40e8b2d4ae3c32f8e617d\n31:    image: registry.int.example-hospital.eu/portal/api:4.12.3@sha256:b032ce0c383dd930d678e5e0fa3b97662ac33d7d3475adb624cd04e9decf9c76",
                ),
                (
                    "assistant",
                    "Both images are pinned now: frontend on line 14 and api on line 31 (sha256:b032ce0c…cf9c76).",
                ),
            ],
        ],
    ),
    (
        "en-jwt-structure-explained",
        [
            [
                (
                    "user",
                    "A new developer on the portal team asked what our session JWT looks like. Can you explain the structure without putting a real token in the wiki?",
                ),
                (
                    "assistant",
                    'Sure. A JWT is three base64url parts joined by dots: `<header>.<payload>.<signature>`.\n\n- The header for our portal is always the same and not secret: `eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9` decodes to `{"alg":"RS256","typ":"JWT"}`.\n- The payload carries claims such as `sub` (the portal user id, e.g. `pu-000123`), `iat`, `exp` (15 minutes later) and `scope` (`appointments:read results:read`).\n- The signature is computed with the portal\'s private key; only the public key (in the JWKS at /.well-known/jwks.json) is needed to verify it.\n\nFor the wiki I\'d write the example as `eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.<payload>.<signature>` and never paste a token from a browser session – those are live credentials until `exp`.',
                ),
            ],
        ],
    ),
    (
        "en-env-placeholders-compose",
        [
            [
                (
                    "user",
                    "Review this compose snippet for the lab-results API, I don't want any real values in git:\n\n```yaml\nservices:\n  lab-api:\n    image: registry.int.example-hospital.eu/lis/lab-api:2.8.1\n    environment:\n      DB_HOST: lis-pg01\n      DB_USER: lab_api\n      DB_PASSWORD: ${DB_PASSWORD}\n      HL7_SHARED_SECRET: <changeme>\n      SMTP_PASSWORD: ${SMTP_PASSWORD:?set in .env}\n```",
                ),
                (
                    "assistant",
                    "Looks fine from a secrets point of view: DB_PASSWORD and SMTP_PASSWORD are interpolated from the environment, and HL7_SHARED_SECRET is a literal placeholder `<changeme>`. I'd change that last one to `${HL7_SHARED_SECRET:?}` too, so the container refuses to start if someone forgets to set it instead of running with the string `<changeme>`. Also consider `secrets:` with a file mount rather than environment variables, since env vars show up in `docker inspect`.",
                ),
            ],
        ],
    ),
    (
        "en-reset-password-ticket-numbers",
        [
            [
                (
                    "user",
                    "I reset my password this morning and now the Citrix receiver keeps failing. Ticket is INC0048213, my extension is 4471, badge 20931, I'm on ward 6B bed-side terminal WS-6B-014.",
                ),
                (
                    "assistant",
                    "After a password reset, Citrix Workspace usually still holds the old cached credential. On WS-6B-014: sign out of Workspace completely (right-click the tray icon → Accounts → Log off), then log in again with your new password. If it still fails, I'll add that to INC0048213 and the service desk can clear the stored account on the store server.",
                ),
            ],
            [
                (
                    "user",
                    "Worked after logging off. Close INC0048213 please, resolution 'cached credentials'.",
                ),
                (
                    "assistant",
                    "Noted for INC0048213: resolved, cause cached credentials in Citrix Workspace after password reset, fixed by logging off and on again on WS-6B-014.",
                ),
            ],
        ],
    ),
    (
        "en-sha256sum-pacs-viewer",
        [
            [
                (
                    "user",
                    "The PACS vendor sent the viewer installer and a checksum in the release notes: 56bd94433d660c97f8be89c075a0f3025b57281eb1d2d72eae9adfe19db25b84. Verify it.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "sha256sum /srv/install/pacs-viewer/ViewerSetup-9.4.2.msi && md5sum /srv/install/pacs-viewer/ViewerSetup-9.4.2.msi"}',
                ),
                (
                    "tool",
                    "56bd94433d660c97f8be89c075a0f3025b57281eb1d2d72eae9adfe19db25b84  /srv/install/pacs-viewer/ViewerSetup-9.4.2.msi\nab562b1b39bddc9721834b63f54caead  /srv/install/pacs-viewer/ViewerSetup-9.4.2.msi",
                ),
                (
                    "assistant",
                    "The SHA-256 matches the release notes exactly (56bd9443…db25b84). The MD5 is ab562b1b39bddc9721834b63f54caead if the change board wants it in the record too. Safe to stage for the SCCM package.",
                ),
            ],
        ],
    ),
    (
        "en-terraform-plan-sensitive-hidden",
        [
            [
                ("user", "Run a plan for the data-warehouse module, I changed the instance size."),
                (
                    "call",
                    "bash",
                    '{"command": "cd infra/dwh && terraform plan -no-color -var-file=prod.tfvars | tail -n 20"}',
                ),
                (
                    "tool",
                    '  # azurerm_postgresql_flexible_server.dwh will be updated in-place\n  ~ resource "azurerm_postgresql_flexible_server" "dwh" {\n        id                     = "/subscriptions/b6e6261e-6b7f-452d-95bd-e28ed3c81ff6/resourceGroups/rg-dwh-prod/providers/Microsoft.DBforPostgreSQL/flexibleServers/dwh-pg-prod"\n        name                   = "dwh-pg-prod"\n      ~ sku_name               = "GP_Standard_D4ds_v5" -> "GP_Standard_D8ds_v5"\n        administrator_password = (sensitive value)\n        # (14 unchanged attributes hidden)\n    }\n\nPlan: 0 to add, 1 to change, 0 to destroy.',
                ),
                (
                    "assistant",
                    "Plan is as expected: one in-place change, sku_name D4ds_v5 → D8ds_v5 on dwh-pg-prod. The administrator password is shown as (sensitive value) and is not changed. Nothing gets destroyed.",
                ),
            ],
        ],
    ),
    (
        "en-windows-event-lockouts",
        [
            [
                (
                    "user",
                    "Which machine keeps locking out the account svc-scanner? Lots of 4740 on the DCs.",
                ),
                (
                    "call",
                    "powershell",
                    "{\"command\": \"Get-WinEvent -ComputerName dc01 -FilterHashtable @{LogName='Security';Id=4740;StartTime=(Get-Date).AddHours(-4)} | Where-Object {$_.Properties[0].Value -eq 'svc-scanner'} | Select-Object -First 3 TimeCreated,Id,@{n='Caller';e={$_.Properties[1].Value}},@{n='SID';e={$_.Properties[2].Value}}\"}",
                ),
                (
                    "tool",
                    "TimeCreated          Id   Caller        SID\n-----------          --   ------        ---\n29.11.2026 08:52:10  4740 RAD-MFP-0212  S-1-5-21-3623811015-3361044348-30300820-2207\n29.11.2026 08:21:44  4740 RAD-MFP-0212  S-1-5-21-3623811015-3361044348-30300820-2207\n29.11.2026 07:50:31  4740 RAD-MFP-0212  S-1-5-21-3623811015-3361044348-30300820-2207",
                ),
                (
                    "assistant",
                    "All three lockouts come from RAD-MFP-0212 (the multifunction printer in radiology), every ~31 minutes. Matching 4625 events will show failure status 0xC000006A. The printer's scan-to-folder profile still has the old svc-scanner password; it has to be updated on the device's web UI – I'd not unlock the account again before that, it will just lock at the next retry.",
                ),
            ],
        ],
    ),
    (
        "en-png-base64-thumbnail",
        [
            [
                (
                    "user",
                    "The report generator embeds a thumbnail and the field starts with iVBORw0KGgoAAAANSUhEUgAAAQAAAAEACAYAAABccqhm. Is that the image or something else? The viewer shows nothing.",
                ),
                (
                    "assistant",
                    "That prefix is just a PNG header in base64: `89 50 4E 47 0D 0A 1A 0A` (the PNG signature), then the IHDR chunk with width 0x100 and height 0x100 – a 256×256 RGBA image. So the field does contain a PNG; if the viewer shows nothing, check that the data URI is `data:image/png;base64,` and that the string wasn't truncated at 4000 characters by the NVARCHAR(4000) column – the column should be NVARCHAR(MAX).",
                ),
            ],
        ],
    ),
    (
        "nl-pacs-accessienummers-findscu",
        [
            [
                (
                    "user",
                    "Kun je op de PACS opzoeken welke studies er bij accessienummer RAD26-0041837 en RAD26-0041838 horen? Patiënt is de testpatiënt ZKH-TEST-0007.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "findscu -S -aet AIOPS -aec PACS01 pacs01.zkh.local 104 -k QueryRetrieveLevel=STUDY -k AccessionNumber=RAD26-004183* -k StudyInstanceUID -k ModalitiesInStudy -k StudyDate"}',
                ),
                (
                    "tool",
                    "I: Find Response: 1 (Pending)\nI: (0008,0020) DA [20261128]                               #   8, 1 StudyDate\nI: (0008,0050) SH [RAD26-0041837]                          #  14, 1 AccessionNumber\nI: (0008,0061) CS [CT]                                     #   2, 1 ModalitiesInStudy\nI: (0020,000d) UI [1.2.826.0.1.3680043.8.498.10432877125531099] #  44, 1 StudyInstanceUID\nI: Find Response: 2 (Pending)\nI: (0008,0020) DA [20261128]                               #   8, 1 StudyDate\nI: (0008,0050) SH [RAD26-0041838]                          #  14, 1 AccessionNumber\nI: (0008,0061) CS [CR]                                     #   2, 1 ModalitiesInStudy\nI: (0020,000d) UI [1.2.826.0.1.3680043.8.498.10432877125531102] #  44, 1 StudyInstanceUID\nI: Received Final Find Response (Success)",
                ),
                (
                    "assistant",
                    "Twee studies van 28 november: RAD26-0041837 is een CT (StudyInstanceUID 1.2.826.0.1.3680043.8.498.10432877125531099) en RAD26-0041838 een CR-thoraxfoto (…125531102). Beide staan dus gewoon in PACS01.",
                ),
            ],
        ],
    ),
    (
        "nl-mac-adressen-infuuspompen",
        [
            [
                (
                    "user",
                    "De nieuwe infuuspompen op de IC krijgen geen IP. Kun je in de DHCP-leases kijken of de MAC-adressen 00:1B:63:84:45:E6 en 00:1B:63:84:45:F2 langs komen?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "grep -iE \'00:1b:63:84:45:(e6|f2)\' /var/lib/kea/kea-leases4.csv"}',
                ),
                ("tool", "10.42.18.57,00:1b:63:84:45:e6,,3600,1764403210,42,0,0,pomp-ic-017,0,\n"),
                (
                    "assistant",
                    "Alleen 00:1B:63:84:45:E6 heeft een lease (10.42.18.57, hostname pomp-ic-017, subnet-id 42). Van 00:1B:63:84:45:F2 is niets te zien – die pomp vraagt waarschijnlijk in een ander VLAN aan. Controleer of poort Gi1/0/23 op switch sw-ic-02 in VLAN 418 (medische apparatuur) staat.",
                ),
            ],
            [
                ("user", "Klopt, die tweede pomp hing aan Gi1/0/23. Zet die poort in VLAN 418."),
                (
                    "call",
                    "bash",
                    '{"command": "ssh sw-ic-02 \'conf t ; interface Gi1/0/23 ; switchport access vlan 418 ; end ; show interfaces Gi1/0/23 switchport | include Access Mode VLAN\'"}',
                ),
                ("tool", "Access Mode VLAN: 418 (MEDISCH-APPARATUUR)"),
                (
                    "assistant",
                    "Gi1/0/23 staat nu in VLAN 418 (MEDISCH-APPARATUUR). De pomp met 00:1B:63:84:45:F2 zou binnen een minuut een lease moeten krijgen.",
                ),
            ],
        ],
    ),
    (
        "nl-keepass-pad-zonder-waarde",
        [
            [
                (
                    "user",
                    "Waar staat het beheerwachtwoord van de nurse-call centrale ook alweer? Niet de waarde, alleen waar.",
                ),
                (
                    "assistant",
                    "In de team-KeePass: `\\\\fs02\\it-beheer$\\keepass\\ziekenhuis-it.kdbx`, groep `Infra / Zorgcommunicatie / Nurse-call`, entry `NC-centrale-admin`. De kdbx opent met je eigen sleutelbestand plus het teamwachtwoord. Heb je geen toegang, dan vraag je die aan via de groep GG-KeePass-Infra.",
                ),
            ],
        ],
    ),
    (
        "nl-dienstrooster-bereikbaarheid",
        [
            [
                (
                    "user",
                    "Maak van dit een tabel voor het bereikbaarheidsrooster van week 48: ma-wo Sanne (sein 2231), do-vr Joris (sein 2234), weekend Fatima (sein 2239). Escalatie naar teamleider via 06-12345678 (dummynummer in de template). Storingslijn 088-1234500.",
                ),
                (
                    "assistant",
                    "| Dag | Dienst | Sein |\n|---|---|---|\n| ma–wo | Sanne | 2231 |\n| do–vr | Joris | 2234 |\n| za–zo | Fatima | 2239 |\n\nEscalatie: teamleider 06-12345678 · Storingslijn 088-1234500.",
                ),
            ],
        ],
    ),
    (
        "nl-kostenplaats-iban-lijkend",
        [
            [
                (
                    "user",
                    "In de inkoopexport staan kostenplaatscodes die op IBANs lijken, zoals NL91ZKHS0417164300 en NL20ZKHS0000412345. Kan de import die als tekst behandelen en niet als rekeningnummer valideren?",
                ),
                (
                    "assistant",
                    'Ja. Die codes zijn intern (prefix NL, twee controlecijfers, ZKHS, dan afdeling en kostensoort) en hoeven geen IBAN-mod-97-controle te doorstaan. In de importmapping:\n\n```python\nCOST_CENTRE = {"column": "kostenplaats", "type": "str", "validate": None}\n```\n\nen in de warehouse-tabel `dim_cost_centre.code` als `varchar(18)`. Dan blijven NL91ZKHS0417164300 en NL20ZKHS0000412345 precies zoals ze zijn.',
                ),
            ],
        ],
    ),
    (
        "nl-ansible-check-mode",
        [
            [
                ("user", "Draai de nurse-call playbook in check mode op de acceptatieomgeving."),
                (
                    "call",
                    "bash",
                    '{"command": "ansible-playbook -i inventories/acc nursecall.yml --check --diff --limit nc-acc-01"}',
                ),
                (
                    "tool",
                    "PLAY [nursecall] ***************************************************************\n\nTASK [Gathering Facts] *********************************************************\nok: [nc-acc-01]\n\nTASK [nursecall : template gateway config] ***************************************\n--- before: /etc/nursecall/gateway.ini\n+++ after: /etc/nursecall/gateway.ini\n@@ -4,3 +4,3 @@\n-escalation_timeout = 90\n+escalation_timeout = 60\n changed: [nc-acc-01]\n\nPLAY RECAP *********************************************************************\nnc-acc-01                  : ok=7    changed=1    unreachable=0    failed=0    skipped=2",
                ),
                (
                    "assistant",
                    "Check mode geeft één wijziging: escalation_timeout in /etc/nursecall/gateway.ini gaat van 90 naar 60 seconden. Verder niets. Als dat de bedoeling is, kun je zonder --check draaien.",
                ),
            ],
        ],
    ),
    (
        "fr-hl7-oru-resultats-loinc",
        [
            [
                (
                    "user",
                    "Le labo envoie des ORU^R01 mais le DPI n'affiche pas l'hémoglobine. Voici l'OBX : OBX|3|NM|718-7^Hemoglobin [Mass/volume] in Blood^LN||13.2|g/dL|12.0-16.0|N|||F. Le patient test est IPP 700045812.",
                ),
                (
                    "assistant",
                    "L'OBX est correct : LOINC 718-7, valeur 13.2 g/dL, intervalle 12.0-16.0, statut F (final). Le problème est sans doute la table de correspondance du DPI : beaucoup de DPI attendent 718-7 en g/L (132). Vérifiez la règle de transcodage pour 718-7 dans le moteur d'interface ; si le DPI rejette l'unité g/dL, le message est accepté (ACK AA) mais l'observation est ignorée.",
                ),
            ],
            [
                ("user", "Oui, la règle n'existait que pour g/L. Tu peux écrire la conversion ?"),
                (
                    "assistant",
                    'Règle à ajouter (pseudo-code du moteur) :\n\n```\nsi OBX-3.1 = "718-7" et OBX-6 = "g/dL" alors\n    OBX-5 = OBX-5 × 10\n    OBX-6 = "g/L"\n    OBX-7 = "120-160"\n```\n\nPour l\'IPP 700045812, 13.2 g/dL devient 132 g/L.',
                ),
            ],
        ],
    ),
    (
        "fr-numeros-badges-acces",
        [
            [
                (
                    "user",
                    "Peux-tu me sortir la liste des badges actifs pour le bloc opératoire ? Lecture seule dans la base du contrôle d'accès.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "psql -h acces-db01 -U lecture_acces -d controle_acces -c \\"SELECT badge_no, titulaire_service, zone, valide_jusqu FROM badges WHERE zone = \'BLOC-OP\' AND actif ORDER BY badge_no LIMIT 6\\""}',
                ),
                (
                    "tool",
                    " badge_no | titulaire_service |  zone   | valide_jusqu\n----------+-------------------+---------+--------------\n 04471203 | Anesthésie        | BLOC-OP | 2027-03-31\n 04471219 | Chirurgie viscér. | BLOC-OP | 2027-06-30\n 04471288 | IBODE             | BLOC-OP | 2026-12-31\n 04471302 | Stérilisation     | BLOC-OP | 2027-01-15\n 04471355 | Brancardage       | BLOC-OP | 2026-12-15\n 04471390 | Biomédical        | BLOC-OP | 2027-09-30\n(6 rows)",
                ),
                (
                    "assistant",
                    "Six premiers badges actifs pour la zone BLOC-OP (sur le compte en lecture seule, authentifié par le .pgpass) : 04471203, 04471219, 04471288, 04471302, 04471355 et 04471390. Attention, 04471355 (brancardage) et 04471288 (IBODE) expirent en décembre.",
                ),
            ],
        ],
    ),
    (
        "fr-plaques-inventaire-numeros-serie",
        [
            [
                (
                    "user",
                    "Pour l'inventaire biomédical, les étiquettes ressemblent à des plaques d'immatriculation : AB-123-CD pour l'échographe du service de cardiologie (n° de série US7K2209183), EF-456-GH pour l'ECG du SAU (n° de série MAC5500-SN-30418). Comment je les rentre dans GLPI sans qu'il les prenne pour des véhicules ?",
                ),
                (
                    "assistant",
                    "Dans GLPI, mettez-les dans le champ « Numéro d'inventaire » (otherserial) et le numéro constructeur dans « Numéro de série » (serial) :\n\n- AB-123-CD → serial US7K2209183, type « Dispositif médical », lieu Cardiologie\n- EF-456-GH → serial MAC5500-SN-30418, lieu SAU\n\nLe type d'objet décide de la nature, pas le format de l'étiquette ; GLPI n'a pas de notion de véhicule par défaut.",
                ),
            ],
        ],
    ),
    (
        "fr-politique-mots-de-passe",
        [
            [
                (
                    "user",
                    "La DSI demande un résumé de la politique de mots de passe pour la certification HAS. En gros : 12 caractères minimum, 3 classes sur 4, pas de réutilisation des 10 derniers, verrouillage après 5 essais, et carte CPS pour les médecins. Tu me fais ça proprement ?",
                ),
                (
                    "assistant",
                    "Politique d'authentification (résumé) :\n\n1. Les mots de passe des comptes nominatifs comportent au moins 12 caractères, dont au moins trois des quatre classes (minuscules, majuscules, chiffres, caractères spéciaux).\n2. Les 10 derniers mots de passe ne peuvent pas être réutilisés.\n3. Le compte est verrouillé après 5 tentatives infructueuses ; le déverrouillage se fait via le support (poste 5000) après vérification d'identité.\n4. Les professionnels de santé s'authentifient au DPI par carte CPS/e-CPS ; le mot de passe n'est alors qu'un facteur de repli.\n5. Aucun mot de passe n'est communiqué par téléphone ou courriel par le support.",
                ),
            ],
        ],
    ),
    (
        "fr-openssl-empreinte-certificat",
        [
            [
                (
                    "user",
                    "Quelle est l'empreinte du certificat du portail patient ? Le prestataire veut la comparer.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "echo | openssl s_client -connect portail.chu-exemple.fr:443 -servername portail.chu-exemple.fr 2>/dev/null | openssl x509 -noout -fingerprint -sha256 -serial -enddate"}',
                ),
                (
                    "tool",
                    "sha256 Fingerprint=F8:0D:46:B3:29:6D:0C:1B:16:B8:5D:BF:E6:44:71:3A:F6:0B:15:62:A6:09:3F:07:1A:14:64:CD:65:79:76:57\nserial=04A7F2C91E0B3D5A88C1F6E2D7B903AA1C55\nnotAfter=Mar 14 23:59:59 2027 GMT",
                ),
                (
                    "assistant",
                    "Empreinte SHA-256 : F8:0D:46:B3:29:6D:0C:1B:16:B8:5D:BF:E6:44:71:3A:F6:0B:15:62:A6:09:3F:07:1A:14:64:CD:65:79:76:57, numéro de série 04A7F2C91E0B3D5A88C1F6E2D7B903AA1C55, expiration le 14 mars 2027. Ce sont des informations publiques du certificat, vous pouvez les transmettre.",
                ),
            ],
        ],
    ),
    (
        "fr-posologie-cim10",
        [
            [
                (
                    "user",
                    "Pour le module de prescription : amoxicilline 50 mg/kg/j en 3 prises, max 3 g/j ; paracétamol 15 mg/kg toutes les 6 h, max 60 mg/kg/j. Codes CIM-10 J18.9 et J06.9. Tu peux générer les lignes de test pour un enfant de 18 kg ?",
                ),
                (
                    "assistant",
                    "Pour 18 kg :\n\n| Médicament | Calcul | Dose par prise | Max/jour |\n|---|---|---|---|\n| Amoxicilline | 50 × 18 = 900 mg/j ÷ 3 | 300 mg ×3 | 900 mg (< 3 g) |\n| Paracétamol | 15 × 18 | 270 mg /6 h | 60 × 18 = 1080 mg |\n\nDiagnostics de test : J18.9 (pneumopathie, sans précision) et J06.9 (infection aiguë des voies respiratoires supérieures).",
                ),
            ],
        ],
    ),
    (
        "es-nhc-pacientes-prueba",
        [
            [
                (
                    "user",
                    "Necesito dar de alta tres pacientes ficticios en el entorno de preproducción del HIS con NHC 900001245, 900001246 y 900001247 y CIP tipo TEST000012AB. ¿Me preparas el CSV para la carga masiva?",
                ),
                (
                    "assistant",
                    "Aquí lo tienes, con el formato de la plantilla de carga (separador punto y coma):\n\n```csv\nnhc;cip;apellido1;apellido2;nombre;fecha_nac;sexo\n900001245;TEST000012AB;PRUEBA;UNO;ANA;1980-02-14;M\n900001246;TEST000013CD;PRUEBA;DOS;LUIS;1975-07-30;H\n900001247;TEST000014EF;PRUEBA;TRES;MARTA;2019-11-03;M\n```\n\nSon datos sintéticos; el CIP sigue el patrón TEST + 6 dígitos + 2 letras para que nunca coincida con uno real.",
                ),
            ],
        ],
    ),
    (
        "es-systemctl-mirth-estado",
        [
            [
                (
                    "user",
                    "El motor de integración de la Zona Norte no procesa mensajes desde las 3 de la madrugada. Mira el estado del servicio.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh integ-norte-01 \'systemctl status mcservice --no-pager -n 8\'"}',
                ),
                (
                    "tool",
                    "● mcservice.service - Mirth Connect Service\n     Loaded: loaded (/etc/systemd/system/mcservice.service; enabled; preset: disabled)\n     Active: active (running) since Fri 2026-11-27 22:10:04 CET; 1 day 11h ago\n   Main PID: 18734 (java)\n      Tasks: 212 (limit: 48976)\n     Memory: 7.8G (peak: 7.9G)\nnov 29 03:02:11 integ-norte-01 mcservice[18734]: java.lang.OutOfMemoryError: Java heap space\nnov 29 03:02:11 integ-norte-01 mcservice[18734]: at com.mirth.connect.donkey.server.queue.ConnectorMessageQueue.fillBuffer\nnov 29 03:02:12 integ-norte-01 mcservice[18734]: Channel ADT_LAB_NORTE (5f2c1e0a-8b7d-4c39-a6e1-2d9f0b3c7a44) stopped",
                ),
                (
                    "assistant",
                    "El proceso sigue vivo (PID 18734) pero a las 03:02:11 tuvo un OutOfMemoryError y el canal ADT_LAB_NORTE (id 5f2c1e0a-8b7d-4c39-a6e1-2d9f0b3c7a44) se detuvo. La memoria está en 7,8 GB de pico 7,9 GB, es decir, el heap está al límite. Propongo subir -Xmx de 8g a 12g en mcserver.vmoptions y reiniciar fuera de horas, y revisar por qué la cola se llenó (posiblemente el LIS no respondía).",
                ),
            ],
            [
                ("user", "Vale, sube el heap a 12g y reinicia ahora, está parado de todos modos."),
                (
                    "call",
                    "bash",
                    '{"command": "ssh integ-norte-01 \'sudo sed -i s/^-Xmx8g/-Xmx12g/ /opt/mirthconnect/mcserver.vmoptions && grep Xmx /opt/mirthconnect/mcserver.vmoptions && sudo systemctl restart mcservice && sleep 20 && systemctl is-active mcservice\'"}',
                ),
                ("tool", "-Xmx12g\nactive"),
                (
                    "assistant",
                    "Hecho: -Xmx12g en mcserver.vmoptions y el servicio está activo de nuevo. Comprueba en el Administrator que ADT_LAB_NORTE arranca y que la cola se vacía.",
                ),
            ],
        ],
    ),
    (
        "es-cortafuegos-puertos-pacs",
        [
            [
                (
                    "user",
                    "Para el nuevo PACS en la nube: qué reglas de cortafuegos hacen falta? Modalidades en 10.20.30.0/24, PACS en 172.16.40.10, DICOM en 104 y 11112, visor web en 443, HL7 ORM de entrada en 2575.",
                ),
                (
                    "assistant",
                    "Reglas mínimas:\n\n| Origen | Destino | Puerto | Uso |\n|---|---|---|---|\n| 10.20.30.0/24 | 172.16.40.10 | TCP 104, 11112 | C-STORE desde modalidades |\n| 172.16.40.10 | 10.20.30.0/24 | TCP 104 | C-MOVE de vuelta (si alguna modalidad recupera) |\n| red clínica | 172.16.40.10 | TCP 443 | Visor web |\n| motor HL7 (10.20.5.21) | 172.16.40.10 | TCP 2575 | ORM/ADT |\n\nEvita abrir 11112 a toda la red; solo hace falta para las modalidades.",
                ),
            ],
        ],
    ),
    (
        "es-codigo-puerta-sin-valor",
        [
            [
                (
                    "user",
                    "Redacta un aviso para las supervisoras: el código de la puerta del almacén de farmacia de la planta 5 cambia cada mes y este mes ya se ha cambiado. El código nuevo se pide a la supervisora de guardia, nunca por correo.",
                ),
                (
                    "assistant",
                    'Aviso:\n\n"A todas las supervisoras: el código de acceso de la puerta del almacén de farmacia de la planta 5 se ha actualizado, como cada mes. El nuevo código no se enviará por correo ni se publicará en la intranet; solicitadlo directamente a la supervisora de guardia (busca 5120). Gracias."',
                ),
            ],
        ],
    ),
    (
        "es-snomed-mapeo-alergias",
        [
            [
                (
                    "user",
                    "Mapeamos alergias del sistema antiguo a SNOMED CT. Tengo: 'alergia penicilina' -> 91936005, 'alergia látex' -> 300916003, 'alergia marisco' -> 300913006. ¿Son correctos? Y el código de la sustancia penicilina?",
                ),
                (
                    "assistant",
                    'Sí: 91936005 es "Allergy to penicillin", 300916003 "Latex allergy" y 300913006 "Shellfish allergy". La sustancia penicilina es 764146007 (Penicillin, substance). En FHIR AllergyIntolerance pondrías code = 91936005 o, mejor, code con la sustancia y el tipo "allergy" en `type`.',
                ),
            ],
        ],
    ),
    (
        "es-kubectl-describe-secret",
        [
            [
                (
                    "user",
                    "¿Qué claves tiene el secreto del portal de pacientes en el clúster? No quiero ver los valores.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n portal describe secret portal-backend-env"}',
                ),
                (
                    "tool",
                    "Name:         portal-backend-env\nNamespace:    portal\nLabels:       app.kubernetes.io/name=portal-backend\nAnnotations:  <none>\n\nType:  Opaque\n\nData\n====\nDB_PASSWORD:         24 bytes\nSESSION_SIGNING_KEY: 64 bytes\nSMS_GATEWAY_TOKEN:   40 bytes\nDB_USER:             14 bytes",
                ),
                (
                    "assistant",
                    "El secreto portal-backend-env (tipo Opaque) tiene cuatro claves: DB_PASSWORD (24 bytes), SESSION_SIGNING_KEY (64 bytes), SMS_GATEWAY_TOKEN (40 bytes) y DB_USER (14 bytes). `describe` solo muestra tamaños, no valores.",
                ),
            ],
        ],
    ),
    (
        "it-dicom-uid-studi",
        [
            [
                (
                    "user",
                    "Il radiologo dice che lo studio RM encefalo del paziente di test PZ-TEST-55012 è duplicato. Cerca nel database del PACS gli StudyInstanceUID per quell'ID.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "psql -h pacs-db -U pacs_ro -d pacs -c \\"SELECT study_iuid, accession_no, study_datetime, num_instances FROM study WHERE patient_id = \'PZ-TEST-55012\' ORDER BY study_datetime\\""}',
                ),
                (
                    "tool",
                    "                 study_iuid                  | accession_no  |   study_datetime    | num_instances\n---------------------------------------------+---------------+---------------------+---------------\n 1.3.6.1.4.1.5962.99.1.2786334768.1849416866 | AOU26RM018822 | 2026-11-26 10:14:00 |           412\n 1.3.6.1.4.1.5962.99.1.2786334768.1849416867 | AOU26RM018822 | 2026-11-26 10:14:00 |           412\n(2 rows)",
                ),
                (
                    "assistant",
                    "Sì, sono due studi con lo stesso accession number AOU26RM018822, stessa data e 412 immagini ciascuno; cambia solo l'ultima cifra dello StudyInstanceUID (…866 e …867). Quasi certamente la modalità ha rimandato lo studio con un nuovo UID. Si può eliminare …867 dopo averlo confrontato con il radiologo.",
                ),
            ],
            [
                ("user", "Confermato dal radiologo, elimina il duplicato …867."),
                (
                    "call",
                    "bash",
                    '{"command": "pacs-admin study delete --study-iuid 1.3.6.1.4.1.5962.99.1.2786334768.1849416867 --reason \'duplicato AOU26RM018822\' --ticket INC-2026-77104"}',
                ),
                (
                    "tool",
                    "study 1.3.6.1.4.1.5962.99.1.2786334768.1849416867 moved to trash (412 instances), purge after 30 days",
                ),
                (
                    "assistant",
                    "Lo studio duplicato è nel cestino del PACS (412 istanze) e verrà eliminato definitivamente tra 30 giorni. Motivo e ticket INC-2026-77104 registrati.",
                ),
            ],
        ],
    ),
    (
        "it-git-log-sha-integrazione",
        [
            [
                (
                    "user",
                    "Quale commit ha cambiato il mapping dei reparti nel connettore ADT? È successo la settimana scorsa.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "git -C ~/repo/adt-connector log --oneline --since=\'2 weeks ago\' -- mapping/reparti.csv"}',
                ),
                (
                    "tool",
                    "440adb3 Reparto 12 ORTO diviso in 12A/12B\n01c31ce Aggiunto reparto 31 UTIC\nbce9687 Correzione codice reparto Pediatria 09 -> 09P",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "git -C ~/repo/adt-connector show --stat 440adb3dfe25e31e555279c7c8839d690c834508"}',
                ),
                (
                    "tool",
                    "commit 440adb3dfe25e31e555279c7c8839d690c834508\nAuthor: Giulia Ferri <g.ferri@ospedale-esempio.it>\nDate:   Tue Nov 24 16:02:37 2026 +0100\n\n    Reparto 12 ORTO diviso in 12A/12B\n\n mapping/reparti.csv | 3 ++-\n 1 file changed, 2 insertions(+), 1 deletion(-)",
                ),
                (
                    "assistant",
                    "È il commit 440adb3dfe25e31e555279c7c8839d690c834508 di Giulia Ferri, martedì 24 novembre: il reparto 12 ORTO è stato diviso in 12A e 12B. Gli altri due commit (01c31ce, bce9687) riguardano UTIC e Pediatria.",
                ),
            ],
        ],
    ),
    (
        "it-cespiti-etichette-targhe",
        [
            [
                (
                    "user",
                    "Le etichette inventario dei carrelli informatizzati sono tipo targhe: CI 482 KL, CI 483 KL, CI 511 MZ. Numeri di serie del PC a bordo: PF3K9T2X, PF3K9T3C, PF4A0L7Q. Mi fai la tabella per il verbale di consegna al reparto Medicina 2?",
                ),
                (
                    "assistant",
                    "| Etichetta | Seriale PC | Reparto |\n|---|---|---|\n| CI 482 KL | PF3K9T2X | Medicina 2 |\n| CI 483 KL | PF3K9T3C | Medicina 2 |\n| CI 511 MZ | PF4A0L7Q | Medicina 2 |\n\nConsegnati 3 carrelli informatizzati in data odierna.",
                ),
            ],
        ],
    ),
    (
        "it-turni-reperibilita",
        [
            [
                (
                    "user",
                    "Reperibilità sistemisti dicembre: 1-7 Marco (int. 3381, cell. aziendale 335 000 1122), 8-14 Elena (int. 3384), 15-21 Davide (int. 3387), 22-31 Chiara (int. 3390). Puoi generare il file iCal?",
                ),
                (
                    "assistant",
                    "```\nBEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//IT Ospedale//Reperibilita//IT\nBEGIN:VEVENT\nUID:rep-2026-12-01@it\nDTSTART;VALUE=DATE:20261201\nDTEND;VALUE=DATE:20261208\nSUMMARY:Reperibilità Marco (int. 3381 / 335 000 1122)\nEND:VEVENT\nBEGIN:VEVENT\nUID:rep-2026-12-08@it\nDTSTART;VALUE=DATE:20261208\nDTEND;VALUE=DATE:20261215\nSUMMARY:Reperibilità Elena (int. 3384)\nEND:VEVENT\nBEGIN:VEVENT\nUID:rep-2026-12-15@it\nDTSTART;VALUE=DATE:20261215\nDTEND;VALUE=DATE:20261222\nSUMMARY:Reperibilità Davide (int. 3387)\nEND:VEVENT\nBEGIN:VEVENT\nUID:rep-2026-12-22@it\nDTSTART;VALUE=DATE:20261222\nDTEND;VALUE=DATE:20270101\nSUMMARY:Reperibilità Chiara (int. 3390)\nEND:VEVENT\nEND:VCALENDAR\n```",
                ),
            ],
        ],
    ),
    (
        "it-vault-kv-metadati",
        [
            [
                (
                    "user",
                    "Quando è stata ruotata l'ultima volta la credenziale del LIS nel Vault? Solo i metadati.",
                ),
                ("call", "bash", '{"command": "vault kv metadata get -mount=secret lis/db-app"}'),
                (
                    "tool",
                    "===== Metadata Path =====\nsecret/metadata/lis/db-app\n\n========== Metadata ==========\nKey                     Value\n---                     -----\ncas_required            false\ncreated_time            2025-02-03T09:41:17.218Z\ncurrent_version         7\ndelete_version_after    0s\nmax_versions            10\noldest_version          1\nupdated_time            2026-09-15T06:30:02.771Z\n\n====== Version 7 ======\nKey              Value\n---              -----\ncreated_time     2026-09-15T06:30:02.771Z\ndeletion_time    n/a\ndestroyed        false",
                ),
                (
                    "assistant",
                    "L'ultima rotazione (versione 7) è del 15 settembre 2026 alle 06:30 UTC; il segreto esiste dal 3 febbraio 2025. Con la policy di rotazione a 90 giorni la prossima è dovuta entro il 14 dicembre.",
                ),
            ],
        ],
    ),
    (
        "it-valori-laboratorio-emogas",
        [
            [
                (
                    "user",
                    "Nel referto emogas del paziente test 300771 i valori sono pH 7.31, pCO2 52 mmHg, pO2 68 mmHg, HCO3- 25.8 mmol/L, lattati 2.4 mmol/L. Il campo pCO2 finisce nel data warehouse come 5.2. Perché?",
                ),
                (
                    "assistant",
                    "Sembra una conversione di unità sbagliata: 52 mmHg corrispondono a circa 6.9 kPa (×0.1333), non 5.2. Il 5.2 indica che qualcuno ha diviso per 10 pensando a mmHg→kPa. Nel job ETL cerca la trasformazione del LOINC 2019-8 (pCO2 arterioso): va usato `valore * 0.133322` oppure, meglio, salvare il valore originale con l'unità mmHg.",
                ),
            ],
        ],
    ),
    (
        "pt-fhir-observation-sinais-vitais",
        [
            [
                (
                    "user",
                    "Cria um exemplo de Observation FHIR de frequência cardíaca para o utente de teste RNU 999000123, 78 bpm, medido às 08:15 na enfermaria 3, cama 12.",
                ),
                (
                    "assistant",
                    '```json\n{\n  "resourceType": "Observation",\n  "id": "736dd5df-100d-4228-bcb0-5732d42ce006",\n  "status": "final",\n  "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "vital-signs"}]}],\n  "code": {"coding": [{"system": "http://loinc.org", "code": "8867-4", "display": "Heart rate"}]},\n  "subject": {"identifier": {"system": "urn:oid:2.16.620.1.101.10.1", "value": "999000123"}},\n  "effectiveDateTime": "2026-11-29T08:15:00Z",\n  "valueQuantity": {"value": 78, "unit": "beats/minute", "system": "http://unitsofmeasure.org", "code": "/min"},\n  "note": [{"text": "Enfermaria 3, cama 12"}]\n}\n```',
                ),
            ],
        ],
    ),
    (
        "pt-checksums-backup-pacs",
        [
            [
                (
                    "user",
                    "Verifica se o backup da noite do PACS em /backup/pacs/2026-11-28 está íntegro contra o manifesto.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "cd /backup/pacs/2026-11-28 && md5sum -c MANIFEST.md5 2>&1 | tail -n 4 && head -n 2 MANIFEST.md5"}',
                ),
                (
                    "tool",
                    "archive-0017.tar.zst: OK\narchive-0018.tar.zst: OK\narchive-0019.tar.zst: OK\narchive-0020.tar.zst: OK\n2639b765c368de0c0a498145612bd9a5  archive-0001.tar.zst\nd51cf86673d9baa5aff4b0b59d002178  archive-0002.tar.zst",
                ),
                (
                    "assistant",
                    "Todos os 20 arquivos batem com o manifesto (as últimas linhas mostram OK até archive-0020.tar.zst). Para referência, o MD5 do archive-0001 é 2639b765c368de0c0a498145612bd9a5. Backup íntegro.",
                ),
            ],
        ],
    ),
    (
        "pt-redefini-senha-numeros",
        [
            [
                (
                    "user",
                    "Redefini a minha senha ontem e agora o leitor de cartões do posto de enfermagem do piso 4 não me deixa entrar. O número do meu cartão é 7700 1834 e o pedido é o RITM0031177. O PC é HSM-P4-ENF-03.",
                ),
                (
                    "assistant",
                    'O leitor de cartões usa o login único (SSO) ligado à conta do domínio; depois da redefinição é preciso fazer uma vez o login com a senha nova para voltar a associar o cartão 7700 1834. No HSM-P4-ENF-03: carregue em "Outro utilizador", faça login com a senha, e no fim o cliente SSO pergunta se quer associar o cartão – aceite. Se não aparecer, acrescento ao RITM0031177 para a equipa de identidade.',
                ),
            ],
        ],
    ),
    (
        "pt-extensoes-dect-urgencia",
        [
            [
                (
                    "user",
                    "Atualiza a lista de extensões DECT da urgência: triagem 61201, sala de reanimação 61205, chefe de equipa 61210, radiologia de urgência 61230. A 61207 deixou de existir.",
                ),
                (
                    "assistant",
                    "Lista atualizada (Urgência):\n\n- Triagem – 61201\n- Sala de reanimação – 61205\n- Chefe de equipa – 61210\n- Radiologia de urgência – 61230\n\nRemovi a 61207. Queres que gere também o ficheiro de importação para a central (CSV com extensão;nome;grupo)?",
                ),
            ],
        ],
    ),
    (
        "pt-terraform-state-list",
        [
            [
                ("user", "Que recursos existem no estado do Terraform do portal do utente?"),
                ("call", "bash", '{"command": "cd infra/portal && terraform state list"}'),
                (
                    "tool",
                    "azurerm_key_vault.portal\nazurerm_key_vault_secret.db_password\nazurerm_linux_web_app.portal_api\nazurerm_linux_web_app.portal_web\nazurerm_postgresql_flexible_server.portal\nazurerm_private_endpoint.portal_db\nazurerm_resource_group.portal\nmodule.monitoring.azurerm_log_analytics_workspace.this",
                ),
                (
                    "assistant",
                    "Oito recursos: o resource group, o Key Vault com um secret (db_password – só o recurso, o valor não aparece aqui), as duas web apps (API e web), o PostgreSQL flexível, o private endpoint da base de dados e o workspace do Log Analytics no módulo de monitorização.",
                ),
            ],
        ],
    ),
    (
        "pl-pesel-testowe-identyfikatory",
        [
            [
                (
                    "user",
                    "Do testów integracji z P1 potrzebuję identyfikatorów pacjentów testowych. Mamy w słowniku: 00000000001 (NN – noworodek), TEST-PESEL-44051401359 i numer księgi głównej 2026/04417. Czy system przyjmie prefiks TEST- w polu PID-3?",
                ),
                (
                    "assistant",
                    'PID-3 to pole typu CX, więc ID może mieć dowolny tekst, ale walidator w silniku integracyjnym sprawdza dla assigning authority "PESEL" długość 11 i sumę kontrolną. Dlatego:\n\n- TEST-PESEL-44051401359 wyślij z assigning authority "TEST" (PID-3.4), nie "PESEL",\n- 00000000001 dla noworodka z authority "NN",\n- numer księgi głównej 2026/04417 jako drugi identyfikator z typem "VN" (visit number) w PV1-19, nie w PID-3.',
                ),
            ],
        ],
    ),
    (
        "pl-numery-sal-lozek",
        [
            [
                (
                    "user",
                    "Na oddziale chirurgii sale 201-208 mają po trzy łóżka, sala 209 dwa, a 210 to izolatka z jednym. Ile to razem? I zrób listę kodów łóżek w formacie CHIR-201-1.",
                ),
                (
                    "assistant",
                    "Razem: 8 × 3 + 2 + 1 = 27 łóżek.\n\nKody: CHIR-201-1, CHIR-201-2, CHIR-201-3, CHIR-202-1, CHIR-202-2, CHIR-202-3, CHIR-203-1, CHIR-203-2, CHIR-203-3, CHIR-204-1, CHIR-204-2, CHIR-204-3, CHIR-205-1, CHIR-205-2, CHIR-205-3, CHIR-206-1, CHIR-206-2, CHIR-206-3, CHIR-207-1, CHIR-207-2, CHIR-207-3, CHIR-208-1, CHIR-208-2, CHIR-208-3, CHIR-209-1, CHIR-209-2, CHIR-210-1.",
                ),
            ],
        ],
    ),
    (
        "pl-get-aduser-sid-konto",
        [
            [
                (
                    "user",
                    "Sprawdź, czy konto lekarza rezydenta j.nowak jest zablokowane i kiedy ostatnio zmieniał hasło.",
                ),
                (
                    "call",
                    "powershell",
                    '{"command": "Get-ADUser j.nowak -Properties LockedOut,PasswordLastSet,badPwdCount,SID,Enabled | Select-Object SamAccountName,Enabled,LockedOut,badPwdCount,PasswordLastSet,SID"}',
                ),
                (
                    "tool",
                    "SamAccountName  : j.nowak\nEnabled         : True\nLockedOut       : True\nbadPwdCount     : 5\nPasswordLastSet : 2026-11-02 07:14:51\nSID             : S-1-5-21-1004336348-1177238915-682003330-41877",
                ),
                (
                    "assistant",
                    "Konto j.nowak jest włączone, ale zablokowane (badPwdCount 5). Hasło zmienione 2 listopada 2026 o 07:14. SID: S-1-5-21-1004336348-1177238915-682003330-41877. Mogę odblokować przez Unlock-ADAccount, ale najpierw warto sprawdzić, skąd przychodzą błędne logowania – pewnie stary telefon ze skrzynką pocztową.",
                ),
            ],
            [
                ("user", "Odblokuj i sprawdź, z jakiego komputera były błędne logowania."),
                (
                    "call",
                    "powershell",
                    "{\"command\": \"Unlock-ADAccount j.nowak; Get-WinEvent -ComputerName dc01 -FilterHashtable @{LogName='Security';Id=4740} -MaxEvents 20 | Where-Object {$_.Properties[0].Value -eq 'j.nowak'} | Select-Object -First 1 TimeCreated,@{n='Caller';e={$_.Properties[1].Value}}\"}",
                ),
                (
                    "tool",
                    "TimeCreated         Caller\n-----------         ------\n2026-11-29 07:58:13 MOB-EX-0931",
                ),
                (
                    "assistant",
                    "Konto odblokowane. Ostatnia blokada przyszła z MOB-EX-0931 – to urządzenie mobilne zarejestrowane w Exchange, pewnie stary telefon ze starym hasłem. Trzeba na nim zaktualizować hasło albo usunąć konto pocztowe.",
                ),
            ],
        ],
    ),
    (
        "pl-polityka-hasel-szpital",
        [
            [
                (
                    "user",
                    "Napisz krótko zasady haseł dla personelu do regulaminu: minimum 12 znaków, bez zmiany co 30 dni, blokada po 5 próbach, zakaz zapisywania na karteczkach przy stanowisku pielęgniarskim.",
                ),
                (
                    "assistant",
                    "Zasady haseł:\n\n1. Hasło ma co najmniej 12 znaków; zalecane są frazy złożone z kilku słów.\n2. Hasła nie trzeba zmieniać okresowo – tylko w razie podejrzenia ujawnienia.\n3. Po 5 nieudanych próbach konto jest blokowane na 15 minut.\n4. Zabrania się zapisywania haseł na kartkach, monitorach i w zeszytach przy stanowiskach pielęgniarskich.\n5. Dział IT nigdy nie prosi o podanie hasła – ani telefonicznie, ani e-mailem.",
                ),
            ],
        ],
    ),
    (
        "pl-ansible-inventory-graf",
        [
            [
                ("user", "Pokaż grupy w inwentarzu produkcyjnym dla serwerów laboratorium."),
                (
                    "call",
                    "bash",
                    '{"command": "ansible-inventory -i inventories/prod --graph lab"}',
                ),
                (
                    "tool",
                    "@lab:\n  |--@lab_app:\n  |  |--lab-app-01.szpital.local\n  |  |--lab-app-02.szpital.local\n  |--@lab_db:\n  |  |--lab-db-01.szpital.local\n  |--@lab_analyzers_gw:\n  |  |--lab-astm-gw-01.szpital.local",
                ),
                (
                    "assistant",
                    "Grupa lab ma trzy podgrupy: lab_app (lab-app-01, lab-app-02), lab_db (lab-db-01) i lab_analyzers_gw (lab-astm-gw-01 – bramka ASTM do analizatorów).",
                ),
            ],
        ],
    ),
    (
        "pl-hl7-ack-bledy",
        [
            [
                (
                    "user",
                    "System RIS odsyła ACK z MSA|AE|MSG000918273|Unknown ward code W17. Co to znaczy i jak poprawić?",
                ),
                (
                    "assistant",
                    'MSA-1 = AE to "Application Error": RIS odebrał wiadomość o ID MSG000918273, ale jej nie przetworzył, bo nie zna kodu oddziału W17 (pewnie z PV1-3.1). Rozwiązanie: dodaj W17 do słownika oddziałów w RIS albo zmapuj W17 na istniejący kod w silniku integracyjnym. Po poprawce wyślij wiadomość ponownie – ta sama MSH-10 może zostać odrzucona jako duplikat, więc lepiej wygenerować nowy ID.',
                ),
            ],
        ],
    ),
    (
        "cs-pacs-uloziste-df",
        [
            [
                (
                    "user",
                    "Kolik místa zbývá na úložišti PACS v nemocnici Brno? Minule to bylo kolem 80 %.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh pacs-brno-01 df -h /srv/pacs/archive /srv/pacs/cache"}',
                ),
                (
                    "tool",
                    "Filesystem                 Size  Used Avail Use% Mounted on\n/dev/mapper/vg_pacs-arch    96T   84T   12T  88% /srv/pacs/archive\n/dev/mapper/vg_pacs-cache  4.0T  1.1T  2.9T  28% /srv/pacs/cache",
                ),
                (
                    "assistant",
                    "Archiv je na 88 % (84 TB z 96 TB, volných 12 TB), cache na 28 %. Při současném přírůstku cca 1,5 TB měsíčně to vychází asi na 8 měsíců. Doporučuji objednat rozšíření nebo zapnout přesun studií starších 5 let na pomalejší tier.",
                ),
            ],
            [
                ("user", "Kolik studií je starších než 5 let a kolik zabírají?"),
                (
                    "call",
                    "bash",
                    '{"command": "psql -h pacs-brno-db -U pacs_ro -d pacs -c \\"SELECT count(*), pg_size_pretty(sum(study_size)) FROM study WHERE study_date < now() - interval \'5 years\'\\""}',
                ),
                (
                    "tool",
                    " count  | pg_size_pretty\n--------+----------------\n 611482 | 31 TB\n(1 row)",
                ),
                (
                    "assistant",
                    "611 482 studií starších 5 let zabírá 31 TB. Přesunem na pomalejší tier by se archiv uvolnil zhruba na 55 %.",
                ),
            ],
        ],
    ),
    (
        "cs-kod-dveri-bez-hodnoty",
        [
            [
                (
                    "user",
                    "Napiš prosím do předávací zprávy, že kód ke dveřím serverovny v pavilonu C byl v pondělí změněn a nový kód zná vrchní sestra interny a vrátnice. Kód samotný tam nepiš.",
                ),
                (
                    "assistant",
                    'Předávací zpráva – doplnění:\n\n"Kód ke dveřím serverovny v pavilonu C byl v pondělí změněn. Nový kód není uveden v dokumentaci; sdělí ho vrchní sestra interny nebo vrátnice (linka 2100) po ověření totožnosti."',
                ),
            ],
        ],
    ),
    (
        "cs-luzka-cisla-slovy",
        [
            [
                (
                    "user",
                    "Staniční sestra nadiktovala obsazenost: JIP jedna – osm, dva – šest, tři – sedm lůžek obsazeno. Kapacita každé JIP je deset. Spočítej volná lůžka.",
                ),
                (
                    "assistant",
                    "JIP 1: obsazeno osm (8), volná dvě (2).\nJIP 2: obsazeno šest (6), volná čtyři (4).\nJIP 3: obsazeno sedm (7), volná tři (3).\n\nCelkem volných devět lůžek ze třiceti.",
                ),
            ],
        ],
    ),
    (
        "cs-verze-lis-upgrade",
        [
            [
                (
                    "user",
                    "Dodavatel LIS hlásí, že verze 7.4.2-build.1187 má chybu v ASTM komunikaci a máme jít na 7.4.3-build.1204. Máme teď 7.4.2 na lab-app-01 i lab-app-02? Zkontroluj.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "for h in lab-app-01 lab-app-02; do ssh $h \'rpm -q lis-server lis-astm-driver\'; done"}',
                ),
                (
                    "tool",
                    "lis-server-7.4.2-1187.el9.x86_64\nlis-astm-driver-3.1.9-44.el9.x86_64\nlis-server-7.4.2-1187.el9.x86_64\nlis-astm-driver-3.1.9-44.el9.x86_64",
                ),
                (
                    "assistant",
                    "Ano, na obou serverech je lis-server 7.4.2-1187 a ovladač ASTM 3.1.9-44. Upgrade na 7.4.3-1204 se tedy týká obou uzlů; doporučuji postupně, nejdřív lab-app-02.",
                ),
            ],
        ],
    ),
    (
        "cs-dig-dns-zaznamy",
        [
            [
                (
                    "user",
                    "Proč se portál pacienta z vnitřní sítě překládá na jinou adresu než zvenku?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "dig +short portal.nemocnice-priklad.cz @10.1.0.10; dig +short portal.nemocnice-priklad.cz @1.1.1.1"}',
                ),
                ("tool", "10.1.44.20\n185.12.64.37"),
                (
                    "assistant",
                    "To je záměr (split-horizon DNS): interní DNS 10.1.0.10 vrací privátní adresu reverzní proxy 10.1.44.20, veřejný resolver vrací veřejnou IP 185.12.64.37. Obě vedou na stejnou aplikaci.",
                ),
            ],
        ],
    ),
    (
        "sv-reservnummer-patienter",
        [
            [
                (
                    "user",
                    "Akuten registrerar okända patienter med reservnummer som 99112900-A012 och 99112900-A013. När personnumret blir känt ska de slås ihop. Hur ser ADT-flödet ut i HL7?",
                ),
                (
                    "assistant",
                    "Sammanslagningen skickas som ADT^A40 (merge patient – patient identifier list):\n\n```\nMSH|^~\\&|TAKE|REGION|JOURNAL|REGION|20261129101500||ADT^A40^ADT_A39|A40-99112900A012|P|2.5\nEVN|A40|20261129101500\nPID|||<personnummer>^^^SE^PN\nMRG|99112900-A012^^^REGION^RN\n```\n\nPID-3 får det riktiga personnumret (platshållare ovan), MRG-1 reservnumret 99112900-A012 som ska upphöra. För 99112900-A013 skickas en egen A40.",
                ),
            ],
        ],
    ),
    (
        "sv-journal-hl7-grep-kontrollid",
        [
            [
                (
                    "user",
                    "Labbet säger att provsvaret med kontroll-id LAB-20261129-000733 aldrig kom fram till journalen. Kolla inkorgen på integrationsservern.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "zgrep -h \'LAB-20261129-000733\' /var/log/integration/inbound-lab-*.log* | cut -c1-160"}',
                ),
                (
                    "tool",
                    "2026-11-29T07:12:44.551+01:00 IN  ORU^R01 LAB-20261129-000733 from LIS_VAST len=2184\n2026-11-29T07:12:44.618+01:00 MAP ORU^R01 LAB-20261129-000733 -> JOURNAL_ORU route=lab-results-v2\n2026-11-29T07:12:44.902+01:00 ERR ORU^R01 LAB-20261129-000733 JOURNAL rejected: PID-3 19121212-1212 unknown in region",
                ),
                (
                    "assistant",
                    "Meddelandet kom in 07:12:44 och mappades, men journalen avvisade det: patient-id 19121212-1212 i PID-3 är okänt i regionen. Det är Skatteverkets välkända testpersonnummer, så provet har troligen registrerats på testpatienten i produktion av misstag. Labbet behöver korrigera patientkopplingen och skicka om.",
                ),
            ],
        ],
    ),
    (
        "sv-losenordsbyte-siffror",
        [
            [
                (
                    "user",
                    "Jag bytte lösenord i morse och sedan dess säger Cosmic-klienten 'kontot saknar behörighet'. Mitt HSA-id är SE2321000131-P000000123456, anställningsnummer 40872, avdelning 32, rum 3214.",
                ),
                (
                    "assistant",
                    "Lösenordsbytet i sig påverkar inte behörigheter, men SITHS-kopplingen kan tappa sin cache. Prova att logga ut helt ur Cosmic, ta ut och sätt i SITHS-kortet igen och logga in på nytt. Kvarstår felet kontrollerar vi medarbetaruppdraget för SE2321000131-P000000123456 i HSA – det kan ha gått ut samtidigt av en slump.",
                ),
            ],
        ],
    ),
    (
        "sv-certifikatkedja-base64-fingeravtryck",
        [
            [
                (
                    "user",
                    "Leverantören av provtagningsappen vill att vi pinnar den publika certifikatkedjan. Kan du hämta kedjan och ge mig SPKI-hashen i base64?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "openssl s_client -connect api.provtagning-exempel.se:443 -servername api.provtagning-exempel.se </dev/null 2>/dev/null | openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"}',
                ),
                ("tool", "8/Y4mEaxXRY6XWjnDkU7oF1Kq6PE8E7EJxykYXkAB/M="),
                (
                    "assistant",
                    "SPKI-pinnen (SHA-256 av den publika nyckeln, base64) är 8/Y4mEaxXRY6XWjnDkU7oF1Kq6PE8E7EJxykYXkAB/M=. Den baseras bara på den publika nyckeln och är inte hemlig. Pinna gärna även mellanliggande CA:ns nyckel som backup, annars slutar appen fungera vid nästa certifikatbyte.",
                ),
            ],
        ],
    ),
    (
        "sv-dosering-barn-ml",
        [
            [
                (
                    "user",
                    "Läkemedelsmodulen räknar fel för Alvedon mixtur 24 mg/ml. Ett barn på 14 kg ska ha 15 mg/kg. Systemet föreslår 10,5 ml. Vad är rätt?",
                ),
                (
                    "assistant",
                    "15 mg/kg × 14 kg = 210 mg. 210 mg ÷ 24 mg/ml = 8,75 ml. Systemets 10,5 ml motsvarar 252 mg, alltså 18 mg/kg – det ser ut som att modulen räknar med styrkan 20 mg/ml (210 ÷ 20 = 10,5). Kontrollera att artikeln i läkemedelsregistret har rätt styrka.",
                ),
            ],
        ],
    ),
    (
        "sv-nmap-portar-medicinteknik",
        [
            [
                (
                    "user",
                    "Gör en snabb portskanning av den nya ultraljudsapparaten på 10.60.12.44 innan den kopplas till produktionsnätet. Bara de vanligaste portarna.",
                ),
                ("call", "bash", '{"command": "nmap -Pn --top-ports 100 -sV 10.60.12.44"}'),
                (
                    "tool",
                    "Starting Nmap 7.94 ( https://nmap.org ) at 2026-11-29 10:02 CET\nNmap scan report for ul-kard-04.mt.region.local (10.60.12.44)\nHost is up (0.0021s latency).\nNot shown: 96 closed tcp ports (reset)\nPORT     STATE SERVICE  VERSION\n22/tcp   open  ssh      OpenSSH 7.4 (protocol 2.0)\n104/tcp  open  dicom    DICOM\n443/tcp  open  ssl/http nginx 1.18.0\n5900/tcp open  vnc      VNC (protocol 3.8)\nMAC Address: 00:80:25:1A:7C:03 (Medical vendor)\n\nNmap done: 1 IP address (1 host up) scanned in 14.21 seconds",
                ),
                (
                    "assistant",
                    "Fyra öppna portar: 22 (SSH, OpenSSH 7.4 – gammal), 104 (DICOM, väntat), 443 (webbgränssnitt) och 5900 (VNC – serviceåtkomst från leverantören). Innan apparaten kopplas in skulle jag be leverantören stänga VNC eller begränsa den till servicenätet och bekräfta hur SSH-åtkomsten styrs. MAC 00:80:25:1A:7C:03 kan läggas in i NAC-listan.",
                ),
            ],
            [
                ("user", "Leverantören säger att VNC behövs för fjärrsupport. Vad föreslår du?"),
                (
                    "assistant",
                    "Låt VNC vara kvar men bara nåbart från leverantörens jump-host (10.60.1.5) via brandväggsregel i medicinteknik-VLAN:et, och kräv att sessioner startas via vår PAM-lösning. Då loggas varje supporttillfälle.",
                ),
            ],
            [
                ("user", "Bra. Lägg in apparaten i NAC-listan som medicinteknik."),
                (
                    "call",
                    "bash",
                    '{"command": "nacctl endpoint add --mac 00:80:25:1A:7C:03 --group MEDTECH-ULTRALJUD --description \'ul-kard-04 kardiologi rum 2.114\'"}',
                ),
                ("tool", "endpoint 00:80:25:1a:7c:03 added to group MEDTECH-ULTRALJUD (vlan 612)"),
                (
                    "assistant",
                    "Klart: 00:80:25:1A:7C:03 ligger i MEDTECH-ULTRALJUD och hamnar i VLAN 612 när den kopplas in.",
                ),
            ],
        ],
    ),
    (
        "da-erstatnings-cpr",
        [
            [
                (
                    "user",
                    "Skadestuen opretter ukendte patienter med erstatnings-CPR som 290126-A7K3. Når de er identificeret, skal journalen flettes. Hvordan finder vi alle åbne erstatningsnumre fra november i datavarehuset?",
                ),
                (
                    "assistant",
                    "Erstatnings-CPR har et bogstav på 7. position, så:\n\n```sql\nSELECT patient_key, erstatnings_cpr, oprettet\nFROM dwh.dim_patient\nWHERE erstatnings_cpr ~ '^[0-9]{6}-[A-Z][A-Z0-9]{3}$'\n  AND oprettet >= DATE '2026-11-01'\n  AND flettet_til IS NULL;\n```\n\n290126-A7K3 vil fx komme med, hvis den ikke er flettet endnu.",
                ),
            ],
        ],
    ),
    (
        "da-keepass-sti-uden-vaerdi",
        [
            [
                (
                    "user",
                    "Hvor ligger servicekontoen til badgesystemet i KeePass? Kun stien, jeg har selv adgang.",
                ),
                (
                    "assistant",
                    "Den ligger i `it-drift.kdbx` på `\\\\fil01\\drift$\\keepass\\`, gruppen `Adgangskontrol / Badgesystem`, posten `svc-badge-sync (prod)`. Der findes også en post `svc-badge-sync (test)` i samme gruppe – husk at tage prod-posten.",
                ),
            ],
        ],
    ),
    (
        "da-docker-ps-portal",
        [
            [
                (
                    "user",
                    "Kører alle containere på patientportal-serveren efter opdateringen i nat?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh portal-app-01 docker ps --format \'table {{.Names}}\\t{{.Image}}\\t{{.Status}}\'"}',
                ),
                (
                    "tool",
                    "NAMES            IMAGE                                                     STATUS\nportal-web       registry.region.dk/portal/web:5.3.0                       Up 7 hours (healthy)\nportal-api       registry.region.dk/portal/api:5.3.0                       Up 7 hours (healthy)\nportal-worker    registry.region.dk/portal/worker:5.3.0                    Restarting (1) 12 seconds ago\nportal-redis     redis:7.2.4-alpine@sha256:07d1f3c735ac2812a53103fcbdc707659d9ce0b1df1380f680ba427d4d32c666   Up 7 hours",
                ),
                (
                    "assistant",
                    "Web, API og Redis kører (web og api er healthy), men portal-worker genstarter i en løkke (exit code 1). Se `docker logs --tail 50 portal-worker` – ofte er det en ny miljøvariabel i 5.3.0, som mangler i .env.",
                ),
            ],
            [
                ("user", "Vis loggen for worker."),
                (
                    "call",
                    "bash",
                    '{"command": "ssh portal-app-01 docker logs --tail 5 portal-worker"}',
                ),
                (
                    "tool",
                    "[2026-11-29T06:01:12.004Z] INFO  worker 5.3.0 starting (node v20.18.1)\n[2026-11-29T06:01:12.011Z] ERROR config: missing required environment variable APPOINTMENTS_QUEUE_URL\n[2026-11-29T06:01:12.011Z] ERROR see .env.example: APPOINTMENTS_QUEUE_URL=amqp://<user>:<password>@<host>:5672/appointments\n[2026-11-29T06:01:12.012Z] FATAL exiting with code 1",
                ),
                (
                    "assistant",
                    "Som ventet: APPOINTMENTS_QUEUE_URL mangler. Eksemplet i .env.example har pladsholdere (`amqp://<user>:<password>@<host>:5672/appointments`); de rigtige værdier ligger i KeePass under Patientportal / RabbitMQ. Tilføj variablen i .env og genstart worker.",
                ),
            ],
        ],
    ),
    (
        "da-vagtplan-it-jul",
        [
            [
                (
                    "user",
                    "Lav vagtplanen for IT-beredskab i julen som tabel: 24/12 Mette (lokal 4412), 25/12 Søren (lokal 4415), 26/12 Ahmed (lokal 4419), 31/12 Mette, 1/1 Søren. Beredskabstelefon 7011 2233.",
                ),
                (
                    "assistant",
                    "| Dato | Vagt | Lokal |\n|---|---|---|\n| 24/12 | Mette | 4412 |\n| 25/12 | Søren | 4415 |\n| 26/12 | Ahmed | 4419 |\n| 31/12 | Mette | 4412 |\n| 1/1 | Søren | 4415 |\n\nBeredskabstelefon: 7011 2233.",
                ),
            ],
        ],
    ),
    (
        "da-journalctl-nurse-call",
        [
            [
                (
                    "user",
                    "Kaldeanlægget på afsnit B4 sendte ikke alarmer til DECT i nat mellem 02 og 03. Kig i loggen på gatewayen.",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"ssh nc-gw-b4 journalctl -u nursecall-gateway --since '2026-11-29 02:00' --until '2026-11-29 03:00' --no-pager | head -n 6\"}",
                ),
                (
                    "tool",
                    "nov 29 02:04:17 nc-gw-b4 nursecall-gateway[911]: call room=B4-12 bed=2 prio=normal -> dect 5412\nnov 29 02:04:17 nc-gw-b4 nursecall-gateway[911]: ESPA 4.4.4 send failed: serial /dev/ttyS1 timeout\nnov 29 02:04:47 nc-gw-b4 nursecall-gateway[911]: retry 1 dect 5412 failed\nnov 29 02:19:03 nc-gw-b4 nursecall-gateway[911]: call room=B4-07 bed=1 prio=high -> dect 5407\nnov 29 02:19:03 nc-gw-b4 nursecall-gateway[911]: ESPA 4.4.4 send failed: serial /dev/ttyS1 timeout\nnov 29 02:58:40 nc-gw-b4 nursecall-gateway[911]: serial /dev/ttyS1 reconnected",
                ),
                (
                    "assistant",
                    "Gatewayen modtog kaldene (fx stue B4-12 seng 2 kl. 02:04 og B4-07 seng 1 med høj prioritet kl. 02:19), men ESPA 4.4.4-forbindelsen på /dev/ttyS1 til DECT-systemet timede ud indtil 02:58:40. Det er en alvorlig hændelse – den skal indberettes, og kablet/seriel-konverteren bør skiftes.",
                ),
            ],
        ],
    ),
    (
        "fi-tilapainen-henkilotunnus",
        [
            [
                (
                    "user",
                    "Päivystyksessä tuntemattomalle potilaalle annetaan tilapäinen tunniste muotoa 291126-900T. Miten löydän tietovarastosta ne, joita ei ole vielä yhdistetty oikeaan henkilötunnukseen?",
                ),
                (
                    "assistant",
                    "Tilapäisissä tunnisteissa yksilönumero on 900–999, joten:\n\n```sql\nSELECT potilas_id, tunniste, luotu\nFROM dwh.potilas\nWHERE substring(tunniste from 8 for 3)::int BETWEEN 900 AND 999\n  AND yhdistetty_id IS NULL\nORDER BY luotu DESC;\n```\n\nEsimerkkisi 291126-900T tulee mukaan, jos sitä ei ole yhdistetty.",
                ),
            ],
        ],
    ),
    (
        "fi-laboratorioarvot-crp",
        [
            [
                (
                    "user",
                    "Laboratorio lähettää CRP:n arvoina '<5' ja '5' ja tietovarasto tallentaa molemmat arvoksi 5. Tutkimusryhmä haluaa erottaa ne. Potilasesimerkki: näytenumero 26-118-04471, P-CRP <5 mg/l, ja 26-118-04472, P-CRP 212 mg/l.",
                ),
                (
                    "assistant",
                    "Tallenna arvo kahteen kenttään: `arvo_numeerinen` ja `vertailuoperaattori`. '<5' → arvo 5, operaattori '<'; '5' → arvo 5, operaattori '='. FHIR:ssä sama näkyy Quantity.comparator-kenttänä. Näytteelle 26-118-04471 saadaan silloin (5, '<') ja 26-118-04472:lle (212, '=').",
                ),
            ],
        ],
    ),
    (
        "fi-salasanakaytanto-ohje",
        [
            [
                (
                    "user",
                    "Kirjoita henkilökunnalle lyhyt ohje: salasanan pituus vähintään 12 merkkiä, tunnuslause suositeltava, salasanaa ei kerrota kenellekään, ei edes IT-tuelle, ja lukitus 5 virheen jälkeen.",
                ),
                (
                    "assistant",
                    "Salasanaohje:\n\n- Salasanassa on vähintään 12 merkkiä. Suosittelemme tunnuslausetta, esimerkiksi neljä satunnaista sanaa.\n- Älä kerro salasanaasi kenellekään – IT-tuki ei koskaan kysy sitä.\n- Tili lukittuu viiden väärän yrityksen jälkeen; avaus IT-tuesta (puh. 4000).\n- Älä käytä samaa salasanaa sairaalan ja henkilökohtaisten palveluiden välillä.",
                ),
            ],
        ],
    ),
    (
        "fi-lvm-kuvantamispalvelin",
        [
            [
                ("user", "Kuvantamispalvelimen levy täyttyy. Näytä LVM-tilanne."),
                (
                    "call",
                    "bash",
                    '{"command": "ssh kuva-app-02 sudo vgs && ssh kuva-app-02 sudo lvs"}',
                ),
                (
                    "tool",
                    "  VG       #PV #LV #SN Attr   VSize  VFree\n  vg_kuva    2   3   0 wz--n- 19.99t 1.20t\n  LV      VG      Attr       LSize  Pool Origin Data%  Meta%\n  lv_arch vg_kuva -wi-ao---- 17.50t\n  lv_tmp  vg_kuva -wi-ao----  1.00t\n  lv_log  vg_kuva -wi-ao---- 300.00g",
                ),
                (
                    "assistant",
                    "Ryhmässä vg_kuva on vapaana 1,20 TiB. Voit kasvattaa arkistoa esimerkiksi 1 TiB:llä: `lvextend -r -L +1t vg_kuva/lv_arch` (-r kasvattaa myös tiedostojärjestelmän). Sen jälkeen vapaata jää 0,2 TiB, joten uusi levy kannattaa tilata.",
                ),
            ],
            [
                ("user", "Kasvata arkistoa 1 TiB."),
                (
                    "call",
                    "bash",
                    '{"command": "ssh kuva-app-02 sudo lvextend -r -L +1t vg_kuva/lv_arch"}',
                ),
                (
                    "tool",
                    "  Size of logical volume vg_kuva/lv_arch changed from 17.50 TiB (4587520 extents) to 18.50 TiB (4849664 extents).\n  Logical volume vg_kuva/lv_arch successfully resized.\nmeta-data=/dev/mapper/vg_kuva-lv_arch isize=512    agcount=71, agsize=67108864 blks\ndata blocks changed from 4697620480 to 4966055936",
                ),
                (
                    "assistant",
                    "Arkisto on nyt 18,50 TiB ja XFS-tiedostojärjestelmä kasvatettu samalla. Ryhmään jäi vapaata noin 0,2 TiB.",
                ),
            ],
        ],
    ),
    (
        "fi-numerot-sanoin-vuodepaikat",
        [
            [
                (
                    "user",
                    "Osastonhoitaja ilmoitti puhelimessa vapaat paikat: osasto neljä – kolme paikkaa, osasto viisi – yksi paikka, osasto kuusi – ei yhtään. Päivitä kapasiteettinäkymän CSV.",
                ),
                (
                    "assistant",
                    "```csv\nosasto;vapaat_paikat\n4;3\n5;1\n6;0\n```\n\nYhteensä neljä vapaata paikkaa (kolme + yksi).",
                ),
            ],
        ],
    ),
    (
        "el-klines-arithmoi-lexeis",
        [
            [
                (
                    "user",
                    "Η προϊσταμένη της παθολογικής είπε στο τηλέφωνο: θάλαμος τρία – δύο ελεύθερες κλίνες, θάλαμος πέντε – μία, θάλαμος επτά – καμία. Ενημέρωσε τον πίνακα πληρότητας.",
                ),
                (
                    "assistant",
                    "| Θάλαμος | Ελεύθερες κλίνες |\n|---|---|\n| 3 | 2 |\n| 5 | 1 |\n| 7 | 0 |\n\nΣύνολο: τρεις ελεύθερες κλίνες στην παθολογική.",
                ),
            ],
        ],
    ),
    (
        "el-hl7-adt-a03-exitirio",
        [
            [
                (
                    "user",
                    "Το ADT^A03 για το εξιτήριο του δοκιμαστικού ασθενή με ΑΜΚΑ-δοκιμής 00000000000 και αριθμό εισαγωγής 2026/118834 δεν έφτασε στο σύστημα του φαρμακείου. Έλεγξε την ουρά.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "hl7ctl queue list PHARMACY_OUT --filter \'PV1-19=2026/118834\'"}',
                ),
                (
                    "tool",
                    "ID        CONTROL_ID            TYPE     STATUS   ATTEMPTS  LAST_ERROR\n88213407  HOSP-A03-000552189    ADT^A03  ERROR    5         NAK AR: PV1-45 discharge datetime missing",
                ),
                (
                    "assistant",
                    "Το μήνυμα HOSP-A03-000552189 απορρίφθηκε από το φαρμακείο (AR) πέντε φορές, γιατί λείπει η ημερομηνία εξόδου στο PV1-45. Πρέπει να συμπληρωθεί η ώρα εξιτηρίου στο ΠΣΝ και να ξανασταλεί το A03.",
                ),
            ],
        ],
    ),
    (
        "el-ping-pacs-modalities",
        [
            [
                (
                    "user",
                    "Ο αξονικός στο τμήμα επειγόντων δεν στέλνει εικόνες. Κάνε ping και έλεγχο θύρας DICOM.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ping -c 3 10.70.4.21 && nc -zv -w 3 10.70.4.21 104"}',
                ),
                (
                    "tool",
                    "PING 10.70.4.21 (10.70.4.21) 56(84) bytes of data.\n64 bytes from 10.70.4.21: icmp_seq=1 ttl=62 time=0.612 ms\n64 bytes from 10.70.4.21: icmp_seq=2 ttl=62 time=0.588 ms\n64 bytes from 10.70.4.21: icmp_seq=3 ttl=62 time=0.601 ms\n\n--- 10.70.4.21 ping statistics ---\n3 packets transmitted, 3 received, 0% packet loss, time 2003ms\nnc: connect to 10.70.4.21 port 104 (tcp) failed: Connection refused",
                ),
                (
                    "assistant",
                    "Ο αξονικός (10.70.4.21) απαντά στο ping, αλλά η θύρα 104 είναι κλειστή – όμως ο αξονικός είναι ο αποστολέας (SCU), άρα το σημαντικό είναι αν ο PACS δέχεται. Έλεγξε από τον αξονικό τη ρύθμιση του προορισμού (AE title, IP, θύρα PACS) και κάνε C-ECHO από την κονσόλα.",
                ),
            ],
        ],
    ),
    (
        "el-kodikos-portas-xoris-timi",
        [
            [
                (
                    "user",
                    "Γράψε μια ανακοίνωση: ο κωδικός της πόρτας του αρχείου ιατρικών φακέλων άλλαξε χθες. Δεν θα σταλεί με email· όποιος τον χρειάζεται να ρωτήσει τη γραμματεία της διεύθυνσης νοσηλευτικής.",
                ),
                (
                    "assistant",
                    "Ανακοίνωση:\n\n«Σας ενημερώνουμε ότι ο κωδικός της πόρτας του αρχείου ιατρικών φακέλων άλλαξε χθες. Για λόγους ασφαλείας ο νέος κωδικός δεν θα αποσταλεί με email ούτε θα αναρτηθεί. Όσοι τον χρειάζονται μπορούν να απευθυνθούν στη γραμματεία της Διεύθυνσης Νοσηλευτικής (εσωτ. 2210).»",
                ),
            ],
        ],
    ),
    (
        "el-icd10-kodikopoiisi",
        [
            [
                (
                    "user",
                    "Χρειάζομαι τους κωδικούς ICD-10 για: σακχαρώδης διαβήτης τύπου 2 χωρίς επιπλοκές, υπέρταση, χρόνια νεφρική νόσος σταδίου 3. Για τα DRG του νοσοκομείου.",
                ),
                (
                    "assistant",
                    "- Σακχαρώδης διαβήτης τύπου 2 χωρίς επιπλοκές: E11.9\n- Ιδιοπαθής (πρωτοπαθής) υπέρταση: I10\n- Χρόνια νεφρική νόσος, στάδιο 3: N18.3 (στην ICD-10-CM υπάρχουν N18.30/N18.31/N18.32)\n\nΑν η υπέρταση σχετίζεται με τη νεφρική νόσο, προτιμάται I12.9 αντί I10.",
                ),
            ],
        ],
    ),
    (
        "tr-protokol-numaralari",
        [
            [
                (
                    "user",
                    "HBYS'den gelen protokol numaraları 2026-0045821 formatında, ama LIS 20260045821 bekliyor. Arayüz motorunda dönüşüm kuralı yazabilir misin? Test hastası TC-TEST-10000000146.",
                ),
                (
                    "assistant",
                    "Dönüşüm (JavaScript tabanlı filtre):\n\n```javascript\nvar protokol = msg['PV1']['PV1.19']['PV1.19.1'].toString();\nmsg['PV1']['PV1.19']['PV1.19.1'] = protokol.replace('-', '');\n```\n\n2026-0045821 → 20260045821 olur. Hasta kimliği TC-TEST-10000000146 PID-3'te değişmeden kalır.",
                ),
            ],
        ],
    ),
    (
        "tr-kubectl-pods-pacs",
        [
            [
                ("user", "PACS namespace'indeki pod'lar ayakta mı? Gece bir node yeniden başladı."),
                ("call", "bash", '{"command": "kubectl -n pacs get pods -o wide"}'),
                (
                    "tool",
                    "NAME                          READY   STATUS             RESTARTS       AGE   IP             NODE\npacs-dicom-scp-7d9f8c6b5-2kqzv 1/1     Running            0              6h    10.244.3.17    k8s-w03\npacs-web-5c7b9d4f8-xm4tr       1/1     Running            1 (6h ago)     2d    10.244.1.42    k8s-w01\npacs-worker-6f8d7c9b4-p9wnl    0/1     CrashLoopBackOff   74 (3m ago)    6h    10.244.3.21    k8s-w03\npacs-db-0                      1/1     Running            0              6h    10.244.3.11    k8s-w03",
                ),
                (
                    "assistant",
                    "Üç pod çalışıyor; pacs-worker-6f8d7c9b4-p9wnl ise CrashLoopBackOff durumunda (74 yeniden başlama, k8s-w03 üzerinde). Node yeniden başladıktan sonra NFS mount'u gelmemiş olabilir; `kubectl -n pacs logs pacs-worker-6f8d7c9b4-p9wnl --previous` ile bakalım.",
                ),
            ],
            [
                ("user", "Loglara bak."),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n pacs logs pacs-worker-6f8d7c9b4-p9wnl --previous --tail=4"}',
                ),
                (
                    "tool",
                    "2026-11-29T03:14:02Z INFO  starting pacs-worker 2.9.1\n2026-11-29T03:14:02Z INFO  checking storage /mnt/pacs-archive\n2026-11-29T03:14:03Z ERROR stat /mnt/pacs-archive: stale NFS file handle\n2026-11-29T03:14:03Z FATAL storage not available",
                ),
                (
                    "assistant",
                    "Tahmin doğru: /mnt/pacs-archive üzerinde \"stale NFS file handle\". k8s-w03 üzerindeki NFS mount'u yenilenmeli; pod'u başka bir node'a taşımak da geçici çözüm olur (`kubectl -n pacs delete pod pacs-worker-6f8d7c9b4-p9wnl` sonrası anti-affinity ile).",
                ),
            ],
        ],
    ),
    (
        "tr-sifre-politikasi",
        [
            [
                (
                    "user",
                    "KVKK denetimi için şifre politikamızı özetle: en az 12 karakter, 5 hatalı denemede 15 dk kilit, son 10 şifre tekrar kullanılamaz, yöneticiler için iki faktörlü doğrulama zorunlu.",
                ),
                (
                    "assistant",
                    "Şifre Politikası Özeti:\n\n1. Kullanıcı şifreleri en az 12 karakterden oluşur.\n2. Art arda 5 hatalı girişte hesap 15 dakika kilitlenir.\n3. Son 10 şifre yeniden kullanılamaz.\n4. Yönetici hesapları için iki faktörlü kimlik doğrulama zorunludur.\n5. Şifreler telefonla veya e-posta ile paylaşılmaz; BT destek ekibi şifre sormaz.",
                ),
            ],
        ],
    ),
    (
        "tr-mac-adresleri-hemsire-cagri",
        [
            [
                (
                    "user",
                    "Yeni hemşire çağrı panellerinin MAC adresleri: 3C:52:82:1F:A0:11, 3C:52:82:1F:A0:12, 3C:52:82:1F:A0:13. Switch'te hangi portlarda görünüyorlar?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh sw-kat3-01 \'show mac address-table | include 3c52.821f.a0\'"}',
                ),
                (
                    "tool",
                    "  312    3c52.821f.a011    DYNAMIC     Gi1/0/14\n  312    3c52.821f.a012    DYNAMIC     Gi1/0/15\n  312    3c52.821f.a013    DYNAMIC     Gi1/0/15",
                ),
                (
                    "assistant",
                    "Üçü de VLAN 312'de: A0:11 Gi1/0/14'te, A0:12 ve A0:13 ise aynı port Gi1/0/15'te. İki panelin aynı porttan görünmesi araya bir mini switch takıldığını gösteriyor; sahada kontrol edilmeli.",
                ),
            ],
        ],
    ),
    (
        "tr-yatak-sayilari-yaziyla",
        [
            [
                (
                    "user",
                    "Servis sorumlusu telefonda söyledi: dahiliye bir – dört boş yatak, dahiliye iki – iki boş yatak, kardiyoloji – sıfır. Toplamı yazıp panoya ekler misin?",
                ),
                (
                    "assistant",
                    "Dahiliye 1: dört (4) boş yatak\nDahiliye 2: iki (2) boş yatak\nKardiyoloji: sıfır (0)\n\nToplam altı boş yatak. Panoya eklendi.",
                ),
            ],
        ],
    ),
    (
        "ar-fhir-encounter-uuid",
        [
            [
                (
                    "user",
                    "أحتاج إلى معرفة حالة الزيارة في خادم FHIR التجريبي. معرف المورد هو 44318410-aef7-4a9a-99ac-bf2711ceed1b والمريض التجريبي رقمه الطبي MRN-T-7730021.",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"curl -s -H 'Accept: application/fhir+json' https://fhir-test.hospital-example.ae/fhir/Encounter/44318410-aef7-4a9a-99ac-bf2711ceed1b | jq '{id, status, class: .class.code, location: .location[0].location.display}'\"}",
                ),
                (
                    "tool",
                    '{\n  "id": "44318410-aef7-4a9a-99ac-bf2711ceed1b",\n  "status": "arrived",\n  "class": "EMER",\n  "location": "ER Bay 07"\n}',
                ),
                (
                    "assistant",
                    'الزيارة 44318410-aef7-4a9a-99ac-bf2711ceed1b حالتها "arrived"، من فئة الطوارئ (EMER)، والمريض في سرير الطوارئ رقم 07 (ER Bay 07). لم تُسجَّل بعد كـ in-progress، لذلك لن تظهر في قائمة الطبيب.',
                ),
            ],
        ],
    ),
    (
        "ar-password-reset-ticket-numbers",
        [
            [
                (
                    "user",
                    "أعدت تعيين كلمة المرور أمس، والآن لا يعمل تطبيق المناوبات على هاتفي. رقم التذكرة 2026-11-55873، رقم الموظف 118204، والقسم جناح 4 غرفة 412.",
                ),
                (
                    "assistant",
                    "بعد تغيير كلمة المرور يحتفظ تطبيق المناوبات على الهاتف بالجلسة القديمة. الحل: افتح التطبيق ← الإعدادات ← تسجيل الخروج، ثم سجّل الدخول من جديد بكلمة المرور الجديدة. إذا استمرت المشكلة سأضيف ملاحظة إلى التذكرة 2026-11-55873 لفريق الهوية لمسح الرموز المخزنة للموظف 118204.",
                ),
            ],
        ],
    ),
    (
        "ar-df-lab-db-server",
        [
            [
                ("user", "تحقق من المساحة على خادم قاعدة بيانات المختبر، وصلنا تنبيه."),
                ("call", "bash", '{"command": "ssh lab-db-01 df -h / /var/lib/pgsql"}'),
                (
                    "tool",
                    "Filesystem              Size  Used Avail Use% Mounted on\n/dev/mapper/rhel-root    50G   21G   30G  42% /\n/dev/mapper/vg_db-pgsql 800G  741G   59G  93% /var/lib/pgsql",
                ),
                (
                    "assistant",
                    "قسم قاعدة البيانات /var/lib/pgsql ممتلئ بنسبة 93% (741 من 800 غيغابايت، يتبقى 59). القسم الجذر بخير (42%). أقترح التحقق من ملفات WAL المتراكمة بسبب فتحة النسخ المتماثل غير المستخدمة قبل توسيع القرص.",
                ),
            ],
            [
                ("user", "تحقق من فتحات النسخ المتماثل."),
                (
                    "call",
                    "bash",
                    '{"command": "ssh lab-db-01 sudo -u postgres psql -c \\"SELECT slot_name, active, pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), restart_lsn)) AS retained FROM pg_replication_slots\\""}',
                ),
                (
                    "tool",
                    "   slot_name    | active | retained\n----------------+--------+----------\n standby_lab02  | t      | 48 MB\n old_dwh_cdc    | f      | 212 GB\n(2 rows)",
                ),
                (
                    "assistant",
                    "الفتحة old_dwh_cdc غير نشطة وتحتجز 212 غيغابايت من ملفات WAL، وهي سبب امتلاء القرص. بعد التأكد من فريق المستودع أنها لم تعد مستخدمة، يمكن حذفها بـ pg_drop_replication_slot('old_dwh_cdc').",
                ),
            ],
        ],
    ),
    (
        "ar-door-code-no-value",
        [
            [
                (
                    "user",
                    "اكتب رسالة للممرضات: تم تغيير رمز باب غرفة الأدوية في الطابق الثالث يوم الاثنين. الرمز الجديد لا يُرسل بالبريد، اطلبوه من مشرفة المناوبة.",
                ),
                (
                    "assistant",
                    "إلى جميع الممرضات في الطابق الثالث:\n\nتم تغيير رمز باب غرفة الأدوية يوم الاثنين. حفاظًا على الأمان، لن يُرسَل الرمز الجديد بالبريد الإلكتروني ولن يُعلَّق على اللوحة. يرجى طلبه مباشرة من مشرفة المناوبة (تحويلة 3300).\n\nشكرًا لتعاونكم.",
                ),
            ],
        ],
    ),
    (
        "ar-lab-values-glucose",
        [
            [
                (
                    "user",
                    "في تقرير المختبر للمريض التجريبي 5500912: الجلوكوز الصائم 7.8 mmol/L، HbA1c 8.1%، الكرياتينين 96 µmol/L. النظام يعرض الجلوكوز 140 بدون وحدة. لماذا؟",
                ),
                (
                    "assistant",
                    "140 هي القيمة نفسها بوحدة mg/dL (7.8 × 18 ≈ 140). يبدو أن واجهة العرض تحوّل إلى mg/dL لكنها لا تعرض الوحدة. رمز LOINC للجلوكوز الصائم 1558-6، وHbA1c هو 4548-4. يجب إصلاح قالب العرض ليُظهر الوحدة دائمًا، لأن 140 بدون وحدة قد تُقرأ خطأً.",
                ),
            ],
        ],
    ),
    (
        "hi-bed-numbers-in-words",
        [
            [
                (
                    "user",
                    "वार्ड 5 की सिस्टर ने फ़ोन पर बताया: कमरा पाँच सौ एक में दो बिस्तर खाली, पाँच सौ तीन में एक, और पाँच सौ सात में कोई नहीं। डैशबोर्ड अपडेट कर दो।",
                ),
                (
                    "assistant",
                    "| कमरा | खाली बिस्तर |\n|---|---|\n| 501 | 2 |\n| 503 | 1 |\n| 507 | 0 |\n\nवार्ड 5 में कुल तीन बिस्तर खाली हैं।",
                ),
            ],
        ],
    ),
    (
        "hi-env-placeholders",
        [
            [
                (
                    "user",
                    "इस .env.example को देखो, कहीं असली वैल्यू तो नहीं है?\n\n```\nPACS_DB_HOST=pacs-db.internal\nPACS_DB_USER=pacs_app\nPACS_DB_PASSWORD=<changeme>\nORTHANC_API_KEY=${ORTHANC_API_KEY}\nJWT_SECRET=\nTZ=Asia/Kolkata\n```",
                ),
                (
                    "assistant",
                    "नहीं, इसमें कोई असली secret नहीं है: PACS_DB_PASSWORD में `<changeme>` placeholder है, ORTHANC_API_KEY environment से `${ORTHANC_API_KEY}` लिया जाता है और JWT_SECRET खाली है। सुझाव: JWT_SECRET के लिए भी `<changeme>` लिख दो ताकि साफ़ हो कि इसे भरना ज़रूरी है, और app को खाली secret पर शुरू होने से रोको।",
                ),
            ],
        ],
    ),
    (
        "hi-ip-addr-nurse-call-gw",
        [
            [
                ("user", "नर्स-कॉल गेटवे सर्वर के नेटवर्क इंटरफ़ेस और IP दिखाओ।"),
                ("call", "bash", '{"command": "ssh nc-gw-01 ip -br addr"}'),
                (
                    "tool",
                    "lo               UNKNOWN        127.0.0.1/8 ::1/128\nens192           UP             10.88.20.15/24 fe80::250:56ff:fe9a:3c1d/64\nens224           UP             192.168.212.5/24 fe80::250:56ff:fe9a:77e0/64",
                ),
                (
                    "assistant",
                    "गेटवे के दो इंटरफ़ेस हैं: ens192 पर 10.88.20.15/24 (सर्वर नेटवर्क) और ens224 पर 192.168.212.5/24 (नर्स-कॉल का अलग नेटवर्क)। दोनों UP हैं।",
                ),
            ],
            [
                ("user", "कौन-कौन से पोर्ट सुन रहे हैं?"),
                ("call", "bash", '{"command": "ssh nc-gw-01 sudo ss -ltnp"}'),
                (
                    "tool",
                    'State  Recv-Q Send-Q Local Address:Port  Peer Address:Port Process\nLISTEN 0      128    0.0.0.0:22          0.0.0.0:*     users:(("sshd",pid=812,fd=3))\nLISTEN 0      64     192.168.212.5:5060  0.0.0.0:*     users:(("ncgw",pid=1420,fd=9))\nLISTEN 0      64     10.88.20.15:8443    0.0.0.0:*     users:(("ncgw",pid=1420,fd=11))',
                ),
                (
                    "assistant",
                    "तीन पोर्ट: 22 (SSH), 192.168.212.5:5060 (नर्स-कॉल नेटवर्क पर SIP) और 10.88.20.15:8443 (सर्वर नेटवर्क पर वेब एडमिन)।",
                ),
            ],
        ],
    ),
    (
        "hi-password-policy",
        [
            [
                (
                    "user",
                    "अस्पताल के कर्मचारियों के लिए पासवर्ड नीति हिंदी में लिखो: कम से कम 12 अक्षर, 5 गलत प्रयास पर लॉक, पासवर्ड किसी से साझा न करें।",
                ),
                (
                    "assistant",
                    "पासवर्ड नीति:\n\n1. पासवर्ड कम से कम 12 अक्षरों का होना चाहिए।\n2. लगातार 5 गलत प्रयासों के बाद खाता 15 मिनट के लिए लॉक हो जाएगा।\n3. अपना पासवर्ड किसी के साथ साझा न करें – IT सहायता कभी आपका पासवर्ड नहीं माँगेगी।\n4. पासवर्ड को कागज़ पर लिखकर नर्सिंग स्टेशन पर न रखें।",
                ),
            ],
        ],
    ),
    (
        "hi-dose-calculation",
        [
            [
                (
                    "user",
                    "बच्चे का वज़न 22 kg है, सेफ्ट्रियाक्सोन 50 mg/kg/दिन एक बार। इलेक्ट्रॉनिक प्रिस्क्रिप्शन में टेस्ट केस के लिए खुराक बताओ।",
                ),
                (
                    "assistant",
                    "50 mg/kg × 22 kg = 1100 mg प्रतिदिन, एक खुराक में। टेस्ट केस: सेफ्ट्रियाक्सोन 1100 mg IV, हर 24 घंटे। (अधिकतम सीमा 2 g/दिन से कम है, इसलिए चेतावनी नहीं आनी चाहिए।)",
                ),
            ],
        ],
    ),
    (
        "zh-pacs-accession-missing",
        [
            [
                (
                    "user",
                    "放射科说检查号 CT2026112900417 的图像在 PACS 里找不到，但 RIS 显示已完成。病人是测试病人 ID 880045127。帮我查一下。",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "psql -h pacs-db -U pacs_ro -d pacs -c \\"SELECT accession_no, study_iuid, num_instances, updated_time FROM study WHERE accession_no = \'CT2026112900417\'\\""}',
                ),
                (
                    "tool",
                    " accession_no | study_iuid | num_instances | updated_time\n--------------+------------+---------------+--------------\n(0 rows)",
                ),
                (
                    "assistant",
                    "PACS 数据库中没有检查号 CT2026112900417 的记录，说明图像根本没有到达 PACS。请在 CT 控制台检查发送队列，是否因为 AE Title 或网络问题停在本地。RIS 的“已完成”只是技师点了完成，并不代表图像已发送。",
                ),
            ],
            [
                (
                    "user",
                    "技师说 CT 的发送队列里有 3 个任务失败。帮我在 PACS 接收日志里看看有没有来自 CT03 的关联请求。",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"grep -c 'CT03_AE' /var/log/pacs/storescp.log; grep 'CT03_AE' /var/log/pacs/storescp.log | tail -n 2\"}",
                ),
                (
                    "tool",
                    "2\n2026-11-29 08:51:17 ASSOC-RQ from CT03_AE@10.70.4.33 to PACS_AE: REJECTED (called AE title not recognized: PACS01)\n2026-11-29 08:51:47 ASSOC-RQ from CT03_AE@10.70.4.33 to PACS_AE: REJECTED (called AE title not recognized: PACS01)",
                ),
                (
                    "assistant",
                    "CT03 把目标 AE Title 配成了 PACS01，而 PACS 的 AE Title 是 PACS_AE，所以关联被拒绝。在 CT 控制台把目标 AE 改为 PACS_AE 后重新发送即可。",
                ),
            ],
        ],
    ),
    (
        "zh-image-digest-lis",
        [
            [
                ("user", "检验接口的镜像更新了吗？请看一下生产环境正在运行的镜像摘要。"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n lis get deploy lis-interface -o jsonpath=\'{.spec.template.spec.containers[0].image}\'"}',
                ),
                (
                    "tool",
                    "harbor.yiyuan-example.cn/lis/lis-interface:3.6.0@sha256:f80d46b3296d0c1b16b85dbfe644713af60b1562a6093f071a1464cd65797657",
                ),
                (
                    "assistant",
                    "生产环境正在运行 lis-interface:3.6.0，镜像摘要为 sha256:f80d46b3296d0c1b16b85dbfe644713af60b1562a6093f071a1464cd65797657。如果新版本是 3.6.1，则还没有更新。",
                ),
            ],
        ],
    ),
    (
        "zh-vault-path-no-value",
        [
            [
                ("user", "医院门户的数据库密码存在 Vault 哪个路径？只要路径，不要值。"),
                (
                    "assistant",
                    "路径是 `secret/data/portal/prod/db`（KV v2），其中的键名为 `username` 和 `password`。读取需要 `portal-ops` 策略。应用通过 Vault Agent 注入，文件落在容器内的 `/vault/secrets/db.env`。",
                ),
            ],
        ],
    ),
    (
        "zh-loinc-mapping",
        [
            [
                (
                    "user",
                    "帮我核对检验项目的 LOINC 映射：血红蛋白 718-7，白细胞计数 6690-2，血小板 777-3，C反应蛋白 1988-5。病人 880045127 今天 WBC 12.4 ×10^9/L。",
                ),
                (
                    "assistant",
                    "映射都正确：718-7 血红蛋白（质量/体积），6690-2 白细胞计数，777-3 血小板计数，1988-5 C反应蛋白（质量/体积）。WBC 12.4 ×10^9/L 高于常见参考范围 3.5–9.5，会被标记为 H。",
                ),
            ],
        ],
    ),
    (
        "zh-beds-chinese-numerals",
        [
            [
                (
                    "user",
                    "护士长电话里说：内科一病区空床三张，二病区空床五张，三病区零张。外科四病区空床两张。请汇总。",
                ),
                (
                    "assistant",
                    "| 病区 | 空床 |\n|---|---|\n| 内科一病区 | 3 |\n| 内科二病区 | 5 |\n| 内科三病区 | 0 |\n| 外科四病区 | 2 |\n\n合计十张空床（三 + 五 + 零 + 二）。",
                ),
            ],
        ],
    ),
    (
        "zh-windows-event-4625",
        [
            [
                ("user", "检验科的工作站 LAB-WS-031 一直弹出登录失败，帮我查一下安全日志。"),
                (
                    "call",
                    "powershell",
                    '{"command": "Get-WinEvent -ComputerName LAB-WS-031 -FilterHashtable @{LogName=\'Security\';Id=4625} -MaxEvents 2 | Format-List TimeCreated,Id,Message"}',
                ),
                (
                    "tool",
                    "TimeCreated : 2026/11/29 9:41:07\nId          : 4625\nMessage     : 帐户登录失败。\n              使用者:\n                  安全 ID:  S-1-5-18\n              登录失败的帐户:\n                  帐户名:  svc-analyzer\n                  帐户域:  YIYUAN\n              失败信息:\n                  状态:  0xC000006D\n                  子状态:  0xC000006A\n\nTimeCreated : 2026/11/29 9:36:07\nId          : 4625\nMessage     : 帐户登录失败。 (同上，svc-analyzer, 0xC000006A)",
                ),
                (
                    "assistant",
                    "每 5 分钟一次 4625，帐户 svc-analyzer，子状态 0xC000006A（密码错误）。这是检验仪器中间件的服务账号，密码在域里改过，但 LAB-WS-031 上的服务还在用旧密码。需要在服务配置里更新后重启服务。",
                ),
            ],
        ],
    ),
    (
        "ja-hl7-mllp-ping",
        [
            [
                (
                    "user",
                    "電子カルテから検査システムへのMLLP接続を確認して。ポートは 2575、相手は lis-rcv01。",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "hl7send --host lis-rcv01 --port 2575 --mllp --file /opt/hl7tools/samples/qry_a19_ping.hl7 --show-ack"}',
                ),
                (
                    "tool",
                    "connected to lis-rcv01:2575 (10.30.8.14)\nsent 1 message, control id PING-0001\nACK received in 41 ms:\nMSH|^~\\&|LIS|HOSP|EHR|HOSP|20261129093001||ACK^A19|ACK-PING-0001|P|2.5\nMSA|AA|PING-0001",
                ),
                (
                    "assistant",
                    "lis-rcv01:2575 は応答しています。MSA|AA|PING-0001 が返ってきたので、MLLP の接続とACKは正常です（制御ID PING-0001）。",
                ),
            ],
            [
                (
                    "user",
                    "ありがとう。じゃあ昨日失敗した ORM^O01（制御ID ORD-20261128-00931）を再送して。",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "hl7ctl resend --queue EHR_TO_LIS --control-id ORD-20261128-00931"}',
                ),
                ("tool", "resent ORD-20261128-00931 (ORM^O01) -> lis-rcv01:2575, ACK AA in 63 ms"),
                (
                    "assistant",
                    "ORD-20261128-00931 を再送し、lis-rcv01 から AA（受理）が返りました。",
                ),
            ],
        ],
    ),
    (
        "ja-staff-badge-numbers",
        [
            [
                (
                    "user",
                    "新しい職員証の番号一覧をCSVにして。看護部：HN-204411、HN-204412、薬剤部：PH-300087、臨床検査部：LB-118820。有効期限はすべて2029年3月31日。",
                ),
                (
                    "assistant",
                    "```csv\n職員証番号,部署,有効期限\nHN-204411,看護部,2029-03-31\nHN-204412,看護部,2029-03-31\nPH-300087,薬剤部,2029-03-31\nLB-118820,臨床検査部,2029-03-31\n```",
                ),
            ],
        ],
    ),
    (
        "ja-password-policy",
        [
            [
                (
                    "user",
                    "病院情報システムのパスワードポリシーを厚労省ガイドラインに合わせて書いて。12文字以上、5回失敗でロック、定期変更は不要、二要素認証は管理者必須。",
                ),
                (
                    "assistant",
                    "パスワードポリシー（案）\n\n1. パスワードは12文字以上とする。\n2. 連続5回の認証失敗でアカウントを30分間ロックする。\n3. 定期的なパスワード変更は求めない。ただし漏えいの疑いがある場合は直ちに変更する。\n4. 管理者アカウントには二要素認証を必須とする。\n5. パスワードを付箋などに書いて端末に貼ってはならない。",
                ),
            ],
        ],
    ),
    (
        "ja-kubectl-secret-names-only",
        [
            [
                (
                    "user",
                    "患者ポータルの namespace にどんな Secret があるか一覧だけ見せて。中身は不要。",
                ),
                ("call", "bash", '{"command": "kubectl -n portal get secrets"}'),
                (
                    "tool",
                    "NAME                 TYPE                             DATA   AGE\nportal-backend-env   Opaque                           4      212d\nportal-tls           kubernetes.io/tls                2      47d\nregistry-pull        kubernetes.io/dockerconfigjson   1      212d",
                ),
                (
                    "assistant",
                    "portal namespace には3つの Secret があります：portal-backend-env（Opaque）、portal-tls（TLS証明書）、registry-pull（レジストリ認証）。値は表示していません。",
                ),
            ],
        ],
    ),
    (
        "ja-dose-weight",
        [
            [
                (
                    "user",
                    "バンコマイシン 15 mg/kg を12時間ごと、体重 64 kg の患者のテストケース。注射オーダーの単位換算が合っているか確認して。",
                ),
                (
                    "assistant",
                    "15 mg/kg × 64 kg = 960 mg/回、12時間ごと（1日 1920 mg）。実務では 1000 mg に丸めることが多いので、システムが 1000 mg を提案するなら丸め設定どおりです。TDM のトラフ値目標（10–20 µg/mL）も確認してください。",
                ),
            ],
        ],
    ),
    (
        "ja-beds-kanji-numerals",
        [
            [
                (
                    "user",
                    "師長から電話：東四階の空床は三、西五階は一、ICUは零。HCUは二。掲示板の表を更新して。",
                ),
                (
                    "assistant",
                    "| 病棟 | 空床 |\n|---|---|\n| 東4階 | 3 |\n| 西5階 | 1 |\n| ICU | 0 |\n| HCU | 2 |\n\n合計六床が空いています。",
                ),
            ],
        ],
    ),
    (
        "ko-fhir-patient-uuid",
        [
            [
                (
                    "user",
                    "FHIR 테스트 서버에서 환자 리소스 9fd3976e-7170-4def-a094-ff3afd82b928 의 식별자를 확인해줘. 등록번호는 테스트용 00771234 여야 해.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "curl -s https://fhir-test.hospital-example.kr/fhir/Patient/9fd3976e-7170-4def-a094-ff3afd82b928 | jq \'.identifier\'"}',
                ),
                (
                    "tool",
                    '[\n  {\n    "system": "urn:oid:1.2.410.200055.1.1",\n    "value": "00771234",\n    "type": {"coding": [{"code": "MR"}]}\n  }\n]',
                ),
                (
                    "assistant",
                    "환자 9fd3976e-7170-4def-a094-ff3afd82b928 의 식별자는 MR 타입 00771234 (system urn:oid:1.2.410.200055.1.1)로 맞습니다.",
                ),
            ],
            [
                ("user", "이 환자의 최근 혈압 관찰값도 보여줘."),
                (
                    "call",
                    "bash",
                    "{\"command\": \"curl -s 'https://fhir-test.hospital-example.kr/fhir/Observation?subject=Patient/9fd3976e-7170-4def-a094-ff3afd82b928&code=http://loinc.org|85354-9&_sort=-date&_count=1' | jq -c '.entry[0].resource.component[] | {code: .code.coding[0].code, v: .valueQuantity.value}'\"}",
                ),
                ("tool", '{"code":"8480-6","v":132}\n{"code":"8462-4","v":84}'),
                (
                    "assistant",
                    "최근 혈압은 수축기 132 mmHg (8480-6), 이완기 84 mmHg (8462-4) 입니다.",
                ),
            ],
        ],
    ),
    (
        "ko-ward-bed-numbers",
        [
            [
                (
                    "user",
                    "71병동 병실 번호 7101~7112, 각 병실 4인실인데 7105와 7110은 1인실이야. 총 병상 수와 병상 코드 목록(W71-7101-A 형식) 만들어줘.",
                ),
                (
                    "assistant",
                    "총 병상 수: 10개 병실 × 4 + 2개 병실 × 1 = 42병상.\n\n예시 코드: W71-7101-A, W71-7101-B, W71-7101-C, W71-7101-D, … W71-7105-A(1인실), … W71-7110-A(1인실), … W71-7112-D.\n\n전체 목록이 필요하면 CSV로 만들어 줄게.",
                ),
            ],
        ],
    ),
    (
        "ko-password-reset-numbers",
        [
            [
                (
                    "user",
                    "어제 비밀번호 재설정했는데 EMR 로그인이 계속 실패해. 사번 20190473, 요청번호 SR-2026-118830, 내선 5532야.",
                ),
                (
                    "assistant",
                    "재설정 후 EMR은 SSO 토큰을 다시 받아야 해요. 윈도우에서 한 번 로그아웃했다가 새 비밀번호로 로그인한 뒤 EMR을 다시 실행해 보세요. 계속 실패하면 SR-2026-118830에 메모를 남겨 계정팀이 사번 20190473의 EMR 계정 잠금 여부를 확인하도록 할게요.",
                ),
            ],
        ],
    ),
    (
        "ko-git-commit-hashes",
        [
            [
                (
                    "user",
                    "간호 기록 모듈 배포에 어떤 커밋이 들어갔는지 확인해줘. 태그는 nursing-2026.11.3.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "git -C ~/repo/nursing-record log --oneline nursing-2026.11.2..nursing-2026.11.3"}',
                ),
                (
                    "tool",
                    '63be4a2 낙상 위험 평가 점수 계산 수정\n4478ea8 욕창 평가(Braden) 필드 추가\n38288fe Revert "임시 로그 추가"\n0cd4671 병동 코드 W71 추가',
                ),
                (
                    "assistant",
                    "nursing-2026.11.2 이후 네 개의 커밋이 포함됐어요: 63be4a2(낙상 위험 점수 수정), 4478ea8(Braden 필드 추가), 임시 로그 추가의 revert, 0cd4671(병동 코드 W71 추가).",
                ),
            ],
        ],
    ),
    (
        "ko-door-code-no-value",
        [
            [
                (
                    "user",
                    "공지 써줘: 전산실 출입문 비밀번호가 월요일에 바뀌었음. 새 번호는 메일로 보내지 않고, 필요하면 전산팀 당직자에게 직접 문의.",
                ),
                (
                    "assistant",
                    "[공지] 전산실 출입문 비밀번호 변경\n\n전산실 출입문 비밀번호가 월요일에 변경되었습니다. 보안을 위해 새 번호는 메일이나 메신저로 전달하지 않습니다. 출입이 필요한 분은 전산팀 당직자(내선 1190)에게 직접 문의해 주세요.",
                ),
            ],
        ],
    ),
    (
        "ru-gpo-guid-report",
        [
            [
                (
                    "user",
                    "Какие GPO привязаны к OU с компьютерами приёмного отделения? OU=Priemnoe,OU=Workstations,DC=gkb,DC=local",
                ),
                (
                    "call",
                    "powershell",
                    '{"command": "(Get-GPInheritance -Target \'OU=Priemnoe,OU=Workstations,DC=gkb,DC=local\').InheritedGpoLinks | Select-Object DisplayName,GpoId,Enforced"}',
                ),
                (
                    "tool",
                    "DisplayName                 GpoId                                Enforced\n-----------                 -----                                --------\nWS-Priemnoe-Kiosk           8fda0347-2737-4d4f-81f9-077ca4d55577 False\nWS-Common-Security          9b9082c0-4fec-422c-9d7c-443a1140d144 True\nDefault Domain Policy       31b2f340-016d-11d2-945f-00c04fb984f9 False",
                ),
                (
                    "assistant",
                    "Три политики: WS-Priemnoe-Kiosk (8fda0347-2737-4d4f-81f9-077ca4d55577), WS-Common-Security (9b9082c0-4fec-422c-9d7c-443a1140d144, принудительная) и Default Domain Policy (31b2f340-016d-11d2-945f-00c04fb984f9).",
                ),
            ],
        ],
    ),
    (
        "ru-nato-spelled-hostname",
        [
            [
                (
                    "user",
                    "Дежурный по телефону продиктовал имя сервера: «Папа-Альфа-Чарли-Сьерра, дефис, Браво-Эхо, ноль два». То есть PACS-BE02? Проверь, есть ли такой в DNS.",
                ),
                ("call", "bash", '{"command": "host pacs-be02.gkb.local"}'),
                ("tool", "pacs-be02.gkb.local has address 10.12.40.52"),
                (
                    "assistant",
                    "Да, Papa-Alfa-Charlie-Sierra – Bravo-Echo – 02 это pacs-be02; в DNS он есть: pacs-be02.gkb.local → 10.12.40.52.",
                ),
            ],
        ],
    ),
    (
        "ru-psql-pgpass-no-password",
        [
            [
                (
                    "user",
                    "Посчитай в хранилище, сколько госпитализаций было в ноябре по отделениям. Подключение через .pgpass, пароль не нужен.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "psql -h dwh-pg02 -U dwh_ro -d dwh -c \\"SELECT department_code, count(*) FROM dwh.fact_admission WHERE admitted_at >= \'2026-11-01\' GROUP BY 1 ORDER BY 2 DESC LIMIT 5\\""}',
                ),
                (
                    "tool",
                    " department_code | count\n-----------------+-------\n THER            |   612\n SURG            |   498\n CARD            |   355\n NEUR            |   207\n PED             |   193\n(5 rows)",
                ),
                (
                    "assistant",
                    "Топ-5 отделений за ноябрь: терапия 612, хирургия 498, кардиология 355, неврология 207, педиатрия 193 госпитализации.",
                ),
            ],
        ],
    ),
    (
        "ru-password-policy",
        [
            [
                (
                    "user",
                    "Составь раздел о парольной политике для положения об ИБ больницы: длина не менее 12 символов, блокировка после 5 попыток, хранение паролей в KeePass, запрет передачи паролей по телефону.",
                ),
                (
                    "assistant",
                    "Парольная политика:\n\n1. Пароль учётной записи содержит не менее 12 символов.\n2. После 5 неудачных попыток входа учётная запись блокируется на 30 минут.\n3. Служебные пароли хранятся только в корпоративной базе KeePass отдела ИТ.\n4. Передача паролей по телефону, электронной почте и в мессенджерах запрещена.\n5. Сотрудники ИТ никогда не запрашивают пароль пользователя.",
                ),
            ],
        ],
    ),
    (
        "ru-beds-numbers-in-words",
        [
            [
                (
                    "user",
                    "Старшая сестра продиктовала: в реанимации свободно две койки, в кардиологии — четыре, в неврологии — ни одной, в хирургии — одна. Обнови сводку.",
                ),
                (
                    "assistant",
                    "| Отделение | Свободно |\n|---|---|\n| Реанимация | 2 |\n| Кардиология | 4 |\n| Неврология | 0 |\n| Хирургия | 1 |\n\nИтого семь свободных коек.",
                ),
            ],
        ],
    ),
    (
        "uk-lab-analyzer-astm",
        [
            [
                (
                    "user",
                    "Аналізатор у лабораторії не передає результати в ЛІС. Подивись журнал ASTM-шлюзу.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh lab-astm-gw-01 tail -n 5 /var/log/astm-gw/analyzer-07.log"}',
                ),
                (
                    "tool",
                    "2026-11-29 09:12:03 RX ENQ\n2026-11-29 09:12:03 TX ACK\n2026-11-29 09:12:03 RX 1H|\\^&|||AU480^V3.2|||||||P|1\n2026-11-29 09:12:04 RX 2P|1||LAB-26-0099127\n2026-11-29 09:12:34 ERR timeout waiting for frame 3, sending EOT",
                ),
                (
                    "assistant",
                    "Аналізатор AU480 (версія протоколу V3.2) починає передачу: заголовок і пацієнт LAB-26-0099127 прийшли, але кадр 3 (замовлення) не надійшов 30 секунд, і шлюз перервав сеанс. Найімовірніше, проблема з послідовним кабелем або налаштуванням швидкості порту.",
                ),
            ],
        ],
    ),
    (
        "uk-ward-rooms-in-words",
        [
            [
                (
                    "user",
                    "Старша медсестра сказала: у палаті триста два — дві вільні ліжка, у триста п'ять — одне, у триста вісім — жодного. Онови таблицю.",
                ),
                (
                    "assistant",
                    "| Палата | Вільних ліжок |\n|---|---|\n| 302 | 2 |\n| 305 | 1 |\n| 308 | 0 |\n\nРазом три вільні ліжка.",
                ),
            ],
        ],
    ),
    (
        "uk-openssl-cert-chain",
        [
            [
                ("user", "Перевір ланцюжок сертифікатів порталу пацієнта і дату закінчення."),
                (
                    "call",
                    "bash",
                    '{"command": "echo | openssl s_client -connect portal.likarnia-pryklad.ua:443 -showcerts 2>/dev/null | grep -E \'^ [0-9] s:|i:\' | head -n 4"}',
                ),
                (
                    "tool",
                    " 0 s:CN = portal.likarnia-pryklad.ua\n   i:C = US, O = Let's Encrypt, CN = R11\n 1 s:C = US, O = Let's Encrypt, CN = R11\n   i:C = US, O = Internet Security Research Group, CN = ISRG Root X1",
                ),
                (
                    "assistant",
                    "Ланцюжок повний: сертифікат portal.likarnia-pryklad.ua підписаний проміжним R11 (Let's Encrypt), а той — коренем ISRG Root X1. Дату закінчення перевірю окремо через `openssl x509 -enddate`.",
                ),
            ],
            [
                ("user", "А дата закінчення?"),
                (
                    "call",
                    "bash",
                    '{"command": "echo | openssl s_client -connect portal.likarnia-pryklad.ua:443 2>/dev/null | openssl x509 -noout -enddate -serial"}',
                ),
                (
                    "tool",
                    "notAfter=Feb 14 08:21:33 2027 GMT\nserial=03F1A9C2D47B5E60918A2C3B4D5E6F708192",
                ),
                (
                    "assistant",
                    "Сертифікат дійсний до 14 лютого 2027 року, серійний номер 03F1A9C2D47B5E60918A2C3B4D5E6F708192. Автопоновлення certbot спрацює приблизно за 30 днів до цього.",
                ),
            ],
        ],
    ),
    (
        "uk-password-policy",
        [
            [
                (
                    "user",
                    "Напиши коротко правила щодо паролів для персоналу: мінімум 12 символів, блокування після 5 спроб, не записувати пароль на папірцях, ІТ ніколи не питає пароль.",
                ),
                (
                    "assistant",
                    "Правила щодо паролів:\n\n1. Пароль має містити щонайменше 12 символів.\n2. Після 5 невдалих спроб обліковий запис блокується на 15 хвилин.\n3. Не записуйте пароль на папірцях біля робочого місця.\n4. Працівники ІТ ніколи не запитують ваш пароль.",
                ),
            ],
        ],
    ),
]

#: Sessions with secrets: (label, turns, [exact substrings that must not survive anywhere]).
AQ_SECRET: list[tuple[str, list[list[Message]], list[str]]] = [
    (
        "de-sqlcmd-sa-kennwort",
        [
            [
                (
                    "user",
                    "Wie groß ist die Datenbank LabDB auf dem LIS-SQL-Server inzwischen? Wir haben nur den sa-Zugang, der Dienstleister hat noch keinen eigenen Login angelegt.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "sqlcmd -S sql-lis01.klnk.local,1433 -U sa -P \'Xq7!rTb2#Lm9\' -d LabDB -Q \\"EXEC sp_spaceused\\" -W"}',
                ),
                (
                    "tool",
                    "database_name database_size unallocated space\n------------- ------------- -----------------\nLabDB 412318.44 MB 20944.19 MB\n\nreserved data index_size unused\n-------- ---- ---------- ------\n401603624 KB 318847712 KB 81220448 KB 1535464 KB",
                ),
                (
                    "assistant",
                    "LabDB belegt 412 GB, davon rund 20,9 GB unbelegt; Daten 304 GB, Indizes 77 GB. Bitte nicht dauerhaft mit sa arbeiten – ich würde dem Dienstleister einen Login mit db_datareader auf LabDB anlegen lassen.",
                ),
            ],
        ],
        ["Xq7!rTb2#Lm9"],
    ),
    (
        "en-psql-uri-dwh-loader",
        [
            [
                ("user", "Check how many rows the nightly ADT load wrote into staging last night."),
                (
                    "call",
                    "bash",
                    "{\"command\": \"psql 'postgresql://dwh_loader:Vn3kPz8Qw2Rt@dwh-pg02.int.example-hospital.eu:5432/dwh?sslmode=require' -c 'SELECT load_date, count(*) FROM staging.adt_events WHERE load_date >= current_date - 1 GROUP BY 1'\"}",
                ),
                (
                    "tool",
                    " load_date  | count\n------------+-------\n 2026-11-28 | 48211\n 2026-11-29 |  1207\n(2 rows)",
                ),
                (
                    "assistant",
                    "The nightly load wrote 48,211 ADT events for 28 November; 1,207 rows for today are from the early-morning incremental run. Note that the connection URI you used carries the loader's password in clear text; better use a .pgpass entry or PGPASSFILE.",
                ),
            ],
        ],
        ["Vn3kPz8Qw2Rt"],
    ),
    (
        "nl-curl-u-fhir-import",
        [
            [
                (
                    "user",
                    "Test even of de FHIR-server van het regionale EPD bereikbaar is met ons importaccount.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "curl -s -u svc_fhir_import:Hq4#mZ8pLw2v https://fhir.epd-regio.nl/fhir/metadata | jq -r \'.software.name + \\" \\" + .software.version + \\" / \\" + .fhirVersion\'"}',
                ),
                ("tool", "HAPI FHIR Server 7.4.0 / 4.0.1"),
                (
                    "assistant",
                    "Bereikbaar: HAPI FHIR Server 7.4.0 met FHIR-versie 4.0.1 (R4). Het importaccount wordt geaccepteerd.",
                ),
            ],
        ],
        ["Hq4#mZ8pLw2v"],
    ),
    (
        "fr-mysql-p-ris-lecture",
        [
            [
                (
                    "user",
                    "Combien d'examens de radiologie ont été planifiés pour demain dans le RIS ? Compte de lecture ris_ro.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "mysql -h ris-db01.chu.local -u ris_ro -pT9vKe2Lq0Zx ris -e \'SELECT modalite, COUNT(*) FROM examen WHERE date_prevue = CURDATE() + INTERVAL 1 DAY GROUP BY modalite\'"}',
                ),
                (
                    "tool",
                    "mysql: [Warning] Using a password on the command line interface can be insecure.\n+----------+----------+\n| modalite | COUNT(*) |\n+----------+----------+\n| CT       |       64 |\n| IRM      |       41 |\n| RX       |      118 |\n| US       |       57 |\n+----------+----------+",
                ),
                (
                    "assistant",
                    "Demain : 64 scanners, 41 IRM, 118 radiographies et 57 échographies, soit 280 examens. Comme le signale l'avertissement, mieux vaut mettre le mot de passe dans ~/.my.cnf (mode 600) plutôt que sur la ligne de commande.",
                ),
            ],
        ],
        ["T9vKe2Lq0Zx"],
    ),
    (
        "es-ldapsearch-w-cuenta-servicio",
        [
            [
                (
                    "user",
                    "Comprueba en el directorio a qué grupos pertenece la usuaria mgarcia; el HIS no le da acceso a Urgencias.",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"ldapsearch -x -H ldaps://dc01.hospital.local -D 'CN=svc-ldap-his,OU=Servicios,DC=hospital,DC=local' -w 'Lr8$Qz2!nVx5' -b 'OU=Personal,DC=hospital,DC=local' '(sAMAccountName=mgarcia)' memberOf\"}",
                ),
                (
                    "tool",
                    "# mgarcia, Enfermeria, Personal, hospital.local\ndn: CN=mgarcia,OU=Enfermeria,OU=Personal,DC=hospital,DC=local\nmemberOf: CN=GG-HIS-Enfermeria,OU=Grupos,DC=hospital,DC=local\nmemberOf: CN=GG-Planta3,OU=Grupos,DC=hospital,DC=local\n\n# numEntries: 1",
                ),
                (
                    "assistant",
                    "mgarcia está en GG-HIS-Enfermeria y GG-Planta3, pero no en GG-HIS-Urgencias, que es el grupo que el HIS usa para dar acceso al módulo de Urgencias. Hay que añadirla a ese grupo.",
                ),
            ],
            [
                ("user", "Añádela a GG-HIS-Urgencias con la misma cuenta de servicio."),
                (
                    "call",
                    "bash",
                    "{\"command\": \"printf 'dn: CN=GG-HIS-Urgencias,OU=Grupos,DC=hospital,DC=local\\\\nchangetype: modify\\\\nadd: member\\\\nmember: CN=mgarcia,OU=Enfermeria,OU=Personal,DC=hospital,DC=local\\\\n' | ldapmodify -x -H ldaps://dc01.hospital.local -D 'CN=svc-ldap-his,OU=Servicios,DC=hospital,DC=local' -w 'Lr8$Qz2!nVx5'\"}",
                ),
                ("tool", 'modifying entry "CN=GG-HIS-Urgencias,OU=Grupos,DC=hospital,DC=local"'),
                (
                    "assistant",
                    "Hecho, mgarcia ya es miembro de GG-HIS-Urgencias. El HIS lo verá en el próximo inicio de sesión.",
                ),
            ],
        ],
        ["Lr8$Qz2!nVx5"],
    ),
    (
        "it-smbclient-scansioni-radiologia",
        [
            [
                (
                    "user",
                    "Verifica che la cartella delle scansioni della radiologia sul file server sia raggiungibile con l'utenza del reparto.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "smbclient //fs01.ospedale.local/scansioni -U OSPEDALE/radiologia%Pz6wQe9Tk3Ld -c \'ls\' | tail -n 4"}',
                ),
                (
                    "tool",
                    "  2026-11-28                          D        0  Sat Nov 28 19:02:11 2026\n  2026-11-29                          D        0  Sun Nov 29 08:44:50 2026\n\n\t\t104856564 blocks of size 1024. 22918204 blocks available",
                ),
                (
                    "assistant",
                    "La condivisione //fs01.ospedale.local/scansioni risponde e l'utenza radiologia vede le cartelle giornaliere fino a oggi (2026-11-29). Spazio libero circa 21,9 GB.",
                ),
            ],
        ],
        ["Pz6wQe9Tk3Ld"],
    ),
    (
        "pl-invoke-sqlcmd-password",
        [
            [
                (
                    "user",
                    "Ile wyników badań trafiło wczoraj do archiwum laboratorium? Konto svc_lab.",
                ),
                (
                    "call",
                    "powershell",
                    "{\"command\": \"Invoke-Sqlcmd -ServerInstance 'sql-lab02.szpital.local,1433' -Database LabArchiwum -Username 'svc_lab' -Password 'Gk5#Wm2xRp8Z' -Query 'SELECT COUNT(*) AS wyniki FROM dbo.Wynik WHERE CAST(DataZatwierdzenia AS date) = CAST(DATEADD(day,-1,GETDATE()) AS date)'\"}",
                ),
                ("tool", "wyniki\n------\n 18442"),
                (
                    "assistant",
                    "Wczoraj zarchiwizowano 18 442 wyniki. Na przyszłość lepiej użyć -Credential z Get-Credential albo konta z uwierzytelnianiem Windows zamiast hasła w poleceniu.",
                ),
            ],
            [
                ("user", "A ile z nich to wyniki krytyczne?"),
                (
                    "call",
                    "powershell",
                    "{\"command\": \"Invoke-Sqlcmd -ServerInstance 'sql-lab02.szpital.local,1433' -Database LabArchiwum -Username 'svc_lab' -Password 'Gk5#Wm2xRp8Z' -Query 'SELECT COUNT(*) AS krytyczne FROM dbo.Wynik WHERE Flaga IN (''HH'',''LL'') AND CAST(DataZatwierdzenia AS date) = CAST(DATEADD(day,-1,GETDATE()) AS date)'\"}",
                ),
                ("tool", "krytyczne\n---------\n      231"),
                (
                    "assistant",
                    "231 z 18 442 wyników miało flagę krytyczną (HH lub LL), czyli około 1,3 %.",
                ),
            ],
        ],
        ["Gk5#Wm2xRp8Z"],
    ),
    (
        "cs-net-user-kiosk-ambulance",
        [
            [
                (
                    "user",
                    "Potřebuju na kioskovém PC v ambulanci lokální účet pro objednávací aplikaci, jméno kiosk.ambulance.",
                ),
                (
                    "call",
                    "powershell",
                    '{"command": "net user kiosk.ambulance Jx4pTr8Wq2Nv /add /passwordchg:no /expires:never; net localgroup Users kiosk.ambulance /add"}',
                ),
                (
                    "tool",
                    "The command completed successfully.\n\nThe command completed successfully.",
                ),
                (
                    "assistant",
                    "Účet kiosk.ambulance je založen jako běžný uživatel, heslo nelze měnit a nevyprší. Doporučuji zapsat heslo do KeePassu (skupina Kiosky) a nastavit automatické přihlášení přes Autologon, ne v registru v čitelné podobě.",
                ),
            ],
        ],
        ["Jx4pTr8Wq2Nv"],
    ),
    (
        "sv-htpasswd-grafana-lasare",
        [
            [
                (
                    "user",
                    "Lägg till en läsanvändare grafana-ro i nginx basic auth framför Grafana för kvalitetsenheten.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "sudo htpasswd -b /etc/nginx/.htpasswd grafana-ro Vb7Kq3mZ9xLt && sudo nginx -t && sudo systemctl reload nginx"}',
                ),
                (
                    "tool",
                    "Adding password for user grafana-ro\nnginx: the configuration file /etc/nginx/nginx.conf syntax is ok\nnginx: configuration file /etc/nginx/nginx.conf test is successful",
                ),
                (
                    "assistant",
                    "Användaren grafana-ro är tillagd i /etc/nginx/.htpasswd och nginx har laddats om. Kvalitetsenheten kan logga in nu.",
                ),
            ],
        ],
        ["Vb7Kq3mZ9xLt"],
    ),
    (
        "da-openssl-passin-pfx",
        [
            [
                (
                    "user",
                    "Hvornår udløber certifikatet i portal.pfx, som leverandøren sendte? Adgangskoden stod i mailen.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "openssl pkcs12 -in /tmp/portal.pfx -clcerts -nokeys -passin pass:Fy8Lw3Qz6Tn2 | openssl x509 -noout -subject -enddate"}',
                ),
                (
                    "tool",
                    "subject=C = DK, O = Region Eksempel, CN = minsundhed.region-eksempel.dk\nnotAfter=Feb 27 12:00:00 2027 GMT",
                ),
                (
                    "assistant",
                    "Certifikatet er udstedt til minsundhed.region-eksempel.dk og udløber 27. februar 2027 kl. 12:00 GMT. Slet gerne /tmp/portal.pfx, når det er importeret.",
                ),
            ],
        ],
        ["Fy8Lw3Qz6Tn2"],
    ),
    (
        "fi-keytool-storepass-truststore",
        [
            [
                ("user", "Lisää laboratorion uusi CA-varmenne HL7-moottorin truststoreen."),
                (
                    "call",
                    "bash",
                    '{"command": "keytool -importcert -alias lab-ca-2026 -file /tmp/lab-ca.pem -keystore /opt/hl7/conf/truststore.jks -storepass Rm4Vt9Kx2Pq7 -noprompt && keytool -list -keystore /opt/hl7/conf/truststore.jks -storepass Rm4Vt9Kx2Pq7 | grep lab-ca"}',
                ),
                (
                    "tool",
                    "Certificate was added to keystore\nlab-ca-2026, Nov 29, 2026, trustedCertEntry,\nCertificate fingerprint (SHA-256): 67:DC:24:8F:33:8C:94:00:0C:1C:5B:E3:78:C2:DB:F3:BC:0A:8E:20:EB:D4:56:55:CD:84:C6:9F:A2:43:0F:8B",
                ),
                (
                    "assistant",
                    "Varmenne lab-ca-2026 on lisätty truststoreen (SHA-256-sormenjälki 67:DC:24:8F:…:0F:8B). HL7-moottori pitää käynnistää uudelleen, jotta se lukee truststoren.",
                ),
            ],
        ],
        ["Rm4Vt9Kx2Pq7"],
    ),
    (
        "tr-ansible-password-winrm",
        [
            [
                (
                    "user",
                    "PACS iş istasyonlarına yeni görüntüleyici sürümünü Ansible ile dağıt. WinRM yerel yönetici hesabıyla.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ansible-playbook -i inventories/prod pacs-viewer.yml -l pacs_ws -e ansible_user=Administrator -e ansible_password=Zw5!Hq8Lm3Rv -e ansible_connection=winrm -e ansible_winrm_transport=ntlm"}',
                ),
                (
                    "tool",
                    "PLAY RECAP *********************************************************************\npacs-ws-01                 : ok=6    changed=2    unreachable=0    failed=0\npacs-ws-02                 : ok=6    changed=2    unreachable=0    failed=0\npacs-ws-03                 : ok=5    changed=0    unreachable=0    failed=1",
                ),
                (
                    "assistant",
                    "pacs-ws-01 ve pacs-ws-02 güncellendi; pacs-ws-03'te bir görev başarısız oldu (muhtemelen görüntüleyici açıktı). Parolayı komut satırında vermek yerine ansible-vault ile şifrelenmiş bir değişken dosyası kullanmanı öneririm.",
                ),
            ],
        ],
        ["Zw5!Hq8Lm3Rv"],
    ),
    (
        "pt-sshpass-gateway-chamada",
        [
            [
                (
                    "user",
                    "O gateway de chamada de enfermeiros do piso 2 não tem chave SSH configurada. Vê o estado do serviço com a conta admin.",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"sshpass -p 'Nq2Xb7Tk5Wz9' ssh -o StrictHostKeyChecking=accept-new admin@nursecall-gw02 'systemctl is-active nursecall && uptime'\"}",
                ),
                (
                    "tool",
                    "active\n 10:14:07 up 41 days,  3:02,  1 user,  load average: 0.08, 0.05, 0.01",
                ),
                (
                    "assistant",
                    "O serviço nursecall está ativo e o gateway está ligado há 41 dias. Convém instalar a nossa chave pública no gateway para deixar de usar sshpass com a palavra-passe.",
                ),
            ],
        ],
        ["Nq2Xb7Tk5Wz9"],
    ),
    (
        "en-cat-env-portal-backend",
        [
            [
                (
                    "user",
                    "The portal backend on portal-app-01 won't start after the update. Show me its .env so we can compare with the new template.",
                ),
                ("call", "bash", '{"command": "ssh portal-app-01 cat /opt/portal/backend/.env"}'),
                (
                    "tool",
                    "NODE_ENV=production\nPORT=8080\nDB_HOST=portal-pg01.int.example-hospital.eu\nDB_USER=portal_app\nDB_PASSWORD=kCUPWCK3w6Cv-Lq\nSESSION_SECRET=tw06PWj4Nis4sS6SvUknG1IkXEIaoxL5xt6fJzYK\nSMS_GATEWAY_URL=https://sms.example-provider.eu/v2\nSMS_API_KEY=72hato89zv6ijie1jgoums36souflj9l\nFHIR_BASE_URL=https://fhir.int.example-hospital.eu/fhir",
                ),
                (
                    "assistant",
                    "Compared with the 5.3.0 template, the .env lacks `APPOINTMENTS_QUEUE_URL`, which 5.3.0 requires at start-up – that explains the crash loop. The other keys are present. Since the file contents are now in this transcript, it would be prudent to rotate the session secret and the SMS key.",
                ),
            ],
            [
                (
                    "user",
                    "Add the missing variable; the queue URL without credentials is fine, the worker reads the user and password from APPOINTMENTS_QUEUE_USER / _PASSWORD which are already there via the host's secret file.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh portal-app-01 \'echo APPOINTMENTS_QUEUE_URL=amqp://portal-mq01.int.example-hospital.eu:5672/appointments >> /opt/portal/backend/.env && docker compose -f /opt/portal/docker-compose.yml up -d portal-worker && sleep 15 && docker ps --filter name=portal-worker --format {{.Status}}\'"}',
                ),
                (
                    "tool",
                    "Container portal-worker  Recreated\nContainer portal-worker  Started\nUp 14 seconds (healthy)",
                ),
                ("assistant", "Added, worker recreated and healthy after 14 seconds."),
            ],
            [
                (
                    "user",
                    "Ok. Open a change for rotating the session secret and the SMS key tomorrow, CHG number please.",
                ),
                (
                    "assistant",
                    'I can\'t create it directly in the ITSM tool from here; the text for the change: "Rotate SESSION_SECRET and SMS_API_KEY of portal backend on portal-app-01 after exposure in an assistant transcript; users will be logged out once; SMS provider key to be regenerated in the provider console."',
                ),
            ],
        ],
        [
            "kCUPWCK3w6Cv-Lq",
            "tw06PWj4Nis4sS6SvUknG1IkXEIaoxL5xt6fJzYK",
            "72hato89zv6ijie1jgoums36souflj9l",
        ],
    ),
    (
        "de-appsettings-json-portal",
        [
            [
                (
                    "user",
                    "Warum verbindet sich das Terminbuchungsmodul nicht mehr mit der Datenbank? Zeig mir die appsettings.Production.json auf app-termin-01.",
                ),
                (
                    "call",
                    "powershell",
                    '{"command": "Invoke-Command -ComputerName app-termin-01 -ScriptBlock { Get-Content \'D:/Apps/Terminbuchung/appsettings.Production.json\' }"}',
                ),
                (
                    "tool",
                    '{\n  "ConnectionStrings": {\n    "Default": "Server=sql-portal01.klnk.local;Database=Terminbuchung;User Id=termin_app;Password=Kd8#Lq2Wz5Vr;TrustServerCertificate=True"\n  },\n  "Hl7": {\n    "Endpoint": "https://hl7-gw.klnk.local/api/siu",\n    "ApiKey": "Q4sh4VsXzZfNXAUxZxHEDlfEHYeyDBe41rgg5rjy"\n  },\n  "Logging": { "LogLevel": { "Default": "Warning" } }\n}',
                ),
                (
                    "assistant",
                    "Die Konfiguration zeigt auf sql-portal01 mit dem Login termin_app. Laut SQL-Log ist termin_app seit gestern gesperrt (Kennwortablauf) – die Richtlinie CHECK_EXPIRATION ist für diesen Login noch aktiv. Entweder CHECK_EXPIRATION=OFF für das Dienstkonto setzen oder auf ein gMSA umstellen.",
                ),
            ],
        ],
        ["Kd8#Lq2Wz5Vr", "Q4sh4VsXzZfNXAUxZxHEDlfEHYeyDBe41rgg5rjy"],
    ),
    (
        "el-k8s-secret-base64-decode",
        [
            [
                (
                    "user",
                    "Η εφαρμογή PACS αποτυγχάνει στη σύνδεση με τη βάση. Δες ποιο password έχει το secret pacs-db, να το συγκρίνουμε με αυτό της βάσης.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n pacs get secret pacs-db -o jsonpath=\'{.data.password}\'"}',
                ),
                ("tool", "SHIzTno4S3E1V3Qx"),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl -n pacs get secret pacs-db -o jsonpath=\'{.data.password}\' | base64 -d; echo"}',
                ),
                ("tool", "Hr3Nz8Kq5Wt1"),
                (
                    "assistant",
                    "Το secret pacs-db περιέχει τον κωδικό που ορίστηκε τον Μάρτιο. Αν η βάση άλλαξε κωδικό στην τελευταία περιστροφή, πρέπει να ενημερωθεί και το secret και να γίνει rollout restart του deployment pacs-web.",
                ),
            ],
        ],
        ["Hr3Nz8Kq5Wt1", "SHIzTno4S3E1V3Qx"],
    ),
    (
        "ru-terraform-output-sensitive",
        [
            [
                (
                    "user",
                    "Мне нужны выходные значения модуля хранилища данных, чтобы настроить подключение в BI.",
                ),
                ("call", "bash", '{"command": "cd infra/dwh && terraform output -json"}'),
                (
                    "tool",
                    '{\n  "dwh_admin_login": {"sensitive": false, "type": "string", "value": "dwhadmin"},\n  "dwh_admin_password": {"sensitive": true, "type": "string", "value": "pegsXPF2vFdz!9"},\n  "dwh_fqdn": {"sensitive": false, "type": "string", "value": "dwh-pg-prod.postgres.database.azure.com"},\n  "dwh_port": {"sensitive": false, "type": "number", "value": 5432}\n}',
                ),
                (
                    "assistant",
                    "Хост dwh-pg-prod.postgres.database.azure.com, порт 5432. Для BI не стоит использовать административную учётную запись dwhadmin — лучше создать отдельную роль только для чтения. Учтите, что `terraform output -json` выводит и чувствительные значения открытым текстом.",
                ),
            ],
            [
                (
                    "user",
                    "Хорошо, создай роль bi_ro только для чтения. Пароль для неё возьми из Vault, в чат не выводи.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "PGPASSWORD=$(cd infra/dwh && terraform output -raw dwh_admin_password) psql \'host=dwh-pg-prod.postgres.database.azure.com user=dwhadmin dbname=dwh sslmode=require\' -v bi_pw=\\"$(vault kv get -field=password secret/dwh/bi_ro)\\" -c \\"CREATE ROLE bi_ro LOGIN PASSWORD :\'bi_pw\'; GRANT pg_read_all_data TO bi_ro;\\""}',
                ),
                ("tool", "CREATE ROLE\nGRANT ROLE"),
                (
                    "assistant",
                    "Роль bi_ro создана, ей выдана pg_read_all_data; пароль подставлен из secret/dwh/bi_ro и в вывод не попал.",
                ),
            ],
        ],
        ["pegsXPF2vFdz!9"],
    ),
    (
        "uk-hl7-engine-channel-config",
        [
            [
                (
                    "user",
                    "Канал передачі результатів у лабораторну систему впав після оновлення. Покажи конфігурацію призначення.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "sed -n \'/<destination>/,/<\\\\/destination>/p\' /opt/hl7engine/conf/channels/lab-out.xml"}',
                ),
                (
                    "tool",
                    "<destination>\n  <name>LIS_RESULTS</name>\n  <type>sftp</type>\n  <host>sftp.lab-partner.ua</host>\n  <port>22</port>\n  <username>hl7_lab</username>\n  <password>OeoMlB68wdN5</password>\n  <remoteDir>/inbound/oru</remoteDir>\n  <retryCount>3</retryCount>\n</destination>",
                ),
                (
                    "assistant",
                    "Призначення LIS_RESULTS — SFTP на sftp.lab-partner.ua:22, каталог /inbound/oru, користувач hl7_lab. Після оновлення рушій вимагає ключ хоста в known_hosts; додайте ключ sftp.lab-partner.ua і перезапустіть канал. Пароль краще перенести в сховище облікових даних рушія, а не тримати у XML.",
                ),
            ],
        ],
        ["OeoMlB68wdN5"],
    ),
    (
        "ja-private-key-printed",
        [
            [
                (
                    "user",
                    "患者ポータルのTLS鍵と証明書が対応しているか確認して。鍵は /etc/pki/tls/private/portal.key。",
                ),
                ("call", "bash", '{"command": "sudo cat /etc/pki/tls/private/portal.key"}'),
                (
                    "tool",
                    "-----BEGIN PRIVATE KEY-----\n69ppRyoygneDqWyqqda+Q5vBqOqstgdeo3rmq8rCeq2xjEe01kqio7sGGgtfRXH7\nUVqgR+LKJZqEy6EZauRXAlMQXoDKD2bQwmDOWn7Zb1OJZ3nYtfkZFMKLpCL6rGFh\nn1x8cAhPudAYKl3vtzg7oZWLcbtq4HQvZMK1tqpjzxm6kdKwUV8DZqb7WYAaOxeq\nRuyiQmMh79ycereb5KTtSg3H82Oc3gEd56YFAP5qxh9F/P5x6133/ohoJ3o7mE3c\n-----END PRIVATE KEY-----",
                ),
                (
                    "assistant",
                    "鍵の中身を表示する必要はありませんでした。対応確認は `openssl x509 -noout -pubkey -in portal.crt` と `openssl pkey -pubout -in portal.key` の出力を比較すれば十分です。鍵がこの会話に出てしまったので、証明書の再発行と鍵の更新をおすすめします。",
                ),
            ],
        ],
        [
            "69ppRyoygneDqWyqqda+Q5vBqOqstgdeo3rmq8rCeq2xjEe01kqio7sGGgtfRXH7",
            "UVqgR+LKJZqEy6EZauRXAlMQXoDKD2bQwmDOWn7Zb1OJZ3nYtfkZFMKLpCL6rGFh",
            "n1x8cAhPudAYKl3vtzg7oZWLcbtq4HQvZMK1tqpjzxm6kdKwUV8DZqb7WYAaOxeq",
            "RuyiQmMh79ycereb5KTtSg3H82Oc3gEd56YFAP5qxh9F/P5x6133/ohoJ3o7mE3c",
        ],
    ),
    (
        "ko-stored-credential-rdp",
        [
            [
                (
                    "user",
                    "판독실 PC에서 PACS 서버로 원격 접속할 때 어떤 계정이 저장돼 있는지 확인해줘.",
                ),
                ("call", "powershell", '{"command": "cmdkey /list"}'),
                (
                    "tool",
                    "Currently stored credentials:\n\n    Target: Domain:target=TERMSRV/pacs-srv01\n    Type: Domain Password\n    User: HOSP\\pacs.reader",
                ),
                (
                    "call",
                    "powershell",
                    '{"command": "Get-StoredCredential -Target \'TERMSRV/pacs-srv01\' -AsCredentialObject | Format-List TargetName,UserName,Password"}',
                ),
                (
                    "tool",
                    "TargetName : TERMSRV/pacs-srv01\nUserName   : HOSP\\pacs.reader\nPassword   : YfugAKF3OtB8",
                ),
                (
                    "assistant",
                    "TERMSRV/pacs-srv01 에 pacs.reader 계정이 비밀번호와 함께 저장되어 있어요. 공용 판독실 PC에 자격 증명을 저장해 두는 건 위험하니 `cmdkey /delete:TERMSRV/pacs-srv01` 로 지우고, 비밀번호도 바꾸는 걸 권합니다.",
                ),
            ],
            [
                ("user", "지워줘."),
                (
                    "call",
                    "powershell",
                    '{"command": "cmdkey /delete:TERMSRV/pacs-srv01; cmdkey /list"}',
                ),
                (
                    "tool",
                    "CMDKEY: Credential deleted successfully.\n\nCurrently stored credentials:\n\n* NONE *",
                ),
                (
                    "assistant",
                    "삭제했어요. 이제 저장된 자격 증명이 없습니다. pacs.reader 비밀번호 교체는 계정팀에 요청해 주세요.",
                ),
            ],
        ],
        ["YfugAKF3OtB8"],
    ),
    (
        "en-password-over-two-turns",
        [
            [
                (
                    "user",
                    "The nightly ETL needs to log into the lab archive with the account etl_lab. I'll send you the password in my next message, please put it into Vault.",
                ),
                (
                    "assistant",
                    "Fine – send it and I'll write it to secret/dwh/etl_lab without echoing it.",
                ),
            ],
            [
                ("user", "Mw7-Trq9-Lx2v"),
                (
                    "call",
                    "bash",
                    '{"command": "vault kv put -mount=secret dwh/etl_lab username=etl_lab password=Mw7-Trq9-Lx2v"}',
                ),
                (
                    "tool",
                    "==== Secret Path ====\nsecret/data/dwh/etl_lab\n\n======= Metadata =======\nKey                Value\n---                -----\ncreated_time       2026-11-29T09:03:41.552Z\nversion            1",
                ),
                (
                    "assistant",
                    "Stored as version 1 at secret/dwh/etl_lab. The ETL job can read it via its Vault role.",
                ),
            ],
        ],
        ["Mw7-Trq9-Lx2v"],
    ),
    (
        "de-kennwort-geteilt-zwei-haelften",
        [
            [
                (
                    "user",
                    "Für den Servicezugang am neuen Röntgengerät in Raum R-014: Benutzer service. Das Kennwort teile ich aus Vorsicht – erste Hälfte: Tz8Kq, die zweite Hälfte schicke ich gleich separat.",
                ),
                ("assistant", "In Ordnung, ich warte auf die zweite Hälfte."),
            ],
            [
                (
                    "user",
                    "Zweite Hälfte: 3Wm!Lp7 – bitte zusammensetzen und im Gerät-Eintrag in der CMDB als Notiz ablegen.",
                ),
                (
                    "assistant",
                    'Ein Kennwort gehört nicht in die CMDB-Notiz, die ist für alle Leser sichtbar. Ich schlage vor, es im KeePass unter "Medizintechnik / Radiologie / R-014 Service" abzulegen und in der CMDB nur auf diesen Eintrag zu verweisen.',
                ),
            ],
        ],
        ["Tz8Kq", "3Wm!Lp7"],
    ),
    (
        "fr-code-porte-local-serveur",
        [
            [
                (
                    "user",
                    "Note pour l'astreinte de ce week-end : le code de la porte du local serveur du bâtiment B est 58204# depuis lundi, la clé de la baie est dans la boîte à clés du PC sécurité.",
                ),
                (
                    "assistant",
                    "C'est noté pour l'astreinte. Je ne recopierai pas le code dans le wiki ; je mentionne seulement que la clé de la baie se trouve dans la boîte à clés du PC sécurité.",
                ),
            ],
            [
                (
                    "user",
                    "Et pour le badge de l'astreinte, le numéro c'est 04471421, il ouvre aussi la salle de brassage du bâtiment A ?",
                ),
                (
                    "assistant",
                    "D'après la base du contrôle d'accès, le profil \"Astreinte IT\" inclut le bâtiment B et la salle de brassage A-012. Le badge 04471421 devrait donc ouvrir les deux ; sinon, signalez-le au PC sécurité (poste 5555).",
                ),
            ],
        ],
        ["58204"],
    ),
    (
        "es-pin-admin-control-acceso",
        [
            [
                (
                    "user",
                    "Si mañana no estoy: el PIN de administrador de la consola del sistema de tarjetas de acceso (la de la centralita de seguridad) es 739184. Con eso se pueden dar de alta tarjetas temporales para el personal de la agencia.",
                ),
                (
                    "assistant",
                    "Entendido. Para el resto del equipo, mejor que el PIN se guarde en la base KeePass del equipo de seguridad que en el chat; si quieres, preparo la entrada sin el valor y tú lo añades.",
                ),
            ],
        ],
        ["739184"],
    ),
    (
        "it-password-alfabeto-nato",
        [
            [
                (
                    "user",
                    "La password del nuovo account di servizio svc_pacs_ar per l'archiviazione te la detto in alfabeto NATO, tutto maiuscolo: Kilo, tre, Papa, Sierra, Oscar, nove, Whiskey, Delta. Impostala nella configurazione del gateway di archiviazione.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "pacs-arc-ctl credentials set --user svc_pacs_ar --password K3PSO9WD --target archive-gw01"}',
                ),
                (
                    "tool",
                    "credentials for svc_pacs_ar updated on archive-gw01 (restart not required)",
                ),
                (
                    "assistant",
                    "Fatto: le credenziali di svc_pacs_ar sono aggiornate sul gateway archive-gw01, non serve riavviare. Per le prossime volte meglio passarle tramite il vault e non in chat.",
                ),
            ],
            [
                ("user", "Verifica che l'archiviazione riparta con il nuovo account."),
                ("call", "bash", '{"command": "pacs-arc-ctl status --target archive-gw01"}'),
                (
                    "tool",
                    "archive-gw01: state=running queue=1284 last_success=2026-11-29T10:22:41Z account=svc_pacs_ar",
                ),
                (
                    "assistant",
                    "Il gateway è in esecuzione con svc_pacs_ar; ultimo invio riuscito alle 10:22:41 UTC, 1284 studi in coda che si smaltiranno nelle prossime ore.",
                ),
            ],
        ],
        ["Kilo, tre, Papa, Sierra, Oscar, nove, Whiskey, Delta", "K3PSO9WD"],
    ),
    (
        "de-tresor-kombination-in-worten",
        [
            [
                (
                    "user",
                    "Für die Übergabe an den Nachtdienst der Notaufnahme: der Tresor im Dienstzimmer mit den Notfall-Laptops und den Ersatz-Badges hat die Kombination sieben drei null neun vier eins. Bitte in die Übergabenotiz für heute Nacht aufnehmen.",
                ),
                (
                    "assistant",
                    'Ich nehme die Tresor-Kombination nicht in die Übergabenotiz auf, weil die Notiz im Stationswiki für alle lesbar ist. In der Notiz steht nur: "Notfall-Laptops und Ersatz-Badges im Tresor des Dienstzimmers, Kombination bei der Schichtleitung."',
                ),
            ],
        ],
        ["sieben drei null neun vier eins"],
    ),
    (
        "fi-laakekaapin-koodi-sanoin",
        [
            [
                (
                    "user",
                    "Yöhoitajalle viesti: osaston 6 lääkekaapin uusi koodi on kuusi kaksi yhdeksän nolla viisi, vanha ei enää toimi. Kirjoita siitä lyhyt tekstiviesti.",
                ),
                (
                    "assistant",
                    'Koodia ei kannata lähettää tekstiviestillä. Ehdotus viestiksi: "Osaston 6 lääkekaapin koodi on vaihtunut tänään. Uusi koodi vuorovastaavalta."',
                ),
            ],
        ],
        ["kuusi kaksi yhdeksän nolla viisi"],
    ),
    (
        "zh-api-key-no-prefix-lab-vendor",
        [
            [
                (
                    "user",
                    "外送检验公司给了我们接口的 API 密钥：z3jrjhitki4bbtae6ryyg4dsq9g1p4bn 。帮我用 curl 测一下结果查询接口，样本号 2611290417。",
                ),
                (
                    "call",
                    "bash",
                    "{\"command\": \"curl -s -H 'X-Api-Key: z3jrjhitki4bbtae6ryyg4dsq9g1p4bn' 'https://api.lab-partner-example.cn/v1/results?sample_no=2611290417'\"}",
                ),
                (
                    "tool",
                    '{"sample_no":"2611290417","status":"reported","items":[{"code":"TSH","value":"2.31","unit":"mIU/L"},{"code":"FT4","value":"15.8","unit":"pmol/L"}]}',
                ),
                (
                    "assistant",
                    "接口可用：样本 2611290417 已出报告，TSH 2.31 mIU/L，FT4 15.8 pmol/L。建议把密钥放进配置中心，不要写在脚本里。",
                ),
            ],
        ],
        ["z3jrjhitki4bbtae6ryyg4dsq9g1p4bn"],
    ),
    (
        "cs-java-properties-ris",
        [
            [
                (
                    "user",
                    "RIS po restartu nenaběhne, v logu je chyba připojení k databázi. Ukaž mi application.properties.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh ris-app-01 cat /opt/ris/config/application.properties"}',
                ),
                (
                    "tool",
                    "server.port=8443\nserver.ssl.enabled=true\nspring.datasource.url=jdbc:sqlserver://sql-ris01.nemocnice.local:1433;databaseName=RIS;user=ris_app;password=Wq9#Tz4Lk2Mv;encrypt=true;trustServerCertificate=true\nspring.datasource.hikari.maximum-pool-size=30\nris.hl7.outbound.host=hl7-gw.nemocnice.local\nris.hl7.outbound.port=2575\nspring.mail.host=smtp.nemocnice.local\nspring.mail.username=ris-noreply\nspring.mail.password=Hv5tNq8Zm2Kc",
                ),
                (
                    "assistant",
                    "URL databáze ukazuje na sql-ris01:1433, databáze RIS, uživatel ris_app. Chyba bude nejspíš v tom, že po včerejší aktualizaci SQL Serveru vyžaduje TLS 1.2 a ovladač JDBC v RIS je starý. Hesla by neměla být přímo v application.properties – doporučuji je přesunout do proměnných prostředí nebo do trezoru.",
                ),
            ],
        ],
        ["Wq9#Tz4Lk2Mv", "Hv5tNq8Zm2Kc"],
    ),
    (
        "nl-yaml-blok-met-wachtwoorden",
        [
            [
                (
                    "user",
                    'Kun je deze config voor de LIS-synchronisatie omzetten naar een Ansible group_vars-bestand?\n\n```yaml\nlis_sync:\n  db:\n    host: lis-pg01.zkh.local\n    port: 5432\n    user: lis_sync\n    password: "Bq7-Zn4r-Tx8w"\n  sftp:\n    host: sftp.labpartner.nl\n    user: zkh_upload\n    password: Ld3mK9pQ2vWx\n  schedule: "*/15 * * * *"\n```',
                ),
                (
                    "assistant",
                    'Zo, met de wachtwoorden naar een vault-bestand verplaatst:\n\n```yaml\n# group_vars/lis/main.yml\nlis_sync_db_host: lis-pg01.zkh.local\nlis_sync_db_port: 5432\nlis_sync_db_user: lis_sync\nlis_sync_db_password: "{{ vault_lis_sync_db_password }}"\nlis_sync_sftp_host: sftp.labpartner.nl\nlis_sync_sftp_user: zkh_upload\nlis_sync_sftp_password: "{{ vault_lis_sync_sftp_password }}"\nlis_sync_schedule: "*/15 * * * *"\n```\n\nDe twee waarden zet je in group_vars/lis/vault.yml en versleutel je met `ansible-vault encrypt`. Omdat ze nu in deze chat staan, zou ik ze ook roteren.',
                ),
            ],
        ],
        ["Bq7-Zn4r-Tx8w", "Ld3mK9pQ2vWx"],
    ),
    (
        "sv-reservkoder-breakglass",
        [
            [
                (
                    "user",
                    "Här är reservkoderna för breakglass-kontot i Entra som vi fick när MFA sattes upp. Skriv en instruktion för var de ska förvaras:\n\n4821-9037-5516\n7730-2649-1185\n3394-8072-6641\n9905-1738-2260\n6127-4483-9012",
                ),
                (
                    "assistant",
                    "Instruktion: reservkoderna för breakglass-kontot skrivs ut en gång, läggs i ett förseglat kuvert och förvaras i kassaskåpet hos IT-chefen, med en kopia i bankfacket. De får inte sparas digitalt i chatt, e-post eller wiki. Eftersom de nu har klistrats in här bör ni generera nya koder i Entra och förstöra den här uppsättningen.",
                ),
            ],
        ],
        ["4821-9037-5516", "7730-2649-1185", "3394-8072-6641", "9905-1738-2260", "6127-4483-9012"],
    ),
    (
        "pl-pin-sejf-klucze",
        [
            [
                (
                    "user",
                    "Dla dyżuru weekendowego: PIN do sejfu z kluczami do szaf rack w serwerowni to 305817. Klucz do szafy z przełącznikami rdzeniowymi ma niebieską przywieszkę.",
                ),
                (
                    "assistant",
                    "Przyjąłem. Do notatki dyżurowej wpiszę tylko, że klucz do szafy z przełącznikami rdzeniowymi ma niebieską przywieszkę, a PIN do sejfu jest u kierownika zmiany.",
                ),
            ],
        ],
        ["305817"],
    ),
    (
        "cs-kod-dveri-slovy",
        [
            [
                (
                    "user",
                    "Pro noční službu: kód ke dveřím serverovny v pavilonu C je teď osm dva pět jedna nula, změnil se v pondělí. Přidej to do předávací zprávy.",
                ),
                (
                    "assistant",
                    "Kód do předávací zprávy nepřidám, ta je sdílená celému oddělení. Uvedu jen, že se kód v pondělí změnil a zná ho vrchní sestra interny a vrátnice.",
                ),
            ],
        ],
        ["osm dva pět jedna nula"],
    ),
    (
        "tr-wifi-tibbi-cihaz-parola",
        [
            [
                (
                    "user",
                    "Yeni hasta başı monitörünü tıbbi cihaz Wi-Fi'sine bağlamamız lazım. SSID MEDDEV-5G, parola Hast4ne-Wlan!92kQ. Test dizüstüsünden önce bağlantıyı deneyelim.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "nmcli dev wifi connect MEDDEV-5G password \'Hast4ne-Wlan!92kQ\' ifname wlp2s0 && ip -br addr show wlp2s0"}',
                ),
                (
                    "tool",
                    "Device 'wlp2s0' successfully activated with 'b5f974a4-6350-45ac-bba6-26a42dc5bc91'.\nwlp2s0           UP             10.99.14.203/22 fe80::8e1d:96ff:fe22:4b10/64",
                ),
                (
                    "assistant",
                    "Test dizüstüsü MEDDEV-5G ağına bağlandı ve 10.99.14.203/22 adresini aldı, ağ çalışıyor. Monitörü de aynı SSID ile yapılandırabilirsiniz.",
                ),
            ],
        ],
        ["Hast4ne-Wlan!92kQ"],
    ),
    (
        "ar-password-pacs-service",
        [
            [
                (
                    "user",
                    "كلمة مرور حساب خدمة PACS الجديد svc-pacs-store هي Rq8#Vn2Lz5Tm . حدّث بها إعدادات خدمة الأرشفة على الخادم pacs-arc-02.",
                ),
                (
                    "call",
                    "powershell",
                    "{\"command\": \"Invoke-Command -ComputerName pacs-arc-02 -ScriptBlock { sc.exe config PacsArchiveSvc obj= 'HOSP\\\\svc-pacs-store' password= 'Rq8#Vn2Lz5Tm'; Restart-Service PacsArchiveSvc; Get-Service PacsArchiveSvc }\"}",
                ),
                (
                    "tool",
                    "[SC] ChangeServiceConfig SUCCESS\n\nStatus   Name               DisplayName\n------   ----               -----------\nRunning  PacsArchiveSvc     PACS Archive Service",
                ),
                (
                    "assistant",
                    "تم تحديث حساب تشغيل خدمة PacsArchiveSvc على pacs-arc-02 وإعادة تشغيلها، وهي تعمل الآن (Running).",
                ),
            ],
        ],
        ["Rq8#Vn2Lz5Tm"],
    ),
    (
        "hi-dawa-cabinet-pin-words",
        [
            [
                (
                    "user",
                    "रात की शिफ्ट के लिए नोट बनाओ: वार्ड 7 के दवा कैबिनेट का नया पिन है छह चार शून्य दो नौ तीन, पुराना पिन आज से बंद है।",
                ),
                (
                    "assistant",
                    'नोट में पिन नहीं लिखूँगा, क्योंकि यह नोट सबको दिखता है। नोट: "वार्ड 7 के दवा कैबिनेट का पिन आज बदल गया है; नया पिन शिफ्ट इंचार्ज से लें।"',
                ),
            ],
        ],
        ["छह चार शून्य दो नौ तीन"],
    ),
    (
        "ko-pacs-admin-password-chat",
        [
            [
                (
                    "user",
                    "PACS 관리자 콘솔 비밀번호는 Pk7!mVq2Lr9x 야. 이걸로 저장 규칙에 CT 보관 기간 10년 설정해줘.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "pacsadm --host pacs-admin01 --user admin --password \'Pk7!mVq2Lr9x\' retention set --modality CT --years 10"}',
                ),
                ("tool", "retention rule updated: modality=CT years=10 (previous: 7)"),
                (
                    "assistant",
                    "CT 보관 기간을 7년에서 10년으로 변경했어요. 채팅에 비밀번호가 남았으니 관리자 비밀번호는 교체하는 게 좋겠습니다.",
                ),
            ],
        ],
        ["Pk7!mVq2Lr9x"],
    ),
    (
        "ru-parol-kirillica-mis",
        [
            [
                (
                    "user",
                    "Пароль служебной учётки svc_mis для выгрузки из МИС: Метель47!Тк9 . Настрой, пожалуйста, задание выгрузки на сервере etl-01.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh etl-01 \'mis-export configure --user svc_mis --password Метель47!Тк9 --schedule 02:30\'"}',
                ),
                (
                    "tool",
                    "export job configured: user=svc_mis schedule=02:30 target=/data/mis/export",
                ),
                (
                    "assistant",
                    "Задание выгрузки настроено на 02:30, результат в /data/mis/export. Пароль лучше сменить, раз он прозвучал в чате, и хранить в хранилище секретов.",
                ),
            ],
        ],
        ["Метель47!Тк9"],
    ),
    (
        "uk-kod-sejfa-slovamy",
        [
            [
                (
                    "user",
                    "Запиши для чергового адміністратора: код сейфа з резервними токенами — п'ять дев'ять один сім три, змінили вчора.",
                ),
                (
                    "assistant",
                    "Код у нотатку не записую, вона доступна всім черговим. Запишу: «Код сейфа з резервними токенами змінено вчора, новий код — у керівника зміни».",
                ),
            ],
        ],
        ["п'ять дев'ять один сім три"],
    ),
    (
        "el-kodikos-lis-admin",
        [
            [
                (
                    "user",
                    "Ο κωδικός του λογαριασμού διαχειριστή του LIS (lisadmin) είναι Gx4!Tm8qWr2z. Συνδέσου και βγάλε λίστα με τους αναλυτές που είναι offline.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "lis-cli --server lis-app-01 --user lisadmin --password \'Gx4!Tm8qWr2z\' analyzers list --status offline"}',
                ),
                (
                    "tool",
                    "ID    NAME              MODEL     LAST_SEEN\nA07   Βιοχημικός-2      AU480     2026-11-29 06:12\nA12   Αιματολογικός-1   XN-1000   2026-11-28 23:40",
                ),
                (
                    "assistant",
                    "Δύο αναλυτές είναι offline: A07 (Βιοχημικός-2, AU480) από τις 06:12 και A12 (Αιματολογικός-1, XN-1000) από χθες 23:40.",
                ),
            ],
        ],
        ["Gx4!Tm8qWr2z"],
    ),
    (
        "da-doerkode-serverrum",
        [
            [
                (
                    "user",
                    "Til vagtholdet: dørkoden til serverrummet i kælderen er 914730 fra i dag. Den gamle kode virker ikke længere.",
                ),
                (
                    "assistant",
                    "Noteret. I vagtoverleveringen skriver jeg kun, at dørkoden er skiftet i dag, og at den nye kode fås hos vagthavende driftsleder.",
                ),
            ],
        ],
        ["914730"],
    ),
    (
        "pt-chave-api-laboratorio-externo",
        [
            [
                (
                    "user",
                    "A chave da API do laboratório externo é 7f3b9c2e1d8a4f6b0e5c9a7d3b1f8e2c. Testa se a integração devolve os resultados do pedido 26-LX-004417.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "curl -s -H \'Authorization: ApiKey 7f3b9c2e1d8a4f6b0e5c9a7d3b1f8e2c\' https://api.lab-externo-exemplo.pt/v2/pedidos/26-LX-004417/resultados"}',
                ),
                (
                    "tool",
                    '{"pedido":"26-LX-004417","estado":"validado","resultados":[{"loinc":"2345-7","valor":98,"unidade":"mg/dL"}]}',
                ),
                (
                    "assistant",
                    "A integração responde: pedido 26-LX-004417 validado, glicose (LOINC 2345-7) 98 mg/dL. Guarda a chave no cofre e não no script.",
                ),
            ],
        ],
        ["7f3b9c2e1d8a4f6b0e5c9a7d3b1f8e2c"],
    ),
    (
        "en-ansible-vault-view-decrypted",
        [
            [
                (
                    "user",
                    "What's in the PACS vault file? I need to know if the DICOM TLS passphrase is set.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ansible-vault view group_vars/pacs/vault.yml --vault-password-file ~/.vault_pass_pacs"}',
                ),
                (
                    "tool",
                    "---\nvault_pacs_db_user: pacs_app\nvault_pacs_db_password: 5r4wA2diIUdl-x\nvault_dicom_tls_key_passphrase: correct-stapler-ward9-lumen\nvault_pacs_ldap_bind_dn: CN=svc-pacs-ldap,OU=Service,DC=hosp,DC=local",
                ),
                (
                    "assistant",
                    "Yes, vault_dicom_tls_key_passphrase is set, as are the database credentials and the LDAP bind DN. Next time I'd check for the key only, e.g. `ansible-vault view ... | grep -c '^vault_dicom_tls_key_passphrase:'`, so that the values don't end up in the transcript.",
                ),
            ],
        ],
        ["5r4wA2diIUdl-x", "correct-stapler-ward9-lumen"],
    ),
    (
        "de-powershell-securestring-aduser",
        [
            [
                (
                    "user",
                    "Leg bitte das Dienstkonto svc-dwh-ssis in der OU Dienstkonten an, Kennwort läuft nicht ab.",
                ),
                (
                    "call",
                    "powershell",
                    "{\"command\": \"$pw = ConvertTo-SecureString 'a4icOHB2kcc6!' -AsPlainText -Force; New-ADUser -Name svc-dwh-ssis -SamAccountName svc-dwh-ssis -Path 'OU=Dienstkonten,DC=klnk,DC=local' -AccountPassword $pw -PasswordNeverExpires $true -Enabled $true; Get-ADUser svc-dwh-ssis | Select-Object DistinguishedName,Enabled\"}",
                ),
                (
                    "tool",
                    "DistinguishedName                                  Enabled\n-----------------                                  -------\nCN=svc-dwh-ssis,OU=Dienstkonten,DC=klnk,DC=local      True",
                ),
                (
                    "assistant",
                    "svc-dwh-ssis ist in OU=Dienstkonten angelegt und aktiviert, Kennwort läuft nicht ab. Mittelfristig wäre ein gMSA für SSIS besser, dann entfällt das Kennwort ganz.",
                ),
            ],
        ],
        ["a4icOHB2kcc6!"],
    ),
    (
        "fr-mysqldump-password-sauvegarde",
        [
            [
                (
                    "user",
                    "Lance une sauvegarde manuelle de la base du RIS avant la mise à jour de ce soir.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "mysqldump --host=ris-db01.chu.local --user=backup_ris --password=vHw7RxTccFSQ --single-transaction --routines ris | zstd -T4 > /backup/ris/ris-pre-maj-20261129.sql.zst && ls -lh /backup/ris/ris-pre-maj-20261129.sql.zst"}',
                ),
                (
                    "tool",
                    "mysqldump: [Warning] Using a password on the command line interface can be insecure.\n-rw-r--r-- 1 root root 7.4G Nov 29 18:42 /backup/ris/ris-pre-maj-20261129.sql.zst",
                ),
                (
                    "assistant",
                    "Sauvegarde faite : /backup/ris/ris-pre-maj-20261129.sql.zst, 7,4 Go compressés. Pensez à passer le compte backup_ris par un fichier --defaults-extra-file pour éviter le mot de passe en clair.",
                ),
            ],
        ],
        ["vHw7RxTccFSQ"],
    ),
    (
        "it-docker-login-robot-token",
        [
            [
                (
                    "user",
                    "Sul runner CI del PACS il pull delle immagini fallisce. Rifai il login al registry con l'account robot.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "docker login harbor.ospedale.local -u \'robot$ci-pacs\' -p ANu2SP5sIzMwsg4wFqtgYWZYcU5xq4ZcYAnWwU6Y && docker pull harbor.ospedale.local/pacs/worker:2.9.1"}',
                ),
                (
                    "tool",
                    "WARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded\n2.9.1: Pulling from pacs/worker\nDigest: sha256:749e0e9ee3e8c7415a33e050702e37d769d5c6971f9ddd5c9ae2c468c6277347\nStatus: Downloaded newer image for harbor.ospedale.local/pacs/worker:2.9.1",
                ),
                (
                    "assistant",
                    "Login riuscito e pull di pacs/worker:2.9.1 completato (digest sha256:749e0e9e…6277347). Il token del robot era scaduto nella config del runner; conviene aggiornarlo nelle variabili protette della CI.",
                ),
            ],
        ],
        ["ANu2SP5sIzMwsg4wFqtgYWZYcU5xq4ZcYAnWwU6Y"],
    ),
    (
        "es-git-clone-token-url",
        [
            [
                (
                    "user",
                    "Clona el repositorio de mapeos de integración en el servidor nuevo con el token de despliegue.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "git clone https://deploy-his:BoWOSdqZvPKJATAjrfHUwklScHVSfyfjliVtnS7C@gitlab.hospital.local/integracion/mapeos.git /opt/mapeos && git -C /opt/mapeos log --oneline -1"}',
                ),
                (
                    "tool",
                    "Cloning into '/opt/mapeos'...\nremote: Enumerating objects: 1842, done.\nReceiving objects: 100% (1842/1842), 2.31 MiB | 18.40 MiB/s, done.\nResolving deltas: 100% (1101/1101), done.\nab28b6e Actualizar mapeo de servicios (Urgencias 31)",
                ),
                (
                    "assistant",
                    "Clonado en /opt/mapeos; el último commit es ab28b6e. Ojo: el token queda guardado en .git/config como parte de la URL remota; conviene cambiar el remote a la URL sin credenciales y usar un credential helper.",
                ),
            ],
        ],
        ["BoWOSdqZvPKJATAjrfHUwklScHVSfyfjliVtnS7C"],
    ),
    (
        "zh-redis-cli-auth-portal",
        [
            [
                ("user", "患者门户登录很慢，看看 Redis 里的会话数量。"),
                (
                    "call",
                    "bash",
                    '{"command": "redis-cli -h portal-redis.yiyuan.local -a DY4scb8STZsd --no-auth-warning INFO keyspace"}',
                ),
                (
                    "tool",
                    "# Keyspace\ndb0:keys=184211,expires=184190,avg_ttl=1612043\ndb1:keys=37,expires=0,avg_ttl=0",
                ),
                (
                    "assistant",
                    "db0 中有 184211 个键，几乎都设置了过期时间，平均 TTL 约 27 分钟，会话数量正常。登录慢可能出在别处，建议看看 API 的慢查询日志。",
                ),
            ],
        ],
        ["DY4scb8STZsd"],
    ),
    (
        "ja-schtasks-service-account-password",
        [
            [
                (
                    "user",
                    "夜間バッチ用のサービスアカウント svc-batch のパスワードは tQsF9y7CBSpv です。DWH の夜間集計タスクを毎日 01:30 に実行するように登録して。",
                ),
                (
                    "call",
                    "powershell",
                    "{\"command\": \"schtasks /Create /TN 'DWH-Nightly-Aggregate' /TR 'D:/dwh/jobs/run_aggregate.cmd' /SC DAILY /ST 01:30 /RU svc-batch@hosp.local /RP tQsF9y7CBSpv /RL HIGHEST\"}",
                ),
                (
                    "tool",
                    'SUCCESS: The scheduled task "DWH-Nightly-Aggregate" has successfully been created.',
                ),
                (
                    "assistant",
                    "タスク DWH-Nightly-Aggregate を毎日 01:30 に svc-batch で実行するよう登録しました。可能であれば gMSA に切り替えると、パスワード管理が不要になります。",
                ),
            ],
        ],
        ["tQsF9y7CBSpv"],
    ),
    (
        "sv-losenord-i-tva-delar",
        [
            [
                (
                    "user",
                    "Lösenordet till det lokala adminkontot på röntgenarbetsstationerna delar jag upp. Första delen: Fj7Km – andra delen skickar Anna strax.",
                ),
                ("assistant", "Okej, jag väntar på andra delen."),
            ],
            [
                (
                    "user",
                    "Anna här. Andra delen: Rx2!Wq. Uppdatera LAPS-undantaget för RTG-WS-01 till RTG-WS-06 med det.",
                ),
                (
                    "assistant",
                    "Jag lägger inte in lösenordet någonstans; LAPS-undantaget behöver inget lösenord, bara datornamnen. Det räcker att lägga RTG-WS-01 till RTG-WS-06 i gruppen GG-LAPS-Undantag. Eftersom lösenordet nu står i chatten bör det bytas.",
                ),
            ],
        ],
        ["Fj7Km", "Rx2!Wq"],
    ),
]
