"""The lesson runner every game shares (plain Python, no pygame): lesson data loaded and
checked, the steps of a lesson followed, and each goal judged by asking the engine.

A game's lessons are one JSON file in `assets/lessons/GAME.json`, read by that game's lesson
module (`overlords.lessons`, `prepollency.lessons`), which meets `LessonGame`: it builds a
step's position from data, checks a goal's data, and holds `JUDGES`, its table of goal kind ->
judge, each judging a goal on the engine's states (a capture made, a square controlled, a hold
count reached, a base eliminated); `judge` dispatches. The file:

    {"game": "overlords", "version": 1, "lessons": [
      {"id": "pair", "title": "Rune and Fate", "topic": "stones",
       "marks": false,                  # true: this lesson teaches the board's danger marks
                                        #  (hidden in the lessons before it)
       "steps": [
         {"position": {...},           # the game's own position data (or "continue": true:
                                       #  the position the previous step and its reply left)
          "goal": {"kind": "reach", ...},   # or a list of goals, all to be met
          "text": "Move your Dragon to d4.",  # the goal in one sentence
          "intro": "Each turn plays ...",     # what the step teaches (optional)
          "highlight": ["c3", "d4"],          # squares drawn with corner marks (optional)
          "solution": ["2D c3-d4"],           # the intended turn (record notation)
          "wrong": [{"move": "3D c3-c5", "hint": "Rune 3 ..."}],  # tries the check replays
          "hint": "Rune 2 slides diagonally.", # said after every wrong try's reason
          "reply": ["1o e8-e7"],              # the CPU side's scripted turns ("engine": the
                                              #  easy CPU chooses)
          "done": "Right: ...",               # said when the goal is met
          "claims": [{"kind": "frozen", "square": "d4"}]}]}]}
                                              # what the texts say, checked by the engine
                                              #  (`claims`)

Nothing is judged by matching a click: a goal is met when the engine's position after the
learner's turn says so (any turn that does it counts), and a wrong try is answered with the
engine's refusal (for an illegal one) or the goal's own "why not" (for a legal one), then the
step's hint. `check_lessons` replays every step: the solution is legal and meets the goal,
the goal is not met before it, every wrong try is refused with a reason or misses the goal,
the scripted replies are legal, and every claim holds. Stars: 3 for a lesson done without a
wrong try, 2 with one or two, 1 with more (`stars`).

The modules, one job each (this package re-exports what callers use):

- `model`: `Lesson`, `Step`, `LessonGame`, a lesson file loaded and parsed (`load_lessons`);
- `run`: `LessonRun`, a lesson being played, and `judge` (the game's table dispatched);
- `claims`: each claim a step's texts make, judged by the game's `CLAIMS` where it is made;
- `check`: `check_lesson(s)`, `check_all` and the `learn` command (`check_command`).
"""

from common.lessons.check import check_all, check_command, check_lesson, check_lessons
from common.lessons.model import (
    LESSONS_DIR,
    MAX_FILE,
    MAX_TEXT,
    Judge,
    Lesson,
    LessonError,
    LessonGame,
    Step,
    Wrong,
    lesson_game,
    load_lessons,
    parse_lessons,
    quoted,
)
from common.lessons.run import (
    Attempt,
    LessonRun,
    join,
    judge,
    judge_all,
    parse_turn,
    stars,
    stars_text,
    stars_why,
)

__all__ = ["LESSONS_DIR", "MAX_FILE", "MAX_TEXT", "Attempt", "Judge", "Lesson", "LessonError",
           "LessonGame", "LessonRun", "Step", "Wrong", "check_all", "check_command",
           "check_lesson", "check_lessons", "join", "judge", "judge_all", "lesson_game",
           "load_lessons", "parse_lessons", "parse_turn", "quoted", "stars", "stars_text",
           "stars_why"]
