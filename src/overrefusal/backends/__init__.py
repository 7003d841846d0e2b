"""Backends: where replies come from. See ``_base`` for the protocol and the registry."""

from ._base import (
    Backend,
    BackendFactory,
    BackendOptions,
    BaseBackend,
    ThreadBatchBackend,
    aclose,
    available_backends,
    backend_content_identity,
    backend_factory,
    backend_is_cacheable,
    create_backend,
    options_for,
    parse_model_spec,
    preflight,
    register_backend,
    supports_batch,
)
from ._options import NoOptions, option, parse_options

__all__ = [
    "Backend",
    "BackendFactory",
    "BackendOptions",
    "BaseBackend",
    "NoOptions",
    "aclose",
    "available_backends",
    "backend_content_identity",
    "backend_factory",
    "backend_is_cacheable",
    "create_backend",
    "option",
    "options_for",
    "parse_options",
    "parse_model_spec",
    "preflight",
    "register_backend",
    "supports_batch",
    "ThreadBatchBackend",
]
