"""The dispatcher's own decisions, as units: entries redelivered too often are set aside,
and a dead letter is kept even when its payload defeats the letter's format."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from structlog.testing import capture_logs

from daemon.app.container import Container, open_container
from daemon.base.settings import StreamSettings
from daemon.dispatcher import dispatcher as dispatcher_module
from tests.base.planted import PROSE, leaked, tool_arguments

GOOD = {
    "v": 1,
    "event_id": "e1",
    "session_id": "s1",
    "turn": 1,
    "at": "2026-10-05T14:00:00+00:00",
    "scope": {"project": "acme/app"},
    "messages": [{"id": "m1", "role": "user", "content": "hello"}],
}


async def test_an_entry_delivered_too_often_is_dead_lettered_with_its_count(
    runtime: Container,
) -> None:
    """Poison: an entry read more than ``max_deliveries`` times (by consumers that died on
    it) is set aside with the count, acknowledged, and never stored."""
    rt = runtime
    keys = rt.keys
    max_deliveries = rt.settings.stream.max_deliveries
    dispatcher = rt.dispatcher(consumer="d")
    await dispatcher.ensure_group()
    entry_id = await rt.redis.xadd(keys.stream, {"event": json.dumps(GOOD).encode()})
    for _ in range(max_deliveries + 1):  # read and never acknowledged, again and again
        await rt.redis.xreadgroup(keys.group, "dying", {keys.stream: "0"}, count=10)
        await rt.redis.xreadgroup(keys.group, "dying", {keys.stream: ">"}, count=10)
    entry = entry_id.decode() if isinstance(entry_id, bytes) else str(entry_id)
    kept = await dispatcher._drop_poison([(entry, {b"event": json.dumps(GOOD).encode()})])
    assert kept == []
    letters = await rt.redis.xrange(keys.dead)
    assert len(letters) == 1
    assert letters[0][1][b"reason"].startswith(b"delivered ")
    assert letters[0][1][b"reason"].endswith(b" times without success")
    assert (await rt.redis.xpending(keys.stream, keys.group))["pending"] == 0


def test_a_payload_that_defeats_the_letter_still_leaves_a_letter(monkeypatch: Any) -> None:
    """If building the letter fails for a reason nobody foresaw, the letter is written
    without its payload (and says why), so that the entry is still set aside."""

    def broken(*args: Any, **kwargs: Any) -> dict[str, str]:
        raise ValueError("no such layout")

    monkeypatch.setattr(dispatcher_module, "dead_letter_fields", broken)
    with capture_logs() as logs:
        letter = dispatcher_module._letter(
            b"x" * 10, "not JSON", "1-0", "2026-10-05T14:00:00+00:00", "d", StreamSettings()
        )
    assert letter["payload"] == b""
    assert letter["bytes"] == "10" and letter["truncated"] == "1"
    assert str(letter["reason"]).startswith("not JSON (payload not kept: ValueError: no such")
    assert [e["event"] for e in logs] == ["dispatcher.dead_letter_unkept"]


def test_a_payload_s_secrets_never_reach_the_letter() -> None:
    secret = "sk-proj-" + "a1B2c3D4e5F6g7H8i9J0" * 3
    letter = dispatcher_module._letter(
        json.dumps({**GOOD, "messages": [{"id": "m", "role": "user", "content": secret}]}).encode(),
        "bad",
        "1-0",
        "2026-10-05T14:00:00+00:00",
        "d",
        StreamSettings(),
    )
    payload = letter["payload"]
    assert isinstance(payload, bytes)
    assert secret.encode() not in payload
    assert b"[redacted:openai_key]" in payload  # kept for replay, without the key


async def _dead_letters_of(rt: Container, payloads: list[bytes]) -> list[dict[bytes, bytes]]:
    for payload in payloads:
        await rt.redis.xadd(rt.keys.stream, {"event": payload})
    with capture_logs() as logs:
        await rt.dispatcher(consumer="d").run(burst=True)
    letters = [fields for _, fields in await rt.redis.xrange(rt.keys.dead)]
    assert len(letters) == len(payloads)
    assert leaked(json.dumps(logs, default=str)) == []
    return letters


def _planted_messages() -> list[dict[str, Any]]:
    calls = [{"id": "c", "type": "function", "function": {"name": "bash", "arguments": ARGS}}]
    return [
        {"id": "m1", "role": "user", "content": PROSE},
        {"id": "m2", "role": "assistant", "content": None, "tool_calls": calls},
    ]


ARGS = tool_arguments()


async def test_a_refused_event_keeps_no_secret_in_its_letter_payload_or_reason(
    runtime: Container,
) -> None:
    """Refused for an unknown field (holding secrets itself), for a wrong value, for not
    being JSON: each letter's payload and reason hold the redaction marks, never a planted
    secret, and still say what was wrong; a JSON payload stays JSON (replayable)."""
    unknown = {**GOOD, "messages": _planted_messages(), "extra": {"note": PROSE, "args": ARGS}}
    wrong = {**GOOD, "turn": PROSE, "messages": _planted_messages()}
    not_json = ("{not json " + PROSE + ARGS).encode()
    letters = await _dead_letters_of(
        runtime, [json.dumps(unknown).encode(), json.dumps(wrong).encode(), not_json]
    )
    for letter in letters:
        assert leaked(letter[b"payload"].decode()) == [], letter[b"payload"][:300]
        assert leaked(letter[b"reason"].decode()) == [], letter[b"reason"]
    first, second, third = letters
    assert b"extra" in first[b"reason"]
    assert b"turn" in second[b"reason"]
    kept = json.loads(first[b"payload"])
    assert kept["messages"][0]["content"].startswith("Use [redacted:")
    assert kept["extra"]["note"].startswith("Use [redacted:")
    assert json.loads(kept["messages"][1]["tool_calls"][0]["function"]["arguments"])
    assert third[b"payload"].startswith(b"{not json Use [redacted:")


async def test_an_event_over_the_size_cap_keeps_no_secret_in_its_letter(
    settings_factory: Any, redis: Any
) -> None:
    """Refused for its size, cut to the letter's cap: the secrets are gone before the cut."""
    rt = await open_container(
        settings_factory(stream={"max_event_bytes": 4096, "dead_letter_max_payload_bytes": 2048}),
        redis=redis,
    )
    try:
        padding = "filler words " * 400
        messages = [*_planted_messages(), {"id": "m3", "role": "user", "content": padding}]
        big = {**GOOD, "messages": messages}
        (letter,) = await _dead_letters_of(rt, [json.dumps(big).encode()])
    finally:
        await rt.store.close()
    assert letter[b"truncated"] == b"1"
    assert leaked(letter[b"payload"].decode()) == []
    assert leaked(letter[b"reason"].decode()) == []


def test_a_huge_refused_payload_is_redacted_only_as_far_as_its_letter_keeps_it(
    monkeypatch: Any,
) -> None:
    """Redaction runs at a few megabytes a second: an event refused for its size (a 10 MB
    one here) has only the part its letter keeps redacted (a margin past the cap, so that a
    secret across the cut is still whole when seen), not all of it: 125 such events once
    took a dispatcher 80 s. The letter holds no secret, and its digest is the payload's as
    received, so that the host can find the event it sent."""
    seen: list[int] = []
    real = dispatcher_module.redact_payload

    def counting(text: str) -> tuple[str, int]:
        seen.append(len(text))
        return real(text)

    monkeypatch.setattr(dispatcher_module, "redact_payload", counting)
    settings = StreamSettings()
    cap = settings.dead_letter_max_payload_bytes
    secret = "sk-proj-" + "a1B2c3D4e5F6g7H8i9J0" * 3
    head = json.dumps({**GOOD, "session_id": f"s-{secret}"})[:-1]
    filler = "x" * (cap - len(head) - 40)
    payload = f'{head}, "a": "{filler} {secret}", "b": "{"y" * 10_000_000}"}}'.encode()
    letter = dispatcher_module._letter(payload, "too big", "1-0", GOOD["at"], "d", settings)
    assert max(seen) <= cap + dispatcher_module.REDACTED_MARGIN_BYTES
    kept = letter["payload"]
    assert isinstance(kept, bytes) and len(kept) <= cap
    assert secret.encode() not in kept and b"sk-proj-" not in kept
    assert letter["truncated"] == "1" and letter["bytes"] == str(len(payload))
    assert letter["sha256"] == hashlib.sha256(payload).hexdigest()
    assert secret not in str(letter.get("session_id", ""))
    assert str(letter["session_id"]).startswith("s-[redacted:")
