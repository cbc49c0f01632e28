//! `corpus/ludii/figures/`: Ludii 1.3.13's random play of each description, one CSV row per
//! description, read into typed rows. A bad row is reported with its file, line and field and
//! left out; the others are kept.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::Serialize;

use crate::diag::{Diagnostic, Report};

/// The figures' folder, relative to the corpus root.
pub const FIGURES_DIR: &str = "ludii/figures";

/// The shipped tables, in the order they are read.
const FILES: [&str; 2] = ["figures.csv", "figures-gamedatabase.csv"];

/// Whose text of a description Ludii played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Description {
    /// The description Ludii 1.3.13 ships (`ludii-1.3.13`).
    Ludii1313,
    /// The Ludeme/GameDatabase description (Ludii 1.3.4) whose text differs from 1.3.13's
    /// (`gamedatabase-1.3.4`).
    GameDatabase134,
}

impl Description {
    /// As the `description` column writes it.
    pub fn label(self) -> &'static str {
        match self {
            Description::Ludii1313 => "ludii-1.3.13",
            Description::GameDatabase134 => "gamedatabase-1.3.4",
        }
    }
}

/// The folder of descriptions a row comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum DescriptionSet {
    /// Ludii 1.3.13's `board/sow/` (`sow`).
    Sowing,
    /// Ludii 1.3.13's `board/race/` (`race`).
    Race,
    /// The dice games of Ludii 1.3.13's `board/war/` (`war`).
    War,
    /// Ludeme/GameDatabase's `games/lud/` (`gdb`).
    GameDatabase,
}

/// Why Ludii stopped playing a description.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum StopReason {
    /// Every playout requested was played, or none could be (`complete`).
    Complete,
    /// The 30 s budget ran out first (`budget_30s`).
    Budget,
    /// Ludii failed while playing (`exception`).
    Exception,
}

/// The caps a playout was played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Caps {
    /// Moves after which a playout stops.
    pub moves: u32,
    /// Turns per player after which a playout stops; `None` when there is no such cap.
    pub turns_per_player: Option<u32>,
}

/// The caps of the shipped tables (their README): a move cap of 10,000 and Ludii's turn cap
/// lifted. `measured.yaml` has other caps.
const SHIPPED_CAPS: Caps = Caps {
    moves: 10_000,
    turns_per_player: None,
};

/// How the playouts of a description ended and who won.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WinCounts {
    /// Playouts without a winner, every capped one included.
    pub none: u32,
    /// Each player's wins, player 1 first.
    pub by_player: Vec<u32>,
}

/// Ludii's figures for a description it played at least once.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Play {
    /// Mean moves a playout (`Trial.numberRealMoves()`: decisions, not dice rolls).
    pub mean_moves: f64,
    /// Their standard deviation.
    pub sd_moves: f64,
    /// The shortest playout's moves.
    pub min_moves: u32,
    /// The longest playout's moves.
    pub max_moves: u32,
    /// Ludii's turn number at the end, on average.
    pub mean_turns: f64,
    /// Share of playouts ended by the rules before a cap.
    pub completion: f64,
    /// Playouts ended by the rules.
    pub natural_end: u32,
    /// Playouts ended by the move cap.
    pub move_limit: u32,
    /// Playouts ended by the turn cap.
    pub turn_limit: u32,
    /// Playouts ended otherwise.
    pub other_end: u32,
    /// Playouts Ludii's default turn cap (1,250 per player) would have cut.
    pub over_default_turnlimit: u32,
    /// Share won by player 1.
    pub p1_win_share: f64,
    /// Share without a winner, every capped playout included.
    pub draw_share: f64,
    /// Wins per player.
    pub wins: WinCounts,
    /// Wall time per playout on one thread of a loaded, shared machine: indicative only.
    /// Written to 0.01 ms, so 0 for games of a move or two.
    pub mean_ms_per_playout: f64,
}

impl Play {
    /// Ludii's moves per second: mean moves over the mean time of a playout; `None` when a
    /// playout took too little time to be written (0.00 ms).
    pub fn moves_per_second(&self) -> Option<f64> {
        (self.mean_ms_per_playout > 0.0)
            .then(|| self.mean_moves / self.mean_ms_per_playout * 1000.0)
    }
}

/// One description as Ludii played it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FiguresRow {
    /// The table it was read from.
    pub file: PathBuf,
    /// Its line there.
    pub line: u64,
    /// Whose text was played: when a vendored 1.3.4 description is looked up, which of
    /// the two rows applies.
    pub description: Description,
    /// The folder of descriptions it comes from.
    pub set: DescriptionSet,
    /// The description's path in Ludii's game folder (`board/sow/two_rows/Wari.lud`), or its
    /// GameDatabase file name (`Wari.lud`).
    pub path: String,
    /// The game's name in the description; empty when it did not compile.
    pub game_name: String,
    /// The description's `(id "N")`: a DLP GameRulesets id.
    pub ruleset_id: Option<u32>,
    /// Players; 0 when it did not compile.
    pub players: u32,
    /// Rulesets the description declares.
    pub rulesets: u32,
    /// Whether the game has dice or other chance.
    pub stochastic: bool,
    /// Playouts asked for.
    pub playouts_requested: u32,
    /// Playouts played.
    pub playouts_done: u32,
    /// Why the playing stopped.
    pub stop_reason: StopReason,
    /// The figures, when at least one playout was played.
    pub play: Option<Play>,
    /// Milliseconds to compile the description.
    pub compile_ms: u64,
    /// What went wrong, when something did.
    pub exception: Option<String>,
    /// The caps its playouts were played under.
    pub caps: Caps,
}

impl FiguresRow {
    /// The description's file name (`Wari.lud`), the name the vendored descriptions have.
    pub fn file_name(&self) -> &str {
        self.path.rsplit('/').next().unwrap_or(&self.path)
    }

    /// Ludii's moves per second, when it played the description and its playouts were timed.
    pub fn moves_per_second(&self) -> Option<f64> {
        self.play.as_ref().and_then(Play::moves_per_second)
    }
}

/// Every row of the shipped tables, with lookups by DLP ruleset id and by file name.
#[derive(Clone, Debug, Default)]
pub struct LudiiFigures {
    rows: Vec<FiguresRow>,
    by_id: BTreeMap<(Description, u32), usize>,
    by_file_name: BTreeMap<(Description, String), usize>,
}

impl LudiiFigures {
    /// Reads `figures.csv` and `figures-gamedatabase.csv` of the corpus at `root`; every
    /// problem goes to `report`.
    pub fn load(root: &Path, report: &mut Report) -> LudiiFigures {
        let mut figures = LudiiFigures::default();
        for name in FILES {
            let path = root.join(FIGURES_DIR).join(name);
            match std::fs::read_to_string(&path) {
                Ok(text) => figures.add(&path, &text, report),
                Err(e) => report.push(Diagnostic::error(&path, format!("cannot read: {e}"))),
            }
        }
        figures
    }

    /// Adds the rows of one table, read from `text` of `file`. A row with a bad value, or
    /// whose ruleset id or file name another row of the same description already has, is
    /// reported and left out; a table without one of the columns is reported and adds nothing.
    pub fn add(&mut self, file: &Path, text: &str, report: &mut Report) {
        for row in read_table(file, text, report) {
            let id_key = row.ruleset_id.map(|id| (row.description, id));
            let name_key = (row.description, row.file_name().to_string());
            let earlier = id_key
                .and_then(|key| {
                    let index = *self.by_id.get(&key)?;
                    Some(("id", "ruleset id", key.1.to_string(), index))
                })
                .or_else(|| {
                    let index = *self.by_file_name.get(&name_key)?;
                    Some(("path", "file name", name_key.1.clone(), index))
                });
            if let Some((field, what, value, index)) = earlier {
                let first = &self.rows[index];
                let message = format!(
                    "{value} is already the {what} of {}:{} ({})",
                    first.file.display(),
                    first.line,
                    first.description.label()
                );
                report.push(
                    Diagnostic::error(file, message)
                        .at(row.line, None)
                        .field(field),
                );
                continue;
            }
            let index = self.rows.len();
            if let Some(key) = id_key {
                self.by_id.insert(key, index);
            }
            self.by_file_name.insert(name_key, index);
            self.rows.push(row);
        }
    }

    /// Every row, in the order read.
    pub fn rows(&self) -> &[FiguresRow] {
        &self.rows
    }

    /// The rows of one description's text.
    pub fn of(&self, description: Description) -> impl Iterator<Item = &FiguresRow> {
        self.rows
            .iter()
            .filter(move |row| row.description == description)
    }

    /// The row of the description with DLP GameRulesets id `id`.
    pub fn by_ruleset_id(&self, description: Description, id: u32) -> Option<&FiguresRow> {
        self.by_id
            .get(&(description, id))
            .map(|&index| &self.rows[index])
    }

    /// The row of the description with file name `name` (`Wari.lud`).
    pub fn by_file_name(&self, description: Description, name: &str) -> Option<&FiguresRow> {
        self.by_file_name
            .get(&(description, name.to_string()))
            .map(|&index| &self.rows[index])
    }

    /// The row that applies to a vendored GameDatabase description named `name`: the
    /// GameDatabase row when its text differs from 1.3.13's (the table has a row for it),
    /// else the 1.3.13 row of the same file name. The row's `description` says which.
    pub fn for_vendored(&self, name: &str) -> Option<&FiguresRow> {
        self.by_file_name(Description::GameDatabase134, name)
            .or_else(|| self.by_file_name(Description::Ludii1313, name))
    }
}

/// The columns every table has, in the order the measurement writes them.
const COLUMNS: [&str; 28] = [
    "description",
    "set",
    "path",
    "game_name",
    "id",
    "players",
    "n_rulesets",
    "stochastic",
    "playouts_requested",
    "playouts_done",
    "stop_reason",
    "mean_moves",
    "sd_moves",
    "min_moves",
    "max_moves",
    "mean_turns",
    "completion",
    "natural_end",
    "move_limit",
    "turn_limit",
    "other_end",
    "over_default_turnlimit",
    "p1_win_share",
    "draw_share",
    "win_counts",
    "mean_ms_per_playout",
    "compile_ms",
    "exception",
];

/// The figures' columns, `mean_moves` to `mean_ms_per_playout`: empty exactly when no playout
/// was played.
const PLAY_COLUMNS: &[&str] = COLUMNS.split_at(11).1.split_at(15).0;

fn read_table(file: &Path, text: &str, report: &mut Report) -> Vec<FiguresRow> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(text.as_bytes());
    let headers = match reader.headers() {
        Ok(headers) => headers.clone(),
        Err(e) => {
            report.push(csv_error(file, text, &e, "the header"));
            return Vec::new();
        }
    };
    let mut columns = BTreeMap::new();
    let mut refused = Vec::new();
    for (index, name) in headers.iter().enumerate() {
        if columns.insert(name.to_string(), index).is_some() {
            refused.push((name.to_string(), "the table has this column twice"));
        }
    }
    for column in COLUMNS {
        if !columns.contains_key(column) {
            refused.push((column.to_string(), "the table has no such column"));
        }
    }
    if !refused.is_empty() {
        for (column, problem) in refused {
            report.push(
                Diagnostic::error(file, format!("{problem}; no row of it is read"))
                    .at(1, None)
                    .field(column),
            );
        }
        return Vec::new();
    }
    let mut rows = Vec::new();
    let mut record = csv::StringRecord::new();
    loop {
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {
                let line = record.position().map_or(0, |p| line_at(text, p));
                let mut cells = Cells {
                    file,
                    line,
                    record: &record,
                    columns: &columns,
                    errors: Vec::new(),
                };
                let row = cells.row();
                if cells.errors.is_empty()
                    && let Some(row) = row
                {
                    rows.push(row);
                } else {
                    report.extend(cells.errors);
                }
            }
            Err(e) => report.push(csv_error(file, text, &e, "the row")),
        }
    }
    rows
}

/// The line a record starts on. csv's own line count is one short in files with CRLF line
/// ends (a record ends at the `\r`, and its `\n` is counted with the next record), so the line
/// is counted from the record's byte offset, past the line end it may start on.
fn line_at(text: &str, position: &csv::Position) -> u64 {
    let from = usize::try_from(position.byte())
        .unwrap_or(usize::MAX)
        .min(text.len());
    let rest = &text.as_bytes()[from..];
    let start = from
        + rest
            .iter()
            .take_while(|b| matches!(b, b'\r' | b'\n'))
            .count();
    let ends = text.as_bytes()[..start].iter().filter(|&&b| b == b'\n');
    1 + ends.count() as u64
}

fn csv_error(file: &Path, text: &str, error: &csv::Error, what: &str) -> Diagnostic {
    let message = match error.kind() {
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => format!("{what} has {len} fields where the header has {expected_len}"),
        _ => format!("{what} cannot be read as CSV: {error}"),
    };
    Diagnostic::error(file, message).at_line(error.position().map(|p| line_at(text, p)))
}

/// One record's cells by column name, collecting every bad value as a diagnostic.
struct Cells<'a> {
    file: &'a Path,
    line: u64,
    record: &'a csv::StringRecord,
    columns: &'a BTreeMap<String, usize>,
    errors: Vec<Diagnostic>,
}

impl Cells<'_> {
    fn text(&self, column: &str) -> &str {
        self.columns
            .get(column)
            .and_then(|&index| self.record.get(index))
            .unwrap_or_default()
    }

    fn fail(&mut self, column: &str, message: String) {
        self.errors.push(
            Diagnostic::error(self.file, message)
                .at(self.line, None)
                .field(column),
        );
    }

    fn parsed<T>(
        &mut self,
        column: &str,
        kind: &str,
        parse: impl Fn(&str) -> Option<T>,
    ) -> Option<T> {
        let value = self.text(column).to_string();
        let parsed = parse(&value);
        if parsed.is_none() {
            self.fail(column, format!("`{value}` is not {kind}"));
        }
        parsed
    }

    fn count<T: FromStr>(&mut self, column: &str) -> Option<T> {
        self.parsed(column, "a whole number", |v| v.parse().ok())
    }

    fn number(&mut self, column: &str) -> Option<f64> {
        self.parsed(column, "a number of at least 0", |v| {
            v.parse::<f64>().ok().filter(|x| x.is_finite() && *x >= 0.0)
        })
    }

    fn share(&mut self, column: &str) -> Option<f64> {
        self.parsed(column, "a share between 0 and 1", |v| {
            v.parse::<f64>().ok().filter(|x| (0.0..=1.0).contains(x))
        })
    }

    fn row(&mut self) -> Option<FiguresRow> {
        let description =
            self.parsed(
                "description",
                "ludii-1.3.13 or gamedatabase-1.3.4",
                |v| match v {
                    "ludii-1.3.13" => Some(Description::Ludii1313),
                    "gamedatabase-1.3.4" => Some(Description::GameDatabase134),
                    _ => None,
                },
            );
        let set = self.parsed("set", "sow, race, war or gdb", |v| match v {
            "sow" => Some(DescriptionSet::Sowing),
            "race" => Some(DescriptionSet::Race),
            "war" => Some(DescriptionSet::War),
            "gdb" => Some(DescriptionSet::GameDatabase),
            _ => None,
        });
        let path = self.parsed("path", "a description's path", |v| {
            (v.ends_with(".lud") && !v.ends_with("/.lud")).then(|| v.to_string())
        });
        let ruleset_id = self.parsed("id", "a DLP GameRulesets id or empty", |v| match v {
            "" => Some(None),
            _ => v.parse::<u32>().ok().map(Some),
        });
        let players = self.count("players");
        let rulesets = self.count("n_rulesets");
        let stochastic = self.parsed("stochastic", "true or false", |v| v.parse::<bool>().ok());
        let playouts_requested = self.count("playouts_requested");
        let playouts_done: Option<u32> = self.count("playouts_done");
        let stop_reason =
            self.parsed(
                "stop_reason",
                "complete, budget_30s or exception",
                |v| match v {
                    "complete" => Some(StopReason::Complete),
                    "budget_30s" => Some(StopReason::Budget),
                    "exception" => Some(StopReason::Exception),
                    _ => None,
                },
            );
        let compile_ms = self.count("compile_ms");
        let play = match playouts_done {
            Some(0) => {
                for column in PLAY_COLUMNS {
                    if !self.text(column).is_empty() {
                        self.fail(column, "a figure for a description never played".into());
                    }
                }
                None
            }
            Some(done) => players.and_then(|players| self.play(done, players)),
            None => None,
        };
        if let (Some(requested), Some(done)) = (playouts_requested, playouts_done)
            && done > requested
        {
            self.fail(
                "playouts_done",
                format!("{done} playouts done of {requested} requested"),
            );
        }
        let exception = Some(self.text("exception"))
            .filter(|e| !e.is_empty())
            .map(str::to_string);
        Some(FiguresRow {
            file: self.file.to_path_buf(),
            line: self.line,
            description: description?,
            set: set?,
            path: path?,
            game_name: self.text("game_name").to_string(),
            ruleset_id: ruleset_id?,
            players: players?,
            rulesets: rulesets?,
            stochastic: stochastic?,
            playouts_requested: playouts_requested?,
            playouts_done: playouts_done?,
            stop_reason: stop_reason?,
            play: if playouts_done? > 0 {
                Some(play?)
            } else {
                None
            },
            compile_ms: compile_ms?,
            exception,
            caps: SHIPPED_CAPS,
        })
    }

    fn play(&mut self, done: u32, players: u32) -> Option<Play> {
        // Every cell is read before any is given up on, so that each bad one is reported.
        let mean_moves = self.number("mean_moves");
        let sd_moves = self.number("sd_moves");
        let min_moves = self.count("min_moves");
        let max_moves = self.count("max_moves");
        let mean_turns = self.number("mean_turns");
        let completion = self.share("completion");
        let natural_end = self.count("natural_end");
        let move_limit = self.count("move_limit");
        let turn_limit = self.count("turn_limit");
        let other_end = self.count("other_end");
        let over_default_turnlimit = self.count("over_default_turnlimit");
        let p1_win_share = self.share("p1_win_share");
        let draw_share = self.share("draw_share");
        let wins = self.wins(players);
        let mean_ms_per_playout = self.number("mean_ms_per_playout");
        let play = Play {
            mean_moves: mean_moves?,
            sd_moves: sd_moves?,
            min_moves: min_moves?,
            max_moves: max_moves?,
            mean_turns: mean_turns?,
            completion: completion?,
            natural_end: natural_end?,
            move_limit: move_limit?,
            turn_limit: turn_limit?,
            other_end: other_end?,
            over_default_turnlimit: over_default_turnlimit?,
            p1_win_share: p1_win_share?,
            draw_share: draw_share?,
            wins: wins?,
            mean_ms_per_playout: mean_ms_per_playout?,
        };
        let ended: u32 = [
            play.natural_end,
            play.move_limit,
            play.turn_limit,
            play.other_end,
        ]
        .iter()
        .sum();
        if ended != done {
            self.fail(
                "natural_end",
                format!("playouts ended by the rules, the caps and otherwise add up to {ended}, not the {done} done"),
            );
        }
        let won = play.wins.none + play.wins.by_player.iter().sum::<u32>();
        if won != done {
            self.fail(
                "win_counts",
                format!("the counts add up to {won}, not the {done} playouts done"),
            );
        }
        Some(play)
    }

    /// `none:N;p1:N;p2:N…`, one count per player in order.
    fn wins(&mut self, players: u32) -> Option<WinCounts> {
        let expected = format!("none:N;p1:N…;p{players}:N");
        self.parsed("win_counts", &expected, |v| {
            let mut parts = v.split(';');
            let none = parts.next()?.strip_prefix("none:")?.parse().ok()?;
            let by_player = parts
                .enumerate()
                .map(|(index, part)| {
                    let (name, count) = part.split_once(':')?;
                    (name == format!("p{}", index + 1)).then_some(())?;
                    count.parse().ok()
                })
                .collect::<Option<Vec<u32>>>()?;
            (by_player.len() == players as usize).then_some(WinCounts { none, by_player })
        })
    }
}
