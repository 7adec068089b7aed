"""Print and play: a card set's faces as print sheets (PDF) and as Tabletop Simulator deck sheets (PNG).

    from cardtable.printing import PrintOptions
    from cardtable.printing.pdf import export_pdf
    from cardtable.printing.tts import export_png_sheets
    export_pdf(cardset, Path("out.pdf"), PrintOptions(paper="a4", bleed=True))

Faces come from the table's own renderer (cardtable/ui/render/cardface.py) at 300 dpi, so a printed
card is exactly what the table shows. `sheet.py` is the page geometry (pure: millimetres only),
`pick.py` which faces go on paper, `pdf.py` and `tts.py` write the files.
"""

from .pick import Printed, pick_cards
from .sheet import PAPERS, PrintOptions, default_paper

__all__ = ["PAPERS", "PrintOptions", "Printed", "default_paper", "pick_cards"]
