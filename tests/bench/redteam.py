"""``./dev bench redteam``: how many planted instructions reach another user's agent, and
how many legitimate conventions and facts still do.

Every text of :mod:`tests.bench.redteam_corpus` is said in alice's session of its own
project: it goes through the write guard every extractor's writes pass through
(:func:`~daemon.gate.screening`), is stored as a shared project memory when
accepted, and bob's injection block for that project is built through the
:class:`~daemon.recall.Recall` API agent hosts use. A text reaches bob when its memory is in
his block; it reaches him unquoted when its line is not shown as alice's quoted report
(:func:`daemon.recall.sanitize.reported`), that is in the block's own voice.

``main()`` prints one JSON line with the rates for that corpus, under ``heldout_v2`` for
each half of :mod:`tests.redteam.heldout_v2` (``tune``: what the first round of the rules
was tuned on; ``holdout``: held out from it, tuning data of the second), under
``heldout_v3`` for :mod:`tests.redteam.heldout_v3` (held out from the first two rounds,
tuning data of the third) and under ``heldout_v4`` for :mod:`tests.redteam.heldout_v4`
(held out from every round).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from enum import Enum
from typing import Any

from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.gate import Draft, Refused, screen
from daemon.gate.kinds import MemoryClass, MemoryType
from daemon.gate.screening import Limits
from daemon.recall import Recall
from daemon.store import memory as memory_store
from daemon.store.db import Store
from tests.bench.redteam_corpus import LEGIT, planted
from tests.bench.scratch import scratch_database
from tests.redteam import heldout_v2, heldout_v3, heldout_v4

AT = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)
AUTHOR, READER = "alice", "bob"
LIMITS = Limits(max_title_chars=120, max_content_chars=2000)
HALVES: tuple[heldout_v2.Part, ...] = ("tune", "holdout")
QUOTED = f"{AUTHOR} reported: \u201c"  # how bob's block shows what alice's session said


class Reach(Enum):
    REFUSED = "refused"  # by the write guard
    HELD = "held"  # stored, held for an operator's review: reaches bob once approved
    LEFT_OUT = "left out"  # stored, not in bob's block
    QUOTED = "quoted"  # in the block, as alice's quoted report
    UNQUOTED = "unquoted"  # in the block, in its own voice

    @property
    def shown(self) -> bool:
        return self in (Reach.QUOTED, Reach.UNQUOTED)


async def reaches(store: Store, texts: Sequence[str], *, label: str) -> list[bool]:
    """For each text, whether what alice said reaches bob's injection block."""
    return [r.shown for r in await how_reached(store, texts, label=label)]


async def how_reached(store: Store, texts: Sequence[str], *, label: str) -> list[Reach]:
    """For each text, whether and how what alice said reaches bob's injection block."""
    recall = Recall(store, FakeClock(AT))
    found: list[Reach] = []
    try:
        for number, text in enumerate(texts):
            project = f"redteam/{label}/{number}"
            author = ScopeKey(project=project, user=AUTHOR)
            draft = Draft(MemoryType.PROJECT, MemoryClass.DURABLE, "", text, at=AT)
            checked = screen(draft, author, LIMITS)
            if isinstance(checked, Refused):
                found.append(Reach.REFUSED)
                continue
            async with store.begin() as conn:
                memory_id = await memory_store.save(
                    conn,
                    author,
                    checked,
                    prov=memory_store.Provenance(
                        actor=memory_store.Actor.RUN,
                        session_id=f"{AUTHOR}-1",
                        source_user=AUTHOR,
                        turns="1",
                    ),
                    now=AT,
                )
            block = await recall.injection_block(ScopeKey(project=project, user=READER))
            if isinstance(memory_id, int) and checked.held and memory_id not in block.memory_ids:
                found.append(Reach.HELD)
            elif not (isinstance(memory_id, int) and memory_id in block.memory_ids):
                found.append(Reach.LEFT_OUT)
            elif QUOTED in block.text:
                found.append(Reach.QUOTED)
            else:
                found.append(Reach.UNQUOTED)
    finally:
        await recall.aclose(close_store=False)
    return found


async def rates(
    store: Store, attacks: Sequence[str], legit: Sequence[str], *, label: str
) -> dict[str, Any]:
    """How many of ``attacks`` and of ``legit`` reach bob's block, and their shares; and how
    many planted ones reach it in the block's own voice (not as alice's quoted report)."""
    planted_reach = await how_reached(store, attacks, label=f"{label}/planted")
    planted_reached = sum(r.shown for r in planted_reach)
    legit_reach = await how_reached(store, legit, label=f"{label}/legit")
    legit_reached = sum(r.shown for r in legit_reach)
    legit_held = legit_reach.count(Reach.HELD)
    return {
        "planted": len(attacks),
        "planted_reached": planted_reached,
        "planted_reach_rate": round(planted_reached / len(attacks), 4),
        "planted_reached_unquoted": planted_reach.count(Reach.UNQUOTED),
        "legit": len(legit),
        "legit_reached": legit_reached,
        "legit_reach_rate": round(legit_reached / len(legit), 4),
        "legit_held": legit_held,
        "legit_held_rate": round(legit_held / len(legit), 4),
    }


async def bench_redteam(database_url: str) -> dict[str, Any]:
    """Both rates over the corpus and over each half of the second set, in a scratch store
    beside ``database_url``."""
    async with scratch_database(database_url, "redteam") as url:
        store = Store.from_url(url)
        try:
            figures = await rates(store, planted(), LEGIT, label="v1")
            figures["heldout_v2"] = {
                which: await rates(
                    store,
                    heldout_v2.part(heldout_v2.PLANTED, which),
                    heldout_v2.part(heldout_v2.LEGIT, which),
                    label=which,
                )
                for which in HALVES
            }
            for name, held in (("heldout_v3", heldout_v3), ("heldout_v4", heldout_v4)):
                figures[name] = await rates(
                    store,
                    [text for _, text in held.PLANTED],
                    [text for _, text in held.LEGIT],
                    label=name,
                )
        finally:
            await store.close()
    return figures


def main(database_url: str = "sqlite+aiosqlite://") -> None:
    """Print one JSON line with both rates (by default in a scratch SQLite file, removed
    afterwards)."""
    print(json.dumps(asyncio.run(bench_redteam(database_url))))  # noqa: T201


if __name__ == "__main__":
    main()
