//! Language of a quotation, by whatlang's trigram profiles (69 languages, Latin among them),
//! reported as a BCP 47 tag for HTML's `lang` attribute.

use whatlang::Lang;

/// ISO 639-3 codes of whatlang mapped to the two-letter ISO 639-1 codes BCP 47 prefers;
/// languages without a two-letter code keep their three letters.
const TWO_LETTER: &[(&str, &str)] = &[
    ("afr", "af"),
    ("aka", "ak"),
    ("amh", "am"),
    ("ara", "ar"),
    ("aze", "az"),
    ("bel", "be"),
    ("ben", "bn"),
    ("bul", "bg"),
    ("cat", "ca"),
    ("ces", "cs"),
    ("cym", "cy"),
    ("dan", "da"),
    ("deu", "de"),
    ("ell", "el"),
    ("eng", "en"),
    ("epo", "eo"),
    ("est", "et"),
    ("fin", "fi"),
    ("fra", "fr"),
    ("guj", "gu"),
    ("heb", "he"),
    ("hin", "hi"),
    ("hrv", "hr"),
    ("hun", "hu"),
    ("hye", "hy"),
    ("ind", "id"),
    ("ita", "it"),
    ("jav", "jv"),
    ("jpn", "ja"),
    ("kan", "kn"),
    ("kat", "ka"),
    ("khm", "km"),
    ("kor", "ko"),
    ("lat", "la"),
    ("lav", "lv"),
    ("lit", "lt"),
    ("mal", "ml"),
    ("mar", "mr"),
    ("mkd", "mk"),
    ("mya", "my"),
    ("nep", "ne"),
    ("nld", "nl"),
    ("nob", "nb"),
    ("ori", "or"),
    ("pan", "pa"),
    ("pes", "fa"),
    ("pol", "pl"),
    ("por", "pt"),
    ("ron", "ro"),
    ("rus", "ru"),
    ("sin", "si"),
    ("slk", "sk"),
    ("slv", "sl"),
    ("sna", "sn"),
    ("spa", "es"),
    ("srp", "sr"),
    ("swe", "sv"),
    ("tam", "ta"),
    ("tel", "te"),
    ("tgl", "tl"),
    ("tha", "th"),
    ("tuk", "tk"),
    ("tur", "tr"),
    ("ukr", "uk"),
    ("urd", "ur"),
    ("uzb", "uz"),
    ("vie", "vi"),
    ("yid", "yi"),
    ("zul", "zu"),
    ("cmn", "zh"),
];

/// The detected language of `text`, or `None` when the text is too short or too mixed for
/// the detector to be confident (such a quotation is reported, never guessed).
pub fn detect_language(text: &str) -> Option<String> {
    let info = whatlang::detect(text)?;
    if !info.is_reliable() {
        return None;
    }
    Some(tag(info.lang()))
}

fn tag(lang: Lang) -> String {
    let code = lang.code();
    TWO_LETTER
        .iter()
        .find(|(three, _)| *three == code)
        .map_or(code, |(_, two)| two)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_or_mixed_text_is_not_guessed() {
        assert_eq!(detect_language("x"), None);
    }

    #[test]
    fn common_languages() {
        assert_eq!(detect_language("The men can only move one step orthogonally, and captures are made by the short leap.").as_deref(), Some("en"));
        assert_eq!(detect_language("Le premier joueur ayant été dépassé retourne à la case de départ et doit faire sig pour en sortir.").as_deref(), Some("fr"));
        assert_eq!(detect_language("Inter ludendum vero nec Reges nec Milites cumulari possunt, cum sint ad formam Paxillorum.").as_deref(), Some("la"));
    }
}
