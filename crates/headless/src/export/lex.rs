//! The step language's words: names, numbers, quoted choices, punctuation, comments
//! (kept, to be printed) and blank lines, each with its line and column.

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    Word(String),
    Num(String),
    Str(String),
    Punct(&'static str),
    Comment(String),
    /// An empty line (separates the file's description from the rest).
    Blank,
}

#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) kind: Tok,
    line: usize,
    column: usize,
}

impl Token {
    pub(super) fn at(&self, message: &str) -> String {
        format!("line {}, column {}: {message}", self.line, self.column)
    }
}

const PUNCTS: [&str; 20] = [
    "&&", "||", "<=", ">=", "==", "!=", "<", ">", "=", "+", "-", "*", "/", "!", "(", ")", "{", "}",
    ";", ",",
];

pub(super) fn lex(text: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut rest = line;
        let column = |rest: &str| line.len() - rest.len() + 1;
        if line.trim().is_empty() {
            out.push(Token {
                kind: Tok::Blank,
                line: n + 1,
                column: 1,
            });
            continue;
        }
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                break;
            }
            let at = column(rest);
            let token = |kind| Token {
                kind,
                line: n + 1,
                column: at,
            };
            if let Some(comment) = rest.strip_prefix("//") {
                out.push(token(Tok::Comment(comment.trim().to_string())));
                break;
            }
            let first = rest.chars().next().unwrap_or(' ');
            if first.is_ascii_alphabetic() || first == '_' {
                let end = rest
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                out.push(token(Tok::Word(rest[..end].to_string())));
                rest = &rest[end..];
            } else if first.is_ascii_digit() {
                let mut end = rest
                    .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                    .unwrap_or(rest.len());
                // An exponent: `e`, a sign if any, digits (`2.2e-16`).
                if let Some(exponent) = rest[end..].strip_prefix(['e', 'E']) {
                    let unsigned = exponent.strip_prefix(['-', '+']).unwrap_or(exponent);
                    let digits = unsigned
                        .find(|c: char| !c.is_ascii_digit())
                        .unwrap_or(unsigned.len());
                    if digits > 0 {
                        end = rest.len() - unsigned.len() + digits;
                    }
                }
                let number = &rest[..end];
                // Digits, with a point only between digits (`1.` is not a C# literal).
                if number.parse::<f64>().is_err() || number.ends_with('.') {
                    return Err(format!(
                        "line {}, column {at}: `{number}` is not a number",
                        n + 1
                    ));
                }
                out.push(token(Tok::Num(number.to_string())));
                rest = &rest[end..];
            } else if first == '"' {
                let Some(end) = rest[1..].find('"') else {
                    return Err(format!("line {}, column {at}: unclosed \"", n + 1));
                };
                out.push(token(Tok::Str(rest[1..=end].to_string())));
                rest = &rest[end + 2..];
            } else if let Some(p) = PUNCTS.iter().find(|p| rest.starts_with(**p)) {
                out.push(token(Tok::Punct(p)));
                rest = &rest[p.len()..];
            } else {
                return Err(format!("line {}, column {at}: unexpected `{first}`", n + 1));
            }
        }
    }
    Ok(out)
}
