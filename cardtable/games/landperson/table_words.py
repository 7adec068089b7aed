"""Land & Person's words on its table and its deck-building screen, in English and Japanese: the
labels, the land's costs, the phases, the status panel's tasks and hints, the buttons and the deck
screen's. narration.py merges them into the game's WORDS (the one table the UI reads); they live here
so each module reads in one sitting. Pure: no pygame."""

from __future__ import annotations

TABLE_WORDS: dict[str, dict[str, str]] = {
    "lp.label.wander": {"en": "Wandering", "ja": "放浪"},
    "lp.label.ruins": {"en": "Destroyed lands", "ja": "破壊された土地"},
    "lp.label.discard": {"en": "Discards {n}", "ja": "捨て札 {n}"},
    "lp.label.spoils_of": {"en": "Spoils {n}/{of}", "ja": "戦果 {n}/{of}"},
    "lp.label.occupied_of": {"en": "Occupied ★{n}/{of}", "ja": "占領 ★{n}/{of}"},
    "lp.label.discard_of": {"en": "Discards {n}/{of} to win", "ja": "捨て札 {n}/{of}で勝利"},
    "lp.label.deck": {"en": "Deck {n}", "ja": "山札 {n}"},
    "lp.label.lands": {"en": "Lands {n}", "ja": "土地 {n}"},
    "lp.cost.commerce": {"en": "Commerce {n}", "ja": "商業 {n}"},
    "lp.cost.hunting": {"en": "Hunting {n}", "ja": "狩猟 {n}"},
    "lp.cost.repair": {"en": "Repair {n}", "ja": "修復 {n}"},
    "lp.cost.siege": {"en": "Siege {n}", "ja": "籠城 {n}"},
    "lp.tip.special_off": {
        "en": "Special: off in the shared deck (its rules ignore special abilities)",
        "ja": "特殊能力：山札共有では無効（特殊能力は無視します）",
    },
    # the card set's fields as a tooltip's provisional line names them (the shared field.* for the rest)
    "lp.field.cost": {"en": "recruit cost", "ja": "登用コスト"},
    "lp.field.int": {"en": "intelligence", "ja": "智力"},
    "lp.field.atk": {"en": "attack", "ja": "攻撃力"},
    "lp.field.special": {"en": "special ability", "ja": "特殊能力"},
    "lp.field.specialty": {"en": "specialty", "ja": "得意能力"},
    "lp.field.stars": {"en": "stars", "ja": "星"},
    "lp.field.commerce": {"en": "commerce", "ja": "商業"},
    "lp.field.hunting": {"en": "hunting", "ja": "狩猟"},
    "lp.field.repair": {"en": "repair", "ja": "修復"},
    "lp.field.siege": {"en": "siege", "ja": "籠城"},
    "lp.fact.person": {
        "en": "Cost {cost} · Intelligence {int} · Attack {atk}",
        "ja": "登用コスト {cost}・智力 {int}・攻撃力 {atk}",
    },
    "lp.phase.first": {"en": "first persons", "ja": "最初の人物"},
    "lp.phase.return": {"en": "return phase", "ja": "帰還フェイズ"},
    "lp.phase.income": {"en": "income phase", "ja": "収入フェイズ"},
    "lp.phase.domestic": {"en": "domestic phase", "ja": "内政フェイズ"},
    "lp.phase.peek": {"en": "Scout: choose the top card", "ja": "斥候：一番上にするカードを選ぶ"},
    "lp.phase.take": {"en": "Strategist: take a person", "ja": "軍師：人物を1枚選ぶ"},
    "lp.phase.battle": {"en": "battle phase", "ja": "戦闘フェイズ"},
    "lp.phase.defend": {"en": "defending against the attack", "ja": "攻撃を受けて防御"},
    "lp.phase.capture": {"en": "taking a person as spoils", "ja": "戦果の人物を選ぶ"},
    "lp.phase.end": {"en": "end phase: discard down to {n}", "ja": "終了フェイズ：手札を{n}枚まで捨てる"},
    "lp.hint.phase.first": {
        "en": "Click a person of cost {cost} or less in your hand to lay it face down as your first person",
        "ja": "手札のコスト{cost}以下の人物をクリックして、最初の人物として伏せる",
    },
    "lp.hint.phase.putback": {
        "en": "Click cards in your hand to put them back into the deck, down to {n}",
        "ja": "手札をクリックして山札に戻す（{n}枚になるまで）",
    },
    "lp.hint.phase.return": {
        "en": "Drag a wanderer onto your field to bring it back, or Skip (K)",
        "ja": "放浪中の人物を自分の場へドラッグすると帰還（しない (K)）",
    },
    "lp.hint.phase.income": {
        "en": "Drag a wanderer onto your discard pile to draw 1, or Skip (K)",
        "ja": "放浪中の人物を捨て札へドラッグすると1枚引く（しない (K)）",
    },
    "lp.hint.phase.domestic": {
        "en": "Drag hand cards onto your field to recruit; ready persons onto your land to work it",
        "ja": "手札を場へドラッグで登用、未行動の人物を土地へドラッグで商業か狩猟",
    },
    "lp.hint.phase.domestic_shared": {
        "en": "Drag a hand card onto your field to recruit it",
        "ja": "手札を自分の場へドラッグすると登用",
    },
    "lp.work.title": {"en": "Work the land: commerce or hunting?", "ja": "土地で働く：商業か狩猟か"},
    "lp.hint.phase.battle": {
        "en": "Drag a ready person onto the opponent's land to attack",
        "ja": "未行動の人物を相手の土地へドラッグすると攻撃",
    },
    "lp.hint.phase.end": {
        "en": "Drag hand cards onto your discard pile",
        "ja": "手札を捨て札へドラッグして捨てる",
    },
    "lp.status.phase": {"en": "{name}: {phase}", "ja": "{name}：{phase}"},
    "lp.status.attack": {"en": "Attack {n}", "ja": "攻撃力 {n}"},
    "lp.status.task.commerce": {
        "en": "Commerce: intelligence {n} of {need}",
        "ja": "商業：智力 {n}／{need}",
    },
    "lp.status.task.hunt": {"en": "Hunting: attack {n} of {need}", "ja": "狩猟：攻撃力 {n}／{need}"},
    "lp.status.task.repair": {"en": "Repair: intelligence {n} of {need}", "ja": "修復：智力 {n}／{need}"},
    "lp.status.task.pay": {"en": "Recruiting: {need} still to pay", "ja": "登用：あと{need}支払う"},
    "lp.status.task.attack": {"en": "Attack: {n} so far", "ja": "攻撃：攻撃力 {n}"},
    "lp.status.task.intercept": {"en": "Intercept: {n} so far", "ja": "迎撃：攻撃力 {n}"},
    "lp.status.task.siege": {
        "en": "Siege: persons {n} + land {need}",
        "ja": "籠城：人物 {n}＋土地 {need}",
    },
    "lp.hint.task.pay": {
        "en": "Click cards in your hand to discard them as payment",
        "ja": "手札をクリックして捨て札にし、支払う",
    },
    "lp.hint.task.commerce": {
        "en": "Click your ready persons to add them, then Done (D)",
        "ja": "未行動の人物をクリックして加え、実行 (D)",
    },
    "lp.hint.task.hunt": {
        "en": "Click your ready persons to add them, then Done (D)",
        "ja": "未行動の人物をクリックして加え、実行 (D)",
    },
    "lp.hint.task.repair": {
        "en": "Click your persons to send them to wander, then Done (D)",
        "ja": "人物をクリックして放浪させ、実行 (D)",
    },
    "lp.hint.task.intercept": {
        "en": "Click your ready persons to add them, then Done (D)",
        "ja": "未行動の人物をクリックして加え、実行 (D)",
    },
    "lp.hint.task.siege": {
        "en": "Click ready persons to add them (or none), then Done (D)",
        "ja": "未行動の人物をクリックして加え（なしでも可）、実行 (D)",
    },
    "lp.hint.task.attack": {
        "en": "Click or drag more ready persons to join, then Done (D)",
        "ja": "未行動の人物をクリックかドラッグで加え、実行 (D)",
    },
    "lp.button.commerce": {"en": "Commerce (C)", "ja": "商業 (C)"},
    "lp.button.hunt": {"en": "Hunting (H)", "ja": "狩猟 (H)"},
    "lp.button.battle": {"en": "To battle (B)", "ja": "戦闘へ (B)"},
    "lp.button.attack": {"en": "Attack (T)", "ja": "攻撃 (T)"},
    "lp.button.noattack": {"en": "No attack (N)", "ja": "攻撃しない (N)"},
    "lp.button.intercept": {"en": "Intercept (I)", "ja": "迎撃 (I)"},
    "lp.button.siege": {"en": "Siege (S)", "ja": "籠城 (S)"},
    "lp.button.done": {"en": "Done (D)", "ja": "実行 (D)"},
    "lp.button.skip": {"en": "Skip (K)", "ja": "しない (K)"},
    "lp.button.nofirst": {"en": "No first person (F)", "ja": "最初の人物なし (F)"},
    "lpd.title": {"en": "Build your deck: P{n} {name}", "ja": "デッキ構築：P{n} {name}"},
    "lpd.filter.all": {"en": "All", "ja": "すべて"},
    "lpd.filter.0": {"en": "Cost 0", "ja": "コスト0"},
    "lpd.filter.1-2": {"en": "Cost 1-2", "ja": "コスト1〜2"},
    "lpd.filter.3-4": {"en": "Cost 3-4", "ja": "コスト3〜4"},
    "lpd.row": {"en": "cost {cost} · int {int} · atk {atk}", "ja": "コスト{cost}・智{int}・攻{atk}"},
    "lpd.lands": {"en": "Lands: ★{n} of {of}", "ja": "土地：★{n}／{of}"},
    "lpd.mix": {"en": "Recommended mix", "ja": "お奨めの構成"},
    "lpd.band": {"en": "Cost {band}: {n} (about {want})", "ja": "コスト{band}：{n}枚（目安{want}枚）"},
    "lpd.persons": {"en": "Persons: {n} of {of}", "ja": "人物：{n}／{of}枚"},
    "lpd.fill": {"en": "Fill the rest (F)", "ja": "残りをお奨めで (F)"},
    "lpd.clear": {"en": "Clear (X)", "ja": "空にする (X)"},
    "lpd.save": {"en": "Save deck (S)", "ja": "デッキを保存 (S)"},
    "lpd.load": {"en": "Load saved (L)", "ja": "保存から読込 (L)"},
    "lpd.done": {"en": "Done (D)", "ja": "決定 (D)"},
    "lpd.back": {"en": "Back (Esc)", "ja": "戻る (Esc)"},
    "lpd.need_persons": {
        "en": "A deck holds {of} persons; this one has {n}",
        "ja": "人物は{of}枚必要です（今は{n}枚）",
    },
    "lpd.need_stars": {
        "en": "The lands must be worth ★{of}; these are ★{n}",
        "ja": "土地は★{of}個分必要です（今は★{n}）",
    },
    "lpd.legend": {
        "en": "★ a specialty (both modes) · ◆ a special ability (deck construction only)",
        "ja": "★ 得意能力（両モード）・◆ 特殊能力（デッキ構築のみ）",
    },
    "lpd.saved": {"en": "Deck saved", "ja": "デッキを保存しました"},
    "lpd.save_failed": {
        "en": "Could not save the deck: {error}",
        "ja": "デッキを保存できませんでした：{error}",
    },
    "lpd.decks_damaged": {
        "en": "The saved decks file was damaged ({error})",
        "ja": "保存したデッキのファイルが壊れていました（{error}）",
    },
    "lpd.none_saved": {
        "en": "No saved deck for this half yet",
        "ja": "この半分のデッキはまだ保存されていません",
    },
    "lpd.loaded": {"en": "Saved deck {n} of {of}", "ja": "保存したデッキ {n}／{of}"},
    "lpd.load_failed": {
        "en": "Saved deck {n} of {of} no longer fits your half of the cards",
        "ja": "保存したデッキ {n}／{of} は今のカードの半分に合いません",
    },
}
