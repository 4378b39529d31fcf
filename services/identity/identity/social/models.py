from sqlalchemy import ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base, Timestamped


class SocialAccount(Timestamped, Base):
    __tablename__ = "social_account"
    __table_args__ = (UniqueConstraint("provider", "uid", name="uq_social_account_provider_uid"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), index=True)
    provider: Mapped[str] = mapped_column(String(30))  # google-oauth2 | facebook
    uid: Mapped[str] = mapped_column(String(255))
