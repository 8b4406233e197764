#!/bin/sh
# net_tmux.sh -- ddz connect's curses screens driven under tmux against a real ddz serve (a
# free port, a temporary database): the lobby, creating a room, two computer players, chat,
# ready, a bid, a refusal from the server, a play, 托管 to the end of the game, the result
# panel, ready again, quitting; then in Chinese the lobby, the leaderboard, a room with a
# password that a third player joins; and the line mode in Chinese.
# Run by `make test-run` with DDZ_BIN pointing at the binary under test; skipped (status 0)
# when tmux is not installed.
set -u
SUITE=net_tmux.sh S=net
. "$(dirname "$0")/tmux.sh"

# The server: a free port (port 0), computers that act after 100 ms.
serve_start --db "$tmp/net.db" --bot-delay 100 --turn 60
# ddz connect keeps its tokens under $XDG_CONFIG_HOME/ddz/: here, not in the user's home.
export XDG_CONFIG_HOME="$tmp/config"

# start ARGS: a new 80x24 session running ddz connect ARGS, then a line with its exit status.
start() {
    $T kill-server >/dev/null 2>&1
    sleep 0.1
    $T new-session -d -s net -x 80 -y 24 \
        "LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_CONFIG_HOME='$XDG_CONFIG_HOME' '$DDZ' connect $url $*; echo DDZ-EXIT=\$?; sleep 60" ||
        { fail "tmux new-session"; exit 1; }
}

# English: lobby, room, a game ------------------------------------------------------------------
start --name 张三 --lang en
wait_for lobby "ddz Dou Dizhu · Lobby"
wait_for hello "张三 (player 1)"
wait_for no_rooms "No rooms yet: c creates one, k starts a quick match."
wait_for lobby_keys "c create  k quick match"
keys c
wait_for room_name "Room name:"
keys "周末局" Enter
wait_for password "Password (empty: none):"
keys Enter
wait_for room "Room 1 · 周末局"
wait_re seat0 "Seat 0 +张三 \(you\) +not ready"
keys 2
wait_re bot1 "Seat 1 +.*computer \(normal\) +✓ ready"
keys 1
wait_re bot2 "Seat 2 +.*computer \(easy\) +✓ ready"
keys Enter
wait_for chat_prompt "Say:"
keys "hello 大家好" Enter
wait_for chat_line "张三: hello 大家好"
keys r
wait_for game "Game 1"
wait_re hand "[♣♦♥♠]  [♣♦♥♠]  [♣♦♥♠]  [♣♦♥♠]"
# The help of ddz connect lists its own keys (chat, leave), not ddz play's history key.
keys '?'
wait_for help "Keys and move types"
wait_for help_net "o, /                 托管 (the computer plays) on and off; chat"
wait_for help_sort "s                    sort the hand: rank, group size (4 3 2 1), combination"
runs=$((runs + 1))
screen_has "this game's history" && fail "help_net: ddz play's history key is listed in ddz connect"
keys x
runs=$((runs + 1))
sleep 0.3
screen_has "Keys and move types" && fail "help_closed: the help stays"
keys s
wait_for sort_group "Your hand, sorted by group size: fours, threes, pairs, singles."
keys s s
wait_for sort_rank "Your hand, sorted by rank."
# The bidding: bid 3 when asked (a computer may have taken it first with 3).
wait_re bidding "Your bid\?|Landlord: |Bottom .[0-9JQKA]" 15
if screen_has "Your bid\?"; then
    wait_for bid_choices "[3] bid 3"
    keys 3
    wait_for landlord "Landlord: 张三, base 3."
    wait_re landlord_badge "张三 +landlord +20 cards"
fi
wait_re bottom "Bottom .[0-9JQKA]"
# Our first turn to play: a refusal, then the first hint.
wait_re play_turn "Your lead: play any move\.|Beat .*, or pass\.|wins\." 20
if screen_has "Your lead"; then
    keys p
    wait_for lead_pass "You lead: you cannot pass."
fi
if screen_has "Your lead|Beat .*, or pass"; then
    keys Enter
    wait_for nothing "Nothing selected"
    keys h
    wait_re hint "Hint [0-9]+/[0-9]+: |Nothing beats"
    if screen_has "Nothing beats"; then
        keys Enter
    else
        keys Enter
        wait_re played "张三 +(landlord +(1[0-9]|[0-9])|farmer +(1[0-6]|[0-9])) cards|wins\." 5
    fi
fi
# 托管: the computer plays our seat to the end.
keys o
wait_re auto "张三 +(landlord|farmer) +auto " 10
wait_for result "Enter: ready again   v: view the table" 30
wait_re winner "The landlord \(.*\) wins\.|The farmers win\."
wait_re result_row "张三 +(landlord|farmer) .*[+-][0-9]+ +→ +-?[0-9]+"
keys v
runs=$((runs + 1))
sleep 0.3
screen_has "Enter: ready again" && fail "v: the result panel should hide"
# Ready again: the computers are ready, so the next game starts at once.
keys Enter
wait_for game2 "Game 2"
wait_re totals "张三 .*(-?[0-9]+) pts"
keys Escape
wait_for quit_ask "Leave the server? (y/n)"
keys y
wait_for exit "DDZ-EXIT=0"

# Chinese: the lobby and a password room ---------------------------------------------------------
start --name 李四 --lang zh
wait_for zh_lobby "ddz 斗地主 · 大厅"
wait_for zh_keys "c 创建  k 快速匹配"
# 张三's room closed: with nobody left, the computers finished game 2 at once.
wait_for zh_no_rooms "还没有房间"
keys t
wait_for zh_leaders "排行榜"
wait_re zh_leader_row "1\. 张三 +-?[0-9]+ 分 +[12] 局"
wait_for zh_you "你：0 分，0 局，胜 0 局"
keys x c "密室" Enter "pw" Enter
wait_for zh_room2 "房间 2 · 密室"
wait_for zh_seat "座位 0  李四（你）"
wait_for zh_keys2 "r 准备"
# A third player sees the room's password flag, and is asked for it.
S=net2
$T new-session -d -s net2 -x 80 -y 24 "LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_CONFIG_HOME='$XDG_CONFIG_HOME' '$DDZ' connect $url --name 王五 --lang en; echo DDZ-EXIT=\$?; sleep 60"
wait_re locked "2 \* +密室 +李四 +1/3 +waiting"
keys Down Enter
wait_for ask_password "Password of room 2:"
keys "wrong" Enter
wait_for wrong_password "Wrong password for room 2."
keys j "pw" Enter
wait_re joined "Seat 1 +王五 \(you\)"
S=net
wait_for zh_joined "座位 1  王五"
S=net2
keys q y
wait_for exit3 "DDZ-EXIT=0"
S=net
keys q y
wait_for zh_exit "DDZ-EXIT=0"

# Reconnect just works: the token was kept, so 张三 is player 1 again, with no flag; the
# leaderboard lists 张三 once.
runs=$((runs + 1))
out=$(printf 'top\n' | "$DDZ" connect "$url" --plain --lang en --name 张三 2>&1)
case $out in
*"Welcome, 张三 (player 1), welcome back."*) ;;
*) fail "token_kept: $out" ;;
esac
runs=$((runs + 1))
[ "$(printf '%s\n' "$out" | grep -c '张三 ')" = 2 ] || fail "leaderboard_once: $out"
runs=$((runs + 1))
[ "$(stat -c %a "$XDG_CONFIG_HOME/ddz/tokens" 2>/dev/null)" = 700 ] || fail "tokens_dir_private"
# A player who quits in the middle of a game and starts the client again is back at the table.
"$DDZ" connect "$url" --auto --create 续局 --bots 1 --games 1 --think 400 >"$tmp/host.out" 2>&1 &
host=$!
start --name 钱七 --lang en
wait_for back_lobby "续局"
keys Enter
wait_re back_seat "Seat [0-9] +钱七 \(you\)"
keys r
wait_re back_game "Game [0-9]+"
$T kill-server >/dev/null 2>&1
start --name 钱七 --lang en
wait_re back_again "Game [0-9]+" 5
wait_re back_hand "[♣♦♥♠]  [♣♦♥♠]  [♣♦♥♠]"
# Every seat's countdown, not only ours: the host's turn shows its seconds to everyone (the
# computer plays our seat meanwhile, so the game goes on).
keys o
wait_re other_countdown "路人甲[0-9]+: [0-9]+ s" 15
wait "$host" || fail "the host of 续局: $(cat "$tmp/host.out")"
keys Escape y
wait_for back_exit "DDZ-EXIT=0"

# A spectator (Chinese): a person and two computers play one game; the person goes at its end.
# The spectator sees the winning side only, and the name of the one who left, marked.
"$DDZ" connect "$url" --auto --create 观战局 --bots 2 --games 1 --think 150 >"$tmp/watched.out" 2>&1 &
watched=$!
start --name 看客 --lang zh
wait_for zh_watch_lobby "观战局"
keys w
wait_for zh_watching "观战中"
wait_for zh_watch_result "回车：关闭   v：查看牌桌   l：离开" 60
wait_re zh_watch_winner "地主（.*）胜。|农民胜。"
runs=$((runs + 1))
screen_has "你赢了|你输了|（你）" && fail "zh_watch_you: a spectator is not a player"
wait_re zh_watch_gone "路人甲[0-9]+（离开）" 10
# The result panel shows the whole name with its mark, at 80x24 and at 120x40.
wait_re zh_watch_gone_row "路人甲[0-9]+（离开） +(地主|农民) .*[+-][0-9]+ +→" 10
$T resize-window -t $S -x 120 -y 40
wait_re zh_watch_gone_row_big "路人甲[0-9]+（离开） +(地主|农民) .*[+-][0-9]+ +→" 10
wait "$watched" || fail "the watched game's player: $(cat "$tmp/watched.out")"
keys q y
wait_for zh_watch_exit "DDZ-EXIT=0"

# At the end every hand still held is shown, in both languages.
runs=$((runs + 1))
out=$("$DDZ" connect "$url" --auto --create 亮牌 --bots 2 --games 1 --think 20 --verbose --lang zh 2>&1)
case $out in
*"剩余的牌："*) ;;
*) fail "held_zh: $out" ;;
esac
runs=$((runs + 1))
out=$("$DDZ" connect "$url" --auto --create Reveal --bots 2 --games 1 --think 20 --verbose --lang en 2>&1)
case $out in
*"still held: "*) ;;
*) fail "held_en: $out" ;;
esac

# The line mode speaks --lang too ----------------------------------------------------------------
runs=$((runs + 1))
out=$(printf 'rooms\njoin 4242\npass\n' | "$DDZ" connect "$url" --plain --lang zh --name 赵六 2>&1)
case $out in
*"欢迎，赵六（玩家 "*"还没有房间"*"! 没有房间 4242。"*"! 请先加入或创建房间。"*) ;;
*) fail "plain_zh: $out" ;;
esac
# Its commands have Chinese words, and its help and hints speak Chinese.
runs=$((runs + 1))
out=$(printf '帮助\n房间\n加入 4242\n加入\n提示\n不要\n' | "$DDZ" connect "$url" --plain --lang zh --name 钱七 2>&1)
for want in "大厅与房间：" "  ? 或 帮助                本帮助；q 或 退出：离开服务器" "还没有房间" "! 没有房间 4242。" \
    "! join 需要房号：join 房号 [密码]" "! 轮到你出牌时才有提示" "! 请先加入或创建房间。"; do
    case $out in
    *"$want"*) ;;
    *) fail "plain_zh_words: no '$want' in: $out" ;;
    esac
done
# Refusals are worded by the client, in its language.
runs=$((runs + 1))
out=$(printf 'join 4242\n' | "$DDZ" connect "$url" --plain --lang en --name Zhao 2>&1)
case $out in
*"! There is no room 4242."*) ;;
*) fail "plain_en_refusal: $out" ;;
esac

tmux_done
