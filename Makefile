# Augur's build entry points.
#   make                  build the engine (target/release/augur)
#   make EXE=path/augur   build it and copy the binary to path/augur
#                         (the convention distributed testing frameworks use)
#   make EVALFILE=net     embed that chess network instead of
#                         crates/chess/nets/augur-chess.nnue (the build fails,
#                         saying why, when it is not a valid Augur network)
#   make test             install the test prerequisites (python-chess,
#                         Playwright, chromium, Dask distributed), check formatting
#                         and lints (rustfmt, clippy -D warnings), then run
#                         the suite, then the README's run command (it must
#                         answer a scripted session with a bestmove), then
#                         the Python package: `pip install ./python` (one
#                         release build of the extension) and its pytest
#                         suite (python/tests), then the cluster tests
#                         (tests/cluster: a loopback Dask cluster); the
#                         browser tests (tests/browser) run inside cargo
#                         test, against the binary it built
EXE ?=
EVALFILE ?=
SHELL := bash

.PHONY: build test
build:
	AUGUR_EVALFILE="$(if $(EVALFILE),$(abspath $(EVALFILE)))" cargo build --release --bin augur
ifneq ($(EXE),)
	cp target/release/augur $(EXE)
endif

test:
	python3 -c "import chess" 2>/dev/null || python3 -m pip install --quiet chess
	python3 -c "import pytest" 2>/dev/null || python3 -m pip install --quiet pytest
	python3 -c "import maturin" 2>/dev/null || python3 -m pip install --quiet maturin
	python3 -c "import playwright" 2>/dev/null || python3 -m pip install --quiet playwright
	python3 -c "import distributed" 2>/dev/null || python3 -m pip install --quiet -r tools/cluster/requirements.txt
	test -x /usr/bin/chromium || (apt-get update -qq && apt-get install -y -qq chromium >/dev/null)
	mkdir -p target
	cargo fmt --version >/dev/null 2>&1 || rustup component add rustfmt
	cargo clippy --version >/dev/null 2>&1 || rustup component add clippy
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings
	set -o pipefail; cargo test --workspace 2>&1 | tee target/test-output.log
	bash tools/check_run_command.sh
	python3 -m pip install --quiet --root-user-action=ignore ./python
	set -o pipefail; python3 -m pytest python/tests -q -p no:cacheprovider 2>&1 | tee target/pytest-output.log
	set -o pipefail; python3 -m pytest tests/cluster -q -p no:cacheprovider 2>&1 | tee target/cluster-pytest-output.log
	python3 tools/test_summary.py target/test-output.log target/pytest-output.log target/cluster-pytest-output.log
