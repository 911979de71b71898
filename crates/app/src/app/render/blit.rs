//! A kept picture copied to the screen by OpenGL's framebuffer blit, not drawn as a
//! textured quad.
//!
//! Under Xvfb's software OpenGL (Mesa's llvmpipe) a textured quad is shaded pixel by
//! pixel: copying the view of a 1,000-entity live game that way took the window from
//! 85 to 55-59 frames a second (measured with the copy left out, two alternated runs
//! each). A blit is a plain copy of rows. Desktop OpenGL only (OpenGL ES 2 and WebGL 1
//! have no blit): elsewhere the quad stays.

use macroquad::miniquad::gl::{
    glBindFramebuffer, glBlitFramebuffer, glDeleteFramebuffers, glFramebufferTexture2D,
    glGenFramebuffers, glGetIntegerv, GLint, GLuint, GL_COLOR_ATTACHMENT0, GL_COLOR_BUFFER_BIT,
    GL_DRAW_FRAMEBUFFER, GL_DRAW_FRAMEBUFFER_BINDING, GL_NEAREST, GL_READ_FRAMEBUFFER,
    GL_TEXTURE_2D,
};
use macroquad::miniquad::RawId;
use macroquad::texture::Texture2D;
use macroquad::window::get_internal_gl;

/// OpenGL's name of the framebuffer bound for reading (miniquad's list lacks it).
const GL_READ_FRAMEBUFFER_BINDING: u32 = 0x8CAA;

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

/// Copies `texture` (drawn into as a render target) whole to the screen, its first
/// pixel at `(x, y)` from the screen's top left, on a screen `height` pixels high.
/// `reader` keeps the framebuffer that reads it from one copy to the next.
pub fn blit(reader: &mut Option<Reader>, texture: &Texture2D, (x, y): (i32, i32), height: i32) {
    // SAFETY: called on the main thread between macroquad frames, as the API requires.
    let mut gl = unsafe { get_internal_gl() };
    // Whatever macroquad has queued goes first: the copy lands in order.
    gl.flush();
    let id = texture.raw_miniquad_id();
    // SAFETY: the texture is alive (borrowed) and single-sampled (a render target's).
    // (Its id is OpenGL's everywhere but on Apple's Metal.)
    #[allow(irrefutable_let_patterns)]
    let RawId::OpenGl(raw) = (unsafe { gl.quad_context.texture_raw_id(id) }) else {
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
        // way up already (only its texture coordinates run the other way).
        let [x0, y0, x1, y1] = destination((x, y), (w, h), height);
        glBlitFramebuffer(0, 0, w, h, x0, y0, x1, y1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
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
    use super::destination;

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
