"""Preparing messages for the store: flattening, redaction, spilling."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from daemon.base.scope import ScopeKey
from daemon.dispatcher.prepare import Preparer, SpillPolicy, flatten
from daemon.events.models import TurnEvent
from daemon.store.truncation import FILE_PATTERN, TruncationStore, line_count
from tests.base.planted import (
    COMMAND,
    HEADER,
    HEX_TOKEN,
    PLANTED,
    PREFIXED,
    PROSE,
    leaked,
    tool_arguments,
)


def event(*messages: dict[str, object], project: str = "p") -> TurnEvent:
    return TurnEvent.model_validate(
        {
            "v": 1,
            "event_id": "e1",
            "session_id": "s1",
            "turn": 1,
            "at": "2026-11-17T09:00:00Z",
            "scope": {"project": project},
            "messages": list(messages),
        }
    )


@pytest.fixture
def preparer() -> Preparer:
    return Preparer(SpillPolicy(max_lines=10, max_bytes=1000, preview_lines=3))


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
    """Preparing writes nothing: the spill travels with the turn, and the truncation store
    writes it (owner-only) when the store accepts the event."""
    output = "\n".join(f"line {i}" for i in range(50))
    prepared = preparer.prepare(
        event({"id": "m1", "role": "tool", "tool_call_id": "c", "content": output})
    )
    stored = prepared.messages[0].content or ""
    assert stored.startswith("line 0\nline 1\nline 2\n[memoryd: tool output truncated (50 lines")
    name = stored.rsplit("truncation file ", 1)[1].rstrip("]")
    assert FILE_PATTERN.match(name)
    assert not (tmp_path / "t").exists()
    assert [s.name for s in prepared.spills] == [name]
    TruncationStore(tmp_path / "t").write_all(prepared.spills)
    assert (tmp_path / "t" / name).read_text() == output
    assert oct((tmp_path / "t" / name).stat().st_mode & 0o777) == "0o600"
    assert prepared.spilled == 1


def test_exactly_the_line_cap_with_a_final_newline_is_not_spilled(preparer: Preparer) -> None:
    """Ten lines that end with a newline are ten lines, not eleven (the cap here is 10)."""
    output = "".join(f"line {i}\n" for i in range(10))
    prepared = preparer.prepare(event({"id": "m1", "role": "tool", "content": output}))
    assert prepared.spilled == 0
    assert prepared.messages[0].content == output
    eleven = preparer.prepare(event({"id": "m1", "role": "tool", "content": output + "x\n"}))
    assert "(11 lines" in (eleven.messages[0].content or "")


def test_line_count_counts_lines_as_people_do() -> None:
    assert [line_count(t) for t in ("", "a", "a\n", "a\nb", "a\nb\n", "\n", "\n\n")] == [
        0, 1, 1, 2, 2, 1, 2,
    ]  # fmt: skip


def test_spill_names_differ_across_scopes(preparer: Preparer) -> None:
    """The same session and message id under another scope can never name the same file."""
    output = "x\n" * 30
    ours = preparer.prepare(event({"id": "m1", "role": "tool", "content": output}))
    theirs = preparer.prepare(
        event({"id": "m1", "role": "tool", "content": output}, project="other")
    )
    assert ours.spills[0].name != theirs.spills[0].name
    assert ours.spills[0].name == TruncationStore.file_name(ScopeKey("p"), "s1", "m1", 1)


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
    store = TruncationStore(tmp_path / "t")
    store.write_all(preparer.prepare(ev).spills)
    store.write_all(preparer.prepare(ev).spills)
    assert len(os.listdir(tmp_path / "t")) == 1


def test_nul_characters_are_replaced_not_fatal(preparer: Preparer) -> None:
    prepared = preparer.prepare(event({"id": "m1", "role": "user", "content": "a\x00b"}))
    assert prepared.messages[0].content == "a\ufffdb"


def test_truncation_store_refuses_names_it_did_not_make(tmp_path: Path) -> None:
    store = TruncationStore(tmp_path)
    with pytest.raises(ValueError, match="not a truncation file"):
        store.path_of("../etc/passwd")


# A planted secret reaches no field the store keeps or a model is sent (issue 19).


def _planted_event(**extra: object) -> TurnEvent:
    data: dict[str, object] = {
        "v": 1,
        "event_id": "e1",
        "session_id": "s1",
        "turn": 1,
        "at": "2026-11-17T09:00:00Z",
        "scope": {"project": "p"},
        "messages": [
            {"id": "m1", "role": "user", "content": PROSE},
            {
                "id": "m2",
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "c1",
                        "type": "function",
                        "function": {"name": "bash", "arguments": tool_arguments()},
                    },
                    {
                        "id": "c2",
                        "type": "function",
                        "function": {
                            "name": "bash",
                            "arguments": tool_arguments(ensure_ascii=False),
                        },
                    },
                ],
            },
            {"id": "m3", "role": "tool", "tool_call_id": "c1", "content": PROSE},
            {"id": "m4", "role": "tool", "tool_call_id": "c2", "content": tool_arguments()},
        ],
        **extra,
    }
    return TurnEvent.model_validate(data)


@pytest.mark.parametrize("form", sorted(PLANTED))
def test_each_planted_form_is_redacted_from_message_content(preparer: Preparer, form: str) -> None:
    text, secret = PLANTED[form]
    prepared = preparer.prepare(event({"id": "m1", "role": "user", "content": text}))
    assert secret not in (prepared.messages[0].content or "")
    assert "[redacted:" in (prepared.messages[0].content or "")


def test_no_planted_secret_reaches_contents_or_tool_outputs(preparer: Preparer) -> None:
    prepared = preparer.prepare(_planted_event())
    for message in prepared.messages:
        assert leaked(message.content or "") == [], message.message_id
    assert leaked(prepared.event.model_dump_json()) == []


def test_tool_call_arguments_are_redacted_inside_their_json_and_stay_json(
    preparer: Preparer,
) -> None:
    """Arguments are JSON text, non-ASCII escaped or not: the values are redacted as the
    decoded text reads, and the arguments still parse, with every other value kept."""
    prepared = preparer.prepare(_planted_event())
    for call in prepared.messages[1].tool_calls or []:
        arguments = call["function"]["arguments"]
        assert leaked(arguments) == []
        decoded = json.loads(arguments)
        assert decoded["command"].startswith("sshpass -p '[redacted:")
        assert decoded["command"].endswith("' ssh deploy@db1 uptime")
        assert decoded["notes"]["german"].startswith("Das Passwort für den Staging-Server")


def test_a_secret_in_a_tool_name_or_call_id_is_replaced() -> None:
    preparer = Preparer(SpillPolicy(max_lines=10, max_bytes=1000, preview_lines=3))
    call = {
        "id": PREFIXED,
        "type": "function",
        "function": {"name": PREFIXED, "arguments": "{}"},
    }
    prepared = preparer.prepare(
        event(
            {"id": "m1", "role": "assistant", "content": None, "tool_calls": [call]},
            {"id": "m2", "role": "tool", "tool_call_id": PREFIXED, "content": "ok"},
        )
    )
    assert leaked(str(prepared.messages[0].tool_calls)) == []
    assert leaked(str(prepared.messages[1].tool_call_id)) == []
    assert prepared.messages[0].tool_calls is not None
    assert prepared.messages[0].tool_calls[0]["id"] == prepared.messages[1].tool_call_id


def test_the_host_prompt_and_tool_schemas_are_redacted(preparer: Preparer) -> None:
    tools = [
        {
            "type": "function",
            "function": {
                "name": "deploy",
                "description": f"Deploys. {HEADER} {PLANTED['german'][0]}",
                "parameters": {
                    "type": "object",
                    "properties": {"args": {"type": "string", "default": COMMAND}},
                    "examples": [{"token": HEX_TOKEN}],
                },
            },
        }
    ]
    prepared = preparer.prepare(
        _planted_event(host={"system_prompt": f"You are Coder.\n{HEADER}\n{PROSE}", "tools": tools})
    )
    host = prepared.event.host
    assert host is not None
    assert leaked(host.system_prompt or "") == []
    assert leaked(json.dumps(host.tools)) == []
    assert (host.system_prompt or "").startswith("You are Coder.\nSend X-Internal-Key: [redacted:")
    assert prepared.prefix_redacted


def test_the_compaction_summary_is_redacted(preparer: Preparer) -> None:
    prepared = preparer.prepare(
        _planted_event(kind="compaction", summary=f"We fixed the deploy.\n{PROSE}")
    )
    assert leaked(prepared.event.summary or "") == []
    assert (prepared.event.summary or "").startswith("We fixed the deploy.")


def test_a_spilled_output_keeps_no_secret_a_known_prefix_beside_a_hex_key_included(
    preparer: Preparer, tmp_path: Path
) -> None:
    """The spill file is written from the redacted text: a prefixed key and the hex key
    beside it are both gone, from the file and from the notice kept inline."""
    lines = [f"line {i}" for i in range(30)]
    lines[1] = f"AUTH {PREFIXED} {HEX_TOKEN}"
    lines[2] = f"token={HEX_TOKEN} key {PREFIXED}:{HEX_TOKEN}"
    output = "\n".join([*lines, PROSE])
    prepared = preparer.prepare(
        event({"id": "m1", "role": "tool", "tool_call_id": "c", "content": output})
    )
    (spill,) = prepared.spills
    store = TruncationStore(tmp_path)
    store.write(spill)
    assert leaked(store.path_of(spill.name).read_text()) == []
    assert leaked(prepared.messages[0].content or "") == []
    assert store.path_of(spill.name).read_text().count("\n") >= 30


@pytest.mark.parametrize(
    ("asked", "reply", "value"),
    [
        ("what's the wifi password in the QA room?", "kanelbulle-mörk-3", "kanelbulle-mörk-3"),
        ("Here is the devkit PIN:", "4471 (don't share)", "4471"),
        ("пароль от стенда —", "GraniteOwl3", "GraniteOwl3"),
        ("The new passphrase for the vault:", "copper sparrow 88", "88"),
    ],
)
def test_a_value_alone_after_a_message_asking_for_it_is_cut(
    preparer: Preparer, asked: str, reply: str, value: str
) -> None:
    prepared = preparer.prepare(
        event(
            {"id": "m1", "role": "user", "content": asked},
            {"id": "m2", "role": "user", "content": reply},
        )
    )
    stored = prepared.messages[1].content or ""
    assert value not in stored, stored
    assert value not in json.dumps(prepared.event.model_dump(mode="json"), ensure_ascii=False)


def turn(number: int, *messages: dict[str, object], session: str = "s1") -> TurnEvent:
    sent = event(*messages).model_dump(mode="json")
    return TurnEvent.model_validate({**sent, "turn": number, "session_id": session})


def test_a_value_given_in_the_turn_after_the_one_that_asked_for_it_is_cut(
    preparer: Preparer,
) -> None:
    """The assistant asks at the end of one turn; the user's next turn is the value alone."""
    asking: dict[str, object] = {
        "id": "m1",
        "role": "assistant",
        "content": "Which wifi password does lab 3 use?",
    }
    preparer.prepare(turn(4, {"id": "m0", "role": "user", "content": "wifi is down"}, asking))
    prepared = preparer.prepare(turn(5, {"id": "m2", "role": "user", "content": "GraniteOwl3"}))
    stored = prepared.messages[0].content or ""
    assert "GraniteOwl3" not in stored, stored
    assert "GraniteOwl3" not in prepared.event.model_dump_json()


@pytest.mark.parametrize(
    ("later", "why"),
    [
        (turn(5, {"id": "m2", "role": "user", "content": "GraniteOwl3"}, session="s2"), "session"),
        (turn(7, {"id": "m2", "role": "user", "content": "GraniteOwl3"}), "turn"),
    ],
)
def test_a_question_reaches_only_the_next_turn_of_its_own_session(
    preparer: Preparer, later: TurnEvent, why: str
) -> None:
    asking: dict[str, object] = {
        "id": "m1",
        "role": "assistant",
        "content": "Which wifi password does lab 3 use?",
    }
    preparer.prepare(turn(4, asking))
    assert preparer.prepare(later).messages[0].content == "GraniteOwl3", why


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("did you rotate the password?", "Yes, done yesterday"),
        ("what's the wifi password in the QA room?", "It's in 1Password, under the QA vault."),
        ("The deploy ran fine:", "build 4471 is live"),
    ],
)
def test_a_reply_that_holds_no_value_is_kept(preparer: Preparer, asked: str, reply: str) -> None:
    prepared = preparer.prepare(
        event(
            {"id": "m1", "role": "user", "content": asked},
            {"id": "m2", "role": "assistant", "content": reply},
        )
    )
    assert prepared.messages[1].content == reply


@pytest.mark.parametrize(
    ("named", "later", "value"),
    [
        ("Biomed's key safe: Dave, what's the combination?", "Dave: 0-4-7-7-1-9", "0-4-7-7-1-9"),
        ("Који ПИН јој је додељен?", "ПИН је 27094", "27094"),  # noqa: RUF001 (Serbian)
        (
            "The door code for the MDF is with facilities.",
            "separately. it's 61937# if he asks",
            "61937#",
        ),
        (
            "Das Admin-Kennwort ist geteilt, Jürgen hat den Rest.",
            "hinten dran kommt qz!72Lm",
            "qz!72Lm",
        ),
    ],
)
def test_a_value_in_the_messages_after_one_naming_a_credential_is_cut(
    preparer: Preparer, named: str, later: str, value: str
) -> None:
    preparer.prepare(
        turn(
            1,
            {"id": "m1", "role": "user", "content": named},
            {"id": "m2", "role": "assistant", "content": "I don't have it."},
        )
    )
    prepared = preparer.prepare(turn(2, {"id": "m3", "role": "user", "content": later}))
    assert value not in (prepared.messages[0].content or "")


@pytest.mark.parametrize(
    "named",
    [
        "Check which certificate the RADIUS servers present for the clinical Wi-Fi.",
        "The new build of the ward app is ready.",
    ],
)
def test_nothing_is_cut_after_a_message_that_names_no_credential(
    preparer: Preparer, named: str
) -> None:
    preparer.prepare(turn(1, {"id": "m1", "role": "user", "content": named}))
    later = "It expires on 30 September; serial 4F1A09C27D3B8E6615A0, build 7f3a9c2."
    prepared = preparer.prepare(turn(2, {"id": "m2", "role": "assistant", "content": later}))
    assert prepared.messages[0].content == later


def test_a_named_credential_reaches_three_chat_messages_and_no_tool_output(
    preparer: Preparer,
) -> None:
    prepared = preparer.prepare(
        turn(
            1,
            {"id": "m1", "role": "user", "content": "The PIN of the pump's service menu?"},
            {"id": "m2", "role": "tool", "tool_call_id": "c", "content": "pump 4W-01 fw 6.3.2 ok"},
            {"id": "m3", "role": "assistant", "content": "one"},
            {"id": "m4", "role": "user", "content": "two"},
            {"id": "m5", "role": "assistant", "content": "three"},
            {"id": "m6", "role": "user", "content": "unit 7Hq4 is on ward 4W"},
        )
    )
    assert prepared.messages[1].content == "pump 4W-01 fw 6.3.2 ok"
    assert prepared.messages[5].content == "unit 7Hq4 is on ward 4W"


def test_a_turn_prepared_again_is_read_with_what_the_turn_before_left(
    preparer: Preparer,
) -> None:
    """A batch the store refused, or entries read again after an error, are prepared again:
    the second preparation of a turn cuts what the first did."""
    asking: dict[str, object] = {
        "id": "m1",
        "role": "assistant",
        "content": "Which PIN does the pump use?",
    }
    answer = turn(5, {"id": "m2", "role": "user", "content": "Dave says 7731"})
    preparer.prepare(turn(4, asking))
    first = preparer.prepare(answer)
    again = preparer.prepare(answer)
    assert "7731" not in (first.messages[0].content or "")
    assert again.messages[0].content == first.messages[0].content


def _call_then_output(command: str, output: str) -> TurnEvent:
    call = {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": command}}
    return event(
        {"id": "m1", "role": "assistant", "content": None, "tool_calls": [call]},
        {"id": "m2", "role": "tool", "tool_call_id": "c1", "content": output},
    )


@pytest.mark.parametrize(
    ("command", "value"),
    [
        (
            json.dumps(
                {"command": "kubectl get secret db -o jsonpath='{.data.password}' | base64 -d"}
            ),
            "Hr3Nz8Kq5Wt1",
        ),
        (json.dumps({"command": "vault kv get -field=passwort kv/lis/db"}), "Zq7Lm2Wx9"),
        (json.dumps({"command": "cat /etc/kiosk/pin.txt"}), "480213"),
    ],
)
def test_a_short_output_of_a_call_that_prints_a_password_loses_its_value(
    preparer: Preparer, command: str, value: str
) -> None:
    """A command that prints a password, a passphrase or a PIN answers with the value alone:
    its output is read as a reply to a question for one."""
    prepared = preparer.prepare(_call_then_output(command, value))
    assert value not in (prepared.messages[1].content or "")
    assert value not in prepared.event.model_dump_json()


@pytest.mark.parametrize(
    ("command", "output"),
    [
        (json.dumps({"command": "psql -c \"ALTER ROLE app PASSWORD 'x'\""}), "ALTER ROLE"),
        (json.dumps({"command": "passwd --status nurse"}), "nurse P 11/02/2026 0 99999 7 -1"),
        (json.dumps({"command": "grep -c password /etc/app.yml"}), "3"),
        (json.dumps({"command": "kubectl get secret db"}), "db   Opaque   3   12d"),
        (json.dumps({"command": "git log -1 --format=%h"}), "9f2c4e1a7"),
    ],
)
def test_the_output_of_a_call_that_prints_no_password_is_kept(
    preparer: Preparer, command: str, output: str
) -> None:
    prepared = preparer.prepare(_call_then_output(command, output))
    assert prepared.messages[1].content == output


def test_a_record_printed_after_a_call_naming_a_code_is_kept(preparer: Preparer) -> None:
    command = json.dumps({"command": "curl 'https://fhir/Observation?code=2823-3' | jq -c ."})
    output = '{"id":"b2a4106c-c7bd-4915-993c-dc97f10fa99d","valueQuantity":{"value":4.1}}'
    prepared = preparer.prepare(_call_then_output(command, output))
    assert prepared.messages[1].content == output
