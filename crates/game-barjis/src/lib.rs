//! Barjis, as Murray (1951) records it among the women and children of Palestine and
//! DLP.Evidence.1601 reads him.
//!
//! A cross of four arms of 3×8 cells around a centre. Each of four players enters four men on
//! the centre with a *grace* (a throw of 10 or 25), takes them down the middle row of its own
//! arm, anticlockwise round the outer rows of all four arms, and back up its middle row to the
//! centre, where they leave the board. Six cowries give the throw by mouths up. Landing on an
//! opponent sends it back to start, unless it is on a marked cell or doubled. Who bears off
//! all four first wins; before any opponent has borne off one, it counts seven (*mars*).

mod options;

use engine::setup::{BySeat, FinishOrder, Seat, SetupError};
use engine::{
    Chance, Finishers, Game, MAX_PLAYERS, Observe, Outcome, Phase, Player, ThrowProbe, ThrowRead,
};
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub use options::*;

/// Men per player.
pub const MEN: usize = 4;
/// The last position of a route: back on the centre.
pub const ROUTE_END: u8 = 84;
const CELLS: usize = 1 + 4 * 24;
const HOME: u8 = 200;
const OFF: u8 = 201;
const CENTRE: u8 = 0;
/// Mouths up (0–6) to the throw's value.
pub const VALUES: [u8; 7] = [6, 10, 2, 3, 4, 25, 12];
const LEFT: u8 = 0;
const MIDDLE: u8 = 1;
const RIGHT: u8 = 2;

/// Cell of an arm's lane (left, middle, right looking out from the centre) at a depth (0
/// next to the centre, 7 at the outer end).
const fn arm_cell(arm: u8, lane: u8, depth: u8) -> u8 {
    1 + arm * 24 + lane * 8 + depth
}

/// The marked cells: third from the outer corner of each outer row.
pub const fn is_safe_cell(cell: u8) -> bool {
    if cell == CENTRE {
        return false;
    }
    let within = (cell - 1) % 24;
    within / 8 != MIDDLE && within % 8 == 5
}

const SAFE: [bool; CELLS] = {
    let mut safe = [false; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        safe[cell] = is_safe_cell(cell as u8);
        cell += 1;
    }
    safe
};

/// The route of a player whose arm is `arm`, position by position: computed at compile time,
/// so the playout loop reads a plain table.
const fn route(arm: u8) -> [u8; 85] {
    let mut cells = [CENTRE; 85];
    let mut at = 1;
    let mut d = 0;
    while d < 8 {
        cells[at] = arm_cell(arm, MIDDLE, d);
        at += 1;
        d += 1;
    }
    while d > 0 {
        d -= 1;
        cells[at] = arm_cell(arm, LEFT, d);
        at += 1;
    }
    let mut k = 1;
    while k < 4 {
        let other = (arm + k) % 4;
        while d < 8 {
            cells[at] = arm_cell(other, RIGHT, d);
            at += 1;
            d += 1;
        }
        cells[at] = arm_cell(other, MIDDLE, 7);
        at += 1;
        while d > 0 {
            d -= 1;
            cells[at] = arm_cell(other, LEFT, d);
            at += 1;
        }
        k += 1;
    }
    while d < 8 {
        cells[at] = arm_cell(arm, RIGHT, d);
        at += 1;
        d += 1;
    }
    while d > 0 {
        d -= 1;
        cells[at] = arm_cell(arm, MIDDLE, d);
        at += 1;
    }
    cells
}

const ROUTES: [[u8; 85]; 4] = [route(0), route(1), route(2), route(3)];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// A move of Barjis.
pub enum Move {
    /// Enter a man on the centre with a grace.
    Enter,
    /// Move man `index` by the throw.
    Man(u8),
    /// No man can move: the turn passes.
    Pass,
}

#[derive(Clone, Debug)]
/// A game of Barjis in progress.
pub struct Barjis {
    options: BarjisOptions,
    players: u8,
    arm: [u8; MAX_PLAYERS],
    /// Route position of each man, `HOME` before entering, `OFF` once borne off.
    position: [[u8; MEN]; 4],
    /// How many men of each player stand on each cell.
    occupancy: [[u8; 4]; CELLS],
    borne_off: [u8; 4],
    to_move: Player,
    throw: Option<u8>,
    /// A grace entered a man without using the throw: the throw is still to play.
    entered_free: bool,
    /// Who has finished, in order.
    finishers: Finishers,
    weight: u8,
    over: bool,
    /// Ludii's count of each player's men on the positions of the cells its route passes twice
    /// (`TrackCounts::LudiiSharedCells`): on every other cell the count is the man standing
    /// there, which the board already knows.
    twice_counts: [[i8; TWICE_SLOTS]; 4],
}

/// The centre at both ends and the eight cells of the player's middle column, out and home.
const TWICE_SLOTS: usize = 18;

/// The slot of a route position on a cell the route passes twice, and of the other pass.
const fn twice_slots(position: u8) -> Option<(usize, usize)> {
    match position {
        0 => Some((0, 1)),
        ROUTE_END => Some((1, 0)),
        1..=8 => Some((2 + (position as usize - 1), 10 + (position as usize - 1))),
        76..=83 => Some((10 + (83 - position as usize), 2 + (83 - position as usize))),
        _ => None,
    }
}

/// The route position of a slot.
const fn slot_position(slot: usize) -> u8 {
    match slot {
        0 => 0,
        1 => ROUTE_END,
        2..=9 => (slot - 1) as u8,
        _ => (83 - (slot - 10)) as u8,
    }
}

impl Barjis {
    #[inline]
    fn ludii_counts(&self) -> bool {
        self.options.track_counts == TrackCounts::LudiiSharedCells
    }

    /// Where Ludii takes a player's man at `position` to be: on a cell its route passes twice,
    /// the first of the two positions with a man counted, or none (past the route's end).
    fn ludii_position(&self, player: usize, position: u8) -> Option<u8> {
        let Some((own, other)) = twice_slots(position) else {
            return Some(position);
        };
        // The outward pass comes first on the route: the centre at 0, the column at 1 to 8.
        let (first, second) = if slot_position(own) < slot_position(other) {
            (own, other)
        } else {
            (other, own)
        };
        [first, second]
            .into_iter()
            .find(|&slot| self.twice_counts[player][slot] > 0)
            .map(slot_position)
    }

    #[cold]
    #[inline(never)]
    fn count(&mut self, player: usize, position: u8, change: i8) {
        if let Some((slot, _)) = twice_slots(position) {
            self.twice_counts[player][slot] += change;
        }
    }

    /// Ludii's bookkeeping of a man about to move: lifted from where it counts him, or, leaving
    /// the board, from every position of his cell.
    #[cold]
    #[inline(never)]
    fn ludii_lift(&mut self, player: usize, index: usize, destination: u8) {
        let position = self.position[player][index];
        match self.ludii_position(player, position) {
            Some(seen) if destination != OFF => {
                self.count(player, seen, -1);
                self.position[player][index] = seen;
            }
            _ => self.ludii_remove(player, position),
        }
    }

    /// Ludii lifts a captured man's count only where it finds one.
    #[cold]
    #[inline(never)]
    fn ludii_capture(&mut self, player: usize, position: u8) {
        if let Some(seen) = self.ludii_position(player, position) {
            self.count(player, seen, -1);
        }
    }

    /// Ludii's bookkeeping of a man leaving the board from `position`: one off every position
    /// of its cell, not only the one it stood at.
    fn ludii_remove(&mut self, player: usize, position: u8) {
        if let Some((own, other)) = twice_slots(position) {
            self.twice_counts[player][own] -= 1;
            self.twice_counts[player][other] -= 1;
        }
    }

    #[inline]
    fn cell(&self, player: usize, position: u8) -> u8 {
        ROUTES[usize::from(self.arm[player])][usize::from(position)]
    }

    /// Whether `player` may come to rest on `cell`, and whom it would send back.
    fn landing(&self, player: usize, cell: u8) -> Option<[bool; 4]> {
        let occupants = u32::from_le_bytes(self.occupancy[usize::from(cell)]);
        let own = 0xFF << (8 * player);
        if !self.options.doubling && occupants & own != 0 {
            return None;
        }
        if occupants & !own == 0 {
            return Some([false; 4]);
        }
        let mut victims = [false; 4];
        for other in (0..usize::from(self.players)).filter(|&o| o != player) {
            let count = self.occupancy[usize::from(cell)][other];
            if count == 0 {
                continue;
            }
            let safe = SAFE[usize::from(cell)]
                || (cell == CENTRE && self.options.centre_safe)
                || count >= 2;
            if !safe {
                victims[other] = true;
            } else if self.options.safe_enemy == SafeEnemy::Blocked {
                return None;
            }
        }
        Some(victims)
    }

    /// Where man `index` goes with `value`: a new position, or `OFF`.
    #[inline(always)]
    fn destination(&self, player: usize, index: usize, value: u8) -> Option<u8> {
        let position = self.position[player][index];
        if position == HOME || position == OFF {
            return None;
        }
        if self.ludii_counts() {
            return self.ludii_destination(player, position, value);
        }
        self.destination_from(player, position, value)
    }

    /// The fault variant's destination: from where Ludii counts the man, or off the board when
    /// it counts him past the route's end. Out of line, so that the playout loop of every
    /// other reading stays as small as it was.
    #[cold]
    #[inline(never)]
    fn ludii_destination(&self, player: usize, position: u8, value: u8) -> Option<u8> {
        match self.ludii_position(player, position) {
            Some(seen) => self.destination_from(player, seen, value),
            None => Some(OFF),
        }
    }

    #[inline(always)]
    fn destination_from(&self, player: usize, position: u8, value: u8) -> Option<u8> {
        let target = u16::from(position) + u16::from(value);
        let end = u16::from(ROUTE_END);
        let off = match self.options.bear_off {
            BearOff::ReachCentre => target >= end,
            BearOff::Exact if target > end => return None,
            BearOff::Exact => target == end,
            BearOff::LudiiCentre => target > end,
        };
        if off {
            return Some(OFF);
        }
        let target = target as u8;
        self.landing(player, self.cell(player, target))
            .map(|_| target)
    }

    fn can_enter(&self, player: usize) -> bool {
        let grace = matches!(self.throw, Some(10 | 25));
        grace
            && !self.entered_free
            && self.position[player].contains(&HOME)
            && self.landing(player, CENTRE).is_some()
    }

    #[inline(always)]
    fn put(&mut self, player: usize, index: usize, position: u8) {
        let cell = self.cell(player, position);
        if let Some(victims) = self.landing(player, cell) {
            for (other, hit) in victims.into_iter().enumerate() {
                if hit {
                    for man in 0..MEN {
                        if self.position[other][man] != HOME
                            && self.position[other][man] != OFF
                            && self.cell(other, self.position[other][man]) == cell
                        {
                            // Ludii lifts a count only where it finds one.
                            if self.ludii_counts() {
                                self.ludii_capture(other, self.position[other][man]);
                            }
                            self.position[other][man] = HOME;
                        }
                    }
                    self.occupancy[usize::from(cell)][other] = 0;
                }
            }
        }
        self.position[player][index] = position;
        self.occupancy[usize::from(cell)][player] += 1;
        if self.ludii_counts() {
            self.count(player, position, 1);
        }
    }

    fn lift(&mut self, player: usize, index: usize) {
        let position = self.position[player][index];
        let cell = self.cell(player, position);
        self.occupancy[usize::from(cell)][player] -= 1;
    }

    fn bear_off(&mut self, player: usize, index: usize) {
        self.position[player][index] = OFF;
        self.borne_off[player] += 1;
        if usize::from(self.borne_off[player]) < MEN {
            return;
        }
        let nobody_else =
            (0..usize::from(self.players)).all(|o| o == player || self.borne_off[o] == 0);
        if self.finishers.count() == 0 && self.options.mars && nobody_else {
            self.weight = 7;
        }
        self.mark_finished(player);
    }

    /// Records `player` as the next to finish; the game is over when the rules say so. Play
    /// and setups both finish players through it.
    fn mark_finished(&mut self, player: usize) {
        self.finishers.add(player);
        if self.options.play_until == PlayUntil::FirstFinisher
            || usize::from(self.players) - self.finishers.count() <= 1
        {
            self.over = true;
        }
    }

    fn next_turn(&mut self) {
        let value = self.throw.take().unwrap_or(0);
        self.entered_free = false;
        let again = match self.options.extra_throws {
            ExtraThrows::None => false,
            ExtraThrows::Graces => matches!(value, 10 | 25),
            ExtraThrows::GracesAndSix => matches!(value, 6 | 10 | 25),
        };
        if again && !self.finishers.has_finished(usize::from(self.to_move)) {
            return;
        }
        let mut next = self.to_move;
        loop {
            next = (next + 1) % self.players;
            if !self.finishers.has_finished(usize::from(next)) || next == self.to_move {
                break;
            }
        }
        self.to_move = next;
    }

    fn label(position: u8) -> Value {
        match position {
            HOME => json!("home"),
            OFF => json!("borne-off"),
            p => json!(p),
        }
    }
}

impl Game for Barjis {
    type Move = Move;
    type Options = BarjisOptions;

    fn new(options: &BarjisOptions) -> Self {
        let players = options.players;
        // Two players sit on opposite arms; three take three arms in turn, the next seat ahead
        // of the route or behind it.
        let arm = std::array::from_fn(|seat| {
            let step = if players == 2 { 2 } else { 1 };
            let ahead = (seat * step) % 4;
            match options.seating {
                Seating::NextAhead => ahead as u8,
                Seating::NextBehind => ((4 - ahead) % 4) as u8,
            }
        });
        Barjis {
            options: options.clone(),
            players,
            arm,
            position: [[HOME; MEN]; 4],
            occupancy: [[0; 4]; CELLS],
            borne_off: [0; 4],
            to_move: 0,
            throw: None,
            entered_free: false,
            finishers: Finishers::NONE,
            weight: 1,
            over: false,
            twice_counts: [[0; TWICE_SLOTS]; 4],
        }
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }

    fn thrower(&self) -> Option<Player> {
        Some(self.to_move)
    }

    fn phase(&self) -> Phase {
        match (self.over, self.throw) {
            (true, _) => Phase::Over,
            (false, None) => Phase::Chance(Chance::Lots {
                count: 6,
                bias: self.options.mouth_up_bias,
            }),
            (false, Some(_)) => Phase::Decision(self.to_move),
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        let player = usize::from(self.to_move);
        let Some(value) = self.throw else { return };
        if self.can_enter(player) {
            moves.push(Move::Enter);
        }
        for index in 0..MEN {
            if self.destination(player, index, value).is_some() {
                moves.push(Move::Man(index as u8));
            }
        }
        if moves.is_empty() || self.entered_free {
            moves.push(Move::Pass);
        }
    }

    fn apply(&mut self, mv: Move) {
        let player = usize::from(self.to_move);
        let value = self.throw.expect("a throw is being played");
        match mv {
            Move::Enter => {
                let index = self.position[player]
                    .iter()
                    .position(|&p| p == HOME)
                    .expect("a man at home");
                self.put(player, index, 0);
                if !self.options.entry_uses_throw {
                    self.entered_free = true;
                    return;
                }
            }
            Move::Man(index) => {
                let index = usize::from(index);
                let destination = self
                    .destination(player, index, value)
                    .expect("a legal move");
                if self.ludii_counts() {
                    self.ludii_lift(player, index, destination);
                }
                self.lift(player, index);
                if destination == OFF {
                    self.bear_off(player, index);
                } else {
                    self.put(player, index, destination);
                }
            }
            Move::Pass => {}
        }
        if !self.over {
            self.next_turn();
        }
    }

    fn apply_chance(&mut self, mouths_up: u8) {
        self.throw = Some(VALUES[usize::from(mouths_up)]);
    }

    fn outcome(&self) -> Outcome {
        let mut outcome = self.finishers.outcome(self.players());
        if self.finishers.count() > 0 {
            outcome.weight = self.weight;
        }
        outcome
    }

    fn finished_players(&self) -> usize {
        self.finishers.count()
    }

    /// Men stay on their route (or at home, or off), four each, and the cells count them right.
    fn check_invariants(&self) -> Result<(), String> {
        let mut counted = [[0u8; 4]; CELLS];
        for player in 0..usize::from(self.players) {
            let off = self.position[player].iter().filter(|&&p| p == OFF).count();
            if off != usize::from(self.borne_off[player]) {
                return Err(format!(
                    "player {} has {off} men off but counts {}",
                    player + 1,
                    self.borne_off[player]
                ));
            }
            for &position in &self.position[player] {
                match position {
                    HOME | OFF => {}
                    p if p <= ROUTE_END => counted[usize::from(self.cell(player, p))][player] += 1,
                    p => {
                        return Err(format!(
                            "a man of player {} left its route (position {p})",
                            player + 1
                        ));
                    }
                }
            }
        }
        for player in 0..usize::from(self.players) {
            if self.finishers.has_finished(player) != (usize::from(self.borne_off[player]) == MEN) {
                return Err(format!(
                    "player {} is marked {} with {} men off",
                    player + 1,
                    if self.finishers.has_finished(player) {
                        "finished"
                    } else {
                        "playing"
                    },
                    self.borne_off[player]
                ));
            }
        }
        if counted != self.occupancy {
            return Err("the cells do not count the men standing on them".into());
        }
        Ok(())
    }

    /// A throw with a man on its route's fifth cell: every value moves it, so whether the
    /// throw gives another is read as play gives it.
    fn throw_probes(options: &BarjisOptions) -> Vec<ThrowProbe<Self>> {
        let mut position = Barjis::new(options);
        position.position[0][0] = 5;
        position.occupancy[usize::from(position.cell(0, 5))][0] += 1;
        position.count(0, 5, 1);
        vec![ThrowProbe {
            name: "six cowries, mouths up",
            position,
            read: |before, after| {
                let mut played = after.clone();
                engine::dice::play_to_next_throw(&mut played, 8);
                ThrowRead {
                    value: after
                        .throw
                        .map_or_else(|| "nothing".into(), |v| v.to_string()),
                    another_throw: matches!(played.phase(), Phase::Chance(_))
                        && played.to_move == before.to_move,
                }
            },
        }]
    }
}

/// A position set up by hand: where each player's men stand and who has finished. A mars is
/// decided as it happens, so a setup's finishers count one game.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BarjisSetup {
    /// Each player's four men (players not given have theirs at home).
    #[serde(default)]
    pub men: BySeat<[Man; MEN]>,
    /// The players who have borne off all four men, first first.
    #[serde(default)]
    pub finished: FinishOrder,
    #[serde(default)]
    /// Who moves first from the setup.
    pub to_move: Option<Seat>,
}

/// Where a man is in a setup: `home`, `borne-off`, or a position on its own route (0 is the
/// centre on entry, the route's end the centre again).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Man {
    /// Not yet entered.
    Home,
    /// Borne off.
    BorneOff,
    /// At this position of its route.
    On(u8),
}

impl<'de> Deserialize<'de> for Man {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ManVisitor;
        impl serde::de::Visitor<'_> for ManVisitor {
            type Value = Man;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(
                    f,
                    "a position from 0 to {ROUTE_END}, \"home\" or \"borne-off\""
                )
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Man, E> {
                (n <= u64::from(ROUTE_END))
                    .then_some(Man::On(n as u8))
                    .ok_or_else(|| E::custom(format!("{n} is not on the route")))
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Man, E> {
                match name {
                    "home" => Ok(Man::Home),
                    "borne-off" => Ok(Man::BorneOff),
                    other => Err(E::custom(format!(
                        "{other:?} is not a position, \"home\" or \"borne-off\""
                    ))),
                }
            }
        }
        deserializer.deserialize_any(ManVisitor)
    }
}

impl Observe for Barjis {
    type Setup = BarjisSetup;

    fn notation(&self, mv: Move) -> String {
        let player = usize::from(self.to_move);
        let value = self.throw.unwrap_or(0);
        match mv {
            Move::Enter => "enter".into(),
            Move::Pass => "pass".into(),
            Move::Man(index) => {
                let index = usize::from(index);
                let from = self.position[player][index];
                match self.destination(player, index, value) {
                    Some(OFF) => format!("{from}-off"),
                    Some(to) => {
                        let hits = self
                            .landing(player, self.cell(player, to))
                            .is_some_and(|v| v.contains(&true));
                        format!("{from}{}{to}", if hits { 'x' } else { '-' })
                    }
                    None => format!("{from}?"),
                }
            }
        }
    }

    fn describe_chance(&self, _chance: Chance, mouths_up: u8) -> String {
        format!("{mouths_up} mouths up: {}", VALUES[usize::from(mouths_up)])
    }

    fn chance_by_name(&self, name: &str) -> Option<u8> {
        let value: u8 = name.strip_prefix("value-")?.parse().ok()?;
        VALUES.iter().position(|&v| v == value).map(|m| m as u8)
    }

    fn observe(&self) -> Value {
        let mut men = Map::new();
        for player in 0..usize::from(self.players) {
            men.insert(
                (player + 1).to_string(),
                Value::from(
                    self.position[player]
                        .iter()
                        .map(|&p| Barjis::label(p))
                        .collect::<Vec<_>>(),
                ),
            );
        }
        json!({
            "men": men,
            "borne_off": self.borne_off[..usize::from(self.players)].to_vec(),
            "throw": self.throw,
            "turn": self.to_move + 1,
            "finished": self.finishers.order().iter().map(|p| p + 1).collect::<Vec<_>>(),
        })
    }

    fn render(&self) -> String {
        let mut out = String::new();
        for player in 0..usize::from(self.players) {
            let men: Vec<String> = self.position[player]
                .iter()
                .map(|&p| Barjis::label(p).to_string().replace('"', ""))
                .collect();
            out.push_str(&format!("P{}: {}\n", player + 1, men.join(" ")));
        }
        out
    }

    fn from_setup(options: &BarjisOptions, setup: BarjisSetup) -> Result<Self, SetupError> {
        let mut game = Barjis::new(options);
        let players = usize::from(game.players);
        for (player, men) in setup.men.players("men", players)? {
            for (index, man) in men.into_iter().enumerate() {
                match man {
                    Man::Home => {}
                    Man::BorneOff => {
                        game.position[player][index] = OFF;
                        game.borne_off[player] += 1;
                    }
                    Man::On(position) => {
                        game.position[player][index] = position;
                        game.occupancy[usize::from(game.cell(player, position))][player] += 1;
                        game.count(player, position, 1);
                    }
                }
            }
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

    #[test]
    fn routes_visit_each_arm_and_end_where_they_start() {
        for arm in 0..4 {
            let route = route(arm);
            assert_eq!((route[0], route[84]), (CENTRE, CENTRE));
            assert_eq!(
                route[8], route[76],
                "the middle row's outer cell is on the way out and on the way back"
            );
            let mut circuit: Vec<u8> = route[8..=76].to_vec();
            circuit.sort();
            circuit.dedup();
            assert_eq!(circuit.len(), 68, "the outer circuit has 17 cells an arm");
            assert_eq!(
                route[1..84].iter().filter(|&&c| is_safe_cell(c)).count(),
                8,
                "the route crosses the eight marked cells"
            );
        }
        assert_eq!((1..CELLS as u8).filter(|&c| is_safe_cell(c)).count(), 8);
    }
}
