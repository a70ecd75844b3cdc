"""Cutting a stored session into windows for session recall, in a worker.

A window is the run of turns up to and including a ``compaction`` turn (the host's summary
of what it compacted becomes the window's summary), or :data:`WINDOW_TURNS` turns when the
host did not compact that often; the turns after the last cut form an open window that grows
as turns arrive. A window keeps what the user and the assistant said (tool calls and tool
output are left out), each message without the sentences a secret was redacted from, the
way a compaction summary's memory is kept (:func:`daemon.store.compaction.without_secrets`).

:func:`refresh` cuts a session again from its stored turns and stores the windows through
their owner (:mod:`daemon.store.transcripts.fragments`): an unchanged window is left as it
is (and keeps its vector), a changed one is pending for the embedding worker again. It runs
after a session's extraction job, never on a host's publishing path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import structlog

from daemon.base.turns import TurnRecord
from daemon.store.compaction import summary_text, without_secrets
from daemon.store.db import Store
from daemon.store.transcripts import fragments
from daemon.store.transcripts.cursors import load_turns
from daemon.store.transcripts.fragments import Line, Window
from daemon.store.transcripts.session_listing import get_session

log = structlog.get_logger("memoryd.session_recall")

#: Turns in a window that no compaction closed.
WINDOW_TURNS = 8
#: A message is kept up to this many characters.
MESSAGE_CHARS = 1_000
_ROLES = ("user", "assistant")
_LAST_TURN = 2**31 - 1


def _lines(turn: TurnRecord) -> list[Line]:
    found = []
    for message in turn.messages:
        if message.role not in _ROLES or not message.content:
            continue
        text = without_secrets(" ".join(message.content.split()))
        if text:
            found.append(Line(turn.turn, message.role, text[:MESSAGE_CHARS]))
    return found


def cut(turns: Sequence[TurnRecord], window_turns: int = WINDOW_TURNS) -> list[Window]:
    """The windows of a session's turns (in turn order). A window with neither a summary
    nor a message (only tool traffic) is left out."""
    windows: list[Window] = []
    current: list[TurnRecord] = []

    def close() -> None:
        last = current[-1]
        summary = summary_text(last.summary) if last.kind == "compaction" else None
        lines = tuple(line for turn in current for line in _lines(turn))
        if summary or lines:
            windows.append(Window(current[0].turn, last.turn, last.at, summary, lines))
        current.clear()

    for turn in turns:
        current.append(turn)
        if turn.kind == "compaction" or len(current) >= window_turns:
            close()
    if current:
        close()
    return windows


@dataclass(frozen=True, slots=True)
class Refreshed:
    windows: int
    changed: int


async def refresh(
    store: Store,
    session_id: str,
    *,
    tenant: str,
    now: datetime,
    window_turns: int = WINDOW_TURNS,
) -> Refreshed:
    """Cut ``tenant``'s session again and store its windows; returns how many windows it
    has and how many rows changed (0 for a session that is gone)."""
    async with store.begin() as conn:
        session = await get_session(conn, session_id, now, tenant=tenant)
        if session is None:
            return Refreshed(0, 0)
        turns = await load_turns(conn, session_id, 0, _LAST_TURN, tenant=tenant)
        windows = cut(turns, window_turns)
        changed = await fragments.replace_session(
            conn,
            tenant=tenant,
            project=session["project"],
            user=session["user"],
            session_id=session_id,
            windows=windows,
            now=now,
        )
    if changed:
        log.info("session_recall.windows_cut", windows=len(windows), changed=changed)
    return Refreshed(len(windows), changed)
