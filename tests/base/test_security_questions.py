# ruff: noqa: RUF001 (questions and answers in other scripts, as written)
"""A security question's answer is a credential: a message that names a security question, or
that asks for the answer to a question, makes what the next messages give as the answer a
value (:mod:`daemon.base.security_questions`, read by
:func:`~daemon.base.credential_claims.asks_for_value`,
:func:`~daemon.base.credential_claims.reply_values`,
:func:`~daemon.base.credential_claims.names_a_value` and
:func:`~daemon.base.credential_claims.context_values`). Ordinary talk of pets, schools, cities
and questions, in several languages, is none. Every text here was written for this file."""

from __future__ import annotations

import pytest

from daemon.base.credential_claims import (
    asks_for_value,
    context_values,
    names_a_value,
    reply_values,
)
from daemon.base.security_questions import asks_for_an_answer, names_a_security_question
from tests.linear import MAX_RATIO, ratio

NAMING = [
    "The bank's portal wants the answer to my security question before it resets anything.",
    "Die Sicherheitsfrage beim Lieferantenportal ist 'Name Ihrer ersten Schule'.",
    "Le portail demande la question secrète avant de débloquer le compte.",
    "El portal pide la pregunta de seguridad: 'ciudad donde naciste'.",
    "Het portaal vraagt om de beveiligingsvraag van het account.",
    "Portal prosi o pytanie pomocnicze przy resecie hasła.",
    "Портал спрашивает контрольный вопрос: девичья фамилия матери.",
    "Portal güvenlik sorusunu soruyor: ilk evcil hayvanınızın adı.",
    "Cổng hỗ trợ hỏi câu hỏi bảo mật của tài khoản.",
    "サポートサイトが秘密の質問を聞いてきます。",
    "门户网站要求回答密保问题。",
    "포털에서 보안 질문을 물어봅니다.",
    "पोर्टल सुरक्षा प्रश्न पूछ रहा है।",
    "পোর্টাল নিরাপত্তা প্রশ্ন জানতে চাইছে।",
    "البوابة تطلب سؤال الأمان قبل إعادة التعيين.",
    "පෝටලය ආරක්ෂක ප්‍රශ්නයක් අහනවා.",
]

# Talk of pets, schools, cities, answers and questions, and of security questions as a
# feature (plural, removed, a policy): no security question of an account is named.
ORDINARY = [
    "Our first pet was a ferret called Biscuit.",
    "I was born in Kandy and went to school in Colombo.",
    "My mother's maiden name is on the birth certificate, that's all.",
    "Security questions were removed from the signup flow in 2023.",
    "We should drop security questions entirely, they are guessable.",
    "Unser erstes Haustier war ein Hamster namens Krümel.",
    "La ville où je suis né est Lyon, j'y retourne en mai.",
    "Mi primera mascota fue un perro llamado Toby.",
    "Моя первая школа была в Казани.",
    "İlk evcil hayvanım bir kediydi.",
    "Thú cưng đầu tiên của tôi là một con mèo.",
    "最初のペットは猫でした。",
    "Good question, I'll answer it after lunch.",
    "That answers my question about the retry budget.",
]


@pytest.mark.parametrize("text", NAMING, ids=lambda t: t[:30])
def test_a_security_question_named_in_many_languages_names_a_value(text: str) -> None:
    assert names_a_security_question(text)
    assert names_a_value(text)


@pytest.mark.parametrize("text", ORDINARY, ids=lambda t: t[:30])
def test_pets_schools_cities_and_questions_in_prose_name_no_value(text: str) -> None:
    assert not names_a_security_question(text)
    assert not names_a_value(text)
    assert not asks_for_value(text)


@pytest.mark.parametrize(
    "text",
    [
        "OK, I can fill the reset form in. Which answer did you register for it?",
        "What's the answer to your security question?",
        "Welche Antwort hast du für die Frage hinterlegt?",
        "Quelle réponse as-tu enregistrée pour cette question ?",
        "¿Qué respuesta pusiste para esa pregunta?",
        "Какой ответ ты указал на этот вопрос?",
        "Bu soruya hangi cevabı kaydettin?",
        "Câu trả lời bạn đã đặt cho câu hỏi đó là gì?",
        "その質問に登録した答えは何ですか？",
        "那个问题你设置的答案是什么？",
        "ඒ ප්‍රශ්නයට ලියාපදිංචි කළ පිළිතුර මොකක්ද?",
        "প্রশ্নটার উত্তর কী সেট করা ছিল?",
    ],
)
def test_a_question_for_a_registered_answer_asks_for_a_value(text: str) -> None:
    assert asks_for_value(text)


@pytest.mark.parametrize(
    "text",
    [
        "Any answer yet on the question I sent the vendor?",
        "I have a question about the retry budget?",
        "Did they answer?",
        "What answer did the vendor give?",
        "What's the answer to question 3 of the quiz?",
        "Welche Antwort kam auf meine Frage?",
        "Тебе ответили на вопрос?",
        "Bạn đã nhận được câu trả lời chưa?",
    ],
)
def test_a_question_for_an_answer_nobody_registered_asks_for_no_value(text: str) -> None:
    assert not asks_for_an_answer(text)
    assert not asks_for_value(text)


def _kept(text: str, spans: list[tuple[int, int]]) -> str:
    for start, end in reversed(spans):
        text = text[:start] + text[end:]
    return text


@pytest.mark.parametrize(
    ("reply", "value"),
    [
        ("Marmalade-the-cat, all lower case after the M. my sister picked it", "Marmalade-the-cat"),
        ("the answer is Kestrel Lane, with a capital K", "Kestrel Lane"),
        ("Antwort: Blauer Reiter, so wie es im Formular steht", "Blauer Reiter"),
        ("la respuesta es Colegio Andino, sin tilde", "Colegio Andino"),
        ("පිළිතුර Mahamaya Vidyalaya කියලා දැම්මා", "Mahamaya Vidyalaya"),
        ("উত্তর Nilkamal Bidyapith দেওয়া আছে", "Nilkamal Bidyapith"),
        ("ответ: Sokol-77, если не меняли", "Sokol-77"),
    ],
)
def test_the_answer_in_a_reply_to_a_question_for_it_is_cut(reply: str, value: str) -> None:
    assert value not in _kept(reply, reply_values(reply))


@pytest.mark.parametrize(
    "reply",
    [
        "They said the patch ships on Friday, not before.",
        "No idea, ask Priya when she is back.",
        "Not sure, let me look in the vault first.",
        "the answer is in the runbook, page 4",
        "the answer is no, we keep the old portal.",
        "Die Antwort steht im Wiki, Abschnitt Zugang.",
        "Good question, I'll check with the vendor tomorrow.",
        "end-to-end, as agreed in the review",
        "State-of-the-art, or so the vendor says.",
        "Follow-up: the vendor calls back on Monday.",
    ],
)
def test_a_reply_that_gives_no_answer_keeps_its_words(reply: str) -> None:
    assert reply_values(reply) == []


@pytest.mark.parametrize(
    ("later", "value"),
    [
        ("the answer is Kestrel Lane, with a capital K", "Kestrel Lane"),
        ("පිළිතුර Mahamaya Vidyalaya කියලා දැම්මා", "Mahamaya Vidyalaya"),
    ],
)
def test_an_answer_given_in_a_message_after_a_named_question_is_cut(later: str, value: str) -> None:
    assert value not in _kept(later, context_values(later))


@pytest.mark.parametrize(
    "later",
    [
        "the answer is in the runbook, page 4",
        "Good question, the answer depends on the vendor.",
        "Die Antwort kam gestern per Mail.",
        "The answer: we rotate it every quarter.",
    ],
)
def test_an_answer_word_before_prose_gives_no_value(later: str) -> None:
    assert context_values(later) == []


SMALL, LARGE = 16 * 1024, 128 * 1024


@pytest.mark.parametrize("unit", ["security question ", "answer question? ", "ප්‍රශ්න පිළිතුර "])
def test_reading_grows_linearly(unit: str) -> None:
    def read(text: str) -> object:
        return names_a_security_question(text), asks_for_an_answer(text), context_values(text)

    small, large = unit * (SMALL // len(unit)), unit * (LARGE // len(unit))
    grown = ratio(read, small, large)
    assert grown < MAX_RATIO, f"{unit!r}: {grown:.1f}x the work for 8x the input"
