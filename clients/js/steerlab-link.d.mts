// Types for steerlab-link.mjs, steerlab's live link (docs/live.md). TypeScript looks for a
// `.d.mts` beside an `.mjs` (a `.d.ts` would not be found).

/** One target or missile in a frame: a row of the recording. */
export interface Entity {
  /** A whole number, 0 to 2^53; targets and missiles are numbered apart. */
  id: number;
  kind: "target" | "missile";
  /** What flies it, in your words (the recording's `algorithm` column). */
  label?: string;
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** Radians. */
  heading: number;
  /** The acceleration your law commanded this tick (give both or neither). */
  ax?: number;
  ay?: number;
  /** Where your seeker sees the target (give both or neither). */
  seen_x?: number;
  seen_y?: number;
}

/** A tunable the game declared, with its value now. */
export interface Param {
  name: string;
  min: number;
  max: number;
  default: number;
  value: number;
  unit?: string;
}

/** A message steerlab sent (`welcome`, `set`, `pause`, `step`, `resume`, `error`). */
export interface Message {
  type: string;
  [field: string]: unknown;
}

export interface ConnectOptions {
  /** How long to wait for steerlab before working offline (default 1000). */
  timeoutMs?: number;
  /** WebSocket instead of plain TCP (the default where node's `net` is missing: a browser). */
  webSocket?: boolean;
}

/** The CSV's columns, those of steerlab's own capture. */
export declare const COLUMNS: readonly string[];

export declare class SteerlabLink {
  constructor(game: string, tickRate?: number);
  readonly game: string;
  readonly tickRate: number;
  /** The declared parameters by name. */
  readonly params: Record<string, Param>;
  /** steerlab asked the game to stop its clock (false whenever offline). */
  paused: boolean;
  /** Ticks steerlab asked for while paused, not yet run (mayTick() uses them). */
  steps: number;
  /** steerlab's `error` ("field: message"), once it sent one; the link is then offline. */
  error: string | null;
  /** The tick an `applied` names: the one after the last frame (set it if you start elsewhere than 0). */
  nextTick: number;
  /** Called after a `set` is taken (and answered). */
  onSet: ((name: string, value: number) => void) | null;
  /** Called with steerlab's error; without it, the error goes to console.error. */
  onError: ((text: string) => void) | null;
  /** steerlab's version, from its `welcome`. */
  steerlab: string | null;
  readonly connected: boolean;

  /** Connects, says hello, declares the parameters; false (and offline) if steerlab is not there. */
  connect(host?: string, port?: number, options?: ConnectOptions): Promise<boolean>;
  /** Declares a tunable (sends the whole list again); returns its value. */
  declare(name: string, min: number, max: number, defaultValue: number, unit?: string): number;
  /** A parameter's value now: its default until steerlab sets it. */
  value(name: string): number;
  /** Acts on what steerlab sent since the last poll (answers `set`s); returns those messages. */
  poll(): Message[];
  /** Whether to run a tick now: true unless paused; while paused, once per `step`. */
  mayTick(): boolean;
  /** Sends (and records) one tick. */
  frame(tick: number, time: number, entities: Iterable<Entity>): void;
  /** Writes the CSV as it goes: to `path` (node), or without one kept for csvText(). */
  record(path?: string): void;
  /** The CSV so far, when recording without a path. */
  csvText(): string;
  /** Says `bye`, waits (at most 1 s) for steerlab to read it, closes the CSV. */
  close(): Promise<void>;
}
