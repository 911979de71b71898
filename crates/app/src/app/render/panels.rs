//! The panels' background, cleared instead of filled: the screen outside the world view
//! is cleared to the panels' colour before anything is drawn, and egui draws its panels
//! without a fill ([`crate::app::ui::style::apply`]).
//!
//! Under a software OpenGL (Mesa's llvmpipe, Xvfb) a clear costs next to nothing, while
//! egui's fill of the side panel and the timeline was a quarter of the pixels the
//! renderer shaded each frame of a 1,000-entity live game (0.45 of 1.85 million, counted
//! with Mesa's `GALLIUM_HUD=ps-invocations`).

use super::kept::pixel_box;
use crate::scenario::camera::Pane;
use macroquad::color::Color;
use macroquad::miniquad::{self, Backend, PassAction, RenderingBackend};
use macroquad::window::{get_internal_gl, screen_dpi_scale};

/// Whether the window clears the panels' background itself: only through OpenGL (the
/// raw scissor switch below), else egui fills its panels as usual.
pub fn panels_cleared() -> bool {
    opengl()
}

/// Whether the window draws through OpenGL (desktop or WebGL).
pub(super) fn opengl() -> bool {
    // SAFETY: called on the main thread between macroquad frames, as the API requires.
    let gl = unsafe { get_internal_gl() };
    gl.quad_context.info().backend == Backend::OpenGl
}

/// Runs `clear` in a pass on the screen, after whatever macroquad has queued (so the
/// clear lands in order).
fn in_a_pass(clear: impl FnOnce(&mut dyn RenderingBackend)) {
    // SAFETY: called on the main thread between macroquad frames, as the API requires.
    let mut gl = unsafe { get_internal_gl() };
    gl.flush();
    let ctx = gl.quad_context;
    ctx.begin_default_pass(PassAction::Nothing);
    clear(ctx);
    ctx.end_render_pass();
}

/// Clears the whole screen to `color`, and only its colour. Nothing the window draws
/// reads or writes depth (its cameras are 2D, egui tests none), and macroquad's
/// `clear_background` also clears the depth buffer: without the stencil that shares its
/// words, llvmpipe clears it a word at a time, keeping the stencil's bits, which was a
/// tenth of all the CPU time a 1,000-entity live game's window took under Xvfb.
pub fn clear_screen(color: Color) {
    in_a_pass(|ctx| ctx.clear(Some((color.r, color.g, color.b, color.a)), None, None));
}

/// Clears the screen outside `area` (in points: the world view's panes tile it) to
/// `color`: the panels' side of the window. Call it before anything is drawn there.
pub fn clear_outside(area: Pane, color: Color) {
    let (width, height) = miniquad::window::screen_size();
    let screen = (width.round() as i32, height.round() as i32);
    let [x0, y0, x1, y1] = pixel_box(area, screen_dpi_scale()).map(|v| v as i32);
    let rects = outside([x0, y0, x1, y1], screen);
    if rects.is_empty() {
        return;
    }
    in_a_pass(|ctx| {
        // SAFETY: a plain OpenGL state switch on the main thread, the OpenGL backend
        // checked by `panels_cleared`; the pass's end switches it off again.
        unsafe { miniquad::gl::glEnable(miniquad::gl::GL_SCISSOR_TEST) };
        for [x, y, w, h] in rects {
            // OpenGL counts rows from the bottom.
            ctx.apply_scissor_rect(x, screen.1 - (y + h), w, h);
            ctx.clear(Some((color.r, color.g, color.b, color.a)), None, None);
        }
    });
}

/// The screen's rectangles outside the pixel box `[x0, y0, x1, y1)` (top-left origin)
/// on a screen of `(w, h)` pixels, as `[x, y, width, height]`: the strips left and right
/// of it the screen's full height, those above and below it its width; none empty.
fn outside([x0, y0, x1, y1]: [i32; 4], (w, h): (i32, i32)) -> Vec<[i32; 4]> {
    let (x0, x1) = (x0.clamp(0, w), x1.clamp(0, w));
    let (y0, y1) = (y0.clamp(0, h), y1.clamp(0, h));
    let (x1, y1) = (x1.max(x0), y1.max(y0));
    [
        [0, 0, x0, h],
        [x1, 0, w - x1, h],
        [x0, 0, x1 - x0, y0],
        [x0, y1, x1 - x0, h - y1],
    ]
    .into_iter()
    .filter(|[_, _, w, h]| *w > 0 && *h > 0)
    .collect()
}

#[cfg(test)]
mod tests {
    use super::outside;

    /// Whether the rectangles cover each pixel of the screen outside the box exactly
    /// once and none inside it.
    fn tiles(rects: &[[i32; 4]], inside: [i32; 4], (w, h): (i32, i32)) -> bool {
        (0..w).all(|px| {
            (0..h).all(|py| {
                let covering = rects
                    .iter()
                    .filter(|[x, y, rw, rh]| px >= *x && px < x + rw && py >= *y && py < y + rh)
                    .count();
                let [x0, y0, x1, y1] = inside;
                let within = px >= x0 && px < x1 && py >= y0 && py < y1;
                covering == usize::from(!within)
            })
        })
    }

    #[test]
    fn the_side_panel_and_the_timeline_are_the_strips_left_of_and_below_the_view() {
        // A 1400 x 900 window, the panel 370 wide on the left, the timeline 120 high.
        let rects = outside([370, 0, 1400, 780], (1400, 900));
        assert_eq!(rects, vec![[0, 0, 370, 900], [370, 780, 1030, 120]]);
        assert!(tiles(&rects, [370, 0, 1400, 780], (1400, 900)));
    }

    #[test]
    fn a_view_anywhere_leaves_up_to_four_strips_that_tile_the_rest() {
        let screen = (40, 30);
        for inside in [
            [5, 4, 31, 22],
            [0, 0, 40, 30],
            [0, 3, 40, 30],
            [12, 0, 40, 29],
            [-5, -5, 60, 10],
            [10, 10, 10, 20],
            [35, 25, 80, 90],
        ] {
            let rects = outside(inside, screen);
            let clipped = [
                inside[0].clamp(0, 40),
                inside[1].clamp(0, 30),
                inside[2].clamp(0, 40),
                inside[3].clamp(0, 30),
            ];
            assert!(tiles(&rects, clipped, screen), "{inside:?}: {rects:?}");
            assert!(rects.len() <= 4);
        }
        // The view filling the screen: nothing to clear.
        assert!(outside([0, 0, 40, 30], screen).is_empty());
        // The view off the screen: the whole screen, once.
        assert_eq!(outside([50, 50, 60, 60], screen), vec![[0, 0, 40, 30]]);
    }
}
