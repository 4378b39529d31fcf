"""Write what proto defines for the other parts of the platform (run: python -m contracts.export):

- every event's JSON Schema, to proto/schemas/<type>.json;
- the live sockets' frames, to proto/schemas/live/frames.json (contracts.live);
- the constants the services and the web share, to proto/schemas/constants.json: the live sockets'
  close codes and reconnect policy (contracts.live), the restaurants' time zone (contracts.restaurant).
  The web's `npm run gen-api` makes web/src/types/api/constants.ts of it.

proto/tests checks that every written file is current.
"""
import json
import sys
from pathlib import Path

from contracts import live, registered_events, restaurant

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "schemas"
CONSTANTS_FILE = SCHEMA_DIR / "constants.json"


def schemas() -> dict[str, str]:
    out = {}
    for event_type, cls in sorted(registered_events().items()):
        schema = cls.model_json_schema()
        schema["title"] = event_type
        out[f"{event_type}.json"] = json.dumps(schema, indent=2, sort_keys=True) + "\n"
    return out


def constants() -> dict:
    return {
        "description": "Constants the services and the web share, defined once in proto/contracts (written by `python -m contracts.export`).",
        "live": live.constants(),
        "restaurant": restaurant.constants(),
    }


def constants_text() -> str:
    return json.dumps(constants(), indent=2, sort_keys=True) + "\n"


def files() -> dict[Path, str]:
    """Every file this writes, and what it must hold."""
    return {
        **{SCHEMA_DIR / name: text for name, text in schemas().items()},
        live.SCHEMA_FILE: live.schema_text(),
        CONSTANTS_FILE: constants_text(),
    }


def main() -> int:
    written = files()
    for path, text in written.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    print(f"wrote {len(written)} files to {SCHEMA_DIR}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
