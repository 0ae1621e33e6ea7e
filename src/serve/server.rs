//! The preview's server: a listener whose connections hyper serves on one thread, a bounded number at a time.
//!
//! hyper reads each request head under the preview's limits: a URL over
//! 64 KiB gets 414, a head over [`MAX_HEAD_BYTES`] or with more than
//! [`MAX_HEADERS`] headers 431, and a head that is not whole within the
//! deadline closes the connection.

use std::convert::Infallible;
use std::io;
use std::net::{SocketAddr, TcpListener};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use http_body_util::Either;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpStream;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::answer::{self, Answers};
use super::built::Shared;
use super::events;
use super::host::Hosts;

/// The most connections open at once, besides live-reload streams.
pub const MAX_CONNECTIONS: usize = 256;
/// The most live-reload streams open at once (one for each page shown).
pub const MAX_STREAMS: usize = 32;
/// The largest request head read (request line and headers): more gets 431.
/// Above hyper's own limit for a URL, 64 KiB, so that a long URL gets 414.
pub const MAX_HEAD_BYTES: usize = 128 * 1024;
/// The most headers a request may have: more gets 431.
pub const MAX_HEADERS: usize = 100;

/// How much the server takes on at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once; past this a connection gets 503. A
    /// connection that becomes a live-reload stream gives its place back.
    pub connections: usize,
    /// Live-reload streams open at once; past this a stream gets 503.
    pub streams: usize,
    /// Time to send a whole request head, and for each send to a live-reload stream to progress.
    pub deadline: Duration,
    /// How long a live-reload stream stays silent before it sends a comment:
    /// a closed page's stream gives its place back at its next send.
    pub heartbeat: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            connections: MAX_CONNECTIONS,
            streams: MAX_STREAMS,
            deadline: Duration::from_secs(10),
            heartbeat: events::HEARTBEAT,
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
        listener.set_nonblocking(true)?;
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

    /// Answers requests until the listener fails, on the calling thread.
    pub fn run(&self) -> io::Result<()> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()?;
        runtime.block_on(self.accept())
    }

    /// Takes each connection while fewer than the limit are open; turns it away with 503 past that.
    async fn accept(&self) -> io::Result<()> {
        let listener = tokio::net::TcpListener::from_std(self.listener.try_clone()?)?;
        let open = Arc::new(Semaphore::new(self.limits.connections.max(1)));
        let answers = Arc::new(Answers {
            site: self.site.clone(),
            hosts: self.hosts.clone(),
            streams: Arc::new(Semaphore::new(self.limits.streams)),
            most_streams: self.limits.streams,
            deadline: self.limits.deadline,
            heartbeat: self.limits.heartbeat,
        });
        let limits = self.limits;
        loop {
            let stream = match listener.accept().await {
                Ok((stream, _)) => stream,
                // Out of file descriptors, say: wait rather than spin.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            let Ok(permit) = open.clone().try_acquire_owned() else {
                let busy = service_fn(|_| async { Ok::<_, Infallible>(answer::busy()) });
                let connection = http(&limits).serve_connection(TokioIo::new(stream), busy);
                tokio::spawn(connection);
                continue;
            };
            let answers = answers.clone();
            tokio::spawn(serve(stream, answers, limits, permit));
        }
    }
}

/// hyper's HTTP/1.1 under the preview's limits: one request a connection,
/// its head bounded in size and in the time it may take to arrive.
fn http(limits: &Limits) -> http1::Builder {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.deadline)
        .max_header_size(MAX_HEAD_BYTES)
        .max_headers(MAX_HEADERS)
        .keep_alive(false)
        .title_case_headers(true);
    builder
}

/// One connection, whose one request hyper answers. It holds `place` until
/// it ends, or until its answer turns out to be a live-reload stream, which
/// holds a place of its own.
async fn serve(
    stream: TcpStream,
    answers: Arc<Answers>,
    limits: Limits,
    place: OwnedSemaphorePermit,
) {
    let place = Arc::new(Mutex::new(Some(place)));
    let service = service_fn(move |request| {
        let response = answers.answer(&request);
        if matches!(response.body(), Either::Right(_)) {
            let _ = place.lock().map(|mut held| held.take());
        }
        async move { Ok::<_, Infallible>(response) }
    });
    let _ = http(&limits)
        .serve_connection(TokioIo::new(stream), service)
        .await;
}
