//! Tidy tables: one CSV file per kind of entity, one row per entity, and the data dictionary,
//! both rendered from the same column definitions so that they cannot disagree.

use std::collections::BTreeMap;

use corpus::{Corpus, DateRange, Evidence, ExecutableRuleset, Game, PortalRuleset, Source};
use verify::claims::ClaimResult;
use verify::coverage::CoveredClause;
use verify::report::Verification;

/// What a column holds, as the data dictionary states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Free text.
    Text,
    /// A whole number.
    Integer,
    /// A decimal number.
    Number,
    /// An ISO 8601 date; years before 1 CE are astronomical (-0499 is 500 BCE).
    Date,
    /// `true` or `false`.
    Boolean,
    /// Values separated by "; ".
    List,
}

impl Kind {
    /// The kind's name in the data dictionary.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Text => "text",
            Kind::Integer => "integer",
            Kind::Number => "number",
            Kind::Date => "date (ISO 8601, astronomical years)",
            Kind::Boolean => "boolean (true/false)",
            Kind::List => "list (separated by \"; \")",
        }
    }
}

/// One column: its name, what it holds, which fields of the model it is read from, and how.
pub struct Column<T> {
    /// The column's header.
    pub name: &'static str,
    /// What it holds.
    pub kind: Kind,
    /// What it means, for the data dictionary.
    pub meaning: &'static str,
    /// The model's fields (serde names) the column draws on.
    pub fields: &'static [&'static str],
    /// Its value for one row.
    pub value: fn(&T, &Context<'_>) -> String,
}

/// What a row may need beyond its own record.
pub struct Context<'a> {
    /// The corpus.
    pub corpus: &'a Corpus,
    /// The executable rulesets implementing each record.
    pub executable: BTreeMap<&'a str, Vec<&'a str>>,
}

/// A table: its file, what a row is, its columns.
pub struct Table<T: 'static> {
    /// The table's file name.
    pub file: &'static str,
    /// What one row is.
    pub row: &'static str,
    /// Its columns, in order.
    pub columns: &'static [Column<T>],
}

impl<T> Table<T> {
    /// The table as CSV (RFC 4180: CRLF line ends, fields quoted where they must be).
    pub fn csv<'a>(&self, rows: impl IntoIterator<Item = &'a T>, context: &Context<'_>) -> String
    where
        T: 'a,
    {
        let mut out = String::new();
        let header: Vec<&str> = self.columns.iter().map(|c| c.name).collect();
        write_row(&mut out, header.iter().copied());
        for row in rows {
            let values: Vec<String> = self
                .columns
                .iter()
                .map(|c| (c.value)(row, context))
                .collect();
            write_row(&mut out, values.iter().map(String::as_str));
        }
        out
    }
}

fn write_row<'a>(out: &mut String, values: impl Iterator<Item = &'a str>) {
    for (i, value) in values.enumerate() {
        if i > 0 {
            out.push(',');
        }
        if value.contains([',', '"', '\n', '\r']) || value.starts_with(' ') || value.ends_with(' ')
        {
            out.push('"');
            out.push_str(&value.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(value);
        }
    }
    out.push_str("\r\n");
}

fn list<S: std::borrow::Borrow<str>>(items: &[S]) -> String {
    items.join("; ")
}

fn opt(value: &Option<String>) -> String {
    value.clone().unwrap_or_default()
}

fn date_start(date: &Option<DateRange>) -> String {
    date.as_ref()
        .map(|d| d.start.to_string())
        .unwrap_or_default()
}

fn date_end(date: &Option<DateRange>) -> String {
    date.as_ref().map(|d| d.end.to_string()).unwrap_or_default()
}

/// A game's evidence range, none when it is the DLP's placeholder for "no date".
fn dated(range: &Option<DateRange>) -> Option<DateRange> {
    range.clone().filter(|r| !r.is_dlp_placeholder())
}

fn pairs(map: &BTreeMap<String, String>) -> String {
    map.iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("; ")
}

/// `evidence.csv`: one row per evidence record.
pub static EVIDENCE: Table<Evidence> = Table {
    file: "evidence.csv",
    row: "one evidence record (DLP.Evidence.N)",
    columns: &[
        Column {
            name: "id",
            kind: Kind::Text,
            meaning: "The DLP's identifier of the record.",
            fields: &["id"],
            value: |e, _| e.id.clone(),
        },
        Column {
            name: "type",
            kind: Kind::Text,
            meaning: "The kind of evidence (artifact, contemporary rule description, …).",
            fields: &["type"],
            value: |e, _| opt(&e.kind),
        },
        Column {
            name: "game",
            kind: Kind::Text,
            meaning: "Key of the game (games.csv `key`).",
            fields: &["game"],
            value: |e, _| opt(&e.game),
        },
        Column {
            name: "game_name",
            kind: Kind::Text,
            meaning: "The game's name as the record gives it.",
            fields: &["game_name"],
            value: |e, _| opt(&e.game_name),
        },
        Column {
            name: "date_start",
            kind: Kind::Date,
            meaning: "Earliest date the evidence may come from.",
            fields: &["date"],
            value: |e, _| date_start(&e.date),
        },
        Column {
            name: "date_end",
            kind: Kind::Date,
            meaning: "Latest date the evidence may come from.",
            fields: &["date"],
            value: |e, _| date_end(&e.date),
        },
        Column {
            name: "date",
            kind: Kind::Text,
            meaning: "The date range as a historian writes it, at the precision the record has: a year (\"1190 BCE\"), a range of years (\"2592 BCE – 2566 BCE\"), a century (\"13th century\"), a month or a day; DLP writes a year as its 1 January.",
            fields: &["date"],
            value: |e, _| e.date.as_ref().map(DateRange::written).unwrap_or_default(),
        },
        Column {
            name: "latitude",
            kind: Kind::Number,
            meaning: "Latitude of the first point, decimal degrees (WGS 84).",
            fields: &["location"],
            value: |e, _| {
                e.location
                    .as_ref()
                    .and_then(|l| l.coordinates.first())
                    .map(|c| c.latitude.to_string())
                    .unwrap_or_default()
            },
        },
        Column {
            name: "longitude",
            kind: Kind::Number,
            meaning: "Longitude of the first point, decimal degrees (WGS 84).",
            fields: &["location"],
            value: |e, _| {
                e.location
                    .as_ref()
                    .and_then(|l| l.coordinates.first())
                    .map(|c| c.longitude.to_string())
                    .unwrap_or_default()
            },
        },
        Column {
            name: "points",
            kind: Kind::List,
            meaning: "Every point as \"latitude,longitude\".",
            fields: &["location"],
            value: |e, _| {
                e.location
                    .as_ref()
                    .map(|l| {
                        l.coordinates
                            .iter()
                            .map(|c| format!("{},{}", c.latitude, c.longitude))
                            .collect::<Vec<_>>()
                            .join("; ")
                    })
                    .unwrap_or_default()
            },
        },
        Column {
            name: "places",
            kind: Kind::List,
            meaning: "Place names of the location.",
            fields: &["location"],
            value: |e, _| {
                e.location
                    .as_ref()
                    .map(|l| list(&l.places))
                    .unwrap_or_default()
            },
        },
        Column {
            name: "regions",
            kind: Kind::List,
            meaning: "Regions the DLP files the record under.",
            fields: &["regions"],
            value: |e, _| list(&e.regions),
        },
        Column {
            name: "rules",
            kind: Kind::Text,
            meaning: "The rules as DLP reads the source.",
            fields: &["rules"],
            value: |e, _| opt(&e.rules),
        },
        Column {
            name: "quotation",
            kind: Kind::Text,
            meaning: "The source's words, or DLP's description of the evidence.",
            fields: &["quotation"],
            value: |e, _| {
                e.quotation
                    .as_ref()
                    .map(|q| q.text.clone())
                    .unwrap_or_default()
            },
        },
        Column {
            name: "quotation_language",
            kind: Kind::Text,
            meaning: "BCP 47 tag of the quotation's language, detected.",
            fields: &["quotation"],
            value: |e, _| {
                e.quotation
                    .as_ref()
                    .and_then(|q| q.language.clone())
                    .unwrap_or_default()
            },
        },
        Column {
            name: "citations",
            kind: Kind::List,
            meaning: "Citations following the quotation (\"Hyde 1694: 223-224\").",
            fields: &["quotation"],
            value: |e, _| {
                e.quotation
                    .as_ref()
                    .map(|q| {
                        q.citations
                            .iter()
                            .map(|c| c.text.clone())
                            .collect::<Vec<_>>()
                            .join("; ")
                    })
                    .unwrap_or_default()
            },
        },
        Column {
            name: "confidence",
            kind: Kind::Integer,
            meaning: "DLP's confidence in the evidence, 0 to 100.",
            fields: &["confidence"],
            value: |e, _| e.confidence.map(|c| c.to_string()).unwrap_or_default(),
        },
        Column {
            name: "ages",
            kind: Kind::List,
            meaning: "Ages of the players.",
            fields: &["ages"],
            value: |e, _| list(&e.ages),
        },
        Column {
            name: "genders",
            kind: Kind::List,
            meaning: "Genders of the players.",
            fields: &["genders"],
            value: |e, _| list(&e.genders),
        },
        Column {
            name: "social_status",
            kind: Kind::List,
            meaning: "Social status of the players.",
            fields: &["social_status"],
            value: |e, _| list(&e.social_status),
        },
        Column {
            name: "spaces",
            kind: Kind::List,
            meaning: "Spaces the game was played in.",
            fields: &["spaces"],
            value: |e, _| list(&e.spaces),
        },
        Column {
            name: "uncertainty_factors",
            kind: Kind::List,
            meaning: "DLP's reasons for uncertainty.",
            fields: &["uncertainty_factors"],
            value: |e, _| list(&e.uncertainty_factors),
        },
        Column {
            name: "portal_ruleset",
            kind: Kind::Text,
            meaning: "The portal ruleset DLP ties the record to (portal_rulesets.csv `id`).",
            fields: &["ruleset"],
            value: |e, _| opt(&e.ruleset),
        },
        Column {
            name: "sources",
            kind: Kind::List,
            meaning: "Keys of the sources (sources.csv `key`).",
            fields: &["sources"],
            value: |e, _| list(&e.sources),
        },
        Column {
            name: "executable_rulesets",
            kind: Kind::List,
            meaning: "Executable rulesets implementing the record (executable_rulesets.csv `id`).",
            fields: &[],
            value: |e, c| {
                c.executable
                    .get(e.id.as_str())
                    .map(|r| r.join("; "))
                    .unwrap_or_default()
            },
        },
        Column {
            name: "other_fields",
            kind: Kind::List,
            meaning: "Fields with no column of their own, as label=value.",
            fields: &["other_fields"],
            value: |e, _| pairs(&e.other_fields),
        },
        Column {
            name: "flagged",
            kind: Kind::List,
            meaning: "Fields whose value could not be read and is kept as written (see corpus.json).",
            fields: &["flags"],
            value: |e, _| {
                e.flags
                    .iter()
                    .map(|f| f.field.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            },
        },
        Column {
            name: "superseded",
            kind: Kind::List,
            meaning: "Fields where a newer portal page replaced the export's value (see corpus.json).",
            fields: &["superseded"],
            value: |e, _| {
                e.superseded
                    .iter()
                    .map(|s| s.field.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            },
        },
        Column {
            name: "incomplete",
            kind: Kind::Boolean,
            meaning: "The portal page ended inside the record.",
            fields: &["incomplete"],
            value: |e, _| e.incomplete.is_some().to_string(),
        },
        Column {
            name: "export_line",
            kind: Kind::Integer,
            meaning: "Line of the record's row in the DLP's export (ludiiGames.sql).",
            fields: &["export"],
            value: |e, _| {
                e.export
                    .as_ref()
                    .map(|x| x.line.to_string())
                    .unwrap_or_default()
            },
        },
        Column {
            name: "pages",
            kind: Kind::List,
            meaning: "Saved portal pages the record was read from.",
            fields: &["pages"],
            value: |e, _| {
                e.pages
                    .iter()
                    .map(|p| p.file.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            },
        },
    ],
};

/// `games.csv`: one row per game.
pub static GAMES: Table<Game> = Table {
    file: "games.csv",
    row: "one game",
    columns: &[
        Column {
            name: "key",
            kind: Kind::Text,
            meaning: "The game's key in this corpus.",
            fields: &["key"],
            value: |g, _| g.key.clone(),
        },
        Column {
            name: "name",
            kind: Kind::Text,
            meaning: "The name as the DLP prints it.",
            fields: &["name"],
            value: |g, _| g.name.clone(),
        },
        Column {
            name: "native_name",
            kind: Kind::Text,
            meaning: "The name in the players' language.",
            fields: &["native_name"],
            value: |g, _| opt(&g.native_name),
        },
        Column {
            name: "aliases",
            kind: Kind::List,
            meaning: "Other names and spellings.",
            fields: &["aliases"],
            value: |g, _| list(&g.aliases),
        },
        Column {
            name: "dlp_id",
            kind: Kind::Text,
            meaning: "The DLP's identifier (DLP.Games.N).",
            fields: &["dlp_id"],
            value: |g, _| opt(&g.dlp_id),
        },
        Column {
            name: "categories",
            kind: Kind::List,
            meaning: "DLP's categories.",
            fields: &["categories"],
            value: |g, _| list(&g.categories),
        },
        Column {
            name: "periods",
            kind: Kind::List,
            meaning: "DLP's periods.",
            fields: &["periods"],
            value: |g, _| list(&g.periods),
        },
        Column {
            name: "regions",
            kind: Kind::List,
            meaning: "DLP's regions.",
            fields: &["regions"],
            value: |g, _| list(&g.regions),
        },
        Column {
            name: "evidence_start",
            kind: Kind::Date,
            meaning: "Start of the game's evidence as the DLP computed it; empty where the DLP gives its placeholder for no date, 3500 BCE to 2020.",
            fields: &["evidence_range"],
            value: |g, _| date_start(&dated(&g.evidence_range)),
        },
        Column {
            name: "evidence_end",
            kind: Kind::Date,
            meaning: "End of the game's evidence as the DLP computed it; empty where the DLP gives its placeholder for no date.",
            fields: &["evidence_range"],
            value: |g, _| date_end(&dated(&g.evidence_range)),
        },
        Column {
            name: "origin",
            kind: Kind::Text,
            meaning: "Where the DLP places the game's origin.",
            fields: &["origin"],
            value: |g, _| opt(&g.origin),
        },
        Column {
            name: "description",
            kind: Kind::Text,
            meaning: "DLP's description.",
            fields: &["description"],
            value: |g, _| opt(&g.description),
        },
        Column {
            name: "evidence",
            kind: Kind::List,
            meaning: "Its evidence records (evidence.csv `id`).",
            fields: &["evidence"],
            value: |g, _| list(&g.evidence),
        },
        Column {
            name: "portal_rulesets",
            kind: Kind::List,
            meaning: "Its portal rulesets (portal_rulesets.csv `id`).",
            fields: &["rulesets"],
            value: |g, _| list(&g.rulesets),
        },
        Column {
            name: "sources",
            kind: Kind::List,
            meaning: "Sources about the game as a whole (sources.csv `key`).",
            fields: &["sources"],
            value: |g, _| list(&g.sources),
        },
        Column {
            name: "other_fields",
            kind: Kind::List,
            meaning: "Fields with no column of their own, as label=value.",
            fields: &["other_fields"],
            value: |g, _| pairs(&g.other_fields),
        },
        Column {
            name: "flagged",
            kind: Kind::List,
            meaning: "Fields kept as written, unread.",
            fields: &["flags"],
            value: |g, _| {
                g.flags
                    .iter()
                    .map(|f| f.field.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            },
        },
        Column {
            name: "superseded",
            kind: Kind::List,
            meaning: "Fields where a newer page replaced the export's value.",
            fields: &["superseded"],
            value: |g, _| {
                g.superseded
                    .iter()
                    .map(|s| s.field.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            },
        },
        Column {
            name: "export_line",
            kind: Kind::Integer,
            meaning: "Line of the game's row in the DLP's export.",
            fields: &["export"],
            value: |g, _| {
                g.export
                    .as_ref()
                    .map(|x| x.line.to_string())
                    .unwrap_or_default()
            },
        },
        Column {
            name: "pages",
            kind: Kind::List,
            meaning: "Saved portal pages about the game.",
            fields: &["pages"],
            value: |g, _| {
                g.pages
                    .iter()
                    .map(|p| p.file.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            },
        },
    ],
};

/// `portal-rulesets.csv`: one row per portal ruleset.
pub static PORTAL_RULESETS: Table<PortalRuleset> = Table {
    file: "portal_rulesets.csv",
    row: "one ruleset the DLP publishes (DLP.GameRulesets.N)",
    columns: &[
        Column {
            name: "id",
            kind: Kind::Text,
            meaning: "The DLP's identifier.",
            fields: &["id"],
            value: |r, _| r.id.clone(),
        },
        Column {
            name: "name",
            kind: Kind::Text,
            meaning: "The ruleset's name.",
            fields: &["name"],
            value: |r, _| r.name.clone(),
        },
        Column {
            name: "type",
            kind: Kind::Text,
            meaning: "Described, Reconstructed, Observed, Suggested, Incomplete or Scholarly.",
            fields: &["type"],
            value: |r, _| opt(&r.kind),
        },
        Column {
            name: "game",
            kind: Kind::Text,
            meaning: "Key of the game (games.csv `key`).",
            fields: &["game"],
            value: |r, _| opt(&r.game),
        },
        Column {
            name: "game_name",
            kind: Kind::Text,
            meaning: "The game's name as the ruleset gives it.",
            fields: &["game_name"],
            value: |r, _| opt(&r.game_name),
        },
        Column {
            name: "periods",
            kind: Kind::List,
            meaning: "DLP's periods.",
            fields: &["periods"],
            value: |r, _| list(&r.periods),
        },
        Column {
            name: "regions",
            kind: Kind::List,
            meaning: "DLP's regions.",
            fields: &["regions"],
            value: |r, _| list(&r.regions),
        },
        Column {
            name: "summary",
            kind: Kind::Text,
            meaning: "DLP's summary.",
            fields: &["summary"],
            value: |r, _| opt(&r.summary),
        },
        Column {
            name: "description",
            kind: Kind::Text,
            meaning: "DLP's description.",
            fields: &["description"],
            value: |r, _| opt(&r.description),
        },
        Column {
            name: "rules",
            kind: Kind::Text,
            meaning: "The rules text.",
            fields: &["rules"],
            value: |r, _| opt(&r.rules),
        },
        Column {
            name: "references",
            kind: Kind::List,
            meaning: "Citations of the ruleset.",
            fields: &["references"],
            value: |r, _| {
                r.references
                    .iter()
                    .map(|c| c.text.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            },
        },
        Column {
            name: "sources",
            kind: Kind::List,
            meaning: "Keys of the cited sources (sources.csv `key`).",
            fields: &["sources"],
            value: |r, _| list(&r.sources),
        },
        Column {
            name: "origin",
            kind: Kind::Text,
            meaning: "Where the ruleset comes from.",
            fields: &["origin"],
            value: |r, _| opt(&r.origin),
        },
        Column {
            name: "executable_rulesets",
            kind: Kind::List,
            meaning: "Executable rulesets implementing it.",
            fields: &[],
            value: |r, c| {
                c.executable
                    .get(r.id.as_str())
                    .map(|x| x.join("; "))
                    .unwrap_or_default()
            },
        },
        Column {
            name: "other_fields",
            kind: Kind::List,
            meaning: "Fields with no column of their own, as label=value.",
            fields: &["other_fields"],
            value: |r, _| pairs(&r.other_fields),
        },
        Column {
            name: "flagged",
            kind: Kind::List,
            meaning: "Fields kept as written, unread.",
            fields: &["flags"],
            value: |r, _| {
                r.flags
                    .iter()
                    .map(|f| f.field.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            },
        },
        Column {
            name: "superseded",
            kind: Kind::List,
            meaning: "Fields where a newer page replaced the export's value.",
            fields: &["superseded"],
            value: |r, _| {
                r.superseded
                    .iter()
                    .map(|s| s.field.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            },
        },
        Column {
            name: "incomplete",
            kind: Kind::Boolean,
            meaning: "The portal page ended inside the ruleset.",
            fields: &["incomplete"],
            value: |r, _| r.incomplete.is_some().to_string(),
        },
        Column {
            name: "export_line",
            kind: Kind::Integer,
            meaning: "Line of the ruleset's row in the DLP's export.",
            fields: &["export"],
            value: |r, _| {
                r.export
                    .as_ref()
                    .map(|x| x.line.to_string())
                    .unwrap_or_default()
            },
        },
        Column {
            name: "pages",
            kind: Kind::List,
            meaning: "Saved portal pages of the ruleset.",
            fields: &["pages"],
            value: |r, _| {
                r.pages
                    .iter()
                    .map(|p| p.file.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            },
        },
    ],
};

/// `sources.csv`: one row per source.
pub static SOURCES: Table<Source> = Table {
    file: "sources.csv",
    row: "one publication",
    columns: &[
        Column {
            name: "key",
            kind: Kind::Text,
            meaning: "The source's key (first author, year, a letter or title words where needed).",
            fields: &["key"],
            value: |s, _| s.key.clone(),
        },
        Column {
            name: "reference",
            kind: Kind::Text,
            meaning: "The full reference as the DLP prints it.",
            fields: &["reference"],
            value: |s, _| opt(&s.reference),
        },
        Column {
            name: "authors",
            kind: Kind::Text,
            meaning: "The authors as the reference gives them.",
            fields: &["authors"],
            value: |s, _| s.authors.clone(),
        },
        Column {
            name: "year",
            kind: Kind::Integer,
            meaning: "Year of publication.",
            fields: &["year"],
            value: |s, _| s.year.map(|y| y.to_string()).unwrap_or_default(),
        },
        Column {
            name: "title",
            kind: Kind::Text,
            meaning: "Title, as read from the reference.",
            fields: &["title"],
            value: |s, _| opt(&s.title),
        },
        Column {
            name: "published",
            kind: Kind::Text,
            meaning: "Where it was published, as read from the reference.",
            fields: &["published"],
            value: |s, _| opt(&s.published),
        },
        Column {
            name: "url",
            kind: Kind::Text,
            meaning: "Where the DLP says it can be found.",
            fields: &["url"],
            value: |s, _| opt(&s.url),
        },
        Column {
            name: "superseded",
            kind: Kind::List,
            meaning: "Fields where a newer page replaced the export's value.",
            fields: &["superseded"],
            value: |s, _| {
                s.superseded
                    .iter()
                    .map(|x| x.field.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            },
        },
        Column {
            name: "export_line",
            kind: Kind::Integer,
            meaning: "Line of the source's row in the DLP's export.",
            fields: &["export"],
            value: |s, _| {
                s.export
                    .as_ref()
                    .map(|x| x.line.to_string())
                    .unwrap_or_default()
            },
        },
    ],
};

/// `executable-rulesets.csv`: one row per executable ruleset.
pub static EXECUTABLE_RULESETS: Table<ExecutableRuleset> = Table {
    file: "executable_rulesets.csv",
    row: "one executable ruleset of this project",
    columns: &[
        Column {
            name: "id",
            kind: Kind::Text,
            meaning: "The ruleset's key.",
            fields: &["id"],
            value: |r, _| r.id.clone(),
        },
        Column {
            name: "name",
            kind: Kind::Text,
            meaning: "Its name.",
            fields: &["name"],
            value: |r, _| r.name.clone(),
        },
        Column {
            name: "game",
            kind: Kind::Text,
            meaning: "Key of the game (games.csv `key`).",
            fields: &["game"],
            value: |r, _| r.game.clone(),
        },
        Column {
            name: "engine",
            kind: Kind::Text,
            meaning: "The engine that runs it.",
            fields: &["engine"],
            value: |r, _| r.engine.value.clone(),
        },
        Column {
            name: "preset",
            kind: Kind::Text,
            meaning: "The engine's preset it starts from (dlp or ludii).",
            fields: &["preset"],
            value: |r, _| r.preset.value.clone(),
        },
        Column {
            name: "options",
            kind: Kind::List,
            meaning: "Options set beyond the preset, as key=value.",
            fields: &["options"],
            value: |r, _| pairs(&r.options),
        },
        Column {
            name: "implements",
            kind: Kind::List,
            meaning: "Records it reads (evidence.csv or portal_rulesets.csv `id`).",
            fields: &["implements"],
            value: |r, _| list(&r.implements),
        },
        Column {
            name: "variants",
            kind: Kind::List,
            meaning: "Labels of the option sets simulated beside the presets.",
            fields: &["variants"],
            value: |r, _| {
                r.variants
                    .iter()
                    .map(|v| v.label.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            },
        },
        Column {
            name: "notes",
            kind: Kind::Text,
            meaning: "Notes and findings.",
            fields: &["notes"],
            value: |r, _| r.notes.clone(),
        },
    ],
};

/// `claims.csv`: one row per claim, with its verdict.
pub static CLAIMS: Table<ClaimResult> = Table {
    file: "claims.csv",
    row: "one claim of a source, run against an engine, with its verdict",
    columns: &[
        Column {
            name: "id",
            kind: Kind::Text,
            meaning: "The claim's key.",
            fields: &["id"],
            value: |c, _| c.id.clone(),
        },
        Column {
            name: "record",
            kind: Kind::Text,
            meaning: "The record whose words it comes from.",
            fields: &["record"],
            value: |c, _| c.record.clone(),
        },
        Column {
            name: "ruleset",
            kind: Kind::Text,
            meaning: "The executable ruleset it is run against.",
            fields: &["ruleset"],
            value: |c, _| c.ruleset.clone(),
        },
        Column {
            name: "game",
            kind: Kind::Text,
            meaning: "Key of the game.",
            fields: &["game"],
            value: |c, _| c.game.clone(),
        },
        Column {
            name: "statement",
            kind: Kind::Text,
            meaning: "The claim in one sentence.",
            fields: &["statement"],
            value: |c, _| c.statement.clone(),
        },
        Column {
            name: "sentence",
            kind: Kind::Text,
            meaning: "The source's exact words.",
            fields: &["sentence"],
            value: |c, _| c.sentence.text.clone(),
        },
        Column {
            name: "sentence_from",
            kind: Kind::Text,
            meaning: "Whether the words are the record's quotation or its rules text.",
            fields: &["sentence"],
            value: |c, _| format!("{:?}", c.sentence.from).to_lowercase(),
        },
        Column {
            name: "language",
            kind: Kind::Text,
            meaning: "Language of the words.",
            fields: &["sentence"],
            value: |c, _| c.sentence.language.clone(),
        },
        Column {
            name: "translation",
            kind: Kind::Text,
            meaning: "An English rendering.",
            fields: &["sentence"],
            value: |c, _| opt(&c.sentence.translation),
        },
        Column {
            name: "kind",
            kind: Kind::Text,
            meaning: "scenario, throw-table or computation.",
            fields: &["kind"],
            value: |c, _| c.kind.clone(),
        },
        Column {
            name: "verdict",
            kind: Kind::Text,
            meaning: "holds, holds-only-under (other readings), fails or broken.",
            fields: &["status"],
            value: |c, _| {
                serde_json::to_value(c.status)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default()
            },
        },
        Column {
            name: "verdict_label",
            kind: Kind::Text,
            meaning: "The verdict in words.",
            fields: &["status"],
            value: |c, _| c.status.label().to_string(),
        },
        Column {
            name: "options",
            kind: Kind::List,
            meaning: "The options it ran under, as key=value.",
            fields: &["options"],
            value: |c, _| {
                c.options
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect::<Vec<_>>()
                    .join("; ")
            },
        },
        Column {
            name: "readings_holding",
            kind: Kind::Integer,
            meaning: "Readings of the interpretation search that reproduce the claim.",
            fields: &["search"],
            value: |c, _| {
                c.search
                    .as_ref()
                    .map(|s| s.holding.to_string())
                    .unwrap_or_default()
            },
        },
        Column {
            name: "readings_tried",
            kind: Kind::Integer,
            meaning: "Readings the search tried.",
            fields: &["search"],
            value: |c, _| {
                c.search
                    .as_ref()
                    .map(|s| s.tried.to_string())
                    .unwrap_or_default()
            },
        },
        Column {
            name: "mismatches",
            kind: Kind::List,
            meaning: "What differed under the ruleset's own options.",
            fields: &["under_ruleset"],
            value: |c, _| {
                c.under_ruleset
                    .as_ref()
                    .map(|e| e.mismatches.join("; "))
                    .unwrap_or_default()
            },
        },
        Column {
            name: "error",
            kind: Kind::Text,
            meaning: "Why the claim could not be run.",
            fields: &["error"],
            value: |c, _| opt(&c.error),
        },
        Column {
            name: "note",
            kind: Kind::Text,
            meaning: "What the result means for the record.",
            fields: &["note"],
            value: |c, _| opt(&c.note),
        },
    ],
};

/// A clause of a record's Rules text with the record it belongs to.
pub struct CoverageRow {
    /// The record.
    pub record: String,
    /// The executable ruleset implementing it.
    pub ruleset: Option<String>,
    /// The clause's number, from 1.
    pub number: usize,
    /// The clause and its standing.
    pub clause: CoveredClause,
}

/// `coverage.csv`: one row per clause of a covered Rules text.
pub static COVERAGE: Table<CoverageRow> = Table {
    file: "clause_coverage.csv",
    row: "one clause of a record's Rules text and what implements it",
    columns: &[
        Column {
            name: "record",
            kind: Kind::Text,
            meaning: "The record (evidence.csv or portal_rulesets.csv `id`).",
            fields: &[],
            value: |c, _| c.record.to_string(),
        },
        Column {
            name: "ruleset",
            kind: Kind::Text,
            meaning: "The executable ruleset the coverage is of.",
            fields: &[],
            value: |c, _| c.ruleset.clone().unwrap_or_default(),
        },
        Column {
            name: "clause",
            kind: Kind::Integer,
            meaning: "The clause's number in the Rules text, from 1.",
            fields: &[],
            value: |c, _| c.number.to_string(),
        },
        Column {
            name: "text",
            kind: Kind::Text,
            meaning: "The clause's words.",
            fields: &["text"],
            value: |c, _| c.clause.clause.text.clone(),
        },
        Column {
            name: "modelled",
            kind: Kind::Boolean,
            meaning: "Whether something executable implements it.",
            fields: &[],
            value: |c, _| c.clause.clause.is_modelled().to_string(),
        },
        Column {
            name: "standing",
            kind: Kind::Text,
            meaning: "exercised (a claim or rule scenario runs the engine on it), options-only, contradicted (the ruleset's preset departs from its words) or not-modelled.",
            fields: &[],
            value: |c, _| c.clause.standing.key().to_string(),
        },
        Column {
            name: "options",
            kind: Kind::List,
            meaning: "Options of the engine it maps to.",
            fields: &["options"],
            value: |c, _| list(&c.clause.clause.options),
        },
        Column {
            name: "reads",
            kind: Kind::List,
            meaning: "The option values its words give, as option=value.",
            fields: &["reads"],
            value: |c, _| {
                let pairs: Vec<String> = c
                    .clause
                    .clause
                    .reads
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect();
                list(&pairs)
            },
        },
        Column {
            name: "contradictions",
            kind: Kind::List,
            meaning: "For a contradicted clause, each option the ruleset plays otherwise.",
            fields: &[],
            value: |c, _| {
                let each: Vec<String> = c
                    .clause
                    .contradictions
                    .iter()
                    .map(|x| x.to_string())
                    .collect();
                list(&each)
            },
        },
        Column {
            name: "claims",
            kind: Kind::List,
            meaning: "Claims exercising it (claims.csv `id`).",
            fields: &["claims"],
            value: |c, _| list(&c.clause.clause.claims),
        },
        Column {
            name: "scenarios",
            kind: Kind::List,
            meaning: "Rule scenarios of the engine exercising it.",
            fields: &["scenarios"],
            value: |c, _| list(&c.clause.clause.scenarios),
        },
        Column {
            name: "not_modelled",
            kind: Kind::Text,
            meaning: "Why it has no executable counterpart.",
            fields: &["not_modelled"],
            value: |c, _| opt(&c.clause.clause.not_modelled),
        },
        Column {
            name: "not_expressed",
            kind: Kind::Text,
            meaning: "On a mapped clause, what its words say beyond what its options express.",
            fields: &["not_expressed"],
            value: |c, _| opt(&c.clause.clause.not_expressed),
        },
    ],
};

/// One table of the dictionary: file, what a row is, and its columns.
pub struct DictionaryTable {
    /// The table's file name.
    pub file: &'static str,
    /// What one row is.
    pub row: &'static str,
    /// Each column's name, kind and meaning.
    pub columns: Vec<(&'static str, Kind, &'static str)>,
}

fn describe<T>(table: &Table<T>) -> DictionaryTable {
    DictionaryTable {
        file: table.file,
        row: table.row,
        columns: table
            .columns
            .iter()
            .map(|c| (c.name, c.kind, c.meaning))
            .collect(),
    }
}

/// Every table, described.
pub fn dictionary() -> Vec<DictionaryTable> {
    vec![
        describe(&EVIDENCE),
        describe(&GAMES),
        describe(&PORTAL_RULESETS),
        describe(&SOURCES),
        describe(&EXECUTABLE_RULESETS),
        describe(&CLAIMS),
        describe(&COVERAGE),
    ]
}

/// Every CSV file of the corpus (claims and coverage only when verified).
pub fn csv_files(
    corpus: &Corpus,
    verification: Option<&Verification>,
) -> BTreeMap<&'static str, String> {
    let context = Context {
        corpus,
        executable: verify::links::executable_rulesets(corpus),
    };
    let mut files = BTreeMap::new();
    files.insert(
        EVIDENCE.file,
        EVIDENCE.csv(corpus.evidence.values(), &context),
    );
    files.insert(GAMES.file, GAMES.csv(corpus.games.values(), &context));
    files.insert(
        PORTAL_RULESETS.file,
        PORTAL_RULESETS.csv(corpus.portal_rulesets.values(), &context),
    );
    files.insert(SOURCES.file, SOURCES.csv(corpus.sources.values(), &context));
    files.insert(
        EXECUTABLE_RULESETS.file,
        EXECUTABLE_RULESETS.csv(corpus.rulesets.values(), &context),
    );
    let claims: Vec<ClaimResult> = verification.map(|v| v.claims.clone()).unwrap_or_default();
    files.insert(CLAIMS.file, CLAIMS.csv(claims.iter(), &context));
    let coverage: Vec<CoverageRow> = verification
        .map(|v| v.coverage.as_slice())
        .unwrap_or_default()
        .iter()
        .flat_map(|record| {
            record
                .clauses
                .iter()
                .enumerate()
                .map(|(n, clause)| CoverageRow {
                    record: record.record.clone(),
                    ruleset: record.ruleset.clone(),
                    number: n + 1,
                    clause: clause.clone(),
                })
        })
        .collect();
    files.insert(COVERAGE.file, COVERAGE.csv(coverage.iter(), &context));
    files
}
