"""Bot protocol 1: any program that reads and writes JSON lines can play (docs/protocol.md).

- :mod:`risk.protocol.messages` the messages, and reading one from a line;
- :mod:`risk.protocol.schema` the JSON Schema of every message (docs/protocol.schema.json);
- :mod:`risk.protocol.view` a seat's view, legal actions and events as JSON, and the reverse;
- :mod:`risk.protocol.external` :class:`ExternalAgent`, the referee's side of a bot program;
- :mod:`risk.protocol.spec` the ``cmd:`` and bot-file specs;
- :mod:`risk.protocol.serve` serves a built-in bot over the protocol (``python -m``).
"""

from risk.protocol.messages import PROTOCOL_VERSION, ProtocolError

__all__ = ["PROTOCOL_VERSION", "ProtocolError"]
