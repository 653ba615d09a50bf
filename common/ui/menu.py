"""Where the main menu and the Settings scene used to live: kept for the many modules that
import them from here (the game packages among them). They live in
`common.ui.scenes.menu_scene` and `common.ui.scenes.settings_scene`."""

from __future__ import annotations

from common.ui.scenes.menu_scene import MainMenu
from common.ui.scenes.settings_scene import TABLE_SETTINGS, SettingsScene

__all__ = ["TABLE_SETTINGS", "MainMenu", "SettingsScene"]
