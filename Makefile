# Royal Tarokk tournaments: every target works from a fresh clone.
#   make run           development server on http://127.0.0.1:$(PORT)/ (PORT=8000 by default)
#   make test          the whole test suite (SQLite, or DATABASE_URL=postgres://...) in three processes;
#                      prints its time (TEST_PROCESSES=0: in one)
#   make test-fast     the rules engine's tests and the settings' unit tests, under a minute; prints its time
#   make docs          the documentation (docs/, mkdocs.yml) built with every warning an error
#   make lint          ruff, and import-linter's contracts of the layers (pyproject.toml)
#   make checkers      the HTML and accessibility checkers the tests run (npm: vnu-jar, axe-core)
#   make check         missing migrations; collectstatic and the production deploy check
#   make guide-screenshots  the guide's (Súgó) screenshots of the demo's real pages in Hungarian, taken by
#                      headless Chromium: tools/guide_screenshots.py; rerun whenever a page they show changes
#   make bench-engine  the rules engine's benchmark
#   make bench-entry   a juror enters a match by keyboard in Chromium: keys, navigation share, seconds
#   make bench-table   bots play the online table through its WebSockets at 8 tables: see bench/table.py
#   make bench-site    the public site served at national scale (demo --scale 1 and 10): see
#                      bench/public_site.py
#   make bench-matchday  match day under load: 16 jurors saving hands, 1,000 viewers connected to the
#                      live pages' WebSockets and 100 polling, on PostgreSQL, Redis, gunicorn and uvicorn
#                      (bench/matchday.py; BENCH_ARGS=--short; BENCH_PORT, BENCH_DATABASE_URL, ...)
#   make bench-players 16 tables' phones enter and verify their hands through the teams' links while the
#                      jury's match-day screen is pushed: see bench/players.py (BENCH_ARGS=--short)
#   make serve         production servers (docs/production.md): gunicorn's WSGI workers for the pages on
#                      PORT, uvicorn for the WebSockets on WS_PORT (PORT+1), one Ctrl-C stops both
#                      (deploy/serve.sh); needs SECRET_KEY and REDIS_URL (and DATABASE_URL, ALLOWED_HOSTS...);
#                      uvicorn without per-message compression; behind the proxy ENTRY_PORT=8002 adds
#                      the jury's own gunicorn (docs/production.md)

PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.requirements-installed
# A throwaway key for checking the production settings; a real deployment sets its own.
CHECK_SECRET_KEY = $$($(PY) -c 'import secrets; print(secrets.token_urlsafe(50))')

.PHONY: venv checkers run test test-fast docs lint check guide-screenshots bench-engine bench-entry bench-table bench-site bench-matchday bench-players serve

venv: $(STAMP)

# Django 6.1 needs Python >= 3.12. Each candidate is run, not just found: pyenv puts shims such as
# python3.13 on PATH that fail when that version is not the active one.
$(PY):
	@py=""; \
	for c in $${PYTHON:-} python3.13 python3.12 python3 \
	         $$(ls -d "$$(pyenv root 2>/dev/null || echo "$$HOME/.pyenv")"/versions/*/bin/python3.1[2-9] 2>/dev/null | sort -rV); do \
	  if "$$c" -c 'import sys; assert sys.version_info >= (3, 12)' >/dev/null 2>&1; then py=$$c; break; fi; \
	done; \
	if [ -z "$$py" ]; then \
	  echo "No Python 3.12 or newer found (tried python3.13, python3.12, python3 and pyenv's versions)." >&2; \
	  echo "Install one, or name it: make PYTHON=/path/to/python3.12 ..." >&2; \
	  exit 1; \
	fi; \
	echo "Creating $(VENV) with $$py ($$("$$py" --version))"; \
	"$$py" -m venv $(VENV)

# Reinstalls only when a requirements file changes.
$(STAMP): requirements.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install --disable-pip-version-check --quiet -r requirements-dev.txt
	touch $@

run: venv
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# The outside checkers the browser tests run over every page: the Nu HTML checker (vnu-jar, run with
# the system's Java) and axe-core (injected into Chromium). Exact versions from package-lock.json;
# --ignore-scripts: vnu-jar's install script would fetch a Java of its own. Reinstalls only when
# the lock file changes.
CHECKERS := node_modules/.package-lock.json
checkers: $(CHECKERS)

$(CHECKERS): package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

# Both test targets end by saying how long they took, pytest's start included (Django set up, the
# tests collected).
START_CLOCK := start=$$(date +%s)
STOP_CLOCK = status=$$?; echo "make $@: $$(( $$(date +%s) - start )) s"; exit $$status

# The whole suite in TEST_PROCESSES processes (pytest-xdist), each with a database, a page cache and
# the demo season of its own (tests/conftest.py); TEST_PROCESSES=0 runs it in this one process.
# Three on two cores: a browser test or a server started as a process leaves its core idle while it
# waits, and a third process takes it up (on a quiet 2-core machine: 589-637 s with two, one of them
# left alone with the browser tests for its last 165 s; 416 s with three, CPU 90% busy). Not
# --dist worksteal: a process that steals tests may run one after the demo season's readers, which
# must come last (tests/conftest.py).
TEST_PROCESSES ?= 3
test: venv checkers
	@$(START_CLOCK); $(VENV)/bin/pytest -n $(TEST_PROCESSES) $(PYTEST_ARGS); \
	  $(STOP_CLOCK)

# The loop to run on every change: the rules engine's tests with hypothesis's "fast" profile (a tenth
# of the examples: tests/conftest.py) and the settings' unit tests; no page, no browser, nothing slow.
FAST_TESTS := tests/scoring tests/settings/test_env.py tests/settings/test_database_url.py
test-fast: venv
	@$(START_CLOCK); $(VENV)/bin/pytest $(FAST_TESTS) -m "not slow and not browser" --hypothesis-profile=fast $(PYTEST_ARGS); \
	  $(STOP_CLOCK)

# The documentation: a warning (a broken link, a page left out of the nav) fails the build.
docs: venv
	$(VENV)/bin/mkdocs build --strict

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-cache

check: venv
	$(PY) manage.py makemigrations --check --dry-run
	SECRET_KEY=$(CHECK_SECRET_KEY) DJANGO_SETTINGS_MODULE=tournaments.site.settings_production \
	  $(PY) manage.py collectstatic --noinput --verbosity 0
	SECRET_KEY=$(CHECK_SECRET_KEY) DJANGO_SETTINGS_MODULE=tournaments.site.settings_production \
	  $(PY) manage.py check --deploy --fail-level WARNING

# Only pictures whose pixels changed are rewritten: a second run leaves the files as they are.
guide-screenshots: venv
	$(PY) -m tools.guide_screenshots $(SCREENSHOT_ARGS)

bench-engine: venv
	$(PY) -m scoring.bench

bench-entry: venv
	$(PY) bench/entry.py

serve: venv
	DJANGO_SETTINGS_MODULE=tournaments.site.settings_production $(PY) manage.py migrate --noinput
	DJANGO_SETTINGS_MODULE=tournaments.site.settings_production $(PY) manage.py collectstatic --noinput --verbosity 0
	DJANGO_SETTINGS_MODULE=tournaments.site.settings_production PORT=$(PORT) VENV=$(VENV) deploy/serve.sh

bench-table: venv
	$(PY) -m bench.table $(BENCH_ARGS)

bench-site: venv
	$(PY) -m bench.public_site $(BENCH_ARGS)

bench-matchday: venv
	$(PY) -m bench.matchday $(BENCH_ARGS)

bench-players: venv
	$(PY) -m bench.players $(BENCH_ARGS)
