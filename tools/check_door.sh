#!/usr/bin/env bash
# check_door.sh - the one-door rule and the walls between hosts (docs/architecture.md). Every
# file outside the machine includes api/mote8.h and api/mote8_profiler.h, system headers,
# and only these of mote8's own:
#   runtime/platform/          its own headers;
#   runtime/host/common/       its own headers and runtime/platform/platform_posix.h;
#   runtime/host/<host>/       its own folder's, common/'s and platform_posix.h (never
#                              another host's: the window and the headless runner do not
#                              reach into each other);
#   runtime/host/template/     nothing but the door (it is built with api/ alone);
#   runtime/host/*.c           (the mote8 program) common/'s, platform_posix.h and each
#                              host's entry header, written <host>/<host>.h;
#   tools/                     platform_posix.h (never a host's file, never a core header or
#                              an api internal).
# Prints each offending include and exits 1; run by the build (CMake target door_check).
# Usage: check_door.sh [SOURCE_DIR]
set -u
top=${1:-$(dirname "$0")/..}
bad=0

# allowed FILE HEADER: whether FILE (relative to top) may include "HEADER"
allowed() {
  local file=$1 header=$2 dir
  dir=${file%/*}
  case "$header" in
    mote8.h|mote8_profiler.h) return 0 ;;
  esac
  case "$header" in */*) ;; *) [ -e "$top/$dir/$header" ] && [ "$dir" != tools ] && return 0 ;; esac
  case "$dir" in
    runtime/platform) return 1 ;;
    runtime/host/template) return 1 ;;
    runtime/host/common|tools) [ "$header" = platform_posix.h ] ;;
    runtime/host)
      [ "$header" = platform_posix.h ] && return 0
      case "$header" in
        */*) local host=${header%%/*}
             [ "$header" = "$host/$host.h" ] && [ -e "$top/runtime/host/$header" ] ;;
        *) [ -e "$top/runtime/host/common/$header" ] ;;
      esac ;;
    runtime/host/*)
      [ "$header" = platform_posix.h ] && return 0
      case "$header" in */*) return 1 ;; esac
      [ -e "$top/runtime/host/common/$header" ] ;;
    *) return 1 ;;
  esac
}

# one grep over every file lists its quoted includes as "FILE HEADER" (no process per line)
while read -r file header; do
  rel=${file#"$top"/}
  allowed "$rel" "$header" && continue
  echo "$rel: includes \"$header\": outside the machine, files include api/mote8.h, their own" \
       "folder's headers and what tools/check_door.sh allows their folder" >&2
  bad=1
done < <(find "$top/runtime/platform" "$top/runtime/host" "$top/tools" -maxdepth 2 \
              \( -name '*.c' -o -name '*.h' \) | sort |
         xargs grep -H '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' |
         sed -n 's/^\([^:]*\):[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1 \2/p')
exit $bad
