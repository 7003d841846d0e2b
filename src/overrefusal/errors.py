"""Errors the user can act on. The CLI prints them as one line and exits with code 2."""

from __future__ import annotations


def _escaped(name: str) -> str:
    # A path or field comes from the user's input (a file name, a column header, an option key): a line break
    # or control character in it is shown escaped, so the message stays one line.
    return name if name.isprintable() else repr(name)[1:-1]


class UserError(Exception):
    """Bad input: a file, flag or setting the user can fix. The message names what and where."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None, field: str | None = None):
        self.path = path
        self.line = line
        self.field = field
        self.detail = message
        where = ""
        if path is not None:
            where = _escaped(str(path)) + (f":{line}" if line is not None else "")
        if field is not None:
            where = f"{where} field '{_escaped(field)}'" if where else f"field '{_escaped(field)}'"
        super().__init__(f"{where}: {message}" if where else message)


class StoreNotFound(UserError):
    """A command that only reads was given a store path where there is none (a typo, most often)."""


class StoreOutdated(UserError):
    """A store from an older version opened with ``upgrade=False`` (``view --read-only``): reading it would
    need a migration, which is a write."""


class StoreBusy(UserError):
    """Another process held a lock on the store for longer than the busy timeout."""


class BackendError(Exception):
    """A backend could not produce a reply (after any retries). Recorded as an ERROR completion."""


class MissingDependency(UserError):
    """An optional extra is needed for what was asked."""

    def __init__(self, what: str, extra: str, package: str):
        super().__init__(f"{what} needs the optional dependency '{package}': pip install 'overrefusal[{extra}]'")
