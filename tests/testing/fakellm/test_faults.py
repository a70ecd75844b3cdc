"""Seeded fault injection: which replies become faults, and which kinds exist."""

from __future__ import annotations

from typing import Any

import openai
import pytest

from daemon.testing.fakellm import (
    FakeLLM,
    text,
)
from tests.testing.fakellm.conftest import ask


async def test_fault_injection_is_seeded_and_keeps_the_script(client: Any, fake: FakeLLM) -> None:
    async def outcomes(seed: int) -> list[str]:
        fake.reset()
        fake.fail_rate(0.5, kinds=("429", "500"), seed=seed)
        fake.script([text("scripted")])
        seen = []
        for _ in range(12):
            try:
                seen.append((await ask(client)).choices[0].finish_reason)
            except openai.APIStatusError as exc:
                seen.append(str(exc.status_code))
        return seen

    first, again = await outcomes(7), await outcomes(7)
    assert first == again
    assert {"429", "500"} <= set(first)
    served = [outcome for outcome in first if outcome not in ("429", "500")]
    assert served == ["stop"] + ["tool_calls"] * (len(served) - 1)  # the script, then policy


async def test_injected_drops_and_bad_fault_kinds(fake: FakeLLM, client: Any) -> None:
    fake.fail_rate(1.0, kinds=("drop",))
    with pytest.raises(openai.APIConnectionError):
        await ask(client)
    with pytest.raises(ValueError, match="unknown fault kind"):
        fake.fail_rate(0.1, kinds=("200",))
    fake.fail_rate(0)
    assert (await ask(client)).choices[0].message.tool_calls
