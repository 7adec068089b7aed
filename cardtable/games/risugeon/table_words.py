"""Risugeon's words on its table, in English and Japanese: the labels, the buttons, the status line
and the tooltips' facts. narration.py merges them into the game's WORDS (the one table the UI
reads); they live here so each module reads in one sitting. Pure: no pygame."""

from __future__ import annotations

TABLE_WORDS: dict[str, dict[str, str]] = {
    "rg.label.skill": {"en": "Skill {n}", "ja": "スキル{n}"},
    "rg.label.production": {"en": "Production", "ja": "生産技能"},
    "rg.label.gems": {"en": "Gems ({n})", "ja": "宝玉（{n}）"},
    "rg.label.action_deck": {"en": "Actions ({n})", "ja": "アクション（{n}）"},
    "rg.label.stock_area": {"en": "Stock area ({n})", "ja": "在庫置き場（{n}）"},
    "rg.label.play": {"en": "Play area", "ja": "場（使ったアクション）"},
    "rg.label.well": {"en": "Skill / PS well", "ja": "スキル・PSに捨てる"},
    "rg.label.deck": {"en": "Deck ({n})", "ja": "デッキ（{n}）"},
    "rg.label.discard": {"en": "Discard ({n})", "ja": "捨て札（{n}）"},
    "rg.counter_row.whose": {"en": "{name}'s turn", "ja": "{name}のターン"},
    "rg.counter_row.actions": {"en": "Actions {n}", "ja": "アクション {n}"},
    "rg.counter_row.trainings": {"en": "Trainings {n}", "ja": "訓練 {n}"},
    "rg.counter_row.skill": {"en": "Skill {n}", "ja": "スキル {n}"},
    "rg.counter_row.ps": {"en": "PS {n}", "ja": "PS {n}"},
    "rg.panel.counts": {
        "en": "hand {hand} · deck {deck} · discard {discard}",
        "ja": "手札{hand}・デッキ{deck}・捨て札{discard}",
    },
    "rg.panel.scores": {
        "en": "points {points} · gems {gems} · played {played}",
        "ja": "得点{points}・宝玉{gems}・使用{played}",
    },
    "rg.phase.action": {"en": "{name}: action phase", "ja": "{name}：アクションフェイズ"},
    "rg.phase.training": {"en": "{name}: training phase", "ja": "{name}：訓練フェイズ"},
    "rg.phase.end": {"en": "{name}: end phase", "ja": "{name}：終了フェイズ"},
    "rg.status.choice": {
        "en": " · {what} ({picked}/{low}-{high})",
        "ja": "・{what}（{picked}/{low}〜{high}）",
    },
    "rg.type.combat": {"en": "Combat skill", "ja": "戦闘技能"},
    "rg.type.action": {"en": "Action", "ja": "アクション"},
    "rg.type.production": {"en": "Production skill", "ja": "生産技能"},
    "rg.type.gem": {"en": "Gem", "ja": "宝玉"},
    "rg.fact.skill": {"en": "skill {n}", "ja": "スキル{n}"},
    "rg.fact.cost": {"en": "cost {n}", "ja": "修得スキル{n}"},
    "rg.fact.points": {"en": "{n} points", "ja": "{n}点"},
    # the card set's fields as a tooltip's provisional line names them (field.* has the shared ones)
    "rg.field.cost": {"en": "cost", "ja": "修得スキル"},
    "rg.button.pass": {"en": "To training (P)", "ja": "訓練フェイズへ（P）"},
    "rg.button.end": {"en": "End turn (E)", "ja": "手番終了（E）"},
    "rg.button.done": {"en": "Done (D)", "ja": "完了（D）"},
}
