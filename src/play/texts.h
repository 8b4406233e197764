/* texts.h -- every message of the single-player game, English and Chinese, in one table.
 * X(ID, English, Chinese): both are printf formats taking the same conversions in the same
 * order (play_text_ok checks it). play.h makes the ids, text.c the table. */
#define PLAY_TEXTS(X) \
    X(T_SEAT_YOU, "You", "你") \
    X(T_SEAT_EAST, "East", "东家") \
    X(T_SEAT_WEST, "West", "西家") \
    X(T_LANDLORD, "landlord", "地主") \
    X(T_FARMER, "farmer", "农民") \
    X(T_CARDS_LEFT, "%d cards", "%d 张")\
    X(T_ONE_CARD, "%d card", "%d 张") \
    X(T_POINTS, "%d pts", "%d 分") \
    /* Short notes beside a seat. */ \
    X(T_BID_PASS, "no bid", "不叫") \
    X(T_BID_N, "bid %d", "叫 %d 分") \
    X(T_ROB_CALL, "call", "叫地主") \
    X(T_ROB_ROB, "rob ×2", "抢地主") \
    X(T_ROB_NO_CALL, "no call", "不叫") \
    X(T_ROB_NO_ROB, "no rob", "不抢") \
    X(T_DBL_YES, "double", "倒牌") \
    X(T_DBL_NO, "no double", "不倒") \
    X(T_REDBL_YES, "redouble", "拉牌") \
    X(T_REDBL_NO, "no redouble", "不拉") \
    X(T_APP_NONE, "no double", "不加倍") \
    X(T_APP_X2, "double ×2", "加倍") \
    X(T_APP_X4, "super ×4", "超级加倍") \
    X(T_SHOW, "shows cards", "明牌") \
    X(T_PASS, "pass", "不要") \
    /* Events, one line each. */ \
    X(T_EV_NOTE, "%s: %s", "%s：%s") \
    X(T_EV_SHOW, "%s: shows the hand (明牌) %s", "%s：明牌 %s") \
    X(T_EV_PLAY, "%s: %s (%s)", "%s：%s（%s）") \
    X(T_EV_LANDLORD, "Landlord: %s, base %d. Bottom cards: %s", "地主：%s，底分 %d。底牌：%s") \
    X(T_EV_LANDLORD_NB, "Landlord: %s, base %d.", "地主：%s，底分 %d。") /* no bottom (hubei48) */ \
    X(T_EV_REDEAL, "Nobody bid: the cards are dealt again.", "都不叫，重新发牌。") \
    X(T_EV_TWO_LEFT, "%s: two cards left! (报双)", "%s：报双！还剩两张。") \
    X(T_EV_ONE_LEFT, "%s: one card left! (报单)", "%s：报单！还剩一张。") \
    X(T_MARK_BOMB, "*** BOMB! ×2 *** %s", "*** 炸弹！×2 *** %s") \
    X(T_MARK_ROCKET, "*** ROCKET! ×2 *** %s", "*** 王炸！×2 *** %s") \
    X(T_WARN_TWO, "%d cards left!", "%d 张，报双！") \
    X(T_WARN_ONE, "%d card left!", "%d 张，报单！") \
    X(T_GAME_N, "Game %d", "第 %d 局") \
    X(T_FIRST_BIDS, "%s to bid first.", "%s先叫。") \
    X(T_REVEALED, "Revealed card %s: %s to bid first.", "明牌 %s：%s先叫。") \
    X(T_BOTTOM, "Bottom", "底牌") \
    X(T_LANDLORD_WINS, "The landlord (%s) wins.", "地主（%s）胜。") \
    X(T_FARMERS_WIN, "The farmers win.", "农民胜。") \
    X(T_YOU_WIN, "You win!", "你赢了！") \
    X(T_YOU_LOSE, "You lose.", "你输了。") \
    X(T_SPRING, "Spring! (春天) ×2", "春天！×2") \
    X(T_ANTI_SPRING, "Anti-spring! (反春) ×2", "反春！×2") \
    X(T_BOMBS, "Bombs and rockets: %d (×%d)", "炸弹：%d 个（×%d）") \
    X(T_STAKE, "Base %d × multiple %d = %d", "底分 %d × 倍数 %d = %d") \
    X(T_FEE, "House fee: %d", "抽水：%d") \
    X(T_XIJIN, "Bomb bonus (喜金):", "喜金：") \
    X(T_COVER, "%s let the landlord go: pays the side's loss (放走包赔)", "%s放走地主，包赔") \
    X(T_SCORE_LINE, "%s %+d → %d", "%s %+d → %d") \
    /* The result panel: one factor per line. */ \
    X(T_R_BASE, "Base", "底分") \
    X(T_R_BOMBS, "Bombs: %d", "炸弹 %d 个") \
    X(T_R_ROCKET, "Rocket", "王炸") \
    X(T_R_SPRING, "Spring", "春天") \
    X(T_R_ANTI_SPRING, "Anti-spring", "反春") \
    X(T_R_SPRING_OFF, " (not doubled under these rules)", "（本规则不翻倍）") \
    X(T_R_ROBS, "Robs: %d", "抢地主 %d 次") \
    X(T_R_SHOW, "Shown hand", "明牌") \
    X(T_R_GAME, "Game score: %d × %d", "本局分：%d × %d") \
    X(T_R_STAKE, "%s, a farmer: the game score", "%s（农民）：本局分") \
    X(T_R_STAKE_X, "%s, a farmer: game score × %d (%s)", "%s（农民）：本局分 × %d（%s）") \
    X(T_R_CAP, "Cap %d on the stakes of %s and %s", "封顶 %d：%s和%s的输赢降为") \
    X(T_R_LANDLORD, "%s, the landlord: %d + %d", "%s（地主）：%d + %d") \
    X(T_R_FEE, "House fee %d%%: %s", "抽水 %d%%：%s") \
    X(T_R_PENALTY, "%s left the game: %d instead of the result", "%s中途离开：改罚 %d 分") \
    X(T_MATCH_OVER, "Match over; games played: %d.", "比赛结束，共 %d 局。") \
    X(T_TITLE_HEAD, "Final table", "最终排名") \
    X(T_TITLE_ROW, "%s  %d  %s", "%s  %d  %s") \
    X(T_MATCH_QUIT, "Match stopped; games played: %d.", "比赛中止，已完成 %d 局。") \
    /* Refusals. */ \
    X(T_ERR_LEAD_PASS, "You lead: you cannot pass.", "你先出牌，不能不要。") \
    X(T_ERR_NOT_MOVE, "%s is not a move.", "%s 不是合法牌型。") \
    X(T_ERR_NOT_BEAT, "%s does not beat %s.", "%s 管不住 %s。") \
    X(T_ERR_NOT_IN_HAND, "Not in your hand: %s.", "你手里没有：%s。") \
    X(T_ERR_NOTHING, "Nothing selected: type ranks, or h for a hint.", "还没选牌：输入点数，或按 h 提示。") \
    X(T_ERR_NO_VALUE, "Type your choice (%s), or h for a hint.", "请输入选择（%s），或 h 提示。") \
    X(T_ERR_BID, "You cannot bid %d now; choose %s.", "现在不能叫 %d；可选：%s。") \
    X(T_ERR_DOUBLE, "You cannot choose %d now; choose %s.", "现在不能选 %d；可选：%s。") \
    X(T_ERR_PARSE, "'%s': position %d is not a rank (3-9 10 J Q K A 2, x/B small joker, d/R big joker).", \
      "“%s”：第 %d 个字符不是点数（3-9 10 J Q K A 2，小王 x/B，大王 d/R）。") \
    X(T_ERR_LONE_ONE, "Write ten as 10 or T (position %d).", "十请写成 10 或 T（第 %d 个字符）。") \
    X(T_ERR_TOO_MANY, "%s: one deck has not that many.", "%s：一副牌没有这么多张。") \
    X(T_ERR_NOT_NOW, "Not now: it is not your turn for that.", "现在还不能这样做。") \
    X(T_ERR_SHOW, "You may show your cards only before your bid, or as landlord before your first play.", \
      "只能在叫分之前，或当地主后出第一手牌之前明牌。") \
    X(T_ERR_UNKNOWN, "Unknown command '%s'; ? lists the commands.", "不认识的命令“%s”；输入 ? 查看命令。") \
    X(T_ERR_ENGINE, "%s", "%s") \
    X(T_ERR_SAVE, "Could not save your progress.", "无法保存进度。") \
    X(T_ERR_RECORD, "cannot write the game record %s", "无法写入牌谱 %s") \
    /* Hints and the selection. */ \
    X(T_HINT_N, "Hint %d/%d: %s", "提示 %d/%d：%s") \
    X(T_AUTO_PASS, "Nothing beats %s: you pass.", "要不起 %s，自动不要。") \
    X(T_SORTED, "Your hand, sorted %s.", "理牌：%s。") \
    X(T_SORT_RANK, "by rank", "按点数") \
    X(T_SORT_GROUP, "by group size: fours, threes, pairs, singles", "按张数：四张、三张、对子、单张") \
    X(T_SORT_COMBO, "by combination: bombs, planes, trios, chains, pairs, singles", "按牌型：炸弹、飞机、三张、连牌、对子、单张") \
    /* ddz replay --view. */ \
    X(T_KEYS_REPLAY, "→ next  ← back  Home End  N Enter: move N  PgUp PgDn: game  q quit", \
      "→ 下一步  ← 上一步  Home End  数字+回车：第 N 步  PgUp PgDn：换一局  q 退出") \
    X(T_REPLAY_STEP, "Move %d/%d", "第 %d/%d 步") \
    X(T_REPLAY_DEAL, "The deal: every hand shown. → steps forward.", "发牌：所有人的牌都亮出。→ 下一步。") \
    X(T_REPLAY_GAME, "Game %ld (%d of %d)", "第 %ld 局（第 %d 个，共 %d 个）") \
    X(T_REPLAY_SEAT, "Seat %d", "座位 %d") \
    X(T_REPLAY_HANDS, "   %s (%d): %s\n", "   %s（%d 张）：%s\n") \
    X(T_HINT_LETGO, " (lets %s go: 放走包赔)", "（放走%s，要包赔）") \
    X(T_HINT_ALL, "Your whole hand goes out: %s. Enter plays it.", "一手出完：%s。回车打出。") \
    X(T_HINT_NONE, "Nothing beats %s: pass.", "没有牌管得住 %s：不要。") \
    X(T_HINT_BID, "Hint: %d = %s (Enter)", "提示：%d = %s（回车确认）") \
    X(T_HINT_DOUBLE, "Hint: %d = %s (Enter)", "提示：%d = %s（回车确认）") \
    X(T_HINT_NOT_NOW, "It is not your turn.", "还没轮到你。") \
    X(T_SEL_NONE, "Select cards: type ranks, or ←/→ and space; h hints.", "选牌：输入点数，或用 ←/→ 和空格；h 提示。") \
    X(T_SEL_MOVE, "%s: %s", "%s：%s") \
    X(T_SEL_BEATS, "%s: %s, beats the table", "%s：%s，管得住") \
    X(T_SEL_NOT_BEAT, "%s does not beat %s", "%s 管不住 %s") \
    X(T_SEL_NOT_MOVE, "%s is not a move", "%s 不是合法牌型") \
    X(T_READING_CHAIN, "%s, from %s, %d long", "%s，从 %s 起，%d 连") \
    X(T_READING_MAIN, "%s, on %s", "%s，主牌 %s") \
    X(T_READINGS, "%s reads several ways; choose one:", "%s 有几种读法，请选择：") \
    /* Prompts. */ \
    X(T_TURN_BID, "Your bid?", "请叫分：") \
    X(T_TURN_ROB_CALL, "Call for landlord?", "叫地主吗？") \
    X(T_TURN_ROB_ROB, "Rob the landlord (×2)?", "抢地主吗？（×2）") \
    X(T_TURN_DOUBLE, "Double (倒牌: your stake ×2)?", "倒牌吗？（你的输赢 ×2）") \
    X(T_TURN_REDOUBLE, "Redouble (拉牌: each doubler's stake ×2)?", "拉牌吗？（倒牌者的输赢再 ×2）") \
    X(T_TURN_APP, "Double (×2) or super double (×4)?", "加倍（×2）或超级加倍（×4）？") \
    X(T_TURN_LEAD, "Your lead: play any move.", "轮到你出牌：任意牌型。") \
    X(T_TURN_FOLLOW, "Beat %s's %s, or pass.", "管住%s的 %s，或者不要。") \
    X(T_YES, "yes", "是") \
    X(T_NO, "no", "否") \
    X(T_THINKING, "thinking", "思考中")\
    X(T_TURN_YOU, "your turn", "轮到你了")\
    X(T_BOMBS_SHORT, "(bombs %d)", "（炸弹 %d）") \
    X(T_BASE, "Base %d", "底分 %d") \
    X(T_MULTIPLE, "multiple ×%d", "倍数 ×%d") \
    X(T_COUNTER, "Counter", "记牌器") \
    X(T_COUNTER_NOTE, "cards you have not seen: in the others' hands", "未出现的牌：在另外两家手里") \
    X(T_HAND, "Your hand", "你的手牌") \
    X(T_SELECTED, "Selected", "已选") \
    X(T_SCORES, "Scores", "积分") \
    X(T_SEED, "seed %llu", "种子 %llu") \
    X(T_REPLAY, "Replay this match: ddz play --seed %llu", "重玩这场比赛：ddz play --seed %llu") \
    X(T_QUIT_ASK, "Quit the match? (y/n)", "确定退出比赛吗？（y/n）") \
    X(T_NEXT_GAME, "Enter: next game   v: view the table", "回车：下一局   v：查看牌桌") \
    X(T_END_MATCH, "Enter: final table   v: view the table", "回车：最终排名   v：查看牌桌")\
    X(T_LEAVE, "Enter: leave", "回车：退出") \
    X(T_FINAL_KEYS, "n: new match   Enter: leave", "n：新比赛   回车：退出") \
    X(T_NEW_ASK, "Type new for a new match; an empty line leaves.", "输入“新比赛”再来一场；空行退出。") \
    X(T_RESUMED, "Your match goes on (seed %llu): game %d, You %d, East %d, West %d.", \
      "继续上次的比赛（种子 %llu）：第 %d 局，你 %d，东家 %d，西家 %d。") \
    X(T_LIFETIME, "All your games at %s: %d, won %d (%d%%), best %+d, worst %+d", \
      "%s难度的全部战绩：%d 局，胜 %d 局（%d%%），最好 %+d，最差 %+d") \
    X(T_STATS_HEAD, "Your games, by level (%s)", "历史战绩，按难度（%s）") \
    X(T_STATS_COLS, "level      games  landlord won  farmer won  win rate   best  worst  springs  bombs", \
      "难度       局数   地主胜/局     农民胜/局    胜率       最好  最差   春天     炸弹") \
    X(T_STATS_NONE, "No games yet (%s).", "还没有战绩（%s）。") \
    X(T_HISTORY_TITLE, "This game, move by move - any key closes", "本局记录 —— 按任意键关闭") \
    X(T_HISTORY_NONE, "Nothing played yet.", "还没有出牌。") \
    X(T_TIMER_PLAIN, "You have %d s for this turn; then the computer plays it for you.", "这一手限时 %d 秒，超时由电脑代打。") \
    X(T_TIME_UP, "Time is up: the computer played for you.", "时间到，电脑替你出了牌。") \
    X(T_AUTO_ON, "托管: the computer plays for you (o takes back).", "托管：电脑替你出牌（按 o 取消）。") \
    X(T_AUTO_ON_PLAIN, "托管: the computer plays for you until this game ends.", "托管：电脑替你打完这一局。") \
    X(T_AUTO_OFF, "You play again.", "取消托管，你自己出牌。") \
    X(T_KEYS_VIEW, "v back to the panel  Enter %s  c counter  ? help  Esc quit", \
      "v 返回结算  回车 %s  c 记牌器  ? 帮助  Esc 退出") \
    X(T_W_NEXT, "next game", "下一局") \
    X(T_W_FINAL, "final table", "最终排名") \
    X(T_W_LEAVE, "leave", "退出") \
    X(T_TOO_SMALL, "The terminal is %d×%d; the game needs %d×%d. Please enlarge it.", \
      "终端只有 %d×%d，游戏需要 %d×%d，请放大窗口。") \
    X(T_WELCOME, "ddz %s: you against West and East, 100 points each, until someone is broke.", \
      "ddz %s 斗地主：你对西家和东家，各 100 分，直到有人输光。") \
    X(T_SETUP, "Level: %s. Rules: %s.", "难度：%s。规则：%s。")\
    /* Levels and rule options, for people. */ \
    X(T_LEVEL_EASY, "easy", "简单") \
    X(T_LEVEL_NORMAL, "normal", "普通") \
    X(T_LEVEL_HARD, "hard", "困难") \
    X(T_LEVEL_EXPERT, "expert", "专家") \
    X(T_LEVEL_RANDOM, "random", "随机") \
    X(T_LEVEL_GREEDY, "greedy", "贪心") \
    X(T_OPT_SEP, "; ", "，") \
    X(T_OPT_STANDARD, "standard moves", "标准牌型") \
    X(T_OPT_CLASSIC, "classic moves (four + two different kickers)", "经典牌型（四带二须两张不同）") \
    X(T_OPT_DOUZERO, "DouZero moves", "DouZero 牌型") \
    X(T_OPT_BOTZONE, "Botzone moves", "Botzone 牌型") \
    X(T_OPT_HUBEI48, "the 48-card game (must beat, 放走包赔, 喜金)", "48 张玩法（有出必出、放走包赔、喜金）") \
    X(T_OPT_POINTS, "bids of 1, 2 or 3", "叫分 1、2、3") \
    X(T_OPT_ROB, "call and rob (×2 a rob)", "叫地主、抢地主（每抢 ×2）") \
    X(T_OPT_GIVEN, "the first bidder turns round", "轮流先叫") \
    X(T_OPT_REVEALED, "a revealed card's holder bids first", "明牌者先叫") \
    X(T_OPT_HEART3, "the ♥3 bids first", "红桃 3 先叫") \
    X(T_OPT_MIDDLE, "a card from the middle decides who bids first", "中间明牌者先叫") \
    X(T_OPT_FARMER, "farmers double, the landlord redoubles", "农民倒牌、地主拉牌") \
    X(T_OPT_APP, "double (×2) and super double (×4)", "加倍（×2）、超级加倍（×4）") \
    X(T_OPT_PACKET, "dealt in packets", "按把发牌") \
    X(T_OPT_FORCED, "if all pass the last bids 1", "都不叫时末家叫 1 分") \
    X(T_OPT_MUST, "strong hands must bid", "好牌必须叫") \
    X(T_OPT_SHOW, "showing the hand (明牌) allowed", "可以明牌") \
    X(T_OPT_PLAY_ALL, "a hand that is one move goes out at once", "能一手出完必须出完") \
    X(T_OPT_SPRING_OFF, "springs do not double", "春天不翻倍") \
    X(T_OPT_LEAVER, "leaving costs 10 × base", "逃跑罚 10 倍底分") \
    X(T_OPT_BASE, "base %d", "底分 %d") \
    X(T_OPT_CAP, "cap %d", "封顶 %d") \
    X(T_OPT_FEE, "house fee %d%%", "抽水 %d%%") \
    X(T_CAN_SHOW, "You may show your cards now (明牌): say show.", "现在可以明牌：输入 show。") \
    X(T_KEYS_PLAY, "Enter play  p pass  h hint  ←→ space select  c counter  ? help  Esc quit", \
      "回车 出牌  p 不要  h 提示  ←→ 空格 选牌  c 记牌器  ? 帮助  Esc 退出") \
    X(T_KEYS_BID, "1 2 3 bid  0/p no bid  h hint  c counter  ? help  Esc quit", \
      "1 2 3 叫分  0/p 不叫  h 提示  c 记牌器  ? 帮助  Esc 退出") \
    X(T_KEYS_YESNO, "1/y yes  0/n/p no  h hint  c counter  ? help  Esc quit", \
      "1/y 是  0/n/p 否  h 提示  c 记牌器  ? 帮助  Esc 退出") \
    X(T_KEYS_APP, "1 double  2 super  0/p no  h hint  c counter  ? help  Esc quit", \
      "1 加倍  2 超级加倍  0/p 不加倍  h 提示  c 记牌器  ? 帮助  Esc 退出") \
    X(T_KEYS_WAIT, "c counter  ? help  Esc quit", "c 记牌器  ? 帮助  Esc 退出") \
    X(T_KEYS_SHOW, "  m show", "  m 明牌") \
    X(T_HELP_TITLE, "Keys and move types — any key closes", "按键与牌型 —— 按任意键关闭") \
    X(T_HELP_KEYS, \
      "3-9 10/T J Q K A 2   select by rank: 33344, 10JQKA (letters are ranks)\n" \
      "x or B, d or R       the small joker, the big joker\n" \
      "←/→  space           move along your hand, raise or lower a card\n" \
      "Enter, Backspace     play the raised cards; take back a typed rank\n" \
      "Esc, Ctrl-C          clear the selection; with none, quit (after asking)\n" \
      "p                    pass (不要)\n" \
      "h or Tab             next hint: the moves that beat the table\n" \
      "c                    the card counter (记牌器) on and off\n" \
      "m                    show your cards (明牌), when the rules allow it", \
      "3-9 10/T J Q K A 2   按点数选牌：33344、10JQKA（字母都是点数）\n" \
      "x 或 B，d 或 R       小王、大王\n" \
      "←/→  空格            在手牌中移动，抬起或放下一张牌\n" \
      "回车、退格           打出抬起的牌；删掉一个输入的点数\n" \
      "Esc、Ctrl-C          清除选择；没有选择时退出（会先确认）\n" \
      "p                    不要\n" \
      "h 或 Tab             下一个提示：能管住桌面的牌\n" \
      "c                    打开或关闭记牌器\n" \
      "m                    明牌（规则允许时）") \
    /* The keys that only one of the two games has (ddz play, ddz connect), then the last line. */ \
    X(T_HELP_KEYS_LOCAL, \
      "l, o                 this game's history; 托管 (the computer plays) on and off\n" \
      "s                    sort the hand: rank, group size (4 3 2 1), combination", \
      "l、o                 本局记录；托管（电脑代打）开关\n" \
      "s                    理牌：按点数、按张数（4 3 2 1）、按牌型") \
    X(T_HELP_KEYS_NET, \
      "o, /                 托管 (the computer plays) on and off; chat\n" \
      "s                    sort the hand: rank, group size (4 3 2 1), combination\n" \
      "l                    leave the room (when watching)", \
      "o、/                 托管（电脑代打）开关；聊天\n" \
      "s                    理牌：按点数、按张数（4 3 2 1）、按牌型\n" \
      "l                    离开房间（观战时）") \
    X(T_HELP_KEYS_END, "Bidding: 1 2 3, or 0/p for no bid. Doubling: 1/y yes, 0/n/p no.", \
      "叫分：1 2 3，0/p 不叫。倒牌/拉牌：1/y 是，0/n/p 否。") \
    X(T_HELP_TYPES, \
      "single 3   pair 33   trio 333   trio+single 3334   trio+pair 33344\n" \
      "straight 34567 (5-12, up to A)   pair chain 334455 (3+ pairs)\n" \
      "plane 333444   plane+singles 33344456   plane+pairs 3334445566\n" \
      "four+two 333345   four+two pairs 33334455\n" \
      "bomb 3333: beats any non-bomb   rocket BR (both jokers): beats everything", \
      "单张 3  对子 33  三张 333  三带一 3334  三带一对 33344\n" \
      "顺子 34567（5-12 张，最大到 A）  连对 334455（3 对以上）\n" \
      "飞机 333444  飞机带单 33344456  飞机带对 3334445566\n" \
      "四带二 333345  四带两对 33334455\n" \
      "炸弹 3333：管住任何非炸弹  王炸 BR（大小王）：最大") \
    X(T_HELP_PLAIN, \
      "Commands (one per line):\n" \
      "  33344, 10JQKA, xd     play these ranks (x/B small joker, d/R big joker; letters are ranks)\n" \
      "  p or pass             pass (不要)\n" \
      "  h or hint             next hint; an empty line then plays it\n" \
      "  (empty line)          play the selection: the last hint\n" \
      "  0 1 2 3, bid N        bid, or 0 for no bid; doubling: 1/y yes, 0/n no\n" \
      "  show                  show your cards (明牌), when the rules allow it\n" \
      "  c or counter          the card counter (记牌器), and on or off at each turn\n" \
      "  s or status           the table again\n" \
      "  history, auto         this game's moves; 托管 (the computer ends this game for you)\n" \
      "  sort                  your hand by rank, by group size, by combination, in turn\n" \
      "  ? or help             this help\n" \
      "  quit or exit          quit, after asking", \
      "命令（每行一个）：\n" \
      "  33344、10JQKA、xd     打出这些点数（小王 x/B，大王 d/R；字母都是点数）\n" \
      "  p 或 不要             不要\n" \
      "  h 或 提示             下一个提示；再输入空行就打出它\n" \
      "  （空行）              打出已选的牌：上一个提示\n" \
      "  0 1 2 3、叫 N         叫分，0 不叫；倒牌/拉牌：1/是，0/否\n" \
      "  明牌                  明牌（规则允许时）\n" \
      "  c 或 记牌器           记牌器，并在每轮开关显示\n" \
      "  s 或 牌桌             再显示一次牌桌\n" \
      "  记录、托管            本局记录；托管（电脑替你打完这一局）\n" \
      "  理牌                  手牌按点数、按张数、按牌型排列，轮流切换\n" \
      "  ? 或 帮助             本帮助\n" \
      "  退出                  退出（会先确认）") \
    /* ddz connect: the lobby, the rooms and the game over the network. */ \
    X(T_NET_AUTO, "auto", "托管") \
    X(T_NET_KEYS_AUTO, "  o auto", "  o 托管") \
    X(T_NET_RESULT_KEYS, "Enter: ready again   v: view the table", "回车：准备下一局   v：查看牌桌") \
    X(T_NET_CONNECTING, "Connecting to %s ...", "正在连接 %s ……") \
    X(T_NET_LOBBY, "Lobby", "大厅") \
    X(T_NET_HELLO, "%s (player %ld)", "%s（玩家 %ld）") \
    X(T_NET_COL_ID, "No.", "房号") \
    X(T_NET_COL_NAME, "Room", "房间") \
    X(T_NET_COL_PLAYERS, "Players", "玩家") \
    X(T_NET_COL_SEATS, "Seats", "座位") \
    X(T_NET_COL_STATE, "State", "状态") \
    X(T_NET_COL_LOCK, "Password", "密码") \
    X(T_NET_WAITING, "waiting", "等待中") \
    X(T_NET_PLAYING, "playing", "游戏中") \
    X(T_NET_QUICK, "quick", "快速") \
    X(T_NET_WATCHERS, "+%d watching", "%d 人观战") \
    X(T_NET_NO_ROOMS, "No rooms yet: c creates one, k starts a quick match.", "还没有房间：按 c 创建，按 k 快速匹配。") \
    X(T_NET_KEYS_LOBBY, "↑↓ Enter join  w watch  c create  k quick match  e events  t top  r list  q quit", \
      "↑↓ 回车 加入  w 观战  c 创建  k 快速匹配  e 比赛  t 排行榜  r 刷新  q 退出") \
    X(T_NET_ROOM_NAME, "Room name: ", "房间名：") \
    X(T_NET_PASSWORD, "Password (empty: none): ", "密码（留空则无）：") \
    X(T_NET_ROOM_PASSWORD, "Password of room %ld: ", "房间 %ld 的密码：") \
    X(T_NET_LEADERS, "Leaderboard — any key closes", "排行榜 —— 按任意键关闭") \
    X(T_NET_LEADER_ROW, "%2d. %s", "%2d. %s") \
    X(T_NET_LEADER_SCORE, "%6d pts  %4d games  %4d wins", "%6d 分  %4d 局  胜 %4d") \
    X(T_NET_YOU_STATS, "You: %d pts, %d games, %d wins", "你：%d 分，%d 局，胜 %d 局") \
    X(T_NET_ROOM_TITLE, "Room %ld · %s", "房间 %ld · %s") \
    X(T_NET_SEAT_N, "Seat %d", "座位 %d") \
    X(T_NET_EMPTY, "(empty)", "（空）") \
    X(T_NET_READY, "✓ ready", "✓ 已准备") \
    X(T_NET_NOT_READY, "not ready", "未准备") \
    X(T_NET_BOT, "computer (%s)", "电脑（%s）") \
    X(T_NET_OFFLINE, "offline", "离线") \
    X(T_NET_YOU_MARK, "(you)", "（你）") \
    X(T_NET_WATCHING, "watching", "观战中") \
    X(T_NET_SPECTATORS, "Watching: %s", "观战：%s") \
    X(T_NET_CHAT, "Chat", "聊天") \
    X(T_NET_CHAT_PROMPT, "Say: ", "说：") \
    X(T_NET_KEYS_ROOM, "r ready  1-4 add a computer  x remove one  Enter chat  l leave  q quit", \
      "r 准备  1-4 加电脑  x 移除电脑  回车 聊天  l 离开  q 退出") \
    X(T_NET_LEVELS, "computers: 1 easy  2 normal  3 hard  4 expert", "电脑难度：1 简单  2 普通  3 困难  4 专家") \
    X(T_NET_KEYS_WATCH, "Enter chat  l leave  q quit", "回车 聊天  l 离开  q 退出") \
    X(T_NET_KEYS_WATCHING, "  l leave  / chat", "  l 离开  / 聊天") \
    X(T_NET_RULES, "Rules: %s · %d s a turn · %d games played", "规则：%s · 每步 %d 秒 · 已玩 %d 局") \
    X(T_NET_SCORE, "score %d", "积分 %d") \
    X(T_NET_COUNTDOWN, "%ld s", "%ld 秒") \
    X(T_NET_STATUS, "Room %ld", "房间 %ld") \
    X(T_NET_QUIT, "Leave the server? (y/n)", "确定断开连接吗？（y/n）") \
    X(T_NET_REMOVE, "Remove the computer in seat (0-2): ", "移除哪个座位的电脑（0-2）：") \
    X(T_NET_LEFT, "You left the room.", "你已离开房间。") \
    X(T_NET_SERVER_SAYS, "Server: %s", "服务器：%s") \
    X(T_NET_OVER_WAIT, "Game over. Enter: ready for the next game", "本局结束。回车：准备下一局") \
    X(T_NET_REDEAL, "Everyone passed: a new deal.", "都不叫，重新发牌。") \
    X(T_NET_TOKEN_AUTO, "%s: the computer plays (托管)", "%s：托管") \
    X(T_NET_TOKEN_BACK, "%s plays again", "%s：取消托管") \
    /* ddz connect --plain: the line mode. */ \
    X(T_L_LOBBY, "In the lobby. Commands: rooms, create, join, watch, quick, top (? for help)\n", \
      "在大厅。命令：rooms、create、join、watch、quick、top（? 查看帮助）\n") \
    X(T_L_ROOM_SEAT, "Room %ld, seat %d\n", "房间 %ld，座位 %d\n") \
    X(T_L_ROOM_WATCH, "Room %ld, watching\n", "房间 %ld，观战中\n") \
    X(T_L_SEAT_ROW, "  [%d] %s%s%s  score %d\n", "  [%d] %s%s%s  积分 %d\n") \
    X(T_L_YOU, " (you)", "（你）") \
    X(T_L_HOLDS, "  %s holds %d card%s%s\n", "  %s 还有 %d 张%.0s%s\n") \
    X(T_L_BOTTOM, "  bottom %s\n", "  底牌 %s\n") \
    X(T_L_TABLE, "  on the table: %s by %s\n", "  桌面：%s（%s）\n") \
    X(T_L_HAND, "  your hand: %s\n", "  你的手牌：%s\n") \
    X(T_L_YOUR_HAND, "Your hand: %s\n", "你的手牌：%s\n") \
    X(T_L_YOUR_BID, "Your bid (", "请叫分（") \
    X(T_L_BID_END, ")", "）") \
    X(T_L_DOUBLE_Q, "Double? (y/n)", "加倍吗？（y/n）") \
    X(T_L_LEAD, "You lead: play cards (e.g. 33344), h for a hint", "轮到你出牌：输入点数（如 33344），h 提示") \
    X(T_L_BEAT, "Beat %s, or p to pass (h for a hint)", "管住 %s，或 p 不要（h 提示）") \
    X(T_L_DEADLINE, " [%lds]", " [%ld 秒]") \
    X(T_L_AUTO_TAKE, " [托管: act to take over]", " [托管中：出牌即取消]") \
    X(T_L_WELCOME, "Welcome, %s (player %ld)%s. Type ? for help.\n", "欢迎，%s（玩家 %ld）%s。输入 ? 查看帮助。\n") \
    X(T_L_WELCOME_BACK, ", welcome back", "，欢迎回来") \
    X(T_L_NO_ROOMS, "No rooms yet: create one, or quick for a quick match.\n", "还没有房间：create 创建一个，或 quick 快速匹配。\n") \
    X(T_L_ROOM_ROW, "  room %lld  %-16s %d/3 %s%s%s, %lld watching\n", "  房间 %lld  %-16s %d/3 %s%s%s，%lld 人观战\n") \
    X(T_L_PASSWORD, ", password", "，有密码") \
    X(T_L_QUICK, ", quick match", "，快速匹配") \
    X(T_L_ROOM, "Room %ld \"%s\" (%s):", "房间 %ld“%s”（%s）：") \
    X(T_L_START, "\nGame %ld. Commitment to the deal: %s\n", "\n第 %ld 局。发牌承诺：%s\n") \
    X(T_L_YOUR_CARDS, "Your cards: %s\n", "你的牌：%s\n") \
    X(T_L_BIDS_FIRST, "%s bids first.\n", "%s先叫。\n") \
    X(T_L_BIDS, "%s bids %ld%s\n", "%s：叫 %ld 分%s\n") \
    X(T_L_NO_BID, "%s passes (不叫)%s\n", "%s：不叫%s\n") \
    X(T_L_DOUBLES, "%s doubles%s\n", "%s：加倍%s\n") \
    X(T_L_NO_DOUBLE, "%s does not double%s\n", "%s：不加倍%s\n") \
    X(T_L_SHOWS, "%s shows: %s\n", "%s：明牌 %s\n") \
    X(T_L_PASSES, "%s passes (不要)%s\n", "%s：不要%s\n") \
    X(T_L_PLAYS, "%s plays %s%s%s\n", "%s：%s%s%s\n") \
    X(T_L_TIMEOUT, " (time ran out)", "（超时）") \
    X(T_L_BY_AUTO, " (托管)", "（托管）") \
    X(T_L_ONE_LEFT, " — one card left!", " —— 报单！") \
    X(T_L_TWO_LEFT, " — two cards left!", " —— 报双！") \
    X(T_L_LANDLORD, "%s is the landlord (地主), bid %lld; bottom cards: %s\n", "%s是地主，叫 %lld 分；底牌：%s\n") \
    X(T_L_AUTO_ON, "%s: the computer plays for them (托管) (%s)\n", "%s：托管（%s）\n") \
    X(T_L_AUTO_OFF, "%s: the computer hands back (%s)\n", "%s：取消托管（%s）\n") \
    X(T_L_REDEAL, "Everyone passed: a new deal. (Seed %s revealed; commitment %s.)\n", \
      "都不叫，重新发牌。（公开种子 %s；承诺%s。）\n") \
    X(T_L_CHECKED, "checked", "已核对") \
    X(T_L_MATCHES, "matches", "相符") \
    X(T_L_NO_MATCH, "DOES NOT MATCH", "不符！") \
    X(T_L_LANDLORD_WINS, "The landlord wins%s. Scores:", "地主胜%s。得分：") \
    X(T_L_FARMERS_WIN, "The farmers win%s. Scores:", "农民胜%s。得分：") \
    X(T_L_SPRING, " (春天)", "（春天）") \
    X(T_L_ANTI_SPRING, " (反春)", "（反春）") \
    X(T_L_TOTALS, ". Totals:", "。累计：") \
    X(T_L_SEED, "\nThe deal's seed %s is revealed: the commitment %s.%s\n", "\n本局种子 %s 已公开：承诺%s。%s\n") \
    X(T_L_READY_NEXT, " Type ready (r) for the next game.", "输入 ready（r）准备下一局。") \
    X(T_L_STATE, "The game as it stands:\n", "当前牌局：\n") \
    X(T_L_LEADERS, "Leaderboard:\n", "排行榜：\n") \
    X(T_L_LEADER_ROW, "  %2lld. %-18s %6lld points, %lld games\n", "  %2lld. %-18s %6lld 分，%lld 局\n") \
    X(T_L_CONNECTING, "Connecting to %s ...\n", "正在连接 %s ……\n") \
    X(T_L_LEFT, "You left the room.\n", "你已离开房间。\n") \
    /* ddz connect: seats, countdowns, refusals (netc). */ \
    X(T_NET_GONE_MARK, " (left)", "（离开）") \
    X(T_NET_COUNTDOWN_SEAT, "%s: %ld s", "%s：%ld 秒") \
    X(T_NET_HELD, "  %s still held: %s\n", "  %s 剩余的牌：%s\n") \
    X(T_NET_TO_ACT, "  %s to act, %ld s left\n", "  轮到%s，还剩 %ld 秒\n") \
    X(T_NET_RESULT_KEYS_WATCH, "Enter: close   v: view the table   l: leave", "回车：关闭   v：查看牌桌   l：离开") \
    /* Tournaments (tourview.c, tourgame.c, net_tour.c). */ \
    X(T_TOUR_QUIT, "Leave the tournament? (y/n)", "确定退出比赛吗？（y/n）") \
    X(T_TOUR_RESULT_KEYS, "Enter: go on   v: view the table", "回车：继续   v：查看牌桌") \
    X(T_TV_TABLES, "Tables", "各桌") \
    X(T_TV_STANDINGS, "Standings", "排名") \
    X(T_TV_ROUNDS, "Rounds", "轮次") \
    X(T_TV_TAB_KEY, "Tab: switch   arrows: scroll", "Tab：切换   方向键：滚动") \
    X(T_TV_COMPLETER, " (fills in)", "（补位）") \
    X(T_TV_GAMES_SO_FAR, "%d games played", "已打 %d 局") \
    X(T_TV_DRAWN, "to play", "待开始") \
    X(T_TV_EXTRA, "extra game %+d/%+d/%+d", "加赛 %+d/%+d/%+d") \
    X(T_TV_LOT, "decided by lot", "抽签决定") \
    X(T_TV_COL_RANK, "Place", "名次") \
    X(T_TV_COL_PLAYER, "Player", "选手") \
    X(T_TV_COL_REACHED, "Reached", "止步") \
    X(T_TV_COL_SCORE, "Score", "得分") \
    X(T_TV_EMPTY, "Nothing yet.", "暂无。") \
    X(T_TV_MORE, "... %d more lines (arrows, PgDn)", "…… 还有 %d 行（方向键、PgDn）") \
    X(T_TV_ABOVE, "... %d lines above (arrows, PgUp)", "…… 上面还有 %d 行（方向键、PgUp）") \
    X(T_TOUR_TITLE, "ddz Dou Dizhu · Tournament", "ddz 斗地主 · 晋级赛") \
    X(T_TOUR_INFO, "%d players · %d games per table", "%d 人 · 每桌 %d 局") \
    X(T_TOUR_INFO_GROUPS, "%d players · %d groups · %d games per table", "%d 人 · %d 组 · 每桌 %d 局") \
    X(T_TOUR_ROUND, "Round %d", "第%d轮") \
    X(T_TOUR_ROUND_STAGE, "%s · Round %d", "%s · 第%d轮") \
    X(T_TOUR_GROUP, "Group %s", "%s组") \
    X(T_TOUR_FINAL, "Final", "决赛") \
    X(T_TOUR_REACHED, "%s R%d", "%s 第%d轮") \
    X(T_TOUR_DRAW_HEAD, "%s: the draw", "%s：抽签结果") \
    X(T_TOUR_RESULTS_HEAD, "%s: results", "%s：结果") \
    X(T_TOUR_WAIT_HEAD, "%s: waiting for the other tables", "%s：等待其他各桌") \
    X(T_TOUR_WAIT_DONE, "Your table has played its games (you %+d). The other tables are still playing.", "你这桌已打完（你 %+d 分），其他各桌还在进行。") \
    X(T_TOUR_WAIT_BYE, "You have a bye: the other tables are playing.", "你本轮轮空，其他各桌正在进行。") \
    X(T_TOUR_YOUR_TABLE, "You play at table %d with %s and %s.", "你在第%d桌，同桌：%s、%s。") \
    X(T_TOUR_YOUR_FILL, "You fill in at table %d with %s and %s: you play, but cannot advance.", "你在第%d桌补位，同桌：%s、%s；你参赛但不能晋级。") \
    X(T_TOUR_BYE, "You have a bye: you go through to the next round.", "你本轮轮空，直接晋级下一轮。") \
    X(T_TOUR_OUT_WATCH, "You are out (%s). The event goes on among the others.", "你已出局（%s），比赛在其他选手之间继续。") \
    X(T_TOUR_BYES, "Byes: %s", "轮空：%s") \
    X(T_TOUR_ADVANCE, "You won your table (%+d): you go on.", "你赢得本桌（%+d），晋级。") \
    X(T_TOUR_ELIMINATED, "You are out: %s won your table; you scored %+d.", "你被淘汰：%s 赢得本桌，你得 %+d 分。") \
    X(T_TOUR_FILLED, "You filled in (%+d); %s goes on.", "你补位参赛（%+d），%s 晋级。") \
    X(T_TOUR_OTHER_GROUP, "Another group plays this round: yours comes later.", "本轮是其他小组的比赛，你的小组稍后进行。") \
    X(T_TOUR_HAD_BYE, "You had a bye: you are in the next round.", "你本轮轮空，进入下一轮。") \
    X(T_TOUR_TIE_EXTRA, "Your table was tied at the top: an extra game decided it.", "你这桌最高分打平：加赛一局决出胜者。") \
    X(T_TOUR_TIE_LOT, "Your table was still tied after the extra game: the lot decided.", "你这桌加赛后仍打平：抽签决定。") \
    X(T_TOUR_TIES, "Tie-breaks this round: %d extra games, %d lots.", "本轮决胜：加赛 %d 桌，抽签 %d 桌。") \
    X(T_TOUR_WINNER_HEAD, "The winner: %s", "冠军：%s") \
    X(T_TOUR_YOU_WON, "You won the tournament!", "你赢得了比赛！") \
    X(T_TOUR_YOUR_PLACE, "You finished %s of %d.", "你的名次：%s（共 %d 人）。") \
    X(T_TOUR_KEYS_PLAY, "Enter: to your table   Tab: lists   Esc: leave", "回车：入座   Tab：切换列表   Esc：退出") \
    X(T_TOUR_KEYS_NEXT, "Enter: go on   Tab: lists   Esc: leave", "回车：继续   Tab：切换列表   Esc：退出") \
    X(T_TOUR_KEYS_OUT, "Enter: next round   f: straight to the end   Tab: lists   Esc: leave", "回车：下一轮   f：直接看最终结果   Tab：切换列表   Esc：退出") \
    X(T_TOUR_KEYS_FINAL, "Enter: leave   Tab: lists", "回车：离开   Tab：切换列表") \
    X(T_TOUR_KEYS_WAIT, "Tab: lists   Esc: leave", "Tab：切换列表   Esc：退出") \
    X(T_TOUR_STATUS, "%s · Table %d · %d/%d", "%s · 第%d桌 · 第%d/%d局") \
    X(T_TOUR_STATUS_EXTRA, "%s · Table %d · extra game", "%s · 第%d桌 · 加赛") \
    X(T_TOUR_ROUND_LINE, "%s: %d players, %d tables, %d byes", "%s：%d 人，%d 桌，%d 人轮空") \
    X(T_TOUR_ROUND_YOU_TABLE, " - you: table %d, %s", " —— 你：第%d桌，%s") \
    X(T_TOUR_ROUND_YOU_BYE, " - you: bye", " —— 你：轮空") \
    X(T_TOUR_W_WON, "won", "胜出") \
    X(T_TOUR_W_OUT, "out", "出局") \
    X(T_TOUR_W_PLAYING, "to play", "进行中") \
    X(T_TOUR_W_FILLED, "filled in", "补位") \
    X(T_TOUR_LEFT, "You left the tournament.", "你退出了比赛。") \
    X(T_TOUR_END_LINE, "Tournament over: %s won; you finished %s of %d.", "比赛结束：%s 夺冠；你的名次：%s（共 %d 人）。") \
    /* ddz connect: tournaments (net_tour.c). */ \
    X(T_NT_REGISTERING, "registering", "报名中") \
    X(T_NT_RUNNING, "running", "进行中") \
    X(T_NT_FINISHED, "finished", "已结束") \
    X(T_NT_CANCELLED, "cancelled", "已取消") \
    X(T_NT_START_FULL, "starts when the field is full", "满员即开赛") \
    X(T_NT_START_AT, "starts at %02d:%02d UTC (in %ld min)", "%02d:%02d（UTC）开赛（还有 %ld 分钟）") \
    X(T_NT_EVENTS, "Tournaments", "比赛") \
    X(T_NT_COL_ID, "ID", "编号") \
    X(T_NT_COL_NAME, "Name", "名称") \
    X(T_NT_COL_FIELD, "Field", "人数") \
    X(T_NT_COL_STATE, "State", "状态") \
    X(T_NT_COL_WHEN, "Start, round or winner", "开赛 / 轮次 / 冠军") \
    X(T_NT_NO_EVENTS, "No tournaments on this server yet.", "本服务器暂无比赛。") \
    X(T_NT_WON_BY, "won by %s", "冠军：%s") \
    X(T_NT_LIST_KEYS, "↑↓ Enter follow  j register  r refresh  Esc back  q quit", "↑↓ 回车 关注  j 报名  r 刷新  Esc 返回  q 退出") \
    X(T_NT_EVENT, "Tournament", "比赛") \
    X(T_NT_COMPUTER, "computer", "电脑") \
    X(T_NT_ONLINE, "online", "在线") \
    X(T_NT_OFFLINE, "offline", "离线") \
    X(T_NT_REG_HEAD, "Registration: %d of %d, %s", "报名：%d / %d，%s") \
    X(T_NT_REGISTERED, "You are registered (entrant %d): wait here or in the lobby.", "你已报名（%d 号选手）：可在此或大厅等待。") \
    X(T_NT_NOT_REGISTERED, "j registers you for this event.", "按 j 报名参加。") \
    X(T_NT_RULES, "Rules: %s; %d s per turn", "规则：%s；每步 %d 秒") \
    X(T_NT_KEYS_REG, "j register  Tab lists  ↑↓ scroll  Esc back  q quit", "j 报名  Tab 切换列表  ↑↓ 滚动  Esc 返回  q 退出") \
    X(T_NT_KEYS_REG_IN, "u unregister  Tab lists  ↑↓ scroll  Esc back  q quit", "u 取消报名  Tab 切换列表  ↑↓ 滚动  Esc 返回  q 退出") \
    X(T_NT_KEYS_EVENT, "Tab lists  ↑↓ scroll  Esc back  q quit", "Tab 切换列表  ↑↓ 滚动  Esc 返回  q 退出") \
    X(T_NT_SEED, "Seed: %s", "种子：%s") \
    X(T_NT_WATCHING, "You are following this event.", "你正在关注这场比赛。") \
    X(T_NT_NEXT_GAME, "Next: game %d of %d (the table deals after %d s).", "下一局：第 %d/%d 局（%d 秒后发牌）。") \
    X(T_NT_NEXT_EXTRA, "Next: the extra game (after %d s).", "下一局：加赛（%d 秒后）。") \
    X(T_NT_WAIT_ADVANCED, "Your table is finished and you go on: waiting for the other tables.", "你这桌已打完并晋级，等待其他各桌。") \
    X(T_NT_WAIT_START, "Waiting for the start.", "等待开赛。") \
    X(T_NT_LOADING, "Loading the tournaments...", "正在载入比赛……") \
    X(T_NT_CANCELLED_HEAD, "Cancelled: fewer than three players at the start.", "已取消：开赛时不足三人。") \
    /* ddz connect --plain: tournaments (connect_tour.c). */ \
    X(T_LT_ROUND, "%s: %d players, %d tables, %d byes\n", "%s：%d 人，%d 桌，%d 人轮空\n") \
    X(T_LT_TABLE, "  table %d (room %ld): %s\n", "  第%d桌（房间 %ld）：%s\n") \
    X(T_LT_TABLE_NO_ROOM, "  table %d: %s\n", "  第%d桌：%s\n") \
    X(T_LT_EVENT_ROW, "  [%ld] %s  %d/%d  %s  %s\n", "  [%ld] %s  %d/%d  %s  %s\n") \
    X(T_LT_EVENT, "Tournament %s (%ld): %s, %d of %d registered, %d games per table, rules %s\n", "比赛 %s（%ld）：%s，已报名 %d / %d，每桌 %d 局，规则 %s\n") \
    X(T_LT_YOU_ENTRANT, "You are entrant %d.\n", "你是 %d 号选手。\n") \
    X(T_LT_UNWATCHED, "You no longer follow tournament %ld.\n", "已不再关注比赛 %ld。\n") \
    X(T_LT_SEAT, "You sit at table %d, seat %d (room %ld): game %d of %d.\n", "你在第%d桌 %d 号座位（房间 %ld）：第 %d/%d 局。\n") \
    X(T_LT_TABLE_SO_FAR, "Table %d after %d games: %s\n", "第%d桌已打 %d 局：%s\n") \
    X(T_LT_TABLE_DONE, "Table %d finished: %s -> %s", "第%d桌结束：%s -> %s") \
    X(T_LT_EXTRA, "; extra game %+d %+d %+d", "；加赛 %+d %+d %+d") \
    X(T_LT_LOT, "; still tied: by lot", "；仍打平：抽签") \
    X(T_LT_OUT, "You are out of the event.", "你已被淘汰。") \
    X(T_LT_STANDINGS_FINAL, "Final standings:\n", "最终排名：\n") \
    X(T_LT_STANDINGS, "Standings (the top 3 and you):\n", "排名（前三名和你）：\n") \
    X(T_LT_OVER, "The winner: %s (%ld games). The event's seed: %s\n", "冠军：%s（共 %ld 局）。本赛事种子：%s\n") \
    X(T_LT_NEED_ID, "%s needs a tournament number (events lists them).\n", "%s 需要比赛编号（events 列出所有比赛）。\n") \
    X(T_LT_NONE, "You follow no tournament: events, then follow ID.\n", "你没有关注任何比赛：先 events，再 follow 编号。\n") \
    X(T_LN_HELP, \
      "Lobby and room:\n" \
      "  rooms (l)               the rooms\n" \
      "  create [NAME] [PASS]    a new room (with a password, if given); you sit in it\n" \
      "  join ID [PASS]          sit in room ID;  watch ID [PASS]  watch it\n" \
      "  quick                   quick match: computers fill empty seats after a wait\n" \
      "  ready (r)               ready for the next game;  leave  back to the lobby\n" \
      "  bot [LEVEL]             a computer player (easy, normal, hard, expert);  unbot SEAT\n" \
      "  say TEXT                chat to the room;  top  the leaderboard\n" \
      "  auto                    let the computer play for you (托管), or take over again\n" \
      "Tournaments:\n" \
      "  events                  the tournaments;  follow ID  see one (unfollow: stop)\n" \
      "  register [ID]           enter it;  unregister [ID]  before its start\n" \
      "  standings, tables       the event's standings, the running round's tables\n" \
      "  open NAME:OPTIONS       open one, begin [ID]  start it now (--tour-admin players)\n" \
      "Play (as in ddz play --plain):\n" \
      "  33344, 10JQKA, xd       play these ranks (x/B small joker, d/R big joker)\n" \
      "  p or pass               pass (不要)\n" \
      "  h or hint               next hint; an empty line then plays it\n" \
      "  0 1 2 3, bid N          bid, or 0 for no bid; doubling: 1/y yes, 0/n no\n" \
      "  show                    show your cards (明牌), when the rules allow it\n" \
      "  c or counter            the card counter (记牌器)\n" \
      "  s or status             the table again;  sort  your hand by rank, group size, combination\n" \
      "  ? or help               this help;  q or quit  leave the server\n", \
      "大厅与房间：\n" \
      "  rooms 或 房间            房间列表\n" \
      "  create [名称] [密码]     新开一个房间（给了密码就加上密码），你坐进去；或 创建\n" \
      "  join 房号 [密码]         坐进房间（或 加入）；watch 房号 [密码]：旁观（或 观战）\n" \
      "  quick 或 快速            快速匹配：等一会儿后电脑补空位\n" \
      "  ready 或 准备            准备下一局；leave 或 离开：回大厅\n" \
      "  bot [难度] 或 电脑       加一个电脑玩家（easy、normal、hard、expert）\n" \
      "  unbot 座位 或 移除电脑   请走这个座位的电脑\n" \
      "  say 文字 或 说           在房间里聊天；top 或 排行：排行榜\n" \
      "  auto 或 托管             让电脑替你打（托管），再输入一次收回\n" \
      "比赛：\n" \
      "  events 或 比赛           所有比赛；follow 编号 或 关注：查看一场（取消关注：unfollow）\n" \
      "  register [编号] 或 报名  报名；unregister [编号] 或 退赛：开赛前退出\n" \
      "  standings 或 排名        本场比赛的排名；tables 或 赛桌：本轮的牌桌\n" \
      "  open 名称:选项 或 开设   开设一场比赛；begin [编号] 或 开赛：立即开赛（--tour-admin 玩家）\n" \
      "出牌（同 ddz play --plain）：\n" \
      "  33344、10JQKA、xd        打出这些点数（小王 x/B，大王 d/R）\n" \
      "  p 或 不要                不要\n" \
      "  h 或 提示                下一个提示；再输入空行就打出它\n" \
      "  0 1 2 3、叫 N            叫分，0 不叫；加倍：1/y/是 加倍，0/n/否 不加倍\n" \
      "  show 或 明牌             明牌（规则允许时）\n" \
      "  c 或 记牌器              记牌器\n" \
      "  s 或 牌桌                再显示一次牌桌；sort 或 理牌：手牌按点数、张数、牌型排列\n" \
      "  ? 或 帮助                本帮助；q 或 退出：离开服务器\n") \
    X(T_LN_UNSEEN, "  unseen:", "  未出的牌：") \
    X(T_LN_NEED_ROOM, "! %s needs a room number: %s ID [PASSWORD]\n", "! %s 需要房号：%s 房号 [密码]\n") \
    X(T_LN_HINT_LATER, "! hints come when it is your turn to play\n", "! 轮到你出牌时才有提示\n") \
    X(T_LN_HINT_NONE, "Nothing beats it: pass (p).\n", "没有牌管得住：不要（p）。\n") \
    X(T_LN_HINT, "Hint %d/%d: %s (an empty line plays it)\n", "提示 %d/%d：%s（输入空行就打出它）\n") \
    /* Server refusals (error code, and reason of "illegal"), worded from their arguments. */ \
    X(T_RF_NOT_A_MOVE, "%s is not a move under these rules.", "%s 不是这套规则里的牌型。") \
    X(T_RF_NOT_BEAT, "%s does not beat %s.", "%s 管不住 %s。") \
    X(T_RF_LEAD_PASS, "You lead: you cannot pass.", "你先出牌，不能不要。") \
    X(T_RF_WHOLE_HAND, "Your whole hand %s may be played now: play it all at once.", "你的整手牌 %s 现在可以一次出完，请全部打出。") \
    X(T_RF_MUST_BEAT, "You must beat %s when you can (有出必出): %s does.", "有出必出：你管得住桌上的 %s，比如 %s，不能不要。") \
    X(T_RF_SHORT, "%s is short of its kickers: a trio takes two cards, except as your last cards.", "%s 少带牌：三张要带两张，只有最后一手才能少带。") \
    X(T_RF_BID_VALUES, "You may bid: %s.", "可以叫：%s。") \
    X(T_RF_DOUBLE_VALUES, "You may choose: %s.", "可以选：%s。") \
    X(T_RF_SHOW, "You cannot show your hand (明牌) now.", "现在不能明牌。") \
    X(T_RF_PHASE, "Not possible at this point of the game.", "牌局此时不能这样做。") \
    X(T_RF_RULES, "The rules do not allow that.", "规则不允许这样出。") \
    X(T_RF_NOT_YOUR_TURN, "It is %s's turn.", "现在轮到%s。") \
    X(T_RF_NOT_IN_HAND, "You do not hold %s.", "你没有 %s。") \
    X(T_RF_BAD_CARDS, "Those cards cannot be read.", "无法识别这些牌。") \
    X(T_RF_AMBIGUOUS, "These cards read as several moves: choose one.", "这些牌有几种出法，请选一种。") \
    X(T_RF_NOT_PLAYING, "No game is running.", "现在没有进行中的牌局。") \
    X(T_RF_NOT_SEATED, "Spectators cannot do that.", "观战时不能这样做。") \
    X(T_RF_PLAYING, "Room %ld is playing: watch it, or wait for the game to end.", "房间 %ld 正在游戏中：可以观战，或等这局结束。") \
    X(T_RF_PLAYING_HERE, "Not while a game is running.", "牌局进行中，不能这样做。") \
    X(T_RF_ROOM_FULL, "Room %ld is full.", "房间 %ld 已满。") \
    X(T_RF_SEAT_TAKEN, "Seat %ld of room %ld is taken.", "座位 %ld（房间 %ld）已有人。") \
    X(T_RF_NO_ROOM, "There is no room %ld.", "没有房间 %ld。") \
    X(T_RF_WRONG_PASSWORD, "Wrong password for room %ld.", "房间 %ld 的密码不对。") \
    X(T_RF_NEEDS_PASSWORD, "Room %ld needs a password.", "房间 %ld 需要密码。") \
    X(T_RF_IN_ROOM, "You are in room %ld: leave it first.", "你在房间 %ld 里，请先离开。") \
    X(T_RF_CHAT_RATE, "Slow down: one chat line every 2 seconds.", "说得太快了：每 2 秒一句。") \
    X(T_RF_CHAT_TOO_LONG, "A chat line has 1 to %d printable characters.", "每句聊天须有 1 到 %d 个可显示的字符。") \
    X(T_RF_BAD_NAME, "A name has 1 to %d printable characters.", "名字须有 1 到 %d 个可显示的字符。") \
    X(T_RF_TOO_MANY_ROOMS, "The server cannot open another room now.", "服务器现在不能再开房间。") \
    X(T_RF_BAD_LEVEL, "No such computer level.", "没有这个电脑难度。") \
    X(T_RF_NO_BOT, "No computer player in that seat.", "那个座位上没有电脑。") \
    X(T_RF_BAD_OPTIONS, "A rule option is unknown or malformed.", "规则选项有误。") \
    X(T_RF_STORAGE, "The server cannot reach its database.", "服务器无法读写数据库。") \
    X(T_RF_BAD_TOKEN, "The saved token is unknown to this server: starting as a new player.", "这台服务器不认识保存的令牌：以新玩家身份进入。") \
    X(T_RF_NOT_IN_ROOM, "Join or create a room first.", "请先加入或创建房间。") \
    X(T_RF_OTHER, "Refused (%s): %s", "服务器拒绝（%s）：%s") \
    X(T_RF_OR, " or ", " 或 ") \
    /* Move types, in DdzMoveType order. */ \
    X(T_TYPE_PASS, "pass", "不要") \
    X(T_TYPE_SINGLE, "single", "单张") \
    X(T_TYPE_PAIR, "pair", "对子") \
    X(T_TYPE_TRIO, "trio", "三张") \
    X(T_TYPE_TRIO_SINGLE, "trio + single", "三带一") \
    X(T_TYPE_TRIO_PAIR, "trio + pair", "三带一对") \
    X(T_TYPE_STRAIGHT, "straight", "顺子") \
    X(T_TYPE_PAIR_CHAIN, "pair chain", "连对") \
    X(T_TYPE_PLANE, "plane", "飞机") \
    X(T_TYPE_PLANE_SINGLE, "plane + singles", "飞机带单") \
    X(T_TYPE_PLANE_PAIR, "plane + pairs", "飞机带对") \
    X(T_TYPE_FOUR_TWO, "four + two", "四带二") \
    X(T_TYPE_FOUR_TWO_PAIRS, "four + two pairs", "四带两对") \
    X(T_TYPE_BOMB, "bomb", "炸弹") \
    X(T_TYPE_ROCKET, "rocket", "王炸") \
    X(T_TYPE_SHUTTLE, "shuttle", "航天飞机") \
    X(T_TYPE_SHUTTLE_SINGLE, "shuttle + singles", "航天飞机带单") \
    X(T_TYPE_SHUTTLE_PAIR, "shuttle + pairs", "航天飞机带对") \
    X(T_TYPE_TRIO_SHORT, "trio (last cards)", "三张(尾牌)") \
    X(T_TYPE_TRIO_TWO, "trio + two", "三带二") \
    X(T_TYPE_PLANE_SHORT, "plane (last cards)", "飞机(尾牌)") \
    X(T_TYPE_PLANE_TWO, "plane + two each", "飞机带翅膀") \
    X(T_TYPE_FOUR_WITH, "four + cards", "四带牌")
