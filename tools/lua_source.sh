#!/usr/bin/env bash
# lua_source.sh - prepares the Lua 5.4 that mote8 links statically: Debian's own source
# package of lua5.4, fetched with `apt-get source` through a private sources list made from
# the system's own apt sources (their deb entries read as deb-src; the system's apt
# configuration is not touched), kept in a cache outside the repository
# ($XDG_CACHE_HOME/mote8/lua5.4, else ~/.cache/mote8/lua5.4), unpacked with Debian's
# patches into BUILD_DIR/lua5.4 and patched with tools/lua5.4-count.patch (instruction
# counting) and then tools/lua5.4-p8num.patch (PICO-8's number semantics).
# Prints one line saying which Lua the build uses. Exits 0 either way: without the source
# package the build falls back to the system's liblua5.4 and the count hook.
# Usage: tools/lua_source.sh BUILD_DIR
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: lua_source.sh BUILD_DIR}
mkdir -p "$build"
build=$(cd "$build" && pwd)
patch_files=("$top/tools/lua5.4-count.patch" "$top/tools/lua5.4-p8num.patch")
out="$build/lua5.4"
stamp="$out/.mote8-patch"
want=$(cat "${patch_files[@]}" | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$out/src/lvm.c" ]; then
  exit 0                                    # already prepared with this patch
fi
cache=${XDG_CACHE_HOME:-$HOME/.cache}/mote8/lua5.4
mkdir -p "$cache/sources" "$cache/lists/partial" "$cache/apt"
fallback() {
  echo "lua: $1; building with the system's liblua5.4 and the count hook (slower, and" \
       "stat(1) is not calibrated by kind of operation: every instruction is charged the" \
       "mean weight, docs/cost-model.md)" >&2
  rm -rf "$out"
  exit 0
}
command -v dpkg-source >/dev/null || fallback "dpkg-source (dpkg-dev) is missing"
dsc=$(ls "$cache"/lua5.4_*.dsc 2>/dev/null | sort -V | tail -n 1)
if [ -z "$dsc" ]; then
  # the system's own sources, as deb-src
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -e "$f" ] && sed 's/^Types:.*$/Types: deb-src/' "$f" > "$cache/sources/$(basename "$f")"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -e "$f" ] && sed -n 's/^deb \(.*\)$/deb-src \1/p' "$f" > "$cache/sources/$(basename "$f")"
  done
  apt_opts=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$cache/sources"
            -o Dir::State::Lists="$cache/lists" -o Dir::Cache="$cache/apt"
            -o APT::Sandbox::User="$(id -un)")
  apt-get "${apt_opts[@]}" -qq update >/dev/null 2>&1 || fallback "apt-get update of deb-src lists failed"
  (cd "$cache" && apt-get "${apt_opts[@]}" -qq source --download-only lua5.4 >/dev/null 2>&1) ||
    fallback "apt-get source lua5.4 failed"
  dsc=$(ls "$cache"/lua5.4_*.dsc 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dsc" ] || fallback "no lua5.4 source package was fetched"
fi
rm -rf "$out"
dpkg-source --no-check -x "$dsc" "$out" >/dev/null 2>&1 || fallback "dpkg-source could not unpack $dsc"
for patch_file in "${patch_files[@]}"; do
  (cd "$out" && patch -p1 -s < "$patch_file") ||
    fallback "tools/$(basename "$patch_file") does not apply to $(basename "$dsc")"
done
echo "$want" > "$stamp"
echo "lua: $(basename "$dsc" .dsc) from Debian's source package, with mote8's patches (counting, numbers)" >&2
