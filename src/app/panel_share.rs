//! A resizable side panel that keeps its share of the window: dragged to a width, it remembers that width as a
//! fraction of the window, and when the window grows or shrinks it takes the same fraction again (a panel laid
//! out at 800 × 600 stayed at its first width at 2560 × 1440).

use eframe::egui;

/// One side panel's share of the window's width.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PanelShare {
    /// The fraction of the window's width the panel takes.
    pub share: f32,
    /// The window's width last frame (0 before the first).
    window: f32,
}

impl PanelShare {
    /// A panel taking `share` of the window's width to begin with.
    pub fn new(share: f32) -> Self {
        PanelShare { share, window: 0.0 }
    }

    /// The panel's width in a window `width` wide, within `range`.
    pub fn width(&self, width: f32, range: &std::ops::RangeInclusive<f32>) -> f32 {
        (self.share * width).clamp(*range.start(), *range.end())
    }

    /// `panel` sized for this frame in a window `width` wide: its share exactly when the window's width changed
    /// (the panel follows the window), else resizable within `range` by the user.
    pub fn panel(&mut self, panel: egui::Panel, width: f32, range: std::ops::RangeInclusive<f32>) -> egui::Panel {
        let changed = self.window > 0.0 && (width - self.window).abs() >= 1.0;
        self.window = width;
        let size = self.width(width, &range);
        let panel = panel.resizable(true).default_size(size);
        if changed { panel.exact_size(size) } else { panel.size_range(range) }
    }

    /// Takes the width the panel was drawn at as its share, so a width the user dragged it to is kept.
    pub fn shown(&mut self, shown: f32, width: f32) {
        if width > 0.0 && shown > 0.0 {
            self.share = shown / width;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dragged_width_is_kept_as_a_share_of_the_window() {
        let mut share = PanelShare::new(0.3);
        let range = |w: f32| 200.0..=(0.5 * w).max(200.0);
        let width = |share: &PanelShare, w: f32| share.width(w, &range(w)).round();
        assert_eq!(width(&share, 800.0), 240.0);
        share.shown(320.0, 800.0);
        assert_eq!(width(&share, 2560.0), 1024.0, "40 % of the window, as dragged");
        assert_eq!(width(&share, 800.0), 320.0);
        assert_eq!(width(&share, 300.0), 200.0, "never under its narrowest");
    }
}
