//! Reading a page message's fields: each by its type and range, absent or
//! `null` meaning "not given", anything else a short error naming the
//! field (a message is refused whole, never half-applied).

use serde_json::Value;
use std::ops::RangeInclusive;

/// The field `name`, unless absent or `null`.
fn given<'a>(message: &'a Value, name: &str) -> Option<&'a Value> {
    message.get(name).filter(|v| !v.is_null())
}

/// A whole number within `range`, if given.
pub fn number(
    message: &Value,
    name: &str,
    range: RangeInclusive<u64>,
) -> Result<Option<u64>, String> {
    let Some(value) = given(message, name) else {
        return Ok(None);
    };
    match value.as_u64() {
        Some(n) if range.contains(&n) => Ok(Some(n)),
        _ => Err(format!(
            "\"{name}\" must be a whole number from {} to {}",
            range.start(),
            range.end()
        )),
    }
}

/// `true` or `false`, if given.
pub fn flag(message: &Value, name: &str) -> Result<Option<bool>, String> {
    match given(message, name) {
        None => Ok(None),
        Some(value) => value
            .as_bool()
            .map(Some)
            .ok_or_else(|| format!("\"{name}\" must be true or false")),
    }
}

/// A string, if given.
pub fn text<'a>(message: &'a Value, name: &str) -> Result<Option<&'a str>, String> {
    match given(message, name) {
        None => Ok(None),
        Some(value) => value
            .as_str()
            .map(Some)
            .ok_or_else(|| format!("\"{name}\" must be a string")),
    }
}

/// The most strings a list field may hold.
pub const MAX_LIST_ITEMS: usize = 16;

/// A list of at most [`MAX_LIST_ITEMS`] strings, if given.
pub fn text_list(message: &Value, name: &str) -> Result<Option<Vec<String>>, String> {
    let Some(value) = given(message, name) else {
        return Ok(None);
    };
    let wrong = || format!("\"{name}\" must be a list of at most {MAX_LIST_ITEMS} strings");
    let items = value.as_array().ok_or_else(wrong)?;
    if items.len() > MAX_LIST_ITEMS {
        return Err(wrong());
    }
    items
        .iter()
        .map(|item| item.as_str().map(str::to_string).ok_or_else(wrong))
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

/// One of `choices`, if given.
pub fn choice<'a>(
    message: &'a Value,
    name: &str,
    choices: &[&str],
) -> Result<Option<&'a str>, String> {
    match text(message, name)? {
        Some(value) if !choices.contains(&value) => Err(format!(
            "\"{name}\" must be one of {}",
            choices
                .iter()
                .map(|c| format!("\"{c}\""))
                .collect::<Vec<_>>()
                .join(", ")
        )),
        value => Ok(value),
    }
}

/// `text` cut to `limit` characters (an error must not echo a whole
/// message back).
pub fn shortened(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_read_by_type_and_range() {
        let message: Value = serde_json::from_str(
            r#"{"plies":2,"big":1e18,"neg":-1,"word":"fast","yes":true,"none":null}"#,
        )
        .expect("JSON");
        assert_eq!(number(&message, "plies", 1..=10), Ok(Some(2)));
        assert_eq!(number(&message, "missing", 1..=10), Ok(None));
        assert_eq!(number(&message, "none", 1..=10), Ok(None));
        for bad in ["big", "neg", "word", "yes"] {
            assert_eq!(
                number(&message, bad, 1..=10),
                Err(format!("\"{bad}\" must be a whole number from 1 to 10"))
            );
        }
        assert!(number(&message, "plies", 3..=10).is_err());
        assert_eq!(flag(&message, "yes"), Ok(Some(true)));
        assert!(flag(&message, "word").is_err());
        assert_eq!(text(&message, "word"), Ok(Some("fast")));
        assert!(text(&message, "plies").is_err());
        assert_eq!(
            choice(&message, "word", &["fast", "slow"]),
            Ok(Some("fast"))
        );
        assert_eq!(
            choice(&message, "word", &["engine", "person"]),
            Err("\"word\" must be one of \"engine\", \"person\"".to_string())
        );
        assert_eq!(shortened("abcdef", 3), "abc…");
        assert_eq!(shortened("abc", 3), "abc");
        assert_eq!(shortened("ééé", 2), "éé…");
    }
}
