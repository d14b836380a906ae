#!/usr/bin/env bash
# build.sh - builds a configured CMake tree quietly for the Makefile: compiler output,
# warnings, errors and the files being compiled pass through; make's directory messages and
# CMake's "Built target" lines do not, so a build with nothing to do prints nothing.
# The exit status is the build's.
# Usage: tools/build.sh BUILD_DIR JOBS [TARGET...]
set -uo pipefail
build=${1:?usage: build.sh BUILD_DIR JOBS [TARGET...]}
jobs=${2:?usage: build.sh BUILD_DIR JOBS [TARGET...]}
shift 2
targets=()
for t in "$@"; do targets+=(--target "$t"); done
cmake --build "$build" -j "$jobs" "${targets[@]}" -- --no-print-directory 2>&1 |
  grep -v -E '^\[ *[0-9]+%\] Built target |^g?make(\[[0-9]+\])?: (Entering|Leaving) directory'
status=${PIPESTATUS[0]}
exit "$status"
