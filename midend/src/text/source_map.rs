//! Where the parser found each entity, so that tests can relate the
//! comments of a source file to the entities the parser built.

use super::Entity;

/// The source line of every function header, `data` and `declare` line,
/// stack slot declaration, block header and instruction of a parsed module.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    /// `(line, symbol, entity)` in the order the parser met them, which is
    /// by increasing line.
    entries: Vec<(u32, String, Entity)>,
}

impl SourceMap {
    pub(super) fn add(&mut self, line: u32, symbol: &str, entity: Entity) {
        self.entries.push((line, symbol.to_string(), entity));
    }

    /// The line on which `entity` of `symbol` is defined.
    pub fn line_of(&self, symbol: &str, entity: Entity) -> Option<u32> {
        self.entries
            .iter()
            .find(|(_, s, e)| s == symbol && *e == entity)
            .map(|(line, _, _)| *line)
    }

    /// The first entity defined on `line`, with the symbol it belongs to.
    pub fn entity_at(&self, line: u32) -> Option<(&str, Entity)> {
        self.entries
            .iter()
            .find(|(l, _, _)| *l == line)
            .map(|(_, s, e)| (s.as_str(), *e))
    }
}
