"""What ordering reacts to: event type -> handler. The queue bindings follow from this map."""
from kit.membership import MEMBERSHIP_HANDLERS

EVENT_HANDLERS = {**MEMBERSHIP_HANDLERS}
