//! Code export from the window (docs/export.md): a law's file in the chosen language,
//! its test vectors from a run of the open scenario, and the generated test, each
//! written like every other export (in the browser: downloads).

use super::Session;
use crate::export::{self, Lang};
use crate::guidance::Algorithm;
use std::path::PathBuf;

impl Session {
    /// Writes `algorithm`'s code in `lang` under the open scenario's tuning, with its
    /// vectors and test; `place` turns each file's name into where it goes. The paths
    /// written, in that order.
    pub fn export_code(
        &self,
        algorithm: Algorithm,
        lang: Lang,
        link: Option<&str>,
        place: impl Fn(&str) -> PathBuf,
    ) -> Result<Vec<PathBuf>, String> {
        let law_file = lang.file_name(algorithm.id());
        let vectors_file = export::vectors_file_name(algorithm.id());
        let test_file = lang.test_file_name(algorithm.id());
        let files = export::files(
            &self.doc.scenario,
            algorithm,
            lang,
            link,
            export::VECTOR_SECONDS,
            (&law_file, &vectors_file),
        )?;
        let inputs = self.inputs();
        let mut written = Vec::new();
        for (name, text) in [
            (&law_file, &files.code),
            (&vectors_file, &files.vectors),
            (&test_file, &files.test),
        ] {
            let path = place(name);
            crate::files::write_output(&path, &inputs, |w| w.write_all(text.as_bytes()))
                .map_err(|e| e.to_string())?;
            written.push(path);
        }
        Ok(written)
    }
}
