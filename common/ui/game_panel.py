"""The parts of a game screen's side panel that are the same for every game: the status area
(a title with the player's token, the last move, a warning box, what to do now or why a click
was refused) and the "thinking" spinner; drawn by `common.ui.game_scene.GameScene` into its
cached layer. The move log is `common.ui.game_log`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from common.i18n import N_, _, pgettext
from common.seats import described_words, level_words
from common.ui import draw
from common.ui.game_log import Icon, LogRow  # noqa: F401 (LogRow: re-exported)
from common.ui.theme import Metrics, Palette, mix
from common.ui.widgets import Widget

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


@dataclass(frozen=True)
class Status:
    """What the status area says (a value: equal statuses draw the same)."""

    title: str
    player: int | None = None  # whose token shows beside the title
    text: str = ""  # what to do now, in a sentence or two
    warning: str = ""  # a red-edged box under the title (an attacked Overlord)
    alert: bool = False  # the text is a refusal or a warning: red, with a cross
    lit: bool = True  # the area is tinted while `player` is to act


def _levels() -> None:
    """The CPU levels' names for the template (never called: the extractor reads them)."""
    pgettext("level", "novice"), pgettext("level", "easy"), pgettext("level", "normal")
    pgettext("level", "hard"), pgettext("level", "beginner")


def who(match: Any, player: int) -> str:
    """Who plays a seat, for a smaller second part beside its name: "you" (the one person
    of the game), "CPU, easy", "bot x.py"; "" for a person at a shared table."""
    if match.is_human(player):
        # Translators: beside the name of the one person playing: "White (you)"
        return _("you") if match.humans == 1 else ""
    return described_words(match.seats[player].describe())  # "CPU, easy", "bot x.py"


def label(match: Any, player: int) -> str:
    """A player and who plays it: "White (you)", "Black (CPU, easy)", "Red (bot x.py)"
    (no possessive after it: "Red's turn" takes the name, and `who` apart)."""
    by = who(match, player)
    # Translators: a player and who plays it: "White (you)", "Black (CPU, easy)"
    return _("{player} ({who})").format(player=match.name(player), who=by) if by \
        else match.name(player)


def waiting_status(scene: GameScene, player: int, doing: str = N_("its move")) -> Status:
    """The status of a game screen while a CPU or a bot chooses (`doing`: what the CPU
    chooses)."""
    spec, name = scene.match.seats[player], scene.match.name(player)
    if getattr(spec, "remote", False):  # a network table's seat played elsewhere
        return Status(_("{name}'s turn").format(name=name), player, _(
            "{name} plays from elsewhere: the move comes over the network.").format(name=name))
    if spec.is_bot:
        program = spec.describe().removeprefix("bot ")
        return Status(_("{program} is thinking").format(program=program), player,
                      _("{name}'s bot program is choosing its move. It has {bot_timeout:g} s, "
                        "or it forfeits.").format(name=name, bot_timeout=scene.app.bot_timeout))
    level = level_words(spec.describe().removeprefix("CPU, "))  # "beginner" for random
    return Status(_("{name} is thinking").format(name=name), player,
                  _("The CPU ({level}) is choosing {doing}.").format(level=level,
                                                                     doing=_(doing)))


def draw_status(layer: pygame.Surface, st: pygame.Rect, status: Status, last: str,
                buttons: Sequence[Widget], icon: Icon, pal: Palette, m: Metrics) -> str:
    """The status area: title (and token), "Last: ...", the warning box, then the text.
    Returns the words it had to shorten, in full ("" when everything showed whole): the
    screen shows them as the area's hover tip."""
    fill = pal.panel
    if status.player is not None and status.lit:
        fill = mix(pal.panel, pal.primary, 0.16)
    draw.panel(layer, st, fill, pal.panel_edge, m.radius, 0)
    y = _draw_title(layer, st, status, icon, pal, m)
    threat = status.warning
    # a row of buttons under the text leaves room for the warning only in place of "Last:"
    row = threat and any(b.rect.x < st.centerx for b in buttons)
    if last and not row:
        y += _draw_last(layer, _("Last: {last}").format(last=last), st, y, buttons, bool(threat),
                        pal, m)
    cut: list[str] = []
    if threat:
        y, shortened = _draw_warning(layer, threat, st, y + (0 if row else int(m.small * 1.5)),
                                     pal, m, 1 if row else 2)
        if shortened:
            cut.append(threat)
    else:
        y += int(m.small * 1.5)
    if _draw_text(layer, st, y, status, buttons, pal, m):
        cut.append(status.text)
    return " ".join(cut)


def _draw_title(layer: pygame.Surface, st: pygame.Rect, status: Status, icon: Icon,
                pal: Palette, m: Metrics) -> int:
    """The title, after the player's token if there is one; the y under it."""
    x = st.x + m.pad
    y = st.y + m.pad
    if status.player is not None:
        token = icon(status.player, int(m.large * 1.5))
        if token is not None:
            layer.blit(token, token.get_rect(midleft=(x - 4, y + m.large // 2 + 2)))
            x += int(m.large * 1.4)
    px = draw.fit_text(status.title, m.large, st.right - x - m.pad - m.large, True)
    draw.blit_text(layer, status.title, px, pal.text, (x, y), bold=True)
    return y + int(m.large * 1.45)


def _draw_text(layer: pygame.Surface, st: pygame.Rect, y: int, status: Status,
               buttons: Sequence[Widget], pal: Palette, m: Metrics) -> bool:
    """What to do now (or, with a cross, why a click was refused) from y down, flowed around
    the buttons; True if it had to be shortened."""
    color = pal.refusal if status.alert else pal.text
    if status.alert:
        draw.cross(layer, (st.x + m.pad + m.normal // 2, y + m.normal * 0.7), m.normal * 0.6,
                   pal.refusal, 3)
    indent = m.normal + m.pad // 2 if status.alert else 0
    tx = st.x + m.pad + indent
    lines, px, shortened = _flow_text(status.text, tx, y, st.right - m.pad - tx,
                                      st.bottom - m.pad // 2, buttons, st, m)
    for line in lines:
        draw.blit_text(layer, line, px, color, (tx, y))
        y += int(px * 1.3)
    return shortened


def _flow_text(text: str, x: int, y: int, width: int, bottom: int, buttons: Sequence[Widget],
               st: pygame.Rect, m: Metrics) -> tuple[list[str], int, bool]:
    """The text's lines from y down to `bottom`, each as wide as the buttons beside it allow
    (a button in the right half narrows its lines, one in the left half ends the text above
    it), in the normal size or smaller down to m.small - 2; (lines, size, shortened). What
    still does not fit ends in an ellipsis at a word."""
    px = m.normal
    while True:
        lines, rest = _flow(text, px, x, y, width, bottom, buttons, st, m)
        if not rest or px <= m.small - 2:
            break
        px -= 1
    if rest and lines:
        room = _line_width(len(lines) - 1, px, x, y, width, buttons, st, m)
        lines[-1] = _ellipsis(f"{lines[-1]} {rest}", px, room)
    return lines, px, bool(rest)


def _line_width(i: int, px: int, x: int, y: int, width: int, buttons: Sequence[Widget],
                st: pygame.Rect, m: Metrics) -> int:
    """The width of the i-th text line (0 when a button in the left half is in its way)."""
    top = y + i * int(px * 1.3)
    line = pygame.Rect(x, top, width, int(px * 1.3))
    for button in buttons:
        if button.rect.colliderect(line):
            if button.rect.x <= st.centerx:
                return 0
            width = min(width, button.rect.x - m.pad // 2 - x)
    return width


def _flow(text: str, px: int, x: int, y: int, width: int, bottom: int,
          buttons: Sequence[Widget], st: pygame.Rect, m: Metrics) -> tuple[list[str], str]:
    """Greedy lines of `text` in the room described at `_flow_text`; (lines, words left)."""
    words = draw.drawable(text, draw.MAX_PARAGRAPH).split()  # its whole length: a cut is said
    lines: list[str] = []
    step = int(px * 1.3)
    while words:
        i = len(lines)
        if y + (i + 1) * step > bottom + 4:
            break
        room = _line_width(i, px, x, y, width, buttons, st, m)
        if room <= 0:
            break
        line = words[0]
        if draw.text_width(line, px) > room:  # a word wider than the line: its own lines
            pieces = draw.wrap(line, px, room)
            line, words[0] = pieces[0], "".join(pieces[1:])
            if not words[0]:
                words.pop(0)
        else:
            words.pop(0)
            while words and draw.text_width(f"{line} {words[0]}", px) <= room:
                line = f"{line} {words.pop(0)}"
        lines.append(line)
    return lines, " ".join(words)


def _draw_last(layer: pygame.Surface, line: str, st: pygame.Rect, y: int,
               buttons: Sequence[Widget], threat: bool, pal: Palette, m: Metrics) -> int:
    """The "Last: ..." line at a legible size (never below m.small - 1); a line too long for
    that wraps to two or three lines where the area has room for them above two lines of
    text (issue 21: it shrank to ~9 px, then was cut). The extra height it took."""
    width = st.w - 2 * m.pad
    px = draw.fit_text(line, m.small, width, min_px=m.small - 1)
    lines = [line]
    if draw.text_width(line, px) > width:
        px, step = m.small, int(m.small * 1.3)
        bottom = min([b.rect.y for b in buttons if b.rect.y > y] + [st.bottom])
        room = bottom - (y + int(m.small * 1.5) + 2 * int(m.normal * 1.3))
        most = 1 if threat else 1 + min(2, max(0, room) // step)
        lines = draw.wrap(line, px, width, max_lines=most)
    for i, text in enumerate(lines):
        draw.blit_text(layer, text, px, pal.text_dim, (st.x + m.pad, y + i * int(px * 1.3)))
    return (len(lines) - 1) * int(px * 1.3)


def _ellipsis(line: str, px: int, width: int, bold: bool = False) -> str:
    """The line cut at a word so that it and "…" fit in width."""
    words = line.split()
    while len(words) > 1 and draw.text_width(" ".join(words) + "…", px, bold) > width:
        words.pop()
    return " ".join(words).rstrip(",;:") + "…"


def _draw_warning(layer: pygame.Surface, text: str, st: pygame.Rect, y: int, pal: Palette,
                  m: Metrics, most: int = 2) -> tuple[int, bool]:
    """The warning as a red-edged box with a warning sign, in at most `most` lines if they
    stay legible (else two, then three); the y below it, and whether it had to be cut."""
    icon = int(m.normal * 1.15)
    box = pygame.Rect(st.x + m.pad // 2, y - 2, st.w - m.pad, 0)
    width = box.w - icon - m.pad - m.pad // 2
    for limit in sorted({most, 2, 3}):
        px = m.normal
        lines = draw.wrap(text, px, width, True)
        while len(lines) > limit and px > m.small - 3:
            px -= 1
            lines = draw.wrap(text, px, width, True)
        if len(lines) <= limit:
            break
    cut = len(lines) > 3
    if cut:
        lines = lines[:2] + [_ellipsis(" ".join(lines[2:]), px, width, True)]
    line_h = int(px * 1.25)
    box.h = max(icon, line_h * len(lines)) + 8
    draw.panel(layer, box, mix(pal.panel, pal.refusal, 0.3), None, m.radius // 2, 0)
    pygame.draw.rect(layer, pal.refusal, box, 2, border_radius=m.radius // 2)
    draw.warning_sign(layer, box.x + m.pad // 2, box.centery - icon * 0.47, icon, pal.refusal)
    ty = box.y + (box.h - line_h * len(lines)) // 2 + 1
    for line in lines:
        draw.blit_text(layer, line, px, pal.text, (box.x + icon + m.pad, ty), bold=True)
        ty += line_h
    return box.bottom + m.pad // 2, cut


def draw_spinner(surface: pygame.Surface, st: pygame.Rect, pal: Palette, m: Metrics) -> None:
    """The turning "thinking" indicator in the status area's top-right corner."""
    center = (st.right - m.pad - m.large // 2, st.y + m.pad + m.large // 2)
    angle = time.monotonic() * 5
    for i in range(8):
        a = angle + i * 0.785
        r = m.large * 0.4
        unit = pygame.math.Vector2(1, 0).rotate_rad(a)
        pos = (center[0] + r * unit.x, center[1] + r * unit.y)
        pygame.draw.circle(surface, pal.primary if i == 0 else pal.text_dim, pos,
                           max(2, m.large // 10) if i else max(3, m.large // 8))
