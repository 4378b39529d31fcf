from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, SmallInteger, String, func
from sqlalchemy.orm import Mapped, mapped_column, relationship

from kit.db import Base


class User(Base):
    __tablename__ = "user"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # The username is the e-mail for every account made by a form; both are stored lower-case.
    username: Mapped[str] = mapped_column(String(150), unique=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    first_name: Mapped[str] = mapped_column(String(150), default="")
    last_name: Mapped[str] = mapped_column(String(150), default="")
    password_hash: Mapped[str | None] = mapped_column(String(255))  # None: social sign-in only
    group: Mapped[int] = mapped_column(SmallInteger)  # 1 admin, 2 owner, 3 client, 4 operator
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)
    # Proved by following a mailed link (password reset) or by a provider that verified it.
    email_verified: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    date_joined: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    last_login: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Tokens carry the generation they were issued in; bumping it ends every older session.
    # This column is the truth; Redis holds a copy, without expiry, for every service to read.
    token_generation: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    # The terms of use accepted on registering (settings.terms_version) and when. None where the
    # registration did not say: the spec's requests, social sign-in, operators, seeded accounts.
    terms_accepted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    terms_version: Mapped[str | None] = mapped_column(String(20))

    profile: Mapped["ClientProfile | None"] = relationship(back_populates="user", lazy="raise")


class ClientProfile(Base):
    __tablename__ = "client_profile"

    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), primary_key=True)
    telefono: Mapped[str] = mapped_column(String(20), default="")
    genero: Mapped[int | None] = mapped_column(SmallInteger)  # 0 female, 1 male
    imagen: Mapped[str] = mapped_column(String(255), default="")

    user: Mapped[User] = relationship(back_populates="profile", lazy="raise")
