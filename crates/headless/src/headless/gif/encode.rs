//! From RGB pictures to GIF frames: one fixed palette for the whole GIF, and each frame
//! stored as the rectangle that changed since the previous one.
//!
//! The palette is built from the inks the pictures are drawn with (the scene's colours
//! and the algorithms'): each ink laid over the background at evenly spaced strengths,
//! so trails fading out and anti-aliased edges find a close entry. A pixel takes the
//! nearest entry, worked out once per colour and then remembered. No per-frame
//! quantising: it is fast, and a colour never flickers from frame to frame.
//!
//! A frame after the first holds only the rectangle around the pixels that changed,
//! with the unchanged pixels inside it transparent and disposal "keep": a viewer
//! composes each frame over the previous picture. (An extractor that takes frames one
//! by one should coalesce them: `convert out.gif -coalesce frame-%d.png`.)

use crate::palette::{to_rgb8, Rgba};
use std::borrow::Cow;

/// The palette index kept for "unchanged": transparent in every frame.
const TRANSPARENT: u8 = 255;
/// Entries for colours (the last index is [`TRANSPARENT`]).
const COLOURS: usize = 255;
/// Slots of the table of colours already matched: 2 to this power.
const SLOT_BITS: u32 = 14;
const SLOTS: usize = 1 << SLOT_BITS;
/// An empty slot (colours are 24-bit).
const EMPTY: u32 = u32::MAX;

/// The palette and the nearest-entry table.
pub struct Palette {
    /// RGB triples, at most [`COLOURS`].
    entries: Vec<[u8; 3]>,
    /// Colours already matched, `(0xRRGGBB, entry)`, each in the slot its hash picks
    /// (a colour whose slot another holds is worked out again: the answer is the same).
    table: Vec<(u32, u8)>,
}

impl Palette {
    /// The background itself, then each ink over it at strengths 1/n .. 1, with n the
    /// most the 255 entries allow (at least 2; inks past the 255th entry are dropped, and
    /// their pixels take the nearest entry).
    pub fn new(background: Rgba, inks: &[Rgba]) -> Self {
        let bg = to_rgb8(background);
        let mut entries = vec![bg];
        let levels = ((COLOURS - 1) / inks.len().max(1)).max(2);
        'inks: for ink in inks {
            let rgb = to_rgb8(*ink);
            for level in 1..=levels {
                let a = level as f32 / levels as f32;
                let mix = |k: usize| {
                    (f32::from(bg[k]) + (f32::from(rgb[k]) - f32::from(bg[k])) * a).round() as u8
                };
                let entry = [mix(0), mix(1), mix(2)];
                if !entries.contains(&entry) {
                    if entries.len() == COLOURS {
                        break 'inks;
                    }
                    entries.push(entry);
                }
            }
        }
        Palette {
            entries,
            table: vec![(EMPTY, 0); SLOTS],
        }
    }

    /// The palette as the GIF stores it: 256 RGB triples (unused ones black).
    pub fn bytes(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.entries.iter().flatten().copied().collect();
        out.resize(256 * 3, 0);
        out
    }

    /// The index of the entry nearest to an RGB colour (the first of equals).
    pub fn index(&mut self, r: u8, g: u8, b: u8) -> u8 {
        let key = (u32::from(r) << 16) | (u32::from(g) << 8) | u32::from(b);
        let slot = (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOT_BITS)) as usize;
        if self.table[slot].0 == key {
            return self.table[slot].1;
        }
        let (r, g, b) = (i32::from(r), i32::from(g), i32::from(b));
        let nearest = self
            .entries
            .iter()
            .enumerate()
            .min_by_key(|(_, e)| {
                let d = |k: usize, v: i32| (i32::from(e[k]) - v).pow(2);
                d(0, r) + d(1, g) + d(2, b)
            })
            .map_or(0, |(i, _)| i as u8);
        self.table[slot] = (key, nearest);
        nearest
    }

    /// Converts RGB pixels (3 bytes each) to palette indices.
    pub fn quantize(&mut self, rgb: &[u8], out: &mut [u8]) {
        // Runs of one colour (the background, mostly) are matched once.
        let mut last: Option<([u8; 3], u8)> = None;
        for (pixel, index) in rgb.chunks_exact(3).zip(out) {
            let colour = [pixel[0], pixel[1], pixel[2]];
            *index = match last {
                Some((c, i)) if c == colour => i,
                _ => {
                    let i = self.index(colour[0], colour[1], colour[2]);
                    last = Some((colour, i));
                    i
                }
            };
        }
    }
}

/// Writes frames to a GIF held in memory.
pub struct Writer {
    encoder: gif::Encoder<Vec<u8>>,
    width: usize,
    height: usize,
    /// The picture the viewer shows after the frames written so far (indices).
    shown: Option<Vec<u8>>,
}

impl Writer {
    /// A looping GIF of `width` x `height` with the palette as its global colour table.
    pub fn new(width: u16, height: u16, palette: &Palette) -> Result<Self, String> {
        let fail = |e: gif::EncodingError| format!("cannot encode the GIF: {e}");
        let mut encoder =
            gif::Encoder::new(Vec::new(), width, height, &palette.bytes()).map_err(fail)?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(fail)?;
        Ok(Writer {
            encoder,
            width: usize::from(width),
            height: usize::from(height),
            shown: None,
        })
    }

    /// Adds a picture (palette indices, row by row) shown for `delay` hundredths of a
    /// second: the whole of it first, then only what changed.
    pub fn frame(&mut self, picture: &[u8], delay: u16) -> Result<(), String> {
        let (w, h) = (self.width, self.height);
        let mut frame = gif::Frame {
            delay,
            dispose: gif::DisposalMethod::Keep,
            ..gif::Frame::default()
        };
        match &mut self.shown {
            None => {
                frame.width = w as u16;
                frame.height = h as u16;
                frame.buffer = Cow::Borrowed(picture);
                self.shown = Some(picture.to_vec());
            }
            Some(shown) => {
                let (x0, y0, x1, y1) = changed(shown, picture, w, h).unwrap_or((0, 0, 1, 1));
                let mut patch = Vec::with_capacity((x1 - x0) * (y1 - y0));
                for y in y0..y1 {
                    let row = y * w;
                    for x in x0..x1 {
                        let new = picture[row + x];
                        patch.push(if new == shown[row + x] {
                            TRANSPARENT
                        } else {
                            new
                        });
                    }
                    shown[row + x0..row + x1].copy_from_slice(&picture[row + x0..row + x1]);
                }
                frame.left = x0 as u16;
                frame.top = y0 as u16;
                frame.width = (x1 - x0) as u16;
                frame.height = (y1 - y0) as u16;
                frame.transparent = Some(TRANSPARENT);
                frame.buffer = Cow::Owned(patch);
            }
        }
        self.encoder
            .write_frame(&frame)
            .map_err(|e| format!("cannot encode the GIF: {e}"))
    }

    /// The GIF's bytes.
    pub fn finish(self) -> Result<Vec<u8>, String> {
        self.encoder
            .into_inner()
            .map_err(|e| format!("cannot encode the GIF: {e}"))
    }
}

/// The rectangle `(x0, y0, x1, y1)` (ends excluded) around the pixels that differ, or
/// none.
fn changed(old: &[u8], new: &[u8], w: usize, h: usize) -> Option<(usize, usize, usize, usize)> {
    let rows = |y: &usize| old[y * w..(y + 1) * w] != new[y * w..(y + 1) * w];
    let y0 = (0..h).find(rows)?;
    let y1 = (y0..h).rev().find(rows)? + 1;
    let (mut x0, mut x1) = (w, 0);
    for y in y0..y1 {
        let (a, b) = (&old[y * w..(y + 1) * w], &new[y * w..(y + 1) * w]);
        if let Some(first) = (0..x0).find(|&x| a[x] != b[x]) {
            x0 = first;
        }
        if let Some(last) = (x1..w).rev().find(|&x| a[x] != b[x]) {
            x1 = last + 1;
        }
    }
    Some((x0, y0, x1.max(x0 + 1), y1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_background_and_full_inks_map_to_themselves() {
        let bg = [0.1, 0.11, 0.14, 1.0];
        let red = [0.95, 0.35, 0.35, 1.0];
        let mut palette = Palette::new(bg, &[red, [0.2, 0.9, 0.3, 1.0]]);
        let [r, g, b] = to_rgb8(bg);
        assert_eq!(palette.index(r, g, b), 0);
        let [r, g, b] = to_rgb8(red);
        let i = palette.index(r, g, b);
        assert_eq!(palette.entries[usize::from(i)], to_rgb8(red));
        assert!(palette.entries.len() <= COLOURS);
        assert_eq!(palette.bytes().len(), 768);
        // Every entry is its own nearest, however the colours before it were matched.
        for (k, e) in palette.entries.clone().iter().enumerate().rev() {
            assert_eq!(usize::from(palette.index(e[0], e[1], e[2])), k);
        }
        let mut out = [0; 3];
        palette.quantize(&[r, g, b, r, g, b, 0, 0, 0], &mut out);
        assert_eq!(out[..2], [i, i]);
        assert_eq!(out[2], 0, "black is nearest the dark background");
    }

    #[test]
    fn many_inks_still_fit_the_palette() {
        let inks: Vec<Rgba> = (0..300)
            .map(|k| [k as f32 / 300.0, 0.5, 1.0 - k as f32 / 300.0, 1.0])
            .collect();
        let palette = Palette::new([0.0, 0.0, 0.0, 1.0], &inks);
        assert_eq!(palette.entries.len(), COLOURS);
    }

    #[test]
    fn the_changed_rectangle_bounds_the_differences() {
        let (w, h) = (6, 4);
        let old = vec![0u8; w * h];
        let mut new = old.clone();
        assert_eq!(changed(&old, &new, w, h), None);
        new[w + 4] = 1;
        new[2 * w + 1] = 2;
        assert_eq!(changed(&old, &new, w, h), Some((1, 1, 5, 3)));
    }
}
