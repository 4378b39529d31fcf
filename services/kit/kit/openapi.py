"""Write each service's OpenAPI document to proto/openapi/ (the web client's types come from them).

Run: python -m kit.openapi [service ...]
"""
import importlib
import json
import sys
from pathlib import Path

from kit.services import SERVICES

OPENAPI_DIR = Path(__file__).resolve().parents[3] / "proto" / "openapi"


def document(service: str) -> str:
    app = importlib.import_module(f"{service}.main").build_app()
    return json.dumps(app.openapi(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(services: list[str]) -> int:
    OPENAPI_DIR.mkdir(parents=True, exist_ok=True)
    for service in services or SERVICES:
        (OPENAPI_DIR / f"{service}.json").write_text(document(service))
        print(f"wrote {OPENAPI_DIR / f'{service}.json'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
