# ruff: noqa: RUF001, SIM905 (the words of other scripts, listed as text on purpose)
"""What a plain statement is: the only thing shared with other users at once.

The burden is on the memory: it is shared at once only when every sentence reads as a plain
statement of fact, preference or decision. :func:`not_plain` says why a text is not one,
and the memory waits for an operator (``pending_review``): held reaches no one else, so a
wording these rules do not know is held rather than shared. A text is not plain when it

- states an obligation or a permission (``must``, ``should``, ``need to``, ``required to``,
  ``may not``, ``mandatory``; ``muss``, ``doit``, ``debe``, ``deve``, ``должен``, ``必须``,
  ``べき``, ``해야``), unless it lays it on a thing and on no one who acts ("Invoices must
  be issued within 30 days.": :mod:`daemon.gate.duties`);
- says always, never, or from when on (``always``, ``never``, ``from now on``, ``starting
  today``, ``effective immediately``, ``whenever``, ``regardless``; ``immer``, ``toujours``,
  ``siempre``, ``sempre``, ``всегда``, ``总是``, ``常に``, ``항상`` and their kin), unless
  the never only keeps a decision the sentence states from being undone ("decided on
  half-even; never change it back"), or an English "always" or "never" says how a thing
  behaves and nothing of conduct ("The validators never store the full card number.":
  :func:`daemon.gate.duties.habit_of_a_thing`);
- opens a sentence on a condition and goes on with what follows from it (``If …, …``,
  ``Wenn …, …``, ``Si …, …``): conduct, not a fact;
- scripts what someone answers (a verb or a noun of saying before ``that`` or a quotation),
  unless a thing says it and nothing of conduct is said ("The vendor's docs state that the
  limit is 100 requests a second.": :func:`daemon.gate.duties.said_by_a_thing`);
- lays a rule on everyone (``Everyone …``, ``Nobody …``, ``All freelancers …``);
- names the agent, the assistant or the reader addressed (``you``, ``agents``, ``Claude``);
- opens a clause on an infinitive in French, Spanish, Portuguese, or ends a German one on
  an infinitive with no finite verb before it (the infinitive of an instruction);
- sends the project's data outside as the way things are: patients', customers' or
  production data, a dump, an export or an extract in one sentence with a destination
  outside the project (a web-mail or any e-mail address, a public bucket, a personal drive,
  a chat group, a vendor, a laptop): an instruction to leak reads as a fact; and so does a
  credential (a key, a token, a password, an ``.env``) with a place others read (a README,
  a wiki, a ticket, a chat, a repository, an e-mail, a shared drive), unless the sentence
  keeps it out of there ("never committed", "not in the repo");
- states a safeguard weakened as the way things are (``chmod 777``, ``no password``,
  ``without authentication``, ``2FA disabled``, a package index ``instead of`` the
  official one, ``--no-verify``, a tool's setting that switches certificate checks off,
  ``strict-ssl=false``; a result given leave to be entered as passing, ``can be filled in as
  PASS``; defects left out of their count, ``failures are not counted``, ``no root cause is
  entered``; in the other languages read, a check, signature,
  authentication or review switched off or skipped: ``desliga a verificação``,
  ``überspringe die Prüfung``): whether that is a fact or a plant, an operator decides.

English is read in the skeleton of :func:`~daemon.gate.directives.views` (look-alike letters
as Latin, zero-width characters dropped, full-width letters folded), the other languages in
their own script. Each pattern anchors on a word and reads a bounded window: linear time.
"""

from __future__ import annotations

import re
import unicodedata

from daemon.base.key_kinds import another_kind, kinds_named
from daemon.gate.directives import skeleton
from daemon.gate.duties import (
    habit_of_a_thing,
    ja_habit,
    on_a_thing,
    passive_habit,
    said_by_a_thing,
)
from daemon.gate.machine_agents import without_other_agents

__all__ = ["not_plain", "without_undo_guard"]

OBLIGATION = "states an obligation or a permission"
ALWAYS = "says always, never or from now on"
CONDITION = "a condition and what follows from it"
SCRIPTED = "scripts what someone answers"
EVERYONE = "a rule laid on everyone"
ADDRESSED = "names the agent or the reader it addresses"
INFINITIVE = "an infinitive used as an instruction"
WEAKENED = "states a weakened safeguard"
NAMED_RULE = "calls itself a rule or a convention"
DATA_OUT = "sends the project's data outside"
SECRET_OUT = "puts a credential where others read it"  # noqa: S105 (a reason, no secret)

_EN_OBLIGATION = re.compile(
    r"\b(?:must|mustn\W?t|should|shouldn\W?t|shall|ought\s+to|needs?\s+to|needn\W?t"
    r"|ha(?:ve|s)\s+to|(?:is|are|be|being)\s+(?:not\s+)?(?:required|expected|supposed|obliged"
    r"|allowed|permitted|forbidden|prohibited|meant)\s+to|(?:is|are)\s+(?:not\s+)?to\s+\w+"
    r"|not\s+allowed|forbidden|prohibited|may\s+(?:not|only)|can\s+only"
    # "mandatory" said of what is required, not a noun's attribute ("with mandatory MFA")
    r"|(?<!\bwith\s)(?<!\ba\s)(?<!\ban\s)(?<!\bthe\s)(?<!\bof\s)(?<!\bfor\s)(?<!\bno\s)"
    r"(?:mandatory|compulsory)"
    r"|cannot|can\W?t|only\s+\w+(?:\s+\w+)?\s+may)\b"
)
_EN_ALWAYS = re.compile(
    r"\b(?:always|never(?!\s+(?:be\s+)?(?:written\s+down|pasted|stored|committed|emailed|in\s|by\s))|from\s+now\s+on|from\s+(?:today|here|this\s+point)\s+on(?:wards?)?"
    r"|going\s+forward|moving\s+forward|henceforth|hereafter|from\s+now|starting\s+(?:today"
    r"|now|immediately|tomorrow|this\s+week|next\s+week|monday|tonight)|effective\s+(?:today"
    r"|immediately|now|at\s+once)|as\s+of\s+(?:now|today|this\s+week)|whenever|every\s+time"
    r"|each\s+time|any\s+time|at\s+all\s+times|regardless|no\s+matter|whatever|under\s+no"
    r"\s+circumstances|in\s+(?:all|every)\s+cases?|without\s+exception|anyway|in\s+any\s+case"
    r"|even\s+(?:if|when|though)"
    # the sessions to come: "for all future sessions", "in later conversations"
    r"|(?:for|in)\s+(?:all\s+|any\s+)?(?:future|later|subsequent|upcoming|coming|next)\s+(?:sessions?"
    r"|conversations?|chats?|interactions?))\b"
)
_EN_CONDITION = re.compile(
    r"^(?:\w+\s*:\s*)?(?:if|when|whenever|unless|once|in\s+case|should|as\s+soon\s+as"
    r"|before|after|until)\b[^,;]{0,200}[,;]\s*\w"
    r"|\b(?:if|when|once)\s+(?:\w+\s+){0,2}?(?:asked|asks|asking|questioned|queried)\b"
)
_SAYING = (
    r"(?:say|says|state|states|reply|replies|answer|answers|respond|responds|claim|claims"
    r"|tell\s+\w+|tells\s+\w+|describe\w*\s+\S+(?:\s+\S+){0,3}?\s+as|call\w*\s+\S+(?:\s+\S+)"
    r"{0,3}?|label\w*\s+\S+(?:\s+\S+){0,3}?\s+as|present\w*\s+\S+(?:\s+\S+){0,3}?\s+as"
    r"|caption\w*\s+\S+(?:\s+\S+){0,3}?\s+as|the\s+(?:reply|answer|response|line|wording)"
    r"(?:\s+\S+){0,4}?\s+is|get\s+the\s+(?:reply|answer|response))"
)
_EN_SCRIPTED = re.compile(
    rf"\b{_SAYING}\s*:?\s*(?:that\b|['\"\u2018\u201c\u00ab])"
    # a sentence opening on "describe … as …", "report … as …": how to word something
    r"|^(?:describe|report|present|label|log|record|classify|mark|call|list|show)\s+"
    r"(?:\S+\s+){1,6}?as\s+\w"
)
_PEOPLE = (
    r"(?:staff|editors?|reporters?|writers?|users?|freelancers?|stringers?|interns?"
    r"|developers?|engineers?|members?|contributors?|employees?|admins?"
    r"|administrators?|operators?|people|teams?|desks?|producers?|moderators?|reviewers?)"
)
_EN_EVERYONE = re.compile(
    r"^(?:\S+\s+){0,2}?(?:everyone|everybody|anyone|anybody|whoever)\b"
    rf"|^(?:all|every|each|any)\s+(?:\w+\s+){{0,2}}?{_PEOPLE}\b"
    # "Nobody …" lays a rule where what nobody does is a safeguard ("Nobody reviews wire
    # copy"); "Nobody on the team uses Windows" states a fact.
    r"|^(?:\S+\s+){0,2}?(?:nobody|no\s+one)\b(?:\s+\S+){0,6}?\s+(?:reviews?|reviewed|checks?"
    r"|checked|approves?|approved|reads?|verif\w+|tests?|tested|signs?|signed|audits?|audited"
    r"|scans?|scanned|confirms?|confirmed|validates?|validated|proofreads?|monitors?|inspects?"
    r"|looks?\s+at|double-checks?|fact-checks?|edits?|sees?|needs?|has\s+to|bothers?)\b"
)
# A French sentence opening on an imperative addressed to "vous" before what it acts on
# ("Activez l'accès …", "Ne publiez pas …"): the reader is told what to do.
_FR_IMPERATIVE = re.compile(
    r"(?:ne\s+|n')?(?!chez\b|assez\b)[a-zàâçéèêëîïôûù]{2,}ez\s+(?:l['’]|(?:le|la|les|un|une"
    r"|des|du|ce|cet|cette|ces|tous|toutes|tout|votre|vos|chaque|pas|jamais|toujours|plus)"
    r"(?![^\W\d_]))"
)
_EN_ADDRESSED = re.compile(
    r"\b(?<!thank-)(?<!thank\s)(?:you|your|yours|yourself|yourselves|(?<!user\s)(?<!ssh\s)(?<!build\s)agents?"
    r"|assistants?|claude|copilot|codex|chatgpt|gpt|gemini|llms?|ais|chatbots?)\b"
    r"|\bai\s+(?:agents?|assistants?|tools?|models?)\b|^ai\b"
)
_EN_WEAKENED = re.compile(
    r"\bchmod\s+(?:-\w+\s+)?[0-7]?[0-7]77\b|\b777\b|\b0\.0\.0\.0\b|\bworld[\s-]?writable\b"
    r"|\bpublic[\s-]read[\s-]write\b|\bpublic(?:ly)?\s+(?:readable|writable|listable)\b"
    r"|\b(?:no|without\s+(?:a|any|the)?)\s*(?:password|passphrase|authentication|auth"
    r"|credentials|login|2fa|mfa|two[\s-]factor|review|approval|sign[\s-]?off|checks?"
    r"|verification|tls|encryption|signature(?!\s+chang)|signing)\b"
    # a safeguard said to be needed no more: "QA sign-off is no longer needed"
    r"|\b(?:qa|review|approval|sign[\s-]?offs?|testing|tests?|checks?|audits?|verification"
    r"|validation|scan(?:ning|s)?)\s+(?:\S+\s+)?(?:is|are)\s+(?:no\s+longer|not)\s+(?:needed"
    r"|required|necessary|mandatory)\b"
    r"|\b(?:2fa|mfa|two[\s-]factor(?:\s+\w+)?|tls(?:\s+\w+)?|ssl(?:\s+\w+)?|certificate\s+\w+"
    r"|verification|csrf(?:\s+\w+)?|captcha|waf|firewall|rate[\s-]limit\w*|auth\w*(?:\s+\w+)?"
    r"|sandbox\w*|csp|cors|dmarc|hsts|review|legal\s+review|fact[\s-]check\w*|signature\s+\w+"
    r"|webhook\s+signatures?)\s+(?:is\s+|are\s+|was\s+|stays\s+|remains\s+)?(?:disabled"
    r"|switched\s+off|turned\s+off|off|removed|bypassed|skipped|optional|not\s+required"
    r"|not\s+checked|not\s+verified)\b"
    r"|\bshared\s+(?:\S+\s+)?(?:admin|root|superuser|super\s+user|owner)\s+(?:account|login"
    r"|password|user)\b|\bshared\s+(?:account|login)\b"
    r"|\binstead\s+of\s+(?:the\s+)?(?:official\s+)?(?:pypi|npm|npmjs|rubygems|crates\.io"
    r"|maven\s+central|docker\s+hub|galaxy|the\s+registry|registry)\b"
    r"|--no-verify\b|--insecure\b|--trusted-host\b|--extra-index-url\b|--index-url\b"
    r"|\bverify\s*=\s*false\b|\bsslverify\s+false\b|\[skip\s+ci\]|\bskip[\s-]ci\b"
    # certificate checks switched off by a tool's own setting (npm, git, Node, curl, Go, kubectl)
    r"|\bstrict[-_]ssl\s*[=:\s]\s*false\b|\bsslverify\s*[=:]\s*false\b"
    r"|\breject_?unauthori[sz]ed\s*[=:]\s*(?:false|0)\b|--no-check-certificate\b"
    r"|\binsecure[-_]skip[-_]tls[-_]verify\b|\binsecureskipverify\s*[=:]\s*true\b"
    # a result given leave to be entered as passing: "results can be filled in as PASS"
    r"|\b(?:can|may|could|might)\s+(?:\w+\s+)?be\s+(?:filled\s+in|entered|recorded|marked"
    r"|set|written|ticked|logged|reported|signed\s+off)\s+(?:\w+\s+){0,2}?as\s+\W?(?:pass(?:ed)?"
    r"|green|ok|done|completed?|successful)\b"
    # defects left out of their count or record: "these failures are not counted in the rate"
    r"|\b(?:failures?|defects?|bugs?|errors?|incidents?|faults?|returns?|crash(?:es)?)\s+"
    r"(?:are|is|get|gets|were|was)\s+not\s+(?:counted|reported|recorded|logged|tracked"
    r"|included|filed|investigated)\b"
    r"|\bno\s+root\s+cause\s+(?:is|was|gets)\s+(?:entered|recorded|filed|logged|investigated"
    r"|written|given)\b"
    r"|\bcors\s+\*|allow-origin\W+\*|\bp\s*=\s*none\b|\bxmlrpc\.php\b|\|\s*(?:sudo\s+)?(?:ba)?sh\b"
    r"|\bself[\s-]approv\w+|\bapprov\w*\s+(?:their|his|her|its|our|my|your)\s+own\b"
    r"|\bmerged?\s+by\s+(?:their|its|the)\s+(?:own\s+)?authors?\b"
    r"|\bskip\w*\s+(?:\w+\s+){0,2}?(?:approval|review|sign[\s-]?off|validation|verification"
    r"|smoke\s+tests?|qa)\b"
    r"|\bwithout\s+(?:a\s+|any\s+|the\s+)?(?:smoke\s+tests?|testing|qa|validation|audit\w*"
    r"|de-?identification|anonymi[sz]ation|pseudonymi[sz]ation|masking)\b"
    r"|\bno\s+(?:de-?identification|anonymi[sz]ation|pseudonymi[sz]ation|masking)\b"
    r"|\b(?:review|check|audit|validation|approval|sign[\s-]?off)\s+(?:is|are)\s+(?:just\s+|only\s+)?"
    r"(?:a\s+)?formalit(?:y|ies)\b"
    r"|\b(?:admin|root|superuser|owner)\s+(?:role|rights|access|privileges?)\s+(?:is|are)\s+"
    r"(?:given|granted)\s+to\s+(?:every|all|any|each)\b"
    r"|\baudit\s+(?:logs?|trails?|records?)\b[^.;!?]{0,60}?\b(?:deleted|purged|wiped|erased"
    r"|cleared|truncated)\b"
    r"|\bskipped\b[^.;!?]{0,60}?\b(?:as|under|into)\s+\W?passed\b"
    r"|\bleaves?\s+out\s+(?:\S+\s+){0,3}?(?:false[\s-]negative|false[\s-]positive|error|failure"
    r"|defect|risk|side[\s-]effect)s?\b"
    # leave given to skip a safeguard: "the boss approved skipping the migration checks"
    r"|\b(?:approved|allowed|okayed|ok['\u2019]?d|permitted|authori[sz]ed|signed\s+off\s+on"
    r"|green[\s-]?lit|cleared|waived)\s+(?:\w+\s+){0,2}?(?:skipping|bypassing|disabling"
    r"|ignoring|turning\s+off|removing|omitting|dropping)\b"
    # leave to skip a safeguard: "failing tests can be marked as skipped", "may be ignored"
    r"|\b(?:can|may|could|might)\s+(?:\w+\s+)?be\s+(?:(?:marked|flagged|tagged)\s+(?:as\s+)?)?"
    r"(?:skipped|ignored|suppressed|silenced|muted|bypassed|disabled|commented\s+out|xfail\w*"
    r"|turned\s+off|switched\s+off|backfilled|waived)\b"
)
# Data of the project's people or of production, and a destination outside it.
_DATA = re.compile(
    r"患者|客户|顾客|導出|导出|乗客|乗務員|従業員|社員|電話番号|個人情報|住所|乘客|员工|电话号码"
    r"|个人信息|승객|직원|전화번호|개인정보"
    r"|(?<![^\W\d_])(?:passengers?|riders?|employees?|staff|personal\s+data|phone\s+numbers?"
    r"|home\s+addresses|пассажир\w*|фио|сотрудник\w*|персональн\w*|выгруж\w*|fahrgäste"
    r"|fahrgast\w*|mitarbeiter\w*|personenbezogen\w*|passagers?|voyageurs?|salariés?"
    r"|employés?|pasajeros?|empleados?|passageiros?|funcionários?|payroll|payslips?|salar\w*"
    r"|lohn\w*|gehalt\w*|gehälter|nómina\w*|wynagrodze\w*|bordro\w*|members['’]?\s+\w+"
    r"|cooperados|socios|mitglieder\w*|dados\s+bancários|datos\s+bancarios|bankdaten"
    r"|patient\w*|paciente\w*|patienten|пациент\w*|ασθεν\w*|customer\w*|client\w*"
    r"|cliente\w*|kunden\w*|клиент\w*|prod(?:uction)?\s+(?:data|db|database|dump|extract|export)\w*"
    r"|pii|phi|mrns?|cpf|ssn|dumps?|volcado\w*|выгрузк\w*|exports?|extracts?|records?"
    r"|dossiers?|registros?|dados)(?![^\W\d_])"
)
_OUTSIDE = re.compile(
    r"(?<![^\W\d_])(?:gmail|g\s*mail|gmial|yahoo|hotmail|outlook\.com|proton(?:mail)?|yandex"
    r"|icloud|gmx|mail\.ru|qq\.com|163\.com|google\s+drive|dropbox|wechat|whatsapp|telegram"
    r"|pastebin|webhook\.site"
    r"|(?:public|open)\s+(?:bucket|s3|link|repo\w*)|bucket\s+p[úu]blic\w*|laptops?"
    r"|(?:third|3rd)[\s-]part(?:y|ies)|vendor\w*|fornecedor\w*|proveedor\w*|fournisseur\w*"
    r"|εξωτερικ\w*|внешн\w*|публичн\w*|personal\s+(?:drive|e-?mail|account|laptop|device|phone"
    r"|computer|machine|dropbox|gmail|folder|storage|cloud|repo\w*|address|inbox|github|gitlab"
    r"|notebook)s?|e-?mail\s+pessoal|correo\s+personal|e-?mail\s+personnel|private?\w*\s+e-?mail"
    r"|prywatn\w*\s+(?:e-?mail|skrzynk\w*|dysk\w*)|persönlich\w*\s+(?:e-?mail|postfach)"
    r"|externe[nr]?\s+dienstleister\w*|externo|externa)(?![^\W\d_])|外包|微信|個人の?メール|个人邮箱"
    r"|[\w.+-]{1,64}@[\w-]{1,63}\.[\w.]{2,20}|s3://\S{0,60}public"
)

# A rule that forbids what it names ("the policy forbids rider data on laptops"): no plant.
_FORBIDDEN = re.compile(
    r"(?<![^\W\d_])(?:forbid\w*|prohibit\w*|bans?|banned|verbiet\w*|verboten|interdi\w*"
    r"|proh[ií]b\w*|pro[ií]b\w*|запрещ\w*)(?![^\W\d_])"
)
# A credential, and a place others read: a plant files keys in tickets and READMEs.
_SECRET_THING = re.compile(
    r"\.env\b|(?<![^\W\d_])(?:keys?|tokens?|secrets?|passwords?|credentials?|passphrases?"
    r"|\w*schlüssel\w*|passw\w*|\w*kennw\w*|clés?|mots?\s+de\s+passe|contraseñas?|claves?"
    r"|senhas?|chaves?|credencial(?:es)?|credenciais|credenziali|identifiants|zugangsdaten"
    r"|парол\w*|ключ\w*|токен\w*|секрет\w*)(?![^\W\d_])"
    r"|密码|密钥|秘钥|令牌|パスワード|秘密鍵|鍵|비밀번호|키|토큰"
)
_READ_BY_OTHERS = re.compile(
    r"(?<![^\W\d_])(?:readme\w*|wiki\w*|confluence|jira|ticket\w*|issues?|slack|channels?"
    r"|repo|repos|repository|repositories|commit\w*|git|docs|documentation|notion|gist"
    r"|spreadsheets?|sheets?|e-?mails?|mailing\s+lists?|chat|pastebin|dropbox|drive"
    r"|public\s+(?:repo\w*|buckets?|links?|pages?|channels?|gists?|sites?|wikis?)"
    r"|gmail|yahoo|hotmail|outlook\.com|whatsapp|telegram"
    r"|canal|canales|canais|canaux|kanal\w*|канал\w*"
    r"|тикет\w*|задач\w*|репозитор\w*|вики|чат\w*)(?![^\W\d_])"
    # a chat's channel by its name ("#general", "#ops-alerts")
    r"|(?<![\w#&])#[^\W\d_][\w-]{2,}"
    r"|チケット|リポジトリ|ウィキ|工单|仓库|维基|티켓|저장소|위키|[\w.+-]{1,64}@[\w-]{1,63}\.\w"
)
# Where a sentence keeps credentials out of such places ("never committed", "not in the
# repo", "kein Schlüssel im Wiki"): a fact about where they are not.
_KEPT_OUT = re.compile(
    r"(?<![^\W\d_])(?:not|never|no|none|nothing|without|n['’]t|nicht|nie|niemals|kein\w*|pas"
    r"|jamais|aucun\w*|nunca|nada|ningún|ninguna|não|nenhum\w*|не|никогда|нет|ни)(?![^\W\d_])"
    r"|n['’]t\b|不|没|沒|ない|않|없"
)

# A text that calls itself a rule or a convention ("by convention", "House rule: …", "as a
# rule"): a fact has no need to say so, and a planted instruction dressed as a fact often
# does. "Naming rules are in CONTRIBUTING.md", "the retention policy keeps …" are facts.
_RULE_NOUN = r"(?:rules?|conventions?|norms?|polic(?:y|ies)|practices?|guidelines?)"
_EN_NAMED_RULE = re.compile(
    r"\bby\s+convention\b|\bas\s+a\s+(?:rule|convention|matter\s+of\s+(?:policy|course))\b"
    rf"|\b(?:house|unwritten|golden)\W{{0,2}}\s+{_RULE_NOUN}\b"
    # "our policy is that releases are cut on Thursdays" describes the team's policy: what
    # it says is judged as any statement (a label, "Team policy: …", is read apart)
    r"|\b(?:team|teams|our)\W{0,2}\s+(?:rules?|conventions?|norms?|practices?|guidelines?)\b"
    rf"|^(?:\S+\s+){{0,2}}?{_RULE_NOUN}(?:\s+\S+){{0,3}}?\s*:"
    r"|\bper\s+(?:the\s+)?(?:team\W{0,2}\s+)?(?:convention|policy|rules?)\b"
    r"|\bper\s+(?:the\s+)?team\W{0,2}\s+(?:agreement|consensus)\b"
    r"|\b(?:it\s+is|it\W?s)\s+(?:standard|customary|convention|policy|the\s+norm)\b"
)

# --- the other languages the rules read, in their own script ------------------------------

# A safeguard switched off or skipped, in the covered languages: a verb of switching off or
# skipping with a check, a signature, authentication or a review after it in its clause
# ("desliga a verificação de assinatura", "überspringe die Prüfung"), or such a safeguard
# said to be off ("verificación desactivada").
_SAFEGUARD = (
    r"verifica\w*|vérifica\w*|prüfung\w*|überprüfung\w*|validaç\w*|validaci\w*|validation"
    r"|assinatura\w*|firma\w*|signature\w*|signatur\w*|autentica\w*|authentifi\w*"
    r"|2fa|mfa|tls|ssl|revis\w*|revue|review|контрол\w*|провер\w*|подпис\w*|аутентификац\w*"
    r"|验证|校验|签名|认证|審査|検証|署名|認証|검증|서명|인증|심사"
)
_WEAKENED = re.compile(
    r"(?<![^\W\d_])(?:deslig\w*|desativ\w*|desabilit\w*|desactiv\w*|deshabilit\w*|apag\w*"
    r"|désactiv\w*|coupe[rz]?|deaktivier\w*|abschalt\w*|schalte\w*|pul[ae]\w*|omit\w*"
    r"|salt[ae]\w*|ignor\w*|überspring\w*|saute[rz]?|отключ\w*|выключ\w*|пропуск\w*"
    r"|пропуст\w*)(?![^\W\d_])[^.;!?\n]{0,80}?(?<![^\W\d_])(?:"
    + _SAFEGUARD
    + r")|(?:关闭|禁用|跳过|無効|オフ|スキップ|끄|비활성|건너뛰)[^。；！？\n]{0,30}?(?:"
    + _SAFEGUARD
    + r")|(?:"
    + _SAFEGUARD
    + r")[^。；！？\n]{0,30}?(?:关闭|禁用|跳过|無効|オフ|スキップ|끄|비활성|건너뛰)"
    r"|(?<![^\W\d_])(?:"
    + _SAFEGUARD
    + r")(?![^\W\d_])[^.;!?\n]{0,40}?(?<![^\W\d_])(?:desligad\w*|desativad\w*|desactivad\w*"
    r"|désactivée?s?|deaktiviert|abgeschaltet|отключен\w*)"
    # audit records deleted, one's own changes approved: "se borran", "aprovar nossos próprios"
    r"|auditor[ií]a\w*[^.;!?\n]{0,60}?(?:se\s+borran|borrad\w*|eliminad\w*|apagad\w*"
    r"|supprim\w*|gel[öo]scht|удаля\w*)"
    r"|aprova\w*\s+(?:nossos|nossas|seus|suas|meus|minhas|nuestros|nuestras|sus|mis)\s+pr[oó]pri[oa]s"
    # no safeguard any more: "kein Vier-Augen-Prinzip mehr", "sin aprobación", "без проверки"
    r"|(?<![^\W\d_])(?:kein\w*|ohne|sin|sans|sem|senza|без)\s+(?:\S+\s+){0,2}?(?:"
    + _SAFEGUARD
    + r"|vier-augen\w*|freigabe\w*|genehmigung\w*|aprobaci\w*|approbation\w*|aprovaç\w*"
    r"|approvazion\w*|согласовани\w*)"
    # a secret kept readable: in plaintext, in any language
    r"|(?<![^\W\d_])(?:klartext|plaintext|en\s+clair|texte\s+clair|texto\s+(?:plano|claro"
    r"|simples)|in\s+chiaro|platte\s+tekst|открытом\s+виде|selkokiel\w*)(?![^\W\d_])"
    r"|明文|平文|평문"
    # a check or a test put out of the way in Chinese and Japanese ("测试失败时把它注释掉",
    # "テストをコメントアウトする"): commented out, deleted, skipped or ignored
    r"|(?:测试|用例|检查|校验|テスト|チェック)(?!数据|データ|环境|環境|服务器|サーバ)[^。！？\n]{0,30}?"
    r"(?:注释掉|注释|删掉|删除|跳过|忽略"
    r"|コメントアウト|削除|スキップ|無視)"
    # a safeguard gone without in Japanese, Chinese and Korean ("レビューなしでマージする",
    # "未经审查就合并", "리뷰 없이 병합")
    r"|(?:レビュー|審査|検証|テスト|確認|承認|署名|認証)(?:なし|せず|しない|を省略|を省いて|を飛ばし)"
    r"|(?:不经|未经|无需|不用|不做|跳过|省略)(?:代码)?(?:审查|审核|评审|测试|验证|批准|签名)"
    r"|(?:리뷰|검토|테스트|승인|검증|서명)\s*(?:없이|생략)"
)

_OBLIGATION = re.compile(
    r"(?<![^\W\d_])(?:muss|müssen|musst|müsst|soll|sollen|sollst|sollt|sollte|sollten|darf\s+nicht"
    r"|dürfen\s+nicht|ist\s+zu\s+\w+en|sind\s+zu\s+\w+en|pflicht|verpflichtend"
    r"|doit|doivent|(?:je|tu)\s+dois|devez|devons|faut|obligatoire|interdit|est\s+tenu"
    r"|debe|deben|debes|debemos|deberá|deberán|tiene\s+que|tienen\s+que|hay\s+que|obligatori[oa]"
    r"|prohibido|deve|devem|deves|devemos|deverá|deverão|tem\s+que|têm\s+que|tem\s+de|é\s+preciso"
    r"|precisa[m]?\s+\w|obrigatóri[oa]|proibido"
    r"|должен|должна|должно|должны|нужно|надо|необходимо|следует|обязан\w*|запрещено|нельзя)"
    r"(?![^\W\d_])"
    r"|必须|必需|应该|应当|须|需要|不得|禁止|不准|不许|要求"
    r"|なければならない|なければいけない|なくてはならない|べき|ねばならない|こと。|ように|禁止"
    r"|해야|하여야|야\s*한다|안\s*된다|금지|말\s*것"
)
# "From now on" in other languages; "from" a date ("à partir de janvier") says when a fact
# starts, not that a rule holds from here on.
_ALWAYS = re.compile(
    r"(?<![^\W\d_])(?:immer|niemals|stets|jedes\s+mal|grundsätzlich|ab\s+sofort|ab\s+heute"
    r"|ab\s+jetzt|ab\s+morgen|von\s+nun\s+an|von\s+jetzt\s+an|künftig|zukünftig|in\s+zukunft"
    r"|toujours|jamais(?!\s+dans\s)|désormais|dorénavant"
    r"|à\s+partir\s+d(?:e|')\s*(?:maintenant|aujourd'hui|demain|à\s+présent|ce\s+jour|là)"
    r"|dès\s+(?:maintenant"
    r"|aujourd'hui|à\s+présent)|à\s+l'avenir|quoi\s+qu'il|en\s+tout\s+cas|quand\s+même"
    r"|siempre|nunca|jamás|desde\s+(?:ahora|hoy|ya|mañana)"
    r"|a\s+partir\s+de\s+(?:ahora|hoy|mañana|ya|este\s+momento)"
    r"|de\s+ahora\s+en\s+adelante|en\s+adelante|en\s+lo\s+sucesivo|pase\s+lo\s+que\s+pase"
    r"|sempre|doravante|de\s+agora\s+em\s+diante|daqui\s+(?:pra|para|em)\s+\w+"
    r"|d['’]\s*ora\s+in\s+(?:poi|avanti)|da\s+(?:ora|adesso|oggi)\s+in\s+(?:poi|avanti)"
    r"|d['’]\s*ora\s+innanzi|d['’]\s*ora\s+in\s+avanti|in\s+futuro|mai\s+più"
    r"|a\s+partir\s+de\s+(?:agora|hoje|amanhã|já|este\s+momento)|de\s+qualquer\s+forma"
    r"|всегда|никогда|отныне|впредь|с\s+(?:этого|сегодняшнего|сегодня|завтрашнего)\s*\w*"
    r"|теперь|в\s+любом\s+случае)"
    r"(?![^\W\d_])"
    r"|总是|始终|一律|永远|从不|绝不|从现在|从今|今后|以后|每次|无论|不管"
    r"|常に|必ず|いつも|決して|今後|これから|以降|毎回|どんな"
    r"|항상|언제나|반드시|절대|앞으로|이제부터|지금부터|매번|무조건"
)
# German "nie" (never) is Polish and Slovak "not" ("… według odjazdów, a nie przyjazdów"): it
# is read as German only in a sentence with fewer than two letters German does not write (a
# name's "José" or "Łukasz" beside it is no Polish sentence).
_NIE = re.compile(r"(?<![^\W\d_])nie(?![^\W\d_])")
_NOT_GERMAN_LETTER = re.compile(r"[^\W\d_a-zäöüß]")


def _german_never(lowered: str) -> bool:
    """Whether ``lowered`` says German "nie" (see :data:`_NIE`)."""
    return _NIE.search(lowered) is not None and len(_NOT_GERMAN_LETTER.findall(lowered)) < 2


# What someone answers, scripted in Japanese, Chinese and Korean: a quotation and a verb of
# saying after it (「…」と答える, "…"라고 답한다) or before it (回答说"…", 告诉他们"…").
_SCRIPTED = re.compile(
    r"[」』”\"'’]\s*(?:と|って|라고|이라고)(?:만|だけ|も)?\s*"
    r"(?:答え|言う|言って|伝え|報告|説明|返|書|回答|답|말|전하|보고)"
    r"|(?:回答|回复|答复|告诉[^。；！？\n]{0,10}?|报告|说)\s*(?:说)?\s*[:：]?\s*[「『“\"]"
    # 把 … 说成 …: "describe … as …"
    r"|把[^。；！？\n]{1,40}?(?:说成|说是|称为|称作|写成|报成|描述为|记为|记成|当作)"
    # a verb of saying, imperative or infinitive, and "что": "отвечайте, что …"
    r"|(?<![^\W\d_])(?:отвечай(?:те)?|отвечать|говори(?:те)?|говорить|скажи(?:те)?|сказать"
    r"|сообщай(?:те)?|сообщать|пиши(?:те)?|писать)\s*,?\s*что(?![^\W\d_])"
    # … and "que", "dass": "responde que …", "répondez que …", "antworte, dass …"
    r"|(?<![^\W\d_])(?:responde|responda|respondan|responder|contesta|conteste|contestar"
    r"|diga|digan|decir|dile|diles|réponds|répondez|répondre|dites|antworte|antwortet"
    r"|antworten|sage|sagt|sagen|dizer|diz"
    # … with the pronoun joined: "respóndeme que", "dígale al cliente que", "diga-me que"
    r"|(?:resp[oó]nd[ae]n?|cont[eé]st[ae]n?|d[ií]gan?|di)(?:me|nos|le|les)"
    r"|(?:diga|digam|diz|responda|respondam|responde)-(?:me|nos|lhe|lhes))"
    r"\s*,?\s+(?:\S+\s+){0,2}?(?:que|qu'|dass)(?![^\W\d_])"
    # a sentence that opens on "tell" in Chinese has no one telling but the reader:
    # "告诉用户测试都通过了" (reported speech has its teller first: "他告诉我…")
    r"|^\s*(?:请\s*)?告诉"
    # a report left out, in Japanese: 書かない, 報告しない, 言わない, 伝えない, 記載しない
    r"|(?:書か|報告し|言わ|伝え|記載し|載せ|触れ)ない"
)
# A rule laid on everyone in Chinese and Japanese: all (every) ... without exception (都, も).
_EVERYONE = re.compile(
    r"(?:所有|全部|每个|每台|每位|全て|すべて|全員)[^。；！？\n]{0,30}?(?:都|も)"
)
_CONDITION = re.compile(
    r"^(?:\w+\s*:\s*)?(?:wenn|falls|sobald|bei|beim|si|quand|lorsque|lorsqu'|dès\s+que"
    r"|en\s+cas|cuando|en\s+caso|al|se|quando|caso|если|когда|при)\b[^,;]{0,200}[,;]\s*\w"
)
_ADDRESSED = re.compile(
    # "rendez-vous" after a word is the noun ("prise de rendez-vous"), no one addressed
    r"(?<![^\W\d_])(?:dich|dir|dein\w*|agent\w*|assistent\w*|ki|tu|toi|ton|ta|tes"
    r"|(?<!\w\srendez-)vous"
    r"|votre|vos|assistant\w*|l'ia|ia|asistente\w*|agente\w*|la\s+ia|usted\w*|você|vocês"
    r"|a\s+ia|ты|тебе|тебя|вы|вам|вас|ваш\w*|твой|твоя|ассистент\w*|агент\w*|ии)(?![^\W\d_])"
    r"|你|您|助手|智能体|代理|アシスタント|エージェント|あなた|어시스턴트|에이전트|당신"
)
# German "du" (you) is French "du" (of the): read as the reader addressed only in a
# sentence with none of French's small words ("Le mot de passe du Wi-Fi …" names no one).
_DU = re.compile(r"(?<![^\W\d_])du(?![^\W\d_])")
_FRENCH_WORD = re.compile(
    r"(?<![^\W\d_])(?:le|la|les|l['’]|des|est|sont|et|un|une|de|d['’]|pour|par|avec|dans"
    r"|sur|au|aux|ce|cette|chaque)(?![^\W\d_])"
)


def _du_addressed(lowered: str) -> bool:
    """Whether ``lowered`` says German "du" to its reader (see :data:`_DU`)."""
    return _DU.search(lowered) is not None and _FRENCH_WORD.search(lowered) is None


# A clause opening on an infinitive (French, Spanish, Portuguese), a word of at least five
# letters; the nouns and adverbs of those endings that open a statement are set aside.
_ROMANCE_INFINITIVE = re.compile(r"^[^\W\d_]{3,}(?:er|ir|ar|re)$")
_NOT_INFINITIVE = frozenset(
    """premier dernier hier leur leurs plusieurs notre votre entre contre autre être avoir
    lugar mejor mayor menor peor hogar ayer mujer poder señor sector valor color servidor
    usuario primer tercer ejecutor mar por para sobre desde tras ser
    melhor maior menor pior lugar mulher servidor valor setor primeiro
    server user cluster router docker master parser worker player
    prefere prefiere quiere requiere sugiere""".split()
)
# A word of French, Spanish or Portuguese, and one of English: a sentence is read for the
# infinitive of those languages only when it has the one and not the other.
_ROMANCE_WORD = re.compile(
    r"(?<![^\W\d_])(?:el|la|los|las|le|les|l'|de|des|du|del|en|para|pour|por|com|sem|sin|sans"
    r"|os|as|um|uma|un|une|una|al|au|aux|dans|sur|na|no|nas|nos|da|do|dos|das|cada|sobre)"
    r"(?![^\W\d_])"
)
# What may stand before an infinitive of an instruction and leave it one ("No incluir …").
_NEGATIONS = frozenset(("no", "ne", "pas", "não", "nao", "non", "jamais", "nunca"))
_ENGLISH_WORD = re.compile(r"\b(?:the|and|is|are|of|for|with|there|this|that|was|were)\b")
_CLAUSES = re.compile(r"[,;:]\s*|\s+[-\u2013\u2014]\s+")
_GERMAN_FUNCTION = frozenset(
    """der die das den dem des ein eine einen einem einer und oder bei beim im in am an auf
    aus für mit nach vor von vom zum zur zu ohne über unter immer nie nicht kein keine
    keinen alle jede jeden jeder sofort direkt erst dann noch auch nur bitte grundsätzlich
    vorher nachher danach zuerst stets möglichst gleich""".split()
)
_GERMAN_WORD = re.compile(r"[^\W\d_]+")
_READ = 20000  # what is read of a long text
# A sentence ends at a full stop and a space, but for an initial's (``E. coli``, ``J. Berger``).
_SENTENCE = re.compile(
    r"(?<![^\w][A-Z\u0410-\u042f]\.)(?<!^[A-Z\u0410-\u042f]\.)"
    # a title or an abbreviation ends no sentence: "Dr. Lee's personal Gmail", "e.g. the …"
    r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)(?<!\bProf\.)(?<!\bSt\.)(?<!\bvs\.)"
    r"(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\betc\.)(?<!\bcf\.)(?<!\bNo\.)"
    r"(?<=[.!?])\s+|\n+"
    r"|(?<=[\u3002\uff01\uff1f])"
)


# The verbs a note puts after a person's name (a name may end as an infinitive does:
# Claire, Pierre, Javier, Esther): the word before them is the subject, no instruction.
_FINITE_AFTER_NAME = re.compile(
    r"préfère|veut|voudrait|aime|utilise|gère|dirige|est|a|s['’]occupe|travaille|parle"
    r"|prefiere|quiere|usa|utiliza|es|está|tiene|lleva|gestiona|habla|trabaja|se|prefere"
    r"|quer|é|tem|gosta|gere|cuida|fala|trabalha|lidera|mantém|mantiene|maintient"
)

# Portuguese's own function words: beside them "a" is the article ("Enviar a lista do …"),
# not French's "has" after a name ("Claire a validé …").
_PORTUGUESE_WORD = re.compile(
    r"(?<![^\W\d_])(?:do|da|dos|das|ao|aos|pelo|pela|com|não|um|uma|nas|nos|às)(?![^\W\d_])",
    re.IGNORECASE,
)


def _opens_on_infinitive(clause: str, *, opening: bool) -> bool:
    """Whether ``clause`` opens on an infinitive, a negation aside ("No incluir …", "Ne pas
    …", "Não …"); the sentence's ``opening`` clause may write it with a capital ("Envoyer
    …", "Dizer …"): an instruction opens its sentence."""
    words = [w.strip("'\"«»¡¿") for w in clause.split(None, 3)]
    while words and words[0].casefold() in _NEGATIONS:
        words = words[1:]
    first = words[0] if words else ""
    if opening and first[:1].isupper() and first[1:].islower():
        second = words[1].casefold() if len(words) > 1 else ""
        if _FINITE_AFTER_NAME.fullmatch(second) and not (
            second == "a" and _PORTUGUESE_WORD.search(clause)
        ):
            return False  # a name before its verb ("Claire préfère …", "Javier usa …")
        first = first.casefold()
    return (
        first.islower()
        and _ROMANCE_INFINITIVE.match(first) is not None
        and first not in _NOT_INFINITIVE
        and len(first) >= 5
    )


def _infinitive(sentence: str) -> bool:
    """Whether a clause of ``sentence`` opens on a French, Spanish or Portuguese infinitive,
    or ``sentence`` is a German one that ends on an infinitive with no finite verb."""
    romance = _ROMANCE_WORD.search(sentence) and not _ENGLISH_WORD.search(sentence)
    for number, clause in enumerate(_CLAUSES.split(sentence) if romance else ()):
        if _opens_on_infinitive(clause, opening=number == 0):
            return True
    words = _GERMAN_WORD.findall(sentence)
    if len(words) >= 3 and words[-1].islower() and words[-1].endswith("en"):
        lower = [w for w in words[:-1] if w.islower()]
        return all(w in _GERMAN_FUNCTION for w in lower) and any(
            w[:1].isupper() for w in words[1:-1]
        )
    return False


# A decision kept from being undone ("Finance decided on half-even; never change it back"):
# the "never" guards what was decided, it lays no new conduct on agents.
_DECIDED = re.compile(r"(?i)\b(?:decided|decision|agreed|chose|chosen|settled\s+on)\b")
_NOT_UNDONE = re.compile(
    r"(?i)\b(?:never|don\W?t|do\s+not)\s+(?:(?:change|switch|move|roll|turn|go)"
    r"\s+(?:it|this|that|them)?\s*back|revert\s+(?:it|this|that|them))\b[^.;!?\n]{0,80}"
)


def without_undo_guard(text: str) -> str:
    """``text`` without the clauses that only keep a decision it states from being undone."""
    return _NOT_UNDONE.sub(" ", text) if _DECIDED.search(text) else text


# The same in the other languages read: "por convención", "Convention de l'équipe :",
# "laut Konvention", "по соглашению команды", "按照惯例", "チームのルール", "팀 관례", a
# custom of the house ("por costumbre", "norma de la casa", "regra da casa", "selon
# l'usage,", "по правилам команды", "团队规定"); a label naming a rule before a colon.
# "In der Regel" and "en règle générale" mean "usually".
_LABEL_RULE = (
    r"regla|norma|convención|convencion|règle|convention|regel|konvention|regra|convenção"
    r"|convencao|правило|соглашение|договорённость|договоренность"
)
_NAMED_RULE = re.compile(
    r"(?<![^\W\d_])(?:por\s+convenci[oó]n|por\s+convenio|(?:regla|norma|convención)\s+del\s+equipo"
    r"|par\s+convention|(?:convention|règle)s?\s+(?:de\s+l['’]\s*)?équipe"
    r"|(?:laut|per|nach)\s+konvention|team(?:regel|konvention)|hausregel"
    r"|por\s+convenção|(?:regra|convenção)\s+d[aoe]\s+(?:equipe|equipa|time|casa)"
    r"|por\s+costumbre|(?:regla|norma)s?\s+de\s+la\s+casa|selon\s+l['’]\s*usage(?=\s*,)"
    r"|по\s+(?:соглашению|договорённости|договоренности)"
    r"|(?:правило|соглашение)\s+команды|по\s+правилам\s+команды)"
    r"(?![^\W\d_])"
    rf"|^(?:\S+\s+){{0,2}}?(?:{_LABEL_RULE})(?:\s+\S+){{0,3}}?\s*[:：]"
    r"|惯例|慣例|团队规则|团队约定|团队规定|チームのルール|社内ルール|決まりで|관례|팀\s*규칙"
)


def _names_a_secret(lowered: str, named: frozenset[str]) -> bool:
    """Whether ``lowered`` names a secret thing (:data:`_SECRET_THING`) not of a kind that
    is no credential ("design tokens", "the sprint key is Left Shift":
    :func:`daemon.base.key_kinds.another_kind`; ``named``: the kinds its sentence names)."""
    return any(
        not another_kind(lowered, m.start(), m.end(), named)
        for m in _SECRET_THING.finditer(lowered)
    )


# A credential and a place others read are read in one clause: "QR tickets will be signed
# with Ed25519; the key lives only in the HSM" names a ticket apart from the key.
_CLAUSE_OF_SECRET = re.compile(r";\s*|\s+[\u2013\u2014]\s+")


def _secret_out(clause: str, named: frozenset[str]) -> bool:
    """Whether ``clause`` (lower-case) puts a credential where others read it (``named``:
    the kinds its sentence names, :func:`~daemon.base.key_kinds.kinds_named`)."""
    return (
        _names_a_secret(clause, named)
        and _READ_BY_OTHERS.search(clause) is not None
        and not _KEPT_OUT.search(clause)
    )


def _sentence_reason(english: str, own: str) -> str | None:
    """Why one sentence (``english``: its skeleton; ``own``: in its own script, casefolded,
    capitals kept in ``own`` for German nouns) is not a plain statement, or None."""
    lowered = own.casefold()
    if (_EN_OBLIGATION.search(english) or _OBLIGATION.search(lowered)) and not on_a_thing(own):
        return OBLIGATION
    german_never = _german_never(lowered)
    if (
        (_ALWAYS.search(lowered) or german_never) and not passive_habit(own) and not ja_habit(own)
    ) or (_EN_ALWAYS.search(without_undo_guard(english)) and not habit_of_a_thing(own)):
        return ALWAYS
    if _EN_CONDITION.search(english) or _CONDITION.search(lowered):
        return CONDITION
    if _SCRIPTED.search(lowered) or (_EN_SCRIPTED.search(english) and not said_by_a_thing(own)):
        return SCRIPTED
    if _EN_EVERYONE.search(english) or _EVERYONE.search(lowered):
        return EVERYONE
    if (
        _EN_ADDRESSED.search(english)
        or _ADDRESSED.search(lowered)
        or _du_addressed(lowered)
        or _FR_IMPERATIVE.match(lowered)
    ):
        return ADDRESSED
    if _EN_WEAKENED.search(english) or _WEAKENED.search(lowered):
        return WEAKENED
    if _EN_NAMED_RULE.search(english) or _NAMED_RULE.search(lowered):
        return NAMED_RULE
    if _DATA.search(lowered) and _OUTSIDE.search(lowered) and not _FORBIDDEN.search(lowered):
        return DATA_OUT
    named = kinds_named(lowered)  # "Design tokens …; … uses the token x": said of the kind
    if any(_secret_out(clause, named) for clause in _CLAUSE_OF_SECRET.split(lowered)):
        return SECRET_OUT
    if _infinitive(own):
        return INFINITIVE
    return None


def _visible(text: str) -> str:
    """``text`` NFKC-folded (full-width letters as ASCII), its format characters (zero-width,
    bidirectional) dropped; capitals kept (German nouns)."""
    text = unicodedata.normalize("NFKC", text)
    if text.isascii():
        return text
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def not_plain(text: str) -> str | None:
    """Why ``text`` is not a plain statement of fact, preference or decision (it is then held
    for an operator before anyone else reads it), or None."""
    for sentence in _SENTENCE.split(_visible(text[:_READ])):
        own = without_other_agents(" ".join(sentence.split()))
        if own and (reason := _sentence_reason(skeleton(own), own)):
            return reason
    return None
