//! User text in messages: whatever a file, a link, a script or a command line gave us is
//! echoed escaped (control and invisible characters as `\u{1b}`, so nothing it holds can
//! move the cursor, recolour a terminal or hide part of the message) and, where it may be
//! long, cut to a few dozen characters with its full length said.

/// Most characters of a user's own text quoted in a message.
pub const QUOTED: usize = 40;

/// Whether a character would be invisible or disturb the terminal if printed raw.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{00ad}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{feff}')
}

/// Text safe to print: invisible and control characters escaped (`\u{200b}`); line
/// breaks and tabs kept.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\n' || c == '\t' || !invisible(c) {
            out.push(c);
        } else {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        }
    }
    out
}

/// Text safe to print on one line: [`escape`], with line breaks and tabs escaped too.
pub fn escape_line(text: &str) -> String {
    escape(text).replace('\n', "\\n").replace('\t', "\\t")
}

/// A user's text quoted: at most [`QUOTED`] characters, escaped, with its length said
/// when it was cut.
pub fn quote(text: &str) -> String {
    let count = text.chars().count();
    if count > QUOTED {
        let head: String = text.chars().take(QUOTED).collect();
        format!("{}... ({count} characters)", escape(&head))
    } else {
        escape(text)
    }
}

/// One character in backquotes, escaped if it cannot be seen: `` `é` ``, `` `\u{7}` ``.
pub fn quoted_char(c: char) -> String {
    format!("`{}`", escape_line(&c.to_string()))
}

/// `text` as part of a law's id: its first `max` characters, letters, digits and `-`
/// kept, anything else as `-` (a recorded missile's algorithm column, a script's file
/// name).
pub fn id_part(text: &str, max: usize) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '-'
            }
        })
        .take(max)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_invisible_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(escape("a\u{1b}[31mred\u{7}"), "a\\u{1b}[31mred\\u{7}");
        assert_eq!(escape("zero\u{200b}width é"), "zero\\u{200b}width é");
        assert_eq!(escape("two\nlines\tok"), "two\nlines\tok");
        assert_eq!(escape_line("two\nlines\tok"), "two\\nlines\\tok");
        assert_eq!(quoted_char('é'), "`é`");
        assert_eq!(quoted_char('\u{7f}'), "`\\u{7f}`");
    }

    #[test]
    fn long_text_is_cut_at_forty_characters_with_its_length() {
        let long = "x".repeat(41);
        assert_eq!(
            quote(&long),
            format!("{}... (41 characters)", "x".repeat(40))
        );
        assert_eq!(quote(&"y".repeat(40)), "y".repeat(40));
    }

    #[test]
    fn an_id_part_keeps_letters_digits_and_dashes_and_its_length() {
        assert_eq!(super::id_part("pn aug_2-x", 40), "pn-aug-2-x");
        assert_eq!(super::id_part("é.rhai", 40), "--rhai");
        assert_eq!(super::id_part("abcdef", 4), "abcd");
        assert_eq!(super::id_part("", 4), "");
    }
}
