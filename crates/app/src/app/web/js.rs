//! The page's side of the browser build: the functions `web/steerlab.js` adds to the
//! loader's imports. Strings and bytes cross as sapp-jsutils objects, which the script
//! takes ownership of (`consume_js_object`).

use sapp_jsutils::JsObject;

extern "C" {
    fn steerlab_set_title(title: JsObject);
    fn steerlab_upload();
    fn steerlab_upload_count() -> u32;
    fn steerlab_upload_name() -> JsObject;
    fn steerlab_upload_take() -> JsObject;
    fn steerlab_download(name: JsObject, bytes: JsObject);
    fn steerlab_set_fragment(fragment: JsObject) -> JsObject;
    fn steerlab_set_dirty(dirty: u32);
    fn steerlab_copy(text: JsObject);
    fn steerlab_log(level: u32, text: JsObject);
    fn steerlab_report(text: JsObject);
    fn steerlab_since_load() -> f64;
}

/// The loader checks each plugin's version against the crate's.
#[no_mangle]
extern "C" fn steerlab_crate_version() -> u32 {
    1
}

/// The largest upload taken (the same bound as a file read on the desktop).
const MAX_UPLOAD: u32 = crate::files::MAX_READ_BYTES as u32;

// Safety (every call below): the functions are the plugin's, given plain values or JS
// objects made here and handed over; none keeps a pointer into the module's memory.

pub fn set_title(title: &str) {
    unsafe { steerlab_set_title(JsObject::string(title)) }
}

/// Opens the browser's file picker; what the user picks arrives by [`take_upload`].
pub fn upload() {
    unsafe { steerlab_upload() }
}

/// The oldest file uploaded and not yet taken: its name and bytes, or why it was refused.
pub fn take_upload() -> Option<(String, Result<Vec<u8>, String>)> {
    if unsafe { steerlab_upload_count() } == 0 {
        return None;
    }
    let mut name = String::new();
    unsafe { steerlab_upload_name() }.to_string(&mut name);
    let data = unsafe { steerlab_upload_take() };
    // Measured before it is copied into the module's memory.
    let size = data.field_u32("length");
    if size > MAX_UPLOAD {
        return Some((
            name,
            Err(format!(
                "the file is too large ({size} bytes); at most {MAX_UPLOAD} bytes are read"
            )),
        ));
    }
    let mut bytes = Vec::new();
    data.to_byte_buffer(&mut bytes);
    Some((name, Ok(bytes)))
}

/// Hands `bytes` to the user as a download named `name`.
pub fn download(name: &str, bytes: &[u8]) {
    unsafe { steerlab_download(JsObject::string(name), JsObject::buffer(bytes)) }
}

/// Puts `fragment` after the `#` of the page's address (none for an empty one; no
/// reload, no new history entry) and returns the whole address.
pub fn set_fragment(fragment: &str) -> String {
    let mut url = String::new();
    unsafe { steerlab_set_fragment(JsObject::string(fragment)) }.to_string(&mut url);
    url
}

/// Tells the page whether the open scenario has unsaved edits (a reload asks first).
pub fn set_dirty(dirty: bool) {
    unsafe { steerlab_set_dirty(u32::from(dirty)) }
}

/// Asks the browser to put `text` on the clipboard.
pub fn copy(text: &str) {
    unsafe { steerlab_copy(JsObject::string(text)) }
}

/// A line in the page's log (the browser's console): a note, or a warning.
pub fn log(text: &str, warning: bool) {
    unsafe { steerlab_log(if warning { 2 } else { 1 }, JsObject::string(text)) }
}

/// A line in the page's report element (`#steerlab-report`), which tests read.
pub fn report(text: &str) {
    unsafe { steerlab_report(JsObject::string(text)) }
}

/// Milliseconds since the page began loading (`performance.now()`).
pub fn since_load() -> f64 {
    unsafe { steerlab_since_load() }
}
