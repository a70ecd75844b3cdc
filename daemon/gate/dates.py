"""Relative dates made absolute against the time of the turn that says them.

``resolve_relative_dates`` keeps each phrase and appends what it means in parentheses:
"next Tuesday" said on 2026-11-17 becomes "next Tuesday (2026-11-24)". A day is an ISO date,
a week ``week of <its Monday>``, a weekend ``weekend of <its Saturday>``, a month
``2026-11``, a quarter ``2026-Q4``, a year ``2026``; "end of the month" is the month's last
day. The date is the turn's local date: ``at`` is given in the turn's own zone (a naive
``at`` is UTC), so "tomorrow" said at 23:30 in Los Angeles is the next day there, whatever
the date in UTC. Weeks start on Monday, so "next week" and "next
Friday" are in the week after this one ("next Friday" said on a Monday is 11 days ahead);
"this Friday" is the coming Friday, today included ("this Monday" said on a Monday is that
very day); "last Friday" is the latest Friday before today; "by Friday", a deadline, is the
next Friday after today, unless the clause says it is a habit ("usually done by Friday").
A bare weekday after "on" or
with a part of the day ("Monday morning") takes the tense of its clause: the next one after
today, or the latest one before today when the clause is in the past ("we shipped it on
Friday"); a clause that mixes past and future, or says something habitual ("every",
"usually", "weekly", "on Mondays", "Monday mornings"), is left alone: a recurring weekday
never gets a date. So is a duration in the past ("we built it in two weeks").

The rule is "right or untouched": a phrase already followed or preceded by its date, a
phrase that only looks like a date ("next steps", "the next release", "the last week of
March"), a vague one ("sometime next week", "around Thursday"), an absolute date, and a
date the calendar cannot hold (past year 9999) are left as they are. The scan is one pass of
a regex without nested repetition plus a bounded look at the words around each match, so it
runs in time linear in the text, and it never raises.
"""

from __future__ import annotations

import calendar
import re
from bisect import bisect_right
from datetime import date, datetime, timedelta

__all__ = ["LABEL", "resolve_relative_dates"]

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten", "eleven", "twelve")  # fmt: skip
_WD = "|".join(_WEEKDAYS)
_NUM = r"\d{1,3}|an?|" + "|".join(_NUMBERS)
_PART = r"(?:\s+(?:morning|afternoon|evening|night))?"
_POSS = r"(?:['\u2019]s)?"
_RELATIVE = re.compile(
    r"\b(?:"
    r"(?P<after>(?:the\s+)?day\s+after\s+tomorrow)"
    r"|(?P<before>(?:the\s+)?day\s+before\s+yesterday)"
    r"|(?P<this_part>this\s+(?:morning|afternoon|evening))"
    r"|(?P<last_night>last\s+night)"
    rf"|(?P<day>today|tonight|tomorrow{_PART}|yesterday{_PART})"
    r"|(?P<after_next>(?:the\s+)?week\s+after\s+next)"
    rf"|(?P<rel>next|last|this(?:\s+(?:coming|past))?)\s+(?P<wd>{_WD}){_PART}"
    rf"|(?P<by>by|until|till)\s+(?P<by_wd>{_WD})"
    rf"|(?:(?P<on>on)\s+)?(?P<bare_wd>{_WD})(?P<part>{_PART})"
    r"|(?P<edge>end|start|beginning)\s+of\s+(?:(?P<edge_rel>the|this|next|last)\s+)?"
    r"(?P<edge_period>week|month|quarter|year)"
    r"|(?P<rel_p>next|this|last)\s+(?P<period>weekend|week|month|quarter|year)"
    rf"|in\s+(?P<n_in>{_NUM})\s+(?P<unit_in>day|week|month|year)s?(?:['\u2019]?\s+time)?"
    rf"|(?P<n_from>{_NUM})\s+(?P<unit_from>day|week|month|year)s?\s+from\s+(?:now|today)"
    rf"|(?P<n_ago>{_NUM})\s+(?P<unit_ago>day|week|month|year)s?\s+ago"
    rf"){_POSS}\b",
    re.IGNORECASE,
)
# "the next Monday", "every Monday morning", "Black Friday": not a date of the speaker's;
# "sometime next week", "around Thursday": vague, no one day or week meant.
_NOT_AFTER = frozenset((
    "the", "every", "each", "black", "cyber", "good", "patch", "super", "ash", "holy",
    "easter", "blue", "maundy", "sometime", "around", "roughly", "approximately", "circa"
))  # fmt: skip
_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
# "tomorrow (2026-10-06)", "next Monday (Oct 12)", "tomorrow, 2026-10-06": dated already.
_DATED_AFTER = re.compile(
    rf"\s*(?:\(\s*(?:(?:week|weekend)\s+of\s+|by\s+|on\s+)?(?:\d|(?:{_MONTHS})[a-z]*\.?\s*\d)"
    r"|[,:\u2013\u2014-]\s*\d{4}-\d\d)",
    re.IGNORECASE,
)
_DATED_BEFORE = re.compile(r"\d{4}(?:-\d\d){1,2}\s*[(,:\u2013\u2014-]?\s*$")
_OF = re.compile(r"\s+of\b", re.IGNORECASE)
_OR = re.compile(r"\s+or\s+(?:two|three|so|more|less)\b", re.IGNORECASE)
# What resolve_relative_dates appends; the tense of a clause is read with these taken out, so
# a second pass sees the same words around each phrase as the first.
LABEL = re.compile(r" \((?:week of |weekend of )?\d{4}(?:-\d\d(?:-\d\d)?|-Q[1-4])?\)")
_CLAUSE_END = re.compile(r"[.;!?\n]")
_WORD = re.compile(r"[a-z]+(?:['\u2019][a-z]+)?")
_WINDOW = 120  # characters of context looked at on each side of a phrase

_FUTURE = frozenset((
    "will", "shall", "gonna", "is", "are", "am", "be", "due",
    "scheduled", "planned", "plan", "plans", "need", "needs", "must", "should", "let's",
    "let\u2019s", "can", "won't"
))  # fmt: skip
_PAST = frozenset((
    "was", "were", "did", "had", "didn't", "wasn't", "weren't", "hadn't", "ago",
    "yesterday", "went", "came", "met", "saw", "told", "said", "sent", "made", "took",
    "found", "began", "broke", "gave", "got", "left", "ran", "wrote", "spoke", "fell",
    "forgot", "paid", "built", "bought", "lost", "held", "kept", "chose", "knew",
    "thought", "brought", "caught", "taught", "felt", "heard", "meant", "rode", "sold",
    "stood", "understood", "won", "drove", "flew", "froze", "shook", "woke"
))  # fmt: skip
_SPANS = frozenset((
    "ago", "week", "weeks", "weekend", "month", "months", "year", "years"
))  # fmt: skip
_HABIT = frozenset((
    "every", "each", "always", "usually", "typically", "normally", "generally", "often",
    "daily", "nightly", "weekly", "biweekly", "fortnightly", "monthly", "quarterly",
    "yearly", "annually", "hourly", "weekdays", "weekends", "mornings", "afternoons",
    "evenings", "nights", "mondays", "tuesdays", "wednesdays", "thursdays", "fridays",
    "saturdays", "sundays"
))  # fmt: skip
# "on Monday mornings": the regex stops before the plural, which makes it a habit.
_PLURAL_PART = re.compile(r"\s+(?:morning|afternoon|evening|night)s\b", re.IGNORECASE)
_NOT_VERB_BEFORE = frozenset((
    "the", "a", "an", "our", "my", "your", "his", "her", "their", "its", "this", "that",
    "is", "are", "am", "be", "been", "being", "get", "gets", "got", "will"
))  # fmt: skip
_NOT_PAST_ED = frozenset((
    "need", "speed", "seed", "feed", "indeed", "proceed", "exceed", "succeed", "bed",
    "red", "shed", "embed", "based", "hundred", "sacred", "naked", "wicked", "rugged",
    "beloved", "aged"
))  # fmt: skip
_INTENT = frozenset((
    "decided", "decide", "decides", "agreed", "agree", "agrees", "plan", "plans",
    "planned", "want", "wants", "wanted", "need", "needs", "needed", "going", "promised",
    "promise", "expect", "expects", "expected", "hope", "hoped", "intend", "intends",
    "intended", "aim", "aims", "chose", "choose", "asked", "ask", "scheduled", "ready",
    "about", "supposed", "have", "has"
))  # fmt: skip


def _add_months(day: date, months: int) -> date:
    years, month0 = divmod(day.month - 1 + months, 12)
    year = day.year + years
    return day.replace(
        year=year, month=month0 + 1, day=min(day.day, calendar.monthrange(year, month0 + 1)[1])
    )


def _count(word: str) -> int:
    low = word.casefold()
    if low.isdigit():
        return int(low)
    return 1 if low in ("a", "an") else _NUMBERS.index(low)


def _monday(day: date, weeks: int = 0) -> date:
    return day - timedelta(days=day.weekday()) + timedelta(weeks=weeks)


def _step(rel: str) -> int:
    return {"next": 1, "last": -1}.get(rel.casefold(), 0)


def _period(step: int, period: str, today: date) -> str:
    if period == "week":
        return f"week of {_monday(today, step).isoformat()}"
    if period == "weekend":
        return f"weekend of {(_monday(today, step) + timedelta(days=5)).isoformat()}"
    if period == "month":
        month = _add_months(today.replace(day=1), step)
        return f"{month.year:04}-{month.month:02}"
    if period == "year":
        return f"{date(today.year + step, 1, 1).year:04}"  # date() refuses years 0 and 10000
    quarter = today.year * 4 + (today.month - 1) // 3 + step
    return f"{date(quarter // 4, 1, 1).year:04}-Q{quarter % 4 + 1}"


def _edge(edge: str, step: int, period: str, today: date) -> str:
    """The first or last day of a period; a week stays a week."""
    if period == "week":
        return _period(step, "week", today)
    if period == "year":
        first, months = date(today.year + step, 1, 1), 12
    elif period == "quarter":
        first = _add_months(today.replace(day=1, month=(today.month - 1) // 3 * 3 + 1), 3 * step)
        months = 3
    else:
        first, months = _add_months(today.replace(day=1), step), 1
    if edge != "end":
        return first.isoformat()
    last_month = _add_months(first, months - 1)
    return last_month.replace(
        day=calendar.monthrange(last_month.year, last_month.month)[1]
    ).isoformat()


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


def _tense(left: list[str], right: list[str]) -> str | None:
    """The clause's tense, "past" or "future" (the present counts as future, "we ship on
    Friday"), or None when it mixes both or says something habitual.

    ``left`` and ``right`` are the words of the clause before and after the phrase. An
    infinitive after a word of intent ("decided to ship on Friday") makes it future whatever
    came before it.
    """
    past = future = False
    for i in range(len(left) - 1, 0, -1):
        if left[i] == "to" and (left[i - 1] in _INTENT or (i > 1 and left[i - 2] in _INTENT)):
            left, future = left[i + 1 :], True
            break
    clause = left + right
    for i, word in enumerate(clause):
        before = clause[i - 1] if i else ""
        after = clause[i + 1] if i + 1 < len(clause) else ""
        if word in _HABIT:
            return None
        if (
            word in _FUTURE
            or word.endswith(("'ll", "\u2019ll"))
            or (word == "going" and after == "to")
        ):
            future = True
        elif word in _PAST or (
            len(word) > 3
            and word.endswith("ed")
            and word not in _NOT_PAST_ED
            and before not in _NOT_VERB_BEFORE
        ):
            past = True
    if past and future:
        return None
    return "past" if past else "future"


def _clause(text: str, start: int, end: int) -> tuple[list[str], list[str]]:
    """The words of the clause before and after ``text[start:end]``, in a bounded window."""
    left = text[max(0, start - _WINDOW) : start]
    right = text[end : end + _WINDOW]
    cut = [m.end() for m in _CLAUSE_END.finditer(left)]
    left = left[cut[-1] :] if cut else left
    stop = _CLAUSE_END.search(right)
    right = right[: stop.start()] if stop else right
    return _words(left), _words(right)


def _bare_weekday(weekday: int, today: date, clause: tuple[list[str], list[str]]) -> date | None:
    tense = _tense(*clause)
    if tense is None:
        return None
    if tense == "past":
        return today - timedelta(days=(today.weekday() - weekday - 1) % 7 + 1)
    return today + timedelta(days=(weekday - today.weekday() - 1) % 7 + 1)


class _Plain:
    """The text without the labels in it, and where a position of the text falls there."""

    def __init__(self, text: str) -> None:
        self.text = LABEL.sub("", text)
        self._ends: list[int] = []
        self._removed = [0]
        for found in LABEL.finditer(text):
            self._ends.append(found.end())
            self._removed.append(self._removed[-1] + found.end() - found.start())

    def clause(self, start: int, end: int) -> tuple[list[str], list[str]]:
        def at(pos: int) -> int:
            return pos - self._removed[bisect_right(self._ends, pos)]

        return _clause(self.text, at(start), at(end))


def _joined(clause: tuple[list[str], list[str]]) -> list[str]:
    left, right = clause
    return left + right


def _label(m: re.Match[str], plain: _Plain, today: date) -> str | None:
    """What the phrase ``m`` means, or None when it should stay as it is."""
    group = m.group
    if group("after"):
        return (today + timedelta(days=2)).isoformat()
    if group("before"):
        return (today - timedelta(days=2)).isoformat()
    if group("this_part"):
        return today.isoformat()
    if group("last_night"):
        return (today - timedelta(days=1)).isoformat()
    if day := group("day"):
        word = day.split()[0].casefold()
        if word == "tonight" and "midnight" in _joined(plain.clause(m.start(), m.end())):
            return None  # "tonight at midnight": the night ends on the next date, or this one
        offsets = {"today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1}
        return (today + timedelta(days=offsets[word])).isoformat()
    if group("after_next"):
        return _period(2, "week", today)
    if weekday := group("wd"):
        wd, rel = _WEEKDAYS.index(weekday.casefold()), " ".join(group("rel").casefold().split())
        if rel == "next":
            return (_monday(today, 1) + timedelta(days=wd)).isoformat()
        if rel in ("last", "this past"):
            return (today - timedelta(days=(today.weekday() - wd - 1) % 7 + 1)).isoformat()
        return (today + timedelta(days=(wd - today.weekday()) % 7)).isoformat()
    if weekday := group("by_wd"):  # a deadline: the next one after today
        if _HABIT.intersection(_joined(plain.clause(m.start(), m.end()))):
            return None  # "usually finishes by Tuesday noon": a habit, not one deadline
        wd = _WEEKDAYS.index(weekday.casefold())
        return (today + timedelta(days=(wd - today.weekday() - 1) % 7 + 1)).isoformat()
    if weekday := group("bare_wd"):
        if not (group("on") or group("part")):
            return None  # a weekday alone names no one day ("Friday is demo day")
        left, right = plain.clause(m.start(), m.end())
        if _SPANS.intersection(left + right):
            return None  # "three weeks ago on Monday": a Monday of another week
        found = _bare_weekday(_WEEKDAYS.index(weekday.casefold()), today, (left, right))
        return found.isoformat() if found else None
    if edge := group("edge"):
        left, right = plain.clause(m.start(), m.end())
        if _HABIT.intersection(left + right):
            return None
        step = _step(group("edge_rel") or "this")
        return _edge(edge.casefold(), step, group("edge_period").casefold(), today)
    if period := group("period"):
        return _period(_step(group("rel_p")), period.casefold(), today)
    if group("n_ago"):
        count, unit = -_count(group("n_ago")), group("unit_ago")
    else:
        if _tense(*plain.clause(m.start(), m.end())) != "future":
            return None  # "we built it in two weeks": a duration, not a date
        count = _count(group("n_in") or group("n_from"))
        unit = group("unit_in") or group("unit_from")
    unit = unit.casefold()
    if unit in ("month", "year"):
        return _add_months(today, count * (12 if unit == "year" else 1)).isoformat()
    return (today + timedelta(days=count * (7 if unit == "week" else 1))).isoformat()


def _skip(m: re.Match[str], text: str) -> bool:
    """True when the phrase already carries its date or is not the speaker's date."""
    before = text[max(0, m.start() - 24) : m.start()]
    previous = before.split()[-1].casefold() if before.split() else ""
    starts_with_the = m.group(0)[:3].casefold() == "the"
    if previous in _NOT_AFTER and not starts_with_the and not m.group("edge"):
        return True
    if _DATED_BEFORE.search(before):
        return True
    after = text[m.end() : m.end() + 40]
    weekday = m.group("wd") or m.group("bare_wd") or m.group("by_wd")
    if weekday and _PLURAL_PART.match(after):
        return True
    counted = m.group("n_in") or m.group("n_from") or m.group("n_ago")
    return bool(_DATED_AFTER.match(after) or _OF.match(after) or (counted and _OR.match(after)))


def resolve_relative_dates(text: str, at: datetime) -> str:
    """Append the date each relative one means: 'next Tuesday' → 'next Tuesday (2026-11-24)'.

    Never raises: a phrase whose date the calendar cannot hold is left as it is.
    """
    today = at.date()  # the turn's local date: its own zone's, or UTC's for a naive time

    plain = _Plain(text)

    def replace(m: re.Match[str]) -> str:
        if _skip(m, text):
            return m.group(0)
        try:
            label = _label(m, plain, today)
        except (OverflowError, ValueError):
            return m.group(0)
        return m.group(0) if label is None else f"{m.group(0)} ({label})"

    return _RELATIVE.sub(replace, text)
