# Two commands: `make play` and `make test`. Both create .venv when it is missing.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test bench clean

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
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 \
		$(PY) -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) bench/frames.py
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) bench/startup.py

clean:
	rm -rf $(VENV) build *.egg-info
