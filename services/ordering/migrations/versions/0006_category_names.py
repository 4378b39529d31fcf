"""catalog's categories projected; a line keeps its dish's category name (issue 19)

The projection starts empty here: ordering never consumed category events before, so nothing in
this database knows a category's name and the existing lines keep '' for now. They are named as the
categories arrive (`order.service.name_uncategorized_lines`, run with the projection's handler);
for the categories that exist already, catalog sends them again with
`make replay SERVICE=catalog SINCE=<first day> TYPE=catalog.category.created` (then
`TYPE=catalog.category.changed`, for renames).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25 12:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('category_facts',
    sa.Column('category_id', sa.Integer(), nullable=False),
    sa.Column('restaurant_id', sa.Integer(), nullable=False),
    sa.Column('menu_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('deleted', sa.Boolean(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('category_id')
    )
    op.create_index(op.f('ix_category_facts_restaurant_id'), 'category_facts', ['restaurant_id'], unique=False)
    op.add_column('order_line', sa.Column('category_name', sa.String(length=200), server_default='', nullable=False))


def downgrade() -> None:
    op.drop_column('order_line', 'category_name')
    op.drop_index(op.f('ix_category_facts_restaurant_id'), table_name='category_facts')
    op.drop_table('category_facts')
