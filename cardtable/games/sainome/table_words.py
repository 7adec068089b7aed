"""Sainome's words on its table, in English and Japanese: the labels, the buttons, the status line
and the tooltips' facts. narration.py merges them into the game's WORDS (the one table the UI
reads); they live here so each module reads in one sitting. Pure: no pygame."""

from __future__ import annotations

TABLE_WORDS: dict[str, dict[str, str]] = {
    "sn.side.awakened": {"en": "awakened", "ja": "覚醒"},
    "sn.side.normal": {"en": "normal", "ja": "通常"},
    "sn.character_label": {"en": "{who} · {character} · {side}", "ja": "{who}・{character}・{side}"},
    "sn.label.common": {"en": "Deck {n}", "ja": "山札 {n}"},
    "sn.label.discard": {"en": "Discard {n}", "ja": "捨て札 {n}"},
    "sn.label.resolving": {"en": "Resolving", "ja": "解決中"},
    "sn.phase.roll": {"en": "rolling for the rights", "ja": "権利決めのサイコロ"},
    "sn.phase.right": {"en": "choosing a right", "ja": "権利の選択"},
    "sn.phase.character": {"en": "choosing a character", "ja": "キャラクター選択"},
    "sn.phase.draft": {"en": "HP deck draft", "ja": "HP山札ドラフト"},
    "sn.phase.first_setup": {"en": "first setup", "ja": "ファーストセットアップ"},
    "sn.phase.action": {"en": "action phase", "ja": "アクションフェイズ"},
    "sn.phase.trash": {"en": "trash phase", "ja": "トラッシュフェイズ"},
    "sn.status.phase": {"en": "{name}: {phase}", "ja": "{name}：{phase}"},
    "sn.status.actions_left": {"en": " · actions left {n}", "ja": "・残りアクション{n}"},
    "sn.status.roll": {"en": "last roll: {faces} ({name})", "ja": "直前の出目：{faces}（{name}）"},
    "sn.status.counter": {
        "en": "{name} may counter {n} damage",
        "ja": "{name}は{n}ダメージに反撃できます",
    },
    # the Time Bomb's chooser names the opponent's slot where it shows on the table: that character
    # faces across the table, so its own "bottom" slot shows above it
    "sn.option.bomb_seen": {
        "en": "Set the Time Bomb on the slot {where} {victim}'s character ({face})",
        "ja": "時限爆弾を{victim}のキャラクターの{where}の枠（{face}の目）に",
    },
    "sn.seen.above": {"en": "above", "ja": "上"},
    "sn.seen.below": {"en": "below", "ja": "下"},
    "sn.seen.right": {"en": "right of", "ja": "右"},
    "sn.seen.left": {"en": "left of", "ja": "左"},
    "sn.category.character": {"en": "Character", "ja": "キャラクター"},
    "sn.category.weapon": {"en": "Weapon", "ja": "武器"},
    "sn.category.magic": {"en": "Magic", "ja": "魔法"},
    "sn.category.item": {"en": "Item", "ja": "道具"},
    "sn.category.skill": {"en": "Skill", "ja": "スキル"},
    "sn.fact.links": {"en": "links {links}", "ja": "リンク {links}"},
    "sn.fact.damage": {"en": "damage {n}", "ja": "ダメージ{n}"},
    # the card set's fields as a tooltip's provisional line names them (field.* has the shared ones)
    "sn.field.category": {"en": "category", "ja": "種類"},
    "sn.field.links": {"en": "links", "ja": "リンク"},
    "sn.field.icons": {"en": "icons", "ja": "シンボル"},
    "sn.field.sides": {"en": "sides", "ja": "両面"},
    "sn.field.awaken": {"en": "when it awakens", "ja": "覚醒の条件"},
    "sn.field.reverts": {"en": "when it turns back", "ja": "戻る条件"},
    "sn.icon.counter": {"en": "counter (反)", "ja": "反"},
    "sn.icon.hand": {"en": "hand-activated (手)", "ja": "手"},
    "sn.icon.six": {"en": "six (6)", "ja": "6"},
    "sn.button.roll": {"en": "Roll (R)", "ja": "サイコロを振る（R）"},
    "sn.button.refill": {"en": "Hand refill (F)", "ja": "手札補充（F）"},
    "sn.button.change": {"en": "Equipment change (C)", "ja": "装備変更（C）"},
    "sn.button.attack": {"en": "Attack! (T)", "ja": "攻撃！（T）"},
    "sn.button.end": {"en": "End (E)", "ja": "終了（E）"},
    "sn.button.done": {"en": "Done (D)", "ja": "完了（D）"},
    "sn.button.pass": {"en": "Pass (P)", "ja": "パス（P）"},
}
