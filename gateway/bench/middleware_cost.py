#!/usr/bin/env python3
"""What each part of the gateway costs on one hot GET (by default the public menu, gzip as phones ask).

    .venv/bin/python gateway/bench/middleware_cost.py --menu <id> [--variants current,bare,...]
        [--rounds 3] [--seconds 6] [--connections 64] [--profile VARIANT]

Needs the local stack running (`make up`) and a public menu id (`make bench` prints one). For each
variant it starts one more Traefik (the same binary, static configuration and route table, each on
a port of its own, none touching the running gateway), then runs wrk against catalog directly and
against every variant, back to back in rounds (the order rotating each round), and prints per
variant: requests/s, the ratio to catalog direct in the same round, p95 and Traefik's CPU
milliseconds per request (from /proc, the figure least moved by whatever else the machine runs).
`--profile VARIANT` also takes a CPU profile of that Traefik under load (its pprof endpoint, on an
internal entrypoint only this run opens) and prints the top functions: `go tool pprof` is not
needed, the profile is read here.

Variants change only the router that serves the path under test (a router of priority 1000 in
front of the table's own) or a process-wide setting; `current` is the table as it is.
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import copy
import gzip
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import yaml

GATEWAY = Path(__file__).resolve().parents[1]
REPO = GATEWAY.parent
sys.path.insert(0, str(GATEWAY))
sys.path.insert(0, str(REPO / "deploy" / "local"))

import route_table  # noqa: E402
import config as stack_config  # noqa: E402  deploy/local/config.py: the gateway's environment

WRK_SCRIPT = REPO / "deploy" / "bench" / "report.lua"
DIRECT = "http://127.0.0.1:8102"
FIRST_PORT = 8380
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PHONE = {"Accept-Encoding": "gzip, deflate, br", "User-Agent": "Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36"}


@dataclass
class Variant:
    """How one Traefik differs from the gateway as configured."""
    name: str
    what: str
    middlewares: list[str] | None = None  # the router under test's middlewares; None: as in the table
    access_log: bool = True  # that router's access log
    env: dict[str, str] = field(default_factory=dict)  # on top of the launcher's GATEWAY_RUNTIME
    static: dict = field(default_factory=dict)  # merged into the static configuration
    extra_middlewares: dict = field(default_factory=dict)  # added to the dynamic configuration


# Access-log fields that repeat another (ClientAddr = ClientHost:ClientPort, StartLocal = StartUTC
# here) or that nobody reads.
LEAN_LOG_DROPS = ["ClientAddr", "ClientPort", "ClientUsername", "StartLocal", "RequestAddr", "RequestPort",
                  "RequestScheme", "RequestCount", "GzipRatio", "Overhead", "ServiceAddr", "ServiceName"]


def variants(router: dict) -> dict[str, Variant]:
    """`current`, then the router under test without each of its middlewares, with a body limit
    when it has none, and process-wide settings."""
    table = list(router["middlewares"])
    found = [Variant("current", f"the route table as it is: {', '.join(table)}")]
    for name in table:
        found.append(Variant(f"without-{name}", f"without {name}", [m for m in table if m != name]))
    if not any(m.startswith("body-") for m in table):
        found.append(Variant("with-body-json", "with body-json (Traefik's buffering middleware) added last",
                             [*table, "body-json"]))
    found += [
        Variant("no-access-log", "with this router's access log off", table, access_log=False),
        Variant("bare", "no middleware, access log off (the proxy alone)", [], access_log=False),
        Variant("log-lean", "access log without the fields that repeat others or nobody reads",
                None, static={"accessLog": {"fields": {"names": {name: "drop" for name in LEAN_LOG_DROPS}}}}),
        Variant("no-metrics", "without Prometheus metrics (the static `metrics` section)", None, static={"metrics": None}),
        Variant("gogc-100", "Go's default collector (GOGC=100)", None, env={"GOGC": "100"}),
        Variant("gogc-800", "a lazier collector (GOGC=800)", None, env={"GOGC": "800"}),
        Variant("one-thread", "GOMAXPROCS=1 (Go schedules on one core)", None, env={"GOMAXPROCS": "1"}),
        Variant("one-thread-no-access-log", "GOMAXPROCS=1 and this router's access log off", table,
                access_log=False, env={"GOMAXPROCS": "1"}),
        Variant("fast-proxy", "Traefik's fasthttp proxy to the services (static experimental.fastProxy)",
                None, static={"experimental": {"fastProxy": {}}}),
        Variant("log-async", "access log lines handed to a writer goroutine (accessLog.bufferingSize 100)",
                None, static={"accessLog": {"bufferingSize": 100}}),
    ]
    return {v.name: v for v in found}


# ------------------------------------------------------------------------------ processes
@dataclass
class Gateway:
    variant: Variant
    port: int
    process: subprocess.Popen
    folder: Path
    debug_port: int | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def merge(into: dict, extra: dict) -> None:
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            merge(into[key], value)
        else:
            into[key] = value


def start(variant: Variant, port: int, path: str, folder: Path, debug_port: int | None) -> Gateway:
    static = yaml.safe_load((GATEWAY / "traefik.yml").read_text())
    static["entryPoints"]["web"]["address"] = f"127.0.0.1:{port}"
    for n, other in enumerate(name for name in static["entryPoints"] if name != "web"):
        static["entryPoints"][other]["address"] = f"127.0.0.1:{port + 100 + n}"  # metrics etc.: kept, moved
    static["providers"]["file"] = {"directory": str(folder / "dynamic"), "watch": False}
    static["log"]["filePath"] = str(folder / "traefik.log")
    static["accessLog"]["filePath"] = str(folder / "access.log")
    if debug_port:
        # pprof on an entrypoint of its own, on loopback, for this run only.
        static["entryPoints"]["debug"] = {"address": f"127.0.0.1:{debug_port}"}
        static["api"] = {"insecure": False, "debug": True, "dashboard": False}
    merge(static, variant.static)
    static = {k: v for k, v in static.items() if v is not None}
    dynamic = route_table.load(stack_config.GATEWAY_UPSTREAMS)
    if variant.middlewares is not None or not variant.access_log:
        served_by = route_table.router_for(path.split("?")[0], dynamic, "GET").name
        router = copy.deepcopy(dynamic["http"]["routers"][served_by])
        router.update(priority=1000, rule=f"Path(`{path.split('?')[0]}`)")
        if variant.middlewares is not None:
            router["middlewares"] = variant.middlewares
        if not variant.access_log:
            router["observability"] = {"accessLogs": False}
        dynamic["http"]["routers"]["under-test"] = router
    dynamic["http"]["middlewares"].update(variant.extra_middlewares)
    if debug_port:
        dynamic["http"]["routers"]["debug"] = {"entryPoints": ["debug"], "rule": "PathPrefix(`/debug/`)",
                                               "service": "api@internal"}
    (folder / "dynamic").mkdir(parents=True)
    (folder / "dynamic" / "routes.yml").write_text(yaml.safe_dump(dynamic))
    (folder / "traefik.yml").write_text(yaml.safe_dump(static))
    traefik = shutil.which("traefik", path=str(REPO / ".venv" / "bin")) or sys.exit("no traefik binary (make up installs it)")
    env = {**os.environ, **stack_config.GATEWAY_ENV, **variant.env}
    process = subprocess.Popen([traefik, f"--configFile={folder / 'traefik.yml'}"], cwd=GATEWAY, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    gateway = Gateway(variant, port, process, folder, debug_port)
    deadline = time.monotonic() + 20
    while True:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(gateway.base + path, headers=PHONE, timeout=2).status_code == 200:
                return gateway
        if process.poll() is not None or time.monotonic() > deadline:
            log = (folder / "traefik.log").read_text()[-2000:] if (folder / "traefik.log").exists() else ""
            process.kill()
            sys.exit(f"variant {variant.name} did not start: {log}")
        time.sleep(0.1)


# ------------------------------------------------------------------------------ load
def wrk(base: str, path: str, connections: int, seconds: float) -> dict:
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds:.0f}s", "--timeout", "5s", "-s", str(WRK_SCRIPT)]
    for name, value in PHONE.items():
        command += ["-H", f"{name}: {value}"]
    output = subprocess.run([*command, base + path], capture_output=True, text=True, check=True,
                            timeout=seconds + 30).stdout
    return json.loads(next(line for line in output.splitlines() if line.startswith("RESULT ")).removeprefix("RESULT "))


@dataclass
class Run:
    target: str
    round: int
    rps: float
    p95: float
    cpu_ms: float | None  # Traefik's CPU per request


def measure(target: str, base: str, path: str, args, gateway: Gateway | None, round_: int) -> Run:
    wrk(base, path, args.connections, 1)  # warm-up
    before = gateway.cpu_seconds() if gateway else 0.0
    result = wrk(base, path, args.connections, args.seconds)
    cpu = (gateway.cpu_seconds() - before) / result["requests"] * 1000 if gateway and result["requests"] else None
    if result["errors"] or result["bad_status"]:
        print(f"  {target}: {result['errors']} errors, {result['bad_status']} bad statuses", file=sys.stderr)
    return Run(target, round_, result["requests"] / result["seconds"], result["p95"], cpu)


# ------------------------------------------------------------------------------ pprof
def _varint(b: bytes, i: int) -> tuple[int, int]:
    out = shift = 0
    while True:
        c = b[i]
        i += 1
        out |= (c & 0x7F) << shift
        shift += 7
        if c < 0x80:
            return out, i


def _fields(b: bytes):
    """The fields of one protobuf message: (number, wire type, value)."""
    i = 0
    while i < len(b):
        key, i = _varint(b, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = _varint(b, i)
        elif wire == 2:
            n, i = _varint(b, i)
            value, i = b[i:i + n], i + n
        elif wire == 1:
            value, i = int.from_bytes(b[i:i + 8], "little"), i + 8
        elif wire == 5:
            value, i = int.from_bytes(b[i:i + 4], "little"), i + 4
        else:
            raise ValueError(f"protobuf wire type {wire}")
        yield number, wire, value


def _packed(wire: int, value) -> list[int]:
    if wire == 0:
        return [value]
    out, i = [], 0
    while i < len(value):
        x, i = _varint(value, i)
        out.append(x)
    return out


def read_profile(data: bytes) -> tuple[list[tuple[list[str], int]], int]:
    """A Go CPU profile (gzipped profile.proto, github.com/google/pprof/proto/profile.proto) as
    (stack of function names, leaf first; CPU nanoseconds) pairs, and the total."""
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    strings, samples, locations, functions, value_types = [], [], {}, {}, 0
    for number, wire, value in _fields(data):
        if number == 1:
            value_types += 1
        elif number == 2:
            locs, values = [], []
            for n, w, v in _fields(value):
                if n == 1:
                    locs += _packed(w, v)
                elif n == 2:
                    values += _packed(w, v)
            samples.append((locs, values))
        elif number == 4:
            fields = list(_fields(value))
            lid = next(v for n, _, v in fields if n == 1)
            locations[lid] = [dict((a, c) for a, _, c in _fields(v)).get(1) for n, _, v in fields if n == 4]
        elif number == 5:
            d = {n: v for n, _, v in _fields(value)}
            functions[d.get(1)] = d.get(2, 0)
        elif number == 6:
            strings.append(value.decode())
    stacks, total = [], 0
    for locs, values in samples:
        names = [strings[functions.get(f, 0)] for lid in locs for f in locations.get(lid, [])]
        stacks.append((names, values[value_types - 1]))
        total += values[value_types - 1]
    return stacks, total


# What each part costs by itself: a sample is charged to the part of its innermost frame that names
# one (leaf first), so a middleware is not charged for the handlers it calls (the proxy runs inside
# the plugin's ServeHTTP, which runs inside the access log's). Go keeps at most 64 frames of a
# stack, so shares of outer frames (net/http's conn.serve) would be undercounted: parts are matched
# from the leaf. The first matching part wins; the order below matters.
PARTS = [
    ("garbage collector", ["runtime.gcBgMarkWorker", "runtime.gcAssist", "runtime.bgsweep", "runtime.bgscavenge"]),
    ("access log: fields, JSON line, write", ["middlewares/accesslog."]),
    ("Prometheus metrics", ["prometheus", "/metrics.", "SemConvMetricsEnabled"]),
    ("request-id plugin (Yaegi)", ["yaegi"]),
    ("security headers", ["middlewares/headers"]),
    ("buffering (body limit)", ["vulcand/oxy/v2/buffer", "mailgun/multibuf"]),
    ("compress", ["middlewares/compress", "klauspost/compress", "andybalholm/brotli"]),
    ("proxy: request to the service, its answer read", ["net/http.(*persistConn)", "net/http.(*Transport)",
                                                      "net/http.(*transferWriter)", "proxy/fast."]),
    ("proxy: ReverseProxy (headers, copying the answer)", ["httputil.(*ReverseProxy)"]),
    ("answer written to the client", ["net/http.(*response)", "net/http.(*chunkWriter)", "bufio.(*Writer)"]),
    ("request read and parsed", ["net/http.(*conn).readRequest", "net/http.readRequest", "tcp.(*peekConn)"]),
    ("routing", ["muxer", "rules."]),
    ("rest of Traefik (entrypoint, observability wrappers, load balancer)", ["traefik"]),
    ("net/http connection loop", ["net/http.(*conn)"]),
    ("Go scheduler (idle threads spinning, waking each other)", ["runtime.schedule", "runtime.findRunnable",
                                                                  "runtime.mcall", "runtime.park_m"]),
]


def shares(stacks: list[tuple[list[str], int]], total: int) -> dict[str, float]:
    """Percent of the sampled CPU per part (PARTS), by the innermost frame that names one."""
    charged = collections.Counter()
    for names, value in stacks:
        part = next((label for name in names for label, frames in PARTS if any(f in name for f in frames)), "other")
        charged[part] += value
    return {label: charged[label] / total * 100 for label, _ in [*PARTS, ("other", None)] if charged[label]}


def print_profile(data: bytes, top: int = 25) -> None:
    stacks, total = read_profile(data)
    flat = collections.Counter()
    for names, value in stacks:
        if names:
            flat[names[0]] += value
    print(f"\nprofile: {total / 1e9:.2f} s of CPU sampled")
    print("share of CPU by part, each charged for its own work (not the handlers it calls):")
    for label, share in sorted(shares(stacks, total).items(), key=lambda kv: -kv[1]):
        print(f"  {share:5.1f} %  {label}")
    print(f"top {top} functions by own CPU (flat):")
    for name, value in flat.most_common(top):
        print(f"  {value / total * 100:5.1f} %  {name}")


# ------------------------------------------------------------------------------ main
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--menu", type=int, required=True, help="a public menu id (make bench prints one)")
    parser.add_argument("--path", help="another GET path instead of the public menu")
    parser.add_argument("--variants", help="comma-separated names (default: all; an unknown name lists them)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=6)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--profile", help="take a CPU profile of this variant under load")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk is missing: `make bench` installs it (Debian package wrk)")
    path = args.path or f"/api/public-menu/?menu={args.menu}"
    table = route_table.load(stack_config.GATEWAY_UPSTREAMS)
    known = variants(table["http"]["routers"][route_table.router_for(path.split("?")[0], table, "GET").name])
    names = args.variants.split(",") if args.variants else list(known)
    if args.profile:
        names = [args.profile]  # a profile run loads that variant alone
    chosen = [known[n] if n in known else sys.exit(f"unknown variant {n}; known: {', '.join(known)}") for n in names]
    print(f"machine: {os.cpu_count()} CPUs, {platform.system()} {platform.machine()}, load {os.getloadavg()[0]:.2f}; "
          f"{args.connections} connections, {args.seconds:.0f} s per run, {args.rounds} rounds; GET {path}")
    for v in chosen:
        print(f"  {v.name}: {v.what}")

    gateways: list[Gateway] = []
    with tempfile.TemporaryDirectory(prefix="gateway-cost-") as tmp:
        try:
            for i, v in enumerate(chosen):
                debug = FIRST_PORT + 50 + i if v.name == args.profile else None
                gateways.append(start(v, FIRST_PORT + i, path, Path(tmp) / v.name, debug))
            if args.profile:
                gateway = next(g for g in gateways if g.variant.name == args.profile)
                seconds = max(args.seconds, 8)
                with subprocess.Popen(["wrk", "-t2", f"-c{args.connections}", f"-d{seconds + 3:.0f}s",
                                       *[x for k, v in PHONE.items() for x in ("-H", f"{k}: {v}")], gateway.base + path],
                                      stdout=subprocess.DEVNULL) as load:
                    time.sleep(1)  # let the load reach its pace before sampling
                    profile = httpx.get(f"http://127.0.0.1:{gateway.debug_port}/debug/pprof/profile?seconds={seconds:.0f}",
                                        timeout=seconds + 30).content
                    load.wait(timeout=60)
                print(f"\n== profile of {args.profile}")
                print_profile(profile)
                return 0
            targets = [("direct", DIRECT, None)] + [(g.variant.name, g.base, g) for g in gateways]
            runs: list[Run] = []
            for round_ in range(1, args.rounds + 1):
                shift = (round_ - 1) % len(targets)
                for name, base, gateway in targets[shift:] + targets[:shift]:
                    run = measure(name, base, path, args, gateway, round_)
                    runs.append(run)
                    cpu = f"{run.cpu_ms:.3f}" if run.cpu_ms is not None else "-"
                    print(f"  round {round_} {name:14} {run.rps:7.0f} req/s  p95 {run.p95:6.1f} ms  Traefik CPU {cpu} ms/req",
                          flush=True)
        finally:
            for g in gateways:
                g.process.terminate()
            for g in gateways:
                try:
                    g.process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    g.process.kill()

    direct = {r.round: r.rps for r in runs if r.target == "direct"}
    print("\n| variant | requests/s min / median / max | x direct (same round) median (range) | p95 ms median | Traefik CPU ms/request median (range) |")
    print("|---|---|---|---:|---|")
    for name, _, _ in targets:
        mine = [r for r in runs if r.target == name]
        rps = sorted(r.rps for r in mine)
        ratios = sorted(r.rps / direct[r.round] for r in mine)
        cpu = sorted(r.cpu_ms for r in mine if r.cpu_ms is not None)
        cpu_text = f"{statistics.median(cpu):.3f} ({cpu[0]:.3f}-{cpu[-1]:.3f})" if cpu else "-"
        print(f"| {name} | {rps[0]:,.0f} / {statistics.median(rps):,.0f} / {rps[-1]:,.0f} | "
              f"{statistics.median(ratios):.2f} ({ratios[0]:.2f}-{ratios[-1]:.2f}) | "
              f"{statistics.median(r.p95 for r in mine):.1f} | {cpu_text} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
