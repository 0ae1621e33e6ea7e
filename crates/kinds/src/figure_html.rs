//! The HTML around a figure: `<figure>`, the inline SVG, a caption, and for
//! playable figures the embedded game data and the controls the script enhances.

use std::collections::BTreeMap;

use crate::draw::{Drawing, PHONE_LEGIBLE_WIDTH};
use crate::{Output, Shown, Stats};
use grundy_text::catalogue::Catalogue;
use grundy_text::html::escape;
use grundy_text::words::games;

/// Which controls a playable figure offers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Deserialize)]
pub(crate) struct Controls {
    pub(crate) hint: bool,
    pub(crate) random_start: bool,
    pub(crate) reasoning: bool,
    /// The live drawing marks the starting position's winning move, as the
    /// static one does (`show-move`), until the reader moves.
    pub(crate) show_move: bool,
    /// The figure asks (see [`summary_or_answer`]): the live drawing keeps
    /// the value from the reader too, until a hint or a move of theirs.
    #[serde(default)]
    pub(crate) asks: bool,
}

impl Controls {
    /// These controls, for a figure that asks when `asks`.
    pub(crate) fn asking(self, asks: bool) -> Self {
        Controls { asks, ..self }
    }

    /// The game data and these controls when the figure is `playable` (the
    /// data is only computed then), for [`Figure::play`].
    pub(crate) fn when<E>(
        self,
        playable: bool,
        data: impl FnOnce() -> Result<serde_json::Value, E>,
    ) -> Result<Option<(serde_json::Value, Controls)>, E> {
        if playable {
            let mut data = data()?;
            if let (true, Some(fields)) = (self.show_move, data.as_object_mut()) {
                fields.insert("showMove".into(), true.into());
            }
            if let (true, Some(fields)) = (self.asks, data.as_object_mut()) {
                fields.insert("asks".into(), true.into());
            }
            Ok(Some((data, self)))
        } else {
            Ok(None)
        }
    }
}

/// Declares a playable figure's TOML body: its own fields, then `playable`
/// and the play flags it takes (each a `bool`, default false, named as in
/// [`Controls`]), then any fields after them. The fields keep this order, so
/// serde's list of expected keys does too; `deny_unknown_fields` rules out
/// `#[serde(flatten)]`, hence a macro. The body gets `controls(show_move)`.
macro_rules! play_body {
    (
        $(#[$doc:meta])*
        struct $name:ident {
            $($(#[$m:meta])* $field:ident: $ty:ty,)*
        }
        play: [$($flag:ident),*]
        $(then: {
            $($(#[$am:meta])* $after:ident: $aty:ty,)*
        })?
    ) => {
        $(#[$doc])*
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields, rename_all = "kebab-case")]
        struct $name {
            $($(#[$m])* $field: $ty,)*
            #[serde(default)]
            playable: bool,
            $(#[serde(default)] $flag: bool,)*
            $($($(#[$am])* $after: $aty,)*)?
        }

        impl $name {
            /// The controls the body asks for, the live drawing marking the
            /// winning move when `show_move`.
            // The update fills the flags a kind does not take, when there are any.
            #[allow(clippy::needless_update)]
            fn controls(&self, show_move: bool) -> $crate::figure_html::Controls {
                $crate::figure_html::Controls {
                    $($flag: self.$flag,)*
                    show_move,
                    ..Default::default()
                }
            }
        }
    };
}
pub(crate) use play_body;

/// Everything one figure directive renders.
#[derive(Debug)]
pub(crate) struct Figure<'a> {
    /// The kind's name (`coin-row`).
    pub(crate) kind: &'a str,
    /// The stable id (from [`crate::draw::stable_id`]).
    pub(crate) id: String,
    pub(crate) drawing: Drawing,
    /// The accessible title and description of the SVG.
    pub(crate) title: String,
    pub(crate) desc: String,
    pub(crate) caption: Option<String>,
    /// Extra HTML after the drawing (already escaped), such as a value line.
    pub(crate) extra: String,
    /// Game data for the script, when the figure is playable.
    pub(crate) play: Option<(serde_json::Value, Controls)>,
    /// What the page's explorable figures read (`static/js/explore.js`): the
    /// game, the position shown and the engine's tables for each behaviour
    /// (`edit`, `scrub`, `ladder`), written as `data-grundy-explore`.
    pub(crate) explore: Option<serde_json::Value>,
    pub(crate) facts: BTreeMap<String, serde_json::Value>,
}

impl Figure<'_> {
    /// The directive's output: the page HTML, the standalone SVG, the facts;
    /// the author's words end the drawing's description, go first among its
    /// buttons, and a caption the kind has not drawn follows the figure; the
    /// words on how its facts are known close its caption.
    pub(crate) fn into_output(self, shown: Shown<'_>) -> Output {
        let authored = shown.authored;
        let desc = match authored.alt.as_deref().map(str::trim) {
            Some(alt) if !alt.is_empty() => format!("{} {alt}", self.desc),
            _ => self.desc.clone(),
        };
        let (inline, standalone) = self.drawing.render(&self.id, self.kind, &self.title, &desc);
        let mut html = String::new();
        html.push_str(&format!(
            "<figure class=\"grundy-figure grundy-{}\"",
            self.kind
        ));
        if let Some((data, _)) = &self.play {
            html.push_str(&format!(
                " data-grundy-play=\"{}\"",
                escape(&named(data, shown.words).to_string())
            ));
        }
        if let Some(data) = &self.explore {
            html.push_str(&format!(
                " data-grundy-explore=\"{}\"",
                escape(&data.to_string())
            ));
        }
        // A drawing too wide for a phone's column at a legible size scrolls
        // there with a cue, unless it comes in parts that wrap instead.
        let parts = &self.drawing.phone_parts;
        let class = if !parts.is_empty() {
            "grundy-drawing grundy-wide-only"
        } else if self.drawing.width > PHONE_LEGIBLE_WIDTH {
            "grundy-drawing grundy-scroll-cue"
        } else {
            "grundy-drawing"
        };
        html.push_str(&format!(">\n<div class=\"{class}\">"));
        html.push_str(&inline);
        html.push_str("</div>\n");
        if !parts.is_empty() {
            html.push_str(&format!(
                "<div class=\"grundy-drawing grundy-parts\" role=\"img\" aria-labelledby=\"{0}-title {0}-desc\">",
                self.id
            ));
            for part in parts {
                html.push_str(&part.render_part(self.kind));
            }
            html.push_str("</div>\n");
        }
        html.push_str(&in_words(&self.extra, shown.words));
        if let Some((_, controls)) = &self.play {
            html.push_str(&controls_html(
                controls,
                authored.controls.as_deref(),
                shown.words,
            ));
        }
        let evidence = shown.evidence.figure_line(shown.words);
        match &self.caption {
            Some(caption) => html.push_str(&format!(
                "<figcaption>{}{evidence}</figcaption>\n",
                escape(caption)
            )),
            None => html.push_str(&evidence),
        }
        html.push_str("</figure>\n");
        if let (None, Some(caption)) = (&self.caption, &authored.caption) {
            html.push_str(&format!("<p class=\"caption\">{}</p>", escape(caption)));
        }
        Output {
            playable: self.play.is_some(),
            html,
            svgs: vec![(self.id.clone(), standalone)],
            facts: self.facts,
            failures: Vec::new(),
            stats: Stats::default(),
            work: 0,
            evidence: Default::default(),
            certificates: Vec::new(),
        }
    }
}

/// A playable figure's data with its game's name for readers (`name`:
/// "misère Kayles" for `misere:kayles`), which the page's script says in
/// its sentences ("… is not a move of misère Kayles").
fn named(data: &serde_json::Value, words: &Catalogue) -> serde_json::Value {
    let mut data = data.clone();
    if let Some(game) = data.get("game").and_then(serde_json::Value::as_str) {
        data["name"] = serde_json::json!(games::for_readers(words, game));
    }
    data
}

/// The buttons of a playable figure, hidden until the script takes them
/// over, the author's `words` on them first, their own in the site's words.
fn controls_html(c: &Controls, authored: Option<&str>, words: &Catalogue) -> String {
    let mut s = String::from("<div class=\"grundy-controls\" hidden>\n");
    if let Some(authored) = authored {
        s.push_str(&format!(
            "<p class=\"grundy-controls-words\">{}</p>\n",
            escape(authored.trim())
        ));
    }
    let button = |action: &str, key: &str, pressed: &str| {
        format!(
            "<button type=\"button\" data-action=\"{action}\"{pressed}>{}</button>\n",
            escape(&words.text(&format!("figure-frame.{key}"), &[]))
        )
    };
    s.push_str(&button("restart", "start-over", ""));
    if c.random_start {
        s.push_str(&button("random", "random-start", ""));
    }
    if c.hint {
        s.push_str(&button("hint", "hint", ""));
    }
    if c.reasoning {
        s.push_str(&button("reasoning", "reasoning", " aria-pressed=\"false\""));
    }
    s.push_str("<p class=\"grundy-status\" role=\"status\" aria-live=\"polite\"></p>\n</div>\n");
    s
}

/// A one-line summary under a figure (`value 14, N-position`), escaped.
pub(crate) fn summary_line(text: &str) -> String {
    format!("<p class=\"grundy-summary\">{}</p>\n", escape(text))
}

/// The summary of a figure that asks (`show-move = false`): folded in a
/// closed `details`, so that a reader without JavaScript meets the question
/// before the answer, and opens it to read the answer.
/// Its summary is written in the site's words when the figure is drawn
/// ([`in_words`]).
pub(crate) fn answer_line(text: &str) -> String {
    format!(
        "<details class=\"grundy-summary grundy-answer\">{ANSWER}\n<p>{}</p>\n</details>\n",
        escape(text)
    )
}

/// The folded answer's summary as [`answer_line`] writes it, before the
/// figure is drawn in the site's words.
const ANSWER: &str = "<summary>The answer</summary>";

/// The HTML after a figure's drawing with the frame's own words (the
/// folded answer's summary) in the site's words.
fn in_words(extra: &str, words: &Catalogue) -> String {
    extra.replacen(
        ANSWER,
        &format!(
            "<summary>{}</summary>",
            escape(&words.text("figure-frame.answer", &[]))
        ),
        1,
    )
}

/// The line drawn under a figure's pieces (`values 2 ⊕ 2 = 0`): none when
/// the figure asks, whose value and move wait under "The answer".
pub(crate) fn drawn_label(text: String, asks: bool) -> String {
    if asks { String::new() } else { text }
}

/// The summary under a figure: the plain line when `open` (the figure shows
/// its move), the folded answer when it asks for the move instead.
pub(crate) fn summary_or_answer(text: &str, open: bool) -> String {
    if open {
        summary_line(text)
    } else {
        answer_line(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Authored, Evidence, Method};

    fn figure(play: bool, caption: Option<&str>) -> Figure<'static> {
        Figure {
            kind: "k",
            id: "g-k-1".into(),
            drawing: Drawing::new(10.0, 10.0),
            title: "T".into(),
            desc: "Drawn.".into(),
            caption: caption.map(String::from),
            extra: String::new(),
            play: play.then(|| (serde_json::json!({}), Controls::default())),
            explore: None,
            facts: BTreeMap::new(),
        }
    }

    fn html(f: Figure<'static>, evidence: &Evidence, authored: &Authored) -> Output {
        in_language(f, evidence, authored, &Catalogue::default())
    }

    fn in_language(
        f: Figure<'static>,
        evidence: &Evidence,
        authored: &Authored,
        words: &Catalogue,
    ) -> Output {
        f.into_output(Shown {
            evidence,
            authored,
            words,
        })
    }

    #[test]
    fn the_author_s_words_go_into_their_places_escaped() {
        let authored = Authored {
            alt: Some(" Ends <here>. ".into()),
            controls: Some(" Press <Hint>. ".into()),
            caption: None,
        };
        let out = html(figure(true, None), &Evidence::default(), &authored);
        assert!(out.playable);
        assert!(
            out.html.contains(
                "<div class=\"grundy-controls\" hidden>\n\
                 <p class=\"grundy-controls-words\">Press &lt;Hint&gt;.</p>\n<button"
            ),
            "{}",
            out.html
        );
        for svg in [&out.html, &out.svgs[0].1] {
            assert!(svg.contains("Drawn. Ends &lt;here&gt;.</desc>"), "{svg}");
        }
        let still = html(figure(false, None), &Evidence::default(), &authored);
        assert!(!still.playable);
        assert!(!still.html.contains("grundy-controls"));
    }

    #[test]
    fn the_evidence_closes_the_caption_or_the_figure() {
        let evidence = Evidence::by(&[Method::DirectSolve]);
        let line = evidence.figure_line(&Catalogue::default());
        assert!(!line.is_empty());
        let none = Authored::default();
        let captioned = html(figure(false, Some("A <row>")), &evidence, &none);
        assert!(
            captioned.html.ends_with(&format!(
                "<figcaption>A &lt;row&gt;{line}</figcaption>\n</figure>\n"
            )),
            "{}",
            captioned.html
        );
        let bare = html(figure(false, None), &evidence, &none);
        assert!(bare.html.ends_with(&format!("{line}</figure>\n")));
        let authored = Authored {
            caption: Some("<b>&</b>".into()),
            ..Authored::default()
        };
        let after = html(figure(false, None), &evidence, &authored);
        assert!(
            after
                .html
                .ends_with("</figure>\n<p class=\"caption\">&lt;b&gt;&amp;&lt;/b&gt;</p>"),
            "{}",
            after.html
        );
    }

    #[test]
    fn a_figure_that_asks_folds_its_answer() {
        let line = "Value 3: the player to move wins: take 1 from the third heap.";
        assert_eq!(
            summary_or_answer(line, true),
            format!("<p class=\"grundy-summary\">{line}</p>\n")
        );
        let asked = summary_or_answer(line, false);
        assert!(
            asked.starts_with(
                "<details class=\"grundy-summary grundy-answer\"><summary>The answer</summary>"
            ),
            "{asked}"
        );
        assert!(!asked.contains("<details open"), "{asked}");
        assert!(asked.contains(&format!("<p>{line}</p>")), "{asked}");
    }

    #[test]
    fn a_french_figure_s_frame_is_in_french() {
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        let mut f = figure(true, Some("Une rangée"));
        f.play = Some((
            serde_json::json!({}),
            Controls {
                hint: true,
                random_start: true,
                reasoning: true,
                ..Controls::default()
            },
        ));
        f.extra = summary_or_answer("Valeur 3.", false);
        let evidence = Evidence::by(&[Method::DirectSolve]);
        let out = in_language(f, &evidence, &Authored::default(), &fr);
        for french in [
            "<summary>La réponse</summary>",
            ">Recommencer</button>",
            ">Départ au hasard</button>",
            ">Montrer le coup gagnant</button>",
            "aria-pressed=\"false\">Montrer le raisonnement</button>",
            "<summary>Trouvé d&#39;une seule manière</summary>",
        ] {
            assert!(out.html.contains(french), "{french}: {}", out.html);
        }
        for english in ["The answer", "Start over", "Show", "How this"] {
            assert!(!out.html.contains(english), "{english}: {}", out.html);
        }
    }
}
