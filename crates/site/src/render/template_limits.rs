//! What one render of a template may do: tera has no meter of its work, so
//! its `range` is replaced by one that counts the items it makes over the
//! whole render, and the output is written to a buffer that refuses to grow
//! past a page's limit.
//!
//! A loop runs over a list: over the site's own data (bounded by the site's
//! limits) or over a `range`. Counting `range`'s items bounds loops nested
//! over ranges (two nested `range(end=100000)` would run ten billion times);
//! bounding the output bounds every loop that writes.

use std::cell::Cell;
use std::io::Write;

use grundy_text::list::thousands;

/// Most bytes of one page's HTML: an essay whose page would be larger is an
/// error at its file, and its page is left out; a render that writes more
/// stops there.
pub const MAX_PAGE_BYTES: usize = 16 << 20;

/// Most items `range` makes in one call of a template.
pub(crate) const MAX_RANGE_ITEMS: usize = 10_000;

/// Most items every call of `range` together makes in one render of a page.
pub(crate) const MAX_RANGE_ITEMS_A_RENDER: usize = 1_000_000;

thread_local! {
    /// Items `range` made so far in the render on this thread.
    static MADE: Cell<usize> = const { Cell::new(0) };
}

/// The range budget of one render: counted from zero while it lives.
#[derive(Debug)]
pub(crate) struct Budget(());

impl Budget {
    /// Starts counting a render's `range` items afresh on this thread.
    pub(crate) fn start() -> Budget {
        MADE.with(|made| made.set(0));
        Budget(())
    }
}

impl Drop for Budget {
    fn drop(&mut self) {
        MADE.with(|made| made.set(0));
    }
}

/// `range(end=N, start=0, step_by=1)`, as tera's, within [`MAX_RANGE_ITEMS`]
/// a call and [`MAX_RANGE_ITEMS_A_RENDER`] a render.
pub(crate) fn range(kwargs: tera::Kwargs, _: &tera::State) -> tera::TeraResult<Vec<i128>> {
    let start = kwargs.get::<i128>("start")?.unwrap_or_default();
    let end = kwargs.must_get::<i128>("end")?;
    let step = kwargs.get::<i128>("step_by")?.unwrap_or(1);
    if step == 0 {
        return Err(tera::Error::message(
            "`range` was called with a `step_by` of 0",
        ));
    }
    if start > end && step > 0 {
        return Err(tera::Error::message(
            "`range` was called with a `start` greater than its `end`",
        ));
    }
    let len = length(start, end, step);
    if len > MAX_RANGE_ITEMS as u128 {
        return Err(tera::Error::message(format!(
            "`range` would make {len} items: a call makes at most {}",
            thousands(MAX_RANGE_ITEMS as u64)
        )));
    }
    let len = len as usize;
    let total = MADE.with(|made| {
        let total = made.get().saturating_add(len);
        made.set(total);
        total
    });
    if total > MAX_RANGE_ITEMS_A_RENDER {
        return Err(tera::Error::message(format!(
            "`range` has made {} items in this render: a page's render makes at most {} (loops nested over ranges multiply)",
            thousands(total as u64),
            thousands(MAX_RANGE_ITEMS_A_RENDER as u64)
        )));
    }
    Ok((0..len as i128).map(|i| start + i * step).collect())
}

/// How many items a range has, without overflow.
fn length(start: i128, end: i128, step: i128) -> u128 {
    let (span, step) = if step > 0 {
        (end.abs_diff(start), step.unsigned_abs())
    } else if start <= end {
        return 0;
    } else {
        (start.abs_diff(end), step.unsigned_abs())
    };
    span.div_ceil(step)
}

/// A render's output, refused past [`MAX_PAGE_BYTES`].
#[derive(Debug, Default)]
pub(crate) struct Bounded {
    bytes: Vec<u8>,
    overflowed: bool,
}

impl Bounded {
    /// Whether the render tried to write past the limit.
    pub(crate) fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// The output as text (tera writes UTF-8), moved rather than copied,
    /// and holding no more memory than its length: a site's pages are all
    /// held until they are written, and a buffer grown by doubling may be
    /// twice as long as what it holds.
    pub(crate) fn into_string(self) -> String {
        let mut text = String::from_utf8(self.bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        text.shrink_to_fit();
        text
    }
}

impl Write for Bounded {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.bytes.len() + buf.len() > MAX_PAGE_BYTES {
            self.overflowed = true;
            return Err(std::io::Error::other("a page's limit"));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The error of a render that wrote past [`MAX_PAGE_BYTES`].
pub(crate) fn too_long(name: &str) -> String {
    format!(
        "rendering `{name}` writes more than {} MiB, the most a page may be",
        MAX_PAGE_BYTES / (1 << 20)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(template: &str) -> tera::TeraResult<String> {
        let mut tera = tera::Tera::new();
        tera.register_function("range", range);
        tera.add_raw_template("t.html", template)?;
        let _budget = Budget::start();
        tera.render("t.html", &tera::Context::new())
    }

    #[test]
    fn ranges_are_tera_s_within_the_limits() {
        assert_eq!(
            render("{% for i in range(end=3) %}{{ i }}{% endfor %}").unwrap(),
            "012"
        );
        assert_eq!(
            render("{% for i in range(start=10, end=0, step_by=-4) %}{{ i }},{% endfor %}")
                .unwrap(),
            "10,6,2,"
        );
        assert_eq!(render("{{ range(start=5, end=5) | length }}").unwrap(), "0");
    }

    #[test]
    fn a_range_past_its_limit_is_an_error() {
        let err = render("{% for i in range(end=100000) %}{% endfor %}").unwrap_err();
        assert!(
            format!("{err:?}").contains("a call makes at most 10,000"),
            "{err:?}"
        );
    }

    #[test]
    fn nested_ranges_stop_at_the_limit_of_a_render() {
        let err = render(
            "{% for i in range(end=10000) %}{% for j in range(end=10000) %}{% endfor %}{% endfor %}",
        )
        .unwrap_err();
        assert!(
            format!("{err:?}").contains("makes at most 1,000,000"),
            "{err:?}"
        );
        // A new render counts afresh.
        assert!(render("{% for i in range(end=10000) %}{% endfor %}").is_ok());
    }

    #[test]
    fn output_past_a_page_s_limit_is_refused() {
        let mut out = Bounded::default();
        assert!(out.write_all(&vec![b'a'; MAX_PAGE_BYTES]).is_ok());
        assert!(out.write_all(b"a").is_err());
        assert!(out.overflowed());
    }
}
