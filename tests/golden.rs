//! Golden state hashes: the default scenario and one scenario per article, run for 600
//! ticks, must end in exactly these states, so any change of behaviour across versions
//! shows up here (as Box2D's samples do). When a change is meant to alter behaviour,
//! update the constant in the same commit and say why in its message.

use steerlab::scenario::{parse, presets};

/// `(shipped scenario, state hash after 600 ticks)`.
const GOLDEN: &[(&str, u64)] = &[
    ("default", 0x626558081b63814b),
    ("lunar-blast", 0x3eeb493f2a10c326),
    ("fly-program", 0xa63743795763399a),
    ("accelerating", 0x551c9024f3df179f),
    ("missile-command", 0x4515f9bc2982121d),
    ("heat-seeker", 0x62f81f448b812d9d),
    // With the airframe on (pins its rules, which the others leave off).
    ("apn-vs-pn", 0xd93224b09d8758e1),
    // Gravity and ballistic shells.
    ("artillery", 0x83a3a3e6572462e0),
    // Flares, seekers and decoys.
    ("flares", 0xa723828cb410c223),
];

fn hash_after(name: &str, ticks: u32) -> u64 {
    let scenario = parse(presets::shipped(name).unwrap(), name).unwrap();
    let mut world = scenario.build().unwrap();
    for _ in 0..ticks {
        world.step();
    }
    world.state_hash()
}

#[test]
fn shipped_scenarios_end_600_ticks_in_their_golden_states() {
    // Recorded before the algorithm registry refactor (the refactor keeps them).
    let found: Vec<(&str, u64)> = GOLDEN
        .iter()
        .map(|(name, _)| (*name, hash_after(name, 600)))
        .collect();
    for ((name, want), (_, got)) in GOLDEN.iter().zip(&found) {
        assert_eq!(
            *got, *want,
            "{name}: state hash after 600 ticks is {got:#018x}, golden {want:#018x}\nall now: {found:#x?}"
        );
    }
}
