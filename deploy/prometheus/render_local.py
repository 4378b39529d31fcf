"""prometheus.yml for the local stack: the one configuration (prometheus.yml beside this file) with
each job's Kubernetes discovery replaced by static targets, one per process of the launcher's table
(deploy/local/config.py, replicas included), labelled as the Kubernetes relabelling labels a pod:
`job` the service, `instance` the process. Everything else (intervals, paths, rules) stays as
shipped. The launcher (deploy/local/stack.py) writes it to .run/prometheus/prometheus.yml.

A job here without local targets is an error: a job added for Kubernetes must say what it scrapes
locally too (`local_targets`).
"""

from __future__ import annotations

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "prometheus.yml"
# What Kubernetes discovery and relabelling stand for in the shipped file; locally the targets say it.
KUBERNETES_ONLY = ("kubernetes_sd_configs", "relabel_configs")


def local_targets(processes, gateway_metrics_port: int) -> dict[str, list[dict]]:
    """Each job's static targets: every service process (its uvicorn port), and the gateway's
    metrics entrypoint. Processes the launcher skips (`requires` missing) are left out."""
    running = [p for p in processes if p.requires is None or p.requires.exists()]
    return {
        "services": [{"targets": [f"127.0.0.1:{p.port}"], "labels": {"job": p.service, "instance": p.name}}
                     for p in running if p.service],
        "gateway": [{"targets": [f"127.0.0.1:{gateway_metrics_port}"], "labels": {"job": "gateway", "instance": p.name}}
                    for p in running if p.name == "gateway"],
    }


def render(processes, gateway_metrics_port: int) -> str:
    config = yaml.safe_load(SOURCE.read_text())
    targets = local_targets(processes, gateway_metrics_port)
    for job in config["scrape_configs"]:
        name = job["job_name"]
        if name not in targets:
            raise ValueError(f"{SOURCE}: job {name!r} has no local targets in {Path(__file__).name}")
        for key in KUBERNETES_ONLY:
            job.pop(key, None)
        job["static_configs"] = targets[name]
    config["rule_files"] = [str(HERE / rules) for rules in config.get("rule_files", [])]
    return (f"# Rendered by deploy/local/stack.py from {SOURCE.relative_to(HERE.parents[1])}; do not edit.\n"
            + yaml.safe_dump(config, sort_keys=False))
