# ruff: noqa: RUF001 (the apostrophes of French and English, as typed)
"""An obligation laid on a thing rather than on anyone who acts: "The public API must stay
backwards compatible until v3.", "Invoices must be issued within 30 days under German law.",
"Die öffentliche API muss bis v3 abwärtskompatibel bleiben.". It states how the project or
the law has things be, the way a fact does, and :mod:`daemon.gate.statements` shares it as
one; an obligation on a person, a team, an agent or the reader ("Developers must …", "You
should …", "Man muss …") stays held for an operator, as does every other reason a sentence
is not plain (always or never, a condition, a weakened safeguard, a rule named as one).

:func:`on_a_thing` reads one sentence: its subject (what stands before the one modal it
holds, no clause break inside) must name no person, team, agent or pronoun of a person, and
the modal must go on with a verb of being or remaining, or a passive whose participle
neither switches off nor hides anything ("be skipped", "be reported as", "übersprungen
werden", "marcarse como" stay held); in English, any other verb when nothing in the
sentence is conduct (a report worded, something marked, skipped, sent or shared, a
credential, the reader or an agent: :data:`_CONDUCT`) and nothing is quoted. English,
German, French, Spanish, Portuguese and Russian are read; other languages keep every
obligation held. Every pattern is anchored and bounded: linear in the sentence's size.

:func:`habit_of_a_thing` reads an English "always" or "never" the same way: said of a thing,
with nothing of conduct in its sentence, it states how the thing behaves; a key or a token
that never leaves or reaches anything (``never leave the HSM``, ``never reach the logs``),
no place others read named, is kept in, no conduct.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["habit_of_a_thing", "on_a_thing", "passive_habit", "said_by_a_thing"]

_SUBJECT_CHARS = 80
_SENTENCE_CHARS = 400  # a longer sentence keeps its obligation held: more may hide in it

# Who acts, in the six languages: a subject holding one of these lays the duty on someone.
_EN_PEOPLE = (
    r"i|we|you|he|she|they|one|us|someone|somebody|anyone|anybody|everyone"
    r"|everybody|nobody|people|persons?|team|teams|staff|devs?|developers?|engineers?"
    r"|contributors?|maintainers?|reviewers?|admins?|administrators?|operators?|users?"
    r"|agents?|assistants?|bots?|ai|claude|copilot|models?|llms?|authors?|owners?|on-?call"
    r"|employees?|members?|humans?|customers?|clients?|whoever"
)
# The same in English alone: read in English sentences, where French's "on" and German's
# "es" are no one.
_EN_PERSON = re.compile(rf"(?<![^\W\d_])(?:{_EN_PEOPLE})(?![^\W\d_])", re.IGNORECASE)
_PERSON = re.compile(
    rf"(?<![^\W\d_])(?:{_EN_PEOPLE}"
    r"|ich|wir|du|ihr|sie|man|er|es|jemand|niemand|jeder|alle|entwickler\w*|mitarbeiter\w*"
    r"|agent\w*|assistent\w*|ki|nutzer\w*|benutzer\w*"
    r"|je|tu|nous|vous|on|il|elle|ils|elles|quelqu'un|personne|chacun|développeur\w*"
    r"|l'agent|l'assistant|l'ia|ia|utilisateur\w*"
    r"|yo|tú|usted\w*|nosotr\w*|vosotr\w*|él|ella|ellos|ellas|alguien|nadie|cada\s+uno"
    r"|desarrollador\w*|agente\w*|asistente\w*|usuario\w*|equipo"
    r"|eu|você|vocês|nós|ele|ela|eles|elas|ninguém|alguém|desenvolvedor\w*|usuário\w*|equipe"
    r"|я|мы|ты|вы|он|она|они|кто-то|никто|каждый|все|разработчик\w*|агент\w*|ассистент\w*"
    r"|пользовател\w*|команда)(?![^\W\d_])",
    re.IGNORECASE,
)
# A passive that switches something off, hides, skips or words a report: held as a duty.
_UNSAFE = re.compile(
    r"(?<![^\W\d_])(?:skipped|ignored|disabled|bypassed|removed|deleted|commented|turned"
    r"|switched|marked|reported|described|presented|labell?ed|shown|logged|approved|merged"
    r"|pushed|force-pushed|exposed|shared|published|suppressed|silenced|muted|hidden|faked"
    r"|backdated|overridden|overwritten|granted|disclosed|sent|deployed|run|ran|executed"
    r"|installed|downloaded|trusted|whitelisted|allowlisted|opened|unlocked|chmod\w*|told"
    r"|übersprungen|ignoriert|deaktiviert|abgeschaltet|gelöscht|entfernt|auskommentiert"
    r"|umgangen|gemeldet|markiert|gepusht|freigegeben|veröffentlicht|ausgeführt|installiert"
    r"|ignoré\w*|désactivé\w*|supprimé\w*|contourné\w*|signalé\w*|marqué\w*|poussé\w*"
    r"|approuvé\w*|publié\w*|exécuté\w*|installé\w*"
    r"|omitir\w*|ignorar\w*|saltar\w*|desactivar\w*|eliminar\w*|borrar\w*|marcar\w*"
    r"|reportar\w*|publicar\w*|aprobar\w*|ejecutar\w*|instalar\w*|omitid\w*|ignorad\w*"
    r"|desactivad\w*|eliminad\w*|marcad\w*|reportad\w*|publicad\w*|aprobad\w*|ejecutad\w*"
    r"|pulad\w*|desativad\w*|desligad\w*|removid\w*|apagad\w*|enviad\w*|aprovad\w*"
    r"|executad\w*|instalad\w*"
    r"|пропуска\w*|пропущ\w*|игнорир\w*|отключ\w*|удаля\w*|удал[её]н\w*|помеча\w*|помечен\w*"
    r"|сообща\w*|публику\w*|одобря\w*|запуска\w*|устанавлива\w*)(?![^\W\d_])",
    re.IGNORECASE,
)

_EN_DUTY = re.compile(
    rf"^\W{{0,8}}(?P<subject>\w[^,;:]{{2,{_SUBJECT_CHARS}}}?)\s+(?:must|should|shall|has\s+to|have\s+to"
    r"|needs?\s+to|may\s+only|can\s+only|may\s+not|must\s+not|mustn['’]t|should\s+not"
    r"|shouldn['’]t|cannot|can['’]t|can\s+not)\s+(?:(?:only|also|not)\s+)?(?P<verb>be|stay|remain"
    r"|pass|expire|last|match|contain|include|use|have)\b(?P<rest>.*)\Z",
    re.IGNORECASE,
)
# The same with any verb ("GTFS-RT trip ids must match the static feed", "The validators
# can't be upgraded"), read only when nothing in the sentence is conduct (:data:`_CONDUCT`).
_EN_DUTY_ANY = re.compile(
    rf"^\W{{0,8}}(?P<subject>\w[^,;:]{{2,{_SUBJECT_CHARS}}}?)\s+(?:must|has\s+to|have\s+to"
    r"|needs?\s+to|may\s+only|can\s+only|may\s+not|must\s+not|mustn['’]t|cannot|can['’]t"
    r"|can\s+not)\s+(?:(?:only|also|not|always|never)\s+)?(?P<verb>[a-z]+)\b(?P<rest>.*)\Z",
    re.IGNORECASE,
)
_DE_DUTY = re.compile(
    rf"^\W{{0,8}}(?P<subject>\w[^,;:]{{2,{_SUBJECT_CHARS}}}?)\s+(?:muss|müssen|sollte|sollten|soll"
    r"|sollen|darf|dürfen)\s+(?P<rest>[^,;:]{0,160}?)\s(?P<verb>bleiben|sein|werden|bestehen"
    r"|enthalten)\W{0,4}\Z",
    re.IGNORECASE,
)
_ROMANCE_DUTY = re.compile(
    rf"^\W{{0,8}}(?P<subject>(?:l['’]|le|la|les|un|une|el|los|las|una|o|os|a|as|um|uma|cada|todos"
    rf"|todas|toute?s?|tous)\s*[^,;:]{{1,{_SUBJECT_CHARS}}}?)\s+(?:doit|doivent|devra|devront"
    r"|debe|deben|deberá|deberán|deve|devem|deverá|deverão)\s+(?P<verb>rester|être|demeurer"
    r"|ser|estar|seguir|permanecer|quedar|mantenerse|continuar|ficar|manter-se|\w+rse)\b"
    r"(?P<rest>.*)\Z",
    re.IGNORECASE,
)
_RU_DUTY = re.compile(
    rf"^\W{{0,8}}(?P<subject>\w[^,;:]{{2,{_SUBJECT_CHARS}}}?)\s+(?:должен|должна|должно|должны)\s+"
    r"(?P<verb>оставаться|остаться|быть|\w+ться)(?![^\W\d_])(?P<rest>.*)\Z",
    re.IGNORECASE,
)
# Clauses a sentence joins with a semicolon ("The store runs Ceph 18.2; bucket names must be
# lowercase."): the obligation is read in its own.
_CLAUSE_BREAK = re.compile(r"\s*;\s*")
# Done without a word to anyone: a defect or a change hidden.
_UNSAID = re.compile(
    r"(?<![^\W\d_])(?:without\s+(?:a\s+)?(?:notice|mention|note|telling|saying|a\s+word)|silently"
    r"|quietly|sans\s+(?:mention|avis|prévenir|le\s+dire|bruit)|en\s+silence|discrètement"
    r"|sin\s+(?:aviso|avisar|mencionar|decir\s+nada|ruido)|en\s+silencio|calladamente"
    r"|sem\s+(?:aviso|avisar|mencionar|dizer\s+nada|alarde)|em\s+silêncio|ohne\s+(?:hinweis"
    r"|vermerk|ankündigung|bescheid|aufsehen)|stillschweigend|heimlich|молча|тихо|без\s+"
    r"(?:уведомлени\w*|упоминани\w*|предупреждени\w*))(?![^\W\d_])",
    re.IGNORECASE,
)
# What a noun phrase's head is followed by: "passwords of end users", "die Rechnungen der …".
_OF = re.compile(r"\s(?:of|von|des|der|de|du|del|do|da|dos|das)\s")
# How many modals a sentence holds: a duty on a thing holds one.
_MODALS = re.compile(
    r"(?<![^\W\d_])(?:must|should|shall|has\s+to|have\s+to|needs?\s+to|may|can|cannot"
    r"|muss|müssen|sollte|sollten|soll|sollen|darf|dürfen|doit|doivent|devra|devront|debe"
    r"|deben|deberá|deberán|deve|devem|deverá|deverão|должен|должна|должно|должны"
    r"|нужно|надо|необходимо|следует|faut|hay\s+que|tem\s+que|tiene\s+que)(?![^\W\d_])",
    re.IGNORECASE,
)


def on_a_thing(sentence: str) -> bool:
    """Whether ``sentence``'s one obligation is laid on a thing (see the module's
    docstring): shared as a statement of how things are."""
    text = " ".join(sentence.split())
    if len(text) > _SENTENCE_CHARS or len(_MODALS.findall(text)) != 1:
        return False
    clauses = _CLAUSE_BREAK.split(text)
    if len(clauses) > 1:  # the clause that holds the modal, nothing of conduct in the others
        others = " ; ".join(c for c in clauses if not _MODALS.search(c))
        if _CONDUCT.search(others) or _UNSAFE.search(others) or _UNSAID.search(others):
            return False
        text = next(c for c in clauses if _MODALS.search(c))
    for pattern in (_EN_DUTY, _DE_DUTY, _ROMANCE_DUTY, _RU_DUTY, _EN_DUTY_ANY):
        found = pattern.match(text)
        if found is None:
            continue
        if pattern is _EN_DUTY_ANY and (_CONDUCT.search(text) or _QUOTE.search(text)):
            return False  # another verb: held when anything in the sentence is conduct
        subject = found["subject"]
        head = _OF.split(subject, maxsplit=1)[0]
        if pattern in (_EN_DUTY, _EN_DUTY_ANY):  # an English noun phrase ends on its noun
            head = head.split()[-1] if head.split() else head
        said = found["rest"] + " " + found["verb"]
        return not (_PERSON.search(head) or _UNSAFE.search(said) or _UNSAID.search(said))
    return False


# --- always and never said of a thing ---------------------------------------------------

# "The fare engine always rounds …", "The validators never store the full card number.": a
# thing's constant behaviour, stated as a fact. One "always" or "never" (or a contrast of
# both) in the sentence, a
# subject before it that names no one who acts, and nothing in the sentence of reporting,
# telling, marking, skipping, sending or sharing (conduct a plant words as a habit:
# "failures are always reported as passed", "the .env is always attached to the ticket").
_EN_HABIT = re.compile(
    rf"(?:^|[,;:]\s)\W{{0,8}}(?P<subject>\w[^,;:]{{1,{_SUBJECT_CHARS}}}?)\s+(?:(?:is|are|was"
    r"|were|has|have|had|does|do|did|will|would)\s+)?(?:always|never)\s+(?P<rest>[^,;:]*)"
)
_HABITS = re.compile(r"(?<![^\W\d_])(?:always|never)(?![^\W\d_])", re.IGNORECASE)
# What a plant words as a thing's habit: a report, a status or an answer worded, something
# marked, skipped, switched off, sent, shared or attached, a credential, a person or the
# reader, a failure or what is unchecked.
_CONDUCT = re.compile(
    r"(?<![^\W\d_])(?:report\w*|status\w*|summar\w*|dashboards?|release\s+notes|changelog"
    r"|say\w*|said|tell\w*|told|answer\w*|repl\w*|respond\w*|claim\w*|describ\w*"
    r"|present\w*|label\w*|mark\w*|flag\w*|tag\w*|pass(?:es|ed)?|green|skip\w*|ignor\w*"
    r"|disabl\w*|bypass\w*|overrid\w*|suppress\w*|silenc\w*|mut(?:e|es|ed)|hid(?:e|es|den)"
    r"|delet\w*|remov\w*|approv\w*|merg\w*|push\w*|deploy\w*|send\w*|sent|shar\w*"
    r"|attach\w*|upload\w*|email\w*|e-mail\w*|cc['’]?d|forward\w*|cop(?:y|ies|ied)"
    r"|export\w*|publish\w*|expos\w*|grant\w*|admin\w*|root|sudo|chmod|secrets?|keys?"
    r"|tokens?|passwords?|credentials?|\.env|you|your|agents?|assistants?|model|ai"
    r"|fail\w*|broken|untested|unreviewed|unsigned|unverified|anyway)"
    r"(?![^\W\d_])",
    re.IGNORECASE,
)


# Where data goes out: "never" said of it keeps data in ("is never copied to laptops"), which
# no plant asks for; "always" sends it out.
_OUTWARD = re.compile(
    r"send\w*|sent|shar\w*|attach\w*|upload\w*|email\w*|e-mail\w*|forward\w*"
    r"|cop(?:y|ies|ied)|export\w*|publish\w*|expos\w*",
    re.IGNORECASE,
)


# A credential kept inside what holds it: "never" and a verb of leaving or reaching ("the
# keys never leave the HSM", "token fields never reach the logs"), no place others read.
_NEVER_LEAVES = re.compile(
    r"(?<![^\W\d_])never\s+(?:leaves?|left|reach(?:es|ed)?|touch(?:es|ed)?|enters?|cross(?:es)?"
    r"|exits?|goes\s+out|gets?\s+out|appears?\s+in)(?![^\W\d_])",
    re.IGNORECASE,
)
_CREDENTIAL = re.compile(r"secrets?|keys?|tokens?|passwords?|credentials?", re.IGNORECASE)
_SHARED_PLACE = re.compile(
    r"(?<![^\W\d_])(?:wiki\w*|readme\w*|tickets?|chat\w*|channels?|slack|repo\w*|e-?mails?"
    r"|drive|confluence|jira|notion|docs|pastebin|gist)(?![^\W\d_])",
    re.IGNORECASE,
)


def _conduct_of_habit(text: str) -> bool:
    """Whether ``text`` holds conduct a plant words as a habit (:data:`_CONDUCT`), but for
    data kept in: only "never", only of sending it out, or of a credential that never leaves
    or reaches anything (:data:`_NEVER_LEAVES`) and no place others read named."""
    conduct = _CONDUCT.findall(text)
    if not conduct:
        return False
    kept_in = {h.casefold() for h in _HABITS.findall(text)} == {"never"}
    guarded = _NEVER_LEAVES.search(text) is not None and _SHARED_PLACE.search(text) is None
    return not (
        kept_in
        and all(_OUTWARD.fullmatch(c) or (guarded and _CREDENTIAL.fullmatch(c)) for c in conduct)
    )


def habit_of_a_thing(sentence: str) -> bool:
    """Whether ``sentence``'s "always" or "never" says how a thing behaves (see
    :data:`_EN_HABIT`): shared as a statement of fact. English only; every other "always"
    and "never" stays held."""
    text = " ".join(sentence.split())
    if len(text) > _SENTENCE_CHARS or not 1 <= len(_HABITS.findall(text)) <= 2:
        return False  # "always as cents, never as floats": a contrast
    if _MODALS.search(text) or _UNSAID.search(text) or _conduct_of_habit(text):
        return False
    clauses = list(_EN_HABIT.finditer(text))
    if not clauses or _CONDITION_OPENING.match(text):
        return False
    return not any(_EN_PERSON.search(found["subject"]) for found in clauses)


# A thing's habit in the passive of German ("Der Scratch-Speicher wird nie gesichert") and in
# Russian's reflexive ("Раздел /scratch никогда не резервируется"): what is done to a thing,
# always or never, by no one named. The participle or verb neither switches off nor hides
# anything (:data:`_UNSAFE`), and the clause holds one such word.
_DE_PASSIVE_HABIT = re.compile(
    rf"^\W{{0,8}}(?P<subject>\w[^,;:]{{1,{_SUBJECT_CHARS}}}?)\s+(?:wird|werden)\s+(?:nie|niemals"
    r"|immer|stets)\s+(?P<rest>[^,;:]{0,80}?)\s*(?P<verb>[^\W\d_]+(?:t|en))\W{0,4}\Z",
    re.IGNORECASE,
)
_RU_PASSIVE_HABIT = re.compile(
    rf"^\W{{0,8}}(?P<subject>\w[^,;:]{{1,{_SUBJECT_CHARS}}}?)\s+(?:никогда\s+не|всегда)\s+"
    r"(?P<verb>[^\W\d_]+(?:ся|сь))(?P<rest>[^,;:]{0,80})\Z",
    re.IGNORECASE,
)
_HABIT_WORDS = re.compile(
    r"(?<![^\W\d_])(?:nie|niemals|immer|stets|никогда|всегда)(?![^\W\d_])", re.IGNORECASE
)


def passive_habit(sentence: str) -> bool:
    """Whether the clause of ``sentence`` that says always or never tells, in German's passive
    or Russian's reflexive, what is done to a thing (see above): a fact."""
    text = " ".join(sentence.split())
    if len(text) > _SENTENCE_CHARS or len(_HABIT_WORDS.findall(text)) != 1:
        return False
    clause = next(c for c in _CLAUSE_BREAK.split(text) if _HABIT_WORDS.search(c))
    if _MODALS.search(clause) or _UNSAID.search(clause) or _QUOTE.search(clause):
        return False
    found = _DE_PASSIVE_HABIT.match(clause) or _RU_PASSIVE_HABIT.match(clause)
    if found is None or _PERSON.search(found["subject"]):
        return False
    return not _UNSAFE.search(f"{found['rest']} {found['verb']}")


# A quotation in an obligation: words to be shown, said or written ("captions need to read
# 'staff photo'"); an apostrophe inside a word is none.
_QUOTE = re.compile(r"[\"“”«»„]|(?<![^\W\d_])['‘’]|['‘’](?![^\W\d_])")
# A sentence that opens on a condition: what follows from it is conduct, not a habit.
_CONDITION_OPENING = re.compile(r"\W{0,8}(?:if|when|whenever|unless|once)\b", re.IGNORECASE)


# --- what a document or a system says ---------------------------------------------------

# "The vendor's docs state that the limit is 100 requests a second.", "The error reads
# 'quota exceeded' when …": what a thing says, told as a fact. A subject that names no one
# who acts, a verb of saying in the present or past, and nothing of conduct after it (a
# status or a result worded, something passed, skipped, marked or sent: "the weekly report
# says all tests passed" stays held).
_EN_SAID = re.compile(
    rf"^\W{{0,8}}(?P<subject>\w[^,;:]{{1,{_SUBJECT_CHARS}}}?)\s+(?:says|say|said|states|state"
    r"|stated|reads|read|replies|reply|replied|answers|answer|answered|responds|respond"
    r"|responded|claims|claim|claimed|notes|note|noted|warns|warn|warned|explains|explain"
    r"|explained|confirms|confirm|confirmed)(?![^\W\d_])\s*:?\s*(?P<rest>.*)\Z",
    re.IGNORECASE,
)
_SAYING_VERB = re.compile(
    r"(?<![^\W\d_])(?:say|says|said|state|states|stated|read|reads|reply|replies|replied"
    r"|answer|answers|answered|respond|responds|responded|claim|claims|claimed)(?![^\W\d_])",
    re.IGNORECASE,
)


_DETERMINERS = frozenset(("the", "a", "an", "this", "that", "our", "their", "its", "my", "your"))
# Who speaks for the project, beyond a person: a desk, a function, a manager.
_WHO = re.compile(
    r"(?<![^\W\d_])(?:support|sales|help\s*desk|service\s+desk|legal|finance|hr|ops|pr"
    r"|management|managers?|leads?|boss|ceo|cto|cfo|cio|ciso|dpo|spokes\w*|comms)(?![^\W\d_])",
    re.IGNORECASE,
)


def said_by_a_thing(sentence: str) -> bool:
    """Whether ``sentence`` tells what a thing (a document, a page, an error, a vendor's
    docs) says, with nothing of conduct in it (see :data:`_EN_SAID`): a fact. English only."""
    text = " ".join(sentence.split())
    if len(text) > _SENTENCE_CHARS or len(_SAYING_VERB.findall(text)) != 1:
        return False
    found = _EN_SAID.match(text)
    if found is None or _MODALS.search(text):
        return False
    subject = found["subject"]
    if _EN_PERSON.search(subject) or _WHO.search(subject):
        return False
    if subject.split()[-1].casefold() in _DETERMINERS:
        return False  # "the reply", "get the answer": a noun of saying, no verb
    said = subject + " " + found["rest"]
    return not (_CONDUCT.search(said) or _UNSAID.search(said))


def _unvoiced(text: str) -> str:
    """``text`` with the voicing marks of kana dropped (``ず`` as ``す``): the views the
    directive rules read drop them."""
    bare = unicodedata.normalize("NFD", text).replace("\u3099", "").replace("\u309a", "")
    return unicodedata.normalize("NFC", bare)


# A thing's habit in Japanese: "マッチメイカーは…失敗すると必ず3回再試行します" (the
# matchmaker always retries three times), the topic a thing, the verb polite and indicative
# (``ます``, ``されます``), with no word that asks (``ください``, ``こと``, ``ように``,
# ``べき``) and none that switches off, hides or grants (:data:`_JA_UNSAFE`).
_JA_HABIT = re.compile(
    _unvoiced(
        r"^\W{0,4}(?P<subject>[^。、！？\s]{1,30}?)(?:は|が)(?P<rest>[^。！？]{0,100}?)"
        r"(?:必ず|常に|いつも)[^。！？]{0,60}?(?:ます|ません)[。．]?\Z"
    )
)
_JA_ASKS = re.compile(
    _unvoiced(
        r"ください|下さい|なさい|こと|ように|べき|ましょう|しないで|てね|禁止|今後|これから|以降"
        r"|聞かれたら|尋ねられたら|答え|伝え|言っ|言い"
    )
)
_JA_PERSON = re.compile(
    _unvoiced(
        r"エージェント|アシスタント|あなた|君|お前|AI|ＡＩ|私|僕|俺|我々|ユーザー|開発者|チーム"
        r"|皆|全員|誰|担当者|管理者"
    )
)
_JA_UNSAFE = re.compile(
    _unvoiced(
        r"無効|スキップ|無視|削除|公開|承認|送信|共有|隠|付与|プッシュ|マージ|報告|インストール"
        r"|ダウンロード|権限|パスワード|秘密|鍵|トークン"
    )
)


def ja_habit(sentence: str) -> bool:
    """Whether ``sentence`` tells in Japanese how a thing always behaves (see
    :data:`_JA_HABIT`): a fact, not a directive."""
    text = _unvoiced("".join(sentence.split()))
    found = _JA_HABIT.match(text)
    if found is None or _JA_ASKS.search(text) or _JA_UNSAFE.search(text):
        return False
    return _JA_PERSON.search(found["subject"]) is None
