//! The live-reload stream: the build's version as server-sent events, sent again each time a rebuild replaces the site.
//!
//! A stream holds one of the preview's places for streams (not a connection's
//! place, which pages need) until its page goes, or stops reading: a send
//! that makes no progress within the deadline drops it.

use std::convert::Infallible;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::Channel;
use tokio::sync::OwnedSemaphorePermit;

use super::built::Shared;

/// How often an idle stream sends a comment by default, so that a closed
/// page's stream ends: a send is how a stream learns its page has gone.
pub const HEARTBEAT: Duration = Duration::from_secs(15);

/// A body sending `data: VERSION` now and after every rebuild, and a comment
/// after each `heartbeat` without one, until the client goes or a send stalls
/// past `deadline`; `place` is held as long.
pub fn stream(
    site: &Shared,
    place: OwnedSemaphorePermit,
    deadline: Duration,
    heartbeat: Duration,
) -> Channel<Bytes, Infallible> {
    let (mut tx, body) = Channel::new(1);
    let mut versions = site.versions();
    tokio::spawn(async move {
        let _place = place;
        // Whether `data` went out in time: a stalled or closed stream ends.
        let mut send = async |data: Bytes| {
            matches!(
                tokio::time::timeout(deadline, tx.send_data(data)).await,
                Ok(Ok(()))
            )
        };
        loop {
            let version = *versions.borrow_and_update();
            if !send(Bytes::from(format!("data: {version}\n\n"))).await {
                return;
            }
            loop {
                match tokio::time::timeout(heartbeat, versions.changed()).await {
                    Ok(Ok(())) => break,
                    Ok(Err(_)) => return,
                    Err(_) => {
                        if !send(Bytes::from_static(b": idle\n\n")).await {
                            return;
                        }
                    }
                }
            }
        }
    });
    body
}
