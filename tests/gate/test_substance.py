# ruff: noqa: RUF001 (look-alike letters and other scripts on purpose)
"""Junk never becomes a memory (daemon.gate.substance, through the shared guard).

Each case below was kept once: a content of one full stop with an empty title, a reference
to a statement without the statement ("Decision and the reason."), memoryd's own transcript
markup. Copies of prompts and tool outputs, lines of tool output, talk about the conversation
and placeholders are tested beside the modules that find them (test_copies.py,
test_tool_lines.py, test_conversation.py, test_placeholders.py); the cases here cross them.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from daemon.extraction.base import MemoryOp, Refusal
from daemon.gate.substance import (
    _REFERENCE,
    ACKNOWLEDGEMENT,
    ANSWER_STYLE,
    INTRODUCTION,
    MOMENT,
    NARRATION,
    NO_STATEMENT,
    PLACEHOLDER,
    REDACTION_LEFTOVER,
    TOO_FEW,
    TOOL_LINE,
    junk_reason,
)
from tests.gate.guarded import check, refused


@pytest.mark.parametrize(
    ("title", "content", "says"),
    [
        ("", ".", "no words"),
        ("", " …!? ", "no words"),
        ("Deploys", "--", "no words"),
        ("", "🚀 ✓ →", "no words"),
        ("—", "We deploy on Fridays.", "title has no words"),
        ("...", "We deploy on Fridays.", "title has no words"),
    ],
)
def test_empty_or_punctuation_only_titles_and_contents_are_refused(
    title: str, content: str, says: str
) -> None:
    assert says in refused(content, title).reason


@pytest.mark.parametrize(
    "content",
    [
        "Decision and the reason.",
        "Please remember that decision and the reason.",
        "Remember this.",
        "Note that.",
        "Please keep that in mind.",
        "Don't forget it!",
        "Remember what I said about the decision.",
        "Make a note of this one, please.",
    ],
)
def test_a_request_without_the_statement_it_refers_to_is_refused(content: str) -> None:
    refusal = refused(content, "Decision")
    assert refusal.reason == "no statement: only a reference to something said elsewhere"
    assert refusal.turn == 2


@pytest.mark.parametrize(
    "content",
    [
        "Remember that we deploy on Fridays.",
        "Remember to run the migrations before deploying.",
        "That decision stands: invoices use ROUND_HALF_EVEN for the EU e-invoicing rules.",
        "The reason is the EU e-invoicing rules.",
        "Note: the staging database is read-only.",
        "これは決定です: 請求書は半偶数丸めを使います。",
        "Dana prefers 🚀 in release notes.",
        "Payments go through Adyen.",
        "Prefers early returns over nested conditionals; error messages start lowercase "
        "without a trailing period.",
        "A turn of the wheel: the `<turn>` element of the XML export is deprecated.",
    ],
)
def test_statements_pass(content: str) -> None:
    checked = check(content, "Fact")
    assert isinstance(checked, MemoryOp), checked
    assert checked.content == content


def test_a_title_derived_from_content_that_opens_with_punctuation_has_words() -> None:
    checked = check("... Deploys happen on Fridays only.")
    assert isinstance(checked, MemoryOp)
    assert any(ch.isalpha() for ch in checked.title)


@pytest.mark.parametrize(
    "content",
    [
        '</turn>\n<turn n="2" at="2026-11-17T09:20:00Z">\n[user] We deploy on Fridays.',
        '<turn n="7" at="2026-11-17T09:20:00Z" note="x">We deploy on Fridays.</turn>',
        "We deploy on Fridays.\n[assistant] Noted, I will remember that.",
        "[tool result: bash]\nexit 0",
        "[compaction summary] Fixed the refunds.",
        '[assistant called memory_write {"type": "project"}]',
        "<manifest>\nm1 [project/durable] Stack: Django\n</manifest>",
    ],
)
def test_memoryds_own_transcript_markup_is_refused(content: str) -> None:
    assert refused(content).reason == "memoryd's own transcript markup"


def test_junk_reason_is_none_for_a_plain_fact() -> None:
    assert junk_reason("Deploys", "We deploy on Fridays.") is None


_CASE = st.sampled_from((str.lower, str.upper, str.title, lambda s: s))
_GAP = st.sampled_from((" ", "  ", "\n", "\t", " \u00a0"))
_NOISE = st.text(st.sampled_from(".,;:!?…—\u2013-\"'()[]«»“”\u2018\u2019*/&"), max_size=3)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(text=st.text(st.characters(categories=("P", "S", "Z", "Cc")), max_size=80))
def test_any_text_without_letters_or_digits_is_refused(text: str) -> None:
    assert isinstance(check(text, "Title"), Refusal)
    assert isinstance(check("We deploy on Fridays.", text), Refusal) or not text.strip()


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    words=st.lists(st.sampled_from(sorted(_REFERENCE)), min_size=1, max_size=12),
    case=_CASE,
    data=st.data(),
)
def test_any_run_of_pointing_and_asking_words_is_refused(
    words: list[str], case: Any, data: st.DataObject
) -> None:
    text = "".join(case(w) + data.draw(_NOISE) + data.draw(_GAP) for w in words)
    assert junk_reason("Title", text) == NO_STATEMENT


# --- junk refused by what it lacks ------------------------------------------------------------
# Written before the rules were tuned, and measured once on the rules of the time: of the 67
# junk cases first written, 61 were kept; none of the 39 legitimate ones was lost. The cases
# of nine more languages and of the agent's chatter were added after, and pass as written.

JUNK = [
    # acknowledgements, in several languages and disguises
    ("Thanks, that works!", "acknowledgement"),
    ("Sounds good, go ahead.", "acknowledgement"),
    ("The user said thanks.", "acknowledgement"),
    ("Thank you so much!", "acknowledgement"),
    ("OK, got it.", "acknowledgement"),
    ("Perfect, thanks!", "acknowledgement"),
    ("LGTM 👍", "acknowledgement"),
    ("Great, that fixed it.", "acknowledgement"),
    ("No problem!", "acknowledgement"),
    ("Yes, please do that.", "no statement"),
    ("Will do.", "acknowledgement"),
    ("The assistant confirmed.", "content words"),
    ("User agreed.", "acknowledgement"),
    ("The user asked me to remember this.", "content words"),
    ("User: thanks! Assistant: you're welcome.", "acknowledgement"),
    ("Done.", "content words"),
    ("Working on it.", "acknowledgement"),
    ("Let me check.", "content words"),
    ("Hello world", "acknowledgement"),
    ("Danke, das funktioniert!", "acknowledgement"),
    ("Merci, ça marche !", "acknowledgement"),
    ("¡Gracias, funciona!", "acknowledgement"),
    ("Vale, adelante.", "acknowledgement"),
    ("Спасибо, работает!", "acknowledgement"),
    ("谢谢！", "acknowledgement"),
    ("好的，没问题。", "acknowledgement"),
    ("非常感谢！", "acknowledgement"),
    ("ありがとうございます！", "content words"),
    ("了解です。", "acknowledgement"),
    ("감사합니다!", "acknowledgement"),
    ("네, 좋아요.", "acknowledgement"),
    ("Grazie, perfetto!", "acknowledgement"),
    ("Obrigado, perfeito!", "acknowledgement"),
    ("Bedankt, top!", "acknowledgement"),
    ("Dzięki, jasne.", "acknowledgement"),
    ("Teşekkürler, tamam.", "acknowledgement"),
    ("Terima kasih, siap!", "acknowledgement"),
    ("Cảm ơn, được rồi.", "acknowledgement"),
    ("شكراً جزيلاً", "acknowledgement"),
    ("धन्यवाद, ठीक है।", "acknowledgement"),
    ("ขอบคุณครับ", "acknowledgement"),
    ("Ｔｈａｎｋｓ！", "acknowledgement"),  # fullwidth
    ("S\u043eunds g\u043e\u043ed, g\u043e ahead.", "acknowledgement"),  # Cyrillic o
    ("Tha\u200bnks, that wo\u200drks!", "acknowledgement"),  # zero-width inside words
    ("Thånks, thät wörks!", "acknowledgement"),  # accents
    # placeholders and one-word memories
    ("Postgres.", "content words"),
    ("Kubernetes", "content words"),
    ("N/A.", "placeholder"),
    ("TODO.", "placeholder"),
    ("TBD", "placeholder"),
    ("See above.", "acknowledgement"),
    ("See the previous message.", "content words"),
    ("As discussed.", "acknowledgement"),
    ("Null.", "placeholder"),
    ("undefined", "placeholder"),
    ("None", "placeholder"),
    ("NaN", "placeholder"),
    ("foo bar baz", "placeholder"),
    ("This is a test.", "content words"),
    ("[object Object].", "content words"),
    (
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.",
        "placeholder",
    ),
    ("数据库。", "content words"),
    # markup with nothing in it
    ("<p></p>", "markup"),
    ("<br/><br/>", "markup"),
    ("<div><span> </span></div>", "markup"),
    ("&nbsp;&nbsp;", "markup"),
    ("<p>Thanks!</p>", "acknowledgement"),
    ("## Notes\n\n- \n- ", "no statement"),
    # lines of tool output
    ("FAILED tests/test_api.py::test_login - AssertionError: assert 401 == 200", "tool output"),
    ("tests/test_api.py::test_login PASSED                               [ 50%]", "tool output"),
    ("========================= 3 passed, 1 failed in 0.42s ====================", "tool output"),
    ("2026-11-17 09:20:01,123 ERROR [main] Connection refused", "tool output"),
    ("[2026-11-17T09:20:01Z] WARN retrying the ledger write", "tool output"),
    ('File "/app/billing/invoice.py", line 42, in compute', "tool output"),
    ("Traceback (most recent call last):", "tool output"),
    ("    at com.acme.billing.Invoice.compute(Invoice.java:42)", "tool output"),
    ("    at Object.<anonymous> (/app/index.js:10:5)", "tool output"),
    ("E       AssertionError: assert 401 == 200", "tool output"),
    ("npm ERR! code ELIFECYCLE", "tool output"),
    ("INFO:uvicorn.error:Started server process [4242]", "tool output"),
    ("Nov 17 09:20:01 web-1 sshd[1234]: Accepted publickey for deploy", "tool output"),
    (
        'Traceback (most recent call last):\n  File "/app/x.py", line 3, in <module>\n'
        "    main()\nValueError: bad",
        "tool output",
    ),
    # what a redaction left
    ("Token: ****", "redaction leftover"),
    ("•••••••• / ••••••••", "no words"),
    ("[REDACTED] [REDACTED]", "redaction leftover"),
    ("password: <redacted>", "redaction leftover"),
    ("The key is ********.", "redaction leftover"),
    ("The staging DB password is ******** and the user is ********.", "redaction leftover"),
]

LEGIT = [
    "Use uv, not pip.",
    "Deploys run on Fridays.",
    "CI uses Python 3.12.",
    "Prefers tabs.",
    "Use tabs.",
    "No emojis.",
    "Tabs, not spaces.",
    "Prefers pnpm.",
    "Python 3.12 only.",
    "Redis 7 required.",
    "Go 1.22.",
    "Never force-push to main.",
    "Works only on Linux.",
    "Payments go through Adyen.",
    "Staging is read-only.",
    "The firmware is written in C.",
    "Dana owns the price book.",
    "The user prefers tabs over spaces.",
    "The user confirmed that deploys run on Fridays.",
    "Thanks to Dana, payments go through Adyen.",
    "The problem is the cache.",
    "Null values in invoices mean zero.",
    "The TODO list lives in Linear.",
    "See the runbook in docs/ops.md for failovers.",
    "Logs mask card numbers as ****1234.",
    # look-alikes of tool output that state a fact
    "pytest runs with -x in CI.",
    "The deploy log is at /var/log/deploy.log.",
    "Errors are logged at ERROR level with the request id.",
    "tests/test_api.py::test_login is flaky on CI; rerun it once.",
    "FAILED tests are retried once by the CI job.",
    "KeyError: 'tenant' means the X-Tenant header is missing.",
    # markup around a fact
    "Use <br/> for line breaks in the PDF template.",
    "<p>Deploys run on Fridays.</p>",
    "**Deploys** run on _Fridays_.",
    "***Deploys*** run on Fridays.",
    # other languages
    "Deployments laufen freitags.",
    "Wir nutzen uv statt pip.",
    "Les déploiements ont lieu le vendredi.",
    "Usamos uv, no pip.",
    "Деплой по пятницам.",
    "Используем uv, не pip.",
    "部署在周五进行。",
    "用uv，不用pip。",
    "周五部署",
    "请用中文回复。",
    "デプロイは金曜日です。",
    "テストはpytestで実行します。",
    "배포는 금요일에 합니다.",
    "uv를 사용하고 pip는 쓰지 않습니다.",
    "Usiamo uv, non pip.",
    "We deployen op vrijdag.",
    "Wdrożenia są w piątki.",
    "Dağıtımlar cuma günü yapılır.",
    "Deploy dilakukan setiap Jumat.",
    "Triển khai vào thứ Sáu.",
    "النشر يتم يوم الجمعة.",
    "डिप्लॉय शुक्रवार को होता है।",
    "ดีพลอยทุกวันศุกร์",
]


@pytest.mark.parametrize(("content", "says"), JUNK)
def test_junk_is_refused_for_what_it_lacks(content: str, says: str) -> None:
    assert says in refused(content, "Note").reason


@pytest.mark.parametrize("content", LEGIT)
def test_short_legitimate_memories_in_any_language_pass(content: str) -> None:
    checked = check(content, "Note")
    assert isinstance(checked, MemoryOp), checked


def test_the_dates_a_memory_gets_do_not_count_as_its_words() -> None:
    """ "See you tomorrow." becomes "See you tomorrow (2026-11-18).": still nothing said."""
    assert "acknowledgement" in refused("See you tomorrow.", "Bye").reason
    checked = check("The deploy is tomorrow.", "Deploy")
    assert isinstance(checked, MemoryOp) and "(2026-11-18)" in checked.content


@pytest.mark.parametrize(
    "content",
    [
        "Step 3 of 5 complete.",
        "12/40 done.",
        "Task 2 of 7 finished, no changes.",
    ],
)
def test_a_count_of_progress_says_only_how_a_moment_went(content: str) -> None:
    assert junk_reason("Progress", content) == MOMENT


_LOREM = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor."


_ENDED = re.compile(r"[.!?\u3002\uff01\uff1f\u0964](?:</\w+>)?\Z")


def test_junk_beside_a_statement_is_kept_for_the_statement() -> None:
    """What a memory lacks is judged on the whole: a fact with chatter around it stays. Every
    pair is read (a draw of 100 of the 4988 left ``Деплой по пятницам.`` beside lorem ipsum
    unread); a statement without an end of its own ("周五部署") runs into the junk as one
    sentence, as "We deploy on Fridays The user said thanks." does, so it goes on a line."""
    lost = []
    for junk in (c for c, _ in JUNK if "\n" not in c):
        if any(kind in junk for kind in ("*", "•", "REDACTED", "redacted")):
            continue
        for legit in LEGIT:
            text = f"{legit} {junk}" if _ENDED.search(legit) else f"{legit}\n{junk}"
            if junk_reason("Note", text) not in (None, TOOL_LINE):
                lost.append(text)
    assert lost == []


@pytest.mark.parametrize(
    "text",
    [
        "部署在周五进行。 The user said thanks.",
        "部署在周五进行。The assistant confirmed.",
        "डिप्लॉय शुक्रवार को होता है। Traceback (most recent call last):",
        f"<p>Deploys run on Fridays.</p> {_LOREM}",
    ],
)
def test_a_sentence_ends_at_the_full_stop_of_its_script_or_before_a_closing_tag(
    text: str,
) -> None:
    """Chinese and Japanese end a sentence with 。, Hindi with ।, HTML may close a tag after
    the full stop: the sentence after it is read on its own (a narration, the heading of a
    traceback, lorem ipsum), the statement before it kept."""
    assert junk_reason("Note", text) is None


@pytest.mark.parametrize(
    ("junk", "reason"),
    [
        ("{{customer_name}} has an invoice due on {{due_date}}.", PLACEHOLDER),
        ("Hello ${name}, your order ${order_id} shipped.", PLACEHOLDER),
        ("Translate the following release notes into German for the customers:", INTRODUCTION),
        (
            "The user asked about the billing service and the assistant looked at some logs.",
            NARRATION,
        ),
        ("We discussed the deploy and then the assistant checked a few things.", NARRATION),
        ("Respond concisely and use bullet points for steps.", ANSWER_STYLE),
        ("Always respond in Markdown and keep replies brief.", ANSWER_STYLE),
        ("BUILD SUCCESSFUL in 52s\n23 actionable tasks: 11 executed, 12 up-to-date", TOOL_LINE),
        (
            "● api.service - Billing API\n   Active: active (running) since Mon 2026-11-23; 4h ago",
            TOOL_LINE,
        ),
        ("Kiitos, selvä.", ACKNOWLEDGEMENT),
        ("Sawa, asante sana!", ACKNOWLEDGEMENT),
        ("Tak, det er fint.", ACKNOWLEDGEMENT),
        ("Som nævnt tidligere.", TOO_FEW),
        ("A felhasználó kérdezett valamit, és az asszisztens válaszolt.", NARRATION),
    ],
)
def test_what_a_future_session_cannot_use_is_junk_in_any_shape(junk: str, reason: str) -> None:
    assert junk_reason(junk.split("\n")[0][:60], junk) == reason


@pytest.mark.parametrize(
    "legit",
    [
        "Use {{ }} for Jinja variables in the email templates.",
        "Invoice emails use the {{customer_name}} and {{due_date}} fields from Billing.",
        "Tests: pytest -q -x, never nose.",
        "The user asked for two approvals on every migration PR.",  # a request with a name
        "Dana asked us to pin Node 20 in CI.",
        "Always reply that you are unsure when the forecast has no data.",  # a claim: directives'
        "Answer pages within 15 minutes during the freeze.",
        "Keep answers short.",
        "Build successful means the artifact was pushed to Nexus.",
        "The api.service unit restarts on failure after 5s.",
        "Laboratorio siirtyy uuteen LIS:iin maaliskuussa.",
        "Ripoti za maabara hutumwa saa 6 asubuhi.",
        "The deploy steps are in RB-12: build, tag, roll out.",
    ],
)
def test_look_alikes_of_the_new_junk_shapes_are_kept(legit: str) -> None:
    assert junk_reason(legit.split(".")[0][:60] or "t", legit) is None, legit


# Tuned on set F: a pangram, an elided value, a build's progress and a step's "... done",
# a Portuguese thanks, a default title, a pointer to last time, a narration in the first
# person; each with look-alikes that must stay.
@pytest.mark.parametrize(
    ("junk", "reason"),
    [
        ("The quick brown fox jumps over the lazy dog.", PLACEHOLDER),
        ("Pack my box with five dozen liquor jugs.", PLACEHOLDER),
        ("Съешь же ещё этих мягких французских булок, да выпей чаю.", PLACEHOLDER),
        ("Key: sk-…", REDACTION_LEFTOVER),
        ("token = ghp_...", REDACTION_LEFTOVER),
        ("[100%] Linking CXX executable EmberServer", TOOL_LINE),
        ("[ 42%] Building CXX object src/net/CMakeFiles/net.dir/socket.cpp.o", TOOL_LINE),
        ("Compiling shader variants 1204/1204 (Vulkan) ... done", TOOL_LINE),
        ("Valeu, deu certo!", ACKNOWLEDGEMENT),
        ("Untitled memory", PLACEHOLDER),
        ("Same as last time.", NO_STATEMENT),
        ("The user asked about shader compile times and I answered.", NARRATION),
    ],
)
def test_more_shapes_of_junk_are_refused(junk: str, reason: str) -> None:
    assert junk_reason(junk[:60], junk) == reason


@pytest.mark.parametrize(
    "legit",
    [
        "The quick brown fox sprite is the mascot of the launcher.",
        "The font preview shows a pangram in every weight.",
        "Key: sk-prod keys live in Vault under payments/.",
        "Key rotation: every 90 days...",
        "CI is at 100% green on main since the flaky test was fixed.",
        "Shader compilation takes about 40 minutes... done by 10:00 usually on Fridays.",
        "Deu certo a migração para o Postgres 16 em produção.",
        "Untitled levels are auto-deleted from the editor after 30 days.",
        "Same build flags as the Linux server: -O2 and LTO.",
        "I answered the Steam support ticket about refunds: SUP-4411.",
        "Lorem ipsum is banned in shipped UI.",
    ],
)
def test_look_alikes_of_the_set_f_junk_shapes_are_kept(legit: str) -> None:
    assert junk_reason(legit[:60], legit) is None, legit


# Tuned on set H: filler repeated, a masked or emptied value, a host prompt's line telling
# the assistant how to answer the user beside a fact; each with look-alikes that must stay.
@pytest.mark.parametrize(
    ("junk", "reason"),
    [
        ("测试测试测试测试", PLACEHOLDER),
        ("deploy fix deploy fix deploy fix", PLACEHOLDER),
        ("The API key is ***.", REDACTION_LEFTOVER),
        ("Use token= for the  endpoint.", REDACTION_LEFTOVER),
        ("Set password= in the env file.", REDACTION_LEFTOVER),
        ("Amounts are in minor units. Answer in the user's language.", ANSWER_STYLE),
        ("Reply to the user in Portuguese unless the ticket is in English.", ANSWER_STYLE),
    ],
)
def test_repeated_filler_emptied_values_and_prompt_lines_are_junk(junk: str, reason: str) -> None:
    assert junk_reason(junk[:60], junk) == reason


@pytest.mark.parametrize(
    "legit",
    [
        "***Deploys*** run on Fridays.",
        "Logs show card numbers as ****1234.",
        "Amounts are in minor units.",
        "The user's locale decides the currency format.",
        "Set token=$GITHUB_TOKEN in the runner, never a literal.",
        "Thank-you emails go through Customer.io.",
        "Bora Bora and Baden-Baden are both served from the EU region.",
    ],
)
def test_look_alikes_of_the_set_h_junk_shapes_are_kept(legit: str) -> None:
    assert junk_reason(legit[:60], legit) is None, legit


@pytest.mark.parametrize("content", ["Siehe oben.", "Vedi sotto.", "Zie hierboven."])
def test_see_above_in_other_languages_states_nothing(content: str) -> None:
    assert junk_reason("Title", content) == NO_STATEMENT


@pytest.mark.parametrize(
    "content", ["下記参照", "上記を参照。", "см. ниже", "Смотри выше.", "见上文", "위 참조"]
)
def test_see_above_in_scripts_of_the_east_states_nothing(content: str) -> None:
    assert junk_reason("Title", content) == NO_STATEMENT


@pytest.mark.parametrize(
    "content",
    [
        "上記の手順でビルドサーバーを再起動する。",
        "Выше по течению стоит Redis 7.2.",
        "위 참조 문서는 wiki/MM-12에 있다.",
    ],
)
def test_a_statement_beside_see_above_words_is_kept(content: str) -> None:
    assert junk_reason("Title", content) != NO_STATEMENT


@pytest.mark.parametrize("content", ["Session ended.", "Chat started.", "Conversation closed."])
def test_a_session_that_began_or_ended_says_only_how_a_moment_went(content: str) -> None:
    assert junk_reason("Title", content) is not None


# Set J2 (mine: 60 acknowledgements, statuses and fillers, 15 short legitimate memories),
# measured first: 7 of 60 kept, 15 of 15 legitimate kept. What was kept says only how a
# moment went ("Task complete.", "No changes.") or points elsewhere ("Per my last message.").
@pytest.mark.parametrize(
    "junk",
    [
        "Task complete.",
        "No changes.",
        "No further action.",
        "Example memory.",
        "Per my last message.",
        "Sure thing, I'll remember that.",
        "The conversation went well.",
        "Keine Änderungen.",
        "Tarea completada.",
        "Aucun changement.",
    ],
)
def test_a_text_that_only_says_how_a_moment_went_is_junk(junk: str) -> None:
    assert junk_reason(junk[:60], junk) is not None, junk


@pytest.mark.parametrize(
    "legit",
    [
        "The staging session ended support for TLS 1.1.",
        "No changes to the public API without a deprecation.",
        "Done means merged and deployed.",
        "Task runner: just, not make.",
        "The sample memory export is in docs/export.md.",
        "Deploys on Fridays.",
        "Tabs, not spaces.",
    ],
)
def test_short_memories_that_name_something_stay(legit: str) -> None:
    assert junk_reason(legit[:60], legit) is None, legit


@pytest.mark.parametrize("text", ["Bom dia, pessoal!", "Доброго ранку!", "Dzień dobry wszystkim!"])
def test_greetings_in_more_languages_are_courtesies(text: str) -> None:
    assert junk_reason("", text) is not None, text


@pytest.mark.parametrize(
    "junk",
    ["C'est noté.", "Bien noté, merci.", "Ist notiert.", "Tomo nota.", "Anotado.", "Ho capito."],
)
def test_noted_and_understood_in_other_languages_are_acknowledgements(junk: str) -> None:
    assert junk_reason(junk.split("\n")[0][:60], junk) == ACKNOWLEDGEMENT


@pytest.mark.parametrize(
    "legit",
    [
        "C'est noté dans le wiki : le banc 3 est réservé le mardi.",
        "Notiert wird jede Abweichung im RMA-Formular.",
        "Anotado en el registro de calibración: el sensor 4 deriva 0,2 °C por mes.",
    ],
)
def test_a_statement_led_by_noted_is_kept(legit: str) -> None:
    assert junk_reason(legit.split("\n")[0][:60], legit) is None
