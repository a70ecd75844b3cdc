"""Stored turns built from OpenAI-style message dicts, for extractor tests."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from daemon.base.turns import StoredMessage, TurnRecord


def turn_record(
    number: int, at: datetime, messages: list[dict[str, Any]], *, saved: bool = False
) -> TurnRecord:
    """Turn ``number`` as the store returns it (message ids ``t<number>m<seq>``)."""
    stored = tuple(
        StoredMessage(
            message_id=f"t{number}m{seq}",
            turn=number,
            seq=seq,
            role=m["role"],
            content=m.get("content"),
            tool_calls=m.get("tool_calls"),
            tool_call_id=m.get("tool_call_id"),
            name=m.get("name"),
        )
        for seq, m in enumerate(messages)
    )
    return TurnRecord(turn=number, at=at, kind="turn", main_agent_saved=saved, messages=stored)
