//! The preview's HTTP server: a bounded pool of workers answering `GET` and `HEAD` from the built site in memory.

use std::io::{self, Read};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::Mutex;
use std::sync::mpsc::{self, TrySendError};
use std::time::{Duration, Instant};

use super::built::{Built, Shared, error_page};
use super::host::Hosts;
use super::http::{self, Deadline, Response, Unread};
use super::resolve;

/// How much the server takes on at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Threads answering requests.
    pub workers: usize,
    /// Connections waiting for a worker; past this a connection gets 503.
    pub queue: usize,
    /// Time to send a whole request head, and to take each response.
    pub deadline: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            workers: 8,
            queue: 64,
            deadline: Duration::from_secs(10),
        }
    }
}

/// A listening preview server and the site it shows.
#[derive(Debug)]
pub struct Preview {
    listener: TcpListener,
    site: Shared,
    hosts: Hosts,
    limits: Limits,
}

/// Errors that stop the preview (a build's broken claims do not: they are shown).
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot listen on {0}: {1}")]
    Bind(String, String),
    #[error("cannot watch {0}: {1}")]
    Watch(std::path::PathBuf, String),
    #[error("{0}")]
    Io(#[from] io::Error),
}

impl Preview {
    /// Listens on `interface:port` (port 0 picks a free one); answers requests
    /// whose `Host` is a loopback name, the interface, or one of `allow`.
    pub fn bind(interface: &str, port: u16, allow: &[String]) -> Result<Preview, ServeError> {
        let address = if interface.contains(':') && !interface.starts_with('[') {
            format!("[{interface}]:{port}")
        } else {
            format!("{interface}:{port}")
        };
        let listener =
            TcpListener::bind(&address).map_err(|e| ServeError::Bind(address, e.to_string()))?;
        let port = listener.local_addr()?.port();
        Ok(Preview {
            listener,
            site: Shared::default(),
            hosts: Hosts::new(port, interface, allow),
            limits: Limits::default(),
        })
    }

    /// The same server with other limits.
    pub fn with_limits(self, limits: Limits) -> Self {
        Preview { limits, ..self }
    }

    /// The address it listens on.
    pub fn address(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The `Host` values it answers.
    pub fn hosts(&self) -> &Hosts {
        &self.hosts
    }

    /// The site it shows, which the rebuild loop replaces.
    pub fn site(&self) -> Shared {
        self.site.clone()
    }

    /// Answers requests until the listener fails: each connection goes to a
    /// free worker, waits in a bounded queue, or is turned away with 503.
    pub fn run(&self) {
        let workers = self.limits.workers.max(1);
        let (tx, rx) = mpsc::sync_channel::<TcpStream>(self.limits.queue);
        let rx = Mutex::new(rx);
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| {
                    loop {
                        let next = match rx.lock() {
                            Ok(rx) => rx.recv(),
                            Err(_) => return,
                        };
                        match next {
                            Ok(stream) => self.handle(stream),
                            Err(_) => return,
                        }
                    }
                });
            }
            for stream in self.listener.incoming() {
                match stream {
                    Ok(stream) => match tx.try_send(stream) {
                        Ok(()) => {}
                        Err(TrySendError::Full(stream)) => busy(stream),
                        Err(TrySendError::Disconnected(_)) => break,
                    },
                    // Out of file descriptors, say: wait rather than spin.
                    Err(_) => std::thread::sleep(Duration::from_millis(50)),
                }
            }
            drop(tx);
        });
    }

    fn handle(&self, mut stream: TcpStream) {
        let _ = stream.set_write_timeout(Some(self.limits.deadline));
        let head = http::read_head(&mut Deadline::new(&stream, self.limits.deadline));
        let (response, head_only, answered) = match head {
            Ok(head) => {
                let head_only = head.method == "HEAD";
                (self.answer(&head), head_only, true)
            }
            Err(Unread::Closed) => return,
            Err(Unread::Refused(status)) => (refusal(status), false, false),
        };
        if response.write_to(&mut stream, head_only).is_err() {
            return;
        }
        let _ = stream.shutdown(std::net::Shutdown::Write);
        if !answered {
            // Read a little of what is left, so that closing does not reset
            // the connection before the client has read why it was refused.
            linger(&stream);
        }
    }

    fn answer(&self, head: &http::Head) -> Response {
        if !self.hosts.allows(head.host.as_deref()) {
            return Response::text(
                403,
                "refused: the Host header names no address this preview serves (see `grundy serve --allow-host`)",
            );
        }
        if head.method != "GET" && head.method != "HEAD" {
            return Response::text(405, "refused: the preview answers only GET and HEAD")
                .with_header("Allow", "GET, HEAD");
        }
        respond(&self.site.current(), &head.target)
    }
}

/// The answer to a request for `target` from the built site.
pub fn respond(built: &Built, target: &str) -> Response {
    let path = target.split(['?', '#']).next().unwrap_or("");
    if path == "/__grundy/version" {
        return Response::new(200, "text/plain", built.version.to_string());
    }
    if path == "/__grundy/errors" {
        return match &built.report {
            Some(report) => Response::new(200, HTML, error_page(report)),
            None => Response::text(200, "the build has no problems"),
        };
    }
    let key = match resolve::site_path(target) {
        Ok(key) => key,
        Err(refused) => return Response::text(400, &format!("refused: {refused}")),
    };
    if let Some(bytes) = built.files.get(&key) {
        let content_type = content_type(&key);
        return match (&built.report, key.ends_with(".html")) {
            (Some(_), true) => {
                let page = with_banner(bytes, built.problems);
                Response::new(200, content_type, page)
            }
            _ => Response::new(200, content_type, bytes.to_vec()),
        };
    }
    // A directory asked for without its slash: its page, at the address its relative links need.
    if built.files.contains_key(&format!("{key}/index.html")) {
        let query = target.find('?').map_or("", |at| &target[at..]);
        return Response::text(308, "moved").with_header("Location", format!("{path}/{query}"));
    }
    if let Some(report) = &built.report
        && key.ends_with(".html")
    {
        // The page of an essay that did not build (or of none: the report says which).
        return Response::new(500, HTML, error_page(report));
    }
    let body = built
        .files
        .get("404.html")
        .map(|b| b.to_vec())
        .unwrap_or_else(|| b"not found\n".to_vec());
    Response::new(404, HTML, body)
}

const HTML: &str = "text/html; charset=utf-8";

/// A page that built while others did not: a line at its foot says so and links to the report.
fn with_banner(page: &[u8], problems: usize) -> Vec<u8> {
    let noun = if problems == 1 { "problem" } else { "problems" };
    let banner = format!(
        "<div role=\"alert\" style=\"position:fixed;left:0;right:0;bottom:0;z-index:2147483647;\
margin:0;padding:.5rem 1rem;background:#7a1f1f;color:#fff;font:15px/1.4 system-ui,sans-serif\">\
The build has {problems} {noun}; this page built, the pages with problems show them. \
<a href=\"/__grundy/errors\" style=\"color:#fff\">See the report</a>.</div>"
    );
    let page = String::from_utf8_lossy(page);
    let at = page.rfind("</body>").unwrap_or(page.len());
    format!("{}{banner}{}", &page[..at], &page[at..]).into_bytes()
}

fn refusal(status: u16) -> Response {
    let message = match status {
        408 => "refused: the request took too long to arrive",
        414 => "refused: the request line is longer than 8 KiB",
        431 => "refused: the request's headers are larger than 16 KiB or 100 lines",
        505 => "refused: the preview speaks HTTP/1.x",
        _ => "refused: a malformed request",
    };
    Response::text(status, message)
}

/// Turns a connection away when every worker is busy and the queue is full.
fn busy(mut stream: TcpStream) {
    let _ = stream.set_write_timeout(Some(Duration::from_millis(200)));
    let _ = Response::text(503, "busy: try again in a moment")
        .with_header("Retry-After", "1")
        .write_to(&mut stream, false);
}

/// Reads and drops what a refused client is still sending, for a second or 256 KiB at most.
fn linger(stream: &TcpStream) {
    let until = Instant::now() + Duration::from_secs(1);
    let mut left: usize = 256 * 1024;
    let mut buf = [0u8; 8192];
    let mut reader = Deadline::new(stream, Duration::from_secs(1));
    while left > 0 && Instant::now() < until {
        match reader.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => left = left.saturating_sub(n),
        }
    }
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
        }
    }

    #[test]
    fn files_are_served_from_memory() {
        let site = built(None);
        let page = respond(&site, "/nim/");
        assert_eq!(
            (page.status, page.body.as_slice()),
            (200, &b"<body>nim</body>"[..])
        );
        assert_eq!(page.headers[0].1, HTML);
        let css = respond(&site, "/css/site.css?v=2");
        assert_eq!(
            (css.status, css.headers[0].1.as_str()),
            (200, "text/css; charset=utf-8")
        );
        assert_eq!(respond(&site, "/__grundy/version").body, b"3");
        let missing = respond(&site, "/nope/");
        assert_eq!(
            (missing.status, missing.body.as_slice()),
            (404, &b"<body>lost</body>"[..])
        );
        assert_eq!(respond(&site, "/../etc/passwd").status, 400);
    }

    #[test]
    fn a_directory_without_its_slash_is_redirected_to_it() {
        let moved = respond(&built(None), "/nim?x=1");
        assert_eq!(moved.status, 308);
        assert!(
            moved
                .headers
                .contains(&("Location", "/nim/?x=1".to_owned()))
        );
    }

    #[test]
    fn a_broken_build_shows_its_report_only_where_a_page_is_missing() {
        let site = built(Some("content/bad.md:3:1: claimed <1>"));
        let good = respond(&site, "/nim/");
        let good = String::from_utf8(good.body).unwrap();
        assert!(good.starts_with("<body>nim<div role=\"alert\""), "{good}");
        assert!(
            good.contains("1 problem;") && good.ends_with("</div></body>"),
            "{good}"
        );
        let bad = respond(&site, "/bad/");
        assert_eq!(bad.status, 500);
        let bad = String::from_utf8(bad.body).unwrap();
        assert!(
            bad.contains("content/bad.md:3:1: claimed &lt;1&gt;"),
            "{bad}"
        );
        assert_eq!(respond(&site, "/__grundy/errors").status, 200);
        // Files other than pages are served as they are.
        assert_eq!(respond(&site, "/css/site.css").body, b"body{}");
    }
}
