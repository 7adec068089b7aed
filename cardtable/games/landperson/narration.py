"""Land & Person in the log and on the table: each move and what followed, in English and Japanese, the
action menu's options, the pending question, (their words in refusals.py) the engine's refusals, and (in
table_words.py) the words of the table and the deck screen.

Cards are named by their names (農民, Farmer), never by code. Pure: no pygame; the table renders the
phrases (cardtable/rules/narration.py) in the chosen language.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rules.actions import Action
from ...rules.cards import CardSpec
from ...rules.events import UNKNOWN, Announced, CardsMoved, Event, Revealed, TurnStarted
from ...rules.narration import Cards, Phrase, Seat, Word, phrase
from ...rules.view import PlayerView
from .ending import COUNTED, count, decided
from .refusals import REASON_WORDS
from .refusals import REASONS as REASONS  # the table reads the refusals here
from .table_words import TABLE_WORDS

WORDS: dict[str, dict[str, str]] = {
    "game.landperson.description": {
        "en": "Recruit persons, run your lands, besiege your rival's: a duel in two modes.",
        "ja": "人物を登用し、土地を治め、相手の土地を攻め落とす。2つのモードで遊ぶ対戦ゲーム。",
    },
    "game.landperson.won": {"en": "Won", "ja": "勝ち"},
    "param.landperson.mode": {"en": "Mode", "ja": "モード"},
    "param.landperson.mode.value.deck": {"en": "Decks", "ja": "構築"},
    "param.landperson.mode.value.shared": {"en": "Shared", "ja": "共有"},
    "param.landperson.mode.deck": {
        "en": "Deck construction: your own land deck (★10) and 40 persons.",
        "ja": "デッキ構築対戦：自分の土地デッキ（★10）と人物40枚で戦う。",
    },
    "param.landperson.mode.shared": {
        "en": "Shared deck: one person deck and one land deck for both.",
        "ja": "山札共有対戦：人物デッキと土地デッキを2人で共有する。",
    },
    "param.landperson.spoils_to_win.hint": {
        "en": "Persons taken as spoils that win the game (the rulebook's 10).",
        "ja": "勝利に必要な戦果の人物の数（ルールブックは10枚）。",
    },
    "param.landperson.occupied_stars_to_win.hint": {
        "en": "Shared deck: ★ of occupied lands that win (the rulebook's 10).",
        "ja": "山札共有対戦：勝利に必要な占領した土地の★（ルールブックは10個）。",
    },
    "param.landperson.discards_to_win.hint": {
        "en": "Shared deck: persons in the discard pile that win (the rulebook's 20).",
        "ja": "山札共有対戦：勝利に必要な捨て札の人物の数（ルールブックは20枚）。",
    },
    "param.landperson.first_player.hint": {
        "en": "Who goes first: at random (a coin flip), or that player.",
        "ja": "先攻：ランダム（コイントス）か、指定したプレイヤー。",
    },
    "param.landperson.recruit_payment.hint": {
        "en": "A recruitment cost is paid by discarding cards, or with ready persons' intelligence.",
        "ja": "登用コストの支払い方：手札を捨てるか、未行動の人物の智力で払うか。",
    },
    "param.landperson.land_order.hint": {
        "en": "Deck construction: the land deck is shuffled, or kept in the order built.",
        "ja": "デッキ構築対戦：土地デッキをシャッフルするか、構築した順のままか。",
    },
    "param.landperson.below_cost_attempts.hint": {
        "en": "On: commerce, hunting or repair may be tried below the cost, spending the persons.",
        "ja": "オン：コスト未満でも商業・狩猟・修復を試せる（人物は使われ、何も起きない）。",
    },
    "param.landperson.first_person_ready.hint": {
        "en": "Shared deck: first persons enter ready (off: preparing until their owner's turn).",
        "ja": "山札共有対戦：最初の人物は未行動で登場（オフ：行動準備中から）。",
    },
    "param.landperson.release_after_return.hint": {
        "en": "On: a turn that returned a wanderer may still discard one to draw.",
        "ja": "オン：放浪を場に戻したターンでも、放浪を捨てて1枚引ける。",
    },
    "param.landperson.attacks_per_turn.hint": {
        "en": "Attacks the active player may declare in one battle phase.",
        "ja": "1回のバトルフェイズで宣言できる攻撃の回数。",
    },
    "param.landperson.capture_per_win.hint": {
        "en": "Persons the winner of an intercept takes as spoils.",
        "ja": "迎撃に勝ったプレイヤーが戦果として得る人物の数。",
    },
    "param.landperson.repair_with_acted.hint": {
        "en": "On: acted persons may wander for a repair (off: only ready persons).",
        "ja": "オン：行動済みの人物も放浪させて修復できる（オフ：未行動のみ）。",
    },
    "param.landperson.warlord_must_fight.hint": {
        "en": "On: the Warlord's extra spoils need the Warlord among the winners.",
        "ja": "オン：覇王の追加戦果は覇王が勝った戦いに参加しているときだけ。",
    },
    "param.landperson.simultaneous_win.hint": {
        "en": "Both meet a win condition at once: the player whose turn it is wins, or a draw.",
        "ja": "同時に勝利条件を満たしたら：手番のプレイヤーの勝利か、引き分けか。",
    },
    "param.landperson.spoils_to_win": {"en": "Spoils to win", "ja": "勝利に必要な戦果"},
    "param.landperson.occupied_stars_to_win": {
        "en": "Occupied ★ to win (shared)",
        "ja": "勝利に必要な占領★（共有）",
    },
    "param.landperson.discards_to_win": {
        "en": "Discards to win (shared)",
        "ja": "勝利に必要な捨て札（共有）",
    },
    "param.landperson.recruit_payment": {"en": "Recruitment cost paid by", "ja": "登用コストの支払い"},
    "param.landperson.recruit_payment.value.discard": {"en": "Discarding cards", "ja": "手札を捨てる"},
    "param.landperson.recruit_payment.value.exhaust_int": {"en": "Intelligence", "ja": "人物の智力"},
    "param.landperson.land_order": {"en": "Land deck order (decks)", "ja": "土地デッキの順番（構築）"},
    "param.landperson.land_order.value.shuffle": {"en": "Shuffled", "ja": "シャッフル"},
    "param.landperson.land_order.value.chosen": {"en": "As written", "ja": "構築した順"},
    "param.landperson.below_cost_attempts": {"en": "Attempts below the cost", "ja": "コスト未満でも試せる"},
    "param.landperson.first_person_ready": {
        "en": "First persons enter ready (shared)",
        "ja": "最初の人物は未行動で登場（共有）",
    },
    "param.landperson.release_after_return": {
        "en": "Income discard after a return",
        "ja": "帰還後も放浪を捨てて引ける",
    },
    "param.landperson.attacks_per_turn": {"en": "Attacks per turn", "ja": "1ターンの攻撃回数"},
    "param.landperson.capture_per_win": {"en": "Spoils per won intercept", "ja": "迎撃に勝って得る戦果"},
    "param.landperson.repair_with_acted": {"en": "Repair with acted persons", "ja": "行動済みの人物でも修復"},
    "param.landperson.warlord_must_fight": {
        "en": "Warlord must be in the fight",
        "ja": "覇王の追加戦果は参戦時のみ",
    },
    "param.landperson.simultaneous_win": {"en": "Both win at once", "ja": "同時に勝利条件を満たしたら"},
    "param.landperson.simultaneous_win.value.active": {
        "en": "Player whose turn it is",
        "ja": "手番の人が勝利",
    },
    "param.landperson.simultaneous_win.value.draw": {"en": "Draw", "ja": "引き分け"},
    "param.landperson.first_player": {"en": "First player", "ja": "先攻"},
    "param.landperson.first_player.value.0": {"en": "At random", "ja": "ランダム"},
    "param.landperson.first_player.value.1": {"en": "Player 1", "ja": "プレイヤー1"},
    "param.landperson.first_player.value.2": {"en": "Player 2", "ja": "プレイヤー2"},
    # the log
    "lp.first": {"en": "{who} lays a first person face down", "ja": "{who}が最初の人物を伏せた"},
    "lp.nofirst": {
        "en": "{who} has no person cheap enough to lay first",
        "ja": "{who}は最初の人物を出せない",
    },
    "lp.putback": {"en": "{who} puts {cards} back into the deck", "ja": "{who}が{cards}を山札に戻した"},
    "lp.revealed": {"en": "{who}'s first person: {cards}", "ja": "{who}の最初の人物：{cards}"},
    "lp.first_player": {"en": "{who} goes first", "ja": "{who}が先攻"},
    "lp.turn": {"en": "{who}'s turn", "ja": "{who}のターン"},
    "lp.recall": {"en": "{who} returns {cards} to the field", "ja": "{who}が{cards}を場に戻した"},
    "lp.norecall": {"en": "{who} returns nobody", "ja": "{who}は誰も戻さない"},
    "lp.release": {
        "en": "{who} discards the wandering {cards} to draw",
        "ja": "{who}が放浪中の{cards}を捨てて1枚引く",
    },
    "lp.norelease": {"en": "{who} keeps the wanderers", "ja": "{who}は放浪中の人物を残した"},
    "lp.draw": {"en": "{who} draws {cards}", "ja": "{who}が{cards}を引いた"},
    "lp.recruit": {"en": "{who} recruits {cards}", "ja": "{who}が{cards}を登用"},
    "lp.pay": {"en": "{who} discards {cards} to pay", "ja": "{who}が{cards}を捨てて支払う"},
    "lp.task.commerce": {"en": "{who} starts commerce", "ja": "{who}が商業を始める"},
    "lp.task.hunt": {"en": "{who} starts hunting", "ja": "{who}が狩猟を始める"},
    "lp.task.repair": {"en": "{who} starts repairing {cards}", "ja": "{who}が{cards}の修復を始める"},
    "lp.task.attack": {"en": "{who} declares an attack", "ja": "{who}が攻撃を宣言"},
    "lp.task.intercept": {"en": "{who} intercepts", "ja": "{who}が迎撃する"},
    "lp.task.siege": {"en": "{who} holds a siege", "ja": "{who}が籠城する"},
    "lp.add": {"en": "{who} sends {cards}", "ja": "{who}が{cards}を出す"},
    "lp.done.commerce": {"en": "{who}'s commerce draws a card", "ja": "{who}の商業：1枚引く"},
    "lp.done.hunt": {"en": "{who}'s hunting draws a card", "ja": "{who}の狩猟：1枚引く"},
    "lp.done.repair": {"en": "{who} repairs {cards}", "ja": "{who}が{cards}を修復"},
    "lp.done.pay": {"en": "{who} pays with intelligence", "ja": "{who}が智力で支払う"},
    "lp.attack": {"en": "{who} attacks with {n}", "ja": "{who}の攻撃：攻撃力{n}"},
    "lp.fight.intercept": {
        "en": "Intercept: attack {attack} against {defence}",
        "ja": "迎撃：攻撃{attack}対防御{defence}",
    },
    "lp.fight.siege": {
        "en": "Siege: attack {attack} against {defence}",
        "ja": "籠城：攻撃{attack}対防御{defence}",
    },
    "lp.tie": {"en": "A tie: everyone who fought wanders", "ja": "引き分け：戦った全員が放浪"},
    "lp.won": {"en": "{who} wins the intercept", "ja": "{who}が迎撃戦に勝利"},
    "lp.holds": {"en": "The siege holds: the attackers wander", "ja": "籠城成功：攻撃した人物は放浪"},
    "lp.destroyed": {"en": "{cards} is destroyed", "ja": "{cards}が破壊された"},
    "lp.occupied": {"en": "{who} occupies {cards}", "ja": "{who}が{cards}を占領"},
    "lp.capture": {"en": "{who} takes {cards} as spoils", "ja": "{who}が{cards}を戦果として得た"},
    "lp.wander": {"en": "To the wandering area: {cards}", "ja": "{cards}が放浪"},
    "lp.use": {"en": "{who} uses {cards}", "ja": "{who}が{cards}の得意能力を使う"},
    "lp.top": {"en": "{who} puts the looked-at cards back", "ja": "{who}が見たカードを戻した"},
    "lp.take": {"en": "{who} takes {cards} from the discard pile", "ja": "{who}が捨て札から{cards}を手札に"},
    "lp.battle": {"en": "{who} goes to the battle phase", "ja": "{who}が戦闘フェイズへ"},
    "lp.battle_none": {
        "en": "{who} goes to battle, but no ready person can attack: on to the end phase",
        "ja": "{who}が戦闘フェイズへ：攻撃できる人物がいないため終了フェイズへ",
    },
    # a battle's result, shown on the table for a moment (battle_result)
    "lp.note.title": {"en": "Battle", "ja": "戦闘"},
    "lp.note.attackers": {"en": "{who} attacked with {cards}", "ja": "{who}の攻撃：{cards}"},
    "lp.note.defenders": {"en": "{who} defended with {cards}", "ja": "{who}の防御：{cards}"},
    "lp.note.land_alone": {"en": "{who} held the land alone", "ja": "{who}は土地だけで籠城"},
    "lp.noattack": {"en": "{who} does not attack", "ja": "{who}は攻撃しない"},
    "lp.discard": {"en": "{who} discards {cards}", "ja": "{who}が{cards}を捨てた"},
    "lp.result.spoils": {"en": "Won by spoils", "ja": "戦果で勝利"},
    "lp.result.lands_destroyed": {"en": "Won: every land destroyed", "ja": "土地をすべて破壊して勝利"},
    "lp.result.occupied": {"en": "Won by occupied lands", "ja": "占領で勝利"},
    "lp.result.discards": {"en": "Won by discards", "ja": "捨て札で勝利"},
    "lp.result.deck_out": {"en": "Won: the other's deck ran out", "ja": "相手の山札切れで勝利"},
    "lp.result.own_deck_out": {"en": "No card left to draw", "ja": "山札切れ"},
    "lp.result.count": {"en": "Won on the count at deck out", "ja": "山札切れの比較で勝利"},
    "lp.result.drawn": {"en": "Drawn on the count", "ja": "比較で引き分け"},
    "lp.result.lost.spoils": {"en": "Lost to the other's spoils", "ja": "相手の戦果で敗北"},
    "lp.result.lost.lands_destroyed": {
        "en": "Lost: every land destroyed",
        "ja": "土地をすべて破壊されて敗北",
    },
    "lp.result.lost.occupied": {
        "en": "Lost to the other's occupied lands",
        "ja": "相手の占領で敗北",
    },
    "lp.result.lost.discards": {"en": "Lost to the other's discards", "ja": "相手の捨て札で敗北"},
    "lp.result.lost.count": {"en": "Lost on the count at deck out", "ja": "山札切れの比較で敗北"},
    # the count the game was decided on (ending.decided), under the results' headline
    "lp.count": {"en": "{p1} : {p2} — {counts}", "ja": "{p1} : {p2} — {counts}"},
    "lp.count.spoils": {"en": "spoils {a} : {b}", "ja": "戦果 {a} : {b}"},
    "lp.count.stars": {"en": "★ occupied {a} : {b}", "ja": "占領した★ {a} : {b}"},
    "lp.count.discards": {"en": "discards {a} : {b}", "ja": "捨て札 {a} : {b}"},
    "lp.count.destroyed": {"en": "lands destroyed {a} : {b}", "ja": "破壊した土地 {a} : {b}"},
    "lp.count.deck": {"en": "cards left in the deck {a} : {b}", "ja": "山札の残り {a} : {b}"},
    "lp.ended.deck_out": {"en": "The deck ran out", "ja": "山札が尽きた"},
    "lp.ended.no_land": {"en": "The land deck ran out", "ja": "土地デッキが尽きた"},
    # the action menu
    "lp.option.first": {
        "en": "Lay {cards} face down as your first person",
        "ja": "{cards}を最初の人物として伏せる",
    },
    "lp.option.nofirst": {
        "en": "No first person (none costs 2 or less)",
        "ja": "最初の人物なし（コスト2以下がない）",
    },
    "lp.option.putback": {"en": "Put {cards} back into the deck", "ja": "{cards}を山札に戻す"},
    "lp.option.recall": {"en": "Return {cards} to the field", "ja": "{cards}を場に戻す"},
    "lp.option.norecall": {"en": "Return nobody", "ja": "誰も戻さない"},
    "lp.option.release": {
        "en": "Discard the wandering {cards} to draw 1",
        "ja": "放浪中の{cards}を捨てて1枚引く",
    },
    "lp.option.norelease": {"en": "Keep the wanderers", "ja": "放浪中の人物を残す"},
    "lp.option.recruit": {"en": "Recruit {cards} (cost {n})", "ja": "{cards}を登用（コスト{n}）"},
    "lp.option.pay": {"en": "Discard {cards} to pay", "ja": "{cards}を捨てて支払う"},
    "lp.option.commerce": {"en": "Commerce (intelligence {n})", "ja": "商業（智力{n}）"},
    "lp.option.hunt": {"en": "Hunting (attack {n})", "ja": "狩猟（攻撃力{n}）"},
    "lp.option.repair": {"en": "Repair {cards} (intelligence {n})", "ja": "{cards}を修復（智力{n}）"},
    "lp.option.use": {"en": "Use {cards}'s specialty", "ja": "{cards}の得意能力を使う"},
    "lp.option.top": {"en": "Put {cards} on top", "ja": "{cards}を一番上に"},
    "lp.option.take": {"en": "Take {cards} into your hand", "ja": "{cards}を手札に加える"},
    "lp.option.add": {"en": "Send {cards}", "ja": "{cards}を出す"},
    "lp.option.done": {"en": "Carry it out", "ja": "実行する"},
    "lp.option.battle": {"en": "To the battle phase", "ja": "戦闘フェイズへ"},
    "lp.option.attack": {"en": "Declare an attack", "ja": "攻撃を宣言する"},
    "lp.option.noattack": {"en": "No attack: end the turn", "ja": "攻撃しない（ターン終了へ）"},
    "lp.option.intercept": {"en": "Intercept with your persons", "ja": "人物で迎撃する"},
    "lp.option.siege": {
        "en": "Hold a siege (your land adds {n})",
        "ja": "籠城する（土地の籠城値{n}）",
    },
    "lp.option.capture": {"en": "Take {cards} as spoils", "ja": "{cards}を戦果にする"},
    "lp.option.discard": {"en": "Discard {cards}", "ja": "{cards}を捨てる"},
    # the pending question
    "lp.prompt.first": {
        "en": "Lay a person of cost 2 or less face down, then put back cards down to your hand",
        "ja": "コスト2以下の人物を1枚伏せ、手札を残して残りを山札に戻す",
    },
    "lp.prompt.defend": {
        "en": "You are attacked ({n}): intercept (I) or hold a siege (S)",
        "ja": "攻撃力{n}の攻撃：迎撃（I）か籠城（S）か",
    },
    "lp.prompt.capture": {"en": "Choose a person to take as spoils", "ja": "戦果にする人物を選ぶ"},
    "lp.prompt.muster": {
        "en": "Click the persons who defend, then Done",
        "ja": "防御する人物をクリックして、実行",
    },
}


def card_name(spec: CardSpec, language: str) -> str:
    """A card's name in the language (農民 / Farmer)."""
    return spec.name.get(language)


def narrate(action: Action | None, events: Sequence[Event], view: PlayerView) -> list[Phrase]:
    """A move and what followed, as `view`'s seat may know it."""
    out: list[Phrase] = []
    if action is not None:
        out += _move(action, view)
    out += _aftermath(action, events, view)
    return out


def _move(action: Action, view: PlayerView) -> list[Phrase]:
    who = Seat(action.seat)
    kind = action.kind
    cards = Cards(_public(action, view))
    if kind in ("commerce", "hunt", "attack", "intercept", "siege"):
        return [phrase(f"lp.task.{kind}", who=who)]
    if kind == "repair":
        return [phrase("lp.task.repair", who=who, cards=cards)]
    if kind == "battle" and view.phase != "battle":
        # the rules go straight on to the end phase: said, or the battle phase passed unseen
        return [phrase("lp.battle_none", who=who)]
    if kind in ("done", "capture") or (kind == "use" and UNKNOWN in action.cards):
        return []  # what it did is told by the events (a specialty used: by its announcement)
    if f"lp.{kind}" in WORDS:
        return [phrase(f"lp.{kind}", who=who, cards=cards)]
    return []


def _public(action: Action, view: PlayerView) -> tuple[int, ...]:
    """The move's cards as everyone may know them. A person sent to a task, a specialty used or a land
    being repaired lies face up: no card moved, so the redacted move hides it; the public data names it."""
    if all(c != UNKNOWN for c in action.cards):
        return action.cards
    task = view.data.get("task") or {}
    if action.kind == "add" and task.get("persons"):
        return (int(task["persons"][-1]),)
    if action.kind == "repair" and task.get("card") is not None:
        return (int(task["card"]),)
    return action.cards


def _aftermath(action: Action | None, events: Sequence[Event], view: PlayerView) -> list[Phrase]:
    """Draws, reveals, fights and their outcome, turns."""
    out: list[Phrase] = []
    for event in events:
        if isinstance(event, CardsMoved):
            who = Seat(_owner(event.dst))
            if event.why == "draw" and action is not None and action.kind not in ("first",):
                out.append(
                    phrase("lp.draw", who=Seat(int(event.dst.split(":")[1])), cards=Cards(event.cards))
                )
            elif event.why == "destroyed":
                out.append(phrase("lp.destroyed", cards=Cards(event.cards)))
            elif event.why == "occupied":
                out.append(phrase("lp.occupied", who=who, cards=Cards(event.cards)))
            elif event.why == "capture":
                out.append(phrase("lp.capture", who=who, cards=Cards(event.cards)))
            elif event.why == "wander":
                out.append(phrase("lp.wander", cards=Cards(event.cards)))
            elif event.why == "repaired":
                out.append(phrase("lp.done.repair", who=who, cards=Cards(event.cards)))
        elif isinstance(event, Revealed) and event.why == "first person":
            out.append(phrase("lp.revealed", who=Seat(event.seat), cards=Cards(event.cards)))
        elif isinstance(event, Announced):
            detail = event.detail
            if event.what == "first_player":
                out.append(phrase("lp.first_player", who=Seat(event.seat)))
            elif event.what == "attack":
                out.append(phrase("lp.attack", who=Seat(event.seat), n=detail.get("attack", 0)))
            elif event.what == "fight":
                key = "lp.fight.siege" if detail.get("mode") == "siege" else "lp.fight.intercept"
                out.append(phrase(key, attack=detail.get("attack", 0), defence=detail.get("defence", 0)))
            elif event.what == "tie":
                out.append(phrase("lp.tie"))
            elif event.what == "intercept_won":
                out.append(phrase("lp.won", who=Seat(event.seat)))
            elif event.what == "siege_holds":
                out.append(phrase("lp.holds"))
            elif event.what == "use" and action is not None and action.cards and action.cards[0] == UNKNOWN:
                out.insert(0, phrase("lp.use", who=Seat(event.seat), cards=Cards((int(detail["card"]),))))
        elif isinstance(event, TurnStarted):
            out.append(phrase("lp.turn", who=Seat(event.seat)))
    return out


BATTLE_KEYS = (
    "lp.fight.intercept",
    "lp.fight.siege",
    "lp.tie",
    "lp.won",
    "lp.holds",
    "lp.destroyed",
    "lp.occupied",
    "lp.capture",
    "lp.wander",
)


def battle_result(events: Sequence[Event], view: PlayerView, attackers: Sequence[int]) -> list[Phrase]:
    """A fight's result as the table shows it for a moment: who fought with whom, the numbers, the
    outcome and who wanders (a tie: everyone who fought); none when `events` hold no fight. Everything
    in it is public: the persons fought face up, and the outcome moves them between public piles."""
    fight = next((e for e in events if isinstance(e, Announced) and e.what == "fight"), None)
    if fight is None or fight.seat is None:
        return battle_aftermath(events, view)
    attacker, defenders = fight.seat, tuple(int(c) for c in fight.detail.get("defenders", ()))
    out = [phrase("lp.note.attackers", who=Seat(attacker), cards=Cards(tuple(attackers)))]
    if defenders:
        out.append(phrase("lp.note.defenders", who=Seat(1 - attacker), cards=Cards(defenders)))
    else:
        out.append(phrase("lp.note.land_alone", who=Seat(1 - attacker)))
    return out + battle_aftermath(events, view)


def battle_aftermath(events: Sequence[Event], view: PlayerView) -> list[Phrase]:
    """The lines of a fight's outcome among `events` (the spoils chosen after it too)."""
    return [p for p in _aftermath(None, events, view) if p.key in BATTLE_KEYS]


def _owner(zone: str) -> int | None:
    """The seat a zone name belongs to (`spoils:1` -> 1), None for a shared zone."""
    _name, _, seat = zone.partition(":")
    return int(seat) if seat.isdigit() else None


def _cost(view: PlayerView, card: int) -> int:
    assert view.cardset is not None
    return int(view.cardset.physical()[card].get("cost", 0))


def _land_cost(view: PlayerView, name: str) -> int:
    assert view.cardset is not None and view.seat is not None
    zone = view.zones.get(f"lands:{view.seat}") or view.zones.get("lands")
    top = zone.top if zone is not None else None
    if top is None or top < 0:
        return 0
    return int(view.cardset.physical()[top].get(name, 0))


def option(action: Action, view: PlayerView) -> Phrase:
    """A legal move as the action menu offers it ("Recruit Knight (cost 2)")."""
    kind = action.kind
    cards = Cards(action.cards)
    if kind == "recruit":
        return phrase("lp.option.recruit", cards=cards, n=_cost(view, action.cards[0]))
    if kind == "commerce":
        return phrase("lp.option.commerce", n=_land_cost(view, "commerce"))
    if kind == "hunt":
        return phrase("lp.option.hunt", n=_land_cost(view, "hunting"))
    if kind == "siege":
        # the question covers the table's land and its numbers: the choice says what the land adds
        return phrase("lp.option.siege", n=_land_cost(view, "siege"))
    if kind == "repair":
        assert view.cardset is not None
        return phrase(
            "lp.option.repair", cards=cards, n=int(view.cardset.physical()[action.cards[0]].get("repair"))
        )
    return phrase(f"lp.option.{kind}", cards=cards)


def result_notes(ended: str, winners: Sequence[int], shared: bool) -> dict[int, Phrase]:
    """How the game ended for each player, for the results screen ("Player 2 wins!" alone did not say
    why: first-time players lost to an empty deck without knowing it)."""
    out: dict[int, Phrase] = {}
    if not ended:
        return out
    if not winners:
        return {seat: phrase("lp.result.drawn") for seat in range(2)}
    counted = shared and ended in ("deck_out", "no_land")  # R8: the comparison decided
    way = "count" if counted else ended
    for seat in winners:
        out[seat] = phrase(f"lp.result.{way}")
    # the loser reads how it was lost too (a bare "—" beside the winner's "Won by discards")
    lost = "lp.result.own_deck_out" if ended == "deck_out" and not shared else f"lp.result.lost.{way}"
    for seat in range(2):
        if seat not in winners and lost in WORDS:
            out[seat] = phrase(lost)
    return out


def ending(view: PlayerView) -> list[Phrase]:
    """The count the game was decided on, both players' (the results screen's line under the winner):
    at the shared deck's end every count of R8's order up to the one that decided."""
    ended = str(view.data.get("ended") or "")
    if not view.over or not ended:
        return []
    shared = view.params.get("mode") == "shared"
    what, _ = decided(view.zones, view.cardset, ended, shared)
    shown = [what]
    if shared and ended in ("deck_out", "no_land"):
        shown = list(COUNTED[: COUNTED.index(what) + 1])
    counts = [
        Word(
            f"lp.count.{name}",
            {"a": count(view.zones, view.cardset, name, 0), "b": count(view.zones, view.cardset, name, 1)},
        )
        for name in shown
    ]
    return [phrase("lp.count", p1=Seat(0), p2=Seat(1), counts=counts)]


def prompt(kind: str, view: PlayerView) -> Phrase | None:
    """The pending decision as a question to the person who must answer it."""
    if kind == "defend":
        fight = view.data.get("fight") or {}
        return phrase("lp.prompt.defend", n=fight.get("attack", 0))
    if kind in ("first", "capture", "muster"):
        return phrase(f"lp.prompt.{kind}")
    return None


WORDS.update(TABLE_WORDS)
WORDS.update(REASON_WORDS)


def headline(view: PlayerView) -> Phrase | None:
    """Where the game stands, for the menu's Continue: the turn under way."""
    n = view.data.get("turn")
    return phrase("common.turn", n=int(n)) if isinstance(n, int) and n > 0 else None
