"""Rune Works!' refusals in both languages: every reason its rules (moves.py) give for refusing a move,
the pattern that reads the English sentence and the words a player sees.

The table's status line shows these when a move or a drop is refused (ui/scenes/table/log.py); the
reasons every game shares are in cardtable/rules/narration.py. tests/test_refusals.py fails on a reason
the rules give that has no row here. Pure: no pygame.
"""

from __future__ import annotations

from ...rules.narration import Refusal, refusal_words

REFUSALS: tuple[Refusal, ...] = (
    (
        "^Draw first",
        "rw.reason.draw_first",
        "Draw first (or Seek the last discard)",
        "まずドロー（または直前の捨て札をシーク）",
    ),
    (
        "^you have already drawn",
        "rw.reason.drawn",
        "you have already drawn this turn",
        "この手番ではもうドローしました",
    ),
    (
        "^that card is not in your hand",
        "rw.reason.not_in_hand",
        "that card is not in your hand",
        "そのカードは手札にありません",
    ),
    (
        "^those cards are not a meld",
        "rw.reason.no_meld",
        "those cards are not a meld",
        "その組み合わせは役になりません（コールセットは同じ数字3枚以上、エレメンタルシークエンスは同じスートの連番3枚以上、エレメンタルは7が1枚）",
    ),
    (
        "must keep one card in hand",
        "rw.reason.keep_one",
        "a Set or Boost must keep one card in hand to Release",
        "セットやブーストのあとも、リリースする1枚を手札に残す必要があります",
    ),
    (
        "^Boost needs a meld of your own",
        "rw.reason.boost_first",
        "Boost needs a meld of your own on the table first",
        "ブーストにはまず自分の役を場に出す必要があります",
    ),
    (
        "^that card does not extend",
        "rw.reason.no_extend",
        "that card does not extend that meld",
        "そのカードはその役に付けられません",
    ),
    (
        "^Seek needs",
        "rw.reason.seek",
        "Seek needs an Elemental Sequence made with the last discard",
        "シークには直前の捨て札でエレメンタルシークエンスを作る必要があります",
    ),
    (
        "^Call needs",
        "rw.reason.call",
        "Call needs two or more cards of the discarded rank",
        "コールには捨てられた数字のカードが2枚以上必要です（リリース用に1枚残して）",
    ),
    (
        r"^\w+ unlocks at Magician Level (?P<need>\d+) \(this game is Level (?P<level>\d+)\)",
        "rw.reason.unlock",
        "that magic unlocks at Magician Level {need} (this game is Level {level})",
        "その魔術は魔術師レベル{need}から使えます（このゲームはレベル{level}）",
    ),
    (
        "^7s do not form a Call Set",
        "rw.reason.spirits",
        "7s do not form a Call Set in this game",
        "このゲームでは7はコールセットになりません（7は1枚ずつエレメンタル）",
    ),
    (
        "^that discard does not let you",
        "rw.reason.shot",
        "that discard does not let you set everything and Ignite",
        "その捨て札では全部をセットしてイグナイトできません",
    ),
    (
        "^release is not allowed now",
        "rw.reason.one_release",
        "Release one card at a time",
        "リリースは1枚ずつです",
    ),
    (
        "^the second comparison is made from the remaining hand",
        "rw.reason.leady_rest",
        "the second comparison is made from the remaining hand: show another card",
        "2回目の比べ合いは残った手札から行います：別の札を見せてください",
    ),
    (
        r"^\w+ names cards only$",
        "rw.reason.cards_only",
        "that move names cards only",
        "その手ではカードだけを選びます",
    ),
    (
        r"^name each card once, in order: \w+ (?P<codes>.+)$",
        "rw.reason.order",
        "name each card once, in order: {codes}",
        "カードは1枚ずつ、並びの順に選んでください：{codes}",
    ),
    (
        "^boost names one card and a meld",
        "rw.reason.boost_shape",
        "boost names one card and a meld",
        "ブーストではカード1枚と、それを付ける役を選びます",
    ),
)

REASON_WORDS, REASONS = refusal_words(REFUSALS)
