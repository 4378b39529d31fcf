"""Several processes of a service in the local stack (deploy/local/config.py, stack.py): each its own
name and port, the choice kept for later calls until replaced, and the gateway's route table naming
every process in rotation, health-checked where there is another to take over. The live behaviour
(joining when ready, replacing one at a time, leaving before stopping, with orders flowing) is
gateway/tests/test_rolling_restart.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "deploy" / "local"))

import config  # noqa: E402  deploy/local/config.py
import stack  # noqa: E402  deploy/local/stack.py


def table_with(replicas: str) -> list[dict]:
    """The process table as a fresh launcher sees it with REPLICAS set."""
    code = ("import json, config; print(json.dumps([{'name': p.name, 'port': p.port, 'service': p.service, "
            "'cmd': p.cmd} for p in config.PROCESSES]))")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO / "deploy" / "local", capture_output=True, text=True,
                          env={**os.environ, "REPLICAS": replicas}, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_each_process_of_a_service_has_its_own_name_and_port():
    most = " ".join(f"{name}={config.MAX_REPLICAS}" for name in config.SERVICES)
    table = table_with(most)
    ports = [p["port"] for p in table]
    assert len(ports) == len(set(ports)), "two processes on one port"
    for name, port in config.SERVICES.items():
        processes = [p for p in table if p["service"] == name]
        assert [p["name"] for p in processes] == [name] + [f"{name}-{r}" for r in range(2, config.MAX_REPLICAS + 1)]
        assert processes[0]["port"] == port, "the first keeps the service's port"
        assert all(p["cmd"][p["cmd"].index("--port") + 1] == str(p["port"]) for p in processes)
    assert [p["name"] for p in table_with("ordering=2 notifications=2") if p["service"]] == [
        "identity", "catalog", "floor", "ordering", "ordering-2", "billing", "notifications", "notifications-2"]


@pytest.mark.parametrize("choice", ["ordering=0", "ordering=10", "kitchen=2", "ordering", "ordering=two"])
def test_a_wrong_choice_is_refused(choice):
    with pytest.raises(ValueError):
        config.parse_replicas(choice)


def test_the_choice_is_kept_until_another_replaces_it(tmp_path, monkeypatch):
    monkeypatch.setattr(config, "REPLICAS_FILE", tmp_path / "replicas.json")
    monkeypatch.setenv("REPLICAS", "ordering=2, notifications=3")
    assert config.chosen_replicas() == {"ordering": 2, "notifications": 3}
    monkeypatch.setattr(config, "REPLICAS", {**dict.fromkeys(config.SERVICES, 1), "ordering": 2, "notifications": 3})
    stack.save_replicas()
    monkeypatch.delenv("REPLICAS")
    assert config.chosen_replicas() == {"ordering": 2, "notifications": 3}, "a later `make up` keeps it"
    monkeypatch.setenv("REPLICAS", "default")
    monkeypatch.setattr(config, "REPLICAS", dict.fromkeys(config.SERVICES, 1))
    stack.save_replicas()
    monkeypatch.delenv("REPLICAS")
    assert config.chosen_replicas() == {}


def test_the_gateway_sends_a_service_to_each_of_its_processes_in_rotation(tmp_path, monkeypatch):
    processes = {name: [config._service(name, r) for r in range(1, 3 if name == "ordering" else 2)]
                 for name in config.SERVICES}
    monkeypatch.setattr(config, "service_processes", lambda name: processes[name])
    monkeypatch.setattr(stack, "GATEWAY_DYNAMIC", tmp_path)
    monkeypatch.setattr(stack, "_read_state", lambda p: {"pid": 1})
    monkeypatch.setattr(stack, "_alive", lambda state: True)
    monkeypatch.setattr(stack, "HELD_OUT", tmp_path / "held-out.json")
    monkeypatch.setattr(stack, "ROTATION_LOCK", tmp_path / "rotation.lock")

    members = stack.render_routes()
    rendered = yaml.safe_load((tmp_path / "routes.yml").read_text())
    source = yaml.safe_load((REPO / "gateway" / "dynamic" / "routes.yml").read_text())
    ordering = rendered["http"]["services"]["ordering"]["loadBalancer"]
    assert ordering["servers"] == [{"url": "http://127.0.0.1:8104"}, {"url": f"http://127.0.0.1:{config.replica_port('ordering', 2)}"}]
    assert ordering["healthCheck"]["path"] == "/readyz"
    catalog = rendered["http"]["services"]["catalog"]["loadBalancer"]
    assert catalog == {"servers": [{"url": "http://127.0.0.1:8102"}]}, "a lone process is not probed"
    assert members["ordering"] == {s["url"] for s in ordering["servers"]}
    # The rest of the table is the source's, and the launcher's API router stays on its own entrypoint.
    assert rendered["http"]["middlewares"] == source["http"]["middlewares"]
    api = rendered["http"]["routers"].pop("local-api")
    assert api["entryPoints"] == ["local-api"] and api["service"] == "api@internal"
    assert rendered["http"]["routers"] == source["http"]["routers"]
    assert rendered["http"]["services"]["web"] == source["http"]["services"]["web"]

    assert stack._hold(["ordering-2"], out=True)["ordering"] == {"http://127.0.0.1:8104"}  # being replaced
    held = json.loads((tmp_path / "held-out.json").read_text())
    assert held == {"ordering-2": os.getpid()}, "every launcher sees it: another `make up` keeps it out too"
    assert stack.render_routes()["ordering"] == {"http://127.0.0.1:8104"}
    ordering = yaml.safe_load((tmp_path / "routes.yml").read_text())["http"]["services"]["ordering"]["loadBalancer"]
    assert ordering["servers"] == [{"url": "http://127.0.0.1:8104"}]
    assert not list(tmp_path.glob("*.tmp")), "written in one step"
    (tmp_path / "held-out.json").write_text(json.dumps({"ordering-2": 2 ** 22 + 1}))  # its launcher is gone
    assert stack.render_routes()["ordering"] == {"http://127.0.0.1:8104", f"http://127.0.0.1:{config.replica_port('ordering', 2)}"}
