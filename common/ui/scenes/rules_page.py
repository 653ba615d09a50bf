"""The Rules screen's page: a game's rules text laid out once per width into one tall surface.

The text is the game's `rules_text` (a title and sections of paragraphs). Each paragraph is a
block of a kind, told by its prefix (`PREFIXES`): "- " a bullet, "Ruling: " a ruling (set in
a tinted box), "Picture: KEY" a picture the game draws from its engine
(`common.ui.rules_pictures`), anything else plain text. Each kind is laid out by its own
method (`KINDS`); adding a kind is a prefix row and a method. The lines are rendered without
being kept in the text cache (`draw.text(keep=False)`): the page keeps their pixels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pygame

from common.i18n import N_, _
from common.ui import draw, rules_pictures
from common.ui.theme import Metrics, Palette, mix

# A paragraph's prefix -> (its kind, its indent in steps); other paragraphs are "text".
PREFIXES: dict[str, tuple[str, int]] = {
    "- ": ("bullet", 1),
    "Ruling: ": ("ruling", 1),
    "Picture: ": ("picture", 0),
}


@dataclass(frozen=True)
class Block:
    """One piece of the page: a heading, a paragraph of a kind, or a picture's key."""

    kind: str
    text: str
    indent: int = 0


def block(paragraph: str) -> Block:
    """The block a paragraph is (its prefix taken off: the English text, the message
    tools/extract_messages.py put in the template; `shown` gives it in the player's
    language, a ruling starting with a capital)."""
    for prefix, (kind, indent) in PREFIXES.items():
        if paragraph.startswith(prefix):
            return Block(kind, paragraph[len(prefix):], indent)
    return Block("text", paragraph)


def shown(item: Block) -> str:
    """A block's text as the page shows it: translated; a ruling with a capital."""
    text = _(item.text)
    return text[:1].upper() + text[1:] if item.kind == "ruling" else text


def blocks(sections: list[tuple[str, list[str]]]) -> list[Block]:
    """Every section's heading, then its paragraphs' blocks, in order."""
    out: list[Block] = []
    for heading, paragraphs in sections:
        out.append(Block("heading", heading))
        out.extend(block(p) for p in paragraphs)
    return out


@dataclass
class Page:
    """A laid-out page: its surface, and the y of each section heading on it."""

    surface: pygame.Surface
    headings: dict[str, int]


class PageLayout:
    """Lays blocks out top to bottom at one width (see the module docstring)."""

    def __init__(self, screens: Any, width: int, pal: Palette, m: Metrics) -> None:
        self.screens, self.width, self.pal, self.m = screens, width, pal, m
        self.y = m.pad
        self.pieces: list[tuple[int, pygame.Surface, int]] = []  # (y, surface, x)
        self.rulings: list[pygame.Rect] = []
        self.headings: dict[str, int] = {}
        self.indent = int(m.normal * 1.4)
        self.line_h = int(m.normal * 1.5)

    def title(self, title: str) -> None:
        """The page's title line (none when the game has no title)."""
        if title:
            m = self.m
            # Translators: the rules page's title; {game} is Overlords or Prepollency
            words = _("{game}: the rules").format(game=_(title))
            line = draw.text(words, m.large, self.pal.text, True, keep=False)
            self.pieces.append((self.y, line, 0))
            self.y += int(m.large * 1.8)

    def add(self, item: Block) -> None:
        """Lay one block out below the last."""
        KINDS.get(item.kind, PageLayout.paragraph)(self, item)

    def heading(self, item: Block) -> None:
        m = self.m
        self.y += m.pad
        self.headings.setdefault(item.text, self.y)  # by the English heading (TOPICS)
        words = draw.text(_(item.text), m.large - 2, self.pal.primary, True, keep=False)
        self.pieces.append((self.y, words, 0))
        self.y += int(m.large * 1.45)

    def picture(self, item: Block) -> None:
        """Drawn by the game from its engine (`common.ui.rules_pictures`), centred."""
        art = rules_pictures.picture(self.screens, item.text, self.width, self.pal, self.m)
        if art is not None:
            self.pieces.append((self.y + self.m.pad // 2, art,
                                (self.width - art.get_width()) // 2))
            self.y += art.get_height() + 2 * self.m.pad

    def paragraph(self, item: Block) -> None:
        """Plain text, a bullet (its dot in the margin) or a ruling (a label over it, and a
        tinted box behind)."""
        m, pal = self.m, self.pal
        x = item.indent * self.indent
        ruling = item.kind == "ruling"
        inset = m.pad if ruling else 0
        lines = draw.wrap(shown(item), m.normal, self.width - x - inset)
        start = self.y
        if ruling:
            # Translators: the label over a ruling of this edition in the rules
            self.pieces.append((self.y, draw.text(_("Ruling"), m.small, pal.primary, True),
                                x + m.pad))
            self.y += int(m.small * 1.4)
        for i, line in enumerate(lines):
            if item.kind == "bullet" and i == 0:
                self.pieces.append((self.y, draw.text("•", m.normal, pal.primary, True),
                                    x - self.indent // 2))
            self.pieces.append((self.y, draw.text(line, m.normal, pal.text, keep=False), x + inset))
            self.y += self.line_h
        if ruling:
            self.rulings.append(pygame.Rect(x - 4, start - 4, self.width - x + 8,
                                            self.y - start + 8))
            self.y += m.pad // 2
        self.y += m.pad // 2

    def page(self) -> Page:
        """The surface with everything laid out so far (ruling boxes under their text)."""
        m, pal = self.m, self.pal
        surface = pygame.Surface((self.width, self.y + 2 * m.pad), pygame.SRCALPHA)
        for rect in self.rulings:
            pygame.draw.rect(surface, (*mix(pal.panel, pal.primary, 0.12), 255), rect,
                             border_radius=m.radius)
            pygame.draw.rect(surface, pal.primary, (rect.x, rect.y, 4, rect.h))
        for py, piece, px in self.pieces:
            surface.blit(piece, (px, py))
        return Page(surface, self.headings)


# How each kind of block is laid out.
KINDS: dict[str, Callable[[PageLayout, Block], None]] = {
    "heading": PageLayout.heading,
    "picture": PageLayout.picture,
    "text": PageLayout.paragraph,
    "bullet": PageLayout.paragraph,
    "ruling": PageLayout.paragraph,
}


def render(module: ModuleType | None, screens: Any, width: int, pal: Palette,
           m: Metrics) -> Page:
    """A game's rules (`module`: its `rules_text`, or None: "Coming soon.") laid out at a
    width; `screens` draws its pictures."""
    sections = module.SECTIONS if module else [(N_("Rules"), [N_("Coming soon.")])]
    layout = PageLayout(screens, width, pal, m)
    layout.title(module.TITLE if module else "")
    for item in blocks(sections):
        layout.add(item)
    return layout.page()
