# Two commands: `make play` and `make test`. Both create .venv when it is missing.
# `make test-fast` leaves out the tests marked slow, for the edit-test loop (CI runs `make test`).
# `make test` lints (ruff, `make lint`) and type-checks the engine and the screens (mypy on
# game/ and scenes/, `make types`) beside the suite, niced (tools/beside.py): they take the
# CPU the tests leave idle while they wait, and any one failing fails the run.  Both are
# configured in pyproject.toml.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The tests write their bytecode (__pycache__, ignored by git) even where the environment
# says not to (PYTHONDONTWRITEBYTECODE): else every worker compiles game/ and scenes/ and
# rewrites every test module's asserts again on every run, 10 s of CPU where 3 s do.
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 \
	PYTHONDONTWRITEBYTECODE=
# the same as a command's first words (beside.py runs its command itself, not a shell)
HEADLESS_ENV := env $(HEADLESS)
# The suite runs in one process per core and two more (pytest-xdist); `JOBS=0` runs it in
# this one.  The two more: on 2 cores each worker of two spent some 220 s of its 600 s in
# tests waiting on sockets, processes and timers, not queued for a core; a fresh clone's
# run took 648 s with two workers, 533 s with three, 453 s with four (bench/README.md,
# "The test suite's time").  loadgroup: the tests that share a module's fixture (a relay,
# a NATS server) stay in one process (tests/conftest.py marks them).
JOBS ?= $(shell $(PYTHON) -c "import os; print((os.cpu_count() or 1) + 2)")
PARALLEL = -n $(JOBS) --dist loadgroup
LINT = $(PY) -m ruff check .
TYPES = $(PY) -m mypy

.PHONY: play test test-fast lint types bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -e '.[test]'
	@# pygame-ce must be the only provider of the `pygame` module.
	@if $(PY) -m pip show pygame >/dev/null 2>&1; then \
		echo "plain 'pygame' is installed beside pygame-ce; removing it"; \
		$(PY) -m pip uninstall -y pygame; \
		$(PY) -m pip install --quiet --force-reinstall --no-deps pygame-ce; fi
	touch $(STAMP)

play: $(STAMP)
	$(PY) main.py $(ARGS)

test: $(STAMP)
	$(PY) tools/beside.py "$(LINT)" "$(TYPES)" -- $(HEADLESS_ENV) $(PY) -m pytest $(PARALLEL) $(PYTEST_ARGS)

lint: $(STAMP)
	$(LINT)

types: $(STAMP)
	$(TYPES)

test-fast: $(STAMP)
	$(HEADLESS) $(PY) -m pytest -m "not slow" $(PARALLEL) $(PYTEST_ARGS)

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) bench/frames.py
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) bench/startup.py

clean:
	rm -rf $(VENV) build *.egg-info
