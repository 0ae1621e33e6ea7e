//! Which `Host` headers the preview answers: its loopback names, its own interface, and the names it is told to allow.
//!
//! A page on another site can point its own host name at 127.0.0.1 (DNS
//! rebinding) and read the preview, drafts included; its requests still carry
//! its own name in `Host`, so checking that header shuts it out.

use std::net::IpAddr;

/// The `Host` values the preview accepts, lower case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hosts {
    allowed: Vec<String>,
}

impl Hosts {
    /// `127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT`; the interface's own
    /// address when it is a specific one; and each of `extra` (a name or an
    /// address, with or without a port: without, `PORT` is added).
    pub fn new(port: u16, interface: &str, extra: &[String]) -> Self {
        let mut allowed = vec![
            format!("127.0.0.1:{port}"),
            format!("localhost:{port}"),
            format!("[::1]:{port}"),
        ];
        let mut add = |host: &str| {
            let host = host.to_ascii_lowercase();
            let with_port = match host.parse::<IpAddr>() {
                Ok(IpAddr::V6(v6)) => format!("[{v6}]:{port}"),
                Ok(IpAddr::V4(v4)) => format!("{v4}:{port}"),
                Err(_) if has_port(&host) => host,
                Err(_) => format!("{host}:{port}"),
            };
            if !allowed.contains(&with_port) {
                allowed.push(with_port);
            }
        };
        if let Ok(ip) = interface.parse::<IpAddr>()
            && !ip.is_unspecified()
        {
            add(interface);
        }
        for host in extra {
            add(host);
        }
        if port == 80 {
            // A browser leaves out the default port.
            let bare: Vec<String> = allowed
                .iter()
                .filter_map(|h| h.strip_suffix(":80").map(str::to_owned))
                .collect();
            allowed.extend(bare);
        }
        Hosts { allowed }
    }

    /// Whether a request with this `Host` header is answered.
    pub fn allows(&self, host: Option<&str>) -> bool {
        host.is_some_and(|h| self.allowed.iter().any(|a| a.eq_ignore_ascii_case(h)))
    }

    /// The accepted values, for the line `serve` prints.
    pub fn allowed(&self) -> &[String] {
        &self.allowed
    }
}

/// Whether `host` (not an IPv6 address) ends in `:PORT`, or is `[v6]:PORT`.
fn has_port(host: &str) -> bool {
    match host.rsplit_once(':') {
        Some((name, port)) => {
            !name.is_empty()
                && (!name.contains(':') || name.ends_with(']'))
                && !port.is_empty()
                && port.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_names_with_the_port_are_allowed() {
        let hosts = Hosts::new(1111, "127.0.0.1", &[]);
        for host in [
            "127.0.0.1:1111",
            "localhost:1111",
            "LocalHost:1111",
            "[::1]:1111",
        ] {
            assert!(hosts.allows(Some(host)), "{host}");
        }
    }

    #[test]
    fn other_hosts_ports_and_no_host_are_refused() {
        let hosts = Hosts::new(1111, "127.0.0.1", &[]);
        for host in [
            "evil.example:1111",
            "evil.example",
            "localhost",
            "localhost:1112",
            "127.0.0.1",
            "127.0.0.2:1111",
            "localhost.:1111",
            "localhost:1111.evil.example",
            "",
        ] {
            assert!(!hosts.allows(Some(host)), "{host}");
        }
        assert!(!hosts.allows(None));
    }

    #[test]
    fn the_interface_and_allowed_names_are_added() {
        let hosts = Hosts::new(
            8080,
            "192.168.1.5",
            &["Preview.lan".into(), "box:9000".into(), "fe80::1".into()],
        );
        for host in [
            "192.168.1.5:8080",
            "preview.lan:8080",
            "box:9000",
            "[fe80::1]:8080",
            "localhost:8080",
        ] {
            assert!(hosts.allows(Some(host)), "{host}");
        }
        assert!(!hosts.allows(Some("box:8080")));
        // 0.0.0.0 is no host name: nothing is added for it.
        assert_eq!(Hosts::new(8080, "0.0.0.0", &[]).allowed().len(), 3);
    }

    #[test]
    fn port_80_may_be_left_out() {
        let hosts = Hosts::new(80, "127.0.0.1", &[]);
        assert!(hosts.allows(Some("localhost")));
        assert!(hosts.allows(Some("localhost:80")));
    }
}
