"""Preparing messages for the store: flattening, redaction, spilling."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from daemon.dispatcher.prepare import Preparer, SpillPolicy, flatten
from daemon.dispatcher.truncation import FILE_PATTERN, TruncationStore
from daemon.events.models import TurnEvent


def event(*messages: dict[str, object]) -> TurnEvent:
    return TurnEvent.model_validate(
        {
            "v": 1,
            "event_id": "e1",
            "session_id": "s1",
            "turn": 1,
            "at": "2026-11-17T09:00:00Z",
            "scope": {"project": "p"},
            "messages": list(messages),
        }
    )


@pytest.fixture
def preparer(tmp_path: Path) -> Preparer:
    return Preparer(
        TruncationStore(tmp_path / "t"), SpillPolicy(max_lines=10, max_bytes=1000, preview_lines=3)
    )


def test_images_and_files_become_markers_not_bytes() -> None:
    text = flatten(
        [
            {"type": "text", "text": "look"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
            {"type": "file", "file": {"filename": "report.pdf", "file_data": "JVBER"}},
        ]
    )
    assert text == "look\n[image]\n[file: report.pdf]"


def test_secrets_are_redacted_before_storage_in_content_and_tool_arguments(
    preparer: Preparer,
) -> None:
    prepared = preparer.prepare(
        event(
            {
                "id": "m1",
                "role": "user",
                "content": "key: sk_live_51Hq8ZPq2eZvKYlo2C9xR7dT4mWq0LbN3sUa ok",
            },
            {
                "id": "m2",
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {
                        "id": "c",
                        "type": "function",
                        "function": {
                            "name": "bash",
                            "arguments": '{"cmd": "export AWS=AKIAIOSFODNN7EXAMPLE"}',
                        },
                    }
                ],
            },
        )
    )
    assert "sk_live_" not in (prepared.messages[0].content or "")
    assert "AKIAIOSFODNN7EXAMPLE" not in str(prepared.messages[1].tool_calls)
    assert prepared.redactions == 2


def test_a_tool_output_over_the_line_cap_is_spilled_with_a_notice(
    preparer: Preparer, tmp_path: Path
) -> None:
    output = "\n".join(f"line {i}" for i in range(50))
    prepared = preparer.prepare(
        event({"id": "m1", "role": "tool", "tool_call_id": "c", "content": output})
    )
    stored = prepared.messages[0].content or ""
    assert stored.startswith("line 0\nline 1\nline 2\n[memoryd: tool output truncated (50 lines")
    name = stored.rsplit("truncation file ", 1)[1].rstrip("]")
    assert FILE_PATTERN.match(name)
    assert (tmp_path / "t" / name).read_text() == output
    assert oct((tmp_path / "t" / name).stat().st_mode & 0o777) == "0o600"
    assert prepared.spilled == 1


def test_a_tool_output_over_the_byte_cap_is_spilled(preparer: Preparer) -> None:
    prepared = preparer.prepare(event({"id": "m1", "role": "tool", "content": "é" * 600}))
    assert prepared.spilled == 1


def test_user_text_and_small_outputs_are_kept_inline(preparer: Preparer) -> None:
    long_user = "\n".join("x" for _ in range(50))
    prepared = preparer.prepare(
        event(
            {"id": "m1", "role": "user", "content": long_user},
            {"id": "m2", "role": "tool", "content": "small"},
        )
    )
    assert prepared.spilled == 0
    assert prepared.messages[0].content == long_user


def test_spilling_twice_rewrites_the_same_file(preparer: Preparer, tmp_path: Path) -> None:
    ev = event({"id": "m1", "role": "tool", "content": "x\n" * 30})
    preparer.prepare(ev)
    preparer.prepare(ev)
    assert len(os.listdir(tmp_path / "t")) == 1


def test_nul_characters_are_replaced_not_fatal(preparer: Preparer) -> None:
    prepared = preparer.prepare(event({"id": "m1", "role": "user", "content": "a\x00b"}))
    assert prepared.messages[0].content == "a\ufffdb"


def test_truncation_store_refuses_names_it_did_not_make(tmp_path: Path) -> None:
    store = TruncationStore(tmp_path)
    with pytest.raises(ValueError, match="not a truncation file"):
        store.path_of("../etc/passwd")
