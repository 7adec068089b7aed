"""Rune Works! in the log: each move and what followed, in the words of the rulebook in English and
Japanese ("Ann boosts 8♥ onto Ben's 7♥ Elemental" / 「AnnがBenの7♥エレメンタルに8♥をブースト」).

Cards are named by rank and suit symbol (7♥, A♠), never by code. Pure: no pygame; the table renders the
phrases (cardtable/rules/narration.py) in the chosen language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...rules.actions import Action
from ...rules.cards import CardSpec
from ...rules.events import (
    UNKNOWN,
    Announced,
    CardsMoved,
    Event,
    Revealed,
    RoundStarted,
    Scored,
    Shuffled,
    TurnStarted,
)
from ...rules.narration import Cards, Phrase, Seat, Word, phrase
from ...rules.view import PlayerView
from .refusals import REASON_WORDS
from .refusals import REASONS as REASONS  # the table reads the refusals here
from .table_words import TABLE_WORDS

RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUITS = {"S": "♠", "C": "♣", "H": "♥", "D": "♦"}

WORDS: dict[str, dict[str, str]] = {
    "game.runeworks.description": {
        "en": "Seven Bridge rummy for magicians: meld runes into magic circles and Ignite first.",
        "ja": "魔術師のセブンブリッジ：ルーンを組んで魔法陣を作り、誰よりも早くイグナイト。",
    },
    "param.runeworks.level": {"en": "Magician Level", "ja": "魔術師レベル"},
    "param.runeworks.level.1": {
        "en": "Draw, Set, Release, Ignite.",
        "ja": "ドロー・セット・リリース・イグナイト。",
    },
    "param.runeworks.level.2": {
        "en": "Adds Seek and Set: Boost.",
        "ja": "シークとセット：ブーストが加わります。",
    },
    "param.runeworks.level.3": {
        "en": "Adds Call and Ignite Shot. Start here.",
        "ja": "コールとイグナイトショットが加わります。まずはこのレベルから。",
    },
    "param.runeworks.level.4": {
        "en": "Adds MP and Blast: 100 MP, 5 rounds.",
        "ja": "MPとブラストが加わります。MP100・5回戦。",
    },
    "param.runeworks.level.5": {
        "en": "Adds meld damage and Blast Shot: 200 MP, 7 rounds.",
        "ja": "役ダメージとブラストショットが加わります。MP200・7回戦。",
    },
    "param.runeworks.rounds.hint": {
        "en": "Rounds in a Level 4-5 match (the level's own: 5 or 7).",
        "ja": "レベル4・5の回戦数（レベルどおりなら5回戦か7回戦）。",
    },
    "param.runeworks.max_overtime_rounds.hint": {
        "en": "Extra rounds played while MP ties remain; then the tied share the rank.",
        "ja": "MPの同値が続くときの延長戦の上限。その後は同順位。",
    },
    "param.runeworks.first_card_face_up.hint": {
        "en": "On: the top card of the Mana Source starts the Mana Pool face up.",
        "ja": "オン：マナソースの一番上を表にしてマナプールを始める。",
    },
    "param.runeworks.ace_high_sequences.hint": {
        "en": "On: an ace may follow a king in a sequence (Q-K-A, never K-A-2).",
        "ja": "オン：Kの次にAを続けられる（Q-K-A。K-A-2は不可）。",
    },
    "param.runeworks.sevens_call_set.hint": {
        "en": "On: three or more 7s may be Set as a Call Set (Call: Spirits).",
        "ja": "オン：7を3枚以上でコールセット（コール：スピリッツ）にできる。",
    },
    "param.runeworks.must_keep_one_card.hint": {
        "en": "On: a Set or Boost may not empty the hand; the last card is Released.",
        "ja": "オン：セットやブーストで手札を空にできず、最後の1枚はリリースする。",
    },
    "param.runeworks.all_shots_resolve.hint": {
        "en": "On: every valid Shot on one discard resolves and they share the win.",
        "ja": "オン：同じ捨て札への有効なショットは全て成立し、勝利を分け合う。",
    },
    "param.runeworks.blast_bonus_stacks.hint": {
        "en": "On: Blast +50 adds to Ignite +10 instead of replacing it.",
        "ja": "オン：ブラストの+50はイグナイトの+10に加算される。",
    },
    "param.runeworks.blast_counts_boosts.hint": {
        "en": "On: cards boosted onto any meld count toward a Blast's 7.",
        "ja": "オン：ブーストしたカードもブラストの7枚に数える。",
    },
    "param.runeworks.meld_damage_counts_elementals.hint": {
        "en": "On: a lone 7 counts as a meld for Level 5 meld damage.",
        "ja": "オン：7単体もレベル5の役ダメージで役として数える。",
    },
    "param.runeworks.leady_every_round.hint": {
        "en": "On: every round starts with Leady work (off: the last igniter begins).",
        "ja": "オン：毎回戦、前哨戦から始める（オフ：前回イグナイトした人から）。",
    },
    "param.runeworks.leady_max_compares.hint": {
        "en": "Leady work comparisons among tied players before a random pick.",
        "ja": "前哨戦で同点の人どうしが比べ合う回数。その後はランダム。",
    },
    "param.runeworks.overtime_on_any_tie.hint": {
        "en": "On: any two players with equal MP bring overtime (off: only a tie for first).",
        "ja": "オン：どのMP同値でも延長戦（オフ：1位の同値のときだけ）。",
    },
    "param.runeworks.rounds": {"en": "Rounds (Levels 4-5)", "ja": "回戦数（レベル4・5）"},
    "param.runeworks.rounds.value.0": {"en": "The level's own", "ja": "レベルどおり"},
    "param.runeworks.first_card_face_up": {
        "en": "First card to the Mana Pool",
        "ja": "最初の1枚をマナプールへ",
    },
    "param.runeworks.ace_high_sequences": {"en": "Q-K-A sequences", "ja": "Q-K-Aのシークエンス"},
    "param.runeworks.sevens_call_set": {"en": "Call Set of 7s", "ja": "7のコールセット"},
    "param.runeworks.must_keep_one_card": {
        "en": "Set may not empty the hand",
        "ja": "セットで手札を空にできない",
    },
    "param.runeworks.all_shots_resolve": {"en": "Every Shot resolves", "ja": "ショットは全員成立"},
    "param.runeworks.blast_bonus_stacks": {"en": "Blast adds to Ignite", "ja": "ブラストの加点は累積"},
    "param.runeworks.blast_counts_boosts": {
        "en": "Boosts count for a Blast",
        "ja": "ブーストもブラストに数える",
    },
    "param.runeworks.meld_damage_counts_elementals": {
        "en": "A lone 7 counts for meld damage",
        "ja": "7単体も役ダメージに数える",
    },
    "param.runeworks.leady_every_round": {"en": "Leady work every round", "ja": "毎回戦、前哨戦から"},
    "param.runeworks.leady_max_compares": {"en": "Leady work comparisons", "ja": "前哨戦の比べ合い回数"},
    "param.runeworks.max_overtime_rounds": {"en": "Overtime rounds at most", "ja": "延長戦の上限"},
    "param.runeworks.overtime_on_any_tie": {"en": "Any MP tie means overtime", "ja": "どのMP同値でも延長戦"},
    "rw.draw": {"en": "{who} draws {cards}", "ja": "{who}が{cards}をドロー"},
    "rw.release": {"en": "{who} releases {cards}", "ja": "{who}が{cards}をリリース"},
    "rw.set": {"en": "{who} sets {cards} ({shape})", "ja": "{who}が{cards}をセット（{shape}）"},
    "rw.seek": {
        "en": "{who} seeks {card} from the Mana Pool: {cards} ({shape})",
        "ja": "{who}がマナプールの{card}をシーク：{cards}（{shape}）",
    },
    "rw.call": {
        "en": "{who} calls {card}: {cards} ({shape})",
        "ja": "{who}が{card}をコール：{cards}（{shape}）",
    },
    "rw.boost": {
        "en": "{who} boosts {cards} onto {owner}'s {meld} {shape}",
        "ja": "{who}が{owner}の{meld}{shape}に{cards}をブースト",
    },
    "rw.boost_own": {
        "en": "{who} boosts {cards} onto their {meld} {shape}",
        "ja": "{who}が自分の{meld}{shape}に{cards}をブースト",
    },
    "rw.choose_show": {"en": "{who} chooses {cards} to show", "ja": "{who}は{cards}を見せることにしました"},
    "rw.choose_nothing": {"en": "{who} chooses to show nothing", "ja": "{who}は見せないことにしました"},
    "rw.choose_pass": {"en": "{who} lets the discard go", "ja": "{who}は宣言しないことにしました"},
    "rw.choose_call": {"en": "{who} claims to Call with {cards}", "ja": "{who}は{cards}でコールを宣言"},
    "rw.choose_shot": {"en": "{who} claims an Ignite Shot", "ja": "{who}はイグナイトショットを宣言"},
    "rw.shows": {"en": "{who} shows {cards}", "ja": "{who}は{cards}を見せた"},
    "rw.shows_nothing": {"en": "{who} shows nothing (0)", "ja": "{who}は見せなかった（0）"},
    "rw.starts": {"en": "{who} starts", "ja": "{who}からスタート"},
    "rw.tie_again": {
        "en": "A tie: {who} compare again",
        "ja": "同点：{who}でもう一度比べます",
    },
    "rw.random_start": {
        "en": "Still tied: {who} starts, chosen at random",
        "ja": "まだ同点：ランダムで{who}からスタート",
    },
    "rw.skips": {
        "en": "{who} calls out of turn, skipping {skipped}",
        "ja": "{who}のコールで{skipped}はとばされます",
    },
    "rw.ignite": {"en": "{who} Ignites!", "ja": "{who}がイグナイト！"},
    "rw.blast": {
        "en": "{who} Blasts! All seven set in one turn",
        "ja": "{who}がブラスト！1手番で7枚すべてセット",
    },
    "rw.ignite_shot": {
        "en": "{who} Ignites with a Shot off {from}'s discard!",
        "ja": "{who}が{from}の捨て札でイグナイトショット！",
    },
    "rw.blast_shot": {
        "en": "{who} Blasts with a Shot off {from}'s discard!",
        "ja": "{who}が{from}の捨て札でブラストショット！",
    },
    "rw.hand_shown": {"en": "{who} had {cards}", "ja": "{who}の手札：{cards}"},
    "rw.mp": {"en": "{who}: {delta} MP (now {total})", "ja": "{who}：MP {delta}（計{total}）"},
    "rw.rebuild": {
        "en": "The Mana Pool is shuffled into a new Mana Source",
        "ja": "マナプールを切り直して新しいマナソースに",
    },
    "rw.exhausted": {
        "en": "The Mana Source is empty: the round ends with no Ignite",
        "ja": "マナソースが尽きました：イグナイトなしで回戦終了",
    },
    "rw.round": {"en": "Round {n} is dealt", "ja": "第{n}回戦の配札"},
    "rw.overtime": {"en": "MP are tied: overtime round {n}", "ja": "MPが同点：延長第{n}回戦"},
    "rw.shape.CS": {"en": "Call Set", "ja": "コールセット"},
    "rw.shape.ES": {"en": "Elemental Sequence", "ja": "エレメンタルシークエンス"},
    "rw.shape.EL": {"en": "Elemental", "ja": "エレメンタル"},
}


def card_name(spec: CardSpec, language: str) -> str:
    """Rank and suit symbol, as players say a card: 7♥, A♠, 10♦."""
    rank = int(spec.get("rank"))
    return f"{RANKS.get(rank, str(rank))}{SUITS.get(str(spec.get('suit')), '?')}"


def _shape(view: PlayerView, cards: Sequence[int]) -> Word:
    """A meld's kind from its cards: one 7 is an Elemental, one rank a Call Set, else a sequence."""
    assert view.cardset is not None
    physical = view.cardset.physical()
    known = [c for c in cards if c != UNKNOWN]
    if len(known) == 1:
        return Word("rw.shape.EL")
    ranks = {physical[c].get("rank") for c in known}
    return Word("rw.shape.CS" if len(ranks) == 1 else "rw.shape.ES")


def _sorted(view: PlayerView, cards: Sequence[int]) -> Cards:
    """Cards in rank order, as a meld reads."""
    assert view.cardset is not None
    physical = view.cardset.physical()
    known = sorted((c for c in cards if c != UNKNOWN), key=lambda c: (int(physical[c].get("rank")), c))
    return Cards(tuple(known) + tuple(c for c in cards if c == UNKNOWN))


def narrate(action: Action | None, events: Sequence[Event], view: PlayerView) -> list[Phrase]:
    """A move and what followed, as `view`'s seat may know it."""
    out: list[Phrase] = []
    moved = [e for e in events if isinstance(e, CardsMoved)]
    if action is not None:
        out += _move(action, moved, view)
    out += _aftermath(action, events, view)
    return out


def _move(action: Action, moved: list[CardsMoved], view: PlayerView) -> list[Phrase]:
    who = Seat(action.seat)
    kind = action.kind
    if kind == "draw":
        drawn = [e for e in moved if e.why == "draw"]
        return [phrase("rw.draw", who=who, cards=Cards(drawn[0].cards))] if drawn else []
    if kind == "release":
        return [phrase("rw.release", who=who, cards=Cards(action.cards))]
    if kind == "set":
        return [
            phrase("rw.set", who=who, cards=_sorted(view, action.cards), shape=_shape(view, action.cards))
        ]
    if kind == "seek":
        return _taken("rw.seek", who, moved, view)
    if kind == "boost":
        into = next((e for e in moved if e.why == "boost"), None)
        if into is None:
            return []
        zone = view.zones.get(into.dst)
        before = [c for c in (zone.cards if zone else ()) if c not in action.cards]
        owner = zone.owner if zone is not None else None
        values = {"who": who, "cards": Cards(action.cards), "meld": _sorted(view, before)}
        values["shape"] = _shape(view, before)
        if owner == action.seat:
            return [phrase("rw.boost_own", **values)]
        return [phrase("rw.boost", owner=Seat(owner), **values)]
    if kind == "reveal":
        return [phrase("rw.choose_show", who=who, cards=Cards(action.cards))]
    if kind == "noreveal":
        return [phrase("rw.choose_nothing", who=who)]
    if kind == "pass":
        return [phrase("rw.choose_pass", who=who)]
    if kind == "call":
        return [phrase("rw.choose_call", who=who, cards=Cards(action.cards))]
    if kind == "shot":
        return [phrase("rw.choose_shot", who=who)]
    return []


def _taken(key: str, who: Seat, moved: list[CardsMoved], view: PlayerView) -> list[Phrase]:
    """Seek or Call: the discard taken from the Mana Pool and the meld it made."""
    from_pool = [c for e in moved if e.src == "pool" for c in e.cards]
    meld = [c for e in moved if e.dst.startswith("meld:") for c in e.cards]
    card = Cards(tuple(from_pool))
    return [phrase(key, who=who, card=card, cards=_sorted(view, meld), shape=_shape(view, meld))]


def _aftermath(action: Action | None, events: Sequence[Event], view: PlayerView) -> list[Phrase]:
    """What the move set off: reveals, who starts, claims resolved, Ignites, scores, new rounds."""
    out: list[Phrase] = []
    moved = [e for e in events if isinstance(e, CardsMoved)]
    after_leady = False
    for event in events:
        if isinstance(event, Revealed) and event.why in ("shot", "scoring"):
            out.append(phrase("rw.hand_shown", who=Seat(event.seat), cards=_sorted(view, event.cards)))
        elif isinstance(event, CardsMoved) and event.why == "shot" and event.dst.startswith("shot:"):
            seat = Seat(int(event.dst[5:]))  # a later shooter lays their hand on the table
            out.append(phrase("rw.hand_shown", who=seat, cards=_sorted(view, event.cards)))
        elif isinstance(event, Announced):
            detail = event.detail
            if event.what == "leady":
                for seat_text, card in sorted(detail.get("shown", {}).items()):
                    seat = Seat(int(seat_text))
                    if card == UNKNOWN:
                        out.append(phrase("rw.shows_nothing", who=seat))
                    else:
                        out.append(phrase("rw.shows", who=seat, cards=Cards((card,))))
                tied = list(detail.get("tied", []))
                if len(tied) > 1:
                    out.append(phrase("rw.tie_again", who=[Seat(s) for s in tied]))
                after_leady = True
            elif event.what == "leady_random":
                out.append(phrase("rw.random_start", who=Seat(event.seat)))
                after_leady = False
            elif event.what == "call_skips":
                skipped = [Seat(s) for s in detail.get("skipped", [])]
                if skipped:
                    out.append(phrase("rw.skips", who=Seat(event.seat), skipped=skipped))
            elif event.what == "call":
                out += _taken("rw.call", Seat(event.seat), [e for e in moved if e.why == "call"], view)
            elif event.what in ("ignite", "blast"):
                out.append(phrase(f"rw.{event.what}", who=Seat(event.seat)))
            elif event.what in ("ignite_shot", "blast_shot"):
                out.append(
                    phrase(f"rw.{event.what}", **{"who": Seat(event.seat), "from": Seat(detail.get("from"))})
                )
            elif event.what == "stock_exhausted":
                out.append(phrase("rw.exhausted"))
            elif event.what == "overtime":
                out.append(phrase("rw.overtime", n=detail.get("number", 1)))
        elif isinstance(event, TurnStarted) and after_leady:
            out.append(phrase("rw.starts", who=Seat(event.seat)))
            after_leady = False
        elif isinstance(event, Shuffled) and event.zone == "stock" and any(e.why == "rebuild" for e in moved):
            out.append(phrase("rw.rebuild"))
        elif isinstance(event, Scored):
            out.append(phrase("rw.mp", who=Seat(event.seat), delta=f"{event.delta:+d}", total=event.total))
        elif isinstance(event, RoundStarted) and event.round > 1:
            out.append(phrase("rw.round", n=event.round))
    return out


# -- the action menu and the pending question ------------------------------------------------------
WORDS.update(
    {
        "rw.option.draw": {"en": "Draw from the Mana Source", "ja": "マナソースからドロー"},
        "rw.option.noreveal": {"en": "Show nothing (counts 0)", "ja": "見せない（0として数える）"},
        "rw.option.reveal": {"en": "Show {cards}", "ja": "{cards}を見せる"},
        "rw.option.release": {"en": "Release {cards}", "ja": "{cards}をリリース"},
        "rw.option.set": {"en": "Set {cards} ({shape})", "ja": "{cards}をセット（{shape}）"},
        "rw.option.seek": {"en": "Seek: take {card} with {cards}", "ja": "シーク：{cards}で{card}を取る"},
        "rw.option.call": {"en": "Call: take {card} with {cards}", "ja": "コール：{cards}で{card}を取る"},
        "rw.option.boost": {
            "en": "Boost {cards} onto {owner}'s {meld}",
            "ja": "{owner}の{meld}に{cards}をブースト",
        },
        "rw.option.pass": {"en": "Pass", "ja": "パス"},
        "rw.option.shot": {"en": "Ignite Shot with {card}!", "ja": "{card}でイグナイトショット！"},
        "rw.prompt.leady": {
            "en": "Leady work: choose a card to show, or show nothing",
            "ja": "前哨戦：見せるカードを1枚選ぶか、見せない",
        },
        "rw.prompt.claim": {"en": "Claim {card}?", "ja": "{card}を宣言しますか？"},
    }
)


def option(action: Action, view: PlayerView) -> Phrase:
    """A legal move as the action menu offers it ("Boost 8♥ onto Ben's 7♥")."""
    kind = action.kind
    cards = _sorted(view, action.cards)
    discard = view.data.get("last_discard")
    card = Cards((discard,)) if isinstance(discard, int) else Cards(())
    if kind == "set":
        return phrase("rw.option.set", cards=cards, shape=_shape(view, action.cards))
    if kind in ("seek", "call", "shot"):
        return phrase(f"rw.option.{kind}", card=card, cards=cards)
    if kind == "boost":
        index = int(action.target[1:]) if action.target[1:].isdigit() else -1
        melds = view.data.get("melds", [])
        entry = melds[index] if 0 <= index < len(melds) else {}
        zone = view.zones.get(str(entry.get("zone", "")))
        meld = _sorted(view, zone.cards if zone else ())
        return phrase("rw.option.boost", cards=cards, owner=Seat(entry.get("owner")), meld=meld)
    return phrase(f"rw.option.{kind}", cards=cards)


def prompt(kind: str, view: PlayerView) -> Phrase | None:
    """The pending decision as a question to the person who must answer it."""
    if kind == "claim":
        claim = view.data.get("claim") or {}
        card = claim.get("card")
        return phrase("rw.prompt.claim", card=Cards((card,) if isinstance(card, int) else ()))
    if kind == "leady":
        return phrase("rw.prompt.leady")
    return None


# -- refusals: the engine's reasons, matched to the words above ---------------------------------------
# -- the table's own words (the claim window, the round end) ------------------------------------------
WORDS.update(
    {
        "rw.claimed": {"en": "{name} claims!", "ja": "{name}が宣言！"},
        "rw.just_drawn": {"en": "drawn", "ja": "ドロー"},
        "rw.button.reveal": {"en": "Show selected (Enter)", "ja": "選んだ札を見せる（Enter）"},
        "rw.claim_asking": {
            "en": "{card} was released: each player is asked in turn, in private",
            "ja": "{card}がリリースされました：一人ずつ順番に、他の人に見えないように確認します",
        },
    }
)

WORDS.update(REASON_WORDS)


# -- the round end (Levels 4-5): each seat's MP changes and why ----------------------------------------
WORDS.update(
    {
        "rw.round_end.title": {"en": "Round {n} is over", "ja": "第{n}回戦 終了"},
        "rw.round_end.void": {
            "en": "Nobody ignited: the Mana Source ran out. No MP changes this round.",
            "ja": "誰もイグナイトしないまま、マナソースが尽きました。この回戦のMPの増減はありません。",
        },
        "rw.round_end.ignited": {"en": "{who} ignited", "ja": "{who}がイグナイト"},
        "rw.round_end.blasted": {"en": "{who} ignited with a Blast", "ja": "{who}がブラストでイグナイト"},
        "rw.round_end.blast_shot": {
            "en": "{who} Blast-Shot {source}'s card",
            "ja": "{who}が{source}の捨て札でブラストショット",
        },
        "rw.round_end.shot": {
            "en": "{who} ignited with a Shot on {source}'s card",
            "ja": "{who}が{source}の捨て札でイグナイトショット",
        },
        "rw.round_end.head": {"en": "Magician|Why|MP change|MP now", "ja": "魔術師|理由|増減|現在のMP"},
        "rw.why.ignite": {"en": "Ignite +10", "ja": "イグナイト +10"},
        "rw.why.blast": {"en": "Blast: all 7 cards in one turn", "ja": "ブラスト：1手番で7枚すべて"},
        "rw.why.hand": {"en": "{n} cards left in hand", "ja": "手札{n}枚"},
        "rw.why.hand_sevens": {
            "en": "{n} cards left in hand ({sevens} × 7 at 30)",
            "ja": "手札{n}枚（7が{sevens}枚、各30）",
        },
        "rw.why.hand_one": {"en": "1 card left in hand", "ja": "手札1枚"},
        "rw.why.hand_sevens_one": {"en": "1 card left in hand (a 7, at 30)", "ja": "手札1枚（7、30）"},
        "rw.why.melds": {"en": "damage for {n} melds set", "ja": "セットした役{n}個のダメージ"},
        "rw.why.melds_one": {"en": "damage for 1 meld set", "ja": "セットした役1個のダメージ"},
        "rw.why.shot": {"en": "{who} shot your card", "ja": "{who}にショットされた"},
        "rw.why.blast_shot": {"en": "{who} blast-shot your card", "ja": "{who}にブラストショットされた"},
        "rw.why.nothing": {"en": "no change", "ja": "増減なし"},
        "rw.round_end.total": {"en": "in all", "ja": "合計"},
        "rw.round_end.held": {
            "en": "Round {n} is over: the table as it ended, the winning play framed in gold",
            "ja": "第{n}回戦 終了：終わったときの卓（勝ちを決めたカードは金の枠）",
        },
        "rw.round_end.peek": {"en": "Tab: see the table", "ja": "タブキー：卓を見る"},
        "rw.round_end.folded": {
            "en": "{title} · Tab: the scores · Space: go on",
            "ja": "{title}・タブキー：得点・スペース：続ける",
        },
        "rw.round_end.held_void": {
            "en": "Round {n} is over: the table as it ended",
            "ja": "第{n}回戦 終了：終わったときの卓",
        },
        "rw.round_end.over": {"en": "That was the last round.", "ja": "これが最終回戦でした。"},
        "rw.game_end.title": {"en": "The game is over", "ja": "ゲーム終了"},
        "rw.game_end.void": {
            "en": "Nobody ignited: the Mana Source ran out.",
            "ja": "誰もイグナイトしないまま、マナソースが尽きました。",
        },
        "rw.game_end.held": {
            "en": "The game is over: the table as it ended, the winning play framed in gold",
            "ja": "ゲーム終了：終わったときの卓（勝ちを決めたカードは金の枠）",
        },
        "rw.game_end.folded": {
            "en": "{title} · Tab: back · Space: the results",
            "ja": "{title}・タブキー：戻る・スペース：結果へ",
        },
        "rw.round_end.out": {
            "en": "{who} has no MP left: the match is over.",
            "ja": "{who}のMPが尽きたので、試合終了です。",
        },
    }
)


def round_end(
    entry: dict[str, Any], seats: int, last: bool = False
) -> tuple[Phrase, list[Phrase], list[tuple[int, list[tuple[Phrase, int]], int, int]]]:
    """A finished round as the round-end screen shows it: the title, what happened, and per seat its
    reasons (each with its MP change), its MP change in all and its MP after the round. With `last`
    (the match ends with this round) the head also says why: whose MP ran out, or the round limit;
    under X a match ending at "Round 3/7" was otherwise a surprise."""
    head = ignitions(entry) or [phrase("rw.round_end.void")]
    why = list(entry.get("why") or [[] for _ in range(seats)])
    deltas = list(entry.get("deltas") or [0] * seats)
    mp = list(entry.get("mp") or [0] * seats)
    if last:
        out = [phrase("rw.round_end.out", who=Seat(s)) for s in range(seats) if mp[s] <= 0]
        head.extend(out or [phrase("rw.round_end.over")])
    rows = []
    for seat in range(seats):
        reasons = []
        for item in why[seat]:
            key = "hand_sevens" if item["why"] == "hand" and item["sevens"] else item["why"]
            if key in ("hand", "hand_sevens", "melds") and item["n"] == 1:
                key += "_one"  # "1 meld set", not "1 melds set" (seen on the round-end screen)
            by = Seat(item["by"] if item["by"] >= 0 else None)
            reasons.append((phrase(f"rw.why.{key}", n=item["n"], sevens=item["sevens"], who=by), item["mp"]))
        rows.append((seat, reasons or [(phrase("rw.why.nothing"), 0)], int(deltas[seat]), int(mp[seat])))
    return phrase("rw.round_end.title", n=entry.get("round", 0)), head, rows


WORDS.update(
    {
        "rw.result.ignite": {"en": "Ignited", "ja": "イグナイト"},
        "rw.result.blast": {"en": "Blast!", "ja": "ブラスト！"},
        "rw.result.shot": {
            "en": "Ignite Shot on {source}'s card",
            "ja": "{source}の捨て札でイグナイトショット",
        },
        "rw.result.blast_shot": {
            "en": "Blast Shot on {source}'s card",
            "ja": "{source}の捨て札でブラストショット",
        },
        "rw.result.shot_from": {"en": "discarded the card that was Shot", "ja": "ショットされた札を捨てた"},
    }
)


def ignitions(entry: dict[str, Any]) -> list[Phrase]:
    """Who ignited in a finished round and how (a Shot on whose card, a Blast); empty for a void round."""
    shot_from = entry.get("shot_from")
    blasts = set(entry.get("blasts") or [])  # said in the head too, not only in the igniter's row
    out = []
    for seat in entry.get("igniters") or []:
        if isinstance(shot_from, int):
            key = "rw.round_end.blast_shot" if seat in blasts else "rw.round_end.shot"
            out.append(phrase(key, who=Seat(seat), source=Seat(shot_from)))
        else:
            key = "rw.round_end.blasted" if seat in blasts else "rw.round_end.ignited"
            out.append(phrase(key, who=Seat(seat)))
    return out


def game_end(entry: dict[str, Any]) -> list[Phrase]:
    """How a one-round game (Levels 1-3) ended, for the screen over its last table: who ignited and
    how, or that the Mana Source ran out (no MP at these levels: nothing about points)."""
    return ignitions(entry) or [phrase("rw.game_end.void")]


def result_notes(entry: dict[str, Any]) -> dict[int, Phrase]:
    """How the last round ended for each seat it touched: the igniters (and how), the shot discarder."""
    blasts = set(entry.get("blasts") or [])
    source = entry.get("shot_from")
    out: dict[int, Phrase] = {}
    for seat in entry.get("igniters") or []:
        if isinstance(source, int):
            key = "rw.result.blast_shot" if seat in blasts else "rw.result.shot"
            out[seat] = phrase(key, source=Seat(source))
        else:
            out[seat] = phrase("rw.result.blast" if seat in blasts else "rw.result.ignite")
    if isinstance(source, int):
        out[source] = phrase("rw.result.shot_from")
    return out


WORDS.update(
    {
        "rw.leady_won": {
            "en": "{who} wins Leady work with {cards} and starts",
            "ja": "前哨戦は{cards}の{who}の勝ち：{who}からスタート",
        },
        "rw.leady_won_nothing": {
            "en": "Nobody showed a card: all compare again",
            "ja": "誰もカードを見せませんでした：もう一度比べます",
        },
    }
)


def leady_outcome(event: Announced) -> Phrase:
    """Leady work's result in one line: the winner and their card, a tie to compare again, or the
    random pick after the last comparison."""
    if event.what == "leady_random":
        return phrase("rw.random_start", who=Seat(event.seat))
    shown = {int(s): c for s, c in dict(event.detail.get("shown", {})).items()}
    tied = list(event.detail.get("tied", []))
    if len(tied) == 1:
        card = shown.get(tied[0], UNKNOWN)
        if card < 0:
            return phrase("rw.starts", who=Seat(tied[0]))
        return phrase("rw.leady_won", who=Seat(tied[0]), cards=Cards((card,)))
    if all(c < 0 for c in shown.values()):
        return phrase("rw.leady_won_nothing")
    return phrase("rw.tie_again", who=[Seat(s) for s in tied])


WORDS.update(TABLE_WORDS)  # the table's own words (table_words.py)


def headline(view: PlayerView) -> Phrase | None:
    """Where the game stands, for the menu's Continue: the round under way."""
    n = view.data.get("round")
    return phrase("common.round", n=int(n)) if isinstance(n, int) and n > 0 else None
