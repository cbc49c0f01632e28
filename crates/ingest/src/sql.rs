//! A MySQL dump read into tables of literal rows, through sqlparser's MySQL dialect.
//!
//! Only what a phpMyAdmin export holds is accepted: `CREATE TABLE` gives a table its columns,
//! `INSERT INTO … VALUES` adds rows of literals, and session settings, keys and constraints
//! are read and passed over. Every row keeps the line it starts on, so that a value that
//! cannot be used is reported at its place. A dump cut short is refused: phpMyAdmin closes
//! every export by restoring the client's collation, and a dump without that last statement,
//! or whose last statement has no `;`, has lost its end.

use std::collections::BTreeMap;
use std::fmt;

use sqlparser::ast::{
    Expr, ObjectName, ObjectNamePart, SetExpr, Statement, TableObject, UnaryOperator, Value,
};
use sqlparser::dialect::MySqlDialect;
use sqlparser::parser::Parser;
use sqlparser::tokenizer::{Token, Tokenizer};

/// One literal of a row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SqlValue {
    Null,
    /// A number exactly as written (integers and decimals alike).
    Number(String),
    Text(String),
}

impl SqlValue {
    /// The value as it stands in the dump, for messages and for keeping it as written.
    pub fn as_written(&self) -> String {
        match self {
            SqlValue::Null => "NULL".into(),
            SqlValue::Number(n) => n.clone(),
            SqlValue::Text(t) => t.clone(),
        }
    }
}

/// A row and the line of the dump it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub line: u64,
    pub values: Vec<SqlValue>,
}

/// A table: its columns as `CREATE TABLE` declares them and every row inserted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub name: String,
    pub line: u64,
    pub columns: Vec<String>,
    pub rows: Vec<Row>,
}

impl Table {
    /// The position of a column.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name)
    }
}

/// Every table of a dump, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dump {
    pub tables: BTreeMap<String, Table>,
}

/// Why a dump cannot be read, with the line it concerns (0 when it concerns the whole file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SqlError {
    pub line: u64,
    pub column: Option<u64>,
    pub message: String,
}

impl fmt::Display for SqlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for SqlError {}

fn error(line: u64, message: impl Into<String>) -> SqlError {
    SqlError {
        line,
        column: None,
        message: message.into(),
    }
}

/// The statement phpMyAdmin writes last: restoring the client's collation.
const CLOSING_VARIABLE: &str = "COLLATION_CONNECTION";

/// Reads a dump. Errors name the line; nothing is returned from a dump that is not whole.
pub fn read_dump(text: &str) -> Result<Dump, SqlError> {
    let dialect = MySqlDialect {};
    let tokens = Tokenizer::new(&dialect, text)
        .tokenize_with_location()
        .map_err(|e| SqlError {
            line: e.location.line,
            column: Some(e.location.column),
            message: e.message,
        })?;
    let end_line = text.lines().count().max(1) as u64;
    let mut parser = Parser::new(&dialect).with_tokens_with_locations(tokens);
    let mut dump = Dump::default();
    let mut last: Option<(u64, Statement, bool)> = None;
    loop {
        while parser.consume_token(&Token::SemiColon) {
            if let Some(last) = &mut last {
                last.2 = true;
            }
        }
        if parser.peek_token().token == Token::EOF {
            break;
        }
        if let Some((line, _, false)) = &last {
            return Err(error(*line, "a statement does not end with `;`"));
        }
        let line = parser.peek_token().span.start.line;
        let statement = parser.parse_statement().map_err(|e| {
            let at = parser.peek_token().span.start;
            // The end of the input has no span of its own: it is on the last line.
            let (line, column) = if at.line == 0 {
                (end_line, None)
            } else {
                (at.line, Some(at.column))
            };
            SqlError {
                line,
                column,
                message: format!("the dump cannot be parsed here: {e}"),
            }
        })?;
        take_statement(&mut dump, line, &statement)?;
        last = Some((line, statement, false));
    }
    match last {
        None => Err(error(0, "the dump holds no statement")),
        Some((line, _, false)) => Err(error(
            line,
            "the dump ends inside its last statement (no `;`): it was cut short",
        )),
        Some((line, statement, true)) if !is_closing(&statement) => Err(error(
            line,
            format!(
                "the dump ends without phpMyAdmin's closing `SET {CLOSING_VARIABLE}` statement: it was cut short"
            ),
        )),
        Some(_) => Ok(dump),
    }
}

fn is_closing(statement: &Statement) -> bool {
    // Only the variable is compared: how the AST spells a SET is the parser's business.
    let text = statement.to_string().to_ascii_uppercase();
    text.starts_with("SET ") && text.contains(CLOSING_VARIABLE)
}

fn plain_name(name: &ObjectName) -> String {
    name.0
        .last()
        .map(|part| match part {
            ObjectNamePart::Identifier(ident) => ident.value.clone(),
            other => other.to_string(),
        })
        .unwrap_or_default()
}

fn take_statement(dump: &mut Dump, line: u64, statement: &Statement) -> Result<(), SqlError> {
    match statement {
        Statement::CreateTable(create) => {
            let name = plain_name(&create.name);
            if dump.tables.contains_key(&name) {
                return Err(error(line, format!("table `{name}` is created twice")));
            }
            dump.tables.insert(
                name.clone(),
                Table {
                    name,
                    line,
                    columns: create
                        .columns
                        .iter()
                        .map(|c| c.name.value.clone())
                        .collect(),
                    rows: vec![],
                },
            );
            Ok(())
        }
        Statement::Insert(insert) => {
            let TableObject::TableName(table_name) = &insert.table else {
                return Err(error(line, "an INSERT into something other than a table"));
            };
            let name = plain_name(table_name);
            let table = dump.tables.get_mut(&name).ok_or_else(|| {
                error(
                    line,
                    format!("rows are inserted into `{name}`, which the dump never creates"),
                )
            })?;
            let columns: Vec<String> = insert.columns.iter().map(plain_name).collect();
            if !columns.is_empty() && columns != table.columns {
                let unknown = columns.iter().find(|c| !table.columns.contains(c));
                return Err(error(
                    line,
                    match unknown {
                        Some(column) => format!(
                            "the INSERT into `{name}` names the column `{column}`, which its CREATE TABLE (line {}) does not declare",
                            table.line
                        ),
                        None => format!(
                            "the INSERT into `{name}` lists its columns in another order than its CREATE TABLE (line {})",
                            table.line
                        ),
                    },
                ));
            }
            let source = insert
                .source
                .as_ref()
                .ok_or_else(|| error(line, format!("an INSERT into `{name}` without VALUES")))?;
            let SetExpr::Values(values) = source.body.as_ref() else {
                return Err(error(
                    line,
                    format!("an INSERT into `{name}` that is not a list of VALUES"),
                ));
            };
            for row in &values.rows {
                let row_line = row.opening_token.0.span.start.line;
                if row.content.len() != table.columns.len() {
                    return Err(error(
                        row_line,
                        format!(
                            "a row of `{name}` has {} values for {} columns",
                            row.content.len(),
                            table.columns.len()
                        ),
                    ));
                }
                let values = row
                    .content
                    .iter()
                    .zip(&table.columns)
                    .map(|(expr, column)| {
                        literal(expr).ok_or_else(|| {
                            error(
                                row_line,
                                format!("`{name}`.`{column}` is not a literal: {expr}"),
                            )
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                table.rows.push(Row {
                    line: row_line,
                    values,
                });
            }
            Ok(())
        }
        // Session settings, keys, constraints and auto-increment counters carry no data.
        Statement::Set(_) | Statement::AlterTable(_) => Ok(()),
        other => Err(error(
            line,
            format!(
                "a statement a database export does not hold: {}",
                other.to_string().chars().take(60).collect::<String>()
            ),
        )),
    }
}

fn literal(expr: &Expr) -> Option<SqlValue> {
    match expr {
        Expr::Value(value) => match &value.value {
            Value::Null => Some(SqlValue::Null),
            Value::Number(n, _) => Some(SqlValue::Number(n.to_string())),
            Value::SingleQuotedString(s) | Value::DoubleQuotedString(s) => {
                Some(SqlValue::Text(s.clone()))
            }
            Value::Boolean(b) => Some(SqlValue::Number(if *b { "1" } else { "0" }.into())),
            _ => None,
        },
        Expr::UnaryOp {
            op: UnaryOperator::Minus,
            expr,
        } => match literal(expr)? {
            SqlValue::Number(n) => Some(SqlValue::Number(format!("-{n}"))),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLOSING: &str = "/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;\n";

    fn dump(body: &str) -> Result<Dump, SqlError> {
        read_dump(&format!("{body}\n{CLOSING}"))
    }

    #[test]
    fn rows_keep_their_lines_and_unescaped_text() {
        let dump = dump(
            "CREATE TABLE IF NOT EXISTS `T` (\n `Id` int(11) NOT NULL,\n `Name` text\n) ENGINE=InnoDB;\n\
             INSERT INTO `T` (`Id`, `Name`) VALUES\n(1, 'it''s\\r\\nhere'),\n(-2, NULL);",
        )
        .unwrap();
        let table = &dump.tables["T"];
        assert_eq!(table.columns, ["Id", "Name"]);
        assert_eq!(table.rows[0].line, 6);
        assert_eq!(
            table.rows[0].values,
            [
                SqlValue::Number("1".into()),
                SqlValue::Text("it's\r\nhere".into())
            ]
        );
        assert_eq!(
            table.rows[1].values,
            [SqlValue::Number("-2".into()), SqlValue::Null]
        );
    }

    #[test]
    fn a_dump_cut_short_is_refused() {
        let whole = "CREATE TABLE `T` (`Id` int);\nINSERT INTO `T` (`Id`) VALUES\n(1),\n(2);\n";
        let cut_in_a_row = read_dump(&whole[..whole.len() - 3]).unwrap_err();
        assert_eq!(cut_in_a_row.line, 4, "{cut_in_a_row}");
        let cut_after_a_row = read_dump(&whole[..whole.len() - 2]).unwrap_err();
        assert!(
            cut_after_a_row.message.contains("cut short"),
            "{cut_after_a_row}"
        );
        let no_closing = read_dump(whole).unwrap_err();
        assert!(no_closing.message.contains("COLLATION_CONNECTION"));
        assert!(dump(whole).is_ok());
    }

    #[test]
    fn inserts_must_match_their_table() {
        let unknown =
            dump("CREATE TABLE `T` (`Id` int);\nINSERT INTO `T` (`Id`, `X`) VALUES (1, 2);")
                .unwrap_err();
        assert_eq!(unknown.line, 2);
        assert!(unknown.message.contains("`X`"), "{unknown}");
        let no_table = dump("INSERT INTO `U` (`Id`) VALUES (1);").unwrap_err();
        assert!(no_table.message.contains("never creates"), "{no_table}");
        let short = dump("CREATE TABLE `T` (`Id` int, `B` int);\nINSERT INTO `T` VALUES\n(1);")
            .unwrap_err();
        assert_eq!(short.line, 3);
        let computed =
            dump("CREATE TABLE `T` (`Id` int);\nINSERT INTO `T` VALUES (1 + 1);").unwrap_err();
        assert!(computed.message.contains("not a literal"), "{computed}");
    }

    #[test]
    fn garbage_is_located() {
        let error =
            read_dump("CREATE TABLE `T` (`Id` int);\nINSERT INTO `T` VALUES ((;\n").unwrap_err();
        assert_eq!(error.line, 2, "{error}");
        let unterminated = read_dump("INSERT INTO `T` VALUES ('open\n").unwrap_err();
        assert_eq!(unterminated.line, 1, "{unterminated}");
    }
}
