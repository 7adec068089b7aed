"""The words of every data game that are not in its file: the interpreter's refusals in both
languages (the pattern that reads each English sentence rules.py writes, and its words). A game's
own words (its title, zones, move labels, end reasons) are in its file, in English and Japanese.
Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...rules.actions import Action
from ...rules.events import Announced, Committed, Event
from ...rules.narration import Phrase, Refusal, Seat, Text, phrase, refusal_words
from ...rules.view import PlayerView
from .common import REVEALED
from .rules import DECLINE, PICK, STOP, USE

if TYPE_CHECKING:
    from .rules import DataGame

REFUSALS: tuple[Refusal, ...] = (
    (
        r"^\w+ is not a move of this step$",
        "dg.reason.step",
        "that move is not a move of this step",
        "その手は今のステップではできません",
    ),
    ("^that pile is empty$", "dg.reason.pile_empty", "that pile is empty", "その山は空です"),
    ("^name each card once$", "dg.reason.once", "name each card once", "同じカードは1回だけ指定してください"),
    (
        "^that move takes the top card of the pile$",
        "dg.reason.top",
        "that move takes the top card of the pile",
        "この手は山の一番上のカードを取ります",
    ),
    (
        "^those cards are not yours to play$",
        "dg.reason.not_yours",
        "those cards are not yours to play",
        "そのカードは出せません",
    ),
    (
        "^lay off one card on a meld$",
        "dg.reason.lay_off",
        "lay off one card on a meld",
        "付けるのは1枚を場の組にです",
    ),
    (
        "^lay off on a meld on the table$",
        "dg.reason.lay_off_table",
        "lay off on a meld on the table",
        "場にある組に付けてください",
    ),
    (
        "^a meld names no target$",
        "dg.reason.meld_target",
        "a meld names no target",
        "組を出す手は行き先を指定しません",
    ),
    (
        "^there is no room for another meld$",
        "dg.reason.room",
        "there is no room for another meld",
        "これ以上組を出す場所がありません",
    ),
    (
        r"^those cards make no (?P<what>.+)$",
        "dg.reason.no_pattern",
        "those cards make no {what}",
        "そのカードは役（{what}）になりません",
    ),
    (
        r"^that needs (?P<low>\d+) to (?P<high>\d+) cards$",
        "dg.reason.size",
        "that needs {low} to {high} cards",
        "{low}〜{high}枚必要です",
    ),
    (
        r"^that needs exactly (?P<n>\d+) cards$",
        "dg.reason.exactly",
        "that needs exactly {n} cards",
        "ちょうど{n}枚必要です",
    ),
    (
        r"^every card needs (?P<field>\w+) (?P<value>\S+)$",
        "dg.reason.field",
        "every card needs {field} {value}",
        "どのカードも{field}が{value}である必要があります",
    ),
    (
        r"^the cards need the same (?P<field>\w+)$",
        "dg.reason.same",
        "the cards need the same {field}",
        "カードの{field}がそろっている必要があります",
    ),
    (
        r"^the cards need consecutive (?P<field>\w+)$",
        "dg.reason.consecutive",
        "the cards need consecutive {field}",
        "カードの{field}が連続している必要があります",
    ),
    (
        r"^the (?P<zone>.+?) is not empty$",
        "dg.reason.not_empty",
        "the {zone} is not empty",
        "{zone}が空ではありません",
    ),
    (r"^the (?P<zone>.+?) is empty$", "dg.reason.empty", "the {zone} is empty", "{zone}が空です"),
    (
        r"^the (?P<zone>.+?) needs at least (?P<n>\d+) cards$",
        "dg.reason.at_least",
        "the {zone} needs at least {n} cards",
        "{zone}に{n}枚以上必要です",
    ),
    (
        r"^the (?P<zone>.+?) holds more than (?P<n>\d+) cards$",
        "dg.reason.at_most",
        "the {zone} holds more than {n} cards",
        "{zone}が{n}枚を超えています",
    ),
    (
        r"^(?P<counter>.+?) is below (?P<n>-?\d+)$",
        "dg.reason.counter_low",
        "{counter} is below {n}",
        "{counter}が{n}未満です",
    ),
    (
        r"^(?P<counter>.+?) is above (?P<n>-?\d+)$",
        "dg.reason.counter_high",
        "{counter} is above {n}",
        "{counter}が{n}を超えています",
    ),
    (
        r"^(?P<move>\w+) was made (?P<n>\d+) times this step already$",
        "dg.reason.made",
        "{move} was made {n} times this step already",
        "{move}はこのステップですでに{n}回行いました",
    ),
)

REFUSALS += (
    (
        "^there is no choice to make now$",
        "dg.reason.no_choice",
        "there is no choice to make now",
        "今は選ぶものがありません",
    ),
    (
        "^that choice is another card's$",
        "dg.reason.other_choice",
        "that choice is another card's",
        "それは別のカードの選択です",
    ),
    (
        "^name no card to stop choosing$",
        "dg.reason.stop_card",
        "name no card to stop choosing",
        "選ぶのを終えるときはカードを指定しません",
    ),
    (
        "^choose one card of that pile$",
        "dg.reason.choose_one",
        "choose one card of that pile",
        "その山のカードを1枚選んでください",
    ),
    (
        "^finish the choice first$",
        "dg.reason.finish_choice",
        "finish the choice first",
        "先に選択を終えてください",
    ),
    (
        "^buy the top card of a pile$",
        "dg.reason.buy_top",
        "buy the top card of a pile",
        "買えるのは山の一番上のカードです",
    ),
    (
        r"^that costs (?P<cost>-?\d+) and you have (?P<have>-?\d+)$",
        "dg.reason.cost",
        "that costs {cost} and you have {have}",
        "コストは{cost}で、手持ちは{have}です",
    ),
    (
        r"^fewer than (?P<n>\d+) piles of the (?P<zone>.+?) are empty$",
        "dg.reason.empty_groups",
        "fewer than {n} piles of the {zone} are empty",
        "{zone}の空の山が{n}つ未満です",
    ),
)
REFUSALS += (
    (
        r"^only (?P<n>\d+) turns have been played$",
        "dg.reason.turns",
        "only {n} turns have been played",
        "まだ{n}ターンしか経っていません",
    ),
)
REFUSALS += (  # the rounds, commits, windows and buys paid with cards (Lyabi written as data)
    (
        "^you have placed yours already$",
        "dg.reason.placed",
        "you have placed yours already",
        "もう伏せて置きました",
    ),
    (
        r"^\w+ is not a move now: (?P<moves>.+)$",
        "dg.reason.commit",
        "that move is not a move now: {moves}",
        "今はその手はできません（できるのは {moves}）",
    ),
    (
        r"^those cards are not in your (?P<zone>.+)$",
        "dg.reason.not_in",
        "those cards are not in your {zone}",
        "そのカードはあなたの{zone}にありません",
    ),
    (
        r"^\w+ names its cards, each once$",
        "dg.reason.cards_once",
        "name its cards, each once",
        "カードを1回ずつ指定してください",
    ),
    (
        r"^\w+ names no target$",
        "dg.reason.no_target",
        "that move names no target",
        "この手は行き先を指定しません",
    ),
    (r"^\w+ names nothing$", "dg.reason.nothing", "that move names nothing", "この手は何も指定しません"),
    ("^buy from a pile$", "dg.reason.pile", "buy from a pile", "山から取得してください"),
    (
        r"^no card is left in the (?P<zone>.+)$",
        "dg.reason.none_left",
        "no card is left in the {zone}",
        "{zone}にカードが残っていません",
    ),
    (
        r"^no (?P<pile>\S+) is left in the (?P<zone>.+)$",
        "dg.reason.pile_left",
        "no {pile} is left in the {zone}",
        "{zone}に{pile}が残っていません",
    ),
    (
        r"^pay with 1 or more cards from your (?P<zone>.+)$",
        "dg.reason.pay_cards",
        "pay with 1 or more cards from your {zone}",
        "{zone}から1枚以上払ってください",
    ),
    (
        r"^a card of the (?P<zone>.+?) (?P<pile>\S+) costs (?P<cost>\d+): you pay only (?P<paid>\d+)$",
        "dg.reason.pile_costs",
        "a card of the {zone} {pile} costs {cost}: you pay only {paid}",
        "{zone}{pile}のカードはコスト{cost}、払ったのは{paid}だけです",
    ),
    (
        r"^a card of the (?P<zone>.+?) costs (?P<cost>\d+): you pay only (?P<paid>\d+)$",
        "dg.reason.zone_costs",
        "a card of the {zone} costs {cost}: you pay only {paid}",
        "{zone}のカードはコスト{cost}、払ったのは{paid}だけです",
    ),
    (
        r"^(?P<card>\S+) costs (?P<cost>\d+): you pay only (?P<paid>\d+)$",
        "dg.reason.costs",
        "{card} costs {cost}: you pay only {paid}",
        "{card}はコスト{cost}、払ったのは{paid}だけです",
    ),
    (
        "^another player answers first$",
        "dg.reason.answers",
        "another player answers first",
        "先に別のプレイヤーが答えます",
    ),
    (
        r"^first answer whether to use your card now \((?P<timing>\w+)\): use or pass$",
        "dg.reason.window",
        "first answer whether to use your card now ({timing}): use or pass",
        "先にカードを今使うか答えてください（{timing}）：使う・パス",
    ),
    (
        r"^(?P<word>.+) is not a pile \((?P<piles>.+)\)$",
        "dg.reason.not_pile",
        "{word} is not a pile ({piles})",
        "{word}は山ではありません（{piles}）",
    ),
    (
        r"^only (?P<n>\d+) rounds are over$",
        "dg.reason.rounds_over",
        "only {n} rounds are over",
        "まだ{n}ラウンドしか終わっていません",
    ),
    (
        r"^pay exactly 1 card from your (?P<zone>.+)$",
        "dg.reason.pay_one",
        "pay exactly 1 card from your {zone}",
        "{zone}からちょうど1枚払ってください",
    ),
    (
        r"^take (?P<low>\d+) to (?P<high>\d+) cards$",
        "dg.reason.take",
        "take {low} to {high} cards",
        "取るのは{low}〜{high}枚です",
    ),
    (
        r"^take only cards cheaper than the (?P<paid>\d+) paid$",
        "dg.reason.cheaper",
        "take only cards cheaper than the {paid} paid",
        "払った{paid}より安いカードだけを取れます",
    ),
    (
        "^cannot take 2 cards of the same cost$",
        "dg.reason.same_cost",
        "cannot take 2 cards of the same cost",
        "同じコストのカードを2枚は取れません",
    ),
    (
        r"^your (?P<zone>.+) are full: name 1 of them to go to the (?P<out>.+)$",
        "dg.reason.full",
        "your {zone} are full: name 1 of them to go to the {out}",
        "{zone}がいっぱいです：{out}へ移す1枚を指定してください",
    ),
    (
        r"^name 1 of your (?P<zone>.+) only when they are full$",
        "dg.reason.not_full",
        "name 1 of your {zone} only when they are full",
        "{zone}がいっぱいの時だけ1枚を指定します",
    ),
    ("^it is not your turn$", "dg.reason.not_your_turn", "it is not your turn", "あなたの番ではありません"),
    ("^it is your turn$", "dg.reason.your_turn", "it is your turn", "あなたの番です"),
    (
        "^there is nothing to use now$",
        "dg.reason.use",
        "there is nothing to use now",
        "今使えるものはありません",
    ),
    (
        r"^this is round (?P<now>\d+), before round (?P<n>\d+)$",
        "dg.reason.rounds",
        "this is round {now}, before round {n}",
        "今は{now}ラウンド目で、{n}ラウンド目より前です",
    ),
)
REFUSALS += (
    (
        r"^first answer the (?P<word>\w+) decision$",
        "dg.reason.answer_first",
        "first answer the {word} decision",
        "先に{word}の選択に答えてください",
    ),
    (
        r"^(?P<kind>\w+) names a pile, not a card$",
        "dg.reason.names_pile",
        "{kind} names a pile, not a card",
        "{kind}はカードではなく山を指定します",
    ),
    (
        r"^take the top card of a pile of the (?P<zone>.+?) whose top card's (?P<field>\w+) is (?P<value>.+)$",
        "dg.reason.pile_whose",
        "take the top card of a pile of the {zone} whose top card's {field} is {value}",
        "{zone}の、一番上のカードの{field}が{value}の山から取ってください",
    ),
    (
        r"^take the top card of a pile of the (?P<zone>.+)$",
        "dg.reason.pile_of",
        "take the top card of a pile of the {zone}",
        "{zone}の山の一番上のカードを取ってください",
    ),
    (
        "^another player picks now$",
        "dg.reason.other_picks",
        "another player picks now",
        "今は他のプレイヤーが選ぶ番です",
    ),
    (
        "^a blind pick names a place in the pile, not a card$",
        "dg.reason.blind",
        "a blind pick names a place in the pile, not a card",
        "伏せた山から取る時は、カードではなく上からの位置を指定します",
    ),
    (
        r"^(?P<kind>\w+) is not a move of the setup$",
        "dg.reason.setup",
        "{kind} is not a move of the setup",
        "{kind}は準備中の手ではありません",
    ),
    (
        r"^(?P<kind>\w+) names one of (?P<values>.+)$",
        "dg.reason.one_of",
        "{kind} names one of {values}",
        "{kind}は次のどれかを指定します：{values}",
    ),
    (
        r"^(?P<param>\w+) is (?P<value>\S+), not (?P<equals>\S+)$",
        "dg.reason.param",
        "{param} is {value}, not {equals}",
        "{param}は{value}で、{equals}ではありません",
    ),
)
WORDS, REASONS = refusal_words(REFUSALS)
WORDS.update(
    {
        "dg.move": {"en": "{who}: {what}", "ja": "{who}：{what}"},
        "dg.committed": {"en": "{who} chooses face down", "ja": "{who}が裏向きで選ぶ"},
        "dg.revealed": {"en": "{who} reveals: {what}", "ja": "{who}の公開：{what}"},
        "dg.hooked": {"en": "{what}", "ja": "{what}"},
        "dg.option": {"en": "{what}", "ja": "{what}"},
        "dg.ending": {"en": "The game ended: {why}", "ja": "ゲーム終了：{why}"},
        "dg.turn": {"en": "{who}'s turn", "ja": "{who}の番"},
        "dg.turn_step": {"en": "{who}'s turn: {step}", "ja": "{who}の番：{step}"},
        "dg.turn_setup": {"en": "{who}'s turn: setup", "ja": "{who}の番：ゲームの準備"},
        "dg.zone": {"en": "{zone} ({n})", "ja": "{zone}（{n}）"},
        "dg.counts": {"en": "{zone} {n}", "ja": "{zone}{n}"},
        "dg.counter": {"en": "{name}: {n}", "ja": "{name}：{n}"},
        "dg.group": {"en": "{zone} {n}", "ja": "{zone}{n}"},
        "dg.hint.drag": {
            "en": "Drag a card where it goes, click a pile, or press A for every move",
            "ja": "カードを行き先へドラッグ、山をクリック、またはAで手の一覧",
        },
        "dg.prompt.window": {
            "en": "Use your card now? (its timing: {timing})",
            "ja": "カードを今使いますか？（タイミング：{timing}）",
        },
        "dg.prompt.commit": {
            "en": "Choose face down: every choice is shown once all are in",
            "ja": "伏せて選んでください：全員が選ぶと同時に公開されます",
        },
        "dg.hint.select": {
            "en": "Click cards to select several, then drag them together",
            "ja": "カードをクリックで複数選び、まとめてドラッグ",
        },
    }
)


def _game(view: PlayerView) -> DataGame | None:
    from ...games import get_game
    from .rules import DataGame

    game = get_game(view.game)
    return game if isinstance(game, DataGame) else None


def _said(view: PlayerView, action: Action) -> Text | None:
    """The move in its template's words from the game's file, in both languages."""
    game = _game(view)
    if (
        game is None
        or view.cardset is None
        or action.kind not in (*game.moves, PICK, STOP, USE, DECLINE, *game.choice_words)
    ):
        return None
    return Text(en=game.words(view.cardset, action, "en"), ja=game.words(view.cardset, action, "ja"))


def narrate(action: Action | None, events: Sequence[Event], view: PlayerView) -> list[Phrase]:
    """The log's lines for a move: who, and the move in its template's words from the game's file;
    another seat's hidden choice as only that they chose; once every choice of a commit is in, each
    in its words; and what a game's hooks announced, in the words of its `log` hook."""
    out: list[Phrase] = []
    what = _said(view, action) if action is not None else None
    if action is not None and what is not None:
        out.append(phrase("dg.move", who=Seat(action.seat), what=what))
    game = _game(view)
    said_by_hook = game.hooks.get("log") if game is not None else None
    reveals = any(isinstance(e, Announced) and e.what == REVEALED for e in events)
    for event in events:
        if isinstance(event, Committed) and event.choice is None and not reveals:  # not this seat's
            out.append(phrase("dg.committed", who=Seat(event.seat)))
        elif isinstance(event, Announced) and event.what == REVEALED:
            if event.seat == view.seat or action is not None and event.seat == action.seat:
                continue  # the seat's own choice: its line when it chose (or the mover's line above)
            detail = event.detail
            choice = Action(event.seat, str(detail["kind"]), tuple(detail["cards"]), str(detail["target"]))
            shown = _said(view, choice)
            if shown is not None:
                out.append(phrase("dg.revealed", who=Seat(event.seat), what=shown))
        elif isinstance(event, Announced) and said_by_hook is not None:
            line = said_by_hook(game, event)
            if line is not None:
                who, text = line
                out.append(
                    phrase("dg.move", who=Seat(who), what=text)
                    if who is not None
                    else phrase("dg.hooked", what=text)
                )
    return out


def option(action: Action, view: PlayerView) -> Phrase:
    """A legal move as the action menu offers it: its template's words (KeyError for a move that is
    not the game's, so the table falls back to move notation)."""
    what = _said(view, action)
    if what is None:
        raise KeyError(action.kind)
    return phrase("dg.option", what=what)


def prompt(kind: str, view: PlayerView) -> Phrase | None:
    """The chooser's question for a window (use the card or not) or a commit (face down)."""
    if kind == "window":
        data = view.pending.data if view.pending is not None else {}
        timing = str(data.get("timing", ""))
        said = dict(data.get("window", {}).get("names", {}).get(timing) or {})
        words = Text(en=str(said.get("en") or timing), ja=str(said.get("ja") or said.get("en") or timing))
        return phrase("dg.prompt.window", timing=words)
    if kind == "commit":
        return phrase("dg.prompt.commit")
    return None


def ending(view: PlayerView) -> list[Phrase]:
    """Why the game ended: the end rule's reason in the file's words."""
    game = _game(view)
    reason = view.data.get("end_reason")
    if not view.over or game is None or not reason:
        return []
    if reason == "blocked":
        return [phrase("dg.ending", why=Text(en="nobody could move", ja="誰も動けなくなりました"))]
    words = game.end_words(str(reason))
    return [phrase("dg.ending", why=Text(en=words["en"], ja=words["ja"]))]
