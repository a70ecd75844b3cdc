"""Keys, tokens and secrets named by a kind that is no credential (a keyboard's key, a
localisation string's, a design token, a table's primary key, a game's secret level): a
fact about them is shared; the same shape with a credential's value is still held or cut."""

from __future__ import annotations

import pytest

from daemon.base.credential_talk import room_for_value


@pytest.mark.parametrize(
    "text",
    [
        # a keyboard's key, named by its binding or by the key's name as its value
        "The default key for photo mode is F10 on PC and the touchpad button on PS5.",
        "Key bindings live in Input.ini; the default sprint key is Left Shift.",
        "The jump key is Space and the crouch key is Left Ctrl.",
        "Die Standardtaste ist F5; der Schlüssel für den Fotomodus ist F10.",
        "Die Tastaturbelegung liegt in Input.ini; der Schlüssel für Sprinten ist Shift.",
        # a localisation string's key, a design token
        "Localisation key menu.settings.audio.master_volume was renamed in build 18650.",
        "Translation key hud.ammo.label is missing in the French build.",
        "Die Lokalisierungsschlüssel beginnen mit menu.main.; aktuell sind es 214 Schlüssel.",
        "La clave de localización menu.main.play falta en el build 412.",
        "Design tokens live in colors.json; buttons use the token color.action.primary (#E4572E).",
        "设计令牌 color.action.primary 的值是 #E4572E。",
        "デザイントークン color.action.primary の値は #E4572E です。",
        # a table's primary or foreign key
        "La clave primaria de la tabla compras es receipt_id.",
        "A chave primária da tabela compras é receipt_id.",
        "La clé primaire de la table achats est receipt_id.",
        "Первинний ключ таблиці players — player_id (UUID).",
        "Первичный ключ таблицы players — player_id.",
        "Kunci utama tabel pembelian adalah receipt_id.",
        "Kunci asing tabel pembelian adalah player_id.",
        # a secret that is no credential: the adjective of a thing
        "The secret sauce of the matchmaker is the skill-decay curve in mmr/decay.py.",
        "The secret level unlocks after chapter 3 in build 2.14.",
        # a process named by its secrets or keys (the round of set AU)
        "The secret scanning alert on the planner repo was a false positive.",
        "The key ceremony for the new SAM batch is on 14 May with three custodians.",
    ],
)
def test_a_key_of_another_kind_leaves_no_room_for_a_value(text: str) -> None:
    assert room_for_value(text) is None, text


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("The API key is marigold.", "api key"),
        ("The default key is marigold.", "key"),
        ("The signing key for the build is Lantern.", "key"),
        ("Der Schlüssel ist Tulpenfeld.", "schlüssel"),
        ("Der Schlüssel für den Tresor ist Tulpenfeld.", "schlüssel"),
        ("La clave es girasol.", "clave"),
        ("La clave del servidor es Girasol.", "clave"),
        ("Ключ доступа — подсолнух.", "ключ"),
        ("Kunci pintu adalah Matahari.", "kunci"),
        ("The token is Marigold.", "token"),
        ("令牌是 marigold。", "令牌"),
        ("The secret is marigold.", "secret"),
        ("The secret for the webhook is Marigold.", "secret"),
    ],
)
def test_a_credential_in_the_same_shape_leaves_room(text: str, word: str) -> None:
    assert room_for_value(text) == word
