# ruff: noqa: RUF001
"""Memories that still look like they hold a credential: refused, whatever redaction missed.

Redaction (:mod:`daemon.base.redaction`) must leave the rest of a message readable, so it
cuts a value only when its shape or its words leave no doubt. A memory is held to more: it
is refused, not cut, when it reads as if it carries a credential at all, so that a value the
redaction rules did not recognise still cannot be stored. :func:`credential_claims` finds:

- a credential word (password, passphrase, PIN, PUK, token, API key, secret, login,
  one-time, verification, confirmation or security code, unlock code ... in the languages of
  :data:`_WORDS`: English, Chinese, Hindi, Spanish, French, Arabic, Bengali, Portuguese,
  Russian, Urdu, Indonesian, German, Japanese, Turkish, Korean, Italian, Dutch, Polish,
  Vietnamese, Swedish, Finnish, Norwegian, Danish, Greek, Ukrainian, Persian, Hebrew,
  Swahili, Luxembourgish, Sesotho, Setswana, Wolof, Oromo and Dhivehi; a code's in Czech,
  Hungarian and Romanian too), singular, standing alone or ending a compound
  (``WLAN-Kennwort``; written as one word, a password's whatever leads it,
  ``Adminkennwort``, and an access code's, ``Servicecode``, ``larmkoden``), followed in its
  clause by a value-looking token: letters with digits, letters joined by a symbol prose
  does not use, a UUID, a quoted value, a code of digits, whole or in spaced groups
  (``604 218``), after a PIN or code word, digits said word by word after any code word (a
  lock's combination too: ``Kombination sieben drei null neun``, ``koodi on kuusi kaksi``),
  or three words or more after a passphrase word (after a
  word prose uses often, key, token, secret, the value comes at once or after a separator:
  "the key insight in PR-4521 is …" holds none); a quoted run of plain words after a
  password, passphrase or code word (a quote says where the value begins and ends: ``opens
  with 'ferry …'``), the rest of the clause after a colon that follows a passphrase word or
  the name of what it opens, and letters whose case changes as a drawn key's does. Hebrew
  and Arabic write the article and one-letter prepositions joined to the word: the word is
  read behind them;
- a ``user / password`` pair: a user name, a spaced slash and a password-shaped value, and
  a ``user/password@host`` login;
- a passphrase announced by a colon after a vault, wallet or ceremony word (``KeePass vault:
  lingon älgstig vinterbad kanelbulle``), or twelve lower-case words or more after a colon (a
  wallet's recovery phrase);
- a key as a byte array (``[211,193,225, …]``, 32 numbers or more, each a byte);
- a random-looking token in a URL's path where a key sits (the segment after a version,
  the path's first or last segment, or after ``push``) or as the first label of its host.

What merely talks about credentials is kept: a plural (``passwords live in 1Password``), a
policy without a value (``rotate the DB password every 90 days``, ``12 characters``), and
where a credential lives (``stored in Vault at secret/payments``): a word that says where or
what (``stored``, ``vault``, ``fingerprint``, ``id``, ``policy`` ...) ends the look for a
value. Only the spans of the values are returned, so that a refusal shows the text with the
values cut out (:func:`masked`: and every other token shaped like a value).

Linear: one regex pass per shape, each match read over a bounded window.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator

from daemon.base.bip39_words import BIP39_ENGLISH
from daemon.base.digit_words import DIGIT_WORDS
from daemon.base.key_kinds import adjective_secret
from daemon.base.named_things import extension_number, unit_or_shortcut
from daemon.base.nearby import ALGORITHM
from daemon.base.payment_numbers import example_iban
from daemon.base.raw_material import (
    beside_markers,
    byte_arrays,
    printed_keys,
    reference,
    replace_spans,
    union,
)
from daemon.base.security_questions import (
    answer_words,
    asks_for_an_answer,
    names_a_security_question,
)
from daemon.base.word_lists import alternation

__all__ = [
    "MARK",
    "announced_values",
    "asks_for_value",
    "clause_end",
    "clause_spans",
    "context_values",
    "credential_claims",
    "credential_word",
    "ends_compound",
    "hyphen_joins",
    "in_placeholder",
    "login_values",
    "masked",
    "named_credentials",
    "names_a_kind",
    "names_a_value",
    "names_any_credential",
    "paired_login",
    "reply_values",
    "sentence_values",
    "signs_in_with",
    "talk_words",
    "value_like",
]

#: What a refusal shows in place of a value.
MARK = "[redacted:credential]"

# Credential words, singular, lower-case; "phrase" words announce several words.
_PASSWORD_WORDS = (
    "password", "passwort", "passwuert", "passwd", "pwd", "passcode", "kennwort",
    "zugangswort", "contraseña", "contrasena", "clave", "mot de passe", "mdp", "senha",
    "palavra-passe", "palavra passe", "parola d'ordine", "parola", "wachtwoord", "hasło",
    "haslo", "hasłem", "haslem", "mật khẩu", "mat khau", "şifre", "şifresi", "sifre",
    "parolası", "parolasi", "kata sandi", "sandi",
    "пароль", "пароля", "密码", "密碼", "口令", "パスワード", "暗証番号", "비밀번호", "암호",
    "पासवर्ड", "कूटशब्द", "كلمة المرور", "كلمة السر", "পাসওয়ার্ড", "پاس ورڈ", "رمز عبور",
    "گذرواژه", "סיסמה", "סיסמא", "κωδικός", "κωδικός πρόσβασης", "lösenord", "lösenordet",
    "passord", "passordet", "adgangskode", "adgangskoden", "salasana", "nenosiri",
    "neno la siri", "phasewete", "lefoko la sephiri", "sephiri", "baatu jàll", "iccitii",
    "jecha darbii", "ޕާސްވޯޑ", "ޕާސްވޯޑް", "userpass", "passkey", "пароль доступу", "pass",
    "pw", "wi-fi", "wifi", "wlan", "psk", "mot-de-passe", "parolă", "jelszó", "jelszava",
    "pasword", "passwrd", "paswd", "pword", "paswort", "پسورد",
    "heslo", "geslo", "lozinka", "лозинка", "парола", "pasahitza", "contrasenya",
    "slaptažodis", "parool", "parooli", "wagwoord", "cyfrinair", "lykilorð", "fjalëkalimi",
    "fjalëkalim", "şifrə", "kata laluan", "รหัสผ่าน", "ລະຫັດຜ່ານ", "პაროლი", "գաղտնաբառ",
    "нууц үг", "құпия сөз", "கடவுச்சொல்", "పాస్‌వర్డ్", "ಪಾಸ್‌ವರ್ಡ್", "പാസ്‌വേഡ്", "ਪਾਸਵਰਡ",
    "પાસવર્ડ", "စကားဝှက်", "ពាក្យសម្ងាត់", "የይለፍ ቃል", "비번", "パス", "nywila",
    "패스워드",
)  # fmt: skip
_PHRASE_WORDS = (
    "passphrase", "pass phrase", "pass-phrase", "unseal phrase", "seed phrase",
    "recovery phrase", "safe phrase", "secret phrase", "mnemonic", "passwortsatz",
    "phrase secrète", "phrase de passe", "frase de contraseña", "frase secreta",
    "frase semilla", "frase-senha", "lösenfras", "lösenfrasen", "huvudlösenfrasen",
    "passfrase", "パスフレーズ", "助记词", "助記詞", "암호문구", "कूटवाक्य", "сид-фраза",
    "seed-фраза", "парольная фраза", "kata sandi frasa", "frasa sandi", "code word",
    "codeword", "code phrase", "wachtzin", "wachtwoordzin", "phrase", "recovery words",
    "seed words", "backup words", "mnemonic words", "secret words", "unseal words",
    "unseal key", "unseal keys", "diceware", "correct horse battery staple",
    "correct-horse-battery-staple",
)  # fmt: skip
# The words for a one-time, verification, confirmation or security code (what an app, a text
# message or a bank gives to sign in or to confirm), in the languages most used: English,
# Chinese, Hindi, French, Arabic, Bengali, Portuguese, Russian, Ukrainian, Urdu, Indonesian
# and Malay, German, Japanese, Turkish, Korean, Italian, Dutch, Polish, Vietnamese, Persian,
# Swedish, Norwegian, Danish, Finnish, Czech, Hungarian, Romanian and Swahili (Spanish and
# Portuguese say ``código …``, a code word of its own). A German, Dutch or Nordic compound
# is one word, its definite form (``koden``, ``engångskoden``) too.
_ONE_TIME_CODE_WORDS = (
    "otp", "totp", "one-time code", "one time code", "one-time passcode", "verification code",
    "confirmation code", "security code", "authentication code", "auth code", "login code",
    "sign-in code", "2fa code", "mfa code", "sms code",
    "einmalcode", "einmalpasswort", "bestätigungscode", "bestaetigungscode",
    "verifizierungscode", "verifikationscode", "sicherheitscode", "authentifizierungscode",
    "anmeldecode",
    "code de vérification", "code de verification", "code de confirmation",
    "code de sécurité", "code de securite", "code à usage unique",
    "codice di verifica", "codice di conferma", "codice di sicurezza", "codice monouso",
    "codice otp",
    "verificatiecode", "bevestigingscode", "beveiligingscode", "eenmalige code",
    "kod jednorazowy", "kod weryfikacyjny", "kod potwierdzający", "kod potwierdzajacy",
    "kod bezpieczeństwa", "kod bezpieczenstwa", "kod autoryzacyjny", "kod sms", "kod blik",
    "kod pengesahan", "kod keselamatan",
    "engångskod", "engångskoden", "verifieringskod", "verifieringskoden", "säkerhetskod",
    "säkerhetskoden", "bekräftelsekod", "bekräftelsekoden", "inloggningskod",
    "inloggningskoden", "engangskode", "engangskoden", "bekreftelseskode",
    "bekreftelseskoden", "sikkerhetskode", "sikkerhetskoden", "verifiseringskode",
    "verifiseringskoden", "bekræftelseskode", "bekræftelseskoden", "sikkerhedskode",
    "sikkerhedskoden", "verifikationskode", "verifikationskoden", "vahvistuskoodi",
    "kertakäyttökoodi", "turvakoodi", "varmennuskoodi",
    "ověřovací kód", "jednorázový kód", "potvrzovací kód", "bezpečnostní kód",
    "ellenőrző kód", "megerősítő kód", "biztonsági kód", "egyszer használatos kód",
    "cod de verificare", "cod de confirmare", "cod de securitate",
    "код подтверждения", "одноразовый код", "код проверки", "код безопасности",
    "код підтвердження", "одноразовий код",
    "doğrulama kodu", "dogrulama kodu", "onay kodu", "güvenlik kodu", "tek kullanımlık kod",
    "sms kodu", "kode verifikasi", "kode konfirmasi", "kode keamanan", "kode otp",
    "mã xác thực", "mã xác nhận", "mã xác minh", "mã bảo mật", "mã otp",
    "验证码", "驗證碼", "确认码", "確認碼", "安全码", "安全碼", "动态码", "動態碼",
    "認証コード", "確認コード", "認証番号", "セキュリティコード", "ワンタイムコード",
    "인증번호", "인증 코드", "인증코드", "확인 코드", "확인코드", "보안 코드", "보안코드",
    "सत्यापन कोड", "पुष्टिकरण कोड", "ओटीपी", "যাচাইকরণ কোড", "ওটিপি", "تصدیقی کوڈ",
    "رمز التحقق", "رمز التأكيد", "كود التحقق", "کد تأیید", "کد تایید", "رمز یکبار مصرف",
    "msimbo wa uthibitisho",
)  # fmt: skip
_CODE_WORDS = (
    "pin", "pin code", "pin-code", "code pin", "puk", "unlock code", "access code",
    "backup code", "code", "recovery code", "admin code", "unlock", "unlocks with",
    "unseals with",
    "opens with", "encrypted with", "locked with", "protected with", "secured with",
    "código", "codigo", "code d'accès", "zugangscode", "пин-код", "код",
    "combination", "combo", "keypad", "opens at", "पिन",
    # a lock's combination: the word prose uses for much else in every language
    "kombination", "kombinationen", "kombinasjon", "kombinasjonen", "combinaison",
    "combinación", "combinacion", "combinazione", "combinação", "combinacao",
    "combinatie", "kombinacja", "kombinace", "kombinácia", "комбинация", "комбінація",
    "yhdistelmä", "kombinasyon", "kombinasi", "combinație",
    "পিন", "พิน", "รหัส", "קוד", "الرقم السري", "رمز کارت", "رمز کارت بانکی",
    "disarm with", "disarms with", "disarmed with", "disarming with", "arm with",
    "arms with", "armed with", "unlock with", "unlocked with", "unlocking with",
    "unsealed with", "kurtarma kodu", "mã khôi phục",
    # what a door or a lock opens with, in other languages
    "öffnet mit", "öffnet sich mit", "s'ouvre avec", "s’ouvre avec", "se abre con",
    "si apre con", "opent met", "gaat open met", "abre com", "se abre com",
    "mã pin", "kode pemulihan", "kod odzyskiwania",
    "kod zapasowy", "herstelcode", "wiederherstellungscode", "code de récupération",
    "código de recuperación", "código de recuperação", "код восстановления",
    "код відновлення", "koden", "kod", "kód", "koodi", "kode", "пин", "ikhodi", "ፒን", "ፒኑ",
    *_ONE_TIME_CODE_WORDS,
)  # fmt: skip
_KEY_WORDS = (
    "token", "api key", "api-key", "api_key", "apikey", "access key", "secret key",
    "secret", "client secret", "shared secret", "signing secret", "webhook secret",
    "private key", "key", "login", "credentials", "creds", "token de", "clé", "chave",
    "chiave", "sleutel", "klucz", "anahtar", "kunci", "ключ", "токен", "секрет",
    "密钥", "秘钥", "令牌", "トークン", "シークレット", "秘密鍵", "토큰", "시크릿", "टोकन",
    "geheimnis", "schlüssel", "secreto", "segredo", "segreto", "sekret", "rahasia",
    "bí mật", "khóa", "gizli anahtar", "سر", "مفتاح", "رمز", "סוד", "ufunguo", "siri",
    "iccitii waliin qoodame", "community",
)  # fmt: skip
_WORDS = _PASSWORD_WORDS + _PHRASE_WORDS + _CODE_WORDS + _KEY_WORDS
_KIND = {
    **{w: "key" for w in _KEY_WORDS},
    **{w: "code" for w in _CODE_WORDS},
    **{w: "password" for w in _PASSWORD_WORDS},
    **{w: "phrase" for w in _PHRASE_WORDS},
}
_WORD = re.compile(alternation(_WORDS), re.IGNORECASE)


def _ascii_form(word: str) -> str | None:
    """The lower-case ASCII text ``word`` matches under IGNORECASE (the long s is an ``s``,
    the Kelvin sign a ``k``), or None when no ASCII text matches it."""
    letters = []
    for char in word:
        if char.isascii():
            letters.append(char.lower())
        elif _ANY_ASCII.fullmatch(char) is None:
            return None
        else:
            same = re.compile(re.escape(char), re.IGNORECASE)
            letters.append(next(a for a in _ASCII if same.fullmatch(a)).lower())
    return "".join(letters)


_ANY_ASCII = re.compile("[\x00-\x7f]", re.IGNORECASE)
_ASCII = [chr(c) for c in range(128)]
# The words an ASCII text can hold, for the text lowered (which keeps every position): a
# pattern without IGNORECASE runs three times faster, and most text is ASCII.
_ASCII_WORD = re.compile(alternation(f for w in _WORDS if (f := _ascii_form(w)) is not None))
_LETTER = re.compile(r"[^\W\d_]")
_SPACELESS = re.compile("[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
# One or two Hebrew or Arabic clitics (the article, "and", "in", "to", "from", "that") joined
# to the word they lead, at a word's start.
_CLITICS = re.compile(
    r"(?<![^\W\d_])(?:[\u05d4\u05d5\u05d1\u05dc\u05de\u05e9\u05db]{1,2}"
    r"|[\u0648\u0641\u0628\u0644\u0643]?\u0627\u0644|[\u0648\u0641\u0628\u0644\u0643])\Z"
)
# A value is looked for in the rest of the clause, this far.
WINDOW = 90
_PHRASE_WINDOW = 160
CLAUSE_END = re.compile(r"[.;!?。！？](?:\s|$)|\n|[。！？]")


def clause_end(text: str, start: int, reach: int) -> int:
    """Where the clause running from ``start`` ends: at its stop or its line's end, at most
    ``reach`` characters on."""
    stop = CLAUSE_END.search(text, start, start + reach)
    return stop.start() if stop is not None else min(len(text), start + reach)


def clause_spans(
    text: str,
    reach: int,
    find: Callable[[str, int, int], tuple[int, int] | None],
    keys: frozenset[str] = frozenset(),
) -> list[tuple[int, int]]:
    """The spans ``find`` gives in the clause after each password, passphrase or code word
    of ``text`` (not a key word, but those of ``keys``): ``find(text, after_the_word,
    clause_end)``, the clause at most ``reach`` characters long; a word inside a clause that
    gave a span is passed over."""
    spans: list[tuple[int, int]] = []
    done = 0
    for m, kind in named_credentials(text):
        if (kind == "key" and m.group().lower() not in keys) or m.end() < done:
            continue
        end = clause_end(text, m.end(), reach)
        if (found := find(text, m.end(), end)) is not None:
            spans.append(found)
            done = end
    return spans


# Words that say where a credential lives or what else is meant: the look for a value ends.
# What a credential word names a kind of when it comes right after it, with no separator
# ("the login nodes are hekla-login1 and …", "the token server is …"): no value follows.
_COMPOUND_HEADS = frozenset(
    (
        "node", "nodes", "shell", "shells", "page", "pages", "screen", "screens", "server",
        "servers", "host", "hosts", "form", "forms", "button", "buttons", "banner", "prompt",
        "prompts", "flow", "flows", "window", "dialog", "portal", "attempts", "history",
        "service", "services", "endpoint", "endpoints", "machine", "machines",
    )
)  # fmt: skip
_NEXT_WORD = re.compile(r" ([^\W\d_]+)")


def names_a_kind(text: str, end: int) -> bool:
    """Whether the credential word ending at ``end`` names a kind of thing: a noun of
    :data:`_COMPOUND_HEADS` right after it, one space apart."""
    found = _NEXT_WORD.match(text, end)
    return found is not None and found.group(1).lower() in _COMPOUND_HEADS


STOPS = frozenset(
    (
        "stored", "store", "stores", "lives", "live", "living", "kept", "keeps", "vault",
        "manager", "1password", "bitwarden", "lastpass", "keepass", "fingerprint", "id",
        "ids", "alias", "arn", "name", "path", "prefix", "length", "policy", "policies",
        "format", "header", "field", "variable", "env", "kcv", "check", "rotation",
        "rotate", "rotated", "rotates", "expires", "expiry", "ttl", "hash", "hashed",
        "digest", "checksum", "version", "scope", "scopes", "permission", "permissions",
        "role", "type", "issuer", "endpoint", "url", "uri", "file", "via", "from",
        "reference", "ref", "sha", "sha256", "public", "publishable", "test", "example",
        "sample", "dummy", "placeholder", "masked", "redacted", "rules", "requirements",
        "must", "should", "needs", "need", "every", "each", "characters", "chars", "digits",
        "days", "hours", "minutes", "weeks", "months", "least", "expired", "revoked",
        "refreshed", "renewed",
        "hashing",
    )
)  # fmt: skip
# What separates a word from its value: a copula (the colon and "=" are read apart).
COPULAS = frozenset(
    (
        "is", "are", "was", "es", "est", "ist", "lautet", "é", "è", "e", "är", "er", "ass",
        "ke", "là", "adalah", "это", "—", "–", "是", "为", "は", "는", "은", "dha", "ni",
        "been", "became", "becomes", "wird", "wurde", "sera", "será", "fue", "foi",
        "devient", "diventa", "stata", "stato", "teraz", "jest",
    )
)  # fmt: skip
# Words prose uses often ("pass the tests", "exit code 3", "a combination of caching and
# batching", "the phrase in the title", "security code review", "the login code path"),
# and the word for a code in other languages (Swedish "koden finns i repot"): their value
# follows at once or after a separator, as a key word's does.
_WEAK = frozenset(
    (
        "code", "pass", "combination", "combo", "koden", "kod", "kód", "koodi", "kode",
        "kombination", "kombinationen", "kombinasjon", "kombinasjonen", "combinaison",
        "combinación", "combinacion", "combinazione", "combinação", "combinacao",
        "combinatie", "kombinacja", "kombinace", "kombinácia", "комбинация", "комбінація",
        "yhdistelmä", "kombinasyon", "kombinasi", "combinație",
        "security code", "auth code", "login code", "sms code",
    )
)  # fmt: skip
# A word prose uses for much else ("use the phrase 'on hold'"): its value follows only a
# separator, a colon or a copula.
_SEPARATED = frozenset(("phrase",))
# Words before a key word that make it no secret (Italian's "parole chiave" are keywords).
_NOT_SECRET = frozenset(
    (
        "public", "publishable", "primary", "foreign", "sort", "partition", "cache",
        "idempotency", "composite", "unique", "host", "license", "licence", "test",
        "sandbox", "dedup", "deduplication", "routing", "lookup", "map", "dictionary",
        "error", "exit", "status", "return", "response", "source", "zip", "postal", "country",
        "area", "airport", "language", "colour", "color", "reason", "qr", "bar", "sample",
        "zdrojový", "zdrojovy", "parole",
    )
)  # fmt: skip
# Words before "code" that make it a code that classifies or routes (a tax code, a bank's or
# a branch's code, a currency's, a tariff's, a product's), an identifier printed on forms and
# files, spaced or a constant's part (``BANK_CODE``): a PIN or a password after them is still
# one (``bank PIN``, ``tax portal password``).
_CLASSIFYING = frozenset(
    ("tax", "bank", "branch", "currency", "tariff", "product", "swift", "bic", "iso", "vat",
     "region", "cost", "nace", "sic", "naics", "ifsc", "hsn", "sac", "sort", "routing",
     "clearing")
)  # fmt: skip
_CLASSIFIED = frozenset(("code", "codes", "kod", "kód", "kode", "koodi"))
# Words after a code word that make it no secret, in languages that put the adjective or the
# genitive after the noun: source code, an error's code, a post code, a bar code, a country's
# (``kod źródłowy``, ``kod błędu``, ``kód chyby``, ``codice fiscale``, ``code postal``,
# ``код помилки``, ``رمز الخطأ``, ``קוד שגיאה``).
_NOT_SECRET_AFTER = frozenset(
    (
        "źródłowy", "źródłowego", "zrodlowy", "błędu", "bledu", "pocztowy", "kreskowy",
        "kraju", "chyby", "fiscale", "postal", "source", "d'erreur",
    )
)  # fmt: skip
# An error's code, the word for the error after the word for the code (``код помилки``,
# ``رمز الخطأ``, ``קוד שגיאה``) or before it (``hata kodu``, ``klaidos kodas``, ``त्रुटि
# कोड``): a code word only (``Пароль помилки`` is still a password's word).
_CODE_NOUNS = frozenset(
    ("code", "codes", "kod", "kód", "kode", "koda", "kodu", "kodas", "kods", "codi", "koodi",
     "код", "кода", "كود", "رمز", "کد", "קוד", "कोड")
)  # fmt: skip
_ERROR_AFTER = frozenset(
    ("помилки", "ошибки", "грешка", "грешката", "greške", "pogreške", "napake", "الخطأ",
     "خطأ", "خطا", "خطای", "שגיאה", "השגיאה")
)  # fmt: skip
_ERROR_BEFORE = frozenset(
    ("hata", "klaidos", "kļūdas", "त्रुटि", "virhe", "fejl", "chybový", "chybovy", "chybová",
     "chybové")
)  # fmt: skip
# The same after a preposition, in languages that name an error's code so (``código de
# erro``, ``codice di errore``, ``cod de eroare``, ``código de barras``).
_NOT_SECRET_AFTER_OF = frozenset(
    ("erro", "error", "errore", "eroare", "erreur", "falha", "fallo", "barras", "estado")
)
_OF = frozenset(("de", "di", "do", "da", "del"))
# Words before "key" that make it an id: a GPG key is named by its id (its passphrase is
# a secret).
_KEY_ID = frozenset(("gpg", "pgp"))
# Words before "pin" that make it a verb (``we pin numpy to 1.26``, ``to pin the SDK``).
_PIN_VERB = frozenset(
    ("we", "i", "you", "they", "to", "will", "should", "must", "always", "never", "also",
     "please", "don't", "dont", "can", "still", "and")
)  # fmt: skip
# Words after "pin" that make it a verb with its object (``pin it by digest``, ``pin them``).
_PIN_OBJECTS = frozenset(("it", "them", "this", "that", "these", "those", "everything"))
# A word of a value: scripts written without spaces end it (``は16文字以上`` holds ``16``).
TOKEN = re.compile(r"[^\s\u3001\u3002\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff0c\uff1a]+")
TRIM = "\"'`«»“”‘’„「」『』《》〈〉‚()[]{}<>.,;:!?。、，：।"
# An apostrophe between letters elides ("à l'accueil de l'entrepôt"): it opens no quote.
_QUOTED = re.compile(
    r"(?:[\"`«“„「『‘]|(?<![^\W\d_])')(?P<v>[^\"'`»”“」』’\n]{3,120})[\"'`»”“」』’]"
)
_UUID = re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")
_VERSION = re.compile(r"v?\d+(?:\.\d+)+(?:[-+.]?[0-9A-Za-z.]+)?", re.IGNORECASE)
_DATE = re.compile(r"(?:1[89]|2\d)\d\d-[01]\d(?:-[0-3]\d)?(?:T[\d:]+Z?)?|\d{1,2}/\d{1,2}/\d{2,4}")
# A code typed in groups of digits (``4471-90``, ``12 34 56``).
_DIGIT_GROUPS = re.compile(r"\d{2,6}(?:[- ]\d{2,6}){1,3}")
# A product or standard's name with its number: SHA256, AES-256, OAuth2, 1Password, PKCS#11.
_TECH_NAME = re.compile(r"[A-Za-z]{1,12}[-_ #]?\d{1,5}[A-Za-z]{0,2}|\d{1,4}[A-Za-z]{2,12}")
# Capitals run inside lower-case letters (``pOBRn4IC``, ``kQZTm7``): drawn, not a name's case
# (``iPhone15``, ``macOS14``, ``GeForce4``).
_DRAWN_CASE = re.compile(r"[a-z][A-Z]{2,}[a-z]")
_TICKET = re.compile(r"[A-Z][A-Z0-9]{0,9}-\d{1,6}")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_RARE_SYMBOL = re.compile(r"[|{}#@$%&!*^~+=\\]")
_FILE = re.compile(
    r"[\w./-]+\.(?:py|sh|ts|js|json|ya?ml|toml|env|md|txt|conf|cfg|ini|pem|key|p12|pfx|jks|p8"
    r"|crt|cer|der|kdbx)"
)
PROSE_WORDS = frozenset(
    (
        "a", "an", "the", "this", "that", "it", "its", "is", "are", "was", "be", "not", "and",
        "or", "but", "if", "for", "of", "on", "in", "at", "to", "from", "by", "with", "as",
        "our", "your", "their", "my", "we", "you", "they", "i", "must", "should", "will",
        "can", "may", "do", "does", "has", "have", "never", "always", "der", "die", "das",
        "ist", "el", "la", "los", "las", "es", "en", "le", "les", "est", "um", "uma", "na",
        "no", "il", "di", "het", "de", "een", "och", "är", "för", "till", "y", "e", "et",
        "und", "para", "por", "con", "que",
    )
)  # fmt: skip


def _isolated(text: str, start: int, end: int) -> bool:
    """Whether the word at ``text[start:end]`` stands alone: no letter joined before it, and
    none after it (a plural or a longer word is not the credential word); an acronym
    hyphenated to a noun ends a compound that names it (``Tür-PIN``). In Hebrew and Arabic
    the article and one-letter prepositions and conjunctions are written joined to the word
    they lead (``הסיסמה``, ``والرمز``): the word stands alone behind them."""
    if _SPACELESS.match(text[start]):
        return True  # a script written without spaces: words run into each other
    if _CLITICS.search(text, max(0, start - 3), start) is not None:
        return not (end < len(text) and _LETTER.match(text[end]))  # ``הסיסמה``: "the password"
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    # A compound ending in a credential's acronym is one (``Tür-PIN``).
    acronym = (
        before == "-" and text[start:end].isupper() and _LETTER.match(text[start - 2 : start - 1])
    )
    joined = _LETTER.match(text[start]) and (before.isalnum() or before in "-_")
    if joined and not acronym and not _name_tail(text, start, end):
        return False  # a longer word's part, a name (``1Password``)
    if after == "_" and _LETTER.match(text[end + 1 : end + 2]):
        return False  # a name's part in code: ``key_id``, ``token_hex``
    return not (_LETTER.match(text[end - 1]) and _LETTER.match(after))


def _name_tail(text: str, start: int, end: int) -> bool:
    """Whether the word at ``text[start:end]`` ends a variable's name that it makes a
    credential's: after ``_`` (``rtu_web_pass``), or of five letters or more at a camel-case
    step (``adminPassword``) or ending a name in capitals (``PGPASSWORD``). A digit before
    it is a product's name (``1Password``); a short word inside a word is another word
    (``bypass``, ``HOTKEY``)."""
    before = text[start - 1]
    name = start
    while name > 0 and (text[name - 1].isalnum() or text[name - 1] == "_") and start - name < 40:
        name -= 1
    if text[name - 1 : name] in ("$", "{") or text.endswith("[redacted:", 0, name):
        return False  # a variable's value read elsewhere (``${REDIS_PASSWORD}``), a marker
    if before == "_":
        return _LETTER.match(text[start - 2 : start - 1]) is not None
    if end - start < 5 or not before.isalpha():
        return False
    if text[start].isupper() and before.islower() and text[start + 1 : end].islower():
        return True
    head = start
    while head > 0 and text[head - 1].isalpha() and start - head < 20:
        head -= 1
    return text[head:end].isupper() and (head == 0 or not text[head - 1].isalnum())


# What a percent sign opens that is no value: a slot closed by another (``%APPDATA%``), a
# format's (``%s``, ``%-8.2f``, ``%(name)s``), a URL's escaped byte (``%2F``).
_SLOT_PERCENT = re.compile(
    r"%.*%|%[-+ 0#]*(?:\d+|\*)?(?:\.\d+)?[hlLqjzt]*[sdifFxXeEgGcrpuoa]|%\(\w+\)\w|%\{[\w.]+\}"
    r"|.*%[0-9A-Fa-f]{2}.*"
)
# A shell variable as its syntax writes it (``$HOME``, ``${DB_PASS}``, ``$(cmd``): a token
# that opens with "$" and holds what no name does (``$Kx9!mQ#42``) may be a password.
_VARIABLE = re.compile(r"\$\{?\w+\}?[\w.-]*|\$\(.*")


def value_like(token: str, kind: str) -> bool:
    """Whether a token (its surrounding punctuation trimmed) reads as a credential's value."""
    if (
        len(token) < 4
        or any(c.isspace() for c in token)
        or "://" in token
        or _EMAIL.fullmatch(token)
        or _FILE.fullmatch(token)
    ):
        return False
    if token.startswith("%") and not _SLOT_PERCENT.fullmatch(token):
        token = token[1:]  # a value that opens with a percent sign (``%KXet@xid…``)
    if token.startswith(("-", "%", "{", "<", "/", "~")) or _VARIABLE.fullmatch(token):
        return False  # an option, a variable, a template's slot, a path
    if _CALL.match(token) or (_ATTRIBUTE.fullmatch(token) and "_" in token):
        return False  # code: a call (``secrets.token_hex(8)``), an attribute (``row.key_id``)
    if _VERSION.fullmatch(token) or _DATE.fullmatch(token):
        return False
    if _TECH_NAME.fullmatch(token) and not _DRAWN_CASE.search(token):
        return False
    if _TICKET.fullmatch(token):
        return False  # an issue, a ticket, a quarter: PR-4521, EMB-1999, Q3-2027
    if unit_or_shortcut(token):
        return False  # a count and its unit ("6-digit", "90-day"), keys pressed together
    if example_iban(token):
        return False  # the IBAN registry's example: no one's account, no one's password
    if _UUID.search(token):
        return True
    keyed = token.rstrip("#*")  # a code typed on a keypad ends with its key: ``4471#``
    if keyed.isdigit() or _DIGIT_GROUPS.fullmatch(keyed):
        return kind in ("code", "password") and 4 <= sum(c.isdigit() for c in token) <= 12
    digits = any(c.isdigit() for c in token)
    letters = _LETTER.search(token) is not None
    if letters and digits and len(token) >= 6:
        return True
    if _random_case(token) or _BASE32.fullmatch(token):
        return True
    return letters and len(token) >= 8 and _RARE_SYMBOL.search(token[1:-1]) is not None


# A drawn code of one case (an authenticator's base32 setup key): sixteen or more capitals
# and the digits 2 to 7, longer than the words and constants that stand where a value does.
_BASE32 = re.compile(r"[A-Z2-7]{16,}")

# Code read in raw material: a call, and an attribute of snake-case names.
_CALL = re.compile(r"[A-Za-z_][\w.]*\(")
_ATTRIBUTE = re.compile(r"[a-z_]\w*(?:\.[a-z_]\w*)+")
_CASE_SWITCH = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[a-z])")


def _random_case(token: str) -> bool:
    """Letters whose case changes as a drawn key's does (``FlGFcAQoxmc``), not as words
    joined do (``PostgreSQL``, ``McKinsey``): eight or more, the case changing four times
    or more, most of them in no run that reads as a word."""
    if len(token) < 8 or not token.isascii() or not token.isalpha():
        return False
    if len(_CASE_SWITCH.findall(token)) < 4:
        return False
    in_words = sum(
        len(run)
        for run in _WORDY_RUN.findall(token)
        if sum(c in "aeiouAEIOU" for c in run) >= 0.25 * len(run)
    )
    return in_words < 0.5 * len(token)


def _phrase(words: list[re.Match[str]], at: int) -> tuple[int, int] | None:
    """The span of three words or more of letters from ``words[at]`` on, or None (words
    ending in a colon name what the value is for: none of them is the value)."""
    run: list[re.Match[str]] = []
    for m in words[at:]:
        bare = m.group().strip(TRIM)
        if not bare.isalpha() or bare.lower() in PROSE_WORDS or bare.lower() in STOPS:
            break
        if m.group()[-1:] in ":=：":
            return None  # a label (``rail EDI ssh key:``): its value follows the colon
        run.append(m)
        if m.group()[-1:] in ".;!?。":
            break
    if len(run) < 3:
        return None
    return run[0].start(), run[-1].end()


# Words a quoted value needs at least to be taken whole after a word of each kind: a quote
# says where a value begins and ends, so a passphrase of plain words is read by its quotes
# (``opens with 'ferry lantern …'``, ``code word is '…'``).
_QUOTED_WORDS = {"phrase": 2, "password": 3, "code": 3}


# Letters of one word after a password word's colon in raw material: longer than a word of
# prose (``"password": "required"``), words run together (``straddlecarrierpineapple``).
_JOINED_WORD = 16
# Capitalised words joined the way a password is typed (``Tarmac-Loquat``): right after a
# password word in raw material, or one word after it (``starts``, not ``for``), a value,
# number or not (``Passwort für den Staging-Server`` names a server).
_JOINED_CAPITALS = re.compile(r"[A-Z][a-z]{2,20}(?:[-_][A-Z][a-z]{2,20}){1,4}")


def _after_word(
    text: str, end: int, kind: str, weak: bool, *, raw: bool = False, strict: bool = False
) -> tuple[int, int] | None:
    """The span of a value in the clause after a credential word ending at ``end``
    (``weak``: a word prose uses often, whose value follows it at once or after a
    separator; ``strict``: only after a separator). A colon after a passphrase word, or
    after the name of what it opens, announces the rest of the clause (``passphrase on the
    box: copper gull drifts past the silo``). ``raw``: the text is raw material, where a
    password word's colon announces one word of letters longer than prose has (``pw, all
    lowercase: straddlecarrierpineapple``) and capitalised words joined are its value, number or not
    (``password starts Tarmac-Loquat``)."""
    # A passphrase word's colon may come after a long name of what it is for.
    window = text[end : end + (_PHRASE_WINDOW if kind == "phrase" else WINDOW)]
    if raw and kind == "password" and (assigned := _ASSIGNED.match(window)) is not None:
        return end + assigned.start("v"), end + assigned.end("v")  # ``adminPassword='…'``
    stop = CLAUSE_END.search(window, 1)
    if stop is not None:
        window = window[: stop.start() + 1]
    quoted = _QUOTED.search(window)
    words = list(TOKEN.finditer(window))
    weak = weak or strict
    separated = False
    first = qualified = 0
    for i, m in enumerate(words):
        bare = m.group().strip(TRIM)
        if bare.lower() in STOPS or "[redacted:" in m.group():
            return None  # a stop word; the word's value, already cut
        if i == 0 and names_a_kind(text, end):
            return None  # the word names a kind of thing: "the login nodes are …"
        after_colon = i > 0 and words[i - 1].group()[-1:] in ":=："
        if _SLOT.search(m.group()) or _SUBSCRIPT.match(bare):
            continue  # code: a template's slot (``{key_id!r}``), an index (``pair[1]``)
        if kind in ("code", "password") and (digits := _SAID_DIGITS.match(window, m.start())):
            return end + digits.start(), end + digits.end()  # a weak word's too: digits said
        if weak and not separated and (i > 0 or strict or bare.lower() in COPULAS):
            # A word prose uses often ("the key insight in PR-4521"): its value follows it
            # at once or after a separator.
            separated = bare.lower() in COPULAS or after_colon
            if not separated:
                continue
            first = i if after_colon else i + 1
        elif (
            separated
            and i == first
            and qualified < _QUALIFIERS
            and _qualifier(m.group())
            and not _SPOKEN_CODE.match(window, m.start())  # "sieben drei …": digits said
        ):
            # "is now", "is still", "was changed to", "ist jetzt": the value comes after.
            first, qualified = first + 1, qualified + 1
            continue
        elif raw and kind == "key" and separated and i > first:
            return None  # in raw material a key word's value is the word after its separator
        if quoted is not None and quoted.start() <= m.start() < quoted.end():
            value = quoted.group("v").strip()
            said = value.split()
            several = len(said) >= _QUOTED_WORDS.get(kind, 99) and all(map(_LETTER.search, said))
            if several or value_like(value, kind):
                return end + quoted.start("v"), end + quoted.end("v")
        if kind in ("code", "password") and (
            spoken := _SPOKEN_CODE.match(window, m.start()) or _SPACED_CODE.match(window, m.start())
        ):
            return end + spoken.start(), end + spoken.end()  # ``7 3 0 9``, ``604 218``
        given = i == 0 or after_colon or _given(words, i)
        at = end + m.start() + m.group().find(bare)
        if extension_number(text, at, at + len(bare)):
            continue  # a telephone extension ("call the service desk on ext. 2200")
        if (
            value_like(bare, kind)
            or (kind in ("password", "phrase") and _JOINED_WORDS.fullmatch(bare))
            or (kind == "password" and given and _TYPED_WORD.fullmatch(bare))
        ):
            lead = m.group().find(bare)
            return end + m.start() + lead, end + m.start() + lead + len(bare)
        if kind == "phrase" and after_colon and (rest := _rest(words, i)) is not None:
            return end + rest[0], end + rest[1]
        if after_colon and (spaced := _spaced_value(words, i)) is not None:
            return end + spaced[0], end + spaced[1]
        typed = bare.isalpha() and len(bare) >= _JOINED_WORD and after_colon
        next_to = i == 0 or (i == 1 and words[0].group().lower() not in PROSE_WORDS)
        joined = next_to and _JOINED_CAPITALS.fullmatch(bare) is not None
        if raw and kind == "password" and (typed or joined):
            lead = m.group().find(bare)
            return end + m.start() + lead, end + m.start() + lead + len(bare)
        if kind == "phrase" and (found := _phrase(words, i)) is not None:
            return end + found[0], end + found[1]
    return None


# A quoted value assigned to a password's name in raw material (``--set adminPassword='…'``):
# whatever its shape, a variable or a template's slot aside.
_ASSIGNED = re.compile(r"""[ \t]*=[ \t]*(["'])(?P<v>[^"'\s$%{<]{6,120})\1""")
# Words joined by hyphens the way a passphrase is typed (``harbour-lantern-quarry-moss``):
# four words or more, after a password or passphrase word.
_JOINED_WORDS = re.compile(
    r"[^\W\d_]{3,12}(?P<by>[-.])[^\W\d_]{3,12}(?:(?P=by)[^\W\d_]{3,12}){2,6}"
)
# A code read out: single digits spaced (``7 3 0 9``) or digits said as words
# (``one-nine-eight-four``, ``sieben drei null neun``, ``sapte trei zero nouă``), four to
# twelve of them (:data:`~daemon.base.digit_words.DIGIT_WORDS`).
_DIGIT_WORD = alternation(DIGIT_WORDS)
_SPOKEN_CODE = re.compile(
    rf"(?:\d(?: \d){{3,11}}|(?:{_DIGIT_WORD})(?:[- ](?:{_DIGIT_WORD})){{3,11}})(?![\w-])",
    re.IGNORECASE,
)
# Digits said as words only: a code read out, whatever word before it (prose says a number
# in one word, not digit by digit: ``koodi on kuusi kaksi yhdeksän``, ``Kombination sieben
# drei null``), or listed between commas (``cuatro, ocho, dos, seis``).
_SAID_DIGITS = re.compile(
    rf"(?:{_DIGIT_WORD})(?:(?:[- ](?:{_DIGIT_WORD})){{3,11}}|(?:, ?(?:{_DIGIT_WORD})){{3,11}})"
    r"(?![\w-])",
    re.IGNORECASE,
)
# A code typed in groups of digits spaced (``604 218``, ``8810 2241``, ``30 91 77``): six
# digits or more, as an authenticator app or a text message shows it.
_SPACED_CODE = re.compile(r"(?:\d{3,4}(?: \d{3,4}){1,2}|\d\d(?: \d\d){2,5})(?![\w-])")
# A word typed with a number after it (``loonsong1982``, ``MoonBeam2024``): a product's name
# has that shape too (``Postgres16``), so it is a value only right after a copula, a colon or
# the word.
_TYPED_WORD = re.compile(r"[A-Za-z][a-z]{4,19}\d{2,4}|(?:[A-Z][a-z]{2,12}){2,3}\d{2,4}")
# A code typed on a keypad, ending with its key (``58204173#``).
_KEYPAD = re.compile(r"(?<![\w#*])\d{4,12}[#*](?![\w#*])")
# Words between a copula and its value: "is now", "was changed to", "has been set to".
_QUALIFIERS = 3
_SLOT = re.compile(r"\{[A-Za-z_][\w.]{0,60}(?:![rsa])?(?::[^{}\s;]{0,20})?\}")
_SUBSCRIPT = re.compile(r"[A-Za-z_]\w*\[")


# Verbs of change, and the prepositions after them, that give a value as a copula does
# (``mudou para``, ``changed to``, ``veranderd in``, ``diganti jadi``, ``άλλαξε σε``).
_CHANGED = frozenset(
    (
        "changed", "set", "reset", "updated", "mudou", "mudada", "alterada", "alterado",
        "cambió", "cambiada", "cambiado", "changé", "changée", "modifié", "modifiée",
        "geändert", "gesetzt", "veranderd", "gewijzigd", "zmienione", "zmieniono",
        "zmieniłem", "ändrat", "ändrades", "ändrade", "diganti", "diubah", "đổi", "άλλαξε",
        "άλλαξα", "изменён", "изменен", "сменили", "змінено", "змінив", "cambiata",
        "cambiato", "schimbată", "schimbat",
    )
)  # fmt: skip
_INTO = frozenset(
    ("to", "into", "para", "a", "en", "pour", "in", "auf", "zu", "na", "till", "jadi",
     "menjadi", "thành", "σε", "на", "în")
)  # fmt: skip


def _given(words: list[re.Match[str]], at: int) -> bool:
    """Whether the word before ``words[at]`` gives it as a value: a copula, a verb of change
    (``set``), or a verb of change and its preposition (``mudou para``)."""
    before = words[at - 1].group().lower()
    if before in COPULAS or before in _CHANGED:
        return True
    return at > 1 and before in _INTO and words[at - 2].group().lower() in _CHANGED


def _qualifier(word: str) -> bool:
    """Whether ``word`` reads as an adverb or a verb of change between a copula and a value
    (``now``, ``still``, ``changed``, ``to``, ``jetzt``, ``maintenant``): a short lower-case
    word of letters, in any script with case, that says nothing of where a value lives."""
    return word.isalpha() and word.islower() and len(word) <= 12 and word not in STOPS


_SPACED_WORDS = 6


def _spaced_value(words: list[re.Match[str]], at: int) -> tuple[int, int] | None:
    """The span of the rest of the clause from ``words[at]`` when it reads as a password
    typed with spaces (``Spreader Bar & Kiwi 9!``): a few words holding a capital, a digit
    and a symbol prose does not use, and none of prose's small words, or None."""
    run = words[at:]
    said = " ".join(m.group() for m in run)
    if not 2 <= len(run) <= _SPACED_WORDS or "[redacted:" in said:
        return None
    if not (any(c.isdigit() for c in said) and any(c.isupper() for c in said)):
        return None
    if _RARE_SYMBOL.search(said) is None or any(m.group().lower() in PROSE_WORDS for m in run):
        return None  # no symbol, or a sentence ("use 2 words & a symbol")
    last = run[-1]
    return run[0].start(), last.end()


def _rest(words: list[re.Match[str]], at: int) -> tuple[int, int] | None:
    """The span of the words from ``words[at]`` to the clause's end, two words of letters
    (and digits) at least, or None: what a colon after a passphrase word announces."""
    run = words[at:]
    bare = [m.group().strip(TRIM) for m in run]
    if len(run) < 2 or not all(b.isalnum() for b in bare) or any("[" in m.group() for m in run):
        return None
    last = run[-1]
    return run[0].start(), last.start() + last.group().find(bare[-1]) + len(bare[-1])


#: Texts up to this long keep their credential words for the next rule that asks.
_KEPT_CHARS = 64 * 1024


def _credential_words(text: str) -> tuple[re.Match[str], ...]:
    """The credential words of ``text`` (ASCII text read lowered, see :data:`_ASCII_WORD`),
    but a redaction marker's kind (it announces nothing) and a word after one that makes it
    no secret (a public key, a primary key, an idempotency key) or before one (``kod
    źródłowy``, source code; ``código de erro``, an error's; ``tax code``, a code that
    classifies), and a "pin" that is a verb (``we pin numpy to 1.26``, ``pin it by
    digest``). One redaction asks for them from several rules (announced values, values in
    the word's sentence, plain values, values given apart): those of the last few texts of
    :data:`_KEPT_CHARS` at most are kept (a big tool output is read again rather than
    held)."""
    return _kept_words(text) if len(text) <= _KEPT_CHARS else _read_words(text)


@functools.lru_cache(maxsize=16)
def _kept_words(text: str) -> tuple[re.Match[str], ...]:
    return _read_words(text)


# A log line's field (logfmt): a name, ``=`` and a value up to the next space or quote.
_LOG_FIELD = re.compile(r"(?<![^\s])[A-Za-z_][\w.-]{0,40}=(?:\"[^\"\n]{0,200}\"|[^\s=]+)")
_LOG_FIELDS = 3  # fields on the line at least, the code's own among them
_LOG_REACH = 300  # characters of the line read on either side of the code word


def _log_field(text: str, start: int, end: int) -> bool:
    """Whether the code word at ``text[start:end]`` names a field of a log line
    (``status=REJECT code=ER-0217 msg=…``): assigned with ``=`` on a line of
    :data:`_LOG_FIELDS` such fields or more, a status's or an error's code among them."""
    if text[end : end + 1] != "=" or (start and not text[start - 1].isspace()):
        return False
    line_start = text.rfind("\n", max(0, start - _LOG_REACH), start) + 1
    line_end = text.find("\n", end, end + _LOG_REACH)
    line_start = max(line_start, start - _LOG_REACH)
    line_end = min(len(text), end + _LOG_REACH) if line_end < 0 else line_end
    return len(_LOG_FIELD.findall(text, line_start, line_end)) >= _LOG_FIELDS


# A placeholder's variable around a word: opened by ``${``, ``{{``, ``<`` or ``%`` and
# closed by ``}``, ``>`` or ``%`` (``${DB_PASS}``, ``<DB_PASSWORD>``, ``{{ .RabbitPassword }}``).
_SLOT_OPENS = re.compile(r"(?:\$\{|\{\{[ \t]*\.?|<|%)[\w.-]{0,40}\Z")
_SLOT_CLOSES = re.compile(r"[\w.-]{0,40}[ \t]*[}>%]")
# A value a command makes (``="$(openssl rand …)"``): no value written.
_SUBSTITUTED = re.compile(r"[=:]?[ \t]*[\"']?\$\(")


def in_placeholder(text: str, start: int, end: int) -> bool:
    """Whether the credential word at ``text[start:end]`` is in a placeholder's variable
    (``${DB_PASS}``, ``<DB_PASSWORD>``): it names a slot, and what follows the slot (a host,
    a port) is no value of it."""
    return (
        _SLOT_OPENS.search(text, max(0, start - 44), start) is not None
        and _SLOT_CLOSES.match(text, end) is not None
    )


def _classifying(text: str, start: int, prior: str) -> bool:
    """Whether the code word at ``start`` follows a word that makes it a code that classifies
    or routes (:data:`_CLASSIFYING`): ``prior``, the word before it, or a constant's part
    joined to it (``BANK_CODE``)."""
    if start > 1 and text[start - 1] == "_":
        head = _WORD_START.search(text, max(0, start - 21), start - 1)
        return head is not None and head.group().lower() in _CLASSIFYING
    return prior in _CLASSIFYING


def _of_an_error(prior: str, following: str) -> bool:
    """Whether a code word between ``prior`` and ``following`` names an error's code."""
    return following in _ERROR_AFTER or prior in _ERROR_BEFORE


def _read_words(text: str) -> tuple[re.Match[str], ...]:
    said = _ASCII_WORD.finditer(text.lower()) if text.isascii() else _WORD.finditer(text)
    found: list[re.Match[str]] = []
    for m in said:
        before = text[max(0, m.start() - 20) : m.start()].split()
        prior = before[-1].strip(TRIM).lower() if before else ""
        after = text[m.end() : m.end() + 30].split(maxsplit=2)
        following = after[0].strip(TRIM).lower() if after else ""
        of = following in _OF and len(after) > 1
        if m.group().lower() in _CLASSIFIED and _classifying(text, m.start(), prior):
            continue
        if m.group().lower() in _WEAK and _log_field(text, m.start(), m.end()):
            continue
        if m.group().lower() == "unlock" and text[m.start() - 1 : m.start()] == "-":
            continue  # a command's name (``terraform force-unlock <lock id>``)
        if in_placeholder(text, m.start(), m.end()):
            continue  # ``${DB_PASS}@host:5432``: a slot's name, no value after it
        if text.endswith("[redacted:", 0, m.start()) or (
            prior in _NOT_SECRET
            or (prior in _KEY_ID and m.group().lower() == "key")
            or (m.group().lower() == "pin" and (prior in _PIN_VERB or following in _PIN_OBJECTS))
            or following in _NOT_SECRET_AFTER
            or (m.group().lower() in _CODE_NOUNS and _of_an_error(prior, following))
            or (of and after[1].strip(TRIM).lower() in _NOT_SECRET_AFTER_OF)
            or adjective_secret(text, m.start(), m.end())
        ):
            continue
        found.append(m)
    return tuple(found)


# Thai, written without spaces between words: a word runs into the next.
_UNSPACED_SCRIPT = re.compile("[\u0e00-\u0e7f]")


def named_credentials(text: str) -> Iterator[tuple[re.Match[str], str]]:
    """The credential words of ``text`` that stand alone or end a compound naming one
    (``WLAN-Kennwort``, ``Servicecode``: :func:`_closed_compound`), each with its kind:
    ``password``, ``phrase``, ``code`` or ``key``."""
    for m in _credential_words(text):
        unspaced = _UNSPACED_SCRIPT.match(text, m.start()) is not None
        if unspaced or _isolated(text, m.start(), m.end()) or ends_compound(text, m.start()):
            yield m, _KIND.get(m.group().lower(), "key")
        elif (whole := _closed_compound(text, m)) is not None:
            yield whole, _KIND[m.group().lower()]


# The last parts of a compound written as one word that names a credential: a password's,
# whatever leads it (``Adminkennwort``, ``Routerpasswort``, ``beheerderswachtwoord``), and an
# access code's, led by what it opens or who uses it (:data:`_ACCESS_HEADS`): a source, error,
# status, bar or country code is none (``Quellcode``, ``Fehlercode``, ``källkoden``).
_CLOSED_PASSWORDS = frozenset(
    ("password", "passwort", "kennwort", "wachtwoord", "lösenord", "lösenordet", "passord",
     "passordet", "salasana", "heslo", "geslo")
)  # fmt: skip
_CLOSED_CODES = frozenset(("code", "kode", "koden", "kod", "koodi"))
# What an access code opens or who uses it, as the first part of a German, Dutch, Nordic or
# Finnish compound (a linking "s" read apart: ``Wartungs|code``).
_ACCESS_HEADS = frozenset(
    (
        # German
        "service", "wartung", "zugang", "zutritt", "tür", "tuer", "haustür", "tor",
        "garagentor", "eingang", "alarm", "alarmanlage", "tresor", "safe", "schließfach",
        "master", "admin", "administrator", "entsperr", "entsperrung", "freischalt",
        "freischaltung", "aktivierung", "geheim", "sperr", "notfall", "techniker", "errichter",
        "benutzer", "bediener", "geräte", "handy", "sim", "karten", "konto", "transaktion",
        "schloss", "zahlenschloss", "anmelde", "login", "wlan", "router",
        # Dutch
        "toegang", "deur", "poort", "onderhoud", "ontgrendel", "ontgrendeling", "kluis",
        "beheerder", "activering", "beveiliging", "inlog", "toestel",
        # Swedish, Norwegian, Danish
        "åtkomst", "dörr", "port", "larm", "upplåsning", "kassaskåp", "aktivering",
        "tilgang", "adgang", "dør", "opplåsing", "oplåsning", "innlogging",
        # Finnish
        "pääsy", "ovi", "hälytys", "huolto", "avaus", "lukitus", "pääkäyttäjä", "aktivointi",
        "palvelu",
        # English
        "door", "gate", "unlock",
    )
)  # fmt: skip
_WORD_START = re.compile(r"[^\W\d_]{1,40}\Z")
_WHOLE_WORD = re.compile(r"[^\W\d_]+")


def _closed_compound(text: str, m: re.Match[str]) -> re.Match[str] | None:
    """The whole word a credential word ``m`` ends when it closes a compound written as one
    word that names a credential (see :data:`_CLOSED_PASSWORDS`), or None."""
    stem = m.group().lower()
    if stem not in _CLOSED_PASSWORDS and stem not in _CLOSED_CODES:
        return None
    if m.end() < len(text) and _LETTER.match(text, m.end()):
        return None  # the word goes on: a longer word, a plural
    head = _WORD_START.search(text, max(0, m.start() - 40), m.start())
    if head is None or m.start() - head.start() < 2:
        return None
    first = head.group().lower()
    linked = first.endswith("s") and first[:-1] in _ACCESS_HEADS  # ``Wartungs|code``
    if stem in _CLOSED_CODES and first not in _ACCESS_HEADS and not linked:
        return None
    return _WHOLE_WORD.match(text, head.start(), m.end())


def _words(text: str, *, keys: bool = True, raw: bool = False) -> list[tuple[int, int]]:
    """The values after credential words (``keys``: after key words too: token, key,
    secret, login ..., which logs and code use for much else; ``raw``: see
    :func:`_after_word`), and after a compound written as one word that names one
    (:func:`_closed_compound`)."""
    spans: list[tuple[int, int]] = []
    for m in _credential_words(text):
        if not _isolated(text, m.start(), m.end()):
            if (whole := _closed_compound(text, m)) is not None:
                kind = _KIND[m.group().lower()]
                if found := _after_word(text, whole.end(), kind, False, raw=raw):
                    spans.append(found)
            continue  # a longer word's part
        kind = _KIND.get(m.group().lower(), "key")
        if kind == "key" and not keys:
            continue
        word = m.group().lower()
        if word in _WEAK and _field_name(text, m.start(), m.end()):
            continue  # a field named "code" holds a status's, a terminology's: no secret
        weak = kind == "key" or word in _WEAK
        strict = word in _SEPARATED
        if found := _after_word(text, m.end(), kind, weak, raw=raw, strict=strict):
            spans.append(found)
    return spans


# A user name, a spaced slash and a password: "ledger_svc / Tana@River#Kisumu/88".
_PAIR = re.compile(
    r"(?<![\w/])(?P<user>[A-Za-z][\w.@-]{1,40})[ \t]{1,3}/[ \t]{1,3}(?P<v>[^\s,;]{6,120})"
)


# A user, a slash and a password before a host (``cis_batch/<password>@cis-db:1521/CIS``,
# ``sqlplus user/<password>@//host``): how Oracle and a few tools take a login.
_AT_PAIR = re.compile(
    r"(?<![\w/.:@-])[A-Za-z][\w.-]{1,40}/(?P<v>[^\s/@'\"]{4,120})@(?=/{0,2}[A-Za-z0-9])"
)


def _at_pairs(text: str) -> list[tuple[int, int]]:
    """The passwords of ``user/password@host`` logins (an action or a package at a version,
    ``actions/checkout@v4``, holds no value-shaped word there)."""
    return [m.span("v") for m in _AT_PAIR.finditer(text) if _login_value(m.group("v"))]


def _login_value(value: str) -> bool:
    """A password where a login's shape says one stands: six characters or more, letters
    with digits or a symbol prose does not use, no version."""
    if len(value) < 6 or _VERSION.fullmatch(value) or _LETTER.search(value) is None:
        return False
    return any(c.isdigit() for c in value) or _RARE_SYMBOL.search(value) is not None


def paired_login(text: str) -> bool:
    """Whether ``text`` pairs a name with a password-looking word by a spaced slash, in any
    case (``operator / lindenbaum42``). Lower case with digits reads as a branch and a tag
    as well (``main / release2024``): not refused as a claim, but not shared unseen."""
    return any(_login_value(m.group("v").rstrip(TRIM)) for m in _PAIR.finditer(text))


# Signing in with a value: "signs in as viewer, using orchard21", "log in to Jenkins with …".
_SIGN_IN = re.compile(
    r"(?i)\b(?:log(?:s|ged|ging)?[ -]?(?:in|on)(?:to)?|sign(?:s|ed|ing)?[ -]?(?:in|on)(?:to)?)\b"
    r"[^.;\n]{0,60}?\b(?:with|using)[ \t]{1,3}(?P<v>[^\s,;]{6,120})"
)


def signs_in_with(text: str) -> bool:
    """Whether ``text`` says what signs in with a password-looking word (``signs in as
    viewer, using orchard21``): a login whose value no rule recognises by its shape."""
    return bool(_signs_in_values(text))


def _signs_in_values(text: str) -> list[tuple[int, int]]:
    spans = []
    for m in _SIGN_IN.finditer(text):
        value = m.group("v").rstrip(TRIM)
        named = _TECH_NAME.fullmatch(value) is not None and not value.islower()
        if _login_value(value) and not named:  # OAuth2, WebAuthn2: what, not which secret
            spans.append((m.start("v"), m.start("v") + len(value)))
    return spans


def login_values(text: str) -> list[tuple[int, int]]:
    """The spans of the password-looking words :func:`paired_login` and
    :func:`signs_in_with` find: where a login's value may stand that no rule recognised."""
    paired = [
        (m.start("v"), m.start("v") + len(value))
        for m in _PAIR.finditer(text)
        if _login_value(value := m.group("v").rstrip(TRIM))
    ]
    return union([*paired, *_signs_in_values(text)])


def _pairs(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for m in _PAIR.finditer(text):
        value = m.group("v").rstrip(TRIM)
        has_digit = any(c.isdigit() for c in value)
        symbol = _RARE_SYMBOL.search(value) is not None or "-" in value or "_" in value
        cases = any(c.isupper() for c in value) and any(c.islower() for c in value)
        if has_digit and (symbol or cases) and not _VERSION.fullmatch(value):
            spans.append((m.start("v"), m.start("v") + len(value)))
    return spans


# A colon after a word that keeps secrets, then words: "KeePass vault: lingon älgstig …".
_KEEPER = re.compile(
    r"(?i)(?<![^\W\d_])(?:vault|valv\w*|tresor\w*|cofre|caja fuerte|wallet|billetera|carteira"
    r"|portefeuille|brieftasche|plånbok\w*|lommebok|keypair|key pair|ceremony|ceremonin"
    r"|custodian|safe|kluis|sejf|сейф|кошел\w*|钱包|金庫|金库)[^:\n]{0,60}?:[ \t]*"
)
_LOWER_WORDS = re.compile(r"(?:[^\W\d_]{2,20}[ \t]+){11,63}[^\W\d_]{2,20}")


def _passphrases(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for m in _KEEPER.finditer(text):
        words = list(TOKEN.finditer(text[m.end() : m.end() + 200]))
        if (found := _phrase(words, 0)) is not None:
            spans.append((m.end() + found[0], m.end() + found[1]))
    for m in _LOWER_WORDS.finditer(text):
        colon = text.rfind(":", max(0, m.start() - 3), m.start() + 1)
        said = m.group().split()
        lower = all(w.islower() for w in said)
        mnemonic = sum(w in BIP39_ENGLISH for w in said) * 4 >= len(said) * 3
        if colon >= 0 and lower and mnemonic and not any(w in PROSE_WORDS for w in said):
            spans.append(m.span())  # a recovery phrase's words, not a sentence of Swahili
    return spans


_URL = re.compile(r"https?://(?P<host>[A-Za-z0-9.-]{1,253})(?P<path>/[^\s?#\"'<>]*)?")
_VERSION_SEGMENT = re.compile(r"v\d{1,2}")
_WORDY_RUN = re.compile(r"[A-Z]?[a-z]{3,}")
# A path without its host ("/api/push/<token>"): only a segment after a key word counts.
_PATH = re.compile(r"(?<![\w:/.])(?:/[\w.-]{1,200}){2,20}")
_KEYED = frozenset(("push", "token", "tokens", "key", "keys", "secret", "apikey"))
_NAMED_BY = frozenset(
    (
        "commit", "commits", "blob", "tree", "issues", "pull", "runs", "run", "jobs", "job",
        "builds", "build", "releases", "tag", "tags", "d", "dashboards", "dashboard",
        "pages", "page", "docs", "document", "spreadsheets", "file", "files", "folders",
        "browse", "tickets", "ticket", "incidents", "id", "ids", "sha", "gist", "gists",
    )
)  # fmt: skip


def _random(token: str, least: int) -> bool:
    """A random-looking token: long enough, letters and digits mixed, not words joined."""
    if len(token) < least or not token.isascii():
        return False
    digits = sum(c.isdigit() for c in token)
    letters = sum(c.isalpha() for c in token)
    if digits < 2 or letters < 2 or _UUID.fullmatch(token) or _VERSION.fullmatch(token):
        return False
    in_words = sum(
        len(run)
        for run in _WORDY_RUN.findall(token)
        if sum(c in "aeiouAEIOU" for c in run) >= 0.25 * len(run)
    )
    return in_words < 0.5 * letters


def _path_keys(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for m in _PATH.finditer(text):
        previous, position = "", m.start()
        for segment in m.group().split("/"):
            if previous.lower() in _KEYED and _random(segment, 8):
                spans.append((position, position + len(segment)))
            position += len(segment) + 1
            previous = segment
    return spans


def _url_keys(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for m in _URL.finditer(text):
        host = m.group("host")
        label = host.split(".", 1)[0]
        if host.count(".") >= 2 and _random(label, 16):
            spans.append((m.start("host"), m.start("host") + len(label)))
        if not m.group("path"):
            continue
        segments: list[tuple[int, str]] = []
        position = m.start("path")
        for segment in m.group("path").split("/"):
            if segment:
                segments.append((position, segment))
            position += len(segment) + 1
        previous = ""
        for n, (start, segment) in enumerate(segments):
            after = previous.lower()
            keyed = after in _KEYED
            placed = n in (0, len(segments) - 1) or _VERSION_SEGMENT.fullmatch(after) is not None
            if (
                after not in _NAMED_BY
                and (placed or keyed)
                and _random(segment, 8 if keyed else 16)
            ):
                spans.append((start, start + len(segment)))
            previous = segment
    return spans


def announced_values(text: str) -> list[tuple[int, int]]:
    """The spans of the values a credential word announces (``PIN 604917``, ``Código …:
    58204173``, ``token e468f303ae8f64``): what raw material is cleared of on top of its
    opaque tokens (a key word's value follows it at once or after a separator)."""
    found = union([*_words(text, raw=True), *_at_pairs(text)])
    found = [(a, b) for a, b in found if not _dated_year(text, a, b) and not _no_value(text, a, b)]
    # a value a command makes (``password="$(openssl rand -base64 32)"``): none written
    found = [(a, b) for a, b in found if _SUBSTITUTED.match(text, a) is None]
    return beside_markers(text, found)


# Where a JSON member ends and the next begins (``"message":"password wrong","fingerprint":``):
# a value runs inside one string, never across members.
_MEMBERS = re.compile(r'"[ \t]*[,:][ \t]*"')
# A line of git's log (``931d7db 2026-02-20 Aylin Demir initial …``): a hash, then a space and
# the rest of the line.
_LOG_LINE = re.compile(r"[0-9a-f]{7,64} [\w(\[]")


def _no_value(text: str, start: int, end: int) -> bool:
    """Whether the span ``start..end`` after a credential word is no value: it runs across
    JSON members, it goes on an alternation of a pattern (``grep -E 'password|secret'``), or
    it opens a line of a log of commits whose line before is one too (``… add braze rest
    key`` then ``931d7db 2026-02-20 …``)."""
    if _MEMBERS.search(text, start, end) is not None or text.startswith("|", start):
        return True
    if start == 0 or text[start - 1] != "\n" or _LOG_LINE.match(text, start) is None:
        return False
    before = text.rfind("\n", 0, start - 1) + 1
    return _LOG_LINE.match(text, before) is not None


# A month's name or a preposition of time before a year ("by June 2026", "since 2024"): a
# date after a code word ("SMS one-time codes … by June 2026"), no code.
_BEFORE_YEAR = re.compile(
    r"(?i)(?<![^\W\d_])(?:jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*"
    r"|dec\w*|in|by|since|until|till|from|of|before|after|during|q[1-4]|h[12]|end|early|late"
    r"|mid)[ \t]{1,3}\Z"
)


def _dated_year(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a year said as a date (see :data:`_BEFORE_YEAR`)."""
    return _YEAR.fullmatch(text, start, end) is not None and (
        _BEFORE_YEAR.search(text, max(0, start - 12), start) is not None
    )


#: Characters of a sentence read on either side of a password, phrase or code word.
_SENTENCE_REACH = 160
# The quotes around a JSON key, and what opens a jq or JavaScript object's key.
_KEY_QUOTES = frozenset("\"'")
_OBJECT_OPENS = frozenset("{,")


def _field_name(text: str, start: int, end: int) -> bool:
    """Whether the word at ``text[start:end]`` names a field in code: an attribute or a
    path's step (``.class.code``), a URL's parameter (``&code=``), an object's key (``"code":
    {``, ``{pin: .device.pin}``). Its line is paths, parameters and other fields, and its
    value, if any, is the one assigned to it, read by the rules of assignments."""
    before = text[start - 1 : start]
    if before in (".", "&", "?"):
        return True
    after = text[end : end + 2]
    if before in _KEY_QUOTES and after[:1] == before:
        return after[1:2] == ":"
    return after[:1] == ":" and text[:start].rstrip()[-1:] in _OBJECT_OPENS


_YEAR = re.compile(r"(?:19|20)\d\d")
_MARKED = re.compile(r"\[redacted:[a-z0-9_]+\]")
_LATIN_RUN = re.compile(r"[A-Za-z0-9][A-Za-z0-9!#$%*^~&@+._-]*")


def _coded(bare: str) -> bool:
    """After a word that says much else ("pass", "code"): a token with a letter, a keypad's
    code, or digits in groups ("is 7410-33") that are no year and month."""
    if any(c.isalpha() for c in bare) or _CODE.fullmatch(bare):
        return True
    return _GROUPED.fullmatch(bare) is not None and _YEAR_MONTH.match(bare) is None


# Digits in groups ("7410-33", "41098-22817"), and a year with its month, which is a date.
_GROUPED = re.compile(r"\d{2,8}(?:-\d{2,8})+")
_YEAR_MONTH = re.compile(r"(?:19|20)\d\d-(?:0?[1-9]|1[0-2])(?:-|\Z)")
# A value spelt out a character at a time, four or more (letters and digits).
_SPELT = re.compile(r"(?<!\S)(?:[^\W_] ){3,40}[^\W_](?!\S)")
# A code as a keypad or a door takes it: digits with a key between (27*93*1, 4471#), or a
# short run of digits and a letter or two (3719B).
_CODE = re.compile(r"\d{1,8}(?:[*#]\d{1,8})+[*#]?|\d{3,8}[A-Za-z]{1,2}|[A-Za-z]{1,2}\d{4,8}")
_SETTING = re.compile(r"[A-Za-z_][\w.-]{0,30}=\d{1,12}")
_ESCAPE = re.compile(r"\\(?:u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2})")
_SYNTAX = re.compile(r"[\"{}]|[\ud800-\udfff]")


def sentence_values(text: str) -> list[tuple[int, int]]:
    """The spans of every value-shaped token (:func:`value_like`) in a sentence that names a
    password, a passphrase or a code, on either side of the word: what raw material is
    cleared of where the value's place was not read (spelt after the word, before it in
    another clause, glued in a script without spaces, after a misspelt copula). A year, a
    redaction's mark and the credential word itself are kept."""
    spans: list[tuple[int, int]] = []
    done = 0
    for m, kind in named_credentials(text):
        if kind == "key" or m.end() <= done or _field_name(text, m.start(), m.end()):
            continue  # key words and fields fill logs and code: their values are read by shape
        lettered = m.group().lower() in _WEAK  # "all 2600 tests pass": no value
        start = max(0, m.start() - _SENTENCE_REACH)
        ends = list(CLAUSE_END.finditer(text, start, m.start()))
        start = ends[-1].end() if ends else start
        stop = CLAUSE_END.search(text, m.end(), m.end() + _SENTENCE_REACH)
        end = stop.start() if stop is not None else min(len(text), m.end() + _SENTENCE_REACH)
        if stop is not None and text[stop.start()] in "?？:：":  # asked, or announced: the
            after = CLAUSE_END.search(text, stop.end(), stop.end() + _SENTENCE_REACH)  # answer
            end = (
                after.start() if after is not None else min(len(text), stop.end() + _SENTENCE_REACH)
            )
        spans += [run.span() for run in _SPELT.finditer(text, m.end(), end)]  # "0 9 1 1 7 3"
        for token in TOKEN.finditer(text, start, end):
            if token.start() <= m.start() < token.end():
                # the word itself, or a run of a script without spaces it is glued into
                # ("รหัสwifiห้องQAคือtomyumkung88นะ"): the Latin runs after it are read
                spans += [
                    run.span()
                    for run in _LATIN_RUN.finditer(text, m.end(), token.end())
                    if value_like(run.group(), "password")
                ]
                continue
            bare = token.group().strip(TRIM)
            if not bare or _YEAR.fullmatch(bare) or _MARKED.search(bare):
                continue
            if _SETTING.fullmatch(bare) or _ESCAPE.search(bare) or _SYNTAX.search(bare):
                continue  # a parameter's number (argon2id's m=65536), an escape, JSON's marks
            if lettered and not _coded(bare):
                continue  # "pass" and "code": a number alone is none
            if reference(bare) or ALGORITHM.fullmatch(bare):
                continue  # a payment's, a parcel's or a request's id; an algorithm's name
            if value_like(bare, kind if kind != "phrase" else "password") or _CODE.fullmatch(bare):
                at = token.start() + token.group().find(bare)
                spans.append((at, at + len(bare)))
        done = end
    return sorted(set(spans))


# The words of an answer that gives no value: yes, no, done, thanks, in the languages read.
_ANSWERS = frozenset(
    (
        "yes", "no", "yep", "nope", "ok", "okay", "done", "sure", "thanks", "thank", "later",
        "yesterday", "today", "tomorrow", "soon", "changed", "rotated", "reset", "updated",
        "ja", "nein", "erledigt", "danke", "oui", "non", "fait", "merci", "sí", "si", "hecho",
        "gracias", "sim", "não", "feito", "obrigado", "obrigada", "да", "нет", "готово",
        "спасибо", "好", "是", "对", "不", "はい", "いいえ", "네", "아니요",
    )
)  # fmt: skip
# Words that are no passphrase's: prose's small words, an answer's, a stop word.
_PLAIN_STOPS = PROSE_WORDS | _ANSWERS | STOPS
#: The end of a message read for a password, passphrase or code word that asks for or
#: announces the next message's value, and the longest reply read as that value.
_ASKING_TAIL = 120
_REPLY_CHARS = 120
_REPLY_WORDS = 4


def asks_for_value(text: str) -> bool:
    """Whether ``text`` ends by asking for or announcing a password, a passphrase or a
    code (``what's the wifi password?``, ``the devkit's PIN:``, ``пароль от стенда —``):
    the message after it may be the value alone, with no word of its own to name it."""
    tail = text.rstrip()[-_ASKING_TAIL:]
    if not tail or tail[-1] not in "?:：？-—–":
        return False
    return any(kind != "key" for _, kind in named_credentials(tail)) or asks_for_an_answer(tail)


def names_a_value(text: str) -> bool:
    """Whether ``text`` names a password, a passphrase, a code (not a key or a token, whose
    values have shapes of their own) or a security question: the messages after it may give
    the value in words that name none ("separately. it's 61937# if he asks", "Dave:
    0-4-7-7-1-9", "the answer is Kestrel Lane")."""
    return names_a_security_question(text) or any(
        not _said_of_kind(text, m.end())
        for m in (
            *_PASSWORD_STEMS.finditer(text),
            *(
                m
                for m, kind in named_credentials(text)
                if kind != "key" and m.group().lower() not in _NOT_NAMING
            ),
        )
    )


def _said_of_kind(text: str, end: int) -> bool:
    """Whether the credential word ending at ``end`` goes on to say what credentials of its
    kind are like ("the password policy", "passwords rotate every 90 days", "the PIN must
    have six digits"): what it says is no value, and no value follows."""
    after = [w.strip(TRIM).lower() for w in text[end : end + 40].split()[:3]]
    return any(w in STOPS or w in _OF_KIND for w in after)


# What a credential word goes on with when it tells what such credentials are like.
_OF_KIND = frozenset(
    ("reset", "resets", "rotate", "rotated", "rotation", "rotating", "expire", "expired",
     "change", "changes", "changed", "complexity", "strength", "history", "manager",
     "prompt", "field", "hint", "requirement", "minimum", "maximum")
)  # fmt: skip
# Credential words that name something else as often: the network ("the clinical Wi-Fi"),
# what a thing opens or is locked with.
_NOT_NAMING = frozenset(
    ("wi-fi", "wifi", "wlan", "unlock", "unlocks with", "opens with", "opens at",
     "encrypted with", "locked with", "protected with", "secured with", "unseals with",
     "disarm with", "disarms with", "disarmed with", "disarming with", "arm with",
     "arms with", "armed with", "unlock with", "unlocked with", "unlocking with",
     "unsealed with", "öffnet mit", "öffnet sich mit", "s'ouvre avec", "s’ouvre avec",
     "se abre con", "si apre con", "opent met", "gaat open met", "abre com", "se abre com")
)  # fmt: skip
# Password words by their stems, as languages that inflect them write them ("şifresini",
# "лозинката", "hasłem", "salasanan", "jelszót", "Lösenordet"): the word table holds their
# usual forms only.
_PASSWORD_STEMS = re.compile(
    r"(?<![^\W\d_])(?:parol\w*|şifre\w*|şifrə\w*|sifre\w*|hasł\w*|hasl\w*|hesl\w*"
    r"|wachtwoord\w*|lösen\w*|passw\w*|κωδικ\w*|парол\w*|лозинк\w*|lozink\w*|salasan\w*"
    r"|jelsz\w*|adgangskod\w*|passord\w*|kodeord\w*|geslo\w*|gesla\w*|slaptažod\w*"
    r"|parool\w*|lykilor\w*|fjalëkalim\w*|nenosiri\w*|pin-?kod\w*|pin-?code\w*|пин-?код\w*"
    r"|пин(?:а|у|ом|е|ы|ов)?(?![^\W\d_]))",  # not "пинг" (ping)
    re.IGNORECASE,  # on the text as written: its offsets are the words' own
)
# Digits read out one at a time with a separator ("0-4-7-7-1-9", "6 2 9 0 4 1").
_SPELT_DIGITS = re.compile(r"(?<![\w.-])\d(?:[-. ]\d){3,}(?![\w.-])")
# A short part of a value: four characters or more mixing letters with digits or symbols
# ("92Kl", "m#Vx", "_58Xq"; an identifier's underscores are none: "RIS_DB_PASSWORD").
_MIXED = re.compile(r"(?=\S*[^\W\d_])(?=\S*[\d#*!@$%&+=?])\S{4,}")
# A number before a word, as products are named ("1Password", "7zip"): no part of a value.
_NAMED_PRODUCT = re.compile(r"\d{1,2}[A-Za-z][a-z]{3,}")
_CONTEXT_YEAR = re.compile(r"(?:19[89]|20[0-3])\d")


def digits_read_out(text: str) -> list[tuple[int, int]]:
    """The spans of digits read out one at a time in ``text`` ("0-4-7-7-1-9", "sieben drei
    null neun eins vier"): the part of :func:`context_values` that a long message's numbers,
    ids and versions never take the shape of."""
    spans = [m.span() for m in _SPELT_DIGITS.finditer(text)]
    spans += [
        m.span()
        for m in _SPOKEN_CODE.finditer(text)
        if not m.group()[:1].isdigit() and not (m.start() and text[m.start() - 1].isalnum())
    ]
    return spans


def context_values(text: str) -> list[tuple[int, int]]:
    """The spans of every value-shaped token of ``text``, a chat message that follows one
    naming a password, a passphrase or a code (:func:`names_a_value`): a value given with no
    word of its own to name it ("Dave: 0-4-7-7-1-9", "hinten dran kommt qz!72Lm"). A year and
    what :func:`value_like` reads as no value (versions, times, ids of a tracker) stay."""
    spans = digits_read_out(text)
    for m in TOKEN.finditer(text):
        bare = m.group().strip(TRIM)
        if not bare or _CONTEXT_YEAR.fullmatch(bare) or "[redacted:" in m.group():
            continue
        mixed = _MIXED.fullmatch(bare) and not _NAMED_PRODUCT.fullmatch(bare)
        if value_like(bare, "password") or value_like(bare, "code") or mixed:
            at = m.start() + m.group().find(bare)
            spans.append((at, at + len(bare)))
    spans += _announced_words(text)
    spans += _answer_values(text)
    return union(spans)


# A short lead and a colon at a clause's start: "it's:", "here it is:", "es ist:", "c'est :".
_LEAD_COLON = re.compile(
    r"(?:^|(?<=[.!?;] ))[ \t]*((?:[^\W\d_][\w'’]{0,11}[ \t]+){0,2}[^\W\d_][\w'’]{0,11})"
    r"[ \t]*[:：][ \t]*",
    re.MULTILINE,
)
_HERE = frozenset(("here", "c'est", "c’est", "hier", "voici", "voilà", "aquí", "ecco", "вот"))
_POSSESSIVE_COPULA = re.compile(r"[^\W\d_]{1,6}['’]s")
#: Words a passphrase announced by a colon has at least, and at most.
_ANNOUNCED_WORDS = (3, 12)


def _announced_words(text: str) -> list[tuple[int, int]]:
    """Plain words a short lead with a copula announces by a colon (``it's: walnut crisp
    ladder ember``), to the clause's end: a passphrase given after one was named, when none
    of them is prose's (``it's: in the safe``), an answer (``tomorrow``) or a stop word."""
    spans: list[tuple[int, int]] = []
    for m in _LEAD_COLON.finditer(text):
        last = m.group(1).split()[-1].lower()
        if not (last in COPULAS or last in _HERE or _POSSESSIVE_COPULA.fullmatch(last)):
            continue
        stop = CLAUSE_END.search(text, m.end())
        end = stop.start() if stop is not None else len(text)
        words = [w for w in TOKEN.finditer(text, m.end(), end) if w.group().strip(TRIM)]
        least, most = _ANNOUNCED_WORDS
        if not least <= len(words) <= most or "," in text[m.end() : end]:
            continue
        bares = [w.group().strip(TRIM) for w in words]
        if all(b.isalnum() and b.lower() not in _PLAIN_STOPS for b in bares):
            spans.append((words[0].start(), _bare_span(words[-1], bares[-1])[1]))
    return spans


def reply_values(text: str) -> list[tuple[int, int]]:
    """In a short reply to :func:`asks_for_value` (:data:`_REPLY_CHARS` characters at most),
    the spans of its value: the whole reply when it has :data:`_REPLY_WORDS` words at most
    and none of them is prose (a password of plain letters, a passphrase of words), else
    every value-shaped token; in a longer one, the value an answer word gives (``the answer
    is Kestrel Lane``) and a typed value the reply opens with (``Biscuit-the-ferret, with
    the hyphens``)."""
    if len(text) > _REPLY_CHARS:
        return []
    tokens = [m for m in TOKEN.finditer(text) if m.group().strip(TRIM)]
    if not tokens:
        return []
    if len(tokens) > _REPLY_WORDS:
        return union([*_answer_values(text), *_leading_value(tokens[0])])
    if answered := _answer_values(text):
        return answered
    bares = [m.group().strip(TRIM) for m in tokens]
    prose = [_MARKED.search(b) or b.lower() in PROSE_WORDS or b.lower() in _ANSWERS for b in bares]
    if not any(prose) and "," not in text:
        first, last = tokens[0], tokens[-1]  # words alone: a passphrase ("copper sparrow 88")
        start = first.start() + first.group().find(bares[0])
        end = last.start() + last.group().find(bares[-1]) + len(bares[-1])
        return [(start, end)]
    spans: list[tuple[int, int]] = []
    for m, bare, said in zip(tokens, bares, prose, strict=True):
        if said:
            continue
        if value_like(bare, "password"):
            at = m.start() + m.group().find(bare)
            spans.append((at, at + len(bare)))
    return spans


# A word of another script than Latin (a Latin value stands out in a Sinhala sentence).
_NOT_LATIN = re.compile(r"[^\W\d_A-Za-z\u00c0-\u024f]")
_LATIN_TOKEN = re.compile(r"[A-Za-z0-9\u00c0-\u024f][\w!#$%&*+./@^~-]*")
#: Words of an answer's value at most.
_ANSWER_WORDS = 4
_ANSWER_PUNCTUATION = re.compile(r"[,;:.!?。，、]")


def _answer_values(text: str) -> list[tuple[int, int]]:
    """The values answer words give (:func:`~daemon.base.security_questions.answer_words`):
    after a copula or a colon, up to four words to the next punctuation, the first of them
    capitalised or holding a digit or a joiner, and no word prose's (``the answer is Kestrel
    Lane, with a capital K``; not ``the answer is no``, ``the answer is in the runbook``);
    or, after an answer word of another script, the Latin words that follow it
    (``පිළිතුර Mahamaya Vidyalaya කියලා``)."""
    spans: list[tuple[int, int]] = []
    for m in answer_words(text):
        words = list(TOKEN.finditer(text, m.end(), min(len(text), m.end() + WINDOW)))
        head = words[0].group().lower().rstrip(":：") if words else None
        said = head == "" or head in COPULAS  # "answer:", "the answer is"
        rest = words[1:] if said else words
        found = _answer_run(rest, latin=True) if _NOT_LATIN.search(m.group()) else None
        if found is None and said:
            found = _answer_run(rest, latin=False)
        if found is not None:
            spans.append(found)
    return spans


def _answer_run(words: list[re.Match[str]], *, latin: bool) -> tuple[int, int] | None:
    """The span of an answer's value opening ``words``, up to :data:`_ANSWER_WORDS` of them
    and the next punctuation (see :func:`_answer_values`; ``latin``: Latin words after a word
    of another script, whatever their case), or None."""
    run: list[tuple[re.Match[str], str]] = []
    for m in words[:_ANSWER_WORDS]:
        bare = m.group().strip(TRIM)
        if not bare or bare.lower() in _PLAIN_STOPS:
            break
        if latin and _LATIN_TOKEN.fullmatch(bare) is None:
            break
        run.append((m, bare))
        if _ANSWER_PUNCTUATION.match(m.group()[-1:]):
            break
    if not run:
        return None
    first = run[0][1]
    if not latin and not (first[:1].isupper() or any(c.isdigit() or c in "-_" for c in first)):
        return None
    return _bare_span(*run[0])[0], _bare_span(*run[-1])[1]


# Words joined by hyphens, underscores or dots, three or more (``Biscuit-the-ferret``).
_JOINED_PARTS = re.compile(r"[^\W\d_]{1,20}(?:[-_.][^\W\d_]{1,20}){2,6}")


def _leading_value(first: re.Match[str]) -> list[tuple[int, int]]:
    """The span of the typed value a reply opens with (``first``, its first word), a comma,
    a semicolon or a stop after it (``Biscuit-the-ferret, with the hyphens``): a
    value-shaped token, or three words or more joined, none repeated and fewer than half of
    them prose's (not ``end-to-end``, ``state-of-the-art``)."""
    word = first.group()
    bare = word.strip(TRIM)
    if not bare or word[-1:] not in ",.;" or bare.lower() in _PLAIN_STOPS:
        return []
    typed = value_like(bare, "password") or _MIXED.fullmatch(bare) is not None
    if not typed and _JOINED_PARTS.fullmatch(bare) is not None:
        parts = [p.lower() for p in re.split(r"[-_.]", bare)]
        prose = sum(p in PROSE_WORDS for p in parts)
        typed = len(set(parts)) == len(parts) and prose * 2 < len(parts)
    return [_bare_span(first, bare)] if typed else []


def _bare_span(m: re.Match[str], bare: str) -> tuple[int, int]:
    """The span of ``bare``, the word ``m`` matched with its punctuation trimmed."""
    at = m.start() + m.group().find(bare)
    return at, at + len(bare)


def credential_claims(text: str) -> list[tuple[int, int]]:
    """The spans of the values ``text`` seems to hold a credential in (see the module)."""
    return beside_markers(
        text,
        union(
            [
                *((a, b) for a, b in _words(text) if not _dated_year(text, a, b)),
                *_pairs(text),
                *_at_pairs(text),
                *(m.span() for m in _KEYPAD.finditer(text)),
                *_passphrases(text),
                *byte_arrays(text),
                *printed_keys(text),
                *_url_keys(text),
                *_path_keys(text),
            ]
        ),
    )


def masked(text: str) -> str | None:
    """``text`` with the values of :func:`credential_claims` replaced by :data:`MARK`, and
    with them every other token that looks like a value (a second password whose word the
    rules did not read), or None when it seems to hold none: what a refusal may show."""
    claimed = credential_claims(text)
    if not claimed:
        return None
    spans = union(
        [
            *claimed,
            *(
                (m.start() + m.group().find(bare), m.start() + m.group().find(bare) + len(bare))
                for m in TOKEN.finditer(text)
                if (bare := m.group().strip(TRIM)) and value_like(bare, "password")
            ),
        ]
    )
    return replace_spans(text, spans, MARK)


# Words prose, code and shells use for much else ("code review", "pass the tests", "the
# phrase", ``pwd``): no talk of credentials on their own.
_NOT_TALK = _WEAK | _SEPARATED | frozenset(("pwd", "community", "opens at", "パス"))


# A command line's flag before a word (``--password``, ``-token``).
_FLAG = re.compile(r"(?:^|(?<=[\s\"'=]))--?\Z")


def _alone_after(text: str, end: int) -> bool:
    """Whether no letter or ``_`` is joined after the word ending at ``end``."""
    return end == len(text) or not (_LETTER.match(text[end]) or text[end] == "_")


def names_any_credential(text: str) -> bool:
    """Whether any credential word of the table stands in ``text``, alone, in a compound or
    a field's name (``pwd``, ``mot_de_passe``, ``code``): what decoded data may not hold to
    be kept as data (:mod:`daemon.base.encoded_data`)."""
    return bool(_credential_words(text))


def credential_word(text: str) -> str | None:
    """The first credential word ``text`` uses (lower-case), standing alone or as a command
    line's flag (``--password``), singular and not after a word that makes it no secret
    (``public key``), or None: a text that talks about
    credentials, whether or not a value follows. A redaction mark names its kind, not a
    word, and is not read as one."""
    return next((m.group().lower() for m in talk_words(text)), None)


def talk_words(text: str) -> Iterator[re.Match[str]]:
    """The credential words of ``text`` that talk about a credential, in order (see
    :func:`credential_word`)."""
    for m in _credential_words(text):
        word = m.group().lower()
        if word in _NOT_TALK or hyphen_joins(text, m.end()):
            continue  # ``key-value``, ``token-based``: the compound names another thing
        flag = _FLAG.search(text, max(0, m.start() - 3), m.start()) is not None
        alone = _isolated(text, m.start(), m.end()) or ends_compound(text, m.start())
        if alone or (flag and _alone_after(text, m.end())):
            yield m


def hyphen_joins(text: str, hyphen: int) -> bool:
    """Whether ``text[hyphen]`` is a hyphen joining two words (``admin-pw``), not a flag's
    dashes (``--password``) or a dash before a number."""
    return (
        0 < hyphen < len(text) - 1
        and text[hyphen] == "-"
        and text[hyphen - 1].isalnum()
        and text[hyphen + 1].isalpha()
    )


_ALNUM_RUN = re.compile(r"[^\W_]+")


def ends_compound(text: str, start: int) -> bool:
    """Whether the word starting at ``start`` ends a hyphenated compound that names a
    credential (``admin-password``, ``Staging-Passwort``), not one whose first part makes it
    no secret (``public-key``)."""
    if not hyphen_joins(text, start - 1):
        return False
    word = _ALNUM_RUN.match(text, start)
    if word is not None and any(c.isdigit() for c in word.group()):
        return False  # a name numbered after the word: the host ``hekla-login1``
    first = re.search(r"[^\W_]+\Z", text[max(0, start - 41) : start - 1])
    return first is not None and first.group().lower() not in _NOT_SECRET
