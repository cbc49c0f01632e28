//! Every game file of `corpus/families/race/` loads, names a game of the corpus and a vendored
//! Ludii description, and plays seeded playouts to their end under both presets and each of
//! its readings, with the invariants checked after every move. Files added later are read the
//! same way.

use std::path::{Path, PathBuf};

use engine::playout::{Caps, Ending, MOVE_BUFFER, play_from};
use engine::{Game, Options};
use race::file::GameFile;
use race::{Race, RaceParams};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn game_files() -> Vec<(PathBuf, GameFile)> {
    let dir = root().join("corpus/families/race");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "yaml"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let file: GameFile =
                serde_saphyr::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, file)
        })
        .collect()
}

fn plays(label: &str, params: &RaceParams) {
    let mut moves = Vec::with_capacity(MOVE_BUFFER);
    let mut ended = 0;
    let start = Race::new(params);
    for index in 0..20 {
        let playout = play_from(&start, 7, index, Caps::LUDII, &mut moves, true)
            .unwrap_or_else(|broken| panic!("{label}, playout {index}: {broken}"));
        ended += u32::from(playout.ending == Ending::Rules);
    }
    assert!(ended > 0, "{label}: no playout ended by the rules");
}

#[test]
fn every_game_file_loads_and_plays_each_preset_and_reading() {
    let files = game_files();
    assert!(
        files.iter().any(|(_, f)| f.slug == "royal-game-of-ur"),
        "the Royal Game of Ur's file is read"
    );
    for (path, file) in &files {
        let name = path.file_name().unwrap().to_string_lossy();
        assert_eq!(
            name,
            format!("{}.yaml", file.slug),
            "a file is named for its slug"
        );
        assert!(
            root()
                .join("corpus/games")
                .join(format!("{}.yaml", file.game))
                .is_file(),
            "{name}: game {} is not a game of the corpus",
            file.game
        );
        assert!(
            root()
                .join("corpus/ludii/lud")
                .join(&file.ludii.file)
                .is_file(),
            "{name}: {} is not a vendored description",
            file.ludii.file
        );
        let (dlp, ludii) = file
            .presets()
            .unwrap_or_else(|e| panic!("{name}: {e} (at {:?})", e.field()));
        plays(&format!("{name} ludii"), &ludii);
        plays(&format!("{name} dlp"), &dlp);
        let readings = file
            .readings()
            .unwrap_or_else(|e| panic!("{name}: {e} (at {:?})", e.field()));
        for (reading, overrides) in readings {
            let mut params = ludii.clone();
            for (key, value) in &overrides {
                params.set(key, value).unwrap();
            }
            plays(&format!("{name} {reading}"), &params);
        }
    }
}
