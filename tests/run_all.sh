#!/usr/bin/env bash
# run_all.sh - runs every test: the Criterion suites (unit tests, conformance carts, real
# carts), then command-line checks of the mote8 binary. Usage: tests/run_all.sh BUILD_DIR
set -uo pipefail
build=${1:-build}
status=0
"$build/bin/m8_tests" --jobs 2 || status=1
tests/cli_checks.sh "$build/bin/mote8" || status=1
exit $status
