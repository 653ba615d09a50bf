"""The Prepollency rules in plain words for the in-game Rules screen (plain data, no pygame).

A rewrite of docs/RULES.md's Prepollency section with every ruling, those of RULES.md and
those of the engine (prepollency/rules.py, its numbered rulings). Same shape as
overlords/rules_text.py: each section is a heading and its paragraphs; a paragraph starting
with "- " is a bullet, one starting with "Ruling: " is shown as a ruling of this edition.
The three-player game is a variant of this edition and always says so.
"""

from __future__ import annotations

TITLE = "Prepollency"

SECTIONS: list[tuple[str, list[str]]] = [
    ("How to win", [
        "Two or four players (three as a variant, below) fight over a 15 by 15 board. You "
        "win when you hold the Obelisk, the cross of five squares in the middle, through "
        "three full rounds of the others' turns, or when you are the last player left.",
    ]),
    ("The board and the seats", [
        "Squares are named like chess squares: a file letter a to o, then a rank 1 to 15; "
        "rank 1 is the bottom row, file a the left column.",
        "Each player sits at a corner. Clockwise around the table: seat 1 at a1, seat 2 at "
        "a15, seat 3 at o15, seat 4 at o1. Two players sit on opposite corners, seats 1 and "
        "3.",
        "Your base (your castle) is the 2 by 2 block in your corner: for seat 1, a1, b1, a2 "
        "and b2. Your back corner is the corner square itself (a1 for seat 1).",
        "The Obelisk is the centre cross: h8 and the four squares next to it, g8, i8, h7 "
        "and h9.",
        "Every square may be entered, bases and the Obelisk included.",
    ]),
    ("Three players (variant)", [
        "The rule sheet is written for two or four players. For three at one table this "
        "edition offers a variant, always labelled as such.",
        "Ruling: in the three-player variant seats 1, 2 and 3 play (corners a1, a15 and "
        "o15). The o1 corner starts empty, and its 2 by 2 block is ordinary ground: pieces "
        "standing there eliminate no one. Every other rule is the four-player game's; a "
        "round is three turns.",
    ]),
    ("The starting position", [
        "Count each square's distance from your corner as the larger of its file and rank "
        "distance (the corner itself is 0). Your base (distance 0 and 1) starts empty; then "
        "come rings of 5 Archers (distance 2), 7 Cavalry (distance 3) and 9 Infantry "
        "(distance 4).",
        "Picture: start",
    ]),
    ("Your turn", [
        "A turn is zero, one or two moves. Two moves must be made by two different pieces "
        "of yours.",
        "Ruling: a piece moves at most once a turn, so the two moves of a turn are always "
        "by two different pieces.",
        "Making no move at all is holding the line.",
        "Turns go clockwise, 1, 2, 3, 4, from the seat chosen to play first; seats not in "
        "the game, or eliminated, are skipped.",
        "The second move is judged on the board as the first one left it: the first move may "
        "open a path for the second. The same two moves in the other order are another turn.",
    ]),
    ("How the pieces move", [
        "- Infantry: one square in any of the eight directions.",
        "- Cavalry: one to three squares along a diagonal.",
        "- Archer: one to three squares along a file or a rank.",
        "- Khan: any distance in any of the eight directions.",
        "Pieces slide: they stop at the first occupied square and never jump over a piece.",
        "Picture: pieces",
        "Moving onto an enemy piece captures it; you may never move onto your own piece. "
        "Every other player is an enemy: there are no teams.",
        "Ruling: when a move is refused, the reason names the first problem in this order: "
        "no piece there, not your piece, that piece already moved this turn, not how that "
        "piece moves, blocked on the way, your own piece on the target.",
    ]),
    ("The Obelisk and the Khan", [
        "At the end of your turn, if your pieces stand on all five Obelisk squares and you "
        "have no Khan on the board, you get a Khan, placed on your back corner.",
        "Ruling: if your back corner is taken, the Khan goes on the first empty square of "
        "your base in this order: the corner, the base square on the same rank, the one on "
        "the same file, the inner square. If your whole base is full, you get no Khan that "
        "turn.",
        "Ruling: only the player ending its turn can receive a Khan. A player whose Khan was "
        "captured gets a new one at the end of its next turn on all five squares.",
    ]),
    ("Holding the Obelisk", [
        "Ruling: when you end your turn on all five Obelisk squares, you take the Obelisk. "
        "Each of your later turns that you end still on all five counts one more round "
        "kept: the game screen says \"1 of 3 rounds\", then \"2 of 3 rounds\". At 3 of 3 "
        "you win: you have kept the Obelisk through three full rounds of the others' turns. "
        "(Records and lessons call this your hold count: 1 when you take the Obelisk, 4 at "
        "the win.)",
        "Ruling: at the end of any turn, anyone's, a player not standing on all five squares "
        "has its count set back to 0.",
        "Ruling: a player standing on all five squares at the end of someone else's turn "
        "keeps its count as it is; the count grows only at the end of its own turns.",
        "Picture: hold",
    ]),
    ("The end of a turn", [
        "Ruling: at the end of every turn, in this order: the Khan award, the hold counts, "
        "eliminations, then the win and draw checks. Only the player ending its turn can "
        "receive a Khan, and only its own hold count can grow; every player's count can be "
        "set back to 0.",
        "Ruling: if one turn both brings your hold count to 4 and leaves you the last "
        "player standing, you win by the Obelisk.",
    ]),
    ("Elimination", [
        "At the end of every turn, a player whose four base squares are all occupied by "
        "other players' pieces (any mixture of players) is eliminated.",
        "Picture: elimination",
        "Ruling: an eliminated player's pieces leave the board, and its turns are skipped "
        "from then on.",
        "Ruling: all eliminations of one turn are judged at once, on the board as the turn "
        "left it; the pieces of every eliminated player then leave together, so removing "
        "one player's pieces never saves another.",
        "Ruling: a player with no pieces left stays in the game while its base is not full "
        "of others' pieces; it can only hold the line.",
        "The last player left wins.",
    ]),
    ("Draws", [
        "Ruling: a turn is quiet when it captures nothing, eliminates no one, and ends with "
        "every hold count at 0. Any other turn sets the count of quiet turns back to 0, and "
        "so does a player leaving the game (below).",
        "Ruling: after 50 rounds of quiet turns in a row the game is drawn among the players "
        "still in it. A round is as many turns as there are players still in the game: 100 "
        "quiet turns with two players left, 150 with three, 200 with four.",
        "A finished game offers no further turns.",
    ]),
    ("Resigning and forfeits", [
        "A player may resign. A player played by an outside program forfeits when it "
        "answers with an illegal or malformed turn, or not in time.",
        "Ruling: with two players left, the other one wins at once. With more, the player "
        "who resigns or forfeits is eliminated as above: its pieces leave the board, its "
        "turns are skipped, its hold count is 0, and the game goes on.",
        "In this edition a CPU player resigns at the start of its turn once it can no longer "
        "win: with fewer than four pieces it can neither stand on the five Obelisk squares nor "
        "fill a base, while another player still can (switch it off in Settings: CPU resigns "
        "when it can no longer win). Undo takes such a resignation back.",
        "Ruling: a player leaves only between turns. A half-made turn (one move made, the "
        "turn not ended) is taken back first.",
        "Ruling: in a saved game, a player that left a game which went on is listed with "
        "the number of turns played before it left, so that a replay removes it at that "
        "point.",
    ]),
    ("Playing on screen", [
        "Click one of your pieces (or press and drag it): the squares it can reach light "
        "up. Click or drop on one to move there. Then move a second piece, or press End "
        "turn (Enter).",
        "Hold the line (Space) ends your turn without a move. Take back (Backspace) undoes "
        "the first move of a turn you have not ended.",
        "A click on a square you may not go to says why, in words.",
        "Keys: Ctrl+Z undo, Ctrl+Y redo, F1 rules, F11 fullscreen, M sound on or off, Esc "
        "to go back.",
    ]),
    ("Move notation", [
        "A move is written from-to, like \"c3-e5\" (a capture is written the same way). A "
        "turn is the list of its moves in the order they were made, like [\"c3-e5\", "
        "\"h7-h8\"]; [] is holding the line.",
    ]),
]

# Stable keys of the sections, for links into this page ("Read more" in a lesson, "Why?" on a
# refusal): RulesScene(app, "prepollency", topic=KEY) opens scrolled to that section. Keep the
# keys when sections are renamed or reordered; map a key to the section that now holds it.
TOPICS: dict[str, str] = {
    "win": "How to win", "board": "The board and the seats", "variant": "Three players (variant)",
    "start": "The starting position", "turn": "Your turn", "pieces": "How the pieces move",
    "obelisk": "The Obelisk and the Khan", "khan": "The Obelisk and the Khan",
    "hold": "Holding the Obelisk", "end_of_turn": "The end of a turn",
    "elimination": "Elimination", "draws": "Draws", "resign": "Resigning and forfeits",
    "screen": "Playing on screen", "notation": "Move notation",
}
