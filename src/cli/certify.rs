//! `grundy certify FILE...`: the independent checker run on certificates a
//! site published (`SLUG/certificates/HASH.json`), as a reader would check
//! them without a browser: each file passes, saying what was checked, or is
//! refused, saying where it is wrong.

use super::out::Out;
use super::{EXIT_BAD_INPUT, EXIT_FAILED};
use grundy_certify::{Published, check};
use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

/// The largest certificate file read: the build publishes none past 1 MiB.
const MAX_FILE: u64 = 2 << 20;

/// `grundy certify FILE...`: exit 0 when every certificate passes, 1 when
/// one is refused, 2 when a file cannot be read as certificates.
pub fn certify(files: &[String]) -> ExitCode {
    let mut out = Out::stdout();
    let (mut refused, mut unreadable) = (0usize, 0usize);
    for file in files {
        let published = match read(Path::new(file)) {
            Ok(published) => published,
            Err(why) => {
                unreadable += 1;
                eprintln!("error: {file}: {why}");
                continue;
            }
        };
        let several = published.certificates.len() > 1;
        for (i, certificate) in published.certificates.iter().enumerate() {
            let name = if several {
                format!("{file} #{}", i + 1)
            } else {
                file.clone()
            };
            match check(certificate) {
                Ok(checked) => {
                    let unit = if checked.positions == 1 {
                        checked.unit.to_owned()
                    } else {
                        format!("{}s", checked.unit)
                    };
                    out.line(format_args!(
                        "{name}: checked that {} ({} {unit})",
                        checked.what, checked.positions
                    ));
                }
                Err(refusal) => {
                    refused += 1;
                    let verdict = if refusal.too_large {
                        "not checked"
                    } else {
                        "wrong"
                    };
                    out.line(format_args!("{name}: {verdict}: {refusal}"));
                }
            }
        }
    }
    let code = if unreadable > 0 {
        ExitCode::from(EXIT_BAD_INPUT)
    } else if refused > 0 {
        ExitCode::from(EXIT_FAILED)
    } else {
        ExitCode::SUCCESS
    };
    out.finish(code)
}

/// A certificate file read whole, refused past [`MAX_FILE`] bytes.
fn read(path: &Path) -> Result<Published, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut text = String::new();
    file.take(MAX_FILE + 1)
        .read_to_string(&mut text)
        .map_err(|e| e.to_string())?;
    if text.len() as u64 > MAX_FILE {
        return Err(format!(
            "larger than {MAX_FILE} bytes: the build publishes none"
        ));
    }
    serde_json::from_str(&text)
        .map_err(|e| format!("not a published certificate file ({{\"certificates\": [...]}}): {e}"))
}
