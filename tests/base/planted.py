"""Secrets planted in every field memoryd stores or sends, in the forms issue 19 saw get
through: a prefixed key, a credential word in German and in Spanish followed by its value,
``sshpass -p '…'`` in a command, an ``X-Internal-Key:`` header and a lower-case hex token
next to "token". Every secret is fake and built by concatenation, so that no scanner
mistakes this file for a leak. :func:`leaked` names the secrets a text still holds.
"""

from __future__ import annotations

import json

__all__ = ["COMMAND", "HEADER", "PLANTED", "PROSE", "SECRETS", "leaked", "tool_arguments"]

PREFIXED = "ghp_" + "Zx8Kq2Lm9Np4Rs7Tv1Wy3Ab5Cd6Ef0GhIjKl"
GERMAN = "Kx9m" + "Pq2vLw"
SPANISH = "Rb7w" + "Qz4nHt"
SSHPASS = "Qw3r" + "tyZx9Lp"
HEADER_KEY = "7f3a9c2e" + "1b8d4f6a0e5c3b9d"
HEX_TOKEN = "9f86d081" + "884c7d659a2feaa0c55ad015"
SECRETS = (PREFIXED, GERMAN, SPANISH, SSHPASS, HEADER_KEY, HEX_TOKEN)

#: Each form on its own, with the secret it holds.
PLANTED = {
    "prefixed": (f"Use {PREFIXED} for the CI pushes.", PREFIXED),
    "german": (f"Das Passwort für den Staging-Server lautet {GERMAN}.", GERMAN),
    "spanish": (f"La contraseña del servidor de pruebas es {SPANISH}.", SPANISH),
    "sshpass": (f"sshpass -p '{SSHPASS}' ssh deploy@db1 uptime", SSHPASS),
    "header": (f"Send X-Internal-Key: {HEADER_KEY} with each call.", HEADER_KEY),
    "hex": (f"The deploy token {HEX_TOKEN} is in the vault.", HEX_TOKEN),
}
#: All of them in one text (a message, a summary, a prompt).
PROSE = "\n".join(text for text, _ in PLANTED.values())
COMMAND = PLANTED["sshpass"][0]
HEADER = PLANTED["header"][0]


def tool_arguments(*, ensure_ascii: bool = True) -> str:
    """Tool-call arguments as a host encodes them: JSON, each form in its own value (by
    default with non-ASCII letters escaped, as Python's json does)."""
    values = {name: text for name, (text, _) in PLANTED.items()}
    return json.dumps({"command": COMMAND, "notes": values}, ensure_ascii=ensure_ascii)


def leaked(text: str) -> list[str]:
    """The planted secrets ``text`` still holds (none is the answer wanted)."""
    return [secret for secret in SECRETS if secret in text]
