//! C types of the subset, their sizes and alignments on x86-64 (LP64),
//! and the conversion rules of C11 §6.3: integer promotions and the usual
//! arithmetic conversions.

use nissecc_midend::ir::Type;
use std::cell::Cell;
use std::rc::Rc;

thread_local! {
    /// `-funsigned-char`: plain `char` has the range of `unsigned char`
    /// in the unit this thread compiles (C11 §6.2.5p15 leaves it to the
    /// implementation; GCC's flag chooses).
    static PLAIN_CHAR_UNSIGNED: Cell<bool> = const { Cell::new(false) };
}

/// Makes plain `char` unsigned (or signed again) for what this thread
/// compiles next.
pub fn set_plain_char_unsigned(unsigned: bool) {
    PLAIN_CHAR_UNSIGNED.with(|u| u.set(unsigned));
}

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

    /// `char` is signed on x86-64, unless `-funsigned-char` says
    /// otherwise (see [`set_plain_char_unsigned`]).
    pub fn is_signed(self) -> bool {
        match self {
            IntKind::Char => !PLAIN_CHAR_UNSIGNED.with(|u| u.get()),
            _ => matches!(self, IntKind::SChar | IntKind::Short | IntKind::Int | IntKind::Long | IntKind::LongLong),
        }
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

/// The qualifiers of the object a pointer points to (C11 §6.7.3). They do
/// not change code generation, but they are part of the pointer's type:
/// `_Generic` tells `char *` from `const char *`. Qualifiers elsewhere
/// (of an object itself, of array elements) are dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Quals {
    pub constant: bool,
    pub volatile: bool,
}

/// A C type.
#[derive(Clone, Debug, PartialEq)]
pub enum CType {
    Void,
    Int(IntKind),
    Float,
    Double,
    /// The x87 80-bit extended format in 16 bytes. Its values live in
    /// memory: an operand of this type holds the address of its bytes (see
    /// `lower::x87`).
    LongDouble,
    /// GCC's `__int128` (`signed`) or `unsigned __int128`, in 16 bytes.
    /// Like `long double`, its values live in memory: an operand of this
    /// type holds the address of its bytes (see `lower::int128`).
    Int128 { signed: bool },
    /// A pointer, with the qualifiers of what it points to.
    Pointer(Rc<CType>, Quals),
    /// An array; `None` is an array of unknown size (`int a[]`).
    Array(Rc<CType>, Option<u64>),
    Function(Rc<FuncType>),
    /// A variable-length array (C11 §6.7.6.2p4): its length was computed
    /// when its declarator was reached and is kept, as an `i64`, in this
    /// stack slot of the function being lowered.
    Vla(Rc<CType>, nissecc_midend::ir::StackSlot),
    /// A struct or union, by its id in the `TypeTable`.
    Record(RecordId),
    /// A GCC generic vector (`__attribute__((vector_size(N)))`) of `count`
    /// elements of an integer or floating type. Its values live in memory
    /// like a record's: an operand of this type holds the address of its
    /// bytes (see `lower::vectors`).
    Vector(Rc<CType>, u64),
    /// `_Atomic T` (C11 §6.2.5p27) of a scalar or a record: the type of an
    /// atomic object, never of a value. An lvalue of it is an operand of
    /// the unqualified type at a `Place::Atomic` (see `lower::atomic_objects`).
    Atomic(Rc<CType>),
    /// `_Complex float`, `_Complex double` or a GNU complex integer type
    /// (C11 §6.2.5p11): a pair of its element type, real part first. Like a struct, its values live
    /// in memory and an operand of the type holds their address (see
    /// `lower::complex`).
    Complex(Rc<CType>),
    /// A type outside the subset that system headers mention in
    /// declarations (`_Complex long double`, `_Float128`). Declaring with it is
    /// fine; using a value of it is reported as unsupported.
    Unsupported(UnsupportedType),
}

/// A type outside the subset, with the size and alignment GCC gives it on
/// x86-64, so that `sizeof` and the layout of records mentioning it are
/// GCC's even though its values cannot be computed with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnsupportedType {
    /// How diagnostics name it (`unsupported: {name} values`).
    pub name: &'static str,
    pub size: u64,
    pub align: u64,
}

impl std::fmt::Display for UnsupportedType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl CType {
    pub const INT: CType = CType::Int(IntKind::Int);
    pub const UINT: CType = CType::Int(IntKind::UInt);
    pub const LONG: CType = CType::Int(IntKind::Long);
    pub const ULONG: CType = CType::Int(IntKind::ULong);
    pub const CHAR: CType = CType::Int(IntKind::Char);
    pub const BOOL: CType = CType::Int(IntKind::Bool);

    pub fn pointer_to(t: CType) -> CType {
        CType::Pointer(Rc::new(t), Quals::default())
    }

    pub fn is_integer(&self) -> bool {
        matches!(self, CType::Int(_))
    }

    pub fn is_floating(&self) -> bool {
        matches!(self, CType::Float | CType::Double | CType::LongDouble)
    }

    pub fn is_arithmetic(&self) -> bool {
        self.is_integral() || self.is_floating()
    }

    /// True for every integer type: those held in an IR register
    /// (`is_integer`) and the 128-bit ones, held in memory.
    pub fn is_integral(&self) -> bool {
        matches!(self, CType::Int(_) | CType::Int128 { .. })
    }

    pub fn is_pointer(&self) -> bool {
        matches!(self, CType::Pointer(..))
    }

    pub fn is_scalar(&self) -> bool {
        self.is_arithmetic() || self.is_pointer()
    }

    /// True for a variable-length array, or an array of them.
    pub fn is_variably_modified(&self) -> bool {
        match self {
            CType::Vla(..) => true,
            CType::Array(elem, _) | CType::Pointer(elem, _) => elem.is_variably_modified(),
            _ => false,
        }
    }

    /// True for arrays of either kind.
    pub fn is_array(&self) -> bool {
        matches!(self, CType::Array(..) | CType::Vla(..))
    }

    pub fn is_record(&self) -> bool {
        matches!(self, CType::Record(_))
    }

    /// True for the types whose values are objects in memory, passed
    /// around by address: structs, unions, `long double`, `__int128`,
    /// complex types and vectors.
    pub fn is_memory_value(&self) -> bool {
        matches!(self, CType::Record(_) | CType::LongDouble | CType::Int128 { .. } | CType::Complex(_) | CType::Vector(..))
    }

    /// True for the complex types nissecc computes with (see `Complex`).
    pub fn is_complex(&self) -> bool {
        matches!(self, CType::Complex(_))
    }

    /// True for GCC's generic vector types (see `Vector`).
    pub fn is_vector(&self) -> bool {
        matches!(self, CType::Vector(..))
    }

    /// True for the scalar types whose values are 16-byte objects in
    /// memory (`long double` and `__int128`), copied by value on store.
    pub fn is_sixteen_byte_scalar(&self) -> bool {
        matches!(self, CType::LongDouble | CType::Int128 { .. })
    }

    pub fn is_void(&self) -> bool {
        matches!(self, CType::Void)
    }

    /// The type without `_Atomic`: an atomic object's value type.
    pub fn unatomic(&self) -> &CType {
        match self {
            CType::Atomic(t) => t,
            other => other,
        }
    }

    pub fn is_signed_int(&self) -> bool {
        matches!(self, CType::Int(k) if k.is_signed()) || matches!(self, CType::Int128 { signed: true })
    }

    /// The pointee of a pointer, or the element of an array.
    pub fn pointee(&self) -> Option<&CType> {
        match self {
            CType::Pointer(t, _) | CType::Array(t, _) | CType::Vla(t, _) => Some(t),
            _ => None,
        }
    }

    /// The type an expression of this type has after array-to-pointer and
    /// function-to-pointer decay (C11 §6.3.2.1).
    pub fn decay(&self) -> CType {
        match self {
            CType::Array(elem, _) | CType::Vla(elem, _) => CType::Pointer(elem.clone(), Quals::default()),
            CType::Function(_) => CType::pointer_to(self.clone()),
            other => other.clone(),
        }
    }

    /// The IR type that holds a scalar of this type.
    pub fn ir_type(&self) -> Option<Type> {
        match self {
            CType::Int(k) => Type::int_with_bytes(k.size()),
            CType::Float => Some(Type::F32),
            CType::Double => Some(Type::F64),
            CType::Pointer(..) => Some(Type::PTR),
            _ => None,
        }
    }

    /// The IR type a parameter of this type travels as: an integer
    /// narrower than `int` as a 32-bit value, which the caller extends
    /// (see `Lowerer::signature_of`).
    pub fn parameter_ir_type(&self) -> Option<Type> {
        match self {
            CType::Int(k) if k.size() < 4 => Some(Type::I32),
            other => other.ir_type(),
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
    if matches!(a, CType::LongDouble) || matches!(b, CType::LongDouble) {
        return CType::LongDouble;
    }
    if matches!(a, CType::Double) || matches!(b, CType::Double) {
        return CType::Double;
    }
    if matches!(a, CType::Float) || matches!(b, CType::Float) {
        return CType::Float;
    }
    // `__int128` outranks every other integer type and holds all their
    // values, so the result is 128 bits wide, unsigned if either is.
    match (a, b) {
        (CType::Int128 { signed: false }, _) | (_, CType::Int128 { signed: false }) => return CType::Int128 { signed: false },
        (CType::Int128 { .. }, _) | (_, CType::Int128 { .. }) => return CType::Int128 { signed: true },
        _ => {}
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

/// Where a bit-field's bits lie: in the storage unit of its declared
/// type's size that starts at the field's byte offset, `shift` bits up from
/// the least significant bit, `width` bits wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitField {
    pub shift: u32,
    pub width: u32,
}

impl BitField {
    /// The mask of the field's bits within its storage unit (the bits
    /// past the unit of a straddling field, see `spill`, are cut off).
    pub fn mask(self) -> u64 {
        let ones = if self.width >= 64 { u64::MAX } else { (1u64 << self.width) - 1 };
        ones << self.shift
    }

    /// How many of the field's top bits lie past its storage unit of
    /// `unit_bits` bits, in the byte after it: only a bit-field of a packed
    /// record that straddles its unit has any (at most 7).
    pub fn spill(self, unit_bits: u32) -> u32 {
        (self.shift + self.width).saturating_sub(unit_bits)
    }

    /// `bytes`, the storage unit and the byte after it, with the field's
    /// bits replaced by the low bits of `value`.
    pub fn insert(self, bytes: u128, value: u64) -> u128 {
        let ones = if self.width >= 64 { u64::MAX as u128 } else { (1u128 << self.width) - 1 };
        let mask = ones << self.shift;
        (bytes & !mask) | (((value as u128) << self.shift) & mask)
    }

    /// The type a bit-field's value has in expressions. GCC gives a
    /// bit-field a type of its own width, which the integer promotions
    /// (C11 §6.3.1.1p2) turn into `int` when it is narrower than 32 bits,
    /// whatever the declared type (`unsigned long long x:3` too), and into
    /// `int` or `unsigned int` at exactly 32 bits; wider fields keep their
    /// declared type.
    pub fn value_type(self, declared: &CType) -> CType {
        match declared {
            CType::Int(IntKind::Bool) => declared.clone(),
            CType::Int(_) if self.width < 32 => CType::INT,
            CType::Int(k) if self.width == 32 => CType::Int(if k.is_signed() { IntKind::Int } else { IntKind::UInt }),
            other => other.clone(),
        }
    }
}

/// One member of a struct or union.
#[derive(Clone, Debug)]
pub struct Field {
    /// `None` for an anonymous struct or union member, whose own members
    /// are found through it, and for an unnamed bit-field.
    pub name: Option<String>,
    pub ty: CType,
    /// The byte offset of the member, or of a bit-field's storage unit.
    pub offset: u64,
    pub bits: Option<BitField>,
}

impl Field {
    /// True for members that initializers fill: every member but unnamed
    /// bit-fields (C11 §6.7.9p9).
    pub fn is_initializable(&self) -> bool {
        !(self.name.is_none() && self.bits.is_some())
    }
}

/// A member as declared, before layout.
#[derive(Clone, Debug)]
pub struct MemberDecl {
    pub name: Option<String>,
    pub ty: CType,
    /// The width of a bit-field.
    pub bit_width: Option<u32>,
    /// `packed` and `aligned(N)` written on the member.
    pub attributes: Attributes,
}

/// The attributes nissecc honours, on a struct, union, member, variable or
/// function: those that change data layout, `__attribute__((packed))`
/// (members are byte-aligned) and the largest
/// `__attribute__((aligned(N)))` or `_Alignas(N)`, and the one that changes
/// a symbol's linkage, `__attribute__((weak))`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Attributes {
    pub packed: bool,
    pub align: Option<u64>,
    /// The declared object or function is a weak symbol.
    pub weak: bool,
    /// `__attribute__((mode(M)))`: the scalar type of the declaration is
    /// replaced by the one of machine mode `M`.
    pub mode: Option<MachineMode>,
    /// `__attribute__((vector_size(N)))`: the type is a GCC vector of `N`
    /// bytes of the declared element type (see `lower::vectors`).
    pub vector_size: Option<u64>,
    /// On a record, the largest member alignment `#pragma pack(N)` allows.
    pub pack: Option<u64>,
    /// Where `__attribute__((section("name")))` was written in user code,
    /// as the start and end offsets of the attribute, which key its name
    /// in `Lowerer::section_names`: a variable goes to that section; a
    /// function's section only places its code, and nissecc leaves it in
    /// `.text`.
    pub section: Option<(usize, usize)>,
    /// `__attribute__((ms_struct))`: Microsoft's record layout, which
    /// nissecc does not implement.
    pub ms_struct: bool,
    /// Where `__attribute__((cleanup(f)))` was written in user code, keyed
    /// as `section` is, in `Lowerer::cleanup_functions`: an automatic
    /// variable's cleanup function (see `lower::cleanup`).
    pub cleanup: Option<(usize, usize)>,
    /// Where `__attribute__((alias("target")))` was written in user code,
    /// keyed as `section` is, in `Lowerer::alias_targets` (see
    /// `lower::aliases`).
    pub alias: Option<(usize, usize)>,
    /// Where the first `__attribute__((symver("name@VERSION")))` of an
    /// attribute list was written in user code, keyed as `section` is, in
    /// `Lowerer::symver_names`, which holds the names of all the list's
    /// `symver`s (see `lower::aliases`).
    pub symver: Option<(usize, usize)>,
    /// `__attribute__((transparent_union))` on a union or a typedef of
    /// one (see `Record::transparent`).
    pub transparent_union: bool,
    /// The alignment of the typedef name among the specifiers, when the
    /// entity's type is that typedef's type or an array of it (see
    /// [`Attributes::through_declarator`]). It replaces the type's own
    /// alignment, and may be lower: GCC lets `aligned` on a typedef lower
    /// a type's alignment (`typedef double D __attribute__((aligned(1)))`
    /// lays `D` out at any byte; GCC's `__m128_u` is declared so), while
    /// on an object or a member it only raises it.
    pub typedef_align: Option<u64>,
}

/// The machine modes of GCC's `mode` attribute that name C scalar types
/// (GCC internals manual, "Machine Modes"): the integer modes by size in
/// bytes (`QImode` 1, `HImode` 2, `SImode` 4, `DImode` 8, with `byte`,
/// `word` and `pointer`, and `TImode` 16, an `__int128`, which mbed TLS
/// spells its double limb with) and the floating modes (`SFmode`, `DFmode`,
/// `XFmode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MachineMode {
    Integer(u32),
    Float,
    Double,
    LongDouble,
}

impl MachineMode {
    /// The mode named `name` (`SI`, `__SI__`, `byte`…), or `None` for
    /// modes without a C type here (vector modes…).
    pub fn named(name: &str) -> Option<MachineMode> {
        Some(match name.trim_matches('_') {
            "QI" | "byte" => MachineMode::Integer(1),
            "HI" => MachineMode::Integer(2),
            "SI" => MachineMode::Integer(4),
            "DI" | "word" | "pointer" => MachineMode::Integer(8),
            "TI" => MachineMode::Integer(16),
            "SF" => MachineMode::Float,
            "DF" => MachineMode::Double,
            "XF" => MachineMode::LongDouble,
            _ => return None,
        })
    }

    /// `ty` in this mode: an integer type of the mode's size and `ty`'s
    /// signedness, or the mode's floating type for a floating `ty`.
    pub fn apply(self, ty: &CType) -> Option<CType> {
        match (self, ty) {
            (MachineMode::Integer(16), t) if t.is_integral() => Some(CType::Int128 { signed: t.is_signed_int() }),
            (MachineMode::Integer(size), t @ (CType::Int(_) | CType::Int128 { .. })) => {
                let signed = t.is_signed_int();
                Some(CType::Int(match (size, signed) {
                    (1, true) => IntKind::SChar,
                    (1, false) => IntKind::UChar,
                    (2, true) => IntKind::Short,
                    (2, false) => IntKind::UShort,
                    (4, true) => IntKind::Int,
                    (4, false) => IntKind::UInt,
                    (_, true) => IntKind::Long,
                    (_, false) => IntKind::ULong,
                }))
            }
            (MachineMode::Float, CType::Float | CType::Double | CType::LongDouble) => Some(CType::Float),
            (MachineMode::Double, CType::Float | CType::Double | CType::LongDouble) => Some(CType::Double),
            (MachineMode::LongDouble, CType::Float | CType::Double | CType::LongDouble) => Some(CType::LongDouble),
            _ => None,
        }
    }
}

impl Attributes {
    /// Both sets of attributes at once.
    pub fn merge(self, other: Attributes) -> Attributes {
        Attributes {
            packed: self.packed || other.packed,
            align: match (self.align, other.align) {
                (Some(a), Some(b)) => Some(a.max(b)),
                (a, b) => a.or(b),
            },
            weak: self.weak || other.weak,
            mode: other.mode.or(self.mode),
            vector_size: other.vector_size.or(self.vector_size),
            pack: other.pack.or(self.pack),
            section: other.section.or(self.section),
            ms_struct: self.ms_struct || other.ms_struct,
            cleanup: other.cleanup.or(self.cleanup),
            alias: other.alias.or(self.alias),
            symver: other.symver.or(self.symver),
            transparent_union: self.transparent_union || other.transparent_union,
            typedef_align: other.typedef_align.or(self.typedef_align),
        }
    }

    /// The alignment of an entity declared with these attributes whose
    /// type's own alignment is `natural`: the typedef's in place of the
    /// type's, raised by `aligned` and `_Alignas`.
    pub fn alignment(&self, natural: u64) -> u64 {
        self.typedef_align.unwrap_or(natural).max(self.align.unwrap_or(1))
    }

    /// These attributes, of the specifiers whose type is `base`, for an
    /// entity that a declarator made of type `declared`: the typedef's
    /// alignment stays only if `declared` is `base` or an array of it,
    /// since a pointer to the typedef's type, or a function returning
    /// it, has its own alignment.
    pub fn through_declarator(mut self, base: &CType, declared: &CType) -> Attributes {
        let mut element = declared;
        while let CType::Array(inner, _) = element {
            element = inner;
        }
        if element != base {
            self.typedef_align = None;
        }
        self
    }
}

/// A member found by name, with its offset from the start of the record.
#[derive(Clone, Debug)]
pub struct FieldRef {
    pub ty: CType,
    pub offset: u64,
    pub bits: Option<BitField>,
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
    /// A transparent union (GCC's `transparent_union`): a parameter of its
    /// type takes an argument of any member's type, passed as the union.
    pub transparent: bool,
}

/// All records of a translation unit.
#[derive(Clone, Debug, Default)]
pub struct TypeTable {
    pub records: Vec<Record>,
}

impl TypeTable {
    pub fn new_record(&mut self, name: Option<String>, is_union: bool) -> RecordId {
        self.records.push(Record { name, is_union, fields: Vec::new(), size: 0, align: 1, complete: false, transparent: false });
        self.records.len() - 1
    }

    /// Lays out `members` in declaration order and completes the record
    /// (C11 §6.7.2.1 and the System V x86-64 ABI, §3.1.2, as GCC applies
    /// it). A bit-field goes at the next free bit unless it would cross a
    /// boundary of its declared type's alignment, where it starts the next
    /// unit; a zero-width bit-field moves to such a boundary; unnamed
    /// bit-fields do not raise the record's alignment. A packed record or
    /// member drops the alignment (and bit-fields then pack across units,
    /// ending up to 7 bits past their unit).
    /// Under `#pragma pack(N)` no member is aligned beyond `N`, even one
    /// with an `aligned` attribute, and bit-fields pack across units as
    /// when packed (GCC's `place_field` skips its unit check whenever a
    /// pack is in force, even a large one), but a zero-width bit-field
    /// still aligns to its type.
    pub fn complete_record(&mut self, id: RecordId, members: Vec<MemberDecl>, attributes: Attributes) -> Result<(), String> {
        let is_union = self.records[id].is_union;
        // Bit positions are 128-bit: an object of 2^61 bytes or more has
        // more bits than a u64 counts.
        let mut bit = 0u128;
        let mut size_bits = 0u128;
        let up = |x: u128, a: u64| x.div_ceil(a as u128) * a as u128;
        let mut align = 1u64;
        let mut fields = Vec::new();
        for member in members {
            let natural = self.align_of(&member.ty);
            let packed = attributes.packed || member.attributes.packed || attributes.pack.is_some();
            let mut field_align = if attributes.packed || member.attributes.packed { 1 } else { member.attributes.typedef_align.unwrap_or(natural) };
            if let Some(a) = member.attributes.align {
                field_align = field_align.max(a);
            }
            if let Some(limit) = attributes.pack {
                field_align = field_align.min(limit);
            }
            if is_union {
                bit = 0;
            }
            match member.bit_width {
                Some(width) => {
                    let unit_bytes = self.size_of(&member.ty).unwrap_or(1);
                    let unit_bits = unit_bytes as u128 * 8;
                    if width == 0 {
                        bit = up(bit, natural * 8);
                        continue;
                    }
                    let unit = natural as u128 * 8;
                    let crosses = bit / unit != (bit + width as u128 - 1) / unit;
                    if !packed && crosses {
                        bit = up(bit, natural * 8);
                    }
                    if member.attributes.align.is_some() {
                        bit = up(bit, field_align * 8);
                    }
                    // The storage unit is the declared type's size at an
                    // offset its alignment divides, or, when packed, the
                    // unit starting at the field's first byte.
                    let unit_start = if packed && crosses { bit / 8 } else { bit / unit * natural as u128 };
                    let shift = bit - unit_start * 8;
                    let unit_start = u64::try_from(unit_start).map_err(|_| "a struct or union larger than the address space".to_string())?;
                    // A field of a packed record starts in the unit's first
                    // byte, so what does not fit in the unit fits in the
                    // byte after it (see `BitField::spill`).
                    if shift + width as u128 > unit_bits + 8 {
                        return Err("bit-field that straddles its storage unit by more than a byte".into());
                    }
                    fields.push(Field { name: member.name.clone(), ty: member.ty, offset: unit_start, bits: Some(BitField { shift: shift as u32, width }) });
                    if member.name.is_some() {
                        align = align.max(field_align);
                    }
                    bit += width as u128;
                }
                None => {
                    let size = self.size_of(&member.ty).unwrap_or(0);
                    let offset = u64::try_from(up(bit.div_ceil(8), field_align)).map_err(|_| "a struct or union larger than the address space".to_string())?;
                    fields.push(Field { name: member.name, ty: member.ty, offset, bits: None });
                    align = align.max(field_align);
                    bit = (offset as u128 + size as u128) * 8;
                }
            }
            size_bits = size_bits.max(bit);
        }
        if let Some(a) = attributes.align {
            align = align.max(a);
        }
        let record = &mut self.records[id];
        record.fields = fields;
        record.align = align;
        record.size = u64::try_from(up(size_bits.div_ceil(8), align)).map_err(|_| "a struct or union larger than the address space".to_string())?;
        record.complete = true;
        Ok(())
    }

    /// Size in bytes; `None` for incomplete types, functions and `void`.
    pub fn size_of(&self, ty: &CType) -> Option<u64> {
        match ty {
            CType::Void | CType::Function(_) => None,
            CType::Int(k) => Some(k.size() as u64),
            CType::Float => Some(4),
            CType::Double | CType::Pointer(..) => Some(8),
            CType::Array(elem, Some(n)) => Some(self.size_of(elem)? * n),
            CType::Array(_, None) | CType::Vla(..) => None,
            CType::Record(id) => {
                let r = &self.records[*id];
                r.complete.then_some(r.size)
            }
            CType::Unsupported(t) => Some(t.size),
            CType::LongDouble | CType::Int128 { .. } => Some(16),
            CType::Complex(element) => Some(2 * self.size_of(element)?),
            CType::Vector(elem, count) => Some(self.size_of(elem)? * count),
            CType::Atomic(t) => self.size_of(t),
        }
    }

    pub fn align_of(&self, ty: &CType) -> u64 {
        match ty {
            CType::Array(elem, _) | CType::Vla(elem, _) => self.align_of(elem),
            CType::Record(id) => self.records[*id].align,
            CType::Unsupported(t) => t.align,
            CType::LongDouble | CType::Int128 { .. } => 16,
            CType::Complex(element) => self.align_of(element),
            // GCC aligns a vector to its size, also beyond 16 bytes (its
            // `__alignof__`, which lays out records; its C11 `_Alignof`
            // caps at 16, which nissecc does not tell apart).
            CType::Vector(..) => self.size_of(ty).unwrap_or(1),
            // GCC aligns an atomic type of 2, 4, 8 or 16 bytes to its size.
            CType::Atomic(t) => match self.size_of(t) {
                Some(size @ (2 | 4 | 8 | 16)) => self.align_of(t).max(size),
                _ => self.align_of(t),
            },
            other => self.size_of(other).unwrap_or(1).max(1),
        }
    }

    /// Finds a member by name, looking through anonymous members, and
    /// returns its type, byte offset and bit-field position.
    pub fn find_field(&self, id: RecordId, name: &str) -> Option<FieldRef> {
        self.field_path(id, name).map(|path| {
            let mut record = id;
            let mut offset = 0;
            let mut found = None;
            for index in path {
                let field = &self.records[record].fields[index];
                offset += field.offset;
                found = Some(field);
                if let CType::Record(inner) = field.ty {
                    record = inner;
                }
            }
            let field = found.expect("a path has at least one step");
            FieldRef { ty: field.ty.clone(), offset, bits: field.bits }
        })
    }

    /// The indices, in `fields` lists, that lead from record `id` to the
    /// member `name`, through anonymous struct and union members.
    pub fn field_path(&self, id: RecordId, name: &str) -> Option<Vec<usize>> {
        for (index, field) in self.records[id].fields.iter().enumerate() {
            match (&field.name, &field.ty, field.bits) {
                (Some(n), _, _) if n == name => return Some(vec![index]),
                (None, CType::Record(inner), None) => {
                    if let Some(mut rest) = self.field_path(*inner, name) {
                        rest.insert(0, index);
                        return Some(rest);
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
            CType::LongDouble => "long double".into(),
            CType::Int128 { signed: true } => "__int128".into(),
            CType::Int128 { signed: false } => "unsigned __int128".into(),
            CType::Pointer(t, quals) => {
                let constant = if quals.constant { "const " } else { "" };
                let volatile = if quals.volatile { "volatile " } else { "" };
                format!("{constant}{volatile}{} *", self.describe(t))
            }
            CType::Array(t, Some(n)) => format!("{}[{n}]", self.describe(t)),
            CType::Array(t, None) => format!("{}[]", self.describe(t)),
            CType::Vla(t, _) => format!("{}[*]", self.describe(t)),
            CType::Function(f) => format!("{} (function)", self.describe(&f.ret)),
            CType::Unsupported(what) => what.to_string(),
            CType::Complex(element) => format!("_Complex {}", self.describe(element)),
            CType::Atomic(t) => format!("_Atomic({})", self.describe(t)),
            // GCC's spelling in diagnostics.
            CType::Vector(elem, count) => format!("__vector({count}) {}", self.describe(elem)),
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
        let members = [("c", CType::CHAR), ("d", CType::Double), ("i", CType::INT)].map(|(n, ty)| member(n, ty, None));
        table.complete_record(id, members.to_vec(), Attributes::default()).unwrap();
        assert_eq!(table.size_of(&CType::Record(id)), Some(24));
        assert_eq!(table.find_field(id, "i").map(|f| f.offset), Some(16));
    }

    fn member(name: &str, ty: CType, bit_width: Option<u32>) -> MemberDecl {
        let name = (!name.is_empty()).then(|| name.to_string());
        MemberDecl { name, ty, bit_width, attributes: Attributes::default() }
    }

    /// `struct { char c; unsigned a:4, b:30; short :0; unsigned char d:3; }`
    /// as GCC lays it out on x86-64: `a` shares the first int unit with
    /// `c`, `b` would cross it and starts the next, the zero-width field
    /// moves to a 2-byte boundary, and the record is 12 bytes.
    #[test]
    fn bit_fields_pack_like_gcc() {
        let mut table = TypeTable::default();
        let id = table.new_record(None, false);
        let uchar = CType::Int(IntKind::UChar);
        let members = vec![
            member("c", CType::CHAR, None),
            member("a", CType::UINT, Some(4)),
            member("b", CType::UINT, Some(30)),
            member("", CType::Int(IntKind::Short), Some(0)),
            member("d", uchar, Some(3)),
        ];
        table.complete_record(id, members, Attributes::default()).unwrap();
        let a = table.find_field(id, "a").unwrap();
        assert_eq!((a.offset, a.bits), (0, Some(BitField { shift: 8, width: 4 })));
        let b = table.find_field(id, "b").unwrap();
        assert_eq!((b.offset, b.bits), (4, Some(BitField { shift: 0, width: 30 })));
        let d = table.find_field(id, "d").unwrap();
        assert_eq!((d.offset, d.bits), (8, Some(BitField { shift: 0, width: 3 })));
        assert_eq!(table.size_of(&CType::Record(id)), Some(12));
    }
}
