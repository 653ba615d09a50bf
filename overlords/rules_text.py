"""The Overlords rules in plain words for the in-game Rules screen (plain data, no pygame).

A rewrite of docs/RULES.md's Overlords section with every ruling. Each section is a heading
and its paragraphs; a paragraph starting with "- " is a bullet, one starting with "Ruling: "
is shown as a ruling of this edition.
"""

from __future__ import annotations

TITLE = "Overlords"

SECTIONS: list[tuple[str, list[str]]] = [
    ("How to win", [
        "Two sides, White and Black, fight over an 8 by 8 board. You win at once when you "
        "capture the enemy Overlord, or when your markers stand on all nine Sources (the "
        "Castles, Towers and Lairs) after your move.",
    ]),
    ("The board", [
        "Fifteen features are scattered at random: three Castles, three Towers and three "
        "Lairs (the Sources, where new figures are recruited), and three Pits and three "
        "Mountains (the Barriers, where no figure may ever stop).",
        "Ruling: features never land on the two back rows (rank 1 and rank 8), so each side "
        "always has a free row to set up on.",
        "The board seed is shown when a game starts: the same seed gives the same board.",
    ]),
    ("Your figures", [
        "Each side owns one Overlord (crown), three Wizards (hat), two Dragons (wings) and "
        "four Heroes (sword).",
        "At the start you place one Overlord, one Wizard, one Dragon and one Hero on any four "
        "squares of your back row. The other six figures wait in your reserve until you "
        "recruit them.",
        "Ruling: White sets up first; Black sets up second, seeing White's figures (White "
        "moves first, so this evens the game out).",
        "Ruling: a captured figure leaves the game for good; it does not go back to the "
        "reserve.",
    ]),
    ("The stones", [
        "Each side has seven Rune stones, numbered 1 to 7, and seven Fate stones: Overlord, "
        "Wizard, Wizard, Dragon, Dragon, Hero, Hero.",
        "Every turn you play exactly one unplayed Rune and one unplayed Fate. The Fate says "
        "which kind of figure acts, the Rune how it moves.",
        "Played stones stay face up: both players always see both hands. There is no hidden "
        "information.",
        "After seven turns all fourteen of your stones are played, and they all come back to "
        "your hand at once. This is the Reckoning. The screen counts the turns left before it.",
        "Picture: reckoning",
        "White moves first; then the sides take turns.",
    ]),
    ("The Runes", [
        "- 1, King step: one square in any of the eight directions. Not with a Dragon.",
        "- 2, Bishop: slide diagonally, any distance.",
        "- 3, Rook: slide straight along a rank or file, any distance. Not with a Wizard.",
        "- 4, Knight: the chess knight's jump, two squares one way and one to the side. "
        "Not with a Hero.",
        "- 5, Teleport: to any empty square that is not a Barrier. A teleport never captures.",
        "- 6, Recruit: bring a figure of the Fate's kind from your reserve onto an empty "
        "Source that carries your marker and makes that kind: a Castle makes Heroes, a Tower "
        "Wizards, a Lair Dragons. Nothing recruits an Overlord.",
        "- 7, Pawn: one square straight forward onto an empty square, or one square "
        "diagonally forward to capture. Not with the Overlord.",
        "Ruling: a recruit needs a Fate stone of the kind it recruits, as any turn needs its "
        "Fate.",
        "Picture: forbidden",
        "Each Rune on a board: the dots are where the marked figure may go with it, a ring a "
        "capture (Pits are dark, Mountains grey).",
        "Picture: runes",
    ]),
    ("Moving", [
        "- One figure per square. No figure ever ends a move on a Pit or a Mountain.",
        "- Slides (Runes 2 and 3) stop at the first figure in the way: they may capture it, "
        "but never pass it.",
        "- Barriers block slides, except for Dragons: a Dragon flies over Pits and Mountains "
        "(never over figures) but may not stop on one.",
        "Ruling: a Dragon's slide may cross several Barriers in a row; it still stops at the "
        "first figure.",
        "- The Knight jump ignores whatever lies between, so Wizards and Overlords can jump "
        "over Barriers with it. It may not land on a Barrier.",
        "- Pawn forward means toward the enemy's back row: up the board for White, down for "
        "Black. A figure on the far row has no Pawn move.",
        "Ruling: the Pawn has no double step, no en passant and no promotion.",
        "Picture: dragons",
    ]),
    ("Capturing", [
        "Moving onto an enemy figure captures it, with three exceptions:",
        "- a Dragon cannot capture a Hero;",
        "- a Wizard cannot capture a Dragon;",
        "- a Hero cannot capture a Wizard.",
        "The Overlord captures anything, and figures of the same kind capture each other.",
        "Picture: captures",
    ]),
    ("Control of the Sources", [
        "Whenever a figure ends its move on a Source (also by capturing or teleporting there), "
        "that Source gets its side's flag, replacing the enemy's. Flags stay when the figure "
        "leaves. A figure recruited onto a Source stands on a Source its side already "
        "controls.",
    ]),
    ("When you cannot move", [
        "If any pair of your unplayed stones allows a move or a recruit, you must make one.",
        "Only when no pair allows anything do you discard: you play any one unplayed Rune and "
        "any one unplayed Fate without moving. Any pair may be discarded; the \"not with\" "
        "limits apply to moves only. The discard counts as that turn's stones.",
    ]),
    ("The end", [
        "- Capture the enemy Overlord: you win at once.",
        "- Hold all nine Sources after your move: you win at once.",
        "Ruling: the game is a draw after 100 turns in a row (both sides counted, discards "
        "included) without a capture, a recruit, or a Source getting a flag it did not "
        "already have.",
        "A finished game offers no further turns.",
    ]),
    ("Playing on screen", [
        "The quick way: click one of your figures. Every square it can reach with the stones "
        "in your hand is marked, each with the Rune that gets it there: a dot for a move, a "
        "ring for a capture; a small dot is a square only a Teleport reaches. Click a marked "
        "square to move. If two Runes lead to the same square, you are asked which one to "
        "spend (to teleport where another Rune also goes, pick the Rune 5 stone first).",
        "The careful way: first click a Rune stone and a Fate stone in your hand, then a "
        "figure, then its destination. Rune 6 with a Fate lights up the Sources that can take "
        "that figure; click one to recruit.",
        "A click on a square you may not go to says why, in words.",
        "Your Overlord's safety is shown as you pick: a square with a red warning triangle "
        "(!) leaves your Overlord open to capture next turn; a square with a red \"2\" "
        "diamond loses it by force: the enemy has a reply after which none of your moves "
        "saves it (the second move decides, hence the 2). Point at a marked square and the "
        "status line names the enemy move that does it. When an enemy figure can already "
        "capture it, your Overlord glows red, each attacker is ringed with an arrow to it, and "
        "the screen names them; then the squares with a shield are the moves that make your "
        "Overlord safe.",
        "When no move exists, the screen says so: pick a Rune and a Fate and press Discard.",
        "The move log lists every turn (Rune, Fate, then the squares). Click an entry to look "
        "at the board as it was then, and Back to game to return.",
        "Hint (or H) on your turn asks the normal CPU level for a move and shows it without "
        "playing it: a dashed outline and an arrow on the board, dashed rings on its two "
        "stones, and the move in words; click the marked square (or Discard) to play it.",
        "Resign is in the Menu (Esc): it ends the game at once as a loss for the side "
        "resigning, and cannot be undone; Review, Rematch and Main menu stay open.",
        "Keys: H hint, Ctrl+Z undo, Ctrl+Y redo, F1 rules, F11 fullscreen, M sound on or off, "
        "Esc to go back.",
    ]),
    ("Move notation", [
        "A turn is written as its Rune digit and Fate letter, a space, then the squares: "
        "\"2D f1-c4\" is a Bishop slide of a Dragon from f1 to c4 (a capture is written the "
        "same way); \"6H b5\" recruits a Hero on b5; \"3W --\" discards Rune 3 and a Wizard "
        "Fate.",
    ]),
]

# Stable keys of the sections, for links into this page ("Read more" in a lesson, "Why?" on a
# refusal): RulesScene(app, "overlords", topic=KEY) opens scrolled to that section. Keep the
# keys when sections are renamed or reordered; map a key to the section that now holds it.
TOPICS: dict[str, str] = {
    "win": "How to win", "board": "The board", "figures": "Your figures",
    "stones": "The stones", "reckoning": "The stones", "runes": "The Runes",
    "moving": "Moving", "capturing": "Capturing", "sources": "Control of the Sources",
    "discard": "When you cannot move", "end": "The end", "screen": "Playing on screen",
    "notation": "Move notation",
}
