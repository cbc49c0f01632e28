//! Every point of Natt Klab ash-Shawk that Murray's one sentence leaves open.

use engine::{game_options, option_enum};

option_enum! {
    /// Whether a piece that has captured may capture again in the same turn.
    pub enum Chains {
        /// One leap a turn (Ludii).
        None = "none",
        /// It may go on leaping, and may stop.
        Optional = "optional",
        /// It must go on leaping while it can.
        Compulsory = "compulsory",
    }
}

option_enum! {
    /// What a player who cannot move does.
    pub enum Blocked {
        /// Passes (Ludii).
        Pass = "pass",
        /// Loses.
        Loses = "loses",
    }
}

option_enum! {
    /// When the game is drawn.
    pub enum DrawRule {
        /// When both players pass in a row (Ludii).
        TwoPasses = "two-passes",
        /// Never: play goes on to the cap.
        Never = "never",
    }
}

option_enum! {
    /// What the cross-cut centre cell does.
    pub enum Centre {
        /// Nothing: it is a cell like the others.
        Plain = "plain",
        /// A piece on it cannot be captured.
        Safe = "safe",
    }
}

game_options! {
    /// Options of Natt Klab ash-Shawk.
    pub struct NattKlabOptions {
        /// Whether leaps chain.
        #[rule(cites = "DLP.Evidence.1554 rules", source = "Players may capture an opponent's piece by hopping over it.")]
        pub chains: Chains = Chains::None, ludii: Chains::None;

        /// Whether a player who can capture must.
        #[rule(cites = "Murray 1951: 66 (quotation)", source = "The men can only move one step orthogonally, and captures are made by the short leap.")]
        pub capture_compulsory: bool = false, ludii: false;

        /// A player who cannot move.
        #[rule(cites = "DLP.Evidence.1554 rules", source = "Players alternate turns moving a piece orthogonally to an adjacent empty space.")]
        pub blocked: Blocked = Blocked::Pass, ludii: Blocked::Pass;

        /// When the game is drawn.
        #[rule(cites = "DLP.Evidence.1554 rules", source = "The player who captures all of the opponent's pieces wins.")]
        pub draw_rule: DrawRule = DrawRule::TwoPasses, ludii: DrawRule::TwoPasses;

        /// The centre cell.
        #[rule(cites = "Murray 1951: 66 (quotation)", source = "PLayed on the cells of a 5x5 board with no slant lines, the central cell being cross cut.")]
        pub centre: Centre = Centre::Plain, ludii: Centre::Plain;
    }
}
