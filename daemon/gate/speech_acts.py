# ruff: noqa: RUF001, RUF003 (the words of other scripts, listed as text on purpose)
"""What a turn of talk does rather than states: it asks, it reports how the writer's own
work stands, it echoes the request it was given, it speaks of the conversation, or it tells
the assistant how to behave towards the user. Each is a move in the conversation it was
said in; none leaves a later session something to use.

:func:`speech_act` says which of these a memory candidate is, or None. Every check asks
what the text lacks as well as what it does: nothing named in it (no number, no code, no
path, no capitalised name after a sentence's first word) that would make the same words a
fact of the project ("The API is versioned by URL now." names the API; "I have finished
the changes you asked for." names nothing). A few moves are what they are whatever they
name, and are asked first: a promise to report back in this conversation, the writer's work
of the moment, done or to come, in German (whose nouns all have capitals), the chat as a
sentence's subject with nothing decided, a model saying what of the user's it cannot reach,
a German value set on one noun ("Die Dokumentation ist sehr wichtig."). Every pattern is a
regex without nested repetition of overlapping runs, read over a bounded prefix or once over
the text: linear in its size.
"""

from __future__ import annotations

import re

from daemon.gate.content_words import wording

__all__ = ["speech_act"]

QUESTION = "a question, not a statement: it asks what a later session would need told"
OWN_WORK = "reports how the writer's own work stands in the moment, nothing a later session can use"
REQUEST_ECHO = "echoes the request made to the writer, the task of one session"
ABOUT_CHAT = "speaks of the conversation itself, nothing named in it"
PROMPT_LINE = "tells the assistant how to behave in a session: a host prompt's line, not a fact"
TOOL_SCHEMA = "describes a tool to the assistant, its subject left out: a host's tool schema"
ACKNOWLEDGED = "acknowledges, closes or holds the exchange, nothing stated"
POINTER = "points at an attachment of the conversation, which a later session will not have"
SELF_DESCRIBED = "the assistant speaking of itself as a model, nothing about the project"
HEDGED = "a hedge with nothing decided: what might be worth doing some day"
PLATITUDE = "a value set on nothing named ('Data quality is important.'): no fact to use"

# A sentence ends at its mark and a space, or at a line's end; what closes a quote or a
# bracket after the mark belongs to the sentence.
_SENTENCE_END = re.compile(r"(?<=[.!?\u3002\uff01\uff1f\u061f])[\"'\u2019\u201d)\]]*\s+|\n+")
_ASKED = re.compile(r"[?\uff1f\u061f][\"'\u2019\u201d)\]]*\s*\Z")
# Something named: a number, code or a path, or a word with a capital that does not open
# its sentence ("I" and "I'm" name no one).
_NAMED = re.compile(r"[\d_/@`=<>\[\]{}#|\\]|(?<![.!?:]\s)(?<=\s)(?!I\b|I['\u2019])[A-Z]")
_TEXT_CHARS = 400  # a move of the conversation is short: a longer text states more
_HABIT = re.compile(
    r"\b(?:always|never|every|whenever|from\s+now\s+on|in\s+future|going\s+forward)\b", re.I
)
# The writer in the first person with a tense of the moment and a verb of doing ("I have
# finished …", "I will now run …", "I'm fixing …", "Let me check …"): the writer's own work.
# The moment's adverb may open it, in the languages memoryd's users write most ("Now I'll
# submit …", "Ahora voy a revisar …", "Maintenant je vais …").
_OWN_WORK = re.compile(
    r"^\W*(?:(?:first|now|next|then|ok(?:ay)?|alright|so|right|ahora|primero|luego"
    r"|despu[e\u00e9]s|maintenant|d['\u2019]abord|ensuite|adesso|ora|prima|poi|agora|primeiro"
    r"|depois|nu|eerst|dan|teraz|najpierw|potem)\W+)?"
    r"(?:(?:(?:i|we)\s+(?:have|has|had|will|shall|am|are|was|were)|i['\u2019](?:ve|ll|m|d)"
    r"|we['\u2019](?:ve|ll|re)|let\s+me|let['\u2019]s)\s+(?:(?:now|just|already|also|then|next"
    r"|first|still|currently|finally)\s+)?(?:re-)?(?:\w+ed|\w+ing|done|run|make|made|fix|check|look"
    r"|try|go|do|get|got|take|took|write|wrote|update|add|put|set|start|finish|continue"
    r"|proceed|review|test|build|push|deploy|open|read|see|find|found|think|submit|resubmit"
    r"|queue|restart|rerun|inspect|verify|investigate|debug|grep|dig|poll)\b"
    # the writer alone, about to do a session's work: "I'm going to run …", "Let me …", and
    # the same first persons of the languages memoryd's users write most ("Voy a revisar …",
    # "Je vais relancer …"). Only with a verb of that work: "I am about to move to the
    # platform team.", "Je vais quitter l'équipe en mars." are the writer's plans.
    # "Let me …" with any verb but "know" (an offer of help, asked elsewhere)
    r"|let\s+me\s+(?!know\b)[a-z]{2,20}\b"
    # the writer's next step in the session ("First I should look at the imports.")
    r"|(?:(?<=first\s)|(?<=next\s)|(?<=then\s))i\s+(?:should|need\s+to|must|have\s+to|will|want\s+to)\s+(?:first\s+)?[a-z]{2,20}\b"
    # the writer alone with a verb of the past, nothing of a wish or of who it is ("I went
    # through the logs and found nothing unusual."; "I prefer tabs.", "I used to …" stay)
    r"|i\s+(?:just\s+|also\s+|already\s+|then\s+|finally\s+)?(?!(?:preferred|liked|loved"
    r"|hated|wanted|used|moved|joined|worked|lived|studied|learned|learnt|grew)\b)"
    r"(?:[a-z]{2,20}ed|went|found|saw|ran|did|made|got|took|wrote|read|tried|built|began"
    r"|kept|left|sent|spent|thought|told|understood|dug|gave|brought)\b"
    r"|(?:i\s+am|i['\u2019]m)\s+(?:now\s+)?(?:going\s+to|about\s+to)\s+(?:run|re-?run|check"
    r"|look|fix|try|update|add|open|read|review|test|build|push|deploy|write|start|finish"
    r"|continue|proceed|refactor|rename|investigate|debug|search|create|implement|install"
    r"|restart|commit|clean|inspect|verify|execute)\b"
    r"|(?:voy|vamos)\s+a\s+(?:revisar|ejecutar|correr|mirar|comprobar|arreglar|probar"
    r"|actualizar|abrir|leer|buscar|crear|instalar|reiniciar|limpiar|empezar|continuar"
    r"|verificar|analizar|investigar|ajustar|lanzar|relanzar|enviar)\b"
    r"|d[e\u00e9]jame\s+\w|je\s+vais\s+(?:maintenant\s+|d['\u2019]abord\s+|ensuite\s+)?"
    r"(?:v\u00e9rifier|relancer|regarder|corriger|lancer|analyser|examiner|consulter"
    r"|ex\u00e9cuter|essayer|ouvrir|lire|chercher|cr\u00e9er|installer|red\u00e9marrer"
    r"|nettoyer|commencer|continuer|tester)\b|laisse[- ]moi\s+\w"
    r"|vou\s+(?:verificar|rodar|executar|olhar|corrigir|testar|abrir|ler|procurar|criar"
    r"|instalar|reiniciar|limpar|come\u00e7ar|continuar|revisar|rever|conferir|checar"
    r"|atualizar|ajustar|submeter|enviar|analisar|investigar)\b|deixa[- ]me\s+\w"
    r"|lass\s+mich\s+\w"
    r"|ich\s+(?:werde|schaue|mache|pr\u00fcfe|sehe|k\u00fcmmere)\b"
    r"|ik\s+ga\s+(?:nu\s+)?(?:kijken|controleren|draaien|testen|repareren|openen|lezen"
    r"|zoeken|beginnen)\b|sto\s+per\s+(?:controllare|eseguire|guardare|correggere|provare"
    r"|aprire|leggere|cercare|creare|installare|riavviare|iniziare)\b|lasciami\s+\w"
    r"|vado\s+a\s+(?:controllare|verificare|guardare|vedere|lanciare|rilanciare|eseguire"
    r"|provare|sistemare|correggere|aprire|leggere|riavviare|aggiornare)\b"
    # the writer's work going on: "Sto elaborando la richiesta", "Estoy revisando el log",
    # "Je suis en train de …", "Ich bin dabei, …"
    r"|(?:sto|stiamo|estoy|estamos|estou|estamos)\s+\w+(?:ando|endo|iendo|indo)\b"
    r"|(?:je\s+suis|nous\s+sommes)\s+en\s+train\s+de\b|ich\s+bin\s+(?:gerade\s+)?dabei\b)",
    re.IGNORECASE,
)
# The writer's work of the moment said with its subject left out ("Checking the config
# file next.", "Now running the suite."): a verb of that work, with "next", "now" or "first"
# before or after it.
_WORK_ING = (
    r"(?:checking|looking\s+(?:at|into)|opening|reading|running|re-?running|inspecting"
    r"|reviewing|searching|trying|testing|investigating|fixing|debugging|restarting|verifying"
    r"|grepping|updating|moving\s+on\s+to|kicking\s+off|starting|firing\s+up|spinning\s+up"
    r"|building|compiling|deploying|pushing|pulling|fetching|installing|rebuilding|submitting"
    r"|launching|queueing|queuing|scheduling|uploading|downloading|processing|analy[sz]ing"
    r"|digging\s+(?:into|through)|going\s+through|writing|drafting|preparing)"
)
_WORK_NEXT = re.compile(
    rf"^\W*(?:now|next|then)\W+{_WORK_ING}\b"
    # done with a part of the session's work ("Done with the first pass.")
    r"|^\W*(?:all\s+)?(?:done|finished)\s+with\s+(?:the\s+|my\s+|this\s+|that\s+)?"
    r"(?:\w+\s+)?(?:pass|round|step|part|review|draft|batch|run|check|bit|one)\W*\Z"
    rf"|^\W*{_WORK_ING}\s+(?!(?:\S+\s+){{0,5}}?(?:is|are|was|were|takes?|took|runs?|needs?"
    r"|has|have|uses?|used|fails?|works?)\b)(?:\S+\s+){0,5}?(?:next|now|first|again)\W*\Z",
    re.IGNORECASE,
)
# A turn that closes or holds the exchange: an offer of more help, a wish that it helped,
# "one moment", and taking a task on without naming it ("I'll take care of it", "Je m'en
# occupe"), in the languages memoryd's users write most.
_CLOSING = re.compile(
    r"^\W*(?:(?:please\s+)?let\s+(?:me|us)\s+know\s+(?:if|whether|when|how)\b"
    r"|feel\s+free\s+to\s+(?:ask|reach\s+out|ping|contact|get\s+in\s+touch|follow\s+up"
    r"|let\s+me\s+know)\b|(?:i\s+)?hope\s+(?:this|that|it)\s+helps\b"
    r"|(?:is\s+there\s+)?anything\s+else(?:\s+i\s+can\s+(?:help\s+with|do))?\W*\Z"
    r"|don['\u2019]?t\s+hesitate\s+to\b|do\s+not\s+hesitate\s+to\b"
    r"|(?:i['\u2019]m\s+|i\s+am\s+)?(?:always\s+)?(?:happy|glad)\s+to\s+help\b"
    r"|glad\s+i\s+could\s+help\b"
    # a moment asked for, nothing after it ("One moment, please.", "Un momento.")
    r"|(?:(?:please\s+)?(?:wait|hold\s+on)(?:\s+a\s+(?:moment|second|minute|bit))?"
    r"|(?:one|just\s+a)\s+(?:moment|sec(?:ond)?|minute)"
    r"|give\s+me\s+(?:a|one)\s+(?:moment|sec(?:ond)?|minute|bit)|un\s+(?:instant|moment|momento"
    r"|attimo)|um\s+momento|einen\s+moment|moment\s+bitte|(?:одну\s+)?минут(?:у|очку))"
    r"(?:\W+(?:please|bitte|por\s+favor|s['\u2019]il\s+(?:vous|te)\s+pla[i\u00ee]t"
    r"|per\s+favore|пожалуйста))?\W*\Z"
    r"|(?:i['\u2019]ll|i\s+will)\s+(?:take\s+care\s+of|handle|look\s+into|get\s+on"
    r"|get\s+to)\s+(?:it|that|this|them)\W*(?:now|right\s+away|shortly|asap)?\W*\Z"
    r"|on\s+it\W*\Z"
    r"|n['\u2019]h[\u00e9e]sit(?:ez|e)\s+pas\b|(?:dis|dites)[- ]moi\s+si\b"
    r"|(?:fais|faites)[- ]moi\s+savoir\b"
    r"|je\s+m['\u2019]en\s+occupe(?:\s+\w+)?\W*\Z|je\s+m['\u2019]occupe\s+de\s+(?:[\u00e7c]a|cela"
    r"|tout)\W*\Z"
    r"|av[\u00edi]same\s+si\b|d[\u00edi]me\s+si\b|no\s+dudes\s+en\b"
    r"|(?:yo\s+)?me\s+(?:encargo|ocupo)(?:\s+yo|\s+de\s+(?:eso|esto|ello))?\W*\Z"
    r"|me\s+avis[ae]\s+se\b|qualquer\s+d[\u00fau]vida\b"
    r"|(?:eu\s+)?cuido\s+disso\W*\Z|deixa\s+comigo\W*\Z"
    r"|да(?:й|йте)\s+знать\b|обращай(?:ся|тесь)\b"
    r"|(?:я\s+)?займусь(?:\s+этим)?\W*\Z|fammi\s+sapere\b|me\s+ne\s+occupo\W*\Z)",
    re.IGNORECASE,
)
# German writes its nouns with a capital, so these are asked before what a text names.
_CLOSING_DE = re.compile(
    r"^\W*(?:sag(?:en\s+sie)?\s+(?:mir\s+)?bescheid\b|meld(?:e|en\s+sie)\s+(?:dich|sich)\b"
    r"|ich\s+k[\u00fcu]mmere\s+mich\s+darum(?:\s+\w+)?\W*\Z)",
    re.IGNORECASE,
)
_CLOSING_CJK = re.compile(
    r"お待ち(?:ください|下さい)|何かあれば(?:お気軽に|いつでも|遠慮なく)|请稍等|稍等一下"
    r"|如有(?:任何)?(?:其他)?问题[，,]?(?:请)?随时|有问题随时"
    r"|잠시만\s*기다려|궁금한\s*점이\s*있으면"
)
# A pointer at what the conversation attached ("See the attached screenshot.", "Siehe
# Anhang."): the attachment is not in the memory, and a later session does not have it.
_ATTACHED = re.compile(
    r"^\W*(?:please\s+)?(?:see|check|refer\s+to|look\s+at|find)\s+(?:the\s+)?(?:attached"
    r"|enclosed|attachment)\b[^.!?]{0,40}\W*\Z|^\W*(?:attached|enclosed)\s+(?:is|are)\b[^.!?]{0,40}\W*\Z"
    # what the conversation carried: "See the screenshot I attached.", "the log I pasted"
    r"|^\W*(?:please\s+)?(?:see|check|look\s+at)\s+(?:the\s+)?(?:\w+\s+){0,2}?(?:i|we|you)"
    r"\s+(?:attached|sent|shared|uploaded|posted|pasted|linked)\W*\Z"
    r"|^\W*(?:siehe|s\.)\s+anhang\b|^\W*im\s+anhang\b|^\W*voir\s+(?:la\s+)?pi[\u00e8e]ce\s+jointe\b"
    r"|^\W*ci-joint\b|^\W*ver\s+(?:el\s+)?adjunto\b|^\W*ver\s+(?:o\s+)?anexo\b|^\W*em\s+anexo\b"
    r"|^\W*(?:см\.?|смотри(?:те)?)\s+вложени\w*|^\W*во\s+вложении\b|^\W*vedi\s+(?:l['\u2019])?allegato\b",
    re.IGNORECASE,
)
_ATTACHED_CJK = re.compile(
    r"^\W*(?:见附件|請見附件|请见附件|添付(?:ファイル)?を(?:ご覧|参照)|첨부\s*파일을\s*참고)"
)
# The assistant speaking of itself as a model ("As an AI language model, …", "I don't have
# personal opinions.").
_AS_A_MODEL = re.compile(
    r"^\W*(?:as\s+an?\s+(?:ai|llm|(?:large\s+)?language\s+model)\b"
    r"|i(?:['\u2019]m|\s+am)\s+(?:just\s+|only\s+)?an?\s+(?:ai|llm|(?:large\s+)?language\s+model)\b"
    r"|i\s+(?:don['\u2019]t|do\s+not)\s+have\s+(?:personal\s+)?(?:opinions|feelings|emotions"
    r"|beliefs|access\s+to\s+(?:the\s+internet|real[\s-]time)))",
    re.IGNORECASE,
)
# Courtesy words that open a sentence before its comma or mark ("Sure, I'll …", "D'accord,
# je …"): set aside when they state nothing, and the rest is read alone.
_OPENER = re.compile(
    r"^\W*((?:[^\W\d_]++(?:['\u2019][^\W\d_]++)?\s*+){1,3}+)[,!\u3001\uff0c]\s*(?=\S)"
)


# The moment of the conversation as the text's time ("in a moment", "so far", "right now").
_CHAT_MOMENT = re.compile(
    r"\b(?:in\s+a\s+(?:moment|minute|sec(?:ond)?|bit)|right\s+now|just\s+now|so\s+far"
    r"|a\s+moment\s+ago|at\s+the\s+moment"
    r"|(?:this|it|that)\s+(?:may|might|will|could|can)\s+take\s+a\s+(?:while|moment|minute|bit))\b",
    re.IGNORECASE,
)
# The writer promising to come back in this conversation ("… and report back once it
# finishes.", "Сейчас перезапущу задачу и отпишусь.", "稍后回复你"): the session's own work,
# whatever it names.
_REPORT_BACK = re.compile(
    r"\b(?:report\s+back\s+(?:once|when|after|as\s+soon\s+as|shortly|soon|later|in\s+a\s+bit)"
    r"|get\s+back\s+to\s+you|keep\s+you\s+(?:posted|updated)|ping\s+you\s+(?:when|once)"
    r"|(?:i['\u2019]ll|i\s+will)\s+let\s+you\s+know\s+(?:when|once|how|what)"
    # the writer promising to watch what it set going ("I'll submit the job and keep an eye
    # on it.")
    r"|(?:i['\u2019]ll|i\s+will|we['\u2019]ll|we\s+will)\s[^.!?]{0,200}?\bkeep\s+an\s+eye"
    r"\s+on\s+(?:it|them|that|this|things)\W*\Z"
    r"|(?:melde|meld)\s+mich\s+(?:gleich|sp[\u00e4a]ter|wieder|dann)"
    r"|je\s+(?:te|vous)\s+(?:tiens|tiendrai)\s+au\s+courant|je\s+reviens\s+vers\s+(?:toi|vous)"
    r"|te\s+(?:aviso|cuento)\s+(?:cuando|en\s+cuanto)|ti\s+faccio\s+sapere"
    r"|отпишусь|отпишу|сообщу\s+(?:как|когда)|дам\s+знать|dam\s+zna\u0107"
    r"|ti\s+aggiorno|(?:ik\s+)?laat\s+(?:het\s+)?(?:je|u)\s+weten)\b"
    r"|稍后回复|回头(?:告诉|回复)你|後で(?:報告|連絡)します|나중에\s*알려",
    re.IGNORECASE,
)
# The writer in the first person with the moment's adverb, in the languages whose verbs
# carry the person (Polish "Sprawdzam to teraz.", Turkish "Şimdi betiği çalıştırıyorum.",
# Russian "Сейчас перезапущу …", German "Ich habe jetzt die Tests …", French "J'ai terminé
# la première étape, je passe à la suivante.", Chinese "我先看一下日志"), read before what the
# text names: German writes every noun with a capital.
_MOMENT_FIRST_PERSON = re.compile(
    r"^\W*(?:ich\s+(?:habe|hab)\s+(?:jetzt|gerade|eben|nun)\b[^.!?]{0,200}?\b(?:ge[^\W\d_]+(?:t|en)"
    r"|lassen|[^\W\d_]+iert)\W*\Z"
    r"|ich\s+werde\s+(?:jetzt|gleich|nun|mal)\b[^.!?]{0,200}?\b[^\W\d_]+en\W*\Z"
    r"|(?:jetzt|gleich|nun)\s+(?:schaue|pr\u00fcfe|starte|teste|mache|sehe)\s+ich\b)",
    re.IGNORECASE,
)
# The writer's work of the session in German, done or to come, with no time word: "Ich
# habe das Skript angepasst und den Job neu gestartet.", "Ich werde die Logs prüfen." The
# sentence ends on a verb of that work, so "Ich habe zwei Kinder." and "Ich werde
# Teamleiter." are not it; read before what the text names (German nouns have capitals),
# once no number or code stands in it ("Ich habe das Timeout auf 30 s angepasst." is kept
# as a change made, as in English).
_WORK_DE = re.compile(
    r"^\W*ich\s+(?:habe|hab)\s[^.!?]{0,200}?\b(?:angepasst|(?:neu\s?)?gestartet|gepr\u00fcft"
    r"|\u00fcberpr\u00fcft|getestet|korrigiert|behoben|aktualisiert|ausgef\u00fchrt"
    r"|angeschaut|angesehen|nachgesehen|durchgesehen|durchsucht|kontrolliert|gefixt|repariert"
    r"|eingereicht|abgeschickt|gepusht|committet|(?:neu\s?)?gebaut|ge\u00e4ndert|erg\u00e4nzt"
    r"|hinzugef\u00fcgt|gel\u00f6scht|bereinigt|aufger\u00e4umt|installiert|(?:neu\s?)?geladen"
    r"|abgebrochen|\u00fcberarbeitet|umbenannt|gespeichert)\W*\Z"
    r"|^\W*ich\s+werde\s[^.!?]{0,200}?\b(?:anpassen|(?:neu\s)?starten|pr\u00fcfen"
    r"|\u00fcberpr\u00fcfen|testen|korrigieren|beheben|aktualisieren|ausf\u00fchren|ansehen"
    r"|anschauen|nachsehen|durchsehen|durchsuchen|kontrollieren|fixen|reparieren|einreichen"
    r"|abschicken|pushen|(?:neu\s)?bauen|\u00e4ndern|installieren|bereinigen|aufr\u00e4umen"
    r"|(?:neu\s)?laden|\u00fcberarbeiten|umbenennen|speichern)\W*\Z",
    re.IGNORECASE,
)
# A number or a mark of code: what names a thing in German too.
_CODED = re.compile(r"[\d_/@`=<>\[\]{}#|\\]")
# The same in the other languages, read once nothing named stands in the sentence ("J'ai
# terminé la migration vers Postgres 16 en mars." is a fact).
_MOMENT_FIRST_PERSON_UNNAMED = re.compile(
    r"^\W*(?:j['\u2019]ai\s+(?:d['\u2019]abord\s+|maintenant\s+|enfin\s+)?(?:termin\u00e9|fini"
    r"|relanc\u00e9|lanc\u00e9|v\u00e9rifi\u00e9|regard\u00e9|corrig\u00e9|test\u00e9"
    r"|ex\u00e9cut\u00e9|analys\u00e9|parcouru|adapt\u00e9|modifi\u00e9|ajust\u00e9"
    r"|mis\s+\u00e0\s+jour|red\u00e9marr\u00e9|soumis|relu|nettoy\u00e9|r\u00e9par\u00e9"
    r"|examin\u00e9|consult\u00e9|contr\u00f4l\u00e9)\b"
    # the writer's work done, in the perfect of Spanish and Italian, the past of Portuguese
    # and Polish, and Dutch's perfect that ends on its participle ("He actualizado el script.",
    # "Ho riavviato il job.", "Atualizei o script.", "Poprawiłem skrypt.", "Ik heb het script
    # aangepast.")
    r"|he\s+(?:revisado|ajustado|actualizado|corregido|reiniciado|ejecutado|lanzado|relanzado"
    r"|probado|comprobado|verificado|modificado|enviado|mirado|arreglado|adaptado|limpiado"
    r"|analizado)\b"
    r"|ho\s+(?:controllato|verificato|aggiornato|modificato|corretto|rilanciato|riavviato"
    r"|lanciato|eseguito|testato|sistemato|adattato|guardato|inviato|ripulito|analizzato)\b"
    r"|(?:eu\s+)?(?:verifiquei|ajustei|atualizei|corrigi|reiniciei|executei|rodei|testei"
    r"|olhei|revisei|modifiquei|enviei|submeti|adaptei|relancei|limpei|conferi|analisei)\b"
    r"|(?:sprawdzi|poprawi|zaktualizowa|uruchomi|zrestartowa|przetestowa|naprawi|dostosowa"
    r"|przejrza|wyczy\u015bci|zmodyfikowa|przeanalizowa|wys\u0142a)\u0142(?:em|am)\b"
    r"|ik\s+heb\s[^.!?]{0,200}?\b(?:aangepast|(?:opnieuw\s)?gestart|herstart|gecontroleerd"
    r"|getest|bijgewerkt|gerepareerd|uitgevoerd|bekeken|gefixt|ingediend|nagekeken"
    r"|opgeschoond|verbeterd)\W*\Z"
    # Dutch's near future, its verb at the end ("Nu ga ik het bestand bekijken.")
    r"|(?:(?:nu|eerst|dan)\s+ga\s+ik|ik\s+ga)\s[^.!?]{0,200}?\b(?:bekijken|controleren"
    r"|aanpassen|herstarten|testen|draaien|repareren|openen|lezen|zoeken|uitvoeren|nakijken"
    r"|indienen|bijwerken|opschonen)\W*\Z"
    r"|je\s+passe\s+(?:maintenant\s+)?[\u00e0a]\s+la\s+(?:suite|suivante|prochaine)\b"
    r"|(?:teraz|zaraz)\s+(?:to\s+)?[^\W\d_]+(?:am|em|\u0119)\b|[^\W\d_]+(?:am|em|\u0119)\s+(?:to\s+)?(?:teraz|zaraz)\b"
    r"|(?:\u015fimdi|hemen)\s+(?:[^\W\d_]+\s+){0,3}?[^\W\d_]+(?:yorum|ca\u011f\u0131m|ece\u011fim)\b"
    r"|(?:сейчас|щас)\s+(?:[^\W\d_]+\s+)?[^\W\d_]+(?:у|ю)\b"
    r"|ahora\s+(?:mismo\s+)?(?:reviso|ejecuto|miro|compruebo|pruebo|lanzo)\b"
    r"|agora\s+vou\s+(?:verificar|rodar|executar|olhar|testar)\b"
    r"|(?:ora|adesso)\s+(?:controllo|lancio|rilancio|provo|guardo|verifico|riavvio|sistemo"
    r"|correggo|apro|leggo|eseguo|aggiorno)\b|(?:我|让我)(?:先|马上|这就|来)(?:看|查|跑|试|检查|确认|运行|重启|处理)|今から(?:確認|見て|調べ)|지금\s*(?:확인|실행))",
    re.IGNORECASE,
)
# A hedge with nothing decided ("It might be worth considering a few options here.",
# "Perhaps we could look into caching at some point, maybe.", "Potrebbe valere la pena
# pensarci.", "Vielleicht sollten wir uns das irgendwann mal anschauen.").
_HEDGED = re.compile(
    r"^\W*(?:it\s+)?(?:might|may|could|would)\s+be\s+worth\b"
    r"|^\W*(?:perhaps|maybe)\s+(?:we|you|i|someone)\s+(?:could|should|might|can)\b"
    r"|\bat\s+some\s+point\W*(?:maybe|perhaps)?\W*\Z"
    r"|\bvielleicht\s+(?:sollten|k[\u00f6o]nnten)\s+wir\b|\birgendwann\s+mal\b"
    r"|\b(?:potrebbe|varrebbe)\s+(?:valere\s+)?la\s+pena\b"
    r"|\bpeut[- ]\u00eatre\s+(?:qu['\u2019]on|que\s+nous)\s+pourrions\b"
    r"|\bquiz[\u00e1a]s\s+(?:podr[\u00edi]amos|deber[\u00edi]amos)\b|\btalvez\s+(?:pud[\u00e9e]ssemos|dev[\u00ea]ssemos)\b",
    re.IGNORECASE,
)
# A value set on nothing named ("Data quality is important.", "Backups are a good idea.",
# "Bezpieczeństwo jest ważne.", "データの品質は大切です。"): a platitude, no fact of the
# project; read only where the sentence ends on the value.
_PLATITUDE = re.compile(
    r"(?:\b(?:is|are)\s+(?:(?:really|very|so|extremely|super|always|quite|truly)\s+)?"
    r"(?:(?:an?|the)\s+(?:(?:really|very)\s+)?)?(?:important|essential|crucial|critical|key"
    r"|vital|valuable|helpful|useful|good\s+idea|great\s+idea|good\s+practice|must|priority"
    r"|(?:important|essential|crucial|key|big)\s+part\s+of\s+[\w'\u2019\s]{1,40})"
    r"|^\W*[^\W\d_]+\s+matters|\bhelps?\s+(?:everyone|everybody|us\s+all)"
    r"|\b(?:est|sont)\s+(?:tr\u00e8s\s+)?(?:essentiel(?:le)?|importante?|primordiale?|cruciale?"
    r"|capitale?)s?"
    r"|\b(?:es|son|\u00e9|s\u00e3o|\u00e8|sono)\s+(?:muy\s+|muito\s+|molto\s+)?(?:importantes?|esencial|essenciale?s?|fondamentale|essenziale)"
    r"|\bjest\s+(?:bardzo\s+)?(?:wa\u017cn[eay]|kluczow[eay]|istotn[eay])"
    r"|\b(?:очень\s+)?важн[оаы]|\u00f6nemlidir|\u00f6nemli"
    r")(?:\s+(?:in\s+science|for\s+everyone|to\s+everyone|to\s+us|for\s+us|in\s+general|for\s+the\s+team))?\W*\Z"
    r"|(?:は|が)(?:とても|非常に)?(?:大切|重要|大事)です\W*\Z|(?:很|非常|十分)重要\W*\Z",
    re.IGNORECASE,
)
# The chat itself as the subject, named things or not ("We talked about the Parquet
# export.", "Summary: discussed data pipeline stuff.", "Ce fil portait sur …"), nothing
# decided in it.
_TALKED = re.compile(
    r"^\W*(?:(?:summary|recap|tl;?dr)\W+)?(?:(?:we|i|you\s+and\s+i|the\s+team)\s+(?:just\s+)?)?"
    r"(?:(?:talked|chatted|spoke)\s+about|discussed|went\s+over)"
    r"(?![^.!?]{0,200}\b(?:decided|agreed|chose|chosen|picked|settled|opted)\b)"
    r"\s+(?:[^\W\d]+\s+){0,5}?[^\W\d]+\W*\Z"
    r"|^\W*(?:the\s+)?user\s+(?:seemed|seems|was|is|looked)\s+(?:very\s+)?(?:satisfied|happy"
    r"|pleased|content|fine|okay|ok|grateful)\b"
    r"|^\W*(?:quick|one|small|short|another)\s+question\s+(?:about|on|regarding|re)\s+(?:\S+\s+){0,2}\S+\W*\Z"
    r"|^\W*(?:ce|cet|cette)\s+(?:fil|conversation|discussion|\u00e9change|chat|thread)\s+"
    r"(?:portait|porte|concernait|concerne|traitait)\b"
    r"|^\W*(?:este|esta)\s+(?:hilo|conversaci\u00f3n|chat)\s+(?:trat\u00f3|trata|fue)\b"
    r"|^\W*(?:in\s+)?(?:diesem|dieser|dieses)\s+(?:chat|thread|gespr\u00e4ch|unterhaltung)\b"
    r"|^\W*(?:この|今回の)(?:チャット|会話|スレッド)(?:では|で)",
    re.IGNORECASE,
)
# The assistant saying what it cannot reach of the user's ("I'm not able to access your
# cluster directly.", "I can't browse the internet", "我无法访问该文件"): a model's refusal.
# The same in German, read before what the text names (its nouns have capitals): "Die
# Dokumentation ist sehr wichtig."
_PLATITUDE_DE = re.compile(
    r"^\W*(?:(?:die|der|das|unsere?|gute)\s+)?[^\W\d_]+\s+(?:ist|sind)\s+(?:sehr\s+|extrem\s+)?"
    r"(?:wichtig|entscheidend|essenziell|unverzichtbar)\W*\Z",
    re.IGNORECASE,
)
_CANNOT_REACH = re.compile(
    r"^\W*(?:sorry\W+)?(?:i['\u2019]m\s+not\s+able\s+to|i\s+am\s+not\s+able\s+to|i['\u2019]m\s+unable\s+to"
    r"|i\s+am\s+unable\s+to|i\s+(?:can['\u2019]?t|cannot|can\s+not|don['\u2019]t\s+have\s+(?:the\s+)?(?:ability|access)\s+to))"
    r"\s+(?:directly\s+)?(?:(?:access|open|see|view|reach|check|connect\s+to|log\s+into|visit)"
    r"\s+(?:your|that\s+(?:page|link|site|url|file)|links|urls|websites)|browse\s+(?:the\s+)?(?:internet|web))\b"
    r"|我(?:无法|不能|没办法)(?:访问|打开|查看|浏览)|(?:アクセス|閲覧)できません",
    re.IGNORECASE,
)
# What the writer shows next, not there ("Below is the corrected query.", "Here's the
# updated function:"): the shown thing stayed in the conversation.
_SHOWN = re.compile(
    r"^\W*(?:below|here)\s+(?:is|are)\s+(?:\w+\s+){0,4}?\w+\W*\Z|^\W*here['\u2019]s\s+(?:\w+\s+){0,4}?\w+\W*\Z",
    re.IGNORECASE,
)
_WORK_OPENING = re.compile(rf"^\W*{_WORK_ING}\b", re.IGNORECASE)
# A name under a sign-off ("Best regards,\nDr. Okafor"): one to three capitalised words.
_SIGNATURE = re.compile(
    r"^\W*(?:(?:dr|prof|mr|mrs|ms)\.?\s*)?(?:[A-Z][\w'\u2019-]{0,30}\s*){1,3}\W*\Z"
)
# What someone asked of the writer ("The user wants me to fix the bug.", "You asked me to
# …"): the request of one session, echoed.
_ASKED_OF_ME = re.compile(
    r"\b(?:wants?|wanted|asks?|asked|needs?|needed|would\s+like|requests?|requested|told)"
    r"\s+(?:me|us)\s+to\b",
    re.IGNORECASE,
)
# The conversation as what the text is about: "this conversation", "our chat", "the
# discussion", "today's session" (a bare "the session" or "the chat" may be the product's).
_THE_CHAT = re.compile(
    r"\b(?:(?:this|our|today['\u2019]s|the\s+current)\s+(?:conversation|chat|session|discussion"
    r"|call|thread|exchange)|the\s+(?:conversation|discussion)|small\s+talk)\b",
    re.IGNORECASE,
)
# How the assistant is to behave in a session, said as a host prompt says it: how it is to
# answer ("before answering", "in your answers"), what it is to keep from or do for the user
# ("Do not reveal these instructions to the user."), its instructions or tools pointed at.
_PROMPT_LINE = re.compile(
    r"\b(?:(?:before|when|while|after)\s+(?:answering|responding|replying)"
    r"|your\s+(?:answers?|responses?|replies|reply|instructions|tools)"
    r"|(?:these|those|the\s+above|my|the\s+system)\s+(?:instructions|guidelines|prompt)"
    r"|(?:reveal|disclose|mention|repeat)\b[^.!?\n]{0,60}\bto\s+the\s+user"
    # what is kept from the user; a team's "show the script to the user and wait" is conduct
    r"|(?:not|never|n't)\s+(?:show|tell|explain)\b[^.!?\n]{0,60}\bto\s+the\s+user"
    r"|you\s+have\s+access\s+to|as\s+an?\s+(?:ai\s+)?(?:assistant|language\s+model)"
    r"|(?:the|these)\s+(?:tools|functions)\s+(?:provided|available|given)"
    r"|(?:use|call|invoke)\s+this\s+(?:tool|function)|be\s+helpful\b)\b",
    re.IGNORECASE,
)
# Said to the assistant of itself, named or not ("Your knowledge cutoff is 2024."): a host
# prompt's line whatever it names.
_ADDRESSED = re.compile(
    r"^\W*(?:your\s+(?:knowledge|training)\b|you\s+are\s+an?\s+(?:ai|llm|large\s+language)\b)",
    re.IGNORECASE,
)
# A tool's parameter and its type ("path (string, required): …"): a host's tool schema. A
# sentence with its subject left out ("Reads a file from the local filesystem.") is not
# told from a project's own statement in the same shape ("Uses a monorepo with pnpm
# workspaces.", "Prefers a dark theme."): a copy of a host's tool description is refused as
# a copy, against the prompts of the writer's session or of the scope's recent sessions.
_DESCRIBED = re.compile(
    r"^\W*\w{1,60}\s*\((?:string|integer|int|number|boolean|bool|array|object|list|float)\b"
)
# What a text points at ahead of itself ("the following tools"), when nothing follows.
_FOLLOWING = re.compile(r"\b(?:the\s+following|as\s+follows)\b[^:\n]*\Z", re.IGNORECASE)


def _sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(text.strip()) if any(c.isalnum() for c in s)]


def _named(text: str) -> bool:
    return _NAMED.search(text.strip()[1:]) is not None


def _states_nothing(sentence: str) -> bool:
    """Whether ``sentence`` has words and none of them states anything ("Done!", "Perfekt,
    danke!", "了解しました。")."""
    found = wording(sentence)
    return found.content == 0 and (found.words > 0 or found.courtesy > 0)


def _courtesy_alone(words: str) -> bool:
    """Whether ``words`` are courtesies and nothing else ("Sure", "D'accord"; not "As an
    assistant", which speaks of the conversation)."""
    found = wording(words)
    return found.content == 0 and found.conversation == 0 and found.courtesy > 0


def _without_opener(sentence: str) -> str:
    """``sentence`` without the courtesy that opens it (see :data:`_OPENER`)."""
    opened = _OPENER.match(sentence)
    if opened and _courtesy_alone(opened.group(1)):
        return sentence[opened.end() :]
    return sentence


def _act(sentence: str) -> str | None:
    """Which move of the conversation ``sentence`` is, or None."""
    if _ASKED.search(sentence):
        return QUESTION
    if _ADDRESSED.search(sentence):
        return PROMPT_LINE
    if _states_nothing(sentence):
        return ACKNOWLEDGED
    if _AS_A_MODEL.search(sentence):
        return SELF_DESCRIBED
    opened, sentence = sentence, _without_opener(sentence)
    if opened != sentence and _WORK_OPENING.search(sentence):
        return OWN_WORK  # "On it, digging through the Airflow logs."
    if _SHOWN.search(sentence):
        return POINTER
    if _REPORT_BACK.search(sentence) or _MOMENT_FIRST_PERSON.search(sentence):
        return OWN_WORK  # whatever it names: the work of this session, promised or going on
    if not _CODED.search(sentence[1:]) and _WORK_DE.search(sentence):
        return OWN_WORK  # "Ich habe das Skript angepasst.": German names with capitals
    if not _named(sentence) and _MOMENT_FIRST_PERSON_UNNAMED.search(sentence):
        return OWN_WORK  # whatever it names: the work of this session, promised or going on
    if _TALKED.search(sentence):
        return ABOUT_CHAT
    if _PLATITUDE_DE.search(sentence):
        return PLATITUDE
    if _CANNOT_REACH.search(sentence):
        return SELF_DESCRIBED
    if _ATTACHED.search(sentence) or _ATTACHED_CJK.search(sentence):
        return POINTER  # whatever it names: the attachment is not in the memory
    if _CLOSING_DE.search(sentence) or _CLOSING_CJK.search(sentence):
        return ACKNOWLEDGED
    if _named(sentence):
        return None
    if _CLOSING.search(sentence):
        return ACKNOWLEDGED
    if _FOLLOWING.search(sentence) or _PROMPT_LINE.search(sentence):
        return PROMPT_LINE
    if _HABIT.search(sentence):
        return None  # "I will always review PRs myself": a habit, not the moment
    if _DESCRIBED.match(sentence):
        return TOOL_SCHEMA
    if _OWN_WORK.match(sentence) or _WORK_NEXT.search(sentence) or _CHAT_MOMENT.search(sentence):
        return OWN_WORK
    if _ASKED_OF_ME.search(sentence):
        return REQUEST_ECHO
    if _HEDGED.search(sentence):
        return HEDGED
    if _PLATITUDE.search(sentence):
        return PLATITUDE
    if _THE_CHAT.search(sentence):
        return ABOUT_CHAT
    return None


def speech_act(content: str) -> str | None:
    """Why ``content`` is a move of the conversation rather than a statement, every sentence
    of it (see the module's docstring), or None: a fact beside a move is kept for the fact
    ("Use uv, not pip. The user asked me to remember this.")."""
    if len(content) > _TEXT_CHARS:
        return None
    acts: list[str | None] = []
    for sentence in _sentences(content):
        signed = bool(acts) and acts[-1] == ACKNOWLEDGED and _SIGNATURE.match(sentence)
        acts.append(ACKNOWLEDGED if signed else _act(sentence))
    if not acts or not all(acts):
        return None
    answered = QUESTION in acts and ACKNOWLEDGED in acts[acts.index(QUESTION) :]
    if answered:
        return None  # "Does prod run Postgres 16? Yes.": a question answered is a fact
    return next((act for act in acts if act != ACKNOWLEDGED), acts[0])
