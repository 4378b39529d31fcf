"""message ids per restaurant: a head row per restaurant (seq, last id), ids from a sequence

Revision ID: 0005
Revises: 0004
"""
from alembic import op
import sqlalchemy as sa

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('notification_stream_head',
    sa.Column('restaurant_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('last_seq', sa.BigInteger(), nullable=False),
    sa.Column('last_id', sa.BigInteger(), nullable=False),
    sa.PrimaryKeyConstraint('restaurant_id', name=op.f('pk_notification_stream_head'))
    )
    # Each restaurant's messages, numbered in id order (ids were in commit order platform-wide).
    op.add_column('notification', sa.Column('seq', sa.BigInteger(), nullable=True))
    op.execute("""
        UPDATE notification SET seq = numbered.seq
        FROM (SELECT id, row_number() OVER (PARTITION BY restaurant_id ORDER BY id) AS seq FROM notification) AS numbered
        WHERE notification.id = numbered.id
    """)
    op.alter_column('notification', 'seq', nullable=False)
    op.create_index('ux_notification_seq', 'notification', ['restaurant_id', 'seq'], unique=True)
    op.execute("""
        INSERT INTO notification_stream_head (restaurant_id, last_seq, last_id)
        SELECT restaurant_id, max(seq), max(id) FROM notification GROUP BY restaurant_id
    """)
    # The sequence goes on from the last id given out (rows may have been purged since).
    op.execute("CREATE SEQUENCE notification_id_seq OWNED BY notification.id")
    op.execute("""
        SELECT setval('notification_id_seq', greatest(
            (SELECT max(last_id) FROM notification_head), (SELECT max(id) FROM notification), 1
        ), (SELECT count(*) FROM notification_head) + (SELECT count(*) FROM notification) > 0)
    """)
    op.drop_table('notification_head')


def downgrade() -> None:
    op.create_table('notification_head',
    sa.Column('id', sa.SmallInteger(), autoincrement=False, nullable=False),
    sa.Column('last_id', sa.BigInteger(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_notification_head'))
    )
    op.execute("INSERT INTO notification_head (id, last_id) SELECT 1, last_value FROM notification_id_seq WHERE is_called")
    op.execute("DROP SEQUENCE notification_id_seq")
    op.drop_index('ux_notification_seq', table_name='notification')
    op.drop_column('notification', 'seq')
    op.drop_table('notification_stream_head')
