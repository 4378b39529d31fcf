"""Order lines as ordering answers them (`LinePublic`): what staff's screens read of each line,
with its amount and whether a payment may pay it, so that no screen (nor billing) keeps a copy of
those rules."""
from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from ordering import money
from ordering.order.models import OrderLine
from ordering.order.schemas import AccountPay, LinePublic, TransactionDetails
from ordering.order.transitions import payable
from ordering.projections import repository as projections


def public(line: OrderLine, place_name: str) -> LinePublic:
    paid = line.pay_status == "paid"
    return LinePublic(
        id=line.id, order=line.order_id, fk_sit=line.place_id, sit_name=place_name, fk_dish=line.dish_id,
        dish_name=line.dish_name, price=line.price, quantity=line.quantity, status=line.status,
        extra_commentary=line.extra_commentary, diner_name=line.diner_name, fk_user_client=line.fk_user_client,
        fk_delivery=line.delivery_id, fk_resto=line.restaurant_id, creation_date=line.created_at, version=line.version,
        cash=line.pay_method == "cash", status_pay=line.pay_status,
        total_paid_amount=money.line_total(line.price, line.quantity) if paid else money.ZERO,
        account_pay=AccountPay(
            payment_id=line.payment_id, method=line.pay_method,
            transaction_details=TransactionDetails(comission=line.commission),
        ) if line.payment_id is not None else None,
        amount=money.line_total(line.price, line.quantity), payable=payable(line.status, line.pay_status),
    )


async def describe_all(session: AsyncSession, lines: Sequence[OrderLine]) -> list[LinePublic]:
    names = await projections.place_names(session, [line.place_id for line in lines])
    return [public(line, names.get(line.place_id, "")) for line in lines]
