"""Shared pieces of the menu-like scenes (menu, setup, settings, pause, rules, results, about).

- `ui_scale`/`px`: sizes relative to the window (1.0 at 1280x720), so text stays sharp and in
  proportion from 1280x720 to 3840x2160: fonts are opened at the final pixel size, never scaled.
- `UiButton`: a `widgets.Button` whose label grows with its height, with a keyboard focus ring, an
  optional digit badge and an `on_adjust` for Left/Right (steppers and choices).
- `TextField`: a one-line text box for names, seeds and paths, with IME support (start_text_input,
  TEXTEDITING shows the composition underlined, TEXTINPUT commits it) and Ctrl+V pasting.
- `FormScene`: a scene made of such controls: mouse (hover, click on release of a press that began on
  the same control), Up/Down/Tab focus, Enter/Space to press, Left/Right to adjust, Esc to go back.
- `TextDoc`/`ScrollView`: a small Markdown subset (headings, bullets, paragraphs) wrapped with the
  kinsoku line breaker and drawn in a scrolling clip rectangle.

Handlers read `event.pos`, never `mouse.get_pos()`: posted events do not move the mouse.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from ..fonts import get_font, text_width, wrap_text
from ..scene import Scene
from ..widgets import (
    BUTTON,
    BUTTON_HOT,
    BUTTON_OFF,
    DIM,
    FELT,
    FELT_DARK,
    GOLD,
    INK,
    PANEL,
    Button,
    draw_panel,
    fit_width,
    text_surface,
)

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)
FOCUS = (250, 236, 170)
ERROR = (255, 150, 130)
FIELD = (14, 22, 19)
FIELD_EDIT = (30, 44, 38)


def ui_scale(size: tuple[int, int]) -> float:
    """1.0 at 1280x720; grows with the window (the smaller of the two ratios, so nothing overflows)."""
    width, height = size
    return max(0.55, min(width / 1280, height / 720))


def px(size: tuple[int, int], base: float) -> int:
    """`base` pixels at 1280x720, scaled to this window (at least 1)."""
    return max(1, round(base * ui_scale(size)))


def fit_text(
    text: str, px_size: int, max_width: int, bold: bool = False, min_px: int | None = None
) -> tuple[str, int]:
    """A font size (down to `min_px`, by default 80% of `px_size`) at which `text` fits `max_width`; cut
    with … if even that is too wide."""
    min_px = max(10, round(px_size * 0.8)) if min_px is None else min_px
    size = px_size
    while size > min_px and text_width(text, size, bold) > max_width:
        size -= 1
    return fit_width(text, size, max_width, bold), size


def blit_text(
    screen: pygame.Surface,
    text: str,
    px_size: int,
    pos: tuple[int, int],
    colour: tuple[int, int, int] = INK,
    anchor: str = "topleft",
    bold: bool = False,
    max_width: int | None = None,
    min_px: int | None = None,
) -> pygame.Rect:
    """One line of text anchored at `pos`, shrunk (down to `min_px`) or cut to `max_width` when given;
    returns its rect."""
    px_size = max(10, px_size)
    if max_width is not None:
        text, px_size = fit_text(text, px_size, max_width, bold, min_px)
    surf = text_surface(text, px_size, colour, bold, marks=False)
    rect = surf.get_rect(**{anchor: pos})
    screen.blit(surf, rect)
    return rect


def draw_background(screen: pygame.Surface) -> None:
    """The felt behind every menu-like scene: a vertical gradient, cheap at any size."""
    width, height = screen.get_size()
    bands = 24
    for i in range(bands):
        t = i / (bands - 1)
        colour = tuple(round(FELT[k] * (1 - t) + FELT_DARK[k] * t) for k in range(3))
        top = height * i // bands
        screen.fill(colour, pygame.Rect(0, top, width, height * (i + 1) // bands - top))


def dim_screen(screen: pygame.Surface, alpha: int = 150) -> None:
    """Darken what is already drawn (the scene below a translucent overlay)."""
    shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    screen.blit(shade, (0, 0))


@dataclass(eq=False)
class UiButton(Button):
    """A button for menu-like scenes: scalable label, focus ring, digit badge, Left/Right adjust."""

    focused: bool = False
    focusable: bool = True
    badge: str = ""
    align: str = "center"
    on_adjust: Callable[[int], None] | None = None
    hint: str = ""  # a second, smaller line under the label

    __eq__ = object.__eq__  # controls are compared by identity (two "+" buttons are not the same)
    __hash__ = object.__hash__

    def label_px(self) -> int:
        lines = 2 if self.hint else 1
        return max(10, round(self.rect.height * (0.42 if lines == 1 else 0.32)))

    def draw(self, screen: pygame.Surface) -> None:
        rect = self.rect
        radius = max(6, rect.height // 6)
        active = (self.hot or self.focused) and self.enabled
        colour = BUTTON_HOT if active else BUTTON if self.enabled else BUTTON_OFF
        pygame.draw.rect(screen, colour, rect, border_radius=radius)
        edge = max(2, rect.height // 24)
        border = GOLD if self.selected else (120, 150, 130) if self.enabled else (70, 80, 76)
        pygame.draw.rect(screen, border, rect, edge, border_radius=radius)
        if self.focused:
            ring = rect.inflate(edge * 4, edge * 4)
            pygame.draw.rect(screen, FOCUS, ring, edge, border_radius=radius + edge * 2)
        self.draw_label(screen)

    def draw_label(self, screen: pygame.Surface) -> None:
        rect = self.rect
        size = self.label_px()
        pad = max(8, rect.height // 4)
        left = rect.left + pad
        if self.badge:
            badge_px = max(10, size * 3 // 4)
            blit_text(
                screen, self.badge, badge_px, (left, rect.centery), GOLD if self.enabled else DIM, "midleft"
            )
            left += get_font(badge_px).size("0")[0] + pad
        colour = INK if self.enabled else DIM
        room = rect.right - pad - left
        if self.hint:
            hint_px = max(10, size * 3 // 4)
            label_h = get_font(size).get_height()
            overlap = label_h // 6  # the font's line box has room above and below the glyphs
            top = rect.centery - (label_h + get_font(hint_px).get_height() - overlap) // 2
            blit_text(screen, self.label, size, (left, top), colour, "topleft", max_width=room)
            blit_text(
                screen,
                self.hint,
                hint_px,
                (left, top + label_h - overlap),
                DIM if self.enabled else (100, 104, 100),
                "topleft",
                max_width=room,
                # a hint is the button's small print (the menu's Continue: "Rune Works! · Round 1 ·
                # Aki to play · Level 3"): it shrinks to 60% before it is cut, not a label's 80%, as
                # small as the menu's "2-6 players" at 1280x720 and no smaller
                min_px=max(10, round(hint_px * 0.6)),
            )
            return
        if self.align == "left" or self.badge:
            blit_text(screen, self.label, size, (left, rect.centery), colour, "midleft", max_width=room)
        else:
            blit_text(screen, self.label, size, rect.center, colour, "center", max_width=rect.width - 2 * pad)


def clipboard_text() -> str:
    """The text on the system clipboard ("" when there is none, or no clipboard: a headless display)."""
    try:
        return pygame.scrap.get_text() or ""  # SDL's clipboard (pygame-ce 2.2+ needs no scrap.init)
    except pygame.error as exc:
        log.info("clipboard unavailable: %s", exc)
        return ""


@dataclass(eq=False)
class TextField(UiButton):
    """A one-line text box. Click (or Enter on it) to edit; Enter finishes, Esc cancels, Ctrl+V (Cmd+V,
    Shift+Insert) pastes the clipboard's text.

    Editing turns on SDL text input so an IME can compose: TEXTEDITING carries the composition (drawn
    underlined at the caret), TEXTINPUT the committed text.
    """

    text: str = ""
    placeholder: str = ""
    max_len: int = 16
    digits_only: bool = False
    editing: bool = False
    composition: str = ""
    original: str = ""
    on_done: Callable[[], None] | None = None
    all_selected: bool = False  # the whole text is selected: typing replaces it, Backspace clears it

    def begin(self) -> None:
        """Start editing with the whole text selected (typing replaces "Player 1", as people expect);
        text input on, the IME's candidate window placed under the box."""
        self.editing = True
        self.original = self.text
        self.composition = ""
        self.all_selected = bool(self.text)
        pygame.key.start_text_input()
        pygame.key.set_text_input_rect(self.rect)

    def end(self, keep: bool = True) -> None:
        """Stop editing; `keep=False` puts the text back as it was."""
        if not keep:
            self.text = self.original
        self.editing = False
        self.all_selected = False
        self.composition = ""
        pygame.key.stop_text_input()
        if self.on_done is not None:
            self.on_done()

    def accept(self, text: str) -> None:
        """Add committed text (filtered to digits for a seed), up to `max_len` characters."""
        if self.digits_only:
            text = "".join(ch for ch in text if ch in "0123456789")
        text = text.replace("\n", "").replace("\r", "").replace("\t", " ")
        if self.all_selected and text:
            self.text, self.all_selected = "", False
        self.text = (self.text + text)[: self.max_len]

    def handle_edit(self, event: pygame.event.Event) -> bool:
        """An event while editing; True if the field used it (every key does, so no shortcut fires)."""
        if event.type == pygame.TEXTINPUT:
            self.composition = ""
            self.accept(event.text)
            return True
        if event.type == pygame.TEXTEDITING:
            self.composition = event.text
            return True
        if event.type == pygame.KEYDOWN:
            if self.composition:
                return True  # the IME is composing: its keys are its own
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.end(keep=True)
            elif event.key == pygame.K_ESCAPE:
                self.end(keep=False)
            elif event.key == pygame.K_BACKSPACE:
                self.text = "" if self.all_selected else self.text[:-1]
                self.all_selected = False
            elif event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.all_selected = bool(self.text)  # Ctrl+A: select the whole text
            elif (event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)) or (
                event.key == pygame.K_INSERT and event.mod & pygame.KMOD_SHIFT
            ):
                self.accept(clipboard_text())  # Ctrl+V (Cmd+V, Shift+Insert): SDL types no paste itself
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                self.all_selected = False  # the caret moves to an end: keep the text, type after it
            return True
        return False

    def draw(self, screen: pygame.Surface) -> None:
        rect = self.rect
        radius = max(4, rect.height // 8)
        edge = max(2, rect.height // 24)
        pygame.draw.rect(
            screen, FIELD_EDIT if self.editing or self.hot else FIELD, rect, border_radius=radius
        )
        pygame.draw.rect(screen, GOLD if self.editing else (120, 150, 130), rect, edge, border_radius=radius)
        if self.focused and not self.editing:
            ring = rect.inflate(edge * 4, edge * 4)
            pygame.draw.rect(screen, FOCUS, ring, edge, border_radius=radius + edge * 2)
        size = self.label_px()
        pad = max(8, rect.height // 4)
        font = get_font(size)
        x = rect.left + pad
        y = rect.centery
        room = rect.width - 2 * pad
        shown = self.text
        if not shown and not self.editing and not self.composition:
            blit_text(screen, self.placeholder, size, (x, y), DIM, "midleft", max_width=room)
            return
        while shown and font.size(shown + self.composition)[0] > room - size:
            shown = shown[1:]  # keep the caret end in view
        surf = font.render(shown, True, INK)
        where = surf.get_rect(midleft=(x, y))
        if self.all_selected and self.editing:  # selected text: drawn on a highlight
            pygame.draw.rect(screen, (60, 100, 150), where.inflate(4, 2), border_radius=3)
        screen.blit(surf, where)
        x += surf.get_width()
        if self.composition:
            comp = font.render(self.composition, True, GOLD)
            comp_rect = comp.get_rect(midleft=(x, y))
            screen.blit(comp, comp_rect)
            pygame.draw.line(screen, GOLD, comp_rect.bottomleft, comp_rect.bottomright, max(1, edge // 2))
            x = comp_rect.right
        if self.editing:
            half = font.get_height() * 2 // 5
            pygame.draw.line(screen, INK, (x + 2, y - half), (x + 2, y + half), max(2, edge))


class FormScene(Scene):
    """A scene of UiButtons and TextFields with mouse and keyboard handling; subclasses lay out."""

    opaque_background = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.controls: list[UiButton] = []
        self.focus = 0
        self.editing: TextField | None = None
        self._pressed: UiButton | None = None
        self._built_for: tuple[tuple[int, int], str] | None = None

    # -- to fill in --------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        """Create `self.controls` for this window size (called on enter, resize and language change)."""

    def draw_content(self, screen: pygame.Surface) -> None:
        """Everything that is not a control (titles, labels, panels), drawn under the controls."""

    def back(self) -> None:
        """Esc: leave the scene."""

    def key(self, event: pygame.event.Event) -> bool:
        """Scene shortcuts; True if used."""
        return False

    # -- plumbing ----------------------------------------------------------------------------
    def rebuild(self) -> None:
        """Lay out again, keeping the focused control by its tag."""
        tag = self.focused_control().tag if self.focused_control() is not None else ""
        if self.editing is not None:
            self.editing.end(keep=True)
            self.editing = None
        self.build(self.app.size)
        self._built_for = (self.app.size, self.app.t.language)
        self._pressed = None
        focusables = self.focusables()
        if tag:
            for index, control in enumerate(focusables):
                if control.tag == tag:
                    self.focus = index
                    break
        self.focus = min(self.focus, max(0, len(focusables) - 1))
        self._mark_focus()
        self.needs_full_redraw = True

    def enter(self) -> None:
        super().enter()
        if self.editing is None:
            # Text input (and with it the IME) only while a field is being edited: an IME left on
            # turns shortcut keys into compositions.
            pygame.key.stop_text_input()
        self.rebuild()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app.scenes and self in self.app.scenes:
            self.rebuild()

    def focusables(self) -> list[UiButton]:
        return [c for c in self.controls if c.focusable]

    def focused_control(self) -> UiButton | None:
        items = self.focusables()
        return items[self.focus] if 0 <= self.focus < len(items) else None

    def _mark_focus(self) -> None:
        current = self.focused_control()
        for control in self.controls:
            control.focused = control is current

    def focus_on(self, control: UiButton) -> None:
        """Move the keyboard focus to a control."""
        items = self.focusables()
        if control in items:
            self.focus = items.index(control)
            self._mark_focus()
            self.needs_full_redraw = True

    def move_focus(self, step: int) -> None:
        """Next or previous enabled control, wrapping."""
        items = self.focusables()
        if not items:
            return
        index = self.focus
        for _ in range(len(items)):
            index = (index + step) % len(items)
            if items[index].enabled:
                break
        self.focus = index
        self._mark_focus()
        self.needs_full_redraw = True

    def press(self, control: UiButton) -> None:
        """Activate a control (a click, or Enter on the focused one)."""
        if not control.enabled:
            return
        if isinstance(control, TextField):
            self.start_editing(control)
        else:
            self.click_sound()
            control.on_click()
        self.needs_full_redraw = True

    def click_sound(self) -> None:
        """The UI click, if the sound bank has one (a missing UI sound must never stop the menu)."""
        try:
            self.app.play("click")
        except KeyError:
            pass

    def start_editing(self, field_: TextField) -> None:
        """Give a text field the keyboard."""
        if self.editing is field_:
            return
        if self.editing is not None:
            self.editing.end(keep=True)
        self.editing = field_
        self.focus_on(field_)
        field_.begin()
        self.needs_full_redraw = True

    def control_at(self, pos: tuple[int, int]) -> UiButton | None:
        for control in reversed(self.controls):
            if control.rect.collidepoint(pos):
                return control
        return None

    def handle(self, event: pygame.event.Event) -> None:
        if self.editing is not None:
            if event.type == pygame.MOUSEBUTTONDOWN and not self.editing.rect.collidepoint(event.pos):
                self.editing.end(keep=True)  # a click elsewhere finishes the edit and then acts
                self.editing = None
                self.needs_full_redraw = True
            elif self.editing.handle_edit(event):
                if not self.editing.editing:
                    self.editing = None
                self.needs_full_redraw = True
                return
        if event.type == pygame.MOUSEMOTION:
            for control in self.controls:
                hot = control.rect.collidepoint(event.pos)
                if hot != control.hot:
                    control.hot = hot
                    self.needs_full_redraw = True
            self.mouse_motion(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = self.control_at(event.pos)
            if self._pressed is None:
                self.mouse_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.control_at(event.pos)
            pressed, self._pressed = self._pressed, None
            if hit is not None and hit is pressed:
                if hit.focusable:
                    self.focus_on(hit)
                self.press(hit)
        elif event.type == pygame.MOUSEWHEEL:
            self.wheel(event.y)
        elif event.type == pygame.KEYDOWN:
            self.keydown(event)

    def keydown(self, event: pygame.event.Event) -> None:
        if self.key(event):
            self.needs_full_redraw = True
            return
        focused = self.focused_control()
        if event.key in (pygame.K_DOWN,) or (event.key == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT):
            self.move_focus(1)
        elif event.key == pygame.K_UP or event.key == pygame.K_TAB:
            self.move_focus(-1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and focused is not None:
            self.press(focused)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and focused is not None and focused.on_adjust:
            if focused.enabled:
                focused.on_adjust(1 if event.key == pygame.K_RIGHT else -1)
                self.click_sound()
                self.needs_full_redraw = True
        elif event.key == pygame.K_ESCAPE:
            self.back()
        else:
            for control in self.controls:
                if control.key is not None and event.key == control.key and control.enabled:
                    self.press(control)
                    break

    def mouse_motion(self, event: pygame.event.Event) -> None:
        """Mouse moved (beyond hover): dragging a slider..."""

    def mouse_down(self, pos: tuple[int, int]) -> None:
        """A press that did not start on a control."""

    def wheel(self, dy: int) -> None:
        """Mouse wheel."""

    def update(self, dt: float) -> bool:
        if self._built_for is not None and self._built_for != (self.app.size, self.app.t.language):
            self.rebuild()
        return False

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        if self._built_for is None:
            self.rebuild()
        if self.opaque_background and not self.translucent:
            draw_background(screen)
        self.draw_content(screen)
        for control in self.controls:
            control.draw(screen)
        self.needs_full_redraw = False
        return None


# -- rich text ---------------------------------------------------------------------------------
@dataclass
class Block:
    """One paragraph of a document: its kind (h1, h2, h3, p, li) and text."""

    kind: str
    text: str
    marker: str = ""


def parse_markdown(text: str) -> list[Block]:
    """A small Markdown subset: #/##/### headings, - or 1. list items, paragraphs; ** and ` dropped."""
    blocks: list[Block] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(Block("p", " ".join(paragraph) if _latin(paragraph) else "".join(paragraph)))
            paragraph.clear()

    for raw in text.replace("\r\n", "\n").split("\n"):
        line = raw.rstrip().replace("**", "").replace("`", "")
        stripped = line.lstrip()
        if not stripped:
            flush()
            continue
        if stripped.startswith("#"):
            flush()
            level = len(stripped) - len(stripped.lstrip("#"))
            blocks.append(Block(f"h{min(3, level)}", stripped[level:].strip()))
        elif stripped.startswith(("- ", "* ", "・")):
            flush()
            nested = len(line) - len(stripped) >= 2
            blocks.append(Block("li2" if nested else "li", stripped[1:].strip(), "・" if nested else "•"))
        elif _numbered(stripped):
            flush()
            number, rest = stripped.split(".", 1)
            blocks.append(Block("li", rest.strip(), number + "."))
        elif blocks and blocks[-1].kind in ("li", "li2") and raw.startswith("  ") and not paragraph:
            blocks[-1].text += (" " if _latin([blocks[-1].text]) else "") + stripped
        else:
            paragraph.append(stripped)
    flush()
    return blocks


def _numbered(line: str) -> bool:
    head = line.split(".", 1)[0]
    return head.isdigit() and len(head) <= 2 and line[len(head) : len(head) + 2] == ". "


def _latin(parts: list[str]) -> bool:
    text = "".join(parts)
    return sum(1 for ch in text if ord(ch) < 0x2E80) > len(text) * 0.6


@dataclass
class TextDoc:
    """A document laid out for one width and scale: rendered lines with their y positions."""

    lines: list[tuple[pygame.Surface, int, int]] = field(default_factory=list)
    height: int = 0

    @classmethod
    def layout(cls, blocks: list[Block], width: int, size: tuple[int, int]) -> TextDoc:
        body = px(size, 19)
        sizes = {
            "h1": px(size, 32),
            "h2": px(size, 25),
            "h3": px(size, 21),
            "p": body,
            "li": body,
            "li2": body,
        }
        colours = {"h1": GOLD, "h2": GOLD, "h3": FOCUS}
        doc = cls()
        y = 0
        for index, block in enumerate(blocks):
            size_px = sizes[block.kind]
            bold = block.kind.startswith("h")
            font = get_font(size_px, bold)
            step = round(font.get_linesize() * (1.15 if not bold else 1.05))
            if bold and index > 0:
                y += round(body * (1.1 if block.kind == "h1" else 0.8))
            indent = 0
            if block.kind in ("li", "li2"):
                indent = body * (1 if block.kind == "li" else 3)
                marker = font.render(block.marker, True, GOLD)
                doc.lines.append((marker, indent, y))
                indent += max(marker.get_width() + body // 2, body + body // 3)
            for line in wrap_text(font, block.text, max(50, width - indent)):
                doc.lines.append((font.render(line, True, colours.get(block.kind, INK)), indent, y))
                y += step
            y += round(body * (0.55 if block.kind in ("p", "h1", "h2", "h3") else 0.2))
        doc.height = y
        return doc


class ScrollView:
    """A TextDoc in a clip rectangle with an offset, a scrollbar and wheel/key scrolling."""

    def __init__(self, rect: pygame.Rect, doc: TextDoc, line_px: int) -> None:
        self.rect = rect
        self.doc = doc
        self.offset = 0
        self.line_px = line_px

    @property
    def max_offset(self) -> int:
        return max(0, self.doc.height - self.rect.height)

    def scroll_to(self, offset: int) -> bool:
        """Set the offset (clamped); True if it changed."""
        new = max(0, min(self.max_offset, offset))
        changed = new != self.offset
        self.offset = new
        return changed

    def scroll(self, lines: float) -> bool:
        return self.scroll_to(self.offset + round(lines * self.line_px))

    def page(self, pages: int) -> bool:
        return self.scroll_to(self.offset + pages * max(self.line_px, self.rect.height - 2 * self.line_px))

    def key(self, event: pygame.event.Event) -> bool | None:
        """Scrolling keys; None if the key is not one, else whether the view moved."""
        moves: dict[int, Callable[[], bool]] = {
            pygame.K_DOWN: lambda: self.scroll(2),
            pygame.K_UP: lambda: self.scroll(-2),
            pygame.K_j: lambda: self.scroll(2),
            pygame.K_k: lambda: self.scroll(-2),
            pygame.K_PAGEDOWN: lambda: self.page(1),
            pygame.K_PAGEUP: lambda: self.page(-1),
            pygame.K_SPACE: lambda: self.page(-1 if event.mod & pygame.KMOD_SHIFT else 1),
            pygame.K_HOME: lambda: self.scroll_to(0),
            pygame.K_END: lambda: self.scroll_to(self.max_offset),
        }
        action = moves.get(event.key)
        return None if action is None else action()

    def draw(self, screen: pygame.Surface) -> None:
        clip = screen.get_clip()
        screen.set_clip(self.rect)
        top, bottom = self.offset, self.offset + self.rect.height
        for surf, x, y in self.doc.lines:
            if y + surf.get_height() < top or y > bottom:
                continue
            screen.blit(surf, (self.rect.x + x, self.rect.y + y - self.offset))
        screen.set_clip(clip)
        if self.max_offset > 0:
            bar_w = max(4, self.line_px // 4)
            track = pygame.Rect(self.rect.right + bar_w, self.rect.y, bar_w, self.rect.height)
            pygame.draw.rect(screen, (40, 60, 50), track, border_radius=bar_w // 2)
            thumb_h = max(bar_w * 3, track.height * self.rect.height // max(1, self.doc.height))
            thumb_y = track.y + (track.height - thumb_h) * self.offset // max(1, self.max_offset)
            pygame.draw.rect(
                screen, (150, 170, 150), (track.x, thumb_y, bar_w, thumb_h), border_radius=bar_w // 2
            )


def draw_error(
    screen: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    size_px: int,
    above: bool = False,
    notice: bool = False,
) -> pygame.Rect:
    """A wrapped error message in a dark panel `rect.width` wide, its top at `rect.y` (its bottom there
    when `above`); returns the panel rect. A `notice` (work done, work stopped) is the same panel in
    the table's colours: red is kept for what went wrong."""
    font = get_font(size_px)
    pad = size_px // 2
    lines = wrap_text(font, text, rect.width - 2 * pad)
    height = len(lines) * font.get_linesize() + 2 * pad
    panel = pygame.Rect(rect.x, rect.y - height if above else rect.y, rect.width, height)
    draw_panel(screen, panel, PANEL if notice else (60, 18, 14, 230), radius=max(6, size_px // 2))
    colour = INK if notice else ERROR
    for i, line in enumerate(lines):
        screen.blit(font.render(line, True, colour), (panel.x + pad, panel.y + pad + i * font.get_linesize()))
    return panel
