//! The live-reload stream: the build's version as server-sent events, sent again each time a rebuild replaces the site.

use std::convert::Infallible;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::Channel;

use super::built::Shared;

/// How often an idle stream sends a comment, so that a closed page's stream ends.
pub const HEARTBEAT: Duration = Duration::from_secs(15);

/// A body sending `data: VERSION` now and after every rebuild, until the client goes.
pub fn stream(site: &Shared) -> Channel<Bytes, Infallible> {
    let (mut tx, body) = Channel::new(1);
    let mut versions = site.versions();
    tokio::spawn(async move {
        loop {
            let version = *versions.borrow_and_update();
            if tx
                .send_data(Bytes::from(format!("data: {version}\n\n")))
                .await
                .is_err()
            {
                return;
            }
            loop {
                match tokio::time::timeout(HEARTBEAT, versions.changed()).await {
                    Ok(Ok(())) => break,
                    Ok(Err(_)) => return,
                    Err(_) => {
                        if tx
                            .send_data(Bytes::from_static(b": idle\n\n"))
                            .await
                            .is_err()
                        {
                            return;
                        }
                    }
                }
            }
        }
    });
    body
}
