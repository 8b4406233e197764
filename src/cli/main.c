/* main.c -- the ddz command: finds the subcommand and hands it the arguments. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const CliCommand COMMANDS[] = {
    {"play", cmd_play,
     "ddz play [--lang zh|en] [--level L] [--seed N] [--rules P] [-o OPTION]... [--plain] [--ascii] "
     "[--delay MS] [--record DIR] [--new] [--no-save] [--no-autopass] [--bell] [--timer S] [--sort MODE]",
     "The main job: the single-player game of seed 002. You play against West (西家) and East\n"
     "(东家), the computer; everyone starts with 100 points and the match ends when someone\n"
     "has 0 or less, with wealth titles from 乞丐 (beggar) to 地主 (landlord). Full screen\n"
     "(ncursesw); line by line with --plain, or when standard input or output is not a\n"
     "terminal. Press ? in the game (or type ? in --plain) for the keys and the move types.\n"
     "The rules are seed 002's unless changed: 叫分 1/2/3, the holder of a revealed card bids\n"
     "first, farmers may double (倒牌) and the landlord redouble (拉牌), classic kickers.\n"
     "  --lang zh|en   the game's language (default: from the locale, LANG)\n"
     "  --level L      easy, normal (default), hard or expert (or an agent: random, greedy)\n"
     "  --seed N       the match: the same seed deals the same cards and seeds the computer\n"
     "                 players (default: from the operating system, printed to replay)\n"
     "  --rules P      classic (default), standard, douzero, botzone or hubei48\n"
     "  -o OPTION      a rule option, repeatable (ddz help options), e.g. -o double=none,\n"
     "                 -o bid=rob, -o first=given, -o show\n"
     "  --plain        line mode for scripts and screen readers: commands from standard\n"
     "                 input (33344, p, h, an empty line plays the hint, bid 2, c, quit, ?)\n"
     "  --ascii        SA HT C3 BJ RJ instead of Unicode suits; in English the whole screen\n"
     "                 in ASCII (x for ×, boxes of + - |). The game takes a UTF-8 locale\n"
     "                 whenever the machine has one (yours, else C.UTF-8, en_US.UTF-8...)\n"
     "                 and falls back to this, in English, only when it has none\n"
     "  --no-color     no colours (NO_COLOR in the environment does the same)\n"
     "  --delay MS     how long a computer player thinks (default 700, 0 with --plain)\n"
     "  --record DIR   write each deal as a game record, DIR/ddz-SEED-NNN.jsonl (ddz replay)\n"
     "  --no-autopass  do not pass by yourself when nothing beats the table (要不起)\n"
     "  --bell         ring the terminal bell when your turn comes\n"
     "  --timer S      S seconds for each of your turns (on the screen and in --plain), then\n"
     "                 the computer plays that turn for you (as in network games); o hands\n"
     "                 your seat to the computer and takes it back (托管), l shows this game's\n"
     "                 history\n"
     "  --sort MODE    how your hand is shown: rank (default), group (by group size: fours,\n"
     "                 threes, pairs, singles, as seed 003) or combo (by combination: the\n"
     "                 hand's best split into bombs, planes, trios, chains, pairs, singles);\n"
     "                 s in the game (sort in --plain) goes round the three, and it is saved\n"
     "  --new          start a new match instead of going on with the saved one\n"
     "  --no-save      neither read nor write the profile below\n"
     "  --tournament   a whole competition (RULES §7, ddz help tournament) with you as entrant\n"
     "                 1 of 9 (--players N, --groups G, --games-per-table K, --seed S, --record\n"
     "                 FILE): your tables on this screen; between games the draw, each round's\n"
     "                 results and tie-breaks, the standings and the rounds (Tab), a waiting\n"
     "                 view for a bye; --plain asks line by line\n"
     "The game remembers, in $XDG_DATA_HOME/ddz/play.sqlite (else ~/.local/share/ddz/): the\n"
     "language, level, rules and hand order last used (the command line overrides them), the match in\n"
     "progress (quit, and the next ddz play goes on with the same scores and the same deal;\n"
     "--seed or --new starts another), and your statistics per level (ddz stats). Each game\n"
     "is saved in one transaction. After a match, n (or new in --plain) starts another.\n"},
    {"stats", cmd_stats, "ddz stats [--lang zh|en]",
     "Your lifetime statistics from ddz play, per level: games, wins as landlord and as\n"
     "farmer, win rate, best and worst game, springs and bombs (from the profile in\n"
     "$XDG_DATA_HOME/ddz/play.sqlite).\n"},
    {"deal", cmd_deal, "ddz deal [--seed N] [--ascii] [--lang zh|en] [--rules P] [-o OPTION]...",
     "Shuffles (Fisher-Yates driven by xoshiro256** from the seed) and deals 17 cards to each\n"
     "seat and 3 to the bottom, prints them sorted with suits, and checks that no card is\n"
     "missing or doubled. The same seed always gives the same deal.\n"
     "  --seed N       the deal (default 1)\n"
     "  --ascii        SA HT C3 BJ RJ instead of Unicode suits\n"
     "  --lang zh|en   labels in Chinese (default) or English\n"
     "  -o OPTION      a rule option, e.g. -o packet (2+3x5 packets), -o first=revealed,\n"
     "                 -o first=heart3\n"},
    {"sim", cmd_sim, "ddz sim [--games N] [--agents A,B,C] [--seed S] [--rules P] [-o OPTION]... [--record FILE]",
     "Self-play: plays N scored games (redeals are dealt again and counted) between the agents\n"
     "of seats 0, 1 and 2 and prints the landlord win rate, average scores, moves, bombs and\n"
     "springs per game, and redeals. Deal k is dealt from seed S+k with seat k mod 3 bidding\n"
     "first, so any deal can be replayed alone.\n"
     "  --agents A,B,C   an agent or level for each seat: random, greedy, easy, normal, hard,\n"
     "                   expert (default random,random,random)\n"
     "  -o OPTION        a rule option (ddz help options lists them), repeatable\n"
     "  --record FILE    write every deal as a JSON Lines game record (- for stdout)\n"},
    {"replay", cmd_replay, "ddz replay FILE [--quiet] [--view [--plain] [--lang zh|en] [--ascii]]",
     "Reads game records (JSON Lines, docs/RECORD.md; FILE - is standard input), plays every\n"
     "game again through the rules engine and tells it move by move: the deal, the bids, each\n"
     "play or pass, and the result with the scores; then \"N games, M errors\". A game that\n"
     "does not replay (bad JSON, an illegal move, a wrong result, a seed that does not give\n"
     "the deal, ...) is reported on standard error as FILE:LINE: reason and the run goes on\n"
     "with the next game; the exit status is then 2.\n"
     "  --quiet      print only the summary line (and the errors)\n"
     "  --view       step through the games on the table of ddz play, every hand shown:\n"
     "               → or space the next move, ← back, Home and End the start and the end,\n"
     "               a number and Enter move N, PgDn and PgUp the next and the previous\n"
     "               game, q leaves. A record that does not read is refused, saying where.\n"
     "               With --plain, or when the terminal is not one, every step as text\n"
     "  --lang zh|en, --ascii   the language and the cards of --view\n"},
    {"classify", cmd_classify, "ddz classify CARDS [--rules P]",
     "Prints every reading of CARDS as a move, one per line, e.g. \"plane_single n=2 rank=3\";\n"
     "prints \"none\" and exits 1 when the cards are no move under the rules.\n"
     "CARDS is rank notation: 3456789TJQKA2BR (10 for T, X/D for the jokers, any case).\n"
     "  --rules P    standard (default), classic, douzero, botzone or hubei48\n"},
    {"moves", cmd_moves, "ddz moves HAND [--after MOVE] [--rules P] [--count] [--hint]",
     "Prints the legal moves of HAND, one per line in rank notation: all of them when\n"
     "leading, or the ones that beat MOVE when following (pass is always allowed then and\n"
     "is not listed). Order: by type, then rank, then chain length, then kickers.\n"
     "  --after MOVE the move on the table; under douzero an ambiguous MOVE takes a reading\n"
     "               suffix, e.g. 333444555666:plane_single:4\n"
     "  --rules P    standard (default), classic, douzero, botzone or hubei48\n"
     "  --count      print only the number of moves\n"
     "  --hint       the hint order instead: ordinary moves before bombs, fewest broken\n"
     "               combinations, lowest rank, cheapest kickers first\n"
     "Batch mode: HAND \"-\" reads one hand per line from standard input (with --after -,\n"
     "lines of \"HAND MOVE\", MOVE omitted or \"pass\" for a lead) and prints one line per input\n"
     "line: the moves separated by single spaces (empty when none), or the count. A bad line\n"
     "is reported on standard error by its number, answered with an empty line, and the\n"
     "run goes on; the exit status is then 2.\n"},
    {"universe", cmd_universe, "ddz universe [--rules P]",
     "Every card set one deck allows as a move, counted by type (planes also by length),\n"
     "then \"total N\", the number of distinct card sets. Under douzero a set may read as\n"
     "several moves; \"readings N\" counts those.\n"
     "  --rules P    standard (default), classic, douzero, botzone or hubei48\n"},
    {"split", cmd_split, "ddz split HAND [--rules P] [--play-cost N]",
     "Splits HAND (at most 20 cards) into the fewest legal plays (拆牌) and prints the split,\n"
     "one part per line with its type, then the number of plays and the split's value. The\n"
     "search is exact; among splits with the fewest plays it takes the one of highest value,\n"
     "which weighs control: bombs, the rocket, 2s and jokers, long chains, and trios and\n"
     "planes that carry the lowest singles and pairs as kickers.\n"
     "  --rules P       standard (default), classic, douzero, botzone or hubei48\n"
     "  --play-cost N   weigh plays against value instead: the split of highest value - N x\n"
     "                  plays (the rule agent's view of its hand is N = 7)\n"},
    {"solve", cmd_solve,
     "ddz solve LANDLORD FARMER [FARMER2] [--to-move P] [--after MOVE [--by P]] [--rules P] [--moves]",
     "The exact endgame solver: with every hand known, says which side wins with perfect\n"
     "play and gives a winning move. Two hands are the landlord and one farmer; a third hand\n"
     "(or --farmer2 HAND) is the farmer who plays before the landlord, and the farmers then\n"
     "win together. Play goes landlord, farmer, farmer2. By default the landlord leads.\n"
     "Prints the position, \"landlord wins; winning move: 55\" (or the farmers' win), and\n"
     "the nodes searched and the time. Exit status 0 when solved, 1 when the budget ran out.\n"
     "  --to-move P    who moves first: landlord (default), farmer or farmer2 (or 0, 1, 2)\n"
     "  --after MOVE   the move on the table, to beat or pass on\n"
     "  --by P         who played it: by default the player before the one to move; with\n"
     "                 three players it may be the one two seats back (the one between passed)\n"
     "  --rules P      standard (default), classic, douzero, botzone or hubei48\n"
     "  --moves        also every legal move with its value: wins or loses\n"
     "  --nodes N      give up (\"unknown\") after N nodes\n"
     "  --time S       give up after S seconds\n"
     "  --table MB     transposition table size in MiB (default 64)\n"
     "Example: ddz solve 448999TJJQQAR 336688TAA22B   (landlord wins; winning move: 8)\n"},
    {"calibrate", cmd_calibrate, "ddz calibrate [--agent A [--farmers F]] [--games N] [--seed S] [--rules P]",
     "The self-play calibration of the rule agent's bids: plays N deals (default 20000) rule\n"
     "against rule with a fixed landlord (the seat bidding first takes 3 points at once) and\n"
     "prints, by hand strength, how often the landlord won from its 17 dealt cards (bidding)\n"
     "and its 20 cards (redoubling), and how often a farmer's side won from its 17 cards\n"
     "(doubling). Deal k is shuffled from seed S+k (default 1).\n"
     "  --agent A    the same for a search agent or level (hard, expert) that bids by play-outs:\n"
     "               before the bid, each seat's win chance is estimated as A estimates it when\n"
     "               it bids; A plays the landlord, and the table gives, by that estimate, how\n"
     "               often the landlord won and its points a game (score / bid), and the same\n"
     "               for each farmer by the estimate its hand would have had as the landlord's;\n"
     "               then the same by the estimates each seat makes in the doubling phase (its\n"
     "               side's win chance, the landlord and the bottom known), on which A doubles\n"
     "               and redoubles (nobody doubles in these games: a doubler's stake would have\n"
     "               been twice the points shown)\n"
     "  --farmers F  with --agent: the farmers are F (default A)\n"
     "  --rules P    standard (default), classic, douzero, botzone or hubei48\n"
     "Example: ddz calibrate --agent expert --games 1000   (about 25 minutes on one core)\n"},
    {"learn", cmd_learn,
     "ddz learn data --out FILE [--teacher AGENT] [--games N] [--seed S] [--rules P] | ddz learn fit FILE... --out FILE.c "
     "[--epochs N] [--temperature T] [--rate R] [--l2 L] [--holdout H] [--note TEXT] | ddz learn agree A B [--games N] "
     "[--seed S] [--rules P] | ddz learn states --out FILE [--teacher AGENT] [--games N] [--seed S] [--rules P]",
     "Teaches the student agent to choose as the search chooses. 'data' plays N\n"
     "games (default 100, game k dealt from seed S+k, seat 0 the landlord without bidding)\n"
     "with the teacher (default search:0/200) in every seat and writes, for each of its play\n"
     "decisions with a choice, the candidates' features and their average values. 'fit' fits\n"
     "the student's weights to data files (a softmax over each decision's candidates against\n"
     "the teacher's values, Adam), prints how often its top move is the teacher's on the\n"
     "held-out decisions against the rule agent's, and writes the weights as C source (the\n"
     "shipped ones are src/ai/student_weights.c; docs/SEARCH-LEARNING.md says how they were made).\n"
     "'agree' plays N games (default 20) with agent A in every seat and asks agent B too at\n"
     "each play decision with a choice: how often they choose the same move, and each the\n"
     "rule agent's (the ceiling of what a student of A can learn is A against itself:\n"
     "ddz learn agree search:0/200 search:0/200).\n"
     "'states' plays N games the same way with the teacher (any agent, default search:0/20)\n"
     "and writes every position of the play, all hands known, with the game's result: the\n"
     "data of the learned value of a position (scripts/learn-value.py fits it; the search\n"
     "uses it with :valueV, ddz help arena).\n"
     "  --rules P        standard, classic, douzero (default), botzone or hubei48\n"
     "  --epochs N       passes over the data (default 30)\n"
     "  --temperature T  soft targets softmax(value / T) (default 0.02)\n"
     "  --rate R         Adam's step (default 0.01); --l2 L weight decay (default 1e-6)\n"
     "  --holdout H      every (1/H)-th decision is held out for the report (default 0.1)\n"
     "  --note TEXT      a line on how the data was made, for the C file's comment\n"},
    {"arena", cmd_arena,
     "ddz arena A B [--deals N] [--seed S] [--rules P] [--options LIST] [--bidding] [--jobs J] [--games F]\n"
     "          [--slow MS]\n"
     "       ddz arena --compare X.games Y.games [X2.games Y2.games ...]\n"
     "       ddz arena --pool A.games [A2.games ...]",
     "Agent A against agent B. Every deal is played twice with the sides swapped: A as the\n"
     "landlord against B as both farmers, then B as the landlord against A. Prints WP (the\n"
     "share of games A's side won) and ADP (A's side's average points per game), each with its\n"
     "95% confidence interval, then the same for A as landlord and A as farmers, the time, and\n"
     "A's time per decision (median, p99, max). Deal k is dealt from seed S+k and each agent\n"
     "is seeded from (S, k, seat), so the numbers do not depend on --jobs (for agents whose\n"
     "play does not depend on time). Search agents take options after colons: search:MS (a\n"
     "time budget), search:0/N (N samples, reproducible), :adp (expected points) or :wp (win\n"
     "chance), :infer (the opponent model; :inferE, a world's weight times E% for each action\n"
     "of the others the model would not take, default 25), :bid (bids by play-outs), :rule-v1\n"
     "(play-outs by the frozen rule agent), :student (play-outs by the student, ddz help\n"
     "learn), :noiseP:playoutsK (K play-outs a world by rule agents taking their runner-up P%\n"
     "of the time), :priorP, :pointsP (under wp, a point of the score is worth P% of a win;\n"
     "default 1), :extraN (up to N samples beyond the cap while the best two moves are within\n"
     "two standard errors), :valueV (each world also judged by the learned value of the\n"
     "position after the move, V% of the weight; 100: no play-outs), :candN (at most N\n"
     "candidate moves, the rest cut in hint order; default 24), :kickK (at most K of them of\n"
     "one type, rank and length: a trio's kicker variants; 0: any), :plan (a lead also weighs\n"
     "every part of the hand's best split, ddz split), :mixP (each seat of a play-out played\n"
     "by planner P% of the time; :mixoppP, only the searcher's opponents' seats), :adapt (with\n"
     ":infer and :mixoppP: each opponent is planner with prior P% or the rule agent; a world\n"
     "is weighed by the mixture and its play-outs give each opponent planner's seat with its\n"
     "chance after its actions there; :tied, the landlord's two opponents one program, weighed\n"
     "together), :rhcp (rhcp, the model of RHCP-v2, in planner's place), :both (with\n"
     ":mix[opp]P, P at most 50: planner and rhcp P% each), with :bid the thresholds of win\n"
     "chance in hundredths it bids and doubles from: :bidsA/B/C (bids 1, 2, 3), :robR (call or\n"
     "rob), :overT (over another seat's bid or call), :lastT (last, after two passes),\n"
     ":doubleA/B (a farmer's x2, x4), :redoubleA/B (the landlord's), :appdoubleA/B and\n"
     ":appredoubleA/B (the same under double=app), e.g. search:0/200:adp:infer, expert:adp,\n"
     "expert:1000, hard:noise0:playouts1.\n"
     "  --deals N    deals to play (default 1000), 2N games\n"
     "  --seed S     default 1\n"
     "  --rules P    standard (default), classic, douzero, botzone or hubei48\n"
     "  --options L  rule options after the rules, comma-separated (ddz help options), e.g.\n"
     "               double=app (doubling: with --bidding), bid=rob, spring_off\n"
     "  --bidding    A in seat 0 and B in seats 1, 2 bid for the landlord (redeals dealt\n"
     "               again), then the other way round; the real game scores, A's seats\n"
     "               added up (A's net gain). Without it seat 0 is the landlord and a game\n"
     "               is worth 2 x 2^bombs (DouZero's WP/ADP)\n"
     "  --jobs J     worker threads (default: the number of CPUs)\n"
     "  --games F    writes each game's result (A's side won, its points) to file F, a deal\n"
     "               a line\n"
     "  --slow MS    each decision of A over MS ms of CPU time, a line on standard error\n"
     "               with its deal and the engine request that asks it again\n"
     "ddz arena --compare X.games Y.games reads two such files, of agents X and Y against the\n"
     "same B (rules, options, bidding), and on the deals both hold (deal k of seed S is dealt\n"
     "from seed S + k) prints WP and ADP of each and X - Y paired deal by deal, with its 95%\n"
     "interval: narrower than the two runs' own, as the luck of the deal cancels out. More\n"
     "pairs (X2.games Y2.games ...), each on its own deals, are paired each within itself and\n"
     "added up into one comparison.\n"
     "ddz arena --pool A.games A2.games ... adds up files of one match played in parts (the\n"
     "same A, B, rules, options and protocol on different deals) into one WP and ADP.\n"},
    {"engine", cmd_engine, "ddz engine [--agent NAME]",
     "The engine protocol (docs/ENGINE.md): reads one JSON request per line on standard input\n"
     "and writes one JSON answer per line, e.g.\n"
     "  {\"type\":\"play\",\"seat\":1,\"landlord\":0,\"hand\":\"...\",\"bottom\":\"2BR\",\n"
     "   \"history\":[[0,\"33344\"]]}          -> {\"move\":\"55566\"}\n"
     "  {\"type\":\"bid\",\"seat\":2,\"hand\":\"...\",\"bids\":[[0,1],[1,0]]}  -> {\"bid\":2}\n"
     "  {\"type\":\"double\",...}                 -> {\"double\":true}\n"
     "Stateless: each request carries all a seat knows, and is checked against the rules. A\n"
     "bad request is answered {\"error\":\"...\"} and the engine goes on.\n"
     "  --agent NAME  the agent or level for requests that name none (default expert)\n"},
    {"botzone", cmd_botzone, "ddz botzone [--agent NAME] [--keep-running]",
     "A bot for Botzone's FightTheLandlord and FightTheLandlord2 (with bidding) under the\n"
     "botzone rules: reads the platform's JSON input line ({\"requests\":[...],\"responses\":\n"
     "[...]}, card ids 0..53) and prints the response line (docs/ENGINE.md).\n"
     "  --agent NAME     the agent or level that decides (default expert)\n"
     "  --keep-running   Botzone's long-running mode: after each answer print\n"
     "                   >>>BOTZONE_REQUEST_KEEP_RUNNING<<< and read the next request\n"},
    {"serve", cmd_serve, "ddz serve [--port N] [--db FILE] [--listen ADDR] [--turn S] [--quick-wait S] [options]",
     "The network game server (docs/PROTOCOL.md): WebSocket with JSON messages on one event\n"
     "loop. Players get a nickname (default 路人甲N) and a token to reconnect with; they create,\n"
     "list, join and watch rooms (optionally with a password), get ready, add computer players\n"
     "or ask for a quick match, and chat. The server deals from the operating system's CSPRNG,\n"
     "publishes a SHA-256 commitment to each deal before the bidding and reveals the seed after\n"
     "the game (ddz verify checks it), sends each seat only what it may see, and plays for a\n"
     "player who misses two deadlines in a row or drops out (托管) until they are back.\n"
     "Finished games, results and records go to the SQLite database in one transaction each;\n"
     "after a crash, unfinished games are marked aborted and no score changes. Stop it with\n"
     "Ctrl-C (SIGINT) or SIGTERM.\n"
     "  --port N          TCP port (default 7733; 0 picks a free one, printed)\n"
     "  --listen ADDR     address to listen on (default 127.0.0.1: this machine only;\n"
     "                    0.0.0.0: the LAN; ::, IPv6 too; an interface or host name)\n"
     "  --db FILE         the SQLite database (default: none, nothing is kept)\n"
     "  --turn S          seconds for each decision (default 30; 0 no limit); when it runs out\n"
     "                    the player passes, or plays its smallest move when leading\n"
     "  --quick-wait S    quick match: seconds before computers fill empty seats (default 10)\n"
     "  --bot-delay MS    how long computer players wait before acting (default 800)\n"
     "  --computer-wait MS  a computer whose decision is MS late after its delay (the think\n"
     "                    threads are busy) plays the normal level's move instead (default\n"
     "                    1000; 0: always waits; not in tournaments)\n"
     "  --quick-level L   level of quick match's computers (default normal)\n"
     "  --auto-level L    level of the computer that plays for a player (default normal)\n"
     "  --leaver-penalty  a player who leaves a game loses 10 x the base score (RULES §6)\n"
     "  --tournament SPEC open a tournament, SPEC = NAME:OPTIONS: players=N (3..243),\n"
     "                    games=K, groups=G, start=full|+10m|2026-12-01T20:00Z, fill=LEVEL\n"
     "                    (computers fill to a multiple of three), pause=S, and rule options\n"
     "                    over -o competition (docs/PROTOCOL.md, Tournaments); with --db it\n"
     "                    survives restarts\n"
     "  --tour-admin ID   player ID may open and start tournaments from the lobby\n"
     "  --rules P, -o OPT  rules of rooms created without options (ddz help options)\n"
     "  --sync-full       SQLite synchronous=FULL: survive power loss too, at some speed\n"
     "  --journal FILE    the results journal: a game that ends while the database is away\n"
     "                    is kept in FILE (on the disk before its players are told) and\n"
     "                    stored when it is back, even after a crash (default with --db FILE:\n"
     "                    FILE.pending; with PostgreSQL none; none: in memory only)\n"
     "  --max-conns N     connections at once (default 20000)\n"
     "  --rooms-per-player N, --rooms-per-address N\n"
     "                    rooms one player / one address may have open (default 3 / 30)\n"
     "  --spectators N    spectators a room takes at most (default 200)\n"
     "  --think-threads N threads for computer decisions, off the event loop (default: CPUs\n"
     "                    less one, 1 to 8; -1: on the loop)\n"
     "  --ping S          ping a connection silent for S seconds, cut it after 2 x S without\n"
     "                    an answer (half-open connections; default 30)\n"
     "  --config FILE     read the settings of FILE first, one NAME = VALUE a line, named as\n"
     "                    these options without the dashes (option = bid=rob for -o); the\n"
     "                    options given here win over the file (ddz-serve(1), FILES)\n"
     "  --check-config    read the settings (--config FILE, else /etc/ddz/serve.conf) and the\n"
     "                    options, say whether they are good and exit: status 2 and the\n"
     "                    file's line number when not\n"
     "  --quiet           no log lines on standard error\n"
     "  --web DIR         serve the browser client from DIR (developing it) instead of the\n"
     "                    copy built into ddz\n"
     "  --no-web          no browser client (plain HTTP gets 400)\n"
     "  --report          with --db: print what the database holds (JSON) and exit\n"
     "  --records         with --db: print every stored game record (JSON Lines) and exit\n"
     "  --tour-record ID  with --db: print tournament ID's record (JSON Lines, ddz verify)\n"
     "                    and exit\n"},
    {"connect", cmd_connect,
     "ddz connect ws://HOST:PORT [--name N] [--lang zh|en] [--plain] [--ascii] [--token-file F] [--new] [--record F] [--sort MODE]",
     "Plays on a ddz server. On a terminal, full screen (ncursesw): the lobby (rooms with their\n"
     "players, seats and password flag; Enter join, w watch, c create, k quick match,\n"
     "t leaderboard, r refresh), the room (seats, ready marks, computers, scores, chat: r ready,\n"
     "1-4 add a computer, x remove one, Enter chat, l leave) and the table of ddz play (o 托管,\n"
     "/ chat, s sorts your hand). --plain, or input that is not a terminal: line mode, the lobby (rooms, create,\n"
     "join, watch, quick, top), the room (ready, bot LEVEL, say TEXT, leave) and the game with\n"
     "the commands of ddz play --plain (33344, p, h, bid 2, y/n, c, s, sort); type ? for the list.\n"
     "Tournaments (ddz serve --tournament): e in the lobby lists them; Enter follows one:\n"
     "registration (j register, u withdraw), the round's tables, standings and rounds (Tab),\n"
     "the waiting view and the final standings; your table is the usual table screen. In\n"
     "--plain: events, follow ID, register [ID], unregister, standings, tables.\n"
     "  --name N          your nickname (default: the server's 路人甲N)\n"
     "  --lang zh|en      the language of the screens and the line mode (default: from\n"
     "                    the locale)\n"
     "  --plain           line mode\n"
     "  --ascii           SA HT C3 BJ RJ instead of Unicode suits\n"
     "  --token-file F    keep the reconnect token in F instead of the default place,\n"
     "                    $XDG_CONFIG_HOME/ddz/tokens/ (~/.config/ddz/tokens/), one file per\n"
     "                    server and name: starting again resumes your player, and a game\n"
     "                    you dropped out of, with no flag\n"
     "  --new             start as a new player (the saved token is replaced)\n"
     "  --record F        append every game's record (with its commitment) to F, for\n"
     "                    ddz verify and ddz replay\n"
     "  --sort MODE       how your hand is shown: rank (default), group (fours, threes,\n"
     "                    pairs, singles) or combo (the hand's best split); s at the table\n"
     "                    (sort in --plain) goes round the three\n"
     "Automatic client (tests): --auto plays by itself with a simple strategy and checks every\n"
     "frame: no card another seat holds hidden may appear, and every commitment must match.\n"
     "  --create NAME | --join NAME|ID | --watch NAME|ID | --quick   where to play\n"
     "  --password P      the room's password;  --bots N  add N computers (with --create)\n"
     "  --bot-level L     their level (default normal)\n"
     "  --games N         games to play, then leave (default 1)\n"
     "  --think MS        wait before each decision (default 150)\n"
     "  --drop-after K    drop the connection after K decisions of a game and reconnect\n"
     "  --frames F        write every frame received to F, one per line\n"
     "  --timeout S       give up after S seconds (exit status 3)\n"
     "  --verbose         print the game as in line mode\n"
     "It prints a summary line; the exit status is 0 when all went well, 1 when a check\n"
     "failed, 2 on a connection or usage error.\n"},
    {"web", cmd_web, "ddz web [--level L] [--port N] [--no-open] [--web DIR] [--turn S]",
     "The game in a browser: starts a server on this machine (a free port unless --port) with\n"
     "the browser client, prints its address and opens it in the browser where there is one\n"
     "(xdg-open). The page opens a table with two computer players waiting for you; the lobby\n"
     "is one click away. Stop it with Ctrl-C. Anyone can also play in a browser on any\n"
     "ddz serve: open http://HOST:PORT/ (docs/PROTOCOL.md, \"The browser client\").\n"
     "  --level L   the computer players' level: easy, normal (default), hard, expert\n"
     "  --port N    TCP port (default: a free one)\n"
     "  --listen A  address to listen on (default 127.0.0.1)\n"
     "  --turn S    seconds for each decision (default 0: no limit)\n"
     "  --db FILE   keep players and results in this SQLite database\n"
     "  --no-open   only print the address\n"
     "  --web DIR   serve the client from DIR instead of the built-in copy\n"},
    {"verify", cmd_verify, "ddz verify RECORD [--quiet]",
     "Checks game records of ddz serve (JSON Lines, docs/RECORD.md; - for standard input):\n"
     "each game is dealt again from its seed and replayed through the rules engine, and the\n"
     "seed and salt must hash (SHA-256) to the commitment the server published before the\n"
     "bidding: printf 'ddz-deal/2:%s:%s' SALT SEED | sha256sum (SEED: the 64 hex digits of the\n"
     "256-bit seed; records of older servers: ddz-deal/1 and a decimal 64-bit seed). Prints one\n"
     "line per game and \"N games, M bad\"; problems go to standard error as FILE:LINE: reason.\n"
     "Exit status 0 when all are good, 1 when there is no game, 2 when one is bad.\n"
     "A tournament record (ddz tournament --record) is checked whole: every draw again from\n"
     "its seed, every game, every table's result, extra game and lot, and the standings.\n"},
    {"tournament", cmd_tournament,
     "ddz tournament --players N [--groups G] [--games-per-table K] [--agents A,B,...|--levels L,...] "
     "[--seed S] [--record FILE] [--jobs J] [-o OPTION]... [--plain-rules] [--top T] [--human NAME [--lang en|zh] "
     "[--ascii]]",
     "A whole competition (晋级赛, RULES.md §7) among computer players: drawn by lot into tables\n"
     "of three, K games per table (default 6), the top scorer of each table advancing, a tie\n"
     "played off in one extra game and then drawn by lot, byes for the one or two left over\n"
     "(never a second bye while another player has none), rounds until one table is left;\n"
     "with --groups G the players are drawn into G groups first and the group winners meet in\n"
     "a final. Prints each round's tables, scores, tie-breaks and byes, then the standings.\n"
     "  --agents A,...   agents or levels for the entrants in turn (default normal: the rule\n"
     "                   agent); entrant i plays as the (i mod count)-th\n"
     "  --seed S         a simulation: every draw and deal from S (xoshiro256**); without it\n"
     "                   the event's 256-bit seed comes from the system's CSPRNG (ChaCha20)\n"
     "                   and is printed and recorded\n"
     "  --record FILE    the whole event as JSON Lines with every game's record inside\n"
     "                   (docs/TOURNAMENT.md); ddz replay FILE tells it, ddz verify FILE checks it\n"
     "  --jobs J         tables played in parallel; the event is the same for any J\n"
     "  -o OPTION        a rule option on top of the competition rules (-o competition:\n"
     "                   ddz help options), e.g. -o cap=64 -o fee=5\n"
     "  --plain-rules    the default game instead of the competition rules (plus any -o)\n"
     "  --top T          print only the first T lines of the standings\n"
     "  --human NAME     you play entrant 1, line by line (ddz play --tournament on a screen):\n"
     "                   bids 0-3, doubles 0/1, plays in rank notation or pass; Enter takes the\n"
     "                   computer's suggestion, auto (or the end of the input) lets it play for\n"
     "                   you; --lang en|zh, --ascii for suits in letters\n"},
    {"loadtest", cmd_loadtest, "ddz loadtest [--clients N] [--duration S] [--url ws://HOST:PORT] [--think MS] [--profile mixed] [--computer-rooms N] [--bot-delay MS] [--computer-wait MS] [--csv F] [--plot F.png]",
     "Load test: N bot clients (default 300) connect over the first tenth of the run, ask for\n"
     "a quick match (so three make a table), and play with a think time of about MS (default\n"
     "300, uniform from half to one and a half times it) for S seconds (default 20). Without\n"
     "--url it starts its own ddz serve (with a temporary database) on a free port. Prints the\n"
     "tables, games finished, actions per second, the latency from sending an action to seeing\n"
     "it announced (p50, p99, max), the errors (error messages, lost connections, failed\n"
     "connects, actions not answered within 5 s, frames that showed hidden cards) and the\n"
     "server's peak memory. Exit status 0 when there was no error, 1 otherwise.\n"
     "  --db FILE         the started server's database (default: a temporary file)\n"
     "  --server-pid PID  with --url: report that process's memory\n"
     "  --server-log FILE the started server logs to FILE (its statistics line every\n"
     "                    DDZ_STATS_S seconds, default 60: rooms, rooms with nobody in,\n"
     "                    computer decisions waiting, heap); without it the server is quiet\n"
     "  --profile mixed   the soak: of every 20 clients 12 play at human pace (1.5-4.5 s),\n"
     "                    3 are fast bots, 1 watches games, 1 chats, 1 drops its connection\n"
     "                    every 15-30 s and comes back with its token, 1 opens rooms of\n"
     "                    computers and leaves them, 1 attacks (bad names, C1 controls, password\n"
     "                    guesses, garbage; it is cut and comes back); reports people's latency\n"
     "                    apart and checks that the store's scores equal its results\n"
     "  --computer-rooms N  and N clients that each keep a room of computers playing\n"
     "                    (two computer players; the computer plays the client's seat);\n"
     "                    reports how long a computer's move takes as that client sees it\n"
     "  --computer-level L  their level: easy, normal, hard (default) or expert\n"
     "  --bot-delay MS    the started server's delay before a computer's move in a game\n"
     "                    somebody is in (default 0 here; ddz serve's own default is 800)\n"
     "  --computer-wait MS  the started server's --computer-wait (default: ddz serve's)\n"
     "  --csv FILE        one line a second: people's latency (p50, p99, max), actions, games,\n"
     "                    the server's memory\n"
     "  --plot FILE.png   the same as a picture: latency and memory over time\n"},
    {"bench", cmd_bench,
     "ddz bench [movegen|classify|selfplay|maxmoves|solve|sampler|engine|all] [--rules P] [--seed N]\n"
     "          [--players NAME] [--agent NAME] [--games N] [--eps E]\n"
     "          [--adapt P [--tied] [--stranger planner|rhcp|both]]",
     "Deterministic benchmarks on one core: fixed seeds, the xoshiro256** generator, and a\n"
     "fingerprint that changes only when behaviour changes.\n"
     "  movegen     leading moves of 10,000 random 20-card and 17-card hands; following\n"
     "              moves of 100,000 random (hand, move) pairs\n"
     "  classify    classification of random card sets (ns per call)\n"
     "  selfplay    300,000 full random deals: shuffle, deal, bidding and play, every\n"
     "              decision uniform among the legal ones, each one checked by the engine\n"
     "  maxmoves    the most moves of any 20-card hand, by exhaustive search (minutes)\n"
     "  solve       the endgame solver: the four published two-player positions, then 200\n"
     "              random 14-against-14 positions (median, p99, mean and max time); the\n"
     "              fingerprint covers who wins, the node total the search\n"
     "  sampler     the search's sampler of the hidden cards on --games N games (default 20)\n"
     "              played by --players NAME (default rule), seat 0 the landlord: at each\n"
     "              decision with a choice, 100 samples uniform and weighed by the opponent\n"
     "              model (ε --eps, default 0.25): the share of hidden cards placed right,\n"
     "              the log-likelihood gain of the true deal, the effective samples; with\n"
     "              --adapt P the opponents are weighed as :mixoppP:adapt weighs them (the\n"
     "              rule agent or the stranger, planner or with --stranger rhcp the model\n"
     "              of RHCP-v2, its prior P%; both: each of them, prior P% each), and their\n"
     "              chance of playing as each stranger after their actions is shown;\n"
     "              --tied takes the landlord's two opponents for one program (:tied);\n"
     "              the landlord's views and the farmers' are also shown apart\n"
     "  engine      the engine protocol as a client uses it: --games N games (default 20),\n"
     "              bidding included, every decision a request line written from the\n"
     "              deciding seat's knowledge, answered by ddz engine's code with --agent\n"
     "              NAME (default expert:0/100, reproducible; expert to time the level)\n"
     "              and played as answered: time of each answer, JSON both ways included\n"
     "  all         movegen, classify and selfplay (default)\n"},
};
#define COMMAND_NB ((int)(sizeof COMMANDS / sizeof COMMANDS[0]))

int cli_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("ddz: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return CLI_USAGE;
}

int cli_rules_option(int argc, char **argv, int *i, DdzRuleset *rules)
{
    if (*i + 1 >= argc) {
        cli_fail("--rules needs a value: standard, classic, douzero, botzone or hubei48");
        return -1;
    }
    DdzError err;
    if (ddz_ruleset_parse(argv[++*i], rules, &err) != 0) {
        cli_fail("%s", err.msg);
        return -1;
    }
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: ddz COMMAND [ARGS]\n\n"
               "ddz is a Dou Dizhu (斗地主) rules engine, game and toolkit.\n\nCommands:\n");
    for (int i = 0; i < COMMAND_NB; i++)
        fprintf(f, "  %s\n", COMMANDS[i].synopsis);
    fprintf(f, "  ddz help COMMAND\n  ddz help options      the rule options\n"
               "  ddz help --man [COMMAND]         the manual page (roff)\n"
               "  ddz help --completion bash|zsh   the shell completion script\n  ddz --version\n\n"
               "Run 'ddz help COMMAND' for the details of one command.\n");
}

const CliCommand *cli_commands(int *n)
{
    *n = COMMAND_NB;
    return COMMANDS;
}

const CliCommand *cli_command_find(const char *name)
{
    for (int i = 0; i < COMMAND_NB; i++)
        if (strcmp(COMMANDS[i].name, name) == 0)
            return &COMMANDS[i];
    return NULL;
}

static const char OPTIONS_HELP[] =
    "Rule options (RULES.md), given as -o NAME=VALUE to deal, sim and the games:\n"
    "  rules=P            standard (default), classic, douzero, botzone: move types and kickers;\n"
    "                     hubei48: the 48-card game of RULES §8 as a whole (no bottom, must beat,\n"
    "                     放走包赔, 喜金), which takes none of bid=rob, first, double, packet,\n"
    "                     forced_bid, must_bid, show, play_all\n"
    "  bid=points|rob     叫分 1/2/3 (default), or 叫地主/抢地主: call, each rob doubles\n"
    "  first=given|revealed|heart3|middle\n"
    "                     who bids first: the dealt order (a match rotates it), the holder of\n"
    "                     a card revealed from the deal, or the holder of the three of hearts;\n"
    "                     middle: a card revealed from the middle of the deck, never the top\n"
    "                     or bottom 10 (competition)\n"
    "  double=none|farmer|app\n"
    "                     no doubling (default); farmers double, landlord redoubles (倒牌/拉牌);\n"
    "                     every player may choose x2 or x4 (加倍/超级加倍)\n"
    "  packet             deal 2 cards each, then 3 cards each five times (competition)\n"
    "  forced_bid         when the first two pass, the third must bid 1 (no redeal)\n"
    "  must_bid           a strong hand may not pass (rocket; four 2s; a joker and two 2s; ...)\n"
    "  show               明牌: show your hand before your bid (x3) or as landlord before your\n"
    "                     first play (x2)\n"
    "  play_all           a hand that is one legal move must be played at once\n"
    "  base=N             base score of the rob flow (default 1)\n"
    "  spring_off         spring and anti-spring do not double: bombs and rockets only\n"
    "  leaver             a seat the computer played because its player left or dropped loses\n"
    "                     10 x the base, whatever the result; the house balances (RULES §7)\n"
    "  cap=N              封顶: neither side wins or loses more than N in one game (the\n"
    "                     farmers' stakes are scaled down to sum to N)\n"
    "  fee=N              抽水: the house takes N percent of each winner's gain\n"
    "  turn=N             seconds to act in a served game, then a pass (the smallest move when\n"
    "                     leading); 0: the server's --turn\n"
    "  competition        the competition rule set (RULES §7) at once: packet, first=middle,\n"
    "                     must_bid, forced_bid, play_all, spring_off, turn=30, leaver; add cap=N\n"
    "                     and fee=N for a cap and a house fee. Each part also works alone\n"
    "  bonus=base|N       hubei48 喜金: a bomb that wins its trick earns its player this from\n"
    "                     each other player at once, whatever the result (default: the bid)\n"
    "Display options, not rules (ddz play and ddz connect):\n"
    "  --sort rank|group|combo\n"
    "                     your hand by rank (RULES §1), by group size: fours, threes, pairs,\n"
    "                     singles (seed 003), or by combination (its best split); s in the game\n";

const char *cli_options_help(void)
{
    return OPTIONS_HELP;
}

static int help(const char *name)
{
    if (!strcmp(name, "options")) {
        fputs(OPTIONS_HELP, stdout);
        return CLI_OK;
    }
    const CliCommand *c = cli_command_find(name);
    if (!c)
        return cli_fail("no command '%s'; run 'ddz --help' for the list", name);
    printf("usage: %s\n\n%s", c->synopsis, c->help);
    return CLI_OK;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_USAGE;
    }
    const char *name = argv[1];
    if (!strcmp(name, "--help") || !strcmp(name, "-h")) {
        usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(name, "--version") || !strcmp(name, "version")) {
        printf("ddz %s\n", DDZ_VERSION);
        return CLI_OK;
    }
    if (!strcmp(name, "help")) {
        if (argc < 3) {
            usage(stdout);
            return CLI_OK;
        }
        if (!strcmp(argv[2], "--commands")) {
            for (int i = 0; i < COMMAND_NB; i++)
                puts(COMMANDS[i].name);
            return CLI_OK;
        }
        if (!strcmp(argv[2], "--man"))
            return cli_man(argc > 3 ? argv[3] : "ddz", stdout);
        if (!strcmp(argv[2], "--completion"))
            return cli_completion(argc > 3 ? argv[3] : "", stdout);
        return help(argv[2]);
    }
    const CliCommand *c = cli_command_find(name);
    if (!c)
        return cli_fail("unknown command '%s'; run 'ddz --help' for the list", name);
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return help(name);
    return c->run(argc - 1, argv + 1);
}
