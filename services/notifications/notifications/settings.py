from kit.settings import ServiceSettings


class Settings(ServiceSettings):
    service_name: str = "notifications"
    # A socket must authenticate with its first message within this time (the token never
    # travels in the URL, which gateways and proxies write to their logs).
    socket_auth_seconds: float = 5.0
    # The largest frame a client may send: the auth message (a token of at most 2,048 characters
    # and a few fields) fits well within it. Every deployment also gives uvicorn
    # `--ws-max-size 4096`, which closes a larger frame (1009) before the app buffers it; this is
    # the same limit checked again in the app, for a server started without that flag.
    socket_max_frame_bytes: int = 4096
    # How often every socket is checked again, in one batch per round: staff tokens (revoked,
    # expired) and memberships, diners' places (token replaced, place removed, menu, sitting).
    socket_check_seconds: float = 5.0
    # Open sockets one process accepts per client address (behind the gateway, the address from
    # its trusted X-Forwarded-For), per restaurant (staff and diners) and per place (phones).
    # A busy restaurant (10 tablets, 60 tables of 6 phones, all behind its own Wi-Fi's one
    # address) holds about 370; past a cap a socket is refused (4429) and told why.
    sockets_per_address: int = 1000
    sockets_per_restaurant: int = 2000
    sockets_per_place: int = 100
    # Messages reach the processes through Redis; a publish lost there is found in the database
    # this often (and at once when a later message arrives).
    stream_poll_seconds: float = 2.0
    # At most this many missed messages are replayed to a reconnecting socket (the newest ones,
    # with `resync: true` in its `ready` frame when more were missed).
    catch_up_limit: int = 200
    # A socket that does not keep up is closed (1013) and catches up when it reconnects: when this
    # many frames, or this many bytes of them, wait for it, or when one frame takes longer than
    # `socket_send_seconds` to leave (the client stopped reading).
    socket_queue_limit: int = 1000
    socket_queue_bytes: int = 1_048_576
    socket_send_seconds: float = 10.0
    # How long notifications are kept: the bell's history (staff) this many days; what a place's
    # phones may read, only from the place's current sitting (since the table was last freed or
    # paid off) and at most `diner_history_hours` back, for a table never freed. The job runs
    # every `retention_minutes` in one process at a time.
    history_days: int = 30
    diner_history_hours: int = 12
    retention_minutes: float = 10.0

    @property
    def live_channel(self) -> str:
        """The Redis pub/sub channel every process of this service listens to. Channels span
        Redis databases, so it carries the broker namespace (tests use their own)."""
        return f"{self.broker_namespace}notifications.live"
