"""The authorization matrix, generated from the services' published OpenAPI documents
(proto/openapi/*.json).

Every operation that names an object (a path parameter, or a query or body field naming a
restaurant, menu, category, dish, picture, place, line, order, delivery, operator or
notification) becomes one or more cases: the request with every parameter filled from
restaurant A's objects. Each case is sent by the seven callers:

- the callers allowed to do it (owner A, the operator of A and the admin; for the admin's own
  screens, the admin alone): one of them is the control, whose call must succeed or the case
  proves nothing; the others are recorded, not judged (an operator may not do an owner's job);
- everyone else (owner B, the operator of B, a client, anonymous, and A's staff on the admin's
  screens): must be refused, and the refusal must look exactly like the one the same caller
  gets for an id that does not exist (same status, same error code, same text once ids are
  blanked out), so a foreign object is indistinguishable from a missing one (404, never 403).
  B's staff also try the 'mixed' request: their own restaurant in the restaurant field, A's
  objects in the others.
- a list filtered by a foreign object may answer an empty list, exactly as for a missing one.

A diner's call is authorized by a credential the request carries (a table's QR token, a charge's
reference), not by who signs in: every caller holding the right one may act (anonymous is the
control), so each of the seven callers sends it instead with a credential that is not this
object's (another table's token, restaurant B's, the table's token before its QR was renewed, a
reference changed by a letter), and must get exactly what the same credential gets for a missing
object (a made-up credential, when the credential is all the call names).

Query and body values are built by REQUESTS (one line per operation); path parameters and the
query parameters that name an object are filled by name (PARAMETER_KINDS). An operation that
names an object but has neither a request nor an entry in EXCEPTIONS fails the suite: a new
endpoint is attacked from the day it is published.
"""
from __future__ import annotations

import itertools
import json
import re
import secrets
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import httpx

from tenants import MISSING, PASSWORD, Principal, png, unique_email

OPENAPI_DIR = Path(__file__).resolve().parents[2] / "proto" / "openapi"

# Path and query parameters that name an object, by the kind of object they name.
PARAMETER_KINDS: dict[str, str] = {
    # path
    "restaurant_id": "restaurant", "menu_id": "menu", "category_id": "category", "dish_id": "dish",
    "image_id": "image", "place_id": "place", "line_id": "line", "order_id": "order",
    "delivery_id": "delivery", "operator_id": "operator", "notification_id": "notification",
    "token": "place_token", "checkout_id": "checkout",
    # query
    "fk_resto": "restaurant", "pk_resto": "restaurant", "resto": "restaurant", "rest": "restaurant",
    "restaurant": "restaurant", "menu_group__menu__restaurant": "restaurant", "fk_sit__fk_resto": "restaurant",
    "menu": "menu", "id_menu": "menu", "menu_group__menu": "menu", "menu_group": "category",
    "fk_sit": "place", "fk_dish": "dish", "fk_delivery": "delivery", "ids": "place",
}
# Body fields that name an object (at any depth of the request body's schema).
BODY_ID_FIELDS = {"fk_resto", "pk_resto", "restaurant", "resto", "fk_menu", "menu", "menu_group", "fk_sit",
                  "fk_dish", "dish", "id", "pk", "category", "group_pk", "sub_category", "fk_user_client",
                  "payment_orders"}
# Path parameters that are a choice, not an object: the value the matrix sends.
PATH_CHOICES = {"accion": "aceptar"}

CALLERS = ("owner A", "operator of A", "admin", "owner B", "operator of B", "client", "anonymous")
# Values a call sends that name no object of their own (a line's version, a place's other fields).
NOT_OBJECTS = {"line_version", "place_item"}


# ------------------------------------------------------------------------- the objects of a call
class Ids:
    """The objects one call names. `kind` attributes read as A's objects (or the missing id);
    `restaurant_override` puts the caller's own restaurant in restaurant fields (the mixed case).
    Reading an attribute records that the call names that kind."""

    def __init__(self, values: dict[str, Any], restaurant_override: int | None = None):
        self._values = values
        self._override = restaurant_override
        self.used: set[str] = set()

    def __getattr__(self, kind: str) -> Any:
        if kind.startswith("_"):
            raise AttributeError(kind)
        self.used.add(kind)
        if kind == "restaurant" and self._override is not None:
            return self._override
        try:
            return self._values[kind]
        except KeyError:
            raise AttributeError(f"the matrix has no '{kind}' object") from None


def missing_values() -> dict[str, Any]:
    token = secrets.token_urlsafe(18)
    return {
        "restaurant": MISSING, "menu": MISSING, "category": MISSING, "dish": MISSING, "image": MISSING,
        "place": MISSING, "line": MISSING, "line_version": 1, "order": MISSING, "delivery": MISSING,
        "operator": MISSING, "notification": MISSING, "place_token": token, "checkout": MISSING,
        "table_token": secrets.token_urlsafe(18), "charge_reference": secrets.token_urlsafe(32),
        "place_item": {"id": MISSING, "i_name": "M999", "sit_type": "mesa", "fk_menu": MISSING,
                       "x_axis": 0, "y_axis": 0, "w_width": 1, "h_high": 1},
    }


# ------------------------------------------------------------------------- requests per operation
names = itertools.count(500)  # place names are M and at most three digits


def unique_name(prefix: str) -> str:
    return f"{prefix} {uuid.uuid4().hex[:8]}"


@dataclass
class Req:
    """How to call one operation: its body (json, form, files, headers) from the Ids, and which
    objects the call uses up (each caller that may succeed gets fresh ones; the refused callers
    share one fresh set)."""

    json: Callable[[Ids], Any] | None = None
    data: Callable[[Ids], dict] | None = None
    files: Callable[[Ids], dict] | None = None
    headers: Callable[[Ids], dict] | None = None
    fresh: tuple[str, ...] = ()
    # optional query parameters the call always sends (optional in the document, needed in fact)
    query: tuple[str, ...] = ()
    # query parameters naming an object under a name PARAMETER_KINDS does not know (`pk`)
    query_kinds: dict[str, str] = field(default_factory=dict)
    # who may do it; everyone else must be refused. The control caller must succeed.
    allowed: tuple[str, ...] = ("owner A", "operator of A", "admin")
    control: str = "owner A"
    # when success is impossible by design (nothing to collect), what proves the call reached the logic
    control_accepts: Callable[[httpx.Response], bool] | None = None
    # (caller, why): only that the call fails is judged for this caller, not that it looks missing.
    relaxed: dict[str, str] = field(default_factory=dict)
    # a diner's call (`diners`): the kind of the credential it carries, and the credentials that
    # are not this object's, {what: the kind holding one}
    credential: str | None = None
    foreign: dict[str, str] = field(default_factory=dict)


def diners(credential: str, foreign: dict[str, str], **how) -> Req:
    """A call authorized by the credential it carries: whoever holds the right one may act, and
    anonymous (a diner's phone) is the control."""
    return Req(credential=credential, foreign=foreign, allowed=CALLERS, control="anonymous", **how)


def idempotency_key(i: Ids) -> dict:
    return {"Idempotency-Key": uuid.uuid4().hex}


# Tokens a phone may hold that are not the token of the table whose objects a call names.
OTHER_TABLES = {"another table's token of A": "other_table_token", "a token of one of B's tables": "b_table_token",
                "the token the table's QR had before it was renewed": "replaced_token"}


def _place_update(i: Ids) -> dict:
    item = i.place_item
    return {"location": [{**{k: item[k] for k in ("i_name", "sit_type", "x_axis", "y_axis", "w_width", "h_high")},
                          "id": i.place, "fk_resto": i.restaurant, "fk_menu": i.menu, "details": "junto a la ventana"}]}


def _delivery(i: Ids) -> dict:
    return {"fk_resto": i.restaurant, "fk_menu": i.menu, "type_delivery": 1,
            "contact_info": {"name": "Intruso", "phone": "1155554444"}, "address": "Av. Santa Fe 2100, CABA",
            "cash_amount": "100000", "ordenes": [{"fk_dish": i.dish, "quantity": 1, "extra_commentary": ""}]}


REQUESTS: dict[str, Req] = {
    # identity
    "listOperators": Req(),
    "createOperator": Req(json=lambda i: {"fk_resto": i.restaurant, "fk_user": {
        "first_name": "Mozo Infiltrado", "email": unique_email("intruder"), "password": PASSWORD, "password2": PASSWORD}}),
    "getOperator": Req(),
    "updateOperator": Req(json=lambda i: {"fk_user": {"first_name": "Renombrado"}}),
    "deleteOperator": Req(fresh=("operator",)),
    "getRestaurant": Req(),
    "updateRestaurant": Req(data=lambda i: {"wait_time": "25"}),
    "deleteRestaurant": Req(fresh=("restaurant",)),
    "getSchedule": Req(),
    "setSchedule": Req(json=lambda i: {"horario_apertura": "00:00", "horario_cierre": "23:59"}),
    # catalog
    "updatePricesInBulk": Req(json=lambda i: {"tipo_cambio": "Porcentaje", "valor": "1", "tipo_update": 1, "category": i.category},
                              query=("id_menu",)),
    "createMenuTree": Req(json=lambda i: {"menus": [{"restaurant": i.restaurant, "name": unique_name("Arbol"), "delivery": False,
                                                    "group_menu": [{"name": "Entradas", "sub_categories": [],
                                                                    "dishes": [{"name": "Empanada", "price": "10.00"}]}]}]}),
    "updateMenuTree": Req(json=lambda i: {"menus": [{"pk": i.menu, "restaurant": i.restaurant, "name": unique_name("Arbol"),
                                                    "delivery": False, "group_menu": [{"name": "Postres", "sub_categories": [],
                                                                                       "dishes": [{"name": "Flan", "price": "10.00"}]}]}]},
                          fresh=("menu",)),
    "addDishImage": Req(data=lambda i: {"dish": str(i.dish)}, files=lambda i: {"image": ("plato.png", png(), "image/png")}, fresh=("dish",)),
    "replaceDishImage": Req(files=lambda i: {"image": ("plato.png", png(colour="#1864ab"), "image/png")}),
    "deleteDishImage": Req(fresh=("image",)),
    "listDishes": Req(),
    "createDish": Req(data=lambda i: {"name": unique_name("Plato"), "price": "100.00", "menu_group": str(i.category)}),
    "getDish": Req(),
    "updateDish": Req(data=lambda i: {"description": "cambiada"}),
    "deleteDish": Req(fresh=("dish",)),
    "toggleDish": Req(fresh=("dish",)),
    "listCategories": Req(),
    "createCategory": Req(json=lambda i: {"name": unique_name("Categoria"), "menu": i.menu, "order": 0}),
    "getCategory": Req(),
    "updateCategory": Req(json=lambda i: {"name": unique_name("Categoria")}),
    "deleteCategory": Req(fresh=("category",)),
    "listMenus": Req(),
    "createMenu": Req(json=lambda i: {"name": unique_name("Carta"), "restaurant": i.restaurant}),
    "getMenu": Req(),
    "updateMenu": Req(json=lambda i: {"name": unique_name("Carta")}),
    "deleteMenu": Req(fresh=("menu",)),
    "getMenuTree": Req(),
    # floor
    "placeQrSheets": Req(),
    "listPlaces": Req(),
    "createPlaces": Req(json=lambda i: {"location": [{"fk_resto": i.restaurant, "fk_menu": i.menu, "i_name": f"M{next(names)}",
                                                      "sit_type": "mesa", "x_axis": 0, "y_axis": 30, "w_width": 1, "h_high": 1}]}),
    "updatePlaces": Req(json=_place_update, fresh=("place",)),
    "deletePlaces": Req(json=lambda i: {"location": [{"id": i.place}]}, fresh=("place",)),
    "placeIsActive": Req(json=lambda i: {"id": i.place}),
    "deletePlace": Req(fresh=("place",)),
    "waiterSent": Req(),
    "renewPlaceCode": Req(fresh=("place",)),
    # ordering
    "listDeliveries": Req(),
    "createDelivery": Req(json=_delivery, headers=lambda i: {"Idempotency-Key": uuid.uuid4().hex},
                          relaxed={"anonymous": "a diner's menu-link order is anonymous: the restaurant's existence is "
                                                "public (its menu is), so only the refusal is judged"}),
    "updateDelivery": Req(json=lambda i: {"fk_resto": i.restaurant, "type_delivery": 1, "address": "Av. Cabildo 1500, CABA",
                                          "contact_info": {"name": "Intruso", "phone": "1155554444"}}),
    "listOrderLines": Req(),
    "createOrders": Req(json=lambda i: {"fk_resto": i.restaurant, "ordenes": [
        {"fk_sit": i.place, "fk_dish": i.dish, "quantity": 1, "extra_commentary": ""}]}),
    "freeTable": Req(fresh=("table",)),
    "tableBulkAction": Req(fresh=("table",)),
    "listBoardTables": Req(),
    "getBoardTable": Req(),
    "getDelivery": Req(),
    "listDeliveryLines": Req(),
    "getDeliveryInfo": Req(),
    "updateDeliveryInfo": Req(json=lambda i: {"details": "Tocar timbre 2B"}),
    "updateOrderLines": Req(json=lambda i: {"pk_resto": i.restaurant, "lines": [{"pk": i.line, "status": "2"}]}, fresh=("line",)),
    "updateOrderLine": Req(json=lambda i: {"status": "2"}, fresh=("line",)),
    "deleteOrderLine": Req(fresh=("line",)),
    # a fresh line is new (1), which is never paid: the refusal that names the transition proves
    # the call got past every check of who asks
    "payOrderLine": Req(json=lambda i: {"type_pay": "Efectivo"}, headers=lambda i: {"Idempotency-Key": uuid.uuid4().hex},
                        fresh=("line",), control_accepts=lambda r: r.status_code < 400 or "illegal_transition" in r.text),
    "payOrderLines": Req(json=lambda i: {"payment_orders": [i.line], "type_pay": "Efectivo"},
                         headers=lambda i: {"Idempotency-Key": uuid.uuid4().hex}, fresh=("line",),
                         control_accepts=lambda r: r.status_code < 400 or "illegal_transition" in r.text),
    "getOrderTicket": Req(),
    "getActiveOrdersReport": Req(),
    # billing: the fee table and collecting commissions are the platform admin's
    "getApplicationFee": Req(allowed=("admin",), control="admin"),
    "setApplicationFee": Req(json=lambda i: {"application_fee": "5"}, allowed=("admin",), control="admin"),
    "collectCommission": Req(json=lambda i: {"credit": "0.01"}, headers=lambda i: {"Idempotency-Key": uuid.uuid4().hex},
                             allowed=("admin",), control="admin",
                             # A owes nothing yet: the admin's refusal names the credit, past every check of who asks
                             control_accepts=lambda r: r.status_code < 400 or (r.status_code == 400 and "credit" in r.text)),
    "getRestaurantBalance": Req(json=lambda i: {"fk_resto": i.restaurant}),
    "getRestaurantStatistics": Req(query_kinds={"pk": "restaurant"}),
    # billing: the marketplace link is the owner's own act (operators and admins may not link)
    # A is linked already: the refusal that says so comes after every check of who asks
    "getMarketplaceAuthorizationUrl": Req(allowed=("owner A",), control_accepts=lambda r: r.status_code == 200
                                          or "restaurant_already_linked" in r.text),
    "authorizeMarketplace": Req(json=lambda i: {"fk_resto": i.restaurant, "code": "TG-x", "state": f"{i.restaurant}.x"},
                                allowed=("owner A",),
                                # a made-up code and state reach the state check: past every check of who asks
                                control_accepts=lambda r: r.status_code == 400 and "state_invalid" in r.text),
    "getMarketplaceLinkState": Req(json=lambda i: {"fk_resto": i.restaurant}),
    "getProviderBalance": Req(allowed=("owner A", "admin")),
    # billing: online payments (A is linked). A delivery order's payment link and staff's cancel
    # hold or free lines: each allowed caller gets a delivery with accepted lines, a line an open
    # checkout holds.
    "payDeliveryOnline": Req(json=lambda i: {"fk_delivery": i.delivery}, headers=idempotency_key, fresh=("payable_delivery",)),
    "cancelOnlinePayment": Req(fresh=("held_line",)),
    # a diner's phone: 'Pay' for the orders it placed (a phone at another table naming A's order
    # must find nothing to pay, as for a missing order), the table's checkouts, a share of A's
    # split, a result page's state
    "payTableOnline": diners("table_token", OTHER_TABLES, json=lambda i: {"t": i.table_token, "mode": "mine", "orders": [i.order]},
                             headers=idempotency_key, fresh=("online_line",)),
    "listTableCheckouts": diners("table_token", {"the token the table's QR had before it was renewed": "replaced_token"},
                                 query_kinds={"t": "table_token"}),
    "payTableShareOnline": diners("table_token", OTHER_TABLES, json=lambda i: {"t": i.table_token}, headers=idempotency_key),
    "getOnlinePaymentState": diners("charge_reference", {"the reference with its letters' case swapped": "reference_swapped",
                                                          "the reference less its last character": "reference_cut"},
                                    query_kinds={"ref": "charge_reference"}),
    # notifications
    "listNotifications": Req(),
    "markAllNotificationsRead": Req(),
    "countUnreadNotifications": Req(),
    "markNotificationRead": Req(),
}

# Operations that name something but are not in the matrix, and why.
EXCEPTIONS: dict[str, str] = {
    "getPublicMenu": "the public menu: anyone may read any restaurant's menu (spec part 2 'public menu')",
    "menuQr": "the menu's QR code, printed and handed out: public; a missing menu answers 404 (test_pdf_flood)",
    "placeForDiner": "a place token is the diner's credential (ARCHITECTURE: anonymous diner calls are authorized by it alone)",
    "callWaiter": "authorized by the place token alone, like every diner call",
    "placeQrPng": "the place's QR image, reachable by whoever holds its token",
    "placeQrSvg": "the place's QR image, reachable by whoever holds its token",
    "getPlaceTab": "the table's shared tab, authorized by the place token (previous sittings: test_diner_paths)",
    "placeDinerOrder": "a diner's order, authorized by the place token (idempotency per caller: test_diner_paths)",
    "trackDelivery": "a delivery's tracking link: its random token is the diner's credential, like a place token "
                     "(ordering's tests: a token sees only its order, expired looks unknown)",
    "socialToken": "{provider} is google or facebook, not an object",
    "socialTokenUser": "{provider} is google or facebook, not an object",
}


# ------------------------------------------------------------------------- reading the documents
@dataclass
class Operation:
    service: str
    operation_id: str
    method: str
    path: str
    path_params: list[str]
    query_params: dict[str, bool]  # name -> required
    body_ids: set[str]

    @property
    def label(self) -> str:
        return f"{self.method} {self.path}"

    def kind(self, name: str) -> str | None:
        """The kind of object a path or query parameter names (None: not an object)."""
        return REQUESTS.get(self.operation_id, Req()).query_kinds.get(name) or PARAMETER_KINDS.get(name)

    @property
    def id_query(self) -> list[str]:
        return [q for q in self.query_params if self.kind(q)]

    @property
    def names_an_object(self) -> bool:
        return bool(self.path_params or self.id_query or self.body_ids)


def _body_fields(schema: dict, components: dict, seen: frozenset = frozenset()) -> set[str]:
    """Every property name of a (possibly nested) request body schema."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        if name in seen:
            return set()
        return _body_fields(components[name], components, seen | {name})
    found: set[str] = set()
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in schema.get(key, []):
            found |= _body_fields(sub, components, seen)
    if "items" in schema:
        found |= _body_fields(schema["items"], components, seen)
    for name, sub in schema.get("properties", {}).items():
        found.add(name)
        found |= _body_fields(sub, components, seen)
    return found


def operations() -> list[Operation]:
    found = []
    for document in sorted(OPENAPI_DIR.glob("*.json")):
        spec = json.loads(document.read_text())
        components = spec.get("components", {}).get("schemas", {})
        for path, methods in spec.get("paths", {}).items():
            for method, op in methods.items():
                if method not in ("get", "post", "put", "patch", "delete"):
                    continue
                params = op.get("parameters", [])
                body_ids: set[str] = set()
                for content in op.get("requestBody", {}).get("content", {}).values():
                    body_ids |= _body_fields(content.get("schema", {}), components) & BODY_ID_FIELDS
                found.append(Operation(
                    service=document.stem, operation_id=op["operationId"], method=method.upper(), path=path,
                    path_params=[p["name"] for p in params if p["in"] == "path"],
                    query_params={p["name"]: bool(p.get("required")) for p in params if p["in"] == "query"},
                    body_ids=body_ids,
                ))
    return found


def matrix_operations() -> list[Operation]:
    """The operations the matrix attacks: those naming an object, and those with a request."""
    return [op for op in operations() if op.operation_id not in EXCEPTIONS and (op.names_an_object or op.operation_id in REQUESTS)]


def uncovered() -> list[str]:
    return [f"{op.service} {op.operation_id} ({op.label})" for op in operations()
            if op.names_an_object and op.operation_id not in REQUESTS and op.operation_id not in EXCEPTIONS]


@dataclass(frozen=True)
class Case:
    operation: Operation
    query: tuple[str, ...]  # the optional object-naming query parameters this case sets

    @property
    def label(self) -> str:
        return self.operation.label + (f" ?{'&'.join(q + '=' for q in self.query)}" if self.query else "")


def cases(op: Operation) -> list[Case]:
    """One case with the required parameters; one more per optional object-naming query parameter
    (every filter of a list is a way to name another restaurant's objects)."""
    always = REQUESTS.get(op.operation_id, Req()).query
    optional = [q for q in op.id_query if not op.query_params[q] and q not in always]
    found = [Case(op, always)]
    if not (op.path_params or op.body_ids or always or any(op.query_params[q] for q in op.id_query)) and optional:
        found = []  # a bare list: test_matrix's unfiltered-list check covers it
    found += [Case(op, always + (q,)) for q in optional]
    return found


# ------------------------------------------------------------------------- one call
@dataclass
class Call:
    method: str
    url: str
    params: dict
    kwargs: dict

    def send(self, http: httpx.Client, principal: Principal) -> httpx.Response:
        headers = {**self.kwargs.get("headers", {}), **principal.headers, "Accept-Language": "en"}
        kwargs = {k: v for k, v in self.kwargs.items() if k != "headers"}
        return http.request(self.method, self.url, params=self.params, headers=headers, **kwargs)


def build_call(case: Case, ids: Ids) -> Call:
    op = case.operation
    req = REQUESTS.get(op.operation_id, Req())
    url = op.path
    for name in op.path_params:
        value = PATH_CHOICES[name] if name in PATH_CHOICES else getattr(ids, op.kind(name))
        url = url.replace("{" + name + "}", str(value))
    params = {}
    for name, required in op.query_params.items():
        if op.kind(name) and (required or name in case.query):
            params[name] = getattr(ids, op.kind(name))
    kwargs: dict[str, Any] = {}
    if req.json:
        kwargs["json"] = req.json(ids)
    if req.data:
        kwargs["data"] = req.data(ids)
    if req.files:
        kwargs["files"] = req.files(ids)
    if req.headers:
        kwargs["headers"] = req.headers(ids)
    return Call(op.method, url, params, kwargs)


DIGITS = re.compile(r"\d+")


def is_empty_list(answer: httpx.Response) -> bool:
    """A list answer with no rows (`{count: 0, results: []}` or `[]`)."""
    if answer.status_code != 200:
        return False
    try:
        body = answer.json()
    except ValueError:
        return False
    return body == [] or (isinstance(body, dict) and body.get("results") == [] and not body.get("count"))


def signature(answer: httpx.Response) -> tuple:
    """What a caller can tell of an answer: status, error shape and code, the text without ids."""
    try:
        body = answer.json()
    except ValueError:
        return answer.status_code, answer.headers.get("content-type", "").split(";")[0]
    if isinstance(body, dict):
        detail = body.get("detail")
        text = DIGITS.sub("#", json.dumps(detail, sort_keys=True, ensure_ascii=False)) if detail is not None else None
        return answer.status_code, tuple(sorted(body)), body.get("code"), text
    return answer.status_code, type(body).__name__
