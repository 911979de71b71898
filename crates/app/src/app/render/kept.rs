//! A pane's picture kept from frame to frame: when a frame would draw exactly what the
//! last one drew (the same scene through the same camera in the same place), the kept
//! picture is copied to the screen instead of drawing its thousands of marks again.
//!
//! Under a software OpenGL (Mesa's llvmpipe, Xvfb, a VM) drawing is most of a frame: a
//! game of 1,000 streamed entities took the renderer's threads about 25 ms a frame at
//! 1400x900, and its view changes only when the next part of the stream has been run
//! (a few times a second, `docs/live.md`); a paused run, a recording looked at, or a
//! finished engagement do not change at all. A copy costs about what clearing the pane
//! does.
//!
//! A view that changes every frame (a run playing) is drawn straight to the screen, as
//! before: it goes through the kept picture only after a frame that could copy it (one
//! frame repeating the last), so it pays nothing for what it cannot use.
//!
//! A picture is not even built when what it is built from is what the last frame's was
//! ([`Inputs`]: the shown lanes' revisions and the view): building the scene of 1,000
//! streamed entities took the window's thread about 3 ms a frame.

use super::blit;
use super::painter::{can_copy, clip, copy};
use crate::scenario::camera::{Camera, Pane};
use crate::scene::{Scene, View};
use macroquad::camera::{set_camera, set_default_camera, Camera2D};
use macroquad::color::{Color, WHITE};
use macroquad::math::{vec2, Rect};
use macroquad::texture::{
    draw_texture_ex, render_target, DrawTextureParams, FilterMode, RenderTarget,
};
use macroquad::window::{clear_background, screen_dpi_scale};

/// Everything a pane's picture is made of: equal pictures draw the same pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    pub scene: Scene,
    pub pane: Pane,
    pub camera: Camera,
    /// The pane's label (split panes), else the algorithms' legend is drawn.
    pub label: Option<String>,
    /// Whether the symbols' legend is drawn.
    pub legend: bool,
}

/// What a pane's picture is built from: equal inputs build equal pictures.
#[derive(Clone, Debug, PartialEq)]
pub struct Inputs {
    /// The lanes shown, each with its place among the runs' lanes and its revision
    /// (`Lane::revision`: new whenever its worlds, trails, blasts or ghost may have
    /// changed).
    pub lanes: Vec<(usize, [u64; 5])>,
    pub view: View,
    /// The pane's label (split panes), else the algorithms' legend is drawn.
    pub label: Option<String>,
    /// Whether the symbols' legend is drawn.
    pub legend: bool,
}

/// One pane's kept picture.
#[derive(Default)]
pub struct Kept {
    /// What the last frame drew in this pane, and what it was built from.
    last: Option<(Inputs, Picture)>,
    /// The texture the picture is drawn into.
    target: Option<RenderTarget>,
    /// What the frames have been doing.
    state: State,
    /// Whether copies are blitted ([`blit::blits`]), and whether pictures are kept upside
    /// down ([`blit::turned`]), once asked.
    asked: Option<(bool, bool)>,
    /// The framebuffer the blits read the texture through.
    reader: Option<blit::Reader>,
}

/// What a pane's frames have been doing: whether the texture holds the last picture, and
/// whether the last frame repeated the one before it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct State {
    holds_last: bool,
    repeated: bool,
}

/// How a frame puts its picture on the screen.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Way {
    /// The texture holds it: copy it.
    Copy,
    /// Draw it into the texture (kept for the frames to come), then copy it.
    Keep,
    /// Draw it straight to the screen.
    Direct,
}

impl State {
    /// How to put a picture on the screen, given whether it is the `same` as the last
    /// frame's: a picture repeated, or following a repeat (a view that mostly stands
    /// still), is kept; one of a view changing every frame is drawn directly.
    fn way(self, same: bool) -> Way {
        match (same, self.holds_last, self.repeated) {
            (true, true, _) => Way::Copy,
            (true, false, _) | (false, _, true) => Way::Keep,
            (false, _, false) => Way::Direct,
        }
    }

    /// The state after a frame that put its picture on the screen `way` (`Keep` falls
    /// back to `Direct` where no texture could be had).
    fn after(self, same: bool, way: Way) -> State {
        State {
            holds_last: way != Way::Direct,
            repeated: same,
        }
    }
}

impl Kept {
    /// Draws the picture of `inputs` (`build` makes it, unless the last frame's inputs
    /// were the same) in its pane with `draw` (in the screen's points, over the pane's
    /// `background`), or copies the kept one if it is the same.
    pub fn draw(
        &mut self,
        inputs: Inputs,
        build: impl FnOnce(&Inputs) -> Picture,
        background: Color,
        draw: impl Fn(&Picture),
    ) {
        let same = self.picture_for(inputs, build);
        let Some((inputs, picture)) = self.last.take() else {
            return;
        };
        let pane = picture.pane;
        let scale = screen_dpi_scale();
        let mut way = self.state.way(same);
        if way == Way::Keep {
            match self.target_for(pixels(pane, scale)) {
                Some(target) => {
                    let mut camera = Camera2D::from_display_rect(covered(pane, scale));
                    if self.turned() {
                        camera.zoom.y = -camera.zoom.y;
                        camera.target.y -= blit::SUBPIXEL / scale;
                    }
                    camera.render_target = Some(target);
                    set_camera(&camera);
                    clear_background(background);
                    draw(&picture);
                    set_default_camera();
                }
                None => way = Way::Direct,
            }
        }
        match way {
            Way::Copy | Way::Keep => self.copy(pane, scale),
            Way::Direct => {
                clip(Some(pane));
                draw(&picture);
                clip(None);
            }
        }
        self.state = self.state.after(same, way);
        self.last = Some((inputs, picture));
    }

    /// Whether the picture of `inputs` will be copied whole from the texture this frame:
    /// built from the same inputs as the last frame's, which the texture holds.
    pub fn copies(&self, inputs: &Inputs) -> bool {
        self.state.holds_last && self.last.as_ref().is_some_and(|(last, _)| last == inputs)
    }

    /// Makes the last picture the one of `inputs`: the last frame's if it was built from
    /// the same inputs, else `build`'s. Whether it is the same picture as the last
    /// frame's.
    fn picture_for(&mut self, inputs: Inputs, build: impl FnOnce(&Inputs) -> Picture) -> bool {
        if self.last.as_ref().is_some_and(|(last, _)| *last == inputs) {
            return true;
        }
        let picture = build(&inputs);
        let same = self.last.as_ref().is_some_and(|(_, last)| *last == picture);
        self.last = Some((inputs, picture));
        same
    }

    /// The texture for a picture of `(w, h)` pixels: the one kept if it has the size,
    /// else a new one; none if there are no pixels or the copying material could not be
    /// made.
    fn target_for(&mut self, (w, h): (u32, u32)) -> Option<RenderTarget> {
        if w == 0 || h == 0 || !can_copy() {
            return None;
        }
        let fits = self.target.as_ref().is_some_and(|t| {
            let size = t.texture.size();
            (size.x as u32, size.y as u32) == (w, h)
        });
        if !fits {
            let target = render_target(w, h);
            target.texture.set_filter(FilterMode::Nearest);
            if self.turned() {
                blit::lay_out_as_the_screen(&target.texture);
            }
            self.target = Some(target);
        }
        self.target.clone()
    }

    /// Whether copies are blitted ([`blit::blits`]; asked once).
    fn blits(&mut self) -> bool {
        self.asked().0
    }

    /// Whether pictures are kept upside down ([`blit::turned`]; asked once).
    fn turned(&mut self) -> bool {
        self.asked().1
    }

    /// The renderer's answers, asked the first time.
    fn asked(&mut self) -> (bool, bool) {
        *self.asked.get_or_insert_with(|| {
            let blits = blit::blits();
            (blits, blits && blit::turned())
        })
    }

    /// Copies the kept picture to its pane on the screen, replacing what is there.
    fn copy(&mut self, pane: Pane, scale: f32) {
        if self.blits() {
            let [x0, y0, ..] = pixel_box(pane, scale);
            let height = macroquad::miniquad::window::screen_size().1.round() as i32;
            let turned = self.turned();
            let Some(target) = &self.target else { return };
            blit::blit(
                &mut self.reader,
                &target.texture,
                turned,
                (x0 as i32, y0 as i32),
                height,
            );
            return;
        }
        let Some(target) = &self.target else { return };
        let rect = covered(pane, scale);
        // Every pixel the pane touches, as the picture holds them (the screen outside
        // the view may have been cleared to the panels' colour: `Frame::view_pass`).
        clip(Some(Pane {
            x: rect.x,
            y: rect.y,
            w: rect.w,
            h: rect.h,
        }));
        copy(|| {
            draw_texture_ex(
                &target.texture,
                rect.x,
                rect.y,
                WHITE,
                DrawTextureParams {
                    dest_size: Some(vec2(rect.w, rect.h)),
                    // A texture drawn into is upside down to one loaded from a file.
                    flip_y: true,
                    ..Default::default()
                },
            );
        });
        clip(None);
    }
}

/// The screen's whole pixels a pane touches (`scale` pixels a point): its first and
/// one past its last, x and y.
pub(super) fn pixel_box(pane: Pane, scale: f32) -> [f32; 4] {
    [
        (pane.x * scale).floor(),
        (pane.y * scale).floor(),
        ((pane.x + pane.w) * scale).ceil(),
        ((pane.y + pane.h) * scale).ceil(),
    ]
}

/// A pane's picture's size in the screen's pixels.
fn pixels(pane: Pane, scale: f32) -> (u32, u32) {
    let [x0, y0, x1, y1] = pixel_box(pane, scale);
    ((x1 - x0) as u32, (y1 - y0) as u32)
}

/// What a pane's picture covers, in points: its pixels, whole, so that the picture's
/// pixels fall on the screen's (the pane itself may start inside a pixel).
fn covered(pane: Pane, scale: f32) -> Rect {
    let [x0, y0, x1, y1] = pixel_box(pane, scale);
    Rect::new(x0 / scale, y0 / scale, (x1 - x0) / scale, (y1 - y0) / scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAME: bool = true;
    const CHANGED: bool = false;

    /// The ways a run of frames takes, from a new pane, each frame's picture the same as
    /// the last or not (a texture always to be had).
    fn ways(frames: &[bool]) -> Vec<Way> {
        let mut state = State::default();
        frames
            .iter()
            .map(|&same| {
                let way = state.way(same);
                state = state.after(same, way);
                way
            })
            .collect()
    }

    #[test]
    fn a_view_changing_every_frame_is_drawn_straight_to_the_screen() {
        assert_eq!(ways(&[CHANGED; 4]), vec![Way::Direct; 4]);
    }

    #[test]
    fn a_picture_repeated_is_kept_once_and_then_copied() {
        assert_eq!(
            ways(&[CHANGED, SAME, SAME, SAME]),
            vec![Way::Direct, Way::Keep, Way::Copy, Way::Copy]
        );
    }

    #[test]
    fn a_change_after_a_repeat_is_kept_and_a_change_after_a_change_is_not() {
        // A live view standing still between its builds: each new picture is kept at once.
        assert_eq!(
            ways(&[CHANGED, SAME, CHANGED, SAME, SAME, CHANGED, CHANGED, CHANGED]),
            vec![
                Way::Direct,
                Way::Keep,
                Way::Keep,
                Way::Copy,
                Way::Copy,
                Way::Keep,
                Way::Direct,
                Way::Direct
            ]
        );
    }

    #[test]
    fn a_picture_drawn_directly_is_not_copied_from_an_older_texture() {
        // Kept, then changed twice (the texture now holds an older picture), then the
        // same again: drawn into the texture anew, not copied.
        let mut state = State::default();
        for (same, way) in [(CHANGED, Way::Direct), (SAME, Way::Keep)] {
            state = state.after(same, way);
        }
        state = state.after(CHANGED, Way::Keep);
        state = state.after(CHANGED, Way::Direct);
        assert!(!state.holds_last);
        assert_eq!(state.way(SAME), Way::Keep);
    }

    #[test]
    fn without_a_texture_a_kept_picture_falls_back_to_the_screen_and_is_not_copied_next() {
        let state = State::default().after(SAME, Way::Direct);
        assert_eq!(
            state,
            State {
                holds_last: false,
                repeated: true
            }
        );
        assert_eq!(state.way(SAME), Way::Keep);
    }

    fn inputs(lanes: Vec<(usize, [u64; 5])>, zoom: f32) -> Inputs {
        let (pane, camera) = (pane(0.0, 0.0, 800.0, 600.0), camera(zoom));
        Inputs {
            lanes,
            view: View {
                overlays: Default::default(),
                camera,
                pane,
                selected: None,
                launcher: Some(0),
                trail_seconds: 3.0,
                trail_budget: 12_000,
                preview: None,
            },
            label: None,
            legend: true,
        }
    }

    fn camera(zoom: f32) -> Camera {
        Camera {
            center: glam::Vec2::ZERO,
            zoom,
        }
    }

    /// A picture of `inputs` whose scene says `hidden` labels were hidden.
    fn picture(inputs: &Inputs, hidden: usize) -> Picture {
        let mut scene = Scene::default();
        scene.hidden_labels = hidden;
        Picture {
            scene,
            pane: inputs.view.pane,
            camera: inputs.view.camera,
            label: inputs.label.clone(),
            legend: inputs.legend,
        }
    }

    #[test]
    fn a_picture_is_built_only_when_what_it_is_built_from_changed() {
        let mut kept = Kept::default();
        let builds = std::cell::Cell::new(0);
        let mut frame = |inputs: Inputs, hidden: usize| {
            let same = kept.picture_for(inputs, |i| {
                builds.set(builds.get() + 1);
                picture(i, hidden)
            });
            let shown = kept.last.as_ref().map(|l| l.1.scene.hidden_labels);
            (same, builds.get(), shown)
        };
        let lane = |revision: u64| vec![(0, [revision, 1, 2, 3, 4])];
        // The first frame builds its picture: nothing to be the same as.
        assert_eq!(frame(inputs(lane(7), 1.0), 0), (false, 1, Some(0)));
        // The same inputs: not built again (the scene would have been different: the
        // inputs alone decide), the same picture.
        assert_eq!(frame(inputs(lane(7), 1.0), 5), (true, 1, Some(0)));
        // A lane changed: built again; the same scene all the same is the same picture.
        assert_eq!(frame(inputs(lane(8), 1.0), 0), (true, 2, Some(0)));
        // Changed again, to a different scene: not the same.
        assert_eq!(frame(inputs(lane(9), 1.0), 3), (false, 3, Some(3)));
        // Each part of the inputs counts: another lane shown, the view, the label, the
        // legend.
        assert_eq!(
            frame(inputs(vec![(1, [9, 1, 2, 3, 4])], 1.0), 3),
            (true, 4, Some(3))
        );
        assert_eq!(
            frame(inputs(vec![(1, [9, 1, 2, 3, 4])], 2.0), 3),
            (false, 5, Some(3))
        );
        let mut labelled = inputs(vec![(1, [9, 1, 2, 3, 4])], 2.0);
        labelled.label = Some("smoothed".into());
        assert_eq!(frame(labelled.clone(), 3), (false, 6, Some(3)));
        assert_eq!(frame(labelled.clone(), 3), (true, 6, Some(3)));
        labelled.legend = false;
        assert_eq!(frame(labelled, 3), (false, 7, Some(3)));
    }

    #[test]
    fn a_picture_is_copied_whole_only_from_a_texture_holding_the_same_inputs() {
        let mut kept = Kept::default();
        let lane = vec![(0, [1, 2, 3, 4, 5])];
        // Nothing kept yet.
        assert!(!kept.copies(&inputs(lane.clone(), 1.0)));
        kept.picture_for(inputs(lane.clone(), 1.0), |i| picture(i, 0));
        // The picture is known, but the texture does not hold it (drawn directly).
        assert!(!kept.copies(&inputs(lane.clone(), 1.0)));
        kept.state = State {
            holds_last: true,
            repeated: true,
        };
        assert!(kept.copies(&inputs(lane.clone(), 1.0)));
        // Other inputs: it will be built (perhaps the same, but that is not known yet).
        assert!(!kept.copies(&inputs(lane, 2.0)));
        assert!(!kept.copies(&inputs(vec![(0, [1, 2, 3, 4, 6])], 1.0)));
    }

    fn pane(x: f32, y: f32, w: f32, h: f32) -> Pane {
        Pane { x, y, w, h }
    }

    #[test]
    fn a_picture_covers_the_whole_pixels_its_pane_touches() {
        // A pane from 370.5 to 1399.25 across and 20.25 to 768 down touches pixels 370
        // to 1399 and 20 to 767: 1030 x 748 of them.
        let p = pane(370.5, 20.25, 1028.75, 747.75);
        assert_eq!(pixels(p, 1.0), (1030, 748));
        assert_eq!(covered(p, 1.0), Rect::new(370.0, 20.0, 1030.0, 748.0));
        // At two pixels a point: pixels 741 to 2798 and 40 to 1535, in points the box
        // from (370.5, 20) of 1029 x 748.
        assert_eq!(pixels(p, 2.0), (2058, 1496));
        assert_eq!(covered(p, 2.0), Rect::new(370.5, 20.0, 1029.0, 748.0));
        // A pane on whole pixels is its own picture.
        let whole = pane(10.0, 20.0, 300.0, 200.0);
        assert_eq!(pixels(whole, 1.0), (300, 200));
        assert_eq!(covered(whole, 1.0), Rect::new(10.0, 20.0, 300.0, 200.0));
    }
}
