# ruff: noqa: RUF001
"""Credentials said in words: a credential word of one of some fifty languages followed by
its value, ``user / password`` pairs, command-line password options, vendor key headers,
signed URL parameters and tokens in URL paths. :mod:`daemon.base.redaction` adds what this finds to
its own formats; only the value is a hit, so the text keeps its credential word and reads.

The words (password, passphrase, passcode, secret, token, API key, PIN, login, credentials)
are looked for in English, Chinese, Hindi, Spanish, French, Arabic, Bengali, Portuguese,
Russian, Urdu, Indonesian, German, Japanese, Turkish, Korean, Italian, Dutch, Polish,
Vietnamese, Swedish and Finnish; the password word in some thirty more (Romanian,
Hungarian, Czech, Slovenian, Croatian and Serbian, Bulgarian, Basque, Catalan, Lithuanian,
Estonian, Hebrew, Greek, Persian, Thai, Lao, Georgian, Armenian, Mongolian, Kazakh, Tamil,
Telugu, Kannada, Malayalam, Punjabi, Gujarati, Burmese, Khmer, Amharic, Afrikaans, Welsh,
Icelandic, Albanian, Azerbaijani, Malay). A login word's value may be a pair joined by a
slash, a colon, or a word for "and" or "with" (``admin und …``: then the password must mix
letters with a digit); an access word (``Zugang``, ``acceso``, ``toegang`` ...) announces
one as a login word does. After the word may come a few words of context (``for the
staging server``, ``del servidor``, ``, all lowercase,``) and a separator: ``:``, ``=``, a
copula (``is``, ``lautet``, ``es``, ``est``, ``é``, ``是``, ``は`` ...) or nothing. What counts
as a value depends on the separator: after ``:``, ``=`` or a quote, any word that is not a
word prose puts there (``required``, ``obligatoire``); after a copula, a word with a digit, a
symbol or mixed case, or a lower-case word ending the sentence; right after the word, only a
credential-shaped token (a long mix of letters and digits: a hex or base32 key, a Mailchimp
key with its ``-us21``). A passphrase of several words follows a passphrase word.

Not taken from ``detect-secrets``: its keyword detector is English only and its plugins run
their regexes line by line, some with unbounded runs (a 20 KB line of ``api_key`` took 73 s),
at about 30 times our cost per turn; measured again (1.5.0, default plugins and filters) on
the 73 secrets of the project's attack sets this module and :mod:`daemon.base.nearby` did not
yet find, it found 12 (a Mailchimp key, hex keys in quoted assignments) at about 1.9 ms a
text, ten times what ingesting a whole message may cost. Its ideas are ported instead: its
vendor patterns we lacked are here or in :mod:`daemon.base.redaction`, its keyword-then-value
and high-entropy detectors are :mod:`daemon.base.nearby`'s key words and shapes.

Linear time: every word, command, header and URL parameter is found from an anchor (a
lower-case literal, :func:`anchors`) in one Aho-Corasick pass (pyahocorasick, in C) over the
lower-cased text: :mod:`daemon.base.redaction`'s own pass, which finds its markers and these
anchors at once. Each attempt from an anchor reads a bounded number of characters (every run
in the patterns has an upper bound).
"""

from __future__ import annotations

import functools
import re
from typing import Any

import ahocorasick

from daemon.base import nearby
from daemon.base.config_values import change_me
from daemon.base.credential_claims import ends_compound, hyphen_joins, in_placeholder
from daemon.base.key_kinds import adjective_secret
from daemon.base.named_things import unit_or_shortcut
from daemon.base.plain_values import PREDICATES

__all__ = ["Anchor", "anchors", "credentials_at", "find_credentials", "keeper", "placeholder"]

#: Credential words, lower-cased, with the kind their value is redacted as. A "weak" word
#: (token, key, secret, login) is one prose uses often: its value must look like a credential.
_STRONG = {
    "password": (
        "password", "passwort", "passwd", "passcode", "kennwort", "zugangswort",
        "contraseña", "contrasena", "clave", "mot de passe", "mdp", "senha", "palavra-passe",
        "palavra passe", "parola d'ordine", "wachtwoord", "hasło", "haslo", "mật khẩu",
        "mat khau", "parola", "şifre", "şifresi", "sifre", "kata sandi", "sandi", "пароль",
        "密码", "密碼", "口令", "パスワード", "暗証番号", "비밀번호", "패스워드", "암호", "पासवर्ड",
        "कूटशब्द", "كلمة المرور", "كلمة السر", "পাসওয়ার্ড", "پاس ورڈ", "lösenord",
        "lösenordet", "salasana", "pwd", "passwuert", "phasewete", "lefoko la sephiri",
        "passord", "passordet", "adgangskode", "adgangskoden", "nenosiri", "mot-de-passe",
        "parolă", "jelszó", "jelszava", "heslo", "geslo", "lozinka", "лозинка", "парола",
        "pasahitza", "contrasenya", "slaptažodis", "parool", "parooli", "wagwoord",
        "cyfrinair", "lykilorð", "fjalëkalimi", "fjalëkalim", "şifrə", "kata laluan",
        "סיסמה", "סיסמא", "κωδικός πρόσβασης", "رمز عبور", "گذرواژه", "รหัสผ่าน",
        "ລະຫັດຜ່ານ", "პაროლი", "գաղտնաբառ", "нууц үг", "құпия сөз", "கடவுச்சொல்",
        "పాస్‌వర్డ్", "ಪಾಸ್‌ವರ್ಡ್", "പാസ്‌വേഡ്", "ਪਾਸਵਰਡ", "પાસવર્ડ", "စကားဝှက်",
        "ពាក្យសម្ងាត់", "የይለፍ ቃል", "合言葉",
    ),
    "passphrase": (
        "passphrase", "pass phrase", "unseal phrase", "seed phrase", "recovery phrase",
        "mnemonic", "パスフレーズ", "lösenfras", "lösenfrasen", "passfrase",
    ),
    "pin": ("pin", "pin code", "code pin", "pin-code", "pin-код"),
}  # fmt: skip
_WEAK = {
    # "PW" abbreviates much else, and "κωδικός" is any code: the value must look like one.
    "password": ("pw", "κωδικός"),
    "token": (
        "token", "токен", "токен доступа", "令牌", "トークン", "토큰", "टोकन", "pat",
        "access token",
    ),
    "api_key": (
        "api key", "api-key", "api_key", "apikey", "access key", "api-schlüssel",
        "clave de api", "clave api", "clé api", "clé d'api", "chave de api", "chiave api",
        "api-sleutel", "klucz api", "khóa api", "api anahtarı", "kunci api", "ключ api",
        "api-ключ", "api 密钥", "api密钥", "apiキー", "api キー", "api 키", "密钥", "秘钥",
        "key", "schlüssel",
    ),
    "secret": ("secret", "geheimnis", "секрет", "秘密", "시크릿", "client secret"),
    "login": (
        "login", "logins", "credentials", "creds", "zugangsdaten", "anmeldedaten",
        "credenciales", "identifiants", "credenciais", "credenziali", "inloggegevens",
        "dane logowania", "учётные данные", "учетные данные", "логин", "登录", "凭据",
        "ログイン", "로그인", "zugang", "acceso", "accès", "acesso", "accesso", "toegang",
        "dostęp", "åtkomst", "erişim", "akses",
    ),
}  # fmt: skip
# Words that are credential words only in this spelling (PAT, not "pat").
_CASED = frozenset(("pat",))
# Prose that follows a credential word and a separator without being its value.
_NOT_VALUES = frozenset(
    (
        "required", "optional", "mandatory", "needed", "missing", "invalid", "incorrect",
        "wrong", "correct", "expired", "empty", "blank", "unset", "reset", "set", "changed",
        "rotated", "stored", "saved", "hidden", "masked", "redacted", "encrypted", "hashed",
        "none", "null", "nil", "true", "false", "yes", "no", "not", "the", "a", "an", "your",
        "my", "our", "this", "that", "it", "same", "different", "strong", "weak", "too",
        "handled", "refreshed", "valid", "used", "unknown", "here", "there", "below", "above",
        "erforderlich", "notwendig", "pflicht", "falsch", "ungültig", "obligatoria",
        "obligatorio", "requerida", "requerido", "incorrecta", "obligatoire", "requis",
        "incorrect", "obrigatória", "obrigatorio", "obrigatória.", "obbligatoria",
        "obbligatorio", "richiesta", "verplicht", "vereist", "onjuist", "wymagane",
        "wymagany", "niepoprawne", "zorunlu", "zorunludur", "gerekli", "wajib", "salah",
        "обязателен", "обязательно", "обязательный", "неверный", "нужен", "required.",
        "bắt", "sai", "krävs", "pakollinen", "str", "string", "int", "bool", "any", "secret",
        "password", "token", "key", "login", "pass", "user", "username", "self", "def",
        "return", "await", "if", "else", "and", "or", "for", "in", "of", "to", "via",
        "page", "form", "field", "prompt", "manager", "budget", "limit", "count", "held",
        "kept", "owned", "managed", "issued", "deployed", "shown", "known", "lost", "given",
    )
)  # fmt: skip
# Words of prose that no passphrase is made of.
_PROSE = frozenset(
    (
        "a", "an", "the", "this", "that", "it", "its", "is", "are", "was", "be", "been", "not",
        "and", "or", "but", "if", "for", "of", "on", "in", "at", "to", "from", "by", "with",
        "via", "as", "our", "your", "their", "my", "we", "you", "they", "i", "must", "should",
        "will", "can", "may", "do", "does", "has", "have", "had", "never", "always", "kept",
        "stored", "der", "die", "das", "ist", "im", "el", "la", "es", "en", "le", "est",
        "dans", "um", "uma", "na", "no", "il", "di", "het", "de", "een",
    )
)  # fmt: skip

_LATIN = re.compile(r"[A-Za-zÀ-ɏ0-9_]")
# After the word: context of a few words led by a preposition or between commas, then the
# separator. Every run is bounded.
_PREPOSITIONS = (
    r"for|of|on|to|in|at|für|fur|zum|zur|del|de|da|do|du|della|per|para|pour|van|voor|do"
    r"|dla|cho|için|untuk|от|для|к|fir|ya|til|al|au|im|am|nel|sul|na|k|ke|pro|za|pentru|la"
)
_CONTEXT = (
    rf"(?:\s{{1,3}}(?:{_PREPOSITIONS})(?:\s{{1,3}}[^\s:=：,.;!?\"'`]{{1,30}}){{1,4}}"
    r"|\s{0,2},[^,\n:=]{1,40},)?"
)
_COPULA = (
    r"is|was|are|ist|lautet|lauten|es|est|é|è|e|is|jest|to|là|adalah|ialah|on|är|olan|—|–"
    r"|هي|هو|है|हैं|হল|হলো|ہے|это|ass|ke|er|je|este|είναι|є|це|คือ|ay|yra"
)
_SEPARATOR = re.compile(
    r"(?:\\?[\"'](?=\s{0,3}[:=：]))?"  # a key's closing quote: {"passwort": "…"}
    + _CONTEXT
    # a copula of letters starts a word: "van de build-VM" holds no "e"
    + r"(?:(?P<sep>\s{0,3}[:=：]\s{0,3}|\s{0,3}(?<![^\W\d_])(?:"
    + _COPULA
    + r")(?:\s{0,2}[:：])?\s{1,3}|\s{0,2}(?:是|为|為|は|는|은|이|가|：)\s{0,2}))"
)
_BARE = re.compile(r"[ \t]{1,3}")
# A copula that ends its sentence after the value (Korean, Japanese, Hindi, Urdu, Bengali
# put it last): the value before it ends the clause as a full stop would.
_FINAL_COPULA = re.compile(r"[ \t]{0,2}(?:입니다|이다|です|だ|है|हैं|ہے|হয়|است)(?=[\s.。!?]|\Z)")
# The usual prose after a credential word: a plain lower-case word (then a space or a
# sentence's punctuation) that leads no context and is no copula: no value can follow.
_PLAIN_NEXT = re.compile(r"[ \t]{1,3}([a-z]{1,30})(?=[\s.,;!?)]|\Z)")
_LEADS = frozenset(f"{_PREPOSITIONS}|{_COPULA}".split("|"))
_QUOTED = re.compile(r"[\"'`«“„「『](?P<v>[^\"'`»”“「」『』\n]{1,200})[\"'`»”“」』]")
_WORD = re.compile(r"[^\s\"'`,;<>()\[\]{}]{1,200}")
# A user and a password, joined by a slash, a colon or a word for "and" or "with" (``admin
# und Sommerregen2026``: then the password must mix letters with a digit).
_PAIR = re.compile(
    r"(?P<user>[^\s/:]{1,64})(?:\s{0,3}/\s{0,3}|:|[ \t]{1,3}(?P<conj>and|und|y|et|e|en|och|og"
    r"|i|ve|dan|và|with|mit|con|avec|com|met|med|z|ja|és|și)[ \t]{1,3})(?P<v>[^\s\"'`,;]{1,200})"
)
_TRAILING = ".,;:)]}。、，"  # "!" and "?" are kept as part of a value
_UUID = re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")
_VERSION = re.compile(r"v?\d+(?:\.\d+)+(?:[-+.][0-9A-Za-z.]+)?")
_DIGIT = re.compile(r"[0-9]")
_CASELESS = re.compile(
    r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u3001\u3002\u300d\u300f\uff01-\uff0f\uff1a-\uff20]"
)
_TYPE_NAME = re.compile(r"(?:[A-Z][a-z]+){2,}")  # SecretStr, a type in code
# A Hebrew or Arabic prefix joined to a word by a hyphen (``ל-devkit``, ``ה-IT``): prose.
_PREFIXED = re.compile(r"[\u0590-\u05ff\u0600-\u06ff]{1,3}-")
_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
_SHAPED = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+/=-]{15,199}")

# Command-line options that carry a password, each led by its command. A value is quoted
# or a word; ``*`` (prompt for it) and ``$VAR`` are not values. Each is tried where one of its
# anchors (lower-case, where its match starts) is found.
_ARG = r"(?:'(?P<q1>[^'\n]{1,200})'|\"(?P<q2>[^\"\n]{1,200})\"|(?P<w>[^\s'\"|;&]{1,200}))"
_OPTIONS = tuple(
    (anchors, re.compile(pattern + _ARG))
    for anchors, pattern in (
        (("sshpass",), r"\bsshpass[ \t]{1,5}-p[ \t]{0,5}"),
        (("ssh-keygen",), r"\bssh-keygen\b[^\n|;&]{0,200}?[ \t]-N[ \t]{1,5}"),
        (
            ("docker",),
            r"\bdocker[ \t]{1,5}login\b[^\n|;&]{0,200}?[ \t](?:-p|--password)(?:=|[ \t]{1,5})",
        ),
        (("mysql",), r"\bmysql\w{0,10}\b[^\n|;&]{0,200}?[ \t]-p(?=['\"])"),
        (("redis-cli",), r"\bredis-cli\b[^\n|;&]{0,200}?[ \t]-a[ \t]{1,5}"),
        (("ldap",), r"\bldap\w{1,12}\b[^\n|;&]{0,200}?[ \t]-w[ \t]{1,5}"),
        (("sqlcmd",), r"\bsqlcmd\b[^\n|;&]{0,200}?[ \t]-P[ \t]{0,5}"),
        (("bcp",), r"\bbcp\b[^\n|;&]{0,200}?[ \t]-P[ \t]{0,5}"),
        (("-passout", "-passin"), r"-pass(?:out|in)[ \t]{1,5}pass:"),
        # Unity's licence serial on its command line
        (("-serial",), r"(?<![\w-])-serial[ \t]{1,5}(?=[A-Z0-9]{2}-)"),
        (
            ("htpasswd",),
            r"\bhtpasswd\b[^\n|;&]{0,100}?[ \t]-[a-zA-Z]{0,4}b[a-zA-Z]{0,4}[ \t]{1,5}"
            r"(?:-[a-zA-Z]{1,4}[ \t]{1,5}){0,4}[^\s]{1,200}[ \t]{1,5}[^\s]{1,100}[ \t]{1,5}",
        ),
        (("smbclient",), r"\bsmbclient\b[^\n|;&]{0,200}?[ \t]-U[ \t]{0,5}[^\s%]{1,64}%"),
        (
            ("net ", "net\t"),
            r"\bnet[ \t]{1,5}use[ \t]{1,5}(?:[A-Za-z]:[ \t]{1,5})?\\\\[^\s]{1,200}[ \t]{1,5}"
            r"(?=[^\s/])",
        ),
        (("net ", "net\t"), r"\bnet[ \t]{1,5}user[ \t]{1,5}[^\s/]{1,64}[ \t]{1,5}(?=[^\s/*])"),
        (
            ("mongo",),
            r"\bmongo(?:sh|dump|restore|export|import|stat|top)?\b[^\n|;&]{0,200}?"
            r"[ \t]-p[ \t]{1,5}",
        ),
        (
            ("rabbitmqctl",),
            r"\brabbitmqctl\b[^\n|;&]{0,60}?[ \t](?:add_user|change_password)[ \t]{1,5}"
            r"[^\s]{1,64}[ \t]{1,5}",
        ),
        (("useradd", "usermod"), r"\buser(?:add|mod)\b[^\n|;&]{0,100}?[ \t]-p[ \t]{1,5}"),
        (
            ("mc alias", "mc config"),
            r"\bmc[ \t]{1,5}(?:alias[ \t]{1,5}set|config[ \t]{1,5}host[ \t]{1,5}add)[ \t]{1,5}"
            r"[^\s]{1,64}[ \t]{1,5}[^\s]{1,200}[ \t]{1,5}[^\s]{1,100}[ \t]{1,5}",
        ),
        (
            ("chpasswd",),
            r"\bchpasswd\b[^\n|;&]{0,40}<<<[ \t]{0,3}[\"']?[^\s:'\"]{1,64}:",
        ),
        (("passwd",), r"\bpasswd\b[^\n|;&]{0,60}<<<[ \t]{0,3}"),
        # archivers: zip's and unzip's -P, 7z's and rar's -p glued to the value
        (("zip",), r"(?:(?<![\w-])|(?<=\bun))zip\b[^\n|;&]{0,200}?[ \t]-P[ \t]{1,5}"),
        (("7z", "7za", "rar"), r"\b(?:7za?|w?rar)\b[^\n|;&]{0,200}?[ \t]-h?p(?=[^\s-])"),
        # a password passed by position: PHP's mysqli_connect and PDO, PKCS#11's C_Login PIN
        (
            ("mysqli_connect", "mysql_connect"),
            r"\bmysqli?_connect\s{0,3}\(\s{0,3}(?:\"[^\"\n]{0,200}\"|'[^'\n]{0,200}')\s{0,3},"
            r"\s{0,3}(?:\"[^\"\n]{0,100}\"|'[^'\n]{0,100}')\s{0,3},\s{0,3}",
        ),
        (
            ("new pdo",),
            r"\bnew\s{1,3}PDO\s{0,3}\(\s{0,3}(?:\"[^\"\n]{0,300}\"|'[^'\n]{0,300}')\s{0,3},"
            r"\s{0,3}(?:\"[^\"\n]{0,100}\"|'[^'\n]{0,100}')\s{0,3},\s{0,3}",
        ),
        (
            ("c_login",),
            r"\bC_Login\s{0,3}\([^,()\n]{1,80},[^,()\n]{1,40},\s{0,3}(?:\([^()\n]{1,40}\)\s{0,3})?",
        ),
        # a gem host's user:password (``bundle config gems.example.com user:pass``)
        (
            ("bundle",),
            r"\bbundle\s{1,3}config\s{1,3}(?:set\s{1,3})?(?:--(?:global|local)\s{1,3})?"
            r"[\w-]{1,60}(?:\.[\w-]{1,60}){1,6}\s{1,3}[^\s:]{1,64}:",
        ),
        # SNMPv3's authentication and privacy pass phrases
        (("snmp",), r"\bsnmp\w{0,12}\b[^\n|;&]{0,200}?[ \t]-[AX][ \t]{1,5}"),
        # a password typed at a prompt: redis-cli's AUTH, an IMAP session's LOGIN
        (
            ("auth",),
            r"(?:(?<=\n)|(?<=^)|(?<=> ))AUTH[ \t]{1,5}(?:[^\s]{1,64}[ \t]{1,5}(?=\S))?"
            r"(?=[^\s]{1,200}[ \t]*(?:\n|\Z))",
        ),
        (
            ("login",),
            r"(?<=[A-Za-z0-9] )LOGIN[ \t]{1,3}[^\s]{1,100}[ \t]{1,3}"
            r"(?=[^\s]{1,200}[ \t]*(?:\n|\Z))",
        ),
    )
)
# A password piped into what reads it: ``echo … | sudo -S``, ``| docker login …
# --password-stdin``, ``| chpasswd``.
_PIPED = (
    ("echo", "printf"),
    re.compile(
        r"\b(?:echo|printf)[ \t]{1,5}(?:-[neE]{1,3}[ \t]{1,5})?"
        r"(?:[\"']%s(?:\\n)?[\"'][ \t]{1,5})?"
        + _ARG
        + r"(?=[ \t]{0,3}\|[ \t]{0,3}(?:sudo\b[^\n|;&]{0,60}[ \t]-S\b"
        r"|[^\n|;&]{0,200}--password-stdin|(?:sudo[ \t]{1,3})?(?:chpasswd|passwd)\b))"
    ),
)
_COMMANDS = (*_OPTIONS, _PIPED)
# A password option of any command with its value quoted: 7z's -p'…', mysql's -p"…", -P '…'
# (sqlcmd, bcp), -w '…' (ldap tools); the value must be shaped like a password.
_QUOTED_FLAG = re.compile(r"(?<!\S)-(?:p|P|w)(?:[ \t]{1,3})?(?=['\"])" + _ARG)
_QUOTED_FLAG_ANCHORS = ("-p'", '-p"', "-p '", '-p "', "-w '", '-w "')

# Vendor headers: ``*-Key:``, ``*-Token:``, ``*-Secret:`` (found from their "-"), and
# Authorization with any scheme.
_HEADER = re.compile(
    r"-(?i:key|token|secret|signature|apikey)[\"']?[ \t]{0,3}:[ \t]{0,3}[\"']?"
    r"(?P<v>[A-Za-z0-9._~+/=-]{8,500})"
)
_AUTHORIZATION = re.compile(
    r"(?i:authorization)[\"']?[ \t]{0,3}:[ \t]{0,3}[\"']?(?i:ssws|token|sharedkey|key|apikey"
    r"|api-key|basic|bearer|dsn|otp|pat)[ \t]{1,3}(?P<v>[A-Za-z0-9._~+/=:-]{8,500})"
)
# Signed and keyed URL parameters.
_PARAM = re.compile(
    r"[?&;](?i:sig|signature|x-amz-signature|x-goog-signature|x-amz-security-token|token"
    r"|access_token|auth_token|api_key|apikey|key|code|secret|client_secret|password|pass"
    r"|pwd|auth)=(?P<v>[A-Za-z0-9._~+/%-]{8,2000})"
)
_PARAM_NAMES = (
    "sig", "signature", "x-amz-signature", "x-goog-signature", "x-amz-security-token", "token",
    "access_token", "auth_token", "api_key", "apikey", "key", "code", "secret",
    "client_secret", "password", "pass", "pwd", "auth",
)  # fmt: skip
_URL_PATH = re.compile(r"/bot(?P<v>[0-9]{6,12}:[A-Za-z0-9_-]{30,80})")
_HEADER_ANCHORS = ("-key", "-token", "-secret", "-signature", "-apikey")

# What an anchor found in the text asks for: a credential word (its kind and weakness), a
# command's pattern, a header, an Authorization header, a URL parameter, a bot token's path.
_AT_WORD, _AT_COMMAND, _AT_HEADER, _AT_AUTH, _AT_QUERY, _AT_PATH = range(6)
_AT_FLAG = 7  # 6, 8 and 9 are nearby's
Anchor = tuple[Any, ...]


def anchors() -> list[tuple[str, Anchor]]:
    """Every lower-case literal a credential is found from, with what it asks for.
    :mod:`daemon.base.redaction` looks for them in its own single pass over the text."""
    found: list[tuple[str, Anchor]] = []
    for strength, table in ((False, _STRONG), (True, _WEAK)):
        for kind, spellings in table.items():
            found.extend((word, (_AT_WORD, len(word), kind, strength, word)) for word in spellings)
    for command, (literals, _) in enumerate(_COMMANDS):
        found.extend((literal, (_AT_COMMAND, len(literal), command)) for literal in literals)
    found.extend((literal, (_AT_HEADER, len(literal))) for literal in _HEADER_ANCHORS)
    found.append(("authorization", (_AT_AUTH, len("authorization"))))
    found.extend((f"{name}=", (_AT_QUERY, len(name) + 1)) for name in _PARAM_NAMES)
    found.append(("/bot", (_AT_PATH, 4)))
    found.extend((literal, (_AT_FLAG, len(literal))) for literal in _QUOTED_FLAG_ANCHORS)
    found.extend(nearby.anchors())
    return found


@functools.cache
def _automaton() -> Any:
    """The anchors in one automaton, for :func:`find_credentials` on its own."""
    automaton = ahocorasick.Automaton()
    for literal, anchor in anchors():
        automaton.add_word(literal, (literal, (anchor,)))
    automaton.make_automaton()
    return automaton


def _lower(text: str) -> str:
    low = text.lower()
    if len(low) != len(text):  # "İ" lower-cases to two characters
        low = text.replace("\u0130", "i").lower()
    return low


def _isolated(text: str, start: int, end: int, word: str) -> bool:
    """Whether a Latin word stands alone (not inside ``max_tokens`` or ``compassword``), or
    is a part of a hyphenated compound, which names the credential (``Staging-Passwort``,
    ``contraseña-maestra``; not ``Cache-Key``: :func:`ends_compound`): its value follows the
    whole compound (:func:`_compound_end`)."""
    if not _LATIN.match(word[0]) and not _LATIN.match(word[-1]):
        return True
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    if word in _CASED and text[start:end] != word.upper():
        return False
    if _LATIN.match(word[0]) and (
        _LATIN.match(before) or (before == "-" and not ends_compound(text, start))
    ):
        return False
    if _LATIN.match(word[-1]) and after == "-":
        return hyphen_joins(text, end)
    return not (_LATIN.match(word[-1]) and _LATIN.match(after))


#: Credential words that close a compound written as one word in their language
#: (``Rootpasswort``, ``beheerwachtwoord``, ``Wifilösenordet``, ``Adminpassordet``).
_CLOSING = frozenset(
    (
        "passwort", "kennwort", "wachtwoord", "lösenord", "lösenordet", "passord",
        "passordet", "adgangskode", "adgangskoden",
    )
)  # fmt: skip


def _closes_compound(text: str, start: int, end: int, word: str) -> bool:
    """Whether ``word`` closes a compound written as one word (``Rootpasswort``: letters
    before it, none after): it names the credential as it would alone."""
    if word not in _CLOSING or start == 0 or not text[start - 1].isalpha():
        return False
    return end == len(text) or not _LATIN.match(text[end])


# The parts a compound a credential word opens may have after it, and their length: read
# over a bounded window, so that a run of compounds costs each word no more than that.
_COMPOUND_PARTS = 2
_PART_CHARS = 30


def _compound_end(text: str, end: int) -> int:
    """Where the hyphenated compound a word ending at ``end`` opens ends (``end`` when it
    opens none): ``contraseña-maestra es …`` announces its value after ``maestra``."""
    for _ in range(_COMPOUND_PARTS):
        if not hyphen_joins(text, end):
            break
        end += 1
        stop = min(len(text), end + _PART_CHARS)
        while end < stop and (text[end].isalnum() or text[end] == "_"):
            end += 1
    return end


def _trimmed(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1] in _TRAILING:
        end -= 1
    return end


def _shaped(value: str) -> bool:
    """A credential-shaped token: long, mixing letters and digits, not a UUID or version."""
    if not _SHAPED.fullmatch(value) or _UUID.fullmatch(value) or _VERSION.fullmatch(value):
        return False
    if "/" in value and not value.endswith("="):
        return False  # a path
    has_digit = any(c.isdigit() for c in value)
    return has_digit and any(c.isalpha() for c in value)


def _mixed(value: str) -> bool:
    """A short secret: letters with a digit or a symbol, or both cases."""
    has_digit = any(c.isdigit() for c in value)
    has_alpha = any(c.isalpha() for c in value)
    symbol = any(not c.isalnum() for c in value)
    cases = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return (has_alpha and (has_digit or symbol)) or (cases and len(value) >= 8)


# The words of a slot the docs leave for the reader's own value (``your-api-key-here``,
# ``YOUR_TOKEN``, ``insert-key-here``), and the places a credential is kept, named where its
# value would stand (``パスワードは1Passwordの…``).
_SLOT_WORDS = frozenset(("your", "yours", "here", "placeholder", "insert", "redacted"))
_KEEPERS = frozenset(
    ("1password", "bitwarden", "lastpass", "keepass", "keepassxc", "dashlane", "vault",
     "keychain", "passbolt", "doppler", "infisical")
)  # fmt: skip
_SLOT_SPLIT = re.compile(r"[-_.\s]+")


def placeholder(value: str) -> bool:
    """Whether ``value`` is a slot the docs leave for the reader's own credential: words of
    a slot (``your-api-key-here``), a word telling to change it (``changeme``), or a run of
    one or two characters repeated (the body of ``ghp_xxxxxxxxxxxx``, ``********``), which no
    drawn key is."""
    tail = value[-12:]
    if len(tail) >= 8 and len(set(tail.lower())) <= 2:
        return True
    if change_me(value):
        return True
    words = _SLOT_SPLIT.split(value.lower())
    return len(words) >= 2 and not _SLOT_WORDS.isdisjoint(words)


def keeper(value: str) -> bool:
    """Whether ``value`` names where credentials are kept (a password manager, a vault)."""
    return value.lower() in _KEEPERS


def _usable(value: str) -> bool:
    low = value.lower()
    if len(value) < 3 or low in _NOT_VALUES or low in PREDICATES or set(value) <= set("*x.•#-_"):
        return False
    if placeholder(value) or keeper(value) or unit_or_shortcut(value):
        return False
    if value[0] in "$%{<[/~\\" or value.startswith(("http:", "https:", "./", "../")):
        return False
    return not _VERSION.fullmatch(value) and not _DOTTED.fullmatch(value)


def _passphrase(text: str, start: int) -> int | None:
    """Where a passphrase of three to eight words of letters from ``start`` ends."""
    end = start
    limit = min(len(text), start + 120)
    while end < limit and text[end] not in ".,;:!?\"'`\n()[]{}<>。":
        end += 1
    words = text[start:end].split()
    if not 3 <= len(words) <= 8 or not all(w.isalpha() for w in words):
        return None
    if any(w.lower() in _PROSE for w in words):
        return None
    return start + len(text[start:end].rstrip())


def _after_word(text: str, at: int, kind: str, weak: bool) -> tuple[str, int, int] | None:
    """The value that follows a credential word ending at ``at``, if any."""
    prose = _PLAIN_NEXT.match(text, at)
    if prose is not None and prose[1] not in _LEADS:
        return None  # "token index": a word of prose, no separator, no value
    sep = _SEPARATOR.match(text, at) or _BARE.match(text, at)
    if sep is None:
        return None
    start = sep.end()
    bare = sep.re is _BARE
    explicit = not bare and any(c in sep.group("sep") for c in ":=：")
    if (quoted := _QUOTED.match(text, start)) is not None:
        value = quoted.group("v")
        if _KEY_PREFIX.fullmatch(value):
            return None  # ``la clave `test_```: a key's prefix named, the part all keys share
        if _usable(value.strip()) and (not (weak or bare) or _mixed(value)):
            return kind, quoted.start("v"), quoted.end("v")
        return None
    if kind == "passphrase" and not bare:
        end = _passphrase(text, start)
        if end is not None:
            return kind, start, end
    if kind == "login" and not bare and (pair := _PAIR.match(text, start)) is not None:
        end = _trimmed(text, pair.start("v"), pair.end("v"))
        value = text[pair.start("v") : end]
        joined = pair.group("conj") is None or (_DIGIT.search(value) and _mixed(value))
        if _usable(value) and not pair.group("user").isdigit() and joined:
            return "password", pair.start("v"), end
    if text.startswith(("「", "『"), start):  # corner brackets quote a value
        start += 1
    word = _WORD.match(text, start)
    if word is None:
        return None
    # A script without spaces runs the clause on after the value: a value ends at the first
    # ideograph, kana, Hangul or closing mark ("16文字以上、…" is "16", a count; "Hunter2です"
    # and "「Hunter2」です" are "Hunter2").
    caseless = _CASELESS.search(text, start, word.end())
    end = _trimmed(text, start, caseless.start() if caseless is not None else word.end())
    value = text[start:end]
    if kind == "pin":
        ok = value.isdigit() and 4 <= len(value) <= 8 and not bare
    elif bare or weak:
        digit = _DIGIT.search(value) is not None
        ok = _shaped(value) or (not bare and digit and _mixed(value) and len(value) >= 8)
        ok = ok or (bare and not weak and _mixed(value) and len(value) >= 8)
    elif explicit:
        ok = _usable(value)
    else:  # a copula
        closes = end >= len(text) or text[end] in "\n" + _TRAILING
        closes = closes or _FINAL_COPULA.match(text, end) is not None
        plain = value.isalpha() and value.islower() and closes
        ok = _mixed(value) or value.isdigit() or plain
    if not ok or not _usable(value) or _TYPE_NAME.fullmatch(value):
        return None
    if _KEY_PREFIX.fullmatch(value):
        return None  # a key's prefix named
    if _PREFIXED.match(value):
        return None  # "הסיסמה ל-devkit": a Hebrew or Arabic prefix on a word, "to the devkit"
    if end < len(text) and text[end] in "([":
        return None  # code: a call or a subscript
    return ("password" if kind == "login" else kind), start, end


# A key's prefix, the letters every key of its kind starts with (``test_``, ``live_``,
# ``sk_``), named on its own.
_KEY_PREFIX = re.compile(r"[a-z]{2,6}[_-]")


def _value(m: re.Match[str], *groups: str) -> tuple[int, int] | None:
    for group in groups:
        if m.group(group) is not None:
            return m.span(group)
    return None


def find_credentials(text: str) -> list[tuple[str, int, int]]:
    """Every credential value of ``text`` said in words, options, headers or URLs, as
    ``(kind, start, end)``, in order and without overlaps."""
    found = [
        (end - len(literal) + 1, anchor)
        for end, (literal, found) in _automaton().iter(_lower(text))
        for anchor in found
    ]
    return credentials_at(text, found)


# The word before "key" or "secret" that makes it a thing of its own: a table's or a map's
# key ("the primary key is (tenant_id, order_no)"), a key pressed, a Kubernetes Secret or a
# vault entry named by where a value is read from ("from secret `billing-db`").
_OBJECT_KEYS = frozenset(
    ("primary", "foreign", "unique", "composite", "partition", "sort", "natural",
     "surrogate", "candidate", "compound", "idempotency", "cache", "dedup", "lookup",
     "translation", "i18n", "flag", "dictionary", "map", "hash", "json", "yaml", "enter",
     "escape", "shift", "control", "the")
)  # fmt: skip
_OBJECT_SECRETS = frozenset(("from", "in", "into", "named", "called", "kubernetes", "k8s"))
_PREVIOUS_WORD = re.compile(r"([^\W\d_]+)[ \t]+\Z")
# What such a key or secret is then named: words of letters joined by "_" or "-", quoted or
# not, or a list of them in brackets ("is `(tenant_id, order_no)`", "'api-key'",
# "`billing-db`"); a value with a digit or a symbol is a credential's after all.
_NAMED = re.compile(
    r"[ \t]*(?:(?:is|was)[ \t]+|[:=][ \t]*)?(?!(?:is|was)\b)[`'\"]?\(?"
    r"[a-z]+(?:[_-][a-z]+)*(?:,[ \t]*[a-z]+(?:[_-][a-z]+)*)*\)?[`'\"]?(?![\w@#$%&*!-])"
)


def _names_an_object(text: str, at: int, word: str) -> bool:
    """Whether the credential word at ``at`` names a thing of its own (a table's or a
    map's key, a Kubernetes Secret: :data:`_OBJECT_KEYS`, :data:`_OBJECT_SECRETS` by the word
    before it, or by its kind capitalised before a quoted name) named after it in words
    (:data:`_NAMED`). "The key is …" and "the secret is
    …" stay credentials; "the key" names a thing only by a quoted or code name."""
    low = word.lower()
    before = _PREVIOUS_WORD.search(text, max(0, at - 40), at)
    if before is None or _NAMED.match(text, at + len(word)) is None:
        return False
    previous = before.group(1).lower()
    after = text[at + len(word) :].lstrip()
    if low == "key" and previous in _OBJECT_KEYS:
        return previous != "the" or after.startswith(("'", "`"))
    if low != "secret":
        return False
    # A Kubernetes Secret, its kind capitalised and its name quoted (``Il Secret `sdi-signing```).
    kind = text.startswith("Secret", at) and after.startswith(("`", "'", '"'))
    return previous in _OBJECT_SECRETS or kind


def credentials_at(text: str, found: list[tuple[int, Anchor]]) -> list[tuple[str, int, int]]:
    """What :func:`find_credentials` returns, from the anchors found in ``text`` (each with
    the offset it starts at)."""
    spans: list[tuple[str, int, int]] = []
    for at, anchor in found:
        what = anchor[0]
        if what in (_AT_WORD, nearby.NEAR) and (_public(text, at) or _names_data(text, at)):
            continue  # a public key, a host key, a GPG key's id, a token's id: no secret
        if what == _AT_WORD:
            _, length, kind, weak, word = anchor
            if _names_an_object(text, at, word) or adjective_secret(text, at, at + length):
                continue  # a table's key, "le succès secret": a thing of its own
            if in_placeholder(text, at, at + length):
                continue  # ``${DB_PASS}@localhost:5432``: a slot's name, no value after it
            closing = _closes_compound(text, at, at + length, word)
            if closing or _isolated(text, at, at + length, word):
                # A compound the word opens may name another thing (``Passwort-Richtlinie``:
                # a policy): the value after it must look like a credential; so must the
                # value after a compound written as one word that it closes.
                end = _compound_end(text, at + length)
                hit = _after_word(text, end, kind, weak or closing or end > at + length)
                if hit is not None:
                    spans.append(hit)
        elif what == _AT_COMMAND:
            m = _COMMANDS[anchor[2]][1].match(text, at)
            span = None if m is None else _value(m, "q1", "q2", "w")
            if span is not None and _usable(text[span[0] : span[1]]):
                spans.append(("password", *span))
        elif what in (_AT_HEADER, _AT_AUTH):
            m = (_HEADER if what == _AT_HEADER else _AUTHORIZATION).match(text, at)
            if m is not None and (header := _header_value(text, m)) is not None:
                spans.append(header)
        elif what == _AT_QUERY:
            m = _PARAM.match(text, at - 1) if at > 0 and text[at - 1] in "?&;" else None
            if m is not None and _mixed(m["v"]):
                spans.append(("token", *m.span("v")))
        elif what == _AT_FLAG:
            m = _QUOTED_FLAG.match(text, at)
            span = None if m is None else _value(m, "q1", "q2")
            if span is not None and nearby.password_shaped(text[span[0] : span[1]]):
                spans.append(("password", *span))
        elif what == nearby.NEAR:
            spans.extend(nearby.value_near(text, at, anchor))
        elif what == nearby.NEAR_PHRASE:
            if (phrase := nearby.passphrase_near(text, at, anchor)) is not None:
                spans.append(phrase)
        elif what == nearby.NEAR_URL:
            spans.extend(nearby.url_tokens(text, at, anchor))
        elif what == nearby.NEAR_LABEL:
            if not in_placeholder(text, at, at + anchor[1]):  # ``${DB_PASS}@host:5432/db``
                spans.extend(nearby.value_labelled(text, at, anchor))
        elif (m := _URL_PATH.match(text, at)) is not None:
            spans.append(("token", *m.span("v")))
    return _disjoint(spans)


#: Words before "key" that make it public: what it holds (a public key, an id) is no secret.
_PUBLIC = frozenset(("public", "publishable", "host", "gpg", "pgp", "ssh-ed25519", "ssh-rsa"))


# Keys of data, not of a lock, as a header or a field names them (``Idempotency-Key``,
# ``cache_key``): "the primary key is …" in prose is read as a key's value all the same.
_DATA_KEYS = frozenset(
    ("primary", "foreign", "unique", "composite", "partition", "sort", "natural", "surrogate",
     "candidate", "compound", "idempotency", "cache", "dedup", "lookup", "routing", "shard")
)  # fmt: skip
_DATA_KEY_BEFORE = re.compile(r"([A-Za-z]+)[-_]\Z")
# What a credential word names when its id follows it (``token id …``, ``key, id …``): the
# id, printed to tell one from another, not the value. A secret's id is read as a secret
# (Vault's AppRole ``secret id`` is its password).
_ID_AFTER = re.compile(r"[ \t]{0,2},?[ \t]{0,2}(?i:ids?|identifiers?)(?![\w-])")
_KEY_WORDS = re.compile(r"(?i:keys?|tokens?)(?![A-Za-z])")


def _names_data(text: str, at: int) -> bool:
    """Whether the credential word at ``at`` is a key of data (:data:`_DATA_KEYS` before
    it), or a key's or a token's word followed by its id (:data:`_ID_AFTER`)."""
    word = _KEY_WORDS.match(text, at)
    if word is None:
        return False
    if _ID_AFTER.match(text, word.end()) is not None:
        return True
    before = _DATA_KEY_BEFORE.search(text, max(0, at - 24), at)
    return before is not None and before.group(1).lower() in _DATA_KEYS and word.group()[0] in "kK"


def _public(text: str, at: int) -> bool:
    """Whether the credential word at ``at`` is "key" and the word before makes it public."""
    if not text.startswith(("key", "Key", "KEY"), at):
        return False
    before = text[max(0, at - 24) : at].split()
    return bool(before) and before[-1].lower().strip("\"'`(") in _PUBLIC


def _header_value(text: str, m: re.Match[str]) -> tuple[str, int, int] | None:
    start, end = m.span("v")
    value = text[start:end]
    named = m.re is _AUTHORIZATION or (m.start() > 0 and text[m.start() - 1].isalnum())
    if named and _mixed(value) and _DIGIT.search(value) and not _UUID.fullmatch(value):
        return "api_key", start, end
    return None


def _disjoint(spans: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """The spans in order, each overlapping none before it (the earliest, then longest)."""
    kept: list[tuple[str, int, int]] = []
    for span in sorted(spans, key=lambda s: (s[1], -s[2])):
        if not kept or span[1] >= kept[-1][2]:
            kept.append(span)
    return kept
