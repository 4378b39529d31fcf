"""The delivery order's rules, case by case (spec part 2 §3 'Delivery order', §5; issue 20): the
contact form's limits for staff (create and edit) and for a diner's order from the menu link, each
with its message. The derived fields and the delivery screen's bulk update are the unit layer's
(tests/unit/test_delivery_status.py, test_transitions.py, test_changing.py); tests/delivery/test_status.py
and test_delivery.py keep them end to end."""
import pytest

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
