//! A law's step, printed in one language: the per-missile class (its tuned parameters
//! as named constants, its state, `launch` and `step`) and the engine adapter.

use super::lang::{pascal, Lang, Role};
use super::print::function;
use super::step::{Expr, StepFile};
use super::tree::{decided, fresh, is_constant, prune, resolve, uses};
use std::collections::{BTreeMap, BTreeSet};

/// The body every law moves, as the step files name it.
pub const BODY: [&str; 5] = ["pos_x", "pos_y", "vel_x", "vel_y", "heading"];
/// What `step` is given: the target as the missile's seeker sees it, and the tick.
pub const STEP_INPUTS: [&str; 5] = ["target_x", "target_y", "target_vx", "target_vy", "dt"];
/// What `fly` is given: the body's velocity and heading before the law's move, and the
/// tick.
pub const FLY_INPUTS: [&str; 4] = ["before_vel_x", "before_vel_y", "before_heading", "dt"];
/// What `launch` is given: where the missile starts, its start velocity, the target, and
/// the tick's length.
pub const LAUNCH_INPUTS: [&str; 9] = [
    "launch_x",
    "launch_y",
    "launch_vx",
    "launch_vy",
    "target_x",
    "target_y",
    "target_vx",
    "target_vy",
    "dt",
];

/// A tuned parameter, with its description.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// As in scenario files (`ga`).
    pub name: String,
    pub label: String,
    pub help: String,
    pub unit: String,
    pub value: ParamValue,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ParamValue {
    /// A number with its valid range.
    Number(f32, f32, f32),
    Flag(bool),
    /// The chosen name and all the names.
    Choice(String, Vec<String>),
}

/// Everything one exported file is made from.
#[derive(Clone, Debug)]
pub struct Source<'a> {
    /// The law's id (`smoothed`).
    pub id: &'a str,
    pub summary: &'a str,
    pub step: &'a StepFile,
    pub params: &'a [Param],
    /// Lines for the header: which steerlab, and the link that reproduces the tuning.
    pub provenance: &'a [String],
    /// The seeker's timing, when the lane's seeker sees late or seldom (its class is
    /// written beside the missile's).
    pub seeker: Option<crate::sim::seeker::SeekerSpec>,
}

impl Source<'_> {
    /// The class's name (`SmoothedMissile`).
    pub fn class(&self) -> String {
        format!("{}Missile", pascal(&self.id.replace('-', "_")))
    }

    pub(super) fn param(&self, name: &str) -> Option<&Param> {
        self.params.iter().find(|p| p.name == name)
    }

    /// The per-missile fields: the body, then the law's state, each with whether it
    /// is a flag.
    pub fn fields(&self) -> Vec<(String, bool)> {
        let mut out: Vec<(String, bool)> = BODY.iter().map(|b| (b.to_string(), false)).collect();
        out.extend(
            self.step
                .state
                .iter()
                .map(|s| (s.name.clone(), matches!(s.initial, Expr::Bool(_)))),
        );
        out
    }
}

/// The whole exported file in `lang`.
pub fn file(lang: Lang, source: &Source) -> Result<String, String> {
    for state in &source.step.state {
        if LAUNCH_INPUTS.contains(&state.name.as_str())
            || STEP_INPUTS.contains(&state.name.as_str())
            || FLY_INPUTS.contains(&state.name.as_str())
        {
            return Err(format!("`state {}`: an argument has that name", state.name));
        }
        if let Some(scale) = &state.scale {
            if !matches!(
                source.param(&scale.to_lowercase()),
                Some(Param {
                    value: ParamValue::Number(..),
                    ..
                })
            ) {
                return Err(format!(
                    "`state {}`: its scale `{scale}` is not a number the law has",
                    state.name
                ));
            }
        }
    }
    let launch_body = resolve(source, &fresh(source))?;
    let step_body = resolve(source, &source.step.step)?;
    let fly_body = resolve(source, &source.step.fly)?;
    // Checked whole (a mistake in what pruning drops is still a mistake), then pruned.
    function(lang, source, "launch", &launch_body)?;
    function(lang, source, "step", &step_body)?;
    function(lang, source, "fly", &fly_body)?;
    let (launch_body, step_body, fly_body) =
        (prune(launch_body), prune(step_body), prune(fly_body));
    let mut used = BTreeSet::new();
    let mut whens = BTreeSet::new();
    for body in [&source.step.launch, &source.step.step, &source.step.fly] {
        decided(body, &mut whens);
    }
    for body in [&launch_body, &step_body, &fly_body] {
        uses(body, &mut used);
    }
    let mut helpers: Vec<String> = super::step::FUNCTIONS
        .iter()
        .filter(|(f, _)| used.contains(*f))
        .filter_map(|(f, _)| lang.helper(f, source.step.double))
        .collect();
    if emulates_single(lang, source) {
        if lang == Lang::GdScript {
            helpers.push(Lang::GD_TO_SINGLE.to_string());
        }
        if used.contains("atan2") {
            helpers.push(super::single::helpers(lang).to_string());
        }
    }
    used.extend(source.step.keep.iter().cloned());
    let mut constants = Vec::new();
    for name in used.iter().filter(|n| is_constant(n)) {
        match source.param(&name.to_lowercase()) {
            Some(
                param @ Param {
                    value: ParamValue::Number(..),
                    ..
                },
            ) => constants.push(param),
            _ => {
                return Err(format!(
                    "the step uses `{name}`, which is not a number the law has"
                ))
            }
        }
    }
    let mut w = Writer::for_law(lang, source);
    header(&mut w, source, &whens)?;
    let launch = function(lang, source, "launch", &launch_body)?;
    let step = function(lang, source, "step", &step_body)?;
    let (mut launch_reads, mut step_reads) = (BTreeSet::new(), BTreeSet::new());
    uses(&launch_body, &mut launch_reads);
    uses(&step_body, &mut step_reads);
    let fly = if fly_body.is_empty() {
        None
    } else {
        let mut reads = BTreeSet::new();
        uses(&fly_body, &mut reads);
        Some(Fly {
            body: function(lang, source, "fly", &fly_body)?,
            reads,
        })
    };
    let parts = Parts {
        constants: &constants,
        launch: &launch,
        step: &step,
        helpers,
        launch_reads: &launch_reads,
        step_reads: &step_reads,
        fly,
        seeker: source
            .seeker
            .as_ref()
            .map(|spec| super::seeker::class(lang, &source.class(), source.step.double, spec)),
    };
    match lang {
        Lang::CSharp => super::shells::csharp(&mut w, source, &parts),
        Lang::GdScript => super::shells::gdscript(&mut w, source, &parts),
        Lang::Cpp => super::shells::cpp(&mut w, source, &parts),
        Lang::Rust => super::shells::rust(&mut w, source, &parts),
        Lang::TypeScript => super::shells::typescript(&mut w, source, &parts),
    }
    Ok(w.out)
}

/// Whether `lang`, a language of doubles, rounds every operation of a law defined in
/// single precision (`precision single`) to single precision, as steerlab computes it.
pub fn emulates_single(lang: Lang, source: &Source) -> bool {
    source.step.single && !lang.has_single_precision()
}

/// What a shell puts around: the constants, the two functions' bodies (at depth 0),
/// the helpers they call, and the names each function reads.
pub struct Parts<'a> {
    pub constants: &'a [&'a Param],
    pub launch: &'a str,
    pub step: &'a str,
    pub helpers: Vec<String>,
    pub launch_reads: &'a BTreeSet<String>,
    pub step_reads: &'a BTreeSet<String>,
    /// The airframe's `fly` after each step, when the lane has one: then the law's own
    /// step is the private `steer`, and `step` steers, then flies.
    pub fly: Option<Fly>,
    /// The seeker's class, when the lane has one: the adapter looks through it.
    pub seeker: Option<String>,
}

/// The body of `fly` (at depth 0) and the names it reads.
pub struct Fly {
    pub body: String,
    pub reads: BTreeSet<String>,
}

/// The file's opening comment: the law, its source, the provenance, and the choices
/// this code was cut to.
fn header(w: &mut Writer, source: &Source, whens: &BTreeSet<String>) -> Result<(), String> {
    let c = w.lang.comment();
    w.line(&format!("{c} {}: {}", source.class(), source.summary));
    for line in &source.step.doc {
        w.line(format!("{c} {line}").trim_end());
    }
    if w.single {
        w.line(&format!(
            "{c} This law is defined in single precision and {} computes in doubles: every",
            w.lang.name()
        ));
        w.line(&format!(
            "{c} operation's result is rounded to single precision ({}), as steerlab's are.",
            w.lang.rounded("...")
        ));
    }
    w.line(c);
    for line in source.provenance {
        let line = format!("{c} {line}");
        if let Some(allowance) = w.lang.long_line_allowance(&line) {
            w.line(allowance);
        }
        w.line(&line);
    }
    for name in whens {
        let Some(param) = source.param(name) else {
            return Err(format!(
                "the step decides on `{name}`, which the law does not have"
            ));
        };
        let setting = match &param.value {
            ParamValue::Flag(on) => if *on { "on" } else { "off" }.to_string(),
            ParamValue::Choice(chosen, _) => chosen.clone(),
            ParamValue::Number(..) => {
                return Err(format!("the step decides on `{name}`, which is a number"))
            }
        };
        w.line(&format!(
            "{c} Tuned with {} {setting}: this code flies that setting only.",
            if param.label.is_empty() {
                &param.name
            } else {
                &param.label
            }
        ));
    }
    w.line("");
    Ok(())
}

/// A constant's comment: what it does, its range and unit.
pub fn constant_doc(param: &Param) -> String {
    let ParamValue::Number(_, min, max) = param.value else {
        return param.help.clone();
    };
    let unit = if param.unit.is_empty() {
        String::new()
    } else {
        format!(" {}", param.unit)
    };
    format!("{} Valid: {min} to {max}{unit}.", param.help)
}

/// A constant's value as a literal (`wide`: of the law's double type; `single`: rounded
/// to single precision in a language of doubles, where the literal is not exact).
pub fn constant_value(lang: Lang, param: &Param, wide: bool, single: bool) -> String {
    match param.value {
        // GDScript's constants cannot call a function: the float's own value, in full.
        ParamValue::Number(v, ..) if single && lang == Lang::GdScript => {
            lang.number(&format!("{:?}", f64::from(v)), wide)
        }
        ParamValue::Number(v, ..) => literal(lang, &format!("{v:?}"), wide, single),
        _ => String::new(),
    }
}

/// A number as written, in `lang`; with `single`, rounded to single precision when the
/// double it reads as is not a single-precision number (0.1, not 0.5).
pub fn literal(lang: Lang, text: &str, wide: bool, single: bool) -> String {
    let number = lang.number(text, wide);
    let exact = text
        .parse::<f64>()
        .is_ok_and(|d| f64::from(d as f32) == d || !d.is_finite());
    if single && !exact {
        lang.rounded(&number)
    } else {
        number
    }
}

/// Text being written, indented.
pub struct Writer {
    pub lang: Lang,
    /// The law computes in doubles ([`super::step::StepFile::double`]).
    pub wide: bool,
    /// The law is defined in single precision and the language has only doubles: every
    /// operation is rounded ([`emulates_single`]).
    pub single: bool,
    pub out: String,
    pub depth: usize,
}

impl Writer {
    pub fn new(lang: Lang) -> Writer {
        Writer {
            lang,
            wide: false,
            single: false,
            out: String::new(),
            depth: 0,
        }
    }

    /// A writer of `source`'s law in `lang`: with its numbers' width and rounding.
    pub fn for_law(lang: Lang, source: &Source) -> Writer {
        Writer {
            wide: source.step.double,
            single: emulates_single(lang, source),
            ..Writer::new(lang)
        }
    }

    /// One line at the current depth (an empty line stays empty).
    pub fn line(&mut self, text: &str) {
        if !text.is_empty() {
            let unit = if self.lang == Lang::GdScript {
                "\t"
            } else {
                "    "
            };
            for _ in 0..self.depth {
                self.out.push_str(unit);
            }
            self.out.push_str(text);
        }
        self.out.push('\n');
    }

    /// A function's first line, `open` + the arguments + `close`; with the arguments one
    /// a line when it would pass 96 columns (the linters' limits are 100 and up).
    pub fn signature(&mut self, open: &str, args: &[String], close: &str) {
        let one = format!("{open}{}{close}", args.join(", "));
        if self.depth * 4 + one.len() <= 96 {
            self.line(&one);
            return;
        }
        self.line(open);
        self.depth += 1;
        let last = args.len().saturating_sub(1);
        for (i, arg) in args.iter().enumerate() {
            self.line(&format!("{arg}{}", if i < last { "," } else { "" }));
        }
        self.depth -= 1;
        self.line(close);
    }

    /// Several lines (a block already written at depth 0), each indented.
    pub fn lines(&mut self, text: &str) {
        for line in text.lines() {
            self.line(line);
        }
    }
}

/// `launch`'s and `step`'s argument lists, typed, in `lang`. Where the compiler or the
/// linter warns of an unused argument, one the law does not read is named with a
/// leading `_` (Rust, GDScript) or left unnamed (C++). `wide`: of the law's double type.
pub fn arguments(lang: Lang, wide: bool, names: &[&str], used: &BTreeSet<String>) -> Vec<String> {
    let number = lang.number_type(wide);
    names
        .iter()
        .map(|n| {
            let mut local = lang.name_of(n, Role::Local);
            if !used.contains(*n) {
                match lang {
                    Lang::Rust | Lang::GdScript => local.insert(0, '_'),
                    Lang::Cpp => local = format!("/*{local}*/"),
                    _ => {}
                }
            }
            match lang {
                Lang::CSharp | Lang::Cpp => format!("{number} {local}"),
                Lang::Rust | Lang::TypeScript | Lang::GdScript => format!("{local}: {number}"),
            }
        })
        .collect()
}

/// A field's starting value as a literal (`wide`: of the law's double type).
pub fn initial(lang: Lang, e: &Expr, wide: bool) -> String {
    match e {
        Expr::Bool(b) => b.to_string(),
        Expr::Num(n) => lang.number(n, wide),
        Expr::Neg(inner) => format!("-{}", initial(lang, inner, wide)),
        _ => lang.number("0", wide),
    }
}

/// A field as the shells declare it.
pub struct Member {
    /// Its name in the language (`posX`).
    pub name: String,
    pub flag: bool,
    /// Its starting value as a literal.
    pub start: String,
    /// The step file's comment above its state, if any.
    pub doc: Vec<String>,
}

impl Member {
    /// Its comment lines, in the language.
    pub fn write_doc(&self, w: &mut Writer) {
        let marker = w.lang.comment();
        for line in &self.doc {
            w.line(format!("{marker} {line}").trim_end());
        }
    }
}

/// The fields, for the shells.
pub fn member_names(lang: Lang, source: &Source) -> Vec<Member> {
    let wide = source.step.double;
    let states: BTreeMap<&str, &super::step::State> = source
        .step
        .state
        .iter()
        .map(|s| (s.name.as_str(), s))
        .collect();
    source
        .fields()
        .into_iter()
        .map(|(name, flag)| {
            let state = states.get(name.as_str());
            Member {
                name: lang.member(&name),
                flag,
                start: state.map_or_else(
                    || lang.number("0", wide),
                    |s| initial(lang, &s.initial, wide),
                ),
                doc: state.map(|s| s.doc.clone()).unwrap_or_default(),
            }
        })
        .collect()
}

/// Writes a doc comment of one or more sentences, wrapped at about 88 columns.
pub fn doc(w: &mut Writer, marker: &str, text: &str) {
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + word.len() > 84 {
            w.line(&format!("{marker} {line}"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        w.line(&format!("{marker} {line}"));
    }
}
