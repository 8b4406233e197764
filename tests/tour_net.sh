#!/bin/sh
# tour_net.sh -- ddz connect and a tournament on a real ddz serve (a free port, a temporary
# database, an event of three that two computers fill at the start): on the curses screens
# the list of events, the event's registration view, registering, the table titled with its
# round and table, 托管 to the end, the last game's result kept after the table closes, the
# final standings and rounds; in the line mode an organiser's events, begin (the start), the
# round, the end, follow and standings. Run by `make test-run` with DDZ_BIN pointing at the binary under test;
# skipped (status 0) when tmux is not installed.
set -u
SUITE=tour_net.sh S=tn
. "$(dirname "$0")/tmux.sh"

# The server: one event of three (computers fill it at the start); player 1 may start it.
serve_start --db "$tmp/tour.db" --bot-delay 50 --turn 60 --tour-admin 1 \
    --tournament 'cup:players=3,games=1,fill=normal,pause=0'
export XDG_CONFIG_HOME="$tmp/config"
run() { # run SESSION WIDTH ARGS: ddz connect ARGS in a new WIDTHx24 session
    $T new-session -d -s "$1" -x "$2" -y 24 \
        "LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_CONFIG_HOME='$XDG_CONFIG_HOME' '$DDZ' connect $url $3; echo DDZ-EXIT=\$?; sleep 60" ||
        { fail "tmux new-session"; exit 1; }
}

# The organiser, line by line: player 1.
S=boss
run boss 200 "--plain --name boss --lang en"
wait_for boss_welcome "Welcome, boss (player 1)"
keys events Enter
wait_re boss_events "^  \\[1\\] cup  0/3  registering"
keys "follow 1" Enter
wait_re boss_follow "^Tournament cup \\(1\\): registering, 0 of 3 registered, 1 games per table"

# A player on the screens: the list, the registration, registering.
S=tn
run tn 80 "--name ann --lang en"
wait_for lobby "ddz Dou Dizhu · Lobby"
wait_for lobby_key "e events"
keys e
wait_for list_title "Tournaments"
wait_re list_row "^ +1 +cup +0/3 +registering +starts when the field is full"
keys Enter
wait_for reg_head "Registration: 0 of 3, starts when the field is full"
wait_for reg_note "j registers you for this event."
wait_re reg_rules "Rules: .*packet.*; 60 s per turn|Rules: .*packet"
keys j
wait_for registered "You are registered (entrant 1)"
wait_re reg_list "^ +1 +ann +online"

# The organiser starts it: two computers fill the field.
S=boss
keys "begin 1" Enter
S=tn
wait_re table_title "Round 1 · Table 1 · 1/1" 15
# 托管 for each game (an extra game follows a tie), Enter on each result, to the end.
runs=$((runs + 1))
n=400
while [ $n -gt 0 ]; do
    screen | grep -qE "The winner: (ann|电脑[12])" && break
    if screen | grep -qF "Enter: go on"; then
        results=1
        keys Enter
    elif screen | grep -qF "your turn"; then
        keys o
    fi
    sleep 0.3
    n=$((n - 1))
done
[ $n -gt 0 ] || fail "the table never ended"
runs=$((runs + 1))
[ "${results:-0}" = 1 ] || fail "no result panel with 'Enter: go on' was seen"
wait_re final_head "The winner: (ann|电脑[12])" 15
wait_re final_rows "1st +(ann|电脑[12])"
wait_re final_seed "Seed: [0-9a-f]{64}$"
keys Tab
wait_for rounds_line "Round 1: 3 players, 1 tables, 0 byes - you: table 1"
keys q
wait_for quit_ask "Leave the server? (y/n)"
keys y
wait_for exit "DDZ-EXIT=0"

# The organiser's lines: the event, its end, the standings.
S=boss
wait_re boss_seat "^Round 1: 3 players, 1 tables, 0 byes"
wait_re boss_over "^The winner: (ann|电脑[12]) \\([0-9]+ games\\)\\. The event's seed: [0-9a-f]{64}$" 30
keys "follow 1" Enter
wait_re boss_follow_end "^Tournament cup \\(1\\): finished, 3 of 3 registered, 1 games per table"
keys standings Enter
wait_re boss_standings "^ +1st +(ann|电脑[12]) +Round 1 +[+-][0-9]+ +winner$"
keys events Enter
wait_re boss_events_end "^  \\[1\\] cup  3/3  finished  (ann|电脑[12])$"
keys quit Enter
wait_for boss_exit "DDZ-EXIT=0"

tmux_done
