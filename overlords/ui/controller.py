"""Mouse input of the Overlords screen: stones, figures, target squares, drags, the setup.

A mixin of `overlords.ui.GameScene`: it reads the scene's picker, session and layout and calls
its `_play`, `_choose`, `_refuse` and `_refresh`. Clicks on the board go through the picker,
whose targets come from the engine; a click that makes no move shows the engine's reason.
"""

from __future__ import annotations

from common.ui.input import Action, PointerDown, PointerMove, PointerUp
from common.ui.overlay import Dialog
from overlords import rules
from overlords.ui_panel import FATES, log_cells, stone_at
from overlords.ui_pick import refusal
from overlords.ui_setup import drag_pointer


class Clicks:
    """Pointer handling for GameScene (see the module docstring)."""

    def _pointer(self, action: PointerDown | PointerMove | PointerUp) -> bool:
        if isinstance(action, PointerDown) and action.button == 3:
            self._clear_pick()
            return True
        if self.setup is not None:
            return self._setup_pointer(action)
        if self.session is None:
            return False
        if isinstance(action, PointerDown) and self.layout_:
            for index, cell in log_cells(self.layout_, len(self.session.moves), self.log_scroll,
                                         self.app.m):
                if cell.collidepoint(action.pos):
                    self.start_review(index + 1)
                    return True
        if not self.my_turn:
            if isinstance(action, PointerDown) and (
                    self.view.square_at(action.pos) is not None or stone_at(self.layout_,
                                                                            action.pos)):
                reason = self._wait_reason()
                if reason:  # while a move animates, clicks are simply ignored
                    self._refuse(reason)
            return True
        kind = drag_pointer(action)
        if kind is None:
            return False
        what, pos = kind
        sq = self.view.square_at(pos)
        if what == "down":
            self.drag = None
            hit = stone_at(self.layout_, pos)
            if hit is not None:
                self._click_stone(*hit)
            elif sq is not None:
                fig = self.session.state.figure(sq)
                if fig is not None and fig[0] == self.session.state.turn:
                    again = self.pick.figure == sq
                    if not again:
                        self._click_square(sq)
                    self.drag = {"sq": sq, "kind": fig[1], "start": pos, "pos": pos,
                                 "active": False, "toggle": again}
                else:
                    self._click_square(sq)
        elif what == "move" and self.drag is not None:
            self.drag["pos"] = pos
            dx, dy = pos[0] - self.drag["start"][0], pos[1] - self.drag["start"][1]
            if not self.drag["active"] and dx * dx + dy * dy > 64 and self.pick.figure is not None:
                self.drag["active"] = True
                self._layer = None
        elif what == "up" and self.drag is not None:
            drag, self.drag = self.drag, None
            if drag["active"]:
                if sq is not None and sq != drag["sq"]:
                    self._click_square(sq)
                self._layer = None
            elif drag["toggle"]:
                self.pick.figure = None
                self._refresh()
        return True

    def _wait_reason(self) -> str:
        s = self.session
        if self.review is not None:
            return "You are looking back: press Back to game to play"
        if s.over:
            return "The game is over"
        if self.animator.busy:
            return ""
        return f"Please wait: {s.label(s.state.turn)} is thinking"

    def _click_stone(self, side: int, kind: str, value: int) -> None:
        state = self.session.state
        if side != state.turn:
            self._refuse(f"Those are {rules.SIDE_NAMES[side].title()}'s stones")
            return
        pick = self.pick
        if kind == "rune":
            if not state.runes[side] >> (value - 1) & 1:
                self._refuse(f"Rune {value} was played; it returns at your Reckoning")
                return
            pick.rune = None if pick.rune == value else value
        else:
            fate = FATES[value]
            if not state.fates[side][fate]:
                self._refuse(played_fate(fate))
                return
            pick.fate = None if pick.fate == fate else fate
            if pick.figure is not None and state.figure(pick.figure)[1] != pick.fate:
                pick.figure = None
        if pick.figure is not None and not pick.targets():
            pick.figure = None
        movable = pick.movable()
        if pick.rune and pick.fate is not None and len(movable) == 1 and pick.rune != 6:
            pick.figure = next(iter(movable))
        self.refused = None
        self.app.sound.play("select", 0.4)
        self._refresh()

    def _click_square(self, sq: int) -> None:
        state, pick = self.session.state, self.pick
        targets = pick.targets()
        if sq in targets:
            self._choose(targets[sq])
            return
        fig = state.figure(sq)
        if fig is not None and fig[0] == state.turn:
            if not state.fates[fig[0]][fig[1]]:
                self._refuse(played_fate(fig[1]), sq)
                return
            pick.figure, pick.fate = sq, fig[1]
            if not pick.targets():
                if pick.rune is not None:
                    pick.rune = None
                    self._refresh()
                    if pick.targets():
                        self._refuse(f"That Rune gives this {rules.TYPE_NAMES[fig[1]]} no move; "
                                     "here are its moves with your other Runes", sq)
                        return
                pick.figure = None
                self._refuse(f"This {rules.TYPE_NAMES[fig[1]]} cannot move with the stones "
                             "in your hand", sq)
                self._refresh()
                return
            self.refused = None
            self.app.sound.play("select", 0.4)
            self._refresh()
            return
        if pick.figure is None and not (pick.rune == 6 and pick.fate is not None):
            recruits = [m for m in pick.legal if m.is_recruit and m.to == sq
                        and (pick.fate is None or m.fate == pick.fate)]
            if recruits and (pick.rune in (None, 6)):
                name = rules.TYPE_NAMES[recruits[0].fate]
                self.app.push(Dialog(self.app, "Recruit?", [
                    f"Play Rune 6 and a {name} Fate to bring a {name} from your reserve onto "
                    f"{rules.GRID.name(sq)}?"], [("Recruit", lambda: self._play(recruits[0])),
                                                 ("Cancel", lambda: None)], cancel=lambda: None))
                return
            if fig is not None:
                self._refuse(f"That {rules.TYPE_NAMES[fig[1]]} is "
                             f"{rules.SIDE_NAMES[fig[0]].title()}'s: pick one of your figures",
                             sq)
            else:
                self._refuse("Pick one of your figures first, or a Rune and a Fate stone", sq)
            return
        self._refuse(refusal(state, pick, sq), sq)

    def _setup_pointer(self, action: Action) -> bool:
        kind = drag_pointer(action)
        if kind is None:
            return False
        what, pos = kind
        setup = self.setup
        sq = self.view.square_at(pos)
        if what == "down":
            tray = setup.tray_at(pos)
            here = setup.figure_on(sq) if sq is not None else None
            if tray is not None:
                setup.click_tray(tray)
                grabbed = tray
            elif sq is not None:
                setup.click_square(sq)
                grabbed = here if setup.held == here else None
            else:
                return False
            self.drag = ({"kind": grabbed, "start": pos, "pos": pos, "active": False}
                         if grabbed is not None and setup.held == grabbed else None)
            if setup.refusal:
                self._refuse(setup.refusal, sq)
            else:
                self.refused = None
            self._refresh()
        elif what == "move" and self.drag is not None:
            self.drag["pos"] = pos
            dx, dy = pos[0] - self.drag["start"][0], pos[1] - self.drag["start"][1]
            if not self.drag["active"] and dx * dx + dy * dy > 64:
                self.drag["active"] = True
                self._layer = None
        elif what == "up" and self.drag is not None:
            drag, self.drag = self.drag, None
            if (drag["active"] and sq is not None and setup.held == drag["kind"]
                    and setup.figure_on(sq) != drag["kind"]):
                setup.click_square(sq)
                if setup.refusal:
                    self._refuse(setup.refusal, sq)
            self._refresh()
        return True




def played_fate(kind: int) -> str:
    """Why a Fate stone of this kind cannot be played now."""
    if rules.FATE_STONES[kind] == 1:
        return f"The {rules.TYPE_NAMES[kind]} Fate stone was played; it returns at your Reckoning"
    return (f"Both {rules.TYPE_NAMES[kind]} Fate stones were played; they return at your "
            "Reckoning")
