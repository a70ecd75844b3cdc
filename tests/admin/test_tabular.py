"""Rows as plain data: datetimes become ISO-8601 text, every other value passes as is."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import sqlalchemy as sa

from daemon.admin.tabular import plain, plain_value

AT = datetime(2026, 6, 1, 12, 30, tzinfo=UTC)


def test_a_datetime_becomes_iso_text_and_other_values_pass_unchanged() -> None:
    assert plain_value(AT) == "2026-06-01T12:30:00+00:00"
    payload = {"a": [1]}
    assert plain_value(payload) is payload
    assert [plain_value(v) for v in (None, 3, 2.5, "x", True)] == [None, 3, 2.5, "x", True]


def test_a_mapping_becomes_a_json_ready_dict_with_text_keys() -> None:
    row = {"id": 7, "created_at": AT, "title": "Deploys", "deleted_at": None}
    assert plain(row) == {
        "id": 7,
        "created_at": "2026-06-01T12:30:00+00:00",
        "title": "Deploys",
        "deleted_at": None,
    }
    json.dumps(plain(row))


def test_a_sqlalchemy_row_is_read_through_its_mapping() -> None:
    engine = sa.create_engine("sqlite://")
    with engine.connect() as conn:
        row = conn.execute(
            sa.select(sa.literal(1).label("id"), sa.literal("t").label("title"))
        ).one()
    engine.dispose()
    assert plain(row) == {"id": 1, "title": "t"}
