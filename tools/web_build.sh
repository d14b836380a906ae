#!/usr/bin/env bash
# web_build.sh - builds the web player (runtime/host/web) with Debian's emscripten: prepares
# the patched Lua in WEB_TREE (tools/lua_source.sh), configures runtime/host/web with emcmake
# there (a tree of its own: the native build is untouched) and builds mote8.js, mote8.wasm and
# the page into OUT_DIR. emscripten 3.1.6's own JavaScript steps run under Node 20 only with
# --no-experimental-fetch and find Debian's acorn through NODE_PATH: both are set here.
# Quiet when there is nothing to build; exit 1 with a message when emcc is missing.
# Usage: tools/web_build.sh WEB_TREE OUT_DIR [JOBS]
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
tree=${1:?usage: web_build.sh WEB_TREE OUT_DIR [JOBS]}
out=${2:?usage: web_build.sh WEB_TREE OUT_DIR [JOBS]}
jobs=${3:-1}
if ! command -v emcmake >/dev/null 2>&1; then
  echo "web: emscripten is not installed (tools/deps.sh web installs it as root)" >&2
  exit 1
fi
mkdir -p "$out" "$tree"
out=$(cd "$out" && pwd)
tree=$(cd "$tree" && pwd)
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
# emscripten reads the node it runs from its config; a wrapper adds Node 20's flag
if node --version 2>/dev/null | grep -q '^v2[0-9]'; then
  printf '#!/bin/sh\nexec node --no-experimental-fetch "$@"\n' >"$tree/node-wrapper"
  chmod +x "$tree/node-wrapper"
  export EM_NODE_JS="$tree/node-wrapper"
fi
"$top/tools/lua_source.sh" "$tree" >/dev/null || exit 1
if [ ! -f "$tree/CMakeCache.txt" ]; then
  emcmake cmake -S "$top/runtime/host/web" -B "$tree" -DCMAKE_BUILD_TYPE=Release \
    -DWEB_OUT="$out" >/dev/null || exit 1
fi
"$top/tools/build.sh" "$tree" "$jobs"
