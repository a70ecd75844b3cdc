# ruff: noqa: RUF001, RUF003
"""Credential-shaped values near a credential word, and password-shaped tokens anywhere.

:mod:`daemon.base.credentials` reads a credential word's value through a grammar (the word,
a few words of context, a separator or a copula, the value). Prose escapes any grammar:
``Heslo k Jenkinsu na ostrém prostředí je …``, ``كلمة المرور لحساب المراقبة هي …``, ``the
key we use everywhere is …``. So this module reads by shape instead, in a short window after
the word (up to the sentence's end, at most ``_WINDOW`` characters):

- after a password word (of any of the languages listed in ``_STRONG``, inflected or in a
  compound: ``paroli``, ``Jenkins-Admin-Kennwort``, ``הסיסמה``), the first token shaped like
  a password: letters of both cases with a digit or a symbol (``Fagiolo-Rosso-19``), or
  letters with a digit and a symbol other than ``-_.`` (``kapadokya!34``);
- after a key word (key, token, secret, seed, PAT, HMAC, in those languages), every token
  shaped like a key: 16 characters or more mixing letters and digits (hex, base32, base64),
  not a path, version or dotted name; a UUID, or a 40- or 64-digit hex (a commit id, a
  digest), only as one of the first two tokens after the word.

And anywhere, with no word at all, a token shaped only like a password: letters of both
cases, a digit, and inside it a symbol of ``!#$%*^~&@+`` (``Orchid#Quartz5``), or after
it where the sentence goes on in lower case (``Marktplein7! with the mark``: that ``!`` ends
no sentence), not an e-mail address or a URL. Names, versions and model names (``GPT-4-Turbo``,
``Release_2024_Q1``) join their parts with ``-_.`` and are left alone.

Linear time: the words are found by :mod:`daemon.base.redaction`'s single Aho-Corasick pass
(``anchors``); each window reads at most ``_WINDOW`` characters; the anywhere pass is one
regex pass whose runs are possessive and start only at a run's first character.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = [
    "ALGORITHM",
    "NEAR",
    "NEAR_LABEL",
    "NEAR_PHRASE",
    "NEAR_URL",
    "anchors",
    "passphrase_near",
    "password_shaped",
    "seed_lines",
    "shaped_tokens",
    "url_tokens",
    "value_labelled",
    "value_near",
]

#: The anchor kind credentials.py dispatches to :func:`value_near`.
NEAR = 6
NEAR_PHRASE = 8
NEAR_URL = 9
NEAR_LABEL = 10
_WINDOW = 100

# Password words: a password-shaped token after one of them is its value. Latin words of
# six letters or more may end a compound (Admin-Kennwort) and take an ending (parolası);
# shorter ones must start a word. Stems stand for their inflections (парол: пароль, паролем).
_STRONG = (
    "password", "passwort", "passwd", "passcode", "kennwort", "zugangswort", "contraseña",
    "contrasena", "clave", "mot de passe", "senha", "palavra-passe", "wachtwoord", "hasło",
    "haslo", "hasła", "hasłem", "mật khẩu", "mat khau", "parola", "parol", "şifre", "sifre",
    "kata sandi", "парол", "密码", "密碼", "口令", "パスワード", "暗証番号", "비밀번호", "암호",
    "पासवर्ड", "कूटशब्द", "كلمة المرور", "كلمة السر", "رمز الدخول", "رمز المرور", "رمز عبور",
    "گذرواژه", "کلمه عبور", "পাসওয়ার্ড", "پاس ورڈ", "lösenord", "salasana", "heslo", "hesla",
    "heslem", "κωδικ", "συνθηματικ", "סיסמה", "סיסמא", "jelszó", "geslo", "lozinka", "лозинка",
    "parool", "adgangskode", "passord", "kodeord", "รหัสผ่าน", "kata laluan", "mật mã",
    "پسورد", "پسوورد", "pasword", "passwrd", "paswort",
)  # fmt: skip
# Short words a chat writes for a password (``pass: …``, ``ww voor de viewer: …``, ``lösen
# till devkitet: …``): prose uses them for much else, so only a value after a colon in
# their sentence is theirs (:func:`value_labelled`).
_LABELS = ("pass", "pw", "pwd", "psw", "pswd", "ww", "lösen", "mk", "mdp", "pword")
# Key words: key-shaped tokens after one of them are its value.
_WEAK = (
    "key", "keys", "token", "secret", "seed", "hmac", "credential", "credentials",
    "schlüssel", "clé", "chave", "chiave", "sleutel", "klucz", "khóa", "anahtar", "kunci",
    "ключ", "токен", "секрет", "密钥", "秘钥", "令牌", "キー", "トークン", "키", "토큰",
    "कुंजी", "टोकन", "مفتاح", "رمز", "کلید", "মূল", "توکن", "jeton", "tokenu", "klíč",
    "nyckel", "avain", "κλειδί", "מפתח", "tunnus",
)  # fmt: skip
_CASED = ("PAT",)  # a personal access token; "pat" in prose is no credential word

_LATIN = re.compile(r"[A-Za-zÀ-ɏ]")
_SENTENCE_END = re.compile(r"[.!?。！？](?=\s|\Z)|\n|[|]")
_TOKEN = re.compile(r"[^\s\"'`,;()<>\[\]{}|«»“”„]{1,200}")
_TRAILING = ".,;:!?)]}。、，"
_UUID = re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")
_HEX = re.compile(r"[0-9a-fA-F]+")
_VERSION = re.compile(r"v?\d+(?:\.\d+)+(?:[-+.][0-9A-Za-z.]+)?")
_DOTTED = re.compile(r"[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+")
_ALNUM_RUN = re.compile(r"[A-Za-z0-9]{12,}")
_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+/=-]{15,199}")
_EMAIL = re.compile(r"[^@\s]+@[\w-]+(?:\.[\w-]+)+")
# A number written in hex (a seed, a flag mask, an address): at most 64 bits, so no key.
_HEX_NUMBER = re.compile(r"0[xX][0-9a-fA-F]{1,16}")
# One word with a number before or after it, or words run together: a name (1Password,
# Python3, KeePassXC) rather than a password, when read by shape alone.
_NAME = re.compile(r"\d*[A-Z]?[a-z]+\d*|\d*(?:[A-Z][a-z]+){2,}[A-Z]*\d*")
_NEEDED = re.compile(r"[0-9!#$%*^~&@+]")
_QUERY = re.compile(r"[=&?]\w")
_MARK = re.compile(r"\[redacted:[a-z0-9_]+\]")
_PASSWORD_SYMBOLS = "!#$%*^~&@+"  # noqa: S105 (the symbols, not a password)


# Words that name a secret made of words: a run of plain words after them is its value.
_PHRASE_WORDS = (
    "passphrase", "phrase", "seed", "mnemonic", "words", "frase", "satz", "schlüsselsatz",
    "passphrase", "mots", "palabras", "wörter", "parole", "фраза", "слова",
)  # fmt: skip
# Path segments after which the rest of a URL's path is a key (webhooks, bots).
_URL_WORDS = ("hook", "/bot", "/key/", "/keys/", "/token/", "/secret/")


def anchors() -> list[tuple[str, tuple[Any, ...]]]:
    """The password, key and phrase words and the URL path words, lower-cased, each with
    what a find of it asks for."""
    found: list[tuple[str, tuple[Any, ...]]] = []
    for strong, words in ((True, _STRONG), (False, _WEAK)):
        found.extend((word, (NEAR, len(word), strong, None)) for word in words)
    found.extend((word.lower(), (NEAR, len(word), False, word)) for word in _CASED)
    found.extend((word, (NEAR_LABEL, len(word))) for word in _LABELS)
    found.extend((word, (NEAR_PHRASE, len(word))) for word in dict.fromkeys(_PHRASE_WORDS))
    found.extend((word, (NEAR_URL, len(word))) for word in _URL_WORDS)
    return found


def _word_ok(
    text: str, start: int, end: int, word: str, cased: str | None, strong: bool
) -> int | None:
    """Where the credential word found at ``start`` ends (its ending included), or None when
    it is part of another word (``monkey``, ``keyboard``, ``clavecin``). Long words may end
    a compound and take an ending; short password words an ending of four letters."""
    if cased is not None and text[start:end] != cased:
        return None
    if not _LATIN.match(word[0]):
        return end
    before = text[start - 1] if start > 0 else " "
    long_word = len(word) >= 6
    camel = before.islower() and text[start].isupper()  # apiKey, accessToken, clientSecret
    if _LATIN.match(before) and not long_word and not camel:
        return None
    ending = 12 if long_word else 4 if strong else 0
    limit = end + ending
    while end < len(text) and end < limit and _LATIN.match(text[end]):
        end += 1
    return None if end < len(text) and _LATIN.match(text[end]) else end


def _plain_value(token: str) -> bool:
    """Whether a token could be a value at all: not a mark, URL, path, e-mail or version."""
    if _MARK.search(token) or "://" in token or token[0] in "$%{<[/~\\":
        return False
    if _EMAIL.fullmatch(token) or _VERSION.fullmatch(token):
        return False
    return not _DOTTED.fullmatch(token)


def password_shaped(token: str, *, strict: bool = False) -> bool:
    """Letters of both cases with a digit or a password symbol inside, or letters with a
    digit and a password symbol inside; ``strict``: both cases, a digit and a password
    symbol inside. Eight characters at least: ``OAuth2`` and ``IPv6`` are names."""
    if not 8 <= len(token) <= 64:
        return False
    upper = any(c.isupper() for c in token)
    lower = any(c.islower() for c in token)
    digit = any(c.isdigit() for c in token)
    inner = any(c in _PASSWORD_SYMBOLS for c in token[1:-1])
    if strict:
        return upper and lower and digit and inner
    return (upper and lower and (digit or inner)) or ((upper or lower) and digit and inner)


def _key_shaped(token: str) -> bool:
    if not _KEY.fullmatch(token) or _UUID.fullmatch(token) or _VERSION.fullmatch(token):
        return False
    if "/" in token and not token.endswith("="):
        return False  # a path
    if _DOTTED.fullmatch(token):
        return False
    # A key is one long random run; a name joins short words (Llama-3.1-70B-Instruct).
    return any(
        any(c.isdigit() for c in run) and any(c.isalpha() for c in run)
        for run in _ALNUM_RUN.findall(token)
    )


# A cryptographic algorithm's name, which a credential word is often near ("Passwords are
# hashed with Argon2id", "signed with HMAC-SHA256"): no value.
#: A hashing, signing, encryption or authentication algorithm's name (``Argon2id``,
#: ``AES-256-GCM``, SASL's ``SCRAM-SHA-512``): no value.
ALGORITHM = re.compile(
    r"(?i)argon2(?:id|i|d)?|bcrypt|scrypt|yescrypt|pbkdf2(?:[-_]?(?:hmac[-_]?)?sha-?\d{1,3})?"
    r"|scram-sha-(?:1|256|512)"
    r"|(?:hmac[-_]?)?sha-?(?:1|224|256|384|512)|sha3-?\d{3}|blake2[bs]?|md5"
    r"|[hrep]s(?:256|384|512)|aes-?(?:128|192|256)(?:-?(?:gcm|cbc|ctr))?|chacha20(?:-?poly1305)?"
    r"|(?:ed|x|curve)25519|ed448|rsa-?\d{4}|secp\d{3}[kr]1"
)


# A value said before its password word, as what it is used as ("dejó «gaviota-muelle-14»
# como contraseña", "Darupalya77 jelszóval belépni": with the password …): quoted, or a token
# mixing letters and digits, then a word for "as", or the password word with a case ending.
_BEFORE = re.compile(
    r"(?:[«\"'“„「『](?P<q>[^«»\"'“”„「」『』\n]{3,64})[»\"'”“」』]"
    r"|(?<![^\s(])(?P<t>[^\s\"'`,;()<>\[\]{}|«»“”„]{6,64}))[ \t]{1,3}"
    r"(?P<c>(?:como|as|comme|als|come|jako|olarak|kao|как|ως|として)[ \t]{1,3})?\Z",
    re.IGNORECASE,
)
_BEFORE_SYMBOLS = frozenset("!#$%*^~&@+-_.")
_ENDING_BEFORE = 3  # letters of a case ending that make a value before the word its object


def _value_before(text: str, at: int, ending: int) -> tuple[str, int, int] | None:
    """The value said before the password word at ``at`` (see :data:`_BEFORE`), or None."""
    m = _BEFORE.search(text, max(0, at - _WINDOW), at)
    if m is None or (m.group("c") is None and ending < _ENDING_BEFORE):
        return None
    group = "q" if m.group("q") is not None else "t"
    token = m.group(group)
    if group == "q" and not any(c.isdigit() or c in _BEFORE_SYMBOLS for c in token):
        return None  # a quoted word ('"passkeys" as password replacement') is a name
    if group == "t":
        mixed = any(c.isdigit() for c in token) and any(c.isalpha() for c in token)
        if not mixed or not _plain_value(token) or ALGORITHM.fullmatch(token):
            return None
    return ("password", m.start(group), m.end(group))


def value_near(text: str, at: int, anchor: tuple[Any, ...]) -> list[tuple[str, int, int]]:
    """The values the credential word found at ``at`` names, by shape (see the module)."""
    _, length, strong, cased = anchor
    if text.startswith("[redacted:", max(0, at - 10)) and at >= 10:
        return []  # the kind a redaction mark names
    word = text[at : at + length].lower()
    end = _word_ok(text, at, at + length, word, cased, strong)
    if end is None:
        return []
    before = _value_before(text, at, end - at - length) if strong else None
    after = _values_after(text, end, strong=strong)
    return after if before is None else [before, *after]


# The word "id" right before a value: the value is named as an id (``token id …``); a
# secret's id is read as a secret (Vault's AppRole ``secret id`` is its password).
_NAMED_ID = re.compile(
    r"(?i)(?<![\w-])(?<!secret )(?<!secret_)(?<!secret-)(?:id|identifier)[ \t]{0,2}[:=]?"
    r"[ \t]{0,2}\Z"
)


def _values_after(text: str, end: int, *, strong: bool) -> list[tuple[str, int, int]]:
    """The values shaped as credentials in the window after a credential word that ends at
    ``end``, up to its sentence's end (see the module)."""
    limit = min(len(text), end + _WINDOW)
    stop = _SENTENCE_END.search(text, end, limit)
    limit = stop.start() if stop is not None else limit
    mark = _MARK.search(text, end, limit)
    limit = mark.start() if mark is not None else limit  # what a redaction found before
    if strong and (spelled := _SPELLED.search(text, end, limit)) is not None:
        return [("password", *spelled.span())]  # "t i d e w r a i t h 4 4"
    if _NEEDED.search(text, end, limit) is None:
        return []  # every shape holds a digit or a password symbol
    found: list[tuple[str, int, int]] = []
    for index, m in enumerate(_TOKEN.finditer(text, end, limit)):
        start, stop_at = m.span()
        while stop_at > start and text[stop_at - 1] in _TRAILING:
            stop_at -= 1
        token = text[start:stop_at]
        if strong and _labelled(text, end, start) and _given(token):
            return [("password", start, stop_at)]  # "şifresini … buldum: martı-köprü-73"
        if len(token) < (8 if strong or index < 2 else 16):
            continue  # no shape is shorter: most words of prose end here, cheaply
        if start == end or not _plain_value(token) or _QUERY.search(token):
            continue  # glued to the word (password+reset), or a query string
        if ALGORITHM.fullmatch(token):
            continue  # "hashed with Argon2id": an algorithm, no value
        if _NAMED_ID.search(text, max(end, start - 16), start) is not None:
            continue  # "token id ed1757…": the id that tells one token from another
        if strong:
            if password_shaped(token) and not _NAME.fullmatch(token):
                return [("password", start, stop_at)]
            continue
        near = index < 2
        if _key_shaped(token):
            hexed = _HEX.fullmatch(token) is not None
            if hexed and len(token) in (40, 64) and not near:
                continue  # a commit id or a digest further on
            found.append(("api_key", start, stop_at))
        elif _HEX_NUMBER.fullmatch(token):
            continue  # "world seed 0x5EED7A11": a number, its "x" no lower-case letter
        elif near and (_UUID.fullmatch(token) or password_shaped(token)):
            found.append(("api_key", start, stop_at))
    spaced = _SPACED_VALUE.search(text, end, limit) if strong and not found else None
    if spaced is not None and sum(w[:1].isupper() for w in spaced.group().split()) >= 2:
        return [("password", spaced.start(), spaced.end())]
    return found


# A value spelt out a character at a time, six or more: ``t i d e w r a i t h 4 4``.
_SPELLED = re.compile(r"(?<![^\s:：])(?:\S ){5,40}\S(?![^\s,，.;])")
_COLON = re.compile(r"[:：][ \t]{0,3}")
# A time or a date: ``03:00``, ``14.11.``, ``2026-11-29``.
_WHEN = re.compile(r"\d{1,4}[:./-]\d{1,2}(?:[:./-]\d{1,4})?[.]?")


def _labelled(text: str, word_end: int, start: int) -> bool:
    """Whether the token at ``start`` follows a colon that comes after the word ending at
    ``word_end``: the value a label gives (``pass: …``, ``پسورد vpn تیم تست: …``)."""
    before = text[word_end:start].rstrip(" \t")
    return before.endswith((":", "：")) and not before.endswith("::")


def _given(token: str) -> bool:
    """Whether a token after a password word's colon is its value: letters with a digit or
    a password symbol, six characters at least; not a version, a time or a date, a path,
    an address or an algorithm's name."""
    if not 6 <= len(token) <= 64 or not _plain_value(token) or _WHEN.fullmatch(token):
        return False
    if ALGORITHM.fullmatch(token) or _QUERY.search(token):
        return False
    letters = any(c.isalpha() for c in token)
    return letters and any(c.isdigit() or c in _PASSWORD_SYMBOLS for c in token)


def value_labelled(text: str, at: int, anchor: tuple[Any, ...]) -> list[tuple[str, int, int]]:
    """The value after the colon in the sentence of a short password word found at ``at``
    (:data:`_LABELS`), when it is a word of its own (not ``passport``, ``bypass``)."""
    end = at + anchor[1]
    if (at > 0 and _LATIN.match(text[at - 1])) or (end < len(text) and _LATIN.match(text[end])):
        return []
    if text.startswith("[redacted:", max(0, at - 10)) and at >= 10:
        return []
    limit = min(len(text), end + _WINDOW)
    stop = _SENTENCE_END.search(text, end, limit)
    limit = stop.start() if stop is not None else limit
    colon = _COLON.search(text, end, limit)
    if colon is None:
        return []
    m = _TOKEN.match(text, colon.end(), limit)
    if m is None:
        return []
    start, stop_at = m.span()
    while stop_at > start and text[stop_at - 1] in _TRAILING:
        stop_at -= 1
    token = text[start:stop_at]
    return [("password", start, stop_at)] if _given(token) else []


# A password of words and a number written with spaces (``Elg og Stetoskop 4471``), after a
# password word: two to five words, two of them capitalised, then the number.
_SPACED_VALUE = re.compile(
    r"(?<!\S)[^\W\d_]{2,20}(?: [^\W\d_]{2,20}){1,4} [1-9]\d{1,7}(?=[\s.,;!?]|\Z)"
)


# A run of token characters holding a password symbol, read from the run's first character.
# Base64 holds "+" beside letters and digits: a token anywhere needs another symbol.
_ANYWHERE_SYMBOLS = "!#$%*^~&@"
_RUN_CHARS = r"\w!#$%*^~&@+.\-"
_SHAPED = re.compile(
    rf"(?<![{_RUN_CHARS}])[\w.\-+]*+[{re.escape(_ANYWHERE_SYMBOLS)}][{_RUN_CHARS}]*+"
)


# The next parameter of a URL's query, which ends the value before it.
_NEXT_PARAMETER = re.compile(r"&(?=[A-Za-z_][\w.-]{0,30}=)")


# A Mailchimp key: 32 hex digits and the data center it lives in.
_MAILCHIMP = re.compile(r"(?<![0-9A-Za-z])[0-9a-f]{32}-us[0-9]{1,2}(?![0-9A-Za-z])")


# Words of letters a URL joined with encoded spaces (``Shared%20Documents``, ``My%20Files``).
_ENCODED_WORDS = re.compile(r"[^\W\d_]{1,40}(?:%20[^\W\d_]{1,40}){1,20}")


# What follows a symbol that ends no sentence: the sentence going on in lower case.
_GOES_ON = re.compile(r"[ \t]+[a-z]")


def _symbol_kept(text: str, end: int, run_end: int) -> bool:
    """Whether the one symbol after a token (``text[end]``, the last of its run) is part of
    it rather than the sentence's mark: the sentence goes on after it in lower case."""
    return (
        end + 1 == run_end
        and text[end] in _ANYWHERE_SYMBOLS
        and _GOES_ON.match(text, run_end) is not None
    )


# A command of ZPL, the language of label printers (``^FD`` a field's data, ``^FO`` its
# origin, ``^A0N`` its font): a caret and two capitals, or a capital and a digit, in a text
# holding a label (``^XA`` opens one).
_ZPL_COMMAND = re.compile(r"\^(?:[A-Z]{2}|[A-Z][0-9])")


def shaped_tokens(text: str) -> list[tuple[int, int]]:
    """The spans of the tokens anywhere in ``text`` shaped only like a password, and the
    Mailchimp keys (the only vendor key without a prefix whose shape says what it is)."""
    spans = [m.span() for m in _MAILCHIMP.finditer(text)] if "-us" in text else []
    if not any(c in text for c in _ANYWHERE_SYMBOLS):
        return spans
    label = "^XA" in text  # a ZPL label opens so: its commands are read as such
    for m in _SHAPED.finditer(text):
        start, end = m.span()
        while end > start and text[end - 1] in _TRAILING:
            end -= 1
        query = _NEXT_PARAMETER.search(text, start, end + 1) if "&" in text[start:end] else None
        if query is not None:
            end = query.start()  # ``v=dQw4w9WgXcQ&t=42s``: a URL query's next parameter
        token = text[start:end]
        if not token:
            continue
        inner = any(c in _ANYWHERE_SYMBOLS for c in token[1:-1])
        if not inner and _symbol_kept(text, end, m.end()):
            # "Hoevenseweg3! with the mark": that "!" ends no sentence, it ends the token
            shaped = password_shaped(token) and any(c.isdigit() for c in token)
            end += 1
            token = text[start:end]
        else:
            shaped = inner and password_shaped(token, strict=True)
        if not shaped or not _plain_value(token):
            continue
        if "@" in token and _EMAIL.search(token):
            continue
        if _ENCODED_WORDS.fullmatch(token):  # "Shared%20Documents": words a URL spaced out
            continue
        if label and _ZPL_COMMAND.search(text, max(0, start - 3), end) is not None:
            continue  # "^FO40,40^A0N,40,40^FDPallet": a label printer's commands and fields
        spans.append((start, end))
    kept: list[tuple[int, int]] = []
    for span in sorted(spans):
        if not kept or span[0] >= kept[-1][1]:
            kept.append(span)
    return kept


# A passphrase: after its word, a separator (":", "=", a quote, a copula, "it's", a dash),
# then four to twenty-four plain words that end the clause, none of them a word of prose.
_PHRASE_SEPARATOR = re.compile(
    r"(?:[:=]|(?<=\s)(?:is|are|was|es|est|ist|lautet|é|è|это|it's|it is)\s?:?|—|–)\s{0,3}[\"'“«]?"
)
_PHRASE_WINDOW = 80
_PHRASE_RUN = re.compile(r"[^\W\d_]{2,20}(?: [^\W\d_]{2,20}){3,23}")
_PROSE = frozenset(
    (
        "a", "an", "the", "this", "that", "it", "its", "is", "are", "was", "be", "been", "not",
        "and", "or", "but", "if", "for", "of", "on", "in", "at", "to", "from", "by", "with",
        "as", "our", "your", "their", "my", "we", "you", "they", "i", "must", "should", "will",
        "can", "may", "do", "does", "has", "have", "had", "never", "always", "kept", "stored",
        "all", "per", "each", "every", "only", "also", "then", "now", "here", "there", "when",
        "der", "die", "das", "den", "dem", "und", "ist", "im", "mit", "für", "el", "la", "los",
        "las", "es", "en", "y", "con", "para", "por", "le", "les", "des", "est", "et", "dans",
        "pour", "um", "uma", "na", "no", "il", "di", "e", "het", "de", "een", "van",
    )
)  # fmt: skip
_CLAUSE_END = frozenset(".,;:!?)\"'”»\n")


def _phrase_run(text: str, start: int) -> int | None:
    """Where a run of plain words starting at ``start`` ends, when it is a passphrase."""
    run = _PHRASE_RUN.match(text, start)
    if run is None:
        return None
    end = run.end()
    if end < len(text) and text[end] not in _CLAUSE_END:
        return None  # the sentence goes on: prose
    words = run.group().split(" ")
    if any(w.lower() in _PROSE for w in words):
        return None
    if not (all(w.islower() for w in words) or all(w.istitle() for w in words)):
        return None
    return end


def passphrase_near(text: str, at: int, anchor: tuple[Any, ...]) -> tuple[str, int, int] | None:
    """The passphrase named by the phrase word found at ``at``, if any."""
    end = at + anchor[1]
    if _LATIN.match(text[at]) and at > 0 and _LATIN.match(text[at - 1]) and anchor[1] < 6:
        return None
    limit = min(len(text), end + _PHRASE_WINDOW)
    stop = _SENTENCE_END.search(text, end, limit)
    limit = stop.start() if stop is not None else limit
    for tried, sep in enumerate(_PHRASE_SEPARATOR.finditer(text, end, limit)):
        run_end = _phrase_run(text, sep.end())
        if run_end is not None:
            return "passphrase", sep.end(), run_end
        if tried == 2:
            break
    return None


# A recovery seed on a line of its own: 12 to 24 lower-case words and nothing else.
_SEED_LINE = re.compile(r"(?m)^[ \t]*+((?:[a-z]{3,8} ){11,23}+[a-z]{3,8})[ \t]*+$")


def seed_lines(text: str) -> list[tuple[int, int]]:
    """The spans of the lines of ``text`` that are a recovery seed (BIP39's 12 to 24 words,
    none a word of prose)."""
    spans: list[tuple[int, int]] = []
    for m in _SEED_LINE.finditer(text):
        words = m.group(1).split(" ")
        if len(words) % 3 == 0 and not any(w in _PROSE for w in words):
            spans.append(m.span(1))
    return spans


# The rest of a webhook's or a bot's path: segments that hold a key (a long run mixing
# letters and digits, a UUID, hex), up to four of them.
_SEGMENT = re.compile(r"/([^/\s?#\"'<>]{1,200})")


def url_tokens(text: str, at: int, anchor: tuple[Any, ...]) -> list[tuple[str, int, int]]:
    """The key segments of a URL's path after the path word found at ``at``."""
    begin = max(0, at - 300)
    head = text.rfind("://", begin, at)
    if head < 0 or any(c.isspace() for c in text[head:at]):
        return []
    end = at + anchor[1] - (text[at + anchor[1] - 1] == "/")  # "/key/": from its slash
    while end < len(text) and end - at < 100 and text[end] not in "/?#\"' \t\n":
        end += 1
    found: list[tuple[str, int, int]] = []
    for _ in range(4):
        m = _SEGMENT.match(text, end)
        if m is None:
            break
        segment = m.group(1)
        if not (_UUID.search(segment) or _key_shaped(segment.split("@")[0])):
            break
        found.append(("token", m.start(1), m.end(1)))
        end = m.end()
    return found
