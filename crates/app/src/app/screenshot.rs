//! Screenshots: the window's pixels as a PNG, written atomically.

use crate::scenario::camera::Pane;
use std::path::{Path, PathBuf};

/// The part `crop` (whole pixels, clamped to the screen; none: all of it) of a screen
/// `w` x `h` whose rows come bottom first, as RGBA rows top first, and its size.
pub fn crop_rows(bytes: &[u8], w: usize, h: usize, crop: Option<Pane>) -> (Vec<u8>, usize, usize) {
    let whole = Pane {
        x: 0.0,
        y: 0.0,
        w: w as f32,
        h: h as f32,
    };
    let c = crop.unwrap_or(whole);
    let x0 = (c.x.max(0.0).round() as usize).min(w);
    let y0 = (c.y.max(0.0).round() as usize).min(h);
    let x1 = ((c.x + c.w).round().max(0.0) as usize).clamp(x0, w);
    let y1 = ((c.y + c.h).round().max(0.0) as usize).clamp(y0, h);
    let mut rows = Vec::with_capacity((x1 - x0) * (y1 - y0) * 4);
    for y in y0..y1 {
        // Row y from the top is row h - 1 - y from the bottom.
        let row = (h - 1 - y) * w * 4;
        rows.extend_from_slice(&bytes[row + x0 * 4..row + x1 * 4]);
    }
    (rows, x1 - x0, y1 - y0)
}

/// Writes the screen (or the part `crop` of it: the world view) as a PNG, as every file
/// is written, never over one of `inputs`. macroquad's screen data is upside down.
pub fn save_screenshot(path: &Path, inputs: &[PathBuf], crop: Option<Pane>) -> Result<(), String> {
    let shot = macroquad::texture::get_screen_data();
    // The crop is in points; the screen's data in pixels.
    let scale = macroquad::window::screen_dpi_scale();
    let crop = crop.map(|c| Pane {
        x: c.x * scale,
        y: c.y * scale,
        w: c.w * scale,
        h: c.h * scale,
    });
    let (rows, w, h) = crop_rows(&shot.bytes, shot.width as usize, shot.height as usize, crop);
    if w == 0 || h == 0 {
        return Err(format!(
            "{}: the view has no pixels to write",
            path.display()
        ));
    }
    let mut png = std::io::Cursor::new(Vec::new());
    image::write_buffer_with_format(
        &mut png,
        &rows,
        w as u32,
        h as u32,
        image::ColorType::Rgba8,
        image::ImageFormat::Png,
    )
    .map_err(|e| format!("{}: {e}", path.display()))?;
    crate::files::write_output(path, inputs, |out| out.write_all(png.get_ref()))
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crop_takes_the_view_s_pixels_top_row_first() {
        // A 3 x 2 screen, bottom row first: pixel (x, y from the top) holds x + 10 y.
        let (w, h) = (3, 2);
        let mut bytes = Vec::new();
        for y in (0..h).rev() {
            for x in 0..w {
                bytes.extend([(x + 10 * y) as u8; 4]);
            }
        }
        let (all, aw, ah) = crop_rows(&bytes, w, h, None);
        assert_eq!((aw, ah), (3, 2));
        assert_eq!(
            all.chunks(4).map(|p| p[0]).collect::<Vec<_>>(),
            [0, 1, 2, 10, 11, 12]
        );
        // The view right of a panel one pixel wide.
        let view = Pane {
            x: 1.0,
            y: 0.0,
            w: 2.0,
            h: 2.0,
        };
        let (part, pw, ph) = crop_rows(&bytes, w, h, Some(view));
        assert_eq!((pw, ph), (2, 2));
        assert_eq!(
            part.chunks(4).map(|p| p[0]).collect::<Vec<_>>(),
            [1, 2, 11, 12]
        );
        // Beyond the screen: clamped.
        let wide = Pane {
            x: 2.0,
            y: 1.0,
            w: 50.0,
            h: 50.0,
        };
        let (edge, ew, eh) = crop_rows(&bytes, w, h, Some(wide));
        assert_eq!((ew, eh, edge[0]), (1, 1, 12));
    }
}
