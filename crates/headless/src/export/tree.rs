//! A step's statements as the tuning decides them ([`resolve`]: the tuned branch of each
//! `when`, every `use` in place), without what nothing reads ([`prune`]), with a launch
//! that starts afresh ([`fresh`]), and what a body reads and assigns: the passes
//! [`super::emit`] runs before it prints.

use super::emit::{ParamValue, Source};
use super::step::{Expr, Stmt};
use std::collections::{BTreeMap, BTreeSet};

/// The launch with every field it does not set at its top level set to its starting
/// value: a launched missile starts afresh, whatever the object held before. The resets
/// come after the last statement that may refuse (a refused launch changes nothing), so
/// before everything else the launch sets.
pub(super) fn fresh(source: &Source) -> Vec<Stmt> {
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

/// Whether a statement puts a named block in place (`use`): a solver, whose working
/// values start at zero and are set before they are read.
pub(super) fn has_block(s: &Stmt) -> bool {
    match s {
        Stmt::Block(_) => true,
        Stmt::If(_, a, b) | Stmt::When(_, _, a, b) => a.iter().chain(b).any(has_block),
        Stmt::Repeat(_, _, inner) => inner.iter().any(has_block),
        _ => false,
    }
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
pub(super) fn decided(body: &[Stmt], out: &mut BTreeSet<String>) {
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
pub(super) fn uses(body: &[Stmt], used: &mut BTreeSet<String>) {
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

pub(super) fn is_constant(name: &str) -> bool {
    name.chars().any(|c| c.is_ascii_uppercase()) && !name.chars().any(|c| c.is_ascii_lowercase())
}

pub(super) fn last_real(body: &[Stmt]) -> Option<&Stmt> {
    body.iter().rev().find(|s| !matches!(s, Stmt::Comment(_)))
}

pub(super) fn assigned(body: &[Stmt], out: &mut BTreeSet<String>) {
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
