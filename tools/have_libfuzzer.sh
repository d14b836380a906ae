#!/usr/bin/env bash
# have_libfuzzer.sh - exits 0 when clang can build a libFuzzer target here (make fuzz,
# make test), 1 otherwise. Usage: tools/have_libfuzzer.sh
command -v clang >/dev/null 2>&1 || exit 1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
printf '#include <stdint.h>\n#include <stddef.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' > "$dir/t.c"
clang -fsanitize=fuzzer "$dir/t.c" -o "$dir/t" >/dev/null 2>&1
