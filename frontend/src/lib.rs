//! Frontend.
