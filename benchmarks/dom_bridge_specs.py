"""The sparring harness's bridge (``py/dom_bridge.py``, imported from SPARRING, unchanged) with
one addition: a bot spec may separate its parameters with ``;`` instead of ``,``, because
DomBridge splits its ``--seats`` list at every comma (``ext:strategist:leaf=end;fortify=leaf``).

    python benchmarks/dom_bridge_specs.py --maps MAPS   (as py/dom_bridge.py)
"""

import os
import sys

sys.path.insert(0, os.path.join(os.environ.get("SPARRING", "/work/shared/sparring/domination"), "py"))

import dom_bridge  # noqa: E402  (found on the path set just above)

_make_agent = dom_bridge.make_agent
dom_bridge.make_agent = lambda spec: _make_agent(spec.replace(";", ","))

if __name__ == "__main__":
    dom_bridge.main()
