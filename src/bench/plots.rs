//! SVG box plots of the per-kernel overhead ratios of every build against
//! its baseline, one file per measure, like the paper's Figures 9–11
//! (Frenot & Pereira, CC'24, §4.1 and §4.3). Drawn with plotters' SVG
//! backend, which needs no font or system library: text becomes SVG
//! `<text>` elements.

use super::builds::Build;
use super::results::KernelResult;
use super::summary::{ratios, Measure};
use plotters::prelude::*;
use std::path::{Path, PathBuf};

/// Writes `overhead-<measure>.svg` into `dir` for every measure that has
/// ratios; returns the files written.
pub fn write_plots(dir: &Path, results: &[KernelResult], builds: &[Build]) -> Result<Vec<PathBuf>, String> {
    let mut written = Vec::new();
    for (measure, file) in [
        (Measure::Instructions, "overhead-instructions.svg"),
        (Measure::OwnInstructions, "overhead-kernel-code-instructions.svg"),
        (Measure::Distinct, "overhead-distinct-instructions.svg"),
        (Measure::Size, "overhead-code-bytes.svg"),
    ] {
        let series: Vec<(String, Vec<f64>)> = builds
            .iter()
            .filter_map(|b| {
                let baseline = b.baseline.as_deref()?;
                let values: Vec<f64> = ratios(results, &b.label, baseline, measure).into_iter().map(|(_, r)| r).collect();
                (!values.is_empty()).then(|| (format!("{} ÷ {baseline}", b.label), values))
            })
            .collect();
        if series.is_empty() {
            continue;
        }
        let path = dir.join(file);
        box_plot(&path, &format!("{} per kernel, relative to the baseline", measure.heading()), &series)
            .map_err(|e| format!("cannot draw {}: {e}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

/// One box per series (quartiles, whiskers at 1.5 IQR) on a shared axis.
fn box_plot(path: &Path, title: &str, series: &[(String, Vec<f64>)]) -> Result<(), Box<dyn std::error::Error>> {
    let labels: Vec<String> = series.iter().map(|(l, _)| l.clone()).collect();
    let all = series.iter().flat_map(|(_, v)| v.iter().copied());
    let (low, high) = all.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let margin = ((high - low) * 0.05).max(0.01);
    let width = 160 * series.len() as u32 + 200;
    let root = SVGBackend::new(path, (width.max(640), 480)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(labels[..].into_segmented(), (low - margin) as f32..(high + margin) as f32)?;
    chart.configure_mesh().y_desc("ratio").light_line_style(WHITE).draw()?;
    chart.draw_series(series.iter().zip(&labels).map(|((_, values), label)| {
        Boxplot::new_vertical(SegmentValue::CenterOf(label), &Quartiles::new(values)).width(40)
    }))?;
    root.present()?;
    Ok(())
}
