//! The `setoption` command: `setoption name <name...> [value <value...>]`.
//!
//! The name runs from `name` to the first `value` token (or the end of the
//! line); the value is everything after that `value`, so it may itself
//! contain the words `name` and `value`. Both are joined with single spaces
//! and kept as written: option names are matched case-insensitively, and
//! values are checked against the option's type, by the session.

use crate::command::{Command, ParseError, Tokens};

/// Parses the arguments of `setoption` (the tokens after the word
/// `setoption`).
pub(crate) fn parse_setoption(tokens: &mut Tokens<'_>) -> Result<Command, ParseError> {
    match tokens.next() {
        Some("name") => {}
        Some(token) => {
            return Err(ParseError::Unexpected {
                command: "setoption",
                token: token.to_owned(),
                expected: "'name'",
            });
        }
        None => {
            return Err(ParseError::Missing {
                command: "setoption",
                expected: "'name'",
            });
        }
    }
    let mut name = String::new();
    let mut value = None;
    while let Some(token) = tokens.next() {
        if token == "value" {
            value = Some(join(tokens));
            break;
        }
        push_word(&mut name, token);
    }
    if name.is_empty() {
        return Err(ParseError::Missing {
            command: "setoption",
            expected: "option name after 'name'",
        });
    }
    Ok(Command::SetOption { name, value })
}

/// Appends `word` to `text`, after a single space unless `text` is empty.
fn push_word(text: &mut String, word: &str) {
    if !text.is_empty() {
        text.push(' ');
    }
    text.push_str(word);
}

/// The remaining tokens joined with single spaces.
fn join(tokens: &mut Tokens<'_>) -> String {
    let mut text = String::new();
    for token in tokens {
        push_word(&mut text, token);
    }
    text
}

#[cfg(test)]
mod tests {
    use crate::command::{Command, parse};

    fn set(line: &str) -> (String, Option<String>) {
        match parse(line) {
            Ok(Command::SetOption { name, value }) => (name, value),
            other => panic!("{line:?} parsed to {other:?}"),
        }
    }

    fn err(line: &str) -> String {
        match parse(line) {
            Err(e) => e.to_string(),
            Ok(c) => panic!("{line:?} parsed to {c:?}"),
        }
    }

    #[test]
    fn name_and_value() {
        assert_eq!(
            set("setoption name Hash value 128"),
            ("Hash".into(), Some("128".into()))
        );
    }

    #[test]
    fn names_may_contain_spaces() {
        assert_eq!(
            set("setoption name Move Overhead value 30"),
            ("Move Overhead".into(), Some("30".into()))
        );
    }

    #[test]
    fn values_may_contain_spaces_and_keywords() {
        assert_eq!(
            set("setoption name SyzygyPath value /tb/a b  c\t d"),
            ("SyzygyPath".into(), Some("/tb/a b c d".into()))
        );
        assert_eq!(
            set("setoption name X value name value y"),
            ("X".into(), Some("name value y".into()))
        );
    }

    #[test]
    fn whitespace_is_normalised_and_case_kept() {
        assert_eq!(
            set("setoption  name   Move\tOverhead  value  30 \r\n"),
            ("Move Overhead".into(), Some("30".into()))
        );
        assert_eq!(
            set("setoption name HASH value AbC"),
            ("HASH".into(), Some("AbC".into()))
        );
        // `Value` is not the keyword: it is part of the name.
        assert_eq!(
            set("setoption name Hash Value 1"),
            ("Hash Value 1".into(), None)
        );
    }

    #[test]
    fn no_value_is_a_button() {
        assert_eq!(
            set("setoption name Clear Hash"),
            ("Clear Hash".into(), None)
        );
    }

    #[test]
    fn value_with_nothing_after_it_is_empty() {
        assert_eq!(
            set("setoption name SyzygyPath value"),
            ("SyzygyPath".into(), Some(String::new()))
        );
    }

    #[test]
    fn name_may_be_the_word_name() {
        assert_eq!(
            set("setoption name name value 1"),
            ("name".into(), Some("1".into()))
        );
    }

    #[test]
    fn errors() {
        assert_eq!(err("setoption"), "setoption: missing 'name'");
        assert_eq!(
            err("setoption Hash value 1"),
            "setoption: expected 'name', got 'Hash'"
        );
        assert_eq!(
            err("setoption value 1"),
            "setoption: expected 'name', got 'value'"
        );
        assert_eq!(
            err("setoption name"),
            "setoption: missing option name after 'name'"
        );
        assert_eq!(
            err("setoption name value 30"),
            "setoption: missing option name after 'name'"
        );
    }
}
