"""What a socket sends first: its authentication (never in the URL, which proxies write to logs)."""
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from kit.i18n import Lang
from kit.pagination import DbId


class SocketAuth(BaseModel):
    model_config = ConfigDict(extra="forbid")

    type: Literal["auth"]
    last_id: int | None = Field(None, ge=0, le=2**63 - 1, description="the newest id the screen has seen; null on a first connection")
    lang: Lang | None = Field(None, description="the language of `msg`; the handshake's Accept-Language otherwise")


class StaffAuth(SocketAuth):
    token: str = Field(min_length=1, max_length=2048)  # so the auth message fits in a 4 KiB frame
    fk_resto: DbId | None = Field(None, description="one restaurant; null: every restaurant the user works in (admins must choose)")


class DinerAuth(SocketAuth):
    place_token: str = Field(min_length=1, max_length=200)
