"""The bot ladder: random < heuristic < search, in every game, from rotated paired games.

For every registered game that has winners (the rules-free sandbox has none) at two seats, and Rune
Works and Risugeon also at four (each game's `LADDER_SEATS` below), it plays two matches with
`cardtable.simulate` and `rotate` (every seed once per seat rotation, so seat advantage cancels):

- heuristic against random: the heuristic bot's win rate;
- search against heuristic: the search bot (bots/search.py, at `--budget` engine actions a decision)
  in one seat, the heuristic bot in the others.

Each rate comes with its Wilson 95% interval and the fair share of a seat (1/seats: the rate of a bot
no better than the others); a rung holds when the interval's lower end is above the fair share. The
search bot's decisions are timed in CPU time (mean and 95th percentile ms, process_time, so other
programs on the machine do not inflate them; one core).

Run (from the repo root; the search matches take minutes a game, run it under `nice`):
    python bench/ladder.py                         # a table
    python bench/ladder.py --json                  # one JSON object: <game>_<n>p_search_win_rate ...
    python bench/ladder.py --games sainome,lyabi --seeds 10 --budget 1000

At the issue's budget, 2000 engine actions a decision (28 Nov 2026, 04:14-05:21 UTC, branch
i28-strength4): search vs heuristic, two seats, rotated, as `cardtable simulate GAME --players 2
--games N --bots search,heuristic --bot-budget 2000 --rotate --json` played one seed an invocation
(`--games 1 --seed S` for S = 0..N-1: the very same games, each seed's deal and bots depend on the seed
alone) so that a run stopped at the deadline still counts its seeds; `nice -n 10`, `--jobs 1`, four to
five such runs at once on a 2-core machine at load 10-18, so the ms are loaded CPU figures (p95: the
median of the seeds' p95). The moves are those of main at cfde8f6 and of this branch alike (30
decisions a game hash the same): the branch only makes them cheaper.

Then, 05:29-06:19 UTC on main (the same moves, a little cheaper), the same invocations carried Lyabi and
Sainome on to all 50 seeds (load 2-6, one or two such runs beside 1-3 helpers): the issue's command in
full for these two games:

    game        games  search/heuristic          ms mean  p95   (issue: ci95 low end > 50%)
    lyabi        100   85% [76.7-90.7]  85/100  369   572   met
    sainome      100   76% [66.8-83.3]  76/100  402   508   met

Four seats at budget 400 (`--games G --seats 4 --budget 400`, 05:49-06:05 UTC, load 2-6; rotated, the
fair share of a seat 25%): Rune Works, 10 seeds (40 games): heuristic/random 85% [71-93], search/heuristic
20% [10.5-35] (does not hold: at par at two seats too); Risugeon, 5 seeds (20 games): heuristic/random
100% [84-100], search/heuristic 45% [25.8-65.8] (holds, barely).

The earlier partial table (04:14-05:21):

    game        games  search/heuristic          ms mean  p95   (issue: ci95 low end > 50% at 50 seeds)
    lyabi         42   83% [69-92]  35/42       435   714   passes already at 21 seeds
    sainome       34   76% [60-88]  26/34       500   740   passes already at 17 seeds
    runeworks     60   47% [35-59]  28/60       145   419   at par (27/60 before the evaluation fix)
    risugeon       6   67% [30-90]   4/6        299   424   ~360 search decisions a game: 3 seeds in 50 min
    landperson     2   50% [9-91]    1/2        460   717   one seed in 40 min at that load

Rune Works at par: the search departs from the heuristic in about 4% of its decisions, and the
decision-level measure (`--decisions 16 --every 3`, seeds 0-3, before the fix below; `--decisions 12
--every 4`, seeds 10-13, after it; budget 2000) scores those departures, and the rivals its confidence
bar kept back, at about 0 win share to the end: 8 played, mean -0.008; 62 kept back, mean -0.006. The one clear error it showed, lone 7s set one at a time, was the
evaluation's (a greedy meld cover: fixed); what is left is a heuristic the cut evaluation cannot
improve on, not noise the gate lets through.

Why Rune Works stays at par (issue 28, 28 Nov 2026, 06:40-07:51 UTC, branch i28-rw6; Level 3, the
simulate default: one round, the first to Ignite wins). Every figure below is search vs heuristic,
rotated, from `bench/search_variants.py runeworks --seeds A-B --budget N [variant]` (the very games of
`cardtable simulate runeworks --players 2 --games G --seed A --bots search,heuristic --rotate
--bot-budget N`: seeds 0-2 checked to give the same results), `nice -n 10`, one process a run, three to
five such runs beside 2-4 other helpers' jobs on 2 cores, load 8-19: loaded CPU ms (mean of the games'
means; p95 the median of the games' p95, at budgets 1000 and 2000 the 95th percentile of all decisions). "changed" counts the games whose result differs from the same
deal played heuristic against heuristic (`--heuristic`, the reference), won / lost:

    two seats, budget 400                seeds  search/heuristic          changed  left heur.  ms mean  p95
    main (uniform re-deals)              0-99   96/200 48.0% [41.2-54.9]   +12/-16   4.4%       53   60
    main                                 0-49   47/100 47.0% [37.5-56.7]   +5/-8     4.1%       48   53
    kept-hand re-deals (belief.py: now)  0-49   45/100 45.0% [35.6-54.8]   +5/-10    4.0%       73   82
    playouts to the end (cut="end")      0-49   47/100 47.0% [37.5-56.7]   +3/-6     1.1%       55   64
    kept hands + playouts to the end     0-49   49/100 49.0% [39.4-58.7]   +5/-6     2.4%       63   74
    kept hands + depth 25                0-49   47/100 47.0% [37.5-56.7]   +6/-9     4.8%       63   74
    evaluation SCALE 4 (calibrated)      0-49   45/100 45.0% [35.6-54.8]   +4/-9     4.4%       56   65
    oracle: the true other hand          0-49   56/100 56.0% [46.2-65.3]   +17/-11   10.4%      55   67
    oracle + depth 25                    0-49   62/100 62.0% [52.2-70.9]   +20/-8    8.4%       54   65

    four seats, budget 400 (fair 25%)    0-49   main 47/200 23.5% [18.2-29.8] (+9/-12), 44 ms mean,
                                                50 p95; kept-hand re-deals 46/200 23.0% [17.7-29.3]
                                                (+8/-12), 54 ms, 59 p95

    two seats, budget 1000 (the table's)  0-19  main 21/40 52.5% [37.5-67.1] (+3/-2), 145 ms mean, 192 p95;
                                                kept-hand re-deals 20/40 50.0% [35.2-64.8] (+1/-1), 190, 278
    two seats, budget 2000               0-29   main 28/60 46.7% [35-59] (the table above, 04:14-05:21);
                                                kept-hand re-deals 28/60 46.7% [34.6-59.1] (+3/-5, 4.4%
                                                left), 404 ms mean, 674 p95; oracle + depth 25 (stopped at
                                                35 games, seeds 0-17) 22/35 62.9% [46.3-76.8] (+7/-2), 284 ms

The three diagnostics below (Shots, beliefs, the evaluation's log-loss) were short throwaway scripts over
heuristic-vs-heuristic games (Engine.new, make_bot("heuristic"), reading the true state; not kept).

Variants as run: kept-hand re-deals are this branch's default (`--set
cardtable.games.runeworks.belief.TURNS=0` for main's uniform ones); `--search '{"cut": "end"}'`,
`--search '{"depth": 25}'`, `--set cardtable.games.runeworks.evaluate.SCALE=4.0`, `--oracle`.

What decides the games (heuristic against heuristic, seeds 0-99 rotated, 200 games): 35% end on a Shot,
the rest on an Ignite after a Draw (2 on a Call, 2 on a Seek). In 38 of 39 Shot games (seeds 0-99, one
seating) the discarder had a release the other hand could not Shot (74% of its releases were safe), but
not one it could tell from its view: over 30 kept-hand re-deals of its view, the card that was Shot
looked no riskier than the others (3.9% chance of a Shot against 5.2% for the rest, 17 positions of
seeds 0-59; uniform re-deals: 0.2% and 0.8%). The Shot is the luck of the race, not a danger the search
misses.

What the search believed: uniform re-deals give the other hand a random 7, but a hand that has drawn and
released for a few turns is mostly melds. Its cost to go out (evaluate.hand_cost) at the start of a
turn, true / uniform re-deal / kept-hand re-deal (40 games, 6 re-deals a position): turn 2: 5.6 / 7.5 /
6.1; turn 4: 4.6 / 6.9 / 4.3; turn 6: 3.7 / 6.4 / 3.5; turn 10+: 2.5 / 6.0 / 3.2. The kept-hand re-deal
(games/runeworks/belief.py) matches the truth; the uniform one judged every opponent 2-3.5 cards from
where it was. Fixing that changes the search's moves but not its results (the table).

The evaluation: at the start of a turn the two hands' costs predict the winner only a little. Log-loss
of the evaluation's value against who won (2,052 positions, 150 games, true hands): SCALE 1.5 (ours)
0.730, worse than a coin (0.693); SCALE 4 0.655, the best; SCALE 8 0.664. Calibrated, it still moves no
result (SCALE 4 row).

So: the oracle row is the ceiling of a better belief about the other hand (a search that sees it, the
stock still shuffled: 56%, 62% with playouts of 25 moves), and the view holds little of that
information: the Shot cards look like any other, the kept-hand belief is already as close to the truth
as a hand's cost can tell, and nothing the view shows says which seat released which pool card (the pool
is not attributed: what an opponent's releases and passes reveal would need it, and a view-only bot
keeps no memory between decisions). What is left in Level 3 at two seats is luck the heuristic already
plays well; the search does not lose to it, and does not beat it.

The public record of releases (issue 28, 28 Nov 2026, 09:15-10:50 UTC, branch i28-rwrel). The view now
carries what a person at the table saw: who released each card this round, who passed its claim window
and who drew instead of Seeking it (Rune Works' data `releases`), and the kept-hand re-deal reads it
(games/runeworks/belief.py: no partner of a card the seat released, no pair it passed a Call or drew
past a Seek with, weighed by the turns since; and while its last Release tops the pool, a hand the
heuristic would have released that card from, up to 4 replays; a fifth of the hands read none of it,
MISREAD: the seat may not play as the heuristic does). How close a re-dealt other hand comes to the
true one (`python bench/runeworks_belief.py --seeds 0-79`, two seats, heuristic games, 6 re-deals a
position; "common": true cards in the re-dealt 7; loaded CPU ms a re-deal):

    seat 0's turn   true cost   cost: uniform  kept  record    common: uniform  kept  record
      2                6.14           7.25     6.52  6.55              1.63     1.65  1.71
      4                4.67           6.83     5.01  5.19              1.43     1.56  1.67
      6                3.95           6.41     3.83  3.95              1.44     1.62  1.66
      8                3.25           5.97     3.18  3.53              1.39     1.59  1.71
     10+               2.80           5.64     2.94  3.22              1.49     1.95  2.05
    ms a re-deal: uniform 0.60, kept 1.63, record 2.64 (every hand reading it, MISREAD 0: common
    1.71 1.70 1.72 1.77 2.04, 2.98 ms)

The record puts the hand's cost where it truly is (3.95 at turn 6) and a tenth of a card more of the
true hand into each re-deal, of 7 (a random 7 holds 1.4-1.6): the discards of a hand that keeps its
melds until it goes out say little of which melds it keeps. Search vs heuristic (`bench/search_variants.py
runeworks --seeds A-B --budget 400 --reference REF`, rotated, Level 3, `nice -n 10`, two to four such
runs beside 3-4 other helpers on 2 cores, load 7-10: loaded CPU ms; base = main 6493b4f, kept hands):

    two seats, budget 400             seeds   search/heuristic          changed  ms mean  p95
    base (kept hands)                 0-49    45/100  45.0% [35.6-54.8]  +5/-10   59       103
    record, no last-Release check     0-49    47/100  47.0% [37.5-56.7]  +7/-10   77       135
    record x2, no check               0-49    49/100  49.0% [39.4-58.7]  +7/-8    79       138
    record + check, MISREAD 0         0-49    48/100  48.0% [38.5-57.7]  +6/-8    98       225
    record x2 + check, MISREAD 0      0-49    48/100  48.0% [38.5-57.7]  +8/-10   100      218
    base                              0-149   142/300 47.3% [41.8-53.0]  +17/-25  59-74    103-125
    record + check, MISREAD 0         0-149   149/300 49.7% [44.0-55.3]  +18/-19  98-112   214-225
    record + check, MISREAD 0.2 (now) 0-49    48/100  48.0% [38.5-57.7]  +5/-7    93       191
                                      50-99   51/100  51.0% [41.3-60.6]  +7/-6    94       191
                                      100-149 57/100  57.0% [47.2-66.3]  +11/-4   98       195
                                      0-149   156/300 52.0% [46.4-57.6]  +23/-17  93-98    191-195
      paired on the deal, against the base: MISREAD 0 won 19 games the base lost and lost 12 it won
      (sign test p 0.28); now 22 and 8 (p 0.016, but the second of two variants tried on these seeds)

    four seats, budget 400 (fair 25%), seeds 0-49: record + check (MISREAD 0) 47.5/200 23.8% [18.4-30.1]
    (+9/-11), 70 ms mean, 135 p95; without the check 44/200 22.0% [16.8-28.2] (+6/-12), 60, 108; the
    base (kept hands, the table above) 46/200 23.0%; now (MISREAD 0.2)
    48/200 24.0% [18.6-30.4] (+8/-10), 63 ms mean, 128-134 p95
    the table's budget (session.STRONG_BUDGET 1000), two seats, seeds 0-9: base 10/20, 201 ms mean, 286
    p95; record + check, MISREAD 0: 11/20, 296, 531; now 13/20, 258 ms mean, 493 p95: under the 1 s the
    table allows, loaded

So the record is right (a public fact the view should carry, and the belief now reads it: hands that
cost what the true ones cost), and it lifts the search a little but not clear of the heuristic: 52.0%
[46.4-57.6] over 300 games, the interval's low end under 50%, where the oracle that sees the other hand
made 56% on 0-49. Paired on the deal it beats the kept-hand base (22 games gained, 8 lost), yet the
same belief reading every hand did not (19, 12): take the lift as likely, its size as unknown. What
the record cannot give is the other hand's melds themselves, which the discards of a player that holds
its melds until it goes out do not tell (a tenth of a card more of the true hand a re-deal). It costs
the search about half again a decision (the last-Release check most of it: `belief.TRIES = 1` turns it
off, `belief.RECORD = 0` the record, `belief.MISREAD` the share of hands that ignore both).

Land & Person's deck construction (issue 28, 28 Nov 2026, 09:15-10:35 UTC, branch i28-lpdeck). After
i28-lp's better heuristic the search lost to it 0/20 there (seeds 0-9, budget 400; 10/20 before it).
That mode is a draw race: 20 of 20 heuristic-vs-heuristic games ended by a deck-out with 4-5 of 5
lands standing, and in 30 the race at the first move (`landperson/evaluate.race`: a seat's deck against
the other's, the seat next to draw at income losing a tie) named the winner 26 times; each of the other
4 turned on the heuristic's release at income (a wanderer discarded to draw). The decision-level
measure (`--decisions 6 --every 3 --seeds 2 --budget 400 --params '{"mode": "deck"}'`, seed 0, stopped
after 36 rows) showed why the search lost: it hunted where the heuristic took a person from the discard
with its Strategist (+0.12 at the cut, standard error 0.001, so no bar holds it back; to the end -1.0,
twice), and recruited where the heuristic used or repaired: its cut evaluation counted a drawn card
recruited as a gain and never saw the deck-out a hundred moves on. The evaluation now adds the race
(RACE_WORTH 3 a seat, tanh of the lead in cards): the search keeps to the heuristic's draws, and at
income it declines the 4 race-losing releases the heuristic made (seeds 4, 8, 16, 29: the search's
norelease by +0.28 to +0.57 at the cut). Shared-deck mode is untouched (the race is read in deck
construction only: 30 shared-mode search decisions at budget 400 hash the same on main and here, so
its 19/22 stands). All rows `bench/search_variants.py landperson --seeds A-B --budget N [variant]
--reference ref.jsonl` (simulate's own games: default params, deck construction; the reference is
`--heuristic`, seeds 0-19, 20/40), `nice -n 10`, two to four such runs beside other helpers' on 2
cores, load 8-12: loaded CPU ms (ms mean: over all decisions; p95: the runs' own, one a 5-seed run).
The race rows ran at the branch's first commit; the one after it (a Scout's look counted in the deck)
leaves 30 deck-mode search decisions hashing the same.

    deck construction, budget 400          seeds  search/heuristic          changed  ms mean  p95
    main (i28-lp's figure)                 0-9    0/20   0% [0-16]           -
    depth 30 (killed early)                0      0/2                        +0/-1    99
    margin 0.08 (killed early)             0      0/2                        +0/-1    96
    the race (now)                         0-19   22/40 55.0% [39.8-69.3]    +4/-2    107   164-181
      of which                             0-9    10/20 50.0% [29.9-70.1]    +2/-2    107   164-169
    budget 1000 (STRONG_BUDGET)            0      1/2                        +0/-0    278   429
    cut="end", budget 400 / 1000           12 decisions of seed 0 (a heuristic game, every 20th):
                                           12/12 the heuristic's move, 270 / 509 ms mean, 370 / 622 max

Playouts to the end (`cut="end"`) cost a whole game's tail (~300-900 engine actions) a playout: the
budget buys one or two per move, the confidence bar (no spread from one playout) keeps the heuristic's
move every time, so it is the heuristic at half a second a move: not kept. A deeper cut and a margin
each lost the one game the heuristic wins (stopped there, to give the race the CPU). Where the search
still loses what the heuristic wins (seed 4, the search second): behind in the race, it declined the
attacks the heuristic makes when racing (16 times attack -> noattack); those battles leave the other
seat's persons wandering, and its release at income turns the race. A cut evaluation does not see that
the persons an attack risks are worth nothing in a race already lost: the next step.

That next step, tried (issue 28, 28 Nov 2026, 11:45-12:50 UTC, branch i28-lprace), and not kept: no
candidate changed a single result. What the deck race is, from 30 heuristic games (seeds 0-29,
simulate's bot seeds; short throwaway scripts reading the true state, not kept): the seat ahead in the
race after move 20 won 26; every one of the 4 others turned on a release at income by the seat ahead;
no game saw a capture (0 spoils in all 30); 1,090 lands fell, 36 a game, and 1,067 were repaired the
next turn, a repair sending one person wandering, which the return phase brings back: the seat
ahead releases (and loses the race) only when it holds two wanderers after its return phase (9
releases in 30 games). Because the deal names the winner, the screen plays only the games the seat
lost in the heuristic reference (`--lost-only`: the trailing seat, where a change can gain), seeds
21-31, budget 400, rotated, `nice -n 10`, three runs at once beside 3-4 other helpers' jobs, load 7-8:

    deck construction, trailing seat only         games  search wins        ms mean (games' means)
    main (the race)                                11     2  (seeds 27, 29)  99-122
    persons and hand x (1 + tanh(lead)):           10     2  (27, 29)        96-127
      MATERIAL_RACE 1 (behind: worth less)
    wanderers as draws to come: 0.5 a wanderer     11     2  (27, 29)        98-127
      past the first, read into the race
    a longer cut, `--search '{"depth": 20}'`       11     3  (27, 29, 31)    86-133, p95 180
    a longer cut, `--search '{"depth": 40}'`       11     4  (21, 25, 27, 29) 99-131, p95 184

    python bench/search_variants.py landperson --seeds 21-32 --budget 400 --reference ref.jsonl \
        --lost-only --set cardtable.games.landperson.evaluate.MATERIAL_RACE=1.0   (WANDER_DRAW=0.5)
    (ref.jsonl: `--heuristic --seeds 0-59`, 60/120; the two constants were a trial edit of evaluate.py,
    removed again: material scaled by the race, and each seat's deck less 0.5 a wanderer past its first)

Game by game the three runs won and lost the same games: the search's moves changed (its departures
from the heuristic 18-67 a game in all three) but not one result. Why a cut evaluation finds no lever
here: from the trailing seat's decisions of a heuristic game (seed 21, every third decision while behind,
each other legal move played on the true state and then by heuristic bots to the end, two continuations,
stopped after 15 minutes),
moves that turn the lost game into a win exist early and of every kind (moves 18-33: attack for
noattack, Commerce for a specialty, another recruit; move 108, move 150), and none of them is a better
position a few moves on, nor a better move from the seat's view: played instead on 8 re-deals of that
view (the search's own belief, game.determinize), those 7 moves won 27 of 56 continuations against the
heuristic's 26. The deck-out comes a long chain of repairs, recalls and releases later, which the
hidden deck orders decide: at move 40 of seeds 0-9 the race leader won 8 of the 10 true games and 47 of
60 continuations on re-deals of the mover's view (so the belief is calibrated), but position by
position the re-deals gave the true winner 2-6 of 6. From its view the trailing seat wins about one
game in five whatever it plays; what a move can add to that is below what these samples can show. The third candidate, a longer cut near the
deck-out, was run only as a longer cut everywhere (SearchBot's `depth`, 13:00-13:15 UTC, the same
trailing games): depth 40 won 4 of 11, the two more (seeds 21, 25) games main lost, and lost none main
won; depth 20 won 3. A lead, not a result: 2 games to 0 (sign test p 0.5), and the games the search
leads, where a longer cut with fewer playouts may lose what main keeps, were not played. Next: depth
40 on whole rotated runs (both seats, 50+ seeds), then in shared-deck mode (19/22 to keep), and if it
holds, the depth as the game's (Game.search_depth, a class attribute every mode shares) or a per-view
depth the game passes to the search (game-free).
Not met: the interval's low end above 50% in deck construction (55.0% [39.8-69.3] at seeds 0-19 stands).

The longer cut on whole games (issue 28, 28 Nov 2026, 13:27-13:56 UTC, branch i28-lpdepth): depth 40
against main's 10, deck construction, budget 400, rotated, the very games of `cardtable simulate
landperson --players 2 --games N --bots search,heuristic --bot-budget 400 --rotate` (search_variants.py,
one seed an invocation, depth 40 and main alternating seed by seed on a frozen copy of main), one run at
a time under `nice -n 10` beside the lead's, load 1-3: loaded CPU ms (mean over the decisions; p95 the
median of the seeds' own). Seeds 21-31 complete i28-lprace's trailing-seat games (above, 13:00-13:15
UTC, the same code) with the seats the heuristic reference won (`--lost-only` against the reference's
shares inverted), so each seed is played in both seats:

    deck construction, budget 400      seeds   depth 40                main (depth 10)        paired
    whole rotated games                0-4     6/10  60.0% [31.3-83.2] 5/10  50.0% [23.7-76.3] +1/-0 (seed 4)
      ms mean, p95                             94, 148                 87, 150
    the seats the heuristic won        21-31   10/11 (lost 27)         11/11                  +0/-1
      ms mean, p95                             84, 135                 79, 128
    the seats it lost (i28-lprace)     21-31   4/11                    2/11                   +2/-0 (21, 25)
    all (seeds 0-4, 21-31)             32      20/32 62.5% [45.3-77.1] 18/32 56.2% [39.3-71.8] +3/-1

At the table's budget (STRONG_BUDGET 1000, no time cap) on every 30th decision of two heuristic
games (seeds 0-1, deck construction, 64 decisions, the same ones at both depths, load 1): depth 40
173 ms mean, 229 p95, 265 max; depth 10 175, 257, 281: well under the table's 1 s cap.
Depth 40 is Land & Person's own depth in deck construction now (`Game.search_depth_for(params)`, a
game-free hook the search reads from the view's params; evaluate.DECK_SEARCH_DEPTH), and shared-deck mode
keeps 10, so its moves, and its 19/22, are main's by construction (tests/test_landperson_bot_search.py
holds both depths). Not a proven gain: +3/-1 is a sign test's p 0.63, and seeds 5-20 were not played for
want of time; the cut at 40 costs 6-8% more CPU a decision at budget 400. Next: seeds 5-50 rotated, both
depths, to settle it.

Measured 28 Nov 2026, 02:17-02:43 UTC, branch i28-strength3, budget 400 (not the 2000 the issue asks:
2000 costs ~1 h of one core a game at 50 seeds), two seats, one invocation a game (`--games G --seeds N
--budget 400 --seats 2`), seeds 0..N-1, each played in both seat orders; a loaded machine (2 cores,
load 4-6), so the CPU ms are loaded figures. "before" is the same seeds with the search of main at
cfc2743 (before the glance cut, the Bonferroni bar, the Risugeon evaluation and the cheaper playouts):

    game        games  heuristic/random   search/heuristic          before           ms mean  p95  (before mean)
    runeworks     80   95% [88-98]        45% [35-56]  36/80        36% [27-47]      30   85    (24)
    sainome       20   100% [84-100]      65% [43-82]  13/20        75% [53-89]     112  166   (103)
    lyabi         20   100% [84-100]      70% [48-85]  14/20        75% [53-89]      76  139   (113)
    risugeon      12   100% [76-100]      67% [39-86]   8/12         0% [0-24]       47   75    (65)
    landperson     8   100% [68-100]      50% [22-78]   4/8         38% [14-69]      84  133    (96)
    sevenbridge    8   100% [68-100]      50% [22-78]   4/8           -              88  208
    littlekingdom  4   100% [51-100]      50% [15-85]   2/4           -             119  231

Where search does not beat the heuristic: no interval's lower end is above 50% at these sample sizes
(20 games decide nothing; 50+ seeds a game are needed). Rune Works is at par: its heuristic holds
melds on purpose and the search's deviations (which card to Release) judged by paired heuristic games
to the end gain nothing measurable; the cut evaluation (cards from going out) is what the heuristic
already optimises. Lyabi as data (lyabi_data) is not in the table: the search crashed there, a re-deal
after the blind circle pick putting a card that is not a circle into the other seat's circles
(KeyError in its initial_cards hook), a data-game re-deal bug, not the search's; fixed since (the
setup's split is a move every seat knows: tests/test_datagame_lyabi.py), not measured here yet.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from cardtable.bots import bot_factories, make_bot
from cardtable.bots.search import DEFAULT_BUDGET, SearchBot
from cardtable.games import all_games, entry_for
from cardtable.rules.engine import Engine
from cardtable.rules.rng import Rng
from cardtable.simulate import simulate

LADDER_SEATS = {"runeworks": (2, 4), "risugeon": (2, 4)}  # seat counts beyond two that the issue asks


def rung(game: str, seats: int, bots: list[str], seeds: int, seed: int, budget: int) -> dict[str, Any]:
    """One match with rotation: the first bot's win rate, interval and decision times."""
    report = simulate(game, seats, seeds, seed, bots=bots, rotate=True, budget=budget).to_dict()
    row = report["bots"][bots[0]]
    timing = report["decision_ms"].get(bots[0], {"mean_ms": 0.0, "p95_ms": 0.0})
    return {
        "win_rate": round(row["win_rate"], 4),
        "ci95": [round(x, 4) for x in row["ci95"]],
        "seat_games": row["seat_games"],
        "fair_share": round(1 / seats, 4),
        "holds": row["ci95"][0] > 1 / seats,
        "decision_mean_ms": round(timing["mean_ms"], 2),
        "decision_p95_ms": round(timing["p95_ms"], 2),
    }


def _to_end(engine: Engine, gid: str, seed: int) -> None:
    """Heuristic bots (seeded from `seed`) play `engine`'s game to its end."""
    bots = [make_bot("heuristic", gid, seed * 31 + seat) for seat in range(engine.state.seats)]
    while not engine.is_over():
        seat = engine.deciding_seats()[0]
        engine.apply(bots[seat].choose(engine.view(seat)))


def decisions(
    gid: str,
    seeds: int,
    seed: int,
    budget: int,
    every: int,
    continuations: int,
    params: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The decision-level measure: at every `every`-th decision with a choice in heuristic-vs-heuristic
    games at two seats, the search bot's move against the heuristic's. Where they differ, both moves
    are played on the same `continuations` re-deals of the deciding seat's view, each to the end of the
    game by heuristic bots with the same seeds (paired: the two moves differ by the move, not the luck),
    and the search's move is scored by its lead in win share. A move the search gets wrong shows as a
    negative lead; the rows say which kinds of move (heuristic's -> search's) gain and which lose.
    `params` are the game's options (default: its last registered variant)."""
    game = all_games()[gid]
    variant = dict(entry_for(gid).variants[-1]) if params is None else dict(params)
    asked = differ = 0
    rows: list[dict[str, Any]] = []
    for game_seed in range(seed, seed + seeds):
        engine = Engine.new(game, 2, game_seed, variant)
        players = [make_bot("heuristic", gid, 1000 + game_seed * 2 + seat) for seat in range(2)]
        made = 0
        while not engine.is_over():
            seat = engine.deciding_seats()[0]
            view = engine.view(seat)
            usual = players[seat].choose(view)
            if len(view.legal) > 1 and made % every == every - 1:
                asked += 1
                bot = SearchBot(Rng(game_seed * 1000 + made), budget=budget)
                searched = bot.choose(view)
                rival = bot.last.rival
                # a move the search played over the heuristic's, or one it found better but kept back
                # (its lead not clear of the confidence bar): both are scored the same way
                tried = searched if searched != usual else rival
                if tried is not None and tried != usual:
                    differ += searched != usual
                    leads = []
                    for k in range(continuations):
                        shares = []
                        for move in (tried, usual):
                            state = game.determinize(view, Rng(k))
                            ahead = Engine(game, state)
                            ahead.apply(move)
                            _to_end(ahead, gid, k)
                            winners = ahead.state.winners
                            shares.append(1.0 / len(winners) if seat in winners else 0.0)
                        leads.append(shares[0] - shares[1])
                    mean = sum(leads) / len(leads)
                    gap = bot.last.gap or (0.0, 0.0)
                    rows.append(
                        {
                            "seed": game_seed,
                            "move": made,
                            "played": searched != usual,
                            "heuristic": engine.describe(usual),
                            "search": engine.describe(tried),
                            "kinds": f"{usual.kind}->{tried.kind}",
                            "gap": [round(gap[0], 4), round(gap[1], 4)],
                            "lead": round(mean, 3),
                        }
                    )
                    print(
                        f"  {gid} seed {game_seed} move {made}: {'played' if searched != usual else 'kept'} "
                        f"{rows[-1]['kinds']} {rows[-1]['heuristic']} -> {rows[-1]['search']}: "
                        f"search gap {gap[0]:+.3f} se {gap[1]:.3f}; lead to the end {mean:+.3f}",
                        file=sys.stderr,
                        flush=True,
                    )
            engine.apply(usual)
            made += 1
    out: dict[str, Any] = {f"{gid}_decisions_asked": asked, f"{gid}_decisions_played": differ}
    for label, wanted in (("played", True), ("kept", False)):
        chosen = [row for row in rows if row["played"] is wanted]
        kinds: dict[str, list[float]] = {}
        for row in chosen:
            kinds.setdefault(row["kinds"], []).append(row["lead"])
        leads = [row["lead"] for row in chosen]
        out[f"{gid}_decisions_{label}_count"] = len(chosen)
        out[f"{gid}_decisions_{label}_mean_lead"] = round(sum(leads) / len(leads), 4) if leads else None
        out[f"{gid}_decisions_{label}_by_kind"] = {
            k: [len(v), round(sum(v) / len(v), 3)] for k, v in sorted(kinds.items())
        }
    out[f"{gid}_decisions_rows"] = rows
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument(
        "--games", default="", help="comma-separated game ids (default: every game with winners)"
    )
    parser.add_argument("--seeds", type=int, default=20, help="seeds a match (each played once per rotation)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="search engine actions a decision")
    parser.add_argument("--seats", default="", help="only these seat counts, comma separated (e.g. 2)")
    parser.add_argument(
        "--decisions",
        type=int,
        default=0,
        metavar="K",
        help="instead of matches, the decision-level measure with K paired continuations a move that differs",
    )
    parser.add_argument("--every", type=int, default=5, help="with --decisions: search every Nth decision")
    parser.add_argument(
        "--params", default="", help="with --decisions: the game options as JSON (default: its last variant)"
    )
    args = parser.parse_args(argv)
    games = all_games()
    wanted = [g for g in args.games.split(",") if g] or [
        gid for gid, game in games.items() if "heuristic" in bot_factories(gid) and not game.plays_any_set
    ]
    unknown = [g for g in wanted if g not in games]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (known: {', '.join(games)})")
    if args.decisions:
        found: dict[str, Any] = {"budget": args.budget, "seeds": args.seeds, "continuations": args.decisions}
        for gid in wanted:
            params = json.loads(args.params) if args.params else None
            found.update(
                decisions(gid, args.seeds, args.seed, args.budget, args.every, args.decisions, params)
            )
        print(json.dumps(found))
        return 0
    only = {int(s) for s in args.seats.split(",") if s}
    out: dict[str, Any] = {"budget": args.budget, "seeds": args.seeds, "rotate": True}
    lines = []
    for gid in wanted:
        for seats in LADDER_SEATS.get(gid, (2,)):
            if only and seats not in only:
                continue
            key = f"{gid}_{seats}p"
            heuristic = rung(gid, seats, ["heuristic", "random"], args.seeds, args.seed, args.budget)
            search = rung(gid, seats, ["search", "heuristic"], args.seeds, args.seed, args.budget)
            for name, row in (("heuristic_vs_random", heuristic), ("search_vs_heuristic", search)):
                for field, value in row.items():
                    out[f"{key}_{name}_{field}"] = value
            lines.append(
                f"{key:<14} heuristic/random {heuristic['win_rate']:>6.1%} "
                f"[{heuristic['ci95'][0]:.1%}-{heuristic['ci95'][1]:.1%}]   search/heuristic "
                f"{search['win_rate']:>6.1%} [{search['ci95'][0]:.1%}-{search['ci95'][1]:.1%}] "
                f"of {search['seat_games']} (fair {search['fair_share']:.0%})   "
                f"{search['decision_mean_ms']:.0f} ms mean, {search['decision_p95_ms']:.0f} ms p95"
            )
            if not args.json:
                print(lines[-1], flush=True)
    if args.json:
        print(json.dumps(out))
    else:
        print(f"budget {args.budget} engine actions a decision; CPU ms a decision", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
