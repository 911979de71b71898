//! Legends in the world view: the colour of each law in the scene (top right), and what
//! each symbol on screen means, for the symbols drawn (top left). The help window lists
//! every symbol ([`crate::scene::Symbol::all`]) with the same samples.

use super::colors::scene::{self, color};
use super::painter::Painter;
use crate::scenario::camera::Pane;
use crate::scene::{sample, Flavour, Symbol};
use glam::Vec2;
use macroquad::color::Color;
use macroquad::shapes::draw_rectangle;
use macroquad::text::draw_text;

const ROW: f32 = 18.0;

/// The width of `text` drawn at `size`, in pixels.
fn text_width(text: &str, size: u16) -> f32 {
    macroquad::text::measure_text(text, None, size, 1.0).width
}

/// The colour legend in the pane's top-right corner: every law in the scene, each way it
/// is flown, as wide as its longest name (within the pane). It takes at most half the
/// pane's height: past that, its last row says how many more there are (a recording of
/// 900 missiles flies 900 laws; drawing them all cost more than the rest of the view).
pub fn algorithms(present: &[Flavour], pane: Pane) {
    let (shown, more) = rows(present.len(), pane.h * 0.5);
    let mut labels: Vec<String> = present[..shown].iter().map(Flavour::label).collect();
    if more > 0 {
        labels.push(format!("and {more} more"));
    }
    if labels.is_empty() {
        return;
    }
    let widest = labels.iter().map(|l| text_width(l, 18)).fold(0.0, f32::max);
    let w = (widest + 32.0).min(pane.w - 16.0);
    let (x, y) = (pane.x + pane.w - w - 8.0, pane.y + 8.0);
    draw_rectangle(
        x,
        y,
        w,
        ROW * labels.len() as f32 + 8.0,
        Color::new(0.0, 0.0, 0.0, 0.45),
    );
    for (i, label) in labels.iter().enumerate() {
        let top = y + 4.0 + ROW * i as f32;
        let (text_x, dim) = match present.get(i).filter(|_| i < shown) {
            Some(flavour) => {
                draw_rectangle(x + 8.0, top + 4.0, 10.0, 10.0, color(flavour.rgba(1.0)));
                (x + 24.0, scene::TEXT)
            }
            None => (x + 8.0, scene::DIM_TEXT),
        };
        draw_text(label, text_x, top + 14.0, 18.0, dim);
    }
}

/// How many of `count` legend rows fit in `height` pixels (with the legend's margins),
/// and how many are left out: when some are, one row goes to saying how many.
fn rows(count: usize, height: f32) -> (usize, usize) {
    let fit = ((height - 8.0) / ROW).floor().max(1.0) as usize;
    if count <= fit {
        (count, 0)
    } else {
        let shown = fit - 1;
        (shown, count - shown)
    }
}

/// The symbol legend in the pane's top-left corner (the ground, with its launchers and
/// turrets, is usually at the bottom), below the pane's title if it has one, for the
/// symbols drawn this frame. In a small pane (an embed, a split pane), or where it
/// would cover much of the pane, one line says where the symbols are explained instead.
pub fn symbols(drawn: &[Symbol], pane: Pane, titled: bool) {
    if drawn.is_empty() {
        return;
    }
    let top = pane.y + if titled { 30.0 } else { 8.0 };
    let widest = drawn
        .iter()
        .map(|s| text_width(s.meaning(), 16))
        .fold(0.0, f32::max);
    let w = widest + 46.0;
    let h = ROW * drawn.len() as f32 + 8.0;
    // A small pane (an article's embed, one of several split panes) keeps its view:
    // the F1 help lists every symbol.
    let small = pane.w < 800.0 || pane.h < 450.0;
    if small || w * h > pane.w * pane.h * 0.15 {
        let note = "symbols: F1";
        draw_rectangle(
            pane.x + 8.0,
            top,
            text_width(note, 16) + 12.0,
            ROW + 4.0,
            BACK,
        );
        draw_text(note, pane.x + 14.0, top + 15.0, 16.0, scene::DIM_TEXT);
        return;
    }
    let x = pane.x + 8.0;
    draw_rectangle(x, top, w, h, BACK);
    let painter = Painter::screen(pane);
    for (i, symbol) in drawn.iter().enumerate() {
        let mid = Vec2::new(x + 18.0, top + 4.0 + ROW * i as f32 + ROW * 0.5);
        painter.draw(&sample(*symbol, mid));
        draw_text(symbol.meaning(), x + 36.0, mid.y + 5.0, 16.0, scene::TEXT);
    }
}

const BACK: Color = Color::new(0.0, 0.0, 0.0, 0.55);

#[cfg(test)]
mod tests {
    use super::rows;

    #[test]
    fn a_legend_that_fits_shows_every_row() {
        // 8 px of margins and 18 px a row: 100 px hold 5 rows.
        assert_eq!(rows(5, 100.0), (5, 0));
        assert_eq!(rows(0, 100.0), (0, 0));
    }

    #[test]
    fn a_legend_too_long_gives_its_last_row_to_how_many_more() {
        // 5 rows fit: 4 laws and "and 896 more".
        assert_eq!(rows(900, 100.0), (4, 896));
        assert_eq!(rows(6, 100.0), (4, 2));
        // Too small for any row: the one row says how many.
        assert_eq!(rows(3, 10.0), (0, 3));
    }
}
