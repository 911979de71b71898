// steerlab's live link for a JavaScript game (docs/live.md): one ES module, no
// dependencies. Under node it talks plain TCP (`net`) and can write the CSV to a file;
// in a browser it talks WebSocket (ws://host:port/) and keeps the CSV as text.
//
//   const link = new SteerlabLink("Skirmish", 60);
//   link.record("skirmish.csv");                // optional (a browser: link.record(), then link.csvText())
//   link.declare("gain", 0, 20, 2, "1/s");      // a tunable steerlab may set
//   await link.connect("127.0.0.1", 7878);      // false (and offline) if steerlab is not there
//   // each tick:
//   link.poll();                                // takes `set`, `pause`, `step`, `resume`
//   if (link.mayTick()) {                       // false while steerlab holds the game paused
//     const gain = link.value("gain");
//     ...                                       // your tick
//     link.frame(tick, tick * (1 / 60), entities);
//   }
//   // at the end:
//   await link.close();                         // says `bye`, closes the CSV
//
// Nothing waits on steerlab: messages go out through the socket's own buffer and come in
// by events, kept until the next poll(). When steerlab is absent, leaves or sends an
// `error`, the link works offline (frames still go to the CSV).

const PROTOCOL = 1;
export const COLUMNS = ["tick", "time", "id", "kind", "algorithm", "x", "y", "vx", "vy",
  "heading", "ax", "ay", "seen_x", "seen_y"];
// An entity's fields, in the order they are sent (the optional ones only when given).
const FIELDS = ["id", "kind", "label", "x", "y", "vx", "vy", "heading", "ax", "ay", "seen_x", "seen_y"];
const MAX_UNSENT = 8 << 20; // bytes steerlab may leave unread before the link gives up on it

// Node's own modules, loaded only under node (and hidden from browser bundlers).
const inNode = typeof process === "object" && Boolean(process.versions?.node);
const nodeModule = (name) => import(/* webpackIgnore: true */ /* @vite-ignore */ `node:${name}`);
const net = inNode ? await nodeModule("net") : null;
const fs = inNode ? await nodeModule("fs") : null;

export class SteerlabLink {
  params = {};        // name -> { name, min, max, default, value, unit? }
  paused = false;     // steerlab asked the game to stop its clock
  steps = 0;          // ticks steerlab asked for while paused, not yet run
  error = null;       // steerlab's `error` ("field: message"), once it sent one
  nextTick = 0;       // the tick an `applied` names: the one after the last frame
  onSet = null;       // optional (name, value) => ..., after a `set` is taken
  onError = null;     // optional (text) => ...; by default errors go to console.error
  steerlab = null;    // steerlab's version, from its `welcome`
  #conn = null;       // the open connection: { send(line), unsent(), end(), drop() }
  #inbox = [];        // messages come in, not yet polled
  #peerClosed = false; // steerlab closed the connection since the last poll
  #csvFile = null;    // node: the CSV's file descriptor
  #csvText = null;    // otherwise: the CSV's text, in pieces

  constructor(game, tickRate = 60) {
    this.game = game;
    this.tickRate = tickRate;
  }

  // --- connecting ------------------------------------------------------------------

  get connected() {
    return this.#conn !== null;
  }

  // Connects (plain TCP under node, WebSocket in a browser or with `webSocket: true`),
  // says hello and declares the parameters. Resolves false, and the link stays
  // offline, if steerlab is not there within `timeoutMs`.
  async connect(host = "127.0.0.1", port = 7878, { timeoutMs = 1000, webSocket = !net } = {}) {
    const conn = await (webSocket ? this.#openWebSocket(host, port, timeoutMs)
      : this.#openTcp(host, port, timeoutMs));
    if (typeof conn === "string") {
      this.#log(`not reachable at ${host}:${port} (${conn}): working offline`);
      return false;
    }
    this.#conn = conn;
    this.#send({ type: "hello", protocol: PROTOCOL, game: this.game, tick_rate: this.tickRate });
    if (Object.keys(this.params).length > 0) this.#sendParams();
    return true;
  }

  // Says `bye`, lets steerlab read everything sent (at most 1 s) and closes the CSV.
  async close() {
    this.#send({ type: "bye" });
    const conn = this.#conn;
    this.#conn = null;
    if (conn) await conn.end();
    if (this.#csvFile !== null) fs.closeSync(this.#csvFile);
    this.#csvFile = null;
  }

  // --- parameters ----------------------------------------------------------------

  // Declares a tunable (sends the whole list again) and returns its value.
  declare(name, min, max, defaultValue, unit = "") {
    if (!(min <= defaultValue && defaultValue <= max)) {
      throw new RangeError(`${name}: default ${defaultValue} is not within ${min} to ${max}`);
    }
    this.params[name] = { name, min, max, default: defaultValue, value: defaultValue, ...(unit ? { unit } : {}) };
    this.#comment(`param ${name} = ${defaultValue} (${min} to ${max}, default ${defaultValue}${unit ? ", " + unit : ""})`);
    this.#sendParams();
    return defaultValue;
  }

  // A parameter's value now: its default until steerlab sets it.
  value(name) {
    return this.params[name].value;
  }

  #sendParams() {
    this.#send({ type: "params", params: Object.values(this.params) });
  }

  // --- each tick -----------------------------------------------------------------

  // Acts on what steerlab sent since the last poll: a `set` changes the parameter and
  // is answered with `applied` (naming `nextTick`); `pause`, `step` and `resume` change
  // `paused` and `steps`; an `error` is kept in `error` and the link goes offline.
  // Returns the messages read.
  poll() {
    const messages = this.#inbox.splice(0);
    for (const message of messages) this.#handle(message);
    if (this.#peerClosed) {
      this.#peerClosed = false;
      if (this.error === null) this.#log("steerlab closed the link: working offline");
    }
    if (!this.#conn) {
      this.paused = false; // offline: nothing holds the clock
      this.steps = 0;
    }
    return messages;
  }

  // Whether the game runs a tick now: always, unless paused; while paused, once per
  // `step` steerlab sent (each call that says true uses one).
  mayTick() {
    if (!this.paused) return true;
    if (this.steps > 0) {
      this.steps -= 1;
      return true;
    }
    return false;
  }

  // Sends (and records) tick `tick` at `time` seconds. Entities have id, kind ("target"
  // or "missile"), x, y, vx, vy, heading and optionally label, ax and ay, seen_x and seen_y.
  frame(tick, time, entities) {
    const list = [];
    for (const e of entities) {
      const entity = {};
      for (const name of FIELDS) {
        if (e[name] != null && !(name === "label" && e[name] === "")) entity[name] = e[name];
      }
      list.push(entity);
    }
    this.nextTick = tick + 1;
    if (this.#csvFile !== null || this.#csvText !== null) {
      let rows = "";
      for (const e of list) {
        const cells = [tick, time, e.id, e.kind, csvCell(e.label ?? "")];
        for (const name of COLUMNS.slice(5)) cells.push(e[name] ?? "");
        rows += cells.map(String).join(",") + "\n";
      }
      this.#write(rows);
    }
    this.#send({ type: "frame", tick, time, entities: list });
  }

  // --- the offline CSV -------------------------------------------------------------

  // Also writes every frame as it goes, in the columns and number format of steerlab's
  // own capture: to the file `path` (node), or, without a path, kept for csvText().
  record(path) {
    if (path !== undefined) {
      if (!fs) throw new Error("no files here: call record() without a path, then csvText()");
      this.#csvFile = fs.openSync(path, "w");
    } else {
      this.#csvText = [];
    }
    this.#comment(`steerlab-link capture: ${this.game}, ${this.tickRate} ticks per second`);
    this.#write(COLUMNS.join(",") + "\n");
  }

  // The CSV recorded so far, when recording without a path (say, for a page to download).
  csvText() {
    return (this.#csvText ?? []).join("");
  }

  #comment(text) {
    this.#write(`# ${text}\n`);
  }

  #write(text) {
    if (this.#csvFile !== null) fs.writeSync(this.#csvFile, text);
    else if (this.#csvText !== null) this.#csvText.push(text);
  }

  // --- inside --------------------------------------------------------------------

  #handle(message) {
    switch (message.type) {
      case "welcome":
        this.steerlab = message.steerlab ?? null;
        break;
      case "set": {
        const { name, value } = message;
        if (!Object.hasOwn(this.params, name)) {
          this.#log(`ignored a set of ${JSON.stringify(name)}: not declared`);
          break;
        }
        this.params[name].value = value;
        this.#comment(`applied ${name} = ${value} from tick ${this.nextTick}`);
        this.#send({ type: "applied", name, value, tick: this.nextTick });
        this.onSet?.(name, value);
        break;
      }
      case "pause":
        this.paused = true;
        this.steps = 0;
        break;
      case "step":
        if (this.paused) this.steps += 1;
        break;
      case "resume":
        this.paused = false;
        this.steps = 0;
        break;
      case "error": {
        const { field = "", message: text = "" } = message;
        this.error = field ? `${field}: ${text}` : text;
        if (this.onError) this.onError(this.error);
        else this.#log(`error: ${this.error}`);
        this.#drop();
        break;
      }
    }
  }

  #send(message) {
    if (!this.#conn) return;
    if (this.#conn.unsent() > MAX_UNSENT) {
      this.#log("steerlab stopped reading: working offline");
      this.#drop();
      return;
    }
    this.#conn.send(JSON.stringify(message));
  }

  // Takes a line steerlab sent on `conn`: a JSON object waits for poll(), anything
  // else (or anything on a connection the link has left) is ignored.
  #receive(conn, line) {
    if (this.#conn !== conn) return;
    try {
      const message = JSON.parse(line);
      if (message && typeof message === "object" && !Array.isArray(message)) this.#inbox.push(message);
    } catch {
      // not JSON: not for us
    }
  }

  // The connection `conn` closed: if it was ours, the link is offline from now on.
  #closed(conn) {
    if (this.#conn !== conn) return;
    this.#conn = null;
    this.#peerClosed = true;
  }

  // Closes the connection at once (steerlab's error, or a steerlab that stopped reading).
  #drop() {
    const conn = this.#conn;
    this.#conn = null;
    conn?.drop();
  }

  #log(text) {
    console.error(`steerlab-link: ${text}`);
  }

  // Plain TCP (node): resolves a connection, or why there is none.
  #openTcp(host, port, timeoutMs) {
    return new Promise((resolve) => {
      const socket = net.connect({ host, port });
      const timer = setTimeout(() => { socket.destroy(); resolve("timed out"); }, timeoutMs);
      let partial = "";
      const conn = {
        send: (line) => socket.write(line + "\n"),
        unsent: () => socket.writableLength,
        end: () => new Promise((done) => { // half-close, then wait for steerlab to close
          const late = setTimeout(() => { socket.destroy(); done(); }, 1000);
          socket.once("close", () => { clearTimeout(late); done(); });
          socket.end();
        }),
        drop: () => socket.destroy(),
      };
      socket.setEncoding("utf8");
      socket.setNoDelay(true);
      socket.once("connect", () => { clearTimeout(timer); resolve(conn); });
      socket.on("data", (text) => {
        const lines = (partial + text).split("\n");
        partial = lines.pop();
        for (const line of lines) this.#receive(conn, line);
      });
      socket.on("error", (e) => { clearTimeout(timer); resolve(e.message); }); // "close" follows
      socket.on("close", () => this.#closed(conn));
    });
  }

  // WebSocket (a browser, or node with a global WebSocket): the same, one line a message.
  #openWebSocket(host, port, timeoutMs) {
    return new Promise((resolve) => {
      const url = `ws://${host.includes(":") ? `[${host}]` : host}:${port}/`;
      let ws;
      try {
        ws = new WebSocket(url);
      } catch (e) {
        resolve(String(e?.message ?? e));
        return;
      }
      const timer = setTimeout(() => { ws.close(); resolve("timed out"); }, timeoutMs);
      const conn = {
        send: (line) => ws.send(line),
        unsent: () => ws.bufferedAmount,
        end: () => new Promise((done) => { // close, then wait for steerlab's answer
          const late = setTimeout(done, 1000);
          ws.addEventListener("close", () => { clearTimeout(late); done(); });
          ws.close(1000);
        }),
        drop: () => ws.close(),
      };
      ws.onopen = () => { clearTimeout(timer); resolve(conn); };
      ws.onmessage = (event) => {
        for (const line of String(event.data).split("\n")) this.#receive(conn, line);
      };
      ws.onerror = ws.onclose = () => { // (node 20's WebSocket fires no close when refused)
        clearTimeout(timer);
        resolve("refused or closed");
        this.#closed(conn);
      };
    });
  }
}

// A CSV cell of text: quoted when it holds a comma, a quote or a line break.
function csvCell(text) {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
