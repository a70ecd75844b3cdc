# ruff: noqa: RUF002, RUF003, SIM905 (the words of other scripts, listed as text on purpose)
"""Directives to agents: a memory that tells agents what to do, which waits for an operator
before anyone else's agent reads it (the store marks a shared one ``pending``).

A directive is an instruction, a convention or a rule: a sentence that starts with an
imperative ("Use uv, not pip.", "Always squash commits"), that says "from now on", that
gives the agent an answer to give ("when asked X, say Y"), or that tells the assistant,
the agents, Claude or the AI what they should or must do. Facts, preferences and decisions
("Deploys run on Fridays.", "Alice prefers tabs.", "The team decided to use uv") are not.
The same in Chinese, Korean, German, French, Russian, Portuguese, Spanish and Japanese.

Every rule reads the text through :func:`~daemon.gate.directives.views`, so look-alike
letters, zero-width characters, spacing and markup do not matter: English in the skeleton
(look-alikes read as Latin), the other languages in the casefolded text that keeps its
script (their words are normalized the same way when the patterns are built). Each sentence
costs one anchored match per family, so a text is read in linear time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from daemon.gate.directives import views
from daemon.gate.duties import ja_habit
from daemon.gate.machine_agents import without_other_agents
from daemon.gate.statements import without_undo_guard

__all__ = ["DIRECTIVE", "Asked", "asked", "instruction"]

#: Why a memory is held.
DIRECTIVE = "directive to agents"

_TAG = re.compile(r"</?[a-z][\w-]{0,30}(?:\s[^<>\n]{0,200})?/?>", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?:])\s+|[\n;]+|(?<=[\u3002\uff01\uff1f\uff1a])")
_LEAD = re.compile(r"^[\W_\d]*?(?=\w)", re.UNICODE)
_NOT_ALNUM = re.compile(r"[\W_]+")
_LIST_MARK = re.compile(r"^(?:[-*+>#•·]+|\d{1,3}[.)])\s*")


def _plain(word: str) -> str:
    """A word as :func:`views` reads a text in its own script (the patterns' spelling)."""
    return views(word).plain


def _alternatives(words: str) -> str:
    forms = {_plain(w) for w in words.split("|") if w}
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(forms, key=len)[::-1])


# --- English, in the skeleton -------------------------------------------------------------

_EN_VERBS = (
    "use|run|prefer|avoid|keep|add|put|write|call|ask|tell|say|reply|answer|respond|mark|skip"
    "|push|merge|approve|install|delete|remove|disable|enable|comment|stop|start|commit|treat"
    "|pass|give|include|follow|ignore|format|prefix|wrap|pin|bump|rebase|squash|read|open|send"
    "|post|create|configure|let|try|be|do|make|ensure|remember|check|set|name|document|report"
    "|deploy|test|update|lint|sign|store|save|leave|choose|pick|rename|move|copy|go|wait|retry"
    "|restart|return|claim|assume|pretend|act|behave|speak|talk|explain|mention|hide|omit"
    "|suppress|silence|drop|force|grant|chmod|refer|point|cite|link|prefer|reuse|default"
    "|stick|switch|migrate|upgrade|downgrade|tag|label|assign|close|reopen|reject|accept"
    "|confirm|verify|respect|obey|apply|log|print|output|emit|return|avoid|limit|cap|split"
    "|state|declare|announce|show|list|mark|flag|install|add|append|insert|skip|bypass"
    "|attach|widen|acknowledge|resolve|blame|present|allow|expose|increase|raise|lower|relax"
    "|loosen|turn|shut|kill|mute|silence|publish|share|upload|paste|type|enter|attribute"
    "|record|describe|classify|downplay|conceal"
)
# The words that make the first one a noun ("Deploy takes ten minutes", "Use of X dropped").
_EN_NOUN_NEXT = re.compile(
    r"^(?:\S+\s+)?(?:is|are|was|were|has|have|had|can|could|will|would|should|must|may"
    r"|might|does|did|takes|took|runs|ran|goes|went|fails|failed|works|worked|uses|used|needs"
    r"|needed|starts|started|happens|happened|lives|means|of|s|seems|stays|lasts|costs"
    r"|belongs|broke|breaks)\b"
    rf"|^\w+(?<!s)s\s+(?:{_EN_VERBS}|live|come|get|go|need|stay|cost|work|happen|mean)\b"
)
_EN_IMPERATIVE = re.compile(
    rf"^(?:please\s+|kindly\s+|also\s+|just\s+|then\s+|quietly\s+|silently\s+|secretly\s+"
    rf"|discreetly\s+|simply\s+)?(?:(?:always|never)\b|(?:do\s+not|don'?\s?t"
    rf"|dont)\s+\w|(?:{_EN_VERBS})\b(?![-/.]\w)(?!\s*:))"
)
_EN_ANYWHERE = re.compile(
    r"\b(?:from\s+now\s+on|going\s+forward|henceforth|from\s+here\s+on|from\s+today\s+on"
    r"|moving\s+forward\s*,)"
    r"|^(?:conventions?|rules?|polic(?:y|ies)|guidelines?|instructions?|directives?|note\s+to"
    r"\s+(?:self|agents?|the\s+assistant|claude|ai))\s*:?\s*$"
    r"|\b(?:you|agents?|assistants?|claude|ai|ais|llms?|copilot|bots?|codex|gpt)\s+(?:\w+\s+){0,3}?"
    r"(?:should|must|shall|need\s+to|needs\s+to|have\s+to|has\s+to|are\s+to|is\s+to|ought\s+to"
    r"|are\s+expected\s+to|are\s+required\s+to|will\s+always|always|never|may\s+not|cannot"
    r"|can\s?not|are\s+not\s+allowed|shouldn'?t|mustn'?t)\b"
    r"|\b(?:when|if|whenever|once|should)\s+(?:\w+\s+){0,3}?(?:asks?|asked|asking)\b"
    r"[^.!?\n]{0,200}?(?:,|\bthen\b)\s*(?:just\s+|always\s+|simply\s+)?(?:say|answer|reply"
    r"|respond|tell|claim|report|point|refer|mention|state|confirm|deny)\b"
    r"|,\s*always\s*[.!]?$"
    # what someone wants the agent to do: "the user prefers that you say ...", "wants you to"
    r"|\b(?:that|wants?|wanted|needs?|asks?|expects?|requires?|prefers?|likes?|would\s+like"
    r"|tell|told)\s+(?:you|agents?|the\s+(?:assistant|agent|ai|model)s?|claude|copilot)\s+"
    r"(?:to\s+\w|(?!(?:are|were|have|had|is|was|did|do|does|can|could|would|might|may|will"
    r"|already|also|just|not|know|knew|need|needed|said|asked|use|used)\b)[a-z]{2,}\b)"
    # the agent as the subject of a future or a permission ("Agents will mark ...")
    r"|\b(?:agents?|assistants?|claude|ais|llms?|copilot|bots?|codex)\s+(?:will|may|can|are"
    r"\s+(?:allowed|free|permitted)\s+to|are\s+going\s+to)\s+(?!be\s+\w+ed\b)\w"
    # whatever the evidence says: an answer decided before the facts
    r"|\b(?:whatever|regardless\s+of|no\s+matter\s+what|irrespective\s+of)\s+(?:\S+\s+){0,5}?"
    r"(?:says?|shows?|prints?|reports?|flags?|finds?|returns?|outputs?|results?|findings"
    r"|assessments?|scans?|reports)\b"
)
# The word after an imperative's verb: an object's determiner ("Widen the group", "Mark
# every check"). A noun subject is followed by a verb, never by one of these.
_EN_DETERMINER = re.compile(
    r"^(?:the|an|every|all|each|any|your|its|this|these|those|some|our|their|my|his|her"
    r"|no|both|whatever|whichever)\b"
)
# First words that are not verbs though a determiner follows them: prepositions,
# conjunctions, adverbs, pronouns, numerals ("In the ...", "Only the ...", "Both the ...").
_EN_NOT_VERB = frozenset(
    """in on at for from to by with without within into onto over under after before during
    since until till via per about above below across along among around behind beside
    between beyond despite except inside like near off outside past through throughout
    toward towards upon against and or but nor so yet because although though while whereas
    unless if when whenever where wherever once as than that which who whom whose what why
    how only even just also still already always never often usually sometimes all both
    each every either neither some any no none most many much more less few several such
    the a an this these those it its they them we us our you your he she his her i my me
    there here then now today yesterday tomorrow not is are was were be been being has have
    had do does did can could will would shall should may might must one two three four five
    six seven eight nine ten first second third last next per thanks thank whatever"""
    # a pointer to where something is written ("…: see the yard map on the wiki"), no act
    """
    see cf"""
    # the past of irregular verbs, which ``-ed`` does not tell ("Ran the migrations ...")
    """
    ran went took made got gave saw found wrote broke built sent kept left brought began
    chose knew told said spent held lost paid sold stood thought understood won fell felt
    fought flew forgot froze grew hid led meant met rose shook shot slept spoke stole struck
    taught threw tore bent blew caught dealt drew drank fed fled heard laid lit rode sank sat
    slid spun stuck swept swung wept wound""".split()
)
# A name the text is addressed to, before the directive ("Claude, when ..., add ...").
_EN_VOCATIVE = re.compile(
    r"^(?:hey\s+|dear\s+)?(?:claude|agents?|assistants?|copilot|codex|gpt|ai|bots?|llms?)"
    r"\s*[,:]\s*"
)
# A clause after a condition ("When X, always do Y", "Before merging, run the linter").
_EN_CONDITION = re.compile(
    r"^(?:when|whenever|if|before|after|once|for|on|in|while|unless|whatever|regardless"
    r"|no\s+matter|during|at|with|without|until|where|wherever|as\s+soon\s+as)\b[^,]{0,160},\s*"
    # a short phrase before "always" or "never" ("In summaries always write ...")
    r"|^(?:in|on|for|during|at|with|after|before|when|while)\s+(?:\S+\s+){0,4}?(?=(?:always"
    r"|never)\s)"
)

# --- the other languages, in the text's own script (accents dropped, casefolded) ------------

_STARTS = {
    "de": "verwende|verwenden sie|benutze|nutze|nutzen sie|führe|führen sie|installiere|pushe"
    "|markiere|genehmige|antworte|antworten sie|sage|sag|melde|berichte|lösche|ignoriere"
    "|deaktiviere|kommentiere|setze|schreibe|mach|mache|stelle|gib|nimm|immer|niemals|nie"
    "|achte|halte|vermeide|committe|merge|teste|starte|lass|bitte|stets|rebase|installieren sie",
    "fr": "utilise|utilisez|exécute|exécutez|lance|lancez|réponds|répondez|dis|dites|pousse"
    "|poussez|push|marque|marquez|approuve|approuvez|installe|installez|commente|commentez"
    "|désactive|désactivez|fais|faites|mets|mettez|ajoute|ajoutez|supprime|supprimez|évite"
    "|évitez|garde|gardez|ignore|ignorez|ne|n'|toujours|jamais|veuillez|merci de|pense à"
    "|pensez à",
    "es": "usa|use|utiliza|utilice|ejecuta|ejecute|corre|responde|responda|di|diga|haz|haga"
    "|empuja|sube|marca|marque|aprueba|apruebe|instala|instale|comenta|comente|desactiva"
    "|desactive|pon|ponga|agrega|añade|elimina|borra|evita|evite|mantén|ignora|siempre|nunca"
    "|no uses|no hagas|no ejecutes|recuerda",
    "pt": "use|usa|utilize|execute|rode|roda|responda|diga|faça|envie|marque|aprove|instale"
    "|comente|desative|coloque|adicione|remova|apague|evite|mantenha|ignore|sempre|nunca"
    "|não use|não faça|não rode|lembre-se|lembre",
    "ru": "используй|используйте|запускай|запускайте|запусти|запустите|выполняй|выполните"
    "|выполни|отвечай|отвечайте|ответь|говори|скажи|скажите|пушь|пушьте|пуш|помечай|пометь"
    "|помечайте|одобряй|одобри|устанавливай|установи|закомментируй|отключи|отключай|добавь"
    "|удали|делай|сделай|всегда|никогда|не используй|не запускай|не трогай|пиши|напиши"
    "|ставь|держи|избегай|игнорируй|пожалуйста|помни|выдай|выдайте|выдавай|выдавайте|дай"
    "|дайте|давай|давайте|предоставь|предоставьте|предоставляй|назначь|назначьте|открой"
    "|откройте|разреши|разрешите|включи|включите|создай|создайте|отправь|отправьте",
    "zh": "使用|用|运行|执行|回复|回答|推送|直接|标记|批准|安装|注释|禁用|关闭|跳过|忽略|删除"
    "|提交|合并|请|不要|别|总是|始终|永远|务必|一律|每次|记得|记住|优先|避免",
    "ja": "常に|必ず|いつも|絶対に|決して",
    "ko": "항상|언제나|반드시|절대|꼭",
}
_ANYWHERE = {
    "de": "ab jetzt|von nun an|ab sofort|künftig|in zukunft|du sollst|du musst|sie müssen"
    "|sollst|musst|ihr müsst|ihr sollt",
    "fr": "à partir de maintenant|désormais|dorénavant|à l'avenir|tu dois|vous devez|il faut"
    "|même quand|quoi qu'il arrive",
    "es": "a partir de ahora|de ahora en adelante|en adelante|debes|tienes que|hay que",
    "pt": "a partir de agora|de agora em diante|daqui para frente|daqui em diante|você deve"
    "|voce deve|deve sempre|tem que|você precisa",
    "ru": "с этого момента|отныне|впредь|теперь всегда|ты должен|вы должны|ты должна"
    "|следует|нужно всегда|всегда нужно|обязательно|указывай|указывайте|выгружай|выгружайте"
    "|отправляй|отправляйте|пересылай|пересылайте|скрывай|скрывайте|замалчивай|не сообщай"
    "|не упоминай|не пиши|пиши|сообщай|помечай|ставь",
    "zh": "从现在开始|从今以后|从现在起|今后|以后都|总是|始终|一律|永远|务必|必须|应该|一定要"
    "|每次都|当被问到|如果有人问|被问到|禁止|不要|不得|请",
    "ja": "今後|これから|常に|必ず|いつも|してください|ください|しなさい|するように|しないで"
    "|しないこと|禁止|べき|聞かれたら|尋ねられたら|使うこと|すること|こと。|ように。",
    "ko": "앞으로|이제부터|지금부터|항상|언제나|반드시|절대|하세요|하십시오|해라|해야|하지 마"
    "|마세요|물으면|말하세요|답하세요|세요|십시오",
}
_FOREIGN_START = re.compile(
    r"^(?:" + "|".join(_alternatives(words) for words in _STARTS.values()) + r")(?=\W|$|[^\W\d_])"
)
_FOREIGN_START_WORD = re.compile(
    r"^(?:"
    + "|".join(_alternatives(w) for k, w in _STARTS.items() if k not in ("zh", "ja", "ko"))
    + r")\b"
)
# Start words spelled like English ones ("use", "ignore"): an ASCII text that English rules
# found nothing in is read with the others only.
_ENGLISH_TOO = frozenset(
    [
        "use",
        "ne",
        "n'",
        "di",
        "dis",
        "push",
        "merge",
        "rebase",
        "ignore",
        "lance",
        "sage",
        "corre",
        "pon",
        "execute",
        "remove",
        "evite",
        "mets",
        "marque",
        "rode",
        "roda",
        "diga",
        "no uses",
        "stets",
        "nie",
        "bitte",
        "garde",
        "commente",
        "teste",
        "starte",
        "fais",
        "dites",
        "ignora",
        "remova",
        "sempre",
        "nunca",
        "siempre",
        "toujours",
        "jamais",
        "immer",
        "niemals",
    ]
)
_ASCII_START_WORD = re.compile(
    r"^(?:"
    + "|".join(
        _alternatives("|".join(w for w in words.split("|") if w not in _ENGLISH_TOO))
        for k, words in _STARTS.items()
        if k in ("de", "fr", "es", "pt")
    )
    + r")\b"
)
_FOREIGN_ANYWHERE = re.compile("|".join(_alternatives(words) for words in _ANYWHERE.values()))
# Function words of German, French, Spanish and Portuguese that English texts do not use
# two of: an ASCII text is read as one of them only then.
_NOT_ENGLISH = re.compile(
    r"\b(?:el|los|las|del|por|para|una|der|die|das|und|ist|nicht|les|des|du|est|une|aux|que"
    r"|cuando|mit|von|zu|den|dem|dans|pour|avec|sur|et|cada|os|da|em|um|uma|com|sempre|siempre"
    r"|immer|toujours|nunca|jamais|nie|niemals|ab|jetzt|nun|statt|pas|sin|sem|vez|lugar|auf"
    r"|ohne|direkt|nach|bei|sans|sur|directement|toujours|siempre|sempre|sem)\b"
)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")

# A label that names what follows a rule, or the agents it is for ("Team policy:",
# "Konvention:", "团队规范：", "For AI agents:"): a heading of at most four words before a
# colon, holding a word for a rule or for an agent, in any language the rules read (a rule
# named in at most three, see _RULE_LABEL_WORDS).
_LABEL_WORDS = (
    "polic|convention|rule|guideline|norm|standard|agreement|practice|procedure|checklist"
    "|konvention|regel|richtlinie|vorgabe|vereinbarung|règle|regle|politique|consigne|regla"
    "|política|politica|convención|convencion|acuerdo|regra|convenção|convencao|acordo"
    "|правил|политик|соглашени|конвенц|регламент|regola|convenzion|afspra|beleid|kural"
    "|politika|sözleşme|aturan|kebijakan|kesepakatan|zasad|regul|polityk|umow|quy định"
    "|quy tắc|chính sách|سياس|اتفاق|قاعد|قواعد|नीति|नियम|規約|規則|ルール|方針|ポリシー"
    "|規範|约定|規定|规范|规则|政策|方针|守则|규칙|정책|규정|방침|컨벤션|약속"
)
# The words for the agents a label addresses.
_AGENT_WORDS = (
    "agent|assistant|claude|copilot|\\bai\\b|\\bbots?\\b|llm|asistente|assistente|agen|ajan"
    "|asistan|trợ lý|एजेंट|सहायक|وكلاء|وكيل|مساعد|エージェント|アシスタント|助手|智能体|代理"
    "|에이전트|어시스턴트|агент|ассистент|note to"
)
_LABEL = re.compile(r"^[^\w]*(?:[^\s:：]+\s+){0,3}?[^\s:：]+\s*[:：]")
_LABEL_WORD = re.compile(f"{_LABEL_WORDS}|{_AGENT_WORDS}")
_AGENT_WORD = re.compile(_AGENT_WORDS)
#: The most words of a label that names a rule by its owner ("Team policy:", "Regla del
#: equipo:"). A longer heading names the rule by its subject ("Clinical account password
#: policy:"): a description of a system's settings, not a rule for agents, unless it names
#: the agents ("Note to the assistant:").
_RULE_LABEL_WORDS = 3

# A clause of condition before the directive, in the other languages ("Si on demande ...,
# réponds ...", "Cuando falle ..., marca ...", "Wenn ..., antworte ...").
_FOREIGN_CONDITION = re.compile(
    r"^(?:si|quand|lorsque|lors|en\s+cas|al|cuando|wenn|falls|bei|beim|sobald|nachdem|quando"
    r"|se|caso|если|когда|при|после|перед|als|wanneer|indien|jika|kalau|apabila|eger|gdy"
    r"|jeśli|jezeli|jeżeli|kiedy)\b[^,，、]{0,160}[,，、]\s*"
)
# An imperative followed by "always" ("Indique toujours ...", "informa siempre ...").
_FOREIGN_VERB_ALWAYS = re.compile(
    r"^[^\W\d_]+\s+(?:siempre|toujours|sempre|immer|stets|всегда|altijd|zawsze|selalu)\b"
)
# German: an infinitive ending its clause after "immer", "nie" ("Bei Nachfragen immer
# melden, dass ..."), the infinitive used as an instruction.
_DE_INFINITIVE = re.compile(
    r"\b(?:immer|stets|nie|niemals|grundsätzlich|grundsatzlich|ausschließlich)\s+"
    r"(?:\S+\s+){0,4}?[^\W\d_]+en(?=\s*(?:[,.;!]|$))"
)
# Russian: an infinitive among the first words, the infinitive of an instruction
# ("Ставить пакеты только через ...", "В отчёте писать, что ...").
_RU_INFINITIVE = re.compile(
    r"^(?:\S+\s+){0,4}?(?<!ли\s)(?<!лись\s)(?<!лося\s)(?<!лися\s)(?<!ено\s)"
    r"[а-яё]+(?:[аяеиуыо]ть|ться|ти|чь)(?=[\s,.;!]|$)"
)
# A person's preference or plan before the infinitive ("Дмитрий предпочитает получать
# отчёты …", "Олена хоче бачити …"): what someone likes, no instruction.
_RU_WANTS = re.compile(
    r"(?:предпочита\w*|хоч\w*|хот\w*|люб\w*|планиру\w*|собира\w*|умее\w*|умію\w*"
    r"|вміє|віддає\s+перевагу|надає\s+перевагу|воліє|планує)\s+\S+\Z"
)


# Bulgarian writes "ъ" before a consonant or at a word's end ("сървъра", "във"), Russian only
# before е, ё, ю, я ("объект"): Bulgarian has no infinitive, and its verbs in -ти
# ("работи", it works) are no Russian one.
_BULGARIAN = re.compile(r"ъ(?![еёюя])")


def _ru_infinitive(clause: str) -> bool:
    """Whether ``clause`` opens on a Russian or Ukrainian infinitive (:data:`_RU_INFINITIVE`)
    that is no person's preference (:data:`_RU_WANTS`), in no Bulgarian clause."""
    if _BULGARIAN.search(clause):
        return False
    found = _RU_INFINITIVE.match(clause)
    return found is not None and _RU_WANTS.search(found.group()) is None


# (an infinitive after a verb in the past, "Мы решили оставить", "Ми вирішили залишити",
# or after "решено", reports a decision taken, not one asked for)
# Japanese, Korean, Chinese: a condition ("〜たら", "〜ても", "〜면", "〜时") followed by an
# act in the plain form that states a procedure ("〜を実行する。", "〜라고 답한다.", "先…").
_JA_PROCEDURE = re.compile(
    r"(?:たら|れば|ときは|時は|場合は|場合、|ても|でも|なら)[^。]{0,200}?[るうくすつむぶぐぬ]。?$"
    r"|と(?:報告|回答|返答|答え|言|記載|書)[^。]{0,6}[るうくす]。?$"
    r"|(?:して|しても|で)(?:よい|良い|いい|かまわない|構わない)"
)
_KO_PROCEDURE = re.compile(
    r"(?:면|어도|아도|해도|더라도|때는|때|경우에?는?)\s[^.]{0,200}?(?:한다|는다|ㄴ다|다)\.?$"
    r"|라고\s*(?:보고|답|말|응답|기록)(?:한다|하다|해)"
)
_ZH_PROCEDURE = re.compile(
    r"(?:时|的时候|如果|若|一旦|遇到|出现|每当)[^。]{0,80}?(?:先|直接|就|立即|马上|一律|都|再|要)"
    r"|直接(?:推|合并|部署|发布|关闭|跳过|批准)"
)


@dataclass(frozen=True, slots=True)
class Asked:
    """A sentence that asks something of an agent: ``text`` as the skeleton reads it (look-
    alikes as Latin), ``plain`` in its own script, ``letters`` its letters and digits."""

    text: str
    plain: str
    letters: str


def _clean(text: str) -> str:
    return _TAG.sub(" ", text) if "<" in text else text


def _sentences(text: str) -> list[str]:
    out = []
    for sentence in _SENTENCE.split(text):
        sentence = _LIST_MARK.sub("", sentence.strip())
        sentence = _LEAD.sub("", sentence)
        if sentence:
            out.append(sentence[:2000])
    return out


def _english(sentence: str, *, heading: bool = False) -> bool:
    """``heading``: a title, read as a noun phrase ("Deploy day") unless it says "always",
    "never", "don't" or "please"."""
    words = " ".join(re.sub(r"[^\w\s'.!?,%=/+-]", " ", sentence).split())
    if _EN_ANYWHERE.search(words):
        return True
    addressed = _EN_VOCATIVE.sub("", words, count=1)
    clauses = {words, addressed, _EN_CONDITION.sub("", addressed, count=1)}
    for clause in clauses:
        first_two = clause.split(None, 1)
        if not first_two:
            continue
        rest = first_two[1] if len(first_two) > 1 else ""
        if _EN_IMPERATIVE.match(clause):
            if clause.startswith(("always", "never", "don", "do not", "please")):
                return True
            if _NAMED_SUBJECT.match(rest):
                continue  # "Commit 9f3c2e1a7b fixed the bug": a noun and its id, then a verb
            if _PARTICIPLE_BY.match(clause):
                continue  # "…; set by IT security in 2030": a participle and who did it
            if not heading and (_EN_DETERMINER.match(rest) or not _EN_NOUN_NEXT.match(rest)):
                return True
        elif not heading and _verb_before_object(first_two[0], rest):
            return True
    return False


# A determiner that opens a time, not an object ("Dana this week, Omar next week").
_EN_WHEN = re.compile(
    r"^(?:this|every|each|all|no|some|any)\s+(?:week|weekend|month|quarter|year|sprint|day"
    r"|night|morning|afternoon|evening|time|monday|tuesday|wednesday|thursday|friday"
    r"|saturday|sunday)s?\b(?!['\u2019]s)"
)


# An id and a finite verb after the first word: the first word is a noun it names.
_NAMED_SUBJECT = re.compile(
    r"#?[\w.-]*\d[\w.-]*\s+(?:\w+ed|is|was|has|had|broke|made|caused|brought|took|left)\b"
)
# A verb whose past participle is its own form, then "by" and who did it, not a time ("set
# by IT security", "put by the vendor"; "set by Friday" is still an instruction's deadline).
_PARTICIPLE_BY = re.compile(
    r"^(?:set|put|cut|split|shut|cast)\s+by\s+(?!\w+ing\b)(?!(?:monday|tuesday|wednesday"
    r"|thursday|friday|saturday|sunday|tomorrow|tonight|today|noon|midnight|eod|end|close"
    r"|the\s+end|next|then|\d)\b)"
)


def _verb_before_object(first: str, rest: str) -> bool:
    """Whether ``first`` reads as a verb because an object's determiner follows it ("Widen
    the security group"): a word that is not a closed-class word, nor inflected
    (``-s``, ``-ed``, ``-ing``) or an adverb (``-ly``)."""
    if not first.isalpha() or first in _EN_NOT_VERB or not _EN_DETERMINER.match(rest):
        return False
    if not first.isascii() or _EN_WHEN.match(rest):
        return False  # a word of another script ("Релиз по …"); a time ("Dana this week")
    inflected = first.endswith(("ed", "ing", "ly")) or (
        first.endswith("s") and not first.endswith("ss")
    )
    return not inflected


# After a condition, a clause that opens on no subject is an imperative ("Quand le build
# échoue, relance le job."): the words a subject or a finite clause opens with.
_SUBJECT_WORDS = frozenset(
    """le la les l un une des du il elle on nous vous ils elles ce c cela ça se ne n en y je
    j tu el los las lo uno una unos unas me te nos él ella ellos ellas hay es está son fue
    era no o os as um uma ele eles eu não é foi der die das den dem ein eine er sie es wir
    ihr man wird werden ist sind hat haben kann muss soll dann so да он она оно они мы вы я
    ты это не то""".split()
)


def _subjectless_after_condition(sentence: str) -> bool:
    clause = _FOREIGN_CONDITION.sub("", sentence, count=1)
    if clause == sentence or not clause:
        return False
    first = clause.split(None, 1)[0].strip("'\u2019")
    return (
        first.isalpha()
        and views(first).plain not in _SUBJECT_WORDS
        and not (
            first.endswith(("t", "n")) and first.isascii()  # German and Dutch finite verbs
        )
    )


# A Japanese decision: "…を使うことに決めました" (decided to use), "…することにしました": what
# was decided, no "使うこと" asked of anyone.
_JA_DECIDED = re.compile(
    r"(?<=[うくぐすつぬぶむるた])ことに(?:決め|決定し|し|な)(?:ました|た|ている|ています)"
)


def _foreign(sentence: str) -> bool:
    if ja_habit(sentence):
        return False  # a thing's habit: "…は必ず3回再試行します"
    sentence = _JA_DECIDED.sub("。", sentence)
    if _FOREIGN_ANYWHERE.search(sentence):
        return True
    if _CJK.search(sentence) and (
        _JA_PROCEDURE.search(sentence)
        or _KO_PROCEDURE.search(sentence)
        or _ZH_PROCEDURE.search(sentence)
    ):
        return True
    if _CJK.match(sentence):
        return bool(_FOREIGN_START.match(sentence))
    clause = _FOREIGN_CONDITION.sub("", sentence, count=1)
    return bool(
        _FOREIGN_START_WORD.match(sentence)
        or _FOREIGN_START_WORD.match(clause)
        or _FOREIGN_VERB_ALWAYS.match(clause)
        or _DE_INFINITIVE.search(sentence)
        or _ru_infinitive(clause)
        or _subjectless_after_condition(sentence)
    )


def labelled(text: str) -> bool:
    """Whether ``text`` opens with a label that names it a rule or names the agents it is
    for ("Team policy: ...", "Konvention: ...", "チームの方針：...", "For AI agents: ...")."""
    plain = views(_clean(text[:200])).plain.lstrip()
    label = _LABEL.match(plain)
    if label is None or not _LABEL_WORD.search(label.group()):
        return False
    return len(label.group().split()) <= _RULE_LABEL_WORDS or bool(
        _AGENT_WORD.search(label.group())
    )


def _asked(sentence: str) -> Asked:
    return Asked(sentence, sentence, _NOT_ALNUM.sub("", sentence))


def asked(text: str, *, heading: bool = False) -> list[Asked]:
    """The sentences of ``text`` that ask something of an agent (``heading``: ``text`` is a
    title, whose first word is read as a noun when it can be one)."""
    if not text:
        return []
    v = views(_clean(text))
    skeletons, plains = _sentences(v.text), _sentences(v.plain)
    found = [_asked(s) for s in skeletons if _english(s, heading=heading)]
    foreign = v.marked or not v.plain.isascii()
    if foreign or (not found and len(set(_NOT_ENGLISH.findall(v.plain))) >= 2):
        found += [_asked(s) for s in plains if _foreign(s)]
    elif not found:  # ASCII, English rules found nothing: "Usa uv, no pip."
        found += [_asked(s) for s in plains if _ASCII_START_WORD.match(s)]
    return found


def instruction(title: str, content: str) -> str | None:
    """Why a memory is a directive to agents (held for an operator when shared), or None.
    A clause that only keeps a decision the memory states from being undone ("never change
    it back") asks nothing new of an agent."""
    title, content = without_undo_guard(title), without_undo_guard(content)
    title, content = without_other_agents(title), without_other_agents(content)
    decided = _DECISION_LABEL.match(content)
    if decided:  # "Decision: keep Nextflow": what was decided, read as a heading reads
        if asked(title, heading=True) or asked(content[decided.end() :], heading=True):
            return DIRECTIVE
        return None
    if labelled(content) or asked(title, heading=True) or asked(content):
        return DIRECTIVE
    return None


# A decision stated as one: its clause says what was decided, not what an agent is to do.
_DECISION_LABEL = re.compile(
    r"\s*(?:(?:team|our|final|architecture|technical)\s+)?(?:decision|decided|agreed"
    r"|resolution|beschluss|entscheidung|décision|decisión|decisão|decisione)\s*[:\uff1a]\s*",
    re.IGNORECASE,
)
