//! Where each value sits in a RON file: a light walk over the text that maps field
//! paths (`targets[0].motion.radius`) to line and column, so errors found after
//! parsing (a value out of range, an unknown target name) can point at the exact spot.
//! It reads the same syntax as the parser but only to locate values; the parser proper
//! reports malformed text.

use std::collections::HashMap;

/// A 1-based line and column (columns count characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    /// A number or a string or char literal, with its text.
    Literal(String),
    Punct(char),
}

struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    pos: Pos,
    /// A string or block comment that runs to the end of the text.
    unclosed: Option<Unbalanced>,
}

impl Lexer<'_> {
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

    fn next(&mut self) -> Option<(Tok, Pos)> {
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

/// The positions of every value in a RON text, by field path.
#[derive(Clone, Debug, Default)]
pub struct Spans {
    at: HashMap<String, Pos>,
    /// Paths of number literals that are NaN or infinite.
    non_finite: Vec<(String, Pos, String)>,
    /// The first unbalanced bracket: a closer that does not match, or an opener never
    /// closed before the end of the text.
    unbalanced: Option<Unbalanced>,
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
}

/// The first bracket problem of a token stream.
fn balance(tokens: &[(Tok, Pos)]) -> Option<Unbalanced> {
    let mut stack: Vec<(char, Pos)> = Vec::new();
    for (tok, pos) in tokens {
        let Tok::Punct(c) = *tok else { continue };
        let opener = match c {
            '(' | '[' | '{' => {
                stack.push((c, *pos));
                continue;
            }
            ')' => '(',
            ']' => '[',
            '}' => '{',
            _ => continue,
        };
        match stack.pop() {
            Some((open, _)) if open == opener => {}
            open => {
                return Some(Unbalanced::Mismatched {
                    open,
                    close: (c, *pos),
                })
            }
        }
    }
    let depth = stack.len();
    stack.pop().map(|open| Unbalanced::Unclosed { open, depth })
}

struct Walker<'a> {
    tokens: Vec<(Tok, Pos)>,
    next: usize,
    spans: &'a mut Spans,
}

fn child(path: &str, field: &str) -> String {
    if path.is_empty() {
        field.to_string()
    } else {
        format!("{path}.{field}")
    }
}

impl Walker<'_> {
    fn peek(&self, ahead: usize) -> Option<&Tok> {
        self.tokens.get(self.next + ahead).map(|(t, _)| t)
    }

    fn take(&mut self) -> Option<(Tok, Pos)> {
        let tok = self.tokens.get(self.next).cloned();
        self.next += 1;
        tok
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek(0) == Some(&Tok::Punct(c)) {
            self.next += 1;
            true
        } else {
            false
        }
    }

    fn value(&mut self, path: &str, depth: usize) -> Option<()> {
        if depth > 64 {
            return None;
        }
        let (tok, pos) = self.take()?;
        self.spans.at.entry(path.to_string()).or_insert(pos);
        match tok {
            Tok::Literal(text) => {
                let bare = text.trim_start_matches(['+', '-']);
                // A finite literal too large for an f32 reads as an infinity: report it too.
                let overflows = bare.starts_with(|c: char| c.is_ascii_digit())
                    && bare
                        .replace('_', "")
                        .parse::<f32>()
                        .is_ok_and(f32::is_infinite);
                if bare == "inf" || bare == "NaN" || overflows {
                    self.spans.non_finite.push((path.to_string(), pos, text));
                }
                Some(())
            }
            Tok::Ident(name) => {
                if self.eat('(') {
                    if name == "Some" {
                        // Option: the inner value has the same path.
                        self.value(path, depth + 1)?;
                        self.eat(',');
                        self.eat(')').then_some(())
                    } else {
                        self.parens(path, depth)
                    }
                } else {
                    Some(())
                }
            }
            Tok::Punct('(') => self.parens(path, depth),
            Tok::Punct('[') => self.list(path, depth),
            Tok::Punct('{') => self.map(path, depth),
            Tok::Punct(_) => None,
        }
    }

    /// After `(`: named fields or tuple elements, up to `)`.
    fn parens(&mut self, path: &str, depth: usize) -> Option<()> {
        let named =
            matches!(self.peek(0), Some(Tok::Ident(_))) && self.peek(1) == Some(&Tok::Punct(':'));
        let mut index = 0;
        loop {
            if self.eat(')') {
                return Some(());
            }
            if named {
                let (Tok::Ident(field), pos) = self.take()? else {
                    return None;
                };
                let field_path = child(path, &field);
                self.spans
                    .at
                    .entry(format!("{field_path}:name"))
                    .or_insert(pos);
                if !self.eat(':') {
                    return None;
                }
                self.value(&field_path, depth + 1)?;
            } else {
                self.value(&format!("{path}[{index}]"), depth + 1)?;
                index += 1;
            }
            if !self.eat(',') {
                return self.eat(')').then_some(());
            }
        }
    }

    fn list(&mut self, path: &str, depth: usize) -> Option<()> {
        let mut index = 0;
        loop {
            if self.eat(']') {
                return Some(());
            }
            self.value(&format!("{path}[{index}]"), depth + 1)?;
            index += 1;
            if !self.eat(',') {
                return self.eat(']').then_some(());
            }
        }
    }

    fn map(&mut self, path: &str, depth: usize) -> Option<()> {
        loop {
            if self.eat('}') {
                return Some(());
            }
            let (key, _) = self.take()?;
            let key = match key {
                Tok::Ident(k) => k,
                Tok::Literal(k) => k.trim_matches('"').to_string(),
                Tok::Punct(_) => return None,
            };
            if !self.eat(':') {
                return None;
            }
            self.value(&child(path, &key), depth + 1)?;
            if !self.eat(',') {
                return self.eat('}').then_some(());
            }
        }
    }
}

impl Spans {
    /// Indexes a RON text. Malformed text is indexed up to the first problem.
    pub fn index(text: &str) -> Spans {
        let mut lexer = Lexer {
            chars: text.chars().peekable(),
            pos: Pos { line: 1, col: 1 },
            unclosed: None,
        };
        let mut tokens = Vec::new();
        while let Some(tok) = lexer.next() {
            tokens.push(tok);
        }
        let mut spans = Spans {
            unbalanced: lexer.unclosed.take().or_else(|| balance(&tokens)),
            ..Spans::default()
        };
        let mut walker = Walker {
            tokens,
            next: 0,
            spans: &mut spans,
        };
        // Skip inner attributes: #![enable(...)].
        while walker.peek(0) == Some(&Tok::Punct('#')) {
            while walker.take().is_some_and(|(t, _)| t != Tok::Punct(']')) {}
        }
        let _ = walker.value("", 0);
        spans
    }

    /// Where the value at `path` starts; for a path not in the file (a field left to its
    /// default), where its nearest enclosing value starts.
    pub fn find(&self, path: &str) -> Pos {
        let mut path = path;
        loop {
            if let Some(pos) = self.at.get(path) {
                return *pos;
            }
            match path.rfind(['.', '[']) {
                Some(cut) => path = &path[..cut],
                None => return self.at.get("").copied().unwrap_or(Pos { line: 1, col: 1 }),
            }
        }
    }

    /// Whether the file itself contains a value at `path`.
    pub fn contains(&self, path: &str) -> bool {
        self.at.contains_key(path)
    }

    /// The deepest path whose value starts at `pos`, if any.
    pub fn path_at(&self, pos: Pos) -> Option<&str> {
        self.at
            .iter()
            .filter(|(path, at)| **at == pos && !path.ends_with(":name"))
            .map(|(path, _)| path.as_str())
            .max_by_key(|path| path.len())
    }

    /// The first bracket problem, if any.
    pub fn unbalanced(&self) -> Option<&Unbalanced> {
        self.unbalanced.as_ref()
    }

    /// Number literals that are NaN or infinite, or too large for an f32:
    /// `(path, position, text)`.
    pub fn non_finite(&self) -> &[(String, Pos, String)] {
        &self.non_finite
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = r#"#![enable(implicit_some)]
// a comment
(
    version: 1,
    name: "a (tricky) \"name\"",
    targets: [
        (name: "t", motion: Circle(center: (1, 2), radius: 5)),
        ( name: "u" , motion: Static(pos: (-3.5e2, +inf)) /* block */ ),
    ],
    rain: Some((min_speed: NaN, rate: [(0, 1.5)])),
    map: { "key": 4, other: [] },
)"#;

    #[test]
    fn finds_nested_fields_list_items_and_tuple_elements() {
        let spans = Spans::index(TEXT);
        assert_eq!(spans.find("version"), Pos { line: 4, col: 14 });
        assert_eq!(
            spans.find("targets[0].motion.radius"),
            Pos { line: 7, col: 60 }
        );
        assert_eq!(
            spans.find("targets[0].motion.center[1]"),
            Pos { line: 7, col: 48 }
        );
        assert_eq!(spans.find("targets[1].name"), Pos { line: 8, col: 17 });
        assert_eq!(spans.find("rain.rate[0][1]"), Pos { line: 10, col: 44 });
        assert_eq!(spans.find("map.key"), Pos { line: 11, col: 19 });
        assert!(spans.contains("map.other"));
    }

    #[test]
    fn missing_paths_fall_back_to_the_nearest_parent() {
        let spans = Spans::index(TEXT);
        assert_eq!(spans.find("targets[0].radius"), spans.find("targets[0]"));
        assert_eq!(
            spans.find("algorithms.smoothed.ga"),
            Pos { line: 3, col: 1 }
        );
    }

    #[test]
    fn reports_non_finite_numbers_with_their_paths() {
        let spans = Spans::index(TEXT);
        let found: Vec<_> = spans
            .non_finite()
            .iter()
            .map(|(p, _, t)| (p.as_str(), t.as_str()))
            .collect();
        assert_eq!(
            found,
            [
                ("targets[1].motion.pos[1]", "+inf"),
                ("rain.min_speed", "NaN")
            ]
        );
    }
}
