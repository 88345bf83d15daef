"""The subcommands of ``risk``; each module has ``register(subparsers)``."""
