//! Rules texts cut into clauses: sentences, and their parts after a colon or a semicolon.
//! Each clause is an exact slice of the text, so that coverage files quote it verbatim.

/// Words that end with a full stop without ending a sentence.
const ABBREVIATIONS: [&str; 12] = [
    "i.e", "e.g", "etc", "vs", "cf", "ca", "c", "Fig", "fig", "St", "no", "No",
];

/// The clauses of `text`, in order.
pub fn split(text: &str) -> Vec<&str> {
    let mut clauses = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (i, &(at, c)) in chars.iter().enumerate() {
        let next = chars.get(i + 1).map(|&(_, c)| c);
        let after = chars.get(i + 2).map(|&(_, c)| c);
        let end = at + c.len_utf8();
        let boundary = match c {
            ';' | ':' => next == Some(' '),
            '.' | '!' | '?' => {
                next == Some(' ')
                    && after.is_some_and(|a| a.is_uppercase() || a.is_ascii_digit() || a == '"')
                    && !ends_with_abbreviation(&text[start..at])
            }
            _ => false,
        };
        if boundary {
            push(&mut clauses, &text[start..end]);
            start = end;
        }
    }
    push(&mut clauses, &text[start..]);
    clauses
}

fn push<'a>(clauses: &mut Vec<&'a str>, clause: &'a str) {
    let clause = clause.trim();
    if !clause.is_empty() {
        clauses.push(clause);
    }
}

fn ends_with_abbreviation(before: &str) -> bool {
    let word = before.rsplit([' ', '(']).next().unwrap_or_default();
    ABBREVIATIONS.contains(&word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_and_their_parts() {
        let text = "5x5 board, the central square marked with an X. Twelve pieces per player. Throws: one = 10; two = 2. See i.e. this. 4=6 and another turn, 0=4.";
        assert_eq!(
            split(text),
            [
                "5x5 board, the central square marked with an X.",
                "Twelve pieces per player.",
                "Throws:",
                "one = 10;",
                "two = 2.",
                "See i.e. this.",
                "4=6 and another turn, 0=4."
            ]
        );
    }

    #[test]
    fn every_clause_is_a_slice_of_the_text() {
        let text = "A. B; c: d. e 2.5 f. \"G\" h";
        let clauses = split(text);
        let mut cursor = 0;
        for clause in clauses {
            let found = text[cursor..].find(clause).expect("in order") + cursor;
            cursor = found + clause.len();
        }
        assert!(text[cursor..].trim().is_empty());
    }
}
