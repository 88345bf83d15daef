"""Bot protocol 1: any program that reads and writes JSON lines can play (docs/protocol.md).

- :mod:`risk.protocol.messages` the messages, and reading one from a line;
- :mod:`risk.protocol.schema` the JSON Schema of every message (docs/protocol.schema.json);
- :mod:`risk.protocol.names` the map of ``new_game`` with slugs, and players named by seat;
- :mod:`risk.protocol.view` a seat's view, legal actions and events as JSON, and the reverse;
- :mod:`risk.protocol.channel` a bot program's process and lines, with deadlines and bounds;
- :mod:`risk.protocol.external` :class:`ExternalAgent`, the referee's side of a bot program;
- :mod:`risk.protocol.spec` the ``cmd:`` and bot-file specs;
- :mod:`risk.protocol.serve` serves a built-in bot over the protocol (``python -m``).

The names below are importable from here; all but the first two load their module on first use
(:mod:`risk.players` looks at every spec through :mod:`risk.protocol.spec`, which must stay light).
"""

from importlib import import_module

from risk.protocol.messages import PROTOCOL_VERSION, ProtocolError

_LAZY = {
    "ExternalAgent": "risk.protocol.external",
    "read_message": "risk.protocol.messages",
    "protocol_schema": "risk.protocol.schema",
    "direction_schema": "risk.protocol.schema",
    "encode_map": "risk.protocol.names",
    "encode_view": "risk.protocol.view",
    "encode_legal": "risk.protocol.view",
    "encode_events": "risk.protocol.view",
    "expand_legal": "risk.protocol.view",
    "rebuild_state": "risk.protocol.view",
    "is_external_spec": "risk.protocol.spec",
}

__all__ = ["PROTOCOL_VERSION", "ProtocolError", *_LAZY]


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'risk.protocol' has no attribute {name!r}")
