from kit.settings import ServiceSettings


class Settings(ServiceSettings):
    service_name: str = "notifications"
    # A socket must authenticate with its first message within this time (the token never
    # travels in the URL, which gateways and proxies write to their logs).
    socket_auth_seconds: float = 5.0
    # How often a staff socket's token (revoked, expired) and memberships are checked again.
    socket_check_seconds: float = 5.0
    # Messages reach the processes through Redis; a publish lost there is found in the database
    # this often (and at once when a later message arrives).
    stream_poll_seconds: float = 2.0
    # At most this many missed messages are replayed to a reconnecting socket (the newest ones,
    # with `resync: true` in its `ready` frame when more were missed).
    catch_up_limit: int = 200
    # Frames waiting for one slow socket; past it the socket is closed (1013) and reconnects.
    socket_queue_limit: int = 1000

    @property
    def live_channel(self) -> str:
        """The Redis pub/sub channel every process of this service listens to. Channels span
        Redis databases, so it carries the broker namespace (tests use their own)."""
        return f"{self.broker_namespace}notifications.live"
