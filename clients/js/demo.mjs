// The demo engagement of docs/live.md, flown over the live link.
//
//   node demo.mjs HOST PORT OUT.csv
//
// A target flies a straight line; a missile steers towards it with the game's `gain`,
// which steerlab may set. Works without steerlab too (OUT.csv is written either way).
import { SteerlabLink } from "./steerlab-link.mjs";

const [host, port, out] = process.argv.slice(2);
const dt = 1 / 60;
const sleep = (seconds) => new Promise((done) => setTimeout(done, seconds * 1000));

const link = new SteerlabLink("demo", 60);
link.record(out);
// STEERLAB_WEBSOCKET=1 takes a browser's path, WebSocket (node 20: `node --experimental-websocket`).
await link.connect(host, Number(port), { webSocket: process.env.STEERLAB_WEBSOCKET === "1" });
link.declare("gain", 0, 20, 2, "1/s");

let [tx, ty, tvx, tvy] = [400, 300, -60, 20]; // the target: position, velocity
let [mx, my, vx, vy] = [0, 0, 150, 0];         // the missile: position, velocity
for (let t = 0; t < 240;) {
  // 1. read what steerlab sent (a `set` of gain is answered with `applied` for tick t)
  link.poll();
  if (!link.mayTick()) { // paused: keep reading, run no tick
    await sleep(dt);
    continue;
  }
  const gain = link.value("gain");
  // 2. step: steer towards the target at 150 units/s, then move both
  const [sx, sy] = [tx, ty]; // where the seeker sees the target
  const [ox, oy] = [tx - mx, ty - my];
  const d = Math.sqrt(ox * ox + oy * oy);
  const [ax, ay] = [(ox * (150 / d) - vx) * gain, (oy * (150 / d) - vy) * gain];
  vx += ax * dt;
  vy += ay * dt;
  mx += vx * dt;
  my += vy * dt;
  tx += tvx * dt;
  ty += tvy * dt;
  // 3. send the frame of tick t
  link.frame(t, t * (1 / 60), [
    { id: 1, kind: "target", x: tx, y: ty, vx: tvx, vy: tvy, heading: Math.atan2(tvy, tvx) },
    { id: 7, kind: "missile", label: "chaser", x: mx, y: my, vx, vy,
      heading: Math.atan2(vy, vx), ax, ay, seen_x: sx, seen_y: sy },
  ]);
  await sleep(dt);
  t += 1;
}

await link.close();
if (link.error) console.log("steerlab said:", link.error);
