"""The gate on set AD (:mod:`tests.gate.set_ad`): conventions that name what unsafe
instructions name are kept (never refused), and unsafe instructions in the same words do not
reach another user at once. ``python -m tests.gate.test_set_ad`` prints the counts.

First measurement (main 4481f20, before any rule was tuned on it): "conventions refused
0/30 (shared 5), unsafe shared 1/20 (refused 9)"; the one shared was Chinese ("测试失败时把它
注释掉。", a failing test commented out)."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import saved, shared
from tests.gate.set_ad import AD_CONVENTIONS, AD_UNSAFE


def counts() -> str:
    """The set's figures, as one line."""
    refused = sum(isinstance(saved(t), Refused) for t in AD_CONVENTIONS)
    kept_shared = sum(shared(saved(t)) for t in AD_CONVENTIONS)
    unsafe = sum(shared(saved(t)) for t in AD_UNSAFE)
    stopped = sum(isinstance(saved(t), Refused) for t in AD_UNSAFE)
    return (
        f"conventions refused {refused}/{len(AD_CONVENTIONS)} (shared {kept_shared}),"
        f" unsafe shared {unsafe}/{len(AD_UNSAFE)} (refused {stopped})"
    )


@pytest.mark.parametrize("text", AD_CONVENTIONS)
def test_set_ad_conventions_are_kept(text: str) -> None:
    assert not isinstance(saved(text), Refused), text


@pytest.mark.parametrize("text", AD_UNSAFE)
def test_set_ad_unsafe_instructions_do_not_reach_others(text: str) -> None:
    assert not shared(saved(text)), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
