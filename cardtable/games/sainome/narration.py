"""Sainome in the log: rolls, fired cards, damage and counters, awakenings, in the rulebook's words in
English and Japanese ("Ann rolls a 4: Fireball fires (+4)"; "Ben counters with Substitution";
「Benに7ダメージ（HP札3枚が手札に）」).

Cards and characters are named by their names in the card set, never by code; slots by their side and
die face. A card drawn into a hand is counted for the other player. Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...rules.actions import Action
from ...rules.cards import CardSpec
from ...rules.events import Announced, CardsMoved, DiceRolled, Event, Revealed, Shuffled, TurnStarted
from ...rules.narration import Cards, Phrase, Seat, Text, Word, phrase
from ...rules.view import PlayerView
from .refusals import REASON_WORDS
from .refusals import REASONS as REASONS  # the table reads the refusals here
from .table_words import TABLE_WORDS

WORDS: dict[str, dict[str, str]] = {
    "param.sainome.hp_size.hint": {
        "en": "Cards in each HP deck: 10 in the rulebook, 5 or 7 for a shorter game.",
        "ja": "各HP山札の枚数。ルールブックは10枚、短く遊ぶなら5枚や7枚。",
    },
    "param.sainome.hp_draft.hint": {
        "en": "The advanced rule: pick your HP deck from 10 dealt cards, passing the rest.",
        "ja": "上級ルール：配られた10枚から1枚ずつ選び、残りを相手に渡してHP山札を作る。",
    },
    "param.sainome.setup_equip_order.hint": {
        "en": "At the first setup: both equip unseen at once, or one after the other openly.",
        "ja": "最初の装備：互いに見えないよう同時に、または公開で順番に。",
    },
    "param.sainome.fire_order.hint": {
        "en": "When several slots show the rolled face: the roller orders them, or top-right-bottom-left.",
        "ja": "出目のスロットが複数あるとき：振った人が順番を選ぶか、上・右・下・左の順。",
    },
    "param.sainome.six_cards_fire_on_face.hint": {
        "en": "An equipped card with the 6 icon also fires when its slot's face is rolled.",
        "ja": "「6」のカードを装備していると、そのスロットの出目でも発動する。",
    },
    "param.sainome.catalyst_may_decline.hint": {
        "en": "On: a player may refuse to pay a catalyst and let the magic fizzle.",
        "ja": "オン：触媒を持っていても支払わず、魔法を不発にできる。",
    },
    "param.sainome.flip_mismatch.hint": {
        "en": "Equipment whose links no longer match after a flip: stays, to the hand, or discarded.",
        "ja": "覚醒などで裏返りリンクが合わなくなった装備：そのまま、手札へ、捨て札へ。",
    },
    "param.sainome.removed_bomb.hint": {
        "en": "Where a Time Bomb taken off by an equipment change or reset goes.",
        "ja": "装備変更や仕切り直しで外れた時限爆弾の行き先。",
    },
    "param.sainome.zero_damage_triggers.hint": {
        "en": "On: damage reduced to 0 still counts as damage suffered.",
        "ja": "オン：0に軽減されたダメージも「ダメージを受けた」扱い。",
    },
    "param.sainome.hp_size": {"en": "HP deck cards", "ja": "HP山札の枚数"},
    "param.sainome.hp_draft": {"en": "HP deck draft", "ja": "HP山札ドラフト式"},
    "param.sainome.setup_equip_order": {"en": "First equipment", "ja": "最初の装備"},
    "param.sainome.setup_equip_order.value.together": {"en": "Both at once", "ja": "互いに同時"},
    "param.sainome.setup_equip_order.value.first": {"en": "First player first", "ja": "先攻から順に"},
    "param.sainome.setup_equip_order.value.second": {"en": "Second player first", "ja": "後攻から順に"},
    "param.sainome.fire_order": {"en": "Several slots fire", "ja": "複数のスロットの発動順"},
    "param.sainome.fire_order.value.choose": {"en": "Roller chooses", "ja": "振った人が選ぶ"},
    "param.sainome.fire_order.value.slot": {"en": "Top, right, bottom, left", "ja": "上・右・下・左"},
    "param.sainome.six_cards_fire_on_face": {
        "en": "6-icon cards fire on a roll",
        "ja": "「6」のカードも出目で発動",
    },
    "param.sainome.catalyst_may_decline": {"en": "A catalyst may be declined", "ja": "触媒の支払いを断れる"},
    "param.sainome.flip_mismatch": {"en": "Unlinked after a flip", "ja": "裏返って繋がらない装備"},
    "param.sainome.flip_mismatch.value.stay": {"en": "Stays", "ja": "そのまま"},
    "param.sainome.flip_mismatch.value.hand": {"en": "Back to the hand", "ja": "手札に戻す"},
    "param.sainome.flip_mismatch.value.discard": {"en": "Discarded", "ja": "捨て札"},
    "param.sainome.removed_bomb": {"en": "A removed Time Bomb goes", "ja": "外れた時限爆弾"},
    "param.sainome.removed_bomb.value.discard": {"en": "To the discard pile", "ja": "捨て札へ"},
    "param.sainome.removed_bomb.value.placer": {"en": "To its setter's hand", "ja": "セットした人の手札へ"},
    "param.sainome.removed_bomb.value.hand": {"en": "With the equipment", "ja": "他の装備と同じ"},
    "param.sainome.zero_damage_triggers": {
        "en": "0 damage counts as damage",
        "ja": "0ダメージもダメージ扱い",
    },
    "game.sainome.description": {
        "en": "Equip cards on your character's die faces, roll to fire them, and empty the rival's HP deck.",
        "ja": "キャラクターのサイコロの目にカードを装備し、振って発動、相手のHP山札を0枚にする対戦ゲーム。",
    },
    "sn.roll_setup": {
        "en": "{who} rolls a {face} for the rights",
        "ja": "{who}が権利を決めるサイコロで{face}",
    },
    "sn.tie": {"en": "A tie: both roll again", "ja": "同じ目：振り直し"},
    "sn.roll_winner": {"en": "{who} wins the roll", "ja": "{who}が大きい目"},
    "sn.take": {"en": "{who} takes {right}", "ja": "{who}が{right}を取る"},
    "sn.right.character": {"en": "the character choice", "ja": "キャラクター選択権"},
    "sn.right.first": {"en": "the first turn", "ja": "先攻権"},
    "sn.pick": {"en": "{who} plays {card}", "ja": "{who}のキャラクターは{card}"},
    "sn.draft": {"en": "{who} drafts {card} into the HP deck", "ja": "{who}が{card}をHP山札に"},
    "sn.equip": {
        "en": "{who} equips {card} on the {slot} slot ({face})",
        "ja": "{who}が{card}を{slot}（{face}の目）に装備",
    },
    "sn.refill": {"en": "{who} refills the hand", "ja": "{who}が手札補充"},
    "sn.change": {"en": "{who} changes equipment", "ja": "{who}が装備変更"},
    "sn.use": {"en": "{who} uses {card}", "ja": "{who}が{card}を使用"},
    "sn.attack": {"en": "{who} attacks!", "ja": "{who}の攻撃！"},
    "sn.roll_attack": {"en": "{who} rolls a {face}", "ja": "{who}のサイコロは{face}"},
    "sn.phase_end": {"en": "{who} goes on to the trash phase", "ja": "{who}はトラッシュフェイズへ"},
    "sn.turn_end": {"en": "{who} ends the turn", "ja": "{who}が手番を終了"},
    "sn.trash": {"en": "{who} discards {card}", "ja": "{who}が{card}を捨てる"},
    "sn.pass": {"en": "{who} passes", "ja": "{who}はパス"},
    "sn.done": {"en": "{who} is done", "ja": "{who}は終了"},
    "sn.target": {"en": "{who} charges {card}", "ja": "{who}が{card}をチャージ"},
    "sn.catalyst": {"en": "{who} pays {card} as the catalyst", "ja": "{who}が{card}を触媒に"},
    "sn.heal": {"en": "{who} puts {card} under the HP deck", "ja": "{who}が{card}をHP山札の下に"},
    "sn.choose": {"en": "{who} chooses {what}", "ja": "{who}は{what}を選ぶ"},
    "sn.discard_choice": {"en": "{who} discards {card}", "ja": "{who}が{card}を捨てる"},
    "sn.fire": {"en": "{card} fires", "ja": "{card}が発動"},
    "sn.fire_bonus": {"en": "{card} fires (+{bonus})", "ja": "{card}が発動（+{bonus}）"},
    "sn.explode": {
        "en": "The Time Bomb on {who}'s {slot} slot explodes!",
        "ja": "{who}の{slot}の時限爆弾が爆発！",
    },
    "sn.miss": {"en": "Nothing on the {face}: a miss", "ja": "{face}の目には何もない：ミス"},
    "sn.established": {"en": "{amount} damage to {who} from {card}", "ja": "{card}で{who}に{amount}ダメージ"},
    "sn.counter": {"en": "{who} counters with {card}", "ja": "{who}が{card}で反撃"},
    "sn.damage": {
        "en": "{who} takes {amount} damage: {drawn} HP cards to the hand",
        "ja": "{who}に{amount}ダメージ：HP札{drawn}枚を手札に",
    },
    "sn.heals": {"en": "{who} heals", "ja": "{who}が回復"},
    "sn.steal": {
        "en": "{who} steals {count} card(s) from {victim}",
        "ja": "{who}が{victim}から{count}枚奪う",
    },
    "sn.fizzle": {"en": "{card} fizzles: no catalyst", "ja": "{card}は不発：触媒なし"},
    "sn.bomb": {
        "en": "{who} attaches a Time Bomb to {victim}'s {slot} slot ({face})",
        "ja": "{who}が{victim}の{slot}（{face}の目）に時限爆弾を取り付け",
    },
    "sn.bomb_removed": {"en": "{who} removes the Time Bomb", "ja": "{who}が時限爆弾を取り外す"},
    "sn.awaken": {"en": "{who}'s {card} awakens!", "ja": "{who}の{card}が覚醒！"},
    "sn.revert": {"en": "{who}'s {card} returns to normal", "ja": "{who}の{card}が通常状態に戻る"},
    "sn.skill": {"en": "{who}'s skill: {skill}", "ja": "{who}のスキル：{skill}"},
    "sn.draws": {"en": "{who} draws {cards}", "ja": "{who}が{cards}を引く"},
    "sn.reshuffle": {
        "en": "The discard pile becomes the new common deck",
        "ja": "捨て札を混ぜて新しい共通山札に",
    },
    "sn.revealed_setup": {
        "en": "{who}'s equipment is turned up: {cards}",
        "ja": "{who}の装備が公開：{cards}",
    },
    "sn.turn": {"en": "— {who}'s turn —", "ja": "— {who}の手番 —"},
    "sn.slot.top": {"en": "top", "ja": "上"},
    "sn.slot.right": {"en": "right", "ja": "右"},
    "sn.slot.bottom": {"en": "bottom", "ja": "下"},
    "sn.slot.left": {"en": "left", "ja": "左"},
    "sn.slot.hand": {"en": "hand", "ja": "手札"},
    "sn.what.attack": {"en": "to attack", "ja": "攻撃"},
    "sn.what.refill": {"en": "a hand refill", "ja": "手札補充"},
    "sn.what.change": {"en": "an equipment change", "ja": "装備変更"},
}


def card_name(spec: CardSpec, language: str) -> str:
    """The card's (or character's) name in the card set, in the language."""
    return spec.name.get(language)


def _slot(name: str) -> Word:
    return Word(f"sn.slot.{name}") if f"sn.slot.{name}" in WORDS else Word("sn.slot.hand")


def slot_face(view: PlayerView, seat: int, slot: str) -> Any:
    """The die face a seat's slot shows (its character's side), "?" when the view has none."""
    slots = view.data.get("slots") or []
    return slots[seat].get(slot, {}).get("face", "?") if seat < len(slots) else "?"


def narrate(action: Action | None, events: Sequence[Event], view: PlayerView) -> list[Phrase]:
    """A move and what followed, as `view`'s seat may know it."""
    out: list[Phrase] = []
    if action is not None:
        out += _move(action, view)
    out += _events(action, events, view)
    return out


def _move(action: Action, view: PlayerView) -> list[Phrase]:
    who, kind, card = Seat(action.seat), action.kind, Cards(action.cards)
    simple = {
        "refill": "sn.refill",
        "change": "sn.change",
        "attack": "sn.attack",
        "pass": "sn.pass",
        "done": "sn.done",
    }
    if kind in simple:
        return [phrase(simple[kind], who=who)]
    if kind == "take":
        return [phrase("sn.take", who=who, right=Word(f"sn.right.{action.target}"))]
    if kind == "pick":
        return [phrase("sn.pick", who=who, card=card)]
    if kind == "draft":
        return [phrase("sn.draft", who=who, card=card)]
    if kind == "equip":
        face = slot_face(view, action.seat, action.target)
        return [phrase("sn.equip", who=who, card=card, slot=_slot(action.target), face=face)]
    if kind == "use":
        return [phrase("sn.use", who=who, card=card)]
    if kind == "end":
        return [
            phrase(
                "sn.phase_end" if view.phase == "trash" and view.active == action.seat else "sn.turn_end",
                who=who,
            )
        ]
    if kind == "trash":
        return [phrase("sn.trash", who=who, card=card)]
    if kind in ("fire", "counter"):
        return []  # the card's firing (or the counter) is told by its event
    if kind == "target":
        return [phrase("sn.target", who=who, card=card)]
    if kind == "catalyst":
        return [phrase("sn.catalyst", who=who, card=card)]
    if kind == "heal":
        return [phrase("sn.heal", who=who, card=card)]
    if kind == "bomb":  # the bomb's own line follows ("attaches a Time Bomb to ..."): said once
        return []
    if kind == "choose":
        return [phrase("sn.choose", who=who, what=Word(f"sn.what.{action.target}"))]
    if kind == "discard":
        return [phrase("sn.discard_choice", who=who, card=card)]
    return []  # roll: its DiceRolled event says it


def _events(action: Action | None, events: Sequence[Event], view: PlayerView) -> list[Phrase]:
    out: list[Phrase] = []
    # the first setup's layouts turned up together: one line a seat naming what it set (the equip
    # lines before could only say "a card", and a player coming back to the table read nothing else)
    shown: dict[int, list[int]] = {}
    for event in events:
        if isinstance(event, Revealed) and event.why == "first setup":
            shown.setdefault(event.seat, []).extend(event.cards)
    for event in events:
        if isinstance(event, Revealed):
            cards = shown.pop(event.seat, None)
            if cards is not None:
                out.append(phrase("sn.revealed_setup", who=Seat(event.seat), cards=Cards(tuple(cards))))
            continue
        if isinstance(event, DiceRolled):
            face = ", ".join(str(r) for r in event.results)
            key = "sn.roll_setup" if event.why == "setup" else "sn.roll_attack"
            out.append(phrase(key, who=Seat(event.seat), face=face))
        elif isinstance(event, Announced):
            out += _announced(event, view)
        elif (
            isinstance(event, CardsMoved)
            and event.dst.startswith("hand:")
            and event.why in ("refill", "draw")
        ):
            out.append(phrase("sn.draws", who=Seat(int(event.dst[5:])), cards=Cards(event.cards)))
        elif isinstance(event, Shuffled) and event.zone == "common" and action is not None:
            out.append(phrase("sn.reshuffle"))
        elif isinstance(event, TurnStarted):
            out.append(phrase("sn.turn", who=Seat(event.seat)))
    return out


def _announced(event: Announced, view: PlayerView) -> list[Phrase]:
    what, detail, who = event.what, event.detail, Seat(event.seat)
    card = detail.get("card")
    cards = Cards((card,)) if isinstance(card, int) and card >= 0 else Cards(())
    if what == "tie":
        return [phrase("sn.tie")]
    if what == "roll_winner":
        return [phrase("sn.roll_winner", who=who)]
    if what == "fire":
        bonus = detail.get("bonus") or 0
        if bonus:
            return [phrase("sn.fire_bonus", card=cards, bonus=bonus)]
        return [phrase("sn.fire", card=cards)]
    if what == "explode":
        return [phrase("sn.explode", who=who, slot=_slot(str(detail.get("slot", ""))))]
    if what == "miss":
        return [phrase("sn.miss", face=detail.get("face", "?"))]
    if what == "established":
        return [phrase("sn.established", who=who, amount=detail.get("amount", 0), card=cards)]
    if what == "counter":
        return [phrase("sn.counter", who=who, card=cards)]
    if what == "damage":
        return [phrase("sn.damage", who=who, amount=detail.get("amount", 0), drawn=detail.get("drawn", 0))]
    if what == "heal":
        return [phrase("sn.heals", who=who)]
    if what == "steal":
        return [phrase("sn.steal", who=who, victim=Seat(detail.get("victim")), count=detail.get("count", 0))]
    if what == "fizzle":
        return [phrase("sn.fizzle", card=cards)]
    if what == "bomb":
        victim, where = detail.get("victim"), str(detail.get("slot", ""))
        face = slot_face(view, victim, where) if isinstance(victim, int) else "?"
        return [phrase("sn.bomb", who=who, victim=Seat(victim), slot=_slot(where), face=face)]
    if what == "bomb_removed":
        return [phrase("sn.bomb_removed", who=who)]
    if what in ("awaken", "revert"):
        return [phrase(f"sn.{what}", who=who, card=cards)]
    if what == "skill":
        return [phrase("sn.skill", who=who, skill=_skill(view, event.seat, str(detail.get("skill", ""))))]
    return []


def _skill(view: PlayerView, seat: int | None, name: str) -> Text:
    """A character's skill in both languages, from the character cards' sides in the card set."""
    assert view.cardset is not None
    for spec in view.cardset.cards:
        for side in (spec.get("sides") or {}).values():
            for skill in side.get("skills", []) if isinstance(side, dict) else []:
                names = skill.get("name") or {}
                if isinstance(names, dict) and names.get("en") == name:
                    return Text(name, str(names.get("ja") or ""))
    return Text(name)


# -- the action menu and the pending question ------------------------------------------------------
WORDS.update(
    {
        "sn.option.roll": {"en": "Roll the die", "ja": "サイコロを振る"},
        "sn.option.take": {"en": "Take {right}", "ja": "{right}を取る"},
        "sn.option.pick": {"en": "Play {card}", "ja": "{card}を選ぶ"},
        "sn.option.draft": {"en": "Draft {card}", "ja": "{card}をドラフト"},
        "sn.option.equip": {
            "en": "Equip {card} on the {slot} slot ({face})",
            "ja": "{card}を{slot}（{face}の目）に装備",
        },
        "sn.option.refill": {"en": "Hand refill", "ja": "手札補充"},
        "sn.option.change": {"en": "Equipment change", "ja": "装備変更"},
        "sn.option.use": {"en": "Use {card}", "ja": "{card}を使用"},
        "sn.option.attack": {"en": "Attack!", "ja": "攻撃！"},
        "sn.option.end_action": {"en": "End the action phase", "ja": "アクションフェイズを終了"},
        "sn.option.end_turn": {"en": "End the turn", "ja": "手番を終了"},
        "sn.option.trash": {"en": "Discard {card}", "ja": "{card}を捨てる"},
        "sn.option.fire": {"en": "Fire {card} ({slot})", "ja": "{card}を発動（{slot}）"},
        "sn.option.counter": {"en": "Counter with {card}", "ja": "{card}で反撃"},
        "sn.option.target": {"en": "Charge {card} ({slot})", "ja": "{card}をチャージ（{slot}）"},
        "sn.option.catalyst": {"en": "Pay {card} as the catalyst", "ja": "{card}を触媒にする"},
        "sn.option.heal": {"en": "Put {card} under your HP deck", "ja": "{card}をHP山札の下に"},
        "sn.option.bomb": {
            "en": "Set the Time Bomb on {victim}'s {slot} slot ({face})",
            "ja": "時限爆弾を{victim}の{slot}（{face}の目）に",
        },
        "sn.option.choose": {"en": "Choose {what}", "ja": "{what}を選ぶ"},
        "sn.option.discard": {"en": "Discard {card} ({slot})", "ja": "{card}を捨てる（{slot}）"},
        "sn.option.pass": {"en": "Pass", "ja": "パス"},
        "sn.option.done": {"en": "Done", "ja": "完了"},
        "sn.prompt.fire": {"en": "Which card fires next?", "ja": "次に発動するカードは？"},
        "sn.prompt.counter": {
            "en": "{amount} damage is coming: counter?",
            "ja": "{amount}ダメージが来ます：反撃しますか？",
        },
        "sn.prompt.counter_none": {
            "en": "{amount} damage is coming: no counter card in your hand",
            "ja": "{amount}ダメージが来ます：手札に反撃カードはありません",
        },
        "sn.prompt.target": {
            "en": "Charge: which equipped card fires with +4?",
            "ja": "チャージ：+4で発動する装備は？",
        },
        "sn.prompt.catalyst": {"en": "Pay an item as the catalyst?", "ja": "触媒に道具を払いますか？"},
        "sn.prompt.heal": {
            "en": "Put hand cards under your HP deck?",
            "ja": "手札をHP山札の下に置きますか？",
        },
        "sn.prompt.bomb": {"en": "Where does the Time Bomb go?", "ja": "時限爆弾をどこに取り付けますか？"},
        "sn.prompt.choose": {"en": "Either-Or: attack or refill?", "ja": "二者択一：攻撃か手札補充か"},
        "sn.prompt.attack": {"en": "Quick Change: attack now?", "ja": "早着替え：今攻撃しますか？"},
        "sn.prompt.discard": {"en": "Discard an equipped card", "ja": "装備中のカードを捨てる"},
        "sn.prompt.equip": {"en": "Set your equipment", "ja": "装備をセット"},
        "sn.prompt.draft": {"en": "Draft a card into your HP deck", "ja": "HP山札に入れるカードを選ぶ"},
    }
)


# -- what the person at the table does now, in plain words ------------------------------------------
WORDS.update(
    {
        "sn.hint.roll": {
            "en": "Roll the die for the rights (R): the higher roll chooses one",
            "ja": "権利を決めるサイコロを振ってください（R）：大きい目の人が選びます",
        },
        "sn.hint.right": {
            "en": "Your roll is higher: take the character choice or the first turn",
            "ja": "あなたの目が大きい：キャラクター選択権か先攻権を選んでください",
        },
        "sn.hint.character": {
            "en": "Click the character you will play (its awakened side is beneath it)",
            "ja": "使うキャラクターをクリック（下は覚醒した面）",
        },
        "sn.hint.draft": {
            "en": "Click a card to draft it into your HP deck",
            "ja": "HP山札に入れるカードをクリック",
        },
        "sn.hint.equip": {
            "en": "Drag cards onto the slots they link to (lit), then Done (D)",
            "ja": "リンクする枠（光る枠）へカードをドラッグし、完了（D）",
        },
        "sn.hint.action": {
            "en": '{n} action(s) left: Hand refill, Equipment change, Attack, or click a "Hand:" card to use it',
            "ja": "残り{n}アクション：手札補充・装備変更・攻撃、または「手」のカードをクリックで使用",
        },
        "sn.hint.trash_down": {
            "en": "Discard down to {limit}: click cards to discard ({n} in hand)",
            "ja": "手札を{limit}枚まで捨ててください：クリックで捨てる（手札{n}枚）",
        },
        "sn.hint.trash": {
            "en": "Discard any cards you do not want (click them), then End (E)",
            "ja": "不要なカードはクリックで捨て、終了（E）",
        },
        "sn.equip_over": {
            "en": "Nothing else in your hand links to an empty slot: your equipment is set",
            "ja": "手札に空いた枠とリンクするカードはもうありません：装備完了",
        },
        "sn.label.choose": {"en": "Characters to choose from", "ja": "選べるキャラクター"},
        "results.score.sainome": {"en": "HP left", "ja": "残りHP"},
        "sn.setup_rolls": {"en": "Rolls for the rights: {rolls}", "ja": "権利決めの出目：{rolls}"},
        "sn.button.take_character": {"en": "Character choice (1)", "ja": "キャラクター選択権（1）"},
        "sn.button.take_first": {"en": "First turn (2)", "ja": "先攻権（2）"},
        "sn.rolled": {"en": "{who} rolled {face}", "ja": "{who}の出目は{face}"},
    }
)


def hint(view: PlayerView, seat: int) -> Phrase | None:
    """What `seat` may do now, in plain words (None when it has nothing to decide)."""
    if seat not in view.deciding:
        return None
    pending = view.pending
    if pending is not None:
        if pending.kind in ("equip", "draft"):
            return phrase(f"sn.hint.{pending.kind}")
        return None
    phase, data = view.phase, view.data
    if phase in ("roll", "right", "character", "action"):
        return phrase(f"sn.hint.{phase}", n=data.get("actions_left", 0))
    if phase == "trash":
        held, limit = view.zones[f"hand:{seat}"].count, data.get("hand_limit", 5)
        return phrase("sn.hint.trash_down" if held > limit else "sn.hint.trash", limit=limit, n=held)
    return None


def caption(events: Sequence[Event], view: PlayerView) -> list[Phrase]:
    """What a roll showed and what it set off, and a counter card used, for a caption on the table."""
    out: list[Phrase] = []
    for event in events:
        if isinstance(event, DiceRolled) and event.why == "attack":
            out.append(phrase("sn.rolled", who=Seat(event.seat), face=", ".join(map(str, event.results))))
        elif isinstance(event, Announced) and event.what in ("fire", "miss", "explode", "counter", "awaken"):
            out += _announced(event, view)
    return out


def option(action: Action, view: PlayerView) -> Phrase:
    """A legal move as the action menu offers it ("Equip Fireball on the right slot (3)")."""
    kind, card = action.kind, Cards(action.cards)
    if kind == "take":
        return phrase("sn.option.take", right=Word(f"sn.right.{action.target}"))
    if kind == "equip":
        face = slot_face(view, action.seat, action.target)
        return phrase("sn.option.equip", card=card, slot=_slot(action.target), face=face)
    if kind in ("fire", "target", "discard"):
        return phrase(f"sn.option.{kind}", card=card, slot=_slot(action.target))
    if kind == "bomb":
        # the opponent's character faces across the table, so its own "left" shows on your right:
        # the slot's die face, printed beside it, is what the person looks for
        victim = 1 - action.seat
        face = slot_face(view, victim, action.target)
        return phrase("sn.option.bomb", victim=Seat(victim), slot=_slot(action.target), face=face)
    if kind == "choose":
        return phrase("sn.option.choose", what=Word(f"sn.what.{action.target}"))
    if kind == "end":
        return phrase("sn.option.end_action" if view.phase == "action" else "sn.option.end_turn")
    return phrase(f"sn.option.{kind}", card=card)


def prompt(kind: str, view: PlayerView) -> Phrase | None:
    """The pending decision as a question to the person who must answer it."""
    if kind == "counter":
        counter = view.data.get("counter") or {}
        # the question is asked whether or not the defender holds a counter card (so the attacker
        # cannot tell); one who holds none is told so rather than offered a lone, puzzling Pass
        if view.legal and all(a.kind == "pass" for a in view.legal):
            return phrase("sn.prompt.counter_none", amount=counter.get("amount", "?"))
        return phrase("sn.prompt.counter", amount=counter.get("amount", "?"))
    key = f"sn.prompt.{kind}"
    return phrase(key) if key in WORDS else None


# -- refusals: the engine's reasons, matched to the words above ---------------------------------------
WORDS.update(REASON_WORDS)
WORDS.update(TABLE_WORDS)  # the table's own words (table_words.py)


def headline(view: PlayerView) -> Phrase | None:
    """Where the game stands, for the menu's Continue: the round under way."""
    n = view.data.get("round")
    return phrase("common.round", n=int(n)) if isinstance(n, int) and n > 0 else None
