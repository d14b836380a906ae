#!/usr/bin/env bash
# sanitize_run.sh - the AddressSanitizer + UndefinedBehaviorSanitizer checks (make sanitize,
# and the suite through tests/run_all.sh): the in-process suites (tests/unit, tests/machine)
# of the sanitizer build, then a
# short compatibility run (60 frames per cart of ../shared/carts/real) with no cart process
# ending on a sanitizer report. Usage: tests/sanitize_run.sh SANITIZE_BUILD_DIR [FRAMES]
set -uo pipefail
san=${1:?usage: sanitize_run.sh SANITIZE_BUILD_DIR [FRAMES]}
frames=${2:-60}
top=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -x "$san/bin/m8_unit_tests" ]; then
  echo "sanitize: $san/bin/m8_unit_tests is missing (make sanitize builds it)" >&2
  exit 1
fi
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:symbolize=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
echo "sanitize: unit and machine suites (ASan+UBSan)"
"$san/bin/m8_unit_tests" --jobs 2 || { echo "sanitize: unit or machine suites failed" >&2; exit 1; }
out="$san/compat"
rm -rf "$out"
echo "sanitize: compatibility run, $frames frames per cart"
"$san/bin/mote8-compat" --dir "$top/../shared/carts/real" --frames "$frames" --out "$out" \
    --cart-timeout 300 || exit 1
crashed=$(grep -c '"error": "crashed' "$out/results.jsonl")
if [ "$crashed" != 0 ]; then
  echo "sanitize: $crashed cart processes ended on a sanitizer report or a signal:" >&2
  grep '"error": "crashed' "$out/results.jsonl" >&2
  exit 1
fi
echo "sanitize: ok"
