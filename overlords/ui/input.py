"""What the pointer and the keys mean on a person's live Overlords turn: stones, figures,
target squares and drags, Rune and Fate stones by their keys, the legend (L). The input side
of `overlords.ui.controller.OverlordsController`, dispatched by tables: an action's kind to its
handler (`OverlordsInput.KINDS`), a key to its command (`KEYS`), a stone's key to the stone
(`STONE_KEYS`).

A click that makes no move shows the engine's reason (`stone_reason`, `stuck_reason`,
`explain`, `overlords.ui.pick.refusal`); a click on a target plays through the controller
(`choose`, which asks first when the move loses the Overlord).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from common.i18n import N_, _
from common.ui.controller_input import ControllerInput
from common.ui.drag import drag_pointer, drag_started
from common.ui.input import Key, PointerDown, PointerMove, PointerUp
from common.ui.scenes.dialog_scene import Dialog
from overlords import names, rules
from overlords.ui.legend import Legend
from overlords.ui.panel import FATES, stone_at
from overlords.ui.pick import refusal
from overlords.ui.view import OverlordsView

RUNE_KEYS = "1234567"  # a Rune stone by its number, as the notation writes it ("3D")


class OverlordsInput(ControllerInput):
    """The controller's pointer and keys (see the module docstring)."""

    rune_typed = False  # the last key was a Rune's digit (picked or refused): H is the Hero

    @property
    def view(self) -> OverlordsView:
        """The screen's Overlords view: its board, its stones' panel, the legend's "?"."""
        view = self.scene.view
        if not isinstance(view, OverlordsView):
            raise TypeError(f"an Overlords screen draws with an OverlordsView, not {view!r}")
        return view

    # the pointer -------------------------------------------------------------------------

    def press(self, action: PointerDown) -> bool:
        """A press: the right button drops the pick, the left one picks, plays or starts a
        drag (the legend's "?" opens the legend)."""
        self.rune_typed = False
        if action.button == 3:
            self.c.clear_pick()
            return True
        view = self.view
        if action.button == 1 and view.legend_b.collidepoint(action.pos):
            return self.legend()
        if drag_pointer(action) is None:
            return False
        self.c.drag = None
        hit = stone_at(view.panel, action.pos) if view.panel is not None else None
        sq = view.board.square_at(action.pos)
        if hit is not None:
            self.click_stone(*hit)
        elif sq is not None:
            self._press_square(sq, action.pos)
        return True

    def _press_square(self, sq: int, pos: tuple[int, int]) -> None:
        """A press on a square: an own figure is picked (and may be dragged); a second press
        on the picked figure drops it, unless both stones are picked (it is then the figure
        they move: it stays picked)."""
        state, pick = self.scene.match.state, self.c.pick
        fig = state.figure(sq)
        if fig is None or fig[0] != state.turn:
            self.click_square(sq)
            return
        again = pick.figure == sq and not (pick.rune and pick.fate is not None)
        if not again:
            self.click_square(sq)
        self.c.drag = {"sq": sq, "kind": fig[1], "start": pos, "pos": pos, "active": False,
                       "toggle": again}

    def move(self, action: PointerMove) -> bool:
        """The pointer moves, the button held: a drag follows it once it has gone far enough
        (`common.ui.drag`)."""
        if drag_pointer(action) is None:
            return False
        drag = self.c.drag
        if drag is not None:
            drag["pos"] = action.pos
            if not drag["active"] and drag_started(drag["start"], action.pos) \
                    and self.c.pick.figure is not None:
                drag["active"] = True
        return True

    def release(self, action: PointerUp) -> bool:
        """A release: a drag drops its figure's move on the square; a press on the picked
        figure without a drag puts it back."""
        if drag_pointer(action) is None:
            return False
        drag, self.c.drag = self.c.drag, None
        if drag is None:
            return True
        sq = self.scene.view.board.square_at(action.pos)
        if drag["active"]:
            if sq is not None and sq != drag["sq"]:
                self.click_square(sq)
        elif drag["toggle"]:
            self.c.pick.figure = None
            self.scene.refresh()
        return True

    # the keys ------------------------------------------------------------------------------

    def key(self, action: Key) -> bool:
        """A command key (`KEYS`), else a stone by its key (`stone_key`)."""
        after_rune, self.rune_typed = self.rune_typed, False
        command = KEYS.get(action.key)
        if command is not None:
            return command(self)
        return self.stone_key(action, after_rune)

    def legend(self) -> bool:
        """The board's legend (features and marks)."""
        self.scene.app.push(Legend(self.scene.app))
        return True

    def stone_key(self, action: Key, after_rune: bool = False) -> bool:
        """Stones picked by keys as the notation writes them ("3D"): 1 to 7 a Rune stone,
        O, W, D or H a Fate stone of that figure, each pressed again to put it back; as a
        click on the stone (the same refusals). H is the Hint's key unless a Rune stone is
        picked and no Fate stone yet, or the key before was a Rune's digit (`after_rune`):
        typing "3H" means Rune 3 and the Hero's Fate, even when Rune 3 was refused."""
        text = action.text.upper()
        if action.ctrl or len(text) != 1 or text not in STONE_KEYS:
            return False
        pick = self.c.pick
        if text == "H" and not after_rune and (pick.rune is None or pick.fate is not None):
            return False  # the Hint
        self.rune_typed = text in RUNE_KEYS
        self.click_stone(self.scene.match.state.turn, *STONE_KEYS[text])
        return True

    # what a click means --------------------------------------------------------------------

    def click_stone(self, side: int, kind: str, value: int) -> None:
        """A click on a stone (`kind` "rune": Rune `value`; "fate": the Fate stone in slot
        `value`): picked or put back, with the engine's reason when it may not be played; a
        forbidden pair keeps the new stone and says why."""
        state, pick = self.scene.match.state, self.c.pick
        why = (rules.stone_reason(state, side, rune=value) if kind == "rune" else
               rules.stone_reason(state, side, fate=FATES[value]))
        if why:
            self.scene.refuse(why)
            return
        clash = self._clash(state, kind, value)
        if clash:  # a forbidden pair: the new stone is picked, the other put back, and why
            if kind == "rune":
                pick.fate = None
            else:
                pick.rune = None
            pick.figure = None
        if kind == "rune":
            pick.rune = None if pick.rune == value else value
        else:
            self._toggle_fate(state, FATES[value])
        self._follow_stones()
        if clash:
            self.scene.refresh()
            self.scene.refuse(clash)
            return
        self._picked()

    def _clash(self, state: rules.State, kind: str, value: int) -> str | None:
        """Why the stone clicked and the other one picked are no pair (None if they are, or
        if the turn must discard: a discard may use any pair)."""
        pick = self.c.pick
        rune = value if kind == "rune" else pick.rune
        fate = FATES[value] if kind == "fate" else pick.fate
        if rune is None or fate is None or (rune, fate) == (pick.rune, pick.fate) \
                or rules.must_discard(state):
            return None
        return rules.pair_reason(rune, fate)

    def _toggle_fate(self, state: rules.State, fate: int) -> None:
        """A second click puts the Fate stone back, unless a figure of that type is picked
        (its Fate is already shown lifted: the click confirms it); a picked figure of another
        type is dropped."""
        pick = self.c.pick
        pick.fate = None if pick.fate == fate and pick.figure is None else fate
        if pick.figure is not None and state.occupant(pick.figure)[1] != pick.fate:
            pick.figure = None

    def _follow_stones(self) -> None:
        """After the stones changed: a picked figure they cannot move is dropped, and the one
        figure they can move is picked."""
        pick = self.c.pick
        if pick.figure is not None and not pick.targets():
            pick.figure = None
        movable = pick.movable()
        if pick.rune and pick.fate is not None and len(movable) == 1 and pick.rune != 6:
            pick.figure = next(iter(movable))

    def _picked(self) -> None:
        """Something was picked: the refusal goes, a click sounds, the targets follow."""
        self.scene.clear_refusal()
        self.scene.app.sound.play("select", 0.4)
        self.scene.refresh()

    def click_square(self, sq: int) -> None:
        """A click on a square: a target plays (`choose`), an own figure is picked, a square
        only a Teleport reaches shows the Teleport's targets, a Source offers a recruit; else
        the engine's reason."""
        state, pick = self.scene.match.state, self.c.pick
        targets = pick.targets()
        if sq in targets:
            self.c.choose(targets[sq])
            return
        fig = state.figure(sq)
        if fig is not None and fig[0] == state.turn:
            self._pick_figure(state, sq, fig[1])
        elif sq in {m.to for m in pick.teleports()}:  # only a Teleport gets there: its
            pick.rune = 5  # targets are shown (a second click teleports)
            self._picked()
        elif pick.figure is None and not (pick.rune == 6 and pick.fate is not None):
            self._recruit_or_explain(state, sq, fig)
        else:
            self.scene.refuse(refusal(state, pick, sq), sq)

    def _pick_figure(self, state: rules.State, sq: int, kind: int) -> None:
        """Pick the own figure on sq (with its Fate), or say why it cannot move."""
        why = rules.stone_reason(state, state.turn, fate=kind)
        if why:
            self.scene.refuse(why, sq)
            return
        pick = self.c.pick
        pick.figure, pick.fate = sq, kind
        if pick.targets():
            self._picked()
            return
        rune, why = pick.rune, rules.stuck_reason(state, sq, pick.rune)
        if rune is not None:  # not with this Rune: its moves with the others, if any
            pick.rune = None
            self.scene.refresh()
            if pick.targets():
                self.scene.refuse(_("{why}; here are its moves with your other Runes").format(
                                      why=why), sq)
                return
        pick.figure = None
        self.scene.refuse(rules.stuck_reason(state, sq) or why or "", sq)
        self.scene.refresh()

    def _recruit_or_explain(self, state: rules.State, sq: int, fig: Any) -> None:
        """Nothing picked that moves there: a recruit on that Source (asked first), else the
        engine's fact about the square and what to do instead."""
        pick = self.c.pick
        recruits = [m for m in pick.legal if m.is_recruit and m.to == sq
                    and (pick.fate is None or m.fate == pick.fate)]
        if recruits and (pick.rune in (None, 6)):
            name = names.figure(recruits[0].fate)
            ask = _("Play Rune 6 and a {figure} Fate to bring a {figure} from your reserve onto "
                    "{square}?").format(figure=name, square=rules.GRID.name(sq))
            self.scene.app.push(Dialog(self.scene.app, N_("Recruit?"), [ask], [
                (N_("Recruit"), lambda: self.scene.play(recruits[0])),
                (N_("Cancel"), lambda: None)], cancel=lambda: None))
            return
        why = rules.explain(state, sq, sq)
        if fig is None:  # the engine's fact, and what to do instead
            # Translators: {why} is the engine's refusal ("No figure on e4")
            why = _("{why}: pick one of your figures first, or a Rune and a Fate stone").format(
                why=why)
        self.scene.refuse(why, sq)


OverlordsInput.KINDS = {  # an action's kind -> its handler
    PointerDown: OverlordsInput.press,
    PointerMove: OverlordsInput.move,
    PointerUp: OverlordsInput.release,
    Key: OverlordsInput.key,
}
KEYS: dict[int, Callable[[OverlordsInput], bool]] = {  # a command key -> its command
    pygame.K_l: OverlordsInput.legend,
}
STONE_KEYS: dict[str, tuple[str, int]] = {  # a stone's key -> (kind, value) as click_stone takes
    **{text: ("rune", int(text)) for text in RUNE_KEYS},
    **{letter: ("fate", FATES.index(kind)) for kind, letter in enumerate(rules.TYPE_LETTERS)},
}
