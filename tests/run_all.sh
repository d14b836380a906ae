#!/usr/bin/env bash
# run_all.sh - runs every test: one Criterion binary holding the unit and machine suites, the
# conformance carts with golden frames, the real-cart corpus checks and the command-line
# contract of build/bin/mote8; then, from the trees make test builds beside BUILD_DIR, the
# unit and machine suites and a short compatibility run under ASan+UBSan (BUILD_DIR-sanitize,
# tests/sanitize_run.sh) and each libFuzzer target briefly (BUILD_DIR-fuzz,
# tests/fuzz_run.sh; skipped with a message without clang's libFuzzer).
# Usage: tests/run_all.sh BUILD_DIR
set -uo pipefail
build=${1:-build}
here=$(dirname "$0")
"$build/bin/m8_tests" --jobs 2 || exit 1
if [ -x "$build-sanitize/bin/m8_unit_tests" ]; then
  "$here/sanitize_run.sh" "$build-sanitize" 30 || exit 1
else
  echo "sanitize: skipped: no sanitizer build in $build-sanitize (make sanitize-build)"
fi
"$here/fuzz_run.sh" "$build-fuzz" "${M8_FUZZ_SECONDS:-15}" || exit 1
