"""The Rune Works! round end (Levels 4-5) and the results' notes, a part of the table (__init__.py).

After a round is scored the table stops on a screen giving, per magician, each MP change and why
(from the round log's reasons, scoring.round_items), the running totals, and a void round said
plainly; a click goes on. At the end the results say who ignited and how.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....games.runeworks.narration import result_notes, round_end
from ....rules.narration import phrase
from ...widgets import DIM, GOLD, INK
from ..notice import NoticeLine, NoticeScene

if TYPE_CHECKING:
    from . import RuneWorksTable

GAIN = (140, 220, 150)


class RoundEndMixin:
    """The round-end screen and the results' notes."""

    def on_game_over(self: RuneWorksTable) -> None:
        """The results, saying who ignited and how (a Shot on whose card, a Blast)."""
        from ..results import ResultsScene

        log = self.engine.view(None).data.get("round_log", [])
        notes = {s: self.renderer()(p) for s, p in result_notes(log[-1]).items()} if log else {}
        self.app.push(ResultsScene(self.app, self.session, notes))

    def _show_round_end(self: RuneWorksTable, entry: dict[str, Any]) -> None:
        """Levels 4-5: per magician, what the round did to MP and why, and the running totals; a
        void round said plainly. Play goes on after a click."""
        say = self.renderer()
        title, head, rows = round_end(entry, self.view().seats, last=self.engine.is_over())
        lines = [NoticeLine((say(h),), GOLD, True) for h in head]
        lines.append(NoticeLine(tuple(say(phrase("rw.round_end.head")).split("|")), DIM))
        for seat, reasons, delta, mp in rows:
            name = self.session.name(seat)
            colour = GAIN if delta > 0 else INK
            for i, (why, amount) in enumerate(reasons):
                first = i == 0
                cells = (name if first else "", say(why), f"{amount:+d}", str(mp) if first else "")
                lines.append(NoticeLine(cells, colour, first))
            if len(reasons) > 1:
                lines.append(NoticeLine(("", say(phrase("rw.round_end.total")), f"{delta:+d}", ""), colour))
        self.app.push(NoticeScene(self.app, say(title), lines))
