"""The gate on set AG (:mod:`tests.gate.set_ag`): junk is refused, and the legitimate
memories that look like junk by their shape are kept (stored, shared or held, never
refused). What the first measurement missed is listed with its reason (strict: a change
that mends one says so). ``python -m tests.gate.test_set_ag`` prints the counts."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import case, saved, shared
from tests.gate.set_ag import AG_JUNK, AG_LEGIT

# The first measurement (main 2df359e, before any rule was tuned on AG): "junk kept 65/214,
# legit kept 65/65 (shared at once 50)". A sixth to a third of a new set's junk passes
# rules written on earlier sets. AG is tuning data since: its misses were read and rules
# written on them (greetings, apologies and sign-offs as courtesies; the writer's work
# promised or going on in eight languages; the chat as subject; hedges; a value set on
# nothing named; a model's "I can't access your …"; a shown thing not there; a CSV header,
# a query or a document's title alone; an answer pointing at a choice; a time alone). Left:
_PROSE = "fluent prose that says nothing: every word could belong to a fact"
AG_KNOWN_MISSES: dict[str, str] = {
    "Our team values collaboration and open science.": _PROSE,
    "This project has a lot of moving parts.": _PROSE,
    AG_JUNK[86]: _PROSE,  # "This is a really interesting and multifaceted topic, …"
    AG_JUNK[87]: _PROSE,  # "Overall, the data platform continues to evolve, …"
    "WARNING: Running pip as the 'root' user can result in broken permissions.": (
        "a tool's warning in capitals reads as a note a person wrote ('WARNING: prod has no"
        " backups.')"
    ),
    "Für die Migration brauchen wir noch": (
        "cut off after an adverb that may end a German sentence ('Das brauchen wir noch.')"
    ),
    "**TL;DR:**": "a heading whose own punctuation reads as a statement before the colon",
}


def counts() -> str:
    """The set's figures, as one line."""
    junk_kept = sum(not isinstance(saved(t), Refused) for t in AG_JUNK)
    kept = sum(not isinstance(saved(t), Refused) for t in AG_LEGIT)
    reached = sum(shared(saved(t)) for t in AG_LEGIT)
    return (
        f"junk kept {junk_kept}/{len(AG_JUNK)},"
        f" legit kept {kept}/{len(AG_LEGIT)} (shared at once {reached})"
    )


def _case(text: str) -> object:
    return case((text,), AG_KNOWN_MISSES)


@pytest.mark.parametrize("text", [_case(t) for t in AG_LEGIT])
def test_set_ag_legitimate_memories_are_kept(text: str) -> None:
    assert not isinstance(saved(text), Refused), text


@pytest.mark.parametrize("text", [_case(t) for t in AG_JUNK])
def test_set_ag_junk_is_refused(text: str) -> None:
    assert isinstance(saved(text), Refused), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
