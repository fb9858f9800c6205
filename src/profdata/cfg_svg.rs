//! A function's CFG drawn as SVG, with the count of every block and edge,
//! for `annotate --html`: the same graph as `show --dot` writes, laid out
//! by nissecc itself so that the report needs no Graphviz. The layout is
//! layered (Sugiyama's scheme, simplified): back edges of a depth-first
//! search from the entry are set aside, every block goes on the layer of
//! its longest forward path from the entry, blocks of a layer are ordered
//! by the mean position of their predecessors, forward edges are straight
//! lines downwards and back edges curve around the right-hand side.

use super::counts::FunctionCounts;
use super::html::{escape, heat_colour};
use std::fmt::Write as _;

const BOX_WIDTH: f64 = 150.0;
const BOX_HEIGHT: f64 = 44.0;
const GAP_X: f64 = 40.0;
const GAP_Y: f64 = 56.0;
const MARGIN: f64 = 20.0;
/// Room on the right for back edges and their labels.
const BACK_EDGE_ROOM: f64 = 90.0;

/// Where each block goes: its layer and its position in the layer.
struct Layout {
    layer: Vec<usize>,
    slot: Vec<usize>,
    widest: usize,
    layers: usize,
    back: Vec<bool>,
}

/// The SVG element for `function`'s CFG; `id` makes its marker's id
/// unique in a page holding several. `lines` gives each block's source
/// lines, shown in its box.
pub fn cfg_svg(function: &FunctionCounts, lines: &[Vec<u32>], id: &str) -> String {
    let counts = &function.counts;
    let layout = layout(counts.blocks.len(), &counts.edges);
    let hottest = counts.blocks.iter().copied().max().unwrap_or(0);
    let width = MARGIN * 2.0 + layout.widest as f64 * (BOX_WIDTH + GAP_X) - GAP_X + BACK_EDGE_ROOM;
    let height = MARGIN * 2.0 + layout.layers as f64 * (BOX_HEIGHT + GAP_Y) - GAP_Y;
    let corner = |b: usize| (MARGIN + layout.slot[b] as f64 * (BOX_WIDTH + GAP_X), MARGIN + layout.layer[b] as f64 * (BOX_HEIGHT + GAP_Y));
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="cfg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" role="img" aria-label="CFG of {}">"#,
        escape(&function.name)
    );
    let _ = writeln!(
        out,
        r##"<defs><marker id="arrow-{id}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>"##
    );
    for (e, &(from, to, count)) in counts.edges.iter().enumerate() {
        let ((fx, fy), (tx, ty)) = (corner(from as usize), corner(to as usize));
        let (path, label_x, label_y) = if layout.back[e] || layout.layer[to as usize] <= layout.layer[from as usize] {
            // Around the right-hand side, from the source's right edge to
            // the target's.
            let (sx, sy, ex, ey) = (fx + BOX_WIDTH, fy + BOX_HEIGHT / 2.0, tx + BOX_WIDTH, ty + BOX_HEIGHT / 2.0);
            let bulge = sx.max(ex) + 50.0;
            (format!("M{sx:.1},{sy:.1} C{bulge:.1},{sy:.1} {bulge:.1},{ey:.1} {ex:.1},{ey:.1}"), bulge - 8.0, (sy + ey) / 2.0)
        } else {
            let (sx, sy, ex, ey) = (fx + BOX_WIDTH / 2.0, fy + BOX_HEIGHT, tx + BOX_WIDTH / 2.0, ty);
            (format!("M{sx:.1},{sy:.1} L{ex:.1},{ey:.1}"), (sx + ex) / 2.0 + 4.0, (sy + ey) / 2.0)
        };
        let _ = writeln!(
            out,
            r##"<path class="edge" d="{path}" fill="none" stroke="#555" stroke-width="1.2" marker-end="url(#arrow-{id})"><title>block{from} &#8594; block{to}: {count}</title></path><text class="edge-count" x="{label_x:.1}" y="{label_y:.1}" font-size="11" fill="#333">{count}</text>"##
        );
    }
    for (b, &count) in counts.blocks.iter().enumerate() {
        let (x, y) = corner(b);
        let where_ = match lines.get(b).map(Vec::as_slice) {
            Some([]) | None => String::new(),
            Some([line]) => format!(" line {line}"),
            Some(many) => format!(" lines {}", many.iter().map(u32::to_string).collect::<Vec<_>>().join(",")),
        };
        let _ = writeln!(
            out,
            r##"<g class="block" id="{id}-block{b}"><rect x="{x:.1}" y="{y:.1}" width="{BOX_WIDTH}" height="{BOX_HEIGHT}" rx="4" fill="{}" stroke="#333"/><text x="{:.1}" y="{:.1}" font-size="11" font-family="monospace">block{b}{}</text><text class="block-count" x="{:.1}" y="{:.1}" font-size="12" font-family="monospace" font-weight="bold">{count}</text></g>"##,
            heat_colour(count, hottest),
            x + 6.0,
            y + 16.0,
            escape(&where_),
            x + 6.0,
            y + 34.0,
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The layered layout of a graph of `n` blocks (block 0 the entry).
fn layout(n: usize, edges: &[(u32, u32, u64)]) -> Layout {
    let mut succs: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (e, &(from, _, _)) in edges.iter().enumerate() {
        succs[from as usize].push(e);
    }
    // Back edges: edges to a block on the depth-first search's stack.
    let mut back = vec![false; edges.len()];
    let (mut state, mut order) = (vec![0u8; n], Vec::with_capacity(n));
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        let mut stack = vec![(root, 0usize)];
        state[root] = 1;
        while let Some(&mut (b, ref mut next)) = stack.last_mut() {
            if let Some(&e) = succs[b].get(*next) {
                *next += 1;
                let to = edges[e].1 as usize;
                match state[to] {
                    0 => {
                        state[to] = 1;
                        stack.push((to, 0));
                    }
                    1 => back[e] = true,
                    _ => {}
                }
            } else {
                state[b] = 2;
                order.push(b);
                stack.pop();
            }
        }
    }
    // Longest forward path, in reverse postorder (a topological order of
    // the forward edges).
    let mut layer = vec![0usize; n];
    for &b in order.iter().rev() {
        for &e in &succs[b] {
            if !back[e] {
                let to = edges[e].1 as usize;
                layer[to] = layer[to].max(layer[b] + 1);
            }
        }
    }
    let layers = layer.iter().max().map_or(0, |&l| l + 1);
    let mut slot = vec![0usize; n];
    let mut widest = 0;
    let mut mean_of_preds = vec![(0.0f64, 0usize); n];
    for l in 0..layers {
        let mut members: Vec<usize> = (0..n).filter(|&b| layer[b] == l).collect();
        members.sort_by(|&a, &b| {
            let key = |x: usize| if mean_of_preds[x].1 == 0 { x as f64 } else { mean_of_preds[x].0 / mean_of_preds[x].1 as f64 };
            key(a).total_cmp(&key(b)).then(a.cmp(&b))
        });
        for (i, &b) in members.iter().enumerate() {
            slot[b] = i;
            for &e in &succs[b] {
                let to = edges[e].1 as usize;
                if !back[e] {
                    mean_of_preds[to].0 += i as f64;
                    mean_of_preds[to].1 += 1;
                }
            }
        }
        widest = widest.max(members.len());
    }
    Layout { layer, slot, widest, layers, back }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_is_laid_out_downwards_with_its_back_edge_set_aside() {
        // 0 -> 1; 1 -> 2 | 3; 2 -> 1.
        let layout = layout(4, &[(0, 1, 1), (1, 2, 5), (1, 3, 1), (2, 1, 5)]);
        assert_eq!(layout.layer, vec![0, 1, 2, 2]);
        assert_eq!(layout.back, vec![false, false, false, true]);
        assert_eq!(layout.widest, 2);
        assert_ne!(layout.slot[2], layout.slot[3]);
    }
}
