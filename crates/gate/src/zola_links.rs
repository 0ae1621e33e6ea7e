//! Zola's internal links (`[text](@/nim.md#rules)`, a path under `content/`)
//! met in an essay or the index's intro: each an error naming the link
//! grundy takes in its place, an essay's address.

use std::collections::BTreeMap;

use grundy_load::error::ErrorKind;

/// What grundy does instead of Zola's internal links.
pub const INSTEAD: &str = "grundy links an essay by its address, `../SLUG/` from an essay \
    (`/SLUG/` from the index's intro), with `#anchor` after it as written, and checks every \
    such link";

/// The error for `url` written on the page `page` (`/nim/`, `/` for the
/// index) when it is Zola's internal link; `essays` holds each essay's
/// path under `content/` (`games/nim.md`, `game-tree/index.md`) and its slug.
pub fn check(page: &str, url: &str, essays: &BTreeMap<String, String>) -> Option<ErrorKind> {
    let path = url.strip_prefix("@/")?;
    let (file, anchor) = path
        .split_once('#')
        .map_or((path, String::new()), |(f, a)| (f, format!("#{a}")));
    let hint = match essays.get(file) {
        Some(slug) => {
            let up = if page == "/" { "/" } else { "../" };
            format!(
                "; `@/` is Zola's internal link: grundy links an essay by its address, \
                 here `{up}{slug}/{anchor}`"
            )
        }
        None => {
            format!("; `@/` is Zola's internal link, and no essay is content/{file}: {INSTEAD}")
        }
    };
    Some(ErrorKind::BrokenLink {
        url: url.to_owned(),
        hint,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zola_link_names_the_essays_address_and_nothing_else_is_one() {
        let essays = BTreeMap::from([
            ("games/nim.md".to_owned(), "nim".to_owned()),
            ("tree/index.md".to_owned(), "game-tree".to_owned()),
        ]);
        let said = |page, url| check(page, url, &essays).map(|k| k.to_string());
        assert_eq!(
            said("/a/", "@/games/nim.md#rules").unwrap(),
            "broken link: no page or file at `@/games/nim.md#rules`; `@/` is Zola's internal \
             link: grundy links an essay by its address, here `../nim/#rules`"
        );
        assert!(
            said("/", "@/tree/index.md")
                .unwrap()
                .ends_with("here `/game-tree/`")
        );
        assert!(
            said("/a/", "@/gone.md")
                .unwrap()
                .contains("no essay is content/gone.md")
        );
        assert_eq!(said("/a/", "../nim/"), None);
        assert_eq!(said("/a/", "at/@/x.md"), None);
    }
}
