"""What identity reacts to: nothing yet (it is the source of accounts and memberships)."""
EVENT_HANDLERS: dict = {}
