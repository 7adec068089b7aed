"""Land & Person's refusals in Japanese: every reason its rules (moves.py) give for refusing a move, the
pattern that reads the English sentence and the words a player sees, in both languages.

The table's status line shows these when a move or a drop is refused (ui/scenes/table/log.py); the
reasons every game shares (a move's shape, a card's lowest copy, whose turn it is) are in
cardtable/rules/narration.py. The Japanese uses the rulebook's own terms: 登用, 未行動, 放浪, 帰還フェイズ,
内政フェイズ, 迎撃, 籠城, 戦果. tests/test_landperson.py fails on any reason the rules can give that has
no row here. Pure: no pygame.
"""

from __future__ import annotations

from ...rules.narration import Refusal, refusal_words

_N = r"(?P<n>\d+)"

REFUSALS: tuple[Refusal, ...] = (
    # anywhere
    (
        r"^finish what you started first",
        "lp.reason.task",
        "finish what you started first (add persons, then done)",
        "まず始めたことを終えてください（人物を出して実行）",
    ),
    (
        r"^that card is not in your hand$",
        "lp.reason.not_in_hand",
        "that card is not in your hand",
        "そのカードは手札にありません",
    ),
    # the shared deck's first persons (setup)
    (
        r"^the first person is chosen at setup$",
        "lp.reason.first_setup",
        "the first person is chosen at setup",
        "最初の人物はセットアップで選びます",
    ),
    (
        r"^you have chosen your first person$",
        "lp.reason.first_chosen",
        "you have chosen your first person",
        "最初の人物はもう選んであります",
    ),
    (
        rf"^the first person costs {_N} or less$",
        "lp.reason.first_cost",
        "the first person costs {n} or less",
        "最初の人物はコスト{n}以下の人物です",
    ),
    (
        r"^not choosing a first person now$",
        "lp.reason.nofirst_now",
        "not choosing a first person now",
        "今は最初の人物を選ぶときではありません",
    ),
    (
        rf"^you hold a person of cost {_N} or less",
        "lp.reason.nofirst_hold",
        "you hold a person of cost {n} or less: lay one as your first person",
        "手札にコスト{n}以下の人物がいます：1枚を最初の人物として伏せてください",
    ),
    (
        r"^you have already declined$",
        "lp.reason.nofirst_again",
        "you have already declined",
        "「最初の人物なし」はもう選んであります",
    ),
    (
        r"^cards are put back only at setup$",
        "lp.reason.putback_setup",
        "cards are put back only at setup",
        "山札に戻すのはセットアップのときだけです",
    ),
    (
        r"^choose your first person first$",
        "lp.reason.putback_first",
        "choose your first person first",
        "先に最初の人物を選んでください",
    ),
    (rf"^you keep {_N} cards$", "lp.reason.putback_keep", "you keep {n} cards", "手札は{n}枚残します"),
    # return and income phases
    (
        r"^persons return in the return phase$",
        "lp.reason.recall_phase",
        "persons return in the return phase",
        "人物が場に戻るのは帰還フェイズです",
    ),
    (
        r"^that person is not wandering$",
        "lp.reason.not_wandering",
        "that person is not wandering",
        "その人物は放浪していません",
    ),
    (
        r"^not in the return phase$",
        "lp.reason.not_return",
        "not in the return phase",
        "帰還フェイズではありません",
    ),
    (
        r"^a wanderer is discarded to draw",
        "lp.reason.wanderer",
        "a wanderer is discarded to draw in the income phase",
        "放浪中の人物は収入フェイズに捨てて引きます",
    ),
    (
        r"^not in the income phase$",
        "lp.reason.not_income",
        "not in the income phase",
        "収入フェイズではありません",
    ),
    # the domestic phase
    (
        r"^that is done in the domestic phase$",
        "lp.reason.domestic",
        "that is done in the domestic phase",
        "それは内政フェイズに行います",
    ),
    (
        rf"^recruiting it costs {_N} other cards",
        "lp.reason.recruit_cost",
        "recruiting it costs {n} other cards from your hand",
        "登用には他の手札{n}枚が必要です",
    ),
    (
        rf"^recruiting it needs ready persons with {_N} intelligence$",
        "lp.reason.recruit_int",
        "recruiting it needs ready persons with {n} intelligence",
        "登用には智力の合計が{n}になる未行動の人物が必要です",
    ),
    (
        r"^there is no current land$",
        "lp.reason.no_land",
        "there is no current land",
        "現在の土地がありません",
    ),
    (
        r"^you have no ready person$",
        "lp.reason.no_ready",
        "you have no ready person",
        "未行動の人物がいません",
    ),
    (
        r"^your ready persons have (?P<have>\d+) intelligence, the land asks (?P<cost>\d+)",
        "lp.reason.below_commerce",
        "your ready persons have {have} intelligence, the land asks {cost}",
        "未行動の人物の智力の合計は{have}、商業コストは{cost}です（足りないと行えません）",
    ),
    (
        r"^your ready persons have (?P<have>\d+) attack, the land asks (?P<cost>\d+)",
        "lp.reason.below_hunt",
        "your ready persons have {have} attack, the land asks {cost}",
        "未行動の人物の攻撃力の合計は{have}、狩猟コストは{cost}です（足りないと行えません）",
    ),
    (
        r"^the shared-deck rules have no repair$",
        "lp.reason.no_repair",
        "the shared-deck rules have no repair",
        "山札共有対戦には土地の修復がありません",
    ),
    (
        r"^that land is not one of your destroyed lands$",
        "lp.reason.not_ruin",
        "that land is not one of your destroyed lands",
        "その土地はあなたの破壊された土地ではありません",
    ),
    (
        r"^your persons have (?P<have>\d+) intelligence, the repair asks (?P<cost>\d+)$",
        "lp.reason.below_repair",
        "your persons have {have} intelligence, the repair asks {cost}",
        "人物の智力の合計は{have}、修復コストは{cost}です（足りないと修復できません）",
    ),
    (
        r"^that person is not on your field$",
        "lp.reason.not_on_field",
        "that person is not on your field",
        "その人物はあなたの場にいません",
    ),
    (
        r"^that person has no specialty to use$",
        "lp.reason.no_specialty",
        "that person has no specialty to use",
        "その人物には使える得意能力がありません",
    ),
    (
        r"^only a ready person acts$",
        "lp.reason.ready",
        "only a ready person acts",
        "行動できるのは未行動の人物だけです",
    ),
    (r"^the deck is empty$", "lp.reason.deck_empty", "the deck is empty", "山札がありません"),
    (
        r"^the discard pile is empty$",
        "lp.reason.pile_empty",
        "the discard pile is empty",
        "捨て札がありません",
    ),
    # a Scout's look, a Strategist's pick
    (
        r"^nothing is being looked at$",
        "lp.reason.no_peek",
        "nothing is being looked at",
        "今は見ているカードがありません",
    ),
    (
        r"^that card is not among those you look at$",
        "lp.reason.not_peeked",
        "that card is not among those you look at",
        "そのカードは見ているカードの中にありません",
    ),
    (
        r"^nothing is being taken from the discard pile$",
        "lp.reason.no_take",
        "nothing is being taken from the discard pile",
        "今は捨て札から取るときではありません",
    ),
    (
        r"^that card is not in the discard pile$",
        "lp.reason.not_in_pile",
        "that card is not in the discard pile",
        "そのカードは捨て札にありません",
    ),
    # tasks: persons gathered, a recruitment paid
    (
        r"^no task is gathering persons$",
        "lp.reason.no_task",
        "no task is gathering persons",
        "今は人物を出すときではありません",
    ),
    (
        r"^that person has joined already$",
        "lp.reason.joined",
        "that person has joined already",
        "その人物はもう出ています",
    ),
    (
        r"^that person cannot take part",
        "lp.reason.cannot_join",
        "that person cannot take part",
        "その人物は参加できません（自分の場にいて行動できる人物だけ）",
    ),
    (
        r"^an attack needs at least one person$",
        "lp.reason.attack_alone",
        "an attack needs at least one person",
        "攻撃には人物が1枚以上必要です",
    ),
    (
        r"^an intercept needs at least one person$",
        "lp.reason.intercept_alone",
        "an intercept needs at least one person",
        "迎撃には人物が1枚以上必要です",
    ),
    (
        r"^send at least one person$",
        "lp.reason.send_one",
        "send at least one person",
        "人物を1枚以上出してください",
    ),
    (
        r"^the persons gathered bring (?P<have>\d+), (?P<need>\d+) is needed",
        "lp.reason.gathered",
        "the persons gathered bring {have}, {need} is needed (no carry-over)",
        "出した人物の合計は{have}、必要なのは{need}です（持ち越しはできません）",
    ),
    (
        r"^nothing is being paid with cards$",
        "lp.reason.no_pay",
        "nothing is being paid with cards",
        "今は手札で支払うときではありません",
    ),
    # the battle phase
    (
        r"^attacks are declared in the battle phase$",
        "lp.reason.attack_phase",
        "attacks are declared in the battle phase",
        "攻撃は戦闘フェイズに宣言します",
    ),
    (
        r"^no more attacks this turn$",
        "lp.reason.attacked",
        "no more attacks this turn",
        "このターンはもう攻撃できません",
    ),
    (
        r"^you have no ready person who can attack$",
        "lp.reason.no_attacker",
        "you have no ready person who can attack",
        "攻撃できる未行動の人物がいません",
    ),
    (
        r"^not in the battle phase$",
        "lp.reason.not_battle",
        "not in the battle phase",
        "戦闘フェイズではありません",
    ),
    (
        r"^only a defender intercepts$",
        "lp.reason.intercept_who",
        "only a defender intercepts",
        "迎撃するのは防御側だけです",
    ),
    (
        r"^you have no ready person who can defend",
        "lp.reason.no_defender",
        "you have no ready person who can defend: hold a siege",
        "迎撃できる未行動の人物がいません：籠城してください",
    ),
    (
        r"^only a defender holds a siege$",
        "lp.reason.siege_who",
        "only a defender holds a siege",
        "籠城するのは防御側だけです",
    ),
    (
        r"^nothing is being captured$",
        "lp.reason.no_capture",
        "nothing is being captured",
        "今は戦果を得るときではありません",
    ),
    (
        r"^that person did not lose this fight$",
        "lp.reason.not_loser",
        "that person did not lose this fight",
        "その人物はこの戦闘で負けていません",
    ),
    # the end phase
    (
        r"^cards are discarded down to the limit in the end phase$",
        "lp.reason.discard_phase",
        "cards are discarded down to the limit in the end phase",
        "手札を上限まで捨てるのは終了フェイズです",
    ),
)

REASON_WORDS, REASONS = refusal_words(REFUSALS)
