# Two commands: `make up` (set up everything and serve the platform), `make test` (run every test).
# `make down` stops what `make up` started. Every step is safe to repeat and quick when nothing
# changed. The steps live in deploy/local/setup.py, the processes in deploy/local/config.py.

SHELL := /bin/bash
.DEFAULT_GOAL := help

GATEWAY_PORT ?= 8080
export GATEWAY_PORT
# Node 24, npm and traefik come from the venv: put it first.
export PATH := $(CURDIR)/.venv/bin:$(PATH)

# The machine's Python runs the set-up steps (standard library only); looked up when a recipe
# runs, because the `python` target may have just installed it.
SYS_PY = $$(command -v python3.11 || command -v python3)
VENV_PY := $(CURDIR)/.venv/bin/python
SETUP = $(SYS_PY) deploy/local/setup.py
STACK = $(if $(wildcard $(VENV_PY)),$(VENV_PY),$(SYS_PY)) deploy/local/stack.py

.PHONY: help up down restart status logs mail test test-fast setup infra databases keys migrate seed web-build \
        bench bench-live bench-orders bench-phone bench-delivery bench-payments bench-preference bench-statistics bench-capacity replay replay-dead-letters clean python security chaos

help: ## show the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

up: seed web-build ## set up everything and start the platform on :8080 (GATEWAY_PORT); REPLICAS="ordering=2 notifications=2": processes per service, kept for later calls
	@$(STACK) up
	@$(VENV_PY) deploy/local/demo.py

down: python ## stop what `make up` started (the infra servers keep running)
	@$(STACK) down

restart: ## restart every process (or NAMES="identity gateway"); a service's processes one at a time, no request dropped
	@$(STACK) restart $(NAMES)

status: ## show each process (every replica), whether it is ready and in the gateway's rotation
	@$(STACK) status

logs: ## follow the logs of every process (.run/logs/)
	@tail -n 20 -F .run/logs/*.log

mail: ## show the newest mail the SMTP sink received (.run/mail/)
	@f=$$(ls -t .run/mail/*.txt 2>/dev/null | head -1); if [ -n "$$f" ]; then echo "== $$f"; cat "$$f"; else echo "no mail yet in .run/mail/"; fi

setup: python ## Debian packages, venv from requirements.txt, editable installs
	@$(SETUP) apt venv

python: # a bare Debian may lack Python (needed by every step)
	@command -v python3 >/dev/null || { apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends python3 python3-venv; }

infra: setup ## start PostgreSQL, Redis, RabbitMQ; databases; JWT keys
	@$(SETUP) infra databases keys

databases: setup ## only the databases (and the servers they need)
	@$(SETUP) infra databases

keys: setup ## only the JWT key pair
	@$(SETUP) keys

migrate: infra ## alembic upgrade head for every service (when its migrations changed)
	@$(SETUP) migrate

seed: migrate ## demo data, once
	@$(SETUP) seed

web-build: setup ## npm ci (lockfile changed) and npm run build (sources changed) -> web/dist
	@$(SETUP) web

test: infra ## every test: unit suites, then the gateway and web suites against the running stack
	@$(SETUP) apt-test
	@$(VENV_PY) deploy/local/run_tests.py

test-fast: setup ## a developer's loop, no server: every tests/unit layer, ruff, ESLint and the TypeScript check
	@$(SETUP) web-deps
	@$(VENV_PY) deploy/local/run_tests.py --only fast

security: up ## the attack suite against the running stack: prints what was tried and what got through
	@$(VENV_PY) deploy/security/run.py

chaos: up ## a rush with faults (issue 23): diners, tablets and online payments while processes are killed and RabbitMQ and Redis restart; prints what was lost (SEED=n, SHORT=1)
	@$(VENV_PY) deploy/chaos/run.py $(if $(SHORT),--short) $(if $(SEED),--seed $(SEED))

bench: up ## load the public menu through the gateway and directly (deploy/bench/results/)
	@command -v wrk >/dev/null || (apt-get update -q && apt-get install -y -q --no-install-recommends wrk)
	@$(VENV_PY) deploy/bench/public_menu.py

bench-live: up ## new order -> websocket frame on 50 tablets over 2 notifications processes, 20 orders/s (RESTAURANTS=20: 3 runs across 20, p95 <= 100 ms)
	@$(VENV_PY) deploy/bench/live_board.py $(if $(RESTAURANTS),--restaurants $(RESTAURANTS) --runs 3 --p95-ms 100)

bench-orders: up ## place 3-line table orders through the gateway, 50 clients one a second each
	@$(VENV_PY) deploy/bench/orders_gateway.py

bench-delivery: up ## the delivery list of a restaurant with 10,000 deliveries, first page by status, through the gateway
	@$(VENV_PY) deploy/bench/delivery_list.py

bench-payments: up ## pay a table's 3 lines through the gateway, 50 clients one a second each, 3 runs; the ledger's sales = the paid lines; CPU ms a payment per service
	@$(VENV_PY) deploy/bench/payments.py

bench-preference: up ## a diner's 'Pay' to the provider's checkout page through the gateway, the simulator answering in 100 ms, 3 runs (p95 <= 300 ms); then one checkout paid the whole way to the ledger
	@$(VENV_PY) deploy/bench/preference.py

bench-capacity: up ## what a table order costs: CPU ms an order per part of the stack and the rate one process a service carries (rate raised until p95 passes 150 ms); RATE=20: 3 runs at that rate, against the baseline in deploy/bench/results/capacity-baseline.json
	@$(VENV_PY) deploy/bench/capacity.py $(if $(RATE),--rate $(RATE))

bench-statistics: infra ## statistics over 1,000,000 paid lines of 50 restaurants, through a gateway of its own and directly (a scratch billing)
	@$(VENV_PY) deploy/bench/statistics_gateway.py

bench-phone: up ## the diner's /menus for a 150-dish menu on a throttled phone: JS gzipped and LCP
	@$(SETUP) apt-test
	@$(VENV_PY) deploy/bench/diner_phone.py

replay: python ## publish a service's events again: SERVICE=identity SINCE=2026-11-22T10:00 [TYPE=identity.restaurant.created]
	@$(STACK) replay $(SERVICE) --since $(SINCE) $(if $(TYPE),--type $(TYPE))

replay-dead-letters: python ## send a service's dead letters back to their queues: SERVICE=catalog
	@$(STACK) replay $(SERVICE) --dead-letters

clean: down ## stop and remove .run/ state (keeps keys, the venv and the databases)
	@find .run -mindepth 1 -maxdepth 1 ! -name keys -exec rm -rf {} +
