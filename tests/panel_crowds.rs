//! The panel with obstacles and crowds, headless with egui_kittest: an obstacle's editor
//! writes its own field to the document and the restarted world and removes it; a
//! selected crowd agent's inspector says why it steers as it does.
#![cfg(feature = "app")]

mod panel_common;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use egui_macroquad::egui::accesskit::{Action, ActionData, ActionRequest, Role};
use egui_macroquad::egui::Event;
use panel_common::State;
use steerlab::app::session::Selection;
use steerlab::scenario::{parse, Scenario};
use steerlab::sim::obstacles::ObstacleSpec;

type H = Harness<'static, State>;

/// A terrain circle and a wall, and a crowd of three agents at rest.
fn scenario() -> Scenario {
    parse(&scenario_text(), "test").unwrap_or_else(|e| panic!("{e}"))
}

fn scenario_text() -> String {
    r#"(version: 1, world: (width: 1000, height: 800),
        obstacles: [
            Circle(center: (300, 300), radius: 40, terrain: true),
            Wall(from: (600, 100), to: (600, 500)),
        ],
        crowds: [(name: "flock", count: 3, from: (700, 600), to: (760, 640), wander: 0)])"#
        .to_string()
}

fn click(harness: &mut H, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// Sets the first drag value after the one labelled `anchor` to `value`, as a screen
/// reader would.
fn set_after(harness: &mut H, anchor: &str, value: f64) {
    let target = harness
        .get_by_label(anchor)
        .following_siblings()
        .find(|n| n.role() == Role::SpinButton)
        .unwrap_or_else(|| panic!("no drag value after `{anchor}`"))
        .id();
    let request = ActionRequest {
        action: Action::SetValue,
        target,
        data: Some(ActionData::NumericValue(value)),
    };
    harness
        .input_mut()
        .events
        .push(Event::AccessKitActionRequest(request));
    harness.run();
}

/// Opens the crowd editor's goal list (the combo box after its last field, `wander`)
/// and picks `item` with the mouse.
fn pick_goal(harness: &mut H, item: &str) {
    let id = harness
        .get_by_label("wander")
        .following_siblings()
        .find(|n| n.role() == Role::ComboBox)
        .expect("the goal list after `wander`")
        .id();
    harness.get_by(move |n| n.id() == id).simulate_click();
    harness.run();
    harness.get_by_label(item).simulate_click();
    harness.run();
}

fn radius(o: &ObstacleSpec) -> f32 {
    o.shape().bounds().1
}

#[test]
fn an_obstacles_editor_writes_its_field_to_the_file_and_the_world_and_removes_it() {
    let mut harness = panel_common::harness(scenario(), false);
    click(&mut harness, "Targets, launchers, obstacles and crowds");
    click(&mut harness, "obstacle 1: circle, terrain");
    assert_eq!(
        harness.state().session.view.selected,
        Some(Selection::Obstacle(0))
    );
    set_after(&mut harness, "radius (units)", 75.0);
    let session = &harness.state().session;
    assert_eq!(radius(&session.doc.scenario.obstacles[0]), 75.0);
    assert_eq!(radius(&session.runs.lanes[0].world.obstacles()[0]), 75.0);
    // The wall is as it was.
    assert_eq!(session.doc.scenario.obstacles[1], scenario().obstacles[1]);
    // The field keeps to its range: asked for 0, it takes the least radius, 0.001.
    set_after(&mut harness, "radius (units)", 0.0);
    let session = &harness.state().session;
    assert_eq!(radius(&session.doc.scenario.obstacles[0]), 0.001);
    click(&mut harness, "Remove this obstacle");
    let session = &harness.state().session;
    assert_eq!(session.doc.scenario.obstacles, scenario().obstacles[1..]);
    assert_eq!(session.runs.lanes[0].world.obstacles().len(), 1);
    assert!(harness.query_by_label("obstacle 1: wall").is_some());
}

#[test]
fn a_selected_agent_is_inspected_part_by_part() {
    let mut harness = panel_common::harness(scenario(), false);
    assert!(harness.query_by_label("agent 1 of crowd 1").is_none());
    harness.state_mut().session.view.selected = Some(Selection::Agent { crowd: 0, agent: 1 });
    harness.run();
    assert!(harness.query_by_label("agent 1 of crowd 1").is_some());
    let line = |start: &str| {
        // A label's text is its value.
        let found = harness.get_by_label_contains(start);
        found.value().or_else(|| found.label()).unwrap_or_default()
    };
    let neighbours = line("neighbours ");
    assert!(neighbours.ends_with(" within 30 units"), "{neighbours}");
    // At rest with nothing near: no avoidance, no alignment, no wander (weighted 0).
    for none in [
        "obstacle avoidance",
        "wall avoidance",
        "containment",
        "alignment",
        "wander",
    ] {
        let text = line(none);
        assert!(text.ends_with(" 0.00"), "{text}");
    }
    assert!(!line("separation").ends_with(" 0.00"));
    assert!(line("steers by").ends_with("(at most 300)"));
    // At rest its detection box is as long as its look-ahead, the feelers' length.
    assert_eq!(line("looks ahead"), "looks ahead 30.00 units (feelers 30)");
    // Parts this crowd does not have are not listed; weighted, they are.
    for absent in ["collision avoidance", "queueing", "goal"] {
        assert!(
            harness.query_by_label_contains(absent).is_none(),
            "{absent}"
        );
    }
    let text = scenario_text().replace("wander: 0", "wander: 0, collisions: 1, queueing: 2");
    let mut harness = panel_common::harness(parse(&text, "test").unwrap(), false);
    harness.state_mut().session.view.selected = Some(Selection::Agent { crowd: 0, agent: 1 });
    harness.run();
    for present in ["collision avoidance", "queueing"] {
        assert!(
            harness.query_by_label_contains(present).is_some(),
            "{present}"
        );
    }
}

#[test]
fn a_crowds_goal_is_chosen_and_edited_in_the_panel_and_reaches_the_world() {
    use steerlab::sim::goal::{arrive::Arrive, Goal, GoalModel};
    let mut harness = panel_common::harness(scenario(), false);
    click(&mut harness, "Targets, launchers, obstacles and crowds");
    click(&mut harness, "crowd 1 flock: 3 agents, flocking");
    pick_goal(&mut harness, "arrive at a point");
    // Placed in the middle of the spawn area, (730, 620), with its defaults.
    let placed = Goal::Arrive(Arrive::starting_at(glam::Vec2::new(730.0, 620.0)));
    let session = &harness.state().session;
    assert_eq!(session.doc.scenario.crowds[0].goal, Some(placed));
    set_after(&mut harness, "slowing radius (units)", 240.0);
    let session = &harness.state().session;
    let Some(Goal::Arrive(a)) = &session.doc.scenario.crowds[0].goal else {
        panic!("{:?}", session.doc.scenario.crowds[0].goal);
    };
    assert_eq!(a.slowing, 240.0);
    // The restarted world flies it.
    let world = &session.runs.lanes[0].world;
    assert_eq!(
        world.crowds()[0].params.goal,
        session.doc.scenario.crowds[0].goal
    );
    assert!(harness
        .query_by_label("crowd 1 flock: 3 agents, arrive at a point")
        .is_some());
    // A selected agent's inspector says what the goal asks.
    harness.state_mut().session.view.selected = Some(Selection::Agent { crowd: 0, agent: 0 });
    harness.run();
    let line = harness
        .get_by_label_contains("goal: arrive at a point (weight 1): steers to (730.0, 620.0)");
    assert!(line.label().is_some() || line.value().is_some());
    // Back to no goal.
    pick_goal(&mut harness, "no goal (flock only)");
    assert_eq!(harness.state().session.doc.scenario.crowds[0].goal, None);
}

#[test]
fn a_selected_agent_is_plotted_tick_by_tick_and_its_quantity_picked() {
    use steerlab::sim::agent_telemetry::AgentQuantity;
    let mut harness = panel_common::harness(scenario(), false);
    harness.state_mut().session.view.selected = Some(Selection::Agent { crowd: 0, agent: 1 });
    harness.run();
    click(&mut harness, "plot this agent");
    assert_eq!(harness.state().session.runs.plots.agents, [(0, (0, 1))]);
    // Thirty ticks on: a sample per tick from 0, the last the agent as it is now.
    for _ in 0..30 {
        harness.state_mut().session.runs.step_once(u64::MAX);
    }
    harness.run();
    let runs = &mut harness.state_mut().session.runs;
    let speed = runs.lanes[0].world.crowds()[0].agents[1].vel.length();
    let steerlab::app::session::Runs { lanes, plots, .. } = runs;
    let samples = &plots.agent_samples(lanes.iter().map(|l| &l.history))[&(0, (0, 1))];
    assert_eq!(samples.len(), 31);
    assert_eq!(samples.last().unwrap().speed, speed);
    assert!(speed > 0.0, "separation sets it moving");
    // The plot's quantity is picked from its list (the panel's only list while the
    // scenario's sections are closed).
    assert!(harness.query_by_label("neighbours (agents)").is_none());
    harness.get_by_role(Role::ComboBox).simulate_click();
    harness.run();
    harness.get_by_label("neighbours (agents)").simulate_click();
    harness.run();
    let plots = &harness.state().session.runs.plots;
    assert_eq!(plots.agent_quantity, AgentQuantity::Neighbours);
    // This crowd follows no path: its distance to one has nothing to plot, and says so
    // (only then).
    let no_path = "Their crowds follow no path.";
    assert!(harness.query_by_label(no_path).is_none());
    harness.get_by_role(Role::ComboBox).simulate_click();
    harness.run();
    harness
        .get_by_label("distance to the path's spine (units)")
        .simulate_click();
    harness.run();
    assert!(harness.query_by_label(no_path).is_some());
    // Extended tick by tick, the series equals a replay of the whole history.
    let runs = &mut harness.state_mut().session.runs;
    for _ in 0..20 {
        runs.step_once(u64::MAX);
    }
    let steerlab::app::session::Runs { lanes, plots, .. } = runs;
    let extended = plots.agent_samples(lanes.iter().map(|l| &l.history))[&(0, (0, 1))].clone();
    plots.stale();
    let replayed = &plots.agent_samples(lanes.iter().map(|l| &l.history))[&(0, (0, 1))];
    assert_eq!(extended.len(), 51);
    assert_eq!(&extended, replayed);
    // A second click takes it off the plots.
    click(&mut harness, "plot this agent");
    assert!(harness.state().session.runs.plots.agents.is_empty());
    // Plotted again, then the scenario restarted (a new run): the plots start empty.
    click(&mut harness, "plot this agent");
    assert_eq!(harness.state().session.runs.plots.agents.len(), 1);
    harness.state_mut().session.restart();
    assert!(harness.state().session.runs.plots.agents.is_empty());
}

#[test]
fn plotting_an_agent_opens_the_closed_plots() {
    let mut harness = panel_common::harness(scenario(), false);
    harness.state_mut().session.view.selected = Some(Selection::Agent { crowd: 0, agent: 0 });
    harness.run();
    // Closed by hand: its help is hidden.
    let help = "Select missiles (or a crowd's agents)";
    assert!(harness.query_by_label_contains(help).is_some());
    click(&mut harness, "Plots");
    assert!(harness.query_by_label_contains(help).is_none());
    // Plotting the agent opens it on its plot.
    click(&mut harness, "plot this agent");
    harness.run();
    assert!(harness
        .query_by_label("Click a plot to jump to that moment.")
        .is_some());
    // An agent that is not there has nothing to plot, which is not for want of a path.
    let plots = &mut harness.state_mut().session.runs.plots;
    plots.toggle_agent(0, (0, 0));
    plots.toggle_agent(0, (0, 99));
    harness.run();
    assert!(harness
        .query_by_label("Their crowds follow no path.")
        .is_none());
}
