//! Throws of two-sided lots (sticks, cowries) and drawing lots: exact distributions as
//! rational numbers, and sampling that reproduces them exactly.

use std::collections::BTreeMap;
use std::fmt;

use num_rational::Ratio;

use crate::rng::GameRng;

/// Exact probabilities.
pub type Rational = Ratio<u128>;

/// The probability that one lot lands with its counted side up ("white", "polished", "mouth
/// up"), as an exact fraction. Fair lots are 1/2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bias {
    /// Chances of a lot landing up, over
    pub numerator: u32,
    /// the chances it is thrown.
    pub denominator: u32,
}

impl Bias {
    /// Lots that land up as often as down.
    pub const FAIR: Bias = Bias {
        numerator: 1,
        denominator: 2,
    };
    /// Denominators are bounded so that six lots stay exact in 128 bits.
    pub const MAX_DENOMINATOR: u32 = 10_000;

    /// A bias of `numerator/denominator`, which must lie strictly between 0 and 1.
    pub fn new(numerator: u32, denominator: u32) -> Result<Self, String> {
        if denominator == 0 || denominator > Self::MAX_DENOMINATOR || numerator > denominator {
            return Err(format!(
                "{numerator}/{denominator} is not a probability with a denominator of at most {}",
                Self::MAX_DENOMINATOR
            ));
        }
        let g = gcd(numerator, denominator);
        Ok(Self {
            numerator: numerator / g,
            denominator: denominator / g,
        })
    }

    /// The chance as an exact fraction.
    pub fn ratio(self) -> Rational {
        Rational::new(u128::from(self.numerator), u128::from(self.denominator))
    }

    /// Whether the lot is fair (one in two).
    pub fn is_fair(self) -> bool {
        self == Self::FAIR
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

impl fmt::Display for Bias {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

impl std::str::FromStr for Bias {
    type Err = String;

    /// "1/2", "3/5" or a decimal such as "0.55".
    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if let Some((n, d)) = text.split_once('/') {
            let n = n
                .trim()
                .parse()
                .map_err(|_| format!("{text:?} is not a fraction"))?;
            let d = d
                .trim()
                .parse()
                .map_err(|_| format!("{text:?} is not a fraction"))?;
            return Bias::new(n, d);
        }
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        if fraction.len() > 4
            || !whole
                .bytes()
                .chain(fraction.bytes())
                .all(|b| b.is_ascii_digit())
            || (whole.is_empty() && fraction.is_empty())
        {
            return Err(format!(
                "{text:?} is not a probability such as 1/2 or 0.55 (at most four decimals)"
            ));
        }
        let denominator = 10u32.pow(fraction.len() as u32);
        let whole: u32 = if whole.is_empty() {
            0
        } else {
            whole
                .parse()
                .map_err(|_| format!("{text:?} is not a probability"))?
        };
        let fraction: u32 = if fraction.is_empty() {
            0
        } else {
            fraction
                .parse()
                .map_err(|_| format!("{text:?} is not a probability"))?
        };
        Bias::new(whole * denominator + fraction, denominator)
    }
}

/// The chance events of the games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chance {
    /// `count` two-sided lots thrown together; the outcome is how many land up (0..=count).
    Lots {
        /// Lots thrown.
        count: u8,
        /// The chance that one lot lands up.
        bias: Bias,
    },
    /// One of `n` equally likely outcomes (drawing lots for who starts).
    Uniform {
        /// Outcomes.
        n: u8,
    },
}

impl Chance {
    /// Number of possible outcomes.
    pub fn outcomes(self) -> u8 {
        match self {
            Chance::Lots { count, .. } => count + 1,
            Chance::Uniform { n } => n,
        }
    }

    /// Exact probability of each outcome.
    pub fn distribution(self) -> Vec<Rational> {
        match self {
            Chance::Lots { count, bias } => binomial(count, bias),
            Chance::Uniform { n } => (0..n).map(|_| Rational::new(1, u128::from(n))).collect(),
        }
    }

    /// Draws an outcome with exactly the probabilities of [`Self::distribution`].
    #[inline]
    pub fn sample(self, rng: &mut GameRng) -> u8 {
        match self {
            Chance::Lots { count, bias } if bias.is_fair() => {
                // Each bit is a fair lot.
                (rng.next_u64() & ((1u64 << count) - 1)).count_ones() as u8
            }
            Chance::Lots { count, bias } => (0..count)
                .filter(|_| rng.chance(bias.numerator, bias.denominator))
                .count() as u8,
            Chance::Uniform { n } => rng.below(u64::from(n)) as u8,
        }
    }
}

/// P(k of n lots up) = C(n, k) p^k (1 - p)^(n - k), exactly.
pub fn binomial(n: u8, bias: Bias) -> Vec<Rational> {
    let p = bias.ratio();
    let q = Rational::from_integer(1) - p;
    (0..=n)
        .map(|k| {
            let choose = (0..k).fold(1u128, |acc, i| acc * u128::from(n - i) / u128::from(i + 1));
            Rational::from_integer(choose) * pow(p, k) * pow(q, n - k)
        })
        .collect()
}

fn pow(base: Rational, exponent: u8) -> Rational {
    (0..exponent).fold(Rational::from_integer(1), |acc, _| acc * base)
}

/// What one throw did, read off the position after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrowRead {
    /// The throw's value or effect in the game's words ("6", "sig of twelve", "score 1").
    pub value: String,
    /// Whether the same player throws again, once the throw has been played.
    pub another_throw: bool,
}

/// A throw to read: a position where it is due, and how to read what each outcome did there
/// (given the position before the throw and the one right after it).
pub struct ThrowProbe<G> {
    /// The throw's name, as claims call it.
    pub name: &'static str,
    /// A position where the throw is due.
    pub position: G,
    /// What each outcome did, from the positions before and right after the throw.
    pub read: fn(before: &G, after: &G) -> ThrowRead,
}

/// A named throw as the engine plays it: what each number of lots up did. Distributions of
/// values are derived exactly from it.
#[derive(Clone, Debug, PartialEq)]
pub struct ThrowTable {
    /// The throw's name, as claims call it.
    pub name: &'static str,
    /// Lots thrown.
    pub lots: u8,
    /// The chance that one lot lands up.
    pub bias: Bias,
    /// For each number of lots up (0..=lots): what the throw did.
    pub faces: Vec<ThrowRead>,
}

/// Applies every outcome of each probe's throw to its position and reads what happened.
/// A probe whose position is not a throw of lots is an error naming it.
pub fn throw_tables<G: crate::Game>(options: &G::Options) -> Result<Vec<ThrowTable>, NotAThrow> {
    G::throw_probes(options)
        .into_iter()
        .map(|probe| {
            let crate::Phase::Chance(Chance::Lots { count, bias }) = probe.position.phase() else {
                return Err(NotAThrow { probe: probe.name });
            };
            let faces = (0..=count)
                .map(|up| {
                    let mut after = probe.position.clone();
                    after.apply_chance(up);
                    (probe.read)(&probe.position, &after)
                })
                .collect();
            Ok(ThrowTable {
                name: probe.name,
                lots: count,
                bias,
                faces,
            })
        })
        .collect()
}

/// A throw probe whose position is not a throw of lots: the game's probe is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the position of throw {probe:?} is not a throw of lots")]
pub struct NotAThrow {
    /// The probe's name.
    pub probe: &'static str,
}

/// Plays the first legal move until a throw is due or the game is over (at most `limit`
/// moves): how a probe sees whether a throw, once used, gives its thrower another.
pub fn play_to_next_throw<G: crate::Game>(game: &mut G, limit: usize) {
    let mut moves = Vec::new();
    for _ in 0..limit {
        if !matches!(game.phase(), crate::Phase::Decision(_)) {
            return;
        }
        moves.clear();
        game.legal_moves(&mut moves);
        match moves.first() {
            Some(&mv) => game.apply(mv),
            None => return,
        }
    }
}

impl ThrowTable {
    /// Probability of each value, summed over the outcomes that give it.
    pub fn value_distribution(&self) -> BTreeMap<String, Rational> {
        let mut out = BTreeMap::new();
        for (k, p) in binomial(self.lots, self.bias).into_iter().enumerate() {
            *out.entry(self.faces[k].value.clone())
                .or_insert_with(|| Rational::from_integer(0)) += p;
        }
        out
    }

    /// Probability that a throw grants another throw.
    pub fn extra_throw_probability(&self) -> Rational {
        binomial(self.lots, self.bias)
            .into_iter()
            .enumerate()
            .filter(|(k, _)| self.faces[*k].another_throw)
            .fold(Rational::from_integer(0), |acc, (_, p)| acc + p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: u128, d: u128) -> Rational {
        Rational::new(n, d)
    }

    #[test]
    fn binomials_are_exact() {
        assert_eq!(
            binomial(4, Bias::FAIR),
            [r(1, 16), r(4, 16), r(6, 16), r(4, 16), r(1, 16)]
        );
        let biased = binomial(2, "0.6".parse().unwrap());
        assert_eq!(biased, [r(4, 25), r(12, 25), r(9, 25)]);
        let total: Rational = binomial(6, "1/3".parse().unwrap()).into_iter().sum();
        assert_eq!(total, r(1, 1));
    }

    #[test]
    fn bias_parsing() {
        assert_eq!("1/2".parse::<Bias>(), Ok(Bias::FAIR));
        assert_eq!("0.5".parse::<Bias>(), Ok(Bias::FAIR));
        assert_eq!("0.55".parse::<Bias>().unwrap().to_string(), "11/20");
        for bad in ["2/1", "1/0", "x", "0.12345", "-1/2", "", "1/20001"] {
            assert!(bad.parse::<Bias>().is_err(), "{bad} accepted");
        }
    }

    /// Pearson's chi-square against the exact distribution, for fair and biased lots.
    #[test]
    fn sampling_matches_the_exact_distribution() {
        for (chance, seed) in [
            (
                Chance::Lots {
                    count: 4,
                    bias: Bias::FAIR,
                },
                1,
            ),
            (
                Chance::Lots {
                    count: 6,
                    bias: Bias::FAIR,
                },
                2,
            ),
            (
                Chance::Lots {
                    count: 6,
                    bias: "0.7".parse().unwrap(),
                },
                3,
            ),
            (Chance::Uniform { n: 2 }, 4),
        ] {
            let n = 200_000u32;
            let mut counts = vec![0u32; usize::from(chance.outcomes())];
            let mut rng = GameRng::from_seed(seed);
            for _ in 0..n {
                counts[usize::from(chance.sample(&mut rng))] += 1;
            }
            let mut chi2 = 0.0;
            let mut cells = 0;
            for (count, p) in counts.iter().zip(chance.distribution()) {
                let expected = f64::from(n) * (*p.numer() as f64) / (*p.denom() as f64);
                if expected > 0.0 {
                    chi2 += (f64::from(*count) - expected).powi(2) / expected;
                    cells += 1;
                }
            }
            // 99.99th percentiles of chi-square with cells - 1 degrees of freedom (1..=6).
            let limit = [15.14, 18.42, 21.11, 23.51, 25.74, 27.86][cells - 2];
            assert!(
                chi2 < limit,
                "{chance:?}: chi-square {chi2:.2} over {limit} for {counts:?}"
            );
        }
    }
}
