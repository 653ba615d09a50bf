"""What a click means on the Overlords screen: stones, figures, target squares, drags, the
"which Rune?" and "recruit?" questions, and the hint as a pick.

`OverlordsController` is the `common.ui.game_scene.Controller` of Overlords. Clicks on the board
go through the picker (`overlords.ui.pick.Pick`), whose targets come from the engine
(`legal_moves`); a click that makes no move shows the engine's reason (`find_move`,
`explain`). While the player chooses, `overlords.ui.threats.Threats` judges the moves in a
background thread (the targets on screen first): which ones lose the Overlord at once or by
force, or save it. A move that loses is played only after a confirmation (unless the Settings
turn confirmations off, or no move is safe anyway); a click on a move the background has not
judged yet has it judged at once (one move: a few milliseconds).
"""

from __future__ import annotations

from typing import Any

import pygame

from common.ui.drag import drag_pointer, drag_started
from common.ui.game_panel import Status
from common.ui.hot_seat import WENT_BACK, HotSeat, announce
from common.ui.input import Action, Key, PointerDown, PointerMove, PointerUp
from common.ui.overlay import Dialog
from common.ui.widgets import Button, Widget
from overlords import rules
from overlords.ui.hint import position_seed
from overlords.ui.legend import Legend
from overlords.ui.panel import FATES, stone_at
from overlords.ui.pick import Pick, refusal
from overlords.ui.rune_choice import RuneChoice
from overlords.ui.status import live_status
from overlords.ui.threats import TargetMarks, Threats
from overlords.ui.words import danger_words, describe, reckoning_words, result_words


class OverlordsController:
    """The Overlords controller of the shared game screen (see the module docstring)."""

    judging = True  # the moves are judged (marks, warnings); off for puzzles: it would tell

    def __init__(self) -> None:
        self.scene: Any = None
        self.pick = Pick()
        self.hint: rules.Move | None = None  # the hinted move shown
        self._hint_pick: tuple | None = None  # the pick the hint made: another one drops it
        self._targets: dict[int, list[rules.Move]] = {}
        self.threats: Threats | None = None  # the attack on the side to move, per position
        self.drag: dict | None = None
        self._tip_shown = False
        self.hot_seat = HotSeat()  # whose turn started last, the moves seen (the hand-over)
        self.discard_b = Button("Discard", self._discard, primary=True, small=True,
                                refused=self._discard_refused)
        self.clear_b = Button("Clear", self.clear_pick, small=True)

    def attach(self, scene: Any) -> None:
        """The scene it serves."""
        self.scene = scene

    # what the screen reads ------------------------------------------------------------------

    @property
    def targets(self) -> dict[int, list[rules.Move]]:
        """Target square -> the legal moves going there, as marked on the board now."""
        return self._targets

    @property
    def picked(self) -> bool:
        """True if a stone or a figure is picked."""
        p = self.pick
        return bool(p.rune or p.fate is not None or p.figure is not None)

    @property
    def dragged(self) -> int | None:
        """The figure type being dragged (drawn under the pointer), if any."""
        return self.drag["kind"] if self.drag and self.drag["active"] else None

    def target_marks(self) -> TargetMarks:
        """What the targets drawn now show: the "!" (loses the Overlord at once), the "loses
        by force" mark, the shield (saves the attacked Overlord), the Runes to choose from;
        and whether every target is judged yet (`threats.TargetMarks`)."""
        t = self.threats
        if t is None or not self._targets:
            return TargetMarks()
        return t.marks(self._targets, {sq: self.offered(moves)
                                       for sq, moves in self._targets.items()})

    def offered(self, moves: list[rules.Move]) -> list[rules.Move]:
        """The moves a click on a target offers: Teleport only where no other Rune goes,
        unless its stone is picked."""
        if self.pick.rune is None and any(m.rune != 5 for m in moves):
            return [m for m in moves if m.rune != 5]
        return moves

    def refresh(self) -> None:
        """Recompute what the picker allows, the threats to judge and the Discard button."""
        s = self.scene
        state, mine = s.match.state, s.my_turn
        self.pick.legal = rules.legal_moves(state) if mine else []
        if self.hint is not None and (
                not mine or (self.pick.rune, self.pick.fate, self.pick.figure) != self._hint_pick):
            self.show_hint(None)  # another pick, or another position, takes the hint away
        if mine and self.judging:  # judged in the background, the targets on screen first
            if self.threats is None or self.threats.state is not state:
                self._drop_threats()
                self.threats = Threats(state, self.pick.legal)
            self.pick.teleports_shown = self.threats.attacked
        self._targets = self.pick.targets() if mine else {}
        if mine and self.judging:
            self.threats.first(m for moves in self._targets.values() for m in self.offered(moves))
        else:
            self._drop_threats()
        if mine and rules.must_discard(state):
            self._only_discard(state)
            move = self.pick.discard()
            self.discard_b.enabled = move is not None
            self.discard_b.label = f"Discard {str(move)[:2]}" if move else "Discard"

    def _only_discard(self, state: rules.State) -> None:
        """With one Rune and one Fate type left there is one discard: picked at once."""
        runes = state.hand_runes(state.turn)
        fates = [k for k, n in enumerate(state.fates[state.turn]) if n]
        if len(runes) == 1 and len(fates) == 1 and self.pick.figure is None:
            self.pick.rune, self.pick.fate = runes[0], fates[0]

    def _discard_refused(self) -> None:
        """A press on the greyed Discard: what it waits for."""
        pick = self.pick
        missing = [what for what, have in (("a Rune stone", pick.rune), ("a Fate stone",
                                                                         pick.fate)) if
                   have is None]
        self.scene.refuse(f"Pick {' and '.join(missing)} to discard first" if missing else
                          "Those stones make no discard")

    def status(self) -> Status:
        """The status of a live turn (`overlords.ui.status`)."""
        return live_status(self)

    def status_buttons(self) -> list[Widget]:
        """Discard when the turn must discard; Clear while something is picked."""
        if not self.scene.my_turn:
            return []
        if rules.must_discard(self.scene.match.state):
            return [self.discard_b]
        return [self.clear_b] if self.picked else []

    def _drop_threats(self) -> None:
        if self.threats is not None:
            self.threats.close()
        self.threats = None

    def update(self, dt: float) -> None:
        """A hover tip whose delay just ran out asks for a frame (the verdicts come from the
        background thread)."""
        view = self.scene.view
        if view.tip_text() and view.tip_due() and not self._tip_shown:
            self._tip_shown = True
            self.scene.invalidate()
        elif not view.tip_due():
            self._tip_shown = False

    def wants_frames(self) -> bool:
        """True while moves wait for their threat verdict, or a Reckoning's moment shows."""
        return (self.threats is not None and not self.threats.done) or (
            self.scene.view.reckoning_moment() is not None)

    def close(self) -> None:
        """The screen is left: the background judging stops."""
        self._drop_threats()

    # what happened --------------------------------------------------------------------------

    def reset(self) -> None:
        """Forget the pick and any drag."""
        self.pick.clear()
        self.drag = None

    def played(self, move: rules.Move, before: rules.State, after: rules.State) -> str:
        """The move's sounds; the move in words."""
        sound = "move"
        if move.is_recruit:
            sound = "recruit"
        elif move.to is not None and before.figure(move.to) is not None:
            sound = "capture"
        elif move.is_discard:
            sound = "select"
        self.scene.app.sound.play(sound)
        if before.turns_to_reckoning(before.turn) == 1:  # an event: its toll, the stones
            self.scene.app.sound.play("toll", 0.6)
            self.scene.app.sound.play("reckoning", 0.35)
        return self.words(move, before, after)

    @staticmethod
    def words(move: rules.Move, before: rules.State, after: rules.State) -> str:
        """The move in words; and the Reckoning it brought, if it did."""
        text = describe(move, before)
        if before.turns_to_reckoning(before.turn) == 1 and after.result is None:
            text += f". {reckoning_words(before.turn)}"
        return text

    def turn_started(self, player: int) -> None:
        """Two people at one table: when the mouse passes to the other person
        (`common.ui.hot_seat`), the hand-over band names the side to move and the move just
        played, or says the game went back (Undo, Redo)."""
        start = self.hot_seat.started(self.scene.match, player,
                                      self.scene.app.settings.handover)
        if start.hand_over:
            self._hand_over(player, f"Last: {self.scene.last_text}" if start.fresh else WENT_BACK)

    def _hand_over(self, player: int, words: str) -> None:
        from common.ui.handover import HandOver

        view = self.scene.view

        def emblem(surface: pygame.Surface, center: tuple[float, float], radius: float) -> None:
            token = view.player_icon(player, int(radius * 2.4))
            if token is not None:
                surface.blit(token, token.get_rect(center=(round(center[0]), round(center[1]))))

        app = self.scene.app
        announce(app, HandOver(app, self.scene.match.name(player), words, lambda: None, emblem))

    def result_words(self, outcome: Any, viewer: int | None = None) -> str:
        """Why the game ended (told to `viewer`, the one person's side, if given)."""
        return result_words(outcome, viewer)

    def hint_seed(self, state: rules.State) -> int:
        """A seed made from the position alone."""
        return position_seed(state)

    def show_hint(self, move: rules.Move | None) -> None:
        """Pick the hinted move's stones and figure (one click plays it), or drop the hint."""
        self.hint = move
        self._hint_pick = None
        if move is None:
            return
        self.pick.clear()
        self.pick.rune, self.pick.fate = move.rune, move.fate
        if move.frm is not None:
            self.pick.figure = move.frm
        self._hint_pick = (self.pick.rune, self.pick.fate, self.pick.figure)

    # input ----------------------------------------------------------------------------------

    def back(self) -> bool:
        """Esc drops the pick, if any."""
        if not self.picked:
            return False
        self.clear_pick()
        return True

    def confirm(self) -> bool:
        """Enter plays the discard when the turn must discard."""
        if rules.must_discard(self.scene.match.state):
            self._discard()
            return True
        return False

    def clear_pick(self) -> None:
        """Forget the stones and figure picked."""
        self.pick.clear()
        self.scene.refused = None
        self.scene.refresh()

    def _discard(self) -> None:
        move = self.pick.discard()
        if move is not None and self.scene.my_turn:
            self.scene.play(move)

    def picked_square(self) -> int | None:
        """The picked figure's square (the board cursor starts there)."""
        return self.pick.figure

    def handle(self, action: Action) -> bool:
        """Stones, figures, targets and drags on a person's turn; stones by keys too."""
        if isinstance(action, PointerDown) and action.button == 3:
            self.clear_pick()
            return True
        if (isinstance(action, PointerDown) and action.button == 1
                and self.scene.view.legend_b.collidepoint(action.pos)) or (
                isinstance(action, Key) and action.key == pygame.K_l):
            self.scene.app.push(Legend(self.scene.app))
            return True
        if isinstance(action, Key):
            return self._stone_key(action)
        if not isinstance(action, PointerDown | PointerMove | PointerUp):
            return False
        kind = drag_pointer(action)
        if kind is None:
            return False
        what, pos = kind
        view = self.scene.view
        sq = view.board.square_at(pos)
        state = self.scene.match.state
        if what == "down":
            self.drag = None
            hit = stone_at(view.panel, pos)
            if hit is not None:
                self._click_stone(*hit)
            elif sq is not None:
                fig = state.figure(sq)
                if fig is not None and fig[0] == state.turn:
                    # a second click on the picked figure drops it, unless both stones
                    # are picked (it is then the figure they move: it stays picked)
                    again = self.pick.figure == sq and not (
                        self.pick.rune and self.pick.fate is not None)
                    if not again:
                        self._click_square(sq)
                    self.drag = {"sq": sq, "kind": fig[1], "start": pos, "pos": pos,
                                 "active": False, "toggle": again}
                else:
                    self._click_square(sq)
        elif what == "move" and self.drag is not None:
            self.drag["pos"] = pos
            if not self.drag["active"] and drag_started(self.drag["start"], pos) \
                    and self.pick.figure is not None:
                self.drag["active"] = True
        elif what == "up" and self.drag is not None:
            drag, self.drag = self.drag, None
            if drag["active"]:
                if sq is not None and sq != drag["sq"]:
                    self._click_square(sq)
            elif drag["toggle"]:
                self.pick.figure = None
                self.scene.refresh()
        return True

    def _stone_key(self, action: Key) -> bool:
        """Stones picked by keys as the notation writes them ("3D"): 1 to 7 a Rune stone,
        O, W, D or H a Fate stone of that figure, each pressed again to put it back; as a
        click on the stone (the same refusals). H is the Hint's key unless a Rune stone is
        picked and no Fate stone yet (typing "3H" picks Rune 3 and the Hero's Fate)."""
        text = action.text.upper()
        if action.ctrl or len(text) != 1:
            return False
        side = self.scene.match.state.turn
        if text in "1234567":
            self._click_stone(side, "rune", int(text))
            return True
        if text not in rules.TYPE_LETTERS:
            return False
        if text == "H" and (self.pick.rune is None or self.pick.fate is not None):
            return False  # the Hint
        self._click_stone(side, "fate", FATES.index(rules.TYPE_LETTERS.index(text)))
        return True

    def choose(self, moves: list[rules.Move]) -> None:
        """Play the move a click on a target means; where several Runes get there, the choice
        is offered next to the square (none is asked where it cannot matter: any of them wins
        at once)."""
        moves = self.offered(moves)
        state = self.scene.match.state
        if all(rules.apply(state, m).result is not None for m in moves):
            moves = moves[:1]  # any of them wins at once: no need to ask
        if len(moves) == 1:
            self.play_checked(moves[0])
            return
        marks = self.target_marks().runes_of(moves[0].to)
        verdicts = dict(marks)
        app = self.scene.app
        app.push(RuneChoice(app, self.scene.view.board.square_rect(moves[0].to),
                            [(m, verdicts.get(m.rune)) for m in moves], self.play_checked))

    def play_checked(self, move: rules.Move) -> None:
        """Play the move, after a confirmation if it loses the Overlord (see the module)."""
        scene = self.scene
        if not scene.my_turn:
            return
        t = self.threats
        if not scene.app.settings.confirm_risky or t is None or move.is_discard:
            scene.play(move)
            return
        verdict = t.judge(move)
        if verdict is None or t.any_safe() is False:  # safe, or nothing would be
            scene.play(move)
            return
        why = danger_words(scene.match.state, move, verdict)
        title = "Lose your Overlord?" if not verdict.forced else "A losing move"
        app = scene.app
        app.push(Dialog(app, title, [
            f"{move}: {why}.", "Play it anyway?"],
            [("Cancel", lambda: None), ("Play it", lambda: scene.play(move))],
            cancel=lambda: None, width=0.4))

    def _click_stone(self, side: int, kind: str, value: int) -> None:
        state = self.scene.match.state
        pick = self.pick
        if kind == "rune":
            why = rules.stone_reason(state, side, rune=value)
        else:
            why = rules.stone_reason(state, side, fate=FATES[value])
        if why:
            self.scene.refuse(why)
            return
        rune = value if kind == "rune" else pick.rune
        fate = FATES[value] if kind == "fate" else pick.fate
        clash = None
        if rune is not None and fate is not None and (rune, fate) != (pick.rune, pick.fate) \
                and not rules.must_discard(state):  # a discard may use any pair
            clash = rules.pair_reason(rune, fate)
        if clash:  # a forbidden pair: the new stone is picked, the other put back, and why
            if kind == "rune":
                pick.fate = None
            else:
                pick.rune = None
            pick.figure = None
        if kind == "rune":
            pick.rune = None if pick.rune == value else value
        else:
            fate = FATES[value]
            # a second click puts the stone back, unless a figure of that type is picked (its
            # Fate is already shown lifted: the click confirms it)
            pick.fate = None if pick.fate == fate and pick.figure is None else fate
            if pick.figure is not None and state.figure(pick.figure)[1] != pick.fate:
                pick.figure = None
        if pick.figure is not None and not pick.targets():
            pick.figure = None
        movable = pick.movable()
        if pick.rune and pick.fate is not None and len(movable) == 1 and pick.rune != 6:
            pick.figure = next(iter(movable))
        if clash:
            self.scene.refresh()
            self.scene.refuse(clash)
            return
        self.scene.refused = None
        self.scene.app.sound.play("select", 0.4)
        self.scene.refresh()

    def _click_square(self, sq: int) -> None:
        state, pick = self.scene.match.state, self.pick
        targets = pick.targets()
        if sq in targets:
            self.choose(targets[sq])
            return
        fig = state.figure(sq)
        if fig is not None and fig[0] == state.turn:
            why = rules.stone_reason(state, fig[0], fate=fig[1])
            if why:
                self.scene.refuse(why, sq)
                return
            pick.figure, pick.fate = sq, fig[1]
            if not pick.targets():
                rune, why = pick.rune, rules.stuck_reason(state, sq, pick.rune)
                if rune is not None:
                    pick.rune = None
                    self.scene.refresh()
                    if pick.targets():
                        self.scene.refuse(f"{why}; here are its moves with your other Runes", sq)
                        return
                pick.figure = None
                self.scene.refuse(rules.stuck_reason(state, sq) or why or "", sq)
                self.scene.refresh()
                return
            self.scene.refused = None
            self.scene.app.sound.play("select", 0.4)
            self.scene.refresh()
            return
        if sq in {m.to for m in pick.teleports()}:  # only a Teleport gets there: its
            pick.rune = 5  # targets are shown (a second click teleports)
            self.scene.refused = None
            self.scene.app.sound.play("select", 0.4)
            self.scene.refresh()
            return
        if pick.figure is None and not (pick.rune == 6 and pick.fate is not None):
            recruits = [m for m in pick.legal if m.is_recruit and m.to == sq
                        and (pick.fate is None or m.fate == pick.fate)]
            if recruits and (pick.rune in (None, 6)):
                name = rules.TYPE_NAMES[recruits[0].fate]
                self.scene.app.push(Dialog(self.scene.app, "Recruit?", [
                    f"Play Rune 6 and a {name} Fate to bring a {name} from your reserve onto "
                    f"{rules.GRID.name(sq)}?"], [("Recruit", lambda: self.scene.play(recruits[0])),
                                                 ("Cancel", lambda: None)], cancel=lambda: None))
                return
            why = rules.explain(state, sq, sq)
            if fig is None:  # the engine's fact, and what to do instead
                why += ": pick one of your figures first, or a Rune and a Fate stone"
            self.scene.refuse(why, sq)
            return
        self.scene.refuse(refusal(state, pick, sq), sq)
