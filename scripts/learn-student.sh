#!/bin/sh
# learn-student.sh -- makes the student's weights as shipped (src/ai/student_weights.c): the
# search's decisions in self-play, 2 x 1,000 games under douzero rules (two processes), then
# the fit. Deterministic: the teacher searches a fixed number of samples. About 6 minutes on
# two cores. Usage: scripts/learn-student.sh [OUT.c]   (DDZ=path/to/ddz, default build/ddz)
set -eu
DDZ=${DDZ:-build/ddz}
out=${1:-src/ai/student_weights.c}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
teacher=search:0/200
"$DDZ" learn data --teacher $teacher --rules douzero --games 1000 --seed 1000000 --out "$tmp/a.bin" &
a=$!
"$DDZ" learn data --teacher $teacher --rules douzero --games 1000 --seed 2000000 --out "$tmp/b.bin" &
b=$!
wait $a
wait $b
"$DDZ" learn fit "$tmp/a.bin" "$tmp/b.bin" --out "$out" \
    --note "Made by scripts/learn-student.sh: ddz learn data --teacher $teacher --rules douzero --games 1000, seeds 1000000 and 2000000."
