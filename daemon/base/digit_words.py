# ruff: noqa: RUF001 (digit words of other scripts)
"""The words for the digits zero to nine in the languages redaction reads.

A code or a password is read out digit by digit (``sieben drei null neun``, ``kuusi kaksi
yhdeksän``, ``Kilo, tre, Papa``): the rules that find one (a code word's value in
:mod:`daemon.base.credential_claims`, a NATO reading in :mod:`daemon.base.raw_material`)
read the same words. Only languages whose digit words are short and few are here, and a
word that is also one of English's small words is left out (Norwegian's "to", Danish's
"en").
"""

from __future__ import annotations

__all__ = ["DIGIT_WORDS"]

DIGIT_WORDS = (
    "zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    "null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
    "zéro", "un", "deux", "trois", "quatre", "cinq", "sept", "huit", "neuf",
    "cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve",
    "um", "dois", "três", "quatro", "sete", "oito", "nove",
    "due", "tre", "quattro", "cinque", "sei", "sette", "otto",
    "nul", "een", "twee", "drie", "vijf", "zes", "zeven", "negen",
    "jeden", "dwa", "trzy", "cztery", "pięć", "sześć", "siedem", "osiem", "dziewięć",
    "ноль", "нуль", "один", "одна", "два", "две", "три", "четыре", "пять", "шесть", "семь",
    "восемь", "девять",
    "noll", "ett", "två", "fyra", "fem", "sju", "åtta", "nio",
    "sıfır", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz",
    # Czech, Slovak, Romanian, Indonesian and Malay, Finnish, Ukrainian, Danish and
    # Norwegian, Hungarian, Greek, Swahili, Vietnamese, Hindi, Arabic
    "nula", "jedna", "dva", "tři", "čtyři", "pět", "šest", "sedm", "osm", "devět", "tri",
    "štyri", "päť", "šesť", "sedem", "osem", "deväť",
    "unu", "doi", "trei", "patru", "cinci", "șase", "şase", "sase", "șapte", "şapte", "sapte",
    "opt", "nouă", "noua",
    "nol", "kosong", "satu", "dua", "tiga", "empat", "lima", "enam", "tujuh", "delapan",
    "lapan", "sembilan",
    "nolla", "yksi", "kaksi", "kolme", "neljä", "viisi", "kuusi", "seitsemän", "kahdeksan",
    "yhdeksän",
    "дві", "чотири", "п'ять", "п’ять", "шість", "сім", "вісім", "дев'ять", "дев’ять",
    "fire", "seks", "syv", "otte", "åtte",
    "nulla", "egy", "kettő", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc",
    "μηδέν", "ένα", "δύο", "τρία", "τέσσερα", "πέντε", "έξι", "επτά", "εφτά", "οκτώ", "οχτώ",
    "εννέα", "εννιά",
    "sifuri", "moja", "mbili", "tatu", "nne", "tano", "sita", "saba", "nane", "tisa",
    "không", "một", "hai", "ba", "bốn", "năm", "sáu", "bảy", "tám", "chín",
    "शून्य", "एक", "दो", "तीन", "चार", "पाँच", "पांच", "छह", "सात", "आठ", "नौ",
    "صفر", "واحد", "اثنان", "ثلاثة", "أربعة", "خمسة", "ستة", "سبعة", "ثمانية", "تسعة",
)  # fmt: skip
