"""Widgets: buttons, segmented choices, a number field, a text field; each handles actions and
draws itself. One widget per module; the interface they all keep is written down in
`common.ui.widgets.base`. Import them from here (`from common.ui.widgets import Button`)."""

from __future__ import annotations

from common.ui.widgets.base import Callback, CallbackSlot, Widget, held
from common.ui.widgets.button import Button
from common.ui.widgets.choice import Choice
from common.ui.widgets.layout import handle_all, row, stack
from common.ui.widgets.number_field import NumberField
from common.ui.widgets.text_field import TextField

__all__ = ["Button", "Callback", "CallbackSlot", "Choice", "NumberField", "TextField", "Widget",
           "handle_all", "held", "row", "stack"]
