"""Rune Works!'s words on its table, in English and Japanese: the labels, the buttons, the status line
and the tooltips' facts. narration.py merges them into the game's WORDS (the one table the UI
reads); they live here so each module reads in one sitting. Pure: no pygame."""

from __future__ import annotations

TABLE_WORDS: dict[str, dict[str, str]] = {
    # the results' headline when nobody won (the shared results scene asks for the game's own words)
    "game.runeworks.nobody": {"en": "Nobody ignited: no winner", "ja": "イグナイトなし：勝者なし"},
    "rw.nameplate": {"en": "{who}  ·  {n}", "ja": "{who}・{n}枚"},
    "rw.nameplate_mp": {"en": "  ·  MP {mp}", "ja": "・MP {mp}"},
    "rw.button.draw": {"en": "Draw (D)", "ja": "ドロー（D）"},
    "rw.button.seek": {"en": "Seek… (S)", "ja": "シーク…（S）"},
    "rw.button.set": {"en": "Set selected (Enter)", "ja": "選んだ札をセット（Enter）"},
    "rw.button.boost": {"en": "Boost… (B)", "ja": "ブースト…（B）"},
    "rw.button.release": {"en": "Release… (R)", "ja": "リリース…（R）"},
    "rw.button.claim": {"en": "Claim…", "ja": "宣言…"},
    "rw.button.noreveal": {"en": "Show nothing (N)", "ja": "見せない（N）"},
    "rw.claim_title": {"en": "Claim", "ja": "宣言"},
    "rw.released_by": {"en": "released by {who}", "ja": "{who}がリリース"},
}
