//! An opening: the first turns of a game lift only from some holes (Ludii's first phase of two,
//! its `(nextPhase …)` switching to the main phase after a number of turns, every player at
//! once or, `(nextPhase Mover …)`, each player on its own move). The holes are named as the
//! board names them ([`crate::board::Board::hole_name`]), so that the value reads the same on
//! every board; the engine resolves them once, at the start.

use engine::option_enum;

use crate::board::Board;
use crate::params::MAX_HOLES;

option_enum! {
    /// Who leaves the opening once a move of turn `opening_turns` or later is made. Ludii reads
    /// a phase's `(nextPhase …)` after every move, before the turn passes, and switches the
    /// players it names: every player where it names none, the mover alone where it names
    /// `Mover`, so that one player may play the main phase while the other is still in the
    /// opening.
    pub enum OpeningLeaves {
        /// Every player at once, after the first move of turn `opening_turns` (`(nextPhase
        /// (>= (count Turns) N) …)`).
        Together = "together",
        /// The mover alone, after its first move on a turn from `opening_turns` on
        /// (`(nextPhase Mover …)`, without a condition or on `(count Turns)`): each player's
        /// first sowing there is its last of the opening, a relay that follows is the main
        /// phase's.
        MoverAfterMove = "mover-after-move",
        /// The mover alone, after the move that ends its turn, relays included, on a turn from
        /// `opening_turns` on (`(nextPhase Mover (not (is Next Mover)) …)`).
        MoverAfterTurn = "mover-after-turn",
        /// Every player at once, after the move that ends a turn, relays and moves again
        /// included, on a turn from `opening_turns` on (`(nextPhase (not (is Next Mover)) …)`
        /// naming no player, Njombwa's second opening; or Tuz's, whose condition holds exactly
        /// where the opening's sowing gives its mover no other move).
        TogetherAfterTurn = "together-after-turn",
        /// The mover alone, after a move that leaves every opening hole of its own territory
        /// empty, from the first turn on (`(nextPhase Mover (all Sites (sites Mover "R")
        /// if:(is Empty (site))) …)`, R the holes the opening lifts: Iyogh's, Azigo's and
        /// Mwambulula's openings, which empty R).
        MoverHolesEmpty = "mover-holes-empty",
    }
}

option_enum! {
    /// How the opening's moves sow.
    pub enum OpeningSowing {
        /// As the main phase's sowings.
        Main = "main",
        /// For no capture and no relay; the last counter, where it falls into a hole of the
        /// mover's own territory, goes on into the first hole of the opponent's that the
        /// mover's track reaches (Tapata's first move: `(sow apply:(if (is In (to) (sites Mover
        /// "Home")) (fromTo (from (to)) (to (mapEntry Next)))))`).
        LastOwnToNext = "last-own-to-next",
        /// Not sown: `opening_count` counters of the hole lifted go together into the one hole
        /// of `opening_to` (Gamacha's first move, `(move (from 6) (to 18) count:4)`).
        Transfer = "transfer",
        /// Sown as the main phase lays its counters, for no capture and no relay (Spreta's
        /// first move, `(sow "Track" owner:(mover))` without the main phase's `apply:`).
        Plain = "plain",
        /// Not sown: every counter of the hole lifted goes into the mover's one hole of
        /// `opening_to`, until the mover's opening holes are empty (Iyogh's `(move (from
        /// (sites Mover "RightMost") if:(is Occupied (from))) (to (mapEntry "RightMost" Mover))
        /// count:(count at:(from)))`, left `mover-holes-empty`).
        Gather = "gather",
    }
}

impl OpeningLeaves {
    /// Whether each player leaves the opening alone, so that one may be in it while the other
    /// is not.
    pub fn one_by_one(self) -> bool {
        matches!(
            self,
            OpeningLeaves::MoverAfterMove
                | OpeningLeaves::MoverAfterTurn
                | OpeningLeaves::MoverHolesEmpty
        )
    }
}

/// Holes named by their row's letter and their place from the row owner's left (`a6,b1`), or
/// `none`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HoleNames {
    /// Holes listed.
    len: u8,
    /// Each hole's row (0 for `a`) and place from the left (1 for the first).
    holes: [(u8, u8); MAX_HOLES],
}

impl HoleNames {
    /// No hole.
    pub const NONE: HoleNames = HoleNames {
        len: 0,
        holes: [(0, 0); MAX_HOLES],
    };

    /// Whether no hole is named.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The holes named, as `(row, place from the left)`, row 0 for `a` and place 1 first.
    pub fn named(&self) -> &[(u8, u8)] {
        &self.holes[..usize::from(self.len)]
    }

    /// The holes of `names` (at most [`MAX_HOLES`], each a letter and a place from 1).
    pub fn listed(names: &[(u8, u8)]) -> Option<HoleNames> {
        if names.len() > MAX_HOLES || names.iter().any(|&(row, place)| row > 25 || place == 0) {
            return None;
        }
        let mut holes = [(0, 0); MAX_HOLES];
        holes[..names.len()].copy_from_slice(names);
        Some(HoleNames {
            len: names.len() as u8,
            holes,
        })
    }

    /// The holes as bits of `board`'s holes, or the first name the board does not have.
    pub fn on(&self, board: &Board) -> Result<u64, (u8, u8)> {
        let mut bits = 0u64;
        for &(row, place) in self.named() {
            let hole = board
                .hole_at(usize::from(row), usize::from(place))
                .ok_or((row, place))?;
            bits |= 1 << hole;
        }
        Ok(bits)
    }
}

/// A hole's written name from its row and place.
pub fn hole_written(row: u8, place: u8) -> String {
    format!("{}{place}", (b'a' + row) as char)
}

impl engine::OptionValue for HoleNames {
    fn parse_value(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text == "none" || text.is_empty() {
            return Ok(HoleNames::NONE);
        }
        let mut names = Vec::new();
        for part in text.split(',') {
            let part = part.trim();
            let mut chars = part.chars();
            let row = chars
                .next()
                .filter(char::is_ascii_lowercase)
                .map(|letter| letter as u8 - b'a');
            let place = chars.as_str().parse::<u8>().ok().filter(|&p| p > 0);
            match (row, place) {
                (Some(row), Some(place)) => names.push((row, place)),
                _ => return Err(format!("{part:?} in {text:?} is not a hole such as a6")),
            }
        }
        HoleNames::listed(&names)
            .ok_or_else(|| format!("{text:?} names more than {MAX_HOLES} holes"))
    }

    fn render_value(&self) -> String {
        if self.is_empty() {
            return "none".into();
        }
        self.named()
            .iter()
            .map(|&(row, place)| hole_written(row, place))
            .collect::<Vec<_>>()
            .join(",")
    }

    fn domain() -> String {
        "holes by name such as a6 or b1,b2,b3, or none".into()
    }
}

/// An opening needs its turns and its holes together, each hole on the board; only a game with
/// an opening says who leaves it.
pub(crate) fn validate(params: &crate::SowingParams) -> Result<(), String> {
    if (params.opening_turns == 0) != params.opening_holes.is_empty() {
        return Err("opening_holes: an opening has its turns and its holes together".into());
    }
    if params.opening_turns == 0 && params.opening_leaves != OpeningLeaves::Together {
        return Err(
            "opening_leaves: a player leaves an opening only where the game has one".into(),
        );
    }
    if params.opening_leaves == OpeningLeaves::MoverHolesEmpty && params.opening_turns != 1 {
        return Err("opening_leaves: an opening left once the mover's holes are empty is left from its first turn on (opening_turns 1)".into());
    }
    let board = Board::new(params);
    let on_board = |key: &str, holes: &HoleNames| {
        holes.on(&board).map_err(|(row, place)| {
            format!(
                "{key}: {} is not a hole of the board",
                hole_written(row, place)
            )
        })
    };
    if params.opening_sowing == OpeningSowing::Plain
        && (params.opening_turns == 0 || params.opening_step > 0)
    {
        return Err(
            "opening_sowing: a plain opening sowing is one of an opening that does not step".into(),
        );
    }
    if !matches!(
        params.opening_sowing,
        OpeningSowing::Main | OpeningSowing::Plain | OpeningSowing::Gather
    ) && (params.opening_turns == 0
        || params.opening_step > 0
        || params.direction == crate::params::Direction::Choice
        || params.rows != 2
        || params.track.given().is_some())
    {
        return Err("opening_sowing: an opening of its own sowing is one that does not step, sown one way round on the family's round of two rows".into());
    }
    let transfer = params.opening_sowing == OpeningSowing::Transfer;
    let gather = params.opening_sowing == OpeningSowing::Gather;
    if gather {
        gathering_problem(params, &board)?;
    } else if transfer != (params.opening_to.named().len() == 1)
        || transfer != (params.opening_count > 0)
    {
        return Err("opening_to, opening_count: an opening's move of counters, and only it, names one hole to move them into and their count".into());
    }
    if transfer {
        // One first move, made from the start's counts: every hole it may lift holds them.
        let from = params.opening_holes.on(&Board::new(params)).unwrap_or(0);
        let short = (0..Board::new(params).holes).any(|hole| {
            from >> hole & 1 == 1
                && params.start_counts.holes().map_or(params.seeds, |counts| {
                    counts.get(hole).copied().unwrap_or(0)
                }) < params.opening_count
        });
        if params.opening_turns != 1 || params.opening_leaves != OpeningLeaves::Together || short {
            return Err("opening_count: an opening's move of counters is the game's first move alone (opening_turns 1, opening_leaves together), from holes that hold the counters at the start".into());
        }
    }
    on_board("opening_holes", &params.opening_holes)?;
    on_board("opening_to", &params.opening_to)?;
    on_board("opening_stop", &params.opening_stop)?;
    on_board("opening_mark", &params.opening_mark)?;
    on_board("opening_take", &params.opening_take)?;
    if params.opening_step > 0 {
        stepping_problem(params, &board)?;
    } else if !params.opening_stop.is_empty()
        || !params.opening_mark.is_empty()
        || params.opening_mark_count > 0
        || !params.opening_take.is_empty()
    {
        return Err(
            "opening_stop: where a stepping opening stops and what it marks or takes need an opening_step"
                .into(),
        );
    }
    Ok(())
}

/// What a gathering opening needs: to be left by each player once its holes are empty, and one
/// hole of `opening_to` in each player's territory, none lifted in the opening; no count of its
/// own (it moves every counter of the hole) and no step.
fn gathering_problem(params: &crate::SowingParams, board: &Board) -> Result<(), String> {
    if params.opening_turns == 0 || params.opening_leaves != OpeningLeaves::MoverHolesEmpty {
        return Err("opening_sowing: a gathering opening is left by each player once its holes are empty (opening_leaves mover-holes-empty)".into());
    }
    let to = params.opening_to.on(board).unwrap_or(0);
    let lifted = params.opening_holes.on(board).unwrap_or(0);
    let one_each = board
        .territory
        .iter()
        .all(|own| (to & own).count_ones() == 1);
    if !one_each
        || to & lifted != 0
        || params.opening_to.named().len() != 2
        || params.opening_count != 0
        || params.opening_step > 0
    {
        return Err("opening_to: a gathering opening moves every counter of the hole lifted into one hole of the mover's, named in opening_to for each player and lifted by no one in the opening (opening_count 0, no opening_step)".into());
    }
    // Its moves lift any hole holding a counter, each once: not one way round or the other.
    if params.min_to_sow > 1 || params.direction == crate::params::Direction::Choice {
        return Err("opening_sowing: a gathering opening lifts any hole holding a counter, of a game sown one way round (min_to_sow at most 1)".into());
    }
    Ok(())
}

/// What a stepping opening needs: one turn, left by every player when it ends, sown one way
/// round on a track of holes alone, and, from each of its first holes on the start's counts,
/// holes holding a counter to step from until it stops; marks of its own only in a game of
/// marks.
fn stepping_problem(params: &crate::SowingParams, board: &Board) -> Result<(), String> {
    if params.opening_turns != 1 || params.opening_leaves != OpeningLeaves::TogetherAfterTurn {
        return Err("opening_step: a stepping opening is one turn, left by every player when it ends (opening_turns 1, opening_leaves together-after-turn)".into());
    }
    if params.opening_stop.is_empty() {
        return Err("opening_stop: a stepping opening stops at holes it names".into());
    }
    if (!params.opening_mark.is_empty() || params.opening_mark_count > 0)
        && (params.mark_count == 0 || params.opening_mark.is_empty())
    {
        return Err("opening_mark: a stepping opening marks holes it names, in a game of marks (mark_count)".into());
    }
    if params.direction == crate::params::Direction::Choice
        || params.stores_in_track
        || params.must_feed
        || params.lift_anywhere
    {
        return Err("opening_step: a stepping opening is sown one way round, on a track of holes alone, without feeding".into());
    }
    let way = usize::from(Board::ways(params.direction) >> 1);
    // Player 1 plays the opening's one turn.
    let next = &board.next[way][0];
    let stop = params.opening_stop.on(board).unwrap_or(0);
    let fewest = u16::from(params.min_to_sow.max(1));
    let first = params.opening_holes.on(board).unwrap_or(0);
    for start in (0..board.holes).filter(|&hole| first >> hole & 1 == 1) {
        let mut counts: Vec<u16> = (0..board.holes)
            .map(|hole| {
                u16::from(params.start_counts.holes().map_or(params.seeds, |counts| {
                    counts.get(hole).copied().unwrap_or(0)
                }))
            })
            .collect();
        let mut hole = start;
        let mut steps = 0;
        loop {
            if counts[hole] < fewest || steps > board.holes {
                return Err(format!(
                    "opening_step: stepping from {} on the start's counts reaches {} with too few counters to lift, or never stops",
                    board.hole_name(start),
                    board.hole_name(hole)
                ));
            }
            counts[hole] -= 1;
            counts[usize::from(next[hole])] += 1;
            let mut ahead = hole;
            for _ in 0..params.opening_step {
                ahead = usize::from(next[ahead]);
            }
            if stop >> ahead & 1 == 1 {
                break;
            }
            hole = ahead;
            steps += 1;
        }
    }
    Ok(())
}

/// Sows `from` for `mover` as an opening of its own sowing does: the counters one by one along
/// the mover's track `way` round, as the main phase's sowing lays them (into the origin first,
/// or passing over it, as the game says), and no capture or relay (`opening_sowing` `plain`);
/// with `last_own_to_next` (`last-own-to-next`), a last counter in a hole of the mover's own
/// goes on into the first hole of the opponent's the track reaches after it. Only an opening's
/// moves call it.
#[cold]
#[inline(never)]
pub(crate) fn sow_opening(
    cells: &mut [u16; crate::board::MAX_CELLS],
    board: &Board,
    params: &crate::SowingParams,
    (from, mover, way): (usize, engine::Player, u8),
    last_own_to_next: bool,
) {
    let next = &board.next[usize::from(way)][usize::from(mover)];
    let mut left = cells[from];
    cells[from] = 0;
    if params.sow_into_origin && left > 0 {
        cells[from] = 1;
        left -= 1;
    }
    let mut cell = from;
    while left > 0 {
        cell = usize::from(next[cell]);
        if cell == from && params.skip_origin {
            cell = usize::from(next[cell]);
        }
        cells[cell] += 1;
        left -= 1;
    }
    if !last_own_to_next || !board.is_hole(cell) || board.owner(cell) != mover {
        return;
    }
    let mut entry = usize::from(next[cell]);
    for _ in 0..crate::board::MAX_CELLS {
        if board.is_hole(entry) && board.owner(entry) != mover {
            cells[cell] -= 1;
            cells[entry] += 1;
            return;
        }
        entry = usize::from(next[entry]);
    }
}
