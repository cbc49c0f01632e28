//! Every point of Tuz that DLP's text, Pankhurst and Ludii leave open or read differently.

use engine::{game_options, option_enum};

option_enum! {
    /// Who starts.
    pub enum FirstPlayer {
        /// Drawn by lots: either player, with equal chance.
        Lots = "lots",
        /// Player 1 always starts (Ludii).
        PlayerOne = "player-1",
    }
}

option_enum! {
    /// The opening the first player makes.
    pub enum Opening {
        /// The first player chooses between the opening with a tuz and the one without.
        Choice = "choice",
        /// Always the opening that makes a tuz.
        AlwaysTuz = "always-tuz",
        /// Always the opening without a tuz.
        NeverTuz = "never-tuz",
        /// No opening: play starts from four counters in every hole.
        None = "none",
    }
}

option_enum! {
    /// How the opening with a tuz moves the counters.
    pub enum OpeningProcedure {
        /// DLP's text: a counter from the rightmost hole is held, one counter moves from every
        /// other hole to the next all the way round, and the held counter completes the
        /// opponent's first hole to four, which becomes the opener's tuz.
        DlpText = "dlp-text",
        /// Ludii: one counter moves from every other hole to the next, starting with the
        /// opponent's second hole; the opponent's first hole, untouched at four, becomes the tuz.
        Ludii = "ludii",
    }
}

option_enum! {
    /// Pankhurst's reserve: counters just behind the lifted hole added at the end of the sowing.
    pub enum Reserve {
        /// Not used.
        Off = "off",
        /// A single counter in the hole just behind, or two counters two holes behind with an
        /// empty hole between, may be added at the end of a sowing the player begins.
        Allowed = "allowed",
    }
}

option_enum! {
    /// What a last counter dropped into an empty tuz of the opponent does.
    pub enum EmptyTuz {
        /// It is removed, and the mover keeps it.
        CounterRemoved = "counter-removed",
        /// It stays in the tuz (Ludii).
        CounterStays = "counter-stays",
    }
}

option_enum! {
    /// What the mover does after taking from the opponent's tuz.
    pub enum AfterTuzTake {
        /// Lifts another hole and sows on, in the same turn.
        ContinueAnyHole = "continue-any-hole",
        /// The turn ends (Ludii).
        EndTurn = "end-turn",
    }
}

option_enum! {
    /// How many tuz a player may hold.
    pub enum TuzLimit {
        /// No limit: every hole made four by a last counter on the opponent's side is captured.
        Unlimited = "unlimited",
        /// One; a second hole of four on the opponent's side is not captured.
        OnePerPlayer = "one-per-player",
    }
}

option_enum! {
    /// Whether a sowing of twelve or more counters passes its emptied origin hole.
    pub enum Origin {
        /// A counter falls into the emptied origin hole when the sowing comes round to it.
        Include = "include",
        /// The sowing passes over its emptied origin hole.
        Skip = "skip",
    }
}

option_enum! {
    /// How the holes are refilled between rounds.
    pub enum Refill {
        /// DLP: each player fills its own row with fours from its rightmost hole; the player
        /// with more counters fills the opponent's remaining holes, gaining them.
        Dlp = "dlp",
        /// Ludii: the player after the round's last mover fills first, one hole per move, into
        /// the first empty hole clockwise from its own rightmost hole; then the other player.
        Ludii = "ludii",
    }
}

option_enum! {
    /// Who owns the hole made of two counters from each player.
    pub enum SplitHole {
        /// Nobody gains it: it stays with the player whose row it is in.
        RowOwner = "row-owner",
        /// Drawn at random (Ludii).
        Random = "random",
    }
}

option_enum! {
    /// What becomes of a tuz when a round ends.
    pub enum TuzAfterRound {
        /// It is an ordinary hole again. Ludii too where the tuz holds counters: it moves
        /// every counter out of each tuz at the end of a round, and emptying a site resets its
        /// state. A tuz left empty keeps its state in Ludii, whose `fromTo` moves nothing from
        /// an empty site, so its mark lasts into the next round, as the sowing family plays
        /// Tuz.lud (`rulesets/tests/tuz_beside_family.rs`); this value clears it all the same.
        Cleared = "cleared",
        /// It stays its captor's tuz in later rounds.
        Kept = "kept",
    }
}

option_enum! {
    /// What happens when neither player can fill a hole between rounds. No source says; Ludii's
    /// refill phase has no end rule, so its players pass until a cap ends the game.
    pub enum RefillStalemate {
        /// Two passes in a row end the game as a draw, as they do in play.
        Draw = "draw",
        /// Players pass on until a cap ends the game (Ludii).
        PassOn = "pass-on",
    }
}

game_options! {
    /// Options of Tuz.
    pub struct TuzOptions {
        /// Who starts.
        #[rule(cites = "DLP.Evidence.1443 rules", source = "Players draw lots to see who goes first.")]
        pub first_player: FirstPlayer = FirstPlayer::Lots, ludii: FirstPlayer::PlayerOne;

        /// Which opening is made.
        #[rule(cites = "DLP.Evidence.1443 rules", source = "There is a choice of stylised opening move.")]
        pub opening: Opening = Opening::Choice, ludii: Opening::Choice;

        /// How the opening with a tuz is made, step by step.
        #[rule(cites = "DLP.Evidence.1443 rules", source = "One player takes a counter from their rightmost hole, then another from the opposite hole in the opponent's row, then proceeding in this fashion in an anti-clockwise direction until the holes alternate with five and three counters, until reaching the final of the opponent's holes, placing the original counter in that hole, making four, thus creting a tuz, which behaves as explained below.")]
        pub opening_procedure: OpeningProcedure = OpeningProcedure::DlpText, ludii: OpeningProcedure::Ludii;

        /// Whether reserve counters may be used.
        #[rule(cites = "DLP.Evidence.1443 rules", source = "A player may, when sowing begins from a hole which is preceded by a hole with a single counter, use that single counter at the end of the sowing.")]
        pub reserve: Reserve = Reserve::Allowed, ludii: Reserve::Off;

        /// A last counter into the opponent's empty tuz.
        #[rule(cites = "DLP.Evidence.1443 rules", source = "If it remains empty and the opponent drops their last counter into the tuz, the last counter is removed.")]
        pub empty_tuz: EmptyTuz = EmptyTuz::CounterRemoved, ludii: EmptyTuz::CounterStays;

        /// After taking from a tuz.
        #[rule(cites = "DLP.Evidence.1443 rules", source = "Play then continues by picking up the contents of another hole and continuing to sow.")]
        pub after_tuz_take: AfterTuzTake = AfterTuzTake::ContinueAnyHole, ludii: AfterTuzTake::EndTurn;

        /// How many tuz a player may hold.
        #[rule(cites = "DLP.Evidence.1443 rules", source = "This hole, a tuz, then belongs to the player who captured it.")]
        pub tuz_limit: TuzLimit = TuzLimit::Unlimited, ludii: TuzLimit::Unlimited;

        /// Whether long sowings pass the origin hole.
        #[rule(cites = "DLP.Evidence.1443 rules", source = "If the last counter falls into a hole that is occupied, the player picks up the contents of this hole and continues to sow.")]
        pub origin: Origin = Origin::Include, ludii: Origin::Include;

        /// How the holes are refilled between rounds.
        #[rule(cites = "DLP.Evidence.1443 rules", source = "A second round is played, each player placing four counters into each hole starting from the rightmost hole in their row.")]
        pub refill: Refill = Refill::Dlp, ludii: Refill::Ludii;

        /// Who owns a hole of two and two.
        #[rule(cites = "DLP.Evidence.1443 rules", source = "If an opponent has three extra after counting in such a way, they also gain a hole, but not if there are one or two extra.")]
        pub split_hole: SplitHole = SplitHole::RowOwner, ludii: SplitHole::Random;

        /// Whether a tuz outlives its round.
        #[rule(cites = "DLP.Evidence.1443 rules", source = "Each player owns the counters in their tuz or which they have removed from the board.")]
        pub tuz_after_round: TuzAfterRound = TuzAfterRound::Cleared, ludii: TuzAfterRound::Cleared;

        /// Neither player able to fill a hole between rounds (no source says; the sentence is the refill that can stall).
        #[rule(cites = "DLP.Evidence.1443 rules", source = "A second round is played, each player placing four counters into each hole starting from the rightmost hole in their row.")]
        pub refill_stalemate: RefillStalemate = RefillStalemate::Draw, ludii: RefillStalemate::PassOn;
    }
}
