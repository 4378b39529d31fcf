"""What billing reacts to: event type -> handler(s). The queue bindings follow from this map.

A list runs its handlers in order, in one transaction.
"""
from billing.checkout import handlers as checkout
from billing.ledger.handlers import on_payment_recorded
from billing.marketplace.handlers import on_restaurant_deleted as unlink_deleted_restaurant
from billing.projections import handlers as projection
from contracts import identity, ordering
from kit.membership import restaurant_profile, with_membership

EVENT_HANDLERS = with_membership({
    # membership (who may act), the restaurant's name and owner (the fee table) and its creation (the free month)
    # (a deleted restaurant's marketplace link goes too)
    **restaurant_profile(projection.on_restaurant_profile, [projection.on_restaurant_deleted, unlink_deleted_restaurant]),
    # the owner's username in the admin's fee table
    identity.UserRegistered.type: projection.on_user_registered,
    # a sale, its lines and its commission in the ledger (an online one: the fee the marketplace
    # retained and the tip); its lines in the statistics; the online checkout it paid is done
    ordering.PaymentRecorded.type: [on_payment_recorded, checkout.on_payment_recorded],
    # ordering could not pay an approved online checkout: its money goes back
    ordering.CheckoutRefused.type: checkout.on_checkout_refused,
})
