//! The request head taken off a connection under the preview's limits (its size, the time it may take) before hyper parses it.
//!
//! hyper bounds a head by one buffer size and answers a slow client by
//! closing; the preview wants 414 for a long request line, 431 for large
//! headers and 408 for a head that does not arrive in time, so it finds
//! where the head ends itself (line ends only: the parsing is hyper's).

use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};

/// The longest request line read (method, target, version): longer gets 414.
pub const MAX_REQUEST_LINE: usize = 8 * 1024;
/// The most header bytes read after the request line: more gets 431.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;
/// The most header lines read: more gets 431 (from hyper).
pub const MAX_HEADER_LINES: usize = 100;

/// Why no request head was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unread {
    /// The client closed the connection (or it failed) before a whole head: nothing to answer.
    Closed,
    /// A head the preview refuses, with the status to answer.
    Refused(u16),
}

/// Reads from `reader` until a whole head has arrived, within `deadline`
/// however slowly it trickles in; returns every byte read (the head, and
/// whatever came after it), never more than the limits allow.
pub async fn read(
    reader: &mut (impl AsyncRead + Unpin),
    deadline: Duration,
) -> Result<Vec<u8>, Unread> {
    match tokio::time::timeout(deadline, read_unbounded(reader)).await {
        Ok(read) => read,
        Err(_) => Err(Unread::Refused(408)),
    }
}

async fn read_unbounded(reader: &mut (impl AsyncRead + Unpin)) -> Result<Vec<u8>, Unread> {
    let mut buf: Vec<u8> = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    let mut line_end = None;
    loop {
        let n = match reader.read(&mut chunk).await {
            Ok(0) | Err(_) => return Err(Unread::Closed),
            Ok(n) => n,
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
                return Ok(buf);
            }
            if buf.len() - line > MAX_HEADER_BYTES {
                return Err(Unread::Refused(431));
            }
        }
    }
}

/// Where the head ends (after its blank line), searching from `from`.
fn head_end(buf: &[u8], from: usize) -> Option<usize> {
    (from..buf.len()).find_map(|i| {
        let rest = &buf[i..];
        if rest.starts_with(b"\n\n") {
            Some(i + 2)
        } else if rest.starts_with(b"\n\r\n") {
            Some(i + 3)
        } else {
            None
        }
    })
}

/// Answers a refused head with `status` and closes, reading a little of
/// what the client is still sending first, so that closing does not reset
/// the connection before it has read why.
pub async fn refuse(stream: &mut (impl AsyncRead + AsyncWrite + Unpin), status: u16, extra: &str) {
    let message = match status {
        408 => "refused: the request took too long to arrive",
        414 => "refused: the request line is longer than 8 KiB",
        431 => "refused: the request's headers are larger than 16 KiB or 100 lines",
        503 => {
            "busy: as many connections are open as the preview takes at once \
(its limit of connections); try again in a moment"
        }
        _ => "refused: a malformed request",
    };
    let reason = hyper::StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("");
    let answer = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\n{extra}\
Content-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n{message}\n",
        message.len() + 1
    );
    let wrote = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await
    })
    .await;
    if !matches!(wrote, Ok(Ok(()))) {
        return;
    }
    let mut left: usize = 256 * 1024;
    let mut buf = [0u8; 8192];
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        while left > 0 {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => left = left.saturating_sub(n),
            }
        }
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(bytes: &[u8]) -> Result<Vec<u8>, Unread> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        runtime.block_on(read(&mut &bytes[..], Duration::from_secs(10)))
    }

    #[test]
    fn a_head_is_read_whole_with_what_follows_it() {
        let raw = b"GET /nim/?x=1 HTTP/1.1\r\nHost: localhost:1111\r\n\r\nbody";
        assert_eq!(read_all(raw), Ok(raw.to_vec()));
        assert!(read_all(b"HEAD / HTTP/1.0\n\n").is_ok());
        assert_eq!(
            read_all(b"GET / HTTP/1.1\r\nHost: a\r\n"),
            Err(Unread::Closed)
        );
    }

    #[test]
    fn a_request_line_past_8_kib_is_414_before_it_ends() {
        let mut long = b"GET /".to_vec();
        long.extend(std::iter::repeat_n(b'a', MAX_REQUEST_LINE));
        // No newline yet: refused as soon as the limit is passed.
        assert_eq!(read_all(&long), Err(Unread::Refused(414)));
        long.extend_from_slice(b" HTTP/1.1\r\n\r\n");
        assert_eq!(read_all(&long), Err(Unread::Refused(414)));
    }

    #[test]
    fn headers_past_16_kib_are_431_before_they_end() {
        let mut big = b"GET / HTTP/1.1\r\nX: ".to_vec();
        big.extend(std::iter::repeat_n(b'a', MAX_HEADER_BYTES));
        assert_eq!(read_all(&big), Err(Unread::Refused(431)));
    }

    #[test]
    fn headers_past_16_kib_are_431_when_the_read_that_passes_the_limit_ends_the_head() {
        for over in [1, 100, 4000] {
            let value = "a".repeat(MAX_HEADER_BYTES + over);
            let head = format!("GET / HTTP/1.1\r\nHost: a\r\nX: {value}\r\n\r\n");
            assert_eq!(
                read_all(head.as_bytes()),
                Err(Unread::Refused(431)),
                "{over}"
            );
        }
        let value = "a".repeat(MAX_HEADER_BYTES - 32);
        let head = format!("GET / HTTP/1.1\r\nHost: a\r\nX: {value}\r\n\r\n");
        assert!(read_all(head.as_bytes()).is_ok());
    }
}
