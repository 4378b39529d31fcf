"""places (tables, chairs, delivery points) with their QR tokens; menus and restaurants projected

Revision ID: 0003
Revises: 0002
"""
from alembic import op
import sqlalchemy as sa

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'menu_facts',
        sa.Column('menu_id', sa.Integer(), primary_key=True),
        sa.Column('restaurant_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(200), nullable=False),
        sa.Column('deleted', sa.Boolean(), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index('ix_menu_facts_restaurant_id', 'menu_facts', ['restaurant_id'])
    op.create_table(
        'restaurant_facts',
        sa.Column('restaurant_id', sa.Integer(), primary_key=True),
        sa.Column('nombre_local', sa.String(200), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        'place',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('restaurant_id', sa.Integer(), nullable=False),
        sa.Column('menu_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(4), nullable=False),
        sa.Column('kind', sa.String(8), nullable=False),
        sa.Column('x', sa.Integer(), nullable=False),
        sa.Column('y', sa.Integer(), nullable=False),
        sa.Column('w', sa.Integer(), nullable=False),
        sa.Column('h', sa.Integer(), nullable=False),
        sa.Column('blocked', sa.Boolean(), nullable=False),
        sa.Column('admin', sa.Boolean(), nullable=False),
        sa.Column('details', sa.Text(), nullable=False),
        sa.Column('token', sa.String(64), nullable=False, unique=True),
        sa.Column('call_waiter', sa.Boolean(), nullable=False),
        sa.Column('call_kind', sa.String(8), nullable=True),
        sa.Column('called_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('active', sa.Boolean(), nullable=False),
        sa.Column('activity_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.UniqueConstraint('restaurant_id', 'name', name='place_name_unique_in_restaurant', deferrable=True, initially='DEFERRED'),
    )
    op.create_index('ix_place_restaurant_id', 'place', ['restaurant_id'])
    op.create_table(
        'revoked_place_token',
        sa.Column('token_hash', sa.String(64), primary_key=True),
        sa.Column('place_id', sa.Integer(), sa.ForeignKey('place.id', ondelete='CASCADE'), nullable=False),
        sa.Column('revoked_at', sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
    )
    op.create_index('ix_revoked_place_token_place_id', 'revoked_place_token', ['place_id'])


def downgrade() -> None:
    op.drop_table('revoked_place_token')
    op.drop_table('place')
    op.drop_table('restaurant_facts')
    op.drop_table('menu_facts')
