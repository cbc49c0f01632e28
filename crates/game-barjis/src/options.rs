//! Every point of Barjis that Murray's text leaves open or Ludii reads its own way.

use engine::{Bias, game_options, option_enum};

option_enum! {
    /// Which throws grant another throw.
    pub enum ExtraThrows {
        /// None (the text names none; Ludii).
        None = "none",
        /// The graces, 10 and 25.
        Graces = "graces",
        /// 6, 10 and 25, as in Pachisi.
        GracesAndSix = "graces-and-six",
    }
}

option_enum! {
    /// How a piece leaves the board at the end of its route.
    pub enum BearOff {
        /// A throw that reaches or passes the centre takes it off.
        ReachCentre = "reach-centre",
        /// Only a throw that reaches the centre exactly.
        Exact = "exact",
        /// Ludii: a throw reaching the centre exactly puts the piece on it; any throw carrying it
        /// past the centre takes it off.
        LudiiCentre = "ludii-centre",
    }
}

option_enum! {
    /// What a piece does on reaching a cell where an opponent is safe.
    pub enum SafeEnemy {
        /// It shares the cell.
        Share = "share",
        /// It cannot land there (Ludii).
        Blocked = "blocked",
    }
}

option_enum! {
    /// When the game ends with more than two players.
    pub enum PlayUntil {
        /// The first player to bear off all pieces wins; the others share second place.
        FirstFinisher = "first-finisher",
        /// Play goes on until every place is decided (Ludii).
        FullRanking = "full-ranking",
    }
}

option_enum! {
    /// Which arm the players sit at, in turn order. No source says.
    pub enum Seating {
        /// Player 2 sits at the arm player 1's route enters next, and so on round.
        NextAhead = "next-ahead",
        /// Player 4 sits there, so each player's route runs through the arms of the players
        /// who move before it (Ludii).
        NextBehind = "next-behind",
    }
}

option_enum! {
    /// How a player's men are found on their route.
    pub enum TrackCounts {
        /// Each man knows its place on its route.
        PerMan = "per-man",
        /// Ludii's fault: it counts a player's men per route position, and bearing a man off
        /// takes one from every position of its cell. The route passes the centre and the
        /// player's middle column twice, so the other pass goes negative and a later man on
        /// that cell is taken to be past the route's end: its only move is off the board.
        LudiiSharedCells = "ludii-shared-cells",
    }
}

game_options! {
    /// Options of Barjis.
    pub struct BarjisOptions {
        /// Which throws throw again.
        #[rule(cites = "Murray 1951: 136 (quotation)", source = "Played with six cowries, the throws having the standard values.")]
        pub extra_throws: ExtraThrows = ExtraThrows::None, ludii: ExtraThrows::None;

        /// Whether entering a piece uses up the grace.
        #[rule(cites = "Murray 1951: 136 (quotation)", source = "Throws of 10 and 25 carry a grace (khal), and men can only enter and re-enter by a grace.")]
        pub entry_uses_throw: bool = true, ludii: true;

        /// How pieces are borne off.
        #[rule(cites = "DLP.Evidence.1601 rules", source = "around the board in an anti-clockwise direction, and then back up the central row to the central space.")]
        pub bear_off: BearOff = BearOff::ReachCentre, ludii: BearOff::LudiiCentre;

        /// Landing where an opponent is safe.
        #[rule(cites = "DLP.Evidence.1601 rules", source = "Pieces on the same spot as another piece belonging to the player and pieces on marked squares are safe from being sent to start.")]
        pub safe_enemy: SafeEnemy = SafeEnemy::Share, ludii: SafeEnemy::Blocked;

        /// Whether two pieces of a player may share a cell.
        #[rule(cites = "Murray 1951: 136 (quotation)", source = "Men can be doubled on any cell and doubled men cannot be taken.")]
        pub doubling: bool = true, ludii: false;

        /// Whether a piece on the centre is safe.
        #[rule(cites = "DLP.Evidence.1601 rules", source = "Pieces enter the board from the center of the board")]
        pub centre_safe: bool = false, ludii: false;

        /// Whether bearing off all pieces before any opponent bears one counts seven.
        #[rule(cites = "Murray 1951: 136 (quotation)", source = "If a player bears all her men before the opponents have borne one man, the game is won by mars, counting seven games.")]
        pub mars: bool = true, ludii: false;

        /// When the game ends.
        #[parameter(cites = "DLP.Evidence.1601 rules", source = "The player who moves all of their pieces off the board first wins")]
        pub play_until: PlayUntil = PlayUntil::FirstFinisher, ludii: PlayUntil::FullRanking;

        /// Number of players (the game is for four; two or three play opposite or adjacent arms).
        #[parameter(cites = "Murray 1951: 136 (quotation)", source = "Four persons play, each with four men.", range = 2..=4)]
        pub players: u8 = 4, ludii: 4;

        /// Which arm each player sits at (no source says; the sentence cited gives the route).
        #[parameter(cites = "DLP.Evidence.1601 rules", source = "Pieces enter the board from the center of the board, down the central row of the player's arm, around the board in an anti-clockwise direction")]
        pub seating: Seating = Seating::NextAhead, ludii: Seating::NextBehind;

        /// How men are found on their route (Ludii's counting fault is a variant).
        #[parameter(cites = "DLP.Evidence.1601 rules", source = "and then back up the central row to the central space.")]
        pub track_counts: TrackCounts = TrackCounts::PerMan, ludii: TrackCounts::PerMan;

        /// Probability that a cowrie lands mouth up.
        #[parameter(cites = "DLP.Evidence.1601 rules", source = "Six cowries used as dice")]
        pub mouth_up_bias: Bias = Bias::FAIR, ludii: Bias::FAIR;
    }
}
