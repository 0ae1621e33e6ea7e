//! The build being served: its files in memory, replaced whole by each
//! rebuild, the script that reloads a page when it changes, and the page a
//! failed build shows.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use grundy_site::error::{ErrorKind, Report};
use grundy_site::pipeline::Bytes;
use grundy_site::text::catalogue::Catalogue;
use tokio::sync::watch;

/// The script put in every served page: it follows the build version's
/// event stream while the page is shown, and reloads when the version changes.
pub const RELOAD_SCRIPT: &str = "<script>(function(){var v=null,s=null;function open(){s=new EventSource('/__grundy/version');s.onmessage=function(e){if(v===null){v=e.data}else if(e.data!==v){location.reload()}}}document.addEventListener('visibilitychange',function(){if(document.hidden){if(s){s.close();s=null}}else if(!s){open()}});if(!document.hidden){open()}})();</script>\n";

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
    /// Whether the site's settings (`grundy.toml`) failed: then every page
    /// was made without them, and none is shown but the report.
    pub settings_failed: bool,
    /// The site's words, for the report's page and banner (the defaults'
    /// when the settings failed).
    pub words: Catalogue,
}

/// The build being served, replaced whole by each rebuild: a request sees
/// the old build or the new one, never a mix and never a gap.
#[derive(Debug, Clone)]
pub struct Shared {
    built: Arc<Mutex<Arc<Built>>>,
    versions: Arc<watch::Sender<u64>>,
}

impl Default for Shared {
    fn default() -> Self {
        Shared {
            built: Arc::default(),
            versions: Arc::new(watch::channel(0).0),
        }
    }
}

impl Shared {
    /// The build being served now.
    pub fn current(&self) -> Arc<Built> {
        match self.built.lock() {
            Ok(built) => built.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Serves `files` (and `report`) from now on, as the next version.
    pub fn replace(
        &self,
        files: BTreeMap<String, Bytes>,
        report: &Report,
        words: Catalogue,
    ) -> u64 {
        let mut slot = match self.built.lock() {
            Ok(slot) => slot,
            Err(poisoned) => poisoned.into_inner(),
        };
        let version = slot.version + 1;
        *slot = Arc::new(Built {
            version,
            files,
            report: (!report.is_empty()).then(|| report.to_string()),
            problems: report.diagnostics.len(),
            settings_failed: report
                .diagnostics
                .iter()
                .any(|d| matches!(*d.kind, ErrorKind::Config(_))),
            words,
        });
        self.versions.send_replace(version);
        version
    }

    /// The version served, told again after each rebuild.
    pub fn versions(&self) -> watch::Receiver<u64> {
        self.versions.subscribe()
    }
}

/// The report of a build with problems, shown where a page did not build and at `/__grundy/errors`.
pub fn error_page(report: &str, words: &Catalogue) -> String {
    let escape = grundy_site::text::html::escape;
    let escaped = escape(report);
    let language = escape(words.language());
    let title = escape(&words.text("serve.failed-title", &[]));
    let heading = escape(&words.text("serve.failed", &[]));
    let advice = escape(&words.text("serve.failed-advice", &[]));
    format!(
        "<!doctype html>\n<html lang=\"{language}\"><head><meta charset=\"utf-8\"><title>{title}</title>\
<style>body{{margin:0;background:#1d0f0f;color:#f6e7e7;font:15px/1.5 ui-monospace,Menlo,Consolas,monospace}}\
main{{max-width:60rem;margin:2rem auto;padding:0 1rem}}h1{{color:#ff8a80;font-size:1.3rem}}\
pre{{white-space:pre-wrap;background:#2a1616;padding:1rem;border-radius:4px;overflow-x:auto}}</style></head>\
<body><main><h1>{heading}</h1><p>{advice}</p>\
<pre>{escaped}</pre></main>{RELOAD_SCRIPT}</body></html>\n"
    )
}
