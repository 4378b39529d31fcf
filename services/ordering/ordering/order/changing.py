"""Staff change order lines (spec part 2 §4): one line's status, dish, quantity, comment, place or
client (`PUT ordenes/{id}/`), removing it, and many lines' statuses at once (update-all, and the
delivery screen's bulk update). Every change goes through the unit of work (`order.work`): its
locks, the transition table's checks and its events."""
from ordering.order.errors import AddOrderDisabled, ChangedMeanwhile, LineNotEditable, LineNotFound
from ordering.order.models import OrderLine
from ordering.order.placing import NewLine, check_caps, dish_columns, orderable, staff_place_of
from ordering.order.schemas import LineUpdate, UpdateAll
from ordering.order.statuses import NEW
from ordering.order.transitions import check_move, delivery_bulk_applies
from ordering.order.work import LineWork
from ordering.settings import Settings


async def change(work: LineWork, settings: Settings, principal, line_id: int, data: LineUpdate) -> OrderLine:
    """A status move by the transition table; dish, quantity, comment and place only while new;
    whose it is at any status. With `version`, or when another tablet wrote first: 409."""
    store = work.store
    line = await store.readable_line(principal, line_id)
    if line is None:
        raise LineNotFound()
    read_version, from_status = line.version, line.status
    if data.version is not None and data.version != read_version:
        raise ChangedMeanwhile()

    status = data.status if data.status is not None and data.status != from_status else None
    if status is not None:
        check_move(line, status)  # before the edits' checks: an illegal move is what the answer names
    edits: dict = {}
    fields: list = []
    if data.fk_dish is not None and data.fk_dish != line.dish_id:
        place = await store.place(line.place_id) if line.place_id else None
        dish = orderable((await store.dishes([data.fk_dish])).get(data.fk_dish), line.restaurant_id, place)
        edits.update(await dish_columns(store, dish))
        fields.append("dish")
    if data.quantity is not None and data.quantity != line.quantity:
        check_caps(settings, [NewLine(line.dish_id, data.quantity)])
        edits["quantity"] = data.quantity
        fields.append("quantity")
    if data.extra_commentary is not None and data.extra_commentary != line.extra_commentary:
        place = await store.place(line.place_id) if line.place_id else None
        if place is not None and not place.admin:
            raise AddOrderDisabled()  # the place's switch closes its comments to staff too (spec part 2 §4)
        edits["extra_commentary"] = data.extra_commentary
        fields.append("comment")
    if data.fk_sit is not None and data.fk_sit != line.place_id:
        edits["place_id"] = (await staff_place_of(store, data.fk_sit, line.restaurant_id)).place_id
        fields.append("place")
    if edits and from_status != NEW:
        raise LineNotEditable()
    if data.fk_user_client is not None and data.fk_user_client != line.fk_user_client:
        edits["fk_user_client"] = data.fk_user_client  # whose it is may be said at any status
        fields.append("client")
    if not edits and status is None:
        return line

    await work.lock({line.place_id, edits.get("place_id", line.place_id)}, [line.order_id])
    await work.change(line, read_version, status=status, values=edits, fields=fields)
    return line


async def remove(work: LineWork, principal, line_id: int) -> None:
    """A line is removed (a paid one stays; one an online payment holds waits for it to end)."""
    line = await work.store.readable_line(principal, line_id)
    if line is None:
        raise LineNotFound()
    await work.lock([line.place_id], [line.order_id])
    await work.remove(line)


async def update_all(work: LineWork, principal, data: UpdateAll) -> list[OrderLine]:
    """`POST ordenes/update-all/`: every line moves, or none does."""
    await work.store.ensure_access(principal, data.pk_resto)
    wanted = {item.pk: item for item in data.lines}
    found = await work.store.lines_by_ids(principal, data.pk_resto, wanted)
    if len(found) != len(wanted):
        raise LineNotFound()
    lines = await work.lock_lines(data.pk_resto, found)
    for line in lines:
        version = wanted[line.id].version
        if version is not None and version != line.version:
            raise ChangedMeanwhile()
    targets = [(line, wanted[line.id].status) for line in lines]
    if data.delivery:  # the delivery screen's reading: a line the target does not apply to stays
        targets = [(line, to) for line, to in targets if delivery_bulk_applies(line.status, to)]
    work.move(targets)
    return lines
