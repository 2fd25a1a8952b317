//===- HeapMap.cpp - Pictures of plans as SVG -----------------------------===//

#include "memplan/Tooling/HeapMap.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace memplan {

namespace {
// A fixed canvas: the same size whatever the number of buffers, so that large
// problems shrink rather than grow.
constexpr double canvasWidth = 1200;
constexpr double plotLeft = 90;
constexpr double plotWidth = 920;
constexpr double headingHeight = 56;
constexpr double plotHeight = 480;
constexpr double axisHeight = 44;
constexpr double pictureGap = 24;
constexpr double pictureHeight =
    headingHeight + plotHeight + axisHeight + pictureGap;
// Smallest drawn extent, so that every buffer stays visible.
constexpr double minExtent = 1;
// A label is drawn inside a rectangle only when it fits with room to spare.
constexpr double labelFontSize = 10;
constexpr double labelCharWidth = 6.2;
} // namespace

static std::string escapeXml(StringRef text) {
  std::string escaped;
  escaped.reserve(text.size());
  for (char c : text) {
    switch (c) {
    case '&':
      escaped += "&amp;";
      break;
    case '<':
      escaped += "&lt;";
      break;
    case '>':
      escaped += "&gt;";
      break;
    case '"':
      escaped += "&quot;";
      break;
    case '\'':
      escaped += "&apos;";
      break;
    default:
      // Control characters other than tab and newline are not XML.
      if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n')
        escaped += ' ';
      else
        escaped += c;
    }
  }
  return escaped;
}

static std::string number(double value) {
  std::string text = formatv("{0:F1}", value).str();
  if (StringRef(text).ends_with(".0"))
    text.resize(text.size() - 2);
  return text;
}

std::string formatHeapMapBytes(uint64_t bytes) {
  static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  unsigned unit = 0;
  double value = static_cast<double>(bytes);
  while (value >= 1024 && unit + 1 < std::size(units)) {
    value /= 1024;
    ++unit;
  }
  if (unit == 0)
    return utostr(bytes) + " B";
  std::string text = formatv("{0:F2}", value).str();
  // "1.50" reads better as "1.5", and "2.00" as "2".
  while (text.back() == '0')
    text.pop_back();
  if (text.back() == '.')
    text.pop_back();
  return text + " " + units[unit];
}

std::string formatLiveRanges(const Buffer &buffer) {
  std::string text;
  buffer.forEachLiveRange([&](uint64_t start, uint64_t end) {
    text += formatv("{0}[{1}, {2})", text.empty() ? "" : " ", start, end);
  });
  return text;
}

std::string describeBuffer(unsigned index, const Buffer &buffer,
                           uint64_t offset) {
  return formatv("buffer #{0}: {1} ({2} bytes), live {3}, offset {4}", index,
                 formatHeapMapBytes(buffer.size), buffer.size,
                 formatLiveRanges(buffer), offset)
      .str();
}

HeapMapPicture makeObjectsHeapMap(ArrayRef<Buffer> buffers,
                                  ArrayRef<unsigned> objectOf,
                                  ArrayRef<uint64_t> objectSizes,
                                  uint64_t lowerBound) {
  HeapMapPicture picture;
  picture.buffers.assign(buffers.begin(), buffers.end());
  picture.lowerBound = lowerBound;
  SmallVector<uint64_t> objectOffsets;
  uint64_t end = 0;
  for (auto [index, size] : enumerate(objectSizes)) {
    objectOffsets.push_back(end);
    picture.bands.push_back({end, size,
                             formatv("object {0}: {1} ({2} bytes)", index,
                                     formatHeapMapBytes(size), size)
                                 .str()});
    end += size;
  }
  picture.peak = end;
  for (unsigned object : objectOf)
    picture.offsets.push_back(
        object < objectOffsets.size() ? objectOffsets[object] : 0);
  return picture;
}

HeapMapPicture makePlanHeapMap(ArrayRef<Buffer> buffers, const SlabPlan &plan,
                               uint64_t lowerBound) {
  if (plan.kind == PlanKind::Objects) {
    SmallVector<uint64_t> objectSizes =
        map_to_vector(plan.slabs, [](const Slab &slab) { return slab.size; });
    return makeObjectsHeapMap(buffers, plan.slabOf, objectSizes, lowerBound);
  }
  HeapMapPicture picture;
  picture.buffers.assign(buffers.begin(), buffers.end());
  picture.offsets = plan.offsets;
  picture.peak = plan.getTotalSize();
  // Several slabs (arenas) are drawn one above the other, the first lowest.
  if (plan.slabs.size() > 1) {
    if (Expected<Plan> stacked = layOutBackToBack(buffers, plan)) {
      picture.offsets = std::move(stacked->offsets);
      picture.peak = stacked->slabSize;
    } else {
      consumeError(stacked.takeError());
    }
  }
  picture.lowerBound = lowerBound;
  return picture;
}

/// A colour per buffer index: hues a golden angle apart, so that buffers
/// placed next to each other (usually near in index) differ clearly, with
/// lightness alternating for the hues that come round again.
static std::string colourOf(unsigned index) {
  double hue = std::fmod(index * 137.508, 360.0);
  double saturation = 0.62;
  double lightness = index % 2 ? 0.58 : 0.7;
  double chroma = (1 - std::fabs(2 * lightness - 1)) * saturation;
  double sector = hue / 60;
  double x = chroma * (1 - std::fabs(std::fmod(sector, 2.0) - 1));
  double r = 0, g = 0, b = 0;
  switch (static_cast<int>(sector)) {
  case 0:
    r = chroma, g = x;
    break;
  case 1:
    r = x, g = chroma;
    break;
  case 2:
    g = chroma, b = x;
    break;
  case 3:
    g = x, b = chroma;
    break;
  case 4:
    r = x, b = chroma;
    break;
  default:
    r = chroma, b = x;
    break;
  }
  double m = lightness - chroma / 2;
  auto channel = [&](double value) {
    return static_cast<unsigned>(std::lround((value + m) * 255));
  };
  return formatv("#{0:x-2}{1:x-2}{2:x-2}", channel(r), channel(g), channel(b))
      .str();
}

/// The smallest power of two that splits `span` into at most `maxTicks`.
static uint64_t byteTickStep(uint64_t span, unsigned maxTicks) {
  uint64_t step = 1;
  while (span / step > maxTicks && step < (uint64_t(1) << 62))
    step *= 2;
  return step;
}

/// 1, 2 or 5 times a power of ten that splits `span` into at most
/// `maxTicks`.
static uint64_t timeTickStep(uint64_t span, unsigned maxTicks) {
  for (uint64_t scale = 1;; scale *= 10)
    for (uint64_t factor : {1, 2, 5})
      if (span / (factor * scale) <= maxTicks || scale > UINT64_MAX / 100)
        return factor * scale;
}

static void writePicture(raw_ostream &os, const HeapMapPicture &picture,
                         double top) {
  ArrayRef<Buffer> buffers = picture.buffers;
  uint64_t firstTime = UINT64_MAX, lastTime = 0;
  uint64_t maxAddress = std::max(picture.peak, picture.lowerBound);
  for (auto [index, buffer] : enumerate(buffers)) {
    firstTime = std::min(firstTime, buffer.start);
    lastTime = std::max(lastTime, buffer.end);
    uint64_t offset =
        index < picture.offsets.size() ? picture.offsets[index] : 0;
    maxAddress = std::max(maxAddress, offset + buffer.size);
  }
  for (const HeapMapBand &band : picture.bands)
    maxAddress = std::max(maxAddress, band.offset + band.size);
  if (buffers.empty())
    firstTime = 0;
  if (lastTime <= firstTime)
    lastTime = firstTime + 1;
  if (maxAddress == 0)
    maxAddress = 1;

  double plotTop = top + headingHeight;
  auto xOf = [&](uint64_t time) {
    return plotLeft +
           double(time - firstTime) / double(lastTime - firstTime) * plotWidth;
  };
  auto yOf = [&](uint64_t address) {
    return plotTop + double(address) / double(maxAddress) * plotHeight;
  };

  os << "<g class=\"picture\">\n";
  os << "<text class=\"heading\" x=\"" << number(plotLeft) << "\" y=\""
     << number(top + 22) << "\">" << escapeXml(picture.title) << "</text>\n";
  std::string ratio =
      picture.lowerBound
          ? formatv("{0:F3}", double(picture.peak) / picture.lowerBound).str()
          : "-";
  os << "<text class=\"subheading\" x=\"" << number(plotLeft) << "\" y=\""
     << number(top + 42) << "\">"
     << escapeXml(
            formatv("{0} buffer{6}, peak {1} ({2} bytes), lower bound {3} "
                    "({4} bytes), peak / lower bound {5}",
                    buffers.size(), formatHeapMapBytes(picture.peak),
                    picture.peak, formatHeapMapBytes(picture.lowerBound),
                    picture.lowerBound, ratio, buffers.size() == 1 ? "" : "s")
                .str())
     << "</text>\n";
  os << "<rect class=\"plot\" x=\"" << number(plotLeft) << "\" y=\""
     << number(plotTop) << "\" width=\"" << number(plotWidth) << "\" height=\""
     << number(plotHeight) << "\"/>\n";

  for (auto [index, band] : enumerate(picture.bands)) {
    double y = yOf(band.offset);
    double height = std::max(yOf(band.offset + band.size) - y, minExtent);
    os << "<rect class=\"band" << (index % 2 ? " odd" : "") << "\" x=\""
       << number(plotLeft) << "\" y=\"" << number(y) << "\" width=\""
       << number(plotWidth) << "\" height=\"" << number(height) << "\"><title>"
       << escapeXml(band.label) << "</title></rect>\n";
  }

  // Address ticks: powers of two read as round KiB and MiB.
  uint64_t byteStep = byteTickStep(maxAddress, 8);
  for (uint64_t address = 0; address <= maxAddress; address += byteStep) {
    double y = yOf(address);
    os << "<line class=\"grid\" x1=\"" << number(plotLeft) << "\" y1=\""
       << number(y) << "\" x2=\"" << number(plotLeft + plotWidth) << "\" y2=\""
       << number(y) << "\"/>\n";
    os << "<text class=\"tick\" text-anchor=\"end\" x=\""
       << number(plotLeft - 6) << "\" y=\"" << number(y + 4) << "\">"
       << formatHeapMapBytes(address) << "</text>\n";
    if (address > maxAddress - byteStep)
      break;
  }
  uint64_t timeStep = timeTickStep(lastTime - firstTime, 10);
  for (uint64_t time = divideCeil(firstTime, timeStep) * timeStep;
       time <= lastTime; time += timeStep) {
    double x = xOf(time);
    os << "<line class=\"grid\" x1=\"" << number(x) << "\" y1=\""
       << number(plotTop) << "\" x2=\"" << number(x) << "\" y2=\""
       << number(plotTop + plotHeight + 4) << "\"/>\n";
    os << "<text class=\"tick\" text-anchor=\"middle\" x=\"" << number(x)
       << "\" y=\"" << number(plotTop + plotHeight + 16) << "\">" << time
       << "</text>\n";
    if (time > lastTime - timeStep)
      break;
  }
  os << "<text class=\"axis\" text-anchor=\"middle\" x=\""
     << number(plotLeft + plotWidth / 2) << "\" y=\""
     << number(plotTop + plotHeight + 34) << "\">time (program order) "
     << "&#8594;</text>\n";
  os << "<text class=\"axis\" text-anchor=\"middle\" transform=\"translate("
     << number(18) << " " << number(plotTop + plotHeight / 2)
     << ") rotate(-90)\">address &#8594;</text>\n";

  for (auto [index, buffer] : enumerate(buffers)) {
    uint64_t offset =
        index < picture.offsets.size() ? picture.offsets[index] : 0;
    double y = yOf(offset);
    double height = std::max(yOf(offset + buffer.size) - y, minExtent);
    std::string label =
        index < picture.labels.size() && !picture.labels[index].empty()
            ? picture.labels[index]
            : describeBuffer(index, buffer, offset);
    // A rectangle per interval of a gapped lifetime; the name goes on the
    // widest.
    double x = 0, width = -1;
    buffer.forEachLiveRange([&](uint64_t start, uint64_t end) {
      double rangeX = xOf(start);
      double rangeWidth = std::max(xOf(end) - rangeX, minExtent);
      os << "<rect class=\"buffer\" x=\"" << number(rangeX) << "\" y=\""
         << number(y) << "\" width=\"" << number(rangeWidth) << "\" height=\""
         << number(height) << "\" fill=\"" << colourOf(index) << "\"><title>"
         << escapeXml(label) << "</title></rect>\n";
      if (rangeWidth > width) {
        x = rangeX;
        width = rangeWidth;
      }
    });
    // The index only where it fits; the tooltip says the rest.
    std::string name =
        index < picture.names.size() && !picture.names[index].empty()
            ? escapeXml(picture.names[index])
            : "#" + utostr(index);
    if (width >= name.size() * labelCharWidth + 6 &&
        height >= labelFontSize + 4)
      os << "<text class=\"name\" text-anchor=\"middle\" x=\""
         << number(x + width / 2) << "\" y=\""
         << number(y + height / 2 + labelFontSize / 2 - 1) << "\">" << name
         << "</text>\n";
  }

  // The two figures a plan is judged by, labelled in the right margin; the
  // lower bound's label moves up when the lines are too close to read both.
  double peakY = yOf(picture.peak);
  double boundY = yOf(picture.lowerBound);
  double labelX = plotLeft + plotWidth + 6;
  os << "<line class=\"lower-bound\" x1=\"" << number(plotLeft) << "\" y1=\""
     << number(boundY) << "\" x2=\"" << number(plotLeft + plotWidth)
     << "\" y2=\"" << number(boundY) << "\"/>\n";
  os << "<line class=\"peak\" x1=\"" << number(plotLeft) << "\" y1=\""
     << number(peakY) << "\" x2=\"" << number(plotLeft + plotWidth)
     << "\" y2=\"" << number(peakY) << "\"/>\n";
  double boundLabelY = std::min(boundY + 4, peakY - 10);
  os << "<text class=\"peak-label\" x=\"" << number(labelX) << "\" y=\""
     << number(peakY + 4) << "\">peak " << formatHeapMapBytes(picture.peak)
     << "</text>\n";
  os << "<text class=\"lower-bound-label\" x=\"" << number(labelX) << "\" y=\""
     << number(boundLabelY) << "\">lower bound "
     << formatHeapMapBytes(picture.lowerBound) << "</text>\n";
  os << "</g>\n";
}

void writeHeapMapSvg(raw_ostream &os, ArrayRef<HeapMapPicture> pictures) {
  double height = std::max<size_t>(pictures.size(), 1) * pictureHeight;
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
     << number(canvasWidth) << "\" height=\"" << number(height)
     << "\" viewBox=\"0 0 " << number(canvasWidth) << " " << number(height)
     << "\" font-family=\"sans-serif\">\n";
  os << "<title>memplan heap map"
     << (pictures.size() == 1 ? ": " + escapeXml(pictures.front().title) : "")
     << "</title>\n";
  os << "<style>\n"
        "rect.plot { fill: #fbfbfb; stroke: #888; stroke-width: 1 }\n"
        "rect.band { fill: #eef2f7; stroke: #9aa7b8; stroke-width: 0.5 }\n"
        "rect.band.odd { fill: #dde4ee }\n"
        "rect.buffer { stroke: #202020; stroke-width: 0.35; "
        "stroke-opacity: 0.7 }\n"
        "rect.buffer:hover { stroke: #000; stroke-width: 1.5; "
        "stroke-opacity: 1 }\n"
        "line.grid { stroke: #ddd; stroke-width: 0.6 }\n"
        "line.peak { stroke: #c0001a; stroke-width: 1.6 }\n"
        "line.lower-bound { stroke: #0a6e1f; stroke-width: 1.6; "
        "stroke-dasharray: 6 4 }\n"
        "text { fill: #222 }\n"
        "text.heading { font-size: 17px; font-weight: bold }\n"
        "text.subheading { font-size: 12px; fill: #444 }\n"
        "text.tick { font-size: 11px; fill: #444 }\n"
        "text.axis { font-size: 12px; fill: #444 }\n"
        "text.name { font-size: 10px; fill: #111; pointer-events: none }\n"
        "text.peak-label { font-size: 12px; fill: #c0001a }\n"
        "text.lower-bound-label { font-size: 12px; fill: #0a6e1f }\n"
        "</style>\n";
  os << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  for (auto [index, picture] : enumerate(pictures))
    writePicture(os, picture, index * pictureHeight);
  os << "</svg>\n";
}

} // namespace memplan
