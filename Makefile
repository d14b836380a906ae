# Makefile - the two commands of README.md, wrapping CMake:
#   make run    check/install the Debian packages running needs, build the programs, start
#               mote8 on its bundled carts (quiet when there is nothing to build)
#   make test   check/install the packages the tests need too, build and run every test
# Also: make (build), make bench, make compat (mote8-compat on ../shared/carts/real into
# $(BUILD)/compat; COMPAT_FRAMES=N), make sanitize (ASan+UBSan build in $(BUILD)-sanitize:
# unit suites and a short compat run), make fuzz (libFuzzer targets built with clang in
# $(BUILD)-fuzz, FUZZ_SECONDS each), make web (the web player with Debian's emscripten, built
# in $(WEB_BUILD) into $(BUILD)/web: index.html, mote8.js, mote8.wasm; README.md), make
# web-bench (the web player against native, tools/web_bench.sh), make clean.
# make test also builds the sanitizer and fuzz trees: tests/run_all.sh runs them briefly. Programs land in build/bin/.
# M8_LUA=source (default: Debian's pinned lua5.4 source with mote8's patches; the build stops
# when it cannot be had) or M8_LUA=system (the system's liblua5.4, unpatched; README.md).
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps test-deps configure build run test bench compat sanitize sanitize-build fuzz fuzz-build web web-bench clean
COMPAT_FRAMES ?= 1800
SAN_BUILD ?= $(BUILD)-sanitize
FUZZ_BUILD ?= $(BUILD)-fuzz
FUZZ_SECONDS ?= 60
WEB_BUILD ?= $(BUILD)-web
M8_LUA ?= source
export M8_LUA

all: build

deps:
	@tools/deps.sh run

test-deps:
	@tools/deps.sh test

configure:
	@tools/lua_source.sh $(BUILD)
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DM8_LUA=$(M8_LUA) >/dev/null

build: deps configure
	@tools/build.sh $(BUILD) $(JOBS)

run: build
	@$(BUILD)/bin/mote8 $(CART)

test: test-deps configure
	@tools/build.sh $(BUILD) $(JOBS) all m8_tests
	@$(MAKE) --no-print-directory sanitize-build fuzz-build
	@tests/run_all.sh $(BUILD)

# the sanitizer build: the patched Lua and everything else with -fsanitize=address,undefined,
# no link-time optimisation
sanitize-build: test-deps
	@tools/lua_source.sh $(SAN_BUILD)
	@cmake -S . -B $(SAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DM8_SANITIZE=ON -DM8_LUA=$(M8_LUA) >/dev/null
	@tools/build.sh $(SAN_BUILD) $(JOBS)

sanitize: sanitize-build
	@tests/sanitize_run.sh $(SAN_BUILD)

# the fuzz build: clang, libFuzzer, ASan+UBSan; skipped with a message without libFuzzer
fuzz-build: test-deps
	@if tools/have_libfuzzer.sh; then \
	  tools/lua_source.sh $(FUZZ_BUILD) && \
	  CC=clang cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=Debug -DM8_SANITIZE=ON -DM8_FUZZ=ON -DM8_LUA=$(M8_LUA) >/dev/null && \
	  tools/build.sh $(FUZZ_BUILD) $(JOBS); \
	else echo "fuzz: skipped: clang with libFuzzer is not installed (tools/deps.sh installs it as root)"; fi

fuzz: fuzz-build
	@tests/fuzz_run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

bench: test-deps configure
	@tools/build.sh $(BUILD) $(JOBS) all m8_bench
	@$(BUILD)/bin/m8_bench

# the web player: its own emcmake tree, the native build untouched (tools/web_build.sh)
web:
	@tools/deps.sh web
	@tools/web_build.sh $(WEB_BUILD) $(BUILD)/web $(JOBS)

# the web player's speed against native (tools/web_bench.sh; needs make web and chromium)
web-bench: build web
	@tools/web_bench.sh $(BUILD)

compat: build
	@$(BUILD)/bin/mote8-compat --dir ../shared/carts/real --frames $(COMPAT_FRAMES) --out $(BUILD)/compat

clean:
	rm -rf $(BUILD) $(SAN_BUILD) $(FUZZ_BUILD) $(WEB_BUILD)
