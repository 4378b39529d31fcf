"""a place's current sitting; the diner catch-up's menu index; retention by age

Revision ID: 0004
Revises: 0003
"""
from alembic import op
import sqlalchemy as sa

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('place_sitting',
    sa.Column('place_id', sa.Integer(), nullable=False),
    sa.Column('restaurant_id', sa.Integer(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('place_id', name=op.f('pk_place_sitting'))
    )
    op.create_index(op.f('ix_place_sitting_restaurant_id'), 'place_sitting', ['restaurant_id'], unique=False)
    op.create_index('ix_notification_menu', 'notification', ['menu_id', 'id'], unique=False, postgresql_where=sa.text('for_diners AND place_id IS NULL'))
    op.create_index('ix_notification_diners_age', 'notification', ['created_at'], unique=False, postgresql_where=sa.text('for_diners'))


def downgrade() -> None:
    op.drop_index('ix_notification_diners_age', table_name='notification', postgresql_where=sa.text('for_diners'))
    op.drop_index('ix_notification_menu', table_name='notification', postgresql_where=sa.text('for_diners AND place_id IS NULL'))
    op.drop_index(op.f('ix_place_sitting_restaurant_id'), table_name='place_sitting')
    op.drop_table('place_sitting')
