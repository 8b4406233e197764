#!/bin/bash
# pg.sh -- ddz serve on PostgreSQL: a private cluster started here (Debian's postgresql), two
# servers sharing it; games on both, a token made on one works on the other; a kill -9 of one
# server mid-game (its games are aborted by the next server that looks, nothing is scored
# twice) and of the database mid-game (the servers reconnect and play on; a game that ends
# while it is down is stored when it is back, exactly once), and a database that freezes
# (SIGSTOP) while people play (the loop is not held up). Skips, saying why,
# where PostgreSQL's server programs are missing or cannot run. Run by `make test-run`.
set -u
DDZ=${DDZ_BIN:-build/ddz}
. "$(dirname "$0")/serve.sh"
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$pgbin" ] || [ ! -x "$pgbin/initdb" ]; then
    echo "pg.sh: SKIP: PostgreSQL's server programs are not installed (apt-get install postgresql)"
    exit 0
fi
as_pg=()
if [ "$(id -u)" = 0 ]; then
    if ! id postgres >/dev/null 2>&1; then
        echo "pg.sh: SKIP: running as root and there is no postgres user to run the database as"
        exit 0
    fi
    as_pg=(runuser -u postgres --)
fi
tmp=$(mktemp -d)
chmod 755 "$tmp"
pids="" pm=""
keep=${PG_SH_KEEP:-}
cleanup() {
    for p in $pids; do kill -9 "$p" 2>/dev/null; done
    [ -n "$pm" ] && kill -9 $pm $(pgrep -P "$pm" 2>/dev/null) 2>/dev/null
    [ -z "$keep" ] && rm -rf "$tmp"; [ -n "$keep" ] && echo "kept $tmp"
}
trap cleanup EXIT
fails=0 runs=0
fail() {
    fails=$((fails + 1))
    printf 'FAIL %s\n' "$*"
}
check() {
    name=$1
    shift
    runs=$((runs + 1))
    "$@" >/dev/null || fail "$name"
}

mkdir "$tmp/data" "$tmp/sock"
[ ${#as_pg[@]} -gt 0 ] && chown postgres "$tmp/data" "$tmp/sock"
if ! "${as_pg[@]}" "$pgbin/initdb" -D "$tmp/data" --auth=trust -U postgres >"$tmp/initdb.log" 2>&1; then
    echo "pg.sh: SKIP: initdb failed: $(tail -2 "$tmp/initdb.log")"
    exit 0
fi
port=$((20000 + RANDOM % 20000))
start_pg() {
    "${as_pg[@]}" "$pgbin/postgres" -D "$tmp/data" -k "$tmp/sock" -p "$port" -c listen_addresses=127.0.0.1 \
        -c fsync=off >>"$tmp/pg.log" 2>&1 &
    for _ in $(seq 100); do
        "$pgbin/pg_isready" -q -h 127.0.0.1 -p "$port" && break
        sleep 0.1
    done
    pm=$(head -1 "$tmp/data/postmaster.pid" 2>/dev/null)
}
start_pg
if ! "$pgbin/pg_isready" -q -h 127.0.0.1 -p "$port"; then
    echo "pg.sh: SKIP: the database did not start: $(tail -3 "$tmp/pg.log")"
    exit 0
fi
url="postgresql://postgres@127.0.0.1:$port/postgres"
export DDZ_PG_STALE_MS=5000 # a server silent 5 s counts as gone (30 s in production)

# start_server NAME: ddz serve on the shared database; sets url_NAME and pid_NAME. Server A
# keeps a results journal; server B names the database host (localhost: resolved on a thread).
start_server() {
    out=$tmp/serve.$1.out
    journal=()
    db=$url
    [ "$1" = A ] && journal=(--journal "$tmp/A.pending")
    [ "$1" = B ] && db=${url/127.0.0.1/localhost}
    "$DDZ" serve --port 0 --db "$db" --turn 5 --bot-delay 0 --quick-wait 1 "${journal[@]}" >"$out" \
        2>>"$tmp/serve.$1.err" &
    eval "pid_$1=$!"
    pids="$pids $!"
    p=$(serve_port "$out") || { echo "pg.sh: ddz serve $1 did not start: $(cat "$tmp/serve.$1.err")"; exit 1; }
    eval "url_$1=ws://127.0.0.1:$p"
}
client() { # NAME SERVER-URL ARGS...
    n=$1 u=$2
    shift 2
    "$DDZ" connect "$u" --auto --name "$n" --think 60 --timeout 60 "$@" >"$tmp/$n.out" 2>"$tmp/$n.err" &
    eval "cpid_$n=$!"
    pids="$pids $!"
}
ok() {
    eval "p=\$cpid_$1"
    wait "$p"
    rc=$?
    runs=$((runs + 1))
    [ "$rc" = 0 ] && grep -q " 0 leaks, commitments ok" "$tmp/$1.out" || fail "client $1: status $rc: $(tail -n 3 "$tmp/$1.out" "$tmp/$1.err")"
}
report() { "$DDZ" serve --db "$url" --report; }
field() { sed -n "s/.*\"$2\":\([-0-9]*\).*/\1/p" <<<"$1"; }
sql() { "$pgbin/psql" -Atq "$url" -c "$1"; }
logged() { grep -c "$2" "$tmp/serve.$1.err"; } # SERVER TEXT: the lines of its log that say TEXT
wait_playing() { # until a game is in play in the store (10 s at most)
    for _ in $(seq 100); do
        [ "$(sql "SELECT count(*) FROM games WHERE status='playing'")" -ge 1 ] && return
        sleep 0.1
    done
}
# wait_both BASE: until a game newer than game BASE is in play on each of the two servers
# (20 s at most); false, and the store's newer games said, when not.
wait_both() {
    for _ in $(seq 200); do
        [ "$(sql "SELECT count(DISTINCT server) FROM games WHERE status='playing' AND id > $1")" -ge 2 ] && return 0
        sleep 0.1
    done
    echo "games after $1: $(sql "SELECT id, server, status FROM games WHERE id > $1 ORDER BY id" | tr '\n' ' ')"
    return 1
}

start_server A
start_server B
# 1. A table on each server; a token made on A.
client A1 "$url_A" --create TA --games 1 --token-file "$tmp/a1.token"
sleep 0.3
client A2 "$url_A" --join TA --games 1
client A3 "$url_A" --join TA --games 1
client B1 "$url_B" --create TB --games 1
sleep 0.3
client B2 "$url_B" --join TB --games 1
client B3 "$url_B" --join TB --games 1
for n in A1 A2 A3 B1 B2 B3; do ok "$n"; done
r=$(report)
check "two games finished on two servers: $r" test "$(field "$r" finished)" -ge 2
# 2. The token of A1 works on B: the same player comes back there.
id_a=$(sed -n 's/.*"player":\([0-9]*\).*/\1/p' "$tmp/A1.out" | head -1)
client A1b "$url_B" --quick --games 1 --token-file "$tmp/a1.token" --frames "$tmp/A1b.frames"
ok A1b
check "A1's token resumes on server B" grep -q '"resumed":true' "$tmp/A1b.frames"
# 3. kill -9 of server A mid-game: its game is aborted once A is seen gone, B plays on.
client K1 "$url_A" --create TK --games 50
sleep 0.3
client K2 "$url_A" --join TK --games 50
client K3 "$url_A" --join TK --games 50
wait_playing
kill -9 "$pid_A"
wait "$pid_A" 2>/dev/null
for n in K1 K2 K3; do eval "wait \$cpid_$n" 2>/dev/null; done
sleep 5.5
start_server A # its new life, and B's next look, abort the games of the old one
r=$(report)
check "the killed server's game is aborted: $r" test "$(field "$r" aborted)" -ge 1
check "nothing of the killed server left playing: $r" test "$(field "$r" playing)" = 0
# 4. kill -9 of the database mid-game: the servers reconnect and the games go on being stored.
client D1 "$url_B" --create TD --games 4
sleep 0.3
client D2 "$url_B" --join TD --games 4
client D3 "$url_B" --join TD --games 4
wait_playing
before=$(field "$(report)" finished)
kill -9 $pm $(pgrep -P "$pm") 2>/dev/null
sleep 1
start_pg
for n in D1 D2 D3; do ok "$n"; done
r=$(report)
check "games are stored again after the database came back: $r (before $before)" test "$(field "$r" finished)" -gt "$before"
# 4b. A database host that takes connections and never answers (its port held by a listener
#     that says nothing, as a host that drops packets would): the servers connect again
#     without waiting for it, so their loops go on and a hello is answered at once (with a
#     storage error) instead of the server freezing in the connect.
if command -v python3 >/dev/null 2>&1; then
    kill -9 $pm $(pgrep -P "$pm") 2>/dev/null
    sleep 0.5
    python3 -c 'import socket, sys
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1])))
s.listen(64)
held = []
while True:
    held.append(s.accept()[0])' "$port" 2>"$tmp/mute.err" &
    mute=$!
    pids="$pids $mute"
    sleep 2.5 # the servers' next look at the store finds it gone and connects to the mute host
    timeout 10 "$DDZ" connect "$url_B" --name Z --auto --quick --games 1 --timeout 4 --frames "$tmp/Z.frames" >"$tmp/Z.out" 2>"$tmp/Z.err"
    check "a server whose database host never answers still answers at once: $(cat "$tmp/Z.err")" \
        grep -q "cannot read its database" "$tmp/Z.frames"
    back_a=$(logged A "connected to the database again")
    back_b=$(logged B "connected to the database again")
    kill -9 "$mute"
    wait "$mute" 2>/dev/null
    start_pg
    for _ in $(seq 100); do # the servers connect again in the background (a hello meanwhile is refused)
        [ "$(logged A "connected to the database again")" -gt "$back_a" ] &&
            [ "$(logged B "connected to the database again")" -gt "$back_b" ] && break
        sleep 0.1
    done
    check "both servers connected to the database again" \
        test "$(logged A "connected to the database again")" -gt "$back_a" -a \
        "$(logged B "connected to the database again")" -gt "$back_b"
fi
# 5. The database dies mid-game and the game ends before it is back: the server keeps the
#    result and stores it, exactly once, when the database returns (after more than the 5 s
#    that make a server stale, so the other one may abort the game first: it still ends).
#    At the same time server A's game ends while the database is down, and A is killed
#    (kill -9) before it is back: its journal keeps the result, and A's next start stores it.
#    (Slower players here, so that both games are surely in play when the database dies.
#    Still, one game may end before the other is dealt: a redeal, players slow to start on a
#    loaded machine. Then those players finish and three others sit down, twice at most,
#    under other names, so that the stored scores below are of one game.)
both=
for names in "E F" "G H" "I J"; do
    read -r e f <<<"$names"
    base=$(sql "SELECT coalesce(max(id), 0) FROM games")
    client ${e}1 "$url_B" --create T$e --games 1 --think 400
    client ${f}1 "$url_A" --create T$f --games 1 --think 400
    sleep 0.3
    client ${e}2 "$url_B" --join T$e --games 1 --think 400
    client ${e}3 "$url_B" --join T$e --games 1 --think 400
    client ${f}2 "$url_A" --join T$f --games 1 --think 400
    client ${f}3 "$url_A" --join T$f --games 1 --think 400
    both=$(wait_both "$base") && both=ok && break
    echo "pg.sh: no game in play on both servers at once ($both); new players try again" >&2
    for n in ${e}1 ${e}2 ${e}3 ${f}1 ${f}2 ${f}3; do ok "$n"; done
done
check "a game in play on each server before the database dies: $both" test "$both" = ok
r=$(report)
ended=$(field "$r" finished) # redeals vary with the deal (all pass): only the finished game counts
kept_b=$(logged B "kept to store later")
kept_a=$(logged A "kept to store later")
kill -9 $pm $(pgrep -P "$pm") 2>/dev/null
down=$SECONDS
for n in ${e}1 ${e}2 ${e}3 ${f}1 ${f}2 ${f}3; do ok "$n"; done
check "the game ended while the database was down" test "$(logged B "kept to store later")" -gt "$kept_b"
check "A's game ended while the database was down: $(tail -3 "$tmp/serve.A.err")" \
    test "$(logged A "kept to store later")" -gt "$kept_a"
check "A's result is in its journal" grep -q '"kept":' "$tmp/A.pending"
kill -9 "$pid_A"
wait "$pid_A" 2>/dev/null
# What A's table creator (${f}1) was told it scored (its seat's total in a new room), to compare with the store.
seat_f1=$(sed -n "s/.*${f}1 seat \\([0-2]\\):.*/\\1/p" "$tmp/${f}1.out")
totals_f1=$(sed -n 's/.*totals \[\([-0-9,]*\)\].*/\1/p' "$tmp/${f}1.out")
told_f1=$(cut -d, -f$((${seat_f1:-0} + 1)) <<<"$totals_f1")
while [ $((SECONDS - down)) -lt 7 ]; do sleep 0.5; done
start_pg
start_server A # reads its journal: the kept game is stored
for _ in $(seq 100); do
    grep -q "stored late" "$tmp/serve.B.err" && break
    sleep 0.1
done
check "the kept result is stored once the database is back: $(tail -3 "$tmp/serve.B.err")" grep -q "stored late" "$tmp/serve.B.err"
# The kept ends (a redeal may come before the game) are stored one retry after another: wait
# for the game, then one more retry period, so that a second copy would show.
for _ in $(seq 100); do
    [ "$(field "$(report)" finished)" -gt "$ended" ] && break
    sleep 0.1
done
sleep 2.5
r=$(report)
check "exactly two more games finished: $r (before $ended)" test "$(field "$r" finished)" = $((ended + 2))
check "A stored the result its journal kept: $(tail -3 "$tmp/serve.A.err")" grep -q "results journal .*kept before the last stop; [1-9][0-9]* written now, 0 wait" "$tmp/serve.A.err"
check "A's journal is empty once stored" test "$(wc -l <"$tmp/A.pending")" = 1
check "${f}1's stored score is what it was told ($told_f1)" test "$(sql "SELECT score FROM players WHERE name = '${f}1'")" = "$told_f1"
check "no notice of an abort for a game that ended" test "$(sql "SELECT count(*) FROM notices n JOIN games g ON g.id = n.game WHERE g.status <> 'aborted'")" = 0
check "every finished game has its real seed" test "$(sql "SELECT count(*) FROM games WHERE status = 'finished' AND seed !~ '^[0-9a-f]{64}$'")" = 0
# 5b. The database stops mid-game (SIGSTOP of every PostgreSQL process, 3 s: a host that
#     froze keeps its connections open and says nothing, so no TCP timeout fires) while people
#     play on server A: the loop is never held up by a statement (the writes go to the store's
#     writer thread; what the loop reads waits 100 ms at most, DDZ_PG_DEADLINE_MS, then the
#     store is away and reconnects in the background), so every
#     action is answered within a bound, and the games that end meanwhile are stored exactly
#     once after SIGCONT (checked in 6). Before the deadline, A froze for the whole 3 s.
#     The database is also slow meanwhile (each record takes 0.4 s: a trigger sleeps, more than
#     the 100 ms a statement may hold up the loop, less than the writer thread's 1 s): the kept
#     ends are written again by the writer thread too, so they are stored all the same.
sql "CREATE FUNCTION ddz_slow() RETURNS trigger LANGUAGE plpgsql AS \$\$ BEGIN PERFORM pg_sleep(0.4); RETURN NEW; END \$\$;
     CREATE TRIGGER ddz_slow BEFORE INSERT ON records FOR EACH ROW EXECUTE FUNCTION ddz_slow()"
finished_before=$(field "$(report)" finished)
kept_a=$(logged A "kept to store later")
"$DDZ" loadtest --url "$url_A" --clients 9 --duration 6 --think 40 >"$tmp/freeze.out" 2>&1 &
lt=$!
pids="$pids $lt"
sleep 1.5
frozen=$(pgrep -P "$pm")
kill -STOP $pm $frozen
sleep 3
kill -CONT $pm $frozen
wait "$lt"
worst=$(sed -n 's/.*latency .* max \([0-9]*\)\..*/\1/p' "$tmp/freeze.out")
check "a stopped database never holds up the loop: worst action ${worst:-?} ms (bound 1500): $(cat "$tmp/freeze.out")" \
    test "${worst:-99999}" -lt 1500
check "the stopped database was met (a statement past its deadline): $(tail -3 "$tmp/serve.A.err")" \
    grep -q "did not answer in" "$tmp/serve.A.err"
check "games ended while the database was stopped: $(tail -3 "$tmp/serve.A.err")" \
    test "$(logged A "kept to store later")" -gt "$kept_a"
for _ in $(seq 200); do # the kept ends are stored once the database answers again
    grep -q '"kept":' "$tmp/A.pending" || break
    [ "$(wc -l <"$tmp/A.pending")" = 1 ] && break
    sleep 0.1
done
check "the kept ends are stored after SIGCONT, slow as the database is (A's journal emptied): $(tail -2 "$tmp/serve.A.err")" \
    test "$(wc -l <"$tmp/A.pending")" = 1
check "games were stored after the stop: $(report)" test "$(field "$(report)" finished)" -gt "$finished_before"
# 5c. A slow database (each record takes 0.4 s to write: a trigger sleeps, more than the 100 ms
#     a statement may hold up the loop) while people play on A: the ends go to the store's
#     writer thread (src/net/store_writer.c, which may wait 1 s), so none is given up and kept
#     for later, and they are stored while the loop goes on. Before the writer, every end
#     passed the loop's deadline and waited in the journal until the database was fast again.
#     (The trigger of 5b is still there.)
finished_before=$(field "$(report)" finished)
kept_a=$(logged A "kept to store later")
"$DDZ" loadtest --url "$url_A" --clients 6 --duration 5 --think 40 >"$tmp/slow.out" 2>&1
sleep 1 # the last ends' writes
sql "DROP TRIGGER ddz_slow ON records; DROP FUNCTION ddz_slow()"
check "a slow database: no end given up ($(grep "kept to store later" "$tmp/serve.A.err" | tail -1))" \
    test "$(logged A "kept to store later")" = "$kept_a"
check "a slow database: the ends are stored while people play: $(cat "$tmp/slow.out")" \
    test "$(field "$(report)" finished)" -ge $((finished_before + 2))
# 6. Nothing scored twice: three results per scored game, scores equal the results.
kill "$pid_A" "$pid_B"
wait "$pid_A" "$pid_B" 2>/dev/null
r=$(report)
check "scores equal the stored results: $r" test "$(field "$r" score_sum)" = "$(field "$r" result_sum)"
check "nothing left playing after a clean stop: $r" test "$(field "$r" playing)" = 0
check "three results for every scored game" test "$(sql "SELECT count(*) FROM (SELECT game FROM results GROUP BY game HAVING count(*) <> 3) x")" = 0
check "results only for finished games" test "$(sql "SELECT count(*) FROM results r JOIN games g ON g.id = r.game WHERE g.status <> 'finished'")" = 0
[ -n "$id_a" ] && check "one player row for A1 on both servers" test "$(sql "SELECT count(*) FROM players WHERE id = $id_a")" = 1
echo "pg.sh: $runs checks, $fails failed"
[ "$fails" = 0 ]
