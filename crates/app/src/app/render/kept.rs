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

use super::painter::{can_copy, clip, copy};
use crate::scenario::camera::{Camera, Pane};
use crate::scene::Scene;
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

/// One pane's kept picture.
#[derive(Default)]
pub struct Kept {
    /// What the last frame drew in this pane.
    last: Option<Picture>,
    /// The texture the picture is drawn into.
    target: Option<RenderTarget>,
    /// What the frames have been doing.
    state: State,
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
    /// Draws `picture` in its pane with `draw` (in the screen's points, over the pane's
    /// `background`), or copies the kept one if it is the same.
    pub fn draw(&mut self, picture: Picture, background: Color, draw: impl Fn(&Picture)) {
        let same = self.last.as_ref() == Some(&picture);
        let pane = picture.pane;
        let scale = screen_dpi_scale();
        let mut way = self.state.way(same);
        if way == Way::Keep {
            match self.target_for(pixels(pane, scale)) {
                Some(target) => {
                    let mut camera = Camera2D::from_display_rect(covered(pane, scale));
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
        self.last = Some(picture);
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
            self.target = Some(target);
        }
        self.target.clone()
    }

    /// Copies the kept picture to its pane on the screen, replacing what is there.
    fn copy(&self, pane: Pane, scale: f32) {
        let Some(target) = &self.target else { return };
        let rect = covered(pane, scale);
        clip(Some(pane));
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
fn pixel_box(pane: Pane, scale: f32) -> [f32; 4] {
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
