//! The build being served: its files in memory, replaced whole by each
//! rebuild, the script that reloads a page when it changes, and the page a
//! failed build shows.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use grundy_site::error::Report;
use grundy_site::pipeline::Bytes;

/// The script put in every served page: it polls the build version and reloads when it changes.
pub const RELOAD_SCRIPT: &str = "<script>(function(){var v=null;function p(){fetch('/__grundy/version',{cache:'no-store'}).then(function(r){return r.text()}).then(function(t){if(v===null){v=t}else if(t!==v){location.reload()}}).catch(function(){}).finally(function(){setTimeout(p,700)})}p()})();</script>\n";

/// What one build left to serve: its files, in memory, and its report if it had problems.
#[derive(Debug, Default)]
pub struct Built {
    pub version: u64,
    /// Output path (`nim/index.html`) to bytes: the pages that built
    /// (shared with the session that built them, not copied).
    pub files: BTreeMap<String, Bytes>,
    /// The report, when the build had problems.
    pub report: Option<String>,
    /// How many problems the report holds.
    pub problems: usize,
}

/// The build being served, replaced whole by each rebuild: a request sees
/// the old build or the new one, never a mix and never a gap.
#[derive(Debug, Clone, Default)]
pub struct Shared(Arc<Mutex<Arc<Built>>>);

impl Shared {
    /// The build being served now.
    pub fn current(&self) -> Arc<Built> {
        match self.0.lock() {
            Ok(built) => built.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Serves `files` (and `report`) from now on, as the next version.
    pub fn replace(&self, files: BTreeMap<String, Bytes>, report: &Report) -> u64 {
        let mut slot = match self.0.lock() {
            Ok(slot) => slot,
            Err(poisoned) => poisoned.into_inner(),
        };
        let version = slot.version + 1;
        *slot = Arc::new(Built {
            version,
            files,
            report: (!report.is_empty()).then(|| report.to_string()),
            problems: report.diagnostics.len(),
        });
        version
    }
}

/// The report of a build with problems, shown where a page did not build and at `/__grundy/errors`.
pub fn error_page(report: &str) -> String {
    let escaped = grundy_site::text::html::escape(report);
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Build failed</title>\
<style>body{{margin:0;background:#1d0f0f;color:#f6e7e7;font:15px/1.5 ui-monospace,Menlo,Consolas,monospace}}\
main{{max-width:60rem;margin:2rem auto;padding:0 1rem}}h1{{color:#ff8a80;font-size:1.3rem}}\
pre{{white-space:pre-wrap;background:#2a1616;padding:1rem;border-radius:4px;overflow-x:auto}}</style></head>\
<body><main><h1>The build failed</h1><p>Fix the problems below; this page reloads when the site builds again.</p>\
<pre>{escaped}</pre></main>{RELOAD_SCRIPT}</body></html>\n"
    )
}
