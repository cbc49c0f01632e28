//! The engine core shared by the seven games.
//!
//! * [`game::Game`]: state, player to move, legal moves, chance events, applying a move, the
//!   end of the game with a full ranking.
//! * [`options`]: a named, typed option for every point the sources leave open, with its
//!   sentence, and the `dlp` and `ludii` presets.
//! * [`dice`]: exact distributions of every throw, and sampling that matches them.
//! * [`playout`]: the seeded random playout with Ludii's caps and counting conventions.
//! * [`trace`], [`stats`], [`simulate`], [`scenario`]: a playout move by move, the figures of
//!   many playouts on every core, and hand-set positions with expected results.
//! * [`tally`]: counts for the invariant checks that vectorise in every profile.
//! * [`bytes`]: a short list of bytes kept in place, for option values that list numbers.
//! * [`fault`]: a fault of Ludii's engine a family's game file keeps apart from its reading.

pub mod bytes;
pub mod conformance;
pub mod dice;
pub mod fault;
pub mod finish;
pub mod game;
pub mod mancala;
pub mod options;
pub mod playout;
pub mod rng;
pub mod scenario;
pub mod setup;
pub mod simulate;
pub mod stats;
pub mod tally;
pub mod trace;

pub use bytes::ByteList;
pub use dice::{Bias, Chance, Rational, ThrowProbe, ThrowRead, ThrowTable};
pub use finish::Finishers;
pub use game::{Game, MAX_PLAYERS, Observe, Outcome, Phase, Player};
pub use options::{OptionError, OptionKind, OptionSpec, OptionValue, Options};
pub use playout::{Caps, Ending, Playout};
pub use rng::GameRng;
