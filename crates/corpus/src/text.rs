//! Text helpers shared by the ingester, the corpus checks and the site.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// Collapses every run of whitespace (line breaks included) into one space and trims the ends.
///
/// This is the only change the corpus makes to text taken from a page: a record seen in two
/// layouts (one field per line, or a whole record on one line with breaks inside fields) must
/// compare equal, and YAML folding must round-trip it exactly.
pub fn normalize_whitespace(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Removes diacritics: "Kiôz" becomes "Kioz", "Dèleb" becomes "Deleb".
pub fn fold_diacritics(text: &str) -> String {
    text.nfd()
        .filter(|c| !is_combining_mark(*c))
        .nfc()
        .collect()
}

/// A file-name-safe identifier: ASCII letters and digits joined by single hyphens.
///
/// "Sig (El Oued)" becomes `sig-el-oued`, "Kiôz" becomes `kioz`.
pub fn slugify(text: &str) -> String {
    let mut slug = String::new();
    let mut pending_dash = false;
    for c in fold_diacritics(text).chars() {
        if c.is_ascii_alphanumeric() {
            if pending_dash && !slug.is_empty() {
                slug.push('-');
            }
            pending_dash = false;
            slug.push(c.to_ascii_lowercase());
        } else {
            pending_dash = true;
        }
    }
    slug
}

/// Whether `text` contains a character outside ASCII, such as a diacritic.
pub fn has_diacritics(text: &str) -> bool {
    fold_diacritics(text) != text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_fold_diacritics_and_punctuation() {
        let cases = [
            ("Kiôz", "kioz"),
            ("Natt Klab ash-Shawk", "natt-klab-ash-shawk"),
            ("Sig (El Oued)", "sig-el-oued"),
            ("Dèleb", "deleb"),
            ("  --  ", ""),
            ("Hyde 1694", "hyde-1694"),
        ];
        for (input, expected) in cases {
            assert_eq!(slugify(input), expected, "slug of {input:?}");
        }
    }

    #[test]
    fn whitespace_collapses_across_lines() {
        assert_eq!(normalize_whitespace("  a\n b\t\tc \r\n"), "a b c");
        assert_eq!(normalize_whitespace(""), "");
    }

    #[test]
    fn diacritics_are_detected() {
        assert!(has_diacritics("Kiôz"));
        assert!(!has_diacritics("Kioz"));
        assert_eq!(fold_diacritics("Médine, La Mecque"), "Medine, La Mecque");
    }
}
