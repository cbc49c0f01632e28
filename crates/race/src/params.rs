//! The family's parameters: every way the race games of the corpus differ, each a named option.
//! A game's file gives every parameter a value with the line of the description or the
//! sentence it comes from ([`crate::file::GameFile`]); the declarations here carry the family's
//! meaning of each key, and the values below are only the family's defaults for a file that is
//! being written (the Royal Game of Ur as Ludii reads Finkel).
//!
//! Values that name cells (tracks, starts, cell sets, jumps) are parsed into fixed arrays, so
//! that a game is made by copying them and a playout never reads a name.

use engine::{Bias, OptionValue, game_options, option_enum};

/// Cells a board may have: cell numbers run from 0 to 127, one bit each in a `u128`.
pub const MAX_CELLS: usize = 128;
/// Players (and tracks) at most.
pub const MAX_SEATS: usize = 4;
/// Pieces per player at most.
pub const MAX_PIECES: usize = 16;
/// Dice thrown together at most.
pub const MAX_DICE: usize = 4;
/// A cell number that is none (no jump, no place on a track).
pub const NO_CELL: u8 = u8::MAX;

option_enum! {
    /// Whether players play alone or in partnerships.
    pub enum Teams {
        /// Everyone plays alone.
        None = "none",
        /// Seats 1 and 3 against 2 and 4; a team wins when all its pieces are off.
        Partners = "partners",
    }
}

option_enum! {
    /// How the dice of one throw are played.
    pub enum DiceUse {
        /// The throw's total is one move.
        Sum = "sum",
        /// Each die is a move of its own, in the order the mover picks.
        Each = "each",
        /// Each die singly, or any of them combined into one move (XII Scripta after Murray).
        EachOrSum = "each-or-sum",
    }
}

option_enum! {
    /// What a piece may do on a cell where a piece of its own side stands.
    pub enum LandOnOwn {
        /// It may not land there.
        Forbidden = "forbidden",
        /// It lands on top: pieces of one side stack.
        Stack = "stack",
    }
}

option_enum! {
    /// What a piece does to enemy pieces on the cell it lands on (off the safe cells).
    pub enum LandOnEnemy {
        /// They return to their owners' hands.
        Capture = "capture",
        /// They go to the cell the mover came from (Senet); to their hands when it came from its hand.
        Swap = "swap",
        /// It may not land there.
        Forbidden = "forbidden",
        /// A single enemy piece is captured; a cell with two or more cannot be landed on.
        CaptureSingle = "capture-single",
    }
}

option_enum! {
    /// When a piece may leave the board past the last cell of its track.
    pub enum BearOff {
        /// With exactly one step past the last cell.
        Exact = "exact",
        /// With any throw that reaches or passes the end.
        Any = "any",
    }
}

option_enum! {
    /// How the game ends and ranks.
    pub enum Ranking {
        /// The first player (or team) with every piece off wins, and the game ends.
        FirstOutWins = "first-out-wins",
        /// Play goes on until one player (or team) is left; ranks follow the order of finishing.
        FinishOrder = "finish-order",
    }
}

option_enum! {
    /// What a player does with the stacks its pieces start in before it may race them (the
    /// Tables games' phases "UnStacking" and "Stacking"): a die of value v selects the stack on
    /// position v of the mover's track, each die a move of its own; no piece moves until the
    /// player's stacks are done, and the dice left of the throw that finishes them are played
    /// in the race.
    pub enum StackedStart {
        /// The pieces race from the start.
        None = "none",
        /// Each stack is unstacked first (Kiz Tavlasi).
        Unstack = "unstack",
        /// Each stack is unstacked, then every one stacked again (Yahoudieh, Ofanfelling).
        UnstackRestack = "unstack-restack",
    }
}

option_enum! {
    /// When a throw whose dice all show one face is played one die only (or passed, where no
    /// die of it can be used), the mover throwing again after it (Ludii's `(if (or (all
    /// DiceEqual) (not ("SameTurn"))) (roll))`, its roll keeping `(all DiceEqual)` until the
    /// next).
    pub enum RethrowDoubles {
        /// Never: a double is played as any other throw.
        Never = "never",
        /// Once the player's stacks are done (`stacked_start`), in its race.
        InRace = "in-race",
        /// In every stage of the game, the stacks' too.
        Always = "always",
    }
}

option_enum! {
    /// How often a random player's list of moves holds each move of a piece that leaves a
    /// stack: the rules give each move once; Ludii's `(forEach Piece)` without `top:True`
    /// lists it once for every piece of the stack, and its random playout picks uniformly
    /// among the moves it lists.
    pub enum MovesListed {
        /// Each move once.
        Once = "once",
        /// A move from a cell once for every piece of the mover's standing there, and an
        /// entry once for every piece waiting in the hand (Ludii's `(or (forEach Piece)
        /// (forEach Piece container:(mover)))` over stacks).
        PerPiece = "per-piece",
        /// A move from a cell once for every piece of the mover's standing there; an entry
        /// from the hand, written as a move of its own, once (Sokkattan's).
        PerPieceOnBoard = "per-piece-on-board",
    }
}

game_options! {
    /// A race game's parameters.
    pub struct RaceParams {
        /// Players, 2 to 4, each with a track of its own.
        #[parameter(cites = "race family", source = "", range = 2..=4)]
        pub players: u8 = 2, ludii: 2;

        /// Whether seats 1 and 3 play against 2 and 4 as partners.
        #[parameter(cites = "race family", source = "")]
        pub teams: Teams = Teams::None, ludii: Teams::None;

        /// Pieces each player races.
        #[parameter(cites = "race family", source = "", range = 1..=16)]
        pub pieces: u8 = 7, ludii: 7;

        /// The cells each seat's pieces travel, in order, one list per seat separated by `|`; a number shared by two tracks is one cell.
        #[parameter(cites = "race family", source = "")]
        pub tracks: Tracks = Tracks::ur(), ludii: Tracks::ur();

        /// Where the pieces start: `hand` (off the board, before the first cell), or per seat the track positions (from 1) of the pieces on the board, separated by `|`.
        #[parameter(cites = "race family", source = "")]
        pub start: Start = Start::HAND, ludii: Start::HAND;

        /// What is thrown: `lots N` (outcome: how many land up), `dice KdF` (K dice of faces 1..F, thrown one by one where the throw has more than 255 outcomes) or `faces F` (one throw of F equal outcomes 0..F-1).
        #[parameter(cites = "race family", source = "")]
        pub throw: Throw = Throw::Lots(4), ludii: Throw::Lots(4);

        /// The chance that one lot lands up.
        #[parameter(cites = "race family", source = "")]
        pub lot_bias: Bias = Bias::FAIR, ludii: Bias::FAIR;

        /// What each outcome (lots up, a face, or for dice each die's face) moves, as `outcome=value` pairs; unlisted outcomes move their own number, 0 moves nothing.
        #[rule(cites = "race family", source = "")]
        pub throw_values: ThrowValues = ThrowValues::IDENTITY, ludii: ThrowValues::IDENTITY;

        /// How the dice of a throw are played: their total as one move, each die apart, or each die or any of them combined.
        #[rule(cites = "race family", source = "")]
        pub dice_use: DiceUse = DiceUse::Sum, ludii: DiceUse::Sum;

        /// Whether two equal dice are played twice over, four moves of their value (the Tables games' doubles); otherwise each die once.
        #[rule(cites = "race family", source = "")]
        pub doubles_played_twice: bool = false, ludii: false;

        /// Whether a die that no piece can use once another die of the throw is played is passed as a move of its own (Ludii's forced pass, where a description asks for another move without asking whether one can be made); otherwise the turn ends there.
        #[rule(cites = "race family", source = "")]
        pub unplayable_die_passes: bool = false, ludii: false;

        /// Whether a throw whose dice are all played is followed by a pass of its own before the turn ends (Ludii's Cab e Quinal asks for another move after the last die too, which its forced pass answers); otherwise the turn ends with the last die.
        #[rule(cites = "race family", source = "")]
        pub pass_after_last_die: bool = false, ludii: false;

        /// Steps of one more move once every die of the throw is played, by any piece, before the turn ends (Myles's and Baralie's six: Ludii's `(if (all DiceUsed) …)` in a turn asking for another move after every die); a pass where no piece can make it, and none where a die was passed (0: no such move).
        #[rule(cites = "race family", source = "", range = 0..=127)]
        pub move_after_dice: u8 = 0, ludii: 0;
        /// Whether a throw whose dice all show one face gives the thrower another throw once every die of it is played by a move (Pareia de Entrada's "when all of the dice present the same number, the player receives another turn"; a die passed gives none); otherwise it gives none.
        #[rule(cites = "race family", source = "")]
        pub another_throw_on_doubles: bool = false, ludii: false;

        /// Whether dice of a throw that the player to move cannot use pass, unplayed, to the next player, who plays them instead of throwing (and hands back what it cannot use in turn); the throw is over once every die is played, and the player after the one who played the last die throws next, so that one has no throw of its own that turn (Laquet's "if a player cannot play the value on a die (or on both dice), the opponent may play it"); otherwise a pass ends the throw.
        #[rule(cites = "race family", source = "")]
        pub unplayable_dice_to_next: bool = false, ludii: false;

        /// Throw values (the throw's total) that give the thrower another throw once played.
        #[rule(cites = "race family", source = "")]
        pub extra_throw_values: ValueSet = ValueSet::NONE, ludii: ValueSet::NONE;

        /// Another throws a player may take in a row, from values or cells; the throw after the last is played without one (0: no limit).
        #[rule(cites = "race family", source = "", range = 0..=16)]
        pub extra_throws_in_a_row: u8 = 0, ludii: 0;

        /// Whether a value that gives another throw gives it when no piece could use the throw.
        #[rule(cites = "race family", source = "")]
        pub extra_throw_on_pass: bool = false, ludii: false;

        /// Throw values that, played by a move, make the thrower's next turn a one-step turn: its throw moves no piece, but a piece waiting in the hand enters on the first cell of its track, or where none waits a piece moves one step; the player throws again after it whatever it threw, the next turn a one-step turn again where that throw is one of these values; a pass clears nothing (the next turn, another player's where the turn goes on, is still one), and a value listed makes the next turn one after a pass too where `extra_throw_on_pass` says the consequence follows a pass (Sokkattan's ExtraOne, `(if ("IsSpecialThrow") (set Var "ExtraOne" 1))` beside `(moveAgain)`, and its `(if (= (var "ExtraOne") 1) (priority {ENTRY (forEach Piece ("Move" 1))} …) …)`); `none`: every turn moves by its throw.
        #[rule(cites = "race family", source = "")]
        pub one_step_turn_values: ValueSet = ValueSet::NONE, ludii: ValueSet::NONE;

        /// Values with which a piece may enter from its hand (`any`, or a list such as `1,4`).
        #[rule(cites = "race family", source = "")]
        pub enter_values: ValueSet = ValueSet::ANY, ludii: ValueSet::ANY;

        /// Each seat's cells on which a piece of its own keeps any other from entering from the hand (Kints's arc: "The second piece cannot enter before the first one leaves the arc", Ludii's `(= 0 (count Sites in:(intersection (sites Occupied by:Mover) (sites Mover "Arc"))))` beside a move from the hand); per seat, separated by `|`, or `none` (pieces enter whatever stands where).
        #[rule(cites = "race family", source = "")]
        pub enter_blocked_cells: SeatCells = SeatCells::NONE, ludii: SeatCells::NONE;

        /// Each seat's cells from which a piece moves only by the throw values listed in `restricted_values` (Romavoa's last side, "only throws of 1, 2, or 3 are used": Ludii's `(if (if (not (is In (from) (sites Mover "LastSide"))) True COND) MOVES)`); per seat, separated by `|`, or `none` (a piece moves by any value from anywhere).
        #[rule(cites = "race family", source = "")]
        pub restricted_cells: SeatCells = SeatCells::NONE, ludii: SeatCells::NONE;

        /// The throw values by which a piece on its seat's `restricted_cells` moves (`any`, or a list such as `2,3`); read only beside `restricted_cells`.
        #[rule(cites = "race family", source = "")]
        pub restricted_values: ValueSet = ValueSet::ANY, ludii: ValueSet::ANY;

        /// A throw value that a piece may play as `alternative_steps` steps instead (Romavoa's "throws of 14 may instead be played as a throw of 1", Ludii's `(or (if (= 14 VALUE) MOVE-BY-1) MOVE-BY-VALUE)`); 0: none.
        #[rule(cites = "race family", source = "", range = 0..=127)]
        pub alternative_value: u8 = 0, ludii: 0;

        /// The steps `alternative_value` may be played as instead; read only beside it.
        #[rule(cites = "race family", source = "", range = 0..=127)]
        pub alternative_steps: u8 = 0, ludii: 0;

        /// Whether an entering piece counts the first cell as 1 (a value v lands on the v-th cell); otherwise it enters onto the first cell whatever the value.
        #[rule(cites = "race family", source = "")]
        pub enter_counts_first_cell: bool = true, ludii: true;

        /// Pieces, of either side, on a cell that keep a piece entering from the hand from landing there (Shuanglu's `(< (size Stack at:(to)) 2)` on its entry: an entering piece lands on one piece of its own, or takes one enemy, but not on two or more); 0: an entering piece lands as any other.
        #[rule(cites = "race family", source = "", range = 0..=16)]
        pub enter_stack_limit: u8 = 0, ludii: 0;

        /// Pieces, of either side, on a cell of a seat's `stack_limit_cells` that keep a piece of that seat from landing there (Kotra's `(if (not (is In (to) (sites Mover "StartingSide"))) True (> 2 (size Stack at:(to))))`: on its starting side a piece lands on one piece of its own, or takes one enemy, but not on two or more); 0: no such limit.
        #[rule(cites = "race family", source = "", range = 0..=16)]
        pub stack_limit: u8 = 0, ludii: 0;

        /// Each seat's cells where `stack_limit` keeps its pieces from landing; per seat, separated by `|`, or `none`. Read only beside `stack_limit`.
        #[rule(cites = "race family", source = "")]
        pub stack_limit_cells: SeatCells = SeatCells::NONE, ludii: SeatCells::NONE;

        /// Each seat's cells a piece of its own may land on only while at most `start_crowd_limit` pieces wait in the seat's hand or stand, of any side, on the first position of its track (Kotra's `(if (not (is In (to) (sites Mover "AfterPenultimate"))) True (>= 10 (count Pieces in:(sites {(handSite Mover) (mapEntry "Entry" Mover)}))))`: its last point reached only once five of its fifteen have left the start; Ludii's `(count Pieces)` counts every player's pieces); per seat, separated by `|`, or `none`.
        #[rule(cites = "race family", source = "")]
        pub start_crowd_cells: SeatCells = SeatCells::NONE, ludii: SeatCells::NONE;

        /// The most pieces in the hand and on the first position with which a piece lands on its seat's `start_crowd_cells`; read only beside them.
        #[rule(cites = "race family", source = "", range = 0..=64)]
        pub start_crowd_limit: u8 = 0, ludii: 0;

        /// The track position (from 1) from which a piece entering from the hand counts its throw, as a piece standing there would move, where `enter_counts_first_cell` counts (Tawula's `(trackSite Move from:(mapEntry "StartTrack" Mover) steps:(pips))`, its track's second site, where two pieces start: a value v lands v sites past it); 0: from before the first cell, a value v landing on the v-th cell.
        #[rule(cites = "race family", source = "", range = 0..=127)]
        pub enter_from: u8 = 0, ludii: 0;

        /// Pieces of a player on the first position of its track that hold them all there: while exactly so many stand on it, none leaves it until a piece of the player stands on one of its `start_hold_free_cells` or waits in its hand (Fevga's first piece sent ahead alone, `(!= (topLevel at:(from)) 13)` beside `"PieceInOpponentSide"`, and Jacquet's `(< (size Stack at:("StartPos")) 14)` beside `"OppositeQuadrant"`); 0: pieces leave the first position freely.
        #[rule(cites = "race family", source = "", range = 0..=16)]
        pub start_hold_count: u8 = 0, ludii: 0;

        /// Each seat's cells on which a piece of its own lets the pieces `start_hold_count` holds leave the first position (Fevga's opponent's side, Jacquet's opposite quadrant); per seat, separated by `|`, or `none`.
        #[rule(cites = "race family", source = "")]
        pub start_hold_free_cells: SeatCells = SeatCells::NONE, ludii: SeatCells::NONE;

        /// A track position (from 1) whose pieces stay there while any piece of their player waits in the hand (Tawula's `(if (or (!= (from) (mapEntry "StartTrack" Mover)) (and (= (from) (mapEntry "StartTrack" Mover)) ("HandEmpty" Mover))) …)`: the two pieces that start on its second site move only once the thirteen others have entered); 0: none is held so.
        #[rule(cites = "race family", source = "", range = 0..=127)]
        pub held_while_hand: u8 = 0, ludii: 0;

        /// Whether a player's pieces on the first position of its track (a bar on the board, where its captured pieces are sent back, `capture_return` 1) must all leave it before any other of its pieces on the board moves (Tawula's `(if ("BarEmpty" Mover) (forEach Piece top:True) ENTER-FROM-THE-BAR)`, the bar the first site of each track); pieces in the hand enter all the same. Otherwise pieces there move as any other.
        #[rule(cites = "race family", source = "")]
        pub first_position_first: bool = false, ludii: false;

        /// A seat whose pieces, on the one cell where it starts beside another seat's, lie beneath those (Myles's `(place Stack "Disc1" 21 count:4)` before `(place Stack "Disc2" 21 count:3)`: Ludii stacks the pieces placed later on top): while a piece of the other seat stands there, those beneath do not move (Ludii's `(sites Occupied by:Mover)` gives only the sites whose top piece is the mover's) and no piece of another seat lands there (an enemy on top of more than one piece, which `(= (topLevel at:(to)) 0)` refuses), while the other seat's pieces land there on their own, taking none; 0: seats start on cells of their own.
        #[rule(cites = "race family", source = "", range = 0..=4)]
        pub start_beneath: u8 = 0, ludii: 0;

        /// Whether, on a cell its track passes twice, only a piece of the earlier pass moves while one stands there (Ludii finds a piece's place on such a track by the lowest index where one of the mover's pieces stands, Ludus Anglicorum's `{6 0..5 7..12 25..20 18..12}`); otherwise a piece of either pass moves.
        #[rule(cites = "race family", source = "")]
        pub earliest_pass_moves: bool = false, ludii: false;

        /// How often the list of legal moves holds a move of a piece leaving a stack, for the random play that picks uniformly among them: `once` (the rules' own list), or `per-piece`, once for every piece of the mover's on the cell it leaves and, entering, in its hand, as Ludii 1.3.13 lists the moves of `(forEach Piece)` without `top:True` in a game of stacks (`ForEachPiece` walks every level of a stack), or `per-piece-on-board`, so on the board and an entry once. No rule of the game: a fault of Ludii's random play that the variant "Ludii 1.3.13 as it plays" keeps.
        #[rule(cites = "race family", source = "")]
        pub moves_listed: MovesListed = MovesListed::Once, ludii: MovesListed::Once;

        /// What a piece may do on a cell of its own side's pieces.
        #[rule(cites = "race family", source = "")]
        pub land_on_own: LandOnOwn = LandOnOwn::Forbidden, ludii: LandOnOwn::Forbidden;

        /// Each seat's cells where its pieces do not stack, though they stack elsewhere: a piece may land there only on no piece of its own side (Ludus Lombardorum's `(sites Mover)`, landed on only when empty); per seat, separated by `|`, or `none`.
        #[rule(cites = "race family", source = "")]
        pub no_stack_cells: SeatCells = SeatCells::NONE, ludii: SeatCells::NONE;

        /// Each seat's cells where its pieces may not land on an enemy, though they capture elsewhere: a piece may land there only where no enemy stands (Verquere's `(if (not (is In (to) (sites Mover "StartingSide"))) True (is Empty (to)))`, its starting side landed on only when empty); per seat, separated by `|`, or `none`.
        #[rule(cites = "race family", source = "")]
        pub no_capture_cells: SeatCells = SeatCells::NONE, ludii: SeatCells::NONE;

        /// What a piece does to enemy pieces where it lands.
        #[rule(cites = "race family", source = "")]
        pub land_on_enemy: LandOnEnemy = LandOnEnemy::Capture, ludii: LandOnEnemy::Capture;

        /// Where a captured piece goes: `hand`, or positions of its owner's own track (from 1) tried in order, the first where no piece of the capturer's side stands, other than the cell of the capture, nor one of its own side where its pieces do not stack (Todas Tablas's return to the quadrant where its pieces began; Tsaydithl's stick sent back to its door); with every one held the capture cannot be made.
        #[rule(cites = "race family", source = "")]
        pub capture_return: ReturnPositions = ReturnPositions::HAND, ludii: ReturnPositions::HAND;

        /// A piece with a piece of its own on the next or previous cell of its track cannot be attacked.
        #[rule(cites = "race family", source = "")]
        pub guarded_pairs: bool = false, ludii: false;

        /// Enemy pieces on this many consecutive cells or more cannot be passed (0: no blocking).
        #[rule(cites = "race family", source = "", range = 0..=16)]
        pub block_run: u8 = 0, ludii: 0;

        /// Cells where no piece is captured (a list of cell numbers, or `none`).
        #[rule(cites = "race family", source = "")]
        pub safe_cells: CellSet = CellSet::UR_ROSETTES, ludii: CellSet::UR_ROSETTES;

        /// Whether an enemy may not land at all on an occupied safe cell (Ur's rosettes); otherwise pieces of both sides share it.
        #[rule(cites = "race family", source = "")]
        pub safe_cells_refuse_enemy: bool = true, ludii: true;

        /// Cells that give another throw to a piece that comes to rest there.
        #[rule(cites = "race family", source = "")]
        pub extra_throw_cells: CellSet = CellSet::UR_ROSETTES, ludii: CellSet::UR_ROSETTES;

        /// Cells that send a piece coming to rest there back to its owner's hand, once it has captured there, to enter again (Kolica Atarakua's crossings, "the piece starts again from the beginning": Ludii's `(then (if (is In (last To) (sites "RemoveSites")) (fromTo (from (last To)) (to (handSite (mover))))))`); a list of cell numbers, or `none`.
        #[rule(cites = "race family", source = "")]
        pub to_hand_cells: CellSet = CellSet::NONE, ludii: CellSet::NONE;

        /// Cells that send a piece landing on them on to another cell of its track, as `from>to` pairs (58 Holes' connected holes, ladders and snakes, Senet's water).
        #[rule(cites = "race family", source = "")]
        pub jumps: Jumps = Jumps::NONE, ludii: Jumps::NONE;

        /// Cells that cannot be passed: a piece must land on them exactly first.
        #[rule(cites = "race family", source = "")]
        pub must_stop_cells: CellSet = CellSet::NONE, ludii: CellSet::NONE;

        /// When no piece can move forward, the throw moves a piece backwards.
        #[rule(cites = "race family", source = "")]
        pub backward_if_no_forward: bool = false, ludii: false;

        /// Whether a piece bears off with exactly one step past the last cell or with any throw reaching or passing it.
        #[rule(cites = "race family", source = "")]
        pub bear_off: BearOff = BearOff::Exact, ludii: BearOff::Exact;

        /// A piece may bear off only when all the mover's pieces on the board stand on the last this-many cells of its track (0: always).
        #[rule(cites = "race family", source = "", range = 0..=127)]
        pub bear_off_home: u8 = 0, ludii: 0;

        /// Each seat's cells on which every piece of its own on the board must stand before any bears off, in place of the last `bear_off_home` cells of its track (Ludii's Fevga, whose first player's `(regions "Home" P1 { 20..25 })` is the third quarter of its track, so that it never bears off, while the second's is its last); per seat, separated by `|`, or `none` (the last `bear_off_home` cells). Read only beside `bear_off_home`.
        #[rule(cites = "race family", source = "")]
        pub bear_off_home_cells: SeatCells = SeatCells::NONE, ludii: SeatCells::NONE;

        /// Whether pieces waiting in the mover's hand keep it from bearing off too, as pieces short of home on the board do (Verquere's bar, a site of the board read as the hand, which `(no Pieces Mover in:(difference (sites Board) (sites Mover "FinalQuadrant")))` counts); otherwise only the pieces on the board do. Read only beside `bear_off_home`.
        #[rule(cites = "race family", source = "")]
        pub bear_off_home_hand: bool = false, ludii: false;

        /// Whether, with every piece home, a value that moves no piece otherwise bears off the piece nearest the start among those it carries past the end (Backgammon's larger die); otherwise a piece bears off only as `bear_off` says.
        #[rule(cites = "race family", source = "")]
        pub bear_off_larger: bool = false, ludii: false;

        /// Whether a piece bears off only while no piece of its side waits in the hand (Paumecary's `(if (is Empty (handSite Mover)) …)` before its bearing off); otherwise the hand does not hold it back.
        #[rule(cites = "race family", source = "")]
        pub bear_off_hand_empty: bool = false, ludii: false;

        /// Whether pieces an enemy sent back to the mover's hand (Backgammon's bar) must all enter again before any piece on the board moves; pieces that have not yet entered wait as others do.
        #[rule(cites = "race family", source = "")]
        pub captured_enter_first: bool = false, ludii: false;

        /// Whether a player whose pieces are all off while the game goes on (its partner still racing) keeps its turns, each a throw it passes, that pass giving another throw where the throw's value does (Ludii's turn order, which passes over only a player with a result: Sokkattan's `(end (if (no Pieces TeamMover) (result TeamMover Win)))` gives none to a partner who is out); otherwise play passes over it.
        #[rule(cites = "race family", source = "")]
        pub finished_keep_turns: bool = false, ludii: false;

        /// Whether the first to bear off every piece wins, or play goes on and ranks by order of finishing.
        #[rule(cites = "race family", source = "")]
        pub ranking: Ranking = Ranking::FirstOutWins, ludii: Ranking::FirstOutWins;

        /// Positions of each seat's pieces that finish it as bearing off every piece does, once a piece of its own has come to rest (Schuster's `("SpecialWin")`: all fifteen on the last six points of the first side, three on each of the last three; Tourne-Case's three pieces on the final point); per seat, separated by `|`, a seat's goals by `;`, each a list of counts: `CELL=N` or `CELL>=N` of every piece standing there (Ludii's `(size Stack at:CELL)`), `CELL own=N` or `CELL own>=N` of the seat's own (`(is Friend (who at:CELL))`, one or more, where two sides never share a cell), and once a goal `CELLS own=N`, the seat's own on a set of cells (`(count Pieces Mover in:(sites {…}))`); `none`: bearing off alone finishes. Asked out of line.
        #[rule(cites = "race family", source = "")]
        pub goals: Goals = Goals::NONE, ludii: Goals::NONE;

        /// Whether the game ends in a draw once every player has passed a whole throw in turn, none able to use any of it (the rules' "neither player can move"); otherwise play goes on. Ludii's `(if (and (no Moves P1) (no Moves P2)) (result Mover Draw))` never ends a game whose turn is thrown in `(do (roll) next:…)`: that turn makes its own forced pass, so no player is ever without a move.
        #[rule(cites = "race family", source = "")]
        pub draw_when_none_can_move: bool = false, ludii: false;

        /// Whether the pieces, stacked where they start, must first be unstacked (and then stacked again) before any moves, a die of value v selecting the stack on position v of the mover's track (Ludii's `(move Select (from (trackSite Move from:(mapEntry "StartTrack" (mover)) steps:(- (pips) 1))))` in the phases before the race); otherwise they race from the start.
        #[rule(cites = "race family", source = "")]
        pub stacked_start: StackedStart = StackedStart::None, ludii: StackedStart::None;

        /// Pieces of a stack that is undone in halves: unstacked by two dice (half, then whole) and stacked again half by one die, which is enough, and whole by another (Ludii's `(if (= 3 (size Stack at:(last To))) ("UnstackHalf") …)`); 0: every stack by one die.
        #[rule(cites = "race family", source = "", range = 0..=16)]
        pub unstack_in_halves: u8 = 0, ludii: 0;

        /// When a throw of dice all alike is played one die only, or passed where no die of it can be used, the mover then throwing again (Ludii's `(if (or (all DiceEqual) (not ("SameTurn"))) (roll))`, and Ofanfelling's `(set Pending)` on `(all DiceEqual)` after every move, its forced pass too): never, in the race once the stacks are done, or always; read only beside `stacked_start`.
        #[rule(cites = "race family", source = "")]
        pub rethrow_doubles: RethrowDoubles = RethrowDoubles::Never, ludii: RethrowDoubles::Never;

        /// Whether a double thrown while the mover's stacks are not done is played as so many selections of any of its stacks not yet done as its dice add up to, one a move, instead of die by die (Dubblets' `(set Var "Double" (count Pips))` before `(forEach Site (sites Occupied by:Mover) …)`); the turn ends with the last, and those left once the stacks are done are the race's; otherwise a double is played die by die.
        #[rule(cites = "race family", source = "")]
        pub double_selects_any: bool = false, ludii: false;

        /// Whether a double in the race bears off the mover's pieces one a move, from any point, until none is left (Dubblets' `(move Remove (site))` under `(var "Double")`, in a turn that asks for another move while a die is unused, which a bearing off by the double never uses); otherwise a double moves as its dice say. Read only beside `stacked_start`.
        #[rule(cites = "race family", source = "")]
        pub double_bears_off_all: bool = false, ludii: false;

        /// Whether a player whose pieces are all borne off places them again on its start before it is done (Tables Rabbatuees' `(phase "Placing" …)` after the race, its pieces borne off into the hand): each die of value v places a piece from the hand on position v of its track while fewer stand there than the start placed, and the first to place every piece finishes; a double's count of bearings off left when the last piece goes is the next player's to play, a selection or a bearing off of any of its pieces each, as Ludii's `(var "Double")`, the game's and not the player's, is read on. Read only beside `stacked_start` and `double_bears_off_all`.
        #[rule(cites = "race family", source = "")]
        pub replace_after_race: bool = false, ludii: false;
    }
    validate = validate;
}

/// Values the engine cannot play together, named by the parameter at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{key}: {reason}")]
pub struct Clash {
    /// The parameter whose value does not fit the others.
    pub key: &'static str,
    /// Why.
    pub reason: String,
}

/// The combination check of [`RaceParams`], as the options' `validate` reports it.
fn validate(params: &RaceParams) -> Result<(), String> {
    check(params).map_err(|clash| clash.to_string())
}

/// Combinations the engine cannot play, each named by the parameter it is about.
pub fn check(params: &RaceParams) -> Result<(), Clash> {
    checked(params).map_err(|(key, reason)| Clash { key, reason })
}

fn checked(params: &RaceParams) -> Result<(), (&'static str, String)> {
    let players = usize::from(params.players);
    if usize::from(params.tracks.seats) != players {
        return Err((
            "tracks",
            format!(
                "{} tracks for {players} players; each seat has its own",
                params.tracks.seats
            ),
        ));
    }
    if params.teams == Teams::Partners && players != 4 {
        return Err(("teams", "partners need four players".into()));
    }
    if let Some(seats) = params.start.seats() {
        if usize::from(seats) != players {
            return Err((
                "start",
                format!("positions for {seats} seats, the game has {players} players"),
            ));
        }
        for seat in 0..players {
            let positions = params.start.positions(seat);
            if positions.len() > usize::from(params.pieces) {
                return Err((
                    "start",
                    format!(
                        "seat {} starts {} pieces on the board, it has {}",
                        seat + 1,
                        positions.len(),
                        params.pieces
                    ),
                ));
            }
            let len = params.tracks.len(seat);
            if let Some(&beyond) = positions.iter().find(|&&p| usize::from(p) > len) {
                return Err((
                    "start",
                    format!(
                        "position {beyond} of seat {} is beyond its track of {len} cells",
                        seat + 1
                    ),
                ));
            }
        }
        // Pieces stand at the start only where play could have put them.
        let side = |seat: usize| match params.teams {
            Teams::None => seat,
            Teams::Partners => seat % 2,
        };
        let mut holder = [None::<usize>; MAX_CELLS];
        let beneath = beneath_cell(params);
        for seat in 0..players {
            for &position in params.start.positions(seat) {
                let cell = params.tracks.track(seat)[usize::from(position) - 1];
                let shared = (params.safe_cells.contains(cell) && !params.safe_cells_refuse_enemy)
                    || beneath == Some(cell);
                match holder[usize::from(cell)] {
                    Some(other) if side(other) != side(seat) && !shared => {
                        return Err((
                            "start",
                            format!(
                                "seats {} and {} both start on cell {cell}",
                                other + 1,
                                seat + 1
                            ),
                        ));
                    }
                    Some(_) if params.land_on_own == LandOnOwn::Forbidden => {
                        return Err((
                            "start",
                            format!(
                                "two pieces of one side start on cell {cell}, where they may not stack"
                            ),
                        ));
                    }
                    _ => holder[usize::from(cell)] = Some(seat),
                }
            }
        }
    }
    if let Some(seats) = params.no_stack_cells.seats() {
        if usize::from(seats) != players {
            return Err((
                "no_stack_cells",
                format!("cells for {seats} seats, the game has {players} players"),
            ));
        }
        if params.land_on_own != LandOnOwn::Stack {
            return Err((
                "no_stack_cells",
                "cells where pieces do not stack, in a game where they never do".into(),
            ));
        }
    }
    checked_goals(params)?;
    if let Some(seats) = params.no_capture_cells.seats() {
        if usize::from(seats) != players {
            return Err((
                "no_capture_cells",
                format!("cells for {seats} seats, the game has {players} players"),
            ));
        }
        if params.land_on_enemy == LandOnEnemy::Forbidden {
            return Err((
                "no_capture_cells",
                "cells where pieces do not capture, in a game where they never land on an enemy"
                    .into(),
            ));
        }
    }
    if let Some(seats) = params.bear_off_home_cells.seats() {
        if usize::from(seats) != players {
            return Err((
                "bear_off_home_cells",
                format!("cells for {seats} seats, the game has {players} players"),
            ));
        }
        if params.bear_off_home == 0 {
            return Err((
                "bear_off_home_cells",
                "home cells where bearing off waits for no piece to be home".into(),
            ));
        }
    }
    if params.bear_off_home_hand && params.bear_off_home == 0 {
        return Err((
            "bear_off_home_hand",
            "pieces in hand keep the mover from bearing off only where bearing off waits for every piece to be home"
                .into(),
        ));
    }
    if let Some(seats) = params.restricted_cells.seats()
        && usize::from(seats) != players
    {
        return Err((
            "restricted_cells",
            format!("cells for {seats} seats, the game has {players} players"),
        ));
    }
    if params.one_step_turn_values != ValueSet::NONE {
        let values = params.one_step_turn_values.0;
        if values & !params.extra_throw_values.0 != 0 || params.extra_throws_in_a_row != 0 {
            return Err((
                "one_step_turn_values",
                "a one-step turn follows only values that give another throw, as many in a row as are thrown".into(),
            ));
        }
        if params.enter_counts_first_cell
            || params.dice_use != DiceUse::Sum
            || params.stacked_start != StackedStart::None
        {
            return Err((
                "one_step_turn_values",
                "a one-step turn is read only where one throw moves one piece and a piece enters on the first cell whatever the value".into(),
            ));
        }
    }
    if (params.alternative_value == 0) != (params.alternative_steps == 0) {
        return Err((
            "alternative_steps",
            "a value played otherwise needs both the value and its steps".into(),
        ));
    }
    if params.alternative_value != 0
        && (params.backward_if_no_forward
            || params.stacked_start != StackedStart::None
            || params.dice_use != DiceUse::Sum)
    {
        return Err((
            "alternative_value",
            "a value played otherwise is read only of one throw summed, moving forward, without stacks to undo"
                .into(),
        ));
    }
    if let Some(seats) = params.enter_blocked_cells.seats()
        && usize::from(seats) != players
    {
        return Err((
            "enter_blocked_cells",
            format!("cells for {seats} seats, the game has {players} players"),
        ));
    }
    for (key, cells) in [
        ("stack_limit_cells", &params.stack_limit_cells),
        ("start_crowd_cells", &params.start_crowd_cells),
    ] {
        if let Some(seats) = cells.seats()
            && usize::from(seats) != players
        {
            return Err((
                key,
                format!("cells for {seats} seats, the game has {players} players"),
            ));
        }
    }
    if (params.stack_limit > 0) != params.stack_limit_cells.seats().is_some() {
        return Err((
            "stack_limit",
            "a limit of the stacks landed on is read with the cells it holds on, and cells with a limit"
                .into(),
        ));
    }
    if params.start_crowd_limit > 0 && params.start_crowd_cells.seats().is_none() {
        return Err((
            "start_crowd_limit",
            "a limit of the pieces at the start is read only beside the cells it keeps".into(),
        ));
    }
    if let Some(seats) = params.start_hold_free_cells.seats()
        && usize::from(seats) != players
    {
        return Err((
            "start_hold_free_cells",
            format!("cells for {seats} seats, the game has {players} players"),
        ));
    }
    if params.start_hold_count > params.pieces {
        return Err((
            "start_hold_count",
            format!(
                "{} pieces held on the first position, the game has {} a player",
                params.start_hold_count, params.pieces
            ),
        ));
    }
    if params.enter_from > 0 || params.held_while_hand > 0 {
        checked_start_positions(params)?;
    }
    if params.start_beneath > 0 {
        checked_start_beneath(params)?;
    }
    if params.land_on_enemy == LandOnEnemy::Swap && params.land_on_own == LandOnOwn::Stack {
        return Err(("land_on_enemy", "a swap sends the enemy to the cell the mover leaves, which a stack may not leave empty"
                .into(),
        ));
    }
    let outcomes = params.throw.outcomes();
    let listed_faces = match params.throw {
        Throw::Dice { faces, .. } => 1..=u32::from(faces),
        _ => 0..=outcomes - 1,
    };
    if let Some(outcome) = params
        .throw_values
        .listed()
        .find(|&o| !listed_faces.contains(&u32::from(o)))
    {
        return Err((
            "throw_values",
            format!(
                "{outcome} is not an outcome of {}",
                params.throw.render_value()
            ),
        ));
    }
    if params.dice_use != DiceUse::Sum && !matches!(params.throw, Throw::Dice { count: 2.., .. }) {
        return Err(("dice_use", "each die apart needs two dice or more".into()));
    }
    if params.doubles_played_twice
        && (params.dice_use == DiceUse::Sum
            || !matches!(params.throw, Throw::Dice { count: 2, .. }))
    {
        return Err((
            "doubles_played_twice",
            "doubles are played twice over with two dice played apart".into(),
        ));
    }
    if params.draw_when_none_can_move
        && (params.teams != Teams::None || params.ranking != Ranking::FirstOutWins)
    {
        return Err((
            "draw_when_none_can_move",
            "a draw ends only a race of players alone, the first out winning".into(),
        ));
    }
    if params.pass_after_last_die && !params.unplayable_die_passes {
        return Err((
            "pass_after_last_die",
            "a pass after the last die is Ludii's, whose turn passes a die no piece can use too"
                .into(),
        ));
    }
    if params.pass_after_last_die
        && (params.extra_throw_values != ValueSet::NONE
            || params.extra_throw_cells != CellSet::NONE)
    {
        // The pass would end the throw as a pass, which gives another throw only on a pass.
        return Err((
            "pass_after_last_die",
            "a pass after the last die in a game where values or cells give another throw".into(),
        ));
    }
    if params.move_after_dice > 0
        && (params.dice_use != DiceUse::Each
            || params.pass_after_last_die
            || params.extra_throw_values != ValueSet::NONE
            || params.extra_throw_cells != CellSet::NONE)
    {
        return Err((
            "move_after_dice",
            "a move after the dice follows dice played each apart, in a turn that ends with it"
                .into(),
        ));
    }
    if params.another_throw_on_doubles {
        checked_another_throw_on_doubles(params)?;
    }
    if params.unplayable_dice_to_next {
        checked_unplayable_dice_to_next(params)?;
    }
    if params.stacked_start == StackedStart::None && params.unstack_in_halves > 0 {
        return Err((
            "unstack_in_halves",
            "stacks undone in halves, in a game whose pieces start unstacked".into(),
        ));
    }
    if params.stacked_start != StackedStart::None {
        checked_stacked_start(params)?;
    }
    if params.rethrow_doubles != RethrowDoubles::Never {
        checked_rethrow_doubles(params)?;
    }
    if params.replace_after_race
        && !(params.stacked_start == StackedStart::Unstack
            && params.double_selects_any
            && params.double_bears_off_all)
    {
        return Err((
            "replace_after_race",
            "pieces placed again after the race are read only beside stacks undone once, a double counted in them and in the race".into(),
        ));
    }
    if params.double_selects_any || params.double_bears_off_all {
        checked_doubles_counted(params)?;
    }
    if params.throw.die_by_die() {
        checked_die_by_die(params)?;
    }
    if params.unplayable_die_passes && params.dice_use == DiceUse::Sum {
        return Err((
            "unplayable_die_passes",
            "a die is passed apart only where the dice are played apart".into(),
        ));
    }
    if params.bear_off_larger && (params.bear_off != BearOff::Exact || params.bear_off_home == 0) {
        return Err((
            "bear_off_larger",
            "a larger value bears off only where bearing off is exact and waits for every piece to be home"
                .into(),
        ));
    }
    if !params.capture_return.is_hand() {
        if !matches!(
            params.land_on_enemy,
            LandOnEnemy::Capture | LandOnEnemy::CaptureSingle
        ) {
            return Err((
                "capture_return",
                "a captured piece returns to its track only where pieces capture".into(),
            ));
        }
        for seat in 0..players {
            let len = params.tracks.len(seat);
            if let Some(&beyond) = params
                .capture_return
                .positions()
                .iter()
                .find(|&&p| usize::from(p) > len)
            {
                return Err((
                    "capture_return",
                    format!(
                        "position {beyond} is beyond the track of seat {}, of {len} cells",
                        seat + 1
                    ),
                ));
            }
        }
    }
    if params.tracks.any_repeated() {
        // On a track that passes a cell twice, a cell does not tell which pass a piece is on.
        if params.guarded_pairs {
            return Err((
                "guarded_pairs",
                "a guard is the next or previous cell of a piece's track, which a track passing a cell twice does not tell by the cell"
                    .into(),
            ));
        }
        if params.land_on_enemy == LandOnEnemy::Swap {
            return Err((
                "land_on_enemy",
                "a swap sends the enemy to the mover's cell, which on a track passing a cell twice names no one pass"
                    .into(),
            ));
        }
    }
    let on_a_track = params.tracks.cells();
    // Cell sets may name cells on no track (Ludii's 20 Squares marks a rosette its tracks
    // never reach): such a cell changes nothing. A jump must lead somewhere.
    for (from, to) in params.jumps.pairs() {
        for seat in 0..players {
            let track = &params.tracks;
            if track.position(seat, from).is_some() && track.position(seat, to).is_none() {
                return Err((
                    "jumps",
                    format!("{from}>{to} leads seat {} off its track", seat + 1),
                ));
            }
            if track.position(seat, from).is_some() && track.repeated(seat).contains(to) {
                return Err((
                    "jumps",
                    format!(
                        "{from}>{to} leads to a cell seat {}'s track passes twice, on no one pass",
                        seat + 1
                    ),
                ));
            }
        }
        if on_a_track.0 & (1 << from) == 0 {
            return Err(("jumps", format!("cell {from} is on no track")));
        }
    }
    Ok(())
}

/// `another_throw_on_doubles` asks for dice played each apart, and no pass after the last die
/// (which would end the throw as a pass, while Ludii's description throws again at once).
#[cold]
/// Each seat's goals name its seats and cells its own track passes, and counts a seat can reach.
fn checked_goals(params: &RaceParams) -> Result<(), (&'static str, String)> {
    let Some(seats) = params.goals.seats() else {
        return Ok(());
    };
    let players = usize::from(params.players);
    if params.teams != Teams::None || params.ranking != Ranking::FirstOutWins {
        return Err((
            "goals",
            "goals beside partners or a finishing order, whose finishers keep pieces on the board"
                .into(),
        ));
    }
    if usize::from(seats) != players {
        return Err((
            "goals",
            format!("goals for {seats} seats, the game has {players} players"),
        ));
    }
    for seat in 0..players {
        let on_track = |cell: u8| params.tracks.position(seat, cell).is_some();
        for goal in params.goals.of(seat) {
            let mut cells = goal.cells().iter().map(|c| c[0]).chain(goal.within.cells());
            if let Some(cell) = cells.find(|&c| !on_track(c)) {
                return Err((
                    "goals",
                    format!(
                        "cell {cell} of a goal of seat {} is not on its track",
                        seat + 1
                    ),
                ));
            }
            if goal.within_count > params.pieces
                || goal
                    .cells()
                    .iter()
                    .any(|c| c[1] == 1 && c[2] > params.pieces)
            {
                return Err((
                    "goals",
                    format!(
                        "a goal of seat {} counts more of its pieces than its {}",
                        seat + 1,
                        params.pieces
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn checked_another_throw_on_doubles(params: &RaceParams) -> Result<(), (&'static str, String)> {
    if params.dice_use != DiceUse::Each || !matches!(params.throw, Throw::Dice { count: 2.., .. }) {
        return Err((
            "another_throw_on_doubles",
            "another throw on doubles needs two dice or more, each played apart".into(),
        ));
    }
    if params.pass_after_last_die {
        return Err((
            "another_throw_on_doubles",
            "another throw on doubles after a pass that follows the last die".into(),
        ));
    }
    Ok(())
}

/// `stacked_start` undoes stacks of two pieces or more, where every piece on the board starts,
/// each selected by a die of a throw of dice played apart.
#[cold]
fn checked_stacked_start(params: &RaceParams) -> Result<(), (&'static str, String)> {
    if params.dice_use != DiceUse::Each || !matches!(params.throw, Throw::Dice { count: 2.., .. }) {
        return Err((
            "stacked_start",
            "stacks are selected each by a die, of two dice or more played apart".into(),
        ));
    }
    if params.start.seats().is_none() {
        return Err((
            "stacked_start",
            "stacks to undo where the pieces start in hand".into(),
        ));
    }
    for seat in 0..usize::from(params.players) {
        let positions = params.start.positions(seat);
        let single = positions
            .iter()
            .find(|&&p| positions.iter().filter(|&&q| q == p).count() < 2);
        if let Some(position) = single {
            return Err((
                "stacked_start",
                format!(
                    "seat {} starts a single piece on position {position}, no stack",
                    seat + 1
                ),
            ));
        }
    }
    Ok(())
}

/// `rethrow_doubles` plays one die of a double of two dice or more played apart, and in the
/// race alone only where the race follows stacks; no other rule of doubles or of the dice left
/// goes with it.
#[cold]
fn checked_rethrow_doubles(params: &RaceParams) -> Result<(), (&'static str, String)> {
    if params.dice_use != DiceUse::Each || !matches!(params.throw, Throw::Dice { count: 2.., .. }) {
        return Err((
            "rethrow_doubles",
            "a double played one die needs two dice or more, each played apart".into(),
        ));
    }
    if params.stacked_start == StackedStart::None {
        return Err((
            "rethrow_doubles",
            "a double played one die is read only beside stacks to undo (its stages)".into(),
        ));
    }
    if params.doubles_played_twice
        || params.another_throw_on_doubles
        || params.unplayable_dice_to_next
        || params.pass_after_last_die
        || params.move_after_dice > 0
    {
        return Err((
            "rethrow_doubles",
            "a double played one die, beside another rule of doubles or of the dice left".into(),
        ));
    }
    Ok(())
}

/// The cell where the pieces of `start_beneath`'s seat start beneath another seat's, and that
/// seat, from the start: the one cell where the seat and exactly one other, of another side,
/// both start (`None` where there is none, or more than one such cell or seat, or no such
/// parameter).
pub fn beneath_cell_and_seat(params: &RaceParams) -> Option<(u8, usize)> {
    let below = usize::from(params.start_beneath).checked_sub(1)?;
    let players = usize::from(params.players);
    params.start.seats()?;
    let cells = |seat: usize| {
        params
            .start
            .positions(seat)
            .iter()
            .filter_map(move |&p| {
                params
                    .tracks
                    .track(seat)
                    .get(usize::from(p).checked_sub(1)?)
            })
            .copied()
    };
    let mut shared = None;
    for seat in (0..players).filter(|&s| s != below) {
        for cell in cells(seat) {
            if cells(below).any(|c| c == cell) && shared != Some((cell, seat)) {
                if shared.is_some() {
                    return None;
                }
                shared = Some((cell, seat));
            }
        }
    }
    shared
}

fn beneath_cell(params: &RaceParams) -> Option<u8> {
    beneath_cell_and_seat(params).map(|(cell, _)| cell)
}

/// `start_beneath` names a seat that starts on one cell beside exactly one other, in a game
/// where pieces stack on their own and take a lone enemy alone, or none, as Ludii's
/// `(= (topLevel at:(to)) 0)` does.
#[cold]
fn checked_start_beneath(params: &RaceParams) -> Result<(), (&'static str, String)> {
    if params.start_beneath > params.players {
        return Err((
            "start_beneath",
            format!(
                "seat {}, the game has {} players",
                params.start_beneath, params.players
            ),
        ));
    }
    let Some(cell) = beneath_cell(params) else {
        return Err((
            "start_beneath",
            format!(
                "seat {} starts on no cell beside exactly one other seat",
                params.start_beneath
            ),
        ));
    };
    if params.teams != Teams::None {
        return Err((
            "start_beneath",
            "pieces beneath another seat's, in a game of partners".into(),
        ));
    }
    if params.land_on_own != LandOnOwn::Stack
        || !matches!(
            params.land_on_enemy,
            LandOnEnemy::CaptureSingle | LandOnEnemy::Forbidden
        )
    {
        return Err((
            "start_beneath",
            "pieces beneath another seat's, where pieces do not stack on their own or take more than a lone enemy".into(),
        ));
    }
    if params.safe_cells.contains(cell) || params.to_hand_cells.contains(cell) {
        return Err((
            "start_beneath",
            format!("pieces beneath another seat's on cell {cell}, a cell of other rules"),
        ));
    }
    Ok(())
}

/// `enter_from` counts from a position of every track, where entering pieces count from the
/// first cell; `held_while_hand` holds a position of every track.
#[cold]
fn checked_start_positions(params: &RaceParams) -> Result<(), (&'static str, String)> {
    let shortest = (0..usize::from(params.tracks.seats))
        .map(|seat| params.tracks.len(seat))
        .min()
        .unwrap_or(0);
    if params.enter_from > 0 && !params.enter_counts_first_cell {
        return Err((
            "enter_from",
            "a position entering pieces count from, where they enter onto the first cell whatever the value".into(),
        ));
    }
    for (key, position) in [
        ("enter_from", params.enter_from),
        ("held_while_hand", params.held_while_hand),
    ] {
        if usize::from(position) > shortest {
            return Err((
                key,
                format!("position {position}, past the end of a track of {shortest} cells"),
            ));
        }
    }
    Ok(())
}

/// `double_selects_any` and `double_bears_off_all` play a double of two dice played apart in a
/// turn of no other rule of doubles; a double selects stacks only where there are some.
#[cold]
fn checked_doubles_counted(params: &RaceParams) -> Result<(), (&'static str, String)> {
    let key = if params.double_selects_any {
        "double_selects_any"
    } else {
        "double_bears_off_all"
    };
    if params.dice_use != DiceUse::Each || !matches!(params.throw, Throw::Dice { count: 2, .. }) {
        return Err((key, "a double of two dice, each played apart".into()));
    }
    if params.stacked_start == StackedStart::None {
        return Err((
            key,
            "a double counted by its dice is read only beside stacks to undo".into(),
        ));
    }
    if params.doubles_played_twice
        || params.another_throw_on_doubles
        || params.rethrow_doubles != RethrowDoubles::Never
        || params.unplayable_dice_to_next
        || params.pass_after_last_die
        || params.move_after_dice > 0
    {
        return Err((
            key,
            "a double counted by its dice beside another rule of doubles or of the dice left"
                .into(),
        ));
    }
    Ok(())
}

/// A throw of dice thrown one by one (more than 255 outcomes) tells no double by its outcome,
/// so no rule of doubles that asks whether every die shows one face goes with it.
#[cold]
fn checked_die_by_die(params: &RaceParams) -> Result<(), (&'static str, String)> {
    let key = if params.another_throw_on_doubles {
        "another_throw_on_doubles"
    } else if params.rethrow_doubles != RethrowDoubles::Never {
        "rethrow_doubles"
    } else if params.double_selects_any {
        "double_selects_any"
    } else if params.double_bears_off_all {
        "double_bears_off_all"
    } else {
        return Ok(());
    };
    Err((
        key,
        format!(
            "dice whose faces all alike are asked, in a throw of {} outcomes thrown die by die",
            params.throw.outcomes()
        ),
    ))
}

/// `unplayable_dice_to_next` hands dice played apart between two players alone; a pass that
/// hands them on ends no throw, so it neither counts for the draw nor follows the last die.
#[cold]
fn checked_unplayable_dice_to_next(params: &RaceParams) -> Result<(), (&'static str, String)> {
    if params.dice_use != DiceUse::Each || params.players != 2 || params.teams != Teams::None {
        return Err((
            "unplayable_dice_to_next",
            "dice are handed on between two players alone, each die played apart".into(),
        ));
    }
    if params.draw_when_none_can_move || params.pass_after_last_die || params.extra_throw_on_pass {
        return Err((
            "unplayable_dice_to_next",
            "a pass that hands the dice on ends no throw: no draw, pass after the last die or another throw on a pass".into(),
        ));
    }
    Ok(())
}

/// Whole numbers of a list separated by spaces or commas.
fn numbers(text: &str) -> impl Iterator<Item = Result<u32, String>> + '_ {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|part| !part.is_empty())
        .map(move |part| {
            part.parse()
                .map_err(|_| format!("{part:?} in {text:?} is not a whole number"))
        })
}

fn cell_number(number: u32, text: &str) -> Result<u8, String> {
    u8::try_from(number)
        .ok()
        .filter(|&c| usize::from(c) < MAX_CELLS)
        .ok_or_else(|| format!("{number} in {text:?} is not a cell from 0 to 127"))
}

/// Each seat's track: its cells in order, and where each cell stands on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tracks {
    /// Tracks given (one a seat).
    pub seats: u8,
    lengths: [u8; MAX_SEATS],
    cells: [[u8; MAX_CELLS]; MAX_SEATS],
    /// The position (from 0) of each cell's first pass on each seat's track, or [`NO_CELL`].
    positions: [[u8; MAX_CELLS]; MAX_SEATS],
    /// The cells each seat's track passes more than once (Pachisi's kin walk out along their
    /// arm's middle row and home along it), one bit each.
    repeated: [u128; MAX_SEATS],
}

impl Tracks {
    /// The Royal Game of Ur after Finkel, on Ludii's numbering of its board.
    pub const fn ur() -> Tracks {
        const ONE: [u8; 14] = [3, 2, 1, 0, 6, 7, 8, 9, 10, 11, 12, 13, 5, 4];
        const TWO: [u8; 14] = [17, 16, 15, 14, 6, 7, 8, 9, 10, 11, 12, 13, 19, 18];
        let mut tracks = Tracks {
            seats: 2,
            lengths: [14, 14, 0, 0],
            cells: [[0; MAX_CELLS]; MAX_SEATS],
            positions: [[NO_CELL; MAX_CELLS]; MAX_SEATS],
            repeated: [0; MAX_SEATS],
        };
        let mut i = 0;
        while i < 14 {
            tracks.cells[0][i] = ONE[i];
            tracks.cells[1][i] = TWO[i];
            tracks.positions[0][ONE[i] as usize] = i as u8;
            tracks.positions[1][TWO[i] as usize] = i as u8;
            i += 1;
        }
        tracks
    }

    /// The cells of `seat`'s track, in order.
    #[inline]
    pub fn track(&self, seat: usize) -> &[u8] {
        &self.cells[seat][..usize::from(self.lengths[seat])]
    }

    /// The cells of `seat`'s track, as a fixed array (past its length: 0).
    #[inline]
    pub fn track_array(&self, seat: usize) -> &[u8; MAX_CELLS] {
        &self.cells[seat]
    }

    /// Cells on `seat`'s track.
    #[inline]
    pub fn len(&self, seat: usize) -> usize {
        usize::from(self.lengths[seat])
    }

    /// The position (from 0) of `cell` on `seat`'s track: of its first pass where the track
    /// passes it more than once.
    #[inline]
    pub fn position(&self, seat: usize, cell: u8) -> Option<u8> {
        let position = self.positions[seat][usize::from(cell) % MAX_CELLS];
        (position != NO_CELL).then_some(position)
    }

    /// The position (from 0) of the `pass`-th pass (from 1) of `seat`'s track over `cell`.
    pub fn position_of_pass(&self, seat: usize, cell: u8, pass: u8) -> Option<u8> {
        let pass = usize::from(pass.checked_sub(1)?);
        self.track(seat)
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c == cell)
            .nth(pass)
            .map(|(position, _)| position as u8)
    }

    /// Which pass (from 1) of `seat`'s track over its cell `position` is.
    pub fn pass_at(&self, seat: usize, position: u8) -> u8 {
        let track = self.track(seat);
        let cell = track[usize::from(position)];
        track[..=usize::from(position)]
            .iter()
            .filter(|&&c| c == cell)
            .count() as u8
    }

    /// The cells `seat`'s track passes more than once.
    #[inline]
    pub fn repeated(&self, seat: usize) -> CellSet {
        CellSet(self.repeated[seat])
    }

    /// Whether some seat's track passes a cell more than once.
    pub fn any_repeated(&self) -> bool {
        self.repeated[..usize::from(self.seats)]
            .iter()
            .any(|&bits| bits != 0)
    }

    /// Every cell on some track.
    pub fn cells(&self) -> CellSet {
        let mut bits = 0u128;
        for seat in 0..usize::from(self.seats) {
            for &cell in self.track(seat) {
                bits |= 1 << cell;
            }
        }
        CellSet(bits)
    }
}

impl OptionValue for Tracks {
    fn parse_value(text: &str) -> Result<Self, String> {
        let mut tracks = Tracks {
            seats: 0,
            lengths: [0; MAX_SEATS],
            cells: [[0; MAX_CELLS]; MAX_SEATS],
            positions: [[NO_CELL; MAX_CELLS]; MAX_SEATS],
            repeated: [0; MAX_SEATS],
        };
        for (seat, part) in text.split('|').enumerate() {
            if seat >= MAX_SEATS {
                return Err(format!("more than {MAX_SEATS} tracks in {text:?}"));
            }
            let mut len = 0usize;
            for number in numbers(part) {
                let cell = cell_number(number?, text)?;
                if len >= MAX_CELLS {
                    return Err(format!(
                        "track {} is longer than {MAX_CELLS} steps",
                        seat + 1
                    ));
                }
                if len > 0 && tracks.cells[seat][len - 1] == cell {
                    return Err(format!(
                        "track {} steps from cell {cell} onto itself; a track leads on",
                        seat + 1
                    ));
                }
                if tracks.positions[seat][usize::from(cell)] == NO_CELL {
                    tracks.positions[seat][usize::from(cell)] = len as u8;
                } else {
                    // A later pass over a cell: what stands there is found by cell, the
                    // piece's place on the track by its position.
                    tracks.repeated[seat] |= 1 << cell;
                }
                tracks.cells[seat][len] = cell;
                len += 1;
            }
            if len == 0 {
                return Err(format!("track {} has no cells", seat + 1));
            }
            tracks.lengths[seat] = len as u8;
            tracks.seats += 1;
        }
        Ok(tracks)
    }

    fn render_value(&self) -> String {
        (0..usize::from(self.seats))
            .map(|seat| {
                self.track(seat)
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join(" | ")
    }

    fn domain() -> String {
        "cell numbers (0 to 127) of each seat's track in order, the seats separated by |".into()
    }
}

/// Where the pieces stand when the game begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Start {
    /// Seats given (0: every piece in hand).
    seats: u8,
    counts: [u8; MAX_SEATS],
    /// Track positions from 1.
    positions: [[u8; MAX_PIECES]; MAX_SEATS],
}

impl Start {
    /// Every piece waits in its owner's hand.
    pub const HAND: Start = Start {
        seats: 0,
        counts: [0; MAX_SEATS],
        positions: [[0; MAX_PIECES]; MAX_SEATS],
    };

    /// Seats whose positions are given, unless every piece starts in hand.
    pub fn seats(&self) -> Option<u8> {
        (self.seats > 0).then_some(self.seats)
    }

    /// The track positions (from 1) `seat`'s pieces start on; the others start in hand.
    pub fn positions(&self, seat: usize) -> &[u8] {
        &self.positions[seat][..usize::from(self.counts[seat])]
    }
}

impl OptionValue for Start {
    fn parse_value(text: &str) -> Result<Self, String> {
        if text.trim() == "hand" {
            return Ok(Start::HAND);
        }
        let mut start = Start::HAND;
        for (seat, part) in text.split('|').enumerate() {
            if seat >= MAX_SEATS {
                return Err(format!("more than {MAX_SEATS} seats in {text:?}"));
            }
            for number in numbers(part) {
                let number = number?;
                let count = usize::from(start.counts[seat]);
                if count == MAX_PIECES {
                    return Err(format!(
                        "seat {} starts more than {MAX_PIECES} pieces",
                        seat + 1
                    ));
                }
                start.positions[seat][count] = u8::try_from(number)
                    .ok()
                    .filter(|&p| p >= 1 && usize::from(p) <= MAX_CELLS)
                    .ok_or_else(|| {
                        format!("{number} in {text:?} is not a track position from 1 to 128")
                    })?;
                start.counts[seat] += 1;
            }
            start.seats += 1;
        }
        Ok(start)
    }

    fn render_value(&self) -> String {
        if self.seats == 0 {
            return "hand".into();
        }
        (0..usize::from(self.seats))
            .map(|seat| {
                self.positions(seat)
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join(" | ")
    }

    fn domain() -> String {
        "hand, or each seat's starting track positions (from 1) separated by |".into()
    }
}

/// What is thrown each turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Throw {
    /// Two-sided lots (sticks, beans, cowries); the outcome is how many land up.
    Lots(u8),
    /// Dice of faces 1..=faces; the outcome encodes every die.
    Dice {
        /// Dice thrown.
        count: u8,
        /// Faces of each.
        faces: u8,
    },
    /// One throw of equally likely outcomes 0..faces (a table such as the Seleucid astragals).
    Faces(u8),
}

impl Throw {
    /// The number of outcomes of the whole throw.
    pub fn outcomes(self) -> u32 {
        match self {
            Throw::Lots(n) => u32::from(n) + 1,
            Throw::Dice { count, faces } => u32::from(faces).pow(u32::from(count)),
            Throw::Faces(faces) => u32::from(faces),
        }
    }

    /// Whether the throw is too many outcomes for one chance event (more than 255: El Mundo's
    /// three seven-sided dice, 343), so that its dice are thrown one by one, a chance event of
    /// `faces` outcomes each, before the thrower plays any. Each die falls alike whether the
    /// dice are thrown together or in turn, so the throw is the same.
    pub fn die_by_die(self) -> bool {
        matches!(self, Throw::Dice { .. }) && self.outcomes() > 255
    }

    /// The outcomes of one chance event: the whole throw's, or one die's where the dice are
    /// thrown one by one.
    pub fn chance_outcomes(self) -> u8 {
        match self {
            Throw::Dice { faces, .. } if self.die_by_die() => faces,
            throw => throw.outcomes() as u8,
        }
    }
}

impl OptionValue for Throw {
    fn parse_value(text: &str) -> Result<Self, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let number = |word: &str, lo: u8, hi: u8| -> Result<u8, String> {
            word.parse::<u8>()
                .ok()
                .filter(|n| (lo..=hi).contains(n))
                .ok_or_else(|| format!("{word:?} in {text:?} is not a number from {lo} to {hi}"))
        };
        match words.as_slice() {
            ["lots", n] => Ok(Throw::Lots(number(n, 1, 16)?)),
            ["faces", n] => Ok(Throw::Faces(number(n, 2, 255)?)),
            ["dice", spec] => {
                let (count, faces) = spec
                    .split_once('d')
                    .ok_or_else(|| format!("{spec:?} is not dice such as 2d6"))?;
                let count = number(count, 1, MAX_DICE as u8)?;
                let faces = number(faces, 2, 255)?;
                Ok(Throw::Dice { count, faces })
            }
            _ => Err(format!(
                "{text:?} is not a throw: lots N, dice KdF or faces F"
            )),
        }
    }

    fn render_value(&self) -> String {
        match self {
            Throw::Lots(n) => format!("lots {n}"),
            Throw::Dice { count, faces } => format!("dice {count}d{faces}"),
            Throw::Faces(n) => format!("faces {n}"),
        }
    }

    fn domain() -> String {
        "lots N, dice KdF or faces F".into()
    }
}

/// What each outcome moves (for dice, each die's face).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThrowValues {
    values: [u8; 256],
    /// The outcomes listed, one bit each.
    listed: [u128; 2],
}

impl ThrowValues {
    /// Every outcome moves its own number.
    pub const IDENTITY: ThrowValues = {
        let mut values = [0u8; 256];
        let mut i = 0;
        while i < 256 {
            values[i] = i as u8;
            i += 1;
        }
        ThrowValues {
            values,
            listed: [0; 2],
        }
    };

    /// What `outcome` moves.
    #[inline]
    pub fn value(&self, outcome: u8) -> u8 {
        self.values[usize::from(outcome)]
    }

    /// The outcomes given a value of their own, ascending.
    pub fn listed(&self) -> impl Iterator<Item = u8> + '_ {
        (0..=255u8).filter(|&o| self.listed[usize::from(o / 128)] >> (o % 128) & 1 == 1)
    }
}

impl OptionValue for ThrowValues {
    fn parse_value(text: &str) -> Result<Self, String> {
        let mut values = ThrowValues::IDENTITY;
        if text.trim() == "identity" {
            return Ok(values);
        }
        for pair in text.split(|c: char| c == ',' || c.is_whitespace()) {
            if pair.is_empty() {
                continue;
            }
            let (outcome, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("{pair:?} in {text:?} is not outcome=value"))?;
            let outcome: u8 = outcome
                .parse()
                .map_err(|_| format!("{outcome:?} in {text:?} is not an outcome from 0 to 255"))?;
            let value: u8 = value
                .parse()
                .ok()
                .filter(|&v| usize::from(v) < MAX_CELLS)
                .ok_or_else(|| format!("{value:?} in {text:?} is not a value from 0 to 127"))?;
            values.values[usize::from(outcome)] = value;
            values.listed[usize::from(outcome / 128)] |= 1 << (outcome % 128);
        }
        Ok(values)
    }

    fn render_value(&self) -> String {
        let pairs: Vec<String> = self
            .listed()
            .map(|o| format!("{o}={}", self.value(o)))
            .collect();
        if pairs.is_empty() {
            "identity".into()
        } else {
            pairs.join(" ")
        }
    }

    fn domain() -> String {
        "identity, or outcome=value pairs such as 0=5 1=1 2=2 3=3 4=4".into()
    }
}

/// Where a captured piece goes: its owner's hand, or the first free of some positions of its
/// owner's own track, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReturnPositions(engine::ByteList<MAX_PIECES>);

impl ReturnPositions {
    /// To the hand.
    pub const HAND: ReturnPositions = ReturnPositions(engine::ByteList::EMPTY);

    /// Whether captured pieces go to their owners' hands.
    #[inline]
    pub fn is_hand(&self) -> bool {
        self.0.is_empty()
    }

    /// The track positions (from 1) tried in order; none when pieces go to the hand.
    #[inline]
    pub fn positions(&self) -> &[u8] {
        self.0.as_slice()
    }
}

impl OptionValue for ReturnPositions {
    fn parse_value(text: &str) -> Result<Self, String> {
        let mut returns = ReturnPositions::HAND;
        if text.trim() == "hand" {
            return Ok(returns);
        }
        for number in numbers(text) {
            let number = number?;
            let position = u8::try_from(number)
                .ok()
                .filter(|&p| p >= 1 && usize::from(p) <= MAX_CELLS)
                .ok_or_else(|| format!("{number} in {text:?} is not a track position from 1"))?;
            if returns.positions().contains(&position) {
                return Err(format!("position {position} is listed twice in {text:?}"));
            }
            if !returns.0.push(position) {
                return Err(format!("more than {MAX_PIECES} positions in {text:?}"));
            }
        }
        if returns.is_hand() {
            return Err(format!("{text:?} lists no position"));
        }
        Ok(returns)
    }

    fn render_value(&self) -> String {
        if self.is_hand() {
            return "hand".into();
        }
        self.positions()
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn domain() -> String {
        "hand, or track positions from 1 tried in order, such as 6 5 4 3 2 1".into()
    }
}

/// A set of cells for each seat, or none at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatCells {
    /// Seats given, 0 for none.
    seats: u8,
    cells: [CellSet; MAX_SEATS],
}

impl SeatCells {
    /// No cell for any seat.
    pub const NONE: SeatCells = SeatCells {
        seats: 0,
        cells: [CellSet::NONE; MAX_SEATS],
    };

    /// The seats given, `None` for none.
    pub fn seats(&self) -> Option<u8> {
        (self.seats > 0).then_some(self.seats)
    }

    /// The cells of `seat` (none past the seats given).
    #[inline]
    pub fn of(&self, seat: usize) -> CellSet {
        self.cells[seat % MAX_SEATS]
    }
}

impl OptionValue for SeatCells {
    fn parse_value(text: &str) -> Result<Self, String> {
        if text.trim() == "none" {
            return Ok(SeatCells::NONE);
        }
        let seats: Vec<&str> = text.split('|').collect();
        if seats.len() > MAX_SEATS {
            return Err(format!("more than {MAX_SEATS} seats in {text:?}"));
        }
        let mut value = SeatCells::NONE;
        for (seat, cells) in seats.iter().enumerate() {
            value.cells[seat] = CellSet::parse_value(cells)?;
        }
        value.seats = seats.len() as u8;
        Ok(value)
    }

    fn render_value(&self) -> String {
        match self.seats() {
            None => "none".into(),
            Some(seats) => self.cells[..usize::from(seats)]
                .iter()
                .map(OptionValue::render_value)
                .collect::<Vec<_>>()
                .join(" | "),
        }
    }

    fn domain() -> String {
        "none, or each seat's cell numbers separated by |, such as 0 1 2 | 13 14 15".into()
    }
}

/// A set of throw values from 0 to 127.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueSet(pub u128);

impl ValueSet {
    /// No value.
    pub const NONE: ValueSet = ValueSet(0);
    /// Every value.
    pub const ANY: ValueSet = ValueSet(u128::MAX);

    /// Whether `value` is in the set.
    #[inline]
    pub fn contains(self, value: u8) -> bool {
        usize::from(value) < MAX_CELLS && self.0 >> value & 1 == 1
    }
}

impl OptionValue for ValueSet {
    fn parse_value(text: &str) -> Result<Self, String> {
        match text.trim() {
            "any" => return Ok(ValueSet::ANY),
            "none" | "" => return Ok(ValueSet::NONE),
            _ => {}
        }
        let mut bits = 0u128;
        for number in numbers(text) {
            bits |= 1 << cell_number(number?, text)?;
        }
        Ok(ValueSet(bits))
    }

    fn render_value(&self) -> String {
        match *self {
            ValueSet::ANY => "any".into(),
            ValueSet::NONE => "none".into(),
            ValueSet(bits) => (0..128u32)
                .filter(|v| bits >> v & 1 == 1)
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(","),
        }
    }

    fn domain() -> String {
        "any, none, or a list of values such as 1,4,5".into()
    }
}

/// A set of cells, by number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellSet(pub u128);

impl CellSet {
    /// No cell.
    pub const NONE: CellSet = CellSet(0);
    /// The rosettes of the Royal Game of Ur on Ludii's numbering (the four corners and the
    /// middle of the shared row).
    pub const UR_ROSETTES: CellSet = CellSet(1 << 0 | 1 << 4 | 1 << 9 | 1 << 14 | 1 << 18);

    /// Whether `cell` is in the set.
    #[inline]
    pub fn contains(self, cell: u8) -> bool {
        self.0 >> (cell % 128) & 1 == 1
    }

    /// The cells, ascending: one step a cell of the set, not one a cell of the board (a goal's
    /// cells are counted at every landing of Schuster's pieces).
    #[inline]
    pub fn cells(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let cell = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                cell
            })
        })
    }
}

impl OptionValue for CellSet {
    fn parse_value(text: &str) -> Result<Self, String> {
        if matches!(text.trim(), "none" | "") {
            return Ok(CellSet::NONE);
        }
        let mut bits = 0u128;
        for number in numbers(text) {
            bits |= 1 << cell_number(number?, text)?;
        }
        Ok(CellSet(bits))
    }

    fn render_value(&self) -> String {
        if self.0 == 0 {
            return "none".into();
        }
        self.cells()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn domain() -> String {
        "none, or cell numbers such as 0 4 9".into()
    }
}

/// Cells that send a piece on to another cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jumps {
    to: [u8; MAX_CELLS],
}

impl Jumps {
    /// No jumps.
    pub const NONE: Jumps = Jumps {
        to: [NO_CELL; MAX_CELLS],
    };

    /// Where a piece landing on `cell` goes on to, if anywhere.
    #[inline]
    pub fn target(&self, cell: u8) -> Option<u8> {
        let to = self.to[usize::from(cell) % MAX_CELLS];
        (to != NO_CELL).then_some(to)
    }

    /// The jumps, by the cell they leave from.
    pub fn pairs(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (0..MAX_CELLS as u8).filter_map(|from| self.target(from).map(|to| (from, to)))
    }
}

impl OptionValue for Jumps {
    fn parse_value(text: &str) -> Result<Self, String> {
        let mut jumps = Jumps::NONE;
        if matches!(text.trim(), "none" | "") {
            return Ok(jumps);
        }
        for pair in text.split(|c: char| c == ',' || c.is_whitespace()) {
            if pair.is_empty() {
                continue;
            }
            let (from, to) = pair
                .split_once('>')
                .ok_or_else(|| format!("{pair:?} in {text:?} is not from>to"))?;
            let cell = |word: &str| -> Result<u8, String> {
                let number = word
                    .parse::<u32>()
                    .map_err(|_| format!("{word:?} in {text:?} is not a whole number"))?;
                cell_number(number, text)
            };
            let (from, to) = (cell(from)?, cell(to)?);
            if from == to || jumps.target(from).is_some() {
                return Err(format!("{pair:?}: a cell leads on to one other cell, once"));
            }
            jumps.to[usize::from(from)] = to;
        }
        if let Some((from, _)) = jumps.pairs().find(|&(_, to)| jumps.target(to).is_some()) {
            return Err(format!(
                "the jump from {from} leads onto another jump; a piece jumps once"
            ));
        }
        Ok(jumps)
    }

    fn render_value(&self) -> String {
        let pairs: Vec<String> = self.pairs().map(|(f, t)| format!("{f}>{t}")).collect();
        if pairs.is_empty() {
            "none".into()
        } else {
            pairs.join(" ")
        }
    }

    fn domain() -> String {
        "none, or from>to cell pairs such as 26>15".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_set_gives_its_cells_ascending() {
        let set = CellSet(1 | 1 << 5 | 1 << 64 | 1 << 127);
        assert_eq!(set.cells().collect::<Vec<_>>(), [0, 5, 64, 127]);
        assert_eq!(CellSet::NONE.cells().count(), 0);
    }

    #[test]
    fn values_read_back_as_written() {
        for (text, rendered) in [("3 2 1 | 5 4 1", "3 2 1 | 5 4 1"), ("3,2,1", "3 2 1")] {
            assert_eq!(Tracks::parse_value(text).unwrap().render_value(), rendered);
        }
        for text in ["hand", "1 3 5 | 2 4 6"] {
            assert_eq!(Start::parse_value(text).unwrap().render_value(), text);
        }
        for text in ["lots 4", "dice 2d6", "faces 8"] {
            assert_eq!(Throw::parse_value(text).unwrap().render_value(), text);
        }
        assert_eq!(
            ThrowValues::parse_value("0=5 4=4").unwrap().render_value(),
            "0=5 4=4"
        );
        assert_eq!(Jumps::parse_value("26>15").unwrap().render_value(), "26>15");
        assert_eq!(
            Tracks::parse_value(&Tracks::ur().render_value()),
            Ok(Tracks::ur())
        );
    }

    #[test]
    fn tracks_that_lead_nowhere_or_back_are_refused() {
        for bad in ["", "1 2 |", "1 2 2", "1 2 128", "1 | 2 | 3 | 4 | 5", "a b"] {
            assert!(Tracks::parse_value(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn a_track_out_and_home_along_one_row_names_each_pass() {
        let tracks = Tracks::parse_value("5 6 7 8 9 7 6 5 10 | 1 2 3").unwrap();
        assert_eq!(tracks.render_value(), "5 6 7 8 9 7 6 5 10 | 1 2 3");
        assert_eq!(tracks.repeated(0).cells().collect::<Vec<_>>(), [5, 6, 7]);
        assert_eq!(tracks.repeated(1), CellSet::NONE);
        assert_eq!(tracks.position(0, 6), Some(1));
        assert_eq!(tracks.position_of_pass(0, 6, 2), Some(6));
        assert_eq!(tracks.position_of_pass(0, 6, 3), None);
        assert_eq!(tracks.position_of_pass(0, 8, 0), None);
        assert_eq!(tracks.pass_at(0, 6), 2);
        assert_eq!(tracks.pass_at(0, 1), 1);
    }

    #[test]
    fn rules_read_by_cell_alone_are_refused_on_a_track_passing_a_cell_twice() {
        let twice =
            Tracks::parse_value("3 2 1 0 6 7 8 9 8 7 6 13 | 17 16 15 14 6 7 8 9 10").unwrap();
        let mut params = RaceParams {
            tracks: twice,
            ..RaceParams::default()
        };
        assert_eq!(check(&params), Ok(()));
        for (key, clash) in [
            (
                "guarded_pairs",
                RaceParams {
                    guarded_pairs: true,
                    ..params.clone()
                },
            ),
            (
                "land_on_enemy",
                RaceParams {
                    land_on_enemy: LandOnEnemy::Swap,
                    ..params.clone()
                },
            ),
            (
                "jumps",
                RaceParams {
                    jumps: Jumps::parse_value("9>7").unwrap(),
                    ..params.clone()
                },
            ),
        ] {
            assert_eq!(check(&clash).unwrap_err().key, key);
        }
        params.jumps = Jumps::parse_value("7>9").unwrap();
        assert_eq!(check(&params), Ok(()));
    }

    #[test]
    fn throws_the_engine_cannot_make_are_refused() {
        for bad in [
            "dice 5d6",
            "dice 2d256",
            "lots 0",
            "lots 17",
            "faces 1",
            "dice 2",
            "coins 3",
        ] {
            assert!(Throw::parse_value(bad).is_err(), "{bad:?} accepted");
        }
        assert_eq!(Throw::Dice { count: 3, faces: 6 }.outcomes(), 216);
    }

    /// Dice of more than 255 outcomes in all are thrown one by one, each a chance event of
    /// one die's faces (El Mundo's three of seven); the rest in one event, as before.
    #[test]
    fn dice_beyond_one_chance_event_are_thrown_one_by_one() {
        let throw = Throw::parse_value("dice 3d7").unwrap();
        assert_eq!(throw.outcomes(), 343);
        assert!(throw.die_by_die());
        assert_eq!(throw.chance_outcomes(), 7);
        let four = Throw::parse_value("dice 4d255").unwrap();
        assert_eq!(four.chance_outcomes(), 255);
        for whole in ["dice 3d6", "dice 2d15", "faces 255", "lots 16"] {
            let throw = Throw::parse_value(whole).unwrap();
            assert!(!throw.die_by_die(), "{whole}");
            assert_eq!(
                u32::from(throw.chance_outcomes()),
                throw.outcomes(),
                "{whole}"
            );
        }
        // No rule of doubles reads a throw thrown die by die.
        let params = RaceParams {
            throw: Throw::parse_value("dice 3d6").unwrap(),
            dice_use: DiceUse::Each,
            another_throw_on_doubles: true,
            ..RaceParams::default()
        };
        assert_eq!(check(&params), Ok(()));
        let params = RaceParams {
            throw: Throw::parse_value("dice 3d7").unwrap(),
            ..params
        };
        assert_eq!(check(&params).unwrap_err().key, "another_throw_on_doubles");
    }

    #[test]
    fn doubles_are_played_twice_only_with_two_dice_played_apart() {
        let mut params = RaceParams {
            throw: Throw::Dice { count: 2, faces: 6 },
            doubles_played_twice: true,
            ..RaceParams::default()
        };
        assert_eq!(check(&params).unwrap_err().key, "doubles_played_twice");
        params.dice_use = DiceUse::Each;
        assert_eq!(check(&params), Ok(()));
        params.throw = Throw::Dice { count: 3, faces: 6 };
        assert_eq!(check(&params).unwrap_err().key, "doubles_played_twice");
    }

    #[test]
    fn a_larger_value_bears_off_only_from_home_where_bearing_off_is_exact() {
        let mut params = RaceParams {
            bear_off_larger: true,
            ..RaceParams::default()
        };
        assert_eq!(check(&params).unwrap_err().key, "bear_off_larger");
        params.bear_off_home = 4;
        assert_eq!(check(&params), Ok(()));
        params.bear_off = BearOff::Any;
        assert_eq!(check(&params).unwrap_err().key, "bear_off_larger");
    }
}

/// Positions a seat may win by, at most this many a seat.
pub const MAX_GOALS: usize = 4;
/// Conditions on single cells in one goal, at most.
pub const MAX_GOAL_CELLS: usize = 12;

/// One position that wins: at most one condition on the seat's pieces standing on a set of
/// cells, and conditions on single cells, each a count of the seat's own pieces or of every
/// piece there, within bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    /// Cells of the one condition on a set, [`CellSet::NONE`] for none.
    pub within: CellSet,
    /// The seat's pieces that must stand on `within`, exactly.
    pub within_count: u8,
    /// Conditions on single cells: the cell, 1 to count the seat's pieces alone (0 for every
    /// piece there), and the least and most.
    cells: [[u8; 4]; MAX_GOAL_CELLS],
    len: u8,
}

impl Goal {
    const EMPTY: Goal = Goal {
        within: CellSet::NONE,
        within_count: 0,
        cells: [[0; 4]; MAX_GOAL_CELLS],
        len: 0,
    };

    /// The conditions on single cells: `[cell, own, least, most]`.
    #[inline]
    pub fn cells(&self) -> &[[u8; 4]] {
        &self.cells[..usize::from(self.len)]
    }

    fn parse(text: &str) -> Result<Goal, String> {
        let mut goal = Goal::EMPTY;
        for term in text.split(',').map(str::trim) {
            let (place, bound, own) = match term.split_once("own") {
                Some((place, bound)) => (place, bound.trim(), true),
                None => {
                    let at = term
                        .find(['=', '>'])
                        .ok_or_else(|| format!("{term:?} in {text:?} has no count (=N or >=N)"))?;
                    (&term[..at], &term[at..], false)
                }
            };
            let (least, most) = if let Some(n) = bound.strip_prefix(">=") {
                (goal_count(n, text)?, u8::MAX)
            } else if let Some(n) = bound.strip_prefix('=') {
                let n = goal_count(n, text)?;
                (n, n)
            } else {
                return Err(format!("{term:?} in {text:?} has no count (=N or >=N)"));
            };
            let cells: Vec<u8> = numbers(place)
                .map(|n| n.and_then(|n| cell_number(n, text)))
                .collect::<Result<_, _>>()?;
            match cells.as_slice() {
                [] => return Err(format!("{term:?} in {text:?} names no cell")),
                [cell] => {
                    if usize::from(goal.len) == MAX_GOAL_CELLS {
                        return Err(format!("more than {MAX_GOAL_CELLS} cells in {text:?}"));
                    }
                    goal.cells[usize::from(goal.len)] = [*cell, u8::from(own), least, most];
                    goal.len += 1;
                }
                several => {
                    if !own || least != most || goal.within != CellSet::NONE {
                        return Err(format!(
                            "{term:?} in {text:?}: a set of cells takes one exact count of the seat's own pieces, once a goal"
                        ));
                    }
                    goal.within = CellSet(several.iter().fold(0, |bits, &c| bits | 1 << c));
                    goal.within_count = least;
                }
            }
        }
        Ok(goal)
    }

    fn render(&self) -> String {
        let bound = |least: u8, most: u8| match most {
            u8::MAX => format!(">={least}"),
            _ => format!("={least}"),
        };
        let mut terms = Vec::new();
        if self.within != CellSet::NONE {
            terms.push(format!(
                "{} own={}",
                self.within.render_value(),
                self.within_count
            ));
        }
        for &[cell, own, least, most] in self.cells() {
            let own = if own == 1 { " own" } else { "" };
            terms.push(format!("{cell}{own}{}", bound(least, most)));
        }
        terms.join(", ")
    }
}

fn goal_count(text: &str, whole: &str) -> Result<u8, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{text:?} in {whole:?} is not a count of pieces"))
}

/// Each seat's goals: positions of its pieces that win it the game once it has moved into one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goals {
    /// Seats given, 0 for none.
    seats: u8,
    count: [u8; MAX_SEATS],
    goals: [[Goal; MAX_GOALS]; MAX_SEATS],
}

impl Goals {
    /// No goal but bearing off.
    pub const NONE: Goals = Goals {
        seats: 0,
        count: [0; MAX_SEATS],
        goals: [[Goal::EMPTY; MAX_GOALS]; MAX_SEATS],
    };

    /// The seats given, `None` for none.
    pub fn seats(&self) -> Option<u8> {
        (self.seats > 0).then_some(self.seats)
    }

    /// The goals of `seat` (none past the seats given).
    #[inline]
    pub fn of(&self, seat: usize) -> &[Goal] {
        let seat = seat % MAX_SEATS;
        &self.goals[seat][..usize::from(self.count[seat])]
    }
}

impl OptionValue for Goals {
    fn parse_value(text: &str) -> Result<Self, String> {
        if text.trim() == "none" {
            return Ok(Goals::NONE);
        }
        let seats: Vec<&str> = text.split('|').collect();
        if seats.len() > MAX_SEATS {
            return Err(format!("more than {MAX_SEATS} seats in {text:?}"));
        }
        let mut value = Goals::NONE;
        for (seat, goals) in seats.iter().enumerate() {
            for goal in goals.split(';').map(str::trim).filter(|g| !g.is_empty()) {
                let count = usize::from(value.count[seat]);
                if count == MAX_GOALS {
                    return Err(format!("more than {MAX_GOALS} goals a seat in {text:?}"));
                }
                value.goals[seat][count] = Goal::parse(goal)?;
                value.count[seat] += 1;
            }
        }
        value.seats = seats.len() as u8;
        Ok(value)
    }

    fn render_value(&self) -> String {
        match self.seats() {
            None => "none".into(),
            Some(seats) => (0..usize::from(seats))
                .map(|seat| {
                    self.of(seat)
                        .iter()
                        .map(Goal::render)
                        .collect::<Vec<_>>()
                        .join("; ")
                })
                .collect::<Vec<_>>()
                .join(" | "),
        }
    }

    fn domain() -> String {
        "none, or each seat's goals separated by |, a seat's by ;, each a list of counts separated by commas: CELL=N or CELL>=N (every piece standing there), CELL own=N or CELL own>=N (the seat's own), CELLS own=N (the seat's own on a set of cells), such as 0 1 2 3 4 5 own=15, 0=3, 3 own>=1 | …".into()
    }
}
