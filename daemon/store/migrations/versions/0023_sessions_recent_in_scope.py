"""sessions by scope and last event: the recent host prompts a save naming no session is
read against

A save of the main agent that names no session is read against the host prompts of its
scope's latest sessions (``daemon.store.transcripts.agent_turns.recent_prompts``): an index
on (tenant, project, last_event_at) finds them without reading the tenant's other sessions.

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-28
"""

from __future__ import annotations

from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_sessions_scope_recent", "sessions", ["tenant", "project", "last_event_at"])


def downgrade() -> None:
    op.drop_index("ix_sessions_scope_recent", table_name="sessions")
