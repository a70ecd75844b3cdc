"""What a text lacks to be a statement at all (:mod:`daemon.gate.unfinished`): an end, a
predicate, a body; and the look-alikes that have them."""

from __future__ import annotations

import pytest

from daemon.gate.unfinished import cut_off, data_alone, header_alone, name_alone


@pytest.mark.parametrize(
    "text",
    ["The deploy script should", "We decided to move the", "Die Datenbank wird jeden",
     "Le déploiement se fait avec", "Compiling (3/12)...", "Loading…", "We decided to use"],
)  # fmt: skip
def test_a_text_stopping_where_no_sentence_can_is_cut_off(text: str) -> None:
    assert cut_off(text)


@pytest.mark.parametrize(
    "text",
    ["The deploy script should run first.", "Freeze starts in May", "Use this",
     "Deploys: Fridays off", "We support Python 3.11, 3.12, 3.13...", "日本語で返答する",
     "We decided what to use.", "Which ORM to use: SQLAlchemy"],
)  # fmt: skip
def test_a_finished_text_is_not_cut_off(text: str) -> None:
    assert not cut_off(text)


@pytest.mark.parametrize(
    ("text", "alone"),
    [("/etc/nginx/nginx.conf", True), ("./scripts/deploy.sh", True),
     ("C:\\Users\\dev\\Temp", True), ("~/.config/acme/", True),
     ("/etc/nginx/nginx.conf is managed by Ansible.", False), ("Python3.12.", False)],
)  # fmt: skip
def test_a_path_alone_says_nothing_of_it(text: str, alone: bool) -> None:
    assert name_alone(text) is alone


@pytest.mark.parametrize(
    ("text", "alone"),
    [('{"type": "object", "properties": {}}', True), ("[1, 2]", True),
     ("- name: build\n  run: make", True), ("{not json}", False),
     ("Stack:\n- Python 3.12", False), ("retries: 3\nbackoff: 2 s.", False),
     ("Default branch: trunk.", False)],
)  # fmt: skip
def test_data_alone_states_nothing(text: str, alone: bool) -> None:
    assert data_alone(text) is alone


def test_a_tables_header_alone_has_nothing_in_it() -> None:
    assert header_alone("| id | name |\n|----|------|")
    assert not header_alone("| service | owner |\n|---|---|\n| billing | Alice |")
