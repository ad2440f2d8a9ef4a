"""The exceptions tourney raises: the engine's errors, with the file, line and field they name."""

import re

# "judgments.csv:12: field 'system3rank': rank '7' is outside 1..5"
_WHERE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?:field '(?P<field>[^']*)': )?")


class TourneyError(Exception):
    """An error from tourney's engine.

    Attributes: ``code`` (the engine's status: "invalid_argument", "io_error", "not_found",
    "cancelled", ...), ``message`` (the text the command line prints after ``tourney CMD:``),
    and, when the message names them, ``file``, ``line`` (1-based) and ``field`` (else None).
    """

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message
        where = _WHERE.match(message)
        self.file = where.group("file") if where else None
        self.line = int(where.group("line")) if where else None
        self.field = where.group("field") if where else None


class InputError(TourneyError, ValueError):
    """Bad input data or parameters (the command line's exit status 2)."""


class FileError(TourneyError, OSError):
    """A file that cannot be read or written, or does not exist."""


class TourneyWarning(UserWarning):
    """A warning of tourney's engine about a result that stands but needs a second look (no
    finite estimate for a system, systems never compared, a dropped metric, ...): the
    command line prints these on stderr. They stay in the result's ``attrs`` too."""


def warn_all(messages, stacklevel=3):
    """Raises each message as a TourneyWarning, pointing at the caller's caller."""
    import warnings
    for message in messages:
        warnings.warn(message, TourneyWarning, stacklevel=stacklevel + 1)


def error_from_status(code, message):
    """The exception for an engine status (called by the extension module)."""
    if code == "invalid_argument":
        return InputError(code, message)
    if code in ("io_error", "not_found"):
        return FileError(code, message)
    return TourneyError(code, message)
