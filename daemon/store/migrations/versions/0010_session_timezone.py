"""time zones: the one a session's host names, and the one each turn was said in

A relative date ("tomorrow") is read in the local date of the turn that says it: the zone
the turn event names, else the session's (the last one its events named), else the UTC
offset the turn's ``at`` was sent with. ``sessions.timezone`` keeps the session's;
``turns.timezone`` the one the event named and ``turns.at_offset`` the offset of its ``at``
in minutes (``at`` itself is stored in UTC). Existing turns have neither: their dates are
read in UTC, as before.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("sessions", sa.Column("timezone", sa.String(length=64), nullable=True))
    op.add_column("turns", sa.Column("timezone", sa.String(length=64), nullable=True))
    op.add_column("turns", sa.Column("at_offset", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("turns") as batch:
        batch.drop_column("at_offset")
        batch.drop_column("timezone")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("timezone")
