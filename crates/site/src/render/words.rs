//! `t`, the function templates call for the words of the site's catalogue:
//! `{{ t(key="essay.published") }}`; a count takes `n`, and every other
//! argument fills the `{name}` of its name.

use std::sync::Arc;

use grundy_text::catalogue::{self, Catalogue};
use grundy_text::html::escape;
use grundy_text::suggest::did_you_mean;

/// The function `t` of a site whose words are `words`. The catalogue's
/// text is escaped; an argument is escaped too unless it is marked safe
/// (`| safe`), which lets a template put a link or `<code>` into a string.
pub(crate) fn function(
    words: Arc<Catalogue>,
) -> impl Fn(tera::Kwargs, &tera::State) -> tera::TeraResult<tera::Value> + Send + Sync + 'static {
    move |kwargs: tera::Kwargs, _: &tera::State| {
        let key: &str = kwargs.must_get("key")?;
        let n = match kwargs.get::<i128>("n")? {
            Some(n) => Some(u64::try_from(n).map_err(|_| {
                tera::Error::message(format!("`t` was given n = {n}: a count is 0 or more"))
            })?),
            None => None,
        };
        let Some(form) = words.form(key, n) else {
            return Err(tera::Error::message(format!(
                "`{key}` is no string of the catalogue{}",
                did_you_mean(key, Catalogue::keys())
            )));
        };
        let mut args: Vec<(String, String)> = Vec::new();
        if let Some(n) = n {
            args.push(("n".into(), words.number(n)));
        }
        for (name, value) in kwargs.iter() {
            let Some(name) = name.as_str() else { continue };
            if name == "key" || name == "n" {
                continue;
            }
            let text = value
                .as_str()
                .map_or_else(|| value.to_string(), str::to_owned);
            args.push((
                name.to_owned(),
                if value.is_safe() { text } else { escape(&text) },
            ));
        }
        let args: Vec<(&str, &str)> = args.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        Ok(tera::Value::safe_string(&catalogue::fill(
            &escape(form),
            &args,
        )))
    }
}
