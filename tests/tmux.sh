# tmux.sh -- what the terminal suites share, sourced (`. tests/tmux.sh`) after setting SUITE (the
# suite's name, for messages and the tmux socket) and S (the tmux session the checks read):
# DDZ (the binary under test, absolute), T (a tmux of the suite's own), tmp (a temporary folder
# removed at exit with the tmux server and any server started by serve_start), and the checks
# below. Every check counts itself in runs; a failure counts in fails and prints the screen.
# Exits 0 with a note when tmux is not installed (scripts/deps.sh installs it).
. "$(dirname "$0")/serve.sh"
if ! command -v tmux >/dev/null 2>&1; then
    echo "$SUITE: tmux is not installed, skipped (scripts/deps.sh installs it)"
    exit 0
fi
DDZ=${DDZ_BIN:-build/ddz}
DDZ=$(cd "$(dirname "$DDZ")" && pwd)/$(basename "$DDZ")
T="tmux -L ddz-$SUITE-$$ -f /dev/null"
tmp=$(mktemp -d)
server=""
tmux_cleanup() {
    $T kill-server >/dev/null 2>&1
    [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$tmp"
}
trap tmux_cleanup EXIT
fails=0 runs=0

screen() { $T capture-pane -p -t "$S" 2>/dev/null; }
screen_has() { screen | grep -qE -- "$1"; }
keys() { $T send-keys -t "$S" "$@"; }

fail() {
    fails=$((fails + 1))
    printf 'FAIL %s\n' "$*"
    printf '%s\n' "---- screen $S ----" "$(screen)" "----------------"
}

# wait_for NAME TEXT [SECONDS]: the screen shows TEXT within the time (default 10 s).
wait_for() {
    runs=$((runs + 1))
    n=$(( ${3:-10} * 20 ))
    while [ $n -gt 0 ]; do
        screen | grep -qF -- "$2" && return 0
        sleep 0.05
        n=$((n - 1))
    done
    fail "$1: '$2' never appeared"
    return 1
}

# wait_re NAME REGEX [SECONDS]: as wait_for, with an extended regular expression.
wait_re() {
    runs=$((runs + 1))
    n=$(( ${3:-10} * 20 ))
    while [ $n -gt 0 ]; do
        screen_has "$2" && return 0
        sleep 0.05
        n=$((n - 1))
    done
    fail "$1: /$2/ never appeared"
    return 1
}

# absent NAME TEXT: the screen does not show TEXT.
absent() {
    runs=$((runs + 1))
    ! screen | grep -qF -- "$2" || fail "$1: '$2' is still on the screen"
}

# ascii_only NAME: every character on the screen is ASCII.
ascii_only() {
    runs=$((runs + 1))
    n=$(screen | LC_ALL=C tr -d '\000-\177' | wc -c)
    [ "$n" = 0 ] || fail "$1: $n bytes beyond ASCII on the screen"
}

# settle REGEX: up to 3 s for the screen to match (no check counted: the caller checks after).
settle() {
    n=60
    while [ $n -gt 0 ] && ! screen_has "$1"; do sleep 0.05; n=$((n - 1)); done
}

# serve_start ARGS: ddz serve --port 0 ARGS in the background (its output in $tmp/serve.out and
# serve.err); sets server (its pid), port and url, or exits 1 saying why it did not start.
serve_start() {
    "$DDZ" serve --port 0 "$@" >"$tmp/serve.out" 2>"$tmp/serve.err" &
    server=$!
    if ! port=$(serve_port "$tmp/serve.out"); then
        echo "$SUITE: ddz serve did not start:"
        cat "$tmp/serve.err"
        exit 1
    fi
    url=ws://127.0.0.1:$port
}

# tmux_done: the suite's summary line; the status says whether every check passed.
tmux_done() {
    echo "$SUITE: $((runs - fails))/$runs checks passed"
    [ "$fails" -eq 0 ]
}
