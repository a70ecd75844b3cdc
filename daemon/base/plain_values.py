# ruff: noqa: RUF001 (the copulas, particles and predicates of other scripts, as text)
"""Plain words given as a credential's value in prose, cut from raw material.

The credential rules (:mod:`daemon.base.credential_claims`) read a value by its shape:
digits, symbols, quotes, several words. A password that is one plain word, said in a
sentence, has no shape: ``For the demo tenant the password is simply welcome``, ``Das
Kennwort fürs Testkonto ist Zitronenbaum``, ``テスト環境のパスワードは さくらんぼ です``.
What gives it away is where it stands, and :func:`plain_values` reads that:

- after a credential word, a bounded noun phrase (``for the old staging box``, ``del
  servidor``: :data:`NOUN_PHRASE` words at most, a comma only right before the copula), a
  copula or separator of its language (``is``, ``ist``, ``lautet``, ``c'est``, ``là``,
  ``adalah``, ``—``, ``це``, ``هي``, a colon; Polish ``to`` after a Polish word), a few
  adverbs (``simply``, ``immer noch``, ``po prostu``, ``всё ещё``), then one word that ends
  the clause (or is followed by a comma, a time word or Turkish ``olarak …``). Russian,
  Ukrainian, Turkish and Indonesian set no copula: an adverb of time (``теперь``,
  ``hâlâ``, ``sekarang``) stands where it would, and a Turkish possessive (``şifresi``) takes
  its value at once; Hindi puts the value before a final ``है``;
- the value first, at a clause's start, with a copula and the word after it: ``Marmoset is
  the password for the kiosk account``, ``樱桃是演示账号的密码``, ``さくらがパスワードです``;
- in Chinese, Japanese, Korean and Thai, written without spaces between words, a particle or
  copula after the word (``密码是``, ``パスワードは … です``, ``비밀번호는 … 입니다``,
  ``รหัสผ่าน…คือ``) and a value to the clause's end.

The word after the copula is no value when it says what the credential is like, where it
is kept or how it is handled: :data:`PREDICATES` (``required``, ``expired``, ``obligatoria``,
``scaduta``, ``必須``, ``필수`` ...), the words that end a look for a value
(:data:`~daemon.base.credential_claims.STOPS`: ``stored``, ``rotated``, ``vault`` ...), prose's
small words, a pronoun or a question word, an English participle (``the key is revoked``).
Only the value's span is returned; the rest of the message stays readable.

Linear: each credential word is read over a bounded window after it (and a bounded one
before it, for a value first); the words found are disjoint.
"""

from __future__ import annotations

import re
import unicodedata

from daemon.base.credential_claims import (
    CLAUSE_END,
    COPULAS,
    PROSE_WORDS,
    STOPS,
    TOKEN,
    TRIM,
    hyphen_joins,
    named_credentials,
)

__all__ = ["NOUN_PHRASE", "PREDICATES", "plain_values"]

#: Words of a noun phrase between a credential word and its copula, at most.
NOUN_PHRASE = 6
_QUALIFIERS = 3
_WINDOW = 100
_BEFORE = 48
_TRIM = TRIM + "।"
_CLAUSE = re.compile(CLAUSE_END.pattern + r"|।")

#: Words after a credential's copula that say what it is like, where it is kept or how it is
#: handled, not what it is (and the adverbs of such talk: ``never sent by email``).
PREDICATES = frozenset(
    (
        # en
        "required", "mandatory", "optional", "expired", "revoked", "invalid", "valid",
        "wrong", "correct", "incorrect", "weak", "strong", "short", "long", "secure",
        "insecure", "sensitive", "unknown", "empty", "blank", "unset", "missing", "never",
        "always", "unique", "random", "temporary", "permanent", "important", "different",
        "same", "mine", "yours", "confidential", "private", "public", "encrypted", "hashed",
        "needed", "necessary", "lost", "gone", "outdated", "old", "new", "fine", "ok", "okay",
        "done", "disabled", "enabled", "active", "inactive", "locked", "shared", "personal",
        "case-sensitive", "written", "posted", "shown", "known", "hidden", "given", "taken",
        "sent", "printed", "pinned", "taped", "your", "yours", "our", "ours", "their",
        "working", "accepted", "rejected", "updated", "synced", "ready", "broken",
        "compromised", "leaked", "reused", "stale",
        # de
        "abgelaufen", "erforderlich", "notwendig", "nötig", "pflicht", "optional", "ungültig",
        "gültig", "falsch", "richtig", "korrekt", "schwach", "stark", "kurz", "lang",
        "geheim", "leer", "gesperrt", "veraltet", "gespeichert", "geändert", "verschlüsselt",
        "unbekannt", "sicher", "unsicher",
        # fr
        "obligatoire", "facultatif", "facultative", "expiré", "expirée", "invalide",
        "valide", "incorrect", "incorrecte", "faible", "fort", "forte", "court", "courte",
        "long", "longue", "vide", "secret", "secrète", "stocké", "stockée", "chiffré",
        "chiffrée", "inconnu", "inconnue", "requis", "requise", "périmé", "périmée",
        # es / pt / it
        "obligatoria", "obligatorio", "opcional", "expirada", "expirado", "caducada",
        "caducado", "inválida", "inválido", "válida", "válido", "incorrecta", "incorrecto",
        "débil", "fuerte", "corta", "corto", "larga", "largo", "vacía", "vacío", "secreta",
        "secreto", "guardada", "guardado", "cifrada", "cifrado", "requerida", "requerido",
        "desconocida", "obrigatória", "obrigatório", "expirou", "inválida", "fraca", "forte",
        "curta", "longa", "vazia", "secreta", "errada", "errado", "obbligatoria",
        "obbligatorio", "facoltativa", "facoltativo", "scaduta", "scaduto", "valida",
        "invalida", "sbagliata", "debole", "corta", "lunga", "vuota", "segreta", "richiesta",
        "necessaria",
        # nl / pl / tr / id / vi
        "verplicht", "optioneel", "verlopen", "ongeldig", "geldig", "fout", "zwak", "sterk",
        "kort", "leeg", "geheim", "vereist", "wymagane", "wymagany", "wymagana",
        "obowiązkowe", "obowiązkowy", "wygasło", "wygasłe", "nieważne", "błędne",
        "słabe", "krótkie", "puste", "tajne", "zorunlu", "zorunludur", "gerekli",
        "geçersiz", "geçerli", "yanlış", "zayıf", "güçlü", "kısa", "uzun", "boş", "gizli",
        "wajib", "opsional", "kedaluwarsa", "kadaluarsa", "salah", "lemah", "kuat", "pendek",
        "panjang", "kosong", "rahasia", "diperlukan", "hết", "sai", "yếu", "mạnh", "ngắn",
        "dài", "trống", "bắt", "buộc",
        # ru / uk / ar / hi
        "обязателен", "обязательный", "обязательно", "истёк", "истек", "устарел",
        "недействителен", "неверный", "верный", "слабый", "сильный", "короткий",
        "длинный", "пустой", "секретный", "нужен", "неправильный", "обов'язковий",
        "обовʼязковий", "застарів", "недійсний", "невірний", "слабкий", "короткий",
        "порожній", "секретний", "потрібен", "مطلوبة", "مطلوب", "إلزامية", "إلزامي",
        "منتهية", "منتهي", "خاطئة", "خاطئ", "ضعيفة", "قوية", "قصيرة", "طويلة", "فارغة",
        "سرية", "आवश्यक", "ज़रूरी", "जरूरी", "अनिवार्य", "वैकल्पिक", "गलत", "ग़लत", "सही",
        "कमज़ोर", "कमजोर", "मज़बूत", "मजबूत", "छोटा", "लंबा", "खाली", "गुप्त", "समाप्त",
        # zh / ja / ko / th
        "必填", "必填项", "必需", "必须", "必須", "必要", "不要", "任意", "可选", "可選",
        "空", "空的", "一样", "一樣", "相同", "同じ", "正确", "正確", "错误", "錯誤", "无效",
        "無效", "有效", "过期", "過期", "已过期", "已過期", "期限切れ", "無効", "有効",
        "なし", "無し", "未設定", "不明", "秘密", "共通", "필수", "선택", "불필요", "필요",
        "동일", "없음", "만료", "비밀", "จำเป็น", "หมดอายุ", "ผิด", "ถูกต้อง",
    )
)  # fmt: skip

# The words that end a look for a value, but those that name what a value is for in a noun
# phrase ("the password of the test account is ...").
_PHRASE_STOPS = STOPS - {"test", "example", "sample", "dummy", "public"}
# Copulas and separators beyond those of the claims (``c'est``, ``це``, ``هي``).
_COPULAS = COPULAS | frozenset(
    (
        "c'est", "c’est", "це", "є", "هي", "هو", "ialah", "merupakan", "era", "era:", "sono",
        "heißt", "bleibt", "blijft", "wordt", "werd", "jest", "была", "был", "стал", "стала",
        "-", ":", "=", "→",
    )
)  # fmt: skip
# A Polish copula that is an English preposition: read only after a Polish word.
_POLISH = frozenset(("hasło", "haslo", "hasłem", "haslem"))
# Adverbs of time standing where a copula would, in languages that set none.
_NO_COPULA = frozenset(
    (
        "теперь", "сейчас", "по-прежнему", "тепер", "зараз", "досі", "hâlâ", "hala", "artık",
        "şimdi", "sekarang", "masih", "kini",
    )
)  # fmt: skip
# Nouns that make a compound with a credential word before them: what is said is said of it.
_HEADS = frozenset(
    (
        "prompt", "prompts", "reset", "resets", "change", "changes", "hint", "hints",
        "manager", "managers", "field", "form", "dialog", "dialogue", "box", "input",
        "screen", "page", "flow", "generator", "protection", "spraying", "strength",
        "complexity", "requirement", "requirements", "rule", "rules", "history", "recovery",
        "storage", "update", "updates", "validation", "validator", "entry", "expiration",
        "sharing", "leak", "team", "login", "auth", "authentication", "setting", "settings",
        "option", "options", "check", "checks", "hygiene", "fatigue", "reuse", "length",
    )
)  # fmt: skip
# Turkish possessives: the value follows them at once (``Staging şifresi karpuz``).
_POSSESSIVES = frozenset(("şifresi", "sifresi", "parolası", "parolasi"))
# Adverbs and verbs of change between a copula and its value.
_ADVERBS = _NO_COPULA | frozenset(
    (
        "simply", "just", "now", "still", "literally", "currently", "actually", "changed",
        "set", "updated", "reset", "to", "einfach", "jetzt", "nun", "noch", "immer",
        "aktuell", "derzeit", "nur", "weiterhin", "tout", "simplement", "maintenant",
        "toujours", "juste", "désormais", "actuellement", "encore", "simplemente", "ahora",
        "todavía", "aún", "solo", "sólo", "actualmente", "simplesmente", "agora", "ainda",
        "só", "apenas", "atualmente", "semplicemente", "ora", "adesso", "ancora",
        "attualmente", "gewoon", "nu", "nog", "steeds", "simpelweg", "momenteel", "po",
        "prostu", "teraz", "nadal", "wciąż", "ciągle", "obecnie", "sadece", "basitçe",
        "hanya", "cuma", "vẫn", "giờ", "hiện", "nay", "chỉ", "всё", "все", "ещё", "еще",
        "просто", "пока", "ще", "الآن", "ببساطة", "अभी", "भी", "अब", "बस", "सिर्फ", "सिर्फ़",
        "केवल",
    )
)  # fmt: skip
# What may follow a value to the clause's end: a time word.
_AFTER = frozenset(
    ("yesterday", "today", "tonight", "again", "now", "gestern", "heute", "hier", "ayer",
     "hoy", "ontem", "hoje", "ieri", "oggi", "gisteren", "vandaag", "wczoraj", "dün", "bugün",
     "kemarin", "вчера", "сегодня")
)  # fmt: skip
# A Hindi copula ending the clause, its value before it.
_FINAL = frozenset(("है", "हैं", "था", "थी"))
# Words that stand for something else, not a value: pronouns and question words.
_PRONOUNS = frozenset(
    (
        "this", "that", "it", "what", "which", "here", "there", "mine", "yours", "below",
        "above", "following", "attached", "same", "das", "dies", "es", "was", "welches",
        "hier", "ce", "cela", "ça", "quoi", "quel", "quelle", "eso", "esto", "qué", "cuál",
        "isso", "isto", "qual", "questo", "quello", "cosa", "quale", "dit", "wat", "welk",
        "co", "jakie", "ne", "bu", "şu", "apa", "ini", "itu", "gì", "что", "это", "какой",
        "що", "який", "ما", "هذا", "هذه", "क्या", "यह", "वह",
    )
)  # fmt: skip
# What a value first's clause may go on with after the word: whose or what it opens.
_PREPOSITIONS = frozenset(
    ("for", "of", "on", "to", "in", "at", "für", "fürs", "zum", "zur", "de", "du", "del",
     "do", "da", "della", "per", "pour", "van", "voor", "dla", "для", "от", "к", "до", "від")
)  # fmt: skip
_DETERMINERS = (
    r"(?:the|our|my|your|their|its|this|das|der|die|dein|unser|le|la|l'|notre|votre|el"
    r"|nuestra|o|a|nossa|il|het|de|ons|onze)"
)
_SPACED_FIRST = re.compile(
    r"(?P<v>[^\W_][\w'’-]{1,39})[ \t]+(?i:is|was|ist|est|es|é|è|jest|to|это|adalah|là)[ \t]+"
    rf"(?:(?i:{_DETERMINERS})[ \t]+)?(?:[^\W\d_][\w-]{{0,20}}[ \t]+)?\Z"
)
# Chinese, Japanese, Korean and Thai: a particle or copula after the word, then a value.
_ZH_WORDS = frozenset(("密码", "密碼", "口令"))
_JA_WORDS = frozenset(("パスワード", "暗証番号"))
_KO_WORDS = frozenset(("비밀번호", "암호"))
_TH_WORDS = frozenset(("รหัสผ่าน",))
_ZH_AFTER = re.compile(
    r"(?:就|还|還|仍然|仍|现在|現在|依然|也|目前)?(?:是|为|為|：|:)[ \t]*"
    r"(?P<v>[^\s，。！？!?、,.;；的了在由不没沒必已过過吗嗎呢什多哪]{1,16})[ \t]*"
    r"(?:[。！!.;；，,\n]|\Z)"
)
_JA_AFTER = re.compile(
    r"(?:は|が|：|:)[ \t]*(?P<v>[^\s、。！？!?,.はがをにでのへ]{1,16}?)[ \t]*"
    r"(?:です|でした|だ|になりました|になります)?[ \t]*(?:[。！!.\n]|\Z)"
)
# The endings of a Japanese verb or adjective: a predicate, not a value.
_JA_VERB_ENDS = (
    "ます", "ません", "ました", "する", "した", "ない", "いる", "れる", "ある", "った", "てる",
    "たい",
)  # fmt: skip
_KO_AFTER = re.compile(
    r"(?:는|은|가|:)[ \t]*(?P<v>[^\s.,!?。]{1,16}?)[ \t]*"
    r"(?:입니다|이에요|예요|이다|이야|야)[ \t]*(?:[.!。\n]|\Z)"
)
_TH_AFTER = re.compile(
    r"\S{0,40}?คือ[ \t]*(?P<v>\S{1,24}?)[ \t]*(?:นะ|ครับ|ค่ะ|คะ|จ้ะ|จ้า)?[ \t]*(?:[.!\n]|\Z)"
)
_ZH_FIRST = re.compile(
    r"(?P<v>[^\s，。！？!?、,.;；的是]{1,12})[ \t]*(?:就是|是)[^，。！？!?\n]{0,20}?\Z"
)
_JA_FIRST = re.compile(
    r"(?P<v>[^\s、。！？!?,.はがをにでとのへもや]{1,12})[ \t]*(?:が|は)[^、。！？!?\n]{0,24}?\Z"
)
_CJK_END = re.compile(r"[ \t]*(?:です|だ|입니다)?[ \t]*(?:[。！!.\n]|\Z)")
_CJK_PRONOUNS = frozenset(
    ("这", "那", "它", "这个", "那个", "這", "這個", "那個", "哪个", "什么", "什麼", "这就",
     "これ", "それ", "あれ", "どれ", "何", "なに", "こちら", "뭐", "무엇", "이것", "그것")
)  # fmt: skip
_CASED = re.compile(r"[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u1e00-\u1eff]")
# The types and literals of code after a name's colon (``password: str``).
_CODE = frozenset(
    ("str", "string", "int", "bool", "bytes", "any", "none", "null", "nil", "true", "false",
     "undefined", "number", "object", "optional", "secretstr")
)  # fmt: skip
# Words prose, code and shells use for much else: "the key is patience", ``pwd``.
_OTHER_SENSES = frozenset(
    ("key", "secret", "token", "login", "pwd", "pass", "credentials", "creds")
)
_OPENS = ".!?;:\n。！？」"
_LETTERS_DIGITS = re.compile(r"(?=[^\W\d_]*\d)(?=\d*[^\W\d_])[^\W_]{4,40}")


def plain_values(text: str) -> list[tuple[int, int]]:
    """The spans of the plain words ``text`` gives as a credential's value (see the module),
    in order."""
    spans: list[tuple[int, int]] = []
    for m, kind in named_credentials(text):
        if kind == "code" or m.group().lower() in _OTHER_SENSES or hyphen_joins(text, m.end()):
            continue  # words prose and shells use for much else; a compound it opens
        word = m.group()
        found = _unspaced(text, m.start(), m.end(), word)
        found = found or _after(text, m.end(), word, kind)
        found = found or _before(text, m.start(), m.end())
        if found is not None and (not spans or found[0] >= spans[-1][1]):
            spans.append(found)
    return sorted(set(spans))


def _value(bare: str) -> bool:
    """Whether one word may be a credential's value: letters (or digits), no predicate, no
    stop word, no small word of prose, no pronoun, no participle (:data:`_PARTICIPLE`)."""
    low = bare.lower()
    if not _plain(bare) or len(bare) < (4 if _CASED.search(bare) else 2):
        return False  # code, a path, a name in code; a short word of a script with case
    if len(bare) >= 3 and set(low) <= _MASK_LETTERS:
        return False  # a value masked with one letter (``xxxxxxxx``): no word, no value
    if low in PREDICATES or low in STOPS or low in PROSE_WORDS or low in _PRONOUNS:
        return False
    if low in _COPULAS or low in _ADVERBS or low in _CODE:
        return False
    return not (bare.islower() and len(bare) >= 5 and _PARTICIPLE.search(low))


# The letters a masked value is written with (``apiKey: "xxxxxxxxxxxxxxxx"``).
_MASK_LETTERS = frozenset("x")
# The endings of a past participle: English ``-ed``, Spanish and Portuguese ``-ado``,
# ``-ido``, Italian ``-ato``, ``-ito``, ``-uto``, French ``-é``, in their genders and numbers
# (``A senha do Jenkins foi trocada ontem``: was changed, no value). A password of one
# plain word in these shapes is given up in raw material, where the sentence says it is done.
_PARTICIPLE = re.compile(r"(?:ed|[aiu]d[oa]s?|[aiu]t[oaie]|ée?s?)\Z")


def _plain(word: str) -> bool:
    """A plain word: letters (with their marks: Devanagari, Thai) and digits, an apostrophe
    or a hyphen inside, no dot, slash or ``_``, forty characters at most."""
    if not 0 < len(word) <= 40 or not word[0].isalnum() or word[-1] in "'’-":
        return False
    return all(c.isalnum() or c in "'’-" or unicodedata.category(c)[0] == "M" for c in word)


def _after(text: str, end: int, word: str, kind: str) -> tuple[int, int] | None:
    """The value in the clause after the word ending at ``end``: a noun phrase, a copula,
    adverbs, one word that ends the clause; or, after a password word, letters with digits
    alone to the clause's end (``password hunter2``: no product's name there)."""
    limit = min(len(text), end + _WINDOW)
    window = text[end:limit]
    stop = _CLAUSE.search(window, 1)
    closed = stop is not None or limit == len(text)
    window = window[: stop.start() + 1] if stop is not None else window
    tokens = list(TOKEN.finditer(window))
    low = word.lower()
    at = _separator(tokens, low)
    if at is None and kind == "password" and closed and len(tokens) == 1:
        at = 0 if _LETTERS_DIGITS.fullmatch(tokens[0].group().strip(_TRIM)) else None
    if at is None:
        return _final_copula(tokens, end)
    at = _skip_adverbs(tokens, at)
    if at >= len(tokens):
        return None
    raw = tokens[at].group()
    bare = raw.strip(_TRIM)
    if "?" in raw or "？" in raw or not _value(bare) or not _ends(tokens, at, closed):
        return None
    lead = tokens[at].start() + raw.find(bare)
    return end + lead, end + lead + len(bare)


def _separator(tokens: list[re.Match[str]], word: str) -> int | None:
    """Where the value may start after the word: past a noun phrase and its copula, or
    None. A Turkish possessive takes its value at once."""
    if word in _POSSESSIVES:
        return 0
    if tokens and tokens[0].group().strip(_TRIM).lower() in _HEADS:
        return None  # a compound: the password prompt, reset flow, hint
    for i, t in enumerate(tokens[: NOUN_PHRASE + 1]):
        raw = t.group()
        bare = raw.strip(_TRIM).lower()
        if bare in _PHRASE_STOPS or "[redacted:" in raw:
            return None
        if bare in _COPULAS or bare in _NO_COPULA or (bare == "to" and word in _POLISH):
            return i + 1
        if raw.endswith((":", "：")):
            return i + 1
        if raw.endswith(",") and not (
            i + 1 < len(tokens) and tokens[i + 1].group().strip(_TRIM).lower() in _COPULAS
        ):
            return None  # a comma ends the noun phrase, unless its copula follows
    return None


def _skip_adverbs(tokens: list[re.Match[str]], at: int) -> int:
    skipped = 0
    while at < len(tokens) and skipped < _QUALIFIERS:
        if tokens[at].group().strip(_TRIM).lower() not in _ADVERBS or at == len(tokens) - 1:
            break
        at, skipped = at + 1, skipped + 1
    return at


def _ends(tokens: list[re.Match[str]], at: int, closed: bool) -> bool:
    """Whether the value at ``tokens[at]`` ends its clause: nothing but a time word, a
    Turkish ``olarak …`` or a particle after it, or a comma right after it."""
    rest = [t.group().strip(_TRIM).lower() for t in tokens[at + 1 :]]
    if tokens[at].group().endswith(","):
        return True
    if not closed:
        return False
    if not rest:
        return True
    if len(rest) == 1:
        return rest[0] in _AFTER
    return len(rest) == 2 and rest[0] == "olarak"


def _final_copula(tokens: list[re.Match[str]], end: int) -> tuple[int, int] | None:
    """The value before a Hindi copula that ends the clause (``पासवर्ड गुलमोहर है``)."""
    at = _skip_adverbs(tokens, 0)
    if len(tokens) != at + 2 or tokens[-1].group().strip(_TRIM) not in _FINAL:
        return None
    raw = tokens[at].group()
    bare = raw.strip(_TRIM)
    if not _value(bare):
        return None
    lead = tokens[at].start() + raw.find(bare)
    return end + lead, end + lead + len(bare)


def _before(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The value first: ``Marmoset is the password for the kiosk account``, the word's own
    clause then going on with no value of its own."""
    head_start = max(0, start - _BEFORE)
    head = text[head_start:start]
    m = _SPACED_FIRST.search(head)
    if m is None or not _opens_clause(text, head_start + m.start()):
        return None
    bare = m.group("v").strip(_TRIM)
    if not _value(bare) or (end < len(text) and text[end] in "-_'’"):
        return None  # a compound or a possessive: "the password-based login"
    rest = _CLAUSE.search(text, end, min(len(text), end + _WINDOW))
    after = text[end : rest.start() if rest else end + 24].split()
    if after and after[0].lower() not in _PREPOSITIONS:
        return None  # "the password manager we use", "the password team's job"
    return head_start + m.start("v"), head_start + m.start("v") + len(bare)


def _opens_clause(text: str, at: int) -> bool:
    i = at
    while i > 0 and at - i < 4 and text[i - 1] in " \t\"'“‘«":
        i -= 1
    return i == 0 or text[i - 1] in _OPENS


def _unspaced(text: str, start: int, end: int, word: str) -> tuple[int, int] | None:
    """The value after (or before) a word of a script written without spaces."""
    after = {
        **dict.fromkeys(_ZH_WORDS, _ZH_AFTER),
        **dict.fromkeys(_JA_WORDS, _JA_AFTER),
        **dict.fromkeys(_KO_WORDS, _KO_AFTER),
        **dict.fromkeys(_TH_WORDS, _TH_AFTER),
    }.get(word)
    if after is None:
        return None
    m = after.match(text, end, min(len(text), end + _WINDOW))
    if m is not None and _cjk_value(m.group("v")):
        return m.span("v")
    first = _ZH_FIRST if word in _ZH_WORDS else _JA_FIRST if word in _JA_WORDS else None
    if first is None or _CJK_END.match(text, end) is None:
        return None
    head_start = max(0, start - _BEFORE)
    f = first.search(text, head_start, start)
    if f is None or not _opens_clause(text, f.start("v")) or not _cjk_value(f.group("v")):
        return None
    return f.span("v")


def _cjk_value(value: str) -> bool:
    if value in _CJK_PRONOUNS or value.lower() in PREDICATES or "ที่" in value:
        return False
    if any(value.startswith(p) for p in ("อะไร", "ไม่", "สิ่ง")):
        return False
    return not value.endswith(_JA_VERB_ENDS)
