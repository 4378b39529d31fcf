"""What was tried and what got through, one row per attack, written by the tests and printed by
run.py as the suite's table. A row's `through` lists each attempt that succeeded where it must
fail (request, what was expected, what came back); `notes` carry figures (latencies, memory)."""
from __future__ import annotations

import json
import os
import textwrap
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEFAULT_PATH = REPO / ".run" / "security" / "ledger.json"


def ledger_path() -> Path:
    return Path(os.environ.get("SECURITY_LEDGER", str(DEFAULT_PATH)))


@dataclass
class Row:
    attack: str
    tried: int = 0
    through: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class Ledger:
    def __init__(self) -> None:
        self.rows: dict[str, Row] = {}

    def row(self, attack: str) -> Row:
        return self.rows.setdefault(attack, Row(attack))

    def add(self, attack: str, tried: int = 1, through: list[str] | tuple[str, ...] = (), note: str | None = None) -> Row:
        row = self.row(attack)
        row.tried += tried
        row.through.extend(through)
        if note:
            row.notes.append(note)
        return row

    def save(self, path: Path | None = None) -> Path:
        path = path or ledger_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps([asdict(r) for r in self.rows.values()], indent=1, ensure_ascii=False))
        return path


def load(path: Path | None = None) -> list[Row]:
    path = path or ledger_path()
    if not path.exists():
        return []
    return [Row(**r) for r in json.loads(path.read_text())]


def table(rows: list[Row], width: int = 150) -> str:
    """attack | tried | got through | details, then every attempt that got through in full."""
    attack_w = max([len("attack")] + [len(r.attack) for r in rows])
    detail_w = max(30, width - attack_w - 24)
    head = f"{'attack':<{attack_w}}  {'tried':>6}  {'through':>7}  details"
    lines = [head, "-" * min(width, len(head) + detail_w)]
    for r in rows:
        detail = r.through[0] if r.through else (r.notes[0] if r.notes else "")
        if len(r.through) > 1:
            detail += f" (+{len(r.through) - 1} more)"
        wrapped = textwrap.wrap(detail, detail_w) or [""]
        lines.append(f"{r.attack:<{attack_w}}  {r.tried:>6}  {len(r.through):>7}  {wrapped[0]}")
        lines += [f"{'':<{attack_w}}  {'':>6}  {'':>7}  {more}" for more in wrapped[1:3]]
    total_tried, total_through = sum(r.tried for r in rows), sum(len(r.through) for r in rows)
    lines.append("-" * min(width, len(head) + detail_w))
    lines.append(f"{'total':<{attack_w}}  {total_tried:>6}  {total_through:>7}")
    leaks = [(r.attack, t) for r in rows for t in r.through]
    if leaks:
        lines += ["", "got through:"]
        lines += [f"  [{attack}] {t}" for attack, t in leaks]
    figures = [(r.attack, n) for r in rows for n in r.notes]
    if figures:
        lines += ["", "figures:"]
        lines += [f"  [{attack}] {n}" for attack, n in figures]
    return "\n".join(lines)
