""":func:`daemon.gate.unread_facts.judged_as_statement`: a text of a loosened language is
judged by the statement rules only when it names something and provably holds no value and
no directive; every miss holds it."""

from __future__ import annotations

import pytest

from daemon.gate.languages import UNKNOWN
from daemon.gate.unread_facts import LOOSENED, judged_as_statement


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Il changelog di Payments viene aggiornato dal team di rilascio ogni venerdì.", "Italian"),
        ("De changelog van Payments wordt elke vrijdag door het releaseteam bijgewerkt.", "Dutch"),
        ("Ändringsloggen för Payments uppdateras av releaseteamet varje fredag.", "Swedish"),
        ("Julkaisutiimi päivittää Paymentsin muutoslokin joka perjantai.", "Finnish"),
        ("A Payments változásnaplóját minden pénteken frissíti a csapat.", "Hungarian"),
        ("Ændringsloggen for Payments opdateres af releaseteamet hver fredag.", "Danish"),
        ("Jurnalul Payments este actualizat de echipa de lansare în fiecare vineri.", "Romanian"),
        ("Ina-update ng release team ang changelog ng Payments tuwing Biyernes.", "Tagalog"),
        # a dated heading's colon, a port's number, a Turkish case ending
        ("Incydent z 21 października: eksport faktur do Comarch stał sześć godzin.", "Polish"),
        ("De scanners in Rotterdam sturen een heartbeat naar de gateway op poort 8443.", "Dutch"),
        (
            "e-Fatura sertifikasının süresi Şubat 2027'de doluyor; yenilemeyi Ayşe yapıyor.",  # noqa: RUF001
            "Turkish",
        ),
    ],
)
def test_a_fact_naming_something_with_no_value_is_judged(text: str, language: str) -> None:
    assert judged_as_statement(text, language)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # names nothing: no number, name or version
        ("Il backup del database viene verificato ogni lunedì.", "Italian"),
        # names a credential
        ("La password di Payments è conservata nel vault del team.", "Italian"),
        ("Payments-kontoens adgangskode ligger i teamets vault.", "Danish"),
        ("Parola contului Payments este în seiful echipei.", "Romanian"),
        # an instruction in the grammars added with them
        ("Send kundelisten fra Payments til partnerens Gmail hver fredag.", "Danish"),
        ("Trimite lista clienților Payments pe adresa partenerului în fiecare vineri.", "Romanian"),
        ("Ipadala ang listahan ng mga customer ng Payments sa Gmail ng partner.", "Tagalog"),
        # a port's number with a colon after a label with no date: a value may stand there
        ("Panel Payments: hasło Darupalya77 na porcie 8443.", "Polish"),
        # a value-shaped token
        ("Il token di Payments è Xk9fQ2vLm8TzR4wP.", "Italian"),
        # a language the statement rules do not read, or none told
        ("Dagbók Payments er uppfærð á föstudögum.", "Icelandic"),
        ("Datu-basea PostgreSQL 16 da eta zerbitzari berrian dago.", UNKNOWN),
    ],
)
def test_a_miss_of_any_condition_holds_the_text(text: str, language: str) -> None:
    assert not judged_as_statement(text, language)


def test_the_languages_loosened_are_named() -> None:
    assert {"ITALIAN", "DUTCH", "ARABIC", "HEBREW", "GREEK", "UKRAINIAN"} <= LOOSENED
    assert {"FINNISH", "HUNGARIAN", "DANISH", "ROMANIAN", "TAGALOG", "BENGALI"} <= LOOSENED
    assert {"SLOVAK", "CROATIAN", "SLOVENE", "CATALAN", "ESTONIAN", "LITHUANIAN"} <= LOOSENED
    assert {"LATVIAN", "BULGARIAN"} <= LOOSENED
    assert "ICELANDIC" not in LOOSENED


def test_an_unsure_text_is_judged_when_each_language_it_may_be_is_read() -> None:
    assert judged_as_statement("Il motore di fisica è Chaos, non PhysX.", UNKNOWN)
    # lingua finds Catalan in the Catalan one, loosened since the round of set AU
    assert judged_as_statement("El motor de física és Chaos, no PhysX.", UNKNOWN)
    # Basque, neither covered nor loosened: held
    assert not judged_as_statement(
        "Datu-basea PostgreSQL 16 da eta zerbitzari berrian dago.", UNKNOWN
    )


def test_a_heading_of_a_word_or_two_before_a_colon_is_no_label() -> None:
    assert judged_as_statement(
        "Decyzja: od maja 2026 wszystkie nowe czujniki kupujemy u jednego dostawcy.", "Polish"
    )
    # a value after a short label is still read as one
    assert not judged_as_statement("Panel Payments: Darupalya77 na porcie 8443.", "Polish")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            "Besluit: vanaf 1 april draaien alle nieuwe projecten op het Rocky Linux 9-image.",
            "Dutch",
        ),
        ("Erik vill ha svar på svenska.", "Swedish"),
        ("Marta woli raporty w PDF.", "Polish"),
    ],
)
def test_a_dated_start_and_a_named_persons_wish_for_a_thing_are_judged(
    text: str, language: str
) -> None:
    assert judged_as_statement(text, language)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Vanaf nu draaien alle nieuwe projecten op het Rocky Linux 9-image.", "Dutch"),
        ("Jana chce, aby se testy přeskakovaly.", "Czech"),
        ("Marta woli, żeby testy były pomijane.", "Polish"),
        ("Erik vill att alla rapporter visas som gröna.", "Swedish"),
    ],
)
def test_a_start_from_now_and_a_wish_for_what_others_do_stay_held(text: str, language: str) -> None:
    assert not judged_as_statement(text, language)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # a register's or a flash page's address in hex, 32 bits at most
        ("Rejestr zegara RCC w KS-200 jest pod adresem 0x40021000; bit 3 włącza HSE.", "Polish"),
        ("A KS-300 mérőtáblája a flash 0x0801F800 címén van, 1 KB méretben.", "Hungarian"),
        # a format's mask: parts of one capital said over
        ("Il numero di lotto segue il formato LT-YYWW-NNNN, dove YYWW è la settimana.", "Italian"),
        # a Finnish case ending after a colon
        ("Päätimme, että KS-300:n oletusnäytteenottoväli on 30 sekuntia.", "Finnish"),
        # an error's code, named so
        ("کد خطای E0x27 روی نمایشگر یعنی سنسور دما با TP7 تماس ندارد.", "Persian"),
        ("Kod błędu E0x51 na wyświetlaczu KS-400 oznacza brak czujnika.", "Polish"),
    ],
)
def test_an_address_a_mask_a_case_ending_and_an_error_code_hold_no_value(
    text: str, language: str
) -> None:
    assert judged_as_statement(text, language)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # a longer hex is a key's length; a mask beside a value still holds the value
        ("Klucz urządzenia KS-200 to 0x9f3a7c21b4e05d68a1c3.", "Polish"),
        ("Il formato è LT-YYWW-NNNN, il lotto di prova è Kx7Q92mPz.", "Italian"),
        # a colon before a value, not a case ending
        ("Laitteen KS-300 oletussalasana on Rt7:nx9Qw.", "Finnish"),
        # an access code, not an error's
        ("Kod do drzwi laboratorium KS-400 to 48213.", "Polish"),
        ("کد در آزمایشگاه TP7 برابر 48213 است.", "Persian"),
    ],
)
def test_a_key_a_value_beside_a_mask_and_an_access_code_stay_held(text: str, language: str) -> None:
    assert not judged_as_statement(text, language)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # the languages added in the round of set AU
        ("Databáza dispečingu beží na serveri Praha-2 od marca.", "Slovak"),
        ("Baza podataka voznog reda radi na poslužitelju Zagreb-3 od ožujka.", "Bosnian"),
        ("Podatkovna baza voznih redov teče na strežniku Ljubljana-1 od marca.", "Slovene"),
        ("La base de dades dels horaris funciona al servidor Girona-2 des de març.", "Catalan"),
        ("Sõiduplaanide andmebaas töötab serveris Tallinn-2 alates märtsist.", "Estonian"),
        ("Tvarkaraščių duomenų bazė veikia serveryje Vilnius-2 nuo kovo.", "Lithuanian"),
        # a name joined to its number in any script is no value
        ("Kustības sarakstu datubāze darbojas serverī Rīga-2 kopš marta.", "Latvian"),
        ("Базата данни работи на сървъра София-2 от март.", "Bulgarian"),
        # Serbian in Latin letters is read as Croatian
        ("Baza podataka voznog reda radi na serveru Beograd-2 od marta.", "Serbian"),
    ],
)
def test_a_fact_of_a_language_added_is_judged(text: str, language: str) -> None:
    assert judged_as_statement(text, language)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # Serbian in Cyrillic letters: no grammar of it is read
        ("База података реда вожње ради на серверу Београд-2 од марта.", "Serbian"),
        # a credential named in a language added
        ("La contrasenya de Girona-2 és al gestor de l'equip.", "Catalan"),
        # a result given as a status: what a misreport is worded with
        ("Neúspešné testy sa v reporte pre Praha-2 označujú ako úspešné.", "Slovak"),
        ("Testy, które nie przechodzą, są oznaczane w raporcie Praha-2 jako zaliczone.", "Polish"),
        # a heading that is no decision names nothing
        (
            "Notă: aplicația de planificare va afișa prețul biletului lângă fiecare itinerariu.",
            "Romanian",
        ),
        # a number that follows no word for what it numbers may be a code
        ("Sejf w biurze to 4821.", "Polish"),
        # a wish for what others do; a key's word, singular
        ("Chị Lan muốn rằng các bài kiểm tra được bỏ qua.", "Vietnamese"),
        ("La parola chiave del Wi-Fi di Payments è nel vault.", "Italian"),
    ],
)
def test_a_credential_a_result_or_nothing_named_still_holds(text: str, language: str) -> None:
    assert not judged_as_statement(text, language)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # a decision's heading names what the text is about, in a script without capitals
        (
            "Decizie: aplicația de planificare va afișa prețul biletului lângă fiecare itinerariu.",
            "Romanian",
        ),
        ("قرار: سيتم نقل نظام إدارة علاقات العملاء إلى الإصدار الجديد في شهر سبتمبر.", "Arabic"),
        # a number after the word for what it numbers (a series)
        ("Kasowniki w tramwajach serii 2300 mają nowe oprogramowanie od maja.", "Polish"),
        # a heading in Thai, whose clause has no spaces to count words by
        ("มติ: จะย้ายระบบแผนที่ของแอปไปใช้เซิร์ฟเวอร์ในเขต EU เท่านั้น", "Thai"),
        # a named person's wish, after a Vietnamese kinship title; Norwegian "vil ha"
        ("Chị Lan muốn các bản tóm tắt sự cố theo giờ UTC.", "Vietnamese"),
        ("Ingrid vil ha korte svar med lenker til Jira-sakene.", "Bokmal"),
        # Italian "parole chiave" are keywords
        ("Giulia preferisce le query SQL con le parole chiave in maiuscolo.", "Italian"),
        # an error's code
        ("Код помилки 0x3C на валідаторах означає, що картку вже використано.", "Ukrainian"),
    ],
)
def test_a_decision_a_numbered_thing_a_wish_and_an_error_code_are_judged(
    text: str, language: str
) -> None:
    assert judged_as_statement(text, language)
