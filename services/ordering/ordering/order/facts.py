"""An order line's facts as events announce them (`contracts.ordering.LineFacts`, `PaidLine`), built
here only, with the money module's totals."""
from datetime import datetime

from contracts.ordering import LineFacts, PaidLine
from ordering import money
from ordering.order.models import OrderLine


def line_facts(line: OrderLine, placed_by: str, changed_at: datetime) -> LineFacts:
    """`placed_by`: who placed the line's order (the staff member's username; '' for a diner's,
    which the line names)."""
    return LineFacts(
        line_id=line.id, order_id=line.order_id, restaurant_id=line.restaurant_id, place_id=line.place_id,
        delivery_id=line.delivery_id, dish_id=line.dish_id, dish_name=line.dish_name,
        category_name=line.category_name, unit_price=line.price, quantity=line.quantity,
        amount=money.line_total(line.price, line.quantity), status=line.status,
        extra_commentary=line.extra_commentary, diner_name=line.diner_name, placed_by=placed_by or line.diner_name,
        fk_user_client=line.fk_user_client, placed_at=line.created_at, changed_at=changed_at, version=line.version,
        pay_status=line.pay_status,
    )


def paid_line(line: OrderLine) -> PaidLine:
    """A paid line's facts for `ordering.payment.recorded`: the same names and amount as its `LineFacts`."""
    return PaidLine(
        line_id=line.id, order_id=line.order_id, dish_id=line.dish_id, dish_name=line.dish_name,
        category_name=line.category_name, unit_price=line.price, quantity=line.quantity,
        amount=money.line_total(line.price, line.quantity), version=line.version,
    )
