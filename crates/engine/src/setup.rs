//! Reading the hand-set positions of scenarios and claims: one policy for every game. A key
//! the game does not know, a seat that is not a player, or a number too large for its field
//! is an error naming the field; nothing is coerced.

use serde_json::Value;

use crate::Player;

/// Refuses a setup that is not an object, or that has a key the game does not know.
pub fn known_keys(setup: &Value, known: &[&str]) -> Result<(), String> {
    let Some(object) = setup.as_object() else {
        return Err(format!("a setup is a map of {}", known.join(", ")));
    };
    match object.keys().find(|k| !known.contains(&k.as_str())) {
        Some(key) => Err(format!(
            "setup has no field {key:?}; the fields are {}",
            known.join(", ")
        )),
        None => Ok(()),
    }
}

/// A seat as written in a setup ("1" is the first player), as a 0-based player.
pub fn seat(text: &str, players: usize) -> Result<Player, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=players).contains(&n) => Ok((n - 1) as Player),
        _ => Err(format!(
            "seat {text:?} is not a player: seats run from 1 to {players}"
        )),
    }
}

/// The player to move (`to_move`, 1-based; the first player when absent).
pub fn to_move(setup: &Value, players: usize) -> Result<Player, String> {
    match setup.get("to_move") {
        None => Ok(0),
        Some(Value::Number(n)) => {
            seat(&n.to_string(), players).map_err(|e| format!("to_move: {e}"))
        }
        Some(other) => Err(format!("to_move: {other} is not a seat")),
    }
}

/// A whole number that must fit its field: 256 is not a count of a `u8`.
pub fn number<T: TryFrom<u64>>(value: &Value, field: &str) -> Result<T, String> {
    value
        .as_u64()
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| format!("{field}: {value} is not a whole number in range"))
}

/// A fixed-length list of whole numbers (`[3, 0]`).
pub fn numbers<T: TryFrom<u64> + Copy + Default, const N: usize>(
    value: &Value,
    field: &str,
) -> Result<[T; N], String> {
    let list = value
        .as_array()
        .filter(|a| a.len() == N)
        .ok_or_else(|| format!("{field}: {value} is not a list of {N} numbers"))?;
    let mut out = [T::default(); N];
    for (slot, item) in out.iter_mut().zip(list) {
        *slot = number(item, field)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn seats_outside_the_players_are_errors() {
        assert_eq!(seat("1", 2), Ok(0));
        assert_eq!(seat("2", 2), Ok(1));
        for bad in ["0", "3", "9", "-1", "x", ""] {
            assert!(seat(bad, 2).is_err(), "{bad}");
        }
        assert!(to_move(&json!({"to_move": 0}), 2).is_err());
        assert_eq!(to_move(&json!({}), 2), Ok(0));
    }

    #[test]
    fn numbers_are_never_coerced() {
        assert_eq!(number::<u8>(&json!(255), "x"), Ok(255));
        assert!(number::<u8>(&json!(256), "x").is_err());
        assert!(number::<u8>(&json!(-1), "x").is_err());
        assert!(number::<u8>(&json!("3"), "x").is_err());
        assert_eq!(numbers::<u8, 2>(&json!([1, 2]), "x"), Ok([1, 2]));
        assert!(numbers::<u8, 2>(&json!([1]), "x").is_err());
    }

    #[test]
    fn unknown_keys_are_errors() {
        assert!(known_keys(&json!({"board": 1}), &["board"]).is_ok());
        let error = known_keys(&json!({"bord": 1}), &["board"]).unwrap_err();
        assert!(error.contains("\"bord\""), "{error}");
    }
}
