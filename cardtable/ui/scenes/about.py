"""About: the version, the licences of the font and of the libraries the app ships with, and where the
user's saves, settings and logs are kept (so they can be backed up or sent with a bug report)."""

from __future__ import annotations

from ... import __version__
from ...persistence.files import user_folders
from ..appinfo import LIBRARIES, font_copyright, version_line
from ..fonts import license_text
from .common import Block
from .rules import DocumentScene

__all__ = ["LIBRARIES", "AboutScene", "font_copyright", "licence_paragraphs"]


def licence_paragraphs() -> list[str]:
    """The full font licence as paragraphs (hard line breaks joined, rulers dropped)."""
    paragraphs: list[str] = []
    current: list[str] = []
    for line in license_text().splitlines():
        text = line.strip()
        if not text or set(text) <= {"-", "="}:
            if current:
                paragraphs.append(" ".join(current))
                current = []
            continue
        current.append(text)
    if current:
        paragraphs.append(" ".join(current))
    return paragraphs


class AboutScene(DocumentScene):
    """Version, licences and the user's folders."""

    def title(self) -> str:
        return self.app.t("about.title", version=__version__)

    def blocks(self) -> list[Block]:
        t = self.app.t
        folders = user_folders()
        out = [
            Block("p", t("about.tagline")),
            Block("h2", t("about.versions")),
            Block("p", version_line()),
            Block("h2", t("about.folders")),
            Block("li", f"{t('about.saves')}: {folders.saves}"),
            Block("li", f"{t('about.settings')}: {folders.settings}"),
            Block("li", f"{t('about.logs')}: {folders.logs}"),
            Block("h2", t("about.licences")),
            Block("li", t("about.self_licence")),
            Block("li", t("about.font", copyright=font_copyright())),
        ]
        for name, licence, purpose in LIBRARIES:
            out.append(Block("li", f"{name} ({t(purpose)}): {licence}"))
        out.append(Block("p", t("about.lgpl_note")))
        out.append(Block("h2", t("about.font_licence")))
        out.extend(Block("p", paragraph) for paragraph in licence_paragraphs())
        for block in out:
            if block.kind == "li" and not block.marker:
                block.marker = "•"
        return out
