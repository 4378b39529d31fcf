"""The body of every service's async alembic env.py."""
import asyncio
import os

from alembic import context
from sqlalchemy import MetaData, pool
from sqlalchemy.ext.asyncio import create_async_engine


def run_migrations(metadata: MetaData, default_url: str) -> None:
    url = os.environ.get("DATABASE_URL") or default_url

    def do_run(connection) -> None:
        context.configure(connection=connection, target_metadata=metadata, compare_type=True)
        with context.begin_transaction():
            context.run_migrations()

    async def run_async() -> None:
        engine = create_async_engine(url, poolclass=pool.NullPool)
        async with engine.connect() as connection:
            await connection.run_sync(do_run)
        await engine.dispose()

    if context.is_offline_mode():
        context.configure(url=url, target_metadata=metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
    else:
        asyncio.run(run_async())
