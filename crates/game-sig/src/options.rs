//! Every point of Sig (El Oued) where DLP's summary, Bellin's account (and his worked
//! examples) and Ludii part ways.

use engine::{Bias, game_options, option_enum};

option_enum! {
    /// How the special throws combine within a turn.
    pub enum Throws {
        /// Bellin: a sig moves one and throws again; a sig of six throws again and moves the
        /// polished sides of that throw (seven with a sig; none after a sig of twelve, whose
        /// sides are all rough); a sig of twelve throws three times and moves their polished
        /// sides (thirteen if one is a sig).
        Bellin = "bellin",
        /// Ludii: a six moves 6 and a twelve moves 12, and the next throw (three for a twelve)
        /// moves one more; a sig throws again only as the first throw of the turn.
        Ludii = "ludii",
    }
}

option_enum! {
    /// Whose Ludii throw counters (extra throws still owed, and the +1 after a six or twelve)
    /// they are. Only with `throws=ludii`.
    pub enum BonusCounter {
        /// The mover's: they end with its turn.
        PerTurn = "per-turn",
        /// One pair of counters for every player, as Ludii keeps them: a turn that ends on a
        /// special throw after the first leaves them set, and the next player inherits them (a
        /// fault of Ludii's encoding, simulated as a variant).
        Shared = "shared",
    }
}

option_enum! {
    /// How a throw's value is spent.
    pub enum Movement {
        /// Point by point: a point that needs a sig and has none stops the piece before the
        /// sig cell; points awarded by a sig pass sig cells; points left at Mecca move on.
        PointByPoint = "point-by-point",
        /// Each throw is one move: along the grid without crossing a sig cell (such a move is
        /// illegal), or a single sig step into or out of a sig cell (Ludii).
        WholeThrow = "whole-throw",
    }
}

option_enum! {
    /// Which points awarded after a sig of six or twelve pass sig cells.
    pub enum ComboPrivilege {
        /// Every point they award.
        WholeTotal = "whole-total",
        /// Only the seven and thirteen made with a sig.
        SigTotalsOnly = "sig-totals-only",
    }
}

option_enum! {
    /// What Cairo costs.
    pub enum Cairo {
        /// Three sig points: one to enter, two more spent there.
        Three = "three",
        /// One, like the other sig cells (Ludii).
        One = "one",
    }
}

option_enum! {
    /// What becomes of points left over when a piece reaches Mecca.
    pub enum Leftover {
        /// They enter and move the next piece.
        NextPiece = "next-piece",
        /// They are lost (Ludii).
        Lost = "lost",
    }
}

option_enum! {
    /// Which opponents a moving piece sends back to the start.
    pub enum Overtake {
        /// Those it passes.
        Passed = "passed",
        /// Those it passes and those on the cell it leaves (Ludii).
        PassedAndLeft = "passed-and-left",
    }
}

option_enum! {
    /// Whether points of a sig of six or twelve can take a piece off the start.
    pub enum ComboLeavesStart {
        /// Never (Bellin's rule: "le sig de six et le sig de douze ne permettent pas").
        Never = "never",
        /// Only a total that contains a regular sig (7 or 13): Bellin's rule and his examples.
        WithASig = "with-a-sig",
        /// Any total of a sig of six or twelve (Ludii).
        Always = "always",
    }
}

option_enum! {
    /// What it costs to put the next piece on the start.
    pub enum Entry {
        /// Nothing: it is entered when the previous piece reaches Mecca (DLP's summary).
        Free = "free",
        /// One point (Bellin's worked examples: "pour le 12e point, le joueur place son djinn
        /// dans la case 1").
        OnePoint = "one-point",
        /// Two sig points (Bellin: "il faut faire deux fois sig").
        TwoSigs = "two-sigs",
    }
}

option_enum! {
    /// When the game ends with more than two players.
    pub enum PlayUntil {
        /// The first player to bring all pieces to Mecca wins; the others share second place.
        FirstFinisher = "first-finisher",
        /// Play goes on until every place is decided (Ludii).
        FullRanking = "full-ranking",
    }
}

fn check(options: &SigOptions) -> Result<(), String> {
    if options.movement == Movement::WholeThrow && options.entry == Entry::TwoSigs {
        return Err("entry=two-sigs needs movement=point-by-point".into());
    }
    Ok(())
}

game_options! {
    /// Options of Sig (El Oued).
    pub struct SigOptions {
        /// How special throws combine.
        #[rule(cites = "DLP.Evidence.2124 rules", source = "six polished = sig of 6, grants the player another throw, and the player moves the number of polished sides up; if the second throw is regular sig, the value is 7, six rough = sig of twelve, grants the player three throws and the player moves the number of polished sides up; if any of those three extra throws are a regular sig, the total value of the extra throws is 13.")]
        pub throws: Throws = Throws::Bellin, ludii: Throws::Ludii;

        /// Whose extra throws and bonus they are, with Ludii's throws.
        #[parameter(cites = "DLP.Evidence.2124 rules", source = "six rough = sig of twelve, grants the player three throws and the player moves the number of polished sides up; if any of those three extra throws are a regular sig, the total value of the extra throws is 13.")]
        pub bonus_counter: BonusCounter = BonusCounter::PerTurn, ludii: BonusCounter::PerTurn;

        /// How a throw is spent.
        #[rule(cites = "DLP.Evidence.2124 rules", source = "If a player cannot enter a space because their is not a sig attached to their throw, they stop their move at the point before it.")]
        pub movement: Movement = Movement::PointByPoint, ludii: Movement::WholeThrow;

        /// Which combination points pass sig cells.
        #[rule(cites = "DLP.Evidence.2124 rules", source = "This means that the move of 1 given by the regular sig can be used to do this, but the extra throw granted by it does not; however, the total value awarded by a sig of six or twelve does count.")]
        pub combo_privilege: ComboPrivilege = ComboPrivilege::WholeTotal, ludii: ComboPrivilege::WholeTotal;

        /// Whether points of a sig of six or twelve can take a piece off the start.
        #[rule(cites = "Bellin 1964: 56 (French quotation)", source = "Le sig de six et le sig de douze ne permettent pas de prendre le départ.")]
        pub combo_leaves_start: ComboLeavesStart = ComboLeavesStart::Never, ludii: ComboLeavesStart::Always;

        /// What Cairo costs.
        #[rule(cites = "DLP.Evidence.2124 rules", source = "The space for Cairo counts for three of the value of the throw.")]
        pub cairo: Cairo = Cairo::Three, ludii: Cairo::One;

        /// Points left at Mecca.
        #[rule(cites = "DLP.Evidence.2124 rules", source = "When a piece reaches Mecca and there is still value left in the throw, the next piece may be entered and moved using the remaining moves left in the throw.")]
        pub leftover: Leftover = Leftover::NextPiece, ludii: Leftover::Lost;

        /// Who is sent back to the start.
        #[rule(cites = "DLP.Evidence.2124 rules", source = "When a player passes the piece of an opponent, the opponent's piece returns to the starting space and must enter the board according to the same rules.")]
        pub overtake: Overtake = Overtake::Passed, ludii: Overtake::PassedAndLeft;

        /// What entering the next piece costs.
        #[rule(cites = "DLP.Evidence.2124 rules", source = "The djinn is entered when the father reaches Mecca, and the mother is entered once the djinn reaches Mecca.")]
        pub entry: Entry = Entry::TwoSigs, ludii: Entry::Free;

        /// When the game ends.
        #[parameter(cites = "DLP.Evidence.2124 rules", source = "The first player to place all of their pieces on Mecca wins.")]
        pub play_until: PlayUntil = PlayUntil::FirstFinisher, ludii: PlayUntil::FullRanking;

        /// Number of players.
        #[parameter(cites = "Bellin 1964: 59 (French quotation)", source = "Le nombre de joueurs n'est pas limité.", range = 2..=8)]
        pub players: u8 = 2, ludii: 4;

        /// Probability that a stick lands polished side up.
        #[parameter(cites = "DLP.Evidence.2124 rules", source = "Six sticks, used as dice, with one polished side and one rough side.")]
        pub polished_bias: Bias = Bias::FAIR, ludii: Bias::FAIR;
    }
    validate = check;
}
