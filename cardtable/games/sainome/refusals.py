"""Sainome's refusals in both languages: every reason its rules (moves.py, the duel host) give for
refusing a move, the pattern that reads the English sentence and the words a player sees.

The table's status line shows these when a move or a drop is refused (ui/scenes/table/log.py); the
reasons every game shares are in cardtable/rules/narration.py. tests/test_refusals.py fails on a reason
the rules give that has no row here. Pure: no pygame.
"""

from __future__ import annotations

from ...rules.narration import Refusal, refusal_words

REFUSALS: tuple[Refusal, ...] = (
    (
        r"cannot be set on the \w+ slot: its face (?P<face>\d+) is not among its links (?P<links>[\d, ]+)$",
        "sn.reason.links",
        "the slot's face {face} is not among the card's links {links}",
        "目{face}はこのカードのリンク（{links}）にありません",
    ),
    ("slot is taken$", "sn.reason.taken", "that slot is taken", "そのスロットには装備があります"),
    (
        "has no link symbols",
        "sn.reason.no_links",
        "that card has no link symbols",
        "そのカードにはリンクシンボルがないので装備できません",
    ),
    (
        "^cards are set only at",
        "sn.reason.set_when",
        "cards are set only at the first setup and in an equipment change",
        "装備できるのはファーストセットアップと装備変更のときだけです",
    ),
    (
        "^cards are discarded in the trash phase",
        "sn.reason.trash_phase",
        "cards are discarded in the trash phase",
        "カードを捨てるのはトラッシュフェイズです：先にアクションフェイズを終えてください（E）",
    ),
    (
        "action was already taken this action phase",
        "sn.reason.used",
        "that action was already taken this action phase",
        "そのアクションはこのアクションフェイズでもう使いました（4つのアクションはそれぞれ1回まで）",
    ),
    (
        r"^only (?P<n>\d+) actions per action phase",
        "sn.reason.per_phase",
        "only {n} actions per action phase",
        "アクションは1フェイズに{n}つまでです",
    ),
    (
        "is an action of the action phase$",
        "sn.reason.action_phase",
        "that is an action of the action phase",
        "それはアクションフェイズの行動です",
    ),
    (
        "is not a hand-activated card",
        "sn.reason.not_hand_card",
        "that card is not hand-activated",
        "そのカードは手札起動カード（手）ではありません",
    ),
    (
        "is not in your hand$",
        "sn.reason.not_in_hand",
        "that card is not in your hand",
        "そのカードは手札にありません",
    ),
    (
        "needs an empty slot on the opponent",
        "sn.reason.bomb_slot",
        "it needs an empty slot on the opponent",
        "相手キャラクターに空いている目が必要です",
    ),
    (
        "cannot be used now$",
        "sn.reason.cannot_use",
        "that card cannot be used now",
        "そのカードは今は使えません",
    ),
    (
        r"^discard down to (?P<n>\d+) cards first",
        "sn.reason.down_to",
        "discard down to {n} cards first",
        "先に手札を{n}枚まで捨ててください",
    ),
    (
        r"^Player (?P<n>\d+) must answer the",
        "sn.reason.wait",
        "Player {n} must answer first",
        "先にプレイヤー{n}の選択を待ってください",
    ),
    (
        "^first answer the",
        "sn.reason.answer_first",
        "first answer the decision",
        "先に今の選択に答えてください",
    ),
    (
        "is not a counter card",
        "sn.reason.not_counter",
        "that card is not a counter card",
        "そのカードは反撃カード（反）ではありません",
    ),
    (
        "decision cannot be declined$",
        "sn.reason.must_answer",
        "the decision cannot be declined",
        "この選択は断れません",
    ),
    (
        "^first draft a card from your packet$",
        "sn.reason.draft_first",
        "first draft a card from your packet",
        "先に、配られたカードから1枚をHP山札に選んでください",
    ),
    (
        r"^\S+ is not in your packet$",
        "sn.reason.not_in_packet",
        "that card is not in your packet",
        "そのカードは配られたカードの中にありません",
    ),
    (
        "^take character or take first$",
        "sn.reason.take_what",
        "take character or take first",
        "キャラクター選択権か先攻権のどちらかを選んでください",
    ),
    (
        "^characters are picked at setup$",
        "sn.reason.pick_setup",
        "characters are picked at setup",
        "キャラクターはセットアップで選びます",
    ),
    (
        r"^\S+ is not among the characters left$",
        "sn.reason.character_gone",
        "that character is not among those left",
        "そのキャラクターは残っていません",
    ),
    (
        r"^answer the \w+ decision with \w+$",
        "sn.reason.answer_with",
        "answer the decision with another move",
        "この選択にはその手では答えられません",
    ),
)

REASON_WORDS, REASONS = refusal_words(REFUSALS)
