"""The words and panel of the Overlords screen: whose turn it is, what just happened, what the
player may do now (or why a click was refused), drawn into the scene's cached layer.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from common.seats import bot_name
from common.ui import draw
from common.ui.bots import command_of, is_bot
from common.ui.theme import Metrics, Palette, mix
from overlords import rules
from overlords.ui_art import figure
from overlords.ui_board import warning_sign
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
    if is_bot(s.specs[side]):
        return f"{bot_name(command_of(s.specs[side]))} is thinking", side
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
        return scene.forfeit_text or "Game over. Click a move in the log to look back."
    if is_bot(s.specs[s.state.turn]):
        side = rules.SIDE_NAMES[s.state.turn].title()
        return (f"{side}'s bot program is choosing its move. It has {scene.bots.timeout:g} s, "
                "or it forfeits.")
    if not s.human(s.state.turn):
        return f"The CPU ({s.specs[s.state.turn]}) is choosing its stones and its move."
    hint = scene.hint_status()
    if hint:
        return hint
    attacked = scene.threats is not None and scene.threats.attacked
    if rules.must_discard(s.state):
        if attacked:
            return ("No stone pair can move anything, so nothing saves your Overlord. "
                    "Pick a Rune and a Fate, then Discard.")
        return "No stone pair can move anything. Pick a Rune and a Fate, then Discard."
    if attacked:
        return _attacked_hint(scene)
    if pick.figure is not None:
        name = rules.TYPE_NAMES[s.state.figure(pick.figure)[1]]
        danger, _, complete = scene.target_marks()
        if complete and danger and danger == set(scene._targets):
            return f"Careful: every move of this {name} leaves your Overlord open to capture."
        if danger:
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


def threat_text(scene: GameScene) -> str:
    """"Your Overlord is attacked by ..." on a person's turn while it is; else ""."""
    t = scene.threats
    return t.attack_text() if t is not None and scene.my_turn else ""


def _attacked_hint(scene: GameScene) -> str:
    """What to do while the Overlord is attacked: the moves with a shield save it."""
    pick, state = scene.pick, scene.session.state
    if scene.threats.saving() is False:
        return "No move saves your Overlord. Click a figure to see its moves."
    _, safe, complete = scene.target_marks()
    if pick.figure is not None or (pick.rune == 6 and pick.fate is not None):
        if complete and not safe:
            what = ("move of this " + rules.TYPE_NAMES[state.figure(pick.figure)[1]]
                    if pick.figure is not None else "recruit here")
            return f"No {what} makes it safe: try another figure or other stones."
        return "Moves marked with a shield make it safe."
    if (pick.rune or pick.fate is not None) and pick.movable():
        return "Click a circled figure: moves marked with a shield make it safe."
    if pick.rune or pick.fate is not None:
        return "No figure can move with those stones: pick others."
    return "Click a figure: moves marked with a shield make it safe."


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
    threat = threat_text(scene)
    # a row of buttons under the text leaves room for the attack only in place of "Last:"
    row = threat and any(b.rect.x < st.centerx for b in scene.status_buttons)
    if scene.session is not None and scene.last_text and scene.review is None and not row:
        line = f"Last: {scene.last_text}"
        px = draw.fit_text(line, m.small, st.w - 2 * m.pad)
        draw.blit_text(layer, line, px, pal.text_dim, (st.x + m.pad, y))
    if threat:
        y = _draw_threat(layer, threat, st, y + (0 if row else int(m.small * 1.5)), pal, m,
                         1 if row else 2)
    else:
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
    limit, bottom = 2, st.bottom - m.pad // 2
    if threat:  # the room left under the threat box: beside a small button, or above a row
        for button in scene.status_buttons:
            if button.rect.x > st.centerx:
                width = min(width, button.rect.x - m.pad - st.x - m.pad - indent)
            else:
                bottom = min(bottom, button.rect.y - 2)
        limit = max(1, (bottom - y) // int(m.small * 1.3))
    lines = draw.wrap(text, px, width)
    while (len(lines) > limit or (threat and y + len(lines) * int(px * 1.3) > bottom + 4)) \
            and px > m.small - 2:
        px -= 1
        lines = draw.wrap(text, px, width)
    for line in lines[:limit]:
        draw.blit_text(layer, line, px, color, (st.x + m.pad + indent, y))
        y += int(px * 1.3)


def _draw_threat(layer: pygame.Surface, text: str, st: pygame.Rect, y: int, pal: Palette,
                 m: Metrics, most: int = 2) -> int:
    """The attack on the Overlord as a red-edged box with a warning sign, in at most `most`
    lines if they stay legible (else two); the y below it."""
    icon = int(m.normal * 1.15)
    box = pygame.Rect(st.x + m.pad // 2, y - 2, st.w - m.pad, 0)
    width = box.w - icon - m.pad - m.pad // 2
    for limit in sorted({most, 2}):
        px = m.normal
        lines = draw.wrap(text, px, width, True)
        while len(lines) > limit and px > m.small - 3:
            px -= 1
            lines = draw.wrap(text, px, width, True)
        if len(lines) <= limit:
            break
    lines = lines[:2]
    line_h = int(px * 1.25)
    box.h = max(icon, line_h * len(lines)) + 8
    draw.panel(layer, box, mix(pal.panel, pal.refusal, 0.3), None, m.radius // 2, 0)
    pygame.draw.rect(layer, pal.refusal, box, 2, border_radius=m.radius // 2)
    warning_sign(layer, box.x + m.pad // 2, box.centery - icon * 0.47, icon, pal)
    ty = box.y + (box.h - line_h * len(lines)) // 2 + 1
    for line in lines:
        draw.blit_text(layer, line, px, pal.text, (box.x + icon + m.pad, ty), bold=True)
        ty += line_h
    return box.bottom + m.pad // 2


def _draw_setup_info(layer: pygame.Surface, scene: GameScene, pal: Palette, m: Metrics) -> None:
    lay = scene.layout_
    top = next(h.card for h in lay.hands.values() if h.card.y < lay.status.y)
    draw.panel(layer, top, pal.panel, pal.panel_edge, m.radius, 0)
    y = top.y + m.pad
    lines = [f"Board seed {scene.seed}: the same seed gives the same board."]
    for side in (rules.WHITE, rules.BLACK):
        spec = scene.specs[side]
        who = ("Human" if spec == "human" else f"Bot ({bot_name(command_of(spec))})"
               if is_bot(spec) else f"CPU ({spec})")
        lines.append(f"{rules.SIDE_NAMES[side].title()}: {who}")
    lines.append("White sets up first, then Black, seeing White's figures. White moves first."
                 if scene.setup.side == rules.WHITE else
                 "White has set up; Black sets up seeing it. White moves first.")
    for line in lines:
        for piece in draw.wrap(line, m.normal, top.w - 2 * m.pad):
            draw.blit_text(layer, piece, m.normal, pal.text, (top.x + m.pad, y))
            y += int(m.normal * 1.4)
    scene.setup.draw_tray(layer, pal, m, scene.drag["kind"] if scene.drag and
                          scene.drag.get("active") else None)
