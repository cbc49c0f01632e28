//! Ludii's own figures, measured by running Ludii: its random play of every sowing, race and
//! Tâb-like description it ships and of the GameDatabase's sowing descriptions
//! (`corpus/ludii/figures/`, [`LudiiFigures`]), and its speed on the seven games with the
//! project's goals against it (`corpus/ludii/figures/speed.yaml`, [`Speed`]).
//!
//! `corpus/ludii/figures/measured.yaml` beside them (Ludii's play of the seven games under its default
//! caps) is read by `verify::ludii`. The figures here were measured under other caps and are
//! compared only like with like.

mod figures;
mod speed;

pub use figures::{
    Caps, Description, DescriptionSet, FIGURES_DIR, FiguresRow, LudiiFigures, Play, StopReason,
    WinCounts,
};
pub use speed::{Goal, Goals, SPEED_FILE, Speed, SpeedAnchor};
