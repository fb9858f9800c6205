//! Backend.
