//! C types of the subset, their sizes and alignments on x86-64 (LP64),
//! and the conversion rules of C11 §6.3: integer promotions and the usual
//! arithmetic conversions.

use nissecc_midend::ir::Type;
use std::rc::Rc;

/// Integer kinds, ordered by conversion rank within each signedness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntKind {
    Bool,
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
}

impl IntKind {
    pub fn size(self) -> u32 {
        match self {
            IntKind::Bool | IntKind::Char | IntKind::SChar | IntKind::UChar => 1,
            IntKind::Short | IntKind::UShort => 2,
            IntKind::Int | IntKind::UInt => 4,
            _ => 8,
        }
    }

    /// `char` is signed on x86-64.
    pub fn is_signed(self) -> bool {
        matches!(self, IntKind::Char | IntKind::SChar | IntKind::Short | IntKind::Int | IntKind::Long | IntKind::LongLong)
    }

    /// Conversion rank (C11 §6.3.1.1).
    pub fn rank(self) -> u32 {
        match self {
            IntKind::Bool => 0,
            IntKind::Char | IntKind::SChar | IntKind::UChar => 1,
            IntKind::Short | IntKind::UShort => 2,
            IntKind::Int | IntKind::UInt => 3,
            IntKind::Long | IntKind::ULong => 4,
            IntKind::LongLong | IntKind::ULongLong => 5,
        }
    }

    /// The unsigned kind of the same rank.
    pub fn to_unsigned(self) -> IntKind {
        match self {
            IntKind::Char | IntKind::SChar => IntKind::UChar,
            IntKind::Short => IntKind::UShort,
            IntKind::Int => IntKind::UInt,
            IntKind::Long => IntKind::ULong,
            IntKind::LongLong => IntKind::ULongLong,
            other => other,
        }
    }
}

/// Identifies a struct or union in the `TypeTable`.
pub type RecordId = usize;

/// A function type.
#[derive(Clone, Debug, PartialEq)]
pub struct FuncType {
    pub ret: CType,
    pub params: Vec<CType>,
    pub variadic: bool,
    /// Declared as `f()` without a prototype: any arguments are accepted.
    pub unprototyped: bool,
}

/// A C type. Qualifiers are dropped: they do not change code generation.
#[derive(Clone, Debug, PartialEq)]
pub enum CType {
    Void,
    Int(IntKind),
    Float,
    Double,
    Pointer(Rc<CType>),
    /// An array; `None` is an array of unknown size (`int a[]`).
    Array(Rc<CType>, Option<u64>),
    Function(Rc<FuncType>),
    /// A struct or union, by its id in the `TypeTable`.
    Record(RecordId),
    /// A type outside the subset that system headers mention in
    /// declarations (`long double`, `_Float128`). Declaring with it is
    /// fine; using a value of it is reported as unsupported.
    Unsupported(&'static str),
}

impl CType {
    pub const INT: CType = CType::Int(IntKind::Int);
    pub const UINT: CType = CType::Int(IntKind::UInt);
    pub const LONG: CType = CType::Int(IntKind::Long);
    pub const ULONG: CType = CType::Int(IntKind::ULong);
    pub const CHAR: CType = CType::Int(IntKind::Char);
    pub const BOOL: CType = CType::Int(IntKind::Bool);

    pub fn pointer_to(t: CType) -> CType {
        CType::Pointer(Rc::new(t))
    }

    pub fn is_integer(&self) -> bool {
        matches!(self, CType::Int(_))
    }

    pub fn is_floating(&self) -> bool {
        matches!(self, CType::Float | CType::Double)
    }

    pub fn is_arithmetic(&self) -> bool {
        self.is_integer() || self.is_floating()
    }

    pub fn is_pointer(&self) -> bool {
        matches!(self, CType::Pointer(_))
    }

    pub fn is_scalar(&self) -> bool {
        self.is_arithmetic() || self.is_pointer()
    }

    pub fn is_record(&self) -> bool {
        matches!(self, CType::Record(_))
    }

    pub fn is_void(&self) -> bool {
        matches!(self, CType::Void)
    }

    pub fn is_signed_int(&self) -> bool {
        matches!(self, CType::Int(k) if k.is_signed())
    }

    /// The pointee of a pointer, or the element of an array.
    pub fn pointee(&self) -> Option<&CType> {
        match self {
            CType::Pointer(t) | CType::Array(t, _) => Some(t),
            _ => None,
        }
    }

    /// The type an expression of this type has after array-to-pointer and
    /// function-to-pointer decay (C11 §6.3.2.1).
    pub fn decay(&self) -> CType {
        match self {
            CType::Array(elem, _) => CType::Pointer(elem.clone()),
            CType::Function(_) => CType::Pointer(Rc::new(self.clone())),
            other => other.clone(),
        }
    }

    /// The IR type that holds a scalar of this type.
    pub fn ir_type(&self) -> Option<Type> {
        match self {
            CType::Int(k) => Type::int_with_bytes(k.size()),
            CType::Float => Some(Type::F32),
            CType::Double => Some(Type::F64),
            CType::Pointer(_) => Some(Type::PTR),
            _ => None,
        }
    }

    /// The integer promotion of an arithmetic type (C11 §6.3.1.1p2).
    pub fn promote(&self) -> CType {
        match self {
            CType::Int(k) if k.rank() < IntKind::Int.rank() => CType::INT,
            other => other.clone(),
        }
    }
}

/// The common real type of the usual arithmetic conversions
/// (C11 §6.3.1.8) for two arithmetic operand types.
pub fn usual_arithmetic_conversion(a: &CType, b: &CType) -> CType {
    if matches!(a, CType::Double) || matches!(b, CType::Double) {
        return CType::Double;
    }
    if matches!(a, CType::Float) || matches!(b, CType::Float) {
        return CType::Float;
    }
    let (CType::Int(x), CType::Int(y)) = (a.promote(), b.promote()) else {
        return CType::INT;
    };
    if x == y {
        return CType::Int(x);
    }
    if x.is_signed() == y.is_signed() {
        return CType::Int(if x.rank() >= y.rank() { x } else { y });
    }
    let (signed, unsigned) = if x.is_signed() { (x, y) } else { (y, x) };
    if unsigned.rank() >= signed.rank() {
        CType::Int(unsigned)
    } else if signed.size() > unsigned.size() {
        CType::Int(signed)
    } else {
        CType::Int(signed.to_unsigned())
    }
}

/// One member of a struct or union.
#[derive(Clone, Debug)]
pub struct Field {
    /// `None` for an anonymous struct or union member, whose own members
    /// are found through it.
    pub name: Option<String>,
    pub ty: CType,
    pub offset: u64,
}

/// A struct or union; incomplete until its body has been seen.
#[derive(Clone, Debug)]
pub struct Record {
    pub name: Option<String>,
    pub is_union: bool,
    pub fields: Vec<Field>,
    pub size: u64,
    pub align: u64,
    pub complete: bool,
}

/// All records of a translation unit.
#[derive(Clone, Debug, Default)]
pub struct TypeTable {
    pub records: Vec<Record>,
}

impl TypeTable {
    pub fn new_record(&mut self, name: Option<String>, is_union: bool) -> RecordId {
        self.records.push(Record { name, is_union, fields: Vec::new(), size: 0, align: 1, complete: false });
        self.records.len() - 1
    }

    /// Lays out `members` (name, type) in declaration order and completes
    /// the record (C11 §6.7.2.1, System V x86-64 ABI alignment).
    pub fn complete_record(&mut self, id: RecordId, members: Vec<(Option<String>, CType)>) {
        let is_union = self.records[id].is_union;
        let mut offset = 0u64;
        let mut size = 0u64;
        let mut align = 1u64;
        let mut fields = Vec::new();
        for (name, ty) in members {
            let (field_size, field_align) = (self.size_of(&ty).unwrap_or(0), self.align_of(&ty));
            align = align.max(field_align);
            let field_offset = if is_union { 0 } else { round_up(offset, field_align) };
            offset = field_offset + field_size;
            size = size.max(offset);
            fields.push(Field { name, ty, offset: field_offset });
        }
        let record = &mut self.records[id];
        record.fields = fields;
        record.align = align;
        record.size = round_up(size, align);
        record.complete = true;
    }

    /// Size in bytes; `None` for incomplete types, functions and `void`.
    pub fn size_of(&self, ty: &CType) -> Option<u64> {
        match ty {
            CType::Void | CType::Function(_) => None,
            CType::Int(k) => Some(k.size() as u64),
            CType::Float => Some(4),
            CType::Double | CType::Pointer(_) => Some(8),
            CType::Array(elem, Some(n)) => Some(self.size_of(elem)? * n),
            CType::Array(_, None) => None,
            CType::Record(id) => {
                let r = &self.records[*id];
                r.complete.then_some(r.size)
            }
            CType::Unsupported(_) => Some(16),
        }
    }

    pub fn align_of(&self, ty: &CType) -> u64 {
        match ty {
            CType::Array(elem, _) => self.align_of(elem),
            CType::Record(id) => self.records[*id].align,
            CType::Unsupported(_) => 16,
            other => self.size_of(other).unwrap_or(1).max(1),
        }
    }

    /// Finds a member by name, looking through anonymous members, and
    /// returns its type and byte offset.
    pub fn find_field(&self, id: RecordId, name: &str) -> Option<(CType, u64)> {
        for field in &self.records[id].fields {
            match &field.name {
                Some(n) if n == name => return Some((field.ty.clone(), field.offset)),
                None => {
                    if let CType::Record(inner) = field.ty {
                        if let Some((ty, off)) = self.find_field(inner, name) {
                            return Some((ty, field.offset + off));
                        }
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// A human-readable spelling of a type, for diagnostics.
    pub fn describe(&self, ty: &CType) -> String {
        match ty {
            CType::Void => "void".into(),
            CType::Int(k) => format!("{k:?}").to_lowercase().replace("uchar", "unsigned char").replace("uint", "unsigned int"),
            CType::Float => "float".into(),
            CType::Double => "double".into(),
            CType::Pointer(t) => format!("{} *", self.describe(t)),
            CType::Array(t, Some(n)) => format!("{}[{n}]", self.describe(t)),
            CType::Array(t, None) => format!("{}[]", self.describe(t)),
            CType::Function(f) => format!("{} (function)", self.describe(&f.ret)),
            CType::Unsupported(what) => what.to_string(),
            CType::Record(id) => {
                let r = &self.records[*id];
                let kind = if r.is_union { "union" } else { "struct" };
                format!("{kind} {}", r.name.as_deref().unwrap_or("<anonymous>"))
            }
        }
    }
}

pub fn round_up(value: u64, align: u64) -> u64 {
    value.div_ceil(align.max(1)) * align.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usual_conversions_follow_c11() {
        let uc = CType::Int(IntKind::UChar);
        assert_eq!(usual_arithmetic_conversion(&uc, &uc), CType::INT);
        assert_eq!(usual_arithmetic_conversion(&CType::INT, &CType::UINT), CType::UINT);
        assert_eq!(usual_arithmetic_conversion(&CType::LONG, &CType::UINT), CType::LONG);
        assert_eq!(usual_arithmetic_conversion(&CType::ULONG, &CType::LONG), CType::ULONG);
        assert_eq!(
            usual_arithmetic_conversion(&CType::Int(IntKind::LongLong), &CType::ULONG),
            CType::Int(IntKind::ULongLong)
        );
        assert_eq!(usual_arithmetic_conversion(&CType::Float, &CType::LONG), CType::Float);
    }

    #[test]
    fn struct_layout_pads_and_aligns() {
        let mut table = TypeTable::default();
        let id = table.new_record(Some("s".into()), false);
        table.complete_record(id, vec![(Some("c".into()), CType::CHAR), (Some("d".into()), CType::Double), (Some("i".into()), CType::INT)]);
        assert_eq!(table.size_of(&CType::Record(id)), Some(24));
        assert_eq!(table.find_field(id, "i").map(|f| f.1), Some(16));
    }
}
