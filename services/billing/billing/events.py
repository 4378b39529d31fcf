"""What billing reacts to: event type -> handler. The queue bindings follow from this map."""
from kit.membership import with_membership

EVENT_HANDLERS = with_membership({})
