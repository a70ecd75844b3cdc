# ruff: noqa: E501, RUF001 (the cases as written, in their own scripts)
"""Set AO: a hold-out set, written without reading the redaction rules or the other sets, that
no rule is tuned on. Its setting is the IT and clinical-engineering team of a regional
hospital: EHR integration (HL7 and FHIR interfaces), PACS, the infusion-pump fleet, the badge
and door system, clinical and guest Wi-Fi, a pharmacy robot, site-to-site and remote VPN, and
vendors' portals, with staff writing to a coding and operations agent in many languages. It
measures redaction on secrets as they really appear spread over a session: a value asked for
at the end of one turn and given alone in the next, a credential split over messages, turns
or speakers, spelled out, dictated, written in words or corrected, and credentials inside
tool calls' arguments and tool outputs, where a single message alone may not show that a
value is a secret. Each session lists the exact substrings that must not survive in anything
stored; the clean sessions hold look-alikes (ids, hashes, versions, ports, tickets) that must
be stored whole."""

from __future__ import annotations

#: A message: (role, content) with role "user" | "assistant" | "tool"; or for an assistant's
#: tool call: ("call", "<tool name>", "<arguments JSON text>").
Message = tuple[str, ...]
#: A session: its turns in order (each turn a list of messages, published as one event), and
#: the exact secret substrings that must not survive in anything stored.
AO_SESSIONS: list[tuple[str, list[list[Message]], list[str]]] = [
    # --- English: asked at the end of a turn, given alone in the next ---
    (
        "en-pump-service-pin-asked-then-given",
        [
            [
                (
                    "user",
                    "Biomed wants the B. Braun Space pumps on 4 West moved to drug library v14 tonight. Can you build the rollout list from the asset DB?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "assetctl list --model SpacePump --ward 4W --format csv"}',
                ),
                (
                    "tool",
                    "serial,location,fw\n13857412,4W-01,6.3.2\n13857419,4W-02,6.3.2\n13857433,4W-05,6.2.9",
                ),
                (
                    "assistant",
                    "Three pumps on 4W: 13857412, 13857419 and 13857433 (the last is still on firmware 6.2.9). The library push goes through each pump's service menu. What's the PIN for the pump's service menu?",
                ),
            ],
            [("user", "480137")],
            [
                (
                    "assistant",
                    "Thanks. I won't put it in the rollout sheet; the checklist will just say to enter the service PIN at the bedside.",
                ),
                ("user", "good. also flag 13857433 for the firmware update"),
            ],
        ],
        ["480137"],
    ),
    (
        "en-colleague-asks-mirth-password",
        [
            [
                (
                    "user",
                    "Pasting from the integration channel so you have context:\nPriya: the ADT feed to the lab system stopped at 02:14, I need to get into Mirth on mirth-prd-02. What's the admin password again?",
                )
            ],
            [
                ("user", "Tom: Zr8!mQe4_LpT2v"),
                (
                    "user",
                    "Can you check the channel stats through the API once she's in? Channel is ADT_to_LIS.",
                ),
            ],
            [
                (
                    "assistant",
                    "Sure. That value was just posted in a shared channel, so it should be rotated after Priya is done. Checking ADT_to_LIS stats now.",
                )
            ],
        ],
        ["Zr8!mQe4_LpT2v"],
    ),
    (
        "en-portal-otp-asked-then-given",
        [
            [
                (
                    "user",
                    "Log into the Philips InCenter portal and open a service case for the telemetry receivers on CCU.",
                ),
                (
                    "assistant",
                    "I'm at the login with the team account from the vault. It says a one-time code was texted to the on-call phone. What's the code?",
                ),
            ],
            [("user", "590 344")],
            [
                (
                    "assistant",
                    "In. Case opened for the CCU telemetry receivers, reference 1-2298874113.",
                )
            ],
        ],
        ["590 344"],
    ),
    (
        "en-server-room-door-code-separately",
        [
            [
                (
                    "user",
                    "Can you add the basement MDF to tomorrow's Cisco visit checklist? I asked facilities for the keypad code.",
                ),
                (
                    "assistant",
                    "Added the MDF to the checklist. Do you want the keypad code in the checklist, or handed to the engineer separately?",
                ),
            ],
            [("user", "separately. it's 61937# if he asks you on the chat")],
            [("assistant", "Understood, I'll keep it out of the checklist.")],
        ],
        ["61937#"],
    ),
    (
        "en-security-answer-vendor-portal",
        [
            [
                (
                    "user",
                    "GE Healthcare's service portal locked our team account after the password expired. The reset page asks the security question 'name of your first pet'.",
                ),
                (
                    "assistant",
                    "I can fill in the reset form. What answer was registered for that question?",
                ),
            ],
            [("user", "Biscuit-the-ferret, with the hyphens. someone set it as a joke in 2019")],
        ],
        ["Biscuit-the-ferret"],
    ),
    # --- English: split over messages, turns and speakers ---
    (
        "en-robot-maintenance-split-two-holders",
        [
            [
                (
                    "user",
                    "Omnicell support needs us to log into the IV compounding robot's maintenance console. The maintenance account is split between pharmacy and IT on purpose (two-person rule). My half is 7Hq-river-",
                ),
                (
                    "assistant",
                    "Understood. I'll wait for pharmacy's half before opening the session.",
                ),
            ],
            [("user", "Ines from pharmacy: my part goes after his, it's 93-Lantern!q")],
            [
                (
                    "call",
                    "remote_session",
                    '{"host": "iv-robot-ctl01", "user": "svc_maint", "ticket": "OMC-558120"}',
                ),
                ("tool", "session 4411 opened on iv-robot-ctl01; waiting for vendor to join"),
                (
                    "assistant",
                    "Session 4411 is open on the robot controller; the Omnicell engineer can join now.",
                ),
            ],
        ],
        ["7Hq-river-", "93-Lantern!q"],
    ),
    (
        "en-srs-vpn-psk-two-parts",
        [
            [
                (
                    "user",
                    "Siemens needs the new IKEv2 PSK for the SRS remote-service tunnel entered on their side. Their portal form splits it in two fields. Part one: Gl4c13r-0tt3r-",
                ),
                ("assistant", "Noted part one. Send part two when ready."),
            ],
            [("user", "part two: 47-Pv9#x")],
            [
                (
                    "assistant",
                    "Both parts are in the Siemens form; submitting the tunnel change request.",
                )
            ],
        ],
        ["Gl4c13r-0tt3r-", "47-Pv9#x"],
    ),
    (
        "en-bitlocker-key-two-turns",
        [
            [
                (
                    "user",
                    "Nurse station PC NS-3E-04 is stuck on the BitLocker recovery screen, key ID starts 4F2A91C0. I got the recovery key from Intune, reading it out in groups: 418660-207845-551232",
                )
            ],
            [
                ("user", "-094171-600237-312895-447018-129063"),
                ("user", "it took it, Windows is booting"),
            ],
            [
                (
                    "assistant",
                    "Good. After it boots, suspend and resume BitLocker so the TPM protector is resealed, otherwise it will ask again after the next BIOS update.",
                )
            ],
        ],
        ["418660-207845-551232", "094171-600237-312895-447018-129063"],
    ),
    # --- English: spelled out, dictated, corrected ---
    (
        "en-mirth-password-typo-corrected",
        [
            [
                (
                    "user",
                    "Can you log into the Mirth Connect admin on mirth-prd-02 and see why ADT^A08 messages are queuing? user mirthadmin, password Qv7#pLr2wz",
                )
            ],
            [("user", "sorry, typo, it ends in x: Qv7#pLr2wx")],
            [
                (
                    "assistant",
                    "Logged in. The A08 channel's destination is erroring on a timeout to the lab system; 312 messages queued.",
                )
            ],
        ],
        ["Qv7#pLr2wz", "Qv7#pLr2wx"],
    ),
    (
        "en-wifi-psk-nato-spelled",
        [
            [
                (
                    "user",
                    "The new Zebra scanners in the pharmacy need to join HOSP-DEVICES. The Aruba guy on the phone is reading me the WPA2 key in NATO: kilo seven papa quebec two niner x-ray lima dash mike echo delta sierra. K, Q, L and M are capitals.",
                ),
                (
                    "assistant",
                    "So that's K7pQ29xL-Meds. I'll put it into the StageNow profile for the scanners.",
                ),
            ],
            [
                (
                    "call",
                    "write_file",
                    '{"path": "stagenow/pharmacy-wifi.xml", "content": "<wap-profile ssid=\\"HOSP-DEVICES\\" security=\\"WPA2-PSK\\" passphrase=\\"K7pQ29xL-Meds\\"/>"}',
                ),
                ("tool", "wrote 96 bytes to stagenow/pharmacy-wifi.xml"),
            ],
        ],
        [
            "kilo seven papa quebec two niner x-ray lima dash mike echo delta sierra",
            "K7pQ29xL-Meds",
        ],
    ),
    (
        "en-offline-ca-passphrase-words",
        [
            [
                (
                    "user",
                    "We're re-issuing the intermediate for the clinical Wi-Fi RADIUS certs. The offline root CA key is protected by a passphrase in the sealed envelope in the safe.",
                ),
                (
                    "assistant",
                    "OK. When you're at the offline CA laptop, tell me the passphrase or type it straight into the prompt there, whichever you prefer, and I'll walk you through the openssl steps.",
                ),
            ],
            [("user", "it's: walnut crisp ladder ember nine harbor violet")],
            [
                (
                    "assistant",
                    "Run the signing command on the offline laptop and enter it at the prompt. Then reseal the envelope.",
                )
            ],
        ],
        ["walnut crisp ladder ember nine harbor violet"],
    ),
    # --- English: credentials in tool calls and tool outputs ---
    (
        "en-curl-basic-auth-badge-api",
        [
            [
                (
                    "user",
                    "Badge sync to the door controllers failed overnight. Check whether the OnGuard API still accepts the integration account.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "curl -s -u svc_badgesync:Tr4ck-Badge-55e1 https://onguard.hosp.local/api/access/onguard/openaccess/version"}',
                ),
                ("tool", '{"product_version": "8.1.2", "status": "ok"}'),
                (
                    "assistant",
                    "The integration account still authenticates (OpenAccess 8.1.2), so the failure is elsewhere. I'll read the sync job log next.",
                ),
            ],
        ],
        ["Tr4ck-Badge-55e1"],
    ),
    (
        "en-env-dump-client-secret",
        [
            [
                ("user", "The FHIR facade container keeps restarting. Look at its environment."),
                ("call", "bash", '{"command": "docker exec fhir-facade env"}'),
                (
                    "tool",
                    "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\nHOSTNAME=4c2f9e0b1a77\nFHIR_BASE=https://ehr-fhir.hosp.local/R4\nEHR_CLIENT_ID=4b6e1f0c-93a2-4d57-8e0b-2f7c5a1d9e36\nEHR_CLIENT_SECRET=q9Vd2LxP0aZ7tRk3mW8sYbNc\nJAVA_OPTS=-Xmx512m\nTZ=Europe/London",
                ),
                (
                    "assistant",
                    "JAVA_OPTS caps the heap at 512 MB and the restarts line up with OOM kills. I'd raise it to -Xmx1536m.",
                ),
            ],
        ],
        ["q9Vd2LxP0aZ7tRk3mW8sYbNc"],
    ),
    (
        "en-log-prints-bearer-token",
        [
            [
                (
                    "user",
                    "Why is the PACS router rejecting studies from the ED CT since the upgrade?",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "journalctl -u pacs-router --since -1h | tail -n 4"}',
                ),
                (
                    "tool",
                    "Jun 11 09:14:02 pacs-rtr01 router[2211]: POST /dicomweb/studies -> 401\nJun 11 09:14:02 pacs-rtr01 router[2211]: DEBUG sent headers: Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwYWNzLXJvdXRlciIsImV4cCI6MTcxODA5OTk5OX0.N3k8x2_QpLz0mVtR6yWc1HsA9dFeUo4bKjGi7TnY5rE\nJun 11 09:14:02 pacs-rtr01 router[2211]: token expired at 2024-06-11T08:59:59Z\nJun 11 09:14:03 pacs-rtr01 router[2211]: retry 3/3 failed",
                ),
                (
                    "assistant",
                    "The router is sending an expired token; its refresh job is not running. Also, DEBUG logging prints the Authorization header, so it should be turned off.",
                ),
            ],
        ],
        [
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwYWNzLXJvdXRlciIsImV4cCI6MTcxODA5OTk5OX0.N3k8x2_QpLz0mVtR6yWc1HsA9dFeUo4bKjGi7TnY5rE"
        ],
    ),
    (
        "en-json-config-in-write-call",
        [
            [
                (
                    "user",
                    "Set up the Pyxis bridge on the new VM, read-only DB account is pyxis_ro, I'll give you the password next.",
                ),
                ("assistant", "Ready for it."),
            ],
            [("user", "Ph4rm!Ro#2024q")],
            [
                (
                    "call",
                    "write_file",
                    '{"path": "/etc/pyxis-bridge/config.json", "content": "{\\"db\\": {\\"host\\": \\"pyxis-sql01\\", \\"user\\": \\"pyxis_ro\\", \\"password\\": \\"Ph4rm!Ro#2024q\\"}, \\"poll_seconds\\": 30}"}',
                ),
                ("tool", "wrote 118 bytes to /etc/pyxis-bridge/config.json"),
                ("assistant", "Config written; mode is 0644 by default, I'll tighten it to 0600."),
            ],
        ],
        ["Ph4rm!Ro#2024q"],
    ),
    (
        "en-vault-output-bare-value",
        [
            [
                (
                    "user",
                    "Fetch the DICOM router service account password from Vault and update the router with it.",
                ),
                ("call", "bash", '{"command": "vault kv get -field=password kv/pacs/svc_router"}'),
                ("tool", "Kt2#vWq9!mLz"),
                (
                    "call",
                    "bash",
                    '{"command": "routerctl set-credential --user svc_router --password Kt2#vWq9!mLz"}',
                ),
                ("tool", "credential updated for svc_router"),
                ("assistant", "Router credential updated from Vault."),
            ],
        ],
        ["Kt2#vWq9!mLz"],
    ),
    (
        "en-github-recovery-codes-file",
        [
            [
                (
                    "user",
                    "Our GitHub org owner account (clinical-apps) needs its 2FA recovery codes in the safe. Print the file I downloaded so I can copy them on paper.",
                ),
                ("call", "bash", '{"command": "cat ~/Downloads/github-recovery-codes.txt"}'),
                ("tool", "8f3e1-7c2a9\nd04b6-5e8f1\n2a9c7-b13e0\n61fd2-9a0c4\n"),
                (
                    "assistant",
                    "Printed above. Once they're on paper, delete the file and empty the trash.",
                ),
            ],
        ],
        ["8f3e1-7c2a9", "d04b6-5e8f1", "2a9c7-b13e0", "61fd2-9a0c4"],
    ),
    (
        "en-next-message-announced",
        [
            [
                (
                    "user",
                    "I'll give you the new Imprivata OneSign appliance admin password in my next message. Just put it in Vault under appliances/onesign.",
                ),
                ("assistant", "OK."),
            ],
            [("user", "xR4-mZ9q-Lt2w")],
            [
                (
                    "call",
                    "bash",
                    '{"command": "vault kv put kv/appliances/onesign user=admin password=xR4-mZ9q-Lt2w"}',
                ),
                ("tool", "Success! Data written to: kv/appliances/onesign"),
            ],
        ],
        ["xR4-mZ9q-Lt2w"],
    ),
    # --- German ---
    (
        "de-pacs-admin-two-halves",
        [
            [
                (
                    "user",
                    "Wir müssen auf dem Sectra-PACS den Archiv-Job neu starten. Das Admin-Kennwort ist nach Vier-Augen-Prinzip geteilt. Die erste Hälfte ist Fj8#kW, die zweite hat Jürgen.",
                ),
                (
                    "assistant",
                    "Alles klar, ich warte auf den zweiten Teil von Jürgen, bevor ich mich anmelde.",
                ),
            ],
            [("user", "Jürgen schreibt: hinten dran kommt qz!72Lm")],
            [
                (
                    "call",
                    "bash",
                    '{"command": "sectra-cli archive restart --job nightly-lta --host pacs-arc01"}',
                ),
                ("tool", "job nightly-lta restarted (pid 30418)"),
                ("assistant", "Der Archiv-Job läuft wieder (PID 30418)."),
            ],
        ],
        ["Fj8#kW", "qz!72Lm"],
    ),
    (
        "de-wlan-passwort-tippfehler",
        [
            [
                (
                    "user",
                    "Das WLAN-Passwort für KH-AERZTE ist Nordlicht-4471-Eule, bitte ins Intune-Profil für die Stations-iPads.",
                ),
                ("user", "Sorry, Tippfehler, richtig ist Nordlicht-4417-Eule"),
            ],
            [("assistant", "Danke, ich nehme die korrigierte Version für das Profil KH-AERZTE.")],
        ],
        ["Nordlicht-4471-Eule", "Nordlicht-4417-Eule"],
    ),
    (
        "de-perfusor-servicecode-in-worten",
        [
            [
                ("user", "Die Perfusoren auf der Intensiv brauchen das neue Medikamentenprofil."),
                (
                    "assistant",
                    "Dafür muss ich die Kollegen durchs Servicemenü führen. Wie lautet der Servicecode?",
                ),
            ],
            [
                (
                    "user",
                    "sieben drei null neun eins vier, ich schreib's lieber aus, die Ziffern auf dem Zettel sind kaum lesbar",
                )
            ],
        ],
        ["sieben drei null neun eins vier"],
    ),
    # --- French ---
    (
        "fr-code-porte-local-technique",
        [
            [
                (
                    "user",
                    "Le technicien Dräger arrive à 14h pour les moniteurs de réa. Il faudra lui ouvrir le local technique du 2e étage.",
                ),
                (
                    "assistant",
                    "Je prépare le bon d'intervention. Quel est le code de la porte du local technique, pour que je le lui envoie à part ?",
                ),
            ],
            [("user", "5803#")],
            [("user", "et son badge visiteur c'est le V-112, celui-là n'a pas de code")],
        ],
        ["5803#"],
    ),
    (
        "fr-docker-run-orthanc-password",
        [
            [
                (
                    "user",
                    "Lance une instance Orthanc de test pour la radiologie, reliée à la base pg-test. Le mot de passe de la base est dans le coffre, je te le copie : Sq9!bRt2Lw",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "docker run -d --name orthanc-test -p 8042:8042 -e ORTHANC__POSTGRESQL__HOST=pg-test -e ORTHANC__POSTGRESQL__USERNAME=orthanc -e ORTHANC__POSTGRESQL__PASSWORD=Sq9!bRt2Lw orthancteam/orthanc:24.5.1"}',
                ),
                ("tool", "3e9b1d0c7a44f2e18b6c5d9a0f7e2c13b4a8d6f901e2c3b4a5d6e7f8091a2b3c"),
                ("assistant", "Orthanc de test lancé sur le port 8042."),
            ],
        ],
        ["Sq9!bRt2Lw"],
    ),
    # --- Spanish ---
    (
        "es-wifi-quirofanos-dictado",
        [
            [
                (
                    "user",
                    "La clave del wifi de quirófanos cambió. Me la dictan por teléfono: Q - u - i - r - 9 - 4 - ! - m - T - z, todo seguido.",
                ),
                ("assistant", "Entendido. ¿La cargo en el perfil de los carros de anestesia?"),
            ],
            [("user", "sí, en el perfil QX-ANEST")],
            [
                (
                    "call",
                    "mdm_profile_update",
                    '{"profile": "QX-ANEST", "wifi": {"ssid": "HQ-QUIROFANO", "security": "WPA2", "psk": "Quir94!mTz"}}',
                ),
                ("tool", "profile QX-ANEST updated; 22 devices pending"),
            ],
        ],
        ["Q - u - i - r - 9 - 4 - ! - m - T - z", "Quir94!mTz"],
    ),
    (
        "es-fresenius-contrasena-cambiada",
        [
            [
                (
                    "user",
                    "Para el portal de Fresenius: usuario dialisis.hrn, contraseña Ebro2024!kd. Descarga el informe de mantenimiento de las 4008S.",
                )
            ],
            [("user", "Lucía dice que la cambió ayer, ahora es Ebro2024!kD9")],
            [
                (
                    "assistant",
                    "Con la nueva entra. Informe de mantenimiento descargado: 11 máquinas, 2 con revisión vencida.",
                )
            ],
        ],
        ["Ebro2024!kd", "Ebro2024!kD9"],
    ),
    # --- Portuguese ---
    (
        "pt-ipsec-secrets-output",
        [
            [
                (
                    "user",
                    "O túnel IPsec com o laboratório externo caiu. Confere a configuração no gateway.",
                ),
                ("call", "bash", '{"command": "sudo cat /etc/ipsec.secrets"}'),
                (
                    "tool",
                    '# laboratorio externo\n203.0.113.10 198.51.100.7 : PSK "v8Rk2-Qm7Lx-Tz41p-Hy9Wc"\n',
                ),
                (
                    "assistant",
                    "A chave pré-compartilhada está configurada. O problema deve estar na fase 2; vou ver os logs do charon.",
                ),
            ],
        ],
        ["v8Rk2-Qm7Lx-Tz41p-Hy9Wc"],
    ),
    (
        "pt-qrcode-wifi-etiqueta",
        [
            [
                ("user", "Lê o QR code da etiqueta do access point da foto e diz-me a que rede é."),
                ("call", "bash", '{"command": "zbarimg --raw /tmp/ap-label.jpg"}'),
                ("tool", "WIFI:T:WPA;S:HOSP-CLINICO;P:Ipe-Amarelo#73;;"),
                ("assistant", "É a rede HOSP-CLINICO, com WPA."),
            ],
        ],
        ["Ipe-Amarelo#73"],
    ),
    # --- Italian ---
    (
        "it-otp-portale-mindray",
        [
            [
                (
                    "user",
                    "Devo accedere al portale assistenza Mindray per aprire il ticket sui monitor del pronto soccorso.",
                ),
                (
                    "assistant",
                    "Ho inserito utente e password del vault; il portale ora chiede il codice OTP arrivato via SMS. Me lo dici?",
                ),
            ],
            [("user", "731208")],
            [("assistant", "Accesso fatto. Ticket aperto: MR-IT-2024-03391.")],
        ],
        ["731208"],
    ),
    # --- Dutch ---
    (
        "nl-nedap-wachtwoord-verbeterd",
        [
            [
                (
                    "user",
                    "Log in op de Nedap-badgeserver en kijk waarom de nieuwe pasjes van de SEH niet werken. Gebruiker beheer, wachtwoord Tulp792!Ks",
                )
            ],
            [("user", "nee wacht, verkeerd overgetypt: Tulp729!Ks")],
            [
                (
                    "assistant",
                    "Ingelogd. De nieuwe pasjes staan in de groep SEH-2024 maar die heeft geen toegangsprofiel voor de SEH-deuren.",
                )
            ],
        ],
        ["Tulp792!Ks", "Tulp729!Ks"],
    ),
    # --- Polish ---
    (
        "pl-kolega-pyta-haslo-centrala",
        [
            [
                (
                    "user",
                    "Kasia z OIOM-u pyta, jakie jest hasło do centrali monitorującej Philips, bo po restarcie nie może się zalogować. Co jej odpisać?",
                ),
                (
                    "assistant",
                    "Nie znam tego hasła. Jeśli ktoś z zespołu je ma, niech przekaże je Kasi bezpośrednio, nie przez czat.",
                ),
            ],
            [
                (
                    "user",
                    "Marek odpisał w wątku: PIIC-oiom_8825. Możesz jej przygotować instrukcję logowania?",
                )
            ],
        ],
        ["PIIC-oiom_8825"],
    ),
    # --- Russian ---
    (
        "ru-ris-config-output",
        [
            [
                ("user", "Почему RIS не подключается к базе после переноса? Посмотри конфиг."),
                ("call", "bash", '{"command": "cat /opt/ris/conf/app.properties"}'),
                (
                    "tool",
                    "db.url=jdbc:postgresql://ris-db02:5432/ris\ndb.user=ris_app\ndb.password=Ql7$wTn2#Rk\npool.max=40\n",
                ),
                (
                    "assistant",
                    "Хост ris-db02 правильный, пароль задан. Проверю pg_hba.conf на новом сервере.",
                ),
            ],
        ],
        ["Ql7$wTn2#Rk"],
    ),
    (
        "ru-ivl-parol-dva-cheloveka",
        [
            [
                (
                    "user",
                    "Из чата:\nОлег: пароль от сервисной консоли аппаратов ИВЛ, первая часть Vo1ga_\nНина: а вторая 58kQ!w\nНадо скачать логи с аппарата в реанимации, номер 3.",
                )
            ],
            [
                (
                    "assistant",
                    "Понял. Подключусь к сервисной консоли аппарата №3 и выгружу логи за последние сутки.",
                )
            ],
        ],
        ["Vo1ga_", "58kQ!w"],
    ),
    # --- Ukrainian ---
    (
        "uk-pin-servisnoho-menyu",
        [
            [
                ("user", "Треба оновити бібліотеку ліків на інфузоматах у кардіології."),
                (
                    "assistant",
                    "Добре. Для цього потрібен сервісний режим на кожному насосі. Який ПІН-код сервісного меню?",
                ),
            ],
            [("user", "6 2 9 0 4 1")],
        ],
        ["6 2 9 0 4 1"],
    ),
    # --- Turkish ---
    (
        "tr-rowa-sifre-parcali",
        [
            [
                (
                    "user",
                    "Eczane robotunun (BD Rowa) uzak bakım hesabının şifresini kasada güncellemem lazım. İlk kısmı Rowa-Ist",
                ),
                ("assistant", "Tamam, devamını bekliyorum."),
            ],
            [("user", "sonra sonuna 58!kPz ekle")],
            [
                (
                    "call",
                    "bash",
                    '{"command": "vault kv put kv/vendors/rowa user=rowa_remote password=Rowa-Ist58!kPz"}',
                ),
                ("tool", "Success! Data written to: kv/vendors/rowa"),
            ],
        ],
        ["Rowa-Ist", "58!kPz", "Rowa-Ist58!kPz"],
    ),
    # --- Arabic ---
    (
        "ar-vpn-kalimat-murur",
        [
            [
                (
                    "user",
                    "أحتاج إلى الاتصال بشبكة VPN الخاصة بالمستشفى من المنزل لمراجعة واجهة HL7. أعدّ لي ملف الإعداد.",
                ),
                (
                    "assistant",
                    "حسناً. اسم المستخدم a.haddad كما في الدليل. ما كلمة المرور التي أعطاك إياها قسم تقنية المعلومات؟",
                ),
            ],
            [("user", "Nakhl-88*Qd")],
        ],
        ["Nakhl-88*Qd"],
    ),
    (
        "ar-switch-config-output",
        [
            [
                (
                    "user",
                    "راجع إعدادات المحوّل في قسم الطوارئ، الهواتف اللاسلكية لا تتصل بخادم RADIUS.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "ssh netops@sw-er-01 show running-config | include radius|snmp"}',
                ),
                (
                    "tool",
                    "radius-server host 10.20.0.15 auth-port 1812 key Mz8#radius-Q3\nsnmp-server community Xr7!er-ro RO\n",
                ),
                (
                    "assistant",
                    "عنوان خادم RADIUS صحيح، لكن المنفذ المحاسبي غير مضبوط. سأضيف acct-port 1813.",
                ),
            ],
        ],
        ["Mz8#radius-Q3", "Xr7!er-ro"],
    ),
    # --- Chinese ---
    (
        "zh-wifi-mima-mdm",
        [
            [
                (
                    "user",
                    "医护专用 Wi-Fi（SSID: YH-STAFF）的密码改了，新密码是 Hz7y-2024-rxQ8，帮我更新 MDM 里推给护士站平板的配置。",
                ),
                (
                    "call",
                    "mdm_profile_update",
                    '{"profile": "nurse-tablets", "wifi": {"ssid": "YH-STAFF", "security": "WPA2", "psk": "Hz7y-2024-rxQ8"}}',
                ),
                ("tool", "profile nurse-tablets updated; 146 devices pending"),
                ("assistant", "已更新，146 台平板等待下发。"),
            ],
        ],
        ["Hz7y-2024-rxQ8"],
    ),
    (
        "zh-robot-login-token",
        [
            [
                ("user", "查一下药房机器人今天的发药队列。"),
                (
                    "call",
                    "http_request",
                    '{"method": "POST", "url": "https://robot-api.hosp.local/v1/login", "body": {"username": "pharm_ops", "password": "Yaofang#5521x"}}',
                ),
                ("tool", '{"token": "rbt_3f8a1c9e7b2d4f60a5c8e1b7d9f2a4c6", "expires_in": 3600}'),
                (
                    "call",
                    "http_request",
                    '{"method": "GET", "url": "https://robot-api.hosp.local/v1/queue?date=today", "headers": {"Authorization": "Bearer rbt_3f8a1c9e7b2d4f60a5c8e1b7d9f2a4c6"}}',
                ),
                ("tool", '{"pending": 42, "in_progress": 3, "failed": 1}'),
                ("assistant", "今天队列：待处理 42，处理中 3，失败 1。"),
            ],
        ],
        ["Yaofang#5521x", "rbt_3f8a1c9e7b2d4f60a5c8e1b7d9f2a4c6"],
    ),
    # --- Japanese ---
    (
        "ja-mysql-p-flag",
        [
            [
                ("user", "薬剤部の調剤ロボットのログDBから昨日のエラー件数を出してください。"),
                (
                    "call",
                    "bash",
                    '{"command": "mysql -h yakuzai-db01 -u robo_ro -pK8v!sQ2mW4 robolog -e \\"select count(*) from errors where day = curdate() - interval 1 day\\""}',
                ),
                ("tool", "count(*)\n17"),
                ("assistant", "昨日のエラーは17件でした。"),
            ],
        ],
        ["K8v!sQ2mW4"],
    ),
    (
        "ja-badge-pin-fullwidth",
        [
            [
                ("user", "新しく来た臨床工学技士の入館カードがMEセンターの扉で使えません。"),
                (
                    "assistant",
                    "入退室管理システムで確認します。カードと一緒に暗証番号も必要な扉です。登録した暗証番号は何ですか？",
                ),
            ],
            [("user", "４８２７０１")],
        ],
        ["４８２７０１"],
    ),
    # --- Korean ---
    (
        "ko-doorlock-corrected",
        [
            [
                ("user", "내일 LG 엔지니어가 서버실 UPS 점검하러 와요."),
                ("assistant", "출입 안내 준비할게요. 서버실 도어락 비밀번호가 뭐예요?"),
            ],
            [("user", "1357*")],
            [("user", "아 잘못 말했어요, 1375* 예요")],
        ],
        ["1357*", "1375*"],
    ),
    # --- Hindi and Hinglish ---
    (
        "hi-asthayi-password",
        [
            [
                (
                    "user",
                    "नर्स स्टेशन के कंप्यूटर पर EHR में लॉगिन नहीं हो रहा। हेल्पडेस्क ने अस्थायी पासवर्ड भेजा है।",
                ),
                ("assistant", "ठीक है। अस्थायी पासवर्ड क्या है? पहली बार लॉगिन पर इसे बदलना होगा।"),
            ],
            [("user", "Temp@58214kv")],
        ],
        ["Temp@58214kv"],
    ),
    (
        "hi-hinglish-forticlient",
        [
            [
                (
                    "user",
                    "Bhai, FortiClient mein VPN connect nahi ho raha. Username r.sharma hai aur password Chai@Garam_92, kya main kuch galat daal raha hoon?",
                )
            ],
            [
                (
                    "assistant",
                    "Error log ke hisaab se password sahi hai, par aapka account 'VPN-Remote' group mein nahi hai. Group mein add karwa deta hoon.",
                )
            ],
        ],
        ["Chai@Garam_92"],
    ),
    # --- Amharic ---
    (
        "am-pump-pin",
        [
            [
                ("user", "በማዋለጃ ክፍል ያሉትን የኢንፊውዥን ፓምፖች የመድኃኒት ዝርዝር ማዘመን አለብን።"),
                ("assistant", "እሺ። ለዚህ የፓምፑ የአገልግሎት ሜኑ ያስፈልጋል። የአገልግሎት ሜኑ ፒን ስንት ነው?"),
            ],
            [("user", "ፒኑ 904713 ነው")],
        ],
        ["904713"],
    ),
    # --- Azerbaijani ---
    (
        "az-vpn-psk-duzelis",
        [
            [
                (
                    "user",
                    "Siemens ilə site-to-site VPN tunelinin əvvəlcədən paylaşılan açarı (PSK) belədir: Xz4r-Baki-71q",
                )
            ],
            [("user", "bağışla, səhv yazdım, düzgünü: Xz4r-Baki-17q")],
            [("assistant", "Düzəlişi qeyd etdim. Tuneli düzgün açarla yeniləyirəm.")],
        ],
        ["Xz4r-Baki-71q", "Xz4r-Baki-17q"],
    ),
    # --- Khmer ---
    (
        "km-wifi-printer",
        [
            [
                ("user", "សូមជួយកំណត់ម៉ាស៊ីនបោះពុម្ពស្លាកនៅផ្នែកសង្គ្រោះបន្ទាន់ ឲ្យភ្ជាប់ទៅ Wi-Fi HOSP-PRINT។"),
                ("assistant", "បាទ។ តើពាក្យសម្ងាត់ Wi-Fi របស់ HOSP-PRINT គឺជាអ្វី?"),
            ],
            [("user", "ពាក្យសម្ងាត់៖ Mekong!5520pr")],
        ],
        ["Mekong!5520pr"],
    ),
    # --- Macedonian ---
    (
        "mk-lozinka-tri-dela",
        [
            [
                (
                    "user",
                    "Ја ресетирав лозинката за администраторот на Aruba контролерот. За да не оди цела во една порака: првиот дел е ohr1d-",
                ),
                ("user", "вториот: 92Kl"),
            ],
            [
                ("user", "и третиот: m#Vx"),
                (
                    "assistant",
                    "Ги добив сите три дела. Ќе се најавам и ќе го проверам SSID-от за пумпите.",
                ),
            ],
        ],
        ["ohr1d-", "92Kl", "m#Vx"],
    ),
    # --- Sinhala ---
    (
        "si-arakshaka-prashnaya",
        [
            [
                (
                    "user",
                    "GE සහාය පෝටලයේ අපේ ගිණුම අගුළු වැටිලා. මුරපදය යළි සැකසීමට ආරක්ෂක ප්‍රශ්නයක් අහනවා: 'ඔබ මුලින්ම ගිය පාසලේ නම'.",
                ),
                ("assistant", "හරි. ඒ ප්‍රශ්නයට ලියාපදිංචි කළ පිළිතුර මොකක්ද?"),
            ],
            [("user", "පිළිතුර Rathnavali Balika කියලා දාලා තියෙන්නේ")],
        ],
        ["Rathnavali Balika"],
    ),
    # --- Telugu ---
    (
        "te-sshpass-hl7",
        [
            [
                ("user", "ల్యాబ్ ఇంటర్‌ఫేస్ సర్వర్‌లో HL7 లిసనర్ నడుస్తోందో లేదో చూడండి."),
                (
                    "call",
                    "bash",
                    '{"command": "sshpass -p Godav@ri_61x ssh labif@lab-if01 systemctl status hl7-listener --no-pager"}',
                ),
                (
                    "tool",
                    "hl7-listener.service - HL7 MLLP listener\n   Active: active (running) since Tue 2024-06-11 06:02:11 IST; 3h ago",
                ),
                ("assistant", "HL7 లిసనర్ ఉదయం 06:02 నుండి నడుస్తోంది."),
            ],
            [("user", "సరే. ఇకపై కమాండ్‌లో పాస్‌వర్డ్ పెట్టకండి, SSH కీ వాడండి.")],
        ],
        ["Godav@ri_61x"],
    ),
    # --- Zulu ---
    (
        "zu-ikhodi-yomnyango",
        [
            [
                (
                    "user",
                    "Uchwepheshe we-Wi-Fi uzofika kusasa ekuseni, udinga ukungena egumbini lamaseva.",
                ),
                (
                    "assistant",
                    "Kulungile, ngizomlungiselela. Iyini ikhodi yomnyango wegumbi lamaseva?",
                ),
            ],
            [("user", "Ikhodi ngu-3917#")],
        ],
        ["3917#"],
    ),
    # --- Hausa ---
    (
        "ha-kalmar-sirri-vpn",
        [
            [
                ("user", "Don Allah ka saita VPN a kwamfutar tafi-da-gidanka ta Dr. Bello."),
                (
                    "assistant",
                    "To. Sunan mai amfani shi ne m.bello. Menene kalmar sirri ta VPN da sashen IT suka ba ta?",
                ),
            ],
            [("user", "Kano#Rx4471b")],
        ],
        ["Kano#Rx4471b"],
    ),
    # --- Yoruba ---
    (
        "yo-oro-asina-meji",
        [
            [
                (
                    "user",
                    "Olùtajà Philips fẹ́ wọlé sí ẹ̀rọ MRI láti ọ̀nà jíjìn. Ọ̀rọ̀ aṣínà àkọọ́lẹ̀ iṣẹ́ náà pín sí méjì: apá àkọ́kọ́ ni Ibad4n-7Q",
                ),
                ("assistant", "Ó dáa, mo ń dúró de apá kejì."),
            ],
            [("user", "Tunde sọ pé apá kejì ni x!29wLe")],
        ],
        ["Ibad4n-7Q", "x!29wLe"],
    ),
    # --- Nepali ---
    (
        "ne-otp-devanagari-digits",
        [
            [
                ("user", "Omnicell पोर्टलमा लगइन गर्दा OTP माग्यो।"),
                ("assistant", "तपाईंको फोनमा आएको OTP कोड पठाउनुहोस्, म पोर्टलमा हाल्छु।"),
            ],
            [("user", "३८२९१७")],
        ],
        ["३८२९१७"],
    ),
    # --- Icelandic ---
    (
        "is-lykilord-leidrett",
        [
            [
                ("user", "Lykilorðið að stjórnborði lyfjaskápanna er Hekla-2291-fjall"),
                ("user", "Afsakið, innsláttarvilla, rétt er Hekla-2219-fjall"),
            ],
            [("assistant", "Takk, ég nota leiðrétta lykilorðið.")],
        ],
        ["Hekla-2291-fjall", "Hekla-2219-fjall"],
    ),
    # --- Estonian ---
    (
        "et-psql-connection-uri",
        [
            [
                ("user", "Kontrolli, kas laborisüsteemi andmebaas vastab uuelt serverilt."),
                (
                    "call",
                    "bash",
                    '{"command": "psql postgresql://lis_app:Saaremaa_8Tq4@lis-db01.hosp.local:5432/lis -c \\"select 1\\""}',
                ),
                ("tool", " ?column? \n----------\n        1\n(1 row)"),
                ("assistant", "Andmebaas vastab."),
            ],
        ],
        ["Saaremaa_8Tq4"],
    ),
    # --- Latvian ---
    (
        "lv-parole-divas-dalas",
        [
            [
                ("user", "Jaunā Wi-Fi kontroliera administratora parole, pirmā daļa: Daug4va-"),
                ("user", "otro daļu atsūtīs Jānis"),
            ],
            [("user", "Jānis: 7Rk!q31")],
        ],
        ["Daug4va-", "7Rk!q31"],
    ),
    # --- Lithuanian ---
    (
        "lt-slaptazodis-su-tarpais",
        [
            [
                (
                    "user",
                    "Vaistinės roboto administratoriaus slaptažodis, raidėmis su tarpais: K 7 m P 2 2 ! z (rašyti be tarpų)",
                ),
                (
                    "assistant",
                    "Supratau, K7mP22!z. Įrašysiu į slaptažodžių saugyklą, ne į dokumentaciją.",
                ),
            ],
        ],
        ["K 7 m P 2 2 ! z", "K7mP22!z"],
    ),
    # --- Slovenian ---
    (
        "sl-settings-json-api-key",
        [
            [
                (
                    "user",
                    "Zakaj integracija z lekarniškim sistemom ne deluje? Poglej konfiguracijo.",
                ),
                ("call", "bash", '{"command": "cat /srv/lekarna-bridge/settings.json"}'),
                (
                    "tool",
                    '{\n  "endpoint": "https://lekarna.bolnisnica.local/api",\n  "api_key": "lk_live_9fQ2vT7mZx4Rb8Wc1Np6",\n  "timeout": 5\n}',
                ),
                (
                    "assistant",
                    "Časovna omejitev je samo 5 sekund, lekarniški API pa odgovarja počasneje. Predlagam 30.",
                ),
            ],
        ],
        ["lk_live_9fQ2vT7mZx4Rb8Wc1Np6"],
    ),
    # --- Serbian ---
    (
        "sr-pin-kartice",
        [
            [
                ("user", "Нова картица др Петровић не отвара врата операционе сале."),
                (
                    "assistant",
                    "Проверићу у систему контроле приступа. Читач тражи и ПИН уз картицу. Који ПИН јој је додељен?",
                ),
            ],
            [("user", "ПИН је 27094")],
        ],
        ["27094"],
    ),
    # --- Kazakh ---
    (
        "kk-curl-api-key-header",
        [
            [
                (
                    "user",
                    "Зертхана жабдығы жеткізушісінің API-і жұмыс істеп тұр ма, тексеріп берші.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "curl -s -H \\"X-Api-Key: 5e1c-HQ-77a9-kZr2-0b4d\\" https://api.labvendor.example/v2/status"}',
                ),
                ("tool", '{"status": "degraded", "region": "eu-central"}'),
                ("assistant", "API жауап береді, бірақ күйі degraded."),
            ],
        ],
        ["5e1c-HQ-77a9-kZr2-0b4d"],
    ),
    # --- Uzbek ---
    (
        "uz-parol-ikki-yarim",
        [
            [
                (
                    "user",
                    "Rentgen bo'limidagi PACS ish stansiyasi uchun yangi parolning birinchi yarmi: Tosh8-",
                ),
                ("assistant", "Yaxshi, ikkinchi yarmini kutaman."),
            ],
            [("user", "ikkinchi yarmi: kent!R2q")],
        ],
        ["Tosh8-", "kent!R2q"],
    ),
    # --- Georgian ---
    (
        "ka-wifi-paroli-tumbos",
        [
            [
                ("user", "ახალი ინფუზიური ტუმბოები Wi-Fi-ს ვერ უკავშირდება."),
                (
                    "assistant",
                    "პროფილს შევამოწმებ. რა არის HOSP-PUMPS ქსელის პაროლი, რომ ტუმბოების კონფიგურაციაში ჩავწერო?",
                ),
            ],
            [("user", "Mtkvari_5518!zx")],
        ],
        ["Mtkvari_5518!zx"],
    ),
    # --- Armenian ---
    (
        "hy-env-file-auth-token",
        [
            [
                ("user", "Ստուգիր, թե ինչու չի աշխատում SMS ծանուցումների ծառայությունը։"),
                ("call", "bash", '{"command": "cat /opt/notify/.env"}'),
                (
                    "tool",
                    "SMS_PROVIDER=twilio\nTWILIO_ACCOUNT_SID=AC3f9b2c7e1d4a5068b9c0d1e2f3a4b5c6\nTWILIO_AUTH_TOKEN=9c2e7f1a4b8d3e6f0a5c7b9d2e4f6a81\nSMS_FROM=+37410555010",
                ),
                ("assistant", "Կարգավորումները տեղում են, ստուգեմ ծառայության լոգերը։"),
            ],
        ],
        ["9c2e7f1a4b8d3e6f0a5c7b9d2e4f6a81"],
    ),
    # --- Tamil ---
    (
        "ta-kadavuchol-thiruththam",
        [
            [("user", "PACS ஆர்க்கைவ் சர்வரின் கடவுச்சொல் Kaveri#3391m")],
            [("user", "மன்னிக்கவும், தவறாக எழுதிவிட்டேன்: சரியானது Kaveri#3319m")],
        ],
        ["Kaveri#3391m", "Kaveri#3319m"],
    ),
    # --- Malayalam ---
    (
        "ml-otp-drager",
        [
            [
                ("user", "Dräger പോർട്ടലിൽ വെന്റിലേറ്ററുകളുടെ സർവീസ് റിപ്പോർട്ട് എടുക്കണം."),
                ("assistant", "പോർട്ടൽ ഒരു OTP ചോദിക്കുന്നു. നിങ്ങളുടെ ഫോണിൽ വന്ന OTP പറയാമോ?"),
            ],
            [("user", "604 918")],
        ],
        ["604 918"],
    ),
    # --- Urdu ---
    (
        "ur-vpn-psk-tool-call",
        [
            [
                (
                    "user",
                    "لاہور والے کلینک کے ساتھ نئی VPN سرنگ بنا دیں۔ پری شیئرڈ کی (PSK) یہ ہے: Ravi-77#tQm2",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "vpnctl tunnel add --name clinic-lhr --peer 198.51.100.42 --ike v2 --psk Ravi-77#tQm2"}',
                ),
                ("tool", "tunnel clinic-lhr created; phase1 up"),
                ("assistant", "سرنگ clinic-lhr بن گئی ہے اور فیز 1 چل رہا ہے۔"),
            ],
        ],
        ["Ravi-77#tQm2"],
    ),
    # --- Persian ---
    (
        "fa-ramz-do-bakhsh",
        [
            [
                (
                    "user",
                    "رمز عبور حساب سرویس سامانه نوبت‌دهی دو بخش دارد. بخش اول پیش من است: Zagros4-",
                ),
                ("assistant", "بخش دوم دست چه کسی است؟"),
            ],
            [("user", "مریم می‌گوید بخش دوم: pQ!81v")],
        ],
        ["Zagros4-", "pQ!81v"],
    ),
    # --- Hebrew ---
    (
        "he-kod-delet",
        [
            [
                ("user", "הטכנאי של מערכת הדואר הפנאומטי מגיע מחר לחדר המכונות."),
                ("assistant", "אכין לו אישור כניסה. מה הקוד של הדלת לחדר המכונות?"),
            ],
            [("user", "6620#")],
        ],
        ["6620#"],
    ),
    # --- Thai ---
    (
        "th-backup-codes",
        [
            [
                (
                    "user",
                    "ช่วยเก็บรหัสสำรองของบัญชีผู้ดูแล Microsoft 365 ของโรงพยาบาลไว้ให้หน่อย: 8342-1957, 5061-7734, 0715-2846",
                ),
                ("assistant", "ไม่ควรเก็บรหัสสำรองไว้ในแชทนะครับ แนะนำให้พิมพ์เก็บไว้ในตู้เซฟ"),
            ],
        ],
        ["8342-1957", "5061-7734", "0715-2846"],
    ),
    # --- Vietnamese ---
    (
        "vi-mat-khau-bang-loi",
        [
            [
                (
                    "user",
                    "Mật khẩu Wi-Fi khu hồi sức mới đổi: chữ H viết hoa, rồi oa, chữ S viết hoa, rồi en, rồi bảy mươi bảy, cuối cùng là dấu chấm than.",
                ),
                ("assistant", "Tức là HoaSen77! đúng không?"),
            ],
            [("user", "Đúng rồi, cập nhật cho các máy tính xách tay của điều dưỡng nhé.")],
        ],
        [
            "chữ H viết hoa, rồi oa, chữ S viết hoa, rồi en, rồi bảy mươi bảy, cuối cùng là dấu chấm than",
            "HoaSen77!",
        ],
    ),
    # --- Indonesian ---
    (
        "id-bpjs-config-write",
        [
            [
                (
                    "user",
                    "Tolong pasang konfigurasi baru untuk integrasi BPJS di server bridging. Ini kredensial dari BPJS: cons_id 21983, secret key 7fQ2kL9mRx, user key c4b8e1f07a2d9e36b5c1a8f4d2e7b903.",
                ),
                (
                    "call",
                    "write_file",
                    '{"path": "/etc/bridging/bpjs.yaml", "content": "cons_id: 21983\\nsecret_key: 7fQ2kL9mRx\\nuser_key: c4b8e1f07a2d9e36b5c1a8f4d2e7b903\\n"}',
                ),
                ("tool", "wrote 88 bytes to /etc/bridging/bpjs.yaml"),
                ("assistant", "Konfigurasi terpasang. Saya restart layanan bridging sekarang."),
            ],
        ],
        ["7fQ2kL9mRx", "c4b8e1f07a2d9e36b5c1a8f4d2e7b903"],
    ),
    # --- Tagalog ---
    (
        "tl-pin-ng-pump",
        [
            [
                (
                    "user",
                    "Pakitulungan mo akong i-update ang drug library ng mga infusion pump sa NICU.",
                ),
                ("assistant", "Sige. Kailangan ko ang PIN ng biomed menu ng pump. Ano ang PIN?"),
            ],
            [("user", "055129")],
        ],
        ["055129"],
    ),
    # --- Swahili ---
    (
        "sw-nenosiri-sehemu-tatu",
        [
            [
                ("user", "Nenosiri jipya la seva ya maabara limegawanywa. Sehemu ya kwanza: Kili-"),
                ("user", "ya pili: m4nj4r0"),
            ],
            [("user", "na ya mwisho: _58Xq"), ("assistant", "Nimepokea sehemu zote tatu.")],
        ],
        ["Kili-", "m4nj4r0", "_58Xq"],
    ),
    # --- Greek ---
    (
        "el-log-sftp-url",
        [
            [
                ("user", "Γιατί αποτυγχάνει η νυχτερινή αποστολή εξετάσεων στο εθνικό σύστημα;"),
                ("call", "bash", '{"command": "tail -n 3 /var/log/export/export.log"}'),
                (
                    "tool",
                    "2024-06-11 03:00:01 INFO starting export\n2024-06-11 03:00:02 ERROR connect failed: sftp://exporter:Olymp0s!9zK@sftp.gov-health.example:22/in\n2024-06-11 03:00:02 ERROR host key mismatch",
                ),
                (
                    "assistant",
                    "Το σφάλμα είναι ασυμφωνία κλειδιού του host. Επίσης το log γράφει τον κωδικό στο URL, πρέπει να διορθωθεί.",
                ),
            ],
        ],
        ["Olymp0s!9zK"],
    ),
    # --- Czech ---
    (
        "cs-kolegyne-odepsala-heslo",
        [
            [
                (
                    "user",
                    "Honza se ptá, jaké je heslo k servisnímu účtu ventilátorů Hamilton, potřebuje stáhnout logy z ARO.",
                )
            ],
            [
                ("user", "Petra mu odepsala: Vltava-63!tr"),
                ("user", "Můžeš mu připravit postup, jak logy stáhnout?"),
            ],
        ],
        ["Vltava-63!tr"],
    ),
    # --- Swedish ---
    (
        "sv-losenord-fel-siffror",
        [
            [("user", "Lösenordet till patientlarmsservern (Ascom) är Tallbacken#82s")],
            [("user", "Förlåt, fel siffror: Tallbacken#28s")],
        ],
        ["Tallbacken#82s", "Tallbacken#28s"],
    ),
    # --- Finnish ---
    (
        "fi-curl-salasana",
        [
            [
                ("user", "Tarkista, toimiiko lääkekaappien rajapinta."),
                (
                    "call",
                    "bash",
                    '{"command": "curl -s -u laakekaappi_api:Sisu-91Lq!x https://omnicell.sairaala.local/api/health"}',
                ),
                ("tool", '{"status": "UP"}'),
                ("assistant", "Rajapinta vastaa, tila UP."),
            ],
        ],
        ["Sisu-91Lq!x"],
    ),
    # --- Norwegian ---
    (
        "no-psk-neste-tur",
        [
            [
                ("user", "Vi setter opp ny IPsec-tunnel mot leverandøren av journalsystemet."),
                (
                    "assistant",
                    "Jeg har lagt inn peer-adressen. Hva er den forhåndsdelte nøkkelen (PSK) leverandøren ga dere?",
                ),
            ],
            [("user", "fjord-Kx82-tinde-Q5")],
        ],
        ["fjord-Kx82-tinde-Q5"],
    ),
    # --- Danish ---
    (
        "da-adgangskode-i-ord",
        [
            [
                (
                    "user",
                    "Adgangskoden til badge-systemet er Mågestrand med stort M, og så tallet fireogtyve og et udråbstegn til sidst.",
                ),
                (
                    "assistant",
                    "Altså Mågestrand24! Jeg lægger den i adgangskodeboksen, ikke i vejledningen.",
                ),
            ],
        ],
        ["Mågestrand", "Mågestrand24!"],
    ),
    # --- Hungarian ---
    (
        "hu-api-kulcs-edit-call",
        [
            [
                (
                    "user",
                    "Add hozzá a Medtronic-integráció API-kulcsát a konfigurációhoz, ezt kaptuk: mdt_7Xq2-Lk9v-Ra41-Pz0c",
                ),
                (
                    "call",
                    "edit_file",
                    '{"path": "config/vendors.toml", "old": "api_key = \\"\\"", "new": "api_key = \\"mdt_7Xq2-Lk9v-Ra41-Pz0c\\""}',
                ),
                ("tool", "edited config/vendors.toml (1 change)"),
            ],
        ],
        ["mdt_7Xq2-Lk9v-Ra41-Pz0c"],
    ),
    # --- Romanian ---
    (
        "ro-parola-dializa-doua-ture",
        [
            [
                (
                    "user",
                    "Parola nouă pentru contul de service al aparatelor de dializă începe cu Carpati_",
                ),
                ("assistant", "Am notat începutul. Cum continuă?"),
            ],
            [("user", "și continuă cu 3x9Mw")],
        ],
        ["Carpati_", "3x9Mw"],
    ),
    # --- Bengali ---
    (
        "bn-nirapotta-uttor",
        [
            [
                (
                    "user",
                    "ফিলিপস পোর্টালে পাসওয়ার্ড রিসেট করতে নিরাপত্তা প্রশ্নের উত্তর চাইছে: 'আপনার প্রথম গাড়ির মডেল'।",
                ),
                ("assistant", "উত্তরটা কী সেট করা ছিল?"),
            ],
            [("user", "উত্তর হলো lal-corolla-98")],
        ],
        ["lal-corolla-98"],
    ),
    # --- Bulgarian ---
    (
        "bg-sqlcmd-parola",
        [
            [
                ("user", "Колко приема има днес в болничната система?"),
                (
                    "call",
                    "bash",
                    '{"command": "sqlcmd -S his-sql01 -U his_report -P Rila!7mQ2x -Q \\"SELECT COUNT(*) FROM admissions WHERE adm_date = CAST(GETDATE() AS date)\\""}',
                ),
                ("tool", "-----------\n        134\n\n(1 rows affected)"),
                ("assistant", "Днес има 134 приема."),
            ],
        ],
        ["Rila!7mQ2x"],
    ),
    # --- Croatian ---
    (
        "hr-lozinka-slovo-po-slovo",
        [
            [
                (
                    "user",
                    "Lozinka za admin sučelje Wi-Fi kontrolera, slovo po slovo: J-a-d-r-a-n-4-4-#-k",
                ),
                (
                    "assistant",
                    "Hvala. Prijavit ću se i provjeriti zašto se pumpe odspajaju s HOSP-PUMPS.",
                ),
            ],
        ],
        ["J-a-d-r-a-n-4-4-#-k"],
    ),
    # --- Slovak ---
    (
        "sk-sms-kod-kolegu",
        [
            [
                (
                    "user",
                    "Kolega Martin sa prihlasuje do portálu Siemens Healthineers a SMS kód prišiel na môj telefón.",
                ),
                ("assistant", "Môžeš mu kód poslať priamo. Ak ho mám zadať ja, napíš mi ho."),
            ],
            [("user", "kód: 219 645")],
        ],
        ["219 645"],
    ),
    # --- Spanish and German: more tool shapes ---
    (
        "es-connection-string-appsettings",
        [
            [
                (
                    "user",
                    "El servicio de citas no arranca en el servidor nuevo, revisa el appsettings.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "type C:\\\\inetpub\\\\citas\\\\appsettings.Production.json"}',
                ),
                (
                    "tool",
                    '{\n  "ConnectionStrings": {\n    "Citas": "Server=sql-citas01;Database=Citas;User Id=citas_app;Password=Jacaranda-4410!;TrustServerCertificate=True"\n  },\n  "Logging": { "LogLevel": { "Default": "Warning" } }\n}',
                ),
                (
                    "assistant",
                    "La cadena de conexión apunta a sql-citas01, que todavía no tiene abierto el puerto 1433 en el firewall.",
                ),
            ],
        ],
        ["Jacaranda-4410!"],
    ),
    (
        "de-kubectl-secret-decoded",
        [
            [
                (
                    "user",
                    "Der HL7-Dolmetscher im Cluster authentifiziert sich nicht mehr beim Labor. Schau dir das Secret an.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "kubectl get secret lab-hl7-creds -n integration -o jsonpath={.data.password} | base64 -d"}',
                ),
                ("tool", "Lb0r!Kx7-Feb24"),
                (
                    "assistant",
                    "Das Passwort endet auf Feb24, vermutlich ist es im Labor inzwischen rotiert worden. Ich frage beim Laborteam nach dem neuen.",
                ),
            ],
        ],
        ["Lb0r!Kx7-Feb24"],
    ),
    # --- French (Canada): split across speakers in one pasted thread ---
    (
        "fr-fil-teams-deux-moities",
        [
            [
                (
                    "user",
                    "Je colle le fil Teams :\nSophie : je mets la 1re moitié de la clé Wi-Fi du réseau des pompes ici, Er9b!Tulipe\nMarc : et la 2e, 2231-vQ\nPeux-tu mettre à jour le profil des pompes Alaris avec ça ?",
                )
            ],
            [
                (
                    "call",
                    "mdm_profile_update",
                    '{"profile": "alaris-pumps", "wifi": {"ssid": "HOSP-PUMPS", "security": "WPA2", "psk": "Er9b!Tulipe2231-vQ"}}',
                ),
                ("tool", "profile alaris-pumps updated; 212 devices pending"),
            ],
        ],
        ["Er9b!Tulipe", "2231-vQ", "Er9b!Tulipe2231-vQ"],
    ),
    # --- English: API key of unknown format, and an answer given by a colleague ---
    (
        "en-vendor-api-key-unknown-format",
        [
            [
                (
                    "user",
                    "The nurse-call vendor (Rauland) emailed us a key for their new cloud API. Can you wire it into the alarm-forwarding service? Here it is: RLD.k7Q2.p9Xw.4mLz.Tb81",
                ),
                (
                    "call",
                    "edit_file",
                    '{"path": "alarm-forwarder/.env", "old": "RAULAND_KEY=", "new": "RAULAND_KEY=RLD.k7Q2.p9Xw.4mLz.Tb81"}',
                ),
                ("tool", "edited alarm-forwarder/.env (1 change)"),
                (
                    "assistant",
                    "Wired in. I'll restart the forwarder in the maintenance window at 22:00.",
                ),
            ],
        ],
        ["RLD.k7Q2.p9Xw.4mLz.Tb81"],
    ),
    (
        "en-key-safe-code-colleague",
        [
            [
                (
                    "user",
                    "Biomed's spare-key safe in the workshop: I'm on nights and need the loan pump keys. Dave, what's the combination?",
                ),
                ("assistant", "I don't have it; Dave may answer in the thread."),
            ],
            [("user", "Dave: 0-4-7-7-1-9")],
        ],
        ["0-4-7-7-1-9"],
    ),
]

#: Sessions that hold no secret: every message must be stored whole (look-alikes: ids,
#: hashes, versions, hostnames, codes of other kinds, numbers asked for and given that are no
#: credentials, e.g. "what port?" / "8443", "which ticket?" / "OPS-4471").
AO_CLEAN: list[tuple[str, list[list[Message]]]] = [
    (
        "en-port-asked-given",
        [
            [
                (
                    "user",
                    "Stand up the FHIR subscription endpoint for the cardiology reporting system on int-app03.",
                ),
                ("assistant", "Which port should it listen on?"),
            ],
            [("user", "8443")],
            [
                (
                    "assistant",
                    "Listening on 8443 with the hospital CA certificate; I opened it on the host firewall for the cardiology subnet 10.44.12.0/24 only.",
                )
            ],
        ],
    ),
    (
        "en-ticket-asked-given",
        [
            [
                ("user", "Log the change for moving the pumps to the new SSID."),
                ("assistant", "Which ticket should I attach it to?"),
            ],
            [("user", "OPS-4471")],
            [("assistant", "Attached the change record to OPS-4471.")],
        ],
    ),
    (
        "en-git-log-which-commit",
        [
            [
                ("user", "Which commit broke the OBX-5 mapping in the lab interface repo?"),
                ("call", "bash", '{"command": "git log --oneline -4 -- mappings/oru_r01.py"}'),
                (
                    "tool",
                    "9f2c1e7 Map OBX-5 units to UCUM\n4b81d0a Trim OBX-3 coding system\ne03a5c2 Add NTE segment passthrough\n71cc94f Initial ORU mapping",
                ),
                (
                    "assistant",
                    "9f2c1e7 changed how OBX-5 units are mapped; the failures start after it. Reverting it on a branch to confirm.",
                ),
            ],
        ],
    ),
    (
        "en-drug-library-version",
        [
            [
                ("user", "What drug library version is on the 5 East pumps?"),
                (
                    "call",
                    "bash",
                    '{"command": "assetctl query --ward 5E --fields serial,dl_version"}',
                ),
                ("tool", "serial,dl_version\n13860021,14.2.1\n13860027,14.2.1\n13860040,13.9.0"),
                ("assistant", "Two are on 14.2.1, but 13860040 is still on 13.9.0."),
            ],
        ],
    ),
    (
        "en-ssh-host-fingerprint",
        [
            [
                ("user", "Connect to the new PACS archive node for the first time."),
                (
                    "call",
                    "bash",
                    '{"command": "ssh-keyscan -t ed25519 pacs-arc02 | ssh-keygen -lf -"}',
                ),
                (
                    "tool",
                    "256 SHA256:Yp3kR0v8Wq1mZc7tXb2nLd9sHf4gJa6eUo5iKy8QwEr pacs-arc02 (ED25519)",
                ),
                (
                    "assistant",
                    "Host key fingerprint is SHA256:Yp3kR0v8Wq1mZc7tXb2nLd9sHf4gJa6eUo5iKy8QwEr. Does it match the one in the build sheet?",
                ),
            ],
            [("user", "yes, matches the inventory entry")],
        ],
    ),
    (
        "en-cert-thumbprint-and-serial",
        [
            [
                (
                    "user",
                    "Check which certificate the RADIUS servers present for the clinical Wi-Fi.",
                ),
                (
                    "call",
                    "bash",
                    '{"command": "openssl x509 -in /etc/raddb/certs/server.pem -noout -serial -fingerprint -enddate"}',
                ),
                (
                    "tool",
                    "serial=4F1A09C27D3B8E6615A0\nSHA1 Fingerprint=3A:7F:C2:91:0B:6E:D4:58:A1:29:F0:7C:83:4D:E6:12:B9:05:7A:CC\nnotAfter=Sep 30 23:59:59 2024 GMT",
                ),
                (
                    "assistant",
                    "It expires on 30 September; serial 4F1A09C27D3B8E6615A0. I'll put a renewal reminder for early September.",
                ),
            ],
        ],
    ),
    (
        "en-password-policy-no-values",
        [
            [
                (
                    "user",
                    "Write the new credential policy into the runbook: passwords at least 14 characters, pump service PINs 6 digits and changed every 90 days, door codes changed when anyone leaves biomed, vendor accounts disabled between visits.",
                )
            ],
            [
                (
                    "assistant",
                    "Added as section 4.2 of the runbook, with the review date set to 2025-01-15.",
                )
            ],
        ],
    ),
    (
        "en-reset-done-vault-path",
        [
            [
                (
                    "user",
                    "I reset the PACS admin password this morning. It's in Vault under kv/pacs/admin, next rotation is due 2024-09-01. Update the runbook to point there.",
                )
            ],
            [
                (
                    "assistant",
                    "Runbook updated: the PACS admin credential lives at kv/pacs/admin, rotation due 2024-09-01.",
                )
            ],
        ],
    ),
    (
        "en-pin-length-and-door-code-no-value",
        [
            [
                ("user", "How many digits is the pump service PIN on the new Space firmware?"),
                (
                    "assistant",
                    "The 6.3 firmware accepts 4 to 6 digits. How many did biomed choose?",
                ),
            ],
            [("user", "6")],
            [
                (
                    "user",
                    "and the MDF door code was changed Monday, facilities has it, don't put it in the checklist",
                )
            ],
        ],
    ),
    (
        "en-otp-talk-no-code",
        [
            [
                (
                    "user",
                    "The Philips portal OTP expired before I typed it. I requested a new one and entered it myself, I'm in now. The code is valid for 10 minutes and has 6 digits, worth noting in the vendor guide.",
                )
            ],
            [
                (
                    "assistant",
                    "Noted in the vendor guide: Philips portal OTP, 6 digits, valid 10 minutes.",
                )
            ],
        ],
    ),
    (
        "en-firmware-sha256",
        [
            [
                (
                    "user",
                    "Verify the Alaris firmware package before we stage it. Vendor's published SHA-256 starts with 5d41c0e2.",
                ),
                ("call", "bash", '{"command": "sha256sum alaris-fw-12.1.3.bin"}'),
                (
                    "tool",
                    "5d41c0e2a7b94f3e18c6d02b9a7f51e3c8d4062f1b9e7a3c5d8f20e1b4a6c937  alaris-fw-12.1.3.bin",
                ),
                (
                    "assistant",
                    "The hash matches the vendor's: 5d41c0e2a7b94f3e18c6d02b9a7f51e3c8d4062f1b9e7a3c5d8f20e1b4a6c937.",
                ),
            ],
        ],
    ),
    (
        "en-config-with-references-only",
        [
            [
                ("user", "Are there any hard-coded secrets in the RIS config?"),
                ("call", "bash", '{"command": "cat /opt/ris/conf/app.properties"}'),
                (
                    "tool",
                    "db.url=jdbc:postgresql://ris-db02:5432/ris\ndb.user=ris_app\ndb.password=${RIS_DB_PASSWORD}\nsmtp.password=<from vault: kv/ris/smtp>\npool.max=40\n",
                ),
                (
                    "assistant",
                    "No: db.password comes from the RIS_DB_PASSWORD variable and the SMTP one from Vault.",
                ),
            ],
        ],
    ),
    (
        "de-raumnummer",
        [
            [
                ("user", "Der neue Switch für die Endoskopie ist angekommen."),
                ("assistant", "In welchen Raum soll er?"),
            ],
            [("user", "B2.114, Rack 3, Höheneinheit 22")],
        ],
    ),
    (
        "fr-identifiants-hl7",
        [
            [
                ("user", "Quel message a fait planter l'interface labo cette nuit ?"),
                (
                    "assistant",
                    "Il me faut l'identifiant. Tu as le MSH-10 ou le numéro d'accession ?",
                ),
            ],
            [("user", "MSH-10 = 20240611031522-77813, accession LAB24-0611-2290")],
            [
                (
                    "assistant",
                    "Trouvé : le segment OBX-7 contient une plage de référence mal formée.",
                )
            ],
        ],
    ),
    (
        "es-puerto-dicom-aetitle",
        [
            [
                ("user", "Hay que dar de alta el nuevo tomógrafo en el PACS."),
                ("assistant", "¿Qué AE title y qué puerto usa el equipo?"),
            ],
            [("user", "AE title HRN_CT02"), ("user", "puerto 104")],
            [("assistant", "Dado de alta HRN_CT02 en 10.30.6.40:104. Hice un C-ECHO y responde.")],
        ],
    ),
    (
        "pt-numero-chamado",
        [
            [
                ("user", "Fecha o pedido da troca do access point da pediatria."),
                ("assistant", "Qual é o número do chamado?"),
            ],
            [("user", "INC0091823")],
        ],
    ),
    (
        "it-indirizzo-ip-stampante",
        [
            [
                ("user", "La stampante dei braccialetti in pronto soccorso non stampa."),
                ("assistant", "Che indirizzo IP ha?"),
            ],
            [("user", "10.42.8.17")],
            [
                (
                    "assistant",
                    "Risponde al ping ma la porta 9100 è chiusa; probabilmente è in modalità di configurazione.",
                )
            ],
        ],
    ),
    (
        "nl-firmware-build",
        [
            [
                ("user", "De infuuspompen op de IC geven een communicatiefout."),
                ("assistant", "Welke firmware draaien ze?"),
            ],
            [("user", "6.3.2 build 4471")],
        ],
    ),
    (
        "pl-uuid-urzadzenia",
        [
            [
                ("user", "Sprawdź, czy nowa pompa jest zarejestrowana w systemie."),
                ("call", "bash", '{"command": "assetctl show --serial 13861188"}'),
                (
                    "tool",
                    "uuid: 7d3e2f10-8c4b-4a61-b9e2-05f7c1a8d394\nmodel: SpacePump\nward: 2N\nregistered: 2024-06-10",
                ),
                (
                    "assistant",
                    "Jest zarejestrowana od wczoraj, oddział 2N, UUID 7d3e2f10-8c4b-4a61-b9e2-05f7c1a8d394.",
                ),
            ],
        ],
    ),
    (
        "ru-nomer-zakaza",
        [
            [
                ("user", "Поставщик спрашивает про замену аккумуляторов для дефибрилляторов."),
                ("assistant", "Какой номер заказа?"),
            ],
            [("user", "4500127731")],
        ],
    ),
    (
        "tr-image-digest",
        [
            [
                ("user", "Üretimdeki HL7 dönüştürücü hangi imajla çalışıyor?"),
                ("call", "bash", '{"command": "docker inspect --format {{.Image}} hl7-converter"}'),
                ("tool", "sha256:b7e4c19a2f0d3856e1a9c4b7d2f08e63a5c1d9f4b2e7a0c8d3f6e9b1a4c7d2e0"),
                (
                    "assistant",
                    "sha256:b7e4c19a2f0d3856e1a9c4b7d2f08e63a5c1d9f4b2e7a0c8d3f6e9b1a4c7d2e0, yani 2.8.1 etiketi.",
                ),
            ],
        ],
    ),
    (
        "ja-naisen-bango",
        [
            [
                ("user", "MEセンターの当直に連絡したいです。"),
                ("assistant", "内線番号は何番ですか？"),
            ],
            [("user", "4471です")],
        ],
    ),
    (
        "zh-gongdan-hao",
        [
            [
                ("user", "放射科的 DR 设备又报错了。"),
                ("assistant", "厂家工单号是多少？我去跟进。"),
            ],
            [("user", "SR-20240611-0093")],
        ],
    ),
    (
        "ko-byeongsang-beonho",
        [
            [
                ("user", "중환자실 모니터 하나가 중앙 감시 장치에 안 보여요."),
                ("assistant", "몇 번 병상이에요?"),
            ],
            [("user", "12번")],
            [
                (
                    "assistant",
                    "12번 병상 모니터 IP가 바뀌어 있었어요. 10.55.3.112로 다시 등록했습니다.",
                )
            ],
        ],
    ),
    (
        "ar-isdar-albarnamaj",
        [
            [
                ("user", "أجهزة التنفس في العناية المركزة تحتاج تحديثاً."),
                ("assistant", "ما هو إصدار البرنامج الثابت الحالي؟"),
            ],
            [("user", "4.2.7")],
        ],
    ),
    (
        "hi-asset-tag",
        [
            [
                ("user", "ओटी 3 का सक्शन पंप ठीक से काम नहीं कर रहा।"),
                ("assistant", "उसका एसेट टैग क्या है?"),
            ],
            [("user", "HOSP-BME-00731")],
        ],
    ),
    (
        "sw-namba-ya-chumba",
        [
            [
                ("user", "Kompyuta ya wauguzi haiwashi."),
                ("assistant", "Iko chumba gani?"),
            ],
            [("user", "C-214, wodi ya watoto")],
        ],
    ),
    (
        "am-port-asked",
        [
            [
                ("user", "አዲሱን የላብራቶሪ መሳሪያ ከHL7 በይነገጽ ጋር ማገናኘት አለብን።"),
                ("assistant", "የትኛውን ፖርት ይጠቀማል?"),
            ],
            [("user", "2575")],
        ],
    ),
    (
        "is-utgafa",
        [
            [
                ("user", "Lyfjaskáparnir á bráðamóttökunni samstillast ekki."),
                ("assistant", "Hvaða hugbúnaðarútgáfa er á þeim?"),
            ],
            [("user", "11.4.2")],
        ],
    ),
    (
        "he-mispar-kria",
        [
            [
                ("user", "המדפסת במחלקה פנימית ב' עדיין לא עובדת."),
                ("assistant", "מה מספר הקריאה?"),
            ],
            [("user", "HD-77120")],
        ],
    ),
    (
        "th-ip-port-pacs",
        [
            [
                ("user", "เครื่องอัลตราซาวด์ใหม่ส่งภาพเข้า PACS ไม่ได้"),
                ("assistant", "IP และพอร์ตของ PACS ที่ตั้งไว้ในเครื่องคืออะไร?"),
            ],
            [("user", "10.30.4.21:11112")],
        ],
    ),
    (
        "vi-ma-loi-may-bom",
        [
            [
                ("user", "Máy bơm tiêm ở khoa nhi báo lỗi."),
                ("assistant", "Máy báo mã lỗi gì?"),
            ],
            [("user", "E-0417")],
        ],
    ),
    (
        "id-nomor-tiket",
        [
            [
                ("user", "Vendor sudah datang untuk perbaikan sistem antrean."),
                ("assistant", "Nomor tiketnya berapa?"),
            ],
            [("user", "TKT-2024-06-0193")],
        ],
    ),
    (
        "uk-seriynyi-nomer",
        [
            [
                ("user", "Дефібрилятор у приймальному відділенні не проходить самотест."),
                ("assistant", "Який серійний номер?"),
            ],
            [("user", "SN 4A77-3190-22")],
        ],
    ),
    (
        "ka-vlan",
        [
            [
                ("user", "ახალი ბეჯის წამკითხველები რომელ VLAN-ზე უნდა იყოს?"),
                ("assistant", "ბეჯის სისტემა VLAN 214-ზეა. ჩავრთო იქ?"),
            ],
            [("user", "კი, 214")],
        ],
    ),
    (
        "fa-nosakhe-hl7",
        [
            [
                ("user", "آزمایشگاه جدید کدام نسخه HL7 را پشتیبانی می‌کند؟"),
                ("assistant", "طبق مستندات فروشنده، نسخه 2.5.1."),
            ],
            [("user", "خوب، پس کانال را با 2.5.1 بساز")],
        ],
    ),
    (
        "tl-extension-biomed",
        [
            [
                ("user", "Kailangan kong tawagan ang biomed na naka-duty."),
                ("assistant", "Ano ang extension nila?"),
            ],
            [("user", "x4417")],
        ],
    ),
    (
        "zu-ikheli-le-mac",
        [
            [
                ("user", "Iphrinta yamalebula ekhemisi ayitholi ikheli le-IP."),
                ("call", "bash", '{"command": "arp -a | grep 10.42.9."}'),
                ("tool", "? (10.42.9.31) at 00:07:4d:8e:21:9c [ether] on eth0"),
                (
                    "assistant",
                    "Ikheli le-MAC lephrinta ngu-00:07:4d:8e:21:9c. Ngizoyibekela i-IP engaguquki ku-DHCP.",
                ),
            ],
        ],
    ),
    (
        "et-vlan-number",
        [
            [
                ("user", "Uued infusioonipumbad ei saa võrku."),
                ("assistant", "Mis VLAN-is need peaksid olema?"),
            ],
            [("user", "212")],
        ],
    ),
    (
        "lt-siurblio-serijinis",
        [
            [
                ("user", "Vienas infuzinis siurblys reanimacijoje vis signalizuoja."),
                ("assistant", "Koks jo serijinis numeris?"),
            ],
            [("user", "13857419, stovi 4 lovoje")],
        ],
    ),
]
