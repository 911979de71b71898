//! A law's step, printed in one language: the per-missile class (its tuned parameters
//! as named constants, its state, `launch` and `step`) and the engine adapter.

use super::lang::{pascal, Lang, Role};
use super::step::{Expr, Op, StepFile, Stmt};
use std::collections::{BTreeMap, BTreeSet};

/// The body every law moves, as the step files name it.
pub const BODY: [&str; 5] = ["pos_x", "pos_y", "vel_x", "vel_y", "heading"];
/// What `step` is given: the target as the missile's seeker sees it, and the tick.
pub const STEP_INPUTS: [&str; 5] = ["target_x", "target_y", "target_vx", "target_vy", "dt"];
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
}

impl Source<'_> {
    /// The class's name (`SmoothedMissile`).
    pub fn class(&self) -> String {
        format!("{}Missile", pascal(&self.id.replace('-', "_")))
    }

    fn param(&self, name: &str) -> Option<&Param> {
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
        {
            return Err(format!("`state {}`: an argument has that name", state.name));
        }
    }
    if source.step.single && !lang.has_single_precision() {
        // export::refusal_in says why to the user first.
        return Err(format!("{} has no port to {}", source.id, lang.name()));
    }
    let launch_body = resolve(source, &fresh(source))?;
    let step_body = resolve(source, &source.step.step)?;
    // Checked whole (a mistake in what pruning drops is still a mistake), then pruned.
    function(lang, source, "launch", &launch_body)?;
    function(lang, source, "step", &step_body)?;
    let (launch_body, step_body) = (prune(launch_body), prune(step_body));
    let mut used = BTreeSet::new();
    let mut whens = BTreeSet::new();
    for body in [&source.step.launch, &source.step.step] {
        decided(body, &mut whens);
    }
    for body in [&launch_body, &step_body] {
        uses(body, &mut used);
    }
    let helpers: Vec<String> = super::step::FUNCTIONS
        .iter()
        .filter(|(f, _)| used.contains(*f))
        .filter_map(|(f, _)| lang.helper(f))
        .map(str::to_string)
        .collect();
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
    let mut w = Writer::new(lang);
    header(&mut w, source, &whens)?;
    let launch = function(lang, source, "launch", &launch_body)?;
    let step = function(lang, source, "step", &step_body)?;
    let (mut launch_reads, mut step_reads) = (BTreeSet::new(), BTreeSet::new());
    uses(&launch_body, &mut launch_reads);
    uses(&step_body, &mut step_reads);
    let parts = Parts {
        constants: &constants,
        launch: &launch,
        step: &step,
        helpers,
        launch_reads: &launch_reads,
        step_reads: &step_reads,
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

/// The launch with every field it does not set at its top level set to its starting
/// value: a launched missile starts afresh, whatever the object held before. The resets
/// come after the last statement that may refuse (a refused launch changes nothing), so
/// before everything else the launch sets.
fn fresh(source: &Source) -> Vec<Stmt> {
    let launch = &source.step.launch;
    let set = |name: &str| {
        launch
            .iter()
            .any(|s| matches!(s, Stmt::Set(n, _) if n == name))
    };
    let initials: BTreeMap<&str, &Expr> = source
        .step
        .state
        .iter()
        .map(|s| (s.name.as_str(), &s.initial))
        .collect();
    let zero = Expr::Num("0".into());
    let mut resets: Vec<Stmt> = source
        .fields()
        .iter()
        .filter(|(name, _)| !set(name))
        .map(|(name, _)| {
            let start = initials.get(name.as_str()).copied().unwrap_or(&zero);
            Stmt::Set(name.clone(), start.clone())
        })
        .collect();
    if !resets.is_empty() {
        resets.insert(0, Stmt::Comment("Start afresh.".into()));
    }
    let at = launch.iter().rposition(refuses).map_or(0, |last| last + 1);
    let mut out = launch[..at].to_vec();
    out.extend(resets);
    out.extend(launch[at..].iter().cloned());
    out
}

/// Whether a statement may refuse the launch.
fn refuses(s: &Stmt) -> bool {
    match s {
        Stmt::Return(what) => what == "refused",
        Stmt::If(_, a, b) | Stmt::When(_, _, a, b) => a.iter().chain(b).any(refuses),
        Stmt::Block(inner) | Stmt::Repeat(_, _, inner) => inner.iter().any(refuses),
        _ => false,
    }
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
}

/// A decided body without the locals nothing reads (a branch the tuning left out often
/// computes what only it used): their `let`s and assignments go, with the comment
/// right above them, and an `if` left with nothing in it goes too.
pub fn prune(mut body: Vec<Stmt>) -> Vec<Stmt> {
    loop {
        let mut reads = BTreeSet::new();
        uses(&body, &mut reads);
        let mut locals = BTreeSet::new();
        declared(&body, &mut locals);
        let dead: BTreeSet<String> = locals.difference(&reads).cloned().collect();
        if dead.is_empty() {
            return body;
        }
        body = without(body, &dead);
    }
}

fn declared(body: &[Stmt], out: &mut BTreeSet<String>) {
    for s in body {
        match s {
            Stmt::Let(name, _) => {
                out.insert(name.clone());
            }
            Stmt::If(_, a, b) | Stmt::When(_, _, a, b) => {
                declared(a, out);
                declared(b, out);
            }
            Stmt::Repeat(_, _, inner) => declared(inner, out),
            _ => {}
        }
    }
}

fn without(body: Vec<Stmt>, dead: &BTreeSet<String>) -> Vec<Stmt> {
    let mut out: Vec<Stmt> = Vec::new();
    for s in body {
        let kept = match s {
            Stmt::Let(ref name, _) | Stmt::Set(ref name, _) if dead.contains(name) => None,
            Stmt::If(test, then, otherwise) => {
                let (then, otherwise) = (without(then, dead), without(otherwise, dead));
                let empty = |b: &[Stmt]| b.iter().all(|s| matches!(s, Stmt::Comment(_)));
                match (empty(&then), empty(&otherwise)) {
                    (true, true) => None,
                    (false, true) => Some(Stmt::If(test, then, Vec::new())),
                    (true, false) => {
                        Some(Stmt::If(Expr::Not(Box::new(test)), otherwise, Vec::new()))
                    }
                    (false, false) => Some(Stmt::If(test, then, otherwise)),
                }
            }
            Stmt::Repeat(count, index, inner) => {
                Some(Stmt::Repeat(count, index, without(inner, dead)))
            }
            other => Some(other),
        };
        match kept {
            Some(s) => out.push(s),
            // The comment above a statement that went says nothing any more.
            None => {
                if matches!(out.last(), Some(Stmt::Comment(_))) {
                    out.pop();
                }
            }
        }
    }
    out
}

/// A body with its `when`s decided: the tuned branch's statements take the `when`'s
/// place (so its locals stay visible after it), the other branch is gone.
pub fn resolve(source: &Source, body: &[Stmt]) -> Result<Vec<Stmt>, String> {
    let mut out = Vec::new();
    for s in body {
        match s {
            Stmt::When(param, value, then, otherwise) => {
                let taken = decide(source, param, value.as_deref())?;
                out.extend(resolve(source, if taken { then } else { otherwise })?);
            }
            Stmt::If(test, then, otherwise) => out.push(Stmt::If(
                test.clone(),
                resolve(source, then)?,
                resolve(source, otherwise)?,
            )),
            Stmt::Block(body) => out.extend(resolve(source, body)?),
            Stmt::Repeat(count, index, body) => out.push(Stmt::Repeat(
                count.clone(),
                index.clone(),
                resolve(source, body)?,
            )),
            other => out.push(other.clone()),
        }
    }
    Ok(out)
}

/// Whether a `when` takes its first branch under the tuning.
fn decide(source: &Source, param: &str, value: Option<&str>) -> Result<bool, String> {
    match (source.param(param).map(|p| &p.value), value) {
        (Some(ParamValue::Flag(on)), None) => Ok(*on),
        (Some(ParamValue::Choice(chosen, names)), Some(value)) => {
            if !names.iter().any(|n| n == value) {
                return Err(format!("`when {param} == \"{value}\"`: no such choice"));
            }
            Ok(chosen == value)
        }
        _ => Err(format!("`when {param}`: not a flag or a choice of the law")),
    }
}

/// The parameters the `when`s of a body decide on.
fn decided(body: &[Stmt], out: &mut BTreeSet<String>) {
    for s in body {
        match s {
            Stmt::Block(inner) | Stmt::Repeat(_, _, inner) => decided(inner, out),
            Stmt::When(param, _, then, otherwise) => {
                out.insert(param.clone());
                decided(then, out);
                decided(otherwise, out);
            }
            Stmt::If(_, then, otherwise) => {
                decided(then, out);
                decided(otherwise, out);
            }
            _ => {}
        }
    }
}

/// Every name and function a (decided) body reads.
fn uses(body: &[Stmt], used: &mut BTreeSet<String>) {
    fn expr(e: &Expr, used: &mut BTreeSet<String>) {
        match e {
            Expr::Name(n) => {
                used.insert(n.clone());
            }
            Expr::Not(a) | Expr::Neg(a) => expr(a, used),
            Expr::Binary(_, a, b) => {
                expr(a, used);
                expr(b, used);
            }
            Expr::Call(f, args) => {
                used.insert(f.clone());
                args.iter().for_each(|a| expr(a, used));
            }
            Expr::Num(_) | Expr::Bool(_) => {}
        }
    }
    for s in body {
        match s {
            Stmt::Let(_, e) | Stmt::Set(_, e) => expr(e, used),
            Stmt::If(test, then, otherwise) => {
                expr(test, used);
                uses(then, used);
                uses(otherwise, used);
            }
            Stmt::When(_, _, then, otherwise) => {
                uses(then, used);
                uses(otherwise, used);
            }
            Stmt::Block(inner) => uses(inner, used),
            Stmt::Repeat(count, _, inner) => {
                expr(count, used);
                uses(inner, used);
            }
            Stmt::Comment(_) | Stmt::Return(_) | Stmt::Break => {}
        }
    }
}

fn is_constant(name: &str) -> bool {
    name.chars().any(|c| c.is_ascii_uppercase()) && !name.chars().any(|c| c.is_ascii_lowercase())
}

/// The file's opening comment: the law, its source, the provenance, and the choices
/// this code was cut to.
fn header(w: &mut Writer, source: &Source, whens: &BTreeSet<String>) -> Result<(), String> {
    let c = w.lang.comment();
    w.line(&format!("{c} {}: {}", source.class(), source.summary));
    for line in &source.step.doc {
        w.line(format!("{c} {line}").trim_end());
    }
    w.line(c);
    for line in source.provenance {
        w.line(&format!("{c} {line}"));
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

/// A constant's value as a literal.
pub fn constant_value(lang: Lang, param: &Param) -> String {
    match param.value {
        ParamValue::Number(v, ..) => lang.number(&format!("{v:?}")),
        _ => String::new(),
    }
}

/// Text being written, indented.
pub struct Writer {
    pub lang: Lang,
    pub out: String,
    pub depth: usize,
}

impl Writer {
    pub fn new(lang: Lang) -> Writer {
        Writer {
            lang,
            out: String::new(),
            depth: 0,
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

/// The body of `launch` or `step`, at depth 0.
fn function(lang: Lang, source: &Source, name: &str, body: &[Stmt]) -> Result<String, String> {
    let inputs: &[&str] = if name == "launch" {
        &LAUNCH_INPUTS
    } else {
        &STEP_INPUTS
    };
    let mut fields = BTreeMap::new();
    for (field, flag) in source.fields() {
        fields.insert(field, flag);
    }
    let mut mutated = BTreeSet::new();
    assigned(body, &mut mutated);
    let mut f = Function {
        lang,
        fields,
        locals: inputs.iter().map(|i| (i.to_string(), false)).collect(),
        inputs: inputs.iter().map(|i| i.to_string()).collect(),
        declared: BTreeSet::new(),
        fields_set: false,
        mutated,
        w: Writer::new(lang),
        signals: name == "step",
    };
    f.block(body)?;
    let ends = matches!(last_real(body), Some(Stmt::Return(_)));
    if !ends {
        let value = if f.signals {
            lang.signal("none")
        } else {
            "true".into()
        };
        if lang == Lang::Rust {
            f.w.line(&value);
        } else {
            f.w.line(&format!("return {value}{}", lang.end()));
        }
    }
    Ok(f.w.out)
}

fn last_real(body: &[Stmt]) -> Option<&Stmt> {
    body.iter().rev().find(|s| !matches!(s, Stmt::Comment(_)))
}

fn assigned(body: &[Stmt], out: &mut BTreeSet<String>) {
    for s in body {
        match s {
            Stmt::Set(name, _) => {
                out.insert(name.clone());
            }
            Stmt::If(_, a, b) | Stmt::When(_, _, a, b) => {
                assigned(a, out);
                assigned(b, out);
            }
            Stmt::Repeat(_, _, inner) => assigned(inner, out),
            _ => {}
        }
    }
}

struct Function {
    lang: Lang,
    /// Name → is a flag.
    fields: BTreeMap<String, bool>,
    locals: BTreeMap<String, bool>,
    /// The function's arguments (not assignable).
    inputs: BTreeSet<String>,
    /// Every local declared so far.
    declared: BTreeSet<String>,
    /// Whether a field has been assigned yet.
    fields_set: bool,
    mutated: BTreeSet<String>,
    w: Writer,
    /// `step` returns a signal; `launch` whether it fired.
    signals: bool,
}

impl Function {
    fn block(&mut self, body: &[Stmt]) -> Result<(), String> {
        let lang = self.lang;
        let end = lang.end();
        for s in body {
            match s {
                Stmt::Comment(text) => self.w.line(&format!("{} {text}", lang.comment())),
                Stmt::Let(name, value) => {
                    if self.fields.contains_key(name) || self.locals.contains_key(name) {
                        return Err(format!("`let {name}`: `{name}` is already a name"));
                    }
                    // Once a function, even in separate blocks (C# refuses a name a
                    // block after a nested block used it).
                    if !self.declared.insert(name.clone()) {
                        return Err(format!("`let {name}` twice in one function"));
                    }
                    let flag = self.is_flag(value)?;
                    let text = self.expr(value, 0)?;
                    self.locals.insert(name.clone(), flag);
                    let local = lang.name_of(name, Role::Local);
                    let mutable = self.mutated.contains(name);
                    let ty = if flag {
                        lang.flag_type()
                    } else {
                        lang.number_type()
                    };
                    let line = match lang {
                        Lang::CSharp => format!("{ty} {local} = {text};"),
                        Lang::Cpp if mutable => format!("{ty} {local} = {text};"),
                        Lang::Cpp => format!("const {ty} {local} = {text};"),
                        Lang::Rust if mutable => format!("let mut {local} = {text};"),
                        Lang::Rust => format!("let {local} = {text};"),
                        Lang::TypeScript if mutable => format!("let {local} = {text};"),
                        Lang::TypeScript => format!("const {local} = {text};"),
                        Lang::GdScript => format!("var {local}: {ty} = {text}"),
                    };
                    self.w.line(&line);
                }
                Stmt::Set(name, value) => {
                    let target = match (self.fields.get(name), self.locals.get(name)) {
                        (Some(flag), _) => (lang.name_of(name, Role::Field), *flag),
                        (None, Some(flag)) if !self.is_input(name) => {
                            (lang.name_of(name, Role::Local), *flag)
                        }
                        _ => return Err(format!("`{name} = …`: no such field or local")),
                    };
                    if self.is_flag(value)? != target.1 {
                        return Err(format!("`{name} = …`: a flag and a number mixed"));
                    }
                    let text = self.expr(value, 0)?;
                    self.fields_set |= self.fields.contains_key(name);
                    self.w.line(&format!("{} = {text}{end}", target.0));
                }
                Stmt::If(test, then, otherwise) => self.if_chain(test, then, otherwise, false)?,
                Stmt::When(param, ..) => {
                    return Err(format!("`when {param}` left undecided"));
                }
                Stmt::Block(_) => return Err("a `use` left in place".into()),
                Stmt::Break => self.w.line(&format!("break{end}")),
                Stmt::Repeat(count, index, body) => self.repeat(count, index.as_deref(), body)?,
                Stmt::Return(signal) => {
                    let value = match (self.signals, signal.as_str()) {
                        (true, "refused") | (false, "detonate" | "solver_failed") => {
                            return Err(format!("`return {signal}` in the wrong function"))
                        }
                        (true, _) => lang.signal(signal),
                        // A refused launch leaves the missile as it was.
                        (false, _) if self.fields_set => {
                            return Err("a launch refuses before it sets any field".into())
                        }
                        (false, _) => "false".to_string(),
                    };
                    self.w.line(&format!("return {value}{end}"));
                }
            }
        }
        Ok(())
    }

    /// A block whose locals end with it.
    fn scoped(&mut self, body: &[Stmt]) -> Result<(), String> {
        let before = self.locals.clone();
        self.block(body)?;
        self.locals = before;
        Ok(())
    }

    fn if_chain(
        &mut self,
        test: &Expr,
        then: &[Stmt],
        otherwise: &[Stmt],
        chained: bool,
    ) -> Result<(), String> {
        let lang = self.lang;
        if !self.is_flag(test)? {
            return Err("an `if` tests a number, not a flag".into());
        }
        let test = self.expr(test, 0)?;
        let test = if lang.parenthesised_tests() {
            format!("({test})")
        } else {
            test
        };
        let open = match (lang, chained) {
            (Lang::GdScript, false) => format!("if {test}:"),
            (Lang::GdScript, true) => format!("elif {test}:"),
            (_, false) => format!("if {test} {{"),
            (_, true) => format!("}} else if {test} {{"),
        };
        self.w.line(&open);
        self.inner(then)?;
        match otherwise {
            [] => {}
            [Stmt::If(test, then, otherwise)] => return self.if_chain(test, then, otherwise, true),
            _ => {
                self.w.line(if lang == Lang::GdScript {
                    "else:"
                } else {
                    "} else {"
                });
                self.inner(otherwise)?;
            }
        }
        if lang != Lang::GdScript {
            self.w.line("}");
        }
        Ok(())
    }

    /// A bounded loop; its counter, when named, is a number the body reads but does not
    /// assign.
    fn repeat(&mut self, count: &Expr, index: Option<&str>, body: &[Stmt]) -> Result<(), String> {
        let lang = self.lang;
        let times = match count {
            Expr::Num(n) => n.clone(),
            _ => {
                let name = self.expr(count, 0)?;
                match lang {
                    Lang::CSharp => format!("(int){name}"),
                    Lang::Cpp => format!("static_cast<int>({name})"),
                    Lang::Rust => format!("{name} as usize"),
                    Lang::TypeScript => name,
                    Lang::GdScript => format!("int({name})"),
                }
            }
        };
        let counter = match index {
            Some(i) => {
                if self.fields.contains_key(i)
                    || self.locals.contains_key(i)
                    || !self.declared.insert(i.to_string())
                {
                    return Err(format!("`repeat … as {i}`: `{i}` is already a name"));
                }
                lang.name_of(i, Role::Local)
            }
            None => format!("pass{}", self.w.depth),
        };
        let open = match (lang, index) {
            (Lang::CSharp | Lang::Cpp, _) => {
                format!("for (int {counter} = 0; {counter} < {times}; {counter}++) {{")
            }
            (Lang::TypeScript, _) => {
                format!("for (let {counter} = 0; {counter} < {times}; {counter}++) {{")
            }
            (Lang::Rust, Some(_)) => format!("for {counter} in 0..{times} {{"),
            (Lang::Rust, None) => format!("for _ in 0..{times} {{"),
            (Lang::GdScript, Some(_)) => format!("for {counter} in range({times}):"),
            (Lang::GdScript, None) => format!("for _{counter} in range({times}):"),
        };
        self.w.line(&open);
        if let Some(i) = index {
            self.locals.insert(i.to_string(), false);
            self.inputs.insert(i.to_string());
            if lang == Lang::Rust {
                // The body counts in f32, like every number.
                self.w
                    .line(&format!("    let {counter} = {counter} as f32;"));
            }
        }
        self.inner(body)?;
        if let Some(i) = index {
            self.locals.remove(i);
            self.inputs.remove(i);
        }
        if lang != Lang::GdScript {
            self.w.line("}");
        }
        Ok(())
    }

    fn inner(&mut self, body: &[Stmt]) -> Result<(), String> {
        self.w.depth += 1;
        self.scoped(body)?;
        if self.lang == Lang::GdScript && body.iter().all(|s| matches!(s, Stmt::Comment(_))) {
            self.w.line("pass");
        }
        self.w.depth -= 1;
        Ok(())
    }

    fn is_input(&self, name: &str) -> bool {
        self.inputs.contains(name)
    }

    fn is_flag(&self, e: &Expr) -> Result<bool, String> {
        Ok(match e {
            Expr::Bool(_) | Expr::Not(_) => true,
            Expr::Call(f, _) => f == "finite" || f == "nan",
            Expr::Binary(op, ..) => op.is_test(),
            Expr::Name(n) => match (self.fields.get(n), self.locals.get(n)) {
                (Some(flag), _) | (None, Some(flag)) => *flag,
                _ if is_constant(n) => false,
                _ => return Err(format!("no name `{n}`")),
            },
            _ => false,
        })
    }

    /// An expression; `outer` is the precedence of what encloses it.
    fn expr(&self, e: &Expr, outer: u8) -> Result<String, String> {
        let lang = self.lang;
        Ok(match e {
            Expr::Num(n) => lang.number(n),
            Expr::Bool(b) => b.to_string(),
            Expr::Name(n) if is_constant(n) => lang.name_of(&n.to_lowercase(), Role::Const),
            Expr::Name(n) if self.fields.contains_key(n) => lang.name_of(n, Role::Field),
            Expr::Name(n) if self.locals.contains_key(n) => lang.name_of(n, Role::Local),
            Expr::Name(n) => return Err(format!("no name `{n}`")),
            // `-(-x)`, not `--x` (a decrement in three of the languages).
            Expr::Neg(a) if matches!(**a, Expr::Neg(_)) => format!("-({})", self.expr(a, 0)?),
            Expr::Neg(a) => format!("-{}", self.expr(a, 6)?),
            Expr::Not(a) => format!("!{}", self.expr(a, 6)?),
            Expr::Call(f, args) => {
                let args = args
                    .iter()
                    .map(|a| self.expr(a, 0))
                    .collect::<Result<Vec<_>, _>>()?;
                lang.call(f, &args)
            }
            Expr::Binary(op, a, b) => {
                let p = op.precedence();
                // The step's own grouping is kept exactly: a right side at the same
                // strength keeps its parentheses (a + (b + c) rounds differently from
                // (a + b) + c in floats), so does a comparison inside a comparison, and
                // `&&` inside `||` (which C++ compilers warn about).
                let left = if matches!(op, Op::Lt | Op::Gt | Op::Le | Op::Ge | Op::Eq | Op::Ne) {
                    p + 1
                } else {
                    p
                };
                let tighter = |e: &Expr| match (op, e) {
                    (Op::Or, Expr::Binary(Op::And, ..)) => 7,
                    _ => 0,
                };
                let text = format!(
                    "{} {} {}",
                    self.expr(a, left.max(tighter(a)))?,
                    lang.op(*op),
                    self.expr(b, (p + 1).max(tighter(b)))?
                );
                if p < outer {
                    format!("({text})")
                } else {
                    text
                }
            }
        })
    }
}

/// `launch`'s and `step`'s argument lists, typed, in `lang`. Where the compiler or the
/// linter warns of an unused argument, one the law does not read is named with a
/// leading `_` (Rust, GDScript) or left unnamed (C++).
pub fn arguments(lang: Lang, names: &[&str], used: &BTreeSet<String>) -> Vec<String> {
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
                Lang::CSharp | Lang::Cpp => format!("float {local}"),
                Lang::Rust => format!("{local}: f32"),
                Lang::TypeScript => format!("{local}: number"),
                Lang::GdScript => format!("{local}: float"),
            }
        })
        .collect()
}

/// A field's starting value as a literal.
pub fn initial(lang: Lang, e: &Expr) -> String {
    match e {
        Expr::Bool(b) => b.to_string(),
        Expr::Num(n) => lang.number(n),
        Expr::Neg(inner) => format!("-{}", initial(lang, inner)),
        _ => lang.number("0"),
    }
}

/// The field names in `lang` (`posX`), for the shells.
pub fn member_names(lang: Lang, source: &Source) -> Vec<(String, bool, String)> {
    let initials: BTreeMap<&str, &Expr> = source
        .step
        .state
        .iter()
        .map(|s| (s.name.as_str(), &s.initial))
        .collect();
    source
        .fields()
        .into_iter()
        .map(|(name, flag)| {
            let start = initials
                .get(name.as_str())
                .map(|e| initial(lang, e))
                .unwrap_or_else(|| lang.number("0"));
            (lang.member(&name), flag, start)
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
