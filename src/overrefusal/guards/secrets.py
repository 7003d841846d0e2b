"""API keys: read from the environment, checked, and scrubbed from every string a server sends back.

A server (or a proxy, or a judge model) may echo the key it was sent: in a reply, a ``finish_reason``, an
error body, a judge's reason. It may also echo it *encoded*: JSON-escaped (any character as ``\\uXXXX``),
URL-encoded (``%XX``) or base64 (an ``Authorization: Basic`` header). :class:`Scrubber` matches all of
these with one regular expression per key, so one call cleans a string before it is stored or printed.
"""

from __future__ import annotations

import base64
import os
import re
from collections.abc import Iterable
from functools import lru_cache

from ..errors import UserError

MASK = "***"
MIN_SCRUBBED_LENGTH = 4
"""Shorter "keys" (e.g. ``x`` for a local server that ignores keys) are not scrubbed: masking every
``x`` in every reply would destroy the data and protect nothing."""


_SECRET_PARTS = frozenset(
    {
        "key",
        "apikey",
        "token",
        "secret",
        "password",
        "passwd",
        "credential",
        "credentials",
        "auth",
        "authorization",
        "bearer",
    }
)


def looks_like_secret(name: str) -> bool:
    """Whether an option called ``name`` may hold a secret *value*: one of its word parts (split on ``_``,
    ``-``, ``.``, spaces and camelCase) is a secret word. Whole parts only, so ``max_tokens`` and ``keyword_list`` are plain options;
    a name ending in ``_env`` holds the *name* of a variable, not a secret, and is never one."""
    lowered = name.lower()
    if lowered.endswith("_env"):
        return False
    # camelCase and dotted names have word parts too: ``apiKey``, ``accessToken``, ``x.api.key``.
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()
    return bool(set(re.split(r"[-_.\s]+", words)) & _SECRET_PARTS)


_SECRET_SHAPES = re.compile(
    r"""
    \bsk-(?:[A-Za-z0-9]+-)*[A-Za-z0-9_]{16,}      # OpenAI-style keys (sk-..., sk-proj-...)
    | \b(?:Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{8,}   # an Authorization header's value
    | \bgh[pousr]_[A-Za-z0-9]{20,}                 # GitHub tokens
    | \bhf_[A-Za-z0-9]{20,}                        # Hugging Face tokens
    | \bxox[abposr]-[A-Za-z0-9-]{10,}              # Slack tokens
    | \bAKIA[0-9A-Z]{16}\b                         # AWS access key ids
    | \beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.  # a JSON web token
    """,
    re.VERBOSE,
)

ENV_REFERENCE = "$env"
"""``{"$env": "NAME"}`` in an option's JSON value stands for the value of ``$NAME``, read when it is sent: the
way to send a secret inside a request body without writing it on the command line or into the store."""


def looks_like_secret_value(text: str) -> bool:
    """Whether ``text`` holds something shaped like a credential (``sk-...``, ``Bearer ...``, a GitHub, Hugging
    Face, Slack or AWS token, a JSON web token), wherever the option holding it is called."""
    return _SECRET_SHAPES.search(text) is not None


def is_env_reference(value: object) -> bool:
    """``{"$env": "NAME"}``: a reference to an environment variable (its name is no secret)."""
    return (
        isinstance(value, dict)
        and len(value) == 1
        and isinstance(value.get(ENV_REFERENCE), str)
        and bool(value[ENV_REFERENCE].strip())
    )


def find_secret(value: object, path: str = "") -> str | None:
    """The dotted path (``extra_body.metadata.api_key``, list items as ``[i]``) of the first secret in ``value``,
    at any depth of nested mappings and lists, or None. A secret is a key named like one
    (:func:`looks_like_secret`) whose value is a non-empty text or number, or a text value
    shaped like one (:func:`looks_like_secret_value`). Text holding a JSON object or array (an option as given
    on the command line) is searched as the value it parses to. Iterative, so no nesting is too deep."""
    stack: list[tuple[object, str]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            parsed = _json_container(item)
            if parsed is not None:
                stack.append((parsed, where))  # searched as what it holds, so the path names the exact place
            elif looks_like_secret_value(item):
                return where or "value"
        elif isinstance(item, dict):
            if is_env_reference(item):
                continue
            for key, child in reversed(list(item.items())):
                inner = f"{where}.{key}" if where else str(key)
                # A secret is a scalar: under a secret-named key a nested object (a JSON schema's "token"
                # property) is searched, not refused.
                scalar = isinstance(child, (str, int, float)) and not isinstance(child, bool)
                if looks_like_secret(str(key)) and scalar and child != "":
                    return inner
                stack.append((child, inner))
        elif isinstance(item, (list, tuple)):
            stack.extend((child, f"{where}[{i}]") for i, child in reversed(list(enumerate(item))))
    return None


def _json_container(text: str) -> object | None:
    """``text`` parsed, when it is a JSON object or array (guarded: depth, size); else None."""
    stripped = text.strip()
    if not stripped or stripped[0] not in "{[":
        return None
    from .safe_files import loads_guarded

    try:
        return loads_guarded(stripped, allow_surrogates=True)
    except UserError:
        return None


def env_references(value: object) -> list[str]:
    """The names of every ``{"$env": NAME}`` reference in ``value``, at any depth."""
    names: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if is_env_reference(item):
            assert isinstance(item, dict)
            names.append(item[ENV_REFERENCE].strip())
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return names


def resolve_env_references(value: object, *, field: str) -> object:
    """``value`` with each ``{"$env": NAME}`` replaced by ``$NAME``'s value (what is sent); an unset or blank
    variable is a UserError naming it (never its value)."""
    if is_env_reference(value):
        assert isinstance(value, dict)
        name = value[ENV_REFERENCE].strip()
        raw = os.environ.get(name)
        if raw is None or not raw.strip():
            raise UserError(f'the environment variable {name} named by {{"$env": "{name}"}} is not set', field=field)
        return raw.strip()
    if isinstance(value, dict):
        return {k: resolve_env_references(v, field=field) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [resolve_env_references(v, field=field) for v in value]
    return value


_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def check_key_variable(name: str, *, field: str = "--api-key-env") -> None:
    """A UserError unless ``name`` can be the *name* of an environment variable (or is empty: no key).
    The value is stored with the run as the place the key comes from, so a key given here by mistake
    (``--api-key-env sk-...``) would be stored and printed: it is refused without being shown."""
    if name and not _ENV_NAME.fullmatch(name):
        raise UserError(
            f"expected the name of an environment variable (letters, digits and _, e.g. OPENAI_API_KEY), got a value "
            f"of {len(name)} characters that is not one; if it is the key itself, put it in a variable and give "
            "that variable's name (the value is not shown)",
            field=field,
        )


def refuse_url_credentials(url: str | None, *, field: str = "--base-url") -> None:
    """A UserError for a server URL holding ``user:password@``: the URL is stored with the run and shown in
    reports, so credentials in it would be too. Refused without showing the URL."""
    if not url:
        return
    from urllib.parse import urlsplit

    try:
        netloc = urlsplit(url).netloc
    except ValueError:
        netloc = url
    if "@" in netloc:
        raise UserError(
            "the server URL holds credentials (user:password@host); they would be stored with the run and shown "
            "in reports: put the key in an environment variable and name that with --api-key-env (the URL is not "
            "shown)",
            field=field,
        )


def read_key(env_name: str) -> str | None:
    """The key in ``$env_name``, stripped of surrounding whitespace (a secret file's trailing newline);
    None when unset or blank. A key an HTTP header cannot carry is a UserError naming the variable only."""
    raw = os.environ.get(env_name)
    if raw is None:
        return None
    key = raw.strip()
    if not key:
        return None
    for i, ch in enumerate(key):
        if not (0x21 <= ord(ch) <= 0x7E):
            what = "a non-ASCII character" if ord(ch) > 0x7E else "a space or control character"
            raise UserError(
                f"the API key holds {what} at position {i + 1}; an HTTP header cannot carry it "
                "(check the variable's value; the key is not shown)",
                field=f"${env_name}",
            )
    return key


def _char_pattern(ch: str) -> str:
    """One key character as it may appear raw, JSON-escaped (``\\uXXXX``, ``\\/``) or URL-encoded (``%XX``)."""
    code = ord(ch)
    options = [re.escape(ch), rf"\\u{code:04x}"]
    if code < 0x80:
        options.append(f"%{code:02x}")
    if not ch.isalnum():
        options.append(re.escape("\\" + ch))
    return "(?:" + "|".join(options) + ")"


def _base64_forms(key: str) -> list[str]:
    """The key's base64 as it appears inside any longer base64 text, at each of the three alignments."""
    data = key.encode()
    forms = []
    for shift in range(3):
        encoded = base64.b64encode(b"\0" * shift + data).decode()
        # Drop the characters mixed with the padding bytes before the key and with whatever follows it.
        start = (shift * 4 + 2) // 3
        end = ((shift + len(data)) // 3) * 4
        core = encoded[start:end]
        if len(core) >= MIN_SCRUBBED_LENGTH:
            forms.append(core)
        forms.append(base64.urlsafe_b64encode(b"\0" * shift + data).decode()[start:end])
    return [f for f in forms if len(f) >= MIN_SCRUBBED_LENGTH]


class Scrubber:
    """Replaces every known key, raw or encoded, with ``***``. With no keys it returns text unchanged."""

    def __init__(self, keys: Iterable[str | None] = ()):
        wanted = sorted({k.strip() for k in keys if k and len(k.strip()) >= MIN_SCRUBBED_LENGTH}, key=len, reverse=True)
        parts = []
        for key in wanted:
            parts.append("".join(_char_pattern(c) for c in key))
            parts.extend(re.escape(f) for f in _base64_forms(key))
        self._pattern = re.compile("|".join(parts), re.IGNORECASE) if parts else None

    @classmethod
    def from_env(cls, env_names: Iterable[str | None]) -> Scrubber:
        """A scrubber for the keys held by these environment variables (unset ones are skipped). The raw
        value is scrubbed too, so a key with a trailing newline is caught however it was sent."""
        keys: list[str | None] = []
        for name in {n for n in env_names if n}:
            raw = os.environ.get(name)
            keys.extend([raw, raw.strip() if raw else None])
        if cls is not Scrubber:
            return cls(keys)
        return _scrubber_for(frozenset(k for k in keys if k))

    def __bool__(self) -> bool:
        return self._pattern is not None

    def __call__(self, text: str) -> str:
        if self._pattern is None or not text:
            return text
        return self._pattern.sub(MASK, text)

    def optional(self, text: str | None) -> str | None:
        return None if text is None else self(text)


@lru_cache(maxsize=16)
def _scrubber_for(keys: frozenset[str]) -> Scrubber:
    # The backend asks for a scrubber per reply (keys are read at request time, so a rotated key is seen);
    # building the pattern anew each time was a few per cent of a run's CPU. Keyed by the keys themselves,
    # so a rotated key gets its own scrubber. The compiled pattern holds them either way (as re's cache does).
    return Scrubber(keys)
