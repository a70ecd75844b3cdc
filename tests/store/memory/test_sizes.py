"""What memories take: bytes (not characters) of title and content per tenant and project,
tombstoned ones included (they are still stored), narrowed by tenant and project; on both
backends."""

from __future__ import annotations

from daemon.app.container import Container
from daemon.store.memory.sizes import stored_bytes
from tests.maintenance.helpers import T0, add


async def test_title_and_content_bytes_are_summed_per_tenant_and_project(
    runtime: Container,
) -> None:
    async with runtime.store.connect() as conn:
        assert await stored_bytes(conn) == {}
    await add(runtime.store, "Déploy.", title="Tï", tenant="acme", project="p")  # 8 + 3 bytes
    await add(runtime.store, "Gone now.", title="G", tenant="acme", project="p", deleted_at=T0)
    await add(runtime.store, "Other.", title="O", tenant="globex", project="p")
    async with runtime.store.connect() as conn:
        assert await stored_bytes(conn) == {("acme", "p"): 11 + 10, ("globex", "p"): 7}
        assert await stored_bytes(conn, tenant="globex") == {("globex", "p"): 7}
        assert await stored_bytes(conn, project="nope") == {}
