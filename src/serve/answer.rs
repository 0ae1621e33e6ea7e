//! The preview's answers: the `Host` check, the methods it serves, and each request's file from the built site in memory.

use grundy_site::text::catalogue::Catalogue;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{Channel, Either, Full};
use hyper::header::{ACCEPT, HOST, HeaderValue};
use hyper::{Method, Request, Response};
use tokio::sync::Semaphore;

use super::built::{Built, Shared, error_page};
use super::events;
use super::host::Hosts;
use super::resolve;

/// An answer before it is sent: status, headers and the whole body.
pub type Reply = Response<Bytes>;

/// What hyper sends: a whole body, or the live-reload stream.
pub type Body = Either<Full<Bytes>, Channel<Bytes, Infallible>>;

/// The site shown, the `Host` values answered, and the live-reload streams' places.
#[derive(Debug, Clone)]
pub struct Answers {
    pub site: Shared,
    pub hosts: Hosts,
    /// One permit for each live-reload stream that may be open.
    pub streams: Arc<Semaphore>,
    /// How many permits `streams` began with: the limit a refusal names.
    pub most_streams: usize,
    /// How long a stream's write may make no progress before the stream is dropped.
    pub deadline: Duration,
    /// How long a stream stays silent before it sends a comment.
    pub heartbeat: Duration,
}

impl Answers {
    /// The answer to one request.
    pub fn answer<B>(&self, request: &Request<B>) -> Response<Body> {
        let response = match self.refusal(request) {
            Some(refused) => refused.map(|b| Either::Left(Full::new(b))),
            None if wants_events(request) => match self.streams.clone().try_acquire_owned() {
                Ok(place) => {
                    let body = events::stream(&self.site, place, self.deadline, self.heartbeat);
                    let mut stream = Response::new(Either::Right(body));
                    stream.headers_mut().insert(
                        "Content-Type",
                        HeaderValue::from_static("text/event-stream"),
                    );
                    stream
                }
                Err(_) => {
                    let busy = text(
                        503,
                        &format!(
                            "busy: {} live-reload streams are open, the most the preview keeps \
(its limit of live-reload streams); close a page it shows, then reload this one",
                            self.most_streams
                        ),
                    );
                    with_header(busy, "Retry-After", "1").map(|b| Either::Left(Full::new(b)))
                }
            },
            None => {
                let target = request.uri().to_string();
                respond(&self.site.current(), &target).map(|b| Either::Left(Full::new(b)))
            }
        };
        not_kept(response)
    }

    /// The refusal of a request naming another host, with two `Host` headers, or not `GET` or `HEAD`.
    fn refusal<B>(&self, request: &Request<B>) -> Option<Reply> {
        let mut hosts = request.headers().get_all(HOST).iter();
        let host = hosts.next().map(|h| h.to_str().unwrap_or(""));
        if hosts.next().is_some() {
            return Some(text(400, "refused: a malformed request"));
        }
        if !self.hosts.allows(host) {
            return Some(text(
                403,
                "refused: the Host header names no address this preview serves (see `grundy serve --allow-host`)",
            ));
        }
        if request.method() != Method::GET && request.method() != Method::HEAD {
            return Some(with_header(
                text(405, "refused: the preview answers only GET and HEAD"),
                "Allow",
                "GET, HEAD",
            ));
        }
        None
    }
}

/// The answer to every request on a connection past the limit of open ones.
pub fn busy() -> Response<Body> {
    let busy = text(
        503,
        "busy: as many connections are open as the preview takes at once \
(its limit of connections); try again in a moment",
    );
    not_kept(with_header(busy, "Retry-After", "1").map(|b| Either::Left(Full::new(b))))
}

/// `response` with the headers every answer carries: nothing is cached, nothing sniffed.
fn not_kept(mut response: Response<Body>) -> Response<Body> {
    let headers = response.headers_mut();
    headers.insert("Cache-Control", HeaderValue::from_static("no-store"));
    headers.insert(
        "X-Content-Type-Options",
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// Whether `request` is a page's script following the build version.
fn wants_events<B>(request: &Request<B>) -> bool {
    request.method() == Method::GET
        && request.uri().path() == "/__grundy/version"
        && request
            .headers()
            .get_all(ACCEPT)
            .iter()
            .any(|a| a.to_str().is_ok_and(|a| a.contains("text/event-stream")))
}

fn reply(status: u16, content_type: &'static str, body: impl Into<Bytes>) -> Reply {
    let mut reply = Response::new(body.into());
    *reply.status_mut() =
        hyper::StatusCode::from_u16(status).unwrap_or(hyper::StatusCode::INTERNAL_SERVER_ERROR);
    reply
        .headers_mut()
        .insert("Content-Type", HeaderValue::from_static(content_type));
    reply
}

/// A short plain-text answer for a refused request.
fn text(status: u16, message: &str) -> Reply {
    reply(status, "text/plain; charset=utf-8", format!("{message}\n"))
}

fn with_header(mut reply: Reply, name: &'static str, value: &str) -> Reply {
    if let Ok(value) = HeaderValue::from_str(value) {
        reply.headers_mut().insert(name, value);
    }
    reply
}

/// The answer to a request for `target` from the built site.
pub fn respond(built: &Built, target: &str) -> Reply {
    let path = target.split(['?', '#']).next().unwrap_or("");
    if path == "/__grundy/version" {
        return reply(200, "text/plain", built.version.to_string());
    }
    if path == "/__grundy/errors" {
        return match &built.report {
            Some(report) => reply(200, HTML, error_page(report, &built.words)),
            None => text(200, "the build has no problems"),
        };
    }
    let key = match resolve::site_path(target) {
        Ok(key) => key,
        Err(refused) => return text(400, &format!("refused: {refused}")),
    };
    if let Some(report) = &built.report
        && built.settings_failed
        && (key.ends_with(".html") || built.files.contains_key(&format!("{key}/index.html")))
    {
        // Pages made without the site's settings would show the wrong site.
        return reply(500, HTML, error_page(report, &built.words));
    }
    if let Some(bytes) = built.files.get(&key) {
        let content_type = content_type(&key);
        return match (&built.report, key.ends_with(".html")) {
            (Some(_), true) => {
                let page = with_banner(bytes, built.problems, &built.words);
                reply(200, content_type, page)
            }
            _ => reply(200, content_type, Bytes::copy_from_slice(bytes)),
        };
    }
    // A directory asked for without its slash: its page, at the address its relative links need.
    if built.files.contains_key(&format!("{key}/index.html")) {
        let query = target.find('?').map_or("", |at| &target[at..]);
        return with_header(text(308, "moved"), "Location", &format!("{path}/{query}"));
    }
    if let Some(report) = &built.report
        && key.ends_with(".html")
    {
        // The page of an essay that did not build (or of none: the report says which).
        return reply(500, HTML, error_page(report, &built.words));
    }
    let body = built
        .files
        .get("404.html")
        .map(|b| b.to_vec())
        .unwrap_or_else(|| b"not found\n".to_vec());
    reply(404, HTML, body)
}

const HTML: &str = "text/html; charset=utf-8";

/// A page that built while others did not: a line at its foot says so and links to the report.
fn with_banner(page: &[u8], problems: usize, words: &Catalogue) -> Vec<u8> {
    let escape = grundy_site::text::html::escape;
    let said = escape(&words.count("serve.problems", problems as u64, &[]));
    let link = escape(&words.text("serve.see-report", &[]));
    let banner = format!(
        "<div role=\"alert\" style=\"position:fixed;left:0;right:0;bottom:0;z-index:2147483647;\
margin:0;padding:.5rem 1rem;background:#7a1f1f;color:#fff;font:15px/1.4 system-ui,sans-serif\">\
{said} <a href=\"/__grundy/errors\" style=\"color:#fff\">{link}</a>.</div>"
    );
    let page = String::from_utf8_lossy(page);
    let at = page.rfind("</body>").unwrap_or(page.len());
    format!("{}{banner}{}", &page[..at], &page[at..]).into_bytes()
}

fn content_type(path: &str) -> &'static str {
    let extension = path.rsplit_once('.').map_or("", |(_, e)| e);
    match extension {
        "html" => HTML,
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "xml" => "application/xml",
        "json" => "application/json",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        "txt" => "text/plain; charset=utf-8",
        "wasm" => "application/wasm",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn built(report: Option<&str>) -> Built {
        let mut files = BTreeMap::new();
        files.insert(
            "index.html".to_owned(),
            std::sync::Arc::new(b"<body>home</body>".to_vec()),
        );
        files.insert(
            "nim/index.html".to_owned(),
            std::sync::Arc::new(b"<body>nim</body>".to_vec()),
        );
        files.insert(
            "css/site.css".to_owned(),
            std::sync::Arc::new(b"body{}".to_vec()),
        );
        files.insert(
            "404.html".to_owned(),
            std::sync::Arc::new(b"<body>lost</body>".to_vec()),
        );
        Built {
            version: 3,
            files,
            report: report.map(str::to_owned),
            problems: usize::from(report.is_some()),
            settings_failed: false,
            words: Catalogue::default(),
        }
    }

    #[test]
    fn broken_settings_show_the_report_on_every_page_and_files_as_they_are() {
        let site = Built {
            settings_failed: true,
            ..built(Some("grundy.toml:1:9: missing opening quote"))
        };
        for page in ["/", "/nim/", "/nim", "/nim/index.html"] {
            let answer = respond(&site, page);
            assert_eq!(answer.status(), 500, "{page}");
            let body = String::from_utf8(answer.body().to_vec()).unwrap();
            assert!(
                body.contains("grundy.toml:1:9: missing opening quote"),
                "{page}: {body}"
            );
        }
        assert_eq!(respond(&site, "/css/site.css").body().as_ref(), b"body{}");
        assert_eq!(respond(&site, "/__grundy/errors").status(), 200);
    }

    #[test]
    fn files_are_served_from_memory() {
        let site = built(None);
        let page = respond(&site, "/nim/");
        assert_eq!(
            (page.status().as_u16(), page.body().as_ref()),
            (200, &b"<body>nim</body>"[..])
        );
        assert_eq!(page.headers()["Content-Type"], HTML);
        let css = respond(&site, "/css/site.css?v=2");
        assert_eq!(
            (
                css.status().as_u16(),
                css.headers()["Content-Type"].to_str().unwrap()
            ),
            (200, "text/css; charset=utf-8")
        );
        assert_eq!(respond(&site, "/__grundy/version").body().as_ref(), b"3");
        let missing = respond(&site, "/nope/");
        assert_eq!(
            (missing.status().as_u16(), missing.body().as_ref()),
            (404, &b"<body>lost</body>"[..])
        );
        assert_eq!(respond(&site, "/../etc/passwd").status(), 400);
    }

    #[test]
    fn a_directory_without_its_slash_is_redirected_to_it() {
        let moved = respond(&built(None), "/nim?x=1");
        assert_eq!(moved.status(), 308);
        assert_eq!(moved.headers()["Location"], "/nim/?x=1");
    }

    #[test]
    fn a_broken_build_shows_its_report_only_where_a_page_is_missing() {
        let site = built(Some("content/bad.md:3:1: claimed <1>"));
        let good = respond(&site, "/nim/");
        let good = String::from_utf8(good.body().to_vec()).unwrap();
        assert!(good.starts_with("<body>nim<div role=\"alert\""), "{good}");
        assert!(
            good.contains("1 problem;") && good.ends_with("</div></body>"),
            "{good}"
        );
        let bad = respond(&site, "/bad/");
        assert_eq!(bad.status(), 500);
        let bad = String::from_utf8(bad.body().to_vec()).unwrap();
        assert!(
            bad.contains("content/bad.md:3:1: claimed &lt;1&gt;"),
            "{bad}"
        );
        assert_eq!(respond(&site, "/__grundy/errors").status(), 200);
        // Files other than pages are served as they are.
        assert_eq!(respond(&site, "/css/site.css").body().as_ref(), b"body{}");
    }
}
