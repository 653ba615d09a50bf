"""The first-launch offer: the card the main menu shows beside its buttons until the player
answers it (`Progress.offer_seen`): "New to these games? Learn Overlords / Learn Prepollency /
No thanks". It never covers the menu and writes nothing until answered; a game's answer opens
its Learn screen (`common.ui.scenes.learn_scene`)."""

from __future__ import annotations

import pygame

from common import progress
from common.games import GAMES
from common.i18n import N_, Message
from common.ui import draw
from common.ui.input import Action
from common.ui.scenes.learn_scene import LearnScene
from common.ui.theme import mix
from common.ui.widgets import Button, handle_all, stack


def offer_wanted(app) -> bool:
    """True while the first-launch offer waits for its answer: the real program (an app with
    a settings file), and the player never answered it."""
    return app.settings_file is not None and not progress.of_app(app).offer_seen


class FirstLaunchOffer:
    """The one-time offer on the main menu, beside its buttons: "New to these games?" Learn
    Overlords / Learn Prepollency / No thanks. Nothing is written until the player answers
    (then `Progress.offer_seen`, for good); it does not cover the menu."""

    TITLE = N_("New to these games?")
    TEXT = N_("Short lessons on the real board teach each game move by move.")

    def __init__(self, app, closed) -> None:
        self.app = app
        self.closed = closed  # called once answered (the menu drops the card)
        self.buttons: list[Button] = [
            Button(Message(N_("Learn {game}"), game=entry.title), self._answer(entry.name),
                   primary=True)
            for entry in GAMES.values()] + [Button(N_("No thanks"), self._answer(None))]
        self.rect = pygame.Rect(0, 0, 0, 0)

    def _answer(self, game: str | None):
        def answer() -> None:
            held = progress.of_app(self.app)
            held.set_offer_seen()
            problem = held.save()
            if problem:
                self.app.toast(problem, 3.0)
            self.closed()
            if game is not None:
                self.app.push(LearnScene(self.app, game))
        return answer

    def layout(self, size: tuple[int, int], menu: pygame.Rect) -> None:
        """At the right of the menu's panel, as wide as the room there allows."""
        m = self.app.m
        room = size[0] - menu.right - 4 * m.pad
        w = min(380, room)
        lines = draw.wrap(self.TEXT, m.small, w - 2 * m.pad)
        h = (int(m.normal * 1.5) + len(lines) * int(m.small * 1.35) + m.pad
             + len(self.buttons) * (m.button_h + m.pad // 2) + m.pad)
        self.rect = pygame.Rect(menu.right + 2 * m.pad, menu.y, w, h)
        top = self.rect.bottom - m.pad - len(self.buttons) * (m.button_h + m.pad // 2)
        stack(pygame.Rect(self.rect.x + m.pad, top, w - 2 * m.pad, self.rect.h), self.buttons,
              m.button_h, m.pad // 2)

    def handle(self, action: Action) -> bool:
        """Its buttons."""
        return handle_all(self.buttons, action)

    def draw(self, surface: pygame.Surface) -> None:
        """A panel with the question, a line, and the three answers."""
        pal, m = self.app.pal, self.app.m
        draw.panel(surface, self.rect, mix(pal.panel, pal.primary, 0.12), pal.primary,
                   m.radius, 6)
        x, y = self.rect.x + m.pad, self.rect.y + m.pad // 2
        px = draw.fit_text(self.TITLE, m.normal, self.rect.w - 2 * m.pad, True)
        draw.blit_text(surface, self.TITLE, px, pal.text, (x, y), bold=True)
        y += int(m.normal * 1.5)
        for line in draw.wrap(self.TEXT, m.small, self.rect.w - 2 * m.pad):
            draw.blit_text(surface, line, m.small, pal.text_dim, (x, y))
            y += int(m.small * 1.35)
        for widget in self.buttons:
            widget.draw(surface, pal, m)
