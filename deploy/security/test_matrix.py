"""The authorization matrix (matrix.py): every operation of the published OpenAPI documents that
names an object, called by the seven callers; nothing that crosses a tenant may succeed, and a
foreign object must look exactly like a missing one."""
from __future__ import annotations

import itertools

import pytest

from matrix import (CALLERS, EXCEPTIONS, NOT_OBJECTS, REQUESTS, Case, Ids, Req, build_call, cases, matrix_operations,
                    is_empty_list, missing_values, signature, uncovered)
from tenants import Principal, World

OPERATIONS = matrix_operations()


def test_every_operation_that_names_an_object_is_in_the_matrix(ledger):
    """A new endpoint is attacked from the day it is published: it needs a line in REQUESTS, or an
    entry in EXCEPTIONS that says why not."""
    missing = uncovered()
    ledger.add("matrix: endpoints covered", tried=len(OPERATIONS) + len(EXCEPTIONS),
               note=f"{len(OPERATIONS)} operations attacked, {len(EXCEPTIONS)} public by design (matrix.EXCEPTIONS)")
    assert not missing, f"operations naming an object with no request in matrix.REQUESTS: {missing}"
    stale = sorted(set(REQUESTS) - {op.operation_id for op in OPERATIONS})
    assert not stale, f"matrix.REQUESTS names operations no document publishes: {stale}"


def a_values(world: World) -> dict:
    a, online = world.a, world.online
    return {
        "restaurant": a.id, "menu": a.menu, "category": a.category, "dish": a.dishes[0], "image": a.image,
        "place": a.places[1], "place_token": a.tokens[a.places[1]], "line": a.line["id"], "line_version": a.line["version"],
        "order": a.line["order"], "delivery": a.delivery, "operator": a.operator_record, "notification": a.notification,
        # the table paying online in shares
        "checkout": online.checkout, "table_token": online.token, "charge_reference": online.reference,
        # credentials that are not those objects'
        "other_table_token": a.tokens[a.places[0]], "b_table_token": world.b.tokens[world.b.places[0]],
        "replaced_token": online.replaced_token, "reference_swapped": online.reference.swapcase(),
        "reference_cut": online.reference[:-1],
    }


def fresh(world: World, kinds: tuple[str, ...]) -> dict:
    """New objects of A for a call that uses them up."""
    stack, a = world.stack, world.a
    values: dict = {}
    for kind in kinds:
        if kind == "dish":
            values["dish"] = stack.new_dish(a)
        elif kind == "image":
            values["image"] = stack.new_image(a)
        elif kind == "category":
            values["category"] = stack.new_category(a)
        elif kind == "menu":
            values["menu"] = stack.new_menu(a)
        elif kind == "place":
            (made,) = stack.new_places(a, 1)
            values.update(place=made["id"], place_item=made, place_token=a.tokens[made["id"]])
        elif kind == "table":  # a table ordering knows, with a new line on it
            place = stack.take_place(a)
            stack.order(a, place)
            values["place"] = place
        elif kind == "line":
            line = stack.new_line(a, stack.take_place(a))
            values.update(line=line["id"], line_version=line["version"], order=line["order"])
        elif kind == "restaurant":
            values["restaurant"] = stack.new_restaurant_of(a)
        elif kind == "operator":
            values["operator"] = stack.new_operator_record(a)
        elif kind == "online_line":  # a delivered line at a table of its own, for a phone there to pay
            place, line = stack.delivered_line(a)
            values.update(table_token=a.tokens[place], order=line["order"], line=line["id"])
        elif kind == "held_line":  # a line an open online checkout holds: a phone at its table paid the tab
            place, line = stack.delivered_line(a)
            stack.pay_online(a.tokens[place])
            values["line"] = line["id"]
        elif kind == "payable_delivery":
            values["delivery"] = stack.payable_delivery(a)
        else:
            raise AssertionError(f"no factory for fresh '{kind}'")
    return values


def callers(world: World) -> dict[str, Principal]:
    return {p.name: p for p in world.principals}


def describe(principal: str, call, answer) -> str:
    query = "&".join(f"{k}={v}" for k, v in call.params.items())
    return f"{principal}: {call.method} {call.url}{'?' + query if query else ''} -> {answer.status_code} {answer.text[:120]}"


def run_case(world: World, case: Case, short: bool) -> tuple[int, list[str], list[str], list[tuple[str, bool]]]:
    """(calls judged, what got through, the control's failures, whether the other allowed callers succeeded)."""
    http, a = world.stack.http, a_values(world)
    req = REQUESTS.get(case.operation.operation_id, Req())
    who = callers(world)
    tried, through, broken, seen = 0, [], [], []
    shared = fresh(world, req.fresh)

    def judge(name: str, ids: Ids, baseline: Ids, what: str) -> None:
        nonlocal tried
        call, principal = build_call(case, ids), who[name]
        answer = call.send(http, principal)
        missing_call = build_call(case, baseline)
        missing = missing_call.send(http, principal)
        tried += 1
        if is_empty_list(answer) and is_empty_list(missing) and answer.json() == missing.json():
            return  # a list filtered by a foreign object is as empty as one filtered by a missing one
        if answer.status_code < 400:
            through.append(f"{describe(name, call, answer)} (expected a refusal{what})")
        elif answer.status_code >= 500:
            through.append(f"{describe(name, call, answer)} (a server error: expected a refusal{what})")
        elif name not in req.relaxed and signature(answer) != signature(missing):
            through.append(f"{describe(name, call, answer)} (expected what a missing id gets{what}: "
                           f"{missing.status_code} {missing.text[:120]})")

    for name in (c for c in CALLERS if c not in req.allowed):
        judge(name, Ids({**a, **shared}), Ids(missing_values()), "")
        principal = who[name]
        probe = Ids({**a, **shared}, restaurant_override=principal.restaurant)
        build_call(case, probe)
        if principal.restaurant and principal.restaurant != world.a.id and "restaurant" in probe.used and probe.used - {"restaurant"} - NOT_OBJECTS:
            judge(name, Ids({**a, **shared}, restaurant_override=principal.restaurant),
                  Ids(missing_values(), restaurant_override=principal.restaurant), ", with its own restaurant named")

    if req.credential:
        for name, (what, kind) in itertools.product(CALLERS, req.foreign.items()):
            held = {req.credential: a[kind]}
            probe = Ids({**a, **shared, **held})
            build_call(case, probe)
            # the same credential with the objects missing; a made-up one when it is all the call names
            baseline = {**missing_values(), **held} if probe.used - {req.credential} - NOT_OBJECTS else missing_values()
            judge(name, Ids({**a, **shared, **held}), Ids(baseline), f", holding {what}")

    for name in (c for c in req.allowed if c != req.control):
        if req.fresh and short:
            continue
        own = fresh(world, req.fresh) if req.fresh else {}
        call = build_call(case, Ids({**a, **own}))
        seen.append((name, call.send(http, who[name]).status_code < 400))

    own = fresh(world, req.fresh) if req.fresh else {}
    call = build_call(case, Ids({**a, **own}))
    answer = call.send(http, who[req.control])
    if not (req.control_accepts(answer) if req.control_accepts else answer.status_code < 400):
        broken.append(describe(req.control, call, answer))
    return tried, through, broken, seen


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: f"{op.service}-{op.operation_id}")
def test_no_caller_crosses_a_tenant(world, operation, ledger, short):
    tried, through, broken, seen = 0, [], [], []
    for case in cases(operation):
        n, t, b, s = run_case(world, case, short)
        tried, through, broken, seen = tried + n, through + t, broken + b, seen + s
    refused = sorted({name for name, ok in seen if not ok})
    ledger.add(f"matrix: {operation.service}", tried=tried, through=through,
               note=f"{operation.operation_id}: refused to {', '.join(refused)} (allowed callers, not judged)" if refused else None)
    assert not through, "\n".join(through)
    assert not broken, "the allowed caller's own call failed, so this case proves nothing:\n" + "\n".join(broken)


LIST_RESTAURANT_KEYS = {"fk_resto", "restaurant", "id_resto", "restaurant_id", "pk_resto"}


def restaurants_named(body) -> set:
    found = set()
    if isinstance(body, dict):
        for key, value in body.items():
            if key in LIST_RESTAURANT_KEYS and isinstance(value, int):
                found.add(value)
            found |= restaurants_named(value)
    elif isinstance(body, list):
        for item in body:
            found |= restaurants_named(item)
    return found


# A diner's list names its credential, which it cannot be asked without.
LISTS = [op for op in matrix_operations() if op.method == "GET" and not op.path_params and op.id_query
         and not REQUESTS.get(op.operation_id, Req()).credential]


@pytest.mark.parametrize("operation", LISTS, ids=lambda op: f"{op.service}-{op.operation_id}")
def test_a_list_without_filters_shows_no_other_restaurant(world, operation, http, ledger):
    """A list asked for without naming a restaurant covers the caller's own restaurants only."""
    through = []
    for principal in (world.b.owner, world.b.operator, world.client):
        answer = http.get(operation.path, headers=principal.headers)
        if answer.status_code == 200 and answer.headers.get("content-type", "").startswith("application/json") \
                and world.a.id in restaurants_named(answer.json()):
            through.append(f"{principal.name}: GET {operation.path} -> 200 listing restaurant A's rows (expected only its own)")
    ledger.add("matrix: unfiltered lists", tried=3, through=through)
    assert not through, "\n".join(through)
