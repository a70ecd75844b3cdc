"""The ``api_keys`` table: keys stored as hashes, found, listed by tenant with or without the
revoked, revoked once, and counted while live."""

from __future__ import annotations

from datetime import timedelta

from daemon.app.container import Container
from daemon.store import api_keys
from tests.maintenance.helpers import T0


async def _insert(runtime: Container, key_id: str, tenant: str, minutes: int) -> None:
    async with runtime.store.begin() as conn:
        await api_keys.insert_key(
            conn,
            key_id=key_id,
            key_hash=f"hash-{key_id}",
            tenant=tenant,
            projects=["p1", "p2"],
            user=None if tenant == "acme" else "ann",
            role="host",
            now=T0 + timedelta(minutes=minutes),
        )


async def test_a_stored_key_is_found_as_it_was_inserted(runtime: Container) -> None:
    async with runtime.store.begin() as conn:
        made = await api_keys.insert_key(
            conn,
            key_id="k1",
            key_hash="h1",
            tenant="acme",
            projects=("p1",),
            user="ann",
            role="reader",
            now=T0,
        )
        assert await api_keys.find_key(conn, "k1") == made
        assert await api_keys.find_key(conn, "k2") is None
    assert made.as_dict() == {
        "key_id": "k1",
        "tenant": "acme",
        "projects": ["p1"],
        "user": "ann",
        "role": "reader",
        "created_at": T0.isoformat(),
        "revoked_at": None,
    }
    assert "h1" not in str(made.as_dict())


async def test_keys_are_listed_by_age_and_tenant(runtime: Container) -> None:
    await _insert(runtime, "b", "acme", 2)
    await _insert(runtime, "a", "acme", 1)
    await _insert(runtime, "c", "other", 0)
    async with runtime.store.begin() as conn:
        assert [k.key_id for k in await api_keys.list_keys(conn)] == ["c", "a", "b"]
        listed = await api_keys.list_keys(conn, tenant="acme")
        assert [k.key_id for k in listed] == ["a", "b"]
        assert listed[0].projects == ("p1", "p2")


async def test_a_key_is_revoked_once_and_then_no_longer_live(runtime: Container) -> None:
    await _insert(runtime, "a", "acme", 0)
    await _insert(runtime, "b", "acme", 1)
    later = T0 + timedelta(days=1)
    async with runtime.store.begin() as conn:
        assert await api_keys.live_keys(conn) == 2
        assert await api_keys.revoke_key(conn, "a", later)
        assert not await api_keys.revoke_key(conn, "a", later + timedelta(days=1))
        assert not await api_keys.revoke_key(conn, "missing", later)
        assert await api_keys.live_keys(conn) == 1
        assert [k.key_id for k in await api_keys.list_keys(conn)] == ["b"]
        both = await api_keys.list_keys(conn, revoked=True)
        assert [(k.key_id, k.revoked_at) for k in both] == [("a", later), ("b", None)]
        assert both[0].as_dict()["revoked_at"] == later.isoformat()


async def test_an_erased_users_keys_are_revoked_only_inside_the_erasure(
    runtime: Container,
) -> None:
    """A key of the user bound to no project allows every project: only an erasure in every
    project revokes it; a key of another tenant or another user is never touched."""
    rows = (
        ("only-p1", "acme", ["p1"], "ann"),
        ("p1-and-p2", "acme", ["p1", "p2"], "ann"),
        ("any-project", "acme", [], "ann"),
        ("other-tenant", "globex", ["p1"], "ann"),
        ("other-user", "acme", ["p1"], "bob"),
    )
    async with runtime.store.begin() as conn:
        for key_id, tenant, projects, user in rows:
            await api_keys.insert_key(
                conn,
                key_id=key_id,
                key_hash=f"hash-{key_id}",
                tenant=tenant,
                projects=projects,
                user=user,
                role="agent",
                now=T0,
            )

        async def revoke(projects: tuple[str, ...] | None, tenant: str | None) -> list[str]:
            return await api_keys.revoke_keys_of_user(
                conn, user="ann", tenant=tenant, projects=projects, now=T0
            )

        assert await revoke(("p1",), "acme") == ["only-p1"]
        assert await revoke(("p1", "p2"), "acme") == ["p1-and-p2"]
        assert await revoke(None, "acme") == ["any-project"]
        assert await revoke(None, "acme") == []
        assert await revoke(None, None) == ["other-tenant"]
        live = {key.key_id for key in await api_keys.list_keys(conn)}
    assert live == {"other-user"}
