#!/usr/bin/env bash
# fuzz_run.sh - runs every libFuzzer target of the fuzz build (tests/fuzz/fuzz_*.c) for
# SECONDS each, starting from its seed corpus tests/fuzz/corpus/NAME (read only; new inputs
# go to FUZZ_BUILD/corpus/NAME). A crash, leak, timeout or out-of-memory stops it with exit 1
# and the input is left in FUZZ_BUILD/findings (leaks inside libconfig itself are suppressed:
# tests/fuzz/lsan.supp). Without a fuzz build (clang's libFuzzer not
# installed) it says so and exits 0. Usage: tests/fuzz_run.sh FUZZ_BUILD_DIR [SECONDS]
set -uo pipefail
fb=${1:?usage: fuzz_run.sh FUZZ_BUILD_DIR [SECONDS]}
secs=${2:-60}
top=$(cd "$(dirname "$0")/.." && pwd)
shopt -s nullglob
targets=("$fb"/bin/fuzz_*)
if [ ${#targets[@]} = 0 ]; then
  echo "fuzz: skipped: no fuzz targets in $fb (clang with libFuzzer not installed?)"
  exit 0
fi
mkdir -p "$fb/findings"
for t in "${targets[@]}"; do
  name=$(basename "$t"); name=${name#fuzz_}
  seeds="$top/tests/fuzz/corpus/$name"
  work="$fb/corpus/$name"
  mkdir -p "$work"
  echo "fuzz: $name for $secs s"
  if ! ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions="$top/tests/fuzz/lsan.supp" "$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
       -max_len=65536 -close_fd_mask=3 -artifact_prefix="$fb/findings/$name-" "$work" "$seeds" \
       > "$fb/findings/$name.log" 2>&1; then
    echo "fuzz: $name found a problem: $fb/findings/$name.log" >&2
    tail -30 "$fb/findings/$name.log" >&2
    exit 1
  fi
  tail -1 "$fb/findings/$name.log"
done
echo "fuzz: ok"
