#!/bin/sh
# play_tmux.sh -- the full-screen game driven under tmux (send-keys, capture-pane): bidding, a
# hint, refused moves, the counter, a complete game to its result panel, a resize to a too
# small terminal and back, quitting with Esc (q is a queen), and in Chinese help and Ctrl-C.
# Run by `make test-run` with DDZ_BIN pointing at the binary under test; skipped (status 0)
# when tmux is not installed.
set -u
SUITE=play_tmux.sh S=play
. "$(dirname "$0")/tmux.sh"

# start ARGS: a new 80x24 session running ddz play ARGS, then a line with its exit status.
start() {
    $T kill-server >/dev/null 2>&1
    sleep 0.1
    $T new-session -d -s play -x 80 -y 24 \
        "${LOCALE_ENV:-LANG=C.UTF-8 LC_ALL=C.UTF-8} XDG_DATA_HOME='$tmp/xdg' '$DDZ' play --seed 1 --level greedy --delay 0 $*; echo DDZ-EXIT=\$?; sleep 60" ||
        { fail "tmux new-session"; exit 1; }
}

# English: one complete game --------------------------------------------------------------------
start --lang en
wait_for bid_prompt "Your bid?  [3] bid 3  [2] bid 2  [1] bid 1  [0] no bid"
wait_for revealed "Revealed card ♣3: You to bid first."
wait_for hand_ranks "3  3  3  7  8  8  10 10 10 J  J  J  Q  K  A  2  RJ"
wait_for seats "West  100 pts"
keys h
wait_for bid_hint "Hint: 1 = bid 1 (Enter)"
keys Enter
wait_for lead "Your lead: play any move."
wait_for landlord_badge "You   landlord  20 cards · 100 pts  your turn"
wait_for bottom_cards "Bottom ♦7  ♥7  ♥9"
wait_for title "Base 1  multiple ×2"
keys p
wait_for lead_pass "You lead: you cannot pass."
keys q
wait_for queen_typed "> Q_   Q: single"
absent queen_no_quit "Quit the match?"
keys q
wait_for queens_typed "Not in your hand: Q Q"
keys Escape
absent esc_clears_first "Quit the match?"
keys 7 8
wait_for typed "> 78_   7 8 is not a move"
keys Enter
wait_for not_a_move "7 8 is not a move."
wait_for nothing_played "20 cards"
keys Escape h
wait_for hint "Hint 1/129: 3 3 3 8 (trio + single)"
keys Enter
wait_for follow "Beat East's 4 6 6 6 (trio + single), or pass."
keys 7 7 Enter
wait_for not_beat "7 7 does not beat 4 6 6 6."
keys Escape c
wait_for counter "Counter 3  4  5  6  7  8  9  10 J  Q  K  A  2  B  R"
# Arrow keys and space select cards by hand; the selection is judged as it changes.
keys Home Space
wait_for cursor_select "7 does not beat 4 6 6 6"
keys Right Space Right Space Right Right Space
wait_for cursor_select4 "7 7 7 9: trio + single, beats the table"
keys Escape
# Hint and play until the game ends; each key waits for the screen to answer the last one.
# play_out DONE: hint and play until the screen shows DONE.
play_out() {
    i=0
    while [ $i -lt 60 ] && ! screen_has "$1"; do
        keys h
        settle "Hint [0-9]|Nothing beats|提示 [0-9]|没有牌管得住|$1"
        screen_has "$1" && break
        keys Enter
        n=60
        while [ $n -gt 0 ] && screen_has "Hint [0-9]|Nothing beats|提示 [0-9]|没有牌管得住"; do sleep 0.05; n=$((n - 1)); done
        i=$((i + 1))
    done
}
play_out "Enter: next game"
wait_for result_panel "Enter: next game   v: view the table"
wait_for result_winner "The landlord (You) wins.  You win!"
wait_re result_score "You +landlord +\+2 +→ +102"
wait_re result_east "East +farmer +-1 +→ +99"
wait_re result_west "West +farmer +-1 +→ +99"
$T resize-window -t play -x 60 -y 20
wait_for too_small "The terminal is 60×20; the game needs 80×24."
$T resize-window -t play -x 80 -y 24
wait_for redrawn "Enter: next game"
keys v
wait_for view_keys "v back to the panel  Enter next game  c counter  ? help  Esc quit"
absent view_table "Enter: next game   v: view the table"
keys '?'
wait_for view_help "Keys and move types"
keys x
wait_for view_keys_again "v back to the panel"
keys v
wait_for panel_back "Enter: next game"
keys Enter
wait_for game_two "Game 2"
keys q
sleep 0.2
absent q_is_no_quit "Quit the match?"
keys Escape
wait_for quit_ask "Quit the match? (y/n)"
keys n
sleep 0.2
absent quit_cancelled "Quit the match?"
keys Escape y
wait_for exit_status "DDZ-EXIT=0"
wait_for summary "Match stopped; games played: 1. You 102 middle peasant"
wait_for replay_line "Replay this match: ddz play --seed 1"

# Chinese: bidding, a refusal, help, Ctrl-C restores the terminal -------------------------------
start --lang zh
wait_for zh_bid_prompt "请叫分：  [3] 叫 3 分  [2] 叫 2 分  [1] 叫 1 分  [0] 不叫"
wait_for zh_seats "西家  100 分"
keys h
wait_for zh_bid_hint "提示：1 = 叫 1 分（回车确认）"
keys Enter
wait_for zh_lead "轮到你出牌：任意牌型。"
wait_for zh_badge "你   地主  20 张 · 100 分  轮到你了"
keys 7 8 Enter
wait_for zh_not_move "7 8 不是合法牌型。"
# s sorts the hand: by group size (seed 003: threes, pairs, singles), by combination, by rank.
keys Escape s
wait_for zh_sort_group "理牌：按张数：四张、三张、对子、单张。"
wait_for zh_sort_group_hand "3  3  3  7  7  7  10 10 10 J  J  J  8  8  9  Q  K  A  2  大"
keys s
wait_for zh_sort_combo "理牌：按牌型"
keys s
wait_for zh_sort_rank "理牌：按点数。"
wait_for zh_sort_rank_hand "3  3  3  7  7  7  8  8  9  10 10 10 J  J  J  Q  K  A  2  大"
keys '?'
wait_for zh_help "按键与牌型"
wait_for zh_help_types "炸弹 3333：管住任何非炸弹"
wait_for zh_help_local "l、o                 本局记录；托管（电脑代打）开关"
wait_for zh_help_sort "s                    理牌：按点数、按张数（4 3 2 1）、按牌型"
absent zh_help_no_chat "聊天"
keys x
sleep 0.2
absent zh_help_closed "按键与牌型"
keys l
wait_for zh_history "本局记录"
wait_re zh_history_bid "  1 你：叫 1 分"
keys x
sleep 0.2
absent zh_history_closed "本局记录"
keys o
wait_for zh_auto_done "回车：下一局" 20
wait_re zh_auto_badge "你 +地主 +托管"
keys o Enter
wait_for zh_auto_off "第 2 局"
keys C-c
wait_for zh_ctrl_c_asks "确定退出比赛吗？（y/n）"
keys C-c
wait_for zh_ctrl_c "DDZ-EXIT=130"
wait_for zh_summary "比赛中止，已完成 1 局。"

# aligned NAME: in the result panel, the three seats' arrows stand in one column, and so do the
# right ends of the factors' values (display columns, Chinese counting two).
aligned() {
    runs=$((runs + 1))
    screen >"$tmp/pane"
    cols=$(grep -E '[+-][0-9]+ +→ +-?[0-9]+' "$tmp/pane" | while IFS= read -r l; do
        printf "%s" "${l%%→*}" | LC_ALL=C.UTF-8 wc -L; done | sort -u | wc -l)
    ends=$(grep -E '(= [0-9]+|×[0-9]+) +[│|]' "$tmp/pane" | sed -E 's/^(.*[^ ]) +[│|].*$/\1/' | while IFS= read -r l; do
        printf "%s" "$l" | LC_ALL=C.UTF-8 wc -L; done | sort -u | wc -l)
    [ "$cols" = 1 ] && [ "$ends" = 1 ] || fail "$1: the result panel is not aligned ($cols arrow columns, $ends value columns)"
}
# A farmer who doubled: the header's multiple, the result's factors, aligned, both languages.
for lang in en zh; do
    start --level easy --lang $lang -o show
    if [ $lang = en ]; then ask="Double (倒牌"; done_="Enter: next game"; else ask="倒牌吗？"; done_="回车：下一局"; fi
    wait_re "dbl_$lang" "Your bid\\?|请叫分"
    keys 0
    wait_for "dbl_ask_$lang" "$ask"
    keys 1
    if [ $lang = en ]; then
        wait_for dbl_header "Base 2  multiple ×2"
    else
        wait_for dbl_header_zh "底分 2  倍数 ×2"
    fi
    play_out "$done_"
    if [ $lang = en ]; then
        wait_for dbl_you "You, a farmer: game score × 2 (You double)"
        wait_re dbl_row "You +farmer double +\\+8 +→ +108"
    else
        wait_for dbl_you_zh "你（农民）：本局分 × 2（你倒牌）"
        wait_re dbl_row_zh "你 +农民 倒牌 +\\+8 +→ +108"
    fi
    aligned "dbl_aligned_$lang"
    keys Escape y
    wait_for "dbl_exit_$lang" "DDZ-EXIT=0"
done

# --timer: when your turn runs out the computer plays it for you.
start --lang en --timer 2
wait_for timer_shown "your turn  2 s"
wait_for timer_up "Time is up: the computer played for you." 6
keys Escape y
wait_for timer_exit "DDZ-EXIT=0"

# The C locale (no UTF-8 asked for): the game takes a UTF-8 locale the machine has, so
# Chinese and suits show, and no line is cut at a symbol. -----------------------------------
LOCALE_ENV="LANG=C LC_ALL=C" start --lang zh
wait_for c_zh_prompt "请叫分：  [3] 叫 3 分  [2] 叫 2 分  [1] 叫 1 分  [0] 不叫"
wait_for c_zh_title "ddz 斗地主 · 第 1 局"
wait_for c_zh_suits "明牌 ♣3：你先叫。"
keys 1
wait_for c_zh_multiple "底分 1  倍数 ×2"
wait_for c_zh_keys "回车 出牌  p 不要  h 提示  ←→ 空格 选牌"
keys C-c
wait_for c_zh_ask "确定退出比赛吗？（y/n）"
keys C-c
wait_for c_zh_exit "DDZ-EXIT=130"

# ASCII only (--ascii in English, what the game falls back to without any UTF-8 locale):
# every piece of information stays, in ASCII, boxes included. ------------------------------
start --lang en --ascii
wait_for ascii_prompt "Your bid?  [3] bid 3  [2] bid 2  [1] bid 1  [0] no bid"
wait_for ascii_title "ddz Dou Dizhu | Game 1"
wait_for ascii_revealed "Revealed card C3: You to bid first."
ascii_only ascii_bidding
keys 1
wait_for ascii_multiple "Base 1  multiple x2  seed 1"
wait_for ascii_keys "Enter play  p pass  h hint  <> space select  c counter  ? help  Esc quit"
wait_for ascii_badge "You   landlord  20 cards | 100 pts  your turn"
ascii_only ascii_lead
keys '?'
wait_for ascii_help "</>  space           move along your hand"
wait_re ascii_help_pass "\\| p +pass +\\|"
ascii_only ascii_help
keys x c
wait_for ascii_counter "Counter 3  4  5  6  7  8  9  10 J  Q  K  A  2  B  R"
ascii_only ascii_counter
keys C-c
wait_for ascii_ask "Quit the match? (y/n)"
keys C-c
wait_for ascii_exit "DDZ-EXIT=130"

# ddz replay --view: a recorded game on the same table, every hand shown; forward, back,
# jump to move N, start and end.
"$DDZ" sim --games 1 --agents normal,normal,normal --seed 5 --record "$tmp/view.jsonl" >/dev/null 2>&1
$T kill-server >/dev/null 2>&1
sleep 0.1
$T new-session -d -s play -x 80 -y 24 \
    "LANG=C.UTF-8 LC_ALL=C.UTF-8 '$DDZ' replay '$tmp/view.jsonl' --view --lang en; echo DDZ-EXIT=\$?; sleep 60"
wait_re view_start "Game 1 \(1 of 1\) · Move 0/[0-9]+"
wait_for view_deal "The deal: every hand shown."
wait_re view_hands "0 normal +17 cards"
wait_re view_east " 1 normal "
keys Right
wait_re view_step1 "Move 1/[0-9]+"
keys End
wait_re view_end "The landlord \(.*\) wins\.|The farmers win\."
keys 5 Enter
wait_re view_jump "Move 5/[0-9]+"
keys Left
wait_re view_back "Move 4/[0-9]+"
keys Home
wait_re view_home "Move 0/[0-9]+"
keys q
wait_for view_exit "DDZ-EXIT=0"

# After the final table, n starts a new match (a base of 100 ends a match in one game).
# Last: the rule options given here are saved as the next defaults.
start --lang en --new -o bid=rob -o base=100
wait_for new_call "Call for landlord?"
keys 1 o
wait_for new_result "Enter: final table   v: view the table" 30
keys Enter
wait_for new_final "n: new match   Enter: leave"
wait_for new_final_head "Match over; games played: 1."
keys o
sleep 0.2
keys n
wait_for new_match "Game 1"
wait_for new_scores "West  100 pts"
absent new_final_gone "n: new match"
keys Escape y
wait_for new_exit "DDZ-EXIT=0"

tmux_done
