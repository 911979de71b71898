// Not run: type-checked, to show a TypeScript game gets types (this folder's package.json
// says "type": "module", so this file is an ES module like a game's would be):
//   npx -y -p typescript@5 tsc --noEmit --strict --module nodenext --moduleResolution nodenext --target es2022 clients/js/typecheck.ts
import { SteerlabLink, type Entity, type Message } from "./steerlab-link.mjs";

class Missile {
  constructor(public id: number, public x = 0, public y = 0, public vx = 150, public vy = 0) {}
  get heading(): number { return Math.atan2(this.vy, this.vx); }
  entity(): Entity {
    return { id: this.id, kind: "missile", label: "chaser", x: this.x, y: this.y, vx: this.vx, vy: this.vy, heading: this.heading };
  }
}

const link = new SteerlabLink("Skirmish", 60);
link.record("skirmish.csv");
let gain: number = link.declare("gain", 0, 20, 2, "1/s");
link.onSet = (name: string, value: number) => { if (name === "gain") gain = value; };
link.onError = (text: string) => console.warn(text);
const online: boolean = await link.connect("127.0.0.1", 7878, { timeoutMs: 500 });

const missiles = [new Missile(7)];
for (let tick = 0; tick < 3; tick++) {
  const messages: Message[] = link.poll();
  if (!link.mayTick()) continue;
  link.frame(tick, tick * (1 / 60), missiles.map((m) => m.entity()));
}
const paused: boolean = link.paused;
const error: string | null = link.error;
const csv: string = link.csvText();
await link.close();
console.log(online, gain, paused, error, csv.length, link.value("gain"), link.connected);
