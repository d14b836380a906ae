#!/usr/bin/env bash
# check_door.sh - the one-door rule (docs/architecture.md): hosts (runtime/host) and tools
# (tools/) include api/mote8.h, api/mote8_profiler.h, their own folder's headers, system
# headers, and (tools) the host side's POSIX platform services, never a runtime/core header
# or an api internal. Prints each offending include
# and exits 1; run by the build (CMake target door_check). Usage: check_door.sh [SOURCE_DIR]
set -u
top=${1:-$(dirname "$0")/..}
bad=0
for dir in runtime/host tools; do
  for file in "$top/$dir"/*.c "$top/$dir"/*.h; do
    [ -e "$file" ] || continue
    while IFS= read -r line; do
      header=$(printf '%s\n' "$line" | sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p')
      [ -n "$header" ] || continue
      case "$header" in
        mote8.h|mote8_profiler.h) continue ;;
      esac
      [ "$dir" = tools ] && [ -e "$top/runtime/host/$header" ] && continue
      [ -e "$top/$dir/$header" ] && continue
      echo "$dir/$(basename "$file"): includes \"$header\": hosts and tools use only api/mote8.h" >&2
      bad=1
    done < "$file"
  done
done
exit $bad
