"""The menu's Continue line names the saved game whole at 1280x720 (seen under X): a Rune Works game
at Level 3 read "Rune Works! · Round 1 · Player 1 to play · Lev…", its last words cut, in English and
in Japanese alike. The line may shrink a little further than a label does before it is cut."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.session import SeatConfig, Session, autosave_path
from cardtable.ui.app import App
from cardtable.ui.scenes import common
from cardtable.ui.scenes.menu import MenuScene, save_summary


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_continue_line_of_a_rune_works_save_is_not_cut(
    app: App, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.settings.language = language
    app.apply_settings()
    seats = [SeatConfig(app.t("seat.name", n=n + 1)) for n in range(4)]
    session = Session.new("runeworks", seats, 5, {"level": 3})
    session.apply(session.engine.legal_actions(session.engine.deciding_seats()[0])[0])
    assert autosave_path().exists()
    drawn: list[str] = []
    real = common.text_surface

    def record(text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(common, "text_surface", record)
    app.replace(MenuScene(app))
    app.frame([])
    summary = save_summary(app)
    assert app.t("table.level", n=3) in summary
    assert summary in drawn, [t for t in drawn if t.endswith("…")]
