"""Logging through structlog: JSON lines in production, a readable console otherwise.

Called once at the edge (the CLI callback, a worker's start-up) with the settings' ``log``
section. Log lines are events with fields, never sentences::

    log = get_logger(__name__)
    log.info("extraction.finished", memories=3, tokens=812)

Ids bound with ``structlog.contextvars.bind_contextvars(session_id=..., job_id=...)`` appear
on every line logged in that context. Every string of every line is redacted
(:func:`redact_secrets`) before it is rendered: a secret a field, an exception or a library
carried never reaches the stream. Records of the standard library's ``logging`` (arq,
alembic, SQLAlchemy, Python warnings) go through the same renderer to the same stream: at
WARNING and above, and arq's job lines at INFO.
"""

from __future__ import annotations

import logging
import sys
from typing import Any, Final, TextIO, cast

import structlog
from structlog.typing import EventDict, FilteringBoundLogger, Processor

from daemon.base.redact_json import redact_json
from daemon.base.redaction import redact
from daemon.base.settings import LogSettings

_LEVELS: Final = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "warning": logging.WARNING,
    "error": logging.ERROR,
}

_SHORTEST_SECRET = 6  # no secret the scanners find is shorter, with its credential word

#: Standard-library loggers let through at INFO (when the configured level allows it).
INFO_LOGGERS: Final = ("arq",)


class _Stderr:
    """Writes to whatever ``sys.stderr`` is at the time of the write.

    Test runners swap ``sys.stderr`` per test; holding the object seen at configuration time
    would write to a closed stream later.
    """

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()

    def isatty(self) -> bool:
        return sys.stderr.isatty()


class _Handler(logging.StreamHandler[Any]):
    """The stdlib handler installed on the root logger (marked so it can be replaced)."""


class _NamedWriteLogger(structlog.WriteLogger):
    """structlog's ``WriteLogger`` with the name it was asked for."""

    def __init__(self, file: Any, name: str) -> None:
        super().__init__(file)
        self.name = name


class _LoggerFactory:
    """Makes :class:`_NamedWriteLogger` instances on one stream."""

    def __init__(self, file: Any) -> None:
        self._file = file

    def __call__(self, *args: Any) -> _NamedWriteLogger:
        return _NamedWriteLogger(self._file, str(args[0]) if args else "")


def _add_logger_name(logger: Any, _method: str, event_dict: EventDict) -> EventDict:
    """Add ``logger``: the stdlib record's name, or the name given to :func:`get_logger`."""
    record = event_dict.get("_record")
    name = record.name if record is not None else getattr(logger, "name", "")
    if name:
        event_dict.setdefault("logger", name)
    return event_dict


def _is_tty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def redact_secrets(_logger: Any, _method: str, event_dict: EventDict) -> EventDict:
    """Every string value of the line (the event's name, the stdlib message, a traceback
    already formatted, strings inside lists and mappings) with its secrets replaced. A
    string too short to hold a secret costs a length check."""
    for key, value in event_dict.items():
        if isinstance(value, str):
            if len(value) >= _SHORTEST_SECRET:
                event_dict[key] = redact(value)[0]
        elif isinstance(value, dict | list):
            event_dict[key] = redact_json(value)[0]
    return event_dict


def _renderer(json_lines: bool, colors: bool) -> list[Processor]:
    if json_lines:
        return [
            structlog.processors.format_exc_info,
            redact_secrets,
            structlog.processors.JSONRenderer(),
        ]
    # The traceback is formatted to text before redaction, never by the renderer after it:
    # a pretty (Rich) traceback colors parts of the exception's message apart, and a secret
    # split by color codes would no longer be found.
    return [
        structlog.processors.format_exc_info,
        redact_secrets,
        structlog.dev.ConsoleRenderer(
            colors=colors, exception_formatter=structlog.dev.plain_traceback
        ),
    ]


def configure_logging(settings: LogSettings, *, stream: TextIO | None = None) -> None:
    """Configure structlog and the stdlib root logger; calling it again replaces the setup.

    ``stream`` defaults to standard error. ``format="auto"`` means JSON unless the stream is
    a terminal.
    """
    out: Any = stream if stream is not None else _Stderr()
    tty = _is_tty(out)
    json_lines = settings.format == "json" or (settings.format == "auto" and not tty)
    level = _LEVELS[settings.level]
    render = _renderer(json_lines, colors=tty and not json_lines)

    shared: list[Processor] = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        _add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        structlog.processors.StackInfoRenderer(),
    ]
    structlog.configure(
        processors=[*shared, *render],
        wrapper_class=structlog.make_filtering_bound_logger(level),
        logger_factory=_LoggerFactory(out),
        context_class=dict,
        cache_logger_on_first_use=False,
    )

    handler = _Handler(out)
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            foreign_pre_chain=shared,
            processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, *render],
        )
    )
    root = logging.getLogger()
    _remove_handlers(root)
    root.addHandler(handler)
    root.setLevel(max(level, logging.WARNING))
    for name in INFO_LOGGERS:
        logging.getLogger(name).setLevel(max(level, logging.INFO))
    logging.captureWarnings(True)


def reset_logging() -> None:
    """Undo :func:`configure_logging` (for tests): structlog defaults, no memoryd handler."""
    structlog.reset_defaults()
    root = logging.getLogger()
    _remove_handlers(root)
    root.setLevel(logging.WARNING)
    for name in INFO_LOGGERS:
        logging.getLogger(name).setLevel(logging.NOTSET)
    logging.captureWarnings(False)


def _remove_handlers(root: logging.Logger) -> None:
    for existing in [h for h in root.handlers if isinstance(h, _Handler)]:
        root.removeHandler(existing)


def get_logger(name: str) -> FilteringBoundLogger:
    """A structlog logger whose lines carry ``logger=<name>``.

    Safe to call at import time: the logger resolves the configuration when it logs, so a
    later :func:`configure_logging` applies to it.
    """
    return cast(FilteringBoundLogger, structlog.get_logger(name))
