#!/bin/bash
# net.sh -- black-box tests of ddz serve over loopback, on free ports: real clients (ddz connect
# --auto, which records every frame and checks that no hidden card of another seat appears)
# play complete games, drop and reconnect, watch, time out, use a password and a quick match;
# the records verify; a kill -9 leaves the database consistent. Run by `make test-run`.
set -u
DDZ=${DDZ_BIN:-build/ddz}
. "$(dirname "$0")/serve.sh"
tmp=$(mktemp -d)
pids=""
cleanup() {
    for p in $pids; do kill -9 "$p" 2>/dev/null; done
    rm -rf "$tmp"
}
trap cleanup EXIT
fails=0 runs=0

fail() {
    fails=$((fails + 1))
    printf 'FAIL %s\n' "$*"
}

check() { # NAME CONDITION-COMMAND...
    name=$1
    shift
    runs=$((runs + 1))
    "$@" >/dev/null || fail "$name"
}

# start_server DB [OPTIONS...]: starts ddz serve on a free port; sets server and port.
starts=0
start_server() {
    db=$1
    shift
    starts=$((starts + 1))
    out=$tmp/serve.$starts.out
    "$DDZ" serve --port 0 --db "$db" "$@" >"$out" 2>>"$tmp/serve.err" &
    server=$!
    pids="$pids $server"
    if ! port=$(serve_port "$out"); then
        echo "net.sh: ddz serve did not start:"
        cat "$tmp/serve.err"
        exit 1
    fi
    url=ws://127.0.0.1:$port
}

# client NAME ARGS...: an automatic client in the background; its output in $tmp/NAME.out.
client() {
    n=$1
    shift
    "$DDZ" connect "$url" --auto --name "$n" --think 100 --timeout 30 "$@" >"$tmp/$n.out" 2>"$tmp/$n.err" &
    eval "pid_$n=$!"
}

# ok NAME: the client NAME exited 0 and saw no leak.
ok() {
    n=$1
    eval "p=\$pid_$n"
    wait "$p"
    rc=$?
    runs=$((runs + 1))
    if [ "$rc" != 0 ] || ! grep -q " 0 leaks, commitments ok" "$tmp/$n.out"; then
        fail "client $n: status $rc: $(cat "$tmp/$n.out" "$tmp/$n.err")"
    fi
}

report() { "$DDZ" serve --db "$1" --report; }
field() { sed -n "s/.*\"$2\":\([-0-9]*\).*/\1/p" <<<"$1"; }

start_server "$tmp/a.db" --turn 2 --quick-wait 1 --bot-delay 0 --ping 2 --quiet

# 1. Three people play two complete games; one drops mid-game and comes back with its token;
#    a spectator watches; all record every frame.
client A --create T1 --games 2 --record "$tmp/A.jsonl" --frames "$tmp/A.frames"
sleep 0.3
client B --join T1 --games 2 --frames "$tmp/B.frames"
client C --join T1 --games 2 --drop-after 3 --token-file "$tmp/C.token"
client W --watch T1 --games 1 --frames "$tmp/W.frames"
# 2. A quick match alone: computers fill the seats after the wait.
client Q --quick --games 1
# 3. A password room: the wrong password is refused, the right one plays.
client P --create P1 --password 's3 cret' --games 1 --bots 1
client X --join P1 --password wrong --games 1
client Y --join P1 --password 's3 cret' --games 1
# 4. A sleeper who never acts: its deadlines pass, then the computer plays for it (托管).
client S1 --create T2 --games 1 --frames "$tmp/S1.frames"
sleep 0.3
client S2 --join T2 --games 1
client S3 --join T2 --games 1 --think 600000
# 5. A half-open connection: a client that stops answering (SIGSTOP) is cut after the pings
#    go unanswered (--ping 2: cut after 4 s), and its room closes; live idle clients stay.
"$DDZ" connect "$url" --auto --name Z --create HALF --games 1 --timeout 30 >/dev/null 2>&1 &
zombie=$!
pids="$pids $zombie"
sleep 1
kill -STOP "$zombie"
# 6. Hostile input over the wire, and plain HTTP.
"$DDZ" connect "$url" --hostile --timeout 10 >"$tmp/H.out" 2>&1
check "hostile client: $(cat "$tmp/H.out")" grep -q "6 bad messages answered, oversized frame cut off" "$tmp/H.out"
# raw_frame BYTES [N]: a WebSocket handshake, then BYTES (printf format); prints the first N
# bytes (1) of the server's answer in hex (81: a text frame, 88: a close frame) or nothing.
raw_frame() {
    (
        exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
        printf 'GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n' >&3
        while IFS= read -r -t 3 line <&3; do [ "$line" = $'\r' ] && break; done
        printf "$1" >&3
        timeout 3 head -c "${2:-1}" <&3 | od -An -tx1 | tr -d ' \n'
    ) 2>/dev/null
}
ping='{"type":"ping"}'
answer=$(raw_frame "\x81\x8f\x00\x00\x00\x00$ping")
check "a masked text frame is answered (got '$answer')" test "$answer" = 81
answer=$(raw_frame "\x82\x8f\x00\x00\x00\x00$ping")
check "a binary frame is closed, not answered (got '$answer')" test "$answer" = 88
# An unmasked client frame (RFC 6455 5.1) is never read: the connection is closed with 1002,
# alone, after the answer to a masked frame sent before it in the same write, and when it comes
# with the handshake.
close1002=881103ea$(printf 'client unmasked' | od -An -tx1 | tr -d ' \n')
answer=$(raw_frame "\x81\x0f$ping" 19)
check "an unmasked frame is closed with 1002 (got '$answer')" test "$answer" = "$close1002"
answer=$(raw_frame "\x81\x8f\x00\x00\x00\x00$ping\x89\x00" 36)
check "a masked frame is answered, then the unmasked ping after it closed (got '$answer')" \
    test "$answer" = "810f7b2274797065223a22706f6e67227d$close1002"
answer=$( (exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
    printf 'GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n\x81\x0f%s' "$ping" >&3
    timeout 3 cat <&3 | tail -c 19 | od -An -tx1 | tr -d ' \n') 2>/dev/null)
check "an unmasked frame sent with the handshake is closed with 1002 (got '$answer')" test "$answer" = "$close1002"
# It listens where it says, not on every address: the default 127.0.0.1 (lws 4.1 bound its
# IPv6 socket to :: for it), and a host name is resolved.
listening_on() { # PORT: the local addresses of the sockets listening on PORT (/proc/net/tcp*)
    awk -v p=":$(printf '%04X' "$1")" '$2 ~ p "$" && $4 == "0A" { print $2 }' /proc/net/tcp /proc/net/tcp6
}
where=$(listening_on "$port")
check "the server listens on 127.0.0.1 only (got '$where')" test "$where" = "0100007F:$(printf '%04X' "$port")"
# ddz web on every IPv6 address says which URL to open: http://[::1]:PORT/ (it printed the
# broken http://:::PORT/), and the page is there.
if grep -q '^0\{31\}1 ' /proc/net/if_inet6 2>/dev/null; then
    "$DDZ" web --listen :: --port 0 --no-open >"$tmp/web6.out" 2>&1 &
    wpid=$!
    pids="$pids $wpid"
    for _ in $(seq 100); do grep -q "play at" "$tmp/web6.out" && break; sleep 0.05; done
    wport=$(sed -n 's/.*play at http:\/\/\[::1\]:\([0-9]*\)\/#solo=normal .*/\1/p' "$tmp/web6.out")
    check "ddz web --listen :: says http://[::1]:PORT/: $(cat "$tmp/web6.out")" test -n "$wport"
    check "ddz web --listen :: says what other machines open" grep -q "from another machine" "$tmp/web6.out"
    check "ddz web says where to play, not the server's own line: $(cat "$tmp/web6.out")" sh -c '! grep -q "ddz serve:" "$1"' sh "$tmp/web6.out"
    http=$( (printf 'GET / HTTP/1.0\r\n\r\n' >&3; head -c 12 <&3) 3<>"/dev/tcp/::1/${wport:-1}" 2>/dev/null)
    check "the page is at [::1], got '$http'" test "$http" = "HTTP/1.0 200"
    kill "$wpid"
    wait "$wpid" 2>/dev/null
fi
# Plain HTTP gets the browser client's page (tests/web.sh tests the rest), anything else 404.
http=$( (printf 'GET / HTTP/1.0\r\n\r\n' >&3; head -c 12 <&3) 3<>"/dev/tcp/127.0.0.1/$port" 2>/dev/null)
check "plain HTTP GET / gets the page, got '$http'" test "$http" = "HTTP/1.0 200"
http=$( (printf 'GET /nothing HTTP/1.0\r\n\r\n' >&3; head -c 12 <&3) 3<>"/dev/tcp/127.0.0.1/$port" 2>/dev/null)
check "plain HTTP GET /nothing gets 404, got '$http'" test "$http" = "HTTP/1.0 404"

for n in A B C W Q P Y S1 S2; do ok "$n"; done
wait "$pid_X"
check "wrong password refused" grep -q wrong_password "$tmp/X.err"
wait "$pid_S3"
rooms=$(printf 'rooms\n' | "$DDZ" connect "$url" 2>&1)
half_cut() { grep -q Welcome <<<"$rooms" && ! grep -q HALF <<<"$rooms"; }
check "the half-open connection was cut: $rooms" half_cut
{ kill -9 "$zombie"; wait "$zombie"; } 2>/dev/null
check "C reconnected" grep -q " 1 reconnects" "$tmp/C.out"
check "the spectator was never sent a hand" sh -c "! grep -q '\"hand\"' '$tmp/W.frames'"
check "deadlines passed for the sleeper" grep -q '"by":"timeout"' "$tmp/S1.frames"
check "the computer took over the sleeper" grep -q '"reason":"timeouts"' "$tmp/S1.frames"
check "computers played the sleeper's turns" grep -q '"by":"auto"' "$tmp/S1.frames"

# 7. The records verify: each seed deals its hands, each commitment matches, also by hand.
check "ddz verify: $("$DDZ" verify "$tmp/A.jsonl" 2>&1 | tail -3)" "$DDZ" verify "$tmp/A.jsonl" --quiet
head -1 "$tmp/A.jsonl" >"$tmp/h"
seed=$(sed -n 's/.*"seed256":"\([0-9a-f]*\)".*/\1/p' "$tmp/h")
salt=$(sed -n 's/.*"salt":"\([0-9a-f]*\)".*/\1/p' "$tmp/h")
commit=$(sed -n 's/.*"commit":"\([0-9a-f]*\)".*/\1/p' "$tmp/h")
by_hand=$(printf 'ddz-deal/2:%s:%s' "$salt" "$seed" | sha256sum | cut -d' ' -f1)
check "sha256sum of the revealed seed is the commitment" test "$by_hand" = "$commit"
sed "1s/\"salt\":\"./\"salt\":\"Z/" "$tmp/A.jsonl" >"$tmp/bad.jsonl"
runs=$((runs + 1))
"$DDZ" verify "$tmp/bad.jsonl" >/dev/null 2>&1 && fail "a damaged salt verifies"
"$DDZ" serve --db "$tmp/a.db" --records >"$tmp/all.jsonl"
check "every stored record verifies" "$DDZ" verify "$tmp/all.jsonl" --quiet

r=$(report "$tmp/a.db")
check "scores sum to the results: $r" test "$(field "$r" score_sum)" = "$(field "$r" result_sum)"
check "nothing left playing: $r" test "$(field "$r" playing)" = 0
kill "$server"
wait "$server" 2>/dev/null

# 8. kill -9 in the middle of games, restart on the same database.
start_server "$tmp/k.db" --turn 5 --bot-delay 0 --quiet
client K1 --create K --games 50 --think 60 --record "$tmp/K1.jsonl"
sleep 0.3
client K2 --join K --games 50 --think 60
client K3 --join K --games 50 --think 60
for _ in $(seq 200); do
    r=$(report "$tmp/k.db")
    [ "$(field "$r" finished)" -ge 2 ] 2>/dev/null && [ "$(field "$r" playing)" = 1 ] && break
    sleep 0.1
done
{ kill -9 "$server"; wait "$server"; } 2>/dev/null
for p in $pid_K1 $pid_K2 $pid_K3; do wait "$p" 2>/dev/null; done
seen=$(grep -c '"type":"result"' "$tmp/K1.jsonl")
# (Its log goes to a "journal": every line carries its syslog level, the transport's too.)
JOURNAL_STREAM=$(stat -c %d:%i "$tmp/serve.err") start_server "$tmp/k.db" --turn 5 --bot-delay 0 --listen localhost
where=$(listening_on "$port")
check "--listen localhost listens on 127.0.0.1 (got '$where')" test "$where" = "0100007F:$(printf '%04X' "$port")"
check "restart reports the aborted game, a warning: $(tail -2 "$tmp/serve.err")" grep -q "^<4>1 unfinished game from before marked aborted" "$tmp/serve.err"
r=$(report "$tmp/k.db")
fin=$(field "$r" finished)
check "finished games kept ($fin in the database, $seen seen by a client)" test "$fin" -ge "$seen" -a "$fin" -le $((seen + 1))
check "the cut game is aborted: $r" test "$(field "$r" aborted)" = 1
check "no score counted twice or lost: $r" test "$(field "$r" score_sum)" = "$(field "$r" result_sum)"
check "nothing left playing: $r" test "$(field "$r" playing)" = 0
# The restarted server plays on, and the players keep their scores.
before=$(field "$r" results)
client K4 --create K2 --games 1 --bots 2
ok K4
r=$(report "$tmp/k.db")
check "a game after the restart is stored: $r" test "$(field "$r" results)" = $((before + 3))
"$DDZ" serve --db "$tmp/k.db" --records >"$tmp/k.jsonl"
check "every stored record verifies after the crash" "$DDZ" verify "$tmp/k.jsonl" --quiet
kill "$server"
wait "$server" 2>/dev/null
check "the stop is logged as a notice: $(tail -1 "$tmp/serve.err")" grep -q "^<5>stopped; " "$tmp/serve.err"

# ddz loadtest with its own server: rooms of computers and the server's bot delay, as the
# person in such a room sees each computer's move (the median gap between moves).
median_gap() { sed -n 's/^  computers *a move \([0-9]*\) ms after the one before at the median.*/\1/p' "$1"; }
"$DDZ" loadtest --clients 3 --duration 4 --think 50 --computer-rooms 2 --computer-level normal \
    --bot-delay 250 >"$tmp/lt250.out" 2>&1
check "loadtest with a bot delay of 250 ms passes: $(tail -3 "$tmp/lt250.out")" \
    grep -q "scores equal the stored results" "$tmp/lt250.out"
gap=$(median_gap "$tmp/lt250.out")
check "computers move 250 ms after the move before, and not much later (median '$gap' ms)" \
    test "${gap:-0}" -ge 250 -a "${gap:-0}" -lt 400
"$DDZ" loadtest --clients 3 --duration 3 --think 50 --computer-rooms 2 --computer-level normal \
    >"$tmp/lt0.out" 2>&1
gap=$(median_gap "$tmp/lt0.out")
check "without --bot-delay its server's computers do not wait (median '$gap' ms)" test -n "$gap" -a "${gap:-999}" -lt 100
"$DDZ" loadtest --url ws://127.0.0.1:1 --bot-delay 100 >"$tmp/ltu.out" 2>&1
check "--bot-delay with --url is refused: $(cat "$tmp/ltu.out")" \
    grep -q "with --url the server's own settings hold" "$tmp/ltu.out"

echo "net.sh: $runs checks, $fails failed"
[ "$fails" = 0 ]
