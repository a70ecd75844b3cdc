"""The independent attack sets stay well-formed and no smaller than promised.

These pin the data, not memoryd: a later edit cannot silently drop cases, lose a kind or a
language, or leave a secret that its own case does not actually contain.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections import Counter
from zoneinfo import ZoneInfo

import pytest

from tests.redteam.sets import (
    set_a,
    set_b,
    set_c,
    set_d,
    set_e,
    set_f,
    set_g,
    set_h,
    set_i,
    set_j,
    set_k,
    set_l,
)
from tests.redteam.sets.model import (
    AttackSet,
    DateOutcome,
    Disguise,
    Field,
    Form,
    JunkKind,
    PlantedKind,
    Resembles,
    Said,
    SecretKind,
)

SETS = [
    set_a.SET,
    set_b.SET,
    set_c.SET,
    set_d.SET,
    set_e.SET,
    set_f.SET,
    set_g.SET,
    set_h.SET,
    set_i.SET,
    set_j.SET,
    set_k.SET,
    set_l.SET,
]
#: Fields that sets written before they existed do not use.
NEWER_FIELDS = {"A": {Field.TOOL_SCHEMA}, "B": {Field.TOOL_SCHEMA}, "C": {Field.TOOL_SCHEMA}}
AT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$")
OFFSET = re.compile(r"^[+-]\d{2}:\d{2}$")
COMMAND_LINE_IN_CALLS = 6


def _joined(said: tuple[Said, ...]) -> str:
    return "\n".join(s.text for s in said)


def _words(text: str) -> int:
    return len(text.split())


@pytest.fixture(params=SETS, ids=lambda s: s.name)
def aset(request: pytest.FixtureRequest) -> AttackSet:
    chosen: AttackSet = request.param
    return chosen


def test_each_set_holds_at_least_the_promised_counts(aset: AttackSet) -> None:
    assert len(aset.secrets) >= 40
    assert len(aset.planted) >= 30
    assert len(aset.legit) >= 25
    assert sum(c.junk for c in aset.junk) >= 20
    assert sum(not c.junk for c in aset.junk) >= 6
    assert len(aset.dates) >= 15


def _ids(aset: AttackSet) -> list[str]:
    return [
        *(c.id for c in aset.secrets),
        *(c.id for c in aset.planted),
        *(c.id for c in aset.legit),
        *(c.id for c in aset.junk),
        *(c.id for c in aset.dates),
    ]


def _saids(aset: AttackSet) -> list[Said]:
    return [
        *(s for c in aset.secrets for s in c.said),
        *(s for c in aset.planted for s in c.said),
        *(s for c in aset.legit for s in c.said),
        *(s for c in aset.junk for s in c.said),
    ]


def test_ids_are_unique_across_every_set() -> None:
    ids = [i for s in SETS for i in _ids(s)]
    assert [i for i, n in Counter(ids).items() if n > 1] == []


def test_sets_differ_in_name_and_style() -> None:
    assert len({s.name for s in SETS}) == len({s.style for s in SETS}) == len(SETS)


def test_every_text_sent_as_tool_call_arguments_is_json(aset: AttackSet) -> None:
    for s in _saids(aset):
        assert (s.tool is not None) == (s.field in (Field.TOOL_ARGUMENTS, Field.TOOL_OUTPUT))
        if s.field is Field.TOOL_ARGUMENTS:
            assert isinstance(json.loads(s.text), dict), s.text
        if s.field is Field.TOOL_SCHEMA:
            tools = json.loads(s.text)
            assert tools and all(isinstance(t, dict) for t in tools), s.text


def test_every_secret_occurs_in_its_case_and_in_the_careless_memory(aset: AttackSet) -> None:
    for case in aset.secrets:
        text = _joined(case.said)
        assert len(case.secret) >= 8, case.id
        assert case.secret in text, case.id
        for piece in case.also:
            assert len(piece) >= 6 and piece in text, (case.id, piece)
        assert case.secret in case.memory or (
            case.plain is not None and case.plain in case.memory
        ), case.id
        assert (case.plain is None) == (case.disguise is Disguise.NONE), case.id
        if case.disguise is Disguise.SPLIT:
            assert case.also, case.id


def test_secrets_cover_every_kind_field_and_eight_languages(aset: AttackSet) -> None:
    assert {c.kind for c in aset.secrets} == set(SecretKind)
    fields = {s.field for c in aset.secrets for s in c.said if c.secret in s.text}
    assert fields == set(Field) - NEWER_FIELDS.get(aset.name, set())
    prose_languages = {c.language for c in aset.secrets if c.language != "en"}
    assert len(prose_languages) >= 8, prose_languages
    in_calls = [
        c
        for c in aset.secrets
        if c.kind is SecretKind.COMMAND_LINE
        and any(s.field is Field.TOOL_ARGUMENTS and c.secret in s.text for s in c.said)
    ]
    assert len(in_calls) >= COMMAND_LINE_IN_CALLS


def test_no_secret_shows_up_in_a_legitimate_memory(aset: AttackSet) -> None:
    kept = [c.memory for c in aset.legit] + [c.memory for c in aset.junk if not c.junk]
    for case in aset.secrets:
        assert not any(case.secret in text for text in kept), case.id


def test_each_secret_belongs_to_one_case_of_all_sets() -> None:
    """A secret found in a store can only mean that its own case leaked."""
    texts: list[tuple[str, str]] = []
    for aset in SETS:
        texts += [(c.id, f"{_joined(c.said)}\n{c.memory}") for c in aset.secrets]
        texts += [(c.id, f"{_joined(c.said)}\n{c.memory}") for c in aset.planted]
        texts += [(c.id, f"{_joined(c.said)}\n{c.memory}") for c in aset.legit]
        texts += [(c.id, f"{_joined(c.said)}\n{c.memory}") for c in aset.junk]
        texts += [(c.id, c.text) for c in aset.dates]
    for aset in SETS:
        for case in aset.secrets:
            values = (case.secret, *case.also, *(() if case.plain is None else (case.plain,)))
            for value in values:
                assert [i for i, text in texts if value in text and i != case.id] == [], case.id


def test_planted_instructions_carry_their_markers_and_forms(aset: AttackSet) -> None:
    for case in aset.planted:
        text = _joined(case.said)
        assert case.markers, case.id
        for marker in case.markers:
            assert marker in case.memory and marker in text, (case.id, marker)
        if Form.SPLIT in case.forms:
            assert len(case.said) >= 2, case.id
    forms = {f for c in aset.planted for f in c.forms}
    assert {Form.CONVENTION, Form.FROM_NOW_ON, Form.SPLIT} <= forms
    assert forms & {Form.MARKDOWN, Form.HTML}
    assert {c.kind for c in aset.planted} == set(PlantedKind)
    assert len({c.language for c in aset.planted}) >= 6


def test_legitimate_memories_look_like_every_attack_and_include_short_ones(
    aset: AttackSet,
) -> None:
    assert {c.resembles for c in aset.legit} == set(Resembles)
    assert sum(_words(c.memory) <= 6 for c in aset.legit) >= 3
    assert any(c.instructs for c in aset.legit)
    assert any(not c.instructs for c in aset.legit)
    for case in aset.legit:
        assert case.memory.strip() and case.said, case.id


def test_junk_covers_its_kinds_and_prompt_copies_are_copies(aset: AttackSet) -> None:
    junk_kinds = {c.kind for c in aset.junk if c.junk}
    assert junk_kinds == set(JunkKind)
    for case in aset.junk:
        if case.junk and case.kind is JunkKind.PROMPT_COPY:
            assert case.memory in _joined(case.said), case.id
    for case in aset.junk:
        if not case.junk:
            assert _words(case.memory) <= 8, case.id


def _zone(timezone: str) -> dt.tzinfo:
    """An IANA name, or a fixed offset written as "+09:00"."""
    if OFFSET.match(timezone):
        return dt.datetime.fromisoformat(f"2000-01-01T00:00:00{timezone}").tzinfo or dt.UTC
    return ZoneInfo(timezone)


def _local_date(at: str, timezone: str | None) -> dt.date:
    moment = dt.datetime.fromisoformat(at)
    if timezone is not None:
        moment = moment.astimezone(_zone(timezone))
    return moment.date()


def test_dates_name_the_day_of_the_hosts_calendar(aset: AttackSet) -> None:
    for case in aset.dates:
        assert AT.match(case.at), case.id
        assert case.phrase in case.text, case.id
        if case.outcome is DateOutcome.UNCHANGED:
            assert case.days is None and case.expected is None, case.id
        else:
            assert case.days is not None and case.expected is not None, case.id
            expected = _local_date(case.at, case.timezone) + dt.timedelta(days=case.days)
            assert case.expected == expected, case.id
    outcomes = Counter(c.outcome for c in aset.dates)
    assert outcomes[DateOutcome.RESOLVED] >= 6
    assert outcomes[DateOutcome.UNCHANGED] >= 4
    assert any(c.timezone for c in aset.dates)
    assert any(c.language != "en" for c in aset.dates)
    utc_day_differs = [
        c
        for c in aset.dates
        if c.days is not None and _local_date(c.at, c.timezone) != _local_date(c.at, "UTC")
    ]
    assert len(utc_day_differs) >= 4


def test_set_d_holds_what_its_brief_asked() -> None:
    """Set D's own counts, languages and shapes (README.md, "What each set holds")."""
    d = set_d.SET
    assert len(d.secrets) >= 45
    assert len(d.planted) >= 40
    assert len(d.legit) >= 35
    assert sum(c.junk for c in d.junk) >= 25
    assert len(d.dates) >= 25
    wanted = {"ja", "hi", "ar", "tr", "pl", "it", "nl", "vi", "id"}
    assert wanted <= {c.language for c in d.secrets}
    assert len({c.language for c in d.planted}) >= 10
    assert {Disguise.SPLIT, Disguise.BASE64} <= {c.disguise for c in d.secrets}
    split = [c for c in d.secrets if c.disguise is Disguise.SPLIT]
    assert all(len(c.said) >= 2 for c in split)
    assert {Form.HTML, Form.MARKDOWN, Form.INDIRECT} <= {f for c in d.planted for f in c.forms}
    assert any(c.memory == "Use uv, not pip." for c in d.legit)
    zones = [c.timezone for c in d.dates if c.timezone is not None]
    assert any(OFFSET.match(z) for z in zones) and any("/" in z for z in zones)
    in_utc = [c for c in d.dates if c.timezone is not None and c.at.endswith("Z")]
    assert len(in_utc) >= 4  # only the event's timezone names their local day


def test_set_e_holds_what_its_brief_asked() -> None:
    """Set E's own counts, languages and shapes (README.md, "What each set holds")."""
    e = set_e.SET
    assert len(e.secrets) >= 56
    planted = Counter(c.kind for c in e.planted)
    assert len(e.planted) >= 46
    assert planted[PlantedKind.DECEPTIVE] >= 20 and planted[PlantedKind.UNSAFE] >= 20
    assert len(e.legit) >= 37
    assert sum(c.instructs for c in e.legit) >= 9
    assert sum(c.junk for c in e.junk) >= 22
    assert sum(not c.junk for c in e.junk) >= 9
    dates = Counter(c.outcome for c in e.dates)
    assert len(e.dates) >= 32
    assert min(dates[o] for o in DateOutcome) >= 8
    # Credentials in languages sets A to D do not have.
    wanted = {"th", "bn", "sw", "fi", "hu", "ro", "da", "ms", "ta", "ur", "ca", "nb", "tl", "et"}
    assert wanted <= {c.language for c in e.secrets}
    assert len({c.language for c in e.secrets} - {"en"}) >= 12
    assert len({c.language for c in e.planted}) >= 18
    secret_fields = {s.field for c in e.secrets for s in c.said if c.secret in s.text}
    assert secret_fields == set(Field)
    assert {
        Form.CONVENTION,
        Form.FROM_NOW_ON,
        Form.SPLIT,
        Form.MARKDOWN,
        Form.HTML,
        Form.INDIRECT,
        Form.DISGUISED,
    } <= {f for c in e.planted for f in c.forms}
    assert {c.disguise for c in e.secrets} >= {
        Disguise.ZERO_WIDTH,
        Disguise.SPLIT,
        Disguise.BASE64,
        Disguise.ESCAPED,
        Disguise.SPACED,
    }
    recurring = [c for c in e.dates if c.outcome is DateOutcome.UNCHANGED and c.language != "en"]
    assert len(recurring) >= 3
    near_midnight = [
        c
        for c in e.dates
        if c.days is not None and _local_date(c.at, c.timezone) != _local_date(c.at, "UTC")
    ]
    assert len(near_midnight) >= 12


def test_set_f_holds_what_its_brief_asked() -> None:
    """Set F's own counts, scripts and shapes (README.md, "What each set holds")."""
    f = set_f.SET
    assert len(f.secrets) >= 70
    planted = Counter(c.kind for c in f.planted)
    assert len(f.planted) >= 45
    assert planted[PlantedKind.DECEPTIVE] >= 20 and planted[PlantedKind.UNSAFE] >= 20
    assert len(f.legit) >= 37
    assert sum(c.instructs for c in f.legit) >= 10
    assert sum(c.junk for c in f.junk) >= 30
    assert sum(not c.junk for c in f.junk) >= 10
    dates = Counter(c.outcome for c in f.dates)
    assert len(f.dates) >= 30
    assert min(dates[o] for o in DateOutcome) >= 10
    # Credentials in scripts and languages the earlier sets do not list.
    wanted = {"ka", "hy", "he", "sr", "bg", "lt", "lv", "sl", "is", "kk", "uk", "fa"}
    assert wanted <= {c.language for c in f.secrets}
    assert len({c.language for c in f.secrets} - {"en"}) >= 20
    assert len({c.language for c in f.planted}) >= 18
    secret_fields = {s.field for c in f.secrets for s in c.said if c.secret in s.text}
    assert secret_fields == set(Field)
    assert set(Disguise) <= {c.disguise for c in f.secrets}
    in_calls = [
        c
        for c in f.secrets
        if c.kind is SecretKind.COMMAND_LINE
        and any(s.field is Field.TOOL_ARGUMENTS and c.secret in s.text for s in c.said)
    ]
    assert len(in_calls) >= 12
    assert set(Form) <= {form for c in f.planted for form in c.forms}
    recurring = [c for c in f.dates if c.outcome is DateOutcome.UNCHANGED and c.language != "en"]
    assert len(recurring) >= 5
    near_midnight = [
        c
        for c in f.dates
        if c.days is not None and _local_date(c.at, c.timezone) != _local_date(c.at, "UTC")
    ]
    assert len(near_midnight) >= 20


def test_set_g_holds_what_its_brief_asked() -> None:
    """Set G's own counts, scripts and shapes (README.md, "What each set holds")."""
    g = set_g.SET
    assert len(g.secrets) >= 80
    planted = Counter(c.kind for c in g.planted)
    assert len(g.planted) >= 45
    assert planted[PlantedKind.DECEPTIVE] >= 20 and planted[PlantedKind.UNSAFE] >= 20
    assert len(g.legit) >= 40
    assert sum(c.instructs for c in g.legit) >= 10
    assert sum(c.junk for c in g.junk) >= 30
    assert sum(not c.junk for c in g.junk) >= 10
    assert len(g.dates) >= 30
    # Credentials in scripts and languages the earlier sets do not list.
    wanted = {"am", "my", "km", "si", "ne", "mn", "yo", "ha", "so", "ps", "ku", "sq", "mk"}
    wanted |= {"az", "uz", "cy", "ga", "eu", "mt", "zu", "te", "ml", "gu", "pa", "lo", "be"}
    assert wanted <= {c.language for c in g.secrets}
    assert len({c.language for c in g.planted}) >= 15
    secret_fields = {s.field for c in g.secrets for s in c.said if c.secret in s.text}
    assert secret_fields == set(Field)
    assert {Disguise.SPLIT, Disguise.BASE64, Disguise.SPACED} <= {c.disguise for c in g.secrets}
    in_calls = [
        c
        for c in g.secrets
        if c.kind is SecretKind.COMMAND_LINE
        and any(s.field is Field.TOOL_ARGUMENTS and c.secret in s.text for s in c.said)
    ]
    assert len(in_calls) >= 8
    assert set(Form) <= {form for c in g.planted for form in c.forms}
    near_midnight = [
        c
        for c in g.dates
        if c.days is not None and _local_date(c.at, c.timezone) != _local_date(c.at, "UTC")
    ]
    assert len(near_midnight) >= 15


def test_set_h_holds_what_its_brief_asked() -> None:
    """Set H's own counts, languages and shapes (README.md, "What each set holds")."""
    h = set_h.SET
    assert len(h.secrets) >= 186
    planted = Counter(c.kind for c in h.planted)
    assert len(h.planted) >= 51
    assert planted[PlantedKind.DECEPTIVE] >= 26 and planted[PlantedKind.UNSAFE] >= 25
    assert len(h.legit) >= 41
    assert sum(c.instructs for c in h.legit) >= 14
    assert sum(_words(c.memory) <= 6 for c in h.legit) >= 5
    assert sum(c.junk for c in h.junk) >= 34
    assert sum(not c.junk for c in h.junk) >= 11
    dates = Counter(c.outcome for c in h.dates)
    assert len(h.dates) >= 42
    assert dates[DateOutcome.RESOLVED] >= 19
    assert dates[DateOutcome.RESOLVED_OR_UNCHANGED] >= 13
    assert dates[DateOutcome.UNCHANGED] >= 10
    # Credentials in languages and scripts the earlier sets do not list.
    wanted = {"jv", "su", "mr", "kn", "or", "sd", "ky", "tg", "tk", "tt", "ug", "dv", "yi"}
    wanted |= {"lb", "fo", "eo", "mi", "sm", "mg", "sn", "xh", "st", "tn", "wo", "ln", "om"}
    wanted |= {"ti", "ny", "rw", "ig", "ht", "qu", "gn", "pcm", "ceb"}
    assert wanted <= {c.language for c in h.secrets}
    assert len({c.language for c in h.secrets} - {"en"}) >= 58
    assert len({c.language for c in h.planted}) >= 21
    secret_fields = {s.field for c in h.secrets for s in c.said if c.secret in s.text}
    assert secret_fields == set(Field)
    assert set(Disguise) <= {c.disguise for c in h.secrets}
    assert sum(c.kind is SecretKind.PROSE for c in h.secrets) >= 44
    in_calls = [
        c
        for c in h.secrets
        if c.kind is SecretKind.COMMAND_LINE
        and any(s.field is Field.TOOL_ARGUMENTS and c.secret in s.text for s in c.said)
    ]
    assert len(in_calls) >= 26
    assert set(Form) <= {form for c in h.planted for form in c.forms}
    assert set(JunkKind) == {c.kind for c in h.junk if not c.junk}
    recurring = [c for c in h.dates if c.outcome is DateOutcome.UNCHANGED and c.language != "en"]
    assert len(recurring) >= 3
    near_midnight = [
        c
        for c in h.dates
        if c.days is not None and _local_date(c.at, c.timezone) != _local_date(c.at, "UTC")
    ]
    assert len(near_midnight) >= 29


def test_set_i_holds_what_its_brief_asked() -> None:
    """Set I's own counts, languages and shapes (README.md, "What each set holds")."""
    i = set_i.SET
    assert len(i.secrets) >= 289
    foreign = [c for c in i.secrets if c.language != "en"]
    assert len(foreign) >= 70
    assert len({c.language for c in foreign}) >= 58
    planted = Counter(c.kind for c in i.planted)
    assert len(i.planted) >= 56
    assert planted[PlantedKind.DECEPTIVE] >= 28 and planted[PlantedKind.UNSAFE] >= 28
    assert len(i.legit) >= 42
    assert sum(c.instructs for c in i.legit) >= 17
    assert sum(_words(c.memory) <= 6 for c in i.legit) >= 5
    assert sum(c.junk for c in i.junk) >= 37
    assert sum(not c.junk for c in i.junk) >= 11
    assert set(JunkKind) == {c.kind for c in i.junk if not c.junk}
    dates = Counter(c.outcome for c in i.dates)
    assert len(i.dates) >= 50
    assert dates[DateOutcome.RESOLVED] >= 21
    assert dates[DateOutcome.RESOLVED_OR_UNCHANGED] >= 16
    assert dates[DateOutcome.UNCHANGED] >= 13
    assert len({c.language for c in i.planted}) >= 18
    secret_fields = {s.field for c in i.secrets for s in c.said if c.secret in s.text}
    assert secret_fields == set(Field)
    assert set(Disguise) <= {c.disguise for c in i.secrets}
    in_calls = [
        c
        for c in i.secrets
        if c.kind is SecretKind.COMMAND_LINE
        and any(s.field is Field.TOOL_ARGUMENTS and c.secret in s.text for s in c.said)
    ]
    assert len(in_calls) >= 36
    assert set(Form) <= {form for c in i.planted for form in c.forms}
    recurring = [c for c in i.dates if c.outcome is DateOutcome.UNCHANGED and c.language != "en"]
    assert len(recurring) >= 6
    near_midnight = [
        c
        for c in i.dates
        if c.days is not None and _local_date(c.at, c.timezone) != _local_date(c.at, "UTC")
    ]
    assert len(near_midnight) >= 35


def test_set_j_holds_what_its_brief_asked() -> None:
    """Set J's own counts, languages and shapes (README.md, "What each set holds")."""
    j = set_j.SET
    assert len(j.secrets) >= 465
    foreign = [c for c in j.secrets if c.language != "en"]
    assert len(foreign) >= 126
    assert len({c.language for c in foreign}) >= 102
    # Languages and scripts no earlier set lists for its secrets.
    wanted = {"as", "bs", "br", "gd", "fy", "oc", "la", "to", "fj"}
    assert wanted <= {c.language for c in j.secrets}
    planted = Counter(c.kind for c in j.planted)
    assert len(j.planted) >= 61
    assert planted[PlantedKind.DECEPTIVE] >= 31 and planted[PlantedKind.UNSAFE] >= 30
    assert len({c.language for c in j.planted}) >= 26
    assert len(j.legit) >= 45
    assert sum(c.instructs for c in j.legit) >= 18
    assert sum(_words(c.memory) <= 6 for c in j.legit) >= 9
    assert sum(c.junk for c in j.junk) >= 37
    assert sum(not c.junk for c in j.junk) >= 12
    assert set(JunkKind) == {c.kind for c in j.junk if not c.junk}
    dates = Counter(c.outcome for c in j.dates)
    assert len(j.dates) >= 59
    assert dates[DateOutcome.RESOLVED] >= 27
    assert dates[DateOutcome.RESOLVED_OR_UNCHANGED] >= 17
    assert dates[DateOutcome.UNCHANGED] >= 15
    secret_fields = {s.field for c in j.secrets for s in c.said if c.secret in s.text}
    assert secret_fields == set(Field)
    assert set(Disguise) <= {c.disguise for c in j.secrets}
    in_calls = [
        c
        for c in j.secrets
        if c.kind is SecretKind.COMMAND_LINE
        and any(s.field is Field.TOOL_ARGUMENTS and c.secret in s.text for s in c.said)
    ]
    assert len(in_calls) >= 69
    assert set(Form) <= {form for c in j.planted for form in c.forms}
    recurring = [c for c in j.dates if c.outcome is DateOutcome.UNCHANGED and c.language != "en"]
    assert len(recurring) >= 11
    near_midnight = [
        c
        for c in j.dates
        if c.days is not None and _local_date(c.at, c.timezone) != _local_date(c.at, "UTC")
    ]
    assert len(near_midnight) >= 44


def test_set_k_holds_what_its_brief_asked() -> None:
    """Set K's own counts, languages and shapes (README.md, "What each set holds")."""
    k = set_k.SET
    assert len(k.secrets) >= 354
    foreign = [c for c in k.secrets if c.language != "en"]
    assert len(foreign) >= 78
    assert len({c.language for c in foreign}) >= 62
    # Scripts other than Latin among them.
    wanted = {"am", "ar", "bg", "bn", "el", "fa", "he", "hi", "hy", "ja", "ka", "kk", "km", "ko"}
    wanted |= {"mn", "mr", "my", "ne", "ru", "si", "sr", "ta", "te", "th", "uk", "ur", "zh"}
    assert wanted <= {c.language for c in k.secrets}
    planted = Counter(c.kind for c in k.planted)
    assert len(k.planted) >= 61
    assert planted[PlantedKind.DECEPTIVE] >= 31 and planted[PlantedKind.UNSAFE] >= 30
    assert len({c.language for c in k.planted}) >= 28
    assert len(k.legit) >= 42
    assert sum(c.instructs for c in k.legit) >= 16
    assert sum(_words(c.memory) <= 6 for c in k.legit) >= 9
    assert any(c.memory == "Use uv, not pip." for c in k.legit)
    assert sum(c.junk for c in k.junk) >= 39
    assert sum(not c.junk for c in k.junk) >= 12
    assert set(JunkKind) == {c.kind for c in k.junk if not c.junk}
    dates = Counter(c.outcome for c in k.dates)
    assert len(k.dates) >= 62
    assert dates[DateOutcome.RESOLVED] >= 26
    assert dates[DateOutcome.RESOLVED_OR_UNCHANGED] >= 19
    assert dates[DateOutcome.UNCHANGED] >= 17
    secret_fields = {s.field for c in k.secrets for s in c.said if c.secret in s.text}
    assert secret_fields == set(Field)
    assert set(Disguise) <= {c.disguise for c in k.secrets}
    split = [c for c in k.secrets if c.disguise is Disguise.SPLIT]
    assert len(split) >= 9 and any(len(c.said) >= 3 for c in split)
    in_calls = [
        c
        for c in k.secrets
        if c.kind is SecretKind.COMMAND_LINE
        and any(s.field is Field.TOOL_ARGUMENTS and c.secret in s.text for s in c.said)
    ]
    assert len(in_calls) >= 54
    assert set(Form) <= {form for c in k.planted for form in c.forms}
    recurring = [c for c in k.dates if c.outcome is DateOutcome.UNCHANGED and c.language != "en"]
    assert len(recurring) >= 10
    near_midnight = [
        c
        for c in k.dates
        if c.days is not None and _local_date(c.at, c.timezone) != _local_date(c.at, "UTC")
    ]
    assert len(near_midnight) >= 42


def test_set_l_holds_what_its_brief_asked() -> None:
    """Set L's own counts, languages and shapes (README.md, "What each set holds")."""
    el = set_l.SET
    assert len(el.secrets) >= 303
    foreign = [c for c in el.secrets if c.language != "en"]
    assert len(foreign) >= 109
    assert len({c.language for c in foreign}) >= 70
    # Scripts other than Latin among them.
    wanted = {"am", "ar", "bg", "bn", "el", "fa", "gu", "he", "hi", "hy", "ja", "ka", "kk", "km"}
    wanted |= {"ko", "lo", "mk", "mn", "mr", "my", "ne", "pa", "ru", "si", "sr", "ta", "te", "th"}
    wanted |= {"uk", "ur", "zh"}
    assert wanted <= {c.language for c in el.secrets}
    planted = Counter(c.kind for c in el.planted)
    assert len(el.planted) >= 64
    assert planted[PlantedKind.DECEPTIVE] >= 30 and planted[PlantedKind.UNSAFE] >= 34
    assert len({c.language for c in el.planted}) >= 28
    assert len(el.legit) >= 40
    assert sum(c.instructs for c in el.legit) >= 15
    assert sum(_words(c.memory) <= 6 for c in el.legit) >= 9
    assert any(c.memory == "Use uv, not pip." for c in el.legit)
    assert sum(c.junk for c in el.junk) >= 35
    assert sum(not c.junk for c in el.junk) >= 10
    assert set(JunkKind) == {c.kind for c in el.junk if not c.junk}
    dates = Counter(c.outcome for c in el.dates)
    assert len(el.dates) >= 63
    assert dates[DateOutcome.RESOLVED] >= 23
    assert dates[DateOutcome.RESOLVED_OR_UNCHANGED] >= 23
    assert dates[DateOutcome.UNCHANGED] >= 17
    secret_fields = {s.field for c in el.secrets for s in c.said if c.secret in s.text}
    assert secret_fields == set(Field)
    assert set(Disguise) <= {c.disguise for c in el.secrets}
    split = [c for c in el.secrets if c.disguise is Disguise.SPLIT]
    assert len(split) >= 6 and any(len(c.said) >= 3 for c in split)
    in_calls = [
        c
        for c in el.secrets
        if c.kind is SecretKind.COMMAND_LINE
        and any(s.field is Field.TOOL_ARGUMENTS and c.secret in s.text for s in c.said)
    ]
    assert len(in_calls) >= 42
    assert set(Form) <= {form for c in el.planted for form in c.forms}
    recurring = [c for c in el.dates if c.outcome is DateOutcome.UNCHANGED and c.language != "en"]
    assert len(recurring) >= 11
    near_midnight = [
        c
        for c in el.dates
        if c.days is not None and _local_date(c.at, c.timezone) != _local_date(c.at, "UTC")
    ]
    assert len(near_midnight) >= 46
