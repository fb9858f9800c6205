//! Static functions nothing uses are not emitted, as GCC does at every
//! optimization level: they are still compiled, so their errors are
//! reported, but an unused `static` function may call a function that no
//! object defines (GCC's own tests rely on this), and emitting it would
//! break the link. A function is used when an exported function or a data
//! object reaches it through calls and address computations.

use super::Lowerer;
use nissecc_midend::ir::{Callee, InstData, Linkage};
use std::collections::HashSet;

impl Lowerer {
    /// Drops the unreachable local functions and returns every symbol the
    /// remaining functions and the data objects refer to.
    pub fn remove_unused_static_functions(&mut self) -> HashSet<String> {
        let mut used: HashSet<String> = HashSet::new();
        let mut work: Vec<String> = Vec::new();
        let reach = |name: &str, used: &mut HashSet<String>, work: &mut Vec<String>| {
            if used.insert(name.to_string()) {
                work.push(name.to_string());
            }
        };
        for func in self.module.functions.iter().filter(|f| f.linkage != Linkage::Local) {
            reach(&func.name, &mut used, &mut work);
        }
        for reloc in self.module.data.iter().flat_map(|d| &d.relocs) {
            reach(&reloc.symbol, &mut used, &mut work);
        }
        // An alias's target is used through the alias's symbol.
        for alias in &self.module.aliases {
            reach(&alias.target, &mut used, &mut work);
        }
        while let Some(name) = work.pop() {
            let Some(func) = self.module.functions.iter().find(|f| f.name == name) else { continue };
            let mut referenced = Vec::new();
            for &block in &func.layout {
                for &inst in &func.blocks[block].insts {
                    match &func.insts[inst] {
                        InstData::Call { callee: Callee::Direct(callee), .. } => referenced.push(callee.clone()),
                        InstData::SymbolAddr { symbol, .. } => referenced.push(symbol.clone()),
                        _ => {}
                    }
                }
            }
            for symbol in referenced {
                reach(&symbol, &mut used, &mut work);
            }
        }
        self.module.functions.retain(|f| f.linkage != Linkage::Local || used.contains(&f.name));
        used
    }
}
