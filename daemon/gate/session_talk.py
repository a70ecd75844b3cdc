# ruff: noqa: RUF001 (the words of other scripts, listed as text on purpose)
"""Talk of one session's moment, in the languages memoryd's users write most: a writer
that has nothing to save and says so, how a running job stands ("Tests are running now.",
"Build in progress, ETA 5 minutes."), the session retold ("User and assistant talked
through the deploy plan.", "User asks how to configure the linter."), the writer's next
step ("Going to rerun the pipeline.", "Next step: …") and its refusals ("I'm sorry, I
can't help with that."). None of it leaves a later session a fact.

Each shape is of the whole text, short (:data:`_TEXT_CHARS`), and leaves room for nothing
else: a fact beside it ("Tests are running now; the suite takes 40 minutes on CI.") is a
second clause the patterns do not cover, and the text is kept. A job's standing is read
only with a word of the moment (now, currently, in progress, an ETA, a percentage), so
"The cluster is running Kubernetes 1.29." stays a fact. Every pattern is a regex without
nested repetition over a bounded text: linear in its size.
"""

from __future__ import annotations

import re

__all__ = ["listing", "session_talk"]

NOTHING_TO_SAVE = "says there is nothing to save: the writer's verdict on a session, not a memory"
RUNNING = "how a running job stands in the moment, nothing a later session can use"
RETOLD = "retells the session (who asked or talked about what), nothing named as a fact"
NEXT_STEP = "the writer's next step in the session, not a fact"
REFUSAL = "the assistant declining or apologising, not a fact"
GREETING = "a greeting, nothing stated"
BARE_TIME = "a time alone, nothing said of it"
BARE_LABEL = "a label and one word, nothing stated"
ASKS_FOR_MEMORIES = "asks for the session to be summed up or saved: a request, not a memory"
RESULT = "a run's result in the moment (tests passed, the build failed), nothing named"
LOOKED = "the writer's own look at something in the session, nothing learned from it"

_TEXT_CHARS = 160  # a moment of the session is said in a line
_END = r"\s*[.!。！]?\s*\Z"

_NOTHING = re.compile(
    r"^\W*(?:there\s+is\s+|there['’]s\s+)?(?:nothing|no\s+(?:new\s+)?(?:relevant\s+|useful"
    r"\s+|durable\s+)?(?:information|memories|memory|facts?|details?)\b)(?:\s+\w+){0,3}?"
    r"\s+(?:to\s+(?:save|store|remember|keep|note|record)|worth\s+(?:saving|remembering"
    r"|keeping|storing|noting))\b"
    r"|^\W*no\s+(?:new\s+)?(?:relevant\s+|useful\s+)?(?:information|memories|facts|details)"
    r"\s+(?:was\s+|were\s+)?found\W*\Z"
    r"|^\W*n/?a\b\W+(?:conversation|chat|turn|session)\b"
    r"|^\W*(?:keine|kein)\s+(?:neuen?\s+)?(?:erinnerungen|informationen|fakten)\W*\Z"
    r"|^\W*nichts\s+zu\s+(?:speichern|merken)\b"
    r"|^\W*rien\s+(?:à|a)\s+(?:retenir|sauvegarder|enregistrer|noter)\b"
    r"|^\W*nada\s+(?:que|para|a)\s+(?:guardar|salvar|recordar|lembrar|registrar|anotar)\b"
    r"|^\W*нечего\s+(?:сохранять|запоминать|сохранить|запомнить)\b",
    re.IGNORECASE,
)
_NOTHING_CJK = re.compile(
    r"(?:保存|記録|記憶)(?:する|すべき)?(?:記憶|情報|内容|こと)?(?:は|が)?(?:ありません|ない|なし)"
    r"|没有(?:需要|可以|值得)?(?:保存|记住|记录)的|无需保存|없습니다\s*$"
)

_MOMENT = r"(?:now|right\s+now|currently|at\s+the\s+moment|in\s+progress|underway|under\s+way)"
_RUNNING = re.compile(
    r"^\W*(?:the\s+)?(?:\w+\s+){0,3}?(?:is|are|['’]s|['’]re)\s+(?:"
    + _MOMENT
    + r"\s+\w+ing|\w+ing\s+"
    + _MOMENT
    + r"|"
    + _MOMENT
    + r")"
    + _END
    + r"|^\W*(?:\w+\s+){0,3}?(?:in\s+progress|underway|running|pending)\s*[,;(-]\s*"
    r"(?:eta|about|approx\w*|~)\s*\d+\s*(?:s|sec\w*|m|min\w*|h|hours?)\b\W*\Z"
    r"|^\W*(?:(?:still|now|currently)\s+)?waiting\s+(?:on|for)\s+(?:the\s+)?(?:\w+\s*){1,3}"
    + _END
    + r"|^\W*(?:(?:still|now|currently)\s+)?\w+ing\s+(?:\w++\s+){0,3}?(?:\w++\s*[,:(-]\s*)?"
    r"\(?\d{1,3}\s*%"
    r"\)?(?:\s+(?:done|complete|completed|finished))?"
    + _END
    + r"|^\W*(?:(?:the|a)\s+)?(?:\w+\s+){0,2}?(?:build|tests?|suite|pipeline|deploy\w*"
    r"|migration|job|run|upload|download|install\w*)\s+(?:is\s+|are\s+)?(?:in\s+progress"
    r"|underway|still\s+running)(?:\s*,\s*eta\s+\S+(?:\s+\w+)?)?"
    + _END
    + r"|^\W*(?:die|der|das)\s+\w+\s+(?:läuft|laufen)\s+(?:gerade|noch|jetzt|momentan)"
    + _END
    + r"|^\W*(?:le|la|les)\s+\w+\s+(?:est|sont)\s+en\s+cours"
    + _END
    + r"|^\W*(?:(?:las?|los|el|as?|os?)\s+)?\w+\s+(?:se\s+)?(?:está|están|esta|estão|estao)"
    r"\s+\w+(?:ando|iendo|endo|indo)"
    + _END
    + r"|^\W*\w+\s+(?:сейчас\s+)?выполня\w+(?:\s+сейчас)?"
    + _END,
    re.IGNORECASE,
)
_RUNNING_CJK = re.compile(r"^\W*(?:\w{1,12})中です\W*\Z|^\W*正在\w{1,12}\W*\Z")

_PARTIES = r"(?:the\s+)?(?:user|assistant|agent)(?:\s+and\s+(?:the\s+)?(?:user|assistant|agent|i))?"
_ASKER = r"(?:(?:the\s+)?(?:user|assistant|agent|developer|customer|client)|i|we|they|he|she)"
_RETOLD = re.compile(
    r"^\W*(?:in\s+this\s+(?:turn|session|conversation|chat),?\s+)?"
    + _PARTIES
    + r"\s+(?:then\s+|also\s+|just\s+)?(?:talked|chatted|discussed|went\s+over|walked"
    r"\s+through|talked\s+through|shared\s+(?:a|an|the|some)\s+(?:screenshot|file|log|image"
    r"|snippet|link))\b"
    r"|^\W*"
    + _ASKER
    + r"\s+(?:then\s+|also\s+|just\s+)?(?:asks?|asked|is\s+asking|was\s+asking|wants\s+to"
    r"\s+know|wanted\s+to\s+know|is\s+wondering|wondered|inquired|enquired)\s+(?:how|why"
    r"|whether|if|what|when|where|which|who|about|a\s+question)\b"
    r"|^\W*(?:(?:a|the)\s+)?(?:conversation|discussion|chat|question|questions)\s+(?:about|on"
    r"|regarding|whether|if|of)\b"
    r"|^\W*(?:wondering|asking)\s+(?:if|whether|how|why|what|about)\b"
    r"|^\W*how\s+(?:can|do|could|should|would)\s+(?:i|we)\b[^.!?]*\Z"
    r"|^\W*(?:l['’]utilisateur|o\s+usu[aá]rio|el\s+usuario|der\s+(?:nutzer|benutzer)"
    r"|пользователь)\s+(?:a\s+pos[eé]\s+une\s+question|a\s+demand[eé]\s+(?:comment|pourquoi"
    r"|si)|perguntou|pregunt[oó]|hat\s+gefragt|fragte|fragt|спросил\w*|задал\w*\s+вопрос)",
    re.IGNORECASE,
)
# A retelling that carries a decision or a preference is kept for it.
_DECIDED = re.compile(
    r"\b(?:decided|agreed|chose|chosen|settled|prefers?|preferred|will\s+use|uses)\b", re.IGNORECASE
)
# So is one that says where such questions are to go ("Questions about access go to …").
_ROUTED = re.compile(
    r"\b(?:go(?:es)?|should\s+go|(?:are|is|get|gets)\s+(?:sent|routed|handled|answered"
    r"|directed|raised)|(?:can|should|must)\s+be\s+(?:sent|routed|raised|asked|directed"
    r"|handled|answered)|belongs?)\s+(?:to|by|in|on|at)\b",
    re.IGNORECASE,
)
_RETOLD_CJK = re.compile(
    r"^\W*(?:ユーザー|利用者)(?:は|が)[^。]{0,20}(?:について)?(?:質問|尋ね|聞い)"
    r"|^\W*用户(?:询问|问|提问|咨询)了?"
)

_NEXT = re.compile(
    r"^\W*(?:going\s+to|about\s+to|gonna)\s+(?:re-?run|check|look|inspect|try|search"
    r"|investigate|debug|ask|read|open|fix|test|verify|review|grep|dig|restart|retry)\b"
    r"|^\W*(?:plan|next\s+step|next\s+steps|todo|to\s+do|next)\s*:\s*(?:\w+\s+){0,2}?"
    r"(?:inspect|check|look|ask|run|re-?run|try|read|open|search|investigate|verify|patch"
    r"|fix|debug|review|test|find|grep|dig)\b"
    r"|^\W*let\s+me\s+(?:check|look|search|see|try|run|re-?run|inspect|find|grep|open|read"
    r"|verify|investigate|debug|fix|test|review|dig)\b"
    r"|^\W*(?:ich\s+(?:prüfe|schaue|sehe)\s+(?:als\s+nächstes|gleich|jetzt|mal))"
    r"|^\W*luego\s+(?:miro|reviso|veo|compruebo)\b"
    r"|^\W*(?:сейчас|потом|дальше)\s+(?:проверю|посмотрю|запущу|гляну)\b",
    re.IGNORECASE,
)
_NEXT_CJK = re.compile(
    r"^\W*(?:次に|これから|今から)[^。]{0,30}(?:します|いたします|する)"
    r"|^\W*我(?:接下来|现在|马上)(?:会|要|就|去)"
)

_REFUSAL = re.compile(
    r"^\W*(?:(?:i['’]m\s+|i\s+am\s+)?sorry,?\s+(?:but\s+)?)?i\s+(?:can['’]?not|can['’]t|cannot"
    r"|am\s+unable\s+to|['’]m\s+unable\s+to|won['’]t\s+be\s+able\s+to)\s+(?:help|assist)"
    r"(?:\s+(?:you\s+)?with\s+(?:that|this|it|your)(?:\s+(?:request|question|task|one))?)?"
    + _END
    + r"|^\W*(?:(?:i['’]m\s+|i\s+am\s+)?sorry,?\s+(?:but\s+)?)?i\s+(?:don['’]t|do\s+not)\s+have"
    r"\s+access\s+to\s+(?:your|that|this|the)\b"
    r"|^\W*lo\s+siento,?\s+(?:pero\s+)?no\s+puedo\s+(?:ayudar|ayudarte)"
    r"|^\W*entschuldigung,?\s+(?:aber\s+)?dabei\s+kann\s+ich\s+nicht\s+helfen"
    r"|^\W*(?:désolé|desole),?\s+(?:mais\s+)?je\s+ne\s+peux\s+pas\s+(?:vous\s+)?aider"
    r"|^\W*desculpe,?\s+(?:mas\s+)?n[aã]o\s+posso\s+ajudar",
    re.IGNORECASE,
)
_REFUSAL_CJK = re.compile(r"申し訳ありませんが[^。]{0,20}できません|抱歉[^。]{0,10}无法帮")


_GREETING = re.compile(
    r"^\W*(?:good\s+(?:morning|afternoon|evening)|hi|hello|hey|guten\s+(?:morgen|tag|abend)"
    r"|hallo|moin|servus|bonjour|bonsoir|salut|buenos\s+d[ií]as|buenas\s+(?:tardes|noches)"
    r"|hola|bom\s+dia|boa\s+(?:tarde|noite)|ol[aá]|ciao|buongiorno|buonasera|доброе\s+утро"
    r"|добрый\s+(?:день|вечер)|привет|здравствуйте|おはよう(?:ございます)?|こんにちは|こんばんは"
    r"|你好|早上好|大家好|안녕하세요)(?:\s+(?:all|everyone|everybody|team|folks|zusammen|allerseits"
    r"|à\s+tous|a\s+todos|pessoal|a\s+tutti|всем|みなさん))?\W*\Z",
    re.IGNORECASE,
)
_BARE_TIME = re.compile(
    r"^\W*(?:yesterday|today|tomorrow|tonight|this\s+(?:morning|afternoon|evening)|last\s+night)"
    r"(?:\s+at\s+\d{1,2}(?::\d\d)?\s*(?:am|pm|h)?)?\W*\Z",
    re.IGNORECASE,
)
_BARE_LABEL = re.compile(
    r"^\W*(?:category|type|tags?|label|kind|topic|status|priority|kategorie|catégorie|categoría"
    r"|categoria)\s*:\s*(?:general|misc\w*|other|none|various|default|normal|unknown|sonstiges"
    r"|divers|autre|otro|outros?)\W*\Z",
    re.IGNORECASE,
)
# A request to sum up the session or save memories ("Please summarise the session and save
# anything useful as a memory."): the session's own instruction to its writer, copied.
_ASKS = re.compile(
    r"^\W*(?:please\s+|now\s+|can\s+you\s+|could\s+you\s+)?(?:summari[sz]e|recap|sum\s+up|save"
    r"|store|remember|record|extract|write\s+down|note\s+down|capture|keep)\s+(?:\S+\s+){0,6}?"
    r"(?:(?:as|in|into|to)\s+(?:an?\s+|your\s+|the\s+)?(?:memory|memories|notes?)"
    r"|(?:the|this)\s+(?:session|conversation|chat))(?=\s*(?:and\b|[.,;!]|\Z))",
    re.IGNORECASE,
)
# A run's result alone ("All tests passed.", "Build failed.", "CI is green."): the moment's
# status, with nothing named that a later session could look for.
_RESULT = re.compile(
    r"^\W*(?:all\s+)?(?:the\s+)?(?:tests?|checks?|builds?|ci|pipelines?|lint(?:er|ing)?|deploy"
    r"(?:ment)?s?|migrations?|jobs?|runs?)\s+(?:all\s+)?(?:passed|pass|succeeded|failed|fail"
    r"|(?:are|is)\s+(?:green|red|passing|failing)|went\s+through|completed|finished|ran|worked)"
    r"(?:\s+(?:again|now|locally|this\s+time))?\W*\Z",
    re.IGNORECASE,
)
# The writer's own look at something, no subject ("Looked at the file.", "Checked the
# logs."): what it did in the session, nothing it learned.
_LOOKED = re.compile(
    r"^\W*(?:(?:i|we)\s+)?(?:just\s+|quickly\s+|briefly\s+)?(?:looked\s+at|looked\s+into|checked"
    r"|read|opened|reviewed|inspected|scanned|went\s+through|glanced\s+at|skimmed)\s+(?:the|a|this"
    r"|that|some|all\s+the)\s+(?:file|files|code|logs?|output|diff|repo|repository|readme|docs?"
    r"|documentation|config|tests?|errors?|changes|ticket|issue|page|script)\W*\Z",
    re.IGNORECASE,
)
# A file listing: names with an extension or a closing slash, apart by two spaces or more;
# a long listing's line (ls -l's mode and links); a tree's branches.
_LISTED = re.compile(r"[\w.-]{1,80}(?:\.\w{1,8}|/)")
_LONG_LISTING = re.compile(r"[dlcbps-][rwxsStT-]{9}[.@+]?\s+\d+\s+\S+\s+\S+\s+\d+\s")
_TREE = re.compile(r"\s*(?:[│|]\s+)*[├└]──\s|\s*│\s*\Z")
_COLUMNS = re.compile(r"\s{2,}|\t")
_NAME = re.compile(r"[\w.-]{1,80}/?")  # a listed name, with an extension or none
# The shell's prompt and the command that printed a listing: "$ ls", "% ls -la src".
_PROMPT = re.compile(r"\s{0,8}[$%#>]\s+(?:ls|dir|tree|find)\b[^\n]{0,200}\Z")
_LISTING_CHARS = 4000


def listing(content: str) -> bool:
    """Whether every line of ``content`` is a file listing's (see :data:`_LISTED`): columns
    of three names or more, two of them at least a file's or a folder's (``README.md  src
    tests``), an ``ls -l`` line, a tree's branch, or, in three lines or more, one name a
    line (an indented tree); the shell's prompt and command that printed it may lead, and
    then one file's name among the columns is enough (``$ ls`` / ``README.md  src
    tests``)."""
    lines = [line for line in content.splitlines() if line.strip()]
    prompted = bool(lines) and _PROMPT.match(lines[0]) is not None
    if prompted:  # the command says what follows is a listing: one file's name tells it
        lines = lines[1:]
    if not lines or len(content) > _LISTING_CHARS:
        return False
    for line in lines:
        if _LONG_LISTING.match(line) or _TREE.match(line):
            continue
        names = _COLUMNS.split(line.strip())
        if len(names) == 1 and len(lines) >= 3 and _LISTED.fullmatch(names[0]):
            continue
        listed = sum(_LISTED.fullmatch(name) is not None for name in names)
        bare = all(_NAME.fullmatch(name) for name in names)
        if len(names) < 3 or listed < (1 if prompted else 2) or not bare:
            return False
    return True


# Each shape with its reason, in the order asked: a retelling is asked last among the talk
# (a refusal or a next step may retell too) and kept when it carries a decision or a route.
_SHAPES = (
    (NOTHING_TO_SAVE, (_NOTHING, _NOTHING_CJK)),
    (RUNNING, (_RUNNING, _RUNNING_CJK)),
    (REFUSAL, (_REFUSAL, _REFUSAL_CJK)),
    (NEXT_STEP, (_NEXT, _NEXT_CJK)),
    (RETOLD, (_RETOLD, _RETOLD_CJK)),
    (GREETING, (_GREETING,)),
    (BARE_TIME, (_BARE_TIME,)),
    (BARE_LABEL, (_BARE_LABEL,)),
    (ASKS_FOR_MEMORIES, (_ASKS,)),
    (RESULT, (_RESULT,)),
    (LOOKED, (_LOOKED,)),
)


def session_talk(content: str) -> str | None:
    """Why ``content`` is talk of one session's moment (see the module's docstring), or
    None."""
    text = " ".join(content.split())
    if not text or len(text) > _TEXT_CHARS:
        return None
    for reason, patterns in _SHAPES:
        if any(p.search(text) for p in patterns):
            if reason == RETOLD and (_DECIDED.search(text) or _ROUTED.search(text)):
                continue
            return reason
    return None
