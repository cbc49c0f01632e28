//! Problems found in files, reported as `file:line:column: field: message`.

use std::fmt;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
/// How serious a diagnostic is.
pub enum Severity {
    /// The run fails.
    Error,
    /// Reported; the run goes on.
    Warning,
}

/// One problem, located as precisely as the input allows.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Diagnostic {
    /// The file at fault.
    pub file: PathBuf,
    /// Its line, from 1, when known.
    pub line: Option<u64>,
    /// Its column, from 1, when known.
    pub column: Option<u64>,
    /// Whether it fails the run.
    pub severity: Severity,
    /// The field the problem is in, as a dotted path (`quotation.citations`).
    pub field: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl Diagnostic {
    /// An error in `file`.
    pub fn error(file: impl AsRef<Path>, message: impl Into<String>) -> Self {
        Self {
            file: file.as_ref().to_path_buf(),
            line: None,
            column: None,
            severity: Severity::Error,
            field: None,
            message: message.into(),
        }
    }

    /// A warning about `file`.
    pub fn warning(file: impl AsRef<Path>, message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Warning,
            ..Self::error(file, message)
        }
    }

    /// At `line` (and `column`).
    pub fn at(mut self, line: u64, column: Option<u64>) -> Self {
        self.line = Some(line);
        self.column = column;
        self
    }

    /// At `line`, when known.
    pub fn at_line(self, line: Option<u64>) -> Self {
        match line {
            Some(line) => self.at(line, None),
            None => self,
        }
    }

    /// In `field`.
    pub fn field(mut self, field: impl Into<String>) -> Self {
        self.field = Some(field.into());
        self
    }

    /// Whether it fails the run.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, ": {severity}")?;
        if let Some(field) = &self.field {
            write!(f, ": field `{field}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Diagnostics of a whole run, printed together before the run fails.
#[derive(Debug, Default)]
pub struct Report {
    /// Every diagnostic, in the order found.
    pub diagnostics: Vec<Diagnostic>,
}

impl Report {
    /// Adds a diagnostic.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// Adds diagnostics.
    pub fn extend(&mut self, diagnostics: impl IntoIterator<Item = Diagnostic>) {
        self.diagnostics.extend(diagnostics);
    }

    /// Whether any diagnostic fails the run.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The errors.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error())
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| !d.is_error())
    }

    /// Sorted by file and line, errors first within a line, so output is stable.
    pub fn sorted(mut self) -> Vec<Diagnostic> {
        self.diagnostics.sort();
        self.diagnostics.dedup();
        self.diagnostics
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for diagnostic in &self.diagnostics {
            writeln!(f, "{diagnostic}")?;
        }
        Ok(())
    }
}
