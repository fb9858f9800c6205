//! Marks Cranelift's GOT loads as relaxable, so that every linker may turn
//! the address of a symbol the executable defines into a PC-relative
//! `lea` instead of a load from the GOT (issue 18).
//!
//! In PIC mode Cranelift's x64 backend takes the address of every symbol
//! that is not colocated (the vendored copy addresses the file's own data
//! RIP-relative, `vendor/README.md`) with `movq sym@GOTPCREL(%rip), %reg`, and
//! cranelift-object writes that relocation as the plain
//! `R_X86_64_GOTPCREL`. The x86-64 psABI (§B.2, "Optimize GOTPCRELX
//! Relocations") defines `R_X86_64_REX_GOTPCRELX` for exactly this
//! instruction: the same relocation, plus the promise that the instruction
//! is a REX-prefixed `mov` with a RIP-relative operand, which lets the
//! linker rewrite it into `lea sym(%rip), %reg` when the symbol is defined
//! in the output. Imported symbols, such as glibc's `stdout`, keep their
//! GOT load. GNU as emits the same relocation for the same instruction.
//!
//! Measured: GNU ld 2.40 and gold on this machine already relax the plain
//! relocation under a `mov`, so with the default linker the executable is
//! the same byte for byte; lld relaxes only the `X` forms (its tests check
//! that `-relax-relocations=false` objects keep their GOT loads), so there
//! the marking removes a load, a GOT entry and a startup relocation per
//! symbol. The object now says what GNU as would have said.
//!
//! This module rewrites the relocation type in the finished ELF object. It
//! checks the instruction bytes before each relocation and leaves any
//! other use of `R_X86_64_GOTPCREL` as it is.

const SHT_RELA: u32 = 4;
const R_X86_64_GOTPCREL: u32 = 9;
const R_X86_64_REX_GOTPCRELX: u32 = 42;
/// The size of an `Elf64_Rela` entry.
const RELA_SIZE: usize = 24;
/// The size of an `Elf64_Shdr`.
const SECTION_HEADER_SIZE: usize = 64;

/// Rewrites, in the ELF64 object `elf`, every `R_X86_64_GOTPCREL` that
/// relocates the displacement of a `movq disp(%rip), %reg` into an
/// `R_X86_64_REX_GOTPCRELX`, and returns how many it rewrote. An object
/// whose headers do not parse is left unchanged.
pub(crate) fn mark_relaxable_got_loads(elf: &mut [u8]) -> usize {
    let Some(sections) = section_headers(elf) else { return 0 };
    let mut rewritten = 0;
    for header in &sections {
        if header.kind != SHT_RELA {
            continue;
        }
        let Some(target) = sections.get(header.info as usize) else { continue };
        let Some(end) = header.offset.checked_add(header.size).filter(|&end| end <= elf.len()) else { continue };
        for entry in (header.offset..end).step_by(RELA_SIZE).filter(|entry| entry + RELA_SIZE <= end) {
            let info = read_u64(elf, entry + 8);
            let (kind, symbol) = (info as u32, info >> 32);
            if kind != R_X86_64_GOTPCREL || !is_rip_relative_movq(elf, target, read_u64(elf, entry) as usize) {
                continue;
            }
            let relaxable = symbol << 32 | u64::from(R_X86_64_REX_GOTPCRELX);
            elf[entry + 8..entry + 16].copy_from_slice(&relaxable.to_le_bytes());
            rewritten += 1;
        }
    }
    rewritten
}

/// The fields of a section header that the rewrite needs.
struct SectionHeader {
    kind: u32,
    offset: usize,
    size: usize,
    /// For a relocation section, the index of the section it relocates.
    info: u32,
}

/// The section headers of a little-endian ELF64 object, or `None` if they
/// lie outside `elf`.
fn section_headers(elf: &[u8]) -> Option<Vec<SectionHeader>> {
    if elf.len() < 64 || &elf[..4] != b"\x7fELF" || elf[4] != 2 || elf[5] != 1 {
        return None;
    }
    let table = read_u64(elf, 0x28) as usize;
    let count = u16::from_le_bytes([elf[0x3c], elf[0x3d]]) as usize;
    let end = count.checked_mul(SECTION_HEADER_SIZE)?.checked_add(table)?;
    if end > elf.len() {
        return None;
    }
    Some(
        (0..count)
            .map(|index| {
                let at = table + index * SECTION_HEADER_SIZE;
                SectionHeader {
                    kind: read_u32(elf, at + 4),
                    offset: read_u64(elf, at + 0x18) as usize,
                    size: read_u64(elf, at + 0x20) as usize,
                    info: read_u32(elf, at + 0x2c),
                }
            })
            .collect(),
    )
}

/// Whether the 4 bytes at `offset` of section `target` are the
/// displacement of `REX.W 8B /r` with a RIP-relative operand
/// (ModRM `mod = 00`, `r/m = 101`), the only shape the linker may relax.
fn is_rip_relative_movq(elf: &[u8], target: &SectionHeader, offset: usize) -> bool {
    if offset < 3 || offset + 4 > target.size {
        return false;
    }
    let Some(at) = target.offset.checked_add(offset).filter(|&at| at + 4 <= elf.len()) else { return false };
    let (rex, opcode, modrm) = (elf[at - 3], elf[at - 2], elf[at - 1]);
    rex & 0xf8 == 0x48 && opcode == 0x8b && modrm & 0xc7 == 0x05
}

fn read_u64(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("eight bytes"))
}

fn read_u32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"))
}
