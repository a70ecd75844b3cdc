"""Where each sealed transcript value belongs: the associated data names the table, the
column, the scope and the row's key, so that the same text sealed for two rows (or two
columns of one row) opens only where it was sealed; a row as a dict (ingest) and as a
result row (the readers) name the same place."""

from __future__ import annotations

import base64
from types import SimpleNamespace

import pytest

from daemon.base.errors import SealedDataError
from daemon.base.sealing import DataKeys, Sealer
from daemon.store.transcripts.sealed import (
    HOST_PROMPT,
    MESSAGE_CONTENT,
    MESSAGE_TOOL_CALLS,
    SEALED,
    TURN_SUMMARY,
    seal_row,
)

SEALER = Sealer(DataKeys.parse("k1:" + base64.b64encode(bytes(32)).decode(), source="test"))
ROW = {"tenant": "t", "project": "p", "user": "u", "session_id": "s", "message_id": "m1"}


def test_every_transcript_column_holding_conversation_text_is_sealed() -> None:
    assert {f"{c.table.name}.{c.column}" for c in SEALED} == {
        "messages.content",
        "messages.tool_calls",
        "turns.summary",
        "sessions.host_system_prompt",
        "sessions.host_tools",
        "session_fragments.summary",
        "session_fragments.turns",
        "session_summaries.state",
    }


def test_a_row_as_a_dict_and_as_a_result_row_name_the_same_place() -> None:
    assert MESSAGE_CONTENT.where(ROW) == MESSAGE_CONTENT.where(SimpleNamespace(**ROW))


@pytest.mark.parametrize(
    "other",
    [
        {**ROW, "message_id": "m2"},
        {**ROW, "session_id": "s2"},
        {**ROW, "tenant": "t2"},
        {**ROW, "user": ""},
    ],
    ids=["message", "session", "tenant", "user"],
)
def test_a_value_opens_only_in_the_row_it_was_sealed_for(other: dict[str, str]) -> None:
    stored = MESSAGE_CONTENT.seal(SEALER, "deploy on Fridays", ROW)
    assert MESSAGE_CONTENT.open(SEALER, stored, ROW) == "deploy on Fridays"
    with pytest.raises(SealedDataError):
        MESSAGE_CONTENT.open(SEALER, stored, other)


def test_a_value_opens_only_in_the_column_it_was_sealed_for() -> None:
    turn = {**ROW, "turn": 3}
    stored = TURN_SUMMARY.seal(SEALER, "summary", turn)
    with pytest.raises(SealedDataError):
        HOST_PROMPT.open(SEALER, stored, turn)


def test_seal_row_seals_the_named_columns_in_place_and_leaves_the_others() -> None:
    calls = [{"id": "c1", "function": {"name": "bash", "arguments": "{}"}}]
    row = {**ROW, "content": "hello", "tool_calls": calls, "role": "assistant"}
    sealed = seal_row(SEALER, row, MESSAGE_CONTENT, MESSAGE_TOOL_CALLS)
    assert sealed is row and row["role"] == "assistant"
    assert str(row["content"]).startswith("enc:v1:k1:")
    assert str(row["tool_calls"]).startswith("enc:v1:k1:")
    assert MESSAGE_TOOL_CALLS.open(SEALER, row["tool_calls"], row) == calls
