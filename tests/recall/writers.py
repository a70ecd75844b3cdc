"""One memory per writer identity, for the tests of whose voice a reader is shown.

Each memory's content holds its identity's marker (``MARK-<name>``), so a test can find where
a writer's text landed in a block or an answer. ``REPORTED`` are the identities bob (a
reader who wrote none of them) must see quoted; ``UNQUOTED`` the ones he sees in the
block's own voice.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from daemon.base.scope import ScopeKey
from daemon.gate.kinds import Actor, Review
from daemon.store.db import Store
from daemon.store.memory import Memory, MemoryClass, MemoryType, Provenance
from daemon.store.memory import writes as memory_writes  # seeds the store unscreened
from daemon.store.tables import memories

AT = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)
READER = "bob"


def written(name: str, memory_id: int = 1, **fields: Any) -> Memory:
    """A shared project memory written by identity ``name`` (``fields`` say how)."""
    base: dict[str, Any] = {
        "id": memory_id,
        "type": MemoryType.PROJECT,
        "memory_class": MemoryClass.DURABLE,
        "title": "",
        "content": f"MARK-{name} says the build uses make.",
        "pinned": False,
        "user": "",
        "created_by": "extractor:rules",
        "created_at": AT,
        "updated_at": AT,
    }
    return Memory(**{**base, **fields})


#: identity -> the fields of a memory it wrote, and the label bob is shown.
IDENTITIES: dict[str, tuple[dict[str, Any], str]] = {
    "user_alice": ({"source_user": "alice", "source_session": "alice-1"}, "alice"),
    "session_no_user": ({"source_session": "s-9", "created_by": "extractor:llm"}, "session s-9"),
    "key_of_alice": (
        {"source_user": "alice", "source_key": "a1b2c3d4e5f6", "created_by": "agent"},
        "alice",
    ),
    "key_no_user": (
        {"source_key": "0f0e0d0c0b0a", "created_by": "agent"},
        "agent key 0f0e0d0c0b0a",
    ),
    "import": ({"created_by": "import:agent", "source_user": READER}, "an import"),
    "import_pinned": ({"created_by": "import:operator", "pinned": True}, "an import"),
    "compaction_no_user": ({"created_by": "compaction"}, "a session summary"),
    "operator": ({"created_by": "operator"}, ""),
    "approved": (
        {"source_key": "0f0e0d0c0b0a", "created_by": "agent", "review": Review.APPROVED},
        "",
    ),
    "pinned": ({"source_user": "alice", "pinned": True}, ""),
    "own_session": ({"source_user": READER, "source_session": "bob-1"}, ""),
    "own_private": (
        {"user": READER, "type": MemoryType.USER, "source_user": READER},
        "",
    ),
}
UNQUOTED = ("operator", "approved", "pinned", "own_session", "own_private")
REPORTED = tuple(name for name in IDENTITIES if name not in UNQUOTED)


def every_writer() -> list[Memory]:
    """One memory per identity, ids from 1 in :data:`IDENTITIES`' order."""
    return [
        written(name, number, **fields)
        for number, (name, (fields, _)) in enumerate(IDENTITIES.items(), start=1)
    ]


async def seed_every_writer(store: Store, shared: ScopeKey) -> dict[str, int]:
    """Store one memory per identity in ``shared``'s project (bob's private one in bob's
    scope), written as each identity writes; the id of each, by identity."""
    ids: dict[str, int] = {}
    async with store.begin() as conn:
        for name, (fields, _) in IDENTITIES.items():
            scope = (
                ScopeKey(shared.project, READER, shared.tenant) if fields.get("user") else shared
            )
            prov = Provenance(
                actor=Actor.OPERATOR if fields.get("created_by") == "operator" else Actor.AGENT,
                session_id=fields.get("source_session"),
                source_user=fields.get("source_user"),
                source_key=fields.get("source_key"),
                created_by=fields.get("created_by", "extractor:rules"),
            )
            made = await memory_writes.create(
                conn,
                scope,
                type_=fields.get("type", MemoryType.PROJECT),
                memory_class=MemoryClass.DURABLE,
                title="",
                content=f"MARK-{name} says the build uses make.",
                prov=prov,
                now=AT,
            )
            assert isinstance(made, int)
            ids[name] = made
            review = str(fields.get("review", Review.NONE))
            await conn.execute(
                memories.update()
                .where(memories.c.id == made)
                .values(pinned=bool(fields.get("pinned")), review=review)
            )
    return ids


def assert_framed(answers: list[dict[str, Any]], ids: Mapping[str, object]) -> None:
    """Every writer's memory is in ``answers`` (memories' JSON as bob is answered), each
    with its ``author``; another writer's text comes with its quoted line, bob's own and
    what an operator stands behind with none."""
    names = {number: name for name, number in ids.items()}
    assert sorted(a["id"] for a in answers) == sorted(ids.values())
    for answer in answers:
        name = names[answer["id"]]
        fields, label = IDENTITIES[name]
        who = answer["author"]
        assert who["created_at"].startswith("2026-11-24T09:00:00")
        assert who["session"] == fields.get("source_session")
        assert who["key_id"] == fields.get("source_key")
        if name in REPORTED:
            assert who["voice"] == "reported"
            assert who["label"] == label
            assert answer["quoted"].startswith(f"(2026-11-24) {label} reported: \u201cMARK-{name} ")
        else:
            assert who["voice"] in ("own", "approved")
            assert answer["quoted"] is None
