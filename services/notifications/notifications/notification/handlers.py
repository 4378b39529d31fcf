"""Events from ordering, floor and catalog, turned into notifications for staff and diners."""
from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.catalog import DishChanged, DishDeleted, PricesChanged
from contracts.floor import WaiterCallCleared, WaiterCalled
from contracts.identity import RestaurantDeleted
from contracts.ordering import (
    DeliveryChanged, LinesChanged, LinesRemoved, LinesStatusChanged, OrderPlaced, TabClosed, TableFreed,
)
from kit.consumer import batched
from notifications.delivery import repository as deliveries
from notifications.notification import drafts, repository
from notifications.notification.service import record
from notifications.place import repository as places


async def _place(
    session: AsyncSession, place_id: int | None, given_name: str = "", delivery_id: int | None = None,
    delivery_number: str | None = None,
) -> str:
    """How a message names the place: the event's name, else the projection's (a delivery: its number)."""
    return drafts.label(given_name or await places.name_of(session, place_id), place_id, delivery_id, delivery_number)


@batched()  # never lingers (the tablets' new-order frame waits for nothing); a busy queue's orders share one recording
async def on_orders_placed(session: AsyncSession, events: Sequence[OrderPlaced]) -> None:
    made = [
        drafts.order_placed(event, await _place(
            session, event.place_id, event.place_name, event.delivery_id or event.order_id, event.delivery_number))
        for event in events
    ]
    await record(session, made, origins=[event.origin for event in events])


async def on_lines_status_changed(session: AsyncSession, event: LinesStatusChanged) -> None:
    """Lines moved; a payment's moves are the payment's message (they name it)."""
    place = await _place(session, event.place_id, event.place_name, event.delivery_id, event.delivery_number)
    draft = drafts.payment_recorded(event, place) if event.payment else drafts.lines_status_changed(event, place)
    await record(session, [draft])


async def on_lines_changed(session: AsyncSession, event: LinesChanged) -> None:
    """Another tablet (and the place's phones) see an edited line; a line moved to another place is
    also announced at the place it left."""
    here = await _place(session, event.place_id, event.place_name, event.delivery_id, event.delivery_number)
    drafts_ = [drafts.lines_changed(event, here, event.place_id)]
    left = sorted({edit.before.place_id for edit in event.edits if edit.before.place_id not in (None, event.place_id)})
    for place_id in left:
        drafts_.append(drafts.lines_changed(event, await _place(session, place_id), place_id, moved_away=True))
    await record(session, drafts_)


async def on_delivery_changed(session: AsyncSession, event: DeliveryChanged) -> None:
    """Staff's edits of a delivery order reach the other delivery screens; its status's moves come
    with its lines' events already."""
    if set(event.fields) - {"status"}:
        await record(session, [drafts.delivery_changed(event, drafts.label("", None, event.delivery_id, event.number))])


async def on_lines_removed(session: AsyncSession, event: LinesRemoved) -> None:
    place = await _place(session, event.place_id, delivery_id=event.delivery_id, delivery_number=event.delivery_number)
    await record(session, [drafts.lines_removed(event, place)])


async def on_table_freed(session: AsyncSession, event: TableFreed) -> None:
    await record(session, [drafts.table_freed(event, await _place(session, event.place_id, event.place_name))])


async def on_tab_closed(session: AsyncSession, event: TabClosed) -> None:
    """A new sitting starts at the place: its phones, those open now included, see nothing from before."""
    if await places.start_sitting(session, event.restaurant_id, event.place_id, event.occurred_at):
        await record(session, [drafts.tab_closed(event, await _place(session, event.place_id))])


async def on_waiter_called(session: AsyncSession, event: WaiterCalled) -> None:
    await record(session, [drafts.waiter_called(event, await _place(session, event.place_id, event.place_name))])


async def on_waiter_cleared(session: AsyncSession, event: WaiterCallCleared) -> None:
    await record(session, [drafts.waiter_cleared(event, await _place(session, event.place_id, event.place_name))])


async def on_dish_changed(session: AsyncSession, event: DishChanged) -> None:
    draft = drafts.menu_changed(event.restaurant_id, event.menu_id, event.occurred_at, fk_dish=event.dish_id, disable=event.disable)
    await record(session, [draft])


async def on_dish_deleted(session: AsyncSession, event: DishDeleted) -> None:
    draft = drafts.menu_changed(event.restaurant_id, event.menu_id, event.occurred_at, fk_dish=event.dish_id, deleted=True)
    await record(session, [draft])


async def on_prices_changed(session: AsyncSession, event: PricesChanged) -> None:
    await record(session, [drafts.menu_changed(event.restaurant_id, event.menu_id, event.occurred_at)])


async def on_restaurant_deleted(session: AsyncSession, event: RestaurantDeleted) -> None:
    """Its places stop letting diners in (their open sockets close) and its history goes."""
    await places.remove_restaurant(session, event.restaurant_id, event.occurred_at)
    await deliveries.forget_restaurant(session, event.restaurant_id)  # its tracking sockets close at their next check
    await repository.forget_restaurant(session, event.restaurant_id)
    await record(session, [drafts.place_closed(event.restaurant_id, event.occurred_at)])
