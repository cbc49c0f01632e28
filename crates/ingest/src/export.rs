//! The DLP's database export (a phpMyAdmin dump, `ludiiGames.sql`) read into records.
//!
//! The dump is parsed by [`crate::sql`]; this module knows the DLP's schema (the tables and
//! columns its guide documents) and maps each row onto the corpus model. What the dump's
//! structure gets wrong (an unknown table or column, a duplicated id, a table missing) is an
//! error and nothing is read from it; what one value gets wrong (an impossible date, a
//! coordinate that is not one, a reference to a row that does not exist) is kept as written in
//! the record's `flags`, reported as a warning with its line and column, and every other
//! record is read as usual.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use corpus::text::{normalize_whitespace, slugify};
use corpus::{
    Diagnostic, Evidence, ExportRef, Flag, Game, HistDate, PortalRuleset, Quotation, Report, Source,
};

use crate::lang::detect_language;
use crate::records::source_of_reference;
use crate::sql::{Dump, Row, SqlValue, Table, read_dump};
use crate::values::{parse_citations, parse_content, parse_list};

/// The file name of the dump inside the export directory.
pub const DUMP_FILE: &str = "ludiiGames.sql";

/// Every table of the DLP's schema and its columns, as its guide and the August 2020 export
/// have them. A table or column outside this list means the dump is not the one this mapping
/// was written for: it is refused rather than half read.
const SCHEMA: &[(&str, &[&str])] = &[
    ("Ages", &["Id", "Age"]),
    ("Categories", &["Id", "Category"]),
    ("Concepts", &["Id", "ShortName", "FullName"]),
    (
        "Evidence",
        &[
            "Id",
            "TypeId",
            "GameId",
            "RulesetId",
            "DateStart",
            "DateStartBC",
            "DateEnd",
            "DateEndBC",
            "Location",
            "KML",
            "Rules",
            "Misc",
            "ConfidenceMultiplier",
            "Username",
            "Verified",
            "DateAdded",
        ],
    ),
    ("EvidenceAges", &["Id", "EvidenceId", "AgeId"]),
    ("EvidenceGenders", &["Id", "EvidenceId", "GenderId"]),
    ("EvidenceLudemeInfos", &["Id", "EvidenceId", "ludemeInfoId"]),
    (
        "EvidenceLudemeplexes",
        &["Id", "EvidenceId", "LudemeplexId"],
    ),
    (
        "EvidenceSocialStatuses",
        &["Id", "EvidenceId", "SocialStatusId"],
    ),
    ("EvidenceSources", &["Id", "SourceId", "EvidenceId"]),
    ("EvidenceSpaces", &["Id", "EvidenceId", "SpaceId"]),
    ("EvidenceTypes", &["Id", "EvidenceType"]),
    (
        "EvidenceUncertaintyFactors",
        &["Id", "EvidenceId", "UncertaintyFactorId"],
    ),
    ("GameCategories", &["Id", "GameId", "CategoryId"]),
    ("GamePeriods", &["Id", "GameId", "PeriodId"]),
    ("GameRegions", &["Id", "GameId", "RegionId"]),
    (
        "GameRulesets",
        &[
            "Id",
            "GameId",
            "Name",
            "NativeName",
            "Summary",
            "Type",
            "Description",
            "Rules",
            "Reference",
            "Origin",
            "Author",
            "Publisher",
            "Date",
            "OriginPoint",
            "EvidenceRange",
        ],
    ),
    (
        "Games",
        &[
            "Id",
            "Name",
            "NativeName",
            "Description",
            "MainRuleset",
            "LudiiRuleset",
            "Reference",
            "Origin",
            "DLPGame",
            "PublicGame",
            "knownAliases",
            "Author",
            "Publisher",
            "Date",
            "ProprietaryGame",
            "Credit",
            "SeeAlso",
            "BGGId",
            "OriginPoint",
            "EvidenceRange",
        ],
    ),
    ("GameSources", &["Id", "SourceId", "GameId"]),
    ("Genders", &["Id", "Gender"]),
    ("LudemeInfos", &["Id", "LudemeInfo"]),
    ("LudemeplexConcepts", &["Id", "LudemeplexId", "ConceptId"]),
    ("Ludemeplexes", &["Id", "Description"]),
    ("LudemeplexLudemes", &["Id", "LudemeplexId", "LudemeId"]),
    ("LudemeplexMathKeywords", &["Id", "LudemeplexId", "MathId"]),
    ("Ludemes", &["Id", "ShortName", "FullName"]),
    ("MatchGamePairings", &["Id", "ParentId", "ChildId"]),
    ("MathKeywords", &["Id", "ShortName", "FullName"]),
    ("Periods", &["Id", "Period"]),
    ("Regions", &["Id", "Region", "Continent", "Direction"]),
    ("RulesetLudemeplexes", &["Id", "RulesetId", "LudemeplexId"]),
    ("RulesetPeriods", &["Id", "RulesetId", "PeriodId"]),
    ("RulesetRegions", &["Id", "RulesetId", "RegionId"]),
    ("RulesetTypes", &["Id", "Name"]),
    ("SocialStatuses", &["Id", "SocialStatus"]),
    ("Sources", &["Id", "Source", "URL"]),
    ("Spaces", &["Id", "Space"]),
    ("UncertaintyFactors", &["Id", "UncertaintyFactor"]),
];

/// Columns of Evidence and Games with no slot in the model, kept in `other_fields` when set.
/// Evidence.Username is left out on purpose: it names the DLP member who typed the row.
const GAME_EXTRA_COLUMNS: &[&str] = &[
    "Reference",
    "MainRuleset",
    "LudiiRuleset",
    "Author",
    "Publisher",
    "Date",
    "Credit",
    "SeeAlso",
    "BGGId",
    "OriginPoint",
];
const RULESET_EXTRA_COLUMNS: &[&str] = &[
    "NativeName",
    "Author",
    "Publisher",
    "Date",
    "OriginPoint",
    "EvidenceRange",
];

/// The records of an export, ready to be assembled with those of the saved pages.
#[derive(Clone, Debug, Default)]
pub struct ExportRecords {
    /// Evidence records.
    pub evidence: Vec<Evidence>,
    /// Portal rulesets.
    pub rulesets: Vec<PortalRuleset>,
    /// Games.
    pub games: Vec<Game>,
    /// Sources.
    pub sources: Vec<Source>,
}

/// Reads a dump. `shown` is the path used in messages, `file` the name kept in the records.
/// Structural errors go to `report` and nothing is returned; flagged values are warnings.
pub fn read_export(
    shown: &Path,
    file: &str,
    text: &str,
    report: &mut Report,
) -> Option<ExportRecords> {
    let dump = match read_dump(text) {
        Ok(dump) => dump,
        Err(error) => {
            let mut diagnostic = Diagnostic::error(shown, error.message);
            if error.line > 0 {
                diagnostic = diagnostic.at(error.line, error.column);
            }
            report.push(diagnostic);
            return None;
        }
    };
    let before = report.diagnostics.len();
    check_schema(&dump, shown, report);
    if report.diagnostics[before..]
        .iter()
        .any(Diagnostic::is_error)
    {
        return None;
    }
    let reader = Reader {
        dump: &dump,
        shown,
        file,
    };
    let records = reader.records(report);
    if report.diagnostics[before..]
        .iter()
        .any(Diagnostic::is_error)
    {
        None
    } else {
        Some(records)
    }
}

fn check_schema(dump: &Dump, shown: &Path, report: &mut Report) {
    let expected: BTreeMap<&str, &[&str]> = SCHEMA.iter().copied().collect();
    for (name, table) in &dump.tables {
        let Some(columns) = expected.get(name.as_str()) else {
            report.push(
                Diagnostic::error(
                    shown,
                    format!("the table `{name}` is not part of the DLP's schema"),
                )
                .at(table.line, None),
            );
            continue;
        };
        for column in &table.columns {
            if !columns.contains(&column.as_str()) {
                report.push(
                    Diagnostic::error(
                        shown,
                        format!("the table `{name}` has the column `{column}`, which the DLP's schema does not"),
                    )
                    .at(table.line, None)
                    .field(format!("{name}.{column}")),
                );
            }
        }
        for column in columns.iter() {
            if table.column(column).is_none() {
                report.push(
                    Diagnostic::error(
                        shown,
                        format!("the table `{name}` lacks the column `{column}`"),
                    )
                    .at(table.line, None)
                    .field(format!("{name}.{column}")),
                );
            }
        }
        let mut seen: BTreeMap<&str, u64> = BTreeMap::new();
        let id = table.column("Id");
        for row in &table.rows {
            let Some(value) = id.map(|i| &row.values[i]) else {
                break;
            };
            let SqlValue::Number(number) = value else {
                report.push(
                    Diagnostic::error(
                        shown,
                        format!("`{name}`.`Id` is {:?}, not a number", value.as_written()),
                    )
                    .at(row.line, None)
                    .field(format!("{name}.Id")),
                );
                continue;
            };
            if let Some(first) = seen.insert(number, row.line) {
                report.push(
                    Diagnostic::error(
                        shown,
                        format!("`{name}` has the id {number} twice (first at line {first})"),
                    )
                    .at(row.line, None)
                    .field(format!("{name}.Id")),
                );
            }
        }
    }
    for (name, _) in SCHEMA {
        if !dump.tables.contains_key(*name) {
            report.push(Diagnostic::error(
                shown,
                format!("the dump has no table `{name}`"),
            ));
        }
    }
}

/// One row of a table, read column by column.
struct Cells<'a> {
    table: &'a Table,
    row: &'a Row,
}

impl<'a> Cells<'a> {
    fn value(&self, column: &str) -> &'a SqlValue {
        // The schema check has made sure every column is there.
        &self.row.values[self.table.column(column).expect("column checked")]
    }

    /// A text value, whitespace normalised; `None` for NULL or blank.
    fn text(&self, column: &str) -> Option<String> {
        match self.value(column) {
            SqlValue::Null => None,
            value => Some(normalize_whitespace(&value.as_written())).filter(|t| !t.is_empty()),
        }
    }

    fn number(&self, column: &str) -> Option<i64> {
        match self.value(column) {
            SqlValue::Number(n) => n.parse().ok(),
            SqlValue::Text(t) => t.trim().parse().ok(),
            SqlValue::Null => None,
        }
    }

    fn id(&self) -> i64 {
        self.number("Id").expect("ids checked")
    }
}

struct Reader<'a> {
    dump: &'a Dump,
    shown: &'a Path,
    file: &'a str,
}

/// Names of a lookup table (`Ages`: id → "Adult").
type Names = BTreeMap<i64, String>;
/// A junction table: owner id → linked ids with the junction row's line, in row order.
type Links = BTreeMap<i64, Vec<(i64, u64)>>;

/// Collects flagged values of one record and reports each.
struct Flags<'r> {
    flags: Vec<Flag>,
    report: &'r mut Report,
    shown: &'r Path,
    file: &'r str,
    record: String,
}

impl Flags<'_> {
    fn flag(
        &mut self,
        line: u64,
        column: &str,
        field: &str,
        value: String,
        problem: impl Into<String>,
    ) {
        let problem = problem.into();
        self.report.push(
            Diagnostic::warning(
                self.shown,
                format!("{}: {problem}; kept as written ({value:?})", self.record),
            )
            .at(line, None)
            .field(column),
        );
        self.flags.push(Flag {
            field: field.to_string(),
            value,
            problem,
            at: format!("{}:{line} ({column})", self.file),
        });
    }
}

impl<'a> Reader<'a> {
    fn table(&self, name: &str) -> &'a Table {
        &self.dump.tables[name]
    }

    fn rows(&self, name: &str) -> impl Iterator<Item = Cells<'a>> {
        let table = self.table(name);
        table.rows.iter().map(move |row| Cells { table, row })
    }

    fn export_ref(&self, cells: &Cells<'_>) -> ExportRef {
        ExportRef {
            file: self.file.to_string(),
            line: cells.row.line,
        }
    }

    fn names(&self, table: &str, column: &str) -> Names {
        self.rows(table)
            .filter_map(|cells| Some((cells.id(), cells.text(column)?)))
            .collect()
    }

    fn links(&self, table: &str, owner: &str, linked: &str) -> Links {
        let mut links = Links::new();
        for cells in self.rows(table) {
            if let (Some(o), Some(l)) = (cells.number(owner), cells.number(linked)) {
                links.entry(o).or_default().push((l, cells.row.line));
            }
        }
        links
    }

    /// The names a record links to through a junction table; a link to a missing name is
    /// flagged.
    #[allow(clippy::too_many_arguments)]
    fn linked_names(
        &self,
        links: &Links,
        names: &Names,
        owner: i64,
        junction: &str,
        field: &str,
        flags: &mut Flags<'_>,
    ) -> Vec<String> {
        let mut out = Vec::new();
        for (id, line) in links.get(&owner).into_iter().flatten() {
            match names.get(id) {
                Some(name) if !out.contains(name) => out.push(name.clone()),
                Some(_) => {}
                None => flags.flag(
                    *line,
                    junction,
                    field,
                    id.to_string(),
                    format!("links to no row of the table it names ({junction})"),
                ),
            }
        }
        out
    }

    fn records(&self, report: &mut Report) -> ExportRecords {
        let mut out = ExportRecords::default();
        let sources = self.sources(&mut out);
        let game_keys: BTreeMap<i64, (String, String)> = self
            .rows("Games")
            .filter_map(|cells| {
                let name = cells.text("Name")?;
                Some((cells.id(), (slugify(&name), name)))
            })
            .collect();
        let ruleset_ids: BTreeSet<i64> = self.rows("GameRulesets").map(|c| c.id()).collect();
        self.games(&game_keys, &sources, &mut out, report);
        self.rulesets(&game_keys, &mut out, report);
        self.evidence(&game_keys, &ruleset_ids, &sources, &mut out, report);
        out
    }

    /// Sources, keyed by first author and year; where two works share both, the year's
    /// letter ("1971a") tells them apart, else the first words of the title.
    fn sources(&self, out: &mut ExportRecords) -> BTreeMap<i64, String> {
        let read: Vec<(i64, Source)> = self
            .rows("Sources")
            .filter_map(|cells| {
                let reference = cells.text("Source")?;
                let mut source = source_of_reference(&reference);
                source.url = cells.text("URL");
                source.export = Some(self.export_ref(&cells));
                Some((cells.id(), source))
            })
            .collect();
        let mut by_key: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (index, (_, source)) in read.iter().enumerate() {
            by_key.entry(source.key.clone()).or_default().push(index);
        }
        let mut keys: Vec<String> = read.iter().map(|(_, s)| s.key.clone()).collect();
        for (base, indices) in &by_key {
            if indices.len() < 2 {
                continue;
            }
            for &index in indices {
                let source = &read[index].1;
                let letter = source
                    .reference
                    .as_deref()
                    .and_then(|r| year_letter(r, source.year?));
                keys[index] = match letter {
                    Some(letter) => format!("{base}{letter}"),
                    None => base.clone(),
                };
            }
            let mut count: BTreeMap<&str, usize> = BTreeMap::new();
            for &index in indices {
                *count.entry(keys[index].as_str()).or_default() += 1;
            }
            let still: BTreeSet<String> = count
                .into_iter()
                .filter(|(_, n)| *n > 1)
                .map(|(k, _)| k.to_string())
                .collect();
            for &index in indices {
                if still.contains(&keys[index]) {
                    let words: Vec<String> = read[index]
                        .1
                        .title
                        .as_deref()
                        .map(|t| slugify(t).split('-').take(3).map(str::to_string).collect())
                        .unwrap_or_default();
                    keys[index] = if words.is_empty() {
                        format!("{}-{}", keys[index], read[index].0)
                    } else {
                        format!("{}-{}", keys[index], words.join("-"))
                    };
                }
            }
        }
        let mut ids = BTreeMap::new();
        let mut taken = BTreeSet::new();
        for ((id, mut source), mut key) in read.into_iter().zip(keys) {
            if !taken.insert(key.clone()) {
                key = format!("{key}-{id}");
                taken.insert(key.clone());
            }
            source.key = key.clone();
            ids.insert(id, key);
            out.sources.push(source);
        }
        ids
    }

    fn games(
        &self,
        game_keys: &BTreeMap<i64, (String, String)>,
        sources: &BTreeMap<i64, String>,
        out: &mut ExportRecords,
        report: &mut Report,
    ) {
        let categories = self.names("Categories", "Category");
        let periods = self.names("Periods", "Period");
        let regions = self.names("Regions", "Region");
        let game_categories = self.links("GameCategories", "GameId", "CategoryId");
        let game_periods = self.links("GamePeriods", "GameId", "PeriodId");
        let game_regions = self.links("GameRegions", "GameId", "RegionId");
        let game_sources = self.links("GameSources", "GameId", "SourceId");
        let source_names: Names = sources.clone();
        for cells in self.rows("Games") {
            let id = cells.id();
            let Some((key, name)) = game_keys.get(&id).cloned() else {
                report.push(
                    Diagnostic::warning(self.shown, "a game without a name is left out")
                        .at(cells.row.line, None)
                        .field("Games.Name"),
                );
                continue;
            };
            let mut flags = Flags {
                flags: vec![],
                report,
                shown: self.shown,
                file: self.file,
                record: format!("DLP.Games.{id}"),
            };
            let mut game = Game {
                key,
                name,
                native_name: cells.text("NativeName"),
                aliases: cells
                    .text("knownAliases")
                    .map(|a| parse_list(&a))
                    .unwrap_or_default(),
                dlp_id: Some(format!("DLP.Games.{id}")),
                description: cells.text("Description"),
                origin: cells.text("Origin"),
                export: Some(self.export_ref(&cells)),
                ..Game::default()
            };
            game.categories = self.linked_names(
                &game_categories,
                &categories,
                id,
                "GameCategories",
                "categories",
                &mut flags,
            );
            game.periods = self.linked_names(
                &game_periods,
                &periods,
                id,
                "GamePeriods",
                "periods",
                &mut flags,
            );
            game.regions = self.linked_names(
                &game_regions,
                &regions,
                id,
                "GameRegions",
                "regions",
                &mut flags,
            );
            game.sources = self.linked_names(
                &game_sources,
                &source_names,
                id,
                "GameSources",
                "sources",
                &mut flags,
            );
            if let Some(range) = cells.text("EvidenceRange") {
                match evidence_range(&range) {
                    Ok(range) => game.evidence_range = Some(range),
                    Err(problem) => flags.flag(
                        cells.row.line,
                        "Games.EvidenceRange",
                        "evidence_range",
                        range,
                        problem,
                    ),
                }
            }
            for column in GAME_EXTRA_COLUMNS {
                if let Some(value) = cells.text(column) {
                    game.other_fields.insert((*column).to_string(), value);
                }
            }
            for (column, default) in [("DLPGame", 1), ("PublicGame", 1), ("ProprietaryGame", 0)] {
                if let Some(value) = cells.number(column)
                    && value != default
                {
                    game.other_fields
                        .insert(column.to_string(), value.to_string());
                }
            }
            game.flags = flags.flags;
            out.games.push(game);
        }
    }

    fn rulesets(
        &self,
        game_keys: &BTreeMap<i64, (String, String)>,
        out: &mut ExportRecords,
        report: &mut Report,
    ) {
        let types = self.names("RulesetTypes", "Name");
        let periods = self.names("Periods", "Period");
        let regions = self.names("Regions", "Region");
        let ruleset_periods = self.links("RulesetPeriods", "RulesetId", "PeriodId");
        let ruleset_regions = self.links("RulesetRegions", "RulesetId", "RegionId");
        for cells in self.rows("GameRulesets") {
            let id = cells.id();
            let mut flags = Flags {
                flags: vec![],
                report,
                shown: self.shown,
                file: self.file,
                record: format!("DLP.GameRulesets.{id}"),
            };
            let game = cells.number("GameId");
            let (game_key, game_name) = match game.and_then(|g| game_keys.get(&g)) {
                Some((key, name)) => (Some(key.clone()), Some(name.clone())),
                None => {
                    flags.flag(
                        cells.row.line,
                        "GameRulesets.GameId",
                        "game",
                        cells.value("GameId").as_written(),
                        "names no game of the Games table",
                    );
                    (None, None)
                }
            };
            let kind = cells.number("Type").and_then(|t| types.get(&t).cloned());
            if kind.is_none() {
                flags.flag(
                    cells.row.line,
                    "GameRulesets.Type",
                    "type",
                    cells.value("Type").as_written(),
                    "names no row of RulesetTypes",
                );
            }
            let mut ruleset = PortalRuleset {
                id: format!("DLP.GameRulesets.{id}"),
                name: cells.text("Name").unwrap_or_else(|| "Default".into()),
                kind,
                game: game_key,
                game_name,
                summary: cells.text("Summary"),
                description: cells.text("Description"),
                rules: cells.text("Rules"),
                origin: cells.text("Origin"),
                export: Some(self.export_ref(&cells)),
                ..PortalRuleset::default()
            };
            ruleset.periods = self.linked_names(
                &ruleset_periods,
                &periods,
                id,
                "RulesetPeriods",
                "periods",
                &mut flags,
            );
            ruleset.regions = self.linked_names(
                &ruleset_regions,
                &regions,
                id,
                "RulesetRegions",
                "regions",
                &mut flags,
            );
            if let Some(reference) = cells.text("Reference") {
                let citations = parse_citations(&reference);
                if citations.is_empty() {
                    ruleset.other_fields.insert("Reference".into(), reference);
                } else {
                    ruleset.references = citations;
                }
            }
            for column in RULESET_EXTRA_COLUMNS {
                if let Some(value) = cells.text(column) {
                    ruleset.other_fields.insert((*column).to_string(), value);
                }
            }
            ruleset.flags = flags.flags;
            out.rulesets.push(ruleset);
        }
    }

    fn evidence(
        &self,
        game_keys: &BTreeMap<i64, (String, String)>,
        ruleset_ids: &BTreeSet<i64>,
        sources: &BTreeMap<i64, String>,
        out: &mut ExportRecords,
        report: &mut Report,
    ) {
        let types = self.names("EvidenceTypes", "EvidenceType");
        let lookups = [
            ("EvidenceAges", "AgeId", self.names("Ages", "Age"), "ages"),
            (
                "EvidenceGenders",
                "GenderId",
                self.names("Genders", "Gender"),
                "genders",
            ),
            (
                "EvidenceSocialStatuses",
                "SocialStatusId",
                self.names("SocialStatuses", "SocialStatus"),
                "social_status",
            ),
            (
                "EvidenceSpaces",
                "SpaceId",
                self.names("Spaces", "Space"),
                "spaces",
            ),
            (
                "EvidenceUncertaintyFactors",
                "UncertaintyFactorId",
                self.names("UncertaintyFactors", "UncertaintyFactor"),
                "uncertainty_factors",
            ),
            ("EvidenceSources", "SourceId", sources.clone(), "sources"),
        ];
        let links: Vec<_> = lookups
            .iter()
            .map(|(junction, column, _, _)| self.links(junction, "EvidenceId", column))
            .collect();
        for cells in self.rows("Evidence") {
            let id = cells.id();
            let line = cells.row.line;
            let mut flags = Flags {
                flags: vec![],
                report,
                shown: self.shown,
                file: self.file,
                record: format!("DLP.Evidence.{id}"),
            };
            let mut record = Evidence {
                id: format!("DLP.Evidence.{id}"),
                export: Some(self.export_ref(&cells)),
                ..Evidence::default()
            };
            match cells.number("TypeId").and_then(|t| types.get(&t)) {
                Some(kind) => record.kind = Some(kind.clone()),
                None => flags.flag(
                    line,
                    "Evidence.TypeId",
                    "type",
                    cells.value("TypeId").as_written(),
                    "names no row of EvidenceTypes",
                ),
            }
            match cells.number("GameId").and_then(|g| game_keys.get(&g)) {
                Some((key, name)) => {
                    record.game = Some(key.clone());
                    record.game_name = Some(name.clone());
                }
                None => flags.flag(
                    line,
                    "Evidence.GameId",
                    "game",
                    cells.value("GameId").as_written(),
                    "names no game of the Games table",
                ),
            }
            if let Some(ruleset) = cells.number("RulesetId") {
                if ruleset_ids.contains(&ruleset) {
                    record.ruleset = Some(format!("DLP.GameRulesets.{ruleset}"));
                } else {
                    flags.flag(
                        line,
                        "Evidence.RulesetId",
                        "ruleset",
                        ruleset.to_string(),
                        "names no row of GameRulesets",
                    );
                }
            }
            self.date(&cells, &mut record, &mut flags);
            if let Some(location) = cells.text("Location") {
                match corpus::geo::parse_location(&location) {
                    Ok(parsed) => record.location = Some(parsed),
                    Err(problem) => {
                        flags.flag(line, "Evidence.Location", "location", location, problem)
                    }
                }
            }
            if let Some(kml) = cells.text("KML") {
                record.regions = kml
                    .split(';')
                    .map(str::trim)
                    .filter(|r| !r.is_empty())
                    .map(str::to_string)
                    .collect();
            }
            record.rules = cells.text("Rules");
            if let SqlValue::Text(misc) = cells.value("Misc") {
                record.quotation = content_of_misc(misc);
            }
            match cells.value("ConfidenceMultiplier") {
                SqlValue::Null => {}
                value => match cells.number("ConfidenceMultiplier") {
                    Some(c) if (0..=100).contains(&c) => record.confidence = Some(c as u32),
                    _ => flags.flag(
                        line,
                        "Evidence.ConfidenceMultiplier",
                        "confidence",
                        value.as_written(),
                        "is not a confidence between 0 and 100",
                    ),
                },
            }
            for ((junction, _, names, field), links) in lookups.iter().zip(&links) {
                let values = self.linked_names(links, names, id, junction, field, &mut flags);
                let slot = match *field {
                    "ages" => &mut record.ages,
                    "genders" => &mut record.genders,
                    "social_status" => &mut record.social_status,
                    "spaces" => &mut record.spaces,
                    "uncertainty_factors" => &mut record.uncertainty_factors,
                    _ => &mut record.sources,
                };
                *slot = values;
            }
            if cells.number("Verified") == Some(0) {
                record.other_fields.insert("Verified".into(), "no".into());
            }
            // MySQL writes "no time" as the zero timestamp; that is not a date to keep.
            if let Some(added) = cells.text("DateAdded")
                && !added.starts_with("0000-00-00")
            {
                record.other_fields.insert("DateAdded".into(), added);
            }
            record.flags = flags.flags;
            out.evidence.push(record);
        }
    }

    /// DateStart/DateStartBC and DateEnd/DateEndBC into a range. A record with one end only
    /// is flagged: DLP's own analyses fill the other end from the game's other evidence,
    /// which is an analysis, not what the record says.
    fn date(&self, cells: &Cells<'_>, record: &mut Evidence, flags: &mut Flags<'_>) {
        let line = cells.row.line;
        // The value as the dump writes it: the date and, for BC, its flag.
        let written = |date: &str, bc: &str| -> Option<String> {
            let text = cells.text(date)?;
            Some(if cells.number(bc).unwrap_or(0) != 0 {
                format!("{text} BC")
            } else {
                text
            })
        };
        let mut end = |date: &str, bc: &str| -> Option<HistDate> {
            let text = cells.text(date)?;
            let bce = cells.number(bc).unwrap_or(0) != 0;
            match parse_sql_date(&text, bce) {
                Ok(d) => Some(d),
                Err(problem) => {
                    let value = written(date, bc).unwrap_or_default();
                    flags.flag(line, &format!("Evidence.{date}"), "date", value, problem);
                    None
                }
            }
        };
        let start = end("DateStart", "DateStartBC");
        let finish = end("DateEnd", "DateEndBC");
        let range = || {
            format!(
                "{} to {}",
                written("DateStart", "DateStartBC").unwrap_or_else(|| "NULL".into()),
                written("DateEnd", "DateEndBC").unwrap_or_else(|| "NULL".into())
            )
        };
        match (start, finish) {
            (Some(start), Some(end)) if start <= end => {
                record.date = Some(corpus::DateRange {
                    start,
                    end,
                    approximate: false,
                });
            }
            (Some(_), Some(_)) => flags.flag(
                line,
                "Evidence.DateStart",
                "date",
                range(),
                "the range ends before it starts",
            ),
            (Some(_), None) if cells.text("DateEnd").is_none() => flags.flag(
                line,
                "Evidence.DateEnd",
                "date",
                range(),
                "only the start is given",
            ),
            (None, Some(_)) if cells.text("DateStart").is_none() => flags.flag(
                line,
                "Evidence.DateStart",
                "date",
                range(),
                "only the end is given",
            ),
            _ => {}
        }
    }
}

/// `'1292-01-01'` with its BC flag into an astronomical date (1292 BCE is year -1291).
fn parse_sql_date(text: &str, bce: bool) -> Result<HistDate, String> {
    let mut parts = text.splitn(3, '-');
    let (Some(y), Some(m), Some(d)) = (parts.next(), parts.next(), parts.next()) else {
        return Err("is not a date of the form YYYY-MM-DD".into());
    };
    let (Ok(year), Ok(month), Ok(day)) = (y.parse::<i32>(), m.parse::<u8>(), d.parse::<u8>())
    else {
        return Err("is not a date of the form YYYY-MM-DD".into());
    };
    if year == 0 {
        return Err("has the year 0, which neither era has".into());
    }
    let year = if bce { 1 - year } else { year };
    HistDate::new(year, month, day)
}

/// Games.EvidenceRange: "start,end" in years after 3500 BCE (the guide: 1500 BCE is 2000,
/// 600 CE is 4100), so a value v is the historian's year v − 3500, BCE when negative.
fn evidence_range(text: &str) -> Result<corpus::DateRange, String> {
    let (a, b) = text
        .split_once(',')
        .ok_or("is not two years after 3500 BCE separated by a comma")?;
    let year = |v: &str| -> Result<i32, String> {
        let v: i32 = v
            .trim()
            .parse()
            .map_err(|_| format!("{v:?} is not a number of years"))?;
        let historian = v - 3500;
        // Astronomical numbering: 1 BCE is year 0.
        Ok(if historian < 0 {
            historian + 1
        } else {
            historian.max(1)
        })
    };
    let (start, end) = (year(a)?, year(b)?);
    if start > end {
        return Err("ends before it starts".into());
    }
    Ok(corpus::DateRange {
        start: HistDate::first_of_year(start),
        end: HistDate::last_of_year(end),
        approximate: false,
    })
}

/// The letter after the year in a reference ("Pankhurst, R. 1971a."), if any.
fn year_letter(reference: &str, year: i32) -> Option<char> {
    let year = year.to_string();
    let at = reference.find(&year)? + year.len();
    reference[at..]
        .chars()
        .next()
        .filter(|c| c.is_ascii_lowercase())
}

/// Evidence.Misc: a quotation with its citation, or a description of the evidence whose last
/// paragraph or sentence is its citation ("Quibbell 1913: 17-20, Pl. 11, 16."). The citation
/// is split off and kept; the text is whitespace-normalised as every page text is.
pub fn content_of_misc(misc: &str) -> Option<Quotation> {
    let normalized = normalize_whitespace(misc);
    if normalized.is_empty() {
        return None;
    }
    let parts = parse_content(misc);
    if !parts.citations.is_empty() || parts.intro.is_some() {
        let language = detect_language(&parts.text);
        return Some(Quotation {
            intro: parts.intro,
            text: parts.text,
            language,
            citations: parts.citations,
        });
    }
    let (text, citations) = split_trailing_citation(misc);
    let language = detect_language(&text);
    Some(Quotation {
        intro: None,
        text,
        language,
        citations,
    })
}

fn split_trailing_citation(misc: &str) -> (String, Vec<corpus::Citation>) {
    let trimmed = misc.trim_end();
    let whole = || (normalize_whitespace(trimmed), vec![]);
    let candidates = [
        trimmed.rfind(['\n', '\r']).map(|at| at + 1),
        trimmed.trim_end_matches('.').rfind(". ").map(|at| at + 2),
    ];
    for start in candidates.into_iter().flatten() {
        let tail = trimmed[start..].trim();
        let head = normalize_whitespace(&trimmed[..start]);
        if tail.is_empty() || head.is_empty() {
            continue;
        }
        let parts = tail.trim_end_matches('.').split(';').count();
        let citations = parse_citations(tail);
        if !citations.is_empty() && citations.len() == parts {
            return (head, citations);
        }
    }
    whole()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bc_dates_use_astronomical_years() {
        assert_eq!(parse_sql_date("1292-01-01", true).unwrap().year, -1291);
        assert_eq!(parse_sql_date("1694-12-31", false).unwrap().year, 1694);
        assert!(parse_sql_date("1694-02-30", false).is_err());
        assert!(parse_sql_date("0000-00-00", false).is_err());
    }

    #[test]
    fn evidence_ranges_count_from_3500_bce() {
        let range = evidence_range("2000,4100").unwrap();
        assert_eq!(range.start.era_year(), "1500 BCE");
        assert_eq!(range.end.era_year(), "600 CE");
        assert!(evidence_range("4100,2000").is_err());
        assert!(evidence_range("x").is_err());
    }

    #[test]
    fn a_description_keeps_its_citation_apart() {
        let q = content_of_misc(
            "Painting of Senet board in tomb of Hesy-Re.\r\n\r\nQuibbell 1913: 17-20, Pl. 11, 16.",
        )
        .unwrap();
        assert_eq!(q.text, "Painting of Senet board in tomb of Hesy-Re.");
        assert_eq!(q.citations.len(), 1);
        assert_eq!(q.citations[0].author, "Quibbell");
        assert_eq!(q.citations[0].pages.as_deref(), Some("17-20, Pl. 11, 16"));

        let quoted = content_of_misc("\"De ludo Kioz.\" Hyde 1694: 223-224.").unwrap();
        assert_eq!(quoted.text, "De ludo Kioz.");
        assert_eq!(quoted.citations[0].text, "Hyde 1694: 223-224");

        let plain = content_of_misc("A board scratched on a step. No one knows more.").unwrap();
        assert!(plain.citations.is_empty());
        assert_eq!(
            plain.text,
            "A board scratched on a step. No one knows more."
        );
    }

    #[test]
    fn year_letters_tell_works_apart() {
        assert_eq!(
            year_letter("Pankhurst, R. 1971a. History.", 1971),
            Some('a')
        );
        assert_eq!(year_letter("Pankhurst, R. 1971. Gabata.", 1971), None);
    }
}
