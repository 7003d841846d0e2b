"""Backends: where replies come from. See ``_base`` for the protocol and the registry."""

from ._base import Backend, backend_content_identity, backend_is_cacheable, BackendOptions, available_backends, create_backend, parse_model_spec, register_backend

__all__ = ["Backend", "backend_content_identity", "backend_is_cacheable", "BackendOptions", "available_backends", "create_backend", "parse_model_spec", "register_backend"]
