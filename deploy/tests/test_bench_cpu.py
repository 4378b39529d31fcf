"""What the benches say a payment or an order costs in CPU: the stack's processes read from /proc,
grouped by the part of the stack they are, and a run's cost per payment less the idle stack's."""
from __future__ import annotations

import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import common  # noqa: E402  deploy/bench/common.py
import payments  # noqa: E402  deploy/bench/payments.py


def test_each_process_is_counted_with_its_part_of_the_stack():
    services = ["ordering", "billing"]
    assert common.group_of(".venv/bin/python -m uvicorn ordering.main:app --port 8104", services) == "ordering"
    assert common.group_of("/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql", services) == "postgres"
    assert common.group_of("postgres: checkpointer ", services) == "postgres"
    assert common.group_of("/usr/lib/erlang/erts-13/bin/beam.smp -- -root /usr/lib/erlang", services) == "rabbitmq"
    assert common.group_of(".venv/bin/traefik --configFile=.run/traefik.yml", services) == "gateway"
    assert common.group_of("redis-server 127.0.0.1:6379", services) == "redis"
    assert common.group_of(".venv/bin/python -m uvicorn catalog.main:app", services) is None  # not asked for
    assert common.group_of("bash deploy/bench/payments.py", services) is None  # the bench's own clients


BURN = "import time\nend = time.process_time() + 0.4\nwhile time.process_time() < end: pass"  # 0.4 s of CPU


@contextmanager
def probe(code: str) -> Iterator[subprocess.Popen]:
    """A process whose command line names a service's app (`probe.main:app`): it runs `code`, says
    'done' on its output, then sleeps until the test ends."""
    process = subprocess.Popen([sys.executable, "-c", f"{code}\nprint('done', flush=True)\nimport time; time.sleep(30)",
                                "probe.main:app"], stdout=subprocess.PIPE, text=True)
    try:
        yield process
    finally:
        process.kill()
        process.wait()


def test_the_cpu_a_process_of_the_stack_burns_is_read_from_proc():
    with probe(BURN) as burner:
        before = common.stack_cpu_ms(["probe"])
        assert burner.stdout.readline().strip() == "done"
        after = common.stack_cpu_ms(["probe"])
        time.sleep(0.2)
        idle = common.stack_cpu_ms(["probe"])
    spent = after["probe"] - before["probe"]
    assert 300 <= spent <= 1000, spent  # the 0.4 s it burned (start-up and the clock's ticks around it)
    assert idle["probe"] - after["probe"] <= 20  # asleep, it costs (almost) nothing


def test_the_cpu_of_a_child_that_has_ended_stays_with_its_parent():
    # As PostgreSQL's postmaster does with a closed connection's process: the parent waits for a
    # child that burned 0.4 s of CPU, which then no longer has a /proc entry of its own.
    with probe(f"import subprocess, sys\nsubprocess.run([sys.executable, '-c', {BURN!r}], check=True)") as parent:
        before = common.stack_cpu_ms(["probe"])
        assert parent.stdout.readline().strip() == "done"
        after = common.stack_cpu_ms(["probe"])
    assert after["probe"] - before["probe"] >= 300, after["probe"] - before["probe"]


def test_a_runs_cost_per_payment_leaves_out_the_idle_stack_and_says_the_cores_it_needs(capsys):
    # 10 s of paying and draining, 500 payments; the idle stack polls 6 ms a second in ordering
    # and 2 in billing.
    spent = Counter({"ordering": 20_060.0, "billing": 10_020.0, "gateway": 1_000.0, "redis": 10.0})
    idle = Counter({"ordering": 6.0, "billing": 2.0})
    total = payments.say_cpu(2, spent, idle, seconds=10.0, payments=500, rate=50.0)
    line = capsys.readouterr().out
    # (20,060 - 60) / 500 = 40, (10,020 - 20) / 500 = 20, 1,000 / 500 = 2, 10 / 500 = 0.02 (too small to list)
    assert total == 62.02
    assert line.startswith("run 2: CPU ms per payment, less the idle stack: ordering 40.0, billing 20.0, gateway 2.0; 62.0 in all")
    assert "redis" not in line
    assert "3.1 cores at 50 payments a second" in line  # 62.02 ms x 50 a second
