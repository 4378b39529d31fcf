"""Payments by method on /metrics (kit.metrics `resto_payments_total`): counted once the payment
commits; a repeated request answered from the first payment counts nothing."""
from decimal import Decimal

from prometheus_client.parser import text_string_to_metric_families

from tests.helpers import delivered, pay


async def paid(client, method: str) -> tuple[float, float]:
    text = (await client.get("/metrics")).text
    found = {s.name: s.value for f in text_string_to_metric_families(text) for s in f.samples
             if s.name in ("resto_payments_total", "resto_payments_amount_total") and s.labels == {"method": method}}
    return found["resto_payments_total"], found["resto_payments_amount_total"]


async def test_a_counter_payment_is_counted_once_by_its_method(client, people):
    count, amount = await paid(client, "debit")
    first, second = await delivered(client, people.owner_a, (11, 1, 1), (11, 2, 1))
    answer = await pay(client, people.owner_a, first["id"], second["id"], type_pay="Debito", key="metrics-debit-0001")
    await pay(client, people.owner_a, second["id"], first["id"], type_pay="Debito", key="metrics-debit-0001")  # a retry
    now = await paid(client, "debit")
    assert now == (count + 1, amount + float(Decimal(str(answer["amount"]))))
