//! Redeclarations (C11 §6.7p4, §6.2.7): every declaration of a function or
//! of an object with linkage must have a type compatible with the earlier
//! ones. GCC rejects `int f(void);` followed by `short f(void) {…}`, and
//! `int x;` followed by `long x;`, with "conflicting types", and so does
//! nissecc, with a note at the earlier declaration. Declarations in system
//! headers are trusted.

use super::{LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use crate::types::{CType, FuncType, TypeTable};
use lang_c::span::Span;

impl Lowerer {
    /// Checks a new declaration of the function or object `name` with type
    /// `ty` against the earlier one, if any.
    pub fn check_redeclaration(&self, name: &str, ty: &CType, span: Span) -> LowerResult<()> {
        let Some(previous) = self.globals.get(name) else { return Ok(()) };
        let same_kind = matches!(previous.ty, CType::Function(_)) == matches!(ty, CType::Function(_));
        // A system header's types are trusted, but a function and an
        // object of one name cannot both be (nissecc-fuzz found an
        // internal error there).
        if same_kind && (self.is_system_header(span) || self.is_system_header(previous.declared_at)) {
            return Ok(());
        }
        let compatible = match (&previous.ty, ty) {
            (CType::Function(old), CType::Function(new)) => functions_compatible(&self.types, old, new),
            (CType::Function(_), _) | (_, CType::Function(_)) => false,
            (old, new) => compatible(&self.types, old, new),
        };
        if compatible {
            return Ok(());
        }
        let functions = [&previous.ty, ty].iter().filter(|t| matches!(t, CType::Function(_))).count();
        let what = if functions == 1 { "redeclared as a different kind of symbol:" } else { "conflicting types for" };
        Err(Diagnostic::error_at(span, format!("{what} '{name}'"))
            .with_note(format!("{}: previous declaration of '{name}' is here", self.location_text(previous.declared_at))))
    }

    /// `file:line:col` of a span's start.
    pub fn location_text(&self, span: Span) -> String {
        let location = self.source_map.locate(span.start);
        format!("{}:{}:{}", location.file, location.line, location.column)
    }
}

/// Two function types are compatible when their return types are, and
/// their parameter lists are when both have one (C11 §6.7.6.3p15).
fn functions_compatible(types: &TypeTable, a: &FuncType, b: &FuncType) -> bool {
    if !compatible(types, &a.ret, &b.ret) {
        return false;
    }
    if a.unprototyped || b.unprototyped {
        return true;
    }
    a.variadic == b.variadic && a.params.len() == b.params.len() && a.params.iter().zip(&b.params).all(|(x, y)| compatible(types, x, y))
}

/// Type compatibility, with qualifiers already dropped. Records match by
/// identity or by tag: a struct first named in a prototype is the same
/// struct to the programmer, and GCC only warns there.
pub(super) fn compatible(types: &TypeTable, a: &CType, b: &CType) -> bool {
    match (a, b) {
        (CType::Pointer(x, p), CType::Pointer(y, q)) => p == q && compatible(types, x, y),
        (CType::Array(x, n), CType::Array(y, m)) => compatible(types, x, y) && (n.is_none() || m.is_none() || n == m),
        (CType::Function(f), CType::Function(g)) => functions_compatible(types, f, g),
        (CType::Record(x), CType::Record(y)) => {
            let (r, s) = (&types.records[*x], &types.records[*y]);
            x == y || (r.is_union == s.is_union && r.name.is_some() && r.name == s.name)
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    /// A system header's declarations are trusted for their types, but
    /// not when they make one name both an object and a function (an
    /// internal error that nissecc-fuzz found: the IR had both).
    #[test]
    fn a_system_header_object_and_a_function_of_one_name_conflict() {
        let text = "# 1 \"t.c\"\n# 1 \"/usr/include/sys.h\" 1 3\nextern int flush;\n# 2 \"t.c\" 2\nstatic int flush(int id) { return id; }\nint main(void) { return flush(0); }\n";
        let output = crate::compile_preprocessed(text.to_string(), "t.c");
        let error = output.result.expect_err("a function and an object named `flush`");
        assert!(error.message.contains("redeclared as a different kind of symbol: 'flush'"), "{}", error.message);
    }
}
