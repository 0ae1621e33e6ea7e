//! A small HTTP/1.1 reader and writer for the preview: the request head read under hard limits, one response per connection.

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The longest request line read (method, target, version): longer gets 414.
pub const MAX_REQUEST_LINE: usize = 8 * 1024;
/// The most header bytes read after the request line: more gets 431.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;
/// The most header lines read: more gets 431.
pub const MAX_HEADER_LINES: usize = 100;

/// A request's head: all the preview needs of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Head {
    pub method: String,
    pub target: String,
    /// The `Host` header, if there was one.
    pub host: Option<String>,
}

/// Why no request head was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unread {
    /// The client closed the connection (or it failed) before a whole head: nothing to answer.
    Closed,
    /// A head the preview refuses, with the status to answer.
    Refused(u16),
}

/// Reads one request head from `reader`, never holding more than the limits allow.
///
/// A read that times out answers 408; bytes after the head (a body) are left unread.
pub fn read_head(reader: &mut impl Read) -> Result<Head, Unread> {
    let mut buf: Vec<u8> = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    let mut line_end = None;
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => return Err(Unread::Closed),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                return Err(Unread::Refused(408));
            }
            Err(_) => return Err(Unread::Closed),
        };
        let searched = buf.len().saturating_sub(3);
        buf.extend_from_slice(&chunk[..n]);
        if line_end.is_none() {
            line_end = buf.iter().position(|&b| b == b'\n');
            match line_end {
                Some(at) if at > MAX_REQUEST_LINE => return Err(Unread::Refused(414)),
                None if buf.len() > MAX_REQUEST_LINE => return Err(Unread::Refused(414)),
                _ => {}
            }
        }
        if let Some(line) = line_end {
            if let Some(end) = head_end(&buf, searched.max(line)) {
                // The limit holds however the head arrived: in the read
                // that ends it too, not only in those that leave it open.
                if end - (line + 1) > MAX_HEADER_BYTES {
                    return Err(Unread::Refused(431));
                }
                return parse(&buf[..end]);
            }
            if buf.len() - line > MAX_HEADER_BYTES {
                return Err(Unread::Refused(431));
            }
        }
    }
}

/// Where the head ends (after its blank line), searching from `from`.
fn head_end(buf: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while i < buf.len() {
        if buf[i] == b'\n' {
            let rest = &buf[i + 1..];
            if rest.starts_with(b"\n") {
                return Some(i + 2);
            }
            if rest.starts_with(b"\r\n") {
                return Some(i + 3);
            }
        }
        i += 1;
    }
    None
}

fn parse(head: &[u8]) -> Result<Head, Unread> {
    let bad = Unread::Refused(400);
    let text = std::str::from_utf8(head).map_err(|_| bad)?;
    let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let request = lines.next().ok_or(bad)?;
    let mut parts = request.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad);
    };
    if method.is_empty()
        || !method.bytes().all(|b| b.is_ascii_uppercase())
        || target.is_empty()
        || target.bytes().any(|b| b.is_ascii_control())
    {
        return Err(bad);
    }
    if !version.starts_with("HTTP/1.") {
        return Err(Unread::Refused(505));
    }
    let mut host = None;
    let mut count = 0;
    for line in lines.filter(|l| !l.is_empty()) {
        count += 1;
        if count > MAX_HEADER_LINES {
            return Err(Unread::Refused(431));
        }
        let (name, value) = line.split_once(':').ok_or(bad)?;
        if name.is_empty() || name.bytes().any(|b| b.is_ascii_whitespace()) {
            return Err(bad);
        }
        if name.eq_ignore_ascii_case("host") {
            if host.is_some() {
                return Err(bad);
            }
            host = Some(value.trim().to_owned());
        }
    }
    Ok(Head {
        method: method.to_owned(),
        target: target.to_owned(),
        host,
    })
}

/// A stream read under one deadline for the whole head, however slowly it trickles in.
#[derive(Debug)]
pub struct Deadline<'a> {
    stream: &'a TcpStream,
    until: Instant,
}

impl<'a> Deadline<'a> {
    pub fn new(stream: &'a TcpStream, within: Duration) -> Self {
        Deadline {
            stream,
            until: Instant::now() + within,
        }
    }
}

impl Read for Deadline<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = self.until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        self.stream.set_read_timeout(Some(left))?;
        let mut stream = self.stream;
        stream.read(buf)
    }
}

/// One response: status, headers and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn new(status: u16, content_type: &str, body: impl Into<Vec<u8>>) -> Self {
        Response {
            status,
            headers: vec![("Content-Type", content_type.to_owned())],
            body: body.into(),
        }
    }

    /// A short plain-text answer for a refused request.
    pub fn text(status: u16, message: &str) -> Self {
        Response::new(status, "text/plain; charset=utf-8", format!("{message}\n"))
    }

    pub fn with_header(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.headers.push((name, value.into()));
        self
    }

    /// Writes the response; `head_only` leaves out the body (an answer to `HEAD`).
    pub fn write_to(&self, out: &mut impl Write, head_only: bool) -> io::Result<()> {
        let mut head = format!("HTTP/1.1 {} {}\r\n", self.status, reason(self.status));
        for (name, value) in &self.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str(&format!(
            "Content-Length: {}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
            self.body.len()
        ));
        out.write_all(head.as_bytes())?;
        if !head_only {
            out.write_all(&self.body)?;
        }
        out.flush()
    }
}

/// The reason phrase of each status the preview answers with.
pub fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        308 => "Permanent Redirect",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        414 => "URI Too Long",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> Result<Head, Unread> {
        read_head(&mut &bytes[..])
    }

    #[test]
    fn a_request_head_is_read_with_its_host() {
        let head =
            read(b"GET /nim/?x=1 HTTP/1.1\r\nHost: localhost:1111\r\nAccept: */*\r\n\r\nbody")
                .unwrap();
        assert_eq!(head.method, "GET");
        assert_eq!(head.target, "/nim/?x=1");
        assert_eq!(head.host.as_deref(), Some("localhost:1111"));
        let head = read(b"HEAD / HTTP/1.0\n\n").unwrap();
        assert_eq!((head.method.as_str(), head.host), ("HEAD", None));
    }

    #[test]
    fn malformed_heads_are_refused() {
        for (bytes, status) in [
            (&b"GET /\r\n\r\n"[..], 400),
            (b"GET  / HTTP/1.1\r\n\r\n", 400),
            (b"get / HTTP/1.1\r\n\r\n", 400),
            (b"GET / HTTP/2\r\n\r\n", 505),
            (b"GET / HTTP/1.1\r\nno colon\r\n\r\n", 400),
            (b"GET / HTTP/1.1\r\nHost: a\r\nhost: b\r\n\r\n", 400),
            (b"GET /\x01 HTTP/1.1\r\n\r\n", 400),
            (b"GET /\xff HTTP/1.1\r\n\r\n", 400),
        ] {
            assert_eq!(
                read(bytes),
                Err(Unread::Refused(status)),
                "{}",
                String::from_utf8_lossy(bytes)
            );
        }
        assert_eq!(read(b"GET / HTTP/1.1\r\nHost: a\r\n"), Err(Unread::Closed));
    }

    #[test]
    fn a_request_line_past_8_kib_is_414_before_it_ends() {
        let mut long = b"GET /".to_vec();
        long.extend(std::iter::repeat_n(b'a', MAX_REQUEST_LINE));
        // No newline yet: refused as soon as the limit is passed.
        assert_eq!(read(&long), Err(Unread::Refused(414)));
        long.extend_from_slice(b" HTTP/1.1\r\n\r\n");
        assert_eq!(read(&long), Err(Unread::Refused(414)));
    }

    #[test]
    fn headers_past_16_kib_or_100_lines_are_431() {
        let mut big = b"GET / HTTP/1.1\r\nX: ".to_vec();
        big.extend(std::iter::repeat_n(b'a', MAX_HEADER_BYTES));
        assert_eq!(read(&big), Err(Unread::Refused(431)));
        let many = format!("GET / HTTP/1.1\r\n{}\r\n", "X: 1\r\n".repeat(101));
        assert_eq!(read(many.as_bytes()), Err(Unread::Refused(431)));
        let enough = format!("GET / HTTP/1.1\r\n{}\r\n", "X: 1\r\n".repeat(100));
        assert!(read(enough.as_bytes()).is_ok());
    }

    #[test]
    fn headers_past_16_kib_are_431_when_the_read_that_passes_the_limit_ends_the_head() {
        for over in [1, 100, 4000] {
            let value = "a".repeat(MAX_HEADER_BYTES + over);
            let head = format!("GET / HTTP/1.1\r\nHost: a\r\nX: {value}\r\n\r\n");
            assert_eq!(read(head.as_bytes()), Err(Unread::Refused(431)), "{over}");
        }
        let value = "a".repeat(MAX_HEADER_BYTES - 32);
        let head = format!("GET / HTTP/1.1\r\nHost: a\r\nX: {value}\r\n\r\n");
        assert!(read(head.as_bytes()).is_ok());
    }

    #[test]
    fn a_head_only_response_has_no_body() {
        let response = Response::text(405, "no").with_header("Allow", "GET, HEAD");
        let mut full = Vec::new();
        response.write_to(&mut full, false).unwrap();
        let full = String::from_utf8(full).unwrap();
        assert!(
            full.starts_with("HTTP/1.1 405 Method Not Allowed\r\n"),
            "{full}"
        );
        assert!(full.contains("Allow: GET, HEAD\r\n") && full.contains("Content-Length: 3\r\n"));
        assert!(full.ends_with("\r\n\r\nno\n"));
        let mut head = Vec::new();
        response.write_to(&mut head, true).unwrap();
        assert!(String::from_utf8(head).unwrap().ends_with("\r\n\r\n"));
    }
}
