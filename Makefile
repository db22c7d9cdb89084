# meeple: `make run` starts the play server, `make test` runs every check. Both build .venv first.

PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: venv run test coverage bench clean distclean

venv: $(STAMP)

# Install again only when pyproject.toml changed since the last install.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The play server on http://127.0.0.1:8000, tables stored in ./var/meeple.db (SQLite).
run: venv
	$(BIN)/meeple serve --host 127.0.0.1 --port 8000

test: venv
	$(BIN)/ruff check src tests tools
	$(BIN)/ruff format --check src tests tools
	$(BIN)/mypy --strict src
	$(BIN)/pytest -n auto

# The suite again under coverage (slower, not part of `make test`): a table of the
# modules below full coverage, and var/coverage/html/index.html.
coverage: venv
	mkdir -p var/coverage
	$(BIN)/pytest -n auto --cov --cov-report=term --cov-report=html

bench: venv
	$(BIN)/meeple bench anludim
	$(BIN)/meeple bench aridnyk
	$(BIN)/meeple bench arnak
	$(BIN)/meeple bench arnak -o board=snake
	$(BIN)/meeple bench arnak -o board=spider --no-speedup
	$(BIN)/meeple bench arnak -o board=owl --no-speedup

clean:
	rm -rf build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis src/*.egg-info
	find src tests -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
