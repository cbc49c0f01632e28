//! Hand-set positions of scenarios and claims, one policy for every game: each game's setup is
//! a serde type with `deny_unknown_fields` ([`crate::Observe::Setup`]), so a key the game does
//! not know, a value of the wrong kind or a number too large for its field is refused by the
//! parser, naming the field. The seat types here are the one reading of "which player": a seat
//! is written from 1, and seat 0 or a seat beyond the player count is an error.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::{Deserialize, Deserializer, de};

use crate::{Finishers, Player};

/// Why a hand-set position could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The setup does not have the game's form: an unknown key, a value of the wrong kind or
    /// too large for its field.
    #[error("{}{message}", field.as_ref().map(|f| format!("{f}: ")).unwrap_or_default())]
    Form {
        /// The setup's field at fault, when one alone is: the setup reads once it is left out.
        field: Option<String>,
        /// What the parser found.
        message: String,
    },
    /// A seat that is not one of the players.
    #[error("{field}: seat {seat} is not a player: seats run from 1 to {players}")]
    Seat {
        /// The setup's field.
        field: &'static str,
        /// The seat given.
        seat: u8,
        /// The game's players.
        players: usize,
    },
    /// A value the game cannot place (a cell off the board, too many pieces).
    #[error("{field}: {reason}")]
    Value {
        /// The setup's field.
        field: &'static str,
        /// Why the value cannot be placed.
        reason: String,
    },
    /// The position as a whole breaks a rule of the game (counters not conserved, two pieces on
    /// one cell).
    #[error("{0}")]
    Position(String),
}

impl SetupError {
    /// The setup's field at fault, when the error names one.
    pub fn field(&self) -> Option<&str> {
        match self {
            SetupError::Form { field, .. } => field.as_deref(),
            SetupError::Seat { field, .. } | SetupError::Value { field, .. } => Some(field),
            SetupError::Position(_) => None,
        }
    }

    /// A value of `field` the game cannot place.
    pub fn value(field: &'static str, reason: impl Into<String>) -> Self {
        Self::Value {
            field,
            reason: reason.into(),
        }
    }
}

/// Reads a game's setup from the form scenarios and claims write it in.
/// A value the parser refuses inside a field (`pending: [256]`) is reported with that field:
/// serde's message names the value, not where it stands, so the field is found as the one key
/// without which the setup reads (every setup field but the required ones has a default).
pub fn parse<S: de::DeserializeOwned>(setup: &serde_json::Value) -> Result<S, SetupError> {
    S::deserialize(setup).map_err(|error| {
        let field = setup.as_object().and_then(|map| {
            map.keys()
                .find(|key| {
                    let mut without = map.clone();
                    without.remove(*key);
                    S::deserialize(&serde_json::Value::Object(without)).is_ok()
                })
                .cloned()
        });
        SetupError::Form {
            field,
            message: error.to_string(),
        }
    })
}

/// A seat as a setup writes it: 1 is the first player. Reads a number, or a numeral as a map
/// key is written; [`Seat::player`] refuses seat 0 and a seat beyond the players, naming the
/// field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Seat(u8);

impl Seat {
    /// The seat's 0-based player, if the game seats that many.
    pub fn player(self, field: &'static str, players: usize) -> Result<Player, SetupError> {
        let seat = self.0;
        if seat >= 1 && usize::from(seat) <= players {
            Ok(seat - 1)
        } else {
            Err(SetupError::Seat {
                field,
                seat,
                players,
            })
        }
    }

    /// The player to move: `to_move` if the setup names one, the first player otherwise.
    pub fn to_move(seat: Option<Seat>, players: usize) -> Result<Player, SetupError> {
        seat.map_or(Ok(0), |seat| seat.player("to_move", players))
    }

    /// The player to move in a race game where `finishers` have finished ([`Seat::to_move`]):
    /// while the game goes on, one who has finished cannot be the one to move.
    pub fn to_move_unfinished(
        seat: Option<Seat>,
        players: usize,
        finishers: &Finishers,
        over: bool,
    ) -> Result<Player, SetupError> {
        let player = Seat::to_move(seat, players)?;
        if !over && finishers.has_finished(usize::from(player)) {
            return Err(SetupError::value(
                "to_move",
                format!("player {} has finished", player + 1),
            ));
        }
        Ok(player)
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SeatVisitor;
        impl de::Visitor<'_> for SeatVisitor {
            type Value = Seat;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a seat, 1 for the first player")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Seat, E> {
                u8::try_from(n)
                    .map(Seat)
                    .map_err(|_| E::custom(format!("seat {n} is not a player: seats run from 1")))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Seat, E> {
                match u64::try_from(n) {
                    Ok(n) => self.visit_u64(n),
                    Err(_) => Err(E::custom(format!(
                        "seat {n} is not a player: seats run from 1"
                    ))),
                }
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Seat, E> {
                match text.trim().parse::<u64>() {
                    Ok(n) => self.visit_u64(n),
                    Err(_) => Err(E::custom(format!(
                        "seat {text:?} is not a player: seats are numbers from 1"
                    ))),
                }
            }
        }
        deserializer.deserialize_any(SeatVisitor)
    }
}

/// Something given per seat (`{1: ..., 2: ...}`); seats absent keep the game's start.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct BySeat<T>(BTreeMap<Seat, T>);

impl<T> Default for BySeat<T> {
    fn default() -> Self {
        Self(BTreeMap::new())
    }
}

impl<T> BySeat<T> {
    /// The entries by 0-based player, every seat checked against the players.
    pub fn players(
        self,
        field: &'static str,
        players: usize,
    ) -> Result<Vec<(usize, T)>, SetupError> {
        self.0
            .into_iter()
            .map(|(seat, value)| Ok((usize::from(seat.player(field, players)?), value)))
            .collect()
    }
}

/// The players who have finished, first finisher first: distinct seats.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct FinishOrder(Vec<Seat>);

impl FinishOrder {
    /// The finishers as 0-based players, in order; a seat twice or beyond the players is an
    /// error.
    pub fn players(self, field: &'static str, players: usize) -> Result<Vec<Player>, SetupError> {
        let mut seen = BTreeSet::new();
        self.0
            .into_iter()
            .map(|seat| {
                let player = seat.player(field, players)?;
                if seen.insert(player) {
                    Ok(player)
                } else {
                    Err(SetupError::value(
                        field,
                        format!("seat {} finishes twice", player + 1),
                    ))
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Probe {
        #[serde(default)]
        to_move: Option<Seat>,
        #[serde(default)]
        men: BySeat<u8>,
        #[serde(default)]
        finished: FinishOrder,
        #[serde(default)]
        count: u8,
    }

    fn probe(value: serde_json::Value) -> Result<Probe, SetupError> {
        parse(&value)
    }

    #[test]
    fn seats_outside_the_players_are_errors() {
        let to_move = |v| Seat::to_move(probe(json!({ "to_move": v }))?.to_move, 2);
        assert_eq!(to_move(json!(1)), Ok(0));
        assert_eq!(to_move(json!(2)), Ok(1));
        assert_eq!(Seat::to_move(None, 2), Ok(0));
        for bad in [
            json!(0),
            json!(3),
            json!(9),
            json!(-1),
            json!("x"),
            json!(256),
        ] {
            assert!(to_move(bad.clone()).is_err(), "{bad}");
        }
        let men = |v| probe(json!({ "men": v }))?.men.players("men", 2);
        assert_eq!(men(json!({"2": 4})), Ok(vec![(1, 4)]));
        assert!(matches!(
            men(json!({"3": 4})),
            Err(SetupError::Seat { seat: 3, .. })
        ));
        assert!(men(json!({"0": 4})).is_err());
    }

    #[test]
    fn a_finish_order_names_each_player_once() {
        let order = |v| {
            probe(json!({ "finished": v }))?
                .finished
                .players("finished", 3)
        };
        assert_eq!(order(json!([2, 1])), Ok(vec![1, 0]));
        assert!(order(json!([2, 2])).is_err());
        assert!(order(json!([4])).is_err());
        assert!(order(json!([0])).is_err());
    }

    #[test]
    fn numbers_are_never_coerced_and_keys_never_guessed() {
        assert_eq!(probe(json!({"count": 255})).map(|p| p.count), Ok(255));
        for bad in [
            json!({"count": 256}),
            json!({"count": -1}),
            json!({"count": "3"}),
        ] {
            assert!(probe(bad.clone()).is_err(), "{bad}");
        }
        let error = probe(json!({"cuont": 1})).unwrap_err().to_string();
        assert!(
            error.contains("cuont") && error.contains("count"),
            "{error}"
        );
    }
}
