"""Text that every store and encoder takes: the one rule, for the wire format's models and
for every writer that gets text from elsewhere (a model's answer, an import file)."""

from __future__ import annotations

import re

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def storable(text: str) -> str:
    """NUL and lone surrogates as U+FFFD: every store and encoder takes the rest."""
    if text.isascii():  # the common case, at C speed: no surrogate can be there
        return text.replace("\x00", "\ufffd") if "\x00" in text else text
    return _UNSTORABLE.sub("\ufffd", text) if _UNSTORABLE.search(text) else text
