from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base


class RevokedToken(Base):
    """A token ended by logout, kept until the token itself expires.

    The truth about logouts: Redis holds a copy for every service, and loses it with its data."""

    __tablename__ = "revoked_token"

    token_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
