#!/usr/bin/env bash
# deps.sh - checks the Debian packages mote8 builds and tests with; installs the missing
# ones with apt-get when run as root, otherwise prints the one apt-get line to run.
# clang and libclang-rt-14-dev (Debian 12) build the libFuzzer targets of make fuzz / make test;
# xvfb and xauth let make test run the window under a virtual X server; flac is the codec
# bench's comparison (make bench); dpkg-dev (dpkg-source) unpacks the pinned Lua source
# (tools/lua_source.sh). Nothing else is downloaded.
set -eu
pkgs="build-essential dpkg-dev cmake pkg-config libsdl2-dev liblua5.4-dev libconfig-dev libcriterion-dev libpng-dev zlib1g-dev libgif-dev clang libclang-rt-14-dev xvfb xauth flac"
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "deps: installing$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq $missing >/dev/null
else
  echo "deps: missing Debian packages. Run:" >&2
  echo "  sudo apt-get install -y$missing" >&2
  exit 1
fi
