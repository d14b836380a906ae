#!/usr/bin/env bash
# run_all.sh - runs every test: one Criterion binary holding the unit suites, the
# conformance carts with golden frames, the real-cart corpus checks and the command-line
# contract of build/bin/mote8. Usage: tests/run_all.sh BUILD_DIR
set -uo pipefail
build=${1:-build}
exec "$build/bin/m8_tests" --jobs 2
