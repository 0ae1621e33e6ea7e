//! The preview's server: a listener whose connections hyper serves on one thread, a bounded number at a time.

use std::convert::Infallible;
use std::io;
use std::net::{SocketAddr, TcpListener};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use http_body_util::Either;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::answer::Answers;
use super::built::Shared;
use super::conn::Conn;
use super::head::{self, MAX_HEADER_BYTES, MAX_HEADER_LINES, MAX_REQUEST_LINE, Unread};
use super::host::Hosts;

/// The most connections open at once, besides live-reload streams.
pub const MAX_CONNECTIONS: usize = 256;
/// The most live-reload streams open at once (one for each page shown).
pub const MAX_STREAMS: usize = 32;

/// How much the server takes on at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once; past this a connection gets 503. A
    /// connection that becomes a live-reload stream gives its place back.
    pub connections: usize,
    /// Live-reload streams open at once; past this a stream gets 503.
    pub streams: usize,
    /// Time to send a whole request head, and for each write of a response to progress.
    pub deadline: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            connections: MAX_CONNECTIONS,
            streams: MAX_STREAMS,
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
                tokio::spawn(async move {
                    let mut stream = stream;
                    head::refuse(&mut stream, 503, "Retry-After: 1\r\n").await;
                });
                continue;
            };
            let answers = answers.clone();
            tokio::spawn(serve(stream, answers, limits, permit));
        }
    }
}

/// One connection: its head read under the limits, then one request
/// answered by hyper. It holds `place` until it ends, or until its answer
/// turns out to be a live-reload stream, which holds a place of its own.
async fn serve(
    mut stream: TcpStream,
    answers: Arc<Answers>,
    limits: Limits,
    place: OwnedSemaphorePermit,
) {
    let read = match head::read(&mut stream, limits.deadline).await {
        Ok(read) => read,
        Err(Unread::Closed) => return,
        Err(Unread::Refused(status)) => return head::refuse(&mut stream, status, "").await,
    };
    let io = TokioIo::new(Conn::new(read, stream, limits.deadline));
    let place = Arc::new(Mutex::new(Some(place)));
    let service = service_fn(move |request| {
        let response = answers.answer(&request);
        if matches!(response.body(), Either::Right(_)) {
            let _ = place.lock().map(|mut held| held.take());
        }
        async move { Ok::<_, Infallible>(response) }
    });
    let _ = http1::Builder::new()
        .keep_alive(false)
        .title_case_headers(true)
        .max_headers(MAX_HEADER_LINES)
        .max_buf_size(MAX_REQUEST_LINE + MAX_HEADER_BYTES + 4096)
        .serve_connection(io, service)
        .await;
}
