"""Parses a heap-map SVG with xml.etree (so a malformed file fails the test)
and prints what the lit tests check: per picture its heading, the number of
buffer rectangles and object bands, where the lower-bound line lies as a
fraction of the peak line's depth, and the two line labels."""

import sys
import xml.etree.ElementTree as ElementTree

SVG = "{http://www.w3.org/2000/svg}"


def main(path):
    root = ElementTree.parse(path).getroot()
    assert root.tag == SVG + "svg", root.tag
    pictures = [g for g in root.iter(SVG + "g") if g.get("class") == "picture"]
    print("pictures=%d" % len(pictures))
    for picture in pictures:
        texts = {t.get("class"): t.text for t in picture.iter(SVG + "text")}
        rects = list(picture.iter(SVG + "rect"))
        buffers = [r for r in rects if r.get("class") == "buffer"]
        bands = [r for r in rects if r.get("class", "").startswith("band")]
        # Every buffer carries a tooltip.
        assert all(r.find(SVG + "title") is not None for r in buffers)
        plot = [r for r in rects if r.get("class") == "plot"][0]
        top = float(plot.get("y"))
        lines = {l.get("class"): l for l in picture.iter(SVG + "line")}
        peak = float(lines["peak"].get("y1")) - top
        bound = float(lines["lower-bound"].get("y1")) - top
        print("picture: %s" % texts["heading"])
        print("  buffers=%d bands=%d" % (len(buffers), len(bands)))
        print("  lower-bound/peak=%.3f" % (bound / peak if peak else 0))
        print("  %s; %s" % (texts["lower-bound-label"], texts["peak-label"]))


if __name__ == "__main__":
    main(sys.argv[1])
