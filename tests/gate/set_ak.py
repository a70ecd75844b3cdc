# ruff: noqa: E501, RUF001 (the cases as written, in their own scripts)
"""Set AK: a hold-out set of secrets as they appear in agent sessions, and of look-alikes that
hold none, written on 2026-11-29 before its measurement by someone who had not read the rules,
in a setting no earlier set uses (a game studio's live-ops and build team: Unreal and Unity
builds, Perforce, Jenkins, console dev kits, PlayFab, Steamworks and Epic Online Services,
Photon, Sentry, Grafana, a billing service, player-support tooling, community managers and QA
contractors in several countries), to judge on what they were not shaped by that no secret is
stored in any form or language, and that memories which only talk about credentials, ids,
hashes and codes keep every character.

The secrets are session material as an agent host stores it: a user telling the agent a
credential in chat, casually, in thirty languages (typos, lower case, in parentheses, after a
dash, across two messages, the value first, spelled out with spaces or hyphens, user/pass,
login: and pass:, with emoji, in a list, in a table row, glued to a script without spaces, in
Cyrillic, Greek, Chinese or Arabic letters); tool output the agent reads (printenv and set
dumps, .env files, .netrc, .npmrc, .pypirc, Docker auths, .git-credentials, p4 tickets and
.p4config, kubectl secrets in YAML and JSON, terraform output and state, the AWS, gcloud, az,
vault and stripe CLIs, git remote -v, CI logs that echo a secret, stack traces with a
connection string, HTTP dumps and curl -v with Authorization, Cookie and Set-Cookie, SQL rows,
Jenkins credentials.xml and its script console, Unreal and Unity configuration, Steam Guard
and steamcmd files, webhook and signed URLs, JWTs, PEM and OpenSSH private keys, otpauth
seeds, recovery codes, Wi-Fi QR strings); tool-call arguments as JSON (Anthropic, OpenAI, MCP
and Gemini shapes, arguments double-encoded); and other encodings and forms (percent-encoding,
JSON escapes and double escapes, a value split over two lines, HTML and XML entities and
attributes, CSV, Dockerfile, Makefile, PowerShell, crontab, a .reg file, systemd, Compose,
Helm, C#, C++, Python and Lua source, shell history). Every value is made up."""

from __future__ import annotations

# (text, the secret value that must not appear in what is stored)
AK_SECRETS: list[tuple[str, str]] = [
    # --- chat in English: typos, lower case, two messages, value first, spelled out, user/pass, emoji, list, table ---
    (
        "ok the pw for the devkit in rack B is below, dont paste it anywhere else\n\nkelpie-Vortex-208",
        "kelpie-Vortex-208",
    ),
    (
        "passwrod for the jenkins admin is now brambleFox#22 (i changed it after Tomasz left)",
        "brambleFox#22",
    ),
    (
        "Quartz-Minnow-57 — that's what p4 login wants for the build_svc user, in case the ticket expires over the weekend.",
        "Quartz-Minnow-57",
    ),
    (
        "spelling it out because the font in the Jira field is awful: t i d e w r a i t h 4 4, all lowercase. that's the Sentry owner account pw",
        "t i d e w r a i t h 4 4",
    ),
    (
        "Steam partner login is kforge_release, password M-o-o-n-w-e-l-l-9-9 (ignore the hyphens, I'm spelling it so autocorrect leaves it alone)",
        "M-o-o-n-w-e-l-l-9-9",
    ),
    (
        "QA vpn creds for the Manila team: qa_manila/SaltMarsh!731",
        "SaltMarsh!731",
    ),
    (
        "login: cm_rafaela pass: violetSkiff88 — that's the community manager account on the Discord mod dashboard",
        "violetSkiff88",
    ),
    (
        "🔑 grafana admin → Nebula.Tankard.19 🙏 pls rotate it after the investor demo",
        "Nebula.Tankard.19",
    ),
    (
        "accounts the Bucharest QA vendor needs on day one:\n- TestRail: qa.vendor.ro (pw Castel-Bran-612)\n- Perforce: read-only, the ticket comes from IT\n- Jira: SSO, nothing to send",
        "Castel-Bran-612",
    ),
    (
        "| service | user | password | notes |\n|---|---|---|---|\n| Photon dashboard | liveops@kestrelforge.example | Coral!Reef!2044 | 2FA on Ana's phone |",
        "Coral!Reef!2044",
    ),
    (
        "I logged into PlayFab Game Manager with the shared ops account (pw: dustyLantern$5) and reset the season 7 leaderboard.",
        "dustyLantern$5",
    ),
    (
        "Unity dashboard shared login - ops@kestrelforge.example - Glimmer_Harbor_33",
        "Glimmer_Harbor_33",
    ),
    (
        "code for the devkit cage on the 3rd floor is 4719 then #, facilities changed it this morning",
        "4719",
    ),
    (
        "can you update the runbook? the new billing-admin password is Saffron Tiger Wakes At Noon (with the spaces, it's a passphrase)",
        "Saffron Tiger Wakes At Noon",
    ),
    (
        "heads up: PS5 devkit in QA bay 2, user root, pw is the old one with a 3 on the end: GraniteOwl3",
        "GraniteOwl3",
    ),
    (
        "oops, that was meant for Priya — it's the Steam Guard recovery code for the publisher account, R47291",
        "R47291",
    ),
    (
        "Mesa-Roja-1987. That one is the guest wifi at the Guadalajara QA office, if the contractors ask again.",
        "Mesa-Roja-1987",
    ),
    # --- chat in German, French, Spanish, Portuguese, Italian, Dutch ---
    (
        "das pw für den PS5-devkit im QA-raum ist grauerOtter!47, bitte nicht ins Confluence schreiben",
        "grauerOtter!47",
    ),
    (
        "Kennwort vom Jenkins-Agent auf build-win-03: Zugspitze_Nebel_9 – ist ein lokales Konto, nicht die Domäne.",
        "Zugspitze_Nebel_9",
    ),
    (
        "Passwrot für den Perforce-Replica in Hamburg lautet jetzt Lichtung#Harz61, hab's gerade geändert",
        "Lichtung#Harz61",
    ),
    (
        "Ich schick dir gleich das Kennwort für den Steam-Build-Account.\nHier: Forelle+Bergbach=17",
        "Forelle+Bergbach=17",
    ),
    (
        "Le mot de passe du compte Steamworks partagé, c'est (attention aux majuscules) BrumeDeMars_72.",
        "BrumeDeMars_72",
    ),
    (
        "mdp grafana : pieuvre-lunaire-308 — je le change lundi, promis",
        "pieuvre-lunaire-308",
    ),
    (
        "« Falaise.Sel.88 », voilà le mot de passe du kit de dev Switch qui est au labo QA de Montréal.",
        "Falaise.Sel.88",
    ),
    (
        "le mot de passe, lettre par lettre : c-o-r-s-a-i-r-e-2-0-2-6, c'est celui du compte Epic de l'équipe release",
        "c-o-r-s-a-i-r-e-2-0-2-6",
    ),
    (
        "la contraseña del devkit de Xbox es Tiburon_Azul_5 (con mayúscula al principio), la puso Diego ayer",
        "Tiburon_Azul_5",
    ),
    (
        "usuario: soporte_mx / clave: chilaquil3s!Verde — es la cuenta compartida de Zendesk para el turno de noche",
        "chilaquil3s!Verde",
    ),
    (
        "Te paso la clave del panel de Photon en el siguiente mensaje.\n\nAquí va: Cenote-Oscuro-41",
        "Cenote-Oscuro-41",
    ),
    (
        "senha do jenkins pra galera do QA de Recife: Caju#Maresia90",
        "Caju#Maresia90",
    ),
    (
        "A senha do PlayFab da conta de suporte é jangada.azul.17 — não compartilha no Discord, por favor.",
        "jangada.azul.17",
    ),
    (
        "la password della console di Sentry è Gabbiano!Notturno3, l'ha cambiata Luca stamattina",
        "Gabbiano!Notturno3",
    ),
    (
        "pw del kit di sviluppo PS5 (quello nella sala QA): cipresso_vento_55",
        "cipresso_vento_55",
    ),
    (
        "credenziali del QA esterno di Milano: qa_mi_07/Navigli.Nebbia.22",
        "Navigli.Nebbia.22",
    ),
    (
        "Het wachtwoord van de build-VM is Molenwiek.Storm.28, gebruiker kfbuild.",
        "Molenwiek.Storm.28",
    ),
    (
        "ww voor de Grafana-viewer: dijkgraaf!402 (alles kleine letters)",
        "dijkgraaf!402",
    ),
    (
        "login: support_nl pass: stroopwafel!Regen6 — gedeeld account voor de Helpshift-inbox",
        "stroopwafel!Regen6",
    ),
    # --- chat in Polish, Czech, Russian, Ukrainian, Greek, Turkish ---
    (
        "Hasło do konta testera na Steamie to Smok_Wawelski_81, login kf_qa_pl03.",
        "Smok_Wawelski_81",
    ),
    (
        "haslo do vpn dla kontraktorow: Kopiec@Krak0w, user taki sam jak w mailu",
        "Kopiec@Krak0w",
    ),
    (
        "Hasłem Sowa.Nocna.612 już się nie zalogujesz do Perforce'a, ktoś je zmienił w nocy?",
        "Sowa.Nocna.612",
    ),
    (
        "Heslo k build agentovi je Vltava.Mlha.31, uživatel kfbuild.",
        "Vltava.Mlha.31",
    ),
    (
        "heslo do Grafany: knedlik_s_povidly7",
        "knedlik_s_povidly7",
    ),
    (
        "Пароль от админки Grafana — ZimniySad_63, логин admin. Только никому.",
        "ZimniySad_63",
    ),
    (
        "пароль от вайфая в тестовой: ледокол2026 (русскими буквами, да)",
        "ледокол2026",
    ),
    (
        "Доступы для подрядчика из Алматы:\n1. VPN — kz_qa_02 / Tulpan-Step-55\n2. TestRail — через SSO",
        "Tulpan-Step-55",
    ),
    (
        "Пароль до Perforce для білд-агента: Kalyna!Dnipro44, не змінюйте без мене.",
        "Kalyna!Dnipro44",
    ),
    (
        "Ось пароль від ігрового акаунта для QA — соняшник_полтава_8",
        "соняшник_полтава_8",
    ),
    (
        "Ο κωδικός για το Jenkins είναι Ελιά_Κρήτη_52 — με ελληνικούς χαρακτήρες.",
        "Ελιά_Κρήτη_52",
    ),
    (
        "κωδικός devkit (αυτό στο εργαστήριο QA): Meltemi!Naxos8",
        "Meltemi!Naxos8",
    ),
    (
        "Jenkins şifresi: Lale#Bogaz2026, kullanıcı adı ci-deploy.",
        "Lale#Bogaz2026",
    ),
    (
        "devkitin şifresini unuttum sandım ama buldum: martı-köprü-73",
        "martı-köprü-73",
    ),
    (
        "🎮 devkit root şifresi 👉 Kapadokya_Balon_4 👈 kimseye söyleme 🤫",
        "Kapadokya_Balon_4",
    ),
    # --- chat in Arabic, Hebrew, Persian, Hindi, Bengali ---
    (
        "كلمة المرور لحساب الدعم في Zendesk هي Nakhla#Sahra55 ولا تشاركها مع أحد.",
        "Nakhla#Sahra55",
    ),
    (
        "كلمة السر لجهاز التطوير في مختبر الاختبار: صقر_الخليج_٤٢",
        "صقر_الخليج_٤٢",
    ),
    (
        "הסיסמה לחשבון ה-Steam של צוות ה-QA היא Tamar!Eilat93, אל תשנו אותה.",
        "Tamar!Eilat93",
    ),
    (
        "סיסמה לשרת הבילד: Hermon-Sheleg-4 (אות גדולה בהתחלה)",
        "Hermon-Sheleg-4",
    ),
    (
        "אני שולח לך את הסיסמה של ה-devkit בהודעה הבאה.\nNegev_Ruach_19",
        "Negev_Ruach_19",
    ),
    (
        "رمز عبور پنل Grafana این است: Anar_Yalda_1403",
        "Anar_Yalda_1403",
    ),
    (
        "پسورد vpn تیم تست: golnar-shiraz-77 (همه حروف کوچک)",
        "golnar-shiraz-77",
    ),
    (
        "QA टीम के लिए Jenkins का पासवर्ड है: Peepal@Pune2026",
        "Peepal@Pune2026",
    ),
    (
        "डेवकिट का पासवर्ड — mausam_barsaat_64 — किसी को मत भेजना।",
        "mausam_barsaat_64",
    ),
    (
        "bhai jenkins ka pasword badal diya, naya wala hai chai-samosa-404",
        "chai-samosa-404",
    ),
    (
        "প্লেফ্যাব অ্যাকাউন্টের পাসওয়ার্ড হলো Ilish!Padma38, কাউকে দিও না।",
        "Ilish!Padma38",
    ),
    (
        "টেস্ট সার্ভারের পাসওয়ার্ড: shapla-sylhet-19",
        "shapla-sylhet-19",
    ),
    # --- chat in Chinese, Japanese, Korean ---
    (
        "打包机的密码是 Qingming_Yu_66，别发到群里。",
        "Qingming_Yu_66",
    ),
    (
        "P4 账号 kf_build，密码：长江后浪2026",
        "长江后浪2026",
    ),
    (
        "客服後台的密碼是 Taipei101!Wind，記得下週改掉。",
        "Taipei101!Wind",
    ),
    (
        "密码我一个一个字打：h u o g u o - 7 7，是 Photon 后台的",
        "h u o g u o - 7 7",
    ),
    (
        "開発機のパスワードはKitsune-Yuki-27です。大文字に注意してください。",
        "Kitsune-Yuki-27",
    ),
    (
        "Jenkinsのパスワード、念のため書いとく→ sakura_fubuki_88",
        "sakura_fubuki_88",
    ),
    (
        "「hotaru-natsu-31」がQA用Steamアカウントのパスワードです。",
        "hotaru-natsu-31",
    ),
    (
        "빌드 서버 비밀번호는 Hangang!Bam74 입니다. 외부 공유 금지.",
        "Hangang!Bam74",
    ),
    (
        "비번: dalbit-gimbap-09 (전부 소문자)",
        "dalbit-gimbap-09",
    ),
    (
        "| 서비스 | 계정 | 비밀번호 |\n|---|---|---|\n| Sentry | qa-seoul | Namsan!Tower82 |",
        "Namsan!Tower82",
    ),
    # --- chat in Vietnamese, Thai, Indonesian, Tagalog ---
    (
        "Mật khẩu tài khoản QA trên Steam là HoGuom_Rua_26, đừng đổi nhé.",
        "HoGuom_Rua_26",
    ),
    (
        "mk vpn cho team test ở Sài Gòn: banhmi@BenThanh7",
        "banhmi@BenThanh7",
    ),
    (
        "pass devkit la pho-bo-tai-12 nha, dung quen",
        "pho-bo-tai-12",
    ),
    (
        "รหัสผ่านของเครื่อง devkit คือ Mango_Sticky_45 นะครับ",
        "Mango_Sticky_45",
    ),
    (
        "พาสเวิร์ด Jenkins: ChaoPhraya#2026 อย่าส่งต่อนะ",
        "ChaoPhraya#2026",
    ),
    (
        "รหัสwifiห้องQAคือtomyumkung88นะ",
        "tomyumkung88",
    ),
    (
        "Password akun PlayFab buat tim support: Komodo!Rinca61, jangan disebar ya.",
        "Komodo!Rinca61",
    ),
    (
        "sandi wifi lab QA Bandung: angklung-sore-14",
        "angklung-sore-14",
    ),
    (
        "akun Grafana buat on-call – oncall@kestrelforge.example – Rendang#Padang33",
        "Rendang#Padang33",
    ),
    (
        "Ang password ng devkit sa QA room ay Sampaguita!Manila5, huwag mong ibahagi.",
        "Sampaguita!Manila5",
    ),
    (
        "pw ng jenkins natin: adobo-manok-2026 hehe wag mo ipost sa gc",
        "adobo-manok-2026",
    ),
    # --- chat in Swedish, Finnish, Hungarian, Romanian, Swahili ---
    (
        "Lösenordet till Perforce-kontot är Fjallripa#19, användare qa_sthlm.",
        "Fjallripa#19",
    ),
    (
        "lösen till devkitet: kanelbulle-mörk-3",
        "kanelbulle-mörk-3",
    ),
    (
        "Jenkinsin salasana on Revontuli_Inari_88.",
        "Revontuli_Inari_88",
    ),
    (
        "Devkitille pääsee salasanalla Saimaa.Norppa.6, käyttäjä admin.",
        "Saimaa.Norppa.6",
    ),
    (
        "A Jenkins jelszava: Balaton!Vitorla27, a felhasználó kfbuild.",
        "Balaton!Vitorla27",
    ),
    (
        "A devkit jelszavát (Tokaji_Aszu_5) ne írd be a wikibe!",
        "Tokaji_Aszu_5",
    ),
    (
        "Parola pentru contul de QA pe Steam este Carpati_Ceata_44.",
        "Carpati_Ceata_44",
    ),
    (
        "parola vpn: sarmale-duminica-9 (fără majuscule)",
        "sarmale-duminica-9",
    ),
    (
        "Nenosiri la akaunti ya QA kwenye Steam ni Simba_Serengeti_73, usilishiriki.",
        "Simba_Serengeti_73",
    ),
    (
        "nywila ya vpn ya timu ya majaribio: Kilimanjaro#Theluji9",
        "Kilimanjaro#Theluji9",
    ),
    (
        "Twiga-Mwezi-58 ndiyo nenosiri jipya la seva ya build.",
        "Twiga-Mwezi-58",
    ),
    # --- tool output: environment dumps and dotenv files ---
    (
        "$ printenv | sort | grep -E '^(P4|STEAM|UE_)'\nP4CHARSET=utf8\nP4CLIENT=build-win-03_tidebreak_main\nP4PASSWD=Lantern$Keep_2026\nP4PORT=ssl:perforce.kestrelforge.example:1666\nP4USER=build_svc\nSTEAM_USERNAME=kforge_builder\nUE_SDKS_ROOT=D:\\AutoSDK",
        "Lantern$Keep_2026",
    ),
    (
        "C:\\jenkins\\workspace\\tidebreak-win64> set\nALLUSERSPROFILE=C:\\ProgramData\nBUILD_NUMBER=4812\nCOMPUTERNAME=BUILD-WIN-07\nJOB_NAME=tidebreak-win64\nNUMBER_OF_PROCESSORS=32\nSTEAM_WEB_API_KEY=72528988DAC7A63FB4FC7EA614247C24\nTEMP=C:\\Users\\svc_build\\AppData\\Local\\Temp",
        "72528988DAC7A63FB4FC7EA614247C24",
    ),
    (
        "$ kubectl -n gameservers exec gs-tidebreak-eu-7x2kq -c game -- env\nPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\nHOSTNAME=gs-tidebreak-eu-7x2kq\nAGONES_SDK_GRPC_PORT=9357\nMATCH_REGION=eu-west\nMATCHMAKER_HMAC_KEY=2xcy2My8jwDS8NLC/RWptErtbgDRfhZYdo1JDtGLEVY=\nTICK_RATE=30\nHOME=/home/server",
        "2xcy2My8jwDS8NLC/RWptErtbgDRfhZYdo1JDtGLEVY=",
    ),
    (
        "$ cat services/billing/.env\nNODE_ENV=production\nPORT=8080\nSTRIPE_SECRET_KEY=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\nSTRIPE_API_VERSION=2024-06-20\nLEDGER_DB_HOST=billing-db.internal",
        "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",
    ),
    (
        "# community-bot/.env  (Rafaela's laptop)\nDISCORD_BOT_TOKEN=Nzk0NDg1Nzg4NDcwNzU4NTMxNA.2fLTn8.tc60RrYFmC9uIvhx9OgsWI0HnWOWbDs-sZ7JW8\nDISCORD_GUILD_ID=1098234417726410863\nMOD_LOG_CHANNEL=1154097762843300921",
        "Nzk0NDg1Nzg4NDcwNzU4NTMxNA.2fLTn8.tc60RrYFmC9uIvhx9OgsWI0HnWOWbDs-sZ7JW8",
    ),
    (
        "ZENDESK_SUBDOMAIN=kestrelforge\nZENDESK_EMAIL=support-bot@kestrelforge.example/token\nZENDESK_API_TOKEN=UMvx728pEfRJFJhYPB0B7ZnmGsF2yaLd49vCgZuS\nMACRO_REFUND_ID=360291845512",
        "UMvx728pEfRJFJhYPB0B7ZnmGsF2yaLd49vCgZuS",
    ),
    (
        "$ cat .env.eos\nEOS_PRODUCT_ID=f44e2755f15f27172017c8a116dd36c1\nEOS_SANDBOX_ID=3231c140d977073376bf1a6dc939e601\nEOS_DEPLOYMENT_ID=ed67ed65997b6100ed2d892ad5133777\nEOS_CLIENT_ID=xyza7891QrsxVfvFlnduC3kM9562XfLA\nEOS_CLIENT_SECRET=8D0BVtNNhuUYSWIN2vISpERLUuFpZn6d9y5XrVtInq0",
        "8D0BVtNNhuUYSWIN2vISpERLUuFpZn6d9y5XrVtInq0",
    ),
    (
        "$ env | grep BROWSERSTACK\nBROWSERSTACK_USERNAME=kestrelforge_qa1\nBROWSERSTACK_ACCESS_KEY=mByqc00Hca3nVrVVZX2W\nBROWSERSTACK_LOCAL=true",
        "mByqc00Hca3nVrVVZX2W",
    ),
    (
        "agent@kf-tools:~$ env | grep -i key\nANTHROPIC_API_KEY=sk-ant-api03-NbljkdknuUdytNvwuruDnmXWl-XVGWfGdjDViFbYNPlBaeaul1iMPYZrDZ5kbDNnaFfqR5Kqc2hzFP1USzN7mdFyhksW7AA\nSSH_AUTH_SOCK=/tmp/ssh-XXXXk2T9/agent.1882",
        "sk-ant-api03-NbljkdknuUdytNvwuruDnmXWl-XVGWfGdjDViFbYNPlBaeaul1iMPYZrDZ5kbDNnaFfqR5Kqc2hzFP1USzN7mdFyhksW7AA",
    ),
    (
        "Here's what `cat ~/.config/loc-bot/config.env` shows:\n\nOPENAI_API_KEY=sk-proj-86MB7TJikmRjilk-pySIIKEK6u1O4jfPZO5MAfB-OeqfH4z0srEKfSx8GN-bYkkTDYF6DCnJNca7ZrBleS9f1JsGeGZATJ2qSXLVnq0Wo2xcJz_e5xQqLqPu8BdZ\nLOC_TARGETS=de,fr,es-419,pt-BR,ja,ko,zh-Hans",
        "sk-proj-86MB7TJikmRjilk-pySIIKEK6u1O4jfPZO5MAfB-OeqfH4z0srEKfSx8GN-bYkkTDYF6DCnJNca7ZrBleS9f1JsGeGZATJ2qSXLVnq0Wo2xcJz_e5xQqLqPu8BdZ",
    ),
    # --- tool output: credential files (netrc, npmrc, pypirc, docker, git, p4) ---
    (
        "$ cat ~/.netrc\nmachine git.kestrelforge.example\n  login build-bot\n  password glpat-iN_zk4GMxyteNn8VjhEO\nmachine artifacts.kestrelforge.example\n  login build-bot\n  password (see vault)",
        "glpat-iN_zk4GMxyteNn8VjhEO",
    ),
    (
        "$ cat ~/.npmrc\nregistry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=npm_vsb7vr0t3zRcZmAIkG3Luo20wsxtRQOtLhxM\n@kestrelforge:registry=https://registry.npmjs.org/",
        "npm_vsb7vr0t3zRcZmAIkG3Luo20wsxtRQOtLhxM",
    ),
    (
        "$ cat web/launcher/.npmrc\n@kf:registry=https://verdaccio.kestrelforge.example/\n//verdaccio.kestrelforge.example/:_auth=d2VidG9vbHM6UHVtaWNlLURlbHRhLTM4\nalways-auth=true",
        "d2VidG9vbHM6UHVtaWNlLURlbHRhLTM4",
    ),
    (
        "$ cat ~/.pypirc\n[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = pypi-AgEIcHlwaS5vcmc0mjZr_dT_EVGHlS7M9bmVQdlOCB9D6I5bSwofQdZuagjAzZAZZv9Asgg-znoBdrI_FK_5qXWJP9S3TDKjQKLi5wvuqjDWBDo-7K4PrsM1U8DvxUg0bjhsPXMU_bOom73jyg1lgoCzePslhHIIutDZ7",
        "pypi-AgEIcHlwaS5vcmc0mjZr_dT_EVGHlS7M9bmVQdlOCB9D6I5bSwofQdZuagjAzZAZZv9Asgg-znoBdrI_FK_5qXWJP9S3TDKjQKLi5wvuqjDWBDo-7K4PrsM1U8DvxUg0bjhsPXMU_bOom73jyg1lgoCzePslhHIIutDZ7",
    ),
    (
        '$ cat ~/.docker/config.json\n{\n  "auths": {\n    "kfbuilds.azurecr.io": {\n      "auth": "a2ZidWlsZHM6QlZuc0tWNHB5a1hEeHIzS3JlMjhpTFZIeGs9R3RRYlNhb3lHb2FkTz1zOS9DUHQ2YlptbQ=="\n    }\n  },\n  "credsStore": ""\n}',
        "a2ZidWlsZHM6QlZuc0tWNHB5a1hEeHIzS3JlMjhpTFZIeGs9R3RRYlNhb3lHb2FkTz1zOS9DUHQ2YlptbQ==",
    ),
    (
        '$ cat ~/.dockercfg\n{"registry.kestrelforge.example": {"auth": "Z3MtcHVzaGVyOlRhbWFyaW5kX093bF8xOQ==", "email": "gs-pusher@kestrelforge.example"}}',
        "Z3MtcHVzaGVyOlRhbWFyaW5kX093bF8xOQ==",
    ),
    (
        "$ cat ~/.git-credentials\nhttps://kf-ci:ghp_CXCzO25uCaDI8oPe6qFMjhzP0HdC7NQlOlwK@github.com",
        "ghp_CXCzO25uCaDI8oPe6qFMjhzP0HdC7NQlOlwK",
    ),
    (
        "$ git remote -v\norigin\thttps://x-access-token:ghs_mhOm4mgL6e4Dp9TMtHIeLD6GCWGbfOR6hmI3@github.com/kestrelforge/tidebreak-tools.git (fetch)\norigin\thttps://x-access-token:ghs_mhOm4mgL6e4Dp9TMtHIeLD6GCWGbfOR6hmI3@github.com/kestrelforge/tidebreak-tools.git (push)",
        "ghs_mhOm4mgL6e4Dp9TMtHIeLD6GCWGbfOR6hmI3",
    ),
    (
        "PS D:\\src\\buildgraph> git remote -v\norigin  https://kestrelforge:a4eo22nzi8u9ub8ugth1ivzk9rfbimhl6cbznkvc8te2iafccsq0@dev.azure.com/kestrelforge/Tidebreak/_git/buildgraph (fetch)\norigin  https://kestrelforge:a4eo22nzi8u9ub8ugth1ivzk9rfbimhl6cbznkvc8te2iafccsq0@dev.azure.com/kestrelforge/Tidebreak/_git/buildgraph (push)",
        "a4eo22nzi8u9ub8ugth1ivzk9rfbimhl6cbznkvc8te2iafccsq0",
    ),
    (
        "$ p4 -u build_svc login -p\nEnter password:\nED8CAEEA58E48053116E04362FF30874",
        "ED8CAEEA58E48053116E04362FF30874",
    ),
    (
        "$ cat ~/.p4tickets\nssl:perforce.kestrelforge.example:1666=build_svc:38A66793B1C843700C8CDE4D705594D4\nssl:p4-replica-hh.kestrelforge.example:1666=build_svc:7742134C300512026011D35CA6DF2492",
        "38A66793B1C843700C8CDE4D705594D4",
    ),
    (
        "D:\\p4\\tidebreak_main> type .p4config\nP4PORT=ssl:perforce.kestrelforge.example:1666\nP4USER=qa_sthlm\nP4CLIENT=qa_sthlm_tidebreak\nP4PASSWD=Pewter+Gull+71",
        "Pewter+Gull+71",
    ),
    (
        "$ p4 ldap -o kf-ad\nName:\tkf-ad\nHost:\tdc01.corp.kestrelforge.example\nPort:\t636\nEncryption:\tssl\nBindMethod:\tsearch\nSearchBaseDN:\tou=staff,dc=corp,dc=kestrelforge,dc=example\nSearchFilter:\t(sAMAccountName=%user%)\nSearchBindDN:\tcn=svc_p4ldap,ou=service,dc=corp,dc=kestrelforge,dc=example\nSearchPasswd:\tWren_Harbour_404",
        "Wren_Harbour_404",
    ),
    (
        "$ cat /etc/openvpn/client/kf-qa.auth\nqa_ph_04\nJeepney#Blue22",
        "Jeepney#Blue22",
    ),
    (
        "$ cat ~/.msmtprc\naccount kf-support\nhost smtp.office365.com\nport 587\ntls on\nauth on\nuser support-noreply@kestrelforge.example\npassword Heron.Mist.90\nfrom support-noreply@kestrelforge.example",
        "Heron.Mist.90",
    ),
    # --- tool output: kubectl, terraform, cloud CLIs, vault ---
    (
        '$ kubectl -n liveops get secret playfab-server -o yaml\napiVersion: v1\ndata:\n  secret-key: WFlYUDhVMVRBNFNYQ0kyNkg1SjBEQkVIUUdaMEJXUjE3VFo2RkdOVEVRV1VBSjJFQlM2UA==\n  title-id: N0QzQTE=\nkind: Secret\nmetadata:\n  creationTimestamp: "2026-09-14T08:12:44Z"\n  name: playfab-server\n  namespace: liveops\ntype: Opaque',
        "WFlYUDhVMVRBNFNYQ0kyNkg1SjBEQkVIUUdaMEJXUjE3VFo2RkdOVEVRV1VBSjJFQlM2UA==",
    ),
    (
        '$ kubectl -n monitoring get secret grafana -o json\n{\n    "apiVersion": "v1",\n    "data": {\n        "admin-password": "TWlzdHJhbCNMaWdodGhvdXNlOQ==",\n        "admin-user": "YWRtaW4=",\n        "ldap-toml": ""\n    },\n    "kind": "Secret",\n    "metadata": {\n        "name": "grafana",\n        "namespace": "monitoring"\n    },\n    "type": "Opaque"\n}',
        "TWlzdHJhbCNMaWdodGhvdXNlOQ==",
    ),
    (
        "$ kubectl -n support get secret helpdesk-db -o jsonpath='{.data.password}' | base64 -d\nSorrel-Canyon-2026",
        "Sorrel-Canyon-2026",
    ),
    (
        '$ terraform output -json\n{\n  "billing_db_endpoint": {\n    "sensitive": false,\n    "type": "string",\n    "value": "billing-db.c8kq2x.eu-west-1.rds.amazonaws.com:5432"\n  },\n  "billing_db_password": {\n    "sensitive": true,\n    "type": "string",\n    "value": "Ruby&Kettle&Moor8"\n  }\n}',
        "Ruby&Kettle&Moor8",
    ),
    (
        'terraform.tfstate (excerpt):\n{\n  "type": "azurerm_storage_account",\n  "name": "crashdumps",\n  "instances": [\n    {\n      "attributes": {\n        "name": "kfcrashdumpsweu",\n        "primary_access_key": "4lP3LXCk68pxl5nift2ukGLu38iEbO92yRKJLr1wL/3yLSzggftp9zCTjKhqbTNfu/zizLBjcq9zTJeKh3+1Ow==",\n        "primary_blob_endpoint": "https://kfcrashdumpsweu.blob.core.windows.net/"\n      }\n    }\n  ]\n}',
        "4lP3LXCk68pxl5nift2ukGLu38iEbO92yRKJLr1wL/3yLSzggftp9zCTjKhqbTNfu/zizLBjcq9zTJeKh3+1Ow==",
    ),
    (
        "$ terraform output -raw eos_client_secret\nZRi55C9cB/gbPZpXDVHwRNDsl7uIPiiv7BpATpcdksQ$ ",
        "ZRi55C9cB/gbPZpXDVHwRNDsl7uIPiiv7BpATpcdksQ",
    ),
    (
        "$ aws configure list --profile kf-liveops\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile               kf-liveops           manual    --profile\naccess_key     ****************34WG shared-credentials-file\nsecret_key     ****************cOY1 shared-credentials-file\n    region                eu-west-1      config-file    ~/.aws/config\n$ cat ~/.aws/credentials\n[kf-liveops]\naws_access_key_id = AKIAMZQDWX2HNL4L34WG\naws_secret_access_key = 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",
        "oyDPhnKYuiGWm/rJZQErXyt0VJ5yESLVqJF5cOY1",
    ),
    (
        "$ aws configure get aws_secret_access_key --profile crash-uploader\n0sOgr27RaSq46WtO+1KXY6f+QHM0yseW50EAtdSm",
        "0sOgr27RaSq46WtO+1KXY6f+QHM0yseW50EAtdSm",
    ),
    (
        "$ gcloud auth print-access-token\nya29.a0TydKQjqtuPa7u-azdsXO1_y8Rk2V9qJ1vSJUg3wQvj1IE27296CRreMBiq29nt_Cevelqr6bHl1zFUvE-P9L9YYzCdQL3hxQ47NB3hIgHi-HBG_Mo4axHIf8LDIUQUmc4B2qYLSGgu9atePYRoP1yOyyYklVSuQn3O0YfejSAGEzzBbo",
        "ya29.a0TydKQjqtuPa7u-azdsXO1_y8Rk2V9qJ1vSJUg3wQvj1IE27296CRreMBiq29nt_Cevelqr6bHl1zFUvE-P9L9YYzCdQL3hxQ47NB3hIgHi-HBG_Mo4axHIf8LDIUQUmc4B2qYLSGgu9atePYRoP1yOyyYklVSuQn3O0YfejSAGEzzBbo",
    ),
    (
        '$ vault login -method=oidc role=liveops\nSuccess! You are now authenticated. The token information displayed below\nis already stored in the token helper. You do NOT need to run "vault login"\nagain. Future Vault requests will automatically use this token.\n\nKey                  Value\n---                  -----\ntoken                hvs.CAESINIBkUfuUAUjs9LQ1Z2v-nJeQTnEO75itP13ESrW8Y-nrlTGyfX2N-1BE3CyAQpehcVD8wAM-XXDQDlPO0CZGqm\ntoken_accessor       2gfEkY0MKhpTwc37eyapetN8\ntoken_duration       8h\ntoken_renewable      true\ntoken_policies       ["default" "liveops"]',
        "hvs.CAESINIBkUfuUAUjs9LQ1Z2v-nJeQTnEO75itP13ESrW8Y-nrlTGyfX2N-1BE3CyAQpehcVD8wAM-XXDQDlPO0CZGqm",
    ),
    (
        "$ stripe listen --forward-to localhost:8080/webhooks/stripe\n> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is whsec_X7ByzRPbkypNrYkNsUS806qR0ovHJebp (^C to quit)",
        "whsec_X7ByzRPbkypNrYkNsUS806qR0ovHJebp",
    ),
    (
        '$ az ad app credential reset --id 5d1c0b7e-partner-center-ingest --append\n{\n  "appId": "a6f5f81e-caf9-41d9-b584-49d5f5f71d69",\n  "password": "bmE01YR4FdmGxItUIN_r2Oer2IOAz9R9uiZiydMY",\n  "tenant": "31d969fd-f86e-4738-96ae-cb9a189d581b"\n}',
        "bmE01YR4FdmGxItUIN_r2Oer2IOAz9R9uiZiydMY",
    ),
    # --- tool output: CI logs that echo a secret ---
    (
        '[Pipeline] sh\n+ curl -sS -X POST https://7D3A1.playfabapi.com/Server/AddNews -H \'Content-Type: application/json\' -H \'X-SecretKey: 71X7HMYKE4NFRXKB7EF2J4J7SKNIHOGTKS5V3W96U84FQOALKC5L\' -d @news/winterfest.json\n{"code":200,"status":"OK","data":{}}',
        "71X7HMYKE4NFRXKB7EF2J4J7SKNIHOGTKS5V3W96U84FQOALKC5L",
    ),
    (
        'Run cat $HOME/Steam/config/config.vdf\n"InstallConfigStore"\n{\n\t"Software"\n\t{\n\t\t"Valve"\n\t\t{\n\t\t\t"Steam"\n\t\t\t{\n\t\t\t\t"ConnectCache"\n\t\t\t\t{\n\t\t\t\t\t"6fdd2f801"\t\t"a46799c58adafbb7c76409e6ba4ab710be1b95899df03de405012ecc89d0d9b16dfbf1b5b54cf76adca56078cb22ab85afa679d7817ce1b32aa4a24ce3fc1d4df07b4fa233c9f994a967e0821c3a627c99132db621adc55e069c4c39242c1c5317dd5d8c3e11609a34e3bdb225ba13e28a40ba447a3d2f4364870e074a47c9961a68dcc4c9486639faa943f07beb1e5115942f62bb10c13ecd2590f95ff98a6a"\n\t\t\t\t}\n\t\t\t}\n\t\t}\n\t}\n}',
        "a46799c58adafbb7c76409e6ba4ab710be1b95899df03de405012ecc89d0d9b16dfbf1b5b54cf76adca56078cb22ab85afa679d7817ce1b32aa4a24ce3fc1d4df07b4fa233c9f994a967e0821c3a627c99132db621adc55e069c4c39242c1c5317dd5d8c3e11609a34e3bdb225ba13e28a40ba447a3d2f4364870e074a47c9961a68dcc4c9486639faa943f07beb1e5115942f62bb10c13ecd2590f95ff98a6a",
    ),
    (
        '[Licensing::Module] Successfully connected to: "LicenseClient-svc_build"\nCommand line arguments: -batchmode -quit -nographics -serial E3-68EV-HIM5-2JHH-KQQ5-4W2Q -username unity-ci@kestrelforge.example -password ******** -projectPath D:/ws/tidebreak-mobile\n[Licensing::Client] Successfully updated license',
        "E3-68EV-HIM5-2JHH-KQQ5-4W2Q",
    ),
    (
        "[15:02:44]W:\t [Step 3/7] ##teamcity[setParameter name='env.SENTRY_AUTH_TOKEN' value='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']",
        "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",
    ),
    (
        'C:\\jenkins> java -jar agent.jar -url https://jenkins.kestrelforge.example/ -secret e8fc04527ba2af392b0f7150c6fbe4d693d6a7128fc1f1b62e1aa96e03ac39f0 -name build-win-11 -workDir "D:\\jenkins"\nNov 28, 2026 9:14:02 AM hudson.remoting.jnlp.Main createEngine\nINFO: Setting up agent: build-win-11',
        "e8fc04527ba2af392b0f7150c6fbe4d693d6a7128fc1f1b62e1aa96e03ac39f0",
    ),
    (
        "[Pipeline] bat\nD:\\jenkins\\workspace\\tidebreak-steam-upload>steamcmd.exe +login kforge_builder Trout_Lake_Dawn_5 +run_app_build D:\\ws\\steam\\app_build_2741930.vdf +quit\nRedirecting stderr to 'D:\\steamcmd\\logs\\stderr.txt'\nLogging in user 'kforge_builder' to Steam Public...OK",
        "Trout_Lake_Dawn_5",
    ),
    (
        "2026-11-28 09:31:12 [BuildPatchTool] Command line: -OrganizationId=o-kestrelforge -ProductId=28d74a3885aaaa98adbbb02f236ed9e9 -ArtifactId=95a27a772ead2198b190e4c2d1021d9d -ClientId=xyza7891peOjl0iIVAOuSPlJjmewBqBN -ClientSecret=MYXecNyb45kgF5GN2obeuEHcxXPlnFLQ+E0uYdpr0YU -mode=UploadBinary -BuildRoot=D:\\ws\\egs\\Win64 -CloudDir=D:\\egs_cloud -BuildVersion=1.14.2-4812-Win64",
        "MYXecNyb45kgF5GN2obeuEHcxXPlnFLQ+E0uYdpr0YU",
    ),
    (
        '+ echo "debug: logging in as $REG_USER with $REG_PASS"\ndebug: logging in as gs-pusher with Goshawk!Tide_31\n+ docker login registry.kestrelforge.example -u gs-pusher --password-stdin',
        "Goshawk!Tide_31",
    ),
    # --- tool output: stack traces and error logs with a connection string ---
    (
        'Traceback (most recent call last):\n  File "/srv/billing/app/db.py", line 14, in <module>\n    engine = create_engine("postgresql+psycopg2://billing_app:Pike&Bramble_64@billing-db.internal:5432/billing", pool_size=10)\n  File "/srv/billing/.venv/lib/python3.12/site-packages/sqlalchemy/engine/create.py", line 603, in create_engine\nsqlalchemy.exc.ArgumentError: Could not parse SQLAlchemy URL from string',
        "Pike&Bramble_64",
    ),
    (
        "Unhandled exception. System.ArgumentException: Keyword not supported: 'initial catalogue'.\n   at Microsoft.Data.SqlClient.SqlConnectionStringBuilder.GetIndex(String keyword)\n   at KestrelForge.Support.Data.TicketStore..ctor(String cs) in /src/Support.Data/TicketStore.cs:line 31\nConnection string was: Server=tcp:kf-support.database.windows.net,1433;Initial Catalogue=support;User ID=support_app;Password=Anemone_47#Deep;Encrypt=True;",
        "Anemone_47#Deep",
    ),
    (
        "2026-11-28T07:44:19.118Z ERROR [telemetry-ingest] com.mongodb.MongoSocketOpenException: Exception opening socket\n\tat com.mongodb.internal.connection.SocketStream.open(SocketStream.java:76)\nCaused by: java.net.UnknownHostException: tidebreak-telemetry.x7kq2.mongodb.net\nconfig: mongodb.uri=mongodb+srv://telemetry_w:Lynx_Polar_903@tidebreak-telemetry.x7kq2.mongodb.net/events?retryWrites=true",
        "Lynx_Polar_903",
    ),
    (
        "Error: connect ETIMEDOUT 10.40.2.17:6379\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16) {\n  errno: -110,\n  code: 'ETIMEDOUT',\n  syscall: 'connect',\n  address: '10.40.2.17',\n  port: 6379,\n  options: { url: 'redis://default:Saltfern-Oriole-15@10.40.2.17:6379/2', name: 'leaderboard-cache' }\n}",
        "Saltfern-Oriole-15",
    ),
    (
        "panic: dial mysql: Error 1045 (28000): Access denied for user 'liveops'@'10.40.3.9'\n\ngoroutine 1 [running]:\nmain.mustOpen({0xc0001a2000, 0x5b})\n\t/src/liveops-api/main.go:48 +0x1e5\nmain.main()\n\t/src/liveops-api/main.go:22 +0x45\n# dsn = liveops:Kiln_Shadow_88@tcp(liveops-db.internal:3306)/liveops?parseTime=true",
        "Kiln_Shadow_88",
    ),
    (
        "[2026.11.28-10.14.55:302][412]LogHttp: Warning: 00000A1C3F2B7E40: request failed, libcurl error: 28 (Timeout was reached)\n[2026.11.28-10.14.55:302][412]LogHttp: Warning: 00000A1C3F2B7E40: verb=[POST] URL=[https://kestrelforge.sp.backtrace.io:6098/post?format=minidump&token=02931a242e3448bff2b7d52ec75f86514ec180598edd34c5897e041d8e5475ab] status=0",
        "02931a242e3448bff2b7d52ec75f86514ec180598edd34c5897e041d8e5475ab",
    ),
    # --- tool output: HTTP dumps, curl -v, headers and cookies ---
    (
        "GET /api/v1/players/85345fd110b57a7981380fa86780a55f/inventory HTTP/1.1\nHost: inventory.tidebreak.kestrelforge.example\nAuthorization: Bearer eyJraWQiOiJFT1MtNFlUNVhFN1giLCJhbGciOiJSUzUxMiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIzNjE5MzYyODI2M2YzYzRhNGI2MTQyOTFlMDQwYWU2NSIsInBmc2lkIjoiYzNhOTRlNmFhODRlZDY2YmZiN2MxZDdhYjhmZjE3YTYiLCJpc3MiOiJodHRwczovL2FwaS5lcGljZ2FtZXMuZGV2L2F1dGgvdjEvb2F1dGgiLCJkbiI6ImtmcWFfcGgwNCIsInBmcGlkIjoiOGMzY2JiZjhjNWMzNjJjNDcyMDAwMzRlZjI1NDU0MGMiLCJhdWQiOiJ4eXphNzg5MUVIbTFzZnJTcFBQa2MwSktsRVhpdmg3MiIsInBmZGlkIjoiZDA4YzJlZTY0ZjlkMDAyOTBiZDY3ZWY4NmJjOWU4MjUiLCJ0IjoiZXBpY19pZCIsInNjb3BlIjoiYmFzaWNfcHJvZmlsZSBmcmllbmRzX2xpc3QgcHJlc2VuY2UiLCJhcHBpZCI6ImZnaGk0NTY3dkJ2NGVqa3czVlZyMjZSNUNCUTNNWXl4IiwiZXhwIjoxNzY0MzM1NDQ0LCJpYXQiOjE3NjQzMjgyNDQsImp0aSI6IjgxODQ2MjRiMGRhNTA1MzhjMTZkNTJhNzI2MTcwM2M5In0.XDrF23p8T6lw9nTm3C1qiF1OWGlkfKaPI4AFTD9RwmDU9K65XrI-WPJ4DaBg9UbOY2FvtB5rZO03n-fSisSFQLJJOnBF0nmmkPArGToLt9opsL9_4EE4w_7WRfLfecMdUFMh5TTAWh9X0NHfNTSguLs6001yDsAtHwsipl6ngJ_l6S5hKrEaxqyHbi9veK6Fno1r84mSfStqS-vZLtF0SLxxt9QaYO9sDiH3oJHaPRzYraTCctpyr5zq81UKl-I0Ae2Uj8UPotxJhxwtIq0xtCm-sUZzO9qIwYWgHACwwKmcpoyIHwVqqALjCL3hIzEMj9W_XFbq_cZmNrCwFaAgsg\nUser-Agent: Tidebreak/1.14.2 (Windows; EOSSDK 1.16.4)\nAccept: application/json",
        "eyJraWQiOiJFT1MtNFlUNVhFN1giLCJhbGciOiJSUzUxMiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIzNjE5MzYyODI2M2YzYzRhNGI2MTQyOTFlMDQwYWU2NSIsInBmc2lkIjoiYzNhOTRlNmFhODRlZDY2YmZiN2MxZDdhYjhmZjE3YTYiLCJpc3MiOiJodHRwczovL2FwaS5lcGljZ2FtZXMuZGV2L2F1dGgvdjEvb2F1dGgiLCJkbiI6ImtmcWFfcGgwNCIsInBmcGlkIjoiOGMzY2JiZjhjNWMzNjJjNDcyMDAwMzRlZjI1NDU0MGMiLCJhdWQiOiJ4eXphNzg5MUVIbTFzZnJTcFBQa2MwSktsRVhpdmg3MiIsInBmZGlkIjoiZDA4YzJlZTY0ZjlkMDAyOTBiZDY3ZWY4NmJjOWU4MjUiLCJ0IjoiZXBpY19pZCIsInNjb3BlIjoiYmFzaWNfcHJvZmlsZSBmcmllbmRzX2xpc3QgcHJlc2VuY2UiLCJhcHBpZCI6ImZnaGk0NTY3dkJ2NGVqa3czVlZyMjZSNUNCUTNNWXl4IiwiZXhwIjoxNzY0MzM1NDQ0LCJpYXQiOjE3NjQzMjgyNDQsImp0aSI6IjgxODQ2MjRiMGRhNTA1MzhjMTZkNTJhNzI2MTcwM2M5In0.XDrF23p8T6lw9nTm3C1qiF1OWGlkfKaPI4AFTD9RwmDU9K65XrI-WPJ4DaBg9UbOY2FvtB5rZO03n-fSisSFQLJJOnBF0nmmkPArGToLt9opsL9_4EE4w_7WRfLfecMdUFMh5TTAWh9X0NHfNTSguLs6001yDsAtHwsipl6ngJ_l6S5hKrEaxqyHbi9veK6Fno1r84mSfStqS-vZLtF0SLxxt9QaYO9sDiH3oJHaPRzYraTCctpyr5zq81UKl-I0Ae2Uj8UPotxJhxwtIq0xtCm-sUZzO9qIwYWgHACwwKmcpoyIHwVqqALjCL3hIzEMj9W_XFbq_cZmNrCwFaAgsg",
    ),
    (
        "POST /agent/tickets/118274/refund HTTP/2\nHost: support.kestrelforge.example\nCookie: kf_support_session=RXRaasKFU7JaQtjBlIyOadlW-ZFVabBWLTINIkecHVNaiFWq; _ga=GA1.2.1844021932.1764311022; locale=en-GB\nContent-Type: application/x-www-form-urlencoded\n\namount=9.99&currency=EUR&reason=double-charge",
        "RXRaasKFU7JaQtjBlIyOadlW-ZFVabBWLTINIkecHVNaiFWq",
    ),
    (
        "HTTP/1.1 302 Found\nDate: Sat, 28 Nov 2026 09:12:40 GMT\nLocation: /dashboard\nSet-Cookie: gm_session=SCbDBhk4IleANfXzGXq4VMadUxKTyG-eyJSqFVRnN5b7; Path=/; Domain=gm.kestrelforge.example; Secure; HttpOnly; SameSite=Lax\nSet-Cookie: gm_csrf=1; Path=/; Secure",
        "SCbDBhk4IleANfXzGXq4VMadUxKTyG-eyJSqFVRnN5b7",
    ),
    (
        "$ curl -v https://jenkins.kestrelforge.example/job/tidebreak-ps5/lastBuild/api/json -u svc_buildbot:$JENKINS_TOKEN\n*   Trying 10.20.1.5:443...\n* Connected to jenkins.kestrelforge.example (10.20.1.5) port 443\n> GET /job/tidebreak-ps5/lastBuild/api/json HTTP/1.1\n> Host: jenkins.kestrelforge.example\n> Authorization: Basic c3ZjX2J1aWxkYm90OjExNWE2YWU0YmMxMjQ0MDQxMjc5MjZmMzUwODI1NDUwMGY=\n> User-Agent: curl/8.5.0\n> Accept: */*\n>\n< HTTP/1.1 200 OK",
        "c3ZjX2J1aWxkYm90OjExNWE2YWU0YmMxMjQ0MDQxMjc5MjZmMzUwODI1NDUwMGY=",
    ),
    (
        "POST https://title.mgt.xboxlive.com/titles/1681470931/endpoints?type=1 HTTP/1.1\nx-xbl-contract-version: 1\nAuthorization: XBL3.0 x=4244873165692850464;eyJlbmMiOiJBMTI4Q0JDK0hTMjU2IiwiYWxnIjoiUlNBLU9BRVAiLCJjdHkiOiJKV1QiLCJ6aXAiOiJERUYiLCJ4NXQiOiItajdZemZ3QXNOb1YtZFRhRmVqbWh0c3RLWkEifQ.frKiAkTXPJRbaXF0mbzjXWPp97ILpE8Dw2pY0Uezpd75sO-XxKxFZweZo2aHwLjUDGVN8M1I7W3-PmmdWr6sVAwdWPmhLIcNOg-XZkj6nN-GtGm_3Tg4401seK8d7V1smfB6QA5HCgrIKBpc_VDSeX7qpwnq4HOoy-OFFzPHtf0jCgBW4Rd9BIC6eVOZoFWmH6fpXLqh0UG5-0ZzuMsjnlD3Pm70-JErK3AbSqi-zakA5cHS-yQpg_ioFdOto5z2bI0KiOqvI7OZF9velX928WdEIVxipUyIy_Hj664pDDhdiT-ntaa1E2ycjI4qfb320BTSW3dO2gqw757ioQzQqw.POX95099zRJSAQ-VZp6EQg.FrKh_rbqMj-F-aNw1CAjlbkZ-QBBPSXDm8VtSIr32ZNxaaOgLs9nbMBkSNcopkhIdI2eZBa95WI9KcMg11XM4SzS6lu478FRyLcNmVcnQIWVqGduEdPMOodb7srlSeM3PzBxmyLUQlP-huBDXWPmfzzKackmBjoje1ydUqhzWh2XrNRFAREadsrYMF6nYYyFx3ucIeBt_n74N0ud1_kObu1UpvzsXHXTq3u0BE6Mf4DP824B78YkwVvbRUlCPmbmzkZ9dYcxsEbVI5G45P3PGxq1sJprhByfggL59HQye8wVlodL1enNS_m8jwSbndfQyVkpAN1YieFZY5EPiXCyXg6kN6L5C8dAxCw5vuL6Qe7g0PBv-dRtegK77kzXUNGMN4R8gyKkXndA4mmEHFfoPoxRQn0xt9sE-boa4lROC6WGCXfdNMMaBYqnV3boii8ysdBC3GcRn_9q6mXeDZCZZ8DdEyAN3_2rLC7K0in3GbteaqD63bHyDMzuEdK0j227ic7qoZ9tmp28c-jP3Su4xtFIz5104--yh-3Vek4PADhzrUv8JD06BqyM4TBy3QAqI6L_L9dvJNXFvyaUFFbL1bfe03qT3lCr-DJ4gvSpxT6wDgeyAy8WjDO3Nkl3iUxyyt3vAXoD488-ec7WbqT4iL-nYjJEbn0vddWoCwELzesFrSlbJ7yXBZIqaH0uPov-JThh7bdWRkwP3tJHcflDXkTU3Ew8bRj7mDdLpAt2fQXXpuvlQfFkxUbzrVNFT9xQMsHffhra2Gr8AT5Md-KhBskZ3YvY7SgCV27XmikGy45nuJDtAJqNRfzYJDw_lAjsV_SAG_q4WctA5_uowIUtfxbNLuX9bOWz6aO3kBwQ9-uwgLSUOTBF1_-o5pwJhsLyRjAvs8I46c0NpIwXn1DiMPbPxLUlUxLQ8U4zhOcAtul5TrWYby05z8_lTT7sF3Xs4jgHpLsijEQKM8ufwO2rUc0Svcpg1d61fpudsXqYRa4owZXguFxY9JUMrCgmz7qHlGklheollIwmuO-F1uSRT1T3JEeR5fARp3oihX4Q88y1LVVC__ov6gh2wopKxVK2de64wLtMfItEbyUpKn3p4PjUJBygReLmNTGwxVMxMVi60Q5p_9ztzsGimi4ek55tu16NlyXY9nepD44PzT98h1Xn93OvlphzMLfOXYPnS6LiEQy7.dfhUdEv7LHOVSXQAaIoOKw\nContent-Length: 0",
        "eyJlbmMiOiJBMTI4Q0JDK0hTMjU2IiwiYWxnIjoiUlNBLU9BRVAiLCJjdHkiOiJKV1QiLCJ6aXAiOiJERUYiLCJ4NXQiOiItajdZemZ3QXNOb1YtZFRhRmVqbWh0c3RLWkEifQ.frKiAkTXPJRbaXF0mbzjXWPp97ILpE8Dw2pY0Uezpd75sO-XxKxFZweZo2aHwLjUDGVN8M1I7W3-PmmdWr6sVAwdWPmhLIcNOg-XZkj6nN-GtGm_3Tg4401seK8d7V1smfB6QA5HCgrIKBpc_VDSeX7qpwnq4HOoy-OFFzPHtf0jCgBW4Rd9BIC6eVOZoFWmH6fpXLqh0UG5-0ZzuMsjnlD3Pm70-JErK3AbSqi-zakA5cHS-yQpg_ioFdOto5z2bI0KiOqvI7OZF9velX928WdEIVxipUyIy_Hj664pDDhdiT-ntaa1E2ycjI4qfb320BTSW3dO2gqw757ioQzQqw.POX95099zRJSAQ-VZp6EQg.FrKh_rbqMj-F-aNw1CAjlbkZ-QBBPSXDm8VtSIr32ZNxaaOgLs9nbMBkSNcopkhIdI2eZBa95WI9KcMg11XM4SzS6lu478FRyLcNmVcnQIWVqGduEdPMOodb7srlSeM3PzBxmyLUQlP-huBDXWPmfzzKackmBjoje1ydUqhzWh2XrNRFAREadsrYMF6nYYyFx3ucIeBt_n74N0ud1_kObu1UpvzsXHXTq3u0BE6Mf4DP824B78YkwVvbRUlCPmbmzkZ9dYcxsEbVI5G45P3PGxq1sJprhByfggL59HQye8wVlodL1enNS_m8jwSbndfQyVkpAN1YieFZY5EPiXCyXg6kN6L5C8dAxCw5vuL6Qe7g0PBv-dRtegK77kzXUNGMN4R8gyKkXndA4mmEHFfoPoxRQn0xt9sE-boa4lROC6WGCXfdNMMaBYqnV3boii8ysdBC3GcRn_9q6mXeDZCZZ8DdEyAN3_2rLC7K0in3GbteaqD63bHyDMzuEdK0j227ic7qoZ9tmp28c-jP3Su4xtFIz5104--yh-3Vek4PADhzrUv8JD06BqyM4TBy3QAqI6L_L9dvJNXFvyaUFFbL1bfe03qT3lCr-DJ4gvSpxT6wDgeyAy8WjDO3Nkl3iUxyyt3vAXoD488-ec7WbqT4iL-nYjJEbn0vddWoCwELzesFrSlbJ7yXBZIqaH0uPov-JThh7bdWRkwP3tJHcflDXkTU3Ew8bRj7mDdLpAt2fQXXpuvlQfFkxUbzrVNFT9xQMsHffhra2Gr8AT5Md-KhBskZ3YvY7SgCV27XmikGy45nuJDtAJqNRfzYJDw_lAjsV_SAG_q4WctA5_uowIUtfxbNLuX9bOWz6aO3kBwQ9-uwgLSUOTBF1_-o5pwJhsLyRjAvs8I46c0NpIwXn1DiMPbPxLUlUxLQ8U4zhOcAtul5TrWYby05z8_lTT7sF3Xs4jgHpLsijEQKM8ufwO2rUc0Svcpg1d61fpudsXqYRa4owZXguFxY9JUMrCgmz7qHlGklheollIwmuO-F1uSRT1T3JEeR5fARp3oihX4Q88y1LVVC__ov6gh2wopKxVK2de64wLtMfItEbyUpKn3p4PjUJBygReLmNTGwxVMxMVi60Q5p_9ztzsGimi4ek55tu16NlyXY9nepD44PzT98h1Xn93OvlphzMLfOXYPnS6LiEQy7.dfhUdEv7LHOVSXQAaIoOKw",
    ),
    (
        "> POST /Client/GetUserInventory HTTP/1.1\n> Host: 7D3A1.playfabapi.com\n> X-Authorization: 82905A1BA8A1622D--7D3A1-8DD7CED0E3D1B67-zwiAowcRYAtO1anf+EaDIv8gysx1MC6EwHGzkBT/9szJ\n> X-PlayFabSDK: UnrealMarketplacePlugin-1.139.241108\n> Content-Type: application/json",
        "82905A1BA8A1622D--7D3A1-8DD7CED0E3D1B67-zwiAowcRYAtO1anf+EaDIv8gysx1MC6EwHGzkBT/9szJ",
    ),
    (
        "$ http --print=Hh POST https://api.helpshift.com/v1/kestrelforge/issues title='refund not received' Authorization:'Basic dVdJZF9PT3VRLVJpOWUxOTl2X2c2NVFwa1VpdC1QanY1d2JyOg=='",
        "dVdJZF9PT3VRLVJpOWUxOTl2X2c2NVFwa1VpdC1QanY1d2JyOg==",
    ),
    (
        "$ curl -v -u agTlF0aLULGtpaMiEX7Y:X https://kestrelforge.freshdesk.com/api/v2/tickets?per_page=5 2>&1 | head -4\n*   Trying 104.18.14.33:443...\n* Connected to kestrelforge.freshdesk.com port 443\n* Server auth using Basic with user 'agTlF0aLULGtpaMiEX7Y'\n> GET /api/v2/tickets?per_page=5 HTTP/2",
        "agTlF0aLULGtpaMiEX7Y",
    ),
    # --- tool output: SQL rows, Jenkins and vendor configuration ---
    (
        "billing=> select partner, api_key, created_at from payment_partners order by partner;\n partner |                 api_key                  | created_at\n---------+------------------------------------------+------------\n stripe  | (in vault)                               | 2024-02-11\n xsolla  | 08b8b502feb04c9e4f8543fdc150df811856d08d | 2026-03-02\n(2 rows)",
        "08b8b502feb04c9e4f8543fdc150df811856d08d",
    ),
    (
        "mysql> SELECT id, email, reset_token, reset_expires FROM gm_users WHERE email LIKE 'cm_%';\n+----+--------------------------------+------------------------------------------+---------------------+\n| id | email                          | reset_token                              | reset_expires       |\n+----+--------------------------------+------------------------------------------+---------------------+\n| 17 | cm_rafaela@kestrelforge.example | a6a36453d9d5b02deae209f6c01afe29da4522bf | 2026-11-28 18:00:00 |\n+----+--------------------------------+------------------------------------------+---------------------+",
        "a6a36453d9d5b02deae209f6c01afe29da4522bf",
    ),
    (
        "$ cat /var/lib/jenkins/credentials.xml | sed -n '12,20p'\n        <com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n          <scope>GLOBAL</scope>\n          <id>steam-builder</id>\n          <description>steamcmd upload account</description>\n          <username>kforge_builder</username>\n          <password>{AQAAABAAAAAwe6f4lAsJaJ5vDs90735ll8LvJhjzXQos81Dyy402Y9u//k/GNdUFPu0mp3/yeXDY}</password>\n        </com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>",
        "{AQAAABAAAAAwe6f4lAsJaJ5vDs90735ll8LvJhjzXQos81Dyy402Y9u//k/GNdUFPu0mp3/yeXDY}",
    ),
    (
        "Script Console output:\n\nprintln(hudson.util.Secret.decrypt('{AQAAABAAAAAQ9S7u5wbz4kN3zwEz8CTQDb4Lfre0/P8LiVdinLf08Ho=}'))\n\nResult:\nMarlin_Vesper_12",
        "Marlin_Vesper_12",
    ),
    (
        "$ curl -s -X POST -u ana.ribeiro:11001a189f22f3f2619da2535020fe7a4d https://jenkins.kestrelforge.example/job/tidebreak-ps5/buildWithParameters?CL=1483027\n$ echo $?\n0",
        "11001a189f22f3f2619da2535020fe7a4d",
    ),
    (
        '$ curl -k -u devkit-admin:Devkit-Otter-0713 https://10.20.4.51:11443/api/os/info\n{"ComputerName":"XBDK-QA-BAY2","OsEdition":"Xbox","OsVersion":"10.0.26100.6210"}',
        "Devkit-Otter-0713",
    ),
    (
        "$ curl -s -u xyza7891zgBBrGbINPol4dAmbnNqZRoO:sYwOo9pGfXLX88cJ8Qorbn29xXbs5CChpfLFgITzQW7 -d 'grant_type=client_credentials&deployment_id=3574b27d4da06fbe9f5c33d38642a4ee' https://api.epicgames.dev/auth/v1/oauth/token | jq .token_type\n\"bearer\"",
        "sYwOo9pGfXLX88cJ8Qorbn29xXbs5CChpfLFgITzQW7",
    ),
    (
        "$ curl -s -H \"Authorization: Basic $(echo -n 'unity-ci:64c9547b1389fb69fffb29676ebc51d1' | base64)\" https://build-api.cloud.unity3d.com/api/v1/orgs/kestrelforge/projects/tidebreak-mobile/buildtargets | jq length\n6",
        "64c9547b1389fb69fffb29676ebc51d1",
    ),
    # --- tool output: Unreal and Unity configuration, Steamworks, PlayFab, EOS, Photon ---
    (
        '$ sed -n \'/EOSSettings/,/^$/p\' Config/DefaultEngine.ini\n[/Script/OnlineSubsystemEOS.EOSSettings]\nDefaultArtifactName=Tidebreak\n+Artifacts=(ArtifactName="Tidebreak",ClientId="xyza7891wlifMFuTFXj7A7uzFB0YNGzz",ClientSecret="Ozshapa4kP4JFUrcXtjz2jDuQUPMCKNgePtjnj0Uka/",ProductId="e211d4ae9fc3c3758de33de0a0c9dadc",SandboxId="22b07e29fefa231386f5b70e1d18c1d6",DeploymentId="4737410d6618c2e3c256a91183a4251a",EncryptionKey="FA7F902F020B2D1B71E93E1E8133C48209CD3654416A69B518F3B6DCA6D54B35")\nbUseEAS=True\nbUseEOSConnect=True',
        "Ozshapa4kP4JFUrcXtjz2jDuQUPMCKNgePtjnj0Uka/",
    ),
    (
        "Config/DefaultCrypto.ini\n[/Script/CryptoKeys.CryptoKeysSettings]\nEncryptionKey=hOiT2vNNYNk95n2Y9rWO202nu9NUCEFWbGes3TEL8BU=\nbEncryptPakIniFiles=True\nbEncryptPakIndex=True\nbEncryptUAssetFiles=False\nbEnablePakSigning=True",
        "hOiT2vNNYNk95n2Y9rWO202nu9NUCEFWbGes3TEL8BU=",
    ),
    (
        '[CrashReportClient]\nbAgreeToCrashUpload=true\nDataRouterUrl="https://kestrelforge.sp.backtrace.io:6098/post?format=crash_report&token=710e7dd618ad2896627b83f597555d248df6d2a72baf7034bd23f7cbe3172db4"\nCrashReportClientVersion=1.0',
        "710e7dd618ad2896627b83f597555d248df6d2a72baf7034bd23f7cbe3172db4",
    ),
    (
        "--- !u!114 &11400000\nMonoBehaviour:\n  m_Name: Settings\n  m_EditorClassIdentifier: \n  gameKey:\n  - 84462d14223f4102b8899634e3a730aa\n  secretKey:\n  - bbbbcf67921db24487a0e80e6db2c147cdcb6b6f\n  Build:\n  - 1.14.2\n  SelectedPlatformIndex: 0",
        "bbbbcf67921db24487a0e80e6db2c147cdcb6b6f",
    ),
    (
        'Assets/Resources/ugs-admin.json (committed by mistake in CL 1482977):\n{\n  "projectId": "33101809-8441-4876-ba9b-c6db7e877167",\n  "environment": "production",\n  "serviceAccount": {\n    "keyId": "c3bbc4d7-870f-43c1-b4e6-57b41cd76eeb",\n    "secretKey": "vKySSiB+6rGA6lKJ8vK219nFDJtt8zkK"\n  }\n}',
        "vKySSiB+6rGA6lKJ8vK219nFDJtt8zkK",
    ),
    (
        '$ cat ~/SDA/maFiles/76561198917417072.maFile | jq .\n{\n  "shared_secret": "bqIBu23+f7rXIAqZSidj4KQ2koQ=",\n  "serial_number": "1047711337319129221",\n  "revocation_code": "R64578",\n  "account_name": "kforge_release",\n  "token_gid": "900062c4908e780b",\n  "identity_secret": "B9Db6dHEcwGOyd32pKp0fMvPnaY=",\n  "server_time": 1764311020,\n  "status": 1,\n  "device_id": "android:f0ea62dd-23e1-4921-9f92-c4d6cdb96abc"\n}',
        "bqIBu23+f7rXIAqZSidj4KQ2koQ=",
    ),
    (
        "steamworks-notes.txt\n- app 2741930 Tidebreak\n- encrypted app ticket key (Steamworks > Edit Settings > Security): 6193c5a71f9a22103be75ba48ebd52defbc844dac6cfd49efd255dbf45bbef42\n- do NOT put this in the client",
        "6193c5a71f9a22103be75ba48ebd52defbc844dac6cfd49efd255dbf45bbef42",
    ),
    (
        'photon-dashboard-export.json:\n{\n  "appName": "Tidebreak PUN prod",\n  "customAuthentication": {\n    "enabled": true,\n    "provider": "custom",\n    "url": "https://auth.kestrelforge.example/photon/validate",\n    "queryParameters": {\n      "secret": "yCXUo0TikM9n3ANDS2mB140SmVwe13VI4kg2RhvUZiy5rF6s"\n    },\n    "allowAnonymous": false\n  }\n}',
        "yCXUo0TikM9n3ANDS2mB140SmVwe13VI4kg2RhvUZiy5rF6s",
    ),
    (
        "Unreal Game Sync config (UnrealGameSync.ini):\n[Default]\nServerUrl=https://ugs.kestrelforge.example\nMetadataServerToken=93758eeeb63be9c680498adec503b04a\nDepotPath=//tidebreak/main/UnrealGameSync.ini",
        "93758eeeb63be9c680498adec503b04a",
    ),
    (
        "android/gradle.properties\norg.gradle.jvmargs=-Xmx6g\nRELEASE_STORE_FILE=../keystores/tidebreak-upload.jks\nRELEASE_STORE_PASSWORD=Blackcurrant!Aurora7\nRELEASE_KEY_ALIAS=upload\nRELEASE_KEY_PASSWORD=Blackcurrant!Aurora7",
        "Blackcurrant!Aurora7",
    ),
    (
        "fastlane/.env.default\nMATCH_GIT_URL=git@git.kestrelforge.example:mobile/certificates.git\nMATCH_PASSWORD=Nightjar Copper Ledger\nFASTLANE_USER=release@kestrelforge.example",
        "Nightjar Copper Ledger",
    ),
    (
        "App Store Connect > Tidebreak: Skirmish > App Information > App-Specific Shared Secret\n\n98d378acab05ff5032a8b1c992a85689\n\n(used by billing/receipt-verifier to call verifyReceipt)",
        "98d378acab05ff5032a8b1c992a85689",
    ),
    (
        'billing/config/adyen.yaml\nadyen:\n  environment: LIVE\n  merchantAccount: KestrelForgeECOM\n  apiKey: "AQE4j9Q+FWbc9sWv7vOBkyTFBkGrLdX.vOf8ySTVrkLnJybfC86HSSKhxDy+0tVtlHoKCMli4mTlx4XhGEGYVonYnyBx=-0wXweOlDr3mJmYlKnLnoB2L6CpDY1oKHiZTi5R1IQmW=-ZEvXDPPHO99bzEmOT0SM"\n  liveEndpointUrlPrefix: 7c1a9e2b44d0f3a6-KestrelForge',
        "AQE4j9Q+FWbc9sWv7vOBkyTFBkGrLdX.vOf8ySTVrkLnJybfC86HSSKhxDy+0tVtlHoKCMli4mTlx4XhGEGYVonYnyBx=-0wXweOlDr3mJmYlKnLnoB2L6CpDY1oKHiZTi5R1IQmW=-ZEvXDPPHO99bzEmOT0SM",
    ),
    # --- tool output: webhook URLs, signed URLs, tokens of community and support tools ---
    (
        "Discord → Server Settings → Integrations → Webhooks → 'patch-notes' → Copy Webhook URL:\nhttps://discord.com/api/webhooks/5311420468123976455/iohV5nDAhYjnxo2iptV6FQvUUVl5AgaAOAJVEaFgb1xT37thJII_QN4-2g82Bw-PsxKh",
        "iohV5nDAhYjnxo2iptV6FQvUUVl5AgaAOAJVEaFgb1xT37thJII_QN4-2g82Bw-PsxKh",
    ),
    (
        'alerts:\n  slack:\n    url: https://hooks.slack.com/services/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\n    channel: "#liveops-alerts"',
        "uumZsy5j6IjUp1QOWshtNOJa",
    ),
    (
        "[2026-11-28 08:02:11] community-bot INFO  starting with token xoxb-337808272491-4016912658015-7nrrT7iFmUR5j0mST2hcPYEK in workspace kestrelforge",
        "xoxb-337808272491-4016912658015-7nrrT7iFmUR5j0mST2hcPYEK",
    ),
    (
        "Crash dump for Jira TB-8812 (valid 7 days): https://storage.googleapis.com/kf-crash-dumps/2026/11/28/UECC-Windows-99CB7260CE0A9A2DE30F5D872AA8536C.dmp?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=crash-reader%40kf-crash.iam.gserviceaccount.com%2F20261128%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20261128T091500Z&X-Goog-Expires=604800&X-Goog-SignedHeaders=host&X-Goog-Signature=7e2ec216bdffe1d25c2ad0699d52b3a7b1ba0b07094612af17f56bea7514bafce5fe3a5a3db9058b43c94865a551214a6dcb5c4f89c243905969524fa3296cf8a450144ff6b3ccd8d2c0ba5251a95ec150d12061f5f9fe7e5e512be9ebaa7008772d88359a52afef0b5bfcd1635ea00ce6b30b8554c9f1c653dfa1ca6f901819a2b7774e37401a0f5b0e1c357bff879346f94db235e7726ecd91e5130f01d79cc3d5ef6fdee51f9e5f700e18037b4f4b2c6da198550cc152eb72e82e38cc548bbfc395b0abe4e8746d2616368f87f91d446df50c2309152dfe4101e3a69f79d30aad04277318d72682f4ea1c6d78329d60f22866a3d7a94b5b6ce6d9f972eb90",
        "7e2ec216bdffe1d25c2ad0699d52b3a7b1ba0b07094612af17f56bea7514bafce5fe3a5a3db9058b43c94865a551214a6dcb5c4f89c243905969524fa3296cf8a450144ff6b3ccd8d2c0ba5251a95ec150d12061f5f9fe7e5e512be9ebaa7008772d88359a52afef0b5bfcd1635ea00ce6b30b8554c9f1c653dfa1ca6f901819a2b7774e37401a0f5b0e1c357bff879346f94db235e7726ecd91e5130f01d79cc3d5ef6fdee51f9e5f700e18037b4f4b2c6da198550cc152eb72e82e38cc548bbfc395b0abe4e8746d2616368f87f91d446df50c2309152dfe4101e3a69f79d30aad04277318d72682f4ea1c6d78329d60f22866a3d7a94b5b6ce6d9f972eb90",
    ),
    (
        "patch CDN test link: https://patch.tidebreak.example/win64/1.14.2/pakchunk3-Windows.pak?hdnts=st=1764320000~exp=1764406400~acl=/win64/1.14.2/*~hmac=adba768bace37f111198b4ccf72c303c4ea697377037a574cd69a9264c5bbaf7",
        "adba768bace37f111198b4ccf72c303c4ea697377037a574cd69a9264c5bbaf7",
    ),
    (
        "GET https://kf-qa-builds.s3.eu-west-1.amazonaws.com/android/tidebreak-skirmish-4812.apk?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAG7YILSE5XYDDTYS5%2F20261128%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20261128T120000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=622967ab34226ff80b68e39b7316eedf7733cfb4deb366eaec01b134de121db4",
        "622967ab34226ff80b68e39b7316eedf7733cfb4deb366eaec01b134de121db4",
    ),
    (
        "twitch-extension/.env\nTWITCH_CLIENT_ID=opqhpq0ubsgle2813lofr5h98zyymf\nTWITCH_CLIENT_SECRET=w8kyx8eu4y2tlr8wjao4msfc022fna\nTWITCH_EXTENSION_SECRET_ROTATED=2026-10-01",
        "w8kyx8eu4y2tlr8wjao4msfc022fna",
    ),
    (
        "youtube-uploader settings → API key: AIzadam2Vp7mDSnpfAZPGno8JuoC4GSxtR-sDGN (project kf-community)",
        "AIzadam2Vp7mDSnpfAZPGno8JuoC4GSxtR-sDGN",
    ),
    (
        "X_BEARER_TOKEN=AAAAAAAAAAAAAAAAAAAAAIkVxsUJSDB8SSRXA7r%2B4j0BXCEiunsVQdmzIi7o8n%3DKXzTQIrDFGsgMGTI8yaWLSwSqjeFjrooWYED1Mz5IagarfLMyh",
        "AAAAAAAAAAAAAAAAAAAAAIkVxsUJSDB8SSRXA7r%2B4j0BXCEiunsVQdmzIi7o8n%3DKXzTQIrDFGsgMGTI8yaWLSwSqjeFjrooWYED1Mz5IagarfLMyh",
    ),
    (
        "jira-sync.yml\njira:\n  site: kestrelforge.atlassian.net\n  user: qa-sync@kestrelforge.example\n  api_token: ATATT3xFfGF04USNl21BsA0OZFbpRPGs7MJFBb3YUwAHvxe-I_vXamYI85Hp_LNSfDiMPWm5zCI4fu3O1qZOZB-NbQZFFv2PkcAnE734su_gKJF4pAuXvYTeuKpmFTf2fE0wtkl5164cQQ1BUFyvlbDAkBb-3vVdRy0EMu9yoTo8yCG-kEBJpcbDiVsej7QU=D64808C8",
        "ATATT3xFfGF04USNl21BsA0OZFbpRPGs7MJFBb3YUwAHvxe-I_vXamYI85Hp_LNSfDiMPWm5zCI4fu3O1qZOZB-NbQZFFv2PkcAnE734su_gKJF4pAuXvYTeuKpmFTf2fE0wtkl5164cQQ1BUFyvlbDAkBb-3vVdRy0EMu9yoTo8yCG-kEBJpcbDiVsej7QU=D64808C8",
    ),
    (
        "testrail.cfg\n[testrail]\nurl = https://kestrelforge.testrail.io\nuser = qa.vendor.ro@kestrelforge.example\npassword = pyQsVbnPWmk0vs6C5H2Q-uuDpiGzWqO",
        "pyQsVbnPWmk0vs6C5H2Q-uuDpiGzWqO",
    ),
    (
        "merch-store sync failed, token used: 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 (store kestrelforge-merch.myshopify.com)",
        "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",
    ),
    (
        "PagerDuty Events v2 routing key for 'Tidebreak live servers': 36ae35f8c2c9c0ddeabdf9ded3e6c84b",
        "36ae35f8c2c9c0ddeabdf9ded3e6c84b",
    ),
    (
        "datadog.yaml\napi_key: eab87134e5fdbaee9ff64a939796d0f3\nsite: datadoghq.eu\nhostname: gs-node-eu-14\ntags:\n  - game:tidebreak",
        "eab87134e5fdbaee9ff64a939796d0f3",
    ),
    (
        "twilio verify for player 2FA:\n  account_sid: ACf2a7b2d8dc95d9fc24e88a49d29344a5\n  auth_token: ce06bf5e5fbcc2b0a938f084b6846784\n  service_sid: VA635df2d09276f935145d989777df2a93",
        "ce06bf5e5fbcc2b0a938f084b6846784",
    ),
    (
        "$ heroku config:get SENDGRID_API_KEY -a kf-player-mail\n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",
        "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",
    ),
    (
        "$ huggingface-cli whoami\nkf-loc-team\n$ cat ~/.cache/huggingface/token\nhf_wgXZmawyfHbReDAJu93Hg042GhUuX3J5Qn",
        "hf_wgXZmawyfHbReDAJu93Hg042GhUuX3J5Qn",
    ),
    (
        "$ echo dckr_pat_2WcrhcHjSnre5qw16gnrwWWSuKG | docker login -u kestrelforgeci --password-stdin\nLogin Succeeded",
        "dckr_pat_2WcrhcHjSnre5qw16gnrwWWSuKG",
    ),
    (
        "wrangler.toml is fine, the token is in the shell:\nexport CLOUDFLARE_API_TOKEN=Nj9Ud_f7ok3hGOU-d12Lrk3LFufZTG2nOYOcMzS8",
        "Nj9Ud_f7ok3hGOU-d12Lrk3LFufZTG2nOYOcMzS8",
    ),
    (
        "$ curl -s -H 'Authorization: ApiKey VGc0WFU3ME9wUUpvMjFXUFJMaDk6bnMwakdNakE4cXhwb3dZNWVobnpLcQ==' https://logs.kestrelforge.example:9200/_cat/indices/gs-*?h=index,docs.count | head -3",
        "VGc0WFU3ME9wUUpvMjFXUFJMaDk6bnMwakdNakE4cXhwb3dZNWVobnpLcQ==",
    ),
    (
        "$ curl -s -H 'Authorization: Bearer glsa_Mqygdkye5OsSaLQU1psD0heEv4EWDHJ2_09dec1a6' https://grafana.kestrelforge.example/api/dashboards/uid/gs-ccu | jq .dashboard.title\n\"Game servers — CCU\"",
        "glsa_Mqygdkye5OsSaLQU1psD0heEv4EWDHJ2_09dec1a6",
    ),
    (
        "grafana.ini\n[security]\nadmin_user = admin\nadmin_password = Puffin Orbit Marigold\nsecret_key = (from env)",
        "Puffin Orbit Marigold",
    ),
    (
        'config.alloy\nprometheus.remote_write "grafana_cloud" {\n  endpoint {\n    url = "https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push"\n    basic_auth {\n      username = "1482201"\n      password = "glc_eyJvIjoiMTgwMDEzMCIsIm4iOiJhbGxveS1ncy1ldSIsImsiOiJzZmkxdnJaUWsySDdRWXB3cWsxclltd1EiLCJtIjp7InIiOiJwcm9kLWV1LXdlc3QtMiJ9fQ=="\n    }\n  }\n}',
        "glc_eyJvIjoiMTgwMDEzMCIsIm4iOiJhbGxveS1ncy1ldSIsImsiOiJzZmkxdnJaUWsySDdRWXB3cWsxclltd1EiLCJtIjp7InIiOiJwcm9kLWV1LXdlc3QtMiJ9fQ==",
    ),
    (
        "$ cat ~/.sentryclirc\n[auth]\ntoken=2f4e882f3efca7d4f90f6b3423ddb9496e44b349174364513a998e77fb59344f\n\n[defaults]\norg=kestrelforge\nproject=tidebreak-client",
        "2f4e882f3efca7d4f90f6b3423ddb9496e44b349174364513a998e77fb59344f",
    ),
    # --- tool output: JWTs, private keys, OTP seeds, recovery codes, Wi-Fi ---
    (
        "the support tool logged me out again, here's the token from devtools in case you need it: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZ2VudF8xMTg0IiwibmFtZSI6IkRpbG5vemEgSy4iLCJyb2xlIjoic3VwcG9ydF9sZWFkIiwicGVybXMiOlsicmVmdW5kIiwiZ3JhbnRfaXRlbSIsImJhbiJdLCJpYXQiOjE3NjQzMTgwMDAsImV4cCI6MTc2NDM0NjgwMH0.0Bf1KCEtg71m5W4BEoDnPMbvtNPuqIU5SPOueICE2iw",
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZ2VudF8xMTg0IiwibmFtZSI6IkRpbG5vemEgSy4iLCJyb2xlIjoic3VwcG9ydF9sZWFkIiwicGVybXMiOlsicmVmdW5kIiwiZ3JhbnRfaXRlbSIsImJhbiJdLCJpYXQiOjE3NjQzMTgwMDAsImV4cCI6MTc2NDM0NjgwMH0.0Bf1KCEtg71m5W4BEoDnPMbvtNPuqIU5SPOueICE2iw",
    ),
    (
        "$ cat ~/Downloads/AuthKey_WY9Y8W4R3D.p8\n-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg630PNKnLO93dt2GG\nC7Xvfn3mw9XolD3XQVyTohFu4xmgCgYIKoZIzj0DAQehRANCAATQvhp9jij8+XzU\nBV54ZVz0NcAVUgOIoLUSUcUQsHWYfXgV9tjQcBjlF6G2AKnoPmH0wPcwo4LV4cgH\n4i20kco3\n-----END PRIVATE KEY-----",
        "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg630PNKnLO93dt2GG\nC7Xvfn3mw9XolD3XQVyTohFu4xmgCgYIKoZIzj0DAQehRANCAATQvhp9jij8+XzU\nBV54ZVz0NcAVUgOIoLUSUcUQsHWYfXgV9tjQcBjlF6G2AKnoPmH0wPcwo4LV4cgH\n4i20kco3",
    ),
    (
        'play-publisher.json:\n{\n  "type": "service_account",\n  "project_id": "kf-play-publish",\n  "private_key_id": "95863c3de0a2dbac4884ba9d28289879b1a3f124",\n  "client_email": "publisher@kf-play-publish.iam.gserviceaccount.com",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCsozRciidiZ6m+\\nAWyjImPyShlKTp7Nl8EXh7C2gbUWmn1cDsYuJs1VmkcWd60PAk1Z9BztWwpAbEFj\\nIFeOGx6he9ZnjCiPVT8pDJP5QjhTQDSR9Wv4pzm8FRGp57/6YRxFqhmODUsxpln9\\nFci+PS8jzh+gYfl0Ox0Jq4r2ogK61TJcRkS+WFL4PJZbV0KZZ/cmUHt9ecqr/TUD\\npPFgVeZcjh51psde0De1AyaHaVokgNKyB1A=\\n-----END PRIVATE KEY-----\\n"\n}',
        "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCsozRciidiZ6m+\\nAWyjImPyShlKTp7Nl8EXh7C2gbUWmn1cDsYuJs1VmkcWd60PAk1Z9BztWwpAbEFj\\nIFeOGx6he9ZnjCiPVT8pDJP5QjhTQDSR9Wv4pzm8FRGp57/6YRxFqhmODUsxpln9\\nFci+PS8jzh+gYfl0Ox0Jq4r2ogK61TJcRkS+WFL4PJZbV0KZZ/cmUHt9ecqr/TUD\\npPFgVeZcjh51psde0De1AyaHaVokgNKyB1A=",
    ),
    (
        "webhook signer key (staging only, 512 bit, don't judge):\n```\n-----BEGIN RSA PRIVATE KEY-----\nMIIBOwIBAAJBAO5yGWvbs8KSrRpw2gTjh2McqlBwuZG6Nm3hn5tDPvja+pNem8sf\nj0cuEOVxdIlwJtigGvAw/RAKF9nOeLBJhdCNa84vl7pv0HR69ocLaXTVAADK8SEz\nfLPU+JBEtZJipXaHhq50RQ8w2Z6QOhgPAK74VlYm6UwUDW3RBlduf+RifReuC9s3\nTS7BxgdRsgy6y1tU9Mhiu8m8ExfXgu311WLlEPRVWeEeAIn3Z0Whh6d55tkAY21c\ndgWVLIKpFeCYD/cRAENdGNK1Xf2updJO6FsJWcur0DSo8MC2FLBjrb2ChOzL8Gue\nHVu8Fvn7wNPduzvAZR4yfVW+SgkpuOt/2dOdPes3EYW3PfPxbPWQnK2oD9BspoDD\nwgI=\n-----END RSA PRIVATE KEY-----\n```",
        "MIIBOwIBAAJBAO5yGWvbs8KSrRpw2gTjh2McqlBwuZG6Nm3hn5tDPvja+pNem8sf\nj0cuEOVxdIlwJtigGvAw/RAKF9nOeLBJhdCNa84vl7pv0HR69ocLaXTVAADK8SEz\nfLPU+JBEtZJipXaHhq50RQ8w2Z6QOhgPAK74VlYm6UwUDW3RBlduf+RifReuC9s3\nTS7BxgdRsgy6y1tU9Mhiu8m8ExfXgu311WLlEPRVWeEeAIn3Z0Whh6d55tkAY21c\ndgWVLIKpFeCYD/cRAENdGNK1Xf2updJO6FsJWcur0DSo8MC2FLBjrb2ChOzL8Gue\nHVu8Fvn7wNPduzvAZR4yfVW+SgkpuOt/2dOdPes3EYW3PfPxbPWQnK2oD9BspoDD\nwgI=",
    ),
    (
        "$ cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACDsrpEjZ6rxyn1dqg3dm+3UXN0Vy7/JH/A8AcgUvFUJ8AAAAJgGsegyBrHo\nMgAAAAtzc2gtZWQyNTUxOQAAACDsrpEjZ6rxyn1dqg3dm+3UXN0Vy7/JH/A8AcgUvFUJ8A\nAAAEDrgFP338HDE6ydq86xneGRXtDoA0hJdkZK2tsrkAXbSeyukSNnqvHKfV2qDd2b7dRc\n3RXLv8kf8DwByBS8VQnwAAAAEmJ1aWxkQGJ1aWxkLXdpbi0wNwECAw==\n-----END OPENSSH PRIVATE KEY-----",
        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACDsrpEjZ6rxyn1dqg3dm+3UXN0Vy7/JH/A8AcgUvFUJ8AAAAJgGsegyBrHo\nMgAAAAtzc2gtZWQyNTUxOQAAACDsrpEjZ6rxyn1dqg3dm+3UXN0Vy7/JH/A8AcgUvFUJ8A\nAAAEDrgFP338HDE6ydq86xneGRXtDoA0hJdkZK2tsrkAXbSeyukSNnqvHKfV2qDd2b7dRc\n3RXLv8kf8DwByBS8VQnwAAAAEmJ1aWxkQGJ1aWxkLXdpbi0wNwECAw==",
    ),
    (
        "otpauth://totp/Steamworks%20Partner:release%40kestrelforge.example?secret=AHUXGIJYU4HRFC76IJVBXV2N5VZ7WAMH&issuer=Steamworks%20Partner&algorithm=SHA1&digits=6&period=30",
        "AHUXGIJYU4HRFC76IJVBXV2N5VZ7WAMH",
    ),
    (
        "QR decoded from the screenshot in #it-help: otpauth://totp/AWS%3Akf-root?issuer=AWS&secret=DV5KAS6JYAHNIFPJPYR553S2ST455PS4",
        "DV5KAS6JYAHNIFPJPYR553S2ST455PS4",
    ),
    (
        "GitHub recovery codes — kestrelforge-release\n\n894b8-f552b\n8263b-c355b\n67562-c48f1\nd3fc5-8d05e\nd527a-bd824\nc8223-cbd3a\n7f937-89865\n3b2af-b4542\n\nKeep your recovery codes in a safe spot.",
        "d3fc5-8d05e",
    ),
    (
        "backup codes for the @Tidebreak discord owner account:\nyudq-lpxu  cbow-t781  yp6x-tmx8  iek6-g1c0  6s3p-txjh  tfqq-ggqk  xx6z-huqz  vgw1-nboe  l7fc-7zwj  he6t-3ysy",
        "yudq-lpxu",
    ),
    (
        "Microsoft account recovery code for the Partner Center admin (qa-bay2 Xbox sign-in): VDSQ5-B48NP-FSHBJ-MDS9I-LTEZE",
        "VDSQ5-B48NP-FSHBJ-MDS9I-LTEZE",
    ),
    (
        "Printed QR on the QA lab door decodes to: WIFI:T:WPA;S:KF-QA-Lab;P:Lobby\\;Guest\\:2026;H:false;;",
        "Lobby\\;Guest\\:2026",
    ),
    (
        "wifi for the devkit VLAN: WIFI:S:KF-DEVKIT-5G;T:WPA;P:Cormorant_Static_58;;",
        "Cormorant_Static_58",
    ),
    (
        "Company Visa for the Steam Direct fee and the PS devkit order: 4716 9483 6157 1216, exp 08/28, CVC 415",
        "4716 9483 6157 1216",
    ),
    # --- tool-call arguments as JSON ---
    (
        '{"type": "tool_use", "id": "toolu_01tAPmhoDmxSouWWjmI5tgOL", "name": "bash", "input": {"command": "p4 -p ssl:perforce.kestrelforge.example:1666 -u build_svc -P \'Ember&Anvil_77\' sync -q //tidebreak/main/...@1482913"}}',
        "Ember&Anvil_77",
    ),
    (
        '{"id": "call_1j7muT2GkxIH2NcuTjhyaXrG", "type": "function", "function": {"name": "run_shell", "arguments": "{\\"cmd\\": \\"mysql -h liveops-db.internal -u liveops_ro -p\'Lamprey#Quiet44\' -e \'select count(*) from season_rewards where season=7\'\\"}"}}',
        "Lamprey#Quiet44",
    ),
    (
        '{"type": "tool_use", "name": "http_request", "input": {"method": "POST", "url": "https://7D3A1.playfabapi.com/Server/GrantItemsToUsers", "headers": {"Content-Type": "application/json", "X-SecretKey": "4SA9LSONXCZFG4DMVYOG1VM3YVA8N8AF8OQX5X9NBLXGXRNWS6K2"}, "body": {"CatalogVersion": "winterfest", "ItemGrants": [{"PlayFabId": "E01C4165BBC2857B", "ItemId": "skin_frost_warden"}]}}}',
        "4SA9LSONXCZFG4DMVYOG1VM3YVA8N8AF8OQX5X9NBLXGXRNWS6K2",
    ),
    (
        '{"function": {"name": "db_connect", "arguments": "{\\"host\\": \\"billing-db.internal\\", \\"port\\": 5432, \\"user\\": \\"billing_ro\\", \\"password\\": \\"Tern-Velvet-230\\", \\"database\\": \\"billing\\"}"}}',
        "Tern-Velvet-230",
    ),
    (
        '{"tool": "sql.query", "args": {"dsn": "sqlserver://sa:Albatross_Rye_6@10.40.5.12:1433?database=Support", "query": "SELECT TOP 20 * FROM Tickets WHERE Status = \'Escalated\'"}}',
        "Albatross_Rye_6",
    ),
    (
        '{"jsonrpc": "2.0", "id": 14, "method": "tools/call", "params": {"name": "grafana_query", "arguments": {"url": "https://grafana.kestrelforge.example", "api_key": "glsa_RzLt68F6j7Iz9THnsretwlFgwFDWlNZ7_fa4ed589", "expr": "sum(tidebreak_ccu{region=\\"eu-west\\"})"}}}',
        "glsa_RzLt68F6j7Iz9THnsretwlFgwFDWlNZ7_fa4ed589",
    ),
    (
        '{"name": "write_file", "input": {"path": "tools/refund-bot/.env", "content": "ZENDESK_EMAIL=refund-bot@kestrelforge.example/token\\nZENDESK_TOKEN=1hYv2CJfkHTsggMsFluZTDMJAHfgLYODuy2HtxlG\\n"}}',
        "1hYv2CJfkHTsggMsFluZTDMJAHfgLYODuy2HtxlG",
    ),
    (
        '{"name": "send_discord_message", "input": {"webhook_url": "https://discord.com/api/webhooks/6971408804050883062/ej8J-FNvItQWbWC87yP4DIW0reSXShym9tI5f0LYodmhU6tiCOBzZKbrQ4VFW43g1sc-", "content": "Servers are back up! Thanks for your patience 💙"}}',
        "ej8J-FNvItQWbWC87yP4DIW0reSXShym9tI5f0LYodmhU6tiCOBzZKbrQ4VFW43g1sc-",
    ),
    (
        '{"name": "bash", "input": {"command": "sshpass -p \'Fulmar_Crag_19\' ssh -o StrictHostKeyChecking=no deck@10.20.4.77 \'ls ~/devkit-game/tidebreak\'"}}',
        "Fulmar_Crag_19",
    ),
    (
        '{"name": "bash", "input": {"command": "kubectl -n liveops create secret generic liveops-db --from-literal=username=liveops --from-literal=password=\'Quokka^Harbour^11\'", "timeout": 60}}',
        "Quokka^Harbour^11",
    ),
    (
        '{"tool_name": "shell", "tool_input": {"command": "az login --service-principal -u 2d5f725b-16d9-4ad7-b298-c6a7aa8fe2a8 -p \'La38Q~9Eg~AJCgy3ryd0L_D0C9SgsTcnIpPn0T35\' --tenant kestrelforge.onmicrosoft.com"}}',
        "La38Q~9Eg~AJCgy3ryd0L_D0C9SgsTcnIpPn0T35",
    ),
    (
        '{"name": "fetch", "arguments": {"url": "https://api.gameanalytics.com/v1/games/184211/metrics", "headers": {"X-Api-Key": "775a806b51146d6a9c47303bac41ea3a"}}}',
        "775a806b51146d6a9c47303bac41ea3a",
    ),
    (
        '{"name": "bash", "input": {"command": "gh secret set STEAM_CONFIG_VDF --repo kestrelforge/tidebreak-release --body \'lkaaCo/cYHKWIDCMRkZzNUbS0EqspC8kFVOP6PKXDjyokFpXwDbcGQcRpxg7H/SFxFpgmubyYR7i+M58\'"}}',
        "lkaaCo/cYHKWIDCMRkZzNUbS0EqspC8kFVOP6PKXDjyokFpXwDbcGQcRpxg7H/SFxFpgmubyYR7i+M58",
    ),
    (
        '{"name": "powershell", "input": {"command": "net use \\\\\\\\nas01\\\\builds /user:KF\\\\svc_build Caracal.Sunset.27 /persistent:no"}}',
        "Caracal.Sunset.27",
    ),
    (
        '{"name": "bash", "input": {"command": "psql \'postgresql://analytics:Pelican%26Storm%2133@analytics-db.internal:5432/events\' -c \'\\\\dt\'"}}',
        "Pelican%26Storm%2133",
    ),
    (
        '{"name": "bash", "input": {"command": "openssl pkcs12 -in tidebreak-dist.p12 -nodes -passin pass:Toucan-Graph-84 | openssl x509 -noout -subject"}}',
        "Toucan-Graph-84",
    ),
    (
        '{"name": "bash", "input": {"command": "sentry-cli --auth-token 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 debug-files upload -o kestrelforge -p tidebreak-client Binaries/Win64"}}',
        "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",
    ),
    (
        '{"name": "http_request", "input": {"method": "GET", "url": "https://nexus.kestrelforge.example/service/rest/v1/components?repository=unity-packages", "auth": {"username": "upm-reader", "password": "Gannet!Ridge!5"}}}',
        "Gannet!Ridge!5",
    ),
    (
        '{"type": "tool_result", "tool_use_id": "toolu_01i4qk9miQX7MkgAkLxdiTGE", "content": "{\\"access_token\\": \\"ya29.c.CYr3StXLSrR3DldMrKgkKlqpP4CWwc9BJoPm-bC0y0vNlL4KpQalNXqBiPrOE_mgBWRfgzeF_34_SmVn1b7GVAth7-O4AdRNUdWPHu2WTIM9vRduLTmlCrSgd-Ygz2Zm5punsIzNuIWl1XgeFs7WOg\\", \\"expires_in\\": 3599, \\"token_type\\": \\"Bearer\\", \\"scope\\": \\"https://www.googleapis.com/auth/androidpublisher\\"}"}',
        "ya29.c.CYr3StXLSrR3DldMrKgkKlqpP4CWwc9BJoPm-bC0y0vNlL4KpQalNXqBiPrOE_mgBWRfgzeF_34_SmVn1b7GVAth7-O4AdRNUdWPHu2WTIM9vRduLTmlCrSgd-Ygz2Zm5punsIzNuIWl1XgeFs7WOg",
    ),
    (
        '{"functionCall": {"name": "run_command", "args": {"command": "sqlcmd -S kf-support.database.windows.net -d support -U support_admin -P \\"Mongoose+Drizzle+90\\" -Q \\"EXEC dbo.PurgeExpiredSessions\\""}}}',
        "Mongoose+Drizzle+90",
    ),
    (
        '{"name": "bash", "input": {"command": "steamcmd +login kforge_builder \'Bittern@Marsh_2025\' +run_app_build /ws/steam/app_build_2741930.vdf +quit"}}',
        "Bittern@Marsh_2025",
    ),
    (
        '{"name": "bash", "input": {"command": "redis-cli -h leaderboard-cache.internal -a \'Wagtail*Ember*3\' --no-auth-warning ZREVRANGE season7 0 9 WITHSCORES"}}',
        "Wagtail*Ember*3",
    ),
    # --- other encodings and forms: percent-encoding, JSON escapes, split lines, markup, code ---
    (
        "CELERY_BROKER_URL=amqp://liveops:Kr%40ken%21Tide%2391@mq.internal:5672/liveops",
        "Kr%40ken%21Tide%2391",
    ),
    (
        "leaderboard cache: rediss://lb-writer:Bass%2FReef%40Noon%207@lb-cache.internal:6380/0?ssl_cert_reqs=required",
        "Bass%2FReef%40Noon%207",
    ),
    (
        '[access.log] 10.20.9.14 - - [28/Nov/2026:09:12:01 +0000] "GET /gm/login?user=cm_sven&password=Lemur%21Quarry%2B52&next=%2Fplayers HTTP/1.1" 302 0',
        "Lemur%21Quarry%2B52",
    ),
    (
        '{"devkit": "PS5-QA-BAY1", "user": "root", "password": "Tr0ll\\"Bridge\\\\9", "ip": "10.20.4.60"}',
        'Tr0ll\\"Bridge\\\\9',
    ),
    (
        '{"service":"gm-tool","login":"cm_lea","passwd":"\\u00c9p\\u00e9e-Nuit-31"}',
        "\\u00c9p\\u00e9e-Nuit-31",
    ),
    (
        '2026-11-28T10:02:11Z WARN gm-tool request body: "{\\"password\\": \\"Dragon\\\\\\\\Gate\\\\\\\\88\\"}"',
        "Dragon\\\\\\\\Gate\\\\\\\\88",
    ),
    (
        "$ git clone https://oauth2:glpat-sDLl8ejc\niWb_Y97Ov6z8@git.kestrelforge.example/tools/crash-triage.git\nCloning into 'crash-triage'...",
        "glpat-sDLl8ejc\niWb_Y97Ov6z8",
    ),
    (
        '2026-11-28T09:40:02Z liveops-api | outbound POST /Server/BanUsers headers={"X-SecretKey": "PRRCTORTRWR9T76JIIFJG8B6CKRZ3I\n2026-11-28T09:40:02Z liveops-api | LZLIPC7M31H8KPLJG594GR", "Content-Type": "application/json"}',
        "PRRCTORTRWR9T76JIIFJG8B6CKRZ3I",
    ),
    (
        "To run the nightly locally:\n\n```bash\nexport P4USER=nightly_svc\nexport P4PASSWD='Starling_Quay_66'\n./Engine/Build/BatchFiles/RunUAT.bat BuildGraph -Script=Build/Tidebreak.xml -Target=\"Nightly Win64\"\n```",
        "Starling_Quay_66",
    ),
    (
        '<form method="post" action="/devkit/login">\n  <input type="text" name="user" value="qa_bay1">\n  <input type="password" name="pass" value="Tusk&amp;Horn_58">\n  <button>Sign in</button>\n</form>',
        "Tusk&amp;Horn_58",
    ),
    (
        '<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n  <packageSourceCredentials>\n    <kf-nuget>\n      <add key="Username" value="nuget-reader" />\n      <add key="ClearTextPassword" value="Moss&lt;Gate&gt;31" />\n    </kf-nuget>\n  </packageSourceCredentials>\n</configuration>',
        "Moss&lt;Gate&gt;31",
    ),
    (
        '<connectionStrings>\n  <add name="SupportDb" connectionString="Data Source=kf-support-sql;Initial Catalog=Support;User Id=support_app;Password=Ibex_Crescent_72;" providerName="System.Data.SqlClient" />\n</connectionStrings>',
        "Ibex_Crescent_72",
    ),
    (
        "<settings>\n  <servers>\n    <server>\n      <id>kf-releases</id>\n      <username>gradle-publisher</username>\n      <password>Heron!Ledger_29</password>\n    </server>\n  </servers>\n</settings>",
        "Heron!Ledger_29",
    ),
    (
        "vendor_accounts.csv\nusername,password,role,expires\nqa_ph_03,Kalesa-Noon-61,tester,2026-12-31\nqa_ph_04,Jackdaw#Blue22,lead,2026-12-31",
        "Jackdaw#Blue22",
    ),
    (
        'name,login,password,notes\n"Steam QA 7","kf_qa_07","Fjord,Raven,12","Swedish keyboard"',
        "Fjord,Raven,12",
    ),
    (
        "FROM mcr.microsoft.com/dotnet/sdk:8.0 AS build\nARG NUGET_USER=nuget-reader\nARG NUGET_PASS=Capybara_Lumen_64\nRUN dotnet nuget add source https://nuget.kestrelforge.example/v3/index.json -u $NUGET_USER -p $NUGET_PASS --store-password-in-clear-text",
        "Capybara_Lumen_64",
    ),
    (
        'FROM node:20-alpine\nWORKDIR /app\nENV NODE_ENV=production \\\n    BILLING_DB_PASSWORD=Osprey.Vault.918 \\\n    PORT=8080\nCOPY . .\nCMD ["node", "server.js"]',
        "Osprey.Vault.918",
    ),
    (
        "STEAM_USER ?= kforge_builder\nSTEAM_PASS ?= Pelican_Drift_63\n\nupload:\n\tsteamcmd +login $(STEAM_USER) $(STEAM_PASS) +run_app_build build/app_build_2741930.vdf +quit",
        "Pelican_Drift_63",
    ),
    (
        "$pw = ConvertTo-SecureString 'Orca!Tundra_15' -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential('KF\\svc_devkit', $pw)\nInvoke-Command -ComputerName BUILD-WIN-07 -Credential $cred -ScriptBlock { Restart-Service jenkins }",
        "Orca!Tundra_15",
    ),
    (
        "$ crontab -l\n15 3 * * * /usr/bin/mysqldump -u backup -p'Walrus~Amber~37' liveops | gzip > /backup/liveops-$(date +\\%F).sql.gz",
        "Walrus~Amber~37",
    ),
    (
        'Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n"AutoAdminLogon"="1"\n"DefaultUserName"="svc_buildagent"\n"DefaultPassword"="Wombat^Dusk^42"',
        "Wombat^Dusk^42",
    ),
    (
        "jobs:\n  upload-symbols:\n    runs-on: [self-hosted, win64]\n    env:\n      BACKTRACE_SYMBOL_TOKEN: 56c5960d0cb5988647d43623e49c7ca1\n    steps:\n      - run: ./tools/upload_symbols.ps1",
        "56c5960d0cb5988647d43623e49c7ca1",
    ),
    (
        '# helm/values-prod.yaml\nphotonAuth:\n  replicas: 2\n  db:\n    host: auth-db.internal\n    user: photon_auth\n    password: "Magpie-Tinsel-40"',
        "Magpie-Tinsel-40",
    ),
    (
        'public static class LiveOpsConfig\n{\n    public const string TitleId = "7D3A1";\n    // TODO move to server before cert\n    public const string DeveloperSecretKey = "pSgPCRRfvysImDbonyflWq4L5yrDubfb6dHvZEQm";\n}',
        "pSgPCRRfvysImDbonyflWq4L5yrDubfb6dHvZEQm",
    ),
    (
        '// Source/Tidebreak/Private/Telemetry/TelemetryUploader.cpp\nstatic const FString IngestUrl = TEXT("https://ingest.kestrelforge.example/v2/events");\nstatic const FString IngestApiSecret = TEXT("XQdjTszkM5_xsx87K6Ls-u_hWxg9SBSx_MT9CU4g");',
        "XQdjTszkM5_xsx87K6Ls-u_hWxg9SBSx_MT9CU4g",
    ),
    (
        '# scripts/refund_batch.py\nimport stripe\n\nstripe.api_key = "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"\nfor charge_id in open("refunds.txt"):\n    stripe.Refund.create(charge=charge_id.strip())',
        "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",
    ),
    (
        '-- server/config.lua\nreturn {\n  admin_user = "opsadmin",\n  admin_pass = "Marten:Frost:48",\n  rcon_port = 27020,\n}',
        "Marten:Frost:48",
    ),
    (
        '$ cat ~/.cargo/credentials.toml\n[registries.kf-crates]\ntoken = "cioJrTTTb4xFnplyPiCV4N5fslYrKMIrGTQ"',
        "cioJrTTTb4xFnplyPiCV4N5fslYrKMIrGTQ",
    ),
    (
        "INSERT INTO integrations (name, kind, secret, created_by) VALUES ('stripe-reporting', 'stripe', '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', 'ana.ribeiro');",
        "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",
    ),
    (
        "curl 'https://api.xsolla.com/merchant/v2/merchants/418233/reports/transactions/registry.json?datetime_from=2026-11-01&api_key=mMia3uBBHtdIw7PcmbXtcgQohk3MKG7h'",
        "mMia3uBBHtdIw7PcmbXtcgQohk3MKG7h",
    ),
    (
        " 1998  export HELPSHIFT_ADMIN_PASS='Gecko+Saffron+7'\n 1999  ./support-tools/export_faqs.sh --lang all\n 2000  history | tail -3",
        "Gecko+Saffron+7",
    ),
    (
        "# the secret I wrote by hand for the QA namespace\napiVersion: v1\nkind: Secret\nmetadata:\n  name: testrail-sync\n  namespace: qa\ndata:\n  TESTRAIL_PASSWORD: UHRhcm1pZ2FuX1NsYXRlXzI2",
        "UHRhcm1pZ2FuX1NsYXRlXzI2",
    ),
    (
        "[Service]\nEnvironment=NODE_ENV=production\nEnvironment=PHOTON_WEBHOOK_SECRET=Narwhal=Copper=19\nExecStart=/usr/bin/node /opt/photon-hooks/index.js",
        "Narwhal=Copper=19",
    ),
    (
        "services:\n  gm-tool:\n    image: registry.kestrelforge.example/gm-tool:2026.11.27\n    environment:\n      - DB_URL=postgres://gm:Axolotl_Prism_35@gm-db:5432/gm\n      - SESSION_TTL=3600",
        "Axolotl_Prism_35",
    ),
    (
        'Release checklist: <a href="ftp://cert-upload:Kingfisher*Salt*3@ftp.kestrelforge.example/submissions/">submission FTP</a>',
        "Kingfisher*Salt*3",
    ),
    (
        "support-tools/application.properties\nspring.mail.host=smtp.office365.com\nspring.mail.username=support.ops@kestrelforge.example\nspring.mail.password=Marmot_Glade_81\nspring.mail.properties.mail.smtp.starttls.enable=true",
        "Marmot_Glade_81",
    ),
]

# Legitimate memories that talk about credentials, ids, hashes and codes but hold no secret:
# each must be kept as written (not refused, not redacted).
AK_LOOKALIKES: list[str] = [
    # --- ids, hashes, build and changelist numbers, versions ---
    "Merged 180370436ba96eeaefc27f55c058855a9278a898 into release/1.14; the crash in the boss 3 arena is gone.",
    'Bisected the shader stutter to commit 115858e ("PSO cache: precompile on load"), reverting it fixes the hitch.',
    "Match ef31a769-efb0-4a6e-bf8a-961b6bdef5fc desynced at tick 4410; the replay is attached to TB-8807.",
    "Build 2026.11.28.4812 (CL 1482913) is the release candidate for the Winterfest patch.",
    "Shelved CL 1483027 holds the inventory UI fix; unshelve it into your workspace and run the smoke tests.",
    "p4 changes -m3 //tidebreak/main/...\nChange 1483102 on 2026/11/28 by ana.ribeiro@ana_main 'Fix login retry loop on PS5'\nChange 1483099 on 2026/11/28 by build_svc@build-win-03 'Automated: version bump 1.14.2'\nChange 1483091 on 2026/11/27 by tomas.k@tk_main 'Lower bloom on Switch'",
    "SHA-256 of the public dedicated-server release tidebreak-server-1.14.2-linux-x64.tar.gz: 687c8e601f2e5d43cdcd266109ac60dc41c344d5f8457087042f214c5c1f562a",
    "Assets/Prefabs/Bosses/FrostWarden.prefab.meta\nfileFormatVersion: 2\nguid: 8f188233071f555cf52cc46eb31a2c99\nPrefabImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: bosses",
    "Content browser reference: /Game/Characters/Warden/BP_FrostWarden.BP_FrostWarden_C, package GUID {F0F3D80E-9C38E840-28697269-3572D2A8}.",
    "We're on Unreal Engine 5.4.4, Unity 2022.3.51f1 for the mobile spin-off, and PlayFab SDK 2.157.241108.",
    "Docker image digest for gm-tool:2026.11.27 is sha256:d8710916df784e2b6c49009d6ff9061f48b45e7c4e5cb7ed235f1faf3e11768a; pin that in the Helm chart.",
    "Crash GUID UECC-Windows-165E01A38B00C9CA714560913B783606_0000 is the same null deref as TB-8812.",
    "Steam App ID 2741930 is the main game, 2741931 the demo; depot 2741932 holds the Windows build.",
    "PlayFab title 7D3A1 is production, 9B4E2 is staging; don't point QA builds at 7D3A1.",
    "Steam build 16288451 went live on the default branch at 09:00 UTC; the beta branch still has 16281907.",
    "PS5 title ID PPSA24817 and Xbox title ID 0x643A8B12 are in the cert submission form.",
    "Jira tickets TB-8807, TB-8812 and TB-8815 are all the same crash on the PS5 devkit.",
    "Sentry issue TIDEBREAK-CLIENT-3K7 spiked after 1.14.2; 4,812 events from 1,903 users.",
    "Grafana dashboard uid gs-ccu-eu, panel 14, shows the CCU drop at 20:14 UTC.",
    "Player 33371482529D7B1C reported a missing Frost Warden skin; support granted it manually (ticket 118274).",
    "Stripe charge ch_UVzDHHNm2iW3R4IWbUwllYFE was refunded in full; the player's refund ticket is closed.",
    "Release tags: v1.14.0, v1.14.1-hotfix1, v1.14.2-rc3.",
    "The Xbox devkit in QA bay 2 is at 10.20.4.51; Device Portal listens on port 11443.",
    "The PS5 devkit's MAC is 70:9E:29:4B:1C:07; facilities whitelisted it on the devkit VLAN.",
    "The crash stack ends at 0x00007FF6A2B3C4D5 in TidebreakGame.exe!UInventoryComponent::Equip.",
    "World seed 8812734401 reproduces the floating island on Frostreach; QA, please use it for the regression pass.",
    "Discord server ID 1098234417726410863; the #patch-notes channel is 1154097762843300921.",
    "Steam Workshop item 3372019844 is the community map pack we feature in the Winterfest news post.",
    "p4 trust -l\nC5:CE:98:30:34:5B:1F:66:EA:84:4A:F0:44:01:C1:38:05:CA:0C:35 ssl:perforce.kestrelforge.example:1666 (server fingerprint, compare with the one on the IT wiki)",
    "The build agent's public key, for the Git server's deploy keys: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIN9oUlqhDOXn7vkHxRUZiBVaGcbJfb9FfKrVLGnJj7q0 build@build-lin-02",
    "CRC32 of pakchunk3-Windows.pak is 7A3F91C2; the launcher verifies it before mounting.",
    "MD5 of the localisation CSV we sent to the Kraków vendor: 7baf3ed434aeab886017d74251731449",
    "The rarity colours are #FFB000 for legendary, #7B2FBE for epic and #2F8FFF for rare.",
    "The splash-screen test string SGVsbG8sIFRpZGVicmVhayE= is just base64 for 'Hello, Tidebreak!'.",
    "Unity Cloud project ID for Tidebreak: Skirmish is listed in ProjectSettings.asset under cloudProjectId; it is an identifier, not a credential.",
    "Localization keys LOC_UI_PASSWORD_HINT and LOC_UI_TOKEN_EXPIRED need German and Polish strings by Friday.",
    # --- placeholders, variable names, masked values ---
    "In the README, set the header to `X-SecretKey: <your-title-secret-key>` and never commit the real one.",
    "steamcmd +login ${STEAM_USERNAME} ${STEAM_PASSWORD} +run_app_build app_build.vdf — both come from the Jenkins credential store.",
    "The pipeline reads STEAM_CONFIG_VDF, EOS_CLIENT_SECRET and PLAYFAB_SECRET_KEY from Jenkins credentials; nothing is in the repo.",
    "Use xxxx-xxxx-xxxx as the key in the screenshot for the store page tutorial.",
    "Steam keys for press look like XXXXX-XXXXX-XXXXX; we requested 500 of them in Steamworks for the Winterfest preview.",
    "password: ******** (see 1Password item 'Devkit — QA Bay 2')",
    "API key: [REDACTED] — I removed it from the ticket before sharing it with the vendor.",
    "access_key ****************7QKD shared-credentials-file (masked by the AWS CLI)",
    'DefaultEngine.ini should only have ClientSecret="" in source control; the build injects the value.',
    "Template for the support macro: 'Your verification code is {code}. It expires in 10 minutes.'",
    "export SENTRY_AUTH_TOKEN=$(vault kv get -field=token kv/ci/sentry)",
    "The promo code WINTERFEST is public — it's in the trailer and on every social channel.",
    "Branches: feature/token-refresh, fix/password-reset-email, chore/rotate-secrets-doc.",
    # --- talk about credentials without a value, English ---
    "The devkit passwords rotate monthly; ask #it-helpdesk for the current one.",
    "The EOS client secret lives in the DevOps vault, never in DefaultEngine.ini.",
    "Passwords for the GM tool must be at least 14 characters and can't reuse the last 5.",
    "We revoked the Discord bot token that leaked in the screenshot and issued a new one through the developer portal.",
    "The PlayFab secret key was rotated on Monday; the new one is already in the Jenkins credential store.",
    "QA contractors get their VPN credentials by SMS from IT, never by email.",
    "Steam Guard codes for the builder account go to the shared phone in the build room.",
    "LogOnline: Login succeeded for user kf_qa_pl03 (EOS Connect, product user created)",
    "Commit message: 'Remove hardcoded Photon secret from AuthConfig.cs; read it from the server config instead.'",
    "The Grafana admin password is reset by the Helm chart on every deploy, so don't bother changing it in the UI.",
    "A JWT from the support tool expires after 8 hours; the refresh happens silently.",
    # --- talk about credentials without a value, other languages ---
    "Das Passwort für die Devkits wird jeden Monat von der IT geändert und liegt im Tresor.",
    "Le mot de passe du kit de dev est dans le coffre 1Password de l'équipe QA, pas dans Slack.",
    "La contraseña del panel de Photon caduca cada 90 días; pídela al equipo de live-ops.",
    "A senha do Jenkins foi trocada ontem; peça a nova ao time de build.",
    "La password del PlayFab Game Manager va chiesta a Giulia, non è nel wiki.",
    "Het wachtwoord van de build-VM staat in de kluis onder 'Build / Windows agents'.",
    "Hasło do devkitów zmieniamy co miesiąc, nowe dostaniesz od działu IT.",
    "Пароль от Grafana хранится в Vault, в чат его не пишем.",
    "Пароль до Perforce змінюється щомісяця, новий питай у білд-команди.",
    "Devkit şifresi her ay değişiyor, yenisini IT'den isteyin.",
    "كلمة مرور حساب الدعم محفوظة في الخزنة ويتم تغييرها كل شهر.",
    "הסיסמה ל-devkit מתחלפת כל חודש, תבקשו אותה מה-IT.",
    "رمز عبور Jenkins هر ماه عوض می‌شود؛ از تیم بیلد بپرسید.",
    "Jenkins का पासवर्ड हर महीने बदलता है, नया पासवर्ड बिल्ड टीम से माँगें।",
    "ডেভকিটের পাসওয়ার্ড প্রতি মাসে বদলায়, আইটি থেকে নতুনটা নিন।",
    "开发机的密码每月更换一次，请向 IT 索取，不要发在群里。",
    "開発機のパスワードは毎月変更されます。ITチームに問い合わせてください。",
    "빌드 서버 비밀번호는 매달 바뀌니 IT팀에 문의하세요.",
    "Mật khẩu devkit được đổi hằng tháng, hãy hỏi bộ phận IT.",
    "รหัสผ่านของเครื่อง devkit เปลี่ยนทุกเดือน ขอได้จากฝ่ายไอที",
    "Password akun PlayFab diganti tiap bulan; minta ke tim live-ops.",
    "Ο κωδικός του Jenkins αλλάζει κάθε μήνα· ζητήστε τον από την ομάδα build.",
    "Heslo k devkitům se mění každý měsíc, nové dostanete od IT.",
    "Lösenordet till devkitet byts varje månad, fråga IT om det nya.",
    "Devkitin salasana vaihtuu kuukausittain; kysy uusi IT-tuesta.",
    "A devkit jelszava havonta változik, az újat az IT-tól kérd.",
    "Parola pentru devkit se schimbă lunar; cere-o de la IT.",
    "Nagbabago buwan-buwan ang password ng devkit; humingi ng bago sa IT.",
    "Nenosiri la devkit hubadilishwa kila mwezi; omba jipya kutoka IT.",
    "Die Changelist 1483102 enthält den Fix für die Login-Schleife auf der PS5.",
    "Le build 4812 corrige le crash du boss 3 ; le hash du commit est dans le ticket TB-8812.",
    "El token de sesión de PlayFab dura 24 horas; después el cliente vuelve a iniciar sesión solo.",
    "チケット TB-8815 のクラッシュは CL 1483091 で修正済みです。",
    "Ключ API Steam хранится только в хранилище Jenkins, в репозитории его нет.",
]
