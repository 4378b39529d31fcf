"""Render a kustomization the way `kubectl kustomize` does, for the parts this repository uses,
so the tests can check what an overlay really produces without kubectl (not installed here).

    python deploy/k8s/render.py deploy/k8s/overlays/prod      # YAML on stdout

Supported: resources (files and kustomization folders), namespace, labels (metadata only),
configMapGenerator (files; behavior create/replace/merge), images (newName/newTag/digest),
replicas, and patches as JSON 6902 operations (add/replace/remove) with a kind/name target.
Anything else in a kustomization is an error here, so the tests cannot silently skip it.
Not done: the name-hash suffix of generated ConfigMaps (names stay as written).
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import yaml

KNOWN = {"apiVersion", "kind", "resources", "namespace", "labels", "configMapGenerator", "images", "replicas", "patches"}
CLUSTER_SCOPED = {"Namespace", "ClusterRole", "ClusterRoleBinding", "PersistentVolume", "StorageClass"}


def render(folder: Path | str) -> list[dict]:
    folder = Path(folder)
    kust = yaml.safe_load((folder / "kustomization.yaml").read_text())
    unknown = set(kust) - KNOWN
    if unknown:
        raise ValueError(f"{folder}: kustomization fields this renderer does not know: {sorted(unknown)}")
    docs: list[dict] = []
    for entry in kust.get("resources", []):
        path = (folder / entry).resolve()
        if path.is_dir():
            docs += render(path)
        else:
            docs += [d for d in yaml.safe_load_all(path.read_text()) if d]
    for gen in kust.get("configMapGenerator", []):
        _generate_config_map(folder, docs, gen)
    for patch in kust.get("patches", []):
        target = patch["target"]
        matches = [d for d in docs if d["kind"] == target["kind"] and d["metadata"]["name"] == target["name"]]
        if not matches:
            raise ValueError(f"{folder}: patch target not found: {target}")
        for doc in matches:
            for op in yaml.safe_load(patch["patch"]):
                _apply(doc, op)
    for image in kust.get("images", []):
        for container in _containers(docs):
            name, _, tag = container["image"].partition(":")
            if name == image["name"]:
                new = image.get("newName", name)
                if "digest" in image:
                    container["image"] = f"{new}@{image['digest']}"
                else:
                    container["image"] = f"{new}:{image.get('newTag', tag)}" if image.get("newTag", tag) else new
    for replica in kust.get("replicas", []):
        found = [d for d in docs if d["kind"] in ("Deployment", "StatefulSet") and d["metadata"]["name"] == replica["name"]]
        if not found:
            raise ValueError(f"{folder}: replicas for an unknown workload {replica['name']}")
        for d in found:
            d["spec"]["replicas"] = replica["count"]
    for label in kust.get("labels", []):
        for d in docs:
            d["metadata"].setdefault("labels", {}).update(label["pairs"])
    if "namespace" in kust:
        for d in docs:
            if d["kind"] not in CLUSTER_SCOPED:
                d["metadata"]["namespace"] = kust["namespace"]
    return docs


def _generate_config_map(folder: Path, docs: list[dict], gen: dict) -> None:
    data = {}
    for item in gen.get("files", []):
        key, _, path = item.partition("=") if "=" in item else (Path(item).name, "", item)
        data[key] = (folder / path).resolve().read_text()
    behavior = gen.get("behavior", "create")
    existing = [d for d in docs if d["kind"] == "ConfigMap" and d["metadata"]["name"] == gen["name"]]
    if behavior == "create":
        if existing:
            raise ValueError(f"{folder}: ConfigMap {gen['name']} generated twice")
        docs.append({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": gen["name"]}, "data": data})
        return
    if not existing:
        raise ValueError(f"{folder}: {behavior} of a ConfigMap the base does not generate: {gen['name']}")
    if behavior == "replace":
        existing[0]["data"] = data
    elif behavior == "merge":
        existing[0]["data"].update(data)
    else:
        raise ValueError(f"{folder}: unknown behavior {behavior}")


def _containers(docs: list[dict]):
    for d in docs:
        spec = d.get("spec", {})
        pod = spec.get("template", {}).get("spec") if "template" in spec else None
        if pod is None and d["kind"] == "CronJob":
            pod = spec["jobTemplate"]["spec"]["template"]["spec"]
        if pod:
            yield from pod.get("initContainers", [])
            yield from pod.get("containers", [])


def _apply(doc: dict, op: dict) -> None:
    parts = [p.replace("~1", "/").replace("~0", "~") for p in op["path"].lstrip("/").split("/")]
    parent = doc
    for p in parts[:-1]:
        parent = parent[int(p)] if isinstance(parent, list) else parent[p]
    last = parts[-1]
    value = copy.deepcopy(op.get("value"))
    if op["op"] == "add":
        if isinstance(parent, list):
            parent.append(value) if last == "-" else parent.insert(int(last), value)
        else:
            parent[last] = value
    elif op["op"] == "replace":
        if isinstance(parent, list):
            parent[int(last)] = value
        else:
            if last not in parent:
                raise KeyError(f"replace of a missing path {op['path']}")
            parent[last] = value
    elif op["op"] == "remove":
        del parent[int(last) if isinstance(parent, list) else last]
    else:
        raise ValueError(f"unsupported patch op {op['op']}")


if __name__ == "__main__":
    yaml.safe_dump_all(render(sys.argv[1]), sys.stdout, sort_keys=False)
