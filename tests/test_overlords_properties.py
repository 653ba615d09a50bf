"""Property tests for the Overlords engine: thousands of random games keep the invariants of
docs/RULES.md after every turn, an independent move generator written from RULES.md agrees
with the engine's, and every refused move gets a true, specific reason.

Games are seeded (board seed, move seed), so a failure names a record to reproduce it: paste
the record printed with the failure into `common.record.replay`.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from common import record
from common.protocol import IllegalMoveError, Outcome
from overlords import rules
from overlords.rules import BLACK, DRAGON, HERO, OVERLORD, WHITE, WIZARD, Move, State

SETTINGS = {
    "deadline": None,
    "derandomize": True,
    "database": None,
    # Seeds do not shrink into simpler games (seed 0 is an unrelated game), and a failure
    # prints the record to replay, so skip the shrink phase: it only costs minutes.
    "phases": (Phase.explicit, Phase.generate),
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}

FULL = {OVERLORD: 1, WIZARD: 3, DRAGON: 2, HERO: 4}
FULL_FATES = (1, 2, 2, 2)  # O, W, D, H
ALL_RUNES = 0b1111111
DRAW_TURNS = 100  # RULES.md: drawn after 100 consecutive quiet turns
FILES = "abcdefgh"
SOURCE_NAMES = ("castle", "tower", "lair")
BARRIER_NAMES = ("pit", "mountain")
RECRUITED = {"castle": HERO, "tower": WIZARD, "lair": DRAGON}
NO_CAPTURE = {(DRAGON, HERO), (WIZARD, DRAGON), (HERO, WIZARD)}
FORBIDDEN = {(1, DRAGON), (3, WIZARD), (4, HERO), (6, OVERLORD), (7, OVERLORD)}
FALLBACKS = ("That square cannot be reached", "That capture is not allowed")
KING = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if dc or dr]
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
DIAGONAL = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTHOGONAL = [(0, 1), (1, 0), (0, -1), (-1, 0)]

POLICIES = ("uniform", "sources", "quiet", "captures")


# --- helpers: the board as RULES.md describes it, independent of the engine's tables ---------

def name(sq: int) -> str:
    return f"{FILES[sq % 8]}{sq // 8 + 1}"


def at(col: int, row: int) -> int | None:
    return row * 8 + col if 0 <= col < 8 and 0 <= row < 8 else None


def figures(state: State) -> list[tuple[int, int] | None]:
    """state.figure() of every square (read once per distinct cell value: it is the hot path)."""
    cells = state.board.tolist()
    decode: dict[int, tuple[int, int] | None] = {}
    for sq, cell in enumerate(cells):
        if cell not in decode:
            decode[cell] = state.figure(sq)
    return [decode[cell] for cell in cells]


def feature_names(state: State) -> list[str | None]:
    return [None if k < 0 else rules.FEATURE_NAMES[k] for k in state.features.tolist()]


def hand(state: State, side: int) -> list[int]:
    return [r for r in range(1, 8) if state.runes[side] >> (r - 1) & 1]


def counts_on_board(figs: list) -> Counter:
    return Counter(f for f in figs if f is not None)


def oracle_tokens(state: State) -> set[str]:
    """The legal turns of RULES.md as notation tokens, written from the rule sheet alone."""
    if state.result is not None:
        return set()
    side = state.turn
    figs = figures(state)
    feats = feature_names(state)
    runes = hand(state, side)
    fates = state.fates[side]
    letters = rules.TYPE_LETTERS

    def barrier(sq: int) -> bool:
        return feats[sq] in BARRIER_NAMES

    def takes(kind: int, sq: int) -> bool:
        target = figs[sq]
        return target is not None and target[0] != side and (kind, target[1]) not in NO_CAPTURE

    out: set[str] = set()
    for sq, fig in enumerate(figs):
        if fig is None or fig[0] != side or not fates[fig[1]]:
            continue
        kind = fig[1]
        col, row = sq % 8, sq // 8
        for rune in runes:
            if rune == 6 or (rune, kind) in FORBIDDEN:
                continue
            targets: list[int] = []
            if rune in (1, 4):
                for dc, dr in KING if rune == 1 else KNIGHT:
                    n = at(col + dc, row + dr)
                    if n is not None and ((figs[n] is None and not barrier(n)) or takes(kind, n)):
                        targets.append(n)
            elif rune in (2, 3):
                for dc, dr in DIAGONAL if rune == 2 else ORTHOGONAL:
                    c, r = col + dc, row + dr
                    while (n := at(c, r)) is not None:
                        if figs[n] is not None:
                            if takes(kind, n):
                                targets.append(n)
                            break
                        if barrier(n):
                            if kind != DRAGON:
                                break
                        else:
                            targets.append(n)
                        c, r = c + dc, r + dr
            elif rune == 5:
                targets = [n for n in range(64) if figs[n] is None and not barrier(n)]
            elif rune == 7:
                step = 1 if side == WHITE else -1
                n = at(col, row + step)
                if n is not None and figs[n] is None and not barrier(n):
                    targets.append(n)
                for dc in (-1, 1):
                    n = at(col + dc, row + step)
                    if n is not None and takes(kind, n):
                        targets.append(n)
            out.update(f"{rune}{letters[kind]} {name(sq)}-{name(n)}" for n in targets)
    if 6 in runes:
        for sq in range(64):
            kind = RECRUITED.get(feats[sq] or "")
            if (kind is not None and fates[kind] and state.reserve[side][kind]
                    and figs[sq] is None and state.control[sq] == side):
                out.add(f"6{letters[kind]} {name(sq)}")
    if not out:
        out = {f"{r}{letters[k]} --" for r in runes for k in range(4) if fates[k]}
    return out


def record_of(initial: State, codes: list[int], final: State | None = None) -> str:
    """The record of a game so far, as JSON text (to reproduce a failure)."""
    data = record.build(rules, initial, codes, final if final is not None else initial)
    data["result"] = None
    return json.dumps(data)


# --- the game driver -----------------------------------------------------------------------

class Tracker:
    """Follows a game turn by turn and checks every transition against RULES.md."""

    def __init__(self, initial: State) -> None:
        self.initial = initial
        self.state = initial
        self.figs = figures(initial)
        self.feats = feature_names(initial)
        self.sources = [sq for sq in range(64) if self.feats[sq] in SOURCE_NAMES]
        self.source_set = set(self.sources)
        self.barriers = [sq for sq in range(64) if self.feats[sq] in BARRIER_NAMES]
        self.codes: list[int] = []
        self.since = [0, 0]  # turns since the side's last Reckoning
        self.captured = [Counter(), Counter()]
        self.reckonings = 0
        self.check_state(initial, self.figs)
        assert initial.turn == WHITE and initial.quiet == 0 and initial.result is None
        assert len(self.sources) == 9 and len(self.barriers) == 6

    def fail(self, err: AssertionError, code: int | None) -> AssertionError:
        turn = len(self.codes) + 1
        where = f"turn {turn} ({Move(code)})" if code is not None else f"before turn {turn}"
        return AssertionError(f"{err}\nat {where}; record of the game so far:\n"
                              f"{record_of(self.initial, self.codes, self.state)}")

    def step(self, code: int, after: State) -> None:
        try:
            figs_after = figures(after)
            self.check_transition(self.state, self.figs, code, after, figs_after)
            self.check_state(after, figs_after)
        except AssertionError as err:
            raise self.fail(err, code) from err
        self.codes.append(code)
        self.state, self.figs = after, figs_after

    def check_state(self, state: State, figs: list) -> None:
        for sq in self.barriers:
            assert figs[sq] is None, f"figure on a Barrier at {name(sq)}"
        on_board = Counter(figs)
        for side in (WHITE, BLACK):
            reserve = state.reserve[side]
            captured = self.captured[side]
            for kind, full in FULL.items():
                assert reserve[kind] >= 0
                assert on_board[(side, kind)] + reserve[kind] + captured[kind] == full, (
                    f"{rules.SIDE_NAMES[side]} {rules.TYPE_NAMES[kind]}: board "
                    f"{on_board[(side, kind)]} + reserve {reserve[kind]} + captured "
                    f"{captured[kind]} != {full}")
            assert reserve[OVERLORD] == 0
            fates = state.fates[side]
            assert all(0 <= fates[k] <= FULL_FATES[k] for k in range(4))
            assert 0 < state.runes[side] <= ALL_RUNES
            assert state.runes[side].bit_count() == sum(fates) == 7 - self.since[side]
        control = state.control.tolist()
        marked = {sq for sq, owner in enumerate(control) if owner != -1}
        assert marked <= self.source_set, f"control marker off a Source: {sorted(marked)}"
        assert all(control[sq] in (-1, WHITE, BLACK) for sq in self.sources)
        assert 0 <= state.quiet <= DRAW_TURNS

    def check_transition(self, before: State, figs: list, code: int, after: State,
                         figs_after: list) -> None:
        side = before.turn
        move = Move(code)
        assert before.result is None, "a finished game moved on"
        assert after.turn == 1 - side and after.ply == before.ply + 1, "turns alternate"
        # stones: exactly the two stones of the token, returned together at the 7th turn
        assert before.runes[side] >> (move.rune - 1) & 1, "played a Rune not in hand"
        assert before.fates[side][move.fate] > 0, "played a Fate not in hand"
        self.since[side] += 1
        if self.since[side] == 7:
            assert after.runes[side] == ALL_RUNES and after.fates[side] == FULL_FATES, \
                "no Reckoning after the 7th turn"
            self.since[side] = 0
            self.reckonings += 1
        else:
            assert after.runes[side] == before.runes[side] & ~(1 << (move.rune - 1))
            fates = list(before.fates[side])
            fates[move.fate] -= 1
            assert after.fates[side] == tuple(fates)
        assert after.runes[1 - side] == before.runes[1 - side]
        assert after.fates[1 - side] == before.fates[1 - side]
        # the board: exactly the squares of the token change
        changed = {sq for sq in range(64) if figs[sq] != figs_after[sq]}
        control, control_after = before.control.tolist(), after.control.tolist()
        reserve = [list(before.reserve[0]), list(before.reserve[1])]
        victim = None
        new_marker = False
        if move.is_discard:
            assert not changed, "a discard moved figures"
        elif move.is_recruit:
            to = move.to
            assert move.rune == 6 and changed == {to}
            assert figs[to] is None and figs_after[to] == (side, move.fate)
            assert RECRUITED.get(self.feats[to] or "") == move.fate, "recruit onto a wrong square"
            assert control[to] == side, "recruit onto a Source the side does not control"
            reserve[side][move.fate] -= 1
        else:
            frm, to = move.frm, move.to
            assert move.rune not in (6,) and frm != to
            assert changed == {frm, to}
            assert figs[frm] == (side, move.fate) and figs_after[frm] is None
            assert figs_after[to] == (side, move.fate)
            victim = figs[to]
            if victim is not None:
                assert victim[0] != side and (move.fate, victim[1]) not in NO_CAPTURE
                assert move.rune != 5, "a teleport captured"
                self.captured[victim[0]][victim[1]] += 1
            new_marker = self.feats[to] in SOURCE_NAMES and control[to] != side
        assert [list(r) for r in after.reserve] == reserve, "reserve changed without a recruit"
        # control markers: only the mover's, only on the square it moved onto, never removed
        for sq in range(64):
            if control_after[sq] != control[sq]:
                assert new_marker and sq == move.to and control_after[sq] == side, \
                    f"control of {name(sq)} changed from {control[sq]} to {control_after[sq]}"
        if new_marker:
            assert control_after[move.to] == side
        # the quiet counter and the end of the game
        loud = victim is not None or move.is_recruit or new_marker
        assert after.quiet == (0 if loud else before.quiet + 1), \
            f"quiet {before.quiet} -> {after.quiet} (capture/recruit/marker: {loud})"
        enemy_overlord = (1 - side, OVERLORD)
        overlord_gone = enemy_overlord in figs and enemy_overlord not in figs_after
        all_sources = all(control_after[sq] == side for sq in self.sources)
        if overlord_gone:
            expected = Outcome(side, "overlord")
        elif all_sources:
            expected = Outcome(side, "sources")
        elif after.quiet == DRAW_TURNS:
            expected = Outcome(None, "draw")
        else:
            expected = None
        assert after.result == expected, f"result {after.result}, expected {expected}"
        assert rules.outcome(after) == after.result


def choose(state: State, figs: list, feats: list, codes: list[int], policy: str,
           rng: random.Random) -> int:
    """A random legal turn, biased by the policy so every ending occurs often."""
    if policy == "uniform" or (policy != "quiet" and rng.random() < 0.1):
        return codes[rng.randrange(len(codes))]
    side = state.turn
    control = state.control

    def loud(code: int) -> bool:
        m = Move(code)
        if m.is_discard:
            return False
        if m.is_recruit:
            return True
        return figs[m.to] is not None or (feats[m.to] in SOURCE_NAMES and control[m.to] != side)

    def wanted(code: int) -> bool:
        m = Move(code)
        if policy == "quiet":
            return not loud(code)
        if m.is_discard:
            return False
        if policy == "sources":
            # claim Sources, recruit, never take the Overlord (so the Sources can be won)
            return (m.is_recruit or (feats[m.to] in SOURCE_NAMES and control[m.to] != side)) \
                and figs[m.to] != (1 - side, OVERLORD)
        return figs[m.to] is not None and not m.is_recruit  # captures

    for _ in range(15):
        code = codes[rng.randrange(len(codes))]
        if wanted(code):
            return code
    if policy == "sources":
        safe = [c for c in codes if Move(c).is_discard or figs[Move(c).to] != (1 - side,
                                                                              OVERLORD)]
        codes = safe or codes
    return codes[rng.randrange(len(codes))]


def play(board_seed: int, move_seed: int, policy: str, api: str, full_checks: bool,
         max_turns: int = 600) -> Tracker:
    """Play one seeded game, checking every turn; return the tracker at the end."""
    initial = rules.new_state(random.Random(board_seed))
    tracker = Tracker(initial)
    rng = random.Random(move_seed)
    state = initial
    while state.result is None and len(tracker.codes) < max_turns:
        code = None
        try:
            codes = rules.legal_codes(state)
            if full_checks:
                check_legal_list(state, codes, rng)
            assert codes, "no legal turn in an unfinished game"
            code = choose(state, tracker.figs, tracker.feats, codes, policy, rng)
            if Move(code).is_discard and not full_checks:
                assert all(Move(c).is_discard for c in codes), "discards offered next to moves"
                assert {str(Move(c)) for c in codes} == oracle_tokens(state)
            if api == "moves":
                move = Move.parse(str(Move(code)))
                assert move in rules.legal_moves(state)
                after = rules.apply(state, move)
                assert after == rules.apply_legal(state, code)
            else:
                after = rules.apply_legal(state, code)
        except AssertionError as err:
            raise tracker.fail(err, code) from err
        tracker.step(code, after)
        state = after
    if state.result is not None:
        try:
            check_finished(state)
        except AssertionError as err:
            raise tracker.fail(err, None) from err
    return tracker


def check_legal_list(state: State, codes: list[int], rng: random.Random) -> None:
    """The whole legal list: distinct tokens that parse back, the RULES.md set, discards."""
    assert codes, "no legal turn in an unfinished game"
    moves = [Move(c) for c in codes]
    tokens = [str(m) for m in moves]
    assert len(set(tokens)) == len(tokens), "two legal turns with the same notation"
    for m, token in zip(moves, tokens, strict=True):
        assert Move.parse(token) == m, f"{token!r} does not parse back"
    assert set(tokens) == oracle_tokens(state), (
        f"engine and RULES.md disagree: engine only {sorted(set(tokens) - oracle_tokens(state))}"
        f", RULES.md only {sorted(oracle_tokens(state) - set(tokens))}")
    discards = [m.is_discard for m in moves]
    assert all(discards) or not any(discards), "discards offered next to moves"
    if all(discards):
        side = state.turn
        pairs = {(m.rune, m.fate) for m in moves}
        assert pairs == {(r, k) for r in hand(state, side) for k in range(4)
                         if state.fates[side][k]}
    assert rules.legal_moves(state) == sorted(moves)
    for m in rng.sample(moves, min(3, len(moves))):
        assert rules.apply(state, m) == rules.apply_legal(state, m)


def check_finished(state: State) -> None:
    assert rules.legal_codes(state) == []
    assert rules.legal_moves(state) == []
    for text in ("1H a1-a2", "3W --", "6H c4"):
        m = Move.parse(text)
        with pytest.raises(IllegalMoveError, match="The game is over"):
            rules.apply(state, m)
        with pytest.raises(IllegalMoveError, match="The game is over"):
            rules.find_move(state, m.rune, m.fate, m.frm, m.to)


seeds = st.integers(min_value=0, max_value=2**32 - 1)


# --- random games: every invariant after every turn ---------------------------------------

@settings(max_examples=700, **SETTINGS)
@given(board_seed=seeds, move_seed=seeds, policy=st.sampled_from(POLICIES))
def test_random_games_keep_the_invariants_apply_legal(board_seed, move_seed, policy):
    play(board_seed, move_seed, policy, "codes", full_checks=False)


@settings(max_examples=300, **SETTINGS)
@given(board_seed=seeds, move_seed=seeds, policy=st.sampled_from(POLICIES))
def test_random_games_keep_the_invariants_apply_move_values(board_seed, move_seed, policy):
    play(board_seed, move_seed, policy, "moves", full_checks=False)


@settings(max_examples=50, **SETTINGS)
@given(board_seed=seeds, move_seed=seeds, policy=st.sampled_from(POLICIES))
def test_legal_lists_match_rules_md_in_random_games(board_seed, move_seed, policy):
    play(board_seed, move_seed, policy, "codes", full_checks=True)


def test_random_play_reaches_every_ending_and_discards():
    """The property tests above are not vacuous: their policies reach every way a game ends,
    Reckonings and discards (a fixed set of seeds)."""
    reasons: Counter = Counter()
    discards = reckonings = recruits = 0
    for seed in range(40):
        tracker = play(seed, seed + 1, POLICIES[seed % 4], "codes", full_checks=False)
        reasons[tracker.state.result.reason if tracker.state.result else None] += 1
        moves = [Move(c) for c in tracker.codes]
        discards += sum(m.is_discard for m in moves)
        recruits += sum(m.is_recruit for m in moves)
        reckonings += tracker.reckonings
    assert reasons["overlord"] and reasons["sources"] and reasons["draw"], reasons
    assert discards and recruits and reckonings


# --- reasons agree with the generator ------------------------------------------------------

def position(board_seed: int, move_seed: int, plies: int, policy: str = "uniform",
             finished: bool = False) -> tuple[State, str]:
    """A position reached by random play, and its record (to reproduce a failure); a finished
    position only if asked."""
    state = initial = rules.new_state(random.Random(board_seed))
    rng = random.Random(move_seed)
    figs, feats = figures(state), feature_names(state)
    codes: list[int] = []
    for _ in range(plies):
        legal = rules.legal_codes(state)
        if not legal:
            break
        code = choose(state, figs, feats, legal, policy, rng)
        after = rules.apply_legal(state, code)
        if after.result is not None and not finished:
            break
        state = after
        codes.append(code)
        figs = figures(state)
    return state, record_of(initial, codes)


def geometry(side: int, frm: int) -> list[int]:
    """Squares some rune's pattern reaches from frm on an empty board (not teleport)."""
    col, row = frm % 8, frm // 8
    out = set()
    for dc, dr in KING + KNIGHT:
        n = at(col + dc, row + dr)
        if n is not None:
            out.add(n)
    for dc, dr in DIAGONAL + ORTHOGONAL:
        c, r = col + dc, row + dr
        while (n := at(c, r)) is not None:
            out.add(n)
            c, r = c + dc, r + dr
    return sorted(out)


def between(frm: int, to: int) -> list[int]:
    """Squares strictly between frm and to on a straight line (empty if not on one)."""
    dc, dr = to % 8 - frm % 8, to // 8 - frm // 8
    if not (dc == 0 or dr == 0 or abs(dc) == abs(dr)) or frm == to:
        return []
    steps = max(abs(dc), abs(dr))
    sc, sr = (dc > 0) - (dc < 0), (dr > 0) - (dr < 0)
    return [at(frm % 8 + sc * i, frm // 8 + sr * i) for i in range(1, steps)]


def check_reason(state: State, rune: int, fate: int, frm: int | None, to: int | None,
                 reason: str) -> None:
    """A refusal is a specific sentence, and what it claims is true of the position."""
    assert isinstance(reason, str) and reason.strip() == reason and len(reason) >= 10, reason
    assert reason[0].isupper(), reason
    assert "None" not in reason and "{" not in reason, reason
    assert reason not in FALLBACKS, f"generic fallback reason {reason!r}"
    side = state.turn
    figs = figures(state)
    feats = feature_names(state)
    plural = {p: k for k, p in enumerate(rules.TYPE_PLURALS)}
    single = {p: k for k, p in enumerate(rules.TYPE_NAMES)}
    if reason == "The game is over":
        assert state.result is not None
        return
    if reason == "Pick the square to move to":  # incomplete input, checked before anything
        assert frm is not None and to is None
        return
    assert state.result is None, f"{reason!r} for a finished game"
    if m := re.fullmatch(r"Rune (\d) was played; it returns at your Reckoning", reason):
        assert int(m[1]) == rune and rune not in hand(state, side)
    elif re.fullmatch(r"(The|Both) (\w+) Fate stones? (was|were) played; .*", reason):
        assert state.fates[side][fate] == 0
    elif reason == "Nothing recruits an Overlord":
        assert (rune, fate) == (6, OVERLORD)
    elif m := re.fullmatch(r"Rune (\d) cannot move an? (\w+)", reason):
        assert int(m[1]) == rune and single[m[2]] == fate and (rune, fate) in FORBIDDEN
    elif reason.startswith("You have a legal move, so you cannot discard"):
        assert to is None and not any(Move(c).is_discard for c in rules.legal_codes(state))
    elif reason.startswith("No pair of your stones allows a move"):
        assert all(Move(c).is_discard for c in rules.legal_codes(state)) and to is not None
    elif reason.startswith("Rune 6 recruits from the reserve"):
        assert rune == 6 and frm is not None
    elif m := re.fullmatch(r"No (\w+) is left in your reserve", reason):
        assert rune == 6 and single[m[1]] == fate and state.reserve[side][fate] == 0
    elif m := re.fullmatch(r"An? (\w+) is recruited onto a (\w+), and (\w\d) is no (\w+)",
                           reason):
        assert rune == 6 and name(to) == m[3] and feats[to] != m[2].lower()
        assert RECRUITED[m[2].lower()] == fate
    elif m := re.fullmatch(r"You do not control the (\w+) on (\w\d)", reason):
        assert rune == 6 and name(to) == m[2] and state.control[to] != side
    elif m := re.fullmatch(r"The (\w+) on (\w\d) is occupied", reason):
        assert rune == 6 and name(to) == m[2] and figs[to] is not None
    elif m := re.fullmatch(r"There is no figure on (\w\d)", reason):
        assert frm is not None and name(frm) == m[1] and figs[frm] is None
    elif m := re.fullmatch(r"That (\w+) is (White|Black)'s; it is (White|Black)'s turn", reason):
        assert figs[frm] == (1 - side, single[m[1]])
        assert m[2].lower() == rules.SIDE_NAMES[1 - side] and m[3].lower() == \
            rules.SIDE_NAMES[side]
    elif m := re.fullmatch(r"The (\w+) Fate stone moves an? (\w+), not an? (\w+)", reason):
        assert single[m[1]] == fate == single[m[2]] and figs[frm] == (side, single[m[3]])
    elif reason == "A figure must move to another square":
        assert frm == to
    elif reason.startswith("Teleport never captures"):
        assert rune == 5 and figs[to] is not None
    elif m := re.fullmatch(r"No figure may end its move on a (Pit|Mountain)", reason):
        assert feats[to] == m[1].lower()
    elif m := re.fullmatch(r"Rune (\d) moves a figure on the board: pick the figure first",
                           reason):
        assert int(m[1]) == rune != 6 and frm is None and to is not None
    elif m := re.fullmatch(r"Rune (\d) (moves|slides|jumps|steps) .*", reason):
        assert int(m[1]) == rune
        step = 1 if side == WHITE else -1
        dc, dr = to % 8 - frm % 8, to // 8 - frm // 8
        fits = {1: max(abs(dc), abs(dr)) == 1, 2: abs(dc) == abs(dr) != 0,
                3: (dc == 0) != (dr == 0), 4: {abs(dc), abs(dr)} == {1, 2},
                7: dr == step and abs(dc) <= 1}
        assert not fits[rune], f"{reason!r} but {name(frm)}-{name(to)} fits rune {rune}"
    elif m := re.fullmatch(r"Blocked by the (\w+) on (\w\d)(: only Dragons fly over Barriers)?",
                           reason):
        sq = rules.GRID.index(m[2])
        assert rune in (2, 3) and sq in between(frm, to)
        if m[1] in single:
            assert figs[sq] is not None and figs[sq][1] == single[m[1]]
        else:
            assert feats[sq] == m[1].lower() and fate != DRAGON and m[3]
    elif reason == "You cannot capture your own figure":
        assert figs[to] is not None and figs[to][0] == side
    elif m := re.fullmatch(r"(\w+) cannot capture (\w+)", reason):
        assert figs[to] == (1 - side, plural[m[2]]) and plural[m[1]] == fate
        assert (fate, plural[m[2]]) in NO_CAPTURE
    elif reason == "A pawn step straight forward needs an empty square":
        assert rune == 7 and figs[to] is not None and to % 8 == frm % 8
    elif reason == "A diagonal pawn step must capture":
        assert rune == 7 and figs[to] is None and to % 8 != frm % 8
    else:
        raise AssertionError(f"unexpected reason {reason!r}")


def attempts(state: State, rng: random.Random, n: int):
    """n (rune, fate, frm, to) tries, most of them near misses of real moves."""
    side = state.turn
    figs = figures(state)
    own = [sq for sq, f in enumerate(figs) if f is not None and f[0] == side] or [0]
    codes = rules.legal_codes(state) or [Move.make(1, 0, 0, 1)]
    sources = [sq for sq, f in enumerate(feature_names(state)) if f in SOURCE_NAMES]
    for _ in range(n):
        kind = rng.random()
        if kind < 0.45:  # a legal turn with one part changed (or none)
            m = Move(rng.choice(codes))
            parts = [m.rune, m.fate, m.frm, m.to]
            which = rng.randrange(5)
            if which == 0:
                parts[0] = rng.randint(1, 7)
            elif which == 1:
                parts[1] = rng.randrange(4)
            elif which == 2:
                parts[2] = rng.choice([None, rng.randrange(64), rng.choice(own)])
            elif which == 3:
                parts[3] = rng.choice([None, rng.randrange(64), rng.choice(sources)])
            yield tuple(parts)
        elif kind < 0.6:  # an own figure onto another figure (captures, own figures)
            frm = rng.choice(own)
            near = [sq for sq in geometry(side, frm) if figs[sq] is not None]
            occupied = [sq for sq, f in enumerate(figs) if f is not None and sq != frm]
            to = rng.choice(near or occupied)
            fate = figs[frm][1] if figs[frm] and rng.random() < 0.8 else rng.randrange(4)
            yield rng.choice([1, 2, 3, 4, 7, rng.randint(1, 7)]), fate, frm, to
        else:  # one of the own figures (or anything) to a square its geometry names
            frm = rng.choice([None, rng.randrange(64)] + [rng.choice(own)] * 3)
            if frm is not None and rng.random() < 0.8:
                to = rng.choice(geometry(side, frm))
            else:
                to = rng.choice([None, rng.randrange(64), rng.choice(sources)])
            if rng.random() < 0.3:
                fate = figs[frm][1] if frm is not None and figs[frm] else rng.randrange(4)
            else:
                fate = rng.randrange(4)
            yield rng.randint(1, 7), fate, frm, to


@settings(max_examples=150, **SETTINGS)
@given(board_seed=seeds, move_seed=seeds, plies=st.integers(0, 160),
       policy=st.sampled_from(POLICIES), rune=st.integers(1, 7), fate=st.integers(0, 3),
       frm=st.none() | st.integers(0, 63), to=st.none() | st.integers(0, 63),
       probe_seed=seeds, finished=st.integers(0, 9).map(lambda n: n == 0))
def test_find_move_accepts_exactly_the_legal_turns_and_gives_real_reasons(
        board_seed, move_seed, plies, policy, rune, fate, frm, to, probe_seed, finished):
    state, where = position(board_seed, move_seed, plies, policy, finished)
    legal = set(rules.legal_codes(state))
    tries = [(rune, fate, frm, to), *attempts(state, random.Random(probe_seed), 60)]
    for rune, fate, frm, to in tries:
        packed = Move.make(rune, fate, frm, to)
        context = f"find_move(state, {rune}, {fate}, {frm}, {to}) after the record {where}"
        try:
            move = rules.find_move(state, rune, fate, frm, to)
        except IllegalMoveError as err:
            assert packed not in legal, f"{context} refused a legal turn: {err}"
            try:
                check_reason(state, rune, fate, frm, to, str(err))
            except AssertionError as bad:
                raise AssertionError(f"{bad}\n{context}") from None
            with pytest.raises(IllegalMoveError) as again:
                rules.apply(state, packed)
            assert str(again.value) == str(err)
        else:
            assert packed in legal and move == packed and isinstance(move, Move), context


def test_find_move_without_a_from_square_refuses_with_a_reason():
    """A move rune with a target but no from square (a UI that lost its selection) is refused
    with IllegalMoveError, like every other refused move, never a TypeError."""
    state = rules.new_state(random.Random(1))
    for rune in (1, 2, 3, 4, 5, 7):
        with pytest.raises(IllegalMoveError):
            rules.find_move(state, rune, HERO, None, rules.GRID.index("c4"))
        with pytest.raises(IllegalMoveError):
            rules.apply(state, Move.make(rune, HERO, None, rules.GRID.index("c4")))


@settings(max_examples=60, **SETTINGS)
@given(board_seed=seeds, move_seed=seeds, plies=st.integers(0, 160),
       policy=st.sampled_from(POLICIES))
def test_explain_gives_a_reason_for_every_square_a_figure_cannot_reach(
        board_seed, move_seed, plies, policy):
    state, where = position(board_seed, move_seed, plies, policy)
    side = state.turn
    moves = rules.legal_moves(state)
    for frm, fig in enumerate(figures(state)):
        if fig is None or fig[0] != side:
            continue
        reachable = {m.to for m in moves if m.frm == frm}
        for to in range(64):
            text = rules.explain(state, frm, to)
            context = f"explain(state, {name(frm)}, {name(to)}) = {text!r} after the record {where}"
            assert isinstance(text, str) and text.strip(), context
            if to in reachable:
                assert text == "That move is legal", context
            else:
                assert text != "That move is legal", context
                assert text not in FALLBACKS, f"generic fallback: {context}"
                assert text[0].isupper() and "None" not in text, context
