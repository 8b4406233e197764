# serve.sh -- sourced by the suites that start ddz serve (net.sh, pg.sh, tmux.sh).
# serve_port OUT: waits up to 5 s for the "listening on ws://127.0.0.1:PORT" line that ddz
# serve writes to OUT once it listens, and prints PORT; status 1 when it never came.
serve_port() {
    for _ in $(seq 100); do
        sp=$(sed -n 's/.*listening on ws:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$1" 2>/dev/null)
        [ -n "$sp" ] && { echo "$sp"; return 0; }
        sleep 0.05
    done
    return 1
}
