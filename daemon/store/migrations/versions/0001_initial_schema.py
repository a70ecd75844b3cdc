"""initial schema

Revision ID: 0001
Revises: 
Create Date: 2026-11-22 11:29:45.595775
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import daemon.store.tables


revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('cursors',
    sa.Column('session_id', sa.String(length=200), nullable=False),
    sa.Column('tenant', sa.String(length=200), server_default='', nullable=False),
    sa.Column('project', sa.String(length=200), nullable=False),
    sa.Column('user', sa.String(length=200), server_default='', nullable=False),
    sa.Column('turn', sa.Integer(), nullable=True),
    sa.Column('message_id', sa.String(length=200), nullable=True),
    sa.Column('version', sa.Integer(), server_default='0', nullable=False),
    sa.Column('failures', sa.Integer(), server_default='0', nullable=False),
    sa.Column('breaker_until', daemon.store.tables.UTCDateTime(), nullable=True),
    sa.Column('parked', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('parked_reason', sa.Text(), nullable=True),
    sa.Column('gaps_skipped', sa.Integer(), server_default='0', nullable=False),
    sa.Column('updated_at', daemon.store.tables.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('session_id', name=op.f('pk_cursors'))
    )
    op.create_table('memories',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), autoincrement=True, nullable=False),
    sa.Column('tenant', sa.String(length=200), server_default='', nullable=False),
    sa.Column('project', sa.String(length=200), nullable=False),
    sa.Column('user', sa.String(length=200), server_default='', nullable=False),
    sa.Column('type', sa.String(length=20), nullable=False),
    sa.Column('class', sa.String(length=20), server_default='durable', nullable=False),
    sa.Column('pinned', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('title', sa.String(length=300), nullable=False),
    sa.Column('content', sa.Text(), nullable=False),
    sa.Column('content_hash', sa.String(length=64), nullable=False),
    sa.Column('source_session', sa.String(length=200), nullable=True),
    sa.Column('source_turns', sa.String(length=100), nullable=True),
    sa.Column('source_run', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=True),
    sa.Column('created_by', sa.String(length=100), nullable=False),
    sa.Column('created_at', daemon.store.tables.UTCDateTime(), nullable=False),
    sa.Column('updated_at', daemon.store.tables.UTCDateTime(), nullable=False),
    sa.Column('expires_at', daemon.store.tables.UTCDateTime(), nullable=True),
    sa.Column('last_surfaced_at', daemon.store.tables.UTCDateTime(), nullable=True),
    sa.Column('deleted_at', daemon.store.tables.UTCDateTime(), nullable=True),
    sa.Column('deleted_reason', sa.Text(), nullable=True),
    sa.CheckConstraint("class IN ('priority', 'durable', 'working')", name=op.f('ck_memories_class')),
    sa.CheckConstraint("type IN ('project', 'user', 'decision')", name=op.f('ck_memories_type')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_memories'))
    )
    with op.batch_alter_table('memories', schema=None) as batch_op:
        batch_op.create_index('ix_memories_scope', ['tenant', 'project', 'user'], unique=False)
        batch_op.create_index('uq_memories_live_hash', ['tenant', 'project', 'user', 'type', 'content_hash'], unique=True, sqlite_where=sa.text('deleted_at IS NULL'), postgresql_where=sa.text('deleted_at IS NULL'))

    op.create_table('memory_history',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), autoincrement=True, nullable=False),
    sa.Column('memory_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('tenant', sa.String(length=200), server_default='', nullable=False),
    sa.Column('project', sa.String(length=200), nullable=False),
    sa.Column('user', sa.String(length=200), server_default='', nullable=False),
    sa.Column('action', sa.String(length=20), nullable=False),
    sa.Column('actor', sa.String(length=20), nullable=False),
    sa.Column('actor_id', sa.String(length=200), nullable=True),
    sa.Column('reason', sa.Text(), nullable=True),
    sa.Column('old', sa.JSON(), nullable=True),
    sa.Column('new', sa.JSON(), nullable=True),
    sa.Column('at', daemon.store.tables.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_memory_history'))
    )
    with op.batch_alter_table('memory_history', schema=None) as batch_op:
        batch_op.create_index('ix_memory_history_memory_id', ['memory_id'], unique=False)

    op.create_table('messages',
    sa.Column('session_id', sa.String(length=200), nullable=False),
    sa.Column('message_id', sa.String(length=200), nullable=False),
    sa.Column('tenant', sa.String(length=200), server_default='', nullable=False),
    sa.Column('project', sa.String(length=200), nullable=False),
    sa.Column('user', sa.String(length=200), server_default='', nullable=False),
    sa.Column('turn', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('role', sa.String(length=20), nullable=False),
    sa.Column('content', sa.Text(), nullable=True),
    sa.Column('tool_calls', sa.JSON(), nullable=True),
    sa.Column('tool_call_id', sa.String(length=200), nullable=True),
    sa.Column('name', sa.String(length=200), nullable=True),
    sa.Column('at', daemon.store.tables.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('session_id', 'message_id', name=op.f('pk_messages'))
    )
    with op.batch_alter_table('messages', schema=None) as batch_op:
        batch_op.create_index('ix_messages_session_id_turn_seq', ['session_id', 'turn', 'seq'], unique=False)

    op.create_table('runs',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), autoincrement=True, nullable=False),
    sa.Column('session_id', sa.String(length=200), nullable=False),
    sa.Column('tenant', sa.String(length=200), server_default='', nullable=False),
    sa.Column('project', sa.String(length=200), nullable=False),
    sa.Column('user', sa.String(length=200), server_default='', nullable=False),
    sa.Column('extractor', sa.String(length=50), nullable=False),
    sa.Column('outcome', sa.String(length=20), nullable=False),
    sa.Column('from_turn', sa.Integer(), nullable=True),
    sa.Column('to_turn', sa.Integer(), nullable=True),
    sa.Column('messages', sa.Integer(), server_default='0', nullable=False),
    sa.Column('guarded_turns', sa.Integer(), server_default='0', nullable=False),
    sa.Column('gaps_skipped', sa.Integer(), server_default='0', nullable=False),
    sa.Column('model_calls', sa.Integer(), server_default='0', nullable=False),
    sa.Column('prompt_tokens', sa.Integer(), server_default='0', nullable=False),
    sa.Column('completion_tokens', sa.Integer(), server_default='0', nullable=False),
    sa.Column('cached_tokens', sa.Integer(), server_default='0', nullable=False),
    sa.Column('tool_calls', sa.Integer(), server_default='0', nullable=False),
    sa.Column('created', sa.Integer(), server_default='0', nullable=False),
    sa.Column('updated', sa.Integer(), server_default='0', nullable=False),
    sa.Column('deleted', sa.Integer(), server_default='0', nullable=False),
    sa.Column('refused', sa.Integer(), server_default='0', nullable=False),
    sa.Column('refusals', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('attempt', sa.Integer(), server_default='1', nullable=False),
    sa.Column('worker', sa.String(length=200), nullable=True),
    sa.Column('error', sa.Text(), nullable=True),
    sa.Column('started_at', daemon.store.tables.UTCDateTime(), nullable=False),
    sa.Column('finished_at', daemon.store.tables.UTCDateTime(), nullable=False),
    sa.Column('duration_ms', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_runs'))
    )
    with op.batch_alter_table('runs', schema=None) as batch_op:
        batch_op.create_index('ix_runs_finished_at', ['finished_at'], unique=False)
        batch_op.create_index('ix_runs_session_id', ['session_id'], unique=False)

    op.create_table('scheduled_jobs',
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('last_started_at', daemon.store.tables.UTCDateTime(), nullable=True),
    sa.Column('last_finished_at', daemon.store.tables.UTCDateTime(), nullable=True),
    sa.Column('outcome', sa.String(length=20), nullable=True),
    sa.Column('counts', sa.JSON(), nullable=True),
    sa.Column('error', sa.Text(), nullable=True),
    sa.PrimaryKeyConstraint('name', name=op.f('pk_scheduled_jobs'))
    )
    op.create_table('sessions',
    sa.Column('session_id', sa.String(length=200), nullable=False),
    sa.Column('tenant', sa.String(length=200), server_default='', nullable=False),
    sa.Column('project', sa.String(length=200), nullable=False),
    sa.Column('user', sa.String(length=200), server_default='', nullable=False),
    sa.Column('first_seen_at', daemon.store.tables.UTCDateTime(), nullable=False),
    sa.Column('last_event_at', daemon.store.tables.UTCDateTime(), nullable=False),
    sa.Column('last_turn', sa.Integer(), nullable=False),
    sa.Column('ended', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('host_system_prompt', sa.Text(), nullable=True),
    sa.Column('host_tools', sa.JSON(), nullable=True),
    sa.Column('agent', sa.JSON(), nullable=True),
    sa.PrimaryKeyConstraint('session_id', name=op.f('pk_sessions'))
    )
    op.create_table('turns',
    sa.Column('session_id', sa.String(length=200), nullable=False),
    sa.Column('turn', sa.Integer(), nullable=False),
    sa.Column('tenant', sa.String(length=200), server_default='', nullable=False),
    sa.Column('project', sa.String(length=200), nullable=False),
    sa.Column('user', sa.String(length=200), server_default='', nullable=False),
    sa.Column('event_id', sa.String(length=200), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('at', daemon.store.tables.UTCDateTime(), nullable=False),
    sa.Column('received_at', daemon.store.tables.UTCDateTime(), nullable=False),
    sa.Column('message_count', sa.Integer(), nullable=False),
    sa.Column('main_agent_saved', sa.Boolean(), nullable=False),
    sa.Column('memory_writes', sa.JSON(), nullable=True),
    sa.Column('summary', sa.Text(), nullable=True),
    sa.Column('redactions', sa.Integer(), server_default='0', nullable=False),
    sa.Column('spilled', sa.Integer(), server_default='0', nullable=False),
    sa.PrimaryKeyConstraint('session_id', 'turn', name=op.f('pk_turns')),
    sa.UniqueConstraint('event_id', name=op.f('uq_turns_event_id'))
    )
    with op.batch_alter_table('turns', schema=None) as batch_op:
        batch_op.create_index('ix_turns_received_at', ['received_at'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('turns', schema=None) as batch_op:
        batch_op.drop_index('ix_turns_received_at')

    op.drop_table('turns')
    op.drop_table('sessions')
    op.drop_table('scheduled_jobs')
    with op.batch_alter_table('runs', schema=None) as batch_op:
        batch_op.drop_index('ix_runs_session_id')
        batch_op.drop_index('ix_runs_finished_at')

    op.drop_table('runs')
    with op.batch_alter_table('messages', schema=None) as batch_op:
        batch_op.drop_index('ix_messages_session_id_turn_seq')

    op.drop_table('messages')
    with op.batch_alter_table('memory_history', schema=None) as batch_op:
        batch_op.drop_index('ix_memory_history_memory_id')

    op.drop_table('memory_history')
    with op.batch_alter_table('memories', schema=None) as batch_op:
        batch_op.drop_index('uq_memories_live_hash', sqlite_where=sa.text('deleted_at IS NULL'), postgresql_where=sa.text('deleted_at IS NULL'))
        batch_op.drop_index('ix_memories_scope')

    op.drop_table('memories')
    op.drop_table('cursors')
