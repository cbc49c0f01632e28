//! The family's parameters: every way the sowing games of the corpus differ, each a named
//! option. A game's ruleset file gives every parameter a value with the line of the
//! description or the sentence it comes from ([`crate::GameFile`]); the declarations here carry
//! the family's meaning of each key, and the values below are only the family's defaults for a
//! file that is being written (the two-row, four-a-hole game of Wari and Oware).

use engine::{game_options, option_enum};

use crate::opening::{HoleNames, OpeningLeaves, OpeningSowing};
pub use crate::tracks::{HoleTracks, Territories};

/// Holes a board may have in all: the engine keeps them in one 64-bit set.
pub const MAX_HOLES: usize = 64;

option_enum! {
    /// Which way the counters go round the board, as player 1 sees it.
    pub enum Direction {
        /// Along one's own row to the right, back along the opponent's row.
        Anticlockwise = "anticlockwise",
        /// Along one's own row to the left.
        Clockwise = "clockwise",
        /// Either way: the mover chooses at each sowing, relays included.
        Choice = "choice",
    }
}

option_enum! {
    /// Whether a way round chosen by the mover (`direction` `choice`) is kept past the sowing
    /// it was chosen for.
    pub enum WayKept {
        /// No: each fresh move and relay chooses afresh.
        Off = "off",
        /// A relay keeps the way of the sowing it ends, for every later fresh move and relay of
        /// either player, until a sowing captures; a sowing that neither relays nor captures
        /// leaves it (Dongjintian's `(set Var "Direction" k)` beside the `(moveAgain)` and
        /// `(set Var "Direction" 0)` beside the capture, each way's move guarded by `(if (or
        /// (>= 0 (var "Direction")) (= (var "Direction") k)) …)`: Ludii's `var` is the game's,
        /// never reset between turns, so the next player is held to it too).
        RelayUntilCapture = "relay-until-capture",
    }
}

option_enum! {
    /// Where each player's store sits in the track, when the stores are in it.
    pub enum StoreSide {
        /// At the right end of one's own row, as one sees it: after it anticlockwise (Kalah).
        Right = "right",
        /// At the left end of one's own row: after it clockwise (Chongka').
        Left = "left",
    }
}

option_enum! {
    /// What the last counter of a sowing does when it lands in a hole that was not empty.
    pub enum Relay {
        /// Nothing: the sowing ends there.
        Off = "off",
        /// The hole is lifted and sown on, a move of its own as Ludii counts them, until a
        /// sowing ends in an empty hole (or captures, where captures are made).
        Occupied = "occupied",
        /// Whatever the last hole holds, the hole after it along the mover's track (passing
        /// over a store) is lifted and sown on when it holds counters, before any capture
        /// (Sonka's `(if (is Mover Prev) (sites {("NextSite" from:(last To
        /// afterConsequence:True))}) …)` after a `(moveAgain)` where that hole is not empty).
        NextOccupied = "next-occupied",
        /// A last counter that fell into an empty hole, the hole after it holding counters:
        /// that next hole is lifted and sown on, before any capture (Boukerourou's
        /// `(moveAgain)` where the last hole holds one counter and the next is not empty).
        EmptyNextOccupied = "empty-next-occupied",
        /// A last counter that fell into a hole that was not empty, the hole after it holding
        /// counters: the last hole is lifted and sown on, before any capture (Tap Urdy's
        /// `(moveAgain)` where the next hole is not empty and the last holds more than one).
        OccupiedNextOccupied = "occupied-next-occupied",
        /// A last counter that fell into a hole that was not empty, the hole after it holding
        /// counters: that next hole is lifted and sown on, before any capture (Gabata
        /// (Adegrat)'s `(if (> (count at:(to)) 1) (if (>= (count at:("NextHoleFrom" (to)
        /// steps:1)) 1) (moveAgain)) …)` with its `"PlayFromNextHole"`).
        NextAfterOccupied = "next-after-occupied",
    }
}

impl Relay {
    /// Whether the relay asks about the hole after the last one (`next-occupied`,
    /// `empty-next-occupied`, `occupied-next-occupied`, `next-after-occupied`).
    #[inline]
    pub fn reads_next(self) -> bool {
        !matches!(self, Relay::Off | Relay::Occupied)
    }
}

option_enum! {
    /// What a sowing takes where its relay asks about the hole after the last one and finds it
    /// empty, the relay's condition on the last hole holding (`relay`'s `next-occupied`,
    /// `empty-next-occupied`, `occupied-next-occupied`).
    pub enum NextEmptyCapture {
        /// Nothing: the sowing goes on to the game's other captures.
        Off = "off",
        /// The counters of the hole after the empty one, for the mover, and the turn ends (Tap
        /// Urdy's `(fromTo (from (trackSite Move from:(to) steps:2)) (to (handSite Mover)))`).
        AfterNext = "after-next",
    }
}

option_enum! {
    /// On whose row a count made by the last counter is captured.
    pub enum CaptureRow {
        /// The opponent's row (Oware, Wari).
        Opponent = "opponent",
        /// One's own row.
        Own = "own",
        /// Either row.
        Any = "any",
        /// The opponent's row and the last hole of one's own before it, at one's right as one
        /// sees it (Kara's `(mapEntry "RightHole" (mover))`); on the family's round of two
        /// rows.
        OpponentAndOwnEnd = "opponent-and-own-end",
    }
}

option_enum! {
    /// Which holes a sowing's capture of the holes it sowed looks at (`capture_sown`): those
    /// along the mover's track from the hole lifted, as many steps on as the counters it lifted
    /// (at most a lap: Ludii's `(sites Track from:(last From) to:(trackSite Move … steps:…))`
    /// stops at the first hole it meets again), the last hole or the one before it.
    pub enum CaptureSown {
        /// None: the sowing captures only where its last counter falls.
        Off = "off",
        /// The hole lifted through the last hole sown (`steps:(var "NumSowed")`, Obridje's);
        /// a last hole left holding one of the counts plays none of its own rules (relay,
        /// captures), this capture taking it (where it lies among the holes looked at: a
        /// sowing of a lap or more that passes over its hole ends past them).
        ThroughLast = "through-last",
        /// The hole lifted through the hole before the last (`steps:(- (var "NumSowed") 1)`,
        /// the Gabatas'), the last hole played by its own rules.
        BeforeLast = "before-last",
    }
}

option_enum! {
    /// Who takes the holes the capture of the holes sown takes (`capture_sown`).
    pub enum CaptureSownTo {
        /// The mover (`(handSite Mover)`).
        Mover = "mover",
        /// The owner of the row the hole is on (Obridje's `(if (is In (to) (sites P1))
        /// (mapEntry P1) (mapEntry P2))`, `(to)` being the hole in Ludii's `forEach Site`).
        Owner = "owner",
        /// Where holes are owned (`ownership`): player 1 where it owns the hole, else player 2
        /// (Lahemay Waladat's `(if (is In (site) (sites (values Remembered "OwnedP1")))
        /// (handSite P1) (handSite P2))`, a hole neither owns going to player 2).
        HoleOwner = "hole-owner",
    }
}

option_enum! {
    /// What a last counter dropped into an empty hole of one's own row takes.
    pub enum EmptyHoleCapture {
        /// Nothing.
        Off = "off",
        /// The counters of the hole facing it, with the last counter itself, when that hole is
        /// not empty (Kalah).
        OppositeAndLast = "opposite-and-last",
        /// The counters of the hole facing it, when that hole is not empty; the last counter
        /// stays.
        Opposite = "opposite",
        /// On four rows, the counters of the opponent's two holes in that column (the inner
        /// one facing it and the outer one behind), when the inner one is not empty; the last
        /// counter stays (Moruba).
        OppositeColumn = "opposite-column",
        /// The counters of the hole after it along the mover's track, whoever owns it, when
        /// that hole is in play and not empty; the last counter stays (Pallankuli's
        /// `(fromTo (from (trackSite Move from:(to) steps:1)) (to (handSite Mover)))` under
        /// `(= 1 (count at:(to)))`: Ludii's step along the track does not pass over a hole out
        /// of play, which holds nothing). Not played with stores in the track.
        Next = "next",
    }
}

option_enum! {
    /// Where a last counter falling alone into an empty hole makes the capture across
    /// (`empty_hole_capture`), and who takes it.
    pub enum CaptureAcrossRow {
        /// In one's own row; the mover takes.
        Own = "own",
        /// In either row; the mover takes (French Wari).
        Either = "either",
        /// In either row; the owner of the empty hole takes, the opponent when it is in the
        /// opponent's row (Yovodi).
        EitherToOwner = "either-to-owner",
    }
}

option_enum! {
    /// What a capture takes: the hole the last counter made a capturable count in, the hole
    /// facing it, or both.
    pub enum CaptureTakes {
        /// The last hole only.
        Last = "last",
        /// The last hole and the hole facing it.
        LastAndOpposite = "last-and-opposite",
        /// The hole facing the last hole only; the last hole keeps its counters.
        Opposite = "opposite",
    }
}

option_enum! {
    /// What each player's score is when the game ends.
    pub enum Score {
        /// The counters a player captured.
        Captured = "captured",
        /// The counters a player captured and those left in the player's own row.
        CapturedAndRow = "captured-and-row",
        /// The counters left in the player's own row, whatever it captured (Das Bohnenspiel's
        /// score counts a store that its captures never reach).
        Row = "row",
        /// The player left without a move, once it has made its forced pass, loses; the game
        /// is drawn when the other cannot move either (Aw-li On-nam Ot-tjin's scores: the
        /// stuck player's captures against those and every counter left in the holes, which
        /// the other's move needs). Needs the `mover-cannot-move` end.
        StuckLoses = "stuck-loses",
    }
}

option_enum! {
    /// When the game ends.
    pub enum GameEnd {
        /// When a player with no legal move has made its forced pass, a move of its own as
        /// Ludii counts them (Ludii's `(no Moves Mover)`, read after the pass).
        MoverCannotMove = "mover-cannot-move",
        /// Right after a move, when the player to move next has no legal move (Ludii's
        /// `(no Moves Next)`).
        NextCannotMove = "next-cannot-move",
        /// Right after a move, when the player to move next has no legal move: the player who
        /// made it wins, whatever the scores (Muvalavala (Quioco)'s `(if (no Moves Next)
        /// (result Mover Win))`, read as `next-cannot-move` is).
        NextCannotMoveLoses = "next-cannot-move-loses",
        /// When a player with no legal move has made its forced pass and the other player has
        /// no legal move either (Ludii's `(and (no Moves Mover) (no Moves Next))`).
        BothCannotMove = "both-cannot-move",
        /// When a player has captured at least `capture_goal` counters after a move, more than
        /// half of them all, so that player has the larger score (Uril's 25 of 48).
        CaptureGoal = "capture-goal",
        /// When the player who has just moved has emptied its own row: that player wins
        /// (Waurie's `(if (= 0 (count in:(sites Mover))) (result Mover Win))`).
        MoverRowEmptyWins = "mover-row-empty-wins",
        /// When no hole holds a counter after a move: the player who made it wins
        /// (Merekocdu's `(if (= (count in:(sites Board)) 0) (result Mover Win))`, the last
        /// capture winning); a mover with nothing to sow passes.
        BoardEmptyMoverWins = "board-empty-mover-wins",
        /// When either row is empty after a move; a mover with nothing to sow passes.
        RowEmpty = "row-empty",
        /// When no hole holds a counter after a move; a mover with nothing to sow passes.
        BoardEmpty = "board-empty",
        /// When no hole holds more than one counter after a move (Awari); a mover with
        /// nothing to sow passes.
        NoHoleAboveOne = "no-hole-above-one",
        /// When at most one counter is left in the holes after a move; a mover with nothing
        /// to sow passes.
        AtMostOneLeft = "at-most-one-left",
        /// When both players have passed in a row (Ludii's `(all Passed)`).
        BothPassed = "both-passed",
        /// Right after a move, when the player who did not make it has no counters left in its
        /// holes: that player loses (Ludii's `(forEach NonMover if:(= (count in:(sites Player
        /// "Home")) 0) (result Player Loss))`); a mover with nothing to sow passes.
        NextEmptyLoses = "next-empty-loses",
        /// Right after a move, when a player has no counters left in its holes, the mover or
        /// not: that player loses, player 1 where neither has any (Boukerourou's two rules
        /// `(if (= 0 (count in:(sites P1))) (result P2 Win))` and the same for player 2, which
        /// Ludii reads in order, the first result standing).
        EmptyRowLoses = "empty-row-loses",
        /// When no hole that is not marked holds a counter after a move (Gabata's and Tuz's
        /// `OnlyPiecesInMarked`, a game of marks played in rounds); a mover with nothing to sow
        /// passes, and two passes in a row draw the game, as Ludii draws a game in which every
        /// player has passed when its description never asks `(all Passed)`.
        UnmarkedEmpty = "unmarked-empty",
        /// Right after a move that is not a pass, when a player's owned holes (`ownership`)
        /// hold no counter (Lahemay Waladat's `(or (no Pieces All in:(sites (values Remembered
        /// "OwnedP1"))) …)` after the sowing), a relay's move too; a game of rounds.
        OwnedEmpty = "owned-empty",
        /// As `owned-empty`, only after a move that ends the turn (Mewelad's `(and (not (is
        /// Next Mover)) (or (all Sites (sites (values Remembered "OwnedP1")) if:(is Empty
        /// (site))) …))`).
        OwnedEmptyAfterTurn = "owned-empty-after-turn",
    }
}

impl GameEnd {
    /// Whether the end asks whether a player's owned holes are empty (`owned-empty`,
    /// `owned-empty-after-turn`).
    pub fn on_owned(self) -> bool {
        matches!(self, GameEnd::OwnedEmpty | GameEnd::OwnedEmptyAfterTurn)
    }
}

option_enum! {
    /// Who takes the counters left on the board when a round ends.
    pub enum RoundLeftovers {
        /// Each hole's owner: the player who owns it where holes are owned, else its row's.
        Owners = "owners",
        /// Every counter on the board to player 1 where player 2's owned holes hold none, else
        /// to player 2 (Lahemay Waladat's `(if (no Pieces All in:(sites (values Remembered
        /// "OwnedP2"))) (forEach Site (sites Board) … (handSite P1)) (forEach Site … (handSite
        /// P2)))`).
        NotEmptied = "not-emptied",
        /// Every counter on the board to player 1 where its last move was a forced pass, else to
        /// player 2 (Mewelad's `(if (no Moves P1) … (handSite P1) … (handSite P2))`: Ludii's
        /// `(no Moves P1)` reads whether player 1's legal moves were empty when they were last
        /// listed, which after the refills' passes holds until player 1 first moves in the
        /// round, so that player 2 takes them but in a round that player 2 begins and ends in
        /// its first turn).
        FirstIfPassed = "first-if-passed",
        /// Every counter on the board to player 1 where it has no move, its owned holes holding
        /// none, else to player 2: Mewelad's `(if (no Moves P1) … (handSite P1) … (handSite P2))`
        /// as the description says it, the player who cannot move taking them (Ludii 1.3.13
        /// plays `first-if-passed` instead, a fault of its engine).
        FirstIfNoMoves = "first-if-no-moves",
        /// Every counter on the board to player 2 where player 1's row (its territory, whoever
        /// owns its holes) holds none, else to player 1, in a round that ends when a row is
        /// empty (`game_end` `row-empty`): Gabata (Adegrat)'s `(if (no Pieces All in:(sites
        /// P1)) (forEach Site (sites Board) … (handSite P2) …) (forEach Site … (handSite
        /// P1) …))`.
        RowNotEmptied = "row-not-emptied",
    }
}

option_enum! {
    /// Which capture across gives the capturer its extra captures (`extra_captures`).
    pub enum ExtraCaptureAfter {
        /// Every capture across (Tsoro's `(set Var …)` beside the capture).
        Across = "across",
        /// Only a capture of the column that took the outer hole too (Msuwa's `(set Var 2)`
        /// under `(if (< 0 (count at:"OppositeOuterPit")) …)`).
        Column = "column",
    }
}

option_enum! {
    /// Whose holes a last counter may mark (`mark_count`).
    pub enum MarkHoles {
        /// The opponent's: the holes it owns where holes are owned, else its territory (Tuz's
        /// and Gabata (Adowa)'s `(is In (to) ("OpponentOwnedHoles"))`).
        Opponent = "opponent",
        /// Any hole, one's own too (Gabata (Shoa I)'s condition, which names no owner).
        Any = "any",
    }
}

option_enum! {
    /// Which empty hole of one's row a refill between rounds fills.
    pub enum RefillOrder {
        /// Any, as the mover chooses: each hole a move (Ludii's `(to (sites Mover) if:(is
        /// Empty (to)))`).
        Choice = "choice",
        /// The first empty one from one's left (Ludii's `LeftMostEmpty` along the track).
        FromLeft = "from-left",
        /// The first empty one from one's right (Ludii's `RightMostEmpty`).
        FromRight = "from-right",
        /// The first empty hole along the anticlockwise track from one's leftmost hole, on
        /// into the opponent's row once one's own is full (Ludii's `LeftMostEmpty` as a
        /// `trackSite FirstSite` of the track; needs `ownership`).
        TrackFromLeft = "track-from-left",
        /// The first empty hole along the clockwise track from one's rightmost hole, on into
        /// the opponent's row from its rightmost once one's own is full (Tuz's and Gabata
        /// (Shoa and Adegrat)'s `RightMostEmpty`, a `trackSite FirstSite` of `"TrackCW"` from
        /// the mover's rightmost hole; needs `ownership` and the family's round of two rows).
        TrackFromRight = "track-from-right",
    }
}

option_enum! {
    /// What a player does with the counters left after its refills, too few for a hole.
    pub enum RefillRemainder {
        /// They stay with its captures.
        Kept = "kept",
        /// One short of a hole: the next hole in the refill order takes them with one of the
        /// opponent's, and is the player's; fewer: they go to the opponent's captures. The
        /// round begins once both players' captures are all on the board (Hufesay).
        Borrow = "borrow",
        /// As `borrow` one short of a hole; half a hole: the next hole in the refill order
        /// takes them with as many of the opponent's, and chance draws its owner, either
        /// player alike (Tuz's, Gabata (Shoa and Adegrat)'s and Qelat's two and two, `(if (<
        /// 50 (value Random (range 1 100))) …)`); fewer stay with its captures, until the
        /// opponent borrows them. The round begins once both players' captures are all on the
        /// board.
        BorrowOrDrawn = "borrow-or-drawn",
        /// One short of a hole: they fill a hole alone, one fewer than the others (Mewelad's
        /// `count:(if (>= (count Cell at:(handSite Mover)) 4) 4 3)` under `(if (<= 3 (count
        /// Cell at:(handSite Mover))) …)`); fewer stay with its captures. The round begins when
        /// both players pass in a row.
        OneShort = "one-short",
        /// Fewer than a hole: they all go into one empty hole of one's row, the mover's choice,
        /// which stays out of play (`unfilled_out_of_play`) until it holds
        /// `out_of_play_back_at` counters (Khrour's `(move (from (handSite Mover)) (to (sites
        /// Mover) if:(is Empty (to))) count:(count Cell at:(handSite Mover)))`, the else of its
        /// full refill, which alone remembers its hole as playable). The round begins when both
        /// players pass in a row.
        OneHole = "one-hole",
    }
}

game_options! {
    /// A sowing game's parameters.
    pub struct SowingParams {
        /// Rows of holes: two (one a player) or four (two a player) on the family's round; any number where `track` gives the track.
        #[parameter(cites = "sowing family", source = "", range = 1..=32)]
        pub rows: u8 = 2, ludii: 2;

        /// Holes in each row.
        #[parameter(cites = "sowing family", source = "", range = 2..=32)]
        pub holes: u8 = 6, ludii: 6;

        /// The track each player sows along, hole by hole from 0 (row by row from the bottom, each from the left), one list shared or player 1's/player 2's; `round` for the family's round of two or four rows.
        #[parameter(cites = "sowing family", source = "")]
        pub track: HoleTracks = HoleTracks::ROUND, ludii: HoleTracks::ROUND;

        /// The holes each player owns, as player 1's/player 2's, where `track` gives the track; `halves` for the family's round (one's own row or rows).
        #[parameter(cites = "sowing family", source = "")]
        pub territory: Territories = Territories::HALVES, ludii: Territories::HALVES;

        /// Counters in each hole at the start.
        #[parameter(cites = "sowing family", source = "", range = 0..=64)]
        pub seeds: u8 = 4, ludii: 4;

        /// The counters of each hole at the start, hole by hole (a1… then b1…), where holes differ; `uniform` where every hole has `seeds`.
        #[parameter(cites = "sowing family", source = "")]
        pub start_counts: StartCounts = StartCounts::UNIFORM, ludii: StartCounts::UNIFORM;

        /// Each player has a store in the track, at an end of its own row (`store_side`); the sowing passes through one's own store and over the opponent's.
        #[parameter(cites = "sowing family", source = "")]
        pub stores_in_track: bool = false, ludii: false;

        /// Where each player's store sits in the track when the stores are in it: the right or the left end of one's own row.
        #[parameter(cites = "sowing family", source = "")]
        pub store_side: StoreSide = StoreSide::Right, ludii: StoreSide::Right;

        /// Where the stores are in the track, the sowing passes through the opponent's store too, and a last counter there ends the turn (Main Chongkak); otherwise it passes over it.
        #[parameter(cites = "sowing family", source = "")]
        pub sow_opponents_store: bool = false, ludii: false;

        /// Which way the counters go round.
        #[rule(cites = "sowing family", source = "")]
        pub direction: Direction = Direction::Anticlockwise, ludii: Direction::Anticlockwise;

        /// Where the mover chooses the way round: whether a relay's way is kept, for both players, until a capture (`relay-until-capture`, Dongjintian's `(var "Direction")`); `off` where each move chooses afresh.
        #[rule(cites = "sowing family", source = "")]
        pub way_kept: WayKept = WayKept::Off, ludii: WayKept::Off;

        /// A player may lift any hole of the board, either row, holding the counters to sow (Kapana Bona's `(from (sites Board))`); its own row is still its row for every other rule.
        #[rule(cites = "sowing family", source = "")]
        pub lift_anywhere: bool = false, ludii: false;

        /// A player lifts the holes of the opponent's territory, not its own, which is still its row for every other rule (Tap Urdy's `(from (sites Next))`).
        #[rule(cites = "sowing family", source = "")]
        pub lift_opponents_row: bool = false, ludii: false;

        /// Each player's hole, player 1's then player 2's, that a fresh move lifts only when it holds more than `last_resort_above` counters or no other hole the player may lift holds any, a relay lifting it as any other (Gabata (Aksum)'s `(if (!= (from) (mapEntry "LeftMost" Mover)) True (if (is Mover Prev) True (or (< 3 (count at:(from))) (no Pieces All in:…))))`); `none` where every hole is lifted alike.
        #[rule(cites = "sowing family", source = "")]
        pub last_resort_holes: HoleNames = HoleNames::NONE, ludii: HoleNames::NONE;

        /// The counters above which a hole of `last_resort_holes` is lifted like any other; 0 where the game has none.
        #[rule(cites = "sowing family", source = "", range = 0..=64)]
        pub last_resort_above: u8 = 0, ludii: 0;

        /// The fewest counters a hole must hold to be lifted and sown.
        #[rule(cites = "sowing family", source = "", range = 1..=4)]
        pub min_to_sow: u8 = 1, ludii: 1;

        /// Where no hole holds `min_to_sow` counters, a hole of one counter may be lifted (Ludii's `(priority …)` of the two moves).
        #[rule(cites = "sowing family", source = "")]
        pub singles_last: bool = false, ludii: false;

        /// Where a hole of one counter is lifted (`singles_last`), only one whose next hole along the mover's track is empty (Ludii's `(= 0 (count at:(trackSite Move from:(from) steps:1)))`).
        #[rule(cites = "sowing family", source = "")]
        pub singles_into_empty: bool = false, ludii: false;

        /// A fresh move (not a turn that goes on) may not lift a hole whose count, taken that many holes along the mover's track from it (round and round, the hole itself counted where the count is a whole number of laps), reaches a hole of the mover's own territory that holds counters; one reaching an empty hole of its own, or any of the opponent's, may be lifted (Ludii's `(trackSite Move from:(from) steps:(count at:(from)))` read under `(is Mover Prev)` in the lift's `if:`: Tapata's `(not (and (is In … (sites Mover "Home")) (!= 0 (count at:…))))`, Gamacha's `(if (is In … (sites Next)) True (is Empty …))`); false where a hole's count does not decide whether it is lifted.
        #[rule(cites = "sowing family", source = "")]
        pub fresh_not_onto_own_occupied: bool = false, ludii: false;

        /// A sowing of a single counter (`singles_last`) does nothing where it ends: no capture, no relay (Njombwa's single counters sown without `apply:`).
        #[rule(cites = "sowing family", source = "")]
        pub singles_plain: bool = false, ludii: false;

        /// A sowing of a full lap or more passes over the hole it was lifted from.
        #[rule(cites = "sowing family", source = "")]
        pub skip_origin: bool = false, ludii: false;

        /// The first counter of a sowing goes back into the hole it was lifted from and the rest on from the next hole, so that a single counter stays where it was, its hole the last (Ludii's `origin:True`).
        #[rule(cites = "sowing family", source = "")]
        pub sow_into_origin: bool = false, ludii: false;

        /// What a last counter does in a hole that was not empty.
        #[rule(cites = "sowing family", source = "")]
        pub relay: Relay = Relay::Off, ludii: Relay::Off;

        /// Where the relay asks about the hole after the last one and finds it empty, the last hole's condition holding: what the mover takes there (the hole after the empty one), ending the turn; `off` to go on to the game's other captures.
        #[rule(cites = "sowing family", source = "")]
        pub next_empty_capture: NextEmptyCapture = NextEmptyCapture::Off, ludii: NextEmptyCapture::Off;

        /// After `next_empty_capture`'s take of a hole holding counters, how many more holes the take goes on to, alternately: each two holes on from the one before, where the hole between is empty and it holds counters, stopping at the first that is not (Dongjintian's `CaptureMove`, `steps:4`, `6` and `8` after `steps:2`: 3); 0 for none. The holes are looked at as the sowing left them, as Ludii's `(and …)` evaluates each of its parts before any is applied (Ludii's And.java, `eval`).
        #[rule(cites = "sowing family", source = "")]
        pub next_empty_capture_chain: u8 = 0, ludii: 0;

        /// The counts a last counter captures when it makes them (as a list such as `2,3`; empty for none).
        #[rule(cites = "sowing family", source = "")]
        pub capture_counts: CountSet = CountSet::EMPTY, ludii: CountSet::EMPTY;

        /// On whose row those counts are captured.
        #[rule(cites = "sowing family", source = "")]
        pub capture_row: CaptureRow = CaptureRow::Opponent, ludii: CaptureRow::Opponent;

        /// After each sowing, every hole holding one of `capture_counts` on the rows of `capture_row` is captured by the mover, the last hole or not, and no other capture is made (Oure Ngat's `(forEach Site (sites Track) …)` after the sowing).
        #[rule(cites = "sowing family", source = "")]
        pub capture_everywhere: bool = false, ludii: false;

        /// After each sowing (each lap of a relay too, a move of its own), the holes along the mover's track from the hole lifted, as many steps on as it held counters (or one fewer) and at most a lap, that hold one of `capture_sown_counts` are captured (Ludii's `(forEach Site (sites Track from:(last From) to:(trackSite Move … steps:(var "NumSowed"))) …)` after the sowing); `off` for none.
        #[rule(cites = "sowing family", source = "")]
        pub capture_sown: CaptureSown = CaptureSown::Off, ludii: CaptureSown::Off;

        /// The counts the capture of the holes sown (`capture_sown`) takes, as a list such as `4`; empty where there is none.
        #[rule(cites = "sowing family", source = "")]
        pub capture_sown_counts: CountSet = CountSet::EMPTY, ludii: CountSet::EMPTY;

        /// Who takes what the capture of the holes sown (`capture_sown`) takes: the mover, or the owner of the hole's row.
        #[rule(cites = "sowing family", source = "")]
        pub capture_sown_to: CaptureSownTo = CaptureSownTo::Mover, ludii: CaptureSownTo::Mover;

        /// A capture of a count the last counter makes (`capture_counts`) takes every counter of the board's holes instead where they hold at most this many in all after the sowing (Hoyito's `(if (<= (count in:(sites Board)) 8) (forEach Site (sites Board) …) …)`); 0 where a capture takes only its holes.
        #[rule(cites = "sowing family", source = "", range = 0..=64)]
        pub capture_all_at_most: u8 = 0, ludii: 0;

        /// After a capture of a count the last counter makes (`capture_counts`), every hole of the opponent's row that holds one of these counts is taken too (Wouri's `(then (forEach Site (sites of the opponent) (if (= (count at:(site)) 4) (fromTo …))))` after its capture); empty where a capture takes no more.
        #[rule(cites = "sowing family", source = "")]
        pub capture_sweep_counts: CountSet = CountSet::EMPTY, ludii: CountSet::EMPTY;

        /// A player's first captures of a count the last counter makes, one by one: its first capture only of the first count listed, its second only of the second, and so on, its later ones of `capture_counts` (Ako Okwe's `if:` reading `(value Player Mover)`, which each capture's `(then (and (if (= (value Player Mover) 1) (set Value Mover 2)) (if (= (value Player Mover) Off) (set Value Mover 1))))` counts up from Ludii's unset Off); `none` where every capture is of `capture_counts`.
        #[rule(cites = "sowing family", source = "")]
        pub capture_first_counts: CountList = CountList::NONE, ludii: CountList::NONE;

        /// After a capture, the hole before it is captured too if it holds one of those counts on a row where captures are made, and so on backwards.
        #[rule(cites = "sowing family", source = "")]
        pub capture_chain: bool = false, ludii: false;

        /// What a capture takes: the last hole, the hole facing it, or both.
        #[rule(cites = "sowing family", source = "")]
        pub capture_takes: CaptureTakes = CaptureTakes::Last, ludii: CaptureTakes::Last;

        /// What a last counter in an empty hole of one's own row takes.
        #[rule(cites = "sowing family", source = "")]
        pub empty_hole_capture: EmptyHoleCapture = EmptyHoleCapture::Off, ludii: EmptyHoleCapture::Off;

        /// The capture across (`empty_hole_capture`) is made wherever the last counter falls in one's own facing hole, empty before or not (Moruba).
        #[rule(cites = "sowing family", source = "")]
        pub capture_across_any_count: bool = false, ludii: false;

        /// Where the capture across (`empty_hole_capture`) is made, one's own row or either, and who takes it.
        #[rule(cites = "sowing family", source = "")]
        pub capture_across_row: CaptureAcrossRow = CaptureAcrossRow::Own, ludii: CaptureAcrossRow::Own;

        /// The fewest counters the facing hole must hold for the capture across (`empty_hole_capture`) to be made: 1, any, or 2 (Yovodji's `(< 1 (count at:"OppositePit"))`); or 0, made whatever faces the last hole, which matters only for the extra captures it gives (`extra_captures`: Tshuba's, given after every last counter into an empty hole of one's inner row).
        #[rule(cites = "sowing family", source = "", range = 0..=4)]
        pub capture_across_fewest: u8 = 1, ludii: 1;

        /// What a capture of the column facing the last hole (`empty_hole_capture` `opposite-column`) takes is sown on from the last hole along the mover's track, a counter a hole, that hole included after a lap, for no capture or relay, instead of going to the mover's captures (Tsoro (Reentered Captures)'s `(sow (to) count:(+ (count at:"OppositeOuterPit") (count at:("OppositePit"))) "Track" owner:(mover))` after its `(fromTo … (to (to)))`s, Ludii reading the count before the takes move any counter); false where captures leave the board.
        #[rule(cites = "sowing family", source = "")]
        pub capture_across_resown: bool = false, ludii: false;

        /// The capture across (`empty_hole_capture` `opposite-column`) is made by a last counter that falls into an occupied hole of one's inner row, facing a hole with counters, instead of the relay (`relay` `occupied`), which goes on from every other occupied last hole; a last counter into an empty hole takes nothing (Nsolo's `(if (< 1 (count at:(to))) (if (and (is In (to) (sites Mover "Inner")) (is Occupied "OppositePit")) CAPTURE (and (moveAgain) (set Var "Replay" (to)))))`); false where the capture across is made from an empty hole.
        #[rule(cites = "sowing family", source = "")]
        pub capture_across_occupied: bool = false, ludii: false;

        /// After a capture across (`empty_hole_capture`), the capturer also takes the counters of this many holes of the opponent's, one of its choice at a time, each a move of its own (Ludii's `(move Remove (sites Next …))` while `(var)` counts them down); 0 for none.
        #[rule(cites = "sowing family", source = "", range = 0..=8)]
        pub extra_captures: u8 = 0, ludii: 0;

        /// Which capture across gives the extra captures (`extra_captures`): every one, or only one that took the outer hole of the column too.
        #[rule(cites = "sowing family", source = "")]
        pub extra_capture_after: ExtraCaptureAfter = ExtraCaptureAfter::Across, ludii: ExtraCaptureAfter::Across;

        /// A sowing that ends in one's own store gives another turn.
        #[rule(cites = "sowing family", source = "")]
        pub extra_turn_in_store: bool = false, ludii: false;

        /// A player may not leave the opponent without counters when another move would not.
        #[rule(cites = "sowing family", source = "")]
        pub must_feed: bool = false, ludii: false;

        /// When the game ends.
        #[rule(cites = "sowing family", source = "")]
        pub game_end: GameEnd = GameEnd::MoverCannotMove, ludii: GameEnd::MoverCannotMove;

        /// The game also ends, scored as usual, when the positions after the last twelve moves repeat with period four (Ludii's `(is Cycle)`).
        #[rule(cites = "sowing family", source = "")]
        pub cycle_ends: bool = false, ludii: false;

        /// In a cycle (`cycle_ends`'s repetition, the present position among the twelve), the mover may propose to end the game instead of sowing, or of relaying, which ends the turn; the opponent and then the proposer vote, and the game ends, scored as usual, when both vote to end (Ludii's Propose and Vote).
        #[rule(cites = "sowing family", source = "")]
        pub end_by_agreement: bool = false, ludii: false;

        /// The counters a player must have captured to end the game where its end is `capture-goal` (0 elsewhere).
        #[rule(cites = "sowing family", source = "")]
        pub capture_goal: u8 = 0, ludii: 0;

        /// What each player's score is at the end.
        #[rule(cites = "sowing family", source = "")]
        pub score: Score = Score::Captured, ludii: Score::Captured;

        /// The game is played in rounds: where `game_end` holds, the round ends, each row's counters go to its owner, and the players refill the holes of their rows with this many counters each from what they captured, a hole a move, in turn, until both pass; 0 where the game is one round.
        #[rule(cites = "sowing family", source = "")]
        pub round_refill: u8 = 0, ludii: 0;

        /// Which empty hole of one's row each refill fills: the mover's choice, or the first from one's left or right.
        #[rule(cites = "sowing family", source = "")]
        pub refill_order: RefillOrder = RefillOrder::Choice, ludii: RefillOrder::Choice;

        /// Holes a refill leaves empty are out of play for the round: sowings pass over them and they are not lifted (Ludii's `skipIf` over the holes it no longer remembers).
        #[rule(cites = "sowing family", source = "")]
        pub unfilled_out_of_play: bool = false, ludii: false;

        /// Holes out of play (`unfilled_out_of_play`) are sown into as any other, are neither lifted nor captured in, and come back into play after a sowing that leaves them holding at least this many counters (Khrour's `(forEach Site (difference (sites Board) ("PlayableSites")) (if (<= N (count at:(site))) (remember Value "Playable" (site))))` after each sowing, its lift and capture asking `(is In … ("PlayableSites"))`); 0 where the sowings pass over them until a refill fills them.
        #[rule(cites = "sowing family", source = "", range = 0..=64)]
        pub out_of_play_back_at: u8 = 0, ludii: 0;

        /// When a round ends, a player who has fewer counters than this loses, and the game ends (0 where the game is one round).
        #[rule(cites = "sowing family", source = "")]
        pub round_loss_below: u8 = 0, ludii: 0;

        /// Players own holes from round to round (Ludii's remembered `OwnedP1` and `OwnedP2`): at the start each its row; a player lifts only from holes it owns; when a round ends each hole's counters go to its owner and every hole is forgotten; each hole a refill fills becomes the filler's, on either row.
        #[rule(cites = "sowing family", source = "")]
        pub ownership: bool = false, ludii: false;

        /// A player refills all it can in one turn, a hole a move (Ludii's `moveAgain` after each refill), before the opponent refills.
        #[rule(cites = "sowing family", source = "")]
        pub refill_whole_turn: bool = false, ludii: false;

        /// What a player does with the counters left after its refills, too few for a hole.
        #[rule(cites = "sowing family", source = "")]
        pub refill_remainder: RefillRemainder = RefillRemainder::Kept, ludii: RefillRemainder::Kept;

        /// Who takes the counters left on the board when a round ends: each hole's owner, or every one of them one player, chosen by whose owned holes are empty, by whose row is empty, or by whether player 1 last passed.
        #[rule(cites = "sowing family", source = "")]
        pub round_leftovers: RoundLeftovers = RoundLeftovers::Owners, ludii: RoundLeftovers::Owners;

        /// When a round ends, the player with more counters, captured and in its row before they go to their owners (player 1 on a tie), refills first (Ludii's `(set NextPlayer …)`); otherwise the turn passes as after any move.
        #[rule(cites = "sowing family", source = "")]
        pub round_first_more_captured: bool = false, ludii: false;

        /// The rounds begin in turn with player 1 and player 2: when the refills are over, player 2 begins the second round, player 1 the third, and so on (Ludii's `(if (is Even (var "Round")) (set NextPlayer (player 2)) (set NextPlayer (player 1)))` after the refills, `Round` counted up at each round's end from Ludii's unset -1); otherwise the turn passes as after any move.
        #[rule(cites = "sowing family", source = "")]
        pub round_first_alternates: bool = false, ludii: false;
        /// The game opens with this many turns that lift only from `opening_holes` (Ludii's first phase, left by `(nextPhase (>= (count Turns) N))` after the first move of turn N, the turns counted from 1 as the mover changes); 0 where the game has no opening.
        #[rule(cites = "sowing family", source = "", range = 0..=64)]
        pub opening_turns: u8 = 0, ludii: 0;

        /// The holes the opening's turns lift from, each still one of the mover's holding the counters to sow (such as `a6`, or an inner row hole by hole); `none` where the game has no opening.
        #[rule(cites = "sowing family", source = "")]
        pub opening_holes: HoleNames = HoleNames::NONE, ludii: HoleNames::NONE;

        /// Who leaves the opening after a move of turn `opening_turns` or later: every player at once (`together`, Ludii's `(nextPhase …)` naming no player), or the mover alone after that move (`mover-after-move`, `(nextPhase Mover …)`) or after the move that ends its turn (`mover-after-turn`, `(nextPhase Mover (not (is Next Mover)) …)`), the other player staying in the opening until its own such move; or every player at once after the move that ends a turn (`together-after-turn`, `(nextPhase (not (is Next Mover)) …)` naming no player, or a condition that holds exactly where the opening's sowing gives no other move, Tuz's); or the mover alone after a move that leaves each of its opening holes empty, from the first turn on (`mover-holes-empty`, `(nextPhase Mover (all Sites (sites Mover "R") if:(is Empty (site))) …)`, Iyogh's).
        #[rule(cites = "sowing family", source = "")]
        pub opening_leaves: OpeningLeaves = OpeningLeaves::Together, ludii: OpeningLeaves::Together;

        /// How the opening's moves sow: as the main phase's sowings (`main`), or for no capture and no relay, the last counter, where it falls into a hole of the mover's own territory, moved on into the first hole of the opponent's that the mover's track reaches (`last-own-to-next`: Tapata's `(sow apply:(if (is In (to) (sites Mover "Home")) (fromTo (from (to)) (to (mapEntry Next)))))`, each player's first move), or not sown at all: `opening_count` counters of the hole lifted moved together into `opening_to` (`transfer`: Gamacha's first move, `(move (from 6) (to 18) count:4)`), or sown as the main phase lays its counters for no capture and no relay (`plain`: Spreta's first moves, `(sow "Track" owner:(mover))` without the main phase's `apply:`), or not sown: every counter of the hole lifted moved into the mover's hole of `opening_to` (`gather`: Iyogh's `(move (from (sites Mover "RightMost") if:(is Occupied (from))) (to (mapEntry "RightMost" Mover)) count:(count at:(from)))`, left `mover-holes-empty`); `main` where the game has no opening.
        #[rule(cites = "sowing family", source = "")]
        pub opening_sowing: OpeningSowing = OpeningSowing::Main, ludii: OpeningSowing::Main;

        /// The hole an opening's move of counters (`opening_sowing` `transfer`) moves them into, or one hole in each player's territory that a gathering opening (`gather`) fills with all the counters of the mover's hole lifted; `none` where the opening sows.
        #[rule(cites = "sowing family", source = "")]
        pub opening_to: HoleNames = HoleNames::NONE, ludii: HoleNames::NONE;

        /// The counters an opening's move of counters (`opening_sowing` `transfer`) moves; 0 where the opening sows.
        #[rule(cites = "sowing family", source = "", range = 0..=64)]
        pub opening_count: u8 = 0, ludii: 0;

        /// The opening's moves step this many holes (Tuz's): each moves one counter of the hole lifted into the next hole along the mover's track, and the turn goes on from the hole this many holes ahead of the one lifted, until that hole is one of `opening_stop`, when the turn and the opening end (Ludii's `(sow count:1 …)` giving `(moveAgain)` unless `(trackSite Move from:(from) … steps:N)` is one of the stopping holes, its moves in the same turn lifting `(trackSite Move from:(last From) … steps:N)`); its first move lifts any of `opening_holes`, the mover's or not; 0 where the opening's moves are the main phase's sowings.
        #[rule(cites = "sowing family", source = "", range = 0..=64)]
        pub opening_step: u8 = 0, ludii: 0;

        /// The holes at which a stepping opening (`opening_step`) stops, once one of them is the hole it would step to next; `none` where the opening does not step.
        #[rule(cites = "sowing family", source = "")]
        pub opening_stop: HoleNames = HoleNames::NONE, ludii: HoleNames::NONE;

        /// The holes a stepping opening marks as its mover's when it stops (Ludii's `(set State at:H (mover))`, a mark of `mark_count`'s rules), each where it then holds `opening_mark_count` counters; `none` where it marks none.
        #[rule(cites = "sowing family", source = "")]
        pub opening_mark: HoleNames = HoleNames::NONE, ludii: HoleNames::NONE;

        /// The counters an `opening_mark` hole must hold to be marked when the stepping opening stops (Tuz's `(if (= 4 (count at:11)) …)`); 0 where it is marked whatever it holds.
        #[rule(cites = "sowing family", source = "", range = 0..=64)]
        pub opening_mark_count: u8 = 0, ludii: 0;

        /// The holes whose counters a stepping opening's mover captures when it stops (Lamosh's `(fromTo (from 11) (to (handSite Mover)) count:(count at:11))`, the else of the `(if (!= NEXT 11) (and (moveAgain) …) …)` after each of its moves); `none` where it takes none.
        #[rule(cites = "sowing family", source = "")]
        pub opening_take: HoleNames = HoleNames::NONE, ludii: HoleNames::NONE;

        /// A last counter that makes this many counters in a hole not yet marked, one of `mark_holes`, marks the hole as the mover's and ends the turn (Ludii's `(set State at:(to) (mover))`: Tuz's tuz, Gabata's wegue); a marked hole is never lifted again, and when a round ends its counters go to the player who marked it (a marked hole left empty stays marked into the next round, as Ludii moves nothing out of it); 0 where no hole is ever marked.
        #[rule(cites = "sowing family", source = "", range = 0..=64)]
        pub mark_count: u8 = 0, ludii: 0;

        /// Whose holes a last counter may mark (`mark_count`): the opponent's, or any.
        #[rule(cites = "sowing family", source = "")]
        pub mark_holes: MarkHoles = MarkHoles::Opponent, ludii: MarkHoles::Opponent;

        /// A last counter that falls into a hole the opponent marked, and makes more than one counter there, takes up to this many of them for the mover, the hole staying marked (Gabata's `count:(min 2 (count at:(to)))` with its `(set State at:(to) (state at:(to)))`); 0 where it takes nothing. A last counter in a marked hole never relays.
        #[rule(cites = "sowing family", source = "", range = 0..=64)]
        pub marked_takes: u8 = 0, ludii: 0;
    }
    validate = validate;
}

/// Combinations the engine cannot play: a board past its 64 holes, stores on a board of more
/// than two rows, a store extra turn or an empty-hole capture without what it needs.
fn validate(params: &SowingParams) -> Result<(), String> {
    let holes = usize::from(params.rows) * usize::from(params.holes);
    if holes > MAX_HOLES {
        return Err(format!(
            "rows × holes: {holes} holes, more than the {MAX_HOLES} the engine keeps"
        ));
    }
    validate_given_track(params, holes)?;
    if params.empty_hole_capture == EmptyHoleCapture::OppositeColumn && params.rows != 4 {
        return Err("empty_hole_capture: a column of the opponent's holes needs four rows".into());
    }
    if params.capture_across_any_count
        && (params.empty_hole_capture == EmptyHoleCapture::Off || params.relay == Relay::Occupied)
    {
        return Err(
            "capture_across_any_count: needs a capture across and no relay from the last hole to take precedence over"
                .into(),
        );
    }
    if params.empty_hole_capture == EmptyHoleCapture::Next
        && (params.stores_in_track
            || params.capture_across_any_count
            || params.extra_captures > 0
            || params.capture_across_fewest != 1
            || params.capture_across_row == CaptureAcrossRow::EitherToOwner)
    {
        return Err(
            "empty_hole_capture: the hole after the last is taken by the mover, from a hole empty before, without stores in the track"
                .into(),
        );
    }
    if params.capture_across_fewest > 1 && params.empty_hole_capture == EmptyHoleCapture::Off {
        return Err("capture_across_fewest: needs a capture across".into());
    }
    if params.capture_across_fewest == 0 && params.extra_captures == 0 {
        return Err(
            "capture_across_fewest: 0 needs extra captures (a capture of nothing gives only them)"
                .into(),
        );
    }
    if params.capture_across_row != CaptureAcrossRow::Own
        && (params.empty_hole_capture == EmptyHoleCapture::Off || params.rows != 2)
    {
        return Err("capture_across_row: needs a capture across on a two-row board".into());
    }
    if params.capture_row == CaptureRow::OpponentAndOwnEnd && params.rows != 2 {
        return Err("capture_row: the last hole of one's own row is on two rows".into());
    }
    if params.capture_everywhere
        && (params.capture_counts.is_empty()
            || params.relay != Relay::Off
            || params.capture_chain
            || params.capture_takes != CaptureTakes::Last
            || params.empty_hole_capture != EmptyHoleCapture::Off
            || params.extra_turn_in_store
            || params.must_feed)
    {
        return Err(
            "capture_everywhere: needs counts to capture, and no relay, chain, capture across, facing hole, extra turn or feeding beside it"
                .into(),
        );
    }
    if (params.capture_all_at_most > 0 || !params.capture_sweep_counts.is_empty())
        && (params.capture_counts.is_empty() || params.capture_everywhere)
    {
        return Err(
            "capture_all_at_most, capture_sweep_counts: need a capture of counts the last counter makes"
                .into(),
        );
    }
    if !params.capture_first_counts.is_empty()
        && (params.capture_counts.is_empty()
            || params.capture_everywhere
            || params.capture_chain
            || params.capture_all_at_most > 0
            || !params.capture_sweep_counts.is_empty()
            || params.stores_in_track
            || params.empty_hole_capture != EmptyHoleCapture::Off
            || params.next_empty_capture != NextEmptyCapture::Off
            || params.capture_sown != CaptureSown::Off
            || params.mark_count > 0
            || params.opening_turns > 0
            || params.round_refill > 0)
    {
        return Err(
            "capture_first_counts: needs a capture of counts the last counter makes, the one way counters reach a store, in a game of one round without an opening or marks"
                .into(),
        );
    }
    if let Some(problem) = capture_sown_problem(params) {
        return Err(problem.into());
    }
    if params.lift_anywhere
        && (params.rows != 2
            || params.track.given().is_some()
            || params.ownership
            || params.opening_turns > 0
            || params.round_refill > 0)
    {
        return Err(
            "lift_anywhere: holes lifted anywhere need the family's round of two rows, every hole on each player's track, and are not played with owned holes, an opening or rounds"
                .into(),
        );
    }
    if let Some(problem) = next_relay_problem(params) {
        return Err(problem.into());
    }
    if params.stores_in_track && params.rows != 2 {
        return Err("stores_in_track: stores in the track need a two-row board".into());
    }
    if params.sow_opponents_store && !params.stores_in_track {
        return Err("sow_opponents_store: the stores are not in the track".into());
    }
    if params.extra_turn_in_store && !params.stores_in_track {
        return Err(
            "extra_turn_in_store: a sowing cannot end in a store that is not in the track".into(),
        );
    }
    // Rounds on a track given hole by hole are rounds of owned holes, refilled in order along
    // the track (Gabata (Adowa)'s three rows).
    let given_rounds = params.track.given().is_some()
        && params.ownership
        && params.refill_order == RefillOrder::TrackFromLeft;
    if params.round_refill > 0
        && ((params.rows != 2 && !given_rounds)
            || params.must_feed
            || params.cycle_ends
            || params.end_by_agreement)
    {
        return Err(
            "round_refill: rounds are played on two rows (or, of owned holes refilled along the track, on a track given), without feeding, cycles or agreements"
                .into(),
        );
    }
    if params.round_refill == 0
        && (params.round_loss_below > 0
            || params.unfilled_out_of_play
            || params.refill_order != RefillOrder::Choice)
    {
        return Err("round_refill: the rules of rounds need a game played in rounds".into());
    }
    if let Some(problem) = back_in_play_problem(params) {
        return Err(problem.into());
    }
    if let Some(problem) = ownership_problem(params) {
        return Err(problem.into());
    }
    crate::opening::validate(params)?;
    crate::last_resort::validate(params)?;
    if let Some(problem) = marks_problem(params) {
        return Err(problem.into());
    }
    if params.seeds == 0 {
        return Err("seeds: a game with no counters cannot be played".into());
    }
    let total = match params.start_counts.holes() {
        None => holes * usize::from(params.seeds),
        Some(counts) if counts.len() == holes => counts.iter().map(|&c| usize::from(c)).sum(),
        Some(counts) => {
            return Err(format!(
                "start_counts: {} counts for a board of {holes} holes",
                counts.len()
            ));
        }
    };
    if total == 0 {
        return Err("start_counts: a game with no counters cannot be played".into());
    }
    if (params.game_end == GameEnd::CaptureGoal) != (params.capture_goal > 0) {
        return Err("capture_goal: a goal is set with the capture-goal end, and only there".into());
    }
    if params.game_end == GameEnd::CaptureGoal && 2 * usize::from(params.capture_goal) <= total {
        return Err(format!(
            "capture_goal: {} counters are not more than half of the {total}",
            params.capture_goal
        ));
    }
    if matches!(
        params.game_end,
        GameEnd::NextEmptyLoses | GameEnd::EmptyRowLoses
    ) && params.round_refill > 0
    {
        return Err("game_end: a player left with no counters loses in a game of one round".into());
    }
    if params.game_end == GameEnd::NextCannotMoveLoses && params.round_refill > 0 {
        return Err("game_end: a player left with no move loses in a game of one round".into());
    }
    if params.score == Score::StuckLoses
        && (params.game_end != GameEnd::MoverCannotMove
            || params.round_refill > 0
            || params.cycle_ends
            || params.end_by_agreement)
    {
        return Err(
            "score: a stuck player loses only where the game ends when a player cannot move, in one round, without cycles or agreements"
                .into(),
        );
    }
    if params.singles_last && params.min_to_sow < 2 {
        return Err("singles_last: holes of one counter are already lifted".into());
    }
    if params.fresh_not_onto_own_occupied
        && (params.singles_last || params.direction == Direction::Choice || params.round_refill > 0)
    {
        return Err("fresh_not_onto_own_occupied: a hole's count is taken along one way round, in a game of one round, without holes of one counter lifted last".into());
    }
    if (params.singles_into_empty || params.singles_plain) && !params.singles_last {
        return Err(
            "singles_into_empty, singles_plain: need holes of one counter lifted last".into(),
        );
    }
    if params.extra_captures == 0 && params.extra_capture_after != ExtraCaptureAfter::Across {
        return Err("extra_capture_after: needs extra captures".into());
    }
    if params.extra_captures > 0
        && (params.empty_hole_capture == EmptyHoleCapture::Off
            || params.game_end != GameEnd::NextEmptyLoses
            || params.must_feed
            || params.round_refill > 0)
    {
        return Err(
            "extra_captures: needs a capture across, in one round without feeding, where a player left with no counters loses (so that the opponent always has a hole to take)"
                .into(),
        );
    }
    if params.capture_across_resown
        && (params.empty_hole_capture != EmptyHoleCapture::OppositeColumn
            || params.extra_captures > 0
            || params.capture_across_any_count)
    {
        return Err(
            "capture_across_resown: sows on what a capture of the column across from an empty hole takes, without extra captures"
                .into(),
        );
    }
    if params.capture_across_occupied
        && (params.empty_hole_capture != EmptyHoleCapture::OppositeColumn
            || params.relay != Relay::Occupied
            || params.capture_across_any_count
            || params.capture_across_fewest != 1)
    {
        return Err(
            "capture_across_occupied: a capture of the column from an occupied hole, facing counters, before the relay"
                .into(),
        );
    }
    if params.extra_capture_after == ExtraCaptureAfter::Column
        && params.empty_hole_capture != EmptyHoleCapture::OppositeColumn
    {
        return Err("extra_capture_after: a column is taken only on four rows".into());
    }
    if total > usize::from(u16::MAX) {
        return Err(format!(
            "seeds: {total} counters, more than the engine counts"
        ));
    }
    Ok(())
}

/// A track given hole by hole: on the board, with territories of holes in it, and none of the
/// rules that need the family's round (facing holes, stores, rounds).
fn validate_given_track(params: &SowingParams, holes: usize) -> Result<(), String> {
    if params.track.given().is_none() {
        if !(params.rows == 2 || params.rows == 4) {
            return Err(
                "rows: the family's round has two or four rows; another board needs a track".into(),
            );
        }
        if params.territory != Territories::HALVES {
            return Err(
                "territory: the family's round has its halves; holes given need a track".into(),
            );
        }
        return Ok(());
    }
    if let Some(fault) = params.track.fault(holes) {
        return Err(fault);
    }
    let Some([first, second]) = params.territory.0 else {
        return Err("territory: a track given hole by hole needs each player's holes".into());
    };
    let on_board = if holes == MAX_HOLES {
        u64::MAX
    } else {
        (1u64 << holes) - 1
    };
    if first & second != 0 || (first | second) & !on_board != 0 || first == 0 || second == 0 {
        return Err(
            "territory: each player needs holes of its own on the board, none of them shared"
                .into(),
        );
    }
    for (player, (track, owned)) in params
        .track
        .given()
        .into_iter()
        .flatten()
        .zip([first, second])
        .enumerate()
    {
        let along = track.iter().fold(0u64, |bits, &h| bits | 1 << h);
        if owned & !along != 0 {
            return Err(format!(
                "territory: player {}'s holes are not all on its track",
                player + 1
            ));
        }
    }
    // A hole of no one's would count as player 1's where a capture asks whose row it is on.
    if first | second != on_board
        && !params.capture_counts.is_empty()
        && params.capture_row != CaptureRow::Any
    {
        return Err("territory: captures on a player's row need every hole owned".into());
    }
    let refilled_along_track =
        params.ownership && params.refill_order == RefillOrder::TrackFromLeft;
    if params.empty_hole_capture != EmptyHoleCapture::Off
        || params.capture_takes != CaptureTakes::Last
        || params.capture_row == CaptureRow::OpponentAndOwnEnd
        || params.stores_in_track
        || (params.round_refill > 0 && !refilled_along_track)
    {
        return Err(
            "track: facing holes, the end of one's row, stores in the track and rounds but of owned holes refilled along the track need the family's round".into(),
        );
    }
    Ok(())
}

/// What the capture of the holes sown needs: counts exactly where it is played, its taker
/// only there, and none of the rules whose landings or tracks it has not been played beside
/// (a capture everywhere, relays asking about the next hole, a sowing of single counters for
/// nothing, marks, stores in the track, holes out of play, owned holes taken by their row).
fn capture_sown_problem(params: &SowingParams) -> Option<&'static str> {
    if params.capture_sown == CaptureSown::Off {
        return (!params.capture_sown_counts.is_empty()
            || params.capture_sown_to != CaptureSownTo::Mover)
            .then_some("capture_sown_counts, capture_sown_to: need a capture of the holes sown");
    }
    if params.capture_sown_counts.is_empty() {
        return Some("capture_sown: needs counts to capture");
    }
    if params.capture_everywhere
        || params.relay.reads_next()
        || params.singles_plain
        || params.mark_count > 0
        || params.stores_in_track
        || params.sow_into_origin
        || (params.ownership && params.capture_sown_to == CaptureSownTo::Owner)
    {
        return Some(
            "capture_sown: not played beside a capture everywhere, relays asking about the next hole, single counters sown for nothing, marks, stores in the track, a first counter sown back into its hole (which would count the last hole among those before it), or owned holes taken by their row",
        );
    }
    None
}

/// What the relays that ask about the hole after the last one need: a hole of any count lifted
/// (the relay's hole is lifted as the fresh move's holes are), no marks, stores' extra turns or
/// feeding beside them; and what a next hole found empty gives needs such a relay. A player
/// lifting the opponent's holes does so on the family's round of two rows, in a game of one
/// round without an opening, owned holes, lifting anywhere or feeding.
fn next_relay_problem(params: &SowingParams) -> Option<&'static str> {
    if params.relay.reads_next()
        && (params.min_to_sow != 1
            || params.mark_count > 0
            || params.extra_turn_in_store
            || params.must_feed)
    {
        return Some(
            "relay: a relay asking about the next hole lifts a hole of any count, without marks, a store's extra turn or feeding",
        );
    }
    if params.way_kept != WayKept::Off
        && (params.direction != Direction::Choice
            || params.relay == Relay::Off
            || params.stores_in_track
            || !params.capture_first_counts.is_empty()
            || params.opening_turns > 0)
    {
        // A capture is told by the mover's store growing: no sowing may pass through it.
        return Some(
            "way_kept: a way chosen, relays, no stores in the track, no counted first captures and no opening",
        );
    }
    if params.next_empty_capture != NextEmptyCapture::Off && !params.relay.reads_next() {
        return Some("next_empty_capture: needs a relay that asks about the next hole");
    }
    if params.next_empty_capture_chain > 0 && params.next_empty_capture == NextEmptyCapture::Off {
        return Some("next_empty_capture_chain: needs a next_empty_capture to go on from");
    }
    if params.lift_opponents_row
        && (params.track.given().is_some()
            || params.rows != 2
            || params.lift_anywhere
            || params.ownership
            || params.opening_turns > 0
            || params.round_refill > 0
            || params.must_feed)
    {
        return Some(
            "lift_opponents_row: the opponent's holes are lifted on the family's round of two rows (each player's track through both), in one round, without an opening, owned holes, lifting anywhere or feeding",
        );
    }
    None
}

/// What holes that come back into play need (`out_of_play_back_at`): holes out of play, no
/// holes owned, and a capture of counts of the last hole alone, without relays, stores in the
/// track, an opening or any rule whose landing the family has not played beside them (the
/// sowing finds its last hole by walking the track before it sows). The refill of the counters
/// too few for a hole into one hole (`one-hole`) leaves it out of play for them to bring back.
fn back_in_play_problem(params: &SowingParams) -> Option<&'static str> {
    let one_hole = params.refill_remainder == RefillRemainder::OneHole;
    if params.out_of_play_back_at == 0 {
        return one_hole.then_some(
            "refill_remainder: a hole filled with fewer counters stays out of play until holes come back into play (out_of_play_back_at)",
        );
    }
    if !params.unfilled_out_of_play
        || params.ownership
        || params.relay != Relay::Off
        || params.capture_chain
        || params.capture_takes != CaptureTakes::Last
        || params.empty_hole_capture != EmptyHoleCapture::Off
        || params.capture_everywhere
        || params.capture_sown != CaptureSown::Off
        || params.capture_all_at_most > 0
        || !params.capture_sweep_counts.is_empty()
        || !params.capture_first_counts.is_empty()
        || params.mark_count > 0
        || params.stores_in_track
        || params.sow_into_origin
        || params.skip_origin
        || params.way_kept != WayKept::Off
        || params.opening_turns > 0
        || params.lift_anywhere
        || params.lift_opponents_row
    {
        return Some(
            "out_of_play_back_at: holes come back into play where holes are out of play and not owned, beside a capture of counts of the last hole alone, without relays, stores in the track, a first counter sown into or past its hole, an opening or lifts outside one's row",
        );
    }
    None
}

/// What the rules of ownership need: rounds whose refills fill every hole (a uniform start of
/// `round_refill` a hole, no hole out of play), and the refills' ways only where holes are owned.
fn ownership_problem(params: &SowingParams) -> Option<&'static str> {
    let refills_all = params.round_refill > 0
        && params.round_refill == params.seeds
        && params.start_counts == StartCounts::UNIFORM
        && !params.unfilled_out_of_play;
    // A stepping opening moves no hole's owner: its end gives each player its row back.
    if params.ownership && params.opening_turns > 0 && params.opening_step == 0 {
        return Some(
            "ownership: owned holes and an opening are not played together, but for a stepping opening (the opening's end gives each player its row back)",
        );
    }
    if params.ownership && !refills_all {
        return Some(
            "ownership: holes are owned in rounds whose refills fill every hole (a uniform start of round_refill a hole, none out of play)",
        );
    }
    let track_order = matches!(
        params.refill_order,
        RefillOrder::TrackFromLeft | RefillOrder::TrackFromRight
    );
    if !params.ownership
        && (track_order
            || params.refill_whole_turn
            || !matches!(
                params.refill_remainder,
                RefillRemainder::Kept | RefillRemainder::OneHole
            )
            || params.round_first_more_captured
            || params.round_first_alternates)
    {
        return Some(
            "ownership: the refill's track order, whole turns, borrowing and first filler are rules of owned holes",
        );
    }
    if params.refill_remainder == RefillRemainder::OneShort && params.refill_whole_turn {
        return Some("refill_remainder: a hole one short is filled a hole a turn");
    }
    let borrows = matches!(
        params.refill_remainder,
        RefillRemainder::Borrow | RefillRemainder::BorrowOrDrawn
    );
    if borrows && !(params.refill_whole_turn && track_order) {
        return Some("refill_remainder: borrowing follows whole turns of refills along the track");
    }
    if (params.game_end.on_owned() || params.capture_sown_to == CaptureSownTo::HoleOwner)
        && (!params.ownership || params.mark_count > 0)
    {
        return Some(
            "game_end, capture_sown_to: the end on owned holes and captures to the hole's owner need owned holes, without marks",
        );
    }
    if params.round_leftovers == RoundLeftovers::RowNotEmptied {
        if params.game_end != GameEnd::RowEmpty || params.round_refill == 0 {
            return Some(
                "round_leftovers: the counters left go to the player whose row is not empty where a round ends on an empty row",
            );
        }
    } else if params.round_leftovers != RoundLeftovers::Owners && !params.game_end.on_owned() {
        return Some(
            "round_leftovers: the counters left go to one player where a round ends on a player's owned holes",
        );
    }
    if params.refill_remainder == RefillRemainder::BorrowOrDrawn && params.round_refill % 2 == 1 {
        return Some("refill_remainder: half a hole drawn for needs an even round_refill");
    }
    None
}

/// What marked holes need: a mark count for the rules of marks, and none of the rules whose
/// landings the family has not played beside marks (captures of counts or across, stores in the
/// track, feeding, an opening but a stepping one, whose holes to lift it would give back).
fn marks_problem(params: &SowingParams) -> Option<&'static str> {
    let uses_marks = params.mark_holes != MarkHoles::Opponent
        || params.marked_takes > 0
        || params.game_end == GameEnd::UnmarkedEmpty;
    if params.mark_count == 0 {
        return uses_marks.then_some(
            "mark_count: whose holes are marked, what a marked hole gives and the end on marked holes need marks",
        );
    }
    if !params.capture_counts.is_empty()
        || params.empty_hole_capture != EmptyHoleCapture::Off
        || params.stores_in_track
        || params.must_feed
        || (params.opening_turns > 0 && params.opening_step == 0)
        || params.end_by_agreement
    {
        return Some(
            "mark_count: marks are played without captures of counts or across, stores in the track, feeding, an opening but a stepping one, or agreements",
        );
    }
    if params.game_end == GameEnd::UnmarkedEmpty && params.round_refill == 0 {
        return Some("game_end: the end on marked holes ends a round of a game played in rounds");
    }
    None
}

/// A set of counts from 1 to 127, written as a list (`2,3`) or empty (`none`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CountSet(pub u128);

impl CountSet {
    /// No count.
    pub const EMPTY: CountSet = CountSet(0);

    /// Whether `count` is in the set.
    #[inline]
    pub fn contains(self, count: u16) -> bool {
        count < 128 && self.0 & (1 << count) != 0
    }

    /// Whether the set has no count.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The counts, ascending.
    pub fn counts(self) -> impl Iterator<Item = u16> {
        (0..128u16).filter(move |&c| self.0 & (1 << c) != 0)
    }
}

impl engine::OptionValue for CountSet {
    fn parse_value(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text == "none" || text.is_empty() {
            return Ok(CountSet::EMPTY);
        }
        let mut bits = 0u128;
        for part in text.split(',') {
            let count: u32 = part
                .trim()
                .parse()
                .map_err(|_| format!("{part:?} in {text:?} is not a whole number"))?;
            if !(1..=127).contains(&count) {
                return Err(format!("{count} in {text:?} is not a count from 1 to 127"));
            }
            bits |= 1 << count;
        }
        Ok(CountSet(bits))
    }

    fn render_value(&self) -> String {
        if self.is_empty() {
            return "none".into();
        }
        self.counts()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }

    fn domain() -> String {
        "a list of counts such as 2,3, or none".into()
    }
}

/// Counts in order, each from 1 to 127 (`capture_first_counts`), or `none`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CountList(engine::ByteList<MAX_LISTED_COUNTS>);

/// The most counts a [`CountList`] holds.
pub const MAX_LISTED_COUNTS: usize = 8;

impl CountList {
    /// No count.
    pub const NONE: CountList = CountList(engine::ByteList::EMPTY);

    /// Whether the list has no count.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The counts, in order.
    pub fn counts(&self) -> &[u8] {
        self.0.as_slice()
    }

    /// The counts `counts`, in order (at most [`MAX_LISTED_COUNTS`]).
    pub fn listed(counts: &[u8]) -> Option<CountList> {
        engine::ByteList::from_slice(counts).map(CountList)
    }
}

impl engine::OptionValue for CountList {
    fn parse_value(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text == "none" || text.is_empty() {
            return Ok(CountList::NONE);
        }
        let counts = text
            .split(',')
            .map(|part| match part.trim().parse::<u8>() {
                Ok(count @ 1..=127) => Ok(count),
                _ => Err(format!("{part:?} in {text:?} is not a count from 1 to 127")),
            })
            .collect::<Result<Vec<u8>, String>>()?;
        CountList::listed(&counts)
            .ok_or_else(|| format!("{text:?} lists more than {MAX_LISTED_COUNTS} counts"))
    }

    fn render_value(&self) -> String {
        if self.is_empty() {
            return "none".into();
        }
        self.counts()
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }

    fn domain() -> String {
        "counts in order such as 3,1, or none".into()
    }
}

/// The counters of each hole at the start, in the family's order of holes, or `uniform`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StartCounts(engine::ByteList<MAX_HOLES>);

impl StartCounts {
    /// Every hole holds the game's `seeds`.
    pub const UNIFORM: StartCounts = StartCounts(engine::ByteList::EMPTY);

    /// The counts hole by hole, when they are listed.
    pub fn holes(&self) -> Option<&[u8]> {
        (!self.0.is_empty()).then(|| self.0.as_slice())
    }

    /// The counts of `holes`, in the family's order of holes (at most [`MAX_HOLES`]).
    pub fn listed(holes: &[u8]) -> Option<StartCounts> {
        if holes.is_empty() {
            return None;
        }
        engine::ByteList::from_slice(holes).map(StartCounts)
    }
}

impl engine::OptionValue for StartCounts {
    fn parse_value(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text == "uniform" {
            return Ok(StartCounts::UNIFORM);
        }
        let counts = text
            .split(',')
            .map(|part| {
                part.trim()
                    .parse::<u8>()
                    .map_err(|_| format!("{part:?} in {text:?} is not a count from 0 to 255"))
            })
            .collect::<Result<Vec<u8>, String>>()?;
        StartCounts::listed(&counts)
            .ok_or_else(|| format!("{text:?} lists more than {MAX_HOLES} holes"))
    }

    fn render_value(&self) -> String {
        match self.holes() {
            None => "uniform".into(),
            Some(counts) => counts
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(","),
        }
    }

    fn domain() -> String {
        "uniform, or a count for each hole such as 4,4,5,4,3,4,4,4,4,4,4,4".into()
    }
}
