"""The restaurants' links to their owners' marketplace accounts.

One account (a seller at the provider) may serve several restaurants of the owner who linked it;
a restaurant has at most one. The account's tokens are stored encrypted (`cipher.py`) and exist only
while some restaurant is linked to it.
"""
from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, ForeignKey, Integer, LargeBinary, String, func
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base


class MarketplaceAccount(Base):
    __tablename__ = "mp_account"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)  # the provider's seller id
    access_token: Mapped[bytes] = mapped_column(LargeBinary)  # encrypted
    refresh_token: Mapped[bytes] = mapped_column(LargeBinary)  # encrypted; the provider takes each once
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)  # the access token's
    public_key: Mapped[str] = mapped_column(String(200), default="")
    live_mode: Mapped[bool] = mapped_column(Boolean, default=False)
    refreshed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))  # the last grant: a link or a refresh
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class MarketplaceLink(Base):
    __tablename__ = "mp_link"

    restaurant_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    account_id: Mapped[int] = mapped_column(ForeignKey("mp_account.user_id", ondelete="CASCADE"), index=True)
    linked_by: Mapped[int] = mapped_column(Integer)  # the owner who authorized it
    linked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LinkAttempt(Base):
    """One trip to the provider's authorization page: its `state` comes back once, for the
    restaurant and the owner that asked, within `mercadopago_link_state_seconds`."""

    __tablename__ = "mp_link_attempt"

    state: Mapped[str] = mapped_column(String(100), primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
