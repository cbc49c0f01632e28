//! Ludii's figures in `corpus/ludii/`: the shipped tables unchanged and read whole, the row a
//! vendored description takes, the speed of the seven games, and hostile files reported row by
//! row with their file, line and field.

use std::path::{Path, PathBuf};

use corpus::ludii::{Description, DescriptionSet, FIGURES_DIR, LudiiFigures, Speed, StopReason};
use corpus::{Diagnostic, Report};

fn corpus_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

fn shipped() -> LudiiFigures {
    let mut report = Report::default();
    let figures = LudiiFigures::load(&corpus_root(), &mut report);
    assert!(report.diagnostics.is_empty(), "{report}");
    figures
}

#[test]
fn the_shipped_tables_are_the_ones_their_readme_names() {
    let dir = corpus_root().join(FIGURES_DIR);
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    for (name, expected) in [
        (
            "figures.csv",
            "3fda1f02929c188cdd27146280a977b3acaa8ce1c4613bc4ba3a4f21a0ca5413",
        ),
        (
            "figures-gamedatabase.csv",
            "a0aa0328d5b80a21765a41b41142eb97e9d587d4c6934743d552667332f59cbd",
        ),
    ] {
        let digest = corpus::vendored::sha256_hex(&std::fs::read(dir.join(name)).unwrap());
        assert_eq!(digest, expected, "{name}");
        assert!(readme.contains(expected), "the README names {name}'s hash");
    }
}

#[test]
fn every_row_is_read_with_the_counts_the_readme_states() {
    let figures = shipped();
    let count = |set| figures.rows().iter().filter(|r| r.set == set).count();
    assert_eq!(count(DescriptionSet::Sowing), 136);
    assert_eq!(count(DescriptionSet::Race), 108);
    assert_eq!(count(DescriptionSet::War), 15);
    assert_eq!(count(DescriptionSet::GameDatabase), 158);
    assert_eq!(figures.of(Description::Ludii1313).count(), 259);
    let gamedatabase: Vec<_> = figures.of(Description::GameDatabase134).collect();
    assert_eq!(gamedatabase.len(), 158);
    let without_counterpart = gamedatabase
        .iter()
        .filter(|r| {
            figures
                .by_file_name(Description::Ludii1313, r.file_name())
                .is_none()
        })
        .count();
    assert_eq!(without_counterpart, 24);
    let unplayed = gamedatabase.iter().filter(|r| r.play.is_none()).count();
    assert_eq!(unplayed, 13, "descriptions 1.3.13 does not compile");
    assert!(gamedatabase.iter().filter(|r| r.play.is_none()).all(|r| {
        r.exception
            .as_deref()
            .is_some_and(|e| e.starts_with("compile:"))
    }));
    let stochastic_race = figures
        .rows()
        .iter()
        .filter(|r| r.set == DescriptionSet::Race && r.stochastic)
        .count();
    assert_eq!(stochastic_race, 74);
    let budget = |description| {
        figures
            .of(description)
            .filter(|r| r.stop_reason == StopReason::Budget)
            .count()
    };
    assert_eq!(budget(Description::Ludii1313), 13);
    assert_eq!(budget(Description::GameDatabase134), 6);
    for row in figures.rows() {
        assert_eq!(row.caps.moves, 10_000);
        assert_eq!(row.caps.turns_per_player, None, "the turn cap was lifted");
    }
}

#[test]
fn wari_is_read_whole_and_its_vendored_description_takes_the_gamedatabase_row() {
    let figures = shipped();
    let ludii = figures
        .by_file_name(Description::Ludii1313, "Wari.lud")
        .expect("Ludii 1.3.13 plays Wari");
    assert_eq!(ludii.path, "board/sow/two_rows/Wari.lud");
    assert_eq!(ludii.line, 132);
    assert_eq!(ludii.game_name, "Wari");
    assert_eq!(ludii.ruleset_id, Some(1626));
    assert_eq!(ludii.players, 2);
    assert_eq!(ludii.playouts_done, 100);
    let play = ludii.play.as_ref().unwrap();
    assert_eq!(play.mean_moves, 199.81);
    assert_eq!(play.sd_moves, 92.86);
    assert_eq!((play.min_moves, play.max_moves), (44, 466));
    assert_eq!(play.mean_turns, 199.81);
    assert_eq!(play.completion, 1.0);
    assert_eq!(play.natural_end, 100);
    assert_eq!(play.p1_win_share, 0.46);
    assert_eq!(play.draw_share, 0.06);
    assert_eq!(play.wins.none, 6);
    assert_eq!(play.wins.by_player, [46, 48]);
    assert_eq!(play.mean_ms_per_playout, 0.96);
    let per_second = ludii.moves_per_second().unwrap();
    assert!(
        (per_second - 199.81 / 0.96 * 1000.0).abs() < 1e-6,
        "{per_second}"
    );

    let by_id = figures.by_ruleset_id(Description::Ludii1313, 1626).unwrap();
    assert_eq!(by_id.path, ludii.path);

    // The GameDatabase text of Wari differs from 1.3.13's: its own row applies.
    let vendored = figures.for_vendored("Wari.lud").unwrap();
    assert_eq!(vendored.description, Description::GameDatabase134);
    assert_eq!(vendored.path, "Wari.lud");
    assert_eq!(vendored.line, 130);
    assert_eq!(vendored.play.as_ref().unwrap().mean_ms_per_playout, 0.82);
    // Oware's does not: the 1.3.13 row applies.
    let oware = figures.for_vendored("Oware.lud").unwrap();
    assert_eq!(oware.description, Description::Ludii1313);
    assert_eq!(oware.path, "board/sow/two_rows/Oware.lud");
    assert!(figures.for_vendored("Nowhere.lud").is_none());
}

#[test]
fn a_description_never_played_has_no_figures() {
    let figures = shipped();
    let row = figures
        .by_file_name(Description::GameDatabase134, "Muvalavala B.lud")
        .unwrap();
    assert_eq!(row.ruleset_id, None);
    assert_eq!(row.playouts_done, 0);
    assert!(row.play.is_none());
    assert_eq!(row.moves_per_second(), None);
}

const HEADER: &str = "description,set,path,game_name,id,players,n_rulesets,stochastic,playouts_requested,playouts_done,stop_reason,mean_moves,sd_moves,min_moves,max_moves,mean_turns,completion,natural_end,move_limit,turn_limit,other_end,over_default_turnlimit,p1_win_share,draw_share,win_counts,mean_ms_per_playout,compile_ms,exception";

const WARI: &str = "ludii-1.3.13,sow,board/sow/two_rows/Wari.lud,Wari,1626,2,0,false,100,100,complete,199.81,92.86,44,466,199.81,1.0000,100,0,0,0,0,0.4600,0.0600,none:6;p1:46;p2:48,0.96,16,";

fn read(text: &str) -> (LudiiFigures, Vec<Diagnostic>) {
    let mut report = Report::default();
    let mut figures = LudiiFigures::default();
    figures.add(Path::new("hostile.csv"), text, &mut report);
    (figures, report.diagnostics)
}

fn located(diagnostics: &[Diagnostic]) -> Vec<(u64, &str)> {
    diagnostics
        .iter()
        .map(|d| (d.line.unwrap_or(0), d.field.as_deref().unwrap_or("")))
        .collect()
}

#[test]
fn a_hostile_table_is_reported_row_by_row_and_the_good_rows_are_kept() {
    let rows = [
        // 2: good.
        WARI.to_string(),
        // 3: a mean that is not a number, and a share above 1.
        WARI.replace("Wari.lud,Wari,1626", "Oware.lud,Oware,69")
            .replace("199.81,92.86", "many,92.86")
            .replace("0.4600,", "1.4600,"),
        // 4: Wari's id again.
        WARI.replace("Wari.lud,Wari", "Awari.lud,Awari"),
        // 5: a field short.
        WARI.replace(",16,", ",16"),
        // 6: win counts for three players of a two-player game.
        WARI.replace("Wari.lud,Wari,1626", "Kalah.lud,Kalah,7")
            .replace("p2:48", "p2:40;p3:8"),
        // 7: ends that do not add up to the playouts done.
        WARI.replace("Wari.lud,Wari,1626", "Bao.lud,Bao,8")
            .replace(",1.0000,100,0,", ",1.0000,90,0,"),
        // 8: an unknown description and set.
        WARI.replace("ludii-1.3.13,sow", "ludii-9,board")
            .replace("Wari.lud,Wari,1626", "Ayo.lud,Ayo,9"),
        // 9: a quoted name with a comma, good.
        WARI.replace(
            "board/sow/two_rows/Wari.lud,Wari,1626",
            "\"board/sow/two_rows/Ayo, Yoruba.lud\",\"Ayo, Yoruba\",10",
        ),
        // 10: figures for a description never played.
        WARI.replace("Wari.lud,Wari,1626", "Ga.lud,Ga,11")
            .replace("100,100,complete", "100,0,complete"),
    ];
    let unix = format!("{HEADER}\n{}\n", rows.join("\n"));
    let (figures, diagnostics) = read(&unix);
    // Lines are the same with Windows line ends, as the shipped tables have.
    let (_, windows) = read(&unix.replace('\n', "\r\n"));
    assert_eq!(located(&windows), located(&diagnostics));
    let kept: Vec<&str> = figures
        .rows()
        .iter()
        .map(|r| r.game_name.as_str())
        .collect();
    assert_eq!(kept, ["Wari", "Ayo, Yoruba"]);
    assert_eq!(figures.rows()[1].line, 9);
    let places = located(&diagnostics);
    for expected in [
        (3, "mean_moves"),
        (3, "p1_win_share"),
        (4, "id"),
        (5, ""),
        (6, "win_counts"),
        (7, "natural_end"),
        (8, "description"),
        (8, "set"),
        (10, "mean_moves"),
    ] {
        assert!(places.contains(&expected), "{expected:?} in {places:?}");
    }
    assert!(
        diagnostics
            .iter()
            .all(|d| d.file == Path::new("hostile.csv") && d.is_error())
    );
    let shown = diagnostics[0].to_string();
    assert!(
        shown.starts_with("hostile.csv:3: error: field `mean_moves`"),
        "{shown}"
    );
    assert!(shown.contains("`many` is not a number"), "{shown}");
    let duplicate = diagnostics.iter().find(|d| d.line == Some(4)).unwrap();
    assert!(duplicate.message.contains("hostile.csv:2"), "{duplicate}");
}

#[test]
fn a_table_without_a_column_is_refused_naming_the_column() {
    let header = HEADER.replace(",mean_ms_per_playout", "");
    let row = WARI.replace(",0.96,16,", ",16,");
    let (figures, diagnostics) = read(&format!("{header}\n{row}\n"));
    assert!(figures.rows().is_empty());
    assert_eq!(located(&diagnostics), [(1, "mean_ms_per_playout")]);
    assert!(diagnostics[0].message.contains("no such column"));
    let twice = format!("{HEADER},players\n{WARI},2\n");
    let (figures, diagnostics) = read(&twice);
    assert!(figures.rows().is_empty());
    assert_eq!(located(&diagnostics), [(1, "players")]);
}

#[test]
fn a_file_name_twice_for_one_description_is_refused() {
    let again = WARI.replace(",1626,", ",1627,");
    let (figures, diagnostics) = read(&format!("{HEADER}\n{WARI}\n{again}\n"));
    assert_eq!(figures.rows().len(), 1);
    assert_eq!(located(&diagnostics), [(3, "path")]);
    // The same description in the other table is another text, not a duplicate.
    let gamedatabase = WARI.replace(
        "ludii-1.3.13,sow,board/sow/two_rows/",
        "gamedatabase-1.3.4,gdb,",
    );
    let (figures, diagnostics) = read(&format!("{HEADER}\n{WARI}\n{gamedatabase}\n"));
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(figures.rows().len(), 2);
}

#[test]
fn the_seven_games_have_their_speed_and_both_goals_are_read() {
    let mut report = Report::default();
    let speed = Speed::load(&corpus_root(), &mut report).expect("speed.yaml reads");
    assert!(report.diagnostics.is_empty(), "{report}");
    assert_eq!(*speed.goals.seven.times, 150.0);
    assert_eq!(*speed.goals.family.times, 100.0);
    assert_eq!(speed.games.len(), 7, "the seven games");
    let tuz = speed.game("tuz").unwrap();
    assert_eq!(tuz.playouts_per_second.value, [5.8, 9.3]);
    assert_eq!(tuz.moves_per_second.value, [29e3, 44e3]);
}

#[test]
fn a_hostile_speed_file_is_reported_with_line_and_field() {
    let text = std::fs::read_to_string(corpus_root().join(corpus::ludii::SPEED_FILE)).unwrap();
    let file = Path::new("speed.yaml");
    let line_of = |needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .map(|i| i as u64 + 1)
            .unwrap()
    };
    let swapped = text
        .replace("[5.8, 9.3]", "[9.3, 5.8]")
        .replace("times: 100", "times: 0");
    let mut report = Report::default();
    assert!(Speed::parse(file, &swapped, &mut report).is_none());
    assert_eq!(
        located(&report.diagnostics),
        [
            (line_of("times: 100"), "goals.family.times"),
            (line_of("[5.8, 9.3]"), "games.tuz.playouts_per_second")
        ]
    );
    let unknown = text.replace("    players: 2\n", "    players: 2\n    speed: 3\n");
    let mut report = Report::default();
    assert!(Speed::parse(file, &unknown, &mut report).is_none());
    let error = &report.diagnostics[0];
    assert!(error.line.is_some(), "{error}");
    assert!(error.message.contains("speed"), "{error}");
}
