from ordering import models  # noqa: F401  (registers every table)
from ordering.settings import Settings
from kit.db import Base
from kit.migrations import run_migrations

run_migrations(Base.metadata, Settings().database_url)
