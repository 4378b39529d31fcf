"""The Kubernetes manifests' rules, on what each overlay builds to with the real `kubectl kustomize`
(kustomize.py): every object valid against the Kubernetes schemas, one base and its overlays, each
Deployment scaled on its own (autoscaler, disruption budget, probes, requests and limits, a stop
that drops nothing), default-deny NetworkPolicies with only the platform's flows, a restricted
securityContext on every pod, no `:latest` (nor untagged) image, credentials only in Secrets, and
the prod gateway on TLS."""

from __future__ import annotations

import copy
import re
import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

import kustomize  # noqa: E402  deploy/tests/kustomize.py: the real kubectl's build
from kustomize import K8S, OVERLAYS, REPO, named  # noqa: E402

SERVICES = ["identity", "catalog", "floor", "ordering", "billing", "notifications"]
# The one call between services over HTTP: online checkout reads the lines it charges, current.
SERVICE_CALLS = {("billing", "ordering")}
CREDENTIAL_IN_URL = re.compile(r"://[^/\s:@]+:[^@\s]+@")


@pytest.fixture(scope="module", params=OVERLAYS)
def docs(request) -> list[dict]:
    return kustomize.overlay(request.param)


def of_kind(docs: list[dict], kind: str) -> list[dict]:
    return [d for d in docs if d["kind"] == kind]


def pods(docs: list[dict]) -> list[tuple[str, dict]]:
    return [(d["metadata"]["name"], d["spec"]["template"]["spec"]) for d in docs if d["kind"] in ("Deployment", "Job")]


def containers(pod: dict) -> list[dict]:
    return [*pod.get("initContainers", []), *pod["containers"]]


def test_one_base_and_overlays():
    assert {"dev", "prod"} <= set(OVERLAYS)
    for overlay in OVERLAYS:
        kust = yaml.safe_load((K8S / "overlays" / overlay / "kustomization.yaml").read_text())
        assert kust["resources"] == ["../../base"], overlay
    assert not list(K8S.glob("*.yaml")), "manifests live in base/ or an overlay"


# ------------------------------------------------------------------------- images
def test_every_image_has_a_pinned_tag(docs):
    for name, pod in pods(docs):
        for c in containers(pod):
            image = c["image"]
            assert "@sha256:" in image or re.fullmatch(r"[\w./-]+:[\w.-]+", image), (name, image)
            assert not image.endswith(":latest"), (name, image)


def test_overlays_set_the_platform_images():
    for overlay in OVERLAYS:
        tags = {c["image"] for _, pod in pods(kustomize.overlay(overlay)) for c in containers(pod)
                if c["image"].startswith("restaurant-platform/")}
        assert len({t.split(":", 1)[1] for t in tags}) == 1, (overlay, tags)


# ------------------------------------------------------------------------- securityContext
def test_every_pod_runs_restricted(docs):
    for name, pod in pods(docs):
        sc = pod["securityContext"]
        assert sc["runAsNonRoot"] is True and sc["runAsUser"] > 0, name
        assert sc["seccompProfile"]["type"] == "RuntimeDefault", name
        assert pod.get("automountServiceAccountToken") is False, name
        assert not pod.get("hostNetwork") and not pod.get("hostPID"), name
        for c in containers(pod):
            csc = c["securityContext"]
            assert csc["allowPrivilegeEscalation"] is False, (name, c["name"])
            assert csc["readOnlyRootFilesystem"] is True, (name, c["name"])
            assert csc["capabilities"]["drop"] == ["ALL"] and not csc["capabilities"].get("add"), (name, c["name"])
            assert not csc.get("privileged"), (name, c["name"])


def test_read_only_containers_get_a_writable_tmp(docs):
    for name, pod in pods(docs):
        volumes = {v["name"]: v for v in pod.get("volumes", [])}
        for c in containers(pod):
            tmp = [m for m in c.get("volumeMounts", []) if m["mountPath"] == "/tmp"]
            assert tmp and "emptyDir" in volumes[tmp[0]["name"]], (name, c["name"])


# ------------------------------------------------------------------------- secrets
def test_credentials_live_in_secrets_only(docs):
    assert not of_kind(docs, "Secret"), "Secrets are created out of band, never rendered from the repository"
    for cm in of_kind(docs, "ConfigMap"):
        if cm["metadata"]["name"].startswith("gateway-"):
            continue  # the gateway's config files
        for key, value in cm["data"].items():
            assert not CREDENTIAL_IN_URL.search(str(value)), (cm["metadata"]["name"], key)
            assert not re.search(r"PASSWORD|SECRET|TOKEN", key), (cm["metadata"]["name"], key)
    for name, pod in pods(docs):
        for c in containers(pod):
            for e in c.get("env", []):
                if "value" in e:
                    assert not CREDENTIAL_IN_URL.search(e["value"]), (name, e["name"])
                    assert not re.search(r"PASSWORD|SECRET", e["name"]), (name, e["name"])
                if e["name"] in ("DATABASE_URL", "RABBITMQ_URL", "REDIS_URL", "ADMIN_PASSWORD", "GOOGLE", "FACEBOOK"):
                    assert "secretKeyRef" in e.get("valueFrom", {}), (name, e["name"])


def test_no_demo_owner_and_no_published_password(docs):
    """The demo (and its owner, whose password is published) exists only in the local stack: no
    pod turns it on, and the seed Job's admin password comes from the Secret alone."""
    from identity.seed import DEMO_PASSWORD, LOCAL_ADMIN_PASSWORD

    for cm in of_kind(docs, "ConfigMap"):
        assert not {"DEMO_LOGIN_ENABLED", "DEMO_PASSWORD"} & set(cm.get("data", {})), cm["metadata"]["name"]
    for name, pod in pods(docs):
        for c in containers(pod):
            assert not {"DEMO_LOGIN_ENABLED", "DEMO_PASSWORD"} & {e["name"] for e in c.get("env", [])}, name
    rendered = yaml.safe_dump_all(docs)
    assert DEMO_PASSWORD not in rendered and LOCAL_ADMIN_PASSWORD not in rendered
    seed = named(docs, "Job", "identity-seed")["spec"]["template"]["spec"]["containers"][0]
    admin = next(e for e in seed["env"] if e["name"] == "ADMIN_PASSWORD")
    assert admin["valueFrom"]["secretKeyRef"]["name"] == "identity-admin"
    assert seed["args"] == ["seed"]


@pytest.mark.parametrize("service", SERVICES)
def test_each_service_has_its_own_database_and_broker_secret(docs, service):
    pod = named(docs, "Deployment", service)["spec"]["template"]["spec"]
    for c in containers(pod):
        refs = {e["name"]: e["valueFrom"]["secretKeyRef"]["name"] for e in c["env"] if "valueFrom" in e}
        assert refs["DATABASE_URL"] == f"{service}-db" and refs["RABBITMQ_URL"] == f"{service}-mq"


@pytest.mark.parametrize("service", SERVICES)
def test_each_service_logs_in_to_redis_as_its_own_user(docs, service):
    """Redis answers no one without a login (users.acl: default off): each service's REDIS_URL,
    with its password, comes from a Secret of its own; nothing shared carries one."""
    assert "REDIS_URL" not in named(docs, "ConfigMap", "platform-env")["data"]
    pod = named(docs, "Deployment", service)["spec"]["template"]["spec"]
    (main,) = pod["containers"]
    refs = {e["name"]: e["valueFrom"]["secretKeyRef"]["name"] for e in main["env"] if "valueFrom" in e}
    assert refs["REDIS_URL"] == f"{service}-redis"
    seed = named(docs, "Job", "identity-seed")["spec"]["template"]["spec"]["containers"][0]
    assert {e["name"]: e.get("valueFrom", {}).get("secretKeyRef", {}).get("name") for e in seed["env"]}["REDIS_URL"] == "identity-redis"
    example = [d for d in yaml.safe_load_all((K8S / "base" / "secrets.example.yaml").read_text()) if d]
    assert "identity-redis" in {d["metadata"]["name"] for d in example}


def test_only_identity_mounts_the_private_key(docs):
    holders = {name for name, pod in pods(docs) for v in pod.get("volumes", [])
               if v.get("secret", {}).get("secretName") == "jwt-private"}
    assert holders == {"identity"}
    example = [d for d in yaml.safe_load_all((K8S / "base" / "secrets.example.yaml").read_text()) if d]
    assert {"jwt-private", "jwt-public", "identity-db", "identity-mq", "identity-admin"} <= {d["metadata"]["name"] for d in example}


def test_forwarded_headers_are_never_trusted_from_anyone(docs):
    env = named(docs, "ConfigMap", "platform-env")["data"]
    assert env["FORWARDED_ALLOW_IPS"] and "*" not in env["FORWARDED_ALLOW_IPS"]


def test_behind_the_load_balancer_every_limit_sees_the_clients_own_address():
    """The chain, end to end: the LoadBalancer keeps the client's address (externalTrafficPolicy:
    Local, no SNAT to a node); Traefik trusts no forwarded header, so X-Forwarded-For is that
    address; the services trust X-Forwarded-* from the pod network only, which the NetworkPolicies
    open to the gateway alone. One client's failed logins then lock out that client, not everyone."""
    docs = kustomize.overlay("prod")
    svc = named(docs, "Service", "gateway")["spec"]
    assert svc["type"] == "LoadBalancer" and svc.get("externalTrafficPolicy") == "Local"
    static = yaml.safe_load(gateway_static_file(docs))
    for name, entrypoint in static["entryPoints"].items():
        forwarded = entrypoint.get("forwardedHeaders", {})
        assert not forwarded.get("insecure") and not forwarded.get("trustedIPs"), name
    entrypoint = (REPO / "deploy" / "docker" / "service-entrypoint.sh").read_text()
    assert '--proxy-headers --forwarded-allow-ips "${FORWARDED_ALLOW_IPS:-127.0.0.1}"' in entrypoint
    gateway = labels_of(docs, "gateway")
    for s in SERVICES:
        service = labels_of(docs, s)
        assert not allowed(docs, None, service, 8000) and allowed(docs, gateway, service, 8000), s
        pod = named(docs, "Deployment", s)["spec"]["template"]["spec"]
        assert all(c.get("args") in (["serve"], ["migrate"]) and "command" not in c for c in containers(pod)), \
            "the image's entrypoint sets uvicorn's flags"


# ------------------------------------------------------------------------- ephemeral storage
def quantity(value: str) -> int:
    units = {"Ki": 1 << 10, "Mi": 1 << 20, "Gi": 1 << 30}
    for suffix, factor in units.items():
        if str(value).endswith(suffix):
            return int(str(value)[: -len(suffix)]) * factor
    return int(value)


def test_every_container_has_an_ephemeral_storage_budget(docs):
    """A pod whose /tmp, logs or spool grow past their budget is stopped by the kubelet instead of
    filling the node's disk; every emptyDir is bounded and fits in its pod's budget."""
    for name, pod in pods(docs):
        for c in containers(pod):
            resources = c.get("resources", {})
            assert quantity(resources["requests"]["ephemeral-storage"]) > 0, (name, c["name"])
            assert quantity(resources["limits"]["ephemeral-storage"]) >= quantity(resources["requests"]["ephemeral-storage"])
        empty_dirs = [v["emptyDir"] for v in pod.get("volumes", []) if "emptyDir" in v]
        assert all("sizeLimit" in e for e in empty_dirs), name
        budget = sum(quantity(c["resources"]["limits"]["ephemeral-storage"]) for c in pod["containers"])
        assert sum(quantity(e["sizeLimit"]) for e in empty_dirs) < budget, name


def test_the_gateway_spool_has_room_for_every_upload_it_takes_at_once(docs):
    """gateway/README.md's arithmetic: the upload routes hold at most spool_bound() bytes of bodies
    on disk per gateway process; its /tmp (where Traefik spools, $TMPDIR) is larger, with room for
    answers over memResponseBodyBytes."""
    from test_gateway_policy import spool_bound

    import route_table  # gateway/route_table.py (on the path through test_gateway_policy)

    pod = named(docs, "Deployment", "gateway")["spec"]["template"]["spec"]
    (traefik,) = pod["containers"]
    tmp = next(m for m in traefik["volumeMounts"] if m["mountPath"] == "/tmp")
    assert not any(e["name"] == "TMPDIR" for e in traefik.get("env", [])), "Traefik spools to /tmp"
    size = quantity(next(v for v in pod["volumes"] if v["name"] == tmp["name"])["emptyDir"]["sizeLimit"])
    bound = spool_bound(route_table.load({}))
    assert bound <= size // 2, (bound, size)


# ------------------------------------------------------------------------- network policies
def selects(selector: dict, labels: dict) -> bool:
    return selector.get("matchLabels", {}).items() <= labels.items() and not selector.get("matchExpressions")


def peer_matches(peer: dict, source: dict | None) -> bool:
    """source: a pod's labels in this namespace, or None for anything outside it."""
    if "ipBlock" in peer:
        return source is None
    if "namespaceSelector" in peer:
        return False  # only kube-system's DNS here: neither the platform's pods nor the outside
    return source is not None and selects(peer["podSelector"], source)


def rule_allows(rule: dict, peers_key: str, other: dict | None, port: int) -> bool:
    ports = rule.get("ports")
    if ports and not any(p.get("port") == port and p.get("protocol", "TCP") == "TCP" for p in ports):
        return False
    peers = rule.get(peers_key)
    return not peers or any(peer_matches(p, other) for p in peers)


def direction_allows(docs: list[dict], direction: str, pod: dict, other: dict | None, port: int) -> bool:
    policies = [p for p in of_kind(docs, "NetworkPolicy")
                if direction in p["spec"]["policyTypes"] and selects(p["spec"]["podSelector"], pod)]
    if not policies:
        return True  # a pod no policy selects is not isolated
    key, peers_key = ("ingress", "from") if direction == "Ingress" else ("egress", "to")
    return any(rule_allows(r, peers_key, other, port) for p in policies for r in p["spec"].get(key, []))


def allowed(docs: list[dict], source: dict | None, target: dict | None, port: int) -> bool:
    """Both ends must allow a flow: the source's egress and the target's ingress."""
    ok = True
    if source is not None:
        ok &= direction_allows(docs, "Egress", source, target, port)
    if target is not None:
        ok &= direction_allows(docs, "Ingress", target, source, port)
    return ok


def labels_of(docs: list[dict], name: str) -> dict:
    kind = "Job" if name == "identity-seed" else "Deployment"
    return named(docs, kind, name)["spec"]["template"]["metadata"]["labels"]


def test_default_deny_in_and_out(docs):
    deny = named(docs, "NetworkPolicy", "default-deny-all")["spec"]
    assert deny["podSelector"] == {} and set(deny["policyTypes"]) == {"Ingress", "Egress"}
    assert not deny.get("ingress") and not deny.get("egress")


def test_the_platform_flows_are_allowed(docs):
    gateway, web = labels_of(docs, "gateway"), labels_of(docs, "web")
    assert allowed(docs, None, gateway, 8080), "the outside reaches the gateway"
    assert allowed(docs, gateway, web, 8080)
    for s in SERVICES:
        svc = labels_of(docs, s)
        assert allowed(docs, gateway, svc, 8000), s
        for port in (5432, 5672, 6379):
            assert allowed(docs, svc, None, port), (s, port)
    seed = labels_of(docs, "identity-seed")
    assert allowed(docs, seed, None, 5432)
    assert allowed(docs, labels_of(docs, "identity"), None, 587), "reset mails"
    assert allowed(docs, labels_of(docs, "identity"), None, 443), "sign-in providers"
    assert allowed(docs, labels_of(docs, "billing"), None, 443), "the payment provider"
    assert allowed(docs, labels_of(docs, "billing"), labels_of(docs, "ordering"), 8000), "online checkout reads the lines"


def test_everything_else_is_denied(docs):
    gateway, web = labels_of(docs, "gateway"), labels_of(docs, "web")
    for s in SERVICES:
        svc = labels_of(docs, s)
        assert not allowed(docs, None, svc, 8000), f"{s} reachable from outside the gateway"
        assert not allowed(docs, web, svc, 8000), s
        for other in SERVICES:
            if other != s and (s, other) not in SERVICE_CALLS:
                assert not allowed(docs, svc, labels_of(docs, other), 8000), (s, other)
        assert not allowed(docs, svc, gateway, 8080), s
        if s not in ("identity", "billing"):
            assert not allowed(docs, svc, None, 443), f"{s} has no business on the internet"
    assert not allowed(docs, None, web, 8080), "the web pods are reached through the gateway"
    assert not allowed(docs, gateway, None, 5432), "the gateway never talks to the databases"
    assert not allowed(docs, web, None, 443)


# ------------------------------------------------------------------------- the gateway per overlay
def gateway_pod(docs: list[dict]) -> dict:
    return named(docs, "Deployment", "gateway")["spec"]["template"]["spec"]


def gateway_static_file(docs: list[dict]) -> str:
    """The static configuration Traefik reads: the key of gateway-static mounted at its path."""
    (traefik,) = gateway_pod(docs)["containers"]
    mount = next(m for m in traefik["volumeMounts"] if m["mountPath"] == "/etc/traefik/traefik.yml")
    volume = next(v for v in gateway_pod(docs)["volumes"] if v["name"] == mount["name"])
    assert named(docs, "ConfigMap", "gateway-static")["metadata"]["name"] == volume["configMap"]["name"]
    return named(docs, "ConfigMap", "gateway-static")["data"][mount["subPath"]]


def gateway_dynamic_files(docs: list[dict]) -> dict[str, str]:
    """{file name: text} of Traefik's dynamic folder, whatever ConfigMaps make it up."""
    (traefik,) = gateway_pod(docs)["containers"]
    mount = next(m for m in traefik["volumeMounts"] if m["mountPath"] == "/etc/traefik/dynamic")
    volume = next(v for v in gateway_pod(docs)["volumes"] if v["name"] == mount["name"])
    sources = [s["configMap"] for s in volume["projected"]["sources"]] if "projected" in volume else [volume["configMap"]]
    maps = {d["metadata"]["name"]: d for d in of_kind(docs, "ConfigMap")}
    files: dict[str, str] = {}
    for source in sources:
        for key, text in maps[source["name"]]["data"].items():
            assert key not in files, f"{key} twice in the dynamic folder"
            files[key] = text
    return files


def test_the_gateway_reads_the_very_files_of_gateway():
    """One copy of each file: the ConfigMaps are made from gateway/ itself (gateway/kustomization.yaml),
    the folder the local launcher and docker-compose read."""
    for overlay in OVERLAYS:
        docs = kustomize.overlay(overlay)
        assert gateway_dynamic_files(docs)["routes.yml"] == (REPO / "gateway" / "dynamic" / "routes.yml").read_text()
        plugin = named(docs, "ConfigMap", "gateway-plugin-requestid")["data"]
        source = REPO / "gateway" / "plugins-local" / "src" / "github.com" / "restaurant-platform" / "requestid"
        assert plugin == {f.name: f.read_text() for f in source.iterdir() if f.is_file()}
    assert not list(K8S.rglob("traefik*.yml")) and not list(K8S.rglob("routes.yml")), "no copy under deploy/k8s"


def test_prod_gateway_terminates_tls():
    docs = kustomize.overlay("prod")
    static = gateway_static_file(docs)
    assert static == (REPO / "gateway" / "traefik-tls.yml").read_text()
    routes = gateway_dynamic_files(docs)
    assert routes["tls.yml"] == (REPO / "gateway" / "tls" / "certificates.yml").read_text()
    svc = named(docs, "Service", "gateway")["spec"]
    assert svc["type"] == "LoadBalancer"
    assert {(p["port"], p["targetPort"]) for p in svc["ports"]} == {(443, "https"), (80, "http")}
    pod = gateway_pod(docs)
    (traefik,) = pod["containers"]
    ports = {p["name"]: p["containerPort"] for p in traefik["ports"]}
    tls_static = yaml.safe_load(static)
    assert tls_static["entryPoints"]["web"]["address"] == f":{ports['https']}"
    assert tls_static["entryPoints"]["web-redirect"]["address"] == f":{ports['http']}"
    certs = yaml.safe_load(routes["tls.yml"])["tls"]["certificates"][0]
    mount = next(m for m in traefik["volumeMounts"] if m["name"] == "tls")
    assert certs["certFile"].startswith(mount["mountPath"] + "/") and mount["readOnly"] is True
    tls_volume = next(v for v in pod["volumes"] if v["name"] == "tls")
    assert tls_volume["secret"]["secretName"] == "gateway-tls"
    policy = named(docs, "NetworkPolicy", "gateway")["spec"]
    assert {p["port"] for r in policy["ingress"] for p in r["ports"]} >= set(ports.values())


def test_dev_gateway_is_plain_http_inside_the_cluster():
    docs = kustomize.overlay("dev")
    assert gateway_static_file(docs) == (REPO / "gateway" / "traefik.yml").read_text()
    assert set(gateway_dynamic_files(docs)) == {"routes.yml"}, "no certificate where nothing terminates TLS"
    assert named(docs, "Service", "gateway")["spec"]["type"] == "ClusterIP"
    assert all(h["spec"]["minReplicas"] == 1 for h in of_kind(docs, "HorizontalPodAutoscaler"))


# ------------------------------------------------------------------------- valid objects
@pytest.mark.parametrize("version", kustomize.KUBERNETES_VERSIONS)
@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_object_is_valid_against_the_kubernetes_schemas(overlay, version):
    """Built by kubectl with no load-restrictor flag (so `kubectl apply -k` takes it as it is), then
    each object against its kind's strict schema: a misspelt field is an error, not ignored."""
    docs = kustomize.overlay(overlay)
    assert {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "NetworkPolicy",
            "ConfigMap", "Job", "Namespace", "PersistentVolumeClaim"} <= {d["kind"] for d in docs}
    assert kustomize.validation_errors(docs, version) == []


def test_the_schema_check_refuses_what_kubernetes_would():
    deployment = copy.deepcopy(named(kustomize.overlay("prod"), "Deployment", "ordering"))
    deployment["spec"]["template"]["spec"]["containers"][0]["readinessProbe"]["httpGet"]["paht"] = "/readyz"
    budget = copy.deepcopy(named(kustomize.overlay("prod"), "PodDisruptionBudget", "ordering"))
    budget["spec"]["maxUnavailable"] = [1]
    errors = kustomize.validation_errors([deployment, budget], "latest")
    assert len(errors) == 2 and "paht" in errors[0], errors


def test_no_kustomization_reads_a_file_outside_its_folder():
    """The reason `kubectl apply -k` needs no --load-restrictor flag: every file a kustomization names
    (resources, generators, patches) lies inside its own folder; other folders come in as resources
    with a kustomization of their own (gateway/)."""
    for kust in [*K8S.rglob("kustomization.yaml"), REPO / "gateway" / "kustomization.yaml"]:
        spec = yaml.safe_load(kust.read_text())
        files = [f.split("=", 1)[-1] for g in spec.get("configMapGenerator", []) + spec.get("secretGenerator", [])
                 for f in g.get("files", [])]
        files += [p["path"] for p in spec.get("patches", []) if "path" in p]
        files += [r for r in spec.get("resources", []) if not (kust.parent / r).is_dir()]
        for f in files:
            assert (kust.parent / f).resolve().is_relative_to(kust.parent), (kust, f)
    for readme in (K8S / "README.md", REPO / "README.md"):
        assert "LoadRestrictionsNone" not in readme.read_text(), readme


# ------------------------------------------------------------------------- scaling, one Deployment at a time
def deployments(docs: list[dict]) -> dict[str, dict]:
    return {d["metadata"]["name"]: d for d in of_kind(docs, "Deployment")}


def test_every_deployment_scales_on_its_own(docs):
    """An autoscaler per Deployment (CPU against the request), which owns the replica count (none in
    the Deployment: `kubectl apply` must not scale a busy service down), and a disruption budget that
    lets a drain take one pod at a time."""
    hpas = {h["spec"]["scaleTargetRef"]["name"]: h for h in of_kind(docs, "HorizontalPodAutoscaler")}
    pdbs = of_kind(docs, "PodDisruptionBudget")
    assert set(hpas) == set(deployments(docs)) == {*SERVICES, "web", "gateway"}
    for name, deployment in deployments(docs).items():
        assert "replicas" not in deployment["spec"], name
        hpa = hpas[name]["spec"]
        assert hpa["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": name}
        assert 1 <= hpa["minReplicas"] < hpa["maxReplicas"], name
        (metric,) = hpa["metrics"]
        assert metric["resource"]["name"] == "cpu" and 0 < metric["resource"]["target"]["averageUtilization"] <= 80
        selector = deployment["spec"]["selector"]
        (budget,) = [b for b in pdbs if b["spec"]["selector"] == selector]
        assert budget["spec"].get("maxUnavailable") == 1, name
        rolling = deployment["spec"]["strategy"]["rollingUpdate"]
        assert rolling["maxUnavailable"] == 0 and rolling["maxSurge"] >= 1, "an update never lowers what serves"


def test_prod_keeps_two_of_everything():
    docs = kustomize.overlay("prod")
    assert all(h["spec"]["minReplicas"] >= 2 for h in of_kind(docs, "HorizontalPodAutoscaler"))


def test_every_container_has_probes_requests_and_limits(docs):
    for name, deployment in deployments(docs).items():
        (main,) = deployment["spec"]["template"]["spec"]["containers"]
        assert main.get("readinessProbe") and main.get("livenessProbe"), name
        resources = main["resources"]
        for key in ("cpu", "memory"):
            assert quantity_cpu(resources["requests"][key]) <= quantity_cpu(resources["limits"][key]), (name, key)
        if name in SERVICES:
            assert main["readinessProbe"]["httpGet"]["path"] == "/readyz"
            assert main["livenessProbe"]["httpGet"]["path"] == "/healthz"
            # A pod slow under a rush is not taken out (nor restarted) for it.
            assert main["readinessProbe"]["timeoutSeconds"] >= 5 and main["livenessProbe"]["timeoutSeconds"] >= 5
            # One event loop cannot use more than a core; the PDF renders share it.
            assert resources["limits"]["cpu"] == "1", name


def test_a_stopping_pod_drops_no_request(docs):
    """The endpoint leaves the Service first (preStop), then uvicorn finishes what is in flight
    (--timeout-graceful-shutdown 20, deploy/docker/service-entrypoint.sh), within the grace period."""
    entrypoint = (REPO / "deploy" / "docker" / "service-entrypoint.sh").read_text()
    graceful = int(re.search(r"--timeout-graceful-shutdown (\d+)", entrypoint).group(1))
    for name, deployment in deployments(docs).items():
        pod = deployment["spec"]["template"]["spec"]
        (main,) = pod["containers"]
        pause = int(main["lifecycle"]["preStop"]["exec"]["command"][1])
        assert main["lifecycle"]["preStop"]["exec"]["command"][0] == "sleep" and pause >= 5, name
        if name in SERVICES:
            assert pod["terminationGracePeriodSeconds"] > pause + graceful, name


def quantity_cpu(value) -> float:
    """CPU ('250m', '1') or memory ('192Mi') as one number of its unit, to compare requests and limits."""
    value = str(value)
    if value.endswith("m"):
        return int(value[:-1]) / 1000
    return quantity(value) if value[-2:] in ("Ki", "Mi", "Gi") else float(value)
