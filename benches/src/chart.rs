//! The SVG chart: speedup over CPython per program, one bar per implementation,
//! log scale. Bars grow from the 1× line, up when faster than CPython, down when
//! slower. A cross on the 1× line marks a program the implementation did not run
//! correctly.

use crate::implementations::reference_name;
use crate::programs::Suite;
use crate::report::speedup;
use crate::results::Results;
use crate::session::Status;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

const COLORS: [RGBColor; 6] = [
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
];

/// What one bar group shows for one implementation.
enum Mark {
    Bar(f64),
    Cross,
}

pub fn draw(results: &Results, path: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let is_reference =
        |n: &str| n == reference_name(Suite::Pure) || n == reference_name(Suite::Numpy);
    let series: Vec<&str> = results
        .implementations
        .iter()
        .map(|i| i.name.as_str())
        .filter(|n| !is_reference(n))
        .filter(|n| {
            results.programs.iter().any(|p| {
                p.cell(n)
                    .is_some_and(|c| !matches!(c.status, Status::Skipped { .. }))
            })
        })
        .collect();
    let programs: Vec<&str> = results.programs.iter().map(|p| p.name.as_str()).collect();
    // marks[program][series]
    let marks: Vec<Vec<Option<Mark>>> = results
        .programs
        .iter()
        .map(|p| {
            series
                .iter()
                .map(|n| {
                    let c = p.cell(n)?;
                    match (&c.status, c.speedup) {
                        (Status::Skipped { .. }, _) => None,
                        (_, Some(s)) => Some(Mark::Bar(s)),
                        _ => Some(Mark::Cross),
                    }
                })
                .collect()
        })
        .collect();

    let values: Vec<f64> = marks
        .iter()
        .flatten()
        .filter_map(|m| match m {
            Some(Mark::Bar(s)) => Some(*s),
            _ => None,
        })
        .collect();
    let lo = values.iter().copied().fold(1.0f64, f64::min) * 0.8;
    let hi = values.iter().copied().fold(1.0f64, f64::max) * 1.25;
    let ticks = one_two_five(lo, hi);
    let (lo, hi) = (ticks[0], ticks[ticks.len() - 1]);

    let n = programs.len().max(1);
    let width = 140 + 105 * n as u32;
    let root = SVGBackend::new(path, (width, 580)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Speedup over CPython 3.11 per program (log scale; higher is better)",
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(0f64..n as f64, (lo..hi).log_scale().with_key_points(ticks))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_desc("speedup over CPython (×)")
        .y_label_formatter(&|v| format!("{}×", short_number(*v)))
        .draw()?;

    let label_style = ("sans-serif", 13)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Center, VPos::Top));
    for (i, name) in programs.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(i as f64 + 0.5, lo));
        root.draw(&Text::new(
            name.to_string(),
            (x, y + 8),
            label_style.clone(),
        ))?;
    }

    chart
        .draw_series(LineSeries::new([(0.0, 1.0), (n as f64, 1.0)], BLACK))?
        .label("CPython = 1×")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], BLACK));

    let group = 0.8;
    let width_each = group / series.len().max(1) as f64;
    let value_style = ("sans-serif", 10).into_font().color(&BLACK);
    for (k, name) in series.iter().enumerate() {
        let color = COLORS[k % COLORS.len()];
        let x_of = |i: usize| i as f64 + (1.0 - group) / 2.0 + k as f64 * width_each;
        let bars = marks.iter().enumerate().filter_map(|(i, m)| match m[k] {
            Some(Mark::Bar(s)) => Some(Rectangle::new(
                [(x_of(i), 1.0), (x_of(i) + width_each * 0.9, s)],
                color.filled(),
            )),
            _ => None,
        });
        chart
            .draw_series(bars)?
            .label(*name)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
        let texts = marks.iter().enumerate().filter_map(|(i, m)| {
            let centre = x_of(i) + width_each * 0.45;
            match m[k] {
                Some(Mark::Bar(s)) => {
                    let anchor = if s >= 1.0 { VPos::Bottom } else { VPos::Top };
                    let style = value_style.pos(Pos::new(HPos::Center, anchor));
                    Some(Text::new(speedup(s), (centre, s), style))
                }
                Some(Mark::Cross) => {
                    let style = ("sans-serif", 16)
                        .into_font()
                        .color(&color)
                        .pos(Pos::new(HPos::Center, VPos::Center));
                    Some(Text::new("✗".to_string(), (centre, 1.0), style))
                }
                None => None,
            }
        });
        chart.draw_series(texts)?;
    }

    let (_, bottom) = chart.backend_coord(&(0.0, lo));
    root.draw(&Text::new(
        "✗ on the 1× line: did not run correctly (failed, timed out or printed a wrong result)",
        (80, bottom as i32 + 28),
        ("sans-serif", 12).into_font().color(&BLACK),
    ))?;
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

/// `0.5`, `2`, `20`: tick values without float noise.
fn short_number(v: f64) -> String {
    let text = format!("{v:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.to_string()
}

/// The 1-2-5 series (…, 0.5, 1, 2, 5, 10, …) from the largest value ≤ `lo` to the
/// smallest ≥ `hi`.
fn one_two_five(lo: f64, hi: f64) -> Vec<f64> {
    let first_decade = lo.log10().floor() as i32 - 1;
    let last_decade = hi.log10().ceil() as i32;
    let series: Vec<f64> = (first_decade..=last_decade)
        .flat_map(|d| [1.0, 2.0, 5.0].map(|step| step * 10f64.powi(d)))
        .collect();
    let start = series.iter().rposition(|&t| t <= lo).unwrap_or(0);
    let end = series
        .iter()
        .position(|&t| t >= hi)
        .unwrap_or(series.len() - 1);
    series[start..=end].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_cover_the_range() {
        assert_eq!(one_two_five(0.3, 4.0), [0.2, 0.5, 1.0, 2.0, 5.0]);
        assert_eq!(one_two_five(0.8, 1.25), [0.5, 1.0, 2.0]);
        assert_eq!(short_number(0.2), "0.2");
        assert_eq!(short_number(20.0), "20");
    }
}
