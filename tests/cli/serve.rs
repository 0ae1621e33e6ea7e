//! `grundy serve` from the outside: it listens on loopback unless told otherwise, and serves only its directory.

use super::support::wait_for;
use clap::Parser;
use grundy::cli::{Cli, Command};
use grundy::serve::resolve::{Refused, resolve};
use grundy::serve::{Limits, Preview, Shared, rebuild, session};
use grundy_site::{Cache, Kinds};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command as Process, Stdio};
use std::time::Duration;

#[test]
fn serve_binds_loopback_on_port_1111_by_default() {
    let cli = Cli::try_parse_from(["grundy", "serve"]).unwrap();
    match cli.command {
        Command::Serve {
            interface, port, ..
        } => {
            assert_eq!(interface, "127.0.0.1");
            assert_eq!(port, 1111);
        }
        other => panic!("parsed as {other:?}"),
    }
    let cli = Cli::try_parse_from([
        "grundy",
        "serve",
        "--interface",
        "0.0.0.0",
        "--port",
        "8080",
    ])
    .unwrap();
    assert!(
        matches!(cli.command, Command::Serve { ref interface, port: 8080, .. } if interface == "0.0.0.0")
    );
}

#[test]
fn the_preview_listens_where_it_is_told() {
    let preview = Preview::bind("127.0.0.1", 0, &[]).unwrap();
    let addr = preview.address().unwrap();
    assert!(addr.ip().is_loopback());
    assert_ne!(addr.port(), 0);
}

#[test]
fn request_paths_never_leave_the_site() {
    let root = Path::new("/site");
    for url in [
        "/../x",
        "/a/../../x",
        "/%2e%2e/x",
        "/%2E%2e/x",
        "/a/%2f..%2f..%2fx",
        "/%2f..",
        "/..%2f..%2fx",
        "/..%5c..%5cx",
        "/a/..\\..\\x",
        "/%252e%252e/x/%2e",
        "/.",
    ] {
        assert_eq!(resolve(root, url), Err(Refused::Traversal), "{url}");
    }
    // A doubly encoded dot is a file named `%2e`, inside the site.
    assert_eq!(resolve(root, "/%252e%252e/x"), Ok(root.join("%2e%2e/x")));
    assert_eq!(resolve(root, "/nim/"), Ok(root.join("nim/index.html")));
}

proptest::proptest! {
    /// Whatever the request, a resolved path stays under the root and never climbs.
    #[test]
    fn no_request_path_resolves_outside_the_root(url in "/[a-z./%2eEfF5cC\\\\:~0-9]{0,24}") {
        let root = Path::new("/site");
        if let Ok(path) = resolve(root, &url) {
            proptest::prop_assert!(path.starts_with(root));
            proptest::prop_assert!(path.components().all(|c| matches!(c, std::path::Component::RootDir | std::path::Component::Normal(_))), "{:?}", path);
        }
    }
}

/// A preview serving `site` on a free port, answering from a thread of its own.
fn start(limits: Limits) -> (SocketAddr, Shared) {
    let preview = Preview::bind("127.0.0.1", 0, &[])
        .unwrap()
        .with_limits(limits);
    let addr = preview.address().unwrap();
    let site = preview.site();
    std::thread::spawn(move || preview.run());
    (addr, site)
}

/// A small site: one essay at `/a/`.
fn site_with_one_essay() -> (tempfile::TempDir, Shared, SocketAddr) {
    let dir = tempfile::tempdir().unwrap();
    write_essay(dir.path(), "a", "A", "Text.");
    let (addr, site) = start(Limits::default());
    assert!(build_once(dir.path(), &site).is_empty());
    (dir, site, addr)
}

/// Builds the site at `root` in a session of its own and serves it on `site`.
fn build_once(root: &Path, site: &Shared) -> grundy_site::Report {
    let (kinds, cache) = (Kinds::default(), Cache::default());
    rebuild(&mut session(root, &kinds, &cache), site)
}

fn write_essay(root: &Path, slug: &str, title: &str, body: &str) {
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::write(
        root.join(format!("content/{slug}.md")),
        format!("+++\ntitle = \"{title}\"\ndate = 2026-01-01\ndescription = \"One essay.\"\n+++\n\n{body}\n"),
    )
    .unwrap();
}

/// Sends `raw` (ignoring a connection the server closed early) and reads the whole answer.
fn send(addr: SocketAddr, raw: &[u8]) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let writer = stream.try_clone().unwrap();
    let raw = raw.to_vec();
    let sender = std::thread::spawn(move || {
        let mut writer = writer;
        let _ = writer.write_all(&raw);
    });
    let mut out = Vec::new();
    let _ = stream.read_to_end(&mut out);
    let _ = sender.join();
    String::from_utf8_lossy(&out).into_owned()
}

fn request(addr: SocketAddr, method: &str, path: &str) -> String {
    let raw = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
        addr.port()
    );
    send(addr, raw.as_bytes())
}

#[test]
fn only_get_and_head_are_answered() {
    let (_dir, _site, addr) = site_with_one_essay();
    let page = request(addr, "GET", "/a/");
    assert!(page.starts_with("HTTP/1.1 200 OK\r\n"), "{page}");
    assert!(page.contains("<title>") && page.contains("/__grundy/version"));
    let head = request(addr, "HEAD", "/a/");
    assert!(head.starts_with("HTTP/1.1 200 OK\r\n"), "{head}");
    assert!(
        head.ends_with("\r\n\r\n"),
        "a HEAD answer has no body: {head}"
    );
    for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"] {
        let refused = request(addr, method, "/a/");
        assert!(refused.starts_with("HTTP/1.1 405 "), "{method}: {refused}");
        assert!(refused.contains("\r\nAllow: GET, HEAD\r\n"), "{refused}");
    }
}

#[test]
fn a_request_naming_another_host_is_refused() {
    let (_dir, _site, addr) = site_with_one_essay();
    let port = addr.port();
    for host in [
        "evil.example".to_owned(),
        format!("evil.example:{port}"),
        format!("127.0.0.1.evil.example:{port}"),
        "localhost".to_owned(),
    ] {
        let raw = format!("GET /a/ HTTP/1.1\r\nHost: {host}\r\n\r\n");
        let answer = send(addr, raw.as_bytes());
        assert!(answer.starts_with("HTTP/1.1 403 "), "{host}: {answer}");
        assert!(!answer.contains("<title>"), "{answer}");
    }
    // An HTTP/1.0 request is answered in HTTP/1.0.
    let anonymous = send(addr, b"GET /a/ HTTP/1.0\r\n\r\n");
    assert!(anonymous.starts_with("HTTP/1.0 403 "), "{anonymous}");
    let twice = format!("GET /a/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: evil.example\r\n\r\n");
    let twice = send(addr, twice.as_bytes());
    assert!(twice.starts_with("HTTP/1.1 400 "), "{twice}");
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        format!("[::1]:{port}"),
    ] {
        let raw = format!("GET /a/ HTTP/1.1\r\nHost: {host}\r\n\r\n");
        let answer = send(addr, raw.as_bytes());
        assert!(answer.starts_with("HTTP/1.1 200 "), "{host}: {answer}");
    }
}

#[test]
fn a_78_kib_url_of_40_000_segments_gets_414_at_once() {
    let (_dir, _site, addr) = site_with_one_essay();
    let answer = request(addr, "GET", &"/a".repeat(40_000));
    assert!(answer.starts_with("HTTP/1.1 414 "), "{answer}");
    // The server still answers.
    assert!(request(addr, "GET", "/a/").starts_with("HTTP/1.1 200 "));
}

#[test]
fn headers_of_200_kib_get_431() {
    let (_dir, _site, addr) = site_with_one_essay();
    let raw = format!(
        "GET /a/ HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nX-Big: {}\r\n\r\n",
        addr.port(),
        "a".repeat(200 * 1024)
    );
    let answer = send(addr, raw.as_bytes());
    assert!(answer.starts_with("HTTP/1.1 431 "), "{answer}");
}

/// hyper closes a connection whose head is not whole by the deadline,
/// without an answer (a 408 would be as right; hyper sends none).
#[test]
fn a_request_that_never_ends_is_cut_off_at_the_deadline() {
    let (addr, _site) = start(Limits {
        deadline: Duration::from_millis(300),
        ..Limits::default()
    });
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1")
        .unwrap();
    let mut answer = String::new();
    let read = stream.read_to_string(&mut answer);
    assert!(
        read.is_ok(),
        "the server still held the connection: {read:?}"
    );
    assert_eq!(answer, "", "closed without an answer");
}

#[test]
fn held_connections_do_not_stall_other_requests() {
    let (_dir, _site, addr) = site_with_one_essay();
    // Four clients that connect and say nothing.
    let held: Vec<TcpStream> = (0..4).map(|_| TcpStream::connect(addr).unwrap()).collect();
    let page = request(addr, "GET", "/a/");
    assert!(page.starts_with("HTTP/1.1 200 "), "{page}");
    drop(held);
}

#[test]
fn connections_past_the_limit_get_503() {
    let (addr, _site) = start(Limits {
        connections: 2,
        deadline: Duration::from_secs(5),
        ..Limits::default()
    });
    // Taken in the order they arrive: these two fill the limit.
    let busy = TcpStream::connect(addr).unwrap();
    let waiting = TcpStream::connect(addr).unwrap();
    let answer = request(addr, "GET", "/");
    assert!(answer.starts_with("HTTP/1.1 503 "), "{answer}");
    assert!(answer.contains("\r\nRetry-After: 1\r\n"), "{answer}");
    assert!(answer.contains("its limit of connections"), "{answer}");
    drop((busy, waiting));
}

/// A live-reload stream asked for as a page's script asks, its answer left unread.
fn open_stream(addr: SocketAddr) -> TcpStream {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let raw = format!(
        "GET /__grundy/version HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nAccept: text/event-stream\r\n\r\n",
        addr.port()
    );
    stream.write_all(raw.as_bytes()).unwrap();
    stream
}

/// The first line of a stream's answer, and (for a refusal) the rest of it.
fn stream_answer(stream: &TcpStream) -> (String, String) {
    let mut reader = BufReader::new(stream);
    let mut status = String::new();
    let _ = reader.read_line(&mut status);
    let mut rest = String::new();
    if !status.starts_with("HTTP/1.1 200 ") {
        let _ = reader.read_to_string(&mut rest);
    }
    (status, rest)
}

#[test]
fn live_reload_streams_that_never_read_leave_pages_answered() {
    let (_dir, _site, addr) = site_with_one_essay();
    // As many as the preview has connections, none of them ever read.
    let streams: Vec<TcpStream> = (0..256).map(|_| open_stream(addr)).collect();
    let page = wait_for(
        "a page answered past 256 unread live-reload streams",
        || {
            let page = request(addr, "GET", "/a/");
            (!page.starts_with("HTTP/1.1 503 ")).then_some(page)
        },
    );
    assert!(page.starts_with("HTTP/1.1 200 "), "{page}");
    drop(streams);
}

#[test]
fn a_live_reload_stream_past_its_limit_is_refused_alone() {
    let dir = tempfile::tempdir().unwrap();
    write_essay(dir.path(), "a", "A", "Text.");
    // A short heartbeat: a stream learns its page has gone at its next send.
    let (addr, site) = start(Limits {
        heartbeat: Duration::from_millis(200),
        ..Limits::default()
    });
    assert!(build_once(dir.path(), &site).is_empty());
    let mut open = Vec::new();
    let mut refused = None;
    for _ in 0..40 {
        let stream = open_stream(addr);
        let (status, rest) = stream_answer(&stream);
        if status.starts_with("HTTP/1.1 200 ") {
            open.push(stream);
        } else {
            refused = Some(format!("{status}{rest}"));
            break;
        }
    }
    assert_eq!(open.len(), 32, "streams open before one was refused");
    let refused = refused.unwrap_or_default();
    assert!(refused.starts_with("HTTP/1.1 503 "), "{refused}");
    assert!(
        refused.contains("32 live-reload streams are open, the most the preview keeps"),
        "{refused}"
    );
    // Pages are answered all the while.
    assert!(request(addr, "GET", "/a/").starts_with("HTTP/1.1 200 "));
    // A page that goes gives its stream's place to the next.
    drop(open.pop());
    wait_for("a stream's place given back when its page went", || {
        let stream = open_stream(addr);
        let (status, _) = stream_answer(&stream);
        status.starts_with("HTTP/1.1 200 ").then_some(())
    });
}

#[test]
fn a_broken_draft_fails_its_own_page_and_no_other() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write_essay(root, "good", "Good", "Text.");
    write_essay(
        root,
        "broken",
        "Broken",
        "```figure no-such-kind\nx = 1\n```",
    );
    write_essay(root, "linked", "Linked", "See [nothing](/nowhere/).");
    let (addr, site) = start(Limits::default());
    let (kinds, cache) = (Kinds::default(), Cache::default());
    let mut builds = session(root, &kinds, &cache);
    let report = rebuild(&mut builds, &site);
    assert_eq!(report.diagnostics.len(), 2, "{report}");

    let good = request(addr, "GET", "/good/");
    assert!(good.starts_with("HTTP/1.1 200 "), "{good}");
    assert!(good.contains("<h1") || good.contains("Good"), "{good}");
    assert!(good.contains("The build has 2 problems"), "{good}");
    assert!(good.contains("href=\"/__grundy/errors\""), "{good}");
    for (url, file) in [("/broken/", "broken.md"), ("/linked/", "linked.md")] {
        let page = request(addr, "GET", url);
        assert!(page.starts_with("HTTP/1.1 500 "), "{url}: {page}");
        assert!(page.contains(&format!("content/{file}")), "{url}: {page}");
    }
    let css = request(addr, "GET", "/css/site.css");
    assert!(css.starts_with("HTTP/1.1 200 "), "{css}");

    // Fixed, the report goes and the page is served.
    write_essay(root, "broken", "Broken", "Fixed.");
    write_essay(root, "linked", "Linked", "See [good](/good/).");
    assert!(rebuild(&mut builds, &site).is_empty());
    let fixed = request(addr, "GET", "/broken/");
    assert!(
        fixed.starts_with("HTTP/1.1 200 ") && !fixed.contains("role=\"alert\""),
        "{fixed}"
    );
}

#[test]
fn no_request_falls_in_a_gap_while_the_site_is_rebuilt() {
    let (dir, site, addr) = site_with_one_essay();
    let root = dir.path().to_path_buf();
    let rebuilding = std::thread::spawn(move || {
        let (kinds, cache) = (Kinds::default(), Cache::default());
        let mut builds = session(&root, &kinds, &cache);
        for i in 0..40 {
            write_essay(&root, "a", &format!("A {i}"), "Text.");
            assert!(rebuild(&mut builds, &site).is_empty());
        }
    });
    let mut answered = 0;
    while !rebuilding.is_finished() {
        let page = request(addr, "GET", "/a/");
        assert!(
            page.starts_with("HTTP/1.1 200 "),
            "during a rebuild: {page}"
        );
        answered += 1;
    }
    rebuilding.join().unwrap();
    assert!(
        answered > 10,
        "only {answered} requests during the rebuilds"
    );
}

/// `grundy serve` on `site`, its temporary files in `tmp`; its address once it serves.
fn serve(site: &Path, tmp: &Path) -> (Child, SocketAddr) {
    serve_from(Path::new("."), &["--root", site.to_str().unwrap()], tmp)
}

/// Waits for the process to end; after a generous deadline, kills it and says it did not.
fn ended(child: Child) -> Option<std::process::ExitStatus> {
    let id = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut child = child;
        let _ = tx.send(child.wait());
    });
    match rx.recv_timeout(Duration::from_secs(30)) {
        Ok(Ok(status)) => Some(status),
        _ => {
            let _ = Process::new("sh")
                .args(["-c", &format!("kill -KILL {id}")])
                .status();
            None
        }
    }
}

fn one_essay_site() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let (site, tmp) = (dir.path().join("site"), dir.path().join("tmp"));
    write_essay(&site, "a", "A", "Text.");
    std::fs::create_dir_all(&tmp).unwrap();
    (dir, site, tmp)
}

#[test]
fn ctrl_c_kill_and_a_closed_terminal_stop_the_preview_and_leave_nothing_behind() {
    for signal in ["INT", "TERM", "HUP"] {
        let (_dir, site, tmp) = one_essay_site();
        let (child, addr) = serve(&site, &tmp);
        assert!(request(addr, "GET", "/a/").starts_with("HTTP/1.1 200 "));
        // The shell's own kill: no procps needed.
        let killed = Process::new("sh")
            .args(["-c", &format!("kill -{signal} {}", child.id())])
            .status()
            .unwrap();
        assert!(killed.success());
        let status = ended(child);
        assert!(status.is_some(), "the preview did not stop on SIG{signal}");
        assert_eq!(status.unwrap().code(), Some(130), "SIG{signal}");
        let left: Vec<_> = std::fs::read_dir(&tmp).unwrap().collect();
        assert!(left.is_empty(), "SIG{signal} left {left:?} behind");
        assert!(!site.join("public").exists());
    }
}

#[test]
fn held_connections_do_not_pile_up_threads() {
    let (_dir, site, tmp) = one_essay_site();
    let (mut child, addr) = serve(&site, &tmp);
    let threads = || {
        std::fs::read_dir(format!("/proc/{}/task", child.id()))
            .map(|d| d.count())
            .unwrap_or(0)
    };
    // Once it has answered, its workers are all running.
    assert!(request(addr, "GET", "/a/").starts_with("HTTP/1.1 200 "));
    let before = threads();
    let held: Vec<TcpStream> = (0..64).map(|_| TcpStream::connect(addr).unwrap()).collect();
    // Connections are taken in the order they arrive: once a request made
    // after them is answered, the preview has taken every one of them.
    let taken = request(addr, "GET", "/a/").starts_with("HTTP/1.1 200 ");
    let during = threads();
    drop(held);
    let _ = child.kill();
    let _ = child.wait();
    assert!(taken, "the preview never took the 64 connections");
    if before > 0 {
        assert!(
            during <= before + 2,
            "{before} threads before 64 idle connections, {during} during"
        );
    }
}

/// Whether `path` answers 200 now or after one of the coming rebuilds.
fn appears(versions: &mut Versions, addr: SocketAddr, path: &str) -> bool {
    answers(versions, addr, path, |page| {
        page.starts_with("HTTP/1.1 200 ")
    })
}

/// The build versions the preview at an address sends, as a page's script follows them.
struct Versions {
    stream: BufReader<TcpStream>,
    seen: u64,
}

impl Versions {
    /// Follows the versions of the preview at `addr`, from the one served now.
    fn follow(addr: SocketAddr) -> Versions {
        let mut versions = Versions {
            stream: BufReader::new(open_stream(addr)),
            seen: 0,
        };
        let first = versions.next();
        versions.seen = first.expect("the preview sent no version");
        versions
    }

    /// The next version sent, or `None` when none comes in 30 seconds.
    fn next(&mut self) -> Option<u64> {
        loop {
            let mut line = String::new();
            match self.stream.read_line(&mut line) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            if let Some(version) = line.trim_end().strip_prefix("data: ") {
                return version.parse().ok();
            }
        }
    }

    /// Waits for a build newer than the last one seen; whether one came.
    fn rebuilt(&mut self) -> bool {
        while let Some(version) = self.next() {
            if version > self.seen {
                self.seen = version;
                return true;
            }
        }
        false
    }
}

#[test]
fn the_versions_stream_tells_of_each_rebuild() {
    let (dir, site, addr) = site_with_one_essay();
    let mut versions = Versions::follow(addr);
    let before = versions.seen;
    assert!(build_once(dir.path(), &site).is_empty());
    assert!(versions.rebuilt());
    assert_eq!(versions.seen, before + 1);
    // Without the event-stream header, the version is a plain answer.
    let plain = request(addr, "GET", "/__grundy/version");
    assert!(
        plain.ends_with(&format!("\r\n\r\n{}", before + 1)),
        "{plain}"
    );
}

#[test]
fn malformed_requests_are_refused() {
    let (_dir, _site, addr) = site_with_one_essay();
    let port = addr.port();
    for (raw, status) in [
        ("GET /\r\n\r\n".to_owned(), 400),
        (
            format!("GET  / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"),
            400,
        ),
        (
            format!("GET / HTTP/2\r\nHost: 127.0.0.1:{port}\r\n\r\n"),
            400,
        ),
        (
            format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nno colon\r\n\r\n"),
            400,
        ),
        (
            format!("GET /\x01 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"),
            400,
        ),
        // Methods are case-sensitive: `get` is a method the preview does not answer.
        (
            format!("get / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"),
            405,
        ),
        (
            format!(
                "GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{}\r\n",
                "X: 1\r\n".repeat(101)
            ),
            431,
        ),
    ] {
        let answer = send(addr, raw.as_bytes());
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status} ")),
            "{raw:?}: {answer}"
        );
    }
    let mut bytes = format!("GET /x HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n").into_bytes();
    bytes[5] = 0xff;
    assert!(send(addr, &bytes).starts_with("HTTP/1.1 400 "));
    let enough = format!(
        "GET /a/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{}\r\n",
        "X: 1\r\n".repeat(98)
    );
    let answer = send(addr, enough.as_bytes());
    assert!(answer.starts_with("HTTP/1.1 200 "), "{answer}");
    assert!(answer.contains("\r\nContent-Length: "), "{answer}");
}

#[test]
fn directories_made_or_remade_after_start_are_watched() {
    let (_dir, site, tmp) = one_essay_site();
    let (mut child, addr) = serve(&site, &tmp);
    let mut versions = Versions::follow(addr);
    std::fs::create_dir(site.join("static")).unwrap();
    // The rebuild the new directory itself sets off: it is watched by then.
    let made = versions.rebuilt();
    std::fs::write(site.join("static/hello.txt"), "hello").unwrap();
    let seen = appears(&mut versions, addr, "/hello.txt");

    std::fs::remove_dir_all(site.join("static")).unwrap();
    let removed = versions.rebuilt();
    std::fs::create_dir(site.join("static")).unwrap();
    let remade = versions.rebuilt();
    std::fs::write(site.join("static/again.txt"), "again").unwrap();
    let seen_again = appears(&mut versions, addr, "/again.txt");
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        made && removed && remade,
        "a change to static/ was not rebuilt"
    );
    assert!(
        seen,
        "a file in a static/ made after start was never served"
    );
    assert!(
        seen_again,
        "a file in a static/ made again was never served"
    );
}

/// The preview's options, for a build from nothing to compare with.
fn preview_options(root: &Path) -> grundy_site::Options {
    grundy_site::Options {
        drafts: true,
        inject: Some(grundy::serve::RELOAD_SCRIPT.to_owned()),
        card_cache: Some(grundy_site::render::card_cache::dir(root)),
        ..grundy_site::Options::default()
    }
}

/// Builds again in `builds` and checks the result byte for byte, and the
/// report, against a build of the same files from nothing.
fn same_as_from_nothing(
    builds: &mut grundy_site::pipeline::Session<'_>,
    root: &Path,
    step: &str,
) -> grundy_site::pipeline::Output {
    let (kept, report) = builds.build();
    let (fresh, fresh_report) = grundy_site::pipeline::generate_partial(
        root,
        &Kinds::default(),
        &Cache::default(),
        &preview_options(root),
    );
    assert_eq!(report, fresh_report, "{step}: reports differ");
    let differ: Vec<&String> = fresh
        .files
        .iter()
        .filter(|(path, bytes)| {
            kept.files.get(*path).map(|b| b.as_slice()) != Some(bytes.as_slice())
        })
        .map(|(path, _)| path)
        .chain(kept.files.keys().filter(|p| !fresh.files.contains_key(*p)))
        .collect();
    assert!(differ.is_empty(), "{step}: files differ: {differ:?}");
    assert_eq!(kept.summary.essays, fresh.summary.essays, "{step}");
    assert_eq!(kept.figures, fresh.figures, "{step}");
    kept
}

fn write(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn essay(title: &str, extra: &str, body: &str) -> String {
    format!(
        "+++\ntitle = \"{title}\"\ndate = 2026-01-01\ndescription = \"D.\"\n{extra}+++\n\n{body}\n"
    )
}

/// Whether two builds share the bytes of `path` (the second kept the first's).
fn kept(a: &grundy_site::pipeline::Output, b: &grundy_site::pipeline::Output, path: &str) -> bool {
    std::sync::Arc::ptr_eq(&a.files[path], &b.files[path])
}

const FIGURE: &str = "## Values\n\n```figure value-table\nid = \"t\"\ngame = \"nim\"\nn = 8\n```\n";

#[test]
fn a_rebuild_after_each_kind_of_edit_is_the_build_from_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "content/values.md", &essay("Values", "", FIGURE));
    let reads =
        "Nim has `{=values/t.n}` values; see [the table](/values/#values) and [b](/b/#part).";
    write(
        root,
        "content/reads.md",
        &essay("Reads", "needs = [\"b\"]\n", reads),
    );
    write(root, "content/b.md", &essay("B", "", "## Part\n\nText."));
    let (kinds, cache) = (Kinds::default(), Cache::default());
    let mut builds = session(root, &kinds, &cache);
    let first = same_as_from_nothing(&mut builds, root, "first build");

    write(
        root,
        "content/b.md",
        &essay("B", "", "## Part\n\nOther text."),
    );
    let body = same_as_from_nothing(&mut builds, root, "body edit");
    assert!(
        !kept(&first, &body, "b/index.html"),
        "the edited page was kept"
    );
    for path in [
        "values/index.html",
        "reads/index.html",
        "index.html",
        "atom.xml",
        "sitemap.xml",
    ] {
        assert!(
            kept(&first, &body, path),
            "{path} was made again after a body edit"
        );
    }

    write(
        root,
        "content/b.md",
        &essay("B", "", "## Renamed\n\nOther text."),
    );
    let report = same_as_from_nothing(
        &mut builds,
        root,
        "an anchor another essay links to removed",
    );
    assert!(!report.files.contains_key("reads/index.html"));

    write(
        root,
        "content/b.md",
        &essay("B retitled", "", "## Part\n\nOther text."),
    );
    let front = same_as_from_nothing(&mut builds, root, "front matter edit");
    assert!(
        !kept(&body, &front, "index.html"),
        "the index was kept after a title changed"
    );
    // Reads names B to read first: its page is made again with B's new title.
    assert!(
        String::from_utf8_lossy(&front.files["reads/index.html"]).contains(">B retitled</a>"),
        "the page that needs B does not name its new title"
    );
    assert!(kept(&body, &front, "values/index.html"));

    write(
        root,
        "content/b.md",
        &essay("B retitled", "tags = [\"Nim\"]\n", "## Part\n\nOther text."),
    );
    let tagged = same_as_from_nothing(&mut builds, root, "a tag added");
    assert!(tagged.files.contains_key("tags/nim/index.html"));
    write(
        root,
        "content/b.md",
        &essay("B retitled", "tags = [\"Nim\"]\n", "## Part\n\nZebra text."),
    );
    let searched = same_as_from_nothing(&mut builds, root, "a word added under a tag");
    assert!(kept(&tagged, &searched, "tags/nim/index.html"));
    assert!(String::from_utf8_lossy(&searched.files["search-index.json"]).contains("zebra"));
    write(
        root,
        "content/values.md",
        &essay("Values", "tags = [\"nim\"]\n", FIGURE),
    );
    same_as_from_nothing(&mut builds, root, "two tags with one address");
    write(root, "content/values.md", &essay("Values", "", FIGURE));
    same_as_from_nothing(&mut builds, root, "the clash gone");

    write(
        root,
        "content/tree/index.md",
        &essay("Tree", "", "![a figure](figure.txt)"),
    );
    let missing = same_as_from_nothing(&mut builds, root, "a bundle linking a missing file");
    assert!(!missing.files.contains_key("tree/index.html"));
    write(root, "content/tree/figure.txt", "one");
    same_as_from_nothing(&mut builds, root, "the bundled file added");
    write(root, "content/tree/figure.txt", "two");
    let bundled = same_as_from_nothing(&mut builds, root, "the bundled file changed");
    assert_eq!(*bundled.files["tree/figure.txt"], b"two");
    std::fs::remove_dir_all(root.join("content/tree")).unwrap();
    same_as_from_nothing(&mut builds, root, "the bundle removed");

    write(root, "content/new.md", &essay("New", "", "New."));
    same_as_from_nothing(&mut builds, root, "new essay");
    write(
        root,
        "content/new.md",
        &essay("New", "slug = \"b\"\n", "New."),
    );
    same_as_from_nothing(&mut builds, root, "a slug taken twice");
    std::fs::write(root.join("content/new.md"), b"+++\ntitle = \"\xff\"\n+++\n").unwrap();
    same_as_from_nothing(&mut builds, root, "an essay that is not UTF-8");
    std::fs::remove_file(root.join("content/new.md")).unwrap();
    same_as_from_nothing(&mut builds, root, "deleted essay");

    let broken = "```figure no-such-kind\nx = 1\n```";
    write(
        root,
        "content/draft.md",
        &essay("Draft", "draft = true\n", broken),
    );
    let failed = same_as_from_nothing(&mut builds, root, "broken draft");
    assert!(!failed.files.contains_key("draft/index.html"));
    assert!(failed.files.contains_key("b/index.html"));
    write(
        root,
        "content/draft.md",
        &essay("Draft", "draft = true\n", "Fixed."),
    );
    let fixed = same_as_from_nothing(&mut builds, root, "draft fixed");

    write(
        root,
        "content/values.md",
        &essay("Values", "", &FIGURE.replace("n = 8", "n = 9")),
    );
    let facts = same_as_from_nothing(&mut builds, root, "a fact another essay reads changed");
    assert!(!kept(&fixed, &facts, "reads/index.html"));
    assert!(kept(&fixed, &facts, "b/index.html"));

    write(
        root,
        "content/values.md",
        &essay("Values", "", &FIGURE.replace("n = 8\n", "")),
    );
    same_as_from_nothing(&mut builds, root, "a fact another essay reads gone");
    write(root, "content/values.md", &essay("Values", "", FIGURE));
    same_as_from_nothing(&mut builds, root, "the fact back");

    // A reference to another essay's table shows its number there.
    write(
        root,
        "content/refers.md",
        &essay("Refers", "", "See [@values:tbl-t]."),
    );
    let refers = same_as_from_nothing(&mut builds, root, "a reference to another essay");
    assert!(String::from_utf8_lossy(&refers.files["refers/index.html"]).contains(">Table 1 of "));
    let before = FIGURE.replace(
        "## Values\n\n",
        "## Values\n\n```figure value-table\nid = \"u\"\ngame = \"nim\"\nn = 4\n```\n\n",
    );
    write(root, "content/values.md", &essay("Values", "", &before));
    let renumbered =
        same_as_from_nothing(&mut builds, root, "a table put before the one referred to");
    assert!(
        kept(&refers, &renumbered, "b/index.html"),
        "an essay that reads nothing of another was made again"
    );
    assert!(
        String::from_utf8_lossy(&renumbered.files["refers/index.html"]).contains(">Table 2 of ")
    );
    write(
        root,
        "content/values.md",
        &essay("Values", "", &FIGURE.replace("id = \"t\"", "id = \"v\"")),
    );
    let gone = same_as_from_nothing(&mut builds, root, "the label referred to gone");
    assert!(!gone.files.contains_key("refers/index.html"));
    std::fs::remove_file(root.join("content/refers.md")).unwrap();
    write(root, "content/values.md", &essay("Values", "", FIGURE));
    same_as_from_nothing(&mut builds, root, "the reference removed");

    let template = std::fs::read_to_string("templates/essay.html").unwrap();
    write(
        root,
        "templates/essay.html",
        &template.replace(
            "{% endblock main %}",
            "<p>own template</p>{% endblock main %}",
        ),
    );
    let own = same_as_from_nothing(&mut builds, root, "template added");
    assert!(String::from_utf8_lossy(&own.files["b/index.html"]).contains("own template"));
    write(root, "templates/essay.html", "{% broken");
    same_as_from_nothing(&mut builds, root, "template broken");
    std::fs::remove_dir_all(root.join("templates")).unwrap();
    same_as_from_nothing(&mut builds, root, "templates removed");

    write(
        root,
        "grundy.toml",
        "title = \"Other title\"\nbase_url = \"https://example.org\"\n",
    );
    let settings = same_as_from_nothing(&mut builds, root, "settings changed");
    assert!(String::from_utf8_lossy(&settings.files["atom.xml"]).contains("https://example.org"));
    write(root, "grundy.toml", "title = 3\n");
    same_as_from_nothing(&mut builds, root, "settings broken");
    write(root, "static/extra.txt", "extra");
    write(root, "grundy.toml", "");
    same_as_from_nothing(
        &mut builds,
        root,
        "settings emptied and a static file added",
    );
    write(root, "bibliography.yaml", "x:\n  type: Book\n  title: X\n");
    write(
        root,
        "content/b.md",
        &essay("B", "", "## Part\n\nSee [@x]."),
    );
    same_as_from_nothing(&mut builds, root, "bibliography added and cited");

    let take = |most: u32| {
        format!(
            "fn moves(n) {{\n    let o = [];\n    for k in 1..={most} {{ if k <= n {{ o.push(n - k); }} }}\n    o\n}}\n"
        )
    };
    write(root, "games/take.rhai", &take(2));
    let table = "```figure value-table\ngame = \"site:take\"\nn = 6\n```\n";
    write(root, "content/game.md", &essay("Game", "", table));
    let two = same_as_from_nothing(&mut builds, root, "a site game added and drawn");
    let page = |o: &grundy_site::pipeline::Output| {
        String::from_utf8_lossy(&o.files["game/index.html"]).into_owned()
    };
    assert!(page(&two).contains("0, 1, 2, 0, 1, 2."), "{}", page(&two));
    write(root, "games/take.rhai", &take(3));
    let three = same_as_from_nothing(&mut builds, root, "the site game changed");
    assert!(
        page(&three).contains("0, 1, 2, 3, 0, 1."),
        "{}",
        page(&three)
    );
    write(root, "games/take.rhai", "fn moves(n) { [n +] }\n");
    same_as_from_nothing(&mut builds, root, "the site game broken");
    std::fs::remove_dir_all(root.join("games")).unwrap();
    same_as_from_nothing(&mut builds, root, "games removed");
    std::fs::remove_file(root.join("content/game.md")).unwrap();

    std::fs::remove_dir_all(root.join("content")).unwrap();
    same_as_from_nothing(&mut builds, root, "content removed");
    write(root, "content/b.md", &essay("B", "", "Back."));
    same_as_from_nothing(&mut builds, root, "content made again");
}

/// Whether the answer for `path` contains `text` now or after one of the coming rebuilds.
fn shows(versions: &mut Versions, addr: SocketAddr, path: &str, text: &str) -> bool {
    answers(versions, addr, path, |page| page.contains(text))
}

/// Whether the answer for `path` passes `test` now or after one of the
/// coming rebuilds (false when no rebuild comes for 30 seconds).
fn answers(
    versions: &mut Versions,
    addr: SocketAddr,
    path: &str,
    test: impl Fn(&str) -> bool,
) -> bool {
    loop {
        if test(&request(addr, "GET", path)) {
            return true;
        }
        if !versions.rebuilt() {
            return false;
        }
    }
}

/// The built-in essay template with `mark` in every essay's page.
fn marked_template(mark: &str) -> String {
    std::fs::read_to_string("templates/essay.html")
        .unwrap()
        .replace(
            "{% endblock main %}",
            &format!("<p>{mark}</p>{{% endblock main %}}"),
        )
}

#[test]
fn templates_made_or_remade_after_start_are_watched() {
    let (_dir, site, tmp) = one_essay_site();
    let (mut child, addr) = serve(&site, &tmp);
    let mut versions = Versions::follow(addr);
    std::fs::create_dir(site.join("templates")).unwrap();
    let made = versions.rebuilt();
    std::fs::write(
        site.join("templates/essay.html"),
        marked_template("first mark"),
    )
    .unwrap();
    let seen = shows(&mut versions, addr, "/a/", "first mark");

    std::fs::remove_dir_all(site.join("templates")).unwrap();
    let gone = answers(&mut versions, addr, "/a/", |page| {
        page.starts_with("HTTP/1.1 200 ") && !page.contains("first mark")
    });
    std::fs::create_dir(site.join("templates")).unwrap();
    let remade = versions.rebuilt();
    std::fs::write(
        site.join("templates/essay.html"),
        marked_template("second mark"),
    )
    .unwrap();
    let seen_again = shows(&mut versions, addr, "/a/", "second mark");
    let _ = child.kill();
    let _ = child.wait();
    assert!(made && remade, "a templates/ made was not rebuilt");
    assert!(
        seen,
        "a template in a templates/ made after start was never used"
    );
    assert!(gone, "the removed templates/ was still used");
    assert!(
        seen_again,
        "a template in a templates/ made again was never used"
    );
}

#[test]
fn content_remade_after_start_is_watched_and_each_save_served() {
    let (_dir, site, tmp) = one_essay_site();
    let (mut child, addr) = serve(&site, &tmp);
    let mut versions = Versions::follow(addr);
    write_essay(&site, "a", "A", "Edited text.");
    let edited = shows(&mut versions, addr, "/a/", "Edited text.");

    std::fs::remove_dir_all(site.join("content")).unwrap();
    let failed = shows(&mut versions, addr, "/__grundy/errors", "content");
    std::fs::create_dir(site.join("content")).unwrap();
    let made = versions.rebuilt();
    write_essay(&site, "b", "B", "Made again.");
    let remade = shows(&mut versions, addr, "/b/", "Made again.");
    write_essay(&site, "b", "B", "Saved once more.");
    let saved = shows(&mut versions, addr, "/b/", "Saved once more.");
    let index = shows(&mut versions, addr, "/", "href=\"b/\"");
    let _ = child.kill();
    let _ = child.wait();
    assert!(edited, "an edit to an essay was never served");
    assert!(made, "a content/ made again was not rebuilt");
    assert!(failed, "a removed content/ was not reported");
    assert!(remade, "an essay in a content/ made again was never served");
    assert!(saved, "a save in a content/ made again was never served");
    assert!(
        index,
        "the index never listed the essay of the new content/"
    );
}

#[test]
fn a_kept_essay_still_counts_against_the_work_budget() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "content/values.md", &essay("Values", "", FIGURE));
    let options = preview_options(root);
    let probe = Cache::default();
    let (_, report) =
        grundy_site::pipeline::generate_partial(root, &Kinds::default(), &probe, &options);
    assert!(report.is_empty(), "{report}");
    let one = probe.spent();
    assert!(one > 0);
    // One essay fits the budget, two do not.
    let (kinds, cache) = (Kinds::default(), Cache::with_budget(one + one / 2));
    let mut builds = grundy_site::pipeline::Session::new(root, &kinds, &cache, options.clone());
    assert!(builds.build().1.is_empty());
    write(
        root,
        "content/more.md",
        &essay("More", "", &FIGURE.replace("n = 8", "n = 9")),
    );
    let over = |report: &grundy_site::Report| {
        report
            .diagnostics
            .iter()
            .any(|d| matches!(*d.kind, grundy_site::ErrorKind::Budget(_)))
    };
    let fresh = Cache::with_budget(one + one / 2);
    let (_, from_nothing) = grundy_site::pipeline::generate_partial(root, &kinds, &fresh, &options);
    assert!(over(&from_nothing), "{from_nothing}");
    let (_, report) = builds.build();
    assert!(
        over(&report),
        "the kept essay's work was not counted: {report}"
    );
}

/// `grundy serve` run from `cwd` with `args` (after `serve --port 0`), as a
/// person starts it; its address once it serves.
fn serve_from(cwd: &Path, args: &[&str], tmp: &Path) -> (Child, SocketAddr) {
    let mut child = Process::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--port", "0"])
        .args(args)
        .current_dir(cwd)
        .env("TMPDIR", tmp)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let serving = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|l| l.strip_prefix("serving on http://").map(str::to_owned));
    let Some(serving) = serving else {
        let _ = child.kill();
        panic!("the preview never said it was serving");
    };
    // Keep reading its stderr so that it never blocks on a full pipe.
    std::thread::spawn(move || lines.for_each(drop));
    (child, serving.split('/').next().unwrap().parse().unwrap())
}

/// What a person's edits must show in the preview of `site` at `addr`: an
/// edited, a new and a deleted essay, and a change to each other input.
fn follows_every_edit(site: &Path, addr: SocketAddr) -> Vec<&'static str> {
    let mut versions = Versions::follow(addr);
    let mut missed = Vec::new();
    let mut check = |what, seen: bool| {
        if !seen {
            missed.push(what);
        }
    };
    write_essay(site, "a", "Edited title", "Text.");
    check(
        "an edit",
        answers(&mut versions, addr, "/a/", |b| b.contains("Edited title")),
    );
    write_essay(site, "b", "New essay", "Text.");
    check(
        "a new essay",
        answers(&mut versions, addr, "/b/", |b| {
            b.starts_with("HTTP/1.1 200 ")
        }),
    );
    std::fs::remove_file(site.join("content/b.md")).unwrap();
    check(
        "a deleted essay",
        answers(&mut versions, addr, "/b/", |b| {
            b.starts_with("HTTP/1.1 404 ")
        }),
    );
    write(site, "static/hello.txt", "hello");
    check(
        "static/",
        answers(&mut versions, addr, "/hello.txt", |b| b.ends_with("hello")),
    );
    write(site, "grundy.toml", "title = \"Renamed site\"\n");
    check(
        "grundy.toml",
        answers(&mut versions, addr, "/", |b| b.contains("Renamed site")),
    );
    write(site, "games/bad.rhai", "fn moves(n) {\n");
    check(
        "games/",
        answers(&mut versions, addr, "/__grundy/errors", |b| {
            b.contains("games/bad.rhai")
        }),
    );
    std::fs::remove_file(site.join("games/bad.rhai")).unwrap();
    write(site, "templates/index.html", "{{ broken");
    check(
        "templates/",
        answers(&mut versions, addr, "/__grundy/errors", |b| {
            b.contains("templates/index.html")
        }),
    );
    missed
}

#[test]
fn the_preview_follows_edits_however_it_is_started() {
    // (where the person is, relative to the site; the arguments they give)
    let ways: [(&str, &[&str]); 7] = [
        ("site", &[]),
        ("site/content", &[]),
        ("site", &["--root", "."]),
        ("", &["--root", "site"]),
        ("other", &["--root", "../site"]),
        ("", &["--root", "link"]),
        ("link", &[]),
    ];
    for (cwd, args) in ways {
        let (dir, site, tmp) = one_essay_site();
        std::fs::create_dir(dir.path().join("other")).unwrap();
        std::os::unix::fs::symlink("site", dir.path().join("link")).unwrap();
        let (mut child, addr) = serve_from(&dir.path().join(cwd), args, &tmp);
        let missed = follows_every_edit(&site, addr);
        let _ = child.kill();
        let _ = child.wait();
        assert!(
            missed.is_empty(),
            "started in {cwd:?} with {args:?}, the preview missed {missed:?}"
        );
    }
}
