# ruff: noqa: RUF001 (the words of other languages, listed as text on purpose)
"""When a text in a language the statement rules do not read may be judged by them all the
same, rather than held for an operator as :func:`daemon.gate.languages.unread` would have
it: only where it provably holds no value and shows no shape of a directive.

The language hold is where a secret the redaction rules miss stops on its way to other
users (a password given in plain words in Czech, Greek or Arabic is read by no rule of
redaction in every phrasing), and where an instruction in a language no phrase list reads
stops. So a text is judged as a statement only when all of these hold:

- lingua named its language, and that is one of :data:`LOOSENED`: a language whose
  grammar of an instruction :func:`~daemon.gate.languages.directive_looking` reads and
  whose misses were measured; or lingua is sure of none
  (:data:`~daemon.gate.languages.UNKNOWN`) and every language it finds the text may be is
  loosened or covered (then each loosened one's conditions below hold);
- it names something a fact is about (a number, a name, a version: a word with a capital
  that does not open its sentence, a word in Latin letters in another script): a text of
  conduct alone ("remember to write in the report that all is green") stays held;
- no grammar of those languages written in the text's scripts reads a directive in it
  (lingua's low-accuracy mode takes a short Indonesian text for Swahili, a Ukrainian one
  for Kazakh: every grammar of the script is asked, so a wrong name holds, not leaks);
- it names no credential (no credential word of any language the claim rules know, no word
  of signing in, of opening or unlocking, of a code, no stem of one: ``hasłem``,
  ``הסיסמה``; an error's code, ``kod błędu``, names no access code), holds no value-shaped
  token (an address of 32 bits in hex, ``0x40012400``, a format's mask, ``GW7-AASS-NNNNN``,
  and a Finnish case ending after a colon, ``KS-220:n``, are none), nothing
  quoted, no label and value (``x: y``, ``x = y``, ``a / b``), no question and no
  exclamation: nothing a value could stand in or be announced by;
- it names no custom, convention or rule and no safeguard (a check, a review, TLS, a
  signature): an unsafe convention stated as a fact is told by these words, which the
  directive grammars do not read; no verb of saying (an answer scripted); no concession,
  start in time, request reported or status given a colour (what English's statement rules
  read as conduct: "even if the build fails", "from tomorrow", "marked green").

A miss of these rules holds the text, as before: the burden stays on the memory.
"""

from __future__ import annotations

import re
import unicodedata

from daemon.base.credential_claims import TOKEN, TRIM, named_credentials, value_like
from daemon.base.named_things import hardware_address
from daemon.gate.languages import COVERED, SAME_AS, UNKNOWN, directive_looking, likely

__all__ = ["LOOSENED", "judged_as_statement"]

#: The languages whose facts are judged by the statement rules, by the script each is
#: written in (the first word of a letter's Unicode name).
_SCRIPT_OF = {
    "ITALIAN": "LATIN", "DUTCH": "LATIN", "TURKISH": "LATIN", "POLISH": "LATIN",
    "INDONESIAN": "LATIN", "VIETNAMESE": "LATIN", "SWEDISH": "LATIN", "CZECH": "LATIN",
    "SWAHILI": "LATIN", "ARABIC": "ARABIC", "PERSIAN": "ARABIC", "HINDI": "DEVANAGARI",
    "THAI": "THAI", "HEBREW": "HEBREW", "GREEK": "GREEK", "UKRAINIAN": "CYRILLIC",
    "FINNISH": "LATIN", "HUNGARIAN": "LATIN", "DANISH": "LATIN", "ROMANIAN": "LATIN",
    "TAGALOG": "LATIN", "BENGALI": "BENGALI", "SLOVAK": "LATIN", "CROATIAN": "LATIN",
    "SLOVENE": "LATIN", "CATALAN": "LATIN", "ESTONIAN": "LATIN", "LITHUANIAN": "LATIN",
    "LATVIAN": "LATIN", "BULGARIAN": "CYRILLIC",
}  # fmt: skip
LOOSENED = frozenset(_SCRIPT_OF)

# Words that announce a value with no credential word: signing in, opening or unlocking, a
# code, in the loosened languages (the English ones are credential words already).
_ANNOUNCES = re.compile(
    r"(?<![^\W\d_])(?:kod\w*|kód\w*|kode|codice|mã|κωδ\w*|код\w*|קוד|کد|كود|कोड|รหัส"
    r"|giriş|oturum|zalog\w*|logow\w*|masuk|đăng\s+nhập|přihl\w*|inlogg\w*|logga|inloggen"
    r"|accedi|accesso|login|loguj\w*|вхід|увійти|логін|σύνδεσ\w*|συνδέ\w*|ingia|ورود|تسجيل"
    r"|כניסה|התחבר\w*|लॉग|เข้าสู่ระบบ|açıl\w*|açar|otwier\w*|otevř\w*|otevír\w*|öppna\w*"
    r"|opent|geopend|si\s+apre|відкрива\w*|відкри\w*|ανοίγ\w*|inafungu\w*|fungua"
    r"|باز\s+می|נפתח|يفتح|يُفتح|खुल\w*|เปิด|dibuka|membuka|mở\s+bằng|unlock\w*"
    r"|koodi\w*|kirjau\w*|sisäänkirj\w*|avaa\w*|aukea\w*|belép\w*|bejelentkez\w*|nyit\w*"
    r"|kode\w*|logge\w*|log\s+ind|åbne\w*|åpne\w*|cod\w*|autentific\w*|deschide\w*"
    r"|mag-login|pumasok|buksan|prihlás\w*|prihlasov\w*|otvár\w*|otvor\w*|odomk\w*"
    r"|prijav\w*|otvara\w*|otključ\w*|odpr\w*|odklen\w*|codi\w*|accés|accedeix\w*"
    r"|inici\s+de\s+sessió|iniciar\s+sessió|obre|obrir|desbloque\w*|kood\w*|sisselog\w*"
    r"|logi\s+sisse|avab|avada|avatakse|avamiseks|prisijung\w*|atidar\w*|atrakin\w*"
    r"|pieteik\w*|ielogo\w*|atver\w*|atbloķē\w*|вход|влизане|влез\w*|отваря\w*|отключ\w*"
    r"|log\s+masuk"
    r"|কোড|লগইন|খোল\w*)"
    r"(?![^\W\d_])"
)
# Credential words by their stems, as inflected ("hasłem", "hesla", "Lösenordet") or led by a
# clitic ("הסיסמה", "وكلمة"): the claim rules' list names their usual forms only. Italian's
# "parole chiave" are keywords (a password is one "parola").
_CREDENTIAL_STEMS = re.compile(
    r"(?<![^\W\d_])(?:parol(?!e\s+chiave)\w*|şifre\w*|sifre\w*|sandi|hasł\w*|hasl\w*|hesl\w*|wachtwoord\w*"
    r"|lösen\w*|password\w*|mật\s+khẩu|nenosiri|siri|κωδικ\w*|парол\w*|pin|tajn\w*|geheim\w*"
    r"|segret\w*|gizli|rahasia|bí\s+mật|μυστικ\w*|секрет\w*|token\w*|klucz\w*|klíč\w*"
    r"|sleutel\w*|nyckel\w*|(?<!parole\s)chiave\w*|anahtar\w*|kunci|khóa|κλειδ\w*|ключ\w*|ufunguo"
    r"|salasan\w*|tunnussan\w*|avain\w*|avaim\w*|salai\w*|jelsz\w*|kulcs\w*|titk\w*"
    r"|adgangskode\w*|passord\w*|kodeord\w*|nøgle\w*|nøkkel\w*|nøkl\w*|hemmelig\w*"
    r"|cheie|chei\w*|secret\w*|susi|lihim|kľúč\w*|lozink\w*|šifr\w*|ključ\w*"
    r"|gesl\w*|skrivn\w*|contrasenya\w*|clau|claus|salasõn\w*|võti|võtme\w*|võtm\w*"
    r"|salajas\w*|salajan\w*|slaptažod\w*|rakt(?:as|o|ą|ai|ų|us)|slapt\w*|atslēg\w*|slepen\w*|тайн\w*"
    r"|таен|kata\s+laluan|rahsia)"
    r"|পাসওয়ার্ড|পাসওয়ার্ড|চাবি|গোপন|টোকেন"
    r"|סיסמ|סוד|מפתח|مرور|سري|السر|رمز|مفتاح|گذرواژه|پسورد|کلید|راز|पासवर्ड|कूट|कुंजी|गुप्त"
    r"|รหัส|คีย์|กุญแจ|ความลับ"
)
# What calls the text a custom, a convention or a rule, and a safeguard named (a check, a
# review, a signature, TLS): whether it is kept or dropped, an operator reads it.
_CUSTOM_OR_SAFEGUARD = re.compile(
    r"(?<![^\W\d_])(?:kebiasaan|konvensi|aturan|zvyk\w*|konvenc\w*|pravidl\w*|gewoonte"
    r"|gebruikelijk|conventie|regel\w*|consuetudin\w*|abitudin\w*|convenzion\w*|regol\w*"
    r"|afspra\w*|afgesproken|zwycza\w*|konwencj\w*|reguł\w*|zasad\w*|alışkanlık\w*|gelenek\w*|kural\w*|teamül"
    r"|quy\s+tắc|quy\s+ước|thói\s+quen|sedvänj\w*|brukar|konvention\w*|desturi|kanuni"
    r"|kawaida|συνήθει\w*|κανόν\w*|σύμβασ\w*|звича\w*|правил\w*|конвенц\w*|заведено"
    r"|tls|ssl|2fa|mfa|verif\w*|weryfik\w*|review\w*|revizi\w*|revisi\w*|kontrol\w*"
    r"|controll\w*|sprawdz\w*|doğrula\w*|denetim\w*|kiểm\s+tra|xác\s+minh|έλεγχ\w*"
    r"|επαλήθευσ\w*|перевір\w*|контрол\w*|granskning\w*|ukaguzi|uthibitisho|pemeriksaan"
    r"|validas\w*|ověř\w*|podpis\w*|handtekening\w*|imza\w*|firma\w*|signatur\w*"
    r"|sääntö\w*|säänn\w*|käytän\w*|tapana|tarkist\w*|katselm\w*|varmist\w*|allekirj\w*"
    r"|szabály\w*|szokás\w*|ellenőr\w*|felülvizsgál\w*|átnéz\w*|aláír\w*|hitelesít\w*"
    r"|regler?|reglen|skik|kutyme|praksis|kontroll\w*|gennemgang\w*|gjennomgang\w*"
    r"|godkend\w*|godkjenn\w*|regul\w*|obicei\w*|convenți\w*|verific\w*|aprob\w*"
    r"|patakaran|kaugalian|tuntunin|suriin|pagsusuri|beripika\w*|pravil\w*|overen\w*"
    r"|overov\w*|revízi\w*|običaj\w*|konvencij\w*|provjer\w*|proveri\w*|proverav\w*"
    r"|pregled\w*|potpis\w*|navad\w*|preverj\w*|preveri\w*|costum\w*|convenci\w*"
    r"|norma|normes|comprov\w*|tava|tavaks|tavakohaselt|kokkulep\w*|reegl\w*|reegel|ülevaatus\w*|allkir\w*"
    r"|kinnitus\w*|įprot\w*|tradicij\w*|taisykl\w*|susitarim\w*|patikr\w*|peržiūr\w*"
    r"|paraš\w*|paradum\w*|ieraša\w*|noteikum\w*|vienošan\w*|pārbaud\w*|pārskatīšan\w*"
    r"|parakst\w*|обича\w*|провер\w*|преглед\w*|подпис\w*|peraturan|semakan)"
    r"|নিয়ম|নিয়ম|প্রথা|রীতি|যাচাই|পর্যালোচনা|অনুমোদন"
    r"|العرف|قاعدة|قواعد|اتفاقية|عادت|قاعده|قرارداد|عرف|נוהג|כלל|מוסכמ|נוהל"
    r"|בדיק|אימות|تحقق|بررسی|تأیید|परंपरा|नियम|आदत|रिवाज|जांच|सत्यापन|ธรรมเนียม|กฎ"
    r"|ข้อตกลง|ตรวจสอบ"
)
# A verb of saying in its infinitive or before "that" (what someone is to answer, scripted:
# "zeggen dat de wachtrij vol zit", "Mówić klientowi, że …"), in the loosened languages.
_SAYING = re.compile(
    r"(?<![^\W\d_])(?:zeggen|melden|antwoorden|rapporteren|vermelden|weglaten|verzwijgen"
    r"|mówić|powiedzieć|odpowiadać|odpowiedzieć|zgłaszać|raportować|informować|twierdzić"
    r"|dire|rispondere|riportare|dichiarare|říkat|říct|odpovídat|odpovědět|hlásit|tvrdit"
    r"|säga|svara|rapportera|uppge|söyle\w*|demek|bildir\w*|mengatakan|bilang|menjawab"
    r"|melaporkan|nói\s+rằng|trả\s+lời|báo\s+rằng|kusema|kujibu|kuripoti|казати|сказати"
    r"|відповідати|повідомляти|να\s+λ[εέ]\w*|να\s+απαντ\w*|λέγε|לומר|להגיד|לענות|לדווח"
    r"|القول|أن\s+تقول|الرد|گفتن|بگویید|บอกว่า|ตอบว่า|แจ้งว่า|รายงานว่า"
    r"|sanoa|sanotaan|vastata|ilmoittaa|raportoida|kertoa|mondani|mondja|válaszolni|jelenteni"
    r"|közölni|állítani|sige|svare|rapportere|oplyse|opplyse|spune|răspunde|raporta|declara"
    r"|sabihin|sagutin|iulat|povedať|hovoriť|odpovedať|hlásiť|tvrdiť|uviesť|uvádzať|reći"
    r"|kazati|govoriti|odgovoriti|odgovarati|javiti|javljati|tvrditi|navesti|reči|povedati"
    r"|odgovarjati|sporočiti|poročati|trditi|dir|respondre|contestar|informar|declarar"
    r"|öelda|ütlema|vastata|vastama|teatada|teatama|raporteerida|väita|sakyti"
    r"|pasakyti|atsakyti|atsakinėti|pranešti|pranešinėti|teigti|teikt|pateikt|atbildēt"
    r"|ziņot|paziņot|apgalvot|казвай|да\s+кажеш|да\s+казва\w*|да\s+отговар\w*"
    r"|да\s+съобщ\w*|да\s+доклад\w*|memberitahu|menjawab)"
    r"(?![^\W\d_])"
)
# What English's statement rules read as conduct, in the loosened languages: a concession
# ("even if the build fails": regardless of the facts), a start in time ("from tomorrow",
# "from now on"), a request reported ("the user asked that …"), a safeguard's review named,
# a status given a colour ("marked green"). A fact seldom needs them; a plant often does.
_CONDUCT = re.compile(
    r"(?<![^\W\d_])(?:anche\s+se|anche\s+quando|ook\s+als|zelfs\s+als|zelfs\s+wanneer|olsa\s+da"
    r"|olsa\s+bile|rağmen|nawet\s+gdy|nawet\s+jeśli|nawet\s+jeżeli|walaupun|meskipun|biarpun"
    r"|dù|mặc\s+dù|ngay\s+cả\s+khi|även\s+när|även\s+om|i\s+když|i\s+kdyby|hata\s+kama|hata\s+ikiwa|حتى\s+لو"
    r"|حتى\s+إذا|حتی\s+اگر|حتی\s+وقتی|भले|चाहे|גם\s+אם|גם\s+כש\w*|אפילו|ακόμα\s+κι\s+αν"
    r"|ακόμη\s+κι\s+αν|ακόμα\s+και\s+αν|навіть|попри"
    r"|d'ora|da\s+domani|da\s+oggi|da\s+ora|vanaf(?!\s+\d)|voortaan|itibaren|yarından|bugünden"
    r"|od\s+jutra"
    r"|od\s+dziś|od\s+dzisiaj|od\s+teraz|mulai|sejak\s+hari\s+ini|kể\s+từ|từ\s+nay|từ\s+mai"
    r"|từ\s+giờ|från\s+och\s+med(?!\s+\d)|från\s+imorgon|från\s+idag|ode\s+dneška|od\s+zítřka"
    r"|od\s+teď"
    r"|kuanzia|من\s+الآن|من\s+اليوم|من\s+الغد|اعتبارا|اعتبارًا|از\s+امروز|از\s+فردا"
    r"|از\s+این\s+به\s+بعد|आज\s+से|कल\s+से|अब\s+से|מהיום|ממחר|מעכשיו|από\s+αύριο"
    r"|από\s+σήμερα|από\s+τώρα|від\s+завтра|від\s+сьогодні|відтепер|з\s+завтрашнього"
    r"|з\s+сьогоднішнього|vaikka|silloinkin|huomisesta|alkaen|még\s+ha|akkor\s+is|holnaptól"
    r"|mostantól|pyysi|haluaa|kérte|szeretné|vihreä\w*|zöld\w*|selv\s+om|selv\s+hvis"
    r"|fra\s+i\s+morgen|fra\s+i\s+dag|bad\s+om|vil\s+have|vil\s+ha|grøn\w*|grønn\w*"
    r"|chiar\s+dacă|începând|de\s+mâine|a\s+cerut|vrea|verde|kahit|simula|mula\s+bukas"
    r"|hiniling|gusto|berde|ber\s+om|indiferent|uanset|uansett|oavsett|riippumatta"
    r"|függetlenül"
    r"|ha\s+chiesto|chiede|vuole|heeft\s+gevraagd|vroeg|wil\s+dat|istedi|istiyor|poprosi\w*"
    r"|prosi|chce|minta|meminta|yêu\s+cầu|muốn|bad\s+om|vill\s+att|požádal\w*|aliomba|anataka"
    r"|طلب|يريد|خواست\w*|चाहता|चाहती|ביקש\w*|רוצה|ζήτησε|θέλει|попросив\w*|хоче"
    r"|przegląd\w*|tinjau\w*|ditinjau|рев'ю|ревю|inceleme\w*|revisione|revisie|beoordel\w*"
    r"|перегляд\w*|αναθεώρησ\w*|ביקורת|بازبینی|مراجعة|समीक्षा|ukaguzi|kagua"
    r"|verde|groen|yeşil|zielon\w*|hijau|xanh|grön\w*|zelen\w*|kijani|الأخضر|أخضر|سبز|हरा"
    r"|ירוק\w*|πράσιν\w*|зелен\w*"
    # Slovak, Croatian, Slovene, Catalan, Estonian, Lithuanian, Latvian, Bulgarian
    r"|aj\s+keď|aj\s+keby|i\s+keď|od\s+zajtra|odteraz|od\s+dneška|požiadal\w*|čak\s+i\s+ako"
    r"|čak\s+i\s+kad|bez\s+obzira|od\s+sutra|od\s+danas|odsad|od\s+sada|tražio|tražila"
    r"|zatražio\w*|zatražila|želi|tudi\s+če|četudi|ne\s+glede\s+na|od\s+jutri|od\s+danes"
    r"|odslej|prosil\w*|zahteval\w*|hoče|encara\s+que|fins\s+i\s+tot|a\s+partir\s+d'ara"
    r"|des\s+d'ara|de\s+demà|a\s+partir\s+de\s+demà|des\s+d'avui|ha\s+demanat|demana"
    r"|vol\s+que|verd|verds|verda|verdes|isegi\s+kui|ka\s+siis\s+kui|olenemata|homsest"
    r"|tänasest|nüüdsest|palus|soovib|tahab|roheli\w*|net\s+jei|net\s+kai|nepaisant"
    r"|nuo\s+rytojaus|nuo\s+šiandien|nuo\s+šiol|paprašė|prašo|nori|žali\w*|pat\s+ja"
    r"|pat\s+tad|neatkarīgi|no\s+rītdienas|no\s+šodienas|turpmāk|lūdza|vēlas|grib|zaļ\w*"
    r"|дори\s+ако|дори\s+когато|независимо|от\s+утре|от\s+днес|отсега|поиска\w*|иска"
    r"|meskipun|walaupun|mahu|hijau"
    # a result given as a status ("marked as passed", "reported successful"): what a plant
    # words a misreport with, as English's statement rules read it
    r"|úspešn\w*|úspěšn\w*|uspješn\w*|uspešn\w*|superat\w*|zaliczon\w*|sėkming\w*"
    r"|veiksmīg\w*|успешн\w*|успішн\w*|geslaagd\w*|riuscit\w*|superato|superati|başarılı"
    r"|berhasil|sukses|thành\s+công|onnistu\w*|sikeres\w*|bestået|lyckad\w*|godkänd\w*"
    r"|reușit\w*|επιτυχ\w*|õnnestu\w*|imefaulu|matagumpay|pumasa|ناجح\w*|موفق\w*|सफल)(?![^\W\d_])"
    r"|สำเร็จ|הצליח\w*|সফল"
    r"|ตั้งแต่|ขอให้|รีวิว|สีเขียว|ירוק|בירוק"
)
# A quotation, a label before its value, a pair by a slash: where a value is announced.
_ANNOUNCED = re.compile(r"[\"“”„«»「」『』‘’`]|(?<!\w)'|'(?![^\W\d_])|[:=：]\s|\s/\s|[!?¿¡؟]")
# What a token carries that is no part of a value: a Turkish case ending after an apostrophe
# (``2027'de``, ``03:00'teki``), a Hebrew prefix before a hyphen (``ל-1.30``), a Finnish or
# Swedish case ending after a colon (``KS-220:n``, ``CI:ssä``, ``SLA:n``).
_AFFIXES = re.compile(r"'[^\W\d_]{1,6}\Z|\A[\u0590-\u05ff]{1,3}-|(?<=[\dA-Z]):[a-zäöå]{1,4}\Z")
# A port's number (``poort 8443``, ``θύρα 9100``): the word before it says what it is.
_PORT = re.compile(
    r"(?<![^\W\d_])(?:port\w{0,3}|poort|porta|porte|puerto|θύρα|θύρας|порт\w{0,2}|cổng|منفذ"
    r"|پورت|פורט|พอร์ต|portti\w{0,3}|bandari)\s+\Z"
)
# A number after the word for what it numbers (``serii 2300``, ``parada 5120``, ``หมายเลข
# 2318``): a series, a line, a stop, a platform, a vehicle, a model, a room, a version or a
# number said to be one names a thing; an access code is announced by another word.
_NUMBERED = re.compile(
    r"(?<![^\W\d_])(?:numbers?|nos?|nr|nro|series|line|route|stop|platform|bus|tram|train"
    r"|vehicle|model|room|version|build|numer\w{0,3}|seri\w{0,3}|séri\w{0,2}|sèrie|lini\w{0,3}"
    r"|línia|linea|linka|link\w{0,2}|linje\w{0,2}|linja\w{0,3}|liin\w{0,2}|līnij\w{0,2}"
    r"|przystan\w{0,4}|zastávk\w{0,2}|fermata|parada|paragem|halte|hållplats\w{0,2}"
    r"|stoppested|pysäk\w{0,4}|megálló\w{0,3}|durak\w{0,3}|stanic\w{0,2}|postaj\w{0,2}"
    r"|peatus\w{0,3}|stotel\w{0,3}|pietur\w{0,3}|peron\w{0,3}|perron|binario|andana"
    r"|nástupišt\w{0,2}|autobus\w{0,3}|autobús|otobüs\w{0,3}|busz\w{0,3}|bussi\w{0,3}|bas"
    r"|tramwaj\w{0,3}|tramvaj\w{0,3}|tramvia|tramvay\w{0,3}|villamos\w{0,3}|spårvagn\w{0,3}"
    r"|sporvogn\w{0,3}|raitiovaunu\w{0,3}|tramm\w{0,2}|trem|pociąg\w{0,3}|vlak\w{0,3}|treno"
    r"|trein|tren|tåg\w{0,2}|tog|juna\w{0,3}|vonat\w{0,3}|pojazd\w{0,3}|vozidl\w{0,2}"
    r"|vozil\w{0,2}|veicolo|voertuig|fordon|køretøj|kjøretøy|ajoneuvo\w{0,3}|jármű\w{0,3}"
    r"|araç\w{0,3}|kendaraan|kenderaan|modell?\w{0,3}|mudel\w{0,2}|malli\w{0,3}|nummer"
    r"|numero\w{0,3}|número|núm|numara\w{0,3}|număr\w{0,3}|nomor|nombor|číslo|čísl\w{0,3}"
    r"|szám\w{0,3}|broj\w{0,2}|številk\w{0,2}|numur\w{0,2}|sarja\w{0,3}|sorozat\w{0,3}"
    r"|wersj\w{0,2}|verz\w{0,3}|versione|versie|versió|version\w{0,2}|versio\w{0,3}"
    r"|verzió\w{0,3}|sürüm\w{0,3}|versiun\w{0,3}|versi|versij\w{0,2}|versioon\w{0,2}"
    r"|số|tuyến|xe|phòng|αριθμ\w{0,3}|σειρ\w{0,2}|γραμμ\w{0,2}|στάσ\w{0,2}|λεωφορεί\w{0,2}"
    r"|τραμ|όχημα|μοντέλο|έκδοσ\w{0,2}|номер\w{0,2}|сері\w{0,2}|сери\w{0,2}|лінi\w{0,2}"
    r"|лінія|лінії|линия|зупинк\w{0,2}|спирк\w{0,2}|автобус\w{0,2}|трамва\w{0,3}|модел\w{0,2}"
    r"|версі\w{0,2}|версия|מספר|קו|תחנה|אוטובוס|רכבת|דגם|גרסה|גרסת|رقم|خط|محطة|حافلة|طراز"
    r"|إصدار|شماره|ایستگاه|اتوبوس|مدل|نسخه|संख्या|नंबर|लाइन|बस|मॉडल|संस्करण|নম্বর|লাইন|বাস"
    r"|মডেল|সংস্করণ)[\s#№.-]{1,3}\Z"
    r"|(?:หมายเลข|สาย|ป้าย|รุ่น|เวอร์ชัน)\s*\Z"  # Thai writes no space before it
)
_YEAR = re.compile(r"(?:19|20)\d\d")
# A number joined to the word it counts (``9-image``, ``24-uurs``, ``3-node``), or a name to
# its number in any script (``Rīga-2``, ``София-2``: the claim rules read ``Praha-2`` so in
# Latin letters): no value.
_COUNTED = re.compile(r"\d{1,4}-[^\W\d_]{3,}|[^\W\d_]{1,12}-\d{1,5}")
# An address in hex of 32 bits at most (a register's, a flash page's: ``0x40012400``): no key
# is that short.
_ADDRESS = re.compile(r"0[xX][0-9A-Fa-f]{1,8}")
# A format's mask: parts of capitals each said over (``GW7-AASS-NNNNN``, ``YYYY-MM-DD``), two
# of them at least; a drawn value's parts are not runs of one letter.
_MASK_PART = re.compile(r"(?:([A-Z])\1+)+")
# An error's code, named so, in the loosened languages: the code of an error, no access code.
_ERROR_CODE = re.compile(
    r"(?<![^\W\d_])(?:hata\s+kod\w*|virhekoodi\w*|kod\w*\s+błędu|codice\s+(?:di\s+)?errore"
    r"|foutcode\w*|felkod\w*|fejlkode\w*|feilkode\w*|chybov\w*\s+kód\w*|kód\w*\s+chyby"
    r"|hibakód\w*|κωδικ\w*\s+σφάλματος|код\w*\s+помилки|mã\s+lỗi|kode\s+(?:kesalahan|galat"
    r"|error)|cod\w*\s+de\s+eroare|error\s+code|کد\s+خطا\w*|رمز\s+الخطأ|كود\s+الخطأ"
    r"|קוד\s+(?:ה)?שגיאה|त्रुटि\s+कोड|kód\w*\s+chyby|chybov\w*\s+kód\w*|kod\w*\s+greške"
    r"|šifr\w*\s+greške|kod\w*\s+pogreške|kod\w*\s+napake|codi\s+d'error|veakood\w*"
    r"|klaidos\s+kod\w*|kļūdas\s+kod\w*|код\w*\s+на\s+грешка\w*|kod\s+ralat)(?![^\W\d_])"
)


def _mask(token: str) -> bool:
    """Whether ``token`` is a format's mask (see :data:`_MASK_PART`)."""
    return sum(bool(_MASK_PART.fullmatch(part)) for part in re.split(r"[-_./:]", token)) >= 2


def judged_as_statement(text: str, language: str) -> bool:
    """Whether ``text``, which lingua reads as ``language`` (its name, any case, or
    :data:`~daemon.gate.languages.UNKNOWN`), may be judged by the statement rules rather
    than held for being written in a language they do not read (see the module)."""
    if language == UNKNOWN:
        return _judged_unsure(text)
    name = _grammar(language.upper(), text)
    if name not in LOOSENED or not _holds_no_value(text) or not _names_something(text):
        return False
    return not _directive_in_any(text)


def _judged_unsure(text: str) -> bool:
    """A text lingua is sure of no language of: judged as a statement only when every
    language it may be (:func:`~daemon.gate.languages.likely`) is covered by the directive
    rules or loosened here, and the conditions hold for each loosened one (the covered ones'
    rules read it next, as any text)."""
    candidates = [_grammar(name, text) for name in likely(text)]
    if not candidates or any(n not in COVERED and n not in LOOSENED for n in candidates):
        return False
    if not any(n in LOOSENED for n in candidates):
        return True  # covered languages only: their rules read it
    if not _holds_no_value(text) or not _names_something(text):
        return False
    return not _directive_in_any(text, candidates)


def _grammar(name: str, text: str) -> str:
    """The loosened language whose grammar reads ``text``, which lingua names ``name``:
    Serbian written in Latin letters is read as Croatian (lingua's Serbian is the Cyrillic
    one, which stays held)."""
    if name == "SERBIAN" and _scripts(text) <= {"LATIN"}:
        return "CROATIAN"
    return SAME_AS.get(name, name)


def _directive_in_any(text: str, also: list[str] | None = None) -> bool:
    """Whether the grammar of an instruction of any loosened language written in ``text``'s
    scripts (or named in ``also``) reads one in it: lingua's low accuracy takes a short
    Indonesian text for Swahili, so every grammar of the script is asked."""
    scripts = _scripts(text)
    return any(
        directive_looking(text, other)
        for other, script in _SCRIPT_OF.items()
        if script in scripts or other in (also or ())
    )


# A label that dates what follows it or heads it in a word or two, and the clause it opens:
# "Incydent z 21 października: eksport faktur … stał 6 godzin", "Decyzja: od maja …" tell
# of a day or a kind of note, not a value (which a clause would not be; a credential's word
# in the label is read apart, and every token after it is still read for a value).
_LABEL_START = re.compile(r"(?:^|[.!?;\n])[^.!?;\n:=：]*\Z")
_CLAUSE_WORDS = 4
# Thai writes no spaces between words: a clause of this many Thai letters is one of words.
_THAI = re.compile("[\u0e01-\u0e5b]")
_CLAUSE_LETTERS = 12


def _dated_label(text: str, m: re.Match[str]) -> bool:
    """Whether the announcing mark ``m`` is a colon after a label with a number in it or of
    a word or two, a clause of words after it: a date or a note's heading, not a value's
    label."""
    if m.group()[0] not in ":：":
        return False
    label = _LABEL_START.search(text, 0, m.start())
    if label is None:
        return False
    words = label.group().strip(" .!?;\n").split()
    if not any(c.isdigit() for c in label.group()) and not 1 <= len(words) <= 2:
        return False  # a heading of a word or two ("Decyzja:", "Karar:"), or a dated one
    clause = re.split(r"[.!?;,\n]", text[m.end() :], maxsplit=1)[0]
    if _THAI.search(clause):
        return len(_THAI.findall(clause)) >= _CLAUSE_LETTERS  # no spaces between its words
    return len(clause.split()) >= _CLAUSE_WORDS


def _holds_no_value(text: str) -> bool:
    folded = text.casefold()
    if any(not _dated_label(text, m) for m in _ANNOUNCED.finditer(text)):
        return False
    codes_aside = _ERROR_CODE.sub(" ", folded)  # an error's code names no access code
    if _ANNOUNCES.search(codes_aside):
        return False
    if _CREDENTIAL_STEMS.search(codes_aside) or _CUSTOM_OR_SAFEGUARD.search(folded):
        return False
    if _SAYING.search(folded):
        return False
    wish = _NAME_WANTS.match(text)
    if any(wish is None or m.start() != wish.start("verb") for m in _CONDUCT.finditer(folded)):
        return False  # a request reported, but a named person's own wish
    if next(named_credentials(text), None) is not None:
        return False
    for m in TOKEN.finditer(text):
        bare = _AFFIXES.sub("", m.group().strip(TRIM))
        if not bare or _YEAR.fullmatch(bare):
            continue
        window = (folded, max(0, m.start() - 24), m.start())
        if bare.isdigit() and (_PORT.search(*window) or _NUMBERED.search(*window)):
            continue
        if _COUNTED.fullmatch(bare) or _ADDRESS.fullmatch(bare) or _mask(bare):
            continue
        at = m.start() + m.group().find(bare)
        if hardware_address(text, at, at + len(bare)):
            continue
        if value_like(bare, "password"):
            return False
    return True


# A sentence's first word: its capital says nothing of a name.
_SENTENCE_START = re.compile(r"(?:^|[.!?;:\n]\s*)[\"'«(]*[^\W\d_]+")
_NAMED = re.compile(r"\d|(?<![^\W\d_])[A-Za-z][A-Za-z.+#-]*")


# A named person's wish, the name first ("Erik vill ha svar på svenska.", "Jana chce výstupy v
# CSV."): a preference, not a request reported; the name names whom it is about.
_NAME_WANTS = re.compile(
    # a Vietnamese name after its kinship title ("Chị Lan", "Anh Minh")
    r"\W*(?:(?:Anh|Chị|Ông|Bà|Em|Cô|Chú|Bác|Thầy)\s+)?"
    r"[A-ZÀ-ÖØ-ÞĀ-Ž][a-zà-öø-ÿā-ž]+\s+(?P<verb>muốn|thích|vill|chce|haluaa|wil|woli|vuole|preferisce"
    r"|föredrar|foretrækker|foretrekker|vrea|preferă|prefereert|preferuje|upřednostňuje"
    r"|vil\s+ha|vil\s+have|uprednostňuje|želi|hoče|više\s+voli|raje\s+ima|prefereix|vol"
    r"|eelistab|soovib|tahab|nori|pageidauja|vēlas|dod\s+priekšroku|grib|mahu|lebih\s+suka)"
    # a thing wished for, not a clause of what others are to do ("chce, aby se testy …")
    r"(?![^\W\d_])(?!,?\s+(?:att|aby|abyste|že|że|żeby|dat|che|että|să|ca|at|om|da|que|et"
    r"|kad|kam|lai|ka|supaya|agar|bahawa|rằng|là)(?![^\W\d_]))"
)


# A heading that names the text a decision ("Decyzja:", "قرار:", "সিদ্ধান্ত:"): what it is
# about is the decision itself, which a script without capitals cannot name otherwise.
_DECISION = re.compile(
    r"\W*(?:decision|decisione|besluit|beslut|beslutning|vedtak|decyzja|rozhodnutí"
    r"|rozhodnutie|odluka|odločitev|decizie|decisió|otsus|sprendimas|lēmums|решение|рішення"
    r"|karar|keputusan|quyết\s+định|päätös|döntés|απόφαση|قرار|החלטה|تصمیم|निर्णय|फ़ैसला"
    r"|มติ|সিদ্ধান্ত|uamuzi|desisyon|pasya)\s*[:：]",
    re.IGNORECASE,
)


def _names_something(text: str) -> bool:
    """Whether ``text`` names a thing a fact is about: a number, a name or a version, a word
    in Latin letters in a text of another script (``Vault``, ``Redis 7``, ``CI``), a word
    written with a capital that does not open its sentence (``Windows``, ``Πέμπτη``). An
    instruction of conduct ("remember to write in the report that all is green") often
    names nothing; where a text names nothing, the hold stays."""
    if _NAME_WANTS.match(text) or _DECISION.match(text):
        return True
    latin = "LATIN" in _scripts(text) and _scripts(text) <= {"LATIN"}
    if not latin and _NAMED.search(text):
        return True  # a digit, or a Latin word in another script
    openers = {m.end() for m in _SENTENCE_START.finditer(text)}
    for m in re.finditer(r"[^\W\d_]+", text):
        if m.end() not in openers and any(c.isupper() for c in m.group()):
            return True
    return any(c.isdigit() for c in text)


def _scripts(text: str) -> set[str]:
    """The scripts of ``text``'s letters (the first word of each letter's Unicode name)."""
    return {unicodedata.name(ch, " ").split()[0] for ch in set(text) if ch.isalpha()}
