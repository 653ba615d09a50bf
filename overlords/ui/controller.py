"""The Overlords controller's state: the stones and figure picked, the targets they allow, the
threats judged, what the turn's buttons may do, the hint as a pick, and what a played move
sounds and says.

`OverlordsController` is the `common.ui.game_seams.Controller` of Overlords. What the pointer
and the keys mean (stones, figures, target squares, drags, the "recruit?" question) is its
input, `overlords.ui.input.OverlordsInput`; the targets come from the engine through the
picker (`overlords.ui.pick.Pick`, `legal_moves`), and a click that makes no move shows the
engine's reason (`find_move`, `explain`). Where several Runes reach a target, the choice is
offered next to it (`overlords.ui.rune_choice`). While the player chooses,
`overlords.ui.threats.Threats` judges the moves in a background thread (the targets on screen
first): which ones lose the Overlord at once or by force, or save it. A move that loses is
played only after a confirmation (unless the Settings turn confirmations off, or no move is
safe anyway); a click on a move the background has not judged yet has it judged at once (one
move: a few milliseconds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from common.i18n import N_, Message, _
from common.ui.game_panel import Status
from common.ui.game_seams import GameController
from common.ui.hot_seat import HotSeat, again_words, announce
from common.ui.input import Action
from common.ui.scenes.dialog_scene import Dialog
from common.ui.widgets import Button, Widget
from overlords import rules
from overlords.ui.hint import position_seed
from overlords.ui.input import OverlordsInput
from overlords.ui.pick import Pick
from overlords.ui.rune_choice import RuneChoice
from overlords.ui.status import live_status
from overlords.ui.threats import TargetMarks, Threats
from overlords.ui.view import OverlordsView
from overlords.ui.words import danger_words, describe, reckoning_words, result_words

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


class OverlordsController(GameController):
    """The Overlords controller of the shared game screen (see the module docstring)."""

    judging = True  # the moves are judged (marks, warnings); off for puzzles: it would tell

    def __init__(self) -> None:
        self.pick = Pick()
        self.hint: rules.Move | None = None  # the hinted move shown
        self._hint_pick: tuple | None = None  # the pick the hint made: another one drops it
        self._targets: dict[int, list[rules.Move]] = {}
        self.threats: Threats | None = None  # the attack on the side to move, per position
        self.drag: dict | None = None
        self._tip_shown = False
        self.hot_seat = HotSeat()  # whose turn started last, the moves seen (the hand-over)
        self.discard_b = Button(N_("Discard"), self._discard, primary=True, small=True,
                                refused=self._discard_refused)
        self.clear_b = Button(N_("Clear"), self.clear_pick, small=True)
        self.input = OverlordsInput(self)  # what the pointer and the keys mean

    def attach(self, scene: GameScene) -> None:
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
        judged = mine and self.judging
        if judged:  # judged in the background, the targets on screen first
            self._judge(state)
        self._targets = self.pick.targets() if mine else {}
        if judged and self.threats is not None:  # `_judge` made them
            self.threats.first(m for moves in self._targets.values() for m in self.offered(moves))
        else:
            self._drop_threats()
        if mine and rules.must_discard(state):
            self._discard_only(state)

    def _judge(self, state: rules.State) -> None:
        """The threats of this position (kept while it stays the position); whether the
        picker shows the Teleport's targets follows the attack."""
        if self.threats is None or self.threats.state is not state:
            self._drop_threats()
            self.threats = Threats(state, self.pick.legal)
        self.pick.teleports_shown = self.threats.attacked

    def _discard_only(self, state: rules.State) -> None:
        """A turn that must discard: the one discard picked if there is one, the Discard
        button's stones."""
        self._only_discard(state)
        move = self.pick.discard()
        self.discard_b.enabled = move is not None
        self.discard_b.label = Message(N_("Discard {stones}"), stones=str(move)[:2]) if move \
            else N_("Discard")

    def _only_discard(self, state: rules.State) -> None:
        """With one Rune and one Fate type left there is one discard: picked at once."""
        runes = state.hand_runes(state.turn)
        fates = [k for k, n in enumerate(state.fates[state.turn]) if n]
        if len(runes) == 1 and len(fates) == 1 and self.pick.figure is None:
            self.pick.rune, self.pick.fate = runes[0], fates[0]

    def _discard_refused(self) -> None:
        """A press on the greyed Discard: what it waits for."""
        pick = self.pick
        missing = [what for what, have in (("rune", pick.rune), ("fate", pick.fate))
                   if have is None]
        if missing == ["rune", "fate"]:
            why = _("Pick a Rune stone and a Fate stone to discard first")
        elif missing == ["rune"]:
            why = _("Pick a Rune stone to discard first")
        elif missing == ["fate"]:
            why = _("Pick a Fate stone to discard first")
        else:
            why = _("Those stones make no discard")
        self.scene.refuse(why)

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

    @property
    def view(self) -> OverlordsView:
        """The screen's Overlords view (its tips, its Reckoning moment, its panel)."""
        view = self.scene.view
        if not isinstance(view, OverlordsView):
            raise TypeError(f"an Overlords screen draws with an OverlordsView, not {view!r}")
        return view

    def update(self, dt: float) -> None:
        """A hover tip whose delay just ran out asks for a frame (the verdicts come from the
        background thread)."""
        view = self.view
        if view.tip_text() and view.tip_due() and not self._tip_shown:
            self._tip_shown = True
            self.scene.invalidate()
        elif not view.tip_due():
            self._tip_shown = False

    def wants_frames(self) -> bool:
        """True while moves wait for their threat verdict, or a Reckoning's moment shows."""
        return (self.threats is not None and not self.threats.done) or (
            self.view.reckoning_moment() is not None)

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
        played, or says the game went back (Undo) or the turns were played again (Redo)."""
        start = self.hot_seat.started(self.scene.match, player,
                                      self.scene.app.settings.handover)
        if start.hand_over:
            last = _("Last: {last_text}").format(last_text=self.scene.last_text)
            self._hand_over(player, last if start.fresh else again_words(start, last))

    def _hand_over(self, player: int, words: str) -> None:
        from common.ui.scenes.handover_scene import HandOver

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
        self.scene.clear_refusal()
        self.scene.refresh()

    def _discard(self) -> None:
        move = self.pick.discard()
        if move is not None and self.scene.my_turn:
            self.scene.play(move)

    def picked_square(self) -> int | None:
        """The picked figure's square (the board cursor starts there)."""
        return self.pick.figure

    def handle(self, action: Action) -> bool:
        """Stones, figures, targets and drags on a person's turn; stones by keys too
        (`overlords.ui.input`)."""
        return self.input.handle(action)

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
        title = _("Lose your Overlord?") if not verdict.forced else _("A losing move")
        app = scene.app
        app.push(Dialog(app, title, [
            f"{move}: {why}.", N_("Play it anyway?")],
            [(N_("Cancel"), lambda: None), (N_("Play it"), lambda: scene.play(move))],
            cancel=lambda: None, width=0.4))
