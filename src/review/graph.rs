//! The win-rate graph of a review: Black's win rate (left axis, percent) and score lead
//! (right axis, points) after each move, the 50% line, and a dot on each mistake and blunder;
//! drawn by `plotters` into SVG text (its SVG backend only, which writes text as SVG text:
//! no font is read).

use super::annotate::{Mistake, Severity};
use super::evaluate::Evaluation;
use crate::sgf::SgfGame;
use plotters::prelude::*;

/// The picture's size in pixels.
const WIDTH: u32 = 960;
const HEIGHT: u32 = 420;

/// The graph of `evaluations` (one a position, from the start) with `mistakes`, titled
/// with `record`'s players, as SVG text.
pub fn svg(
    record: &SgfGame,
    evaluations: &[Evaluation],
    mistakes: &[Mistake],
) -> Result<String, String> {
    let mut text = String::new();
    draw(record, evaluations, mistakes, &mut text).map_err(|e| format!("the graph: {e}"))?;
    Ok(text)
}

fn draw(
    record: &SgfGame,
    evaluations: &[Evaluation],
    mistakes: &[Mistake],
    out: &mut String,
) -> Result<(), Box<dyn std::error::Error>> {
    let last = evaluations.len().saturating_sub(1).max(1) as f32;
    let widest = evaluations
        .iter()
        .map(|e| e.black_lead.abs())
        .filter(|x| x.is_finite())
        .fold(10.0f32, f32::max);
    let lead_range = (widest / 10.0).ceil() * 10.0;
    let title = format!(
        "{} (Black) vs {} (White)",
        record.black_name.as_deref().unwrap_or("Black"),
        record.white_name.as_deref().unwrap_or("White")
    );
    let root = SVGBackend::with_string(out, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(55)
        .right_y_label_area_size(55)
        .build_cartesian_2d(0f32..last, 0f32..100f32)?
        .set_secondary_coord(0f32..last, -lead_range..lead_range);
    chart
        .configure_mesh()
        .x_desc("move")
        .y_desc("Black's win rate (%)")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .light_line_style(WHITE)
        .draw()?;
    chart
        .configure_secondary_axes()
        .y_desc("Black's score lead (points)")
        .y_label_formatter(&|y| format!("{y:+.0}"))
        .draw()?;
    chart.draw_series(LineSeries::new([(0.0, 50.0), (last, 50.0)], BLACK.mix(0.3)))?;
    let lead_color = RGBColor(200, 120, 30);
    chart
        .draw_secondary_series(LineSeries::new(
            evaluations
                .iter()
                .enumerate()
                .map(|(i, e)| (i as f32, e.black_lead.clamp(-lead_range, lead_range))),
            lead_color.stroke_width(1),
        ))?
        .label("score lead")
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], lead_color));
    let win_color = RGBColor(30, 80, 200);
    chart
        .draw_series(LineSeries::new(
            evaluations
                .iter()
                .enumerate()
                .map(|(i, e)| (i as f32, 100.0 * e.black_win_rate)),
            win_color.stroke_width(2),
        ))?
        .label("win rate")
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], win_color));
    chart
        .draw_series(
            mistakes
                .iter()
                .filter(|m| m.severity >= Severity::Mistake)
                .filter_map(|m| {
                    let after = evaluations.get(m.number)?;
                    let size = if m.severity == Severity::Blunder {
                        5
                    } else {
                        3
                    };
                    Some(Circle::new(
                        (m.number as f32, 100.0 * after.black_win_rate),
                        size,
                        RED.filled(),
                    ))
                }),
        )?
        .label("mistake")
        .legend(|(x, y)| Circle::new((x + 10, y), 4, RED.filled()));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .draw()?;
    root.present()?;
    Ok(())
}
