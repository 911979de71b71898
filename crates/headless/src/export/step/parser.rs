//! Reading a step file: its declarations and functions, statements and expressions, by
//! recursive descent over the lexer's tokens; every error names its line and column.

use super::super::lex::{lex, Tok, Token};
use super::super::names::{allowed, is_keyword};
use super::*;

/// A file read with `blocks` already known: the file, and every block known after it.
pub(super) fn read(text: &str, blocks: Blocks) -> Result<(StepFile, Blocks), String> {
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
