//! Where each value sits in a RON file: a light walk over the text that maps field
//! paths (`targets[0].motion.radius`) to line and column, so errors found after
//! parsing (a value out of range, an unknown target name) can point at the exact spot.
//! It reads the same syntax as the parser but only to locate values; the parser proper
//! reports malformed text.
//!
//! Whatever the text, the index stays small: tokens are read as a stream (never all
//! kept), at most [`MAX_INDEXED`] positions and [`MAX_NON_FINITE`] non-finite numbers are
//! kept, and brackets nested deeper than [`MAX_NESTING`] are a problem of their own. A
//! value past the limit is placed at its nearest indexed parent.

use std::borrow::Cow;
use std::collections::{HashMap, VecDeque};

mod lexer;
use lexer::{Brackets, Lexer, Tok};
pub use lexer::{Pos, Unbalanced, MAX_NESTING};

/// The most value positions kept (about 100 MB): a legitimate file has fewer but for
/// the longest recorded tracks, whose last samples are then placed at their track; a
/// 64 MiB list of numbers would need gigabytes.
pub const MAX_INDEXED: usize = 1_000_000;
/// The longest list a scenario may hold (a recorded track's samples): a longer one is
/// refused before the file is parsed.
pub const MAX_LIST: usize = crate::sim::limits::MAX_TRACK_SAMPLES;
/// The most non-finite numbers kept (each is also an error of its field's range check).
pub const MAX_NON_FINITE: usize = 10_000;

/// The positions of every value in a RON text, by field path.
#[derive(Clone, Debug, Default)]
pub struct Spans {
    at: HashMap<String, Pos>,
    /// Paths of number literals that are NaN or infinite.
    non_finite: Vec<(String, Pos, String)>,
    /// The first unbalanced bracket: a closer that does not match, or an opener never
    /// closed before the end of the text.
    unbalanced: Option<Unbalanced>,
    /// The first list longer than [`MAX_LIST`]: its path, where it starts, its length.
    too_long: Option<(String, Pos, usize)>,
}

struct Walker<'a, 't> {
    lexer: Lexer<'t>,
    /// The tokens read but not yet taken (at most two: the walk looks two ahead).
    ahead: VecDeque<(Tok, Pos)>,
    brackets: Brackets,
    spans: &'a mut Spans,
}

fn child(path: &str, field: &str) -> String {
    if path.is_empty() {
        field.to_string()
    } else {
        format!("{path}.{field}")
    }
}

impl Walker<'_, '_> {
    fn fill(&mut self, ahead: usize) {
        while self.ahead.len() <= ahead {
            let Some((tok, pos)) = self.lexer.next() else {
                return;
            };
            self.brackets.see(&tok, pos);
            self.ahead.push_back((tok, pos));
        }
    }

    fn peek(&mut self, ahead: usize) -> Option<&Tok> {
        self.fill(ahead);
        self.ahead.get(ahead).map(|(t, _)| t)
    }

    fn take(&mut self) -> Option<(Tok, Pos)> {
        self.fill(0);
        self.ahead.pop_front()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek(0) == Some(&Tok::Punct(c)) {
            self.ahead.pop_front();
            true
        } else {
            false
        }
    }

    /// Whether the index has no room left: the rest of the text is only read through.
    fn full(&self) -> bool {
        self.spans.at.len() >= MAX_INDEXED
    }

    /// The path of a value inside `path`, made only while the index has room (after that
    /// no path is kept, and making millions of them is most of the time a walk takes).
    fn sub<'p>(&self, path: &'p str, make: impl FnOnce() -> String) -> Cow<'p, str> {
        if self.full() {
            Cow::Borrowed(path)
        } else {
            Cow::Owned(make())
        }
    }

    /// Keeps where `path` starts, while the index has room.
    fn mark(&mut self, path: impl Into<String>, pos: Pos) {
        if !self.full() {
            self.spans.at.entry(path.into()).or_insert(pos);
        }
    }

    fn value(&mut self, path: &str, depth: usize) -> Option<()> {
        if depth > 64 {
            return None;
        }
        let (tok, pos) = self.take()?;
        self.mark(path, pos);
        match tok {
            Tok::Literal(text) => {
                let bare = text.trim_start_matches(['+', '-']);
                // A finite literal too large for an f32 reads as an infinity: report it too.
                let overflows = bare.starts_with(|c: char| c.is_ascii_digit())
                    && bare
                        .replace('_', "")
                        .parse::<f32>()
                        .is_ok_and(f32::is_infinite);
                // Past a full index the path is not the value's own: its range check
                // reports it.
                if (bare == "inf" || bare == "NaN" || overflows)
                    && self.spans.non_finite.len() < MAX_NON_FINITE
                    && !self.full()
                {
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
                let field_path = self.sub(path, || child(path, &field));
                self.mark(format!("{field_path}:name"), pos);
                if !self.eat(':') {
                    return None;
                }
                self.value(&field_path, depth + 1)?;
            } else {
                self.value(&self.sub(path, || format!("{path}[{index}]")), depth + 1)?;
                index += 1;
            }
            if !self.eat(',') {
                return self.eat(')').then_some(());
            }
        }
    }

    fn list(&mut self, path: &str, depth: usize) -> Option<()> {
        let mut index = 0;
        let read = loop {
            if self.eat(']') {
                break Some(());
            }
            self.value(&self.sub(path, || format!("{path}[{index}]")), depth + 1)?;
            index += 1;
            if !self.eat(',') {
                break self.eat(']').then_some(());
            }
        };
        if index > MAX_LIST && self.spans.too_long.is_none() {
            self.spans.too_long = Some((path.to_string(), self.spans.find(path), index));
        }
        read
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
            self.value(&self.sub(path, || child(path, &key)), depth + 1)?;
            if !self.eat(',') {
                return self.eat('}').then_some(());
            }
        }
    }
}

impl Spans {
    /// Indexes a RON text. Malformed text is indexed up to the first problem.
    pub fn index(text: &str) -> Spans {
        let mut spans = Spans::default();
        let mut walker = Walker {
            lexer: Lexer::new(text),
            ahead: VecDeque::new(),
            brackets: Brackets::default(),
            spans: &mut spans,
        };
        // Skip inner attributes: #![enable(...)].
        while walker.peek(0) == Some(&Tok::Punct('#')) {
            while walker.take().is_some_and(|(t, _)| t != Tok::Punct(']')) {}
        }
        let _ = walker.value("", 0);
        // The rest of the text (after a value the walk could not read), for its brackets.
        while walker.take().is_some() {}
        let unclosed = walker.lexer.unclosed.take();
        let brackets = std::mem::take(&mut walker.brackets);
        spans.unbalanced = unclosed.or_else(|| brackets.end());
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

    /// Every indexed path with where its value starts, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, Pos)> {
        self.at.iter().map(|(path, pos)| (path.as_str(), *pos))
    }

    /// The first bracket problem, if any.
    pub fn unbalanced(&self) -> Option<&Unbalanced> {
        self.unbalanced.as_ref()
    }

    /// The first list longer than [`MAX_LIST`]: `(path, position, length)`.
    pub fn too_long(&self) -> Option<&(String, Pos, usize)> {
        self.too_long.as_ref()
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

    #[test]
    fn a_list_longer_than_any_a_scenario_holds_is_found_with_its_length() {
        let text = format!("(a: 1, points: [{}])", "0,".repeat(MAX_LIST + 1));
        assert_eq!(
            Spans::index(&text).too_long(),
            Some(&("points".to_string(), Pos { line: 1, col: 16 }, MAX_LIST + 1))
        );
        let longest = format!("(a: 1, points: [{}])", "0,".repeat(MAX_LIST));
        assert_eq!(Spans::index(&longest).too_long(), None);
    }

    #[test]
    fn brackets_nested_deeper_than_the_parser_reads_are_a_problem_where_it_starts() {
        let deep = MAX_NESTING + 3;
        let text = format!("{}{}", "[".repeat(deep), "]".repeat(deep));
        assert_eq!(
            Spans::index(&text).unbalanced(),
            Some(&Unbalanced::TooDeep(Pos {
                line: 1,
                col: MAX_NESTING + 1
            }))
        );
        let deepest = format!("{}{}", "[".repeat(MAX_NESTING), "]".repeat(MAX_NESTING));
        assert_eq!(Spans::index(&deepest).unbalanced(), None);
    }

    #[test]
    fn the_index_keeps_at_most_its_limit_and_places_the_rest_at_the_nearest_kept_parent() {
        // Six lists of 200,000 numbers: 1,200,007 values, the first of them NaN and the
        // last one too.
        let list = format!("[{}]", "0,".repeat(200_000));
        let first = list.replacen('0', "NaN", 1);
        let last = format!("[{}NaN]", "0,".repeat(199_999));
        let text = format!("[{first},{list},{list},{list},{list},{last}]");
        let spans = Spans::index(&text);
        assert_eq!(spans.at.len(), MAX_INDEXED);
        // Kept: the root (1), list 0 and its 200,000 (200,001 each) ... up to the limit.
        assert_eq!(spans.find("[0][0]"), Pos { line: 1, col: 3 });
        assert!(spans.contains("[4]"));
        assert!(spans.contains("[4][199993]"));
        assert!(!spans.contains("[4][199994]"));
        // Past the limit a value is placed at its nearest kept parent.
        assert_eq!(spans.find("[4][199999]"), spans.find("[4]"));
        assert_eq!(spans.find("[5][3]"), Pos { line: 1, col: 1 });
        // Only the first NaN: the last one is past the limit, where paths are not kept.
        let found: Vec<_> = spans
            .non_finite()
            .iter()
            .map(|(p, ..)| p.as_str())
            .collect();
        assert_eq!(found, ["[0][0]"]);
    }

    #[test]
    fn block_comments_nest_and_a_lone_star_or_slash_inside_does_not_end_them() {
        let text = "/* a * b / c /* inner */ still comment */ (x: 1)";
        let spans = Spans::index(text);
        assert_eq!(spans.find(""), Pos { line: 1, col: 43 });
        assert_eq!(spans.find("x"), Pos { line: 1, col: 47 });
        assert_eq!(spans.unbalanced(), None);
        // The inner comment is closed, the outer one is not.
        assert_eq!(
            Spans::index("/* /* */ (x: 1)").unbalanced(),
            Some(&Unbalanced::UnclosedComment(Pos { line: 1, col: 1 }))
        );
    }

    #[test]
    fn raw_strings_end_at_their_own_quote_and_hashes_whatever_they_hold() {
        let text = r####"(a: r#"has "quotes" and ) ]"#, b: r"", c: r##"one "# inside"##, d: r#""#, e: 3)"####;
        let spans = Spans::index(text);
        let col = |path: &str| spans.find(path).col;
        assert_eq!(
            [col("a"), col("b"), col("c"), col("d"), col("e")],
            [5, 35, 43, 68, 78]
        );
        assert_eq!(spans.unbalanced(), None);
        // The hashes right after the opening quote belong to the text, not the closing.
        let text = r####"(a: r##"## x"##, e: 3)"####;
        assert_eq!(Spans::index(text).find("e").col, 21);
        assert_eq!(Spans::index(text).unbalanced(), None);
        // One never closed is a string the file ends in.
        assert_eq!(
            Spans::index(r###"(a: r##"open "# still"#)"###).unbalanced(),
            Some(&Unbalanced::UnclosedString(Pos { line: 1, col: 5 }))
        );
    }
}
