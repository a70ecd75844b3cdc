# ruff: noqa: RUF001 (the words of other scripts, as text)
"""The words of a security question and of its answer, in the languages redaction reads.

A security question's answer opens an account as a password does, and it is given in words
of its own: a pet's or a school's name (``Biscuit-the-ferret``, ``Rathnavali Balika``) that
no shape tells from prose. What tells it is the conversation around it, and this module
reads the words that make it one (:mod:`daemon.base.credential_claims` reads the value):

- :func:`names_a_security_question`: a security question named, singular (``the security
  question 'name of your first pet'``, ``Sicherheitsfrage``, ``контрольный вопрос``,
  ``câu hỏi bảo mật``, ``秘密の質問``, ``ආරක්ෂක ප්‍රශ්නයක්``), in some forty languages; a
  plural talks about the feature (``security questions were removed``), and a pet, a school
  or a city named in prose is no question;
- :func:`asks_for_an_answer`: a security question named, or an answer asked for together
  with the word that says it was registered (``Which answer did you register?``, ``Welche
  Antwort hast du hinterlegt?``, ``ලියාපදිංචි කළ පිළිතුර``): an answer to a question
  nobody registered (``What answer did the vendor give?``) is none;
- :func:`answer_words`: the words for an answer (``answer``, ``Antwort``, ``respuesta``,
  ``ответ``, ``පිළිතුර``, ``উত্তর`` ...), after which a reply gives the value.

Linear: each reader is one pass of a pattern written as a trie
(:func:`~daemon.base.word_lists.alternation`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from daemon.base.word_lists import alternation

__all__ = ["answer_words", "asks_for_an_answer", "names_a_security_question"]

# A security question, as a word of its own: no letter may follow (a plural, a longer word).
_QUESTIONS_WHOLE = (
    "security question", "secret question", "challenge question", "sicherheitsfrage",
    "geheimfrage", "question de sécurité", "question de securite", "question secrète",
    "question secrete", "pregunta de seguridad", "pregunta secreta", "pergunta de segurança",
    "pergunta de seguranca", "pergunta secreta", "domanda di sicurezza", "domanda segreta",
    "beveiligingsvraag", "geheime vraag", "pytanie pomocnicze", "pytania pomocniczego",
    "pytanie bezpieczeństwa", "pytanie zabezpieczające", "câu hỏi bảo mật", "câu hỏi bí mật",
    "pertanyaan keamanan", "pertanyaan rahasia", "soalan keselamatan", "säkerhetsfråga",
    "säkerhetsfrågan", "sikkerhedsspørgsmål", "sikkerhedsspørgsmålet", "sikkerhetsspørsmål",
    "sikkerhetsspørsmålet", "bezpečnostní otázka", "bezpečnostní otázku", "biztonsági kérdés",
    "întrebare de securitate", "întrebarea de securitate", "swali la usalama",
    "контрольный вопрос", "контрольного вопроса", "контрольному вопросу",
    "секретный вопрос", "секретного вопроса", "контрольне питання", "контрольного питання",
    "секретне питання", "ερώτηση ασφαλείας", "שאלת אבטחה", "שאלת האבטחה", "שאלת הביטחון",
)  # fmt: skip
# Stems that inflect or take particles (Turkish, Finnish, Korean, the scripts of India and
# Sri Lanka, Arabic, Persian): letters may follow.
_QUESTIONS_STEMS = (
    "güvenlik soru", "gizli soru", "turvakysymy", "보안 질문", "보안질문", "सुरक्षा प्रश्न",
    "सुरक्षा सवाल", "নিরাপত্তা প্রশ্ন", "سؤال الأمان", "سؤال الامان", "السؤال السري",
    "سؤال الحماية", "سوال امنیتی", "پرسش امنیتی", "ආරක්ෂක ප්\u200dරශ්න", "ආරක්ෂක ප්රශ්න",
    "คำถามเพื่อความปลอดภัย", "คำถามความปลอดภัย", "பாதுகாப்பு கேள்வி", "భద్రతా ప్రశ్న",
)  # fmt: skip
# Scripts written without spaces: the question is found inside its sentence.
_QUESTIONS_UNSPACED = (
    "秘密の質問", "セキュリティ質問", "安全问题", "安全問題", "密保问题", "密保問題",
    "安全提示问题", "安全提示問題",
)  # fmt: skip


def _words(whole: Iterable[str], stems: Iterable[str], unspaced: Iterable[str]) -> re.Pattern[str]:
    """One pattern for a word list: ``whole`` words (no letter after them), ``stems``
    (letters may follow) and words of scripts without spaces (found inside a sentence)."""
    return re.compile(
        rf"(?<![^\W\d_])(?:(?:{alternation(whole)})(?![^\W\d_])|{alternation(stems)})"
        rf"|{alternation(unspaced)}",
        re.IGNORECASE,
    )


_SECURITY_QUESTION = _words(_QUESTIONS_WHOLE, _QUESTIONS_STEMS, _QUESTIONS_UNSPACED)

# The words for an answer (a noun, and the forms it takes after an article or a case).
_ANSWERS_WHOLE = (
    "answer", "antwort", "réponse", "reponse", "respuesta", "resposta", "risposta",
    "antwoord", "odpowiedź", "odpowiedz", "odpowiedzi", "ответ", "ответа", "відповідь",
    "cevap", "cevabı", "cevabi", "yanıt", "yanıtı", "câu trả lời", "jawaban", "jawapan",
    "svar", "svaret", "vastaus", "odpověď", "válasz", "răspuns", "răspunsul", "raspuns",
    "raspunsul", "απάντηση", "תשובה", "התשובה", "jibu", "sagot",
)  # fmt: skip
_ANSWERS_STEMS = (
    "उत्तर", "जवाब", "উত্তর", "জবাব", "جواب", "الإجابة", "إجابة", "الجواب", "پاسخ",
    "පිළිතුර", "คำตอบ", "பதில்", "సమాధానం", "답변", "대답",
)  # fmt: skip
_ANSWERS_UNSPACED = ("答え", "答案", "回答")
_ANSWER = _words(_ANSWERS_WHOLE, _ANSWERS_STEMS, _ANSWERS_UNSPACED)

# The words that say an answer was registered, set or chosen beforehand (a question's answer
# on file, not one just given), their stems where they inflect.
_REGISTERED_WHOLE = (
    "set", "saved", "stored", "chose", "chosen", "picked", "entered", "configured",
    "on file", "hinterlegt", "eingetragen", "gesetzt", "gespeichert", "angegeben",
    "gewählt", "festgelegt", "mis", "mise", "pusiste", "puesto", "puesta", "elegiste",
    "elegida", "definiste", "messo", "messa", "scelto", "scelta", "ingesteld",
    "opgegeven", "gekozen", "ingevuld", "opgeslagen", "kayıtlı", "đặt", "cài đặt", "lưu",
    "chọn", "thiết lập", "đăng ký", "diatur", "disimpan", "dipilih", "angav", "angett",
    "angitt", "valde", "valgte", "sparade", "gemte", "lagret", "satte", "asetit",
    "asetettu", "tallensit", "valitsit", "pus", "uliweka",
)  # fmt: skip
_REGISTERED_STEMS = (
    "regist", "enregistr", "choisi", "défini", "saisi", "indiqué", "configur", "guard",
    "cadastr", "coloc", "defin", "salv", "escolh", "impostat", "salvat", "ustawi", "zapisa",
    "poda", "wybra", "zarejestrowa", "указал", "указан", "задал", "задан", "выбрал",
    "сохранил", "установил", "зарегистрир", "вказал", "вказан", "обрал", "зберегл",
    "kaydett", "kaydedil", "belirle", "seçt", "ayarla", "didaftar", "rekisteröi",
    "nastavil", "zadal", "zvolil", "uložil", "beállít", "megadt", "választott", "înregistr",
    "setat", "ορίσ", "καταχωρ", "הגדרת", "רשמת", "בחרת", "सेट", "दर्ज", "रजिस्टर",
    "সেট", "নিবন্ধ", "سجل", "مسجل", "المسجل", "ضبط", "ලියාපදිංචි", "සෙට්", "등록", "설정",
)  # fmt: skip
_REGISTERED_UNSPACED = ("登録", "設定", "设置", "設置", "设定", "登记", "登記", "注册", "註冊")
_REGISTERED = _words(_REGISTERED_WHOLE, _REGISTERED_STEMS, _REGISTERED_UNSPACED)


def names_a_security_question(text: str) -> bool:
    """Whether ``text`` names a security question (see the module)."""
    return _SECURITY_QUESTION.search(text) is not None


def asks_for_an_answer(text: str) -> bool:
    """Whether ``text`` (a message's end) is about a security question's answer: it names a
    security question, or it asks for an answer with a word that says it was registered."""
    if names_a_security_question(text):
        return True
    return _ANSWER.search(text) is not None and _REGISTERED.search(text) is not None


def answer_words(text: str) -> Iterator[re.Match[str]]:
    """The words for an answer in ``text``, in order."""
    return _ANSWER.finditer(text)
