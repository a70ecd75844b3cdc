"""usage per tenant, project and day, and the tenants' budgets

``usage_daily`` counts what extraction spent and wrote, per tenant, project, UTC day and run
outcome, in the transaction that records each run (pruning ``runs`` keeps it).
``usage_budgets`` holds an optional daily token budget per tenant, soft (warn) or hard
(extraction of the tenant pauses until the budget allows).

Revision ID: 0014
Revises: 0010
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

_COUNTER = {"nullable": False, "server_default": "0"}


def upgrade() -> None:
    big = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.create_table(
        "usage_daily",
        sa.Column("tenant", sa.String(length=200), nullable=False),
        sa.Column("project", sa.String(length=200), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("outcome", sa.String(length=20), nullable=False),
        sa.Column("runs", big, **_COUNTER),
        sa.Column("model_calls", big, **_COUNTER),
        sa.Column("prompt_tokens", big, **_COUNTER),
        sa.Column("completion_tokens", big, **_COUNTER),
        sa.Column("cached_tokens", big, **_COUNTER),
        sa.Column("memories_written", big, **_COUNTER),
        sa.PrimaryKeyConstraint("tenant", "project", "day", "outcome", name="pk_usage_daily"),
    )
    op.create_index("ix_usage_daily_day", "usage_daily", ["day"])
    op.create_table(
        "usage_budgets",
        sa.Column("tenant", sa.String(length=200), nullable=False),
        sa.Column("daily_tokens", big, nullable=False),
        sa.Column("mode", sa.String(length=10), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("tenant", name="pk_usage_budgets"),
        sa.CheckConstraint("mode IN ('soft', 'hard')", name="ck_usage_budgets_mode"),
    )


def downgrade() -> None:
    op.drop_table("usage_budgets")
    op.drop_index("ix_usage_daily_day", table_name="usage_daily")
    op.drop_table("usage_daily")
