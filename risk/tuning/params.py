"""The tuned bot and its parameters: which exist, what values to try, and the specs that set them.

>>> bot = TunedBot.parse("angry:seed=3", [])
>>> bot.spec_with({"seed": 5})
'angry:seed=5'
>>> parse_values("0.30:0.90:0.15", float)
[0.3, 0.45, 0.6, 0.75, 0.9]
>>> parse_values("100:300:100", int)
[100, 200, 300]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from risk.errors import UsageError

Number = int | float


def numeric_parameters(cls: type) -> dict[str, Number]:
    """A bot class's numeric parameters (not ``seed``, not flags) and their defaults."""
    defaults = cls.parameters() if hasattr(cls, "parameters") else {}
    return {name: value for name, value in defaults.items()
            if name != "seed" and isinstance(value, (int, float)) and not isinstance(value, bool)}


def format_value(value: Number) -> str:
    """A value as it appears in a spec: 0.35, not 0.35000000000000003."""
    if isinstance(value, int):
        return str(value)
    return repr(round(value, 10))  # the shortest text that reads back as exactly this value


@dataclass(frozen=True)
class TunedBot:
    """The bot being tuned: its spec without the tuned parameters, and their baselines."""

    spec: str                      # as the user gave it
    head: str                      # "threshold" or "package.module:Class"
    fixed: dict[str, str]          # parameters the spec sets, as text
    kinds: dict[str, type]         # each tuned parameter's type (int or float)
    baseline: dict[str, Number]    # each tuned parameter's value in the spec, else its default

    @classmethod
    def parse(cls, spec: str, names: list[str]) -> "TunedBot":
        from risk.players import resolve

        spec = spec.strip()
        bot_class, raw = resolve(spec)  # an unknown bot fails here, listing the bots
        numeric = numeric_parameters(bot_class)
        shown = ", ".join(f"{n} (default {format_value(v)})" for n, v in numeric.items())
        for name in names:
            if name not in numeric:
                if not numeric:
                    raise UsageError(f"bot '{spec}' has no numeric parameters to tune")
                raise UsageError(f"bot '{spec}' has no numeric parameter '{name}'; "
                                 f"its numeric parameters are: {shown}")
        kinds = {name: type(numeric[name]) for name in names}
        baseline = {}
        for name in names:
            if name in raw:
                baseline[name] = _number(raw[name], kinds[name], f"bot '{spec}': {name}")
            else:
                baseline[name] = numeric[name]
        return cls(spec=spec, head=_spec_head(spec), fixed=raw, kinds=kinds, baseline=baseline)

    def spec_with(self, values: dict[str, Number]) -> str:
        """The spec of this bot with ``values`` set (other parameters as the spec had them)."""
        params = dict(self.fixed)
        params.update({name: format_value(value) for name, value in values.items()})
        if not params:
            return self.head
        return self.head + ":" + ",".join(f"{k}={v}" for k, v in params.items())

    def coerce(self, name: str, value: float) -> Number:
        """``value`` as the parameter's type (an int parameter is rounded)."""
        return int(round(value)) if self.kinds[name] is int else float(value)


def _spec_head(spec: str) -> str:
    """The part of a spec that names the bot: ``name``, or ``module:Class`` for an import path
    (the same reading as :func:`risk.players.resolve`), or a bot file's path."""
    from risk.protocol.spec import is_external_spec, program_head

    if is_external_spec(spec):
        return program_head(spec)
    head, _, params_text = spec.partition(":")
    first_param = params_text.split(",", 1)[0]
    if "." in head or (first_param and "=" not in first_param.split(":", 1)[0]):
        return f"{head}:{params_text.partition(':')[0]}"
    return head


def _number(text: str, kind: type, what: str) -> Number:
    try:
        value = float(text)
    except ValueError:
        raise UsageError(f"{what}: '{text}' is not a number") from None
    if not math.isfinite(value):
        raise UsageError(f"{what}: '{text}' is not a finite number")
    if kind is int:
        if value != int(value):
            raise UsageError(f"{what}: '{text}' must be a whole number")
        return int(value)
    return value


def parse_values(text: str, kind: type) -> list[Number]:
    """``start:stop:step`` (both ends included) or ``a,b,c``: the values to sweep, in order."""
    what = "--values"
    if ":" in text:
        parts = text.split(":")
        if len(parts) != 3:
            raise UsageError(f"{what} takes start:stop:step or a,b,c, not '{text}'")
        start, stop, step = (_number(p.strip(), kind, what) for p in parts)
        if step <= 0:
            raise UsageError(f"{what}: the step {format_value(step)} must be greater than 0")
        if stop <= start:
            raise UsageError(f"{what}: the stop {format_value(stop)} must be above the start "
                             f"{format_value(start)}")
        count = int(math.floor((stop - start) / step + 1e-9)) + 1
        values = [start + i * step for i in range(count)]
        values = [int(v) if kind is int else round(v, 10) for v in values]
    else:
        values = sorted({_number(p.strip(), kind, what) for p in text.split(",") if p.strip()})
    return values


def parse_range(text: str, kind: type, name: str) -> tuple[Number, Number]:
    """``lo:hi`` for one parameter's SPSA range."""
    parts = text.split(":")
    if len(parts) != 2:
        raise UsageError(f"--param {name}=LO:HI needs two numbers, not '{text}'")
    lo, hi = (_number(p.strip(), kind, f"--param {name}") for p in parts)
    if hi <= lo:
        raise UsageError(f"--param {name}: the range {format_value(lo)}:{format_value(hi)} is empty")
    return lo, hi


def describe_values(values: dict[str, Any]) -> str:
    return " ".join(f"{name}={format_value(value)}" for name, value in values.items())
