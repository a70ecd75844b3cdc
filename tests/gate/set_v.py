# ruff: noqa: RUF001 (the cases as written, in their own scripts)
"""Set V: junk refused by what it lacks, in shapes sets J2 and J3 do not hold, and short
legitimate memories that look like it; written before the gate's code was read for it.

- ``V_JUNK``: what a future session cannot use (acknowledgements and filler in twenty-six
  languages, emoji with or without a word, questions restated, talk about the memory itself,
  an agent's talk to itself, status lines, an id, a version or a path alone, stack-trace lines,
  diff hunks, log lines with levels, JSON / YAML / XML fragments stating nothing, table rows,
  redaction leftovers with other markers, truncated sentences, repeated words, keyboard mash,
  filler text and pangrams in other languages, sentences of agent system prompts lightly
  paraphrased, tool schema descriptions), each with its kind.
- ``V_KEPT``: short facts, preferences and decisions in many languages, with markup and code,
  that name what the junk names (an id, a path, a command, an emoji, a status) and state
  something about it.
- ``V_HOST_PROMPT`` / ``V_HOST_TOOL``: a host's system prompt and tool description sent in a
  recent session of the writer's scope; ``V_PROMPT_COPIES`` are the main agent's saves naming
  no session that copy or lightly paraphrase them, ``V_PROMPT_KEPT`` saves in the same scope
  that share their words and state something else.

First measured (before any change for it), each text redacted then screened as the main
agent's save naming no session (:func:`tests.gate.test_set_v._saved`): 48 of 140 junk kept
(self-talk 7, talk about the memory 6, tool schema descriptions 6, acknowledgements 5, paths
5, status lines 4, prompt sentences 4, stack-trace lines 3, truncated sentences 3, diff
headers 2, YAML fragments 2, a table header 1); 0 of 56 look-alikes cut (8 held). The copies
of a recent session's host prompt, saved naming no session through the memory tools
(:mod:`tests.tools.test_set_v_copies`): 9 of 10 kept (the whole prompt refused by its persona
line), 5 of 5 look-alikes kept.

After the gate read what junk lacks (an end, a predicate, a body, a subject, anything but the
moment or the memory itself: :mod:`daemon.gate.unfinished`, :mod:`daemon.gate.speech_acts`)
and a save naming no session was read against its scope's recent host prompts: 1 of 140 junk
kept ('key: value'), 0 of 56 look-alikes cut (8 held, as before); 0 of 10 copies kept, 5 of 5
look-alikes kept.
"""

from __future__ import annotations

V_JUNK: list[tuple[str, str]] = [
    # acknowledgements and filler, in many languages
    ("Entendido, muchas gracias.", "acknowledgement"),
    ("Compris, je m'en occupe.", "acknowledgement"),
    ("Alles klar, danke dir!", "acknowledgement"),
    ("Va bene, grazie mille.", "acknowledgement"),
    ("Beleza, valeu!", "acknowledgement"),
    ("Prima, dank je wel.", "acknowledgement"),
    ("Okej, tack så mycket!", "acknowledgement"),
    ("Selvfølgelig, tak.", "acknowledgement"),
    ("Tamam, teşekkürler.", "acknowledgement"),
    ("Dobrze, dzięki.", "acknowledgement"),
    ("Jasně, díky.", "acknowledgement"),
    ("Rendben, köszi!", "acknowledgement"),
    ("Εντάξει, ευχαριστώ.", "acknowledgement"),
    ("Понял, принял.", "acknowledgement"),
    ("Добре, дякую.", "acknowledgement"),
    ("حسناً، شكراً جزيلاً.", "acknowledgement"),
    ("בסדר גמור, תודה.", "acknowledgement"),
    ("ठीक है, धन्यवाद।", "acknowledgement"),
    ("ได้ครับ ขอบคุณครับ", "acknowledgement"),
    ("Được rồi, cảm ơn bạn.", "acknowledgement"),
    ("Oke, terima kasih.", "acknowledgement"),
    ("かしこまりました、ありがとうございます。", "acknowledgement"),
    ("收到，马上处理。", "acknowledgement"),
    ("네, 감사합니다.", "acknowledgement"),
    ("Sawa, asante sana.", "acknowledgement"),
    ("Selvä, kiitos!", "acknowledgement"),
    ("Sounds good to me!", "acknowledgement"),
    ("Cool cool, makes sense.", "acknowledgement"),
    # emoji alone or with a word
    ("👌👌", "emoji"),
    ("🙏 thanks", "emoji"),
    ("✅", "emoji"),
    ("ok 👍", "emoji"),
    ("😂😂😂", "emoji"),
    ("🔥 nice", "emoji"),
    ("❤️ merci", "emoji"),
    # questions restated
    ("How do I run the migrations?", "question"),
    ("¿Cómo se despliega esto?", "question"),
    ("Wie starte ich den Server neu?", "question"),
    ("Pourquoi le build échoue-t-il ?", "question"),
    ("Question: how do we rotate the logs?", "question"),
    ("为什么测试失败了？", "question"),
    # talk about the memory itself
    ("Saved this to memory.", "memory_meta"),
    ("Memory updated.", "memory_meta"),
    ("Added to long-term memory.", "memory_meta"),
    ("Storing this for later.", "memory_meta"),
    ("No new memories from this session.", "memory_meta"),
    ("This memory records a preference of the user.", "memory_meta"),
    ("Memoria guardada.", "memory_meta"),
    ("Erinnerung gespeichert.", "memory_meta"),
    # an agent talking to itself
    ("Let me think about this for a second.", "self_talk"),
    ("First, I'll read the config file.", "self_talk"),
    ("Now I'm going to refactor the module.", "self_talk"),
    ("I should double-check the output before answering.", "self_talk"),
    ("Next I'll open a pull request.", "self_talk"),
    ("Voy a revisar los logs ahora.", "self_talk"),
    ("Ich schaue mir das gleich an.", "self_talk"),
    ("Je vais relancer les tests.", "self_talk"),
    # status lines
    ("Status: in progress", "status"),
    ("All checks have passed", "status"),
    ("Deployment succeeded.", "status"),
    ("Pipeline #4821 passed", "status"),
    ("✔ done", "status"),
    ("[OK]", "status"),
    ("Loading…", "status"),
    ("Compiling (3/12)...", "status"),
    # ids, versions, times alone
    ("550e8400-e29b-41d4-a716-446655440000", "id"),
    ("a3f9c2e", "id"),
    ("PR #312", "id"),
    ("JIRA-1234", "id"),
    ("v2.4.1", "id"),
    ("2026-W48", "id"),
    ("Mon, 30 Nov 2026 09:15:00 GMT", "id"),
    # a path alone
    ("/etc/nginx/nginx.conf", "path"),
    ("src/components/Button.tsx", "path"),
    ("C:\\Users\\dev\\AppData\\Local\\Temp", "path"),
    ("~/.config/acme/settings.toml", "path"),
    ("./scripts/deploy.sh", "path"),
    # stack-trace lines
    ("Traceback (most recent call last):", "trace"),
    ("    raise ValueError(msg)", "trace"),
    ("goroutine 1 [running]:", "trace"),
    ("thread 'main' panicked at src/main.rs:10:5:", "trace"),
    ("    at Object.<anonymous> (/app/index.js:3:9)", "trace"),
    ("Caused by: java.net.ConnectException: Connection refused", "trace"),
    # diff hunks
    ("-    return None\n+    return {}", "diff"),
    ("diff --git a/app.py b/app.py", "diff"),
    ("index 3b18e51..a9c1f2d 100644\n--- a/README.md\n+++ b/README.md", "diff"),
    # log lines with levels
    ("[WARN] retrying connection (attempt 2)", "log"),
    ("ERROR 2026-11-28 10:01:22 worker: timeout", "log"),
    ("E1128 10:00:00.123456       1 reflector.go:138] watch closed", "log"),
    ('level=info msg="listening" addr=:8080', "log"),
    ("W/ActivityManager: Slow operation: 52ms so far", "log"),
    ("DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): pypi.org:443", "log"),
    # structured fragments that state nothing
    ('{"id": 42, "name": null}', "structured"),
    ("key: value", "structured"),
    ("- name: build\n  run: make", "structured"),
    ('"foo": "bar",', "structured"),
    ("<config><item/></config>", "structured"),
    ("[1, 2, 3]", "structured"),
    # table rows
    ("| 1 | 2 | 3 |", "table"),
    ("| id | name | status |\n|----|------|--------|", "table"),
    ("1\t2\t3", "table"),
    # what redaction left, other markers
    ("password: <hidden>", "redaction_leftover"),
    ("The API key is XXXXXXXX.", "redaction_leftover"),
    ("secret=[MASKED]", "redaction_leftover"),
    ("api_key: ●●●●●●●●", "redaction_leftover"),
    ("The DB password is <REMOVED>.", "redaction_leftover"),
    ("Token: {{REDACTED}}", "redaction_leftover"),
    ("Das Passwort lautet [ENTFERNT].", "redaction_leftover"),
    # truncated sentences
    ("The deploy script should", "truncated"),
    ("We decided to move the", "truncated"),
    ("Die Datenbank wird jeden", "truncated"),
    ("Remember that the", "truncated"),
    # repeated words, keyboard mash
    ("test test test test", "repeated"),
    ("ok ok ok", "repeated"),
    ("memory memory memory", "repeated"),
    ("qwerty", "mash"),
    ("asdfghjkl;", "mash"),
    ("sdfsdf", "mash"),
    ("фывапролдж", "mash"),
    ("ㅁㄴㅇㄹ", "mash"),
    # filler text and pangrams
    ("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.", "lorem"),
    ("Blindtext Blindtext Blindtext", "lorem"),
    ("Texto de ejemplo, texto de ejemplo.", "lorem"),
    ("The quick brown fox jumps over the lazy dog.", "lorem"),
    ("Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich.", "lorem"),
    ("Portez ce vieux whisky au juge blond qui fume.", "lorem"),
    ("Съешь же ещё этих мягких французских булок, да выпей чаю.", "lorem"),
    ("いろはにほへと ちりぬるを", "lorem"),
    # sentences of an agent system prompt, lightly paraphrased
    (
        "You're an AI coding assistant that helps users with software engineering tasks.",
        "prompt_sentence",
    ),
    ("As an assistant, always be concise and never make up facts.", "prompt_sentence"),
    ("You must use the tools provided to answer the user's request.", "prompt_sentence"),
    ("Your knowledge cutoff is 2024.", "prompt_sentence"),
    ("Be helpful, harmless and honest.", "prompt_sentence"),
    ("Eres un asistente útil que responde de forma breve.", "prompt_sentence"),
    # tool schema descriptions
    ("Reads a file from the local filesystem.", "tool_schema"),
    ("Executes a given bash command in a persistent shell session.", "tool_schema"),
    ("Use this tool to create a new file or overwrite an existing one.", "tool_schema"),
    ("path (string, required): the absolute path of the file to read.", "tool_schema"),
    (
        '{"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}',
        "tool_schema",
    ),
    ("Returns a list of matching results.", "tool_schema"),
]

V_KEPT: list[str] = [
    "Tests: `pytest -q`.",
    "Deploys: Fridays off.",
    "Lint: `ruff check .`",
    "Build: `make dist`.",
    "`main` is protected.",
    "Default branch: trunk.",
    "Ticket prefix: PAY-.",
    "Package manager: pnpm.",
    "Python 3.13 from January.",
    "Reviews need two approvals.",
    "DB migrations via Alembic.",
    "Frontend: React 18 + Vite.",
    "Prod region: us-east-2.",
    "Retries: 3, backoff 2 s.",
    "Timeout for /search is 30 s.",
    "Error budget: 0.1% a month.",
    "Docs are built with MkDocs.",
    "Alice prefers short PRs.",
    "The user prefers metric units.",
    "The user prefers answers in Japanese.",
    "JIRA-1234 tracks the Redis upgrade.",
    "PR #312 added rate limiting.",
    "v2.4.1 fixed the login loop.",
    "/etc/nginx/nginx.conf is managed by Ansible.",
    "Config lives in `~/.config/acme/`.",
    "Stack traces are logged at ERROR.",
    "Pod memory limit: 512 Mi.",
    "👍 in #reviews means approved.",
    "Status page: status.acme.example.",
    "Sprint length: two weeks.",
    "On-call: Dana Mon–Wed, Omar Thu–Sun.",
    "We chose gRPC over REST internally.",
    "Wir deployen nur dienstags.",
    "Tests laufen mit `pytest -q`.",
    "Les revues de code sont obligatoires.",
    "On utilise pnpm, pas npm.",
    "El equipo usa Jira.",
    "Ana prefiere respuestas cortas.",
    "O banco é Postgres 15.",
    "Il deploy è automatico.",
    "We gebruiken Terraform.",
    "Servern kör Ubuntu 24.04.",
    "Wdrożenia są w czwartki.",
    "Veritabanı PostgreSQL 16.",
    "Сборка идёт в GitLab CI.",
    "Реліз щоп'ятниці.",
    "本番DBはAurora。",
    "テストは`pytest -q`で実行。",
    "代码审查需要两人批准。",
    "前端用 React。",
    "DB는 MySQL 8이다.",
    "Máy chủ chạy Ubuntu.",
    "Tim memakai GitLab.",
    "Nasazujeme v úterý.",
    "Testit ajetaan CI:ssä.",
    "Ο διακομιστής τρέχει Debian.",
]

# A host's prompt and tool sent in a recent session of the writer's scope, and saves naming
# no session that copy or lightly paraphrase them (junk: the host sends them every session).
V_HOST_PROMPT = (
    "You are Tern, the release assistant for Northwind's mobile apps. Reply in plain English "
    "and keep answers short. Check the release calendar before proposing a date. Do not "
    "merge pull requests on your own. Escalate store rejections to the mobile lead."
)
V_HOST_TOOL = {
    "type": "function",
    "function": {
        "name": "calendar_lookup",
        "description": "Look up the release calendar for a given app and week.",
        "parameters": {"type": "object", "properties": {}},
    },
}
V_PROMPT_COPIES: list[str] = [
    V_HOST_PROMPT,
    "Check the release calendar before proposing a date.",
    "Do not merge pull requests on your own.",
    "Escalate store rejections to the mobile lead.",
    "Reply in plain English and keep answers short.",
    "Tern is the release assistant for Northwind's mobile apps.",
    "Always check the release calendar before you propose a date.",
    "Never merge pull requests on your own.",
    "Look up the release calendar for a given app and week.",
    "Keep answers short and reply in plain English. Escalate store rejections to the mobile lead.",
]
V_PROMPT_KEPT: list[str] = [
    "The release calendar lives in Confluence under Mobile/Releases.",
    "Mina has been the mobile lead since October.",
    "Most store rejections this year were about privacy labels.",
    "Northwind's Android app ships every second Wednesday.",
    "Pull requests to release/* need two approvals.",
]
