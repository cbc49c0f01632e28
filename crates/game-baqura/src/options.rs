//! Every point of Baqura that DLP's text, Hyde's Latin and Ludii read differently.

use engine::{game_options, option_enum};

option_enum! {
    /// How the players arrange their 36 counters at the start.
    pub enum Layout {
        /// One counter at a time into any of one's own holes, the players alternating (72 moves).
        Placement = "placement",
        /// Six in every hole, the layout under which Hyde's claim about the first move is tested.
        SixEach = "six-each",
    }
}

option_enum! {
    /// Where an even count can be captured.
    pub enum CaptureSide {
        /// On either side of the board.
        Either = "either",
        /// Only in the mover's own row.
        OwnRow = "own-row",
    }
}

option_enum! {
    /// Which even counts are captured.
    pub enum CaptureCounts {
        /// Any even count.
        AnyEven = "any-even",
        /// Only 2 or 4.
        TwoOrFour = "two-or-four",
    }
}

option_enum! {
    /// How far a capture chains backwards from the last hole.
    pub enum Chain {
        /// Only the last hole (and its opposite) is taken.
        None = "none",
        /// Each previous hole in sowing order, on either side, while it holds an even count.
        PreviousHoles = "previous-holes",
        /// Previous holes while they are in the mover's row and hold an even count.
        MoverRow = "mover-row",
    }
}

option_enum! {
    /// Which hole a relay lifts when the last counter makes an odd count. The default is the
    /// record's reading; Hyde's sentence, cited, is where the other value comes from, and it
    /// does not say whether it speaks of a relay or of sowing on after a gain (`AfterCapture`
    /// cites it too), so neither value is his alone.
    pub enum RelayFrom {
        /// The hole the last counter fell into.
        LastHole = "last-hole",
        /// The hole after it (the turn ends if that hole is empty).
        NextHole = "next-hole",
    }
}

option_enum! {
    /// What the last counter does when it makes an even count the options do not capture.
    pub enum UncapturedEven {
        /// The hole is lifted and sown on, as an odd count is: play goes on until a single counter.
        SowOn = "sow-on",
        /// The turn ends (no source says so).
        EndTurn = "end-turn",
    }
}

option_enum! {
    /// What happens after a capture. The default is the record's reading; the other value
    /// reads Hyde's cited sentence as sowing on after a gain (see `RelayFrom`).
    pub enum AfterCapture {
        /// The turn ends.
        EndTurn = "end-turn",
        /// The mover lifts the counters of the hole after the last one and sows on.
        ContinueFromNext = "continue-from-next",
    }
}

option_enum! {
    /// Whether a sowing of twelve or more counters passes its emptied origin hole.
    pub enum Origin {
        /// The origin hole receives counters like any other.
        Include = "include",
        /// The origin hole is skipped.
        Skip = "skip",
    }
}

option_enum! {
    /// What sowing does with empty holes on the far side.
    pub enum FarEnd {
        /// Counters go into every hole in turn.
        SowInto = "sow-into",
        /// Empty holes in the opponent's row are skipped.
        SkipEmptyOpponentHoles = "skip-empty-opponent-holes",
    }
}

option_enum! {
    /// Who sows first in a new round.
    pub enum RoundStarter {
        /// The player who won the round (who could still move).
        RoundWinner = "round-winner",
        /// The player who could not move.
        RoundLoser = "round-loser",
    }
}

option_enum! {
    /// Who lays out when both players own the same number of counters at the end of a round.
    pub enum EqualCounts {
        /// The player who could not move.
        StuckPlayer = "stuck-player",
        /// Player 2, whoever won the round.
        SecondPlayer = "second-player",
    }
}

game_options! {
    /// Options of Baqura.
    pub struct BaquraOptions {
        /// How the counters are arranged at the start.
        #[rule(cites = "DLP.Evidence.682 rules", source = "Each player has 36 counters which they arrange however they like in their holes.")]
        pub layout: Layout = Layout::Placement, ludii: Layout::Placement;

        /// On which side a capture may happen.
        #[rule(cites = "Hyde 1694: 231 (Latin quotation)", source = "Et deind lucrum, ut supra, est ubi definis in pari numero ex tua parte, i.e. in 2 vel 4")]
        pub capture_side: CaptureSide = CaptureSide::Either, ludii: CaptureSide::Either;

        /// Which even counts are captured.
        #[rule(cites = "Hyde 1694: 231 (Latin quotation)", source = "est ubi definis in pari numero ex tua parte, i.e. in 2 vel 4")]
        pub capture_counts: CaptureCounts = CaptureCounts::AnyEven, ludii: CaptureCounts::AnyEven;

        /// Which hole a relay lifts.
        #[rule(cites = "Hyde 1694: 230 (Latin quotation)", source = "et deinde pergas rursus omnes eximendo a proxima uni desinebas cellula")]
        pub relay_from: RelayFrom = RelayFrom::LastHole, ludii: RelayFrom::LastHole;

        /// How far a capture chains backwards.
        #[rule(cites = "DLP.Evidence.682 rules", source = "If the previous hole is also even, those counters and those in the opposite hole are also taken, continuing until there is an odd or empty hole.")]
        pub chain: Chain = Chain::PreviousHoles, ludii: Chain::MoverRow;

        /// What an even count that is not captured does.
        #[rule(cites = "Hyde 1694: 230 (Latin quotation)", source = "Et deinde perges ludendo et lucrando, donec tandem desinas in unitate, quae Battal")]
        pub uncaptured_even: UncapturedEven = UncapturedEven::SowOn, ludii: UncapturedEven::SowOn;

        /// Whether a capture ends the turn.
        #[rule(cites = "Hyde 1694: 230 (Latin quotation)", source = "et deinde pergas rursus omnes eximendo a proxima uni desinebas cellula")]
        pub after_capture: AfterCapture = AfterCapture::EndTurn, ludii: AfterCapture::EndTurn;

        /// Whether long sowings pass the origin hole.
        #[rule(cites = "DLP.Evidence.682 rules", source = "Sowing occurs in an anti-clockwise direction.")]
        pub origin: Origin = Origin::Include, ludii: Origin::Include;

        /// Whether empty holes at the far end are skipped.
        #[rule(cites = "Hyde 1694: 231 (Latin quotation)", source = "Si vero in processu lusus acciderit ut cellulae in altera Pyxidis extremitate fuerint omnino vacuae, non erit tibi commodum ut utaris illis; sed potius evitare et transilire debes.")]
        pub far_end: FarEnd = FarEnd::SowInto, ludii: FarEnd::SowInto;

        /// Who sows first in a new round.
        #[rule(cites = "DLP.Evidence.682 rules", source = "A new round begins.")]
        pub round_starter: RoundStarter = RoundStarter::RoundWinner, ludii: RoundStarter::RoundWinner;

        /// Who lays out when the counts are equal.
        #[rule(cites = "DLP.Evidence.682 rules", source = "The player with the smaller number of counters distributes them as they like in their holes.")]
        pub equal_counts: EqualCounts = EqualCounts::StuckPlayer, ludii: EqualCounts::SecondPlayer;
    }
}
