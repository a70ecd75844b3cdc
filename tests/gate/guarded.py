"""A memory proposed through the shared guard, as an extractor's would be: what the junk
tests of :mod:`daemon.gate.substance` and the modules it asks check content with."""

from __future__ import annotations

from datetime import UTC, datetime

from daemon.base.scope import ScopeKey
from daemon.extraction.base import MemoryOp, Refusal
from daemon.extraction.vetting import check_op
from daemon.gate.copies import ToolOutputs
from daemon.gate.screening import Limits

AT = datetime(2026, 11, 17, 9, 20, tzinfo=UTC)
LIMITS = Limits(max_title_chars=120, max_content_chars=2000)
SCOPE = ScopeKey(project="github.com/acme/billing", user="dana", tenant="acme")


def check(content: str, title: str = "", tools: ToolOutputs | None = None) -> object:
    """The project memory ``content`` as the guard leaves it: a :class:`MemoryOp` or a
    :class:`Refusal`."""
    op = MemoryOp(action="create", type="project", title=title, content=content, turns=(2,))
    return check_op(op, SCOPE, LIMITS, AT, tools)


def refused(content: str, title: str = "", tools: ToolOutputs | None = None) -> Refusal:
    """The guard's refusal of ``content`` (a test fails where it is kept)."""
    checked = check(content, title, tools)
    assert isinstance(checked, Refusal), checked
    return checked
