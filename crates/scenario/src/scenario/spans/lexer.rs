//! The tokens of a RON text, read one at a time with their positions, and the
//! brackets they open and close.

/// The deepest bracket nesting read, as deep as the parser goes.
pub const MAX_NESTING: usize = 128;

/// A 1-based line and column (columns count characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

/// A bracket problem, found by the lexer alone (strings and comments are skipped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unbalanced {
    /// The text ends with brackets open; `open` is the innermost, `depth` how many.
    Unclosed { open: (char, Pos), depth: usize },
    /// A closer that does not match the innermost open bracket (none: nothing is open).
    Mismatched {
        open: Option<(char, Pos)>,
        close: (char, Pos),
    },
    /// A string that starts here and never ends.
    UnclosedString(Pos),
    /// A block comment that starts here and never ends.
    UnclosedComment(Pos),
    /// An opening bracket nested deeper than [`MAX_NESTING`].
    TooDeep(Pos),
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    Ident(String),
    /// A number or a string or char literal, with its text.
    Literal(String),
    Punct(char),
}

pub(super) struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    pos: Pos,
    /// A string or block comment that runs to the end of the text.
    pub(super) unclosed: Option<Unbalanced>,
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Lexer {
            chars: text.chars().peekable(),
            pos: Pos { line: 1, col: 1 },
            unclosed: None,
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.pos.line += 1;
            self.pos.col = 1;
        } else {
            self.pos.col += 1;
        }
        Some(c)
    }

    fn skip_trivia(&mut self) {
        loop {
            match self.chars.peek() {
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                Some('/') => {
                    let mut ahead = self.chars.clone();
                    ahead.next();
                    match ahead.peek() {
                        Some('/') => {
                            while self.chars.peek().is_some_and(|&c| c != '\n') {
                                self.bump();
                            }
                        }
                        Some('*') => {
                            let start = self.pos;
                            self.bump();
                            self.bump();
                            let mut depth = 1;
                            while depth > 0 {
                                match self.bump() {
                                    None => {
                                        self.unclosed = Some(Unbalanced::UnclosedComment(start));
                                        return;
                                    }
                                    Some('*') if self.chars.peek() == Some(&'/') => {
                                        self.bump();
                                        depth -= 1;
                                    }
                                    Some('/') if self.chars.peek() == Some(&'*') => {
                                        self.bump();
                                        depth += 1;
                                    }
                                    _ => {}
                                }
                            }
                        }
                        _ => return,
                    }
                }
                _ => return,
            }
        }
    }

    /// Reads a quoted literal's rest (after its opening quote at `start`).
    fn quoted(&mut self, quote: char, text: &mut String, start: Pos) {
        while let Some(c) = self.bump() {
            text.push(c);
            if c == '\\' {
                if let Some(escaped) = self.bump() {
                    text.push(escaped);
                }
            } else if c == quote {
                return;
            }
        }
        if quote == '"' {
            self.unclosed
                .get_or_insert(Unbalanced::UnclosedString(start));
        }
    }

    pub(super) fn next(&mut self) -> Option<(Tok, Pos)> {
        self.skip_trivia();
        let start = self.pos;
        let c = *self.chars.peek()?;
        let word = |c: char| c.is_alphanumeric() || c == '_' || c == '.' || c == '+' || c == '-';
        let tok = if c == '"' || c == '\'' {
            let mut text = String::new();
            text.push(c);
            self.bump();
            self.quoted(c, &mut text, start);
            Tok::Literal(text)
        } else if c == 'r' && matches!(self.chars.clone().nth(1), Some('"' | '#')) {
            // Raw string r"..." / r#"..."# or raw identifier r#name.
            let mut text = String::new();
            text.push(c);
            self.bump();
            let mut hashes = 0;
            while self.chars.peek() == Some(&'#') {
                hashes += 1;
                text.push('#');
                self.bump();
            }
            if self.chars.peek() == Some(&'"') {
                text.push('"');
                self.bump();
                let closing: String = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                while !text.ends_with(&closing) || text.len() < 2 + hashes + closing.len() {
                    match self.bump() {
                        Some(ch) => text.push(ch),
                        None => {
                            self.unclosed
                                .get_or_insert(Unbalanced::UnclosedString(start));
                            break;
                        }
                    }
                }
                Tok::Literal(text)
            } else {
                let mut name = String::new();
                while self.chars.peek().is_some_and(|&c| word(c)) {
                    name.push(self.bump().unwrap_or_default());
                }
                Tok::Ident(name)
            }
        } else if c.is_alphabetic() || c == '_' {
            let mut text = String::new();
            while self
                .chars
                .peek()
                .is_some_and(|&c| c.is_alphanumeric() || c == '_')
            {
                text.push(self.bump().unwrap_or_default());
            }
            if matches!(text.as_str(), "inf" | "NaN") {
                Tok::Literal(text)
            } else {
                Tok::Ident(text)
            }
        } else if c.is_ascii_digit() || c == '-' || c == '+' || c == '.' {
            let mut text = String::new();
            while self.chars.peek().is_some_and(|&c| word(c)) {
                text.push(self.bump().unwrap_or_default());
            }
            Tok::Literal(text)
        } else {
            self.bump();
            Tok::Punct(c)
        };
        Some((tok, start))
    }
}

/// The first bracket problem of a token stream, seen one token at a time.
#[derive(Default)]
pub(super) struct Brackets {
    open: Vec<(char, Pos)>,
    problem: Option<Unbalanced>,
}

impl Brackets {
    pub(super) fn see(&mut self, tok: &Tok, pos: Pos) {
        let Tok::Punct(c) = *tok else { return };
        if self.problem.is_some() {
            return;
        }
        let opener = match c {
            '(' | '[' | '{' if self.open.len() == MAX_NESTING => {
                self.problem = Some(Unbalanced::TooDeep(pos));
                return;
            }
            '(' | '[' | '{' => {
                self.open.push((c, pos));
                return;
            }
            ')' => '(',
            ']' => '[',
            '}' => '{',
            _ => return,
        };
        match self.open.pop() {
            Some((open, _)) if open == opener => {}
            open => {
                self.problem = Some(Unbalanced::Mismatched {
                    open,
                    close: (c, pos),
                })
            }
        }
    }

    /// At the end of the text: the first problem, or the brackets left open.
    pub(super) fn end(mut self) -> Option<Unbalanced> {
        let depth = self.open.len();
        self.problem.or_else(|| {
            self.open
                .pop()
                .map(|open| Unbalanced::Unclosed { open, depth })
        })
    }
}
