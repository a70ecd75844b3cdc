"""Making an event's messages fit to store: text only, secrets redacted, big outputs spilled."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from daemon.events.models import Message, TurnEvent
from daemon.redact import redact
from daemon.scope import ScopeKey
from daemon.store.ingest import PreparedMessage, PreparedTurn
from daemon.truncation import Spill, TruncationStore, line_count

_SURROGATE = re.compile("[\ud800-\udfff]")
_MARKERS = {
    "image_url": "[image]",
    "input_image": "[image]",
    "image": "[image]",
    "input_audio": "[audio]",
    "audio": "[audio]",
}


@dataclass(frozen=True, slots=True)
class SpillPolicy:
    max_lines: int
    max_bytes: int
    preview_lines: int


def storable(text: str) -> str:
    """Text every store accepts: NUL characters and lone surrogates become U+FFFD."""
    text = text.replace("\x00", "\ufffd")
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = _SURROGATE.sub("\ufffd", text)
    return text


def flatten(content: str | list[dict[str, Any]] | None) -> str | None:
    """Content parts as text; images and files become markers, never their bytes."""
    if content is None or isinstance(content, str):
        return content
    pieces: list[str] = []
    for part in content:
        kind = str(part.get("type", "?"))
        if kind in {"text", "input_text", "output_text"}:
            pieces.append(str(part.get("text", "")))
        elif kind in {"file", "input_file"}:
            detail = part.get("file") if isinstance(part.get("file"), dict) else part
            name = detail.get("filename") if isinstance(detail, dict) else None
            pieces.append(f"[file: {name}]" if name else "[file]")
        else:
            pieces.append(_MARKERS.get(kind, f"[{kind}]"))
    return "\n".join(pieces)


class Preparer:
    def __init__(self, policy: SpillPolicy) -> None:
        self.policy = policy

    def prepare(self, event: TurnEvent, entry_id: str = "") -> PreparedTurn:
        """The event as the store will hold it. No I/O: oversized tool outputs are carried as
        spills, written only once the store accepts the event (see ``TruncationStore``)."""
        redactions = 0
        spills: list[Spill] = []
        prepared: list[PreparedMessage] = []
        scope = ScopeKey.of(event.scope)
        for message in event.messages:
            content, hits = self._text(message)
            redactions += hits
            if content is not None and message.role == "tool" and self._too_big(content):
                name = TruncationStore.file_name(scope, event.session_id, message.id)
                spills.append(Spill.of(name, content))
                content = self._notice(spills[-1])
            tool_calls = None
            if message.tool_calls:
                tool_calls = []
                for call in message.tool_calls:
                    arguments, hits = redact(storable(call.function.arguments))
                    redactions += hits
                    tool_calls.append(
                        {
                            "id": call.id,
                            "type": call.type,
                            "function": {"name": call.function.name, "arguments": arguments},
                        }
                    )
            prepared.append(
                PreparedMessage(
                    message_id=message.id,
                    role=message.role,
                    content=content,
                    tool_calls=tool_calls,
                    tool_call_id=message.tool_call_id,
                    name=message.name,
                )
            )
        return PreparedTurn(
            event=event,
            messages=tuple(prepared),
            entry_id=entry_id,
            redactions=redactions,
            spills=tuple(spills),
        )

    def _text(self, message: Message) -> tuple[str | None, int]:
        text = flatten(message.content)
        if text is None:
            return None, 0
        return redact(storable(text))

    def _too_big(self, text: str) -> bool:
        """Over the line or byte cap (a char is at least one UTF-8 byte, at most four)."""
        limit = self.policy.max_bytes
        if len(text) > limit or (len(text) * 4 > limit and len(text.encode()) > limit):
            return True
        return line_count(text) > self.policy.max_lines

    def _notice(self, spill: Spill) -> str:
        preview = "\n".join(
            spill.text.split("\n", self.policy.preview_lines)[: self.policy.preview_lines]
        )
        preview = preview[: 4 * 1024]
        return (
            f"{preview}\n[memoryd: tool output truncated ({spill.lines} lines, "
            f"{spill.bytes} bytes); full output in truncation file {spill.name}]"
        )
