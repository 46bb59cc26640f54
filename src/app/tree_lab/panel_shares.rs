//! The Tree lab's two side panels, each a share of the window's width that survives the window's resizing.

/// The side panels' widths as shares of the window's width. egui remembers a panel's width in points, so a panel
/// squeezed to its minimum on a small window would stay that narrow when the window grows again (a crushed trace
/// table, "TY… AL… BE…"). The share changes only when the user drags a panel's handle; when the window changes
/// size, each panel is set to its share of the new width, within the panel's range for that width.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct PanelShares {
    /// The window's width in the last frame (0 before the first).
    window: f32,
    left: f32,
    right: f32,
}

impl Default for PanelShares {
    fn default() -> Self {
        PanelShares { window: 0.0, left: 0.27, right: 0.23 }
    }
}

impl PanelShares {
    /// The widths each panel may take on a window `width` wide: the canvas keeps at least about 40 %.
    pub(super) fn ranges(width: f32) -> (std::ops::RangeInclusive<f32>, std::ops::RangeInclusive<f32>) {
        (200.0..=(0.32 * width).max(200.0), 180.0..=(0.28 * width).max(180.0))
    }

    /// Notes the window's width; true when it changed since the last frame (not on the first).
    pub(super) fn window_changed(&mut self, width: f32) -> bool {
        let changed = self.window > 0.0 && (width - self.window).abs() >= 1.0;
        self.window = width;
        changed
    }

    /// The left panel's width for its share: within its range, and no wider than its contents need (480 points)
    /// unless the user drags it wider.
    pub(super) fn left_width(&self, width: f32) -> f32 {
        let range = Self::ranges(width).0;
        (self.left * width).min(480.0).clamp(*range.start(), *range.end())
    }

    pub(super) fn right_width(&self, width: f32) -> f32 {
        let range = Self::ranges(width).1;
        (self.right * width).min(420.0).clamp(*range.start(), *range.end())
    }

    /// Takes a width the user dragged the left panel to as its new share.
    pub(super) fn left_shown(&mut self, shown: f32, width: f32, resized: bool) {
        if !resized && (shown - self.left_width(width)).abs() > 1.0 {
            self.left = shown / width;
        }
    }

    pub(super) fn right_shown(&mut self, shown: f32, width: f32, resized: bool) {
        if !resized && (shown - self.right_width(width)).abs() > 1.0 {
            self.right = shown / width;
        }
    }
}
