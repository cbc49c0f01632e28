//! A small evaluator of Ludii's integer, boolean and site expressions on a mancala board, for
//! reading what a description's conditions and places mean rather than how they are written:
//! the translator evaluates a capture condition at every hole, count and mover, and reads the
//! family's parameters off the table it gives. Only the ludemes below are known; any other is
//! refused by name, and so becomes something the family lacks.

use std::collections::BTreeMap;

use ludii::{Kind, Node};

use crate::geometry::Geometry;

/// Why an expression cannot be evaluated here: the ludeme, written as in the description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unknown(pub String);

/// Sites: a set of site numbers (hands are the sites after the board's).
pub type Sites = Vec<usize>;

/// The description's named places, resolved once.
#[derive(Clone, Debug, Default)]
pub struct Places {
    /// `(regions P1 …)` and `(regions "Name" P1 …)`: by (name, player), name empty for a
    /// player's own region.
    pub regions: BTreeMap<(String, u8), Sites>,
    /// Tracks by name, each player's own under its owner too.
    pub tracks: BTreeMap<String, Sites>,
    /// `(map {(pair P1 site) …})` by (map name, player).
    pub maps: BTreeMap<(String, u8), usize>,
    /// `(map "Name" {(pair site site) …})`, a named map from sites to sites (Rab'e's
    /// `"CorrespondingHoles"`), each resolved into its table by name.
    pub site_maps: BTreeMap<String, BTreeMap<i64, i64>>,
    /// The track `(trackSite FirstSite …)` walks without a name or a player: the first shared
    /// track, else the board's first, its sites in order.
    pub first_track: Sites,
    /// Every track in the board's order: its name, its owner (1 or 2; 0 where both sow along
    /// it) and its sites in order, for `(trackSite Move …)`.
    pub all_tracks: Vec<(String, u8, Sites)>,
}

/// Where an expression is evaluated: the counts, the mover, and the sites `(from)` and `(to)`.
#[derive(Clone, Debug)]
pub struct Context<'a> {
    /// The board.
    pub geometry: &'a Geometry,
    /// The description's places.
    pub places: &'a Places,
    /// Counters at each site, the two hands after the board's sites.
    pub counts: Vec<i64>,
    /// The mover, 1 or 2.
    pub mover: u8,
    /// `(from)`.
    pub from: i64,
    /// `(to)`.
    pub to: i64,
    /// `(site)`, inside a `forEach` or `all Sites`.
    pub site: i64,
    /// The player `Player` names inside an end's `(forEach Player …)` or `(forEach NonMover
    /// …)`; 0 elsewhere, where `Player` is not known.
    pub player: u8,
    /// The sites remembered under each name (`(values Remembered "Playable")`).
    pub remembered: BTreeMap<String, Sites>,
    /// Each site's local state (`(state at:s)`), the player who marked it or 0; empty where
    /// every state is 0.
    pub states: Vec<i64>,
    /// The mover's value, `(value Player Mover)`, where a reading tries it (Ako Okwe's count
    /// of captures made); `None` where it is not known.
    pub mover_value: Option<i64>,
}

impl Context<'_> {
    /// The site of player `p`'s hand.
    pub fn hand(&self, player: u8) -> usize {
        self.geometry.sites() + usize::from(player) - 1
    }

    fn player(&self, node: &Node) -> Result<u8, Unknown> {
        let symbol = match &node.kind {
            Kind::Symbol(s) => s.as_str(),
            Kind::Call { head, args } if args.is_empty() => head.as_str(),
            _ => return Err(unknown(node)),
        };
        match symbol {
            "P1" => Ok(1),
            "P2" => Ok(2),
            "Mover" | "mover" => Ok(self.mover),
            "Next" | "next" => Ok(3 - self.mover),
            "Player" if self.player != 0 => Ok(self.player),
            _ => Err(unknown(node)),
        }
    }

    /// `(trackSite Move from:… steps:…)`: the site `steps` along a track from `from:` (the
    /// `(from)` where not given), as Ludii takes the track: the first owned by the player (the
    /// mover where none is named) whose name holds the one given, else the first of that name;
    /// without a name, the player's first track, else the first shared one. Ludii's Off (-1)
    /// where the site is not on the track.
    fn track_site_move(&self, node: &Node, args: &[&Node]) -> Result<i64, Unknown> {
        let (player, name) = match &args[1..] {
            [] => (self.mover, None),
            [name] if name.as_str().is_some() => (self.mover, name.as_str()),
            [player] => (self.player(player)?, None),
            _ => return Err(unknown(node)),
        };
        let steps = self.int(node.named("steps").ok_or_else(|| unknown(node))?)?;
        let from = match node.named("from") {
            Some(from) => self.int(from)?,
            None => self.from,
        };
        let tracks = &self.places.all_tracks;
        let track = match name {
            Some(name) => tracks
                .iter()
                .find(|(n, owner, _)| n.contains(name) && *owner == player)
                .or_else(|| tracks.iter().find(|(n, _, _)| n.contains(name))),
            None => tracks
                .iter()
                .find(|(_, owner, _)| *owner == player)
                .or_else(|| tracks.iter().find(|(_, owner, _)| *owner == 0)),
        };
        let Some((_, _, sites)) = track else {
            return Err(unknown(node));
        };
        let Some(start) = sites.iter().position(|&site| site as i64 == from) else {
            return Ok(-1);
        };
        let len = sites.len() as i64;
        let at = (start as i64 + steps).rem_euclid(len);
        Ok(sites[at as usize] as i64)
    }

    /// An integer expression.
    pub fn int(&self, node: &Node) -> Result<i64, Unknown> {
        if let Some(value) = node.as_int() {
            return Ok(value);
        }
        // Ludii's Off, the value of what is not set.
        if node.as_symbol() == Some("Off") {
            return Ok(-1);
        }
        let Some(head) = node.head() else {
            return Err(unknown(node));
        };
        let args: Vec<&Node> = node.positional().collect();
        match head {
            "to" if args.is_empty() => Ok(self.to),
            "value"
                if args.len() == 2
                    && args[0].as_symbol() == Some("Player")
                    && self.mover_value.is_some()
                    && self.player(args[1])? == self.mover =>
            {
                self.mover_value.ok_or_else(|| unknown(node))
            }
            "site" if args.is_empty() => Ok(self.site),
            "from" if args.is_empty() => Ok(self.from),
            "mover" if args.is_empty() => Ok(i64::from(self.mover)),
            "next" if args.is_empty() => Ok(i64::from(3 - self.mover)),
            "count" => self.count(node, &args),
            "state" if args.is_empty() => {
                let at = node.named("at").ok_or_else(|| unknown(node))?;
                let site = self.int(at)?;
                Ok(usize::try_from(site)
                    .ok()
                    .and_then(|s| self.states.get(s).copied())
                    .unwrap_or(0))
            }
            "min" | "max" if args.len() == 2 => {
                let (a, b) = (self.int(args[0])?, self.int(args[1])?);
                Ok(if head == "min" { a.min(b) } else { a.max(b) })
            }
            "+" | "*" => {
                let values = self.operands(&args)?;
                Ok(if head == "+" {
                    values.iter().sum()
                } else {
                    values.iter().product()
                })
            }
            "-" if args.len() == 2 => Ok(self.int(args[0])? - self.int(args[1])?),
            "/" if args.len() == 2 => {
                let divisor = self.int(args[1])?;
                if divisor == 0 {
                    return Err(unknown(node));
                }
                Ok(self.int(args[0])?.div_euclid(divisor))
            }
            "%" if args.len() == 2 => {
                let divisor = self.int(args[1])?;
                if divisor == 0 {
                    return Err(unknown(node));
                }
                Ok(self.int(args[0])?.rem_euclid(divisor))
            }
            "if" if args.len() == 3 => {
                if self.boolean(args[0])? {
                    self.int(args[1])
                } else {
                    self.int(args[2])
                }
            }
            // A named map from sites to sites: Ludii's `MapEntry` gives the key itself where
            // the map has no entry for it.
            "mapEntry"
                if args.len() == 2
                    && args[0]
                        .as_str()
                        .is_some_and(|name| self.places.site_maps.contains_key(name)) =>
            {
                let table = &self.places.site_maps[args[0].as_str().unwrap_or_default()];
                let key = self.int(args[1])?;
                Ok(table.get(&key).copied().unwrap_or(key))
            }
            "mapEntry" => {
                let (name, player) = match args.as_slice() {
                    [player] => (String::new(), self.player(player)?),
                    [name, player] if name.as_str().is_some() => (
                        name.as_str().unwrap_or_default().to_string(),
                        self.player(player)?,
                    ),
                    _ => return Err(unknown(node)),
                };
                self.places
                    .maps
                    .get(&(name, player))
                    .map(|&site| site as i64)
                    .ok_or_else(|| unknown(node))
            }
            "handSite" if args.len() == 1 => Ok(self.hand(self.player(args[0])?) as i64),
            // The first site from `from:` along the track where `if:` holds, Ludii's Off (-1)
            // where none does.
            "trackSite" if !args.is_empty() && args[0].as_symbol() == Some("Move") => {
                self.track_site_move(node, &args)
            }
            // A track named: the first whose name holds the name, as Ludii's
            // `TrackSiteFirstTrack` finds it (`"TrackCW"`, Tuz's `RightMostEmpty`).
            "trackSite"
                if (1..=2).contains(&args.len())
                    && args[0].as_symbol() == Some("FirstSite")
                    && args.get(1).is_none_or(|name| name.as_str().is_some()) =>
            {
                let (Some(from), Some(condition)) = (node.named("from"), node.named("if")) else {
                    return Err(unknown(node));
                };
                let from = self.int(from)?;
                let named = args.get(1).and_then(|name| name.as_str()).map(|name| {
                    self.places
                        .all_tracks
                        .iter()
                        .find(|(track, _, _)| track.contains(name))
                        .map(|(_, _, sites)| sites)
                });
                let track = match named {
                    None => &self.places.first_track,
                    Some(Some(sites)) => sites,
                    Some(None) => return Err(unknown(node)),
                };
                let Some(start) = track.iter().position(|&site| site as i64 == from) else {
                    return Ok(-1);
                };
                for step in 0..track.len() {
                    let site = track[(start + step) % track.len()];
                    let mut inner = self.clone();
                    inner.to = site as i64;
                    if inner.boolean(condition)? {
                        return Ok(site as i64);
                    }
                }
                Ok(-1)
            }
            "column" => {
                let of = node.named("of").ok_or_else(|| unknown(node))?;
                let site = usize::try_from(self.int(of)?).map_err(|_| unknown(node))?;
                let (_, column) = self
                    .geometry
                    .row_column(site)
                    .ok_or_else(|| unknown(node))?;
                Ok(column as i64)
            }
            "row" => {
                let of = node.named("of").ok_or_else(|| unknown(node))?;
                let site = usize::try_from(self.int(of)?).map_err(|_| unknown(node))?;
                let (row, _) = self
                    .geometry
                    .row_column(site)
                    .ok_or_else(|| unknown(node))?;
                Ok(row as i64)
            }
            _ => Err(unknown(node)),
        }
    }

    fn operands(&self, args: &[&Node]) -> Result<Vec<i64>, Unknown> {
        match args {
            [array] if array.as_array().is_some() => array
                .as_array()
                .unwrap_or_default()
                .iter()
                .map(|n| self.int(n))
                .collect(),
            _ => args.iter().map(|n| self.int(n)).collect(),
        }
    }

    fn count(&self, node: &Node, args: &[&Node]) -> Result<i64, Unknown> {
        // `(count at:s)`, `(count Cell at:s)`, `(count in:sites)`, `(count Sites in:sites)`,
        // `(count Pieces All in:sites)` (every counter there: the seeds are shared).
        let kind = args.first().and_then(|a| a.as_symbol());
        if kind == Some("Pieces") {
            let all = args.get(1).is_some_and(|a| a.as_symbol() == Some("All"));
            let within = node.named("in").ok_or_else(|| unknown(node))?;
            if !all || args.len() != 2 {
                return Err(unknown(node));
            }
            let sites = self.sites(within)?;
            return Ok(sites
                .iter()
                .map(|&s| self.counts.get(s).copied().unwrap_or(0))
                .sum());
        }
        if let Some(at) = node.named("at") {
            if !matches!(kind, None | Some("Cell")) {
                return Err(unknown(node));
            }
            // Ludii counts nothing at a site that is not there (an opposite computed for a
            // store, say), and the conditions that ask rely on it.
            let site = self.int(at)?;
            return Ok(usize::try_from(site)
                .ok()
                .and_then(|s| self.counts.get(s).copied())
                .unwrap_or(0));
        }
        if let Some(within) = node.named("in") {
            let sites = self.sites(within)?;
            return match kind {
                None => Ok(sites
                    .iter()
                    .map(|&s| self.counts.get(s).copied().unwrap_or(0))
                    .sum()),
                Some("Sites") => Ok(sites.len() as i64),
                _ => Err(unknown(node)),
            };
        }
        Err(unknown(node))
    }

    /// A boolean expression.
    pub fn boolean(&self, node: &Node) -> Result<bool, Unknown> {
        if let Some(symbol) = node.as_symbol() {
            return match symbol {
                "True" => Ok(true),
                "False" => Ok(false),
                _ => Err(unknown(node)),
            };
        }
        let Some(head) = node.head() else {
            return Err(unknown(node));
        };
        let args: Vec<&Node> = node.positional().collect();
        match head {
            "and" | "or" => {
                let items: Vec<&Node> = match args.as_slice() {
                    [array] if array.as_array().is_some() => {
                        array.as_array().unwrap_or_default().iter().collect()
                    }
                    _ => args.clone(),
                };
                let mut result = head == "and";
                for item in items {
                    let value = self.boolean(item)?;
                    if head == "and" {
                        result &= value;
                    } else {
                        result |= value;
                    }
                }
                Ok(result)
            }
            "not" if args.len() == 1 => Ok(!self.boolean(args[0])?),
            "=" | "!=" | "<" | ">" | "<=" | ">=" if args.len() == 2 => {
                let (a, b) = (self.int(args[0])?, self.int(args[1])?);
                Ok(match head {
                    "=" => a == b,
                    "!=" => a != b,
                    "<" => a < b,
                    ">" => a > b,
                    "<=" => a <= b,
                    _ => a >= b,
                })
            }
            "is" => self.is(node, &args),
            "no" if args.len() == 2
                && args[0].as_symbol() == Some("Pieces")
                && args[1].as_symbol() == Some("All") =>
            {
                let within = node.named("in").ok_or_else(|| unknown(node))?;
                let sites = self.sites(within)?;
                Ok(sites
                    .iter()
                    .all(|&s| self.counts.get(s).copied().unwrap_or(0) == 0))
            }
            "all" if args.len() == 2 && args[0].as_symbol() == Some("Sites") => {
                let condition = node.named("if").ok_or_else(|| unknown(node))?;
                let sites = self.sites(args[1])?;
                for site in sites {
                    let mut inner = self.clone();
                    inner.site = site as i64;
                    if !inner.boolean(condition)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            "if" if args.len() == 3 => {
                if self.boolean(args[0])? {
                    self.boolean(args[1])
                } else {
                    self.boolean(args[2])
                }
            }
            _ => Err(unknown(node)),
        }
    }

    fn is(&self, node: &Node, args: &[&Node]) -> Result<bool, Unknown> {
        let what = args
            .first()
            .and_then(|a| a.as_symbol())
            .ok_or_else(|| unknown(node))?;
        match (what, &args[1..]) {
            ("In", [item, set]) => {
                let value = self.int(item)?;
                let sites = self.sites(set)?;
                Ok(usize::try_from(value).is_ok_and(|v| sites.contains(&v)))
            }
            ("Even", [item]) => Ok(self.int(item)? % 2 == 0),
            ("Odd", [item]) => Ok(self.int(item)? % 2 != 0),
            ("Mover", [player]) => Ok(self.player(player)? == self.mover),
            // Ludii's `is Empty` and `is Occupied` are both false of a site that is not there.
            ("Empty", [site]) => Ok(self.on_board(self.int(site)?).is_some_and(|c| c == 0)),
            ("Occupied", [site]) => Ok(self.on_board(self.int(site)?).is_some_and(|c| c > 0)),
            _ => Err(unknown(node)),
        }
    }

    /// The counters at `site`, where it is a site of the board or a hand.
    fn on_board(&self, site: i64) -> Option<i64> {
        usize::try_from(site)
            .ok()
            .and_then(|s| self.counts.get(s).copied())
    }

    /// A site expression: a region, a track's sites, a list, a union or difference.
    pub fn sites(&self, node: &Node) -> Result<Sites, Unknown> {
        // A site written alone, as Ludii's region operators take one (`(difference (sites
        // Board) 12)`, Deka's start).
        if let Some(site) = node.as_int() {
            return usize::try_from(site)
                .ok()
                .filter(|&site| site < self.geometry.sites())
                .map(|site| vec![site])
                .ok_or_else(|| unknown(node));
        }
        let Some(head) = node.head() else {
            return Err(unknown(node));
        };
        let args: Vec<&Node> = node.positional().collect();
        let sorted = |mut v: Sites| {
            v.sort_unstable();
            v.dedup();
            v
        };
        match head {
            "sites"
                if args.first().and_then(|a| a.as_symbol()) == Some("Track")
                    && (node.named("from").is_some() || node.named("to").is_some()) =>
            {
                self.track_between(node, &args)
            }
            "sites" => match args.as_slice() {
                [array] if array.as_array().is_some() => {
                    let sites = array
                        .as_array()
                        .unwrap_or_default()
                        .iter()
                        .map(|n| match n.as_str() {
                            Some(coordinate) => {
                                self.coordinate(coordinate).ok_or_else(|| unknown(n))
                            }
                            None => self
                                .int(n)
                                .and_then(|v| usize::try_from(v).map_err(|_| unknown(n))),
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    Ok(sorted(sites))
                }
                [values] if values.is_call("values") => self.sites(values),
                // A board laid out by its points has the sides its points give.
                [symbol]
                    if symbol
                        .as_symbol()
                        .is_some_and(|side| self.geometry.side(side).is_some()) =>
                {
                    let side = symbol.as_symbol().unwrap_or_default();
                    self.geometry.side(side).ok_or_else(|| unknown(node))
                }
                // A board known only by its sites' numbers has no sides.
                [symbol]
                    if self.geometry.rows == 0
                        && matches!(
                            symbol.as_symbol(),
                            Some("Bottom" | "Top" | "Left" | "Right")
                        ) =>
                {
                    Err(unknown(node))
                }
                [symbol] => match symbol.as_symbol() {
                    Some("Left") => Ok(self.geometry.column_sites(0)),
                    Some("Right") => Ok(self.geometry.column_sites(self.geometry.columns - 1)),
                    Some("Bottom") => Ok(self.geometry.row_sites(0)),
                    Some("Top") => Ok(self.geometry.row_sites(self.geometry.rows - 1)),
                    Some("Track") => {
                        let all: Sites = self.places.tracks.values().flatten().copied().collect();
                        Ok(sorted(all))
                    }
                    Some("Board") => Ok((0..self.geometry.sites()).collect()),
                    Some("Empty") => Ok((0..self.geometry.sites())
                        .filter(|&site| self.counts.get(site).is_some_and(|&c| c == 0))
                        .collect()),
                    // The seeds are shared: every occupied site of the board, by anyone.
                    Some("Occupied") if node.named("by").is_some_and(|by| is_symbol(by, "All")) => {
                        Ok((0..self.geometry.sites())
                            .filter(|&site| self.counts.get(site).is_some_and(|&c| c > 0))
                            .collect())
                    }
                    _ => self.region("", self.player(symbol)?, node),
                },
                [symbol, name] if symbol.as_symbol() == Some("Track") => {
                    let name = name.as_str().ok_or_else(|| unknown(node))?;
                    self.places
                        .tracks
                        .get(name)
                        .cloned()
                        .map(sorted)
                        .ok_or_else(|| unknown(node))
                }
                [player, name] if name.as_str().is_some() => self.region(
                    name.as_str().unwrap_or_default(),
                    self.player(player)?,
                    node,
                ),
                [symbol, row] if symbol.as_symbol() == Some("Row") => {
                    let row = usize::try_from(self.int(row)?).map_err(|_| unknown(node))?;
                    if row >= self.geometry.rows {
                        return Err(unknown(node));
                    }
                    Ok(self.geometry.row_sites(row))
                }
                _ => Err(unknown(node)),
            },
            "values" if args.len() == 2 && args[0].as_symbol() == Some("Remembered") => {
                let name = args[1].as_str().ok_or_else(|| unknown(node))?;
                self.remembered
                    .get(name)
                    .cloned()
                    .ok_or_else(|| unknown(node))
            }
            "expand" if args.len() == 1 && self.geometry.rows > 0 => {
                let steps = match node.named("steps") {
                    None => 1,
                    Some(steps) => usize::try_from(self.int(steps)?).map_err(|_| unknown(node))?,
                };
                self.geometry
                    .expand(&self.sites(args[0])?, steps)
                    .ok_or_else(|| unknown(node))
            }
            "if" if args.len() == 3 => {
                if self.boolean(args[0])? {
                    self.sites(args[1])
                } else {
                    self.sites(args[2])
                }
            }
            "forEach" if args.len() == 1 => {
                let condition = node.named("if").ok_or_else(|| unknown(node))?;
                let mut kept = Vec::new();
                for site in self.sites(args[0])? {
                    let mut inner = self.clone();
                    inner.site = site as i64;
                    if inner.boolean(condition)? {
                        kept.push(site);
                    }
                }
                Ok(kept)
            }
            // A site a map gives, written alone where a region goes (Gabata (Aksum)'s
            // `(difference ("OwnedHoles") (mapEntry "LeftMost" Mover))`).
            "mapEntry" => usize::try_from(self.int(node)?)
                .map(|site| vec![site])
                .map_err(|_| unknown(node)),
            "union" | "difference" | "intersection" => {
                let parts: Vec<&Node> = match args.as_slice() {
                    [array] if array.as_array().is_some() => {
                        array.as_array().unwrap_or_default().iter().collect()
                    }
                    _ => args.clone(),
                };
                let mut sets = parts.iter().map(|p| self.sites(p));
                let mut result = sets.next().ok_or_else(|| unknown(node))??;
                for set in sets {
                    let set = set?;
                    match head {
                        "union" => result.extend(set),
                        "difference" => result.retain(|s| !set.contains(s)),
                        _ => result.retain(|s| set.contains(s)),
                    }
                }
                Ok(sorted(result))
            }
            _ => Err(unknown(node)),
        }
    }

    /// `(sites Track ["Name"] from:… to:…)`, as Ludii's `SitesTrack` walks it: the first
    /// track of every player's (owner 0) whose name holds the name (any such track without
    /// one), or the first named so exactly; its sites from `from:` (none where it is not on
    /// the track) up to `to:` included, going on from the track's start where the end comes
    /// first, so that at most a lap is listed.
    fn track_between(&self, node: &Node, args: &[&Node]) -> Result<Sites, Unknown> {
        let name = match args {
            [_] => "",
            [_, name] => name.as_str().ok_or_else(|| unknown(node))?,
            _ => return Err(unknown(node)),
        };
        let track = self
            .places
            .all_tracks
            .iter()
            .find(|(track, owner, _)| track == name || (track.contains(name) && *owner == 0));
        let Some((_, _, sites)) = track else {
            return Ok(Vec::new());
        };
        let from = match node.named("from") {
            Some(from) => Some(self.int(from)?),
            None => None,
        };
        let to = match node.named("to") {
            Some(to) => self.int(to)?,
            None => -1,
        };
        let start = match from {
            None => 0,
            Some(from) => match sites.iter().position(|&site| site as i64 == from) {
                Some(start) => start,
                None => return Ok(Vec::new()),
            },
        };
        let mut listed = Vec::new();
        for &site in sites[start..].iter().chain(&sites[..start]) {
            listed.push(site);
            if site as i64 == to {
                break;
            }
        }
        Ok(listed)
    }

    /// The site a coordinate such as `"D2"` names: the column's letter from `A` on the left,
    /// the row's number from 1 at the bottom.
    fn coordinate(&self, coordinate: &str) -> Option<usize> {
        let mut chars = coordinate.chars();
        let letter = chars.next().filter(char::is_ascii_uppercase)?;
        let row: usize = chars.as_str().parse().ok()?;
        let column = usize::from(letter as u8 - b'A');
        (self.geometry.rows > 0 && row >= 1)
            .then(|| self.geometry.site_at(column, row - 1))
            .flatten()
    }

    /// A player's region as Ludii gathers it: every region of the player whose name contains
    /// `name` (all of the player's regions for no name), together.
    fn region(&self, name: &str, player: u8, node: &Node) -> Result<Sites, Unknown> {
        let mut found = self
            .places
            .regions
            .iter()
            .filter(|((region, owner), _)| *owner == player && region.contains(name))
            .peekable();
        if found.peek().is_none() {
            return Err(unknown(node));
        }
        let mut sites: Sites = found.flat_map(|(_, sites)| sites.iter().copied()).collect();
        sites.sort_unstable();
        sites.dedup();
        Ok(sites)
    }
}

/// The node as an [`Unknown`], written back as Ludii text and cut to a readable length.
pub fn unknown(node: &Node) -> Unknown {
    let text = node.to_string();
    let short: String = text.chars().take(120).collect();
    Unknown(if short.len() < text.len() {
        format!("{short}…")
    } else {
        short
    })
}

/// Whether `node` is the named symbol (`True`).
pub fn is_symbol(node: &Node, name: &str) -> bool {
    node.as_symbol() == Some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(mapEntry "Name" key)` of a map from sites to sites: the site the map gives, or the key
    /// itself where the map has no entry for it, as Ludii's `MapEntry` answers.
    #[test]
    fn a_map_from_sites_gives_its_entry_or_the_key() {
        let geometry = Geometry::new(2, 6, false);
        let mut places = Places::default();
        places.site_maps.insert(
            "CorrespondingHoles".into(),
            BTreeMap::from([(0, 11), (4, 7), (11, 0)]),
        );
        let context = Context {
            geometry: &geometry,
            places: &places,
            counts: vec![0; 14],
            mover: 1,
            from: -1,
            to: 4,
            site: -1,
            player: 0,
            remembered: BTreeMap::new(),
            states: Vec::new(),
            mover_value: None,
        };
        let entry = |text: &str| {
            let nodes = ludii::parse("test", text).expect("parses");
            context.int(&nodes[0])
        };
        assert_eq!(entry(r#"(mapEntry "CorrespondingHoles" (to))"#), Ok(7));
        assert_eq!(entry(r#"(mapEntry "CorrespondingHoles" 11)"#), Ok(0));
        assert_eq!(entry(r#"(mapEntry "CorrespondingHoles" 3)"#), Ok(3));
        assert!(entry(r#"(mapEntry "Opposite" 3)"#).is_err());
    }
}
