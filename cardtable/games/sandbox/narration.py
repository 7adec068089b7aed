"""The sandbox in the log and the action menu, in English and Japanese ("Ann moves 7♥ from the hand to
the table"; 「Annが山札を裏返す」). A card a seat may not know is counted. Pure: no pygame."""

from __future__ import annotations

from collections.abc import Sequence

from ...rules.actions import Action
from ...rules.cards import CardSpec
from ...rules.events import Announced, CardsMoved, DiceRolled, Event, GameEnded, Shuffled
from ...rules.narration import Cards, Phrase, Seat, Word, phrase, refusal_words
from ...rules.view import PlayerView

WORDS: dict[str, dict[str, str]] = {
    "game.sandbox.description": {
        "en": "Any card set on a table with no rules: move, flip, shuffle, deal, search, roll, count.",
        "ja": "ルールなしでどのカードセットでも遊べる卓：移動・裏返し・シャッフル・配る・探す・ダイス・カウンター。",
    },
    # the default layout's piles (a set's own `sandbox:` section names its piles in its own words)
    "sb.pile.deck": {"en": "deck", "ja": "山札"},
    "sb.pile.discard": {"en": "discard", "ja": "捨て札"},
    "sb.pile.table": {"en": "table", "ja": "場"},
    "sb.counter.points": {"en": "points", "ja": "得点"},
    "sb.move": {"en": "{who} moves {cards} from {src} to {dst}", "ja": "{who}が{cards}を{src}から{dst}へ"},
    "sb.take": {
        "en": "{who} takes {cards} from {src} to {dst}",
        "ja": "{who}が{src}から{dst}へ{cards}を取る",
    },
    "sb.flip_up": {"en": "{who} turns {pile} face up", "ja": "{who}が{pile}を表向きにする"},
    "sb.flip_down": {"en": "{who} turns {pile} face down", "ja": "{who}が{pile}を裏向きにする"},
    "sb.shuffle": {"en": "{who} shuffles {pile}", "ja": "{who}が{pile}をシャッフル"},
    "sb.deal": {"en": "{who} deals {n} from {pile} to each hand", "ja": "{who}が{pile}から各自に{n}枚配る"},
    "sb.search": {"en": "{who} searches {pile}", "ja": "{who}が{pile}の中を探す"},
    "sb.done": {"en": "{who} puts {pile} back", "ja": "{who}が{pile}を元に戻す"},
    "sb.roll": {"en": "{who} rolls {faces}", "ja": "{who}のダイスは{faces}"},
    "sb.count": {"en": "{who}: {counter} {value}", "ja": "{who}：{counter} {value}"},
    "sb.pass": {"en": "{who} passes to the next seat", "ja": "{who}が次の人に手番を渡す"},
    "sb.close": {"en": "{who} closes the table", "ja": "{who}が卓を閉じる"},
    "sb.shuffled": {"en": "{pile} is shuffled", "ja": "{pile}をシャッフル"},
    "sb.hand_of": {"en": "{who}'s hand", "ja": "{who}の手札"},
    "sb.search_of": {"en": "{who}'s search", "ja": "{who}の捜索中の束"},
    "sb.option.move": {"en": "Move {cards} from {src} to {dst}", "ja": "{cards}を{src}から{dst}へ"},
    "sb.option.take": {"en": "Take the top card of {src} to {dst}", "ja": "{src}の一番上を{dst}へ"},
    "sb.option.flip": {"en": "Flip {pile} over", "ja": "{pile}を裏返す"},
    "sb.option.turn": {
        "en": "Turn this card on {pile} (tap)",
        "ja": "{pile}のこのカードを横向きに（タップ）",
    },
    "sb.option.flip_card": {"en": "Flip this card on {pile}", "ja": "{pile}のこのカードを裏返す"},
    "sb.option.take_card": {
        "en": "Take this face-down card from {src} to {dst}",
        "ja": "{src}の裏向きのこのカードを{dst}へ",
    },
    "sb.option.spread": {"en": "Spread {pile} out", "ja": "{pile}を広げる"},
    "sb.option.stack": {"en": "Stack {pile} again", "ja": "{pile}を重ねる"},
    "sb.option.zoom": {"en": "Zoom on this card", "ja": "このカードを拡大"},
    "sb.flip_card_up": {
        "en": "{who} turns a card on {pile} face up",
        "ja": "{who}が{pile}のカードを表向きにする",
    },
    "sb.flip_card_down": {
        "en": "{who} turns a card on {pile} face down",
        "ja": "{who}が{pile}のカードを裏向きにする",
    },
    "sb.turn_card": {
        "en": "{who} turns a card on {pile} sideways",
        "ja": "{who}が{pile}のカードを横向きにする",
    },
    "sb.untap_card": {
        "en": "{who} turns a card on {pile} upright",
        "ja": "{who}が{pile}のカードを縦向きに戻す",
    },
    "sb.slide": {"en": "{who} moves a card on {pile}", "ja": "{who}が{pile}のカードを動かす"},
    "sb.spread": {"en": "{who} spreads {pile} out", "ja": "{who}が{pile}を広げる"},
    "sb.stack": {"en": "{who} stacks {pile}", "ja": "{who}が{pile}を重ねる"},
    "sb.option.shuffle": {"en": "Shuffle {pile}", "ja": "{pile}をシャッフル"},
    "sb.option.deal": {"en": "Deal {n} from {pile} to each hand", "ja": "{pile}から各自に{n}枚配る"},
    "sb.option.search": {"en": "Search {pile} (in private)", "ja": "{pile}の中を探す（自分だけ）"},
    "sb.option.done": {"en": "Done searching: put the rest back", "ja": "探し終える：残りを戻す"},
    "sb.option.roll": {"en": "Roll the dice", "ja": "ダイスを振る"},
    "sb.option.count_up": {"en": "{counter} +1", "ja": "{counter} +1"},
    "sb.option.count_down": {"en": "{counter} -1", "ja": "{counter} -1"},
    "sb.option.pass": {"en": "Pass to the next seat", "ja": "次の人に渡す"},
    "sb.option.close": {"en": "Close the table (end the session)", "ja": "卓を閉じる（終了）"},
    "sb.button.done": {"en": "Done searching (D)", "ja": "探し終える（D）"},
    "sb.button.roll": {"en": "Roll (R)", "ja": "ダイス（R）"},
    "sb.button.count": {"en": "Counters (C)", "ja": "カウンター（C）"},
    "sb.button.pass": {"en": "Pass (P)", "ja": "パス（P）"},
    "sb.label.pile": {"en": "{name} ({n})", "ja": "{name}（{n}枚）"},
    "sb.label.hand": {"en": "hand {n}", "ja": "手札{n}枚"},
    "sb.label.searching": {
        "en": "Searching {pile}: drag what you want, then Done (D)",
        "ja": "{pile}を探索中：欲しいカードをドラッグし、終えたら探し終える（D）",
    },
    "sb.status.turn": {"en": "{name}'s turn", "ja": "{name}の番"},
    "sb.status.dice": {"en": "Dice: {faces} (total {total})", "ja": "ダイス：{faces}（合計{total}）"},
    "param.sandbox.cardset": {"en": "Card set", "ja": "カードセット"},
    # a file dropped onto the window (cardtable/ui/scenes/open_set.py)
    "open.title": {"en": "Open a card set", "ja": "カードセットを開く"},
    "open.not_a_set": {
        "en": "{name} is no card set: drop a .yaml or .csv file",
        "ja": "{name}はカードセットではありません：.yamlか.csvのファイルをドロップしてください",
    },
    "open.failed": {"en": "It did not open: {error}", "ja": "開けませんでした：{error}"},
    "open.csv_alone": {
        "en": "{name} is a card list: drop the set's .yaml file that names it (cards: {name})",
        "ja": "{name}はカード一覧です：それを指定しているセットの.yamlファイル（cards: {name}）をドロップしてください",
    },
    "open.menu": {"en": "Open a card set…", "ja": "カードセットを開く…"},
    "open.hint": {
        "en": "Type or paste the path of a card set file (.yaml or .csv) and press Enter; it opens in the "
        "Sandbox for two. You can also drop the file onto the window.",
        "ja": "カードセットのファイル（.yaml か .csv）のパスを入力か貼り付けしてEnter。サンドボックスで2人用に開きます。"
        "ファイルをウィンドウにドロップしても開けます。",
    },
    "open.placeholder": {"en": "/path/to/my_set.yaml", "ja": "/path/to/my_set.yaml"},
    "open.recent": {"en": "Opened lately", "ja": "最近開いたファイル"},
    "open.back": {"en": "Back", "ja": "戻る"},
    "open.missing": {"en": "No such file: {name}", "ja": "ファイルがありません：{name}"},
    "sb.reason.search": {"en": "finish the search first (done)", "ja": "先に探し終えてください"},
    "sb.reason.move": {
        "en": "you can only move a card you can see, to another pile or hand",
        "ja": "見えているカードだけを、別の山か手札へ動かせます",
    },
}


def card_name(spec: CardSpec, language: str) -> str:
    """The card's name in the card set, in the language."""
    return spec.name.get(language)


def zone_word(zone: str) -> object:
    """A zone as players name it: a pile by its name, a hand or a search by its seat."""
    if zone.startswith("hand:"):
        return Word("sb.hand_of", {"who": Seat(int(zone[5:]))})
    if zone.startswith("search:"):
        return Word("sb.search_of", {"who": Seat(int(zone[7:]))})
    if pile_key(zone) is not None:
        return Word(f"sb.pile.{zone}", {})
    return zone


def mat_of(target: str) -> str:
    """The pile a target on a mat names: `table:down@2` and `table@500,40` are on `table`."""
    return target.partition("@")[0].removesuffix(":down")


def counter_word(name: str) -> object:
    """A counter as players name it: the default one (points) in the language, a designer's by its name."""
    return Word(f"sb.counter.{name}", {}) if f"sb.counter.{name}" in WORDS else name


def pile_key(name: str) -> str | None:
    """The words key of a pile the default layout names (deck, discard, table), else None: a pile the
    designer named keeps its own name in every language."""
    key = f"sb.pile.{name}"
    return key if key in WORDS else None


def option(action: Action, view: PlayerView) -> Phrase:
    """A legal move as the action menu offers it."""
    kind, target = action.kind, action.target
    if kind in ("move", "take"):
        src, _, dst = target.partition(">")
        key = "sb.option.take_card" if "@" in src else f"sb.option.{kind}"
        return phrase(key, cards=Cards(action.cards), src=zone_word(mat_of(src)), dst=zone_word(mat_of(dst)))
    if kind in ("flip", "turn") and "@" in target:
        return phrase(
            "sb.option.flip_card" if kind == "flip" else "sb.option.turn", pile=zone_word(mat_of(target))
        )
    if kind == "deal":
        pile, _, n = target.partition("*")
        return phrase("sb.option.deal", pile=zone_word(pile), n=int(n))
    if kind == "count":
        return phrase(
            "sb.option.count_up" if target.endswith("+") else "sb.option.count_down",
            counter=counter_word(target[:-1]),
        )
    return phrase(f"sb.option.{kind}", pile=zone_word(target))


def prompt(kind: str, view: PlayerView) -> Phrase | None:
    """The sandbox asks no questions."""
    return None


def narrate(action: Action | None, events: Sequence[Event], view: PlayerView) -> list[Phrase]:
    """A move and what followed, as `view`'s seat may know it."""
    out: list[Phrase] = []
    who = Seat(action.seat) if action is not None else None
    if action is not None:
        kind, target = action.kind, action.target
        if kind in ("move", "take"):
            src, _, dst = target.partition(">")
            moved = next((e for e in events if isinstance(e, CardsMoved)), None)
            cards = Cards(tuple(getattr(moved, "cards", action.cards)))
            src, dst = mat_of(src), mat_of(dst)
            if src == dst:  # a card moved to another spot of its mat
                out.append(phrase("sb.slide", who=who, pile=zone_word(src)))
            else:
                out.append(phrase(f"sb.{kind}", who=who, cards=cards, src=zone_word(src), dst=zone_word(dst)))
        elif kind == "deal":
            pile, _, n = target.partition("*")
            out.append(phrase("sb.deal", who=who, pile=zone_word(pile), n=int(n)))
        elif kind in ("shuffle", "search"):
            out.append(phrase(f"sb.{kind}", who=who, pile=zone_word(target)))
        elif kind == "done":
            pile = next((e.dst for e in events if getattr(e, "why", "") == "search"), "")
            out.append(phrase("sb.done", who=who, pile=zone_word(pile) if pile else "…"))
        elif kind in ("pass", "close"):
            out.append(phrase(f"sb.{kind}", who=who))
    for event in events:
        if isinstance(event, Announced) and event.what == "flip":
            key = "sb.flip_up" if event.detail.get("up") else "sb.flip_down"
            key = key.replace("flip_", "flip_card_") if event.detail.get("card") else key
            out.append(phrase(key, who=Seat(event.seat), pile=zone_word(str(event.detail.get("pile")))))
        elif isinstance(event, Announced) and event.what == "turn":
            key = "sb.turn_card" if event.detail.get("turned") else "sb.untap_card"
            out.append(phrase(key, who=Seat(event.seat), pile=zone_word(str(event.detail.get("pile")))))
        elif isinstance(event, Announced) and event.what == "spread":
            key = "sb.spread" if event.detail.get("spread") else "sb.stack"
            out.append(phrase(key, who=Seat(event.seat), pile=zone_word(str(event.detail.get("pile")))))
        elif isinstance(event, Announced) and event.what == "count":
            detail = event.detail
            out.append(
                phrase(
                    "sb.count",
                    who=Seat(event.seat),
                    counter=counter_word(str(detail.get("counter"))),
                    value=detail.get("value"),
                )
            )
        elif isinstance(event, DiceRolled):
            out.append(phrase("sb.roll", who=Seat(event.seat), faces=", ".join(map(str, event.results))))
        elif isinstance(event, Shuffled) and action is not None and action.kind == "done":
            out.append(phrase("sb.shuffled", pile=zone_word(event.zone)))
        elif isinstance(event, GameEnded):
            pass  # the shared words tell the end
    return out


REASONS: tuple[tuple[str, str], ...] = (
    (r"^finish the search first", "sb.reason.search"),
    (r"^you can only move a card you can see", "sb.reason.move"),
)
_WORDS, _REASONS = refusal_words(
    (
        (
            r"^take from a pile to another pile or a hand$",
            "sb.reason.take",
            "take from a pile to another pile or a hand",
            "山から別の山か手札へ取ります",
        ),
        (r"^that pile is empty$", "sb.reason.empty", "that pile is empty", "その山にはカードがありません"),
        (
            r"^there is nobody to pass to$",
            "sb.reason.alone",
            "there is nobody to pass to",
            "一人で遊んでいるので、番を渡す相手がいません",
        ),
        (
            r"^its top card shows: move that card instead$",
            "sb.reason.top_shows",
            "its top card shows: move that card instead",
            "一番上のカードは見えています：そのカードを動かしてください",
        ),
        (r" is not a pile$", "sb.reason.no_pile", "that is not a pile", "それは山ではありません"),
        (
            r"^there is nothing to shuffle$",
            "sb.reason.no_shuffle",
            "there is nothing to shuffle",
            "シャッフルするほどのカードがありません",
        ),
        (
            r"^every card of that pile shows already$",
            "sb.reason.all_shown",
            "every card of that pile shows already",
            "その山のカードはすべて見えています",
        ),
        (
            r"^deal from a pile, 1 to (?P<n>\d+) cards to each hand$",
            "sb.reason.deal",
            "deal from a pile, 1 to {n} cards to each hand",
            "山から各自に1〜{n}枚配ります",
        ),
        (
            r"^not enough cards in that pile$",
            "sb.reason.deal_short",
            "not enough cards in that pile",
            "その山のカードが足りません",
        ),
        (
            r"^you are not searching$",
            "sb.reason.not_searching",
            "you are not searching",
            "今は探していません",
        ),
        (r"^no such counter$", "sb.reason.no_counter", "no such counter", "そのカウンターはありません"),
        (
            r"^flip or turn a card on a mat, or flip a pile$",
            "sb.reason.card",
            "flip or turn a card on a mat, or flip a pile",
            "場のカード1枚を裏返すか横向きにするか、山を裏返します",
        ),
        (
            r"^a card on a mat lies where it was put: flip or turn it on its own$",
            "sb.reason.mat",
            "a card on a mat lies where it was put: flip or turn it on its own",
            "場のカードは置いた場所にあります：1枚ずつ裏返すか横向きにしてください",
        ),
        (
            r"^that pile is spread out already$",
            "sb.reason.spread",
            "that pile is spread out already",
            "その山はもう広げてあります",
        ),
        (
            r"^that pile is stacked already$",
            "sb.reason.stacked",
            "that pile is stacked already",
            "その山はもう重ねてあります",
        ),
        (
            r"^\w+ takes no target$",
            "sb.reason.no_target",
            "that move takes no target",
            "その手では山を選びません",
        ),
    )
)
WORDS.update(_WORDS)
REASONS += _REASONS
