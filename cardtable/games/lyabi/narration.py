"""Lyabi in the log: acquisitions, circles, items, the battle and its damage worked out, in English and
Japanese ("Ann pays Lv3 Blue Lyabi for Lv5 Red Lyabi"; 「Benの勝ち：青が赤に勝つ、ダメージ6」).

Cards are named by their names in the card set, never by code; a card the seat may not know (a draw
into the other hand, an item taken face down) is counted. Attributes carry their mark (▲ blue, ● red,
■ green), so no line rests on colour. Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rules.actions import Action
from ...rules.cards import CardSpec
from ...rules.events import Announced, CardsMoved, Committed, Event, Revealed, RoundStarted, Shuffled
from ...rules.narration import Cards, Phrase, Seat, Word, phrase, refusal_words
from ...rules.view import PlayerView

MARK = {"blue": "▲", "red": "●", "green": "■"}  # the table's marks: shape and letter, never colour alone
# ...and each mark's colour where the table draws text (light enough to read on its dark panels)
MARK_COLOURS = {"▲": (110, 170, 255), "●": (255, 112, 92), "■": (110, 210, 130)}

WORDS: dict[str, dict[str, str]] = {
    "game.lyabi.description": {
        "en": "Build a deck of lyabi, charge your magic circles, and read the rival's attributes.",
        "ja": "リャビでデッキを作り、魔法陣に充填して戦う。相手の属性を読み切れ。",
    },
    "ly.attr.blue": {"en": "▲ blue", "ja": "▲ 青"},
    "ly.attr.red": {"en": "● red", "ja": "● 赤"},
    "ly.attr.green": {"en": "■ green", "ja": "■ 緑"},
    "ly.attr.none": {"en": "the Dummy", "ja": "ダミー"},
    "ly.pick": {
        "en": "{who} takes a Lv0 circle without looking: {card}",
        "ja": "{who}が表を見ずにLv0魔法陣を取る：{card}",
    },
    "ly.redo": {"en": "Both circles are {attr}: both pick again", "ja": "両方とも{attr}の魔法陣：選び直し"},
    "ly.priority": {
        "en": "{who}'s circle has the advantage: {who} starts",
        "ja": "{who}の魔法陣が有利：{who}から始める",
    },
    "ly.round": {"en": "— Round {n} —", "ja": "— 第{n}ラウンド —"},
    "ly.pays": {"en": "{who} pays {cards}", "ja": "{who}が{cards}を支払う"},
    "ly.acquires": {"en": "{who} acquires {cards}", "ja": "{who}が{cards}を取得"},
    "ly.circle": {"en": "{who} places {card}", "ja": "{who}が{card}を配置"},
    "ly.circle_out": {"en": "{who} removes {card} from the game", "ja": "{who}が{card}を除外"},
    "ly.item": {"en": "{who} takes an item face down", "ja": "{who}がアイテムを裏向きで取得"},
    "ly.item_mine": {"en": "{who} takes {card} face down", "ja": "{who}が{card}を裏向きで取得"},
    "ly.item_out": {"en": "{card} leaves the game", "ja": "{card}を除外"},
    "ly.uses": {"en": "{who} uses {card}", "ja": "{who}が{card}を使用"},
    "ly.pass": {"en": "{who} passes", "ja": "{who}はパス"},
    "ly.pass_main": {"en": "{who} passes the main phase", "ja": "{who}はメインフェイズをパス"},
    "ly.pass_item": {"en": "{who} takes no item", "ja": "{who}はアイテムを取得しない"},
    "ly.pass_window": {"en": "{who} does not use the item", "ja": "{who}はアイテムを使わない"},
    "ly.keeps": {"en": "{who} keeps {card} unused", "ja": "{who}は{card}を使わずに残す"},
    "ly.draws": {"en": "{who} draws {cards}", "ja": "{who}が{cards}を引く"},
    "ly.reshuffle": {
        "en": "{who} shuffles the discard pile into a new deck",
        "ja": "{who}が捨て札をシャッフルして新しいデッキに",
    },
    "ly.discards": {"en": "{who} discards {cards}", "ja": "{who}が{cards}を捨て札に"},
    "ly.committed": {"en": "{who} places a card face down", "ja": "{who}がカードを裏向きで置く"},
    "ly.committed_two": {"en": "{who} places 2 cards face down", "ja": "{who}がカード2枚を裏向きで置く"},
    "ly.charge_mine": {"en": "You place {cards} face down", "ja": "{cards}を裏向きで置きました"},
    "ly.reveal": {"en": "{who} reveals {cards}", "ja": "{who}の公開：{cards}"},
    "ly.peek": {"en": "{who} looks at the hand: {cards}", "ja": "{who}が手札を見る：{cards}"},
    "ly.recolour": {"en": "{who}'s lyabi become {attr}", "ja": "{who}のリャビが{attr}に"},
    "ly.battle_win": {
        "en": "{who} wins the battle ({a} over {b}): {n} damage",
        "ja": "{who}のバトル勝利（{a}が{b}に勝つ）：ダメージ{n}",
    },
    "ly.battle_draw": {"en": "The battle is a draw ({a} and {b})", "ja": "バトルは引き分け（{a}と{b}）"},
    "ly.no_battle": {"en": "Nobody can battle this round", "ja": "このラウンドはバトルなし"},
    "ly.damage": {"en": "{who} takes {n} damage: HP {hp}", "ja": "{who}に{n}ダメージ：HP {hp}"},
    "ly.deckout": {
        "en": "{who} cannot draw: the deck has run out",
        "ja": "{who}はドローできない：デッキ切れ",
    },
    "ly.gain": {"en": "{who} takes {card}", "ja": "{who}が{card}を取得"},
    "ly.phase.main": {"en": "main phase", "ja": "メインフェイズ"},
    "ly.phase.item": {"en": "item phase", "ja": "アイテム取得フェイズ"},
    "ly.phase.battle": {"en": "battle", "ja": "バトル"},
    "ly.phase.pick": {"en": "choosing circles", "ja": "魔法陣選び"},
}


def card_name(spec: CardSpec, language: str) -> str:
    """A card's name in the set, with its attribute's mark."""
    mark = MARK.get(str(spec.get("attribute") or ""), "")
    return f"{mark}{spec.name.get(language)}"


def attr(name: str) -> Word:
    return Word(f"ly.attr.{name}" if name in MARK else "ly.attr.none")


def narrate(action: Action | None, events: Sequence[Event], view: PlayerView) -> list[Phrase]:
    """A move and what followed, as `view`'s seat may know it."""
    out: list[Phrase] = []
    if action is not None:
        if action.kind == "pass":
            out.append(_pass(action.seat, events, view))
        elif action.kind in ("charge", "dummy") and action.seat == view.seat:
            shown = Cards(action.cards) if action.cards else Word("ly.attr.none")
            out.append(phrase("ly.charge_mine", cards=shown))
        elif action.kind == "recolour":
            out.append(phrase("ly.recolour", who=Seat(action.seat), attr=attr(action.target)))
    out += _events(events, view)
    return out


def _pass(seat: int, events: Sequence[Event], view: PlayerView) -> Phrase:
    """A pass in the words of what was passed: the main phase, the item phase, or an item's window.
    Each is its own decision, so two passes in a row read differently (never "Bea passes" twice). The
    rules' move is the same `pass`; what it answered shows in what followed it (the item phase begins,
    the held item's window opens, the battle goes on), and the holder knows which item it kept."""
    first = next((e for e in events if isinstance(e, Announced)), None)
    who = Seat(seat)
    if first is not None and first.what == "phase" and first.seat == seat:
        if first.detail.get("phase") == "item":
            return phrase("ly.pass_main", who=who)
        return phrase("ly.pass_window", who=who)  # the draw's window: the same seat's main phase follows
    pending = view.pending
    if pending is not None and pending.kind == "window" and seat in pending.seats:
        return phrase("ly.pass_item", who=who)  # its item's window is still to come: this was the phase
    held = view.zones.get(f"item:{seat}")
    if held is not None and held.cards:
        card = held.cards[0]
        mine = card >= 0 and view.cardset is not None
        if mine and view.cardset.physical()[card].get("on") == "item_end":  # type: ignore[union-attr]
            return phrase("ly.keeps", who=who, card=Cards((card,)))
        if _battle_window(events, view):
            return (
                phrase("ly.keeps", who=who, card=Cards((card,)))
                if mine
                else phrase("ly.pass_window", who=who)
            )
    return phrase("ly.pass", who=who)


def _battle_window(events: Sequence[Event], view: PlayerView) -> bool:
    """Whether a pass answered an item's window in the battle: the battle went on from inside it (the
    Dummy taken, the cards placed, the result or the damage), not from its start (an item phase)."""
    if not events:
        pending = view.pending
        return pending is not None and pending.kind == "battle"  # after the Dummy was taken (Eye)
    for event in events:
        if isinstance(event, Announced) and event.what == "phase":
            return False  # a phase began first: the pass ended a phase, not a window inside the battle
        if isinstance(event, Announced) and event.what in ("battle", "damage"):
            return True
        if isinstance(event, CardsMoved) and (event.src.startswith("battle:") or event.why == "dummy"):
            return True
    return False


def _events(events: Sequence[Event], view: PlayerView) -> list[Phrase]:
    out: list[Phrase] = []
    for event in events:
        if isinstance(event, CardsMoved):
            out += _moved(event, view)
        elif isinstance(event, Committed) and event.choice is None:  # the placer's own line names the cards
            key = "ly.committed_two" if _placed(event.seat, events, view) == 2 else "ly.committed"
            out.append(phrase(key, who=Seat(event.seat)))
        elif isinstance(event, Revealed):
            key = "ly.peek" if event.why == "peek" else "ly.reveal"
            if event.why == "peek" and view.seat not in (event.viewers or ()):
                continue
            who = Seat(1 - event.seat) if event.why == "peek" else Seat(event.seat)
            out.append(phrase(key, who=who, cards=Cards(event.cards)))
        elif isinstance(event, RoundStarted):
            out.append(phrase("ly.round", n=event.round))
        elif isinstance(event, Shuffled) and event.zone.startswith("deck:") and view.phase != "pick":
            continue
        elif isinstance(event, Announced):
            out += _announced(event)
    return out


def _placed(seat: int, events: Sequence[Event], view: PlayerView) -> int:
    """How many cards `seat` laid face down (public: a Double Charge is two cards on the table): the
    view's count while the battle waits, else the reveal that followed in the same move."""
    for event in events:
        if isinstance(event, Revealed) and event.why == "battle" and event.seat == seat:
            return len(event.cards)
    placed = view.data.get("placed") if view.data is not None else None
    return int(placed[seat]) if placed else 1


def _moved(event: CardsMoved, view: PlayerView) -> list[Phrase]:
    why, cards = event.why, Cards(event.cards)
    seat = _owner(event.dst) if _owner(event.dst) is not None else _owner(event.src)
    who = Seat(seat)
    if why == "pay":
        return [phrase("ly.pays", who=who, cards=cards)]
    if why in ("buy", "change", "gain"):
        return [phrase("ly.acquires", who=who, cards=cards)]
    if why in ("pick", "circle"):
        return [phrase("ly.pick" if why == "pick" else "ly.circle", who=who, card=cards)]
    if why == "exclude" and event.dst == "out_circles":
        return [phrase("ly.circle_out", who=who, card=cards)]
    if why == "exclude" and event.dst == "out_items":
        return [phrase("ly.item_out", card=cards)]
    if why == "item":
        return [phrase("ly.item_mine" if seat == view.seat else "ly.item", who=who, card=cards)]
    if why == "use":
        return [phrase("ly.uses", who=who, card=cards)]
    if why == "draw" and event.dst.startswith("hand:"):
        return [phrase("ly.draws", who=who, cards=cards)]
    if why == "reshuffle":
        return [phrase("ly.reshuffle", who=who)]
    if why == "discard":
        return [phrase("ly.discards", who=who, cards=cards)]
    return []


def _owner(zone: str) -> int | None:
    name, _, seat = zone.partition(":")
    return int(seat) if seat.isdigit() and name != "supply" else None


def _announced(event: Announced) -> list[Phrase]:
    what, detail, who = event.what, event.detail, Seat(event.seat)
    if what == "redo":
        return [phrase("ly.redo", attr=attr(str(detail.get("attribute"))))]
    if what == "priority":
        return [phrase("ly.priority", who=who)]
    if what == "battle":
        colours = list(detail.get("attributes") or ["", ""])
        if event.seat is None:
            return [phrase("ly.battle_draw", a=attr(colours[0]), b=attr(colours[1]))]
        won, lost = colours[event.seat], colours[1 - event.seat]
        return [phrase("ly.battle_win", who=who, a=attr(won), b=attr(lost), n=detail.get("damage", 0))]
    if what == "damage":
        return [phrase("ly.damage", who=who, n=detail.get("amount", 0), hp=detail.get("hp", 0))]
    if what == "deckout":
        return [phrase("ly.deckout", who=Seat(s)) for s in detail.get("seats", [])]
    if what == "phase" and detail.get("phase") == "no_battle":
        return [phrase("ly.no_battle")]
    return []


# -- the action menu and the pending question ------------------------------------------------------
WORDS.update(
    {
        "ly.option.pick": {
            "en": "Take the circle at place {n} (unseen)",
            "ja": "{n}枚目の魔法陣を取る（見ずに）",
        },
        "ly.option.change_none": {"en": "Pay {cards}, take nothing", "ja": "{cards}を払い何も取らない"},
        "ly.option.charge": {"en": "Place {cards} face down", "ja": "{cards}を裏向きで置く"},
        "ly.option.double": {"en": "Double Charge: {cards}", "ja": "ダブルチャージ：{cards}"},
        "ly.option.dummy": {"en": "Place the Dummy (no battle)", "ja": "ダミーを置く（バトルしない）"},
        "ly.option.use": {"en": "Use the item", "ja": "アイテムを使う"},
        "ly.option.pass": {"en": "Pass", "ja": "パス"},
        "ly.option.gain": {"en": "Take {card}", "ja": "{card}を取得"},
        "ly.option.recolour": {"en": "Make them {attr}", "ja": "{attr}にする"},
        "ly.prompt.window": {"en": "Use your item now?", "ja": "アイテムを使いますか？"},
        "ly.prompt.window_item": {"en": "Use {card} now?", "ja": "{card}を今使いますか？"},
        "ly.prompt.battle": {
            "en": "Battle: place lyabi or the Dummy face down",
            "ja": "バトル：リャビかダミーを裏向きで置く",
        },
        "ly.prompt.gain": {"en": "Which Lv3 lyabi?", "ja": "どのLv3リャビを取りますか？"},
        "ly.prompt.recolour": {"en": "Which attribute?", "ja": "どの属性にしますか？"},
        "ly.prompt.gain_item": {
            "en": "{card}: which Lv3 lyabi do you take into your discard pile?",
            "ja": "{card}：どのLv3リャビを捨て札に取りますか？",
        },
        "ly.prompt.recolour_item": {
            "en": "{card}: which attribute do your battle lyabi count as?",
            "ja": "{card}：バトルのリャビをどの属性にしますか？",
        },
    }
)


def option(action: Action, view: PlayerView) -> Phrase:
    """A legal move as the action menu offers it ("Pay Lv5 Blue Lyabi for Lv3 Red Lyabi")."""
    kind = action.kind
    assert view.cardset is not None
    circles = set(view.zones[f"circles:{action.seat}"].cards) if kind == "circle" else set()
    paid = Cards(tuple(c for c in action.cards if c not in circles))
    if kind == "pick":
        return phrase("ly.option.pick", n=action.target)
    if kind in ("buy", "gain"):
        return phrase(f"ly.option.{kind}", cards=paid, card=_by_code(view, action.target))
    if kind == "change":
        codes = [c for c in action.target.split("+") if c]
        if not codes:
            return phrase("ly.option.change_none", cards=paid)
        return phrase("ly.option.change", cards=paid, taken=_by_code(view, *codes))
    if kind == "circle":
        out = tuple(c for c in action.cards if c in circles)
        if out:
            return phrase("ly.option.circle_out", cards=paid, out=Cards(out), level=action.target)
        return phrase("ly.option.circle", cards=paid, level=action.target)
    if kind == "charge":
        return phrase("ly.option.double" if len(action.cards) == 2 else "ly.option.charge", cards=paid)
    if kind == "recolour":
        return phrase("ly.option.recolour", attr=attr(action.target))
    return phrase(f"ly.option.{kind}", cards=paid)


def _by_code(view: PlayerView, *codes: str) -> Cards:
    """Cards of the pool named by code: the top card of each pile (its name is all a player needs)."""
    out = []
    for code in codes:
        pile = view.zones.get(f"supply:{code}")
        if pile is not None and pile.cards:
            out.append(pile.cards[-1])
    return Cards(tuple(out))


def prompt(kind: str, view: PlayerView) -> Phrase | None:
    """The pending decision as a question to the person who must answer it (an item's window names
    the item to its holder)."""
    if kind == "window" and view.seat is not None:
        held = view.zones[f"item:{view.seat}"].cards
        if held and held[0] >= 0:
            return phrase("ly.prompt.window_item", card=Cards(held[:1]))
    pending = view.pending
    source = pending.data.get("card") if pending is not None else None
    if kind in ("gain", "recolour") and isinstance(source, int) and source >= 0:
        return phrase(f"ly.prompt.{kind}_item", card=Cards((source,)))  # the item asking, by name
    key = f"ly.prompt.{kind}"
    return phrase(key) if key in WORDS else None


# -- refusals: the engine's reasons, matched to the words above ---------------------------------------
WORDS.update(
    {
        "ly.reason.costs": {
            "en": "it costs {cost}: you pay only {paid}",
            "ja": "コストは{cost}、支払いは{paid}だけです",
        },
        "ly.reason.same_cost": {
            "en": "making change cannot take 2 lyabi of the same cost",
            "ja": "同じコストのリャビ2枚は取得できません",
        },
        "ly.reason.cheaper": {
            "en": "making change takes only lyabi cheaper than the {paid} paid",
            "ja": "支払った{paid}未満のコストのリャビしか取得できません",
        },
        "ly.reason.not_in_hand": {
            "en": "that card is not in your hand",
            "ja": "そのカードは手札にありません",
        },
        "ly.reason.not_lyabi": {
            "en": "only lyabi are paid or charged",
            "ja": "支払い・充填できるのはリャビだけです",
        },
        "ly.reason.main": {"en": "that is done in the main phase", "ja": "それはメインフェイズで行います"},
        "ly.reason.item": {
            "en": "that is done in the item phase",
            "ja": "それはアイテム取得フェイズで行います",
        },
        "ly.reason.double": {
            "en": "a Double Charge is 2 lyabi of the same attribute",
            "ja": "ダブルチャージは同じ属性のリャビ2枚です",
        },
        "ly.reason.empty": {"en": "none is left in the pool", "ja": "プールに残っていません"},
        "ly.reason.name_circle": {
            "en": "you have {n} circles: name the one you remove",
            "ja": "魔法陣が{n}枚あります：除外する1枚を選んでください",
        },
        "ly.reason.no_item": {"en": "no item is left", "ja": "アイテムが残っていません"},
        "ly.reason.pay": {
            "en": "pay with 1 or more lyabi from your hand",
            "ja": "手札のリャビを1枚以上支払ってください",
        },
    }
)
REASONS: tuple[tuple[str, str], ...] = (
    (r"costs (?P<cost>\d+): you pay only (?P<paid>\d+)$", "ly.reason.costs"),
    (r"cannot take 2 lyabi of the same cost$", "ly.reason.same_cost"),
    (r"cheaper than the (?P<paid>\d+) paid$", "ly.reason.cheaper"),
    (r"is not in your hand$", "ly.reason.not_in_hand"),
    (r"only lyabi are paid or charged$", "ly.reason.not_lyabi"),
    (r"is done in the main phase$", "ly.reason.main"),
    (r"is done in the item phase$", "ly.reason.item"),
    (r"^a Double Charge is 2 lyabi", "ly.reason.double"),
    (r"is left in the pool$|circle is left$", "ly.reason.empty"),
    (r"^you have (?P<n>\d+) circles: name", "ly.reason.name_circle"),
    (r"^no item is left$", "ly.reason.no_item"),
    (r"^pay with 1 or more lyabi", "ly.reason.pay"),
)
_WORDS, _REASONS = refusal_words(
    (
        (
            r"^first answer the \w+ decision$",
            "ly.reason.answer",
            "first answer the decision",
            "先に今の選択に答えてください",
        ),
        (
            r"is done in the pick phase$",
            "ly.reason.pick",
            "that is done while choosing circles",
            "それは魔法陣選びのときに行います",
        ),
        (
            r"^a blind pick names a place in the pile",
            "ly.reason.blind",
            "a blind pick names a place in the pile, not a card",
            "山の中の位置を選びます（カードは選びません）",
        ),
        (
            r"^\S* is not a lyabi of the pool$",
            "ly.reason.no_such_lyabi",
            "that is not a lyabi of the pool",
            "それはプールのリャビではありません",
        ),
        (
            r"^making change pays exactly 1 lyabi$",
            "ly.reason.change_pay",
            "making change pays exactly 1 lyabi",
            "両替で支払うリャビはちょうど1枚です",
        ),
        (
            r"^making change takes at least 1 lyabi$",
            "ly.reason.change_none",
            "making change takes at least 1 lyabi",
            "両替では1枚以上のリャビを取得します",
        ),
        (
            r"^making change takes at most 2 lyabi$",
            "ly.reason.change_many",
            "making change takes at most 2 lyabi",
            "両替で取得できるリャビは2枚までです",
        ),
        (
            r"^write the lyabi taken in the pool's order: (?P<codes>.+)$",
            "ly.reason.change_order",
            "write the lyabi taken in the pool's order: {codes}",
            "取得するリャビはプールの順に書いてください：{codes}",
        ),
        (
            r"^you remove a circle only when you have the most",
            "ly.reason.no_removal",
            "you remove a circle only when you have the most you may place",
            "魔法陣を除外するのは、置ける上限まで持っているときだけです",
        ),
        (
            r"^a move names the lowest-numbered copy of a circle$",
            "ly.reason.circle_copy",
            "a move names the lowest-numbered copy of a circle",
            "同じ魔法陣が複数あるときは、番号のいちばん小さい1枚を選びます",
        ),
        (
            r"^\S* is not a circle level$",
            "ly.reason.no_level",
            "that is not a circle level",
            "そのレベルの魔法陣はありません",
        ),
        (
            r"^an item is used when its timing comes$",
            "ly.reason.item_timing",
            "an item is used when its timing comes",
            "アイテムは使えるタイミングが来たときに使います",
        ),
        (
            r"^lyabi are charged in the battle phase$",
            "ly.reason.charge_phase",
            "lyabi are charged in the battle phase",
            "リャビの充填はバトルで行います",
        ),
        (
            r"^charge 1 lyabi, or 2 of the same attribute",
            "ly.reason.charge_shape",
            "charge 1 lyabi, or 2 of the same attribute (a Double Charge)",
            "充填するのはリャビ1枚か、同じ属性のリャビ2枚（ダブルチャージ）です",
        ),
        (
            r"^the Dummy is placed in the battle phase$",
            "ly.reason.dummy_phase",
            "the Dummy is placed in the battle phase",
            "ダミーはバトルで置きます",
        ),
    )
)
WORDS.update(_WORDS)
REASONS += _REASONS


# -- the table's labels, buttons and panels -------------------------------------------------------------
WORDS.update(
    {
        "ly.label.items": {"en": "Items", "ja": "アイテム"},
        "ly.label.circles": {"en": "Lv{level} circle", "ja": "Lv{level}陣"},
        "ly.label.dummy": {"en": "Dummy", "ja": "ダミー"},
        "ly.label.out": {"en": "Out of the game", "ja": "除外"},
        "ly.label.out_lyabi": {"en": "lyabi {n}", "ja": "リャビ{n}"},
        "ly.label.out_circles": {"en": "circles {n}", "ja": "魔法陣{n}"},
        "ly.label.out_items": {"en": "items {n}", "ja": "アイテム{n}"},
        "ly.status.setup": {
            "en": "Setup: each takes a Lv0 circle unseen",
            "ja": "準備：Lv0魔法陣を見ずに1枚ずつ",
        },
        "ly.option.buy": {"en": "Take {card} (pay {cards})", "ja": "{card}を取得（{cards}を払う）"},
        "ly.option.change": {
            "en": "Take {taken} (change for {cards})",
            "ja": "{taken}を取得（{cards}で両替）",
        },
        "ly.option.circle": {
            "en": "Place a Lv{level} circle (pay {cards})",
            "ja": "Lv{level}魔法陣を配置（{cards}を払う）",
        },
        "ly.option.circle_out": {
            "en": "Place a Lv{level} circle, removing {out} (pay {cards})",
            "ja": "Lv{level}魔法陣を配置、{out}を除外（{cards}を払う）",
        },
        "ly.placed.note": {
            "en": "{who} placed 1 card face down: take it back, or Done",
            "ja": "{who}がカード1枚を裏向きで置きました：取り消すか決定",
        },
        "ly.placed.note_two": {
            "en": "{who} placed 2 cards face down: take them back, or Done",
            "ja": "{who}がカード2枚を裏向きで置きました：取り消すか決定",
        },
        "ly.tip.cost": {"en": "cost {n}", "ja": "コスト {n}"},
        "ly.tip.times": {"en": "times ×{n}", "ja": "倍数 ×{n}"},
        "ly.tip.atk": {"en": "ATK {n}", "ja": "ATK {n}"},
        # the card set's fields as a tooltip's provisional line names them (the shared field.* for the rest)
        "ly.field.atk": {"en": "ATK", "ja": "攻撃力"},
        "ly.field.times": {"en": "times", "ja": "倍数"},
        "ly.field.hand": {"en": "initial hand", "ja": "初期手札"},
        "ly.field.deck": {"en": "initial deck", "ja": "初期山札"},
        "ly.field.on": {"en": "timing", "ja": "タイミング"},
        "ly.status.battle_how": {
            "en": "Select 1 lyabi, or 2 of one attribute, then H (or drag them to your battle slot); D places the Dummy",
            "ja": "リャビ1枚か同じ属性の2枚を選んでH（バトル欄へドラッグでも可）。Dでダミー",
        },
        "ly.status.window": {"en": "{name}: use {item} now?", "ja": "{name}：{item}を今使いますか？"},
        "ly.status.window_other": {
            "en": "{name} decides whether to use an item",
            "ja": "{name}がアイテムを使うか選んでいます",
        },
        "ly.status.window_keys": {"en": "Use item (U) or Pass (P)", "ja": "使う（U）かパス（P）"},
        "ly.status.revealed": {
            "en": "The battle is revealed: click or Space to go on",
            "ja": "バトル公開：クリックかスペースで次へ",
        },
        "ly.button.continue": {"en": "Go on (Space)", "ja": "次へ（スペース）"},
        "ly.button.take_back": {"en": "Take back (Ctrl+Z)", "ja": "取り消す（Ctrl+Z）"},
        "ly.button.placed_done": {"en": "Done (Space)", "ja": "決定（スペース）"},
        "ly.option.replace": {"en": "Replace {circle}", "ja": "{circle}と入れ替える"},
        "ly.replace.title": {
            "en": "Which of your circles does the new one replace?",
            "ja": "新しい魔法陣でどれを入れ替えますか？",
        },
        "ly.replace.then": {
            "en": "Replacing {circle}: which one?",
            "ja": "{circle}と入れ替え：どれにしますか？",
        },
        "ly.replace.ask": {
            "en": "Click the circle to replace (C: list · Esc: cancel)",
            "ja": "入れ替える魔法陣をクリック（C：一覧・Esc：やめる）",
        },
        "ly.option.item": {"en": "Take an item (pay {cards})", "ja": "アイテムを取得（{cards}を払う）"},
        "ly.label.side": {"en": "{who}  HP {hp}", "ja": "{who}  HP {hp}"},
        "ly.label.priority": {"en": "  · priority", "ja": "・優先"},
        "ly.label.deck": {"en": "Deck {n}", "ja": "デッキ {n}"},
        "ly.label.discard": {"en": "Discard {n}", "ja": "捨て札 {n}"},
        "ly.label.item": {"en": "Item", "ja": "アイテム"},
        "ly.label.battle": {"en": "{name}'s battle", "ja": "{name}のバトル"},
        "ly.status.round": {"en": "Round {n}", "ja": "第{n}ラウンド"},
        "ly.status.phase": {"en": "{name}: {phase}", "ja": "{name}：{phase}"},
        "ly.status.waiting": {"en": "Waiting for {names}", "ja": "{names}の選択待ち"},
        "ly.panel.placed": {"en": "{name}: {what}", "ja": "{name}：{what}"},
        "ly.panel.draw": {"en": "A draw: no damage", "ja": "引き分け：ダメージなし"},
        "ly.panel.wins": {"en": "{name} wins the battle", "ja": "{name}のバトル勝利"},
        "ly.panel.part": {
            "en": "{circle}: ATK {atk} x {times} = {n}",
            "ja": "{circle}：ATK {atk} × {times} = {n}",
        },
        "ly.panel.no_circle": {
            "en": "No circle of that attribute: no damage",
            "ja": "同じ属性の魔法陣なし：ダメージなし",
        },
        "ly.panel.bonus": {"en": "War God's Sword: +{n}", "ja": "戦神の剣：+{n}"},
        "ly.panel.prevented": {"en": "Mirror of Wishes: all prevented", "ja": "願望の鏡：すべて防いだ"},
        "ly.panel.total": {"en": "Damage {n}", "ja": "ダメージ {n}"},
        "ly.public.title": {"en": "What each side acquired and paid", "ja": "両者の取得・支払いしたリャビ"},
        "ly.public.acquired": {"en": "Acquired", "ja": "取得"},
        "ly.public.spent": {"en": "Paid or discarded", "ja": "支払い・捨て札"},
        "ly.public.hint": {"en": "Public information only · V closes", "ja": "公開情報のみ・Vで閉じる"},
        "ly.button.acquire": {"en": "Acquire… (B)", "ja": "取得…（B）"},
        "ly.button.circle": {"en": "Circle… (C)", "ja": "魔法陣…（C）"},
        "ly.button.item": {"en": "Item… (I)", "ja": "アイテム…（I）"},
        "ly.button.charge": {"en": "Charge… (H)", "ja": "充填…（H）"},
        "ly.button.dummy": {"en": "Dummy (D)", "ja": "ダミー（D）"},
        "ly.button.use": {"en": "Use item (U)", "ja": "アイテムを使う（U）"},
        "ly.button.pass": {"en": "Pass (P)", "ja": "パス（P）"},
        "ly.button.public": {"en": "Decks (V)", "ja": "デッキ情報（V）"},
        "ly.button.public_close": {"en": "Close (V)", "ja": "閉じる（V）"},
        "param.lyabi.start_hp": {"en": "Starting HP", "ja": "初期HP"},
        "param.lyabi.dummy_concedes": {"en": "Dummy loses to lyabi", "ja": "ダミーはリャビに負ける"},
        "param.lyabi.priority": {"en": "Priority", "ja": "優先プレイヤー"},
        "param.lyabi.priority.alternate": {"en": "alternates each round", "ja": "ラウンドごとに交代"},
        "param.lyabi.priority.fixed": {"en": "stays with the setup winner", "ja": "準備の勝者のまま"},
        "param.lyabi.start_hp.hint": {
            "en": "Each player's HP at the start; the rulebook prints none (house rule).",
            "ja": "開始時の各プレイヤーのHP。ルールブックに記載がないため仮の値です。",
        },
        "param.lyabi.draw_in_round_one.hint": {
            "en": "Off: the initial HAND is round 1's hand. On: round 1 also draws 3.",
            "ja": "オフ：初期手札がそのまま1ラウンド目の手札。オン：1ラウンド目も3枚引く。",
        },
        "param.lyabi.dummy_concedes.hint": {
            "en": "On: a lyabi against a Dummy wins and deals damage. Off: no battle.",
            "ja": "オン：ダミー相手のリャビは勝ってダメージを与える。オフ：バトルは起きない。",
        },
        "param.lyabi.same_attribute.hint": {
            "en": "Two battle lyabi of one attribute: a draw, or the higher times wins.",
            "ja": "同じ属性のリャビどうし：引き分けか、timesの高い方の勝ち。",
        },
        "param.lyabi.priority.hint": {
            "en": "Who is the priority player: it alternates each round, or stays.",
            "ja": "優先プレイヤーがラウンドごとに交代するか、準備の勝者のままか。",
        },
        "param.lyabi.round_per_circle.hint": {
            "en": "With two matching circles: round each down, then add (off: add, then round).",
            "ja": "一致する魔法陣が2つのとき：それぞれ切り捨ててから合計（オフ：合計してから切り捨て）。",
        },
        "param.lyabi.change_may_take_none.hint": {
            "en": "Discarding one lyabi to take cheaper ones may take 0 (off: at least 1).",
            "ja": "1枚だけ捨ててコスト未満のリャビを取るとき、0枚でもよい（オフ：1枚以上）。",
        },
        "param.lyabi.deck_out.hint": {
            "en": "When a draw phase loses: no card at all left, or fewer than the 3 it draws.",
            "ja": "ドローフェイズで負けになるのは、1枚も引けないときか、3枚引けないときか。",
        },
        "param.lyabi.draw_in_round_one": {"en": "Draw phase in round 1", "ja": "1ラウンド目もドローフェイズ"},
        "param.lyabi.same_attribute": {"en": "Same attribute in battle", "ja": "同じ属性どうしのバトル"},
        "param.lyabi.same_attribute.value.draw": {"en": "Draw, no damage", "ja": "引き分け"},
        "param.lyabi.same_attribute.value.times": {"en": "Higher times wins", "ja": "timesの高い方が勝ち"},
        "param.lyabi.priority.value.alternate": {"en": "Alternates", "ja": "交代する"},
        "param.lyabi.priority.value.fixed": {"en": "Stays", "ja": "固定"},
        "param.lyabi.round_per_circle": {"en": "Round down per circle", "ja": "魔法陣ごとに切り捨て"},
        "param.lyabi.change_may_take_none": {
            "en": "One-card trade may take none",
            "ja": "1枚捨てての取得で0枚も可",
        },
        "param.lyabi.deck_out": {"en": "Deck runs out when", "ja": "デッキが全てなくなる判定"},
        "param.lyabi.deck_out.value.empty": {"en": "No card to draw", "ja": "1枚も引けない"},
        "param.lyabi.deck_out.value.short": {"en": "Fewer than 3", "ja": "3枚引けない"},
    }
)


# -- the results' score column: Lyabi is won on HP, and the column holds each player's HP left ----------
WORDS.update({"results.score.lyabi": {"en": "HP left", "ja": "残りHP"}})


def headline(view: PlayerView) -> Phrase | None:
    """Where the game stands, for the menu's Continue: the round under way."""
    n = view.data.get("round")
    return phrase("common.round", n=int(n)) if isinstance(n, int) and n > 0 else None
