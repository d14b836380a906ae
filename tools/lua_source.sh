#!/usr/bin/env bash
# lua_source.sh - prepares the Lua 5.4 that mote8 links statically: Debian's own source
# package of lua5.4, pinned to the version and sha256 hashes in tools/lua5.4-source.sha256
# (Debian 12's 5.4.4-3+deb12u1), fetched with `apt-get source` through a private sources
# list made from the system's own apt sources (their deb entries read as deb-src; the
# system's apt configuration is not touched) when it is not in the cache outside the
# repository ($XDG_CACHE_HOME/mote8/lua5.4, else ~/.cache/mote8/lua5.4), unpacked with
# Debian's patches into BUILD_DIR/lua5.4 and patched with tools/lua5.4-count.patch
# (instruction counting), tools/lua5.4-p8num.patch (PICO-8's number semantics),
# tools/lua5.4-p8fastop.patch (the dialect's division and modulo helpers run inline) and then
# tools/lua5.4-p8globals.patch (look-up hints for globals and fields).
#
# Any failure stops the build with one message and exit 1: no dpkg-source, the source
# package cannot be fetched, Debian offers another version than the pinned one, a file's
# hash differs, or a patch does not apply. The system's liblua5.4 (no patches: the count
# hook, stat(1) not calibrated by kind of operation, no 16.16 wrap in the VM) is used only
# when asked for by name: M8_LUA=system (make M8_LUA=system; CMake -DM8_LUA=system).
# M8_LUA_OFFLINE=1 never downloads: the pinned files must be in the cache (the tests use it).
# Usage: [M8_LUA=source|system] [M8_LUA_OFFLINE=1] tools/lua_source.sh BUILD_DIR
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: lua_source.sh BUILD_DIR}
mkdir -p "$build"
build=$(cd "$build" && pwd)
out="$build/lua5.4"
mode=${M8_LUA:-source}

die() {
  echo "lua: error: $1" >&2
  echo "lua: the build stops here; to build with the system's liblua5.4 instead (no mote8" \
       "patches: slower, stat(1) not calibrated, no 16.16 wrap in the VM), run" \
       "make M8_LUA=system (README.md, \"Building\")" >&2
  rm -rf "$out"
  exit 1
}

case "$mode" in
  system)
    rm -rf "$out"
    echo "lua: M8_LUA=system: building with the system's liblua5.4 and the count hook (slower," \
         "and stat(1) is not calibrated by kind of operation: every instruction is charged the" \
         "mean weight, docs/cost-model.md)" >&2
    exit 0 ;;
  source) ;;
  *) die "M8_LUA=$mode: expected source (the default) or system" ;;
esac

pins="$top/tools/lua5.4-source.sha256"
patch_files=("$top/tools/lua5.4-count.patch" "$top/tools/lua5.4-p8num.patch"
             "$top/tools/lua5.4-p8fastop.patch" "$top/tools/lua5.4-p8globals.patch")
[ -f "$pins" ] || die "$pins is missing"
# the pinned files: "SHA256  NAME" lines, # comments
pin_hash=() pin_name=()
while read -r h n; do
  case "$h" in ''|'#'*) continue ;; esac
  pin_hash+=("$h") pin_name+=("$n")
done < "$pins"
dsc_name=""
for n in "${pin_name[@]}"; do case "$n" in *.dsc) dsc_name=$n ;; esac; done
[ -n "$dsc_name" ] || die "$pins names no .dsc file"
version=${dsc_name#lua5.4_}
version=${version%.dsc}

# Debian's luaconf.h includes lua5.4-deb-multiarch.h, which Debian's packaging generates
# (liblua5.4-dev installs it); it only names the directory of C modules, which the sandbox
# never loads. Written here so that no Lua package of the system is needed.
write_multiarch_header() {
  local arch
  arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch 2>/dev/null)
  printf '/* written by tools/lua_source.sh: what Debian packaging would generate */\n#define DEB_HOST_MULTIARCH "%s"\n' \
    "${arch:-unknown}" > "$out/src/lua5.4-deb-multiarch.h"
}

stamp="$out/.mote8-patch"
want=$(cat "$pins" "${patch_files[@]}" | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$out/src/lvm.c" ]; then
  [ -f "$out/src/lua5.4-deb-multiarch.h" ] || write_multiarch_header
  exit 0                                    # already prepared from these files and patches
fi

command -v dpkg-source >/dev/null || die "dpkg-source (Debian package dpkg-dev) is missing"
command -v patch >/dev/null || die "patch (Debian package patch) is missing"
cache=${XDG_CACHE_HOME:-$HOME/.cache}/mote8/lua5.4
mkdir -p "$cache/sources" "$cache/lists/partial" "$cache/apt" || die "cannot create the cache $cache"

if [ ! -f "$cache/$dsc_name" ]; then
  if [ "${M8_LUA_OFFLINE:-0}" = 1 ]; then
    others=$(cd "$cache" && ls lua5.4_*.dsc 2>/dev/null | tr '\n' ' ')
    die "$dsc_name (lua5.4 $version) is not in the cache $cache${others:+ (it holds ${others% })} and M8_LUA_OFFLINE=1 forbids fetching it"
  fi
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
  apt-get "${apt_opts[@]}" -qq update >/dev/null 2>&1 ||
    die "apt-get update of the deb-src lists (made from /etc/apt) failed"
  # the pinned version; else whatever Debian offers, to name it in the message below
  (cd "$cache" && { apt-get "${apt_opts[@]}" -qq source --download-only "lua5.4=$version" ||
                    apt-get "${apt_opts[@]}" -qq source --download-only lua5.4; } >/dev/null 2>&1) ||
    die "apt-get source lua5.4 failed (no network, or no Debian source repository)"
  if [ ! -f "$cache/$dsc_name" ]; then
    others=$(cd "$cache" && ls lua5.4_*.dsc 2>/dev/null | tr '\n' ' ')
    die "Debian offers ${others:-no lua5.4 source package}, not the pinned $dsc_name: mote8's patches are checked against lua5.4 $version only (tools/lua5.4-source.sha256 says how to move to another version)"
  fi
fi
for i in "${!pin_name[@]}"; do
  f="$cache/${pin_name[$i]}"
  [ -f "$f" ] || die "$f is missing (the pinned lua5.4 $version source package is incomplete; delete $cache and run make again)"
  got=$(sha256sum "$f" | cut -d' ' -f1)
  [ "$got" = "${pin_hash[$i]}" ] ||
    die "$f: sha256 $got, expected ${pin_hash[$i]} (tools/lua5.4-source.sha256): a damaged or different download; delete it and run make again"
done

rm -rf "$out"
dpkg-source --no-check -x "$cache/$dsc_name" "$out" >/dev/null 2>&1 ||
  die "dpkg-source could not unpack $cache/$dsc_name"
log="$build/lua5.4-patch.log"
for patch_file in "${patch_files[@]}"; do
  (cd "$out" && patch -p1 --forward --batch --fuzz=0 < "$patch_file") > "$log" 2>&1 ||
    die "tools/$(basename "$patch_file") does not apply to lua5.4 $version (patch's output: $log)"
done
rm -f "$log"
write_multiarch_header
echo "$want" > "$stamp"
echo "lua: lua5.4 $version from Debian's source package (sha256 checked), with mote8's patches (counting, numbers, inline operators, look-up hints)" >&2
