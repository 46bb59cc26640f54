//! The trace table and the counts for a handout or a report: as CSV (the table alone, for a spreadsheet), as a
//! Markdown table and as a LaTeX `tabular` (each with the counts under it), in the notation the lab shows.

use super::analysis::{Analysis, Run};
use super::replay::fmt_value;
use crate::engine::search::observer::{Bound, TraceRow, format_trace_csv};
use std::fmt::Write;

/// A file format the trace table is exported in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFormat {
    /// Comma-separated values: the table alone, values as the command line prints them.
    Csv,
    /// A Markdown (GitHub-flavoured) table, and the counts in a second table.
    Markdown,
    /// A LaTeX `tabular` (no package needed), and the counts in a second one.
    Latex,
}

impl TableFormat {
    /// Every format, in menu order.
    pub const ALL: [TableFormat; 3] = [TableFormat::Csv, TableFormat::Markdown, TableFormat::Latex];

    /// The format's name as the menu says it.
    pub fn name(self) -> &'static str {
        match self {
            TableFormat::Csv => "CSV",
            TableFormat::Markdown => "Markdown",
            TableFormat::Latex => "LaTeX",
        }
    }

    /// The file name's extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            TableFormat::Csv => "csv",
            TableFormat::Markdown => "md",
            TableFormat::Latex => "tex",
        }
    }
}

/// The recorded search's trace table (and, but for CSV, its counts) in `format`; `None` without a recorded search.
pub fn trace_export(analysis: &Analysis, format: TableFormat) -> Option<String> {
    let run = analysis.run.as_ref()?;
    Some(match format {
        TableFormat::Csv => format_trace_csv(&run.trace),
        TableFormat::Markdown => markdown(analysis, run),
        TableFormat::Latex => latex(analysis, run),
    })
}

/// The counts as (name, value) pairs, as the Counts panel words them at the end of the replay.
fn counts(analysis: &Analysis, run: &Run) -> [(&'static str, String); 4] {
    let stats = &run.result.stats;
    let (nodes, leaves) = analysis.totals();
    [
        ("Value", fmt_value(run.result.value_for_max)),
        ("Leaves evaluated", format!("{} of {leaves}", stats.leaves_evaluated)),
        ("Nodes visited", format!("{} (minimax {nodes})", stats.nodes_visited)),
        (
            "Cut-offs",
            format!(
                "{} (α {}, β {}), {} pruned",
                stats.cutoffs(),
                stats.alpha_cutoffs,
                stats.beta_cutoffs,
                stats.branches_pruned
            ),
        ),
    ]
}

/// A row's VALUE cell: the value, with ≤ or ≥ when it is only a bound.
fn value_cell(row: &TraceRow) -> String {
    match (row.value, row.bound) {
        (None, _) => String::new(),
        (Some(v), Some(Bound::Lower)) => format!("≥{}", fmt_value(v)),
        (Some(v), Some(Bound::Upper)) => format!("≤{}", fmt_value(v)),
        (Some(v), _) => fmt_value(v),
    }
}

/// A row's five cells in the lab's notation (`−∞`, `≤2`), as its trace table and these exports print them.
pub fn cells(row: &TraceRow) -> [String; 5] {
    [row.node.clone(), row.turn.name().to_string(), fmt_value(row.alpha), fmt_value(row.beta), value_cell(row)]
}

/// The widest cell of each column of `rows` in [`cells`]' notation, in characters.
pub fn cell_widths(rows: &[TraceRow]) -> [usize; 5] {
    let mut widths = [0; 5];
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(cells(row)) {
            *width = (*width).max(cell.chars().count());
        }
    }
    widths
}

/// Text in a Markdown table cell: the characters Markdown would read as markup or as a column break escaped.
fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '|' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '#' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

fn markdown(analysis: &Analysis, run: &Run) -> String {
    let mut out = format!("**{}**\n\n", markdown_text(super::algorithm_title(run.algorithm)));
    out.push_str("| NODE | TYPE | ALPHA | BETA | VALUE |\n|:---|:---|---:|---:|---:|\n");
    for row in &run.trace {
        let line: Vec<String> = cells(row).iter().map(|c| markdown_text(c)).collect();
        let _ = writeln!(out, "| {} |", line.join(" | "));
    }
    out.push_str("\n| Count | |\n|:---|:---|\n");
    for (name, value) in counts(analysis, run) {
        let _ = writeln!(out, "| {name} | {} |", markdown_text(&value));
    }
    out
}

/// Text in a LaTeX text-mode cell, its special characters escaped.
fn latex_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str(r"\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str(r"\textasciitilde{}"),
            '^' => out.push_str(r"\textasciicircum{}"),
            '<' => out.push_str(r"\textless{}"),
            '>' => out.push_str(r"\textgreater{}"),
            '\n' | '\r' => out.push(' '),
            'α' => out.push_str(r"$\alpha$"),
            'β' => out.push_str(r"$\beta$"),
            _ => out.push(c),
        }
    }
    out
}

/// A value as the lab prints it (`−∞`, `≤2`, `3⁺`), in math mode; an empty cell stays empty.
fn latex_value(text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    let mut math = String::new();
    for c in text.chars() {
        match c {
            '∞' => math.push_str(r"\infty"),
            '−' | '-' => math.push('-'),
            '≤' => math.push_str(r"\le "),
            '≥' => math.push_str(r"\ge "),
            '⁺' => math.push_str("^{+}"),
            '⁻' => math.push_str("^{-}"),
            c if c.is_ascii_digit() || c == '.' || c == '+' => math.push(c),
            // Nothing else comes out of fmt_value; were it to, it is dropped rather than break the document.
            _ => {}
        }
    }
    format!("${math}$")
}

fn latex(analysis: &Analysis, run: &Run) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "% {}: the trace table and the counts", latex_text(super::algorithm_title(run.algorithm)));
    out.push_str("\\begin{tabular}{llrrr}\n\\hline\nNODE & TYPE & ALPHA & BETA & VALUE \\\\\n\\hline\n");
    for row in &run.trace {
        let [node, turn, alpha, beta, value] = cells(row);
        let line = [latex_text(&node), latex_text(&turn), latex_value(&alpha), latex_value(&beta), latex_value(&value)];
        let _ = writeln!(out, "{} \\\\", line.join(" & "));
    }
    out.push_str("\\hline\n\\end{tabular}\n\n\\medskip\n\n\\begin{tabular}{ll}\n\\hline\n");
    for (name, value) in counts(analysis, run) {
        let value = if name == "Value" { latex_value(&value) } else { latex_text(&value) };
        let _ = writeln!(out, "{name} & {value} \\\\");
    }
    out.push_str("\\hline\n\\end{tabular}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::Algorithm;
    use crate::tree::lab::examples::TEXTBOOK;
    use crate::tree::notation::parse;

    fn analyse(text: &str, algorithm: Algorithm) -> Analysis {
        Analysis::new(&parse(text).expect("valid"), algorithm).expect("compiles")
    }

    #[test]
    fn markdown_has_a_row_per_trace_row_and_the_counts() {
        let a = analyse(TEXTBOOK, Algorithm::Alphabeta);
        let md = trace_export(&a, TableFormat::Markdown).expect("searched");
        let rows = a.run.as_ref().map_or(0, |r| r.trace.len());
        let table: Vec<&str> =
            md.lines().skip_while(|l| !l.starts_with("| NODE")).take_while(|l| !l.is_empty()).collect();
        assert_eq!(table.len(), rows + 2, "header, rule, one line per row:\n{md}");
        assert_eq!(table[2], "| root | Max | −∞ | +∞ |  |");
        assert!(md.contains("| 1 | Min | 3 | 2 | ≤2 |"), "the cut MIN node's bound:\n{md}");
        assert!(md.contains("| Leaves evaluated | 7 of 9 |"), "{md}");
        assert!(md.contains("| Value | 3 |"), "{md}");
    }

    #[test]
    fn latex_is_a_tabular_with_values_in_math_mode() {
        let a = analyse(TEXTBOOK, Algorithm::Alphabeta);
        let tex = trace_export(&a, TableFormat::Latex).expect("searched");
        assert_eq!(tex.matches("\\begin{tabular}").count(), 2);
        assert_eq!(tex.matches("\\begin{tabular}").count(), tex.matches("\\end{tabular}").count());
        assert!(tex.contains("root & Max & $-\\infty$ & $+\\infty$ &  \\\\"), "{tex}");
        assert!(tex.contains("1 & Min & $3$ & $2$ & $\\le 2$ \\\\"), "{tex}");
        assert!(tex.contains("Leaves evaluated & 7 of 9 \\\\"), "{tex}");
        assert!(tex.contains("Cut-offs & "), "{tex}");
        // A null window's β just above a value, as PVS searches: 3⁺ is 3^{+}.
        let pvs = trace_export(&analyse(TEXTBOOK, Algorithm::Pvs), TableFormat::Latex).expect("searched");
        assert!(pvs.contains("$3^{+}$"), "{pvs}");
        assert!(!pvs.contains('⁺') && !pvs.contains('∞') && !pvs.contains('≤'));
    }

    #[test]
    fn labels_cannot_break_the_tables() {
        let a = analyse("(x_1:(3 Qh7#: 4) e4: 2)", Algorithm::Alphabeta);
        let md = trace_export(&a, TableFormat::Markdown).expect("searched");
        assert!(md.contains("| x\\_1 |") && md.contains("| Qh7\\# |"), "{md}");
        let tex = trace_export(&a, TableFormat::Latex).expect("searched");
        assert!(tex.contains("x\\_1 &") && tex.contains("Qh7\\# &"), "{tex}");
        // Whatever a label holds (a tree file's, a game's move), no cell adds a column.
        assert_eq!(markdown_text("a|b*c"), "a\\|b\\*c");
        assert_eq!(
            latex_text("R&D 50% $5 ~x^2 {α}"),
            "R\\&D 50\\% \\$5 \\textasciitilde{}x\\textasciicircum{}2 \\{$\\alpha$\\}"
        );
    }
}
