"""Inside ordering no arrow runs back up (issue 19): each module imports only from its own layer or
the ones below, the features never import one another, and no import cycle exists.

    0  settings, messages, clock,          what everything may read: ordering's copies of other services,
       projections                         the moment a call happens
    1  money, order's statuses, transitions, errors and policy (the rules diners' orders share)
    2  order                               order lines: placing, changing, their facts and queries
    3  table, diner, delivery, ticket,     the features, each on order, none on another
       payment
    4  main, events, models, */endpoints   the app's wiring and its HTTP edges

Read from the source with `ast`, so a new module or import is checked the day it is written.
"""
import ast
from pathlib import Path

import ordering

PACKAGE = Path(ordering.__file__).parent
LAYERS: tuple[tuple[str, ...], ...] = (
    ("ordering.settings", "ordering.messages", "ordering.clock", "ordering.projections"),
    ("ordering.money", "ordering.order.statuses", "ordering.order.transitions", "ordering.order.errors", "ordering.order.policy"),
    ("ordering.order",),
    ("ordering.table", "ordering.diner", "ordering.delivery", "ordering.ticket", "ordering.payment"),
    ("ordering.main", "ordering.events", "ordering.models"),
)
FEATURES = LAYERS[3]
TOP = len(LAYERS) - 1


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def prefix(module: str, candidates: tuple[str, ...]) -> str | None:
    """The longest candidate that is `module` or a package holding it."""
    matching = [c for c in candidates if module == c or module.startswith(c + ".")]
    return max(matching, key=len, default=None)


def layer(module: str) -> int | None:
    if module == "ordering":
        return 0
    if module.endswith(".endpoints"):
        return TOP
    best = [(len(p), index) for index, names in enumerate(LAYERS) if (p := prefix(module, names))]
    return max(best)[1] if best else None


def feature(module: str) -> str | None:
    return None if module.endswith(".endpoints") else prefix(module, FEATURES)


def imports(source: str, known: set[str]) -> set[str]:
    """The ordering modules `source` imports (`from ordering.order import service` is
    ordering.order.service; `from ordering.order.service import x`, ordering.order.service)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                found.add(child if child in known else node.module)
    return {name for name in found if name == "ordering" or name.startswith("ordering.")}


def wrong_arrows(graph: dict[str, set[str]]) -> list[str]:
    wrong = []
    for importer, imported in sorted(graph.items()):
        for target in sorted(imported):
            if layer(target) > layer(importer):
                wrong.append(f"{importer} (layer {layer(importer)}) imports {target} (layer {layer(target)})")
            elif feature(importer) and feature(target) and feature(importer) != feature(target):
                wrong.append(f"{importer} imports another feature's {target}")
    return wrong


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, if any (depth-first search)."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module], _ = "open", path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == "open":
                return path[path.index(target):] + [target]
            if target not in state and (found := visit(target)):
                return found
        state[module], _ = "done", path.pop()
        return None

    for module in sorted(graph):
        if module not in state and (found := visit(module)):
            return found
    return None


def ordering_graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(path.read_text(), set(known)) - {name} for name, path in known.items()}


def test_every_module_has_a_layer():
    assert [name for name in modules() if layer(name) is None] == []


def test_no_module_imports_a_layer_above_it_or_another_feature():
    assert wrong_arrows(ordering_graph()) == []


def test_the_import_graph_has_no_cycle():
    assert cycle(ordering_graph()) is None


def test_the_checks_catch_an_upward_import_a_feature_on_another_and_a_cycle():
    known = {"ordering.order.service", "ordering.delivery.status", "ordering.delivery.service", "ordering.diner.service"}
    upward = imports("from ordering.delivery.status import keep_status", known)
    sideways = imports("from ordering.diner import service", known)
    assert wrong_arrows({"ordering.order.service": upward, "ordering.delivery.service": sideways}) == [
        "ordering.delivery.service imports another feature's ordering.diner.service",
        "ordering.order.service (layer 2) imports ordering.delivery.status (layer 3)",
    ]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
