#!/bin/sh
# cli.sh -- black-box tests of the ddz command line: outputs, batch mode, errors, exit codes.
# Run by `make test-run` with DDZ_BIN pointing at the binary under test.
set -u
DDZ=${DDZ_BIN:-build/ddz}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 runs=0

# expect NAME STATUS EXPECTED_STDOUT -- ARGS...: runs ddz, compares exit status and stdout.
expect() {
    name=$1 status=$2 want=$3
    shift 4
    runs=$((runs + 1))
    got=$("$DDZ" "$@" 2>"$tmp/err")
    rc=$?
    if [ "$rc" != "$status" ] || [ "$got" != "$want" ]; then
        fails=$((fails + 1))
        printf 'FAIL %s: ddz %s\n  status %s (want %s)\n  stdout: %s\n  want:   %s\n  stderr: %s\n' \
            "$name" "$*" "$rc" "$status" "$got" "$want" "$(cat "$tmp/err")"
    fi
}

# expect_err NAME PATTERN -- ARGS...: ddz must exit 2 with PATTERN in its error.
expect_err() {
    name=$1 pattern=$2
    shift 3
    runs=$((runs + 1))
    "$DDZ" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" != 2 ] || ! grep -q -- "$pattern" "$tmp/err"; then
        fails=$((fails + 1))
        printf 'FAIL %s: ddz %s\n  status %s (want 2), stderr: %s (want /%s/)\n' \
            "$name" "$*" "$rc" "$(cat "$tmp/err")" "$pattern"
    fi
}

nl='
'
# The known universe counts of RULES §5 and their derivations for the other presets.
std="single 15${nl}pair 13${nl}trio 13${nl}trio_single 182${nl}trio_pair 156${nl}straight 36${nl}pair_chain 52"
std="$std${nl}plane 45 (n=2 11, n=3 10, n=4 9, n=5 8, n=6 7)"
std_ps="plane_single 21822 (n=2 968, n=3 3282, n=4 7184, n=5 10388)"
pp="plane_pair 2939 (n=2 605, n=3 1200, n=4 1134)"
expect universe_standard 0 "$std${nl}$std_ps${nl}$pp${nl}four_two 1326${nl}four_two_pairs 858${nl}bomb 13${nl}rocket 1${nl}total 27471" -- universe
expect universe_default_is_standard 0 "$std${nl}$std_ps${nl}$pp${nl}four_two 1326${nl}four_two_pairs 858${nl}bomb 13${nl}rocket 1${nl}total 27471" -- universe --rules standard
expect universe_classic 0 "$std${nl}$std_ps${nl}$pp${nl}four_two 1170${nl}four_two_pairs 858${nl}bomb 13${nl}rocket 1${nl}total 27315" -- universe --rules classic
expect universe_douzero 0 "$std${nl}plane_single 24331 (n=2 979, n=3 3391, n=4 7750, n=5 12211)${nl}$pp${nl}four_two 1339${nl}four_two_pairs 858${nl}bomb 13${nl}rocket 1${nl}readings 30383${nl}total 29984" -- universe --rules douzero
expect universe_botzone 0 "$std${nl}plane_single 8044 (n=2 858, n=3 2200, n=4 2970, n=5 2016)${nl}$pp${nl}four_two 1183${nl}four_two_pairs 858${nl}bomb 13${nl}rocket 1${nl}shuttle 38${nl}shuttle_single 17105${nl}shuttle_pair 3630${nl}total 34323" -- universe --rules botzone

# classify
expect classify_plane_single 0 "plane_single n=2 rank=3" -- classify 33344456
expect classify_aliases 0 "straight n=5 rank=T" -- classify "10 j q k a"
expect classify_rocket 0 "rocket" -- classify xd
expect classify_none 1 "none" -- classify 3345
expect classify_douzero_readings 0 "plane n=4 rank=3${nl}plane_single n=3 rank=3${nl}plane_single n=3 rank=4" -- classify 333444555666 --rules douzero
expect classify_botzone_shuttle 0 "shuttle n=2 rank=3" -- classify 33334444 --rules botzone
expect classify_standard_no_shuttle 1 "none" -- classify 33334444
expect classify_classic_four_two 1 "none" -- classify 333355 --rules classic
expect classify_pass 0 "pass" -- classify ""
expect_err classify_bad_char "unknown character 'Z' at position 3" -- classify 33Z4
expect_err classify_too_many "fifth '3' at position 5" -- classify 33333
expect_err classify_bad_rules "unknown rules 'foo'" -- classify 3 --rules foo

# moves
expect moves_lead 0 "3${nl}5${nl}8${nl}55" -- moves 3558
expect moves_follow 0 "5${nl}8" -- moves 3558 --after 4
expect moves_hint 0 "8${nl}5" -- moves 3558 --after 4 --hint
expect moves_count 0 "4" -- moves 3558 --count
expect moves_bombs_last 0 "4${nl}5${nl}7${nl}B${nl}R${nl}5555${nl}BR" -- moves 455557BR --after 3
expect moves_none 0 "" -- moves 3 --after 2
expect moves_douzero_reading 0 "444555666777:plane_single:4${nl}444555666777:plane_single:5" -- moves 444555666777 --rules douzero --after 333444555666:plane_single:3
expect_err moves_ambiguous_after "several readings" -- moves 3 --rules douzero --after 333444555666
expect_err moves_after_not_a_move "3345 is not a move" -- moves 3 --after 3345
expect_err moves_no_hand "which hand" -- moves
expect_err moves_unknown_option "unknown option '--fast'" -- moves 3 --fast

# batch mode: one line per input line, a bad line reported by number, the run goes on
printf '3558\n33Z\n\nBR\n' >"$tmp/in"
runs=$((runs + 1))
"$DDZ" moves - <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
rc=$?
printf '3 5 8 55\n\n\nB R BR\n' >"$tmp/want"
if [ $rc != 2 ] || ! cmp -s "$tmp/out" "$tmp/want" || ! grep -q "line 2: hand: unknown character 'Z' at position 3" "$tmp/err"; then
    fails=$((fails + 1))
    echo "FAIL moves_batch: status $rc"; cat "$tmp/out" "$tmp/err"
fi
printf '3558 4\n3558\n33344 33345\n455557BR 3\n3 9999\n' >"$tmp/in"
runs=$((runs + 1))
"$DDZ" moves - --after - --count <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
rc=$?
printf '2\n4\n\n7\n0\n' >"$tmp/want"
if [ $rc != 2 ] || ! cmp -s "$tmp/out" "$tmp/want" || ! grep -q "line 3: move: 33345 is not a move" "$tmp/err"; then
    fails=$((fails + 1))
    echo "FAIL moves_batch_after_count: status $rc"; cat "$tmp/out" "$tmp/err"
fi

# split and solve: the published two-player positions of issue 4
expect split_one_play 0 "33344                trio_pair rank=3${nl}plays 1${nl}value -9" -- split 33344
runs=$((runs + 1))
for pos in "3455KK 345522 landlord" "45577TTKK2 8AA farmer" "99TTQKKAABR TTJJ2222 landlord" \
    "448999TJJQQAR 336688TAA22B landlord"; do
    set -- $pos
    out=$("$DDZ" solve "$1" "$2") || { fails=$((fails + 1)); echo "FAIL solve $1 $2: status"; break; }
    printf '%s' "$out" | grep -q "^$3 wins" || { fails=$((fails + 1)); echo "FAIL solve $1 $2: $out"; break; }
done
expect_err solve_needs_two_hands "give the landlord's and a farmer's hand" -- solve 3455KK

# engine protocol: one answer per request line, errors answered and the engine goes on
printf '%s\n' '{"type":"play","seat":1,"landlord":0,"hand":"556677889TTJJQQKA","bottom":"2BR","history":[[0,"33"]],"level":"easy"}' \
    '{"type":"bid","seat":2}' 'nonsense' >"$tmp/req"
runs=$((runs + 1))
"$DDZ" engine <"$tmp/req" >"$tmp/out" 2>"$tmp/err"
printf '%s\n' '{"move":"55"}' '{"error":"missing field '"'"'hand'"'"'"}' >"$tmp/want"
if ! head -2 "$tmp/out" | cmp -s - "$tmp/want" || ! sed -n 3p "$tmp/out" | grep -q '^{"error":"bad JSON'; then
    fails=$((fails + 1))
    echo "FAIL engine_answers_and_errors:"; cat "$tmp/out"
fi

# bench engine: every decision of whole games through the engine protocol, legal and
# reproducible with a sample budget
runs=$((runs + 1))
a=$("$DDZ" bench engine --games 2 --agent hard:0/20 --rules douzero) && b=$("$DDZ" bench engine --games 2 --agent hard:0/20 --rules douzero)
if [ -z "$a" ] || [ "$(printf '%s' "$a" | grep fingerprint)" != "$(printf '%s' "$b" | grep fingerprint)" ] ||
    ! printf '%s' "$a" | grep -q '^engine  *2 games (2 played out, 0 redealt), agent hard:0/20: [0-9]* answers' ||
    ! printf '%s' "$a" | grep -q 'cpu : median .* ms, p99 .* ms, mean .* ms, max .* ms'; then
    fails=$((fails + 1))
    printf 'FAIL bench_engine:\n%s\n%s\n' "$a" "$b"
fi
expect_err bench_engine_names_a_bad_agent "bench: --agent: unknown agent 'nosuch'" -- bench engine --agent nosuch

# arena: the same numbers for any number of jobs
runs=$((runs + 1))
a=$("$DDZ" arena greedy random --deals 30 --jobs 1 | grep -v -e '^time' -e "^A's [0-9]* decisions")
b=$("$DDZ" arena greedy random --deals 30 --jobs 2 | grep -v -e '^time' -e "^A's [0-9]* decisions")
if [ "$(printf '%s' "$a" | sed 1,2d)" != "$(printf '%s' "$b" | sed 1,2d)" ] || ! printf '%s' "$a" | grep -q "WP"; then
    fails=$((fails + 1))
    printf 'FAIL arena_is_deterministic:\n%s\n%s\n' "$a" "$b"
fi

# arena --games and --compare: a match's games written game by game, and two agents against
# the same opponent on the same deals compared deal by deal
runs=$((runs + 1))
"$DDZ" arena greedy random --rules douzero --deals 40 --seed 7 --jobs 2 --games "$tmp/g.games" >"$tmp/g.out" &&
    "$DDZ" arena rule random --rules douzero --deals 30 --seed 7 --jobs 1 --games "$tmp/r.games" >/dev/null &&
    "$DDZ" arena --compare "$tmp/g.games" "$tmp/r.games" >"$tmp/cmp" &&
    "$DDZ" arena --compare "$tmp/g.games" "$tmp/g.games" >"$tmp/same"
rc=$?
wp=$(sed -n 's/^A overall *games 80 *\(WP [^ ]* \[[^]]*\]\).*/\1/p' "$tmp/g.out")
if [ "$rc" != 0 ] || [ -z "$wp" ] || [ "$(sed -n 9p "$tmp/g.games" | wc -w)" != 5 ] ||
    [ "$(grep -c -v '^#' "$tmp/g.games")" != 40 ] || ! grep -q '^# a greedy$' "$tmp/g.games" ||
    ! grep -q '^30 deals, each played twice .*rules douzero, seed 7$' "$tmp/cmp" ||
    ! grep -q '^X - Y, paired by deal: WP -0\.[0-9]* \[-0\.[0-9]*, ' "$tmp/cmp" ||
    ! grep -q "^X - Y as landlord -0\.[0-9]*, as farmers " "$tmp/cmp" ||
    ! grep -q '^X - Y, paired by deal: WP +0.0000 \[+0.0000, +0.0000\]  ADP +0.000 ' "$tmp/same" ||
    ! grep -q 'the same outcome in 100.0% of the games' "$tmp/same" ||
    ! grep '^X ' "$tmp/same" | grep -qF "games 80      $wp"; then
    fails=$((fails + 1))
    printf 'FAIL arena_games_and_compare (rc %s):\n' "$rc"
    cat "$tmp/g.out" "$tmp/cmp" "$tmp/same"
fi
"$DDZ" arena greedy random --rules douzero --deals 30 --seed 100 --jobs 1 --games "$tmp/s100.games" >/dev/null
expect_err arena_compare_refuses_other_deals "hold no deal in common (seeds 7 and 100, 40 and 30 deals: deal k of seed S is dealt from seed S + k)" -- arena --compare "$tmp/g.games" "$tmp/s100.games"
"$DDZ" arena greedy random --rules standard --deals 30 --seed 7 --jobs 1 --games "$tmp/std.games" >/dev/null
expect_err arena_compare_refuses_other_rules "their rules differ, so their deals cannot be paired" -- arena --compare "$tmp/g.games" "$tmp/std.games"
sed '$d' "$tmp/r.games" >"$tmp/cut.games"
expect_err arena_compare_names_a_cut_file "cut.games:37: 29 deals of the header's 30 (a run cut short?)" -- arena --compare "$tmp/g.games" "$tmp/cut.games"
sed 's/^3 [01] /3 2 /' "$tmp/r.games" >"$tmp/bad.games"
expect_err arena_compare_refuses_a_won_of_two "bad.games:12: a game line is 'DEAL WON POINTS WON POINTS', WON 0 or 1" -- arena --compare "$tmp/bad.games" "$tmp/g.games"
sed 's/^5 \([01]\) /5 \1x /' "$tmp/r.games" >"$tmp/bad2.games"
expect_err arena_compare_names_a_bad_line "bad2.games:14: a game line is 'DEAL WON POINTS WON POINTS', WON 0 or 1" -- arena --compare "$tmp/g.games" "$tmp/bad2.games"
expect_err arena_compare_refuses_another_file "cli.sh:1: not a games file of ddz arena --games" -- arena --compare "$tmp/g.games" "$0"
expect_err arena_compare_needs_two_files "write ddz arena --compare X.games Y.games" -- arena --compare "$tmp/g.games"
expect_err arena_games_names_an_unwritable_file "arena: --games: $tmp/no/such.games: No such file or directory" -- arena greedy random --deals 2 --games "$tmp/no/such.games"

# arena --pool and --compare over several files: a match played in parts adds up to the
# match played at once (rule and rhcp draw no random numbers, so deal k of seed S plays the
# same under any seed that deals it), pairs of files compare as one pair, and a pair of files
# of other seeds compares on the deals both hold as the files of those very deals do
runs=$((runs + 1))
"$DDZ" arena rule rhcp --rules douzero --deals 25 --seed 7 --jobs 1 --games "$tmp/h7.games" >/dev/null &&
    "$DDZ" arena rule rhcp --rules douzero --deals 15 --seed 32 --jobs 1 --games "$tmp/h32.games" >/dev/null &&
    "$DDZ" arena rule rhcp --rules douzero --deals 40 --seed 7 --jobs 1 --games "$tmp/h40.games" >"$tmp/h40.out" &&
    "$DDZ" arena planner rhcp --rules douzero --deals 25 --seed 7 --jobs 1 --games "$tmp/p7.games" >/dev/null &&
    "$DDZ" arena planner rhcp --rules douzero --deals 15 --seed 32 --jobs 1 --games "$tmp/p32.games" >/dev/null &&
    "$DDZ" arena planner rhcp --rules douzero --deals 40 --seed 7 --jobs 1 --games "$tmp/p40.games" >/dev/null &&
    "$DDZ" arena --pool "$tmp/h32.games" "$tmp/h7.games" >"$tmp/pool" &&
    "$DDZ" arena --compare "$tmp/h7.games" "$tmp/p7.games" "$tmp/h32.games" "$tmp/p32.games" >"$tmp/cmp2" &&
    "$DDZ" arena --compare "$tmp/h40.games" "$tmp/p40.games" >"$tmp/cmp1" &&
    "$DDZ" arena rule rhcp --rules douzero --deals 10 --seed 20 --jobs 1 --games "$tmp/h20.games" >/dev/null &&
    "$DDZ" arena planner rhcp --rules douzero --deals 10 --seed 20 --jobs 1 --games "$tmp/p20.games" >/dev/null &&
    "$DDZ" arena --compare "$tmp/h20.games" "$tmp/p40.games" >"$tmp/cmp20in40" &&
    "$DDZ" arena --compare "$tmp/h20.games" "$tmp/p20.games" >"$tmp/cmp20"
rc=$?
if [ "$rc" != 0 ] || ! grep -q '^pool of 2 files: rule (A) vs rhcp (B), 40 deals' "$tmp/pool" ||
    ! grep -q 'seeds 32 (15 deals), 7 (25 deals)$' "$tmp/pool" ||
    [ "$(grep '^A ' "$tmp/pool")" != "$(grep '^A ' "$tmp/h40.out")" ] ||
    ! grep -q '^40 deals in 2 pairs of files, .*seeds 7 (25 deals), 32 (15 deals)$' "$tmp/cmp2" ||
    [ "$(grep '^[XY] ' "$tmp/cmp2")" != "$(grep '^[XY] ' "$tmp/cmp1")" ] || [ -z "$(grep '^[XY] ' "$tmp/cmp1")" ] ||
    ! grep -q '^10 deals, .*(those both files hold: seeds 20 to 29); rules douzero, X.s seed 20, Y.s 7$' "$tmp/cmp20in40" ||
    [ "$(grep '^[XY]' "$tmp/cmp20in40")" != "$(grep '^[XY]' "$tmp/cmp20")" ] || [ -z "$(grep '^X - Y, paired' "$tmp/cmp20")" ]; then
    fails=$((fails + 1))
    printf 'FAIL arena_pool_and_compare_pairs (rc %s):\n' "$rc"
    cat "$tmp/h40.out" "$tmp/pool" "$tmp/cmp1" "$tmp/cmp2" "$tmp/cmp20in40" "$tmp/cmp20"
fi
expect_err arena_pool_refuses_a_deal_twice "h7.games and $tmp/h40.games hold the same deals (seeds 7 and 7, 25 and 40 deals): a deal would count twice" -- arena --pool "$tmp/h7.games" "$tmp/h40.games"
expect_err arena_pool_refuses_another_agent "h7.games and $tmp/p32.games were not played the same way: their agent (A) differ" -- arena --pool "$tmp/h7.games" "$tmp/p32.games"
expect_err arena_compare_refuses_pairs_of_other_agents "h7.games and $tmp/p32.games were not played the same way: their agent (A) differ" -- arena --compare "$tmp/h7.games" "$tmp/p7.games" "$tmp/p32.games" "$tmp/h32.games"
expect_err arena_compare_refuses_a_deal_twice "h7.games and $tmp/h40.games hold the same deals" -- arena --compare "$tmp/h7.games" "$tmp/p7.games" "$tmp/h40.games" "$tmp/p40.games"
expect_err arena_compare_needs_pairs "write ddz arena --compare X.games Y.games \[X2.games Y2.games ...\]" -- arena --compare "$tmp/h7.games" "$tmp/p7.games" "$tmp/h32.games"
expect_err arena_pool_needs_a_file "write ddz arena --pool A.games" -- arena --pool

# arena --slow: each of A's decisions over the time, with the request that asks it again
runs=$((runs + 1))
"$DDZ" arena rule random --rules douzero --deals 2 --seed 3 --jobs 1 --slow 0.0000001 >"$tmp/slow.out" 2>"$tmp/slow.err"
rc=$?
n=$(sed -n "s/^A's \([0-9]*\) decisions.*/\1/p" "$tmp/slow.out")
sed 's/^slow: deal [01] game [01] seat [012] cpu [0-9.]* ms wall [0-9.]* ms: //' "$tmp/slow.err" >"$tmp/slow.req"
"$DDZ" engine <"$tmp/slow.req" >"$tmp/slow.ans"
if [ "$rc" != 0 ] || [ -z "$n" ] || [ "$(wc -l <"$tmp/slow.err")" != "$n" ] ||
    [ "$(grep -c '^{"rules":"douzero",.*"agent":"rule"' "$tmp/slow.req")" != "$n" ] ||
    [ "$(grep -c '^{"move":' "$tmp/slow.ans")" != "$n" ]; then
    fails=$((fails + 1))
    printf 'FAIL arena_slow (rc %s, %s decisions):\n' "$rc" "$n"
    head -3 "$tmp/slow.err" "$tmp/slow.ans"
fi
expect_err arena_slow_needs_a_time "arena: --slow needs a time in ms" -- arena rule random --slow -3

# calibrate --agent: the search's bidding estimate against the games of the agents given
runs=$((runs + 1))
"$DDZ" calibrate --agent search:0/16 --farmers rule --games 12 --seed 4 >"$tmp/cal" 2>&1
rc=$?
# six tables (the landlord and the farmers, by the estimates before the bid, then in the
# doubling phase; then the landlord's games split by the farmers' estimates, over a farmer
# who would have bid or not): the games each holds, the last two added up
counts=$(awk '/^(landlord|farmers), by/ {t++} /^  [01]\.[0-9][0-9]\.\./ {n[t] += $2} END {print n[1], n[2], n[3], n[4], n[5] + n[6]}' "$tmp/cal")
if [ "$rc" != 0 ] || [ "$counts" != "12 24 12 24 12" ] ||
    ! grep -q '^landlord, by the estimate for its 17 dealt cards, over a farmer whose estimate was 0\.47 or more' "$tmp/cal" ||
    ! grep -q '^calibration: 12 deals, landlord search:0/16, farmers rule, fixed landlord (bids 3), nobody doubles, rules=standard, seed 4; landlord wins 0\.[0-9]*$' "$tmp/cal" ||
    ! grep -q '^farmers, by their side.s win chance as each estimates it in the doubling phase' "$tmp/cal"; then
    fails=$((fails + 1))
    printf 'FAIL calibrate_agent (rc %s, games in the tables: %s):\n' "$rc" "$counts"
    cat "$tmp/cal"
fi
expect_err calibrate_refuses_an_estimator_without_search "calibrate: 'normal' is not a search agent (hard, expert, search:...)" -- calibrate --agent normal --games 2
expect_err calibrate_farmers_need_an_agent "calibrate: --farmers goes with --agent" -- calibrate --farmers rule

# help and version
runs=$((runs + 1))
if ! "$DDZ" --help | grep -q "ddz moves HAND" || ! "$DDZ" help moves | grep -q -- "--after MOVE" ||
    ! "$DDZ" --version | grep -q "^ddz [0-9]" || ! "$DDZ" moves --help | grep -q "Batch mode"; then
    fails=$((fails + 1))
    echo "FAIL help_and_version"
fi
expect_err help_unknown "no command 'frobnicate'" -- help frobnicate
expect_err unknown_command "unknown command 'frobnicate'" -- frobnicate
runs=$((runs + 1))
"$DDZ" >/dev/null 2>&1
[ $? = 2 ] || { fails=$((fails + 1)); echo "FAIL no_arguments_is_usage_error"; }

# play: the same seed deals the same cards (tests/play_plain.sh tests the game itself)
runs=$((runs + 1))
a=$("$DDZ" play --no-save --seed 7 --ascii --lang en </dev/null) && b=$("$DDZ" play --no-save --seed 7 --ascii --lang en </dev/null)
if [ "$a" != "$b" ] || ! printf '%s' "$a" | grep -q "Your hand"; then
    fails=$((fails + 1))
    echo "FAIL play_seed_is_reproducible"
fi

# tournament (RULES §7): a seeded event is the same for any --jobs, its record verifies and
# replays, a damaged one does not; bad counts are refused with the reason.
runs=$((runs + 1))
"$DDZ" tournament --players 11 --groups 2 --games-per-table 2 --seed 5 --jobs 1 --record "$tmp/t1.jsonl" >"$tmp/t1.out" 2>&1 &&
    "$DDZ" tournament --players 11 --groups 2 --games-per-table 2 --seed 5 --jobs 3 --record "$tmp/t3.jsonl" >"$tmp/t3.out" 2>&1
if ! cmp -s "$tmp/t1.jsonl" "$tmp/t3.jsonl" || ! grep -q "^final round 1: 2 players" "$tmp/t1.out" ||
    ! grep -q "winner" "$tmp/t1.out" || [ "$(grep -v ' games in ' "$tmp/t1.out")" != "$(grep -v ' games in ' "$tmp/t3.out")" ]; then
    fails=$((fails + 1))
    echo "FAIL tournament_same_for_any_jobs"
fi
expect tournament_verify 0 "tournament: every draw, game, result and the standings check out" -- verify "$tmp/t1.jsonl"
runs=$((runs + 1))
"$DDZ" replay "$tmp/t1.jsonl" >"$tmp/tr.out" 2>&1
if ! grep -q "^group B round 1: 5 players, 1 table; bye: " "$tmp/tr.out" || ! grep -q "the event replays" "$tmp/tr.out"; then
    fails=$((fails + 1))
    echo "FAIL tournament_replay_tells_the_rounds"
fi
sed 's/"winner":\([0-9]\)/"winner":1\1/' "$tmp/t1.jsonl" >"$tmp/tbad.jsonl"
expect_err tournament_damaged "differs" -- verify "$tmp/tbad.jsonl"
expect_err tournament_too_few "players 2: a number from 3" -- tournament --players 2
expect_err tournament_too_many_groups "groups 4: 10 players make 1 to 3 groups" -- tournament --players 10 --groups 4 --seed 1
# ddz play --tournament: a person at entrant 1, line by line; the end of the input hands the
# seat to the computer, the event ends and its record verifies with the person's name in it.
runs=$((runs + 1))
printf '\n\nauto\n' | "$DDZ" play --tournament --players 6 --games-per-table 1 --seed 4 --ascii --record "$tmp/h.jsonl" >"$tmp/h.out" 2>&1
if ! grep -q "Your hand (17): " "$tmp/h.out" || ! grep -q "winner" "$tmp/h.out" || ! grep -q '"entrants":\["You"' "$tmp/h.jsonl" ||
    ! "$DDZ" verify "$tmp/h.jsonl" >/dev/null 2>&1; then
    fails=$((fails + 1))
    echo "FAIL play_tournament_plain: $(tail -3 "$tmp/h.out")"
fi
runs=$((runs + 1))
"$DDZ" play --tournament --players 3 --games-per-table 1 --seed 4 --lang zh --human 甲 </dev/null >"$tmp/hz.out" 2>&1
if ! grep -q "你的牌 (" "$tmp/hz.out" || ! grep -q "甲" "$tmp/hz.out"; then
    fails=$((fails + 1))
    echo "FAIL play_tournament_zh: $(tail -3 "$tmp/hz.out")"
fi
expect_err tournament_bad_agent "unknown agent" -- tournament --players 3 --agents nobody --seed 1

# learn (issue 14's student): the data the search's self-play writes is what the fit reads;
# the weights come out as C; bad requests are refused with the reason.
runs=$((runs + 1))
if ! "$DDZ" learn data --teacher search:0/4 --games 2 --seed 3 --out "$tmp/s.bin" >"$tmp/l1.out" 2>&1 ||
    ! grep -q "^[0-9][0-9]* decisions of search:0/4 in 2 games (rules douzero, seed 3) written to" "$tmp/l1.out" ||
    ! "$DDZ" learn fit "$tmp/s.bin" --epochs 2 --note "cli.sh" --out "$tmp/w.c" >"$tmp/l2.out" 2>&1 ||
    ! grep -q "^held out: teacher's move on top 0\.[0-9]* (rule agent 0\.[0-9]*)" "$tmp/l2.out" ||
    ! grep -q "const float ddz_student_weights\[DDZ_STUDENT_FEATURES\]" "$tmp/w.c" || ! grep -q "cli.sh" "$tmp/w.c"; then
    fails=$((fails + 1))
    echo "FAIL learn_data_and_fit: $(cat "$tmp/l1.out" "$tmp/l2.out")"
fi
expect_err learn_what "say 'data', 'fit', 'agree' or 'states'" -- learn
runs=$((runs + 1))
if ! "$DDZ" learn states --teacher rule --games 2 --seed 4 --out "$tmp/v.dat" >"$tmp/l4.out" 2>&1 ||
    ! grep -q "^[0-9][0-9]* positions of rule in 2 games (rules douzero, seed 4) written to" "$tmp/l4.out" ||
    [ "$(head -1 "$tmp/v.dat")" != "ddz-value-data 209" ]; then
    fails=$((fails + 1))
    echo "FAIL learn_states: $(cat "$tmp/l4.out")"
fi
expect_err learn_states_teacher "learn states: --teacher: " -- learn states --teacher nobody --out "$tmp/x.dat"
expect_err learn_states_48 "the value is learned for the 54-card game, not hubei48" -- learn states --rules hubei48 --out "$tmp/x.dat"
runs=$((runs + 1))
"$DDZ" learn agree rule rule-v1 --games 3 >"$tmp/l3.out" 2>&1
if ! grep -q "^same move 1.0000; rule plays the rule agent's move 1.0000, rule-v1 1.0000" "$tmp/l3.out"; then
    fails=$((fails + 1))
    echo "FAIL learn_agree: $(cat "$tmp/l3.out")"
fi
expect_err learn_agree_two "name two agents" -- learn agree rule
expect_err learn_no_out "say where to write with --out FILE" -- learn data --games 1
expect_err learn_teacher "the teacher must be a search agent" -- learn data --teacher rule --out "$tmp/x.bin"
expect_err learn_missing "$tmp/none.bin: cannot open it" -- learn fit "$tmp/none.bin" --out "$tmp/x.c"
expect_err learn_not_data "not a student data file" -- learn fit "$tmp/w.c" --out "$tmp/x.c"

echo "cli.sh: $((runs - fails))/$runs passed"
[ $fails = 0 ]
