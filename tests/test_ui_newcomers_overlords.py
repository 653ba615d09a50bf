"""What newcomers tripped over on the Overlords screen (issue 21, items 1 to 10), checked on the
real app (dummy video driver) and on the words and rules behind it: verdicts said only where
computed, words never cut without the whole text one hover away, setups that never lose on
move 1, threat lines that say what really happens, the shield's promise, stuck figures
named, the last Fate's freeze warned, a quiet board, the Reckoning as an event, and the
smaller ones.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random  # noqa: E402

import pygame  # noqa: E402

from common.ui import assets, draw  # noqa: E402
from common.ui.game_panel import Status, draw_status  # noqa: E402
from common.ui.scenes.game_over_scene import GameOver  # noqa: E402
from common.ui.scenes.handover_scene import HandOver  # noqa: E402
from common.ui.sound import NAMES  # noqa: E402
from overlords import rules, tactics  # noqa: E402
from overlords.setup import board_for  # noqa: E402
from overlords.ui.legend import MARKS  # noqa: E402
from overlords.ui.panel import card_tip, header_notes, taken  # noqa: E402
from overlords.ui.rune_choice import RuneChoice  # noqa: E402
from overlords.ui.setup_phase import SetupPhase  # noqa: E402
from overlords.ui.threats import FORCED, Threats  # noqa: E402
from overlords.ui.words import danger_words, log_rows  # noqa: E402
from tests.helpers.overlords_diagram import board, position, runes_of  # noqa: E402
from tests.helpers.overlords_screen import open_position  # noqa: E402
from tests.helpers.undo import undo

G = rules.GRID
WHITE, BLACK = rules.WHITE, rules.BLACK
DOOM = "No move is safe any more"


def must_discard(blocked: bool):
    """White can only discard (Rune 6 with the Overlord's Fate); Black's Overlord on h8 has
    the long diagonal onto a1 unless a Mountain on d4 blocks it."""
    cells = {"a1": ".O", "h8": ".o"}
    if blocked:
        cells["d4"] = "m."
    return position(board(**cells), runes=(runes_of(6), rules.ALL_RUNES),
                    fates=((1, 0, 0, 0), rules.FATE_STONES))


# 1. a verdict only where one was computed -----------------------------------------------


def test_forced_discards_are_judged_and_doom_is_said_only_when_true():
    for blocked, safe in ((True, True), (False, False)):
        state = must_discard(blocked)
        t = Threats(state)
        t.finish()
        (discard,) = rules.legal_moves(state)
        assert t.mark(discard) is not None, "the discard has its verdict"
        assert t.any_safe() is safe
        app, d, game = open_position(state)
        try:
            game.controller.threats.finish()
            game.controller.show_hint(discard)
            text = game.status().text
            assert text.startswith("Hint: press Discard")
            assert (DOOM in text) is (not safe), text
            if safe:  # and why, from the engine
                from overlords.ui.hint import hint_reason

                assert text.endswith(f": {hint_reason(state, discard)}.")
        finally:
            app.close()
    assert Threats(must_discard(True), legal=[]).any_safe() is None, "nothing judged: unknown"


# 2. no "…" where it matters ---------------------------------------------------------------


def test_the_status_flows_beside_a_small_button_and_says_what_it_shortened():
    app, d, game = open_position(must_discard(True))
    try:
        m, pal = app.m, app.pal
        st = game.areas.status
        layer = pygame.Surface(app.screen.get_size())
        words = "Hint: click g4. 1W f4-g4 — Wizard f4 to g4 with Rune 1 (King step), takes a Hero."
        assert draw_status(layer, st, Status("White to move", 0, words), "", [],
                           game.view.player_icon, pal, m) == ""
        endless = " ".join(["Every word of this status line matters to the player."] * 24)
        cut = draw_status(layer, st, Status("White to move", 0, endless, "A warning."), "",
                          game.status_buttons, game.view.player_icon, pal, m)
        assert cut == endless
        # on the screen: a refusal too long for the area is one hover away in full
        game.refuse(endless)
        d.move(game.areas.status.center)
        d.frames(1)
        assert game.status_cut == endless
        assert game.view.tip_text() == endless
    finally:
        app.close()


def test_the_hint_fits_whole_at_every_size():
    state = rules.make_state(board_for(7), rules.default_setup())
    move = next(m for m in rules.legal_moves(state) if m.rune == 3)
    for size in ((960, 600), (1280, 800), (1920, 1080)):
        app, d, game = open_position(state)
        try:
            app.set_window_size(size)
            d.frames(1)
            game.controller.threats.finish()
            game.controller.show_hint(move)
            game.refresh()
            d.frames(1)
            assert game.status().text.startswith(f"Hint: click {G.name(move.to)}: ")
            assert game.status_cut == "", size
        finally:
            app.close()


# 3. Use default and Shuffle never lose on move 1 --------------------------------------------


def test_use_default_and_shuffle_never_offer_a_setup_that_loses_on_move_1():
    checked = 0
    for seed in range(60):
        features = board_for(seed)
        usual = SetupPhase(BLACK, {WHITE: rules.default_setup()[WHITE]})
        usual.use_default()
        if usual.start_loss(features) is None:
            continue
        checked += 1
        phase = SetupPhase(BLACK, {WHITE: rules.default_setup()[WHITE]})
        phase.use_default(features)
        state = rules.make_state(features, phase.placed)
        assert not tactics.winning_moves(state) and tactics.forced_win(state) is None
        assert phase.note.startswith("The usual setup would lose your Overlord")
        rng = random.Random(seed)
        for _ in range(6):
            phase.shuffle(rng, features)
            state = rules.make_state(features, phase.placed)
            assert not tactics.winning_moves(state), seed
        if checked >= 3:
            break
    assert checked, "some board loses the usual setup on move 1"
    def usual_loses(seed: int) -> bool:
        phase = SetupPhase(BLACK, {WHITE: rules.default_setup()[WHITE]})
        phase.use_default()
        return phase.start_loss(board_for(seed)) is not None

    seed = next(n for n in range(60) if not usual_loses(n))
    safe = SetupPhase(BLACK, {WHITE: rules.default_setup()[WHITE]})
    safe.use_default(board_for(seed))
    assert safe.mine == rules.default_setup()[BLACK] and safe.note == ""


# 4. the threat line says what really happens -------------------------------------------------


def test_a_forced_discard_and_its_reckoning_are_named_in_the_threat_line():
    state = position(board(a1=".O", e4=".H", b3=".w", h8=".o", d4="m."),
                     runes=(runes_of(2, 3), runes_of(6)), fates=((0, 0, 0, 2), (1, 0, 0, 0)))
    move = rules.Move.parse("3H e4-e1")
    danger = tactics.danger(state, move)
    assert danger is not None and danger.forced and danger.reply.is_discard
    assert danger_words(state, move, danger) == (
        "after this, Black can only discard (6O --), and its Reckoning brings back all its "
        "stones: your Overlord is then attacked (4W b3-a1) and no move of yours saves it")


# 5. the shield says what it proves ------------------------------------------------------------


def test_the_legend_words_the_shield_for_the_two_moves_it_proves():
    words = dict(MARKS)
    assert words["shield"] == "Your attacked Overlord is safe from the next two moves"
    assert "frozen" in words


# 6. what is stuck is named, always ------------------------------------------------------------


def test_a_stuck_note_always_names_the_figures_and_the_card_has_a_tip():
    state = position(board(a1=".O", c3=".D", h8=".o"), fates=((0, 2, 0, 2), rules.FATE_STONES))
    notes = header_notes(state, WHITE)
    assert "Stuck" not in notes and all("O" in n for n in notes)
    assert all("Reckoning" in n or "·" in n for n in notes), "the Reckoning stays in view"
    assert header_notes(state, BLACK) == ["Reckoning in 7 turns", "Reckoning in 7"]
    app, d, game = open_position(state)
    try:
        app.set_window_size((960, 600))
        d.frames(1)
        hand = game.view.panel.hands[WHITE]
        d.move((hand.card.centerx, hand.card.y + 6))
        d.frames(1)
        tip = game.view.tip_text()
        assert tip == card_tip(state, WHITE)
        assert "Overlord and Dragon cannot move until the Reckoning" in tip
    finally:
        app.close()


# 7. the last Fate's freeze, before and after -----------------------------------------------


def test_the_last_overlord_fate_is_warned_before_and_the_frozen_overlord_is_marked_after():
    state = position(board(a1=".O", h8=".o", d4="m."),
                     runes=(runes_of(1, 3, 4, 5, 6), rules.ALL_RUNES),
                     fates=((1, 2, 2, 2), rules.FATE_STONES))
    app, d, game = open_position(state)
    try:
        d.click(game.view.board.center(G.index("a1")))
        warning = game.status().warning
        assert "Last Overlord Fate: your Overlord cannot move again for 4 turns" in warning
        d.click(game.view.board.center(G.index("b2")))
        assert [str(m) for m in game.match.moves] == ["1O a1-b2"]
        d.frames(1)
        rect = game.view.board.square_rect(G.index("b2"))
        corner = pygame.Rect(rect.x + 2, rect.y + 2, int(rect.w * 0.42), int(rect.w * 0.42))
        reds = sum(1 for x in range(corner.x, corner.right) for y in range(corner.y, corner.bottom)
                   if all(abs(a - b) < 30 for a, b in zip(app.screen.get_at((x, y))[:3],
                                                           app.pal.refusal, strict=True)))
        assert reds > corner.w * corner.h // 6, "a large padlock in the danger colour"
    finally:
        app.close()


# 8. no flooding ---------------------------------------------------------------------------


def test_teleports_wait_for_their_stone_and_marks_stay_on_the_moves_shown():
    state = position(board(a1=".O", e4=".H", h8=".o", d6=".d", c3="m."),
                     runes=(runes_of(1, 3, 5), rules.ALL_RUNES))
    app, d, game = open_position(state)
    try:
        c = game.controller
        d.click(game.view.board.center(G.index("e4")))
        c.threats.finish()
        shown = c.targets
        assert shown and all(m.rune != 5 for moves in shown.values() for m in moves)
        assert {sq for sq, _ in c.target_marks().squares} <= set(shown)
        assert "pick it to see them" in game.status().text
        d.click(game.view.panel.hands[WHITE].runes[4].center)  # Rune 5
        assert c.pick.rune == 5 and len(c.targets) > 20
    finally:
        app.close()


# 9. the Reckoning as an event ----------------------------------------------------------------


def test_the_reckoning_has_its_moment_its_sound_its_log_row_and_its_words():
    state = position(board(a1=".O", h8=".o"), runes=(runes_of(1), rules.ALL_RUNES))
    app, d, game = open_position(state)
    try:
        d.click(game.view.board.center(G.index("a1")))
        d.click(game.view.board.center(G.index("b1")))
        assert [str(m) for m in game.match.moves] == ["1O a1-b1"]
        assert game.last_text.endswith(". White's Reckoning")
        assert game.view.reckoning_moment() is not None and game.controller.wants_frames()
        assert game.my_turn is False or game.match.to_move == BLACK
        notes = [row.note for row in game.log.rows() if row.note]
        assert notes == ["White's Reckoning: all its stones are back"]
        assert "toll" in NAMES and assets.sound_file("toll") is not None
    finally:
        app.close()
    both = log_rows([rules.Move.parse("1O a1-b1")] * 14,
                    {12: WHITE, 13: BLACK})
    assert [r.label for r in both][-2:] == ["7.", ""]
    assert both[-1].note == "Reckoning: every stone is back in both hands"


# 10. the smaller ones ---------------------------------------------------------------------


def test_a_lone_discard_is_picked_at_once_and_greyed_buttons_say_why():
    app, d, game = open_position(must_discard(True))
    try:
        c = game.controller
        assert c.discard_b.enabled and c.discard_b.label == "Discard 6O"
        d.click(c.discard_b.rect.center)
        assert [str(m) for m in game.match.moves] == ["6O --"]
    finally:
        app.close()
    from overlords.ui.setup_scene import SetupScene

    app, d, game = open_position(must_discard(True))
    try:
        setup = SetupScene(app, [game.match.seats[0], game.match.seats[1]], 7)
        app.push(setup)
        d.frames(1)
        assert not setup.ready_b.enabled
        d.click(setup.ready_b.rect.center)
        assert setup.status().text == ("Place every figure first: the Overlord, Dragon, Wizard "
                                       "and Hero are still to place")
    finally:
        app.close()


def test_which_rune_buttons_keep_their_words_clear_of_the_loss_mark():
    state = position(board(a1=".O", h8=".o"))
    app, d, game = open_position(state)
    try:
        moves = [rules.Move.parse("1O a1-b2"), rules.Move.parse("2O a1-b2")]
        choice = RuneChoice(app, game.view.board.square_rect(G.index("b2")),
                            [(moves[0], FORCED), (moves[1], None)], lambda m: None)
        app.push(choice)
        d.frames(1)
        button = choice.buttons[0]
        mark = button.rect.h - 8
        label = draw.text_width(button.label, app.m.small, True)
        assert label <= button.rect.w - 2 * (mark + 4), "the centred words clear the mark"
    finally:
        app.close()


def test_hot_seat_hands_over_after_a_move_and_after_an_undo_that_asked():
    state = position(board(a1=".O", h8=".o", d4="m."), runes=(runes_of(1, 2, 4, 5, 6),
                                                           rules.ALL_RUNES))
    app, d, game = open_position(state)
    try:
        app.settings.handover = True
        d.click(game.view.board.center(G.index("a1")))
        d.click(game.view.board.center(G.index("b1")))
        d.frames(2)
        band = app.top
        assert isinstance(band, HandOver) and band.title == "Black's turn"
        assert band.subline.startswith("Last: White's Overlord a1 to b1")
        d.click(band.band.center)
        assert app.top is game
        assert undo(d, game), "taking back White's move is asked first (Black is at the mouse)"
        d.frames(2)
        band = app.top  # the turn goes back to White: handed over, as in Prepollency
        assert isinstance(band, HandOver) and band.title == "White's turn"
        d.click(band.band.center)
        assert app.top is game and not game.match.moves
    finally:
        app.close()


def test_redo_onto_a_finished_game_shows_the_result_again_and_captures_show():
    state = position(board(a1=".O", b2=".h", h8=".o"))
    app, d, game = open_position(state)
    try:
        before = taken(state, WHITE)
        game.play(rules.Move.parse("1O a1-b2"))
        now = taken(game.match.state, WHITE)
        assert now.count(rules.HERO) == before.count(rules.HERO) + 1
        assert len(now) == len(before) + 1
        assert f"{now.count(rules.HERO)} Hero" in card_tip(game.match.state, WHITE)
        game.play(rules.Move.parse("2O h8-b2"))
        d.frames(2)
        assert isinstance(app.top, GameOver)
        app.pop()
        game.undo()
        game.redo()
        d.frames(2)
        over = app.top
        assert isinstance(over, GameOver) and "Review game" in [b.label for b in over.buttons]
    finally:
        app.close()


def test_no_status_word_is_cut_at_the_smallest_window_in_a_whole_game():
    """Random turns at 960x600, each with a figure picked and a target pointed at: the status
    (a warning, what to do, why a mark) shows whole every time (issue 36: "status text is
    cut with …")."""

    from tests.test_ui_overlords import open_game

    for size in ((960, 600), (1280, 800)):
        _whole_status_in_a_game(size, open_game)


def _whole_status_in_a_game(size, open_game) -> None:
    import random

    rng = random.Random(1)
    app, d, game = open_game(("human", "human"), seed=271828, size=size)
    try:
        cut = []
        for _ in range(40):
            m = game.match
            if m.over:
                break
            state = m.state
            mine = [sq for sq in range(64) if (state.figure(sq) or (-1,))[0] == state.turn]
            d.click(game.view.board.center(rng.choice(mine)))
            game.controller.threats.finish()
            d.frames(1)
            cut.append(game.status_cut)
            if game.controller.targets:
                d.move(game.view.board.center(rng.choice(sorted(game.controller.targets))))
                d.frames(1)
                cut.append(game.status_cut)
            game.controller.clear_pick()
            game.play(rng.choice(rules.legal_moves(m.state)))
            d.frames(2)
        assert [c for c in cut if c] == [] and len(cut) > 40, size
    finally:
        app.close()
