//! The vendored descriptions are the ones their README names, unchanged.

use std::path::Path;

#[test]
fn the_sums_list_every_vendored_description_unchanged_and_the_licence() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/ludii/lud");
    let listed = corpus::vendored::check(&folder).unwrap_or_else(|e| panic!("{e}"));
    assert!(listed.iter().any(|n| n == "LICENSE"));
    let descriptions = listed.iter().filter(|n| n.ends_with(".lud")).count();
    assert_eq!(descriptions, 488, "the README's count of descriptions");
}
