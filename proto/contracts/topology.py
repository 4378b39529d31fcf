"""Who consumes which events: the whole topology of the bus, in one table.

A queue exists per (consumer, event type), named `<consumer>.<event type>`. Every service declares,
at start-up and before it publishes anything, the queue of each consumer of the events it produces
(an event type's first word names its producer), besides its own queues. So an event published
before its consumer ever ran waits in that consumer's queue instead of being dropped, and a
publish that no queue takes is an error (the relay keeps the event and retries).

Each service's handler map (`EVENT_HANDLERS`) consumes exactly its entry here: its suite checks it
with `kit.topology_tests`. Adding a reaction to an event is a line here and a handler there.
"""

MEMBERSHIP = (
    "identity.restaurant.created",
    "identity.restaurant.deleted",
    "identity.operator.added",
    "identity.operator.removed",
)

CONSUMES: dict[str, tuple[str, ...]] = {
    "identity": (
        "ordering.order.placed",
        "billing.fee.changed",
        "billing.marketplace.linked",
        "billing.marketplace.unlinked",
    ),
    "catalog": (
        *MEMBERSHIP,
        "identity.restaurant.updated",
        "ordering.dish.activated",
        "ordering.dish.released",
    ),
    "floor": (
        *MEMBERSHIP,
        "identity.restaurant.updated",
        "catalog.menu.created",
        "catalog.menu.changed",
        "catalog.menu.deleted",
        "ordering.place.activated",
        "ordering.place.released",
        "ordering.table.freed",
        "ordering.tab.closed",
    ),
    "ordering": (
        *MEMBERSHIP,
        "identity.restaurant.updated",
        "catalog.dish.created",
        "catalog.dish.changed",
        "catalog.dish.deleted",
        "catalog.prices.changed",
        "catalog.category.created",
        "catalog.category.changed",
        "catalog.category.deleted",
        "catalog.menu.created",
        "catalog.menu.changed",
        "catalog.menu.deleted",
        "floor.place.created",
        "floor.place.changed",
        "floor.place.removed",
        "billing.commission.accrued",
        "billing.checkout.opened",
        "billing.checkout.rejected",
        "billing.checkout.closed",
        "billing.checkout.approved",
    ),
    "billing": (
        *MEMBERSHIP,
        "identity.restaurant.updated",
        "identity.user.registered",
        "ordering.payment.recorded",
        "ordering.checkout.refused",
    ),
    "notifications": (
        *MEMBERSHIP,
        "ordering.order.placed",
        "ordering.line.status_changed",
        "ordering.line.changed",
        "ordering.line.removed",
        "ordering.table.freed",
        "ordering.tab.closed",
        "ordering.delivery.changed",
        "floor.waiter.called",
        "floor.waiter.cleared",
        "floor.place.created",
        "floor.place.changed",
        "floor.place.removed",
        "catalog.dish.changed",
        "catalog.dish.deleted",
        "catalog.prices.changed",
    ),
}


# Queues a consumer no longer reads: their service deletes them at start-up, so events its
# producer still publishes do not pile up where nobody reads them. (consumer, event type)
RETIRED: tuple[tuple[str, str], ...] = (
    # a payment's screens news comes with its lines' moves (ordering.line.status_changed)
    ("notifications", "ordering.payment.recorded"),
)


def retired_queues(service: str) -> list[str]:
    """The event types of `service`'s queues that no consumer reads any more."""
    return [event_type for consumer, event_type in RETIRED if consumer == service and event_type not in CONSUMES.get(service, ())]


def producer(event_type: str) -> str:
    return event_type.split(".", 1)[0]


def consumers_of(event_type: str) -> tuple[str, ...]:
    return tuple(service for service, types in CONSUMES.items() if event_type in types)


def queues_to_declare(service: str) -> list[tuple[str, str]]:
    """(consumer, event type) of every queue `service` declares before publishing: its consumers'."""
    return [
        (consumer, event_type)
        for consumer, types in CONSUMES.items()
        for event_type in types
        if producer(event_type) == service
    ]
