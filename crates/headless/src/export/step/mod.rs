//! The steps' own small language: each exportable law is written once in it
//! (`laws/*.step`) and printed in every target language by [`super::emit`].
//!
//! A file declares the law's per-missile state and two functions:
//!
//! ```text
//! // A comment line (kept: it is printed above the next declaration or statement).
//! state dir_x = 1;              // a number the missile keeps from tick to tick
//! state cell_x = 0 as pos_x;     // ... which steerlab's own state calls pos_x
//! state known = false;          // a flag
//! state a_x = 0 scale K;        // its error after a step is relative to K at least
//! state wander = 0 scratch;     // set from the vectors, not compared after a step
//! fn launch { ... }             // sets the body and the state from launch_x, launch_dir_x, ...
//! fn step { ... }               // one tick: reads target_x, target_vx, dt, ...; moves the body
//! fn fly { ... }                // after each step: reads before_pos_x, ..., dt; corrects the body
//! ```
//!
//! Statements: `let name = expr;` (a new local), `name = expr;`, `if expr { } else { }`
//! (`else if` chains), `when flag { }` and `when choice == "value" { }` (decided at
//! export from the tuned parameters: only the tuned branch is printed),
//! `return detonate;` / `return solver_failed;` / `return refused;` (launch), and
//! `use name;`, which puts a `block name { ... }` declared above in its place (one
//! solver for a launch and a step), and `repeat N { }` / `repeat N as i { }` with
//! `break;` (a bounded loop: N is a whole number or a parameter). `keep NAME;` writes a parameter as a constant even
//! where no statement reads it.
//! Expressions: numbers, `true`/`false`, names, `+ - * /`, comparisons, `&& || !`,
//! parentheses, and the functions in [`FUNCTIONS`]. Upper-case names are the law's
//! tuned parameters (`GA` is the parameter `ga`).
//!
//! Kept deliberately small: every construct must mean the same in C#, GDScript, C++, Rust
//! and TypeScript.

/// The functions a step may call, with their number of arguments.
pub const FUNCTIONS: [(&str, usize); 15] = [
    ("sqrt", 1),
    ("abs", 1),
    ("min", 2),
    ("max", 2),
    ("sin", 1),
    ("cos", 1),
    ("atan2", 2),
    ("wrap_angle", 1),
    // Half away from zero.
    ("round", 1),
    // Towards zero.
    ("trunc", 1),
    // -1, 0 or 1.
    ("sign", 1),
    // Neither infinite nor NaN: a flag.
    ("finite", 1),
    // Not a number: a flag.
    ("nan", 1),
    // The first to the power of the second.
    ("pow", 2),
    // e to the power of its argument.
    ("exp", 1),
];

/// What a `return` tells the game.
pub const SIGNALS: [&str; 3] = ["detonate", "solver_failed", "refused"];

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A number as written in the step file.
    Num(String),
    Bool(bool),
    Name(String),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    Binary(Op, Box<Expr>, Box<Expr>),
    Call(String, Vec<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Or,
    And,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    Add,
    Sub,
    Mul,
    Div,
}

impl Op {
    /// Binding strength (higher binds tighter); the same in all five languages.
    pub fn precedence(self) -> u8 {
        match self {
            Op::Or => 1,
            Op::And => 2,
            Op::Lt | Op::Gt | Op::Le | Op::Ge | Op::Eq | Op::Ne => 3,
            Op::Add | Op::Sub => 4,
            Op::Mul | Op::Div => 5,
        }
    }

    pub fn text(self) -> &'static str {
        match self {
            Op::Or => "||",
            Op::And => "&&",
            Op::Lt => "<",
            Op::Gt => ">",
            Op::Le => "<=",
            Op::Ge => ">=",
            Op::Eq => "==",
            Op::Ne => "!=",
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
        }
    }

    /// Whether it gives a flag rather than a number.
    pub fn is_test(self) -> bool {
        self.precedence() <= 3
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    Comment(String),
    Let(String, Expr),
    Set(String, Expr),
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    /// `when param { }` (a flag) or `when param == "value" { }` (a choice).
    When(String, Option<String>, Vec<Stmt>, Vec<Stmt>),
    Return(String),
    /// A named block's statements, in place (`use solve;`).
    Block(Vec<Stmt>),
    /// `repeat COUNT { }` or `repeat COUNT as i { }`: the body COUNT times (a whole
    /// number or a parameter), with `i` counting 0, 1, ... when named.
    Repeat(Expr, Option<String>, Vec<Stmt>),
    /// Leaves the innermost `repeat`.
    Break,
}

/// One piece of per-missile state.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub name: String,
    /// The name steerlab's own state gives it, when it differs (`state cell_x = 0 as
    /// pos_x;`: the law's `pos` would clash with the body's).
    pub steerlab: Option<String>,
    /// Its starting value (a number as written, `true` or `false`).
    pub initial: Expr,
    /// The comment lines above it.
    pub doc: Vec<String>,
    /// Set from the vectors but not compared after a step (`state r = 0 scratch;`): a
    /// solver's working value that the languages' own sines send elsewhere without
    /// changing what the missile does.
    pub scratch: bool,
    /// What its error after a step is measured against, at least (`state a_x = 0 scale
    /// ACCELERATION;`, a parameter): the size of the vector it is a component of, where
    /// a component near zero is ill-conditioned (the direction of a vector of fixed size).
    pub scale: Option<String>,
}

/// A law's step file, read.
#[derive(Clone, Debug, PartialEq)]
pub struct StepFile {
    /// The comment lines at its top: what the law is and where it comes from.
    pub doc: Vec<String>,
    pub state: Vec<State>,
    pub launch: Vec<Stmt>,
    pub step: Vec<Stmt>,
    /// What the body does with the law's move after each step (the airframe): empty for
    /// a law alone.
    pub fly: Vec<Stmt>,
    /// Parameters written as constants even where no statement reads them (`keep
    /// BLAST_RADIUS;`: the game needs it).
    pub keep: Vec<String>,
    /// `precision single;`: the law is defined in single precision (Newton's article
    /// iterates in floats), so it exports only to languages that have it.
    pub single: bool,
    /// `precision double;`: the law computes in doubles (its quartic's roots need them),
    /// so it does in every language: C#, C++ and Rust use their double type.
    pub double: bool,
}

/// Reads a step file; the error names the line and column.
pub fn parse(text: &str) -> Result<StepFile, String> {
    read(text, Vec::new()).map(|(file, _)| file)
}

/// Reads a step file that may `use` the blocks of `library` (a file of blocks shared by
/// several laws, such as the polynomial roots); an error names the file it is in.
pub fn parse_with(text: &str, library: (&str, &str)) -> Result<StepFile, String> {
    let (name, library) = library;
    let (_, blocks) = read(library, Vec::new()).map_err(|e| format!("{name}: {e}"))?;
    read(text, blocks).map(|(file, _)| file)
}

mod parser;
use parser::read;

/// Named blocks, in the order read.
type Blocks = Vec<(String, Vec<Stmt>)>;
