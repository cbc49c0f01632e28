//! Players finishing one after another (bearing off every man, bringing every piece to
//! Mecca), as race games rank them: the first to finish ranks first.

use crate::game::{MAX_PLAYERS, Outcome, Player};

// One bit per player.
const _: () = assert!(MAX_PLAYERS <= 8);

/// The players who have finished, in the order they did. Small and `Copy`: it lives in the
/// game's state and is updated in the playout loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finishers {
    /// Bit `p` is set once player `p` has finished.
    finished: u8,
    order: [Player; MAX_PLAYERS],
    count: u8,
}

impl Finishers {
    /// Nobody has finished.
    pub const NONE: Finishers = Finishers {
        finished: 0,
        order: [0; MAX_PLAYERS],
        count: 0,
    };

    /// Whether `player` has finished.
    #[inline]
    pub fn has_finished(&self, player: usize) -> bool {
        self.finished >> player & 1 != 0
    }

    /// Records `player` as the next to finish. A player finishes once: the games call this
    /// only for a player still playing, and their invariants check it.
    #[inline]
    pub fn add(&mut self, player: usize) {
        debug_assert!(!self.has_finished(player), "player {player} finished twice");
        self.finished |= 1 << player;
        self.order[usize::from(self.count)] = player as Player;
        self.count += 1;
    }

    /// How many players have finished.
    #[inline]
    pub fn count(&self) -> usize {
        usize::from(self.count)
    }

    /// The players who have finished, first first.
    pub fn order(&self) -> &[Player] {
        &self.order[..usize::from(self.count)]
    }

    /// The ranks among `players`: by order of finishing, those still playing sharing the
    /// last rank; a draw when nobody has finished (the game was cut off).
    pub fn outcome(&self, players: usize) -> Outcome {
        if self.count == 0 {
            Outcome::draw(players)
        } else {
            Outcome::from_finish_order(players, self.order())
        }
    }
}

impl Default for Finishers {
    fn default() -> Self {
        Finishers::NONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finishers_rank_in_the_order_they_finished() {
        let mut finishers = Finishers::NONE;
        assert_eq!(finishers.outcome(3), Outcome::draw(3));
        finishers.add(2);
        finishers.add(0);
        assert!(finishers.has_finished(2) && finishers.has_finished(0));
        assert!(!finishers.has_finished(1));
        assert_eq!(finishers.order(), &[2, 0]);
        assert_eq!(finishers.count(), 2);
        let outcome = finishers.outcome(3);
        assert_eq!(
            [outcome.rank(2), outcome.rank(0), outcome.rank(1)],
            [1, 2, 3]
        );
    }
}
