"""The budget's levels, with the source systems' numbers."""

from __future__ import annotations

import pytest

from daemon.base.settings import HostSettings
from daemon.host.budget import Budget, Pressure


def test_a_200k_window_has_184k_usable_and_the_four_levels() -> None:
    budget = Budget.of(200_000)
    assert budget.usable == 184_000
    assert budget.pressure(184_000 - 24_000) is Pressure.OK
    assert budget.pressure(184_000 - 23_999) is Pressure.WARNING
    assert budget.pressure(184_000 - 11_999) is Pressure.COMPACT
    assert budget.pressure(184_000 - 2_999) is Pressure.BLOCKING
    assert budget.pressure(190_000) is Pressure.BLOCKING
    assert budget.left(190_000) == -6_000
    assert budget.target() == 160_000


def test_the_levels_come_from_the_settings() -> None:
    settings = HostSettings(
        reserved_output_tokens=1_000, warning_tokens=500, compact_tokens=200, blocking_tokens=100
    )
    budget = Budget.of(10_000, settings)
    assert budget.usable == 9_000
    assert budget.pressure(8_600) is Pressure.WARNING
    assert budget.pressure(8_850) is Pressure.COMPACT


def test_a_window_smaller_than_the_reserve_is_refused() -> None:
    with pytest.raises(ValueError, match="leaves nothing"):
        Budget(window=16_000)


def test_levels_out_of_order_are_refused() -> None:
    with pytest.raises(ValueError, match="warning >= compact >= blocking"):
        Budget(window=100_000, warning=1_000, compact=2_000)
