# ruff: noqa: RUF001 (the words of other languages, listed as text on purpose)
"""Which language a memory is written in, when the directive rules do not read it: a shared
memory in such a language is held for an operator rather than guessed at.

The rules of :mod:`daemon.gate.conventions` and :mod:`daemon.gate.misconduct` read English,
Chinese, Korean, German, French, Russian, Portuguese, Spanish and Japanese
(:data:`COVERED`). Another language is told by ``lingua-language-detector`` in its
low-accuracy mode (its high-accuracy models cost seconds to load and most of a gigabyte;
low accuracy loads each language's small model on first use, ~60 MB for all of them, and
reads a sentence in a tenth of a millisecond), and only when it is confident: a text of
fewer than :data:`MIN_LETTERS` letters or :data:`MIN_WORDS` words is never judged (lingua is
unreliable on a few words), and neither is a text already read as English (two of its
common function words) or in the script of a covered language alone (Hangul, kana).
The detector is built on first use, so that importing the gate (or ``memoryd --help``)
does not load it. It chooses among the widely written languages only (on a short text it
confuses a common language with a rare neighbour), and adds up the confidences of languages
a short text does not tell apart (Indonesian and Malay, Hindi and Marathi).

:func:`directive_looking` reads the grammar of an instruction in the languages of
:data:`READ` (an opening imperative or infinitive, words of obligation, of always and never,
of "from now on", words for an agent): it says why a text in one of them is held (a
directive, or a language the statement rules do not read); every such text is held, as a
guess at that grammar let instructions through as facts.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lingua import LanguageDetector

__all__ = [
    "COVERED", "MIN_LETTERS", "MIN_WORDS", "READ", "SAME_AS", "UNKNOWN", "directive_looking",
    "likely", "uncovered", "unread",
]  # fmt: skip

#: The languages the directive rules read (lingua's names).
COVERED = frozenset(
    {"ENGLISH", "CHINESE", "KOREAN", "GERMAN", "FRENCH", "RUSSIAN", "PORTUGUESE", "SPANISH",
     "JAPANESE"}
)  # fmt: skip
MIN_LETTERS = 20
MIN_WORDS = 4
#: How sure lingua must be of a language (its low-accuracy values are near 0 or 1 when it
#: knows, spread out when it does not).
CONFIDENCE = 0.8
#: How sure lingua must be that a text with the function words of a covered language is a
#: neighbour's (Italian, Catalan): on a short Portuguese text it says Italian at 0.92.
_NEIGHBOUR_CONFIDENCE = 0.99
#: The neighbours that share those function words (lingua's low accuracy reads a few words
#: of Spanish as Swahili as surely as Italian as Italian: only these are believed).
_NEIGHBOURS = frozenset({"ITALIAN", "CATALAN", "DUTCH", "ROMANIAN"})
#: How sure lingua must be of a covered language for an unsure text to be read as it.
_COVERED_CONFIDENCE = 0.5
#: Languages a short text does not tell apart: their confidences are added up to decide
#: whether the text is judged at all; it is then named after the likeliest of them.
_GROUP = {
    "MALAY": "INDONESIAN", "BOKMAL": "DANISH", "CROATIAN": "SERBIAN", "BOSNIAN": "SERBIAN",
    "MARATHI": "HINDI",
}  # fmt: skip
#: A language whose grammar of an instruction is that of another read here.
SAME_AS = {"MALAY": "INDONESIAN", "BOKMAL": "DANISH", "NYNORSK": "DANISH", "BOSNIAN": "CROATIAN"}
#: A language no memory is written in, that lingua's low accuracy names for a sentence of
#: Italian or Catalan: the text is told among the widely written languages instead.
_DEAD = frozenset({"LATIN"})
#: What is read of a long text: its first characters tell its language.
_SAMPLE = 2000

# English words no other language written in Latin letters uses as often: two of them read a
# text as English, and so does one in a text of ASCII letters (the rules of English then
# read it; "in", "is", "of", "was" and "over" are Dutch as much as English).
_DISTINCT_ENGLISH = re.compile(
    r"\b(?:the|and|are|for|with|this|that|were|has|have|from|into|about"
    r"|after|before|our|their|its|it's|which|there|these|those|been|does|doesn't|isn't"
    r"|prefers|uses|owns|runs|needs|requires|keeps|likes"
    r"|aren't|won't|can't|than|then|they|them|we're|what|when|where|who|why|how)\b",
    re.IGNORECASE,
)
# Function words of German, French, Spanish and Portuguese (covered languages): two of them
# read a text as one of these, whatever lingua guesses of a few words.
_COVERED_WORDS = re.compile(
    r"\b(?:el|los|las|del|por|para|una|der|die|das|und|ist|nicht|les|des|du|est|une|aux|que"
    r"|cuando|mit|von|zu|den|dem|dans|pour|avec|sur|et|os|da|em|um|uma|com|en|de|se|la|le|al"
    r"|desde|sobre|im|auf|ein|eine|sind|wird|no|não|são|às|pas|sont|au|ce|qui)\b",
    re.IGNORECASE,
)
_COVERED_SCRIPT = re.compile(r"[\u3040-\u30ff\uac00-\ud7af]")  # kana, Hangul
_WORD = re.compile(r"[^\W\d_]+")
# Letters only Vietnamese writes: the horned o and u, the barred d, and the vowels with a
# tone mark of Latin Extended Additional.
_VIETNAMESE_LETTER = re.compile("[ơưđƠƯĐ\u1ea0-\u1ef9]")


#: The languages a text is told among: the widely written ones. On a short text lingua
#: confuses a common language with a rare neighbour ("Loki en vez de ELK: más barato de
#: operar." read as Basque); a text in a language left out is read as its nearest one here,
#: or not judged.
_CANDIDATES = (
    "ENGLISH", "CHINESE", "SPANISH", "HINDI", "ARABIC", "PORTUGUESE", "RUSSIAN", "JAPANESE",
    "GERMAN", "FRENCH", "KOREAN", "ITALIAN", "TURKISH", "VIETNAMESE", "INDONESIAN", "MALAY",
    "POLISH", "DUTCH", "UKRAINIAN", "PERSIAN", "HEBREW", "GREEK", "CZECH", "SWEDISH", "THAI",
    "BENGALI", "URDU", "TAMIL", "TELUGU", "MARATHI", "GUJARATI", "PUNJABI", "ROMANIAN",
    "HUNGARIAN", "DANISH", "BOKMAL", "FINNISH", "TAGALOG", "SWAHILI", "SLOVAK", "BULGARIAN",
    "SERBIAN", "CROATIAN", "CATALAN",
)  # fmt: skip


@cache
def _detector() -> LanguageDetector:
    from lingua import Language, LanguageDetectorBuilder  # loaded on first use

    languages = [getattr(Language, name) for name in _CANDIDATES]
    return LanguageDetectorBuilder.from_languages(*languages).with_low_accuracy_mode().build()


@cache
def _any_detector() -> LanguageDetector:
    """Among every language lingua knows: what :func:`unread` asks (a text in a language
    left out of :data:`_CANDIDATES` must not be read as its nearest covered neighbour)."""
    from lingua import LanguageDetectorBuilder  # loaded on first use

    return LanguageDetectorBuilder.from_all_languages().with_low_accuracy_mode().build()


def uncovered(text: str) -> str | None:
    """The language ``text`` is confidently written in when the rules do not cover it
    (``"Dutch"``), or None (a covered language, too short, or not sure)."""
    return _judged(text, unsure=None)


#: A language lingua gives this much of its confidence counts among a text's likely ones;
#: a language outside the widely written ones that has this much stands out among them.
_LIKELY = 0.02
_RARE = 0.5


def likely(text: str) -> list[str]:
    """The languages lingua finds ``text`` may be written in (lingua's names, most likely
    first): each it gives :data:`_LIKELY` of its confidence or more, among the widely
    written ones (a short text spreads lingua's confidence over rare neighbours), unless a
    rare one has :data:`_RARE` of it among every language. When it is sure of none, these
    are what the text may be; a reading that holds for each holds for the text."""
    sample = text[:_SAMPLE]
    rare = _any_detector().compute_language_confidence_values(sample)
    top = rare[0].language.name if rare else ""
    if top and top not in _CANDIDATES and top not in _DEAD and rare[0].value >= _RARE:
        return [v.language.name for v in rare if v.value >= _LIKELY]  # a rare one stands out
    values = _detector().compute_language_confidence_values(sample)
    return [v.language.name for v in values if v.value >= _LIKELY]


#: What :func:`unread` names a language lingua is not sure of.
UNKNOWN = "a language the rules cannot tell"


def unread(text: str) -> str | None:
    """The language ``text`` is written in when the rules do not read it: one lingua is sure
    of and the rules do not cover (``"Dutch"``), or :data:`UNKNOWN` when lingua is sure of
    no covered language either; None for a covered language or a text too short to judge.
    What is not known to be read is held, not guessed at."""
    return _judged(text, unsure=UNKNOWN)


def _judged(text: str, unsure: str | None) -> str | None:
    sample = text[:_SAMPLE]
    words = _WORD.findall(sample)
    if sum(len(w) for w in words) < MIN_LETTERS:
        return None
    if len(words) < MIN_WORDS and any(" " in w or w.isascii() for w in words):
        return None  # a few words (a script without spaces reads as one "word")
    if len(set(m.lower() for m in _DISTINCT_ENGLISH.findall(sample))) >= 2:
        return None
    if _COVERED_SCRIPT.search(sample):
        return None
    if len(_VIETNAMESE_LETTER.findall(sample)) >= 2:
        return "Vietnamese"  # lingua's low accuracy reads a few of its words as German
    if unsure is not None and _read_as_english(sample):
        return None
    if unsure is not None and _read_by_words(sample):
        return _neighbour(sample)
    if unsure is not None and sample.isascii() and len(_PLAIN_WORD.findall(sample)) < _MIN_PLAIN:
        # names, numbers and identifiers aside, too few words to tell: unless a grammar of
        # an instruction read here finds one ("Nemojte koristiti bazu Zagreb-3 za testove.")
        said = any(directive_looking(sample, name, endings=False) for name in READ)
        return unsure if said else None
    detector = _detector() if unsure is None else _any_detector()
    name = _judged_among(sample, detector, unsure)
    if name is not None and name.upper() in _DEAD:
        return _judged_among(sample, _detector(), unsure)
    return name


def _judged_among(
    sample: str, detector: LanguageDetector, unsure: str | None, sure: float = CONFIDENCE
) -> str | None:
    """The uncovered language ``detector`` is ``sure`` ``sample`` is written in, None for a
    covered one, ``unsure`` when it is sure of none."""
    values = detector.compute_language_confidence_values(sample)
    summed: dict[str, float] = {}
    likeliest: dict[str, str] = {}
    for value in values:  # sorted, most likely first
        name = value.language.name
        group = _GROUP.get(name, name)
        summed[group] = summed.get(group, 0.0) + value.value
        likeliest.setdefault(group, name)
    if not summed:
        return unsure
    group, confidence = max(summed.items(), key=lambda item: item[1])
    name = likeliest[group]
    if name in COVERED and confidence >= _COVERED_CONFIDENCE:
        return None
    if confidence < sure:
        return unsure
    return None if name in COVERED else name.title()


# A word of lower-case letters only: names, numbers and identifiers (``ops-wiki``,
# ``courier2026``) belong to no language.
_PLAIN_WORD = re.compile(r"(?<![\w./-])[a-z]+(?![\w/-]|\.\w)")
#: The fewest such words of an ASCII text that :func:`unread` judges.
_MIN_PLAIN = 5


def _read_as_english(sample: str) -> bool:
    """Whether ``sample`` reads as English: letters of ASCII only (a dash, a euro sign, a
    curly quote or an emoji beside them says nothing of a language), one distinctly English
    word."""
    ascii_letters = all(c.isascii() for c in sample if c.isalpha())
    return ascii_letters and _DISTINCT_ENGLISH.search(sample) is not None


def _read_by_words(sample: str) -> bool:
    """Whether ``sample`` reads as German, French, Spanish or Portuguese (two of their
    function words), which lingua may not be sure of on a few words among names and
    numbers; not a text with a letter none of them writes (``å``, ``ø``, ``ș``, ``ő``, ``ł``:
    Norwegian's "la" and "dem" are no French and German)."""
    if _UNCOVERED_LETTER.search(sample):
        return False
    words = _COVERED_WORDS.findall(_ADDRESS.sub(" ", sample))
    return len(set(m.lower() for m in words)) >= 2


# An address, a path or a dotted name: its parts are no words of a language (``gmail.com``'s
# "com" is no Portuguese "with").
_ADDRESS = re.compile(r"\S*[@/]\S*|[\w-]+(?:\.[\w-]+)+")
# Letters of Latin script that German, French, Spanish and Portuguese do not write.
_UNCOVERED_LETTER = re.compile("[åøæășțşőűğıąęłńśźżěřůčšžđÅØÆĂȘȚŞŐŰĞĄĘŁŃŚŹŻĚŘŮČŠŽĐ]")


def _neighbour(sample: str) -> str | None:
    """The language a text read as covered by its function words is written in when it is a
    neighbour the rules do not cover, that lingua is sure of among the widely written ones
    (Italian and Catalan share ``al``, ``una``, ``la`` with Spanish), or None."""
    name = _judged_among(sample, _detector(), unsure=None, sure=_NEIGHBOUR_CONFIDENCE)
    return name if name is not None and name.upper() in _NEIGHBOURS else None


# --- what a directive looks like in the languages read beyond the covered ones -------------

# For each, the grammar of an instruction: the imperative or the infinitive that opens it,
# the words of obligation ("must", "should"), of always and never, of "from now on", and the
# words for an agent or an assistant it is addressed to: what names a held text a directive.
_START = {
    "ITALIAN": "usa|usate|esegui|eseguite|rispondi|rispondete|di'|dì|dite|segna|segnate"
    "|approva|approvate|installa|installate|disattiva|disattivate|disabilita|attiva|metti"
    "|aggiungi|rimuovi|elimina|cancella|ignora|salta|fai|fate|dichiara|riporta|indica|scrivi"
    "|imposta|apri|chiudi|lancia|evita|tieni|mantieni|non|(?!\\w*ware\\b)\\w+(?:are|ere|ire)",
    "DUTCH": "gebruik|draai|voer|antwoord|zeg|meld|markeer|keur|installeer|zet|schakel"
    "|verwijder|negeer|sla|doe|maak|geef|voeg|push|merge|commit|open|sluit|schrijf|niet",
    "TURKISH": "sakın|lütfen",
    "POLISH": "pisz|rób|zrób|weź|daj|usuń|wyłącz|włącz|ustaw|oznacz|zatwierdź|odpowiadaj|mów"
    "|powiedz|zgłoś|napisz|wpisz|pomiń|zignoruj|uruchom|wyślij|odpowiedz|nie|\\w+ć"
    "|\\w+(?:uj|aj|ij|ujcie|ajcie|cie)",
    "INDONESIAN": "bilang|pakai|gunakan|jalankan|tandai|laporkan|katakan|jawab|hapus|matikan"
    "|hantar|kirim|salin|muat|unggah"
    "|nonaktifkan|setujui|pasang|instal|abaikan|lewati|buat|tulis|\\w+(?:kan|lah)",
    "VIETNAMESE": "tắt|bật|dùng|sử dụng|chạy|xóa|xoá|bỏ qua|báo cáo|trả lời|nói|cài|đẩy"
    "|duyệt|đánh dấu|mở|đóng|ghi|viết|cho phép|bỏ|gửi|cấp",
    "ARABIC": "أخبر|ادفع|استخدم|شغل|قل|أجب|ثبت|احذف|عطل|أوقف|تجاهل|وافق|اكتب|ضع|أضف|افتح"
    "|أغلق|علم|اجعل|ارفع|تخطى|تجاوز|اسمح|امنح|أرسل|لا(?!\\s+أحد)",
    "HINDI": "",
    "SWEDISH": "använd|kör|installera|svara|säg|markera|stäng|hoppa|ta|lägg|sätt|godkänn"
    "|ignorera|gör|skriv|stäng|inaktivera|aktivera",
    "FINNISH": "lisää|kopioi|käytä|käyttäkää|aja|ajakaa|poista|ohita|merkitse|hyväksy|asenna"
    "|kirjoita|sano|sanokaa|vastaa|ilmoita|raportoi|kerro|kertokaa|sammuta|kytke|laita|tee"
    "|pidä|jätä|anna|avaa|sulje|vaihda|ohjaa|salli|estä|älä|älkää",
    "HUNGARIAN": "kapcsold|kapcsolj|mondd|mondj|írd|írj|használd|használj|futtasd|futtass"
    "|jelöld|jelölj|telepítsd|telepíts|hagyd|hagyj|add|adj|töröld|törölj|tiltsd|tilts"
    "|engedélyezd|engedélyezz|állítsd|állíts|tedd|tégy|jelentsd|jelents|válaszolj|ne",
    "THAI": "",
    "HEBREW": "אל|תכתוב|תכתבי|כתוב|תענה|תעני|ענה|תגיד|תגידי|אמור|תאמר|תספר|ספר|הרץ|תריץ"
    "|השתמש|תשתמש|סמן|תסמן|אשר|תאשר|התקן|תתקין|מחק|תמחק|השבת|תשבית|דלג|תדלג|התעלם|תתעלם"
    "|שלח|תשלח|הוסף|תוסיף|פתח|תפתח|סגור|תסגור|דחוף|תדחוף|בבקשה",
    "GREEK": "να|μην|μη|πες|πείτε|απάντα|απάντησε|απαντήστε|γράψε|γράψτε|τρέξε|τρέξτε"
    "|χρησιμοποίησε|χρησιμοποιήστε|απενεργοποίησε|απενεργοποιήστε|ενεργοποίησε|διέγραψε|σβήσε"
    "|αγνόησε|αγνοήστε|παράλειψε|σημείωσε|σημειώστε|έγκρινε|εγκατάστησε|βάλε|βάλτε|πρόσθεσε"
    "|στείλε|στείλτε|κάνε|κάντε|άνοιξε|κλείσε|παρακαλώ|γράφε|λέγε|τρέχε|\\w+(?:ε|τε)",
    "UKRAINIAN": "використовуй|використовуйте|запускай|запусти|виконуй|виконай|відповідай"
    "|відповідайте|скажи|кажи|пиши|напиши|познач|позначай|схвали|схвалюй|встанови"
    "|встановлюй|видали|вимкни|увімкни|додай|ігноруй|пропусти|пропускай|роби|зроби|не"
    "|ніколи|завжди|будь ласка|пам'ятай|тримай|уникай|\\w+(?:йте|іть|ай|яй|уй|юй)",
    "CZECH": "použij|spusť|spouštěj|odpověz|odpovídej|řekni|říkej|piš|napiš|označ|schval"
    "|nainstaluj|smaž|odstraň|vypni|zapni|přidej|ignoruj|přeskoč|dělej|udělej|nikdy|vždy"
    "|vždycky|prosím|nezapomeň|zakomentuj|pushni|mergni|commitni|ne\\w+ej|\\w+(?:ujte|ejte"
    "|ěte|ňte|ťte|ďte|ijte)",
    # Danish and Norwegian (Bokmål, Nynorsk) share their imperatives, in both spellings
    "DANISH": "brug|bruk|kør|kjør|installer|svar|sig|si|marker|merk|luk|lukk|spring|hopp|tag"
    "|ta|læg|legg|sæt|sett|godkend|godkjenn|slet|slett|fjern|slå|deaktiver|ignorer|send|skriv"
    "|rapporter|husk|giv|gi|del|push|merge|ikke|aldrig|aldri",
    "ROMANIAN": "folosește|folositi|folosiți|rulează|rulați|răspunde|răspundeți|spune|spuneți"
    "|marchează|marcați|instalează|instalați|șterge|ștergeți|dezactivează|dezactivați"
    "|ignoră|ignorați|trimite|trimiteți|scrie|scrieți|raportează|raportați|pune|puneți"
    "|adaugă|adăugați|aprobă|aprobați|sari|săriți|dă|dați|nu",
    "TAGALOG": "gamitin|gumamit|patakbuhin|sagutin|sabihin|markahan|i-install|burahin"
    "|tanggalin|huwag|ipadala|isulat|iulat|ilagay|idagdag|aprubahan|i-approve|i-skip"
    "|laktawan|i-disable|i-off|ibigay|ipasa|pakiusap|paki-\\w+|i-\\w+",
    "BENGALI": "",
    "SWAHILI": "tumia|endesha|jibu|sema|mwambie|waambie|andika|weka|ondoa|futa|zima|washa"
    "|tuma|peleka"
    "|ruka|puuza|idhinisha|sakinisha|ongeza|fanya|tafadhali|kamwe|daima|hakikisha|kumbuka"
    "|usi\\w+|msi\\w+",
    "PERSIAN": "لطفا|لطفاً|همیشه|هرگز|هیچ وقت|نکن|نکنید|نگو|بگو|بنویس",
    # Slovak, Croatian (Bosnian, Serbian in Latin letters) and Slovene: the imperative's
    # singular and plural, the plural's endings
    "SLOVAK": "použi|použite|spusti|spustite|odpovedz|odpovedzte|povedz|povedzte|píš|píšte"
    "|napíš|napíšte|označ|označte|schváľ|schváľte|nainštaluj|nainštalujte|zmaž|zmažte|vymaž"
    "|odstráň|odstráňte|vypni|vypnite|zapni|zapnite|pridaj|pridajte|ignoruj|ignorujte|preskoč"
    "|preskočte|rob|robte|urob|urobte|nahlás|nahláste|pošli|pošlite|nastav|nastavte|daj|dajte"
    "|nikdy|vždy|prosím|nezabudni|nezabudnite|zakomentuj|ne\\w+aj|ne\\w+uj|ne\\w+ajte"
    "|ne\\w+ujte|\\w+ujte|\\w+ajte|\\w+ite|\\w+ďte|\\w+ťte|\\w+ňte|\\w+šte|\\w+žte|\\w+čte",
    "CROATIAN": "koristi|koristite|upotrijebi|upotrijebite|upotrebi|upotrebite|pokreni"
    "|pokrenite|odgovori|odgovorite|odgovaraj|reci|recite|kaži|kažite|govori|označi|označite"
    "|odobri|odobrite|instaliraj|instalirajte|obriši|obrišite|izbriši|izbrišite|ukloni"
    "|uklonite|isključi|isključite|uključi|uključite|dodaj|dodajte|ignoriraj|ignorirajte"
    "|ignoriši|preskoči|preskočite|napravi|napravite|piši|pišite|napiši|napišite|prijavi"
    "|prijavite|javi|javite|pošalji|pošaljite|postavi|postavite|stavi|stavite|nemoj|nemojte"
    "|uvijek|uvek|nikad|nikada|molim|zapamti|zapamtite|\\w+ajte|\\w+ijte|\\w+ujte",
    "SLOVENE": "uporabi|uporabite|uporabljaj|uporabljajte|zaženi|zaženite|odgovori|odgovorite"
    "|reci|recite|povej|povejte|označi|označite|odobri|odobrite|namesti|namestite|izbriši"
    "|izbrišite|odstrani|odstranite|izklopi|izklopite|onemogoči|onemogočite|vklopi|vklopite"
    "|dodaj|dodajte|prezri|prezrite|ignoriraj|ignorirajte|preskoči|preskočite|naredi|naredite"
    "|piši|pišite|napiši|napišite|sporoči|sporočite|pošlji|pošljite|nastavi|nastavite|daj"
    "|dajte|ne|nikoli|vedno|prosim|\\w+ajte|\\w+ite|\\w+ijte|\\w+ujte",
    # Catalan: the imperative's singular and plural (-eu), the negative's subjunctive, and
    # the infinitives of the verbs an instruction opens on (not any word in -ar: Turkish
    # "Karar:" is a heading)
    "CATALAN": "utilitza|utilitzeu|fes|feu|usa|useu|executa|executeu|respon|responeu|digues"
    "|digueu|marca|marqueu|aprova|aproveu|instal·la|instal·leu|esborra|esborreu|elimina"
    "|elimineu|desactiva|desactiveu|activa|activeu|afegeix|afegiu|ignora|ignoreu|omet|ometeu"
    "|salta|salteu|escriu|escriviu|informa|informeu|envia|envieu|posa|poseu|recorda|recordeu"
    "|si us plau|no\\s+\\w+eu|no\\s+(?:facis|posis|utilitzis|usis|esborris|eliminis|desactivis"
    "|ignoris|diguis|responguis|marquis|aprovis|saltis|ometis|escriguis|informis|facin|posin"
    "|utilitzin|usin|esborrin|eliminin|diguin|responguin|marquin|aprovin)|\\w{2,}eu|marcar|ometre|saltar|ignorar"
    "|desactivar|aprovar|instal·lar|executar|respondre|dir|enviar|posar|escriure|informar"
    "|esborrar|eliminar|utilitzar|fer servir|afegir",
    # Estonian, Lithuanian and Latvian: the imperative's singular and plural, "do not"
    "ESTONIAN": "kasuta|kasutage|käivita|käivitage|vasta|vastake|ütle|öelge|märgi|märkige"
    "|kinnita|kinnitage|paigalda|paigaldage|kustuta|kustutage|eemalda|eemaldage|lülita"
    "|lülitage|keela|keelake|lisa|lisage|ignoreeri|ignoreerige|jäta|jätke|tehke|kirjuta"
    "|kirjutage|teata|teatage|saatke|pane|pange|määra|määrake|ära|ärge|palun",
    "LITHUANIAN": "naudok|naudokite|paleisk|paleiskite|atsakyk|atsakykite|sakyk|sakykite"
    "|pasakyk|pasakykite|pažymėk|pažymėkite|patvirtink|patvirtinkite|įdiek|įdiekite|ištrink"
    "|ištrinkite|pašalink|pašalinkite|išjunk|išjunkite|įjunk|įjunkite|pridėk|pridėkite"
    "|ignoruok|ignoruokite|praleisk|praleiskite|daryk|darykite|padaryk|padarykite|rašyk"
    "|rašykite|parašyk|parašykite|pranešk|praneškite|siųsk|siųskite|nusiųsk|nustatyk"
    "|nustatykite|nedaryk|nenaudok|nerašyk|nesakyk|nepraleisk|niekada|visada|prašau|prašome"
    "|\\w+kite",
    "LATVIAN": "izmanto|izmantojiet|lieto|lietojiet|palaid|palaidiet|atbildi|atbildiet|saki"
    "|sakiet|pasaki|pasakiet|atzīmē|atzīmējiet|apstiprini|apstipriniet|instalē|instalējiet"
    "|dzēs|dzēsiet|izdzēs|izdzēsiet|noņem|noņemiet|izslēdz|izslēdziet|ieslēdz|ieslēdziet"
    "|pievieno|pievienojiet|ignorē|ignorējiet|izlaid|izlaidiet|dari|dariet|izdari|raksti"
    "|rakstiet|uzraksti|uzrakstiet|ziņo|ziņojiet|sūti|sūtiet|nosūti|nosūtiet|iestati"
    "|iestatiet|liec|lieciet|nedari|nelieto|neizmanto|nekad|vienmēr|lūdzu|ne\\w+iet",
    "BULGARIAN": "използвай|използвайте|стартирай|стартирайте|пусни|пуснете|изпълни"
    "|изпълнете|отговори|отговорете|отговаряй|кажи|кажете|казвай|казвайте|маркирай"
    "|маркирайте|одобри|одобрете|инсталирай|инсталирайте|изтрий|изтрийте|премахни|премахнете"
    "|изключи|изключете|включи|включете|добави|добавете|игнорирай|игнорирайте|пропусни"
    "|пропуснете|прави|правете|направи|направете|пиши|пишете|напиши|напишете|докладвай"
    "|докладвайте|съобщи|съобщете|изпрати|изпратете|задай|задайте|сложи|сложете|не|никога"
    "|винаги|моля|запомни|\\w+йте",
}
_ANYWHERE = {
    "ITALIAN": "sempre|mai|d'ora in poi|da ora in poi|da adesso|d'ora in avanti|devi|deve"
    "|devono|dovete|bisogna|occorre|è necessario|assistente|agente|agenti|l'ia",
    "DUTCH": "altijd|nooit|voortaan|vanaf nu|van nu af aan|moet|moeten|mag niet|mogen|dient"
    "|dienen|agent|agents|assistent",
    # Turkish's "no longer" (the word for "from now on" before a negated verb) is none
    "TURKISH": "bundan sonra|artık(?![^.;!?]*\\w(?:me|ma)(?:yecek|yacak|z|di|dı|miş|mış|yor)\\w*)"
    "|her zaman|asla|daima|mutlaka|\\w+(?:malı|meli)\\w*|lazım"
    "|gerek|zorunda|ajan\\w*|asistan\\w*|yapay zeka",
    "POLISH": "\\w+(?:ujcie|ajcie|ijcie|yjcie|czcie|ńcie)"
    "|zawsze|nigdy|od teraz|od dziś|od dzisiaj|musisz|musi|muszą|należy|trzeba"
    "|wolno|agent\\w*|asystent\\w*",
    "INDONESIAN": "selalu|jangan|harus|wajib|mulai sekarang|mulai saat ini|tolong|mohon|saja"
    "|agen|asisten|kecerdasan buatan",
    "VIETNAMESE": "hãy|đừng|luôn|phải|cần phải|không được|từ giờ|từ nay|kể từ bây giờ|trợ lý"
    "|tác tử",
    "ARABIC": "يجب|ينبغي|على المساعد|على الوكيل|على الوكلاء|دائما|دائمًا|أبدا|من الآن|بعد الآن"
    "|الوكلاء|الوكيل|المساعد",
    "HINDI": "चाहिए|करना है|करना होगा|हमेशा|कभी नहीं|कभी भी नहीं|मत|अब से|आगे से|कृपया|करें"
    "|कीजिए|करो|एजेंट|सहायक|बोलना|कहना|बताना|लिखना|रखना|चाहे|जब भी|कहो|कहें|कहिए|बताओ"
    "|बताएं|बताइए|बोलो|बोलें|लिखो|लिखें|चलाओ|चलाएं|रखो|रखें|हटाओ|हटाएं|छोड़ो|छोड़ें"
    "|उपयोगकर्ता को|यूज़र को|आप|तुम|कर दो|कर दें|कर दीजिए|कर देना|कर लो|कर लें|दे दो"
    "|कर डालो|रख दो|हटा दो",
    "SWEDISH": "alltid|aldrig|hädanefter|från och med nu|framöver|måste|ska|bör|agenter|agent"
    "|assistent",
    "FINNISH": "tästä lähtien|tästä eteenpäin|jatkossa|aina|ei koskaan|älä|älkää|pitää|täytyy"
    "|on pakko|ei saa|käytäntö|sääntö|agentti\\w*|avustaja\\w*|tekoäly\\w*",
    "HUNGARIAN": "mostantól|ezentúl|mindig|soha|sose|kell(?!\\s+\\d)|kötelező|tilos|ne|szabály\\w*"
    "|irányelv\\w*|asszisztens\\w*|ügynök\\w*",
    # Thai writes no spaces between words: its words are found inside runs of letters (the
    # obligation and prohibition words, "from now on", the particle of a command, "policy",
    # "rule", an agent or an assistant). "Always" (เสมอ) ends a sentence of fact as often as
    # one of command, and is not a sign alone, as in English.
    "THAI": "ต่อไปนี้|ตั้งแต่นี้|ตั้งแต่วันนี้|ต้อง|ห้าม|ควร|กรุณา|โปรด|ให้|นโยบาย|กฎ|เอเจนต์|ผู้ช่วย",
    # Hebrew, Greek, Ukrainian, Czech, Swahili and Persian: always and never, from now on,
    # the words of obligation, prohibition and permission, the agent or assistant, the
    # reader addressed ("you", "to the user"); Persian's imperatives stand anywhere in the
    # clause, last (``اجرا کن``, ``بگو``).
    "HEBREW": "תמיד|אף פעם|לעולם לא|מעכשיו|מעתה|מהיום והלאה|מהיום|מכאן והלאה|חייב|חייבת"
    "|חייבים|צריך|צריכה|צריכים|אסור|מותר|עליך|עלייך|עליכם|אתה|אתם|לך|שלך|סוכן|סוכנים"
    "|העוזר|הבוט|למשתמש|למשתמשים|תגיד|תגידי|תענה|תכתוב",
    "GREEK": "πάντα|πάντοτε|ποτέ|από τώρα|από εδώ και πέρα|από εδώ και στο εξής|από σήμερα"
    "|από αύριο|στο εξής|εφεξής|πρέπει|οφείλ\\w*|μην|βοηθός|βοηθό"
    "|πράκτορ\\w*|στον χρήστη|στους χρήστες|εσύ|εσείς|σου|σας|πες|πείτε",
    "UKRAINIAN": "завжди|ніколи|відтепер|віднині|від сьогодні|з цього моменту|надалі|треба"
    "|потрібно|необхідно|слід|мусить|мусиш|мусите|повинен|повинна|повинні|заборонено"
    "|не можна|агент\\w*|асистент\\w*|помічник\\w*|користувачеві|користувачу|ти|ви|тобі"
    "|вам|твій|ваш\\w*|скажи|кажи|відповідай",
    # Czech's plural imperative anywhere in the clause ("Balíčky instalujte z …"), as Polish's
    # above ("… wyłączcie …"): no other form of theirs ends so.
    "CZECH": "\\w+(?:ujte|ejte|ijte|ňte|ťte|ďte)"
    "|vždy|vždycky|nikdy|od teď|od teďka|odteď|od nynějška|napříště|od dnešního dne"
    "|musí|musíš|musíte|musejí|je nutné|nutno|je třeba|smí|nesmí|nesmíš|zakázáno|agent\\w*"
    "|asistent\\w*|uživateli|uživatelům|tobě|tebe|tvůj|tvoje|vám|váš|vaše|řekni|odpověz",
    "DANISH": "altid|alltid|aldrig|aldri|fremover|fra nu af|fra nå av|fra nu|herefter|heretter"
    "|skal|skal ikke|må ikke|må|bør|påkrævet|påkrevd|obligatorisk|forbudt|agent\\w*"
    "|assistent\\w*|brugeren|brukeren|brugerne|brukerne|du|dig|deg|jer|dere",
    "ROMANIAN": "întotdeauna|mereu|niciodată|de acum înainte|de acum|de azi|de mâine"
    "|trebuie|obligatoriu|este interzis|e interzis|nu este permis|agent\\w*|asistent\\w*"
    "|utilizatorul\\w*|utilizatorilor|tu|voi|vă|îți|ție",
    "TAGALOG": "palagi|lagi|kailanman|hindi kailanman|mula ngayon|simula ngayon|mula bukas"
    "|dapat|kailangan|bawal|huwag|agent|assistant|katulong|ikaw|kayo|mo|ninyo|sa user",
    "BENGALI": "সবসময়|সবসময়|কখনও না|কখনো না|কখনোই না|এখন থেকে|আজ থেকে|কাল থেকে|অবশ্যই"
    "|উচিত|করতে হবে|করবেন না|করো না|কোরো না|দয়া করে|দয়া করে|নিষেধ|এজেন্ট|সহকারী|করুন"
    "|করবেন|করো|বলুন|বলো|পাঠান|পাঠাও|দিন|দাও|লিখুন|লেখো|তুমি|আপনি|আপনার|তোমার",
    "SWAHILI": "daima|kamwe|kila mara|kuanzia sasa|kuanzia leo|tangu sasa|lazima|sharti"
    "|\\w*paswa|msaidizi|wakala|mawakala|mwambie|waambie|usi\\w+|sema|jibu",
    "PERSIAN": "همیشه|هرگز|هیچ وقت|هیچوقت|از این به بعد|از حالا|از امروز|از این پس|باید"
    "|نباید|لازم است|دستیار|عامل|به کاربر|کن|کنید|نکن|نکنید|بکن|بده|بدهید|نده|بگو|بگویید"
    "|نگو|بنویس|بنویسید|بزن|بزنید|بگیر|بگیرید|شما|تو",
    # Slovak, Croatian, Slovene, Catalan, Estonian, Lithuanian, Latvian and Bulgarian: the
    # same classes (a pronoun another language of the script writes for another word is left
    # out: Slovak "sme" is "we are", Scandinavian "vi" is "we", Estonian "et" is "that"); the
    # plural imperative's endings no other form of theirs has; Latvian's debitive (jā-)
    "SLOVAK": "vždy|nikdy|odteraz|od teraz|od dnešného dňa|od dneška|od zajtra|musí|musíš"
    "|musíte|musia|treba|je potrebné|je nutné|nesmie|nesmieš|nesmiete|nesmú|smie|zakázané"
    "|povinn\\w*|agent\\w*|asistent\\w*|používateľovi|používateľom|tebe|teba|tvoj|tvoje|vám"
    "|váš|vaše|povedz|odpovedz|\\w+ujte|\\w+ajte|\\w+ijte|\\w+ďte|\\w+ťte|\\w+ňte|\\w+ľte",
    "CROATIAN": "uvijek|uvek|nikad|nikada|ubuduće|od sada|odsad|odsada|od danas|od sutra"
    "|mora|moraš|morate|moraju|moramo|treba|trebate|trebaš|potrebno je|nužno|obavezno"
    "|obavezan|obavezna|smije|smiju|ne smije|ne smiješ|ne smijete|ne sme|ne smeš|zabranjeno"
    "|dozvoljeno|dopušteno|agent\\w*|asistent\\w*|pomoćnik\\w*|korisniku|korisnicima|tebi"
    "|vama|tvoj\\w*|vaš\\w*|nemoj\\w*|\\w+ajte|\\w+ijte",
    "SLOVENE": "vedno|nikoli|odslej|od zdaj|od sedaj|od danes|od jutri|mora|moraš|morate"
    "|morajo|moramo|treba|potrebno je|obvezno|obvezen|obvezna|ne sme|ne smeš|ne smete"
    "|ne smejo|prepovedano|dovoljeno|agent\\w*|asistent\\w*|pomočnik\\w*|uporabniku"
    "|uporabnikom|tebi|vam|tvoj\\w*|vaš\\w*|\\w+ajte|\\w+ijte",
    "CATALAN": "sempre|mai|a partir d'ara|d'ara endavant|d'ara en endavant|des d'ara"
    "|a partir d'avui|des d'avui|a partir de demà|cal|s'ha de|s'han de|has de|heu de|ha de"
    "|han de|hem de|hauria de|hauries de|haurien de|hauríeu de|haureu de|obligatori\\w*"
    "|prohibit\\w*|no es pot|no podeu|no pots|agent\\w*|assistent\\w*|a l'usuari"
    "|als usuaris|vosaltres|tu|si us plau|digues|digueu|respon|responeu",
    "ESTONIAN": "alati|mitte kunagi|ei kunagi|kunagi ei|edaspidi|nüüdsest|nüüdest"
    "|tänasest alates|alates tänasest|homsest alates|alates homsest|peab|peavad|pead|peate"
    "|tuleb\\s+\\w+da|tuleb\\s+\\w+ta|on vaja|kohustuslik\\w*|keelatud|ei tohi|tohib"
    "|agent\\w*|assistent\\w*|abiline|abilise|kasutajale|kasutajatele|sina|teie|sulle|teile"
    "|sinu|ütle|öelge|vasta|vastake",
    "LITHUANIAN": "visada|visuomet|niekada|niekuomet|nuo šiol|nuo dabar|nuo šiandien"
    "|nuo rytojaus|privalo|privalai|privalote|privaloma|privalomas|privalomai|reikia|būtina"
    "|draudžiama|negalima|leidžiama|agent\\w*|asistent\\w*|padėjėj\\w*|naudotojui"
    "|naudotojams|vartotojui|vartotojams|jūs|tau|jums|tavo|jūsų|\\w+kite",
    "LATVIAN": "vienmēr|nekad\\s+ne\\w+|nekādā gadījumā|no šī brīža|no šodienas|no rītdienas"
    "|turpmāk"
    "|jā[^\\W\\d_]{3,}|obligāt\\w*|aizliegts|aizliegta|atļauts|nedrīkst|drīkst|vajag"
    "|vajadzētu|nepieciešams|aģent\\w*|asistent\\w*|palīg\\w*|lietotājam|lietotājiem|tev"
    "|jums|tavs|tava|jūsu|\\w+ējiet|\\w+ojiet",
    "BULGARIAN": "винаги|никога|отсега нататък|отсега|оттук нататък|занапред|от днес"
    "|от утре|трябва|длъжен|длъжна|длъжни|задължително|забранено|позволено|не бива|нужно"
    "|необходимо|агент\\w*|асистент\\w*|помощник\\w*|на потребителя|на потребителите|ти"
    "|вие|теб|тебе|вас|твоя|твой|твоят|ваш\\w*|кажи|кажете|\\w+йте",
}
#: The languages written without spaces between words: their words are found anywhere.
_UNSPACED = frozenset({"THAI"})
# Turkish ends an instruction with its imperative: the verb's stem or ``-in``/``-sin``.
_TR_END = re.compile(
    r"(?:söyle|yap|kur|çalıştır|sil|ekle|kapat|aç|geç|atla|gönder|yaz|kullan|\w{2,}(?:le|la)"
    r"|\w+(?:sın|sin|sun|sün|yın|yin|iniz|ınız|unuz|ünüz))[\s.!'\"]*$"
)
# Letters Turkish does not write: a sentence with one is no Turkish one, whose verb's ending
# the Finnish "syksylle" or the Estonian "jaoks" would take.
_NOT_TURKISH = re.compile("[äåõøæáéíóúàèìòùâêîôûãñßśźżąęłňřťďľĺŕůýěčžš]")
# A short phrase before the verb, opened by a preposition ("W raportach pisz, że ...").
_PREPOSITION = (
    r"(?:w|we|na|z|ze|przy|dla|po|do|od|przed|bez|nad|pod|za|przez|in|a|en|di|da|per|con|nel"
    r"|nella|nei|dopo|prima|bij|op|voor|met|na|tijdens|på|för|efter|före|innan|under"
    r"|med|vid|untuk|ke|dalam|pada|saat|ketika|trong|khi|ở|في|عند|में|पर|के)"
)
_NEGATION = frozenset({"non", "niet", "nie", "لا", "ne", "ikke"})
# A clause that opens on a verb before an article, no subject ("Dopo ogni rilascio, aggiorna
# il changelog"): the imperative of Italian, Dutch and Swedish.
_VERB_ARTICLE = re.compile(
    r"(?!(?:il|lo|la|i|gli|le|un|uno|una|de|het|een|den|det|ett|en|che|e|o|ma|non|niet|en"
    r"|och|men|inte|si|ci|mi|ti|vi|ne|er|ze|hij|wij|we|jij|je|han|hon|vi|ni|man"
    # conjunctions and prepositions before an article: "perché il fornitore …"
    r"|perché|perche|poiché|quando|mentre|dove|come|anche|dopo|prima|senza|verso|sotto"
    r"|sopra|omdat|want|toen|maar|zodat|tijdens|eftersom|när|innan|efter|utan|mellan)\b)"
    r"[^\W\d_]{3,}\s+(?:il|lo|la|i|gli|le|un|uno|una|l'|de|het|een|den|det|ett)\b"
)
_WORDS_OF = {
    name: re.compile(
        rf"^(?:{_PREPOSITION}\s+\S+\s+)?(?:{_START[name].casefold()})(?=[\s,.:;!]|$)"
        if _START[name]
        else r"(?!)"
    )
    for name in _START
}
# The clause after a condition ("Se il cliente chiede ..., rispondi che ..."): its first
# word, a negation aside ("GitHub Actions, niet Jenkins").
_CLAUSE_OF = {
    name: re.compile(
        rf"^(?:{'|'.join(w for w in _START[name].casefold().split('|') if w not in _NEGATION)})"
        r"(?=[\s,.:;!]|$)"
        if _START[name]
        else r"(?!)"
    )
    for name in _START
}
_ANYWHERE_OF = {
    name: re.compile(
        f"(?:{words})" if name in _UNSPACED else rf"(?<![^\W\d_])(?:{words.casefold()})(?![^\W\d_])"
    )
    for name, words in _ANYWHERE.items()
}
_SENTENCES = re.compile(r"(?<=[.!?:;\u06d4\u0964])\s+|\n+")

#: The languages whose grammar of an instruction is read here (lingua's names).
READ = frozenset(_START)


def directive_looking(text: str, language: str, *, endings: bool = True) -> bool:
    """Whether ``text``, written in ``language`` (lingua's name, any case), looks like an
    instruction: always, for a language whose grammar is not read here. ``endings``: read
    Turkish's imperative at a sentence's end too (an English "status.acme.example." ends
    as one does: a text no language was told for is read without it)."""
    name = SAME_AS.get(language.upper(), language.upper())
    if name not in _START:
        return True
    lowered = unicodedata.normalize("NFC", text[:_SAMPLE].casefold())
    if _ANYWHERE_OF[name].search(lowered):
        return True
    for sentence in _SENTENCES.split(lowered):
        sentence = sentence.strip(" \t-*>#•\"'«»")
        if _WORDS_OF[name].match(sentence):
            return True
        clauses = [c.strip() for c in re.split(r"[,;\u060c]", sentence)[1:]]
        if any(_CLAUSE_OF[name].match(c) or _VERB_ARTICLE.match(c) for c in clauses):
            return True
        turkish = endings and name == "TURKISH" and not _NOT_TURKISH.search(sentence)
        if turkish and _TR_END.search(sentence):
            return True
    return False
