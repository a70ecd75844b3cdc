"""Each leak observed in shared memories, exports and requests, pinned (issue 11).

Every secret is fake and built by concatenation, so that no scanner mistakes this file for
a leak.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

import pytest

from daemon.base.redaction import find_secrets, redact
from daemon.base.scope import ScopeKey
from daemon.base.turns import StoredPrefix
from daemon.dispatcher.dispatcher import _without_secrets
from daemon.dispatcher.prepare import Preparer, SpillPolicy
from daemon.events.models import TurnEvent
from daemon.extraction.base import MemoryOp, Refusal
from daemon.extraction.llm.fork import prefix_divergence
from daemon.extraction.vetting import check_op
from daemon.gate.screening import Limits

SCOPE = ScopeKey(project="github.com/acme/billing", user="dana")
LIMITS = Limits(max_title_chars=80, max_content_chars=2000)
AT = datetime(2026, 11, 17, 9, 0, tzinfo=UTC)
STRIPE = "sk_" + "live_" + "51Hq8ZPq2eZvKYlo2C9xR7dT4mWq0LbN3sUa"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYzq8EXAMPLEKEY"
PG = "Pg7x" + "Remember9!"

# (text, the secret it holds): each was missed by redact.
MISSED = [
    (f"PGPASSWORD={PG} is what staging uses.", PG),
    ("DB_PASS=" + "Tr0ub4dor&3", "Tr0ub4dor&3"),
    ("SECRET_KEY_BASE=" + "9f8e7d6c5b4a" * 4, "9f8e7d6c5b4a" * 4),
    (
        "SENDGRID_API_KEY="
        + "SG."
        + "ngeVfQFYQlKU0ufo8x5d1A"
        + ".TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5cr",
        "SG." + "ngeVfQFYQlKU0ufo8x5d1A",
    ),
    ("RAILS_MASTER_KEY=" + "4c1f0b9e2a7d8c3b6e5f4a1d0c9b8a7e", "4c1f0b9e2a7d8c3b6e5f4a1d0c9b8a7e"),
    ("psql --password " + "Hx9!kq2Lr" + " -h db", "Hx9!kq2Lr"),
    ("mysql -u root -p" + "S3cr3tPw" + " billing", "S3cr3tPw"),
    (
        "curl -H 'Authorization: Basic " + "ZGFuYTpodW50ZXIy" + "' https://api.acme.dev",
        "ZGFuYTpodW50ZXIy",
    ),
    ("curl -u dana:" + "hunter2pw" + " https://api.acme.dev", "hunter2pw"),
    (
        "hook: https://hooks.slack.com/services/"
        + "T0A1B2C3D/B0E1F2G3H/"
        + "aZ9yX8wV7uT6sR5qP4oN3mL2",
        "aZ9yX8wV7uT6sR5qP4oN3mL2",
    ),
    ("export GITLAB=" + "glpat-" + "xY7zK2mN9pQ4rS6tU1vW", "glpat-" + "xY7zK2mN9pQ4rS6tU1vW"),
    (
        "//registry.npmjs.org/:_authToken=" + "npm_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
        "npm_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
    ),
    (
        "login with " + "hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYz01234567",
        "hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYz01234567",
    ),
    (
        '{"key": "-----BEGIN PRIVATE'
        + ' KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\nBKcwggSjAgEAAoIBAQC7"}',
        "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC",
    ),
    ("The vault passphrase is correct horse battery staple.", "horse battery staple"),
    ("Prod uses Authorization: Bearer " + "op_9Kd2mX7qLp4Rt8Vw1Zy3", "op_9Kd2mX7qLp4Rt8Vw1Zy3"),
    ("the key c2tf" + "bGl2ZV81MUhxOFpQcTJlWnZLWWxvMkM5eFI3ZFQ0bVdxMExiTjNzVWE=", "bGl2ZV81MUhx"),
    ("aws_secret " + AWS_SECRET, AWS_SECRET),
]


@pytest.mark.parametrize(("text", "secret"), MISSED)
def test_each_missed_format_is_redacted(text: str, secret: str) -> None:
    clean, count = redact(text)
    assert count >= 1 and find_secrets(text)
    assert secret not in clean


def _event(**fields: Any) -> TurnEvent:
    body: dict[str, Any] = {
        "v": 1,
        "event_id": "e1",
        "session_id": "s1",
        "turn": 1,
        "at": "2026-11-17T09:00:00Z",
        "scope": {"project": "p"},
    }
    body.update(fields)
    return TurnEvent.model_validate(body)


def test_every_stored_field_of_an_event_is_redacted_and_counted() -> None:
    """The host prefix, the agent's cwd and branch, names, tool_call_ids and memory writes
    were stored (and the system prompt replayed to the model) as sent."""
    key = STRIPE
    event = _event(
        host={
            "system_prompt": f"You deploy with {key}.",
            "tools": [{"type": "function", "function": {"name": "t", "description": key}}],
        },
        agent={"cwd": f"/tmp/{key}", "branch": f"fix/{key}", "mode": "code"},
        summary=f"we used {key}",
        memory_writes=[{"tool": f"save_{key}", "call_id": key}],
        messages=[
            {"id": "m1", "role": "user", "content": "hi", "name": key},
            {
                "id": "m2",
                "role": "assistant",
                "tool_calls": [{"id": key, "function": {"name": f"run_{key}", "arguments": "{}"}}],
            },
            {"id": "m3", "role": "tool", "tool_call_id": key, "content": "ok"},
            {"id": f"m4-{key}", "role": "user", "content": "a message id the store may echo"},
        ],
    )
    prepared = Preparer(SpillPolicy(100, 10_000, 3)).prepare(event)
    assert key not in prepared.event.model_dump_json()
    assert all(key not in repr(message) for message in prepared.messages)
    assert prepared.redactions >= 10
    assert prepared.messages[3].message_id.startswith("redacted-stripe_key-")
    calls = prepared.messages[1].tool_calls or []
    assert calls[0]["id"] == prepared.messages[2].tool_call_id  # still paired
    assert prepared.prefix_redacted


def test_a_clean_event_is_prepared_unchanged() -> None:
    event = _event(
        host={"system_prompt": "You are helpful."},
        agent={"cwd": "/home/dana/src/billing", "branch": "main"},
        messages=[{"id": "m1", "role": "user", "content": "hi", "name": "dana"}],
    )
    prepared = Preparer(SpillPolicy(100, 10_000, 3)).prepare(event)
    assert prepared.event == event and prepared.redactions == 0
    assert not prepared.prefix_redacted


def test_a_fork_knows_its_prefix_differs_from_the_hosts() -> None:
    redacted = StoredPrefix(system_prompt="Deploy with [redacted:stripe_key].", tools=None)
    assert prefix_divergence(redacted, []) == 0
    clean = StoredPrefix(system_prompt="You are helpful.", tools=None)
    messages = [
        {"role": "system", "content": "You are helpful."},
        {"role": "user", "content": "hi"},
        {"role": "user", "content": "the key is [redacted:stripe_key]"},
    ]
    assert prefix_divergence(clean, messages) == 2
    assert prefix_divergence(clean, messages[:2]) is None


@pytest.mark.parametrize(
    "content",
    [
        f"PGPASSWORD={PG} is what staging uses.",
        "PGPASSWORD=[redacted:password] is what staging uses.",
        "The vault passphrase is correct horse battery staple.",
        "Prod uses Authorization: Bearer [redacted:token]",
        f"Stripe key (base64): c2tf{'bGl2ZV81MUhxOFpQcTJlWnZLWWxvMkM5eFI3ZFQ0bVdxMExiTjNzVWE='}",
    ],
)
def test_a_memory_that_would_carry_a_secret_is_refused_not_cut(content: str) -> None:
    op = MemoryOp(action="create", type="project", title="Staging", content=content)
    refused = check_op(op, SCOPE, LIMITS, AT)
    assert isinstance(refused, Refusal) and refused.reason == "secret"
    assert PG not in refused.text and "horse battery" not in refused.text


def test_a_dead_letter_that_is_not_json_keeps_no_bare_aws_secret() -> None:
    payload = f"not json at all {AWS_SECRET} trailing".encode()
    assert AWS_SECRET.encode() not in _without_secrets(payload)


def test_a_redacted_identifier_cannot_be_checked_against_a_guess() -> None:
    """The digest that keeps a call paired with its result was SHA-256 of the identifier as
    sent: whoever read the store could test a guessed secret (``password=hunter2``) against
    it. It is keyed now, with a key each process draws and never writes."""
    sent = "call-password=hunter2-and-more"
    event = _event(
        messages=[
            {
                "id": "m1",
                "role": "assistant",
                "tool_calls": [{"id": sent, "function": {"name": "run", "arguments": "{}"}}],
            },
            {"id": "m2", "role": "tool", "tool_call_id": sent, "content": "ok"},
        ]
    )
    policy = SpillPolicy(100, 10_000, 3)
    first, second = Preparer(policy).prepare(event), Preparer(policy).prepare(event)
    ids = [(p.messages[1].tool_call_id or "") for p in (first, second)]
    assert all(i.startswith("redacted-") and "hunter2" not in i for i in ids)
    unkeyed = hashlib.sha256(sent.encode()).hexdigest()[:12]
    assert not any(i.endswith(unkeyed) for i in ids)
    assert ids[0] != ids[1]  # another process, another key
    calls = first.messages[0].tool_calls or []
    assert calls[0]["id"] == ids[0]  # still paired within the process
