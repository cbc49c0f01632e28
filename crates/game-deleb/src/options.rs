//! Every point of Dèleb that DLP's ruleset leaves open or Ludii reads its own way.

use engine::{Bias, game_options, option_enum};

option_enum! {
    /// What moving on to the next entry stage does to the turn.
    pub enum Advancing {
        /// The player throws again, now in the next stage.
        ThrowAgain = "throw-again",
        /// The turn ends (Ludii).
        EndsTurn = "ends-turn",
    }
}

option_enum! {
    /// How the score gathered in the stages is played on entering the game.
    pub enum Score {
        /// Each scored value (each 1, each 4) moves one piece (Ludii).
        SeparateValues = "separate-values",
        /// The whole score is one move of one piece.
        SingleTotal = "single-total",
    }
}

option_enum! {
    /// What a 1 does to a locked piece.
    pub enum Unlock {
        /// Unlocks it and moves it one point (Ludii).
        MovesOne = "moves-one",
        /// Unlocks it where it stands.
        InPlace = "in-place",
    }
}

option_enum! {
    /// Whether a 1 must unlock a piece while pieces are locked.
    pub enum OnesUnlock {
        /// It must, when a locked piece can be unlocked.
        Must = "must",
        /// It may move any piece (Ludii's encoding does not enforce the rule).
        Free = "free",
    }
}

option_enum! {
    /// Whose entry score a player gathers and spends.
    pub enum ScoreKeeping {
        /// Each player its own, as the text has each player pass the stages.
        PerPlayer = "per-player",
        /// One score per team: teammates add to and spend each other's score (a fault of
        /// Ludii's encoding, simulated as a variant).
        PerTeam = "per-team",
    }
}

option_enum! {
    /// What the turn does once the score is played.
    pub enum AfterEntry {
        /// It ends (Ludii).
        TurnEnds = "turn-ends",
        /// The player throws four sticks and plays on.
        ThrowAgain = "throw-again",
    }
}

option_enum! {
    /// Where a piece goes after the opponent's home row.
    pub enum Loop {
        /// Third row, second row, home row, and round again, as DLP's text traces it.
        FullLoop = "full-loop",
        /// Ludii's track goes back to the first occurrence of a repeated point: pieces that
        /// reach the third row again are sent on into the opponent's home row, so each team
        /// circulates in the far half of the board for ever.
        LudiiFirstOccurrence = "ludii-first-occurrence",
    }
}

option_enum! {
    /// When the throws of a turn in play are given to pieces. The text has the player throw
    /// until a 2 or 3 and then assign each throw, which reads as collecting them first.
    pub enum Assignment {
        /// The player throws until a 2 or a 3, then gives each throw to a piece, in any order.
        AfterTheTurn = "after-the-turn",
        /// Each throw is played as soon as it is made (Ludii).
        AsThrown = "as-thrown",
    }
}

fn check(options: &DelebOptions) -> Result<(), String> {
    if options.team_players == 0 {
        return Err("team_players must be at least 1".into());
    }
    Ok(())
}

game_options! {
    /// Options of Dèleb.
    pub struct DelebOptions {
        /// What advancing to the next stage does to the turn.
        #[rule(cites = "DLP.GameRulesets.767 rules", source = "A throw of 1 allows the player to progress to the next stage and to add 1 to their score.")]
        pub advancing: Advancing = Advancing::ThrowAgain, ludii: Advancing::EndsTurn;

        /// How the entry score is played.
        #[rule(cites = "DLP.GameRulesets.767 rules", source = "When the player scores one white and one black, the player enters the game and plays the pieces according to their accumulated score.")]
        pub score: Score = Score::SeparateValues, ludii: Score::SeparateValues;

        /// What a 1 does to a locked piece.
        #[rule(cites = "DLP.GameRulesets.767 rules", source = "Each piece must be unlocked with a throw of 1 before being moved normally.")]
        pub unlock: Unlock = Unlock::MovesOne, ludii: Unlock::MovesOne;

        /// Whether ones must unlock.
        #[rule(cites = "DLP.GameRulesets.767 rules", source = "Throws of 1 must be used to unlock a piece if there are any which are locked.")]
        pub ones_unlock: OnesUnlock = OnesUnlock::Must, ludii: OnesUnlock::Free;

        /// Whose score a player gathers and spends.
        #[parameter(cites = "DLP.GameRulesets.767 rules", source = "When the player scores one white and one black, the player enters the game and plays the pieces according to their accumulated score.")]
        pub score_keeping: ScoreKeeping = ScoreKeeping::PerPlayer, ludii: ScoreKeeping::PerPlayer;

        /// Whether the entry score may be declined.
        #[rule(cites = "DLP.GameRulesets.767 rules", source = "Players may choose not to play a throw if they wish.")]
        pub decline_score: bool = true, ludii: false;

        /// The turn after the score is played.
        #[rule(cites = "DLP.GameRulesets.767 rules", source = "From this point, players throw all four sticks.")]
        pub after_entry: AfterEntry = AfterEntry::TurnEnds, ludii: AfterEntry::TurnEnds;

        /// When the throws of a turn in play are given to pieces.
        #[rule(cites = "DLP.GameRulesets.767 rules", source = "Throws of 2 or 3 end the turn, players continue to throw until they receive one of these values. Each throw must be assigned to move a piece and a single throw cannot be subdivided, though separate throws can be assigned to different pieces.")]
        pub assignment: Assignment = Assignment::AfterTheTurn, ludii: Assignment::AsThrown;

        /// The loop after the opponent's home row.
        #[rule(cites = "DLP.GameRulesets.767 rules", source = "Pieces move from left to right in their home row, right to left in the second row, left to right in the third row, right to left in their opponent's home row, returning to the third row and progressing from left to right, then to the second row progressing from right to left, and then back into the home row, proceeding from left to right, and so in a loop.")]
        pub track: Loop = Loop::FullLoop, ludii: Loop::FullLoop;

        /// Vertical lines, one piece each per side.
        #[parameter(cites = "DLP.GameRulesets.767 rules", source = "Board of intersecting lines: four horizontal and up to 100 vertical. Twenty is typical.", range = 2..=100)]
        pub columns: u8 = 20, ludii: 20;

        /// Players in each team.
        #[parameter(cites = "DLP.GameRulesets.767 rules", source = "Played on two teams with even-numbered players.", range = 1..=4)]
        pub team_players: u8 = 2, ludii: 2;

        /// Probability that a stick lands white side up.
        #[parameter(cites = "DLP.GameRulesets.767 rules", source = "Four sticks, white on one side and black on the other, used as dice.")]
        pub white_bias: Bias = Bias::FAIR, ludii: Bias::FAIR;
    }
    validate = check;
}
