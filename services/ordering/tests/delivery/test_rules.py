"""The delivery order's rules, case by case (spec part 2 §3 'Delivery order', §4 'Delivery bulk
update', §5; issue 20): the contact form's limits for staff (create and edit) and for a diner's
order from the menu link, each with its message; the derived fields from the lines; the delivery
screen's bulk update."""
import pytest
from sqlalchemy import update

from ordering.delivery.status import keep_status
from ordering.order.models import OrderLine
from tests.helpers import A, MENU_A

NAME_LENGTH = "El nombre debe tener entre 2 y 30 caracteres."
NAME_REQUIRED = "Debe ingresar el nombre de la persona"
NAME_TOO_LONG = "El nombre puede tener hasta 30 caracteres."
PHONE_REQUIRED = "Debe ingresar el teléfono."
PHONE_INVALID = "El teléfono debe tener solo dígitos, entre 8 y 20."
ADDRESS_REQUIRED = "Debe ingresar la direccion"
ADDRESS_LENGTH = "La dirección debe tener entre 10 y 100 caracteres."
ADDRESS_TOO_LONG = "La dirección puede tener hasta 100 caracteres."


def body(type_delivery=1, name="Ana Pérez", phone="1144556677", address="Av. Corrientes 1234", lines=((1, 2), (2, 1)), **extra):
    return {
        "fk_resto": A, "fk_menu": MENU_A, "type_delivery": type_delivery,
        "contact_info": {"name": name, "phone": phone}, "address": address,
        "ordenes": [{"fk_dish": d, "quantity": q} for d, q in lines], **extra,
    }


# (what the form holds, the answer's errors or None when accepted)
STAFF_CASES = [
    (dict(name="A"), {"contact_info": {"name": [NAME_LENGTH]}}),
    (dict(name="Ab"), None),
    (dict(name="x" * 30), None),
    (dict(name="x" * 31), {"contact_info": {"name": [NAME_LENGTH]}}),
    (dict(name="  "), {"contact_info": {"name": [NAME_REQUIRED]}}),
    (dict(phone=""), {"contact_info": {"phone": [PHONE_REQUIRED]}}),
    (dict(phone="1234567"), {"contact_info": {"phone": [PHONE_INVALID]}}),
    (dict(phone="12345678"), None),
    (dict(phone="1" * 20), None),
    (dict(phone="1" * 21), {"contact_info": {"phone": [PHONE_INVALID]}}),
    (dict(phone="11-4455-6677"), {"contact_info": {"phone": [PHONE_INVALID]}}),
    (dict(address=""), {"address": [ADDRESS_REQUIRED]}),
    (dict(address="Corto 123"), {"address": [ADDRESS_LENGTH]}),
    (dict(address="x" * 10), None),
    (dict(address="x" * 100), None),
    (dict(address="x" * 101), {"address": [ADDRESS_LENGTH]}),
    (dict(type_delivery=2, address=""), None),  # pickup: the address is optional...
    (dict(type_delivery=2, address="Corto"), {"address": [ADDRESS_LENGTH]}),  # ...but held to the form's limits
    (dict(name="A", phone=""), {"contact_info": {"name": [NAME_LENGTH], "phone": [PHONE_REQUIRED]}}),
]
DINER_CASES = [
    (dict(name="A", phone=""), None),  # a diner's message needs a name, no phone
    (dict(name="", phone=""), {"contact_info": {"name": [NAME_REQUIRED]}}),
    (dict(name="x" * 31, phone=""), {"contact_info": {"name": [NAME_TOO_LONG]}}),
    (dict(phone="abc"), {"contact_info": {"phone": [PHONE_INVALID]}}),
    (dict(address=""), {"address": [ADDRESS_REQUIRED]}),
    (dict(address="Casa 5"), None),
    (dict(address="x" * 101), {"address": [ADDRESS_TOO_LONG]}),
    (dict(type_delivery=2, address=""), None),
    (dict(fk_sit=31), {"fk_sit": ["Lugar no encontrado."]}),  # a diner names no place of the floor
]


def case_id(case) -> str:
    return ",".join(f"{k}={str(v)[:12]}" for k, v in case[0].items())


@pytest.mark.parametrize("case", STAFF_CASES, ids=case_id)
async def test_staff_creating_a_delivery_are_held_to_the_contact_form(client, people, case):
    form, errors = case
    answer = await client.post("/api/delivery/", json=body(**form), headers=people.operator_a)
    if errors is None:
        assert answer.status_code == 201, answer.text
    else:
        assert (answer.status_code, answer.json()) == (400, errors)


@pytest.mark.parametrize("case", STAFF_CASES, ids=case_id)
async def test_staff_editing_a_delivery_are_held_to_the_same_form(client, people, case):
    created = (await client.post("/api/delivery/", json=body(), headers=people.operator_a)).json()
    form, errors = case
    edit = body(**form)
    edit = {key: edit[key] for key in ("type_delivery", "contact_info", "address")}
    answer = await client.put(f"/api/delivery/{created['id']}/", json=edit, headers=people.operator_a)
    if errors is None:
        assert answer.status_code == 200, answer.text
        assert (answer.json()["contact_info"], answer.json()["address"]) == (edit["contact_info"], edit["address"].strip())
    else:
        assert (answer.status_code, answer.json()) == (400, errors)
        kept = (await client.get(f"/api/delivery/{created['id']}/", headers=people.operator_a)).json()
        assert (kept["contact_info"], kept["address"]) == (created["contact_info"], created["address"])


@pytest.mark.parametrize("case", DINER_CASES, ids=case_id)
async def test_a_diners_order_from_the_menu_link_needs_a_name_and_an_address_for_delivery(client, people, case):
    form, errors = case
    answer = await client.post("/api/delivery/", json=body(**form), headers={"Idempotency-Key": f"rule-{case_id(case)}"[:100]})
    if errors is None:
        assert answer.status_code == 201, answer.text
    else:
        assert (answer.status_code, answer.json()) == (400, errors)


async def test_the_messages_speak_english_too(client, people):
    answer = await client.post("/api/delivery/", json=body(name="A", phone="12", address="Corto"),
                               headers={**people.owner_a, "Accept-Language": "en"})
    assert answer.json() == {
        "contact_info": {"name": ["The name must have 2 to 30 characters."], "phone": ["The phone must have only digits, 8 to 20 of them."]},
        "address": ["The address must have 10 to 100 characters."],
    }


async def test_the_legacy_nombre_and_telefono_are_read_as_name_and_phone(client, people):
    legacy = {**body(), "contact_info": {"nombre": "Luis", "telefono": "11445566"}}
    answer = await client.post("/api/delivery/", json=legacy, headers=people.owner_a)
    assert answer.status_code == 201 and answer.json()["contact_info"] == {"name": "Luis", "phone": "11445566"}


async def test_a_comment_holds_up_to_100_characters(client, people):
    lines = lambda comment: {**body(), "ordenes": [{"fk_dish": 1, "quantity": 1, "extra_commentary": comment}]}
    assert (await client.post("/api/delivery/", json=lines("x" * 100), headers=people.owner_a)).status_code == 201
    answer = await client.post("/api/delivery/", json=lines("x" * 101), headers=people.owner_a)
    assert answer.status_code == 400 and list(answer.json()) == ["ordenes"], answer.text


# --- the derived fields ---------------------------------------------------------------------------

async def force(app, delivery_id: int, line_ids: list[int], statuses: tuple[str, ...]) -> None:
    """Put the lines straight into these statuses, then derive the delivery's as every change does."""
    async with app.state.session_factory() as session, session.begin():
        for line_id, status in zip(line_ids, statuses):
            await session.execute(update(OrderLine).where(OrderLine.id == line_id).values(status=status))
        await keep_status(session, [delivery_id])


# Lines: Empanada 100.00 x 2 (200.00) and Milanesa 250.50 x 1.
# (their statuses, total_amount (not 1, 3, 6), order_total (not 3), delivery_status (lowest, ignoring 3))
DERIVED = [
    (("1", "1"), "0.00", "450.50", "1"),
    (("2", "1"), "200.00", "450.50", "1"),
    (("2", "2"), "450.50", "450.50", "2"),
    (("2", "3"), "200.00", "200.00", "2"),  # a rejected line: left out of both totals and of the status
    (("4", "6"), "200.00", "450.50", "4"),  # a paid line: left out of total_amount only
    (("6", "6"), "0.00", "450.50", "6"),
    (("3", "3"), "0.00", "0.00", "3"),  # only rejected lines: rejected
    (("4", "2"), "450.50", "450.50", "2"),
    (("6", "3"), "0.00", "200.00", "6"),
]


@pytest.mark.parametrize("statuses,total_amount,order_total,delivery_status", DERIVED, ids=["-".join(c[0]) for c in DERIVED])
async def test_the_derived_fields_follow_the_lines(client, people, app, statuses, total_amount, order_total, delivery_status):
    created = (await client.post("/api/delivery/", json=body(), headers=people.owner_a)).json()
    await force(app, created["id"], [line["id"] for line in created["ordenes"]], statuses)
    [listed] = (await client.get(f"/api/delivery/?fk_resto={A}&status_delivery={delivery_status}", headers=people.owner_a)).json()["results"]
    assert (listed["total_amount"], listed["order_total"], listed["delivery_status"], listed["status"]) == (
        total_amount, order_total, delivery_status, delivery_status)
    assert (listed["closed_at"] is not None) == all(s in ("3", "6") for s in statuses)


# --- the delivery screen's bulk update -----------------------------------------------------------

FROM = ("1", "2", "3", "4", "6")
# target -> the statuses it applies to (spec part 2 §4; 3: the intended reading of a faulty check)
READINGS = {"2": ("1",), "4": ("2",), "3": ("1", "2"), "6": (), "7": (), "1": ()}


@pytest.mark.parametrize("target", READINGS)
async def test_the_bulk_update_moves_only_the_lines_its_target_applies_to(client, people, app, target):
    created = (await client.post("/api/delivery/", json=body(lines=[(1, 1)] * len(FROM)), headers=people.owner_a)).json()
    ids = [line["id"] for line in created["ordenes"]]
    await force(app, created["id"], ids, FROM)
    payload = {"pk_resto": A, "delivery": True, "lines": [{"pk": pk, "status": target} for pk in ids]}
    answer = await client.post("/api/ordenes/update-all/", json=payload, headers=people.operator_a)
    assert answer.status_code == 200, answer.text
    expected = {pk: target if before in READINGS[target] else before for pk, before in zip(ids, FROM)}
    assert {line["id"]: line["status"] for line in answer.json()} == expected
    lines = (await client.get(f"/api/delivery/ordenes/?fk_delivery={created['id']}&paginate=0", headers=people.owner_a)).json()
    assert {line["id"]: line["status"] for line in lines} == expected


async def test_the_plain_update_all_still_refuses_a_move_the_table_lacks(client, people, app):
    created = (await client.post("/api/delivery/", json=body(lines=[(1, 1), (2, 1)]), headers=people.owner_a)).json()
    ids = [line["id"] for line in created["ordenes"]]
    payload = {"pk_resto": A, "lines": [{"pk": pk, "status": "4"} for pk in ids]}
    answer = await client.post("/api/ordenes/update-all/", json=payload, headers=people.operator_a)
    assert answer.status_code == 400 and answer.json()["code"] == "illegal_transition"
