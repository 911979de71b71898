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

use super::lex::{lex, Tok, Token};
use super::names::{allowed, is_keyword};

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

/// Named blocks, in the order read.
type Blocks = Vec<(String, Vec<Stmt>)>;

/// A file read with `blocks` already known: the file, and every block known after it.
fn read(text: &str, blocks: Blocks) -> Result<(StepFile, Blocks), String> {
    let tokens = lex(text)?;
    let mut p = Parser {
        tokens,
        at: 0,
        blocks,
        loops: 0,
    };
    let mut file = StepFile {
        doc: Vec::new(),
        state: Vec::new(),
        launch: Vec::new(),
        step: Vec::new(),
        fly: Vec::new(),
        keep: Vec::new(),
        single: false,
        double: false,
    };
    let mut comments = Vec::new();
    let mut top = true;
    while let Some(token) = p.peek().cloned() {
        match token.kind.clone() {
            Tok::Comment(c) => {
                p.at += 1;
                comments.push(c);
            }
            Tok::Blank => {
                p.at += 1;
                if top && !comments.is_empty() {
                    file.doc.append(&mut comments);
                    top = false;
                }
            }
            Tok::Word(w) if w == "state" => {
                p.at += 1;
                top = false;
                let name = p.name()?;
                p.expect("=")?;
                let initial = p.expr()?;
                if !matches!(&initial, Expr::Num(_) | Expr::Bool(_))
                    && !matches!(&initial, Expr::Neg(n) if matches!(**n, Expr::Num(_)))
                {
                    return Err(token.at("a state starts at a number, `true` or `false`"));
                }
                let steerlab = if p.is_word("as") {
                    p.at += 1;
                    let token = p.next()?;
                    match token.kind {
                        Tok::Word(w) => Some(w),
                        _ => return Err(token.at("expected steerlab's name for it")),
                    }
                } else {
                    None
                };
                let scale = if p.is_word("scale") {
                    p.at += 1;
                    let token = p.next()?;
                    match token.kind {
                        Tok::Word(w) if w.chars().all(|c| c.is_ascii_uppercase() || c == '_') => {
                            Some(w)
                        }
                        _ => return Err(token.at("expected a parameter's name in capitals")),
                    }
                } else {
                    None
                };
                let scratch = p.is_word("scratch");
                if scratch {
                    p.at += 1;
                }
                p.expect(";")?;
                file.state.push(State {
                    name,
                    steerlab,
                    scratch,
                    scale,
                    initial,
                    doc: std::mem::take(&mut comments),
                });
            }
            Tok::Word(w) if w == "precision" => {
                p.at += 1;
                top = false;
                comments.clear();
                let token = p.next()?;
                match token.kind {
                    Tok::Word(w) if w == "single" => file.single = true,
                    Tok::Word(w) if w == "double" => file.double = true,
                    _ => return Err(token.at("expected `single` or `double`")),
                }
                p.expect(";")?;
            }
            Tok::Word(w) if w == "keep" => {
                p.at += 1;
                top = false;
                comments.clear();
                let token = p.next()?;
                match token.kind {
                    Tok::Word(name) if name.chars().all(|c| c.is_ascii_uppercase() || c == '_') => {
                        file.keep.push(name)
                    }
                    _ => return Err(token.at("expected a parameter's name in capitals")),
                }
                p.expect(";")?;
            }
            Tok::Word(w) if w == "block" => {
                p.at += 1;
                top = false;
                comments.clear();
                let name = p.name()?;
                let body = p.block()?;
                p.blocks.push((name, body));
            }
            Tok::Word(w) if w == "fn" => {
                p.at += 1;
                top = false;
                comments.clear();
                let name = p.word()?;
                let body = p.block()?;
                match name.as_str() {
                    "launch" => file.launch = body,
                    "step" => file.step = body,
                    "fly" => file.fly = body,
                    _ => {
                        return Err(token.at(&format!("no function `{name}` (launch, step or fly)")))
                    }
                }
            }
            _ => return Err(token.at("expected `state`, `keep`, `block`, `precision` or `fn`")),
        }
    }
    Ok((file, p.blocks))
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
    /// The named blocks read so far.
    blocks: Blocks,
    /// How many `repeat`s the parser is inside.
    loops: usize,
}

impl Parser {
    /// The next token that is not a blank line.
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn skip_blanks(&mut self) {
        while matches!(self.peek().map(|t| &t.kind), Some(Tok::Blank)) {
            self.at += 1;
        }
    }

    fn next(&mut self) -> Result<Token, String> {
        self.skip_blanks();
        let token = self
            .tokens
            .get(self.at)
            .cloned()
            .ok_or_else(|| "unexpected end of the file".to_string())?;
        self.at += 1;
        Ok(token)
    }

    fn is(&mut self, punct: &str) -> bool {
        self.skip_blanks();
        matches!(self.peek(), Some(Token { kind: Tok::Punct(p), .. }) if *p == punct)
    }

    fn is_word(&mut self, word: &str) -> bool {
        self.skip_blanks();
        matches!(self.peek(), Some(Token { kind: Tok::Word(w), .. }) if w == word)
    }

    fn expect(&mut self, punct: &str) -> Result<(), String> {
        let token = self.next()?;
        match token.kind {
            Tok::Punct(p) if p == punct => Ok(()),
            _ => Err(token.at(&format!("expected `{punct}`"))),
        }
    }

    /// Any word (a function's name).
    fn word(&mut self) -> Result<String, String> {
        let token = self.next()?;
        match token.kind {
            Tok::Word(w) => Ok(w),
            _ => Err(token.at("expected a name")),
        }
    }

    fn name(&mut self) -> Result<String, String> {
        let token = self.next()?;
        match token.kind.clone() {
            Tok::Word(w) if allowed(&w) => Ok(w),
            Tok::Word(w) => {
                Err(token.at(&format!("`{w}` is a reserved word in one of the languages")))
            }
            _ => Err(token.at("expected a name")),
        }
    }

    fn block(&mut self) -> Result<Vec<Stmt>, String> {
        self.expect("{")?;
        let mut out = Vec::new();
        loop {
            self.skip_blanks();
            if self.is("}") {
                self.at += 1;
                return Ok(out);
            }
            out.push(self.statement()?);
        }
    }

    fn statement(&mut self) -> Result<Stmt, String> {
        let token = self.next()?;
        match token.kind.clone() {
            Tok::Comment(c) => Ok(Stmt::Comment(c)),
            Tok::Word(w) if w == "let" => {
                let name = self.name()?;
                self.expect("=")?;
                let value = self.expr()?;
                self.expect(";")?;
                Ok(Stmt::Let(name, value))
            }
            Tok::Word(w) if w == "if" => {
                let test = self.expr()?;
                let then = self.block()?;
                Ok(Stmt::If(test, then, self.otherwise()?))
            }
            Tok::Word(w) if w == "when" => {
                let param = self.name()?;
                let value = if self.is("==") {
                    self.at += 1;
                    let token = self.next()?;
                    match token.kind {
                        Tok::Str(s) => Some(s),
                        _ => return Err(token.at("expected a choice in quotes")),
                    }
                } else {
                    None
                };
                let then = self.block()?;
                Ok(Stmt::When(param, value, then, self.otherwise()?))
            }
            Tok::Word(w) if w == "use" => {
                let name = self.name()?;
                self.expect(";")?;
                match self.blocks.iter().find(|(n, _)| *n == name) {
                    Some((_, body)) => Ok(Stmt::Block(body.clone())),
                    None => Err(token.at(&format!("no block `{name}` above"))),
                }
            }
            Tok::Word(w) if w == "repeat" => {
                let count = self.unary()?;
                if !matches!(&count, Expr::Num(n) if !n.contains('.'))
                    && !matches!(&count, Expr::Name(n) if n.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
                {
                    return Err(token.at("repeat takes a whole number or a parameter"));
                }
                let index = if self.is_word("as") {
                    self.at += 1;
                    Some(self.name()?)
                } else {
                    None
                };
                self.loops += 1;
                let body = self.block();
                self.loops -= 1;
                Ok(Stmt::Repeat(count, index, body?))
            }
            Tok::Word(w) if w == "break" => {
                if self.loops == 0 {
                    return Err(token.at("`break` outside a `repeat`"));
                }
                self.expect(";")?;
                Ok(Stmt::Break)
            }
            Tok::Word(w) if w == "return" => {
                let what = self.name()?;
                if !SIGNALS.contains(&what.as_str()) {
                    return Err(token.at(&format!("no signal `{what}`")));
                }
                self.expect(";")?;
                Ok(Stmt::Return(what))
            }
            Tok::Word(w) if !is_keyword(&w) => {
                self.expect("=")?;
                let value = self.expr()?;
                self.expect(";")?;
                Ok(Stmt::Set(w, value))
            }
            _ => Err(token.at("expected a statement")),
        }
    }

    /// An `else` block, an `else if` (as a block of one `if`), or nothing.
    fn otherwise(&mut self) -> Result<Vec<Stmt>, String> {
        if !self.is_word("else") {
            return Ok(Vec::new());
        }
        self.at += 1;
        if self.is_word("if") {
            Ok(vec![self.statement()?])
        } else {
            self.block()
        }
    }

    fn expr(&mut self) -> Result<Expr, String> {
        self.binary(1)
    }

    fn binary(&mut self, level: u8) -> Result<Expr, String> {
        if level > 5 {
            return self.unary();
        }
        let mut left = self.binary(level + 1)?;
        loop {
            self.skip_blanks();
            let op = match self.peek().map(|t| &t.kind) {
                Some(Tok::Punct(p)) => op_of(p),
                _ => None,
            };
            match op {
                Some(op) if op.precedence() == level => {
                    self.at += 1;
                    let right = self.binary(level + 1)?;
                    left = Expr::Binary(op, Box::new(left), Box::new(right));
                    if op.is_test() && level == 3 {
                        // Comparisons do not chain (a < b < c means different things).
                        return Ok(left);
                    }
                }
                _ => return Ok(left),
            }
        }
    }

    fn unary(&mut self) -> Result<Expr, String> {
        let token = self.next()?;
        match token.kind.clone() {
            Tok::Punct("-") => Ok(Expr::Neg(Box::new(self.unary()?))),
            Tok::Punct("!") => Ok(Expr::Not(Box::new(self.unary()?))),
            Tok::Punct("(") => {
                let inner = self.expr()?;
                self.expect(")")?;
                Ok(inner)
            }
            Tok::Num(n) => Ok(Expr::Num(n)),
            Tok::Word(w) if w == "true" || w == "false" => Ok(Expr::Bool(w == "true")),
            Tok::Word(w) if !is_keyword(&w) => {
                if !self.is("(") {
                    return Ok(Expr::Name(w));
                }
                self.at += 1;
                let mut args = Vec::new();
                while !self.is(")") {
                    if !args.is_empty() {
                        self.expect(",")
                            .map_err(|_| token.at("expected `,` or `)`"))?;
                    }
                    args.push(self.expr()?);
                }
                self.at += 1;
                match FUNCTIONS.iter().find(|(f, _)| *f == w) {
                    Some((_, n)) if *n == args.len() => Ok(Expr::Call(w, args)),
                    Some((_, n)) => Err(token.at(&format!("`{w}` takes {n} arguments"))),
                    None => Err(token.at(&format!("no function `{w}`"))),
                }
            }
            _ => Err(token.at("expected a value")),
        }
    }
}

fn op_of(p: &str) -> Option<Op> {
    Some(match p {
        "||" => Op::Or,
        "&&" => Op::And,
        "<" => Op::Lt,
        ">" => Op::Gt,
        "<=" => Op::Le,
        ">=" => Op::Ge,
        "==" => Op::Eq,
        "!=" => Op::Ne,
        "+" => Op::Add,
        "-" => Op::Sub,
        "*" => Op::Mul,
        "/" => Op::Div,
        _ => return None,
    })
}
