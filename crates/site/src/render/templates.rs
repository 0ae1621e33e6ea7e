//! Tera templates: the built-in ones, overridden by a site's own `templates/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::error::{Diagnostic, ErrorKind};
use crate::load::config::Config;
use crate::load::embedded;
use crate::render::template_limits;
use crate::site_file;

/// The directory of a site's own templates, at its root.
const DIR: &str = "templates";
/// The most bytes one template may hold (1 MiB).
pub(crate) const MAX_BYTES: u64 = 1024 * 1024;

/// The loaded templates, ready to render pages.
#[derive(Debug)]
pub(crate) struct Templates {
    tera: tera::Tera,
    /// Template name to (path shown in errors, source text).
    sources: BTreeMap<String, (PathBuf, String)>,
}

impl Templates {
    /// Loads the built-in templates, then the files of `ROOT/templates/` over
    /// them, but hidden and Markdown ones.
    pub(crate) fn load(root: &Path) -> Result<Templates, Vec<Diagnostic>> {
        let mut sources: BTreeMap<String, (PathBuf, String)> = BTreeMap::new();
        let mut problems = Vec::new();
        for (name, bytes) in embedded::TEMPLATES {
            let text = String::from_utf8_lossy(bytes).into_owned();
            sources.insert(
                (*name).to_owned(),
                (PathBuf::from(format!("<built-in>/templates/{name}")), text),
            );
        }
        let found = site_file::Root::open(root)
            .and_then(|site| site.walk(Path::new(DIR), |name| !name.starts_with('.')))
            .map_err(|e| vec![Diagnostic::file(DIR, ErrorKind::NotRead(e))])?;
        for file in found {
            let name = site_file::slash_path(&file.inside);
            // Markdown: notes beside the templates (the README `grundy init
            // --templates` writes).
            if name.ends_with(".md") {
                continue;
            }
            let shown = Path::new(DIR).join(&file.inside);
            match file.bytes(MAX_BYTES, "a template").map(String::from_utf8) {
                Ok(Ok(text)) => {
                    sources.insert(name, (shown, text));
                }
                Ok(Err(e)) => problems.push(Diagnostic::file(
                    shown,
                    ErrorKind::NotUtf8(e.utf8_error().to_string()),
                )),
                Err(e) => problems.push(Diagnostic::file(shown, ErrorKind::NotRead(e))),
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut tera = tera::Tera::new();
        tera.autoescape_on([".html", ".xml"]);
        tera.register_filter("tag_slug", |tag: &str, _: tera::Kwargs, _: &tera::State| {
            crate::text::slug::slugify(tag)
        });
        tera.register_filter("thousands", |n: u64, _: tera::Kwargs, _: &tera::State| {
            crate::text::list::thousands(n)
        });
        tera.register_function("range", template_limits::range);
        let mut templates = Templates {
            tera: tera::Tera::new(),
            sources,
        };
        let pairs: Vec<(&str, &str)> = templates
            .sources
            .iter()
            .map(|(n, (_, t))| (n.as_str(), t.as_str()))
            .collect();
        if let Err(e) = tera.add_raw_templates(pairs) {
            return Err(vec![templates.diagnostic(&e)]);
        }
        templates.tera = tera;
        Ok(templates)
    }

    /// Renders a template with a context, within the limits of
    /// [`template_limits`]: the items `range` makes over the whole render,
    /// and the bytes written.
    pub(crate) fn render(&self, name: &str, context: &tera::Context) -> Result<String, Diagnostic> {
        let _budget = template_limits::Budget::start();
        let mut out = template_limits::Bounded::default();
        match self.tera.render_to(name, context, &mut out) {
            Ok(()) => Ok(out.into_string()),
            Err(_) if out.overflowed() => {
                let path = self
                    .sources
                    .get(name)
                    .map_or_else(|| PathBuf::from(name), |(p, _)| p.clone());
                Err(Diagnostic::file(
                    path,
                    ErrorKind::Template(template_limits::too_long(name)),
                ))
            }
            Err(e) => Err(self.diagnostic(&e)),
        }
    }

    /// A tera error as a diagnostic at its template's file, line and column.
    fn diagnostic(&self, error: &tera::Error) -> Diagnostic {
        match error.kind() {
            tera::ErrorKind::SyntaxError(report) | tera::ErrorKind::RenderingError(report) => {
                let (path, text) = self
                    .sources
                    .get(report.filename())
                    .map_or((PathBuf::from(report.filename()), ""), |(p, t)| {
                        (p.clone(), t.as_str())
                    });
                let span = report.span();
                Diagnostic::at_line_col(
                    path,
                    text,
                    span.start_line,
                    span.start_col + 1,
                    ErrorKind::Template(report.message().to_owned()),
                )
            }
            other => Diagnostic::file("templates", ErrorKind::Template(other.to_string())),
        }
    }
}

/// A relative path with `/` between its parts on every platform: the name a
/// template or a static file has in the site.
/// What every page's template is given: the site's settings as `site`, and
/// `root`, the relative way from the page to the site's root.
pub(crate) fn base_context(config: &Config, root: &str) -> tera::Context {
    let mut context = tera::Context::new();
    context.insert("site", config);
    // Zola's name for the settings, so its templates' `config.extra` works.
    context.insert("config", config);
    context.insert("root", root);
    context
}
