//! Every point of Kiôz the DLP text leaves open or Ludii reads its own way.

use engine::{Bias, game_options, option_enum};

option_enum! {
    /// What a throw of four white sides is worth.
    pub enum FourWhites {
        /// 6, as DLP's text gives it ("4=6").
        Six = "six",
        /// 4, as in DLP's record of Tâb (DLP.GameRulesets.151), which Hyde says Kiôz follows.
        Four = "four",
    }
}

option_enum! {
    /// What a throw with no white side up is worth.
    pub enum NoWhites {
        /// 4, as DLP's text gives it ("0=4").
        Four = "four",
        /// 6, as in DLP's record of Tâb (DLP.GameRulesets.151): "when only yellow sides are up, the score is 6".
        Six = "six",
    }
}

option_enum! {
    /// What a throw of three white sides is worth.
    pub enum ThreeWhites {
        /// 2, as DLP's text gives it ("3=2", sic).
        Two = "two",
        /// 3, as in Tâb, which Hyde says the game follows "almost the same".
        Three = "three",
    }
}

option_enum! {
    /// Which pieces need a kioz (a throw of 1; DLP: tab) before they first move.
    pub enum Activation {
        /// Every piece: a piece that has not moved yet moves only with a kioz (Tâb; Ludii).
        EveryPiece = "every-piece",
        /// Only the player's first piece: "a player must roll tab to move their first piece".
        FirstPieceOnly = "first-piece-only",
    }
}

option_enum! {
    /// What a kioz (DLP: tab) must be used for.
    pub enum TabRule {
        /// A kioz moves a piece that has not moved yet if one can; otherwise any piece (Ludii).
        UnmovedFirst = "unmoved-first",
        /// While unmoved pieces remain, a kioz moves one of them or is lost.
        UnmovedOrLost = "unmoved-or-lost",
    }
}

option_enum! {
    /// How a piece travels after the third row.
    pub enum FurthestRow {
        /// Into the opponent's home row once, back into the third row, then round the two
        /// middle rows; pieces in the furthest row do not move while their owner still has
        /// pieces in its home row.
        Once = "once",
        /// Never into the opponent's home row: round the two middle rows (Ludii).
        Never = "never",
    }
}

option_enum! {
    /// What a throw with no legal move does.
    pub enum UnusableThrow {
        /// It is lost, but a throw that grants another throw still does (Ludii).
        LostKeepExtraThrow = "lost-keep-extra-throw",
        /// It is lost and the turn ends.
        LostEndTurn = "lost-end-turn",
    }
}

option_enum! {
    /// Where the four kings stand at the start. They move and capture like any other piece,
    /// so this changes nothing in play; it only shows where they are.
    pub enum Kings {
        /// On the last four holes of the home row's path (Ludii).
        PathEnd = "path-end",
        /// On the first four.
        PathStart = "path-start",
    }
}

game_options! {
    /// Options of Kiôz.
    pub struct KiozOptions {
        /// What three white sides are worth.
        #[rule(cites = "DLP.Evidence.1238 rules", source = "1=1 plus another turn, known as tab. 2=2, 3=2, 4=6 and another turn, 0=4 and another turn.")]
        pub three_whites: ThreeWhites = ThreeWhites::Two, ludii: ThreeWhites::Two;

        /// What four white sides are worth (Tâb's values are an option: Hyde says Kiôz is played almost as Tâb).
        #[rule(cites = "Hyde 1694 (Latin quotation); DLP.GameRulesets.151 rules", source = "Luditur fere eodem modo ac in Tabiludo")]
        pub four_whites: FourWhites = FourWhites::Six, ludii: FourWhites::Six;

        /// What no white side up is worth (Tâb's values are an option: Hyde says Kiôz is played almost as Tâb).
        #[rule(cites = "Hyde 1694 (Latin quotation); DLP.GameRulesets.151 rules", source = "Luditur fere eodem modo ac in Tabiludo")]
        pub no_whites: NoWhites = NoWhites::Four, ludii: NoWhites::Four;

        /// Which pieces need a kioz (DLP: tab) to start.
        #[rule(cites = "DLP.Evidence.1238 rules", source = "To begin, a player must roll tab to move their first piece, and every tab after that must be used to move a piece which has not moved yet.")]
        pub activation: Activation = Activation::EveryPiece, ludii: Activation::EveryPiece;

        /// What a kioz (DLP: tab) must be used for.
        #[rule(cites = "DLP.Evidence.1238 rules", source = "every tab after that must be used to move a piece which has not moved yet.")]
        pub tab_rule: TabRule = TabRule::UnmovedOrLost, ludii: TabRule::UnmovedFirst;

        /// Whether pieces enter the opponent's home row.
        #[rule(cites = "DLP.Evidence.1238 rules", source = "The pieces may only enter the furthest row one time, and may not continue to move in it if there are still pieces in the player's home row. Otherwise, the player may move from row three to row two and continue to circulate there.")]
        pub furthest_row: FurthestRow = FurthestRow::Once, ludii: FurthestRow::Never;

        /// What an unusable throw does.
        #[rule(cites = "DLP.Evidence.1238 rules", source = "1=1 plus another turn, known as tab.")]
        pub unusable_throw: UnusableThrow = UnusableThrow::LostKeepExtraThrow, ludii: UnusableThrow::LostKeepExtraThrow;

        /// Where the kings stand (no effect on play).
        #[parameter(cites = "Hyde 1694: 223 (Latin quotation)", source = "In eo sunt 4 Reges nomine tenús: nam nullius sunt usus plus quam alii Milites")]
        pub kings: Kings = Kings::PathEnd, ludii: Kings::PathEnd;

        /// Probability that a stick lands white side up.
        #[parameter(cites = "DLP.Evidence.1238 rules", source = "Moves are determined by four two-sided sticks, black on one side and white on the other.")]
        pub white_bias: Bias = Bias::FAIR, ludii: Bias::FAIR;
    }
}
