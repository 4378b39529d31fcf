"""Schemathesis against every service's published OpenAPI document, through the gateway, with a
live owner session: no answer may be a server error, and no answer may break the schema the
service itself published for it (checks `not_a_server_error`, `response_schema_conformance`).

The session is a restaurant of its own (S), furnished like A, so what the generator changes or
deletes never touches the matrix's world. Path and query parameters that name an object are pinned
to S's objects (and the diner's `{token}` to one of S's place tokens), so generated requests reach
the services' logic instead of stopping at 404; operations that destroy what they name get
sacrificial objects of their own. Excluded, and why: EXCLUDED.

Short form (`make test`): the fuzzing phase, a few examples per operation. Full (`make security`):
every phase (examples, coverage, fuzzing, stateful), 100 examples per operation.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tenants import GATEWAY, REPO, Restaurant, Stack

OPENAPI = REPO / "proto" / "openapi"
REPORTS = REPO / ".run" / "security" / "schemathesis"
SCHEMATHESIS = Path(sys.executable).parent / "schemathesis"
SERVICES = [p.stem for p in sorted(OPENAPI.glob("*.json")) if json.loads(p.read_text()).get("paths")]

EXCLUDED = {
    "logout": "ends the session every other generated request uses",
    "changePassword": "a password change revokes every token of the account, the session included",
    "login": "wrong passwords count against the per-address sign-in allowance (100 per 15 minutes) that "
             "every local suite's logins share; the token attacks cover sign-in",
}


@pytest.fixture(scope="module")
def fuzzed(stack: Stack) -> dict:
    """Restaurant S, its objects, and sacrificial ones for the operations that destroy what they name."""
    s = stack.furnish(stack.register_owner("S"), tables=6)
    s.operator, s.operator_record = stack.add_operator(s, "S")
    spare_line = stack.new_line(s, stack.take_place(s))
    (spare_place,) = stack.new_places(s, 1)
    (renewed_place,) = stack.new_places(s, 1)
    return {
        "restaurant": s,
        "parameters": {
            "path.restaurant_id": s.id, "path.menu_id": s.menu, "path.category_id": s.category,
            "path.dish_id": s.dishes[0], "path.image_id": s.image, "path.place_id": s.places[1],
            "path.line_id": s.line["id"], "path.order_id": s.line["order"], "path.delivery_id": s.delivery,
            "path.operator_id": s.operator_record, "path.notification_id": s.notification,
            "path.token": s.tokens[s.places[1]],
            **{f"query.{name}": s.id for name in ("fk_resto", "resto", "rest", "restaurant", "fk_sit__fk_resto",
                                                 "menu_group__menu__restaurant")},
            **{f"query.{name}": s.menu for name in ("menu", "id_menu", "menu_id", "menu_group__menu")},
            "query.menu_group": s.category,
            "query.pk": s.id,  # billing's statistics name the restaurant `pk`
        },
        "sacrificed": {
            "deleteRestaurant": {"path.restaurant_id": stack.new_restaurant_of(s)},
            "deleteMenu": {"path.menu_id": stack.new_menu(s)},
            "deleteCategory": {"path.category_id": stack.new_category(s)},
            "deleteDish": {"path.dish_id": stack.new_dish(s)},
            "deleteDishImage": {"path.image_id": stack.new_image(s)},
            "deletePlace": {"path.place_id": spare_place["id"]},
            "renewPlaceCode": {"path.place_id": renewed_place["id"]},
            "deleteOperator": {"path.operator_id": stack.new_operator_record(s)},
            "deleteOrderLine": {"path.line_id": spare_line["id"]},
        },
    }


def toml_value(value) -> str:
    return json.dumps(value)


def config(fuzzed: dict, short: bool) -> str:
    s: Restaurant = fuzzed["restaurant"]
    lines = [
        f'base-url = "{GATEWAY}"',
        "workers = 1",  # two workers parse hypothesis' lambdas at once and trip CPython 3.11's AST depth check
        "request-timeout = 30",
        "max-failures = 200",
        "",
        "[headers]",
        f'Authorization = "Token {s.owner.token}"',
        "",
        "[generation]",
        f"max-examples = {5 if short else 100}",
        'database = "none"',  # no example database left behind in the checkout
        "",
        "[phases.examples]",
        f"enabled = {'false' if short else 'true'}",
        "[phases.coverage]",
        f"enabled = {'false' if short else 'true'}",
        "[phases.stateful]",
        f"enabled = {'false' if short else 'true'}",
        "",
        "[parameters]",
        *[f'"{k}" = {toml_value(v)}' for k, v in fuzzed["parameters"].items()],
    ]
    for operation_id, values in fuzzed["sacrificed"].items():
        lines += ["", "[[operations]]", f'include-operation-id = "{operation_id}"', "[operations.parameters]",
                  *[f'"{k}" = {toml_value(v)}' for k, v in values.items()]]
    for operation_id in EXCLUDED:
        lines += ["", "[[operations]]", f'include-operation-id = "{operation_id}"', "enabled = false"]
    return "\n".join(lines) + "\n"


REPRODUCE = re.compile(r"^\s*(curl .*)$", re.MULTILINE)


def run_schemathesis(service: str, settings_text: str) -> tuple[dict | None, str, Path]:
    """One service's run: (its JSON report, its output, where the output is kept)."""
    REPORTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Path(tmp) / "schemathesis.toml"
        settings.write_text(settings_text)
        report = Path(tmp) / "report.json"
        run = subprocess.run(
            [str(SCHEMATHESIS), "--config-file", str(settings), "--no-color", "run", str(OPENAPI / f"{service}.json"),
             "--checks", "not_a_server_error,response_schema_conformance", "--report", "json",
             "--report-json-path", str(report), "--output-truncate", "false"],
            # In a lasting folder: hypothesis keeps its unicode tables there (seconds to rebuild per run).
            capture_output=True, text=True, timeout=1500, cwd=REPORTS)
        log = REPORTS / f"{service}.txt"
        log.write_text(run.stdout + run.stderr)
        return (json.loads(report.read_text()) if report.exists() else None), run.stdout, log


@pytest.fixture(scope="module")
def runs(fuzzed, short) -> dict:
    """Every service's run, two at a time (two cores: one generating, one answering)."""
    settings_text = config(fuzzed, short)
    with ThreadPoolExecutor(2) as pool:
        return dict(zip(SERVICES, pool.map(lambda service: run_schemathesis(service, settings_text), SERVICES)))


@pytest.mark.timeout(3600)  # the first test waits for every run (the full form: several minutes each)
@pytest.mark.parametrize("service", SERVICES)
def test_no_server_error_and_no_answer_outside_its_schema(service, runs, ledger):
    document, output, log = runs[service]
    assert document is not None, f"schemathesis wrote no report; see {log}:\n{output[-3000:]}"
    cases = document["test_cases"]["generated"]
    through = [f"{service}: {f['title']} x{f['count']} on {', '.join(f['operations'][:6])}" for f in document["failures"]]
    through += [f"{service}: reproduce: {line}" for line in REPRODUCE.findall(output)[:10]] if through else []
    errors = [f"{e['title']} x{e['count']}" for e in document["errors"]]
    ledger.add(f"schemathesis: {service}", tried=cases, through=through,
               note=f"{service}: {cases} generated requests, {document['operations']['tested']} operations "
                    f"({len(EXCLUDED) if service == 'identity' else 0} excluded), log {log.relative_to(REPO)}")
    assert not through, "\n".join(through) + f"\n(full output: {log})"
    assert not errors, f"schemathesis could not test everything: {errors} (see {log})"
