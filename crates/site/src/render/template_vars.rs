//! What each built-in template is given, documented once: the source of the
//! comment at the top of every template `grundy init --templates` writes, and
//! of the `templates/README.md` it writes beside them.

/// One variable a template can use, by its path (`page.title`, `essays[].slug`).
#[derive(Debug, Clone, Copy)]
pub struct Var {
    pub path: &'static str,
    pub(crate) meaning: &'static str,
}

/// A built-in template: its name, what it renders, and the variables it is
/// given besides [`COMMON`].
#[derive(Debug, Clone, Copy)]
pub struct TemplateDoc {
    pub name: &'static str,
    pub(crate) renders: &'static str,
    pub vars: &'static [Var],
}

const fn var(path: &'static str, meaning: &'static str) -> Var {
    Var { path, meaning }
}

/// What every page's template is given: the site's settings and the way back to its root.
pub const COMMON: &[Var] = &[
    var("site.title", "the site's title (`title` in grundy.toml)"),
    var("site.description", "the site's description"),
    var("site.author", "the site's author; empty when unset"),
    var(
        "site.base_url",
        "where the site is published, without a trailing `/`; empty when unset",
    ),
    var("site.language", "the pages' language (`en` by default)"),
    var(
        "site.social_cards",
        "whether essays get a drawn social card",
    ),
    var(
        "site.favicon",
        "the icon's file as set (`static/icon.svg`, the built-in coin, by default)",
    ),
    var(
        "site.keep",
        "the output entries a build keeps (a list of names)",
    ),
    var(
        "site.extra",
        "the site's own values, `[extra]` in grundy.toml (a table; empty when unset)",
    ),
    var(
        "config",
        "the same settings as `site`, by the name Zola gives them (`config.extra`)",
    ),
    var(
        "root",
        "the relative way from this page to the site's root (`\"\"`, `\"../\"`; `\"/\"` on the 404 page, served at any depth): prefix it to site paths",
    ),
    var(
        "favicon",
        "the icon's address under the site's root (`icon.svg`): link it as `{{ root }}{{ favicon }}`",
    ),
    var("favicon_type", "the icon's media type (`image/svg+xml`)"),
    var(
        "script_words",
        "the words the figures' scripts say, in the site's language: an element to write as it is (`{{ script_words | safe }}`) before `js/words.js` on every page whose figures or certificate checks the scripts bring to life (the built-in `base.html` writes it on essay pages, those with `page`, and leaves it out of pages without figures)",
    ),
];

/// Every built-in template, in name order.
pub const TEMPLATES: &[TemplateDoc] = &[
    TemplateDoc {
        name: "404.html",
        renders: "the page a host shows for a missing address, `404.html` (extends base.html)",
        vars: &[],
    },
    TemplateDoc {
        name: "base.html",
        renders: "the frame every page extends: blocks `title`, `description`, `head` and `main`",
        vars: &[],
    },
    TemplateDoc {
        name: "essay.html",
        renders: "an essay's page, `SLUG/index.html` (extends base.html)",
        vars: &[
            var("page.title", "the essay's title"),
            var(
                "page.author",
                "its author: the front matter's `author`, else the site's; empty when neither is set",
            ),
            var("page.date", "its date, `YYYY-MM-DD`"),
            var("page.date_text", "its date in words, `2 November 2026`"),
            var("page.updated", "the date of its last change, or none"),
            var(
                "page.draft",
                "whether it is a draft (`draft = true`), shown only by `serve` and `build --drafts`",
            ),
            var("page.updated_text", "that date in words, or none"),
            var(
                "page.cite.text",
                "how to cite it, as text: author, title, the site's title, date and address",
            ),
            var(
                "page.cite.bibtex",
                "the same as a BibTeX `@misc` entry (key: the slug's letters and the year)",
            ),
            var("page.description", "its description"),
            var("page.slug", "its slug: the page is at `/SLUG/`"),
            var(
                "page.checked",
                "whether its text shows a number or statement the build computed or checked",
            ),
            var(
                "page.needs",
                "the essays to read first (its `needs` that have a page, in its order), each with `slug` and `title`",
            ),
            var(
                "page.gives",
                "its `gives`: what a reader learns from it, or none",
            ),
            var("page.tags", "its tags (a list of strings)"),
            var("page.weight", "its weight, or none"),
            var(
                "page.image",
                "its og:image: the front matter's `image`, or its social card (absolute with `base_url`); none with cards off",
            ),
            var(
                "page.url",
                "its address, absolute with `base_url`, else `/SLUG/`",
            ),
            var(
                "page.content",
                "the essay as HTML, figures and checks included: write `{{ page.content | safe }}`",
            ),
            var(
                "page.headings[].level",
                "each level-2 and level-3 heading's level (2 or 3), for a table of contents",
            ),
            var("page.headings[].id", "its anchor"),
            var("page.headings[].title", "its text"),
            var(
                "page.extra",
                "the essay's own values, `[extra]` in its front matter (a table; empty when unset)",
            ),
        ],
    },
    TemplateDoc {
        name: "index.html",
        renders: "the list of essays, `index.html` (extends base.html)",
        vars: &[
            var(
                "index.title",
                "the index's heading: `[index] title`, or the site's title",
            ),
            var(
                "index.intro",
                "`[index] intro` as HTML (write `{{ index.intro | safe }}`); empty when unset",
            ),
            var(
                "index.reading_order",
                "`[index] reading_order`: whether to say the essays are read in order",
            ),
            var(
                "essays[].title",
                "each essay's title, in the index's order (weight, then newest first, \
                 no essay before one it needs)",
            ),
            var("essays[].date", "its date, `2026-11-02`"),
            var("essays[].date_text", "its date in words, `2 November 2026`"),
            var("essays[].description", "its description"),
            var(
                "essays[].slug",
                "its slug: link it as `{{ root }}{{ essay.slug }}/`",
            ),
            var("essays[].tags", "its tags"),
            var("essays[].weight", "its weight, or none"),
            var(
                "essays[].needs",
                "the essays to read first (`needs`), each with `slug` and `title`",
            ),
            var(
                "essays[].gives",
                "what a reader takes away (`gives`), in one line, or none",
            ),
        ],
    },
    TemplateDoc {
        name: "tag.html",
        renders: "the essays with one tag, `tags/SLUG/index.html` (extends base.html)",
        vars: &[
            var(
                "tag.name",
                "the tag, as the first essay that has it spells it",
            ),
            var("tag.slug", "its address part: the page is at `/tags/SLUG/`"),
            var("tag.count", "how many essays have it"),
            var(
                "essays[].title",
                "each essay with the tag, in the index's order",
            ),
            var("essays[].date", "its date, `2026-11-02`"),
            var("essays[].date_text", "its date in words, `2 November 2026`"),
            var("essays[].description", "its description"),
            var(
                "essays[].slug",
                "its slug: link it as `{{ root }}{{ essay.slug }}/`",
            ),
            var("essays[].tags", "its tags"),
        ],
    },
    TemplateDoc {
        name: "claims.html",
        renders: "how each fact is known, `claims/index.html` (extends base.html)",
        vars: &[
            var("totals.essays", "the essays"),
            var("totals.directives", "the figures and checks"),
            var(
                "totals.claims",
                "the claims checked, in directives and in prose",
            ),
            var(
                "totals.positions_compared",
                "the positions where two methods' answers were set side by side",
            ),
            var(
                "totals.positions_searched",
                "the positions searched exhaustively",
            ),
            var(
                "totals.two_ways",
                "the directives whose facts met a second way: two methods that agreed, or a certificate the independent checker passed",
            ),
            var(
                "totals.certified",
                "the directives with a certificate the independent checker passed",
            ),
            var(
                "totals.positions_certified",
                "the positions (and rows) the independent checker verified",
            ),
            var(
                "totals.one_way",
                "the directives with a fact computed one way only",
            ),
            var(
                "totals.literals",
                "the numbers in prose marked as literals (`{#1927}`), not facts",
            ),
            var(
                "essays[].slug",
                "each essay, in the index's order: its slug",
            ),
            var("essays[].title", "its title"),
            var("essays[].claims", "the claims checked in it"),
            var(
                "essays[].records",
                "its figures and checks: `class`, `kind`, `id`, `anchor` (its id on the page, which the essays' notes link to), `file`, `line`, `words` (the evidence in sentences), `ways` (`one` or `two`), `claims`, `evidence` (the record)",
            ),
            var(
                "author",
                "true in the author's preview (`grundy serve`, builds with drafts), which shows each directive's file and line",
            ),
            var(
                "methods",
                "each method: `name`, `words`, and the directives where it was `compared` with a second method or stood `alone` (each `slug`, `title`, `class`, `kind`, `line`)",
            ),
        ],
    },
    TemplateDoc {
        name: "print.html",
        renders: "every essay on one page, to print, `print/index.html` (extends base.html, loading none of its figures' scripts)",
        vars: &[
            var(
                "essays[].slug",
                "each essay, in the index's order: its slug, which is also its `id` on the page",
            ),
            var("essays[].title", "its title"),
            var("essays[].date", "its date, `2026-11-02`"),
            var("essays[].date_text", "its date in words, `2 November 2026`"),
            var("essays[].tags", "its tags"),
            var(
                "essays[].content",
                "its HTML, ids made its own (`SLUG--ID`) and links to the other essays on the page made links within it",
            ),
            var(
                "left_out",
                "the essays past the page's size limit (16 MiB of HTML), each `title` and `slug`",
            ),
        ],
    },
    TemplateDoc {
        name: "tags.html",
        renders: "every tag with its count, `tags/index.html` (extends base.html)",
        vars: &[
            var("tags[].name", "each tag, in the order of their addresses"),
            var(
                "tags[].slug",
                "its address part: link it as `{{ root }}tags/{{ tag.slug }}/`",
            ),
            var("tags[].count", "how many essays have it"),
        ],
    },
];

/// The documentation of the built-in template `name`.
pub fn doc(name: &str) -> Option<&'static TemplateDoc> {
    TEMPLATES.iter().find(|t| t.name == name)
}

/// The comment put at the top of an ejected template: what it renders and
/// what it is given. Tera drops it, and the whitespace after it, from the page.
pub(crate) fn header(doc: &TemplateDoc) -> String {
    let mut out = format!("{{#-\n  {}: {}.\n", doc.name, doc.renders);
    if doc.vars.is_empty() {
        out.push_str("  Variables: those every page has (see README.md).\n");
    } else {
        out.push_str("  Variables, besides those every page has (see README.md):\n");
        push_vars(&mut out, doc.vars, "    ");
    }
    out.push_str("-#}\n");
    out
}

/// `templates/README.md`: every template's variables.
pub(crate) fn readme() -> String {
    let mut out = String::from(
        "# Templates\n\n\
         These are grundy's built-in templates, copied by `grundy init --templates` for\n\
         you to edit. A template here replaces the built-in one of the same name; delete\n\
         one to get the built-in one back. They are [Tera](https://keats.github.io/tera/)\n\
         templates, autoescaped: write `| safe` only after HTML grundy made\n\
         (`page.content`, `index.intro`).\n\n\
         ## Every page\n\n",
    );
    push_vars(&mut out, COMMON, "- ");
    for doc in TEMPLATES {
        out.push_str(&format!("\n## {}\n\n{}.\n", doc.name, capital(doc.renders)));
        if !doc.vars.is_empty() {
            out.push('\n');
            push_vars(&mut out, doc.vars, "- ");
        }
    }
    out
}

fn push_vars(out: &mut String, vars: &[Var], prefix: &str) {
    for v in vars {
        out.push_str(&format!("{prefix}`{}`: {}\n", v.path, v.meaning));
    }
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
