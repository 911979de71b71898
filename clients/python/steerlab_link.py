"""steerlab's live link for a Python game (docs/live.md): one file, standard library only.

    link = SteerlabLink("Skirmish", tick_rate=60)
    link.record("skirmish.csv")                 # optional: the same CSV steerlab saves
    link.declare("gain", 0, 20, 2, "1/s")       # a tunable steerlab may set
    link.connect("127.0.0.1", 7878)             # False (and offline) if steerlab is not there
    while playing:
        link.poll()                             # takes `set`, `pause`, `step`, `resume`
        if link.may_tick():                     # False while steerlab holds the game paused
            gain = link.value("gain")
            ...                                 # your tick
            link.frame(tick, tick * (1 / 60), entities)
    link.close()                                # says `bye`, closes the CSV

Nothing here waits on steerlab: after connecting, the socket is non-blocking, and when
steerlab is absent, leaves or sends an `error`, the link works offline (frames still go
to the CSV). Needs Python 3.8 or later.
"""
import csv
import json
import socket
import sys
import time

PROTOCOL = 1
COLUMNS = ["tick", "time", "id", "kind", "algorithm", "x", "y", "vx", "vy", "heading",
           "ax", "ay", "seen_x", "seen_y"]
# An entity's fields, in the order they are sent (the optional ones only when given).
FIELDS = ["id", "kind", "label", "x", "y", "vx", "vy", "heading", "ax", "ay", "seen_x", "seen_y"]
MAX_UNSENT = 8 << 20  # bytes steerlab may leave unread before the link gives up on it


class SteerlabLink:
    def __init__(self, game, tick_rate=60):
        self.game = game
        self.tick_rate = tick_rate
        self.params = {}        # name -> {"name", "min", "max", "default", "value", "unit"?}
        self.paused = False     # steerlab asked the game to stop its clock
        self.steps = 0          # ticks steerlab asked for while paused, not yet run
        self.error = None       # steerlab's `error` ("field: message"), once it sent one
        self.next_tick = 0      # the tick an `applied` names: the one after the last frame
        self.on_set = None      # optional callback(name, value) after a `set` is taken
        self.on_error = None    # optional callback(text); by default errors go to stderr
        self.steerlab = None    # steerlab's version, from its `welcome`
        self._sock = None
        self._inbox = b""       # bytes read, not yet a whole line
        self._outbox = bytearray()  # bytes to send, not yet taken by the socket
        self._csv_file = None
        self._csv = None

    # --- connecting ---------------------------------------------------------------

    @property
    def connected(self):
        return self._sock is not None

    def connect(self, host="127.0.0.1", port=7878, timeout=1.0):
        """Connects (waiting at most `timeout` s), says hello and declares the parameters.
        Returns False, and the link stays offline, if steerlab is not there."""
        try:
            self._sock = socket.create_connection((host, port), timeout=timeout)
        except OSError as e:
            self._log("not reachable at %s:%s (%s): working offline" % (host, port, e))
            return False
        self._sock.setblocking(False)
        self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._send({"type": "hello", "protocol": PROTOCOL, "game": self.game,
                    "tick_rate": self.tick_rate})
        if self.params:
            self._send_params()
        return self.connected

    def close(self):
        """Says `bye`, lets steerlab read everything sent (waiting at most 1 s) and
        closes the CSV."""
        self._send({"type": "bye"})
        if self._sock is not None:
            deadline = time.monotonic() + 1.0
            try:
                self._sock.settimeout(1.0)
                self._sock.sendall(self._outbox)
                self._sock.shutdown(socket.SHUT_WR)
                while True:     # until steerlab closes its side
                    self._sock.settimeout(max(0.001, deadline - time.monotonic()))
                    if not self._sock.recv(65536):
                        break
            except OSError:
                pass
            self._offline()
        if self._csv_file is not None:
            self._csv_file.close()
            self._csv_file = self._csv = None

    # --- parameters ---------------------------------------------------------------

    def declare(self, name, min, max, default, unit=""):
        """Declares a tunable (sends the whole list again) and returns its value."""
        if not min <= default <= max:
            raise ValueError("%s: default %r is not within %r to %r" % (name, default, min, max))
        param = {"name": name, "min": min, "max": max, "default": default, "value": default}
        if unit:
            param["unit"] = unit
        self.params[name] = param
        self._comment("param %s = %r (%r to %r, default %r%s)"
                      % (name, default, min, max, default, ", " + unit if unit else ""))
        self._send_params()
        return default

    def value(self, name):
        """A parameter's value now: its default until steerlab sets it."""
        return self.params[name]["value"]

    def _send_params(self):
        self._send({"type": "params", "params": list(self.params.values())})

    # --- each tick ----------------------------------------------------------------

    def poll(self):
        """Reads what steerlab sent and acts on it: a `set` changes the parameter and is
        answered with `applied` (naming `next_tick`); `pause`, `step` and `resume` change
        `paused` and `steps`; an `error` is kept in `error` and the link goes offline.
        Returns the messages read, as dicts."""
        messages = []
        closed = False
        if self._sock is not None:
            self._flush()
            closed = self._read(messages)
        for message in messages:
            self._handle(message)
        if closed and self._sock is not None:
            self._log("steerlab closed the link: working offline")
            self._offline()
        if self._sock is None:
            self.paused, self.steps = False, 0   # offline: nothing holds the clock
        return messages

    def may_tick(self):
        """Whether the game runs a tick now: always, unless paused; while paused, once
        per `step` steerlab sent (each call that says True uses one)."""
        if not self.paused:
            return True
        if self.steps > 0:
            self.steps -= 1
            return True
        return False

    def frame(self, tick, time, entities):
        """Sends (and records) tick `tick` at `time` seconds. Entities are dicts or
        objects with id, kind ("target" or "missile"), x, y, vx, vy, heading and
        optionally label, ax and ay, seen_x and seen_y."""
        entities = [_entity(e) for e in entities]
        self.next_tick = tick + 1
        if self._csv is not None:
            for e in entities:
                self._csv.writerow([tick, _number(time), e["id"], e["kind"], e.get("label", "")]
                                   + [_number(e.get(c)) for c in COLUMNS[5:]])
            self._csv_file.flush()
        self._send({"type": "frame", "tick": tick, "time": time, "entities": entities})

    # --- the offline CSV ----------------------------------------------------------

    def record(self, path):
        """Also writes every frame to `path` as it goes, in the columns and number format
        of steerlab's own capture (steerlab opens it as a recording)."""
        self._csv_file = open(path, "w", newline="", encoding="utf-8")
        self._csv = csv.writer(self._csv_file, lineterminator="\n")
        self._comment("steerlab_link capture: %s, %s ticks per second" % (self.game, self.tick_rate))
        self._csv.writerow(COLUMNS)

    def _comment(self, text):
        if self._csv_file is not None:
            self._csv_file.write("# " + text + "\n")

    # --- inside ---------------------------------------------------------------------

    def _handle(self, message):
        kind = message.get("type")
        if kind == "welcome":
            self.steerlab = message.get("steerlab")
        elif kind == "set":
            name, value = message.get("name"), message.get("value")
            if name not in self.params:
                return self._log("ignored a set of %r: not declared" % name)
            self.params[name]["value"] = value
            self._comment("applied %s = %r from tick %d" % (name, value, self.next_tick))
            self._send({"type": "applied", "name": name, "value": value, "tick": self.next_tick})
            if self.on_set:
                self.on_set(name, value)
        elif kind == "pause":
            self.paused, self.steps = True, 0
        elif kind == "step":
            if self.paused:
                self.steps += 1
        elif kind == "resume":
            self.paused, self.steps = False, 0
        elif kind == "error":
            field, text = message.get("field", ""), message.get("message", "")
            self.error = "%s: %s" % (field, text) if field else text
            if self.on_error:
                self.on_error(self.error)
            else:
                self._log("error: " + self.error)
            self._offline()

    def _send(self, message):
        if self._sock is None:
            return
        self._outbox += (json.dumps(message, separators=(",", ":")) + "\n").encode()
        self._flush()

    def _flush(self):
        """Hands the socket what it takes now; gives up on a steerlab that stopped reading."""
        try:
            while self._outbox:
                sent = self._sock.send(self._outbox)
                del self._outbox[:sent]
        except BlockingIOError:
            if len(self._outbox) > MAX_UNSENT:
                self._log("steerlab stopped reading: working offline")
                self._offline()
        except OSError as e:
            self._log("lost the link (%s): working offline" % e)
            self._offline()

    def _read(self, messages):
        """Reads every whole line that has come, as JSON objects, into `messages`;
        True if steerlab closed its side."""
        closed = False
        try:
            while self._sock is not None:
                chunk = self._sock.recv(65536)
                if not chunk:
                    closed = True
                    break
                self._inbox += chunk
        except BlockingIOError:
            pass
        except OSError:
            closed = True
        *lines, self._inbox = self._inbox.split(b"\n")
        for line in lines:
            try:
                message = json.loads(line)
            except ValueError:
                continue    # not JSON: not for us
            if isinstance(message, dict):
                messages.append(message)
        return closed

    def _offline(self):
        if self._sock is not None:
            self._sock.close()
        self._sock, self._outbox = None, bytearray()

    def _log(self, text):
        print("steerlab_link: " + text, file=sys.stderr)


def _entity(e):
    """An entity as the protocol's dict: its fields that are given (not None)."""
    get = e.get if isinstance(e, dict) else (lambda name: getattr(e, name, None))
    entity = {}
    for name in FIELDS:
        value = get(name)
        if value is not None and not (name == "label" and value == ""):
            entity[name] = value
    return entity


def _number(value):
    """A CSV cell: empty when absent, else a number that reads back exactly."""
    return "" if value is None else repr(float(value))
