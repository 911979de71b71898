//! A kept picture copied to the screen by OpenGL's framebuffer blit, not drawn as a
//! textured quad.
//!
//! Under Xvfb's software OpenGL (Mesa's llvmpipe) a textured quad is shaded pixel by
//! pixel: copying the view of a 1,000-entity live game that way took the window from
//! 85 to 55-59 frames a second (measured with the copy left out, two alternated runs
//! each). A blit is a plain copy of rows. Desktop OpenGL only (OpenGL ES 2 and WebGL 1
//! have no blit): elsewhere the quad stays.
//!
//! Mesa's software renderers copy rows as they are (a copy of memory) only when the
//! texture's bytes are laid out as the window's (blue, green, red, alpha:
//! [`lay_out_as_the_screen`]) and neither picture is turned over on the way; a window's
//! rows lie top first in memory and a texture's bottom first, so there the picture is
//! drawn into its texture upside down ([`turned`]) and blitted turned over. Otherwise
//! llvmpipe shades even a blit pixel by pixel: a 1030 x 780 picture under Xvfb took
//! 1.9 ms a frame shaded and 0.4 ms copied (a small OpenGL program, 300 frames each).
//! Other drivers copy the picture as it is drawn.

use macroquad::miniquad::gl::{
    glBindFramebuffer, glBindTexture, glBlitFramebuffer, glDeleteFramebuffers,
    glFramebufferTexture2D, glGenFramebuffers, glGetIntegerv, glGetString, glTexImage2D, GLint,
    GLuint, GL_COLOR_ATTACHMENT0, GL_COLOR_BUFFER_BIT, GL_DRAW_FRAMEBUFFER,
    GL_DRAW_FRAMEBUFFER_BINDING, GL_NEAREST, GL_READ_FRAMEBUFFER, GL_RGBA, GL_TEXTURE_2D,
    GL_UNSIGNED_BYTE,
};
use macroquad::miniquad::RawId;
use macroquad::texture::Texture2D;
use macroquad::window::get_internal_gl;

/// OpenGL's names miniquad's list lacks: the framebuffer bound for reading, the texture
/// bound, pixels given blue first, and the renderer's name.
const GL_READ_FRAMEBUFFER_BINDING: u32 = 0x8CAA;
const GL_TEXTURE_BINDING_2D: u32 = 0x8069;
const GL_BGRA: u32 = 0x80E1;
const GL_RENDERER: u32 = 0x1F01;

/// llvmpipe's step in placing a corner: a 256th of a pixel.
///
/// A picture drawn upside down is moved one step (in its rows' order): a shape whose
/// edge lies exactly on a row of pixel centres is then filled on the same side of it as
/// the screen's drawing fills it, not a row apart. Without it, a launcher's frame in a
/// still view stood a pixel above where the playing view drew it.
pub const SUBPIXEL: f32 = 1.0 / 256.0;

/// A framebuffer reading one texture: the source of the blits. It holds the texture
/// (a shared handle): while it reads it, no new texture can be given its OpenGL name.
#[derive(Debug)]
pub struct Reader {
    texture: Texture2D,
    framebuffer: GLuint,
}

/// Whether pictures are blitted: only through desktop OpenGL.
pub fn blits() -> bool {
    cfg!(not(target_arch = "wasm32")) && super::panels::opengl()
}

/// Whether kept pictures that are blitted ([`blits`]) are drawn upside down and laid out
/// as the screen: under Mesa's software renderers, where that makes the blit a copy of
/// memory (asked once a pane).
pub fn turned() -> bool {
    // SAFETY: a plain OpenGL query on the main thread; the string is OpenGL's, alive
    // while the context is, and ends with a zero byte.
    let renderer = unsafe {
        let name = glGetString(GL_RENDERER);
        if name.is_null() {
            return false;
        }
        std::ffi::CStr::from_ptr(name.cast())
            .to_string_lossy()
            .into_owned()
    };
    software(&renderer)
}

/// Whether OpenGL's renderer string names one of Mesa's software renderers.
fn software(renderer: &str) -> bool {
    ["llvmpipe", "softpipe"]
        .iter()
        .any(|r| renderer.starts_with(r))
}

/// Gives `texture` (a render target nothing has been drawn into yet) the window's
/// layout of bytes: unsized RGBA given as blue, green, red, alpha is stored that way by
/// Mesa, and any driver may store it as it likes (the pixels are the same).
pub fn lay_out_as_the_screen(texture: &Texture2D) {
    let Some(raw) = name_after_the_queue(texture) else {
        return;
    };
    let size = texture.size();
    // SAFETY: plain OpenGL calls on the main thread outside any miniquad pass (the
    // flush ended them); the texture bound before is bound again (miniquad keeps its
    // own record of it). No pixels are given (a null pointer), so none are read.
    unsafe {
        let mut bound: GLint = 0;
        glGetIntegerv(GL_TEXTURE_BINDING_2D, &mut bound);
        glBindTexture(GL_TEXTURE_2D, raw);
        glTexImage2D(
            GL_TEXTURE_2D,
            0,
            GL_RGBA as GLint,
            size.x as i32,
            size.y as i32,
            0,
            GL_BGRA,
            GL_UNSIGNED_BYTE,
            std::ptr::null(),
        );
        glBindTexture(GL_TEXTURE_2D, bound as GLuint);
    }
}

/// `texture`'s OpenGL name, once whatever macroquad has queued is drawn (so what is
/// done with it next lands in order); none outside OpenGL.
fn name_after_the_queue(texture: &Texture2D) -> Option<GLuint> {
    // SAFETY: called on the main thread between macroquad frames, as the API requires.
    let mut gl = unsafe { get_internal_gl() };
    gl.flush();
    // SAFETY: the texture is alive (borrowed). (Its id is OpenGL's everywhere but on
    // Apple's Metal.)
    #[allow(irrefutable_let_patterns)]
    let RawId::OpenGl(raw) = (unsafe { gl.quad_context.texture_raw_id(texture.raw_miniquad_id()) }) else {
        return None;
    };
    Some(raw)
}

/// Copies `texture` (drawn into as a render target, upside down if `turned`) whole to
/// the screen, its first pixel at `(x, y)` from the screen's top left, on a screen
/// `height` pixels high. `reader` keeps the framebuffer that reads it from one copy to
/// the next.
pub fn blit(
    reader: &mut Option<Reader>,
    texture: &Texture2D,
    turned: bool,
    (x, y): (i32, i32),
    height: i32,
) {
    // The texture is single-sampled (a render target's): it can be blitted.
    let Some(raw) = name_after_the_queue(texture) else {
        return;
    };
    let size = texture.size();
    let (w, h) = (size.x as i32, size.y as i32);
    // SAFETY: plain OpenGL calls on the main thread with the OpenGL backend (`blits`),
    // outside any miniquad pass (the flush ended them); the bindings are put back.
    unsafe {
        let (mut read, mut draw): (GLint, GLint) = (0, 0);
        glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &mut read);
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &mut draw);
        let framebuffer = framebuffer_for(reader, texture, raw);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
        // OpenGL counts rows from the bottom; a render target's rows are the screen's
        // way up (only its texture coordinates run the other way), or upside down if
        // `turned`: then read from the top.
        let [x0, y0, x1, y1] = destination((x, y), (w, h), height);
        let (from, to) = if turned { (h, 0) } else { (0, h) };
        glBlitFramebuffer(
            0,
            from,
            w,
            to,
            x0,
            y0,
            x1,
            y1,
            GL_COLOR_BUFFER_BIT,
            GL_NEAREST,
        );
        glBindFramebuffer(GL_READ_FRAMEBUFFER, read as GLuint);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, draw as GLuint);
    }
}

/// The framebuffer reading `texture` (OpenGL's `raw`): the reader's if it reads it,
/// else a new one (the old one deleted: its texture was replaced).
///
/// # Safety
/// OpenGL on the main thread, outside any miniquad pass; leaves the new framebuffer
/// bound for reading.
unsafe fn framebuffer_for(reader: &mut Option<Reader>, texture: &Texture2D, raw: GLuint) -> GLuint {
    let id = texture.raw_miniquad_id();
    if let Some(r) = reader
        .as_ref()
        .filter(|r| r.texture.raw_miniquad_id() == id)
    {
        return r.framebuffer;
    }
    if let Some(old) = reader.take() {
        glDeleteFramebuffers(1, &old.framebuffer);
    }
    let mut framebuffer = 0;
    glGenFramebuffers(1, &mut framebuffer);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
    glFramebufferTexture2D(
        GL_READ_FRAMEBUFFER,
        GL_COLOR_ATTACHMENT0,
        GL_TEXTURE_2D,
        raw,
        0,
    );
    *reader = Some(Reader {
        texture: texture.clone(),
        framebuffer,
    });
    framebuffer
}

/// Where a blit puts a picture of `(w, h)` pixels whose top left is at `(x, y)` from
/// the top left of a screen `height` pixels high: `[x0, y0, x1, y1]` in OpenGL's
/// window coordinates (rows counted from the bottom).
fn destination((x, y): (i32, i32), (w, h): (i32, i32), height: i32) -> [i32; 4] {
    [x, height - (y + h), x + w, height - y]
}

#[cfg(test)]
mod tests {
    use super::{destination, software};

    #[test]
    fn only_mesa_s_software_renderers_are_turned() {
        assert!(software("llvmpipe (LLVM 15.0.6, 256 bits)"));
        assert!(software("softpipe"));
        assert!(!software("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
        assert!(!software("NVIDIA GeForce RTX 3060/PCIe/SSE2"));
        assert!(!software(
            "AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6)"
        ));
        assert!(!software(""));
    }

    #[test]
    fn a_picture_lands_on_the_same_rows_counted_from_the_bottom() {
        // The view right of a 370-pixel panel, above a 120-pixel timeline, on a
        // 1400 x 900 screen: its bottom row is the timeline's top, 120 rows up.
        assert_eq!(
            destination((370, 0), (1030, 780), 900),
            [370, 120, 1400, 900]
        );
        // A split pane lower down, 10 pixels from the left.
        assert_eq!(destination((10, 400), (300, 200), 900), [10, 300, 310, 500]);
    }
}
