//! Boards whose track and territories a description gives hole by hole, rather than the
//! family's own round of two or four rows: a three-row board whose track runs through the
//! middle row, split between the players, or a board of any shape whose tracks are lists of
//! sites. The holes of such a board are numbered as Ludii numbers a board without stores:
//! row by row from the bottom, each row from the left, from 0.

use crate::params::MAX_HOLES;

/// The track each player sows along, hole by hole, in its anticlockwise order (clockwise is
/// the same track backwards); or the family's own round (`round`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HoleTracks {
    /// The holes of each player's track (none for the family's round).
    lengths: [u8; 2],
    holes: [[u8; MAX_HOLES]; 2],
}

impl HoleTracks {
    /// The family's own round of two or four rows.
    pub const ROUND: HoleTracks = HoleTracks {
        lengths: [0; 2],
        holes: [[0; MAX_HOLES]; 2],
    };

    /// Each player's track, or `None` for the family's round.
    pub fn given(&self) -> Option<[&[u8]; 2]> {
        (self.lengths[0] > 0)
            .then(|| [0, 1].map(|player| &self.holes[player][..usize::from(self.lengths[player])]))
    }

    /// The tracks of the two players (the same list for a shared track), each of 1 to
    /// [`MAX_HOLES`] holes below [`MAX_HOLES`].
    pub fn listed(tracks: [&[u8]; 2]) -> Option<HoleTracks> {
        let mut given = HoleTracks::ROUND;
        for (player, track) in tracks.into_iter().enumerate() {
            if track.is_empty()
                || track.len() > MAX_HOLES
                || track.iter().any(|&h| usize::from(h) >= MAX_HOLES)
            {
                return None;
            }
            given.lengths[player] = track.len() as u8;
            given.holes[player][..track.len()].copy_from_slice(track);
        }
        Some(given)
    }

    /// Why the tracks cannot be played on a board of `holes` holes, if they cannot: a hole
    /// off the board, or a hole twice in a track.
    pub fn fault(&self, holes: usize) -> Option<String> {
        let tracks = self.given()?;
        for (player, track) in tracks.iter().enumerate() {
            let mut seen = 0u64;
            for &hole in *track {
                if usize::from(hole) >= holes {
                    return Some(format!(
                        "track: hole {hole} of player {}'s track is not on a board of {holes} holes",
                        player + 1
                    ));
                }
                if seen >> hole & 1 == 1 {
                    return Some(format!(
                        "track: hole {hole} twice in player {}'s track",
                        player + 1
                    ));
                }
                seen |= 1 << hole;
            }
        }
        None
    }
}

fn render_list(holes: impl Iterator<Item = u8>) -> String {
    holes.map(|h| h.to_string()).collect::<Vec<_>>().join(",")
}

fn parse_list(text: &str, whole: &str) -> Result<Vec<u8>, String> {
    text.split(',')
        .map(|part| {
            part.trim()
                .parse::<u8>()
                .ok()
                .filter(|&h| usize::from(h) < MAX_HOLES)
                .ok_or_else(|| format!("{part:?} in {whole:?} is not a hole from 0 to 63"))
        })
        .collect()
}

impl engine::OptionValue for HoleTracks {
    fn parse_value(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text == "round" {
            return Ok(HoleTracks::ROUND);
        }
        let lists = text
            .split('/')
            .map(|part| parse_list(part, text))
            .collect::<Result<Vec<_>, _>>()?;
        let tracks = match lists.as_slice() {
            [shared] => [shared.as_slice(), shared.as_slice()],
            [first, second] => [first.as_slice(), second.as_slice()],
            _ => return Err(format!("{text:?} gives more than two players' tracks")),
        };
        HoleTracks::listed(tracks).ok_or_else(|| format!("{text:?} has an empty track"))
    }

    fn render_value(&self) -> String {
        match self.given() {
            None => "round".into(),
            Some([first, second]) if first == second => render_list(first.iter().copied()),
            Some([first, second]) => format!(
                "{}/{}",
                render_list(first.iter().copied()),
                render_list(second.iter().copied())
            ),
        }
    }

    fn domain() -> String {
        "round (the family's two- or four-row round), or the holes of a track from 0 such as \
         0,1,2,5,4,3, one list shared or player 1's/player 2's"
            .into()
    }
}

/// The holes each player owns (lifts from, and whose counters a row score counts), or the
/// family's halves (`halves`: on two rows one's own row, on four one's two).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Territories(pub Option<[u64; 2]>);

impl Territories {
    /// The family's halves of the board.
    pub const HALVES: Territories = Territories(None);
}

impl engine::OptionValue for Territories {
    fn parse_value(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text == "halves" {
            return Ok(Territories::HALVES);
        }
        let sets = text
            .split('/')
            .map(|part| {
                parse_list(part, text)
                    .map(|holes| holes.iter().fold(0u64, |bits, &h| bits | 1 << h))
            })
            .collect::<Result<Vec<_>, _>>()?;
        match sets.as_slice() {
            [first, second] => Ok(Territories(Some([*first, *second]))),
            _ => Err(format!("{text:?} is not two players' holes split by /")),
        }
    }

    fn render_value(&self) -> String {
        match self.0 {
            None => "halves".into(),
            Some(sets) => sets
                .map(|bits| render_list((0..MAX_HOLES as u8).filter(|&h| bits >> h & 1 == 1)))
                .join("/"),
        }
    }

    fn domain() -> String {
        "halves, or player 1's holes/player 2's, each from 0, such as 0,1,2/3,4,5".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::OptionValue;

    #[test]
    fn tracks_and_territories_read_back_as_written() {
        for text in ["round", "0,1,2,5,4,3", "0,1,2,5,4,3/3,4,5,2,1,0"] {
            assert_eq!(HoleTracks::parse_value(text).unwrap().render_value(), text);
        }
        for text in ["halves", "0,1,2/3,4,5"] {
            assert_eq!(Territories::parse_value(text).unwrap().render_value(), text);
        }
        assert!(HoleTracks::parse_value("0,1/2/3").is_err());
        assert!(HoleTracks::parse_value("0,64").is_err());
        assert!(Territories::parse_value("0,1,2").is_err());
    }

    #[test]
    fn a_track_off_the_board_or_twice_through_a_hole_is_refused() {
        let parse = |text| HoleTracks::parse_value(text).unwrap();
        assert_eq!(parse("0,1,2,3").fault(4), None);
        assert!(parse("0,1,2,4").fault(4).is_some());
        assert!(parse("0,1,2,1").fault(4).is_some());
    }
}
