use super::super::tests::{scene_of, view, world};
use super::*;
use crate::sim::trails::Trails;

/// A terrain square, a wall that is not terrain and a terrain circle.
const THREE: &str = r#"(version: 1, world: (width: 1000, height: 1000),
    obstacles: [
        Polygon(points: [(100, 100), (200, 100), (200, 200), (100, 200)], terrain: true),
        Wall(from: (500, 0), to: (500, 300)),
        Circle(center: (700, 700), radius: 40, terrain: true),
    ])"#;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn line(a: Vec2, b: Vec2, width: f32, color: Rgba) -> Mark {
    Mark::Line {
        a: At::world(a),
        b: At::world(b),
        width,
        color,
    }
}

#[test]
fn terrain_is_earth_and_other_obstacles_slate_each_filled_faintly_and_outlined() {
    let w = world(THREE);
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    let earth = with_alpha(palette::TERRAIN, palette::OBSTACLE_FILL_ALPHA);
    let corners = [
        v(100.0, 100.0),
        v(200.0, 100.0),
        v(200.0, 200.0),
        v(100.0, 200.0),
    ];
    assert!(scene.marks.contains(&Mark::Polygon {
        points: corners.iter().map(|p| At::world(*p)).collect(),
        color: earth,
    }));
    // Its four edges, the last closing back to the first corner.
    for k in 0..4 {
        let edge = line(corners[k], corners[(k + 1) % 4], 1.5, palette::TERRAIN);
        assert!(scene.marks.contains(&edge), "edge {k}");
    }
    // The wall: one thick slate line.
    let wall = line(v(500.0, 0.0), v(500.0, 300.0), 3.0, palette::OBSTACLE);
    assert!(scene.marks.contains(&wall));
    // The circle: a faint disc and its outline, at least a pixel.
    let disc = |fill, width, color| Mark::Circle {
        center: At::world(v(700.0, 700.0)),
        radius: 40.0,
        min_px: 1.0,
        fill,
        width,
        color,
    };
    assert!(scene.marks.contains(&disc(true, 1.0, earth)));
    assert!(scene.marks.contains(&disc(false, 1.5, palette::TERRAIN)));
    assert!(scene.symbols.contains(&Symbol::Terrain));
    assert!(scene.symbols.contains(&Symbol::Obstacle));
    // Behind everything but the world's bounds: right after its four lines.
    assert!(matches!(&scene.marks[4], Mark::Polygon { .. }));
}

#[test]
fn the_selected_obstacle_is_outlined_in_the_selection_colour() {
    let w = world(THREE);
    let mut chosen = view();
    chosen.selected = Some(Selection::Obstacle(1));
    let scene = scene_of(&w, &Trails::default(), &[], &chosen);
    let wall = |color| line(v(500.0, 0.0), v(500.0, 300.0), 3.0, color);
    assert!(scene.marks.contains(&wall(palette::SELECTED)));
    assert!(!scene.marks.contains(&wall(palette::OBSTACLE)));
    // The others keep their colours.
    let edge = line(v(100.0, 100.0), v(200.0, 100.0), 1.5, palette::TERRAIN);
    assert!(scene.marks.contains(&edge));
}

#[test]
fn queued_moves_and_placements_show_where_they_will_be() {
    let mut w = world(THREE);
    let by = v(10.0, -5.0);
    w.apply(Input::MoveObstacle { obstacle: 1, by }).unwrap();
    w.apply(Input::MoveObstacle { obstacle: 1, by }).unwrap();
    let placed = ObstacleSpec::Wall(crate::sim::obstacles::WallObstacle {
        from: v(0.0, 0.0),
        to: v(0.0, 50.0),
        terrain: true,
    });
    w.apply(Input::AddObstacle(placed.clone())).unwrap();
    let shown = upcoming(&w);
    assert_eq!(shown.len(), 4);
    assert_eq!(shown[1], w.obstacles()[1].moved(v(20.0, -10.0)));
    assert_eq!(shown[3], placed);
    let scene = scene_of(&w, &Trails::default(), &[], &view());
    let moved = line(v(520.0, -10.0), v(520.0, 290.0), 3.0, palette::OBSTACLE);
    assert!(scene.marks.contains(&moved));
    let new = line(v(0.0, 0.0), v(0.0, 50.0), 3.0, palette::TERRAIN);
    assert!(scene.marks.contains(&new));
    // Once stepped, the world holds them as drawn.
    w.step();
    assert_eq!(w.obstacles(), upcoming(&w).as_slice());
}
