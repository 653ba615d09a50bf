"""The Overlords rules engine (docs/RULES.md, "Overlords"): the module every other layer uses.

It meets the `common.protocol.Game` protocol as a module, and holds no code of its own: it
re-exports the engine's public names from the modules that hold them (the function objects
themselves, so a call through `rules` costs what a direct call costs):

- `overlords.state`: the pieces, stones and features, the cell encoding, `State`, who plays;
- `overlords.moves`: the packed move encoding, `Move` and its notation, move data for records;
- `overlords.movegen`: legal move generation (`legal_codes`, `legal_moves`, `attackers`);
- `overlords.apply`: applying a turn (`apply_legal`, `apply`), resigning, the outcome, perft;
- `overlords.reasons`: why a move is refused (`find_move`, `explain`, `parse_move`);
- `overlords.setup`: starting positions and the record keys that describe them;
- `overlords.facts`: the name, where a record lists the moves, the reasons a game is won.

Legality is decided in one place, `movegen.legal_codes`; `legal_moves`, `find_move`, `apply`,
perft and the record validator all go through it. Rulings from RULES.md that the code
carries: back rows stay free of features; captured figures never return to the reserve; pawns
have no double step, en passant or promotion; the game is drawn after 100 quiet turns; a
discard may use any pair, forbidden pairs included.

Readings where RULES.md is silent (a player's expectation, documented here):
- A recruit needs a Fate stone of the recruited type in hand, like any turn.
- A Dragon's slide passes over any number of Barriers in a row but stops at the first figure.
- In a record, a resignation or a forfeit is only a result; it adds no move.
"""

from __future__ import annotations

from common.protocol import (  # noqa: F401
    LEAVE_REASONS,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    Outcome,
    quoted,
)
from overlords.apply import apply, apply_legal, outcome, perft, resign  # noqa: F401
from overlords.apply import apply as apply_step  # noqa: F401  (a step is a whole move)
from overlords.facts import MOVES_KEY, NAME, WIN_REASONS  # noqa: F401
from overlords.movegen import (  # noqa: F401
    attackers,
    legal_codes,
    legal_moves,
    moves_from,
    must_discard,
    random_move,
)
from overlords.movegen import legal_moves as legal_steps  # noqa: F401  (a step is a move)
from overlords.moves import (  # noqa: F401
    NONE,
    Move,
    is_board_move,
    is_discard,
    is_recruit,
    move_code,
    move_data,
    move_fate,
    move_from,
    move_rune,
    move_to,
    steps_to_move,
)
from overlords.reasons import (  # noqa: F401
    explain,
    find_move,
    pair_reason,
    parse_move,
    stone_reason,
    stuck_reason,
)
from overlords.setup import (  # noqa: F401
    default_setup,
    make_state,
    new_state,
    random_features,
    random_setup,
    record_header,
)
from overlords.setup import state_from_record as initial_state  # noqa: F401
from overlords.state import (  # noqa: F401
    ALL_RUNES,
    BARRIERS,
    BLACK,
    CAPTURES,
    CASTLE,
    DRAGON,
    DRAW_TURNS,
    FATE_STONES,
    FEATURE_NAMES,
    FORBIDDEN,
    FULL_SET,
    GRID,
    HERO,
    LAIR,
    MOUNTAIN,
    NO_FEATURE,
    OVERLORD,
    PIT,
    RECRUITS,
    RUNE_NAMES,
    SIDE_NAMES,
    SOURCE_OF,
    SOURCES,
    TOWER,
    TYPE_LETTERS,
    TYPE_NAMES,
    TYPE_PLURALS,
    WHITE,
    WIZARD,
    State,
    cell_side,
    cell_type,
    decode_cell,
    piece_code,
    player_from_label,
    player_label,
    players,
    to_move,
)
