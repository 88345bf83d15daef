"""A bot that speaks protocol 1 correctly up to its first request, then commits one fault.

    python faulty.py MODE     (MODE: sleep, crash, garbage, long-line, illegal, stale-id, unknown,
                               close-input, log-flood, protocol-2, first-legal, illegal-then-legal)

It starts a grandchild process (``sleep``) first, so that a test can check that the referee
kills the whole process group. Standard library only, no import of the engine.
"""

import json
import os
import subprocess
import sys
import time

MODE = sys.argv[1]


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def first_action(request):
    item = request["legal"][0]
    return item["action"] + (f" {item['min']}" if "min" in item else "")


subprocess.Popen(["sleep", "300"], stdin=subprocess.DEVNULL)  # a grandchild to be killed too
for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        if MODE == "close-input":
            # Closed before the hello goes out, so the engine's next write always meets a closed
            # pipe (closed after it, a write under load could slip into the pipe first).
            os.close(0)
        send({"type": "hello", "protocol": 2 if MODE == "protocol-2" else 1, "name": f"faulty-{MODE}", "version": "1", "author": "tests",
              "options": [{"name": "depth", "type": "int", "default": 1}]})
        if MODE == "close-input":
            time.sleep(300)
    elif kind == "quit":
        break
    elif kind == "request":
        if MODE == "sleep":
            time.sleep(300)
        elif MODE == "crash":
            sys.stderr.write("about to crash\n")
            sys.exit(3)
        elif MODE == "garbage":
            while True:
                sys.stdout.write("this is not json {{{\n" * 1000)
        elif MODE == "long-line":
            sys.stdout.write("x" * (10 * 1024 * 1024))
            sys.stdout.flush()
            time.sleep(300)
        elif MODE == "illegal":
            send({"type": "action", "id": message["id"], "action": "fortify alaska argentina 99"})
        elif MODE == "illegal-then-legal":
            send({"type": "action", "id": message["id"], "action": "occupy 999"})
        elif MODE == "stale-id":
            send({"type": "action", "id": message["id"] - 1, "action": first_action(message)})
        elif MODE == "log-flood":
            while True:
                send({"type": "log", "text": "thinking..."})
        elif MODE == "unknown":
            send({"type": "banana", "id": message["id"]})
        elif MODE == "first-legal":
            send({"type": "log", "text": f"request {message['id']}"})
            send({"type": "action", "id": message["id"], "action": first_action(message)})
        last_request = message
    elif kind == "error" and MODE == "illegal-then-legal":
        send({"type": "action", "id": message["id"], "action": first_action(last_request)})
    elif kind == "error" and MODE == "illegal":
        send({"type": "action", "id": message["id"], "action": "fortify alaska argentina 99"})
