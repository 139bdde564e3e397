# The two commands: `make run` and `make test`. Everything installs what is missing first.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
FLASK := $(VENV)/bin/flask --app api
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)

.PHONY: run test test-api test-cluster test-web test-e2e test-import bench fuzz soak install system-deps webapp-deps build migrate seed clean

install: $(VENV)/.installed

$(VENV)/.installed: requirements.txt
	@test -x $(PY) || python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r requirements.txt
	@touch $@

system-deps:
	@bash scripts/system-deps.sh

webapp-deps: webapp/node_modules/.installed

webapp/node_modules/.installed: webapp/package.json webapp/package-lock.json
	cd webapp && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

build: webapp-deps
	@bash scripts/build-webapp.sh

# umask 077: the SQLite database (and the instance folder's other files) are the service user's alone.
migrate: install
	umask 077 && $(FLASK) db upgrade

seed: migrate
	umask 077 && $(FLASK) seed-demo

run: install system-deps build seed
	@bash scripts/serve.sh

# The Python and the webapp's packages install side by side (on a fresh clone pip takes ~80 s, npm ~30 s).
test: system-deps
	@$(MAKE) --no-print-directory -j2 install webapp-deps
	@bash scripts/test.sh

test-api: install
	$(PY) -m pytest -q -m "not cluster" api/tests

# Two API replicas behind nginx on PostgreSQL, Redis and an S3 server (moto): part of `make test` when they answer.
test-cluster: install system-deps
	$(PY) -m pytest -q -p no:cacheprovider -m cluster api/tests/cluster

# The Redmine importer against a live Redmine (../shared/redmine: installed and started when missing).
test-import: install
	@bash scripts/test-import.sh

bench: install system-deps
	@bash scripts/bench.sh

fuzz: install
	@bash scripts/fuzz.sh

soak: install system-deps build
	@bash scripts/soak.sh

clean:
	rm -rf webapp/dist instance/run
