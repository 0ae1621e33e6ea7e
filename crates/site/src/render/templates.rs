//! Tera templates: the built-in ones, overridden by a site's own `templates/`.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use std::sync::Arc;

use crate::render::{script_words, template_limits, words, zola_names};
use grundy_load::config::Config;
use grundy_load::embedded;
use grundy_load::error::{Diagnostic, ErrorKind};
use grundy_load::site_file;
use grundy_text::catalogue::Catalogue;

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
    /// Whether every template is the built-in one (a site's copy of one,
    /// byte for byte, counts as it).
    built_in: bool,
}

/// What [`Templates::render_spliced`] looks for: the start of every mark.
const MARK: &str = "\u{1}grundy-piece-";

impl Templates {
    /// Loads the built-in templates, then the files of `ROOT/templates/` over
    /// them, but hidden and Markdown ones; `t` and `thousands` speak the
    /// language of `words`.
    pub(crate) fn load(root: &Path, words: &Catalogue) -> Result<Templates, Vec<Diagnostic>> {
        let mut sources: BTreeMap<String, (PathBuf, String)> = BTreeMap::new();
        let mut problems = Vec::new();
        for (name, bytes) in embedded::TEMPLATES {
            let text = String::from_utf8_lossy(bytes).into_owned();
            sources.insert(
                (*name).to_owned(),
                (PathBuf::from(format!("<built-in>/templates/{name}")), text),
            );
        }
        let mut built_in = true;
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
                    problems.extend(zola_names::calls(&shown, &text));
                    built_in &= sources.get(&name).is_some_and(|(_, own)| *own == text);
                    sources.insert(name, (shown, text));
                }
                Ok(Err(e)) => problems.push(Diagnostic::file(
                    shown,
                    ErrorKind::NotUtf8(e.utf8_error().to_string()),
                )),
                Err(e) => problems.push(Diagnostic::file(shown, ErrorKind::NotRead(e))),
            }
        }
        let named = sources
            .iter()
            .map(|(n, (p, t))| (n.as_str(), p.as_path(), t.as_str()));
        problems.extend(zola_names::templates(named));
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut tera = tera::Tera::new();
        tera.autoescape_on([".html", ".xml"]);
        tera.register_filter("tag_slug", |tag: &str, _: tera::Kwargs, _: &tera::State| {
            grundy_text::slug::slugify(tag)
        });
        let words = Arc::new(words.clone());
        let grouping = Arc::clone(&words);
        tera.register_filter(
            "thousands",
            move |n: u64, _: tera::Kwargs, _: &tera::State| grouping.number(n),
        );
        tera.register_function("t", words::function(words));
        tera.register_function("range", template_limits::range);
        let mut templates = Templates {
            tera: tera::Tera::new(),
            sources,
            built_in,
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
            Err(_) if out.overflowed() => Err(self.too_long(name)),
            Err(e) => Err(self.diagnostic(&e)),
        }
    }

    /// The mark that stands for the `i`th piece of [`Templates::render_spliced`]
    /// in a context.
    pub(crate) fn mark(i: usize) -> String {
        format!("{MARK}{i}\u{1}")
    }

    /// [`Templates::render`] of a page whose context holds [`Templates::mark`]`(i)`
    /// where `pieces[i]`, HTML written as it is (`| safe`), goes: rendered with
    /// the short marks, then each mark replaced by its piece, within the same
    /// limit on bytes. A page of essays is made without copying each essay's
    /// HTML into the context and through the template. Only when every
    /// template is the built-in one, which writes each piece once, as it is,
    /// and only if every mark is found once, in order: else `None`, and the
    /// page is to be rendered with the pieces themselves.
    pub(crate) fn render_spliced(
        &self,
        name: &str,
        context: &tera::Context,
        pieces: &[String],
    ) -> Option<Result<String, Diagnostic>> {
        if !self.built_in {
            return None;
        }
        let page = match self.render(name, context) {
            Ok(page) => page,
            Err(e) => return Some(Err(e)),
        };
        let mut out = template_limits::Bounded::default();
        let mut from = 0;
        let mut found = page.match_indices(MARK);
        for (i, piece) in pieces.iter().enumerate() {
            let (at, _) = found.next()?;
            let mark = Self::mark(i);
            if !page[at..].starts_with(&mark) {
                return None;
            }
            let written = out
                .write_all(&page.as_bytes()[from..at])
                .and_then(|()| out.write_all(piece.as_bytes()));
            if written.is_err() {
                return Some(Err(self.too_long(name)));
            }
            from = at + mark.len();
        }
        if found.next().is_some() {
            return None;
        }
        if out.write_all(&page.as_bytes()[from..]).is_err() {
            return Some(Err(self.too_long(name)));
        }
        Some(Ok(out.into_string()))
    }

    /// The error of a render of `name` past the limit on a page's bytes.
    fn too_long(&self, name: &str) -> Diagnostic {
        let path = self
            .sources
            .get(name)
            .map_or_else(|| PathBuf::from(name), |(p, _)| p.clone());
        Diagnostic::file(path, ErrorKind::Template(template_limits::too_long(name)))
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
                    ErrorKind::Template(format!(
                        "{}{}",
                        report.message(),
                        zola_names::variable_hint(report.message()).unwrap_or_default()
                    )),
                )
            }
            other => Diagnostic::file("templates", ErrorKind::Template(other.to_string())),
        }
    }
}

/// A relative path with `/` between its parts on every platform: the name a
/// template or a static file has in the site.
/// What every page's template is given: the site's settings as `site`,
/// `root`, the relative way from the page to the site's root, the
/// favicon's address under it and its type, and the words the figures'
/// scripts say (`script_words`).
pub(crate) fn base_context(config: &Config, root: &str) -> tera::Context {
    let mut context = tera::Context::new();
    let settings = config.for_templates.get(config);
    context.insert_value("site", settings.clone());
    // Zola's name for the settings, so its templates' `config.extra` works.
    context.insert_value("config", settings);
    context.insert("root", root);
    context.insert("favicon", config.favicon_href());
    context.insert("favicon_type", config.favicon_type());
    context.insert("script_words", &script_words::element(&config.words));
    context
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in print page's context, with `title` as the site's title
    /// and each essay's content `content(i)`.
    fn context(title: &str, content: impl Fn(usize) -> String) -> tera::Context {
        let config = Config {
            title: title.to_owned(),
            ..Config::default()
        };
        let essays: Vec<serde_json::Value> = (0..3)
            .map(|i| {
                serde_json::json!({
                    "title": format!("Essay {i}"), "date": "2026-01-01", "date_text": "1 January 2026",
                    "slug": format!("essay-{i}"), "tags": [], "content": content(i),
                })
            })
            .collect();
        let mut context = base_context(&config, "../");
        context.insert("essays", &essays);
        context.insert("left_out", &Vec::<String>::new());
        context
    }

    #[test]
    fn pieces_put_in_after_rendering_are_what_the_template_writes_with_them() {
        let dir = tempfile::tempdir().unwrap();
        let templates = Templates::load(dir.path(), &Catalogue::default()).unwrap();
        let pieces: Vec<String> = (0..3)
            .map(|i| format!("<p>Body {i} &amp; more</p>"))
            .collect();
        let marked = context("Site", Templates::mark);
        let spliced = templates.render_spliced("print.html", &marked, &pieces);
        let through = templates.render("print.html", &context("Site", |i| pieces[i].clone()));
        assert_eq!(spliced.unwrap().unwrap(), through.unwrap());
        // A mark written anywhere else (here in the site's title) is not
        // taken for a piece's place: the page is rendered with the pieces.
        let odd = context(&Templates::mark(1), Templates::mark);
        assert!(
            templates
                .render_spliced("print.html", &odd, &pieces)
                .is_none()
        );
        // Nor are marks out of order.
        let swapped = context("Site", |i| Templates::mark(2 - i));
        assert!(
            templates
                .render_spliced("print.html", &swapped, &pieces)
                .is_none()
        );
    }

    #[test]
    fn t_speaks_the_catalogue_and_a_mistyped_key_is_placed_with_the_key_meant() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("templates")).unwrap();
        std::fs::write(
            dir.path().join("templates/tags.html"),
            "<p>{{ t(key=\"tags.count\", n=1200) }} · {{ t(key=\"tags.tagged\", tag=\"<b>\") }} · \
             {{ t(key=\"essay.draft\", setting=\"<code>x</code>\" | safe) }}</p>\n\
             <p>{{ t(key=\"essay.publised\") }}</p>\n",
        )
        .unwrap();
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        let templates = Templates::load(dir.path(), &fr).unwrap();
        let error = templates
            .render("tags.html", &tera::Context::new())
            .unwrap_err()
            .to_string();
        assert!(error.contains("templates/tags.html:2:"), "{error}");
        assert!(
            error.contains(
                "`essay.publised` is no string of the catalogue; did you mean `essay.published`?"
            ),
            "{error}"
        );
        std::fs::write(
            dir.path().join("templates/tags.html"),
            "<p>{{ t(key=\"tags.count\", n=1200) }} · {{ t(key=\"tags.tagged\", tag=\"<b>\") }} · \
             {{ t(key=\"essay.draft\", setting=\"<code>x</code>\" | safe) }}</p>\n",
        )
        .unwrap();
        let templates = Templates::load(dir.path(), &fr).unwrap();
        let page = templates
            .render("tags.html", &tera::Context::new())
            .unwrap();
        assert_eq!(
            page,
            "<p>1\u{202f}200 essais · Essais étiquetés « &lt;b&gt; » · Brouillon\u{a0}: un aperçu\u{a0}; le site \
             publié le laisse de côté tant que <code>x</code> reste.</p>\n"
        );
    }

    #[test]
    fn pieces_past_a_page_s_limit_are_the_error_of_a_page_too_long() {
        let dir = tempfile::tempdir().unwrap();
        let templates = Templates::load(dir.path(), &Catalogue::default()).unwrap();
        let third = template_limits::MAX_PAGE_BYTES / 3;
        let pieces: Vec<String> = (0..3).map(|_| "x".repeat(third)).collect();
        let marked = context("Site", Templates::mark);
        let error = templates.render_spliced("print.html", &marked, &pieces);
        let error = error.unwrap().unwrap_err();
        assert_eq!(
            *error.kind,
            ErrorKind::Template(template_limits::too_long("print.html"))
        );
        let through = templates.render("print.html", &context("Site", |i| pieces[i].clone()));
        assert_eq!(through.unwrap_err().kind, error.kind);
    }

    #[test]
    fn a_site_s_own_template_is_rendered_with_the_pieces() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(DIR)).unwrap();
        let built_in = include_str!("../../../../templates/print.html");
        std::fs::write(dir.path().join(DIR).join("print.html"), built_in).unwrap();
        let copied = Templates::load(dir.path(), &Catalogue::default()).unwrap();
        let pieces: Vec<String> = (0..3).map(|i| format!("<p>{i}</p>")).collect();
        let marked = context("Site", Templates::mark);
        assert!(
            copied
                .render_spliced("print.html", &marked, &pieces)
                .is_some()
        );
        let own = format!("{built_in}{{# own #}}");
        std::fs::write(dir.path().join(DIR).join("print.html"), own).unwrap();
        let own = Templates::load(dir.path(), &Catalogue::default()).unwrap();
        assert!(own.render_spliced("print.html", &marked, &pieces).is_none());
    }
}
