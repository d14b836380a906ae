# Makefile - the two commands of README.md, wrapping CMake:
#   make run    check/install Debian packages, build, start mote8 on its bundled carts
#   make test   build and run every test
# Also: make (build), make bench, make compat (mote8-compat on ../shared/carts/real into
# $(BUILD)/compat; COMPAT_FRAMES=N), make clean. Programs land in build/bin/.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps configure build run test bench compat clean
COMPAT_FRAMES ?= 1800

all: build

deps:
	@tools/deps.sh

configure:
	@tools/lua_source.sh $(BUILD)
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null

build: deps configure
	@cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/bin/mote8 $(CART)

test: deps configure
	@cmake --build $(BUILD) -j $(JOBS)
	@tests/run_all.sh $(BUILD)

bench: build
	@$(BUILD)/bin/m8_bench

compat: build
	@$(BUILD)/bin/mote8-compat --dir ../shared/carts/real --frames $(COMPAT_FRAMES) --out $(BUILD)/compat

clean:
	rm -rf $(BUILD)
