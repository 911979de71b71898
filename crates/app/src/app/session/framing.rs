//! Where the world view's camera looks: the frame a scenario opens with (its own view,
//! else everything fitted above the status bar), and where a following camera wants to
//! be ([`super::View::follow`]).

use super::{Follow, Selection, Session};
use crate::scenario;
use crate::scenario::camera::{scene_bounds, Camera, Pane};
use glam::Vec2;

impl Session {
    /// The camera for `pane`: the scenario's own view if it sets one (and `refit` is
    /// not asked), else everything in the scene fitted in above the status bar.
    pub fn opening_camera(&self, pane: Pane, refit: bool) -> Camera {
        let view = self.doc.scenario.view.as_ref().filter(|_| !refit);
        let bar = 28.0;
        let above = Pane {
            h: (pane.h - bar).max(1.0),
            ..pane
        };
        let fitted = self
            .runs
            .lanes
            .first()
            .map(|lane| {
                let (lo, hi) = scene_bounds(lane.shown());
                let mut camera = Camera::fit_bounds(lo, hi, above);
                camera.center.y += bar * 0.5 / camera.zoom;
                camera
            })
            .unwrap_or(Camera {
                center: Vec2::ZERO,
                zoom: 1.0,
            });
        Camera {
            center: view.and_then(|v| v.center).unwrap_or(fitted.center),
            zoom: view.and_then(|v| v.zoom).unwrap_or(fitted.zoom),
        }
    }

    /// Where a following camera ([`View::follow`]) wants to be for `pane`, from
    /// `camera` (whose zoom following the selection keeps); `None` when it stays put.
    pub fn follow_camera(&self, camera: Camera, pane: Pane) -> Option<Camera> {
        let world = self.runs.lanes.first()?.shown();
        match self.view.follow {
            Follow::Fixed => None,
            Follow::Fit | Follow::Keep => {
                let (lo, hi) = self
                    .runs
                    .lanes
                    .iter()
                    .filter_map(|lane| scenario::camera::action_bounds(lane.shown()))
                    .reduce(|(a, b), (c, d)| (a.min(c), b.max(d)))?;
                let bar = 28.0;
                let above = Pane {
                    h: (pane.h - bar).max(1.0),
                    ..pane
                };
                if self.view.follow == Follow::Keep && in_view(camera, pane, above, (lo, hi)) {
                    return None;
                }
                let mut goal = Camera::fit_action(lo, hi, above);
                goal.center.y += bar * 0.5 / goal.zoom;
                Some(goal)
            }
            Follow::Selection => {
                let selected = match self.view.selected {
                    Some(Selection::Missile { lane, id }) => self
                        .runs
                        .lanes
                        .get(lane)
                        .and_then(|l| l.shown().missile(id))
                        .map(|m| m.body.pos),
                    Some(Selection::Target(id)) => world.target(id).map(|t| t.pos),
                    Some(Selection::Launcher(i)) => world.launchers().get(i).map(|l| l.spec.pos),
                    Some(Selection::Obstacle(i)) => {
                        world.obstacles().get(i).map(|o| o.shape().bounds().0)
                    }
                    Some(Selection::Agent { crowd, agent }) => world
                        .crowds()
                        .get(crowd)
                        .and_then(|c| c.agents.get(agent))
                        .map(|a| a.pos),
                    None => None,
                };
                let newest = || {
                    world
                        .missiles()
                        .iter()
                        .max_by_key(|m| m.id)
                        .map(|m| m.body.pos)
                };
                let first_target = || world.targets().iter().find(|t| !t.decoy).map(|t| t.pos);
                let center = selected.or_else(newest).or_else(first_target)?;
                Some(Camera { center, ..camera })
            }
        }
    }
}

/// Pixels from the edge of the view inside which [`Follow::Keep`] takes the action for
/// in view (half the room a fit leaves it). Outside it, the camera eases towards the fit
/// only until the action is back inside: it pushes ahead of what moves out.
pub const KEEP_MARGIN: f32 = scenario::camera::FIT_ROOM * 0.5;

/// Whether `lo..hi` shows through `camera` on `pane` within `visible` (the part of the
/// pane above the status bar), [`KEEP_MARGIN`] inside its edges.
fn in_view(camera: Camera, pane: Pane, visible: Pane, (lo, hi): (Vec2, Vec2)) -> bool {
    let (a, b) = (camera.to_screen(pane, lo), camera.to_screen(pane, hi));
    let edge = Vec2::splat(KEEP_MARGIN);
    let top_left = Vec2::new(visible.x, visible.y) + edge;
    let bottom_right = Vec2::new(visible.x + visible.w, visible.y + visible.h) - edge;
    a.min(b).cmpge(top_left).all() && a.max(b).cmple(bottom_right).all()
}
