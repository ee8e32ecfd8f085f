"""Post-game reviews stored with their game (issue 20): one row per reviewed game.

Revision ID: 0002
Revises: 0001
Created: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("state", sa.String(length=8), nullable=False),
        sa.Column("progress", sa.Float(), nullable=False),
        sa.Column("budget", sa.String(length=40), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("asked_at", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.Column("owner", sa.String(length=40), nullable=True),
        sa.Column("lease_until", sa.Float(), nullable=True),
        sa.Column("restarts", sa.Integer(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("game_id"),
    )


def downgrade() -> None:
    op.drop_table("reviews")
