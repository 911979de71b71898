//! The laws' registry and tuning: problems named per field, notes, every law firing at
//! its own speed with its internals, unique ids and colours.

use super::*;
use glam::Vec2;

#[test]
fn problems_name_each_law_s_field_out_of_its_range() {
    let mut tuning = Tuning::default();
    assert!(tuning.problems().is_empty());
    // ga takes 0 to 1, a speed more than 0.
    assert!(tuning.set_unchecked(Algorithm::Smoothed, "ga", Value::Number(2.0)));
    assert!(tuning.set_unchecked(Algorithm::Intercept, "speed", Value::Number(-5.0)));
    let found: Vec<(Algorithm, String)> = (tuning.problems().into_iter())
        .map(|(algorithm, field, why)| {
            assert!(why.starts_with("expected"), "{why}");
            (algorithm, field)
        })
        .collect();
    assert_eq!(
        found,
        [
            (Algorithm::Smoothed, "ga".to_string()),
            (Algorithm::Intercept, "speed".to_string())
        ]
    );
}

#[test]
fn only_smoothed_derives_notes_from_its_parameters() {
    // Smoothed's time constant at ga = 0.9 and 60 ticks/s: -(1/60) / ln 0.9 = 0.158 s.
    let tuning = Tuning::default();
    assert_eq!(
        tuning.notes(Algorithm::Smoothed, 1.0 / 60.0),
        ["time constant τ = -dt / ln(ga) = 0.158 s"]
    );
    for algorithm in Algorithm::ALL
        .into_iter()
        .filter(|a| *a != Algorithm::Smoothed)
    {
        assert!(
            tuning.notes(algorithm, 1.0 / 60.0).is_empty(),
            "{algorithm}"
        );
    }
}

#[test]
fn every_law_fires_from_its_launcher_at_its_own_speed_and_shows_its_internals() {
    // From (10, 20) moving (50, 0) at a still target 300 to the east, no gravity,
    // 0.1 s ticks: every built-in fires from the launch point heading east, and after
    // one tick it has readouts and shapes to show.
    let tuning = Tuning::default();
    let from = Vec2::new(10.0, 20.0);
    let launch = Launch::toward(
        from,
        Vec2::new(50.0, 0.0),
        Vec2::new(310.0, 20.0),
        Vec2::ZERO,
        0.1,
    );
    for algorithm in Algorithm::ALL {
        // What each starts at, by its own rule: smoothed homing from rest; turn-rate
        // pursuit and pro-nav at their speed; the intercept at its speed, straight at
        // the target; the shell at its muzzle speed (no gravity: straight); the
        // others keep the launcher's velocity.
        let speed = match algorithm {
            Algorithm::Smoothed => 0.0,
            Algorithm::TurnRate => tuning.turn_rate.effective_speeds().0,
            Algorithm::ProNav => tuning.pro_nav.speed,
            Algorithm::Intercept => tuning.intercept.speed,
            Algorithm::Ballistic => tuning.ballistic.speed,
            _ => 50.0,
        };
        let Some((mut guidance, mut body)) = Guidance::launch(algorithm, &tuning, &launch).unwrap()
        else {
            panic!("{algorithm} refused to fire");
        };
        assert_eq!(guidance.algorithm(), algorithm);
        assert_eq!(body.pos, from, "{algorithm}");
        assert_eq!(body.heading, 0.0, "{algorithm}");
        assert!(
            (body.vel - Vec2::new(speed, 0.0)).length() < 1e-3,
            "{algorithm}: {} against {speed}",
            body.vel
        );
        guidance.steer(&tuning, &mut body, &launch.seen);
        assert!(body.pos.x > from.x, "{algorithm}: {}", body.pos);
        assert!(
            !guidance.readouts(&tuning, 0.1).is_empty(),
            "{algorithm} shows no internals"
        );
        let mut shapes = Vec::new();
        guidance.debug_shapes(&tuning, &body, &launch.seen, &mut shapes);
        assert!(!shapes.is_empty(), "{algorithm} draws nothing");
    }
}

#[test]
fn ids_are_unique_and_name_their_section() {
    let ids: std::collections::BTreeSet<_> = Algorithm::ALL.iter().map(|a| a.id()).collect();
    assert_eq!(ids.len(), BUILTINS);
    for algorithm in Algorithm::ALL {
        assert_eq!(algorithm.id().replace('-', "_"), algorithm.section());
        assert_eq!(Algorithm::from_id(algorithm.id()), Some(algorithm));
        assert_eq!(format!("{algorithm:?}"), algorithm.id());
    }
    let colors: std::collections::BTreeSet<_> = Algorithm::ALL.iter().map(|a| a.color()).collect();
    assert_eq!(colors.len(), BUILTINS, "two laws share a colour");
}
