//! Screenshots: the window's pixels as a PNG, written atomically.

use std::path::{Path, PathBuf};

/// Writes the screen as a PNG (as every file is written, never over one of `inputs`).
/// macroquad's screen data is upside down.
pub fn save_screenshot(path: &Path, inputs: &[PathBuf]) -> Result<(), String> {
    let shot = macroquad::texture::get_screen_data();
    let (w, h) = (shot.width as usize, shot.height as usize);
    let mut rows = Vec::with_capacity(w * h * 4);
    for y in (0..h).rev() {
        rows.extend_from_slice(&shot.bytes[y * w * 4..(y + 1) * w * 4]);
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
