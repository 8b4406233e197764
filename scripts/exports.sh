#!/bin/sh
# Writes the linker version script of libddz.so to standard output: the functions declared in
# the public headers (include/ddz/*.h, declarations only: comment lines and static inline
# definitions are skipped) that the given objects define are global, everything else local.
set -e
dir=$(dirname "$0")/../include/ddz
tmp=${TMPDIR:-/tmp}/ddz-exports.$$
trap 'rm -f "$tmp".h "$tmp".o' EXIT
grep -hv '^[[:space:]]*/\?\*' "$dir"/*.h | grep -v 'static inline' |
    grep -oE '\bddz_[A-Za-z0-9_]+[[:space:]]*\(' | tr -d ' \t(' | sort -u > "$tmp".h
nm -g --defined-only "$@" | awk 'NF == 3 && $2 ~ /^[TDRB]$/ { print $3 }' | sort -u > "$tmp".o
echo "DDZ_0 {"
echo "  global:"
comm -12 "$tmp".h "$tmp".o | sed 's/.*/    &;/'
echo "  local: *;"
echo "};"
