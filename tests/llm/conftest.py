"""The LLM extractor's fixtures, defined beside its unit tests, for the suites here."""

from __future__ import annotations

from tests.extraction.llm.conftest import llm_runtime, open_llm

__all__ = ["llm_runtime", "open_llm"]
