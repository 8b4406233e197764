#!/bin/sh
# learn-value.sh -- makes the learned value as shipped (src/ai/value_weights.c, value.h): every
# position of the self-play of search:0/50 under douzero rules, two processes of GAMES games
# each (seeds 3000000 and 4000000), then scripts/learn-value.py (numpy). Deterministic: the
# teacher searches a fixed number of samples and the fit is seeded. About 12 games a second a
# process on this project's machine, so the defaults take about an hour on two cores.
# Usage: scripts/learn-value.sh [OUT.c]   (DDZ=path/to/ddz, default build/ddz; GAMES_A and
# GAMES_B the games of each process; PYTHON a python3 with numpy, default /usr/bin/python3)
set -eu
DDZ=${DDZ:-build/ddz}
PYTHON=${PYTHON:-/usr/bin/python3}
GAMES_A=${GAMES_A:-30000}
GAMES_B=${GAMES_B:-30000}
out=${1:-src/ai/value_weights.c}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
teacher=search:0/50
"$DDZ" learn states --teacher $teacher --rules douzero --games "$GAMES_A" --seed 3000000 --out "$tmp/a.dat" &
a=$!
"$DDZ" learn states --teacher $teacher --rules douzero --games "$GAMES_B" --seed 4000000 --out "$tmp/b.dat" &
b=$!
wait $a
wait $b
"$PYTHON" "$(dirname "$0")/learn-value.py" "$tmp/a.dat" "$tmp/b.dat" --out "$out" --epochs "${EPOCHS:-3}" \
    --note "Made by scripts/learn-value.sh: ddz learn states --teacher $teacher --rules douzero, $GAMES_A games
from seed 3000000 and $GAMES_B from seed 4000000; learn-value.py --epochs ${EPOCHS:-3}."
