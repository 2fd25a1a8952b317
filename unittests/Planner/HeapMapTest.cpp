//===- HeapMapTest.cpp - The SVG heap-map writer --------------------------===//

#include "memplan/Tooling/HeapMap.h"

#include "PlannerTestUtils.h"

#include "memplan/Planner/Bounds.h"
#include "memplan/Tooling/ProblemGenerator.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace memplan;
using namespace llvm;

namespace {

/// One start tag: its name and attributes.
struct Element {
  std::string name;
  StringMap<std::string> attributes;
};

/// A small XML reader, enough for what the writer emits: checks that tags
/// nest, that attribute values are quoted and that every `&` starts an
/// entity. Returns the start tags in order; fails the test otherwise.
std::vector<Element> parseXml(StringRef text) {
  std::vector<Element> elements;
  std::vector<std::string> open;
  auto checkText = [&](StringRef chars) {
    for (size_t at = chars.find('&'); at != StringRef::npos;
         at = chars.find('&', at + 1)) {
      size_t semicolon = chars.find(';', at);
      EXPECT_NE(semicolon, StringRef::npos) << "bare & in " << chars.str();
      if (semicolon == StringRef::npos)
        return;
      StringRef entity = chars.slice(at + 1, semicolon);
      bool known = entity == "amp" || entity == "lt" || entity == "gt" ||
                   entity == "quot" || entity == "apos" ||
                   entity.starts_with("#");
      EXPECT_TRUE(known) << "unknown entity &" << entity.str() << ";";
    }
    EXPECT_EQ(chars.find('>'), StringRef::npos) << chars.str();
  };
  size_t pos = 0;
  while (true) {
    size_t lt = text.find('<', pos);
    checkText(text.slice(pos, lt));
    if (lt == StringRef::npos)
      break;
    size_t gt = text.find('>', lt);
    if (gt == StringRef::npos) {
      ADD_FAILURE() << "unterminated tag";
      break;
    }
    StringRef tag = text.slice(lt + 1, gt);
    pos = gt + 1;
    if (tag.starts_with("?"))
      continue;
    if (tag.starts_with("/")) {
      if (open.empty() || open.back() != tag.drop_front()) {
        ADD_FAILURE() << "unbalanced </" << tag.drop_front().str() << ">";
        break;
      }
      open.pop_back();
      continue;
    }
    bool selfClosing = tag.consume_back("/");
    Element element;
    auto [name, rest] = tag.split(' ');
    element.name = name.str();
    rest = rest.trim();
    while (!rest.empty()) {
      auto [key, afterKey] = rest.split("=\"");
      size_t quote = afterKey.find('"');
      if (quote == StringRef::npos) {
        ADD_FAILURE() << "unquoted attribute in <" << tag.str() << ">";
        return elements;
      }
      StringRef value = afterKey.take_front(quote);
      EXPECT_EQ(value.find('<'), StringRef::npos);
      checkText(value);
      element.attributes[key.trim()] = value.str();
      rest = afterKey.drop_front(quote + 1).trim();
    }
    if (!selfClosing)
      open.push_back(element.name);
    elements.push_back(std::move(element));
  }
  EXPECT_TRUE(open.empty())
      << "unclosed <" << (open.empty() ? "" : open.back()) << ">";
  return elements;
}

std::string render(ArrayRef<HeapMapPicture> pictures) {
  std::string svg;
  raw_string_ostream os(svg);
  writeHeapMapSvg(os, pictures);
  return svg;
}

std::vector<const Element *> withClass(const std::vector<Element> &elements,
                                       StringRef name, StringRef cls) {
  std::vector<const Element *> found;
  for (const Element &element : elements)
    if (element.name == name && element.attributes.lookup("class") == cls)
      found.push_back(&element);
  return found;
}

double attribute(const Element &element, StringRef key) {
  return std::strtod(element.attributes.lookup(key).c_str(), nullptr);
}

/// Three buffers: A [0, 2) 100 B at 0, B [1, 3) 50 B at 100, C [2, 4) 200 B
/// at 150. Peak 350; most live at once B + C = 250.
HeapMapPicture threeBuffers() {
  HeapMapPicture picture;
  picture.title = "three";
  picture.buffers = {makeBuffer(100, 0, 2), makeBuffer(50, 1, 3),
                     makeBuffer(200, 2, 4)};
  picture.offsets = {0, 100, 150};
  picture.peak = 350;
  picture.lowerBound = cantFail(computeLowerBound(picture.buffers));
  return picture;
}

TEST(HeapMapTest, FormatsBytesInBinaryUnits) {
  EXPECT_EQ(formatHeapMapBytes(0), "0 B");
  EXPECT_EQ(formatHeapMapBytes(1023), "1023 B");
  EXPECT_EQ(formatHeapMapBytes(1024), "1 KiB");
  EXPECT_EQ(formatHeapMapBytes(1536), "1.5 KiB");
  EXPECT_EQ(formatHeapMapBytes(3 * 1024 * 1024 + 1024 * 256), "3.25 MiB");
  EXPECT_EQ(formatHeapMapBytes(uint64_t(5) << 30), "5 GiB");
}

TEST(HeapMapTest, OneRectanglePerBufferWithItsTooltip) {
  HeapMapPicture picture = threeBuffers();
  std::string svg = render(picture);
  std::vector<Element> elements = parseXml(svg);
  EXPECT_EQ(withClass(elements, "rect", "buffer").size(), 3u);
  EXPECT_EQ(withClass(elements, "text", "heading").size(), 1u);
  EXPECT_NE(svg.find("buffer #1: 50 B (50 bytes), live [1, 3), offset 100"),
            std::string::npos);
  EXPECT_NE(svg.find(">3 buffers, peak 350 B (350 bytes), lower bound 250 B "
                     "(250 bytes), peak / lower bound 1.400</text>"),
            std::string::npos);
  EXPECT_NE(svg.find("<title>memplan heap map: three</title>"),
            std::string::npos);
}

TEST(HeapMapTest, RectanglesAndLinesAreWhereThePlanSays) {
  HeapMapPicture picture = threeBuffers();
  ASSERT_EQ(picture.lowerBound, 250u);
  std::vector<Element> elements = parseXml(render(picture));
  std::vector<const Element *> rects = withClass(elements, "rect", "buffer");
  ASSERT_EQ(rects.size(), 3u);
  // Addresses grow downwards and times to the right, on one scale each.
  double top = attribute(*rects[0], "y");
  double bottom = attribute(*rects[2], "y") + attribute(*rects[2], "height");
  double perByte = (bottom - top) / 350;
  EXPECT_NEAR(attribute(*rects[1], "y"), top + 100 * perByte, 0.1);
  EXPECT_NEAR(attribute(*rects[2], "y"), top + 150 * perByte, 0.1);
  double left = attribute(*rects[0], "x");
  double perStep = attribute(*rects[0], "width") / 2;
  EXPECT_NEAR(attribute(*rects[1], "x"), left + perStep, 0.1);
  EXPECT_NEAR(attribute(*rects[2], "x") + attribute(*rects[2], "width"),
              left + 4 * perStep, 0.1);

  std::vector<const Element *> peak = withClass(elements, "line", "peak");
  std::vector<const Element *> bound =
      withClass(elements, "line", "lower-bound");
  ASSERT_EQ(peak.size(), 1u);
  ASSERT_EQ(bound.size(), 1u);
  EXPECT_NEAR(attribute(*peak[0], "y1"), bottom, 0.1);
  EXPECT_NEAR(attribute(*bound[0], "y1"), top + 250 * perByte, 0.1);
  EXPECT_EQ(attribute(*bound[0], "y1"), attribute(*bound[0], "y2"));
  std::string svg = render(picture);
  EXPECT_NE(svg.find(">lower bound 250 B<"), std::string::npos);
  EXPECT_NE(svg.find(">peak 350 B<"), std::string::npos);
}

TEST(HeapMapTest, EscapesLabelsAndTitles) {
  HeapMapPicture picture = threeBuffers();
  picture.title = "@f<1> & \"g\"";
  picture.labels = {"loc(\"a.mlir\":1:2) memref<4xf32> & 'x'", "", ""};
  picture.names = {"a&b", "", ""};
  std::string svg = render(picture);
  parseXml(svg);
  EXPECT_NE(svg.find("loc(&quot;a.mlir&quot;:1:2) memref&lt;4xf32&gt; &amp; "
                     "&apos;x&apos;"),
            std::string::npos);
  EXPECT_NE(svg.find("@f&lt;1&gt; &amp; &quot;g&quot;"), std::string::npos);
  EXPECT_EQ(svg.find("memref<4xf32>"), std::string::npos);
  EXPECT_NE(svg.find(">a&amp;b</text>"), std::string::npos);
  EXPECT_NE(svg.find(">#1</text>"), std::string::npos);
  // Buffers without a label get the default one.
  EXPECT_NE(svg.find("buffer #2: 200 B"), std::string::npos);
}

TEST(HeapMapTest, NamesOnlyRectanglesLargeEnoughToHoldThem) {
  HeapMapPicture picture;
  picture.buffers = {makeBuffer(1, 0, 10), makeBuffer(1 << 20, 0, 10)};
  picture.offsets = {0, 16};
  picture.peak = (1 << 20) + 16;
  picture.lowerBound = picture.peak - 15;
  std::string svg = render(picture);
  EXPECT_EQ(withClass(parseXml(svg), "text", "name").size(), 1u);
  EXPECT_NE(svg.find(">#1</text>"), std::string::npos);
  EXPECT_EQ(svg.find(">#0</text>"), std::string::npos);
  EXPECT_NE(svg.find(">2 buffers, "), std::string::npos);
  picture.buffers.pop_back();
  EXPECT_NE(render(picture).find(">1 buffer, "), std::string::npos);
  // The tiny buffer is still drawn, thin.
  EXPECT_EQ(withClass(parseXml(svg), "rect", "buffer").size(), 2u);
}

TEST(HeapMapTest, ThousandsOfBuffersOnTheSameCanvas) {
  SmallVector<Buffer> buffers = generateProblem(2000, 1);
  HeapMapPicture picture;
  picture.buffers = buffers;
  uint64_t end = 0;
  for (const Buffer &buffer : buffers) {
    picture.offsets.push_back(end);
    end += buffer.size;
  }
  picture.peak = end;
  picture.lowerBound = cantFail(computeLowerBound(buffers));
  std::vector<Element> elements = parseXml(render(picture));
  EXPECT_EQ(withClass(elements, "rect", "buffer").size(), 2000u);
  ASSERT_EQ(elements.front().name, "svg");
  EXPECT_EQ(elements.front().attributes.lookup("width"), "1200");
  // Neighbours in index order differ in colour.
  std::vector<const Element *> rects = withClass(elements, "rect", "buffer");
  for (size_t i = 1; i < rects.size(); ++i)
    EXPECT_NE(rects[i]->attributes.lookup("fill"),
              rects[i - 1]->attributes.lookup("fill"));
  // Ticks stay few however large the problem is.
  EXPECT_LE(withClass(elements, "text", "tick").size(), 22u);
}

TEST(HeapMapTest, PicturesStackWithHeadings) {
  HeapMapPicture first = threeBuffers(), second = threeBuffers();
  second.title = "second";
  std::vector<Element> elements = parseXml(render({first, second}));
  EXPECT_EQ(withClass(elements, "g", "picture").size(), 2u);
  std::vector<const Element *> headings =
      withClass(elements, "text", "heading");
  ASSERT_EQ(headings.size(), 2u);
  EXPECT_GT(attribute(*headings[1], "y"), attribute(*headings[0], "y") + 480);
  EXPECT_EQ(withClass(elements, "rect", "buffer").size(), 6u);
}

TEST(HeapMapTest, EmptyPictureIsStillAPicture) {
  HeapMapPicture picture;
  picture.title = "nothing";
  std::vector<Element> elements = parseXml(render(picture));
  EXPECT_EQ(withClass(elements, "rect", "buffer").size(), 0u);
  EXPECT_EQ(withClass(elements, "line", "peak").size(), 1u);
  parseXml(render({}));
}

TEST(HeapMapTest, ObjectsAreBandsStackedBySize) {
  SmallVector<Buffer> buffers = {makeBuffer(32, 0, 3), makeBuffer(16, 1, 2),
                                 makeBuffer(48, 2, 5)};
  HeapMapPicture picture = makeObjectsHeapMap(buffers, {1, 0, 0}, {48, 32}, 80);
  EXPECT_EQ(picture.peak, 80u);
  EXPECT_EQ(picture.offsets, (SmallVector<uint64_t>{48, 0, 0}));
  ASSERT_EQ(picture.bands.size(), 2u);
  EXPECT_EQ(picture.bands[1].offset, 48u);
  EXPECT_EQ(picture.bands[1].size, 32u);
  std::string svg = render(picture);
  std::vector<Element> elements = parseXml(svg);
  EXPECT_EQ(withClass(elements, "rect", "band").size(), 1u);
  EXPECT_EQ(withClass(elements, "rect", "band odd").size(), 1u);
  EXPECT_EQ(withClass(elements, "rect", "buffer").size(), 3u);
  EXPECT_NE(svg.find("<title>object 1: 32 B (32 bytes)</title>"),
            std::string::npos);
}

} // namespace
