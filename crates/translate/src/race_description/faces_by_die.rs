//! Dice whose faces differ from die to die, `(dice d:2 facesByDie:{{0 4} {0 6} {0 14} {0 15}}
//! num:4)`: the stick dice of Kints, Romavoa and Ghingskoot, each stick marked with its own value.
//!
//! Ludii throws each die apart, each face of a die equally likely, and `(count Pips)` is the
//! sum of the faces up. The family throws them as one throw of equally likely outcomes (`faces
//! N`, N the product of the dice's numbers of faces), an outcome naming each die's face (the
//! first die's face varying fastest), and what each outcome moves (`throw_values`) is what the
//! description makes of its sum: the sum itself, the map's entry for it, or the value of an
//! expression of `(count Pips)` alone, such as Kints's chain of `(if (= (count Pips) 4) 4 …)`;
//! or, where the steps ask each die's face apart, `(face SITE)`, what they make of each
//! outcome's faces ([`by_face`], 20 Squares' astragals).

use ludii::{Kind, Node};

use super::{Brief, Reader};
use crate::eval::is_symbol;

/// The faces of each die, when `dice` is thrown `facesByDie`.
fn faces(dice: &Node) -> Option<Vec<Vec<i64>>> {
    let lists = dice.named("facesByDie")?.as_array()?;
    lists
        .iter()
        .map(|die| die.as_array()?.iter().map(Node::as_int).collect())
        .collect()
}

/// Every outcome's sum of pips, outcome by outcome (the first die varying fastest).
fn sums(faces: &[Vec<i64>]) -> Vec<i64> {
    // Each die's faces are slower than the dice before it.
    let mut sums = vec![0];
    for die in faces {
        sums = die
            .iter()
            .flat_map(|face| sums.iter().map(move |sum| sum + face))
            .collect();
    }
    sums
}

/// `(dice … facesByDie:{…} num:n)` as the family's throw, `faces N`; the dice the family
/// cannot throw so are named.
pub(super) fn read_throw(reader: &mut Reader, dice: &Node) {
    let known = names_only(dice, "facesByDie");
    let faces = faces(dice).filter(|faces| {
        let count = dice.named("num").and_then(Node::as_int);
        let sides = dice.named("d").and_then(Node::as_int);
        count.is_none_or(|n| usize::try_from(n) == Ok(faces.len()))
            && faces.iter().all(|die| {
                !die.is_empty()
                    && die.iter().all(|&f| f >= 0)
                    && sides.is_none_or(|d| usize::try_from(d) == Ok(die.len()))
            })
    });
    let outcomes = faces
        .as_ref()
        .map(|faces| faces.iter().map(Vec::len).product::<usize>());
    let throw = match outcomes {
        Some(outcomes @ 2..=255) if known => Some(format!("faces {outcomes}")),
        _ => None,
    };
    set_throw(reader, dice, throw, "facesByDie");
}

/// What `steps` makes of each sum of pips `dice` can throw, as `sum=value` pairs, when it is an
/// expression of `(count Pips)` alone (numbers, `if`, `=`, `!=`, `<`, `<=`, `>`, `>=`, `and`,
/// `or`, `not`) and the dice are thrown `facesByDie`.
pub(super) fn pips_table(steps: &Node, dice: Option<&Node>) -> Option<String> {
    let faces = faces(dice?)?;
    let mut totals = sums(&faces);
    totals.sort_unstable();
    totals.dedup();
    let pairs = totals
        .into_iter()
        .map(|pips| {
            let value = number(
                steps,
                &Thrown {
                    pips,
                    faces: &[],
                    first: 0,
                },
            )?;
            (u8::try_from(pips).is_ok() && u8::try_from(value).is_ok())
                .then(|| format!("{pips}={value}"))
        })
        .collect::<Option<Vec<String>>>()?;
    Some(pairs.join(" "))
}

/// The values `steps` makes of the sums of pips `dice` throw `facesByDie`, those where
/// `condition`, an expression of `(count Pips)` alone, holds and those where it does not, each
/// ascending and once; `None` where either cannot be evaluated at some sum.
pub(super) fn values_where(
    condition: &Node,
    steps: &Node,
    dice: &Node,
) -> Option<(Vec<i64>, Vec<i64>)> {
    let (mut held, mut not) = (Vec::new(), Vec::new());
    for pips in sums(&faces(dice)?) {
        let thrown = Thrown {
            pips,
            faces: &[],
            first: 0,
        };
        let value = number(steps, &thrown)?;
        if truth(condition, &thrown)? {
            held.push(value);
        } else {
            not.push(value);
        }
    }
    for values in [&mut held, &mut not] {
        values.sort_unstable();
        values.dedup();
    }
    Some((held, not))
}

/// Every total of pips `dice` throw, once each: the sums of dice thrown `facesByDie`, or of
/// two-sided lots, `(dice d:2 from:0 num:n)`, 0 to n; `None` for other dice.
pub(super) fn pips_thrown(dice: &Node) -> Option<Vec<i64>> {
    let mut totals = match faces(dice) {
        Some(faces) => sums(&faces),
        None => {
            let lots = (dice.children().len() == 3
                && dice.named("d").and_then(Node::as_int) == Some(2)
                && dice.named("from").and_then(Node::as_int) == Some(0))
            .then(|| dice.named("num").and_then(Node::as_int))
            .flatten()?;
            (0..=lots).collect()
        }
    };
    totals.sort_unstable();
    totals.dedup();
    Some(totals)
}

/// What `node`, an expression of `(count Pips)` alone, makes of the total `pips`.
pub(super) fn number_of(node: &Node, pips: i64) -> Option<i64> {
    number(
        node,
        &Thrown {
            pips,
            faces: &[],
            first: 0,
        },
    )
}

/// Whether `node`, a condition of `(count Pips)` alone, holds at the total `pips`.
pub(super) fn truth_of(node: &Node, pips: i64) -> Option<bool> {
    truth(
        node,
        &Thrown {
            pips,
            faces: &[],
            first: 0,
        },
    )
}

/// A throw as an expression of it reads it: the pips up in all, and each die's face by its
/// site, the first die's at `first`.
struct Thrown<'f> {
    pips: i64,
    faces: &'f [i64],
    first: i64,
}

/// What `steps` makes of each throw of `lots` two-sided dice, `(dice d:2 from:0 num:n)`, as
/// `outcome=value` pairs of the family's `faces 2^n` throw (an outcome naming each die's face,
/// the first die's varying fastest), when it is an expression of `(count Pips)` and of each
/// die's face, `(face SITE)`, the dice at the sites from `first` on (after the board's and the
/// hands'): Kolica Atarakua's sticks, the striped, the cross-hatched and two blank, each
/// worth its own.
pub(super) fn lots_by_face(steps: &Node, lots: u32, first: i64) -> Option<String> {
    let asks_faces = steps.walk().any(|n| n.is_call("face"));
    if !asks_faces || !(1..=7).contains(&lots) {
        return None;
    }
    (0..1u32 << lots)
        .map(|outcome| {
            let faces: Vec<i64> = (0..lots).map(|die| i64::from(outcome >> die & 1)).collect();
            let thrown = Thrown {
                pips: faces.iter().sum(),
                faces: &faces,
                first,
            };
            let value = number(steps, &thrown).filter(|v| (0..128).contains(v))?;
            Some(format!("{outcome}={value}"))
        })
        .collect::<Option<Vec<String>>>()
        .map(|pairs| pairs.join(" "))
}

/// What `steps` makes of each throw of `dice` thrown `facesByDie`, as `outcome=value` pairs of
/// the family's `faces N` throw (an outcome naming each die's face, the first die's varying
/// fastest, as [`read_throw`] numbers them), when it asks each die's face, `(face SITE)`, the
/// dice at the sites from `first` on (after the board's and the hands'): 20 Squares' sheep
/// and ox astragals, `(if (= 0 (face 23)) (face 22) (if (= 1 (face 22)) (+ (face 22) 5) …))`.
/// Ludii's `Face` gives the face up of the die at the site, each die of `facesByDie` its own
/// list, each face of it equally likely (`Die.roll`).
pub(super) fn by_face(steps: &Node, dice: &Node, first: i64) -> Option<String> {
    if !steps.walk().any(|n| n.is_call("face")) {
        return None;
    }
    let faces = faces(dice)?;
    let outcomes: usize = faces.iter().map(Vec::len).product();
    if !(2..=255).contains(&outcomes) {
        return None;
    }
    (0..outcomes)
        .map(|outcome| {
            let mut rest = outcome;
            let up: Vec<i64> = faces
                .iter()
                .map(|die| {
                    let face = die[rest % die.len()];
                    rest /= die.len();
                    face
                })
                .collect();
            let thrown = Thrown {
                pips: up.iter().sum(),
                faces: &up,
                first,
            };
            let value = number(steps, &thrown).filter(|v| (0..128).contains(v))?;
            Some(format!("{outcome}={value}"))
        })
        .collect::<Option<Vec<String>>>()
        .map(|pairs| pairs.join(" "))
}

/// Every outcome of `dice` as each die's face up, the first die's varying fastest: two-sided
/// lots, `(dice d:2 from:0 num:n)`, each die 0 or 1; dice alike, `(dice d:F faces:{…}
/// num:K)`, each die any face listed; or dice thrown `facesByDie`. Ludii's `Die.roll` turns
/// up each face of each die equally likely, so each outcome is as likely as another. `None`
/// for other dice or more than 4096 outcomes.
fn outcomes(dice: &Node) -> Option<Vec<Vec<i64>>> {
    let by_die: Vec<Vec<i64>> = match (faces(dice), faces_alike(dice)) {
        (Some(by_die), _) => by_die,
        (None, Some(alike)) => {
            let count = usize::try_from(dice.named("num").map_or(Some(1), Node::as_int)?).ok()?;
            vec![alike; count]
        }
        (None, None) => {
            let lots = dice.named("num").and_then(Node::as_int)?;
            let lots = (dice.children().len() == 3
                && dice.named("d").and_then(Node::as_int) == Some(2)
                && dice.named("from").and_then(Node::as_int) == Some(0))
            .then(|| usize::try_from(lots).ok())
            .flatten()?;
            vec![vec![0, 1]; lots]
        }
    };
    let count = by_die
        .iter()
        .try_fold(1usize, |n, die| n.checked_mul(die.len()))?;
    if by_die.iter().any(Vec::is_empty) || count > 4096 {
        return None;
    }
    Some(
        (0..count)
            .map(|outcome| {
                let mut rest = outcome;
                by_die
                    .iter()
                    .map(|die| {
                        let face = die[rest % die.len()];
                        rest /= die.len();
                        face
                    })
                    .collect()
            })
            .collect(),
    )
}

/// The totals of pips at which `condition`, an expression of `(count Pips)` and of each die's
/// face (`(face SITE)`, the dice at the sites from `first` on, after the board's and the
/// hands'), holds at some throws of `dice` and not at others: each total with how many of its
/// throws it holds at and how many there are, ascending. `None` where the condition cannot be
/// evaluated at some throw. Ludii's `Face` asks the face up of the die at its site, so such a
/// condition tells apart throws of one total (Asi Keliya's So-hatara, a 3 with the yellow
/// cowrie mouth down; Tayam Sonalu's Sonal, a 4 of a 0 and a 4).
pub(super) fn totals_split_by_face(
    condition: &Node,
    dice: &Node,
    first: i64,
) -> Option<Vec<(i64, usize, usize)>> {
    let mut by_total: std::collections::BTreeMap<i64, (usize, usize)> =
        std::collections::BTreeMap::new();
    for up in outcomes(dice)? {
        let thrown = Thrown {
            pips: up.iter().sum(),
            faces: &up,
            first,
        };
        let holds = truth(condition, &thrown)?;
        let (held, all) = by_total.entry(thrown.pips).or_default();
        *held += usize::from(holds);
        *all += 1;
    }
    Some(
        by_total
            .into_iter()
            .filter(|&(_, (held, all))| held > 0 && held < all)
            .map(|(total, (held, all))| (total, held, all))
            .collect(),
    )
}

fn number(node: &Node, thrown: &Thrown<'_>) -> Option<i64> {
    if let Some(value) = node.as_int() {
        return Some(value);
    }
    match node.head()? {
        "+" => operands(node)?
            .into_iter()
            .try_fold(0i64, |sum, n| sum.checked_add(number(n, thrown)?)),
        "-" if node.children().len() == 2 => {
            number(node.arg(0)?, thrown)?.checked_sub(number(node.arg(1)?, thrown)?)
        }
        "count"
            if node.children().len() == 1 && node.arg(0).is_some_and(|a| is_symbol(a, "Pips")) =>
        {
            Some(thrown.pips)
        }
        "face" if node.children().len() == 1 => {
            let site = node.arg(0)?.as_int()?;
            let die = usize::try_from(site - thrown.first).ok()?;
            thrown.faces.get(die).copied()
        }
        "if" if node.children().len() == 3 => {
            if truth(node.arg(0)?, thrown)? {
                number(node.arg(1)?, thrown)
            } else {
                number(node.arg(2)?, thrown)
            }
        }
        _ => None,
    }
}

fn truth(node: &Node, thrown: &Thrown<'_>) -> Option<bool> {
    match node.head()? {
        head @ ("=" | "!=" | "<" | "<=" | ">" | ">=") if node.children().len() == 2 => {
            let (a, b) = (number(node.arg(0)?, thrown)?, number(node.arg(1)?, thrown)?);
            Some(match head {
                "=" => a == b,
                "!=" => a != b,
                "<" => a < b,
                "<=" => a <= b,
                ">" => a > b,
                _ => a >= b,
            })
        }
        "and" => operands(node)?
            .into_iter()
            .try_fold(true, |all, n| Some(all && truth(n, thrown)?)),
        "or" => operands(node)?
            .into_iter()
            .try_fold(false, |any, n| Some(any || truth(n, thrown)?)),
        "not" if node.children().len() == 1 => Some(!truth(node.arg(0)?, thrown)?),
        // `(is In X (sites {…}))`: X one of the numbers listed.
        "is" if node.children().len() == 3 && node.arg(0).is_some_and(|a| is_symbol(a, "In")) => {
            let value = number(node.arg(1)?, thrown)?;
            let sites = node
                .arg(2)
                .filter(|s| s.is_call("sites") && s.children().len() == 1)?;
            let listed = sites.arg(0)?.as_array()?;
            let listed: Option<Vec<i64>> = listed.iter().map(Node::as_int).collect();
            Some(listed?.contains(&value))
        }
        _ => None,
    }
}

/// The throw's values outcome by outcome, once the rest is read (what else the description
/// lacks or not): what the reading made of each sum of pips (`throw_values` keyed by sums, or the sum itself), given to each outcome
/// that throws that sum.
pub(super) fn compose(reader: &mut Reader, game: &Node) {
    if reader.by_outcome {
        // Read outcome by outcome already ([`by_face`]).
        return;
    }
    let Some(dice) = game
        .walk()
        .find(|n| n.is_call("dice") && n.named("facesByDie").is_some())
    else {
        return;
    };
    let Some(faces) = faces(dice) else {
        return;
    };
    let Some(read) = reader.reading.get("throw_values").cloned() else {
        return;
    };
    let by_sum: Option<Vec<(i64, i64)>> = if read.value == "identity" {
        None
    } else {
        read.value
            .split(' ')
            .map(|pair| {
                let (sum, value) = pair.split_once('=')?;
                Some((sum.parse().ok()?, value.parse().ok()?))
            })
            .collect()
    };
    let mut pairs = Vec::new();
    for (outcome, sum) in sums(&faces).into_iter().enumerate() {
        let value = match &by_sum {
            None => Some(sum),
            Some(table) => table.iter().find(|(s, _)| *s == sum).map(|&(_, v)| v),
        };
        match value.filter(|v| (0..128).contains(v)) {
            Some(value) => pairs.push(format!("{outcome}={value}")),
            None => {
                reader.lack(
                    dice,
                    format!("a throw of {sum} pips that moves no piece the family moves"),
                );
                return;
            }
        }
    }
    let mut composed = read;
    composed.value = pairs.join(" ");
    reader.reading.insert("throw_values", composed);
    if super::throws_again(reader) {
        reader.lack(
            dice,
            "another throw on values of dice thrown facesByDie, which the reader reads as sums",
        );
    }
}

/// The faces of dice alike, `(dice d:4 faces:{1 3 4 6} num:2)`: Ludii's `Dice` gives every
/// one of its dice the list, each face equally likely, and a die's `(pips)` is the face up.
fn faces_alike(dice: &Node) -> Option<Vec<i64>> {
    dice.named("faces")?
        .as_array()?
        .iter()
        .map(Node::as_int)
        .collect()
}

/// `(dice d:F faces:{…} num:K)` as the family's throw of K dice of F faces, `dice KdF`, each
/// face numbered from 1 in the order listed (its value given once the steps are read,
/// [`compose_faces_alike`]); dice the family cannot throw so are named.
pub(super) fn read_faces_alike(reader: &mut Reader, dice: &Node) {
    let known = names_only(dice, "faces");
    let count = dice.named("num").map_or(Some(1), Node::as_int);
    let sides = dice.named("d").and_then(Node::as_int);
    let throw = faces_alike(dice)
        .filter(|faces| {
            (2..=255).contains(&faces.len())
                && faces.iter().all(|f| (0..=255).contains(f))
                && sides.is_none_or(|d| usize::try_from(d) == Ok(faces.len()))
        })
        .zip(count.filter(|n| (1..=race::MAX_DICE as i64).contains(n)));
    let throw = throw
        .filter(|_| known)
        .map(|(faces, count)| format!("dice {count}d{}", faces.len()));
    set_throw(reader, dice, throw, "faces");
}

/// Whether `dice` names nothing but its sides, its number and its faces (`faces`).
fn names_only(dice: &Node, faces: &str) -> bool {
    dice.children().iter().all(|n| match &n.kind {
        Kind::Named { key, .. } => key == "d" || key == "num" || key == faces,
        _ => false,
    })
}

/// The throw read off dice that list their faces (`faces`), or the lack of one where the
/// family cannot throw them so.
fn set_throw(reader: &mut Reader, dice: &Node, throw: Option<String>, faces: &str) {
    match throw {
        Some(throw) => {
            reader.set("throw", throw, dice);
            reader.default("lot_bias", "1/2", dice);
        }
        None => reader.lack(
            dice,
            format!(
                "dice with {faces} the family does not throw: {dice_}",
                dice_ = Brief(dice)
            ),
        ),
    }
}

/// The value of each face of dice alike, once the rest is read: where the pieces move the pips
/// up (`throw_values` identity, each die's or their sum), the n-th face listed moves its pips;
/// any other reading of the throw is named.
pub(super) fn compose_faces_alike(reader: &mut Reader, game: &Node) {
    let Some((dice, faces)) = game
        .walk()
        .filter(|n| n.is_call("dice"))
        .find_map(|n| Some((n, faces_alike(n)?)))
    else {
        return;
    };
    let Some(read) = reader.reading.get("throw_values").cloned() else {
        return;
    };
    if read.value != "identity" {
        reader.lack(
            dice,
            format!(
                "a throw of dice that name their faces, moved otherwise than by its pips: {}",
                read.value
            ),
        );
        return;
    }
    let mut composed = read;
    composed.value = faces
        .iter()
        .enumerate()
        .map(|(face, pips)| format!("{}={pips}", face + 1))
        .collect::<Vec<_>>()
        .join(" ");
    reader.reading.insert("throw_values", composed);
}

/// The operands of `and` and `or`: as written, or listed in one array.
fn operands(node: &Node) -> Option<Vec<&Node>> {
    match node.children() {
        [list] if list.as_array().is_some() => Some(list.as_array()?.iter().collect()),
        children => Some(children.iter().collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_outcome_names_each_die_the_first_fastest() {
        let faces = vec![vec![0, 4], vec![0, 6], vec![0, 14]];
        assert_eq!(sums(&faces), [0, 4, 6, 10, 14, 18, 20, 24]);
        let faces = vec![vec![1, 2, 3, 4], vec![0, 1]];
        assert_eq!(sums(&faces), [1, 2, 3, 4, 2, 3, 4, 5]);
    }

    /// Kints's four sticks, marked 4, 6, 14 and 15, read through its chain of `(if (= (count
    /// Pips) …) …)`, move as its rules say: "All marked sides up = 5; three marked sides up = 3;
    /// two marked sides up = 2, one marked side up = the value of the marked side; zero marked
    /// sides up = 10."
    #[test]
    fn kints_sticks_move_as_its_rules_count_them() {
        let file = "Kints.lud";
        let expanded = crate::race_description::tests::vendored_expanded(file);
        // The move's steps, `("ThrowValue")` expanded, read sum by sum, then outcome by outcome.
        let steps = expanded
            .game
            .walk()
            .find(|n| n.is_call("trackSite"))
            .and_then(|n| n.named("steps"))
            .unwrap();
        let dice = expanded.game.walk().find(|n| n.is_call("dice"));
        let mut reader = Reader::empty();
        read_throw(&mut reader, dice.unwrap());
        assert_eq!(reader.reading["throw"].value, "faces 16");
        let by_sum = pips_table(steps, dice).unwrap();
        reader.set("throw_values", by_sum, steps);
        compose(&mut reader, &expanded.game);
        assert!(reader.lacks.is_empty());
        let values: Vec<(usize, i64)> = reader.reading["throw_values"]
            .value
            .split(' ')
            .map(|pair| {
                let (outcome, value) = pair.split_once('=').unwrap();
                (outcome.parse().unwrap(), value.parse().unwrap())
            })
            .collect();
        assert_eq!(values.len(), 16);
        let marked = [4, 6, 14, 15];
        for (outcome, value) in values {
            let up: Vec<i64> = (0..4)
                .filter(|die| outcome >> die & 1 == 1)
                .map(|die| marked[die])
                .collect();
            let expected = match up.as_slice() {
                [] => 10,
                [one] => *one,
                [_, _] => 2,
                [_, _, _] => 3,
                _ => 5,
            };
            assert_eq!(value, expected, "{up:?} up");
        }
    }
}
