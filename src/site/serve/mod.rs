//! `grundy serve`: a local preview that rebuilds on change and reloads the browser.

pub mod resolve;

use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use notify::Watcher;

use super::directive::{Cache, Kinds};
use super::error::Report;
use super::pipeline::{self, Options};

/// The script put in every served page: it polls the build version and reloads when it changes.
pub const RELOAD_SCRIPT: &str = "<script>(function(){var v=null;function p(){fetch('/__grundy/version',{cache:'no-store'}).then(function(r){return r.text()}).then(function(t){if(v===null){v=t}else if(t!==v){location.reload()}}).catch(function(){}).finally(function(){setTimeout(p,700)})}p()})();</script>\n";

/// What the server shows: the build version and, after a failed build, its report.
#[derive(Debug, Default)]
pub struct State {
    pub version: u64,
    pub error: Option<String>,
}

/// A running preview: the server and the directory it serves.
pub struct Preview {
    server: tiny_http::Server,
    output: PathBuf,
    state: Arc<Mutex<State>>,
}

impl std::fmt::Debug for Preview {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Preview")
            .field("output", &self.output)
            .finish()
    }
}

/// Errors that stop the preview (a build's broken claims do not: they are shown).
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot listen on {0}: {1}")]
    Bind(String, String),
    #[error("cannot watch {0}: {1}")]
    Watch(PathBuf, String),
    #[error("{0}")]
    Io(#[from] io::Error),
}

impl Preview {
    /// Listens on `interface:port` (port 0 picks a free one), serving `output`.
    pub fn bind(interface: &str, port: u16, output: PathBuf) -> Result<Preview, ServeError> {
        let address = format!("{interface}:{port}");
        let server = tiny_http::Server::http(&address)
            .map_err(|e| ServeError::Bind(address, e.to_string()))?;
        Ok(Preview {
            server,
            output,
            state: Arc::new(Mutex::new(State::default())),
        })
    }

    /// The address it listens on.
    pub fn address(&self) -> Option<SocketAddr> {
        self.server.server_addr().to_ip()
    }

    /// The shared state the rebuild loop updates.
    pub fn state(&self) -> Arc<Mutex<State>> {
        self.state.clone()
    }

    /// Answers requests until the server stops.
    pub fn run(&self) {
        for request in self.server.incoming_requests() {
            let response = respond(&self.output, &self.state, request.url());
            // A client that went away is not our problem.
            let _ = request.respond(response);
        }
    }

    /// Answers one request (for a thread of one's own in tests).
    pub fn handle_one(&self) -> io::Result<()> {
        let request = self.server.recv()?;
        let response = respond(&self.output, &self.state, request.url());
        request.respond(response)
    }
}

type Response = tiny_http::Response<io::Cursor<Vec<u8>>>;

fn header(name: &str, value: &str) -> tiny_http::Header {
    tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("ASCII header")
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
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

fn respond(output: &Path, state: &Mutex<State>, url: &str) -> Response {
    let (version, error) = match state.lock() {
        Ok(s) => (s.version, s.error.clone()),
        Err(_) => (0, None),
    };
    if url.split('?').next() == Some("/__grundy/version") {
        return tiny_http::Response::from_data(version.to_string().into_bytes())
            .with_header(header("Content-Type", "text/plain"))
            .with_header(header("Cache-Control", "no-store"));
    }
    let path = match resolve::resolve(output, url) {
        Ok(path) => path,
        Err(refused) => {
            return tiny_http::Response::from_data(format!("refused: {refused}\n").into_bytes())
                .with_status_code(400)
                .with_header(header("Content-Type", "text/plain; charset=utf-8"));
        }
    };
    let path = if path.is_dir() {
        path.join("index.html")
    } else {
        path
    };
    let is_page = path.extension().is_some_and(|e| e == "html");
    if let (Some(report), true) = (&error, is_page) {
        return tiny_http::Response::from_data(error_page(report).into_bytes())
            .with_status_code(500)
            .with_header(header("Content-Type", "text/html; charset=utf-8"));
    }
    match std::fs::read(&path) {
        Ok(bytes) => tiny_http::Response::from_data(bytes)
            .with_header(header("Content-Type", content_type(&path)))
            .with_header(header("Cache-Control", "no-store")),
        Err(_) => {
            let body =
                std::fs::read(output.join("404.html")).unwrap_or_else(|_| b"not found\n".to_vec());
            tiny_http::Response::from_data(body)
                .with_status_code(404)
                .with_header(header("Content-Type", "text/html; charset=utf-8"))
        }
    }
}

/// The page shown in place of every page while the build is broken.
pub fn error_page(report: &str) -> String {
    let escaped = crate::site::html::escape(report);
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Build failed</title>\
<style>body{{margin:0;background:#1d0f0f;color:#f6e7e7;font:15px/1.5 ui-monospace,Menlo,Consolas,monospace}}\
main{{max-width:60rem;margin:2rem auto;padding:0 1rem}}h1{{color:#ff8a80;font-size:1.3rem}}\
pre{{white-space:pre-wrap;background:#2a1616;padding:1rem;border-radius:4px;overflow-x:auto}}</style></head>\
<body><main><h1>The build failed</h1><p>Fix the problems below; this page reloads when the site builds again.</p>\
<pre>{escaped}</pre></main>{RELOAD_SCRIPT}</body></html>\n"
    )
}

/// Builds `root` into the preview's directory and records the outcome; the report printed on stderr too.
pub fn rebuild(
    root: &Path,
    output: &Path,
    kinds: &Kinds,
    cache: &Cache,
    state: &Mutex<State>,
) -> Result<pipeline::Summary, Report> {
    let options = Options {
        drafts: true,
        inject: Some(RELOAD_SCRIPT.to_owned()),
        ..Options::default()
    };
    let result = pipeline::build(root, output, kinds, cache, &options);
    if let Ok(mut s) = state.lock() {
        s.version += 1;
        s.error = result.as_ref().err().map(|r| r.to_string());
    }
    result
}

/// Runs the preview: builds, serves, rebuilds on every change under `content/`, `templates/`, `static/` and `grundy.toml`.
pub fn serve(root: &Path, interface: &str, port: u16, kinds: Kinds) -> Result<(), ServeError> {
    let dir = tempfile::Builder::new().prefix("grundy-serve-").tempdir()?;
    let output = dir.path().join("site");
    // Ctrl-C ends the process without unwinding: remove the preview's files first.
    let temporary = dir.path().to_path_buf();
    let _ = ctrlc::set_handler(move || {
        let _ = std::fs::remove_dir_all(&temporary);
        std::process::exit(130);
    });
    let preview = Preview::bind(interface, port, output.clone())?;
    let cache = Cache::default();
    let state = preview.state();
    report(rebuild(root, &output, &kinds, &cache, &state));
    match preview.address() {
        Some(addr) => eprintln!("serving on http://{addr}/ (Ctrl-C to stop)"),
        None => eprintln!("serving (Ctrl-C to stop)"),
    }
    let (tx, rx) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if let Ok(event) = event
            && !matches!(event.kind, notify::EventKind::Access(_))
        {
            let _ = tx.send(());
        }
    })
    .map_err(|e| ServeError::Watch(root.to_path_buf(), e.to_string()))?;
    let mut watch = |path: &Path, mode| {
        if path.exists() {
            watcher
                .watch(path, mode)
                .map_err(|e| ServeError::Watch(path.to_path_buf(), e.to_string()))
        } else {
            Ok(())
        }
    };
    watch(root, notify::RecursiveMode::NonRecursive)?;
    for sub in ["content", "templates", "static"] {
        watch(&root.join(sub), notify::RecursiveMode::Recursive)?;
    }
    let root = root.to_path_buf();
    std::thread::scope(|scope| {
        scope.spawn(|| preview.run());
        while rx.recv().is_ok() {
            // Let a burst of events (an editor's save) settle into one rebuild.
            while rx.recv_timeout(Duration::from_millis(120)).is_ok() {}
            report(rebuild(&root, &output, &kinds, &cache, &state));
        }
    });
    drop(watcher);
    Ok(())
}

fn report(result: Result<pipeline::Summary, Report>) {
    match result {
        Ok(summary) => eprintln!("built: {summary}"),
        Err(report) => eprintln!("{report}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};

    fn get(addr: SocketAddr, path: &str) -> String {
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut out = String::new();
        stream.read_to_string(&mut out).unwrap();
        out
    }

    #[test]
    fn the_server_serves_files_and_refuses_traversal() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        std::fs::create_dir_all(site.join("nim")).unwrap();
        std::fs::write(site.join("nim/index.html"), "<p>nim</p>").unwrap();
        std::fs::write(dir.path().join("secret.txt"), "secret").unwrap();
        let preview = Preview::bind("127.0.0.1", 0, site).unwrap();
        let addr = preview.address().unwrap();
        assert!(addr.ip().is_loopback());
        let requests = [
            "/nim/",
            "/../secret.txt",
            "/%2e%2e/secret.txt",
            "/__grundy/version",
            "/missing",
        ];
        let client = std::thread::spawn(move || requests.map(|p| get(addr, p)));
        for _ in 0..requests.len() {
            preview.handle_one().unwrap();
        }
        let [page, up, encoded, version, missing] = client.join().unwrap();
        assert!(
            page.starts_with("HTTP/1.1 200") && page.contains("<p>nim</p>"),
            "{page}"
        );
        for refused in [up, encoded] {
            assert!(refused.starts_with("HTTP/1.1 400"), "{refused}");
            assert!(
                !refused.contains("secret\n") && !refused.ends_with("secret"),
                "{refused}"
            );
        }
        assert!(version.ends_with("\r\n\r\n0"), "{version}");
        assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");
    }

    #[test]
    fn the_error_page_escapes_the_report() {
        let page = error_page("claimed <b>");
        assert!(page.contains("claimed &lt;b&gt;"));
        assert!(page.contains("/__grundy/version"));
    }
}
