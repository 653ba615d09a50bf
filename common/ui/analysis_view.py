"""The analysis on the game screen: `AnalysisPanel`, one per `GameScene` (``scene.analysis``).

Inactive until "Analyse" (the game-over panel, review mode's button, a row of Load game); then
it takes the lower part of the move log's area: a header (the progress bar "Analysing move 14
of 38" with Cancel while it runs; the turn where the game turned once done), the comment on the
turn shown in review (its mark, the exact verdict, "Better: ..." in words), the evaluation graph
(`common.ui.eval_graph`; pointing at it shows that position, a click stays there in review) and
one summary line per seat. The move log gets the marks after the moves (`marked`); in review
the better move is drawn as an arrow on the board (`draw_board`).

The work runs in its own process (`common.ui.analysis_run`), polled in `update`, so the window
keeps its frames; the turns fill in as they come. A finished analysis is kept in the match's
record (``analysis``, `common.analysis.to_record`) and written with the save; a game opened with
one kept for exactly its moves shows it at once (`common.analysis.from_record`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from common import analysis
from common import record as rec
from common.i18n import N_, _
from common.ui import draw, game_log
from common.ui.analysis_run import AnalysisRun, worker_record
from common.ui.eval_graph import Series, draw_graph, index_at, plot_rect
from common.ui.game_log import LogRow, log_height
from common.ui.input import Action, PointerDown, PointerMove
from common.ui.scene_part import ScenePart
from common.ui.theme import Color, hex_rgb, mix
from common.ui.widgets import Button, Widget

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


class AnalysisPanel(ScenePart):
    """The analysis of one game screen (see the module docstring)."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self.active = False
        self.turns: list[analysis.Turn] = []
        self.moves: list[Any] = []  # the moves analysed (the match's, when it started)
        self.run: AnalysisRun | None = None
        self.error: str | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.graph = pygame.Rect(0, 0, 0, 0)
        self.pointed: int | None = None
        self._restore: tuple[bool, int | None] | None = None  # review before pointing
        self.analyse_b = Button(N_("Analyse"), self.start, hint="A")
        self.cancel_b = Button(N_("Cancel"), self.cancel, small=True)
        self._kept_checked = False
        self._columns = 1  # of the summary lines
        self._picture: pygame.Surface | None = None  # the panel as last drawn
        self._key: tuple | None = None

    # starting and stopping ----------------------------------------------------------------

    def _replay(self) -> rec.Replay:
        match = self.scene.match
        return rec.replay(match.record(), {match.game.NAME: match.game})

    def start(self) -> None:
        """Show the analysis: the kept one if it is of these very moves, else a new run."""
        match = self.scene.match
        if self.active and self.run is not None and self.run.running:
            return
        if not match.moves:
            self.scene.app.toast(_("No moves to analyse yet"), 2.0)
            return
        self.cancel()
        replay = self._replay()
        self.active, self.error = True, None
        self.moves = list(match.moves)
        kept = analysis.from_record(replay)
        if kept is not None:
            self.turns = list(kept.turns)
        else:
            self.turns = []
            try:
                self.run = AnalysisRun(worker_record(replay))
            except OSError as err:  # no process could be started: said in the panel
                self.error = draw.drawable(_("cannot start ({problem})").format(
                                               problem=err.strerror or err), 80)
        if match.review is None:
            self.scene.start_review(len(match.moves))
        self.scene.room_changed()

    def show_kept(self) -> None:
        """On the first frame: a game opened with an analysis kept for its moves shows it."""
        if self._kept_checked:
            return
        self._kept_checked = True
        match = self.scene.match
        if match.over and match.info.get(analysis.KEY) is not None and match.moves \
                and analysis.from_record(self._replay()) is not None:
            self.start()

    def cancel(self) -> None:
        """Stop the run (the turns analysed so far stay on screen)."""
        if self.run is not None:
            self.run.cancel()
            self.run = None
            self.scene.refresh()

    def close(self) -> None:
        """The screen is left: the run ends."""
        if self.run is not None:
            self.run.cancel()
            self.run = None

    def hide(self) -> None:
        """Put the panel away (the game changed under it)."""
        self.close()
        self.active, self.turns, self.pointed = False, [], None
        self.scene.room_changed()

    # time ---------------------------------------------------------------------------------

    def update(self) -> None:
        """Take the turns the run finished; keep the analysis with the save once whole."""
        self.show_kept()
        if not self.active:
            return
        if self.scene.match.moves[: len(self.moves)] != self.moves:
            self.hide()  # undone: these figures are of another game
            return
        run = self.run
        if run is None:
            return
        new = run.poll()
        if new:
            self.turns.extend(new)
            self.scene.invalidate()
        if run.done:
            self.run = None
            self.error = None if run.error in (None, "cancelled") else run.error
            if run.error is None and len(self.turns) == len(self.moves):
                self._keep()
            self.scene.refresh()

    def _keep(self) -> None:
        match = self.scene.match
        if list(match.moves) != self.moves:
            return
        replay = self._replay()
        result = analysis.Analysis(match.game, analysis.start_chances(replay, self.turns),
                                   self.turns, analysis.adapter_for(match.game).DEFAULT_NODES, 0)
        match.info[analysis.KEY] = analysis.to_record(replay, result)
        self.scene.autosave()

    def wants_frames(self) -> bool:
        """True while the run goes on (the progress bar moves)."""
        return self.run is not None

    @property
    def running(self) -> bool:
        """True while turns are still being analysed."""
        return self.run is not None

    # layout -------------------------------------------------------------------------------

    def room(self, log: pygame.Rect) -> int:
        """The height the panel asks of the scene at the bottom of the log's area `log` (0
        while it is put away): what the header, the comment, a legible graph and the summary
        need, the log keeping at least three rows (one in a small window)."""
        if not self.active:
            return 0
        m = self.scene.app.m
        self._columns = 2 if log.w > 300 else 1
        summary_h = int(m.small * 1.35) * -(-len(self.scene.match.players) // self._columns)
        need = int(m.small * 2.2) + max(90, int(m.small * 6)) + summary_h + m.pad
        h = max(need, int(log.h * 0.5))
        gap = m.pad // 2
        return max(min(h, log.h - gap - log_height(3, m)),
                   min(need, log.h - gap - log_height(1, m)))

    def place(self, rect: pygame.Rect) -> None:
        """The room the scene gave the panel: its header, Cancel button and graph go there."""
        m = self.scene.app.m
        summary_h = int(m.small * 1.35) * -(-len(self.scene.match.players) // self._columns)
        head_h = int(m.small * 2.2)
        self.rect = rect
        self.cancel_b.rect = pygame.Rect(self.rect.right - m.pad - int(m.button_h * 2),
                                         self.rect.y + m.pad // 2, int(m.button_h * 2),
                                         int(m.small * 1.8))
        top = self.rect.y + head_h
        self.graph = pygame.Rect(self.rect.x + m.pad // 2, top, self.rect.w - m.pad,
                                 max(40, self.rect.bottom - m.pad // 2 - summary_h - top))

    def buttons(self) -> list[Widget]:
        """The status area's extra buttons in review: Analyse, until the panel shows."""
        return [] if self.active else [self.analyse_b]

    # what it says -------------------------------------------------------------------------

    def turn_shown(self) -> analysis.Turn | None:
        """The analysed turn that led to the position shown in review (None: none)."""
        review = self.scene.match.review
        if not self.active or review is None or not 0 < review <= len(self.turns):
            return None
        return self.turns[review - 1]

    def comment(self, turn: analysis.Turn) -> str:
        """The words on one turn: its mark, what the played move allowed and what the better
        one does (the reasons' sentence, `analysis.turn_words`), else the exact verdict or the
        loss."""
        if turn.mark:
            head = f"{turn.mark} {analysis.NAMES[turn.mark].capitalize()}"
            if turn.better_words:  # the played move is the log's highlighted one: not again
                played = analysis.adapter_for(self.scene.match.game).text(turn.move)
                words = turn.better_words.removeprefix(f"{played}: ").removeprefix(f"{played} ")
                return f"{head}: {words}"
            head = f"{head}: {turn.verdict.text}" if turn.verdict is not None else \
                _("{mark}: chance down {loss:.0%}").format(mark=head, loss=turn.loss)
        else:
            head = _("No mistake found in this move")
        return head + "."

    def note(self) -> str:
        """The status area's words in review on an analysed turn, or on the start when a
        seat's setup was its mistake (else "")."""
        turn = self.turn_shown()
        if turn is None and self.active and self.scene.match.review == 0:
            start = self._opening()
            return "" if start is None else f"{start.mark} {start.text}."
        return "" if turn is None else self.comment(turn)

    def marked(self, rows: list[LogRow]) -> list[LogRow]:
        """The log's rows with each analysed move's mark after it."""
        if not self.active or not self.turns:
            return rows
        marks = {t.ply: t.mark for t in self.turns if t.mark}
        if not marks:
            return rows
        return [LogRow(r.label, tuple((i, f"{t} {marks[i]}" if i in marks else t)
                                      for i, t in r.cells), r.player, r.color) for r in rows]

    # input --------------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        """Cancel; pointing at the graph shows that position, a click stays there."""
        if not self.active:
            return False
        if self.running and self.cancel_b.handle(action):
            return True
        if isinstance(action, PointerMove):
            self._point(action.pos)
            return False
        if isinstance(action, PointerDown) and action.button == 1 and \
                self.graph.collidepoint(action.pos):
            index = self._index(action.pos)
            if index is not None:
                self._restore = None
                self.scene.start_review(index)
            return True
        return False

    def _index(self, pos: tuple[int, int]) -> int | None:
        if not self.graph.collidepoint(pos) or not self.turns:
            return None
        index = index_at(self.graph, pos[0], len(self.moves) + 1, self.scene.app.m)
        return None if index is None or index > len(self.turns) else index

    def _point(self, pos: tuple[int, int]) -> None:
        index = self._index(pos)
        if index == self.pointed:
            return
        match = self.scene.match
        if index is not None and self._restore is None:
            self._restore = (True, match.review)
        self.pointed = index
        if index is not None:
            self.scene.start_review(index)
        elif self._restore is not None:
            _saved, review = self._restore
            self._restore = None
            if review is None:
                self.scene.end_review()
            else:
                self.scene.start_review(review)
        self.scene.invalidate()

    # drawing ------------------------------------------------------------------------------

    def layer_key(self) -> tuple:
        """What the screen's cached layer shows of the analysis: where the log ends and its
        marks (the panel itself is cached apart: a turn coming in redraws only it)."""
        return (self.active, tuple(self.rect), sum(1 for t in self.turns if t.mark))

    def colour(self, player: int) -> Color:
        """A seat's line colour: the game's seat colour, else its readable name colour."""
        own = self.scene.view.seat_colour(player)
        if own is not None:
            return own
        pal = self.scene.app.pal
        try:
            return pal.side_text[player]
        except (IndexError, TypeError):
            return hex_rgb(pal.sides[0][0])

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, each frame: its own cached picture (redrawn when a turn comes in, the
        shown or pointed position changes), and Cancel while it runs."""
        if not self.active or self.rect.h <= 0:
            return
        pal, m = self.scene.app.pal, self.scene.app.m
        key = (len(self.turns), self.pointed, self.running, self.error, self.scene.match.review,
               tuple(self.rect), id(pal), self._columns)
        if self._picture is None or key != self._key:
            if self._picture is None or self._picture.get_size() != self.rect.size:
                self._picture = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            self._picture.fill((0, 0, 0, 0))
            self._paint(self._picture, self.rect.move(-self.rect.x, -self.rect.y),
                        self.graph.move(-self.rect.x, -self.rect.y))
            self._key = key
        surface.blit(self._picture, self.rect)
        if self.running:
            self.cancel_b.draw(surface, pal, m)

    def _paint(self, layer: pygame.Surface, r: pygame.Rect, graph: pygame.Rect) -> None:
        s, pal, m = self.scene, self.scene.app.pal, self.scene.app.m
        draw.panel(layer, r, pal.panel, pal.panel_edge, m.radius, 0)
        total = len(self.moves)
        y = r.y + m.pad // 2
        if self.running:
            text = _("Analysing move {total} of {total2}").format(
                       total=min(total, len(self.turns) + 1), total2=total)
            draw.blit_text(layer, text, m.small, pal.text, (r.x + m.pad, y))
            bar = pygame.Rect(r.x + m.pad, y + int(m.small * 1.35),
                              r.w - self.cancel_b.rect.w - 3 * m.pad, max(5, m.small // 3))
            pygame.draw.rect(layer, pal.backdrop, bar, border_radius=3)
            done = bar.copy()
            done.w = bar.w * len(self.turns) // max(1, total)
            pygame.draw.rect(layer, pal.primary, done, border_radius=3)
        else:
            head = self._headline()
            bold = self.error is None and self._turned() is not None
            px = draw.fit_text(head, m.small, r.w - 2 * m.pad, bold)
            draw.blit_text(layer, head, px, pal.text if bold else pal.text_dim,
                           (r.x + m.pad, y), bold=bold)
        marks = {t.ply + 1: t.mark for t in self.turns if t.mark}
        draw_graph(layer, graph, self._series(), total + 1, marks, s.match.review, self.pointed,
                   s.view.player_icon, pal, m)
        self._draw_summary(layer, r, graph)

    def _turned(self) -> int | None:
        """The ply after which the winner led to the end, once the analysis is whole."""
        if len(self.turns) < len(self.moves) or not self.moves:
            return None
        outcome = self.scene.match.game.outcome(self.scene.match.states[len(self.moves)])
        return analysis.turning_point(self.turns, outcome.winner if outcome else None)

    def _headline(self) -> str:
        if self.error is not None:
            return draw.drawable(_("The analysis stopped: {error}").format(error=self.error), 120)
        if len(self.turns) < len(self.moves):
            return _("Analysis cancelled at move {count} of {count2}").format(
                       count=len(self.turns), count2=len(self.moves))
        turned = self._turned()
        outcome = self.scene.match.game.outcome(self.scene.match.states[len(self.moves)])
        start = self._opening()
        if turned is None and start is not None:
            return f"{start.mark} {start.text}"
        if turned is None and outcome is not None and outcome.winner is not None:
            return _("{player} led from the start").format(
                       player=self.scene.match.name(outcome.winner))
        if turned is None:
            return _("Chance to win after each move: point at it to see the position")
        t = self.turns[turned]
        number = game_log.position_label(self.scene.log.rows(), turned + 1)
        # Translators: {log_word} is "move" or "turn", {number} its number in the move log
        return _("The game turned at {log_word} {number} ({player})").format(
            log_word=game_log.log_word(self.scene.view.log_word), number=number,
            player=self.scene.match.name(t.mover))

    def _opening(self) -> analysis.Opening | None:
        """A seat's setup mistake, once the analysis is whole."""
        if len(self.turns) < len(self.moves) or not self.moves:
            return None
        return analysis.opening(self.scene.match.game, self.turns, self.scene.match.states[0])

    def _series(self) -> list[Series]:
        if not self.turns:
            return []
        players = self.scene.match.players
        points = analysis.graph_points(self.turns[0].before, self.turns, players)
        return [Series(p, self.colour(p), points[p]) for p in players]

    def _draw_summary(self, layer: pygame.Surface, r: pygame.Rect, graph: pygame.Rect) -> None:
        s, pal, m = self.scene, self.scene.app.pal, self.scene.app.m
        summary = analysis.summary(s.match.game, self.turns, self._opening())
        y0 = graph.bottom + m.pad // 3
        size = int(m.small * 1.1)
        col_w = (r.w - m.pad) // self._columns
        line_h = int(m.small * 1.35)
        for n, p in enumerate(s.match.players):
            x = r.x + m.pad + (n % self._columns) * col_w
            y = y0 + (n // self._columns) * line_h
            right = x + col_w - m.pad // 2
            token = s.view.player_icon(p, size)
            if token is not None:
                layer.blit(token, token.get_rect(midleft=(x, y + size // 2)))
                x += size + 6
            seat = summary.get(p)
            if seat is None:
                text = _("{player}: not analysed yet").format(player=s.match.name(p))
            elif self._columns > 1:
                text = (f"{s.match.name(p)} {seat.accuracy:.0f}% · {seat.inaccuracies} ?!  "
                        f"{seat.mistakes} ?  {seat.blunders} ??")
            else:
                text = (_("{player}: {accuracy:.0f}% accuracy · {inaccuracies} ?!  {mistakes} "
                          "?  {blunders} ??").format(
                            player=s.match.name(p), accuracy=seat.accuracy,
                            inaccuracies=seat.inaccuracies, mistakes=seat.mistakes,
                            blunders=seat.blunders))
            px = draw.fit_text(text, m.small, right - x)
            draw.blit_text(layer, text, px, pal.text, (x, y + size // 2), "midleft")

    def draw_board(self, surface: pygame.Surface) -> None:
        """In review: the better move of the turn shown, as an arrow (a ring for a figure
        from the reserve) on the board."""
        turn = self.turn_shown()
        if turn is None or not turn.arrows:
            return
        board, pal = self.scene.view.board, self.scene.app.pal
        tile = board.tile
        colour = mix(pal.move, pal.primary, 0.5)
        for frm, to in turn.arrows:
            tip = board.center(to)
            if frm < 0:
                pygame.draw.circle(surface, colour, tip, int(tile * 0.42), max(3, tile // 10))
                continue
            draw.arrow(surface, board.center(frm), tip, tile * 0.09, tile * 0.34, tile * 0.24,
                       colour, 210, pal.text_dark, 2)


def graph_point(panel: AnalysisPanel, pos: tuple[int, int]) -> int | None:
    """The position of the graph under pos (tests point at it), or None."""
    return panel._index(pos)  # noqa: SLF001


def plot_of(panel: AnalysisPanel) -> pygame.Rect:
    """The graph's plotting area (tests aim into it)."""
    return plot_rect(panel.graph, panel.scene.app.m)
