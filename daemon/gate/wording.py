# ruff: noqa: RUF001, SIM905 (the words of other scripts, listed as text on purpose)
"""The words that state nothing on their own, by what they are: function words, thanks and
agreement, words about the conversation itself and placeholders.

:mod:`daemon.gate.content_words` counts what is left of a text once these are set aside; a
memory with too little left says nothing a future session can use. The lists are closed
classes of words (articles, pronouns, auxiliaries, particles, courtesies) in the languages
memoryd's users write most, not phrases to look for: a text is junk because of what it
lacks, whatever else it says. Words are listed casefolded, with or without their accents
(the counter drops accents and vowel signs from the lists and the text alike).
"""

from __future__ import annotations

#: Articles, pronouns, auxiliaries, prepositions and conjunctions. Negations ("not", "no",
#: "never", "nicht", "pas", "не") are not here: "No emojis." says something.
FUNCTION = frozenset(
    # English
    """a an the and or but nor if so of to in on at by for with from into onto over under
    about as than then that this these those there here it its it's i i'm i've i'll you
    you're he she we we're they them him her us me my mine your yours his our ours their
    theirs is are was were be been being am do does did done have has had having will would
    shall should can could may might must what which who whom whose when where why how all
    any some each both such very just really also too again up out off only own same
    s t ll re ve d m let let's there's what's that's it'll everything nothing something
    anything today tonight now"""
    # German
    """
der die das den dem des ein eine einen einem einer eines und oder aber ist sind war
    waren es er sie wir ihr ich du mich mir dich dir uns euch sein seine zu im in am an auf
    mit von fur bei aus um als wie so auch noch schon dann da hier dort wird werden hat
    haben hat uber kurz bis"""
    # French
    """
le la les l un une des du de d et ou mais est sont etait c ce cet cette ces il elle
    ils elles nous vous je j tu on en au aux a pour par avec sur dans qui que qu se s y me
    m te t lui leur leurs mon ma mes ton ta tes son sa ses notre votre"""
    # Spanish and Portuguese
    """
el lo los las una unos unas y e o u pero es son esta estan era de del al en con por
    para que se me te le les mi mis tu tus su sus nuestro nuestra yo ella ellos ellas
    nosotros os um uma da do das dos na nas nos ao com em eu ele voce un durante rato
    tudo todos"""
    # Russian
    """
и в во на с со по к ко у о об от до для из за это этот эта эти что как так то а но
    же бы ли он она оно они мы вы я ты его её ее их мой моя мне меня тебя нам вам был была
    было были есть"""
    # Turkish
    """
bir ve bu şu o da de için ile ama veya etti etmek oldu olarak"""
    # Korean (space-separated words; particles ride on them, so only whole words here)
    """
그 이 저 것 수 등 및 또는 그리고 하지만 합니다 있습니다 입니다""".split()
)

#: Thanks, agreement, greetings and praise: what a reply says when it states no fact.
COURTESY = frozenset(
    """thanks thank thx ty cheers great perfect awesome cool nice excellent wonderful
    fantastic amazing brilliant lgtm ack ok okay k kk yes yep yeah yup sure alright
    fine good understood noted roger agreed gotcha appreciated appreciate
    welcome np hello hi hey bye goodbye please sounds looks ahead got
    hmm hm hmmm interesting ah oh aha wow ha haha hahaha lol lmao heh hehe lifesaver
    sorry apologies apologize apologise regards everyone everybody folks"""
    # greetings and farewells
    """
hola buenos buenas dias tardes noches adios chao hallo servus moin tschuss tschus
    wiedersehen bonjour bonsoir salut coucou revoir ciao salve buongiorno buonasera
    arrivederci presto hoi doei ola oi tchau привет здравствуйте пока merhaba selam
    gunaydin hoscakal czesc hej hejda hei moi heippa namaste नमस्ते नमस्कार salam مرحبا
    שלום selamat pagi siang sore malam semuanya semua xin chao moi nguoi καλημερα καλησπερα
    γεια σας ολους bom dia pessoal доброго ранку добрий день вечора доброе утро добрый
    goedemorgen goedemiddag dzien dobry gunaydin habari asubuhi chao buoi sang"""
    """
danke dank vielen schon gut okay alles klar prima passt funktioniert geht los ja
    mach weiter bitte genau"""
    """
merci beaucoup ca marche fonctionne parfait super accord vas y allez oui bien tres
    entendu compris notiert anotado anotada annotato entendido entendida capito"""
    """
gracias muchas vale perfecto genial funciona adelante si claro listo bueno acuerdo
    obrigado obrigada certo beleza valeu bem"""
    """
спасибо благодарю ок окей хорошо отлично ладно понял поняла понятно да работает
    давай давайте конечно супер принято"""
    """
grazie mille perfetto bene certo prego va benissimo ottimo
    bedankt dank je wel prima oke top
    dzieki dziekuje jasne swietnie
    tesekkurler tesekkur ederim sagol tamam harika
    terima kasih oke siap baik mantap
    cam on duoc roi tot được rồi cảm ơn bạn
    شكرا جزيلا تمام حسنا ممتاز
    धन्यवाद शुक्रिया ठीक हाँ बढ़िया"""
    # apologies: "Entschuldigung, mein Fehler.", "Przepraszam za zamieszanie."
    """
entschuldigung entschuldige verzeihung pardon desole desolee perdon perdona disculpa
    disculpas desculpa desculpe scusa scusate scusi przepraszam przepraszamy izvinite
    извините извини простите прости özür ozur affedersiniz maaf xin loi συγγνωμη
    sorry 죄송합니다 미안합니다 미안해요"""
    # Nordic, Finnish, Hungarian, Romanian, Czech, Swahili
    """
tak takk tusind mange fint godt klart perfekt tack toppen kanon absolut okej mycket
    kiitos kiitti selvä okei joo juu kyllä sopii toimii loistavaa mahtavaa
    köszönöm köszi kösz rendben oké igen szuper tökéletes
    mulțumesc multumesc mersi bine sigur
    díky děkuji dekuji jasně ano výborně
    asante sawa ndiyo poa safi vizuri karibu"""
    # Welsh, Albanian, Basque, Icelandic, Afrikaans, Zulu, Yoruba, Tagalog, Greek, Ukrainian,
    # Hebrew, Persian, Urdu, Bengali, Amharic
    """
diolch faleminderit eskerrik asko dankie ngiyabonga salamat ευχαριστώ ευχαριστω
    дякую дякуємо תודה בסדר גמור ممنون مرسی شکریہ ধন্যবাদ አመሰግናለሁ"""
    """
감사합니다 고맙습니다 고마워요 고마워 네 예 응 좋아요 좋습니다 좋아 알겠습니다 알겠어요
    확인했습니다 진행하세요 진행해 주세요 계속 괜찮아요 물론이죠""".split()
)

#: Courtesies of more than one word whose words, alone, can state something ("the problem
#: is the cache"): set aside as a whole before the words are counted.
COURTESY_PHRASES = (
    "no problem", "no worries", "go ahead", "got it", "thank you", "sounds good",
    "looks good", "makes sense", "will do", "of course", "you're welcome", "all good",
    "fair enough", "good job", "well done", "nice work", "that works", "it works",
    "see above", "see below", "as discussed", "as above", "as mentioned", "as agreed",
    "kein problem", "pas de problème", "de nada", "sin problema", "без проблем", "deu certo",
    "d'accord", "sounds like a plan", "fair point", "good point", "my bad", "my mistake",
    "my apologies", "best regards", "kind regards", "warm regards", "best wishes",
    "talk soon", "talk later", "speak soon", "catch you later", "see you", "sent from my",
    "mein fehler", "mea culpa", "hope you all", "hope you're well", "hope you are well",
    "nice weekend", "good weekend", "good morning", "good afternoon", "good evening",
    "za zamieszanie", "for the confusion", "for the mix-up", "pour la confusion",
    "por la confusión", "on it",
    # noted, understood, received: "C'est noté.", "Ist notiert.", "Tomo nota."
    "c'est noté", "bien noté", "c'est compris", "c'est entendu", "bien reçu", "ist notiert",
    "habe ich notiert", "tomo nota", "tomado nota", "preso nota", "duly noted", "ho capito",
)  # fmt: skip

#: Words about the conversation rather than the project: who said what to whom.
CONVERSATION = frozenset(
    """user users assistant agent ai model bot human conversation chat message messages
    said says say replied reply asked answered responded confirmed acknowledged thanked
    mentioned discussed wrote see previous above below earlier later question questions"""
    # the same in the other languages memoryd's users write most
    """
usuario usuaria usuarios utilisateur utilisatrice utilisateurs nutzer nutzerin benutzer
    benutzerin kullanıcı kullanici пользователь пользователя usuário usuario utente
    gebruiker użytkownik uzytkownik pengguna asistente assistente assistent asistan
    ассистент dijo preguntó pregunto respondió respondio agradeció agradecio pregunta
    gefragt gesagt bedankt geantwortet frage gestellt demandé demande dit répondu repondu
    remercié remercie спросил спросила сказал сказала ответил ответила поблагодарил
    поблагодарила вопрос sordu dedi soru véase vease arriba abajo siehe oben unten voir
    ci-dessus ci-dessous vedi sopra sotto zie boven hierboven"""
    # Nordic, Finnish, Hungarian, Romanian, Czech, Swahili: as said, asked, answered, above
    """
nævnt nævnte nevnt nevnte nämnt nämnts tidligere tidigare ovenfor ovan nedenfor nedan
    bruger brugeren brukeren användaren spurgte spurte frågade svarede svarte svarade
    mainittu mainitsin aiemmin yllä alla käyttäjä käyttäjän kysyi vastasi avustaja
    említett említettem korábban fent lent felhasználó kérdezett válaszolt mondta
    asszisztens menționat mai sus utilizatorul utilizator a întrebat a răspuns zmíněno
    výše níže uživatel zeptal odpověděl alisema aliuliza alijibu mtumiaji juu"""
    # talked about, in the covered languages
    """
hablamos hablé hable conversamos charlamos platicamos gesprochen unterhalten geredet
    parlé parle discuté discute bavardé falamos conversei conversou говорили поговорили
    обсудили беседовали talked chatted spoke""".split()
)

#: What stands in for content that is not there.
PLACEHOLDER = frozenset(
    """todo tbd tbc fixme xxx null nil none undefined nan placeholder foo bar baz qux asdf
    lorem ipsum untitled unnamed unbenannt tk blindtext blindtexte fulltext platzhaltertext
    dummy filler""".split()
)

#: The words of lorem ipsum: placeholders too, once "lorem" or "ipsum" is among them.
LOREM = frozenset(
    """lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor
    incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud
    exercitation ullamco laboris nisi aliquip ex ea commodo consequat duis aute irure
    reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint occaecat
    cupidatat non proident sunt culpa qui officia deserunt mollit anim id est laborum
    neque porro quisquam dolorem quia perspiciatis unde omnis iste natus error voluptatem
    accusantium doloremque laudantium totam rem aperiam eaque ipsa quae ab illo inventore
    veritatis quasi architecto beatae vitae dicta explicabo nemo ipsam voluptas aspernatur
    aut odit fugit consequuntur magni dolores eos ratione sequi nesciunt numquam eius modi
    tempora incidunt magnam quaerat""".split()
)

#: The words that tell a text is filler ("Sed ut perspiciatis ...", "Neque porro ..."): with
#: one of them, the words of :data:`LOREM` are placeholders.
LOREM_MARKERS = frozenset(
    """lorem ipsum dolor amet consectetur adipiscing perspiciatis voluptatem quisquam
    dolorem eiusmod""".split()
)

#: Courtesies, pronouns and particles of the languages written without spaces (Chinese,
#: Japanese, Thai), set aside before what is left of a run is counted (hiragana is never
#: counted: it is the grammar around the words).
SPACELESS_NOISE = (
    "ขอบคุณมาก", "ขอบคุณ", "ครับ", "ค่ะ", "คะ", "โอเค", "ได้เลย", "ไม่เป็นไร", "เรียบร้อย",
    "谢谢你", "谢谢", "多谢", "感谢", "好的", "没问题", "可以", "继续", "收到", "马上", "明白",
    "了解", "知道了", "是的", "不客气", "辛苦了", "我们", "你们", "他们", "这个", "那个",
    "承知", "大丈夫", "願い", "お願い", "宜しく", "分かり", "解りました", "有難う", "結構",
    "好", "行", "对", "吧", "了", "的", "啊", "呢", "吗", "嗯", "哦", "你", "我", "他", "她",
    "这", "那", "是", "在", "和", "有", "ユーザー", "について", "話しました", "話した", "件",
)  # fmt: skip
