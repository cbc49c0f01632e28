//! Sig (El Oued), as Bellin (1964) describes it among the children of the Souf and
//! DLP.Evidence.2124 reads him.
//!
//! Each player's father, djinn and mother make the pilgrimage in turn along a 31-cell track:
//! a boustrophedon through a 5×5 grid (cell 13 in its centre is the minaret), then 26, 27, 28,
//! Cairo, Medina and Mecca. Six sticks, polished or rough, are thrown: the polished sides give
//! the move, except five of either side (*sig*), six polished (*sig of six*) and six rough
//! (*sig of twelve*). Sig cells (the minaret and the six last cells) and the start are entered
//! and left only with a sig; the djinn moves two cells a point elsewhere on the grid; a piece
//! passing an opponent's sends it back to the start.

mod options;

use engine::setup::{BySeat, FinishOrder, Seat, SetupError};
use engine::{
    Chance, Finishers, Game, MAX_PLAYERS, Observe, Outcome, Phase, Player, ThrowProbe, ThrowRead,
};
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub use options::*;

/// The track's first cell.
pub const START: u8 = 1;
/// The minaret's cell, entered and left only with a sig.
pub const MINARET: u8 = 13;
/// The grid's last cell.
pub const GRID_END: u8 = 25;
/// Cairo, on the way to Mecca.
pub const CAIRO: u8 = 29;
/// Medina, on the way to Mecca.
pub const MEDINA: u8 = 30;
/// Mecca, the end of the track.
pub const MECCA: u8 = 31;
const WAITING: u8 = 0;
/// The pieces of a player, in the order setups and moves name them.
pub const PIECE_NAMES: [&str; 3] = ["father", "djinn", "mother"];
const DJINN: usize = 1;

/// Cells entered and left only with a sig.
#[inline]
pub const fn is_sig_cell(cell: u8) -> bool {
    cell == MINARET || cell > GRID_END
}

/// What a point may do beyond ordinary cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Privilege {
    /// Ordinary points.
    None,
    /// Points awarded by a sig of six or twelve: they pass sig cells.
    Combo,
    /// The point of a regular sig: it also leaves the start.
    Sig,
    /// Points of a sig of six or twelve whose total contains a regular sig (7 or 13): they
    /// pass sig cells, and leave the start under `combo_leaves_start=with-a-sig`.
    ComboWithSig,
}

/// A throw's value waiting to be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pending {
    points: u8,
    privilege: Privilege,
    /// The throw itself was a sig (Ludii's single sig step is available).
    sig_throw: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Combo {
    None,
    Six,
    Twelve { left: u8, sum: u8 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// A move of Sig (El Oued).
pub enum Move {
    /// Spend the throw's points, one by one.
    Play,
    /// Move the active piece along the grid by the throw.
    Track,
    /// A single sig step into or out of a sig cell (or off the start).
    SigStep,
    /// Put the next piece on the start.
    Enter,
    /// No piece can move: the turn passes.
    Pass,
}

#[derive(Clone, Debug)]
/// A game of Sig (El Oued) in progress.
pub struct Sig {
    options: SigOptions,
    players: u8,
    cells: [[u8; 3]; MAX_PLAYERS],
    cairo_paid: [u8; MAX_PLAYERS],
    entry_paid: [u8; MAX_PLAYERS],
    /// Who has finished, in order.
    finishers: Finishers,
    to_move: Player,
    combo: Combo,
    first_throw: bool,
    /// Ludii's `SpecialSig`: later throws move one more.
    bonus: bool,
    /// Ludii's unnamed counter: extra throws owed after the next.
    remaining: u8,
    /// Ludii's throws: whether the throw just made grants another.
    ludii_again: bool,
    throw_again: bool,
    pending: Option<Pending>,
    over: bool,
}

enum Kind {
    Sig,
    Six,
    Twelve,
    Regular(u8),
}

fn kind(polished: u8) -> Kind {
    match polished {
        1 | 5 => Kind::Sig,
        6 => Kind::Six,
        0 => Kind::Twelve,
        n => Kind::Regular(n),
    }
}

/// A cell as `observe` writes it: a number on the grid, or the name of a place.
pub fn cell_label(cell: u8) -> Value {
    match cell {
        WAITING => json!("waiting"),
        CAIRO => json!("cairo"),
        MEDINA => json!("medina"),
        MECCA => json!("mecca"),
        n => json!(n),
    }
}

impl Sig {
    fn active(&self, player: usize) -> Option<usize> {
        (0..3).find(|&piece| self.cells[player][piece] != MECCA)
    }

    fn next_player(&self, after: Player) -> Player {
        let mut p = after;
        loop {
            p = (p + 1) % self.players;
            if !self.finishers.has_finished(usize::from(p)) || p == after {
                return p;
            }
        }
    }

    fn cairo_cost(&self) -> u8 {
        match self.options.cairo {
            Cairo::Three => 2,
            Cairo::One => 0,
        }
    }

    fn may_leave_start(&self, privilege: Privilege) -> bool {
        matches!(
            (privilege, self.options.combo_leaves_start),
            (Privilege::Sig, _)
                | (
                    Privilege::ComboWithSig,
                    ComboLeavesStart::WithASig | ComboLeavesStart::Always
                )
                | (Privilege::Combo, ComboLeavesStart::Always)
        )
    }

    /// Sends back to the start every opponent piece on the cells of `mask`.
    fn send_back(&mut self, mover: usize, mask: u32) {
        for player in (0..usize::from(self.players)).filter(|&p| p != mover) {
            for piece in 0..3 {
                let cell = self.cells[player][piece];
                if cell > START && cell < MECCA && mask & (1 << cell) != 0 {
                    self.cells[player][piece] = START;
                    if self.active(player) == Some(piece) {
                        self.cairo_paid[player] = 0;
                    }
                }
            }
        }
    }

    /// A piece reached Mecca: the player may be done, and the game over.
    fn arrived(&mut self, player: usize) -> bool {
        self.cairo_paid[player] = 0;
        if self.active(player).is_some() {
            if self.options.entry == Entry::Free {
                let next = self.active(player).expect("checked");
                if self.cells[player][next] == WAITING {
                    self.cells[player][next] = START;
                }
            }
            return false;
        }
        self.mark_finished(player);
        true
    }

    /// Records `player` as the next to finish; the game is over when the rules say so. Play
    /// and setups both finish players through it.
    fn mark_finished(&mut self, player: usize) {
        self.finishers.add(player);
        let remaining = usize::from(self.players) - self.finishers.count();
        if self.options.play_until == PlayUntil::FirstFinisher || remaining <= 1 {
            self.over = true;
        }
    }

    /// Whether the player's next point moves or pays for anything (Bellin's counting): it does
    /// not when a piece waiting for two sigs, on the start, in Cairo unpaid, or before or on a
    /// sig cell has an ordinary point, nor at Mecca. Such a point ends the play; a throw whose
    /// first point is one of them changes nothing and is offered as a pass.
    fn can_spend_point(&self, player: usize, privilege: Privilege) -> bool {
        let Some(piece) = self.active(player) else {
            return false;
        };
        let cell = self.cells[player][piece];
        let ordinary = privilege == Privilege::None;
        match cell {
            WAITING => !(ordinary && self.options.entry == Entry::TwoSigs),
            START => self.may_leave_start(privilege),
            CAIRO if self.cairo_paid[player] < self.cairo_cost() => !ordinary,
            _ => cell < MECCA && !(ordinary && (is_sig_cell(cell + 1) || is_sig_cell(cell))),
        }
    }

    /// Spends `points` one at a time on the player's active piece (Bellin's counting).
    fn play_points(&mut self, player: usize, mut points: u8, privilege: Privilege) {
        let mut entered: u32 = 0;
        let mut origin_mask: u32 = 0;
        let mut last_cell = 0;
        while points > 0 && self.can_spend_point(player, privilege) {
            let Some(piece) = self.active(player) else {
                break;
            };
            let cell = self.cells[player][piece];
            if cell == WAITING {
                match self.options.entry {
                    Entry::Free => self.cells[player][piece] = START,
                    Entry::OnePoint => {
                        self.cells[player][piece] = START;
                        points -= 1;
                    }
                    Entry::TwoSigs => {
                        self.entry_paid[player] += 1;
                        points -= 1;
                        if self.entry_paid[player] == 2 {
                            self.entry_paid[player] = 0;
                            self.cells[player][piece] = START;
                        }
                    }
                }
                continue;
            }
            if origin_mask == 0 {
                origin_mask = 1 << cell;
            }
            if cell == START {
                self.cells[player][piece] = START + 1;
                last_cell = START + 1;
                entered |= 1 << last_cell;
                points -= 1;
                continue;
            }
            if cell == CAIRO && self.cairo_paid[player] < self.cairo_cost() {
                self.cairo_paid[player] += 1;
                points -= 1;
                continue;
            }
            let double = piece == DJINN && cell != MINARET && cell < GRID_END;
            let mut current = cell;
            let mut blocked = false;
            for step in 0..if double { 2 } else { 1 } {
                let next = current + 1;
                // The djinn's second cell never takes it out of the minaret or past cell 25.
                if next > MECCA || (step > 0 && (is_sig_cell(current) || next > GRID_END)) {
                    break;
                }
                if (is_sig_cell(next) || is_sig_cell(current)) && privilege == Privilege::None {
                    blocked = true;
                    break;
                }
                current = next;
                entered |= 1 << current;
            }
            if current == cell {
                break;
            }
            self.cells[player][piece] = current;
            last_cell = current;
            points -= 1;
            if current == CAIRO {
                self.cairo_paid[player] = 0;
            }
            if blocked {
                break;
            }
            if current == MECCA && (self.arrived(player) || self.options.leftover == Leftover::Lost)
            {
                break;
            }
        }
        let mut passed = entered & !(1 << last_cell);
        if self.options.overtake == Overtake::PassedAndLeft {
            passed |= origin_mask;
        }
        self.send_back(player, passed);
    }

    /// Ludii's track move: the whole value along the grid, never across a sig cell.
    fn track_target(&self, player: usize, pending: Pending) -> Option<u8> {
        let piece = self.active(player)?;
        let cell = self.cells[player][piece];
        if cell <= START || is_sig_cell(cell) {
            return None;
        }
        let distance = pending.points * if piece == DJINN { 2 } else { 1 };
        let target = cell.checked_add(distance)?;
        let segment_end = if cell < MINARET {
            MINARET - 1
        } else {
            GRID_END
        };
        (target <= segment_end && distance > 0).then_some(target)
    }

    /// Ludii's sig step from the active piece's cell.
    fn sig_step_target(&self, player: usize, pending: Pending) -> Option<u8> {
        if !pending.sig_throw || pending.privilege != Privilege::Sig {
            return None;
        }
        let piece = self.active(player)?;
        let cell = self.cells[player][piece];
        match cell {
            START => Some(START + 1),
            CAIRO if self.cairo_paid[player] < self.cairo_cost() => Some(CAIRO),
            c if c == MINARET - 1 || c == MINARET || c >= GRID_END => (c < MECCA).then_some(c + 1),
            c if piece == DJINN && c == GRID_END - 1 => Some(GRID_END + 1),
            _ => None,
        }
    }

    fn end_movement(&mut self) {
        self.pending = None;
        if self.over {
            return;
        }
        let again = match self.options.throws {
            Throws::Bellin => std::mem::take(&mut self.throw_again),
            Throws::Ludii => std::mem::take(&mut self.ludii_again),
        };
        if !again || self.finishers.has_finished(usize::from(self.to_move)) {
            self.first_throw = true;
            if self.options.bonus_counter == BonusCounter::PerTurn {
                self.bonus = false;
                self.remaining = 0;
            }
            self.to_move = self.next_player(self.to_move);
        }
    }

    fn pieces_json(&self) -> Value {
        let mut players = Map::new();
        for player in 0..usize::from(self.players) {
            let pieces: Map<String, Value> = (0..3)
                .map(|piece| {
                    (
                        PIECE_NAMES[piece].to_string(),
                        cell_label(self.cells[player][piece]),
                    )
                })
                .collect();
            players.insert((player + 1).to_string(), Value::Object(pieces));
        }
        Value::Object(players)
    }
}

impl Game for Sig {
    type Move = Move;
    type Options = SigOptions;

    fn new(options: &SigOptions) -> Self {
        let mut cells = [[WAITING; 3]; MAX_PLAYERS];
        for player in cells.iter_mut() {
            player[0] = START;
            if options.entry == Entry::Free {
                // Ludii's pieces all wait on the start from the beginning.
                *player = [START; 3];
            }
        }
        Sig {
            options: options.clone(),
            players: options.players,
            cells,
            cairo_paid: [0; MAX_PLAYERS],
            entry_paid: [0; MAX_PLAYERS],
            finishers: Finishers::NONE,
            to_move: 0,
            combo: Combo::None,
            first_throw: true,
            bonus: false,
            remaining: 0,
            ludii_again: false,
            throw_again: false,
            pending: None,
            over: false,
        }
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }

    fn thrower(&self) -> Option<Player> {
        Some(self.to_move)
    }

    fn phase(&self) -> Phase {
        match (self.over, self.pending) {
            (true, _) => Phase::Over,
            (false, Some(_)) => Phase::Decision(self.to_move),
            (false, None) => Phase::Chance(Chance::Lots {
                count: 6,
                bias: self.options.polished_bias,
            }),
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        let player = usize::from(self.to_move);
        let Some(pending) = self.pending else { return };
        match self.options.movement {
            // A throw none of whose points can be spent changes nothing: a pass, as in Ludii's
            // whole-throw movement, not a play.
            Movement::PointByPoint if self.can_spend_point(player, pending.privilege) => {
                moves.push(Move::Play)
            }
            Movement::PointByPoint => moves.push(Move::Pass),
            Movement::WholeThrow => {
                let waiting = self
                    .active(player)
                    .is_some_and(|piece| self.cells[player][piece] == WAITING);
                if waiting {
                    moves.push(Move::Enter);
                }
                if self.track_target(player, pending).is_some() {
                    moves.push(Move::Track);
                }
                if self.sig_step_target(player, pending).is_some() {
                    moves.push(Move::SigStep);
                }
                if moves.is_empty() {
                    moves.push(Move::Pass);
                }
            }
        }
    }

    fn apply(&mut self, mv: Move) {
        let player = usize::from(self.to_move);
        let pending = self.pending.expect("a throw is waiting to be played");
        match mv {
            Move::Play => self.play_points(player, pending.points, pending.privilege),
            Move::Track => {
                let target = self.track_target(player, pending).expect("legal");
                let piece = self.active(player).expect("legal");
                let cell = self.cells[player][piece];
                self.cells[player][piece] = target;
                let mut passed: u32 = ((1u32 << target) - 1) & !((1u32 << (cell + 1)) - 1);
                if self.options.overtake == Overtake::PassedAndLeft {
                    passed |= 1 << cell;
                }
                self.send_back(player, passed);
            }
            Move::SigStep => {
                let target = self.sig_step_target(player, pending).expect("legal");
                let piece = self.active(player).expect("legal");
                if self.cells[player][piece] == CAIRO && target == CAIRO {
                    self.cairo_paid[player] += 1;
                } else {
                    self.cells[player][piece] = target;
                    if target == CAIRO {
                        self.cairo_paid[player] = 0;
                    }
                    if target == MECCA {
                        self.arrived(player);
                    }
                }
            }
            Move::Enter => {
                let piece = self.active(player).expect("a piece is waiting");
                self.cells[player][piece] = START;
            }
            Move::Pass => {}
        }
        self.end_movement();
    }

    fn apply_chance(&mut self, polished: u8) {
        let combo_privilege = match self.options.combo_privilege {
            ComboPrivilege::WholeTotal => Privilege::Combo,
            ComboPrivilege::SigTotalsOnly => Privilege::None,
        };
        let pending = |points, privilege, sig_throw| {
            Some(Pending {
                points,
                privilege,
                sig_throw,
            })
        };
        match self.options.throws {
            Throws::Bellin => {
                let (next_combo, movement, again) = match (self.combo, kind(polished)) {
                    (Combo::None, Kind::Sig) => {
                        (Combo::None, pending(1, Privilege::Sig, true), true)
                    }
                    (Combo::None, Kind::Regular(n)) => {
                        (Combo::None, pending(n, Privilege::None, false), false)
                    }
                    (Combo::None, Kind::Six) => (Combo::Six, None, false),
                    (Combo::None, Kind::Twelve) => (Combo::Twelve { left: 3, sum: 0 }, None, false),
                    (Combo::Six, Kind::Sig) => (
                        Combo::None,
                        pending(7, Privilege::ComboWithSig, false),
                        false,
                    ),
                    // "the player moves the number of polished sides up" (DLP.Evidence.2124,
                    // the `throws` option's sentence): a sig of twelve after a sig of six has
                    // none up, and moves nothing.
                    (Combo::Six, _) => (
                        Combo::None,
                        pending(polished, combo_privilege, false),
                        false,
                    ),
                    (Combo::Twelve { .. }, Kind::Sig) => (
                        Combo::None,
                        pending(13, Privilege::ComboWithSig, false),
                        false,
                    ),
                    (Combo::Twelve { left, sum }, _) if left > 1 => (
                        Combo::Twelve {
                            left: left - 1,
                            sum: sum + polished,
                        },
                        None,
                        false,
                    ),
                    (Combo::Twelve { sum, .. }, _) => (
                        Combo::None,
                        pending(sum + polished, combo_privilege, false),
                        false,
                    ),
                };
                self.combo = next_combo;
                self.throw_again = again;
                match movement {
                    Some(p) if p.points > 0 => self.pending = Some(p),
                    Some(_) => self.end_movement(),
                    None if next_combo == Combo::None => self.end_movement(),
                    None => {}
                }
            }
            Throws::Ludii => {
                let value = if polished == 0 {
                    12
                } else if polished == 5 {
                    1
                } else {
                    polished
                };
                // Ludii's rules after each throw: a special throw (sig, six, twelve) grants
                // another only as the turn's first and sets the +1 after a six or twelve; a
                // twelve also owes two more throws; a regular throw spends an owed throw or
                // ends the turn, clearing the +1. The +1 in force is the one before this throw.
                let sig = matches!(kind(polished), Kind::Sig);
                let new_turn = std::mem::take(&mut self.first_throw);
                let privilege = if sig && (new_turn || self.bonus) {
                    Privilege::Sig
                } else {
                    Privilege::None
                };
                self.pending = pending(value + u8::from(self.bonus), privilege, sig);
                match kind(polished) {
                    Kind::Regular(_) if self.remaining > 0 => {
                        self.remaining -= 1;
                        self.ludii_again = true;
                    }
                    Kind::Regular(_) => {
                        self.bonus = false;
                        self.ludii_again = false;
                    }
                    special => {
                        if matches!(special, Kind::Twelve) && self.remaining == 0 {
                            self.remaining = 2;
                        }
                        self.ludii_again = new_turn;
                        if new_turn && !sig {
                            self.bonus = true;
                        }
                    }
                }
            }
        }
    }

    fn outcome(&self) -> Outcome {
        self.finishers.outcome(self.players())
    }

    fn finished_players(&self) -> usize {
        self.finishers.count()
    }

    fn check_invariants(&self) -> Result<(), String> {
        for player in 0..usize::from(self.players) {
            let cells = self.cells[player];
            let active = self.active(player);
            if self.finishers.has_finished(player) != active.is_none() {
                return Err(format!(
                    "player {} is marked {} but has {} piece at Mecca",
                    player + 1,
                    if self.finishers.has_finished(player) {
                        "finished"
                    } else {
                        "playing"
                    },
                    if active.is_none() {
                        "every"
                    } else {
                        "not every"
                    }
                ));
            }
            for piece in 0..3 {
                let cell = cells[piece];
                if cell > MECCA {
                    return Err(format!(
                        "player {} {} is off the track",
                        player + 1,
                        PIECE_NAMES[piece]
                    ));
                }
                let before_active = active.is_none_or(|a| piece < a);
                if before_active != (cell == MECCA) {
                    return Err(format!(
                        "player {}'s pieces are not making the journey in order",
                        player + 1
                    ));
                }
                if active.is_some_and(|a| piece > a) && cell != WAITING && cell != START {
                    return Err(format!(
                        "player {}'s {} left before its turn",
                        player + 1,
                        PIECE_NAMES[piece]
                    ));
                }
            }
        }
        Ok(())
    }

    /// The first throw of a turn, with a father on 2: every value moves it, so a throw's
    /// value and whether it throws again are read as play gives them.
    fn throw_probes(options: &SigOptions) -> Vec<ThrowProbe<Self>> {
        let mut position = Sig::new(options);
        position.cells[0][0] = 2;
        if position.check_invariants().is_err() {
            return Vec::new();
        }
        vec![ThrowProbe {
            name: "six sticks, polished sides up",
            position,
            read: |before, after| {
                let value = match (after.combo, after.pending) {
                    (Combo::Six, _) => "sig of six".to_string(),
                    (Combo::Twelve { .. }, _) => "sig of twelve".to_string(),
                    (_, Some(p)) if p.privilege == Privilege::Sig => "sig".to_string(),
                    (_, Some(p)) => p.points.to_string(),
                    (_, None) => "nothing".to_string(),
                };
                let mut played = after.clone();
                engine::dice::play_to_next_throw(&mut played, 64);
                ThrowRead {
                    value,
                    another_throw: matches!(played.phase(), Phase::Chance(_))
                        && played.to_move == before.to_move,
                }
            },
        }]
    }
}

/// A position set up by hand: where pieces stand, what was paid towards Cairo, who has
/// finished.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SigSetup {
    /// Each player's pieces that are not where they start.
    #[serde(default)]
    pub players: BySeat<SigPieces>,
    /// Points each player has paid towards leaving Cairo.
    #[serde(default)]
    pub cairo_paid: BySeat<u8>,
    /// The players who have brought all three pieces to Mecca, first first.
    #[serde(default)]
    pub finished: FinishOrder,
    #[serde(default)]
    /// Who moves first from the setup.
    pub to_move: Option<Seat>,
}

/// One player's pieces in a setup.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SigPieces {
    #[serde(default)]
    /// Where the father is.
    pub father: Option<SigCell>,
    #[serde(default)]
    /// Where the djinn is.
    pub djinn: Option<SigCell>,
    #[serde(default)]
    /// Where the mother is.
    pub mother: Option<SigCell>,
}

/// A cell of the track as a setup writes it: a number from 1, or `waiting`, `cairo`, `medina`,
/// `mecca`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SigCell(u8);

impl<'de> Deserialize<'de> for SigCell {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct CellVisitor;
        impl serde::de::Visitor<'_> for CellVisitor {
            type Value = SigCell;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(
                    f,
                    "a cell from 1 to {MECCA}, or waiting, cairo, medina, mecca"
                )
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<SigCell, E> {
                (1..=u64::from(MECCA))
                    .contains(&n)
                    .then_some(SigCell(n as u8))
                    .ok_or_else(|| E::custom(format!("{n} is not a cell")))
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<SigCell, E> {
                match name {
                    "waiting" => Ok(SigCell(WAITING)),
                    "cairo" => Ok(SigCell(CAIRO)),
                    "medina" => Ok(SigCell(MEDINA)),
                    "mecca" => Ok(SigCell(MECCA)),
                    other => Err(E::custom(format!("{other:?} is not a cell"))),
                }
            }
        }
        deserializer.deserialize_any(CellVisitor)
    }
}

impl Observe for Sig {
    type Setup = SigSetup;

    fn notation(&self, mv: Move) -> String {
        let points = self.pending.map_or(0, |p| p.points);
        match mv {
            Move::Play => format!("play {points}"),
            Move::Track => format!("move {points}"),
            Move::SigStep => "sig step".into(),
            Move::Enter => "enter".into(),
            Move::Pass => "pass".into(),
        }
    }

    fn describe_chance(&self, _chance: Chance, polished: u8) -> String {
        let name = match kind(polished) {
            Kind::Sig => "sig".to_string(),
            Kind::Six => "sig of six".to_string(),
            Kind::Twelve => "sig of twelve".to_string(),
            Kind::Regular(n) => n.to_string(),
        };
        format!("{polished} polished: {name}")
    }

    fn chance_by_name(&self, name: &str) -> Option<u8> {
        match name {
            "sig" => Some(5),
            "sig-of-six" => Some(6),
            "sig-of-twelve" => Some(0),
            _ => None,
        }
    }

    fn observe(&self) -> Value {
        json!({
            "players": self.pieces_json(),
            "turn": self.to_move + 1,
            "pending": self.pending.map(|p| p.points),
            "cairo_paid": self.cairo_paid[..usize::from(self.players)].to_vec(),
            "finished": self.finishers.order().iter().map(|p| p + 1).collect::<Vec<_>>(),
        })
    }

    fn render(&self) -> String {
        let mut out = String::new();
        for player in 0..usize::from(self.players) {
            let pieces: Vec<String> = (0..3)
                .map(|piece| {
                    format!(
                        "{} {}",
                        PIECE_NAMES[piece],
                        cell_label(self.cells[player][piece])
                    )
                })
                .collect();
            out.push_str(&format!(
                "P{}: {}\n",
                player + 1,
                pieces.join(", ").replace('"', "")
            ));
        }
        out
    }

    /// Pieces not given are on the start (the father) or waiting.
    fn from_setup(options: &SigOptions, setup: SigSetup) -> Result<Self, SetupError> {
        let mut game = Sig::new(options);
        let players = usize::from(game.players);
        for (player, pieces) in setup.players.players("players", players)? {
            for (piece, cell) in [pieces.father, pieces.djinn, pieces.mother]
                .into_iter()
                .enumerate()
            {
                if let Some(SigCell(cell)) = cell {
                    game.cells[player][piece] = cell;
                }
            }
        }
        for (player, paid) in setup.cairo_paid.players("cairo_paid", players)? {
            if paid > game.cairo_cost() {
                return Err(SetupError::value(
                    "cairo_paid",
                    format!(
                        "{paid} points paid, but Cairo costs {} more than one",
                        game.cairo_cost()
                    ),
                ));
            }
            game.cairo_paid[player] = paid;
        }
        for player in setup.finished.players("finished", players)? {
            game.mark_finished(usize::from(player));
        }
        game.to_move =
            Seat::to_move_unfinished(setup.to_move, players, &game.finishers, game.over)?;
        game.check_invariants().map_err(SetupError::Position)?;
        Ok(game)
    }
}

/// The rule scenarios (data-driven tests) of this engine.
pub const SCENARIOS: &str = include_str!("../scenarios.yaml");

#[cfg(test)]
mod tests {
    use super::*;
    use engine::playout::{Observer, Playout, play};
    use engine::rng::GameRng;

    /// Counts the decisions of random play, checking that every `play` offered changes the
    /// position (a piece moves, Cairo or the entry is paid towards, a player finishes).
    #[derive(Default)]
    struct Plays {
        plays: u32,
        passes: u32,
    }

    impl Observer<Sig> for Plays {
        fn decision(&mut self, game: &Sig, _: Player, so_far: &Playout, _: usize, chosen: Move) {
            match chosen {
                Move::Play => {
                    self.plays += 1;
                    let mut after = game.clone();
                    after.apply(chosen);
                    let changed = after.cells != game.cells
                        || after.cairo_paid != game.cairo_paid
                        || after.entry_paid != game.entry_paid
                        || after.finishers.order() != game.finishers.order();
                    assert!(
                        changed,
                        "move {}: a play that changes nothing",
                        so_far.moves
                    );
                }
                Move::Pass => self.passes += 1,
                _ => {}
            }
        }
    }

    /// Point-by-point movement offers a play only when a point can be spent; a throw none of
    /// whose points can is a pass, counted apart from the plays.
    #[test]
    fn every_play_offered_changes_the_position() {
        let options = SigOptions::default();
        let mut seen = Plays::default();
        let mut moves = Vec::new();
        for index in 0..40 {
            let mut game = Sig::new(&options);
            let mut rng = GameRng::for_playout(3, index);
            play(
                &mut game,
                &mut rng,
                engine::Caps::LUDII,
                &mut moves,
                true,
                &mut seen,
            )
            .unwrap();
        }
        assert!(
            seen.plays > 0 && seen.passes > 0,
            "{} plays, {} passes",
            seen.plays,
            seen.passes
        );
    }
}
