#!/usr/bin/env bash
# check_banners.sh - keeps the "Depends on:" line of every file banner true (runtime/, api/,
# tools/): each header a file includes with quotes is named there (by its name, with or
# without ".h" and a folder, e.g. "cart_codec.h" or "runtime/core (cart_codec, ...)"), and
# each "NAME.h" the line names is one the file reaches: includes, with quotes or angle
# brackets, directly or through mote8's headers it includes, or its module reaches (a
# header speaks for its NAME.c too; NAME.c's own NAME.h needs no mention). Prints each
# stale or missing name and exits 1; run by the build with the door check (CMake target
# door_check). Usage: check_banners.sh [SOURCE_DIR]
set -u
top=${1:-$(dirname "$0")/..}
cd "$top" || exit 2
find api runtime tools -maxdepth 3 \( -name '*.c' -o -name '*.h' \) | sort | awk '
BEGIN {
    ndirs = split("api api/dialect api/profiler runtime/core runtime/platform runtime/host " \
                  "runtime/host/common runtime/host/headless runtime/host/window runtime/editor", dirs, " ")
}
# The file a quoted include NAME of FILE means: the folder of FILE first, then the include
# folders; "" when it is not one of mote8.
function resolve(file, name,    dir, i, path) {
    dir = file; sub(/\/[^\/]*$/, "", dir)
    path = dir "/" name
    if ((getline junk < path) >= 0) { close(path); return path }
    for (i = 1; i <= ndirs; i++) {
        path = dirs[i] "/" name
        if ((getline junk < path) >= 0) { close(path); return path }
    }
    return ""
}
# Read FILE once: its quoted includes (quoted_at[FILE, i]) and every base name it includes.
function scan(file,    line, name, q, base) {
    if (file in scanned) return
    scanned[file] = 1
    while ((getline line < file) > 0) {
        if (line !~ /^[ \t]*#[ \t]*include[ \t]*[<"]/) continue
        q = line ~ /"/
        name = line
        sub(/^[ \t]*#[ \t]*include[ \t]*[<"]/, "", name)
        sub(/[>"].*/, "", name)
        base = name; sub(/.*\//, "", base)
        names[file, base] = 1
        if (q) { nq[file]++; quoted_at[file, nq[file]] = name }
    }
    close(file)
}
# Mark in reach[] every base name FILE includes, directly or through the headers of mote8.
function walk(file,    i, path) {
    if (file in walked) return
    walked[file] = 1
    scan(file)
    for (k in names) { split(k, kk, SUBSEP); if (kk[1] == file) reach[kk[2]] = 1 }
    for (i = 1; i <= nq[file]; i++) {
        path = resolve(file, quoted_at[file, i])
        if (path != "") walk(path)
    }
}
function word_in(word, text) {
    return match(" " text " ", "[^A-Za-z0-9_]" word "[^A-Za-z0-9_]") > 0
}
{
    file = $0
    depends = ""; in_banner = 1; text = ""
    while ((getline line < file) > 0 && in_banner) {
        text = text " " line
        if (line ~ /\*\//) in_banner = 0
    }
    close(file)
    if (!match(text, /Depends on:/)) {
        print file ": its banner has no \"Depends on:\" line" > "/dev/stderr"; bad = 1; next
    }
    depends = substr(text, RSTART + RLENGTH)
    stem = file; sub(/.*\//, "", stem); sub(/\.[ch]$/, "", stem)
    own = file; if (!sub(/\.c$/, ".h", own)) sub(/\.h$/, ".c", own)
    split("", reach); split("", walked)
    walk(file)
    if (own != file && (getline junk < own) >= 0) { close(own); walk(own) }
    for (i = 1; i <= nq[file]; i++) {
        name = quoted_at[file, i]
        base = name; sub(/.*\//, "", base); word = base; sub(/\.h$/, "", word)
        if (base == stem ".h" || word_in(word, depends)) continue
        print file ": includes \"" name "\" but its banner'"'"'s \"Depends on:\" does not name it" > "/dev/stderr"
        bad = 1
    }
    rest = depends
    while (match(rest, /[A-Za-z0-9_\/]+\.h([^A-Za-z0-9_]|$)/)) {
        named = substr(rest, RSTART, RLENGTH); sub(/[^A-Za-z0-9_]$/, "", named)
        rest = substr(rest, RSTART + RLENGTH)
        base = named; sub(/.*\//, "", base)
        if (base == stem ".h" || (base in reach)) continue
        print file ": its banner'"'"'s \"Depends on:\" names " named ", which it does not include" > "/dev/stderr"
        bad = 1
    }
}
END { exit bad }'
