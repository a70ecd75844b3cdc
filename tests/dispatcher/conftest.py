"""Hypothesis keeps what it learns (the example database is off here, but it also caches the
constants of the code under test) in its home directory, by default ``./.hypothesis``: under
pytest's temporary directory instead, so that no run writes into the checkout."""

from __future__ import annotations

import pytest
from hypothesis.configuration import set_hypothesis_home_dir


@pytest.fixture(autouse=True, scope="session")
def _hypothesis_home(tmp_path_factory: pytest.TempPathFactory) -> None:
    set_hypothesis_home_dir(tmp_path_factory.getbasetemp() / "hypothesis")
