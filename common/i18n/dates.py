"""Dates and times in the current language: month names from the catalogue (not strftime's
%b, which follows the C library's locale, not the app's), the order of day, month and year as
each language writes it (a whole message a translator reorders)."""

from __future__ import annotations

import time

from common.i18n import pgettext


def month(number: int) -> str:
    """The short name of a month (1-12) in the current language."""
    names = (pgettext("month", "Jan"), pgettext("month", "Feb"), pgettext("month", "Mar"),
             pgettext("month", "Apr"), pgettext("month", "May"), pgettext("month", "Jun"),
             pgettext("month", "Jul"), pgettext("month", "Aug"), pgettext("month", "Sep"),
             pgettext("month", "Oct"), pgettext("month", "Nov"), pgettext("month", "Dec"))
    return names[(number - 1) % 12]


def clock(then: time.struct_time) -> str:
    """The time of day: "14:05" (as the language writes it)."""
    # Translators: a time of day, 24-hour clock; {hour} and {minute} are two digits each
    return pgettext("time", "{hour}:{minute}").format(hour=f"{then.tm_hour:02d}",
                                                      minute=f"{then.tm_min:02d}")


def when(seconds: float, now: float | None = None) -> str:
    """A file's date as a list shows it: "today 14:05", "12 Mar 2026, 14:05" (local time)."""
    then = time.localtime(seconds)
    today = time.localtime(now)
    if then[:3] == today[:3]:
        # Translators: when a game was saved today; {time} is e.g. 14:05
        return pgettext("date", "today {time}").format(time=clock(then))
    # Translators: a date and time; reorder as your language writes dates ({month} is short)
    return pgettext("date", "{day} {month} {year}, {time}").format(
        day=then.tm_mday, month=month(then.tm_mon), year=then.tm_year, time=clock(then))
