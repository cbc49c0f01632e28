//! Tracks that loop round a circle, shared by the players in opposite directions, each
//! player's piece racing once round from where it starts (Tsaydithl's):
//!
//! ```text
//! (track "TrackCW" {39 35 … 34} loop:True) (track "TrackCCW" {39 34 … 35} loop:True)
//! (place "Stick1" 36 state:1 value:36) (place "Stick2" 38 state:2 value:38)
//! … (if (= (state at:(from)) 1) (trackSite Move "TrackCCW" steps:X) (trackSite Move "TrackCW" steps:X)) …
//! (end (if (if (= 1 (state at:(where "Stick" Mover)))
//!     (is In (value Piece at:(where "Stick" Mover)) (sites Track "TrackCCW" from:(trackSite Move
//!         from:(last From) "TrackCCW" steps:1) to:(last To)))
//!     (is In (value Piece at:(where "Stick" Mover)) (sites Track "TrackCW" …)))
//!     (result Mover Win)))
//! ```
//!
//! Ludii's `TrackSiteMove` on a `loop:True` track finds a site's index by its first place on
//! the track and, past the last element, goes on round from the first (its `next` of the last
//! element is the first), so it never answers `Off`; its `SitesTrack` from one site to another
//! wraps round the same way. Each piece's state, placed with it and never set again, picks the
//! track it moves on (`(state at:(from))`), and its value, its start site, is what the end asks:
//! a move whose sites, from the one after where it left to where it lands, hold its start wins.
//! That is the family's race on each player's own track, the chosen loop begun at the player's
//! start, a piece bearing off with any throw that reaches or passes the end (its start again):
//! the rewritten game writes each player's track so (owned, without `loop:`), every move on the
//! chosen track as `(trackSite Move steps:X)`, a move's `(if (!= SITE Off) BODY)` (which holds
//! everywhere on a loop) as `(if (= Off SITE) (move Remove (from) level:(level)) BODY)`, the
//! end as the first out winning, `(value Piece at:(to))` as a map of each player's start,
//! `(mapEntry "LoopStart" (who at:(to)))`, the start without its states and values, and
//! without the hands where no piece ever goes to or from one. It is
//! made only where each player has one piece: a move round past the start then never lands on
//! a piece of its own, so the move Ludii makes there is always legal and ends the game with the
//! mover's win, as the bearing off does; and only where no state or value is ever set again.
//! Every node keeps the place it is written at, so what is read is cited there.

use ludii::{Kind, Node, Span};

use super::piece_owner;

/// The name of the map of each player's start the rewritten game adds.
pub(super) const START_MAP: &str = "LoopStart";

/// One loop track: its name, its sites and its node.
struct Loop<'g> {
    name: String,
    sites: Vec<i64>,
    node: &'g Node,
}

/// `node` with every node's place set to `span`.
fn placed(mut node: Node, span: Span) -> Node {
    fn set(node: &mut Node, span: Span) {
        node.span = span;
        match &mut node.kind {
            Kind::Call { args, .. } | Kind::Array(args) | Kind::Group(args) => {
                for child in args {
                    set(child, span);
                }
            }
            Kind::Named { value, .. } => set(value, span),
            _ => {}
        }
    }
    set(&mut node, span);
    node
}

/// The node `text` writes, placed at `span`.
fn written(text: &str, span: Span) -> Option<Node> {
    let mut nodes = ludii::parse("looped", text).ok()?;
    (nodes.len() == 1).then(|| placed(nodes.remove(0), span))
}

/// Calls `rewrite` on every node of `node`, the children first, until it returns true.
fn each_node(node: &mut Node, rewrite: &mut dyn FnMut(&mut Node) -> bool) {
    if rewrite(node) {
        return;
    }
    match &mut node.kind {
        Kind::Call { args, .. } | Kind::Array(args) | Kind::Group(args) => {
            for child in args {
                each_node(child, rewrite);
            }
        }
        Kind::Named { value, .. } => each_node(value, rewrite),
        _ => {}
    }
}

/// The tracks of `board`, when every one is a loop of distinct sites of no player.
fn loops(board: &Node) -> Option<Vec<Loop<'_>>> {
    let tracks = board.arg(1)?.as_array()?;
    tracks
        .iter()
        .map(|track| {
            let looped = track.named("loop").and_then(Node::as_symbol) == Some("True");
            let owned = track.arg(2).is_some();
            let sites: Vec<i64> = track
                .arg(1)?
                .as_array()?
                .iter()
                .map(Node::as_int)
                .collect::<Option<_>>()?;
            let mut sorted = sites.clone();
            sorted.sort_unstable();
            sorted.dedup();
            let distinct = sorted.len() == sites.len();
            let name = track.arg(0)?.as_str()?.to_string();
            (track.is_call("track") && looped && !owned && distinct && track.children().len() == 3)
                .then_some(Loop {
                    name,
                    sites,
                    node: track,
                })
        })
        .collect()
}

/// `(if (= (state at:(from)) K) (trackSite Move "A" steps:X) (trackSite Move "B" steps:X))`:
/// K, A, B and X.
fn selector(node: &Node) -> Option<(i64, String, String, Node)> {
    let (test, a, b) = super::if_parts(node)?;
    let [left, right] = test.children() else {
        return None;
    };
    let k = (test.is_call("=") && left.to_string() == "(state at:(from))")
        .then(|| right.as_int())
        .flatten()?;
    let on = |site: &Node| -> Option<(String, Node)> {
        let steps = site.named("steps")?;
        let name = site.arg(1)?.as_str()?;
        (site.is_call("trackSite")
            && site.arg(0).and_then(Node::as_symbol) == Some("Move")
            && site.children().len() == 3)
            .then(|| (name.to_string(), steps.clone()))
    };
    let ((a, x), (b, y)) = (on(a)?, on(b)?);
    (x.to_string() == y.to_string()).then_some((k, a, b, x))
}

/// The end's condition for the piece `piece` whose state K picks the track A, and B otherwise.
fn circuit(piece: &str, k: i64, a: &str, b: &str) -> String {
    let round = |track: &str| {
        format!(
            "(is In (value Piece at:(where \"{piece}\" Mover)) (sites Track \"{track}\" \
             from:(trackSite Move from:(last From) \"{track}\" steps:1) to:(last To)))"
        )
    };
    format!(
        "(if (= {k} (state at:(where \"{piece}\" Mover))) {} {})",
        round(a),
        round(b)
    )
}

/// The game with each player's loop read as its own track, or `None` where the description
/// is not so written.
pub(super) fn rewrite(game: &Node) -> Option<Node> {
    let players = super::players_named(game)?;
    let board = game.walk().find(|n| n.is_call("board"))?;
    let loops = loops(board)?;
    if loops.len() < 2 {
        return None;
    }
    // No state or value is set once placed.
    if game.walk().any(|n| {
        n.is_call("set") && matches!(n.arg(0).and_then(Node::as_symbol), Some("State" | "Value"))
    }) {
        return None;
    }
    // The start: one piece of each player, on a site of the loops, its value that site.
    let start = game.walk().find(|n| n.is_call("start"))?;
    let places: Vec<&Node> = match start.arg(0)? {
        list if list.as_array().is_some() => list.as_array()?.iter().collect(),
        place => vec![place],
    };
    if places.len() != usize::from(players) {
        return None;
    }
    let mut starts: Vec<(i64, i64)> = vec![(0, 0); usize::from(players)];
    let mut piece_name: Option<String> = None;
    for place in &places {
        let name = place.arg(0)?.as_str()?;
        let site = place.arg(1)?.as_int()?;
        let state = place.named("state")?.as_int()?;
        let value = place.named("value")?.as_int()?;
        let owner = piece_owner(name)?;
        let base = name
            .trim_end_matches(|c: char| c.is_ascii_digit())
            .to_string();
        if !place.is_call("place")
            || place.children().len() != 4
            || value != site
            || usize::from(owner) > starts.len()
            || starts[usize::from(owner) - 1] != (0, 0)
            || piece_name.get_or_insert_with(|| base.clone()) != &base
        {
            return None;
        }
        starts[usize::from(owner) - 1] = (site, state);
    }
    let piece = piece_name?;
    // The tracks each state picks, alike wherever the moves ask.
    let selectors: Vec<(i64, String, String, Node)> = game.walk().filter_map(selector).collect();
    let (k, a, b, _) = selectors.first()?.clone();
    if selectors.iter().any(|s| (s.0, &s.1, &s.2) != (k, &a, &b)) {
        return None;
    }
    let track_of = |name: &str| loops.iter().find(|l| l.name == name);
    let (on_a, on_b) = (track_of(&a)?, track_of(&b)?);
    // The end: the circuit round the piece's own track.
    let end = game.walk().find(|n| n.is_call("end"))?;
    let result = end.arg(0)?;
    let (condition, win) = (result.arg(0)?, result.arg(1)?);
    if !result.is_call("if")
        || result.children().len() != 2
        || win.to_string() != "(result Mover Win)"
        || condition.to_string() != circuit(&piece, k, &a, &b)
    {
        return None;
    }
    // Each player's track: the loop its state picks, begun at its start.
    let mut tracks = Vec::new();
    for (index, &(site, state)) in starts.iter().enumerate() {
        let chosen = if state == k { on_a } else { on_b };
        let at = chosen.sites.iter().position(|&s| s == site)?;
        let sites: Vec<String> = chosen.sites[at..]
            .iter()
            .chain(&chosen.sites[..at])
            .map(i64::to_string)
            .collect();
        let player = index + 1;
        tracks.push(written(
            &format!(
                "(track \"Track{player}\" {{{}}} P{player})",
                sites.join(" ")
            ),
            chosen.node.span,
        )?);
    }
    let map = starts
        .iter()
        .enumerate()
        .map(|(index, (site, _))| format!("(pair {} {site})", index + 1))
        .collect::<Vec<_>>()
        .join(" ");
    let map = written(&format!("(map \"{START_MAP}\" {{{map}}})"), board.span)?;
    let handed = game
        .walk()
        .any(|n| n.is_call("handSite") || n.as_str() == Some("Hand"));
    let mut rewritten = game.clone();
    let mut failed = false;
    each_node(&mut rewritten, &mut |node| {
        if node.is_call("board") {
            if let Kind::Call { args, .. } = &mut node.kind
                && let Some(list) = args.get_mut(1)
                && let Kind::Array(items) = &mut list.kind
            {
                *items = tracks.clone();
            }
            return true;
        }
        if node.is_call("equipment")
            && let Kind::Call { args, .. } = &mut node.kind
            && let Some(Kind::Array(items)) = args.first_mut().map(|a| &mut a.kind)
        {
            items.push(map.clone());
            // A hand no piece ever waits in (every piece starts on the board, and nothing
            // moves to or from a hand) changes nothing.
            if !handed {
                items.retain(|item| !item.is_call("hand"));
            }
        }
        if let Some((_, _, _, steps)) = selector(node) {
            match written(&format!("(trackSite Move steps:{steps})"), node.span) {
                Some(site) => *node = site,
                None => failed = true,
            }
            return true;
        }
        if node.is_call("place") && node.named("state").is_some() {
            if let Kind::Call { args, .. } = &mut node.kind {
                args.retain(|arg| !matches!(&arg.kind, Kind::Named { key, .. } if key == "state" || key == "value"));
            }
            return true;
        }
        if node.to_string() == "(value Piece at:(to))" {
            match written(
                &format!("(mapEntry \"{START_MAP}\" (who at:(to)))"),
                node.span,
            ) {
                Some(entry) => *node = entry,
                None => failed = true,
            }
            return true;
        }
        if node.is_call("end") {
            match written("(end (if (no Pieces Mover) (result Mover Win)))", node.span) {
                Some(end) => *node = end,
                None => failed = true,
            }
            return true;
        }
        false
    });
    // A move's `(if (!= SITE Off) BODY)`, SITE a step round the player's loop: on the loop it
    // always holds; on the track begun at the start, SITE is `Off` past the start again, where
    // the piece has gone round.
    each_node(&mut rewritten, &mut |node| {
        let Some((test, body)) = node
            .is_call("if")
            .then(|| node.arg(0).zip(node.arg(1)))
            .flatten()
            .filter(|_| node.children().len() == 2)
        else {
            return false;
        };
        let [site, off] = test.children() else {
            return false;
        };
        if !test.is_call("!=")
            || off.as_symbol() != Some("Off")
            || !site.is_call("trackSite")
            || site.arg(0).and_then(Node::as_symbol) != Some("Move")
            || site.named("steps").is_none()
            || site.children().len() != 2
        {
            return false;
        }
        let text = format!("(if (= Off {site}) (move Remove (from) level:(level)) {body})");
        match written(&text, node.span) {
            Some(mut replaced) => {
                // The body keeps its own places.
                if let Kind::Call { args, .. } = &mut replaced.kind {
                    args[2] = body.clone();
                }
                *node = replaced;
            }
            None => failed = true,
        }
        true
    });
    (!failed).then_some(rewritten)
}

/// `(mapEntry "LoopStart" (who at:(to)))` in the captured piece's `(to …)`: the position of
/// each seat's start on its own track, alike for every seat (the first, where the rewritten
/// tracks begin), as the family's `capture_return` writes it.
pub(super) fn return_to_start(
    site: &Node,
    seats: Option<&Vec<Vec<usize>>>,
    starts: Option<&std::collections::BTreeMap<i64, i64>>,
) -> Option<Result<String, String>> {
    if site.to_string() != format!("(mapEntry \"{START_MAP}\" (who at:(to)))") {
        return None;
    }
    let (Some(seats), Some(starts)) = (seats, starts) else {
        return Some(Err(
            "a return to each player's start, on tracks the reader does not read".into(),
        ));
    };
    let mut read: Option<usize> = None;
    for (seat, track) in seats.iter().enumerate() {
        let start = starts
            .get(&(seat as i64 + 1))
            .and_then(|&s| usize::try_from(s).ok());
        let Some(position) = start.and_then(|s| track.iter().position(|&cell| cell == s)) else {
            return Some(Err(format!(
                "a return to a start off the track of P{}",
                seat + 1
            )));
        };
        match read {
            Some(first) if first != position => {
                return Some(Err(
                    "a return to positions that differ from player to player".into(),
                ));
            }
            _ => read = Some(position),
        }
    }
    read.map(|position| Ok((position + 1).to_string()))
}

#[cfg(test)]
mod tests {
    use crate::race_description::{params_of, read_partly, tests::vendored_expanded};

    /// Tsaydithl reads whole: the first player's stick, state 1, goes round the loop
    /// "TrackCCW" from its door 36, the second's, state 2, round "TrackCW" from 38; a throw
    /// of 2 may move 1 instead; a stick landed on goes back to its own door; the first round
    /// past its door wins, read as the bearing off with any throw past the end.
    #[test]
    fn tsaydithl_races_once_round_each_player_s_loop() {
        let expanded = vendored_expanded("Tsaydithl.lud");
        let (reading, lacks) = read_partly(&expanded);
        assert!(lacks.is_empty(), "{lacks:#?}");
        let value = |key: &str| reading[key].value.clone();
        let ccw_from_36 = "36 16 14 12 10 8 6 4 2 0 37 1 3 5 7 9 11 13 15 17 38 19 21 23 25 27 \
                           29 31 33 35 39 34 32 30 28 26 24 22 20 18";
        let cw_from_38 = "38 17 15 13 11 9 7 5 3 1 37 0 2 4 6 8 10 12 14 16 36 18 20 22 24 26 \
                          28 30 32 34 39 35 33 31 29 27 25 23 21 19";
        assert_eq!(value("tracks"), format!("{ccw_from_36} | {cw_from_38}"));
        assert_eq!(
            reading["tracks"].span.line, 58,
            "the first player's loop, TrackCCW"
        );
        assert_eq!(value("start"), "1 | 1");
        assert_eq!(value("pieces"), "1");
        assert_eq!(value("throw"), "lots 3");
        assert_eq!(value("throw_values"), "0=5 1=3 2=2 3=10");
        assert_eq!(value("alternative_value"), "2");
        assert_eq!(value("alternative_steps"), "1");
        assert_eq!(value("land_on_enemy"), "capture");
        assert_eq!(value("capture_return"), "1");
        assert_eq!(value("bear_off"), "any");
        assert_eq!(value("ranking"), "first-out-wins");
        params_of(&reading).unwrap();
    }

    /// A state set again in play, or a second piece, leaves the loops unread, named at their
    /// lines.
    #[test]
    fn loops_whose_pieces_change_track_are_not_read() {
        let text = std::fs::read_to_string(format!(
            "{}/../../corpus/ludii/lud/Tsaydithl.lud",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let edited = text.replace(
            "(result Mover Win)",
            "(result Mover Win)) (if (= 1 (count Pips)) (set State at:(last To) 2)",
        );
        assert_ne!(edited, text);
        let description = ludii::Description::read("Tsaydithl.lud", &edited).unwrap();
        let expanded = description.expand(&ludii::Selection::Defaults).unwrap();
        let (_, lacks) = read_partly(&expanded);
        assert!(
            lacks
                .iter()
                .any(|l| l.what.contains("loop:True") && l.span.line == 57),
            "{lacks:#?}"
        );
    }
}
