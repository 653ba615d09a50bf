"""The words and panel of the Overlords screen: whose turn it is, what just happened, what the
player may do now (or why a click was refused), drawn into the scene's cached layer.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from common.ui import draw
from common.ui.theme import Metrics, Palette, mix
from overlords import rules
from overlords.ui_art import figure
from overlords.ui_panel import draw_hand, draw_log

if TYPE_CHECKING:
    from overlords.ui import GameScene

REFUSAL_SHOWN = 6.0  # seconds a refusal stays in the status area


def title_text(scene: GameScene) -> tuple[str, int | None]:
    """The big status line and the side it is about (None for none)."""
    s = scene.session
    if scene.setup is not None:
        return f"{rules.SIDE_NAMES[scene.setup.side].title()}: set up your figures", \
            scene.setup.side
    if scene.review is not None:
        return f"Looking back: move {scene.review} of {len(s.moves)}", None
    if s.over:
        outcome = s.state.result
        if outcome.winner is None:
            return "Draw", None
        return f"{rules.SIDE_NAMES[outcome.winner].title()} wins", outcome.winner
    side = s.state.turn
    if s.human(side):
        name = "Your turn" if s.humans == 1 else f"{rules.SIDE_NAMES[side].title()} to move"
        return name, side
    return f"{rules.SIDE_NAMES[side].title()} is thinking", side


def hint_text(scene: GameScene) -> str:
    """What the player may do now, in a sentence."""
    s, pick = scene.session, scene.pick
    if scene.setup is not None:
        rank = 1 if scene.setup.side == rules.WHITE else 8
        if scene.setup_threat:
            return scene.setup_threat
        if scene.setup.complete:
            return "All set. Press Ready to start, or move your figures around."
        return f"Click a figure, then a square on rank {rank} (or drag it). Or: Use default."
    if scene.review is not None:
        return "Prev and Next (or the arrow keys) step through the game; click any move."
    if s.over:
        return "Game over. Click a move in the log to look back."
    if not s.human(s.state.turn):
        return f"The CPU ({s.specs[s.state.turn]}) is choosing its stones and its move."
    if rules.must_discard(s.state):
        return "No stone pair can move anything. Pick a Rune and a Fate, then Discard."
    if pick.figure is not None:
        name = rules.TYPE_NAMES[s.state.figure(pick.figure)[1]]
        if scene._danger and scene._danger == set(scene._targets):
            return f"Careful: every move of this {name} leaves your Overlord open to capture."
        if scene._danger:
            return "Careful: a square with a red ! leaves your Overlord open to capture."
        if pick.rune:
            return f"Click a marked square to move the {name} with Rune {pick.rune}."
        if any(m.rune == 5 for m in pick.matching()):
            return "Click a marked square. Digits: the Runes; ring: capture; small dot: Teleport."
        return "Click a marked square. Digits: the Runes that get there; ring: a capture."
    if pick.rune == 6 and pick.fate is not None:
        name = rules.TYPE_NAMES[pick.fate]
        if pick.targets():
            return f"Click a marked Source to recruit a {name} there."
        return f"No Source can take a {name} now: pick other stones."
    if pick.rune or pick.fate is not None:
        if pick.movable():
            return "Now click a circled figure, or pick the other stone."
        return "No figure can move with those stones: pick others."
    return "Click a figure to see its moves, or pick a Rune and a Fate stone."


def draw_panel(layer: pygame.Surface, scene: GameScene, pal: Palette, m: Metrics) -> None:
    """The hands, the status area and the log (or the setup instructions) into the layer."""
    lay = scene.layout_
    if lay is None:
        return
    _draw_status(layer, scene, pal, m)
    if scene.setup is not None:
        _draw_setup_info(layer, scene, pal, m)
        return
    s = scene.session
    state = scene.shown
    playing = scene.review is None and not s.over
    for side, hand in lay.hands.items():
        active = playing and state.turn == side
        picked = (None, None)
        if active and scene.my_turn:
            fate = scene.pick.fate
            if scene.pick.figure is not None:
                fate = state.figure(scene.pick.figure)[1]
            picked = (scene.pick.rune, fate)
        draw_hand(layer, hand, state, s.label(side), active, pal, m, picked)
    current = scene.review if scene.review is not None else len(s.moves)
    draw_log(layer, lay, s.moves, scene.log_scroll, current, pal, m)


def _draw_status(layer: pygame.Surface, scene: GameScene, pal: Palette, m: Metrics) -> None:
    st = scene.layout_.status
    fill = pal.panel
    title, side = title_text(scene)
    if side is not None and scene.setup is None and scene.review is None:
        fill = mix(pal.panel, pal.primary, 0.16)
    draw.panel(layer, st, fill, pal.panel_edge, m.radius, 0)
    x = st.x + m.pad
    y = st.y + m.pad
    if side is not None:
        token = figure(rules.OVERLORD, side, int(m.large * 1.5), pal)
        layer.blit(token, token.get_rect(midleft=(x - 4, y + m.large // 2 + 2)))
        x += int(m.large * 1.4)
    px = draw.fit_text(title, m.large, st.right - x - m.pad - m.large, True)
    draw.blit_text(layer, title, px, pal.text, (x, y), bold=True)
    y += int(m.large * 1.45)
    if scene.session is not None and scene.last_text and scene.review is None:
        line = f"Last: {scene.last_text}"
        px = draw.fit_text(line, m.small, st.w - 2 * m.pad)
        draw.blit_text(layer, line, px, pal.text_dim, (st.x + m.pad, y))
    y += int(m.small * 1.5)
    text = hint_text(scene)
    color = pal.refusal if scene.setup is not None and scene.setup_threat else pal.text
    refused = scene.refused
    if refused and refused[0] and time.monotonic() - refused[2] < REFUSAL_SHOWN:
        text, color = refused[0], pal.refusal
    if color == pal.refusal:
        draw.cross(layer, (st.x + m.pad + m.normal // 2, y + m.normal * 0.7), m.normal * 0.6,
                   pal.refusal, 3)
    indent = m.normal + m.pad // 2 if color == pal.refusal else 0
    width = st.w - 2 * m.pad - indent
    px = m.normal
    lines = draw.wrap(text, px, width)
    while len(lines) > 2 and px > m.small - 2:
        px -= 1
        lines = draw.wrap(text, px, width)
    for line in lines[:2]:
        draw.blit_text(layer, line, px, color, (st.x + m.pad + indent, y))
        y += int(px * 1.3)


def _draw_setup_info(layer: pygame.Surface, scene: GameScene, pal: Palette, m: Metrics) -> None:
    lay = scene.layout_
    top = next(h.card for h in lay.hands.values() if h.card.y < lay.status.y)
    draw.panel(layer, top, pal.panel, pal.panel_edge, m.radius, 0)
    y = top.y + m.pad
    lines = [f"Board seed {scene.seed}: the same seed gives the same board."]
    for side in (rules.WHITE, rules.BLACK):
        who = "Human" if scene.specs[side] == "human" else f"CPU ({scene.specs[side]})"
        lines.append(f"{rules.SIDE_NAMES[side].title()}: {who}")
    lines.append("White moves first.")
    for line in lines:
        for piece in draw.wrap(line, m.normal, top.w - 2 * m.pad):
            draw.blit_text(layer, piece, m.normal, pal.text, (top.x + m.pad, y))
            y += int(m.normal * 1.4)
    scene.setup.draw_tray(layer, pal, m, scene.drag["kind"] if scene.drag and
                          scene.drag.get("active") else None)
