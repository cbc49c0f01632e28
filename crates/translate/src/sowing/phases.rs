//! A game's phases told apart by what they do: one phase (the game's play and end), a game in
//! rounds (`"Sowing"` and `"BetweenRounds"`), and openings, phases each handing over to the
//! next by its `(nextPhase …)`, before a main phase or before the rounds. The main phase (or
//! the rounds) is read as the game's, so that what it lacks is named even where the openings
//! cannot be played; an opening the family plays is read by [`super::opening`], the others are
//! named at their place.

use super::*;

/// A game's phases by what they do.
pub(super) enum Phases<'n> {
    /// One phase, whose play and end are the game's.
    One(&'n Node),
    /// A game in rounds without an opening.
    Rounds {
        /// The `"Sowing"` phase.
        sowing: &'n Node,
        /// The `"BetweenRounds"` phase.
        between: &'n Node,
    },
    /// Openings in a row, each handing over to the next, before a main phase.
    Opened {
        /// The openings, in the order they are played.
        openings: Vec<&'n Node>,
        /// The main phase, played to the end of the game.
        main: &'n Node,
    },
    /// Openings in a row before a game in rounds.
    OpenedRounds {
        /// The openings, in the order they are played.
        openings: Vec<&'n Node>,
        /// The `"Sowing"` phase.
        sowing: &'n Node,
        /// The `"BetweenRounds"` phase.
        between: &'n Node,
    },
}

/// The name a phase is given (`(phase "Opening" …)`).
fn name(phase: &Node) -> Option<&str> {
    phase.arg(0).and_then(Node::as_str)
}

/// The player a phase is played by alone (`(phase "OpeningP1" P1 …)`), where it names one.
fn role(phase: &Node) -> Option<&str> {
    phase
        .arg(1)
        .and_then(Node::as_symbol)
        .filter(|role| matches!(*role, "P1" | "P2" | "P3" | "P4"))
}

/// The phases the `(nextPhase …)` of `phase` hand over to, by name; `None` for one that names
/// none, which Ludii reads as the phase after it.
fn next_phases(phase: &Node) -> Vec<Option<&str>> {
    phase
        .children()
        .iter()
        .flat_map(items)
        .filter(|part| part.is_call("nextPhase"))
        .map(|next| next.positional().find_map(Node::as_str))
        .collect()
}

/// Tells `phases` apart, or names at `node` (the `phases:` list) why they are none of the
/// shapes the family reads.
pub(super) fn shape<'n>(
    reader: &mut Reader<'_>,
    node: &Node,
    phases: &[&'n Node],
) -> Option<Phases<'n>> {
    if let Some(odd) = phases.iter().find(|phase| !phase.is_call("phase")) {
        reader.lack(
            odd,
            format!("a phase the family does not read: {}", head_of(odd)),
        );
        return None;
    }
    if phases.is_empty() {
        reader.lack(node, "no phase");
        return None;
    }
    let rounds_at = phases.windows(2).position(|pair| {
        rounds::is_phase(pair[0], "Sowing") && rounds::is_phase(pair[1], "BetweenRounds")
    });
    let (openings, rest) = match rounds_at {
        Some(at) => phases.split_at(at),
        None => phases.split_at(phases.len() - 1),
    };
    let main = rest[0];
    // What follows the rounds is named, and the rounds read all the same.
    if rounds_at.is_some() && rest.len() > 2 {
        reader.lack(
            rest[2],
            format!(
                "a phase after the rounds' two the family does not play: {}",
                phase_title(rest[2])
            ),
        );
    }
    // Each opening hands over to the phase that follows it, and to no other; a player's own
    // opening (`(phase "OpeningP1" P1 …)`) to the first phase after it that is every player's.
    for (place, opening) in openings.iter().enumerate() {
        let follower = name(follower(phases, place));
        let next = next_phases(opening);
        if name(opening).is_some_and(|own| next.contains(&Some(own))) {
            reader.lack(
                opening,
                format!(
                    "a phase that hands over to itself, never to the phase after it: {}",
                    phase_title(opening)
                ),
            );
            return None;
        }
        let named_other = next.iter().any(|&n| n.is_some() && n != follower);
        if next.is_empty() || named_other || (role(opening).is_some() && next.contains(&None)) {
            reader.lack(
                opening,
                format!(
                    "a phase that does not hand over to the phase after it alone: {}",
                    phase_title(opening)
                ),
            );
            return None;
        }
    }
    if let Some(own) = openings.iter().find(|opening| role(opening).is_some()) {
        reader.lack(
            own,
            format!(
                "an opening of one player's own (the family's openings are every player's): {}",
                phase_title(own)
            ),
        );
    }
    let openings = openings.to_vec();
    Some(match (rounds_at, openings.is_empty()) {
        (Some(_), true) => Phases::Rounds {
            sowing: main,
            between: rest[1],
        },
        (Some(_), false) => Phases::OpenedRounds {
            openings,
            sowing: main,
            between: rest[1],
        },
        (None, true) => Phases::One(main),
        (None, false) => Phases::Opened { openings, main },
    })
}

/// The phase that the phase at `place` hands over to: the one after it, or for a player's own
/// phase the first after it that is every player's.
fn follower<'n>(phases: &[&'n Node], place: usize) -> &'n Node {
    let own = role(phases[place]).is_some();
    phases[place + 1..]
        .iter()
        .copied()
        .find(|phase| !own || role(phase).is_none())
        .unwrap_or(phases[phases.len() - 1])
}

/// A phase as a lack names it: its name, or its head.
fn phase_title(phase: &Node) -> String {
    name(phase).map_or_else(|| head_of(phase), |name| format!("(phase \"{name}\" …)"))
}

/// Reads the openings before `main` (the main phase, or the rounds' sowing phase, `between`
/// the phase between rounds): one opening before a main phase, or before rounds played once
/// (the phase between rounds hands over to the sowing, never to it), is the family's
/// [`super::opening`]; several in a row, or an opening played again each round (the phase
/// between rounds hands over to it), are named, each opening's own lacks with them.
pub(super) fn read_openings(
    reader: &mut Reader<'_>,
    node: &Node,
    openings: &[&Node],
    main: &Node,
    between: Option<&Node>,
    situation: &Situation<'_>,
) {
    // An opening before rounds that the phase between rounds does not hand over to again is
    // played once, before the first round's sowing, as an opening before a main phase is.
    let again = between
        .zip(openings.first())
        .is_some_and(|(between, first)| next_phases(between).contains(&name(first)));
    match (openings, between) {
        ([], _) => opening::none(reader, node),
        ([opening], _) if !again => opening::read(reader, opening, main, situation),
        _ => {
            let mut phases = openings.to_vec();
            phases.push(main);
            for (place, opening) in openings.iter().enumerate() {
                let follower = follower(&phases, place);
                opening::read_before(reader, opening, follower, main, situation);
            }
            let what = if between.is_some() {
                format!(
                    "{} before rounds{} (the family plays an opening before one main phase)",
                    match openings.len() {
                        1 => "an opening".to_string(),
                        n => format!("{n} openings"),
                    },
                    if again { ", again each round" } else { "" }
                )
            } else {
                format!(
                    "{} openings in a row (the family plays one)",
                    openings.len()
                )
            };
            reader.lack(node, what);
        }
    }
}
