"""Every text the UI shows, by key, in English and Japanese (a setting): the one mechanism.

The UI's own strings are below and name no game; the words of the log, the action menu, the games'
questions and each game's table (its labels, buttons, status line and tooltips) live with each game
(cardtable/games/<id>/narration.py, shared ones in cardtable/rules/narration.py) and are merged in by
`all_strings`, so a game brings its own words and a test checks every key has both
languages. Card text comes from the card sets, not from here.
"""

from __future__ import annotations

from collections.abc import Mapping

STRINGS: dict[str, dict[str, str]] = {
    "app.title": {"en": "cardtable", "ja": "カードテーブル"},
    "menu.continue": {"en": "Continue", "ja": "つづきから"},
    "menu.settings": {"en": "Settings", "ja": "設定"},
    "menu.quit": {"en": "Quit", "ja": "終了"},
    "menu.about": {"en": "About", "ja": "このアプリについて"},
    "menu.players": {"en": "{lo}-{hi} players", "ja": "{lo}〜{hi}人"},
    "menu.players_one": {"en": "{n} players", "ja": "{n}人"},
    "menu.no_save": {"en": "No saved game", "ja": "セーブデータがありません"},
    "setup.title": {"en": "New game: {game}", "ja": "新しいゲーム：{game}"},
    "setup.seats": {"en": "Players", "ja": "人数"},
    "setup.human": {"en": "Human", "ja": "人間"},
    "setup.bot": {"en": "Bot", "ja": "ボット"},
    "setup.bot_random": {"en": "Bot (easy)", "ja": "ボット（やさしい）"},
    "setup.bot_heuristic": {"en": "Bot (normal)", "ja": "ボット（ふつう）"},
    "setup.level_random": {"en": "Easy", "ja": "やさしい"},
    "setup.level_heuristic": {"en": "Normal", "ja": "ふつう"},
    "setup.bot_search": {"en": "Bot (strong)", "ja": "ボット（つよい）"},
    "setup.level_search": {"en": "Strong", "ja": "つよい"},
    "setup.level": {"en": "Magician Level", "ja": "魔術師レベル"},
    "setup.seed": {"en": "Seed (blank = random)", "ja": "シード（空欄でランダム）"},
    "setup.start": {"en": "Start", "ja": "開始"},
    "setup.back": {"en": "Back", "ja": "戻る"},
    "seat.name": {"en": "Player {n}", "ja": "プレイヤー{n}"},
    "pause.title": {"en": "Paused", "ja": "一時停止"},
    "pause.resume": {"en": "Resume", "ja": "再開"},
    "pause.rules": {"en": "Rules", "ja": "ルール"},
    "pause.save_quit": {"en": "Save and quit to menu", "ja": "保存してメニューへ"},
    "settings.paper": {"en": "Print paper", "ja": "印刷用紙"},
    # The Balance lab (cardtable/ui/scenes/lab.py)
    "menu.lab": {"en": "Balance lab", "ja": "バランス検証"},
    "lab.title": {"en": "Balance lab", "ja": "バランス検証"},
    "lab.game": {"en": "Game", "ja": "ゲーム"},
    "lab.cardset": {"en": "Card set", "ja": "カードセット"},
    "lab.own_set": {"en": "the game's own", "ja": "ゲーム標準"},
    "lab.seats": {"en": "Seats", "ja": "人数"},
    "lab.bot_first": {"en": "Bot of seat 1", "ja": "席1のボット"},
    "lab.bot_others": {"en": "Bots of the other seats", "ja": "ほかの席のボット"},
    "lab.games": {"en": "Games", "ja": "ゲーム数"},
    "lab.start": {"en": "Play the games", "ja": "対戦を開始"},
    "lab.rotate_note": {
        "en": "The bots change seats every game, so a seat's advantage cancels out. ±5 points at 50% "
        "needs about 385 games; card sets opened lately (Open a card set) are offered too.",
        "ja": "ボットは1ゲームごとに席を入れ替わるので、席の有利不利は打ち消し合います。"
        "勝率50%で±5ポイントの精度には約385ゲームが必要です。最近開いたカードセットも選べます。",
    },
    "lab.running": {"en": "{game}: {n} bot games", "ja": "{game}：ボット対戦{n}回"},
    "lab.done": {"en": "{done} of {total} games", "ja": "{total}ゲーム中{done}ゲーム"},
    "lab.left": {"en": "about {s} s left", "ja": "残り約{s}秒"},
    "lab.drawing": {"en": "drawing the report…", "ja": "レポートを作成中…"},
    "lab.cancelled": {"en": "Stopped: no report.", "ja": "中止しました（レポートなし）。"},
    "lab.again": {"en": "Another run", "ja": "別の条件で"},
    "lab.holes": {"en": "Rules holes (replay with the seed):", "ja": "ルールの穴（シードで再現できます）："},
    "lab.hole": {"en": "seed {seed}, {moves} moves: {kind}", "ja": "シード{seed}、{moves}手：{kind}"},
    "lab.cap": {"en": "hit the cap", "ja": "上限に到達"},
    "lab.no_move": {"en": "a seat had no legal move", "ja": "合法手のない席"},
    "lab.more": {"en": "and {n} more (report.html)", "ja": "ほか{n}件（report.html）"},
    "lab.bot_rate": {
        "en": "{bot} wins {rate}% ± {half} of the seats it sat in (fair: {fair}%).",
        "ja": "{bot}の勝率は{rate}% ± {half}（座った席すべて、公平なら{fair}%）。",
    },
    "lab.rest_in_report": {"en": "… the rest is in report.html", "ja": "…続きはreport.htmlにあります"},
    "lab.saved": {"en": "Saved: {path}", "ja": "保存先：{path}"},
    "lab.plot_seats": {"en": "Seats", "ja": "席の勝率"},
    "lab.plot_length": {"en": "Length", "ja": "長さ"},
    "lab.plot_cards": {"en": "Cards", "ja": "カード"},
    "lab.plot_curves": {"en": "Per turn", "ja": "ターンごと"},
    "lab.plot_endings": {"en": "Endings", "ja": "終わり方"},
    "settings.playtests": {
        "en": "Keep finished games for the balance report",
        "ja": "終わったゲームをバランスレポート用に記録",
    },
    "settings.paper_auto": {"en": "Auto", "ja": "自動"},
    "settings.paper_a4": {"en": "A4", "ja": "A4"},
    "settings.paper_letter": {"en": "Letter", "ja": "レター"},
    "pause.print": {"en": "Print the cards (PDF)", "ja": "カードを印刷（PDF）"},
    "pause.printed": {"en": "{pages} pages written to {file}", "ja": "{file} に{pages}ページ書き出しました"},
    "pause.print_failed": {"en": "Could not print: {error}", "ja": "印刷できませんでした：{error}"},
    "handoff.pass": {"en": "Pass to {name}", "ja": "{name}に渡してください"},
    "handoff.click": {
        "en": "Click (or press Space) when only {name} can see the screen",
        "ja": "{name}だけが画面を見られる状態でクリック（またはスペース）",
    },
    "results.title": {"en": "Results", "ja": "結果"},
    "results.rematch": {"en": "Rematch", "ja": "再戦"},
    "results.menu": {"en": "Menu", "ja": "メニュー"},
    "results.winner": {"en": "Winner: {names}", "ja": "勝者：{names}"},
    "results.nobody": {"en": "No winner", "ja": "勝者なし"},
    "results.alone": {"en": "Played alone: no winner", "ja": "一人プレイ：勝者なし"},
    "settings.title": {"en": "Settings", "ja": "設定"},
    "settings.language": {"en": "Language", "ja": "言語"},
    "settings.volume": {"en": "Volume", "ja": "音量"},
    "settings.mute": {"en": "Mute", "ja": "ミュート"},
    "settings.animation": {"en": "Animation speed", "ja": "アニメーション速度"},
    "settings.claim": {"en": "Claim window (s)", "ja": "宣言の受付時間（秒）"},
    "notice.continue": {"en": "Click or press Space to continue", "ja": "クリックまたはスペースで続ける"},
    "settings.claims": {"en": "Claims after a discard", "ja": "捨て札への宣言"},
    "settings.claims_timed": {"en": "Timed window", "ja": "時間制"},
    "settings.claims_ask": {"en": "Ask each in turn", "ja": "一人ずつ確認"},
    "settings.off": {"en": "off", "ja": "オフ"},
    "table.draw": {"en": "Draw", "ja": "ドロー"},
    "table.menu": {"en": "Menu (Esc)", "ja": "メニュー（Esc）"},
    "reload.taken": {"en": "Card set reloaded", "ja": "カードセットを読み直しました"},
    "reload.broken": {
        "en": "The edited card set has problems; play goes on with the last good one:",
        "ja": "編集したカードセットに問題があります。直前の正しいセットで続けます：",
    },
    "reload.cannot_apply": {
        "en": "The edit cannot apply to the game in progress:",
        "ja": "この編集は進行中のゲームに反映できません：",
    },
    "reload.mid_turn": {
        "en": "a rule-relevant field changed what {name} may do now",
        "ja": "ルールに関わる項目が変わり、{name}の今できることが変わります",
    },
    "reload.warnings": {
        "en": "Card set reloaded, with {n} warning(s) (click one to copy where it is):",
        "ja": "カードセットを読み直しました。警告が{n}件あります（クリックで場所をコピー）：",
    },
    "reload.dismiss": {"en": "OK", "ja": "閉じる"},
    "reload.restart": {"en": "Restart with the new set", "ja": "新しいセットでやり直す"},
    "reload.keep": {"en": "Keep playing", "ja": "このまま続ける"},
    "reload.copied": {
        "en": "Copied {where} (paste it into your editor's Go to)",
        "ja": "{where} をコピーしました（エディタの「行へ移動」に貼り付け）",
    },
    "reload.restarted": {
        "en": "New game with the edited set; the old one is kept as {file}",
        "ja": "編集したセットで新しいゲームを始めました。前のゲームは {file} に保存してあります",
    },
    "table.actions": {"en": "Actions (A)", "ja": "行動一覧（A）"},
    "table.undo": {"en": "Undo", "ja": "取り消し"},
    "table.actions_selected": {
        "en": "Moves with the {n} selected card(s) (A)",
        "ja": "選んだ{n}枚を使う行動（A）",
    },
    "table.menu_keys": {
        "en": "Number keys · ↑↓ Enter · type letters to filter · Esc",
        "ja": "数字キー・↑↓ Enter・英字で絞り込み・Esc",
    },
    "table.menu_keys_long": {
        "en": "Number keys (1 then 9 = 19) · ↑↓ Enter · type letters to filter · Esc",
        "ja": "数字キー（1→9で19番）・↑↓ Enter・英字で絞り込み・Esc",
    },
    "table.preview_hint": {
        "en": "Hold the right button or Shift to see it large",
        "ja": "右ボタンかShiftを押したままで拡大表示",
    },
    "table.menu_no_match": {"en": "No entry contains these letters", "ja": "その文字を含む項目はありません"},
    "table.claim": {"en": "Claim! (key {key})", "ja": "宣言！（キー{key}）"},
    "table.claim_window": {
        "en": "Claim window: press your number to claim {card}",
        "ja": "宣言受付中：{card}を取るなら自分の番号キー",
    },
    "table.leady": {
        "en": "Leady work: choose a card to show, or show nothing",
        "ja": "前哨戦：見せるカードを1枚選ぶか、見せない",
    },
    "table.noreveal": {"en": "Show nothing", "ja": "見せない"},
    "table.your_turn": {"en": "{name}: your turn", "ja": "{name}の手番"},
    "table.waiting": {"en": "{name} is thinking…", "ja": "{name}が考え中…"},
    "table.mp": {"en": "MP", "ja": "MP"},
    "table.round": {"en": "Round {n}/{of}", "ja": "第{n}回戦／{of}"},
    "table.level": {"en": "Level {n}", "ja": "レベル{n}"},
    "table.stock": {"en": "Mana Source", "ja": "マナソース"},
    "table.pool": {"en": "Mana Pool", "ja": "マナプール"},
    "table.log": {"en": "Log", "ja": "ログ"},
    "table.cannot_claim": {"en": "You cannot claim this card", "ja": "このカードは取れません"},
    "table.choose": {"en": "Choose", "ja": "選択"},
    "table.cancel": {"en": "Cancel", "ja": "キャンセル"},
    "table.not_now": {"en": "That move is not possible now", "ja": "今はその手は指せません"},
    "table.drop_here": {
        "en": "Drop the card on a highlighted place",
        "ja": "光っている場所にカードを置いてください",
    },
    "table.no_undo": {
        "en": "Nothing to take back: something was revealed since your last move",
        "ja": "取り消せません：あなたの最後の手のあとに何かが公開されました",
    },
    "table.no_undo_revealed": {
        "en": "{move} can't be taken back: it showed a card to everyone",
        "ja": "「{move}」は取り消せません：カードが全員に公開されたため",
    },
    "table.no_undo.over": {
        "en": "The game is over: nothing to take back",
        "ja": "ゲームは終わりました：取り消せません",
    },
    "table.no_undo.none": {"en": "Nothing has been played yet", "ja": "まだ何も指されていません"},
    "table.no_undo.not_yours": {
        "en": "Only your own last move can be taken back; the last move was {name}'s",
        "ja": "取り消せるのは自分の直前の手だけです（最後の手は{name}の手）",
    },
    "table.decide": {"en": "Choose: {what}", "ja": "選択：{what}"},
    "table.summary": {"en": "While you were away", "ja": "あなたがいない間に"},
    "table.summary_more": {"en": "… and {n} lines before", "ja": "…ほか{n}行"},
    "table.summary_more_one": {"en": "… and 1 line before", "ja": "…ほか1行"},
    "table.summary_close": {"en": "Click or press any key", "ja": "クリックかキーで閉じる"},
    "table.seat_label": {"en": "P{n} {name}", "ja": "P{n} {name}"},
    "table.game_over": {"en": "Game over", "ja": "ゲーム終了"},
    "table.your_turn_mark": {"en": " (your turn)", "ja": "（あなたの手番）"},
    "table.dg_pay_by_drag": {
        "en": "Drag the cards you pay with onto the pile",
        "ja": "支払うカードをその山へドラッグしてください",
    },
    "table.provisional": {"en": "※ provisional values: {what}", "ja": "※ 暫定の値：{what}"},
    "table.provisional_all": {"en": "all of this card's", "ja": "このカードのすべて"},
    # a card set's fields as a provisional line names them (a game adds its own as <prefix>.field.*)
    "field.name": {"en": "name", "ja": "名前"},
    "field.cost": {"en": "cost", "ja": "コスト"},
    "field.count": {"en": "count", "ja": "枚数"},
    "field.effects": {"en": "effects", "ja": "効果"},
    "field.text": {"en": "text", "ja": "テキスト"},
    "field.points": {"en": "points", "ja": "点数"},
    "table.autosave_failed": {"en": "Autosave failed: {error}", "ja": "自動保存に失敗しました：{error}"},
    "table.refused": {"en": "{reason}", "ja": "今はその手は指せません（{reason}）"},
    "table.dg_choosing": {
        "en": "{card}: pick up to {n} more cards of your {zone} (click or drag each), or press {stop}",
        "ja": "{card}：{zone}からあと{n}枚まで1枚ずつ選ぶ（クリックかドラッグ）か、「{stop}」を押す",
    },
    # -- menu, setup, settings, pause, rules, about, results (scenes/*.py) ---------------------------
    "menu.tagline": {
        "en": "Card games for 2-6 players around one screen",
        "ja": "1つの画面を囲んで2〜6人で遊ぶカードゲーム",
    },
    "menu.games": {"en": "Games", "ja": "ゲーム"},
    "menu.coming_soon": {"en": "table not ready yet", "ja": "テーブル準備中"},
    "menu.to_play": {"en": "{name} to play", "ja": "{name}の番"},
    "menu.save_summary": {"en": "{game} · {n} players · move {moves}", "ja": "{game}・{n}人・{moves}手目"},
    "menu.continue_previous": {
        "en": "Continue from the previous save?",
        "ja": "前のセーブから再開しますか？",
    },
    "menu.save_damaged": {
        "en": "Could not continue the saved game: {error}. The file is kept as it is: {path}",
        "ja": "保存したゲームを再開できませんでした：{error}。ファイルはそのまま残しています：{path}",
    },
    "menu.keys": {
        "en": "↑↓ choose · Enter open · 1-{n} a game · a button's letter · F11 full screen",
        "ja": "↑↓ 選択・Enter 決定・1〜{n} ゲーム・ボタンの英字キー・F11 全画面",
    },
    "setup.range": {"en": "({lo}-{hi})", "ja": "（{lo}〜{hi}人）"},
    "setup.range_one": {"en": "({n} players)", "ja": "（{n}人）"},
    "setup.seed_random": {"en": "random", "ja": "ランダム"},
    "setup.replaces_save": {
        "en": "Starting replaces the saved game that Continue would resume.",
        "ja": "開始すると「つづきから」の保存データは上書きされます。",
    },
    "setup.failed": {"en": "Could not start: {error}", "ja": "開始できませんでした：{error}"},
    "setup.cardset": {"en": "Card set", "ja": "カードセット"},
    "setup.hint": {"en": "{label}: {hint}", "ja": "{label}：{hint}"},
    "setup.hint_none": {
        "en": "Move to an option to read what it means here.",
        "ja": "オプションを選ぶと、ここに説明が出ます。",
    },
    "setup.cardset_own": {"en": "{name} (your set)", "ja": "{name}（自作）"},
    "setup.cardset_broken": {
        "en": "This card set cannot be played; choose another or fix the file:\n{error}",
        "ja": "このカードセットでは遊べません。別のセットを選ぶか、ファイルを直してください：\n{error}",
    },
    "setup.cardset_more": {"en": "…and {n} more", "ja": "…ほか{n}件"},
    "setup.more_above": {"en": "▲ {n} more", "ja": "▲ ほか{n}件"},
    "setup.more_below": {"en": "▼ {n} more", "ja": "▼ ほか{n}件"},
    "setup.keys": {
        "en": "↑↓ move · ←→ change · Enter select or edit a name · +/- players · Esc back",
        "ja": "↑↓ 移動・←→ 変更・Enter 決定／名前の編集・+/- 人数・Esc 戻る",
    },
    "settings.seconds": {"en": "{n} s", "ja": "{n}秒"},
    "settings.fullscreen": {"en": "Full screen (F11)", "ja": "全画面（F11）"},
    "settings.keys": {"en": "↑↓ move · ←→ change · Esc back", "ja": "↑↓ 移動・←→ 変更・Esc 戻る"},
    "common.on": {"en": "on", "ja": "オン"},
    "common.close": {"en": "Close", "ja": "閉じる"},
    "pause.save_failed": {"en": "Could not save: {error}", "ja": "保存できませんでした：{error}"},
    "rules.title": {"en": "Rules: {game}", "ja": "ルール：{game}"},
    "rules.missing": {
        "en": "There is no rules text for this game yet.",
        "ja": "このゲームのルール文はまだありません。",
    },
    "rules.keys": {
        "en": "Wheel, ↑↓, PgUp/PgDn scroll · Esc closes",
        "ja": "ホイール・↑↓・PgUp/PgDn でスクロール・Esc で閉じる",
    },
    "about.title": {"en": "About cardtable {version}", "ja": "カードテーブル {version} について"},
    "about.tagline": {
        "en": "A desktop card table that enforces the rules of card games for 2-6 players on one screen.",
        "ja": "2〜6人が1つの画面で遊べる、ルールを守ってくれる卓上カードテーブルです。",
    },
    "about.licences": {"en": "Licences", "ja": "ライセンス"},
    "about.self_licence": {"en": "cardtable: MIT", "ja": "cardtable 本体：MIT"},
    "about.font": {
        "en": "Font Noto Sans CJK JP: SIL Open Font License 1.1. {copyright}. Full text below.",
        "ja": "フォント Noto Sans CJK JP：SIL Open Font License 1.1。{copyright}。全文は下にあります。",
    },
    "about.lib.pygame": {"en": "window, drawing, sound", "ja": "ウィンドウ・描画・音"},
    "about.lib.yaml": {"en": "card set files", "ja": "カードセットのファイル"},
    "about.lib.platformdirs": {"en": "where your files go", "ja": "ファイルの保存場所"},
    "about.lib.jsonschema": {"en": "checking card set files", "ja": "カードセットの検査"},
    "about.lib.sdl": {"en": "inside pygame-ce", "ja": "pygame-ce に同梱"},
    "about.lib.jsonschema_deps": {"en": "used by jsonschema", "ja": "jsonschema が使用"},
    "about.lib.openpyxl": {
        "en": "reads a card set's cards from an Excel (.xlsx) sheet",
        "ja": "カードセットのカードを Excel（.xlsx）の表から読む",
    },
    "about.lib.matplotlib": {
        "en": "draws the balance report's plots",
        "ja": "バランスレポートのグラフを描く",
    },
    "about.lib.python": {
        "en": "the language; the built app carries its runtime",
        "ja": "プログラミング言語。配布版にはその実行環境が入っています",
    },
    "about.versions": {"en": "Versions", "ja": "バージョン"},
    "about.lgpl_note": {
        "en": "pygame-ce is used as a separate, replaceable library under the LGPL; its source is at "
        "github.com/pygame-community/pygame-ce.",
        "ja": "pygame-ce は LGPL に基づき、差し替え可能な独立したライブラリとして使っています。ソースは "
        "github.com/pygame-community/pygame-ce にあります。",
    },
    "about.folders": {"en": "Your files", "ja": "あなたのファイル"},
    "about.saves": {"en": "Saves", "ja": "セーブデータ"},
    "about.settings": {"en": "Settings", "ja": "設定"},
    "about.logs": {"en": "Logs", "ja": "ログ"},
    "about.font_licence": {
        "en": "Font licence (SIL Open Font License 1.1)",
        "ja": "フォントのライセンス（SIL Open Font License 1.1、英語原文）",
    },
    "results.seed": {"en": "seed {seed}", "ja": "シード {seed}"},
    "results.rank": {"en": "#", "ja": "順位"},
    "results.player": {"en": "Player", "ja": "プレイヤー"},
    "results.score": {"en": "Score", "ja": "得点"},
    "results.ignited": {"en": "Ignited!", "ja": "イグナイト！"},
    "results.round": {"en": "Round", "ja": "回戦"},
    "results.start": {"en": "start", "ja": "開始"},
    "results.overtime": {"en": "OT{n}", "ja": "延長{n}"},
    "results.legend": {
        "en": "{ignite} Ignite   {blast} Blast   {shot} discarded the card that was Shot",
        "ja": "{ignite} イグナイト　{blast} ブラスト　{shot} ショットされた札を捨てた",
    },
    # Long work with a progress bar (cardtable/ui/progress.py) and the pause menu's Print that uses it
    "progress.cancel": {"en": "Cancel (Esc)", "ja": "中止（Esc）"},
    "progress.stopping": {"en": "Stopping…", "ja": "中止しています…"},
    "progress.cards": {"en": "{done} of {total} cards", "ja": "{total}枚中{done}枚"},
    "pause.printing": {"en": "Printing the cards to PDF…", "ja": "カードをPDFに印刷しています…"},
    "menu.loading": {"en": "Loading the saved game…", "ja": "保存したゲームを読み込んでいます…"},
    "pause.print_cancelled": {
        "en": "Printing stopped: no file was written",
        "ja": "印刷を中止しました（ファイルは書き出していません）",
    },
}


_ALL: dict[str, Mapping[str, str]] | None = None


def all_strings() -> dict[str, Mapping[str, str]]:
    """Every key the UI can show: its own strings, the shared log words, and each registered game's
    words (its narration module's WORDS)."""
    global _ALL
    if _ALL is None:
        from ..games import all_entries
        from ..rules.narration import COMMON, narration_for

        merged: dict[str, Mapping[str, str]] = {**STRINGS, **COMMON}
        for entry in all_entries().values():
            module = narration_for(type(entry.rules).__module__)
            if module is not None:
                merged.update(getattr(module, "WORDS", {}))
        _ALL = merged
    return _ALL


def players_text(key: str, lo: int, hi: int) -> tuple[str, dict[str, int]]:
    """The key and values for a player count: "2-4 players", but "2 players" when lo == hi."""
    if lo == hi:
        return f"{key}_one", {"n": lo}
    return key, {"lo": lo, "hi": hi}


class Translator:
    """Looks up texts in the chosen language, falling back to English, then to the key."""

    def __init__(self, language: str = "en") -> None:
        self.language = language

    def __call__(self, key: str, /, **values: object) -> str:
        entry = STRINGS.get(key) or all_strings().get(key)
        if entry is None:
            return key
        text = entry.get(self.language) or entry["en"]
        return text.format(**values) if values else text

    def has(self, key: str) -> bool:
        """Whether a text exists for this key."""
        return key in STRINGS or key in all_strings()
