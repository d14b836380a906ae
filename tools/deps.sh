#!/usr/bin/env bash
# deps.sh - checks the Debian packages mote8 needs for one purpose and installs the missing
# ones with apt-get when run as root, otherwise prints the one apt-get line to run.
#   run   what building and running mote8 needs (make run, make build): the compiler, CMake,
#         SDL2, libconfig, libpng/zlib, giflib, and dpkg-dev (dpkg-source unpacks the pinned
#         Lua source, tools/lua_source.sh); liblua5.4-dev only with M8_LUA=system.
#   test  the above and what the tests and benchmarks add (make test, make bench, make
#         sanitize, make fuzz): Criterion; clang and libclang-rt-14-dev (Debian 12) for the
#         libFuzzer targets; xvfb and xauth to run the window under a virtual X server; chromium
#         to load report.html headless (test_profiler_calls.c) and the web player
#         (test_web_player.c, with emscripten and node-acorn to build it); flac, the codec
#         bench's comparison; lua5.4, the unmodified interpreter the Lua bench compares with
#         (tests/bench/bench_lua.c: only run, never linked); retroarch-dev (libretro.h) for the
#         libretro core, retroarch and dbus-daemon (a session bus for it) to run it
#         (tests/integration/test_libretro.c).
#   web   the above for run and what the web player adds (make web): emscripten (Debian's,
#         3.1.6; its Node.js and acorn come with it) and chromium for its test.
# Nothing else is downloaded. Usage: tools/deps.sh run|test|web
set -eu
purpose=${1:-run}
run_pkgs="build-essential dpkg-dev cmake pkg-config libsdl2-dev libconfig-dev libpng-dev zlib1g-dev libgif-dev"
[ "${M8_LUA:-source}" = system ] && run_pkgs="$run_pkgs liblua5.4-dev"
test_pkgs="libcriterion-dev clang libclang-rt-14-dev xvfb xauth flac lua5.4 chromium emscripten node-acorn retroarch-dev retroarch dbus-daemon"
web_pkgs="emscripten nodejs node-acorn chromium"
case "$purpose" in
  run)  pkgs=$run_pkgs ;;
  test) pkgs="$run_pkgs $test_pkgs" ;;
  web)  pkgs="$run_pkgs $web_pkgs" ;;
  *)    echo "usage: tools/deps.sh run|test|web" >&2; exit 2 ;;
esac
missing=""
for p in $pkgs; do
  case " $missing " in *" $p "*) continue ;; esac
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "deps: installing$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq $missing >/dev/null
else
  echo "deps: missing Debian packages (for make $purpose). Run:" >&2
  echo "  sudo apt-get install -y$missing" >&2
  exit 1
fi
