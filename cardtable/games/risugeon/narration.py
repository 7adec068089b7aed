"""Risugeon in the log: each move and what its effects did, in the rulebook's words in English and
Japanese ("Ann trains 剣&槍 for 3 skill" / 「Annがスキル3で剣&槍を訓練」).

Cards are named by their names in the card set (in the chosen language), never by code. Cards drawn or
picked into a hand are counted for the others, named only for their owner. Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rules.actions import Action
from ...rules.cards import CardSpec
from ...rules.events import Announced, CardsMoved, Event, GameEnded, Shuffled, TurnStarted
from ...rules.narration import Cards, Phrase, Seat, Word, phrase, refusal_words
from ...rules.view import PlayerView
from .table_words import TABLE_WORDS

WORDS: dict[str, dict[str, str]] = {
    "param.risugeon.max_rounds.hint": {
        "en": "The game is scored after this many rounds if a gem is still left.",
        "ja": "宝玉が残っていても、このラウンド数で得点を数えて終了。",
    },
    "param.risugeon.gem_access.hint": {
        "en": "Which gem may be challenged: only the top of the pile, or any.",
        "ja": "挑戦できる宝玉：山の一番上だけか、どれでもか。",
    },
    "param.risugeon.ps_target.hint": {
        "en": "What 1 PS sends to the stock: a public action, or one in your play area.",
        "ja": "1PSで在庫置き場へ送るもの：公開アクションか、自分の場のアクションか。",
    },
    "param.risugeon.random_start.hint": {
        "en": "On: the start player is drawn at random (off: player 1 starts).",
        "ja": "オン：スタートプレイヤーをランダムに決める（オフ：プレイヤー1から）。",
    },
    "param.risugeon.tie_break.hint": {
        "en": "A tie for most points: the later player wins, or the tied share the win.",
        "ja": "最多得点が同点のとき：後攻の人の勝利か、勝利を分け合うか。",
    },
    "param.risugeon.reshuffle_mid_draw.hint": {
        "en": "On: a draw that empties the deck reshuffles the discards and goes on.",
        "ja": "オン：引く途中でデッキが尽きたら捨て札をシャッフルして続ける。",
    },
    "param.risugeon.gem_uses_training.hint": {
        "en": "On: challenging a gem uses one of your trainings.",
        "ja": "オン：宝玉への挑戦も訓練1回として数える。",
    },
    "param.risugeon.gem_spends_skill.hint": {
        "en": "On: a gem's required skill is paid (off: only a threshold).",
        "ja": "オン：宝玉の必須スキルを支払う（オフ：条件を満たすだけ）。",
    },
    "param.risugeon.last_gem_ends.hint": {
        "en": "When the last gem is taken: the game ends at once, or after that training phase.",
        "ja": "最後の宝玉が取られたら：その時点で終了か、その訓練フェイズの後か。",
    },
    "param.risugeon.discard_public.hint": {
        "en": "On: everyone may look through the discard piles (off: only their top card).",
        "ja": "オン：捨て札は全て公開（オフ：一番上だけ見える）。",
    },
    "param.risugeon.gem_access": {"en": "Gems that may be challenged", "ja": "挑める宝玉"},
    "param.risugeon.gem_access.value.top": {"en": "Top of the pile", "ja": "一番上のみ"},
    "param.risugeon.gem_access.value.any": {"en": "Any gem", "ja": "どれでも"},
    "param.risugeon.ps_target": {"en": "1 PS sends to the stock", "ja": "1PSで在庫置き場へ送る"},
    "param.risugeon.ps_target.value.display": {"en": "A public action", "ja": "公開アクション"},
    "param.risugeon.ps_target.value.play": {"en": "An action in play", "ja": "自分の場のアクション"},
    "param.risugeon.random_start": {"en": "Random start player", "ja": "スタートプレイヤーをランダムに"},
    "param.risugeon.tie_break": {"en": "A tie for most points", "ja": "同点のとき"},
    "param.risugeon.tie_break.value.latest": {"en": "Later player wins", "ja": "後攻の人が勝利"},
    "param.risugeon.tie_break.value.shared": {"en": "Shared", "ja": "勝利を分け合う"},
    "param.risugeon.reshuffle_mid_draw": {
        "en": "Rebuild the deck mid-draw",
        "ja": "引く途中でもデッキを再構成",
    },
    "param.risugeon.gem_uses_training": {"en": "A gem uses a training", "ja": "宝玉への挑戦も訓練1回"},
    "param.risugeon.gem_spends_skill": {"en": "A gem spends its skill", "ja": "宝玉の必須スキルを支払う"},
    "param.risugeon.last_gem_ends": {"en": "The last gem ends the game", "ja": "最後の宝玉で終了"},
    "param.risugeon.last_gem_ends.value.now": {"en": "At once", "ja": "その時点で"},
    "param.risugeon.last_gem_ends.value.turn": {"en": "After that training", "ja": "その訓練フェイズの後"},
    "param.risugeon.discard_public": {"en": "Discard piles are public", "ja": "捨て札を公開"},
    "param.risugeon.max_rounds": {"en": "Rounds at most", "ja": "最大ラウンド数"},
    "game.risugeon.description": {
        "en": "Build your deck of combat skills and actions, then challenge the guardians of the 7 gems.",
        "ja": "戦闘技能とアクションでデッキを鍛え、7つの宝玉の守護者に挑むデッキ構築ゲーム。",
    },
    "rg.play": {"en": "{who} uses {card}", "ja": "{who}が{card}を使用"},
    "rg.discard": {"en": "{who} discards {card}", "ja": "{who}が{card}を捨て札"},
    "rg.discard_gain": {"en": "{who} discards {card}: {amount}", "ja": "{who}が{card}を捨て札：{amount}"},
    "rg.train": {"en": "{who} trains {card} for {cost} skill", "ja": "{who}がスキル{cost}で{card}を訓練"},
    "rg.gem": {
        "en": "{who} wins the gem {card} for {cost} skill ({points} points)!",
        "ja": "{who}がスキル{cost}で宝玉{card}を獲得（{points}点）！",
    },
    "rg.stock": {
        "en": "{who} pays PS to send {card} to the stock area",
        "ja": "{who}がPSを払い{card}を在庫置き場へ",
    },
    "rg.activate": {"en": "{who} uses the ability of {card}", "ja": "{who}が{card}の能力を使用"},
    "rg.imitate": {"en": "{who}'s {card} imitates {as}", "ja": "{who}の{card}が{as}を模倣"},
    "rg.pick": {
        "en": "{who} takes {card} from the cards looked at",
        "ja": "{who}が見たカードから{card}を取る",
    },
    "rg.return": {"en": "{who} returns {card} to its pile", "ja": "{who}が{card}を山に戻す"},
    "rg.done": {"en": "{who} is done choosing", "ja": "{who}は選択を終えた"},
    "rg.pass": {"en": "{who} goes on to the training phase", "ja": "{who}は訓練フェイズへ"},
    "rg.end": {"en": "{who} ends the turn", "ja": "{who}が手番を終了"},
    "rg.gain": {"en": "{who} gets {amount}", "ja": "{who}は{amount}"},
    "rg.draws": {"en": "{who} draws {cards}", "ja": "{who}が{cards}を引く"},
    "rg.looks": {"en": "{who} looks at {cards} from the deck", "ja": "{who}がデッキから{cards}を見る"},
    "rg.gains_card": {"en": "{who} gains {card}", "ja": "{who}が{card}を獲得"},
    "rg.reshuffle": {
        "en": "{who} shuffles the discard pile into a new deck",
        "ja": "{who}が捨て札をシャッフルしてデッキを作り直す",
    },
    "rg.action_rebuild": {
        "en": "The stock area is shuffled into a new action deck",
        "ja": "在庫置き場をシャッフルしてアクションの山を作り直し",
    },
    "rg.display": {"en": "{card} joins the public actions", "ja": "{card}が公開アクションに"},
    "rg.turn": {"en": "— {who}'s turn (round {n}) —", "ja": "— {who}の手番（第{n}ラウンド） —"},
    "rg.counter.skill": {"en": "{n} skill", "ja": "スキル{n}"},
    "rg.counter.ps": {"en": "{n} PS", "ja": "PS{n}"},
    "rg.counter.actions": {"en": "{n} action(s)", "ja": "追加行動{n}"},
    "rg.counter.trainings": {"en": "{n} training(s)", "ja": "追加訓練{n}"},
}


def card_name(spec: CardSpec, language: str) -> str:
    """The card's name in the card set, in the language (the other one when it has none)."""
    return spec.name.get(language)


def _by_code(view: PlayerView, code: str) -> Cards:
    """A card a move names by code (imitate, activate): a copy the view shows (in play, on display),
    else the first copy; only its name is told."""
    assert view.cardset is not None
    base = code.split(".")[0]
    physical = view.cardset.physical()
    shown = sorted(c for z in view.zones.values() for c in z.cards if c >= 0 and physical[c].code == base)
    if shown:
        return Cards((shown[0],))
    return Cards(tuple(c for c, spec in enumerate(physical) if spec.code == base)[:1])


def narrate(action: Action | None, events: Sequence[Event], view: PlayerView) -> list[Phrase]:
    """A move and what followed, as `view`'s seat may know it."""
    out: list[Phrase] = []
    events = list(events)
    if action is not None:
        gain = _gain_of_discard(action, events)
        if gain is not None:  # a card discarded for skill or PS: one line
            events.remove(gain)
            counter, amount = next(iter(gain.detail.items()))
            amount_words = Word(f"rg.counter.{counter}", {"n": f"{amount:+d}"})
            out.append(
                phrase(
                    "rg.discard_gain", who=Seat(action.seat), card=Cards(action.cards), amount=amount_words
                )
            )
        else:
            out += _move(action, events, view)
    out += _effects(action, events, view)
    if any(isinstance(e, GameEnded) for e in events):
        out += ending(view)
    return out


def ending(view: PlayerView) -> list[Phrase]:
    """Why the game ended as it did, when that is not plain from the winner's name: the round limit
    was reached, or a tie on points went to the player later in turn order (R6). Empty otherwise."""
    out: list[Phrase] = []
    if not view.over:
        return out
    if view.data.get("end_reason") == "rounds":
        out.append(phrase("rg.ending.rounds", n=view.params.get("max_rounds", view.data.get("round", 0))))
    scores = list(view.scores)
    if scores and len(view.winners) == 1:
        best = max(scores)
        tied = [seat for seat, score in enumerate(scores) if score == best]
        if len(tied) > 1:
            others = [Seat(s) for s in tied if s not in view.winners]
            out.append(phrase("rg.ending.tie", who=Seat(view.winners[0]), others=others, points=best))
    return out


def _gain_of_discard(action: Action, events: list[Event]) -> Announced | None:
    """The one gain a training-phase discard brings (skill or PS), told on the discard's line."""
    if action.kind != "discard":
        return None
    gains = [e for e in events if isinstance(e, Announced) and e.what == "gain" and e.seat == action.seat]
    return gains[0] if len(gains) == 1 and len(gains[0].detail) == 1 else None


def _move(action: Action, events: Sequence[Event], view: PlayerView) -> list[Phrase]:
    who, kind = Seat(action.seat), action.kind
    card = Cards(action.cards)
    if kind == "play":
        return [phrase("rg.play", who=who, card=card)]
    if kind == "discard":
        return [phrase("rg.discard", who=who, card=card)]
    if kind == "train":
        assert view.cardset is not None
        spec = view.cardset.physical()[action.cards[0]]
        cost = next(
            (e.detail.get("cost") for e in events if isinstance(e, Announced) and e.what == "train"), 0
        )
        if spec.get("type") == "gem":
            return [phrase("rg.gem", who=who, card=card, cost=cost, points=spec.get("points", 0))]
        return [phrase("rg.train", who=who, card=card, cost=cost)]
    if kind == "stock":
        return [phrase("rg.stock", who=who, card=card)]
    if kind == "activate":
        return [phrase("rg.activate", who=who, card=_by_code(view, action.target))]
    if kind == "pick":
        return [phrase("rg.pick", who=who, card=card)]
    if kind == "return":
        return [phrase("rg.return", who=who, card=card)]
    if kind == "done":
        return [phrase("rg.done", who=who)]
    if kind == "pass":
        return [phrase("rg.pass", who=who)]
    if kind == "end":
        return [phrase("rg.end", who=who)]
    return []  # imitate: said by its event below


def _effects(action: Action | None, events: Sequence[Event], view: PlayerView) -> list[Phrase]:
    """Gains, draws, looks, gained cards, reshuffles and the next turn, in the order they happened."""
    out: list[Phrase] = []
    ending = False  # the end phase's discards and draw of a new hand are not worth a line
    for event in events:
        if isinstance(event, Announced):
            if event.what == "end_step":
                ending = True
            elif event.what == "gain":
                for counter, amount in event.detail.items():
                    key = f"rg.counter.{counter}"
                    out.append(
                        phrase("rg.gain", who=Seat(event.seat), amount=Word(key, {"n": f"{amount:+d}"}))
                    )
            elif event.what == "imitate":
                source, code = event.detail.get("card"), str(event.detail.get("as", ""))
                card = Cards((source,)) if isinstance(source, int) else Cards(())
                out.append(
                    phrase(
                        "rg.imitate", **{"who": Seat(event.seat), "card": card, "as": _by_code(view, code)}
                    )
                )
        elif isinstance(event, CardsMoved) and not ending:
            seat = _seat_of(event.dst)
            if event.why == "draw" and event.dst.startswith("hand:"):
                out.append(phrase("rg.draws", who=Seat(seat), cards=Cards(event.cards)))
            elif event.why == "look" and event.dst.startswith("look:"):
                out.append(phrase("rg.looks", who=Seat(seat), cards=Cards(event.cards)))
            elif event.why == "gain":
                out.append(phrase("rg.gains_card", who=Seat(seat), card=Cards(event.cards)))
            elif event.why == "refill" and event.dst == "display" and action is not None:
                out.append(phrase("rg.display", card=Cards(event.cards)))
        elif isinstance(event, Shuffled):
            if event.zone.startswith("deck:") and action is not None:
                out.append(phrase("rg.reshuffle", who=Seat(_seat_of(event.zone))))
            elif event.zone == "action_deck" and action is not None:
                out.append(phrase("rg.action_rebuild"))
        elif isinstance(event, TurnStarted):
            out.append(phrase("rg.turn", who=Seat(event.seat), n=view.data.get("round", 1)))
    return out


def _seat_of(zone: str) -> int | None:
    """The seat a zone belongs to ("hand:2" -> 2)."""
    head, _, tail = zone.partition(":")
    return int(tail) if tail.isdigit() and head in ("hand", "look", "deck", "discard", "play") else None


# -- the action menu and the pending question ------------------------------------------------------
WORDS.update(
    {
        "rg.ending.rounds": {
            "en": "The limit of {n} rounds is reached: the game is scored as it stands",
            "ja": "{n}ラウンドの上限に達したので、この時点で得点を数えます",
        },
        "rg.ending.tie": {
            "en": "A tie on {points} points with {others}: {who}, later in turn order, wins",
            "ja": "{others}と{points}点で同点：手番順が後の{who}の勝ち",
        },
    }
)
# What the person whose turn it is may do now, in plain words, under the status line.
WORDS.update(
    {
        "rg.hint.action": {
            "en": "Play an action card: click it or drag it to the play area · or go on to training (P)",
            "ja": "アクションカードをクリックか「場」へドラッグで使用 · または訓練フェイズへ（P）",
        },
        "rg.hint.end": {
            "en": "Nothing left to spend or train: End turn (E)",
            "ja": "もう使えるカードも訓練もありません：手番終了（E）",
        },
        "rg.hint.training": {
            "en": "Click cards (or drag them to the well) to spend their skill and PS, "
            "then click a lit card above to train it · End turn (E)",
            "ja": "カードをクリック（または「スキル・PSに捨てる」へドラッグ）してスキルとPSを出し、"
            "光っている上のカードをクリックで訓練 · 手番終了（E）",
        },
    }
)
WORDS.update(
    {
        "rg.option.play": {"en": "Use {card}", "ja": "{card}を使用"},
        "rg.option.pass": {"en": "Go on to the training phase", "ja": "訓練フェイズへ"},
        "rg.option.discard": {"en": "Discard {card}", "ja": "{card}を捨て札"},
        "rg.option.train": {"en": "Train {card} ({cost} skill)", "ja": "{card}を訓練（スキル{cost}）"},
        "rg.option.gem": {
            "en": "Challenge the gem {card} ({cost} skill)",
            "ja": "宝玉{card}に挑む（スキル{cost}）",
        },
        "rg.option.stock": {"en": "Send {card} to the stock area (PS)", "ja": "{card}を在庫置き場へ（PS）"},
        "rg.option.activate": {"en": "Use the ability of {card}", "ja": "{card}の能力を使用"},
        "rg.option.end": {"en": "End the turn", "ja": "手番を終了"},
        "rg.option.pick": {"en": "Take {card}", "ja": "{card}を取る"},
        "rg.option.return": {"en": "Return {card} to its pile", "ja": "{card}を山に戻す"},
        "rg.option.imitate": {"en": "Imitate {card}", "ja": "{card}を模倣"},
        "rg.option.done": {"en": "Done", "ja": "完了"},
        "rg.prompt.pick": {"en": "Take a card from those you looked at", "ja": "見たカードから1枚取る"},
        "rg.prompt.pick_discard": {
            "en": "The top card of your deck: discard it, or Done to keep it there",
            "ja": "デッキの一番上のカード：捨て札にするか、完了でそのまま",
        },
        "rg.option.pick_discard": {"en": "Discard {card}", "ja": "{card}を捨て札に"},
        "rg.option.end_always": {
            "en": "End the turn, and don't ask me again this game",
            "ja": "手番を終了（このゲームでは今後確認しない）",
        },
        "rg.confirm_end.train": {
            "en": "You can still afford a training: end the turn anyway? (Esc: go back)",
            "ja": "まだ訓練できます。終了しますか？（Escで戻る）",
        },
        "rg.confirm_end.cards": {
            "en": "{n} card(s) could still give skill or PS: end the turn anyway? (Esc: go back)",
            "ja": "スキル・PSにできるカードが{n}種類あります。終了しますか？（Escで戻る）",
        },
        "rg.prompt.return": {"en": "Return a card to its pile", "ja": "カードを山に戻す"},
        "rg.prompt.discard": {"en": "Discard a card", "ja": "カードを捨て札にする"},
        "rg.prompt.imitate": {"en": "Choose an action to imitate", "ja": "模倣するアクションを選ぶ"},
    }
)


# What the hand-off summary keeps when the others did more than it can show: what each one bought,
# took, scored or sent away, and whose turn it was (ui/scenes/table/log.py).
SUMMARY_KEYS = frozenset(
    {
        "rg.train",
        "rg.gem",
        "rg.stock",
        "rg.gains_card",
        "rg.pick",
        "rg.return",
        "rg.turn",
        "rg.action_rebuild",
    }
)


def option(action: Action, view: PlayerView) -> Phrase:
    """A legal move as the action menu offers it ("Train 剣&槍 (3 skill)")."""
    kind, card = action.kind, Cards(action.cards)
    if kind == "train" and view.cardset is not None:
        spec = view.cardset.physical()[action.cards[0]]
        key = "rg.option.gem" if spec.get("type") == "gem" else "rg.option.train"
        return phrase(key, card=card, cost=spec.get("cost", 0))
    if kind in ("imitate", "activate"):
        return phrase(f"rg.option.{kind}", card=_by_code(view, action.target))
    if kind == "pick" and _looked_to_discard(view):
        return phrase("rg.option.pick_discard", card=card)
    return phrase(f"rg.option.{kind}", card=card)


def _looked_to_discard(view: PlayerView) -> bool:
    """Whether the pending pick sends a looked-at card to the discard pile (Meditation), not the hand."""
    pending = view.pending
    return pending is not None and pending.data.get("to") == "discard"


def prompt(kind: str, view: PlayerView) -> Phrase | None:
    """The pending decision as a question to the person who must answer it."""
    if kind == "pick" and _looked_to_discard(view):
        return phrase("rg.prompt.pick_discard")
    key = f"rg.prompt.{kind}"
    return phrase(key) if key in WORDS else None


# -- refusals: the engine's reasons, matched to the words above ---------------------------------------
WORDS.update(
    {
        "rg.reason.action_phase": {
            "en": "actions are used only in the action phase",
            "ja": "アクションはアクションフェイズにだけ使えます",
        },
        "rg.reason.no_actions": {
            "en": "no actions left this turn",
            "ja": "この手番のアクションはもうありません",
        },
        "rg.reason.training_phase": {
            "en": "that belongs to the training phase; pass first (P)",
            "ja": "それは訓練フェイズの行動です：先に訓練フェイズへ進んでください（P）",
        },
        "rg.reason.discard_only": {
            "en": "only combat and production cards are discarded for resources",
            "ja": "捨ててスキル・PSにできるのは戦闘技能カードと生産技能カードだけです",
        },
        "rg.reason.train_cost": {
            "en": "training needs {cost} skill; you have {have}",
            "ja": "訓練には修得スキル{cost}が必要です（今{have}）",
        },
        "rg.reason.gem_cost": {
            "en": "challenging the gem needs {cost} skill; you have {have}",
            "ja": "宝玉に挑むにはスキル{cost}が必要です（今{have}）",
        },
        "rg.reason.no_trainings": {
            "en": "no trainings left this turn",
            "ja": "この手番の訓練はもうありません",
        },
        "rg.reason.stock_cost": {
            "en": "sending an action to the stock area costs {n} PS",
            "ja": "在庫置き場に送るにはPSが{n}必要です",
        },
        "rg.reason.not_in_hand": {
            "en": "that card is not in your hand",
            "ja": "そのカードは手札にありません",
        },
        "rg.reason.not_action": {
            "en": "that card is not an action card",
            "ja": "そのカードはアクションカードではありません",
        },
        "rg.reason.not_top": {
            "en": "that card is not on top of its pile",
            "ja": "そのカードは山の一番上にありません",
        },
        "rg.reason.top_gem": {
            "en": "only the top gem can be challenged",
            "ja": "挑めるのは宝玉の山の一番上だけです",
        },
        "rg.reason.public_only": {
            "en": "actions are trained only from the public actions",
            "ja": "アクションは公開アクションからだけ訓練できます",
        },
        "rg.reason.capped": {
            "en": "this turn has reached its limit of actions; end the phase",
            "ja": "この手番の行動回数の上限です：フェイズを終えてください",
        },
        "rg.reason.finish_first": {
            "en": "first finish the effect's decision",
            "ja": "先に効果の選択を終えてください",
        },
        "rg.reason.pass": {
            "en": "pass ends the action phase; the training phase has begun",
            "ja": "パスはアクションフェイズを終えるものです：もう訓練フェイズです",
        },
    }
)
REASONS: tuple[tuple[str, str], ...] = (
    (r"^actions are used only in the action phase", "rg.reason.action_phase"),
    (r"^no actions left this turn", "rg.reason.no_actions"),
    (r"^\w+ belongs to the training phase", "rg.reason.training_phase"),
    (r"^only combat cards .* are discarded for resources", "rg.reason.discard_only"),
    (r"^training \S+ needs (?P<cost>\d+) skill; you have (?P<have>\d+)", "rg.reason.train_cost"),
    (r"^challenging \S+ needs (?P<cost>\d+) skill; you have (?P<have>\d+)", "rg.reason.gem_cost"),
    (r"^no trainings left this turn", "rg.reason.no_trainings"),
    (r"^sending an action to the stock area costs (?P<n>\d+) PS", "rg.reason.stock_cost"),
    (r"is not in your hand$|^that card is not in your hand", "rg.reason.not_in_hand"),
    (r"is not an action card$", "rg.reason.not_action"),
    (r"is not on top of its pile$", "rg.reason.not_top"),
    (r"^only the top gem", "rg.reason.top_gem"),
    (r"is not among the public actions", "rg.reason.public_only"),
    (r"max_turn_actions", "rg.reason.capped"),
    (r"^first finish the", "rg.reason.finish_first"),
    (r"^pass ends the action phase", "rg.reason.pass"),
)
_WORDS, _REASONS = refusal_words(
    (
        (
            r"^end finishes the training phase",
            "rg.reason.end",
            "end finishes the training phase; use pass to leave the action phase first",
            "手番終了は訓練フェイズで行います：アクションフェイズを終えるには先にパス（P）",
        ),
        (
            r"^\S+ has been taken already$",
            "rg.reason.taken",
            "that card has been taken already",
            "そのカードはもう取られています",
        ),
        (
            r"^only an action in your play area can be sent",
            "rg.reason.stock_own",
            "only an action in your play area can be sent to the stock area",
            "在庫置き場に送れるのは自分の「場」のアクションだけです",
        ),
        (
            r"^only a public action can be sent",
            "rg.reason.stock_public",
            "only a public action can be sent to the stock area",
            "在庫置き場に送れるのは公開アクションだけです",
        ),
        (
            r"^activate names an ability by its card code",
            "rg.reason.activate_shape",
            "activate names an ability by its card",
            "能力の使用では、その能力を与えたカードを選びます",
        ),
        (
            r"^no ability +this turn$",
            "rg.reason.no_abilities",
            "no ability this turn",
            "このターンに使える能力はありません",
        ),
        (
            r"^no ability (?P<card>\S+) this turn$",
            "rg.reason.no_ability",
            "no ability {card} this turn",
            "このターン、{card}の能力はありません",
        ),
        (
            r"^the ability of (?P<card>\S+) is used up$",
            "rg.reason.ability_used_up",
            "the ability of {card} is used up",
            "{card}の能力は使い切りました",
        ),
        (
            r"^cannot pay for (?P<card>\S+) now$",
            "rg.reason.ability_cost",
            "cannot pay for {card} now",
            "今は{card}の能力のコストを払えません",
        ),
        (
            r"^pick (?P<n>\d+) more first$",
            "rg.reason.pick_more",
            "pick {n} more first",
            "先にあと{n}枚選んでください",
        ),
        (
            r"^this decision is answered with \w+, not \w+$",
            "rg.reason.answer_with",
            "this decision is answered with another move",
            "この選択にはその手では答えられません",
        ),
    )
)
WORDS.update(_WORDS)
REASONS += _REASONS
WORDS.update(TABLE_WORDS)  # the table's own words (table_words.py)


def headline(view: PlayerView) -> Phrase | None:
    """Where the game stands, for the menu's Continue: the round under way."""
    n = view.data.get("round")
    return phrase("common.round", n=int(n)) if isinstance(n, int) and n > 0 else None
