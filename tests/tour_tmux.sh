#!/bin/sh
# tour_tmux.sh -- ddz play --tournament on the full screen, driven under tmux (send-keys,
# capture-pane): the draw with the person's table, the lists (tables, standings, rounds), the
# game screen at the person's table, each round's results, the final standings and what stays
# on the terminal, and the event's record checked by ddz verify; a bye and its waiting view;
# groups (another group's round); Chinese; the ASCII look; leaving from a view. Run by `make test-run` with DDZ_BIN pointing at
# the binary under test; skipped (status 0) when tmux is not installed.
set -u
SUITE=tour_tmux.sh S=tour
. "$(dirname "$0")/tmux.sh"

# start ARGS: a new 80x24 session running ddz play --tournament ARGS, then its exit status.
start() {
    $T kill-server >/dev/null 2>&1
    sleep 0.1
    $T new-session -d -s tour -x 80 -y 24 \
        "LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_DATA_HOME='$tmp/xdg' '$DDZ' play --tournament --level greedy --delay 0 $*; echo DDZ-EXIT=\$?; sleep 60" ||
        { fail "tmux new-session"; exit 1; }
}

# through NAME REGEX: Enter on every panel (game results, round results) until REGEX shows.
through() {
    runs=$((runs + 1))
    n=120
    while [ $n -gt 0 ]; do
        screen_has "$2" && return 0
        if screen_has "Enter: go on|回车：继续|Enter: to your table|回车：入座"; then
            keys Enter
        fi
        sleep 0.25
        n=$((n - 1))
    done
    fail "$1: /$2/ never appeared"
    return 1
}

# English: a whole 9-player event (2 rounds of 3 games per table) ----------------------------------
start --lang en --seed 3 --games-per-table 3 --record "$tmp/event.jsonl"
wait_for draw_head "Round 1: the draw"
wait_re draw_you "You play at table [1-3] with P[0-9]:greedy and P[0-9]:greedy\\."
wait_re draw_tables "^ +3 +P[0-9]:greedy +P[0-9]:greedy +P[0-9]:greedy"
wait_for draw_keys "Enter: to your table   Tab: lists   Esc: leave"
keys Tab
wait_re standings_head "Place +Player +Reached +Score"
wait_re standings_row "1st +You +- +\\+0"
keys Tab
wait_for rounds_line "Round 1: 9 players, 3 tables, 0 byes - you: table"
keys Tab
wait_for tables_again "to play"
keys Enter
wait_re table_status "Round 1 · Table [1-3] · 1/3"
wait_re table_seats "P[0-9]:greedy +(0 pts|landlord|farmer)"
wait_re table_you "You +(17|20) cards"
# The computer plays the person's seat (托管), as in ddz play.
keys o
through round1_results "Round 1: results"
wait_re round1_outcome "You (won your table \\([+-][0-9]+\\): you go on\\.|are out: P[0-9]:greedy won your table)"
wait_re round1_winners "▶"
through final "The winner: "
wait_re final_place "You finished [0-9](st|nd|rd|th) of 9\\."
wait_re final_rows "^ +[2-9](st|nd|rd|th) "
wait_for final_keys "Enter: leave"
keys Enter
wait_re end_line "Tournament over: .* won; you finished [0-9](st|nd|rd|th) of 9\\."
wait_for end_standings "standings (9 players):"
wait_for end_exit "DDZ-EXIT=0"
runs=$((runs + 1))
"$DDZ" verify "$tmp/event.jsonl" >/dev/null 2>&1 || fail "verify: the event recorded on the screen does not check out"

# A bye (7 players, seed 2: the person has it) and its waiting view; leaving with Esc ------------
start --lang en --seed 2 --players 7
wait_for bye_draw "You have a bye: you go through to the next round."
wait_re bye_list "Byes: You"
wait_for bye_keys "Enter: go on"
keys Enter
wait_for bye_results "Round 1: results"
wait_for bye_had "You had a bye: you are in the next round."
wait_re bye_rounds_tab " Tables +Standings +Rounds"
keys Tab Tab
wait_for bye_rounds "Round 1: 7 players, 2 tables, 1 byes - you: bye"
keys Escape
wait_for leave_ask "Leave the tournament? (y/n)"
keys y
wait_for left "You left the tournament."
wait_for left_exit "DDZ-EXIT=0"

# Groups (12 players in 2, seed 4: the person is in B): group A's rounds come first ----------
start --lang en --seed 4 --players 12 --groups 2 --games-per-table 1
wait_for groups_draw "Group A · Round 1: the draw"
wait_for groups_later "Another group plays this round: yours comes later."
keys Escape
wait_for groups_ask "Leave the tournament? (y/n)"
keys y
wait_for groups_exit "DDZ-EXIT=0"

# Chinese ---------------------------------------------------------------------------------------
start --lang zh --seed 3
wait_for zh_draw "第1轮：抽签结果"
wait_re zh_you "你在第[1-3]桌，同桌："
wait_for zh_keys "回车：入座"
keys Enter
wait_re zh_status "第1轮 · 第[1-3]桌 · 第1/6局"
keys C-c
wait_for zh_ask "确定退出比赛吗？（y/n）"
keys C-c
wait_for zh_exit "DDZ-EXIT=130"

# ASCII -----------------------------------------------------------------------------------------
start --lang en --ascii --seed 3
wait_for ascii_draw "Round 1: the draw"
ascii_only ascii_draw_view
keys Enter
wait_re ascii_table "Round 1 \\| Table [1-3] \\| 1/6"
ascii_only ascii_table_view
keys Escape
wait_for ascii_ask "Leave the tournament? (y/n)"
keys y
wait_for ascii_exit "DDZ-EXIT=0"

tmux_done
