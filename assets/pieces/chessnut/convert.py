#!/usr/bin/env python3
"""Converts the Chessnut SVGs beside this script into pieces.txt, the simple path list the studio reads.

Run once by hand (python3 convert.py) when the SVGs change; the studio never parses SVG. Each line of the
output is one shape, painted in order:

    <piece> <fill or -> <stroke or -> <stroke width> <cap: butt|round|square> <join: miter|round|bevel> <path data>

Colours are #rrggbb. Circles, ellipses and lines become path data; groups pass their style down; elements with
display:none are left out. Anything else (a transform, a gradient, another element) stops the script with a message.
"""

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

PIECES = ["wK", "wQ", "wR", "wB", "wN", "wP", "bK", "bQ", "bR", "bB", "bN", "bP"]
INHERITED = ["fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin"]
DEFAULT = {"fill": "#000000", "stroke": "none", "stroke-width": "1", "stroke-linecap": "butt", "stroke-linejoin": "miter"}


def style_of(element, inherited):
    style = dict(inherited)
    for name in INHERITED:
        if name in element.attrib:
            style[name] = element.attrib[name]
    for item in element.attrib.get("style", "").split(";"):
        if ":" in item:
            name, value = (part.strip() for part in item.split(":", 1))
            if name in INHERITED or name == "display":
                style[name] = value
    if "transform" in element.attrib:
        sys.exit(f"a transform in {element.tag}: convert by hand")
    return style


def colour(value):
    value = value.strip().lower()
    names = {"none": "-", "white": "#ffffff", "black": "#000000"}
    if value in names:
        return names[value]
    if re.fullmatch(r"#[0-9a-f]{6}", value):
        return value
    if re.fullmatch(r"#[0-9a-f]{3}", value):
        return "#" + "".join(c * 2 for c in value[1:])
    sys.exit(f"colour {value!r} is not #rgb, #rrggbb, none, white or black")


def number(element, name):
    return round(float(element.attrib.get(name, "0")), 3)


def path_data(element, tag):
    if tag == "path":
        return " ".join(element.attrib["d"].split())
    if tag == "line":
        return f"M{number(element, 'x1')},{number(element, 'y1')} L{number(element, 'x2')},{number(element, 'y2')}"
    if tag in ("circle", "ellipse"):
        cx, cy = number(element, "cx"), number(element, "cy")
        rx = number(element, "r") if tag == "circle" else number(element, "rx")
        ry = number(element, "r") if tag == "circle" else number(element, "ry")
        left, right = f"{round(cx - rx, 3):g},{cy:g}", f"{round(cx + rx, 3):g},{cy:g}"
        return f"M{left} A{rx:g},{ry:g} 0 1,0 {right} A{rx:g},{ry:g} 0 1,0 {left} Z"
    sys.exit(f"element <{tag}> is not supported: convert by hand")


def walk(element, inherited, piece, out):
    tag = element.tag.split("}")[-1]
    style = style_of(element, inherited)
    if style.get("display") == "none":
        return
    if tag in ("svg", "g"):
        for child in element:
            walk(child, style, piece, out)
        return
    if tag in ("title", "desc", "metadata", "defs"):
        return
    data = path_data(element, tag)
    out.append(" ".join([
        piece,
        colour(style["fill"]),
        colour(style["stroke"]),
        style["stroke-width"].replace("px", ""),
        style["stroke-linecap"],
        style["stroke-linejoin"],
        data,
    ]))


def main():
    here = Path(__file__).parent
    out = ["# Chessnut pieces by Alexis Luengas (Apache-2.0, see LICENSE.txt), converted by convert.py.",
           "# piece fill stroke width cap join path-data; viewBox 0 0 800 800"]
    for piece in PIECES:
        root = ET.parse(here / f"{piece}.svg").getroot()
        style = dict(DEFAULT)
        walk(root, style, piece, out)
    (here / "pieces.txt").write_text("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
