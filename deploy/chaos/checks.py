"""The chaos run's checks: what the clients were told against what the platform stored, as rows of
one table. Pure functions over plain data (the run reads the API; deploy/tests/test_chaos_checks.py
feeds them made-up data), so a check's rule is read here and nowhere else.

A row is (what, figure, expected, ok): ok None is information, False fails the run."""
from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

Row = tuple[str, str, str, bool | None]
ONLINE = "online"


def money(value) -> Decimal:
    return Decimal(str(value)).quantize(Decimal("0.01"))


def line_total(line: dict) -> Decimal:
    return money(Decimal(str(line["price"])) * line["quantity"])


def order_rows(acknowledged: dict[str, dict], unanswered: dict[str, str], stored: list[dict],
               heard: list[set[tuple[str, int]]]) -> list[Row]:
    """Orders: each acknowledged key against the lines stored with that key in their comment.

    acknowledged: key -> {kind, order (("o", placement) or ("d", delivery)), lines, count};
    stored: every line of the restaurant as ordering lists it; heard: per screen, the orders
    (placements and deliveries, as above) it heard of or read on a resync."""
    by_key: dict[str, set[tuple[str, int]]] = defaultdict(set)
    lines_by_key: dict[str, int] = defaultdict(int)
    for line in stored:
        key = line.get("extra_commentary") or ""
        if key:
            by_key[key].add(("d", line["fk_delivery"]) if line.get("fk_delivery") else ("o", line["order"]))
            lines_by_key[key] += 1
    lost = [k for k, o in acknowledged.items() if o["order"] not in by_key.get(k, set())]
    short = [k for k, o in acknowledged.items() if k not in lost and lines_by_key[k] != o["count"] * len(by_key[k])]
    duplicated = [k for k, orders in by_key.items() if len(orders) > 1]
    stored_unacknowledged = [k for k in by_key if k not in acknowledged]
    on_board = [k for k, o in acknowledged.items() if heard and all(o["order"] in h for h in heard)]
    kinds = defaultdict(int)
    for o in acknowledged.values():
        kinds[o["kind"]] += 1
    return [
        ("orders acknowledged to a diner (201/200)", f"{len(acknowledged)} ({kinds['table']} table, {kinds['delivery']} take-away)",
         "> 0", len(acknowledged) > 0),
        ("orders never acknowledged (client gave up)", f"{len(unanswered)}", "info", None),
        ("orders stored (ordering's list, by key)", f"{len(by_key)}", f">= {len(acknowledged)}", len(by_key) >= len(acknowledged)),
        ("  of them stored though never acknowledged", f"{len(stored_unacknowledged)}", "info", None),
        ("orders on every tablet's board (frame or resync)", f"{len(on_board)} of {len(acknowledged)}",
         f"{len(acknowledged)}", bool(heard) and len(on_board) == len(acknowledged)),
        ("LOST: acknowledged, not stored", f"{len(lost)}" + (f" {lost[:3]}" if lost else ""), "0", not lost),
        ("DUPLICATED: one key stored as two orders", f"{len(duplicated)}" + (f" {duplicated[:3]}" if duplicated else ""), "0",
         not duplicated),
        ("orders stored with a wrong number of lines", f"{len(short)}" + (f" {short[:3]}" if short else ""), "0", not short),
    ]


def payment_rows(counter: dict[str, dict], online: dict[str, dict], stored: list[dict]) -> tuple[list[Row], Decimal]:
    """Payments: the clients' acknowledged ones against ordering's paid lines (status 6, each
    naming its payment). Answers the rows and the paid lines' sum."""
    paid = [l for l in stored if l["status"] == "6"]
    by_payment: dict[int, list[dict]] = defaultdict(list)
    for line in paid:
        pay = line.get("account_pay") or {}
        by_payment[pay.get("payment_id")].append(line)
    paid_sum = sum((line_total(l) for l in paid), Decimal("0.00"))
    acknowledged_ids = defaultdict(list)
    for key, p in counter.items():
        acknowledged_ids[p["payment_id"]].append(key)
    twice = {pid: keys for pid, keys in acknowledged_ids.items() if len(keys) > 1}
    not_recorded = [k for k, p in counter.items()
                    if sorted(l["id"] for l in by_payment.get(p["payment_id"], [])) != sorted(p["lines"])]
    wrong_amount = [k for k, p in counter.items() if k not in not_recorded
                    and sum((line_total(l) for l in by_payment[p["payment_id"]]), Decimal("0.00")) != money(p["amount"])]
    counter_ids = set(acknowledged_ids)
    given_back = {k: p for k, p in online.items() if p.get("refunded")}  # refused by ordering, refunded by billing
    online = {k: p for k, p in online.items() if not p.get("refunded")}
    online_lines = {l for p in online.values() for l in p["lines"]}
    unexplained = {pid: ls for pid, ls in by_payment.items()
                   if pid not in counter_ids and not all(l["id"] in online_lines for l in ls)}
    paid_online = [l for l in paid if (l.get("account_pay") or {}).get("method") == ONLINE]
    online_missing = [k for k, p in online.items()
                      if not all(any(l["id"] == i and l["status"] == "6" for l in paid_online) for i in p["lines"])]
    counter_sum = sum((money(p["amount"]) for p in counter.values()), Decimal("0.00"))
    online_sum = sum((money(p["amount"]) for p in online.values()), Decimal("0.00"))
    rows: list[Row] = [
        ("counter payments acknowledged (200)", f"{len(counter)}, {counter_sum}", "info", None),
        ("online payments approved at the provider", f"{len(online)} ({sum(p.get('shares', 1) > 1 for p in online.values())} "
         f"split in shares, {sum('delivery' in p for p in online.values())} deliveries), {online_sum}", "info", None),
        ("  approved, then refused by ordering and refunded", f"{len(given_back)}", "info", None),
        ("paid lines in ordering", f"{len(paid)} in {len(by_payment)} payments, {paid_sum}",
         f"{counter_sum + online_sum}", paid_sum == counter_sum + online_sum),
        ("acknowledged payments not recorded as told", f"{len(not_recorded)}" + (f" {not_recorded[:3]}" if not_recorded else ""),
         "0", not not_recorded),
        ("payments recorded with another amount than told", f"{len(wrong_amount)}", "0", not wrong_amount),
        ("one payment acknowledged to two keys", f"{len(twice)}", "0", not twice),
        ("payments recorded that no client was told of", f"{len(unexplained)}" + (f" {sorted(unexplained)[:3]}" if unexplained else ""),
         "0", not unexplained),
        ("online payments whose lines are not paid online", f"{len(online_missing)}", "0", not online_missing),
    ]
    return rows, paid_sum


def money_rows(paid_sum: Decimal, ledger: Decimal | None, statistics: Decimal | None, waited: float | None) -> list[Row]:
    took = f" (caught up {waited:.0f} s after the drain)" if waited is not None else " (NOT caught up)"
    return [
        ("ledger's sales (billing's balance) = paid lines", f"{ledger}{took}", f"{paid_sum}", ledger == paid_sum),
        ("statistics' total = ledger", f"{statistics}", f"{ledger}", statistics is not None and statistics == ledger),
    ]


def screen_rows(screens: list, api_lines: dict[int, dict]) -> list[Row]:
    """Every line a screen heard of: its newest state there equals what the API answers now."""
    rows: list[Row] = []
    for s in screens:
        wrong = []
        for line_id, (status, version) in s.lines.items():
            now = api_lines.get(line_id)
            if now is None:
                continue  # not the restaurant's (never happens) or removed
            if version != now.get("version") or (status is not None and status != now["status"]):
                wrong.append(f"line {line_id}: heard {status}/v{version}, API {now['status']}/v{now.get('version')}")
        rows.append((f"tablet {s.name}: lines whose last frame disagrees with the API",
                     f"{len(wrong)} of {len(s.lines)}" + (f" e.g. {wrong[0]}" if wrong else "")
                     + f"; {s.frames} frames ({s.caught_up} caught up), {s.connections} connections"
                     + (f" ({s.offline_seconds:.0f} s offline)" if s.offline_seconds else "")
                     + f", {s.resyncs} resyncs, {s.repeated} repeated,"
                       f" {s.stale} out of order"
                     + (f"; dropped or refused: {', '.join(sorted(set(s.refused)))[:150]}" if s.refused else ""),
                     "0", bool(s.lines) and not wrong and s.repeated == 0))
    return rows


def fault_rows(faults: list) -> list[Row]:
    rows: list[Row] = [("faults injected", f"{len(faults)}", "> 0", len(faults) > 0)]
    kinds: dict[str, list] = defaultdict(list)
    for f in faults:
        kinds[f.kind if f.kind != "kill" else f"kill {'replica' if f.replicated else 'only process'}"].append(f)
    for kind, items in sorted(kinds.items()):
        healed = [f.healed for f in items if f.healed is not None]
        figure = (f"{len(items)}: healed in " + ", ".join(f"{h:.1f}" for h in healed) + " s") if healed else f"{len(items)}"
        rows.append((f"time to heal: {kind}", figure, "all healed", len(healed) == len(items)))
    return rows


def render(rows: list[Row]) -> str:
    width = max(len(r[0]) for r in rows)
    fig = max(len(r[1]) for r in rows if len(r[1]) < 90)
    out = [f"{'check':<{width}}  {'figure':<{fig}}  {'expected':<12}  verdict", "-" * (width + fig + 28)]
    for what, figure, expected, ok in rows:
        verdict = "info" if ok is None else ("ok" if ok else "FAILED")
        out.append(f"{what:<{width}}  {figure:<{fig}}  {expected:<12}  {verdict}")
    return "\n".join(out)


def passed(rows: list[Row]) -> bool:
    return all(ok is not False for *_, ok in rows)
