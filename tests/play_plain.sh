#!/bin/sh
# play_plain.sh -- ddz play --plain driven by a script: a whole fixed-seed match in English and
# in Chinese (refusals, counter, hints, results, final table with titles), determinism, the
# fall-back when the terminal is not one, records, other rule options, and bad arguments.
# Run by `make test-run` with DDZ_BIN pointing at the binary under test.
#
# The computer players are the built-in greedy agent (--level greedy): it never bids and plays
# its smallest move, so the match below only changes when the engine does. The person's side
# answers every prompt with "h" (hint) and an empty line (play the hint), after a few scripted
# commands that exercise the refusals.
set -u
DDZ=${DDZ_BIN:-build/ddz}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The profile (settings, the match in progress, statistics) lives here, not in your home.
export XDG_DATA_HOME="$tmp/xdg"
fails=0 runs=0

fail() {
    fails=$((fails + 1))
    printf 'FAIL %s\n' "$*"
}

# has NAME FILE TEXT: FILE holds the line fragment TEXT.
has() {
    runs=$((runs + 1))
    grep -qF -- "$3" "$2" || fail "$1: no '$3' in $2"
}

# Answers: first the scripted commands, then hint + play forever.
hints() {
    i=0
    while [ $i -lt 6000 ]; do
        printf 'h\n\n'
        i=$((i + 1))
    done
}
{
    # Bidding: a play is no bid; 5 is not a bid; the counter; ? help; the hint, taken.
    printf '33344\nbid 5\n\nc\n?\nh\n\n'
    # Leading: pass refused, no move, not in hand, a lone 1, then 333.
    printf 'p\n78\nx\n1\n3334\n333\n'
    # Following East's 666: a pair does not beat a trio; 777 does.
    printf 'history\n88\n777\n'
    hints
} >"$tmp/in"

# The score lines of every game add up to zero and carry the totals on from 100 each.
check_scores() {
    runs=$((runs + 1))
    awk '
        BEGIN { t[1] = t[2] = t[3] = 100; bad = 0; games = 0 }
        / → / {
            line = $0; k = 0
            while (match(line, /[+-][0-9]+ → -?[0-9]+/)) {
                k++; part = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH)
                split(part, f, " → "); d[k] = f[1] + 0; n[k] = f[2] + 0
            }
            if (k != 3) { bad = 1; next }
            games++
            if (d[1] + d[2] + d[3] != 0) bad = 1
            for (s = 1; s <= 3; s++) { if (t[s] + d[s] != n[s]) bad = 1; t[s] = n[s] }
        }
        END { if (bad || games == 0) exit 1; print t[1], t[2], t[3], games }
    ' "$2" >"$tmp/totals" || fail "$1: score lines do not add up (see $2)"
}

# English ------------------------------------------------------------------------------------
"$DDZ" play --plain --seed 1 --level greedy --lang en <"$tmp/in" >"$tmp/en" 2>"$tmp/err"
rc=$?
runs=$((runs + 1))
[ $rc = 0 ] || fail "en: exit status $rc: $(cat "$tmp/err")"
has en_welcome "$tmp/en" "you against West and East, 100 points each"
has en_seed "$tmp/en" "Level: greedy. Rules: classic moves (four + two different kickers); bids of 1, 2 or 3; a revealed card's holder bids first; farmers double, the landlord redoubles. seed 1"
has en_empty_bid "$tmp/en" "! Type your choice (3 2 1 0), or h for a hint."
has en_revealed "$tmp/en" "Revealed card ♣3: You to bid first."
has en_hand "$tmp/en" "Your hand (17): ♣3 ♦3 ♠3 ♣7 ♦8 ♠8 ♣10 ♥10 ♠10 ♣J ♥J ♠J ♦Q ♦K ♦A ♦2 RJ"
has en_bid_prompt "$tmp/en" "Your bid?  3 = bid 3, 2 = bid 2, 1 = bid 1, 0 = no bid"
has en_unknown "$tmp/en" "! Unknown command '33344'; ? lists the commands."
has en_bad_bid "$tmp/en" "! You cannot bid 5 now; choose 0 / 1 / 2 / 3."
has en_counter "$tmp/en" "Counter (cards you have not seen: in the others' hands): 3:1 4:4 5:4 6:4 7:3 8:2"
has en_help "$tmp/en" "h or hint             next hint; an empty line then plays it"
has en_bid_hint "$tmp/en" "Hint: 1 = bid 1 (Enter)"
has en_landlord "$tmp/en" "Landlord: You, base 1. Bottom cards: ♦7 ♥7 ♥9"
has en_doubling "$tmp/en" "East: no double"
has en_table "$tmp/en" "-- Game 1 · Base 1 multiple ×2 · Scores: You 100, East 100, West 100"
has en_lead "$tmp/en" "Your lead: play any move."
has en_lead_pass "$tmp/en" "! You lead: you cannot pass."
has en_not_move "$tmp/en" "! 7 8 is not a move."
has en_not_in_hand "$tmp/en" "! Not in your hand: BJ."
has en_lone_one "$tmp/en" "! Write ten as 10 or T (position 1)."
has en_trio "$tmp/en" "You: ♣3 ♦3 ♠3 (trio)"
has en_east_plays "$tmp/en" "East: ♣6 ♦6 ♥6 (trio)"
has en_follow "$tmp/en" "Beat East's 6 6 6 (trio), or pass."
has en_not_beat "$tmp/en" "! 8 8 does not beat 6 6 6."
has en_play_hint "$tmp/en" "Hint 1/6: 8 8 (pair)"
has en_hint_ten "$tmp/en" "Hint 1/4: 10 (single)"
has en_autopass "$tmp/en" "Nothing beats BJ RJ: you pass."
has en_whole_hand "$tmp/en" "Your whole hand goes out: 2 (single). Enter plays it."
has en_bomb_mark "$tmp/en" "*** BOMB! ×2 ***"
has en_history "$tmp/en" "    1 You: bid 1"
has en_history_play "$tmp/en" "    6 You: ♣3 ♦3 ♠3 (trio)"
has en_rocket_mark "$tmp/en" "*** ROCKET! ×2 ***"
has en_seat_line "$tmp/en" "   East: 14 cards; played ♣6 ♦6 ♥6"
has en_two_cards "$tmp/en" "   West: 2 cards left!"
# Sentences show cards as the hand does: no rank codes (T, B, R) and no repeated counts.
runs=$((runs + 1))
grep -E "^(Hint [0-9]|Beat |! |Nothing beats)" "$tmp/en" | grep -v "^! Write ten as 10 or T" | grep -E "(^|[ :])(T|B|R|[0-9JQKA2]*T[0-9TJQKA2]*)([ .,)]|$)" >"$tmp/codes" &&
    fail "en: rank codes in sentences: $(head -3 "$tmp/codes")"
runs=$((runs + 1))
grep -E "([0-9]+) cards? \1 left" "$tmp/en" >"$tmp/rep" && fail "en: a count said twice: $(head -1 "$tmp/rep")"
has en_one_left "$tmp/en" "one card left! (报单)"
has en_two_left "$tmp/en" "two cards left! (报双)"
has en_result "$tmp/en" "== Game 1: The landlord (You) wins. You win!"
has en_stake "$tmp/en" "   Game score: 1 × 1                = 1"
has en_landlord_sum "$tmp/en" "   You, the landlord: 1 + 1         = 2"
has en_bombs "$tmp/en" "   Bombs: 1                          ×2"
has en_redeal "$tmp/en" "Nobody bid: the cards are dealt again."
has en_over "$tmp/en" "== Match over; games played: 61."
has en_title1 "$tmp/en" "   1. You  306  landlord"
has en_title2 "$tmp/en" "   2. East  -3  beggar"
has en_title3 "$tmp/en" "   3. West  -3  beggar"
has en_replay "$tmp/en" "Replay this match: ddz play --seed 1"
has en_new_offer "$tmp/en" "Type new for a new match; an empty line leaves."
has en_lifetime "$tmp/en" "All your games at greedy: 61, won 46 (75%), best +16, worst -8"
check_scores en "$tmp/en"
runs=$((runs + 1))
[ "$(cat "$tmp/totals")" = "306 -3 -3 61" ] || fail "en: final totals $(cat "$tmp/totals"), want 306 -3 -3 61"

# The same seed and the same answers give the same match, to the byte.
XDG_DATA_HOME="$tmp/xdg-en2" "$DDZ" play --plain --seed 1 --level greedy --lang en <"$tmp/in" >"$tmp/en2" 2>&1
runs=$((runs + 1))
cmp -s "$tmp/en" "$tmp/en2" || fail "en: a second run with the same seed differs"

# Chinese ------------------------------------------------------------------------------------
"$DDZ" play --plain --seed 1 --level greedy --lang zh <"$tmp/in" >"$tmp/zh" 2>"$tmp/err"
rc=$?
runs=$((runs + 1))
[ $rc = 0 ] || fail "zh: exit status $rc: $(cat "$tmp/err")"
has zh_welcome "$tmp/zh" "斗地主：你对西家和东家，各 100 分，直到有人输光。"
has zh_revealed "$tmp/zh" "明牌 ♣3：你先叫。"
has zh_hand "$tmp/zh" "你的手牌（17 张）：♣3 ♦3 ♠3 ♣7 ♦8 ♠8 ♣10 ♥10 ♠10 ♣J ♥J ♠J ♦Q ♦K ♦A ♦2 大王"
has zh_bid_prompt "$tmp/zh" "请叫分：  3 = 叫 3 分，2 = 叫 2 分，1 = 叫 1 分，0 = 不叫"
has zh_empty_bid "$tmp/zh" "! 请输入选择（3 2 1 0），或 h 提示。"
has zh_bad_bid "$tmp/zh" "! 现在不能叫 5；可选：0 / 1 / 2 / 3。"
has zh_counter "$tmp/zh" "记牌器（未出现的牌：在另外两家手里）：3：1 4：4 5：4"
has zh_landlord "$tmp/zh" "地主：你，底分 1。底牌：♦7 ♥7 ♥9"
has zh_doubling "$tmp/zh" "东家：不倒"
has zh_lead_pass "$tmp/zh" "! 你先出牌，不能不要。"
has zh_not_move "$tmp/zh" "! 7 8 不是合法牌型。"
has zh_not_in_hand "$tmp/zh" "! 你手里没有：小王。"
has zh_follow "$tmp/zh" "管住东家的 6 6 6（三张），或者不要。"
has zh_not_beat "$tmp/zh" "! 8 8 管不住 6 6 6。"
has zh_play "$tmp/zh" "你：♣3 ♦3 ♠3（三张）"
has zh_pass "$tmp/zh" "西家：不要"
has zh_one_left "$tmp/zh" "报单！还剩一张。"
has zh_result "$tmp/zh" "== 第 1 局：地主（你）胜。你赢了！"
has zh_setup "$tmp/zh" "难度：贪心。规则：经典牌型（四带二须两张不同），叫分 1、2、3，明牌者先叫，农民倒牌、地主拉牌。种子 1"
has zh_scores "$tmp/zh" "积分：你 100，东家 100，西家 100"
has zh_two_cards "$tmp/zh" "西家：2 张，报双！"
# Chinese reads as Chinese: no English words (but the replay command and the typed notation
# of the help) and no half-width punctuation beside Chinese characters.
runs=$((runs + 1))
grep -v "^> " "$tmp/zh" | grep -v "^   \[" | LC_ALL=C.UTF-8 grep -oP '[A-Za-z]{2,}|\p{Han}[,:;.!?()]|[,:;!?()]\p{Han}|\p{Han} [,:;.!]' |
    grep -vxE 'ddz|play|seed|xd|JQKA|BR' >"$tmp/mixed" && fail "zh: English or half-width punctuation: $(sort -u "$tmp/mixed" | head -5 | tr '\n' ' ')"
has zh_bombs "$tmp/zh" "   炸弹 1 个               ×2"
has zh_redeal "$tmp/zh" "都不叫，重新发牌。"
has zh_over "$tmp/zh" "== 比赛结束，共 61 局。"
has zh_title1 "$tmp/zh" "   1. 你  306  地主"
has zh_title2 "$tmp/zh" "   2. 东家  -3  乞丐"
has zh_replay "$tmp/zh" "重玩这场比赛：ddz play --seed 1"
check_scores zh "$tmp/zh"
runs=$((runs + 1))
[ "$(cat "$tmp/totals")" = "306 -3 -3 61" ] || fail "zh: final totals $(cat "$tmp/totals"), want 306 -3 -3 61"

# 托管 in the line mode: the computer ends this game for you.
printf '1\nauto\n' | "$DDZ" play --plain --no-save --seed 1 --level greedy --lang en >"$tmp/auto" 2>&1
has auto_on "$tmp/auto" "托管: the computer plays for you until this game ends."
has auto_done "$tmp/auto" "== Game 1: The landlord (You) wins."

# --bell rings on your turn after the others played.
printf '0\n' | "$DDZ" play --plain --no-save --bell --seed 1 --level easy --lang en >"$tmp/bell" 2>&1
runs=$((runs + 1))
grep -q "$(printf '\a')" "$tmp/bell" || fail "bell: no bell rang"

# The first hint is the move the normal-level computer would play (asked of ddz engine).
printf '1\nh\n' | "$DDZ" play --plain --no-save --seed 1 --level greedy --lang en >"$tmp/hint1" 2>&1
has hint1 "$tmp/hint1" "Hint 1/129: 3 3 3 8 (trio + single)"
echo '{"type":"play","seat":0,"landlord":0,"hand":"333777889TTTJJJQKA2R","bottom":"779","history":[],"level":"normal"}' |
    "$DDZ" engine >"$tmp/engine1" 2>&1
has hint1_engine "$tmp/engine1" '{"move":"3338"}'

# The multiple shown is what is paid; every factor on its own line, adding up. --------------
# Seed 1 at level easy: East bids 2, you double (倒牌), East does not redouble; later East's
# bomb. Your multiple is 1, then ×2 once you doubled, ×4 after the bomb; you are paid 2 × 4.
dbl_in() { printf '0\n1\n'; hints; }
dbl_in | "$DDZ" play --plain --seed 1 --level easy --lang en -o show >"$tmp/dbl" 2>&1
runs=$((runs + 1))
grep -A3 "^East: no redouble" "$tmp/dbl" | head -4 | grep -q "Base 2 multiple ×2 ·" ||
    fail "dbl: after your double the header does not say ×2: $(grep -m1 -A3 '^East: no redouble' "$tmp/dbl")"
runs=$((runs + 1))
sed -n '/^East: ♣6 ♦6 ♥6 ♠6 (bomb)/,$p' "$tmp/dbl" | grep -m1 "^-- Game" | grep -q "Base 2 multiple ×4 ·" ||
    fail "dbl: after the bomb the header does not say ×4"
has dbl_base "$tmp/dbl" "   Base                                            2"
has dbl_bombs "$tmp/dbl" "   Bombs: 1                                       ×2"
has dbl_game "$tmp/dbl" "   Game score: 2 × 2                             = 4"
has dbl_west "$tmp/dbl" "   West, a farmer: the game score                  4"
has dbl_you "$tmp/dbl" "   You, a farmer: game score × 2 (You double)    = 8"
has dbl_east "$tmp/dbl" "   East, the landlord: 4 + 8                    = 12"
has dbl_paid "$tmp/dbl" "   You +8 → 108 · East -12 → 88 · West +4 → 104"
dbl_in | "$DDZ" play --plain --seed 1 --level easy --lang zh -o show >"$tmp/dblzh" 2>&1
has dblzh_you "$tmp/dblzh" "   你（农民）：本局分 × 2（你倒牌）    = 8"
has dblzh_east "$tmp/dblzh" "   东家（地主）：4 + 8                = 12"

# check_breakdown NAME FILE: in every result, the game score is the base times the factors
# above it, the landlord's line adds the farmers' stakes, and each seat's change is its
# stake (the landlord's sum) less its fee (hubei48: plus its bomb bonus, 喜金).
check_breakdown() {
    runs=$((runs + 1))
    LC_ALL=C.UTF-8 awk '
        function num(s) { gsub(/[^0-9-]/, "", s); return s + 0 }
        /^   Base  / { base = num($NF); prod = 1; nst = 0; delete fee; delete bonus; games++; next }
        /^   Bomb bonus/ { bonus[$(NF - 1)] = num($NF); next }
        /^   (Bombs|Rocket|Spring|Anti-spring|Robs|Shown hand)/ { v = $NF; sub(/×/, "", v); prod *= v; next }
        /^   Game score: / { if (base * prod != num($NF)) { bad = bad " game " games ": " $0 } T = num($NF); next }
        /, a farmer: / { st[++nst] = num($NF); next }
        /, the landlord: / { split($0, a, ": "); split(a[2], b, " "); if (b[1] + b[3] != num($NF) || (!cap && (b[1] != st[1] || b[3] != st[2]))) bad = bad " landlord " games ": " $0; S = num($NF); lord = substr($0, 4, index($0, ",") - 4); next }
        /^   Cap / { cap = 1; next }
        /^   House fee/ { split($0, a, ": "); split(a[2], b, " "); fee[b[1]] = -num($NF); next }
        / → / && S {
            line = $0
            while (match(line, /[A-Za-z]+ [+-][0-9]+ → /)) {
                part = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH)
                split(part, f, " "); d = f[2] - bonus[f[1]]
                if (f[1] == lord && (d < 0 ? -d : d) + (d > 0 ? fee[f[1]] : 0) != S) bad = bad " paid " games ": " $0
            }
            S = 0; cap = 0
        }
        END { if (bad != "" || games == 0) { print bad; exit 1 } }
    ' "$2" >"$tmp/bd" || fail "$1: the result does not add up:$(cat "$tmp/bd")"
}
check_breakdown en "$tmp/en"
check_breakdown dbl "$tmp/dbl"

# Quitting asks first; the end of the input quits. ---------------------------------------------
printf 'quit\nn\nq\nqq\n退出\ny\n' | "$DDZ" play --plain --seed 1 --lang en >"$tmp/quit" 2>&1
runs=$((runs + 1))
[ $? = 0 ] || fail "quit: exit status"
has quit_ask "$tmp/quit" "Quit the match? (y/n)"
runs=$((runs + 1))
[ "$(grep -c "Quit the match" "$tmp/quit")" = 2 ] || fail "quit: q or qq asked to quit (letters name ranks)"
has quit_done "$tmp/quit" "== Match stopped; games played: 0."
has quit_titles "$tmp/quit" "   1. You  100  middle peasant"

# Without --plain, a pipe is not a terminal: the line mode, and the OS seed is printed. -------
XDG_DATA_HOME="$tmp/xdg-pipe" "$DDZ" play --lang en --new </dev/null >"$tmp/pipe" 2>&1
runs=$((runs + 1))
[ $? = 0 ] || fail "pipe: exit status"
has pipe_plain "$tmp/pipe" "== Game 1 =="   # line mode; a computer may bid 3 before the player is asked
seed=$(sed -n 's/.*Replay this match: ddz play --seed \([0-9]*\).*/\1/p' "$tmp/pipe")
runs=$((runs + 1))
if [ -z "$seed" ]; then
    fail "pipe: no seed printed"
else
    XDG_DATA_HOME="$tmp/xdg-pipe" "$DDZ" play --lang en --seed "$seed" </dev/null >"$tmp/pipe2" 2>&1
    cmp -s "$tmp/pipe" "$tmp/pipe2" || fail "pipe: the printed seed $seed does not replay the deal"
fi

# It remembers: a quit match goes on with the same scores and the same deal, settings
# persist, statistics per level (ddz stats), and an unwritable directory is said clearly. ----
export XDG_DATA_HOME="$tmp/xdg-mem"
{ printf '1\n'; i=0; while [ $i -lt 30 ]; do printf 'h\n\n'; i=$((i + 1)); done; } |
    "$DDZ" play --plain --seed 1 --level greedy --lang zh >"$tmp/mem1" 2>&1
"$DDZ" play --plain </dev/null >"$tmp/mem2" 2>&1
last=$(grep "^== 第 [0-9]* 局 ==" "$tmp/mem1" | tail -1)
played=$(grep -c "^== 第 [0-9]* 局：" "$tmp/mem1")
has mem_resumed "$tmp/mem2" "继续上次的比赛（种子 1）：第 $((played + 1)) 局"
has mem_same_scores "$tmp/mem2" "$last"
has mem_settings "$tmp/mem2" "难度：贪心。"
runs=$((runs + 1))
[ "$(grep -A1 "^$last" "$tmp/mem1" | tail -1)" = "$(grep -A1 "^$last" "$tmp/mem2" | tail -1)" ] ||
    fail "mem: the resumed game is not the same deal"
"$DDZ" stats --lang en >"$tmp/stats" 2>&1
runs=$((runs + 1))
grep -qE "^greedy +$played +" "$tmp/stats" || fail "mem: ddz stats does not count $played games: $(cat "$tmp/stats")"
"$DDZ" play --plain --new --lang en </dev/null >"$tmp/mem3" 2>&1
runs=$((runs + 1))
grep -q "goes on" "$tmp/mem3" && fail "mem: --new resumed the saved match"
XDG_DATA_HOME=/dev/null/ddz "$DDZ" play --plain --seed 1 --lang en </dev/null >"$tmp/ro" 2>"$tmp/ro.err"
runs=$((runs + 1))
[ $? = 0 ] || fail "unwritable: the game should still be played"
has mem_unwritable "$tmp/ro.err" "ddz: play: cannot create /dev/null/ddz: Not a directory: playing without saving progress"
export XDG_DATA_HOME="$tmp/xdg"

# After the final ranking a new match is offered: "new" starts one, from 100 points each. Every
# turn takes "new" (refused: no command, no cards), a hint and an empty line, so "new" is also
# what the offer reads. A base of 100 ends a match in one game.
{ i=0; while [ $i -lt 200 ]; do printf 'new\nh\n\n'; i=$((i + 1)); done; } >"$tmp/newin"
"$DDZ" play --plain --seed 3 --level greedy --lang en --no-save -o bid=rob -o base=100 <"$tmp/newin" >"$tmp/new" 2>&1
has new_offer "$tmp/new" "Type new for a new match; an empty line leaves."
runs=$((runs + 1))
[ "$(grep -c "^== Match over" "$tmp/new")" -ge 2 ] || fail "new: no second match after 'new' ($(grep -c "^== Match over" "$tmp/new") ended)"
runs=$((runs + 1))
[ "$(grep -c "^== Game 1 == Scores: You 100, East 100, West 100" "$tmp/new")" -ge 2 ] ||
    fail "new: the new match does not start at game 1 with 100 points each"
{ i=0; while [ $i -lt 200 ]; do printf '新比赛\n提示\n\n'; i=$((i + 1)); done; } >"$tmp/newin_zh"
"$DDZ" play --plain --seed 3 --level greedy --lang zh --no-save -o bid=rob -o base=100 <"$tmp/newin_zh" >"$tmp/new_zh" 2>&1
has new_offer_zh "$tmp/new_zh" "输入“新比赛”再来一场；空行退出。"
runs=$((runs + 1))
[ "$(grep -c "^== 比赛结束" "$tmp/new_zh")" -ge 2 ] || fail "new_zh: no second match after 新比赛"

# --timer in the line mode: the prompt counts the seconds down, and when the turn runs out
# the computer plays it, as on the screen.
(sleep 3; printf 'quit\ny\n') | "$DDZ" play --plain --seed 1 --level greedy --lang en --no-save --timer 1 >"$tmp/timer" 2>&1
has timer_note "$tmp/timer" "You have 1 s for this turn; then the computer plays it for you."
has timer_prompt "$tmp/timer" "[1 s] > "
has timer_up "$tmp/timer" "Time is up: the computer played for you."
runs=$((runs + 1))
grep -qE "^You: (bid [123]|no bid)" "$tmp/timer" || fail "timer: the computer did not bid for you"
(sleep 2; printf 'quit\ny\n') | "$DDZ" play --plain --seed 1 --level greedy --lang zh --no-save --timer 1 >"$tmp/timer_zh" 2>&1
has timer_note_zh "$tmp/timer_zh" "这一手限时 1 秒，超时由电脑代打。"
has timer_up_zh "$tmp/timer_zh" "时间到，电脑替你出了牌。"
# Typing in time is not overtaken by the timer.
printf '1\nquit\ny\n' | "$DDZ" play --plain --seed 1 --level greedy --lang en --no-save --timer 5 >"$tmp/timer2" 2>&1
runs=$((runs + 1))
grep -q "Time is up" "$tmp/timer2" && fail "timer: time ran out though the bid came at once"
has timer_typed "$tmp/timer2" "You: bid 1"

# The hand order (sort, --sort) is saved with the other settings.
export XDG_DATA_HOME="$tmp/xdg-sort"
printf 'sort\nquit\ny\n' | "$DDZ" play --plain --seed 1 --lang en >"$tmp/sort1" 2>&1
has sort_group "$tmp/sort1" "Your hand, sorted by group size: fours, threes, pairs, singles."
has sort_group_hand "$tmp/sort1" "Your hand: ♣3 ♦3 ♠3  ♣10 ♥10 ♠10  ♣J ♥J ♠J  ♦8 ♠8  ♣7  ♦Q  ♦K  ♦A  ♦2  RJ"
"$DDZ" play --plain --seed 1 --lang en </dev/null >"$tmp/sort2" 2>&1
has sort_saved "$tmp/sort2" "Your hand (17): ♣3 ♦3 ♠3  ♣10 ♥10 ♠10  ♣J ♥J ♠J  ♦8 ♠8  ♣7  ♦Q  ♦K  ♦A  ♦2  RJ"
"$DDZ" play --plain --seed 1 --lang en --sort rank </dev/null >"$tmp/sort3" 2>&1
has sort_flag "$tmp/sort3" "Your hand (17): ♣3 ♦3 ♠3 ♣7 ♦8 ♠8 ♣10 ♥10 ♠10 ♣J ♥J ♠J ♦Q ♦K ♦A ♦2 RJ"
export XDG_DATA_HOME="$tmp/xdg"

# ASCII cards. ---------------------------------------------------------------------------------
"$DDZ" play --plain --ascii --seed 1 --lang en </dev/null >"$tmp/ascii" 2>&1
has ascii_hand "$tmp/ascii" "Your hand (17): C3 D3 S3 C7 D8 S8 CT HT ST CJ HJ SJ DQ DK DA D2 RJ"

# Records: one file per deal, each replays. ----------------------------------------------------
"$DDZ" play --plain --seed 1 --level greedy --lang en --record "$tmp/rec" <"$tmp/in" >/dev/null 2>&1
runs=$((runs + 1))
n=$(ls "$tmp/rec" 2>/dev/null | wc -l)
[ "$n" = 108 ] || fail "record: $n files, want 108 (61 games, 47 redeals)"
cat "$tmp/rec"/*.jsonl | "$DDZ" replay - --quiet >"$tmp/replay" 2>&1
has record_replays "$tmp/replay" "108 games, 0 errors"

# ddz replay --view: every step with every hand, in the line mode; the 48-card game too; a
# broken record is refused, saying where. --------------------------------------------------
"$DDZ" sim --games 1 --agents normal,normal,normal --seed 5 --record "$tmp/view.jsonl" >/dev/null 2>&1
"$DDZ" replay "$tmp/view.jsonl" --view --plain --lang en >"$tmp/view" 2>&1
runs=$((runs + 1))
[ $? = 0 ] || fail "view: exit status"
has view_deal "$tmp/view" "Move 0/"
has view_deal_text "$tmp/view" "The deal: every hand shown."
runs=$((runs + 1))
grep -qE "^   0 normal \(17\): " "$tmp/view" || fail "view: no hand of seat 0 at the deal"
runs=$((runs + 1))
grep -qE "^Move ([0-9]+)/\1: .*(The landlord \(.*\) wins\.|The farmers win\.)" "$tmp/view" || fail "view: the last step has no result"
"$DDZ" replay "$tmp/view.jsonl" --view --plain --lang zh >"$tmp/view_zh" 2>&1
has view_zh "$tmp/view_zh" "发牌：所有人的牌都亮出。"
"$DDZ" sim --games 1 --rules hubei48 --seed 5 --record "$tmp/view48.jsonl" >/dev/null 2>&1
"$DDZ" replay "$tmp/view48.jsonl" --view --plain --lang en >"$tmp/view48" 2>&1
runs=$((runs + 1))
grep -qE "^   0 random \(16\): " "$tmp/view48" || fail "view48: no 16-card hand: $(head -5 "$tmp/view48")"
printf '{"version":1,"seed":"x"\n' >"$tmp/broken.jsonl"
"$DDZ" replay "$tmp/broken.jsonl" --view >"$tmp/broken.out" 2>"$tmp/broken.err"
rc=$?
runs=$((runs + 1))
[ $rc = 2 ] && grep -q "^ddz: replay: $tmp/broken.jsonl:1: " "$tmp/broken.err" ||
    fail "view broken: status $rc, $(cat "$tmp/broken.err")"

# Other rules play to the end: the rob flow with app doubling and 明牌, douzero, botzone. -----
hints >"$tmp/hints"
for opts in "-o bid=rob -o double=app -o show" "--rules douzero -o double=none -o first=given" \
    "--rules botzone -o play_all -o first=heart3" "--rules standard -o forced_bid -o must_bid -o cap=8" \
    "--rules hubei48"; do
    # shellcheck disable=SC2086
    "$DDZ" play --plain --seed 7 --level random --lang en $opts <"$tmp/hints" >"$tmp/opt" 2>&1
    rc=$?
    runs=$((runs + 1))
    if [ $rc != 0 ] || ! grep -q "^== Match over" "$tmp/opt"; then
        fail "rules '$opts': status $rc, $(tail -3 "$tmp/opt")"
    else
        check_scores "rules '$opts'" "$tmp/opt"
        check_breakdown "rules '$opts'" "$tmp/opt"
    fi
done

# The 48-card game (RULES §8): the counter has no jokers, the results show 喜金 and 包赔. ----
{ printf 'c\n'; hints; } >"$tmp/h48in"
"$DDZ" play --plain --seed 7 --lang en --level random --rules hubei48 <"$tmp/h48in" >"$tmp/h48" 2>&1
has hubei48_counter "$tmp/h48" "K:3 A:2 2:1"
grep -q "^Landlord: .*, base [0-9]\.$" "$tmp/h48" || fail "hubei48: the landlord's line is not 'Landlord: NAME, base N.'"
! grep -q "Bottom cards" "$tmp/h48" || fail "hubei48: a bottom is shown where there is none"
runs=$((runs + 1))
! grep -q "2:1 B:" "$tmp/h48" || fail "hubei48: the counter shows jokers"
has hubei48_cover "$tmp/h48" "let the landlord go: pays the side's loss"
has hubei48_bonus "$tmp/h48" "Bomb bonus (喜金): "

# Bad arguments. -------------------------------------------------------------------------------
for args in "--lang fr" "--level nosuch" "-o double=bogus" "--seed x" "--delay" "--frobnicate" "--sort size"; do
    # shellcheck disable=SC2086
    "$DDZ" play --plain $args </dev/null >"$tmp/out" 2>"$tmp/err"
    rc=$?
    runs=$((runs + 1))
    [ $rc = 2 ] && grep -q "^ddz: play" "$tmp/err" || fail "bad argument '$args': status $rc, $(cat "$tmp/err")"
done

echo "play_plain.sh: $((runs - fails))/$runs passed"
[ $fails = 0 ]
