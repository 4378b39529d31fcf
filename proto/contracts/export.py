"""Write every event's JSON Schema to proto/schemas/ (run: python -m contracts.export)."""
import json
import sys
from pathlib import Path

from contracts import registered_events

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "schemas"


def schemas() -> dict[str, str]:
    out = {}
    for event_type, cls in sorted(registered_events().items()):
        schema = cls.model_json_schema()
        schema["title"] = event_type
        out[f"{event_type}.json"] = json.dumps(schema, indent=2, sort_keys=True) + "\n"
    return out


def main() -> int:
    SCHEMA_DIR.mkdir(exist_ok=True)
    for name, text in schemas().items():
        (SCHEMA_DIR / name).write_text(text)
    print(f"wrote {len(schemas())} schemas to {SCHEMA_DIR}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
