use super::*;
use crate::scenario::camera::scene_bounds;

/// The shipped terrain scenario (four obstacles), compared lane by lane, paused.
fn session() -> Session {
    let text = crate::scenario::presets::shipped("terrain").unwrap();
    let scenario = crate::scenario::parse(text, "terrain").unwrap();
    let mut s = Session::new(scenario, None);
    s.set_compare(true);
    s.runs.playing = false;
    s
}

fn centre(o: &ObstacleSpec) -> Vec2 {
    o.shape().bounds().0
}

#[test]
fn ctrl_click_places_a_terrain_circle_in_every_lane_and_the_file_and_undo_takes_it_back() {
    let mut s = session();
    assert!(s.runs.lanes.len() > 1);
    s.place_obstacle(Vec2::new(50.0, 60.0));
    let placed = ObstacleSpec::Circle(CircleObstacle {
        center: Vec2::new(50.0, 60.0),
        radius: 30.0,
        terrain: true,
    });
    assert_eq!(s.doc.scenario.obstacles.len(), 5);
    assert_eq!(s.doc.scenario.obstacles[4], placed);
    assert_eq!(
        s.messages.status.as_deref(),
        Some("placed obstacle 5, terrain (Ctrl+Z takes it back)")
    );
    // Queued in every lane (the view shows it at once), in the world from the next tick.
    for lane in &s.runs.lanes {
        assert_eq!(lane.world.pending(), [Input::AddObstacle(placed.clone())]);
        assert_eq!(crate::scene::upcoming_obstacles(&lane.world).len(), 5);
    }
    s.single_step();
    for lane in &s.runs.lanes {
        assert_eq!(lane.world.obstacles().len(), 5);
        assert_eq!(lane.world.terrain().len(), 4);
    }
    s.undo();
    assert_eq!(s.doc.scenario.obstacles.len(), 4);
    assert!(s.runs.lanes.iter().all(|l| l.world.obstacles().len() == 4));
}

#[test]
fn a_drag_moves_an_obstacle_in_every_lane_and_the_file_as_one_undo_step() {
    let mut s = session();
    let start = centre(&s.doc.scenario.obstacles[0]);
    s.move_obstacle(0, Vec2::new(10.0, 0.0), true);
    s.move_obstacle(0, Vec2::new(0.0, -4.0), false);
    let moved = start + Vec2::new(10.0, -4.0);
    assert!(centre(&s.doc.scenario.obstacles[0]).distance(moved) < 1e-3);
    // Both moves queued, shown where they lead, in the world after the tick.
    for lane in &s.runs.lanes {
        assert_eq!(lane.world.pending().len(), 2);
        let shown = crate::scene::upcoming_obstacles(&lane.world);
        assert!(centre(&shown[0]).distance(moved) < 1e-3);
    }
    s.single_step();
    for lane in &s.runs.lanes {
        assert!(centre(&lane.world.obstacles()[0]).distance(moved) < 1e-3);
        // The building is terrain: its shape moved with it.
        assert_eq!(lane.world.terrain()[0], lane.world.obstacles()[0].shape());
    }
    // One undo takes the whole drag back (and restarts).
    s.undo();
    assert_eq!(centre(&s.doc.scenario.obstacles[0]), start);
    assert_eq!(centre(&s.runs.lanes[0].world.obstacles()[0]), start);
    s.undo();
    assert_eq!(s.messages.status.as_deref(), Some("nothing to undo"));
}

#[test]
fn an_obstacle_that_does_not_exist_or_a_move_out_of_the_world_is_refused() {
    let mut s = session();
    s.move_obstacle(9, Vec2::ONE, true);
    assert!(s.runs.lanes.iter().all(|l| l.world.pending().is_empty()));
    s.move_obstacle(0, Vec2::new(2.0e7, 0.0), true);
    assert_eq!(
        s.messages.error.as_deref(),
        Some("cannot move the obstacle: the obstacle would leave ±10000000")
    );
    assert!(s.runs.lanes.iter().all(|l| l.world.pending().is_empty()));
    assert_eq!(
        centre(&s.doc.scenario.obstacles[0]),
        centre(&session().doc.scenario.obstacles[0])
    );
}

#[test]
fn the_opening_view_fits_the_obstacles_too() {
    let mut s = session();
    s.place_obstacle(Vec2::new(-500.0, 2000.0));
    s.single_step();
    let (lo, hi) = scene_bounds(s.runs.lanes[0].shown());
    // The placed circle (radius 30) at (-500, 2000) is inside the fitted bounds.
    assert!(lo.x <= -530.0 && hi.y >= 2030.0, "{lo} {hi}");
}
