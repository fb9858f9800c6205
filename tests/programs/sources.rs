//! Never built: this package exists only so that `cargo fetch` downloads
//! the C sources of its dependencies (see `Cargo.toml`).
