//! The seeker's timing in an exported file: a small class beside the missile's that shows
//! its law the target `latency` ticks late, refreshed `rate` times a second and held in
//! between, as steerlab's seeker does (`crate::sim::seeker`). Its noise, field of view,
//! lock range and flares are the game's own: they are not in the file.
//!
//! Written by hand in each language (a queue of the last truths is not in the step
//! language), and checked like the law: the vectors' `look` rows are steerlab's own seeker
//! with the same timing, on the truths the missile's target gave.

use super::emit::{doc, Parts, Source, Writer};
use super::lang::{widen, Lang};
use crate::sim::seeker::SeekerSpec;

/// The seeker's class name beside the missile class `class` (`ProNavMissile` →
/// `ProNavSeeker`).
pub fn class_name(class: &str) -> String {
    format!("{}Seeker", class.trim_end_matches("Missile"))
}

/// The timing of `spec` that the export carries (none: the law sees the target as it
/// is, every tick).
pub fn timing(spec: &SeekerSpec) -> Option<SeekerSpec> {
    (spec.latency > 0 || spec.rate > 0.0).then(|| SeekerSpec {
        latency: spec.latency,
        rate: spec.rate,
        ..SeekerSpec::default()
    })
}

/// What the class's comment says.
const ABOUT: &str = "The missile's seeker: what its law is shown of the target. It shows the \
    target as it was LATENCY ticks before (as at its first look until then), refreshed RATE \
    times a second (0: every tick) and held in between. Call look once a tick with where the \
    target truly is, then step the missile at the seen target. steerlab's seeker can also \
    add noise and lose its lock outside its field of view or range: those are your game's.";

/// The seeker's class in `lang` for the missile class `class`, in the law's numbers
/// (`wide`: doubles), with its timing from `spec`.
pub fn class(lang: Lang, class: &str, wide: bool, spec: &SeekerSpec) -> String {
    let name = class_name(class);
    let latency = spec.latency;
    let rate = lang.number(&format!("{:?}", spec.rate), false);
    let latency_doc = "How many ticks late it sees the target. Valid: 0 to 600 ticks.";
    let rate_doc = "Updates a second, held in between; 0: every tick. Valid: 0 to 1000 1/s.";
    let mut w = Writer::new(lang);
    let c = lang.comment();
    let text = match lang {
        Lang::CSharp => {
            w.line("/// <summary>");
            doc(&mut w, "///", ABOUT);
            w.line("/// </summary>");
            format!(
                r#"public sealed class {name}
{{
    /// <summary>{latency_doc}</summary>
    public const int LATENCY = {latency};
    /// <summary>{rate_doc}</summary>
    public const float RATE = {rate};

    public float seenX, seenY, seenVx, seenVy;
    readonly System.Collections.Generic.Queue<float[]> truths = new System.Collections.Generic.Queue<float[]>();
    bool held;
    long ticks, nextUpdate;

    /// <summary>One tick's look at the target, truly at (targetX, targetY) moving at
    /// (targetVx, targetVy): sets seenX, seenY, seenVx, seenVy.</summary>
    public void Look(float targetX, float targetY, float targetVx, float targetVy, float dt)
    {{
        truths.Enqueue(new[] {{ targetX, targetY, targetVx, targetVy }});
        while (truths.Count > LATENCY + 1) truths.Dequeue();
        if (!held || ticks >= nextUpdate)
        {{
            float[] oldest = truths.Peek();
            seenX = oldest[0];
            seenY = oldest[1];
            seenVx = oldest[2];
            seenVy = oldest[3];
            held = true;
            nextUpdate = ticks + Period(dt);
        }}
        ticks++;
    }}

    // Ticks between updates (at least one), as steerlab rounds it.
    static long Period(float dt)
    {{
        long ticks = (long)MathF.Round(1f / (RATE * dt), MidpointRounding.AwayFromZero);
        return RATE > 0f ? Math.Max(ticks, 1) : 1;
    }}
}}"#
            )
        }
        Lang::Cpp => {
            doc(&mut w, c, ABOUT);
            format!(
                r#"class {name} {{
public:
    // {latency_doc}
    static constexpr int LATENCY = {latency};
    // {rate_doc}
    static constexpr float RATE = {rate};

    float seen_x = 0.0f, seen_y = 0.0f, seen_vx = 0.0f, seen_vy = 0.0f;

    // One tick's look at the target, truly at (target_x, target_y) moving at
    // (target_vx, target_vy): sets seen_x, seen_y, seen_vx, seen_vy.
    void look(float target_x, float target_y, float target_vx, float target_vy, float dt) {{
        truths.push_back({{target_x, target_y, target_vx, target_vy}});
        while (truths.size() > static_cast<std::size_t>(LATENCY) + 1) truths.pop_front();
        if (!held || ticks >= next_update) {{
            const std::array<float, 4>& oldest = truths.front();
            seen_x = oldest[0];
            seen_y = oldest[1];
            seen_vx = oldest[2];
            seen_vy = oldest[3];
            held = true;
            next_update = ticks + period(dt);
        }}
        ticks += 1;
    }}

private:
    std::deque<std::array<float, 4>> truths;
    bool held = false;
    long long ticks = 0, next_update = 0;

    // Ticks between updates (at least one), as steerlab rounds it.
    static long long period(float dt) {{
        if (RATE <= 0.0f) return 1;
        return std::max(static_cast<long long>(std::round(1.0f / (RATE * dt))), 1LL);
    }}
}};"#
            )
        }
        Lang::Rust => {
            doc(&mut w, "///", ABOUT);
            format!(
                r#"#[derive(Clone, Debug, Default)]
pub struct {name} {{
    pub seen_x: f32,
    pub seen_y: f32,
    pub seen_vx: f32,
    pub seen_vy: f32,
    truths: std::collections::VecDeque<[f32; 4]>,
    held: bool,
    ticks: u64,
    next_update: u64,
}}

impl {name} {{
    /// {latency_doc}
    pub const LATENCY: usize = {latency};
    /// {rate_doc}
    pub const RATE: f32 = {rate};

    /// One tick's look at the target, truly at (target_x, target_y) moving at
    /// (target_vx, target_vy): sets seen_x, seen_y, seen_vx, seen_vy.
    pub fn look(&mut self, target_x: f32, target_y: f32, target_vx: f32, target_vy: f32, dt: f32) {{
        self.truths.push_back([target_x, target_y, target_vx, target_vy]);
        while self.truths.len() > Self::LATENCY + 1 {{
            self.truths.pop_front();
        }}
        if !self.held || self.ticks >= self.next_update {{
            let [x, y, vx, vy] = self.truths[0];
            (self.seen_x, self.seen_y, self.seen_vx, self.seen_vy) = (x, y, vx, vy);
            self.held = true;
            self.next_update = self.ticks + Self::period(dt);
        }}
        self.ticks += 1;
    }}

    /// Ticks between updates (at least one), as steerlab rounds it.
    fn period(dt: f32) -> u64 {{
        if Self::RATE <= 0.0 {{
            return 1;
        }}
        ((1.0 / (Self::RATE * dt)).round() as u64).max(1)
    }}
}}"#
            )
        }
        Lang::TypeScript => {
            w.line("/**");
            doc(&mut w, " *", ABOUT);
            w.line(" */");
            format!(
                r#"export class {name} {{
    /** {latency_doc} */
    static readonly LATENCY = {latency};
    /** {rate_doc} */
    static readonly RATE = {rate};

    seenX = 0;
    seenY = 0;
    seenVx = 0;
    seenVy = 0;
    private truths: number[][] = [];
    private held = false;
    private ticks = 0;
    private nextUpdate = 0;

    /** One tick's look at the target, truly at (targetX, targetY) moving at
     * (targetVx, targetVy): sets seenX, seenY, seenVx, seenVy. */
    look(targetX: number, targetY: number, targetVx: number, targetVy: number, dt: number): void {{
        this.truths.push([targetX, targetY, targetVx, targetVy]);
        while (this.truths.length > {name}.LATENCY + 1) this.truths.shift();
        if (!this.held || this.ticks >= this.nextUpdate) {{
            [this.seenX, this.seenY, this.seenVx, this.seenVy] = this.truths[0];
            this.held = true;
            this.nextUpdate = this.ticks + {name}.period(dt);
        }}
        this.ticks += 1;
    }}

    /** Ticks between updates (at least one), as steerlab rounds it. */
    private static period(dt: number): number {{
        if ({name}.RATE <= 0) return 1;
        return Math.max(Math.round(1 / ({name}.RATE * dt)), 1);
    }}
}}"#
            )
        }
        Lang::GdScript => {
            doc(&mut w, c, ABOUT);
            format!(
                "class {name}:\n\
                 \t# {latency_doc}\n\
                 \tconst LATENCY = {latency}\n\
                 \t# {rate_doc}\n\
                 \tconst RATE = {rate}\n\
                 \n\
                 \tvar seen_x: float = 0.0\n\
                 \tvar seen_y: float = 0.0\n\
                 \tvar seen_vx: float = 0.0\n\
                 \tvar seen_vy: float = 0.0\n\
                 \tvar _truths: Array = []\n\
                 \tvar _held: bool = false\n\
                 \tvar _ticks: int = 0\n\
                 \tvar _next_update: int = 0\n\
                 \n\
                 \t# One tick's look at the target, truly at (target_x, target_y) moving at\n\
                 \t# (target_vx, target_vy): sets seen_x, seen_y, seen_vx, seen_vy.\n\
                 \tfunc look(\n\
                 \t\ttarget_x: float, target_y: float, target_vx: float, target_vy: float, dt: float\n\
                 \t) -> void:\n\
                 \t\t_truths.push_back([target_x, target_y, target_vx, target_vy])\n\
                 \t\twhile _truths.size() > LATENCY + 1:\n\
                 \t\t\t_truths.pop_front()\n\
                 \t\tif not _held or _ticks >= _next_update:\n\
                 \t\t\tvar oldest: Array = _truths[0]\n\
                 \t\t\tseen_x = oldest[0]\n\
                 \t\t\tseen_y = oldest[1]\n\
                 \t\t\tseen_vx = oldest[2]\n\
                 \t\t\tseen_vy = oldest[3]\n\
                 \t\t\t_held = true\n\
                 \t\t\t_next_update = _ticks + _period(dt)\n\
                 \t\t_ticks += 1\n\
                 \n\
                 \t# Ticks between updates (at least one), as steerlab rounds it.\n\
                 \tstatic func _period(dt: float) -> int:\n\
                 \t\tif RATE <= 0.0:\n\
                 \t\t\treturn 1\n\
                 \t\treturn int(max(round(1.0 / (RATE * dt)), 1.0))"
            )
        }
    };
    w.lines(&text);
    if wide && lang.has_single_precision() {
        widen(&w.out)
    } else {
        w.out
    }
}

/// The seeker's class (and an empty line after it), when the lane has one.
pub(super) fn seeker_class(w: &mut Writer, p: &Parts) {
    if let Some(class) = &p.seeker {
        w.lines(class);
        if w.lang != Lang::GdScript {
            w.line("");
        }
    }
}

pub(super) fn strings(names: [&str; 5]) -> [String; 5] {
    names.map(str::to_string)
}

/// How an adapter looks through the seeker, when the lane has one: the target as the
/// engine gives it goes to `look`, and the step gets what the seeker shows.
pub(super) struct Look {
    /// The seeker's class, if any.
    class: Option<String>,
    lang: Lang,
    /// How the adapter reaches its seeker (`seeker.`).
    at: &'static str,
    /// The target's position and velocity, and the tick, as the adapter has them.
    truth: [String; 5],
}

impl Look {
    pub(super) fn new(
        p: &Parts,
        s: &Source,
        lang: Lang,
        at: &'static str,
        truth: [String; 5],
    ) -> Look {
        Look {
            class: p
                .seeker
                .as_ref()
                .map(|_| super::seeker::class_name(&s.class())),
            lang,
            at,
            truth,
        }
    }

    /// The adapter's declaration of its seeker (`declare(class)`), or nothing.
    pub(super) fn field(&self, declare: impl Fn(&str) -> String) -> String {
        self.class.as_deref().map(declare).unwrap_or_default()
    }

    /// The look, then `then` (a new line and its indent), or nothing.
    pub(super) fn call(&self, method: &str, then: &str) -> String {
        if self.class.is_none() {
            return String::new();
        }
        let [x, y, vx, vy, dt] = &self.truth;
        format!(
            "{}{method}({x}, {y}, {vx}, {vy}, {dt}){}{then}",
            self.at,
            self.lang.end()
        )
    }

    /// The step's target: what the seeker shows, or the target itself.
    pub(super) fn args(&self) -> String {
        if self.class.is_none() {
            return self.truth[..4].join(", ");
        }
        ["seen_x", "seen_y", "seen_vx", "seen_vy"]
            .iter()
            .map(|f| format!("{}{}", self.at, self.lang.member(f)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}
