//! Real chess pieces: the Chessnut set by Alexis Luengas (Apache-2.0; `assets/pieces/chessnut/`, its licence
//! beside it), drawn crisp at any board size by rasterising its vector paths on the CPU at the square's pixel size
//! — `kurbo` parses the path data, `vello_cpu` fills and strokes it (both already in the tree through egui).
//!
//! The SVGs were converted once into `pieces.txt`, a plain list of shapes (`convert.py` beside them), so no SVG
//! parser is needed here. The pieces become egui textures, cached for one size and rasterised again only when
//! the size changes (a window resize), kept in egui's temporary memory so no view state carries them.

use eframe::egui::{self, ColorImage, TextureHandle, TextureOptions};
use std::sync::{Arc, Mutex};
use vello_cpu::kurbo::{Affine, BezPath, Cap, Join, Stroke};
use vello_cpu::peniko::Color;
use vello_cpu::{Pixmap, RenderContext, Resources};

/// The converted Chessnut set.
const CHESSNUT: &str = include_str!("../../../../assets/pieces/chessnut/pieces.txt");

/// The side of the square the set was drawn in (its SVG viewBox).
const DRAWN_SIZE: f64 = 800.0;

/// The pieces in the order [`piece_index`] numbers them: white then black, king to pawn.
const NAMES: [&str; 12] = ["wK", "wQ", "wR", "wB", "wN", "wP", "bK", "bQ", "bR", "bB", "bN", "bP"];

/// The index of a piece in a [`PieceSet`].
pub fn piece_index(white: bool, piece: cozy_chess::Piece) -> usize {
    use cozy_chess::Piece::*;
    let kind = match piece {
        King => 0,
        Queen => 1,
        Rook => 2,
        Bishop => 3,
        Knight => 4,
        Pawn => 5,
    };
    if white { kind } else { 6 + kind }
}

/// One shape of a piece: its outline, painted with a fill and then a stroke.
struct Shape {
    piece: usize,
    fill: Option<Color>,
    stroke: Option<(Color, Stroke)>,
    path: BezPath,
}

/// A piece set as vector shapes.
pub struct PieceSet {
    shapes: Vec<Shape>,
}

impl PieceSet {
    /// The Chessnut set shipped with the studio.
    pub fn chessnut() -> Result<PieceSet, String> {
        PieceSet::parse(CHESSNUT)
    }

    /// A set from the path-list format of `convert.py`: one shape a line, `piece fill stroke width cap join
    /// path-data`, `#` lines skipped. Every one of the twelve pieces must have a shape.
    pub fn parse(text: &str) -> Result<PieceSet, String> {
        let mut shapes = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |why: &str| format!("piece set line {}: {why}", index + 1);
            let fields: Vec<&str> = line.splitn(7, ' ').collect();
            let [name, fill, stroke, width, cap, join, data] = fields[..] else {
                return Err(bad("expected seven fields"));
            };
            let piece = NAMES.iter().position(|n| *n == name).ok_or_else(|| bad("unknown piece"))?;
            let width: f64 = width.parse().map_err(|_| bad("the stroke width is not a number"))?;
            let cap = match cap {
                "butt" => Cap::Butt,
                "round" => Cap::Round,
                "square" => Cap::Square,
                _ => return Err(bad("unknown line cap")),
            };
            let join = match join {
                "miter" => Join::Miter,
                "round" => Join::Round,
                "bevel" => Join::Bevel,
                _ => return Err(bad("unknown line join")),
            };
            let path = BezPath::from_svg(data).map_err(|e| bad(&format!("path data: {e}")))?;
            let stroke = colour(stroke)
                .map_err(|e| bad(&e))?
                .map(|c| (c, Stroke::new(width).with_caps(cap).with_join(join).with_miter_limit(10.0)));
            shapes.push(Shape { piece, fill: colour(fill).map_err(|e| bad(&e))?, stroke, path });
        }
        if let Some(missing) = (0..NAMES.len()).find(|&p| !shapes.iter().any(|s| s.piece == p)) {
            return Err(format!("the piece set has no shape for {}", NAMES[missing]));
        }
        Ok(PieceSet { shapes })
    }

    /// Piece `piece` ([`piece_index`]) as a `size` × `size` image, premultiplied RGBA, transparent around it.
    pub fn rasterise(&self, piece: usize, size: u16) -> Vec<u8> {
        let size = size.max(1);
        let mut context = RenderContext::new(size, size);
        context.set_transform(Affine::scale(f64::from(size) / DRAWN_SIZE));
        for shape in self.shapes.iter().filter(|s| s.piece == piece) {
            if let Some(fill) = shape.fill {
                context.set_paint(fill);
                context.fill_path(&shape.path);
            }
            if let Some((colour, stroke)) = &shape.stroke {
                context.set_paint(*colour);
                context.set_stroke(stroke.clone());
                context.stroke_path(&shape.path);
            }
        }
        let mut target = Pixmap::new(size, size);
        context.flush();
        context.render(&mut target, &mut Resources::new());
        target.data_as_u8_slice().to_vec()
    }
}

/// `#rrggbb` as a colour, `-` as none.
fn colour(text: &str) -> Result<Option<Color>, String> {
    if text == "-" {
        return Ok(None);
    }
    let hex = text.strip_prefix('#').filter(|h| h.len() == 6).ok_or_else(|| format!("'{text}' is not #rrggbb"))?;
    let value = u32::from_str_radix(hex, 16).map_err(|_| format!("'{text}' is not #rrggbb"))?;
    let [_, r, g, b] = value.to_be_bytes();
    Ok(Some(Color::from_rgb8(r, g, b)))
}

/// The twelve pieces as textures of one size.
#[derive(Default)]
struct Cache {
    size: u16,
    textures: Vec<TextureHandle>,
}

/// What egui's memory keeps: the set, parsed once, and its textures at the last size asked for.
#[derive(Clone, Default)]
struct Stored(Arc<Mutex<(Option<Loaded>, Cache)>>);

/// The set as read once: the set, or why it could not be read.
type Loaded = Result<Arc<PieceSet>, String>;

/// The texture of `piece` ([`piece_index`]) for a square of `size` pixels (physical), rasterised now if the size
/// changed since the last call; `Err` with a message if the shipped set cannot be read (the painter then falls
/// back to letters).
pub fn texture(ctx: &egui::Context, piece: usize, size: f32) -> Result<TextureHandle, String> {
    let id = egui::Id::unique("chess piece textures");
    let stored = ctx.data_mut(|d| d.get_temp_mut_or_default::<Stored>(id).clone());
    let Ok(mut guard) = stored.0.lock() else { return Err("the piece cache is poisoned".into()) };
    let (set, cache) = &mut *guard;
    let set = set.get_or_insert_with(|| PieceSet::chessnut().map(Arc::new)).clone()?;
    let size = size.round().clamp(8.0, 1024.0) as u16;
    if cache.size != size || cache.textures.len() != NAMES.len() {
        cache.textures = NAMES
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let image = ColorImage::from_rgba_premultiplied([size.into(), size.into()], &set.rasterise(i, size));
                ctx.load_texture(format!("chess piece {name}"), image, TextureOptions::LINEAR)
            })
            .collect();
        cache.size = size;
    }
    cache.textures.get(piece).cloned().ok_or_else(|| format!("no piece {piece}"))
}

/// Paints a piece filling `rect` (a square of the board) with the shipped set, rasterised at the square's size in
/// physical pixels. Returns false, having painted nothing, when the set cannot be read: the caller then draws its
/// own fallback.
pub fn paint(painter: &egui::Painter, rect: egui::Rect, white: bool, piece: cozy_chess::Piece) -> bool {
    let ctx = painter.ctx();
    let pixels = rect.width() * ctx.pixels_per_point();
    match texture(ctx, piece_index(white, piece), pixels) {
        Ok(texture) => {
            let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
            painter.image(texture.id(), rect, uv, egui::Color32::WHITE);
            true
        }
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_set_has_every_piece() {
        let set = PieceSet::chessnut().expect("the shipped set parses");
        assert!(set.shapes.len() >= 12 * 3);
    }

    /// A white pawn at 64 px: opaque white inside its head, black outline, transparent corners — at two sizes,
    /// so what is drawn scales with the square.
    #[test]
    fn rasterised_pieces_are_drawn_where_the_svg_puts_them() {
        let set = PieceSet::chessnut().unwrap();
        for size in [64u16, 128] {
            let pixels = set.rasterise(piece_index(true, cozy_chess::Piece::Pawn), size);
            assert_eq!(pixels.len(), usize::from(size) * usize::from(size) * 4);
            let at = |x: f64, y: f64| {
                let (x, y) = ((x * f64::from(size)) as usize, (y * f64::from(size)) as usize);
                let i = (y * usize::from(size) + x) * 4;
                [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]]
            };
            assert_eq!(at(0.02, 0.02), [0, 0, 0, 0], "a corner is transparent");
            assert_eq!(at(0.5, 0.30), [255, 255, 255, 255], "the pawn's head (centre 400,240 of 800) is white");
            let outline = at(0.5, 0.185); // its top edge, 400,146 of 800, stroked 30 wide
            assert!(outline[3] > 200 && outline[0] < 60, "{outline:?}");
            // The black pawn is dark where the white one is white.
            let black = set.rasterise(piece_index(false, cozy_chess::Piece::Pawn), size);
            let i = ((f64::from(size) * 0.30) as usize * usize::from(size) + usize::from(size) / 2) * 4;
            assert!(black[i] < 60 && black[i + 3] == 255);
        }
    }

    #[test]
    fn a_broken_set_is_refused_with_its_line() {
        let error = PieceSet::parse("# comment\nwK #fff - 1 butt miter M0,0 L1,1").err().unwrap();
        assert!(error.contains("line 2") && error.contains("#rrggbb"), "{error}");
        let error = PieceSet::parse("wK #ffffff - 1 butt miter M0,0 L1,1").err().unwrap();
        assert!(error.contains("no shape for wQ"), "{error}");
    }
}
