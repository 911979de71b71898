//! A function's statements printed in one language: names, numbers, operators with the
//! step's own grouping, blocks, loops and returns; the names it reads are checked here.

use super::emit::{Source, Writer, FLY_INPUTS, LAUNCH_INPUTS, STEP_INPUTS};
use super::lang::{Lang, Role};
use super::step::{Expr, Op, Stmt};
use super::tree::{assigned, is_constant, last_real};
use std::collections::{BTreeMap, BTreeSet};

/// The body of `launch`, `step` or `fly`, at depth 0.
pub(super) fn function(
    lang: Lang,
    source: &Source,
    name: &str,
    body: &[Stmt],
) -> Result<String, String> {
    let inputs: &[&str] = match name {
        "launch" => &LAUNCH_INPUTS,
        "fly" => &FLY_INPUTS,
        _ => &STEP_INPUTS,
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
        w: Writer::for_law(lang, source),
        signals: name == "step",
        fly: name == "fly",
    };
    f.block(body)?;
    if name == "fly" {
        // It returns nothing: the body is all it is.
        return Ok(f.w.out);
    }
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
    /// `fly` returns nothing.
    fly: bool,
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
                        lang.number_type(self.w.wide)
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
                Stmt::Return(_) if self.fly => {
                    return Err("`return` in fly, which returns nothing".into())
                }
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
                // The body counts in the law's number type, like every number.
                let number = lang.number_type(self.w.wide);
                self.w
                    .line(&format!("    let {counter} = {counter} as {number};"));
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
            Expr::Num(n) => super::emit::literal(lang, n, self.w.wide, self.w.single),
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
                if self.w.single && f == "atan2" {
                    // steerlab's own single-precision arctangent (super::single).
                    return Ok(super::single::atan2(lang, &args.join(", ")));
                }
                let call = lang.call(f, &args, self.w.wide);
                // Exact on single-precision numbers: a flag, abs, min, max, sign,
                // rounding. The rest is rounded when single precision is emulated.
                let exact = matches!(
                    f.as_str(),
                    "finite" | "nan" | "abs" | "min" | "max" | "sign" | "round" | "trunc"
                );
                if self.w.single && !exact {
                    lang.rounded(&call)
                } else {
                    call
                }
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
                if self.w.single && !op.is_test() {
                    // Each arithmetic result rounded, as a float operation rounds it.
                    lang.rounded(&text)
                } else if p < outer {
                    format!("({text})")
                } else {
                    text
                }
            }
        })
    }
}
