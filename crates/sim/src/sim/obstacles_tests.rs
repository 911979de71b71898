use super::*;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn polygon(points: &[(f32, f32)]) -> ObstacleSpec {
    ObstacleSpec::Polygon(PolygonObstacle {
        points: points.iter().map(|&(x, y)| v(x, y)).collect(),
        terrain: false,
    })
}

fn problems(o: &ObstacleSpec) -> Vec<String> {
    o.problems()
        .into_iter()
        .map(|(f, m)| format!("{f}: {m}"))
        .collect()
}

#[test]
fn convex_polygons_either_way_round_are_accepted() {
    let square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
    assert!(problems(&polygon(&square)).is_empty());
    let mut reversed = square;
    reversed.reverse();
    assert!(problems(&polygon(&reversed)).is_empty());
    assert!(problems(&polygon(&[(0.0, 0.0), (4.0, 0.0), (0.0, 3.0)])).is_empty());
    // A corner on a straight edge turns neither way: still convex.
    let with_midpoint = [
        (0.0, 0.0),
        (5.0, 0.0),
        (10.0, 0.0),
        (10.0, 10.0),
        (0.0, 10.0),
    ];
    assert!(problems(&polygon(&with_midpoint)).is_empty());
}

#[test]
fn polygons_that_are_not_convex_shapes_are_refused_with_why() {
    assert_eq!(
        problems(&polygon(&[(0.0, 0.0), (1.0, 1.0)])),
        ["points: expected at least 3 corners, found 2"]
    );
    assert_eq!(
        problems(&polygon(&[(0.0, 0.0), (1.0, 1.0), (3.0, 3.0)])),
        ["points: expected corners not all on one line"]
    );
    // An arrow head: the notch at (5, 4) turns the other way.
    let arrow = [(0.0, 0.0), (5.0, 4.0), (10.0, 0.0), (5.0, 10.0)];
    assert_eq!(
        problems(&polygon(&arrow)),
        ["points: expected a convex polygon: the corners turn both ways"]
    );
    // A pentagram turns one way at every corner but goes round twice.
    let star: Vec<(f32, f32)> = (0..5)
        .map(|k| {
            let a = (k * 2) as f32 * std::f32::consts::TAU / 5.0;
            (10.0 * a.cos(), 10.0 * a.sin())
        })
        .collect();
    assert_eq!(
        problems(&polygon(&star)),
        ["points: expected a convex polygon: the corners go round more than once"]
    );
    // The same five corners in order round the circle: a convex pentagon.
    let pentagon: Vec<(f32, f32)> = (0..5)
        .map(|k| {
            let a = k as f32 * std::f32::consts::TAU / 5.0;
            (10.0 * a.cos(), 10.0 * a.sin())
        })
        .collect();
    assert!(problems(&polygon(&pentagon)).is_empty());
}

#[test]
fn a_wall_needs_two_different_ends_and_a_circle_has_no_rule_beyond_its_fields() {
    let wall = |to| {
        ObstacleSpec::Wall(WallObstacle {
            from: v(1.0, 2.0),
            to,
            terrain: true,
        })
    };
    assert_eq!(
        problems(&wall(v(1.0, 2.0))),
        ["to: expected an end different from `from`: a wall of no length"]
    );
    assert!(problems(&wall(v(1.0, 3.0))).is_empty());
    let circle = ObstacleSpec::Circle(CircleObstacle {
        center: v(0.0, 0.0),
        radius: 5.0,
        terrain: false,
    });
    assert!(problems(&circle).is_empty());
}

#[test]
fn each_kind_gives_its_shape_terrain_flag_name_and_moves_whole() {
    let circle = ObstacleSpec::Circle(CircleObstacle {
        center: v(1.0, 2.0),
        radius: 3.0,
        terrain: true,
    });
    assert_eq!(
        circle.shape(),
        Obstacle::Circle {
            center: v(1.0, 2.0),
            radius: 3.0
        }
    );
    assert!(circle.terrain());
    assert_eq!(circle.kind(), "Circle");
    assert_eq!(
        circle.moved(v(10.0, -1.0)).shape(),
        Obstacle::Circle {
            center: v(11.0, 1.0),
            radius: 3.0
        }
    );
    let square = polygon(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)]);
    assert!(!square.terrain());
    assert_eq!(square.kind(), "Polygon");
    assert_eq!(
        square.moved(v(2.0, 3.0)).shape(),
        Obstacle::Polygon {
            points: vec![v(2.0, 3.0), v(3.0, 3.0), v(3.0, 4.0)]
        }
    );
    let wall = ObstacleSpec::Wall(WallObstacle {
        from: v(0.0, 0.0),
        to: v(0.0, 5.0),
        terrain: true,
    });
    assert!(wall.terrain());
    assert_eq!(wall.kind(), "Wall");
    assert_eq!(
        wall.moved(v(1.0, 1.0)).shape(),
        Obstacle::Wall {
            a: v(1.0, 1.0),
            b: v(1.0, 6.0)
        }
    );
}

#[test]
fn described_fields_read_and_write_each_kinds_own_numbers() {
    let mut circle = ObstacleSpec::Circle(CircleObstacle {
        center: v(1.0, 2.0),
        radius: 3.0,
        terrain: false,
    });
    let names: Vec<&str> = circle.fields().iter().map(|f| f.name).collect();
    assert_eq!(names, ["center", "radius", "terrain"]);
    assert_eq!(circle.get("radius"), Some(Value::Number(3.0)));
    assert!(circle.set("radius", Value::Number(7.5)));
    assert!(circle.set("terrain", Value::Flag(true)));
    assert!(!circle.set("points", Value::Number(1.0)));
    assert_eq!(circle.shape().bounds().1, 7.5);
    assert!(circle.terrain());
    let wall = ObstacleSpec::Wall(WallObstacle {
        from: v(0.0, 0.0),
        to: v(0.0, 5.0),
        terrain: true,
    });
    let names: Vec<&str> = wall.fields().iter().map(|f| f.name).collect();
    assert_eq!(names, ["from", "to", "terrain"]);
    let square = polygon(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)]);
    assert_eq!(square.fields()[0].name, "points");
    assert_eq!(square.fields()[0].label, "corners");
}

fn first_contact(shapes: &[Obstacle], from: Vec2, to: Vec2, radius: f32) -> Option<f32> {
    let mut terrain = Terrain::default();
    shapes.iter().for_each(|s| terrain.push(s.clone()));
    assert_eq!(terrain.shapes(), shapes);
    terrain.first_contact(from, to, radius)
}

fn square() -> Obstacle {
    Obstacle::Polygon {
        points: vec![v(0.0, 0.0), v(10.0, 0.0), v(10.0, 10.0), v(0.0, 10.0)],
    }
}

#[test]
fn a_move_crossing_a_surface_touches_where_its_centre_crosses() {
    // From x = -10 to x = 10 along y = 5: the square's left edge (x = 0) at half the move.
    assert_eq!(
        first_contact(&[square()], v(-10.0, 5.0), v(10.0, 5.0), 1.0),
        Some(0.5)
    );
    // A circle of radius 5 at (20, 0), approached along the x axis from 0 to 20: its
    // surface at x = 15, three quarters of the way.
    let circle = Obstacle::Circle {
        center: v(20.0, 0.0),
        radius: 5.0,
    };
    assert_eq!(
        first_contact(&[circle], v(0.0, 0.0), v(20.0, 0.0), 0.5),
        Some(0.75)
    );
    // The nearer of two: the square's edge at 0.5 before the circle's surface further on.
    let far = Obstacle::Circle {
        center: v(30.0, 5.0),
        radius: 5.0,
    };
    assert_eq!(
        first_contact(&[far, square()], v(-10.0, 5.0), v(30.0, 5.0), 0.0),
        Some(0.25)
    );
    // A wall crossed at a third of the move.
    let wall = Obstacle::Wall {
        a: v(1.0, -5.0),
        b: v(1.0, 5.0),
    };
    assert_eq!(
        first_contact(&[wall], v(0.0, 0.0), v(3.0, 0.0), 0.0),
        Some(1.0 / 3.0)
    );
}

#[test]
fn grazing_within_the_radius_touches_at_the_end_and_starting_within_it_at_once() {
    // Passing 1.5 units above the square's top (y = -1.5) never crosses it: with a
    // radius of 1 it misses, with 2 it ends the move within reach.
    let (from, to) = (v(-10.0, -1.5), v(5.0, -1.5));
    assert_eq!(first_contact(&[square()], from, to, 1.0), None);
    assert_eq!(first_contact(&[square()], from, to, 2.0), Some(1.0));
    // Starting inside, or within the radius of the surface: at once.
    assert_eq!(
        first_contact(&[square()], v(5.0, 5.0), v(50.0, 5.0), 0.0),
        Some(0.0)
    );
    assert_eq!(
        first_contact(&[square()], v(-0.5, 5.0), v(-50.0, 5.0), 1.0),
        Some(0.0)
    );
    assert_eq!(
        first_contact(&[square()], v(-1.5, 5.0), v(-50.0, 5.0), 1.0),
        None
    );
    assert_eq!(first_contact(&[], v(0.0, 0.0), v(1.0, 1.0), 1.0), None);
}
